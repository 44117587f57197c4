//! Counters for `/metrics`, in the Prometheus text exposition format.
//!
//! Plain atomics: every connection task bumps them without a lock, and a scrape reads
//! them once. Gauges of rooms and peers are read from the room bookkeeping at scrape time.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use shared::relay::ErrorCode;

use crate::stun;

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnRefusal {
    /// Its `Origin` is not among the allowed origins (answered `403`).
    Origin,
    /// The relay holds its maximum of connections (answered `server_full`).
    ServerFull,
    /// The client address holds its maximum of connections (answered `rate_limited`).
    RateLimited,
}

/// The relay's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    /// WebSocket connections currently open.
    pub connections_open: AtomicU64,
    /// WebSocket connections accepted since start.
    pub connections_total: AtomicU64,
    /// Connections refused for their origin.
    refused_origin: AtomicU64,
    /// Connections refused because the relay was full.
    refused_full: AtomicU64,
    /// Connections refused for their address's connection limit.
    refused_per_address: AtomicU64,
    /// Rooms created since start.
    pub rooms_created: AtomicU64,
    /// Rooms closed (host gone past its grace) since start.
    pub rooms_closed: AtomicU64,
    /// Handover rooms passed to a guest (their host gone for good, or by `hand_over`).
    pub handovers: AtomicU64,
    /// Signals forwarded to another peer.
    pub messages_forwarded: AtomicU64,
    /// Text frames received.
    pub messages_received: AtomicU64,
    /// Errors sent, by code, in the order of [`ErrorCode::ALL`].
    errors: [AtomicU64; ErrorCode::ALL.len()],
    /// STUN Binding requests answered.
    stun_answered: AtomicU64,
    /// STUN datagrams not answered, by reason, in the order of [`stun::StunRefusal::ALL`].
    stun_refused: [AtomicU64; stun::StunRefusal::ALL.len()],
}

impl Metrics {
    /// Counts one error sent with `code`.
    pub fn error(&self, code: ErrorCode) {
        if let Some(i) = ErrorCode::ALL.iter().position(|c| *c == code) {
            self.errors[i].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts a refused connection.
    pub fn refused(&self, why: ConnRefusal) {
        match why {
            ConnRefusal::Origin => &self.refused_origin,
            ConnRefusal::ServerFull => &self.refused_full,
            ConnRefusal::RateLimited => &self.refused_per_address,
        }
        .fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one STUN answer.
    pub fn stun_answered(&self) {
        self.stun_answered.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one STUN datagram left unanswered.
    pub fn stun_refused(&self, why: stun::StunRefusal) {
        if let Some(i) = stun::StunRefusal::ALL.iter().position(|r| *r == why) {
            self.stun_refused[i].fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The exposition text, with the room and peer gauges given by the caller.
    pub fn render(&self, rooms: usize, peers: usize) -> String {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let mut out = String::with_capacity(2048);
        let mut metric = |name: &str, kind: &str, help: &str, lines: &[(String, u64)]| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for (labels, value) in lines {
                let _ = writeln!(out, "{name}{labels} {value}");
            }
        };
        let one = |v: u64| [(String::new(), v)];
        metric(
            "coup_relay_rooms",
            "gauge",
            "Rooms open, including rooms waiting for their host.",
            &one(rooms as u64),
        );
        metric(
            "coup_relay_peers",
            "gauge",
            "Connections that are in a room.",
            &one(peers as u64),
        );
        metric(
            "coup_relay_connections",
            "gauge",
            "WebSocket connections open.",
            &one(get(&self.connections_open)),
        );
        metric(
            "coup_relay_connections_total",
            "counter",
            "WebSocket connections accepted.",
            &one(get(&self.connections_total)),
        );
        metric(
            "coup_relay_connections_refused_total",
            "counter",
            "Connections refused, by reason.",
            &[
                ("{reason=\"origin\"}".to_owned(), get(&self.refused_origin)),
                (
                    "{reason=\"server_full\"}".to_owned(),
                    get(&self.refused_full),
                ),
                (
                    "{reason=\"per_address\"}".to_owned(),
                    get(&self.refused_per_address),
                ),
            ],
        );
        metric(
            "coup_relay_rooms_created_total",
            "counter",
            "Rooms created.",
            &one(get(&self.rooms_created)),
        );
        metric(
            "coup_relay_rooms_closed_total",
            "counter",
            "Rooms closed because their host did not come back.",
            &one(get(&self.rooms_closed)),
        );
        metric(
            "coup_relay_handovers_total",
            "counter",
            "Handover rooms whose host role passed to a guest.",
            &one(get(&self.handovers)),
        );
        metric(
            "coup_relay_messages_received_total",
            "counter",
            "Text frames received from clients.",
            &one(get(&self.messages_received)),
        );
        metric(
            "coup_relay_messages_forwarded_total",
            "counter",
            "Signals forwarded between peers.",
            &one(get(&self.messages_forwarded)),
        );
        let errors: Vec<(String, u64)> = ErrorCode::ALL
            .iter()
            .zip(&self.errors)
            .map(|(c, n)| (format!("{{code=\"{}\"}}", c.as_str()), get(n)))
            .collect();
        metric(
            "coup_relay_errors_total",
            "counter",
            "Errors sent to clients, by code.",
            &errors,
        );
        metric(
            "coup_relay_stun_answered_total",
            "counter",
            "STUN Binding requests answered.",
            &one(get(&self.stun_answered)),
        );
        let refused: Vec<(String, u64)> = stun::StunRefusal::ALL
            .iter()
            .zip(&self.stun_refused)
            .map(|(r, n)| (format!("{{reason=\"{}\"}}", r.as_str()), get(n)))
            .collect();
        metric(
            "coup_relay_stun_refused_total",
            "counter",
            "STUN datagrams left unanswered, by reason.",
            &refused,
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_lists_every_error_code() {
        let m = Metrics::default();
        m.error(ErrorCode::NoSuchRoom);
        m.error(ErrorCode::NoSuchRoom);
        m.refused(ConnRefusal::Origin);
        let text = m.render(3, 7);
        assert!(text.contains("coup_relay_rooms 3\n"));
        assert!(text.contains("coup_relay_peers 7\n"));
        assert!(text.contains("coup_relay_errors_total{code=\"no_such_room\"} 2\n"));
        assert!(text.contains("coup_relay_connections_refused_total{reason=\"origin\"} 1\n"));
        for code in ErrorCode::ALL {
            assert!(text.contains(&format!("code=\"{}\"", code.as_str())));
        }
    }

    #[test]
    fn render_counts_stun_answers_and_every_refusal() {
        let m = Metrics::default();
        m.stun_answered();
        m.stun_answered();
        m.stun_refused(stun::StunRefusal::RateLimited);
        let text = m.render(0, 0);
        assert!(
            text.contains("coup_relay_stun_answered_total 2\n"),
            "{text}"
        );
        assert!(text.contains("coup_relay_stun_refused_total{reason=\"rate_limited\"} 1\n"));
        assert!(text.contains("coup_relay_stun_refused_total{reason=\"malformed\"} 0\n"));
        for why in stun::StunRefusal::ALL {
            assert!(text.contains(&format!("reason=\"{}\"", why.as_str())));
        }
    }
}
