//! [`Options`]: the host's choices in the lobby (R1).

use serde::{Deserialize, Serialize};

/// The game options (R1), each independent. Missing fields deserialize as `false`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// R1.2: the Inquisitor replaces the Ambassador.
    pub inquisitor: bool,
    /// R1.3: allegiances, the Treasury Reserve, Conversion and Embezzlement.
    pub allegiances: bool,
    /// R1.4: the official two-player setup (R2.5); only with 2 players.
    pub two_player_draft: bool,
}

impl Options {
    /// Every combination of options, for tests and benchmarks.
    pub const ALL: [Options; 8] = {
        let mut all = [Options {
            inquisitor: false,
            allegiances: false,
            two_player_draft: false,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Options {
                inquisitor: i & 1 != 0,
                allegiances: i & 2 != 0,
                two_player_draft: i & 4 != 0,
            };
            i += 1;
        }
        all
    };

    /// These options as they stand at a table of `players` (R1.4: the two-player draft
    /// exists only with two players). The one place that rule is decided: the host
    /// applies it to every change of seats or options, and the interface shows its result.
    pub const fn for_players(self, players: usize) -> Options {
        Options {
            two_player_draft: self.two_player_draft && players == 2,
            ..self
        }
    }

    /// Copies of each character in the deck for `players` (R1.5).
    pub const fn copies(players: u8) -> u8 {
        match players {
            0..=6 => 3,
            7..=8 => 4,
            _ => 5,
        }
    }

    /// The deck size for `players` (R1.5), or 7 with the two-player draft (R2.5).
    pub const fn deck_size(self, players: u8) -> usize {
        if self.two_player_draft {
            7
        } else {
            Options::copies(players) as usize * 5
        }
    }
}
