//! The table's recovery copy, kept with the guests ([`crate::session::recovery`]), and the
//! table taken over from one when the host's page is gone for good.
//!
//! With handover on ([`Host::set_handover`]), after every change the host seals its
//! snapshot and sends it to every guest on a link, before the update that shows the
//! change (so a guest that saw a state holds its copy). The key is dealt afresh whenever
//! the guests on links change: a share to each, and the relay's part as a
//! [`Outgoing::Deposit`] for the transport to give the relay.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::keeper::Keeper;
use super::{FairMaker, Host, MemberId, Outgoing, PeerId, RestoreError, Stored, send};
use crate::session::protocol::{MAX_TO_GUEST_BYTES, Note, ToGuest, encode};
use crate::session::recovery::{self, encode_deposit, encode_share};

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
        let snapshot = self.recovery_snapshot(now);
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
    /// game's deal on (what a guest's reset needs; a fair game's records all of them),
    /// and before it the last [`COPY_EARLIER_ENTRIES`] chat lines and notes.
    fn recovery_snapshot(&mut self, now: u64) -> String {
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
        let snapshot = self.snapshot(now);
        self.log_start = log_start;
        self.log = whole;
        snapshot
    }

    /// The table from a recovery copy's snapshot, on the page of the member whose seat
    /// token is `token`, which the relay made the host: that member becomes the host's
    /// own player on [`PeerId::LOCAL`], and the one whose page left is away, at once past
    /// its grace period (its stand-in plays its seat until it comes back; at a fair table
    /// it leaves the game as any seat past its grace does). Every draw from here on comes
    /// from `seed` (32 bytes from this page's cryptographic RNG): the departed page knew
    /// the old one. Returns the messages for the local guest.
    pub fn take_over(
        snapshot: &str,
        token: &str,
        seed: [u8; 32],
        now: u64,
        fair: Option<FairMaker>,
    ) -> Result<(Host, Vec<Outgoing>), RestoreError> {
        let mut host = Host::restored(snapshot, now, fair)?;
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
