//! [`Style`]: opponents that play unlike Normal, for tournaments and tests.
//!
//! A bot tuned only against Normal learns Normal's habits, not Coup. These styles are a
//! population of opponents far from Normal and from each other, each behind the same
//! [`Bot`] trait, selectable by name in `coup-arena --lineup` ([`make_named`]). They are
//! not offered to players.
//!
//! Every style but `random` and `passive` starts from an average player's judgement
//! ([`Policy::average`]: Normal's constants for the larger game, at every table size).
//!
//! - `honest`: that judgement, but it never claims a character it does not hold.
//! - `bluffer`: claims what pays best whatever it holds, and bluffs blocks.
//! - `challenger`: challenges about half of all claims, and Normal otherwise.
//! - `trusting`: Normal that never challenges, and believes every claim nobody has
//!   caught: it does not take an action that a player it believes holds the blocking
//!   character could stop (an assassination of a Contessa, Foreign Aid beside a Duke), since
//!   it would never call that block.
//! - `passive`: takes Income until it can Coup, blocks only with what it holds, never
//!   challenges.
//! - `random`: any legal input, uniformly.
//! - `bold` / `wary`: Normal at the ends of its personality (lies and trusts freely; never
//!   lies and doubts everything).
//!
//! Three more are built from how people and other programs are described playing, not
//! from these bots, so that no bot was tuned against them:
//!
//! - `honest-assassin`: an average player that claims the Assassin only when it holds one
//!   and challenges Tax often (half the Taxes it may).
//! - `cautious`: takes Income and Foreign Aid (and a Coup), blocks only with the card it
//!   holds, and challenges only a claim the cards in sight prove false (R1.5: every copy
//!   located).
//! - `counter`: an average player that challenges exactly the claims the copies in sight
//!   make impossible or likely false ([`COUNTER_DOUBT`]), and no others.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::beliefs::Beliefs;
pub use super::knowledge::is_bluff;
use super::knowledge::{Knowledge, fallback};
use super::normal::{Policy, Tuning};
use super::personality::Personality;
use super::reading::claim_asked;
use super::{Bot, BotLevel, Budget, make_bot};
use crate::engine::{
    Action, ActionKind, Card, Claimed, Input, Outcome, Pending, Seat, View, WindowKind,
};

/// An opponent style (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    Honest,
    Bluffer,
    Challenger,
    Trusting,
    Passive,
    Random,
    Bold,
    Wary,
    HonestAssassin,
    Cautious,
    Counter,
}

/// A card counter challenges a claim when the chance that the claimant holds the card,
/// from the copies it cannot locate alone, is below this: at most one copy unseen against
/// a hand of two, or none.
pub const COUNTER_DOUBT: f32 = 0.25;

/// The share of the Taxes it may challenge that the honest assassin challenges.
pub const ASSASSIN_TAX_DOUBT: f64 = 0.5;

impl Style {
    /// Every style.
    pub const ALL: [Style; 11] = [
        Style::Honest,
        Style::Bluffer,
        Style::Challenger,
        Style::Trusting,
        Style::Passive,
        Style::Random,
        Style::Bold,
        Style::Wary,
        Style::HonestAssassin,
        Style::Cautious,
        Style::Counter,
    ];

    /// The style's name in tools.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Honest => "honest",
            Style::Bluffer => "bluffer",
            Style::Challenger => "challenger",
            Style::Trusting => "trusting",
            Style::Passive => "passive",
            Style::Random => "random",
            Style::Bold => "bold",
            Style::Wary => "wary",
            Style::HonestAssassin => "honest-assassin",
            Style::Cautious => "cautious",
            Style::Counter => "counter",
        }
    }

    /// Parses a name.
    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Builds the bot called `name`: a level (`easy`, `normal`, `hard`) or a [`Style`].
pub fn make_named(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    if let Some(level) = BotLevel::from_name(name) {
        return Some(make_bot(level, seed));
    }
    Style::from_name(name).map(|s| Box::new(StyleBot::new(s, seed)) as Box<dyn Bot>)
}

/// A bot that plays a [`Style`].
#[derive(Debug)]
pub struct StyleBot {
    style: Style,
    rng: ChaCha8Rng,
    policy: Policy,
    legal: Vec<Input>,
}

impl StyleBot {
    /// A bot of `style` for `seed`.
    pub fn new(style: Style, seed: u64) -> StyleBot {
        let personality = match style {
            Style::Bold | Style::Bluffer => Personality {
                boldness: 1.0,
                suspicion: 0.0,
                vengefulness: 0.5,
            },
            Style::Wary => Personality {
                boldness: 0.0,
                suspicion: 1.0,
                vengefulness: 0.5,
            },
            _ => Personality::from_seed(seed),
        };
        let mut policy = Policy::average(personality);
        if style == Style::Bluffer {
            // Lies priced at a third of Normal's.
            let t = Tuning {
                caution: 0.5 + personality.boldness,
                ..Tuning::NORMAL
            };
            policy.tuning = t;
            policy.heads_up = t;
        }
        StyleBot {
            style,
            rng: ChaCha8Rng::seed_from_u64(seed),
            policy,
            legal: Vec::with_capacity(64),
        }
    }

    /// The style.
    pub fn style(&self) -> Style {
        self.style
    }

    fn policy_on(
        &mut self,
        t: &Knowledge,
        view: &View,
        keep: impl Fn(Input) -> bool,
        legal: &[Input],
    ) -> Input {
        self.legal.clear();
        self.legal
            .extend(legal.iter().copied().filter(|i| keep(*i)));
        if self.legal.is_empty() {
            self.legal.extend_from_slice(legal);
        }
        let reads = Beliefs::new(view).reads();
        let legal = std::mem::take(&mut self.legal);
        let i = self.policy.decide(t, &reads, &mut self.rng, &legal);
        self.legal = legal;
        i
    }

    fn passive(&mut self, t: &Knowledge, view: &View, legal: &[Input]) -> Input {
        match t.pending {
            Pending::Action { .. } => {
                // Coup the richest opponent as soon as it can; Income otherwise.
                let coup = legal
                    .iter()
                    .filter_map(|i| match i {
                        Input::Act(Action::Coup(v)) => Some((t.coins[v.index()], *i)),
                        _ => None,
                    })
                    .max_by_key(|(c, _)| *c)
                    .map(|(_, i)| i);
                coup.or_else(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|i| *i == Input::Act(Action::Income))
                })
                .unwrap_or_else(|| self.policy_on(t, view, |_| true, legal))
            }
            Pending::Respond { .. } => legal
                .iter()
                .copied()
                .find(|i| matches!(i, Input::Block(c) if t.holds(*c)))
                .or_else(|| legal.iter().copied().find(|i| *i == Input::Pass))
                .unwrap_or(legal[0]),
            _ => self.policy_on(t, view, |_| true, legal),
        }
    }

    fn bluffer(&mut self, t: &Knowledge, view: &View, legal: &[Input]) -> Input {
        match t.pending {
            Pending::Action { .. } if t.my_coins() < 7 && self.rng.random_bool(0.5) => {
                // The strongest claim it can afford, held or not.
                let pick = |kind: ActionKind| {
                    legal
                        .iter()
                        .copied()
                        .filter(|i| matches!(i, Input::Act(a) if a.kind() == kind))
                        .max_by_key(|i| match i {
                            Input::Act(a) => a
                                .target()
                                .map_or(0, |v| t.lives[v.index()] * 20 + t.coins[v.index()] as u8),
                            _ => 0,
                        })
                };
                pick(ActionKind::Assassinate)
                    .or_else(|| pick(ActionKind::Tax))
                    .or_else(|| pick(ActionKind::Steal))
                    .unwrap_or_else(|| self.policy_on(t, view, |_| true, legal))
            }
            Pending::Respond { window }
                if window.kind == WindowKind::Block && self.rng.random_bool(0.6) =>
            {
                let block = legal.iter().copied().find(|i| matches!(i, Input::Block(_)));
                block.unwrap_or_else(|| self.policy_on(t, view, |_| true, legal))
            }
            _ => self.policy_on(t, view, |_| true, legal),
        }
    }
}

/// Whether `seat`, still in the game, has claimed `card` (for an action or a block) and
/// was not caught lying.
fn believed(view: &View, seat: Seat, card: Card) -> bool {
    view.players.get(seat.index()).is_some_and(|p| p.alive)
        && view.claims.iter().any(|c| {
            c.player == seat && c.card == Claimed::Card(card) && c.outcome != Outcome::Lost
        })
}

/// Whether a player who believes every uncaught claim expects `action` to be blocked: its
/// target (or, for Foreign Aid, another player) has claimed a character that blocks it. A
/// player who never challenges has no answer to that block. (Without this, trusting
/// players at one table assassinate and are blocked by a bluffed Contessa turn after turn,
/// or ask for Foreign Aid that a bluffed Duke refuses, and the game never ends.)
fn believed_blocked(view: &View, action: Action) -> bool {
    let kind = action.kind();
    if !kind.blockable() {
        return false;
    }
    let blocks = |seat: Seat| {
        Card::ALL
            .iter()
            .any(|&c| kind.blocked_by(c, view.options) && believed(view, seat, c))
    };
    match action.target() {
        Some(target) if kind.blocked_by_target() => blocks(target),
        _ => (0..view.players.len())
            .map(Seat::at)
            .any(|s| Some(s) != view.viewer && blocks(s)),
    }
}

/// The chance, from counting alone, that `seat` holds `card`: its hidden cards drawn from
/// the copies `t`'s seat cannot locate (R1.5).
fn counted_chance(t: &Knowledge, seat: Seat, card: Card) -> f32 {
    super::beliefs::Reads::from_counting(t).p(seat, card)
}

impl StyleBot {
    fn cautious(&mut self, t: &Knowledge, view: &View, legal: &[Input]) -> Input {
        match t.pending {
            Pending::Action { .. } => {
                let coup = legal
                    .iter()
                    .filter_map(|i| match i {
                        Input::Act(Action::Coup(v)) => {
                            Some((t.lives[v.index()], t.coins[v.index()], *i))
                        }
                        _ => None,
                    })
                    .max_by_key(|(l, c, _)| (*l, *c))
                    .map(|(.., i)| i);
                let aid = Input::Act(Action::ForeignAid);
                // Foreign Aid unless a Duke is known to be in the hand of someone who
                // may block it; Income otherwise.
                let duke_blocks = t.opponents().any(|o| {
                    counted_chance(t, o, Card::Duke) > 0.0 && believed(view, o, Card::Duke)
                });
                coup.or_else(|| legal.iter().copied().find(|i| *i == aid && !duke_blocks))
                    .or_else(|| {
                        legal
                            .iter()
                            .copied()
                            .find(|i| *i == Input::Act(Action::Income))
                    })
                    .unwrap_or_else(|| self.policy_on(t, view, |i| !is_bluff(t, i), legal))
            }
            Pending::Respond { .. } => {
                if let Some((seat, card)) = claim_asked(t)
                    && legal.contains(&Input::Challenge)
                    && counted_chance(t, seat, card) <= 0.0
                {
                    return Input::Challenge;
                }
                legal
                    .iter()
                    .copied()
                    .find(|i| matches!(i, Input::Block(c) if t.holds(*c)))
                    .or_else(|| legal.iter().copied().find(|i| *i == Input::Pass))
                    .unwrap_or(legal[0])
            }
            _ => self.policy_on(t, view, |_| true, legal),
        }
    }

    fn counter(&mut self, t: &Knowledge, view: &View, legal: &[Input]) -> Input {
        if let Some((seat, card)) = claim_asked(t)
            && legal.contains(&Input::Challenge)
        {
            if counted_chance(t, seat, card) < COUNTER_DOUBT {
                return Input::Challenge;
            }
            return self.policy_on(t, view, |i| i != Input::Challenge, legal);
        }
        self.policy_on(t, view, |i| i != Input::Challenge, legal)
    }

    fn honest_assassin(&mut self, t: &Knowledge, view: &View, legal: &[Input]) -> Input {
        let holds = t.holds(Card::Assassin);
        if let Some((_, Card::Duke)) = claim_asked(t)
            && legal.contains(&Input::Challenge)
            && t.turn.is_some_and(|turn| turn.action == Action::Tax)
            && self.rng.random_bool(ASSASSIN_TAX_DOUBT)
        {
            return Input::Challenge;
        }
        let keep = move |i: Input| {
            holds || !matches!(i, Input::Act(a) if a.kind() == ActionKind::Assassinate)
        };
        self.policy_on(t, view, keep, legal)
    }
}

impl Bot for StyleBot {
    fn decide(&mut self, view: &View, legal: &[Input], _budget: &Budget<'_>) -> Input {
        let t = match Knowledge::to_weigh(view, legal) {
            Ok(t) => t,
            Err(only) => return only,
        };
        let chosen = match self.style {
            Style::Random => legal[self.rng.random_range(0..legal.len())],
            Style::Passive => self.passive(&t, view, legal),
            Style::Bluffer => self.bluffer(&t, view, legal),
            Style::Honest => {
                let tt = t;
                self.policy_on(&t, view, move |i| !is_bluff(&tt, i), legal)
            }
            Style::Trusting => {
                let keep = |i: Input| match i {
                    Input::Challenge => false,
                    Input::Act(a) => !believed_blocked(view, a),
                    _ => true,
                };
                self.policy_on(&t, view, keep, legal)
            }
            Style::Challenger => {
                let claim_window = matches!(
                    t.pending,
                    Pending::Respond { window }
                        if matches!(window.kind, WindowKind::Challenge | WindowKind::BlockChallenge)
                );
                if claim_window && legal.contains(&Input::Challenge) && self.rng.random_bool(0.5) {
                    Input::Challenge
                } else {
                    self.policy_on(&t, view, |_| true, legal)
                }
            }
            Style::Bold | Style::Wary => self.policy_on(&t, view, |_| true, legal),
            Style::HonestAssassin => self.honest_assassin(&t, view, legal),
            Style::Cautious => self.cautious(&t, view, legal),
            Style::Counter => self.counter(&t, view, legal),
        };
        if legal.contains(&chosen) {
            chosen
        } else {
            fallback(legal)
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Normal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Options, Seat};

    #[test]
    fn every_name_builds_and_unknown_names_do_not() {
        for s in Style::ALL {
            assert_eq!(Style::from_name(s.name()), Some(s));
            assert!(make_named(s.name(), 1).is_some());
        }
        for l in BotLevel::ALL {
            assert_eq!(make_named(l.name(), 1).map(|b| b.level()), Some(l));
        }
        assert!(make_named("grandmaster", 1).is_none());
    }

    /// Whether `input` makes a claim, and if so whether it is a lie given the seat's
    /// hidden `hand`, worked out from the rules alone (the default deck: the Ambassador,
    /// no Inquisitor). R4: Tax claims the Duke, Assassinate the Assassin, Steal the
    /// Captain, Exchange the Ambassador; a block claims the card it names. R7.2: Examine
    /// claims the Inquisitor. R8.4: Embezzlement claims not to hold the Duke.
    fn claim_is_lie(input: Input, hand: &[Card]) -> Option<bool> {
        use crate::engine::Action;
        let lacks = |c: Card| !hand.contains(&c);
        match input {
            Input::Act(Action::Tax) => Some(lacks(Card::Duke)),
            Input::Act(Action::Assassinate(_)) => Some(lacks(Card::Assassin)),
            Input::Act(Action::Steal(_)) => Some(lacks(Card::Captain)),
            Input::Act(Action::Exchange) => Some(lacks(Card::Ambassador)),
            Input::Act(Action::Examine(_)) => Some(lacks(Card::Inquisitor)),
            Input::Act(Action::Embezzle) => Some(!lacks(Card::Duke)),
            Input::Block(c) => Some(lacks(c)),
            _ => None,
        }
    }

    /// Plays game `g` to its end with a style at each seat, each deciding from its view
    /// and its legal inputs; `see` is shown each decision with the game before it.
    fn play_styles(g: u64, styles: &[Style], mut see: impl FnMut(&Game, Seat, Input, &[Input])) {
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        let mut game = Game::deal(styles.len(), Options::default(), None, &mut rng).expect("deal");
        let mut bots: Vec<StyleBot> = styles
            .iter()
            .enumerate()
            .map(|(s, &st)| StyleBot::new(st, g * 16 + s as u64))
            .collect();
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut steps = 0;
        while !game.is_over() {
            steps += 1;
            assert!(steps < 3_000, "game {g} did not end");
            let seat: Seat = game.owing().iter().next().expect("someone owes");
            game.legal_inputs(seat, &mut legal);
            let view = game.view(seat);
            let input = bots[seat.index()].decide(&view, &legal, &Budget::iterations(1));
            assert!(legal.contains(&input), "game {g}: illegal {input:?}");
            see(&game, seat, input, &legal);
            game.apply(seat, input, &mut rng, &mut events)
                .expect("legal");
            events.clear();
        }
    }

    /// Every style plays legal, finished games at 2, 4 and 6 players, and keeps to its
    /// defining habit, checked against the real hands: the honest and passive players
    /// claim often and never claim a character they do not hold, the trusting and passive players never
    /// challenge, the bluffer lies about a good share of its claims.
    #[test]
    fn styles_play_legal_games_and_keep_their_habits() {
        let mut bluffs = [0usize; 8];
        let mut claims = [0usize; 8];
        let mut challenges = [0usize; 8];
        for (g, n) in (0..24u64).zip([2usize, 4, 6].into_iter().cycle()) {
            let styles: Vec<Style> = (0..n).map(|s| Style::ALL[(g as usize + s) % 8]).collect();
            play_styles(g, &styles, |game, seat, input, _| {
                let st = styles[seat.index()] as usize;
                // Counted from the true hand and the rules, not with `is_bluff`, which
                // the honest style chooses with: a fault there must not hide itself.
                let hand: Vec<Card> = game.player(seat).hand.hidden().collect();
                if let Some(lie) = claim_is_lie(input, &hand) {
                    claims[st] += 1;
                    bluffs[st] += usize::from(lie);
                }
                challenges[st] += usize::from(input == Input::Challenge);
            });
        }
        // Never bluffing is a habit only of a player that claims: one that never claimed
        // would pass the check alone. The honest player claims its actions and blocks;
        // the passive one only blocks, with a card it holds, so it claims more rarely.
        for (s, least) in [(Style::Honest, 20), (Style::Passive, 1)] {
            let made = claims[s as usize];
            assert!(made >= least, "{s:?} claimed {made} times");
            assert_eq!(bluffs[s as usize], 0, "{s:?} bluffed");
        }
        for s in [Style::Trusting, Style::Passive] {
            assert_eq!(challenges[s as usize], 0, "{s:?} challenged");
        }
        let b = Style::Bluffer as usize;
        assert!(
            claims[b] >= 20 && bluffs[b] * 3 >= claims[b],
            "{} of {}",
            bluffs[b],
            claims[b]
        );
        let c = Style::Challenger as usize;
        assert!(challenges[c] >= 10, "challenger: {}", challenges[c]);
    }

    /// The three styles built from descriptions keep to them, checked against the real
    /// hands and the cards in each seat's sight (its own hidden cards and every face-up
    /// card, R1.5): the honest assassin claims the Assassin (R4) and never without one,
    /// and challenges Taxes; the cautious player only takes Income, Foreign Aid or a Coup,
    /// blocks only with the card, and challenges only claims that are lies with every copy
    /// of the character in its sight; the card counter challenges every claim whose
    /// copies are all in its sight and none of which it sees no copy of.
    #[test]
    fn described_styles_keep_their_descriptions() {
        let trio = [Style::HonestAssassin, Style::Cautious, Style::Counter];
        let (mut assassins, mut tax_doubts, mut counted, mut cautious_acts) = (0, 0, 0, 0);
        for (g, n) in (0..45u64).zip([2usize, 4, 6].into_iter().cycle()) {
            let styles: Vec<Style> = (0..n)
                .map(|s| match (g as usize + s) % 4 {
                    3 => Style::Bold,
                    k => trio[k],
                })
                .collect();
            let copies = super::super::knowledge::copies(Options::default(), n);
            play_styles(g, &styles, |game, seat, input, legal| {
                let hand: Vec<Card> = game.player(seat).hand.hidden().collect();
                // Copies of `card` in `seat`'s sight.
                let in_sight = |card: Card| {
                    let up: usize = (0..n)
                        .map(|o| {
                            let h = &game.player(Seat::at(o)).hand;
                            (0..usize::from(h.len))
                                .filter(|&i| h.up[i] && h.cards[i] == card)
                                .count()
                        })
                        .sum();
                    up + hand.iter().filter(|&&c| c == card).count()
                };
                let t = Knowledge::from_game(game, seat);
                let asked = claim_asked(&t).filter(|_| legal.contains(&Input::Challenge));
                match styles[seat.index()] {
                    Style::HonestAssassin => {
                        if let Input::Act(Action::Assassinate(_)) = input {
                            assert!(hand.contains(&Card::Assassin), "game {g}: a bluff");
                            assassins += 1;
                        }
                        if input == Input::Challenge
                            && t.turn.is_some_and(|turn| turn.action == Action::Tax)
                        {
                            tax_doubts += 1;
                        }
                    }
                    Style::Cautious => {
                        if let Input::Act(a) = input {
                            cautious_acts += 1;
                            assert!(
                                matches!(a, Action::Income | Action::ForeignAid | Action::Coup(_)),
                                "game {g}: {a:?}"
                            );
                        }
                        if let Input::Block(c) = input {
                            assert!(hand.contains(&c), "game {g}: a bluffed block");
                        }
                        if input == Input::Challenge {
                            let (claimant, card) = asked.expect("a claim to challenge");
                            let held = game.player(claimant).hand.hidden().any(|c| c == card);
                            assert!(!held, "game {g}: challenged a true claim");
                            assert_eq!(in_sight(card), usize::from(copies[card.index()]));
                        }
                    }
                    Style::Counter => {
                        if let Some((_, card)) = asked {
                            let seen = in_sight(card);
                            if seen >= usize::from(copies[card.index()]) {
                                assert_eq!(input, Input::Challenge, "game {g}: {card:?}");
                            }
                            if input == Input::Challenge {
                                assert!(seen >= 1, "game {g}: challenged {card:?} unseen");
                                counted += 1;
                            }
                        }
                        assert!(
                            input != Input::Challenge || asked.is_some(),
                            "game {g}: a challenge of no claim"
                        );
                    }
                    _ => {}
                }
            });
        }
        assert!(
            assassins >= 5,
            "the honest assassin assassinated {assassins} times"
        );
        assert!(tax_doubts >= 5, "it challenged {tax_doubts} Taxes");
        assert!(counted >= 5, "the counter challenged {counted} times");
        assert!(
            cautious_acts >= 20,
            "the cautious player acted {cautious_acts} times"
        );
    }

    /// Four trusting players finish their games: none takes an action it believes a
    /// block it would never challenge will stop, so the coins go to a Coup in the end.
    #[test]
    fn trusting_players_alone_at_a_table_finish_their_games() {
        use crate::engine::{Game, Options};
        let mut longest = 0;
        for g in 0..40u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(g);
            let mut game = Game::deal(4, Options::default(), None, &mut rng).expect("deal");
            let mut bots: Vec<StyleBot> = (0..4)
                .map(|s| StyleBot::new(Style::Trusting, g * 16 + s))
                .collect();
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut steps = 0;
            while !game.is_over() {
                steps += 1;
                assert!(steps < 2_000, "game {g} did not end");
                let seat: Seat = game.owing().iter().next().expect("someone owes");
                game.legal_inputs(seat, &mut legal);
                let view = game.view(seat);
                let input = bots[seat.index()].decide(&view, &legal, &Budget::iterations(1));
                // (Income is never blocked, so there is always something else to do.)
                if let Input::Act(a) = input {
                    assert!(
                        !believed_blocked(&view, a),
                        "game {g}: {a:?} into a block it believes"
                    );
                }
                game.apply(seat, input, &mut rng, &mut events)
                    .expect("legal");
                events.clear();
            }
            longest = longest.max(steps);
        }
        assert!(longest > 20, "games were played ({longest} inputs at most)");
    }
}
