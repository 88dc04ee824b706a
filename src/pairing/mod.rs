//! Pairing engines. Every system implements [`PairingSystem`]: given the tournament and
//! the round to pair, it returns the pairs, their colours and the pairing-allocated bye.
//! Engines know nothing of files or windows.

pub mod burstein;
pub mod colour;
pub mod double_swiss;
pub mod dubov;
pub mod dutch;
pub mod edit;
pub mod explanation;
pub mod feasibility;
pub mod fide_team;
pub mod first_identifier;
pub mod lim;
pub mod rating_1998;
mod request;
mod round_pairing;
pub mod state;

pub use request::{PairingRequest, RoundError, history_for_round, round_to_pair};
pub use round_pairing::{Pair, RoundPairing};

use crate::tournament::{SystemId, Tournament};

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error(
        "round {round}: no pairing satisfies the absolute criteria (C.04.1); the arbiter must decide (C.04.3 A.9)"
    )]
    NoValidPairing { round: u32 },
    #[error("cannot pair round {round}: {reason}")]
    InvalidRequest { round: u32, reason: String },
}

impl PairingError {
    /// Rounds are numbered from 1: round 0 is refused.
    pub(crate) fn check_round(round: u32) -> Result<(), PairingError> {
        if round == 0 {
            return Err(PairingError::InvalidRequest {
                round,
                reason: "rounds are numbered from 1".to_string(),
            });
        }
        Ok(())
    }
}

/// A Swiss pairing system.
pub trait PairingSystem: Send + Sync {
    /// Which system this is.
    fn id(&self) -> SystemId;

    /// Pairs `round` from the rounds before it. Byes and absences already recorded for
    /// `round` (requested byes, `0000 - H/F/Z`) are honoured: those players are not paired.
    /// Anything else recorded for `round` or later is ignored.
    fn pair(&self, tournament: &Tournament, round: u32) -> Result<RoundPairing, PairingError>;
}

/// Pairs `round` under `system` and explains the pairing; the result checks arbiter's
/// pairings of that round against it (C.04.1: pairings must be explainable). `t` is the
/// tournament as it stood before the round (see [`history_for_round`]).
pub fn explainer(
    t: &Tournament,
    system: SystemId,
    round: u32,
) -> Result<Box<dyn explanation::Explainer>, PairingError> {
    match system {
        SystemId::Dutch2012 => Ok(Box::new(dutch::Dutch::rules_2012().explainer(t, round)?)),
        SystemId::Dutch2017 => Ok(Box::new(dutch::Dutch::rules_2017().explainer(t, round)?)),
        SystemId::Dutch2026 => Ok(Box::new(dutch::Dutch::rules_2026().explainer(t, round)?)),
        SystemId::Rating1998 => Ok(Box::new(rating_1998::explain::explainer(t, round)?)),
        SystemId::Lim => Ok(Box::new(lim::explain::explainer(t, round)?)),
        SystemId::Dubov => Ok(Box::new(dubov::explain::explainer(t, round)?)),
        SystemId::Burstein => burstein::explain::explainer(t, round),
        SystemId::DoubleSwiss => Ok(Box::new(double_swiss::explain::explainer(t, round)?)),
        SystemId::FideTeam => Ok(Box::new(fide_team::explain::explainer(t, round)?)),
    }
}

/// The engine for a system.
pub fn engine(system: SystemId) -> Box<dyn PairingSystem> {
    match system {
        SystemId::Dutch2012 => Box::new(dutch::Dutch::rules_2012()),
        SystemId::Dutch2017 => Box::new(dutch::Dutch::rules_2017()),
        SystemId::Dutch2026 => Box::new(dutch::Dutch::rules_2026()),
        SystemId::Rating1998 => Box::new(rating_1998::Rating1998),
        SystemId::Lim => Box::new(lim::Lim),
        SystemId::Burstein => Box::new(burstein::Burstein),
        SystemId::Dubov => Box::new(dubov::Dubov),
        SystemId::DoubleSwiss => Box::new(double_swiss::DoubleSwiss),
        SystemId::FideTeam => Box::new(fide_team::FideTeam),
    }
}
