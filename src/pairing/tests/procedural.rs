//! The absolute criteria the procedural systems share (no rematch, no second PAB, the
//! colour limits for whom they bind, everyone present paired or given the bye), on
//! tournaments from our own generator (draws, forfeits, requested byes); the same input
//! gives the same output. Moved here from the integration tests because the check reads
//! the engines' shared player state.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;

use crate::tournament::SystemId;

use super::absolute_criteria::check_round;
use super::{config, holds};

/// A property test: `system` holds the absolute criteria on generated events of
/// `players` players and `rounds` rounds, the colour criteria binding all but whom
/// `exempt(player, last_round)` names. A fixed seed keeps CI reproducible; run with a
/// different seed (or more cases) to explore.
macro_rules! holds_the_absolute_criteria {
    ($name:ident, $system:expr, cases $cases:expr, seed $seed:expr,
     players $players:expr, rounds $rounds:expr, exempt $exempt:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig {
                cases: $cases,
                failure_persistence: None,
                rng_seed: RngSeed::Fixed($seed),
                ..ProptestConfig::default()
            })]

            #[test]
            fn $name(
                players in $players,
                rounds in $rounds,
                seed in any::<u64>(),
                draw in 0.0f64..0.6,
                forfeit in 0.0f64..0.08,
                bye in 0.0f64..0.08,
            ) {
                let cfg = config(players, rounds, seed, (draw, forfeit, bye));
                holds($system, &cfg, |t, round| check_round(t, round, $exempt))
                    .map_err(TestCaseError::fail)?;
            }
        }
    };
}

// Burstein (C.04.4.2, 2026), seeding rounds (Dutch) and Burstein rounds alike: no rematch
// ([C1]), no PAB after a PAB or a win without playing ([C2]), and [C3] as its consequence:
// no colour difference beyond ±2, no colour three times running (the Burstein text has no
// exception to it); everyone present is paired or gets the bye ([C4]).
holds_the_absolute_criteria!(burstein_holds_the_absolute_criteria, SystemId::Burstein,
    cases 40, seed 0x0004_0402, players prop_oneof![6u32..20, 20u32..70],
    rounds 3u32..=11, exempt |_, _| false);

// Dubov (C.04.4.1, 2026): [C1]–[C4], and (through [C3] and 5.2, which always grant an
// absolute colour preference) never a colour difference beyond ±2 nor the same colour
// three times running, last round included.
holds_the_absolute_criteria!(dubov_holds_the_absolute_criteria, SystemId::Dubov,
    cases 40, seed 0x0011_4401, players prop_oneof![6u32..20, 20u32..70],
    rounds 3u32..=11, exempt |_, _| false);

// Lim (C.04.4.3): no rematch, no second PAB, and 2.1's colours (never the same colour
// three times running, never three more of one colour) except in the last round, rule 6.
holds_the_absolute_criteria!(lim_holds_the_absolute_criteria, SystemId::Lim,
    cases 48, seed 0x0011_4003, players prop_oneof![6u32..20, 20u32..60],
    rounds 3u32..=9, exempt |_, last| last);

// The 1998 "Swiss System Based on Rating" (C.04.1): B.1 (no rematch, no second bye) and
// B.2 (no colour difference beyond ±2, no colour three times in a row), which binds
// everyone but players over 50% in the last round (note to B.6).
holds_the_absolute_criteria!(swiss_1998_holds_the_absolute_criteria, SystemId::Rating1998,
    cases 48, seed 0x1998_0001, players prop_oneof![6u32..20, 20u32..60],
    rounds 3u32..=9, exempt |p, _| p.topscorer);
