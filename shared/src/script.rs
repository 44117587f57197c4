//! The `coup-script` protocol (`docs/SCRIPT.md`, version [`PROTOCOL_VERSION`]) as a pure function:
//! scenario text in, result JSON out. The binary `coup-script` only moves bytes.
//!
//! [`run`] returns `Ok(result)` whenever the scenario was read, even when a step was
//! rejected (the binary exits 0), and [`ScriptError`] when the text is not a valid scenario
//! (the binary exits 2).
//!
//! Protocol rulings where SCRIPT.md is silent: unknown keys inside `setup` are ignored
//! (like unknown top-level keys); `seed` together with `hands` or `court` is invalid; with
//! `seed`, the draft choices and the starting allegiance are drawn from the same seeded RNG
//! before the first step; `{"all": "pass"}` passes for the owing seats in ascending order,
//! and rejected codes come from [`InputError::code`] plus `bad_step` (not a well-formed
//! step) and `no_window` (`all` with no window open).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value, json};
use thiserror::Error;

use crate::engine::{Game, Input, InputError, Options, Pending, Seat, Setup};

/// The version of the scripting protocol, as stated in `docs/SCRIPT.md` (a test checks
/// the two agree).
pub const PROTOCOL_VERSION: u32 = 1;

/// Why a scenario is not valid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid scenario: {0}")]
pub struct ScriptError(pub String);

fn invalid(msg: impl Into<String>) -> ScriptError {
    ScriptError(msg.into())
}

/// Why one step was rejected.
struct Rejection {
    code: &'static str,
    message: String,
}

impl From<InputError> for Rejection {
    fn from(e: InputError) -> Self {
        Rejection {
            code: e.code(),
            message: e.to_string(),
        }
    }
}

/// Runs a scenario and returns the result object of SCRIPT.md.
pub fn run(text: &str) -> Result<Value, ScriptError> {
    let scenario: Value =
        serde_json::from_str(text).map_err(|e| invalid(format!("not JSON: {e}")))?;
    let top = scenario
        .as_object()
        .ok_or_else(|| invalid("the scenario must be a JSON object"))?;
    let setup = top.get("setup").ok_or_else(|| invalid("missing `setup`"))?;
    let steps = match top.get("steps") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(steps)) => &steps[..],
        Some(_) => return Err(invalid("`steps` must be a list")),
    };
    let views = match top.get("views") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(invalid("`views` must be true or false")),
    };
    let (mut game, mut rng) = build(setup)?;

    let mut rejected = None;
    for (i, step) in steps.iter().enumerate() {
        let before = game.clone();
        if let Err(r) = play_step(&mut game, step, &mut rng) {
            // The state is as it was before the rejected step (SCRIPT.md).
            game = before;
            rejected = Some(json!({"step": i, "code": r.code, "message": r.message}));
            break;
        }
    }
    let mut result = Map::new();
    result.insert("ok".into(), Value::Bool(rejected.is_none()));
    result.insert("rejected".into(), rejected.unwrap_or(Value::Null));
    result.insert("state".into(), state(&game));
    result.insert(
        "claims".into(),
        serde_json::to_value(game.claims()).unwrap_or(Value::Null),
    );
    if views {
        let all: Vec<Value> = (0..game.players())
            .map(|s| serde_json::to_value(game.view(Seat::at(s))).unwrap_or(Value::Null))
            .collect();
        result.insert("views".into(), Value::Array(all));
    }
    Ok(Value::Object(result))
}

/// Runs a scenario and renders the result as one line of JSON.
pub fn run_to_string(text: &str) -> Result<String, ScriptError> {
    run(text).map(|v| v.to_string())
}

/// The game a `setup` describes: fixed (`hands`, `court`, …) or dealt from `seed`.
fn build(setup: &Value) -> Result<(Game, ChaCha8Rng), ScriptError> {
    let obj = setup
        .as_object()
        .ok_or_else(|| invalid("`setup` must be an object"))?;
    let Some(seed) = obj.get("seed") else {
        let setup: Setup = serde_json::from_value(setup.clone())
            .map_err(|e| invalid(format!("bad setup: {e}")))?;
        let game = Game::from_setup(setup).map_err(|e| invalid(e.to_string()))?;
        // A scripted game never shuffles, so this rng is never drawn from.
        return Ok((game, ChaCha8Rng::seed_from_u64(0)));
    };
    if obj.contains_key("hands") || obj.contains_key("court") {
        return Err(invalid(
            "`seed` deals at random: give no `hands` or `court`",
        ));
    }
    let seed = seed
        .as_u64()
        .ok_or_else(|| invalid("`seed` must be a non-negative integer"))?;
    let players = obj
        .get("players")
        .and_then(Value::as_u64)
        .ok_or_else(|| invalid("`players` must be a number"))?;
    let options: Options = match obj.get("options") {
        None => Options::default(),
        Some(o) => {
            serde_json::from_value(o.clone()).map_err(|e| invalid(format!("bad options: {e}")))?
        }
    };
    let first = match obj.get("first") {
        None | Some(Value::Null) => None,
        Some(f) => Some(Seat(
            f.as_u64()
                .filter(|&f| f < 16)
                .ok_or_else(|| invalid("`first` must name a player"))? as u8,
        )),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = usize::try_from(players).unwrap_or(usize::MAX);
    let mut game =
        Game::deal(players, options, first, &mut rng).map_err(|e| invalid(e.to_string()))?;
    // SCRIPT.md: with a seed everything is dealt at random, the draft's choices and the
    // starting allegiance included.
    let mut inputs = Vec::new();
    let mut events = Vec::new();
    while matches!(
        game.pending(),
        Pending::Draft { .. } | Pending::ChooseAllegiance { .. }
    ) {
        let Some(seat) = game.owing().iter().next() else {
            break;
        };
        game.legal_inputs(seat, &mut inputs);
        let pick = inputs[rand::Rng::random_range(&mut rng, 0..inputs.len())];
        game.apply(seat, pick, &mut rng, &mut events)
            .map_err(|e| invalid(e.to_string()))?;
    }
    Ok((game, rng))
}

fn play_step(game: &mut Game, step: &Value, rng: &mut ChaCha8Rng) -> Result<(), Rejection> {
    let bad = |message: &str| Rejection {
        code: "bad_step",
        message: message.into(),
    };
    let obj = step.as_object().ok_or_else(|| bad("a step is an object"))?;
    let mut events = Vec::new();
    if let Some(all) = obj.get("all") {
        if all != "pass" {
            return Err(bad("`all` takes only \"pass\""));
        }
        let Pending::Respond { window } = *game.pending() else {
            return Err(Rejection {
                code: "no_window",
                message: "no window is open".into(),
            });
        };
        for seat in window.owes.iter() {
            game.apply(seat, Input::Pass, rng, &mut events)?;
        }
        return Ok(());
    }
    let seat = obj
        .get("player")
        .and_then(Value::as_u64)
        .and_then(|p| u8::try_from(p).ok())
        .map(Seat)
        .ok_or_else(|| bad("`player` must be a seat number"))?;
    let input: Input = obj
        .get("do")
        .and_then(|m| serde_json::from_value(m.clone()).ok())
        .ok_or_else(|| bad("`do` is not a move"))?;
    game.apply(seat, input, rng, &mut events)?;
    Ok(())
}

/// The result's `state` (SCRIPT.md).
fn state(game: &Game) -> Value {
    let players: Vec<Value> = (0..game.players())
        .map(|s| {
            let seat = Seat::at(s);
            let p = game.player(seat);
            json!({
                "coins": p.coins,
                "hidden": p.hand.hidden().collect::<Vec<_>>(),
                "revealed": p.hand.revealed().collect::<Vec<_>>(),
                "allegiance": p.allegiance,
                "alive": game.alive(seat),
            })
        })
        .collect();
    let pending = game.pending();
    let mut pend = json!({
        "kind": pending.kind_name(),
        "players": pending.owes(),
    });
    if let Pending::Exchange { count, drawn, .. } = pending {
        pend["drawn"] = json!(
            drawn
                .iter()
                .take(*count as usize)
                .flatten()
                .collect::<Vec<_>>()
        );
    }
    json!({
        "players": players,
        "court": game.court(),
        "reserve": game.reserve(),
        "current": game.current(),
        "pending": pend,
        "winner": game.winner(),
    })
}
