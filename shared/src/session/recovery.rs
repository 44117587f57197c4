//! The recovery copy of a table: what lets another page take the table over when the
//! host's page is gone for good, without any one page being able to read it before.
//!
//! The host seals its snapshot ([`Host::snapshot`](super::Host::snapshot)) under a key
//! `K` and sends the sealed copy to every guest after every change. `K` is the XOR of two
//! parts: one the relay keeps for the room (`deposit`, handed only to the page it makes
//! the next host), and one split among the guests by Shamir's scheme over GF(2⁸), byte by
//! byte, so that any [`threshold`] of their shares rebuild it and fewer tell nothing.
//! Reading a copy early therefore takes the relay's part *and* that many guests' shares;
//! no coalition of guests alone can, however large (docs/RELAY-PROTOCOL.md, "Handover";
//! R11 in docs/RULES.md).
//!
//! A share that is false (a guest that lies) cannot make the successor open anything
//! else: a copy is authenticated (ChaCha20-Poly1305), and [`open`] tries the shares it
//! holds, in sets of the threshold, until one set opens the successor's own copy.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::base64url;

/// A key, a part of one, or a share's value: 32 bytes.
pub type Bytes32 = [u8; 32];

/// The most guests a key is split among: every member of a table but its host.
pub const MAX_HOLDERS: usize = 40;

/// The most sets of shares [`open`] tries (a lying guest costs the successor this much
/// work at most).
pub const MAX_TRIES: usize = 4_096;

/// The longest sealed copy a guest keeps, base64url: a snapshot is kept well under it.
pub const MAX_COPY_CHARS: usize = 400 * 1024;

/// A guest's share of the guests' part of the key: the point `x` of the polynomial and
/// its value at `x`, with the epoch of the key it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    pub epoch: u32,
    pub x: u8,
    pub y: Bytes32,
}

/// How many guests' shares rebuild the guests' part when it is split among `holders`:
/// half of them, rounded up (with the relay's part, which every opening needs).
pub fn threshold(holders: usize) -> usize {
    holders.div_ceil(2).max(1)
}

/// A fresh key for one epoch: the relay's part, and the guests' shares.
pub struct Dealt {
    pub key: Bytes32,
    pub relay_part: Bytes32,
    pub shares: Vec<Share>,
}

/// Draws a key and splits it for `holders` guests (1 ..= [`MAX_HOLDERS`]; `None`
/// otherwise): the relay's part at random, the guests' part the rest, shared with a
/// random polynomial of degree `threshold(holders) - 1` per byte.
pub fn deal(rng: &mut impl RngCore, epoch: u32, holders: usize) -> Option<Dealt> {
    if !(1..=MAX_HOLDERS).contains(&holders) {
        return None;
    }
    let mut key = [0u8; 32];
    rng.fill_bytes(&mut key);
    let mut relay_part = [0u8; 32];
    rng.fill_bytes(&mut relay_part);
    let guests_part = xor(&key, &relay_part);
    let t = threshold(holders);
    // coefficients[k][i]: byte i's coefficient of x^k; the constant term is the secret.
    let mut coefficients = vec![[0u8; 32]; t];
    coefficients[0] = guests_part;
    for c in coefficients.iter_mut().skip(1) {
        rng.fill_bytes(c);
    }
    let shares = (1..=holders as u8)
        .map(|x| {
            let mut y = [0u8; 32];
            for (i, yi) in y.iter_mut().enumerate() {
                // Horner, highest power first.
                *yi = coefficients
                    .iter()
                    .rev()
                    .fold(0, |acc, c| gf_mul(acc, x) ^ c[i]);
            }
            Share { epoch, x, y }
        })
        .collect();
    Some(Dealt {
        key,
        relay_part,
        shares,
    })
}

/// The guests' part from exactly these shares (distinct non-zero `x`), by Lagrange
/// interpolation at zero; `None` for repeated or zero points.
pub fn combine(shares: &[&Share]) -> Option<Bytes32> {
    if shares.is_empty() {
        return None;
    }
    for (i, a) in shares.iter().enumerate() {
        if a.x == 0 || shares[..i].iter().any(|b| b.x == a.x) {
            return None;
        }
    }
    let mut secret = [0u8; 32];
    for (j, sj) in shares.iter().enumerate() {
        // l_j(0) = prod_{m != j} x_m / (x_m - x_j); in GF(2^8) minus is plus.
        let mut num = 1u8;
        let mut den = 1u8;
        for (m, sm) in shares.iter().enumerate() {
            if m != j {
                num = gf_mul(num, sm.x);
                den = gf_mul(den, sm.x ^ sj.x);
            }
        }
        let l = gf_mul(num, gf_inv(den));
        for (s, y) in secret.iter_mut().zip(sj.y) {
            *s ^= gf_mul(l, y);
        }
    }
    Some(secret)
}

/// The most bytes a copy's snapshot inflates to.
pub const MAX_SNAPSHOT_BYTES: usize = 8 * 1024 * 1024;

/// Seals `snapshot` under `key`, bound to the table, the epoch and the copy's number
/// (so a copy of another table, epoch or moment does not pass for this one): deflated,
/// then sealed, in base64url.
pub fn seal(key: &Bytes32, table: &[u8; 32], epoch: u32, seq: u64, snapshot: &str) -> String {
    let cipher = ChaCha20Poly1305::new(Key::from_slice(key));
    let nonce = nonce(epoch, seq);
    let aad = aad(table, epoch, seq);
    let deflated = miniz_oxide::deflate::compress_to_vec(snapshot.as_bytes(), 6);
    let sealed = cipher
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: &deflated,
                aad: &aad,
            },
        )
        // Encryption fails only past 2^38 bytes, which no snapshot comes near.
        .unwrap_or_default();
    base64url::encode(&sealed)
}

/// A sealed copy as a guest keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copy {
    pub epoch: u32,
    pub seq: u64,
    pub sealed: String,
}

/// Why a copy could not be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    #[error("too few shares of the copy's key: {have} of the {need} it takes")]
    TooFewShares { have: usize, need: usize },
    #[error("no set of the shares opens the copy (a share is false, or from another key)")]
    NoSetOpens,
    #[error("the copy is not base64url")]
    Unreadable,
    #[error("the copy does not hold text")]
    NotText,
    #[error("the copy does not inflate to a snapshot of at most {MAX_SNAPSHOT_BYTES} bytes")]
    NotDeflated,
}

/// Opens `copy` with the relay's part and the guests' `shares` (the successor's own
/// among them): the shares of the copy's epoch, distinct, in sets of `need`, until one
/// set opens it ([`MAX_TRIES`] sets at most). Returns the snapshot.
pub fn open(
    copy: &Copy,
    table: &[u8; 32],
    relay_part: &Bytes32,
    shares: &[Share],
    need: usize,
) -> Result<String, OpenError> {
    let sealed = base64url::decode(&copy.sealed).ok_or(OpenError::Unreadable)?;
    let mut usable: Vec<&Share> = Vec::new();
    for s in shares.iter().filter(|s| s.epoch == copy.epoch && s.x != 0) {
        if !usable.iter().any(|u| u.x == s.x && u.y == s.y) {
            usable.push(s);
        }
    }
    let need = need.max(1);
    let points = usable
        .iter()
        .map(|s| s.x)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    if points < need {
        return Err(OpenError::TooFewShares { have: points, need });
    }
    let cipher_for = |guests_part: Bytes32| {
        let key = xor(relay_part, &guests_part);
        ChaCha20Poly1305::new(Key::from_slice(&key))
    };
    let nonce = nonce(copy.epoch, copy.seq);
    let aad = aad(table, copy.epoch, copy.seq);
    let mut tries = 0;
    let mut opened = None;
    for_each_subset(usable.len(), need, &mut |set| {
        tries += 1;
        if tries > MAX_TRIES {
            return true;
        }
        let chosen: Vec<&Share> = set.iter().map(|&i| usable[i]).collect();
        let Some(part) = combine(&chosen) else {
            return false;
        };
        let plain = cipher_for(part).decrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: &sealed,
                aad: &aad,
            },
        );
        if let Ok(plain) = plain {
            opened = Some(plain);
            return true;
        }
        false
    });
    let deflated = opened.ok_or(OpenError::NoSetOpens)?;
    let plain = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MAX_SNAPSHOT_BYTES)
        .map_err(|_| OpenError::NotDeflated)?;
    String::from_utf8(plain).map_err(|_| OpenError::NotText)
}

/// What a guest holds for a takeover: its shares of the newest two keys (the relay may
/// hold either part when the host's page went), with how many shares open a copy under
/// each, and the newest copy sealed under each.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    shares: Vec<(Share, u8)>,
    copies: Vec<Copy>,
}

/// Why a guest did not keep what the host sent it for recovery.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeldError {
    #[error("the recovery share is not readable")]
    BadShare,
    #[error("a recovery share needs 1 to {MAX_HOLDERS} shares to open a copy")]
    BadNeed,
    #[error("the recovery copy is larger than {MAX_COPY_CHARS} characters, or not base64url")]
    BadCopy,
    #[error("the recovery copy is of a key this page holds no share of")]
    NoShare,
}

impl Held {
    /// Keeps `share` (`epoch.x.y`) and its `need`, and forgets all but the newest two
    /// epochs.
    pub fn take_share(&mut self, share: &str, need: u8) -> Result<(), HeldError> {
        let share = decode_share(share).ok_or(HeldError::BadShare)?;
        if !(1..=MAX_HOLDERS).contains(&usize::from(need)) {
            return Err(HeldError::BadNeed);
        }
        self.shares.retain(|(s, _)| s.epoch != share.epoch);
        self.shares.push((share, need));
        self.shares.sort_by_key(|(s, _)| std::cmp::Reverse(s.epoch));
        self.shares.truncate(2);
        let epochs: Vec<u32> = self.shares.iter().map(|(s, _)| s.epoch).collect();
        self.copies.retain(|c| epochs.contains(&c.epoch));
        Ok(())
    }

    /// Keeps `copy` if it is sealed under a key this page holds a share of and is newer
    /// than the copy it holds under that key.
    pub fn take_copy(&mut self, copy: Copy) -> Result<(), HeldError> {
        let readable = copy.sealed.len() <= MAX_COPY_CHARS
            && copy
                .sealed
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !readable {
            return Err(HeldError::BadCopy);
        }
        if !self.shares.iter().any(|(s, _)| s.epoch == copy.epoch) {
            return Err(HeldError::NoShare);
        }
        match self.copies.iter_mut().find(|c| c.epoch == copy.epoch) {
            Some(held) if held.seq < copy.seq => *held = copy,
            Some(_) => {}
            None => self.copies.push(copy),
        }
        Ok(())
    }

    /// This page's shares, for the page that takes the table over.
    pub fn shares(&self) -> impl Iterator<Item = &Share> {
        self.shares.iter().map(|(s, _)| s)
    }

    /// The copy of `epoch`, this page's share of its key and how many shares open it.
    pub fn for_epoch(&self, epoch: u32) -> Option<(&Copy, &Share, usize)> {
        let copy = self.copies.iter().find(|c| c.epoch == epoch)?;
        let (share, need) = self.shares.iter().find(|(s, _)| s.epoch == epoch)?;
        Some((copy, share, usize::from(*need)))
    }
}

/// Calls `f` with each set of `k` indices below `n`, in order, until it returns `true`.
fn for_each_subset(n: usize, k: usize, f: &mut impl FnMut(&[usize]) -> bool) {
    if k > n {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        if f(&idx) {
            return;
        }
        // The rightmost index that can move on.
        let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
            return;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// A share as it travels: `epoch.x.y`, `y` in base64url.
pub fn encode_share(share: &Share) -> String {
    format!(
        "{}.{}.{}",
        share.epoch,
        share.x,
        base64url::encode(&share.y)
    )
}

/// Reads [`encode_share`]'s form; `None` for anything else.
pub fn decode_share(text: &str) -> Option<Share> {
    if text.len() > 80 {
        return None;
    }
    let mut parts = text.split('.');
    let epoch = parts.next()?.parse().ok()?;
    let x: u8 = parts.next()?.parse().ok()?;
    let y: Bytes32 = base64url::decode(parts.next()?)?.try_into().ok()?;
    if parts.next().is_some() || x == 0 {
        return None;
    }
    Some(Share { epoch, x, y })
}

/// The relay's part of key `epoch` as it travels (the room's deposit): `epoch.part`, the
/// part's 32 bytes in base64url.
pub fn encode_deposit(epoch: u32, part: &Bytes32) -> String {
    format!("{epoch}.{}", base64url::encode(part))
}

/// Reads [`encode_deposit`]'s form; `None` for anything else.
pub fn decode_deposit(text: &str) -> Option<(u32, Bytes32)> {
    let (epoch, part) = text.split_once('.')?;
    if part.len() > 64 {
        return None;
    }
    Some((
        epoch.parse().ok()?,
        base64url::decode(part)?.try_into().ok()?,
    ))
}

fn xor(a: &Bytes32, b: &Bytes32) -> Bytes32 {
    let mut out = [0u8; 32];
    for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
        *o = x ^ y;
    }
    out
}

fn nonce(epoch: u32, seq: u64) -> [u8; 12] {
    let mut n = [0u8; 12];
    n[..4].copy_from_slice(&epoch.to_be_bytes());
    n[4..].copy_from_slice(&seq.to_be_bytes());
    n
}

fn aad(table: &[u8; 32], epoch: u32, seq: u64) -> Vec<u8> {
    let mut a = b"coup recovery copy v1".to_vec();
    a.extend_from_slice(table);
    a.extend_from_slice(&epoch.to_be_bytes());
    a.extend_from_slice(&seq.to_be_bytes());
    a
}

/// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (AES's field), in constant
/// time: a fixed eight rounds, no branch on the values.
fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut p = 0u8;
    for _ in 0..8 {
        p ^= a & 0u8.wrapping_sub(b & 1);
        let carry = 0u8.wrapping_sub(a >> 7);
        a = (a << 1) ^ (0x1b & carry);
        b >>= 1;
    }
    p
}

/// The inverse in GF(2^8): a^254 (zero has none; it maps to zero, which `combine`
/// never asks for).
fn gf_inv(a: u8) -> u8 {
    let mut result = 1u8;
    let mut base = a;
    let mut e = 254u8;
    while e > 0 {
        if e & 1 == 1 {
            result = gf_mul(result, base);
        }
        base = gf_mul(base, base);
        e >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    const TABLE: [u8; 32] = [7; 32];

    #[test]
    fn the_field_is_a_field() {
        for a in 1..=255u8 {
            assert_eq!(gf_mul(a, gf_inv(a)), 1, "{a}");
            assert_eq!(gf_mul(a, 1), a);
            assert_eq!(gf_mul(a, 0), 0);
        }
        // AES's own example: {57} x {83} = {c1}.
        assert_eq!(gf_mul(0x57, 0x83), 0xc1);
    }

    #[test]
    fn any_threshold_of_shares_and_the_relays_part_open_a_copy_and_fewer_do_not() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for holders in 1..=9 {
            let d = deal(&mut rng, 3, holders).expect("dealt");
            let t = threshold(holders);
            assert_eq!(d.shares.len(), holders);
            let copy = Copy {
                epoch: 3,
                seq: 9,
                sealed: seal(&d.key, &TABLE, 3, 9, "the table"),
            };
            // Every set of t shares, whichever they are.
            for start in 0..holders {
                let set: Vec<Share> = (0..t)
                    .map(|i| d.shares[(start + i) % holders].clone())
                    .collect();
                assert_eq!(
                    open(&copy, &TABLE, &d.relay_part, &set, t).as_deref(),
                    Ok("the table")
                );
                // Without the relay's part, the same shares open nothing.
                assert_eq!(
                    open(&copy, &TABLE, &[0; 32], &set, t),
                    Err(OpenError::NoSetOpens)
                );
            }
            if t > 1 {
                let few: Vec<Share> = d.shares[..t - 1].to_vec();
                assert_eq!(
                    open(&copy, &TABLE, &d.relay_part, &few, t),
                    Err(OpenError::TooFewShares {
                        have: t - 1,
                        need: t
                    })
                );
                // Forced to try fewer than the threshold, the polynomial gives another
                // value: they do not open it either.
                assert_eq!(
                    open(&copy, &TABLE, &d.relay_part, &few, t - 1),
                    Err(OpenError::NoSetOpens)
                );
            }
        }
        assert!(deal(&mut rng, 0, 0).is_none());
        assert!(deal(&mut rng, 0, MAX_HOLDERS + 1).is_none());
    }

    #[test]
    fn fewer_shares_than_the_threshold_say_nothing_of_the_guests_part() {
        // With t - 1 shares fixed, every value of the secret byte is as likely: for each
        // candidate secret there is exactly one polynomial through them (t = 2 here: one
        // share, and each secret byte s gives the line through (0, s) and it).
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let d = deal(&mut rng, 0, 4).expect("dealt");
        let one = &d.shares[0];
        let mut seen = std::collections::BTreeSet::new();
        for s in 0..=255u8 {
            let candidate = Share {
                epoch: 0,
                x: 2,
                // the second point of the line through (0, s) and `one`, byte 0
                y: {
                    let slope = gf_mul(one.y[0] ^ s, gf_inv(one.x));
                    let mut y = [0u8; 32];
                    y[0] = s ^ gf_mul(slope, 2);
                    y
                },
            };
            let mut zero_point = one.clone();
            zero_point.y[1..].fill(0);
            seen.insert(combine(&[&zero_point, &candidate]).expect("combines")[0]);
        }
        assert_eq!(seen.len(), 256);
    }

    #[test]
    fn a_lying_guest_does_not_stop_the_honest_shares_from_opening_the_copy() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let d = deal(&mut rng, 1, 5).expect("dealt");
        let t = threshold(5);
        let copy = Copy {
            epoch: 1,
            seq: 0,
            sealed: seal(&d.key, &TABLE, 1, 0, "{}"),
        };
        let mut shares = d.shares.clone();
        shares[0].y[5] ^= 1;
        shares.push(Share {
            epoch: 1,
            x: 2,
            y: [9; 32],
        });
        assert_eq!(
            open(&copy, &TABLE, &d.relay_part, &shares, t).as_deref(),
            Ok("{}")
        );
        // Only liars and too few honest: nothing opens, nothing else is taken.
        let liars = vec![shares[0].clone(), shares[5].clone(), shares[2].clone()];
        assert_eq!(
            open(&copy, &TABLE, &d.relay_part, &liars, t),
            Err(OpenError::NoSetOpens)
        );
    }

    #[test]
    fn a_copy_is_bound_to_its_table_epoch_and_number() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let d = deal(&mut rng, 2, 3).expect("dealt");
        let t = threshold(3);
        let sealed = seal(&d.key, &TABLE, 2, 5, "x");
        for (table, epoch, seq) in [([8; 32], 2, 5), (TABLE, 2, 6)] {
            let copy = Copy {
                epoch,
                seq,
                sealed: sealed.clone(),
            };
            assert_eq!(
                open(&copy, &table, &d.relay_part, &d.shares, t),
                Err(OpenError::NoSetOpens)
            );
        }
        // Shares of another epoch are not counted.
        let copy = Copy {
            epoch: 3,
            seq: 5,
            sealed,
        };
        assert!(matches!(
            open(&copy, &TABLE, &d.relay_part, &d.shares, t),
            Err(OpenError::TooFewShares { have: 0, .. })
        ));
        let garbled = Copy {
            epoch: 2,
            seq: 5,
            sealed: "***".into(),
        };
        assert_eq!(
            open(&garbled, &TABLE, &d.relay_part, &d.shares, t),
            Err(OpenError::Unreadable)
        );
    }

    #[test]
    fn shares_and_parts_travel_as_text_and_anything_else_is_refused() {
        let s = Share {
            epoch: 12,
            x: 3,
            y: [200; 32],
        };
        assert_eq!(decode_share(&encode_share(&s)), Some(s));
        for bad in [
            "",
            "1.2",
            "1.0.AAAA",
            "x.1.AAAA",
            "1.1.AAAA",
            "1.300.AAAA",
            "1.1.a.b",
        ] {
            assert_eq!(decode_share(bad), None, "{bad}");
        }
        assert_eq!(decode_share(&"1".repeat(100)), None);
        let p = [5u8; 32];
        assert_eq!(decode_deposit(&encode_deposit(7, &p)), Some((7, p)));
        assert_eq!(decode_deposit("7.AAAA"), None);
        assert_eq!(decode_deposit(&format!("7.{}", "A".repeat(90))), None);
        assert_eq!(
            decode_deposit(&encode_deposit(7, &p).replacen('7', "x", 1)),
            None
        );
    }
}
