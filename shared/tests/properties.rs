//! Property tests over seeded random games (OpenSpiel's RandomSimTest, shakmaty's
//! `legals_are_legal`): every player count 2–10 and every option combination.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::*;

/// Every input of the whole input space, with seats up to 11 (beyond any table).
fn input_space() -> Vec<Input> {
    let mut all = vec![
        Input::Pass,
        Input::Challenge,
        Input::GiveBack,
        Input::ForceExchange,
        Input::Allegiance(Allegiance::Loyalist),
        Input::Allegiance(Allegiance::Reformist),
    ];
    for kind in ActionKind::ALL {
        if kind.targeted() {
            for t in 0..12 {
                all.push(Input::Act(Action::new(kind, Seat(t))));
            }
        } else {
            all.push(Input::Act(Action::new(kind, Seat(0))));
        }
    }
    for c in Card::ALL {
        all.push(Input::Block(c));
        all.push(Input::Lose(c));
        all.push(Input::Show(c));
        all.push(Input::Draft(c));
        all.push(Input::Keep(Keep::one(c)));
        for d in Card::ALL {
            all.push(Input::Keep(Keep::two(c, d)));
        }
    }
    all
}

/// The coins before an input, and where the log stood.
struct Money {
    coins: Vec<i64>,
    reserve: i64,
    log_len: usize,
}

impl Money {
    fn of(game: &Game) -> Money {
        Money {
            coins: (0..game.players())
                .map(|s| game.player(Seat::at(s)).coins as i64)
                .collect(),
            reserve: game.reserve() as i64,
            log_len: game.log().len(),
        }
    }
}

/// The coins each seat should have after `events`, from the coins before (R3.3, R4, R6.3,
/// R8.3, R8.4, R9.3): coins change only as the events say.
fn expected_coins(before: &Money, events: &[Event]) -> (Vec<i64>, i64) {
    let mut coins = before.coins.clone();
    let mut reserve = before.reserve;
    for e in events {
        match *e {
            Event::Declared { seat, action, paid } => {
                coins[seat.index()] -= paid as i64;
                if action.kind() == ActionKind::Convert {
                    reserve += paid as i64;
                }
            }
            Event::Refunded { seat, coins: c } | Event::Gained { seat, coins: c } => {
                coins[seat.index()] += c as i64
            }
            Event::Stole {
                seat,
                from,
                coins: c,
            } => {
                coins[seat.index()] += c as i64;
                coins[from.index()] -= c as i64;
            }
            Event::Embezzled { seat, coins: c } => {
                coins[seat.index()] += c as i64;
                reserve -= c as i64;
            }
            Event::CoinsReturned { seat, coins: c } => coins[seat.index()] -= c as i64,
            _ => {}
        }
    }
    (coins, reserve)
}

/// Whether a redacted event still names a card `viewer` may not know (R11.2).
fn event_leaks(e: &Event, viewer: Option<Seat>) -> bool {
    let other = |s: Seat| viewer != Some(s);
    match *e {
        Event::DraftPicked { seat, card }
        | Event::DraftDealt { seat, card }
        | Event::Drew { seat, card } => other(seat) && card.is_some(),
        Event::Answered { seat, answer } => other(seat) && answer.is_some(),
        Event::Exchanged { seat, returned } => other(seat) && returned.iter().any(Option::is_some),
        Event::Shown {
            seat,
            examiner,
            card,
        } => other(seat) && other(examiner) && card.is_some(),
        Event::ForcedExchange { seat, target, card } => {
            other(seat) && other(target) && card.is_some()
        }
        _ => false,
    }
}

/// R11: a view never holds another seat's hidden card, a sealed answer, or a secret of a
/// pending decision, except as R11.2 allows.
fn check_view(game: &Game, view: &View) {
    let v = view.viewer;
    for (s, pv) in view.players.iter().enumerate() {
        let real = game.player(Seat::at(s)).hand;
        for slot in 0..pv.hand.len as usize {
            let seen = pv.hand.cards[slot];
            if real.up[slot] || v == Some(Seat::at(s)) {
                assert_eq!(seen, Some(real.cards[slot]));
            } else {
                assert_eq!(seen, None, "seat {s}'s hidden card leaked to {v:?}");
            }
        }
    }
    match view.pending {
        Pending::Respond { window } => {
            for s in 0..MAX_PLAYERS as u8 {
                if v != Some(Seat(s)) {
                    assert_eq!(window.answer(Seat(s)), None, "sealed answer leaked");
                }
            }
        }
        Pending::Draft { picks, .. } => {
            for (i, p) in picks.iter().enumerate() {
                if v != Some(Seat::at(i)) {
                    assert_eq!(*p, None);
                }
            }
        }
        Pending::Exchange { seat, drawn, .. } if v != Some(seat) => {
            assert_eq!(drawn, [None, None])
        }
        Pending::ExamineDecide {
            seat, target, card, ..
        } if v != Some(seat) && v != Some(target) => assert_eq!(card, None),
        _ => {}
    }
    assert_eq!(view.events.len(), game.log().len());
    for (e, real) in view.events.iter().zip(game.log()) {
        assert!(!event_leaks(e, v), "event leaks to {v:?}: {e:?}");
        assert_eq!(*e, real.for_viewer(v));
    }
}

/// Whether other seats have sealed answers the view hides (then a determinized game
/// differs by treating them as still owed).
fn has_sealed_others(view: &View) -> bool {
    match view.pending {
        Pending::Respond { window } => window
            .asked
            .iter()
            .any(|s| Some(s) != view.viewer && !window.owes.contains(s)),
        Pending::Draft { owes, .. } => {
            (0..2u8).any(|s| Some(Seat(s)) != view.viewer && !owes.contains(Seat(s)))
        }
        _ => false,
    }
}

/// Determinizing from a view with the true assignment gives back a game with the same
/// view; with a shuffled assignment of `unseen_cards`, a game with the same view too.
fn check_determinize(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) {
    let view = game.view(seat);
    let truth = game.unseen_assignment(Some(seat));
    assert_eq!(truth.len(), view.unseen_count());
    let det = Game::determinize(&view, &truth).expect("true assignment determinizes");
    det.audit().expect("determinized game is valid");
    if !has_sealed_others(&view) {
        assert_eq!(det.view(seat), view, "determinized view differs");
    }
    if !game.options().two_player_draft {
        let mut unseen = view.unseen_cards();
        assert_eq!(unseen.len(), view.unseen_count());
        let mut sorted_truth = truth.clone();
        sorted_truth.sort();
        assert_eq!(unseen, sorted_truth, "unseen multiset");
        Card::shuffle_slice(&mut unseen, rng);
        let sample = Game::determinize(&view, &unseen).expect("sample determinizes");
        if !has_sealed_others(&view) {
            assert_eq!(sample.view(seat), view);
        }
    }
}

/// Plays one seeded random game, checking every property at every step. `thorough` adds the
/// whole-input-space rejection check, views and determinization.
fn play(seed: u64, players: usize, options: Options, thorough: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(mut game) = Game::deal(players, options, None, &mut rng) else {
        assert!(options.two_player_draft && players != 2);
        return 0;
    };
    let space = if thorough { input_space() } else { Vec::new() };
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0;
    while !game.is_over() {
        assert!(steps < 5_000, "game {seed} did not end");
        game.audit()
            .unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
        let owing: Vec<Seat> = game.owing().iter().collect();
        assert!(!owing.is_empty());
        if thorough {
            let snapshot = game.clone();
            for s in 0..12u8 {
                let seat = Seat(s);
                game.legal_inputs(seat, &mut legal);
                assert_eq!(!legal.is_empty(), game.owes(seat));
                for &input in &space {
                    // Listed inputs are applied to a copy; unlisted ones to the game itself,
                    // which must come out unchanged.
                    let listed = legal.contains(&input);
                    let result = if listed {
                        game.clone().apply(seat, input, &mut rng, &mut events)
                    } else {
                        game.apply(seat, input, &mut rng, &mut events)
                    };
                    assert_eq!(
                        result.is_ok(),
                        listed,
                        "seed {seed}: {input:?} from {seat:?} at {:?}",
                        game.pending()
                    );
                }
                assert_eq!(game, snapshot, "a rejected input changed the game");
                if s < players as u8 {
                    check_view(&game, &game.view(seat));
                }
            }
            check_view(&game, &game.spectator_view());
            let who = Seat(rng.random_range(0..players as u8));
            check_determinize(&game, who, &mut rng);
        }
        let seat = owing[rng.random_range(0..owing.len())];
        game.legal_inputs(seat, &mut legal);
        for &input in &legal {
            assert_eq!(game.check(seat, input), Ok(()));
        }
        let input = legal[rng.random_range(0..legal.len())];
        let before = Money::of(&game);
        events.clear();
        game.apply(seat, input, &mut rng, &mut events)
            .unwrap_or_else(|e| panic!("listed input {input:?} rejected: {e}"));
        let (coins, reserve) = expected_coins(&before, &events);
        for (s, &c) in coins.iter().enumerate() {
            assert!(c >= 0, "negative coins");
            assert_eq!(c, game.player(Seat::at(s)).coins as i64, "coins of {s}");
        }
        assert_eq!(reserve, game.reserve() as i64);
        assert_eq!(&game.log()[before.log_len..], &events[..]);
        steps += 1;
    }
    // R9.3: the losers' coins are back in the Treasury once the game has ended.
    let winner = game.winner().expect("winner");
    for s in 0..players as u8 {
        if Seat(s) != winner {
            assert_eq!(game.player(Seat(s)).coins, 0);
            assert!(!game.alive(Seat(s)));
        }
    }
    let json = serde_json::to_string(&game).expect("serialize");
    let back: Game = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, game);
    steps
}

#[test]
fn random_games_keep_every_invariant() {
    let mut games = 0;
    for seed in 0..55u64 {
        for players in 2..=10 {
            for options in Options::ALL {
                if play(seed * 1000 + players as u64, players, options, false) > 0 {
                    games += 1;
                }
            }
        }
    }
    assert!(games >= 2000, "{games}");
}

#[test]
fn thorough_random_games_reject_everything_unlisted_and_never_leak() {
    for seed in 0..3u64 {
        for players in [2, 3, 6, 10] {
            for options in Options::ALL {
                play(7_000_000 + seed, players, options, true);
            }
        }
    }
}

#[test]
fn mid_game_serde_round_trip_and_view_serde() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let options = Options {
        inquisitor: true,
        allegiances: true,
        two_player_draft: false,
    };
    let mut game = Game::deal(5, options, None, &mut rng).expect("deal");
    let (mut inputs, mut events) = (Vec::new(), Vec::new());
    for _ in 0..40 {
        game.playout(&mut rng, 3, &mut inputs, &mut events);
        let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(back, game);
        let view = game.view(Seat(2));
        let back: View = serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
        assert_eq!(back, view);
        for e in &events {
            let back: Event = serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap();
            assert_eq!(back, *e);
        }
    }
}

#[test]
fn inputs_round_trip_through_serde() {
    for input in input_space() {
        let text = serde_json::to_string(&input).unwrap();
        let back: Input = serde_json::from_str(&text).unwrap();
        assert_eq!(back, input, "{text}");
    }
    assert_eq!(
        serde_json::to_string(&Input::Act(Action::Coup(Seat(2)))).unwrap(),
        r#"{"coup":2}"#
    );
    assert_eq!(serde_json::to_string(&Input::Pass).unwrap(), r#""pass""#);
}
