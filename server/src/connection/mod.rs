//! A WebSocket connection's two halves: the [`Reader`] its socket loop reads client
//! messages with, and the [`Outbox`] every other part of the relay writes to it through.
//! The RFC 6455 framing ([`websocket`]) stays behind them: the socket loop and the hub
//! deal in messages, close codes and [`Why`]s, never in opcodes or frame headers.

mod outbox;
pub mod websocket;

pub use outbox::{Event, Gone, Outbox, QUEUE_DEPTH, Why};
pub use websocket::{Fail, Message, Reader, accept_key};
