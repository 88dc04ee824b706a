//! Property tests on tournaments from our own generator, shared by the systems' tests:
//! every round the engine paired passes a check, and the same input gives the same
//! output.

use swiss_arbiter::generator::{GenerationStopped, GeneratorConfig, generate};
use swiss_arbiter::pairing::PairingError;
use swiss_arbiter::tournament::{ScoringSystem, SystemId, Tournament};

/// `players` players, `rounds` rounds, results drawn with `seed`; `rates` are the draw,
/// forfeit and requested-bye rates. Standard scoring, no acceleration.
pub fn config(players: u32, rounds: u32, seed: u64, rates: (f64, f64, f64)) -> GeneratorConfig {
    scored(players, rounds, seed, rates, ScoringSystem::standard())
}

/// [`config`] with another scoring system.
pub fn scored(
    players: u32,
    rounds: u32,
    seed: u64,
    rates: (f64, f64, f64),
    scoring: ScoringSystem,
) -> GeneratorConfig {
    GeneratorConfig {
        players,
        rounds,
        planned_rounds: None,
        seed,
        draw_rate: rates.0,
        results: Default::default(),
        forfeit_rate: rates.1,
        bye_rate: rates.2,
        baku: false,
        absences: Default::default(),
        scoring,
    }
}

/// Generates `cfg` with `system` and checks every round paired with `check`. A small
/// field may run out of legal pairings: the rounds before are checked, and at least
/// three must have been paired (all of them in a shorter event). A second generation
/// must give the same tournament.
pub fn holds(
    system: SystemId,
    cfg: &GeneratorConfig,
    check: impl Fn(&Tournament, u32) -> Result<(), String>,
) -> Result<(), String> {
    let (t, paired) = match generate(cfg, system) {
        Ok(t) => (t, cfg.rounds),
        Err(GenerationStopped {
            partial,
            error: PairingError::NoValidPairing { round },
        }) => (*partial, round - 1),
        Err(stopped) => return Err(stopped.to_string()),
    };
    if paired < 3.min(cfg.rounds) {
        return Err(format!("stopped in round {}", paired + 1));
    }
    for round in 1..=paired {
        check(&t, round)?;
    }
    let again = match generate(cfg, system) {
        Ok(t) => t,
        Err(stopped) => *stopped.partial,
    };
    if again != t {
        return Err("a second generation gave another tournament".into());
    }
    Ok(())
}
