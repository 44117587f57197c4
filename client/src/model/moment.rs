//! The end of a game in figures: each player's claims, bluffs and challenges, and the coins
//! everyone held over the game, from the public events and what the host revealed at the
//! end (R11.3). Plain logic, unit-tested natively.

use shared::engine::{Event, Outcome, Seat, View};

/// One player's game in figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Claims that came into play (R10.2).
    pub claims: u32,
    /// Of those, bluffs (as the host revealed; `None` when it did not tell every claim).
    pub bluffs: Option<u32>,
    /// Bluffs a challenge caught.
    pub caught: u32,
    /// Challenges this player made that caught a bluff.
    pub challenges_won: u32,
    /// Challenges this player made against a true claim.
    pub challenges_lost: u32,
}

/// Each seat's figures, seat 0 first. `truths` is the host's reveal: for each claim of the
/// record, whether it was true.
pub fn figures(view: &View, truths: &[Option<bool>]) -> Vec<Figures> {
    let mut out = vec![Figures::default(); view.players.len()];
    let mut bluffs = vec![Some(0u32); view.players.len()];
    for (i, c) in view.claims.iter().enumerate() {
        let Some(f) = out.get_mut(c.player.index()) else {
            continue;
        };
        f.claims += 1;
        if c.outcome == Outcome::Lost {
            f.caught += 1;
        }
        let b = &mut bluffs[c.player.index()];
        *b = match (*b, truths.get(i).copied().flatten()) {
            (Some(n), Some(false)) => Some(n + 1),
            (Some(n), Some(true)) => Some(n),
            _ => None,
        };
    }
    for (f, b) in out.iter_mut().zip(bluffs) {
        f.bluffs = b;
    }
    // A challenge ends when its claimant proves the claim (or shows a hand without the
    // Duke), or is found bluffing.
    let mut open: Option<(Seat, Seat)> = None;
    for e in &view.events {
        match *e {
            Event::Challenged {
                challenger,
                claimant,
                ..
            } => open = Some((challenger, claimant)),
            Event::Proved { seat, .. } | Event::ShowedHand { seat, .. } => {
                if let Some((ch, cl)) = open.take_if(|(_, cl)| *cl == seat)
                    && let Some(f) = out.get_mut(ch.index())
                {
                    let _ = cl;
                    f.challenges_lost += 1;
                }
            }
            Event::Disproved { seat, .. } => {
                if let Some((ch, _)) = open.take_if(|(_, cl)| *cl == seat)
                    && let Some(f) = out.get_mut(ch.index())
                {
                    f.challenges_won += 1;
                }
            }
            _ => {}
        }
    }
    out
}

/// What one event changes in the seats' coins: `(seat, change)` pairs.
fn coin_changes(e: &Event) -> [(Seat, i32); 2] {
    const NONE: (Seat, i32) = (Seat(u8::MAX), 0);
    let n = |c: u16| i32::from(c);
    match *e {
        Event::Declared { seat, paid, .. } => [(seat, -n(paid)), NONE],
        Event::Gained { seat, coins }
        | Event::Embezzled { seat, coins }
        | Event::Refunded { seat, coins } => [(seat, n(coins)), NONE],
        Event::Stole { seat, from, coins } => [(seat, n(coins)), (from, -n(coins))],
        Event::CoinsReturned { seat, coins } => [(seat, -n(coins)), NONE],
        _ => [NONE, NONE],
    }
}

/// Every seat's coins at the deal and after each turn, up to now: one row per moment, one
/// figure per seat. Worked back from the coins the view holds now through the public
/// events, so it needs no knowledge of the starting coins.
pub fn coins_over_time(view: &View) -> Vec<Vec<u16>> {
    let seats = view.players.len();
    let mut now: Vec<i32> = view.players.iter().map(|p| i32::from(p.coins)).collect();
    let mut rows = vec![now.clone()];
    for e in view.events.iter().rev() {
        if matches!(e, Event::TurnStarted { .. }) {
            rows.push(now.clone());
        }
        for (seat, change) in coin_changes(e) {
            if let Some(c) = now.get_mut(seat.index()) {
                *c -= change;
            }
        }
    }
    rows.push(now);
    rows.reverse();
    // The moment before the first turn and the deal are the same: drop a repeat.
    rows.dedup();
    rows.into_iter()
        .map(|r| {
            r.into_iter()
                .take(seats)
                .map(|c| u16::try_from(c.max(0)).unwrap_or(0))
                .collect()
        })
        .collect()
}

/// The coins chart's scale: the top of its axis (the most coins anyone held, rounded up to
/// a whole number of steps) and the step between its labelled lines, so that the axis has
/// at most six lines whatever the game.
pub fn chart_scale(rows: &[Vec<u16>]) -> (u32, u32) {
    let most = u32::from(rows.iter().flatten().copied().max().unwrap_or(0).max(1));
    let step = match most {
        0..=5 => 1,
        6..=10 => 2,
        11..=25 => 5,
        26..=50 => 10,
        _ => most.div_ceil(50) * 10,
    };
    (most.div_ceil(step) * step, step)
}

/// An SVG polyline's points for one seat's coins, in a `w` × `h` box of whole units with
/// `top` coins at the top (`chart_scale`'s). Whole numbers: the page need not carry float
/// formatting.
pub fn chart_points(rows: &[Vec<u16>], seat: usize, top: u32, w: u32, h: u32) -> String {
    let top = top.max(1);
    let steps = (rows.len().saturating_sub(1).max(1)) as u64;
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let c = u32::from(r.get(seat).copied().unwrap_or(0)).min(top);
            let x = u64::from(w) * i as u64 / steps;
            let y = h - h * c / top;
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where seat `me` finished a game `winner` won, and of how many: the winner 1st, the
/// others by the order they were eliminated (R9.2), the last out 2nd. `None` for a
/// spectator (no seat), or a seat the record does not show out.
pub fn place(view: &View, me: Option<Seat>, winner: Seat) -> Option<(usize, usize)> {
    let me = me?;
    let players = view.players.len();
    if me == winner {
        return Some((1, players));
    }
    let out = view
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { seat } => Some(*seat),
            _ => None,
        })
        .position(|s| s == me)?;
    Some((players.checked_sub(out)?.max(2), players))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use shared::engine::{Game, Input, Options, Pending};

    /// Plays a game of random legal inputs; returns it and every seat's coins at the deal
    /// and at each turn's start, as the engine held them.
    fn random_game(seed: u64, players: u8, options: Options) -> (Game, Vec<Vec<u16>>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::deal(usize::from(players), options, None, &mut rng).unwrap();
        let coins =
            |g: &Game| -> Vec<u16> { (0..players).map(|s| g.player(Seat(s)).coins).collect() };
        let mut seen = vec![coins(&game)];
        let mut legal = Vec::new();
        for _ in 0..5_000 {
            if matches!(game.pending(), Pending::GameOver { .. }) {
                break;
            }
            let seat = (0..players)
                .map(Seat)
                .find(|s| game.owes(*s))
                .expect("someone owes a decision");
            legal.clear();
            game.legal_inputs(seat, &mut legal);
            let input: Input = legal[rng.random_range(0..legal.len())];
            let mut events = Vec::new();
            game.apply(seat, input, &mut rng, &mut events).unwrap();
            if events
                .iter()
                .any(|e| matches!(e, Event::TurnStarted { .. }))
            {
                seen.push(coins(&game));
            }
        }
        seen.push(coins(&game));
        seen.dedup();
        (game, seen)
    }

    #[test]
    fn the_coins_chart_is_what_every_seat_held_at_each_turn() {
        for seed in 0..40 {
            let players = 2 + (seed % 9) as u8;
            let options = Options {
                allegiances: seed % 3 == 0,
                inquisitor: seed % 2 == 0,
                two_player_draft: false,
            };
            let (game, seen) = random_game(seed, players, options);
            let view = game.spectator_view();
            assert_eq!(coins_over_time(&view), seen, "seed {seed}");
            // R2.2: two coins each at the deal, one for the starter of a two-player game.
            let start = &coins_over_time(&view)[0];
            assert!(
                start.iter().all(|c| *c == 2 || (players == 2 && *c == 1)),
                "{start:?}"
            );
        }
    }

    #[test]
    fn figures_count_claims_bluffs_and_challenges_from_the_record() {
        let (game, _) = random_game(7, 4, Options::default());
        let view = game.spectator_view();
        let claims = view.claims.len() as u32;
        // Without the host's reveal, bluffs are unknown; with it, counted per claim.
        let unknown = figures(&view, &[]);
        assert!(unknown.iter().all(|f| f.bluffs.is_none() || f.claims == 0));
        let all_false = vec![Some(false); view.claims.len()];
        let f = figures(&view, &all_false);
        assert_eq!(f.iter().map(|f| f.claims).sum::<u32>(), claims);
        assert_eq!(f.iter().map(|f| f.bluffs.unwrap()).sum::<u32>(), claims);
        let caught = view
            .claims
            .iter()
            .filter(|c| c.outcome == Outcome::Lost)
            .count() as u32;
        assert_eq!(f.iter().map(|f| f.caught).sum::<u32>(), caught);
        // Every challenge ended one way or the other.
        let challenges = view
            .events
            .iter()
            .filter(|e| matches!(e, Event::Challenged { .. }))
            .count() as u32;
        let won: u32 = f.iter().map(|f| f.challenges_won).sum();
        let lost: u32 = f.iter().map(|f| f.challenges_lost).sum();
        assert!(won + lost <= challenges && won + lost + 1 >= challenges);
        assert_eq!(won, caught, "a won challenge is a caught bluff");
    }

    #[test]
    fn chart_points_fit_the_box() {
        let rows = vec![vec![2, 2], vec![5, 0], vec![10, 1]];
        assert_eq!(chart_scale(&rows), (10, 2));
        assert_eq!(chart_points(&rows, 0, 10, 100, 50), "0,40 50,25 100,0");
        assert_eq!(chart_points(&rows, 1, 10, 100, 50), "0,40 50,50 100,45");
        // Against a higher top, the same coins sit lower.
        assert_eq!(chart_points(&rows, 0, 20, 100, 50), "0,45 50,38 100,25");
    }

    #[test]
    fn the_chart_scale_is_whole_steps_above_the_most_coins() {
        for (most, scale) in [
            (0, (1, 1)),
            (1, (1, 1)),
            (5, (5, 1)),
            (6, (6, 2)),
            (7, (8, 2)),
            (12, (15, 5)),
            (25, (25, 5)),
            (26, (30, 10)),
            (50, (50, 10)),
            (51, (60, 20)),
            (400, (400, 80)),
            (u16::MAX, (65_550, 13_110)),
        ] {
            let rows = vec![vec![0, most], vec![0, 0]];
            let (top, step) = chart_scale(&rows);
            assert_eq!((top, step), scale, "most {most}");
            assert!(
                top >= u32::from(most) && top % step == 0 && top / step <= 6,
                "most {most}"
            );
        }
        assert_eq!(chart_scale(&[]), (1, 1));
    }

    #[test]
    fn places_follow_the_order_of_elimination_the_last_out_second() {
        for seed in 0..12 {
            let players = 2 + (seed % 9) as u8;
            // The order seats went out, read from the game itself after each input.
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::deal(usize::from(players), Options::default(), None, &mut rng)
                .expect("deals");
            let mut order = Vec::new();
            let mut legal = Vec::new();
            let winner = loop {
                if let Pending::GameOver { winner } = game.pending() {
                    break *winner;
                }
                let seat = (0..players)
                    .map(Seat)
                    .find(|s| game.owes(*s))
                    .expect("someone owes a decision");
                legal.clear();
                game.legal_inputs(seat, &mut legal);
                let input = legal[rng.random_range(0..legal.len())];
                game.apply(seat, input, &mut rng, &mut Vec::new())
                    .expect("legal");
                for s in (0..players).map(Seat) {
                    if !game.alive(s) && !order.contains(&s) {
                        order.push(s);
                    }
                }
            };
            let view = game.view(Seat(0));
            assert_eq!(
                place(&view, Some(winner), winner),
                Some((1, players.into()))
            );
            for (i, s) in order.iter().enumerate() {
                assert_eq!(
                    place(&view, Some(*s), winner),
                    Some((usize::from(players) - i, usize::from(players))),
                    "seed {seed}: seat {s:?}, out {i}th"
                );
            }
            // The last out is second; a spectator has no place.
            assert_eq!(
                order.last().and_then(|s| place(&view, Some(*s), winner)),
                Some((2, players.into()))
            );
            assert_eq!(place(&game.spectator_view(), None, winner), None);
        }
    }
}
