//! The host's table commands ([`AdminCmd`]): seats, options, timers, kicks, the deal
//! and the rematch, one function each. Each checks everything first: a command refused
//! with a [`TableError`] changes nothing.

use super::play::StandIn;
use super::{Host, Outgoing, Slot, Stored, bot_name};
use crate::engine::{MAX_PLAYERS, MIN_PLAYERS, Options, Seat};
use crate::session::protocol::{
    AdminCmd, BotLevel, Fatal, MemberId, Note, PeerId, Phase, SeatSetting, TableError, Timers,
};

/// What a command changed beyond the table itself, for the messages that follow it.
#[derive(Default)]
struct Changed {
    /// The game (or whether there is one) changed: everyone is sent the game again.
    game: bool,
    /// Members whose view of the game changes (their seat did): they get a reset.
    resync: Vec<MemberId>,
}

impl Host {
    pub(super) fn admin(
        &mut self,
        cmd: AdminCmd,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), TableError> {
        let mut changed = Changed::default();
        match cmd {
            AdminCmd::SetSeatCount { count } => self.set_seat_count(count, &mut changed)?,
            AdminCmd::SetOptions { options } => self.set_options(options)?,
            AdminCmd::SetTimers { timers } => self.set_timers(timers, &mut changed)?,
            AdminCmd::SetDefaultBot { level } => self.default_bot = level,
            AdminCmd::SetSeat { seat, to } => self.set_seat(seat, to, &mut changed)?,
            AdminCmd::Swap { a, b } => self.swap(a, b, &mut changed)?,
            AdminCmd::Sit { member, seat } => self.sit(member, seat, &mut changed)?,
            AdminCmd::Kick { member } => self.kick(member, now, &mut changed, out)?,
            AdminCmd::Start { first } => return self.start(first, now, out),
            AdminCmd::Rematch => return self.rematch(now, out),
            AdminCmd::Lock { locked } => self.locked = locked,
            AdminCmd::SetFair { on } => self.set_fair(on, &mut changed)?,
            AdminCmd::EndGame => self.end_game(&mut changed)?,
            AdminCmd::AddBot { level } => self.add_bot(level, &mut changed)?,
        }
        self.seat_waiting();
        self.flush(now, true, changed.game, out);
        changed.resync.sort();
        changed.resync.dedup();
        for id in changed.resync {
            if let Some(peer) = self.member(id).and_then(|m| m.peer) {
                self.sync(peer, None, now, out);
            }
        }
        Ok(())
    }

    fn playing(&self) -> bool {
        self.phase == Phase::Playing
    }

    /// What seat `seat` holds, if the table has it.
    fn slot(&self, seat: Seat) -> Result<Slot, TableError> {
        self.seats
            .get(seat.index())
            .cloned()
            .ok_or(TableError::NoSuchSeat(seat))
    }

    /// For a command that moves seats, once it is allowed: after a game, changing seats
    /// goes back to the lobby and puts the finished game away, since a member moved to
    /// another seat must not read that seat's view of it (its last hidden cards, R11). A
    /// rematch needs the same seats anyway.
    /// In the lobby, each open seat goes to a member who is here and waits for one
    /// ([`Member::waiting`](super::Member::waiting)), in the order they joined: one who
    /// arrived at a full table, or during a game, plays once a seat opens, with nobody to
    /// ask.
    pub(super) fn seat_waiting(&mut self) {
        if self.phase != Phase::Lobby {
            return;
        }
        for i in 0..self.seats.len() {
            if self.seats[i] != Slot::Open {
                continue;
            }
            let Some(m) = self
                .members
                .iter_mut()
                .filter(|m| m.waiting && m.seat.is_none() && m.peer.is_some())
                .min_by_key(|m| m.id.0)
            else {
                return;
            };
            m.seat = Some(Seat::at(i));
            m.waiting = false;
            self.seats[i] = Slot::Person { member: m.id };
        }
    }

    fn put_finished_game_away(&mut self, changed: &mut Changed) {
        if matches!(self.phase, Phase::Finished { .. }) {
            self.put_game_away(changed);
        }
    }

    fn put_game_away(&mut self, changed: &mut Changed) {
        self.phase = Phase::Lobby;
        self.play = None;
        self.clocks.clear();
        // What the bots learned is for a rematch of this game only (the next deal from
        // the lobby starts afresh); kept, it would outlive seats the lobby removes.
        self.remembered.clear();
        changed.game = true;
        changed.resync.extend(self.members.iter().map(|m| m.id));
    }

    fn set_seat_count(&mut self, count: u8, changed: &mut Changed) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        let count = usize::from(count);
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
            return Err(TableError::SeatCount);
        }
        self.put_finished_game_away(changed);
        while self.seats.len() > count {
            if let Some(Slot::Person { member }) = self.seats.pop()
                && let Some(m) = self.member_mut(member)
            {
                // It came to play: a seat that opens later is its again.
                m.seat = None;
                m.waiting = true;
            }
        }
        while self.seats.len() < count {
            self.seats.push(Slot::Open);
        }
        self.options = self.options.for_players(count);
        Ok(())
    }

    fn set_options(&mut self, options: Options) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        // R1.4 decides what stands: a draft asked for at a table of more than two is
        // simply off (it comes back only by asking again at two seats).
        self.options = options.for_players(self.seats.len());
        Ok(())
    }

    fn set_timers(&mut self, timers: Timers, changed: &mut Changed) -> Result<(), TableError> {
        if !timers.valid() {
            return Err(TableError::Timers);
        }
        self.timers = timers;
        changed.game = self.playing();
        Ok(())
    }

    fn set_seat(
        &mut self,
        seat: Seat,
        to: SeatSetting,
        changed: &mut Changed,
    ) -> Result<(), TableError> {
        let slot = self.slot(seat)?;
        let playing = self.playing();
        if playing && !matches!(to, SeatSetting::Bot { .. }) {
            return Err(TableError::OnlyBot);
        }
        if self.fair && matches!(to, SeatSetting::Bot { .. }) {
            return Err(TableError::FairNoBots);
        }
        self.put_finished_game_away(changed);
        if let Slot::Person { member } = slot {
            if let Some(m) = self.member_mut(member) {
                // The host's choice: it watches until the host seats it again.
                m.seat = None;
                m.waiting = false;
            }
            changed.resync.push(member);
        }
        self.seats[seat.index()] = match to {
            SeatSetting::Open => Slot::Open,
            SeatSetting::Bot { level } => Slot::Bot {
                level,
                name: bot_name(seat),
            },
        };
        if playing && let SeatSetting::Bot { level } = to {
            self.rebuild_bot(seat, level);
        }
        Ok(())
    }

    fn swap(&mut self, a: Seat, b: Seat, changed: &mut Changed) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        self.slot(a)?;
        self.slot(b)?;
        self.put_finished_game_away(changed);
        self.seats.swap(a.index(), b.index());
        for s in [a, b] {
            if let Some(Slot::Person { member }) = self.seats.get(s.index()).cloned()
                && let Some(m) = self.member_mut(member)
            {
                m.seat = Some(s);
            }
        }
        Ok(())
    }

    fn sit(
        &mut self,
        member: MemberId,
        seat: Seat,
        changed: &mut Changed,
    ) -> Result<(), TableError> {
        let target = self.slot(seat)?;
        let current = self
            .member(member)
            .ok_or(TableError::NoSuchMember(member))?
            .seat;
        if self.playing() {
            // A watcher may take over a bot's seat; nobody may change seats, which would
            // show them two seats' hidden cards (R11).
            if current.is_some() || !matches!(target, Slot::Bot { .. }) {
                return Err(TableError::SeatTaken);
            }
            // Nor by way of watching: one who held a seat in this game (and whose seat a
            // bot took) may take back only that one.
            if self.held.iter().any(|&(m, s)| m == member && s != seat) {
                return Err(TableError::HeldAnotherSeat);
            }
            self.held.push((member, seat));
        } else {
            self.put_finished_game_away(changed);
            if let Some(old) = current
                && let Some(slot) = self.seats.get_mut(old.index())
            {
                *slot = Slot::Open;
            }
        }
        if let Slot::Person { member: other } = target
            && other != member
            && let Some(m) = self.member_mut(other)
        {
            m.seat = None;
            changed.resync.push(other);
        }
        self.seats[seat.index()] = Slot::Person { member };
        if let Some(m) = self.member_mut(member) {
            m.seat = Some(seat);
        }
        changed.resync.push(member);
        Ok(())
    }

    fn kick(
        &mut self,
        member: MemberId,
        now: u64,
        changed: &mut Changed,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), TableError> {
        if member == self.host_member {
            return Err(TableError::KickHost);
        }
        let pos = self
            .members
            .iter()
            .position(|m| m.id == member)
            .ok_or(TableError::NoSuchMember(member))?;
        // A seat of a fair game cannot go to a bot: it forfeits, and the game goes on
        // without it or ends (docs/FAIR-DEAL.md, section 6).
        if self.playing()
            && self.stand_in() == StandIn::CardBlind
            && let Some(seat) = self.members[pos].seat
        {
            self.fair_depart(&[seat], now);
            changed.game = true;
        }
        self.put_finished_game_away(changed);
        let m = self.members.remove(pos);
        self.banned.push(m.token.clone());
        let bot_stands_in = self.playing() && self.stand_in() == StandIn::Bot;
        if let Some(seat) = m.seat
            && let Some(slot) = self.seats.get_mut(seat.index())
        {
            // In a fair game the seat's decisions are card-blind until it is out.
            *slot = if bot_stands_in {
                Slot::Bot {
                    level: self.default_bot,
                    name: bot_name(seat),
                }
            } else {
                Slot::Open
            };
        }
        // A kick bans the token; the relay keeps the link's peer out too, so a hello
        // without the token cannot bring the person straight back. One who is away is
        // banned through their last link: the relay remembers the address of a peer
        // that left the room.
        match (m.peer, m.last_link) {
            (Some(peer), _) => self.dismiss(peer, Fatal::Kicked, true, out),
            (None, Some(last)) if last != PeerId::LOCAL => out.push(Outgoing::Ban { peer: last }),
            _ => {}
        }
        self.push_log(Stored::Note {
            note: Note::Kicked {
                member,
                name: m.name,
            },
        });
        Ok(())
    }

    fn start(
        &mut self,
        first: Option<Seat>,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        self.deal(first, now)?;
        self.after_deal(now, out)
    }

    fn rematch(&mut self, now: u64, out: &mut Vec<Outgoing>) -> Result<(), TableError> {
        let Phase::Finished { winner } = self.phase else {
            return Err(TableError::NotFinished);
        };
        // The same people in the same seats: each seat's bot keeps what it learned of the
        // others' play.
        let memory: Vec<_> = self.bots.iter().map(|b| b.memory()).collect();
        // R2.4: in a rematch, the previous winner starts.
        self.deal(Some(winner), now)?;
        self.remembered = memory;
        self.remind_bots();
        self.after_deal(now, out)
    }

    fn end_game(&mut self, changed: &mut Changed) -> Result<(), TableError> {
        match self.phase {
            Phase::Playing => {
                let note = Note::GameEnded {
                    game_no: self.game_no,
                    winner: None,
                };
                self.push_log(Stored::Note { note });
            }
            // A finished game is put away (its note was logged when it ended).
            Phase::Finished { .. } => {}
            Phase::Lobby => return Err(TableError::NoGame),
        }
        self.put_game_away(changed);
        Ok(())
    }

    fn add_bot(&mut self, level: BotLevel, changed: &mut Changed) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        if self.fair {
            return Err(TableError::FairNoBots);
        }
        let open = self.seats.iter().position(|s| matches!(s, Slot::Open));
        if open.is_none() && self.seats.len() >= MAX_PLAYERS {
            return Err(TableError::SeatCount);
        }
        // A seat changes: the finished game goes away, as with any change of seats.
        self.put_finished_game_away(changed);
        let seat = open.unwrap_or_else(|| {
            self.seats.push(Slot::Open);
            self.options = self.options.for_players(self.seats.len());
            self.seats.len() - 1
        });
        self.seats[seat] = Slot::Bot {
            level,
            name: bot_name(Seat::at(seat)),
        };
        Ok(())
    }

    /// Fair deal on or off (docs/FAIR-DEAL.md): on only at a table of people, two at
    /// least, no bot (section 7); the lobby then offers no bot.
    fn set_fair(&mut self, on: bool, changed: &mut Changed) -> Result<(), TableError> {
        if self.playing() {
            return Err(TableError::GameInProgress);
        }
        if on {
            self.check_fair_seats()?;
        }
        self.put_finished_game_away(changed);
        self.fair = on;
        Ok(())
    }

    pub(super) fn after_deal(
        &mut self,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), TableError> {
        // Everyone's view changed wholesale and the old game's events are now read as a
        // watcher's: send each member the whole state (its recovery copy first).
        self.keep_copy(now, out);
        let peers: Vec<PeerId> = self
            .links
            .iter()
            .filter(|(_, l)| l.member.is_some())
            .map(|(p, _)| *p)
            .collect();
        for peer in peers {
            self.sync(peer, None, now, out);
        }
        Ok(())
    }
}
