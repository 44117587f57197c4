//! Display names: what a player may call themselves at the table.
//!
//! A name is shown to every other player, beside chat lines and in the seat list, so it must
//! not be able to disguise itself or break the layout: no control characters or newlines
//! (they would forge extra log lines), no bidirectional overrides (they reverse the text
//! that follows, so "Bob" could render as someone else's name) and no zero-width characters
//! (they make two different names look the same). Unicode normalisation is not needed: the
//! host only compares names to de-duplicate them, and a look-alike is harmless once seats
//! are numbered in the interface.

use serde::{Deserialize, Serialize};

/// The shortest name, in characters, after trimming.
pub const NAME_MIN_CHARS: usize = 1;
/// The longest name, in characters (not bytes), after trimming.
pub const NAME_MAX_CHARS: usize = 24;

/// Why a display name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error("the name is longer than {NAME_MAX_CHARS} characters")]
    TooLong,
    #[error("the name holds a control character or a line break")]
    Control,
    #[error("the name holds an invisible or direction-changing character")]
    Invisible,
}

/// Characters that change the direction of the text after them or take no width: bidi
/// embeddings, overrides and isolates, directional marks, zero-width spaces and joiners,
/// the word joiner, invisible operators, the byte-order mark, the soft hyphen and the
/// Mongolian vowel separator.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}'
        | '\u{061C}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}'
    )
}

/// Validates a display name and returns it trimmed, with runs of inner whitespace
/// collapsed to one space (so two names cannot differ only by spacing).
pub fn validate_name(raw: &str) -> Result<String, NameError> {
    let mut out = String::with_capacity(raw.len().min(NAME_MAX_CHARS * 4));
    let mut chars = 0usize;
    let mut pending_space = false;
    for c in raw.chars() {
        if c.is_control() {
            return Err(NameError::Control);
        }
        if is_invisible(c) {
            return Err(NameError::Invisible);
        }
        if c.is_whitespace() {
            pending_space = chars > 0;
            continue;
        }
        if pending_space {
            out.push(' ');
            chars += 1;
            pending_space = false;
        }
        out.push(c);
        chars += 1;
        if chars > NAME_MAX_CHARS {
            return Err(NameError::TooLong);
        }
    }
    if chars < NAME_MIN_CHARS {
        return Err(NameError::Empty);
    }
    Ok(out)
}

/// Returns `name`, or `name` with the smallest suffix " 2", " 3", … that no name in
/// `taken` has, shortened first so the result still fits [`NAME_MAX_CHARS`].
pub fn unique_name<'a>(name: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    let clash = |candidate: &str| taken.clone().any(|t| t == candidate);
    if !clash(name) {
        return name.to_owned();
    }
    for n in 2u32.. {
        let suffix = format!(" {n}");
        let keep = NAME_MAX_CHARS.saturating_sub(suffix.chars().count());
        let base: String = name.chars().take(keep).collect();
        let candidate = format!("{}{suffix}", base.trim_end());
        if !clash(&candidate) {
            return candidate;
        }
    }
    // Unreachable in practice: a table holds far fewer members than u32::MAX.
    name.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_collapses_whitespace() {
        assert_eq!(
            validate_name("  Ada   Lovelace \u{3000}").as_deref(),
            Ok("Ada Lovelace")
        );
    }

    #[test]
    fn refuses_empty_long_control_and_invisible() {
        assert_eq!(validate_name("   "), Err(NameError::Empty));
        assert_eq!(validate_name(""), Err(NameError::Empty));
        assert_eq!(validate_name(&"é".repeat(25)), Err(NameError::TooLong));
        assert_eq!(
            validate_name(&"é".repeat(24)).map(|s| s.chars().count()),
            Ok(24)
        );
        assert_eq!(validate_name("Bob\nHost: hi"), Err(NameError::Control));
        assert_eq!(validate_name("Bob\u{0007}"), Err(NameError::Control));
        assert_eq!(validate_name("\u{202E}boB"), Err(NameError::Invisible));
        assert_eq!(validate_name("Bo\u{200B}b"), Err(NameError::Invisible));
        assert_eq!(validate_name("Bob\u{FEFF}"), Err(NameError::Invisible));
    }

    #[test]
    fn unique_names_get_a_suffix_that_fits() {
        let taken = ["Ann", "Ann 2"];
        assert_eq!(unique_name("Ann", taken.iter().copied()), "Ann 3");
        assert_eq!(unique_name("Bea", taken.iter().copied()), "Bea");
        let long = "x".repeat(NAME_MAX_CHARS);
        let got = unique_name(&long, [long.as_str()].into_iter());
        assert_eq!(got.chars().count(), NAME_MAX_CHARS);
        assert!(got.ends_with(" 2"));
    }
}
