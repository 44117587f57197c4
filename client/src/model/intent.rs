//! What the person at this page asks for: one type from the interface down to the
//! [`Session`](super::Session), so a new command is one variant and one handler.

use shared::engine::{Input, Options, Seat};
use shared::fair::CardAnswer;
use shared::session::chat::Reaction;
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

/// Where a page keeps the bots' form as last chosen (`localStorage`), so that the first
/// screen comes back as the player left it, after a game or a reload.
pub const SOLO_KEY: &str = "coup.solo";

impl SoloSetup {
    /// The form as stored: `players,level,inquisitor,reformation,draft`, the options as
    /// `0` or `1` (`4,hard,1,0,0`). `index.html`'s script reads the same.
    pub fn to_stored(&self) -> String {
        let level = match self.level {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        };
        let o = &self.options;
        let b = |v: bool| if v { "1" } else { "0" };
        format!(
            "{},{level},{},{},{}",
            self.players,
            b(o.inquisitor),
            b(o.allegiances),
            b(o.two_player_draft)
        )
    }

    /// The form from what [`to_stored`](Self::to_stored) wrote; `None` for anything else
    /// (stored data is outside input: another version's, or edited by hand).
    pub fn from_stored(text: &str) -> Option<SoloSetup> {
        let mut parts = text.split(',');
        let players: u8 = parts.next()?.parse().ok()?;
        if !(2..=10).contains(&players) {
            return None;
        }
        let level = match parts.next()? {
            "easy" => BotLevel::Easy,
            "normal" => BotLevel::Normal,
            "hard" => BotLevel::Hard,
            _ => return None,
        };
        let mut flag = || match parts.next()? {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        let options = Options {
            inquisitor: flag()?,
            allegiances: flag()?,
            two_player_draft: flag()?,
        };
        if parts.next().is_some() {
            return None;
        }
        Some(SoloSetup {
            players,
            level,
            options,
        })
    }
}

/// One thing the person asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// The name for the next table (checked by the name field with the host's rules).
    SetName(Option<String>),
    /// A table against bots, in this page: a hosted room that needs no relay.
    PlayBots(SoloSetup),
    /// A first game against bots, with its guide on screen: nobody's clock runs (the
    /// person alone at the table may take the time to read; the bots need none).
    PlayBotsGuided(SoloSetup),
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
    /// Turn our reaction to the chat line at this log entry on, or off.
    React(u64, Reaction),
    /// Hide a notice.
    Dismiss(u64),
    /// Leave the table or the room (or stop waiting for the relay). A host in the middle
    /// of a game with another person at it passes the table on to another page
    /// ([`Session::passes_on`](super::Session::passes_on)) instead of taking it away.
    Leave,
    /// After a room ended: open a new one at once (this page its host).
    NewRoom,
    /// A joiner that cannot reach its host tries again at once, on a new connection.
    RetryLink,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bots_form_is_stored_and_read_back() {
        let setup = SoloSetup {
            players: 7,
            level: BotLevel::Hard,
            options: Options {
                inquisitor: true,
                allegiances: false,
                two_player_draft: true,
            },
        };
        assert_eq!(setup.to_stored(), "7,hard,1,0,1");
        assert_eq!(SoloSetup::from_stored(&setup.to_stored()), Some(setup));
        let plain = SoloSetup::default();
        assert_eq!(SoloSetup::from_stored(&plain.to_stored()), Some(plain));
        for bad in [
            "",
            "11,hard,0,0,0",
            "1,easy,0,0,0",
            "3,expert,0,0,0",
            "3,easy,0,0",
            "3,easy,0,0,0,0",
            "3,easy,2,0,0",
            "three,easy,0,0,0",
        ] {
            assert_eq!(SoloSetup::from_stored(bad), None, "{bad:?}");
        }
    }
}
