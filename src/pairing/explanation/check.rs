//! The check of a pairing chosen by the arbiter (the override workflow): violations of
//! the absolute criteria as errors, colours against the colour rules, and the comparison
//! with the engine's pairing, bracket by bracket and criterion by criterion.

use serde::Serialize;

use crate::pairing::RoundPairing;

use super::round::RoundExplanation;
use super::value::{Contributor, CriterionValue, Value};

/// A violation of an absolute criterion, or a pairing that is not a pairing of the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub article: &'static str,
    pub text: String,
}

/// A board whose colours are not the ones the colour rules give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ColourBreak {
    pub board: usize,
    pub white: u32,
    pub black: u32,
    pub article: &'static str,
    pub text: String,
}

/// How the arbiter's pairing compares with the engine's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Comparison {
    /// The same value on every criterion of every bracket.
    Equal,
    /// The first bracket (1-based; `None`: a criterion of the whole round) and criterion,
    /// in priority order, where the two differ.
    Differs {
        bracket: Option<usize>,
        summary: &'static str,
        article: &'static str,
        manual: Value,
        engine: Value,
        /// Whether the arbiter's pairing is the worse one.
        worse: bool,
        /// Pairs or players of the arbiter's pairing behind its value that the engine's
        /// pairing does not have.
        responsible: Vec<Contributor>,
        /// What the two pairings do differently there, in the system's words (the team
        /// system names the bracket's score and the teams each one floats up or pairs).
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<String>,
    },
    /// The first bracket where the pairs differ meets every criterion as well as the
    /// engine's: the engine's choice comes first in the system's `order` of candidates.
    SameQuality { bracket: usize, order: &'static str },
    /// Not compared: the pairing does not pair the round's players (see the errors).
    NotCompared,
}

impl Comparison {
    /// The first criterion, in priority order, on which two value lists differ.
    pub fn first_difference(
        manual: &[CriterionValue],
        engine: &[CriterionValue],
        bracket: Option<usize>,
    ) -> Option<Comparison> {
        manual.iter().zip(engine).find_map(|(m, e)| {
            (m.value != e.value).then(|| Comparison::Differs {
                bracket,
                summary: m.summary,
                article: m.article,
                manual: m.value.clone(),
                engine: e.value.clone(),
                worse: m.value > e.value,
                responsible: m.contributors.iter().fold(Vec::new(), |mut list, c| {
                    if !e.contributors.contains(c) && !list.contains(c) {
                        list.push(*c);
                    }
                    list
                }),
                detail: None,
            })
        })
    }
}

/// The check of an arbiter's pairing.
#[derive(Clone, Debug, Serialize)]
pub struct ManualCheck {
    pub pairing: RoundPairing,
    /// Absolute criteria violated, and players missing, unknown or paired twice.
    pub errors: Vec<Violation>,
    pub colour_breaks: Vec<ColourBreak>,
    pub comparison: Comparison,
    /// The arbiter's pairing explained like the engine's (absent when it does not pair
    /// the round's players, or when the check was asked without it).
    pub explanation: Option<RoundExplanation>,
}

impl ManualCheck {
    /// No absolute criterion is violated and every player is paired once.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The verdict in one line: the absolute criteria, then the comparison.
    pub fn verdict(&self) -> String {
        let absolute = if self.errors.is_empty() {
            "absolute criteria met".to_string()
        } else {
            let texts: Vec<String> = self
                .errors
                .iter()
                .map(|e| format!("{}: {}", e.article, e.text))
                .collect();
            format!("REFUSED: {}", texts.join("; "))
        };
        format!("{absolute}; {}", self.comparison_text())
    }

    /// The comparison with the engine's pairing in one sentence.
    pub fn comparison_text(&self) -> String {
        super::text::verdict(&self.comparison)
    }

    /// Whether the arbiter's pairing is worse than the engine's on some criterion.
    pub fn is_worse(&self) -> bool {
        matches!(self.comparison, Comparison::Differs { worse: true, .. })
    }

    /// A check that stops at the structure: `errors` say why `pairing` is not a
    /// pairing of the round.
    pub fn not_a_pairing(pairing: &RoundPairing, errors: Vec<Violation>) -> ManualCheck {
        ManualCheck {
            pairing: pairing.clone(),
            errors,
            colour_breaks: Vec::new(),
            comparison: Comparison::NotCompared,
            explanation: None,
        }
    }
}
