//! The fair game's referee as a host drives it (docs/FAIR-DEAL.md): [`FairEngine`], made
//! by a [`FairMaker`]. Every check of a shuffle, a proof or a signature is behind it, so a
//! build can leave that code out of what a host loads until its table deals fairly: the
//! host is given a maker ([`Host::set_fair_maker`](crate::session::Host::set_fair_maker)), or has
//! none and refuses to deal fairly. [`fair_engine`] is the maker.

use crate::engine::{Event, Input, Options, Seat};
use crate::fair::{Decision, FairError, FairReferee, Public, Record, SignedAnswer, Step};
use crate::session::base64url;

/// What a fair game is dealt from: public, all of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FairStart {
    /// The table's id, which every proof of the game is bound to.
    pub table: [u8; 32],
    pub game_no: u32,
    pub players: usize,
    pub options: Options,
    pub first: Option<Seat>,
    /// The stand-ins' seed: public randomness, nothing of any card.
    pub seed: u64,
}

/// Makes a fair game's referee: [`fair_engine`]. A host given none deals no fair game.
pub type FairMaker = fn(FairStart) -> Result<Box<dyn FairEngine>, String>;

/// The fair game's referee, [`FairReferee`], as the host drives it.
pub trait FairEngine {
    /// The referee itself, for what reads its table or its tracker.
    fn referee(&self) -> &FairReferee;
    /// Runs the referee on until it waits ([`FairReferee::step`]).
    fn step(&mut self) -> Result<Step, FairError>;
    /// What to relay since the last call, in order, as the host logs it.
    fn take_public(&mut self) -> Vec<Published>;
    /// A seat's record (`from`: the seat it came from, which it must name; `None` for a
    /// call replayed on restore), as its bytes came.
    fn record(&mut self, from: Option<Seat>, bytes: &[u8]) -> Result<(), Refused>;
    /// A seat's signed answer, the same way.
    fn answer(&mut self, from: Option<Seat>, bytes: &[u8]) -> Result<(), Refused>;
    /// A decision that reads no card: signed by its seat, or the host's card-blind default
    /// for it ([`FairReferee::decide`]).
    fn decide(&mut self, decision: Decision) -> Result<(), FairError>;
    /// The seat's card-blind default for what it owes now ([`FairReferee::default_input`]).
    fn default_input(&self, seat: Seat) -> Option<Input>;
    /// The seat left for good (section 6).
    fn leave(&mut self, seat: Seat) -> Result<(), FairError>;
    /// The inputs `seat` may send now ([`FairReferee::inputs`]).
    fn inputs(&self, seat: Seat) -> Vec<Input>;
    /// Whether `seat`'s decision reads its own cards ([`FairReferee::wants_answer`]).
    fn wants_answer(&self, seat: Seat) -> bool;
    /// Whether every record due is in ([`crate::fair::FairTable::is_settled`]).
    fn is_settled(&self) -> bool;
}

/// One item the referee published, as the host logs it (records and answers in base64url).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Published {
    Event(Event),
    Record(String),
    Answer(String),
    Left(Seat),
    Decision(Decision),
}

/// Why a record or an answer was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// It does not decode.
    Unreadable(String),
    /// It names another seat than the one it came from.
    NotYourSeat(Seat),
    /// The referee refused it.
    Fair(FairError),
}

/// The fair game's referee: what a host that deals fairly is given
/// ([`Host::set_fair_maker`](crate::session::Host::set_fair_maker)).
pub fn fair_engine(start: FairStart) -> Result<Box<dyn FairEngine>, String> {
    FairReferee::new(
        start.table,
        start.game_no,
        start.players,
        start.options,
        start.first,
        start.seed,
    )
    .map(|r| Box::new(r) as Box<dyn FairEngine>)
    .map_err(|e| e.to_string())
}

/// `bytes` decoded by `decode`, refused unless it names `from` (when given).
fn own<T, E: std::fmt::Display>(
    from: Option<Seat>,
    bytes: &[u8],
    decode: impl FnOnce(&[u8]) -> Result<T, E>,
    seat_of: impl FnOnce(&T) -> Seat,
) -> Result<T, Refused> {
    let value = decode(bytes).map_err(|e| Refused::Unreadable(e.to_string()))?;
    let named = seat_of(&value);
    match from {
        Some(seat) if named != seat => Err(Refused::NotYourSeat(named)),
        _ => Ok(value),
    }
}

impl FairEngine for FairReferee {
    fn referee(&self) -> &FairReferee {
        self
    }

    fn step(&mut self) -> Result<Step, FairError> {
        FairReferee::step(self)
    }

    fn take_public(&mut self) -> Vec<Published> {
        FairReferee::take_public(self)
            .into_iter()
            .map(|item| match item {
                Public::Event(event) => Published::Event(event),
                Public::Record(r) => Published::Record(base64url::encode(&r.encode())),
                Public::Answer(a) => Published::Answer(base64url::encode(&a.encode())),
                Public::Left(seat) => Published::Left(seat),
                Public::Decision(d) => Published::Decision(d),
            })
            .collect()
    }

    fn record(&mut self, from: Option<Seat>, bytes: &[u8]) -> Result<(), Refused> {
        let record = own(from, bytes, Record::decode, |r| r.seat)?;
        FairReferee::record(self, &record).map_err(Refused::Fair)
    }

    fn answer(&mut self, from: Option<Seat>, bytes: &[u8]) -> Result<(), Refused> {
        let signed = own(from, bytes, SignedAnswer::decode, |a| a.seat)?;
        FairReferee::answer(self, signed).map_err(Refused::Fair)
    }

    fn decide(&mut self, decision: Decision) -> Result<(), FairError> {
        FairReferee::decide(self, decision)
    }

    fn default_input(&self, seat: Seat) -> Option<Input> {
        FairReferee::default_input(self, seat)
    }

    fn leave(&mut self, seat: Seat) -> Result<(), FairError> {
        FairReferee::leave(self, seat)
    }

    fn inputs(&self, seat: Seat) -> Vec<Input> {
        FairReferee::inputs(self, seat)
    }

    fn wants_answer(&self, seat: Seat) -> bool {
        FairReferee::wants_answer(self, seat)
    }

    fn is_settled(&self) -> bool {
        self.table().is_settled()
    }
}

/// A decision as it travels in the peer protocol (an `intent`, a `fair_decision` log
/// entry): its signature, if any, base64url. `None` when the signature does not read.
pub(crate) fn read_decision(seat: Seat, input: Input, signature: Option<&str>) -> Option<Decision> {
    let bytes = match signature {
        Some(text) => Some(base64url::decode(text)?),
        None => None,
    };
    Decision::from_parts(seat, input, bytes.as_deref()).ok()
}
