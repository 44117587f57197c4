//! The best response ([`shared::bots::best_response`]): it decides from what its seat may
//! know alone (two worlds that differ only in what R11 hides from it get the same
//! decision), it is deterministic for a seed, and against the bot it models it wins more
//! than Hard does.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::bots::best_response::{BestResponse, Learned, learn};
use shared::bots::{Bot, BotLevel, Budget, make_bot};
use shared::engine::{Card, Game, Input, Options, Pending, Seat};

/// Hard's budget in these games, clockless: the same iterations as the best response's
/// playouts, so neither thinks more.
const THINK: u32 = 32;

/// A best response to `target` that thinks as much as [`THINK`].
fn best_response(target: &str, seed: u64, learned: Learned) -> BestResponse {
    let mut br = BestResponse::new(target, seed).expect("a known bot");
    br.playouts = THINK;
    br.learned = learned;
    br
}

/// What a best response to Easy might have learned (its measured habits, rounded).
const EASY: Learned = Learned {
    trust: 0.7,
    challenge_rate: 0.02,
};

/// Plays one heads-up game of `bots` (seat 0, seat 1) from `seed`; returns the winner's
/// seat and every input with its seat.
fn play(bots: &mut [Box<dyn Bot>; 2], seed: u64) -> (Option<Seat>, Vec<(Seat, Input)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::deal(2, Options::default(), None, &mut rng).expect("deal");
    let budget = Budget::iterations(THINK);
    let (mut legal, mut events, mut log) = (Vec::new(), Vec::new(), Vec::new());
    while !game.is_over() {
        assert!(log.len() < 2_000, "seed {seed}: the game did not end");
        let seat = game.owing().iter().next().expect("someone owes a decision");
        game.legal_inputs(seat, &mut legal);
        let input = bots[seat.index()].decide(&game.view(seat), &legal, &budget);
        assert!(legal.contains(&input), "seed {seed}: illegal {input:?}");
        game.apply(seat, input, &mut rng, &mut events)
            .expect("a legal input applies");
        log.push((seat, input));
    }
    (game.winner(), log)
}

/// A world that differs from `game` only in what R11 hides from `seat` in a heads-up
/// game (the opponent's face-down cards, the cards it drew in a pending exchange, the
/// Court's order), with the opponent holding other face-down cards; `None` when no other
/// deal of those cards gives it other cards. Built from the true hands, not from what
/// the engine's view shows: a view that showed a hidden card would not hide it here.
fn world_hiding_differently(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Game> {
    let opponent = Seat(1 - seat.0);
    let mut view = game.view(seat);
    let hand = game.player(opponent).hand;
    // A card the opponent shows seat 0 by Examine (R7.2) is not hidden from it.
    let shown = match *game.pending() {
        Pending::ExamineDecide {
            seat: x,
            target,
            slot,
            ..
        } if x == seat && target == opponent => Some(usize::from(slot)),
        _ => None,
    };
    let hidden: Vec<usize> = (0..usize::from(hand.len))
        .filter(|&i| !hand.up[i] && shown != Some(i))
        .collect();
    for &i in &hidden {
        view.players[opponent.index()].hand.cards[i] = None;
    }
    let mut truth: Vec<Card> = hidden.iter().map(|&i| hand.cards[i]).collect();
    if let Pending::Exchange {
        seat: x,
        count,
        drawn,
    } = *game.pending()
        && x == opponent
    {
        truth.extend(drawn.iter().take(usize::from(count)).flatten());
        view.pending = Pending::Exchange {
            seat: x,
            count,
            drawn: [None, None],
        };
    }
    truth.extend_from_slice(game.court());
    let mut unseen = truth.clone();
    for _ in 0..20 {
        Card::shuffle_slice(&mut unseen, rng);
        if unseen[..hidden.len()] != truth[..hidden.len()] {
            return Some(Game::determinize(&view, &unseen).expect("a world"));
        }
    }
    None
}

#[test]
fn two_worlds_with_the_same_view_get_the_same_decision() {
    let mut checked = 0;
    for seed in 0..3u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::deal(2, Options::default(), None, &mut rng).expect("deal");
        let mut bots: [Box<dyn Bot>; 2] = [
            Box::new(best_response("easy", seed, EASY)),
            make_bot(BotLevel::Easy, seed),
        ];
        let budget = Budget::iterations(THINK);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while !game.is_over() {
            let seat = game.owing().iter().next().expect("someone owes a decision");
            game.legal_inputs(seat, &mut legal);
            let view = game.view(seat);
            if seat == Seat(0) && legal.len() > 1 {
                // Another world, built from the true state and the rules rather than from
                // the engine's view: seat 0's own cards, every face-up card and all that
                // is public kept, the cards R11 hides from seat 0 (the opponent's
                // face-down cards, its exchange draws, the Court) dealt again, the
                // opponent's differently. The best response must decide the same in both.
                if let Some(other) = world_hiding_differently(&game, seat, &mut rng) {
                    let a = best_response("easy", 99 + checked, EASY).decide(
                        &game.view(seat),
                        &legal,
                        &budget,
                    );
                    let b = best_response("easy", 99 + checked, EASY).decide(
                        &other.view(seat),
                        &legal,
                        &budget,
                    );
                    assert_eq!(a, b, "seed {seed}: two worlds of one view, two decisions");
                    checked += 1;
                }
            }
            let input = bots[seat.index()].decide(&view, &legal, &budget);
            game.apply(seat, input, &mut rng, &mut events)
                .expect("a legal input applies");
        }
    }
    assert!(checked >= 10, "only {checked} decisions checked");
}

#[test]
fn the_best_response_is_deterministic_for_a_seed() {
    let game = |br_seed: u64, seed: u64| {
        let mut bots: [Box<dyn Bot>; 2] = [
            make_bot(BotLevel::Normal, seed),
            Box::new(best_response("normal", br_seed, Learned::AVERAGE)),
        ];
        play(&mut bots, seed).1
    };
    let mut differ = 0;
    for seed in 0..4 {
        assert_eq!(
            game(7, seed),
            game(7, seed),
            "seed {seed}: not deterministic"
        );
        if game(7, seed) != game(8, seed) {
            differ += 1;
        }
    }
    // The seed reaches the search (else a run would not vary its sampled worlds).
    assert!(differ > 0, "the best response's seed changed nothing");
}

#[test]
fn what_is_learned_tells_an_honest_bot_from_a_bluffer_and_a_challenger_from_a_trusting_one() {
    // Heads-up Normal claims what it holds far more than an average player's bluff model
    // says, Bluffer far less; Challenger doubts far more than Trusting.
    let normal = learn("normal", 30, 3, 1);
    let bluffer = learn("bluffer", 30, 3, 1);
    assert!(normal.trust < 1.0, "normal: {normal:?}");
    assert!(
        bluffer.trust > normal.trust,
        "bluffer {bluffer:?} vs normal {normal:?}"
    );
    let challenger = learn("challenger", 30, 3, 1);
    let trusting = learn("trusting", 30, 3, 1);
    assert!(
        challenger.challenge_rate > 2.0 * trusting.challenge_rate,
        "challenger {challenger:?} vs trusting {trusting:?}"
    );
    assert_eq!(learn("nobody", 30, 3, 1), Learned::AVERAGE);
    assert!(BestResponse::new("nobody", 1).is_none());
}

#[test]
fn the_best_response_to_easy_beats_easy_more_than_hard_does() {
    // Seats alternate; the same deals for both matches; both think as little (32
    // playouts, 32 iterations), where the gap is about 10 points (BENCHMARKS.md). The test
    // asks for a margin of 1.65 standard errors of the difference (one-sided, 95%).
    const GAMES: u64 = 200;
    let learned = learn("easy", 60, 11, 1);
    let (mut br_wins, mut hard_wins) = (0u32, 0u32);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for g in 0..GAMES {
        let seed: u64 = rng.random();
        let me = (g % 2) as usize;
        let mut bots: [Box<dyn Bot>; 2] = [
            make_bot(BotLevel::Easy, seed ^ 1),
            make_bot(BotLevel::Easy, seed ^ 2),
        ];
        bots[me] = Box::new(best_response("easy", seed, learned));
        br_wins += u32::from(play(&mut bots, seed).0 == Some(Seat::at(me)));
        let mut bots: [Box<dyn Bot>; 2] = [
            make_bot(BotLevel::Easy, seed ^ 1),
            make_bot(BotLevel::Easy, seed ^ 2),
        ];
        bots[me] = make_bot(BotLevel::Hard, seed);
        hard_wins += u32::from(play(&mut bots, seed).0 == Some(Seat::at(me)));
    }
    let n = GAMES as f64;
    let (p, q) = (f64::from(br_wins) / n, f64::from(hard_wins) / n);
    let se = (p * (1.0 - p) / n + q * (1.0 - q) / n).sqrt();
    assert!(
        p - q > 1.65 * se,
        "best response {br_wins}/{GAMES}, Hard {hard_wins}/{GAMES} against Easy"
    );
}
