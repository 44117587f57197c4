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
        to: u8,
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
    /// The seat's secret split among the other seats present, so that the game can go on
    /// if it leaves (docs/FAIR-DEAL.md, section 6): one part per other seat.
    Escrow { parts: Vec<EscrowPart> },
    /// The seat's part from seat `about` does not open to what `about` committed: the seat
    /// shows its key exchange with a proof, and the table sees who is wrong.
    Complain { about: u8, exchange: Share },
    /// Seat `of` has left for good: the seat publishes its part of `of`'s secret.
    Release { of: u8, part: [u8; 32] },
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
    pub to: u8,
    pub commit: RistrettoPoint,
    pub r: RistrettoPoint,
    pub r_proof: KeyProof,
    pub c: Scalar,
}

impl EscrowPart {
    fn write(&self, w: &mut Writer) {
        w.u8(self.to);
        w.point(&self.commit);
        w.point(&self.r);
        self.r_proof.write(w);
        w.scalar(&self.c);
    }

    fn read(r: &mut Reader<'_>) -> Result<EscrowPart, DecodeError> {
        Ok(EscrowPart {
            to: r.u8()?,
            commit: r.point()?,
            r: r.point()?,
            r_proof: KeyProof::read(r)?,
            c: r.scalar()?,
        })
    }
}

/// What the proof of an escrow part's `ρ` signs: it keeps that proof apart from a proof of
/// a seat's key made in the same context.
pub(crate) const ESCROW_R: &[u8] = b"escrow-r";

/// The pad of an escrow part: a hash of the key exchange `ρ·X_to = x_to·R`, bound to the
/// escrow record's context and the recipient.
pub(crate) fn escrow_pad(ctx: &Context, to: u8, exchange: &RistrettoPoint) -> Scalar {
    let mut t = Transcript::new(b"escrow-pad", ctx);
    t.bytes(b"to", &[to]);
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
    pub seat: u8,
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
        w.u8(self.seat);
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
                w.u8(*to);
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
            Msg::Escrow { parts } => {
                w.u8(7);
                w.u8(parts.len() as u8);
                for part in parts {
                    part.write(&mut w);
                }
            }
            Msg::Complain { about, exchange } => {
                w.u8(8);
                w.u8(*about);
                exchange.write(&mut w);
            }
            Msg::Release { of, part } => {
                w.u8(9);
                w.u8(*of);
                w.out.extend_from_slice(part);
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
        let seat = r.u8()?;
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
                to: r.u8()?,
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
                Msg::Escrow { parts }
            }
            8 => Msg::Complain {
                about: r.u8()?,
                exchange: Share::read(&mut r)?,
            },
            9 => {
                let of = r.u8()?;
                let mut part = [0u8; 32];
                for b in &mut part {
                    *b = r.u8()?;
                }
                Msg::Release { of, part }
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
    #[error("the escrow of the seat's secret is false")]
    BadEscrow,
    #[error("the complaint about an escrow part is false")]
    FalseComplaint,
    #[error("the part of a departed seat's secret is false")]
    BadRelease,
}

/// A refused record and the seat it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat}: {kind}")]
pub struct Fault {
    pub seat: u8,
    pub kind: FaultKind,
}

/// The public record of one fair game, checked as it grows.
#[derive(Clone, Debug)]
pub struct Ledger {
    table: [u8; 32],
    game: u32,
    n: usize,
    keys: Vec<Option<RistrettoPoint>>,
    joint: Option<RistrettoPoint>,
    deck: Vec<Ciphertext>,
    /// Per position, each seat's proven share of its current ciphertext.
    shares: Vec<Vec<Option<RistrettoPoint>>>,
    secrets: Vec<Option<Secret>>,
    round: u32,
    /// Digests of every record accepted, to tell a replay.
    seen: Vec<[u8; 64]>,
    /// The (seat, message kind) pairs of the current round.
    posted: Vec<(u8, u8)>,
    /// Each seat's latest escrow, and the context it was made in.
    escrows: Vec<Option<(Context, Vec<EscrowPart>)>>,
    /// The parts released so far, per departing seat: (from, σ).
    released: Vec<Vec<(u8, Scalar)>>,
    /// Seats that left for good (their secret rebuilt from its escrow).
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
            shares: vec![vec![None; seats]; deck.len()],
            secrets: vec![None; seats],
            round: 0,
            seen: Vec::new(),
            posted: Vec::new(),
            escrows: vec![None; seats],
            released: vec![Vec::new(); seats],
            gone: vec![false; seats],
            proven: Vec::new(),
            chain: [0; 64],
            views: vec![None; seats],
            checked: false,
        })
    }

    pub fn context(&self, seat: u8, round: u32) -> Context {
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

    pub fn key(&self, seat: u8) -> Option<RistrettoPoint> {
        self.keys.get(usize::from(seat)).copied().flatten()
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
    pub fn view(&self, seat: u8) -> Option<[u8; 64]> {
        self.views.get(usize::from(seat)).copied().flatten()
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

    /// Whether `seat` left for good and its secret was rebuilt from its escrow.
    pub fn is_gone(&self, seat: u8) -> bool {
        self.gone.get(usize::from(seat)).copied().unwrap_or(false)
    }

    /// The seats that hold a part of `seat`'s latest escrow, sorted: a departure can be
    /// rebuilt only by exactly these (section 6).
    pub fn escrowed_to(&self, seat: u8) -> Option<Vec<u8>> {
        let (_, parts) = self.escrows.get(usize::from(seat))?.as_ref()?;
        let mut to: Vec<u8> = parts.iter().map(|p| p.to).collect();
        to.sort_unstable();
        Some(to)
    }

    /// A seat's secret once it is public: rebuilt from its escrow after it left for
    /// good, or sent at the end (R11.3).
    pub fn public_secret(&self, seat: u8) -> Option<&Secret> {
        self.secrets.get(usize::from(seat))?.as_ref()
    }

    /// The `R` of seat `to`'s escrow part from seat `from`.
    pub fn escrow_r(&self, from: u8, to: u8) -> Option<RistrettoPoint> {
        let (_, parts) = self.escrows.get(usize::from(from))?.as_ref()?;
        parts.iter().find(|p| p.to == to).map(|p| p.r)
    }

    /// Seat `to`'s part of seat `from`'s escrowed secret, read with `to`'s secret, if it
    /// opens to what `from` committed. `None` means `to` should complain.
    pub fn escrow_part(&self, from: u8, to: u8, secret: &Secret) -> Option<Scalar> {
        let (ctx, parts) = self.escrows.get(usize::from(from))?.as_ref()?;
        let part = parts.iter().find(|p| p.to == to)?;
        let sigma = part.c - escrow_pad(ctx, to, &(part.r * secret.scalar()));
        (RistrettoPoint::mul_base(&sigma) == part.commit).then_some(sigma)
    }

    /// Whether `seat` has given its share of the card at `position`.
    pub fn has_share(&self, position: u8, seat: u8) -> bool {
        self.shares
            .get(usize::from(position))
            .and_then(|s| s.get(usize::from(seat)))
            .is_some_and(Option::is_some)
    }

    /// The seats whose share of the card at `position` is still missing, but `except`.
    pub fn missing(&self, position: u8, except: Option<u8>) -> Vec<u8> {
        (0..self.n as u8)
            .filter(|&s| Some(s) != except && !self.has_share(position, s))
            .collect()
    }

    /// The card at `position` if every share of it is known: open to all.
    pub fn open_public(&self, position: u8) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        let mut m = ct.b;
        for d in &self.shares[usize::from(position)] {
            m -= (*d)?;
        }
        card_kind(&m)
    }

    /// The card a ciphertext holds, once every seat's secret is public (the game is over,
    /// R11.3): how the audit reads a card as it was when a seat answered about it, though
    /// the position has been shuffled since.
    pub fn open_any(&self, ct: &Ciphertext) -> Option<u8> {
        let mut m = ct.b;
        for x in &self.secrets {
            m -= ct.a * x.as_ref()?.scalar();
        }
        card_kind(&m)
    }

    /// The card at `position` as `seat` sees it with its own secret, once everyone else has
    /// given a share: how a player reads the cards dealt to it.
    pub fn open_private(&self, position: u8, seat: u8, secret: &Secret) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        let mut m = ct.b - ct.a * secret.scalar();
        for (s, d) in self.shares[usize::from(position)].iter().enumerate() {
            if s != usize::from(seat) {
                m -= (*d)?;
            }
        }
        card_kind(&m)
    }

    /// The card at `position` as the seat `to` reads it from a sealed share of the card's
    /// holder (`from`) that the ledger accepted (Examine, R7.2).
    pub fn open_sealed(
        &self,
        position: u8,
        from: u8,
        sealed: &SealedShare,
        to: u8,
        secret: &Secret,
    ) -> Option<u8> {
        let ct = self.deck.get(usize::from(position))?;
        let mut m = ct.b - sealed.unseal(secret.scalar());
        for (s, d) in self.shares[usize::from(position)].iter().enumerate() {
            if s == usize::from(from) {
                continue;
            }
            if s == usize::from(to) {
                m -= ct.a * secret.scalar();
            } else {
                m -= (*d)?;
            }
        }
        card_kind(&m)
    }

    /// Checks a record as received (bytes) and, if it holds, adds it to the ledger.
    pub fn apply_bytes(&mut self, data: &[u8]) -> Result<(), Fault> {
        let record = Record::decode(data).map_err(|e| Fault {
            // An unreadable record names the first byte's seat if it is one; whose it
            // really is, the session layer knows (the link it came on).
            seat: data.first().copied().unwrap_or(0),
            kind: FaultKind::Malformed(e),
        })?;
        self.apply(&record)
    }

    /// Checks a record and, if it holds, adds it to the ledger.
    pub fn apply(&mut self, record: &Record) -> Result<(), Fault> {
        let seat = record.seat;
        let fault = |kind| Err(Fault { seat, kind });
        if usize::from(seat) >= self.n {
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
            Msg::Complain { .. } => 8,
            Msg::Release { .. } => 9,
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

    fn check(&mut self, ctx: &Context, seat: u8, msg: &Msg) -> Result<(), FaultKind> {
        let s = usize::from(seat);
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
                for (&p, c) in positions.iter().zip(output) {
                    let p = usize::from(p);
                    self.deck[p] = *c;
                    // New ciphertexts: the shares of the old ones open nothing now, but a
                    // published secret still gives its seat's share.
                    for (t, d) in self.shares[p].iter_mut().enumerate() {
                        *d = self.secrets[t].as_ref().map(|x| c.a * x.scalar());
                    }
                }
                Ok(())
            }
            Msg::Shares { shares } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let mut checked = Vec::with_capacity(shares.len());
                for (p, share) in shares {
                    let ct = self.deck.get(usize::from(*p)).ok_or(FaultKind::BadShare)?;
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
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let to_key = self.key(*to).ok_or(FaultKind::BadSeal)?;
                let ct = self
                    .deck
                    .get(usize::from(*position))
                    .ok_or(FaultKind::BadSeal)?;
                if *to == seat || !(trusted || sealed.verify(ctx, &key, &to_key, ct)) {
                    return Err(FaultKind::BadSeal);
                }
                Ok(())
            }
            Msg::Reveal {
                position,
                kind,
                share,
            } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let p = usize::from(*position);
                let ct = *self.deck.get(p).ok_or(FaultKind::BadShare)?;
                if !(trusted || share.verify(ctx, &key, &ct)) {
                    return Err(FaultKind::BadShare);
                }
                // Only a card every other seat has opened to its holder can be shown.
                if !self.missing(*position, Some(seat)).is_empty() {
                    return Err(FaultKind::OutOfOrder);
                }
                let mut m = ct.b - share.d;
                for (t, d) in self.shares[p].iter().enumerate() {
                    if t != s {
                        m -= d.unwrap_or_default();
                    }
                }
                if card_kind(&m) != Some(*kind) {
                    return Err(FaultKind::FalseClaim);
                }
                self.shares[p][s] = Some(share.d);
                Ok(())
            }
            Msg::View { hash, signature } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                // A departed seat's secret is public: anyone could sign its view.
                if self.gone[s] || self.secrets[s].is_some() || self.views[s].is_some() {
                    return Err(FaultKind::OutOfOrder);
                }
                if !(trusted || signature.verify_signed(ctx, &key, &view_message(hash))) {
                    return Err(FaultKind::BadSignature);
                }
                self.views[s] = Some(*hash);
                Ok(())
            }
            Msg::Secret { secret } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let x = Secret::from_bytes(secret).map_err(|_| FaultKind::WrongSecret)?;
                if x.public() != key {
                    return Err(FaultKind::WrongSecret);
                }
                self.learn_secret(s, x);
                Ok(())
            }
            Msg::Escrow { parts } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                if self.gone[s] {
                    return Err(FaultKind::OutOfOrder);
                }
                // One part for each other seat still here, and at least two: with one,
                // that seat alone would hold the secret.
                let mut to: Vec<u8> = parts.iter().map(|p| p.to).collect();
                to.sort_unstable();
                let present: Vec<u8> = (0..self.n as u8)
                    .filter(|&t| t != seat && !self.gone[usize::from(t)])
                    .collect();
                if to != present || present.len() < 2 {
                    return Err(FaultKind::BadEscrow);
                }
                let sum: RistrettoPoint = parts.iter().map(|p| p.commit).sum();
                if sum != key
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
            Msg::Complain { about, exchange } => {
                let key = self.keys[s].ok_or(FaultKind::OutOfOrder)?;
                let (ectx, parts) = self
                    .escrows
                    .get(usize::from(*about))
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
                let sigma = part.c - escrow_pad(ectx, seat, &exchange.d);
                if RistrettoPoint::mul_base(&sigma) == part.commit {
                    return Err(FaultKind::FalseComplaint);
                }
                self.proven.push(Fault {
                    seat: *about,
                    kind: FaultKind::BadEscrow,
                });
                Ok(())
            }
            Msg::Release { of, part } => {
                let d = usize::from(*of);
                let (_, parts) = self
                    .escrows
                    .get(d)
                    .and_then(Option::as_ref)
                    .ok_or(FaultKind::BadRelease)?;
                let mine = parts
                    .iter()
                    .find(|p| p.to == seat)
                    .ok_or(FaultKind::BadRelease)?;
                if self.gone[d] || self.released[d].iter().any(|(f, _)| *f == seat) {
                    return Err(FaultKind::BadRelease);
                }
                let mut r = Reader::new(part);
                let sigma = r.scalar().map_err(|_| FaultKind::BadRelease)?;
                if RistrettoPoint::mul_base(&sigma) != mine.commit {
                    return Err(FaultKind::BadRelease);
                }
                let expected = parts.len();
                self.released[d].push((seat, sigma));
                if self.released[d].len() == expected {
                    let x: Scalar = self.released[d].iter().map(|(_, s)| s).sum();
                    // The commitments summed to the key, so the parts do too.
                    if let Ok(x) = Secret::from_bytes(&x.to_bytes()) {
                        self.gone[d] = true;
                        self.learn_secret(d, x);
                    }
                }
                Ok(())
            }
        }
    }

    /// A seat's secret is public (the game is over, or it left for good): every card gets
    /// its share.
    fn learn_secret(&mut self, s: usize, x: Secret) {
        for (p, ct) in self.deck.iter().enumerate() {
            self.shares[p][s] = Some(ct.a * x.scalar());
        }
        self.secrets[s] = Some(x);
    }
}
