//! A game table run inside this page: the sans-I/O [`Host`] with bots in every other seat,
//! and our own [`Guest`] on the local link. Plain logic, no browser: the UI calls
//! [`Local::play`] and [`Local::tick`] and renders [`Local::guest`].
//!
//! Also the wording the table shows: event sentences and button labels, kept here so they
//! are unit-tested natively.

use shared::engine::{Action, Allegiance, Card, Event, Input, Options, Seat};
use shared::session::protocol::{AdminCmd, Refusal, SeatInfo, TableInfo, Timers};
use shared::session::{Guest, GuestEvent, Host, Outgoing, PeerId};

pub use shared::session::protocol::BotLevel;

/// What the "Play against bots" form chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloSetup {
    /// Seats at the table, ours included (2 to 10).
    pub players: u8,
    /// The level of every bot.
    pub level: BotLevel,
    /// Inquisitor, Reformation, two-player draft.
    pub options: Options,
}

impl Default for SoloSetup {
    fn default() -> Self {
        SoloSetup {
            players: 3,
            level: BotLevel::Normal,
            options: Options::default(),
        }
    }
}

/// A host and its local guest in one page.
pub struct Local {
    host: Host,
    guest: Guest,
    /// The last refusal or error, for a notice (the host refuses stale clicks, for one).
    pub problem: Option<String>,
}

/// How the interface names our own seat.
const MY_NAME: &str = "You";

/// Our member name at a table against bots (the host refuses "You" as a name: it would
/// read as the reader to others; here the interface shows our seat as [`MY_NAME`] anyway).
const SOLO_NAME: &str = "Player";

impl Local {
    /// Opens a table with `setup`, bots in every other seat, and deals at once.
    pub fn start(seed: u64, setup: SoloSetup, now: u64) -> Result<Local, String> {
        let (host, out) = Host::new(seed, SOLO_NAME, now).map_err(|e| e.to_string())?;
        // Host::new already attached and welcomed the local link: no hello needed.
        let mut local = Local {
            host,
            guest: Guest::new(SOLO_NAME, None, false),
            problem: None,
        };
        local.deliver(out, now);
        let players = setup.players.clamp(2, 10);
        let mut options = setup.options;
        // R1.4: the draft exists only with two players; the host would refuse it.
        options.two_player_draft &= players == 2;
        let timers = Timers {
            // Quick bots keep a game against them moving; people still have the defaults.
            bot_delay_ms: 700,
            ..Timers::default()
        };
        for cmd in [
            AdminCmd::SetSeatCount { count: players },
            AdminCmd::SetOptions { options },
            AdminCmd::SetTimers { timers },
            AdminCmd::SetDefaultBot { level: setup.level },
            AdminCmd::Start { first: None },
        ] {
            local.admin(cmd, now);
        }
        match local.problem.take() {
            Some(p) => Err(p),
            None => Ok(local),
        }
    }

    /// Our side of the table: the view, the log, the legal inputs.
    pub fn guest(&self) -> &Guest {
        &self.guest
    }

    /// Plays one of our legal inputs.
    pub fn play(&mut self, input: Input, now: u64) {
        match self.guest.intent(input) {
            Ok(text) => {
                let out = self.host.handle(PeerId::LOCAL, &text, now);
                self.deliver(out, now);
            }
            Err(e) => self.problem = Some(e.to_string()),
        }
    }

    /// Deals again with the same seats.
    pub fn rematch(&mut self, now: u64) {
        self.admin(AdminCmd::Rematch, now);
    }

    /// Lets the host run bots and timeouts that are due at `now`.
    pub fn tick(&mut self, now: u64) {
        if self.host.next_deadline().is_some_and(|d| d <= now) {
            let out = self.host.tick(now);
            self.deliver(out, now);
        }
    }

    /// When the host next needs [`Local::tick`].
    pub fn next_deadline(&self) -> Option<u64> {
        self.host.next_deadline()
    }

    fn admin(&mut self, cmd: AdminCmd, now: u64) {
        let text = self.guest.admin(cmd);
        let out = self.host.handle(PeerId::LOCAL, &text, now);
        self.deliver(out, now);
    }

    /// Hands the host's texts for the local link to our guest (nobody else is connected).
    fn deliver(&mut self, out: Vec<Outgoing>, now: u64) {
        for o in out {
            if let Outgoing::Send { to, text } = o
                && to == PeerId::LOCAL
            {
                match self.guest.receive(&text, now) {
                    Ok(events) => {
                        for e in events {
                            if let GuestEvent::Refused(r) = e {
                                self.problem = Some(refusal_notice(&r));
                            }
                        }
                    }
                    Err(e) => self.problem = Some(e.to_string()),
                }
            }
        }
    }
}

/// What a player reads when the host refuses something: a sentence, never a code.
pub fn refusal_notice(r: &Refusal) -> String {
    let text = match r {
        // A click that arrived after the decision moved on (a timer, or a double click).
        Refusal::Stale { .. } => "Too late: that decision has already passed.".to_owned(),
        other => other.to_string(),
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// The seats' names, seat 0 first; our own seat is "You".
pub fn seat_names(table: &TableInfo, me: Option<Seat>) -> Vec<String> {
    table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if me == Some(Seat(i as u8)) {
                return MY_NAME.to_owned();
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

/// An allegiance's name.
pub fn allegiance_name(a: Allegiance) -> &'static str {
    match a {
        Allegiance::Loyalist => "Loyalist",
        Allegiance::Reformist => "Reformist",
    }
}

fn name(names: &[String], s: Seat) -> &str {
    names.get(s.0 as usize).map_or("?", String::as_str)
}

/// The short label of an action (for a button): "Steal from Bo", "Tax".
pub fn action_label(a: Action, names: &[String]) -> String {
    match a {
        Action::Income => "Income (+1)".into(),
        Action::ForeignAid => "Foreign aid (+2)".into(),
        Action::Coup(t) => format!("Coup {}", name(names, t)),
        Action::Tax => "Tax (+3)".into(),
        Action::Assassinate(t) => format!("Assassinate {}", name(names, t)),
        Action::Steal(t) => format!("Steal from {}", name(names, t)),
        Action::Exchange => "Exchange".into(),
        Action::Examine(t) => format!("Examine {}", name(names, t)),
        Action::Convert(t) => format!("Convert {}", name(names, t)),
        Action::Embezzle => "Embezzle".into(),
    }
}

/// The label of a decision button.
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
        Input::ForceExchange => "Force an exchange".into(),
        Input::Draft(c) => format!("Pick {}", card_name(*c)),
        Input::Allegiance(a) => format!("Be {}", allegiance_name(*a)),
    }
}

/// Whether an action button is a costly/aggressive move (styled apart).
pub fn is_targeted(i: &Input) -> bool {
    matches!(i, Input::Act(a) if a.target().is_some())
}

/// One event as a sentence, or `None` for bookkeeping nobody needs to read.
pub fn describe(e: &Event, names: &[String], options: Options) -> Option<String> {
    describe_third(e, names, options).map(|s| second_person(&s))
}

/// Sentences are written for a named player; ours is "You", so fix the grammar.
fn second_person(s: &str) -> String {
    let mut s = s.replace(" You's ", " your ").replace(" You ", " you ");
    if let Some(head) = s.strip_suffix(" You") {
        s = format!("{head} you");
    }
    if let Some(rest) = s.strip_prefix("You's ") {
        return format!("Your {rest}");
    }
    let Some(rest) = s.strip_prefix("You ") else {
        return s;
    };
    let (verb, tail) = rest.split_once(' ').unwrap_or((rest, ""));
    let verb = match verb {
        "is" => "are",
        "was" => "were",
        v => v.strip_suffix('s').unwrap_or(v),
    };
    format!("You {verb} {tail}").trim_end().to_owned()
}

fn describe_third(e: &Event, names: &[String], options: Options) -> Option<String> {
    let n = |s: Seat| name(names, s).to_owned();
    let claimed = |c: shared::engine::Claimed| match c {
        shared::engine::Claimed::Card(c) => card_name(c).to_owned(),
        shared::engine::Claimed::NotDuke => "no Duke".to_owned(),
    };
    Some(match *e {
        Event::DraftPicked { seat, card } => match card {
            Some(c) => format!("{} picks {} in the draft", n(seat), card_name(c)),
            None => format!("{} picks a card in the draft", n(seat)),
        },
        Event::DraftDealt { seat, card } => match card {
            Some(c) => format!("{} is dealt {}", n(seat), card_name(c)),
            None => format!("{} is dealt a card", n(seat)),
        },
        Event::AllegianceChosen { seat, allegiance } => {
            format!("{} chooses to be {}", n(seat), allegiance_name(allegiance))
        }
        Event::TurnStarted { seat } if n(seat) == MY_NAME => "— Your turn —".into(),
        Event::TurnStarted { seat } => format!("— {}'s turn —", n(seat)),
        Event::Declared { seat, action, paid } => {
            let what = action_label(action, names);
            let pay = if paid > 0 {
                format!(" (pays {paid})")
            } else {
                String::new()
            };
            match action.claim(options) {
                Some(c) => format!("{} claims {} to {}{pay}", n(seat), claimed(c), lower(&what)),
                None => format!("{} takes {}{pay}", n(seat), lower(&what)),
            }
        }
        Event::WindowOpened { .. } | Event::Unchallenged { .. } => return None,
        Event::Answered { seat, answer } => match answer {
            Some(shared::engine::Answer::Pass) | None => return None,
            Some(_) => format!("{} answers", n(seat)),
        },
        Event::EarlyBlock { seat, card } => {
            format!("{} blocks early, claiming {}", n(seat), card_name(card))
        }
        Event::Challenged {
            challenger,
            claimant,
            claim,
        } => format!(
            "{} challenges {}'s {}",
            n(challenger),
            n(claimant),
            claimed(claim)
        ),
        Event::Proved { seat, card } => {
            format!("{} shows a {} — the claim holds", n(seat), card_name(card))
        }
        Event::ShowedHand { seat, cards } => {
            let shown: Vec<&str> = cards.iter().flatten().map(|c| card_name(*c)).collect();
            format!("{} shows their hand: {}", n(seat), shown.join(", "))
        }
        Event::Disproved { seat, claim } => {
            format!("{} was bluffing — no {}", n(seat), claimed(claim))
        }
        Event::Refunded { seat, coins } => format!("{} gets {coins} back", n(seat)),
        Event::Drew { seat, card } => match card {
            Some(c) => format!("{} draws {}", n(seat), card_name(c)),
            None => format!("{} draws a card", n(seat)),
        },
        Event::CourtShuffled => "The Court deck is shuffled".into(),
        Event::LostInfluence { seat, card } => {
            format!("{} loses an influence: {}", n(seat), card_name(card))
        }
        Event::Eliminated { seat } => format!("{} is out of the game", n(seat)),
        Event::BlockDeclared { seat, card } => {
            format!("{} blocks, claiming {}", n(seat), card_name(card))
        }
        Event::ActionBlocked { seat } => format!("{}'s action is blocked", n(seat)),
        Event::Gained { seat, coins } => format!("{} takes {coins} coin{}", n(seat), plural(coins)),
        Event::Stole { seat, from, coins } => {
            format!("{} steals {coins} from {}", n(seat), n(from))
        }
        Event::Embezzled { seat, coins } => {
            format!("{} embezzles {coins} from the Reserve", n(seat))
        }
        Event::Converted {
            seat,
            target,
            allegiance,
        } => {
            if seat == target {
                format!("{} converts to {}", n(seat), allegiance_name(allegiance))
            } else {
                format!(
                    "{} converts {} to {}",
                    n(seat),
                    n(target),
                    allegiance_name(allegiance)
                )
            }
        }
        Event::Exchanged { seat, returned } => {
            let back: Vec<&str> = returned.iter().flatten().map(|c| card_name(*c)).collect();
            if back.is_empty() {
                format!("{} exchanges with the Court", n(seat))
            } else {
                format!("{} exchanges, returning {}", n(seat), back.join(", "))
            }
        }
        Event::Shown {
            seat,
            examiner,
            card,
        } => match card {
            Some(c) => format!("{} shows {} to {}", n(seat), card_name(c), n(examiner)),
            None => format!("{} shows a card to {}", n(seat), n(examiner)),
        },
        Event::GaveBack { seat, target } => format!("{} gives {}'s card back", n(seat), n(target)),
        Event::ForcedExchange { seat, target, card } => match card {
            Some(c) => format!(
                "{} makes {} exchange their {}",
                n(seat),
                n(target),
                card_name(c)
            ),
            None => format!("{} makes {} exchange the card", n(seat), n(target)),
        },
        Event::CoinsReturned { seat, coins } => {
            format!("{}'s {coins} coins go back to the Treasury", n(seat))
        }
        Event::GameOver { winner } => format!("{} wins the game!", n(winner)),
    })
}

fn plural(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Lower-cases a button label's first letter for use inside a sentence.
fn lower(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn refusals_read_as_sentences_not_codes() {
        use shared::session::protocol::Refusal;
        let stale = super::refusal_notice(&Refusal::Stale { step: 4, now: 5 });
        assert_eq!(stale, "Too late: that decision has already passed.");
        let illegal = super::refusal_notice(&Refusal::Illegal {
            code: "not_enough_coins".into(),
            message: "an Assassination costs 3 coins".into(),
        });
        assert_eq!(
            illegal,
            "The rules do not allow it: an Assassination costs 3 coins"
        );
        assert!(!format!("{stale}{illegal}").contains("Stale"));
    }

    use super::*;

    fn names() -> Vec<String> {
        vec!["You".into(), "Ana".into(), "Bo".into()]
    }

    #[test]
    fn tax_reads_as_a_duke_claim() {
        let s = describe(
            &Event::Declared {
                seat: Seat(1),
                action: Action::Tax,
                paid: 0,
            },
            &names(),
            Options::default(),
        );
        assert_eq!(s.as_deref(), Some("Ana claims Duke to tax (+3)"));
    }

    #[test]
    fn challenges_and_proofs_name_both_sides() {
        let n = names();
        let c = describe(
            &Event::Challenged {
                challenger: Seat(2),
                claimant: Seat(1),
                claim: shared::engine::Claimed::Card(Card::Duke),
            },
            &n,
            Options::default(),
        );
        assert_eq!(c.as_deref(), Some("Bo challenges Ana's Duke"));
        let p = describe(
            &Event::Proved {
                seat: Seat(1),
                card: Card::Duke,
            },
            &n,
            Options::default(),
        );
        assert!(p.unwrap().starts_with("Ana shows a Duke"));
    }

    #[test]
    fn bookkeeping_is_silent_and_unknown_seats_do_not_panic() {
        assert_eq!(
            describe(
                &Event::Unchallenged { claimant: Seat(1) },
                &names(),
                Options::default()
            ),
            None
        );
        let s = describe(
            &Event::Eliminated { seat: Seat(9) },
            &names(),
            Options::default(),
        );
        assert_eq!(s.as_deref(), Some("? is out of the game"));
    }

    #[test]
    fn our_own_seat_reads_in_the_second_person() {
        let n = names();
        let o = Options::default();
        let s = describe(
            &Event::Gained {
                seat: Seat(0),
                coins: 1,
            },
            &n,
            o,
        );
        assert_eq!(s.as_deref(), Some("You take 1 coin"));
        let s = describe(&Event::TurnStarted { seat: Seat(0) }, &n, o);
        assert_eq!(s.as_deref(), Some("— Your turn —"));
        let s = describe(&Event::Eliminated { seat: Seat(0) }, &n, o);
        assert_eq!(s.as_deref(), Some("You are out of the game"));
        let s = describe(
            &Event::Stole {
                seat: Seat(1),
                from: Seat(0),
                coins: 2,
            },
            &n,
            o,
        );
        assert_eq!(s.as_deref(), Some("Ana steals 2 from you"));
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
    }

    #[test]
    fn a_solo_game_starts_with_bots_and_plays_to_the_end() {
        let setup = SoloSetup::default();
        let mut now = 1_000;
        let mut local = Local::start(7, setup, now).expect("starts");
        let seat = local.guest().seat().expect("we sit");
        let mut steps = 0;
        loop {
            steps += 1;
            assert!(steps < 20_000, "the game ends");
            let game = local.guest().game().expect("a game");
            if matches!(game.view.pending, shared::engine::Pending::GameOver { .. }) {
                break;
            }
            if let Some(first) = game.legal.first().copied() {
                // Our seat: prefer Income and Pass, like the browser test.
                let pick = game
                    .legal
                    .iter()
                    .copied()
                    .find(|i| matches!(i, Input::Act(Action::Income) | Input::Pass))
                    .unwrap_or(first);
                local.play(pick, now);
                continue;
            }
            now = local.next_deadline().unwrap_or(now + 100).max(now);
            local.tick(now);
        }
        let names = seat_names(local.guest().table().expect("table"), Some(seat));
        assert_eq!(names.len(), 3);
        assert_eq!(names[seat.0 as usize], "You");
    }
}
