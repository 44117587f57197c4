//! Reconnection: the page clock's watch over the links, the backoff after losing the
//! relay or the host, and taking a seat or a table back.

use shared::relay::{ClientMessage, ErrorCode, IceServer, RoomCode};
use shared::session::ToReferee;
use shared::session::protocol::ToGuest;

use super::{
    Effect, LinkState, Opening, Peer, Phase, Reconnect, RejoinRetry, RelayPeer, Session,
    backoff_ms, peers_of,
};
use crate::i18n::{t, tr};
use crate::model::link::{DEAD_MS, FIRST_LINK_MS, LOST_LINK_MS, SILENCE_MS};
use crate::model::problems;
use crate::model::rejoin::RejoinRecord;
use crate::model::signal::SignalData;

impl Session {
    /// Whether the page is taking its room back on the relay.
    pub(super) fn reclaiming(&self) -> bool {
        matches!(&self.phase, Phase::Hosting(h) if h.reclaiming && h.room.is_some())
    }

    /// Whether a guest is joining its room again on a new relay socket.
    pub(super) fn relay_rejoining(&self) -> bool {
        matches!(&self.phase, Phase::Joined(j) if j.relay_rejoin)
    }

    /// The relay refused a reconnection's request: `None` when this error is not about
    /// one. A host whose table plays on over open links keeps it (nobody new can join);
    /// a guest whose room is gone is told.
    pub(super) fn reconnect_refused(&mut self, code: ErrorCode) -> Option<Vec<Effect>> {
        match &mut self.phase {
            // A new room could not be opened yet (busy, throttled): the next attempt
            // comes with the backoff.
            Phase::Hosting(h) if h.moving => Some(Vec::new()),
            Phase::Hosting(h) if h.reclaiming && h.off_relay => {
                let lost = matches!(code, ErrorCode::NoSuchRoom | ErrorCode::BadSecret);
                if !lost {
                    // Busy or throttled: the next attempt comes with the backoff.
                    return Some(Vec::new());
                }
                // The relay no longer knows the room (it restarted): the game goes on
                // over the open links, in a new room whose code the guests are told.
                h.reclaiming = false;
                h.moving = true;
                Some(vec![Effect::Relay(ClientMessage::Create {
                    handover: h.handover,
                })])
            }
            // A request to a host that just left the relay: it calls us when it is back.
            Phase::Joined(j) if j.reconnect.is_some() && code == ErrorCode::UnknownPeer => {
                Some(Vec::new())
            }
            Phase::Joined(j) if j.relay_rejoin => {
                j.relay_rejoin = false;
                let gone = matches!(
                    code,
                    ErrorCode::NoSuchRoom | ErrorCode::Banned | ErrorCode::RoomFull
                );
                if !gone {
                    return Some(Vec::new());
                }
                let code_text = j.room.code.to_string();
                let effects = self.leave();
                self.notify(tr(
                    "notice-room-gone",
                    &[
                        ("code", code_text.into()),
                        ("why", problems::relay(code).into()),
                    ],
                ));
                Some(effects)
            }
            _ => None,
        }
    }

    /// A guest is back in its room on a new relay socket (with a new relay id): the host
    /// sees it arrive and calls it.
    pub(super) fn back_in_room(
        &mut self,
        room: &str,
        peer: String,
        host: String,
        peers: Vec<String>,
        ice_servers: Vec<IceServer>,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&j.room.code) || host == peer {
            return self.relay_garbage("a room that is not the one we rejoined");
        }
        j.relay_rejoin = false;
        j.off_relay = false;
        let me = RelayPeer(peer);
        let host = RelayPeer(host);
        j.host_away = !peers.contains(&host.0);
        j.room.peers = peers_of(peers, &me, &host);
        j.room.me = me;
        j.room.ice_servers = ice_servers;
        let old_host = std::mem::replace(&mut j.host, host);
        // What the attempts gathered stays with the host under its new id.
        // Back on the relay, the host can call us: that call has its own time.
        let mut w = j.room.watch.remove(&old_host).unwrap_or_default();
        w.trouble_at = None;
        w.told = None;
        w.expect_trouble(now, FIRST_LINK_MS);
        j.room.watch.insert(j.host.clone(), w);
        vec![Effect::Hangup { peer: old_host }]
    }

    /// Why the room is over, when its host did not come back (the table stays on screen).
    pub fn ended(&self) -> Option<&str> {
        match &self.phase {
            Phase::Joined(j) => j.ended.as_deref(),
            _ => None,
        }
    }

    /// What the page's connection line says, if anything: a guest getting its link back,
    /// a host getting its relay back. Calm, and gone once things are back. `online` is the
    /// browser's word on its network. A guest that had been playing is told whose side
    /// the trouble is on, as far as it can tell: its own network (the browser offline, or
    /// its relay socket gone too), the host away from the relay, or the host's page not
    /// answering (our network reaches the relay, theirs does not answer us).
    pub fn connection_line(&self, online: bool) -> Option<String> {
        let id = match &self.phase {
            Phase::Joined(j) if j.ended.is_some() => return None,
            Phase::Joined(j)
                if j.was_live && self.decisions_paused() && (j.off_relay || !online) =>
            {
                "connection-offline"
            }
            Phase::Joined(j) if j.host_away || (j.host_left_relay && j.reconnect.is_some()) => {
                "connection-host-away"
            }
            Phase::Joined(j) if j.was_live && self.decisions_paused() => "connection-host-silent",
            // The failure panel says more than this line would.
            Phase::Joined(j) if j.room.watch(&j.host).is_some_and(|w| w.told.is_some()) => {
                return None;
            }
            Phase::Joined(j) if j.reconnect.is_some() => "connection-reconnecting",
            Phase::Hosting(h) if h.off_relay => "connection-relay",
            _ => return None,
        };
        Some(t(id))
    }

    /// The page's clock moved to `now`: a link that went quiet is restarted or made again,
    /// a failure whose time came is told, and a reconnection that is due makes its next
    /// attempt. `jitter` is a fresh random number in `[0, 1)`.
    pub fn tick(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        let mut effects = match &self.phase {
            Phase::Joined(_) => self.watch_host(now),
            Phase::Hosting(_) => self.watch_guests(now),
            Phase::Start { .. } => self.rejoin_tick(now, jitter),
            Phase::Opening(_) => Vec::new(),
        };
        effects.extend(self.retry_tick(now, jitter));
        effects
    }

    /// A guest's watch on its link to the host at `now`: silent past [`SILENCE_MS`], it
    /// asks for an ICE restart; past [`DEAD_MS`], the link is made again; not open by its
    /// time, the page says why (and keeps trying quietly).
    pub(super) fn watch_host(&mut self, now: u64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        let host = j.host.clone();
        let open = j.host_link_open();
        if j.welcome_due().is_some_and(|at| at <= now) {
            // Open, alive, and no word from the host on it: made again, with a new hello.
            j.welcome_by = None;
            return self.on_link_closed(&host, None, now);
        }
        let w = j.room.watch_mut(&host);
        if open && w.quiet_for(now, DEAD_MS) {
            return self.on_link_closed(&host, None, now);
        }
        if open && !w.silent && w.quiet_for(now, SILENCE_MS) {
            w.silent = true;
            // Told why if it has not come back in time, even when a reconnection was
            // already under way (a new channel that opened and then said nothing).
            w.expect_trouble(now, LOST_LINK_MS);
            return self.on_link_unstable(&host, now);
        }
        if j.trouble_due().is_some_and(|at| at <= now) {
            let told = j.room.diagnose(&host);
            j.room.watch_mut(&host).told = Some(told);
            if j.reconnect.is_none() {
                // The first call is taking too long: from now on it is tried again, as a
                // lost link is.
                return self.reconnect_attempt(now, 0.0);
            }
        }
        Vec::new()
    }

    /// The host's watch on each guest's link at `now`: silent past [`SILENCE_MS`], it is
    /// struggling; past [`DEAD_MS`], the link ends (the referee keeps the seat through
    /// its grace); not open by its time, the host is told once why it cannot reach them.
    pub(super) fn watch_guests(&mut self, now: u64) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let left = &h.left_relay;
        let Some(room) = h.room.as_mut() else {
            return Vec::new();
        };
        let mut effects = Vec::new();
        let mut dead = Vec::new();
        let mut told = Vec::new();
        for p in &room.peers {
            let Some(link) = p.link else {
                continue;
            };
            let Some(w) = room.watch.get_mut(&p.id) else {
                continue;
            };
            if link == LinkState::Open {
                // A guest that left the relay (its tab closed, say) and whose channel
                // went quiet too is gone: its seat is not held up for the whole wait.
                let gone = left.contains(&p.id) && w.quiet_for(now, SILENCE_MS);
                if gone || w.quiet_for(now, DEAD_MS) {
                    dead.push((p.id.clone(), gone));
                } else if !w.silent && w.quiet_for(now, SILENCE_MS) {
                    // Struggling: the guest asks for the ICE restart when it notices too.
                    // (One the host made itself while the guest cannot hear would stay
                    // unanswered, and hold back the one the guest asks for once back.)
                    w.silent = true;
                }
            } else if w.next_due(false).is_some_and(|at| at <= now) {
                told.push(p.id.clone());
            }
        }
        let mut texts = Vec::new();
        for peer in told {
            let why = room.diagnose(&peer);
            room.watch_mut(&peer).told = Some(why);
            let name = room.name_of(&peer);
            let text = tr(
                "notice-cannot-reach",
                &[
                    ("name", name.clone().into()),
                    (
                        "why",
                        tr(why.host_message(), &[("name", name.clone().into())]).into(),
                    ),
                ],
            );
            texts.push((name, text));
        }
        for (name, text) in texts {
            self.notify_about(&name, text);
        }
        for (peer, gone) in dead {
            let why = if gone {
                t("link-gone")
            } else {
                tr(
                    "link-silent",
                    &[("seconds", ((DEAD_MS / 1_000) as u32).into())],
                )
            };
            let closed = self.on_link_closed(&peer, Some(&why), now);
            // Known to be gone: the referee lets the stand-in answer for them at once.
            effects.extend(closed.into_iter().map(|e| match e {
                Effect::Referee(ToReferee::Disconnect { peer }) if gone => {
                    Effect::Referee(ToReferee::Gone { peer })
                }
                e => e,
            }));
        }
        effects
    }

    /// A reconnection that is due (a guest's link, a host's relay socket) makes its next
    /// attempt at `now`.
    pub(super) fn retry_tick(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        match &mut self.phase {
            Phase::Joined(j) => {
                if let Some(r) = j.reconnect.as_mut()
                    && r.progress
                    && r.next_at <= now
                {
                    r.progress = false;
                    r.next_at = now + backoff_ms(r.attempts, jitter);
                }
                let due = j.reconnect.is_some_and(|r| r.next_at <= now);
                if !due {
                    return Vec::new();
                }
                if !self.guest_live() {
                    return self.reconnect_attempt(now, jitter);
                }
                // The channel is still open but its connection struggles: ask for another
                // ICE restart (the last one may have been lost with the network).
                let Phase::Joined(j) = &mut self.phase else {
                    return Vec::new();
                };
                let Some(r) = j.reconnect.as_mut() else {
                    return Vec::new();
                };
                r.next_at = now + backoff_ms(r.attempts, jitter);
                r.attempts += 1;
                if j.off_relay || j.host_away || j.host_left_relay {
                    return Vec::new();
                }
                vec![Effect::Relay(ClientMessage::Signal {
                    to: j.host.0.clone(),
                    data: SignalData::Restart.to_value(),
                })]
            }
            Phase::Hosting(h) => {
                let Some((at, attempts)) = h.retry else {
                    return Vec::new();
                };
                let (Some(room), Some(secret)) = (&h.room, &h.host_secret) else {
                    return Vec::new();
                };
                if !h.off_relay || at > now {
                    return Vec::new();
                }
                h.retry = Some((now + backoff_ms(attempts, jitter), attempts + 1));
                if h.moving {
                    return vec![Effect::Relay(ClientMessage::Create {
                        handover: h.handover,
                    })];
                }
                h.reclaiming = true;
                vec![Effect::Relay(ClientMessage::Reclaim {
                    room: room.code.as_str().to_owned(),
                    host_secret: secret.clone(),
                })]
            }
            _ => Vec::new(),
        }
    }

    /// A seat being taken back failed on the relay: with `retry` (it stays on offer) the
    /// page asks again on a backoff, else it is forgotten. Whether to say so: only the
    /// first of a run of attempts is told, the later ones failing the same way quietly.
    pub(super) fn rejoin_failed(&mut self, retry: bool) -> bool {
        self.rejoin_retry = retry.then(|| RejoinRetry {
            attempts: self.rejoin_retry.map_or(0, |r| r.attempts) + 1,
            next_at: None,
        });
        self.rejoin_retry.is_none_or(|r| r.attempts == 1)
    }

    /// A seat on offer after a failed attempt is asked for again once its backoff is over
    /// (the first tick sets it, with `jitter`). Nothing once the offer is gone: declined,
    /// or the page went elsewhere.
    fn rejoin_tick(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        if self.rejoin_offer().is_none() {
            self.rejoin_retry = None;
            return Vec::new();
        }
        let Some(retry) = self.rejoin_retry.as_mut() else {
            return Vec::new();
        };
        match retry.next_at {
            None => {
                retry.next_at = Some(now + backoff_ms(retry.attempts - 1, jitter));
                Vec::new()
            }
            Some(at) if at <= now => self.rejoin(),
            Some(_) => Vec::new(),
        }
    }

    /// Whether [`Session::tick`] has anything to do at `now` (the page's clock asks four
    /// times a second, and only a due tick touches the session that the interface reads).
    pub fn tick_due(&self, now: u64) -> bool {
        match &self.phase {
            Phase::Start { offer: Some(_) } => self
                .rejoin_retry
                .is_some_and(|r| r.next_at.is_none_or(|at| at <= now)),
            Phase::Joined(j) => {
                let watch = j.host_watch_due();
                let retry = j.reconnect.map(|r| r.next_at);
                [watch, retry].into_iter().flatten().any(|at| at <= now)
            }
            Phase::Hosting(h) => {
                let retry = h.off_relay && h.retry.is_some_and(|(at, _)| at <= now);
                let watch = h.room.as_ref().is_some_and(|r| {
                    r.peers.iter().any(|p| {
                        let open = p.link == Some(LinkState::Open);
                        let w = r.watch.get(&p.id);
                        let gone = open
                            && h.left_relay.contains(&p.id)
                            && w.is_some_and(|w| w.quiet_for(now, SILENCE_MS));
                        gone || p.link.is_some()
                            && w.and_then(|w| w.next_due(open)).is_some_and(|at| at <= now)
                    })
                });
                retry || watch
            }
            _ => false,
        }
    }

    /// The page woke up (its tab came to the front, the network came back): a pending
    /// reconnection tries again now rather than at the end of its backoff.
    pub fn wake(&mut self, now: u64) {
        if let Some(r) = self.rejoin_retry.as_mut() {
            r.next_at = Some(r.next_at.map_or(now, |at| at.min(now)));
        }
        match &mut self.phase {
            Phase::Joined(j) => {
                if let Some(r) = j.reconnect.as_mut() {
                    r.next_at = r.next_at.min(now);
                }
            }
            Phase::Hosting(h) => {
                if let Some((at, _)) = h.retry.as_mut() {
                    *at = (*at).min(now);
                }
            }
            _ => {}
        }
    }

    /// Whether a guest's link to its host is open and the host has welcomed it on it.
    pub(super) fn guest_live(&self) -> bool {
        let Phase::Joined(j) = &self.phase else {
            return false;
        };
        let open = j
            .room
            .peers
            .iter()
            .any(|p| p.id == j.host && p.link == Some(LinkState::Open));
        open && j.table.guest().member().is_some()
    }

    /// One attempt to get a guest's link back: a fresh connection that the host makes
    /// when asked over the relay, after joining the room again on a new socket if the old
    /// one is gone. A host that is away calls us itself when it is back.
    pub(super) fn reconnect_attempt(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        let r = j.reconnect.get_or_insert(Reconnect {
            attempts: 0,
            next_at: now,
            progress: false,
        });
        r.next_at = now + backoff_ms(r.attempts, jitter);
        r.attempts += 1;
        // A fresh try (the player asked for one) has its own time to open.
        let host = j.host.clone();
        j.room.watch_mut(&host).expect_trouble(now, FIRST_LINK_MS);
        if j.host_away || j.host_left_relay {
            return Vec::new();
        }
        let mut effects = vec![Effect::Hangup { peer: host.clone() }];
        if let Some(p) = j.room.peer_mut(&host) {
            p.link = Some(LinkState::Connecting);
        }
        if j.off_relay {
            if !j.relay_rejoin {
                j.relay_rejoin = true;
                effects.push(Effect::Relay(ClientMessage::Join {
                    room: j.room.code.as_str().to_owned(),
                }));
            }
        } else {
            effects.push(Effect::Relay(ClientMessage::Signal {
                to: host.0,
                data: SignalData::Redial.to_value(),
            }));
        }
        effects
    }

    /// The relay gave the room back: every guest it lists that has no open link with us
    /// is dialled again (their hello with their token takes their seat back).
    pub(super) fn reclaimed(
        &mut self,
        room: &str,
        peer: &str,
        host: &str,
        peers: Vec<String>,
        ice_servers: Vec<IceServer>,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(r) = h.room.as_mut() else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&r.code) || host != peer {
            return self.relay_garbage("a room that is not the one we reclaimed");
        }
        // The relay keeps a reclaiming host's id; one that opened the room again (after a
        // restart) may give a new one.
        r.me = RelayPeer(peer.to_owned());
        h.reclaiming = false;
        h.off_relay = false;
        h.retry = None;
        r.ice_servers = ice_servers;
        let mut effects = Vec::new();
        let me = r.me.clone();
        for id in peers.into_iter().map(RelayPeer).filter(|p| *p != me) {
            let open = r
                .peer_mut(&id)
                .is_some_and(|p| p.link == Some(LinkState::Open));
            if open {
                continue;
            }
            match r.peer_mut(&id) {
                Some(p) => p.link = Some(LinkState::Connecting),
                None => r.peers.push(Peer {
                    id: id.clone(),
                    is_host: false,
                    link: Some(LinkState::Connecting),
                }),
            }
            let w = r.watch_mut(&id);
            w.closed();
            w.expect_trouble(now, FIRST_LINK_MS);
            effects.push(Effect::Hangup { peer: id.clone() });
            effects.push(Effect::Dial {
                peer: id,
                ice_servers: r.ice_servers.clone(),
            });
        }
        effects
    }

    /// The relay handed our room to a guest's page while ours was away (our reclaim, on a
    /// new socket or after a reload, is answered `handed_over`): the table runs there now.
    /// Our referee stops before it decides anything more, and nothing it said reaches
    /// anyone (the links to it are hung up; the guests hung up on it already). The page
    /// joins the room as a guest, by the same name, whose hello carries our own seat's
    /// token: the new host gives the seat back. Without a token (our guest was never
    /// welcomed), it joins as anyone does.
    pub(super) fn handed_over(&mut self) -> Vec<Effect> {
        let Phase::Hosting(h) = &self.phase else {
            return Vec::new();
        };
        let Some(room) = h.room.as_ref() else {
            return Vec::new();
        };
        let code = room.code.clone();
        let name = h.table.guest().name().to_owned();
        let rejoining = h
            .own_token()
            .and_then(|token| RejoinRecord::new(&code, token, &name));
        let mut effects = vec![Effect::StopReferee];
        effects.extend(room.hangups());
        if let Ok(name) = shared::session::names::validate_name(&name) {
            self.name = Some(name);
        }
        self.phase = Phase::Opening(Opening::Join {
            room: code.clone(),
            rejoining,
        });
        effects.push(Effect::Relay(ClientMessage::Join {
            room: code.as_str().to_owned(),
        }));
        self.notify(t("notice-handed-over"));
        effects
    }

    /// The relay opened the new room of a host whose old one it lost: the table plays on
    /// under the new code, and every guest on an open link is told it (a reload, or a
    /// link that drops, finds us through it). Nobody else is in the new room on the
    /// relay: a guest whose link ends is forgotten here, and comes back by joining.
    pub(super) fn moved(
        &mut self,
        room: &str,
        peer: String,
        host_secret: String,
        ice_servers: Vec<IceServer>,
    ) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(code) = RoomCode::parse(room) else {
            return self.relay_garbage("a room code it cannot have made");
        };
        let Some(r) = h.room.as_mut() else {
            return Vec::new();
        };
        h.moving = false;
        h.off_relay = false;
        h.retry = None;
        h.host_secret = Some(host_secret);
        r.code = code.clone();
        r.me = RelayPeer(peer);
        r.ice_servers = ice_servers;
        r.peers.retain(|p| h.links.contains_key(&p.id));
        // Peers of the old room mean nothing to the new one.
        h.ended.clear();
        h.left_relay = r.peers.iter().map(|p| p.id.clone()).collect();
        let text = shared::session::protocol::encode(&ToGuest::Moved { room: code.clone() });
        let effects = h
            .links
            .keys()
            .map(|peer| Effect::Send {
                peer: peer.clone(),
                text: text.clone(),
            })
            .collect();
        self.notify(tr(
            "notice-room-moved",
            &[("code", code.to_string().into())],
        ));
        effects
    }

    /// After the host's answer to a hello that carried our old token: the same token back
    /// means the same seat; a new one means the old seat is gone (we would be a newcomer).
    pub(super) fn check_rejoined(&mut self) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if j.table.guest().member().is_none() {
            return Vec::new();
        }
        let Some(record) = j.rejoining.take() else {
            return Vec::new();
        };
        if j.table.guest().token() == Some(record.token.as_str()) {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr(
            "notice-seat-lost",
            &[("code", record.code.to_string().into())],
        ));
        effects
    }

    /// The relay socket closed or could not be opened, at `now`. Open data channels keep
    /// working without it: a host reclaims its room on a new socket (with backoff), a
    /// guest joins it again only when it needs the relay to get its link back.
    pub fn on_relay_lost(&mut self, now: u64) -> Vec<Effect> {
        // A hand_over's answer never comes on a socket that is gone.
        self.passing_on = false;
        match &mut self.phase {
            Phase::Opening(opening) => {
                // A seat being taken back stays on offer, for a click once the relay is
                // there again.
                let offer = match opening {
                    Opening::Join { rejoining, .. } => rejoining.take(),
                    Opening::Create => None,
                };
                let retry = offer.is_some();
                self.phase = Phase::Start { offer };
                if self.rejoin_failed(retry) {
                    self.notify(t("notice-no-relay"));
                }
            }
            Phase::Hosting(h) if h.room.is_some() => {
                if !h.off_relay {
                    h.off_relay = true;
                    h.retry = Some((now, 0));
                }
            }
            Phase::Joined(j) => {
                j.off_relay = true;
                j.relay_rejoin = false;
            }
            Phase::Start { .. } | Phase::Hosting(_) => {}
        }
        Vec::new()
    }
}
