//! Abuse limits that do not depend on rooms: per-connection message rate and frame size
//! ([`FrameGuard`]), and failed joins per client address ([`JoinThrottle`]).
//!
//! Like [`Rooms`](crate::rooms::Rooms), these are plain structs that take the time as an
//! argument, so their rules are tested without a clock.

use std::collections::HashMap;
use std::net::IpAddr;

use shared::relay::ErrorCode;
use tokio::time::{Duration, Instant};

/// A token bucket: `rate` tokens a second, holding at most `burst`.
#[derive(Clone, Copy, Debug)]
pub struct TokenBucket {
    /// Tokens available at `updated`.
    tokens: f64,
    /// When `tokens` was last brought up to date.
    updated: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn full(burst: u32, now: Instant) -> Self {
        TokenBucket {
            tokens: f64::from(burst),
            updated: now,
        }
    }

    /// Refills for the time since the last update.
    fn refill(&mut self, rate: f64, burst: u32, now: Instant) {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate).min(f64::from(burst));
        self.updated = now;
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, rate: f64, burst: u32, now: Instant) -> bool {
        self.refill(rate, burst, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether a token is available, without taking it.
    pub fn has(&mut self, rate: f64, burst: u32, now: Instant) -> bool {
        self.refill(rate, burst, now);
        self.tokens >= 1.0
    }

    /// Whether the bucket is full again (so its owner may be forgotten).
    pub fn is_full(&mut self, rate: f64, burst: u32, now: Instant) -> bool {
        self.refill(rate, burst, now);
        self.tokens >= f64::from(burst)
    }
}

/// The per-connection limits, as configured.
#[derive(Clone, Copy, Debug)]
pub struct FrameLimits {
    /// The largest accepted frame, in bytes.
    pub frame_bytes: usize,
    /// Messages per second a connection may send on average.
    pub rate: u32,
    /// Messages a connection may send in a burst.
    pub burst: u32,
}

/// How long rate limiting must go on before the relay closes the connection.
pub const SUSTAINED_FLOOD: Duration = Duration::from_secs(10);

/// A gap in rate limiting this long ends a flood (the next one starts the count anew).
const FLOOD_GAP: Duration = Duration::from_secs(1);

/// Oversize frames within [`OVERSIZE_WINDOW`] that close the connection.
pub const OVERSIZE_STRIKES: usize = 3;

/// The window in which oversize frames are counted.
pub const OVERSIZE_WINDOW: Duration = Duration::from_secs(60);

/// What to do with an incoming data frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on and handle it.
    Accept,
    /// Answer with this error and keep the connection.
    Refuse(ErrorCode),
    /// Answer with this error, then close the connection with code 1008.
    RefuseAndClose(ErrorCode),
}

/// One connection's rate and size accounting.
#[derive(Debug)]
pub struct FrameGuard {
    /// The configured limits.
    limits: FrameLimits,
    /// Message tokens.
    bucket: TokenBucket,
    /// When the current run of rate limiting began.
    flood_since: Option<Instant>,
    /// When a message was last refused for rate.
    last_refused: Option<Instant>,
    /// When the recent oversize frames arrived (at most [`OVERSIZE_STRIKES`]).
    oversize: [Option<Instant>; OVERSIZE_STRIKES],
}

impl FrameGuard {
    /// A fresh guard with a full bucket.
    pub fn new(limits: FrameLimits, now: Instant) -> Self {
        FrameGuard {
            limits,
            bucket: TokenBucket::full(limits.burst, now),
            flood_since: None,
            last_refused: None,
            oversize: [None; OVERSIZE_STRIKES],
        }
    }

    /// Judges a data frame of `len` bytes arriving at `now`. Every frame costs a token,
    /// whatever its size or content, so a flood of bad frames is limited too.
    pub fn check(&mut self, len: usize, now: Instant) -> Verdict {
        if self
            .last_refused
            .is_some_and(|t| now.saturating_duration_since(t) >= FLOOD_GAP)
        {
            self.flood_since = None;
        }
        if !self
            .bucket
            .take(f64::from(self.limits.rate), self.limits.burst, now)
        {
            self.last_refused = Some(now);
            let since = *self.flood_since.get_or_insert(now);
            return if now.saturating_duration_since(since) >= SUSTAINED_FLOOD {
                Verdict::RefuseAndClose(ErrorCode::RateLimited)
            } else {
                Verdict::Refuse(ErrorCode::RateLimited)
            };
        }
        if len > self.limits.frame_bytes {
            // Keep the most recent strikes; the oldest falls off.
            self.oversize.rotate_left(1);
            self.oversize[OVERSIZE_STRIKES - 1] = Some(now);
            let recent = self
                .oversize
                .iter()
                .flatten()
                .filter(|t| now.saturating_duration_since(**t) < OVERSIZE_WINDOW)
                .count();
            return if recent >= OVERSIZE_STRIKES {
                Verdict::RefuseAndClose(ErrorCode::TooLarge)
            } else {
                Verdict::Refuse(ErrorCode::TooLarge)
            };
        }
        Verdict::Accept
    }
}

/// The address a client is throttled by: IPv4 as is, IPv6 by its /64 prefix (one
/// subscriber usually holds a whole /64, so counting single IPv6 addresses would let a
/// guesser rotate through billions of them). IPv4-mapped IPv6 counts as IPv4.
pub fn throttle_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut seg = v6.segments();
                seg[4..].fill(0);
                IpAddr::V6(seg.into())
            }
        },
    }
}

/// Failed joins per client address (see [`throttle_key`]): a token bucket of `per_minute`
/// tokens refilling over a minute. An address with no token left is refused before any
/// lookup.
#[derive(Debug)]
pub struct JoinThrottle {
    /// Failures allowed per minute (and in a burst).
    per_minute: u32,
    /// Buckets of addresses that failed recently; full buckets are pruned.
    buckets: HashMap<IpAddr, TokenBucket>,
}

impl JoinThrottle {
    /// Allows `per_minute` failed joins per address per minute.
    pub fn new(per_minute: u32) -> Self {
        JoinThrottle {
            per_minute,
            buckets: HashMap::new(),
        }
    }

    /// Tokens per second.
    fn rate(&self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }

    /// Whether `ip` may try a join or reclaim at `now`.
    pub fn allows(&mut self, ip: IpAddr, now: Instant) -> bool {
        let (rate, burst) = (self.rate(), self.per_minute);
        self.buckets
            .get_mut(&throttle_key(ip))
            .is_none_or(|b| b.has(rate, burst, now))
    }

    /// Counts a failed join or reclaim by `ip` at `now`.
    pub fn record_failure(&mut self, ip: IpAddr, now: Instant) {
        let (rate, burst) = (self.rate(), self.per_minute);
        let bucket = self
            .buckets
            .entry(throttle_key(ip))
            .or_insert_with(|| TokenBucket::full(burst, now));
        bucket.take(rate, burst, now);
    }

    /// Forgets addresses whose budget is whole again, so memory stays bounded by the
    /// addresses that failed within the last minute.
    pub fn prune(&mut self, now: Instant) {
        let (rate, burst) = (self.rate(), self.per_minute);
        self.buckets.retain(|_, b| !b.is_full(rate, burst, now));
    }

    /// The number of addresses tracked.
    pub fn len(&self) -> usize {
        self.buckets.len()
    }

    /// Whether no address is tracked.
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: FrameLimits = FrameLimits {
        frame_bytes: 100,
        rate: 20,
        burst: 60,
    };

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let t0 = Instant::now();
        let mut g = FrameGuard::new(LIMITS, t0);
        for _ in 0..60 {
            assert_eq!(g.check(10, t0), Verdict::Accept);
        }
        assert_eq!(g.check(10, t0), Verdict::Refuse(ErrorCode::RateLimited));
        let t1 = t0 + Duration::from_millis(50);
        assert_eq!(g.check(10, t1), Verdict::Accept, "one token per 50 ms");
        assert_eq!(g.check(10, t1), Verdict::Refuse(ErrorCode::RateLimited));
    }

    #[test]
    fn a_sustained_flood_closes_after_ten_seconds() {
        let t0 = Instant::now();
        let mut g = FrameGuard::new(LIMITS, t0);
        let mut closed_at = None;
        // 100 messages a second, five times the rate.
        for i in 0..2000u64 {
            let now = t0 + Duration::from_millis(10 * i);
            if g.check(10, now) == Verdict::RefuseAndClose(ErrorCode::RateLimited) {
                closed_at = Some(now - t0);
                break;
            }
        }
        let at = closed_at.expect("closed");
        assert!(
            at >= Duration::from_secs(10) && at < Duration::from_secs(12),
            "{at:?}"
        );
    }

    #[test]
    fn bursts_with_pauses_are_not_a_flood() {
        let t0 = Instant::now();
        let mut g = FrameGuard::new(LIMITS, t0);
        for round in 0..20u64 {
            let now = t0 + Duration::from_secs(4 * round);
            for _ in 0..70 {
                assert_ne!(
                    g.check(10, now),
                    Verdict::RefuseAndClose(ErrorCode::RateLimited)
                );
            }
        }
    }

    #[test]
    fn the_third_oversize_frame_in_a_minute_closes() {
        let t0 = Instant::now();
        let mut g = FrameGuard::new(LIMITS, t0);
        assert_eq!(g.check(101, t0), Verdict::Refuse(ErrorCode::TooLarge));
        assert_eq!(
            g.check(100, t0),
            Verdict::Accept,
            "exactly the limit is fine"
        );
        assert_eq!(
            g.check(101, t0 + Duration::from_secs(30)),
            Verdict::Refuse(ErrorCode::TooLarge)
        );
        // The first strike is more than a minute old by now.
        let t2 = t0 + Duration::from_secs(61);
        assert_eq!(g.check(101, t2), Verdict::Refuse(ErrorCode::TooLarge));
        assert_eq!(
            g.check(101, t2),
            Verdict::RefuseAndClose(ErrorCode::TooLarge)
        );
    }

    #[test]
    fn ipv6_clients_are_throttled_by_their_64_prefix() {
        let t0 = Instant::now();
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("v6");
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().expect("v6");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("v6");
        let mut t = JoinThrottle::new(2);
        t.record_failure(a, t0);
        t.record_failure(b, t0);
        assert!(
            !t.allows(a, t0) && !t.allows(b, t0),
            "one /64 shares one budget"
        );
        assert!(t.allows(other, t0));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("mapped");
        assert_eq!(throttle_key(mapped), IpAddr::from([192, 0, 2, 7]));
    }

    #[test]
    fn failed_joins_are_throttled_per_address_and_forgotten() {
        let t0 = Instant::now();
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let mut t = JoinThrottle::new(10);
        for _ in 0..10 {
            assert!(t.allows(a, t0));
            t.record_failure(a, t0);
        }
        assert!(!t.allows(a, t0));
        assert!(t.allows(b, t0), "other addresses are unaffected");
        assert!(
            t.allows(a, t0 + Duration::from_secs(6)),
            "one failure back after 6 s"
        );
        t.prune(t0 + Duration::from_secs(30));
        assert_eq!(t.len(), 1);
        t.prune(t0 + Duration::from_secs(60));
        assert!(t.is_empty());
    }
}
