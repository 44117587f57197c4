//! The words the table shows: each event as a sentence, and the labels of the decision
//! buttons. Plain logic, unit-tested natively.
//!
//! A sentence is built from parts — who does it, the verb, whom it touches, plain words —
//! and only then written out for one reader ([`Sentence::render`]): the reader's own seat
//! becomes "you" with the verb in the second person ("You block", "Ana steals 2 from you",
//! "— Your turn —"), so nothing is rewritten after the fact.

use shared::engine::{Action, Allegiance, Card, Claimed, Event, Input, Options, Seat};
use shared::session::protocol::{Refusal, SeatInfo, TableInfo};

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

/// The short label of an action (for a button): "Steal from Bo", "Tax (+3)".
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

/// What the action is, after "claims the Duke to" or "launches": the verb phrase.
fn action_phrase(a: Action) -> Sentence {
    let s = Sentence::default();
    match a {
        Action::Income => s.words("take Income"),
        Action::ForeignAid => s.words("take Foreign Aid"),
        Action::Coup(t) => s.words("launch a coup against").object(t),
        Action::Tax => s.words("take Tax"),
        Action::Assassinate(t) => s.words("assassinate").object(t),
        Action::Steal(t) => s.words("steal from").object(t),
        Action::Exchange => s.words("exchange with the Court"),
        Action::Examine(t) => s.words("examine").object(t),
        Action::Convert(t) => s.words("convert").object(t),
        Action::Embezzle => s.words("embezzle the Reserve"),
    }
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
            let mut s = match (action.claim(options), action) {
                (Some(c), _) => {
                    let mut s = s
                        .verb(verb("claims", "claim"))
                        .words(claimed(c))
                        .words("to");
                    s.0.extend(action_phrase(action).0);
                    s
                }
                // The actions no character claims say what they are.
                (None, Action::Income) => s.verb(verb("takes", "take")).words("Income"),
                (None, Action::ForeignAid) => s.verb(verb("asks", "ask")).words("for Foreign Aid"),
                (None, Action::Coup(t)) => s
                    .verb(verb("launches", "launch"))
                    .words("a coup against")
                    .object(t),
                (None, _) => {
                    let mut s = s.verb(verb("chooses", "choose")).words("to");
                    s.0.extend(action_phrase(action).0);
                    s
                }
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
        assert_eq!(read(income, me).as_deref(), Some("You take Income"));
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
}
