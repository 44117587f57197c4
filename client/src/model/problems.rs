//! What a player reads when something is refused or goes wrong: each of `shared`'s error
//! enums (and the relay's error codes) as a message of the catalog, with its figures as
//! arguments. `shared` keeps its own English texts for logs and tests; these are the
//! words a player sees, in the player's language.
//!
//! Every match here names every variant, so a new error in `shared` does not compile until
//! it has its message.

use shared::engine::InputError;
use shared::fair::FairError;
use shared::relay::{
    CLOSE_GOING_AWAY, CLOSE_INVALID, CLOSE_POLICY, CLOSE_PROTOCOL, CLOSE_REPLACED, CLOSE_TOO_BIG,
    CLOSE_TRY_LATER, ErrorCode,
};
use shared::session::chat::{CHAT_MAX_CHARS, ChatError};
use shared::session::fair::seat::{FairAnswerError, FairFault};
use shared::session::guest::{GuestError, IntentError};
use shared::session::names::{NAME_MAX_CHARS, NameError};
use shared::session::protocol::{Fatal, Refusal, TableError, WireError};

use crate::i18n::{t, tr};

/// The host refused something we sent: a sentence, never a code.
pub fn refusal(r: &Refusal) -> String {
    match r {
        Refusal::Wire(w) => wire(w),
        Refusal::RateLimited => t("refusal-rate-limited"),
        Refusal::NotJoined => t("refusal-not-joined"),
        Refusal::AlreadyJoined => t("refusal-already-joined"),
        Refusal::TableFull => t("refusal-table-full"),
        Refusal::Name(e) => name(*e),
        Refusal::NotHost => t("refusal-not-host"),
        Refusal::NoGame => t("refusal-no-game"),
        Refusal::NotSeated => t("refusal-not-seated"),
        Refusal::NotYourSeat { asked, yours } => tr(
            "refusal-not-your-seat",
            &[
                ("asked", (asked.index() + 1).into()),
                ("yours", (yours.index() + 1).into()),
            ],
        ),
        // A click that arrived after the decision moved on (a timer, or a double click).
        Refusal::Stale { .. } => t("refusal-stale"),
        Refusal::Illegal { code, .. } => illegal(code),
        Refusal::Chat(e) => chat(*e),
        Refusal::Table(e) => table(e),
        Refusal::Fair { .. } => t("refusal-fair"),
    }
}

/// Every reason the rules give for refusing an input.
pub const INPUT_ERRORS: [InputError; 17] = [
    InputError::GameOver,
    InputError::NoSuchSeat,
    InputError::NotYourTurn,
    InputError::AlreadyAnswered,
    InputError::WrongDecision,
    InputError::NotAvailable,
    InputError::MustCoup,
    InputError::CannotAfford,
    InputError::EmptyReserve,
    InputError::BadTarget,
    InputError::NothingToSteal,
    InputError::SameAllegiance,
    InputError::CannotBlock,
    InputError::CannotChallenge,
    InputError::NoSuchCard,
    InputError::CardNotInUse,
    InputError::BadKeep,
];

/// The message of a rule's refusal.
pub fn input_error_id(e: InputError) -> &'static str {
    match e {
        InputError::GameOver => "illegal-game-over",
        InputError::NoSuchSeat => "illegal-no-such-seat",
        InputError::NotYourTurn => "illegal-not-your-turn",
        InputError::AlreadyAnswered => "illegal-already-answered",
        InputError::WrongDecision => "illegal-wrong-decision",
        InputError::NotAvailable => "illegal-not-available",
        InputError::MustCoup => "illegal-must-coup",
        InputError::CannotAfford => "illegal-cannot-afford",
        InputError::EmptyReserve => "illegal-empty-reserve",
        InputError::BadTarget => "illegal-bad-target",
        InputError::NothingToSteal => "illegal-nothing-to-steal",
        InputError::SameAllegiance => "illegal-same-allegiance",
        InputError::CannotBlock => "illegal-cannot-block",
        InputError::CannotChallenge => "illegal-cannot-challenge",
        InputError::NoSuchCard => "illegal-no-such-card",
        InputError::CardNotInUse => "illegal-card-not-in-use",
        InputError::BadKeep => "illegal-bad-keep",
    }
}

/// The rules refused an input, by the engine's stable code (`InputError::code`); a code
/// this page does not know (a newer host) still reads as a refusal by the rules.
pub fn illegal(code: &str) -> String {
    match INPUT_ERRORS.iter().find(|e| e.code() == code) {
        Some(e) => t(input_error_id(*e)),
        None => t("illegal-other"),
    }
}

/// A host command refused.
pub fn table(e: &TableError) -> String {
    match e {
        TableError::GameInProgress => t("table-error-game-in-progress"),
        TableError::NoGame => t("table-error-no-game"),
        TableError::NotFinished => t("table-error-not-finished"),
        TableError::SeatCount => t("table-error-seat-count"),
        TableError::NoSuchSeat(seat) => tr(
            "table-error-no-such-seat",
            &[("seat", (seat.index() + 1).into())],
        ),
        TableError::NoSuchMember(_) => t("table-error-no-such-member"),
        TableError::DraftNeedsTwo => t("table-error-draft-needs-two"),
        TableError::Timers => t("table-error-timers"),
        TableError::KickHost => t("table-error-kick-host"),
        TableError::SeatTaken => t("table-error-seat-taken"),
        TableError::HeldAnotherSeat => t("table-error-held-another-seat"),
        TableError::OnlyBot => t("table-error-only-bot"),
        TableError::Deal(detail) => tr("table-error-deal", &[("detail", detail.as_str().into())]),
        TableError::FairNoBots => t("table-error-fair-no-bots"),
        TableError::FairNeedsPeople => t("table-error-fair-needs-people"),
        TableError::FairSeat => t("table-error-fair-seat"),
        TableError::FairUnavailable => t("table-error-fair-unavailable"),
    }
}

/// Why the host ended our link.
pub fn fatal(f: &Fatal) -> String {
    match f {
        Fatal::VersionMismatch { host, yours } => tr(
            "fatal-version",
            &[("host", (*host).into()), ("yours", (*yours).into())],
        ),
        Fatal::Kicked => t("fatal-kicked"),
        Fatal::Replaced => t("fatal-replaced"),
        Fatal::TableFull => t("refusal-table-full"),
        Fatal::Locked => t("fatal-locked"),
    }
}

/// A refused display name, as the name field says it.
pub fn name(e: NameError) -> String {
    match e {
        NameError::Empty => t("name-error-empty"),
        NameError::TooLong => tr("name-error-too-long", &[("max", NAME_MAX_CHARS.into())]),
        NameError::Control => t("name-error-control"),
        NameError::Invisible => t("name-error-invisible"),
        NameError::Impersonates => t("name-error-impersonates"),
    }
}

/// A refused chat line.
pub fn chat(e: ChatError) -> String {
    match e {
        ChatError::Empty => t("chat-error-empty"),
        ChatError::TooLong => tr("chat-error-too-long", &[("max", CHAT_MAX_CHARS.into())]),
        ChatError::RateLimited => t("chat-error-rate-limited"),
        ChatError::NoSuchLine => t("chat-error-no-such-line"),
    }
}

/// Why our own guest did not send a move.
pub fn intent(e: IntentError) -> String {
    match e {
        IntentError::NoGame => t("refusal-no-game"),
        IntentError::NotSeated => t("refusal-not-seated"),
        IntentError::NotLegal => t("intent-not-legal"),
    }
}

/// Why our fair answer was not sent.
pub fn fair_answer(e: FairAnswerError) -> String {
    match e {
        FairAnswerError::NotAsked => t("fair-answer-not-asked"),
        FairAnswerError::DoesNotFit | FairAnswerError::Refused(_) => t("fair-answer-refused"),
    }
}

/// A message that was not one.
pub fn wire(e: &WireError) -> String {
    match e {
        WireError::TooLarge { size, limit } => tr(
            "wire-too-large",
            &[("size", (*size).into()), ("limit", (*limit).into())],
        ),
        WireError::VersionMismatch { theirs, ours } => tr(
            "wire-version",
            &[("theirs", (*theirs).into()), ("ours", (*ours).into())],
        ),
        WireError::Malformed { detail } => {
            tr("wire-malformed", &[("detail", detail.as_str().into())])
        }
    }
}

/// A text from the host that was not used.
pub fn guest(e: &GuestError) -> String {
    match e {
        GuestError::Wire(w) => wire(w),
        GuestError::NotWelcomed => t("guest-error-not-welcomed"),
        GuestError::LogOrder { .. } => t("guest-error-log-order"),
        GuestError::WrongSeat { .. } => t("guest-error-wrong-seat"),
        GuestError::Closed(f) => fatal(f),
        GuestError::Implausible { .. } => t("guest-error-implausible"),
        GuestError::Reveal(_) => t("guest-error-reveal"),
        GuestError::Fair {
            fault: FairFault::Refused(FairError::NotTheRules(_)),
            ..
        } => t("guest-error-fair-rules"),
        GuestError::Fair {
            fault: FairFault::Refused(FairError::TwoGames(_)),
            ..
        } => t("guest-error-fair-two-games"),
        GuestError::Fair { .. } => t("guest-error-fair"),
        GuestError::Parts(_) => t("guest-error-parts"),
        GuestError::Recovery(_) => t("guest-error-recovery"),
    }
}

/// An error code from the relay.
pub fn relay(code: ErrorCode) -> String {
    t(match code {
        ErrorCode::NoSuchRoom => "relay-error-no-such-room",
        ErrorCode::RoomFull => "relay-error-room-full",
        ErrorCode::RateLimited => "relay-error-rate-limited",
        ErrorCode::ServerFull => "relay-error-server-full",
        ErrorCode::AlreadyInRoom => "relay-error-already-in-room",
        ErrorCode::NotInRoom => "relay-error-not-in-room",
        ErrorCode::UnknownPeer => "relay-error-unknown-peer",
        // A reclaim answered `handed_over` makes the page a guest of the room (the
        // session's own words say so); anywhere else it is told as a wrong secret.
        ErrorCode::BadSecret | ErrorCode::HandedOver => "relay-error-bad-secret",
        ErrorCode::TooLarge => "relay-error-too-large",
        ErrorCode::BadMessage => "relay-error-bad-message",
        ErrorCode::NotHost => "relay-error-not-host",
        ErrorCode::Banned => "relay-error-banned",
    })
}

/// Why the relay closed our connection, from its close code (`docs/RELAY-PROTOCOL.md`), in
/// the page's language; `None` when there is nothing to tell (a normal close, or a
/// connection that dropped, which the connection line shows). A code this page does not
/// know is told with the relay's own words, when it gave any.
pub fn relay_closed(code: u16, reason: &str) -> Option<String> {
    match relay_close_id(code) {
        Some(id) => Some(t(id)),
        None if reason.is_empty() || code == 1000 => None,
        None => Some(tr(
            "notice-relay-closed",
            &[("code", code.to_string().into()), ("reason", reason.into())],
        )),
    }
}

/// The message for each close code the relay sends.
fn relay_close_id(code: u16) -> Option<&'static str> {
    Some(match code {
        // The relay shuts down, or lost its room store; the table plays on meanwhile.
        CLOSE_GOING_AWAY => "relay-closed-going-away",
        // Another connection reclaimed this one's place in the room.
        CLOSE_REPLACED => "relay-closed-replaced",
        // Past the message rate, or too slow to read its frames.
        CLOSE_POLICY => "relay-closed-policy",
        CLOSE_TOO_BIG => "relay-closed-too-big",
        CLOSE_PROTOCOL | CLOSE_INVALID => "relay-closed-protocol",
        // Too many connections from this address.
        CLOSE_TRY_LATER => "relay-closed-try-later",
        _ => return None,
    })
}

/// Why the relay closed our room. The relay's reason is words for people in English; the
/// ones it sends are told in the page's language, any other as it came.
pub fn room_closed(reason: &str) -> String {
    match reason {
        "the host left" => t("room-closed-host-left"),
        "the host did not come back in time" => t("room-closed-host-late"),
        other => tr("room-closed", &[("reason", other.into())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Catalog, ENGLISH};
    use shared::engine::Seat;

    #[test]
    fn refusals_read_as_sentences_not_codes() {
        let stale = refusal(&Refusal::Stale { step: 4, now: 5 });
        assert_eq!(stale, "Too late: that decision has already passed.");
        let coup = refusal(&Refusal::Illegal {
            code: InputError::MustCoup.code().into(),
            message: InputError::MustCoup.to_string(),
        });
        assert_eq!(coup, "With 10 or more coins you must Coup.");
        let newer = refusal(&Refusal::Illegal {
            code: "from_a_newer_host".into(),
            message: "whatever it says".into(),
        });
        assert_eq!(newer, "The rules do not allow that.");
        let seat = refusal(&Refusal::NotYourSeat {
            asked: Seat(2),
            yours: Seat(0),
        });
        assert_eq!(seat, "Seat 3 is not yours (yours is seat 1).");
        assert_eq!(
            refusal(&Refusal::Name(NameError::TooLong)),
            "A name has at most 24 characters."
        );
    }

    #[test]
    fn every_rule_refusal_has_its_own_sentence_in_every_language() {
        let codes: std::collections::BTreeSet<_> = INPUT_ERRORS.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), INPUT_ERRORS.len(), "one entry per error");
        let english = Catalog::english();
        let other = english.format("illegal-other", &[]);
        for e in INPUT_ERRORS {
            let said = english.format(input_error_id(e), &[]);
            assert_ne!(said, input_error_id(e), "{e:?} has a message");
            assert_ne!(said, other, "{e:?} says why");
        }
        // Each language has them (the catalog check makes sure of the ids); a French
        // sentence is not the English one.
        let french = Catalog::parse("fr", include_str!("../../locales/fr.ftl")).unwrap();
        assert_ne!(
            french.format("illegal-must-coup", &[]),
            english.format("illegal-must-coup", &[])
        );
        assert!(ENGLISH.contains("illegal-must-coup"));
    }

    #[test]
    fn the_relays_close_codes_are_sentences_in_the_pages_language() {
        assert_eq!(
            relay_closed(1001, "relay shutting down").as_deref(),
            Some("The relay is restarting. The table plays on without it meanwhile.")
        );
        // The relay's English words never reach a page in another language for a code
        // the relay sends.
        let french = Catalog::parse("fr", include_str!("../../locales/fr.ftl")).unwrap();
        let english = Catalog::english();
        for (code, reason, id) in [
            (1001, "relay shutting down", "relay-closed-going-away"),
            (
                1001,
                "the relay lost its room store",
                "relay-closed-going-away",
            ),
            (4000, "replaced by a reclaim", "relay-closed-replaced"),
            (1008, "too slow", "relay-closed-policy"),
            (1008, "policy violation", "relay-closed-policy"),
            (1009, "message too big", "relay-closed-too-big"),
            (1002, "protocol error", "relay-closed-protocol"),
            (1013, "too many connections", "relay-closed-try-later"),
        ] {
            let said = relay_closed(code, reason).expect("a code the relay sends is told");
            assert_eq!(
                said,
                english.format(id, &[]),
                "{code} {reason}: the catalog's own"
            );
            assert_ne!(
                french.format(id, &[]),
                english.format(id, &[]),
                "{id} in French"
            );
        }
        // Nothing to tell for a normal close or a dropped connection; an unknown code
        // keeps the relay's words.
        assert_eq!(relay_closed(1000, "idle"), None);
        assert_eq!(relay_closed(1006, ""), None);
        assert_eq!(
            relay_closed(4321, "maintenance").as_deref(),
            Some("The relay closed the connection (4321): maintenance")
        );
    }

    #[test]
    fn the_relays_reasons_and_codes_are_sentences() {
        assert_eq!(
            room_closed("the host left"),
            "The room was closed: the host left."
        );
        assert_eq!(
            room_closed("maintenance"),
            "The room was closed: maintenance"
        );
        assert_eq!(relay(ErrorCode::RoomFull), "That room is full.");
        assert_eq!(
            fatal(&Fatal::VersionMismatch { host: 3, yours: 2 }),
            "This table runs protocol version 3; yours is 2: reload the page."
        );
        assert_eq!(
            chat(ChatError::TooLong),
            "A message has at most 280 characters."
        );
        assert_eq!(
            wire(&WireError::TooLarge {
                size: 70_000,
                limit: 65_536
            }),
            "The message is 70000 bytes; the limit is 65536."
        );
    }
}
