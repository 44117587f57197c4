//! [`Takeover`]: a guest's page that the relay made the host, until the table's recovery
//! copy opens ([`crate::session::recovery`]) and it runs the table as [`Host`].
//!
//! The page starts one from its own [`Guest`] and the relay's part of the key
//! ([`Guest`]'s copy of the relay's epoch, and its own share). The other guests connect to
//! it as to any host and send their shares ([`Guest::recovery_shares`]) before their
//! hello. Each link's messages are kept (bounded) until the copy opens; then the table is
//! [`Host::take_over`]n and they are handled in the order they came, so nobody says hello
//! twice. A fair table's copy leaves out the records, answers and decisions every guest
//! was sent: the page puts them back from its own log ([`relayed_entries`]).

use std::collections::BTreeMap;

use super::fair::engine::FairMaker;
use super::guest::Guest;
use super::host::{Host, Outgoing, RestoreError};
use super::protocol::{LogEntry, LogItem, MAX_FAIR_TO_HOST_BYTES, PeerId, TableId, ToHost, decode};
use super::recovery::{
    self, Bytes32, Copy, OpenError, Share, decode_deposit, decode_share, encode_share,
};

/// The most messages a link's page may send before the table is open.
pub const MAX_WAITING_PER_LINK: usize = 8;

/// Why a takeover could not start or finish.
#[derive(Debug, thiserror::Error)]
pub enum TakeoverError {
    #[error("the relay's part of the recovery key is not readable")]
    BadDeposit,
    #[error("this page holds no recovery copy of epoch {0}, or no share of its key")]
    NoCopy(u32),
    #[error("this page was never welcomed at the table")]
    NotWelcomed,
    #[error("the copy does not open: {0}")]
    Open(OpenError),
    #[error("the copy does not hold this table: {0}")]
    Restore(#[from] RestoreError),
    #[error("the copy holds another table")]
    OtherTable,
}

/// The epoch of the relay's `deposit` (`epoch.part`); `None` if it is not of that form.
pub fn deposit_epoch(deposit: &str) -> Option<u32> {
    deposit.split_once('.')?.0.parse().ok()
}

/// The fair records, answers and decisions of `guest`'s log, which put back what its
/// table's recovery copy left out ([`Host::take_over`]).
pub fn relayed_entries(guest: &Guest) -> Vec<LogEntry> {
    guest
        .log()
        .iter()
        .filter(|e| {
            matches!(
                e.item,
                LogItem::Fair { .. } | LogItem::FairAnswer { .. } | LogItem::FairDecision { .. }
            )
        })
        .cloned()
        .collect()
}

/// A table being taken over.
pub struct Takeover {
    table: TableId,
    token: String,
    copy: Copy,
    relay_part: Bytes32,
    need: usize,
    /// The shares gathered, this page's first; one per link.
    shares: Vec<Share>,
    from: BTreeMap<PeerId, usize>,
    /// Each link's messages in the order they came, and the order the links came in.
    waiting: Vec<(PeerId, Vec<String>)>,
    /// This page's fair entries, for what the copy left out.
    relayed: Vec<LogEntry>,
}

impl Takeover {
    /// Starts from this page's guest and the relay's `deposit` (`epoch.part`, as the host
    /// gave it the relay).
    pub fn new(guest: &Guest, deposit: &str) -> Result<Takeover, TakeoverError> {
        let epoch = deposit_epoch(deposit).ok_or(TakeoverError::BadDeposit)?;
        let (copy, share, need) = guest
            .held()
            .for_epoch(epoch)
            .ok_or(TakeoverError::NoCopy(epoch))?;
        let (Some(table), Some(token)) = (guest.table_id(), guest.token()) else {
            return Err(TakeoverError::NotWelcomed);
        };
        let need = u8::try_from(need).map_err(|_| TakeoverError::NoCopy(epoch))?;
        let share = encode_share(share);
        let relayed = relayed_entries(guest);
        Takeover::from_parts(table, token, copy.clone(), &share, need, deposit, relayed)
    }

    /// [`Takeover::new`] from the guest's parts as they cross to where the table will run
    /// (the referee's worker): its table's id, its token, the copy it holds of the
    /// deposit's epoch, its share of that copy's key (as [`encode_share`] writes it), how
    /// many shares open it, and its log's fair entries ([`relayed_entries`]).
    pub fn from_parts(
        table: TableId,
        token: &str,
        copy: Copy,
        share: &str,
        need: u8,
        deposit: &str,
        relayed: Vec<LogEntry>,
    ) -> Result<Takeover, TakeoverError> {
        let (epoch, relay_part) = decode_deposit(deposit).ok_or(TakeoverError::BadDeposit)?;
        let share = decode_share(share).ok_or(TakeoverError::NoCopy(epoch))?;
        let need = usize::from(need);
        if copy.epoch != epoch
            || share.epoch != epoch
            || !(1..=recovery::MAX_HOLDERS).contains(&need)
        {
            return Err(TakeoverError::NoCopy(epoch));
        }
        if token.is_empty() {
            return Err(TakeoverError::NotWelcomed);
        }
        Ok(Takeover {
            table,
            token: token.to_owned(),
            copy,
            relay_part,
            need,
            shares: vec![share],
            from: BTreeMap::new(),
            waiting: Vec::new(),
            relayed,
        })
    }

    /// How many shares open the copy, and how many are here.
    pub fn shares(&self) -> (usize, usize) {
        (self.shares.len(), self.need)
    }

    /// A link opened.
    pub fn connect(&mut self, peer: PeerId) {
        self.disconnect(peer);
        self.waiting.push((peer, Vec::new()));
    }

    /// A link closed: what it sent is dropped, its share kept (it was given).
    pub fn disconnect(&mut self, peer: PeerId) {
        self.waiting.retain(|(p, _)| *p != peer);
    }

    /// A message from `peer`'s link: a recovery share is taken (one per link, of the
    /// copy's epoch), anything else kept for the table once it is open (at most
    /// [`MAX_WAITING_PER_LINK`] a link, each as large as a host takes). What is not
    /// kept is dropped: the table is not open to refuse it.
    pub fn handle(&mut self, peer: PeerId, text: &str) {
        if !self.waiting.iter().any(|(p, _)| *p == peer) {
            self.connect(peer);
        }
        match decode::<ToHost>(text, MAX_FAIR_TO_HOST_BYTES) {
            Ok(ToHost::RecoveryShare { share }) => {
                let Some(share) = decode_share(&share) else {
                    return;
                };
                if share.epoch != self.copy.epoch
                    || self.from.contains_key(&peer)
                    || self.shares.len() >= recovery::MAX_HOLDERS
                {
                    return;
                }
                self.from.insert(peer, self.shares.len());
                self.shares.push(share);
            }
            Ok(_) => {
                if let Some((_, texts)) = self.waiting.iter_mut().find(|(p, _)| *p == peer)
                    && texts.len() < MAX_WAITING_PER_LINK
                {
                    texts.push(text.to_owned());
                }
            }
            Err(_) => {}
        }
    }

    /// Opens the table if the shares gathered open the copy: the host, and what it sends
    /// (the local guest's reset, and its answers to what each link sent meanwhile).
    /// `Ok(None)` while too few shares (or only false ones) are here. `seed`: 32 bytes
    /// from this page's cryptographic RNG.
    pub fn open(
        &mut self,
        now: u64,
        seed: [u8; 32],
        fair: Option<FairMaker>,
    ) -> Result<Option<(Host, Vec<Outgoing>)>, TakeoverError> {
        let table = self.table.0;
        let snapshot = match recovery::open(
            &self.copy,
            &table,
            &self.relay_part,
            &self.shares,
            self.need,
        ) {
            Ok(s) => s,
            Err(OpenError::TooFewShares { .. } | OpenError::NoSetOpens) => return Ok(None),
            Err(e) => return Err(TakeoverError::Open(e)),
        };
        let (mut host, mut out) =
            Host::take_over(&snapshot, &self.token, seed, now, fair, &self.relayed)?;
        if host.table_id() != self.table {
            return Err(TakeoverError::OtherTable);
        }
        for (peer, texts) in std::mem::take(&mut self.waiting) {
            out.extend(host.connect(peer, now));
            for text in texts {
                out.extend(host.handle(peer, &text, now));
            }
        }
        Ok(Some((host, out)))
    }
}
