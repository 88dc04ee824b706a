//! Properties of the Dutch engine on tournaments from our own generator (8–400 players,
//! with forfeits, requested byes and withdrawals): the absolute criteria always hold,
//! every player present is paired or gets the bye, and the same input gives the same
//! output.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;

use crate::generator::{GenerationStopped, GeneratorConfig, generate};

use super::absolute_criteria::check_seats;
use crate::pairing::state::{RoundState, RuleVersion, is_present, round_state};
use crate::pairing::{PairingError, RoundPairing, history_for_round};
use crate::tournament::{Outcome, ScoringSystem, SystemId, Tournament};

fn config(players: u32, rounds: u32, seed: u64, rates: (f64, f64, f64)) -> GeneratorConfig {
    GeneratorConfig {
        // Baku (C.04.7) is defined for 1-½-0 scoring only.
        baku: seed.is_multiple_of(5) && !seed.is_multiple_of(3),
        scoring: if seed.is_multiple_of(3) {
            ScoringSystem::three_one_zero()
        } else {
            ScoringSystem::standard()
        },
        ..super::config(players, rounds, seed, rates)
    }
}

/// C.3: two players with the same absolute colour preference do not meet (topscorers
/// excepted).
fn colours_compatible(state: &RoundState, a: usize, b: usize) -> bool {
    let (pa, pb) = (&state.players[a], &state.players[b]);
    !(pa.preference.is_absolute()
        && pb.preference.is_absolute()
        && pa.preference.colour() == pb.preference.colour()
        && !pa.topscorer
        && !pb.topscorer)
}

/// Whether any pairing of `round` meets C.1–C.3, found by an exhaustive search that shares
/// nothing with the engine: pair the first unpaired player with each compatible partner in
/// turn (or give them the bye), remembering the sets of players that cannot be completed.
fn legal_pairing_exists(t: &Tournament, round: u32, rules: RuleVersion) -> bool {
    let history = history_for_round(t, round);
    let state = round_state(&history, round, rules);
    let n = state.players.len();
    assert!(n <= 128, "the exhaustive search is meant for small fields");
    fn search(
        state: &RoundState,
        unpaired: u128,
        bye_left: bool,
        dead: &mut std::collections::HashSet<(u128, bool)>,
    ) -> bool {
        if unpaired == 0 {
            return true;
        }
        if dead.contains(&(unpaired, bye_left)) {
            return false;
        }
        let a = unpaired.trailing_zeros() as usize;
        let rest = unpaired & !(1u128 << a);
        let found = (bye_left && state.players[a].bye_eligible && search(state, rest, false, dead))
            || (0..state.players.len()).any(|b| {
                rest & (1u128 << b) != 0
                    && !state.have_met_or_forbidden(a, b)
                    && colours_compatible(state, a, b)
                    && search(state, rest & !(1u128 << b), bye_left, dead)
            });
        if !found {
            dead.insert((unpaired, bye_left));
        }
        found
    }
    let all = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    search(
        &state,
        all,
        n % 2 == 1,
        &mut std::collections::HashSet::new(),
    )
}

/// Checks C.1, C.2, C.3 and completeness for round `round` as recorded.
fn check_round(t: &Tournament, round: u32, rules: RuleVersion) -> Result<(), String> {
    let compatible = |state: &RoundState, _last_round: bool, a: usize, b: usize| {
        if colours_compatible(state, a, b) {
            return Ok(());
        }
        let (white, black) = (state.players[a].id, state.players[b].id);
        Err(format!(
            "round {round}: {white}-{black} share an absolute colour preference (C.3)"
        ))
    };
    // C.2: no second PAB, no PAB after a forfeit win.
    check_seats(t, round, rules, compatible, |p| p.bye_eligible)?;
    let present = t.players.iter().filter(|p| is_present(p, round)).count();
    if present % 2 == 1 && RoundPairing::recorded(t, round).bye.is_none() {
        return Err(format!("round {round}: odd number of players and no bye"));
    }
    Ok(())
}

proptest! {
    // A fixed seed keeps CI reproducible; run with a different seed (or more cases) to explore.
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x5EED_2026),
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_tournaments_hold_the_absolute_criteria(
        rules in prop_oneof![Just(RuleVersion::Dutch2017), Just(RuleVersion::Dutch2026)],
        players in prop_oneof![8u32..40, 40u32..150, 150u32..=400],
        rounds in 3u32..=9,
        seed in any::<u64>(),
        draw in 0.0f64..0.6,
        forfeit in 0.0f64..0.08,
        bye in 0.0f64..0.08,
    ) {
        let system = if rules == RuleVersion::Dutch2017 { SystemId::Dutch2017 } else { SystemId::Dutch2026 };
        let (t, paired) = match generate(&config(players, rounds, seed, (draw, forfeit, bye)), system) {
            Ok(t) => (t, rounds),
            // Small fields can run out of legal pairings; the engine must be right that
            // none exists.
            Err(GenerationStopped { partial, error: PairingError::NoValidPairing { round } }) => {
                prop_assert!(
                    !legal_pairing_exists(&partial, round, rules),
                    "round {}: the engine found no pairing, but one exists", round
                );
                (*partial, round - 1)
            }
            Err(stopped) => return Err(TestCaseError::fail(stopped.to_string())),
        };
        for round in 1..=paired {
            check_round(&t, round, rules).map_err(TestCaseError::fail)?;
        }
        // The same input gives the same output (re-generated for the smaller fields only,
        // to keep the suite quick).
        if players <= 120 {
            let again = match generate(&config(players, rounds, seed, (draw, forfeit, bye)), system) {
                Ok(t) => t,
                Err(stopped) => *stopped.partial,
            };
            prop_assert_eq!(&again, &t);
        }
    }
}

#[test]
fn generator_produces_forfeits_byes_and_withdrawals() {
    let t =
        generate(&config(60, 9, 42, (0.3, 0.05, 0.15)), SystemId::Dutch2017).expect("generates");
    let all: Vec<&Outcome> = t.players.iter().flat_map(|p| &p.results).collect();
    assert!(all.iter().any(|o| matches!(o, Outcome::Forfeit { .. })));
    assert!(all.iter().any(|o| matches!(o, Outcome::Bye(_))));
    assert!(t.players.iter().any(|p| p.withdrawn_from.is_some()));
    for round in 1..=9 {
        check_round(&t, round, RuleVersion::Dutch2017).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Found first by the property test: eight players over seven rounds may run out of
/// pairings (the remaining opponents leave no perfect matching). Over the first seeds,
/// whenever the engine says a round cannot be paired an exhaustive search agrees, every
/// round before it was paired by the rules and could be, and some seed does run out.
#[test]
fn an_exhausted_small_field_is_reported_not_paired() {
    let mut exhausted = 0;
    for seed in 0..120u64 {
        let cfg = config(8, 7, seed, (0.40734317709208895, 0.02891128873917194, 0.0));
        let Err(stopped) = generate(&cfg, SystemId::Dutch2017) else {
            continue;
        };
        let PairingError::NoValidPairing { round } = stopped.error else {
            panic!("seed {seed}: {}", stopped.error);
        };
        exhausted += 1;
        assert!(
            !legal_pairing_exists(&stopped.partial, round, RuleVersion::Dutch2017),
            "seed {seed}: round {round} has a legal pairing"
        );
        for earlier in 1..round {
            check_round(&stopped.partial, earlier, RuleVersion::Dutch2017)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(legal_pairing_exists(
                &stopped.partial,
                earlier,
                RuleVersion::Dutch2017
            ));
        }
    }
    assert!(exhausted > 0, "no seed ran out of pairings");
}
