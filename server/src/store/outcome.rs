//! What a room store answers, whichever it is: the words both stores share, so that one
//! dispatcher ([`crate::hub::Hub::on_message`]) turns them into the protocol's frames.

use crate::rooms::RoomError;

/// Why a store refused an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreRefusal {
    /// The rooms refused it (`RoomError`'s code and message).
    Room(RoomError),
    /// The client address created its rooms for this minute (`rate_limited`).
    CreatesThrottled,
    /// The client address spent its failed joins for this minute (`rate_limited`).
    JoinsThrottled,
    /// The cluster store did not answer (`server_full`: try again shortly).
    Unavailable,
    /// The cluster store answered something the relay does not know (`server_full`).
    Unknown,
}

impl From<RoomError> for StoreRefusal {
    fn from(e: RoomError) -> Self {
        StoreRefusal::Room(e)
    }
}

/// A connection seated by a `join` or `reclaim`.
#[derive(Debug)]
pub struct Entered {
    /// The room's code.
    pub room: String,
    /// The connection's peer id (a reclaim keeps the host's).
    pub peer: String,
    /// The host's peer id.
    pub host: String,
    /// The other peers already there.
    pub peers: Vec<String>,
    /// Whether the room was created with handover (a reclaiming host is watched then).
    pub handover: bool,
}

/// A handover room passed on by its host's `hand_over`.
#[derive(Debug, PartialEq, Eq)]
pub struct Passed {
    /// The new host's peer id.
    pub host: String,
    /// The peer id of the host that passed it on.
    pub previous: String,
}
