//! Fair rooms on this page (docs/FAIR-DEAL.md): the randomness each table's fair seat
//! draws from, the secret an earlier page of this tab kept, and the seat's answers.
//!
//! The page's randomness is new on every load (`crypto.getRandomValues`) and never
//! stored: a stored generator would draw a proof's nonce twice after a reload, which
//! gives the secret away (section 8). Each table this page opens draws its own seed from
//! it, so two tables of one page never share a nonce either.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use shared::fair::CardAnswer;
use shared::session::fair::seat::FairKeep;

use super::fair_page::FairSeatMaker;
use super::{Effect, Session};
use crate::model::problems;
use crate::model::table::Table;

impl Session {
    /// Gives the page its randomness for fair tables (32 fresh bytes of this load) and
    /// what its tab stored before a reload. Call it once, before any table opens.
    pub fn seed_fair(&mut self, seed: [u8; 32], kept: Option<FairKeep>) {
        self.fair.rng = Some(ChaCha20Rng::from_seed(seed));
        self.fair.kept = kept;
    }

    /// Our player at a new table, able to sit at a fair one when the page has randomness
    /// and the fair deal's code: its seat takes back the stored secret if that is of this
    /// table's game. Without the code yet, the seat comes when it does ([`Self::fair_ready`]).
    pub(super) fn new_table(&mut self, name: &str, token: Option<String>) -> Table {
        let mut table = Table::new(name, token);
        if let (Some(rng), Some(make)) = (self.fair.rng.as_mut(), self.fair.make) {
            // A table with no game yet: nothing to rebuild, nothing refused.
            let _ = table
                .guest_mut()
                .seat_fair(make(rng.random(), self.fair.kept.clone()));
        }
        table
    }

    /// After a text from our table's host: at a fair table, the page asks once for the
    /// fair deal's code, which a page at any other table never fetches.
    pub(super) fn want_fair(&mut self) -> Vec<Effect> {
        let wanted = self.fair.make.is_none() && !self.fair.asked && self.fair.rng.is_some();
        if wanted && self.fair_table() {
            self.fair.asked = true;
            return vec![Effect::LoadFair];
        }
        Vec::new()
    }

    /// The fair deal's code is here: our seat at a fair table sits down, rebuilding the
    /// game under way from the log kept, and sends what it owes.
    pub fn fair_ready(&mut self, make: FairSeatMaker) -> Vec<Effect> {
        self.fair.make = Some(make);
        let Some(rng) = self.fair.rng.as_mut() else {
            return Vec::new();
        };
        let seed = rng.random();
        let kept = self.fair.kept.clone();
        let Some(table) = self.table_mut() else {
            return Vec::new();
        };
        if table.guest().fair().is_some() {
            return Vec::new();
        }
        if let Err(e) = table.guest_mut().seat_fair(make(seed, kept)) {
            table.problem = Some(problems::guest(&e));
            return Vec::new();
        }
        let texts = table.guest_mut().fair_outbox();
        self.fair_up(texts)
    }

    /// What this tab should keep in `sessionStorage` for a reload: our seat's secret for
    /// the fair game at our table. It is never sent.
    pub fn fair_keep(&self) -> Option<FairKeep> {
        let keep = self.table()?.guest().fair_keep()?.clone();
        Some(keep)
    }

    /// Whether our table is a fair room.
    pub fn fair_table(&self) -> bool {
        self.table()
            .and_then(|t| t.guest().table())
            .is_some_and(|t| t.fair)
    }

    /// Our seat's answer to what the fair table asks, signed by our page.
    pub(super) fn fair_answer(&mut self, answer: CardAnswer) -> Result<Vec<Effect>, String> {
        let Some(table) = self.table_mut() else {
            return Ok(Vec::new());
        };
        table.problem = None;
        match table.guest_mut().fair_answer(answer) {
            Ok(text) => self.up(text),
            Err(e) => {
                table.problem = Some(problems::fair_answer(e));
                Ok(Vec::new())
            }
        }
    }

    /// Our seat's records that our table asks for now, to the host.
    pub(super) fn fair_up(&mut self, texts: Vec<String>) -> Vec<Effect> {
        texts
            .into_iter()
            .filter_map(|text| self.up(text).ok())
            .flatten()
            .collect()
    }
}
