//! [`Knowledge`]: the public position plus one seat's own cards, in a small `Copy` struct.
//!
//! The heuristics read a `Knowledge` rather than a [`View`] so that the same code serves a
//! real decision (built from the seat's view) and every decision inside a search playout
//! (built from a sampled [`Game`] for the seat whose turn it is, without allocating a
//! view). A `Knowledge` holds nothing a seat may not know: public state and its own hand.

use crate::engine::{
    Action, ActionKind, Allegiance, Card, Claimed, Event, Game, Input, MAX_PLAYERS, Options,
    Pending, Seat, Setup, SetupError, Turn, View,
};

/// One seat's knowledge of the position, minus the event history (see [`Beliefs`](super::beliefs::Beliefs)).
#[derive(Clone, Copy, Debug)]
pub struct Knowledge {
    pub n: usize,
    pub me: Seat,
    pub options: Options,
    pub coins: [u16; MAX_PLAYERS],
    /// Hidden cards per seat (0: eliminated).
    pub lives: [u8; MAX_PLAYERS],
    pub allegiance: [Option<Allegiance>; MAX_PLAYERS],
    /// The seat's own hidden cards.
    pub mine: [Card; 2],
    pub mine_len: u8,
    pub reserve: u16,
    pub turn: Option<Turn>,
    pub pending: Pending,
    /// Copies of each character this seat can locate: its own hidden cards and every
    /// face-up card.
    pub seen: [u8; 6],
    /// Copies of each character in the game (R1.5; at most 3 with the draft, R2.5).
    pub copies: [u8; 6],
    /// Face-up copies of each character (public to everyone).
    pub face_up: [u8; 6],
    /// The last seat that attacked or challenged this one, if it remembers (vengeance).
    pub grudge: Option<Seat>,
    /// How many of this seat's last few actions were exchanges or Examines (to avoid
    /// exchange loops in the endgame).
    pub recent_exchanges: u8,
    /// Per seat, how many of this seat's assassinations of it its Contessa has blocked,
    /// each block standing, since its hand last changed ([`Knowledge::walled`]).
    pub walls: [u8; MAX_PLAYERS],
}

/// Copies of each character under `options` with `n` players (R1.5, R2.5).
pub fn copies(options: Options, n: usize) -> [u8; 6] {
    let mut out = [0u8; 6];
    for c in Card::in_use_set(options) {
        // R2.5: with the draft, 7 cards are in play: one of each plus two picks, so no
        // character has more than 3 copies in play.
        out[c.index()] = if options.two_player_draft {
            3
        } else {
            Options::copies(n as u8)
        };
    }
    out
}

/// The cards a deal of `hands` leaves for the Court under `options`: every copy of the
/// deck (R1.5) not in a hand, in character order ([`Card::ALL`]).
pub fn rest_of_deck(options: Options, hands: &[[Card; 2]]) -> Vec<Card> {
    let mut left = copies(options, hands.len());
    for c in hands.iter().flatten() {
        left[c.index()] = left[c.index()].saturating_sub(1);
    }
    Card::ALL
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, usize::from(left[c.index()])))
        .collect()
}

/// A fixed position to weigh a decision in: `hands` dealt under `options`, the rest of the
/// deck in the Court ([`rest_of_deck`]), `coins` per seat (`None`: R2.2) and, per seat, the
/// cards of its hand that are face up.
pub fn fixed_deal(
    options: Options,
    hands: Vec<[Card; 2]>,
    coins: Option<Vec<u16>>,
    face_up: Vec<Vec<Card>>,
) -> Result<Game, SetupError> {
    let court = rest_of_deck(options, &hands);
    let mut s = Setup::new(options, hands, court);
    s.coins = coins;
    s.face_up = Some(face_up);
    Game::from_setup(s)
}

/// The first legal input: what a bot plays when it has nothing to weigh.
pub fn fallback(legal: &[Input]) -> Input {
    legal.first().copied().unwrap_or(Input::Pass)
}

/// [`Knowledge::walls`] from a game's events as `me` saw them: a seat's count grows when its
/// Contessa block of `me`'s assassination stands, and starts again when its hand changes
/// (a card lost, drawn or exchanged).
fn contessa_walls(events: &[Event], me: Seat) -> [u8; MAX_PLAYERS] {
    let mut walls = [0u8; MAX_PLAYERS];
    let clear = |walls: &mut [u8; MAX_PLAYERS], s: Seat| {
        if let Some(w) = walls.get_mut(s.index()) {
            *w = 0;
        }
    };
    // The target of `me`'s assassination this turn, then the seat that blocked it.
    let mut aimed: Option<Seat> = None;
    let mut blocked: Option<Seat> = None;
    for e in events {
        match *e {
            Event::TurnStarted { .. } => (aimed, blocked) = (None, None),
            Event::Declared { seat, action, .. } => {
                aimed = match action {
                    Action::Assassinate(v) if seat == me => Some(v),
                    _ => None,
                };
                blocked = None;
            }
            Event::BlockDeclared { seat, card } => {
                blocked = (card == Card::Contessa && aimed == Some(seat)).then_some(seat);
            }
            Event::ActionBlocked { .. } => {
                if let Some(w) = blocked.take().and_then(|v| walls.get_mut(v.index())) {
                    *w = w.saturating_add(1);
                }
            }
            // A hand that changed, the blocker's included (a Contessa shown to a
            // challenge goes back to the Court for another card).
            Event::LostInfluence { seat, .. }
            | Event::Drew { seat, .. }
            | Event::Exchanged { seat, .. } => {
                clear(&mut walls, seat);
                blocked = blocked.filter(|&b| b != seat);
            }
            Event::ForcedExchange { seat, target, .. } => {
                clear(&mut walls, seat);
                clear(&mut walls, target);
                blocked = blocked.filter(|&b| b != seat && b != target);
            }
            _ => {}
        }
    }
    walls
}

impl Knowledge {
    /// The table a bot weighs its decision on, or its answer when there is nothing to
    /// weigh: a spectator's view, or a single legal input ([`fallback`]).
    pub fn to_weigh(view: &View, legal: &[Input]) -> Result<Knowledge, Input> {
        match Knowledge::from_view(view) {
            Some(t) if legal.len() > 1 => Ok(t),
            _ => Err(fallback(legal)),
        }
    }

    /// The table as `view`'s seat sees it; `None` for a spectator view.
    pub fn from_view(view: &View) -> Option<Knowledge> {
        let me = view.viewer?;
        let n = view.players.len().min(MAX_PLAYERS);
        let mut t = Knowledge::empty(me, n, view.options);
        for (s, p) in view.players.iter().enumerate().take(n) {
            t.coins[s] = p.coins;
            t.allegiance[s] = p.allegiance;
            for slot in 0..(p.hand.len as usize).min(2) {
                if p.hand.up[slot] {
                    if let Some(c) = p.hand.cards[slot] {
                        t.face_up[c.index()] += 1;
                        t.seen[c.index()] += 1;
                    }
                } else {
                    t.lives[s] += 1;
                    if s == me.index()
                        && let Some(c) = p.hand.cards[slot]
                    {
                        t.mine[t.mine_len as usize] = c;
                        t.mine_len += 1;
                        t.seen[c.index()] += 1;
                    }
                }
            }
            if !p.alive {
                t.lives[s] = 0;
            }
        }
        t.reserve = view.reserve;
        t.turn = view.turn;
        t.pending = view.pending;
        // Vengeance and exchange loops need a little history.
        let mut my_actions = 0u8;
        for e in view.events.iter().rev() {
            match *e {
                Event::Declared { seat, action, .. } => {
                    if seat == me && my_actions < 4 {
                        my_actions += 1;
                        // Examine cycles cards too: a pair of Inquisitors examining
                        // each other forever is the same loop as repeated exchanges.
                        if matches!(action.kind(), ActionKind::Exchange | ActionKind::Examine) {
                            t.recent_exchanges += 1;
                        }
                    }
                    if t.grudge.is_none()
                        && seat != me
                        && action.target() == Some(me)
                        && matches!(
                            action.kind(),
                            ActionKind::Coup
                                | ActionKind::Assassinate
                                | ActionKind::Steal
                                | ActionKind::Examine
                        )
                    {
                        t.grudge = Some(seat);
                    }
                }
                Event::Challenged {
                    challenger,
                    claimant,
                    ..
                } if t.grudge.is_none() && claimant == me => t.grudge = Some(challenger),
                _ => {}
            }
            if t.grudge.is_some() && my_actions >= 4 {
                break;
            }
        }
        t.walls = contessa_walls(&view.events, me);
        Some(t)
    }

    /// The table as `me` sees it in a (sampled) game: public state and `me`'s own cards.
    pub fn from_game(game: &Game, me: Seat) -> Knowledge {
        let n = game.players().min(MAX_PLAYERS);
        let mut t = Knowledge::empty(me, n, game.options());
        for s in 0..n {
            let seat = Seat::at(s);
            let p = game.player(seat);
            t.coins[s] = p.coins;
            t.allegiance[s] = p.allegiance;
            let h = p.hand;
            for slot in 0..(h.len as usize).min(2) {
                let c = h.cards[slot];
                if h.up[slot] {
                    t.face_up[c.index()] += 1;
                    t.seen[c.index()] += 1;
                } else {
                    t.lives[s] += 1;
                    if seat == me {
                        t.mine[t.mine_len as usize] = c;
                        t.mine_len += 1;
                        t.seen[c.index()] += 1;
                    }
                }
            }
        }
        t.reserve = game.reserve();
        t.turn = game.turn().copied();
        t.pending = *game.pending();
        t
    }

    fn empty(me: Seat, n: usize, options: Options) -> Knowledge {
        Knowledge {
            n,
            me,
            options,
            coins: [0; MAX_PLAYERS],
            lives: [0; MAX_PLAYERS],
            allegiance: [None; MAX_PLAYERS],
            mine: [Card::Duke; 2],
            mine_len: 0,
            reserve: 0,
            turn: None,
            pending: Pending::GameOver { winner: me },
            seen: [0; 6],
            copies: copies(options, n),
            face_up: [0; 6],
            grudge: None,
            recent_exchanges: 0,
            walls: [0; MAX_PLAYERS],
        }
    }

    /// Whether an assassination of `target` would meet the Contessa that has stopped this
    /// seat's assassinations of it twice, unchallenged, from a hand that has not changed
    /// since ([`Knowledge::walls`]). A second try gives a bluffed Contessa its chance to be
    /// challenged; paying 3 coins a third time for the same answer is what loops a game
    /// (a Contessa really held is never challenged): the coins are kept for a Coup.
    pub fn walled(&self, target: Seat) -> bool {
        self.walls.get(target.index()).is_some_and(|&n| n >= 2)
    }

    /// The seat's own hidden cards.
    pub fn mine(&self) -> &[Card] {
        &self.mine[..self.mine_len as usize]
    }

    /// Whether the seat holds a hidden `card`.
    pub fn holds(&self, card: Card) -> bool {
        self.mine().contains(&card)
    }

    /// Whether `seat` is still in the game.
    pub fn alive(&self, seat: Seat) -> bool {
        seat.index() < self.n && self.lives[seat.index()] > 0
    }

    /// The seats still in the game other than this one.
    pub fn opponents(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.n as u8)
            .map(Seat)
            .filter(move |&s| s != self.me && self.alive(s))
    }

    /// How many players are still in the game.
    pub fn alive_count(&self) -> usize {
        (0..self.n).filter(|&s| self.lives[s] > 0).count()
    }

    /// My hidden cards.
    pub fn my_lives(&self) -> u8 {
        self.lives[self.me.index()]
    }

    /// My coins.
    pub fn my_coins(&self) -> u16 {
        self.coins[self.me.index()]
    }

    /// Whether every copy of `card` is located by this seat, so nobody else can hold one.
    pub fn all_copies_seen(&self, card: Card) -> bool {
        self.seen[card.index()] >= self.copies[card.index()]
    }

    /// R8.1: whether `a` may not target `b` (or block `b`'s Foreign Aid) for sharing an
    /// allegiance; lifted when everyone still in the game shares one.
    pub fn limited(&self, a: Seat, b: Seat) -> bool {
        if !self.options.allegiances {
            return false;
        }
        let (x, y) = (self.allegiance[a.index()], self.allegiance[b.index()]);
        if x.is_none() || x != y {
            return false;
        }
        let mut seen = [false; 2];
        for s in 0..self.n {
            if self.lives[s] > 0 {
                match self.allegiance[s] {
                    Some(Allegiance::Loyalist) => seen[0] = true,
                    Some(Allegiance::Reformist) => seen[1] = true,
                    None => {}
                }
            }
        }
        seen[0] && seen[1]
    }

    /// The character that claims Exchange under these options (R1.2).
    pub fn exchanger(&self) -> Card {
        if self.options.inquisitor {
            Card::Inquisitor
        } else {
            Card::Ambassador
        }
    }

    /// The action in progress, if any.
    pub fn action(&self) -> Option<Action> {
        self.turn.map(|t| t.action)
    }
}

/// Whether `input` claims a character the seat does not hold (or, for Embezzlement,
/// claims not to hold the Duke it holds, R8.4).
pub fn is_bluff(t: &Knowledge, input: Input) -> bool {
    match input {
        Input::Act(a) => match a.claim(t.options) {
            Some(Claimed::Card(c)) => !t.holds(c),
            Some(Claimed::NotDuke) => t.holds(Card::Duke),
            None => false,
        },
        Input::Block(c) => !t.holds(c),
        _ => false,
    }
}

/// What a playout is worth to `me`: 1 for a win, 0 for a loss, and for a game left
/// unfinished at the playout's depth, a share (at most 0.8) of the influence and coins
/// still in play.
pub(crate) fn playout_score(game: &Game, me: Seat) -> f32 {
    match game.winner() {
        Some(w) => f32::from(u8::from(w == me)),
        None => {
            let score = |s: Seat| {
                let p = game.player(s);
                let lives = p.hand.hidden_count() as f32;
                if lives == 0.0 {
                    0.0
                } else {
                    lives * 8.0 + f32::from(p.coins)
                }
            };
            let total: f32 = (0..game.players() as u8).map(|s| score(Seat(s))).sum();
            if total > 0.0 {
                0.8 * score(me) / total
            } else {
                0.0
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R1.5: the hands and the Court together are the whole deck; R1.2: the Inquisitor
    /// replaces the Ambassador when the option is on.
    #[test]
    fn a_fixed_deal_puts_the_rest_of_the_deck_in_the_court() {
        let hands = vec![
            [Card::Duke, Card::Duke],
            [Card::Contessa, Card::Captain],
            [Card::Duke, Card::Ambassador],
        ];
        let court = rest_of_deck(Options::default(), &hands);
        assert_eq!(court.len(), 9);
        assert!(!court.contains(&Card::Duke));
        assert_eq!(court.iter().filter(|c| **c == Card::Ambassador).count(), 2);
        let g = fixed_deal(
            Options::default(),
            hands,
            Some(vec![3, 2, 1]),
            vec![vec![]; 3],
        )
        .expect("a whole deck");
        assert_eq!(g.player(Seat(0)).coins, 3);
        let inquisitor = Options {
            inquisitor: true,
            ..Options::default()
        };
        let court = rest_of_deck(inquisitor, &[[Card::Inquisitor, Card::Duke]; 2]);
        assert!(!court.contains(&Card::Ambassador));
        assert_eq!(court.iter().filter(|c| **c == Card::Inquisitor).count(), 1);
        // A hand of more copies than the deck has is refused, not dealt.
        let four_dukes = vec![[Card::Duke, Card::Duke], [Card::Duke, Card::Duke]];
        assert!(fixed_deal(Options::default(), four_dukes, None, vec![vec![]; 2]).is_err());
    }
}
