//! Targeted engine tests beyond the scenario files: sealing (R5), setup decisions (R2.5,
//! R2.6), redaction (R11), failed inputs leaving the game unchanged.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::engine::*;

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(11)
}

/// The three-player deal of the rulebook's examples.
fn three() -> Game {
    use Card::*;
    let setup = Setup::new(
        Options::default(),
        vec![[Duke, Captain], [Assassin, Contessa], [Ambassador, Duke]],
        vec![
            Duke, Assassin, Assassin, Captain, Captain, Ambassador, Ambassador, Contessa, Contessa,
        ],
    );
    Game::from_setup(setup).expect("valid setup")
}

#[test]
fn failed_input_leaves_the_game_unchanged() {
    let mut game = three();
    let before = game.clone();
    let mut events = Vec::new();
    for (seat, input) in [
        (Seat(1), Input::Act(Action::Income)),
        (Seat(0), Input::Pass),
        (Seat(0), Input::Act(Action::Coup(Seat(1)))),
        (Seat(0), Input::Act(Action::Examine(Seat(1)))),
        (Seat(9), Input::Challenge),
        (Seat(0), Input::Act(Action::Steal(Seat(0)))),
    ] {
        let err = game
            .apply(seat, input, &mut rng(), &mut events)
            .expect_err("rejected");
        assert!(!err.code().is_empty() && !err.to_string().is_empty());
        assert_eq!(game, before);
        assert!(events.is_empty());
    }
    assert_eq!(
        game.apply(Seat(1), Input::Pass, &mut rng(), &mut events),
        Err(InputError::NotYourTurn)
    );
}

#[test]
fn answers_are_sealed_until_the_window_closes() {
    // R5: nobody wins a window by speed, so nobody sees another's answer before giving
    // theirs.
    let mut game = three();
    let mut events = Vec::new();
    let mut r = rng();
    game.apply(Seat(0), Input::Act(Action::Tax), &mut r, &mut events)
        .unwrap();
    game.apply(Seat(1), Input::Challenge, &mut r, &mut events)
        .unwrap();
    let Pending::Respond { window } = game.view(Seat(2)).pending else {
        panic!("window open")
    };
    assert_eq!(window.owes.iter().collect::<Vec<_>>(), vec![Seat(2)]);
    assert_eq!(window.answer(Seat(1)), None, "seat 1's challenge is sealed");
    let Pending::Respond { window } = game.view(Seat(1)).pending else {
        panic!("window open")
    };
    assert_eq!(
        window.answer(Seat(1)),
        Some(WindowAnswer::Challenge),
        "own answer is seen"
    );
    for e in &game.view(Seat(2)).events {
        if let Event::Answered { answer, .. } = e {
            assert_eq!(*answer, None);
        }
    }
    assert!(
        !serde_json::to_string(&game.spectator_view())
            .unwrap()
            .contains("\"answer\":\"challenge\"")
    );
    game.apply(Seat(2), Input::Pass, &mut r, &mut events)
        .unwrap();
    // Closed: the challenge is public now.
    assert!(game.view(Seat(2)).events.iter().any(|e| matches!(
        e,
        Event::Challenged {
            challenger: Seat(1),
            ..
        }
    )));
}

#[test]
fn two_player_draft_is_a_secret_decision() {
    // R2.5
    let options = Options {
        two_player_draft: true,
        ..Options::default()
    };
    let mut r = rng();
    let mut game = Game::deal(2, options, Some(Seat(0)), &mut r).unwrap();
    assert!(matches!(game.pending(), Pending::Draft { .. }));
    assert_eq!(game.court().len(), 5);
    let mut events = Vec::new();
    game.apply(Seat(1), Input::Draft(Card::Contessa), &mut r, &mut events)
        .unwrap();
    assert_eq!(
        game.apply(Seat(1), Input::Draft(Card::Duke), &mut r, &mut events),
        Err(InputError::NotYourTurn)
    );
    assert_eq!(
        game.apply(Seat(0), Input::Draft(Card::Inquisitor), &mut r, &mut events),
        Err(InputError::CardNotInUse)
    );
    let Pending::Draft { picks, .. } = game.view(Seat(0)).pending else {
        panic!("draft")
    };
    assert_eq!(picks, [None, None], "seat 1's pick is sealed");
    game.apply(Seat(0), Input::Draft(Card::Duke), &mut r, &mut events)
        .unwrap();
    assert_eq!(game.court().len(), 3);
    assert_eq!(game.player(Seat(0)).hand.cards[0], Card::Duke);
    assert_eq!(game.player(Seat(1)).hand.cards[0], Card::Contessa);
    assert_eq!(
        game.player(Seat(0)).coins,
        1,
        "R2.2: the starting player takes 1"
    );
    assert_eq!(*game.pending(), Pending::Action { seat: Seat(0) });
    game.audit().unwrap();
}

#[test]
fn starting_player_chooses_allegiance_and_others_alternate() {
    // R2.6
    let options = Options {
        allegiances: true,
        ..Options::default()
    };
    let mut r = rng();
    let mut game = Game::deal(5, options, Some(Seat(3)), &mut r).unwrap();
    assert_eq!(*game.pending(), Pending::ChooseAllegiance { seat: Seat(3) });
    let mut events = Vec::new();
    game.apply(
        Seat(3),
        Input::Allegiance(Allegiance::Reformist),
        &mut r,
        &mut events,
    )
    .unwrap();
    let got: Vec<_> = (0..5)
        .map(|s| game.player(Seat(s)).allegiance.unwrap())
        .collect();
    use Allegiance::*;
    assert_eq!(got, [Reformist, Loyalist, Reformist, Reformist, Loyalist]);
    assert_eq!(game.reserve(), 0);
    assert_eq!(*game.pending(), Pending::Action { seat: Seat(3) });
}

#[test]
fn spectators_see_only_public_information() {
    let game = three();
    let view = game.spectator_view();
    for p in &view.players {
        assert_eq!(p.hand.cards, [None, None]);
    }
    let e = Event::Drew {
        seat: Seat(0),
        card: Some(Card::Duke),
    };
    assert_eq!(
        e.for_viewer(None),
        Event::Drew {
            seat: Seat(0),
            card: None
        }
    );
    assert_eq!(e.for_viewer(Some(Seat(0))), e);
}

#[test]
fn game_is_small_and_cheap_to_clone() {
    assert!(
        std::mem::size_of::<Game>() <= 512,
        "{}",
        std::mem::size_of::<Game>()
    );
    assert!(std::mem::size_of::<Input>() <= 4);
    assert!(std::mem::size_of::<Event>() <= 16);
}

#[test]
fn setup_errors_name_the_problem() {
    use Card::*;
    let mut setup = Setup::new(
        Options::default(),
        vec![[Duke, Captain], [Assassin, Contessa], [Ambassador, Duke]],
        vec![Duke],
    );
    assert_eq!(
        Game::from_setup(setup.clone()).unwrap_err().code(),
        "wrong_deck"
    );
    setup.players = 1;
    assert_eq!(
        Game::from_setup(setup).unwrap_err(),
        SetupError::PlayerCount(1)
    );
}

#[test]
fn timeouts_pass_in_windows_and_are_always_legal() {
    let mut game = three();
    let mut r = rng();
    let mut events = Vec::new();
    assert_eq!(
        game.timeout_input(Seat(0)),
        Some(Input::Act(Action::Income))
    );
    assert_eq!(game.timeout_input(Seat(1)), None);
    game.apply(Seat(0), Input::Act(Action::Tax), &mut r, &mut events)
        .unwrap();
    assert_eq!(game.timeout_input(Seat(2)), Some(Input::Pass));
    // Over random games, the timeout input is always accepted.
    for seed in 0..50 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let options = Options::ALL[seed as usize % 4];
        let mut game = Game::deal(2 + seed as usize % 9, options, None, &mut r).unwrap();
        while !game.is_over() {
            let seat = game.owing().iter().next().unwrap();
            let input = game.timeout_input(seat).unwrap();
            game.apply(seat, input, &mut r, &mut events).unwrap();
        }
    }
    assert_eq!(game.player(Seat(200)).coins, 0);
}

#[test]
fn corrupt_stored_games_are_errors_not_panics() {
    let game = three();
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    for (from, to) in [
        ("\"n\":3", "\"n\":50"),
        ("\"n\":3", "\"n\":1"),
        ("\"current\":0", "\"current\":99"),
        ("\"seat\":0", "\"seat\":12"),
        ("\"len\":2", "\"len\":7"),
        ("\"reserve\":0", "\"reserve\":-1"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        assert!(serde_json::from_str::<Game>(&bad).is_err(), "{to}");
    }
    // A view with a seat out of range does not determinize.
    let mut view = game.view(Seat(0));
    view.pending = Pending::Action { seat: Seat(200) };
    let unseen = view.unseen_cards();
    assert!(Game::determinize(&view, &unseen).is_err());
}

#[test]
fn a_player_who_leaves_for_good_loses_every_influence_between_turns_only() {
    // A fair room's forfeit (docs/FAIR-DEAL.md, section 6): the hidden cards turn face up
    // as lost influence (R9.1), the player is out (R9.2), its coins go back (R9.3), the
    // turn passes if it was its own (R3.5), and the game ends when one is left (R9.5).
    use Card::*;
    let mut game = three();
    let mut events = Vec::new();
    // Not mid-turn: a window is open after seat 0's Tax.
    let mut r = rng();
    game.apply(Seat(0), Input::Act(Action::Tax), &mut r, &mut events)
        .unwrap();
    let before = game.clone();
    events.clear();
    assert!(!game.forfeit(Seat(2), &[Ambassador, Duke], &mut events));
    assert_eq!(game, before);
    assert!(events.is_empty());

    let mut game = three();
    // The cards must fit the hidden slots.
    assert!(!game.forfeit(Seat(0), &[Duke], &mut events));
    assert!(game.forfeit(Seat(0), &[Duke, Captain], &mut events));
    assert_eq!(
        events,
        vec![
            Event::LostInfluence {
                seat: Seat(0),
                card: Duke
            },
            Event::LostInfluence {
                seat: Seat(0),
                card: Captain
            },
            Event::Eliminated { seat: Seat(0) },
            Event::CoinsReturned {
                seat: Seat(0),
                coins: 2
            },
            Event::TurnStarted { seat: Seat(1) },
        ]
    );
    assert!(!game.alive(Seat(0)));
    assert_eq!(*game.pending(), Pending::Action { seat: Seat(1) });
    assert!(!game.forfeit(Seat(0), &[], &mut events), "once");
    events.clear();
    assert!(game.forfeit(Seat(2), &[Ambassador, Duke], &mut events));
    assert_eq!(events.last(), Some(&Event::GameOver { winner: Seat(1) }));
    assert!(game.is_over());
}
