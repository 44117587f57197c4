//! A room that outlives its host's page (docs/RELAY-PROTOCOL.md, "Handover"): the relay
//! makes the guest present longest the host (`promoted`), whose page takes the table over
//! from its recovery copy in a referee of its own, and tells every other guest which page
//! that is now (`host_changed`), who link to it as a joining guest links to a host.
//!
//! A host who leaves on purpose in the middle of a game passes the table on the same way,
//! at once (`hand_over`): nobody waits out the relay's grace.

use shared::relay::{ClientMessage, ErrorCode, RelayMessage, RoomCode};
use shared::session::ToReferee;
use shared::session::protocol::{Phase as TablePhase, SeatInfo};
use shared::session::recovery::encode_share;
use shared::session::takeover::{deposit_epoch, relayed_entries};

use super::{Effect, Hosting, LinkState, Peer, Phase, RelayPeer, Session};
use crate::i18n::{t, tr};
use crate::model::link::FIRST_LINK_MS;

impl Session {
    /// Whether leaving now passes the table on to another page rather than taking it
    /// away: this page hosts a room that hands over, is in it on the relay, a game is
    /// being played and another person sits at it with an open link. Elsewhere a Leave
    /// is a plain one.
    pub fn passes_on(&self) -> bool {
        let Phase::Hosting(h) = &self.phase else {
            return false;
        };
        if !h.handover || h.room.is_none() || h.off_relay || h.reclaiming || h.moving {
            return false;
        }
        let guest = h.table.guest();
        let Some(table) = guest.table() else {
            return false;
        };
        table.phase == TablePhase::Playing
            && table.seats.iter().any(|s| {
                matches!(s, SeatInfo::Person { member, .. }
                    if Some(member.id) != guest.member() && member.connected)
            })
    }

    /// The host leaves in the middle of a game and the table goes on without them: the
    /// relay makes the guest present longest the host at once (`hand_over`, answered with
    /// `host_changed`), whose page takes the table over from the recovery copy every
    /// guest holds; this seat is then played by its stand-in (or, at a fair table, leaves
    /// the game), as when a host's page closes. The referee stops only after the message
    /// went: the copy the guests hold is of the table as they last saw it.
    pub(super) fn pass_on(&mut self) -> Vec<Effect> {
        let Phase::Hosting(h) = std::mem::replace(&mut self.phase, Phase::Start { offer: None })
        else {
            return Vec::new();
        };
        let mut effects = vec![
            Effect::Relay(ClientMessage::HandOver { to: None }),
            Effect::StopReferee,
        ];
        if let Some(room) = h.room {
            effects.extend(room.hangups());
        }
        self.passing_on = true;
        self.notify(t("notice-passed-on"));
        effects
    }

    /// The relay's answer to our `hand_over`, if `msg` is it (the first `host_changed` or
    /// error after it: the relay answers in order). A refusal (no guest there after all,
    /// say) takes our place out of the room as a plain leave does, unless the page went on
    /// to another room meanwhile; either way the person was told already.
    pub(super) fn passed_on(&mut self, msg: &RelayMessage) -> Option<Vec<Effect>> {
        if !self.passing_on {
            return None;
        }
        match msg {
            RelayMessage::HostChanged { .. } => {
                self.passing_on = false;
                Some(Vec::new())
            }
            RelayMessage::Error { code, .. } => {
                self.passing_on = false;
                let refused = matches!(
                    code,
                    ErrorCode::UnknownPeer | ErrorCode::BadMessage | ErrorCode::NotHost
                );
                if refused && matches!(self.phase, Phase::Start { .. }) {
                    return Some(vec![Effect::Relay(ClientMessage::Leave)]);
                }
                Some(Vec::new())
            }
            _ => None,
        }
    }

    /// Another guest's page runs the table now: the link to the old host ends, and the
    /// new host calls us (its offer is answered as a joining guest answers one); on that
    /// link our recovery shares go first, then the hello that takes our seat back.
    pub(super) fn host_changed(
        &mut self,
        host: RelayPeer,
        previous: &RelayPeer,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        // The relay tells the page it promotes in `promoted`; news of a host we never
        // had is not ours.
        if host == j.room.me || *previous != j.host || j.ended.is_some() {
            return Vec::new();
        }
        let effects = vec![Effect::Hangup {
            peer: previous.clone(),
        }];
        j.room.peers.retain(|p| p.id != *previous);
        j.room.watch.remove(previous);
        match j.room.peer_mut(&host) {
            Some(p) => {
                p.is_host = true;
                p.link = Some(LinkState::Connecting);
            }
            None => j.room.peers.push(Peer {
                id: host.clone(),
                is_host: true,
                link: Some(LinkState::Connecting),
            }),
        }
        let w = j.room.watch_mut(&host);
        w.closed();
        w.trouble_at = None;
        w.told = None;
        w.expect_trouble(now, FIRST_LINK_MS);
        j.host = host;
        j.table.guest_mut().link_lost();
        j.reconnect = None;
        j.host_away = false;
        j.host_left_relay = false;
        j.welcome_by = None;
        j.shares_due = true;
        effects
    }

    /// The relay made our page the room's host: a referee starts with the table taken
    /// over from the recovery copy our guest holds (the relay's `deposit` is its part of
    /// the key; the other guests bring their shares), our guest becomes its local
    /// player, and we call every other guest as a host that reclaimed its room does.
    pub(super) fn promoted(
        &mut self,
        room: &str,
        host_secret: String,
        previous: &RelayPeer,
        peers: Vec<String>,
        deposit: Option<String>,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Joined(j) = &self.phase else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&j.room.code) || *previous != j.host {
            return self.relay_garbage("a room to host that is not ours");
        }
        let guest = j.table.guest();
        let parts = deposit.as_deref().and_then(|deposit| {
            let (copy, share, need) = guest.held().for_epoch(deposit_epoch(deposit)?)?;
            Some(ToReferee::TakeOver {
                table: guest.table_id()?,
                token: guest.token()?.to_owned(),
                copy: copy.clone(),
                share: encode_share(share),
                need: u8::try_from(need).ok()?,
                deposit: deposit.to_owned(),
                // The worker loads the fair deal's code before a fair table's copy opens.
                fair: guest.table().is_some_and(|t| t.fair),
                // A fair table's copy leaves out the records this page holds.
                relayed: relayed_entries(guest),
            })
        });
        let Some(takeover) = parts else {
            // Nothing here opens the table: the room is over for this page as for the
            // others, whose new host never calls.
            let effects = self.leave();
            self.notify(tr(
                "notice-not-restored",
                &[(
                    "why",
                    "this page holds no recovery copy of the table".into(),
                )],
            ));
            return effects;
        };
        let Phase::Joined(j) = std::mem::replace(&mut self.phase, Phase::Start { offer: None })
        else {
            return Vec::new();
        };
        let mut room = j.room;
        let mut table = j.table;
        table.guest_mut().link_lost();
        let mut effects = vec![
            Effect::Hangup {
                peer: previous.clone(),
            },
            Effect::StartReferee { resume: false },
            Effect::Referee(takeover),
        ];
        room.peers.clear();
        room.watch.clear();
        let me = room.me.clone();
        for id in peers.into_iter().map(RelayPeer).filter(|p| *p != me) {
            room.peers.push(Peer {
                id: id.clone(),
                is_host: false,
                link: Some(LinkState::Connecting),
            });
            room.watch_mut(&id).expect_trouble(now, FIRST_LINK_MS);
            effects.push(Effect::Dial {
                peer: id,
                ice_servers: room.ice_servers.clone(),
            });
        }
        self.phase = Phase::Hosting(Hosting::new(
            table,
            Some(room),
            Some(host_secret),
            false,
            true,
        ));
        effects
    }
}
