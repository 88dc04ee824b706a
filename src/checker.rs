//! The free pairings checker (FPC, C.02.03): re-pair every round of a tournament from the
//! rounds before it and compare with what was recorded: pairs, colours and the
//! pairing-allocated bye (board order is not compared).

use crate::pairing::{PairingError, PairingRequest, RoundPairing};
use crate::tournament::{SystemId, Tournament};

/// The verdict on one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundVerdict {
    Identical,
    Different {
        engine: RoundPairing,
        recorded: RoundPairing,
    },
    Error(PairingError),
}

/// One checked round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: u32,
    pub verdict: RoundVerdict,
}

/// Checks every paired round of the tournament, in order. Each round is re-paired from the
/// recorded results of the rounds before it, not from the engine's earlier pairings.
pub fn check_tournament(t: &Tournament, system: SystemId) -> Vec<RoundCheck> {
    (1..=t.rounds_recorded())
        .filter(|&round| t.is_paired(round))
        .map(|round| {
            let recorded = RoundPairing::recorded(t, round);
            let verdict = match PairingRequest::recorded(t, system, round).pair() {
                Ok(engine) if engine.same_as(&recorded) => RoundVerdict::Identical,
                Ok(engine) => RoundVerdict::Different { engine, recorded },
                Err(e) => RoundVerdict::Error(e),
            };
            RoundCheck { round, verdict }
        })
        .collect()
}
