//! Every page's replica of the referee (docs/FAIR-DEAL.md, section 9): the same
//! [`FairReferee`] the host runs, fed the public stream as it arrives, so that a page takes
//! an event only when the rules make it, before its own table asks the page for anything.
//!
//! What "the same" means. The fair mode's events do not depend on a hidden card except
//! where a seat's answer decides (section 4: the stand-ins never show), and every card
//! that turns face up comes from its reveal record. So the replica needs no card and no
//! seed: it takes the stream's records, signed answers, signed decisions and departures as
//! they come (a window's decisions come sealed, when it closes, R5; its answers show
//! before as `Answered` events, which wait for them). The events it makes must be the ones
//! sent, in order. A challenge is resolved by the seat's
//! answer, not by the card: a false answer is the seat's fault (the end audit's steps 2
//! and 4 name it), and the replica does not name the host for it.
//!
//! The end audit's replay (section 9, step 3) is the same replica, run on the whole stream
//! a page took.

use std::collections::VecDeque;

use crate::engine::{Event, Options, Pending, Seat};

use super::game::{FairError, FairReferee, Public, Step, Tracker};

/// A page's referee, fed the stream as it comes.
#[derive(Clone, Debug)]
pub struct Replica {
    referee: FairReferee,
    /// Items of the stream taken and not yet accounted for: a window's `Answered` events,
    /// whose decisions come sealed when it closes (R5), and what follows them.
    queue: VecDeque<Public>,
    /// Items the referee made (events, a departed seat's answers) that the stream has not
    /// sent yet.
    made: VecDeque<Public>,
    /// The events of the stream matched so far.
    events: usize,
    /// Whether the starting seat (R2.4) is known: the host's word, from its log.
    first: bool,
    /// A seat's deviation the referee cannot play past (a "cannot prove" its next loss
    /// shows false, a Duke shown against Embezzlement): found by this page's own referee,
    /// as the host's found it. The game stops there.
    fault: Option<FairError>,
}

impl Replica {
    /// The replica of game `game_no` of `players` under `options` at table `table`.
    /// `first` is the starting seat (R2.4) when known; else [`Replica::set_first`] says it
    /// before the first decision.
    pub fn new(
        table: [u8; 32],
        game_no: u32,
        players: usize,
        options: Options,
        first: Option<Seat>,
    ) -> Option<Replica> {
        // The stand-ins' seed is the host's and shows in no event: any seed replays the same.
        let referee = FairReferee::new(table, game_no, players, options, first, 0).ok()?;
        Some(Replica {
            referee,
            queue: VecDeque::new(),
            made: VecDeque::new(),
            events: 0,
            first: first.is_some(),
            fault: None,
        })
    }

    /// The starting seat (R2.4), as the host's log says it: only before the first decision.
    pub fn set_first(&mut self, seat: Seat) -> Result<(), FairError> {
        self.referee.set_first(seat)?;
        self.first = true;
        Ok(())
    }

    /// The replica's referee: its game (on stand-ins) and its tracker.
    pub fn referee(&self) -> &FairReferee {
        &self.referee
    }

    pub fn tracker(&self) -> &Tracker {
        self.referee.tracker()
    }

    /// The replica's tracker, for what the page's own seat adds to it (its checkpoint).
    pub(crate) fn tracker_mut(&mut self) -> &mut Tracker {
        self.referee.tracker_mut()
    }

    /// The seat's deviation that stopped the game, as this page's own referee found it.
    pub fn fault(&self) -> Option<FairError> {
        self.fault
    }

    /// Whether everything the rules made so far is in the stream taken: a page discloses
    /// nothing while the host owes it an event its own referee made.
    pub fn in_step(&self) -> bool {
        self.made.is_empty()
    }

    /// Whether the game is over and every record of its end is in.
    pub fn is_over(&self) -> bool {
        self.made.is_empty()
            && self.queue.is_empty()
            && self.referee.clone().step().ok() == Some(Step::Over)
    }

    /// A referee for the end audit's replay: fed only the stream a page's tracker took,
    /// whose records that page's ledger checked already.
    fn take_checked(&mut self) {
        self.referee.take_checked();
    }

    /// Takes one item of the stream. An event the rules do not make now, or an item where
    /// the rules make another, is refused (`NotTheRules`, naming the host, which runs the
    /// referee): the replica is then not to be used again.
    pub fn take(&mut self, item: &Public) -> Result<(), FairError> {
        self.queue.push_back(item.clone());
        self.advance()
    }

    /// Matches what the referee made against the stream queued, and runs the referee on
    /// as far as the stream takes it.
    fn advance(&mut self) -> Result<(), FairError> {
        let refuted = |events| FairError::NotTheRules(events);
        loop {
            // What the referee made must come next in the stream.
            while let (Some(made), Some(sent)) = (self.made.front(), self.queue.front()) {
                if made != sent {
                    return Err(refuted(self.events));
                }
                if matches!(sent, Public::Event(_)) {
                    self.events += 1;
                }
                self.made.pop_front();
                self.queue.pop_front();
            }
            if !self.made.is_empty() {
                return Ok(());
            }
            if self.fault.is_some() {
                // The game stopped at a seat's deviation: nothing after it is played.
                return Ok(());
            }
            // The referee runs on as far as the stream so far takes it, even with nothing
            // queued: what it makes next is what the stream must send next.
            let step = match self.referee.step() {
                Ok(step) => step,
                Err(e @ (FairError::FalseDenial(_) | FairError::RevealedDuke(_))) => {
                    self.fault = Some(e);
                    return Ok(());
                }
                Err(_) => return Err(refuted(self.events)),
            };
            self.made.extend(self.referee.take_public());
            if !self.made.is_empty() {
                continue;
            }
            let Some(next) = self.queue.front() else {
                return Ok(());
            };
            let fed = match next {
                Public::Event(e) => {
                    // Only a window's answer shows as an event before its decision, which
                    // comes when the window closes (R5).
                    let (Step::Decide(_), Pending::Respond { .. }, Event::Answered { seat, .. }) =
                        (step, self.referee.game().pending(), e)
                    else {
                        return Err(refuted(self.events));
                    };
                    let Some(d) = self.queue.iter().find_map(|i| match i {
                        Public::Decision(d) if d.seat == *seat => Some(d.clone()),
                        _ => None,
                    }) else {
                        // The window is open: only its answers come before its decisions.
                        let open = self.queue.iter().all(|i| {
                            !matches!(i, Public::Event(e) if !matches!(e, Event::Answered { .. }))
                        });
                        return if open {
                            Ok(())
                        } else {
                            Err(refuted(self.events))
                        };
                    };
                    if !self.first {
                        return Err(refuted(self.events));
                    }
                    // Sealed by the referee: it relays it at the close, where the stream
                    // has it.
                    self.referee.decide(d)?;
                    continue;
                }
                _ if step == Step::Over => return Err(refuted(self.events)),
                Public::Decision(_) if !self.first => return Err(refuted(self.events)),
                Public::Decision(d) => self.referee.decide(d.clone()),
                Public::Record(r) => self.referee.record(r),
                Public::Answer(a) => self.referee.answer(a.clone()),
                Public::Left(s) => self.referee.leave(*s),
            };
            // A record, an answer or a departure the referee refuses is the seat's or the
            // host's, as the referee says; an event that does not follow is the host's.
            fed?;
            // Its echo of what it was fed is the stream's own item.
            self.referee.take_public();
            self.queue.pop_front();
        }
    }
}

/// Replays the referee of a game of `players` under `options` on `stream` (every item a
/// page took, in order). `Ok` with the number of events when every event sent is the one
/// the rules make of the public inputs, answers and records, and the stream ends where the
/// rules do; else `Err` with the index (among the stream's events) of the first that is
/// not: a missing event, an extra one, or another.
pub(crate) fn replay(
    table: [u8; 32],
    game_no: u32,
    players: usize,
    options: Options,
    stream: &[&Public],
) -> Result<usize, usize> {
    // The starting player (R2.4): the seat of the first decision.
    let first = stream.iter().find_map(|item| match item {
        Public::Event(Event::Declared { seat, .. } | Event::AllegianceChosen { seat, .. }) => {
            Some(*seat)
        }
        _ => None,
    });
    let mut replica = Replica::new(table, game_no, players, options, first).ok_or(0usize)?;
    replica.first = true;
    // Every record of the stream is one the page's own ledger checked as it came.
    replica.take_checked();
    for item in stream {
        replica.take(item).map_err(|_| replica.events)?;
    }
    if replica.is_over() {
        Ok(replica.events)
    } else {
        Err(replica.events)
    }
}

impl Tracker {
    /// Section 9, step 3: replays the referee from the stream taken. `Ok` with the number
    /// of events when every event sent is the one the rules make of the public decisions,
    /// answers and records; `Err` with the index of the first that is not. Run once for a
    /// stream (the answer is kept), and meant for the end, when every record is in.
    pub fn replay(&self, players: usize) -> Result<usize, usize> {
        let len = self.stream.len();
        if let Some((at, outcome)) = self.replayed.get()
            && *at == len
        {
            return *outcome;
        }
        let items: Vec<&Public> = self.stream.iter().map(|i| &**i).collect();
        let outcome = replay(self.id, self.game, players, self.options, &items);
        // Kept only for the stream it was run on; a longer one runs again.
        let _ = self.replayed.set((len, outcome));
        outcome
    }
}
