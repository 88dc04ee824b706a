//! An arbiter's team pairing against the engine's, decided in the order the engine
//! decides (3.3.2), not on criteria summed over the round:
//! 1. the pairing-allocated bye (3.4.2–3.4.4, the round's criteria);
//! 2. then the brackets from the top. While both pairings pair a bracket alike, the
//!    teams left are the same, so the next bracket has the same residents in both (the
//!    top scoregroup of the teams left, [`super::brackets::groups`]); the first bracket
//!    they pair differently decides:
//!    - if its upfloaters differ, 3.5 decides: C4, C5, C6, C7 of the two sets, then the
//!      order of 3.5.4 (the engine takes the first set as good as any on C6 and C7, so
//!      C8–C10 never weigh against its set);
//!    - with the same upfloaters, 3.6 decides: C8, C9, C10 of the two pairings of the
//!      bracket, then the order of the pairing identifiers (3.6.4).
//!
//! Colours are not compared here: a match whose colours are not Article 4's is a colour
//! break of the check.

use crate::pairing::explanation::{Comparison, CriterionValue, RoundExplanation};

use super::super::field::Field;
use super::brackets::Group;

/// A pairing of the round: its brackets and its explanation (whose brackets are the
/// same, in the same order, with their criteria, and whose round criteria are the bye's).
pub(super) struct Judged<'a> {
    pub(super) groups: &'a [Group],
    pub(super) explanation: &'a RoundExplanation,
}

/// The first criterion of a bracket's list (C4–C10, in the order of 2.3) that 3.6 rather
/// than 3.5 decides on.
const FIRST_PAIRING_CRITERION: &str = "C8";

/// How `manual` compares with `engine`, the engine's pairing of the same round.
pub(super) fn compare(field: &Field, manual: &Judged, engine: &Judged) -> Comparison {
    if let Some(c) = Comparison::first_difference(
        &manual.explanation.round_criteria,
        &engine.explanation.round_criteria,
        None,
    ) {
        return c;
    }
    for (k, (m, e)) in manual.groups.iter().zip(engine.groups).enumerate() {
        if m.unordered_pairs() == e.unordered_pairs() {
            continue;
        }
        let ((m_up, m_pairs), (e_up, e_pairs)) = (criteria(manual, k), criteria(engine, k));
        let (up, order, detail) = if m.members() != e.members() {
            (
                true,
                "the order of 3.5.4 (sets of upfloaters)",
                upfloaters(field, m, e),
            )
        } else {
            (
                false,
                "the order of the pairing identifiers (3.6.4)",
                pairs(field, m, e),
            )
        };
        let (mc, ec): (&[CriterionValue], &[CriterionValue]) =
            if up { (m_up, e_up) } else { (m_pairs, e_pairs) };
        let mut c = Comparison::first_difference(mc, ec, Some(k + 1));
        if let Some(Comparison::Differs { detail: d, .. }) = &mut c {
            *d = Some(detail);
        }
        return c.unwrap_or(Comparison::SameQuality {
            bracket: k + 1,
            order,
        });
    }
    Comparison::Equal
}

/// The criteria of bracket `k` (from 0) of `j`: those 3.5 decides on (C4–C7), and those
/// 3.6 decides on (C8–C10).
fn criteria<'a>(j: &Judged<'a>, k: usize) -> (&'a [CriterionValue], &'a [CriterionValue]) {
    let list = j
        .explanation
        .brackets
        .get(k)
        .map_or(&[][..], |b| &b.criteria[..]);
    let at = list
        .iter()
        .position(|c| c.article == FIRST_PAIRING_CRITERION)
        .unwrap_or(list.len());
    list.split_at(at)
}

/// The bracket's score, then the upfloaters one pairing has and the other has not:
/// `residents' score 4.0: the engine floats up team 4 (score 2.0) instead of team 10
/// (score 0.0)`.
fn upfloaters(field: &Field, manual: &Group, engine: &Group) -> String {
    let (m, e) = (manual.upfloaters(field), engine.upfloaters(field));
    let only = |a: &[usize], b: &[usize]| -> Vec<String> {
        a.iter()
            .filter(|x| !b.contains(x))
            .map(|&x| {
                let t = &field.teams[x];
                format!("team {} (score {})", t.id, t.score)
            })
            .collect()
    };
    let (only_e, only_m) = (only(&e, &m), only(&m, &e));
    let what = match (only_e.is_empty(), only_m.is_empty()) {
        (false, false) => format!(
            "the engine floats up {} instead of {}",
            join(&only_e),
            join(&only_m)
        ),
        (true, _) => format!("the engine does not float up {}", join(&only_m)),
        (false, true) => format!("the engine also floats up {}", join(&only_e)),
    };
    format!("residents' score {}: {what}", manual.score)
}

/// The bracket's score, then the matches one pairing has and the other has not.
fn pairs(field: &Field, manual: &Group, engine: &Group) -> String {
    let (m, e) = (manual.unordered_pairs(), engine.unordered_pairs());
    let only = |a: &[(usize, usize)], b: &[(usize, usize)]| -> Vec<String> {
        a.iter()
            .filter(|x| !b.contains(x))
            .map(|&(x, y)| format!("{}-{}", field.teams[x].id, field.teams[y].id))
            .collect()
    };
    format!(
        "residents' score {}: the engine pairs {} where this pairing has {}",
        manual.score,
        only(&e, &m).join(" "),
        only(&m, &e).join(" ")
    )
}

/// `a`, `a and b`, `a, b and c`.
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
