//! What the person at this page asks for: one type from the interface down to the
//! [`Session`](super::Session), so a new command is one variant and one handler.

use shared::engine::{Input, Options, Seat};
use shared::fair::CardAnswer;
use shared::session::protocol::{AdminCmd, BotLevel, MemberId};

/// What the "Play against bots" form chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloSetup {
    /// Seats at the table, ours included (2 to 10).
    pub players: u8,
    /// The level of every bot.
    pub level: BotLevel,
    /// Inquisitor, Reformation, two-player draft (the host keeps only what the seat count
    /// allows, R1.4).
    pub options: Options,
}

impl Default for SoloSetup {
    fn default() -> Self {
        SoloSetup {
            players: 3,
            level: BotLevel::Normal,
            options: Options::default(),
        }
    }
}

/// One thing the person asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// The name for the next table (checked by the name field with the host's rules).
    SetName(Option<String>),
    /// A table against bots, in this page: a hosted room that needs no relay.
    PlayBots(SoloSetup),
    /// Open a room on the relay and host it.
    CreateRoom,
    /// Join a room by the code as typed.
    JoinRoom(String),
    /// Take back the seat this tab held before a reload.
    Rejoin,
    /// Decline that seat.
    DismissRejoin,
    /// Play one of our legal inputs.
    Play(Input),
    /// Answer what a fair table asks of our seat, with our own cards.
    FairAnswer(CardAnswer),
    /// A host command (the hosting page only).
    Admin(AdminCmd),
    /// The host opens a bot's seat again (the table keeps its number of seats).
    RemoveBot(Seat),
    /// The host gives a seat to a member who is only watching: a bot's seat, else an
    /// open one, else one more seat.
    SeatWatcher(MemberId),
    /// The host sends the person in a seat away for good.
    Kick(Seat),
    /// Say something at the table.
    Chat(String),
    /// Hide a notice.
    Dismiss(u64),
    /// Leave the table or the room (or stop waiting for the relay).
    Leave,
    /// After a room ended: open a new one at once (this page its host).
    NewRoom,
    /// A joiner that cannot reach its host tries again at once, on a new connection.
    RetryLink,
}
