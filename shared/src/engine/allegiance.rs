//! [`Allegiance`]: Loyalist or Reformist (R8).

use serde::{Deserialize, Serialize};

/// A player's allegiance under the Reformation option (R1.3). Always public (R8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Allegiance {
    Loyalist,
    Reformist,
}

impl Allegiance {
    /// The other allegiance.
    pub const fn other(self) -> Allegiance {
        match self {
            Allegiance::Loyalist => Allegiance::Reformist,
            Allegiance::Reformist => Allegiance::Loyalist,
        }
    }
}
