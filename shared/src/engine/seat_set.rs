//! [`SeatSet`]: a small set of seats (who still owes an answer).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Seat;

/// A set of seats as a bit mask. Serialized as an ascending list of seat numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u16);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 16 && self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`; seats beyond 15 (never at a table) are ignored rather than panicking.
    pub fn insert(&mut self, seat: Seat) {
        if seat.0 < 16 {
            self.0 |= 1 << seat.0;
        }
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        if seat.0 < 16 {
            self.0 &= !(1 << seat.0);
        }
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The union of two sets.
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The seats in the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0u8..16).filter(move |&i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(d)?;
        if seats.iter().any(|s| s.0 >= 16) {
            return Err(serde::de::Error::custom("seat out of range"));
        }
        Ok(seats.into_iter().collect())
    }
}
