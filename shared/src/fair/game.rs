//! The engine's fair mode (docs/FAIR-DEAL.md, section 4): a referee that runs a game
//! without knowing a hidden card, and the [`Tracker`] that every page (the referee's
//! included) runs from the public stream to know where each card position is.
//!
//! The referee keeps an ordinary engine [`Game`] whose hidden cards are **stand-ins**:
//! values the referee picks from public facts only. The rules read a hidden card in a few
//! places only (a challenged claim, a lost influence, a card shown to the Inquisitor, an
//! Exchange's keep, the draft's pick). There the holder's page answers ([`CardAnswer`]), naming
//! positions, never cards. Before the engine goes on, the referee rewrites the holder's
//! stand-ins so the engine takes the branch the holder chose, and a card that turns face up
//! becomes its true value, read from the reveal record. So the engine itself is unchanged:
//! its normal mode is untouched, and its fair mode is the same rules over stand-ins.
//!
//! One input can set off a chain (a claim proven, then the challenger's last card lost,
//! then the action's effect). The referee runs the input on a copy of the game, walks the
//! events it made, relays the ones already settled, and stops at the first that needs an
//! answer or a record. Once that is in, it runs the input again from the same position with
//! the same randomness: the events before that point come out the same, and the walk goes
//! on. When every event is settled the copy becomes the game.
//!
//! Everything the referee relays ([`Public`]) holds positions and public cards only; the
//! events go out as a spectator sees them ([`Event::for_viewer`] with `None`).

use std::sync::{Arc, OnceLock};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{
    Card, Claimed, Event, Game, Input, InputError, Keep, Options, Pending, Seat, SeatSet,
    SetupError, WindowKind,
};

use rand::Rng;

use super::group::{DecodeError, Reader, Writer};
use super::ledger::{Fault, Record, read_seat};
use super::proofs::{Ciphertext, KeyProof};
use super::secret::Secret;
use super::table::FairTable;

/// A decision that depends on the seat's own hidden cards: its page makes it, naming
/// positions of the fair deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardAnswer {
    /// R6.2: the claim is proven by the card at this position (revealed).
    Prove(u8),
    /// R6.1: the seat cannot prove the claim (checked at the end, section 9).
    CannotProve,
    /// R8.4: the embezzler holds no Duke and shows every hidden card.
    ShowHand,
    /// R8.4: the embezzler holds a Duke and concedes (checked at the end).
    Concede,
    /// R9.1: the influence lost is the card at this position (revealed for good).
    Lose(u8),
    /// R7.2: the card at this position is shown to the Inquisitor (sealed).
    Show(u8),
    /// R4.2: the positions kept after the hand mix, as many as the seat's hidden cards.
    Keep(Vec<u8>),
    /// R2.5: the card at this position of the seat's own set is its choice.
    Pick(u8),
}

impl CardAnswer {
    /// The canonical binary form: a kind byte, then the positions.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        self.write(&mut w);
        w.out
    }

    fn write(&self, w: &mut Writer) {
        match self {
            CardAnswer::Prove(p) => {
                w.u8(1);
                w.u8(*p);
            }
            CardAnswer::CannotProve => w.u8(2),
            CardAnswer::ShowHand => w.u8(3),
            CardAnswer::Concede => w.u8(4),
            CardAnswer::Lose(p) => {
                w.u8(5);
                w.u8(*p);
            }
            CardAnswer::Show(p) => {
                w.u8(6);
                w.u8(*p);
            }
            CardAnswer::Keep(ps) => {
                w.u8(7);
                w.u8(ps.len() as u8);
                w.out.extend_from_slice(ps);
            }
            CardAnswer::Pick(p) => {
                w.u8(8);
                w.u8(*p);
            }
        }
    }

    fn read(r: &mut Reader<'_>) -> Result<CardAnswer, DecodeError> {
        Ok(match r.u8()? {
            1 => CardAnswer::Prove(r.u8()?),
            2 => CardAnswer::CannotProve,
            3 => CardAnswer::ShowHand,
            4 => CardAnswer::Concede,
            5 => CardAnswer::Lose(r.u8()?),
            6 => CardAnswer::Show(r.u8()?),
            // An Exchange keeps at most the seat's two hidden cards (R4.2).
            7 => {
                let n = r.count(2)?;
                CardAnswer::Keep((0..n).map(|_| r.u8()).collect::<Result<_, _>>()?)
            }
            8 => CardAnswer::Pick(r.u8()?),
            _ => return Err(DecodeError::BadKind),
        })
    }
}

/// An answer as it travels: signed by its seat's key for this game, so that the page that
/// relays it (the host's) cannot put another choice in the seat's place, as a shuffle is
/// signed. The signature binds the table, the game, the round the table is at, the seat,
/// how many answers the game has taken before it (so no answer counts twice) and the
/// answer itself. A departed seat's answers are unsigned: the rules make them from its
/// cards, open to all, and every page's replica makes the same
/// ([`FairReferee::step`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedAnswer {
    pub seat: Seat,
    pub answer: CardAnswer,
    pub signature: Option<KeyProof>,
}

/// The longest encoded signed answer: seat, signature and its flag, `Keep` of two
/// positions.
pub const MAX_SIGNED_ANSWER_BYTES: usize = 1 + 1 + 64 + 4;

impl SignedAnswer {
    /// Seat, signature, answer: the canonical binary form.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.seat(self.seat);
        match &self.signature {
            Some(signature) => {
                w.u8(1);
                signature.write(&mut w);
            }
            None => w.u8(0),
        }
        self.answer.write(&mut w);
        w.out
    }

    /// Reads a signed answer; anything but the canonical form of one is an error.
    pub fn decode(data: &[u8]) -> Result<SignedAnswer, DecodeError> {
        if data.len() > MAX_SIGNED_ANSWER_BYTES {
            return Err(DecodeError::BadLength);
        }
        let mut r = Reader::new(data);
        let seat = read_seat(&mut r)?;
        let signature = match r.u8()? {
            0 => None,
            1 => Some(KeyProof::read(&mut r)?),
            _ => return Err(DecodeError::BadKind),
        };
        let answer = CardAnswer::read(&mut r)?;
        r.finish()?;
        Ok(SignedAnswer {
            seat,
            answer,
            signature,
        })
    }
}

/// What a seat signs for its answer: the answers the game took before it, and the answer.
fn answer_message(count: u32, answer: &CardAnswer) -> Vec<u8> {
    let mut m = b"answer".to_vec();
    m.extend_from_slice(&count.to_le_bytes());
    m.extend_from_slice(&answer.encode());
    m
}

/// A seat's decision that reads no card (an action, a window's answer, an allegiance, the
/// examiner's choice) as the stream carries it (section 1). It is signed by the seat's key
/// over the point of the stream where the decision was put to it, so the page that relays
/// it cannot make one up in the seat's place, nor move one to another decision; or it is
/// unsigned: the host's word, the seat's card-blind default when its time ran out or it
/// is gone (section 6), the only decision the host may give for a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub seat: Seat,
    pub input: Input,
    pub signature: Option<KeyProof>,
}

impl Decision {
    /// The canonical bytes: seat, 0 or 1 and the signature, then the input as JSON.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.seat(self.seat);
        match &self.signature {
            None => w.u8(0),
            Some(sig) => {
                w.u8(1);
                sig.write(&mut w);
            }
        }
        w.out
            .extend_from_slice(&serde_json::to_vec(&self.input).unwrap_or_default());
        w.out
    }

    /// The signature's 64 bytes, as the wire carries them.
    pub fn signature_bytes(&self) -> Option<Vec<u8>> {
        let sig = self.signature.as_ref()?;
        let mut w = Writer::default();
        sig.write(&mut w);
        Some(w.out)
    }

    /// A decision from its parts as they came: a signature that does not read is an error.
    pub fn from_parts(
        seat: Seat,
        input: Input,
        signature: Option<&[u8]>,
    ) -> Result<Decision, DecodeError> {
        let signature = match signature {
            None => None,
            Some(bytes) => {
                let mut r = Reader::new(bytes);
                let sig = KeyProof::read(&mut r)?;
                r.finish()?;
                Some(sig)
            }
        };
        Ok(Decision {
            seat,
            input,
            signature,
        })
    }
}

/// What a seat signs for a decision: where the decision was put to it, and the input.
fn decision_message(opened: &[u8; 64], input: &Input) -> Vec<u8> {
    let mut m = b"decision".to_vec();
    m.extend_from_slice(opened);
    m.extend_from_slice(&serde_json::to_vec(input).unwrap_or_default());
    m
}

/// A decision that times out or that no person makes (section 6): never a bot, which would
/// need the seat's cards. A window is passed (R5); a turn is Income, or from 10 coins a
/// Coup of the next seat clockwise that can be couped (R3.2); anything else is the first
/// choice listed.
pub fn card_blind(seat: Seat, players: usize, legal: &[Input]) -> Option<Input> {
    if legal.contains(&Input::Pass) {
        return Some(Input::Pass);
    }
    let income = Input::Act(crate::engine::Action::Income);
    if legal.contains(&income) {
        return Some(income);
    }
    let coup = (1..players).find_map(|k| {
        let target = Seat::at((seat.index() + k) % players);
        legal
            .iter()
            .copied()
            .find(|i| matches!(i, Input::Act(crate::engine::Action::Coup(t)) if *t == target))
    });
    coup.or_else(|| legal.first().copied())
}

/// What identifies the decision pending, whatever answers a window has taken so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DecisionKey {
    Window(WindowKind, SeatSet),
    Other(Pending),
}

impl DecisionKey {
    fn of(p: &Pending) -> DecisionKey {
        match p {
            Pending::Respond { window } => DecisionKey::Window(window.kind, window.asked),
            other => DecisionKey::Other(*other),
        }
    }
}

/// What the referee asks a seat in the middle of resolving an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The seat's claim is challenged: [`CardAnswer::Prove`] or [`CardAnswer::CannotProve`] for a
    /// character, [`CardAnswer::ShowHand`] or [`CardAnswer::Concede`] for Embezzlement.
    Prove(Claimed),
    /// The seat loses its last hidden card ([`CardAnswer::Lose`]).
    Lose,
    /// The seat shows its last hidden card to the examiner ([`CardAnswer::Show`]).
    Show,
}

/// One item of the stream the referee relays to every page, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Public {
    /// An engine event as a spectator sees it.
    Event(Event),
    /// A seat's answer (positions only), signed by the seat.
    Answer(SignedAnswer),
    /// A fair record (boxed: a shuffle is large, an event small).
    Record(Box<Record>),
    /// The seat left for good (section 6): the others take its escrowed stake into theirs.
    Left(Seat),
    /// A decision that reads no card: signed by its seat, or the host's default.
    Decision(Decision),
}

/// What the referee waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The records the table lists as due ([`FairReferee::table`]).
    Records,
    /// An answer from `seat`.
    Ask { seat: Seat, question: Question },
    /// The engine's next decision: an [`Input`] from a seat that owes one, or an
    /// [`CardAnswer`] when the pending decision reads the seat's cards
    /// ([`FairReferee::wants_answer`]).
    Decide(SeatSet),
    /// The game is over and every secret is in: the pages audit.
    Over,
}

/// A seat that broke the rules of the fair mode, or a stream that is not a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairError {
    #[error("{0}")]
    Record(Fault),
    #[error("{0}: the answer is not one the rules allow now")]
    BadAnswer(Seat),
    #[error("the answer given as {0}'s is not signed by {0}: a forgery")]
    Forged(Seat),
    #[error("{0}: the input needs an answer naming positions, not cards")]
    CardInput(Seat),
    /// A decision not signed by its seat for the decision put to it now, or, unsigned, not
    /// the seat's card-blind default. An honest page can sign for a decision the table has
    /// just moved past, so this is refused, not held against the seat.
    #[error("{0}: the decision is not signed by the seat for the decision put to it now")]
    BadDecision(Seat),
    #[error("{0}: {1}")]
    Input(Seat, InputError),
    #[error("{0} answered a challenge falsely: the card it then lost shows it (R6.1, R8.4)")]
    FalseDenial(Seat),
    #[error("{0} showed a Duke against an Embezzlement challenge (R8.4)")]
    RevealedDuke(Seat),
    #[error("the records are not settled")]
    Unsettled,
    #[error("the public stream does not follow the rules")]
    Stream,
    /// The host relayed, as the game's event number `0`, what the rules do not make
    /// there: an event no rule makes, one missing, or one out of place. The host runs the
    /// referee, so this names the host.
    #[error("the host's page relayed what the rules do not make (the game's event {0})")]
    NotTheRules(usize),
    /// After a reload or a resync, the stream differs from the one this page answered,
    /// at its item `0`: the host showed this page two different games.
    #[error("the host's page showed this page two different games (the stream's item {0})")]
    TwoGames(usize),
}

/// A deviation the end-of-game audit finds (section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditFault {
    /// R6.1: the seat said it could not prove a claim while holding the card.
    FalseDenial { seat: Seat, claim: Claimed },
    /// R8.4: the seat conceded an Embezzlement challenge while holding no Duke.
    FalseConcession { seat: Seat },
    /// The cards of the whole record are not the deck (R1.5).
    WrongDeck,
    /// A position did not open at the end.
    Closed(u8),
    /// The referee's events are not what the rules make of the public decisions, answers
    /// and records (section 9, step 3): `event` is the first that differs, counted among
    /// the game's events (one missing or extra counts as differing). The host runs the
    /// referee, so this names the host.
    Referee { event: usize },
    /// Seat `seat` signed a hash of the game's stream at its end that is not this page's
    /// (section 12): the host sent the pages different records, answers or events. The
    /// host relays everything, so this names the host.
    Equivocation { seat: Seat },
}

/// A "cannot prove" or a concession: the claim and the seat's hidden cards then, as
/// ciphertexts, opened at the end.
#[derive(Clone, Debug)]
struct Denial {
    seat: Seat,
    claim: Claimed,
    held: Vec<Ciphertext>,
}

/// The stream's hash chain after `item`: each item in its canonical form (a record's and
/// an answer's bytes, an event as JSON, a departure's seat), labelled by its kind.
fn chain_item(chain: &[u8; 64], item: &Public) -> [u8; 64] {
    use sha2::{Digest, Sha512};
    let (kind, bytes) = match item {
        Public::Event(e) => (1u8, serde_json::to_vec(e).unwrap_or_default()),
        Public::Answer(a) => (2, a.encode()),
        Public::Record(r) => (3, r.encode()),
        Public::Left(s) => (4, vec![s.0]),
        Public::Decision(d) => (5, d.encode()),
    };
    let mut h = Sha512::new();
    h.update(b"coup-fair-deal/v1 stream");
    h.update(chain);
    h.update([kind]);
    h.update((bytes.len() as u32).to_le_bytes());
    h.update(&bytes);
    h.finalize().into()
}

/// The fair deck's card kinds for a game of `players` (R1.5 in [`Card`] order, or R2.5's
/// three sets of the five characters in use).
pub fn fair_deck(players: usize, options: Options) -> Vec<u8> {
    let set = Card::in_use_set(options);
    if options.two_player_draft {
        return (0..3).flat_map(|_| set.map(|c| c.index() as u8)).collect();
    }
    let copies = usize::from(Options::copies(players as u8));
    let mut kinds: Vec<u8> = set
        .iter()
        .flat_map(|c| std::iter::repeat_n(c.index() as u8, copies))
        .collect();
    kinds.sort_unstable();
    kinds
}

/// Where every card position is, as every page works it out from the public stream: the
/// [`FairTable`] (which records are due) and each hand's slots in the engine's order.
#[derive(Clone, Debug)]
pub struct Tracker {
    table: FairTable,
    pub(super) options: Options,
    /// Per seat, its hand in the engine's slot order: (position, face up).
    hands: Vec<Vec<(u8, bool)>>,
    /// Per seat, slots emptied for a replacement to be drawn into (R6.2, R7.2, R8.4).
    vacant: Vec<Vec<usize>>,
    /// Positions that go to the Court at its next shuffle.
    returning: Vec<u8>,
    /// The Exchange in progress (R4.2): the actor and what it drew.
    exchange: Option<(Seat, Vec<u8>)>,
    kept: bool,
    /// The open challenge (claimant, claim) and its answer.
    challenge: Option<(Seat, Claimed)>,
    answered: Option<CardAnswer>,
    /// The Examine in progress (examiner, target) and the position shown.
    examine: Option<(Seat, Seat)>,
    examined: Option<u8>,
    /// Losses answered and not yet announced: (seat, position).
    losing: Vec<(Seat, u8)>,
    picks: [Option<u8>; 2],
    picked: [bool; 2],
    denials: Vec<Denial>,
    /// The answers taken so far in this game: each signature binds its number.
    answers: u32,
    /// The table's id and the game's number: the replay's referee plays the same table.
    pub(super) id: [u8; 32],
    pub(super) game: u32,
    /// Every item of the stream taken, in order, for the end audit's replay (section 9,
    /// step 3). Shared items: a tracker is cloned to check each answer, and that copies a
    /// pointer per item, not the records.
    pub(super) stream: Vec<Arc<Public>>,
    /// The replay's outcome, with the stream's length it was run on: the verdict is read
    /// at every redraw, and a replay checks the whole game's records again.
    pub(super) replayed: OnceLock<(usize, Result<usize, usize>)>,
    /// R11.3: each seat's hidden cards as dealt (after the draft), as ciphertexts, taken at
    /// the first turn; opened at the end.
    dealt: Vec<Vec<Ciphertext>>,
    /// R11.3: each claim of the engine's claim record, in its order, with the claimant's
    /// hidden cards when it came into play (as ciphertexts: they may be shuffled since).
    claimed: Vec<(Claimed, Vec<Ciphertext>)>,
    /// What the rules owe now, as the public events make it due (see [`Tracker::note`]):
    /// a seat answers `Lose` or `Show` only when it is its turn to, so a host that asks
    /// a page for a card out of turn is not answered.
    owed: Owed,
    /// A hash chain over every item of the stream taken, in order, and its value when the
    /// game ended (section 12): every page that took the same stream has the same.
    chain: [u8; 64],
    /// The page's last disclosure: the stream's length and its hash there.
    checkpoint: Option<(usize, [u8; 64])>,
    end: Option<[u8; 64]>,
    /// Seats whose signed view of the game's end is not this page's: the host sent them
    /// another stream (section 12).
    equivocated: Vec<Seat>,
}

/// What the end of a fair game shows, once every card is open (R11.3): what the host's
/// reveal tells at any other table, read by each page from the record itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndCards {
    /// Each seat's two cards as dealt (after the draft, R2.5), seat 0 first; empty when
    /// the game ended before its first turn.
    pub dealt: Vec<[Card; 2]>,
    /// Each seat's two cards at the end, in the engine's slot order, seat 0 first.
    pub hands: Vec<[Card; 2]>,
    /// For each claim of the record, in order: whether the claimant held the character
    /// (for "no Duke": held no Duke) when the claim came into play.
    pub claims: Vec<bool>,
}

/// The losses and the Examine the public events make due: the rules' own order (R6.2,
/// R6.3, R4 Coup and Assassinate, R7.2), followed from the spectator's events alone.
#[derive(Clone, Debug, Default)]
struct Owed {
    /// The seats that lose an influence, in the order the rules take them (R9.1): the
    /// first answers `Lose` now.
    losses: Vec<Seat>,
    /// The turn's action (an Assassination's loss comes once its block window closed).
    action: Option<crate::engine::Action>,
    /// The window opened last.
    window: Option<crate::engine::WindowKind>,
    /// The open challenge's challenger: it loses if the claim is proven (R6.2).
    challenger: Option<Seat>,
    /// R7.2: the Examine's claim stood, so its target shows a card once the losses
    /// before are taken.
    examine: bool,
    /// R4.2: the Exchange's claim stood (unchallenged, or proven), so its cards are drawn.
    exchange: bool,
}

impl Tracker {
    /// The table at the start of a game of `players` under `options` (R2.1, or R2.5).
    pub fn new(table: [u8; 32], game: u32, players: usize, options: Options) -> Option<Tracker> {
        let deck = fair_deck(players, options);
        let (t, hands) = if options.two_player_draft {
            (FairTable::draft(table, game, &deck)?, vec![Vec::new(); 2])
        } else {
            let hands = (0..players as u8)
                .map(|p| vec![(2 * p, false), (2 * p + 1, false)])
                .collect();
            (FairTable::deal(table, game, players, &deck)?, hands)
        };
        Some(Tracker {
            table: t,
            options,
            hands,
            vacant: vec![Vec::new(); players],
            returning: Vec::new(),
            exchange: None,
            kept: false,
            challenge: None,
            answered: None,
            examine: None,
            examined: None,
            losing: Vec::new(),
            picks: [None; 2],
            picked: [false; 2],
            denials: Vec::new(),
            answers: 0,
            id: table,
            game,
            stream: Vec::new(),
            replayed: OnceLock::new(),
            dealt: Vec::new(),
            claimed: Vec::new(),
            owed: Owed::default(),
            chain: [0; 64],
            checkpoint: None,
            end: None,
            equivocated: Vec::new(),
        })
    }

    pub fn table(&self) -> &FairTable {
        &self.table
    }

    /// The game's options (R1.2–R1.4).
    pub fn options(&self) -> Options {
        self.options
    }

    /// The seat's hand in slot order: (position, face up).
    pub fn hand(&self, seat: Seat) -> &[(u8, bool)] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// The seat's hidden positions in slot order.
    pub fn hidden(&self, seat: Seat) -> Vec<u8> {
        self.hand(seat)
            .iter()
            .filter(|(_, up)| !up)
            .map(|(p, _)| *p)
            .collect()
    }

    /// The positions the exchanging seat chooses from (its hidden cards and those drawn),
    /// once they are all drawn.
    pub fn exchange_pool(&self, seat: Seat) -> Option<Vec<u8>> {
        let (s, drawn) = self.exchange.as_ref()?;
        (*s == seat && drawn.len() == self.exchange_count()).then(|| {
            let mut pool = self.hidden(seat);
            pool.extend(drawn);
            pool
        })
    }

    fn exchange_count(&self) -> usize {
        if self.options.inquisitor { 1 } else { 2 }
    }

    fn slot(&self, seat: Seat, position: u8) -> Option<usize> {
        self.hand(seat)
            .iter()
            .position(|&(p, up)| p == position && !up)
    }

    /// Takes one item of the public stream.
    pub fn take(&mut self, item: &Public) -> Result<(), FairError> {
        let chain = chain_item(&self.chain, item);
        // A stream that differs from the one this page disclosed on, at the same place.
        if let Some((n, hash)) = &self.checkpoint
            && *n == self.stream.len() + 1
            && chain != *hash
        {
            return Err(FairError::TwoGames(*n));
        }
        self.follow(item)?;
        self.chain = chain;
        if matches!(item, Public::Event(Event::GameOver { .. })) {
            self.end.get_or_insert(self.chain);
        }
        // Section 12: a seat's view of the end that is not this page's.
        if let Public::Record(r) = item
            && let super::ledger::Msg::View { hash, .. } = &r.msg
            && self.end != Some(*hash)
        {
            self.equivocated.push(r.seat);
        }
        self.stream.push(Arc::new(item.clone()));
        Ok(())
    }

    /// The "cannot prove" answers and concessions taken so far: what the end audit
    /// checks once the cards open.
    pub fn unchecked_answers(&self) -> usize {
        self.denials.len()
    }

    /// Whether `items`, taken next, would reach the page's last disclosure with the same
    /// hash: else `Err` with the index among `items` of the one that reaches it, and
    /// `TwoGames`. Read before any of them is taken, so a stream that differs anywhere
    /// before that point is refused as the other game it is, whatever else in it would
    /// not check.
    pub fn check_ahead(&self, items: &[&Public]) -> Result<(), (usize, FairError)> {
        let Some((n, hash)) = &self.checkpoint else {
            return Ok(());
        };
        let mut chain = self.chain;
        for (k, item) in items.iter().enumerate() {
            let at = self.stream.len() + k + 1;
            if at > *n {
                break;
            }
            chain = chain_item(&chain, item);
            if at == *n && chain != *hash {
                return Err((k, FairError::TwoGames(*n)));
            }
        }
        Ok(())
    }

    /// Where the stream taken is: its length and its hash chain there. A page keeps the
    /// point of its last disclosure ([`Tracker::set_checkpoint`]).
    pub fn point(&self) -> (usize, [u8; 64]) {
        (self.stream.len(), self.chain)
    }

    /// The point of the page's last disclosure, kept across a reload: a stream that does
    /// not reach it with the same hash is refused (`TwoGames`).
    pub fn set_checkpoint(&mut self, point: Option<(usize, [u8; 64])>) {
        self.checkpoint = point;
    }

    /// Whether the stream taken has reached the page's last disclosure: before, the page
    /// discloses nothing (what is due again was disclosed already, at the same place).
    pub fn reached_checkpoint(&self) -> bool {
        self.checkpoint.is_none_or(|(n, _)| self.stream.len() >= n)
    }

    /// The length of the stream at the page's last disclosure, while the stream taken has
    /// not reached it: a game that ends before it never will (another game, `TwoGames`).
    pub fn unreached(&self) -> Option<usize> {
        self.checkpoint
            .filter(|(n, _)| self.stream.len() < *n)
            .map(|(n, _)| n)
    }

    /// The hash of the whole stream taken up to the game's end (its `GameOver` event,
    /// before any view or secret): what the seat signs in its view (section 12). `None`
    /// before the end.
    pub fn end_hash(&self) -> Option<[u8; 64]> {
        self.end
    }

    fn follow(&mut self, item: &Public) -> Result<(), FairError> {
        match item {
            Public::Record(r) => self.table.apply(r).map_err(FairError::Record),
            Public::Answer(signed) => self.signed_answer(signed),
            Public::Event(e) => {
                self.event(e)?;
                self.note(e);
                Ok(())
            }
            // The referee says so only when the game can go on without the seat; a page
            // whose table disagrees waits for releases nobody owes, and the host ends it.
            Public::Left(seat) => {
                self.table.leave(*seat);
                if self.table.ledger().is_gone(*seat) {
                    self.answered = self.answered.take().map(|a| self.unshown(*seat, a));
                }
                Ok(())
            }
            // The referee checks a decision's signature against where it was put.
            Public::Decision(_) => Ok(()),
        }
    }

    /// A departed seat's answer to a challenge whose card it had not shown yet when it
    /// left: it opens to nobody now (section 6), so the answer stands as the card-blind
    /// one, "cannot prove" (R6.3) or a concession (R8.4). Any other answer stands.
    fn unshown(&self, seat: Seat, answer: CardAnswer) -> CardAnswer {
        let l = self.table.ledger();
        let closed = |p: u8| l.open_public(p).is_none();
        let theirs = self.challenge.is_some_and(|(s, _)| s == seat);
        match answer {
            CardAnswer::Prove(p) if theirs && closed(p) => CardAnswer::CannotProve,
            CardAnswer::ShowHand if theirs && self.hidden(seat).into_iter().any(closed) => {
                CardAnswer::Concede
            }
            other => other,
        }
    }

    /// Signs `answer` for `seat` with its secret, as the next answer of the game.
    pub fn sign_answer<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        answer: CardAnswer,
        secret: &Secret,
        rng: &mut R,
    ) -> SignedAnswer {
        let ctx = self.table.ledger().context(seat, self.table.round());
        let message = answer_message(self.answers, &answer);
        SignedAnswer {
            seat,
            signature: Some(KeyProof::sign(&ctx, secret.scalar(), &message, rng)),
            answer,
        }
    }

    /// Whether `signed` is signed by its seat's key, as the game's next answer, or is a
    /// departed seat's (unsigned: whether it is the one the rules make, the replica
    /// checks): else a forgery (`Forged`).
    fn check_signature(&self, signed: &SignedAnswer) -> Result<(), FairError> {
        let seat = signed.seat;
        let ledger = self.table.ledger();
        let Some(signature) = &signed.signature else {
            return if ledger.is_gone(seat) {
                Ok(())
            } else {
                Err(FairError::Forged(seat))
            };
        };
        let key = ledger.key(seat).ok_or(FairError::Forged(seat))?;
        let ctx = ledger.context(seat, self.table.round());
        let message = answer_message(self.answers, &signed.answer);
        if !signature.verify_signed(&ctx, &key, &message) {
            return Err(FairError::Forged(seat));
        }
        Ok(())
    }

    /// Checks the seat's signature, then takes the answer. A forged answer (not signed by
    /// the seat's key, made for another round, or taken once already) changes nothing.
    fn signed_answer(&mut self, signed: &SignedAnswer) -> Result<(), FairError> {
        self.check_signature(signed)?;
        let seat = signed.seat;
        let mut next = self.clone();
        next.answer(seat, &signed.answer)?;
        next.answers += 1;
        *self = next;
        Ok(())
    }

    fn answer(&mut self, seat: Seat, a: &CardAnswer) -> Result<(), FairError> {
        let bad = Err(FairError::BadAnswer(seat));
        let challenged = |claim_ok: fn(Claimed) -> bool| {
            self.answered.is_none()
                && self
                    .challenge
                    .is_some_and(|(s, c)| s == seat && claim_ok(c))
        };
        match a {
            CardAnswer::Prove(p) => {
                if !challenged(|c| matches!(c, Claimed::Card(_))) || self.slot(seat, *p).is_none() {
                    return bad;
                }
                self.table.reveal(*p, false);
            }
            CardAnswer::ShowHand => {
                if !challenged(|c| c == Claimed::NotDuke) {
                    return bad;
                }
                for p in self.hidden(seat) {
                    self.table.reveal(p, false);
                }
            }
            CardAnswer::CannotProve | CardAnswer::Concede => {
                let want_card = *a == CardAnswer::CannotProve;
                if !challenged(if want_card {
                    |c| matches!(c, Claimed::Card(_))
                } else {
                    |c| c == Claimed::NotDuke
                }) {
                    return bad;
                }
                // A departed seat's answer is the rules' card-blind one (section 6), no
                // word about its cards: nothing to check.
                if !self.table.ledger().is_gone(seat) {
                    let held = self
                        .hidden(seat)
                        .iter()
                        .map(|&p| self.table.ledger().deck()[usize::from(p)])
                        .collect();
                    let claim = self.challenge.map_or(Claimed::NotDuke, |(_, c)| c);
                    self.denials.push(Denial { seat, claim, held });
                }
            }
            CardAnswer::Lose(p) => {
                // Only the seat the rules take an influence from now (R9.1): any other
                // seat's card would turn face up for nothing.
                if self.owed.losses.first() != Some(&seat)
                    || self.slot(seat, *p).is_none()
                    || self.losing.iter().any(|(_, q)| q == p)
                {
                    return bad;
                }
                self.owed.losses.remove(0);
                self.table.reveal(*p, true);
                self.losing.push((seat, *p));
                return Ok(());
            }
            CardAnswer::Show(p) => {
                let Some((examiner, target)) = self.examine else {
                    return bad;
                };
                // R7.2: only once the Examine's claim stood and the losses before it are
                // taken; else the Inquisitor would read a card the rules never show it.
                let settled =
                    self.owed.examine && self.owed.losses.is_empty() && self.losing.is_empty();
                if target != seat
                    || !settled
                    || self.examined.is_some()
                    || self.slot(seat, *p).is_none()
                {
                    return bad;
                }
                self.table.examine(*p, examiner);
                self.examined = Some(*p);
                return Ok(());
            }
            CardAnswer::Keep(kept) => {
                let Some(pool) = self.exchange_pool(seat) else {
                    return bad;
                };
                let hidden: Vec<usize> = (0..self.hand(seat).len())
                    .filter(|&i| !self.hands[seat.index()][i].1)
                    .collect();
                let mut distinct = kept.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if self.kept
                    || distinct.len() != kept.len()
                    || kept.len() != hidden.len()
                    || kept.iter().any(|p| !pool.contains(p))
                {
                    return bad;
                }
                for (&slot, &p) in hidden.iter().zip(kept) {
                    self.hands[seat.index()][slot] = (p, false);
                }
                self.returning
                    .extend(pool.into_iter().filter(|p| !kept.contains(p)));
                self.kept = true;
                return Ok(());
            }
            CardAnswer::Pick(p) => {
                let s = seat.index();
                if s > 1 || self.picks[s].is_some() || !self.table.pick(seat, *p) {
                    return bad;
                }
                self.picks[s] = Some(*p);
                return Ok(());
            }
        }
        self.answered = Some(a.clone());
        Ok(())
    }

    fn event(&mut self, e: &Event) -> Result<(), FairError> {
        let stream = Err(FairError::Stream);
        // Cards in a public event are public cards only.
        let public_kind = |t: &Tracker, p: u8| t.table.ledger().open_public(p);
        match *e {
            Event::Declared { seat, action, .. } => {
                if self.dealt.is_empty() {
                    self.dealt = Seat::all(self.hands.len())
                        .map(|s| self.hidden_cts(s))
                        .collect();
                }
                if let Some(claim) = action.claim(self.options) {
                    self.claimed.push((claim, self.hidden_cts(seat)));
                }
                self.examine = match action {
                    crate::engine::Action::Examine(t) => Some((seat, t)),
                    _ => None,
                };
                self.examined = None;
                if action == crate::engine::Action::Exchange {
                    self.exchange = Some((seat, Vec::new()));
                    self.kept = false;
                }
            }
            Event::Challenged {
                claimant, claim, ..
            } => {
                self.challenge = Some((claimant, claim));
                self.answered = None;
            }
            Event::Proved { seat, card } => {
                let (Some(CardAnswer::Prove(p)), Some((s, Claimed::Card(c)))) =
                    (&self.answered, self.challenge)
                else {
                    return stream;
                };
                let p = *p;
                if s != seat || c != card || public_kind(self, p) != Some(card.index() as u8) {
                    return stream;
                }
                let slot = self.slot(s, p).ok_or(FairError::Stream)?;
                self.vacant[s.index()].push(slot);
                self.returning.push(p);
                self.challenge = None;
            }
            Event::ShowedHand { seat, cards } => {
                if self.answered != Some(CardAnswer::ShowHand)
                    || self.challenge.map(|(s, _)| s) != Some(seat)
                {
                    return stream;
                }
                let s = seat;
                for slot in 0..self.hand(s).len() {
                    let (p, up) = self.hands[s.index()][slot];
                    if up {
                        continue;
                    }
                    let kind = public_kind(self, p);
                    if cards.get(slot).copied().flatten().map(|c| c.index() as u8) != kind {
                        return stream;
                    }
                    self.vacant[s.index()].push(slot);
                    self.returning.push(p);
                }
                self.challenge = None;
            }
            Event::Disproved { seat, .. } => {
                if self.challenge.map(|(s, _)| s) == Some(seat)
                    && !matches!(
                        self.answered,
                        Some(CardAnswer::CannotProve | CardAnswer::Concede)
                    )
                {
                    return stream;
                }
                self.challenge = None;
            }
            Event::Drew { seat, card } => {
                if card.is_some() {
                    return stream;
                }
                let s = seat;
                let drawn = self.table.draw(s, 1).ok_or(FairError::Stream)?[0];
                let vacant = &mut self.vacant[s.index()];
                if vacant.is_empty() {
                    let count = self.exchange_count();
                    // R4.2, R5.1: an Exchange draws once its claim stands, never while
                    // it may still be challenged.
                    if !self.owed.exchange {
                        return stream;
                    }
                    let Some((x, pool)) = &mut self.exchange else {
                        return stream;
                    };
                    if *x != s || pool.len() >= count {
                        return stream;
                    }
                    pool.push(drawn);
                    if pool.len() == count {
                        // R4.2: the hand mix, before the seat chooses.
                        self.table.mix_hand(s);
                    }
                } else {
                    let slot = vacant.remove(0);
                    self.hands[s.index()][slot] = (drawn, false);
                }
            }
            Event::CourtShuffled => {
                for p in std::mem::take(&mut self.returning) {
                    if !self.table.to_court(p) {
                        return stream;
                    }
                }
                self.table.reshuffle();
            }
            // A departed seat loses face down (section 6): the card its card-blind answer
            // named, or, put out between turns, its hidden cards in slot order. Nothing
            // opens.
            Event::LostFaceDown { seat } => {
                let s = seat;
                if !self.table.ledger().is_gone(s) {
                    return stream;
                }
                let slot = match self.losing.iter().position(|(x, _)| *x == s) {
                    Some(i) => {
                        let (_, p) = self.losing.remove(i);
                        self.slot(s, p).ok_or(FairError::Stream)?
                    }
                    None => {
                        let slot = (0..self.hand(s).len())
                            .find(|&i| !self.hands[s.index()][i].1)
                            .ok_or(FairError::Stream)?;
                        if !self.table.forfeit_card(self.hands[s.index()][slot].0) {
                            return stream;
                        }
                        slot
                    }
                };
                self.hands[s.index()][slot].1 = true;
            }
            Event::LostInfluence { seat, .. } if self.table.ledger().is_gone(seat) => {
                return stream;
            }
            Event::LostInfluence { seat, card } => {
                let i = self
                    .losing
                    .iter()
                    .position(|(s, _)| *s == seat)
                    .ok_or(FairError::Stream)?;
                let (s, p) = self.losing.remove(i);
                if public_kind(self, p) != Some(card.index() as u8) {
                    return stream;
                }
                let slot = self.slot(s, p).ok_or(FairError::Stream)?;
                self.hands[s.index()][slot].1 = true;
            }
            Event::Shown {
                seat,
                examiner,
                card,
            } if card.is_some()
                || self.examine != Some((examiner, seat))
                || self.examined.is_none() =>
            {
                return stream;
            }
            Event::ForcedExchange { target, card, .. } => {
                let Some(p) = self.examined else {
                    return stream;
                };
                let slot = self.slot(target, p).ok_or(FairError::Stream)?;
                if card.is_some() {
                    return stream;
                }
                self.vacant[target.index()].push(slot);
                self.returning.push(p);
                self.examine = None;
            }
            Event::GaveBack { .. } => self.examine = None,
            Event::Exchanged { seat, returned } => {
                if !self.kept
                    || returned != [None, None]
                    || self.exchange.as_ref().map(|(s, _)| *s) != Some(seat)
                {
                    return stream;
                }
                self.exchange = None;
            }
            Event::DraftPicked { seat, card } => {
                let s = seat.index();
                if card.is_some() || s > 1 || self.picks[s].is_none() || self.picked[s] {
                    return stream;
                }
                self.picked[s] = true;
            }
            Event::DraftDealt { seat, card } => {
                let s = seat.index();
                let Some(pick) = self.picks.get(s).copied().flatten() else {
                    return stream;
                };
                if card.is_some() || !self.hands[s].is_empty() {
                    return stream;
                }
                // The third set's first two positions are the cards dealt (R2.5).
                self.hands[s] = vec![(pick, false), (10 + seat.0, false)];
            }
            Event::Answered {
                answer: Some(_), ..
            } => return stream,
            // R5.4: a block is a claim, in the record as it comes into play.
            Event::BlockDeclared { seat, card } => {
                self.claimed
                    .push((Claimed::Card(card), self.hidden_cts(seat)));
            }
            Event::GameOver { .. } => self.table.finish(),
            _ => {}
        }
        Ok(())
    }

    /// The seat's hidden cards as ciphertexts now: what they are stays readable at the
    /// end, wherever the shuffles take their positions.
    fn hidden_cts(&self, seat: Seat) -> Vec<Ciphertext> {
        let deck = self.table.ledger().deck();
        self.hidden(seat)
            .iter()
            .filter_map(|&p| deck.get(usize::from(p)).copied())
            .collect()
    }

    /// R11.3 in a fair game: every hand as dealt and at the end, and the truth of every
    /// claim, read from the record once every secret is in; `None` before (a card still
    /// closed), so nothing hidden is ever read from it during the game.
    pub fn end_cards(&self) -> Option<EndCards> {
        let l = self.table.ledger();
        let card = |kind: u8| Card::ALL.get(usize::from(kind)).copied();
        let open = |ct: &Ciphertext| l.open_any(ct).and_then(card);
        let two = |cards: Vec<Card>| <[Card; 2]>::try_from(cards).ok();
        let dealt = self
            .dealt
            .iter()
            .map(|cts| two(cts.iter().map(open).collect::<Option<Vec<_>>>()?))
            .collect::<Option<Vec<_>>>()?;
        let deck = l.deck();
        let hands = self
            .hands
            .iter()
            .map(|h| {
                let cards = h
                    .iter()
                    .map(|&(p, _)| open(deck.get(usize::from(p))?))
                    .collect::<Option<Vec<_>>>()?;
                two(cards)
            })
            .collect::<Option<Vec<_>>>()?;
        let claims = self
            .claimed
            .iter()
            .map(|(claim, cts)| {
                let held = cts.iter().map(open).collect::<Option<Vec<_>>>()?;
                Some(match claim {
                    Claimed::Card(c) => held.contains(c),
                    Claimed::NotDuke => !held.contains(&Card::Duke),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(EndCards {
            dealt,
            hands,
            claims,
        })
    }

    /// The end-of-game audit (section 9), once every secret is in: every position opens,
    /// the cards are the deck, and every "cannot prove" and concession was true.
    pub fn audit(&self, players: usize) -> Vec<AuditFault> {
        let mut faults = Vec::new();
        let l = self.table.ledger();
        // A sealed game (a seat left holding hidden cards) opens no card: every event was
        // checked as it came, and the views and the replay are what is left to check.
        if self.table.sealed() {
            for &seat in &self.equivocated {
                faults.push(AuditFault::Equivocation { seat });
            }
            if faults.is_empty()
                && let Err(event) = self.replay(players)
            {
                faults.push(AuditFault::Referee { event });
            }
            return faults;
        }
        let mut all = Vec::new();
        for p in 0..l.deck().len() as u8 {
            match l.open_public(p) {
                Some(k) => all.push(k),
                None => faults.push(AuditFault::Closed(p)),
            }
        }
        all.sort_unstable();
        let mut deck = fair_deck(players, self.options);
        deck.sort_unstable();
        if faults.is_empty() && all != deck {
            faults.push(AuditFault::WrongDeck);
        }
        // Section 12: another view of the game names the host, which relayed both.
        for &seat in &self.equivocated {
            faults.push(AuditFault::Equivocation { seat });
        }
        if faults.is_empty()
            && let Err(event) = self.replay(players)
        {
            faults.push(AuditFault::Referee { event });
        }
        for d in &self.denials {
            let kinds: Option<Vec<u8>> = d.held.iter().map(|ct| l.open_any(ct)).collect();
            let Some(kinds) = kinds else {
                faults.push(AuditFault::Closed(u8::MAX));
                continue;
            };
            match d.claim {
                Claimed::Card(c) if kinds.contains(&(c.index() as u8)) => {
                    faults.push(AuditFault::FalseDenial {
                        seat: d.seat,
                        claim: d.claim,
                    })
                }
                Claimed::NotDuke if !kinds.contains(&(Card::Duke.index() as u8)) => {
                    faults.push(AuditFault::FalseConcession { seat: d.seat })
                }
                _ => {}
            }
        }
        faults
    }
}

impl Tracker {
    /// Follows what the rules owe from each public event: who loses an influence and
    /// when, and when an Examine's target shows a card. The engine takes an influence
    /// from the challenger of a proven claim (R6.2), from a claimant disproven (R6.3;
    /// after a disproven block of an Assassination, the target once more for the action,
    /// R4), from a Coup's target (R4) and from an Assassination's target once its block
    /// window closed with no block. A window's answers are sealed (R5), so that close is
    /// read from the events: the target's answer in the block window, then no block.
    fn note(&mut self, e: &Event) {
        use crate::engine::{Action, WindowKind};
        let o = &mut self.owed;
        match *e {
            Event::Declared { action, .. } => {
                *o = Owed {
                    action: Some(action),
                    ..Owed::default()
                };
                if let Action::Coup(t) = action {
                    o.losses.push(t);
                }
            }
            Event::WindowOpened { kind } => o.window = Some(kind),
            Event::Challenged { challenger, .. } => o.challenger = Some(challenger),
            Event::Proved { seat, .. } | Event::ShowedHand { seat, .. } => {
                o.losses.extend(o.challenger.take());
                if self.examine.is_some_and(|(x, _)| x == seat) {
                    o.examine = true;
                }
                if self.exchange.as_ref().is_some_and(|(x, _)| *x == seat) {
                    o.exchange = true;
                }
            }
            Event::Disproved { seat, .. } => {
                o.challenger = None;
                o.losses.push(seat);
                if o.window == Some(WindowKind::BlockChallenge)
                    && let Some(Action::Assassinate(t)) = o.action
                {
                    o.losses.push(t);
                }
            }
            Event::Unchallenged { claimant }
                if self.examine.is_some_and(|(x, _)| x == claimant) =>
            {
                o.examine = true;
            }
            Event::Unchallenged { claimant }
                if self.exchange.as_ref().is_some_and(|(x, _)| *x == claimant) =>
            {
                o.exchange = true;
            }
            Event::Answered { seat, .. }
                if o.window == Some(WindowKind::Block)
                    && o.action == Some(Action::Assassinate(seat)) =>
            {
                o.losses.push(seat);
            }
            Event::BlockDeclared { seat, .. }
                if o.window == Some(WindowKind::Block)
                    && o.action == Some(Action::Assassinate(seat))
                    && o.losses.last() == Some(&seat) =>
            {
                o.losses.pop();
            }
            Event::TurnStarted { .. } | Event::GameOver { .. } => *o = Owed::default(),
            _ => {}
        }
    }
}

/// What the held input still needs, and what it has.
#[derive(Clone, Debug)]
struct Held {
    seat: Seat,
    /// The engine input, or `None` when the input is the first answer's.
    input: Option<Input>,
    /// The answers taken for it, in the order the events use them, with the hand slot
    /// each names (as the tracker saw it when the answer came) and the claim answered.
    facts: Vec<Fact>,
    /// The events already relayed.
    fed: usize,
    seed: u64,
}

#[derive(Clone, Debug)]
struct Fact {
    seat: Seat,
    answer: CardAnswer,
    /// The hidden slots of the seat, when the answer came: (slot, position).
    hidden: Vec<(usize, u8)>,
    claim: Option<Claimed>,
    /// The cards it revealed (R8.4, R9.1), read once their records are in: a shown hand
    /// goes back to the Court and is shuffled, so it is read before.
    shown: Option<Vec<(u8, Card)>>,
}

/// The referee of a fair game: no secret, no hidden card.
#[derive(Clone, Debug)]
pub struct FairReferee {
    game: Game,
    tracker: Tracker,
    held: Option<Held>,
    asked: Option<(Seat, Question)>,
    out: Vec<Public>,
    inputs: u64,
    seed: u64,
    /// The decision pending, and the point of the stream (its hash chain) where it was put:
    /// every seat's signed decision binds it.
    key: Option<DecisionKey>,
    opened: [u8; 64],
    /// A window's decisions, sealed until it closes (R5): relayed then, before what the
    /// close makes.
    sealed: Vec<Decision>,
    /// Seats that left while a window's decisions were sealed: their departure is relayed
    /// once it closes, so that every page applies the window's answers first.
    leaving: Vec<Seat>,
}

impl FairReferee {
    /// A new fair game. The stand-ins of the deal come from `seed`: public randomness,
    /// nothing of any card; so does the starting player (R2.4) unless `first` names it.
    pub fn new(
        table: [u8; 32],
        game_no: u32,
        players: usize,
        options: Options,
        first: Option<Seat>,
        seed: u64,
    ) -> Result<FairReferee, SetupError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = Game::deal(players, options, first, &mut rng)?;
        let tracker = Tracker::new(table, game_no, players, options)
            .ok_or(SetupError::PlayerCount(players))?;
        Ok(FairReferee {
            game,
            tracker,
            held: None,
            asked: None,
            out: Vec::new(),
            inputs: 0,
            seed,
            key: None,
            opened: [0; 64],
            sealed: Vec::new(),
            leaving: Vec::new(),
        })
    }

    /// The game with stand-ins: its public parts (coins, face-up cards, whose turn, the
    /// pending decision) are the game's; its hidden cards mean nothing.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    pub(crate) fn tracker_mut(&mut self) -> &mut Tracker {
        &mut self.tracker
    }

    /// The starting seat (R2.4), when a page's replica learns it from the host's log:
    /// only before the game's first decision.
    pub fn set_first(&mut self, first: Seat) -> Result<(), FairError> {
        if self.inputs != 0 || self.held.is_some() || first.index() >= self.game.players() {
            return Err(FairError::Stream);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        self.game = Game::deal(
            self.game.players(),
            self.game.options(),
            Some(first),
            &mut rng,
        )
        .map_err(|_| FairError::Stream)?;
        Ok(())
    }

    /// The game itself, for a test's referee that breaks a rule the way a host's page
    /// could: every page's end audit must name it.
    #[cfg(test)]
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    pub fn table(&self) -> &FairTable {
        &self.tracker.table
    }

    /// A referee for the end audit's replay (section 9, step 3): fed only the stream a
    /// page's tracker took, whose records that page's ledger checked already.
    pub(crate) fn take_checked(&mut self) {
        self.tracker.table.take_checked();
    }

    /// The items to relay since the last call, in order.
    pub fn take_public(&mut self) -> Vec<Public> {
        std::mem::take(&mut self.out)
    }

    fn emit(&mut self, item: Public) -> Result<(), FairError> {
        self.tracker.take(&item)?;
        // A departure changes the table: the decision pending is put again after it (and
        // after the records it calls for), and a decision signed before binds the old
        // point, so it is refused and the page signs again. A replica that ran on to the
        // decision before it took the departure notes it again the same way.
        if let Public::Left(seat) = item {
            self.key = None;
            // Section 6: its cards leave the game face down, opened to nobody, and an
            // answer of its that was still to show a card stands as the card-blind one.
            if self.tracker.table.ledger().is_gone(seat) {
                self.game.lose_face_down(seat);
                if let Some(held) = self.held.as_mut() {
                    for f in held.facts.iter_mut().filter(|f| f.seat == seat) {
                        let card_blind = match f.answer {
                            CardAnswer::Prove(_) => CardAnswer::CannotProve,
                            CardAnswer::ShowHand => CardAnswer::Concede,
                            _ => continue,
                        };
                        // Its shown cards were read already: a card shown stands.
                        if f.shown.is_none()
                            && self.tracker.unshown(seat, f.answer.clone()) == card_blind
                        {
                            f.answer = card_blind;
                        }
                    }
                }
            }
        }
        self.out.push(item);
        Ok(())
    }

    /// Whether `seat`'s pending decision reads its own cards, so its page sends an
    /// [`CardAnswer`] rather than an [`Input`].
    pub fn wants_answer(&self, seat: Seat) -> bool {
        self.game.owes(seat)
            && matches!(
                self.game.pending(),
                Pending::LoseInfluence { .. }
                    | Pending::ExamineShow { .. }
                    | Pending::Exchange { .. }
                    | Pending::Draft { .. }
            )
    }

    /// The inputs `seat` may send now, when they read no card (an action, a window's
    /// answer, an allegiance, the examiner's choice): the same for every assignment of
    /// the hidden cards, so the stand-ins do not show through.
    pub fn inputs(&self, seat: Seat) -> Vec<Input> {
        let mut out = Vec::new();
        if !self.wants_answer(seat) {
            self.game.legal_inputs(seat, &mut out);
        }
        out
    }

    /// Whether the game can go on without `seat` (section 6; [`FairTable::can_leave`]).
    pub fn can_leave(&self, seat: Seat) -> bool {
        self.tracker.table.can_leave(seat)
    }

    /// `seat` left for good (section 6): the others take its escrowed stake into theirs
    /// and open its hidden cards to all, then what it owes is given from its public cards
    /// (its answers made by the rules, unsigned; its decisions by the host's card-blind
    /// default) until the next turn starts, when its hidden cards turn face up and it is
    /// out (R9.1, R9.2).
    pub fn leave(&mut self, seat: Seat) -> Result<(), FairError> {
        if !self.can_leave(seat) || self.leaving.contains(&seat) {
            return Err(FairError::Stream);
        }
        // A window's answers given so far are sealed, and a page applies them before
        // anything after them: the departure waits for the window to close (its own answer
        // there, if it owes one, is its default when its time runs out).
        if !self.sealed.is_empty() {
            self.leaving.push(seat);
            return Ok(());
        }
        self.emit(Public::Left(seat))
    }

    /// A seat's record.
    pub fn record(&mut self, record: &Record) -> Result<(), FairError> {
        self.emit(Public::Record(Box::new(record.clone())))
    }

    /// Where the decision pending was put: the point noted for it, or here if it is new.
    fn opened_now(&self) -> [u8; 64] {
        if self.key == Some(DecisionKey::of(self.game.pending())) {
            self.opened
        } else {
            self.tracker.chain
        }
    }

    /// Notes where the decision pending was put, when it is a new one.
    fn note_decision(&mut self) {
        self.opened = self.opened_now();
        self.key = Some(DecisionKey::of(self.game.pending()));
    }

    /// The point of the stream where the decision pending was put: what a seat's signed
    /// decision binds.
    pub fn opened(&self) -> [u8; 64] {
        self.opened
    }

    /// What the host gives for `seat` when its time runs out or it is gone: its
    /// card-blind default ([`card_blind`]), if it owes a decision that reads no card.
    pub fn default_input(&self, seat: Seat) -> Option<Input> {
        card_blind(seat, self.game.players(), &self.inputs(seat))
    }

    /// `input` for `seat`, signed with its secret for the decision pending.
    pub fn sign_decision<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        input: Input,
        secret: &Secret,
        rng: &mut R,
    ) -> Decision {
        let ctx = self
            .tracker
            .table
            .ledger()
            .context(seat, self.tracker.table.round());
        let message = decision_message(&self.opened_now(), &input);
        Decision {
            seat,
            input,
            signature: Some(KeyProof::sign(&ctx, secret.scalar(), &message, rng)),
        }
    }

    /// A decision that reads no card: signed by its seat for the decision pending, or
    /// unsigned and the seat's card-blind default (the host's word, section 6).
    pub fn decide(&mut self, decision: Decision) -> Result<(), FairError> {
        let Decision { seat, input, .. } = decision;
        if !self.tracker.table.is_settled() || self.held.is_some() {
            return Err(FairError::Unsettled);
        }
        if matches!(
            input,
            Input::Lose(_) | Input::Show(_) | Input::Keep(_) | Input::Draft(_)
        ) {
            return Err(FairError::CardInput(seat));
        }
        self.note_decision();
        let ledger = self.tracker.table.ledger();
        let signed = match &decision.signature {
            Some(sig) => ledger.key(seat).is_some_and(|key| {
                let ctx = ledger.context(seat, self.tracker.table.round());
                sig.verify_signed(&ctx, &key, &decision_message(&self.opened, &input))
            }),
            None => self.default_input(seat) == Some(input),
        };
        if !signed {
            return Err(FairError::BadDecision(seat));
        }
        self.game
            .check(seat, input)
            .map_err(|e| FairError::Input(seat, e))?;
        if matches!(self.game.pending(), Pending::Respond { .. }) {
            self.sealed.push(decision);
        } else {
            self.emit(Public::Decision(decision))?;
        }
        self.hold(seat, Some(input));
        Ok(())
    }

    fn hold(&mut self, seat: Seat, input: Option<Input>) {
        self.inputs += 1;
        self.held = Some(Held {
            seat,
            input,
            facts: Vec::new(),
            fed: 0,
            seed: self.seed ^ self.inputs.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        });
    }

    /// An answer, signed by its seat: to the question asked, or the seat's pending
    /// decision. A departed seat's answers the referee makes itself.
    pub fn answer(&mut self, signed: SignedAnswer) -> Result<(), FairError> {
        if signed.signature.is_none() {
            return Err(FairError::Forged(signed.seat));
        }
        self.take_answer(signed)
    }

    fn take_answer(&mut self, signed: SignedAnswer) -> Result<(), FairError> {
        let seat = signed.seat;
        let answer = signed.answer.clone();
        if !self.tracker.table.is_settled() {
            return Err(FairError::Unsettled);
        }
        // A forgery is named as one, whatever else is wrong with it.
        self.tracker.check_signature(&signed)?;
        let bad = Err(FairError::BadAnswer(seat));
        let hidden = self.tracker.hidden(seat);
        let claim = match self.asked {
            Some((s, q)) => {
                let ok = s == seat
                    && match (q, &answer) {
                        (Question::Prove(Claimed::Card(_)), CardAnswer::Prove(_))
                        | (Question::Prove(Claimed::Card(_)), CardAnswer::CannotProve)
                        | (Question::Prove(Claimed::NotDuke), CardAnswer::ShowHand)
                        | (Question::Prove(Claimed::NotDuke), CardAnswer::Concede) => true,
                        (Question::Lose, CardAnswer::Lose(p))
                        | (Question::Show, CardAnswer::Show(p)) => hidden == [*p],
                        _ => false,
                    };
                if !ok {
                    return bad;
                }
                match q {
                    Question::Prove(c) => Some(c),
                    _ => None,
                }
            }
            None => {
                let fits = matches!(
                    (self.game.pending(), &answer),
                    (Pending::LoseInfluence { .. }, CardAnswer::Lose(_))
                        | (Pending::ExamineShow { .. }, CardAnswer::Show(_))
                        | (Pending::Exchange { .. }, CardAnswer::Keep(_))
                        | (Pending::Draft { .. }, CardAnswer::Pick(_))
                );
                if self.held.is_some() || !self.wants_answer(seat) || !fits {
                    return bad;
                }
                None
            }
        };
        let slots: Vec<(usize, u8)> = self
            .tracker
            .hand(seat)
            .iter()
            .enumerate()
            .filter(|(_, (_, up))| !up)
            .map(|(i, (p, _))| (i, *p))
            .collect();
        // The tracker checks the signature and the positions; only then is the answer
        // relayed.
        let mut check = self.tracker.clone();
        check.signed_answer(&signed)?;
        if self.asked.is_none() {
            self.hold(seat, None);
        }
        self.asked = None;
        self.emit(Public::Answer(signed))?;
        let held = self.held.as_mut().ok_or(FairError::Stream)?;
        held.facts.push(Fact {
            seat,
            answer,
            hidden: slots,
            claim,
            shown: None,
        });
        Ok(())
    }

    /// Runs the game on until it needs records, an answer or a decision.
    pub fn step(&mut self) -> Result<Step, FairError> {
        loop {
            // The records the events so far call for come before the next answer.
            if !self.tracker.table.is_settled() {
                if self.emit_leaving()? {
                    continue;
                }
                return Ok(Step::Records);
            }
            if let Some((seat, question)) = self.asked {
                if let Some(signed) = self.answer_for_gone(seat, Some(question)) {
                    self.take_answer(signed)?;
                    continue;
                }
                if self.emit_leaving()? {
                    continue;
                }
                return Ok(Step::Ask { seat, question });
            }
            self.read_shown()?;
            let Some(held) = self.held.clone() else {
                if self.game.is_over() {
                    if self.emit_leaving()? {
                        continue;
                    }
                    return Ok(Step::Over);
                }
                if self.forfeit_gone()? {
                    continue;
                }
                let owing = self.game.owing();
                let gone = Seat::all(self.game.players())
                    .find(|&s| owing.contains(s) && self.wants_answer(s))
                    .and_then(|s| self.answer_for_gone(s, None));
                if let Some(signed) = gone {
                    self.take_answer(signed)?;
                    continue;
                }
                if self.emit_leaving()? {
                    continue;
                }
                self.note_decision();
                return Ok(Step::Decide(owing));
            };
            let mut game = self.game.clone();
            self.patch(&mut game, &held)?;
            let input = match held.input {
                Some(i) => i,
                None => self.card_input(&game, &held)?,
            };
            let mut events = Vec::new();
            let mut rng = ChaCha8Rng::seed_from_u64(held.seed);
            let before = DecisionKey::of(game.pending());
            game.apply(held.seat, input, &mut rng, &mut events)
                .map_err(|e| FairError::Input(held.seat, e))?;
            // R5: a window's answers are relayed once it closes, right after the last
            // answer's own event and before what the close makes.
            let closed = matches!(before, DecisionKey::Window(..))
                && DecisionKey::of(game.pending()) != before;
            let mut used = 0;
            let mut stopped = false;
            for (i, e) in events.iter().enumerate() {
                if i == 1 && closed {
                    self.unseal()?;
                }
                if let Some((seat, question)) = FairReferee::needs(e) {
                    if used == held.facts.len() {
                        // The first event nothing answers yet: ask, then run again.
                        self.asked = Some((seat, question.ok_or(FairError::Stream)?));
                        stopped = true;
                        break;
                    }
                    used += 1;
                }
                if i < held.fed {
                    continue;
                }
                self.emit(Public::Event(e.for_viewer(None)))?;
                if let Some(h) = &mut self.held {
                    h.fed += 1;
                }
            }
            if closed {
                self.unseal()?;
            }
            if !stopped {
                self.game = game;
                self.held = None;
            }
        }
    }

    /// Relays the departures that waited for a window to close, once it has and the
    /// referee has run as far as it can: where a page's replica, run as far, takes them
    /// from the stream. Whether any was relayed.
    fn emit_leaving(&mut self) -> Result<bool, FairError> {
        if !self.sealed.is_empty() || self.leaving.is_empty() {
            return Ok(false);
        }
        let mut any = false;
        for seat in std::mem::take(&mut self.leaving) {
            if self.can_leave(seat) {
                self.emit(Public::Left(seat))?;
                any = true;
            }
        }
        Ok(any)
    }

    /// Relays a closed window's decisions, in the order they came.
    fn unseal(&mut self) -> Result<(), FairError> {
        for d in std::mem::take(&mut self.sealed) {
            self.emit(Public::Decision(d))?;
        }
        Ok(())
    }

    /// The answer a departed seat gives, unsigned and card-blind (its cards open to
    /// nobody, so every page's replica makes the same): it cannot prove a claim (R6.3) nor
    /// show a hand without a Duke (R8.4), it loses or shows its first hidden card face
    /// down, and keeps its own cards in an Exchange. `None` for a seat that is still here.
    fn answer_for_gone(&self, seat: Seat, question: Option<Question>) -> Option<SignedAnswer> {
        if !self.tracker.table.ledger().is_gone(seat) {
            return None;
        }
        let hidden = self.tracker.hidden(seat);
        let first = hidden.first().copied();
        let answer = match question {
            Some(Question::Prove(Claimed::Card(_))) => CardAnswer::CannotProve,
            Some(Question::Prove(Claimed::NotDuke)) => CardAnswer::Concede,
            Some(Question::Lose) => CardAnswer::Lose(first?),
            Some(Question::Show) => CardAnswer::Show(first?),
            None => match self.game.pending() {
                Pending::LoseInfluence { .. } => CardAnswer::Lose(first?),
                Pending::ExamineShow { .. } => CardAnswer::Show(first?),
                Pending::Exchange { .. } => {
                    let mut pool = self.tracker.exchange_pool(seat)?;
                    pool.truncate(hidden.len());
                    CardAnswer::Keep(pool)
                }
                _ => return None,
            },
        };
        Some(SignedAnswer {
            seat,
            answer,
            signature: None,
        })
    }

    /// At the start of a turn, a departed seat still in the game is put out: its hidden
    /// cards leave the game face down (R9.2; section 6), opened to nobody.
    fn forfeit_gone(&mut self) -> Result<bool, FairError> {
        if !matches!(self.game.pending(), Pending::Action { .. }) {
            return Ok(false);
        }
        let l = self.tracker.table.ledger();
        let Some(seat) =
            Seat::all(self.game.players()).find(|&s| l.is_gone(s) && self.game.alive(s))
        else {
            return Ok(false);
        };
        // The engine's own stand-ins: lost face down, they show nowhere.
        let cards: Vec<Card> = self.game.player(seat).hand.hidden().collect();
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if !game.forfeit(seat, &cards, &mut events) {
            return Ok(false);
        }
        for e in &events {
            self.emit(Public::Event(e.for_viewer(None)))?;
        }
        self.game = game;
        Ok(true)
    }

    /// Whether the event reads a hidden card: who answers it, and what (`None`: the
    /// answer that is the input itself). Read from the event alone, so a run again counts
    /// the same answers for the same events.
    fn needs(e: &Event) -> Option<(Seat, Option<Question>)> {
        match *e {
            Event::Proved { seat, card } => {
                Some((seat, Some(Question::Prove(Claimed::Card(card)))))
            }
            Event::ShowedHand { seat, .. } => Some((seat, Some(Question::Prove(Claimed::NotDuke)))),
            Event::Disproved { seat, claim } => Some((seat, Some(Question::Prove(claim)))),
            Event::LostInfluence { seat, .. } => Some((seat, Some(Question::Lose))),
            Event::Shown { seat, .. } => Some((seat, Some(Question::Show))),
            Event::Exchanged { seat, .. } | Event::DraftPicked { seat, .. } => Some((seat, None)),
            _ => None,
        }
    }

    /// The engine input of an answer to a pending decision, in the stand-ins' terms.
    fn card_input(&self, game: &Game, held: &Held) -> Result<Input, FairError> {
        let fact = held.facts.first().ok_or(FairError::Stream)?;
        let hand = game.player(held.seat).hand;
        let slot_of = |p: u8| {
            fact.hidden
                .iter()
                .find(|(_, q)| *q == p)
                .map(|(s, _)| *s)
                .ok_or(FairError::BadAnswer(fact.seat))
        };
        Ok(match &fact.answer {
            CardAnswer::Lose(p) => Input::Lose(hand.cards[slot_of(*p)?]),
            CardAnswer::Show(p) => Input::Show(hand.cards[slot_of(*p)?]),
            CardAnswer::Keep(_) => {
                let kept: Vec<Card> = hand.hidden().collect();
                Input::Keep(Keep::from_slice(&kept).ok_or(FairError::Stream)?)
            }
            CardAnswer::Pick(_) => Input::Draft(Card::Duke),
            _ => return Err(FairError::Stream),
        })
    }

    /// Reads the cards the answers revealed, once: every record is in by now.
    fn read_shown(&mut self) -> Result<(), FairError> {
        let ledger = self.tracker.table.ledger();
        let Some(held) = &mut self.held else {
            return Ok(());
        };
        for f in held.facts.iter_mut().filter(|f| f.shown.is_none()) {
            // A departed seat's card leaves face down: nothing to read.
            if ledger.is_gone(f.seat) {
                f.shown = Some(Vec::new());
                continue;
            }
            let positions: Vec<u8> = match &f.answer {
                CardAnswer::ShowHand => f.hidden.iter().map(|&(_, p)| p).collect(),
                CardAnswer::Lose(p) => vec![*p],
                _ => continue,
            };
            let shown = positions
                .into_iter()
                .map(|p| {
                    let k = ledger.open_public(p)?;
                    Some((p, *Card::ALL.get(usize::from(k))?))
                })
                .collect::<Option<Vec<_>>>()
                .ok_or(FairError::Stream)?;
            f.shown = Some(shown);
        }
        Ok(())
    }

    /// Rewrites the stand-ins of every seat that answered, so that the engine takes the
    /// branch it chose and shows the true card of what turned face up.
    fn patch(&self, game: &mut Game, held: &Held) -> Result<(), FairError> {
        let options = game.options();
        let gone = |s: Seat| self.tracker.table.ledger().is_gone(s);
        let other = |c: Card| {
            Card::in_use_set(options)
                .into_iter()
                .find(|&x| x != c)
                .unwrap_or(Card::Duke)
        };
        for f in &held.facts {
            let kind_of = |p: u8| {
                f.shown
                    .iter()
                    .flatten()
                    .find(|(q, _)| *q == p)
                    .map(|(_, c)| *c)
            };
            let hand = &mut game.players[f.seat.index()].hand;
            // Sets `slot` to `card` and keeps `card` out of the other hidden slots, so the
            // engine's first hidden match is that slot.
            let set = |hand: &mut crate::engine::Hand, slot: usize, card: Card| {
                for &(s, _) in &f.hidden {
                    if s != slot && hand.cards[s] == card {
                        hand.cards[s] = other(card);
                    }
                }
                hand.cards[slot] = card;
            };
            let slot_of = |p: u8| {
                f.hidden
                    .iter()
                    .find(|(_, q)| *q == p)
                    .map(|(s, _)| *s)
                    .ok_or(FairError::BadAnswer(f.seat))
            };
            match (&f.answer, f.claim) {
                (CardAnswer::Prove(p), Some(Claimed::Card(c))) => set(hand, slot_of(*p)?, c),
                (CardAnswer::CannotProve, Some(Claimed::Card(c))) => {
                    for &(s, _) in &f.hidden {
                        if hand.cards[s] == c {
                            hand.cards[s] = other(c);
                        }
                    }
                }
                (CardAnswer::Concede, _) => {
                    if let Some(&(s, _)) = f.hidden.first() {
                        hand.cards[s] = Card::Duke;
                    }
                }
                (CardAnswer::ShowHand, _) => {
                    for &(s, p) in &f.hidden {
                        let card = kind_of(p).ok_or(FairError::Stream)?;
                        if card == Card::Duke {
                            return Err(FairError::RevealedDuke(f.seat));
                        }
                        hand.cards[s] = card;
                    }
                }
                // A departed seat's card leaves face down: the stand-in stays, and shows
                // nowhere.
                (CardAnswer::Lose(p), _) if gone(f.seat) => {
                    let slot = slot_of(*p)?;
                    let card = hand.cards[slot];
                    set(hand, slot, card);
                }
                (CardAnswer::Lose(p), _) => {
                    let card = kind_of(*p).ok_or(FairError::Stream)?;
                    let slot = slot_of(*p)?;
                    // The same seat's answer to a challenge earlier in this input covered
                    // this card: the card now shown proves that answer false.
                    let earlier = held.facts.iter().take_while(|e| !std::ptr::eq(*e, f));
                    for e in earlier.filter(|e| e.seat == f.seat) {
                        let false_answer = match (&e.answer, e.claim) {
                            (CardAnswer::CannotProve, Some(Claimed::Card(c))) => c == card,
                            (CardAnswer::Concede, _) => {
                                e.hidden.first().map(|(s, _)| *s) == Some(slot)
                                    && e.hidden.len() == 1
                                    && card != Card::Duke
                            }
                            _ => false,
                        };
                        if false_answer {
                            return Err(FairError::FalseDenial(f.seat));
                        }
                    }
                    set(hand, slot, card);
                }
                (CardAnswer::Show(p), _) => {
                    let slot = slot_of(*p)?;
                    let card = hand.cards[slot];
                    set(hand, slot, card);
                }
                _ => {}
            }
        }
        Ok(())
    }
}
