//! [`Guest`]: a player's (or watcher's) side of a table, as a sans-I/O state machine.
//!
//! The page feeds it every text the host sends ([`Guest::receive`]) and asks it for the
//! texts to send ([`Guest::hello`], [`Guest::intent`], [`Guest::chat`], [`Guest::admin`]).
//! It checks what arrives, keeps the latest table, view and log, and turns the host's
//! deadlines into local time so the countdown is the same on every screen.

use serde::{Deserialize, Serialize};

use super::chat::{CHAT_MAX_CHARS, ChatError, Reaction, Tally, clean_chat};
use super::fair::follow::FairFollow;
use super::fair::seat::{FairAnswerError, FairFault, FairKeep, FairSeat};
use super::names::{NAME_MAX_CHARS, is_line_or_control};
use super::protocol::{
    AdminCmd, FairAsk, Fatal, GameInfo, LogEntry, LogItem, MAX_TO_GUEST_BYTES, MemberId, Note,
    Refusal, Reveal, SeatInfo, TableId, TableInfo, ToGuest, ToHost, Update, WireError, decode,
    encode,
};
use super::recovery::{Copy, Held, HeldError};
use crate::engine::{Input, Seat};
use crate::fair::CardAnswer;
use crate::relay::RoomCode;

/// What changed, for the interface to show.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The host accepted our hello: this is who we are (keep the token).
    Welcomed {
        member: MemberId,
        name: String,
        token: String,
    },
    /// Everything was replaced (a join, a return, a new game): redraw from scratch.
    Reset,
    /// The table (seats, options, phase) changed.
    Table,
    /// Our view of the game changed (including what we may play and the deadlines).
    Game,
    /// New log lines (events to animate, chat, notes), oldest first.
    Log(Vec<LogEntry>),
    /// The host refused a message of ours; nothing changed.
    Refused(Refusal),
    /// The host ended the link.
    Closed(Fatal),
    /// The table's room on the relay has a new code: keep it for a reload or a new
    /// connection.
    Moved(RoomCode),
}

/// Why a text from the host was not used. The state is unchanged; ask for a
/// resynchronisation ([`Guest::resync`]) if it persists.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GuestError {
    #[error("{0}")]
    Wire(#[from] WireError),
    #[error("the host sent a game update before welcoming us")]
    NotWelcomed,
    #[error("log entry {got} came after {last}: entries out of order")]
    LogOrder { got: u64, last: u64 },
    #[error("the view is for {got:?}, but we sit at {ours:?}")]
    WrongSeat {
        got: Option<Seat>,
        ours: Option<Seat>,
    },
    #[error("the link is closed: {0}")]
    Closed(Fatal),
    /// An entry no honest host sends (a chat line or a name over the host's own limits).
    #[error("log entry {n} is not one a host sends: {why}")]
    Implausible { n: u64, why: &'static str },
    #[error("the host's account of the game's end does not fit the game: {0}")]
    Reveal(&'static str),
    /// A fair room: a record or answer this page's own tracker refuses (a forged answer
    /// names the seat it was forged for), or a game event the records do not bear out.
    #[error("fair deal, log entry {n}: {fault}")]
    Fair { n: u64, fault: FairFault },
    /// A whole state sent in parts whose parts do not fit together.
    #[error("a whole state in parts: {0}")]
    Parts(&'static str),
    /// A recovery share or copy this page does not keep.
    #[error("recovery: {0}")]
    Recovery(#[from] HeldError),
}

/// Why an intent was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IntentError {
    #[error("there is no game in progress")]
    NoGame,
    #[error("you are watching, not playing")]
    NotSeated,
    #[error("that is not one of your choices now")]
    NotLegal,
}

/// The most log entries a guest keeps (the host keeps a similar window).
pub const MAX_GUEST_LOG: usize = 4_000;

/// The most bytes of log a guest keeps (as [`entry_bytes`] counts them), whatever a host
/// sends: older entries go first. An honest host's 4,000 entries of the longest chat lines
/// would be about 4.5 MiB; this keeps the newest of them.
pub const MAX_GUEST_LOG_BYTES: usize = 2 * 1024 * 1024;

/// One side of a table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Guest {
    name: String,
    token: Option<String>,
    watch: bool,
    member: Option<MemberId>,
    table: Option<TableInfo>,
    game: Option<GameInfo>,
    log: Vec<LogEntry>,
    /// The bytes the log holds, as [`entry_bytes`] counts them.
    #[serde(default)]
    log_bytes: usize,
    log_truncated: bool,
    /// Local time minus host time at the last update: turns host deadlines into local ones.
    offset: i128,
    closed: Option<Fatal>,
    /// The table's random id, from the welcome: every fair game's proofs are bound to it.
    #[serde(default)]
    table_id: Option<TableId>,
    /// The page's fair seat ([`Guest::set_fair`]); not serialized: the page keeps its
    /// [`FairKeep`] in its tab's storage and builds the seat again after a reload.
    #[serde(skip)]
    fair: Option<Box<dyn FairFollow>>,
    /// A whole-state update arriving in parts (`Update::more`), until its last part.
    #[serde(skip)]
    parts: Option<Update>,
    /// The table's recovery copy and this page's share of its key, for a takeover
    /// ([`Guest::takeover`]).
    #[serde(default)]
    held: Held,
}

impl Guest {
    /// A guest that will introduce itself as `name`, with the token of an earlier visit if
    /// it has one (to take its seat back), watching rather than playing if `watch`.
    pub fn new(name: &str, token: Option<String>, watch: bool) -> Guest {
        Guest {
            name: name.to_owned(),
            token,
            watch,
            member: None,
            table: None,
            game: None,
            log: Vec::new(),
            log_bytes: 0,
            log_truncated: false,
            offset: 0,
            closed: None,
            table_id: None,
            fair: None,
            parts: None,
            held: Held::default(),
        }
    }

    /// Makes this page able to play in a fair room (docs/FAIR-DEAL.md): `seed` is 32
    /// fresh random bytes (`crypto.getRandomValues`) on every load, never stored; `keep`
    /// what the page stored of [`Guest::fair_keep`] before a reload. Call it before
    /// [`Guest::hello`]: the seat's game is rebuilt from the next whole-state update.
    pub fn set_fair(&mut self, seed: [u8; 32], keep: Option<FairKeep>) {
        self.fair = Some(Box::new(FairSeat::new(seed, keep)));
    }

    /// [`Guest::set_fair`] with a seat made elsewhere (a browser page makes it in the
    /// module it fetches for fair tables), at any time: a game under way is rebuilt at
    /// once from the log kept. What the seat then owes is in [`Guest::fair_outbox`].
    pub fn seat_fair(&mut self, seat: Box<dyn FairFollow>) -> Result<(), GuestError> {
        self.fair = Some(seat);
        let Some(game) = &self.game else {
            return Ok(());
        };
        let update = Update {
            reset: false,
            host_now: 0,
            table: None,
            game: Some(game.clone()),
            log: Vec::new(),
            log_truncated: false,
            more: false,
        };
        match self.fair_next(&update) {
            Ok(next) => {
                if let Some(next) = next {
                    self.fair = Some(next);
                }
                self.refill_view_events();
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// The page's fair seat: its own cards, its tracker, its audit.
    pub fn fair(&self) -> Option<&dyn FairFollow> {
        self.fair.as_deref()
    }

    /// What the page stores in its tab's storage for a reload (after every call): the
    /// seat's secret for the game. Never sent.
    pub fn fair_keep(&self) -> Option<&FairKeep> {
        self.fair.as_ref()?.keep()
    }

    /// The records this page's own table asks of its seat now, as messages to send
    /// (after every [`Guest::receive`]).
    pub fn fair_outbox(&mut self) -> Vec<String> {
        self.fair.as_mut().map(|f| f.outbox()).unwrap_or_default()
    }

    /// What this seat is asked to answer with its own cards, if anything.
    pub fn fair_ask(&self) -> Option<FairAsk> {
        self.game.as_ref()?.ask
    }

    /// The seat's answer to [`Guest::fair_ask`], signed with its secret.
    pub fn fair_answer(&mut self, answer: CardAnswer) -> Result<String, FairAnswerError> {
        let ask = self.fair_ask();
        self.fair
            .as_mut()
            .ok_or(FairAnswerError::NotAsked)?
            .answer(ask, answer)
    }

    /// The table's random id, once welcomed.
    pub fn table_id(&self) -> Option<TableId> {
        self.table_id
    }

    /// The first message on a new link (and on every reconnection).
    pub fn hello(&self) -> String {
        encode(&ToHost::Hello {
            name: self.name.clone(),
            token: self.token.clone(),
            watch: self.watch,
        })
    }

    /// Asks the host for the state again: from the next log entry this page does not
    /// hold, so the answer carries what is missing (a fair game's whole record is the
    /// bulk of a whole state); the whole state when the page holds no log.
    pub fn resync(&self) -> String {
        let from = match (&self.table, self.log.last()) {
            (Some(_), Some(e)) => Some(e.n + 1),
            _ => None,
        };
        encode(&ToHost::Sync { from })
    }

    /// A link dropped: we are no longer welcomed on it; a new link starts with
    /// [`Guest::hello`]. The table, view and log stay on screen meanwhile.
    pub fn link_lost(&mut self) {
        self.member = None;
        self.parts = None;
    }

    /// Plays `input` for our seat, if it is one of our legal inputs now.
    pub fn intent(&self, input: Input) -> Result<String, IntentError> {
        let game = self.game.as_ref().ok_or(IntentError::NoGame)?;
        let seat = game.seat.ok_or(IntentError::NotSeated)?;
        if !game.legal.contains(&input) {
            return Err(IntentError::NotLegal);
        }
        // A fair room: the seat signs its decision, so the host cannot make one up in its
        // place (docs/FAIR-DEAL.md, section 1).
        let signature = match (&self.fair, self.table.as_ref().is_some_and(|t| t.fair)) {
            (Some(fair), true) => Some(fair.sign_decision(input).ok_or(IntentError::NotLegal)?),
            _ => None,
        };
        Ok(encode(&ToHost::Intent {
            game_no: game.game_no,
            seat,
            step: game.step,
            input,
            signature,
        }))
    }

    /// A chat line, cleaned; the host checks it again.
    pub fn chat(&self, text: &str) -> Result<String, ChatError> {
        Ok(encode(&ToHost::Chat {
            text: clean_chat(text)?,
        }))
    }

    /// Toggles our `reaction` to the chat line at log entry `line`; the host checks the
    /// line.
    pub fn react(&self, line: u64, reaction: Reaction) -> String {
        encode(&ToHost::React { line, reaction })
    }

    /// Who reacted how to the chat lines this guest holds, as the log's toggles leave it.
    /// A toggle of a line it does not hold (one gone from its log) counts for nothing.
    pub fn reactions(&self) -> Tally<MemberId> {
        let mut chat = std::collections::BTreeSet::new();
        let mut tally = Tally::default();
        for e in self.log() {
            match &e.item {
                LogItem::Chat { .. } => {
                    chat.insert(e.n);
                }
                LogItem::React {
                    line,
                    from,
                    reaction,
                    on,
                } if chat.contains(line) => tally.set(*line, *from, *reaction, *on),
                _ => {}
            }
        }
        tally
    }

    /// A host command (the host's own page only; others are refused by the host).
    pub fn admin(&self, cmd: AdminCmd) -> String {
        encode(&ToHost::Admin { cmd })
    }

    /// Reads one text from the host at local time `local_now`.
    pub fn receive(&mut self, text: &str, local_now: u64) -> Result<Vec<GuestEvent>, GuestError> {
        if let Some(fatal) = &self.closed {
            return Err(GuestError::Closed(fatal.clone()));
        }
        let msg: ToGuest = decode(text, MAX_TO_GUEST_BYTES)?;
        match msg {
            ToGuest::Welcome {
                member,
                name,
                token,
                table_id,
            } => {
                self.member = Some(member);
                self.table_id = Some(table_id);
                self.name.clone_from(&name);
                self.token = Some(token.clone());
                Ok(vec![GuestEvent::Welcomed {
                    member,
                    name,
                    token,
                }])
            }
            ToGuest::Update(update) => match self.gather(*update)? {
                Some(whole) => self.update(whole, local_now),
                None => Ok(Vec::new()),
            },
            ToGuest::Refused { refusal } => Ok(vec![GuestEvent::Refused(refusal)]),
            ToGuest::Fatal { fatal } => {
                self.closed = Some(fatal.clone());
                if fatal == Fatal::Kicked {
                    // The token is dead; a later visit starts afresh.
                    self.token = None;
                }
                Ok(vec![GuestEvent::Closed(fatal)])
            }
            ToGuest::Moved { room } => Ok(vec![GuestEvent::Moved(room)]),
            ToGuest::RecoveryShare { share, need } => {
                self.held.take_share(&share, need)?;
                Ok(Vec::new())
            }
            ToGuest::RecoveryCopy { epoch, seq, sealed } => {
                self.held.take_copy(Copy { epoch, seq, sealed })?;
                Ok(Vec::new())
            }
        }
    }

    /// What this page holds for a takeover: the table's recovery copies and its shares.
    pub fn held(&self) -> &Held {
        &self.held
    }

    /// The messages that give this page's recovery shares to the page that takes the
    /// table over, to send on the new link before [`Guest::hello`].
    pub fn recovery_shares(&self) -> Vec<String> {
        self.held
            .shares()
            .map(|s| {
                encode(&ToHost::RecoveryShare {
                    share: super::recovery::encode_share(s),
                })
            })
            .collect()
    }

    /// Gathers the parts of a whole-state update (`Update::more`): `None` while parts are
    /// still to come, the whole update with its last. A part out of turn (a later part
    /// with no first, or a first part with no reset) or parts past what a guest keeps
    /// drop what was gathered and refuse the text; an update not in parts goes through
    /// as it is, and a reset drops any parts gathered before it.
    fn gather(&mut self, u: Update) -> Result<Option<Update>, GuestError> {
        let mut whole = match self.parts.take() {
            None if !u.reset && u.more => return Err(GuestError::Parts("a later part came first")),
            Some(_) | None if u.reset => u,
            None => return Ok(Some(u)),
            Some(mut whole) => {
                if u.table.is_some() || u.game.is_some() {
                    return Err(GuestError::Parts("a later part carries a table or a game"));
                }
                whole.log.extend(u.log);
                whole.host_now = u.host_now;
                whole.more = u.more;
                whole
            }
        };
        if whole.log.iter().map(entry_bytes).sum::<usize>() > MAX_GUEST_LOG_BYTES {
            return Err(GuestError::Parts("the parts are larger than a guest keeps"));
        }
        if whole.more {
            self.parts = Some(whole);
            return Ok(None);
        }
        whole.more = false;
        Ok(Some(whole))
    }

    fn update(&mut self, u: Update, local_now: u64) -> Result<Vec<GuestEvent>, GuestError> {
        let Some(me) = self.member else {
            return Err(GuestError::NotWelcomed);
        };
        // Check everything before changing anything.
        let mut last = if u.reset {
            None
        } else {
            self.log.last().map(|e| e.n)
        };
        for e in &u.log {
            if let Some(l) = last
                && e.n <= l
            {
                return Err(GuestError::LogOrder { got: e.n, last: l });
            }
            last = Some(e.n);
            if let Err(why) = plausible(&e.item) {
                return Err(GuestError::Implausible { n: e.n, why });
            }
            // A reaction follows the line it reacts to.
            if let LogItem::React { line, .. } = e.item
                && line >= e.n
            {
                return Err(GuestError::Implausible {
                    n: e.n,
                    why: "a reaction to a line not yet said",
                });
            }
        }
        let table = u.table.as_ref().or(self.table.as_ref());
        let ours = table.and_then(|t| seat_of(t, me));
        if let Some(g) = &u.game
            && g.seat != ours
            // A watcher keeps the spectator view whatever the seats say.
            && g.seat.is_some()
        {
            return Err(GuestError::WrongSeat { got: g.seat, ours });
        }
        if let Some(g) = &u.game
            && let Some(r) = &g.reveal
        {
            reveal_fits(g, r).map_err(GuestError::Reveal)?;
        }
        let fair = self.fair_next(&u)?;
        let mut events = Vec::new();
        if let Some(next) = fair {
            self.fair = Some(next);
        }
        self.offset = i128::from(local_now) - i128::from(u.host_now);
        if u.reset {
            self.log.clear();
            self.log_bytes = 0;
            self.game = None;
            self.log_truncated = u.log_truncated;
            events.push(GuestEvent::Reset);
        }
        if let Some(t) = u.table {
            self.table = Some(t);
            events.push(GuestEvent::Table);
        }
        if let Some(g) = u.game {
            self.game = Some(g);
            events.push(GuestEvent::Game);
        } else if self
            .table
            .as_ref()
            .is_some_and(|t| t.phase == super::protocol::Phase::Lobby)
        {
            self.game = None;
        }
        if !u.log.is_empty() {
            self.log_bytes += u.log.iter().map(entry_bytes).sum::<usize>();
            self.log.extend(u.log.iter().cloned());
            let mut drop = self.log.len().saturating_sub(MAX_GUEST_LOG);
            // Saturating: a guest restored from an older serialization counts from 0.
            let mut bytes = self
                .log_bytes
                .saturating_sub(self.log[..drop].iter().map(entry_bytes).sum::<usize>());
            while bytes > MAX_GUEST_LOG_BYTES && drop < self.log.len() {
                bytes = bytes.saturating_sub(entry_bytes(&self.log[drop]));
                drop += 1;
            }
            if drop > 0 {
                self.log.drain(..drop);
                self.log_bytes = bytes;
                self.log_truncated = true;
            }
            events.push(GuestEvent::Log(u.log));
        }
        self.refill_view_events();
        Ok(events)
    }

    /// A fair room: the page's fair seat after this update's entries, or `None` when it
    /// has nothing to follow. An entry its tracker refuses refuses the update.
    fn fair_next(&self, u: &Update) -> Result<Option<Box<dyn FairFollow>>, GuestError> {
        let Some(seat) = &self.fair else {
            return Ok(None);
        };
        let table = u.table.as_ref().or(self.table.as_ref());
        let (Some(table_id), true) = (self.table_id, table.is_some_and(|t| t.fair)) else {
            return Ok(None);
        };
        let game = match (&u.game, u.reset) {
            (Some(g), _) => g,
            (None, false) => match &self.game {
                Some(g) => g,
                None => return Ok(None),
            },
            (None, true) => return Ok(None),
        };
        let mut next = seat.box_clone();
        let fail = |(n, fault)| GuestError::Fair { n, fault };
        if u.reset || next.game_no() != Some(game.game_no) {
            let seat = game.seat;
            let (players, options) = (game.view.players.len(), game.view.options);
            next.start(table_id, game.game_no, players, options, seat)
                .map_err(|fault| fail((0, fault)))?;
            if !u.reset {
                next.take(&self.log).map_err(fail)?;
            }
        }
        next.take(&u.log).map_err(fail)?;
        Ok(Some(next))
    }

    /// The host sends a view without its events (they travel in the log): put back the
    /// current game's events, redacted for us as the log has them, so [`Guest::game`]'s
    /// view is the engine's view of our seat.
    fn refill_view_events(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        game.view.events = self
            .log
            .iter()
            .filter_map(|e| match &e.item {
                LogItem::Event { game_no, event } if *game_no == game.game_no => Some(*event),
                _ => None,
            })
            .collect();
        // A fair room's view is the spectator's: the seat's own cards are the page's to
        // read, with its secret.
        if let (Some(seat), Some(fair)) = (game.seat, &self.fair)
            && fair.following()
            && let Some(p) = game.view.players.get_mut(seat.index())
        {
            for (i, (_, card, up)) in fair.hand().into_iter().enumerate().take(2) {
                if !up && card.is_some() {
                    p.hand.cards[i] = card;
                }
            }
            game.view.viewer = Some(seat);
        }
        // R11.3 at a fair table: the host knows no card, so each page reads the end's
        // hands and the claims' truth from the record once every secret is in.
        if let Some(fair) = &self.fair
            && game.reveal.is_none()
            && fair.game_no() == Some(game.game_no)
            && matches!(game.view.pending, crate::engine::Pending::GameOver { .. })
            && let Some(end) = fair.end_cards()
            && end.hands.len() == game.view.players.len()
            && end.claims.len() == game.view.claims.len()
        {
            game.reveal = Some(Reveal {
                dealt: end.dealt,
                hands: end.hands,
                claims: end.claims.into_iter().map(Some).collect(),
            });
        }
    }

    /// Who we are at this table, once welcomed.
    pub fn member(&self) -> Option<MemberId> {
        self.member
    }

    /// The token to keep (local storage) to take our place back later.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// Our name as the host accepted it (it may have added a number).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The table as last sent.
    pub fn table(&self) -> Option<&TableInfo> {
        self.table.as_ref()
    }

    /// Our view of the game, what we may play, and the deadlines.
    pub fn game(&self) -> Option<&GameInfo> {
        self.game.as_ref()
    }

    /// Our seat, if we play. While the link is down the game's view still says which seat
    /// is ours (the table on screen keeps showing our own cards as ours).
    pub fn seat(&self) -> Option<Seat> {
        self.table
            .as_ref()
            .zip(self.member)
            .and_then(|(t, m)| seat_of(t, m))
            .or_else(|| self.game.as_ref()?.seat)
    }

    /// The table log: public events, our private ones, chat and notes.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Whether older log entries were left out.
    pub fn log_truncated(&self) -> bool {
        self.log_truncated
    }

    /// Why the host closed the link, if it did.
    pub fn closed(&self) -> Option<&Fatal> {
        self.closed.as_ref()
    }

    /// Host time `host_ms` on this page's clock, as of the last update.
    pub fn local_time(&self, host_ms: u64) -> u64 {
        u64::try_from((i128::from(host_ms) + self.offset).max(0)).unwrap_or(u64::MAX)
    }

    /// Milliseconds left on `seat`'s decision at local time `local_now`; `None` when it
    /// owes nothing or has no timer.
    pub fn time_left(&self, seat: Seat, local_now: u64) -> Option<u64> {
        let d = self
            .game
            .as_ref()?
            .deadlines
            .iter()
            .find(|d| d.seat == seat)?;
        let local_deadline = i128::from(d.at?) + self.offset;
        Some(u64::try_from((local_deadline - i128::from(local_now)).max(0)).unwrap_or(0))
    }
}

/// Whether what the host revealed at the end (R11.3) fits the game as we saw it: only
/// after the end, one hand per seat, one truth per claim, the cards we saw where we saw
/// them, and a claim a challenge settled as it was settled.
fn reveal_fits(g: &GameInfo, r: &Reveal) -> Result<(), &'static str> {
    use crate::engine::{Outcome, Pending};
    let v = &g.view;
    if !matches!(v.pending, Pending::GameOver { .. }) {
        return Err("revealed before the game is over");
    }
    let n = v.players.len();
    if r.hands.len() != n || !(r.dealt.is_empty() || r.dealt.len() == n) {
        return Err("not one hand per seat");
    }
    if r.claims.len() != v.claims.len() {
        return Err("not one truth per claim");
    }
    for (p, hand) in v.players.iter().zip(&r.hands) {
        for (seen, told) in p.hand.cards.iter().zip(hand) {
            if seen.is_some_and(|c| c != *told) {
                return Err("a card we saw is told otherwise");
            }
        }
    }
    for (c, truth) in v.claims.iter().zip(&r.claims) {
        let settled = match c.outcome {
            Outcome::Shown => Some(true),
            Outcome::Lost => Some(false),
            Outcome::Pending | Outcome::Unchallenged => None,
        };
        if settled.is_some() && truth.is_some() && settled != *truth {
            return Err("a challenged claim is told otherwise");
        }
    }
    Ok(())
}

/// What one log entry costs a guest, in bytes: its texts and a fixed allowance for the
/// rest (an event or a note is a few small numbers).
pub fn entry_bytes(entry: &LogEntry) -> usize {
    const FIXED: usize = 96;
    FIXED
        + match &entry.item {
            LogItem::Chat { line } => line.name.len() + line.text.len(),
            LogItem::Note { note } => note_name(note).or(note_reason(note)).map_or(0, str::len),
            LogItem::Event { .. } | LogItem::React { .. } => 0,
            LogItem::Fair { record: text, .. } | LogItem::FairAnswer { answer: text, .. } => {
                text.len()
            }
            LogItem::FairDecision { signature, .. } => signature.as_ref().map_or(0, String::len),
        }
}

fn note_name(note: &Note) -> Option<&str> {
    match note {
        Note::Joined { name, .. }
        | Note::Left { name, .. }
        | Note::Returned { name, .. }
        | Note::Kicked { name, .. } => Some(name),
        _ => None,
    }
}

/// Why a fair game stopped or a seat forfeited: the host's words, from its own errors.
fn note_reason(note: &Note) -> Option<&str> {
    match note {
        Note::FairFault { reason, .. } | Note::FairRefused { reason, .. } => Some(reason),
        _ => None,
    }
}

/// The longest reason an honest host gives in a note (its errors' texts are far shorter).
const MAX_REASON_CHARS: usize = 300;

/// Whether an honest host could have sent this entry: its texts within the host's own
/// limits (a chat line as [`clean_chat`] leaves it, a name as the name rules allow).
fn plausible(item: &LogItem) -> Result<(), &'static str> {
    // A name the host made unique may carry a suffix, and stays within the limit.
    let name_ok = |name: &str| {
        let n = name.chars().count();
        (1..=NAME_MAX_CHARS).contains(&n) && !name.chars().any(is_line_or_control)
    };
    match item {
        LogItem::Chat { line } => {
            if !name_ok(&line.name) {
                return Err("a chat line's name is over the name rules");
            }
            let n = line.text.chars().count();
            if n == 0 || n > CHAT_MAX_CHARS || line.text.chars().any(is_line_or_control) {
                return Err("a chat line is over the host's limit");
            }
            Ok(())
        }
        LogItem::Note { note } => match (note_name(note), note_reason(note)) {
            (Some(name), _) if !name_ok(name) => Err("a note's name is over the name rules"),
            (_, Some(why)) if why.chars().count() > MAX_REASON_CHARS => {
                Err("a note's reason is longer than any the host gives")
            }
            _ => Ok(()),
        },
        LogItem::Event { .. } | LogItem::React { .. } => Ok(()),
        // The longest record or signed answer, in base64url.
        LogItem::Fair { record, .. } if record.len() > MAX_FAIR_ENTRY => {
            Err("a fair record is longer than any record")
        }
        LogItem::FairAnswer { answer, .. } if answer.len() > MAX_FAIR_ENTRY => {
            Err("a fair answer is longer than any answer")
        }
        LogItem::FairDecision {
            signature: Some(s), ..
        } if s.len() != SIGNATURE_CHARS => Err("a fair decision's signature is not one"),
        LogItem::Fair { .. } | LogItem::FairAnswer { .. } | LogItem::FairDecision { .. } => Ok(()),
    }
}

/// A signature (two scalars, 64 bytes) in base64url without padding.
const SIGNATURE_CHARS: usize = 86;

/// The longest record in base64url (a shuffle of the largest deck).
const MAX_FAIR_ENTRY: usize = crate::fair::ledger::MAX_RECORD_BYTES.div_ceil(3) * 4;

fn seat_of(table: &TableInfo, member: MemberId) -> Option<Seat> {
    table
        .seats
        .iter()
        .position(|s| matches!(s, SeatInfo::Person { member: m, .. } if m.id == member))
        .map(Seat::at)
}
