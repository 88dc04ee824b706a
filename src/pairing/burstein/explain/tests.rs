//! The Burstein explanation on hand-built positions (those of the engine's own tests).

use super::*;
use crate::pairing::Pair;
use crate::pairing::burstein::field::tests::entrant;
use crate::pairing::explanation::{Comparison, Contributor, Value};
use crate::tournament::Player;

fn pairing(pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
    RoundPairing {
        round: 5,
        pairs: pairs
            .iter()
            .map(|&(white, black)| Pair { white, black })
            .collect(),
        bye,
    }
}

fn event(n: u32) -> Tournament {
    let mut t = Tournament::default();
    for id in 1..=n {
        t.players.push(Player::new(id, format!("P{id}")));
    }
    t
}

/// The engine's [C7] case (bracket.rs): 1, 2, 3 on 2 points, 4 on 1, 5 and 6 on 0; 2
/// has met 4. The engine pairs 1-2 and floats 3 to meet 4 (1-3 comes first in 4.3
/// order, but 2 could then meet nobody in the next bracket).
fn c7_case() -> ProceduralExplainer<BursteinJudge> {
    let halves = [4, 4, 4, 2, 0, 0];
    let players = (0..6)
        .map(|r| entrant(r, halves[r], 100 - r as i64, 0))
        .collect();
    let judge = BursteinJudge::from_parts(players, &[(2, 4)], 5);
    ProceduralExplainer::new(judge, &event(6), pairing(&[(1, 2), (3, 4), (5, 6)], None))
}

#[test]
fn the_engines_pairing_names_floaters_criteria_and_candidate() {
    let e = c7_case();
    let x = e.explanation();
    assert_eq!(x.rules, "Burstein 2026 (C.04.4.2)");
    assert_eq!(x.brackets.len(), 3);
    let first = &x.brackets[0];
    assert_eq!(first.outgoing, [3]);
    assert_eq!(first.criteria[0].article, "[C5]");
    assert_eq!(first.criteria[0].value, Value::Count(1));
    let decision = |article: &str| first.decision(article).unwrap_or_default();
    assert!(decision("[C5]").starts_with("3 floats down: 1 floater"));
    assert!(decision("[C7]").contains("next bracket pairs all its players"));
    assert!(
        decision("1.8")
            .contains("BSN 1 first: 1 (BH 10.0, SB 0.00, TPN 1), 2 (BH 9.9, SB 0.00, TPN 2)")
    );
    // BSN 1-2, BSN 3 floats.
    assert!(decision("4.3").contains("1-2, 3-0"));
    assert_eq!(x.brackets[1].incoming, [3]);
    assert!(!x.brackets[1].homogeneous);
    let board = x.pair(3, 4).expect("board 3-4");
    assert_eq!(board.colour_rule, "5.2.1");
    // 3 floated out of bracket 1 ([C5] there); on his board in bracket 2 he is an
    // incoming floater, and no [C5] of bracket 2 is unmet.
    assert!(board.notes.iter().any(|n| {
        n.article == "1.2"
            && n.text
                .starts_with("3 (2.0) is an incoming floater, left unpaired by the 2.0 scoregroup")
    }));
    assert!(board.notes.iter().all(|n| n.article != "[C5]"));
    assert_eq!(e.check(e.pairing()).comparison, Comparison::Equal);
}

#[test]
fn the_first_candidate_in_43_order_is_worse_at_c7() {
    // 1-3 floats 2, who has met 4: the next bracket (2 and 4) floats both.
    let check = c7_case().check(&pairing(&[(1, 3), (2, 5), (4, 6)], None));
    assert!(check.is_valid());
    match check.comparison {
        Comparison::Differs {
            bracket: Some(1),
            article: "[C7]",
            worse: true,
            manual: Value::Count(2),
            engine: Value::Count(0),
            ..
        } => {}
        other => panic!("expected worse at [C7] in bracket 1, got {other:?}"),
    }
}

#[test]
fn more_floaters_are_worse_at_c5() {
    let check = c7_case().check(&pairing(&[(1, 5), (2, 6), (3, 4)], None));
    assert!(check.is_valid());
    assert!(matches!(
        check.comparison,
        Comparison::Differs {
            bracket: Some(1),
            article: "[C5]",
            worse: true,
            ..
        }
    ));
}

#[test]
fn a_rematch_and_reversed_colours_are_reported() {
    let e = c7_case();
    let check = e.check(&pairing(&[(1, 3), (2, 4), (5, 6)], None));
    assert!(!check.is_valid());
    assert_eq!(check.errors[0].article, "[C1]");
    assert_eq!(check.errors[0].text, "2 and 4 met in round 1");
    let reversed = e.check(&pairing(&[(2, 1), (3, 4), (5, 6)], None));
    assert!(reversed.is_valid());
    assert_eq!(reversed.comparison, Comparison::Equal);
    assert_eq!(reversed.colour_breaks.len(), 1);
    assert_eq!(reversed.colour_breaks[0].article, "5.2.1");
}

/// The handbook's tie case (bracket.rs): in a bracket of six, 3 and 4 have met everyone
/// else; 1-6, 2-5 is first in 4.3 order; 1-5, 2-6 is as good on every criterion.
#[test]
fn an_equal_alternative_is_decided_by_the_43_order() {
    let mut players: Vec<_> = (0..6).map(|r| entrant(r, 4, 100 - r as i64, 0)).collect();
    players.extend((6..8).map(|r| entrant(r, 2, 10, 0)));
    let mut met = Vec::new();
    for a in [3, 4] {
        for b in (1..=6).filter(|&b| b != a && !(a == 4 && b == 3)) {
            met.push((a, b));
        }
    }
    let judge = BursteinJudge::from_parts(players, &met, 5);
    let e = ProceduralExplainer::new(
        judge,
        &event(8),
        pairing(&[(1, 6), (5, 2), (3, 7), (8, 4)], None),
    );
    let first = &e.explanation().brackets[0];
    assert_eq!(first.outgoing, [3, 4]);
    assert!(
        first
            .decisions
            .iter()
            .any(|n| n.article == "4.3" && n.text.contains("1-6, 2-5, 3-0, 4-0"))
    );
    let other = e.check(&pairing(&[(1, 5), (6, 2), (3, 7), (8, 4)], None));
    assert!(other.is_valid());
    assert!(matches!(
        other.comparison,
        Comparison::SameQuality { bracket: 1, .. }
    ));
}

/// 3.1 (pab.rs): 3 may not receive the PAB, 2 would leave 1 and 3, who have met; 1 gets it.
#[test]
fn the_pab_reasons_and_a_barred_assignee() {
    let mut players: Vec<_> = (0..3).map(|r| entrant(r, 0, 10 - r as i64, 0)).collect();
    players[2].state.bye_eligible = false;
    let judge = BursteinJudge::from_parts(players, &[(1, 3)], 5);
    let e = ProceduralExplainer::new(judge, &event(3), pairing(&[(2, 3)], Some(1)));
    let bye = e.explanation().bye.as_ref().expect("a PAB");
    assert_eq!(bye.player, 1);
    let reasons = bye.reasons.join("\n");
    assert!(reasons.contains("3.1.5"), "{reasons}");
    assert!(
        reasons.contains("may not receive it ([C2]): 3"),
        "{reasons}"
    );
    assert!(reasons.contains("(3.1.2, [C4]): 2"), "{reasons}");
    assert_eq!(e.explanation().round_criteria[0].article, "3.1.3");
    let barred = e.check(&pairing(&[(1, 2)], Some(3)));
    assert!(barred.errors.iter().any(|v| v.article == "[C2]"));
}

/// Issue #24: 1, 2, 3 on 2 points, 4 and 5 on 1, 6 on 0. The engine pairs 1-2, floats 3
/// to meet 4 and 5 on to meet 6; the arbiter floats 3 on instead (4-5, 3-6). Bracket 1
/// is paired alike in both, though its [C7] (bracket 2's floaters' scores) differs: the
/// difference is bracket 2's own, at [C6], and 3 makes it.
#[test]
fn a_higher_floater_is_worse_in_its_own_bracket_at_c6() {
    let halves = [4, 4, 4, 2, 2, 0];
    let players = (0..6)
        .map(|r| entrant(r, halves[r], 100 - r as i64, 0))
        .collect();
    let judge = BursteinJudge::from_parts(players, &[], 5);
    let e = ProceduralExplainer::new(judge, &event(6), pairing(&[(1, 2), (3, 4), (5, 6)], None));
    let check = e.check(&pairing(&[(1, 2), (4, 5), (3, 6)], None));
    assert!(check.is_valid());
    match check.comparison {
        Comparison::Differs {
            bracket: Some(2),
            article: "[C6]",
            worse: true,
            ref responsible,
            ..
        } => assert_eq!(responsible, &[Contributor::Player(3)]),
        other => panic!("expected worse at [C6] in bracket 2, got {other:?}"),
    }
}
