//! Properties of the Double-Swiss engine (C.04.5) on tournaments from our own generator:
//! every round is explained and no other pairing is found better. The absolute criteria
//! ([C1] no rematch unless the earlier match was forfeited, [C2] no PAB after a PAB, a
//! match won by forfeit or a full-point bye, [C3] everyone present paired or given the
//! bye), complete matches and determinism are checked by the unit tests of
//! `src/pairing/tests/double_swiss.rs`, which read the engines' player state.

use crate::common;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::pairing::PairingError;
use swiss_arbiter::tournament::{ScoringSystem, SystemId, Tournament};

fn config(players: u32, rounds: u32, seed: u64, rates: (f64, f64, f64)) -> GeneratorConfig {
    let scoring = ScoringSystem::double_swiss(ScoringSystem::standard());
    common::generated::scored(players, rounds, seed, rates, scoring)
}

/// The tournament and the number of rounds paired (small fields may run out of pairings).
fn run(cfg: &GeneratorConfig) -> Result<(Tournament, u32), String> {
    generate(cfg, SystemId::DoubleSwiss)
        .map(|t| (t, cfg.rounds))
        .or_else(|stopped| match stopped.error {
            PairingError::NoValidPairing { round } => Ok((*stopped.partial, round - 1)),
            _ => Err(stopped.to_string()),
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 8,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0004_0006),
        ..ProptestConfig::default()
    })]

    /// C.04.1: every round's explanation finds the engine's pairing valid and equal to
    /// itself, and no pairing made from it by swapping two players of the same score
    /// (some with a match's colours reversed) is reported better than the engine's.
    #[test]
    fn the_explainer_never_prefers_another_pairing(
        players in 6u32..40,
        rounds in 3u32..=8,
        seed in any::<u64>(),
        forfeit in 0.0f64..0.2,
    ) {
        let cfg = config(players, rounds, seed, (0.3, forfeit, 0.03));
        let (t, paired) = run(&cfg).map_err(TestCaseError::fail)?;
        for round in 1..=paired {
            common::explained::engine_is_never_beaten(SystemId::DoubleSwiss, &t, round, 12)
                .map_err(TestCaseError::fail)?;
        }
    }
}
