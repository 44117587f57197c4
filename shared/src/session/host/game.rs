//! The game: dealing (R2), applying inputs, the decisions' clocks and the bots that
//! play open seats and stand in for people who are away.

use rand::{Rng, RngCore};

use super::play::{Play, StandIn};
use super::{Auto, BotClock, Clock, Host, Slot, Stored, bot_name};
use crate::engine::{Card, Claimed, Input, MAX_PLAYERS, MIN_PLAYERS, Pending, Seat};
use crate::session::protocol::{BotLevel, DecisionKind, Note, Phase, Refusal, TableError};
use crate::session::rules;
use crate::session::rules::make_bot;

/// Whether `seat`, owing an answer in `before`, still owes the same round in `after`:
/// the same window (kind and seats asked) or the same draft, with the answers given so far
/// kept and one more given by someone else. A window that closed and another that opened,
/// even of the same kind, is a new round: it starts with no answers.
pub(super) fn same_round(before: &Pending, after: &Pending, seat: Seat) -> bool {
    let owes = |p: &Pending| p.owes();
    let shrank = {
        let (b, a) = (owes(before), owes(after));
        b.contains(seat) && a.contains(seat) && a.len() < b.len() && a.iter().all(|s| b.contains(s))
    };
    match (before, after) {
        (Pending::Respond { window: b }, Pending::Respond { window: a }) => {
            shrank
                && a.kind == b.kind
                && a.asked == b.asked
                && b.answers
                    .iter()
                    .zip(a.answers.iter())
                    .all(|(was, is)| was.is_none() || was == is)
        }
        (Pending::Draft { picks: b, .. }, Pending::Draft { picks: a, .. }) => {
            shrank
                && b.iter()
                    .zip(a.iter())
                    .all(|(was, is)| was.is_none() || was == is)
        }
        _ => false,
    }
}

impl Host {
    /// Deals a game with the current seats (R2). Open seats become bots.
    pub(super) fn deal(&mut self, first: Option<Seat>, now: u64) -> Result<(), TableError> {
        let players = self.seats.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(TableError::SeatCount);
        }
        if self.options.two_player_draft && players != 2 {
            return Err(TableError::DraftNeedsTwo);
        }
        if let Some(f) = first
            && f.index() >= players
        {
            return Err(TableError::NoSuchSeat(f));
        }
        let first = first.unwrap_or_else(|| Seat(self.rng.random_range(0..players) as u8));
        let play = if self.fair {
            Play::Fair(self.fair_deal(first)?)
        } else {
            Play::Plain(
                rules::deal(players as u8, self.options, first, &mut self.rng)
                    .map_err(TableError::Deal)?,
            )
        };
        let default = self.default_bot;
        for (i, slot) in self.seats.iter_mut().enumerate() {
            if *slot == Slot::Open {
                *slot = Slot::Bot {
                    level: default,
                    name: bot_name(Seat::at(i)),
                };
            }
        }
        self.game_no += 1;
        self.play = Some(play);
        self.phase = Phase::Playing;
        self.step = 0;
        self.held = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| match slot {
                Slot::Person { member } => Some((*member, Seat::at(i))),
                _ => None,
            })
            .collect();
        self.clocks = vec![Clock::default(); players];
        self.dealt.clear();
        self.truths.clear();
        self.bot_seeds = (0..players).map(|_| self.rng.next_u64()).collect();
        self.remembered.clear();
        self.rebuild_bots();
        let note = Note::GameStarted {
            game_no: self.game_no,
            first: Some(first),
        };
        self.push_log(Stored::Note { note });
        self.run(None, now);
        Ok(())
    }

    /// Applies one input for `seat`; on error nothing changed. At a fair table a person's
    /// decision comes with its seat's `signature`; without one it is the host's default.
    pub(super) fn apply(
        &mut self,
        seat: Seat,
        input: Input,
        signature: Option<String>,
        now: u64,
    ) -> Result<(), Refusal> {
        let Some(play) = self.play.as_mut() else {
            return Err(Refusal::from(crate::engine::InputError::GameOver));
        };
        let Play::Plain(game) = play else {
            return self.fair_input(seat, input, signature, now);
        };
        let mut events = Vec::new();
        let before = *game.pending();
        game.apply(seat, input, &mut self.rng, &mut events)?;
        self.step += 1;
        let game_no = self.game_no;
        for event in events {
            self.push_log(Stored::Event { game_no, event });
        }
        self.settle(Some(before), now);
        Ok(())
    }

    /// Runs the game on from `before` (`None` at the deal) until it waits for a seat:
    /// a fair game's referee first takes what it can by itself.
    pub(super) fn run(&mut self, before: Option<Pending>, now: u64) {
        match self.play {
            Some(Play::Fair(_)) => self.fair_run(before, now),
            _ => self.settle(before, now),
        }
    }

    /// After the game changed (from `before`, `None` at the deal): who owes what since
    /// when, and whether it is over.
    pub(crate) fn settle(&mut self, before: Option<Pending>, now: u64) {
        // The fields apart, so the game's borrow leaves the others free.
        let Some(play) = &self.play else {
            return;
        };
        let Some(game) = play.rules() else {
            return;
        };
        // What the end reveals (R11.3), noted as it happens: the hands once all are dealt,
        // and each claim's truth the moment it came into play. Only the real hands: a
        // fair game's are stand-ins, and there every page opens the record at the end.
        if let Some(hands) = play.hands() {
            let seats = self.seats.len();
            if self.dealt.is_empty() && (0..seats).all(|i| hands.player(Seat::at(i)).hand.len == 2)
            {
                self.dealt = (0..seats)
                    .map(|i| hands.player(Seat::at(i)).hand.cards)
                    .collect();
            }
            for c in hands.claims().iter().skip(self.truths.len()) {
                let hand = hands.player(c.player).hand;
                self.truths.push(Some(match c.card {
                    Claimed::Card(card) => hand.find_hidden(card).is_some(),
                    Claimed::NotDuke => hand.find_hidden(Card::Duke).is_none(),
                }));
            }
        }
        if let Some(winner) = rules::winner(game) {
            self.phase = Phase::Finished { winner };
            self.clocks.iter_mut().for_each(|c| *c = Clock::default());
            let note = Note::GameEnded {
                game_no: self.game_no,
                winner: Some(winner),
            };
            self.push_log(Stored::Note { note });
            return;
        }
        let mut legal = Vec::new();
        let after = *game.pending();
        let mut clocks = std::mem::take(&mut self.clocks);
        for (i, clock) in clocks.iter_mut().enumerate() {
            let seat = Seat::at(i);
            legal.clear();
            play.legal(seat, &mut legal);
            // The seat goes on answering the same decision only while others answer the
            // window (or the draft) it is answering; anything else is a new decision, with
            // its own step and its full time, even when the same inputs are legal again.
            let same = !legal.is_empty()
                && legal == clock.legal
                && before.is_some_and(|b| same_round(&b, &after, seat));
            if !same {
                clock.legal.clone_from(&legal);
                clock.asked_step = self.step;
                clock.asked_at = now;
            }
        }
        self.clocks = clocks;
    }

    /// The timer of a decision kind.
    pub(super) fn timer(&self, kind: DecisionKind) -> Option<u64> {
        match kind {
            DecisionKind::Turn => self.timers.turn_ms,
            DecisionKind::Window => self.timers.window_ms,
            DecisionKind::Choice => self.timers.choice_ms,
        }
    }

    /// Whether a seat's decisions are made by its bot now.
    pub(super) fn bot_plays(&self, seat: Seat) -> bool {
        match self.seats.get(seat.index()) {
            Some(Slot::Person { member }) => self.member(*member).is_none_or(|m| m.stand_in),
            _ => true,
        }
    }

    /// When `seat`'s current decision is due to be made automatically, and how.
    pub(super) fn due_at(&self, seat: Seat) -> Option<(u64, Auto)> {
        if self.phase != Phase::Playing {
            return None;
        }
        let clock = self.clocks.get(seat.index())?;
        let kind = rules::kind_of(&clock.legal)?;
        let deadline = self.timer(kind).map(|ms| clock.asked_at.saturating_add(ms));
        if self.bot_plays(seat) {
            let at = clock.asked_at.saturating_add(self.timers.bot_delay_ms);
            return Some((deadline.map_or(at, |d| d.min(at)), Auto::Bot));
        }
        deadline.map(|d| (d, Auto::Timeout(kind)))
    }

    /// The seat whose automatic decision is due soonest, if it is due by `now`.
    pub(super) fn due(&self, now: u64) -> Option<(Seat, Auto)> {
        (0..self.clocks.len())
            .filter_map(|i| self.due_at(Seat::at(i)).map(|(t, how)| (t, i, how)))
            .filter(|(t, _, _)| *t <= now)
            .min_by_key(|(t, i, _)| (*t, *i))
            .map(|(_, i, how)| (Seat::at(i), how))
    }

    /// Makes one automatic decision for `seat`; whether its bot thought about it.
    pub(super) fn auto_play(&mut self, seat: Seat, how: Auto, now: u64) -> bool {
        let Some(clock) = self.clocks.get(seat.index()) else {
            return false;
        };
        let legal = clock.legal.clone();
        // R5: a window answer that runs out is a pass; anything else is the bot's.
        let input = match how {
            Auto::Timeout(DecisionKind::Window) => rules::pass_in(&legal),
            _ => None,
        };
        let stand_in = self.stand_in();
        let thought = input.is_none() && stand_in == StandIn::Bot;
        let input = match stand_in {
            StandIn::Bot => input.or_else(|| self.bot_choice(seat, &legal)),
            // A fair room has no bot: what no person decides is card-blind (section 6).
            StandIn::CardBlind => {
                input.or_else(|| crate::fair::card_blind(seat, self.seats.len(), &legal))
            }
        };
        if let Auto::Timeout(kind) = how {
            self.push_log(Stored::Note {
                note: Note::TimedOut { seat, kind },
            });
        }
        let tried = input.into_iter().chain(legal.iter().copied());
        for input in tried {
            if self.apply(seat, input, None, now).is_ok() {
                return thought;
            }
        }
        // The engine refused every input it listed: a bug there. Stop asking this seat
        // rather than loop; the table can still end the game.
        if let Some(c) = self.clocks.get_mut(seat.index()) {
            *c = Clock::default();
        }
        thought
    }

    /// What the seat's bot plays, from the seat's view and legal inputs only.
    pub(super) fn bot_choice(&mut self, seat: Seat, legal: &[Input]) -> Option<Input> {
        let view = self.play.as_ref()?.hands()?.view(seat);
        let bot = self.bots.get_mut(seat.index())?;
        let input = match self.bot_clock {
            None => rules::bot_decide(bot.as_mut(), &view, legal),
            // A clock that does not read as a number is no clock.
            Some(BotClock { now, .. }) if !now().is_finite() => {
                rules::bot_decide(bot.as_mut(), &view, legal)
            }
            Some(BotClock { now, millis }) => {
                // The decision takes exactly `millis`, whatever the bot did with it (see
                // `set_bot_clock`): what its cards made easy is not answered sooner.
                let start = now();
                let input = rules::bot_decide_within(bot.as_mut(), &view, legal, now, millis);
                rules::spin_until(now, start + millis);
                input
            }
        };
        // A bot that answers outside the legal inputs must not stall the table.
        if legal.contains(&input) {
            Some(input)
        } else {
            legal.first().copied()
        }
    }

    /// What the bot at `seat` has learned of the table's play (it carries into a rematch).
    pub fn bot_memory(&self, seat: Seat) -> Option<crate::bots::Model> {
        self.bots.get(seat.index()).and_then(|b| b.memory())
    }

    pub(super) fn rebuild_bots(&mut self) {
        self.bots = (0..self.bot_seeds.len())
            .map(|i| {
                let level = match self.seats.get(i) {
                    Some(Slot::Bot { level, .. }) => *level,
                    _ => self.default_bot,
                };
                make_bot(level, self.bot_seeds.get(i).copied().unwrap_or(0))
            })
            .collect();
        self.remind_bots();
    }

    pub(super) fn rebuild_bot(&mut self, seat: Seat, level: BotLevel) {
        let seed = self.bot_seeds.get(seat.index()).copied().unwrap_or(0);
        if let Some(b) = self.bots.get_mut(seat.index()) {
            *b = make_bot(level, seed);
            if let Some(Some(m)) = self.remembered.get(seat.index()) {
                b.remember(m);
            }
        }
    }

    /// Gives each seat's bot what it remembers of earlier games at the table.
    pub(super) fn remind_bots(&mut self) {
        for (bot, m) in self.bots.iter_mut().zip(&self.remembered) {
            if let Some(m) = m {
                bot.remember(m);
            }
        }
    }
}
