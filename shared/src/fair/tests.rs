//! The fair deal's core: honest tables of 2–10 seats read their cards and nobody else's;
//! each deviation of the threat model (docs/FAIR-DEAL.md) is refused and names its seat.

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::group::{Context, DecodeError, Reader, Writer, random_scalar};
use super::ledger::{MAX_RECORD_BYTES, Msg, Record, escrow_digest, shuffle_digest};
use super::proofs::{Ciphertext, KeyProof, SealedShare, Share};
use super::shuffle::{ShuffleProof, shuffle, shuffle_with};
use super::*;
use crate::engine::Seat;

/// The deck of R1.5 for `n` players without the Inquisitor: three, four or five copies
/// of the five characters in use (duke, assassin, captain, ambassador, contessa).
fn deck(n: usize) -> Vec<u8> {
    let copies = match n {
        2..=6 => 3,
        7..=8 => 4,
        _ => 5,
    };
    (0..5u8)
        .flat_map(|k| std::iter::repeat_n(k, copies))
        .collect()
}

/// A table whose seats all play honestly, each seat's secret held apart.
struct LedgerTable {
    ledger: Ledger,
    secrets: Vec<Secret>,
    rng: ChaCha8Rng,
    round: u32,
}

impl LedgerTable {
    fn new(n: usize, seed: u64) -> LedgerTable {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let secrets = (0..n).map(|_| Secret::random(&mut rng)).collect();
        let ledger = Ledger::new([7; 32], 1, n, &deck(n)).unwrap();
        LedgerTable {
            ledger,
            secrets,
            rng,
            round: 0,
        }
    }

    fn apply(&mut self, r: &Record) {
        // Every record also crosses the wire format.
        let bytes = r.encode();
        assert!(bytes.len() <= MAX_RECORD_BYTES);
        assert_eq!(Record::decode(&bytes).as_ref(), Ok(r));
        self.ledger.apply_bytes(&bytes).unwrap();
    }

    fn keys(&mut self) {
        for s in Seat::all(self.ledger.seats()) {
            let r = self
                .ledger
                .key_record(s, self.round, &self.secrets[s.index()], &mut self.rng);
            self.apply(&r);
        }
        self.round += 1;
    }

    /// Every seat shuffles `positions` in turn (R2.1, and every reshuffle of the Court).
    fn shuffle_all(&mut self, positions: &[u8]) {
        for s in Seat::all(self.ledger.seats()) {
            let (r, _) = self
                .ledger
                .shuffle_record(
                    s,
                    self.round,
                    positions,
                    &self.secrets[s.index()],
                    &mut self.rng,
                )
                .unwrap();
            self.apply(&r);
        }
        self.round += 1;
    }

    /// Every seat but `holder` gives its shares of `positions`: the cards open to
    /// `holder` alone.
    fn open_to(&mut self, holder: Seat, positions: &[u8]) {
        for s in Seat::all(self.ledger.seats()).filter(|&s| s != holder) {
            let r = self
                .ledger
                .shares_record(
                    s,
                    self.round,
                    positions,
                    &self.secrets[s.index()],
                    &mut self.rng,
                )
                .unwrap();
            self.apply(&r);
        }
        self.round += 1;
    }

    /// The deal: keys, a shuffle by every seat, two cards opened to each seat.
    fn deal(&mut self) {
        self.keys();
        let all: Vec<u8> = (0..self.ledger.deck().len() as u8).collect();
        self.shuffle_all(&all);
        for s in Seat::all(self.ledger.seats()) {
            self.open_to(s, &[2 * s.0, 2 * s.0 + 1]);
        }
    }

    fn read(&self, seat: Seat, position: u8) -> Option<u8> {
        self.ledger
            .open_private(position, seat, &self.secrets[seat.index()])
    }

    fn publish_secrets(&mut self) {
        for s in Seat::all(self.ledger.seats()) {
            if self.ledger.is_gone(s) {
                continue;
            }
            let r = self
                .ledger
                .secret_record(s, self.round, &self.secrets[s.index()])
                .unwrap();
            self.apply(&r);
        }
        self.round += 1;
    }
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

#[test]
fn an_honest_deal_opens_each_hand_to_its_holder_alone_at_every_table_size() {
    for n in 2..=10u8 {
        let mut t = LedgerTable::new(usize::from(n), u64::from(n));
        t.deal();
        let total = t.ledger.deck().len() as u8;
        for s in Seat::all(usize::from(n)) {
            for p in [2 * s.0, 2 * s.0 + 1] {
                // R11.1: the holder reads its card...
                assert!(
                    t.read(s, p).is_some(),
                    "{n} seats: seat {s} cannot read {p}"
                );
                // ...R11.2: nobody else does, alone or with everything public.
                for o in Seat::all(usize::from(n)).filter(|&o| o != s) {
                    assert_eq!(t.read(o, p), None, "{n} seats: seat {o} reads {p}");
                }
                assert_eq!(t.ledger.open_public(p), None);
            }
        }
        // The Court is closed to everyone.
        for p in 2 * n..total {
            assert_eq!(t.ledger.open_public(p), None);
            for s in Seat::all(usize::from(n)) {
                assert_eq!(t.read(s, p), None);
            }
        }
        let hands: Vec<u8> = Seat::all(usize::from(n))
            .flat_map(|s| [t.read(s, 2 * s.0).unwrap(), t.read(s, 2 * s.0 + 1).unwrap()])
            .collect();
        // R11.3: the secrets published at the end open everything, and the cards are the
        // deck of R1.5, each once.
        t.publish_secrets();
        let all: Vec<u8> = (0..total)
            .map(|p| t.ledger.open_public(p).unwrap())
            .collect();
        assert_eq!(sorted(all.clone()), sorted(deck(usize::from(n))));
        assert_eq!(&all[..2 * usize::from(n)], &hands[..]);
    }
}

#[test]
fn the_deal_is_shuffled() {
    // Two deals from different randomness put different cards on top: the shuffle is not
    // the identity (a fault that would make every deal the same).
    let tops: Vec<Vec<u8>> = (0..4)
        .map(|seed| {
            let mut t = LedgerTable::new(4, 100 + seed);
            t.deal();
            t.publish_secrets();
            (0..15).map(|p| t.ledger.open_public(p).unwrap()).collect()
        })
        .collect();
    assert!(tops.windows(2).any(|w| w[0] != w[1]));
    assert!(tops.iter().all(|d| *d != deck(4)));
}

#[test]
fn a_shown_card_opens_to_all_and_a_false_claim_names_its_seat() {
    // R6.1/R6.2: the holder shows a card; R8.4's shown hand is two such reveals.
    for liar in [Seat(0), Seat(2)] {
        let mut t = LedgerTable::new(3, 11 + u64::from(liar.0));
        t.deal();
        let p = 2 * liar.0;
        let truth = t.read(liar, p).unwrap();
        let lie = (truth + 1) % 5;
        let secret = t.secrets[liar.index()].clone();
        let r = t
            .ledger
            .reveal_record(liar, t.round, p, lie, &secret, &mut t.rng)
            .unwrap();
        assert_eq!(
            t.ledger.apply(&r),
            Err(Fault {
                seat: liar,
                kind: FaultKind::FalseClaim
            })
        );
        // The refused reveal left the card closed.
        assert_eq!(t.ledger.open_public(p), None);
        let r = t
            .ledger
            .reveal_record(liar, t.round, p, truth, &secret, &mut t.rng)
            .unwrap();
        t.apply(&r);
        assert_eq!(t.ledger.open_public(p), Some(truth));
        // The other card of that hand stays closed.
        assert_eq!(t.ledger.open_public(p + 1), None);
    }
}

#[test]
fn an_exchange_and_the_reshuffle_after_it_keep_every_card_where_it_may_be_seen() {
    // R4.2 at 6 seats: seat 1 draws two cards from the Court, mixes them with its hand
    // (its own shuffle, so the table cannot tell which it keeps), keeps two, returns two,
    // and the Court is shuffled by everyone.
    let mut t = LedgerTable::new(6, 21);
    t.deal();
    let hand = [2u8, 3];
    let drawn = [12u8, 13];
    t.open_to(Seat(1), &drawn);
    let before: Vec<u8> = hand
        .iter()
        .chain(&drawn)
        .map(|&p| t.read(Seat(1), p).unwrap())
        .collect();
    let mixed = [2u8, 3, 12, 13];
    let (r, perm) = t
        .ledger
        .shuffle_record(Seat(1), t.round, &mixed, &t.secrets[1].clone(), &mut t.rng)
        .unwrap();
    t.apply(&r);
    t.round += 1;
    // Seat 1 knows where each card went (output i is input perm[i]); the new ciphertexts
    // open to it once the others give their shares again.
    t.open_to(Seat(1), &mixed);
    for (i, &p) in mixed.iter().enumerate() {
        assert_eq!(t.read(Seat(1), p), Some(before[perm[i]]));
        for o in [0, 2, 3, 4, 5].map(Seat) {
            assert_eq!(t.read(o, p), None);
        }
    }
    // It keeps positions 2 and 3; 12 and 13 are the Court's again, reshuffled by all.
    let court: Vec<u8> = (12..15).collect();
    t.shuffle_all(&court);
    for &p in &court {
        assert_eq!(
            t.read(Seat(1), p),
            None,
            "seat 1 still reads the returned card at {p}"
        );
    }
}

#[test]
fn examine_shows_a_card_to_the_inquisitor_alone() {
    // R7.2: seat 2 shows its card to seat 0 through a sealed share; seat 1 cannot read it.
    let mut t = LedgerTable::new(3, 31);
    t.deal();
    let p = 4;
    let card = t.read(Seat(2), p).unwrap();
    let s2 = t.secrets[2].clone();
    let r = t
        .ledger
        .seal_record(Seat(2), t.round, p, Seat(0), &s2, &mut t.rng)
        .unwrap();
    t.apply(&r);
    let Msg::Seal { sealed, .. } = r.msg else {
        unreachable!()
    };
    assert_eq!(
        t.ledger
            .open_sealed(p, Seat(2), &sealed, Seat(0), &t.secrets[0]),
        Some(card)
    );
    assert_eq!(
        t.ledger
            .open_sealed(p, Seat(2), &sealed, Seat(1), &t.secrets[1]),
        None
    );
    assert_eq!(t.ledger.open_public(p), None);

    // A seal made for seat 1's key but addressed to seat 0 is refused.
    t.round += 1;
    let ctx = t.ledger.context(Seat(2), t.round);
    let wrong = SealedShare::prove(
        &ctx,
        s2.scalar(),
        &t.secrets[1].public(),
        &t.ledger.deck()[4],
        &mut t.rng,
    );
    let bad = Record {
        seat: Seat(2),
        round: t.round,
        msg: Msg::Seal {
            position: p,
            to: Seat(0),
            sealed: wrong,
        },
    };
    assert_eq!(
        t.ledger.apply(&bad).unwrap_err(),
        Fault {
            seat: Seat(2),
            kind: FaultKind::BadSeal
        }
    );
}

/// For each seat (the host's, 0, and a guest's), every deviation of the threat model.
#[test]
fn every_deviation_is_refused_and_names_its_seat() {
    for cheat in [Seat(0), Seat(3)] {
        let named = |kind| Fault { seat: cheat, kind };
        let mut rng = ChaCha8Rng::seed_from_u64(41 + u64::from(cheat.0));
        let n = 5;

        // A key without knowledge of its secret: the proof is another seat's (made for
        // another context) or made for another key.
        let mut t = LedgerTable::new(n, 40 + u64::from(cheat.0));
        for s in Seat::all(cheat.index()) {
            let r = t.ledger.key_record(s, 0, &t.secrets[s.index()], &mut rng);
            t.apply(&r);
        }
        let other = Secret::random(&mut rng);
        let ctx = t.ledger.context(cheat, 0);
        let bad = Record {
            seat: cheat,
            round: 0,
            msg: Msg::Key {
                key: t.secrets[cheat.index()].public() - other.public(),
                proof: KeyProof::prove(&ctx, other.scalar(), &mut rng),
            },
        };
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadKey)));
        let mut elsewhere = ctx;
        elsewhere.table = [8; 32];
        let bad = Record {
            seat: cheat,
            round: 0,
            msg: Msg::Key {
                key: t.secrets[cheat.index()].public(),
                proof: KeyProof::prove(&elsewhere, t.secrets[cheat.index()].scalar(), &mut rng),
            },
        };
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadKey)));

        // A false shuffle: an honest proof with a card swapped for another card; a
        // tampered response; a "shuffle" that copies one card over another with a proof
        // built for it; a shuffle of positions that do not exist or repeat.
        let mut t = LedgerTable::new(n, 50 + u64::from(cheat.0));
        t.keys();
        let all: Vec<u8> = (0..15).collect();
        for s in Seat::all(cheat.index()) {
            let (r, _) = t
                .ledger
                .shuffle_record(s, t.round, &all, &t.secrets[s.index()], &mut rng)
                .unwrap();
            t.apply(&r);
        }
        let secret = t.secrets[cheat.index()].clone();
        let (honest, _) = t
            .ledger
            .shuffle_record(cheat, t.round, &all, &secret, &mut rng)
            .unwrap();
        let Msg::Shuffle {
            positions,
            output,
            proof,
            ..
        } = honest.msg.clone()
        else {
            unreachable!()
        };
        let ctx = t.ledger.context(cheat, t.round);
        // A cheat signs what it sends, as an honest seat does.
        let signed = |positions: Vec<u8>,
                      output: Vec<Ciphertext>,
                      proof: ShuffleProof,
                      rng: &mut ChaCha8Rng| {
            let digest = shuffle_digest(&positions, &output, &proof);
            Record {
                msg: Msg::Shuffle {
                    positions,
                    output,
                    proof: Box::new(proof),
                    signature: KeyProof::sign(&ctx, secret.scalar(), &digest, rng),
                },
                ..honest.clone()
            }
        };
        let joint = t.ledger.joint_key().unwrap();
        let mut swapped = output.clone();
        swapped[0] = Ciphertext::open(card_point(0)).rerandomize(&joint, &random_scalar(&mut rng));
        let bad = signed(positions.clone(), swapped, (*proof).clone(), &mut rng);
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadShuffle)));
        let bad = signed(
            positions.clone(),
            output.clone(),
            proof.clone().with_k_e0(Scalar::ONE),
            &mut rng,
        );
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadShuffle)));
        let input: Vec<Ciphertext> = t.ledger.deck().to_vec();
        let mut copy: Vec<usize> = (0..15).collect();
        copy[1] = 0; // not a permutation: input 0 twice, input 1 gone
        let (out, pr) = shuffle_with(&ctx, &joint, &input, &copy, &mut rng);
        let bad = signed(positions.clone(), out, pr, &mut rng);
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadShuffle)));
        for positions in [vec![0u8, 0], vec![0, 15]] {
            let (out, pr, _) = shuffle(&ctx, &joint, &input[..2], &mut rng);
            let bad = signed(positions, out, pr, &mut rng);
            assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadShuffle)));
        }
        // A true shuffle put in the seat's place by someone else (whoever relays the
        // records): it is not signed by the seat's key.
        let (out, pr, _) = shuffle(&ctx, &joint, &input, &mut rng);
        let digest = shuffle_digest(&positions, &out, &pr);
        let forged = Record {
            msg: Msg::Shuffle {
                positions: positions.clone(),
                output: out,
                proof: Box::new(pr),
                signature: KeyProof::sign(&ctx, other.scalar(), &digest, &mut rng),
            },
            ..honest.clone()
        };
        assert_eq!(t.ledger.apply(&forged), Err(named(FaultKind::BadSignature)));
        // The honest one still goes in: a refused record changed nothing.
        t.apply(&honest);

        // A wrong decryption share: made with another secret, or with its point moved.
        let mut t = LedgerTable::new(n, 60 + u64::from(cheat.0));
        t.deal();
        let holder = Seat::at((cheat.index() + 1) % n);
        let p = 2 * holder.0;
        let ctx = t.ledger.context(cheat, t.round);
        let ct = t.ledger.deck()[usize::from(p)];
        let bad = Record {
            seat: cheat,
            round: t.round,
            msg: Msg::Shares {
                shares: vec![(p, Share::prove(&ctx, other.scalar(), &ct, &mut rng))],
            },
        };
        assert_eq!(t.ledger.apply(&bad), Err(named(FaultKind::BadShare)));
        let honest = t
            .ledger
            .shares_record(cheat, t.round, &[p], &t.secrets[cheat.index()], &mut rng)
            .unwrap();
        let mut bytes = honest.encode();
        let moved = (RistrettoPoint::mul_base(&Scalar::ONE)).compress();
        bytes[8..40].copy_from_slice(moved.as_bytes());
        assert_eq!(
            t.ledger.apply_bytes(&bytes),
            Err(named(FaultKind::BadShare))
        );

        // Replays: the same record twice; an old record in a later round; a record's
        // round relabelled (its proof is bound to the round it was made for).
        t.apply(&honest);
        assert_eq!(t.ledger.apply(&honest), Err(named(FaultKind::Replayed)));
        let again = t
            .ledger
            .shares_record(cheat, t.round, &[p], &t.secrets[cheat.index()], &mut rng)
            .unwrap();
        assert_eq!(t.ledger.apply(&again), Err(named(FaultKind::Replayed)));
        t.round += 1;
        let next = t
            .ledger
            .shares_record(
                holder,
                t.round,
                &[p + 2],
                &t.secrets[holder.index()],
                &mut rng,
            )
            .unwrap();
        t.apply(&next);
        let mut stale = honest.clone();
        stale.msg = t
            .ledger
            .shares_record(
                cheat,
                t.round - 1,
                &[(p + 5) % 10],
                &t.secrets[cheat.index()],
                &mut rng,
            )
            .unwrap()
            .msg;
        stale.round = t.round - 1;
        assert_eq!(t.ledger.apply(&stale), Err(named(FaultKind::Stale)));
        let relabelled = Record {
            round: t.round,
            ..stale
        };
        assert_eq!(t.ledger.apply(&relabelled), Err(named(FaultKind::BadShare)));

        // A card claimed but not held (the reveal of a false claim).
        let mine = 2 * cheat.0;
        let truth = t.read(cheat, mine).unwrap();
        let r = t
            .ledger
            .reveal_record(
                cheat,
                t.round,
                mine,
                (truth + 2) % 5,
                &t.secrets[cheat.index()],
                &mut rng,
            )
            .unwrap();
        assert_eq!(t.ledger.apply(&r), Err(named(FaultKind::FalseClaim)));

        // A false secret at the end.
        let r = t.ledger.secret_record(cheat, t.round, &other).unwrap();
        assert_eq!(t.ledger.apply(&r), Err(named(FaultKind::WrongSecret)));

        // Through all of it, no honest seat's card opened to anyone but its holder.
        for s in Seat::all(n).filter(|&s| s != cheat) {
            assert_eq!(t.ledger.open_public(2 * s.0), None);
            assert_eq!(t.ledger.open_public(2 * s.0 + 1), None);
        }
    }
}

#[test]
fn a_shuffle_proof_is_bound_to_its_statement() {
    // The same proof fails for another key, another input or another context.
    let mut rng = ChaCha8Rng::seed_from_u64(71);
    let ctx = Context {
        table: [1; 32],
        game: 1,
        step: 3,
        seat: Seat(2),
    };
    let key = Secret::random(&mut rng).public();
    let input: Vec<Ciphertext> = (0..6u8)
        .map(|k| Ciphertext::open(card_point(k % 5)).rerandomize(&key, &random_scalar(&mut rng)))
        .collect();
    let (output, proof, _) = shuffle(&ctx, &key, &input, &mut rng);
    assert!(proof.verify(&ctx, &key, &input, &output));
    let other_key = Secret::random(&mut rng).public();
    assert!(!proof.verify(&ctx, &other_key, &input, &output));
    let mut other_input = input.clone();
    other_input.swap(0, 1);
    assert!(!proof.verify(&ctx, &key, &other_input, &output));
    assert!(!proof.verify(&Context { step: 4, ..ctx }, &key, &input, &output));
    assert!(!proof.verify(
        &Context {
            seat: Seat(1),
            ..ctx
        },
        &key,
        &input,
        &output
    ));
    assert!(!proof.verify(&ctx, &key, &input[..5], &output[..5]));
    // And a shuffle of one card is a re-encryption, proven the same way.
    let (o1, p1, _) = shuffle(&ctx, &key, &input[..1], &mut rng);
    assert!(p1.verify(&ctx, &key, &input[..1], &o1));
}

#[test]
fn records_are_read_back_exactly_and_anything_else_is_refused() {
    let mut t = LedgerTable::new(3, 81);
    t.keys();
    let (shuffle, _) = t
        .ledger
        .shuffle_record(
            Seat(0),
            1,
            &(0..15).collect::<Vec<u8>>(),
            &t.secrets[0].clone(),
            &mut t.rng,
        )
        .unwrap();
    let bytes = shuffle.encode();
    assert_eq!(Record::decode(&bytes), Ok(shuffle.clone()));
    // Every truncation and one trailing byte.
    for cut in 0..bytes.len() {
        assert!(Record::decode(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(Record::decode(&long), Err(DecodeError::Trailing));
    // An unknown kind, a count of zero, a count beyond the largest deck.
    let mut b = bytes.clone();
    b[5] = 200;
    assert_eq!(Record::decode(&b), Err(DecodeError::BadKind));
    for count in [0u8, 26] {
        let mut b = bytes.clone();
        b[6] = count;
        assert_eq!(Record::decode(&b), Err(DecodeError::BadLength));
    }
    // A non-canonical scalar (the group order itself) and a non-canonical point.
    let mut w = Writer::default();
    w.out.extend_from_slice(&[
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ]);
    assert_eq!(Reader::new(&w.out).scalar(), Err(DecodeError::BadScalar));
    assert_eq!(Reader::new(&[0xff; 32]).point(), Err(DecodeError::BadPoint));
    assert_eq!(
        Secret::from_bytes(&[0; 32]).unwrap_err(),
        DecodeError::BadScalar
    );
    // A record for a seat the table does not have; for a seat no table has, a record
    // that does not read, naming the seat its first byte gives.
    let mut b = bytes.clone();
    b[0] = 3;
    assert_eq!(
        t.ledger.apply_bytes(&b).unwrap_err().kind,
        FaultKind::NoSuchSeat
    );
    b[0] = MAX_SEATS as u8;
    assert_eq!(Record::decode(&b), Err(DecodeError::BadSeat));
    assert_eq!(
        t.ledger.apply_bytes(&b).unwrap_err(),
        Fault {
            seat: Seat(MAX_SEATS as u8),
            kind: FaultKind::Malformed(DecodeError::BadSeat)
        }
    );
    // A secret round-trips through the tab's storage.
    let s = Secret::random(&mut t.rng);
    assert_eq!(
        Secret::from_bytes(&s.to_bytes()).unwrap().public(),
        s.public()
    );
    let _ = ShuffleProof::read;
}

/// The cards of a test shuffle: four cards encrypted under a fresh key.
fn four_cards(rng: &mut ChaCha8Rng) -> (Context, RistrettoPoint, Vec<Ciphertext>) {
    let ctx = Context {
        table: [3; 32],
        game: 2,
        step: 5,
        seat: Seat(1),
    };
    let key = Secret::random(rng).public();
    let input = (0..4u8)
        .map(|k| Ciphertext::open(card_point(k)).rerandomize(&key, &random_scalar(rng)))
        .collect();
    (ctx, key, input)
}

#[test]
fn a_linear_mix_that_is_no_permutation_is_refused_by_the_product_argument() {
    // The cheat outputs 2·in_0 and in_1 − in_0 (plaintexts that are no cards); its matrix
    // m = (nᵀ)⁻¹ = [[½, ½], [0, 1]] has rows summing to 1, so every equation but the
    // product one holds: the product argument alone refuses it.
    let mut rng = ChaCha8Rng::seed_from_u64(91);
    let (ctx, key, input) = four_cards(&mut rng);
    let half = Scalar::from(2u8).invert();
    let (z, one) = (Scalar::ZERO, Scalar::ONE);
    let m = vec![
        vec![half, half, z, z],
        vec![z, one, z, z],
        vec![z, z, one, z],
        vec![z, z, z, one],
    ];
    let nm = vec![
        vec![Scalar::from(2u8), z, z, z],
        vec![-one, one, z, z],
        vec![z, z, one, z],
        vec![z, z, z, one],
    ];
    let (output, proof) =
        super::shuffle::cheat_with_matrix(&ctx, &key, &input, &m, &nm, None, &mut rng);
    assert!(proof.verify_without_product(&ctx, &key, &input, &output));
    assert!(!proof.verify(&ctx, &key, &input, &output));
}

#[test]
fn a_shuffle_that_swaps_in_another_card_is_refused_though_its_commitment_is_a_permutation() {
    // An honest permutation committed, but the first output is a fresh Duke in place of
    // the card it should be, the proof built over that output: only the equation tying
    // the ciphertexts to the commitment (F) can refuse it.
    let mut rng = ChaCha8Rng::seed_from_u64(92);
    let (ctx, key, input) = four_cards(&mut rng);
    let (z, one) = (Scalar::ZERO, Scalar::ONE);
    // Output i is input 3 - i.
    let m: Vec<Vec<Scalar>> = (0..4)
        .map(|i| (0..4).map(|j| if i + j == 3 { one } else { z }).collect())
        .collect();
    let duke = Ciphertext::open(card_point(0)).rerandomize(&key, &random_scalar(&mut rng));
    let (output, proof) =
        super::shuffle::cheat_with_matrix(&ctx, &key, &input, &m, &m, Some(duke), &mut rng);
    assert!(!proof.verify(&ctx, &key, &input, &output));
    // Without the swap, the same cheat's machinery proves an honest shuffle: the refusal
    // is the swap's.
    let (output, proof) =
        super::shuffle::cheat_with_matrix(&ctx, &key, &input, &m, &m, None, &mut rng);
    assert!(proof.verify(&ctx, &key, &input, &output));
}

impl LedgerTable {
    fn escrow_all(&mut self) {
        for s in Seat::all(self.ledger.seats()) {
            if self.ledger.is_gone(s) {
                continue;
            }
            let r = self
                .ledger
                .escrow_record(s, self.round, &self.secrets[s.index()], &mut self.rng)
                .unwrap();
            self.apply(&r);
        }
        self.round += 1;
    }

    /// The card at `position`, read with every seat's secret: what the test knows.
    fn truth(&self, position: u8) -> u8 {
        let ct = self.ledger.deck()[usize::from(position)];
        let x: Scalar = self.secrets.iter().map(|x| x.scalar()).sum();
        super::cards::card_kind(&(ct.b - ct.a * x)).unwrap()
    }

    /// Seats `by` give their shares of the cards at `positions`, in one round.
    fn shares_from(&mut self, by: &[Seat], positions: &[u8]) {
        for &s in by {
            let r = self
                .ledger
                .shares_record(
                    s,
                    self.round,
                    positions,
                    &self.secrets[s.index()],
                    &mut self.rng,
                )
                .unwrap();
            self.apply(&r);
        }
        self.round += 1;
    }

    /// `parts` as seat `seat`'s escrow, signed with `secret`.
    fn escrow_of(&mut self, seat: Seat, parts: Vec<EscrowPart>, secret: &Secret) -> Record {
        let ctx = self.ledger.context(seat, self.round);
        let signature =
            KeyProof::sign(&ctx, secret.scalar(), &escrow_digest(&parts), &mut self.rng);
        Record {
            seat,
            round: self.round,
            msg: Msg::Escrow { parts, signature },
        }
    }
}

#[test]
fn a_seat_that_leaves_for_good_opens_only_its_cards_and_its_secret_is_never_rebuilt() {
    // docs/FAIR-DEAL.md, section 6, at 3 to 10 seats: seat 1 leaves; the seats holding
    // its escrow parts take them into their stakes, and its hand opens to all only once
    // every one of them gives its share of it; the Court still opens to the seat that
    // draws, to it alone; nothing public opens what seat 1 alone could (its own key).
    for n in 3..=10u8 {
        let mut t = LedgerTable::new(usize::from(n), 200 + u64::from(n));
        t.deal();
        t.escrow_all();
        let hand = [t.read(Seat(1), 2).unwrap(), t.read(Seat(1), 3).unwrap()];
        let own = [t.read(Seat(0), 0).unwrap(), t.read(Seat(0), 1).unwrap()];
        let others: Vec<Seat> = Seat::all(usize::from(n))
            .filter(|&s| s != Seat(1))
            .collect();
        let reset = t.ledger.depart(Seat(1)).unwrap();
        assert!(t.ledger.is_gone(Seat(1)));
        // Its own cards, which it never gave a share of, start again; hands it opened
        // to others keep their shares, and their holders still read them.
        assert!(reset.contains(&2) && reset.contains(&3));
        assert!(!reset.contains(&0) && !reset.contains(&1));
        assert_eq!(
            [t.read(Seat(0), 0).unwrap(), t.read(Seat(0), 1).unwrap()],
            own
        );
        // The stakes of the seats left sum to the joint key.
        let stakes: RistrettoPoint = others.iter().map(|&s| t.ledger.stake(s).unwrap()).sum();
        assert_eq!(Some(stakes), t.ledger.joint_key());
        assert_eq!(t.ledger.stake(Seat(1)), None);
        // Short of every other seat, its hand stays closed.
        t.shares_from(&others[..others.len() - 1], &[2, 3]);
        assert_eq!(t.ledger.open_public(2), None);
        t.shares_from(&others[others.len() - 1..], &[2, 3]);
        assert_eq!(t.ledger.open_public(2), Some(hand[0]));
        assert_eq!(t.ledger.open_public(3), Some(hand[1]));
        // Seat 0's hand is still its own.
        assert_eq!(t.ledger.open_public(0), None);
        // Seat 0 draws the Court's top card: the seats still here open it to seat 0 alone.
        let top = 2 * n;
        let by: Vec<Seat> = others.iter().copied().filter(|&s| s != Seat(0)).collect();
        t.shares_from(&by, &[top]);
        assert_eq!(t.read(Seat(0), top), Some(t.truth(top)));
        assert_eq!(t.read(Seat(2), top), None);
        assert_eq!(t.ledger.open_public(top), None);
        // No secret is rebuilt: seat 1's own key opens nothing public. The escrow parts
        // sent to it (of the others' stakes) stay closed to everyone left, so no two seats
        // left can put together a third's stake (at 3 seats, the case where one part of
        // each is all the rest need).
        assert_eq!(t.ledger.open_any(&t.ledger.deck()[0]), None);
        for &from in &others {
            for &reader in &others {
                assert_eq!(
                    t.ledger
                        .escrow_part(from, Seat(1), &t.secrets[reader.index()]),
                    None
                );
            }
        }
        // The seats left escrow their stakes again among themselves (at 3 seats, two
        // are left: no escrow, since one seat alone would hold the other's stake).
        let again = t
            .ledger
            .escrow_record(Seat(0), t.round, &t.secrets[0].clone(), &mut t.rng);
        assert_eq!(again.is_some(), n > 3);
        if let Some(r) = again {
            t.apply(&r);
        }
        // At the end, the stakes of the seats left open every card.
        t.round += 1;
        t.publish_secrets();
        assert_eq!(t.ledger.open_public(0), Some(own[0]));
        assert_eq!(t.ledger.open_public(2), Some(hand[0]));
    }
}

#[test]
fn a_second_departure_goes_on_from_the_stakes_the_first_left() {
    // Section 6 at 5 seats: seat 1 leaves, the four left escrow their stakes again, seat
    // 3 leaves: the three left open seat 3's cards and still open the Court to whoever
    // draws, and every card at the end.
    let mut t = LedgerTable::new(5, 250);
    t.deal();
    t.escrow_all();
    let three = [t.read(Seat(3), 6).unwrap(), t.read(Seat(3), 7).unwrap()];
    t.ledger.depart(Seat(1)).unwrap();
    t.shares_from(&[0, 2, 3, 4].map(Seat), &[2, 3]);
    t.escrow_all();
    let reset = t.ledger.depart(Seat(3)).unwrap();
    assert!(reset.contains(&6) && reset.contains(&7));
    assert_eq!(t.ledger.open_public(6), None);
    t.shares_from(&[0, 2, 4].map(Seat), &[6, 7]);
    assert_eq!(t.ledger.open_public(6), Some(three[0]));
    assert_eq!(t.ledger.open_public(7), Some(three[1]));
    let top = 10;
    t.shares_from(&[0, 4].map(Seat), &[top]);
    let card = t.read(Seat(2), top).unwrap();
    assert_eq!(t.read(Seat(0), top), None);
    t.publish_secrets();
    assert_eq!(t.ledger.open_public(top), Some(card));
}

#[test]
fn escrow_deviations_are_refused_or_proven_and_name_their_seat() {
    let mut t = LedgerTable::new(4, 301);
    t.deal();
    let mut rng = ChaCha8Rng::seed_from_u64(302);
    let round = t.round;
    let named = |seat, kind| {
        Err(Fault {
            seat: Seat(seat),
            kind,
        })
    };
    // Seat 1's escrow, honest, then bent: a part with a wrong pad (seat 3 cannot open it)
    // and commitments that do not add up to the key.
    let honest = t
        .ledger
        .escrow_record(Seat(1), round, &t.secrets[1], &mut rng)
        .unwrap();
    let Msg::Escrow { parts, .. } = honest.msg.clone() else {
        unreachable!()
    };
    // Made by anyone but seat 1 (the host, say), the honest parts are refused: an escrow
    // is signed by its seat.
    let secret = t.secrets[2].clone();
    let forged = t.escrow_of(Seat(1), parts.clone(), &secret);
    assert_eq!(t.ledger.apply(&forged), named(1, FaultKind::BadSignature));
    let mut skewed = parts.clone();
    skewed[0].commit += RistrettoPoint::mul_base(&Scalar::ONE);
    let secret = t.secrets[1].clone();
    let bad = t.escrow_of(Seat(1), skewed, &secret);
    assert_eq!(t.ledger.apply(&bad), named(1, FaultKind::BadEscrow));
    // Parts for seats that are not the others (seat 1 itself, or a seat missing).
    let mut to_self = parts.clone();
    to_self[0].to = Seat(1);
    let bad = t.escrow_of(Seat(1), to_self, &secret);
    assert_eq!(t.ledger.apply(&bad), named(1, FaultKind::BadEscrow));
    let mut garbled = parts.clone();
    let to_three = garbled.iter().position(|p| p.to == Seat(3)).unwrap();
    garbled[to_three].c += Scalar::ONE;
    let garbled = t.escrow_of(Seat(1), garbled, &secret);
    // The garbled part is accepted (nobody but seat 3 can tell)...
    t.apply(&garbled);
    assert_eq!(t.ledger.escrow_part(Seat(1), Seat(3), &t.secrets[3]), None);
    assert!(
        t.ledger
            .escrow_part(Seat(1), Seat(2), &t.secrets[2])
            .is_some()
    );
    // ...seat 3's check complains with its key exchange, and the ledger proves seat 1
    // wrong; seat 2's check has nothing to complain of.
    t.round += 1;
    let check = t
        .ledger
        .check_record(Seat(3), t.round, &t.secrets[3], &mut rng);
    let Msg::Check { complaints } = &check.msg else {
        unreachable!()
    };
    assert_eq!(
        complaints.iter().map(|c| c.0).collect::<Vec<_>>(),
        [Seat(1)]
    );
    t.apply(&check);
    let fine = t
        .ledger
        .check_record(Seat(2), t.round, &t.secrets[2], &mut rng);
    assert_eq!(fine.msg, Msg::Check { complaints: vec![] });
    t.apply(&fine);
    assert_eq!(
        t.ledger.proven_faults(),
        &[Fault {
            seat: Seat(1),
            kind: FaultKind::BadEscrow
        }]
    );
    // A seat proven to have escrowed falsely cannot leave with the game going on.
    assert_eq!(t.ledger.clone().depart(Seat(1)), None);
    // A complaint about a good part names the complainer.
    let r = t.ledger.escrow_r(Seat(1), Seat(0)).unwrap();
    let ctx = t.ledger.context(Seat(0), t.round);
    let exchange = Share::prove(
        &ctx,
        t.secrets[0].scalar(),
        &Ciphertext { a: r, b: r },
        &mut rng,
    );
    let false_complaint = Record {
        seat: Seat(0),
        round: t.round,
        msg: Msg::Check {
            complaints: vec![(Seat(1), exchange)],
        },
    };
    assert_eq!(
        t.ledger.apply(&false_complaint),
        named(0, FaultKind::FalseComplaint)
    );
    // The ledger still holds every honest hand closed to all.
    for p in 0..8 {
        assert_eq!(t.ledger.open_public(p), None);
    }
}

#[test]
fn pages_shown_the_same_records_share_a_hash_and_a_fingerprint() {
    // Section 12: a page shown another record, or other keys, sees another hash or
    // another fingerprint.
    let mut a = LedgerTable::new(3, 401);
    a.deal();
    let mut records = Vec::new();
    let mut b = LedgerTable::new(3, 402);
    let mut c = Ledger::new([7; 32], 1, 3, &deck(3)).unwrap();
    for s in Seat::all(3) {
        let r = c.key_record(s, 0, &b.secrets[s.index()], &mut b.rng);
        records.push(r);
    }
    // The same keys in another order: the same fingerprint, another record hash.
    let mut d = Ledger::new([7; 32], 1, 3, &deck(3)).unwrap();
    for r in &records {
        c.apply(r).unwrap();
    }
    for r in records.iter().rev() {
        d.apply(r).unwrap();
    }
    assert_eq!(c.key_fingerprint(), d.key_fingerprint());
    assert!(c.key_fingerprint().is_some());
    assert_ne!(c.record_hash(), d.record_hash());
    // Other keys (another page's secrets): another fingerprint.
    assert_ne!(a.ledger.key_fingerprint(), c.key_fingerprint());
    // Before every key is in, no fingerprint.
    assert_eq!(
        Ledger::new([7; 32], 1, 3, &deck(3))
            .unwrap()
            .key_fingerprint(),
        None
    );
    // A clone fed the same records keeps the same hash.
    let copy = a.ledger.clone();
    assert_eq!(copy.record_hash(), a.ledger.record_hash());
}

#[test]
fn a_view_is_signed_by_its_seat_and_taken_only_before_its_secret() {
    // Section 12: each seat signs its hash of the game's stream at the end while its
    // secret is still its own; the host that relays it cannot put another hash in its
    // place.
    let mut t = LedgerTable::new(3, 403);
    t.deal();
    let hash = [5u8; 64];
    let view = |t: &mut LedgerTable, seat: Seat, signer: Seat, hash: [u8; 64]| {
        let x = &t.secrets[signer.index()];
        t.ledger.view_record(seat, t.round, hash, x, &mut t.rng)
    };
    let honest = view(&mut t, Seat(0), Seat(0), hash);
    assert_eq!(honest.encode().len(), 6 + 64 + 64);
    t.apply(&honest);
    assert_eq!(t.ledger.view(Seat(0)), Some(hash));
    // Another hash under seat 1's signature of the first.
    let mut forged = view(&mut t, Seat(1), Seat(1), hash);
    if let Msg::View { hash: h, .. } = &mut forged.msg {
        h[0] ^= 1;
    }
    let before = t.ledger.record_hash();
    let fault = t.ledger.apply(&forged).unwrap_err();
    assert_eq!((fault.seat, fault.kind), (Seat(1), FaultKind::BadSignature));
    // Signed with another seat's key.
    let other = view(&mut t, Seat(1), Seat(2), hash);
    let fault = t.ledger.apply(&other).unwrap_err();
    assert_eq!((fault.seat, fault.kind), (Seat(1), FaultKind::BadSignature));
    assert_eq!(
        (t.ledger.view(Seat(1)), t.ledger.record_hash()),
        (None, before)
    );
    // Once a seat's secret is out, anyone could sign for it: no view is taken then.
    let secret = t
        .ledger
        .secret_record(Seat(2), t.round, &t.secrets[2])
        .unwrap();
    t.apply(&secret);
    let late = view(&mut t, Seat(2), Seat(2), hash);
    let fault = t.ledger.apply(&late).unwrap_err();
    assert_eq!((fault.seat, fault.kind), (Seat(2), FaultKind::OutOfOrder));
    // One view per seat, even in a later round.
    t.round += 1;
    let again = view(&mut t, Seat(0), Seat(0), [6; 64]);
    let fault = t.ledger.apply(&again).unwrap_err();
    assert_eq!((fault.seat, fault.kind), (Seat(0), FaultKind::OutOfOrder));
    assert_eq!(t.ledger.view(Seat(0)), Some(hash));
}

/// The wire form of a record and of a signed answer, byte for byte: the peer protocol
/// (docs/FAIR-DEAL.md) is these bytes, so a change to the types that carry them must not
/// change one. The proofs come from a seeded RNG, so the bytes are fixed too.
#[test]
fn wire_encoding_is_pinned() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let x = random_scalar(&mut rng);
    let ctx = Context {
        table: [7; 32],
        game: 1,
        step: 5,
        seat: Seat(2),
    };
    let joint = RistrettoPoint::mul_base(&x);
    let ct = Ciphertext::open(card_point(3)).rerandomize(&joint, &random_scalar(&mut rng));
    let record = Record {
        seat: Seat(2),
        round: 5,
        msg: Msg::Check {
            complaints: vec![(Seat(1), Share::prove(&ctx, &x, &ct, &mut rng))],
        },
    };
    let bytes = record.encode();
    assert_eq!(hex(&bytes), RECORD);
    assert_eq!(Record::decode(&bytes), Ok(record));

    let answer = SignedAnswer {
        seat: Seat(2),
        answer: CardAnswer::Keep(vec![4, 9]),
        signature: Some(KeyProof::sign(&ctx, &x, b"answer", &mut rng)),
    };
    let bytes = answer.encode();
    assert_eq!(hex(&bytes), ANSWER);
    assert_eq!(SignedAnswer::decode(&bytes), Ok(answer));
    // A seat byte no table has does not read.
    let mut far = bytes.clone();
    far[0] = MAX_SEATS as u8;
    assert_eq!(SignedAnswer::decode(&far), Err(DecodeError::BadSeat));
}

const RECORD: &str = "02050000000801018860e7e09b1b6efd1a02331ff63656dde149741b398431f58954fcad618c751b929615f127ad4be444d1a632cf7674f43b4acf607967e83f6838b17f365533049986f8515fa5f0658a1328280ccb3f192ececf0c2ccd987c5b35d853ad0c0c0b";
const ANSWER: &str = "0201bde2010570a9ed1c9c288b1de0fa6ff4bb6b8e84c76e901972e1215c8c6c3a0be69743f13cfe74a38d26447fea9b2b52acfb4d1953e2cb26fdbbad7942e4f20607020409";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
