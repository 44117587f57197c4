//! The end audit's replay (docs/FAIR-DEAL.md, section 9, step 3): a page runs a referee of
//! its own from the public stream it took, and checks that every event the host's referee
//! sent is the one the rules make.
//!
//! What "the same" means. The fair mode's events do not depend on a hidden card except
//! where a seat's answer decides (section 4: the stand-ins never show), and every card
//! that turns face up comes from its reveal record. So the page's referee needs no card
//! and no seed: it takes the stream's records, signed answers and departures as they came,
//! and each decision that reads no card from the event that shows it (an action from its
//! `Declared`, a window's answers from how the window closed, the examiner's choice). The
//! events it makes must be the ones sent, in order. A challenge is resolved by the seat's
//! answer, not by the card: a false answer is the seat's fault (steps 2 and 4 name it), and
//! the replay does not name the host for it.

use crate::engine::{Event, Input, Options, Pending, Seat, WindowKind};

use super::game::{FairReferee, Public, Step, Tracker};

/// Replays the referee of a game of `players` under `options` on `stream` (every item a
/// page took, in order). `Ok` with the number of events when every event sent is the one
/// the rules make of the public inputs, answers and records; else `Err` with the index
/// (among the stream's events) of the first that is not: a missing event, an extra one,
/// or another.
pub(crate) fn replay(
    table: [u8; 32],
    game_no: u32,
    players: usize,
    options: Options,
    stream: &[&Public],
) -> Result<usize, usize> {
    let sent: Vec<Event> = stream
        .iter()
        .filter_map(|item| match item {
            Public::Event(e) => Some(*e),
            _ => None,
        })
        .collect();
    // The starting player (R2.4) is the referee's draw: the seat of the first decision.
    let first = sent.iter().find_map(|e| match *e {
        Event::Declared { seat, .. } | Event::AllegianceChosen { seat, .. } => Some(seat),
        _ => None,
    });
    // The stand-ins' seed is the host's and shows in no event: any seed replays the same.
    let mut referee =
        FairReferee::new(table, game_no, players, options, first, 0).map_err(|_| 0usize)?;
    // Every record of the stream is one the page's own ledger checked as it came.
    referee.take_checked();
    // Items of the stream before `j` are fed (or, for events, made); `m` events are made.
    let mut j = Cursor::default();
    let mut m = 0usize;
    for _ in 0..stream.len().saturating_mul(4).saturating_add(64) {
        let step = referee.step().map_err(|_| m)?;
        for item in referee.take_public() {
            match item {
                Public::Event(e) => {
                    if sent.get(m) != Some(&e) {
                        return Err(m);
                    }
                    m += 1;
                }
                // A departed seat's answer, given by the referee itself from its public
                // cards (section 6): the stream holds the same answer at this point.
                Public::Answer(a) => {
                    j.skip_made(stream, m);
                    match stream.get(j.at) {
                        Some(Public::Answer(b)) if b.seat == a.seat && b.answer == a.answer => {
                            j.at += 1
                        }
                        _ => return Err(m),
                    }
                }
                Public::Record(_) | Public::Left(_) => {}
            }
        }
        j.skip_made(stream, m);
        if step == Step::Over {
            return if m == sent.len() { Ok(m) } else { Err(m) };
        }
        let fed = match stream.get(j.at) {
            // The stream stops where the rules go on.
            None => return Err(m),
            Some(Public::Event(_)) => {
                let Step::Decide(_) = step else {
                    // The referee waits for a record or an answer, and an event came.
                    return Err(m);
                };
                let (seat, input) = decision(&referee, &sent[m..]).ok_or(m)?;
                referee.input(seat.0, input)
            }
            Some(Public::Record(r)) => referee.record(r),
            Some(Public::Answer(a)) => referee.answer(a.clone()),
            Some(Public::Left(s)) => referee.leave(*s),
        };
        fed.map_err(|_| m)?;
        // Its echo of what it was fed is the stream's own item.
        referee.take_public();
        if !matches!(stream.get(j.at), Some(Public::Event(_))) {
            j.at += 1;
        }
    }
    Err(m)
}

/// A place in the stream: the next item, and how many events come before it.
#[derive(Default)]
struct Cursor {
    at: usize,
    events: usize,
}

impl Cursor {
    /// Moves past the events already made.
    fn skip_made(&mut self, stream: &[&Public], made: usize) {
        while self.events < made && matches!(stream.get(self.at), Some(Public::Event(_))) {
            self.events += 1;
            self.at += 1;
        }
    }
}

/// The decision that reads no card and that the next events sent show: the input, and
/// its seat. `None` when they show none the pending decision allows.
fn decision(referee: &FairReferee, next: &[Event]) -> Option<(Seat, Input)> {
    let game = referee.game();
    match (*game.pending(), *next.first()?) {
        (Pending::Action { .. }, Event::Declared { seat, action, .. }) => {
            Some((seat, Input::Act(action)))
        }
        (Pending::ChooseAllegiance { .. }, Event::AllegianceChosen { seat, allegiance }) => {
            Some((seat, Input::Allegiance(allegiance)))
        }
        (Pending::ExamineDecide { .. }, Event::GaveBack { seat, .. }) => {
            Some((seat, Input::GiveBack))
        }
        (Pending::ExamineDecide { .. }, Event::ForcedExchange { seat, .. }) => {
            Some((seat, Input::ForceExchange))
        }
        (Pending::Respond { window }, Event::Answered { seat, .. }) => {
            // Answers are sealed (R5): what counts shows when the window closes, once
            // every seat asked has answered. The first clockwise of each answer counts, so
            // the one named is the one that gave it; the others' answers lapse whatever
            // they were, and a pass gives the same events.
            let close = next
                .iter()
                .skip_while(|e| matches!(e, Event::Answered { .. }))
                .take(2);
            let mut input = Input::Pass;
            for e in close {
                match (*e, window.kind) {
                    (Event::EarlyBlock { seat: s, card }, WindowKind::Challenge)
                    | (Event::BlockDeclared { seat: s, card }, WindowKind::Block)
                        if s == seat =>
                    {
                        input = Input::Block(card);
                    }
                    (Event::Challenged { challenger, .. }, WindowKind::Challenge)
                    | (Event::Challenged { challenger, .. }, WindowKind::BlockChallenge)
                        if challenger == seat =>
                    {
                        input = Input::Challenge;
                    }
                    _ => {}
                }
            }
            Some((seat, input))
        }
        _ => None,
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
