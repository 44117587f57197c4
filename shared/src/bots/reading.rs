//! [`Reading`]: what Hard has seen of one opponent, weighed against its strategy table.
//!
//! Hard's heads-up strategy table ([`super::regret`]) was learned in self-play, where a
//! claim is a lie as often as the equilibrium makes it and a claim is challenged as often
//! as the equilibrium does. A real opponent is not that player: one may never bluff the
//! Assassin, another may challenge every Tax. The table's shares are kept as a prior; the
//! opponent's record (this game's and, at a rematch, the earlier games' at the same table:
//! [`super::Bot::remember`]) moves them, by Beta estimates with a prior weight:
//!
//! - how often its claims of each character were lies when checked: a challenge proved or
//!   caught it, or a card it lost showed the claim true or its last card showed it false
//!   ([`Record::revealed_true`], [`Record::revealed_lies`]). Hard challenges that
//!   character in proportion to the estimate against the prior's.
//! - how often it challenges when it may: Hard's own bluffs are weighed in proportion to
//!   how much less (or more) often than the prior's it challenges; and the chance that it
//!   is one who challenges every other claim ([`Reading::p_challenger`]), which a few
//!   showings make likely, as a slow average would not within one game. At three or more
//!   seats, where there is no strategy table, Hard reads that chance for each seat that
//!   may challenge its claim, and drops its bluffs by the chance that one of them is.
//! - how often its claims of every character together were lies
//!   ([`Reading::pooled_lie_share`]): the prior of each character's estimate, so that a
//!   player caught lying about two characters is doubted on a third.
//!
//! With no record the shares are the table's; each observation moves them a little, so a
//! player who never bluffs the Assassin stops being challenged on it after a few showings,
//! and one lucky read does not undo the table.

use super::knowledge::{Knowledge, is_bluff};
use super::model::{Record, lost_before_log};
use crate::engine::{Card, Claimed, Event, Input, MAX_PLAYERS, Pending, Seat, View, WindowKind};

/// One opponent's checked claims and challenges, every stage together.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Reading {
    /// Per character: claims checked and found lies, and claims checked.
    pub lies: [f32; 6],
    pub checked: [f32; 6],
    /// Challenges made, and windows it could have challenged in.
    pub challenges: f32,
    pub chances: f32,
}

impl Reading {
    /// The reading of `record`.
    pub fn of(record: &Record) -> Reading {
        let mut r = Reading::default();
        for c in 0..6 {
            let caught: u16 = record.caught[c].iter().sum();
            let proven: u16 = record.proven[c].iter().sum();
            let lies = f32::from(caught) + f32::from(record.revealed_lies[c]);
            let truths = f32::from(proven) + f32::from(record.revealed_true[c]);
            r.lies[c] = lies;
            r.checked[c] = lies + truths;
        }
        r.challenges = record.challenges.iter().map(|&x| f32::from(x)).sum();
        r.chances = record.challenge_chances.iter().map(|&x| f32::from(x)).sum();
        r
    }

    /// The estimated share of lies among this opponent's claims of `card`: a Beta prior
    /// of mean `prior` worth `weight` checked claims, updated by the checked claims.
    pub fn lie_share(&self, card: Card, prior: f32, weight: f32) -> f32 {
        let c = card.index();
        (self.lies[c] + weight * prior) / (self.checked[c] + weight).max(1e-6)
    }

    /// The estimated share of lies among this opponent's checked claims of every
    /// character together: a Beta prior of mean `prior` worth `weight` checked claims
    /// (`prior` itself at a weight of 0, whatever the record). A player caught lying
    /// about two characters is likelier to lie about a third than the prior says; used
    /// as the prior of [`Reading::lie_share`], it reads an opponent that lies about
    /// everything within a game, before it has been checked on each character.
    pub fn pooled_lie_share(&self, prior: f32, weight: f32) -> f32 {
        if weight <= 0.0 {
            return prior;
        }
        let lies: f32 = self.lies.iter().sum();
        let checked: f32 = self.checked.iter().sum();
        (lies + weight * prior) / (checked + weight)
    }

    /// The estimated share of the claims it may challenge that it challenges, as
    /// [`Reading::lie_share`].
    pub fn challenge_share(&self, prior: f32, weight: f32) -> f32 {
        (self.challenges + weight * prior) / (self.chances + weight).max(1e-6)
    }

    /// The chance that this opponent is one who challenges `often` of the claims it may
    /// rather than `usual` of them, from a prior chance `prior` and its record of
    /// challenges (a binomial likelihood of each). Unlike [`Reading::challenge_share`],
    /// whose prior is worth many windows, two challenges in three windows already make a
    /// player who challenges half the time likelier than not, as they should.
    pub fn p_challenger(&self, usual: f32, often: f32, prior: f32) -> f32 {
        let (usual, often) = (usual.clamp(1e-3, 0.999), often.clamp(1e-3, 0.999));
        let prior = prior.clamp(0.0, 1.0);
        let passes = (self.chances - self.challenges).max(0.0);
        let log_ratio =
            self.challenges * (often / usual).ln() + passes * ((1.0 - often) / (1.0 - usual)).ln();
        let odds = prior / (1.0 - prior).max(1e-6) * log_ratio.clamp(-50.0, 50.0).exp();
        odds / (1.0 + odds)
    }
}

/// Per seat, the challenges it made and the claims it could have challenged where its
/// answer would have shown (R5): answers are sealed, and when several seats challenge only
/// the first clockwise from the claimant counts, the others lapse unseen. A seat's chance
/// counts in a window nobody challenged (every seat asked let the claim pass), and in a
/// challenged one for the seats from the claimant clockwise to the challenger (those before
/// it let it pass); the seats after it are left out, since their answers are not known.
/// [`Record`]'s counts take every window a seat was asked in as a chance, which at a large
/// table reads a player who challenges half the claims as one who seldom does.
pub fn shown_challenges(view: &View) -> [(u16, u16); MAX_PLAYERS] {
    let n = view.players.len().min(MAX_PLAYERS);
    let mut shown = [(0u16, 0u16); MAX_PLAYERS];
    if n < 2 {
        return shown;
    }
    let mut lost = lost_before_log(view);
    let mut size = [2u8; MAX_PLAYERS];
    for (s, p) in view.players.iter().enumerate().take(n) {
        size[s] = p.hand.len;
    }
    let alive = |lost: &[u8; MAX_PLAYERS], s: usize| lost[s] < size[s].max(1);
    let (mut actor, mut blocker, mut open) = (None, None, None);
    for e in &view.events {
        match *e {
            Event::Declared { seat, .. } => actor = Some(seat),
            Event::BlockDeclared { seat, .. } => blocker = Some(seat),
            Event::WindowOpened { kind } => {
                open = match kind {
                    WindowKind::Challenge => actor,
                    WindowKind::BlockChallenge => blocker,
                    WindowKind::Block => None,
                };
            }
            Event::Unchallenged { claimant } if open == Some(claimant) => {
                for (s, x) in shown.iter_mut().enumerate().take(n) {
                    if s != claimant.index() && alive(&lost, s) {
                        x.1 = x.1.saturating_add(1);
                    }
                }
                open = None;
            }
            Event::Challenged {
                challenger,
                claimant,
                ..
            } if open == Some(claimant) && challenger.index() < n => {
                let mut s = claimant.index();
                for _ in 1..n {
                    s = (s + 1) % n;
                    if alive(&lost, s) {
                        shown[s].1 = shown[s].1.saturating_add(1);
                    }
                    if s == challenger.index() {
                        shown[s].0 = shown[s].0.saturating_add(1);
                        break;
                    }
                }
                open = None;
            }
            Event::LostInfluence { seat, .. } => {
                if let Some(l) = lost.get_mut(seat.index()) {
                    *l = l.saturating_add(1);
                }
            }
            _ => {}
        }
    }
    shown
}

/// The priors and their weights [`weigh`] reads an opponent with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Priors {
    /// The share of checked claims that are lies in the prior, and its weight in claims
    /// (0: the claims' record changes nothing).
    pub lie: f32,
    pub lie_weight: f32,
    /// The weight, in checked claims, of `lie` against the opponent's checked claims of
    /// every character together, whose estimate ([`Reading::pooled_lie_share`]) is then
    /// the prior of each character's (0: `lie` is).
    pub pooled_weight: f32,
    /// The share of the claims it may that the prior's opponent challenges, and its weight
    /// in windows (0: the challenges' record changes nothing).
    pub challenge: f32,
    pub challenge_weight: f32,
}

/// The claim a challenge window in `t` asks about: the claimant and the character
/// claimed (the action's in a challenge window, the block's in a block's).
pub fn claim_asked(t: &Knowledge) -> Option<(Seat, Card)> {
    let Pending::Respond { window } = t.pending else {
        return None;
    };
    let turn = t.turn?;
    match window.kind {
        WindowKind::Challenge => match turn.action.claim(t.options) {
            Some(Claimed::Card(c)) => Some((turn.actor, c)),
            _ => None,
        },
        WindowKind::BlockChallenge => turn.block,
        WindowKind::Block => None,
    }
}

/// `share` moved by `factor`: scaled down by a factor below 1; above 1, the rest of the
/// weight (1 - `share`) scaled down by it instead, so that a share of 0 or 1 stays where
/// it is only as long as the factor leaves it there.
fn moved(share: f32, factor: f32) -> f32 {
    let share = share.clamp(0.0, 1.0);
    if !factor.is_finite() {
        return share;
    }
    if factor <= 1.0 {
        share * factor.max(0.0)
    } else {
        1.0 - (1.0 - share) / factor
    }
}

/// Moves the table's `shares` (of `t`'s seat's legal inputs) by what `opponent`'s
/// `reading` shows against `priors`: a challenge of its claim by the ratio of its
/// estimated lie share to the prior's, each of this seat's bluffs by the ratio of the
/// prior's challenge share to its estimated one. The other inputs share what is left, in
/// their proportions (to a pass, if none of them had any). Returns whether any share
/// moved.
pub fn weigh(
    shares: &mut [(Input, f32)],
    t: &Knowledge,
    opponent: Seat,
    reading: &Reading,
    priors: &Priors,
) -> bool {
    let mut fixed = [false; 16];
    let mut moved_any = false;
    let mut total_fixed = 0.0;
    if priors.lie_weight > 0.0
        && let Some((claimant, card)) = claim_asked(t)
        && claimant == opponent
        && priors.lie > 0.0
    {
        let pooled = reading.pooled_lie_share(priors.lie, priors.pooled_weight);
        let factor = reading.lie_share(card, pooled, priors.lie_weight) / priors.lie;
        for (k, (i, s)) in shares.iter_mut().enumerate() {
            if *i == Input::Challenge && k < fixed.len() {
                let new = moved(*s, factor);
                moved_any |= (new - *s).abs() > 1e-6;
                *s = new;
                fixed[k] = true;
                total_fixed += new;
            }
        }
    }
    if priors.challenge_weight > 0.0 && priors.challenge > 0.0 {
        let est = reading
            .challenge_share(priors.challenge, priors.challenge_weight)
            .max(1e-3);
        let factor = priors.challenge / est;
        for (k, (i, s)) in shares.iter_mut().enumerate() {
            if k < fixed.len() && !fixed[k] && is_bluff(t, *i) {
                let new = (*s * factor).clamp(0.0, 1.0);
                moved_any |= (new - *s).abs() > 1e-6;
                *s = new;
                fixed[k] = true;
                total_fixed += new;
            }
        }
    }
    if !moved_any {
        return false;
    }
    // What is left goes to the other inputs in their proportions.
    let left = (1.0 - total_fixed).max(0.0);
    let rest: f32 = shares
        .iter()
        .enumerate()
        .filter(|(k, _)| *k >= fixed.len() || !fixed[*k])
        .map(|(_, (_, s))| *s)
        .sum();
    if total_fixed > 1.0 {
        // Bluffs scaled up past the whole: every share in proportion.
        for (_, s) in shares.iter_mut() {
            *s /= total_fixed + rest;
        }
        return true;
    }
    if rest > 0.0 {
        for (k, (_, s)) in shares.iter_mut().enumerate() {
            if k >= fixed.len() || !fixed[k] {
                *s *= left / rest;
            }
        }
    } else if let Some((_, s)) = shares.iter_mut().find(|(i, _)| *i == Input::Pass) {
        *s = left;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::beliefs::tests::apply;
    use crate::engine::{Action, Game, Options};

    fn deal() -> Game {
        crate::bots::knowledge::fixed_deal(
            Options::default(),
            vec![
                [Card::Assassin, Card::Duke],
                [Card::Captain, Card::Ambassador],
            ],
            None,
            vec![vec![], vec![]],
        )
        .expect("valid setup")
    }

    const PRIORS: Priors = Priors {
        lie: 0.35,
        lie_weight: 3.0,
        pooled_weight: 0.0,
        challenge: 0.15,
        challenge_weight: 10.0,
    };

    /// The estimates start at the prior and follow the record: proven claims of a
    /// character lower its lie share, caught ones raise it, a little at a time.
    #[test]
    fn estimates_start_at_the_prior_and_follow_checked_claims() {
        let none = Reading::default();
        assert!((none.lie_share(Card::Assassin, 0.35, 3.0) - 0.35).abs() < 1e-6);
        assert!((none.challenge_share(0.15, 10.0) - 0.15).abs() < 1e-6);
        let mut rec = Record::default();
        rec.proven[Card::Assassin.index()] = [2, 1];
        rec.revealed_true[Card::Assassin.index()] = 1;
        rec.caught[Card::Duke.index()] = [1, 0];
        rec.revealed_lies[Card::Duke.index()] = 1;
        let r = Reading::of(&rec);
        assert_eq!(r.checked[Card::Assassin.index()], 4.0);
        assert_eq!(r.lies[Card::Assassin.index()], 0.0);
        let honest = r.lie_share(Card::Assassin, 0.35, 3.0);
        assert!(honest < 0.35 * 0.5 && honest > 0.0, "{honest}");
        assert!(r.lie_share(Card::Duke, 0.35, 3.0) > 0.55);
        // Other characters stay at the prior.
        assert!((r.lie_share(Card::Captain, 0.35, 3.0) - 0.35).abs() < 1e-6);
    }

    /// R6: heads-up, seat 1 answers seat 0's assassination (R4: it claims the Assassin).
    /// A table that always challenges it challenges a little less after each claim of the
    /// Assassin seat 0 proved, and more after one it was caught in; with no record, or no
    /// weight, the table's shares stand.
    #[test]
    fn an_opponents_proven_assassins_make_the_challenge_rarer() {
        let mut g = deal();
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
        let view = g.view(Seat(1));
        let t = Knowledge::from_view(&view).expect("seated");
        assert_eq!(claim_asked(&t), Some((Seat(0), Card::Assassin)));
        let table = [(Input::Pass, 0.0), (Input::Challenge, 1.0)];
        let challenge = |proven: u16, caught: u16, priors: &Priors| {
            let mut rec = Record::default();
            rec.proven[Card::Assassin.index()] = [proven, 0];
            rec.caught[Card::Assassin.index()] = [caught, 0];
            let mut s = table;
            weigh(&mut s, &t, Seat(0), &Reading::of(&rec), priors);
            assert!((s[0].1 + s[1].1 - 1.0).abs() < 1e-5, "{s:?}");
            s[1].1
        };
        assert_eq!(challenge(0, 0, &PRIORS), 1.0);
        let mut last = 1.0;
        for n in 1..6 {
            let now = challenge(n, 0, &PRIORS);
            assert!(now < last, "{n}: {now} after {last}");
            last = now;
        }
        assert!(last < 0.4, "{last}");
        let off = Priors {
            lie_weight: 0.0,
            ..PRIORS
        };
        assert_eq!(challenge(5, 0, &off), 1.0);
        // A table that never challenges: the caught Assassins make the challenge likelier.
        let mut rec = Record::default();
        rec.caught[Card::Assassin.index()] = [3, 0];
        let mut s = [(Input::Pass, 0.5), (Input::Challenge, 0.5)];
        weigh(&mut s, &t, Seat(0), &Reading::of(&rec), &PRIORS);
        assert!(s[1].1 > 0.6, "{s:?}");
        // A claim by another seat (none here) is not this opponent's.
        let mut s = table;
        assert!(!weigh(&mut s, &t, Seat(1), &Reading::of(&rec), &PRIORS));
    }

    /// A player caught lying about two characters is doubted on a third before it has
    /// been checked on it; one whose checked claims were true, less than the prior; at a
    /// pooled weight of 0 every character starts from the prior.
    #[test]
    fn lies_caught_on_some_characters_raise_the_others() {
        let mut rec = Record::default();
        rec.caught[Card::Duke.index()] = [1, 0];
        rec.caught[Card::Captain.index()] = [1, 0];
        let liar = Reading::of(&rec);
        let pooled = liar.pooled_lie_share(0.35, 3.0);
        assert!(pooled > 0.55, "{pooled}");
        let ambassador = liar.lie_share(Card::Ambassador, pooled, 3.0);
        assert!(ambassador > 0.5, "{ambassador}");
        assert!((liar.pooled_lie_share(0.35, 0.0) - 0.35).abs() < 1e-6);
        let mut rec = Record::default();
        rec.proven[Card::Duke.index()] = [2, 0];
        let truthful = Reading::of(&rec);
        assert!(truthful.pooled_lie_share(0.35, 3.0) < 0.25);
    }

    /// The chance that a player challenges half the claims rather than the prior's share:
    /// the prior with no record, likelier than not after two challenges in three windows,
    /// near certain after five in five, and falling as it lets claims pass.
    #[test]
    fn a_few_challenges_make_a_frequent_challenger_likely() {
        let read = |challenges: f32, chances: f32| {
            Reading {
                challenges,
                chances,
                ..Reading::default()
            }
            .p_challenger(0.15, 0.45, 0.2)
        };
        assert!((read(0.0, 0.0) - 0.2).abs() < 1e-5);
        assert!(read(1.0, 1.0) > 0.4);
        assert!(read(2.0, 3.0) > 0.5, "{}", read(2.0, 3.0));
        assert!(read(5.0, 5.0) > 0.95);
        assert!(read(0.0, 3.0) < 0.1);
        assert!(read(1.0, 8.0) < 0.2, "{}", read(1.0, 8.0));
    }

    /// R5, R5.1: at four seats seat 0's Tax (a lie) is challenged by seats 2 and 3 after
    /// seat 1 passes: only seat 2's challenge, the first clockwise, shows, so seat 3's
    /// answer is not counted, where the record counts it as a claim let pass. Seat 2's
    /// Tax, which nobody challenges, counts for every other seat still in the game.
    #[test]
    fn only_challenges_that_would_have_shown_are_counted() {
        let mut g = crate::bots::knowledge::fixed_deal(
            Options::default(),
            vec![
                [Card::Captain, Card::Assassin],
                [Card::Contessa, Card::Ambassador],
                [Card::Duke, Card::Contessa],
                [Card::Ambassador, Card::Captain],
            ],
            None,
            vec![vec![], vec![], vec![], vec![]],
        )
        .expect("valid setup");
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        apply(&mut g, Seat(2), Input::Challenge);
        apply(&mut g, Seat(3), Input::Challenge);
        apply(&mut g, Seat(0), Input::Lose(Card::Captain));
        let view = g.view(Seat(0));
        let shown = shown_challenges(&view);
        assert_eq!(&shown[..4], &[(0, 0), (0, 1), (1, 1), (0, 0)]);
        let record = crate::bots::model::Model::record(&view);
        assert_eq!(record.seats[3].challenge_chances.iter().sum::<u16>(), 1);
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(2), Input::Act(Action::Tax));
        for s in [0, 1, 3] {
            apply(&mut g, Seat(s), Input::Pass);
        }
        let shown = shown_challenges(&g.view(Seat(1)));
        assert_eq!(&shown[..4], &[(0, 1), (0, 2), (1, 1), (0, 1)]);
        // Heads-up, a challenge always shows: the counts are the record's.
        let mut g = deal();
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Challenge);
        assert_eq!(&shown_challenges(&g.view(Seat(1)))[..2], &[(0, 0), (1, 1)]);
    }

    /// Seat 0's bluffs (a Tax without the Duke, R4) weigh less against a player who
    /// challenges often, more against one who never does; its honest choices share the
    /// rest.
    #[test]
    fn bluffs_follow_how_often_the_opponent_challenges() {
        let g = deal();
        let view = g.view(Seat(1));
        let t = Knowledge::from_view(&view).expect("seated");
        // Seat 1 holds no Duke: Tax is a bluff, Income is not.
        let table = [
            (Input::Act(Action::Income), 0.5),
            (Input::Act(Action::Tax), 0.5),
        ];
        let tax = |challenges: u16, chances: u16| {
            let rec = Record {
                challenges: [challenges, 0],
                challenge_chances: [chances, 0],
                ..Record::default()
            };
            let mut s = table;
            weigh(&mut s, &t, Seat(0), &Reading::of(&rec), &PRIORS);
            assert!((s[0].1 + s[1].1 - 1.0).abs() < 1e-5, "{s:?}");
            s[1].1
        };
        assert!((tax(0, 0) - 0.5).abs() < 1e-6);
        assert!(tax(10, 12) < 0.3, "{}", tax(10, 12));
        assert!(tax(0, 30) > 0.6, "{}", tax(0, 30));
    }
}
