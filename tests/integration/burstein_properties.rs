//! Properties of the Burstein engine (C.04.4.2, 2026) on tournaments from our own
//! generator: every round, seeding rounds (Dutch) and Burstein rounds alike, holds the
//! absolute criteria — no rematch ([C1]), no PAB after a PAB or a win without playing
//! ([C2]), and [C3] as its consequence: no colour difference beyond ±2, no colour three
//! times running (the Burstein text has no exception to it) — everyone present is
//! paired or gets the bye ([C4]), and the same input gives the same output.

use crate::common;

use common::generated::config;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use swiss_arbiter::generator::{GenerationStopped, generate};
use swiss_arbiter::pairing::{self, PairingError};
use swiss_arbiter::tournament::SystemId;

proptest! {
    // A fixed seed keeps CI reproducible; run with a different seed (or more cases) to explore.
    #![proptest_config(ProptestConfig {
        cases: 40,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0004_0402),
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_tournaments_hold_the_absolute_criteria(
        players in prop_oneof![6u32..20, 20u32..70],
        rounds in 3u32..=11,
        seed in any::<u64>(),
        draw in 0.0f64..0.6,
        forfeit in 0.0f64..0.08,
        bye in 0.0f64..0.08,
    ) {
        let cfg = config(players, rounds, seed, (draw, forfeit, bye));
        common::generated::holds(SystemId::Burstein, &cfg, |t, round| common::absolute_criteria::check_round(t, round, |_, _| false))
            .map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 6,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0004_0403),
        ..ProptestConfig::default()
    })]

    /// C.04.1: every round (seeding rounds by the Dutch explainer, the others by
    /// Burstein's) explains the engine's pairing as valid and equal to itself, and no
    /// pairing made from it by swapping two players of the same score (some with a
    /// board's colours reversed) is reported better than the engine's.
    #[test]
    fn the_explainer_never_prefers_another_pairing(
        players in 8u32..40,
        rounds in 5u32..=9,
        seed in any::<u64>(),
    ) {
        let cfg = config(players, rounds, seed, (0.3, 0.03, 0.03));
        common::generated::holds(SystemId::Burstein, &cfg, |t, round| {
            common::explained::engine_is_never_beaten(SystemId::Burstein, t, round, 12)
        })
        .map_err(TestCaseError::fail)?;
    }
}

/// A round that cannot be paired at all is refused, not mis-paired: four players after
/// three rounds of a round robin have no legal fourth round (the first after the three
/// seeding rounds of a 7-round event).
#[test]
fn exhausted_field_is_refused() {
    let engine = pairing::engine(SystemId::Burstein);
    let cfg = config(4, 7, 7, (0.3, 0.0, 0.0));
    match generate(&cfg, engine.as_ref()) {
        Err(GenerationStopped {
            error: PairingError::NoValidPairing { round },
            ..
        }) => assert_eq!(round, 4),
        other => panic!(
            "expected no valid pairing in round 4, got {:?}",
            other.map(|_| ())
        ),
    }
}
