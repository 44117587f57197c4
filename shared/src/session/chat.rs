//! Table talk (R10.1): plain text, limited in length and in rate per member.
//!
//! The host stamps every line with the sender it knows from the link the line came on, so
//! nobody can post as another seat: a chat message carries only its text.
//!
//! A line can be reacted to with one of a fixed set of [`Reaction`]s: each member at most
//! once of each kind per line, toggling, limited in rate ([`RateLimit::REACT`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

use super::names::is_line_or_control;

/// The longest chat line, in characters after cleaning.
pub const CHAT_MAX_CHARS: usize = 280;

/// Why a chat line was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum ChatError {
    #[error("the message is empty")]
    Empty,
    #[error("the message is longer than {CHAT_MAX_CHARS} characters")]
    TooLong,
    #[error("too many messages: wait a moment")]
    RateLimited,
    /// A reaction to a log entry that is not a chat line the host still keeps.
    #[error("no such chat line")]
    NoSuchLine,
}

/// A reaction to a chat line: one of a fixed set. Anything else on the wire is not a
/// message at all (`malformed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    Like,
    Laugh,
    Wow,
    Sad,
    Fire,
}

impl Reaction {
    /// Every reaction, in the order a page shows them.
    pub const ALL: [Reaction; 5] = [
        Reaction::Like,
        Reaction::Laugh,
        Reaction::Wow,
        Reaction::Sad,
        Reaction::Fire,
    ];

    /// The emoji a page shows for it.
    pub fn emoji(self) -> &'static str {
        match self {
            Reaction::Like => "\u{1F44D}",
            Reaction::Laugh => "\u{1F602}",
            Reaction::Wow => "\u{1F62E}",
            Reaction::Sad => "\u{1F622}",
            Reaction::Fire => "\u{1F525}",
        }
    }
}

/// Who reacted how to which line: a member holds each reaction at most once per line, so
/// a line has at most one of each kind per member however often they toggle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally<M> {
    lines: BTreeMap<u64, BTreeMap<Reaction, BTreeSet<M>>>,
}

impl<M> Default for Tally<M> {
    fn default() -> Self {
        Tally {
            lines: BTreeMap::new(),
        }
    }
}

impl<M: Ord + Copy> Tally<M> {
    /// Member `who`'s `reaction` to `line` is now `on` (or off).
    pub fn set(&mut self, line: u64, who: M, reaction: Reaction, on: bool) {
        if on {
            self.lines
                .entry(line)
                .or_default()
                .entry(reaction)
                .or_default()
                .insert(who);
        } else if let Some(by) = self.lines.get_mut(&line) {
            if let Some(set) = by.get_mut(&reaction) {
                set.remove(&who);
                if set.is_empty() {
                    by.remove(&reaction);
                }
            }
            if by.is_empty() {
                self.lines.remove(&line);
            }
        }
    }

    /// Whether `who` has reacted to `line` with `reaction`.
    pub fn has(&self, line: u64, who: M, reaction: Reaction) -> bool {
        self.lines
            .get(&line)
            .and_then(|by| by.get(&reaction))
            .is_some_and(|set| set.contains(&who))
    }

    /// Each reaction `line` has, with how many members gave it, in [`Reaction::ALL`]'s
    /// order; none that nobody gave.
    pub fn counts(&self, line: u64) -> Vec<(Reaction, usize)> {
        self.lines
            .get(&line)
            .map(|by| by.iter().map(|(r, set)| (*r, set.len())).collect())
            .unwrap_or_default()
    }
}

/// Whether chat drops a character: format characters (Unicode's category Cf: bidi
/// embeddings, overrides and isolates, directional marks, zero-width spaces and joiners,
/// the BOM, the soft hyphen, tag characters). Variation selectors stay: emoji need them.
fn chat_drops(c: char) -> bool {
    CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
}

/// Cleans a chat line: line breaks (U+2028 and U+2029 included), tabs and other control
/// characters become spaces (a line break could forge a log line that looks like a game
/// event), invisible and direction-changing characters are dropped, and the ends are
/// trimmed.
pub fn clean_chat(raw: &str) -> Result<String, ChatError> {
    let mut out = String::with_capacity(raw.len().min(CHAT_MAX_CHARS * 4));
    let mut chars = 0usize;
    for c in raw.chars() {
        if chat_drops(c) {
            continue;
        }
        let c = if is_line_or_control(c) { ' ' } else { c };
        out.push(c);
        chars += 1;
        // Leading spaces are trimmed below, so allow for them before refusing.
        if chars > CHAT_MAX_CHARS * 2 {
            return Err(ChatError::TooLong);
        }
    }
    let trimmed = out.trim();
    if trimmed.is_empty() {
        return Err(ChatError::Empty);
    }
    if trimmed.chars().count() > CHAT_MAX_CHARS {
        return Err(ChatError::TooLong);
    }
    Ok(trimmed.to_owned())
}

/// A token bucket: `burst` messages at once, then one more every `refill_ms`.
///
/// Integer arithmetic in milliseconds so that a snapshot restores it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bucket {
    /// Tokens in thousandths, so partial refills are kept between messages.
    milli_tokens: u64,
    /// The host time of the last refill.
    last_ms: u64,
}

/// The shape of a [`Bucket`]: how many at once, and how fast they come back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateLimit {
    pub burst: u32,
    pub refill_ms: u64,
}

impl RateLimit {
    /// Chat: five lines at once, then one every two seconds.
    pub const CHAT: RateLimit = RateLimit {
        burst: 5,
        refill_ms: 2_000,
    };
    /// Every message a peer sends, of any kind: a generous limit that only a flood meets.
    pub const MESSAGES: RateLimit = RateLimit {
        burst: 40,
        refill_ms: 50,
    };
    /// Reactions: eight at once, then one a second. Each toggle is a log entry for
    /// everyone, so a member tapping one reaction on and off fills no log.
    pub const REACT: RateLimit = RateLimit {
        burst: 8,
        refill_ms: 1_000,
    };
}

impl Bucket {
    /// A full bucket.
    pub fn new(limit: RateLimit, now_ms: u64) -> Bucket {
        Bucket {
            milli_tokens: u64::from(limit.burst) * 1000,
            last_ms: now_ms,
        }
    }

    /// Takes one token if there is one. A clock that goes backwards refills nothing.
    pub fn take(&mut self, limit: RateLimit, now_ms: u64) -> bool {
        let cap = u64::from(limit.burst) * 1000;
        let elapsed = now_ms.saturating_sub(self.last_ms);
        if let Some(refill) = (elapsed.saturating_mul(1000)).checked_div(limit.refill_ms.max(1)) {
            self.milli_tokens = self.milli_tokens.saturating_add(refill).min(cap);
        }
        self.last_ms = self.last_ms.max(now_ms);
        if self.milli_tokens >= 1000 {
            self.milli_tokens -= 1000;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleaning_flattens_lines_and_drops_invisibles() {
        assert_eq!(
            clean_chat("  hi\nHost: I have a duke\u{202E} ").as_deref(),
            Ok("hi Host: I have a duke")
        );
        assert_eq!(clean_chat(" \n\t "), Err(ChatError::Empty));
        assert_eq!(
            clean_chat("one\u{2028}two\u{2029}three").as_deref(),
            Ok("one two three")
        );
        assert_eq!(clean_chat("a\u{200D}b\u{E0041}").as_deref(), Ok("ab"));
        assert_eq!(
            clean_chat("\u{2764}\u{FE0F}").as_deref(),
            Ok("\u{2764}\u{FE0F}")
        );
        assert_eq!(
            clean_chat(&"a".repeat(CHAT_MAX_CHARS)).map(|s| s.len()),
            Ok(CHAT_MAX_CHARS)
        );
        assert_eq!(
            clean_chat(&"a".repeat(CHAT_MAX_CHARS + 1)),
            Err(ChatError::TooLong)
        );
        assert_eq!(clean_chat(&"a".repeat(100_000)), Err(ChatError::TooLong));
    }

    #[test]
    fn a_tally_holds_one_reaction_of_each_kind_per_member_per_line() {
        let mut t = Tally::<u32>::default();
        t.set(4, 1, Reaction::Like, true);
        // The same reaction again is still one.
        t.set(4, 1, Reaction::Like, true);
        t.set(4, 2, Reaction::Like, true);
        t.set(4, 2, Reaction::Fire, true);
        t.set(9, 1, Reaction::Sad, true);
        assert_eq!(t.counts(4), vec![(Reaction::Like, 2), (Reaction::Fire, 1)]);
        assert_eq!(t.counts(9), vec![(Reaction::Sad, 1)]);
        assert!(t.has(4, 2, Reaction::Fire) && !t.has(4, 1, Reaction::Fire));
        // Off takes one member's away; off for one who never gave it changes nothing.
        t.set(4, 1, Reaction::Like, false);
        t.set(4, 3, Reaction::Wow, false);
        t.set(5, 3, Reaction::Wow, false);
        assert_eq!(t.counts(4), vec![(Reaction::Like, 1), (Reaction::Fire, 1)]);
        t.set(4, 2, Reaction::Like, false);
        t.set(4, 2, Reaction::Fire, false);
        assert_eq!(t.counts(4), vec![]);
        assert_eq!(t, {
            let mut only = Tally::default();
            only.set(9, 1, Reaction::Sad, true);
            only
        });
    }

    #[test]
    fn reactions_are_a_fixed_set_on_the_wire() {
        for r in Reaction::ALL {
            let text = serde_json::to_string(&r).expect("encodes");
            assert_eq!(serde_json::from_str::<Reaction>(&text).ok(), Some(r));
        }
        assert_eq!(
            serde_json::to_string(&Reaction::Like).ok().as_deref(),
            Some("\"like\"")
        );
        for bad in ["\"thumbs\"", "\"\u{1F44D}\"", "\"Like\"", "3", "null"] {
            assert!(serde_json::from_str::<Reaction>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bucket_allows_a_burst_then_refills() {
        let limit = RateLimit {
            burst: 3,
            refill_ms: 1000,
        };
        let mut b = Bucket::new(limit, 0);
        assert!(b.take(limit, 0) && b.take(limit, 0) && b.take(limit, 0));
        assert!(!b.take(limit, 10));
        assert!(!b.take(limit, 999));
        assert!(b.take(limit, 1000));
        assert!(!b.take(limit, 1001));
        // A clock going backwards neither panics nor refills.
        assert!(!b.take(limit, 5));
        // A long pause refills to the burst and no more.
        assert!(b.take(limit, 100_000) && b.take(limit, 100_000) && b.take(limit, 100_000));
        assert!(!b.take(limit, 100_000));
    }
}
