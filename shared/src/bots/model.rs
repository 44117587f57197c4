//! [`Model`]: what a seat has learned about each opponent's play from the public record.
//!
//! Per opponent, by character and by stage of the game, how often its challenged claims
//! were caught (a lie) or proven; how often it challenges when it may; how often it blocks
//! when it may. Read from the view's events ([`Model::record`]), so a bot rebuilt from its
//! seed learns exactly what it had learned; a bot may also carry what it learned in earlier
//! games at the same table ([`Model::merge`], [`super::Bot::memory`]).
//!
//! The estimates are Bayesian: a Beta prior per rate, each character's rate shrunk towards
//! the seat's overall rate, which is shrunk towards the prior of an average player
//! (each observation counted once at each level). A few
//! observations move them; one lucky challenge does not brand a player.

use serde::{Deserialize, Serialize};

use crate::engine::{
    Action, ActionKind, Card, Claimed, Event, MAX_PLAYERS, PlayerView, Seat, View, WindowKind,
};

/// Early: the seat still has two influences and three or more players remain. Late:
/// otherwise (its last card, or a heads-up).
pub const STAGES: usize = 2;

/// How often a claim is made without the card: P(claim | not holding) / P(claim | holding).
pub const BLUFF_RATE: f32 = 0.3;

/// How often an unknown player challenges a claim when asked.
pub const DEFAULT_CHALLENGE_RATE: f32 = 0.12;

/// The prior share of lies among challenged claims: challengers pick the claims they
/// doubt, so about a third are caught (Normal's tables).
pub const PRIOR_CAUGHT: f32 = 0.35;

/// The prior's weight, in observations, for a seat's overall rates.
const PRIOR_WEIGHT: f32 = 8.0;

/// The weight of a seat's overall rate in one character's (or one stage's) rate.
const POOL_WEIGHT: f32 = 6.0;

/// How often an average player blocks when it may (holding the card or not).
pub const PRIOR_BLOCK_RATE: f32 = 0.3;

/// The prior chance that a player never challenges.
pub const PRIOR_SILENT: f32 = 0.05;

/// How often a player who does challenge challenges when it may, for telling it from one
/// who never does: low, because most players challenge only the claims that matter most.
const CHALLENGER_RATE: f32 = 0.1;

/// One seat's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Per character and stage: challenged claims caught as lies, and proven.
    pub caught: [[u16; STAGES]; 6],
    pub proven: [[u16; STAGES]; 6],
    /// Per stage: challenges made, and windows it could have challenged in.
    pub challenges: [u16; STAGES],
    pub challenge_chances: [u16; STAGES],
    /// Blocks declared, and block windows it could have blocked in.
    pub blocks: u16,
    pub block_chances: u16,
    /// Challenges made, and windows it could have challenged in, by the character
    /// claimed and by the claimant: whose claims of what it doubts.
    pub challenges_of_card: [u16; 6],
    pub chances_of_card: [u16; 6],
    pub challenges_of_seat: [u16; MAX_PLAYERS],
    pub chances_of_seat: [u16; MAX_PLAYERS],
    /// Claims that could not all have been true: more characters claimed since the
    /// seat's hand last changed unseen than it has hidden cards.
    pub inconsistent: u16,
    /// Per character, claims a lost card showed true (R9.1: the card claimed turned face
    /// up, its hand unchanged since the claim) and claims its last card showed false (it
    /// lost its last hidden card, another character, its hand unchanged since the claim).
    /// Unchallenged claims checked at the end, as a challenge checks them.
    #[serde(default)]
    pub revealed_true: [u16; 6],
    #[serde(default)]
    pub revealed_lies: [u16; 6],
}

/// A settable chance for the record's two-kinds readings: clamped to 0..=0.99, 0 if not
/// finite.
fn chance(x: f32) -> f32 {
    if x.is_finite() {
        x.clamp(0.0, 0.99)
    } else {
        0.0
    }
}

impl Record {
    fn add(&mut self, o: &Record) {
        for c in 0..6 {
            for g in 0..STAGES {
                self.caught[c][g] = self.caught[c][g].saturating_add(o.caught[c][g]);
                self.proven[c][g] = self.proven[c][g].saturating_add(o.proven[c][g]);
            }
        }
        for g in 0..STAGES {
            self.challenges[g] = self.challenges[g].saturating_add(o.challenges[g]);
            self.challenge_chances[g] =
                self.challenge_chances[g].saturating_add(o.challenge_chances[g]);
        }
        self.blocks = self.blocks.saturating_add(o.blocks);
        for c in 0..6 {
            self.revealed_true[c] = self.revealed_true[c].saturating_add(o.revealed_true[c]);
            self.revealed_lies[c] = self.revealed_lies[c].saturating_add(o.revealed_lies[c]);
        }
        self.inconsistent = self.inconsistent.saturating_add(o.inconsistent);
        self.block_chances = self.block_chances.saturating_add(o.block_chances);
        for c in 0..6 {
            self.challenges_of_card[c] =
                self.challenges_of_card[c].saturating_add(o.challenges_of_card[c]);
            self.chances_of_card[c] = self.chances_of_card[c].saturating_add(o.chances_of_card[c]);
        }
        for s in 0..MAX_PLAYERS {
            self.challenges_of_seat[s] =
                self.challenges_of_seat[s].saturating_add(o.challenges_of_seat[s]);
            self.chances_of_seat[s] = self.chances_of_seat[s].saturating_add(o.chances_of_seat[s]);
        }
    }

    /// The estimated share of this seat's challenged claims that are lies: all characters
    /// and stages.
    pub fn caught_rate(&self) -> f32 {
        let (k, n) = self.caught_counts(None, None);
        (k + PRIOR_WEIGHT * PRIOR_CAUGHT) / (n + PRIOR_WEIGHT)
    }

    fn caught_counts(&self, card: Option<usize>, stage: Option<usize>) -> (f32, f32) {
        let (mut k, mut n) = (0u32, 0u32);
        for c in 0..6 {
            if card.is_some_and(|x| x != c) {
                continue;
            }
            for g in 0..STAGES {
                if stage.is_some_and(|x| x != g) {
                    continue;
                }
                k += u32::from(self.caught[c][g]);
                n += u32::from(self.caught[c][g]) + u32::from(self.proven[c][g]);
            }
        }
        (k as f32, n as f32)
    }

    /// The estimated share of lies among this seat's challenged claims of `card` at
    /// `stage`, shrunk towards its overall rate.
    pub fn caught_rate_of(&self, card: usize, stage: usize) -> f32 {
        let overall = self.caught_rate();
        let (k, n) = self.caught_counts(Some(card), Some(stage));
        (k + POOL_WEIGHT * overall) / (n + POOL_WEIGHT)
    }

    /// The likelihood ratio of a claim of `card` at `stage` without the card against with
    /// it (the bluff model's rate; [`BLUFF_RATE`] for an average player).
    pub fn bluff_ratio(&self, card: usize, stage: usize) -> f32 {
        ratio(self.caught_rate_of(card, stage))
    }

    /// The seat's bluff ratio over everything.
    pub fn bluff_ratio_overall(&self) -> f32 {
        ratio(self.caught_rate())
    }

    /// How often the seat challenges when it may, at `stage`.
    pub fn challenge_rate(&self, stage: usize) -> f32 {
        let overall = self.challenge_rate_overall();
        (f32::from(self.challenges[stage]) + POOL_WEIGHT * overall)
            / (f32::from(self.challenge_chances[stage]) + POOL_WEIGHT)
    }

    /// How often the seat challenges when it may, over everything.
    fn challenge_rate_overall(&self) -> f32 {
        let all_k: u32 = self.challenges.iter().map(|&x| u32::from(x)).sum();
        let all_n: u32 = self.challenge_chances.iter().map(|&x| u32::from(x)).sum();
        (all_k as f32 + PRIOR_WEIGHT * DEFAULT_CHALLENGE_RATE) / (all_n as f32 + PRIOR_WEIGHT)
    }

    /// How much more (or less) often than its overall rate the seat challenges claims of
    /// `card` made by `claimant`: the product of the two factors, each shrunk towards 1
    /// (a character's or a claimant's rate shrunk towards the seat's overall rate), within
    /// 0.2..=5.
    pub fn challenge_factor(&self, card: usize, claimant: usize) -> f32 {
        let overall = self.challenge_rate_overall();
        let shrunk = |k: u16, n: u16| {
            (f32::from(k) + POOL_WEIGHT * overall) / (f32::from(n) + POOL_WEIGHT) / overall
        };
        let by_card = match (
            self.challenges_of_card.get(card),
            self.chances_of_card.get(card),
        ) {
            (Some(&k), Some(&n)) => shrunk(k, n),
            _ => 1.0,
        };
        let by_seat = match (
            self.challenges_of_seat.get(claimant),
            self.chances_of_seat.get(claimant),
        ) {
            (Some(&k), Some(&n)) => shrunk(k, n),
            _ => 1.0,
        };
        (by_card * by_seat).clamp(0.2, 5.0)
    }

    /// The chance the seat never challenges: two kinds of player, one who never does
    /// (prior [`PRIOR_SILENT`]) and one who challenges a tenth of the claims it may
    /// ([`CHALLENGER_RATE`]); every claim it let pass makes the first likelier, one
    /// challenge rules it out.
    pub fn p_silent(&self) -> f32 {
        self.p_silent_from(PRIOR_SILENT, CHALLENGER_RATE)
    }

    /// [`Record::p_silent`] from a prior chance `prior` of a player who never challenges,
    /// against one who challenges `rate` of the claims it may (both clamped to 0..=0.99).
    pub fn p_silent_from(&self, prior: f32, rate: f32) -> f32 {
        let (prior, rate) = (chance(prior), chance(rate));
        if prior == 0.0 || self.challenges.iter().any(|&k| k > 0) {
            return 0.0;
        }
        let n: u32 = self.challenge_chances.iter().map(|&x| u32::from(x)).sum();
        let passed = (1.0 - rate).powi(n.min(1000) as i32);
        prior / (prior + (1.0 - prior) * passed)
    }

    /// The chance the seat never lies, from a prior chance `prior` (clamped to
    /// 0..=0.99): two kinds of player, one who never claims a character it does not hold
    /// and an average one, whose challenged claims are lies [`PRIOR_CAUGHT`] of the time;
    /// each challenged claim proven makes the first likelier, one caught (or claims that
    /// cannot all be true, [`Record::inconsistent`]) rules it out.
    pub fn p_honest(&self, prior: f32) -> f32 {
        let prior = chance(prior);
        let (caught, challenged) = self.caught_counts(None, None);
        if prior == 0.0 || caught > 0.0 || self.inconsistent > 0 {
            return 0.0;
        }
        // P(all proven | average) = (1 - PRIOR_CAUGHT)^n; P(all proven | honest) = 1.
        let average = (1.0 - PRIOR_CAUGHT).powi(challenged.min(1000.0) as i32);
        prior / (prior + (1.0 - prior) * average)
    }

    /// How often the seat blocks when it may.
    pub fn block_rate(&self) -> f32 {
        (f32::from(self.blocks) + PRIOR_WEIGHT * PRIOR_BLOCK_RATE)
            / (f32::from(self.block_chances) + PRIOR_WEIGHT)
    }
}

/// A caught share `f` as a likelihood ratio: with an average prior of holding a character
/// of about 0.37, `f` lies among claims means P(claim | none) / P(claim | held) is
/// `f / (1 - f) * 0.6` (0.32 at the prior, close to [`BLUFF_RATE`]).
pub fn ratio(f: f32) -> f32 {
    (f / (1.0 - f).max(0.05) * 0.6 * BLUFF_RATE / 0.32).clamp(0.02, 1.0)
}

/// Every seat's record. (The host's snapshot keeps what its bots remember from earlier
/// games at the table.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Model {
    pub seats: [Record; MAX_PLAYERS],
    /// Seats in the game(s) this was learned from (0: nothing learned).
    pub players: u8,
}

impl Model {
    /// The record of the game in `view`, from its public events.
    pub fn record(view: &View) -> Model {
        let n = view.players.len().min(MAX_PLAYERS);
        let mut m = Model {
            players: n as u8,
            ..Model::default()
        };
        // Influences lost at the point being read (as in the bluff model).
        let mut lost = lost_before_log(view);
        let mut size = [2u8; MAX_PLAYERS];
        for (s, p) in view.players.iter().enumerate().take(n) {
            size[s] = p.hand.len;
        }
        let alive = |lost: &[u8; MAX_PLAYERS], s: usize| lost[s] < size[s].max(1);
        let stage = |lost: &[u8; MAX_PLAYERS], s: usize| {
            let left = (0..n).filter(|&o| alive(lost, o)).count();
            usize::from(lost[s] >= 1 || left <= 2)
        };
        // Per seat, the characters claimed since its hand last changed unseen (an honest
        // player holds them all), as a bit set.
        let mut claimed = [0u8; MAX_PLAYERS];
        let claim = |claimed: &mut [u8; MAX_PLAYERS],
                     m: &mut Model,
                     lost: &[u8; MAX_PLAYERS],
                     s: usize,
                     card: Card| {
            if s >= n {
                return;
            }
            let set = claimed[s] | 1 << card.index();
            let hidden = size[s].saturating_sub(lost[s]);
            if set.count_ones() > u32::from(hidden) {
                m.seats[s].inconsistent = m.seats[s].inconsistent.saturating_add(1);
                claimed[s] = 1 << card.index();
            } else {
                claimed[s] = set;
            }
        };
        let forget = |claimed: &mut [u8; MAX_PLAYERS], s: Seat, card: Option<Card>| {
            if let Some(x) = claimed.get_mut(s.index()) {
                *x = match card {
                    Some(c) => *x & !(1 << c.index()),
                    None => 0,
                };
            }
        };
        let mut last_action = None;
        let mut last_blocker: Option<(Seat, Card)> = None;
        // The claim open to challenge: (claimant, character claimed, if one is).
        let mut open: Option<(Seat, Option<Card>)> = None;
        // The challenge being resolved: (claimant, character, stage).
        let mut challenged: Option<(Seat, usize, usize)> = None;
        for e in &view.events {
            match *e {
                Event::Declared { seat, action, .. } => {
                    last_action = Some((seat, action));
                    if let Some(Claimed::Card(c)) = action.claim(view.options) {
                        claim(&mut claimed, &mut m, &lost, seat.index(), c);
                    }
                }
                // The hand changed unseen: a claim made before may no longer be held.
                Event::Exchanged { seat, .. } | Event::ShowedHand { seat, .. } => {
                    forget(&mut claimed, seat, None);
                }
                Event::ForcedExchange { target, .. } => forget(&mut claimed, target, None),
                Event::WindowOpened { kind } => {
                    let claimant = match kind {
                        WindowKind::Challenge => last_action.map(|(s, a): (Seat, Action)| {
                            let card = match a.claim(view.options) {
                                Some(Claimed::Card(c)) => Some(c),
                                _ => None,
                            };
                            (s, card)
                        }),
                        WindowKind::BlockChallenge => last_blocker.map(|(s, c)| (s, Some(c))),
                        WindowKind::Block => {
                            if let Some((actor, action)) = last_action {
                                let may: &mut dyn FnMut(usize) = &mut |s| {
                                    m.seats[s].block_chances =
                                        m.seats[s].block_chances.saturating_add(1);
                                };
                                match action.kind() {
                                    ActionKind::ForeignAid => {
                                        for s in 0..n {
                                            if s != actor.index() && alive(&lost, s) {
                                                may(s);
                                            }
                                        }
                                    }
                                    _ => {
                                        if let Some(t) = action.target()
                                            && t.index() < n
                                        {
                                            may(t.index());
                                        }
                                    }
                                }
                            }
                            None
                        }
                    };
                    open = claimant;
                    if let Some((c, card)) = claimant {
                        for s in 0..n {
                            if s != c.index() && alive(&lost, s) {
                                let g = stage(&lost, s);
                                let r = &mut m.seats[s];
                                r.challenge_chances[g] = r.challenge_chances[g].saturating_add(1);
                                if let Some(x) = r.chances_of_seat.get_mut(c.index()) {
                                    *x = x.saturating_add(1);
                                }
                                if let Some(card) = card {
                                    let x = &mut r.chances_of_card[card.index()];
                                    *x = x.saturating_add(1);
                                }
                            }
                        }
                    }
                }
                Event::BlockDeclared { seat, card } => {
                    last_blocker = Some((seat, card));
                    claim(&mut claimed, &mut m, &lost, seat.index(), card);
                    if let Some(r) = m.seats.get_mut(seat.index()) {
                        r.blocks = r.blocks.saturating_add(1);
                    }
                }
                Event::Challenged {
                    challenger,
                    claimant,
                    claim,
                } => {
                    if challenger.index() < n {
                        let g = stage(&lost, challenger.index());
                        let r = &mut m.seats[challenger.index()];
                        r.challenges[g] = r.challenges[g].saturating_add(1);
                        if let Some((c, card)) = open.take()
                            && c == claimant
                        {
                            if let Some(x) = r.challenges_of_seat.get_mut(c.index()) {
                                *x = x.saturating_add(1);
                            }
                            if let Some(card) = card {
                                let x = &mut r.challenges_of_card[card.index()];
                                *x = x.saturating_add(1);
                            }
                        }
                    }
                    challenged = match claim {
                        Claimed::Card(c) if claimant.index() < n => {
                            Some((claimant, c.index(), stage(&lost, claimant.index())))
                        }
                        _ => None,
                    };
                }
                Event::Proved { seat, card } => {
                    // The card shown went back to the Court; the rest of the hand stays.
                    forget(&mut claimed, seat, Some(card));
                    if let Some((c, card, g)) = challenged.take()
                        && c == seat
                    {
                        let r = &mut m.seats[c.index()];
                        r.proven[card][g] = r.proven[card][g].saturating_add(1);
                    }
                }
                Event::Disproved { seat, .. } => {
                    if let Some((c, card, g)) = challenged.take()
                        && c == seat
                    {
                        let r = &mut m.seats[c.index()];
                        r.caught[card][g] = r.caught[card][g].saturating_add(1);
                        // Counted as caught: the card it loses for it does not check the
                        // claim again.
                        if let Some(x) = claimed.get_mut(c.index()) {
                            *x &= !(1u8 << card);
                        }
                    }
                }
                Event::LostInfluence { seat, card } => {
                    let s = seat.index();
                    if s < n {
                        let bits = claimed[s];
                        let r = &mut m.seats[s];
                        if bits & 1 << card.index() != 0 {
                            let x = &mut r.revealed_true[card.index()];
                            *x = x.saturating_add(1);
                        } else if lost[s].saturating_add(1) >= size[s] {
                            // Its last hidden card, not the one it claimed: every claim
                            // still standing from this hand was a lie.
                            for (c, x) in r.revealed_lies.iter_mut().enumerate() {
                                if bits & 1 << c != 0 {
                                    *x = x.saturating_add(1);
                                }
                            }
                        }
                    }
                    forget(&mut claimed, seat, Some(card));
                    if let Some(l) = lost.get_mut(seat.index()) {
                        *l = l.saturating_add(1);
                    }
                }
                _ => {}
            }
        }
        m
    }

    /// This model with `other`'s records added (an earlier game at the same table, seat
    /// for seat). Models of tables of different sizes do not mix: `other` is ignored.
    pub fn merge(&self, other: &Model) -> Model {
        if other.players == 0 {
            return *self;
        }
        if self.players != 0 && self.players != other.players {
            return *self;
        }
        let mut m = *self;
        m.players = other.players;
        for (a, b) in m.seats.iter_mut().zip(&other.seats) {
            a.add(b);
        }
        m
    }

    /// The stage `seat` is at in `view` (0 early, 1 late).
    pub fn stage_of(view: &View, seat: Seat) -> usize {
        let left = view.players.iter().filter(|p| p.alive).count();
        let lost = view.players.get(seat.index()).map_or(0, face_up);
        usize::from(lost >= 1 || left <= 2)
    }
}

/// Influences each seat had lost before the first event in `view`'s log: the face-up
/// cards now, less the losses the log records (a set-up game may start with some). A
/// reader of the log counts up from here as it meets each loss.
pub fn lost_before_log(view: &View) -> [u8; MAX_PLAYERS] {
    let mut lost = [0u8; MAX_PLAYERS];
    for (l, p) in lost.iter_mut().zip(&view.players) {
        *l = face_up(p);
    }
    for e in &view.events {
        if let Event::LostInfluence { seat, .. } = e
            && let Some(l) = lost.get_mut(seat.index())
        {
            *l = l.saturating_sub(1);
        }
    }
    lost
}

/// How many of `player`'s cards are face up (influences lost).
fn face_up(player: &PlayerView) -> u8 {
    player
        .hand
        .up
        .iter()
        .take(usize::from(player.hand.len))
        .filter(|u| **u)
        .count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::beliefs::Beliefs;
    use crate::bots::beliefs::tests::{apply, three_seats};
    use crate::engine::{Action, Card, Input};

    /// Without observations a seat is an average player; proven claims make it read as
    /// honest, caught ones as a liar, most for the character and stage observed and
    /// somewhat for the others (shrinkage towards the seat's overall rate).
    #[test]
    fn rates_start_average_and_follow_the_record() {
        let avg = Record::default();
        for c in 0..6 {
            for g in 0..STAGES {
                assert!((avg.bluff_ratio(c, g) - BLUFF_RATE).abs() < 0.05);
            }
        }
        assert!((avg.challenge_rate(0) - DEFAULT_CHALLENGE_RATE).abs() < 1e-6);
        let duke = Card::Duke.index();
        let cap = Card::Captain.index();
        let mut honest = Record::default();
        honest.proven[duke][1] = 6;
        let mut liar = Record::default();
        liar.caught[duke][1] = 6;
        assert!(honest.bluff_ratio(duke, 1) < 0.4 * BLUFF_RATE);
        assert!(honest.bluff_ratio(cap, 1) < avg.bluff_ratio(cap, 1));
        assert!(honest.bluff_ratio(cap, 1) > honest.bluff_ratio(duke, 1));
        assert!(liar.bluff_ratio(duke, 1) > 2.0 * BLUFF_RATE);
        assert!(liar.bluff_ratio(cap, 0) > avg.bluff_ratio(cap, 0));
        let doubter = Record {
            challenges: [5, 5],
            challenge_chances: [10, 10],
            ..Record::default()
        };
        assert!(doubter.challenge_rate(0) > 0.35);
        // A single lucky read does not brand a player.
        let mut once = Record::default();
        once.caught[duke][0] = 1;
        assert!(once.bluff_ratio(duke, 0) < 2.0 * BLUFF_RATE);
    }

    /// A seat that lets every claim pass grows likelier to be one who never challenges,
    /// slowly (most players challenge only the claims that matter); one challenge ends it.
    #[test]
    fn a_seat_is_read_as_one_who_never_challenges_only_after_many_passes() {
        assert!((Record::default().p_silent() - PRIOR_SILENT).abs() < 1e-6);
        let passed = |n: u16| Record {
            challenge_chances: [n, 0],
            ..Record::default()
        };
        assert!(passed(8).p_silent() < 0.15, "{}", passed(8).p_silent());
        assert!(passed(30).p_silent() > passed(8).p_silent());
        assert!(passed(60).p_silent() > 0.9, "{}", passed(60).p_silent());
        let once = Record {
            challenges: [0, 1],
            challenge_chances: [60, 1],
            ..Record::default()
        };
        assert_eq!(once.p_silent(), 0.0);
    }

    /// The record is read from the public events: a challenged Tax proven, who could have
    /// challenged, who did.
    #[test]
    fn the_record_follows_the_public_events() {
        let mut g = three_seats();
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Challenge);
        apply(&mut g, Seat(2), Input::Pass);
        let m = Model::record(&g.view(Seat(2)));
        assert_eq!(m.players, 3);
        assert_eq!(m.seats[0].proven[Card::Duke.index()][0], 1);
        assert_eq!(m.seats[0].caught, [[0; STAGES]; 6]);
        assert_eq!(m.seats[1].challenges, [1, 0]);
        assert_eq!(m.seats[1].challenge_chances, [1, 0]);
        assert_eq!(m.seats[2].challenge_chances, [1, 0]);
        assert_eq!(m.seats[0].challenge_chances, [0, 0]);
        // Merging adds seat by seat; a model of another table size is not mixed in.
        let twice = m.merge(&m);
        assert_eq!(twice.seats[0].proven[Card::Duke.index()][0], 2);
        let other = Model { players: 4, ..m };
        assert_eq!(m.merge(&other), m);
        assert_eq!(m.merge(&Model::default()), m);
    }

    /// Who could challenge whose claim of what, and who did: the record keeps each seat's
    /// challenges by claimant and by the character claimed.
    #[test]
    fn the_record_keeps_whose_claims_of_what_each_seat_challenges() {
        let mut g = three_seats();
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Challenge);
        apply(&mut g, Seat(2), Input::Pass);
        let m = Model::record(&g.view(Seat(0)));
        let duke = Card::Duke.index();
        let (one, two) = (&m.seats[1], &m.seats[2]);
        assert_eq!((one.challenges_of_seat[0], one.chances_of_seat[0]), (1, 1));
        assert_eq!(
            (one.challenges_of_card[duke], one.chances_of_card[duke]),
            (1, 1)
        );
        assert_eq!((two.challenges_of_seat[0], two.chances_of_seat[0]), (0, 1));
        assert_eq!(
            (two.challenges_of_card[duke], two.chances_of_card[duke]),
            (0, 1)
        );
        assert_eq!(one.chances_of_seat[2], 0);
        assert_eq!(one.chances_of_card[Card::Captain.index()], 0);
        // Nobody could challenge seat 0 about its own claim.
        assert_eq!(m.seats[0].chances_of_seat, [0; MAX_PLAYERS]);
        let twice = m.merge(&m);
        assert_eq!(twice.seats[1].challenges_of_card[duke], 2);
        assert_eq!(twice.seats[2].chances_of_seat[0], 2);
    }

    /// A seat that challenges one claimant's Captains and lets another's Dukes pass reads
    /// as doubting the first's Captain claims more than its average, the second's Dukes
    /// less; without a record every factor is 1.
    #[test]
    fn challenge_factors_follow_whose_claims_a_seat_doubts() {
        let avg = Record::default();
        assert!((avg.challenge_factor(Card::Captain.index(), 0) - 1.0).abs() < 1e-6);
        let (cap, duke) = (Card::Captain.index(), Card::Duke.index());
        let mut r = Record {
            challenges: [6, 0],
            challenge_chances: [16, 0],
            ..Record::default()
        };
        r.challenges_of_card[cap] = 6;
        r.chances_of_card[cap] = 6;
        r.chances_of_card[duke] = 10;
        r.challenges_of_seat[0] = 6;
        r.chances_of_seat[0] = 6;
        r.chances_of_seat[2] = 10;
        assert!(r.challenge_factor(cap, 0) > 2.0);
        assert!(r.challenge_factor(duke, 2) < 0.6);
        assert!(r.challenge_factor(cap, 2) < r.challenge_factor(cap, 0));
        assert!(r.challenge_factor(duke, 0) < r.challenge_factor(cap, 0));
        // Out-of-range indices are neutral, not a panic.
        assert!((avg.challenge_factor(9, 99) - 1.0).abs() < 1e-6);
    }

    /// A bluff is priced by how the opponent challenges this seat's claims of that
    /// character: remembered challenges of every Captain seat 0 claimed make its bluffed
    /// Steal (it holds no Captain, R3) worth less, and leave its honest Tax alone.
    #[test]
    fn a_lie_costs_more_against_a_seat_that_challenges_that_claim() {
        use crate::bots::knowledge::Knowledge;
        use crate::bots::normal::Policy;
        use crate::bots::personality::Personality;
        let g = three_seats();
        let view = g.view(Seat(0));
        let cap = Card::Captain.index();
        let mut doubter = Model {
            players: 3,
            ..Model::default()
        };
        for s in [1, 2] {
            let r = &mut doubter.seats[s];
            r.challenges = [6, 0];
            r.challenge_chances = [20, 0];
            r.challenges_of_card[cap] = 6;
            r.chances_of_card[cap] = 6;
            r.challenges_of_seat[0] = 6;
            r.chances_of_seat[0] = 20;
        }
        // The same overall challenge rate, spread over other claimants' Dukes.
        let mut spread = doubter;
        for s in [1, 2] {
            let r = &mut spread.seats[s];
            r.challenges_of_card[cap] = 0;
            r.challenges_of_card[Card::Duke.index()] = 6;
            r.chances_of_card[Card::Duke.index()] = 14;
            r.challenges_of_seat[0] = 0;
            r.challenges_of_seat[3 - s] = 6;
            r.chances_of_seat[3 - s] = 14;
        }
        let t = Knowledge::from_view(&view).expect("a seat's view");
        let policy = Policy::new(Personality::BALANCED);
        let score = |m: &Model, a: Action| {
            let reads = Beliefs::with_memory(&view, m).reads_at(&view);
            policy.score_action(&t, &reads, a)
        };
        let steal = Action::Steal(Seat(1));
        assert!(
            score(&doubter, steal) < score(&spread, steal) - 0.5,
            "{} {}",
            score(&doubter, steal),
            score(&spread, steal)
        );
        assert_eq!(score(&doubter, Action::Tax), score(&spread, Action::Tax));
    }

    /// The same claim reads as more likely true from a player remembered as honest than
    /// from one remembered as a liar.
    #[test]
    fn a_remembered_record_changes_how_a_claim_is_read() {
        let mut g = three_seats();
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        let view = g.view(Seat(1));
        let duke = Card::Duke.index();
        let mut honest = Model {
            players: 3,
            ..Model::default()
        };
        honest.seats[0].proven[duke] = [5, 5];
        let mut liar = honest;
        liar.seats[0].proven[duke] = [0, 0];
        liar.seats[0].caught[duke] = [5, 5];
        let p = |m: &Model| Beliefs::with_memory(&view, m).p_has(Seat(0), Card::Duke);
        let (ph, pa, pl) = (p(&honest), p(&Model::default()), p(&liar));
        assert!(ph > pa + 0.1 && pa > pl + 0.1, "{ph} {pa} {pl}");
    }

    /// R6.1, R4: an honest player holds every character it claims, so claims of more
    /// characters than it has hidden cards since its hand last changed rule it out; a
    /// proven claim makes it likelier (the shown card is replaced, the claim forgotten).
    #[test]
    fn claims_that_cannot_all_be_true_rule_out_an_honest_player() {
        let prior = 0.3;
        assert!((Record::default().p_honest(prior) - prior).abs() < 1e-6);
        assert_eq!(Record::default().p_honest(0.0), 0.0);
        // Seat 0 has lost its Assassin: one hidden card, a Duke.
        let mut g = crate::bots::knowledge::fixed_deal(
            crate::engine::Options::default(),
            vec![
                [Card::Duke, Card::Assassin],
                [Card::Captain, Card::Contessa],
                [Card::Ambassador, Card::Contessa],
            ],
            None,
            vec![vec![Card::Assassin], vec![], vec![]],
        )
        .expect("valid setup");
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Challenge);
        apply(&mut g, Seat(2), Input::Pass);
        apply(&mut g, Seat(1), Input::Lose(Card::Contessa));
        let m = Model::record(&g.view(Seat(2)));
        let proven = m.seats[0].p_honest(prior);
        assert!(proven > prior, "{proven}");
        assert_eq!(m.seats[0].inconsistent, 0);
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(2), Input::Act(Action::Income));
        // A Tax again: the Duke drawn back may be held, one character claimed.
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        apply(&mut g, Seat(2), Input::Pass);
        assert_eq!(Model::record(&g.view(Seat(2))).seats[0].inconsistent, 0);
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(2), Input::Act(Action::Income));
        // A Steal on one hidden card that was just claimed to be a Duke.
        apply(&mut g, Seat(0), Input::Act(Action::Steal(Seat(2))));
        let m = Model::record(&g.view(Seat(2)));
        assert_eq!(m.seats[0].inconsistent, 1);
        assert_eq!(m.seats[0].p_honest(prior), 0.0);
        assert_eq!(m.seats[1].inconsistent + m.seats[2].inconsistent, 0);
    }

    /// R9.1: a card turned face up checks the claims its hand made: seat 0 claims the
    /// Duke (R4, Tax) unchallenged and loses a Duke to a Coup, which shows the claim true;
    /// it then claims the Captain (a Steal from seat 2) on its last card, a Contessa, and loses that
    /// card, which shows the Captain claim false.
    #[test]
    fn a_lost_card_checks_the_claims_its_hand_made() {
        let mut g = crate::bots::knowledge::fixed_deal(
            crate::engine::Options::default(),
            vec![
                [Card::Duke, Card::Contessa],
                [Card::Captain, Card::Ambassador],
                [Card::Ambassador, Card::Assassin],
            ],
            Some(vec![2, 7, 9]),
            vec![vec![], vec![], vec![]],
        )
        .expect("valid setup");
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        apply(&mut g, Seat(2), Input::Pass);
        apply(&mut g, Seat(1), Input::Act(Action::Coup(Seat(0))));
        apply(&mut g, Seat(0), Input::Lose(Card::Duke));
        let m = Model::record(&g.view(Seat(2)));
        let duke = Card::Duke.index();
        assert_eq!(m.seats[0].revealed_true[duke], 1);
        assert_eq!(m.seats[0].revealed_lies, [0; 6]);
        apply(&mut g, Seat(2), Input::Act(Action::Income));
        apply(&mut g, Seat(0), Input::Act(Action::Steal(Seat(2))));
        apply(&mut g, Seat(1), Input::Pass);
        apply(&mut g, Seat(2), Input::Pass);
        apply(&mut g, Seat(2), Input::Pass);
        let m = Model::record(&g.view(Seat(2)));
        assert_eq!(m.seats[0].revealed_lies, [0; 6]);
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(2), Input::Act(Action::Coup(Seat(0))));
        let m = Model::record(&g.view(Seat(2)));
        assert_eq!(m.seats[0].revealed_lies[Card::Captain.index()], 1);
        assert_eq!(m.seats[0].revealed_true[duke], 1);
        let twice = m.merge(&m);
        assert_eq!(twice.seats[0].revealed_lies[Card::Captain.index()], 2);
    }

    /// Over whole games with every option set, a player who never lies is never found
    /// claiming what it cannot hold (exchanges, proven claims, lost and forced-out cards
    /// all change a hand), and a heavy bluffer often is.
    #[test]
    fn an_honest_player_is_never_inconsistent_and_a_bluffer_often_is() {
        use crate::bots::styles::make_named;
        use crate::bots::{Bot, Budget};
        use crate::engine::{Game, Options};
        use rand::SeedableRng;
        use rand_chacha::ChaCha8Rng;
        let mut flagged = 0;
        let mut games = 0;
        for g in 0..48u64 {
            let options = Options::ALL[g as usize % 8];
            let n = if options.two_player_draft {
                2
            } else {
                3 + g as usize % 4
            };
            let names = [
                "honest",
                "bluffer",
                "normal",
                "honest",
                "challenger",
                "honest",
            ];
            let mut bots: Vec<Box<dyn Bot>> = (0..n)
                .map(|s| make_named(names[s], g * 16 + s as u64).expect("a name"))
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(g);
            let mut game = Game::deal(n, options, None, &mut rng).expect("deal");
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut steps = 0;
            while !game.is_over() && steps < 3_000 {
                steps += 1;
                let seat = game.owing().iter().next().expect("someone owes");
                game.legal_inputs(seat, &mut legal);
                let input =
                    bots[seat.index()].decide(&game.view(seat), &legal, &Budget::iterations(1));
                game.apply(seat, input, &mut rng, &mut events)
                    .expect("legal");
                events.clear();
            }
            let m = Model::record(&game.view(Seat(1)));
            for s in (0..n).filter(|&s| names[s] == "honest") {
                assert_eq!(
                    m.seats[s].inconsistent, 0,
                    "game {g} ({options:?}): seat {s}"
                );
            }
            games += 1;
            flagged += usize::from(m.seats[1].inconsistent > 0);
        }
        assert!(
            flagged * 3 >= games,
            "the bluffer was found out in {flagged} of {games}"
        );
    }
}
