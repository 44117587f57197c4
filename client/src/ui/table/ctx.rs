//! What a table on screen draws from and does: a [`TableCtx`] for any guest, and the
//! [`Snap`] of the state it draws, taken after each change.

use leptos::prelude::*;
use shared::engine::{ActionKind, Input, Seat, View};
use shared::session::protocol::{AdminCmd, BotLevel, LogItem, Note, Reveal, SeatInfo, Timers};

use shared::fair::CardAnswer;

use crate::app::Ctl;
use crate::model::fair::{self, FairShown};
use crate::model::words::{LogLine, log_lines, note_sentence, seat_names};
use crate::model::{Intent, Table};

/// What a table on screen draws from and does (Leptos context inside [`TableView`]).
#[derive(Clone, Copy)]
pub(crate) struct TableCtx {
    /// The state to draw; `None` before the deal.
    pub snap: Memo<Option<Snap>>,
    /// Page time in ms (the countdowns).
    pub now: RwSignal<u64>,
    /// The seconds a seat's countdown shows at a page time (only where a person decides).
    pub countdown: Callback<(Seat, u64), Option<u64>>,
    /// Plays one of our legal inputs.
    pub play: Callback<Input>,
    /// Answers what a fair table asks of our seat.
    pub answer: Callback<CardAnswer>,
    /// Deals again after a game (only where we are the referee).
    pub rematch: Option<Callback<()>>,
    /// Puts the finished game away and goes back to the table's lobby, where the settings
    /// can change (a room's host only).
    pub to_lobby: Option<Callback<()>>,
    /// Leaves the table (after asking).
    pub leave: Callback<()>,
    /// What the leave button says.
    pub leave_label: &'static str,
    /// Whether the table's bar offers Leave (a room has its own, in the room's bar).
    pub bar_leave: bool,
    /// The targeted action chosen on our turn, whose target is still to pick: its targets'
    /// seats take a tap as well as the panel's buttons.
    pub aiming: RwSignal<Option<ActionKind>>,
    /// Whether the target was picked (a seat tapped or a target's button pressed): the
    /// action is on its way, and nothing more is taken until the next decision.
    pub aim_sent: RwSignal<bool>,
}

impl TableCtx {
    /// The table of this page's session: `in_room` tables offer the way back to the lobby,
    /// a table against bots goes back to the first page.
    pub fn of(ctl: Ctl, in_room: bool) -> TableCtx {
        let hosting = ctl.session.with_untracked(|s| s.hosting());
        let snap = Memo::new(move |_| {
            ctl.session.with(|s| {
                let mut snap = s.table().and_then(snap_of)?;
                snap.paused = s.decisions_paused();
                Some(snap)
            })
        });
        let admin =
            move |cmd: AdminCmd| Callback::new(move |()| ctl.send(Intent::Admin(cmd.clone())));
        TableCtx {
            snap,
            now: ctl.now,
            countdown: Callback::new(move |(seat, now): (Seat, u64)| {
                ctl.session
                    .with(|s| s.table().and_then(|t| t.countdown(seat, now)))
            }),
            play: Callback::new(move |i: Input| ctl.send(Intent::Play(i))),
            answer: Callback::new(move |a: CardAnswer| ctl.send(Intent::FairAnswer(a))),
            rematch: hosting.then(|| admin(AdminCmd::Rematch)),
            to_lobby: (hosting && in_room).then(|| admin(AdminCmd::EndGame)),
            leave: Callback::new(move |()| ctl.send(Intent::Leave)),
            leave_label: if in_room {
                "leave-room"
            } else {
                "back-to-start"
            },
            bar_leave: !in_room,
            aiming: RwSignal::new(None),
            aim_sent: RwSignal::new(false),
        }
    }
}

/// How many lines of the log the table shows, newest first.
const LOG_LINES: usize = 120;

/// What the table shows, taken from the guest after each change.
#[derive(Clone, PartialEq)]
pub(crate) struct Snap {
    pub names: Vec<String>,
    /// Each seat's bot level, for bots.
    pub bots: Vec<Option<BotLevel>>,
    pub me: Option<Seat>,
    pub view: View,
    pub legal: Vec<Input>,
    /// The log's lines, oldest first, each with the number of its log entry.
    pub log: Vec<LogLine>,
    pub problem: Option<String>,
    /// What the host revealed at the end (R11.3).
    pub reveal: Option<Reveal>,
    /// Our time ran out just now: what the log says of it.
    pub timed_out: Option<String>,
    pub timers: Timers,
    /// A fair room: what it shows and asks.
    pub fair: Option<FairShown>,
    /// The link to the host is down: our decisions stay on screen, inert, until it is back.
    pub paused: bool,
    /// Which game of the table this is (a rematch deals the next).
    pub game_no: u32,
    /// Each seat's presence, seat 0 first.
    pub presence: Vec<Presence>,
    /// The seats the table waits for now. In a fair room a seat may owe an answer with its
    /// own cards, which the game's view does not name: the host's deadlines do.
    pub owes: Vec<Seat>,
}

/// Whether a seat's person is at the table, as every page sees it on the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Presence {
    /// Here, or no person (a bot, an open seat).
    Here,
    /// Away (their link dropped), and when (page time) a stand-in answers for them unless
    /// they are back (`None`: not during a game).
    Away(Option<u64>),
    /// Away, and the seat's stand-in answers for them meanwhile.
    StandIn,
}

impl Snap {
    /// Whether something is ours to decide or answer now.
    pub fn owed(&self) -> bool {
        !self.legal.is_empty() || self.fair.as_ref().is_some_and(|f| f.ask.is_some())
    }
}

/// The table's state as our seat sees it, with the last refusal to show.
pub(crate) fn snap_of(t: &Table) -> Option<Snap> {
    let g = t.guest();
    let game = g.game()?;
    let me = g.seat();
    let info = g.table();
    let names = info.map(|t| seat_names(t, me)).unwrap_or_default();
    let bots = info
        .map(|t| {
            t.seats
                .iter()
                .map(|s| match s {
                    SeatInfo::Bot { level, .. } => Some(*level),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let options = game.view.options;
    let mut log = log_lines(g.log(), game.game_no, &names, me, options);
    log.drain(..log.len().saturating_sub(LOG_LINES));
    // Our time ran out when one of the last few things that happened says so.
    let timed_out = me.and_then(|me| {
        g.log().iter().rev().take(4).find_map(|e| match &e.item {
            LogItem::Note {
                note: note @ Note::TimedOut { seat, .. },
            } if *seat == me => note_sentence(note).map(|s| s.render(&names, Some(me))),
            _ => None,
        })
    });
    let owes = if info.is_some_and(|t| t.fair) && !game.deadlines.is_empty() {
        game.deadlines.iter().map(|d| d.seat).collect()
    } else {
        game.view.pending.owes().iter().collect()
    };
    let presence = info
        .map(|t| {
            t.seats
                .iter()
                .map(|s| match s {
                    SeatInfo::Person { stand_in: true, .. } => Presence::StandIn,
                    SeatInfo::Person { member, .. } if !member.connected => {
                        Presence::Away(member.stand_in_at.map(|at| g.local_time(at)))
                    }
                    _ => Presence::Here,
                })
                .collect()
        })
        .unwrap_or_default();
    Some(Snap {
        game_no: game.game_no,
        presence,
        owes,
        names: names.clone(),
        bots,
        me,
        view: game.view.clone(),
        legal: game.legal.clone(),
        log,
        problem: t.problem.clone(),
        reveal: game.reveal.clone(),
        timed_out,
        timers: info.map(|t| t.timers).unwrap_or_default(),
        fair: fair::shown(g, &names),
        paused: false,
    })
}
