//! Table talk (R10.1): plain text, limited in length and in rate per member.
//!
//! The host stamps every line with the sender it knows from the link the line came on, so
//! nobody can post as another seat: a chat message carries only its text.

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
