//! [`View`]: exactly what one seat (or a spectator) may know (R11), and determinization
//! for the bots' search.
//!
//! # Determinization
//! A bot sees only a [`View`]. To search, it samples the cards it cannot see and builds a
//! full [`Game`] consistent with the view:
//!
//! ```
//! # use shared::engine::*;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! # let game = Game::deal(4, Options::default(), None, &mut rng).unwrap();
//! let view = game.view(Seat(1));
//! let mut unseen = view.unseen_cards(); // the multiset this seat cannot locate
//! Card::shuffle_slice(&mut unseen, &mut rng); // or any belief-weighted assignment
//! let sample = Game::determinize(&view, &unseen).unwrap();
//! assert_eq!(sample.view(Seat(1)), view);
//! ```
//!
//! `unseen` fills the unknown places in this order: (1) every other seat's face-down slots,
//! seats ascending, slots in hand order; (2) the cards drawn in a pending exchange that is
//! not the viewer's; (3) the Court, top first. [`View::unseen_cards`] returns a multiset of
//! exactly the right size in every case but one: in a two-player-draft game the opponent's
//! secret pick (R2.5) is not a known card, so until it is located the list is one short and
//! the caller adds its guess (any character in use).
//!
//! Sealed answers (R5) of other seats are not in a view; a determinized game treats those
//! seats as still owing their answer (and an opponent's sealed draft pick as not made yet).
//! Knowledge a seat gained from events (a card shown to it by Examine and given back, the
//! cards it returned to the Court) is in `events` but not imposed: weight the sample by it.

use serde::{Deserialize, Serialize};

use super::game::{Player, deck_counts};
use super::{
    Allegiance, Card, ClaimEntry, Court, Event, Game, Hand, MAX_PLAYERS, Options, Pending, Seat,
    SetupError, Turn,
};

/// One seat's cards as a viewer sees them: `None` is a face-down card the viewer cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandView {
    pub cards: [Option<Card>; 2],
    pub up: [bool; 2],
    pub len: u8,
}

/// One seat as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerView {
    pub coins: u16,
    pub hand: HandView,
    pub allegiance: Option<Allegiance>,
    pub alive: bool,
}

/// What one seat may know (R11.1), or a spectator (`viewer: None`, public information only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<Seat>,
    /// Serialized under neutral names so that a view names a card only where the viewer
    /// knows of it (SCRIPT.md).
    #[serde(with = "variant")]
    pub options: Options,
    pub shuffles: bool,
    pub players: Vec<PlayerView>,
    pub court_size: u8,
    pub reserve: u16,
    pub current: Seat,
    /// The pending decision, with the secrets the viewer may not see blanked.
    pub pending: Pending,
    pub turn: Option<Turn>,
    /// The viewer's own draft choice (R2.5), which tells the cards in play.
    pub draft_pick: Option<Card>,
    /// The claim record (R10.2).
    pub claims: Vec<ClaimEntry>,
    /// Every event, redacted for the viewer.
    pub events: Vec<Event>,
}

mod variant {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Options;

    #[derive(Serialize, Deserialize)]
    struct Variant {
        fifth_swapped: bool,
        reformation: bool,
        draft: bool,
    }

    pub fn serialize<S: Serializer>(o: &Options, s: S) -> Result<S::Ok, S::Error> {
        Variant {
            fifth_swapped: o.inquisitor,
            reformation: o.allegiances,
            draft: o.two_player_draft,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Options, D::Error> {
        let v = Variant::deserialize(d)?;
        Ok(Options {
            inquisitor: v.fifth_swapped,
            allegiances: v.reformation,
            two_player_draft: v.draft,
        })
    }
}

/// Blanks what `viewer` may not see in a pending decision.
fn redact_pending(p: Pending, viewer: Option<Seat>) -> Pending {
    let is = |s: Seat| viewer == Some(s);
    match p {
        Pending::Draft { owes, mut picks } => {
            for (i, pick) in picks.iter_mut().enumerate() {
                if !is(Seat::at(i)) {
                    *pick = None;
                }
            }
            Pending::Draft { owes, picks }
        }
        Pending::Respond { mut window } => {
            for (i, a) in window.answers.iter_mut().enumerate() {
                if !is(Seat::at(i)) {
                    *a = None;
                }
            }
            Pending::Respond { window }
        }
        Pending::Exchange { seat, count, drawn } => Pending::Exchange {
            seat,
            count,
            drawn: if is(seat) { drawn } else { [None; 2] },
        },
        Pending::ExamineDecide {
            seat,
            target,
            slot,
            card,
        } => Pending::ExamineDecide {
            seat,
            target,
            slot,
            card: if is(seat) || is(target) { card } else { None },
        },
        other => other,
    }
}

impl Game {
    /// What `seat` may know (R11).
    pub fn view(&self, seat: Seat) -> View {
        self.view_for(Some(seat))
    }

    /// What a spectator may know: public information only.
    pub fn spectator_view(&self) -> View {
        self.view_for(None)
    }

    fn view_for(&self, viewer: Option<Seat>) -> View {
        let players = (0..self.n)
            .map(|s| {
                let p = &self.players[s as usize];
                let own = viewer == Some(Seat(s));
                let h = p.hand;
                let mut cards = [None; 2];
                for (i, c) in cards.iter_mut().enumerate().take(h.len as usize) {
                    if (own || h.up[i]) && !self.lost_face_down(Seat(s), i) {
                        *c = Some(h.cards[i]);
                    }
                }
                PlayerView {
                    coins: p.coins,
                    hand: HandView {
                        cards,
                        up: h.up,
                        len: h.len,
                    },
                    allegiance: p.allegiance,
                    alive: self.alive(Seat(s)),
                }
            })
            .collect();
        View {
            viewer,
            options: self.options,
            shuffles: self.shuffles,
            players,
            court_size: self.court.len() as u8,
            reserve: self.reserve,
            current: self.current,
            pending: redact_pending(self.pending, viewer),
            turn: self.turn,
            draft_pick: viewer.and_then(|v| self.picks.get(v.index()).copied().flatten()),
            claims: self.claims.clone(),
            events: self.log.iter().map(|e| e.for_viewer(viewer)).collect(),
        }
    }

    /// The true assignment of everything `view`'s seat cannot see, in the order
    /// [`Game::determinize`] takes it. Tests use it to check determinization.
    pub fn unseen_assignment(&self, viewer: Option<Seat>) -> Vec<Card> {
        let view = self.view_for(viewer);
        let mut out = Vec::new();
        for s in 0..self.n as usize {
            let h = &self.players[s].hand;
            for slot in 0..h.len as usize {
                if view.known_slot(s, slot).is_none() {
                    out.push(h.cards[slot]);
                }
            }
        }
        if let (
            Pending::Exchange {
                count, drawn, seat, ..
            },
            false,
        ) = (self.pending, viewer == Some(self.current_exchanger()))
        {
            let _ = seat;
            out.extend(drawn.iter().take(count as usize).flatten());
        }
        out.extend_from_slice(self.court.cards());
        out
    }

    fn current_exchanger(&self) -> Seat {
        match self.pending {
            Pending::Exchange { seat, .. } => seat,
            _ => Seat(u8::MAX),
        }
    }

    /// Builds a game consistent with `view` from an assignment of what it cannot see (see
    /// the module docs for the order). Fails when the assignment has the wrong length or,
    /// outside the draft, the cards are not the deck.
    pub fn determinize(view: &View, unseen: &[Card]) -> Result<Game, SetupError> {
        let n = view.players.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        let mut next = unseen.iter().copied();
        let mut take = || {
            next.next()
                .ok_or_else(|| SetupError::BadAssignment("too few cards".into()))
        };
        let mut players = [Player {
            hand: Hand::empty(),
            coins: 0,
            allegiance: None,
        }; MAX_PLAYERS];
        for (s, pv) in view.players.iter().enumerate() {
            let mut hand = Hand::empty();
            hand.len = pv.hand.len.min(2);
            hand.up = pv.hand.up;
            for slot in 0..hand.len as usize {
                hand.cards[slot] = match view.known_slot(s, slot) {
                    Some(c) => c,
                    None => take()?,
                };
            }
            players[s] = Player {
                hand,
                coins: pv.coins,
                allegiance: pv.allegiance,
            };
        }
        let mut pending = view.pending;
        match &mut pending {
            Pending::Exchange { seat, count, drawn } if view.viewer != Some(*seat) => {
                for d in drawn.iter_mut().take(*count as usize) {
                    *d = Some(take()?);
                }
            }
            Pending::ExamineDecide {
                target, slot, card, ..
            } => {
                let t = target.index();
                if t >= n || *slot > 1 {
                    return Err(SetupError::BadAssignment("bad examine".into()));
                }
                *card = Some(players[t].hand.cards[*slot as usize]);
            }
            Pending::Respond { window } => {
                // Sealed answers of others: treated as still owed.
                for s in window.asked.iter() {
                    if window.answer(s).is_none() {
                        window.owes.insert(s);
                    }
                }
            }
            Pending::Draft { owes, picks } => {
                for (i, p) in picks.iter().enumerate() {
                    if p.is_none() {
                        owes.insert(Seat::at(i));
                    }
                }
            }
            _ => {}
        }
        let mut court = Court::new();
        for _ in 0..view.court_size {
            court.push_bottom(take()?);
        }
        if next.next().is_some() {
            return Err(SetupError::BadAssignment("too many cards".into()));
        }
        let options = view.options;
        let mut counts = [0usize; 6];
        for p in &players[..n] {
            for &c in &p.hand.cards[..p.hand.len as usize] {
                counts[c.index()] += 1;
            }
        }
        for &c in court.cards() {
            counts[c.index()] += 1;
        }
        if let Pending::Exchange { count, drawn, .. } = pending {
            for c in drawn.iter().take(count as usize).flatten() {
                counts[c.index()] += 1;
            }
        }
        let fits = if options.two_player_draft {
            Card::ALL
                .into_iter()
                .all(|c| c.in_use(options) || counts[c.index()] == 0)
        } else {
            let want = deck_counts(n, options);
            Card::ALL
                .into_iter()
                .all(|c| counts[c.index()] == want[c.index()] as usize)
        };
        if !fits {
            return Err(SetupError::BadAssignment(
                "the cards are not the deck".into(),
            ));
        }
        let mut picks = [None; 2];
        if let Some(v) = view.viewer
            && v.index() < 2
        {
            picks[v.index()] = view.draft_pick;
        }
        let game = Game {
            options,
            n: n as u8,
            shuffles: view.shuffles,
            players,
            court,
            reserve: view.reserve,
            current: view.current,
            pending,
            turn: view.turn,
            picks,
            claims: view.claims.clone(),
            log: view.events.clone(),
            face_down: 0,
            unseen: 0,
        };
        game.check_stored().map_err(SetupError::BadAssignment)?;
        Ok(game)
    }
}

impl View {
    /// The card in `slot` of `seat`'s hand if this view locates it: the viewer's own cards,
    /// face-up cards, and (for the examiner) the card shown by a pending Examine.
    pub fn known_slot(&self, seat: usize, slot: usize) -> Option<Card> {
        let p = self.players.get(seat)?;
        if let Some(c) = p.hand.cards.get(slot).copied().flatten() {
            return Some(c);
        }
        match self.pending {
            Pending::ExamineDecide {
                target,
                slot: s,
                card: Some(c),
                ..
            } if target.index() == seat && s as usize == slot => Some(c),
            _ => None,
        }
    }

    /// The cards this seat cannot locate, as a multiset (in deck order). See the module
    /// docs for the one case (the draft) where it is one card short.
    pub fn unseen_cards(&self) -> Vec<Card> {
        let n = self.players.len();
        let mut counts = [0i32; 6];
        if self.options.two_player_draft {
            for c in Card::in_use_set(self.options) {
                counts[c.index()] += 1;
            }
            if let Some(p) = self.draft_pick {
                counts[p.index()] += 1;
            }
        } else {
            let want = deck_counts(n, self.options);
            for c in Card::ALL {
                counts[c.index()] = want[c.index()] as i32;
            }
        }
        let mut extra = false;
        let mut located = |c: Card, counts: &mut [i32; 6]| {
            if counts[c.index()] > 0 {
                counts[c.index()] -= 1;
            } else {
                // Only in the draft: a located card beyond the known set is the opponent's
                // pick.
                extra = true;
            }
        };
        for (s, p) in self.players.iter().enumerate() {
            for slot in 0..p.hand.len as usize {
                if let Some(c) = self.known_slot(s, slot) {
                    located(c, &mut counts);
                }
            }
        }
        if let Pending::Exchange {
            seat, count, drawn, ..
        } = self.pending
            && self.viewer == Some(seat)
        {
            for c in drawn.iter().take(count as usize).flatten() {
                located(*c, &mut counts);
            }
        }
        let _ = extra;
        let mut out = Vec::new();
        for c in Card::ALL {
            for _ in 0..counts[c.index()].max(0) {
                out.push(c);
            }
        }
        out
    }

    /// How many cards [`Game::determinize`] needs.
    pub fn unseen_count(&self) -> usize {
        let mut k = 0;
        for (s, p) in self.players.iter().enumerate() {
            for slot in 0..p.hand.len as usize {
                if self.known_slot(s, slot).is_none() {
                    k += 1;
                }
            }
        }
        if let Pending::Exchange { seat, count, .. } = self.pending
            && self.viewer != Some(seat)
        {
            k += count as usize;
        }
        k + self.court_size as usize
    }
}
