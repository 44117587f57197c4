//! Our side of a table, whoever referees it: our [`Guest`] (the table, our view, the log)
//! and what the host refused last. The same on a page that hosts (its referee in a worker)
//! and on a page that joined (its host over a data channel); only where our texts go
//! differs, and the [`Session`](super::Session) decides that.
//!
//! Also the lobby's words: the seats as listed, the settings as sentences, timer names.

use shared::engine::{MAX_PLAYERS, Seat};
use shared::relay::RoomCode;
use shared::session::protocol::{
    AdminCmd, BotLevel, DecisionKind, LogItem, MemberId, Note, SeatInfo, TableInfo,
};
use shared::session::{Guest, GuestError, GuestEvent};

use super::chat::{ChatLine, Reacted};
use super::problems;
use super::words::{note_sentence, seat_names};
use crate::i18n::{Arg, t, tr};

/// What a text from the host changed, for the session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Received {
    /// Sentences for the page's notices.
    pub notices: Vec<String>,
    /// The host ended the link for good (the notice says why).
    pub closed: bool,
    /// We are out of step with the host: ask for the whole state again.
    pub resync: bool,
    /// The table's room has this new code on the relay.
    pub moved: Option<RoomCode>,
    /// A fair room: our seat's records that our table asks for now, for the host.
    pub fair_out: Vec<String>,
}

/// Our player at a table.
#[derive(Debug)]
pub struct Table {
    guest: Guest,
    /// The last refusal during a game, shown on the table (a stale click, for one).
    pub problem: Option<String>,
    /// The log entry of the last move of the table to another page that the page was
    /// told of (a notice, besides its line in the log).
    told_moved: u64,
}

impl Table {
    /// Our player, who will introduce itself as `name` (with the token of an earlier visit
    /// when it is taking its seat back).
    pub fn new(name: &str, token: Option<String>) -> Table {
        Table {
            guest: Guest::new(name, token, false),
            problem: None,
            told_moved: 0,
        }
    }

    /// The table moved to another page (its host's page left for good, and the relay
    /// promoted a guest's), said as the log says it: the news is a notice too, so that
    /// nobody at the table misses it. Only a table that had been on this page before
    /// hears it: a page that arrives later reads it in the log.
    fn host_moved(&mut self, had_log: bool) -> Option<String> {
        let (n, note) = self.guest.log().iter().rev().find_map(|e| match &e.item {
            LogItem::Note {
                note: note @ Note::HostMoved { .. },
            } => Some((e.n, note.clone())),
            _ => None,
        })?;
        if n <= self.told_moved {
            return None;
        }
        self.told_moved = n;
        if !had_log {
            return None;
        }
        let me = self.guest.seat();
        let names = self
            .guest
            .table()
            .map(|t| seat_names(t, me))
            .unwrap_or_default();
        Some(note_sentence(&note)?.render(&names, me))
    }

    /// The table, our view, the log.
    pub fn guest(&self) -> &Guest {
        &self.guest
    }

    pub(crate) fn guest_mut(&mut self) -> &mut Guest {
        &mut self.guest
    }

    /// A text from the host (over the port or a data channel) at page time `now`.
    pub fn receive(&mut self, text: &str, now: u64) -> Received {
        let mut r = Received::default();
        let had_log = self.guest.log().last().is_some();
        match self.guest.receive(text, now) {
            Ok(events) => {
                for e in events {
                    match e {
                        GuestEvent::Refused(refusal) => {
                            let text = problems::refusal(&refusal);
                            if self.guest.game().is_some() {
                                self.problem = Some(text);
                            } else {
                                r.notices.push(text);
                            }
                        }
                        GuestEvent::Closed(fatal) => {
                            r.notices.push(problems::fatal(&fatal));
                            r.closed = true;
                        }
                        // A new state clears an old complaint about the last one.
                        GuestEvent::Game | GuestEvent::Reset => self.problem = None,
                        GuestEvent::Moved(code) => r.moved = Some(code),
                        _ => {}
                    }
                }
            }
            Err(GuestError::Closed(_)) => {}
            Err(e) => {
                r.notices.push(tr(
                    "ignored-from-host",
                    &[("error", problems::guest(&e).into())],
                ));
                r.resync = matches!(
                    e,
                    GuestError::LogOrder { .. } | GuestError::WrongSeat { .. }
                ) && self.guest.member().is_some();
            }
        }
        r.fair_out = self.guest.fair_outbox();
        if let Some(moved) = self.host_moved(had_log) {
            r.notices.push(moved);
        }
        r
    }

    /// The chat lines in the table log, oldest first.
    pub fn chat_lines(&self) -> Vec<ChatLine> {
        let me = self.guest.member();
        let tally = self.guest.reactions();
        self.guest
            .log()
            .iter()
            .filter_map(|e| match &e.item {
                LogItem::Chat { line } => Some(ChatLine {
                    id: e.n,
                    from: line.name.clone(),
                    text: line.text.clone(),
                    mine: Some(line.from) == me,
                    reactions: tally
                        .counts(e.n)
                        .into_iter()
                        .map(|(reaction, count)| Reacted {
                            reaction,
                            count,
                            mine: me.is_some_and(|m| tally.has(e.n, m, reaction)),
                        })
                        .collect(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The seconds `seat`'s countdown shows at page time `now`: only where a person decides
    /// (never on a bot's seat, nor while a bot stands in), never above the decision's
    /// limit; `None` when there is nothing to count down.
    pub fn countdown(&self, seat: Seat, now: u64) -> Option<u64> {
        let table = self.guest.table()?;
        match table.seats.get(seat.index())? {
            SeatInfo::Person {
                stand_in: false, ..
            } => {}
            _ => return None,
        }
        let game = self.guest.game()?;
        let kind = game.deadlines.iter().find(|d| d.seat == seat)?.kind;
        let limit = match kind {
            DecisionKind::Turn => table.timers.turn_ms,
            DecisionKind::Window => table.timers.window_ms,
            DecisionKind::Choice => table.timers.choice_ms,
        };
        Some(shown_seconds(self.guest.time_left(seat, now)?, limit))
    }

    /// The member sitting in `seat`, when a person other than us sits there.
    pub fn other_person_in(&self, seat: Seat) -> Option<MemberId> {
        let table = self.guest.table()?;
        match table.seats.get(seat.index())? {
            SeatInfo::Person { member, .. } if Some(member.id) != self.guest.member() => {
                Some(member.id)
            }
            _ => None,
        }
    }
}

/// Whole seconds to show for `ms_left`, counting up (so 0 shows only when time is up), but
/// never more than the decision's `limit`: a clock estimated from the host's a little
/// ahead would otherwise start at "61 s" on a 60 s turn.
pub fn shown_seconds(ms_left: u64, limit: Option<u64>) -> u64 {
    let s = ms_left.div_ceil(1_000);
    limit.map_or(s, |l| s.min(l / 1_000))
}

/// What a seat of the lobby holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    Open,
    Bot(BotLevel),
    Person {
        /// Our own seat.
        me: bool,
        /// A person whose link is down.
        away: bool,
        member: MemberId,
    },
}

impl SeatKind {
    /// "open", "bot" or "person" (for styling and tests).
    pub fn tag(self) -> &'static str {
        match self {
            SeatKind::Open => "open",
            SeatKind::Bot(_) => "bot",
            SeatKind::Person { .. } => "person",
        }
    }
}

/// One seat of the room's lobby, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LobbySeat {
    pub seat: Seat,
    /// "Seat 3" when open, the bot's or the person's name otherwise.
    pub name: String,
    pub kind: SeatKind,
}

/// The lobby's seats, seat 0 first.
pub fn lobby_seats(table: &TableInfo, me: Option<MemberId>) -> Vec<LobbySeat> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let seat = Seat::at(i);
            let (name, kind) = match s {
                SeatInfo::Open => (tr("seat-open", &[("n", (i + 1).into())]), SeatKind::Open),
                SeatInfo::Bot { level, name } => (name.clone(), SeatKind::Bot(*level)),
                SeatInfo::Person { member, .. } => (
                    member.name.clone(),
                    SeatKind::Person {
                        me: Some(member.id) == me,
                        away: !member.connected,
                        member: member.id,
                    },
                ),
            };
            LobbySeat { seat, name, kind }
        })
        .collect()
}

/// What gives a seat to `member`, who is only watching: the last bot's seat, else the
/// first open seat, else one more seat (up to R1.1's ten). Nothing when the table is full of
/// people, or when `member` is not watching.
pub fn seat_watcher(table: &TableInfo, member: MemberId) -> Vec<AdminCmd> {
    if !table.watchers.iter().any(|m| m.id == member) {
        return Vec::new();
    }
    let bot = table
        .seats
        .iter()
        .rposition(|s| matches!(s, SeatInfo::Bot { .. }));
    let open = table.seats.iter().position(|s| matches!(s, SeatInfo::Open));
    if let Some(i) = bot.or(open) {
        return vec![AdminCmd::Sit {
            member,
            seat: Seat::at(i),
        }];
    }
    let count = table.seats.len();
    if count >= MAX_PLAYERS {
        return Vec::new();
    }
    vec![
        AdminCmd::SetSeatCount {
            count: (count + 1) as u8,
        },
        AdminCmd::Sit {
            member,
            seat: Seat::at(count),
        },
    ]
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
        None => t("timer-none"),
        Some(ms) if ms >= 120_000 && ms % 60_000 == 0 => {
            tr("timer-min", &[("n", Arg::Num((ms / 60_000) as i64))])
        }
        Some(ms) => tr("timer-s", &[("n", Arg::Num(ms.div_ceil(1_000) as i64))]),
    }
}

/// The table's settings as sentences, for those who may not change them.
pub fn settings_lines(table: &TableInfo) -> Vec<String> {
    let o = table.options;
    let mut lines = vec![tr("settings-seats", &[("n", table.seats.len().into())])];
    lines.push(if o.inquisitor {
        t("settings-inquisitor")
    } else {
        t("settings-ambassador")
    });
    if o.allegiances {
        lines.push(t("settings-reformation"));
    }
    if o.two_player_draft {
        lines.push(t("option-draft"));
    }
    lines.push(tr(
        "settings-turn-timer",
        &[("timer", timer_name(table.timers.turn_ms).into())],
    ));
    if table.fair {
        lines.push(t("settings-fair"));
    } else {
        lines.push(tr(
            "settings-bots",
            &[("level", level_name(table.default_bot).into())],
        ));
    }
    if table.locked {
        lines.push(t("settings-locked"));
    }
    lines
}

/// A bot level's name.
pub fn level_name(level: BotLevel) -> String {
    let id = match level {
        BotLevel::Easy => "easy",
        BotLevel::Normal => "normal",
        BotLevel::Hard => "hard",
    };
    tr("level-name", &[("level", id.into())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_countdown_never_shows_more_than_its_limit() {
        // The page's estimate of the host's clock may be a little ahead.
        assert_eq!(shown_seconds(60_400, Some(60_000)), 60);
        assert_eq!(shown_seconds(59_001, Some(60_000)), 60);
        assert_eq!(shown_seconds(59_000, Some(60_000)), 59);
        assert_eq!(shown_seconds(1, Some(15_000)), 1);
        assert_eq!(shown_seconds(0, Some(15_000)), 0);
        assert_eq!(shown_seconds(90_000, None), 90);
    }

    #[test]
    fn timers_read_as_phrases() {
        assert_eq!(timer_name(None), "no limit");
        assert_eq!(timer_name(Some(60_000)), "60 s");
        assert_eq!(timer_name(Some(120_000)), "2 min");
        assert_eq!(timer_name(Some(1_500)), "2 s");
    }

    #[test]
    fn a_bad_text_from_the_host_is_a_notice_and_harms_nothing() {
        let mut t = Table::new("Ana", None);
        let r = t.receive("{not json", 5);
        assert_eq!(r.notices.len(), 1);
        assert!(r.notices[0].starts_with("Ignored a message from the host"));
        assert!(!r.closed && !r.resync, "not welcomed: nothing to resync");
        assert!(t.guest().table().is_none());
    }

    #[test]
    fn a_watcher_is_seated_in_a_bots_place_else_an_open_seat_else_one_more() {
        use shared::engine::Options;
        use shared::session::protocol::{MemberInfo, Phase, Timers};
        let person = |id: u32| MemberInfo {
            id: MemberId(id),
            name: format!("P{id}"),
            connected: true,
            stand_in_at: None,
        };
        let bot = || SeatInfo::Bot {
            level: BotLevel::Easy,
            name: "Cleo".into(),
        };
        let seated = |id| SeatInfo::Person {
            member: person(id),
            stand_in: false,
        };
        let mut t = TableInfo {
            phase: Phase::Lobby,
            seats: vec![seated(0), bot(), SeatInfo::Open, bot()],
            watchers: vec![person(7)],
            options: Options::default(),
            timers: Timers::default(),
            default_bot: BotLevel::Easy,
            host: MemberId(0),
            game_no: 0,
            locked: false,
            fair: false,
        };
        let sit = |seat: u8| AdminCmd::Sit {
            member: MemberId(7),
            seat: Seat(seat),
        };
        assert_eq!(
            seat_watcher(&t, MemberId(7)),
            [sit(3)],
            "the last bot's place"
        );
        assert_eq!(seat_watcher(&t, MemberId(0)), [], "only a watcher");
        t.seats = vec![seated(0), SeatInfo::Open, seated(1)];
        assert_eq!(seat_watcher(&t, MemberId(7)), [sit(1)], "an open seat");
        t.seats = vec![seated(0), seated(1)];
        assert_eq!(
            seat_watcher(&t, MemberId(7)),
            [AdminCmd::SetSeatCount { count: 3 }, sit(2)],
            "one more seat"
        );
        t.seats = (0..10).map(seated).collect();
        assert_eq!(
            seat_watcher(&t, MemberId(7)),
            [],
            "ten people: no seat to give"
        );
    }
}
