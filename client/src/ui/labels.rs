//! Words the table adds for players beyond the log's and the panels' own: the sound
//! toggle's, and what assistive technology reads (accessible names, live announcements,
//! the shortcut hints). Plain functions in one place, so that a message catalog can take
//! them over in one step.

use crate::i18n::{Arg, t, tr};

/// Two card names as "Duke and Captain"; more, by commas.
fn and(cards: &[&str]) -> String {
    match cards {
        [a, b] => tr("list-and", &[("a", (*a).into()), ("b", (*b).into())]),
        _ => cards.join(", "),
    }
}

/// The sound toggle's visible word.
pub fn sound() -> String {
    t("sound")
}

/// The sound toggle's accessible name (its state is `aria-pressed`).
pub fn sound_name() -> String {
    t("sound-name")
}

/// The key that answers with `input` when its button is offered: the common answers.
pub fn shortcut(input: &shared::engine::Input) -> Option<&'static str> {
    use shared::engine::Input;
    match input {
        Input::Pass => Some("P"),
        Input::Challenge => Some("C"),
        Input::Block(_) => Some("B"),
        _ => None,
    }
}

/// The key that says the time left.
pub const TIME_KEY: &str = "T";

/// The keys, as the table's bar tells them.
pub fn keys_help() -> String {
    t("keys-help")
}

/// Said at once when a decision becomes ours: the panel's title.
pub fn your_decision(title: &str) -> String {
    tr("your-decision", &[("title", title.into())])
}

/// Said when asked for the time: ours when we owe a decision, else whom the table
/// waits for and theirs.
pub fn time_left(who: Option<&str>, seconds: Option<u64>) -> String {
    match (who, seconds) {
        (None, Some(s)) => tr("time-left-mine", &[("n", Arg::Num(s as i64))]),
        (None, None) => t("time-none-mine"),
        (Some(w), Some(s)) => tr(
            "time-left-theirs",
            &[("names", w.into()), ("n", Arg::Num(s as i64))],
        ),
        (Some(w), None) => tr("waiting-for", &[("names", w.into())]),
    }
}

/// What a seat shows, for its accessible name.
pub struct SeatWords<'a> {
    pub name: &'a str,
    pub me: bool,
    /// Its bot's level ("Normal"), for a bot.
    pub bot: Option<&'a str>,
    pub alive: bool,
    pub coins: &'a str,
    /// Its cards' names, face up (lost) or, when we may see them, hidden.
    pub lost: Vec<&'a str>,
    pub hidden_known: Vec<&'a str>,
    pub hidden: usize,
    pub allegiance: Option<&'a str>,
    pub turn: bool,
    pub owes: bool,
    pub answering: bool,
}

/// A seat's accessible name: "Bram, Normal bot, 2 coins, 2 hidden cards, their turn".
pub fn seat(w: &SeatWords<'_>) -> String {
    let mut parts = vec![w.name.to_owned()];
    if !w.alive {
        parts.push(t("seat-out"));
    } else if let Some(l) = w.bot {
        parts.push(tr("level-bot", &[("level", l.into())]));
    }
    parts.push(w.coins.to_owned());
    if !w.hidden_known.is_empty() {
        parts.push(tr(
            "seat-holding",
            &[("cards", and(&w.hidden_known).into())],
        ));
    } else if w.hidden > 0 {
        parts.push(tr("seat-hidden", &[("n", w.hidden.into())]));
    }
    if !w.lost.is_empty() {
        parts.push(tr("seat-lost", &[("cards", and(&w.lost).into())]));
    }
    if let Some(a) = w.allegiance {
        parts.push(a.to_owned());
    }
    if w.turn {
        parts.push(if w.me {
            t("seat-your-turn")
        } else {
            t("seat-their-turn")
        });
    }
    if w.owes && !w.turn {
        parts.push(t("seat-deciding"));
    }
    if w.answering {
        parts.push(t("seat-answering"));
    }
    parts.join(", ")
}
