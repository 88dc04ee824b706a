//! Pairing engines. Every system implements [`PairingSystem`]: given the tournament and
//! the round to pair, it returns the pairs, their colours and the pairing-allocated bye,
//! and explains them. Engines know nothing of files or windows.
//!
//! Code outside the module goes through [`PairingRequest`]: a round validated once, paired,
//! explained, and an arbiter's pairing of it checked ([`Explainer::check`]) after his
//! changes ([`PairingChange`]). The engines themselves are private.

mod burstein;
mod change;
mod colour;
mod double_swiss;
mod dubov;
mod dutch;
mod explanation;
mod feasibility;
mod fide_team;
mod first_identifier;
mod lim;
mod request;
mod round_pairing;
mod state;
mod swiss_1998;
#[cfg(test)]
mod tests;

pub use change::PairingChange;
pub use explanation::{
    BracketExplanation, BracketRole, ByeExplanation, ColourBreak, Comparison, Contributor,
    CriterionValue, Explained, Explainer, FloatDirection, FloatPair, ManualCheck, Note,
    PairExplanation, RoundExplanation, Value, Violation,
};
pub use fide_team::{TeamBoards, TeamPairing};
pub use request::{PairingRequest, RoundError, round_to_pair};
pub use round_pairing::{Pair, RoundPairing};

pub(crate) use fide_team::pair_teams;
#[cfg(test)]
pub(crate) use request::history_for_round;
pub(crate) use state::initial_colour;

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
pub(crate) trait PairingSystem: Send + Sync {
    /// Pairs `round` from the rounds before it. Byes and absences already recorded for
    /// `round` (requested byes, `0000 - H/F/Z`) are honoured: those players are not paired.
    /// Anything else recorded for `round` or later is ignored.
    fn pair(&self, tournament: &Tournament, round: u32) -> Result<RoundPairing, PairingError>;

    /// Pairs `round` as [`PairingSystem::pair`] does and explains the pairing; the result
    /// checks arbiter's pairings of that round against it (C.04.1: pairings must be
    /// explainable). `tournament` is the tournament as it stood before the round (see
    /// [`history_for_round`]).
    fn explain(
        &self,
        tournament: &Tournament,
        round: u32,
    ) -> Result<Box<dyn Explainer>, PairingError>;
}

/// The engine for a system: the one table from a system to its engine.
pub(crate) fn engine(system: SystemId) -> Box<dyn PairingSystem> {
    match system {
        SystemId::Dutch2012 => Box::new(dutch::Dutch::rules_2012()),
        SystemId::Dutch2017 => Box::new(dutch::Dutch::rules_2017()),
        SystemId::Dutch2026 => Box::new(dutch::Dutch::rules_2026()),
        SystemId::Rating1998 => Box::new(swiss_1998::Swiss1998),
        SystemId::Lim => Box::new(lim::Lim),
        SystemId::Burstein => Box::new(burstein::Burstein),
        SystemId::Dubov => Box::new(dubov::Dubov),
        SystemId::DoubleSwiss => Box::new(double_swiss::DoubleSwiss),
        SystemId::FideTeam => Box::new(fide_team::FideTeam),
    }
}
