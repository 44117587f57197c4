//! The referee: hosting a table (a game against bots, a room, a table taken back after
//! a reload), and what the referee's worker says.

use shared::engine::MIN_PLAYERS;
use shared::relay::ClientMessage;
use shared::session::protocol::{AdminCmd, PeerId, Timers};
use shared::session::{Outgoing, ToReferee};

use super::{BOT_DELAY_MS, Effect, Hosting, LinkState, Phase, RelayPeer, Room, Session, relay_id};
use crate::i18n::tr;
use crate::model::intent::SoloSetup;
use crate::model::rejoin::{HostRecord, HostRoom, LeftHost, RejoinRecord};
use crate::model::table::Received;

impl Session {
    /// Opens a hosted table: the referee starts with our player, then `commands` set it up.
    pub(super) fn host_table(
        &mut self,
        room: Option<Room>,
        secret: Option<String>,
        commands: Vec<AdminCmd>,
    ) -> Vec<Effect> {
        let name = self.display_name(room.as_ref().map(|r| &r.me));
        let table = self.new_table(&name, None);
        let mut effects = vec![
            Effect::StartReferee { resume: false },
            Effect::Referee(ToReferee::Open { name }),
        ];
        let timers = Timers {
            bot_delay_ms: BOT_DELAY_MS,
            ..Timers::default()
        };
        for cmd in std::iter::once(AdminCmd::SetTimers { timers }).chain(commands) {
            // Our own guest wrote it: it is JSON, and within the host's limit.
            if let Ok(msg) = ToReferee::from_page(table.guest().admin(cmd)) {
                effects.push(Effect::Referee(msg));
            }
        }
        self.phase = Phase::Hosting(Hosting::new(table, room, secret, false, false));
        effects
    }

    /// The relay hands our room over if our page goes for good (`created` said so): the
    /// referee keeps a recovery copy with the guests and gives the relay its part of the
    /// key. A relay without handover gets no deposit, and the referee keeps no copy.
    pub(super) fn keep_copies(&mut self, handover: bool) -> Vec<Effect> {
        match &mut self.phase {
            Phase::Hosting(h) if handover && h.room.is_some() => {
                h.handover = true;
                vec![Effect::Referee(ToReferee::Handover)]
            }
            _ => Vec::new(),
        }
    }

    /// Takes back the table this tab hosted before it reloaded: the referee restores what
    /// it saved, and a room is reclaimed on the relay (whose answer dials every guest, who
    /// then say hello with their tokens).
    pub fn resume(&mut self, record: HostRecord) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        self.name = Some(record.name.clone());
        let mut effects = vec![Effect::StartReferee { resume: true }];
        let handover = record.room.as_ref().is_some_and(|r| r.handover);
        if handover {
            // A restored table keeps no copy until told again.
            effects.push(Effect::Referee(ToReferee::Handover));
        }
        let (room, secret) = match record.room {
            Some(HostRoom {
                code, me, secret, ..
            }) => {
                effects.push(Effect::Relay(ClientMessage::Reclaim {
                    room: code.as_str().to_owned(),
                    host_secret: secret.clone(),
                }));
                let room = Room::new(code, RelayPeer(me), Vec::new(), Vec::new());
                (Some(room), Some(secret))
            }
            None => (None, None),
        };
        let reclaiming = room.is_some();
        let table = self.new_table(&record.name, None);
        let mut hosting = Hosting::new(table, room, secret, reclaiming, handover);
        hosting.seat_token = record.token;
        self.phase = Phase::Hosting(hosting);
        effects
    }

    /// What this tab should keep in `sessionStorage` to take its hosted table back after
    /// a reload; `None` means remove the record.
    pub fn host_record(&self) -> Option<HostRecord> {
        let Phase::Hosting(h) = &self.phase else {
            return None;
        };
        let room = match (&h.room, &h.host_secret) {
            (Some(r), Some(secret)) => Some(HostRoom {
                code: r.code.clone(),
                me: r.me.0.clone(),
                secret: secret.clone(),
                handover: h.handover,
            }),
            (None, _) => None,
            (Some(_), None) => return None,
        };
        Some(HostRecord {
            name: h.table.guest().name().to_owned(),
            room,
            token: h.own_token().map(str::to_owned),
        })
    }

    /// What this page leaves in `localStorage` when its tab goes, at `now` (Unix ms): the
    /// seat of its own player in the room it hosts, when the room hands over (the table
    /// then goes on at a guest's page, and this browser's next page that opens the room's
    /// invitation takes the seat back there). `None` for any other page.
    pub fn left_host(&self, now: u64) -> Option<LeftHost> {
        let Phase::Hosting(h) = &self.phase else {
            return None;
        };
        let room = h.room.as_ref().filter(|_| h.handover)?;
        let seat = RejoinRecord::new(&room.code, h.own_token()?, h.table.guest().name())?;
        Some(LeftHost { seat, at: now })
    }

    /// The referee could not take back the table it saved: it was set aside, and the page
    /// goes back to the first screen (the room with it).
    pub fn on_referee_not_restored(&mut self, why: &str) -> Vec<Effect> {
        if !self.hosting() {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr("notice-not-restored", &[("why", why.into())]));
        effects
    }

    /// A table against bots in this page: every other seat a bot, dealt at once.
    pub(super) fn play_bots(&mut self, setup: SoloSetup, untimed: bool) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        let count = setup
            .players
            .clamp(MIN_PLAYERS as u8, shared::engine::MAX_PLAYERS as u8);
        let mut commands = vec![
            AdminCmd::SetSeatCount { count },
            AdminCmd::SetOptions {
                options: setup.options,
            },
            AdminCmd::SetDefaultBot { level: setup.level },
        ];
        // A guided first game: the person alone at the table decides in their own time.
        if untimed {
            commands.push(AdminCmd::SetTimers {
                timers: Timers {
                    turn_ms: None,
                    window_ms: None,
                    choice_ms: None,
                    bot_delay_ms: BOT_DELAY_MS,
                    ..Timers::default()
                },
            });
        }
        commands.push(AdminCmd::Start { first: None });
        self.host_table(None, None, commands)
    }

    /// The referee said something: a text for our guest or another peer, a link to end.
    pub fn on_referee(&mut self, out: Outgoing, now: u64) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        match out {
            Outgoing::Send { to, text } if to == PeerId::LOCAL => {
                let r = h.table.receive(&text, now);
                self.take(r)
            }
            Outgoing::Send { to, text } => match relay_id(&h.links, to) {
                Some(peer) => vec![Effect::Send { peer, text }],
                None => Vec::new(),
            },
            // A kick: the relay keeps that peer out of the room (the close follows while
            // the link is open; a link that ended is still known to the relay).
            Outgoing::Ban { peer: to } => match h.relay_peer(to) {
                Some(peer) if h.room.is_some() => {
                    vec![Effect::Relay(ClientMessage::Kick { peer: peer.0 })]
                }
                _ => Vec::new(),
            },
            // The relay's part of the recovery key, which it hands to the page it
            // promotes if ours goes for good.
            Outgoing::Deposit { part } if h.room.is_some() => {
                vec![Effect::Relay(ClientMessage::Deposit { part })]
            }
            Outgoing::Deposit { .. } => Vec::new(),
            Outgoing::Close { peer: to } => {
                let Some(peer) = relay_id(&h.links, to) else {
                    return Vec::new();
                };
                h.end_link(&peer);
                if let Some(r) = h.room.as_mut() {
                    if let Some(p) = r.peer_mut(&peer) {
                        p.link = Some(LinkState::Closed);
                    }
                    r.watch_mut(&peer).closed();
                }
                vec![Effect::Hangup { peer }]
            }
        }
    }

    /// The referee could not run (its worker failed to start or died): the table is gone.
    pub fn on_referee_failed(&mut self, why: &str) -> Vec<Effect> {
        if !self.hosting() {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr("notice-table-stopped", &[("why", why.into())]));
        effects
    }

    /// Shows what a text from the host said; a guest whose link the host ended goes back
    /// to the first screen.
    pub(super) fn take(&mut self, r: Received) -> Vec<Effect> {
        for n in r.notices {
            self.notify(n);
        }
        if let (Some(code), Phase::Joined(j)) = (r.moved, &mut self.phase) {
            j.room_moved(code);
        }
        let mut effects = self.fair_up(r.fair_out);
        effects.extend(self.want_fair());
        if let Phase::Joined(j) = &self.phase {
            if r.resync {
                effects.push(Effect::Send {
                    peer: j.host.clone(),
                    text: j.table.guest().resync(),
                });
            }
            if r.closed {
                effects.extend(self.leave());
            }
        }
        effects
    }
}
