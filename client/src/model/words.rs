//! The words the table shows: each event as a sentence, and the labels of the decision
//! buttons. Plain logic, unit-tested natively.
//!
//! A sentence is built from parts — who does it, the verb, whom it touches, plain words —
//! and only then written out for one reader ([`Sentence::render`]): the reader's own seat
//! becomes "you" with the verb in the second person ("You block", "Ana steals 2 from you",
//! "— Your turn —"), so nothing is rewritten after the fact.

use shared::engine::{
    Action, ActionKind, Allegiance, Card, ClaimEntry, ClaimFor, Claimed, Event, Input, Options,
    Outcome, Seat, Turn,
};
use shared::session::protocol::{
    DecisionKind, LogEntry, LogItem, Note, Refusal, SeatInfo, TableInfo,
};

/// How our own seat is named wherever the table lists seats.
pub const YOU: &str = "You";

/// A verb in the two persons a sentence needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    /// "takes", "is".
    pub third: &'static str,
    /// "take", "are".
    pub second: &'static str,
}

/// Makes a [`Verb`] from its third and second person.
const fn verb(third: &'static str, second: &'static str) -> Verb {
    Verb { third, second }
}

/// One part of a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// The seat doing it: a name, or "you".
    Subject(Seat),
    /// The verb, agreeing with the last subject.
    Verb(Verb),
    /// A seat it touches: a name, or "you".
    Object(Seat),
    /// A seat's possession: "Ana's", or "your".
    Owner(Seat),
    /// Words as they are.
    Words(String),
}

/// An event's sentence before it is written for a reader.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sentence(pub Vec<Part>);

impl Sentence {
    fn subject(mut self, s: Seat) -> Sentence {
        self.0.push(Part::Subject(s));
        self
    }

    fn verb(mut self, v: Verb) -> Sentence {
        self.0.push(Part::Verb(v));
        self
    }

    fn object(mut self, s: Seat) -> Sentence {
        self.0.push(Part::Object(s));
        self
    }

    fn owner(mut self, s: Seat) -> Sentence {
        self.0.push(Part::Owner(s));
        self
    }

    fn words(mut self, w: impl Into<String>) -> Sentence {
        self.0.push(Part::Words(w.into()));
        self
    }

    /// The sentence for a reader sitting at `me` (`None`: a watcher), with the seats'
    /// names. The first letter is upper case; parts are joined by single spaces, except
    /// before punctuation.
    pub fn render(&self, names: &[String], me: Option<Seat>) -> String {
        let name = |s: Seat| names.get(s.index()).map_or("?", String::as_str).to_owned();
        let mut out = String::new();
        let mut second_person = false;
        for part in &self.0 {
            let word = match part {
                Part::Subject(s) => {
                    second_person = me == Some(*s);
                    if second_person {
                        "you".into()
                    } else {
                        name(*s)
                    }
                }
                Part::Verb(v) if second_person => v.second.to_owned(),
                Part::Verb(v) => v.third.to_owned(),
                Part::Object(s) if me == Some(*s) => "you".into(),
                Part::Object(s) => name(*s),
                Part::Owner(s) if me == Some(*s) => "your".into(),
                Part::Owner(s) => format!("{}'s", name(*s)),
                Part::Words(w) => w.clone(),
            };
            let glued = word.starts_with([',', '.', '!', ')', ':', ';']);
            if !out.is_empty() && !glued {
                out.push(' ');
            }
            out.push_str(&word);
        }
        // The first letter, after any opening dash: "— Your turn —".
        let lead = out.len() - out.trim_start_matches(['—', ' ']).len();
        match out[lead..]
            .chars()
            .next()
            .filter(|c| c.is_alphabetic())
            .map(|c| (lead, c))
        {
            Some((i, c)) => format!(
                "{}{}{}",
                &out[..i],
                c.to_uppercase(),
                &out[i + c.len_utf8()..]
            ),
            None => out,
        }
    }
}

/// The seats' names, seat 0 first; `me`'s is [`YOU`].
pub fn seat_names(table: &TableInfo, me: Option<Seat>) -> Vec<String> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if me == Some(Seat(i as u8)) {
                return YOU.to_owned();
            }
            match s {
                SeatInfo::Open => format!("Seat {}", i + 1),
                SeatInfo::Bot { name, .. } => name.clone(),
                SeatInfo::Person { member, .. } => member.name.clone(),
            }
        })
        .collect()
}

/// A card's name as printed on it.
pub fn card_name(c: Card) -> &'static str {
    match c {
        Card::Duke => "Duke",
        Card::Assassin => "Assassin",
        Card::Captain => "Captain",
        Card::Ambassador => "Ambassador",
        Card::Contessa => "Contessa",
        Card::Inquisitor => "Inquisitor",
    }
}

/// "a Duke", "an Ambassador", "an Inquisitor".
pub fn a_card(c: Card) -> String {
    let name = card_name(c);
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// An allegiance's name.
pub fn allegiance_name(a: Allegiance) -> &'static str {
    match a {
        Allegiance::Loyalist => "Loyalist",
        Allegiance::Reformist => "Reformist",
    }
}

/// "1 coin", "3 coins".
pub fn coins(n: u16) -> String {
    if n == 1 {
        "1 coin".to_owned()
    } else {
        format!("{n} coins")
    }
}

fn claimed(c: Claimed) -> String {
    match c {
        Claimed::Card(c) => format!("the {}", card_name(c)),
        Claimed::NotDuke => "to have no Duke".to_owned(),
    }
}

fn name(names: &[String], s: Seat) -> &str {
    names.get(s.index()).map_or("?", String::as_str)
}

/// An action's name, as its button and the card reference say it.
pub fn action_title(k: ActionKind) -> &'static str {
    match k {
        ActionKind::Income => "Income",
        ActionKind::ForeignAid => "Foreign Aid",
        ActionKind::Coup => "Coup",
        ActionKind::Tax => "Tax",
        ActionKind::Assassinate => "Assassinate",
        ActionKind::Steal => "Steal",
        ActionKind::Exchange => "Exchange",
        ActionKind::Examine => "Examine",
        ActionKind::Convert => "Convert",
        ActionKind::Embezzle => "Embezzle",
    }
}

/// What an action claims and does, after its name on a button (R4): "claim Duke: take 3
/// coins", "take 1 coin".
pub fn action_effect(k: ActionKind, options: Options) -> String {
    let effect = match k {
        ActionKind::Income => "take 1 coin",
        ActionKind::ForeignAid => "take 2 coins; any Duke may block",
        ActionKind::Coup => "pay 7: a player loses a card, no defence",
        ActionKind::Tax => "take 3 coins",
        ActionKind::Assassinate => "pay 3: a player loses a card; Contessa blocks",
        ActionKind::Steal => "take 2 coins from a player; Captain blocks",
        ActionKind::Exchange if options.inquisitor => "draw 1 card, keep what you like",
        ActionKind::Exchange => "draw 2 cards, keep what you like",
        ActionKind::Examine => "see a player's card, maybe make them swap it",
        ActionKind::Convert => "pay 1 to change your side, 2 for another's",
        ActionKind::Embezzle => "take every coin on the Reserve",
    };
    match k.claim(options) {
        Some(Claimed::Card(c)) => format!("claim {}: {effect}", card_name(c)),
        Some(Claimed::NotDuke) => format!("claim no Duke: {effect}"),
        None => effect.to_owned(),
    }
}

/// An action's button: "Tax — claim Duke: take 3 coins".
pub fn action_button(k: ActionKind, options: Options) -> String {
    format!("{} — {}", action_title(k), action_effect(k, options))
}

/// What an action does to its target, for the target buttons' accessible names: "Steal
/// from Bo", "Coup Bo", "Convert you".
pub fn action_label(a: Action, names: &[String]) -> String {
    let t = a.target().map_or("", |t| name(names, t));
    match a.kind() {
        ActionKind::Steal => format!("Steal from {t}"),
        k if k.targeted() => format!("{} {t}", action_title(k)),
        k => action_title(k).to_owned(),
    }
}

/// The label of a decision button outside a turn's actions.
pub fn input_label(i: &Input, names: &[String]) -> String {
    match i {
        Input::Act(a) => action_label(*a, names),
        Input::Pass => "Pass".into(),
        Input::Challenge => "Challenge".into(),
        Input::Block(c) => format!("Block with {}", card_name(*c)),
        Input::Lose(c) => format!("Lose {}", card_name(*c)),
        Input::Keep(k) => {
            let cards: Vec<&str> = k.cards().iter().map(|c| card_name(*c)).collect();
            format!("Keep {}", cards.join(" + "))
        }
        Input::Show(c) => format!("Show {}", card_name(*c)),
        Input::GiveBack => "Give it back".into(),
        Input::ForceExchange => "Make them swap it".into(),
        Input::Draft(c) => format!("Pick {}", card_name(*c)),
        Input::Allegiance(a) => format!("Be {}", allegiance_name(*a)),
    }
}

/// What a choice means, under its button: the risk of a challenge, what a block stops.
/// `turn` is the turn being answered; `me` our seat.
pub fn input_hint(i: &Input, turn: Option<&Turn>, names: &[String], me: Option<Seat>) -> String {
    let who = |s: Seat| name(names, s).to_owned();
    let on_me = turn.is_some_and(|t| t.action.target() == me && me.is_some());
    let assassination = turn.is_some_and(|t| t.action.kind() == ActionKind::Assassinate);
    match i {
        Input::Challenge => {
            // Who made the claim being challenged: the blocker, or else the actor.
            let Some(t) = turn else {
                return String::new();
            };
            let claimant = t.block.map_or(t.actor, |(b, _)| b);
            let mut s = format!(
                "Say {} is bluffing. If so, they lose a card; if not, you do.",
                who(claimant)
            );
            if t.block.is_none() && t.action.kind() == ActionKind::Embezzle {
                s = format!(
                    "Say {} holds a Duke. If so, they lose a card; if not, you do.",
                    who(claimant)
                );
            }
            if on_me && assassination && t.block.is_none() {
                // R6.4: losing the challenge and then the assassination.
                s.push_str(
                    " Lose it and the assassination may still take another: both your cards.",
                );
            }
            s
        }
        Input::Block(c) => {
            let mut s = format!(
                "Claim the {} to stop it; anyone may challenge that.",
                card_name(*c)
            );
            if on_me && assassination {
                // R6.4: a disproven Contessa loses one for the challenge, one for the hit.
                s.push_str(" Caught bluffing, you lose both your cards.");
            }
            s
        }
        Input::Pass => match turn {
            Some(t) if t.block.is_some() => "Let the block stand.".into(),
            Some(_) => "Let it happen.".into(),
            None => String::new(),
        },
        Input::Lose(c) => format!("Turn your {} face up; it no longer counts.", card_name(*c)),
        Input::Keep(_) => String::new(),
        Input::Show(_) => "Only the examiner sees it.".into(),
        Input::GiveBack => "They keep the card.".into(),
        Input::ForceExchange => "They draw a new card and return this one.".into(),
        Input::Draft(_) => "The other card is dealt at random.".into(),
        Input::Allegiance(_) => "The others alternate from you.".into(),
        Input::Act(_) => String::new(),
    }
}

/// A character's one-line ability, as our cards print it (R4, R7).
pub fn ability(c: Card) -> &'static str {
    match c {
        Card::Duke => "Tax: take 3. Blocks Foreign Aid.",
        Card::Assassin => "Pay 3: a player loses a card.",
        Card::Captain => "Steal 2. Blocks stealing.",
        Card::Ambassador => "Exchange 2. Blocks stealing.",
        Card::Inquisitor => "Exchange 1 or examine. Blocks stealing.",
        Card::Contessa => "Blocks assassination.",
    }
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
        Claimed::Card(card) => card_name(card).to_owned(),
        Claimed::NotDuke => "no Duke".to_owned(),
    };
    let what = match c.for_ {
        ClaimFor::Action(k) => format!("{card} for {}", action_title(k)),
        ClaimFor::Block => format!("{card} to block"),
    };
    let how = match (c.outcome, truth) {
        (Outcome::Pending, _) => "being answered",
        (Outcome::Shown, _) => "challenged: it was true",
        (Outcome::Lost, _) => "challenged: a bluff, caught",
        (Outcome::Unchallenged, Some(true)) => "nobody challenged: it was true",
        (Outcome::Unchallenged, Some(false)) => "nobody challenged: a bluff that worked",
        (Outcome::Unchallenged, None) => "nobody challenged",
    };
    (what, how.to_owned())
}

/// Whether an action button is a costly/aggressive move (styled apart).
pub fn is_targeted(i: &Input) -> bool {
    matches!(i, Input::Act(a) if a.target().is_some())
}

/// What a player reads when the host refuses something: a sentence, never a code.
pub fn refusal_notice(r: &Refusal) -> String {
    match r {
        // A click that arrived after the decision moved on (a timer, or a double click).
        Refusal::Stale { .. } => "Too late: that decision has already passed.".to_owned(),
        other => capitalize(&other.to_string()),
    }
}

/// One event as `me` reads it, or `None` for bookkeeping nobody needs to read.
pub fn describe(e: &Event, names: &[String], me: Option<Seat>, options: Options) -> Option<String> {
    sentence(e, options).map(|s| s.render(names, me))
}

/// One line of the table's log: the number of its entry, and the line.
pub type LogLine = (u64, String);

/// The log of game `game_no` as `me` reads it, oldest first: its events and the notes about
/// the table since it was dealt, one line per thing that happened. The first turn is
/// written though the engine emits no `TurnStarted` for it; an Income's coin is part of
/// its line; an early block is written once, not again when it comes into play.
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
    for e in entries {
        match &e.item {
            LogItem::Note {
                note: Note::GameStarted { game_no: g, .. },
            } => started = *g == game_no,
            LogItem::Note { note } if started => {
                if let Some(s) = note_sentence(note) {
                    out.push((e.n, s.render(names, me)));
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
                        let first = Sentence::default().words("—").owner(seat).words("turn —");
                        out.push((e.n, first.render(names, me)));
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
                if !skip && let Some(line) = describe(&event, names, me, options) {
                    out.push((e.n, line));
                }
            }
            _ => {}
        }
    }
    out
}

/// A note about the table as a sentence, or `None` for those the log does not show.
pub fn note_sentence(n: &Note) -> Option<Sentence> {
    let s = Sentence::default();
    Some(match n {
        Note::Joined { name, .. } => s.words(format!("{name} joined the table")),
        Note::Left { name, .. } => s.words(format!("{name} left the table")),
        Note::Returned { name, .. } => s.words(format!("{name} is back")),
        Note::Kicked { name, .. } => s.words(format!("The host removed {name}")),
        Note::StandIn { seat } => s.words("A bot plays for").object(*seat).words("for now"),
        Note::TimedOut { seat, kind } => s.owner(*seat).words("time ran out:").words(match kind {
            DecisionKind::Window => "that counts as a pass",
            DecisionKind::Turn => "a bot played the turn",
            DecisionKind::Choice => "a bot chose",
        }),
        Note::GameStarted { .. } | Note::GameEnded { .. } => return None,
    })
}

/// The event's sentence, before it is written for a reader.
pub fn sentence(e: &Event, options: Options) -> Option<Sentence> {
    let s = Sentence::default();
    Some(match *e {
        Event::DraftPicked { seat, card } => {
            let s = s.subject(seat).verb(verb("picks", "pick"));
            match card {
                Some(c) => s.words(format!("{} in the draft", a_card(c))),
                None => s.words("a card in the draft"),
            }
        }
        Event::DraftDealt { seat, card } => {
            let s = s.subject(seat).verb(verb("is", "are")).words("dealt");
            match card {
                Some(c) => s.words(a_card(c)),
                None => s.words("a card"),
            }
        }
        Event::AllegianceChosen { seat, allegiance } => s
            .subject(seat)
            .verb(verb("chooses", "choose"))
            .words(format!("to be {}", allegiance_name(allegiance))),
        Event::TurnStarted { seat } => s.words("—").owner(seat).words("turn —"),
        Event::Declared { seat, action, paid } => {
            let s = s.subject(seat);
            // A claimed action says the character and what it is for; Conversion claims
            // nothing and says what it is.
            let to = |s: Sentence, rest: &str| match action.claim(options) {
                Some(c) => s
                    .verb(verb("claims", "claim"))
                    .words(claimed(c))
                    .words(format!("to {rest}")),
                None => s
                    .verb(verb("chooses", "choose"))
                    .words(format!("to {rest}")),
            };
            let mut s = match action {
                // Its coin comes in the same moment: one line, and `Gained` is not written.
                Action::Income => s
                    .verb(verb("takes", "take"))
                    .words("Income:")
                    .words(coins(1)),
                Action::ForeignAid => s.verb(verb("asks", "ask")).words("for Foreign Aid"),
                Action::Coup(t) => s
                    .verb(verb("launches", "launch"))
                    .words("a coup against")
                    .object(t),
                Action::Tax => to(s, "take Tax"),
                Action::Assassinate(t) => to(s, "assassinate").object(t),
                Action::Steal(t) => to(s, "steal from").object(t),
                Action::Exchange => to(s, "exchange with the Court"),
                Action::Examine(t) => to(s, "examine").object(t),
                Action::Convert(t) if t == seat => to(s, "convert to the other side"),
                Action::Convert(t) => to(s, "convert").object(t),
                Action::Embezzle => to(s, "embezzle the Reserve"),
            };
            if paid > 0 {
                s = s.words(format!("(paying {})", coins(paid)));
            }
            s
        }
        Event::WindowOpened { .. } | Event::Unchallenged { .. } => return None,
        // Silent: a pass changes nothing, and a challenge or a block has its own event.
        Event::Answered { .. } => return None,
        Event::EarlyBlock { seat, card } => s
            .subject(seat)
            .verb(verb("blocks", "block"))
            .words(format!("at once, claiming the {}", card_name(card))),
        Event::Challenged {
            challenger,
            claimant,
            claim,
        } => {
            let what = match claim {
                Claimed::Card(c) => card_name(c).to_owned(),
                Claimed::NotDuke => "claim of no Duke".to_owned(),
            };
            s.subject(challenger)
                .verb(verb("challenges", "challenge"))
                .owner(claimant)
                .words(what)
        }
        Event::Proved { seat, card } => s
            .subject(seat)
            .verb(verb("shows", "show"))
            .words(format!("{} — the claim holds", a_card(card))),
        Event::ShowedHand { seat, cards } => {
            let shown: Vec<&str> = cards.iter().flatten().map(|c| card_name(*c)).collect();
            s.subject(seat)
                .verb(verb("shows", "show"))
                .words("a hand of")
                .words(shown.join(" and "))
        }
        Event::Disproved { seat, claim } => {
            let what = match claim {
                Claimed::Card(c) => format!("no {}", card_name(c)),
                Claimed::NotDuke => "a Duke after all".to_owned(),
            };
            s.subject(seat)
                .verb(verb("was", "were"))
                .words(format!("bluffing — {what}"))
        }
        Event::Refunded { seat, coins: n } => s
            .subject(seat)
            .verb(verb("gets", "get"))
            .words(format!("{} back", coins(n))),
        Event::Drew { seat, card } => {
            let s = s.subject(seat).verb(verb("draws", "draw"));
            match card {
                Some(c) => s.words(a_card(c)),
                None => s.words("a card"),
            }
        }
        Event::CourtShuffled => s.words("The Court deck is shuffled"),
        Event::LostInfluence { seat, card } => s
            .subject(seat)
            .verb(verb("loses", "lose"))
            .words(format!("an influence: {}", a_card(card))),
        Event::Eliminated { seat } => s
            .subject(seat)
            .verb(verb("is", "are"))
            .words("out of the game"),
        Event::BlockDeclared { seat, card } => s
            .subject(seat)
            .verb(verb("blocks", "block"))
            .words(format!(", claiming the {}", card_name(card))),
        Event::ActionBlocked { seat } => s.owner(seat).words("action is blocked"),
        Event::Gained { seat, coins: n } => {
            s.subject(seat).verb(verb("takes", "take")).words(coins(n))
        }
        Event::Stole {
            seat,
            from,
            coins: n,
        } => s
            .subject(seat)
            .verb(verb("steals", "steal"))
            .words(coins(n))
            .words("from")
            .object(from),
        Event::Embezzled { seat, coins: n } => s
            .subject(seat)
            .verb(verb("embezzles", "embezzle"))
            .words(format!("{} from the Reserve", coins(n))),
        Event::Converted {
            seat,
            target,
            allegiance,
        } => {
            let s = s.subject(seat).verb(verb("converts", "convert"));
            let s = if seat == target { s } else { s.object(target) };
            s.words(format!("to {}", allegiance_name(allegiance)))
        }
        Event::Exchanged { seat, returned } => {
            let back: Vec<String> = returned.iter().flatten().map(|c| a_card(*c)).collect();
            let s = s.subject(seat).verb(verb("exchanges", "exchange"));
            if back.is_empty() {
                s.words("with the Court")
            } else {
                s.words(format!("with the Court, returning {}", back.join(" and ")))
            }
        }
        Event::Shown {
            seat,
            examiner,
            card,
        } => {
            let s = s.subject(seat).verb(verb("shows", "show"));
            let s = match card {
                Some(c) => s.words(a_card(c)),
                None => s.words("a card"),
            };
            s.words("to").object(examiner)
        }
        Event::GaveBack { seat, target } => s
            .subject(seat)
            .verb(verb("gives", "give"))
            .owner(target)
            .words("card back"),
        Event::ForcedExchange { seat, target, card } => {
            let s = s
                .subject(seat)
                .verb(verb("makes", "make"))
                .object(target)
                .words("exchange");
            match card {
                Some(c) => s.words(format!("the {}", card_name(c))),
                None => s.words("the card"),
            }
        }
        Event::CoinsReturned { seat, coins: n } => {
            let go = if n == 1 { "goes" } else { "go" };
            s.owner(seat)
                .words(format!("{} {go} back to the Treasury", coins(n)))
        }
        Event::GameOver { winner } => s
            .subject(winner)
            .verb(verb("wins", "win"))
            .words("the game!"),
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
    use shared::session::protocol::Refusal;

    fn names() -> Vec<String> {
        vec![YOU.into(), "Ana".into(), "Bo".into()]
    }

    fn read(e: Event, me: Option<Seat>) -> Option<String> {
        describe(&e, &names(), me, Options::default())
    }

    #[test]
    fn refusals_read_as_sentences_not_codes() {
        let stale = refusal_notice(&Refusal::Stale { step: 4, now: 5 });
        assert_eq!(stale, "Too late: that decision has already passed.");
        let illegal = refusal_notice(&Refusal::Illegal {
            code: "not_enough_coins".into(),
            message: "an Assassination costs 3 coins".into(),
        });
        assert_eq!(
            illegal,
            "The rules do not allow it: an Assassination costs 3 coins"
        );
        assert!(!format!("{stale}{illegal}").contains("Stale"));
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
        assert_eq!(a_card(Card::Inquisitor), "an Inquisitor");
        assert_eq!(a_card(Card::Duke), "a Duke");
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
            .map(|(_, l)| l)
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
            assert!(b.starts_with(action_title(k)), "{b}");
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
        let challenge = input_hint(&Input::Challenge, Some(&turn), &n, Some(Seat(0)));
        assert!(challenge.contains("both your cards"), "{challenge}");
        let block = input_hint(
            &Input::Block(Card::Contessa),
            Some(&turn),
            &n,
            Some(Seat(0)),
        );
        assert!(block.contains("both your cards"), "{block}");
        // A bystander risks one card only.
        let other = input_hint(&Input::Challenge, Some(&turn), &n, Some(Seat(2)));
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
