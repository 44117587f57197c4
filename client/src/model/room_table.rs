//! The game of a room, played over the data channels with `shared::session`'s protocol.
//!
//! The page that created the room runs the referee, a [`Host`], and plays through its own
//! [`Guest`] on [`PeerId::LOCAL`] (as [`Local`](super::table::Local) does against bots);
//! each other page runs a [`Guest`] whose texts travel over its data channel to the host.
//! Plain logic: the [`Session`](super::Session) feeds in what the links did and turns the
//! returned [`Wire`]s into effects for the network layer.

use std::collections::BTreeMap;

use shared::engine::{Input, Options, Seat};
use shared::session::protocol::{
    AdminCmd, BotLevel, LogItem, MemberId, Phase, SeatInfo, SeatSetting, TableInfo, Timers,
};
use shared::session::{Guest, GuestError, GuestEvent, Host, Outgoing, PeerId};

use super::chat::ChatLine;
use super::table::refusal_notice;

/// What to carry over the data channels, by the other peer's relay id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wire {
    /// Send `text` on the data channel to `peer`.
    Send { peer: String, text: String },
    /// Close the link to `peer` (after what was sent before).
    Close { peer: String },
    /// Ask the relay to remove `peer` from the room and keep its address out (a kick).
    Ban { peer: String },
}

/// The seats most a table has (R1.1).
const MAX_SEATS: usize = 10;

/// This page's side of a room's table.
pub struct RoomTable {
    /// The referee, when this page hosts.
    host: Option<Host>,
    /// Our player: the local link's guest when hosting, else the one talking to the host.
    guest: Guest,
    /// Hosting: the open links, by relay id, with the id the host knows them by.
    links: BTreeMap<String, PeerId>,
    /// The last [`PeerId`] handed out; each new link gets a fresh one.
    last_peer: u64,
    /// Joined: the host's relay id.
    host_peer: String,
    /// Sentences for the user (refusals outside a game, errors), taken by the session.
    notices: Vec<String>,
    /// The last refusal during a game, shown on the table (a stale click, for one).
    pub problem: Option<String>,
}

impl std::fmt::Debug for RoomTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RoomTable")
            .field("hosting", &self.host.is_some())
            .field("member", &self.guest.member())
            .field("links", &self.links)
            .finish_non_exhaustive()
    }
}

impl RoomTable {
    /// The creator's table: a host in the lobby, our player in seat 0.
    pub fn hosting(seed: u64, name: &str, now: u64) -> Result<RoomTable, String> {
        let (host, out) = Host::new(seed, name, now).map_err(|e| e.to_string())?;
        let mut table = RoomTable {
            host: Some(host),
            guest: Guest::new(name, None, false),
            links: BTreeMap::new(),
            last_peer: 0,
            host_peer: String::new(),
            notices: Vec::new(),
            problem: None,
        };
        // Host::new welcomed the local link already; nobody else is connected yet.
        table.route(out, now);
        // Bots a little quicker than the default, as against bots: people still have the
        // default timers.
        let timers = Timers {
            bot_delay_ms: 800,
            ..Timers::default()
        };
        table.admin(AdminCmd::SetTimers { timers }, now);
        Ok(table)
    }

    /// A joiner's table: a guest that says hello once the link to `host_peer` opens, with
    /// the seat token of an earlier visit when it is coming back (the host then hands back
    /// that seat).
    pub fn joining(name: &str, host_peer: &str, token: Option<String>) -> RoomTable {
        RoomTable {
            host: None,
            guest: Guest::new(name, token, false),
            links: BTreeMap::new(),
            last_peer: 0,
            host_peer: host_peer.to_owned(),
            notices: Vec::new(),
            problem: None,
        }
    }

    /// Whether this page is the referee.
    pub fn is_host(&self) -> bool {
        self.host.is_some()
    }

    /// Our side: the table, our view, the log.
    pub fn guest(&self) -> &Guest {
        &self.guest
    }

    /// The notices gathered since the last call.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// The data channel to `peer` opened.
    pub fn link_open(&mut self, peer: &str, now: u64) -> Vec<Wire> {
        let Some(host) = self.host.as_mut() else {
            if peer == self.host_peer {
                return vec![Wire::Send {
                    peer: peer.to_owned(),
                    text: self.guest.hello(),
                }];
            }
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(old) = self.links.remove(peer) {
            out.extend(host.disconnect(old, now));
        }
        self.last_peer += 1;
        let id = PeerId(self.last_peer);
        self.links.insert(peer.to_owned(), id);
        out.extend(host.connect(id, now));
        self.route(out, now)
    }

    /// The link to `peer` closed (or the peer left the room). The host keeps the member's
    /// seat; its grace period runs, then the seat's bot answers for it.
    pub fn link_closed(&mut self, peer: &str, now: u64) -> Vec<Wire> {
        let Some(host) = self.host.as_mut() else {
            if peer == self.host_peer {
                self.guest.link_lost();
            }
            return Vec::new();
        };
        let Some(id) = self.links.remove(peer) else {
            return Vec::new();
        };
        let out = host.disconnect(id, now);
        self.route(out, now)
    }

    /// A text arrived on the data channel from `peer`.
    pub fn frame(&mut self, peer: &str, text: &str, now: u64) -> Vec<Wire> {
        if let Some(host) = self.host.as_mut() {
            // Texts only count on a link the host was told about.
            let Some(id) = self.links.get(peer).copied() else {
                return Vec::new();
            };
            let out = host.handle(id, text, now);
            return self.route(out, now);
        }
        if peer != self.host_peer {
            return Vec::new();
        }
        match self.guest.receive(text, now) {
            Ok(events) => {
                self.on_events(events);
                Vec::new()
            }
            Err(GuestError::Closed(_)) => Vec::new(),
            Err(e) => {
                self.notices
                    .push(format!("Ignored a message from the host: {e}"));
                // Out of step with the host: ask for the whole state again.
                let out_of_step = matches!(
                    e,
                    GuestError::LogOrder { .. } | GuestError::WrongSeat { .. }
                );
                if out_of_step && self.guest.member().is_some() {
                    vec![Wire::Send {
                        peer: self.host_peer.clone(),
                        text: self.guest.resync(),
                    }]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// When [`RoomTable::tick`] is next due (hosting only), in page time.
    pub fn next_deadline(&self) -> Option<u64> {
        self.host.as_ref()?.next_deadline()
    }

    /// Lets the host play the bots, timeouts and stand-ins due at `now`.
    pub fn tick(&mut self, now: u64) -> Vec<Wire> {
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        if host.next_deadline().is_none_or(|d| d > now) {
            return Vec::new();
        }
        let out = host.tick(now);
        self.route(out, now)
    }

    /// Plays one of our legal inputs.
    pub fn play(&mut self, input: Input, now: u64) -> Vec<Wire> {
        self.problem = None;
        match self.guest.intent(input) {
            Ok(text) => self.up(text, now),
            Err(e) => {
                self.problem = Some(e.to_string());
                Vec::new()
            }
        }
    }

    /// Says something at the table (the host stamps who said it).
    pub fn say(&mut self, typed: &str, now: u64) -> Result<Vec<Wire>, String> {
        let text = self
            .guest
            .chat(typed)
            .map_err(|e| capitalize(&e.to_string()))?;
        if self.guest.member().is_none() {
            return Err("Not connected to the host yet.".to_owned());
        }
        Ok(self.up(text, now))
    }

    /// A host command; nothing on a joiner's page (the host would refuse it anyway).
    pub fn admin(&mut self, cmd: AdminCmd, now: u64) -> Vec<Wire> {
        if self.host.is_none() {
            return Vec::new();
        }
        let text = self.guest.admin(cmd);
        self.up(text, now)
    }

    /// Puts a bot of `level` in the first open seat, adding a seat when none is open.
    pub fn add_bot(&mut self, level: BotLevel, now: u64) -> Vec<Wire> {
        let Some(table) = self.guest.table() else {
            return Vec::new();
        };
        let count = table.seats.len();
        let (mut wires, seat) = match first_open_seat(table) {
            Some(seat) => (Vec::new(), seat),
            None if count < MAX_SEATS => (
                self.set_seat_count((count + 1) as u8, now),
                Seat(count as u8),
            ),
            None => {
                self.notices
                    .push("The table is full (10 seats).".to_owned());
                return Vec::new();
            }
        };
        let to = SeatSetting::Bot { level };
        wires.extend(self.admin(AdminCmd::SetSeat { seat, to }, now));
        wires
    }

    /// The game's options (R1.2–R1.4). The two-player draft is dropped unless the table
    /// has exactly two seats (the host would refuse the whole change).
    pub fn set_options(&mut self, mut options: Options, now: u64) -> Vec<Wire> {
        let Some(table) = self.guest.table() else {
            return Vec::new();
        };
        if table.seats.len() != 2 {
            options.two_player_draft = false;
        }
        self.admin(AdminCmd::SetOptions { options }, now)
    }

    /// The number of seats; leaving two seats turns the two-player draft off first (a
    /// deal would be refused with it).
    pub fn set_seat_count(&mut self, count: u8, now: u64) -> Vec<Wire> {
        let Some(table) = self.guest.table() else {
            return Vec::new();
        };
        if !(2..=MAX_SEATS as u8).contains(&count) || usize::from(count) == table.seats.len() {
            return Vec::new();
        }
        let mut wires = Vec::new();
        if table.options.two_player_draft && count != 2 {
            let options = Options {
                two_player_draft: false,
                ..table.options
            };
            wires.extend(self.admin(AdminCmd::SetOptions { options }, now));
        }
        wires.extend(self.admin(AdminCmd::SetSeatCount { count }, now));
        wires
    }

    /// The time a person has for a turn (`None`: no limit); the other timers stay.
    pub fn set_turn_timer(&mut self, turn_ms: Option<u64>, now: u64) -> Vec<Wire> {
        let Some(table) = self.guest.table() else {
            return Vec::new();
        };
        let timers = Timers {
            turn_ms,
            ..table.timers
        };
        if !timers.valid() {
            self.notices.push("That timer is out of bounds.".to_owned());
            return Vec::new();
        }
        self.admin(AdminCmd::SetTimers { timers }, now)
    }

    /// After a game: puts it away and goes back to the lobby, where the settings change.
    /// The Host has no command of its own for this: a change of the seats after a game
    /// does it (the finished game must not outlive a seat change, R11), and setting the
    /// same number of seats changes nothing else.
    pub fn back_to_lobby(&mut self, now: u64) -> Vec<Wire> {
        let Some(table) = self.guest.table() else {
            return Vec::new();
        };
        if !matches!(table.phase, Phase::Finished { .. }) {
            return Vec::new();
        }
        let count = table.seats.len() as u8;
        self.admin(AdminCmd::SetSeatCount { count }, now)
    }

    /// Sends the person in `seat` away for good (their page is told and leaves); the seat
    /// opens (a bot takes it during a game). Not our own seat, nor a bot's.
    pub fn kick(&mut self, seat: Seat, now: u64) -> Vec<Wire> {
        let me = self.guest.member();
        let Some(SeatInfo::Person { member, .. }) = self
            .guest
            .table()
            .and_then(|t| t.seats.get(usize::from(seat.0)))
        else {
            return Vec::new();
        };
        if Some(member.id) == me {
            return Vec::new();
        }
        let member = member.id;
        self.admin(AdminCmd::Kick { member }, now)
    }

    /// Opens a bot's seat again; the last seat goes away when the table has more than two.
    pub fn remove_bot(&mut self, seat: Seat, now: u64) -> Vec<Wire> {
        let Some(count) = self.guest.table().map(|t| t.seats.len()) else {
            return Vec::new();
        };
        let mut wires = self.admin(
            AdminCmd::SetSeat {
                seat,
                to: SeatSetting::Open,
            },
            now,
        );
        if usize::from(seat.0) + 1 == count && count > 2 {
            let shrink = AdminCmd::SetSeatCount {
                count: (count - 1) as u8,
            };
            wires.extend(self.admin(shrink, now));
        }
        wires
    }

    /// The chat lines in the table log, oldest first.
    pub fn chat_lines(&self) -> Vec<ChatLine> {
        let me = self.guest.member();
        self.guest
            .log()
            .iter()
            .filter_map(|e| match &e.item {
                LogItem::Chat { line } => Some(ChatLine {
                    id: e.n,
                    from: line.name.clone(),
                    text: line.text.clone(),
                    mine: Some(line.from) == me,
                }),
                _ => None,
            })
            .collect()
    }

    /// Our text to the host: over the local link when we host, else over the data channel.
    fn up(&mut self, text: String, now: u64) -> Vec<Wire> {
        match self.host.as_mut() {
            Some(host) => {
                let out = host.handle(PeerId::LOCAL, &text, now);
                self.route(out, now)
            }
            None if self.guest.member().is_some() => vec![Wire::Send {
                peer: self.host_peer.clone(),
                text,
            }],
            None => {
                self.notices
                    .push("Not connected to the host yet.".to_owned());
                Vec::new()
            }
        }
    }

    /// Hands the host's texts for the local link to our guest and the others to the wire.
    fn route(&mut self, out: Vec<Outgoing>, now: u64) -> Vec<Wire> {
        let mut wires = Vec::new();
        for o in out {
            match o {
                Outgoing::Send { to, text } if to == PeerId::LOCAL => {
                    match self.guest.receive(&text, now) {
                        Ok(events) => self.on_events(events),
                        Err(e) => self.notices.push(e.to_string()),
                    }
                }
                Outgoing::Send { to, text } => {
                    if let Some(peer) = self.relay_id(to) {
                        wires.push(Wire::Send { peer, text });
                    }
                }
                Outgoing::Close { peer: to } => {
                    if let Some(peer) = self.relay_id(to) {
                        self.links.remove(&peer);
                        wires.push(Wire::Close { peer });
                    }
                }
                Outgoing::Ban { peer: to } => {
                    if let Some(peer) = self.relay_id(to) {
                        wires.push(Wire::Ban { peer });
                    }
                }
            }
        }
        wires
    }

    fn relay_id(&self, id: PeerId) -> Option<String> {
        self.links
            .iter()
            .find(|(_, p)| **p == id)
            .map(|(peer, _)| peer.clone())
    }

    fn on_events(&mut self, events: Vec<GuestEvent>) {
        for e in events {
            match e {
                GuestEvent::Refused(r) => {
                    let text = refusal_notice(&r);
                    if self.guest.game().is_some() {
                        self.problem = Some(text);
                    } else {
                        self.notices.push(text);
                    }
                }
                GuestEvent::Closed(fatal) => {
                    self.notices.push(capitalize(&fatal.to_string()));
                }
                _ => {}
            }
        }
    }
}

/// The first seat nobody holds.
pub fn first_open_seat(table: &TableInfo) -> Option<Seat> {
    table
        .seats
        .iter()
        .position(|s| matches!(s, SeatInfo::Open))
        .map(|i| Seat(i as u8))
}

/// One seat of the room's lobby, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LobbySeat {
    pub seat: Seat,
    /// "Seat 3" when open, the bot's or the person's name otherwise.
    pub name: String,
    /// "open", "bot" or "person".
    pub kind: &'static str,
    /// A bot's level.
    pub level: Option<BotLevel>,
    /// Our own seat.
    pub me: bool,
    /// A person whose link is down.
    pub away: bool,
}

/// The lobby's seats, seat 0 first.
pub fn lobby_seats(table: &TableInfo, me: Option<MemberId>) -> Vec<LobbySeat> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seat = Seat(i as u8);
            match s {
                SeatInfo::Open => LobbySeat {
                    seat,
                    name: format!("Seat {}", i + 1),
                    kind: "open",
                    level: None,
                    me: false,
                    away: false,
                },
                SeatInfo::Bot { level, name } => LobbySeat {
                    seat,
                    name: name.clone(),
                    kind: "bot",
                    level: Some(*level),
                    me: false,
                    away: false,
                },
                SeatInfo::Person { member, .. } => LobbySeat {
                    seat,
                    name: member.name.clone(),
                    kind: "person",
                    level: None,
                    me: Some(member.id) == me,
                    away: !member.connected,
                },
            }
        })
        .collect()
}

/// The turn timers the host may pick from, in milliseconds (`None`: no limit).
pub const TURN_TIMERS: [Option<u64>; 5] = [
    Some(30_000),
    Some(60_000),
    Some(120_000),
    Some(300_000),
    None,
];

/// A turn timer as a phrase: "60 s", "2 min", "no limit".
pub fn timer_name(ms: Option<u64>) -> String {
    match ms {
        None => "no limit".to_owned(),
        Some(ms) if ms >= 120_000 && ms % 60_000 == 0 => format!("{} min", ms / 60_000),
        Some(ms) => format!("{} s", ms.div_ceil(1_000)),
    }
}

/// The table's settings as sentences, for those who may not change them.
pub fn settings_lines(table: &TableInfo) -> Vec<String> {
    let o = table.options;
    let mut lines = vec![format!("{} seats", table.seats.len())];
    lines.push(if o.inquisitor {
        "Inquisitor instead of Ambassador".to_owned()
    } else {
        "Ambassador (no Inquisitor)".to_owned()
    });
    if o.allegiances {
        lines.push("Reformation: allegiances and the Treasury Reserve".to_owned());
    }
    if o.two_player_draft {
        lines.push("Two-player draft".to_owned());
    }
    lines.push(format!("Turn timer: {}", timer_name(table.timers.turn_ms)));
    lines.push(format!("Bots: {}", level_name(table.default_bot)));
    lines
}

/// A bot level's name.
pub fn level_name(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Easy => "Easy",
        BotLevel::Normal => "Normal",
        BotLevel::Hard => "Hard",
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::engine::{Action, Pending};
    use shared::session::protocol::Phase;

    /// Carries wires between a hosting table and joiners until nothing moves.
    fn pump(
        host: &mut RoomTable,
        guests: &mut [(&str, &mut RoomTable)],
        mut wires: Vec<Wire>,
        now: u64,
    ) {
        let mut rounds = 0;
        while !wires.is_empty() {
            rounds += 1;
            assert!(rounds < 1_000, "the wires settle");
            let mut next = Vec::new();
            for w in wires {
                // The host's texts; a joiner's answers go up through `from_guest`.
                match w {
                    Wire::Send { peer, text } => {
                        if let Some((_, g)) = guests.iter_mut().find(|(id, _)| *id == peer) {
                            for up in g.frame("h", &text, now) {
                                next.extend(from_guest(host, &peer, up, now));
                            }
                        }
                    }
                    Wire::Close { .. } | Wire::Ban { .. } => {}
                }
            }
            wires = next;
        }
    }

    fn from_guest(host: &mut RoomTable, from: &str, w: Wire, now: u64) -> Vec<Wire> {
        match w {
            Wire::Send { peer, text } => {
                assert_eq!(peer, "h");
                host.frame(from, &text, now)
            }
            Wire::Close { .. } | Wire::Ban { .. } => Vec::new(),
        }
    }

    /// A host ("h") and one joiner ("g1") whose link opened.
    fn room() -> (RoomTable, RoomTable, u64) {
        let now = 1_000;
        let mut host = RoomTable::hosting(5, "Ana", now).expect("hosts");
        let mut guest = RoomTable::joining("Bo", "h", None);
        let wires = host.link_open("g1", now);
        assert!(wires.is_empty(), "nothing until hello");
        let hello = guest.link_open("h", now);
        assert_eq!(hello.len(), 1);
        let mut wires = Vec::new();
        for w in hello {
            wires.extend(from_guest(&mut host, "g1", w, now));
        }
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        (host, guest, now)
    }

    #[test]
    fn a_joiner_takes_the_open_seat_and_both_see_the_same_table() {
        let (host, guest, _) = room();
        assert!(host.is_host() && !guest.is_host());
        assert_eq!(guest.guest().seat(), Some(Seat(1)));
        assert_eq!(host.guest().seat(), Some(Seat(0)));
        let seats = lobby_seats(
            guest.guest().table().expect("table"),
            guest.guest().member(),
        );
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Ana", "Bo"]);
        assert!(seats[1].me && !seats[0].me);
        assert_eq!(host.guest().table(), guest.guest().table());
    }

    #[test]
    fn chat_goes_through_the_host_which_stamps_the_sender() {
        let (mut host, mut guest, now) = room();
        let wires = host.say("hello all", now).expect("said");
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        let up = guest.say("  hi  ", now).expect("said");
        let mut wires = Vec::new();
        for w in up {
            wires.extend(from_guest(&mut host, "g1", w, now));
        }
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        let lines = |t: &RoomTable| {
            t.chat_lines()
                .into_iter()
                .map(|l| (l.from, l.text, l.mine))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            lines(&guest),
            vec![
                ("Ana".to_owned(), "hello all".to_owned(), false),
                ("Bo".to_owned(), "hi".to_owned(), true)
            ]
        );
        assert_eq!(lines(&host).len(), 2);
        assert!(host.say("   ", now).is_err());
        // Before the welcome a joiner cannot chat.
        let mut early = RoomTable::joining("Cy", "h", None);
        assert!(early.say("hi", now).is_err());
    }

    #[test]
    fn bad_texts_are_dropped_without_changing_anything() {
        let (mut host, mut guest, now) = room();
        let before = host.guest().table().cloned();
        // Garbage from a joiner: the host refuses it to that joiner only.
        let wires = host.frame("g1", "not json", now);
        assert!(
            wires
                .iter()
                .all(|w| matches!(w, Wire::Send { peer, .. } if peer == "g1"))
        );
        // A joiner cannot run host commands.
        let cmd = guest.guest().admin(AdminCmd::Start { first: None });
        let wires = host.frame("g1", &cmd, now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        assert_eq!(host.guest().table().cloned(), before);
        assert_eq!(host.guest().table().map(|t| t.phase), Some(Phase::Lobby));
        // Texts from a stranger, or to a joiner from anyone but the host, are ignored.
        assert!(host.frame("stranger", "{}", now).is_empty());
        assert!(guest.frame("g2", "{}", now).is_empty());
        assert!(guest.frame("h", "{\"v\":1}", now).is_empty());
        assert!(!guest.take_notices().is_empty());
    }

    #[test]
    fn a_room_game_with_a_bot_plays_to_the_end_for_both_humans() {
        let (mut host, mut guest, mut now) = room();
        let wires = host.add_bot(BotLevel::Easy, now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        let seats = lobby_seats(guest.guest().table().expect("table"), None);
        assert_eq!(seats.len(), 3);
        assert_eq!(seats[2].kind, "bot");
        let wires = host.admin(AdminCmd::Start { first: None }, now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 20_000, "the game ends");
            let over = |t: &RoomTable| {
                t.guest()
                    .game()
                    .is_some_and(|g| matches!(g.view.pending, Pending::GameOver { .. }))
            };
            if over(&host) && over(&guest) {
                break;
            }
            let pick = |t: &RoomTable| {
                let legal = &t.guest().game()?.legal;
                legal
                    .iter()
                    .copied()
                    .find(|i| matches!(i, Input::Act(Action::Income) | Input::Pass))
                    .or_else(|| legal.first().copied())
            };
            if let Some(i) = pick(&host) {
                let wires = host.play(i, now);
                pump(&mut host, &mut [("g1", &mut guest)], wires, now);
                continue;
            }
            if let Some(i) = pick(&guest) {
                let mut wires = Vec::new();
                for w in guest.play(i, now) {
                    wires.extend(from_guest(&mut host, "g1", w, now));
                }
                pump(&mut host, &mut [("g1", &mut guest)], wires, now);
                continue;
            }
            now = host.next_deadline().unwrap_or(now + 100).max(now);
            let wires = host.tick(now);
            pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        }
        let winner = |t: &RoomTable| match t.guest().game().map(|g| g.view.pending) {
            Some(Pending::GameOver { winner }) => Some(winner),
            _ => None,
        };
        assert_eq!(winner(&host), winner(&guest));
        // The joiner never holds the host's hidden cards.
        let g = guest.guest().game().expect("game");
        let hidden = g.view.players[0].hand;
        for i in 0..usize::from(hidden.len).min(2) {
            assert!(hidden.up[i] || hidden.cards[i].is_none());
        }
        // Back to the lobby: only after a game, and only the host; then options change.
        assert!(guest.back_to_lobby(now).is_empty());
        let wires = host.back_to_lobby(now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        for t in [&host, &guest] {
            let table = t.guest().table().expect("table");
            assert_eq!(table.phase, Phase::Lobby);
            assert_eq!(table.seats.len(), 3);
            assert!(t.guest().game().is_none(), "the finished game is put away");
        }
        assert!(host.back_to_lobby(now).is_empty(), "already in the lobby");
        let inquisitor = Options {
            inquisitor: true,
            ..Options::default()
        };
        let wires = host.set_options(inquisitor, now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        assert!(guest.guest().table().expect("table").options.inquisitor);
    }

    #[test]
    fn a_dropped_joiner_is_stood_in_for_after_the_grace_period() {
        let (mut host, mut guest, now) = room();
        let wires = host.admin(
            AdminCmd::Start {
                first: Some(Seat(1)),
            },
            now,
        );
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        assert!(host.link_closed("g1", now).is_empty());
        guest.link_closed("h", now);
        assert_eq!(guest.guest().member(), None);
        let table = host.guest().table().expect("table");
        assert!(matches!(&table.seats[1], SeatInfo::Person { member, .. } if !member.connected));
        let due = host.next_deadline().expect("the grace period ends");
        host.tick(due);
        let table = host.guest().table().expect("table");
        assert!(matches!(
            &table.seats[1],
            SeatInfo::Person { stand_in: true, .. }
        ));
    }

    /// Sends a host command's wires to the joiner.
    fn settle(host: &mut RoomTable, guest: &mut RoomTable, wires: Vec<Wire>, now: u64) {
        pump(host, &mut [("g1", guest)], wires, now);
    }

    #[test]
    fn the_host_sets_options_seats_and_timer_and_the_joiner_sees_them() {
        let (mut host, mut guest, now) = room();
        let inquisitor = Options {
            inquisitor: true,
            allegiances: true,
            two_player_draft: true,
        };
        let wires = host.set_options(inquisitor, now);
        settle(&mut host, &mut guest, wires, now);
        let t = guest.guest().table().expect("table").clone();
        assert_eq!(t.options, inquisitor, "two seats: the draft is allowed");
        let lines = settings_lines(&t);
        assert!(lines.contains(&"Inquisitor instead of Ambassador".to_owned()));
        assert!(lines.contains(&"Two-player draft".to_owned()));
        // A third seat turns the draft off first, so a deal stays possible.
        let wires = host.set_seat_count(3, now);
        settle(&mut host, &mut guest, wires, now);
        let t = guest.guest().table().expect("table").clone();
        assert_eq!(t.seats.len(), 3);
        assert!(t.options.inquisitor && t.options.allegiances && !t.options.two_player_draft);
        // And the draft cannot be asked for with three seats.
        let wires = host.set_options(inquisitor, now);
        settle(&mut host, &mut guest, wires, now);
        assert!(
            !guest
                .guest()
                .table()
                .expect("table")
                .options
                .two_player_draft
        );
        assert!(host.take_notices().is_empty(), "nothing was refused");
        // The turn timer; the other timers stay.
        let wires = host.set_turn_timer(None, now);
        settle(&mut host, &mut guest, wires, now);
        let t = guest.guest().table().expect("table").clone();
        assert_eq!(t.timers.turn_ms, None);
        assert_eq!(t.timers.window_ms, Timers::default().window_ms);
        assert!(settings_lines(&t).contains(&"Turn timer: no limit".to_owned()));
        assert!(host.set_turn_timer(Some(5), now).is_empty());
        assert!(!host.take_notices().is_empty());
        // Out-of-range counts and a joiner's page send nothing.
        assert!(host.set_seat_count(11, now).is_empty());
        assert!(host.set_seat_count(1, now).is_empty());
        assert!(guest.set_seat_count(4, now).is_empty());
        assert!(guest.set_options(Options::default(), now).is_empty());
        // A game dealt with the options has the Inquisitor in it.
        let wires = host.admin(AdminCmd::Start { first: None }, now);
        settle(&mut host, &mut guest, wires, now);
        let g = guest.guest().game().expect("a game");
        assert!(g.view.options.inquisitor);
    }

    #[test]
    fn the_host_kicks_a_joiner_who_is_told_and_whose_seat_opens() {
        let (mut host, mut guest, now) = room();
        assert!(host.kick(Seat(0), now).is_empty(), "not our own seat");
        assert!(guest.kick(Seat(0), now).is_empty(), "a joiner kicks nobody");
        let wires = host.kick(Seat(1), now);
        assert!(
            wires
                .iter()
                .any(|w| matches!(w, Wire::Close { peer } if peer == "g1"))
        );
        assert!(
            wires
                .iter()
                .any(|w| matches!(w, Wire::Ban { peer } if peer == "g1")),
            "the relay is asked to keep the joiner out"
        );
        settle(&mut host, &mut guest, wires, now);
        assert_eq!(
            guest.guest().closed(),
            Some(&shared::session::protocol::Fatal::Kicked)
        );
        let told = guest.take_notices();
        assert!(told.iter().any(|n| n.contains("removed you")), "{told:?}");
        let t = host.guest().table().expect("table");
        assert!(matches!(t.seats[1], SeatInfo::Open));
        assert!(host.kick(Seat(1), now).is_empty(), "an open seat");
    }

    #[test]
    fn timers_read_as_phrases() {
        assert_eq!(timer_name(None), "no limit");
        assert_eq!(timer_name(Some(30_000)), "30 s");
        assert_eq!(timer_name(Some(60_000)), "60 s");
        assert_eq!(timer_name(Some(120_000)), "2 min");
        assert_eq!(timer_name(Some(1_500)), "2 s");
    }

    #[test]
    fn adding_bots_grows_the_table_and_removing_shrinks_it() {
        let (mut host, mut guest, now) = room();
        for _ in 0..2 {
            let wires = host.add_bot(BotLevel::Hard, now);
            pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        }
        let seats = lobby_seats(host.guest().table().expect("table"), None);
        assert_eq!(seats.len(), 4);
        assert_eq!(seats[3].level, Some(BotLevel::Hard));
        let wires = host.remove_bot(Seat(3), now);
        pump(&mut host, &mut [("g1", &mut guest)], wires, now);
        assert_eq!(guest.guest().table().map(|t| t.seats.len()), Some(3));
        // A joiner's page sends no host commands at all.
        assert!(guest.add_bot(BotLevel::Easy, now).is_empty());
    }
}
