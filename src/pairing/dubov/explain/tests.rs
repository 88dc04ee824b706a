//! The hand-checked round 3 of `tests/integration/dubov_properties.rs` explained: the decisions name
//! the articles that made them, alternatives are judged criterion by criterion, and the
//! absolute criteria, the colour rules and the PAB of 3.1 are reported.

use super::*;
use crate::formats::trf;
use crate::pairing::Pair;
use crate::pairing::explanation::{Comparison, Contributor, Explainer, Value};

/// 12 players after two rounds (see `a_round_checked_by_hand`); `extra` adds round-3
/// entries (a requested bye makes the field odd).
fn event(extra: &[(u32, &str)]) -> Tournament {
    let rows = [
        "001    1      Player0001                        2661                             2.0    1     6 w 1     5 b 1",
        "001    2      Player0002                        2461                             1.0    2     8 b 0     7 w 1",
        "001    3      Player0003                        2433                             2.0    3     9 w 1    12 b 1",
        "001    4      Player0004                        2413                             1.5    4    10 b 1     8 w =",
        "001    5      Player0005                        2385                             1.0    5    11 w 1     1 w 0",
        "001    6      Player0006                        2308                             1.0    6     1 b 0    10 w 1",
        "001    7      Player0007                        2294                             0.5    7  0000 - H     2 b 0",
        "001    8      Player0008                        2282                             1.5    8     2 w 1     4 b =",
        "001    9      Player0009                        2205                             0.5    9     3 b 0    11 w =",
        "001   10      Player0010                        2162                             0.0   10     4 w 0     6 b 0",
        "001   11      Player0011                        2071                             0.5   11     5 b 0     9 b =",
        "001   12      Player0012                        1983                             1.0   12  0000 - U     3 w 0",
    ];
    let mut text = String::from("012 Hand-checked Dubov round\n062 12\n072 12\n");
    for (i, row) in rows.iter().enumerate() {
        text.push_str(row);
        if let Some((_, entry)) = extra.iter().find(|(id, _)| *id as usize == i + 1) {
            text.push_str(&format!("  {entry}"));
        }
        text.push('\n');
    }
    text.push_str("XXR 9\n");
    trf::read(text.as_bytes(), "hand.trf").expect("valid TRF")
}

fn pairing(pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
    RoundPairing {
        round: 3,
        pairs: pairs
            .iter()
            .map(|&(white, black)| Pair { white, black })
            .collect(),
        bye,
    }
}

const ENGINE: [(u32, u32); 6] = [(1, 3), (4, 5), (8, 6), (2, 12), (7, 9), (11, 10)];

fn decisions(e: &RoundExplanation, score_tenths: i32) -> Vec<String> {
    e.brackets
        .iter()
        .find(|b| b.scores == [Points::from_tenths(score_tenths)])
        .expect("the score group")
        .decisions
        .iter()
        .map(|n| format!("{}: {}", n.article, n.text))
        .collect()
}

/// The engine's pairing is the hand-checked one, and its decisions say why: the 1½
/// group takes 5 and 6 because the sets with #2 are worse at [C10], shifts #5 into G1
/// (3.2.4.2); the ½ group's T2 is not G2 in TPN order as 11–9 have met.
#[test]
fn the_decisions_name_the_deciding_articles() {
    let x = explainer(&event(&[]), 3).expect("pairs");
    let got: Vec<(u32, u32)> = x
        .pairing()
        .pairs
        .iter()
        .map(|p| (p.white, p.black))
        .collect();
    assert_eq!(got, ENGINE);
    let e = x.explanation();
    assert_eq!(e.floats, FloatDirection::Up);
    let d = decisions(e, 15);
    assert!(d[0].starts_with("3.2.1: 2 upfloaters"), "{d:?}");
    assert!(
        d[1].starts_with("3.2.2: upfloaters 5 (1.0), 6 (1.0)")
            && d[1].contains("before it {2, 5}: worse at [C10] (1 against 0)"),
        "{d:?}"
    );
    assert!(d.iter().any(|n| n.starts_with("1.8.2: MaxT 3")), "{d:?}");
    assert!(
        d.iter()
            .any(|n| n.starts_with("3.2.4.2: to equalise G1 and G2: 5 shifted")),
        "{d:?}"
    );
    assert!(d.iter().any(|n| n.contains("T2: 4, 6")), "{d:?}");
    let d = decisions(e, 5);
    assert!(
        d.iter()
            .any(|n| n.contains("T2: 10, 9") && n.contains("G2 in TPN order (9, 10)")),
        "{d:?}"
    );
    // The top group pairs among itself; 5.2.5 gives #1 White.
    assert!(decisions(e, 20)[0].starts_with("3.2.1: no upfloater"));
    let top = e.pair(1, 3).expect("board 1");
    assert_eq!(top.colour_rule, "5.2.5");
    assert!(top.colours_follow_rule);
    // The upfloat of 5 into the 1½ group is noted on its board.
    let b = e.pair(4, 5).expect("4-5");
    assert_eq!(b.notes[0].article, "[C5]");
    assert!(
        b.notes[0]
            .text
            .starts_with("5 (1.0) floats up to meet 4 (1.5)")
    );
    let c5 = &e.brackets[1].criteria[0];
    assert_eq!((c5.article, &c5.value), ("[C5]", &Value::Count(2)));
}

/// The same pairs as the engine's are equal; with a board's colours reversed, a colour
/// break of the rule that decides them.
#[test]
fn reversed_colours_break_the_colour_rule() {
    let x = explainer(&event(&[]), 3).expect("pairs");
    let check = x.check(&pairing(&ENGINE, None));
    assert!(check.is_valid());
    assert_eq!(check.comparison, Comparison::Equal);
    let mut reversed = ENGINE;
    reversed[0] = (3, 1);
    let check = x.check(&pairing(&reversed, None));
    assert_eq!(check.comparison, Comparison::Equal);
    assert_eq!(check.colour_breaks.len(), 1);
    assert_eq!(
        (check.colour_breaks[0].board, check.colour_breaks[0].article),
        (1, "5.2.5")
    );
}

/// Taking #2 up instead of #6 (he upfloated in round 2) is worse at [C10] in the 1½
/// group, and #2 is named.
#[test]
fn another_upfloater_is_worse_at_c10() {
    let x = explainer(&event(&[]), 3).expect("pairs");
    let manual = pairing(&[(1, 3), (4, 2), (8, 5), (6, 12), (7, 9), (11, 10)], None);
    let check = x.check(&manual);
    assert!(check.is_valid(), "{:?}", check.errors);
    match &check.comparison {
        Comparison::Differs {
            bracket: Some(2),
            article: "[C10]",
            worse: true,
            responsible,
            ..
        } => assert!(responsible.contains(&Contributor::Player(2))),
        other => panic!("expected worse at [C10] in the 1½ group, got {other:?}"),
    }
}

/// Other pairs in the ½ group, as good on every criterion: the order decides.
#[test]
fn as_good_pairs_are_decided_by_the_order() {
    let x = explainer(&event(&[]), 3).expect("pairs");
    let manual = pairing(&[(1, 3), (4, 5), (8, 6), (2, 12), (10, 9), (7, 11)], None);
    let check = x.check(&manual);
    assert!(check.is_valid(), "{:?}", check.errors);
    match check.comparison {
        Comparison::SameQuality { bracket: 4, order } => assert!(order.contains("4.4")),
        other => panic!("expected the same quality in the ½ group, got {other:?}"),
    }
}

/// A rematch is a [C1] violation naming the round; the PAB to a player who had one is
/// [C2].
#[test]
fn absolute_criteria_are_reported() {
    let x = explainer(&event(&[]), 3).expect("pairs");
    let check = x.check(&pairing(
        &[(1, 3), (4, 8), (5, 6), (2, 12), (7, 9), (11, 10)],
        None,
    ));
    assert_eq!(check.errors.len(), 1);
    assert_eq!(check.errors[0].article, "[C1]");
    assert_eq!(check.errors[0].text, "4 and 8 met in round 2");
    let odd = explainer(&event(&[(10, "0000 - H")]), 3).expect("pairs");
    let mut manual = odd.pairing().clone();
    let bye = manual.bye.expect("11 players");
    let seat = manual
        .pairs
        .iter_mut()
        .find(|p| p.white == 12 || p.black == 12)
        .expect("12 is paired");
    if seat.white == 12 {
        seat.white = bye;
    } else {
        seat.black = bye;
    }
    manual.bye = Some(12);
    let check = odd.check(&manual);
    assert!(
        check
            .errors
            .iter()
            .any(|v| v.article == "[C2]" && v.text.contains("round 1")),
        "{:?}",
        check.errors
    );
}

/// 3.1: with #10 absent, the PAB goes to a ½-point player: #7 has played one game, #9
/// and #11 two; the largest TPN of those is #11. The PAB to #9 is worse at 3.1.5.
#[test]
fn the_pab_follows_3_1() {
    let x = explainer(&event(&[(10, "0000 - H")]), 3).expect("pairs");
    assert_eq!(x.pairing().bye, Some(11));
    let bye = x.explanation().bye.as_ref().expect("a PAB");
    assert!(bye.reasons[0].starts_with("score 0.5, 2 games played, TPN 11"));
    assert!(
        bye.reasons
            .iter()
            .any(|r| r.contains("3.1.4") && r.contains("7 (0.5, 1 game, TPN 7)")),
        "{:?}",
        bye.reasons
    );
    let mut manual = x.pairing().clone();
    for p in &mut manual.pairs {
        for id in [&mut p.white, &mut p.black] {
            if *id == 9 {
                *id = 11;
            }
        }
    }
    manual.bye = Some(9);
    let check = x.check(&manual);
    assert!(check.is_valid(), "{:?}", check.errors);
    match check.comparison {
        Comparison::Differs {
            bracket: None,
            article: "3.1.5",
            worse: true,
            ..
        } => {}
        other => panic!("expected worse at 3.1.5, got {other:?}"),
    }
}
