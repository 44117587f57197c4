//! A fair room's side of the sessions (docs/FAIR-DEAL.md): the referee the host drives
//! ([`engine`], behind [`FairEngine`](engine::FairEngine), made by the maker a host is
//! given), and the seat a page follows the stream with ([`seat`], behind
//! [`FairFollow`](follow::FairFollow) for a page that fetches the fair deal's code only at
//! a fair table). Each trait has the one implementation: it is the seam where a build
//! leaves the fair deal's code out of what a page loads until it needs it.

pub mod engine;
pub mod follow;
pub mod seat;
