//! What a fair room shows (docs/FAIR-DEAL.md): the shuffles' progress, the table's key
//! fingerprint, the cards shown to us as the Inquisitor, the end audit's verdict, and the
//! answers our seat may give with its own cards when the table asks.
//!
//! Only honest answers are offered: "cannot prove" only without the card, a concession
//! only with a Duke. Any other answer would be named by every page's audit at the end.

use shared::engine::{Card, Claimed, Seat};
use shared::fair::{AuditFault, CardAnswer};
use shared::session::Guest;
use shared::session::protocol::FairAsk;

use super::words::card_name;
use crate::i18n::{t, tr};

/// One answer our seat may give, with its button's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairChoice {
    pub answer: CardAnswer,
    pub label: String,
}

/// A fair room as our page follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairShown {
    /// Shuffles done and in all, while some are still due.
    pub shuffling: Option<(usize, usize)>,
    /// The table's key fingerprint, once every key is in: "3f2a 9c01 77be 0d4e".
    pub fingerprint: Option<String>,
    /// R7.2: the cards shown to us as the Inquisitor, in order.
    pub examined: Vec<Card>,
    /// Section 9: the audit's verdict, once every secret is in.
    pub verdict: Option<Verdict>,
    /// What the table asks of our seat now, and the answers offered.
    pub ask: Option<(FairAsk, Vec<FairChoice>)>,
}

/// The end audit's verdict, as a sentence and whether the game was fair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub fair: bool,
    pub text: String,
}

/// What our page shows of a fair room; `None` at any other table.
pub fn shown(guest: &Guest, names: &[String]) -> Option<FairShown> {
    if !guest.table().is_some_and(|t| t.fair) {
        return None;
    }
    let seat = guest.fair()?;
    let shuffling = seat.shuffle_progress().filter(|&(done, all)| done < all);
    let fingerprint = seat.key_fingerprint().map(|f| fingerprint(&f));
    let examined = seat.examined().into_iter().map(|(_, c)| c).collect();
    // The seat's audit says when there is something to audit: only once the game is over
    // and every secret is in.
    // A game cut short (a departure it could not go on from) has its own verdict:
    // checked as it came, with what its closed cards leave unchecked.
    // A game a seat left holding hidden cards opens no card at the end: when nothing
    // else is found, its verdict says what its closed cards leave unchecked.
    let verdict = seat
        .audit()
        .map(|faults| match (faults.is_empty(), seat.sealed()) {
            (true, Some(unchecked)) => sealed(unchecked),
            _ => verdict(&faults, names),
        })
        .or_else(|| seat.cut_short().map(cut_short));
    let ask = guest.fair_ask().map(|ask| (ask, choices(guest, ask)));
    Some(FairShown {
        shuffling,
        fingerprint,
        examined,
        verdict,
        ask,
    })
}

/// Eight bytes as four groups of four hex digits, easy to read out over a call.
pub fn fingerprint(bytes: &[u8; 8]) -> String {
    bytes
        .chunks(2)
        .map(|c| format!("{:02x}{:02x}", c[0], c[1]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Section 9 for a game that ended before its end: no fault found as it came, and the
/// answers its closed cards leave unchecked.
pub fn cut_short(unchecked: usize) -> Verdict {
    Verdict {
        fair: true,
        text: tr("fair-verdict-cut-short", &[("count", unchecked.into())]),
    }
}

/// Section 9 for a game a seat left holding hidden cards: no fault found, no card opened
/// at the end, and the answers that leaves unchecked.
pub fn sealed(unchecked: usize) -> Verdict {
    Verdict {
        fair: true,
        text: tr("fair-verdict-sealed", &[("count", unchecked.into())]),
    }
}

/// "This game was fair", or the first fault the audit found, naming its seat.
pub fn verdict(faults: &[AuditFault], names: &[String]) -> Verdict {
    let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_default();
    let text = match faults.first() {
        None => t("fair-verdict-fair"),
        Some(AuditFault::FalseDenial { seat, .. }) => {
            tr("fair-verdict-false-denial", &[("name", name(*seat).into())])
        }
        Some(AuditFault::FalseConcession { seat }) => tr(
            "fair-verdict-false-concession",
            &[("name", name(*seat).into())],
        ),
        Some(AuditFault::WrongDeck) => t("fair-verdict-wrong-deck"),
        Some(AuditFault::Closed(_)) => t("fair-verdict-closed"),
        // The host's page runs the referee: its events are what the replay refused.
        Some(AuditFault::Referee { .. }) => t("fair-verdict-referee"),
        // Section 12: the host relays every record, so another view of the game is its.
        Some(AuditFault::Equivocation { seat }) => {
            tr("fair-verdict-equivocation", &[("name", name(*seat).into())])
        }
    };
    Verdict {
        fair: faults.is_empty(),
        text,
    }
}

/// The answers our seat may give to `ask`, from its own cards.
pub fn choices(guest: &Guest, ask: FairAsk) -> Vec<FairChoice> {
    let Some(seat) = guest.fair() else {
        return Vec::new();
    };
    let hidden: Vec<(u8, Card)> = seat
        .hand()
        .into_iter()
        .filter(|(_, _, up)| !up)
        .filter_map(|(p, c, _)| Some((p, c?)))
        .collect();
    let card = |key: &str, c: Card| tr(key, &[("card", card_name(c).into())]);
    let each = |key: &str, make: fn(u8) -> CardAnswer| -> Vec<FairChoice> {
        let mut seen = Vec::new();
        hidden
            .iter()
            .filter(|(_, c)| {
                // Two cards alike are one choice.
                let new = !seen.contains(c);
                seen.push(*c);
                new
            })
            .map(|&(p, c)| FairChoice {
                answer: make(p),
                label: card(key, c),
            })
            .collect()
    };
    match ask {
        FairAsk::Prove(Claimed::Card(c)) => match hidden.iter().find(|(_, k)| *k == c) {
            Some(&(p, _)) => vec![FairChoice {
                answer: CardAnswer::Prove(p),
                label: card("fair-prove", c),
            }],
            None => vec![FairChoice {
                answer: CardAnswer::CannotProve,
                label: t("fair-cannot-prove"),
            }],
        },
        FairAsk::Prove(Claimed::NotDuke) => {
            if hidden.iter().any(|(_, k)| *k == Card::Duke) {
                vec![FairChoice {
                    answer: CardAnswer::Concede,
                    label: t("fair-concede"),
                }]
            } else {
                vec![FairChoice {
                    answer: CardAnswer::ShowHand,
                    label: t("fair-show-hand"),
                }]
            }
        }
        FairAsk::Lose => each("fair-lose", CardAnswer::Lose),
        FairAsk::Show => each("fair-show", CardAnswer::Show),
        FairAsk::Pick => {
            let mut seen = Vec::new();
            seat.draft_set()
                .into_iter()
                .filter(|(_, c)| {
                    let new = !seen.contains(c);
                    seen.push(*c);
                    new
                })
                .map(|(p, c)| FairChoice {
                    answer: CardAnswer::Pick(p),
                    label: card("fair-pick", c),
                })
                .collect()
        }
        FairAsk::Keep => keeps(&seat.exchange_pool().unwrap_or_default(), hidden.len()),
    }
}

/// R4.2: every way to keep `n` cards of the pool, each distinct hand once.
fn keeps(pool: &[(u8, Card)], n: usize) -> Vec<FairChoice> {
    let mut out: Vec<FairChoice> = Vec::new();
    let mut seen: Vec<Vec<Card>> = Vec::new();
    let m = pool.len();
    if n == 0 || n > m || m > 8 {
        return out;
    }
    for mask in 0u32..(1 << m) {
        if mask.count_ones() as usize != n {
            continue;
        }
        let picked: Vec<(u8, Card)> = (0..m)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| pool[i])
            .collect();
        let mut cards: Vec<Card> = picked.iter().map(|(_, c)| *c).collect();
        cards.sort_by_key(|c| c.index());
        if seen.contains(&cards) {
            continue;
        }
        seen.push(cards.clone());
        let names: Vec<String> = cards.iter().map(|c| card_name(*c)).collect();
        let list = match names.as_slice() {
            [a, b] => tr(
                "list-and",
                &[("a", a.as_str().into()), ("b", b.as_str().into())],
            ),
            _ => names.join(", "),
        };
        out.push(FairChoice {
            answer: CardAnswer::Keep(picked.iter().map(|(p, _)| *p).collect()),
            label: tr("fair-keep", &[("cards", list.into())]),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_reads_in_four_groups() {
        let f = fingerprint(&[0x3f, 0x2a, 0x9c, 0x01, 0x77, 0xbe, 0x0d, 0x4e]);
        assert_eq!(f, "3f2a 9c01 77be 0d4e");
    }

    #[test]
    fn a_sealed_game_says_no_card_opens_and_what_that_leaves_unchecked() {
        // Section 9: a player left holding cards, so nothing opens at the end.
        let v = sealed(3);
        assert!(v.fair);
        assert!(
            v.text
                .starts_with("A player left holding cards, so no card opens at the end")
                && v.text.ends_with("left unchecked: 3."),
            "{}",
            v.text
        );
    }

    #[test]
    fn a_game_cut_short_says_what_its_closed_cards_leave_unchecked() {
        // Section 9: a game ended by a departure gets a verdict, never silence.
        let none = cut_short(0);
        assert!(none.fair);
        assert!(
            none.text.contains("no answer is left unchecked"),
            "{}",
            none.text
        );
        let two = cut_short(2);
        assert!(
            two.text.contains("2 “cannot prove” answers"),
            "{}",
            two.text
        );
    }

    #[test]
    fn the_verdict_names_the_seat_that_cheated() {
        let names = vec!["Ana".to_owned(), "Bo".to_owned()];
        let fair = verdict(&[], &names);
        assert!(fair.fair);
        assert_eq!(fair.text, "This game was fair.");
        let cheat = verdict(
            &[AuditFault::FalseDenial {
                seat: Seat(1),
                claim: Claimed::Card(Card::Duke),
            }],
            &names,
        );
        assert!(!cheat.fair);
        assert!(cheat.text.contains("Bo"), "{}", cheat.text);
        assert!(!cheat.text.contains("Ana"), "{}", cheat.text);
        // Section 9, step 3: the replay names the host, whose page runs the referee.
        let host = verdict(&[AuditFault::Referee { event: 12 }], &names);
        assert!(!host.fair);
        assert!(host.text.contains("host"), "{}", host.text);
        // Section 12: another view of the game names the host, and the seat shown it.
        let other = verdict(&[AuditFault::Equivocation { seat: Seat(1) }], &names);
        assert!(!other.fair);
        assert!(other.text.contains("host"), "{}", other.text);
        assert!(other.text.contains("Bo"), "{}", other.text);
    }

    #[test]
    fn an_exchange_offers_each_distinct_hand_once() {
        // R4.2: two hidden cards and two drawn, one of them alike.
        let pool = [
            (1, Card::Duke),
            (2, Card::Captain),
            (7, Card::Duke),
            (9, Card::Contessa),
        ];
        let k = keeps(&pool, 2);
        // {D,C}, {D,D}, {D,Co}, {C,Co}: the second Duke adds only {D,D}.
        assert_eq!(k.len(), 4, "{k:?}");
        assert!(
            k.iter()
                .all(|c| matches!(&c.answer, CardAnswer::Keep(p) if p.len() == 2))
        );
        assert_eq!(keeps(&pool, 1).len(), 3);
        assert!(keeps(&pool, 0).is_empty());
    }
}
