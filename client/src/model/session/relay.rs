//! The relay: creating, joining and leaving a room, and what the relay says (the room's
//! members and the signalling that sets up the links).

use serde_json::Value;
use shared::relay::{ClientMessage, ErrorCode, RelayMessage, RoomCode};
use shared::session::ToReferee;

use super::{
    Effect, Joined, LinkState, Opening, Peer, Phase, Reconnect, RelayPeer, Room, Session, peers_of,
};
use crate::i18n::{t, tr};
use crate::model::link::FIRST_LINK_MS;
use crate::model::problems;
use crate::model::signal::SignalData;

impl Session {
    pub(super) fn create(&mut self) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        self.phase = Phase::Opening(Opening::Create);
        vec![Effect::Relay(ClientMessage::Create {
            handover: self.handover,
        })]
    }

    pub(super) fn join(&mut self, typed: &str) -> Result<Vec<Effect>, String> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Ok(Vec::new());
        }
        let code = RoomCode::parse(typed)
            .ok_or_else(|| "A room code is 6 letters and digits, like K7M-3QX.".to_owned())?;
        let room = code.as_str().to_owned();
        self.phase = Phase::Opening(Opening::Join {
            room: code,
            rejoining: None,
        });
        Ok(vec![Effect::Relay(ClientMessage::Join { room })])
    }

    /// Takes the offered seat back: joins its room with its name, and the hello carries
    /// its token.
    pub(super) fn rejoin(&mut self) -> Vec<Effect> {
        let Phase::Start { offer } = &mut self.phase else {
            return Vec::new();
        };
        let Some(record) = offer.take() else {
            return Vec::new();
        };
        self.name = Some(record.name.clone());
        let room = record.code.as_str().to_owned();
        self.phase = Phase::Opening(Opening::Join {
            room: record.code.clone(),
            rejoining: Some(record),
        });
        vec![Effect::Relay(ClientMessage::Join { room })]
    }

    /// Leaves whatever the page is in, back to the first screen.
    pub(super) fn leave(&mut self) -> Vec<Effect> {
        let phase = std::mem::replace(&mut self.phase, Phase::Start { offer: None });
        match phase {
            Phase::Start { .. } => Vec::new(),
            Phase::Opening(_) => vec![Effect::CloseRelay],
            Phase::Hosting(h) => {
                let mut effects = vec![Effect::StopReferee];
                if let Some(room) = h.room {
                    effects.extend(room.hangups());
                    effects.push(Effect::Relay(ClientMessage::Leave));
                }
                effects
            }
            Phase::Joined(j) => {
                let mut effects = j.room.hangups();
                if j.ended.is_none() {
                    effects.push(Effect::Relay(ClientMessage::Leave));
                }
                effects
            }
        }
    }

    /// A message from the relay, at `now`.
    pub fn on_relay(&mut self, msg: RelayMessage, now: u64) -> Vec<Effect> {
        if let Some(effects) = self.passed_on(&msg) {
            return effects;
        }
        match msg {
            RelayMessage::Created {
                room,
                peer,
                host_secret,
                ice_servers,
                handover,
            } => {
                if matches!(&self.phase, Phase::Hosting(h) if h.moving) {
                    let mut effects = self.moved(&room, peer, host_secret, ice_servers);
                    effects.extend(self.keep_copies(handover));
                    return effects;
                }
                if !matches!(self.phase, Phase::Opening(Opening::Create)) {
                    return Vec::new();
                }
                let Some(code) = RoomCode::parse(&room) else {
                    return self.relay_garbage("a room code it cannot have made");
                };
                let room = Room::new(code, RelayPeer(peer), Vec::new(), ice_servers);
                let mut effects = self.host_table(Some(room), Some(host_secret), Vec::new());
                effects.extend(self.keep_copies(handover));
                effects
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } if self.reclaiming() => self.reclaimed(&room, &peer, &host, peers, ice_servers, now),
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } if self.relay_rejoining() => {
                self.back_in_room(&room, peer, host, peers, ice_servers, now)
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } => {
                let Phase::Opening(Opening::Join {
                    room: asked,
                    rejoining,
                }) = &mut self.phase
                else {
                    return Vec::new();
                };
                let code = RoomCode::parse(&room);
                if code.as_ref().is_some_and(|code| code != asked) {
                    // The relay put us in a room we did not ask for: nothing of it is
                    // ours, and the socket that holds us there goes. A seat being taken
                    // back stays on offer.
                    let offer = rejoining.take();
                    self.phase = Phase::Start { offer };
                    self.relay_garbage("a room that is not the one we asked for");
                    return vec![Effect::CloseRelay];
                }
                let rejoining = rejoining.take();
                self.rejoin_retry = None;
                let Some(code) = code else {
                    return self.relay_garbage("a room code it cannot have made");
                };
                if host == peer {
                    return self.relay_garbage("that we host a room we joined");
                }
                let me = RelayPeer(peer);
                let host = RelayPeer(host);
                let peers = peers_of(peers, &me, &host);
                let name = self.display_name(Some(&me));
                let token = rejoining.as_ref().map(|r| r.token.clone());
                let mut room = Room::new(code, me, peers, ice_servers);
                // The host calls at once: if no link opens in time, the page says why.
                room.watch_mut(&host).expect_trouble(now, FIRST_LINK_MS);
                let table = self.new_table(&name, token);
                self.typed_code = None;
                self.phase = Phase::Joined(Joined {
                    table,
                    room,
                    host,
                    rejoining,
                    reconnect: None,
                    off_relay: false,
                    relay_rejoin: false,
                    host_away: false,
                    host_left_relay: false,
                    ended: None,
                    welcome_by: None,
                    was_live: false,
                    shares_due: false,
                });
                Vec::new()
            }
            RelayMessage::PeerJoined { peer } => self.on_peer_joined(RelayPeer(peer), now),
            RelayMessage::PeerLeft { peer } => self.on_peer_left(&RelayPeer(peer)),
            RelayMessage::Signal { from, data } => self.on_signal(RelayPeer(from), data, now),
            // A guest's table stays on screen as it ended, with the news and a new room
            // one click away; the relay has already taken everyone out of the room.
            RelayMessage::RoomClosed { .. } if matches!(self.phase, Phase::Joined(_)) => {
                let Phase::Joined(j) = &mut self.phase else {
                    return Vec::new();
                };
                let effects = j.room.hangups();
                for p in &mut j.room.peers {
                    p.link = p.link.map(|_| LinkState::Closed);
                }
                j.table.guest_mut().link_lost();
                j.reconnect = None;
                j.host_away = false;
                j.rejoining = None;
                j.ended = Some(t("ended-host-gone"));
                effects
            }
            RelayMessage::RoomClosed { reason } => {
                if self.room().is_none() {
                    return Vec::new();
                }
                let effects = self.leave();
                self.notify(problems::room_closed(&reason));
                effects
            }
            RelayMessage::HostChanged { host, previous } => {
                self.host_changed(RelayPeer(host), &RelayPeer(previous), now)
            }
            RelayMessage::Promoted {
                room,
                host_secret,
                previous,
                peers,
                deposit,
            } => self.promoted(
                &room,
                host_secret,
                &RelayPeer(previous),
                peers,
                deposit,
                now,
            ),
            RelayMessage::Pong => Vec::new(),
            RelayMessage::Error { code, message: _ } => {
                // A relay older than the handover's deposit does not know the message:
                // the table plays on (the controller's trace has the error), only no
                // other page could take it over.
                if code == ErrorCode::BadMessage
                    && matches!(&self.phase, Phase::Hosting(h) if h.handover)
                {
                    return Vec::new();
                }
                // Our room went on at a guest's page while ours was away: ours is a guest
                // of it now.
                if code == ErrorCode::HandedOver && self.reclaiming() {
                    return self.handed_over();
                }
                // A host page off the relay sends its signals and deposits on a new socket
                // that is in no room until its reclaim goes: the relay's answer to them is
                // expected, and nothing for the player.
                let roomless = matches!(
                    code,
                    ErrorCode::NotInRoom | ErrorCode::NotHost | ErrorCode::UnknownPeer
                );
                if roomless && matches!(&self.phase, Phase::Hosting(h) if h.off_relay) {
                    return Vec::new();
                }
                if let Some(effects) = self.reconnect_refused(code) {
                    return effects;
                }
                if self.reclaiming() {
                    let code_text = self.room().map(|r| r.code.to_string()).unwrap_or_default();
                    let effects = self.leave();
                    self.notify(tr(
                        "notice-reclaim-failed",
                        &[
                            ("code", code_text.into()),
                            ("why", problems::relay(code).into()),
                        ],
                    ));
                    return effects;
                }
                // Waiting for a join or a create, whose answers these never are: they
                // answer a room message sent before (a deposit or a signal of a host page
                // that crossed its reclaim's handed_over, say), old news.
                let stale = matches!(
                    code,
                    ErrorCode::NotInRoom
                        | ErrorCode::NotHost
                        | ErrorCode::UnknownPeer
                        | ErrorCode::BadSecret
                        | ErrorCode::HandedOver
                );
                if stale && matches!(self.phase, Phase::Opening(_)) {
                    return Vec::new();
                }
                if let Phase::Opening(opening) = &self.phase {
                    let rejoining = match opening {
                        Opening::Join { rejoining, .. } => rejoining.clone(),
                        Opening::Create => None,
                    };
                    // A busy relay may take the seat back later: the offer stays, for a
                    // click. A room that is gone, or one that keeps us out, is forgotten.
                    let busy = matches!(
                        code,
                        ErrorCode::RateLimited | ErrorCode::RoomFull | ErrorCode::ServerFull
                    );
                    self.phase = Phase::Start {
                        offer: rejoining.clone().filter(|_| busy),
                    };
                    let tell = self.rejoin_failed(busy && rejoining.is_some());
                    if let Some(r) = rejoining {
                        if !tell {
                            return Vec::new();
                        }
                        self.notify(tr(
                            "notice-rejoin-failed",
                            &[
                                ("code", r.code.to_string().into()),
                                ("why", problems::relay(code).into()),
                            ],
                        ));
                        return Vec::new();
                    }
                }
                self.notify(problems::relay(code));
                Vec::new()
            }
        }
    }

    /// The relay sent something it could not have meant: a notice, and nothing changes.
    pub(super) fn relay_garbage(&mut self, what: &str) -> Vec<Effect> {
        self.notify(tr("notice-relay-garbage", &[("what", what.into())]));
        Vec::new()
    }

    pub(super) fn on_peer_joined(&mut self, peer: RelayPeer, now: u64) -> Vec<Effect> {
        let hosting = self.hosting();
        let host = match &self.phase {
            Phase::Joined(j) => Some(j.host.clone()),
            _ => None,
        };
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        if peer == room.me {
            return Vec::new();
        }
        let is_host = host.as_ref() == Some(&peer);
        if is_host && let Phase::Joined(j) = &mut self.phase {
            j.host_away = false;
            j.host_left_relay = false;
        }
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        // The host calls every guest; a host that reclaimed its room calls us again.
        let link = (hosting || is_host).then_some(LinkState::Connecting);
        if hosting || is_host {
            // A new call, with its own time to open before the page says why it did not.
            let w = room.watch_mut(&peer);
            w.closed();
            w.trouble_at = None;
            w.told = None;
            w.expect_trouble(now, FIRST_LINK_MS);
        }
        match room.peer_mut(&peer) {
            Some(p) => p.link = link,
            None => room.peers.push(Peer {
                id: peer.clone(),
                is_host,
                link,
            }),
        }
        if hosting {
            let ice_servers = room.ice_servers.clone();
            vec![
                Effect::Hangup { peer: peer.clone() },
                Effect::Dial { peer, ice_servers },
            ]
        } else if is_host {
            vec![Effect::Hangup { peer }]
        } else {
            Vec::new()
        }
    }

    pub(super) fn on_peer_left(&mut self, peer: &RelayPeer) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(index) = room.peers.iter().position(|p| p.id == *peer) else {
            return Vec::new();
        };
        let had_link = room.peers[index].link.is_some();
        let open = room.peers[index].link == Some(LinkState::Open);
        if room.peers[index].is_host && open {
            // The host's relay socket went (a relay shutting down closes its sockets one
            // by one) but our channel is open: play on; if the channel goes too, the host
            // is away and calls us when it is back.
            if let Phase::Joined(j) = &mut self.phase {
                j.host_left_relay = true;
            }
            return Vec::new();
        } else if room.peers[index].is_host {
            // The host may reclaim the room; keep its place and wait (the connection
            // line says so).
            room.peers[index].link = Some(LinkState::Closed);
            if let Phase::Joined(j) = &mut self.phase {
                j.host_away = true;
                j.reconnect.get_or_insert(Reconnect {
                    attempts: 0,
                    next_at: u64::MAX,
                    progress: false,
                });
            }
        } else if open {
            // A guest whose relay socket dropped while its data channel is open plays on:
            // the channel, not the relay, says whether it is there.
            if let Phase::Hosting(h) = &mut self.phase {
                h.left_relay.push(peer.clone());
            }
            return Vec::new();
        } else {
            room.peers.remove(index);
            room.watch.remove(peer);
            // Its link ended before it left the relay (a tab closed): it is gone, and
            // the referee lets its stand-in answer for it at once.
            if let Phase::Hosting(h) = &self.phase
                && !h.links.contains_key(peer)
                && let Some((id, _)) = h.ended.iter().rev().find(|(_, p)| p == peer)
            {
                let mut effects = vec![Effect::Referee(ToReferee::Gone { peer: *id })];
                if had_link {
                    effects.push(Effect::Hangup { peer: peer.clone() });
                }
                return effects;
            }
        }
        let mut effects = self.link_ended(peer);
        if had_link {
            effects.push(Effect::Hangup { peer: peer.clone() });
        }
        effects
    }

    pub(super) fn on_signal(&mut self, from: RelayPeer, data: Value, now: u64) -> Vec<Effect> {
        let (expected, hosting) = match &self.phase {
            Phase::Hosting(h) => (
                h.room
                    .as_ref()
                    .is_some_and(|r| r.peers.iter().any(|p| p.id == from)),
                true,
            ),
            Phase::Joined(j) => (from == j.host, false),
            _ => return Vec::new(),
        };
        if !expected {
            return Vec::new();
        }
        let data = match SignalData::parse(data) {
            Ok(data) => data,
            Err(e) => {
                let name = self.peer_name(&from);
                self.notify(tr(
                    "notice-bad-signal",
                    &[("name", name.into()), ("error", e.to_string().into())],
                ));
                return Vec::new();
            }
        };
        // The host makes offers and a guest answers them (or asks for them); anything else
        // is out of place.
        let in_place = matches!(
            (&data, hosting),
            (SignalData::Offer { .. }, false)
                | (SignalData::Answer { .. }, true)
                | (SignalData::Restart | SignalData::Redial, true)
                | (SignalData::Candidate { .. }, _)
        );
        if !in_place {
            let name = self.peer_name(&from);
            self.notify(tr("notice-odd-signal", &[("name", name.into())]));
            return Vec::new();
        }
        // What the other side gathered and said, for a failure's diagnosis and names.
        if let Some(room) = self.room_mut() {
            let w = room.watch_mut(&from);
            match &data {
                SignalData::Candidate { candidate, .. } => w.remote.note(candidate),
                SignalData::Offer { .. } => w.called = true,
                SignalData::Answer { .. } => {
                    w.called = true;
                    if let Some(name) = data.answer_name() {
                        w.name = Some(name);
                    }
                }
                SignalData::Restart | SignalData::Redial => {}
            }
        }
        let ice_servers = self
            .room()
            .map(|r| r.ice_servers.clone())
            .unwrap_or_default();
        match data {
            SignalData::Restart => vec![Effect::RestartIce { peer: from }],
            // A fresh connection: the old link ends (the member is away until its hello).
            SignalData::Redial => {
                let mut effects = self.link_ended(&from);
                if let Some(room) = self.room_mut() {
                    if let Some(p) = room.peer_mut(&from) {
                        p.link = Some(LinkState::Connecting);
                    }
                    let w = room.watch_mut(&from);
                    w.closed();
                    w.expect_trouble(now, FIRST_LINK_MS);
                }
                effects.push(Effect::Hangup { peer: from.clone() });
                effects.push(Effect::Dial {
                    peer: from,
                    ice_servers,
                });
                effects
            }
            data => {
                if let (SignalData::Offer { .. }, Phase::Joined(j)) = (&data, &mut self.phase)
                    && let Some(r) = j.reconnect.as_mut()
                {
                    r.progress = true;
                }
                vec![Effect::Signal {
                    peer: from,
                    data,
                    ice_servers,
                }]
            }
        }
    }
}
