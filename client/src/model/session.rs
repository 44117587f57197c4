//! The session: where this page stands with the relay and the other peers, as a plain
//! state machine.
//!
//! Inputs are the user's intents ([`Session::create`], [`Session::join`], [`Session::say`],
//! [`Session::leave`]) and what the network layer observed ([`Session::on_relay`],
//! [`Session::on_link_open`], [`Session::on_peer_frame`], ...). Each returns the
//! [`Effect`]s for the network layer to carry out. Nothing here touches a socket, so every
//! path is tested natively.
//!
//! Topology: a star. The host dials every guest ([`Effect::Dial`]); a guest waits for the
//! host's offer and links to nobody else. Reconnection and ICE restarts will come in as
//! more inputs (a link that failed, a relay that came back) and more effects.

use serde_json::Value;
use shared::relay::{ClientMessage, ErrorCode, IceServer, RelayMessage, normalize_code};

use super::chat::ChatLog;
use super::peer_msg::{MessageError, PeerMessage, clean_chat};
use super::signal::SignalData;

/// How many notices stay on screen.
const MAX_NOTICES: usize = 4;

/// This page's part in the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Guest,
}

/// The state of the direct WebRTC link to a peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkState {
    /// Signalling or ICE in progress.
    Connecting,
    /// The data channel is open.
    Open,
    /// The link closed or failed.
    Closed,
}

/// Another peer of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The relay's peer id.
    pub id: String,
    /// The room's host.
    pub is_host: bool,
    /// The direct link, if this page has one with that peer (the host links with every guest;
    /// a guest only with the host).
    pub link: Option<LinkState>,
}

/// A room this page is in.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// The room code, canonical form.
    pub code: String,
    /// This page's peer id.
    pub me: String,
    /// The host's peer id (`me` when this page hosts).
    pub host: String,
    pub role: Role,
    /// Kept so a host whose relay connection drops can reclaim the room (to come).
    pub host_secret: Option<String>,
    /// The others, in order of arrival.
    pub peers: Vec<Peer>,
    /// The relay's STUN/TURN servers for new peer connections.
    pub ice_servers: Vec<IceServer>,
}

impl Room {
    fn peer_mut(&mut self, id: &str) -> Option<&mut Peer> {
        self.peers.iter_mut().find(|p| p.id == id)
    }

    /// Peers with an open data channel.
    fn open_links(&self) -> impl Iterator<Item = &Peer> {
        self.peers
            .iter()
            .filter(|p| p.link == Some(LinkState::Open))
    }
}

/// What the page is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Not in a room: the create/join screen.
    Lobby,
    /// Waiting for the relay to answer a create or join.
    Opening,
    /// In a room.
    InRoom(Room),
}

/// A message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Unique within the session, for keyed rendering and dismissal.
    pub id: u64,
    pub text: String,
}

/// Something for the network layer to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this to the relay (opening the socket first if needed).
    Relay(ClientMessage),
    /// Close the relay socket.
    CloseRelay,
    /// Open a peer connection to `peer` with a data channel and send it an offer (host).
    Dial {
        peer: String,
        ice_servers: Vec<IceServer>,
    },
    /// Apply a signal from `peer`, creating the answering connection if there is none (guest).
    Signal {
        peer: String,
        data: SignalData,
        ice_servers: Vec<IceServer>,
    },
    /// Close the connection to `peer`, if any.
    Hangup { peer: String },
    /// Send a message over the data channel to `peer`.
    Send { peer: String, msg: PeerMessage },
}

/// The whole client-side state of the walking skeleton.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub phase: Phase,
    pub chat: ChatLog,
    notices: Vec<Notice>,
    next_notice: u64,
}

impl Default for Session {
    fn default() -> Self {
        Session {
            phase: Phase::Lobby,
            chat: ChatLog::default(),
            notices: Vec::new(),
            next_notice: 0,
        }
    }
}

/// A friendly sentence for an error code from the relay.
pub fn describe_error(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NoSuchRoom => "There is no room with that code.",
        ErrorCode::RoomFull => "That room is full.",
        ErrorCode::RateLimited => "Too many attempts; wait a minute and try again.",
        ErrorCode::ServerFull => "The relay is full right now; try again later.",
        ErrorCode::AlreadyInRoom => "You are already in a room.",
        ErrorCode::NotInRoom => "You are not in a room.",
        ErrorCode::UnknownPeer => "That player has left.",
        ErrorCode::BadSecret => "The room could not be reclaimed.",
        ErrorCode::TooLarge => "A message was too large for the relay.",
        ErrorCode::BadMessage => "The relay did not understand a message.",
    }
}

/// A short display name for a peer id.
pub fn short_name(id: &str) -> String {
    let tag: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(4)
        .collect();
    format!("Player {}", tag.to_uppercase())
}

impl Session {
    /// The room, when in one.
    pub fn room(&self) -> Option<&Room> {
        match &self.phase {
            Phase::InRoom(room) => Some(room),
            _ => None,
        }
    }

    fn room_mut(&mut self) -> Option<&mut Room> {
        match &mut self.phase {
            Phase::InRoom(room) => Some(room),
            _ => None,
        }
    }

    /// The notices to show, oldest first.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Adds a message for the user.
    pub fn notify(&mut self, text: impl Into<String>) {
        if self.notices.len() == MAX_NOTICES {
            self.notices.remove(0);
        }
        self.notices.push(Notice {
            id: self.next_notice,
            text: text.into(),
        });
        self.next_notice += 1;
    }

    /// The user dismissed a notice.
    pub fn dismiss(&mut self, id: u64) {
        self.notices.retain(|n| n.id != id);
    }

    /// The user asked for a new room.
    pub fn create(&mut self) -> Vec<Effect> {
        if self.phase != Phase::Lobby {
            return Vec::new();
        }
        self.phase = Phase::Opening;
        vec![Effect::Relay(ClientMessage::Create)]
    }

    /// The user typed a code and asked to join.
    pub fn join(&mut self, typed: &str) -> Vec<Effect> {
        if self.phase != Phase::Lobby {
            return Vec::new();
        }
        let Some(code) = normalize_code(typed) else {
            self.notify("A room code is 6 letters and digits, like K7M-3QX.");
            return Vec::new();
        };
        self.phase = Phase::Opening;
        vec![Effect::Relay(ClientMessage::Join { room: code })]
    }

    /// The user left the room (or gave up waiting for the relay).
    pub fn leave(&mut self) -> Vec<Effect> {
        let mut effects = self.hang_up_all();
        match self.phase {
            Phase::Lobby => {}
            Phase::Opening => effects.push(Effect::CloseRelay),
            Phase::InRoom(_) => effects.push(Effect::Relay(ClientMessage::Leave)),
        }
        self.phase = Phase::Lobby;
        self.chat.clear();
        effects
    }

    fn hang_up_all(&mut self) -> Vec<Effect> {
        self.room()
            .map(|room| {
                room.peers
                    .iter()
                    .filter(|p| p.link.is_some())
                    .map(|p| Effect::Hangup { peer: p.id.clone() })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The user typed a chat line.
    pub fn say(&mut self, typed: &str) -> Result<Vec<Effect>, MessageError> {
        let text = clean_chat(typed)?;
        let Some(room) = self.room() else {
            return Ok(Vec::new());
        };
        let me = room.me.clone();
        let effects = match room.role {
            Role::Host => room
                .open_links()
                .map(|p| Effect::Send {
                    peer: p.id.clone(),
                    msg: PeerMessage::Said {
                        from: me.clone(),
                        text: text.clone(),
                    },
                })
                .collect(),
            Role::Guest => {
                if !room.open_links().any(|p| p.is_host) {
                    self.notify("Not connected to the host yet.");
                    return Ok(Vec::new());
                }
                vec![Effect::Send {
                    peer: room.host.clone(),
                    msg: PeerMessage::Say { text: text.clone() },
                }]
            }
        };
        self.chat.push(&me, &text, true);
        Ok(effects)
    }

    /// A message from the relay.
    pub fn on_relay(&mut self, msg: RelayMessage) -> Vec<Effect> {
        match msg {
            RelayMessage::Created {
                room,
                peer,
                host_secret,
                ice_servers,
            } => {
                if self.phase != Phase::Opening {
                    return Vec::new();
                }
                self.chat.clear();
                self.phase = Phase::InRoom(Room {
                    code: room,
                    me: peer.clone(),
                    host: peer,
                    role: Role::Host,
                    host_secret: Some(host_secret),
                    peers: Vec::new(),
                    ice_servers,
                });
                Vec::new()
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } => {
                if self.phase != Phase::Opening {
                    return Vec::new();
                }
                self.chat.clear();
                let role = if host == peer {
                    Role::Host
                } else {
                    Role::Guest
                };
                let peers = peers
                    .into_iter()
                    .filter(|p| *p != peer)
                    .map(|id| {
                        let is_host = id == host;
                        // A guest links only with the host, and the host calls it.
                        let link = is_host.then_some(LinkState::Connecting);
                        Peer { id, is_host, link }
                    })
                    .collect();
                self.phase = Phase::InRoom(Room {
                    code: room,
                    me: peer,
                    host,
                    role,
                    host_secret: None,
                    peers,
                    ice_servers,
                });
                Vec::new()
            }
            RelayMessage::PeerJoined { peer } => self.on_peer_joined(peer),
            RelayMessage::PeerLeft { peer } => self.on_peer_left(&peer),
            RelayMessage::Signal { from, data } => self.on_signal(from, data),
            RelayMessage::RoomClosed { reason } => {
                let effects = self.hang_up_all();
                self.phase = Phase::Lobby;
                self.notify(format!("The room was closed: {reason}"));
                effects
            }
            RelayMessage::Pong => Vec::new(),
            RelayMessage::Error { code, message: _ } => {
                if self.phase == Phase::Opening {
                    self.phase = Phase::Lobby;
                }
                self.notify(describe_error(code));
                Vec::new()
            }
        }
    }

    fn on_peer_joined(&mut self, peer: String) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        if peer == room.me {
            return Vec::new();
        }
        let is_host = peer == room.host;
        let link = match room.role {
            Role::Host => Some(LinkState::Connecting),
            // A host that reclaimed its room calls us again.
            Role::Guest => is_host.then_some(LinkState::Connecting),
        };
        match room.peer_mut(&peer) {
            Some(p) => p.link = link,
            None => room.peers.push(Peer {
                id: peer.clone(),
                is_host,
                link,
            }),
        }
        match room.role {
            Role::Host => vec![
                Effect::Hangup { peer: peer.clone() },
                Effect::Dial {
                    peer,
                    ice_servers: room.ice_servers.clone(),
                },
            ],
            Role::Guest if is_host => vec![Effect::Hangup { peer }],
            Role::Guest => Vec::new(),
        }
    }

    fn on_peer_left(&mut self, peer: &str) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(index) = room.peers.iter().position(|p| p.id == peer) else {
            return Vec::new();
        };
        let had_link = room.peers[index].link.is_some();
        if room.peers[index].is_host {
            // The host may reclaim the room; keep its seat and wait.
            room.peers[index].link = Some(LinkState::Closed);
            self.notify("The host lost the connection; waiting for them to come back.");
        } else {
            room.peers.remove(index);
        }
        if had_link {
            vec![Effect::Hangup {
                peer: peer.to_owned(),
            }]
        } else {
            Vec::new()
        }
    }

    fn on_signal(&mut self, from: String, data: Value) -> Vec<Effect> {
        let Some(room) = self.room() else {
            return Vec::new();
        };
        let expected = match room.role {
            Role::Host => room.peers.iter().any(|p| p.id == from),
            Role::Guest => from == room.host,
        };
        if !expected {
            return Vec::new();
        }
        let data = match SignalData::parse(data) {
            Ok(data) => data,
            Err(e) => {
                self.notify(format!(
                    "Ignored a bad signal from {}: {e}",
                    short_name(&from)
                ));
                return Vec::new();
            }
        };
        // The host makes offers and a guest answers them; anything else is out of place.
        let in_place = matches!(
            (&data, room.role),
            (SignalData::Offer { .. }, Role::Guest)
                | (SignalData::Answer { .. }, Role::Host)
                | (SignalData::Candidate { .. }, _)
        );
        if !in_place {
            self.notify(format!(
                "Ignored an unexpected signal from {}.",
                short_name(&from)
            ));
            return Vec::new();
        }
        vec![Effect::Signal {
            peer: from,
            data,
            ice_servers: room.ice_servers.clone(),
        }]
    }

    /// The data channel to `peer` opened.
    pub fn on_link_open(&mut self, peer: &str) {
        if let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) {
            p.link = Some(LinkState::Open);
        }
    }

    /// The link to `peer` closed or failed.
    pub fn on_link_closed(&mut self, peer: &str, why: Option<&str>) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        if p.link.is_none() || p.link == Some(LinkState::Closed) {
            return Vec::new();
        }
        p.link = Some(LinkState::Closed);
        let name = short_name(peer);
        self.notify(match why {
            Some(why) => format!("The connection to {name} failed: {why}"),
            None => format!("The connection to {name} closed."),
        });
        vec![Effect::Hangup {
            peer: peer.to_owned(),
        }]
    }

    /// A frame arrived on the data channel from `peer`.
    pub fn on_peer_frame(&mut self, peer: &str, frame: &str) -> Vec<Effect> {
        let Some(room) = self.room() else {
            return Vec::new();
        };
        let Some(sender) = room.peers.iter().find(|p| p.id == peer) else {
            return Vec::new();
        };
        let msg = match PeerMessage::parse(frame) {
            Ok(msg) => msg,
            Err(e) => {
                self.notify(format!("Ignored a message from {}: {e}", short_name(peer)));
                return Vec::new();
            }
        };
        match (msg, room.role, sender.is_host) {
            (PeerMessage::Say { text }, Role::Host, _) => {
                let effects = room
                    .open_links()
                    .filter(|p| p.id != peer)
                    .map(|p| Effect::Send {
                        peer: p.id.clone(),
                        msg: PeerMessage::Said {
                            from: peer.to_owned(),
                            text: text.clone(),
                        },
                    })
                    .collect();
                self.chat.push(peer, &text, false);
                effects
            }
            (PeerMessage::Said { from, text }, Role::Guest, true) => {
                let mine = from == room.me;
                if !mine {
                    self.chat.push(&from, &text, false);
                }
                Vec::new()
            }
            _ => {
                self.notify(format!(
                    "Ignored an out-of-place message from {}.",
                    short_name(peer)
                ));
                Vec::new()
            }
        }
    }

    /// The relay socket closed or could not be opened.
    pub fn on_relay_lost(&mut self) -> Vec<Effect> {
        match self.phase {
            Phase::Lobby => Vec::new(),
            Phase::Opening => {
                self.phase = Phase::Lobby;
                self.notify("Could not reach the relay. Check your connection and try again.");
                Vec::new()
            }
            // Open data channels keep working without the relay; new players cannot join.
            Phase::InRoom(_) => {
                self.notify("Lost the connection to the relay; new players cannot join.");
                Vec::new()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ice() -> Vec<IceServer> {
        vec![IceServer {
            urls: vec!["stun:stun.example:3478".into()],
            username: None,
            credential: None,
        }]
    }

    fn hosting() -> Session {
        let mut s = Session::default();
        assert_eq!(s.create(), vec![Effect::Relay(ClientMessage::Create)]);
        assert_eq!(s.phase, Phase::Opening);
        let fx = s.on_relay(RelayMessage::Created {
            room: "ABC234".into(),
            peer: "h".into(),
            host_secret: "secret".into(),
            ice_servers: ice(),
        });
        assert!(fx.is_empty());
        s
    }

    fn guest() -> Session {
        let mut s = Session::default();
        assert_eq!(
            s.join("abc-234"),
            vec![Effect::Relay(ClientMessage::Join {
                room: "ABC234".into()
            })]
        );
        s.on_relay(RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "g1".into(),
            host: "h".into(),
            peers: vec!["h".into(), "g0".into()],
            ice_servers: ice(),
        });
        s
    }

    #[test]
    fn the_host_dials_each_guest_that_joins() {
        let mut s = hosting();
        let room = s.room().cloned();
        assert_eq!(
            room.as_ref().map(|r| (r.role, r.code.as_str())),
            Some((Role::Host, "ABC234"))
        );
        let fx = s.on_relay(RelayMessage::PeerJoined { peer: "g1".into() });
        assert_eq!(
            fx,
            vec![
                Effect::Hangup { peer: "g1".into() },
                Effect::Dial {
                    peer: "g1".into(),
                    ice_servers: ice()
                }
            ]
        );
        assert_eq!(s.room().map(|r| r.peers.len()), Some(1));
        s.on_link_open("g1");
        assert_eq!(
            s.room().map(|r| r.peers[0].link),
            Some(Some(LinkState::Open))
        );
        assert_eq!(
            s.on_relay(RelayMessage::PeerLeft { peer: "g1".into() }),
            vec![Effect::Hangup { peer: "g1".into() }]
        );
        assert_eq!(s.room().map(|r| r.peers.len()), Some(0));
    }

    #[test]
    fn a_guest_links_only_with_the_host_and_answers_its_offer() {
        let mut s = guest();
        let room = s.room().cloned();
        let peers = room.map(|r| r.peers).unwrap_or_default();
        assert_eq!(
            peers,
            vec![
                Peer {
                    id: "h".into(),
                    is_host: true,
                    link: Some(LinkState::Connecting)
                },
                Peer {
                    id: "g0".into(),
                    is_host: false,
                    link: None
                },
            ]
        );
        assert!(
            s.on_relay(RelayMessage::PeerJoined { peer: "g2".into() })
                .is_empty()
        );
        let offer = json!({"kind":"offer","sdp":"v=0"});
        assert_eq!(
            s.on_relay(RelayMessage::Signal {
                from: "h".into(),
                data: offer.clone()
            }),
            vec![Effect::Signal {
                peer: "h".into(),
                data: SignalData::Offer { sdp: "v=0".into() },
                ice_servers: ice()
            }]
        );
        // Another guest has no business signalling us.
        assert!(
            s.on_relay(RelayMessage::Signal {
                from: "g0".into(),
                data: offer
            })
            .is_empty()
        );
    }

    #[test]
    fn misplaced_or_malformed_signals_are_dropped_with_a_notice() {
        let mut s = guest();
        let fx = s.on_relay(RelayMessage::Signal {
            from: "h".into(),
            data: json!({"kind":"answer","sdp":"x"}),
        });
        assert!(fx.is_empty());
        let fx = s.on_relay(RelayMessage::Signal {
            from: "h".into(),
            data: json!([1, 2]),
        });
        assert!(fx.is_empty());
        assert_eq!(s.notices().len(), 2);
        let mut h = hosting();
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() });
        let fx = h.on_relay(RelayMessage::Signal {
            from: "g1".into(),
            data: json!({"kind":"offer","sdp":"x"}),
        });
        assert!(fx.is_empty());
        let fx = h.on_relay(RelayMessage::Signal {
            from: "stranger".into(),
            data: json!({"kind":"answer","sdp":"x"}),
        });
        assert!(fx.is_empty());
    }

    #[test]
    fn the_host_relays_chat_between_guests_in_their_own_names() {
        let mut s = hosting();
        for g in ["g1", "g2", "g3"] {
            s.on_relay(RelayMessage::PeerJoined { peer: g.into() });
        }
        s.on_link_open("g1");
        s.on_link_open("g2");
        let fx = s.on_peer_frame("g1", r#"{"type":"say","text":" hello "}"#);
        assert_eq!(
            fx,
            vec![Effect::Send {
                peer: "g2".into(),
                msg: PeerMessage::Said {
                    from: "g1".into(),
                    text: "hello".into()
                }
            }]
        );
        let fx = s.say("hi all");
        assert_eq!(fx.map(|f| f.len()), Ok(2));
        let lines: Vec<(String, String, bool)> = s
            .chat
            .lines()
            .map(|l| (l.from.clone(), l.text.clone(), l.mine))
            .collect();
        assert_eq!(
            lines,
            vec![
                ("g1".into(), "hello".into(), false),
                ("h".into(), "hi all".into(), true)
            ]
        );
        // A guest cannot put words in someone else's mouth.
        assert!(
            s.on_peer_frame("g1", r#"{"type":"said","from":"g2","text":"x"}"#)
                .is_empty()
        );
        assert_eq!(s.chat.len(), 2);
    }

    #[test]
    fn a_guest_sends_to_the_host_and_hears_the_others() {
        let mut s = guest();
        assert_eq!(s.say("too early"), Ok(vec![]));
        assert_eq!(s.chat.len(), 0);
        s.on_link_open("h");
        assert_eq!(
            s.say("hello"),
            Ok(vec![Effect::Send {
                peer: "h".into(),
                msg: PeerMessage::Say {
                    text: "hello".into()
                }
            }])
        );
        assert_eq!(s.say("   "), Err(MessageError::Empty));
        s.on_peer_frame("h", r#"{"type":"said","from":"g0","text":"hey"}"#);
        assert_eq!(s.chat.len(), 2);
        // Only the host speaks for others.
        s.on_peer_frame("g0", r#"{"type":"said","from":"g0","text":"hey"}"#);
        s.on_peer_frame("h", "not json");
        assert_eq!(s.chat.len(), 2);
    }

    #[test]
    fn errors_and_bad_codes_return_to_the_lobby_with_a_notice() {
        let mut s = Session::default();
        assert!(s.join("nope").is_empty());
        assert_eq!(s.phase, Phase::Lobby);
        assert_eq!(s.notices().len(), 1);
        s.join("ABC234");
        s.on_relay(RelayMessage::Error {
            code: ErrorCode::NoSuchRoom,
            message: String::new(),
        });
        assert_eq!(s.phase, Phase::Lobby);
        assert_eq!(
            s.notices().last().map(|n| n.text.as_str()),
            Some("There is no room with that code.")
        );
        let id = s.notices()[0].id;
        s.dismiss(id);
        assert_eq!(s.notices().len(), 1);
        for _ in 0..10 {
            s.notify("x");
        }
        assert_eq!(s.notices().len(), MAX_NOTICES);
    }

    #[test]
    fn a_closed_room_hangs_up_everyone() {
        let mut s = hosting();
        s.on_relay(RelayMessage::PeerJoined { peer: "g1".into() });
        let fx = s.on_relay(RelayMessage::RoomClosed {
            reason: "expired".into(),
        });
        assert_eq!(fx, vec![Effect::Hangup { peer: "g1".into() }]);
        assert_eq!(s.phase, Phase::Lobby);
        let mut s = guest();
        assert_eq!(
            s.leave(),
            vec![
                Effect::Hangup { peer: "h".into() },
                Effect::Relay(ClientMessage::Leave)
            ]
        );
    }

    #[test]
    fn a_failed_link_is_reported_once() {
        let mut s = guest();
        assert_eq!(
            s.on_link_closed("h", Some("ICE failed")),
            vec![Effect::Hangup { peer: "h".into() }]
        );
        assert!(s.on_link_closed("h", None).is_empty());
        assert!(
            s.on_link_closed("g0", None).is_empty(),
            "no link with another guest"
        );
        assert_eq!(s.notices().len(), 1);
    }

    #[test]
    fn stray_answers_outside_opening_are_ignored() {
        let mut s = Session::default();
        let created = RelayMessage::Created {
            room: "ABC234".into(),
            peer: "h".into(),
            host_secret: "s".into(),
            ice_servers: vec![],
        };
        assert!(s.on_relay(created).is_empty());
        assert_eq!(s.phase, Phase::Lobby);
        assert!(s.on_relay_lost().is_empty());
        s.create();
        s.on_relay_lost();
        assert_eq!(s.phase, Phase::Lobby);
    }

    #[test]
    fn short_names_are_readable() {
        assert_eq!(short_name("a_b-c9xyz"), "Player ABC9");
        assert_eq!(short_name(""), "Player ");
    }
}
