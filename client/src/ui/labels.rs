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
