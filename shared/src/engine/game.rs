//! [`Game`]: a validated game, the rules of R2–R9, and its state machine.

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::{
    Action, ActionKind, Allegiance, Card, ClaimEntry, ClaimFor, Claimed, Court, Event, Hand, Input,
    InputError, Keep, MAX_PLAYERS, Options, Outcome, Pending, Seat, SeatSet, Setup, SetupError,
    Stage, Turn, Window, WindowAnswer, WindowKind,
};

/// One seat's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub hand: Hand,
    pub coins: u16,
    /// `None` without the allegiances option, or before the starting player chose (R2.6).
    pub allegiance: Option<Allegiance>,
}

impl Player {
    const EMPTY: Player = Player {
        hand: Hand::empty(),
        coins: 0,
        allegiance: None,
    };
}

/// A game in progress: always a valid position.
///
/// Cheap to clone: fixed-size arrays for seats and the Court; the only heap data are the
/// claim record and the event log, each one allocation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawGame")]
pub struct Game {
    pub(crate) options: Options,
    pub(crate) n: u8,
    /// Whether the Court is shuffled when the rules say so. A scripted game (from a
    /// `Setup`) never shuffles: it draws from the top and returns to the bottom (SCRIPT.md).
    pub(crate) shuffles: bool,
    pub(crate) players: [Player; MAX_PLAYERS],
    pub(crate) court: Court,
    pub(crate) reserve: u16,
    pub(crate) current: Seat,
    pub(crate) pending: Pending,
    pub(crate) turn: Option<Turn>,
    /// The viewer's own draft choice is kept so a view can tell the cards in play (R2.5).
    pub(crate) picks: [Option<Card>; 2],
    pub(crate) claims: Vec<ClaimEntry>,
    pub(crate) log: Vec<Event>,
    /// Seats whose losses are face down from now on (bit `1 << seat`): a fair room's seat
    /// that left for good ([`Game::lose_face_down`]; docs/FAIR-DEAL.md, section 6).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) face_down: u16,
    /// Cards lost face down (bit `1 << (2 * seat + slot)`): out of the game, unseen.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) unseen: u32,
}

fn is_zero<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

/// A game as stored, before [`Game::check_stored`] accepts it: a persisted game is
/// external input too, and a corrupt one must be an error, never a later panic.
#[derive(Deserialize)]
struct RawGame {
    options: Options,
    n: u8,
    shuffles: bool,
    players: [Player; MAX_PLAYERS],
    court: Court,
    reserve: u16,
    current: Seat,
    pending: Pending,
    turn: Option<Turn>,
    picks: [Option<Card>; 2],
    claims: Vec<ClaimEntry>,
    log: Vec<Event>,
    #[serde(default)]
    face_down: u16,
    #[serde(default)]
    unseen: u32,
}

impl TryFrom<RawGame> for Game {
    type Error = String;

    fn try_from(r: RawGame) -> Result<Game, String> {
        let game = Game {
            options: r.options,
            n: r.n,
            shuffles: r.shuffles,
            players: r.players,
            court: r.court,
            reserve: r.reserve,
            current: r.current,
            pending: r.pending,
            turn: r.turn,
            picks: r.picks,
            claims: r.claims,
            log: r.log,
            face_down: r.face_down,
            unseen: r.unseen,
        };
        game.check_stored()?;
        Ok(game)
    }
}

/// The deck of R1.5 as counts per character (index by [`Card::index`]).
pub(crate) fn deck_counts(players: usize, options: Options) -> [u8; 6] {
    let mut counts = [0u8; 6];
    for c in Card::in_use_set(options) {
        counts[c.index()] = Options::copies(players as u8);
    }
    counts
}

impl Game {
    // ----- construction -----

    /// Validates a setup (SCRIPT.md's rules for `setup`). Scripted games never shuffle.
    pub fn from_setup(setup: Setup) -> Result<Game, SetupError> {
        let n = setup.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        let options = setup.options;
        if options.two_player_draft && n != 2 {
            return Err(SetupError::DraftNeedsTwo);
        }
        if setup.hands.len() != n {
            return Err(SetupError::HandCount(setup.hands.len(), n));
        }
        let mut counts = [0usize; 6];
        for c in setup.hands.iter().flatten().chain(setup.court.iter()) {
            counts[c.index()] += 1;
        }
        check_deck(&counts, n, options)?;
        let court = Court::from_slice(&setup.court)
            .ok_or_else(|| SetupError::WrongDeck("court too large".into()))?;

        let mut players = [Player::EMPTY; MAX_PLAYERS];
        for (i, hand) in setup.hands.iter().enumerate() {
            players[i].hand = Hand::new(hand[0], hand[1]);
            players[i].coins = if n == 2 && i == setup.first.index() {
                1
            } else {
                2
            };
        }
        if let Some(coins) = &setup.coins {
            if coins.len() != n {
                return Err(SetupError::WrongLength("coins"));
            }
            for (i, &c) in coins.iter().enumerate() {
                players[i].coins = c;
            }
        }
        if options.allegiances {
            let all = setup
                .allegiances
                .as_ref()
                .ok_or(SetupError::MissingAllegiances)?;
            if all.len() != n {
                return Err(SetupError::WrongLength("allegiances"));
            }
            for (i, &a) in all.iter().enumerate() {
                players[i].allegiance = Some(a);
            }
        }
        if let Some(face_up) = &setup.face_up {
            if face_up.len() != n {
                return Err(SetupError::WrongLength("face_up"));
            }
            for (i, up) in face_up.iter().enumerate() {
                let hand = &mut players[i].hand;
                if up.len() > 2 {
                    return Err(SetupError::BadFaceUp(i));
                }
                for &c in up {
                    let slot = hand.find_hidden(c).ok_or(SetupError::BadFaceUp(i))?;
                    hand.up[slot] = true;
                }
                if hand.hidden_count() == 0 {
                    // SCRIPT.md: an eliminated player's coins are 0 whatever `coins` says.
                    players[i].coins = 0;
                }
            }
        }
        let alive = players[..n]
            .iter()
            .filter(|p| p.hand.hidden_count() > 0)
            .count();
        if alive < 2 {
            return Err(SetupError::TooFewInGame);
        }
        let first = setup.first;
        if first.index() >= n || players[first.index()].hand.hidden_count() == 0 {
            return Err(SetupError::BadFirst);
        }
        Ok(Game {
            options,
            n: n as u8,
            shuffles: false,
            players,
            court,
            reserve: setup.reserve,
            current: first,
            pending: Pending::Action { seat: first },
            turn: None,
            picks: [None; 2],
            claims: Vec::new(),
            log: Vec::new(),
            face_down: 0,
            unseen: 0,
        })
    }

    /// Deals a game at random (R2): shuffles the deck of R1.5, deals two cards each, gives
    /// coins (R2.2), and picks the starting player at random when `first` is `None` (R2.4).
    /// With the draft (R2.5) the first decision is [`Pending::Draft`]; with allegiances,
    /// then [`Pending::ChooseAllegiance`] (R2.6). The game shuffles with the rng passed to
    /// [`Game::apply`].
    pub fn deal<R: Rng + ?Sized>(
        players: usize,
        options: Options,
        first: Option<Seat>,
        rng: &mut R,
    ) -> Result<Game, SetupError> {
        let n = players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        if options.two_player_draft && n != 2 {
            return Err(SetupError::DraftNeedsTwo);
        }
        let first = match first {
            Some(f) if f.index() < n => f,
            Some(_) => return Err(SetupError::BadFirst),
            None => Seat(rng.random_range(0..n as u8)),
        };
        let mut game = Game {
            options,
            n: n as u8,
            shuffles: true,
            players: [Player::EMPTY; MAX_PLAYERS],
            court: Court::new(),
            reserve: 0,
            current: first,
            pending: Pending::Action { seat: first },
            turn: None,
            picks: [None; 2],
            claims: Vec::new(),
            log: Vec::new(),
            face_down: 0,
            unseen: 0,
        };
        for (i, p) in game.players[..n].iter_mut().enumerate() {
            p.coins = if n == 2 && i == first.index() { 1 } else { 2 };
        }
        if options.two_player_draft {
            // R2.5: the third set is shuffled now; each player is dealt its top card once
            // both have chosen, and the rest is the Court.
            for c in Card::in_use_set(options) {
                game.court.push_bottom(c);
            }
            game.court.shuffle(rng);
            game.pending = Pending::Draft {
                owes: [Seat(0), Seat(1)].into_iter().collect(),
                picks: [None; 2],
            };
            return Ok(game);
        }
        let counts = deck_counts(n, options);
        for c in Card::ALL {
            for _ in 0..counts[c.index()] {
                game.court.push_bottom(c);
            }
        }
        game.court.shuffle(rng);
        for p in game.players[..n].iter_mut() {
            let a = game.court.draw().unwrap_or(Card::Duke);
            let b = game.court.draw().unwrap_or(Card::Duke);
            p.hand = Hand::new(a, b);
        }
        game.begin();
        Ok(game)
    }

    /// After dealing: the allegiance choice (R2.6) or the first turn.
    fn begin(&mut self) {
        self.pending = if self.options.allegiances {
            Pending::ChooseAllegiance { seat: self.current }
        } else {
            Pending::Action { seat: self.current }
        };
    }

    /// Checks a game that did not come from this engine's own moves (deserialized, or
    /// determinized): seat numbers in range, hands well-formed, cards conserved.
    pub(crate) fn check_stored(&self) -> Result<(), String> {
        let n = self.n as usize;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players"));
        }
        let ok = |s: Seat| s.index() < n;
        let mut seats_ok = ok(self.current);
        seats_ok &= self.pending.owes().iter().all(ok);
        seats_ok &= match self.pending {
            Pending::ChooseAllegiance { seat }
            | Pending::Action { seat }
            | Pending::LoseInfluence { seat }
            | Pending::Exchange { seat, .. } => ok(seat),
            Pending::ExamineShow { seat, examiner } => ok(seat) && ok(examiner),
            Pending::ExamineDecide {
                seat, target, slot, ..
            } => ok(seat) && ok(target) && slot < 2,
            Pending::GameOver { winner } => ok(winner),
            Pending::Respond { window } => window.asked.iter().all(ok),
            Pending::Draft { .. } => n == 2,
        };
        if let Some(t) = self.turn {
            seats_ok &= ok(t.actor) && t.action.target().is_none_or(ok);
            seats_ok &= t.block.is_none_or(|b| ok(b.0)) && t.early_block.is_none_or(|b| ok(b.0));
        }
        seats_ok &= self.claims.iter().all(|c| ok(c.player));
        if !seats_ok {
            return Err("a seat number is out of range".into());
        }
        if self.players.iter().any(|p| p.hand.len > 2) {
            return Err("a hand holds more than two cards".into());
        }
        if let Pending::Exchange { count, .. } = self.pending
            && count > 2
        {
            return Err("an exchange draws at most two cards".into());
        }
        if self.turn.is_none()
            && matches!(
                self.pending,
                Pending::Respond { .. }
                    | Pending::ExamineShow { .. }
                    | Pending::ExamineDecide { .. }
            )
        {
            return Err("a window or examine without an action".into());
        }
        self.audit()
    }

    // ----- queries -----

    /// The number of seats.
    pub const fn players(&self) -> usize {
        self.n as usize
    }

    /// The options in play.
    pub const fn options(&self) -> Options {
        self.options
    }

    /// The pending decision.
    pub const fn pending(&self) -> &Pending {
        &self.pending
    }

    /// The action in progress, if any.
    pub const fn turn(&self) -> Option<&Turn> {
        self.turn.as_ref()
    }

    /// The seat whose turn it is (meaningless once the game is over).
    pub const fn current(&self) -> Seat {
        self.current
    }

    /// The winner, once the game is over.
    pub const fn winner(&self) -> Option<Seat> {
        match self.pending {
            Pending::GameOver { winner } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        matches!(self.pending, Pending::GameOver { .. })
    }

    /// A seat's state; a seat beyond the table reads as an empty, eliminated seat (never a
    /// panic, whatever seat number a peer sends).
    pub fn player(&self, seat: Seat) -> &Player {
        static NOBODY: Player = Player::EMPTY;
        self.players[..self.n as usize]
            .get(seat.index())
            .unwrap_or(&NOBODY)
    }

    /// The input to apply for `seat` when its time runs out, or `None` if it owes nothing.
    /// R5: in a window a timeout counts as a pass. Elsewhere the rules are silent, so the
    /// engine picks the most conservative legal input: Income (or the first Coup when one
    /// is forced), the first hidden card to lose or show, keeping one's own cards after an
    /// exchange, giving the examined card back, the Duke in the draft, Loyalist.
    pub fn timeout_input(&self, seat: Seat) -> Option<Input> {
        if !self.owes(seat) {
            return None;
        }
        if matches!(self.pending, Pending::Respond { .. }) {
            return Some(Input::Pass);
        }
        let mut inputs = Vec::new();
        self.legal_inputs(seat, &mut inputs);
        inputs.first().copied()
    }

    /// Whether `seat` is still in the game (R9.2). During the draft everyone is.
    pub fn alive(&self, seat: Seat) -> bool {
        seat.index() < self.n as usize && {
            let h = &self.players[seat.index()].hand;
            h.len == 0 || h.hidden_count() > 0
        }
    }

    /// The Court deck, top first.
    pub fn court(&self) -> &[Card] {
        self.court.cards()
    }

    /// The Treasury Reserve (R8).
    pub const fn reserve(&self) -> u16 {
        self.reserve
    }

    /// Whether this game shuffles (dealt) or not (scripted).
    pub const fn shuffles(&self) -> bool {
        self.shuffles
    }

    /// The claim record (R10.2).
    pub fn claims(&self) -> &[ClaimEntry] {
        &self.claims
    }

    /// Every event so far, unredacted.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Whether `seat` owes a decision now.
    pub fn owes(&self, seat: Seat) -> bool {
        self.pending.owes().contains(seat)
    }

    /// The seats that owe a decision now.
    pub fn owing(&self) -> SeatSet {
        self.pending.owes()
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.n).map(Seat)
    }

    fn alive_count(&self) -> usize {
        self.seats().filter(|&s| self.alive(s)).count()
    }

    /// The alive seats other than `except`.
    fn alive_others(&self, except: Seat) -> SeatSet {
        self.seats()
            .filter(|&s| s != except && self.alive(s))
            .collect()
    }

    /// R8.1: whether `a` may not target (or block the Foreign Aid of) `b` for sharing an
    /// allegiance. Lifted when every player still in the game has one allegiance.
    fn limited(&self, a: Seat, b: Seat) -> bool {
        if !self.options.allegiances {
            return false;
        }
        let (x, y) = (
            self.players[a.index()].allegiance,
            self.players[b.index()].allegiance,
        );
        if x.is_none() || x != y {
            return false;
        }
        let mut seen = [false; 2];
        for s in self.seats().filter(|&s| self.alive(s)) {
            match self.players[s.index()].allegiance {
                Some(Allegiance::Loyalist) => seen[0] = true,
                Some(Allegiance::Reformist) => seen[1] = true,
                None => {}
            }
        }
        seen[0] && seen[1]
    }

    /// The first seat clockwise after `from` (excluding it) that satisfies `pred` (R5).
    fn first_clockwise(&self, from: Seat, pred: impl Fn(Seat) -> bool) -> Option<Seat> {
        let mut s = from;
        for _ in 1..self.n {
            s = s.next(self.n);
            if pred(s) {
                return Some(s);
            }
        }
        None
    }

    /// Whether `seat` may declare an early block in the action's challenge window (R5.1):
    /// it will be allowed to block, i.e. it is the target of a Steal or Assassination.
    fn may_block_early(&self, seat: Seat) -> bool {
        self.turn
            .is_some_and(|t| t.action.kind().blocked_by_target() && t.action.target() == Some(seat))
    }

    // ----- legality -----

    /// Checks `input` from `seat` against the rules without changing anything.
    pub fn check(&self, seat: Seat, input: Input) -> Result<(), InputError> {
        if seat.index() >= self.n as usize {
            return Err(InputError::NoSuchSeat);
        }
        match self.pending {
            Pending::GameOver { .. } => Err(InputError::GameOver),
            Pending::Draft { owes, .. } => {
                if !owes.contains(seat) {
                    return Err(InputError::NotYourTurn);
                }
                match input {
                    Input::Draft(c) if c.in_use(self.options) => Ok(()),
                    Input::Draft(_) => Err(InputError::CardNotInUse),
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::ChooseAllegiance { seat: s } => {
                if s != seat {
                    return Err(InputError::NotYourTurn);
                }
                match input {
                    Input::Allegiance(_) => Ok(()),
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::Action { seat: s } => {
                if s != seat {
                    return Err(InputError::NotYourTurn);
                }
                match input {
                    Input::Act(a) => self.check_action(seat, a),
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::Respond { window } => {
                if !window.owes.contains(seat) {
                    return Err(if window.answer(seat).is_some() {
                        InputError::AlreadyAnswered
                    } else {
                        InputError::NotYourTurn
                    });
                }
                let kind = self.turn.map(|t| t.action.kind());
                match (input, window.kind) {
                    (Input::Pass, _) => Ok(()),
                    (Input::Challenge, WindowKind::Challenge | WindowKind::BlockChallenge) => {
                        Ok(())
                    }
                    (Input::Challenge, WindowKind::Block) => Err(InputError::CannotChallenge),
                    (Input::Block(c), WindowKind::Block) => match kind {
                        Some(k) if k.blocked_by(c, self.options) => Ok(()),
                        _ => Err(InputError::CannotBlock),
                    },
                    (Input::Block(c), WindowKind::Challenge) => match kind {
                        Some(k) if self.may_block_early(seat) && k.blocked_by(c, self.options) => {
                            Ok(())
                        }
                        _ => Err(InputError::CannotBlock),
                    },
                    (Input::Block(_), WindowKind::BlockChallenge) => {
                        // R5.5: a block cannot be blocked.
                        Err(InputError::CannotBlock)
                    }
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::LoseInfluence { seat: s } | Pending::ExamineShow { seat: s, .. } => {
                if s != seat {
                    return Err(InputError::NotYourTurn);
                }
                match (input, self.pending) {
                    (Input::Lose(c), Pending::LoseInfluence { .. })
                    | (Input::Show(c), Pending::ExamineShow { .. }) => {
                        if self.players[seat.index()].hand.find_hidden(c).is_some() {
                            Ok(())
                        } else {
                            Err(InputError::NoSuchCard)
                        }
                    }
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::Exchange {
                seat: s,
                count,
                drawn,
            } => {
                if s != seat {
                    return Err(InputError::NotYourTurn);
                }
                match input {
                    Input::Keep(k) => self.check_keep(seat, count, drawn, k),
                    _ => Err(InputError::WrongDecision),
                }
            }
            Pending::ExamineDecide { seat: s, .. } => {
                if s != seat {
                    return Err(InputError::NotYourTurn);
                }
                match input {
                    Input::GiveBack | Input::ForceExchange => Ok(()),
                    _ => Err(InputError::WrongDecision),
                }
            }
        }
    }

    fn check_action(&self, actor: Seat, action: Action) -> Result<(), InputError> {
        let kind = action.kind();
        if !kind.available(self.options) {
            return Err(InputError::NotAvailable);
        }
        let me = &self.players[actor.index()];
        // R3.2: with 10 or more coins at the start of the turn, Coup is the only action.
        if me.coins >= 10 && kind != ActionKind::Coup {
            return Err(InputError::MustCoup);
        }
        if kind == ActionKind::Embezzle && self.reserve == 0 {
            return Err(InputError::EmptyReserve);
        }
        if let Some(t) = action.target() {
            let self_ok = kind == ActionKind::Convert;
            if !self.alive(t) || (t == actor && !self_ok) {
                return Err(InputError::BadTarget);
            }
            if kind == ActionKind::Steal && self.players[t.index()].coins == 0 {
                return Err(InputError::NothingToSteal);
            }
            if kind.limited_by_allegiance() && self.limited(actor, t) {
                return Err(InputError::SameAllegiance);
            }
        }
        if action.cost(actor) > me.coins {
            return Err(InputError::CannotAfford);
        }
        Ok(())
    }

    /// R4.2: the kept cards must be as many as the hidden cards held, taken from the hidden
    /// cards and those drawn.
    fn check_keep(
        &self,
        seat: Seat,
        count: u8,
        drawn: [Option<Card>; 2],
        keep: Keep,
    ) -> Result<(), InputError> {
        let hand = &self.players[seat.index()].hand;
        if keep.len() != hand.hidden_count() {
            return Err(InputError::BadKeep);
        }
        let mut pool = [0u8; 6];
        for c in hand.hidden() {
            pool[c.index()] += 1;
        }
        for c in drawn.iter().take(count as usize).flatten() {
            pool[c.index()] += 1;
        }
        for &c in keep.cards() {
            if pool[c.index()] == 0 {
                return Err(InputError::BadKeep);
            }
            pool[c.index()] -= 1;
        }
        Ok(())
    }

    /// Appends every input `seat` may submit now to `out` (after clearing it). Allocates
    /// nothing beyond `out`'s own growth.
    pub fn legal_inputs(&self, seat: Seat, out: &mut Vec<Input>) {
        out.clear();
        if seat.index() >= self.n as usize || !self.owes(seat) {
            return;
        }
        match self.pending {
            Pending::GameOver { .. } => {}
            Pending::Draft { .. } => {
                for c in Card::in_use_set(self.options) {
                    out.push(Input::Draft(c));
                }
            }
            Pending::ChooseAllegiance { .. } => {
                out.push(Input::Allegiance(Allegiance::Loyalist));
                out.push(Input::Allegiance(Allegiance::Reformist));
            }
            Pending::Action { .. } => {
                for kind in ActionKind::ALL {
                    if kind.targeted() {
                        for t in self.seats() {
                            let a = Action::new(kind, t);
                            if self.check_action(seat, a).is_ok() {
                                out.push(Input::Act(a));
                            }
                        }
                    } else {
                        let a = Action::new(kind, seat);
                        if self.check_action(seat, a).is_ok() {
                            out.push(Input::Act(a));
                        }
                    }
                }
            }
            Pending::Respond { window } => {
                out.push(Input::Pass);
                let Some(turn) = self.turn else { return };
                let kind = turn.action.kind();
                match window.kind {
                    WindowKind::Challenge => {
                        out.push(Input::Challenge);
                        if self.may_block_early(seat) {
                            push_blocks(kind, self.options, out);
                        }
                    }
                    WindowKind::Block => push_blocks(kind, self.options, out),
                    WindowKind::BlockChallenge => out.push(Input::Challenge),
                }
            }
            Pending::LoseInfluence { .. } | Pending::ExamineShow { .. } => {
                let lose = matches!(self.pending, Pending::LoseInfluence { .. });
                let hand = &self.players[seat.index()].hand;
                for slot in hand.hidden_slots() {
                    let c = hand.cards[slot];
                    let input = if lose { Input::Lose(c) } else { Input::Show(c) };
                    if !out.contains(&input) {
                        out.push(input);
                    }
                }
            }
            Pending::Exchange { count, drawn, .. } => {
                let hand = &self.players[seat.index()].hand;
                let mut pool = [Card::Duke; 4];
                let mut len = 0;
                for c in hand
                    .hidden()
                    .chain(drawn.iter().take(count as usize).flatten().copied())
                {
                    pool[len] = c;
                    len += 1;
                }
                let pool = &pool[..len];
                if hand.hidden_count() == 1 {
                    for &c in pool {
                        let input = Input::Keep(Keep::one(c));
                        if !out.contains(&input) {
                            out.push(input);
                        }
                    }
                } else {
                    for (i, &a) in pool.iter().enumerate() {
                        for (j, &b) in pool.iter().enumerate() {
                            let input = Input::Keep(Keep::two(a, b));
                            if i != j && !out.contains(&input) {
                                out.push(input);
                            }
                        }
                    }
                }
            }
            Pending::ExamineDecide { .. } => {
                out.push(Input::GiveBack);
                out.push(Input::ForceExchange);
            }
        }
    }

    // ----- applying -----

    /// Applies `input` from `seat`. On success the events it caused are appended to
    /// `events` (unredacted; use [`Event::for_viewer`] before showing them to anyone). On
    /// error the game is exactly as it was and nothing is appended.
    pub fn apply<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        input: Input,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), InputError> {
        self.check(seat, input)?;
        let start = self.log.len();
        self.perform(seat, input, rng);
        events.extend_from_slice(&self.log[start..]);
        Ok(())
    }

    fn emit(&mut self, e: Event) {
        self.log.push(e);
    }

    /// A fair room's seat that left for good (docs/FAIR-DEAL.md, section 6): from now on
    /// every influence it loses leaves the game face down ([`Event::LostFaceDown`]), its
    /// card shown to nobody, in views and events alike.
    pub fn lose_face_down(&mut self, seat: Seat) {
        if seat.index() < usize::from(self.n) {
            self.face_down |= 1 << seat.0;
        }
    }

    /// Whether the card in `slot` of `seat`'s hand was lost face down.
    pub fn lost_face_down(&self, seat: Seat, slot: usize) -> bool {
        slot < 2 && self.unseen & (1 << (2 * u32::from(seat.0) + slot as u32)) != 0
    }

    /// A player who left for good is out, at the start of a turn (a fair room's forfeit,
    /// docs/FAIR-DEAL.md section 6). `cards` are its hidden cards in slot order; each is a
    /// lost influence (R9.1; face down after [`Game::lose_face_down`], as a fair room's
    /// are), so the player is eliminated (R9.2), its coins go back (R9.3), and the game
    /// may be over (R9.5). Only between turns, so no action, window or choice is left half
    /// done; false (nothing changed) otherwise, or when the cards do not fit its hidden
    /// slots.
    pub fn forfeit(&mut self, seat: Seat, cards: &[Card], events: &mut Vec<Event>) -> bool {
        if !matches!(self.pending, Pending::Action { .. })
            || self.turn.is_some()
            || seat.index() >= usize::from(self.n)
            || !self.alive(seat)
        {
            return false;
        }
        let hand = self.players[seat.index()].hand;
        let hidden: Vec<usize> = (0..usize::from(hand.len))
            .filter(|&i| !hand.up[i])
            .collect();
        if hidden.len() != cards.len() {
            return false;
        }
        let start = self.log.len();
        for (&slot, &card) in hidden.iter().zip(cards) {
            self.players[seat.index()].hand.cards[slot] = card;
            self.reveal(seat, slot);
        }
        if self.alive_count() == 1 {
            self.game_over();
        } else if self.current == seat {
            self.end_turn();
        } else {
            self.return_coins();
        }
        events.extend_from_slice(&self.log[start..]);
        true
    }

    /// Performs a checked input.
    fn perform<R: Rng + ?Sized>(&mut self, seat: Seat, input: Input, rng: &mut R) {
        match (self.pending, input) {
            (
                Pending::Draft {
                    mut owes,
                    mut picks,
                },
                Input::Draft(card),
            ) => {
                picks[seat.index()] = Some(card);
                self.picks[seat.index()] = Some(card);
                owes.remove(seat);
                self.emit(Event::DraftPicked {
                    seat,
                    card: Some(card),
                });
                if owes.is_empty() {
                    for (s, pick) in picks.iter().enumerate() {
                        let pick = pick.unwrap_or(Card::Duke);
                        let dealt = self.court.draw().unwrap_or(Card::Duke);
                        self.players[s].hand = Hand::new(pick, dealt);
                        self.emit(Event::DraftDealt {
                            seat: Seat::at(s),
                            card: Some(dealt),
                        });
                    }
                    self.begin();
                } else {
                    self.pending = Pending::Draft { owes, picks };
                }
            }
            (Pending::ChooseAllegiance { .. }, Input::Allegiance(a)) => {
                // R2.6: going clockwise from the starting player, the others alternate.
                let mut s = seat;
                let mut cur = a;
                for _ in 0..self.n {
                    self.players[s.index()].allegiance = Some(cur);
                    cur = cur.other();
                    s = s.next(self.n);
                }
                self.emit(Event::AllegianceChosen {
                    seat,
                    allegiance: a,
                });
                self.pending = Pending::Action { seat };
            }
            (Pending::Action { .. }, Input::Act(action)) => self.declare(seat, action, rng),
            (Pending::Respond { mut window }, input) => {
                let answer = match input {
                    Input::Challenge => WindowAnswer::Challenge,
                    Input::Block(c) => WindowAnswer::Block(c),
                    _ => WindowAnswer::Pass,
                };
                window.answers[seat.index()] = Some(answer);
                window.owes.remove(seat);
                self.emit(Event::Answered {
                    seat,
                    answer: Some(answer),
                });
                self.pending = Pending::Respond { window };
                if window.owes.is_empty() {
                    self.close_window(window, rng);
                }
            }
            (Pending::LoseInfluence { .. }, Input::Lose(card)) => {
                let slot = self.players[seat.index()]
                    .hand
                    .find_hidden(card)
                    .unwrap_or(0);
                self.reveal(seat, slot);
                self.after_loss(rng);
            }
            (Pending::Exchange { count, drawn, .. }, Input::Keep(keep)) => {
                self.finish_exchange(seat, count, drawn, keep, rng)
            }
            (Pending::ExamineShow { examiner, .. }, Input::Show(card)) => {
                let slot = self.players[seat.index()]
                    .hand
                    .find_hidden(card)
                    .unwrap_or(0);
                self.show_to_examiner(examiner, seat, slot);
            }
            (
                Pending::ExamineDecide {
                    target, slot, card, ..
                },
                input,
            ) => {
                if input == Input::ForceExchange {
                    // R7.2: the target draws first, then the shown card goes back and the
                    // Court is shuffled.
                    let new = self.court.draw().unwrap_or(Card::Duke);
                    let old = self.players[target.index()].hand.cards[slot as usize];
                    self.players[target.index()].hand.cards[slot as usize] = new;
                    self.emit(Event::ForcedExchange {
                        seat,
                        target,
                        card: card.or(Some(old)),
                    });
                    self.emit(Event::Drew {
                        seat: target,
                        card: Some(new),
                    });
                    self.court.push_bottom(old);
                    self.shuffle(rng);
                } else {
                    self.emit(Event::GaveBack { seat, target });
                }
                self.end_turn();
            }
            // `check` admitted only the combinations above.
            _ => {}
        }
    }

    fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        if self.shuffles {
            self.court.shuffle(rng);
            self.emit(Event::CourtShuffled);
        }
    }

    fn open_window(&mut self, kind: WindowKind, asked: SeatSet) {
        self.pending = Pending::Respond {
            window: Window::new(kind, asked),
        };
        self.emit(Event::WindowOpened { kind });
    }

    fn set_stage(&mut self, stage: Stage) {
        if let Some(t) = &mut self.turn {
            t.stage = stage;
        }
    }

    fn set_last_outcome(&mut self, outcome: Outcome) {
        if let Some(c) = self.claims.last_mut() {
            c.outcome = outcome;
        }
    }

    /// R3.3: pay on declaring; then the challenge window (R5.1), the block window (R5.3)
    /// or the effect.
    fn declare<R: Rng + ?Sized>(&mut self, actor: Seat, action: Action, rng: &mut R) {
        let cost = action.cost(actor);
        self.players[actor.index()].coins -= cost;
        if action.kind() == ActionKind::Convert {
            // R8.3: Conversion is paid onto the Treasury Reserve.
            self.reserve = self.reserve.saturating_add(cost);
        }
        self.turn = Some(Turn {
            actor,
            action,
            paid: cost,
            stage: Stage::Declared,
            early_block: None,
            block: None,
        });
        self.emit(Event::Declared {
            seat: actor,
            action,
            paid: cost,
        });
        if let Some(claim) = action.claim(self.options) {
            self.claims.push(ClaimEntry {
                player: actor,
                card: claim,
                for_: ClaimFor::Action(action.kind()),
                outcome: Outcome::Pending,
            });
            let asked = self.alive_others(actor);
            self.open_window(WindowKind::Challenge, asked);
        } else {
            self.block_stage(rng);
        }
    }

    fn close_window<R: Rng + ?Sized>(&mut self, window: Window, rng: &mut R) {
        let Some(turn) = self.turn else { return };
        let answered =
            |want: fn(WindowAnswer) -> bool| move |s: Seat| window.answer(s).is_some_and(want);
        match window.kind {
            WindowKind::Challenge => {
                let actor = turn.actor;
                let early = self
                    .first_clockwise(actor, answered(|a| matches!(a, WindowAnswer::Block(_))))
                    .and_then(|s| match window.answer(s) {
                        Some(WindowAnswer::Block(c)) => Some((s, c)),
                        _ => None,
                    });
                if let Some((seat, card)) = early {
                    if let Some(t) = &mut self.turn {
                        t.early_block = Some((seat, card));
                    }
                    self.emit(Event::EarlyBlock { seat, card });
                }
                let challenger =
                    self.first_clockwise(actor, answered(|a| a == WindowAnswer::Challenge));
                match challenger {
                    Some(ch) => self.resolve_action_challenge(ch, rng),
                    None => {
                        self.set_last_outcome(Outcome::Unchallenged);
                        self.emit(Event::Unchallenged { claimant: actor });
                        self.block_stage(rng);
                    }
                }
            }
            WindowKind::Block => {
                let blocker = self.first_clockwise(
                    turn.actor,
                    answered(|a| matches!(a, WindowAnswer::Block(_))),
                );
                match blocker.and_then(|s| window.answer(s).map(|a| (s, a))) {
                    Some((s, WindowAnswer::Block(c))) => self.declare_block(s, c),
                    _ => self.effect(rng),
                }
            }
            WindowKind::BlockChallenge => {
                let Some((blocker, card)) = turn.block else {
                    return;
                };
                let challenger =
                    self.first_clockwise(blocker, answered(|a| a == WindowAnswer::Challenge));
                match challenger {
                    Some(ch) => {
                        self.emit(Event::Challenged {
                            challenger: ch,
                            claimant: blocker,
                            claim: Claimed::Card(card),
                        });
                        if let Some(slot) = self.players[blocker.index()].hand.find_hidden(card) {
                            self.set_last_outcome(Outcome::Shown);
                            self.prove(blocker, slot, rng);
                            self.set_stage(Stage::BlockProven);
                            self.lose(ch, rng);
                        } else {
                            self.set_last_outcome(Outcome::Lost);
                            self.emit(Event::Disproved {
                                seat: blocker,
                                claim: Claimed::Card(card),
                            });
                            self.set_stage(Stage::BlockDisproven);
                            self.lose(blocker, rng);
                        }
                    }
                    None => {
                        self.set_last_outcome(Outcome::Unchallenged);
                        self.emit(Event::Unchallenged { claimant: blocker });
                        self.emit(Event::ActionBlocked { seat: turn.actor });
                        self.end_turn();
                    }
                }
            }
        }
    }

    /// R6: the action's claim was challenged by `ch`.
    fn resolve_action_challenge<R: Rng + ?Sized>(&mut self, ch: Seat, rng: &mut R) {
        let Some(turn) = self.turn else { return };
        let actor = turn.actor;
        let Some(claim) = turn.action.claim(self.options) else {
            return;
        };
        self.emit(Event::Challenged {
            challenger: ch,
            claimant: actor,
            claim,
        });
        let hand = self.players[actor.index()].hand;
        let proven_slot = match claim {
            Claimed::Card(c) => hand.find_hidden(c),
            // R8.4: a challenge of Embezzlement says the player holds a Duke.
            Claimed::NotDuke => match hand.find_hidden(Card::Duke) {
                Some(_) => None,
                None => Some(0),
            },
        };
        match (proven_slot, claim) {
            (Some(slot), Claimed::Card(_)) => {
                self.set_last_outcome(Outcome::Shown);
                self.prove(actor, slot, rng);
                self.set_stage(Stage::ActionProven);
                self.lose(ch, rng);
            }
            (Some(_), Claimed::NotDuke) => {
                // R8.4: no hidden Duke: show every hidden card to the table, shuffle them
                // into the Court, draw as many; then the challenger loses (order of R6.2).
                self.set_last_outcome(Outcome::Shown);
                let mut shown = [None; 2];
                let slots = [0, 1];
                for slot in slots {
                    if slot < hand.len as usize && !hand.up[slot] {
                        shown[slot] = Some(hand.cards[slot]);
                        self.court.push_bottom(hand.cards[slot]);
                    }
                }
                self.emit(Event::ShowedHand {
                    seat: actor,
                    cards: shown,
                });
                self.shuffle(rng);
                for slot in slots {
                    if shown[slot].is_some() {
                        let new = self.court.draw().unwrap_or(Card::Duke);
                        self.players[actor.index()].hand.cards[slot] = new;
                        self.emit(Event::Drew {
                            seat: actor,
                            card: Some(new),
                        });
                    }
                }
                self.set_stage(Stage::ActionProven);
                self.lose(ch, rng);
            }
            (None, _) => {
                // R6.3: the cost comes back at once; the claimant loses an influence. For
                // Embezzlement this is the automatic concession of R8.4.
                self.set_last_outcome(Outcome::Lost);
                self.emit(Event::Disproved { seat: actor, claim });
                if turn.paid > 0 {
                    self.players[actor.index()].coins += turn.paid;
                    self.emit(Event::Refunded {
                        seat: actor,
                        coins: turn.paid,
                    });
                    if let Some(t) = &mut self.turn {
                        t.paid = 0;
                    }
                }
                self.set_stage(Stage::ActionDisproven);
                self.lose(actor, rng);
            }
        }
    }

    /// R6.2: the card in `slot` proves a claim: it is shown, goes back to the Court, the
    /// Court is shuffled, and the claimant draws a replacement.
    fn prove<R: Rng + ?Sized>(&mut self, seat: Seat, slot: usize, rng: &mut R) {
        let card = self.players[seat.index()].hand.cards[slot];
        self.emit(Event::Proved { seat, card });
        self.court.push_bottom(card);
        self.shuffle(rng);
        let new = self.court.draw().unwrap_or(card);
        self.players[seat.index()].hand.cards[slot] = new;
        self.emit(Event::Drew {
            seat,
            card: Some(new),
        });
    }

    /// R5.3: after the challenge (if any), the block stage.
    fn block_stage<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let Some(turn) = self.turn else { return };
        self.set_stage(Stage::Blocking);
        let kind = turn.action.kind();
        if !kind.blockable() {
            return self.effect(rng);
        }
        let asked: SeatSet = if kind.blocked_by_target() {
            match turn.action.target() {
                // R9.2, R9.4: an eliminated target is never asked.
                Some(t) if self.alive(t) => {
                    if let Some((b, c)) = turn.early_block
                        && self.alive(b)
                    {
                        // R5.3: an early block by a player still in the game is the block.
                        return self.declare_block(b, c);
                    }
                    [t].into_iter().collect()
                }
                _ => SeatSet::EMPTY,
            }
        } else {
            // Foreign Aid: any other player, except (R8.1) one of the actor's allegiance.
            let actor = turn.actor;
            self.seats()
                .filter(|&s| s != actor && self.alive(s) && !self.limited(s, actor))
                .collect()
        };
        if asked.is_empty() {
            self.effect(rng)
        } else {
            self.open_window(WindowKind::Block, asked)
        }
    }

    /// R5.4: a block comes into play; everyone else may challenge it.
    fn declare_block(&mut self, blocker: Seat, card: Card) {
        if let Some(t) = &mut self.turn {
            t.block = Some((blocker, card));
            t.stage = Stage::BlockClaimed;
        }
        self.claims.push(ClaimEntry {
            player: blocker,
            card: Claimed::Card(card),
            for_: ClaimFor::Block,
            outcome: Outcome::Pending,
        });
        self.emit(Event::BlockDeclared {
            seat: blocker,
            card,
        });
        let asked = self.alive_others(blocker);
        self.open_window(WindowKind::BlockChallenge, asked);
    }

    /// The action takes effect (R4).
    fn effect<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let Some(turn) = self.turn else { return };
        self.set_stage(Stage::Effect);
        let actor = turn.actor;
        let gain = |game: &mut Game, coins: u16| {
            let p = &mut game.players[actor.index()];
            p.coins = p.coins.saturating_add(coins);
            game.emit(Event::Gained { seat: actor, coins });
        };
        match turn.action {
            Action::Income => gain(self, 1),
            Action::ForeignAid => gain(self, 2),
            Action::Tax => gain(self, 3),
            Action::Coup(t) | Action::Assassinate(t) => {
                // R9.4: an eliminated target is beyond further effect.
                if self.alive(t) {
                    return self.lose(t, rng);
                }
            }
            Action::Steal(t) => {
                // R9.3: even a target eliminated along the way gives up its coins first.
                let coins = self.players[t.index()].coins.min(2);
                self.players[t.index()].coins -= coins;
                let p = &mut self.players[actor.index()];
                p.coins = p.coins.saturating_add(coins);
                self.emit(Event::Stole {
                    seat: actor,
                    from: t,
                    coins,
                });
            }
            Action::Exchange => {
                let count: u8 = if self.options.inquisitor { 1 } else { 2 };
                let mut drawn = [None; 2];
                for d in drawn.iter_mut().take(count as usize) {
                    let c = self.court.draw();
                    *d = c;
                    self.emit(Event::Drew {
                        seat: actor,
                        card: c,
                    });
                }
                self.pending = Pending::Exchange {
                    seat: actor,
                    count,
                    drawn,
                };
                return;
            }
            Action::Examine(t) => {
                if self.alive(t) {
                    let hand = self.players[t.index()].hand;
                    match hand.only_hidden() {
                        // R7.2: a target with one hidden card shows it without being asked.
                        Some(slot) => self.show_to_examiner(actor, t, slot),
                        None => {
                            self.pending = Pending::ExamineShow {
                                seat: t,
                                examiner: actor,
                            }
                        }
                    }
                    return;
                }
            }
            Action::Convert(t) => {
                let p = &mut self.players[t.index()];
                let now = p.allegiance.map_or(Allegiance::Loyalist, Allegiance::other);
                p.allegiance = Some(now);
                self.emit(Event::Converted {
                    seat: actor,
                    target: t,
                    allegiance: now,
                });
            }
            Action::Embezzle => {
                let coins = self.reserve;
                self.reserve = 0;
                let p = &mut self.players[actor.index()];
                p.coins = p.coins.saturating_add(coins);
                self.emit(Event::Embezzled { seat: actor, coins });
            }
        }
        self.end_turn();
    }

    fn show_to_examiner(&mut self, examiner: Seat, target: Seat, slot: usize) {
        let card = self.players[target.index()].hand.cards[slot];
        self.emit(Event::Shown {
            seat: target,
            examiner,
            card: Some(card),
        });
        self.pending = Pending::ExamineDecide {
            seat: examiner,
            target,
            slot: slot as u8,
            card: Some(card),
        };
    }

    fn finish_exchange<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        count: u8,
        drawn: [Option<Card>; 2],
        keep: Keep,
        rng: &mut R,
    ) {
        // The pool as counts; kept cards come out, the rest go back (R4.2).
        let mut pool = [0u8; 6];
        let hand = self.players[seat.index()].hand;
        for c in hand.hidden() {
            pool[c.index()] += 1;
        }
        for c in drawn.iter().take(count as usize).flatten() {
            pool[c.index()] += 1;
        }
        for &c in keep.cards() {
            pool[c.index()] -= 1;
        }
        let mut kept = keep.cards().iter();
        let h = &mut self.players[seat.index()].hand;
        for slot in 0..h.len as usize {
            if !h.up[slot]
                && let Some(&c) = kept.next()
            {
                h.cards[slot] = c;
            }
        }
        let mut returned = [None; 2];
        let mut r = 0;
        for c in Card::ALL {
            for _ in 0..pool[c.index()] {
                if r < 2 {
                    returned[r] = Some(c);
                    r += 1;
                }
                self.court.push_bottom(c);
            }
        }
        self.emit(Event::Exchanged { seat, returned });
        self.shuffle(rng);
        self.end_turn();
    }

    /// `seat` loses an influence (R9.1): a choice with two hidden cards, else automatic.
    fn lose<R: Rng + ?Sized>(&mut self, seat: Seat, rng: &mut R) {
        let hand = self.players[seat.index()].hand;
        match hand.hidden_count() {
            0 => self.after_loss(rng),
            1 => {
                if let Some(slot) = hand.only_hidden() {
                    self.reveal(seat, slot);
                }
                self.after_loss(rng)
            }
            _ => self.pending = Pending::LoseInfluence { seat },
        }
    }

    fn reveal(&mut self, seat: Seat, slot: usize) {
        let h = &mut self.players[seat.index()].hand;
        h.up[slot] = true;
        let card = h.cards[slot];
        let out = h.hidden_count() == 0;
        if self.face_down & (1 << seat.0) != 0 {
            self.unseen |= 1 << (2 * u32::from(seat.0) + slot as u32);
            self.emit(Event::LostFaceDown { seat });
        } else {
            self.emit(Event::LostInfluence { seat, card });
        }
        if out {
            self.emit(Event::Eliminated { seat });
        }
    }

    /// After a loss: the game may be over (R9.5); else the action continues by its stage.
    fn after_loss<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        if self.alive_count() == 1 {
            return self.game_over();
        }
        let Some(turn) = self.turn else { return };
        match turn.stage {
            Stage::ActionProven => self.block_stage(rng),
            Stage::BlockDisproven => self.effect(rng),
            _ => self.end_turn(),
        }
    }

    /// R9.3: the coins of eliminated players go back to the Treasury.
    fn return_coins(&mut self) {
        for s in 0..self.n {
            let seat = Seat(s);
            if !self.alive(seat) && self.players[seat.index()].coins > 0 {
                let coins = self.players[seat.index()].coins;
                self.players[seat.index()].coins = 0;
                self.emit(Event::CoinsReturned { seat, coins });
            }
        }
    }

    /// R9.5: only one player has any hidden card.
    fn game_over(&mut self) {
        self.return_coins();
        let winner = self.seats().find(|&s| self.alive(s)).unwrap_or(Seat(0));
        self.turn = None;
        self.pending = Pending::GameOver { winner };
        self.emit(Event::GameOver { winner });
    }

    /// R3.5: the turn passes clockwise to the next player still in the game.
    fn end_turn(&mut self) {
        self.return_coins();
        let actor = self.turn.map_or(self.current, |t| t.actor);
        self.turn = None;
        let next = self
            .first_clockwise(actor, |s| self.alive(s))
            .unwrap_or(actor);
        self.current = next;
        self.pending = Pending::Action { seat: next };
        self.emit(Event::TurnStarted { seat: next });
    }
}

fn push_blocks(kind: ActionKind, options: Options, out: &mut Vec<Input>) {
    for c in Card::ALL {
        if kind.blocked_by(c, options) {
            out.push(Input::Block(c));
        }
    }
}

/// Checks counts of hands+court against R1.5, or R2.5's seven cards in play.
fn check_deck(counts: &[usize; 6], players: usize, options: Options) -> Result<(), SetupError> {
    let total: usize = counts.iter().sum();
    if options.two_player_draft {
        let ok = total == 7
            && Card::ALL.into_iter().all(|c| {
                let k = counts[c.index()];
                if c.in_use(options) { k >= 1 } else { k == 0 }
            });
        if !ok {
            return Err(SetupError::WrongDeck(
                "with the two-player draft, the seven cards in play are one of each \
                 character in use plus any two"
                    .into(),
            ));
        }
        return Ok(());
    }
    let want = deck_counts(players, options);
    for c in Card::ALL {
        if counts[c.index()] != want[c.index()] as usize {
            return Err(SetupError::WrongDeck(format!(
                "{} {}s, expected {}",
                counts[c.index()],
                c.name(),
                want[c.index()]
            )));
        }
    }
    Ok(())
}

impl Card {
    /// Shuffles `cards` (a helper for callers building assignments).
    pub fn shuffle_slice<R: Rng + ?Sized>(cards: &mut [Card], rng: &mut R) {
        cards.shuffle(rng);
    }
}
