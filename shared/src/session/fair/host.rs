//! A fair room (docs/FAIR-DEAL.md): the host runs [`FairReferee`] instead of the normal
//! game. The referee holds no secret and no hidden card: its engine runs on stand-ins, and
//! the seats' pages deal, shuffle and open the cards with records the host only relays.
//!
//! What the host keeps of a fair game is public: the stand-ins' seed and every call the
//! referee took (the seats' records and signed answers, the inputs), from which a restore
//! rebuilds it. No seat's secret is in the host's state, its own player's included: that
//! one's page is a guest like any other (`Guest`'s fair seat, on the local link).
//!
//! The host reaches the referee only through [`FairEngine`], made by the
//! [`FairMaker`](crate::session::fair::engine::FairMaker) it
//! was given ([`Host::set_fair_maker`]): every check of a shuffle, a proof or a signature
//! is behind it, so a build can leave that code out of what a host loads until its table
//! deals fairly (the referee's worker fetches it when the host turns the fair deal on). A
//! host without a maker plays every other table as before and refuses to deal fairly.

use rand::RngCore;

use super::game::{Call, FairGame};
use crate::engine::{Input, Pending, Seat};
use crate::fair::{FairError, Fault, FaultKind, Question, Step};
use crate::session::base64url;
use crate::session::fair::engine::{FairEngine, FairStart, Published, Refused, read_decision};
use crate::session::host::play::Play;
use crate::session::host::{Host, Outgoing, RestoreError, Slot, Stored};
use crate::session::protocol::{FairAsk, MemberId, Note, Phase, Refusal, TableError};

fn refusal(seat: Option<Seat>, e: impl std::fmt::Display) -> Refusal {
    Refusal::Fair {
        seat,
        reason: e.to_string(),
    }
}

fn fair_refusal(e: FairError) -> Refusal {
    match e {
        FairError::Input(_, e) => Refusal::from(e),
        FairError::Record(f) => refusal(Some(f.seat), f),
        FairError::BadAnswer(s)
        | FairError::Forged(s)
        | FairError::CardInput(s)
        | FairError::BadDecision(s)
        | FairError::FalseDenial(s)
        | FairError::RevealedDuke(s) => refusal(Some(s), e),
        FairError::Unsettled
        | FairError::Stream
        | FairError::NotTheRules(_)
        | FairError::TwoGames(_) => refusal(None, e),
    }
}

/// Whether `e`, refused from `seat`'s own link, proves that seat's page deviates: a
/// check that failed on what it signed or proved. Only its own page holds its secret, so
/// nobody else can have made it.
fn deviates(e: &FairError, seat: Seat) -> bool {
    match e {
        FairError::Record(f) => {
            f.seat == seat
                && matches!(
                    f.kind,
                    FaultKind::BadKey
                        | FaultKind::BadSignature
                        | FaultKind::BadShuffle
                        | FaultKind::BadShare
                        | FaultKind::BadSeal
                        | FaultKind::FalseClaim
                        | FaultKind::WrongSecret
                        | FaultKind::BadEscrow
                        | FaultKind::FalseComplaint
                )
        }
        FairError::Forged(s) => *s == seat,
        _ => false,
    }
}

impl Host {
    /// The fair game in progress or just over.
    pub(crate) fn fair_game(&self) -> Option<&FairGame> {
        self.play.as_ref()?.fair()
    }

    fn fair_game_mut(&mut self) -> Option<&mut FairGame> {
        self.play.as_mut()?.fair_mut()
    }

    /// Deals a fair game (R2.1, or R2.5's draft): every seat a person (section 7).
    pub(crate) fn fair_deal(&mut self, first: Seat) -> Result<FairGame, TableError> {
        self.check_fair_seats()?;
        // An open seat would be dealt to a bot.
        if self.seats.contains(&Slot::Open) {
            return Err(TableError::FairNeedsPeople);
        }
        let make = self.fair_maker.ok_or(TableError::FairUnavailable)?;
        let seed = self.rng.next_u64();
        let referee = make(FairStart {
            table: self.table_id.0,
            game_no: self.game_no + 1,
            players: self.seats.len(),
            options: self.options,
            first: Some(first),
            seed,
        })
        .map_err(TableError::Deal)?;
        Ok(FairGame {
            seed,
            first,
            calls: Vec::new(),
            referee: Some(referee),
            step: None,
            owing: Vec::new(),
        })
    }

    /// A fair deal seats people only, at least two (section 7).
    pub(crate) fn check_fair_seats(&self) -> Result<(), TableError> {
        if self.seats.iter().any(|s| matches!(s, Slot::Bot { .. })) {
            return Err(TableError::FairNoBots);
        }
        let people = self
            .seats
            .iter()
            .filter(|s| matches!(s, Slot::Person { .. }))
            .count();
        if people < 2 {
            return Err(TableError::FairNeedsPeople);
        }
        Ok(())
    }

    /// Rebuilds the referee of a restored fair game from its calls.
    pub(crate) fn replay_fair(&mut self) -> Result<(), RestoreError> {
        let Some(fg) = self.play.as_mut().and_then(Play::fair_mut) else {
            return Ok(());
        };
        let make = self.fair_maker.ok_or(RestoreError::FairUnavailable)?;
        let bad = RestoreError::Inconsistent("fair game");
        let mut referee = make(FairStart {
            table: self.table_id.0,
            game_no: self.game_no,
            players: self.seats.len(),
            options: self.options,
            first: Some(fg.first),
            seed: fg.seed,
        })
        .map_err(|_| RestoreError::Inconsistent("fair game"))?;
        let mut step = referee
            .step()
            .map_err(|_| RestoreError::Inconsistent("fair game"))?;
        for call in &fg.calls {
            let taken = match call {
                Call::Record(text) => {
                    base64url::decode(text).is_some_and(|b| referee.record(None, &b).is_ok())
                }
                Call::Decision {
                    seat,
                    input,
                    signature,
                } => read_decision(*seat, *input, signature.as_deref())
                    .is_some_and(|d| referee.decide(d).is_ok()),
                Call::Answer(text) => {
                    base64url::decode(text).is_some_and(|b| referee.answer(None, &b).is_ok())
                }
                Call::Leave(seat) => referee.leave(*seat).is_ok(),
                // Put back before any replay (`Host::put_back_relayed`).
                Call::Logged(_) => false,
            };
            if !taken {
                return Err(bad);
            }
            step = referee
                .step()
                .map_err(|_| RestoreError::Inconsistent("fair game"))?;
        }
        referee.take_public();
        fg.referee = Some(referee);
        fg.step = Some(step);
        Ok(())
    }

    /// The seat of member `id` in the fair game now being played or just over.
    fn fair_seat_of(&self, id: MemberId, game_no: u32) -> Result<Seat, Refusal> {
        if self.fair_game().is_none() {
            return Err(Refusal::NoGame);
        }
        let seat = self
            .member(id)
            .and_then(|m| m.seat)
            .ok_or(Refusal::NotSeated)?;
        if game_no != self.game_no {
            return Err(refusal(Some(seat), "the message is for another game"));
        }
        Ok(seat)
    }

    /// A seat's record (docs/FAIR-DEAL.md, section 3): only its own seat's, checked by
    /// the referee's table before it is relayed.
    pub(crate) fn fair_record(
        &mut self,
        id: MemberId,
        game_no: u32,
        text: String,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let seat = self.fair_seat_of(id, game_no)?;
        let bytes = base64url::decode(&text)
            .ok_or_else(|| refusal(Some(seat), "the record is not base64url"))?;
        let taken = self.fair_referee_mut()?.record(Some(seat), &bytes);
        self.fair_refused(seat, taken, now, out)?;
        self.fair_taken(Call::Record(text), now, out);
        self.fair_proven(now, out);
        Ok(())
    }

    /// A check proved a seat's escrow false (docs/FAIR-DEAL.md, section 6): its dealer
    /// deviated, and forfeits as one whose record failed. The game cannot go on without
    /// a seat whose escrow does not open: it ends.
    fn fair_proven(&mut self, now: u64, out: &mut Vec<Outgoing>) {
        let Some(referee) = self.fair_game().and_then(|fg| fg.referee.as_deref()) else {
            return;
        };
        let proven: Vec<Fault> = referee.referee().table().ledger().proven_faults().to_vec();
        for fault in proven {
            let seat = fault.seat;
            if !self.fair_has_left(seat) {
                let e = FairError::Record(fault);
                self.fair_forfeit(seat, &e, now, out);
            }
        }
    }

    /// A seat's signed answer: only its own seat's.
    pub(crate) fn fair_answer(
        &mut self,
        id: MemberId,
        game_no: u32,
        text: String,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let seat = self.fair_seat_of(id, game_no)?;
        let bytes = base64url::decode(&text)
            .ok_or_else(|| refusal(Some(seat), "the answer is not base64url"))?;
        let taken = self.fair_referee_mut()?.answer(Some(seat), &bytes);
        self.fair_refused(seat, taken, now, out)?;
        self.step += 1;
        self.fair_taken(Call::Answer(text), now, out);
        Ok(())
    }

    /// A decision that reads no card, for `seat`: from its page, signed; or, unsigned,
    /// the host's card-blind default when its time runs out or it is gone (section 6).
    /// A decision whose signature does not check is refused, not held against the seat:
    /// an honest page can sign for a decision the table has just moved past.
    pub(crate) fn fair_input(
        &mut self,
        seat: Seat,
        input: Input,
        signature: Option<String>,
        now: u64,
    ) -> Result<(), Refusal> {
        let d = read_decision(seat, input, signature.as_deref())
            .ok_or_else(|| refusal(Some(seat), "the decision's signature is not readable"))?;
        let referee = self.fair_referee_mut()?;
        referee.decide(d).map_err(fair_refusal)?;
        self.step += 1;
        let before = self.game_ref().map(|g| *g.pending());
        if let Some(fg) = self.fair_game_mut() {
            fg.calls.push(Call::Decision {
                seat,
                input,
                signature,
            });
        }
        self.fair_run(before, now);
        Ok(())
    }

    fn fair_referee_mut(&mut self) -> Result<&mut (dyn FairEngine + 'static), Refusal> {
        self.fair_game_mut()
            .and_then(|fg| fg.referee.as_deref_mut())
            .ok_or(Refusal::NoGame)
    }

    /// What `seat` sent was `taken`, or refused: a refusal that proves its page deviates
    /// makes it forfeit ([`Host::fair_forfeit`]).
    fn fair_refused(
        &mut self,
        seat: Seat,
        taken: Result<(), Refused>,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        match taken {
            Ok(()) => Ok(()),
            Err(Refused::Unreadable(e)) => Err(refusal(Some(seat), e)),
            Err(Refused::NotYourSeat(asked)) => Err(Refusal::NotYourSeat { asked, yours: seat }),
            Err(Refused::Fair(e)) => {
                self.fair_forfeit(seat, &e, now, out);
                Err(fair_refusal(e))
            }
        }
    }

    fn fair_taken(&mut self, call: Call, now: u64, out: &mut Vec<Outgoing>) {
        let before = self.game_ref().map(|g| *g.pending());
        let phase = self.phase;
        if let Some(fg) = self.fair_game_mut() {
            fg.calls.push(call);
        }
        self.fair_run(before, now);
        self.flush(now, self.phase != phase, true, out);
    }

    /// Runs the referee on until it waits, and logs what it published, in order.
    pub(crate) fn fair_run(&mut self, before: Option<Pending>, now: u64) {
        let game_no = self.game_no;
        let Some(fg) = self.fair_game_mut() else {
            return;
        };
        let Some(referee) = fg.referee.as_mut() else {
            return;
        };
        let result = referee.step();
        let public = referee.take_public();
        if let Ok(step) = result {
            fg.step = Some(step);
            // Who owes a record or an answer now, since when.
            let owes: Vec<Seat> = match step {
                Step::Records => referee
                    .referee()
                    .table()
                    .due()
                    .iter()
                    .map(|(s, _)| *s)
                    .collect(),
                Step::Ask { seat, .. } => vec![seat],
                Step::Decide(owing) => owing.iter().filter(|&s| referee.wants_answer(s)).collect(),
                Step::Over => Vec::new(),
            };
            fg.owing.retain(|(s, _)| owes.contains(s));
            for s in owes {
                if !fg.owing.iter().any(|(o, _)| *o == s) {
                    fg.owing.push((s, now));
                }
            }
        }
        for item in public {
            let stored = match item {
                Published::Event(event) => Stored::Event { game_no, event },
                Published::Record(record) => Stored::Fair { game_no, record },
                Published::Answer(answer) => Stored::FairAnswer { game_no, answer },
                Published::Left(seat) => Stored::Note {
                    note: Note::FairLeft {
                        game_no,
                        seat,
                        goes_on: true,
                    },
                },
                Published::Decision(d) => Stored::FairDecision {
                    game_no,
                    seat: d.seat,
                    input: d.input,
                    signature: d.signature_bytes().map(|b| base64url::encode(&b)),
                },
            };
            self.push_log(stored);
        }
        match result {
            // Once the game is over only the secrets come (R11.3): the end is settled.
            Ok(_) if self.phase == Phase::Playing => self.settle(before, now),
            Ok(_) => {}
            Err(e) => self.fair_stop(e),
        }
    }

    /// When a present seat that owes a record or an answer stalls the table: as long as
    /// an absent person's grace period after it began to owe it.
    pub(crate) fn fair_stall_deadline(&self) -> Option<u64> {
        let fg = self.fair_game()?;
        fg.owing
            .iter()
            .filter(|(s, _)| self.fair_present(*s))
            .map(|(_, since)| since.saturating_add(self.timers.grace_ms))
            .min()
    }

    /// Whether `seat`'s person is at the table (its link open) and has not left the fair
    /// game: an absent one has its own grace period.
    fn fair_present(&self, seat: Seat) -> bool {
        let present = match self.seats.get(seat.index()) {
            Some(Slot::Person { member }) => {
                self.member(*member).is_some_and(|m| m.away_since.is_none())
            }
            _ => false,
        };
        present && !self.fair_has_left(seat)
    }

    /// The present seats that have owed a record or an answer for the grace period by
    /// `now` forfeit (section 6): a page that sends nothing cannot stall the table.
    pub(crate) fn fair_stalled(&mut self, now: u64) -> bool {
        let Some(fg) = self.fair_game() else {
            return false;
        };
        let grace = self.timers.grace_ms;
        let stalled: Vec<Seat> = fg
            .owing
            .iter()
            .filter(|(_, since)| since.saturating_add(grace) <= now)
            .map(|(s, _)| *s)
            .filter(|&s| self.fair_present(s))
            .collect();
        if stalled.is_empty() {
            return false;
        }
        for &seat in &stalled {
            self.push_log(Stored::Note {
                note: Note::FairStalled {
                    game_no: self.game_no,
                    seat,
                },
            });
            self.fair_stop_waiting(seat);
        }
        self.fair_depart(&stalled, now);
        if let Some(fg) = self.fair_game_mut() {
            fg.owing.retain(|(s, _)| !stalled.contains(s));
        }
        true
    }

    /// Whether the fair game is over and still waits for records: the secrets (R11.3).
    pub(crate) fn fair_secrets_due(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. })
            && self
                .fair_game()
                .and_then(|fg| fg.referee.as_deref())
                .is_some_and(|r| !r.is_settled())
    }

    /// Whether `seat` left the fair game in progress for good.
    pub(crate) fn fair_has_left(&self, seat: Seat) -> bool {
        self.fair_game().is_some_and(|fg| {
            fg.calls
                .iter()
                .any(|c| matches!(c, Call::Leave(s) if *s == seat))
        })
    }

    /// `seat`'s person left the fair game for good: away past its grace period, or
    /// removed (docs/FAIR-DEAL.md, section 6). The seat forfeits: the others release its
    /// escrowed secret, its cards open to all, what it owes is given for it from them
    /// (card-blind decisions, its answers from its now public cards) and at the next
    /// turn it is out. When the game cannot go on without them (two seats, another
    /// departure under way, or several at once) the game ends: the one other player still
    /// in wins (section 6, R9.5), and with more than one nobody does.
    pub(crate) fn fair_depart(&mut self, seats: &[Seat], now: u64) {
        let seats: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|&s| !self.fair_has_left(s))
            .collect();
        // Over, the game may still wait for a departed seat's secret: its escrow gives it.
        let over = self.fair_secrets_due();
        if !(self.phase == Phase::Playing || over) || seats.is_empty() {
            return;
        }
        let before = self.game_ref().map(|g| *g.pending());
        let Some(fg) = self.fair_game_mut() else {
            return;
        };
        let Some(referee) = fg.referee.as_mut() else {
            return;
        };
        if let [seat] = seats[..]
            && referee.leave(seat).is_ok()
        {
            fg.calls.push(Call::Leave(seat));
            self.fair_run(before, now);
            return;
        }
        // A result stands: what cannot be rebuilt after the end stays closed, unaudited.
        if over {
            return;
        }
        for &seat in &seats {
            self.push_log(Stored::Note {
                note: Note::FairLeft {
                    game_no: self.game_no,
                    seat,
                    goes_on: false,
                },
            });
        }
        // As R9.5 would have it once the seats are out: the one player left in wins (a
        // seat that left before, not yet out, is not in).
        let winner = self.game_ref().and_then(|g| {
            let mut others = Seat::all(g.players())
                .filter(|&s| !seats.contains(&s) && g.alive(s) && !self.fair_has_left(s));
            match (others.next(), others.next()) {
                (Some(w), None) => Some(w),
                _ => None,
            }
        });
        self.fair_put_away(winner);
    }

    /// `seat`'s own page sent what the referee refused with `e`. When `e` proves the page
    /// deviates (a record whose proof, share, shuffle or signature is false, or an answer
    /// not signed as it reads), the seat forfeits as one that left for good
    /// (docs/FAIR-DEAL.md, sections 1 and 6): an honest page never sends one, and a page
    /// that keeps sending them would otherwise hold the table up for ever, since a present
    /// seat's record is waited for with no timer. A replay, or a record that is stale or
    /// out of order, may be an honest page's resend after a reload: only refused.
    fn fair_forfeit(&mut self, seat: Seat, e: &FairError, now: u64, out: &mut Vec<Outgoing>) {
        // A game over and settled has nothing left to forfeit: the record is only refused.
        let live = self.phase == Phase::Playing || self.fair_secrets_due();
        if !live || !deviates(e, seat) || self.fair_has_left(seat) {
            return;
        }
        let phase = self.phase;
        self.push_log(Stored::Note {
            note: Note::FairRefused {
                game_no: self.game_no,
                seat,
                reason: e.to_string(),
            },
        });
        self.fair_stop_waiting(seat);
        self.fair_depart(&[seat], now);
        self.flush(now, self.phase != phase, true, out);
    }

    /// `seat`'s person is no longer waited for. No bot reads a fair seat's cards: what it
    /// still owes is card-blind, or given from its cards once they are public (as for a
    /// seat past its grace period).
    fn fair_stop_waiting(&mut self, seat: Seat) {
        if let Some(Slot::Person { member }) = self.seats.get(seat.index()).cloned()
            && let Some(m) = self.member_mut(member)
        {
            m.stand_in = true;
        }
    }

    /// The referee found a deviation it cannot play past (a "cannot prove" its own loss
    /// then showed false, a Duke shown against Embezzlement): the game stops, naming the
    /// seat.
    fn fair_stop(&mut self, e: FairError) {
        let seat = match e {
            FairError::FalseDenial(s) | FairError::RevealedDuke(s) => Some(s),
            _ => None,
        };
        self.push_log(Stored::Note {
            note: Note::FairFault {
                seat,
                reason: e.to_string(),
            },
        });
        self.fair_put_away(None);
    }

    /// The fair game ends before its end (R11.3 never comes, so nothing is audited).
    fn fair_put_away(&mut self, winner: Option<Seat>) {
        self.push_log(Stored::Note {
            note: Note::GameEnded {
                game_no: self.game_no,
                winner,
            },
        });
        self.phase = Phase::Lobby;
        self.play = None;
        self.clocks.clear();
    }

    /// What `seat` is asked to answer with its own cards, if anything.
    pub(crate) fn fair_ask(&self, seat: Seat) -> Option<FairAsk> {
        let fg = self.fair_game()?;
        let referee = fg.referee.as_deref()?;
        match fg.step? {
            Step::Ask { seat: s, question } if s == seat => Some(match question {
                Question::Prove(c) => FairAsk::Prove(c),
                Question::Lose => FairAsk::Lose,
                Question::Show => FairAsk::Show,
            }),
            Step::Decide(_) if referee.wants_answer(seat) => {
                match referee.referee().game().pending() {
                    Pending::LoseInfluence { .. } => Some(FairAsk::Lose),
                    Pending::ExamineShow { .. } => Some(FairAsk::Show),
                    Pending::Exchange { .. } => Some(FairAsk::Keep),
                    Pending::Draft { .. } => Some(FairAsk::Pick),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
