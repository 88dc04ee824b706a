//! The Double-Swiss explanation on the engine's own test positions.

use super::*;
use crate::pairing::double_swiss::tests::{event, forbid, score};
use crate::pairing::explanation::{Comparison, Explainer, Value};
use crate::tournament::BoardResult;

/// The sorted matches of a pairing, smaller number first.
fn matches(p: &RoundPairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|p| (p.white.min(p.black), p.white.max(p.black)))
        .collect();
    v.sort_unstable();
    v
}

/// The engine's upfloater case: 1, 2, 3 on 3 points, 6 and 7 on 1, the rest on 0. One
/// upfloater (C4), from score 1 (C5), 6 before 7 (3.5.4).
fn upfloater_case() -> ProceduralExplainer<DoubleSwissJudge> {
    let mut t = event(8, 5);
    score(&mut t, &[1, 2, 3], 3);
    score(&mut t, &[6, 7], 1);
    explainer(&t, 1).expect("pairs")
}

#[test]
fn the_engines_pairing_names_upfloaters_and_identifier() {
    let e = upfloater_case();
    assert_eq!(matches(e.pairing()), [(1, 3), (2, 6), (4, 7), (5, 8)]);
    let x = e.explanation();
    assert_eq!(x.rules, "Double-Swiss 2026 (C.04.5)");
    let first = &x.brackets[0];
    assert_eq!(first.incoming, [6]);
    assert_eq!(first.criteria[0].article, "C4");
    assert_eq!(first.criteria[0].value, Value::Count(1));
    let text = |article: &str| first.decision(article).unwrap_or_default();
    assert!(
        text("C4").starts_with("1 upfloater (6 (1.0))"),
        "{}",
        text("C4")
    );
    assert!(text("3.5.4").ends_with(": 6"));
    assert!(text("3.6").contains("1 2 | 3 6"), "{}", text("3.6"));
    let board = x
        .pairs
        .iter()
        .find(|p| p.float.is_some())
        .expect("an upfloat");
    assert_eq!(board.colour_rule, "4.3.1");
    assert_eq!(board.notes[0].article, "C4");
    assert_eq!(e.check(e.pairing()).comparison, Comparison::Equal);
}

#[test]
fn alternatives_are_worse_at_c4_or_c5_or_of_the_same_quality() {
    let e = upfloater_case();
    // 7 instead of 6: as good, 3.5.4 decides.
    let same = e.check(&RoundPairing::of(
        1,
        &[(1, 3), (2, 7), (4, 6), (5, 8)],
        None,
    ));
    assert!(same.is_valid());
    assert!(matches!(
        same.comparison,
        Comparison::SameQuality { bracket: 1, .. }
    ));
    // 4 (on 0) instead of 6: a lower upfloater score.
    let lower = e.check(&RoundPairing::of(
        1,
        &[(1, 3), (2, 4), (6, 7), (5, 8)],
        None,
    ));
    assert!(matches!(
        lower.comparison,
        Comparison::Differs {
            bracket: Some(1),
            article: "C5",
            worse: true,
            ..
        }
    ));
    // Three upfloaters.
    let more = e.check(&RoundPairing::of(
        1,
        &[(1, 6), (2, 7), (3, 4), (5, 8)],
        None,
    ));
    assert!(matches!(
        more.comparison,
        Comparison::Differs {
            bracket: Some(1),
            article: "C4",
            worse: true,
            manual: Value::Count(3),
            ..
        }
    ));
}

#[test]
fn a_rematch_and_reversed_colours_are_reported() {
    let mut t = event(6, 5);
    t.record_pairing(1, &[[1, 2], [3, 4], [5, 6]], None);
    for [w, b] in [[1, 2], [3, 4], [5, 6]] {
        t.set_match_result(1, w, b, [BoardResult::Draw; 2])
            .expect("board");
    }
    let history = crate::pairing::history_for_round(&t, 2);
    let e = explainer(&history, 2).expect("pairs");
    let rematch = e.check(&RoundPairing::of(2, &[(1, 2), (3, 5), (4, 6)], None));
    assert_eq!(rematch.errors[0].article, "C1");
    assert_eq!(rematch.errors[0].text, "1 and 2 met in round 1");
    let mut reversed = e.pairing().clone();
    let first = &mut reversed.pairs[0];
    std::mem::swap(&mut first.white, &mut first.black);
    let check = e.check(&reversed);
    assert!(check.is_valid());
    assert_eq!(check.comparison, Comparison::Equal);
    assert_eq!(check.colour_breaks.len(), 1);
    assert!(check.colour_breaks[0].article.starts_with("4.3."));
}

/// The engine's PAB case: 4 on 1 point, 1 may not meet 2, 3 or 4; 5's bye would leave
/// 1 unpairable, so 3 gets it.
#[test]
fn the_pab_reasons() {
    let mut t = event(5, 5);
    score(&mut t, &[4], 1);
    for b in [2, 3, 4] {
        forbid(&mut t, 1, b);
    }
    let e = explainer(&t, 1).expect("pairs");
    let bye = e.explanation().bye.as_ref().expect("a PAB");
    assert_eq!(bye.player, 3);
    let reasons = bye.reasons.join("\n");
    assert!(reasons.contains("(3.4.1, C3): 5"), "{reasons}");
    assert_eq!(e.explanation().round_criteria[0].article, "3.4.2");
    let other = e.check(&RoundPairing::of(1, &[(1, 2), (3, 4)], Some(5)));
    assert!(other.errors.iter().any(|v| v.article == "C1"));
}
