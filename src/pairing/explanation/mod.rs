//! Explanations of pairings, for every system (C.04.1: the arbiter must be able to
//! explain them), and the check of a pairing chosen by the arbiter. The shapes here are
//! the same for all systems, so the GUI and the CLI show any of them; what fills them is
//! each system's own: Dutch measures its quality criteria from the matching weights
//! (`pairing::dutch::explain`), the procedural systems judge a pairing with their own
//! criteria and say which choice their procedure made ([`procedural`]).

mod check;
mod encounters;
pub(crate) mod procedural;
mod round;
mod seats;
mod skeleton;
mod text;
mod value;

use serde::Serialize;

pub use check::{ColourBreak, Comparison, ManualCheck, Violation};
pub(crate) use encounters::Encounters;
pub use round::{
    BracketExplanation, BracketRole, ByeExplanation, FloatDirection, FloatPair, Note,
    PairExplanation, RoundExplanation,
};
pub(crate) use seats::Seats;
pub(crate) use skeleton::Skeleton;
pub use value::{Contributor, CriterionValue, Value};

use crate::pairing::RoundPairing;
use crate::pairing::fide_team::TeamPairing;

/// `n` of `noun` for an explanation: `1 game`, `2 games`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// A round paired and explained once, ready to check any number of arbiter's pairings
/// against it (the override workflow checks every edit).
pub trait Explainer: Send + Sync {
    /// The engine's pairing.
    fn pairing(&self) -> &RoundPairing;

    /// The engine's pairing, explained.
    fn explanation(&self) -> &RoundExplanation;

    /// Checks an arbiter's pairing of the round against the rules and the engine's;
    /// with `explain`, the arbiter's pairing is explained like the engine's.
    fn check_with(&self, manual: &RoundPairing, explain: bool) -> ManualCheck;

    /// Checks an arbiter's pairing of the round against the rules and the engine's
    /// (the check of each override edit: as little as the comparison needs).
    fn check(&self, manual: &RoundPairing) -> ManualCheck {
        self.check_with(manual, false)
    }

    /// [`Explainer::check`], and the arbiter's pairing explained like the engine's.
    fn check_explained(&self, manual: &RoundPairing) -> ManualCheck {
        self.check_with(manual, true)
    }

    /// For a system that pairs teams (C.04.6), the matches and the team with the bye that
    /// [`Explainer::pairing`]'s boards come from: the boards alone lose the team's bye and
    /// the boards won for want of an opponent (record it with
    /// [`TeamPairing::record_into`]). `None` for an individual system.
    fn team_pairing(&self) -> Option<&TeamPairing> {
        None
    }

    /// For a system that pairs teams, the matches and the team bye an arbiter's boards
    /// make (`None` when they make no team pairing, and for an individual system).
    fn team_pairing_of(&self, _manual: &RoundPairing) -> Option<TeamPairing> {
        None
    }
}

/// The engine's pairing of a round with its explanation, and, when asked, the check of
/// an arbiter's pairing against it.
#[derive(Clone, Debug, Serialize)]
pub struct Explained {
    pub pairing: RoundPairing,
    pub explanation: RoundExplanation,
    pub manual: Option<ManualCheck>,
    /// For a team event, the matches and team bye the checked boards make
    /// ([`Explainer::team_pairing_of`]): the text sums the arbiter's pairing up by them.
    #[serde(skip)]
    teams: Option<TeamPairing>,
}

impl Explained {
    /// The engine's pairing explained and, with `manual`, an arbiter's pairing checked
    /// and explained.
    pub fn new(explainer: &dyn Explainer, manual: Option<&RoundPairing>) -> Explained {
        Explained {
            pairing: explainer.pairing().clone(),
            explanation: explainer.explanation().clone(),
            manual: manual.map(|m| explainer.check_explained(m)),
            teams: manual.and_then(|m| explainer.team_pairing_of(m)),
        }
    }

    /// Explanation, and the manual check if there is one, as text. A team event's
    /// checked pairing is summed up by its matches and team bye rather than its boards.
    pub fn to_text(&self) -> String {
        match &self.manual {
            None => self.explanation.to_text(),
            Some(check) => text::check(check, &self.explanation, self.teams.as_ref()),
        }
    }
}
