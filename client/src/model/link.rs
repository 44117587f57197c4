//! What a page knows about one direct link, beyond its state: the heartbeat's clock, and
//! the facts a failure is explained from.
//!
//! Heartbeat (`shared/PEER-PROTOCOL.md`, "Heartbeat"): each side of an open data channel
//! sends [`HEARTBEAT`] every [`HEARTBEAT_MS`], whatever the table is doing, so its timing
//! tells nothing. A link that carried no frame at all for [`SILENCE_MS`] is struggling
//! (the page asks for an ICE restart), and one silent for [`DEAD_MS`] is dead (it is made
//! again). A connection whose TURN allocation went away can stay `connected` in the
//! browser while nothing crosses it: only the heartbeat notices.
//!
//! Failure: when two browsers cannot reach each other, what each gathered says why. The
//! page records which ICE candidate types it gathered itself ([`LinkWatch::local`]), which
//! the other side sent ([`LinkWatch::remote`]) and which servers the relay handed out, and
//! [`diagnose`] turns them into a [`Diagnosis`] a player can read.

use shared::relay::IceServer;

/// How often each side sends a heartbeat on an open data channel.
pub const HEARTBEAT_MS: u64 = 1_000;

/// A link that carried no frame for this long is struggling: five heartbeats missed.
/// Browsers run a hidden tab's timers once a second, so a hidden sender's heartbeats come
/// at most about 2 s apart; a page busy for a moment delays them less than that.
pub const SILENCE_MS: u64 = 5_000;

/// A link that carried no frame for this long is dead, however the browser reports it,
/// and is made again. As long as a browser takes to call a connection without a path
/// `failed`: a network that is back sooner (a train's tunnel, a phone switching from
/// Wi-Fi) finds the channel still there, and the ICE restart asked for at [`SILENCE_MS`]
/// mends it in a second or two, where a new connection takes several.
pub const DEAD_MS: u64 = 30_000;

/// How long a joiner waits, from the relay letting it in, for its first link to the host
/// before it is told why it cannot reach it (and the host is told the same).
pub const FIRST_LINK_MS: u64 = 15_000;

/// How long a guest whose link was lost keeps saying "Reconnecting…" before it is told why
/// it cannot get it back.
pub const LOST_LINK_MS: u64 = 25_000;

/// How long a joiner waits, on a link that opened, for the host to answer its hello
/// before it makes the link again.
pub const WELCOME_MS: u64 = 15_000;

/// The heartbeat frame: one binary data-channel message of one zero byte. A page that
/// predates the heartbeat drops binary messages unread, so it harms nothing there.
pub const HEARTBEAT: [u8; 1] = [0];

/// The project's guide to running a relay of one's own, with a TURN server.
pub const SELF_HOSTING_GUIDE: &str = "https://github.com/coup-p2p/coup/blob/main/deploy/README.md";

/// Which kinds of ICE candidates one side gathered (RFC 8445's types; `prflx` is only ever
/// learnt during checks and is counted as nothing here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// An address of the machine itself (`host`).
    pub host: bool,
    /// The address a STUN server saw (`srflx`): the NAT's outside.
    pub srflx: bool,
    /// An address on a TURN relay (`relay`).
    pub relay: bool,
}

impl Candidates {
    /// Counts a candidate line (`candidate:… typ srflx raddr …`): its `typ` word says which
    /// kind. A line without one, or with an unknown kind, counts for nothing.
    pub fn note(&mut self, candidate: &str) {
        let mut words = candidate.split_ascii_whitespace();
        while let Some(w) = words.next() {
            if w == "typ" {
                match words.next() {
                    Some("host") => self.host = true,
                    Some("srflx") => self.srflx = true,
                    Some("relay") => self.relay = true,
                    _ => {}
                }
                return;
            }
        }
    }
}

/// Which servers the relay handed out for ICE.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Servers {
    pub stun: bool,
    pub turn: bool,
}

impl Servers {
    /// By their URLs' schemes (`stun:`, `stuns:`, `turn:`, `turns:`).
    pub fn of(servers: &[IceServer]) -> Servers {
        let mut out = Servers::default();
        for url in servers.iter().flat_map(|s| &s.urls) {
            let scheme = url.split(':').next().unwrap_or("").to_ascii_lowercase();
            match scheme.as_str() {
                "stun" | "stuns" => out.stun = true,
                "turn" | "turns" => out.turn = true,
                _ => {}
            }
        }
        out
    }
}

/// Why two browsers could not reach each other, as far as what they gathered tells.
/// "Local" is this page's browser, "remote" the other page's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagnosis {
    /// The other page never took part: no description came back from it (it may be closed,
    /// asleep or too old).
    NoCall,
    /// Both gathered a relay candidate and still found no path (rare).
    BothRelayed,
    /// The relay offers a TURN server, but this browser got no relay address from it: its
    /// network blocks it.
    LocalTurnUnreachable,
    /// This browser got a relay address, the other one did not.
    RemoteTurnUnreachable,
    /// The relay offers no TURN server, and the two networks need one (NAT, firewall).
    NoTurn,
    /// The relay offers neither STUN nor TURN, and neither browser learnt its outside
    /// address: only browsers on the same network can find each other.
    NoStun,
}

impl Diagnosis {
    /// The catalog message that says it on a joiner's page ("your browser", "the host's").
    pub fn joiner_message(self) -> &'static str {
        match self {
            Diagnosis::NoCall => "link-why-no-call",
            Diagnosis::BothRelayed => "link-why-both-relayed",
            Diagnosis::LocalTurnUnreachable => "link-why-turn-unreachable",
            Diagnosis::RemoteTurnUnreachable => "link-why-host-turn-unreachable",
            Diagnosis::NoTurn => "link-why-no-turn",
            Diagnosis::NoStun => "link-why-no-stun",
        }
    }

    /// The catalog message that says it on the host's page, with the joiner's `$name`.
    pub fn host_message(self) -> &'static str {
        match self {
            Diagnosis::NoCall => "host-why-no-call",
            Diagnosis::BothRelayed => "host-why-both-relayed",
            Diagnosis::LocalTurnUnreachable => "host-why-turn-unreachable",
            Diagnosis::RemoteTurnUnreachable => "host-why-guest-turn-unreachable",
            Diagnosis::NoTurn => "host-why-no-turn",
            Diagnosis::NoStun => "host-why-no-stun",
        }
    }
}

/// Why this page's browser and the other's found no path, from what they gathered:
/// `called` says a description came back from the other side at all.
pub fn diagnose(
    servers: Servers,
    local: Candidates,
    remote: Candidates,
    called: bool,
) -> Diagnosis {
    if !called {
        Diagnosis::NoCall
    } else if local.relay && remote.relay {
        Diagnosis::BothRelayed
    } else if servers.turn && !local.relay {
        Diagnosis::LocalTurnUnreachable
    } else if servers.turn {
        Diagnosis::RemoteTurnUnreachable
    } else if !servers.stun && !local.srflx && !remote.srflx && !remote.relay {
        Diagnosis::NoStun
    } else {
        Diagnosis::NoTurn
    }
}

/// One link's watch, kept by the page for each peer it links with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkWatch {
    /// When a frame last arrived on the open link (`None` while it is not open).
    pub heard_at: Option<u64>,
    /// The link went quiet past [`SILENCE_MS`] and was reported as struggling.
    pub silent: bool,
    /// When the page tells why it cannot reach the peer, if the link is not open by then.
    pub trouble_at: Option<u64>,
    /// What it told, until the link opens: shown once.
    pub told: Option<Diagnosis>,
    /// What this browser gathered, over every attempt.
    pub local: Candidates,
    /// What the other browser sent, over every attempt.
    pub remote: Candidates,
    /// A session description came from the other side.
    pub called: bool,
    /// The name the other side gave in its signals, once valid (for display only).
    pub name: Option<String>,
}

impl LinkWatch {
    /// The link opened at `now`: heard, and nothing to tell.
    pub fn opened(&mut self, now: u64) {
        self.heard_at = Some(now);
        self.silent = false;
        self.trouble_at = None;
        self.told = None;
    }

    /// The link is not open any more (closed, or being made again): no heartbeat to expect.
    pub fn closed(&mut self) {
        self.heard_at = None;
        self.silent = false;
    }

    /// Something arrived at `now`; whether the link had gone quiet (it is back).
    pub fn heard(&mut self, now: u64) -> bool {
        if self.heard_at.is_some() {
            self.heard_at = Some(now);
        }
        let was = self.silent;
        self.silent = false;
        if was {
            self.trouble_at = None;
            self.told = None;
        }
        was
    }

    /// Starts the clock to a told failure `after` ms from `now`, unless one runs.
    pub fn expect_trouble(&mut self, now: u64, after: u64) {
        self.trouble_at.get_or_insert(now.saturating_add(after));
    }

    /// Whether the link has gone quiet past `limit` at `now`.
    pub fn quiet_for(&self, now: u64, limit: u64) -> bool {
        self.heard_at
            .is_some_and(|at| now.saturating_sub(at) >= limit)
    }

    /// The earliest time something falls due on a link that is `open` (its silence, then
    /// its death) or not (the failure to tell).
    pub fn next_due(&self, open: bool) -> Option<u64> {
        if open {
            let limit = if self.silent { DEAD_MS } else { SILENCE_MS };
            self.heard_at.map(|at| at.saturating_add(limit))
        } else {
            self.trouble_at.filter(|_| self.told.is_none())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn servers(urls: &[&str]) -> Servers {
        Servers::of(&[IceServer {
            urls: urls.iter().map(|u| (*u).to_owned()).collect(),
            username: None,
            credential: None,
        }])
    }

    fn gathered(lines: &[&str]) -> Candidates {
        let mut c = Candidates::default();
        for l in lines {
            c.note(l);
        }
        c
    }

    const HOST: &str = "candidate:1 1 udp 2122260223 192.168.1.2 5000 typ host generation 0";
    const SRFLX: &str =
        "candidate:2 1 udp 1686052607 203.0.113.7 6000 typ srflx raddr 192.168.1.2 rport 5000";
    const RELAY: &str =
        "candidate:3 1 udp 41885439 198.51.100.9 7000 typ relay raddr 203.0.113.7 rport 6000";

    #[test]
    fn candidate_types_are_read_from_the_typ_word() {
        assert_eq!(
            gathered(&[HOST]),
            Candidates {
                host: true,
                ..Candidates::default()
            }
        );
        assert_eq!(
            gathered(&[SRFLX, RELAY]),
            Candidates {
                host: false,
                srflx: true,
                relay: true
            }
        );
        // An mDNS host name is still a host candidate; garbage counts for nothing.
        assert!(gathered(&["candidate:1 1 udp 1 abc.local 5000 typ host"]).host);
        for junk in [
            "",
            "typ",
            "candidate:9 1 udp 1 10.0.0.1 1 typ prflx",
            "typ relayed",
            "xtyp relay",
        ] {
            assert_eq!(gathered(&[junk]), Candidates::default(), "{junk:?}");
        }
    }

    #[test]
    fn servers_are_told_apart_by_scheme() {
        assert_eq!(servers(&[]), Servers::default());
        assert_eq!(
            servers(&["stun:stun.example:3478"]),
            Servers {
                stun: true,
                turn: false
            }
        );
        assert_eq!(
            servers(&["TURNS:turn.example:5349?transport=tcp"]),
            Servers {
                stun: false,
                turn: true
            }
        );
        assert_eq!(
            servers(&["stuns:a", "turn:b", "https://c"]),
            Servers {
                stun: true,
                turn: true
            }
        );
    }

    #[test]
    fn no_turn_server_and_no_relay_candidate_is_no_turn() {
        let d = diagnose(
            servers(&["stun:s"]),
            gathered(&[HOST, SRFLX]),
            gathered(&[HOST, SRFLX]),
            true,
        );
        assert_eq!(d, Diagnosis::NoTurn);
        // STUN handed out but nothing gathered (a relay-only browser): still no TURN.
        let d = diagnose(
            servers(&["stun:s"]),
            Candidates::default(),
            Candidates::default(),
            true,
        );
        assert_eq!(d, Diagnosis::NoTurn);
    }

    #[test]
    fn no_stun_and_no_outside_address_anywhere_is_no_stun() {
        let d = diagnose(
            Servers::default(),
            gathered(&[HOST]),
            gathered(&[HOST]),
            true,
        );
        assert_eq!(d, Diagnosis::NoStun);
        // The other side learnt its outside address elsewhere: the missing TURN is what
        // matters.
        let d = diagnose(
            Servers::default(),
            gathered(&[HOST]),
            gathered(&[SRFLX]),
            true,
        );
        assert_eq!(d, Diagnosis::NoTurn);
    }

    #[test]
    fn a_turn_server_this_browser_got_nothing_from_is_unreachable_from_here() {
        let d = diagnose(
            servers(&["stun:s", "turn:t"]),
            gathered(&[HOST, SRFLX]),
            gathered(&[HOST, SRFLX, RELAY]),
            true,
        );
        assert_eq!(d, Diagnosis::LocalTurnUnreachable);
        let d = diagnose(
            servers(&["turn:t"]),
            gathered(&[HOST]),
            Candidates::default(),
            true,
        );
        assert_eq!(d, Diagnosis::LocalTurnUnreachable);
    }

    #[test]
    fn a_turn_server_only_this_browser_reached_is_unreachable_from_there() {
        let d = diagnose(
            servers(&["turn:t"]),
            gathered(&[HOST, RELAY]),
            gathered(&[HOST]),
            true,
        );
        assert_eq!(d, Diagnosis::RemoteTurnUnreachable);
    }

    #[test]
    fn relay_candidates_on_both_sides_that_still_fail_are_said_plainly() {
        let d = diagnose(
            servers(&["turn:t"]),
            gathered(&[RELAY]),
            gathered(&[RELAY]),
            true,
        );
        assert_eq!(d, Diagnosis::BothRelayed);
        // Whatever the servers say: the two relay addresses are what was tried.
        let d = diagnose(
            Servers::default(),
            gathered(&[RELAY]),
            gathered(&[RELAY]),
            true,
        );
        assert_eq!(d, Diagnosis::BothRelayed);
    }

    #[test]
    fn no_description_from_the_other_side_comes_first() {
        let d = diagnose(
            servers(&["turn:t"]),
            gathered(&[RELAY]),
            gathered(&[RELAY]),
            false,
        );
        assert_eq!(d, Diagnosis::NoCall);
    }

    #[test]
    fn a_watch_goes_quiet_then_dead_and_comes_back_when_heard() {
        let mut w = LinkWatch::default();
        assert_eq!(w.next_due(true), None, "nothing expected before it opens");
        w.expect_trouble(0, FIRST_LINK_MS);
        w.expect_trouble(500, LOST_LINK_MS);
        assert_eq!(
            w.next_due(false),
            Some(FIRST_LINK_MS),
            "the first clock runs on"
        );
        w.opened(1_000);
        assert_eq!(w.next_due(false), None, "an open link has nothing to tell");
        assert_eq!(w.next_due(true), Some(1_000 + SILENCE_MS));
        assert!(!w.quiet_for(1_000 + SILENCE_MS - 1, SILENCE_MS));
        assert!(w.quiet_for(1_000 + SILENCE_MS, SILENCE_MS));
        w.silent = true;
        assert_eq!(w.next_due(true), Some(1_000 + DEAD_MS));
        assert!(w.heard(7_000), "it had gone quiet");
        assert!(!w.silent);
        assert_eq!(w.next_due(true), Some(7_000 + SILENCE_MS));
        assert!(!w.heard(7_500));
        w.closed();
        w.heard(9_000);
        assert_eq!(w.heard_at, None, "a closed link is not heard");
    }
}
