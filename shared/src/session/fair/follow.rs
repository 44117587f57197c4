//! The guest's fair seat behind a trait object ([`FairFollow`]), so that a page reaches
//! the fair deal's code (the group arithmetic, the proofs, the tracker and its replay)
//! only through a vtable that [`FairSeat`] makes. A browser page builds the seat in a
//! module it fetches only at a fair table (the client's `later::fair` split point): a
//! page that never sits at one never downloads that code. There is one implementation.

use std::fmt::Debug;

use super::seat::{FairAnswerError, FairFault, FairKeep, FairSeat};
use crate::engine::{Card, Input, Options, Seat};
use crate::fair::{AuditFault, CardAnswer, EndCards};
use crate::session::protocol::{FairAsk, LogEntry, TableId};

/// What a [`crate::session::Guest`] asks of its fair seat. Each method is the [`FairSeat`] method
/// of the same name.
pub trait FairFollow: Debug {
    /// A copy: the guest checks an update's entries on a copy and keeps it if they hold.
    fn box_clone(&self) -> Box<dyn FairFollow>;
    /// The seat itself (the one implementation), for code that needs more than this.
    fn seat(&self) -> &FairSeat;
    fn keep(&self) -> Option<&FairKeep>;
    fn holds_key(&self) -> bool;
    fn game_no(&self) -> Option<u32>;
    fn start(
        &mut self,
        table_id: TableId,
        game_no: u32,
        players: usize,
        options: Options,
        seat: Option<Seat>,
    ) -> Result<(), FairFault>;
    fn take(&mut self, entries: &[LogEntry]) -> Result<(), (u64, FairFault)>;
    fn outbox(&mut self) -> Vec<String>;
    fn answer(
        &mut self,
        ask: Option<FairAsk>,
        answer: CardAnswer,
    ) -> Result<String, FairAnswerError>;
    fn sign_decision(&self, input: Input) -> Option<String>;
    fn hand(&self) -> Vec<(u8, Option<Card>, bool)>;
    fn exchange_pool(&self) -> Option<Vec<(u8, Card)>>;
    fn draft_set(&self) -> Vec<(u8, Card)>;
    fn examined(&self) -> Vec<(u8, Card)>;
    fn audit(&self) -> Option<Vec<AuditFault>>;
    fn cut_short(&self) -> Option<usize>;
    fn sealed(&self) -> Option<usize>;
    /// Whether it follows a game (its tracker is there).
    fn following(&self) -> bool;
    /// The shuffles done and in all, while it follows a game.
    fn shuffle_progress(&self) -> Option<(usize, usize)>;
    /// The table's key fingerprint, once every key is in.
    fn key_fingerprint(&self) -> Option<[u8; 8]>;
    /// R11.3: the end read from the record, once every secret is in.
    fn end_cards(&self) -> Option<EndCards>;
}

impl FairFollow for FairSeat {
    fn box_clone(&self) -> Box<dyn FairFollow> {
        Box::new(self.clone())
    }
    fn seat(&self) -> &FairSeat {
        self
    }
    fn keep(&self) -> Option<&FairKeep> {
        FairSeat::keep(self)
    }
    fn holds_key(&self) -> bool {
        FairSeat::holds_key(self)
    }
    fn game_no(&self) -> Option<u32> {
        FairSeat::game_no(self)
    }
    fn start(
        &mut self,
        table_id: TableId,
        game_no: u32,
        players: usize,
        options: Options,
        seat: Option<Seat>,
    ) -> Result<(), FairFault> {
        FairSeat::start(self, table_id, game_no, players, options, seat)
    }
    fn take(&mut self, entries: &[LogEntry]) -> Result<(), (u64, FairFault)> {
        FairSeat::take(self, entries)
    }
    fn outbox(&mut self) -> Vec<String> {
        FairSeat::outbox(self)
    }
    fn answer(
        &mut self,
        ask: Option<FairAsk>,
        answer: CardAnswer,
    ) -> Result<String, FairAnswerError> {
        FairSeat::answer(self, ask, answer)
    }
    fn sign_decision(&self, input: Input) -> Option<String> {
        FairSeat::sign_decision(self, input)
    }
    fn hand(&self) -> Vec<(u8, Option<Card>, bool)> {
        FairSeat::hand(self)
    }
    fn exchange_pool(&self) -> Option<Vec<(u8, Card)>> {
        FairSeat::exchange_pool(self)
    }
    fn draft_set(&self) -> Vec<(u8, Card)> {
        FairSeat::draft_set(self)
    }
    fn examined(&self) -> Vec<(u8, Card)> {
        FairSeat::examined(self)
    }
    fn audit(&self) -> Option<Vec<AuditFault>> {
        FairSeat::audit(self)
    }
    fn cut_short(&self) -> Option<usize> {
        FairSeat::cut_short(self)
    }
    fn sealed(&self) -> Option<usize> {
        FairSeat::sealed(self)
    }
    fn following(&self) -> bool {
        self.tracker().is_some()
    }
    fn shuffle_progress(&self) -> Option<(usize, usize)> {
        self.tracker().map(|t| t.table().shuffle_progress())
    }
    fn key_fingerprint(&self) -> Option<[u8; 8]> {
        self.tracker()?.table().ledger().key_fingerprint()
    }
    fn end_cards(&self) -> Option<EndCards> {
        self.tracker()?.end_cards()
    }
}

impl Clone for Box<dyn FairFollow> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}
