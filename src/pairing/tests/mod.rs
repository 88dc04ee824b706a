//! Properties of the engines that need their internals: on tournaments from our own
//! generator, every round the engine pairs is checked against the absolute criteria read
//! from the shared player state ([`super::state`]), and the same input gives the same
//! output.

mod absolute_criteria;
mod double_swiss;
mod dutch_properties;
mod procedural;
mod unusual_scores;

use crate::generator::{GenerationStopped, GeneratorConfig, generate};
use crate::pairing::PairingError;
use crate::tournament::{ScoringSystem, SystemId, Tournament};

/// `players` players, `rounds` rounds, results drawn with `seed`; `rates` are the draw,
/// forfeit and requested-bye rates. Standard scoring, no acceleration.
fn config(players: u32, rounds: u32, seed: u64, rates: (f64, f64, f64)) -> GeneratorConfig {
    scored(players, rounds, seed, rates, ScoringSystem::standard())
}

/// [`config`] with another scoring system.
fn scored(
    players: u32,
    rounds: u32,
    seed: u64,
    (draw_rate, forfeit_rate, bye_rate): (f64, f64, f64),
    scoring: ScoringSystem,
) -> GeneratorConfig {
    GeneratorConfig {
        draw_rate,
        results: Default::default(),
        forfeit_rate,
        bye_rate,
        scoring,
        seed,
        players,
        rounds,
        planned_rounds: None,
        baku: false,
        absences: Default::default(),
    }
}

/// The tournament `cfg` generates with `system` and the number of rounds paired: a small
/// field may run out of legal pairings (C.04.3 A.9).
fn generated(cfg: &GeneratorConfig, system: SystemId) -> Result<(Tournament, u32), String> {
    match generate(cfg, system) {
        Ok(t) => Ok((t, cfg.rounds)),
        Err(GenerationStopped {
            partial,
            error: PairingError::NoValidPairing { round },
        }) => Ok((*partial, round - 1)),
        Err(stopped) => Err(stopped.to_string()),
    }
}

/// Generates `cfg` with `system` and checks every round paired with `check`; at least
/// three rounds must have been paired (all of them in a shorter event), and a second
/// generation must give the same tournament.
fn holds(
    system: SystemId,
    cfg: &GeneratorConfig,
    check: impl Fn(&Tournament, u32) -> Result<(), String>,
) -> Result<(), String> {
    let (t, paired) = generated(cfg, system)?;
    if paired < 3.min(cfg.rounds) {
        return Err(format!("stopped in round {}", paired + 1));
    }
    (1..=paired).try_for_each(|round| check(&t, round))?;
    let again = generate(cfg, system).unwrap_or_else(|stopped| *stopped.partial);
    if again != t {
        return Err("a second generation gave another tournament".into());
    }
    Ok(())
}
