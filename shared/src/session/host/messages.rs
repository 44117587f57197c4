//! A guest's messages: its hello (a new member, a member back, or one turned away), an
//! input for its seat, a chat line.

use super::{Host, MAX_MEMBERS, Outgoing, Slot, Stored};
use crate::engine::{Input, Seat};
use crate::session::chat::{ChatError, RateLimit, Reaction, clean_chat};
use crate::session::names::{unique_name, validate_name};
use crate::session::protocol::{ChatLine, Fatal, MemberId, PeerId, Phase, Refusal};

impl Host {
    pub(super) fn hello(
        &mut self,
        peer: PeerId,
        name: &str,
        token: Option<&str>,
        watch: bool,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        if let Some(token) = token {
            if self.banned.iter().any(|b| b == token) {
                // Back from another address: that one is kept out too.
                self.dismiss(peer, Fatal::Kicked, true, out);
                return Ok(());
            }
            if let Some(id) = self.members.iter().find(|m| m.token == token).map(|m| m.id) {
                self.attach(peer, id, now, out);
                return Ok(());
            }
            // An unknown token (a table that was restarted, a stale page) joins afresh.
        }
        if self.locked {
            // Closed to newcomers: only a member's own token gets in.
            self.dismiss(peer, Fatal::Locked, false, out);
            return Ok(());
        }
        let name = validate_name(name).map_err(Refusal::Name)?;
        if self.members.len() >= MAX_MEMBERS {
            // Make room by forgetting the watcher who has been away longest (its token
            // then joins afresh); seated members and the host are never forgotten.
            let gone = self
                .members
                .iter()
                .filter(|m| m.seat.is_none() && m.peer.is_none() && m.id != self.host_member)
                .min_by_key(|m| m.away_since)
                .map(|m| m.id);
            self.members.retain(|m| Some(m.id) != gone);
        }
        if self.members.len() >= MAX_MEMBERS {
            self.dismiss(peer, Fatal::TableFull, false, out);
            return Ok(());
        }
        let name = unique_name(&name, self.members.iter().map(|m| m.name.as_str()));
        let seat = if watch || self.phase != Phase::Lobby {
            None
        } else {
            self.seats
                .iter()
                .position(|s| *s == Slot::Open)
                .map(Seat::at)
        };
        let id = self.add_member(name, seat, now);
        if let Some(m) = self.member_mut(id) {
            m.waiting = !watch && seat.is_none();
        }
        self.attach(peer, id, now, out);
        Ok(())
    }

    pub(super) fn intent(
        &mut self,
        id: MemberId,
        (game_no, step): (u32, u64),
        seat: Seat,
        (input, signature): (Input, Option<String>),
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        if self.phase != Phase::Playing || self.game_ref().is_none() {
            return Err(Refusal::NoGame);
        }
        let yours = self
            .member(id)
            .and_then(|m| m.seat)
            .ok_or(Refusal::NotSeated)?;
        if seat != yours {
            return Err(Refusal::NotYourSeat { asked: seat, yours });
        }
        let asked = self
            .clocks
            .get(seat.index())
            .map_or(self.step, |c| c.asked_step);
        // The intent answers the decision now put to the seat only if it was sent for it:
        // this game, and a step no older than the moment the decision was put.
        if game_no != self.game_no || step < asked || step > self.step {
            return Err(Refusal::Stale {
                step,
                now: self.step,
            });
        }
        self.apply(seat, input, signature, now)?;
        self.flush(now, self.phase != Phase::Playing, true, out);
        Ok(())
    }

    pub(super) fn chat(
        &mut self,
        id: MemberId,
        text: &str,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let text = clean_chat(text).map_err(Refusal::Chat)?;
        let m = self.member_mut(id).ok_or(Refusal::NotJoined)?;
        if !m.chat.take(RateLimit::CHAT, now) {
            return Err(Refusal::Chat(ChatError::RateLimited));
        }
        // R10.1: the host stamps the sender from the link; the message names nobody.
        let line = ChatLine {
            from: m.id,
            name: m.name.clone(),
            seat: m.seat,
            text,
            at: now,
        };
        self.push_log(Stored::Chat { line });
        self.flush(now, false, false, out);
        Ok(())
    }

    /// Toggles member `id`'s `reaction` to the chat line at log entry `line` (R10.1): a
    /// line the host no longer keeps, or an entry that is no chat line, is refused.
    pub(super) fn react(
        &mut self,
        id: MemberId,
        line: u64,
        reaction: Reaction,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let index = line
            .checked_sub(self.log_start)
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| matches!(self.log.get(i), Some(Stored::Chat { .. })))
            .ok_or(Refusal::Chat(ChatError::NoSuchLine))?;
        let m = self.member_mut(id).ok_or(Refusal::NotJoined)?;
        if !m.react.take(RateLimit::REACT, now) {
            return Err(Refusal::Chat(ChatError::RateLimited));
        }
        // Whether it is on now: the sender's last toggle of it, after the line.
        let was_on = self.log[index + 1..]
            .iter()
            .rev()
            .find_map(|s| match s {
                Stored::React {
                    line: l,
                    from,
                    reaction: r,
                    on,
                } if *l == line && *from == id && *r == reaction => Some(*on),
                _ => None,
            })
            .unwrap_or(false);
        self.push_log(Stored::React {
            line,
            from: id,
            reaction,
            on: !was_on,
        });
        self.flush(now, false, false, out);
        Ok(())
    }
}
