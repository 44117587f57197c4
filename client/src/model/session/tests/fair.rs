//! A fair room through the pages' sessions (docs/FAIR-DEAL.md): each page seeded as the
//! controller seeds it, the host turns Fair deal on, and both people play to the end
//! answering what their own tables ask from their own cards. The seats' records are
//! larger than a normal room's 4 KiB (a shuffle of the deck is about 5 KiB in base64), so
//! the game only moves if the host's page lets a fair room's frames through, and only if
//! every page sends its records after each text it receives.

use super::*;
use crate::model::fair;

fn seeded(mut p: Page, seed: u8) -> Page {
    p.s.seed_fair([seed; 32], None);
    p
}

/// One decision or answer on `p`, if it owes one; whether it made one.
fn decide(p: &mut Page, now: u64) -> bool {
    let Some(g) = p.s.table().map(|t| t.guest()) else {
        return false;
    };
    if let Some(ask) = g.fair_ask() {
        let choice = fair::choices(g, ask).into_iter().next().expect("a choice");
        p.intent(Intent::FairAnswer(choice.answer), now);
        return true;
    }
    let Some(game) = g.game() else {
        return false;
    };
    let pick = game
        .legal
        .iter()
        .copied()
        .find(|i| matches!(i, Input::Act(Action::Income) | Input::Pass))
        .or_else(|| game.legal.first().copied());
    match pick {
        Some(input) => {
            p.intent(Intent::Play(input), now);
            true
        }
        None => false,
    }
}

/// One round at `now`: each page decides what it owes, everything sent is delivered, and
/// when nobody moved the host's clock runs.
fn step(h: &mut Page, g: &mut Page, now: u64) {
    let mut moved = decide(h, now);
    moved |= decide(g, now);
    pump(&mut [&mut *h, &mut *g], now);
    if !moved {
        h.tick(now);
        pump(&mut [&mut *h, &mut *g], now);
    }
}

/// A host and a joiner, seeded as the controller seeds them, in one room; with `fair`,
/// the host turns Fair deal on. `hold_fair`: the joiner's fair module comes only when the
/// test says.
fn room_of_two(fair: bool, hold_fair: bool) -> (Page, Page) {
    let mut h = seeded(Page::new("h"), 1);
    h.intent(Intent::SetName(Some("Ana".into())), 0);
    h.intent(Intent::CreateRoom, 0);
    h.relay(
        RelayMessage::Created {
            room: "ABC234".into(),
            peer: "h".into(),
            host_secret: "secret".into(),
            ice_servers: ice(),
            handover: false,
        },
        0,
    );
    let mut g = seeded(Page::new("g"), 2);
    g.hold_fair = hold_fair;
    g.intent(Intent::SetName(Some("Bo".into())), 0);
    g.intent(Intent::JoinRoom("abc-234".into()), 0);
    joined(&mut g, 0);
    connect(&mut h, &mut g, 0);
    if fair {
        h.intent(Intent::Admin(AdminCmd::SetFair { on: true }), 0);
        pump(&mut [&mut h, &mut g], 0);
        assert!(h.s.fair_table() && g.s.fair_table());
    }
    (h, g)
}

#[test]
fn a_fair_room_plays_to_the_end_and_both_pages_audit_it_fair() {
    // Seeded before any table opens, as the controller does on load.
    let (mut h, mut g) = room_of_two(true, false);
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    let mut now = 0;
    let mut answers = 0;
    for _ in 0..20_000 {
        let names = ["Ana".to_owned(), "Bo".to_owned()];
        let verdicts =
            [&h, &g].map(|p| fair::shown(p.guest(), &names).is_some_and(|f| f.verdict.is_some()));
        // No verdict before the game is over (section 9): nothing to audit yet.
        for (p, shown) in [&h, &g].iter().zip(verdicts) {
            let over = p
                .guest()
                .game()
                .is_some_and(|g| matches!(g.view.pending, Pending::GameOver { .. }));
            assert!(over || !shown, "a verdict before the end");
        }
        if verdicts.iter().all(|v| *v) {
            break;
        }
        now += 100;
        let asked = [&h, &g]
            .iter()
            .filter(|p| p.guest().fair_ask().is_some())
            .count();
        answers += asked;
        step(&mut h, &mut g, now);
    }
    assert!(answers > 0, "the tables asked for answers");
    for p in [&h, &g] {
        // Each page kept its secret for a reload, and nothing it was refused.
        assert!(p.s.fair_keep().is_some());
        let names = vec!["Ana".to_owned(), "Bo".to_owned()];
        let shown = fair::shown(p.guest(), &names).expect("a fair room");
        assert!(shown.fingerprint.is_some());
        let verdict = shown.verdict.expect("the audit is done");
        assert!(verdict.fair, "{}", verdict.text);
        assert!(
            !p.notices().iter().any(|n| n.contains("did not check")),
            "{:?}",
            p.notices()
        );
    }
    let print = |p: &Page| fair::shown(p.guest(), &[]).unwrap().fingerprint;
    assert_eq!(print(&h), print(&g), "the same keys on both pages");
}

#[test]
fn a_page_without_randomness_sits_at_no_fair_table() {
    // A browser with no crypto.getRandomValues: the page draws no secret from nothing.
    let h = hosting(Some("Ana"));
    assert!(h.guest().fair().is_none());
}

/// How many times the page asked for the fair deal's module.
fn fair_fetches(p: &Page) -> usize {
    p.seen.iter().filter(|e| **e == Effect::LoadFair).count()
}

#[test]
fn only_a_page_at_a_fair_table_fetches_the_fair_deals_code() {
    // A room of people without Fair deal: dealt and played, no page fetches it.
    let (mut h, mut g) = room_of_two(false, false);
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    for now in 1..40 {
        decide(&mut h, now * 100);
        decide(&mut g, now * 100);
        pump(&mut [&mut h, &mut g], now * 100);
    }
    assert!(g.guest().game().is_some());
    assert_eq!((fair_fetches(&h), fair_fetches(&g)), (0, 0));
    assert!(h.guest().fair().is_none() && g.guest().fair().is_none());

    // Fair deal on: each page asks once, and only then sits with a fair seat.
    let (h, g) = room_of_two(true, false);
    assert_eq!((fair_fetches(&h), fair_fetches(&g)), (1, 1));
    assert!(h.guest().fair().is_some() && g.guest().fair().is_some());
}

#[test]
fn a_joiner_whose_fair_code_comes_late_catches_up_and_the_game_goes_on() {
    // The joiner's fair module is slow to come: the host deals meanwhile. The deal waits
    // for the joiner's records; when the module is here, the joiner's seat rebuilds the
    // game from the log it kept, sends what it owes, and both play to a fair end.
    let (mut h, mut g) = room_of_two(true, true);
    assert_eq!(fair_fetches(&g), 1);
    assert!(g.guest().fair().is_none());
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g], 0);
    assert!(
        h.guest().game().is_some_and(|game| game.legal.is_empty()),
        "the deal waits for the joiner's records"
    );
    assert!(
        fair::shown(g.guest(), &[]).is_none(),
        "no seat yet, nothing of the deal shown"
    );
    g.fair_arrives(0);
    pump(&mut [&mut h, &mut g], 0);
    assert_eq!(fair_fetches(&g), 1, "asked once");
    let names = ["Ana".to_owned(), "Bo".to_owned()];
    let mut now = 0;
    for _ in 0..20_000 {
        let done =
            [&h, &g].map(|p| fair::shown(p.guest(), &names).is_some_and(|f| f.verdict.is_some()));
        if done.iter().all(|d| *d) {
            break;
        }
        now += 100;
        step(&mut h, &mut g, now);
    }
    for p in [&h, &g] {
        let verdict = fair::shown(p.guest(), &names)
            .and_then(|f| f.verdict)
            .expect("the audit is done");
        assert!(verdict.fair, "{}", verdict.text);
    }
}
