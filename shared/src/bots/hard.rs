//! [`Hard`]: search over the hidden information.
//!
//! Determinized Monte Carlo search with UCB1 at the root: each iteration samples the
//! cards this seat cannot see from its [`Beliefs`] (opponents' hands weighted by the
//! bluff model, jointly consistent with exact card counting), builds a full game with
//! [`Game::determinize`], tries one of its legal inputs (chosen by UCB1 across
//! iterations), and plays the game out with the Normal [`Policy`] in every seat — each
//! playout seat deciding from its own cards, the public state and the claims in play,
//! never from anyone else's cards. Anytime: it stops at the budget's clock or iteration
//! cap, and a smaller budget gives a weaker but legal answer. Without a clock it is a pure
//! function of its seed, the view and the legal inputs.
//!
//! The scratch buffers (the sampled assignment, legal inputs, events) live in the bot and
//! are reused, so a playout allocates only the game it plays (one clone of the event log
//! and claim record per iteration).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::beliefs::{Beliefs, Reads};
use super::knowledge::{Knowledge, is_bluff};
use super::model::{BLUFF_RATE, DEFAULT_CHALLENGE_RATE, Model};
use super::normal::{Policy, Tuning};
use super::personality::Personality;
use super::{Bot, BotLevel, Budget};
use crate::engine::{
    Action, ActionKind, Card, Event, Game, Input, MAX_PLAYERS, Pending, Seat, View,
};

/// The most inputs one playout plays before it is scored by position.
const PLAYOUT_CAP: usize = 400;

/// The most candidate actions searched on a turn: the Normal policy's best few, so that
/// iterations are not spread over hopeless choices in a 10-player game.
const MAX_CANDIDATES: usize = 8;

/// The most candidates one decision compares.
const MAX_ARMS: usize = 16;

/// How a sharp opponent ([`Search::sharp_heads_up`]) reads this seat's claims: as often
/// lies as the deal makes them, whatever was claimed (a bluff rate of 1).
const SHARP_READ: f32 = 1.0;

/// The search's constants, settable by name ([`Search::set`]) for tuning tournaments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// At tables of three or more, how many standard errors of paired advantage a
    /// candidate needs to replace the heuristic's choice.
    pub z_switch: f32,
    /// The same in 2-player games.
    pub z_switch_heads_up: f32,
    /// The most likely true a claim may be for the search to consider challenging it
    /// when the heuristic would not.
    pub searched_truth: f32,
    /// Scales every opponent's bluff rate in Hard's beliefs at tables of three or more
    /// (below 1: claims are read as more likely true).
    pub trust: f32,
    /// The same in 2-player games.
    pub trust_heads_up: f32,
    /// At tables of three or more, choices whose searched value is within this many
    /// standard errors of the best are mixed: one of them is played at random (0: always
    /// the best).
    pub mix: f32,
    /// The same in 2-player games.
    pub mix_heads_up: f32,
    /// 1: in playouts the others read this seat's claims at the rate its public record
    /// shows (its claims caught and proven); 0: at an average player's.
    pub self_read: f32,
    /// How many standard errors a bluff (a claim of a character this seat does not hold)
    /// needs to replace an honest choice of the heuristic: playouts read claims from
    /// counting alone, so the real table doubts a lie more than they do.
    pub z_bluff: f32,
    /// At tables of three or more, the prior chance that an opponent is one who never
    /// lies ([`super::model::Record::p_honest`]): in each sampled world it is, with the
    /// chance its record gives, a player who never claims a character it does not hold
    /// (Hard's own reading of claims is unchanged by it).
    pub honest: f32,
    /// The same in 2-player games.
    pub honest_heads_up: f32,
    /// At tables of three or more, the least paired advantage (in win probability) a
    /// candidate needs to replace the heuristic's choice, whatever its standard error:
    /// the playouts' opponents are models, and with enough playouts a difference the
    /// model makes up passes any number of standard errors. (Mixing is untouched: it
    /// still plays only choices within `mix` standard errors of the best.)
    pub min_gain: f32,
    /// The same in 2-player games.
    pub min_gain_heads_up: f32,
    /// 1: heads-up, on the last card against an assassination, the challenge is searched
    /// however likely the claim is true (0: only as [`Search::searched_truth`] allows).
    pub cornered_challenge: f32,
    /// Heads-up, the chance that in a sampled world the opponent is a sharp one: it reads
    /// this seat's claims as telling nothing (a claim's odds of a lie are those of the
    /// deal) and challenges as readily as the playouts' most doubting player. A bluff the
    /// search picks must then pay against a player who knows Hard's habits, not only
    /// against the opponent's record. At 0.5 a best response won about 60% against Hard
    /// (64% at 0.2); more cost Hard games against Normal and the trusting style
    /// (BENCHMARKS.md, "Bots", "More sharp worlds, with the silent reading").
    pub sharp_heads_up: f32,
    /// Heads-up, how many claims a repeat of a character the opponent's hand already
    /// claimed counts as in Hard's beliefs ([`Beliefs::with_repeat`]; 1: as much as the
    /// first). Kept at 1: fewer lifted Hard against a habitual Duke bluffer, but cost
    /// against Normal and a best response, which taxes honestly where Hard then doubts.
    pub repeat_heads_up: f32,
    /// 1: heads-up, Hard reads the opponent's claims as those of a player who never lies
    /// with the chance its record gives from [`Search::honest_heads_up`], and of an
    /// average player otherwise (0: of an average player). Kept at 0: with repeats read
    /// as nothing it gave back the cost against Normal with half the gain, and not the
    /// best response's (BENCHMARKS.md, "Bots", 2026-12-05).
    pub honest_read_heads_up: f32,
    /// Heads-up, what a repeated claim counts as (as [`Search::repeat_heads_up`]) from an
    /// opponent that never challenges: the repeat read is mixed between the two by the
    /// chance the opponent's record gives that it is such a player
    /// ([`Record::p_silent_from`](super::model::Record::p_silent_from), from
    /// [`Search::silent_prior_heads_up`]); 1: no difference. At 0, a player who has not
    /// challenged yet is read as one who may claim a character again and again without it
    /// (nothing it has seen makes a lie cost it), and a player who challenged once is read
    /// as before. It lifted Hard against a habitual Duke bluffer by 7 points and cost
    /// nothing beyond the noise against Normal, the held-out styles or the best response
    /// (BENCHMARKS.md, "Bots", "Repeated claims from a player who never challenges").
    pub silent_repeat_heads_up: f32,
    /// Heads-up, the prior chance that the opponent never challenges, against one who
    /// challenges [`SILENT_RATE`] of the claims it may.
    pub silent_prior_heads_up: f32,
    /// How a sharp opponent's challenge threshold compares to an average player's (0.3:
    /// the least [`Hard::model_opponents`] gives a player its record shows challenging
    /// often). 0.6 did no better against the best response or Normal.
    pub sharp_doubt: f32,
    /// Whether a sharp opponent plays Hard's own heuristic, as the best response's
    /// playouts do (at 0.5 or more), rather than an average player's: the best response
    /// found so far in the population the playouts sample. Kept at 0: against the stronger
    /// best response, `--seed 1`, 65.3% at 1 against 65.9% (BENCHMARKS.md, "Bots").
    pub sharp_plays_hard: f32,
    /// Heads-up, how much an opponent that has never challenged is spared the sharp
    /// worlds ([`Search::sharp_heads_up`]): their chance is multiplied by one less this
    /// times the chance its record gives that it never challenges (0: not at all). Kept
    /// at 0: a best response waits to challenge, and won 66% against it at 1.
    pub silent_sharp_heads_up: f32,
    /// Heads-up, on the last card against an assassination and without a Contessa, the
    /// chance Hard challenges the Assassin outright instead of weighing a bluffed block
    /// (0: never). Kept at 0: a best response then assassinates a cornered Hard only with
    /// an Assassin, and won more (62–63% against 60–61%).
    pub cornered_call_heads_up: f32,
    /// The same chance from an opponent that has never challenged, times the chance its
    /// record gives that it never does (the larger of the two applies; 0: never). At 1,
    /// Hard calls a cornering Assassin from a player who lets every claim pass, as a
    /// habitual bluffer is, and weighs the bluffed block as before against one who has
    /// challenged: 4 points more against the trusting style, the same games against
    /// Normal, and the best response within its noise (BENCHMARKS.md, "Bots").
    pub silent_call_heads_up: f32,
    /// Heads-up, the prior chance that the opponent never challenges with which Hard's
    /// own heuristic prices its lies, at the root and in playouts
    /// ([`Tuning::doubted`](super::normal::Tuning::doubted): a lie costs more while the
    /// opponent may be one who challenges), against one who challenges [`SILENT_RATE`] of
    /// the claims it may; 0: the record's own reading
    /// ([`Record::p_silent`](super::model::Record::p_silent), from a prior of 0.05). At
    /// 0.5, with `doubted` 2, a best response won 57.9% (60.5% without) and the stronger
    /// one 65.1% (66.2%); a lower prior cost the trusting style, which never challenges,
    /// 2 points, and 0.8 gave the best response its wins back (BENCHMARKS.md, "Bots",
    /// "Hard's lies priced by the chance the opponent challenges, and a stronger best response").
    pub doubt_prior_heads_up: f32,
    /// Heads-up, the chance Hard plays a decision from its strategy table
    /// ([`Hard::table`], trained by self-play: [`super::regret`]) where the table covers
    /// it, instead of searching (0: never). Kept at 0: the table alone won 52% against
    /// Normal (a best response won 56% against it).
    pub table_heads_up: f32,
    /// Heads-up, where the strategy table covers a decision, the least share of the
    /// table's weight a choice needs to be searched (the heuristic's choice included;
    /// without it, the table's likeliest choice is the baseline); 0: the table does not
    /// limit the search. The search then finds the best of what an equilibrium of the
    /// abstract game plays, and never a bluff, challenge or block that the equilibrium
    /// all but never makes, which is what a best response caught. At 0.01 the best
    /// response won 58.5% against Hard (65.3% without), and Hard 69% against Normal (67%);
    /// more cost Hard against Normal (65% at 0.03, 63% at 0.05). Only at a table dealt
    /// to two: in the last two of six it cost Hard 3 points (BENCHMARKS.md, "Bots",
    /// "A heads-up strategy by self-play").
    pub table_support_heads_up: f32,
    /// The same in the last two of a game dealt to three or more (0: the table has no say
    /// there). Kept at 0: at six players it cost Hard 2 to 3.5 points, with the heads-up
    /// table and with one trained on such endgames (BENCHMARKS.md, "Bots", "A heads-up
    /// strategy by self-play").
    pub table_support: f32,
    /// Where the strategy table has a say, the weight, in checked claims, of the table's
    /// prior against the opponent's record of claims of the character it claims now
    /// ([`super::reading`]): the table's share of a challenge is moved by the opponent's
    /// estimated share of lies against the prior's ([`model::PRIOR_CAUGHT`]); 0: the
    /// table's shares stand whatever the opponent showed.
    ///
    /// [`model::PRIOR_CAUGHT`]: super::model::PRIOR_CAUGHT
    pub read_claims: f32,
    /// The same for the opponent's challenges, in windows it could have challenged in:
    /// the table's share of each of Hard's bluffs is moved by the prior's challenge share
    /// ([`SILENT_RATE`]) against the opponent's estimated one; 0: not at all.
    pub read_challenges: f32,
    /// 1: heads-up, Hard's own reading of the opponent's claims (its beliefs and the rates
    /// its playouts weigh claims with) takes, for each character, the opponent's estimated
    /// share of lies from [`Search::read_claims`] instead of the record's pooled over
    /// every character: a player who lies about the Duke all the time may never bluff the
    /// Assassin. 0: the pooled reading.
    pub read_beliefs: f32,
    /// 1: heads-up, Hard's beliefs pool what it remembers of the opponent from earlier
    /// games at the table with this game's record, over every character, as at larger
    /// tables; 0: they read this game's record only, and the remembered one reaches them
    /// character by character through [`Search::read_beliefs`] (and the table's shares
    /// through [`Search::read_claims`]). Kept at 0: at a rematch, the pooled memory read an
    /// honest assassin's every claim as a lie, since it lies about the Duke half the time.
    pub memory_beliefs_heads_up: f32,
    /// 1: heads-up, against an opponent whose estimated challenge share is above the
    /// prior's, Hard drops its bluffs from a decision with a chance that grows with the
    /// estimate ([`Hard::bluffs_dropped`]); 0: never.
    pub read_bluffs: f32,
    /// Heads-up, the weight, in checked claims, of the prior share of lies
    /// ([`model::PRIOR_CAUGHT`]) against the opponent's checked claims of every character
    /// together; that pooled estimate is then the prior of each character's
    /// ([`super::reading::Reading::pooled_lie_share`]), in [`Search::read_claims`]'s
    /// readings. 0: each character starts from the prior, whatever the others showed.
    ///
    /// [`model::PRIOR_CAUGHT`]: super::model::PRIOR_CAUGHT
    pub read_pooled: f32,
    /// Heads-up, the prior chance that the opponent is one who challenges
    /// [`OFTEN_RATE`] of the claims it may rather than [`SILENT_RATE`]: Hard drops its
    /// bluffs from a decision with at least the chance its record gives of that
    /// ([`super::reading::Reading::p_challenger`], [`Hard::bluffs_dropped`]): the prior's
    /// against an opponent with no record, less as it lets claims pass, more as it
    /// challenges them; 0: never. At 0.2, three challenges in three windows make it 0.87.
    /// Against `random` it changed nothing beyond the noise in fresh games (most of
    /// Hard's bluffs there come before a window has been seen), nor elsewhere; a best
    /// response won 52.4% against 55.0% (BENCHMARKS.md, "Bots").
    pub challenger_prior_heads_up: f32,
    /// Heads-up, how far the opponent's lies caught raise [`Search::searched_truth`]: it
    /// is multiplied by the opponent's estimated share of lies over every character
    /// ([`super::reading::Reading::pooled_lie_share`], weighted by
    /// [`Search::read_claims`]) against the prior's, to this power, at most 1
    /// ([`Hard::searched_truth`]). A player caught lying has more of its claims weighed
    /// for a challenge; one whose claims were shown true, fewer. 0: the constant stands.
    /// Kept at 0: at 1 and 2 it won 85.8% against `random` (86.0% without), since a game
    /// checks too few claims for the estimate to move before the decisions that matter.
    pub read_truth: f32,
    /// Heads-up, where the strategy table limits the search
    /// ([`Search::table_support_heads_up`]), a challenge of a claim Hard's own beliefs
    /// make true with less than this chance is kept among the candidates (and as the
    /// heuristic's choice) whatever the table's share of it: the table's equilibrium
    /// opponent lies as often as the equilibrium does, and a player whose claims cannot
    /// all be true is not that opponent. 0: the table's share decides. At 0.5, with
    /// [`Search::read_pooled`] and [`Search::challenger_prior_heads_up`], Hard challenged
    /// `random` a little more and won as often (86.1% against 86.0%).
    pub table_truth_heads_up: f32,
    /// At tables of three or more, the prior chance that each other seat still in the
    /// game (each of whom may challenge Hard's claim) is one who challenges
    /// [`OFTEN_RATE`] of the claims it may rather than [`SILENT_RATE`]: Hard drops its
    /// bluffs from a decision with the chance, from each seat's own record
    /// ([`super::reading::Reading::p_challenger`]), that at least one of them is
    /// ([`Hard::bluffs_dropped`]). With no record that is the prior's chance for every
    /// seat; each claim a seat lets pass makes it less likely, each challenge more, so a
    /// table of quiet players soon leaves Hard's decisions as they were; 0: never. At 0.5,
    /// with the challenges that would have shown, Hard won 94.2% against `random` at 10
    /// players (85.4% at 0; Normal 87.5%), 83.1% against `challenger` (66.2%), and as before
    /// against `honest` and `trusting` within the noise; 0.1 and 0.2 won 3 to 4 points less
    /// against `random`. It costs 4.4 points against `passive` at 4 players, whose seats
    /// answer only Hard's own claims (BENCHMARKS.md, "Bots", "Hard at three or more seats
    /// reads a table's frequent challengers").
    pub challenger_prior: f32,
}

/// The rate at which a player who does challenge heads-up challenges a claim it may (the
/// best response's reading of Normal and of Hard: 0.165 and 0.14).
pub const SILENT_RATE: f32 = 0.15;

/// The rate at which a player who challenges often challenges a claim it may, heads-up:
/// one who calls every other claim, at which hardly any bluff pays.
pub const OFTEN_RATE: f32 = 0.45;

/// Every [`Search`] field's name, in declaration order.
pub const SEARCH_NAMES: [&str; 38] = [
    "z_switch",
    "z_switch_heads_up",
    "searched_truth",
    "trust",
    "trust_heads_up",
    "mix",
    "mix_heads_up",
    "self_read",
    "z_bluff",
    "honest",
    "honest_heads_up",
    "min_gain",
    "min_gain_heads_up",
    "cornered_challenge",
    "sharp_heads_up",
    "repeat_heads_up",
    "honest_read_heads_up",
    "silent_repeat_heads_up",
    "silent_prior_heads_up",
    "sharp_doubt",
    "sharp_plays_hard",
    "silent_sharp_heads_up",
    "cornered_call_heads_up",
    "silent_call_heads_up",
    "doubt_prior_heads_up",
    "table_heads_up",
    "table_support_heads_up",
    "table_support",
    "read_claims",
    "read_challenges",
    "read_beliefs",
    "memory_beliefs_heads_up",
    "read_bluffs",
    "read_pooled",
    "challenger_prior_heads_up",
    "read_truth",
    "table_truth_heads_up",
    "challenger_prior",
];

impl Search {
    /// Hard's search constants, each the value that did best in the tournaments that
    /// chose it (BENCHMARKS.md, "Bots", "Hard's search constants"). In short: at larger
    /// tables a lie is rarer than an average record says (`trust`); an opponent with no
    /// lie on record is likely one who never lies (`honest`); heads-up the search needs a
    /// 5-point gain to overrule the heuristic (`min_gain_heads_up`), since its playouts'
    /// model is sure of differences that are not there; a bluff needs two standard errors.
    /// Heads-up, cornered by an assassination on its last card, it weighs a challenge
    /// whatever the claim's odds (`cornered_challenge`), and one world in two seats a
    /// sharp opponent (`sharp_heads_up`): its bluffs must pay against a player who reads
    /// its claims as Hard's habits deserve, which a best response showed they did not.
    /// Heads-up, an opponent that has never challenged is read as one whose repeated
    /// claims say little (`silent_repeat_heads_up`), and its Assassin is called when it
    /// corners Hard (`silent_call_heads_up`); Hard's own lies cost more until the record
    /// makes it likely that the opponent never challenges (`doubt_prior_heads_up`).
    /// Heads-up, the strategy table's shares are a prior that what the opponent has shown
    /// moves (`read_claims`, `read_challenges`: [`super::reading`]), and Hard reads its
    /// claims character by character, from this game and from earlier games at the same
    /// table (`read_beliefs`, `memory_beliefs_heads_up`). At larger tables Hard drops its
    /// bluffs by the chance that a seat that may challenge them is one who challenges often
    /// (`challenger_prior`).
    pub const HARD: Search = Search {
        z_switch: 1.0,
        z_switch_heads_up: 2.0,
        searched_truth: 0.5,
        trust: 0.5,
        trust_heads_up: 1.0,
        mix: 0.0,
        mix_heads_up: 1.0,
        self_read: 0.0,
        z_bluff: 2.0,
        honest: 0.6,
        honest_heads_up: 0.6,
        min_gain: 0.0,
        min_gain_heads_up: 0.05,
        cornered_challenge: 1.0,
        sharp_heads_up: 0.5,
        repeat_heads_up: 1.0,
        honest_read_heads_up: 0.0,
        silent_repeat_heads_up: 0.0,
        silent_prior_heads_up: 0.8,
        sharp_doubt: 0.3,
        sharp_plays_hard: 0.0,
        silent_sharp_heads_up: 0.0,
        cornered_call_heads_up: 0.0,
        silent_call_heads_up: 1.0,
        doubt_prior_heads_up: 0.5,
        table_heads_up: 0.0,
        table_support_heads_up: 0.01,
        table_support: 0.0,
        read_claims: 3.0,
        read_challenges: 10.0,
        read_beliefs: 1.0,
        memory_beliefs_heads_up: 0.0,
        read_bluffs: 1.0,
        read_pooled: 3.0,
        challenger_prior_heads_up: 0.2,
        read_truth: 0.0,
        table_truth_heads_up: 0.5,
        challenger_prior: 0.5,
    };

    /// Sets the field called `name` to `value`, which must be finite and within 0..=100.
    pub fn set(&mut self, name: &str, value: f32) -> Result<(), String> {
        if !value.is_finite() || !(0.0..=100.0).contains(&value) {
            return Err(format!("{name}: {value} is out of range"));
        }
        let f = match name {
            "z_switch" => &mut self.z_switch,
            "z_switch_heads_up" => &mut self.z_switch_heads_up,
            "searched_truth" => &mut self.searched_truth,
            "trust" => &mut self.trust,
            "trust_heads_up" => &mut self.trust_heads_up,
            "mix" => &mut self.mix,
            "mix_heads_up" => &mut self.mix_heads_up,
            "self_read" => &mut self.self_read,
            "z_bluff" => &mut self.z_bluff,
            "honest" => &mut self.honest,
            "honest_heads_up" => &mut self.honest_heads_up,
            "min_gain" => &mut self.min_gain,
            "min_gain_heads_up" => &mut self.min_gain_heads_up,
            "cornered_challenge" => &mut self.cornered_challenge,
            "sharp_heads_up" => &mut self.sharp_heads_up,
            "repeat_heads_up" => &mut self.repeat_heads_up,
            "honest_read_heads_up" => &mut self.honest_read_heads_up,
            "silent_repeat_heads_up" => &mut self.silent_repeat_heads_up,
            "silent_prior_heads_up" => &mut self.silent_prior_heads_up,
            "sharp_doubt" => &mut self.sharp_doubt,
            "sharp_plays_hard" => &mut self.sharp_plays_hard,
            "silent_sharp_heads_up" => &mut self.silent_sharp_heads_up,
            "cornered_call_heads_up" => &mut self.cornered_call_heads_up,
            "silent_call_heads_up" => &mut self.silent_call_heads_up,
            "doubt_prior_heads_up" => &mut self.doubt_prior_heads_up,
            "table_heads_up" => &mut self.table_heads_up,
            "table_support_heads_up" => &mut self.table_support_heads_up,
            "table_support" => &mut self.table_support,
            "read_claims" => &mut self.read_claims,
            "read_challenges" => &mut self.read_challenges,
            "read_beliefs" => &mut self.read_beliefs,
            "memory_beliefs_heads_up" => &mut self.memory_beliefs_heads_up,
            "read_bluffs" => &mut self.read_bluffs,
            "read_pooled" => &mut self.read_pooled,
            "challenger_prior_heads_up" => &mut self.challenger_prior_heads_up,
            "read_truth" => &mut self.read_truth,
            "table_truth_heads_up" => &mut self.table_truth_heads_up,
            "challenger_prior" => &mut self.challenger_prior,
            _ => return Err(format!("unknown search constant {name:?}")),
        };
        *f = value;
        Ok(())
    }
}

/// `heads_up` in a 2-player game, else `table`: the search constants that have a heads-up
/// value of their own.
fn by_table_size(view: &View, heads_up: f32, table: f32) -> f32 {
    if view.players.len() <= 2 {
        heads_up
    } else {
        table
    }
}

/// The search bot.
#[derive(Debug)]
pub struct Hard {
    rng: ChaCha8Rng,
    policy: Policy,
    /// The search's constants.
    pub search: Search,
    /// The policy each opponent plays inside playouts: an average player's judgement with
    /// the caution and doubt its record shows ([`Hard::model_opponents`]).
    playout: [Policy; MAX_PLAYERS],
    /// The policy a sharp opponent plays inside playouts ([`Search::sharp_heads_up`]),
    /// and whether the opponent is one in the world being played out.
    sharp_playout: Policy,
    sharp: [bool; MAX_PLAYERS],
    /// This decision's chance that a sampled world seats a sharp opponent
    /// ([`Search::sharp_heads_up`], less for a silent one: [`Search::silent_sharp_heads_up`]).
    sharp_chance: f32,
    /// Per seat and character, the bluff rates playouts read claims with; per seat, the
    /// challenge rates.
    bluff: [[f32; 6]; MAX_PLAYERS],
    challenge_rate: [f32; MAX_PLAYERS],
    /// Per seat, the chance it never challenges that this seat's own heuristic prices its
    /// lies with, at the root and in playouts ([`Search::doubt_prior_heads_up`]).
    silent: [f32; MAX_PLAYERS],
    /// Per opponent and character, how much more often than its rate it challenges this
    /// seat's claims (this seat's own playout decisions price lies with it).
    challenge_factor: [[f32; 6]; MAX_PLAYERS],
    /// Per seat, the chance it never lies; and in the world being played out, whether
    /// it is one who never does (it then never claims a character it does not hold).
    p_honest: [f32; MAX_PLAYERS],
    honest: [bool; MAX_PLAYERS],
    /// Remembered from earlier games at the table, and that plus this game's record.
    memory: Model,
    learned: Model,
    unseen: Vec<Card>,
    pool: Vec<Card>,
    legal: Vec<Input>,
    /// The legal inputs that claim nothing a seat does not hold.
    truthful: Vec<Input>,
    events: Vec<Event>,
    /// Iterations used by the last decision (for tools and tests).
    pub last_iterations: u32,
    /// A heads-up strategy table ([`Search::table_heads_up`]), if it has one.
    pub table: Option<std::sync::Arc<super::regret::Strategy>>,
}

impl Hard {
    /// A Hard bot for `seed` with `personality`.
    pub fn new(seed: u64, personality: Personality) -> Hard {
        Hard::with_policy(seed, Policy::hard(personality))
    }

    /// A Hard bot whose own heuristic (its baseline and its candidate ranking) is `policy`.
    pub fn with_policy(seed: u64, policy: Policy) -> Hard {
        Hard {
            rng: ChaCha8Rng::seed_from_u64(seed),
            policy,
            search: Search::HARD,
            playout: [Policy::average(Personality::BALANCED); MAX_PLAYERS],
            sharp_playout: Policy::average(Personality::BALANCED),
            sharp: [false; MAX_PLAYERS],
            sharp_chance: 0.0,
            bluff: [[BLUFF_RATE; 6]; MAX_PLAYERS],
            challenge_rate: [DEFAULT_CHALLENGE_RATE; MAX_PLAYERS],
            silent: [0.0; MAX_PLAYERS],
            challenge_factor: [[1.0; 6]; MAX_PLAYERS],
            p_honest: [0.0; MAX_PLAYERS],
            honest: [false; MAX_PLAYERS],
            memory: Model::default(),
            learned: Model::default(),
            unseen: Vec::with_capacity(32),
            pool: Vec::with_capacity(32),
            legal: Vec::with_capacity(64),
            truthful: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            last_iterations: 0,
            table: super::regret::shipped(),
        }
    }

    /// Sets each opponent's playout policy and rates from what `beliefs` learned: a
    /// player whose challenged claims were rarely lies bluffs rarely in playouts (its lies
    /// priced higher), one that challenges often challenges often (its doubt lowered),
    /// each in proportion to its estimated rate against an average player's.
    fn model_opponents(&mut self, view: &View, beliefs: &Beliefs, reads: &Reads) {
        let me = beliefs.me;
        let prior = by_table_size(view, self.search.honest_heads_up, self.search.honest);
        for s in 0..MAX_PLAYERS {
            let rec = &beliefs.model().seats[s];
            let bluff = rec.bluff_ratio_overall();
            let challenge = rec.challenge_rate(Model::stage_of(view, Seat::at(s)));
            let mut p = Policy::average(Personality::BALANCED);
            let lie = (BLUFF_RATE / bluff).clamp(0.4, 8.0);
            let doubt = (DEFAULT_CHALLENGE_RATE / challenge.max(1e-3)).clamp(0.3, 8.0);
            for t in [&mut p.tuning, &mut p.heads_up] {
                let b = Personality::BALANCED;
                t.caution = b.boldness + (t.caution - b.boldness) * lie;
                t.doubt = b.suspicion + (t.doubt - b.suspicion) * doubt;
            }
            self.playout[s] = p;
            self.p_honest[s] = if Seat::at(s) == me {
                0.0
            } else {
                rec.p_honest(prior)
            };
            if Seat::at(s) == me {
                self.bluff[s] = [BLUFF_RATE; 6];
                if self.search.self_read > 0.5 {
                    // What the others have seen of this seat's claims.
                    let g = Model::stage_of(view, me);
                    for c in 0..6 {
                        self.bluff[s][c] = rec.bluff_ratio(c, g);
                    }
                }
                self.challenge_rate[s] = DEFAULT_CHALLENGE_RATE;
            } else {
                self.bluff[s] = reads.bluff[s];
                self.challenge_rate[s] = reads.challenge_rate[s];
            }
        }
        self.challenge_factor = reads.challenge_factor;
        let mut p = if self.search.sharp_plays_hard >= 0.5 {
            Policy {
                heads_up: Tuning {
                    doubted: 2.0,
                    ..Tuning::HARD_HEADS_UP
                },
                ..Policy::hard(Personality::BALANCED)
            }
        } else {
            Policy::average(Personality::BALANCED)
        };
        for t in [&mut p.tuning, &mut p.heads_up] {
            let b = Personality::BALANCED;
            t.doubt = b.suspicion + (t.doubt - b.suspicion) * self.search.sharp_doubt;
        }
        self.sharp_playout = p;
    }

    /// Plays `game` out with the playout policy and `rng`; returns `me`'s reward in 0..=1.
    fn playout(&mut self, game: &mut Game, me: Seat, rng: &mut ChaCha8Rng) -> f32 {
        for _ in 0..PLAYOUT_CAP {
            if game.is_over() {
                break;
            }
            let Some(seat) = game.owing().iter().next() else {
                break;
            };
            game.legal_inputs(seat, &mut self.legal);
            let input = match self.legal.len() {
                0 => break,
                1 => self.legal[0],
                _ => {
                    let t = Knowledge::from_game(game, seat);
                    let mut reads = Reads::from_counting(&t);
                    reads.bluff = self.bluff;
                    reads.challenge_rate = self.challenge_rate;
                    if seat == me {
                        reads.challenge_factor = self.challenge_factor;
                        reads.silent = self.silent;
                    }
                    // This seat plays on as it would; the others as average players, but
                    // one who never lies in this world claims only what it holds, and a
                    // sharp one reads nothing into this seat's claims.
                    let s = seat.index().min(MAX_PLAYERS - 1);
                    let policy = if seat == me {
                        &self.policy
                    } else if self.sharp[s] {
                        reads.bluff[me.index()] = [SHARP_READ; 6];
                        &self.sharp_playout
                    } else {
                        &self.playout[s]
                    };
                    let reads = reads.with_claims_in_play(&t);
                    if seat != me && self.honest[s] {
                        self.truthful.clear();
                        self.truthful
                            .extend(self.legal.iter().copied().filter(|i| !is_bluff(&t, *i)));
                        if self.truthful.is_empty() {
                            policy.decide(&t, &reads, rng, &self.legal)
                        } else {
                            policy.decide(&t, &reads, rng, &self.truthful)
                        }
                    } else {
                        policy.decide(&t, &reads, rng, &self.legal)
                    }
                }
            };
            self.events.clear();
            if game.apply(seat, input, rng, &mut self.events).is_err() {
                break;
            }
        }
        super::knowledge::playout_score(game, me)
    }

    /// Searches `candidates` (index 0 is the heuristic's choice) and returns the best, or
    /// `None` if no playout ran.
    ///
    /// Every candidate is played out in the same sampled world with the same random
    /// stream (common random numbers), so comparisons between candidates are paired: the
    /// deal, which dominates the outcome of any one game, cancels out. A candidate other
    /// than the heuristic's replaces it only when its paired advantage is clear (more than
    /// [`Search::z_switch`] standard errors, [`Search::z_bluff`] for a bluff), so noise
    /// seldom makes Hard worse than its heuristics.
    fn search(
        &mut self,
        view: &View,
        beliefs: &Beliefs,
        candidates: &[Input],
        bluffs: &[bool],
        budget: &Budget<'_>,
        start: Option<f64>,
    ) -> Option<Input> {
        let sharp = self.sharp_chance;
        let me = view.viewer?;
        let k = candidates.len().min(MAX_ARMS);
        // Paired differences against candidate 0: sum and sum of squares.
        let mut dsum = [0.0f32; MAX_ARMS];
        let mut dsq = [0.0f32; MAX_ARMS];
        let mut worlds = 0u32;
        let mut playouts = 0u32;
        let mut failures = 0u32;
        // The clock at the last check, and the longest gap between checks (one playout,
        // or one playout plus a sampled world).
        let mut last_tick: Option<f64> = None;
        let mut longest = 0.0f64;
        let mut rewards = [0.0f32; MAX_ARMS];
        'outer: while playouts + k as u32 <= budget.iterations.max(k as u32) {
            if playouts >= budget.iterations {
                break;
            }
            let world = beliefs.world(view, &mut self.rng, &mut self.unseen, &mut self.pool);
            let Some(world) = world else {
                failures += 1;
                if failures > 8 {
                    break;
                }
                continue;
            };
            let stream: u64 = self.rng.random();
            for s in 0..MAX_PLAYERS {
                let p = self.p_honest[s];
                self.honest[s] = p > 0.0 && self.rng.random::<f32>() < p;
                // Drawn only when it can be one, so that the stream is unchanged otherwise.
                self.sharp[s] = sharp > 0.0
                    && Seat::at(s) != me
                    && !self.honest[s]
                    && self.rng.random::<f32>() < sharp;
            }
            for arm in 0..k {
                if let (Some(clock), Some(t0)) = (budget.clock, start) {
                    // Stop when one more playout as long as the longest so far would
                    // overrun the budget (less a margin for returning): the budget bounds
                    // p99, not p50.
                    let now = clock();
                    let elapsed = now - t0;
                    if let Some(prev) = last_tick {
                        longest = longest.max(now - prev);
                    }
                    last_tick = Some(now);
                    if elapsed + longest >= budget.millis * 0.85 {
                        break 'outer;
                    }
                }
                let mut rng = ChaCha8Rng::seed_from_u64(stream);
                let mut game = world.clone();
                self.events.clear();
                rewards[arm] = if game
                    .apply(me, candidates[arm], &mut rng, &mut self.events)
                    .is_ok()
                {
                    self.playout(&mut game, me, &mut rng)
                } else {
                    0.0
                };
                playouts += 1;
            }
            worlds += 1;
            for arm in 0..k {
                let d = rewards[arm] - rewards[0];
                dsum[arm] += d;
                dsq[arm] += d * d;
            }
        }
        self.last_iterations = playouts;
        if worlds == 0 {
            return None;
        }
        let n = worlds as f32;
        let min_gain = by_table_size(view, self.search.min_gain_heads_up, self.search.min_gain);
        let z_switch = by_table_size(view, self.search.z_switch_heads_up, self.search.z_switch);
        let mut best = 0;
        let mut best_mean = 0.0f32;
        let mut mean = [0.0f32; MAX_ARMS];
        let mut se = [0.0f32; MAX_ARMS];
        for arm in 1..k {
            mean[arm] = dsum[arm] / n;
            let var = (dsq[arm] / n - mean[arm] * mean[arm]).max(0.0);
            se[arm] = (var / n).sqrt().max(0.5 / n);
            let z = if bluffs.get(arm).copied().unwrap_or(false) && !bluffs[0] {
                self.search.z_bluff
            } else {
                z_switch
            };
            if mean[arm] > best_mean && mean[arm] > (z * se[arm]).max(min_gain) {
                best = arm;
                best_mean = mean[arm];
            }
        }
        se[0] = se[best];
        let mix = by_table_size(view, self.search.mix_heads_up, self.search.mix);
        if mix > 0.0 {
            // No easy tells: every choice the search cannot tell from the best (within
            // `mix` standard errors of paired advantage) is as likely to be played.
            let mut close = [0usize; MAX_ARMS];
            let mut m = 0;
            for arm in 0..k {
                if best_mean - mean[arm] <= mix * se[arm] {
                    close[m] = arm;
                    m += 1;
                }
            }
            if m > 1 {
                best = close[self.rng.random_range(0..m)];
            }
        }
        Some(candidates[best])
    }

    /// Heads-up, with [`Search::read_beliefs`] set, replaces the opponent's bluff rate for
    /// each character by the one its [`super::reading::Reading`] gives that character
    /// (the prior's, for a character none of whose claims was checked), and moves the
    /// chance it holds the card by the change (a claim divides the odds of not holding by
    /// the rate).
    fn claims_read(&self, view: &View, record: &Model, reads: &mut Reads) {
        let (2, Some(me)) = (view.players.len(), view.viewer) else {
            return;
        };
        if self.search.read_beliefs < 0.5 || self.search.read_claims <= 0.0 {
            return;
        }
        let o = 1 - me.index().min(1);
        let r = super::reading::Reading::of(&record.seats[o]);
        let prior = r.pooled_lie_share(super::model::PRIOR_CAUGHT, self.search.read_pooled);
        for c in Card::ALL {
            let i = c.index();
            let old = reads.bluff[o][i].max(1e-3);
            let new = super::model::ratio(r.lie_share(c, prior, self.search.read_claims));
            let q = reads.has[o][i];
            if q > 0.0 && q < 1.0 {
                reads.has[o][i] = q * old / (q * old + (1.0 - q) * new);
            }
            reads.bluff[o][i] = new;
        }
    }

    /// The chance that Hard drops its bluffs from a decision. Heads-up: with
    /// [`Search::read_bluffs`] set, 1 less the prior's challenge share ([`SILENT_RATE`])
    /// over the opponent's estimated one ([`super::reading::Reading::challenge_share`],
    /// weighted by [`Search::read_challenges`]), 0 while that estimate is at or below the
    /// prior; at least, with [`Search::challenger_prior_heads_up`] set, the chance that
    /// the opponent challenges [`OFTEN_RATE`] of the claims it may
    /// ([`super::reading::Reading::p_challenger`]), which three challenges in three windows
    /// make 0.87 where the slow estimate makes 0.57. At three or more seats, with
    /// [`Search::challenger_prior`] set, the chance that at least one of the other seats
    /// still in the game (`t`'s opponents, each of whom may challenge the claim) is such a
    /// player, each from its challenges in this game where they would have shown
    /// ([`super::reading::shown_challenges`]: only the first challenger clockwise is
    /// seen) and its record in earlier games at the table.
    fn bluffs_dropped(&self, view: &View, t: &Knowledge, record: &Model) -> f32 {
        if view.players.len() > 2 {
            let prior = self.search.challenger_prior;
            if prior <= 0.0 {
                return 0.0;
            }
            // This game's challenges where they would have shown, and the earlier games'
            // records at the table.
            let shown = super::reading::shown_challenges(view);
            let memory =
                (usize::from(self.memory.players) == view.players.len()).then_some(&self.memory);
            let none: f32 = t
                .opponents()
                .filter(|s| s.index() < MAX_PLAYERS)
                .map(|s| {
                    let (mut challenges, mut chances) = shown[s.index()];
                    if let Some(m) = memory {
                        let m = &m.seats[s.index()];
                        challenges = challenges.saturating_add(m.challenges.iter().sum());
                        chances = chances.saturating_add(m.challenge_chances.iter().sum());
                    }
                    let r = super::reading::Reading {
                        challenges: f32::from(challenges),
                        chances: f32::from(chances),
                        ..Default::default()
                    };
                    1.0 - r.p_challenger(SILENT_RATE, OFTEN_RATE, prior)
                })
                .product();
            return (1.0 - none).clamp(0.0, 1.0);
        }
        let (2, Some(me)) = (view.players.len(), view.viewer) else {
            return 0.0;
        };
        let o = 1 - me.index().min(1);
        let r = super::reading::Reading::of(&record.seats[o]);
        let often = match self.search.challenger_prior_heads_up {
            p if p > 0.0 => r.p_challenger(SILENT_RATE, OFTEN_RATE, p),
            _ => 0.0,
        };
        if self.search.read_bluffs < 0.5 || self.search.read_challenges <= 0.0 {
            return often;
        }
        let est = r.challenge_share(SILENT_RATE, self.search.read_challenges);
        (1.0 - SILENT_RATE / est.max(1e-3)).max(often)
    }

    /// Heads-up, the opponent's estimated share of lies among its claims of the character
    /// it claims now ([`super::reading::Reading::lie_share`], from `record`) against the
    /// prior's, at most 1: below 1 once its claims of it have been shown true more often
    /// than the prior expects. 1 at larger tables, without a claim, or with
    /// [`Search::read_claims`] at 0.
    fn doubt_left(&self, t: &Knowledge, record: &Model) -> f32 {
        let prior = super::model::PRIOR_CAUGHT;
        match super::reading::claim_asked(t) {
            Some((seat, card))
                if t.n <= 2 && self.search.read_claims > 0.0 && seat.index() < MAX_PLAYERS =>
            {
                let r = super::reading::Reading::of(&record.seats[seat.index()]);
                let pooled = r.pooled_lie_share(prior, self.search.read_pooled);
                (r.lie_share(card, pooled, self.search.read_claims) / prior).min(1.0)
            }
            _ => 1.0,
        }
    }

    /// The most likely true a claim may be for the search to weigh challenging it when
    /// the heuristic would not: [`Search::searched_truth`], heads-up moved by the
    /// claimant's lies caught against the prior's ([`Search::read_truth`]).
    fn searched_truth(&self, t: &Knowledge, record: &Model) -> f32 {
        let base = self.search.searched_truth;
        match super::reading::claim_asked(t) {
            Some((seat, _))
                if t.n <= 2 && self.search.read_truth > 0.0 && seat.index() < MAX_PLAYERS =>
            {
                let prior = super::model::PRIOR_CAUGHT;
                let r = super::reading::Reading::of(&record.seats[seat.index()]);
                let pooled = r.pooled_lie_share(prior, self.search.read_claims);
                (base * (pooled / prior).powf(self.search.read_truth)).min(1.0)
            }
            _ => base,
        }
    }

    /// What a repeat of a claim the opponent's hand already made counts as
    /// ([`Beliefs::with_repeat`]): heads-up, [`Search::repeat_heads_up`] from an opponent
    /// that challenges, [`Search::silent_repeat_heads_up`] from one that never does, mixed
    /// by `p_silent`, the chance of the second ([`Hard::p_silent`]); 1 at larger tables.
    fn repeat_read(&self, view: &View, p_silent: f32) -> f32 {
        let repeat = by_table_size(view, self.search.repeat_heads_up, 1.0);
        let silent = self.search.silent_repeat_heads_up;
        if silent == repeat {
            return repeat;
        }
        repeat * (1.0 - p_silent) + silent * p_silent
    }

    /// The public record the silent readings come from: this game's, with what is
    /// remembered from earlier games at the table.
    fn record(&self, view: &View) -> Model {
        Model::record(view).merge(&self.memory)
    }

    /// Heads-up, sets `silent` (per seat, the chance it never challenges, with which this
    /// seat's heuristic prices its lies) from `record` ([`Hard::record`]) and
    /// [`Search::doubt_prior_heads_up`], when set; leaves the record's own reading
    /// otherwise and at larger tables.
    fn doubt_read(&self, view: &View, record: &Model, silent: &mut [f32; MAX_PLAYERS]) {
        let prior = by_table_size(view, self.search.doubt_prior_heads_up, 0.0);
        if prior <= 0.0 {
            return;
        }
        for (s, p) in silent.iter_mut().enumerate() {
            *p = record.seats[s].p_silent_from(prior, SILENT_RATE);
        }
    }

    /// Heads-up, the chance the opponent's record (`record`, [`Hard::record`]) gives that
    /// it never challenges ([`Record::p_silent_from`] from
    /// [`Search::silent_prior_heads_up`]); 0 at larger tables.
    ///
    /// [`Record::p_silent_from`]: super::model::Record::p_silent_from
    fn p_silent(&self, view: &View, record: &Model) -> f32 {
        let (2, Some(me)) = (view.players.len(), view.viewer) else {
            return 0.0;
        };
        let other = Seat(1 - me.0.min(1));
        record.seats[other.index()].p_silent_from(self.search.silent_prior_heads_up, SILENT_RATE)
    }
}

impl Bot for Hard {
    fn decide(&mut self, view: &View, legal: &[Input], budget: &Budget<'_>) -> Input {
        // The budget covers the whole decision, beliefs included.
        let start = budget.clock.map(|c| c());
        self.last_iterations = 0;
        let t = match Knowledge::to_weigh(view, legal) {
            Ok(t) => t,
            Err(only) => return only,
        };
        let play_table = by_table_size(view, self.search.table_heads_up, 0.0);
        if play_table > 0.0
            && let Some(table) = &self.table
            && let Some(situation) = super::regret::Situation::in_view(view)
            && self.rng.random::<f32>() < play_table
            && let Some(input) = table.choose(&situation, legal, self.rng.random())
        {
            return input;
        }
        let trust = by_table_size(view, self.search.trust_heads_up, self.search.trust);
        // Heads-up, whether the opponent looks like one who never challenges: it reads
        // its repeated claims, spares it sharp worlds and calls its cornering Assassin.
        let record = self.record(view);
        let p_silent = self.p_silent(view, &record);
        let repeat = self.repeat_read(view, p_silent);
        self.sharp_chance = by_table_size(view, self.search.sharp_heads_up, 0.0)
            * (1.0 - self.search.silent_sharp_heads_up.min(1.0) * p_silent);
        let honest = if self.search.honest_read_heads_up > 0.5 {
            by_table_size(view, self.search.honest_heads_up, 0.0)
        } else {
            0.0
        };
        // Heads-up, the remembered record may reach the beliefs only character by
        // character (`claims_read`).
        let none = Model::default();
        let pooled = if view.players.len() <= 2
            && self.search.memory_beliefs_heads_up < 0.5
            && self.search.read_beliefs >= 0.5
        {
            &none
        } else {
            &self.memory
        };
        let beliefs = Beliefs::with_repeat(view, pooled, trust, repeat, honest);
        self.learned = record;
        let mut reads = beliefs.reads_at(view);
        self.claims_read(view, &record, &mut reads);
        self.doubt_read(view, &record, &mut reads.silent);
        self.silent = reads.silent;
        // Against an opponent that challenges more often than the prior (at larger tables,
        // against any of the seats that may challenge), a share of the time that grows with
        // the chance of it Hard claims only what it holds: the heuristic chooses among the
        // honest inputs, and no bluff is searched.
        let drop = self.bluffs_dropped(view, &t, &record);
        let mut honest_only = false;
        let heuristic = if drop > 0.0 && self.rng.random::<f32>() < drop {
            let honest: Vec<Input> = legal
                .iter()
                .copied()
                .filter(|i| !is_bluff(&t, *i))
                .collect();
            honest_only = !honest.is_empty();
            if honest_only {
                self.policy.decide(&t, &reads, &mut self.rng, &honest)
            } else {
                self.policy.decide(&t, &reads, &mut self.rng, legal)
            }
        } else {
            self.policy.decide(&t, &reads, &mut self.rng, legal)
        };
        let candidates: Vec<Input> = match t.pending {
            Pending::Action { .. } => {
                let mut scored: Vec<(f32, Input)> = legal
                    .iter()
                    .filter_map(|i| match i {
                        // The same Contessa would stop it again (`Knowledge::walled`):
                        // playouts, which know nothing of the last turns, would not see it.
                        Input::Act(Action::Assassinate(v)) if t.walled(*v) => None,
                        Input::Act(a) => Some((self.policy.score_action(&t, &reads, *a), *i)),
                        _ => None,
                    })
                    .collect();
                scored.sort_by(|a, b| b.0.total_cmp(&a.0));
                scored.truncate(MAX_CANDIDATES);
                scored.into_iter().map(|(_, i)| i).collect()
            }
            Pending::Respond { .. } => legal.to_vec(),
            // Losing a card, keeping cards, Examine, the draft: the heuristics know.
            _ => return heuristic,
        };
        if self.policy.is_sure(&t, heuristic) {
            return heuristic;
        }
        let mut candidates = candidates;
        let mut heuristic = heuristic;
        let support = by_table_size(
            view,
            self.search.table_support_heads_up,
            self.search.table_support,
        );
        if support > 0.0
            && let Some(table) = &self.table
            && let Some(situation) = super::regret::Situation::in_view(view)
            && let Some(mut shares) = table.shares(&situation, legal)
        {
            // The table's shares are a prior, moved by what this opponent has shown.
            if let Some(other) = t.opponents().next() {
                let priors = super::reading::Priors {
                    lie: super::model::PRIOR_CAUGHT,
                    lie_weight: self.search.read_claims,
                    pooled_weight: self.search.read_pooled,
                    challenge: SILENT_RATE,
                    challenge_weight: self.search.read_challenges,
                };
                let reading = super::reading::Reading::of(&record.seats[other.index()]);
                super::reading::weigh(&mut shares, &t, other, &reading, &priors);
            }
            let share = |i: &Input| shares.iter().find(|(j, _)| j == i).map_or(0.0, |(_, s)| *s);
            // A claim Hard's beliefs make likely false may be challenged whatever the table.
            let doubted = view.players.len() <= 2
                && legal.contains(&Input::Challenge)
                && self.policy.p_claim_true(&t, &reads) < self.search.table_truth_heads_up;
            let kept = |i: &Input| share(i) >= support || (doubted && *i == Input::Challenge);
            candidates.retain(kept);
            if !kept(&heuristic)
                && let Some((likeliest, _)) = shares.iter().max_by(|a, b| a.1.total_cmp(&b.1))
            {
                heuristic = *likeliest;
            }
        }
        // A challenge the heuristic would not make is searched only when the claim is
        // more likely a lie than not: playouts with an average player in every seat
        // overrate challenges of players who lie less than average (an honest player's
        // every claim was challenged and proven), and a lost challenge costs a card.
        // Heads-up, on the last card against an assassination, passing loses the game, so
        // a lost challenge costs nothing that a caught Contessa bluff would not: the
        // challenge is always searched.
        let cornered = view.players.len() <= 2
            && t.my_lives() <= 1
            && t.turn.is_some_and(|turn| {
                turn.action.kind() == ActionKind::Assassinate && turn.action.target() == Some(t.me)
            });
        // Heads-up, cornered without a Contessa, a share of the time the claim is called
        // outright: a Contessa bluff there is the one answer a player who knows Hard
        // calls every time.
        // Both give way as the opponent's Assassins are shown true: a player who never
        // bluffs it is not called, nor its claim searched whatever its odds.
        let doubt = self.doubt_left(&t, &record);
        let call = self
            .search
            .cornered_call_heads_up
            .max(self.search.silent_call_heads_up * p_silent)
            * doubt;
        let cornered = cornered && (doubt >= 1.0 || self.rng.random::<f32>() < doubt);
        if cornered
            && call > 0.0
            && !t.holds(Card::Contessa)
            && legal.contains(&Input::Challenge)
            && self.rng.random::<f32>() < call
        {
            return Input::Challenge;
        }
        if heuristic != Input::Challenge
            && !(cornered && self.search.cornered_challenge > 0.5)
            && self.policy.p_claim_true(&t, &reads) > self.searched_truth(&t, &record)
        {
            candidates.retain(|i| *i != Input::Challenge);
        }
        if honest_only {
            candidates.retain(|i| !is_bluff(&t, *i));
        }
        // The heuristic's choice is the baseline every other candidate must beat.
        candidates.retain(|i| *i != heuristic);
        candidates.insert(0, heuristic);
        candidates.truncate(MAX_ARMS);
        if candidates.len() <= 1 {
            return heuristic;
        }
        self.model_opponents(view, &beliefs, &reads);
        let mut bluffs = [false; MAX_ARMS];
        for (b, i) in bluffs.iter_mut().zip(&candidates) {
            *b = is_bluff(&t, *i);
        }
        match self.search(view, &beliefs, &candidates, &bluffs, budget, start) {
            Some(i) if legal.contains(&i) => i,
            _ => heuristic,
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Hard
    }

    fn memory(&self) -> Option<Model> {
        Some(if self.learned.players > 0 {
            self.learned
        } else {
            self.memory
        })
    }

    fn remember(&mut self, memory: &Model) {
        self.memory = *memory;
        self.learned = *memory;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heads-up, seat 0 with a Captain and an Assassin, seat 1 with a Contessa and an
    /// Ambassador, the rest in the Court.
    fn heads_up_deal() -> Game {
        crate::bots::knowledge::fixed_deal(
            crate::engine::Options::default(),
            vec![
                [Card::Captain, Card::Assassin],
                [Card::Contessa, Card::Ambassador],
            ],
            None,
            vec![vec![], vec![]],
        )
        .expect("valid setup")
    }

    /// R5, R6: heads-up, where its strategy table covers a decision, Hard searches only
    /// the choices the table gives a share: a challenge the table never makes is never
    /// made, and where the table only challenges, Hard challenges, whatever its heuristic
    /// prefers.
    #[test]
    fn heads_up_hard_searches_only_what_its_table_plays() {
        use crate::bots::beliefs::tests::apply;
        use crate::bots::regret::{SLOTS, Situation, Strategy};
        let mut g = heads_up_deal();
        // Seat 0 claims the Duke it does not hold; seat 1 answers.
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        let view = g.view(Seat(1));
        let situation = Situation::in_view(&view).expect("heads-up");
        let mut legal = Vec::new();
        g.legal_inputs(Seat(1), &mut legal);
        assert_eq!(legal, [Input::Pass, Input::Challenge]);
        let table = |pass: u8, challenge: u8| {
            let mut bytes = situation.key().to_le_bytes().to_vec();
            let mut w = [0u8; SLOTS];
            w[0] = pass;
            w[1] = challenge;
            bytes.extend_from_slice(&w);
            std::sync::Arc::new(Strategy::from_bytes(&bytes).expect("a table"))
        };
        let decide = |table: Option<std::sync::Arc<Strategy>>, seed: u64| {
            let mut hard = Hard::new(seed, Personality::BALANCED);
            hard.table = table;
            hard.decide(&view, &legal, &Budget::iterations(200))
        };
        let without: Vec<Input> = (0..12).map(|s| decide(None, s)).collect();
        // Without the table Hard lets this Tax pass: the table that only challenges
        // changes its answer.
        assert!(without.iter().all(|i| *i == Input::Pass), "{without:?}");
        for seed in 0..12 {
            assert_eq!(decide(Some(table(255, 0)), seed), Input::Pass);
            assert_eq!(decide(Some(table(0, 255)), seed), Input::Challenge);
        }
        // Where the table does not cover the situation, the search is as without it.
        let other = Situation {
            seen: situation.seen + 1,
            ..situation
        };
        let mut bytes = other.key().to_le_bytes().to_vec();
        bytes.extend_from_slice(&[0, 255, 0, 0, 0, 0, 0]);
        let elsewhere = std::sync::Arc::new(Strategy::from_bytes(&bytes).expect("a table"));
        let with_other: Vec<Input> = (0..12)
            .map(|s| decide(Some(elsewhere.clone()), s))
            .collect();
        assert_eq!(with_other, without);
    }

    /// R4, R6: heads-up, seat 0 taxes and seat 1 answers where its table only challenges.
    /// Seat 1 remembers from earlier games at the table (`Bot::remember`) how often seat
    /// 0's Dukes were proven: with none, it challenges as the table says; after a few
    /// proven it lets the Tax pass in most seeds, and the more proven the more it lets
    /// pass; with the reading off, the table decides whatever the record.
    #[test]
    fn heads_up_hard_stops_challenging_a_claim_its_opponent_keeps_proving() {
        use crate::bots::beliefs::tests::apply;
        use crate::bots::regret::{SLOTS, Situation, Strategy};
        let mut g = heads_up_deal();
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        let view = g.view(Seat(1));
        let situation = Situation::in_view(&view).expect("heads-up");
        let mut legal = Vec::new();
        g.legal_inputs(Seat(1), &mut legal);
        let mut bytes = situation.key().to_le_bytes().to_vec();
        let mut w = [0u8; SLOTS];
        w[1] = 255;
        bytes.extend_from_slice(&w);
        let table = std::sync::Arc::new(Strategy::from_bytes(&bytes).expect("a table"));
        let passes = |proven: u16, read: f32| {
            let mut memory = Model {
                players: 2,
                ..Model::default()
            };
            memory.seats[0].proven[Card::Duke.index()] = [proven, 0];
            (0..12)
                .filter(|&seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.table = Some(table.clone());
                    hard.search.read_claims = read;
                    hard.remember(&memory);
                    hard.decide(&view, &legal, &Budget::iterations(200)) == Input::Pass
                })
                .count()
        };
        let read = Search::HARD.read_claims;
        assert_eq!(passes(0, read), 0);
        let (few, many) = (passes(3, read), passes(8, read));
        assert!(few >= 6 && many >= few, "{few} then {many} of 12");
        assert_eq!(passes(8, 0.0), 0);
    }

    /// R4, R6, R7: heads-up, seat 0 assassinates seat 1, which holds no Contessa and two
    /// cards, where seat 1's table only challenges. Remembering none of seat 0's
    /// Assassins proven, seat 1 challenges; remembering a few proven, it does not, in
    /// any seed (a lost challenge and the assassination would cost it both cards).
    #[test]
    fn heads_up_hard_stops_challenging_an_assassin_shown_a_few_times() {
        use crate::bots::beliefs::tests::apply;
        use crate::bots::regret::{SLOTS, Situation, Strategy};
        let mut g = crate::bots::knowledge::fixed_deal(
            crate::engine::Options::default(),
            vec![
                [Card::Assassin, Card::Duke],
                [Card::Captain, Card::Ambassador],
            ],
            Some(vec![3, 2]),
            vec![vec![], vec![]],
        )
        .expect("valid setup");
        apply(&mut g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
        let view = g.view(Seat(1));
        let situation = Situation::in_view(&view).expect("heads-up");
        let mut legal = Vec::new();
        g.legal_inputs(Seat(1), &mut legal);
        assert!(legal.contains(&Input::Challenge), "{legal:?}");
        let mut bytes = situation.key().to_le_bytes().to_vec();
        let mut w = [0u8; SLOTS];
        w[1] = 255;
        bytes.extend_from_slice(&w);
        let table = std::sync::Arc::new(Strategy::from_bytes(&bytes).expect("a table"));
        let challenges = |proven: u16| {
            let mut memory = Model {
                players: 2,
                ..Model::default()
            };
            memory.seats[0].proven[Card::Assassin.index()] = [proven, 0];
            (0..12)
                .filter(|&seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.table = Some(table.clone());
                    hard.remember(&memory);
                    hard.decide(&view, &legal, &Budget::iterations(200)) == Input::Challenge
                })
                .count()
        };
        assert_eq!(challenges(0), 12);
        assert_eq!(challenges(3), 0);
    }

    /// R4, R6: heads-up, seat 0 (a Captain and an Assassin) opens, its Tax and Exchange
    /// bluffs. It remembers from earlier games at the table that seat 1 challenged nearly
    /// every claim it could, or none: against the first it bluffs in a quarter of the seeds
    /// it bluffs in against the second, or fewer; with the readings of bluffs off
    /// (`read_bluffs` and `challenger_prior_heads_up`), it bluffs against the first as
    /// often as it would without them.
    #[test]
    fn heads_up_hard_bluffs_less_against_an_opponent_that_challenges_everything() {
        let g = heads_up_deal();
        let view = g.view(Seat(0));
        let mut legal = Vec::new();
        g.legal_inputs(Seat(0), &mut legal);
        let t = Knowledge::from_view(&view).expect("seated");
        let bluffs = |challenges: u16, read: f32| {
            let mut memory = Model {
                players: 2,
                ..Model::default()
            };
            memory.seats[1].challenges = [challenges, 0];
            memory.seats[1].challenge_chances = [40, 0];
            (0..40)
                .filter(|&seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.search.read_bluffs = read;
                    if read == 0.0 {
                        hard.search.challenger_prior_heads_up = 0.0;
                    }
                    hard.remember(&memory);
                    is_bluff(&t, hard.decide(&view, &legal, &Budget::iterations(100)))
                })
                .count()
        };
        let (doubter, trusting) = (bluffs(38, 1.0), bluffs(0, 1.0));
        assert!(
            doubter * 4 <= trusting && trusting >= 8,
            "{doubter} {trusting}"
        );
        let off = bluffs(38, 0.0);
        assert!(off >= 8, "{off}");
    }

    /// Heads-up, Hard's first turn (seat 0 holds the Captain and the Assassin: a Tax or
    /// an Exchange is a bluff). Against an opponent that challenged each of the three
    /// claims it could in this game, Hard bluffs in at most a quarter of the decisions it
    /// bluffs in against one with no record: three showings make a player who challenges
    /// half the time likelier than not ([`Search::challenger_prior_heads_up`]). The
    /// estimate with a prior worth ten windows alone moves too little after three.
    #[test]
    fn heads_up_hard_stops_bluffing_within_a_few_challenges() {
        let g = heads_up_deal();
        let view = g.view(Seat(0));
        let mut legal = Vec::new();
        g.legal_inputs(Seat(0), &mut legal);
        let t = Knowledge::from_view(&view).expect("seated");
        let bluffs = |challenges: u16, chances: u16, prior: f32| {
            let mut memory = Model {
                players: 2,
                ..Model::default()
            };
            memory.seats[1].challenges = [challenges, 0];
            memory.seats[1].challenge_chances = [chances, 0];
            (0..60)
                .filter(|&seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.search.challenger_prior_heads_up = prior;
                    hard.remember(&memory);
                    is_bluff(&t, hard.decide(&view, &legal, &Budget::iterations(100)))
                })
                .count()
        };
        let prior = Search::HARD.challenger_prior_heads_up;
        let (fresh, called) = (bluffs(0, 0, prior), bluffs(3, 3, prior));
        assert!(fresh >= 10, "{fresh}");
        assert!(called * 4 <= fresh, "{called} of {fresh}");
        // One that let the three claims pass is bluffed into as before, or more.
        assert!(bluffs(0, 3, prior) >= fresh, "{fresh}");
    }

    /// R4, R5.1, R6, R7: at a 4-seat table, seat 1 assassinates seat 0, on its last card
    /// (a Captain) and without a Contessa: a Contessa block is a bluff that every other
    /// seat may challenge. Seat 0 remembers from earlier games at the table that seat 2
    /// challenged every claim it could: Hard bluffs in at most a quarter of the seeds it
    /// bluffs in without the reading ([`Search::challenger_prior`] at 0, as before it),
    /// where it bluffs in several. Against three seats that let every claim pass, it
    /// bluffs as without the reading, within a few seeds.
    #[test]
    fn hard_bluffs_less_at_a_table_with_a_frequent_challenger() {
        use crate::bots::beliefs::tests::apply;
        let mut g = crate::bots::knowledge::fixed_deal(
            crate::engine::Options::default(),
            vec![
                [Card::Duke, Card::Captain],
                [Card::Assassin, Card::Ambassador],
                [Card::Duke, Card::Contessa],
                [Card::Ambassador, Card::Captain],
            ],
            Some(vec![2, 3, 2, 2]),
            vec![vec![Card::Duke], vec![], vec![], vec![]],
        )
        .expect("valid setup");
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Assassinate(Seat(0))));
        let view = g.view(Seat(0));
        let mut legal = Vec::new();
        g.legal_inputs(Seat(0), &mut legal);
        let t = Knowledge::from_view(&view).expect("seated");
        assert!(legal.iter().any(|i| is_bluff(&t, *i)), "{legal:?}");
        let bluffs = |challenges: [u16; 4], prior: f32| {
            let mut memory = Model {
                players: 4,
                ..Model::default()
            };
            for (record, &k) in memory.seats.iter_mut().zip(&challenges).skip(1) {
                record.challenges = [k, 0];
                record.challenge_chances = [40, 0];
            }
            (0..40)
                .filter(|&seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.search.challenger_prior = prior;
                    hard.remember(&memory);
                    is_bluff(&t, hard.decide(&view, &legal, &Budget::iterations(100)))
                })
                .count()
        };
        let prior = Search::HARD.challenger_prior;
        assert!(prior > 0.0);
        let off = bluffs([0, 5, 40, 5], 0.0);
        let read = bluffs([0, 5, 40, 5], prior);
        assert!(off >= 8, "{off}");
        assert!(read * 4 <= off, "{read} of {off}");
        let (quiet_off, quiet) = (bluffs([0, 0, 0, 0], 0.0), bluffs([0, 0, 0, 0], prior));
        assert!(quiet_off >= 8, "{quiet_off}");
        assert!(
            quiet.abs_diff(quiet_off) <= 3,
            "{quiet} against {quiet_off}"
        );
    }

    #[test]
    fn every_search_name_is_settable_and_bad_settings_are_refused() {
        for name in SEARCH_NAMES {
            let mut s = Search::HARD;
            s.set(name, 42.5).expect(name);
            assert_ne!(s, Search::HARD, "{name} changed nothing");
        }
        let mut s = Search::HARD;
        assert!(s.set("bravado", 1.0).is_err());
        assert!(s.set("mix", f32::NAN).is_err());
        assert!(s.set("mix", -1.0).is_err());
        assert!(s.set("trust", 1e6).is_err());
        assert_eq!(s, Search::HARD);
    }

    /// Heads-up, seat 0 taxes again (R4: Tax claims the Duke). While it has
    /// let every claim of seat 1 pass, seat 1's Hard reads its repeats as saying little;
    /// once it has challenged (R6.2), as much as the first claim; at three seats always as
    /// much.
    #[test]
    fn a_silent_opponents_repeated_claims_are_read_as_worth_little() {
        use crate::bots::beliefs::tests::{apply, three_seats};
        let hard = Hard::new(1, Personality::BALANCED);
        let mut g = heads_up_deal();
        let read = |g: &Game| {
            let view = g.view(Seat(1));
            hard.repeat_read(&view, hard.p_silent(&view, &hard.record(&view)))
        };
        let p_duke = |g: &Game| {
            Beliefs::with_repeat(&g.view(Seat(1)), &Model::default(), 1.0, read(g), 0.0)
                .p_has(Seat(0), Card::Duke)
        };
        let first = read(&g);
        assert!(first < 0.25, "before any chance: {first}");
        for _ in 0..2 {
            apply(&mut g, Seat(0), Input::Act(Action::Tax));
            apply(&mut g, Seat(1), Input::Pass);
            // Seat 1 claims the Duke too; seat 0 lets it pass.
            apply(&mut g, Seat(1), Input::Act(Action::Tax));
            apply(&mut g, Seat(0), Input::Pass);
        }
        let silent = p_duke(&g);
        assert!(
            read(&g) < first,
            "two claims passed: {first} -> {}",
            read(&g)
        );
        // Seat 0 challenges seat 1's next Tax, a lie: seat 1 loses a card (R6.2). Seat 0
        // is one who challenges: its repeats count again.
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Tax));
        apply(&mut g, Seat(0), Input::Challenge);
        apply(&mut g, Seat(1), Input::Lose(Card::Ambassador));
        assert!(
            (read(&g) - 1.0).abs() < 1e-6,
            "after a challenge: {}",
            read(&g)
        );
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        assert!(p_duke(&g) > silent + 0.1, "{silent} -> {}", p_duke(&g));
        // At three seats the search reads repeats as it always has.
        let three = three_seats().view(Seat(1));
        assert_eq!(
            hard.repeat_read(&three, hard.p_silent(&three, &hard.record(&three))),
            1.0
        );
    }

    /// Heads-up, seat 1's Hard prices its own lies (a Tax without a Duke, R4) by the chance
    /// that seat 0 never challenges, read from its own prior: the prior before any claim,
    /// more with each claim seat 0 lets pass, none once it has challenged (R6.2). The
    /// record's own reading, from a far lower prior, makes a lie dearer all along; at three
    /// seats the record's own reading is used.
    #[test]
    fn heads_up_a_lie_is_priced_by_the_chance_the_opponent_challenges() {
        use crate::bots::beliefs::tests::{apply, three_seats};
        let hard = Hard::new(1, Personality::BALANCED);
        let prior = Search::HARD.doubt_prior_heads_up;
        assert!(prior > 0.0);
        let mut g = heads_up_deal();
        // Seat 1's reading of seat 0, Hard's and the record's own, and the value its
        // heuristic gives a Tax with each.
        let read = |g: &Game| {
            let view = g.view(Seat(1));
            let beliefs = Beliefs::new(&view);
            let own = beliefs.reads_at(&view);
            let mut mine = own;
            hard.doubt_read(&view, &hard.record(&view), &mut mine.silent);
            let t = Knowledge::from_view(&view).expect("seated");
            let tax = |r: &Reads| hard.policy.score_action(&t, r, Action::Tax);
            (mine.silent[0], own.silent[0], tax(&mine), tax(&own))
        };
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        let (first, own_first, tax_first, own_tax) = read(&g);
        assert!((first - prior).abs() < 1e-6, "{first}");
        assert!(
            own_first < first && own_tax < tax_first,
            "{own_tax} {tax_first}"
        );
        for _ in 0..2 {
            apply(&mut g, Seat(1), Input::Act(Action::Tax));
            apply(&mut g, Seat(0), Input::Pass);
            apply(&mut g, Seat(0), Input::Act(Action::Income));
        }
        let (passed, own_passed, tax_passed, own_tax) = read(&g);
        assert!(
            passed > first && tax_passed > tax_first,
            "{passed} {tax_passed}"
        );
        assert!(
            own_passed < passed && own_tax < tax_passed,
            "{own_tax} {tax_passed}"
        );
        // Seat 0 challenges the next Tax, a lie: seat 1 loses its Ambassador.
        apply(&mut g, Seat(1), Input::Act(Action::Tax));
        apply(&mut g, Seat(0), Input::Challenge);
        apply(&mut g, Seat(1), Input::Lose(Card::Ambassador));
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        let (called, own_called, ..) = read(&g);
        assert_eq!((called, own_called), (0.0, 0.0));
        // At three seats the record's own reading stands.
        let three = three_seats().view(Seat(1));
        let own = Beliefs::new(&three).reads_at(&three).silent;
        let mut mine = own;
        hard.doubt_read(&three, &hard.record(&three), &mut mine);
        assert_eq!(mine, own);
    }

    /// Heads-up, seat 1 on its last card and without a Contessa is the target of seat 0's
    /// assassination (R4; R7: a Contessa would block it). From an opponent that has let
    /// its claim pass, Hard calls the Assassin (R6) most of the time; from one that has
    /// challenged, it answers as a Hard without the call does, in every seed.
    #[test]
    fn a_silent_opponents_assassination_of_the_last_card_is_called() {
        use crate::bots::beliefs::tests::apply;
        use crate::bots::knowledge::fixed_deal;
        use crate::engine::Options;
        let deal = |face_up: Vec<Card>| {
            fixed_deal(
                Options::default(),
                vec![
                    [Card::Assassin, Card::Duke],
                    [Card::Captain, Card::Ambassador],
                ],
                Some(vec![2, 2]),
                vec![vec![], face_up],
            )
            .expect("valid setup")
        };
        let answers = |g: &Game, call: f32| -> Vec<Input> {
            let view = g.view(Seat(1));
            let mut legal = Vec::new();
            g.legal_inputs(Seat(1), &mut legal);
            assert!(legal.contains(&Input::Challenge), "{legal:?}");
            (0..20)
                .map(|seed| {
                    let mut hard = Hard::new(seed, Personality::BALANCED);
                    hard.search.silent_call_heads_up = call;
                    hard.decide(&view, &legal, &Budget::iterations(40))
                })
                .collect()
        };
        // Seat 1 shows its Ambassador; its lie of a Duke passes; it is then assassinated.
        let mut g = deal(vec![Card::Ambassador]);
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Tax));
        apply(&mut g, Seat(0), Input::Pass);
        apply(&mut g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
        let hards = Search::HARD.silent_call_heads_up;
        let called = answers(&g, hards)
            .iter()
            .filter(|&&i| i == Input::Challenge)
            .count();
        assert!(called >= 14, "{called} of 20 called");
        // Seat 0 challenges seat 1's lie (R6.2: seat 1 loses its Ambassador), then
        // assassinates it.
        let mut g = deal(vec![]);
        apply(&mut g, Seat(0), Input::Act(Action::Income));
        apply(&mut g, Seat(1), Input::Act(Action::Tax));
        apply(&mut g, Seat(0), Input::Challenge);
        apply(&mut g, Seat(1), Input::Lose(Card::Ambassador));
        apply(&mut g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
        assert_eq!(answers(&g, hards), answers(&g, 0.0));
    }
}
