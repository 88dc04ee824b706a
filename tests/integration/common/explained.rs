//! The explainer of a procedural system against its own engine, on a generated event:
//! the recorded (engine's) pairing checks as valid and equal to the engine's; with one
//! board's colours reversed it has one colour break and is not better; and pairings made from it
//! by swapping two players of the same score (and reversing a board's colours) are never
//! reported better than the engine's.

use swiss_arbiter::pairing::{Comparison, Pair, PairingRequest, RoundPairing};
use swiss_arbiter::tournament::{SystemId, Tournament};

/// Checks `round` of `t` (paired by `system`'s engine) with up to `swaps` alternatives.
pub fn engine_is_never_beaten(
    system: SystemId,
    t: &Tournament,
    round: u32,
    swaps: usize,
) -> Result<(), String> {
    let request = PairingRequest::recorded(t, system, round);
    let history = request.history();
    let explainer = request
        .explain()
        .map_err(|e| format!("round {round}: {e}"))?;
    let own = explainer.check(&RoundPairing::recorded(t, round));
    if !own.is_valid() || !own.colour_breaks.is_empty() || own.comparison != Comparison::Equal {
        return Err(format!(
            "round {round}: the engine's pairing checks as {:?} {:?} {:?}",
            own.errors, own.colour_breaks, own.comparison
        ));
    }
    let engine = explainer.pairing();
    if let Some(first) = engine.pairs.first() {
        let mut reversed = engine.clone();
        reversed.pairs[0] = Pair {
            white: first.black,
            black: first.white,
        };
        let check = explainer.check(&reversed);
        // Equal for the procedural systems; the Dutch criteria (Burstein's seeding
        // rounds) count the preferences the reversal denies.
        let better = matches!(check.comparison, Comparison::Differs { worse: false, .. });
        if better || check.colour_breaks.len() != 1 {
            return Err(format!("round {round}: reversed colours give {check:?}"));
        }
    }
    let score = |id: u32| {
        history
            .player(id)
            .map(|p| history.score_after(p, round - 1))
            .unwrap_or_default()
    };
    let seats: Vec<u32> = engine
        .pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .collect();
    let mut tried = 0;
    for a in 0..seats.len() {
        for b in a + 2 - a % 2..seats.len() {
            if tried == swaps || score(seats[a]) != score(seats[b]) {
                continue;
            }
            tried += 1;
            let mut moved = seats.clone();
            moved.swap(a, b);
            let mut pairs: Vec<Pair> = moved
                .chunks(2)
                .map(|s| Pair {
                    white: s[0],
                    black: s[1],
                })
                .collect();
            if tried % 2 == 0 {
                let board = &mut pairs[a / 2];
                std::mem::swap(&mut board.white, &mut board.black);
            }
            let manual = RoundPairing {
                pairs,
                ..engine.clone()
            };
            let check = explainer.check_explained(&manual);
            if check.is_valid()
                && matches!(check.comparison, Comparison::Differs { worse: false, .. })
            {
                return Err(format!(
                    "round {round}: {} is better than the engine's: {}",
                    manual.summary(),
                    check.comparison_text()
                ));
            }
        }
    }
    Ok(())
}
