//! Prints one bot game's public transcript, for reading how the bots play.
//! `cargo run --example bots_trace -- SEED normal,easy`

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::bots::{BotLevel, Budget, make_bot};
use shared::engine::{Game, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let lineup: Vec<BotLevel> = args
        .next()
        .unwrap_or_else(|| "normal,easy".into())
        .split(',')
        .filter_map(BotLevel::from_name)
        .collect();
    let n = lineup.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(mut game) = Game::deal(n, Options::default(), None, &mut rng) else {
        return;
    };
    let mut bots: Vec<_> = lineup
        .iter()
        .enumerate()
        .map(|(s, &l)| make_bot(l, seed + s as u64))
        .collect();
    for (s, level) in lineup.iter().enumerate() {
        let p = game.player(shared::engine::Seat::at(s));
        println!("seat {s} ({}) {:?}", level.name(), p.hand.cards);
    }
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0;
    while !game.is_over() && steps < 3000 {
        steps += 1;
        let Some(seat) = game.owing().iter().next() else {
            break;
        };
        game.legal_inputs(seat, &mut legal);
        let view = game.view(seat);
        let input = bots[seat.index()].decide(&view, &legal, &Budget::iterations(200));
        events.clear();
        if game.apply(seat, input, &mut rng, &mut events).is_err() {
            break;
        }
        for e in &events {
            match e {
                shared::engine::Event::Answered { .. }
                | shared::engine::Event::WindowOpened { .. }
                | shared::engine::Event::CourtShuffled => {}
                _ => println!("  {e:?}"),
            }
        }
    }
}
