//! C.04.6 3.4: the pairing-allocated bye, explained and measured as the round's first
//! criteria (it is assigned before any bracket is paired).

use crate::pairing::explanation::{ByeExplanation, Contributor, CriterionValue, Value};

use super::super::bye::candidates;
use super::super::field::Field;

/// Why team `bye` (a field index) has the bye: the teams that come before it in the order
/// of 3.4.2–3.4.4 and could not take it (C2 bars them, or 3.4.1: the others could not all
/// be paired without them).
pub(super) fn explain(field: &Field, bye: usize, engine: bool) -> ByeExplanation {
    let e = &field.teams[bye];
    let mut reasons = Vec::new();
    let barred: Vec<u32> = field
        .teams
        .iter()
        .filter(|t| !t.bye_eligible)
        .map(|t| t.id)
        .collect();
    if !barred.is_empty() {
        reasons.push(format!(
            "C2: teams {barred:?} already had the pairing-allocated bye or won a match by forfeit"
        ));
    }
    let order = candidates(field);
    let before: Vec<u32> = order
        .iter()
        .take_while(|&&a| a != bye)
        .map(|&a| field.teams[a].id)
        .collect();
    if engine && !before.is_empty() {
        reasons.push(format!(
            "3.4.1: a bye to teams {before:?}, who come first in the order of 3.4.2–3.4.4, would leave the others without a pairing complying with C1"
        ));
    }
    reasons.push(format!(
        "3.4.2–3.4.4: score {}, {} matches played, TPN {}",
        e.score, e.matches, e.tpn
    ));
    ByeExplanation {
        player: e.id,
        score: e.score,
        reasons,
    }
}

/// 3.4.2–3.4.4 as the round's criteria, in their order: the team's score (lower is
/// better), the rounds before this one without a match played (fewer is better), the
/// eligible teams of its score and matches with a larger TPN (fewer is better).
pub(super) fn criteria(field: &Field, bye: usize) -> Vec<CriterionValue> {
    let e = &field.teams[bye];
    let who = vec![Contributor::Player(e.id)];
    let larger = field
        .teams
        .iter()
        .filter(|t| t.bye_eligible && t.score == e.score && t.matches == e.matches && t.tpn > e.tpn)
        .count();
    vec![
        CriterionValue {
            article: "3.4.2",
            summary: "the bye team's score",
            value: Value::scores(vec![e.score]),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.4.3",
            summary: "rounds without a match played by the bye team",
            value: Value::Count((field.round - 1).saturating_sub(e.matches)),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.4.4",
            summary: "eligible teams of the bye team's score and matches with a larger TPN",
            value: Value::Count(larger as u32),
            contributors: who,
        },
    ]
}
