//! The record of a fair game and its checker.
//!
//! Every page keeps a [`Ledger`] and feeds it every fair record in the order the host
//! relays them; the host's referee keeps one too. A record that does not check is
//! refused, changes nothing, and names its seat ([`Fault`]). The ledger holds only
//! public values: what it knows, everyone knows.

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use sha2::{Digest, Sha512};

use super::cards::{CARD_KINDS, MAX_SEATS, card_kind, card_point};
use super::group::{Context, DecodeError, Reader, Transcript, Writer};
use super::proofs::{Ciphertext, KeyProof, SealedShare, Share};
use super::secret::Secret;
use super::shuffle::{MAX_SHUFFLE, ShuffleProof};
use crate::engine::Seat;

/// One message of the fair deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// A seat's share of the joint key and a proof that it knows its secret (which is what
    /// keeps a seat from choosing a key that cancels the others').
    Key {
        key: RistrettoPoint,
        proof: KeyProof,
    },
    /// The ciphertexts at `positions`, shuffled, signed by the seat ([`shuffle_digest`]).
    Shuffle {
        positions: Vec<u8>,
        output: Vec<Ciphertext>,
        proof: Box<ShuffleProof>,
        signature: KeyProof,
    },
    /// Decryption shares of the cards at the given positions.
    Shares { shares: Vec<(u8, Share)> },
    /// A decryption share sealed for seat `to` alone (Examine, R7.2).
    Seal {
        position: u8,
        to: Seat,
        sealed: SealedShare,
    },
    /// The holder of the card at `position` shows it, says which card it is, and gives its
    /// own share: with everyone else's, the card opens to all.
    Reveal {
        position: u8,
        kind: u8,
        share: Share,
    },
    /// The game is over: the seat's secret, which opens everything (R11.3).
    Secret { secret: [u8; 32] },
    /// The seat's stake (its secret, and the parts of departed seats' stakes it holds)
    /// split among the other seats present, so that the game can go on if it leaves
    /// (docs/FAIR-DEAL.md, section 6): one part per other seat, signed by the seat.
    Escrow {
        parts: Vec<EscrowPart>,
        signature: KeyProof,
    },
    /// The seat read its parts of the escrows just made: each part that does not open to
    /// what its dealer committed is named with the seat's key exchange for it, proven, so
    /// the table sees who is wrong. Empty when every part opened.
    Check { complaints: Vec<(Seat, Share)> },
    /// The game is over: the seat's hash of the whole public stream as it stood when the
    /// game ended ([`Tracker::end_hash`](super::Tracker::end_hash)), signed with its key
    /// while its secret is still its own (docs/FAIR-DEAL.md, section 12). Sent in the
    /// round before the secrets: once a secret is out anyone could sign for that seat.
    View { hash: [u8; 64], signature: KeyProof },
}

/// One part of an escrowed secret: `σ` for seat `to`, committed as `S = σ·G`, encrypted as
/// `c = σ + pad(ρ·X_to)` with `R = ρ·G` and a proof that the sender knows `ρ` (so that a
/// complaint, which shows `x_to·R`, shows nothing that opens a card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EscrowPart {
    pub to: Seat,
    pub commit: RistrettoPoint,
    pub r: RistrettoPoint,
    pub r_proof: KeyProof,
    pub c: Scalar,
}

impl EscrowPart {
    fn write(&self, w: &mut Writer) {
        w.seat(self.to);
        w.point(&self.commit);
        w.point(&self.r);
        self.r_proof.write(w);
        w.scalar(&self.c);
    }

    fn read(r: &mut Reader<'_>) -> Result<EscrowPart, DecodeError> {
        Ok(EscrowPart {
            to: read_seat(r)?,
            commit: r.point()?,
            r: r.point()?,
            r_proof: KeyProof::read(r)?,
            c: r.scalar()?,
        })
    }
}

/// A seat's byte: a seat of the largest table at most (one that is not at this table is
/// the ledger's to refuse, naming it).
pub(crate) fn read_seat(r: &mut Reader<'_>) -> Result<Seat, DecodeError> {
    let s = r.u8()?;
    if usize::from(s) >= MAX_SEATS {
        return Err(DecodeError::BadSeat);
    }
    Ok(Seat(s))
}

/// What the proof of an escrow part's `ρ` signs: it keeps that proof apart from a proof of
/// a seat's key made in the same context.
pub(crate) const ESCROW_R: &[u8] = b"escrow-r";

/// The pad of an escrow part: a hash of the key exchange `ρ·X_to = x_to·R`, bound to the
/// escrow record's context and the recipient.
pub(crate) fn escrow_pad(ctx: &Context, to: Seat, exchange: &RistrettoPoint) -> Scalar {
    let mut t = Transcript::new(b"escrow-pad", ctx);
    t.bytes(b"to", &[to.0]);
    t.point(b"K", exchange);
    t.challenge(b"pad", 0)
}

/// What a seat signs for its view of the game: the hash, labelled apart from every other
/// message a seat signs.
pub(crate) fn view_message(hash: &[u8; 64]) -> Vec<u8> {
    let mut m = b"view".to_vec();
    m.extend_from_slice(hash);
    m
}

/// A message with who sent it and the protocol round it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seat: Seat,
    pub round: u32,
    pub msg: Msg,
}

/// The longest encoded record: a shuffle of the largest deck (7 bytes of header and
/// count, a position and a ciphertext per card, then the proof: its count, 3 points and
/// 2 scalars per card, 5 points and 4 scalars; then the signature, 2 scalars).
pub const MAX_RECORD_BYTES: usize =
    7 + MAX_SHUFFLE * (1 + 64) + 1 + MAX_SHUFFLE * (5 * 32) + 5 * 32 + 4 * 32 + 2 * 32;

impl Record {
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.seat(self.seat);
        w.out.extend_from_slice(&self.round.to_le_bytes());
        match &self.msg {
            Msg::Key { key, proof } => {
                w.u8(1);
                w.point(key);
                proof.write(&mut w);
            }
            Msg::Shuffle {
                positions,
                output,
                proof,
                signature,
            } => {
                w.u8(2);
                write_shuffle(&mut w, positions, output, proof);
                signature.write(&mut w);
            }
            Msg::Shares { shares } => {
                w.u8(3);
                w.u8(shares.len() as u8);
                for (p, s) in shares {
                    w.u8(*p);
                    s.write(&mut w);
                }
            }
            Msg::Seal {
                position,
                to,
                sealed,
            } => {
                w.u8(4);
                w.u8(*position);
                w.seat(*to);
                sealed.write(&mut w);
            }
            Msg::Reveal {
                position,
                kind,
                share,
            } => {
                w.u8(5);
                w.u8(*position);
                w.u8(*kind);
                share.write(&mut w);
            }
            Msg::Secret { secret } => {
                w.u8(6);
                w.out.extend_from_slice(secret);
            }
            Msg::Escrow { parts, signature } => {
                w.u8(7);
                write_parts(&mut w, parts);
                signature.write(&mut w);
            }
            Msg::Check { complaints } => {
                w.u8(8);
                w.u8(complaints.len() as u8);
                for (about, exchange) in complaints {
                    w.seat(*about);
                    exchange.write(&mut w);
                }
            }
            Msg::View { hash, signature } => {
                w.u8(10);
                w.out.extend_from_slice(hash);
                signature.write(&mut w);
            }
        }
        w.out
    }

    /// Reads a record; anything but the exact canonical encoding of one is an error.
    pub fn decode(data: &[u8]) -> Result<Record, DecodeError> {
        if data.len() > MAX_RECORD_BYTES {
            return Err(DecodeError::BadLength);
        }
        let mut r = Reader::new(data);
        let seat = read_seat(&mut r)?;
        let round = u32::from_le_bytes([r.u8()?, r.u8()?, r.u8()?, r.u8()?]);
        let msg = match r.u8()? {
            1 => Msg::Key {
                key: r.point()?,
                proof: KeyProof::read(&mut r)?,
            },
            2 => {
                let n = r.count(MAX_SHUFFLE)?;
                let positions = (0..n).map(|_| r.u8()).collect::<Result<Vec<_>, _>>()?;
                let output = (0..n)
                    .map(|_| Ciphertext::read(&mut r))
                    .collect::<Result<Vec<_>, _>>()?;
                Msg::Shuffle {
                    positions,
                    output,
                    proof: Box::new(ShuffleProof::read(&mut r)?),
                    signature: KeyProof::read(&mut r)?,
                }
            }
            3 => {
                let n = r.count(MAX_SHUFFLE)?;
                let shares = (0..n)
                    .map(|_| Ok((r.u8()?, Share::read(&mut r)?)))
                    .collect::<Result<Vec<_>, DecodeError>>()?;
                Msg::Shares { shares }
            }
            4 => Msg::Seal {
                position: r.u8()?,
                to: read_seat(&mut r)?,
                sealed: SealedShare::read(&mut r)?,
            },
            5 => Msg::Reveal {
                position: r.u8()?,
                kind: r.u8()?,
                share: Share::read(&mut r)?,
            },
            6 => {
                let mut secret = [0u8; 32];
                for b in &mut secret {
                    *b = r.u8()?;
                }
                Msg::Secret { secret }
            }
            7 => {
                let n = r.count(MAX_SEATS - 1)?;
                let parts = (0..n)
                    .map(|_| EscrowPart::read(&mut r))
                    .collect::<Result<Vec<_>, _>>()?;
                Msg::Escrow {
                    parts,
                    signature: KeyProof::read(&mut r)?,
                }
            }
            8 => {
                // No complaint at all is the usual check.
                let n = usize::from(r.u8()?);
                if n > MAX_SEATS - 1 {
                    return Err(DecodeError::BadLength);
                }
                let complaints = (0..n)
                    .map(|_| Ok((read_seat(&mut r)?, Share::read(&mut r)?)))
                    .collect::<Result<Vec<_>, DecodeError>>()?;
                Msg::Check { complaints }
            }
            10 => {
                let mut hash = [0u8; 64];
                for b in &mut hash {
                    *b = r.u8()?;
                }
                Msg::View {
                    hash,
                    signature: KeyProof::read(&mut r)?,
                }
            }
            _ => return Err(DecodeError::BadKind),
        };
        r.finish()?;
        Ok(Record { seat, round, msg })
    }
}

fn write_shuffle(w: &mut Writer, positions: &[u8], output: &[Ciphertext], proof: &ShuffleProof) {
    w.u8(positions.len() as u8);
    w.out.extend_from_slice(positions);
    for c in output {
        c.write(w);
    }
    proof.write(w);
}

fn write_parts(w: &mut Writer, parts: &[EscrowPart]) {
    w.u8(parts.len() as u8);
    for part in parts {
        part.write(w);
    }
}

/// What a seat signs for its escrow: its parts, labelled apart from every other message
/// a seat signs.
pub fn escrow_digest(parts: &[EscrowPart]) -> [u8; 64] {
    let mut w = Writer::default();
    w.out.extend_from_slice(b"escrow");
    write_parts(&mut w, parts);
    Sha512::digest(&w.out).into()
}

/// What a seat signs for a shuffle: the positions, the new ciphertexts and the proof.
pub fn shuffle_digest(positions: &[u8], output: &[Ciphertext], proof: &ShuffleProof) -> [u8; 64] {
    let mut w = Writer::default();
    write_shuffle(&mut w, positions, output, proof);
    Sha512::digest(&w.out).into()
}

/// What was wrong with a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FaultKind {
    #[error("the record cannot be read: {0}")]
    Malformed(DecodeError),
    #[error("the record names no seat at this table")]
    NoSuchSeat,
    #[error("the record was already received (a replay)")]
    Replayed,
    #[error("the record belongs to an earlier round (a replay)")]
    Stale,
    #[error("the record comes out of order")]
    OutOfOrder,
    #[error("the proof of the key is false")]
    BadKey,
    #[error("the record is not signed by its seat")]
    BadSignature,
    #[error("the shuffle is not a shuffle of the cards it names")]
    BadShuffle,
    #[error("a decryption share is false")]
    BadShare,
    #[error("a sealed share is false")]
    BadSeal,
    #[error("the card shown is not the card claimed")]
    FalseClaim,
    #[error("the secret published is not the seat's key")]
    WrongSecret,
    #[error("the escrow of the seat's stake is false")]
    BadEscrow,
    #[error("the complaint about an escrow part is false")]
    FalseComplaint,
}

/// A refused record and the seat it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{seat}: {kind}")]
pub struct Fault {
    pub seat: Seat,
    pub kind: FaultKind,
}

/// The public record of one fair game, checked as it grows.
#[derive(Clone, Debug)]
pub struct Ledger {
    table: [u8; 32],
    game: u32,
    n: usize,
    /// Each seat's own key: what its signatures, proofs of knowledge and escrow parts are
    /// made with. Never made public by a departure.
    keys: Vec<Option<RistrettoPoint>>,
    joint: Option<RistrettoPoint>,
    deck: Vec<Ciphertext>,
    /// Per epoch, each seat's stake: the key its decryption shares are proven against.
    /// Epoch 0 is the keys; each departure starts the next, in which every seat that held
    /// a part of the departed seat's stake adds that part's commitment to its own, and the
    /// departed seat has none (docs/FAIR-DEAL.md, section 6). The stakes of the seats of
    /// an epoch always sum to the joint key: no secret is ever rebuilt.
    stakes: Vec<Vec<Option<RistrettoPoint>>>,
    /// Per position, the epoch its shares are proven in: its latest shuffle's, unless a
    /// departure found a share of it missing there and moved it on.
    epoch_of: Vec<usize>,
    /// Per departure, in order: the seat and the escrow its stake was split by.
    departures: Vec<(Seat, Context, Vec<EscrowPart>)>,
    /// Per position, each seat's proven share of its current ciphertext.
    shares: Vec<Vec<Option<RistrettoPoint>>>,
    /// The stakes' secrets as published at the game's end (R11.3), and, once every seat
    /// still here has published its, their sum: the joint secret, which opens any card.
    secrets: Vec<Option<Scalar>>,
    total: Option<Scalar>,
    /// Whether any secret has been published: a view signed after could be anyone's.
    secrets_out: bool,
    round: u32,
    /// Digests of every record accepted, to tell a replay.
    seen: Vec<[u8; 64]>,
    /// The (seat, message kind) pairs of the current round.
    posted: Vec<(Seat, u8)>,
    /// Each seat's latest escrow, and the context it was made in.
    escrows: Vec<Option<(Context, Vec<EscrowPart>)>>,
    /// Seats that left for good.
    gone: Vec<bool>,
    /// Faults that valid records proved against other seats (a complaint that holds).
    proven: Vec<Fault>,
    /// A hash chain over every record taken, in order ([`Ledger::record_hash`]).
    chain: [u8; 64],
    /// Each seat's signed hash of the stream at the game's end ([`Msg::View`]).
    views: Vec<Option<[u8; 64]>>,
    /// Whether every record it takes is one this page's own ledger already took, in the
    /// same order ([`Ledger::take_checked`]).
    checked: bool,
}

impl Ledger {
    /// A game of `seats` seats whose deck holds the card kinds `deck` in the open, in the
    /// order the rules list them (R1.5, or the three sets of R2.5).
    pub fn new(table: [u8; 32], game: u32, seats: usize, deck: &[u8]) -> Option<Ledger> {
        if !(2..=MAX_SEATS).contains(&seats)
            || deck.is_empty()
            || deck.len() > MAX_SHUFFLE
            || deck.iter().any(|&k| k >= CARD_KINDS)
        {
            return None;
        }
        Some(Ledger {
            table,
            game,
            n: seats,
            keys: vec![None; seats],
            joint: None,
            deck: deck
                .iter()
                .map(|&k| Ciphertext::open(card_point(k)))
                .collect(),
            stakes: vec![vec![None; seats]],
            epoch_of: vec![0; deck.len()],
            departures: Vec::new(),
            shares: vec![vec![None; seats]; deck.len()],
            secrets: vec![None; seats],
            total: None,
            secrets_out: false,
            round: 0,
            seen: Vec::new(),
            posted: Vec::new(),
            escrows: vec![None; seats],
            gone: vec![false; seats],
            proven: Vec::new(),
            chain: [0; 64],
            views: vec![None; seats],
            checked: false,
        })
    }

    pub fn context(&self, seat: Seat, round: u32) -> Context {
        Context {
            table: self.table,
            game: self.game,
            step: round,
            seat,
        }
    }

    pub fn seats(&self) -> usize {
        self.n
    }

    pub fn joint_key(&self) -> Option<RistrettoPoint> {
        self.joint
    }

    pub fn key(&self, seat: Seat) -> Option<RistrettoPoint> {
        self.keys.get(seat.index()).copied().flatten()
    }

    pub fn deck(&self) -> &[Ciphertext] {
        &self.deck
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// A hash of every record taken, in order: pages that compare it at the end know they
    /// were shown the same game (docs/FAIR-DEAL.md, section 12, equivocation).
    pub fn record_hash(&self) -> [u8; 64] {
        self.chain
    }

    /// From now on every record this ledger takes is one the page's own ledger took
    /// already, in the same order, from the same start: the end audit's replay (section
    /// 9, step 3) feeds its referee the stream the page's tracker took. So the proofs
    /// and signatures are not checked again: each would hold as it did, and they are
    /// nearly all of the replay's cost. Every other check, and every change a record
    /// makes, is the same.
    pub(crate) fn take_checked(&mut self) {
        self.checked = true;
    }

    /// The seat's signed hash of the stream at the game's end, once its view is in.
    pub fn view(&self, seat: Seat) -> Option<[u8; 64]> {
        self.views.get(seat.index()).copied().flatten()
    }

    /// A short fingerprint of the table's keys, once all are in, for players to compare
    /// out of band (section 12: a host that gave a page keys of its own for other seats
    /// shows that page another fingerprint). Eight bytes: enough to tell two tables apart
    /// by eye, not meant to resist a search for a collision by the host, which would have
    /// to find one before the last key is sent.
    pub fn key_fingerprint(&self) -> Option<[u8; 8]> {
        let mut h = Sha512::new();
        h.update(b"coup-fair-deal/v1 keys");
        h.update(self.table);
        h.update(self.game.to_le_bytes());
        for key in &self.keys {
            h.update(key.as_ref()?.compress().as_bytes());
        }
        let wide: [u8; 64] = h.finalize().into();
        let mut short = [0; 8];
        short.copy_from_slice(&wide[..8]);
        Some(short)
    }

    /// Faults proven by records that were themselves valid (a complaint that held).
    pub fn proven_faults(&self) -> &[Fault] {
        &self.proven
    }

    /// Whether `seat` left for good.
    pub fn is_gone(&self, seat: Seat) -> bool {
        self.gone.get(seat.index()).copied().unwrap_or(false)
    }

    /// The seats that hold a part of `seat`'s latest escrow, sorted: a departure can go
    /// on only with exactly these (section 6).
    pub fn escrowed_to(&self, seat: Seat) -> Option<Vec<Seat>> {
        let (_, parts) = self.escrows.get(seat.index())?.as_ref()?;
        let mut to: Vec<Seat> = parts.iter().map(|p| p.to).collect();
        to.sort_unstable();
        Some(to)
    }

    /// The epoch now: how many seats have left.
    pub fn epoch(&self) -> usize {
        self.departures.len()
    }

    /// The seat's stake now: what its shares of a newly shuffled card are proven against.
    pub fn stake(&self, seat: Seat) -> Option<RistrettoPoint> {
        self.stakes.last()?.get(seat.index()).copied().flatten()
    }

    /// The key `seat`'s share of the card at `position` is proven against, if the seat
    /// has a share of it (it has none once gone, for a card whose shares it had not given).
    fn share_key(&self, position: u8, seat: Seat) -> Option<RistrettoPoint> {
        let e = *self.epoch_of.get(usize::from(position))?;
        self.stakes.get(e)?.get(seat.index()).copied().flatten()
    }

    /// The secret of `seat`'s stake in epoch `epoch`, from its own `secret`: its secret and
    /// its parts of every escrow a departure before that epoch used.
    pub fn stake_secret(&self, seat: Seat, epoch: usize, secret: &Secret) -> Option<Scalar> {
        let mut y = *secret.scalar();
        for (d, ctx, parts) in self.departures.iter().take(epoch) {
            if *d == seat {
                return None;
            }
            if let Some(part) = parts.iter().find(|p| p.to == seat) {
                y += open_part(ctx, part, secret)?;
            }
        }
        Some(y)
    }

    /// The secret of `seat`'s share of the card at `position`.
    pub fn share_secret(&self, position: u8, seat: Seat, secret: &Secret) -> Option<Scalar> {
        let e = *self.epoch_of.get(usize::from(position))?;
        self.stake_secret(seat, e, secret)
    }

    /// The `R` of seat `to`'s escrow part from seat `from`.
    pub fn escrow_r(&self, from: Seat, to: Seat) -> Option<RistrettoPoint> {
        let (_, parts) = self.escrows.get(from.index())?.as_ref()?;
        parts.iter().find(|p| p.to == to).map(|p| p.r)
    }

    /// Seat `to`'s part of seat `from`'s latest escrow, read with `to`'s secret, if it
    /// opens to what `from` committed. `None` means `to` should complain.
    pub fn escrow_part(&self, from: Seat, to: Seat, secret: &Secret) -> Option<Scalar> {
        let (ctx, parts) = self.escrows.get(from.index())?.as_ref()?;
        open_part(ctx, parts.iter().find(|p| p.to == to)?, secret)
    }

    /// Whether `seat` has given its share of the card at `position`.
    pub fn has_share(&self, position: u8, seat: Seat) -> bool {
        self.shares
            .get(usize::from(position))
            .and_then(|s| s.get(seat.index()))
            .is_some_and(Option::is_some)
    }

    /// The seats whose share of the card at `position` is still missing, but `except`:
    /// the seats with a stake in the card's epoch.
    pub fn missing(&self, position: u8, except: Option<Seat>) -> Vec<Seat> {
        Seat::all(self.n)
            .filter(|&s| {
                Some(s) != except
                    && self.share_key(position, s).is_some()
                    && !self.has_share(position, s)
            })
            .collect()
    }

    /// The shares of the card at `position` of every seat with a stake in its epoch but
    /// `except`, summed; `None` while one is missing.
    fn shares_but(&self, position: u8, except: Option<Seat>) -> Option<RistrettoPoint> {
        let p = usize::from(position);
        let mut sum = RistrettoPoint::default();
        for s in Seat::all(self.n) {
            if Some(s) == except || self.share_key(position, s).is_none() {
                continue;
            }
            sum += self.shares.get(p)?.get(s.index()).copied().flatten()?;
        }
        Some(sum)
    }

    /// The card at `position` if every share of it is known, or once the game is over:
    /// open to all.
    pub fn open_public(&self, position: u8) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        if self.total.is_some() {
            return self.open_any(ct);
        }
        card_kind(&(ct.b - self.shares_but(position, None)?))
    }

    /// The card a ciphertext holds, once the stakes' secrets are public (the game is over,
    /// R11.3): how the audit reads a card as it was when a seat answered about it, though
    /// the position has been shuffled since.
    pub fn open_any(&self, ct: &Ciphertext) -> Option<u8> {
        card_kind(&(ct.b - ct.a * self.total?))
    }

    /// The card at `position` as `seat` sees it with its own secret, once everyone else has
    /// given a share: how a player reads the cards dealt to it.
    pub fn open_private(&self, position: u8, seat: Seat, secret: &Secret) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        if self.total.is_some() {
            return self.open_any(ct);
        }
        let own = ct.a * self.share_secret(position, seat, secret)?;
        card_kind(&(ct.b - own - self.shares_but(position, Some(seat))?))
    }

    /// The card at `position` as the seat `to` reads it from a sealed share of the card's
    /// holder (`from`) that the ledger accepted (Examine, R7.2).
    pub fn open_sealed(
        &self,
        position: u8,
        from: Seat,
        sealed: &SealedShare,
        to: Seat,
        secret: &Secret,
    ) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        let mut m = ct.b - sealed.unseal(secret.scalar());
        for s in Seat::all(self.n) {
            if s == from || self.share_key(position, s).is_none() {
                continue;
            }
            if s == to {
                m -= ct.a * self.share_secret(position, to, secret)?;
            } else {
                m -= self.shares[usize::from(position)][s.index()]?;
            }
        }
        card_kind(&m)
    }

    /// Checks a record as received (bytes) and, if it holds, adds it to the ledger.
    pub fn apply_bytes(&mut self, data: &[u8]) -> Result<(), Fault> {
        let record = Record::decode(data).map_err(|e| Fault {
            // An unreadable record names the first byte's seat if it is one; whose it
            // really is, the session layer knows (the link it came on).
            seat: Seat(data.first().copied().unwrap_or(0)),
            kind: FaultKind::Malformed(e),
        })?;
        self.apply(&record)
    }

    /// Checks a record and, if it holds, adds it to the ledger.
    pub fn apply(&mut self, record: &Record) -> Result<(), Fault> {
        let seat = record.seat;
        let fault = |kind| Err(Fault { seat, kind });
        if seat.index() >= self.n {
            return fault(FaultKind::NoSuchSeat);
        }
        let digest: [u8; 64] = Sha512::digest(record.encode()).into();
        if self.seen.contains(&digest) {
            return fault(FaultKind::Replayed);
        }
        if record.round < self.round {
            return fault(FaultKind::Stale);
        }
        let tag = match record.msg {
            Msg::Key { .. } => 1,
            Msg::Shuffle { .. } => 2,
            Msg::Shares { .. } => 3,
            Msg::Seal { .. } => 4,
            Msg::Reveal { .. } => 5,
            Msg::Secret { .. } => 6,
            Msg::Escrow { .. } => 7,
            Msg::Check { .. } => 8,
            Msg::View { .. } => 10,
        };
        // One message of each kind per seat per round: a second is a replay or a
        // deviation, refused either way.
        if record.round == self.round && self.posted.contains(&(seat, tag)) {
            return fault(FaultKind::Replayed);
        }
        let ctx = self.context(seat, record.round);
        self.check(&ctx, seat, &record.msg).or_else(fault)?;
        if record.round > self.round {
            self.round = record.round;
            self.posted.clear();
        }
        self.posted.push((seat, tag));
        self.seen.push(digest);
        let mut h = Sha512::new();
        h.update(self.chain);
        h.update(digest);
        self.chain = h.finalize().into();
        Ok(())
    }

    fn check(&mut self, ctx: &Context, seat: Seat, msg: &Msg) -> Result<(), FaultKind> {
        let s = seat.index();
        // Records this page's own ledger checked already: the proofs would hold again.
        let trusted = self.checked;
        match msg {
            Msg::Key { key, proof } => {
                if self.keys[s].is_some() {
                    return Err(FaultKind::OutOfOrder);
                }
                if *key == RistrettoPoint::default() || !(trusted || proof.verify(ctx, key)) {
                    return Err(FaultKind::BadKey);
                }
                self.keys[s] = Some(*key);
                self.stakes[0][s] = Some(*key);
                if self.keys.iter().all(Option::is_some) {
                    self.joint = Some(self.keys.iter().flatten().sum());
                }
                Ok(())
            }
            Msg::Shuffle {
                positions,
                output,
                proof,
                signature,
            } => {
                let joint = self.joint.ok_or(FaultKind::OutOfOrder)?;
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                if self.gone[s] {
                    return Err(FaultKind::OutOfOrder);
                }
                if !(trusted
                    || signature.verify_signed(
                        ctx,
                        &key,
                        &shuffle_digest(positions, output, proof),
                    ))
                {
                    return Err(FaultKind::BadSignature);
                }
                let mut distinct = positions.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() != positions.len()
                    || positions.iter().any(|&p| usize::from(p) >= self.deck.len())
                    || output.len() != positions.len()
                {
                    return Err(FaultKind::BadShuffle);
                }
                let input: Vec<Ciphertext> = positions
                    .iter()
                    .map(|&p| self.deck[usize::from(p)])
                    .collect();
                if !(trusted || proof.verify(ctx, &joint, &input, output)) {
                    return Err(FaultKind::BadShuffle);
                }
                let epoch = self.epoch();
                for (&p, c) in positions.iter().zip(output) {
                    let p = usize::from(p);
                    self.deck[p] = *c;
                    // New ciphertexts: the shares of the old ones open nothing now, and the
                    // new ones are shared by the stakes of today.
                    self.shares[p].iter_mut().for_each(|d| *d = None);
                    self.epoch_of[p] = epoch;
                }
                Ok(())
            }
            Msg::Shares { shares } => {
                let mut checked = Vec::with_capacity(shares.len());
                for (p, share) in shares {
                    let ct = self.deck.get(usize::from(*p)).ok_or(FaultKind::BadShare)?;
                    let key = self.share_key(*p, seat).ok_or(FaultKind::OutOfOrder)?;
                    if !(trusted || share.verify(ctx, &key, ct)) {
                        return Err(FaultKind::BadShare);
                    }
                    if checked.iter().any(|(q, _)| q == p) {
                        return Err(FaultKind::BadShare);
                    }
                    checked.push((*p, share.d));
                }
                for (p, d) in checked {
                    self.shares[usize::from(p)][s] = Some(d);
                }
                Ok(())
            }
            Msg::Seal {
                position,
                to,
                sealed,
            } => {
                let key = self
                    .share_key(*position, seat)
                    .ok_or(FaultKind::OutOfOrder)?;
                // Sealed under the examiner's own key, which no departure makes public.
                let to_key = self.key(*to).ok_or(FaultKind::BadSeal)?;
                let ct = self
                    .deck
                    .get(usize::from(*position))
                    .ok_or(FaultKind::BadSeal)?;
                if *to == seat
                    || self.is_gone(*to)
                    || !(trusted || sealed.verify(ctx, &key, &to_key, ct))
                {
                    return Err(FaultKind::BadSeal);
                }
                Ok(())
            }
            Msg::Reveal {
                position,
                kind,
                share,
            } => {
                let key = self
                    .share_key(*position, seat)
                    .ok_or(FaultKind::OutOfOrder)?;
                let p = usize::from(*position);
                let ct = *self.deck.get(p).ok_or(FaultKind::BadShare)?;
                if !(trusted || share.verify(ctx, &key, &ct)) {
                    return Err(FaultKind::BadShare);
                }
                // Only a card every other seat has opened to its holder can be shown.
                let others = self
                    .shares_but(*position, Some(seat))
                    .ok_or(FaultKind::OutOfOrder)?;
                if card_kind(&(ct.b - share.d - others)) != Some(*kind) {
                    return Err(FaultKind::FalseClaim);
                }
                self.shares[p][s] = Some(share.d);
                Ok(())
            }
            Msg::View { hash, signature } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                // Signed while the seat's secret is its own: before any stake is public.
                if self.gone[s] || self.secrets_out || self.views[s].is_some() {
                    return Err(FaultKind::OutOfOrder);
                }
                if !(trusted || signature.verify_signed(ctx, &key, &view_message(hash))) {
                    return Err(FaultKind::BadSignature);
                }
                self.views[s] = Some(*hash);
                Ok(())
            }
            Msg::Secret { secret } => {
                let stake = self.stake(seat).ok_or(FaultKind::OutOfOrder)?;
                let y = Secret::from_bytes(secret).map_err(|_| FaultKind::WrongSecret)?;
                if self.secrets[s].is_some() {
                    return Err(FaultKind::OutOfOrder);
                }
                if y.public() != stake {
                    return Err(FaultKind::WrongSecret);
                }
                self.secrets[s] = Some(*y.scalar());
                self.secrets_out = true;
                let stakes = self.stakes.last().expect("epoch 0 is made with the ledger");
                let all: Option<Vec<Scalar>> = stakes
                    .iter()
                    .zip(&self.secrets)
                    .filter(|(k, _)| k.is_some())
                    .map(|(_, y)| *y)
                    .collect();
                // The stakes of an epoch sum to the joint key, so their secrets open any card.
                self.total = all.map(|ys| ys.iter().sum());
                Ok(())
            }
            Msg::Escrow { parts, signature } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let stake = self.stake(seat).ok_or(FaultKind::OutOfOrder)?;
                if !(trusted || signature.verify_signed(ctx, &key, &escrow_digest(parts))) {
                    return Err(FaultKind::BadSignature);
                }
                // One part for each other seat still here, and at least two: with one,
                // that seat alone would hold the stake.
                let mut to: Vec<Seat> = parts.iter().map(|p| p.to).collect();
                to.sort_unstable();
                let present: Vec<Seat> = Seat::all(self.n)
                    .filter(|&t| t != seat && !self.gone[t.index()])
                    .collect();
                if to != present || present.len() < 2 {
                    return Err(FaultKind::BadEscrow);
                }
                let sum: RistrettoPoint = parts.iter().map(|p| p.commit).sum();
                if sum != stake
                    || parts.iter().any(|p| {
                        p.r == RistrettoPoint::default()
                            || !(trusted || p.r_proof.verify_signed(ctx, &p.r, ESCROW_R))
                    })
                {
                    return Err(FaultKind::BadEscrow);
                }
                self.escrows[s] = Some((*ctx, parts.clone()));
                Ok(())
            }
            Msg::Check { complaints } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let mut proven = Vec::new();
                for (about, exchange) in complaints {
                    if proven.contains(about) {
                        return Err(FaultKind::FalseComplaint);
                    }
                    let (ectx, parts) = self
                        .escrows
                        .get(about.index())
                        .and_then(Option::as_ref)
                        .ok_or(FaultKind::FalseComplaint)?;
                    let part = parts
                        .iter()
                        .find(|p| p.to == seat)
                        .ok_or(FaultKind::FalseComplaint)?;
                    let r = Ciphertext {
                        a: part.r,
                        b: part.r,
                    };
                    if !(trusted || exchange.verify(ctx, &key, &r)) {
                        return Err(FaultKind::FalseComplaint);
                    }
                    if part_with(ectx, part, &exchange.d).is_some() {
                        return Err(FaultKind::FalseComplaint);
                    }
                    proven.push(*about);
                }
                self.proven.extend(proven.into_iter().map(|about| Fault {
                    seat: about,
                    kind: FaultKind::BadEscrow,
                }));
                Ok(())
            }
        }
    }

    /// Seat `seat` left for good (section 6): the seats holding the parts of its latest
    /// escrow each add their part to their stake, and from now on the cards are shared by
    /// those stakes alone. Its secret is never rebuilt: what it had sealed, or held parts
    /// of, stays closed. Returns the positions whose shares start again (the cards the
    /// seat had not given its share of): the table opens them again to whom they were
    /// open. `None`, and nothing changes, when its escrow is not one the seats present
    /// can go on with.
    pub fn depart(&mut self, seat: Seat) -> Option<Vec<u8>> {
        let s = seat.index();
        if s >= self.n || self.gone[s] || self.proven.iter().any(|f| f.seat == seat) {
            return None;
        }
        let (ctx, parts) = self.escrows[s].clone()?;
        let present: Vec<Seat> = Seat::all(self.n)
            .filter(|&t| t != seat && !self.gone[t.index()])
            .collect();
        if self.escrowed_to(seat)? != present || present.len() < 2 {
            return None;
        }
        let mut next = self.stakes.last()?.clone();
        for part in &parts {
            let t = part.to.index();
            next[t] = Some(next[t]? + part.commit);
        }
        next[s] = None;
        self.stakes.push(next);
        self.departures.push((seat, ctx, parts));
        self.gone[s] = true;
        // Secrets published at the end were of the stakes before: each is sent again.
        self.secrets.iter_mut().for_each(|y| *y = None);
        self.total = None;
        // Its escrows of others' stakes held parts for it: the next departure needs new
        // ones (the table asks for them), and its own is spent.
        for e in &mut self.escrows {
            *e = None;
        }
        let epoch = self.epoch();
        let mut reset = Vec::new();
        for p in 0..self.deck.len() {
            let e = self.epoch_of[p];
            if self.stakes[e][s].is_some() && self.shares[p][s].is_none() {
                self.shares[p].iter_mut().for_each(|d| *d = None);
                self.epoch_of[p] = epoch;
                reset.push(p as u8);
            }
        }
        Some(reset)
    }
}

/// The scalar of an escrow part, read with the recipient's secret, if it opens to what its
/// dealer committed.
fn open_part(ctx: &Context, part: &EscrowPart, secret: &Secret) -> Option<Scalar> {
    part_with(ctx, part, &(part.r * secret.scalar()))
}

/// The scalar of an escrow part from its key exchange `x_to·R` (its recipient's, or one a
/// complaint shows), if it opens to what its dealer committed.
fn part_with(ctx: &Context, part: &EscrowPart, exchange: &RistrettoPoint) -> Option<Scalar> {
    let sigma = part.c - escrow_pad(ctx, part.to, exchange);
    (RistrettoPoint::mul_base(&sigma) == part.commit).then_some(sigma)
}
