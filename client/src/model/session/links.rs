//! The links: a data channel opening, closing, carrying frames and heartbeats, and what
//! the page says when one fails.

use shared::relay::ClientMessage;
use shared::session::ToReferee;
use shared::session::protocol::PeerId;

use super::{Effect, LinkState, Phase, Reconnect, RelayPeer, Session, backoff_ms};
use crate::i18n::tr;
use crate::model::link::{Diagnosis, LOST_LINK_MS, WELCOME_MS};
use crate::model::signal::SignalData;

impl Session {
    /// The connection to `peer` went `disconnected` (ICE lost its path, for now): a guest
    /// shows it is reconnecting and asks the host to restart ICE.
    pub fn on_link_unstable(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if *peer != j.host || j.reconnect.is_some() {
            return Vec::new();
        }
        j.room.watch_mut(peer).expect_trouble(now, LOST_LINK_MS);
        j.reconnect = Some(Reconnect {
            attempts: 0,
            next_at: now + backoff_ms(0, 0.0),
            progress: false,
        });
        if j.off_relay || j.host_away || j.host_left_relay {
            return Vec::new();
        }
        vec![Effect::Relay(ClientMessage::Signal {
            to: peer.0.clone(),
            data: SignalData::Restart.to_value(),
        })]
    }

    /// The connection to `peer` is connected again (after an ICE restart, say).
    pub fn on_link_stable(&mut self, peer: &RelayPeer) {
        if matches!(&self.phase, Phase::Joined(j) if *peer == j.host) {
            self.back_if_live();
        }
    }

    /// The data channel to `peer` opened at `now`: a guest says hello, the host tells its
    /// referee. Its heartbeat is expected from now on.
    pub fn on_link_open(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(p) = room.peer_mut(peer) else {
            return Vec::new();
        };
        // The browser may report one opening twice (the channel was open when it arrived,
        // and its open event fires too): one hello per link.
        if p.link == Some(LinkState::Open) {
            return Vec::new();
        }
        p.link = Some(LinkState::Open);
        room.watch_mut(peer).opened(now);
        if self.hosting() {
            let name = self.peer_name(peer);
            self.forget_about(&name);
        }
        match &mut self.phase {
            Phase::Hosting(h) => {
                let mut effects = Vec::new();
                if let Some(old) = h.end_link(peer) {
                    effects.push(Effect::Referee(ToReferee::Disconnect { peer: old }));
                }
                h.last_link += 1;
                let id = PeerId(h.last_link);
                h.links.insert(peer.clone(), id);
                effects.push(Effect::Referee(ToReferee::Connect { peer: id }));
                effects
            }
            Phase::Joined(j) if *peer == j.host => {
                j.welcome_by = Some(now + WELCOME_MS);
                // A host that takes the table over opens its recovery copy with our
                // shares: they go first, then the hello that takes our seat back.
                let mut texts = Vec::new();
                if std::mem::take(&mut j.shares_due) {
                    texts = j.table.guest().recovery_shares();
                }
                texts.push(j.table.guest().hello());
                texts
                    .into_iter()
                    .map(|text| Effect::Send {
                        peer: peer.clone(),
                        text,
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The link to `peer` ended: the referee keeps the member's seat (its grace runs, then
    /// the seat's bot answers for it); a guest keeps its table on screen meanwhile.
    pub(super) fn link_ended(&mut self, peer: &RelayPeer) -> Vec<Effect> {
        if let Some(w) = self.room_mut().and_then(|r| r.watch.get_mut(peer)) {
            w.closed();
        }
        match &mut self.phase {
            Phase::Hosting(h) => match h.end_link(peer) {
                Some(id) => vec![Effect::Referee(ToReferee::Disconnect { peer: id })],
                None => Vec::new(),
            },
            Phase::Joined(j) => {
                if *peer == j.host {
                    j.table.guest_mut().link_lost();
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// The link to `peer` closed or failed at `now`. A guest that lost its host's link
    /// gets it back by itself (the connection line says so); the host is told of others.
    pub fn on_link_closed(&mut self, peer: &RelayPeer, why: Option<&str>, now: u64) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        if p.link.is_none() || p.link == Some(LinkState::Closed) {
            return Vec::new();
        }
        let was_open = p.link == Some(LinkState::Open);
        p.link = Some(LinkState::Closed);
        if let Phase::Joined(j) = &mut self.phase
            && *peer == j.host
        {
            if j.host_left_relay {
                j.host_away = true;
            }
            j.room.watch_mut(peer).expect_trouble(now, LOST_LINK_MS);
            let mut effects = self.link_ended(peer);
            effects.extend(self.reconnect_attempt(now, 0.0));
            // A reconnection hangs the old channel up; one that waits for the host to come
            // back to the relay does not, so it is hung up here: a channel given up on
            // carries nothing more.
            if !effects.iter().any(|e| matches!(e, Effect::Hangup { .. })) {
                effects.push(Effect::Hangup { peer: peer.clone() });
            }
            return effects;
        }
        // A link that never opened is not news each time an attempt fails: the page says
        // once, in time, why it cannot reach that peer (see `tick`).
        if was_open {
            let name = self.peer_name(peer);
            self.notify_about(
                &name.clone(),
                match why {
                    Some(why) => tr(
                        "notice-link-failed",
                        &[("name", name.into()), ("why", why.into())],
                    ),
                    None => tr("notice-link-closed", &[("name", name.into())]),
                },
            );
        }
        let mut effects = self.link_ended(peer);
        effects.push(Effect::Hangup { peer: peer.clone() });
        if let Phase::Hosting(h) = &mut self.phase
            && let Some(i) = h.left_relay.iter().position(|p| p == peer)
        {
            h.left_relay.remove(i);
            if let Some(room) = h.room.as_mut() {
                room.peers.retain(|p| p.id != *peer);
                room.watch.remove(peer);
            }
            // It left the relay and now its link ended too: it is gone, and the referee
            // lets its stand-in answer for it at once (the relay's word came first, so
            // `on_peer_left` could not say so, and nothing else will).
            for e in &mut effects {
                if let Effect::Referee(ToReferee::Disconnect { peer }) = *e {
                    *e = Effect::Referee(ToReferee::Gone { peer });
                }
            }
        }
        effects
    }

    /// A frame arrived on the data channel from `peer`: for the referee when we host (one
    /// too large for it is answered here, with the host's refusal), for our guest when it
    /// comes from our host; anything else is dropped.
    pub fn on_peer_frame(&mut self, peer: &RelayPeer, frame: &str, now: u64) -> Vec<Effect> {
        // A text on a link still being made proves its channel open: the browser may hand
        // the host a guest's first text before the channel's own open event.
        let mut opened = Vec::new();
        if let Phase::Hosting(h) = &self.phase
            && !h.links.contains_key(peer)
            && h.room.as_ref().is_some_and(|r| {
                r.peers
                    .iter()
                    .any(|p| p.id == *peer && p.link == Some(LinkState::Connecting))
            })
        {
            opened = self.on_link_open(peer, now);
        }
        let mut effects = self.frame(peer, frame, now);
        opened.append(&mut effects);
        opened
    }

    fn frame(&mut self, peer: &RelayPeer, frame: &str, now: u64) -> Vec<Effect> {
        self.heard(peer, now);
        match &mut self.phase {
            Phase::Hosting(h) => match h.links.get(peer) {
                // Texts only count on a link the referee was told about; a fair room's
                // records are larger (docs/FAIR-DEAL.md, section 3).
                Some(id) => match if h.table.guest().table().is_some_and(|t| t.fair) {
                    ToReferee::from_fair_link(*id, frame)
                } else {
                    ToReferee::from_link(*id, frame)
                } {
                    Ok(msg) => vec![Effect::Referee(msg)],
                    Err(answer) => self.on_referee(answer, now),
                },
                None => Vec::new(),
            },
            // Only on a link we hold open: a channel we gave up on (silent too long while
            // the host was away from the relay, so nothing hung it up) may still deliver a
            // late frame, and our table, which forgot its welcome with that link, would
            // take it for an update from a host that never welcomed us.
            Phase::Joined(j) if *peer == j.host && j.host_link_open() => {
                let r = j.table.receive(frame, now);
                let mut effects = self.take(r);
                effects.extend(self.check_rejoined());
                self.back_if_live();
                effects
            }
            _ => Vec::new(),
        }
    }

    /// A heartbeat arrived from `peer` at `now` (`shared/PEER-PROTOCOL.md`): the link is
    /// alive. It goes no further: neither the referee nor our table ever sees one.
    pub fn on_peer_beat(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        self.heard(peer, now);
        if matches!(&self.phase, Phase::Joined(j) if *peer == j.host) {
            self.back_if_live();
        }
        Vec::new()
    }

    /// Whether a heartbeat from `peer` now would change anything shown (the link had gone
    /// quiet, or a guest is getting its host back): otherwise it only moves a clock, and
    /// the interface need not look again.
    pub fn beat_is_news(&self, peer: &RelayPeer) -> bool {
        let quiet = self
            .room()
            .and_then(|r| r.watch(peer))
            .is_some_and(|w| w.silent || w.told.is_some());
        quiet || matches!(&self.phase, Phase::Joined(j) if *peer == j.host && j.reconnect.is_some())
    }

    /// Something arrived from `peer` at `now`.
    pub(super) fn heard(&mut self, peer: &RelayPeer, now: u64) {
        if let Some(w) = self.room_mut().and_then(|r| r.watch.get_mut(peer)) {
            w.heard(now);
        }
    }

    /// A guest whose host welcomed it on an open link is back: no more reconnecting.
    pub(super) fn back_if_live(&mut self) {
        if self.guest_live()
            && let Phase::Joined(j) = &mut self.phase
        {
            j.reconnect = None;
            j.was_live = true;
            let w = j.room.watch_mut(&j.host);
            w.trouble_at = None;
            w.told = None;
        }
    }

    /// A candidate of ours that the page's script gathered and sent to `peer` before the
    /// program ran: noted as [`Session::on_link_signal`] notes the ones it sends.
    pub fn note_gathered(&mut self, peer: &RelayPeer, candidate: &str) {
        if let Some(room) = self.room_mut() {
            room.watch_mut(peer).local.note(candidate);
        }
    }

    /// Our link to `peer` has a signal for it (a description, a candidate): it goes
    /// through the relay. The candidates we gather are noted for a failure's diagnosis,
    /// and a guest's answer carries the name its hello will give.
    pub fn on_link_signal(&mut self, peer: &RelayPeer, data: SignalData) -> Vec<Effect> {
        let data = match data {
            SignalData::Answer { sdp, .. } => {
                let name = match &self.phase {
                    Phase::Joined(j) => Some(j.table.guest().name().to_owned()),
                    _ => None,
                };
                SignalData::Answer { sdp, name }
            }
            data => data,
        };
        if let (SignalData::Candidate { candidate, .. }, Some(room)) = (&data, self.room_mut()) {
            room.watch_mut(peer).local.note(candidate);
        }
        vec![Effect::Relay(ClientMessage::Signal {
            to: peer.0.clone(),
            data: data.to_value(),
        })]
    }

    /// The name this page gives `peer` in its notices.
    pub(super) fn peer_name(&self, peer: &RelayPeer) -> String {
        self.room()
            .map(|r| r.name_of(peer))
            .unwrap_or_else(|| peer.short_name())
    }

    /// Why a joiner cannot reach its host, once it is time to say so; `None` while the
    /// link is open or still has time (the page shows this instead of "Reconnecting…").
    /// Only for a link never made in this room: one that worked and dropped is no matter
    /// of the network's setup, and the connection line says what it is.
    pub fn link_failure(&self) -> Option<Diagnosis> {
        match &self.phase {
            Phase::Joined(j) if j.ended.is_none() && !j.was_live => {
                j.room.watch(&j.host).and_then(|w| w.told)
            }
            _ => None,
        }
    }

    /// Whether our decisions wait for the link: a guest whose link to its host dropped,
    /// or went quiet, cannot send one, and a window may close meanwhile. The table stays
    /// on screen; its buttons are inert until the host welcomes us again.
    pub fn decisions_paused(&self) -> bool {
        match &self.phase {
            Phase::Joined(j) => j.ended.is_none() && (j.reconnect.is_some() || !self.guest_live()),
            _ => false,
        }
    }
}
