//! The explanation of a round is of the very pairing the engine gives: for every system,
//! on generated events (odd and even fields, draws, forfeits, requested byes), the
//! explainer's pairing of each round equals the engine's, pairs, colours, board order and
//! bye. (What a pairing and its explanation from one solve, #22, will rest on.)

use crate::common;

use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{ScoringSystem, SystemId};

#[test]
fn every_system_explains_the_pairing_it_gives() {
    let rounds = std::cell::Cell::new(0);
    // The team system is checked on team events (`fide_team.rs`).
    for system in SystemId::ALL.into_iter().filter(|s| !s.pairs_teams()) {
        for (players, seed) in [(11, 1), (16, 2), (23, 3), (30, 4), (41, 5)] {
            let scoring = ScoringSystem::for_system(ScoringSystem::standard(), Some(system));
            let cfg = common::generated::scored(players, 9, seed, (0.2, 0.05, 0.05), scoring);
            common::generated::holds(system, &cfg, |t, round| {
                let request = PairingRequest::recorded(t, system, round);
                let paired = request.pair().map_err(|e| e.to_string())?;
                let explainer = request.explain().map_err(|e| e.to_string())?;
                rounds.set(rounds.get() + 1);
                if explainer.pairing() == &paired {
                    Ok(())
                } else {
                    Err(format!(
                        "{system}, {players} players, seed {seed}, round {round}: the explainer pairs {:?}, the engine {:?}",
                        explainer.pairing(),
                        paired
                    ))
                }
            })
            .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let rounds = rounds.get();
    assert!(rounds >= 8 * 5 * 3, "only {rounds} rounds compared");
}
