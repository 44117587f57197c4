//! A re-encryption shuffle and its proof: the proof of a shuffle of Terelius and
//! Wikström ("Proofs of restricted shuffles", AFRICACRYPT 2010), in the form Verificatum
//! uses and documents (Wikström, "How to implement a stand-alone verifier for the
//! Verificatum mix-net", its proof of a shuffle), made non-interactive by Fiat–Shamir.
//!
//! The shuffler commits to its permutation matrix column by column (`u_j = r_j·G +
//! h_{π⁻¹(j)}`) and then shows, for challenge weights `e` drawn after the commitment, that
//! the committed matrix `M` has `M·1 = 1` (the `C` equation) and `∏ (M·e)_i = ∏ e_i` (the
//! chain `B`, then `D`): a matrix with both is a permutation matrix, except with
//! probability about `N/ℓ` (ℓ ≈ 2^252). The same responses `k_E` then tie `M·e` to the
//! ciphertexts (the `F` equation). It is a proof of knowledge under the discrete
//! logarithm assumption, since no discrete logarithm among `G, h_0 … h_N` is known
//! ([`hash_point`]). Sizes: `N` output ciphertexts, `3N + 5` points and `2N + 4`
//! scalars of proof; about `9N` scalar multiplications to prove and `8N` to verify.

use std::sync::OnceLock;

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{MultiscalarMul, VartimeMultiscalarMul};
use rand::Rng;
use rand::seq::SliceRandom;

use super::group::{Context, DecodeError, Reader, Transcript, Writer, hash_point, random_scalar};
use super::proofs::Ciphertext;

/// The most ciphertexts one shuffle takes: the largest deck (R1.5, 25 cards).
pub const MAX_SHUFFLE: usize = 25;

/// A shuffle's proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleProof {
    /// The permutation commitment, one per input.
    u: Vec<RistrettoPoint>,
    /// The chain `B_1 … B_N`.
    b: Vec<RistrettoPoint>,
    /// The chain's commitments `B'_1 … B'_N`.
    b_: Vec<RistrettoPoint>,
    a_: RistrettoPoint,
    c_: RistrettoPoint,
    d_: RistrettoPoint,
    f_: Ciphertext,
    k_a: Scalar,
    k_b: Vec<Scalar>,
    k_c: Scalar,
    k_d: Scalar,
    k_e: Vec<Scalar>,
    k_f: Scalar,
}

/// The generators `h_0 … h_{N-1}` of the permutation commitment and the chain's base.
/// Hashed once per page: the largest shuffle's `h_i` and the chain's base.
fn generators(n: usize) -> (&'static [RistrettoPoint], RistrettoPoint) {
    static GENERATORS: OnceLock<(Vec<RistrettoPoint>, RistrettoPoint)> = OnceLock::new();
    let (h, h0) = GENERATORS.get_or_init(|| {
        let h = (0..MAX_SHUFFLE as u32)
            .map(|i| hash_point(b"shuffle-h", i))
            .collect();
        (h, hash_point(b"shuffle-chain", 0))
    });
    (&h[..n.min(MAX_SHUFFLE)], *h0)
}

/// The statement and the commitment, then the weights `e`.
fn weights(
    ctx: &Context,
    key: &RistrettoPoint,
    input: &[Ciphertext],
    output: &[Ciphertext],
    u: &[RistrettoPoint],
) -> (Transcript, Vec<Scalar>) {
    let mut t = Transcript::new(b"shuffle", ctx);
    t.point(b"H", key);
    t.bytes(b"N", &(input.len() as u32).to_le_bytes());
    t.points(b"in", input.iter().flat_map(|c| [&c.a, &c.b]));
    t.points(b"out", output.iter().flat_map(|c| [&c.a, &c.b]));
    t.points(b"u", u);
    let e = (0..input.len() as u32)
        .map(|i| t.challenge(b"e", i))
        .collect();
    (t, e)
}

fn second_challenge(
    t: &mut Transcript,
    b: &[RistrettoPoint],
    b_: &[RistrettoPoint],
    a_: &RistrettoPoint,
    c_: &RistrettoPoint,
    d_: &RistrettoPoint,
    f_: &Ciphertext,
) -> Scalar {
    t.points(b"B", b);
    t.points(b"B'", b_);
    t.point(b"A'", a_);
    t.point(b"C'", c_);
    t.point(b"D'", d_);
    t.point(b"Fa'", &f_.a);
    t.point(b"Fb'", &f_.b);
    t.challenge(b"v", 0)
}

/// Shuffles `input` under the joint `key`: a uniformly random permutation and fresh
/// randomness for every card, with the proof. Also returns the permutation (output `i` is
/// input `perm[i]`), which the shuffler keeps to itself when it must (a player mixing its
/// own hand knows which card is which).
pub fn shuffle<R: Rng + ?Sized>(
    ctx: &Context,
    key: &RistrettoPoint,
    input: &[Ciphertext],
    rng: &mut R,
) -> (Vec<Ciphertext>, ShuffleProof, Vec<usize>) {
    let n = input.len();
    let mut perm: Vec<usize> = (0..n).collect();
    perm.shuffle(rng);
    let (output, proof) = shuffle_with(ctx, key, input, &perm, rng);
    (output, proof, perm)
}

/// As [`shuffle`], with the permutation given (output `i` is input `perm[i]`).
pub(crate) fn shuffle_with<R: Rng + ?Sized>(
    ctx: &Context,
    key: &RistrettoPoint,
    input: &[Ciphertext],
    perm: &[usize],
    rng: &mut R,
) -> (Vec<Ciphertext>, ShuffleProof) {
    let n = input.len();
    let (h, h0) = generators(n);
    let s: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let output: Vec<Ciphertext> = (0..n)
        .map(|i| input[perm[i]].rerandomize(key, &s[i]))
        .collect();
    // inv[j]: the output slot of input j.
    let mut inv = vec![0; n];
    for (i, &j) in perm.iter().enumerate() {
        inv[j] = i;
    }
    let r: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let u: Vec<RistrettoPoint> = (0..n)
        .map(|j| RistrettoPoint::mul_base(&r[j]) + h[inv[j]])
        .collect();
    let (mut t, e) = weights(ctx, key, input, &output, &u);
    let e_: Vec<Scalar> = (0..n).map(|i| e[perm[i]]).collect();

    let beta: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let w_hat: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let w_e: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let (w1, w2, w3, w4) = (
        random_scalar(rng),
        random_scalar(rng),
        random_scalar(rng),
        random_scalar(rng),
    );
    let mut b = Vec::with_capacity(n);
    let mut b_ = Vec::with_capacity(n);
    let mut prev = h0;
    let mut b_hat = Scalar::ZERO;
    for i in 0..n {
        let bi = RistrettoPoint::multiscalar_mul([beta[i], e_[i]], [curve_base(), prev]);
        b_.push(RistrettoPoint::multiscalar_mul(
            [w_hat[i], w_e[i]],
            [curve_base(), prev],
        ));
        b_hat = beta[i] + e_[i] * b_hat;
        b.push(bi);
        prev = bi;
    }
    let a_ = RistrettoPoint::mul_base(&w1) + RistrettoPoint::multiscalar_mul(&w_e, h);
    let c_ = RistrettoPoint::mul_base(&w2);
    let d_ = RistrettoPoint::mul_base(&w3);
    let f_ = Ciphertext {
        a: RistrettoPoint::multiscalar_mul(&w_e, output.iter().map(|c| c.a))
            - RistrettoPoint::mul_base(&w4),
        b: RistrettoPoint::multiscalar_mul(&w_e, output.iter().map(|c| c.b)) - key * w4,
    };
    let v = second_challenge(&mut t, &b, &b_, &a_, &c_, &d_, &f_);

    let re: Scalar = r.iter().zip(&e).map(|(r, e)| r * e).sum();
    let r_sum: Scalar = r.iter().sum();
    let se: Scalar = s.iter().zip(&e_).map(|(s, e)| s * e).sum();
    let proof = ShuffleProof {
        u,
        b,
        b_,
        a_,
        c_,
        d_,
        f_,
        k_a: v * re + w1,
        k_b: (0..n).map(|i| v * beta[i] + w_hat[i]).collect(),
        k_c: v * r_sum + w2,
        k_d: v * b_hat + w3,
        k_e: (0..n).map(|i| v * e_[i] + w_e[i]).collect(),
        k_f: v * se + w4,
    };
    (output, proof)
}

fn curve_base() -> RistrettoPoint {
    curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT
}

impl ShuffleProof {
    /// Whether `output` is a shuffle of `input` under `key`: the same plaintexts in some
    /// order, each re-randomized.
    pub fn verify(
        &self,
        ctx: &Context,
        key: &RistrettoPoint,
        input: &[Ciphertext],
        output: &[Ciphertext],
    ) -> bool {
        self.check(ctx, key, input, output, true)
    }

    /// The verification, with or without the product argument (the `D` equation); only
    /// the tests check without it, to show what it alone refuses.
    fn check(
        &self,
        ctx: &Context,
        key: &RistrettoPoint,
        input: &[Ciphertext],
        output: &[Ciphertext],
        product: bool,
    ) -> bool {
        let n = input.len();
        if n == 0
            || n > MAX_SHUFFLE
            || output.len() != n
            || [
                self.u.len(),
                self.b.len(),
                self.b_.len(),
                self.k_b.len(),
                self.k_e.len(),
            ]
            .iter()
            .any(|&l| l != n)
        {
            return false;
        }
        let g = curve_base();
        let (h, h0) = generators(n);
        let (mut t, e) = weights(ctx, key, input, output, &self.u);
        let v = second_challenge(
            &mut t, &self.b, &self.b_, &self.a_, &self.c_, &self.d_, &self.f_,
        );
        let is_zero = |p: RistrettoPoint| p == RistrettoPoint::default();

        // v·A + A' = k_A·G + Σ k_E_i·h_i, with A = Σ e_j·u_j.
        let a_check = RistrettoPoint::vartime_multiscalar_mul(
            e.iter()
                .map(|e| v * e)
                .chain([Scalar::ONE, -self.k_a])
                .chain(self.k_e.iter().map(|k| -k)),
            self.u
                .iter()
                .copied()
                .chain([self.a_, g])
                .chain(h.iter().copied()),
        );
        if !is_zero(a_check) {
            return false;
        }
        // v·C + C' = k_C·G, with C = Σ u_j − Σ h_i.
        let c: RistrettoPoint =
            self.u.iter().sum::<RistrettoPoint>() - h.iter().sum::<RistrettoPoint>();
        if !is_zero(RistrettoPoint::vartime_multiscalar_mul(
            [v, Scalar::ONE, -self.k_c],
            [c, self.c_, g],
        )) {
            return false;
        }
        // v·D + D' = k_D·G, with D = B_N − (∏ e_i)·h_0.
        let prod: Scalar = e.iter().product();
        let d = self.b[n - 1] - h0 * prod;
        if product
            && !is_zero(RistrettoPoint::vartime_multiscalar_mul(
                [v, Scalar::ONE, -self.k_d],
                [d, self.d_, g],
            ))
        {
            return false;
        }
        // v·B_i + B'_i = k_B_i·G + k_E_i·B_{i-1}, with B_0 = h_0.
        let mut prev = h0;
        for i in 0..n {
            if !is_zero(RistrettoPoint::vartime_multiscalar_mul(
                [v, Scalar::ONE, -self.k_b[i], -self.k_e[i]],
                [self.b[i], self.b_[i], g, prev],
            )) {
                return false;
            }
            prev = self.b[i];
        }
        // v·F + F' = Enc(0, −k_F) + Σ k_E_i·out_i, with F = Σ e_j·in_j.
        let fa = RistrettoPoint::vartime_multiscalar_mul(
            e.iter()
                .map(|e| v * e)
                .chain([Scalar::ONE, self.k_f])
                .chain(self.k_e.iter().map(|k| -k)),
            input
                .iter()
                .map(|c| c.a)
                .chain([self.f_.a, g])
                .chain(output.iter().map(|c| c.a)),
        );
        let fb = RistrettoPoint::vartime_multiscalar_mul(
            e.iter()
                .map(|e| v * e)
                .chain([Scalar::ONE, self.k_f])
                .chain(self.k_e.iter().map(|k| -k)),
            input
                .iter()
                .map(|c| c.b)
                .chain([self.f_.b, *key])
                .chain(output.iter().map(|c| c.b)),
        );
        is_zero(fa) && is_zero(fb)
    }

    pub fn write(&self, w: &mut Writer) {
        w.u8(self.u.len() as u8);
        for p in self.u.iter().chain(&self.b).chain(&self.b_) {
            w.point(p);
        }
        for p in [&self.a_, &self.c_, &self.d_] {
            w.point(p);
        }
        self.f_.write(w);
        for s in [&self.k_a, &self.k_c, &self.k_d, &self.k_f] {
            w.scalar(s);
        }
        for s in self.k_b.iter().chain(&self.k_e) {
            w.scalar(s);
        }
    }

    pub fn read(r: &mut Reader<'_>) -> Result<ShuffleProof, DecodeError> {
        let n = r.count(MAX_SHUFFLE)?;
        let points = |r: &mut Reader<'_>| (0..n).map(|_| r.point()).collect::<Result<Vec<_>, _>>();
        let u = points(r)?;
        let b = points(r)?;
        let b_ = points(r)?;
        let (a_, c_, d_) = (r.point()?, r.point()?, r.point()?);
        let f_ = Ciphertext::read(r)?;
        let (k_a, k_c, k_d, k_f) = (r.scalar()?, r.scalar()?, r.scalar()?, r.scalar()?);
        let scalars =
            |r: &mut Reader<'_>| (0..n).map(|_| r.scalar()).collect::<Result<Vec<_>, _>>();
        let k_b = scalars(r)?;
        let k_e = scalars(r)?;
        Ok(ShuffleProof {
            u,
            b,
            b_,
            a_,
            c_,
            d_,
            f_,
            k_a,
            k_b,
            k_c,
            k_d,
            k_e,
            k_f,
        })
    }

    #[cfg(test)]
    pub(crate) fn verify_without_product(
        &self,
        ctx: &Context,
        key: &RistrettoPoint,
        input: &[Ciphertext],
        output: &[Ciphertext],
    ) -> bool {
        self.check(ctx, key, input, output, false)
    }

    /// Tampering hooks for tests only: a proof with one response changed.
    #[cfg(test)]
    pub(crate) fn with_k_e0(mut self, k: Scalar) -> ShuffleProof {
        self.k_e[0] = k;
        self
    }
}

/// A cheating shuffler for the tests: it commits to a matrix `m` (rows: output slots,
/// columns: inputs) and outputs `out = nm·in` re-randomized, the first output replaced by
/// `first` if given, then proves as an honest shuffler would from there. With `m` a
/// permutation matrix and `nm` the same, only `first` is false; with rows of `m` summing
/// to 1 and `nm = (mᵀ)⁻¹`, every equation but the product argument holds.
#[cfg(test)]
pub(crate) fn cheat_with_matrix<R: Rng + ?Sized>(
    ctx: &Context,
    key: &RistrettoPoint,
    input: &[Ciphertext],
    m: &[Vec<Scalar>],
    nm: &[Vec<Scalar>],
    first: Option<Ciphertext>,
    rng: &mut R,
) -> (Vec<Ciphertext>, ShuffleProof) {
    let n = input.len();
    let (h, h0) = generators(n);
    let s: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let mut output: Vec<Ciphertext> = (0..n)
        .map(|i| {
            let c = Ciphertext {
                a: RistrettoPoint::multiscalar_mul(&nm[i], input.iter().map(|c| c.a)),
                b: RistrettoPoint::multiscalar_mul(&nm[i], input.iter().map(|c| c.b)),
            };
            c.rerandomize(key, &s[i])
        })
        .collect();
    if let Some(c) = first {
        output[0] = c;
    }
    let r: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let u: Vec<RistrettoPoint> = (0..n)
        .map(|j| {
            RistrettoPoint::mul_base(&r[j])
                + RistrettoPoint::multiscalar_mul((0..n).map(|i| m[i][j]), h)
        })
        .collect();
    let (mut t, e) = weights(ctx, key, input, &output, &u);
    let e_: Vec<Scalar> = (0..n)
        .map(|i| (0..n).map(|j| m[i][j] * e[j]).sum())
        .collect();
    let beta: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let w_hat: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let w_e: Vec<Scalar> = (0..n).map(|_| random_scalar(rng)).collect();
    let w: Vec<Scalar> = (0..4).map(|_| random_scalar(rng)).collect();
    let (mut b, mut b_) = (Vec::new(), Vec::new());
    let mut prev = h0;
    let mut b_hat = Scalar::ZERO;
    for i in 0..n {
        let bi = RistrettoPoint::mul_base(&beta[i]) + prev * e_[i];
        b_.push(RistrettoPoint::mul_base(&w_hat[i]) + prev * w_e[i]);
        b_hat = beta[i] + e_[i] * b_hat;
        b.push(bi);
        prev = bi;
    }
    let a_ = RistrettoPoint::mul_base(&w[0]) + RistrettoPoint::multiscalar_mul(&w_e, h);
    let c_ = RistrettoPoint::mul_base(&w[1]);
    let d_ = RistrettoPoint::mul_base(&w[2]);
    let f_ = Ciphertext {
        a: RistrettoPoint::multiscalar_mul(&w_e, output.iter().map(|c| c.a))
            - RistrettoPoint::mul_base(&w[3]),
        b: RistrettoPoint::multiscalar_mul(&w_e, output.iter().map(|c| c.b)) - key * w[3],
    };
    let v = second_challenge(&mut t, &b, &b_, &a_, &c_, &d_, &f_);
    let re: Scalar = r.iter().zip(&e).map(|(r, e)| r * e).sum();
    let se: Scalar = s.iter().zip(&e_).map(|(s, e)| s * e).sum();
    let proof = ShuffleProof {
        u,
        b,
        b_,
        a_,
        c_,
        d_,
        f_,
        k_a: v * re + w[0],
        k_b: (0..n).map(|i| v * beta[i] + w_hat[i]).collect(),
        k_c: v * r.iter().sum::<Scalar>() + w[1],
        k_d: v * b_hat + w[2],
        k_e: (0..n).map(|i| v * e_[i] + w_e[i]).collect(),
        k_f: v * se + w[3],
    };
    (output, proof)
}
