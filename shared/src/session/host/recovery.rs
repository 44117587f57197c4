//! The table's recovery copy, kept with the guests ([`crate::session::recovery`]), and the
//! table taken over from one when the host's page is gone for good.
//!
//! With handover on ([`Host::set_handover`]), after every change the host seals its
//! snapshot and sends it to every guest on a link, before the update that shows the
//! change (so a guest that saw a state holds its copy). The key is dealt afresh whenever
//! the guests on links change: a share to each, and the relay's part as a
//! [`Outgoing::Deposit`] for the transport to give the relay.
//!
//! A fair game's records, answers and decisions are most of a fair table's state, and
//! every guest holds them already: the stream it was sent, which its own replica of the
//! referee checked. A copy leaves out each one every holder was sent ([`Stored::Relayed`]
//! in its log, [`Call::Logged`] in the referee's calls), and the page that takes the table
//! over puts them back from its own log before it replays the referee.

use std::collections::{HashMap, VecDeque};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::keeper::Keeper;
use super::play::Play;
use super::{FairMaker, Host, MemberId, Outgoing, PeerId, RestoreError, Stored, send};
use crate::engine::{Input, Seat};
use crate::session::fair::game::Call;
use crate::session::protocol::{LogEntry, LogItem, MAX_TO_GUEST_BYTES, Note, ToGuest, encode};
use crate::session::recovery::{self, encode_deposit, encode_share};

/// A fair record, answer or decision as the log and the calls both hold it.
#[derive(Hash, PartialEq, Eq)]
enum Relayed<'a> {
    Record(&'a str),
    Answer(&'a str),
    Decision(Seat, Input, Option<&'a str>),
}

/// The most chat lines and notes of earlier games a recovery copy keeps.
const COPY_EARLIER_ENTRIES: usize = 100;

impl Host {
    /// Keeps a recovery copy of the table with its guests (the room was opened with the
    /// relay's handover), or stops. `seed`: 32 bytes from a cryptographic RNG, which the
    /// recovery keys are drawn from.
    pub fn set_handover(&mut self, seed: Option<[u8; 32]>) {
        self.keeper = seed.map(Keeper::new);
    }

    /// Whether the table keeps a recovery copy.
    pub fn handover(&self) -> bool {
        self.keeper.is_some()
    }

    /// Seals the table as it is now and sends it to every guest on a link; first deals
    /// a new key if the guests on links changed.
    pub(super) fn keep_copy(&mut self, now: u64, out: &mut Vec<Outgoing>) {
        if self.keeper.is_none() {
            return;
        }
        let holders: Vec<(PeerId, MemberId)> = self
            .links
            .iter()
            .filter(|(p, _)| **p != PeerId::LOCAL)
            .filter_map(|(p, l)| l.member.map(|m| (*p, m)))
            .take(recovery::MAX_HOLDERS)
            .collect();
        if holders.is_empty() {
            return;
        }
        // What every holder was sent: a copy need not carry it.
        let sent_to_all = holders
            .iter()
            .filter_map(|(p, _)| self.links.get(p).map(|l| l.next_log))
            .min()
            .unwrap_or(0);
        let snapshot = self.recovery_snapshot(now, sent_to_all);
        let table = self.table_id.0;
        let Some(keeper) = self.keeper.as_mut() else {
            return;
        };
        if keeper.holders != holders || keeper.seq == 0 {
            let epoch = keeper.epoch.wrapping_add(1);
            let Some(dealt) = recovery::deal(&mut keeper.rng, epoch, holders.len()) else {
                return;
            };
            keeper.epoch = epoch;
            keeper.seq = 0;
            keeper.key = dealt.key;
            let need = recovery::threshold(holders.len()) as u8;
            for ((peer, _), share) in holders.iter().zip(&dealt.shares) {
                let share = encode_share(share);
                send(out, *peer, &ToGuest::RecoveryShare { share, need });
            }
            out.push(Outgoing::Deposit {
                part: encode_deposit(epoch, &dealt.relay_part),
            });
            keeper.holders = holders;
        }
        keeper.seq += 1;
        let sealed = recovery::seal(&keeper.key, &table, keeper.epoch, keeper.seq, &snapshot);
        let copy = encode(&ToGuest::RecoveryCopy {
            epoch: keeper.epoch,
            seq: keeper.seq,
            sealed,
        });
        // A copy that a data channel cannot carry is not sent: the guests keep the last
        // one, and a takeover goes on from there (what came after is asked again).
        if copy.len() > MAX_TO_GUEST_BYTES {
            return;
        }
        for (peer, _) in &keeper.holders {
            out.push(Outgoing::Send {
                to: *peer,
                text: copy.clone(),
            });
        }
    }

    /// The snapshot a recovery copy seals: the table whole, its log from the current
    /// game's deal on (what a guest's reset needs), and before it the last
    /// [`COPY_EARLIER_ENTRIES`] chat lines and notes; but of a fair game's records,
    /// answers and decisions, those numbered below `sent_to_all` (which every holder was
    /// sent) are left out ([`Host::leave_out_relayed`]).
    fn recovery_snapshot(&mut self, now: u64, sent_to_all: u64) -> String {
        let start = self
            .log
            .iter()
            .rposition(|e| {
                matches!(
                    e,
                    Stored::Note {
                        note: Note::GameStarted { .. }
                    }
                )
            })
            .unwrap_or(self.log.len());
        let whole = std::mem::take(&mut self.log);
        let earlier: Vec<usize> = (0..start)
            .filter(|&i| matches!(whole[i], Stored::Chat { .. } | Stored::Note { .. }))
            .collect();
        let earlier = &earlier[earlier.len().saturating_sub(COPY_EARLIER_ENTRIES)..];
        self.log = earlier
            .iter()
            .map(|&i| whole[i].clone())
            .chain(whole[start..].iter().cloned())
            .collect();
        let log_start = self.log_start;
        // Numbered so that the current game's entries keep their numbers.
        self.log_start = (log_start + start as u64).saturating_sub(earlier.len() as u64);
        let calls = self.leave_out_relayed(sent_to_all);
        let snapshot = self.snapshot(now);
        if let (Some(calls), Some(fg)) = (calls, self.play.as_mut().and_then(Play::fair_mut)) {
            fg.calls = calls;
        }
        self.log_start = log_start;
        self.log = whole;
        snapshot
    }

    /// In the log a copy seals (`recovery_snapshot`'s), each record, answer and decision
    /// of the game under way or just over numbered below `below` becomes
    /// [`Stored::Relayed`]; in the fair game's calls, each that one of them holds word for
    /// word becomes [`Call::Logged`] (what no guest was sent, a window's sealed
    /// decisions, stays as it is). Returns the calls as they were, to put back once the
    /// copy is sealed. Those of a game put away stay whole: a guest's whole state keeps
    /// them only within its budget for older entries.
    fn leave_out_relayed(&mut self, below: u64) -> Option<Vec<Call>> {
        let log_start = self.log_start;
        let held = |i: usize| log_start + i as u64;
        let current = self.game_ref().map(|_| self.game_no);
        let calls = match self.play.as_mut().and_then(Play::fair_mut) {
            Some(fg) => {
                let mut at: HashMap<Relayed<'_>, VecDeque<u64>> = HashMap::new();
                for (i, stored) in self.log.iter().enumerate() {
                    if held(i) >= below {
                        break;
                    }
                    let key = match stored {
                        Stored::Fair { game_no, .. }
                        | Stored::FairAnswer { game_no, .. }
                        | Stored::FairDecision { game_no, .. }
                            if Some(*game_no) != current =>
                        {
                            continue;
                        }
                        Stored::Fair { record, .. } => Relayed::Record(record),
                        Stored::FairAnswer { answer, .. } => Relayed::Answer(answer),
                        Stored::FairDecision {
                            seat,
                            input,
                            signature,
                            ..
                        } => Relayed::Decision(*seat, *input, signature.as_deref()),
                        _ => continue,
                    };
                    at.entry(key).or_default().push_back(held(i));
                }
                let left_out: Vec<Call> = fg
                    .calls
                    .iter()
                    .map(|call| {
                        let key = match call {
                            Call::Record(text) => Relayed::Record(text),
                            Call::Answer(text) => Relayed::Answer(text),
                            Call::Decision {
                                seat,
                                input,
                                signature,
                            } => Relayed::Decision(*seat, *input, signature.as_deref()),
                            Call::Leave(_) | Call::Logged(_) => return call.clone(),
                        };
                        match at.get_mut(&key).and_then(VecDeque::pop_front) {
                            Some(n) => Call::Logged(n),
                            None => call.clone(),
                        }
                    })
                    .collect();
                Some(std::mem::replace(&mut fg.calls, left_out))
            }
            None => None,
        };
        for (i, stored) in self.log.iter_mut().enumerate() {
            if held(i) >= below {
                break;
            }
            if let Stored::Fair { game_no, .. }
            | Stored::FairAnswer { game_no, .. }
            | Stored::FairDecision { game_no, .. } = *stored
                && Some(game_no) == current
            {
                *stored = Stored::Relayed { game_no };
            }
        }
        calls
    }

    /// Puts back what a recovery copy left out ([`Host::leave_out_relayed`]) from
    /// `relayed`, the fair entries of the log of the page that takes the table over, by
    /// number: each [`Stored::Relayed`] from the entry of its number (a record, answer or
    /// decision of the same game), then each [`Call::Logged`] from the log. The referee's
    /// replay then checks every record again, as from any snapshot; an entry this page
    /// lacks, or of another kind, fails the takeover.
    pub(super) fn put_back_relayed(&mut self, relayed: &[LogEntry]) -> Result<(), RestoreError> {
        let log_start = self.log_start;
        for (i, stored) in self.log.iter_mut().enumerate() {
            let Stored::Relayed { game_no } = *stored else {
                continue;
            };
            let n = log_start + i as u64;
            let entry = relayed
                .binary_search_by_key(&n, |e| e.n)
                .ok()
                .map(|k| &relayed[k].item);
            *stored = match entry {
                Some(LogItem::Fair { game_no: g, record }) if *g == game_no => Stored::Fair {
                    game_no,
                    record: record.clone(),
                },
                Some(LogItem::FairAnswer { game_no: g, answer }) if *g == game_no => {
                    Stored::FairAnswer {
                        game_no,
                        answer: answer.clone(),
                    }
                }
                Some(LogItem::FairDecision {
                    game_no: g,
                    seat,
                    input,
                    signature,
                }) if *g == game_no => Stored::FairDecision {
                    game_no,
                    seat: *seat,
                    input: *input,
                    signature: signature.clone(),
                },
                _ => {
                    return Err(RestoreError::Inconsistent(
                        "a fair record the copy left out is not in this page's log",
                    ));
                }
            };
        }
        let Some(fg) = self.play.as_mut().and_then(Play::fair_mut) else {
            return Ok(());
        };
        for call in &mut fg.calls {
            let Call::Logged(n) = *call else {
                continue;
            };
            let stored = n
                .checked_sub(log_start)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| self.log.get(i));
            *call = match stored {
                Some(Stored::Fair { record, .. }) => Call::Record(record.clone()),
                Some(Stored::FairAnswer { answer, .. }) => Call::Answer(answer.clone()),
                Some(Stored::FairDecision {
                    seat,
                    input,
                    signature,
                    ..
                }) => Call::Decision {
                    seat: *seat,
                    input: *input,
                    signature: signature.clone(),
                },
                _ => {
                    return Err(RestoreError::Inconsistent(
                        "a call of the fair game names no record of its log",
                    ));
                }
            };
        }
        Ok(())
    }

    /// The table from a recovery copy's snapshot, on the page of the member whose seat
    /// token is `token`, which the relay made the host: that member becomes the host's
    /// own player on [`PeerId::LOCAL`], and the one whose page left is away, at once past
    /// its grace period (its stand-in plays its seat until it comes back; at a fair table
    /// it leaves the game as any seat past its grace does). Every draw from here on comes
    /// from `seed` (32 bytes from this page's cryptographic RNG): the departed page knew
    /// the old one. `relayed`: the fair records, answers and decisions of this page's own
    /// log (`takeover::relayed_entries`), which put back what the copy left out. Returns
    /// the messages for the local guest.
    pub fn take_over(
        snapshot: &str,
        token: &str,
        seed: [u8; 32],
        now: u64,
        fair: Option<FairMaker>,
        relayed: &[LogEntry],
    ) -> Result<(Host, Vec<Outgoing>), RestoreError> {
        let mut host = Host::restored(snapshot, now, fair, relayed)?;
        let to =
            host.members
                .iter()
                .find(|m| m.token == token)
                .ok_or(RestoreError::Inconsistent(
                    "no member holds this page's token",
                ))?;
        let (to, to_name) = (to.id, to.name.clone());
        let from = host.host_member;
        let from_name = host
            .member(from)
            .map(|m| m.name.clone())
            .unwrap_or_default();
        host.rng = ChaCha8Rng::from_seed(seed);
        let mut keys = [0u8; 32];
        host.rng.fill_bytes(&mut keys);
        host.keeper = Some(Keeper::new(keys));
        host.host_member = to;
        // The relay found the page gone for good: no grace to wait out.
        let grace = host.timers.grace_ms;
        if let Some(m) = host.member_mut(from) {
            m.away_since = Some(now.saturating_sub(grace));
        }
        host.push_log(Stored::Note {
            note: Note::HostMoved {
                from,
                from_name,
                to,
                to_name,
            },
        });
        let mut out = Vec::new();
        host.attach(PeerId::LOCAL, to, now, &mut out);
        Ok((host, out))
    }
}
