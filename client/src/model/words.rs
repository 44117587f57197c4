//! The words the table shows: each event as a sentence, and the labels of the decision
//! buttons. Plain logic, unit-tested natively.
//!
//! Every word comes from the message catalog ([`crate::i18n`]). A sentence is a message and
//! its arguments — the seats it names, its numbers, its cards — and is only written out for
//! one reader ([`Sentence::render`]): each seat goes to the catalog as a name and a `-you`
//! flag, so the catalog puts our own seat in the second person ("You block", "Ana steals
//! 2 coins from you", "— Your turn —") and picks each number's plural form itself.

use shared::engine::{
    Action, ActionKind, Allegiance, Card, ClaimEntry, ClaimFor, Claimed, Event, Input, Options,
    Outcome, Seat, Turn,
};
use shared::session::protocol::{DecisionKind, LogEntry, LogItem, Note, SeatInfo, TableInfo};

use crate::i18n::{Arg, t, tr};

/// One argument of a sentence before it is written for a reader.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// A seat: its name, and whether it is the reader's.
    Seat(Seat),
    /// Anything else, as it goes to the catalog.
    Arg(Arg),
    /// A sentence of its own inside this one, written for the same reader.
    Nested(Box<Sentence>),
}

/// An event's sentence before it is written for a reader: a message and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    /// The message.
    pub id: &'static str,
    /// Its arguments, by name.
    pub args: Vec<(&'static str, Part)>,
}

impl Sentence {
    fn new(id: &'static str) -> Sentence {
        Sentence {
            id,
            args: Vec::new(),
        }
    }

    fn seat(mut self, key: &'static str, s: Seat) -> Sentence {
        self.args.push((key, Part::Seat(s)));
        self
    }

    fn arg(mut self, key: &'static str, a: impl Into<Arg>) -> Sentence {
        self.args.push((key, Part::Arg(a.into())));
        self
    }

    fn nest(mut self, key: &'static str, inner: Sentence) -> Sentence {
        self.args.push((key, Part::Nested(Box::new(inner))));
        self
    }

    /// The sentence for a reader sitting at `me` (`None`: a watcher), with the seats'
    /// names.
    pub fn render(&self, names: &[String], me: Option<Seat>) -> String {
        let mut keys: Vec<(String, Arg)> = Vec::with_capacity(self.args.len() * 2);
        for (k, p) in &self.args {
            match p {
                Part::Seat(s) => {
                    keys.push(((*k).to_owned(), Arg::Text(name(names, *s).to_owned())));
                    let you = if me == Some(*s) { "yes" } else { "no" };
                    keys.push((format!("{k}-you"), Arg::Text(you.into())));
                }
                Part::Arg(a) => keys.push(((*k).to_owned(), a.clone())),
                Part::Nested(inner) => {
                    keys.push(((*k).to_owned(), Arg::Text(inner.render(names, me))));
                }
            }
        }
        let args: Vec<(&str, Arg)> = keys.iter().map(|(k, a)| (k.as_str(), a.clone())).collect();
        tr(self.id, &args)
    }
}

/// How our own seat is named wherever the table lists seats.
pub fn you() -> String {
    t("you")
}

/// The seats' names, seat 0 first; `me`'s is [`you`].
pub fn seat_names(table: &TableInfo, me: Option<Seat>) -> Vec<String> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if me == Some(Seat::at(i)) {
                return you();
            }
            match s {
                SeatInfo::Open => tr("seat-open", &[("n", (i + 1).into())]),
                SeatInfo::Bot { name, .. } => name.clone(),
                SeatInfo::Person { member, .. } => member.name.clone(),
            }
        })
        .collect()
}

/// A card's id in the catalog's selectors: its protocol name.
pub fn card_id(c: Card) -> &'static str {
    c.name()
}

fn card_msg(id: &str, c: Option<Card>) -> String {
    tr(id, &[("card", c.map_or("hidden", card_id).into())])
}

/// A card's name as printed on it.
pub fn card_name(c: Card) -> String {
    card_msg("card-name", Some(c))
}

/// "a Duke", "an Ambassador", "an Inquisitor"; "a card" when not shown.
pub fn a_card(c: Option<Card>) -> String {
    card_msg("card-a", c)
}

/// "the Duke"; "the card" when not shown.
pub fn the_card(c: Option<Card>) -> String {
    card_msg("card-the", c)
}

fn side_id(a: Allegiance) -> &'static str {
    match a {
        Allegiance::Loyalist => "loyalist",
        Allegiance::Reformist => "reformist",
    }
}

/// An allegiance's name.
pub fn allegiance_name(a: Allegiance) -> String {
    tr("side-name", &[("side", side_id(a).into())])
}

/// "1 coin", "3 coins".
pub fn coins(n: u16) -> String {
    tr("coins", &[("n", n.into())])
}

fn name(names: &[String], s: Seat) -> &str {
    names.get(s.index()).map_or("?", String::as_str)
}

/// An action's name, as its button and the card reference say it.
pub fn action_title(k: ActionKind) -> String {
    tr("action-title", &[("action", k.name().into())])
}

/// What an action claims and does, after its name on a button (R4): "claim Duke: take 3
/// coins", "take 1 coin".
pub fn action_effect(k: ActionKind, options: Options) -> String {
    let id = match k {
        ActionKind::Exchange if options.inquisitor => "exchange-one",
        ActionKind::Steal if options.inquisitor => "steal-inquisitor",
        k => k.name(),
    };
    let effect = tr("action-effect", &[("action", id.into())]);
    match k.claim(options) {
        Some(Claimed::Card(c)) => tr(
            "action-claim",
            &[("card", card_name(c).into()), ("effect", effect.into())],
        ),
        Some(Claimed::NotDuke) => tr("action-claim-no-duke", &[("effect", effect.into())]),
        None => effect,
    }
}

/// An action's button: "Tax — claim Duke: take 3 coins".
pub fn action_button(k: ActionKind, options: Options) -> String {
    tr(
        "action-button",
        &[
            ("title", action_title(k).into()),
            ("effect", action_effect(k, options).into()),
        ],
    )
}

/// What an action does to its target, for the target buttons' accessible names: "Steal
/// from Bo", "Coup Bo", "Convert You".
pub fn action_label(a: Action, names: &[String]) -> String {
    match a.target() {
        Some(target) if a.kind().targeted() => tr(
            "action-on",
            &[
                ("action", a.kind().name().into()),
                ("target", name(names, target).into()),
            ],
        ),
        _ => action_title(a.kind()),
    }
}

/// The label of a decision button outside a turn's actions.
pub fn input_label(i: &Input, names: &[String]) -> String {
    let card = |id: &str, c: Card| tr(id, &[("card", card_name(c).into())]);
    match i {
        Input::Act(a) => action_label(*a, names),
        Input::Pass => t("input-pass"),
        Input::Challenge => t("input-challenge"),
        Input::Block(c) => card("input-block", *c),
        Input::Lose(c) => card("input-lose", *c),
        Input::Keep(k) => {
            let cards: Vec<String> = k.cards().iter().map(|c| card_name(*c)).collect();
            tr("input-keep", &[("cards", cards.join(" + ").into())])
        }
        Input::Show(c) => card("input-show", *c),
        Input::GiveBack => t("input-give-back"),
        Input::ForceExchange => t("input-force-exchange"),
        Input::Draft(c) => card("input-draft", *c),
        Input::Allegiance(a) => tr("input-side", &[("side", allegiance_name(*a).into())]),
    }
}

/// What a choice means, under its button: the risk of a challenge, what a block stops.
/// `turn` is the turn being answered; `me` our seat.
pub fn input_hint(
    i: &Input,
    turn: Option<&Turn>,
    names: &[String],
    me: Option<Seat>,
    hidden: usize,
) -> String {
    // "Both your cards" only to a target who has two to lose: with one, either way is out.
    let on_me = turn.is_some_and(|t| t.action.target() == me && me.is_some()) && hidden >= 2;
    let assassination = turn.is_some_and(|t| t.action.kind() == ActionKind::Assassinate);
    match i {
        Input::Challenge => {
            // Who made the claim being challenged: the blocker, or else the actor.
            let Some(turn) = turn else {
                return String::new();
            };
            let claimant = turn.block.map_or(turn.actor, |(b, _)| b);
            let id = if turn.block.is_none() && turn.action.kind() == ActionKind::Embezzle {
                "hint-challenge-embezzle"
            } else {
                "hint-challenge"
            };
            let mut s = tr(id, &[("claimant", name(names, claimant).into())]);
            if on_me && assassination && turn.block.is_none() {
                // R6.4: losing the challenge and then the assassination.
                s.push(' ');
                s.push_str(&t("hint-challenge-both"));
            }
            s
        }
        Input::Block(c) => {
            let mut s = tr("hint-block", &[("card", the_card(Some(*c)).into())]);
            if on_me && assassination {
                // R6.4: a disproven Contessa loses one for the challenge, one for the hit.
                s.push(' ');
                s.push_str(&t("hint-block-both"));
            }
            s
        }
        Input::Pass => match turn {
            Some(t) if t.block.is_some() => crate::i18n::t("hint-pass-block"),
            Some(_) => t("hint-pass"),
            None => String::new(),
        },
        Input::Lose(c) => tr("hint-lose", &[("card", card_name(*c).into())]),
        Input::Keep(_) | Input::Act(_) => String::new(),
        Input::Show(_) => t("hint-show"),
        Input::GiveBack => t("hint-give-back"),
        Input::ForceExchange => t("hint-force-exchange"),
        Input::Draft(_) => t("hint-draft"),
        Input::Allegiance(_) => t("hint-side"),
    }
}

/// A character's one-line ability, as our cards print it (R4, R7).
pub fn ability(c: Card) -> String {
    card_msg("ability", Some(c))
}

/// Exchange's choices, each distinct hand once: keeping Duke and Captain is one choice,
/// whichever of the two was drawn.
pub fn distinct_keeps(legal: &[Input]) -> Vec<Input> {
    let mut seen: Vec<Vec<Card>> = Vec::new();
    let mut out = Vec::new();
    for i in legal {
        if let Input::Keep(k) = i {
            let mut cards = k.cards().to_vec();
            cards.sort_by_key(|c| c.index());
            if seen.contains(&cards) {
                continue;
            }
            seen.push(cards);
        }
        out.push(*i);
    }
    out
}

/// One claim of the record in plain words: "Duke for Tax", then how it ended. `truth` is
/// what the host told after the game (R11.3), when it did.
pub fn claim_words(c: &ClaimEntry, truth: Option<bool>) -> (String, String) {
    let card = match c.card {
        Claimed::Card(card) => card_name(card),
        Claimed::NotDuke => t("no-duke"),
    };
    let what = match c.for_ {
        ClaimFor::Action(k) => tr(
            "claim-for-action",
            &[("card", card.into()), ("action", action_title(k).into())],
        ),
        ClaimFor::Block => tr("claim-to-block", &[("card", card.into())]),
    };
    let how = match (c.outcome, truth) {
        (Outcome::Pending, _) => "pending",
        (Outcome::Shown, _) => "shown",
        (Outcome::Lost, _) => "lost",
        (Outcome::Unchallenged, Some(true)) => "true",
        (Outcome::Unchallenged, Some(false)) => "false",
        (Outcome::Unchallenged, None) => "unchallenged",
    };
    (what, tr("claim-outcome", &[("outcome", how.into())]))
}

/// Whether an action button is a costly/aggressive move (styled apart).
pub fn is_targeted(i: &Input) -> bool {
    matches!(i, Input::Act(a) if a.target().is_some())
}

/// One event as `me` reads it, or `None` for bookkeeping nobody needs to read.
pub fn describe(e: &Event, names: &[String], me: Option<Seat>, options: Options) -> Option<String> {
    sentence(e, options).map(|s| s.render(names, me))
}

/// One line of the table's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The number of its log entry.
    pub n: u64,
    /// The line, written for its reader.
    pub text: String,
    /// Whether it opens a turn ("— Ana's turn —").
    pub turn: bool,
}

impl LogLine {
    /// What tells one line from another on the table: its entry and its text (a rematch
    /// numbers its entries anew).
    pub fn key(&self) -> (u64, String) {
        (self.n, self.text.clone())
    }
}

/// The log's lines in the order the table shows them: the newest turn first, and each
/// turn's lines, its heading first, in the order they happened. A reader then finds
/// the turn being played at the top and reads each turn as it went ("claims the Duke to
/// take Tax", then "takes 3 coins"), instead of reading every line backwards, with each
/// heading under the lines of its turn. Lines before the first heading (a log cut short)
/// are a turn of their own.
pub fn reading_order(lines: &[LogLine]) -> Vec<LogLine> {
    let mut turns: Vec<&[LogLine]> = Vec::new();
    let mut start = 0;
    for (i, line) in lines.iter().enumerate() {
        if line.turn && i > start {
            turns.push(&lines[start..i]);
            start = i;
        }
    }
    if start < lines.len() {
        turns.push(&lines[start..]);
    }
    turns.into_iter().rev().flatten().cloned().collect()
}

/// The log of game `game_no` as `me` reads it, oldest first: its events and the notes about
/// the table since it was dealt, one line per thing that happened. The first turn is
/// written though the engine emits no `TurnStarted` for it; an Income's coin is part of
/// its line; an early block is written once, not again when it comes into play; an
/// exchange's two draws are one line ("You draw a Duke and a Captain", "Bo draws two
/// cards").
pub fn log_lines(
    entries: &[LogEntry],
    game_no: u32,
    names: &[String],
    me: Option<Seat>,
    options: Options,
) -> Vec<LogLine> {
    let mut out = Vec::new();
    let mut started = false;
    let mut turn_seen = false;
    let mut prev: Option<Event> = None;
    let mut early: Option<(Seat, Card)> = None;
    // The last line written, when it tells one card drawn: a second draw joins it.
    let mut drew: Option<(Seat, Option<Card>)> = None;
    for e in entries {
        let line = |text: String, turn: bool| LogLine { n: e.n, text, turn };
        let heading = |seat: Seat| {
            let text = Sentence::new("log-turn").seat("seat", seat);
            line(text.render(names, me), true)
        };
        match &e.item {
            LogItem::Note {
                note: Note::GameStarted { game_no: g, first },
            } => {
                started = *g == game_no;
                // The first turn is told as the game starts, not only once its player
                // has acted (a log cut short of the start falls back to that below).
                if started && let Some(first) = first {
                    turn_seen = true;
                    out.push(heading(*first));
                }
            }
            LogItem::Note { note } if started => {
                if let Some(s) = note_sentence(note) {
                    out.push(line(s.render(names, me), false));
                }
            }
            LogItem::Event { game_no: g, event } if *g == game_no => {
                started = true;
                let event = *event;
                let skip = match event {
                    Event::TurnStarted { .. } => {
                        turn_seen = true;
                        early = None;
                        false
                    }
                    Event::Declared { seat, .. } if !turn_seen => {
                        turn_seen = true;
                        out.push(heading(seat));
                        false
                    }
                    Event::Gained { seat, .. } => matches!(
                        prev,
                        Some(Event::Declared { seat: s, action: Action::Income, .. }) if s == seat
                    ),
                    Event::EarlyBlock { seat, card } => {
                        early = Some((seat, card));
                        false
                    }
                    Event::BlockDeclared { seat, card } => early == Some((seat, card)),
                    _ => false,
                };
                prev = Some(event);
                if skip {
                    continue;
                }
                if let Event::Drew { seat, card } = event {
                    if let Some((s, first)) = drew.take()
                        && s == seat
                        && out.pop().is_some()
                    {
                        let both = drew_two(seat, first, card);
                        out.push(line(both.render(names, me), false));
                    } else if let Some(text) = describe(&event, names, me, options) {
                        drew = Some((seat, card));
                        out.push(line(text, false));
                    }
                    continue;
                }
                if let Some(text) = describe(&event, names, me, options) {
                    drew = None;
                    out.push(line(text, matches!(event, Event::TurnStarted { .. })));
                }
                continue;
            }
            _ => {}
        }
        // A note or another game's entry written in between: the next draw is a line of
        // its own.
        drew = None;
    }
    out
}

/// Two cards drawn one after the other by `seat`: both named when the reader saw them
/// ("a Duke and a Captain"), else their number.
fn drew_two(seat: Seat, first: Option<Card>, second: Option<Card>) -> Sentence {
    match (first, second) {
        (Some(_), Some(_)) => {
            let (a, b) = (a_card(first), a_card(second));
            let both = tr(
                "list-and",
                &[("a", a.as_str().into()), ("b", b.as_str().into())],
            );
            Sentence::new("log-drew")
                .seat("seat", seat)
                .arg("card", both)
        }
        _ => Sentence::new("log-drew-hidden")
            .seat("seat", seat)
            .arg("count", 2u16),
    }
}

/// A note about the table as a sentence, or `None` for those the log does not show.
pub fn note_sentence(n: &Note) -> Option<Sentence> {
    let named = |id, name: &str| Sentence::new(id).arg("name", name);
    Some(match n {
        Note::Joined { name, .. } => named("note-joined", name),
        Note::Left { name, .. } => named("note-left", name),
        Note::Returned { name, .. } => named("note-returned", name),
        Note::Kicked { name, .. } => named("note-kicked", name),
        Note::HostMoved { to_name, .. } => named("note-host-moved", to_name),
        Note::StandIn { seat } => Sentence::new("note-stand-in").seat("seat", *seat),
        Note::TimedOut { seat, kind } => Sentence::new("note-timed-out").seat("seat", *seat).arg(
            "kind",
            match kind {
                DecisionKind::Window => "window",
                DecisionKind::Turn => "turn",
                DecisionKind::Choice => "choice",
            },
        ),
        Note::FairFault {
            seat: Some(seat), ..
        } => Sentence::new("note-fair-fault").seat("seat", *seat),
        Note::FairFault { seat: None, .. } => Sentence::new("note-fair-fault-stream"),
        Note::FairLeft {
            seat,
            goes_on: true,
            ..
        } => Sentence::new("note-fair-left").seat("seat", *seat),
        Note::FairLeft {
            seat,
            goes_on: false,
            ..
        } => Sentence::new("note-fair-left-end").seat("seat", *seat),
        Note::FairRefused { seat, .. } => Sentence::new("note-fair-refused").seat("seat", *seat),
        Note::FairStalled { seat, .. } => Sentence::new("note-fair-stalled").seat("seat", *seat),
        Note::GameStarted { .. } | Note::GameEnded { .. } => return None,
    })
}

/// The event's sentence, before it is written for a reader.
pub fn sentence(e: &Event, options: Options) -> Option<Sentence> {
    let at = |id, seat| Sentence::new(id).seat("seat", seat);
    let two = |id, actor, target| {
        Sentence::new(id)
            .seat("actor", actor)
            .seat("target", target)
    };
    let cards_and = |cards: Vec<String>| match cards.as_slice() {
        [a, b] => tr(
            "list-and",
            &[("a", a.as_str().into()), ("b", b.as_str().into())],
        ),
        _ => cards.join(", "),
    };
    Some(match *e {
        Event::DraftPicked { seat, card } => at("log-draft-picked", seat).arg("card", a_card(card)),
        Event::DraftDealt { seat, card } => at("log-draft-dealt", seat).arg("card", a_card(card)),
        Event::AllegianceChosen { seat, allegiance } => {
            at("log-side-chosen", seat).arg("side", allegiance_name(allegiance))
        }
        Event::TurnStarted { seat } => at("log-turn", seat),
        Event::Declared { seat, action, paid } => {
            // A claimed action says the character and what it is for; Conversion claims
            // nothing and says what it is.
            let purpose = |id: &'static str, target: Option<Seat>| {
                let mut p = Sentence::new("purpose").arg("action", id);
                if let Some(t) = target {
                    p = p.seat("target", t);
                }
                p
            };
            let claimed = |p: Sentence| {
                match action.claim(options) {
                    Some(Claimed::Card(c)) => Sentence::new("log-claims")
                        .seat("actor", seat)
                        .arg("claim", the_card(Some(c))),
                    Some(Claimed::NotDuke) => Sentence::new("log-claims")
                        .seat("actor", seat)
                        .arg("claim", t("claim-no-duke")),
                    None => Sentence::new("log-chooses").seat("actor", seat),
                }
                .nest("purpose", p)
            };
            let line = match action {
                // Its coin comes in the same moment: one line, and `Gained` is not written.
                Action::Income => Sentence::new("log-income").seat("actor", seat),
                Action::ForeignAid => Sentence::new("log-foreign-aid").seat("actor", seat),
                Action::Coup(t) => two("log-coup", seat, t),
                Action::Tax => claimed(purpose("tax", None)),
                Action::Assassinate(t) => claimed(purpose("assassinate", Some(t))),
                Action::Steal(t) => claimed(purpose("steal", Some(t))),
                Action::Exchange => claimed(purpose("exchange", None)),
                Action::Examine(t) => claimed(purpose("examine", Some(t))),
                Action::Convert(t) if t == seat => claimed(purpose("convert-self", None)),
                Action::Convert(t) => claimed(purpose("convert", Some(t))),
                Action::Embezzle => claimed(purpose("embezzle", None)),
            };
            if paid > 0 {
                Sentence::new("log-paying")
                    .arg("paid", paid)
                    .nest("line", line)
            } else {
                line
            }
        }
        Event::WindowOpened { .. } | Event::Unchallenged { .. } => return None,
        // Silent: a pass changes nothing, and a challenge or a block has its own event.
        Event::Answered { .. } => return None,
        Event::EarlyBlock { seat, card } => {
            at("log-early-block", seat).arg("card", the_card(Some(card)))
        }
        Event::BlockDeclared { seat, card } => {
            at("log-block", seat).arg("card", the_card(Some(card)))
        }
        Event::Challenged {
            challenger,
            claimant,
            claim,
        } => Sentence::new("log-challenge")
            .seat("challenger", challenger)
            .seat("claimant", claimant)
            .arg(
                "claim",
                match claim {
                    Claimed::Card(c) => card_name(c),
                    Claimed::NotDuke => t("challenged-no-duke"),
                },
            ),
        Event::Proved { seat, card } => at("log-proved", seat).arg("card", a_card(Some(card))),
        Event::ShowedHand { seat, cards } => {
            let shown: Vec<String> = cards.iter().flatten().map(|c| card_name(*c)).collect();
            at("log-showed-hand", seat).arg("cards", cards_and(shown))
        }
        Event::Disproved { seat, claim } => at("log-disproved", seat).arg(
            "what",
            match claim {
                Claimed::Card(c) => tr("no-card", &[("card", card_name(c).into())]),
                Claimed::NotDuke => t("duke-after-all"),
            },
        ),
        Event::Refunded { seat, coins: n } => at("log-refunded", seat).arg("coins", n),
        Event::Drew { seat, card } => at("log-drew", seat).arg("card", a_card(card)),
        Event::CourtShuffled => Sentence::new("log-court-shuffled"),
        Event::LostInfluence { seat, card } => {
            at("log-lost-influence", seat).arg("card", a_card(Some(card)))
        }
        Event::LostFaceDown { seat } => at("log-lost-face-down", seat),
        Event::Eliminated { seat } => at("log-eliminated", seat),
        Event::ActionBlocked { seat } => at("log-action-blocked", seat),
        Event::Gained { seat, coins: n } => at("log-gained", seat).arg("coins", n),
        Event::Stole {
            seat,
            from,
            coins: n,
        } => two("log-stole", seat, from).arg("coins", n),
        Event::Embezzled { seat, coins: n } => at("log-embezzled", seat).arg("coins", n),
        Event::Converted {
            seat,
            target,
            allegiance,
        } => {
            let side = allegiance_name(allegiance);
            if seat == target {
                at("log-converted-self", seat).arg("side", side)
            } else {
                two("log-converted", seat, target).arg("side", side)
            }
        }
        Event::Exchanged { seat, returned } => {
            let back: Vec<String> = returned
                .iter()
                .flatten()
                .map(|c| a_card(Some(*c)))
                .collect();
            if back.is_empty() {
                at("log-exchanged", seat)
            } else {
                at("log-exchanged-returning", seat).arg("cards", cards_and(back))
            }
        }
        Event::Shown {
            seat,
            examiner,
            card,
        } => two("log-shown", seat, examiner).arg("card", a_card(card)),
        Event::GaveBack { seat, target } => two("log-gave-back", seat, target),
        Event::ForcedExchange { seat, target, card } => {
            two("log-forced-exchange", seat, target).arg("card", the_card(card))
        }
        Event::CoinsReturned { seat, coins: n } => at("log-coins-returned", seat).arg("coins", n),
        Event::GameOver { winner } => at("log-game-over", winner),
    })
}

/// Upper-cases the first letter.
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec![you(), "Ana".into(), "Bo".into()]
    }

    fn read(e: Event, me: Option<Seat>) -> Option<String> {
        describe(&e, &names(), me, Options::default())
    }

    #[test]
    fn an_action_nobody_claims_says_what_it_is() {
        let me = Some(Seat(0));
        let income = Event::Declared {
            seat: Seat(0),
            action: Action::Income,
            paid: 0,
        };
        assert_eq!(read(income, me).as_deref(), Some("You take Income: 1 coin"));
        let aid = Event::Declared {
            seat: Seat(1),
            action: Action::ForeignAid,
            paid: 0,
        };
        assert_eq!(read(aid, me).as_deref(), Some("Ana asks for Foreign Aid"));
    }

    #[test]
    fn a_claim_names_the_character_and_what_it_is_for() {
        let tax = Event::Declared {
            seat: Seat(1),
            action: Action::Tax,
            paid: 0,
        };
        assert_eq!(
            read(tax, Some(Seat(0))).as_deref(),
            Some("Ana claims the Duke to take Tax")
        );
        let hit = Event::Declared {
            seat: Seat(0),
            action: Action::Assassinate(Seat(2)),
            paid: 3,
        };
        assert_eq!(
            read(hit, Some(Seat(0))).as_deref(),
            Some("You claim the Assassin to assassinate Bo (paying 3 coins)")
        );
        let coup = Event::Declared {
            seat: Seat(2),
            action: Action::Coup(Seat(0)),
            paid: 7,
        };
        assert_eq!(
            read(coup, Some(Seat(0))).as_deref(),
            Some("Bo launches a coup against you (paying 7 coins)")
        );
    }

    #[test]
    fn our_own_seat_reads_in_the_second_person_with_the_verb_agreeing() {
        let me = Some(Seat(0));
        let cases = [
            (
                Event::Gained {
                    seat: Seat(0),
                    coins: 1,
                },
                "You take 1 coin",
            ),
            (Event::TurnStarted { seat: Seat(0) }, "— Your turn —"),
            (Event::TurnStarted { seat: Seat(1) }, "— Ana's turn —"),
            (
                Event::Eliminated { seat: Seat(0) },
                "You are out of the game",
            ),
            (
                Event::Stole {
                    seat: Seat(1),
                    from: Seat(0),
                    coins: 2,
                },
                "Ana steals 2 coins from you",
            ),
            (
                Event::BlockDeclared {
                    seat: Seat(0),
                    card: Card::Captain,
                },
                "You block, claiming the Captain",
            ),
            (
                Event::Exchanged {
                    seat: Seat(0),
                    returned: [None, None],
                },
                "You exchange with the Court",
            ),
            (
                Event::Proved {
                    seat: Seat(0),
                    card: Card::Ambassador,
                },
                "You show an Ambassador — the claim holds",
            ),
            (
                Event::CoinsReturned {
                    seat: Seat(0),
                    coins: 1,
                },
                "Your 1 coin goes back to the Treasury",
            ),
            (
                Event::Challenged {
                    challenger: Seat(2),
                    claimant: Seat(0),
                    claim: Claimed::Card(Card::Duke),
                },
                "Bo challenges your Duke",
            ),
            (Event::GameOver { winner: Seat(0) }, "You win the game!"),
        ];
        for (e, want) in cases {
            assert_eq!(read(e, me).as_deref(), Some(want), "{e:?}");
        }
    }

    #[test]
    fn a_watcher_reads_every_seat_by_name_in_the_third_person() {
        let names: Vec<String> = ["Cy", "Ana", "Bo"].map(String::from).into();
        let out = Event::Eliminated { seat: Seat(0) };
        let s = describe(&out, &names, None, Options::default());
        assert_eq!(s.as_deref(), Some("Cy is out of the game"));
        let turn = Event::TurnStarted { seat: Seat(0) };
        let s = describe(&turn, &names, None, Options::default());
        assert_eq!(s.as_deref(), Some("— Cy's turn —"));
    }

    #[test]
    fn bookkeeping_is_silent_and_unknown_seats_do_not_panic() {
        assert_eq!(read(Event::Unchallenged { claimant: Seat(1) }, None), None);
        let s = read(Event::Eliminated { seat: Seat(9) }, Some(Seat(0)));
        assert_eq!(s.as_deref(), Some("? is out of the game"));
    }

    #[test]
    fn labels_name_targets_and_cards() {
        let n = names();
        assert_eq!(
            input_label(&Input::Act(Action::Steal(Seat(2))), &n),
            "Steal from Bo"
        );
        assert_eq!(
            input_label(&Input::Block(Card::Contessa), &n),
            "Block with Contessa"
        );
        assert!(is_targeted(&Input::Act(Action::Coup(Seat(1)))));
        assert!(!is_targeted(&Input::Pass));
        assert_eq!(a_card(Some(Card::Inquisitor)), "an Inquisitor");
        assert_eq!(a_card(Some(Card::Duke)), "a Duke");
    }

    fn entry(n: u64, event: Event) -> LogEntry {
        LogEntry {
            n,
            item: LogItem::Event { game_no: 1, event },
        }
    }

    #[test]
    fn the_log_writes_the_first_turn_and_one_line_per_thing_that_happened() {
        let n = names();
        let entries = vec![
            LogEntry {
                n: 1,
                item: LogItem::Note {
                    note: Note::GameStarted {
                        game_no: 1,
                        first: Some(Seat(1)),
                    },
                },
            },
            entry(
                2,
                Event::Declared {
                    seat: Seat(1),
                    action: Action::Income,
                    paid: 0,
                },
            ),
            entry(
                3,
                Event::Gained {
                    seat: Seat(1),
                    coins: 1,
                },
            ),
            entry(4, Event::TurnStarted { seat: Seat(2) }),
            entry(
                5,
                Event::Declared {
                    seat: Seat(2),
                    action: Action::Steal(Seat(0)),
                    paid: 0,
                },
            ),
            entry(
                6,
                Event::EarlyBlock {
                    seat: Seat(0),
                    card: Card::Captain,
                },
            ),
            entry(
                7,
                Event::BlockDeclared {
                    seat: Seat(0),
                    card: Card::Captain,
                },
            ),
            LogEntry {
                n: 8,
                item: LogItem::Note {
                    note: Note::TimedOut {
                        seat: Seat(0),
                        kind: DecisionKind::Window,
                    },
                },
            },
            // An earlier game's events are not this game's log.
            LogEntry {
                n: 9,
                item: LogItem::Event {
                    game_no: 0,
                    event: Event::GameOver { winner: Seat(1) },
                },
            },
        ];
        let lines: Vec<String> = log_lines(&entries, 1, &n, Some(Seat(0)), Options::default())
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(
            lines,
            [
                "— Ana's turn —",
                "Ana takes Income: 1 coin",
                "— Bo's turn —",
                "Bo claims the Captain to steal from you",
                "You block at once, claiming the Captain",
                "Your time ran out: that counts as a pass",
            ]
        );
    }

    #[test]
    fn an_exchange_s_two_draws_are_one_line_for_the_drawer_and_for_the_others() {
        let n = names();
        let drew = |at: u64, seat: u8, card: Option<Card>| {
            entry(
                at,
                Event::Drew {
                    seat: Seat(seat),
                    card,
                },
            )
        };
        let draws = |first: Option<Card>, second: Option<Card>| {
            vec![
                entry(1, Event::TurnStarted { seat: Seat(1) }),
                entry(
                    2,
                    Event::Declared {
                        seat: Seat(1),
                        action: Action::Exchange,
                        paid: 0,
                    },
                ),
                drew(3, 1, first),
                drew(4, 1, second),
                // A third draw (none in one exchange) is a line of its own.
                drew(5, 1, first),
                // Another seat's draw is not joined to Ana's.
                drew(6, 2, None),
            ]
        };
        let read = |entries: &[LogEntry], me: Seat| -> Vec<String> {
            log_lines(entries, 1, &n, Some(me), Options::default())
                .into_iter()
                .skip(2)
                .map(|l| l.text)
                .collect()
        };
        assert_eq!(
            read(&draws(Some(Card::Duke), Some(Card::Captain)), Seat(1)),
            [
                "You draw a Duke and a Captain",
                "You draw a Duke",
                "Bo draws a card"
            ]
        );
        assert_eq!(
            read(&draws(None, None), Seat(0)),
            ["Ana draws 2 cards", "Ana draws a card", "Bo draws a card"]
        );
        // A line written in between (a card lost, here) keeps two draws apart.
        let mut apart = draws(Some(Card::Duke), Some(Card::Captain));
        apart.insert(
            3,
            entry(
                9,
                Event::LostInfluence {
                    seat: Seat(2),
                    card: Card::Contessa,
                },
            ),
        );
        assert_eq!(
            read(&apart, Seat(1))[..3],
            [
                "You draw a Duke",
                "Bo loses an influence: a Contessa",
                "You draw a Captain and a Duke"
            ]
        );
    }

    #[test]
    fn the_table_shows_the_newest_turn_first_and_each_turn_in_order() {
        let line = |n: u64, text: &str| LogLine {
            n,
            text: text.to_owned(),
            turn: text.starts_with('—'),
        };
        let log = [
            line(1, "Bo takes 1 coin"),
            line(2, "— Ana's turn —"),
            line(3, "Ana claims the Duke to take Tax"),
            line(4, "Ana takes 3 coins"),
            line(5, "— Your turn —"),
            line(6, "You take Income: 1 coin"),
            line(7, "— Bo's turn —"),
        ];
        let shown: Vec<String> = reading_order(&log).into_iter().map(|l| l.text).collect();
        assert_eq!(
            shown,
            [
                "— Bo's turn —",
                "— Your turn —",
                "You take Income: 1 coin",
                "— Ana's turn —",
                "Ana claims the Duke to take Tax",
                "Ana takes 3 coins",
                // Cut short before its heading: a turn of its own, the oldest.
                "Bo takes 1 coin",
            ]
        );
        assert!(reading_order(&[]).is_empty());
        // A log with no heading at all reads as it happened.
        let plain = [line(1, "a"), line(2, "b")];
        assert_eq!(reading_order(&plain), plain);
    }

    #[test]
    fn turn_lines_are_marked_as_such() {
        let n = names();
        let entries = [
            entry(1, Event::TurnStarted { seat: Seat(1) }),
            entry(
                2,
                Event::Declared {
                    seat: Seat(1),
                    action: Action::Income,
                    paid: 0,
                },
            ),
        ];
        let lines = log_lines(&entries, 1, &n, Some(Seat(0)), Options::default());
        let marks: Vec<bool> = lines.iter().map(|l| l.turn).collect();
        assert_eq!(marks, [true, false], "{lines:?}");
    }

    #[test]
    fn the_first_turn_is_told_before_its_player_acts() {
        let n = names();
        let start = LogEntry {
            n: 1,
            item: LogItem::Note {
                note: Note::GameStarted {
                    game_no: 1,
                    first: Some(Seat(1)),
                },
            },
        };
        let lines = |entries: &[LogEntry]| -> Vec<String> {
            log_lines(entries, 1, &n, Some(Seat(0)), Options::default())
                .into_iter()
                .map(|l| l.text)
                .collect()
        };
        assert_eq!(lines(std::slice::from_ref(&start)), ["— Ana's turn —"]);
        // Once, when the player then acts.
        let declared = entry(
            2,
            Event::Declared {
                seat: Seat(1),
                action: Action::Tax,
                paid: 0,
            },
        );
        let both = lines(&[start, declared.clone()]);
        assert_eq!(
            both.iter().filter(|l| l.contains("turn")).count(),
            1,
            "{both:?}"
        );
        // A log that begins after the start still tells whose turn it is.
        assert_eq!(lines(&[declared])[0], "— Ana's turn —");
    }

    #[test]
    fn every_action_button_says_its_claim_and_effect() {
        let o = Options::default();
        assert_eq!(
            action_button(ActionKind::Tax, o),
            "Tax — claim Duke: take 3 coins"
        );
        assert_eq!(action_button(ActionKind::Income, o), "Income — take 1 coin");
        let inq = Options {
            inquisitor: true,
            ..o
        };
        assert!(action_button(ActionKind::Exchange, inq).contains("claim Inquisitor"));
        assert!(action_button(ActionKind::Exchange, o).contains("claim Ambassador"));
        for k in ActionKind::ALL {
            let b = action_button(k, inq);
            assert!(b.starts_with(&action_title(k)), "{b}");
            assert_eq!(k.claim(inq).is_some(), b.contains("claim"), "{b}");
        }
    }

    #[test]
    fn an_assassination_target_is_told_it_may_lose_both_cards() {
        // R6.4: challenging the Assassin and losing, or a Contessa caught bluffing.
        let n = names();
        let turn = Turn {
            actor: Seat(1),
            action: Action::Assassinate(Seat(0)),
            paid: 3,
            stage: shared::engine::Stage::Declared,
            early_block: None,
            block: None,
        };
        let challenge = input_hint(&Input::Challenge, Some(&turn), &n, Some(Seat(0)), 2);
        assert!(challenge.contains("both your cards"), "{challenge}");
        let block = input_hint(
            &Input::Block(Card::Contessa),
            Some(&turn),
            &n,
            Some(Seat(0)),
            2,
        );
        assert!(block.contains("both your cards"), "{block}");
        // A target holding one card loses it either way: nothing about both.
        for i in [Input::Challenge, Input::Block(Card::Contessa)] {
            let one = input_hint(&i, Some(&turn), &n, Some(Seat(0)), 1);
            assert!(!one.contains("both"), "{one}");
        }
        // A bystander risks one card only.
        let other = input_hint(&Input::Challenge, Some(&turn), &n, Some(Seat(2)), 2);
        assert!(!other.contains("both"), "{other}");
        assert!(other.contains("Ana is bluffing"), "{other}");
    }

    #[test]
    fn an_exchange_offers_each_hand_once() {
        use shared::engine::Keep;
        let legal = vec![
            Input::Keep(Keep::two(Card::Duke, Card::Captain)),
            Input::Keep(Keep::two(Card::Captain, Card::Duke)),
            Input::Keep(Keep::two(Card::Duke, Card::Duke)),
            Input::Keep(Keep::two(Card::Captain, Card::Contessa)),
            Input::Keep(Keep::two(Card::Contessa, Card::Captain)),
        ];
        let shown = distinct_keeps(&legal);
        assert_eq!(
            shown,
            [legal[0], legal[2], legal[3]],
            "the first of each hand, in order"
        );
    }

    #[test]
    fn a_claim_says_what_it_was_for_and_how_it_ended() {
        let c = ClaimEntry {
            player: Seat(1),
            card: Claimed::Card(Card::Duke),
            for_: ClaimFor::Action(ActionKind::Tax),
            outcome: Outcome::Unchallenged,
        };
        assert_eq!(
            claim_words(&c, None),
            ("Duke for Tax".to_owned(), "nobody challenged".to_owned())
        );
        assert_eq!(
            claim_words(&c, Some(false)).1,
            "nobody challenged: a bluff that worked"
        );
        let caught = ClaimEntry {
            outcome: Outcome::Lost,
            for_: ClaimFor::Block,
            ..c
        };
        assert_eq!(
            claim_words(&caught, Some(false)),
            (
                "Duke to block".to_owned(),
                "challenged: a bluff, caught".to_owned()
            )
        );
    }
}
