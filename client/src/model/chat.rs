//! Chat lines as the room shows them. The lines themselves live in the table log that the
//! host keeps and sends (`shared::session`): the host stamps each with its sender and
//! rate-limits it; [`RoomTable::chat_lines`](super::room_table::RoomTable::chat_lines)
//! reads them back out of our guest's log.

pub use shared::session::chat::{CHAT_MAX_CHARS, Reaction};

/// One reaction a line has: how many gave it, and whether this page's player is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reacted {
    pub reaction: Reaction,
    pub count: usize,
    pub mine: bool,
}

/// One line of the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// The line's number in the table log: unique, for keyed rendering.
    pub id: u64,
    /// The speaker's name at the table.
    pub from: String,
    pub text: String,
    /// Said by this page's player.
    pub mine: bool,
    /// Its reactions, in [`Reaction::ALL`]'s order; none that nobody gave.
    pub reactions: Vec<Reacted>,
}
