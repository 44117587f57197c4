//! The player's chosen display name: what the lobby's name field accepts, and what is
//! remembered between visits (in `localStorage`, under [`NAME_KEY`]).
//!
//! The rules are the host's own ([`validate_name`]), so a name the field
//! accepts is never refused at the table. A blank field means "no name chosen": the page
//! then goes by a name made from its relay id ("Player K7M3").

use shared::session::names::{NameError, validate_name};

/// The `localStorage` key of the remembered name.
pub const NAME_KEY: &str = "coup.name";

/// What the field holds: a name to use, or nothing chosen (blank).
///
/// `Err` is the sentence to show beside the field.
pub fn check_name(typed: &str) -> Result<Option<String>, String> {
    match validate_name(typed) {
        Ok(name) => Ok(Some(name)),
        Err(NameError::Empty) => Ok(None),
        Err(e) => Err(super::problems::name(e)),
    }
}

/// The field's first value from what storage held: the remembered name when it is still a
/// valid one, else blank (absent, unreadable, tampered with, or from older rules).
pub fn remembered_name(stored: Option<&str>) -> String {
    stored
        .and_then(|s| validate_name(s).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_means_no_name_and_valid_names_are_cleaned() {
        assert_eq!(check_name(""), Ok(None));
        assert_eq!(check_name("   "), Ok(None));
        assert_eq!(check_name("  Ada   L "), Ok(Some("Ada L".to_owned())));
    }

    #[test]
    fn invalid_names_get_a_sentence() {
        let long = check_name(&"x".repeat(25)).unwrap_err();
        assert!(long.contains("24"), "{long}");
        assert!(check_name("Bo\nb").is_err());
        assert!(check_name("\u{202E}boB").is_err());
        assert!(check_name(&"x".repeat(24)).is_ok());
    }

    #[test]
    fn remembered_names_are_read_defensively() {
        assert_eq!(remembered_name(None), "");
        assert_eq!(remembered_name(Some("")), "");
        assert_eq!(remembered_name(Some("Ana")), "Ana");
        assert_eq!(remembered_name(Some(" Ana ")), "Ana");
        assert_eq!(remembered_name(Some("a\u{0}b")), "");
        assert_eq!(remembered_name(Some(&"é".repeat(100))), "");
        assert_eq!(remembered_name(Some("Bo\u{200B}b")), "");
    }
}
