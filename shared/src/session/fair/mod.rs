//! A fair room's side of the sessions (docs/FAIR-DEAL.md), in one folder: the referee
//! the host drives ([`engine`], behind [`FairEngine`](engine::FairEngine), made by the
//! maker a host is given), the host's handling of a fair game (`host.rs`: the records,
//! answers and departures it passes to the referee) and what it keeps of one
//! ([`game`]), and the seat a page follows the stream with ([`seat`], behind
//! [`FairFollow`](follow::FairFollow) for a page that fetches the fair deal's code only at
//! a fair table). Each trait has the one implementation: it is the seam where a build
//! leaves the fair deal's code out of what a page loads until it needs it.

pub mod engine;
pub mod follow;
pub(crate) mod game;
mod host;
pub mod seat;
