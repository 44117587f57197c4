//! Keeping the table across a reload of the host's page: the snapshot, and the checks a
//! stored one must pass before it is trusted.

use serde::{Deserialize, Serialize};

use super::{Host, Outgoing, RestoreError, SNAPSHOT_VERSION, Slot, table_id_of};
use crate::session::fair::engine::FairMaker;
use crate::session::protocol::{LogEntry, PeerId, TableId};

#[derive(Serialize)]
pub(super) struct SnapshotRef<'a> {
    format: u32,
    saved_at: u64,
    host: &'a Host,
}

#[derive(Deserialize)]
pub(super) struct SnapshotOwned {
    format: u32,
    saved_at: u64,
    host: Host,
}

impl Host {
    /// The whole table as JSON, to restore after a reload ([`Host::restore`]). `now` is
    /// recorded so that time left on each decision is kept across the reload.
    pub fn snapshot(&self, now: u64) -> String {
        let snap = SnapshotRef {
            format: SNAPSHOT_VERSION,
            saved_at: now,
            host: self,
        };
        serde_json::to_string(&snap).unwrap_or_default()
    }

    /// Restores a table from [`Host::snapshot`]. Every guest is away until it says hello
    /// again with its token (its grace period starts now); the host's own player is back on
    /// the local link at once, and the returned messages are its resynchronisation.
    /// A snapshot that holds a fair game restores only with a `fair` maker
    /// ([`RestoreError::FairUnavailable`] without one); the host keeps it
    /// ([`Host::set_fair_maker`]).
    pub fn restore(
        snapshot: &str,
        now: u64,
        fair: Option<FairMaker>,
    ) -> Result<(Host, Vec<Outgoing>), RestoreError> {
        let mut host = Host::restored(snapshot, now, fair, &[])?;
        let mut out = Vec::new();
        let id = host.host_member;
        host.attach(PeerId::LOCAL, id, now, &mut out);
        Ok((host, out))
    }

    /// A stored table, checked, with every member away from now: attached to no link.
    /// What a recovery copy left out of it is put back from `relayed` (the fair entries
    /// of the page's own log that takes it over; none for a snapshot of its own).
    pub(super) fn restored(
        snapshot: &str,
        now: u64,
        fair: Option<FairMaker>,
        relayed: &[LogEntry],
    ) -> Result<Host, RestoreError> {
        let SnapshotOwned {
            format,
            saved_at,
            mut host,
        } = serde_json::from_str(snapshot)?;
        if format != SNAPSHOT_VERSION {
            return Err(RestoreError::Version(format));
        }
        host.fair_maker = fair;
        // A table without a game has no use for its bots' memory of the last one (older
        // builds kept it in the lobby, where it could outlive the seats).
        if host.play.is_none() {
            host.remembered.clear();
        }
        // An older snapshot has no table id: the same one the table would have drawn.
        if host.table_id == TableId::default() {
            host.table_id = table_id_of(&host.rng);
        }
        host.put_back_relayed(relayed)?;
        host.replay_fair()?;
        host.check()?;
        // What the end will reveal, from an older snapshot that did not keep it: unknown,
        // never guessed from the hands as they are now.
        let claims = host
            .play
            .as_ref()
            .and_then(|p| p.hands())
            .map_or(0, |g| g.claims().len());
        host.truths.resize(claims, None);
        if host.dealt.len() != host.seats.len() {
            host.dealt.clear();
        }
        for m in &mut host.members {
            m.peer = None;
            m.away_since = Some(now);
            m.stand_in = false;
        }
        // Keep the time each decision had left when the snapshot was taken: the page's
        // clock may have restarted, and the reload itself should cost nobody their turn.
        for c in &mut host.clocks {
            let elapsed = saved_at.saturating_sub(c.asked_at);
            c.asked_at = now.saturating_sub(elapsed);
        }
        host.rebuild_bots();
        Ok(host)
    }

    /// Checks what a snapshot cannot promise by its types.
    pub(super) fn check(&self) -> Result<(), RestoreError> {
        if !(2..=10).contains(&self.seats.len()) {
            return Err(RestoreError::Inconsistent("seat count"));
        }
        if self.member(self.host_member).is_none() {
            return Err(RestoreError::Inconsistent("no host member"));
        }
        // The next deal numbers its game one more (no table deals four billion games).
        if self.game_no == u32::MAX {
            return Err(RestoreError::Inconsistent("game number"));
        }
        if self.game_ref().is_some() && self.clocks.len() != self.seats.len() {
            return Err(RestoreError::Inconsistent("clocks"));
        }
        if self.remembered.len() > self.seats.len()
            || self
                .remembered
                .iter()
                .flatten()
                .any(|m| usize::from(m.players) > crate::engine::MAX_PLAYERS)
        {
            return Err(RestoreError::Inconsistent("remembered"));
        }
        for m in &self.members {
            if let Some(s) = m.seat
                && self.seats.get(s.index()) != Some(&Slot::Person { member: m.id })
            {
                return Err(RestoreError::Inconsistent("member seat"));
            }
        }
        Ok(())
    }
}
