//! Members and their links, and what each is sent: the table, its own view of the game,
//! the log from where it is.

use super::{Host, Link, Member, Outgoing, Slot, Stored, new_token, send};
use crate::engine::{Pending, Seat};
use crate::session::chat::{Bucket, RateLimit};
use crate::session::protocol::{
    Deadline, DecisionKind, Fatal, GameInfo, MAX_TO_GUEST_BYTES, MemberId, MemberInfo, Note,
    PeerId, Phase, Reveal, SeatInfo, TableInfo, ToGuest, Update, encode,
};
use crate::session::rules;

impl Host {
    pub(super) fn add_member(&mut self, name: String, seat: Option<Seat>, now: u64) -> MemberId {
        let id = MemberId(self.next_member);
        self.next_member += 1;
        let token = new_token(&mut self.rng);
        if let Some(s) = seat
            && let Some(slot) = self.seats.get_mut(s.index())
        {
            *slot = Slot::Person { member: id };
        }
        self.push_log(Stored::Note {
            note: Note::Joined {
                member: id,
                name: name.clone(),
            },
        });
        self.members.push(Member {
            id,
            name,
            token,
            seat,
            peer: None,
            last_link: None,
            away_since: None,
            stand_in: false,
            waiting: false,
            chat: Bucket::new(RateLimit::CHAT, now),
            react: Bucket::new(RateLimit::REACT, now),
        });
        id
    }

    /// Puts member `id` on `peer`'s link (a join or a return), replacing any older link,
    /// and sends it its welcome and the whole state; the others see the table change.
    pub(super) fn attach(&mut self, peer: PeerId, id: MemberId, now: u64, out: &mut Vec<Outgoing>) {
        let table_id = self.table_id;
        let Some(m) = self.member_mut(id) else {
            return;
        };
        let old_peer = m.peer.replace(peer);
        m.last_link = Some(peer);
        let returned = m.away_since.take().is_some();
        m.stand_in = false;
        let welcome = ToGuest::Welcome {
            member: id,
            name: m.name.clone(),
            token: m.token.clone(),
            table_id,
        };
        let name = m.name.clone();
        if let Some(old) = old_peer
            && old != peer
        {
            self.dismiss(old, Fatal::Replaced, false, out);
        }
        if returned {
            self.push_log(Stored::Note {
                note: Note::Returned { member: id, name },
            });
        }
        let link = self.links.entry(peer).or_insert_with(|| Link::new(now));
        link.member = Some(id);
        send(out, peer, &welcome);
        self.sync(peer, None, now, out);
        // The others: the table changed (a member arrived or came back).
        self.flush_except(now, true, false, Some(peer), out);
    }

    pub(crate) fn member(&self, id: MemberId) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    pub(crate) fn member_mut(&mut self, id: MemberId) -> Option<&mut Member> {
        self.members.iter_mut().find(|m| m.id == id)
    }

    /// The seat a member reads the current game as, if any.
    pub(super) fn viewer_of(&self, id: MemberId) -> Option<Seat> {
        self.game_ref()?;
        self.member(id).and_then(|m| m.seat)
    }

    pub(super) fn game_info(&self, id: MemberId) -> Option<GameInfo> {
        let play = self.play.as_ref()?;
        let game = play.rules()?;
        let seat = self.viewer_of(id);
        let mut view = play.view(seat)?;
        // The events travel once, in the log; the guest puts them back into its view.
        view.events.clear();
        let legal = match (seat, self.phase) {
            (Some(s), Phase::Playing) => self
                .clocks
                .get(s.index())
                .map(|c| c.legal.clone())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let mut deadlines: Vec<Deadline> = if self.phase == Phase::Playing {
            self.clocks
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let kind = rules::kind_of(&c.legal)?;
                    let at = self.timer(kind).map(|ms| c.asked_at.saturating_add(ms));
                    Some(Deadline {
                        seat: Seat::at(i),
                        at,
                        kind,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        // A fair room: a seat asked to answer with its own cards holds the table up as a
        // decision does, and every member is told whom the table waits for and until when
        // (R11.1: whose decision is pending is public; what it is asked is its own).
        if self.phase == Phase::Playing {
            let stall = self.fair_stall_deadline();
            for i in 0..self.seats.len() {
                let s = Seat::at(i);
                if self.fair_ask(s).is_some() && !deadlines.iter().any(|d| d.seat == s) {
                    deadlines.push(Deadline {
                        seat: s,
                        at: stall,
                        kind: DecisionKind::Choice,
                    });
                }
            }
        }
        // R11.3: once the game is over, and never before, nothing is hidden any more.
        let over = matches!(game.pending(), Pending::GameOver { .. });
        let reveal = play.hands().filter(|_| over).map(|hands| Reveal {
            dealt: self.dealt.clone(),
            hands: (0..self.seats.len())
                .map(|i| hands.player(Seat::at(i)).hand.cards)
                .collect(),
            claims: (0..hands.claims().len())
                .map(|i| self.truths.get(i).copied().flatten())
                .collect(),
        });
        Some(GameInfo {
            game_no: self.game_no,
            step: self.step,
            seat,
            view,
            legal,
            deadlines,
            reveal,
            ask: seat.and_then(|s| self.fair_ask(s)),
        })
    }

    pub(super) fn table_info(&self) -> TableInfo {
        let playing = self.phase == Phase::Playing;
        let grace = self.timers.grace_ms;
        let info = |m: &Member| MemberInfo {
            id: m.id,
            name: m.name.clone(),
            connected: m.peer.is_some(),
            stand_in_at: m
                .away_since
                .filter(|_| playing && !m.stand_in && m.seat.is_some())
                .map(|since| since.saturating_add(grace)),
        };
        let seats = self
            .seats
            .iter()
            .map(|slot| match slot {
                Slot::Open => SeatInfo::Open,
                Slot::Bot { level, name } => SeatInfo::Bot {
                    level: *level,
                    name: name.clone(),
                },
                Slot::Person { member } => match self.member(*member) {
                    Some(m) => SeatInfo::Person {
                        member: info(m),
                        stand_in: m.stand_in,
                    },
                    None => SeatInfo::Open,
                },
            })
            .collect();
        let watchers = self
            .members
            .iter()
            .filter(|m| m.seat.is_none())
            .map(info)
            .collect();
        TableInfo {
            phase: self.phase,
            seats,
            watchers,
            options: self.options,
            timers: self.timers,
            default_bot: self.default_bot,
            host: self.host_member,
            game_no: self.game_no,
            locked: self.locked,
            fair: self.fair,
        }
    }

    /// Sends `peer` the state again: the table, the game, and the log from `from` (the
    /// next entry it does not hold) when the host still keeps that entry; else the whole
    /// state.
    pub(super) fn sync(
        &mut self,
        peer: PeerId,
        from: Option<u64>,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) {
        let Some(id) = self.links.get(&peer).and_then(|l| l.member) else {
            return;
        };
        let viewer = self.viewer_of(id);
        let end = self.log_end();
        if let Some(from) = from.filter(|n| (self.log_start..=end).contains(n)) {
            let update = Update {
                reset: false,
                host_now: now,
                table: Some(self.table_info()),
                game: self.game_info(id),
                log: self.log_for(from, viewer),
                log_truncated: false,
                more: false,
            };
            out.extend(
                parts(update)
                    .into_iter()
                    .map(|text| Outgoing::Send { to: peer, text }),
            );
            if let Some(link) = self.links.get_mut(&peer) {
                link.next_log = end;
            }
            return;
        }
        let mut log = self.log_for(self.log_start, viewer);
        let full = log.len();
        self.compact_reset_log(&mut log);
        let mut update = Update {
            reset: true,
            host_now: now,
            table: Some(self.table_info()),
            game: self.game_info(id),
            log: Vec::new(),
            log_truncated: log.len() < full,
            more: false,
        };
        // A fair game's records all go (docs/FAIR-DEAL.md, section 8): in parts, each under
        // the data channel's limit, when the whole state is larger than one message.
        if self.fair_game().is_some() {
            update.log = log;
            out.extend(
                parts(update)
                    .into_iter()
                    .map(|text| Outgoing::Send { to: peer, text }),
            );
        } else {
            // Keep the message under the data channel's limit: drop the oldest entries
            // until it fits (the view carries everything the rules need).
            let mut text;
            loop {
                update.log = std::mem::take(&mut log);
                text = encode(&ToGuest::Update(Box::new(update.clone())));
                if text.len() <= MAX_TO_GUEST_BYTES || update.log.is_empty() {
                    break;
                }
                let keep = update.log.len() / 2;
                let drop = update.log.len() - keep;
                log = update.log.split_off(drop);
                update.log_truncated = true;
            }
            out.push(Outgoing::Send { to: peer, text });
        }
        let end = self.log_end();
        if let Some(link) = self.links.get_mut(&peer) {
            link.next_log = end;
        }
    }

    /// Sends every member what changed: the table if `table`, its game view if `game`, and
    /// the log entries it has not had.
    pub(crate) fn flush(&mut self, now: u64, table: bool, game: bool, out: &mut Vec<Outgoing>) {
        self.flush_except(now, table, game, None, out);
    }

    pub(super) fn flush_except(
        &mut self,
        now: u64,
        table: bool,
        game: bool,
        except: Option<PeerId>,
        out: &mut Vec<Outgoing>,
    ) {
        // The copy goes first: a guest that sees a state holds its copy.
        self.keep_copy(now, out);
        let end = self.log_end();
        let table_info = table.then(|| self.table_info());
        let peers: Vec<(PeerId, MemberId, u64)> = self
            .links
            .iter()
            .filter(|(p, _)| Some(**p) != except)
            .filter_map(|(p, l)| l.member.map(|m| (*p, m, l.next_log)))
            .collect();
        for (peer, id, next) in peers {
            let log = self.log_for(next.max(self.log_start), self.viewer_of(id));
            let game_info = if game { self.game_info(id) } else { None };
            if table_info.is_none() && game_info.is_none() && log.is_empty() {
                continue;
            }
            let update = Update {
                reset: false,
                host_now: now,
                table: table_info.clone(),
                game: game_info,
                log,
                log_truncated: false,
                more: false,
            };
            let text = encode(&ToGuest::Update(Box::new(update)));
            if text.len() > MAX_TO_GUEST_BYTES {
                // Too much at once for a data channel (a very long burst of entries): send
                // the whole state instead, which trims the log to fit.
                self.sync(peer, None, now, out);
                continue;
            }
            out.push(Outgoing::Send { to: peer, text });
            if let Some(link) = self.links.get_mut(&peer) {
                link.next_log = end;
            }
        }
    }
}

/// A whole-state update as the texts that carry it, each at most [`MAX_TO_GUEST_BYTES`]:
/// the update itself when it fits; else its table and game with as many of the oldest
/// entries as fit, then the rest of the entries in order, every part but the last marked
/// `more`. An entry is never split.
fn parts(update: Update) -> Vec<String> {
    let whole = encode(&ToGuest::Update(Box::new(update.clone())));
    if whole.len() <= MAX_TO_GUEST_BYTES {
        return vec![whole];
    }
    let Update {
        host_now, mut log, ..
    } = update.clone();
    let mut part = Update {
        log: Vec::new(),
        more: true,
        ..update
    };
    let mut texts = Vec::new();
    let size = |u: &Update| encode(&ToGuest::Update(Box::new(u.clone()))).len();
    // Entry sizes as they add up in a part (the JSON around them counts once).
    let base = size(&part);
    let mut used = base;
    log.reverse();
    while let Some(entry) = log.pop() {
        let add = encode(&entry).len() + 1;
        if used + add > MAX_TO_GUEST_BYTES && !part.log.is_empty() {
            texts.push(encode(&ToGuest::Update(Box::new(part))));
            part = Update {
                reset: false,
                host_now,
                table: None,
                game: None,
                log: Vec::new(),
                log_truncated: false,
                more: true,
            };
            used = size(&part);
        }
        used += add;
        part.log.push(entry);
    }
    part.more = false;
    texts.push(encode(&ToGuest::Update(Box::new(part))));
    texts
}
