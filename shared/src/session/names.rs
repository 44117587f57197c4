//! Display names: what a player may call themselves at the table.
//!
//! A name is shown to every other player, beside chat lines and in the seat list, so it must
//! not be able to disguise itself or break the layout: no control characters or line breaks
//! (they would forge extra log lines), no bidirectional overrides (they reverse the text
//! that follows, so "Bob" could render as someone else's name), no characters that render
//! as nothing (they make two different names look the same, or a name look blank), and no
//! name that reads as someone it is not: the reader ("You", as the interface calls the
//! reader's own seat), a bot ("Bot 2") or an open seat ("Seat 3").
//!
//! What renders as nothing is Unicode's to say, not a hand list: the Default_Ignorable_Code_Point
//! property and the format, private-use and unassigned categories, from ICU4X's
//! `icu_properties` (the Unicode Consortium's own data). Unicode normalisation is not
//! needed: the host only compares names to de-duplicate them, and a look-alike is harmless
//! once seats are numbered in the interface.

use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup};
use icu_properties::{CodePointMapData, CodePointSetData};
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
    /// "You", "Your …", "Bot 2", "Seat 3": the name would read as the reader, a bot or an
    /// open seat in the others' interface.
    #[error("the name reads as the reader, a bot or a seat")]
    Impersonates,
}

fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// Characters that render as nothing or change the direction of the text after them:
/// Unicode's default-ignorable code points (zero-width spaces and joiners, bidi controls,
/// Hangul fillers, variation selectors, tag characters, …), every format character,
/// private-use and unassigned code points, and the blank Braille pattern (U+2800, a
/// symbol that Unicode gives no "blank" property but that every font draws empty).
pub fn is_invisible(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || matches!(
            category(c),
            GeneralCategory::Format
                | GeneralCategory::PrivateUse
                | GeneralCategory::Unassigned
                | GeneralCategory::Surrogate
        )
        || c == '\u{2800}'
}

/// Control characters and line breaks, the line and paragraph separators included.
pub fn is_line_or_control(c: char) -> bool {
    c.is_control()
        || matches!(
            category(c),
            GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
        )
}

/// Whether a character draws something by itself: a letter, digit, punctuation or
/// symbol (a name of combining marks alone looks blank).
fn is_visible_base(c: char) -> bool {
    let visible = GeneralCategoryGroup::Letter
        .union(GeneralCategoryGroup::Number)
        .union(GeneralCategoryGroup::Punctuation)
        .union(GeneralCategoryGroup::Symbol);
    visible.contains(category(c)) && !is_invisible(c)
}

/// The letters and digits of `s`, lower-cased, with full-width ASCII folded to ASCII: how
/// a name reads, whatever spacing, case, punctuation or width it is written in.
fn reading(s: &str) -> String {
    s.chars()
        .map(|c| match u32::from(c) {
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether a name reads as the reader ("You", "Your Majesty", "YOU!"), a bot ("Bot",
/// "Bot 2") or a seat label ("Seat 3"), as the interface writes them in any of its
/// languages: every player's table may be in another one, so a name is checked against
/// them all ("Vous", "Du", "Tú", "Você"; "Place 3", "Platz 3", "Asiento 3", "Lugar 3").
pub fn impersonates(name: &str) -> bool {
    // English's word for the reader begins a name that reads as the reader.
    const READER: [&str; 8] = [
        "you", "your", "yours", "youre", "yourself", "youll", "youve", "youd",
    ];
    // The other languages' words for the reader, alone (as a first word they begin
    // ordinary names: "Du Bois", "Tu Anh"), and without their accents too.
    const READER_ALONE: [&str; 6] = ["vous", "du", "tú", "tu", "você", "voce"];
    // A bot and an open seat, followed by a number or nothing.
    const LABELS: [&str; 6] = ["bot", "seat", "place", "platz", "asiento", "lugar"];
    let first = name
        .split_whitespace()
        .next()
        .map(reading)
        .unwrap_or_default();
    if READER.contains(&first.as_str()) {
        return true;
    }
    let whole = reading(name);
    if READER_ALONE.contains(&whole.as_str()) {
        return true;
    }
    LABELS.iter().any(|label| {
        whole
            .strip_prefix(label)
            .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()))
    })
}

/// Validates a display name and returns it trimmed, with runs of inner whitespace
/// collapsed to one space (so two names cannot differ only by spacing).
pub fn validate_name(raw: &str) -> Result<String, NameError> {
    let mut out = String::with_capacity(raw.len().min(NAME_MAX_CHARS * 4));
    let mut chars = 0usize;
    let mut pending_space = false;
    let mut visible = false;
    for c in raw.chars() {
        if is_line_or_control(c) {
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
        visible |= is_visible_base(c);
        if chars > NAME_MAX_CHARS {
            return Err(NameError::TooLong);
        }
    }
    if chars < NAME_MIN_CHARS {
        return Err(NameError::Empty);
    }
    if !visible {
        return Err(NameError::Invisible);
    }
    if impersonates(&out) {
        return Err(NameError::Impersonates);
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
    fn blank_looking_names_are_refused_by_unicode_properties() {
        for c in [
            '\u{3164}',
            '\u{FFA0}',
            '\u{115F}',
            '\u{2800}',
            '\u{034F}',
            '\u{E0041}',
            '\u{FE0F}',
            '\u{180B}',
            '\u{17B4}',
            '\u{1D173}',
            '\u{200B}',
            '\u{E000}',
        ] {
            assert_eq!(
                validate_name(&format!("Bob{c}")),
                Err(NameError::Invisible),
                "{:04X} inside a name",
                u32::from(c)
            );
            assert_eq!(
                validate_name(&c.to_string()),
                Err(NameError::Invisible),
                "{:04X} alone",
                u32::from(c)
            );
        }
        assert_eq!(validate_name("\u{0301}\u{0301}"), Err(NameError::Invisible));
        assert_eq!(validate_name("Bob\u{2028}Eve"), Err(NameError::Control));
        assert_eq!(validate_name("Bob\u{2029}"), Err(NameError::Control));
        // Real names in any script, with marks and emoji, still pass.
        for ok in [
            "Zoë",
            "José",
            "李雷",
            "Ωmega",
            "देवनागरी",
            "한글",
            "Ada 🎲",
            "O'Brien",
        ] {
            assert_eq!(validate_name(ok).as_deref(), Ok(ok));
        }
    }

    #[test]
    fn names_that_read_as_the_reader_a_bot_or_a_seat_are_refused() {
        for name in [
            "You",
            "you",
            "YOU!",
            "Ｙｏｕ",
            "Your Majesty",
            "You're next",
            "Yours",
            "Bot",
            "Bot 2",
            "bot2",
            "BOT 10",
            "Seat 3",
            "seat",
            "Seat-3",
            // The other languages the interface speaks.
            "Vous",
            "VOUS !",
            "Du",
            "Tú",
            "tu",
            "Você",
            "Voce",
            "Place 3",
            "Platz 3",
            "Asiento 10",
            "Lugar 2",
            "lugar",
        ] {
            assert_eq!(validate_name(name), Err(NameError::Impersonates), "{name}");
        }
        for ok in [
            "Youssef",
            "Yousra",
            "Botond",
            "Robot 2",
            "Seaton",
            "Seat of Power",
            "Du Bois",
            "Tu Anh",
            "Vousden",
            "Placido",
            "Lugar Grande",
        ] {
            assert!(validate_name(ok).is_ok(), "{ok}");
        }
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
