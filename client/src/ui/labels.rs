//! Words the table adds for players beyond the log's and the panels' own: the sound
//! toggle's, and what assistive technology reads (accessible names, live announcements,
//! the shortcut hints). Plain functions in one place, so that a message catalog can take
//! them over in one step.

/// The sound toggle's visible word.
pub fn sound() -> &'static str {
    "Sound"
}

/// The sound toggle's accessible name (its state is `aria-pressed`).
pub fn sound_name() -> &'static str {
    "Sound when a decision is yours while the page is in the background"
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
pub fn keys_help() -> &'static str {
    "Keys: P pass, C challenge, B block, T time left"
}

/// Said at once when a decision becomes ours: the panel's title.
pub fn your_decision(title: &str) -> String {
    format!("Your decision: {title}")
}

/// Said when asked for the time: ours when we owe a decision, else whom the table
/// waits for and theirs.
pub fn time_left(who: Option<&str>, seconds: Option<u64>) -> String {
    match (who, seconds) {
        (None, Some(s)) => format!("{s} seconds left to decide"),
        (None, None) => "Your decision has no time limit".to_owned(),
        (Some(w), Some(s)) => format!("Waiting for {w}: {s} seconds left"),
        (Some(w), None) => format!("Waiting for {w}"),
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
        parts.push("out".to_owned());
    } else if let Some(l) = w.bot {
        parts.push(format!("{l} bot"));
    }
    parts.push(w.coins.to_owned());
    if !w.hidden_known.is_empty() {
        parts.push(format!("holding {}", w.hidden_known.join(" and ")));
    } else if w.hidden > 0 {
        parts.push(match w.hidden {
            1 => "1 hidden card".to_owned(),
            n => format!("{n} hidden cards"),
        });
    }
    if !w.lost.is_empty() {
        parts.push(format!("lost {}", w.lost.join(" and ")));
    }
    if let Some(a) = w.allegiance {
        parts.push(a.to_owned());
    }
    if w.turn {
        parts.push(if w.me { "your turn" } else { "their turn" }.to_owned());
    }
    if w.owes && !w.turn {
        parts.push("deciding".to_owned());
    }
    if w.answering {
        parts.push("you are answering them".to_owned());
    }
    parts.join(", ")
}
