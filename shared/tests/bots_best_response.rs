//! The best response ([`shared::bots::best_response`]): it decides from a view alone (two
//! worlds with the same view get the same decision), it is deterministic for a seed, and
//! against the bot it models it wins more than Hard does.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::bots::beliefs::Beliefs;
use shared::bots::best_response::{BestResponse, Learned, learn};
use shared::bots::{Bot, BotLevel, Budget, make_bot};
use shared::engine::{Game, Input, Options, Seat};

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
                // Another world this seat cannot tell from the real one: the opponent's
                // hidden cards and the Court drawn again from the seat's beliefs.
                let beliefs = Beliefs::new(&view);
                let (mut unseen, mut pool) = (Vec::new(), Vec::new());
                let mut other = None;
                for _ in 0..20 {
                    assert!(beliefs.sample(&view, &mut rng, &mut unseen, &mut pool));
                    if unseen != game.unseen_assignment(Some(seat)) {
                        other = Some(Game::determinize(&view, &unseen).expect("a world"));
                        break;
                    }
                }
                if let Some(other) = other {
                    assert_eq!(other.view(seat), view, "the same view");
                    assert_ne!(
                        other.unseen_assignment(Some(seat)),
                        game.unseen_assignment(Some(seat)),
                        "the worlds differ in what seat 0 cannot see"
                    );
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
        br_wins += u32::from(play(&mut bots, seed).0 == Some(Seat(me as u8)));
        let mut bots: [Box<dyn Bot>; 2] = [
            make_bot(BotLevel::Easy, seed ^ 1),
            make_bot(BotLevel::Easy, seed ^ 2),
        ];
        bots[me] = make_bot(BotLevel::Hard, seed);
        hard_wins += u32::from(play(&mut bots, seed).0 == Some(Seat(me as u8)));
    }
    let n = GAMES as f64;
    let (p, q) = (f64::from(br_wins) / n, f64::from(hard_wins) / n);
    let se = (p * (1.0 - p) / n + q * (1.0 - q) / n).sqrt();
    assert!(
        p - q > 1.65 * se,
        "best response {br_wins}/{GAMES}, Hard {hard_wins}/{GAMES} against Easy"
    );
}
