//! Hand-built positions: each criterion is reported when a pairing breaks it and not
//! otherwise, and each colour rule is named.

use super::*;
use crate::pairing::colour::{ColourPreference, ColourRules};
use crate::pairing::explanation::Value;
use crate::pairing::state::PlayerState;
use crate::tournament::Colour::{self, Black as B, White as W};
use crate::tournament::Points;

/// A player: pairing number `rank + 1`, `score` in tenths, colour history.
fn player(rank: usize, score: i32, colours: &[Colour]) -> PlayerState {
    let mut p = PlayerState::with_colours(rank, colours);
    p.score = Points::from_tenths(score);
    p
}

fn state(rules: RuleVersion, players: Vec<PlayerState>) -> RoundState {
    let n = players.len();
    let round = players.iter().map(|p| p.colours.len()).max().unwrap_or(0) as u32 + 1;
    RoundState {
        round,
        rules,
        players,
        forbidden: vec![Vec::new(); n],
        colour_rules: ColourRules::new(rules, round, W),
        bye_bar_lifted: false,
    }
}

/// Measures `pairs` (white, black as ranks) and `bye` in `state`.
fn measure(state: &RoundState, pairs: &[(usize, usize)], bye: Option<usize>) -> Measured {
    let boards = pairs
        .iter()
        .map(|&(w, b)| Board::new(state, w, b))
        .collect();
    let m = Measured::new(state, &scoregroups(state), None, boards, bye);
    for k in 0..m.shapes.len() {
        m.values(state, k);
    }
    m
}

/// Bracket `k`'s values, measured by [`measure`].
fn bracket(m: &Measured, k: usize) -> &[CriterionValue] {
    m.values[k].get().map(Vec::as_slice).unwrap_or_default()
}

/// The value of `c` in bracket `k` (0-based).
fn value(m: &Measured, k: usize, c: Criterion) -> Value {
    bracket(m, k)
        .iter()
        .find(|v| v.summary == c.summary())
        .map(|v| v.value.clone())
        .unwrap_or_else(|| panic!("{c:?} not measured in bracket {k}"))
}

/// The summaries of the criteria not met.
fn unmet(m: &Measured) -> Vec<&'static str> {
    (0..m.shapes.len())
        .flat_map(|k| bracket(m, k))
        .chain(&m.round_values)
        .filter(|v| !v.value.is_met())
        .map(|v| v.summary)
        .collect()
}

/// Two scoregroups of three (2.0 and 1.0) in which 2 has met 3, 4 and 5: if he floats,
/// nobody in the next group can take him. `state_of` makes the round of the players.
fn floater_barred_below(state_of: impl FnOnce(Vec<PlayerState>) -> RoundState) -> RoundState {
    two_groups_of_three(state_of, &[(2, 3), (2, 4), (2, 5)])
}

/// Two scoregroups of three (2.0: 0, 1, 2 and 1.0: 3, 4, 5) with alternating colours, in
/// which the pairs `met` have met; `state_of` makes the round of the players.
fn two_groups_of_three(
    state_of: impl FnOnce(Vec<PlayerState>) -> RoundState,
    met: &[(usize, usize)],
) -> RoundState {
    let players = vec![
        player(0, 20, &[W, B]),
        player(1, 20, &[B, W]),
        player(2, 20, &[W, B]),
        player(3, 10, &[B, W]),
        player(4, 10, &[W, B]),
        player(5, 10, &[B, W]),
    ];
    let mut s = state_of(players);
    for &(a, b) in met {
        s.forbidden[a].push(b);
        s.forbidden[b].push(a);
    }
    s
}

const BOTH: [RuleVersion; 2] = [RuleVersion::Dutch2017, RuleVersion::Dutch2026];

fn pts(tenths: &[i32]) -> Value {
    Value::scores(tenths.iter().map(|&t| Points::from_tenths(t)).collect())
}

/// Four players who alternate colours, paired as the rules want: nothing to report.
#[test]
fn a_perfect_pairing_reports_nothing() {
    for rules in BOTH {
        let s = state(
            rules,
            vec![
                player(0, 10, &[W]),
                player(1, 10, &[B]),
                player(2, 0, &[B]),
                player(3, 0, &[W]),
            ],
        );
        let m = measure(&s, &[(1, 0), (2, 3)], None);
        assert_eq!(unmet(&m), Vec::<&str>::new(), "{rules:?}");
    }
}

/// C.5/C6, C.6/C7 and the look-ahead C.7/C8: an odd top group floats one player down.
#[test]
fn downfloaters_their_scores_and_the_next_bracket() {
    for rules in BOTH {
        let s = floater_barred_below(|players| state(rules, players));
        // 0-1 paired, 2 floats down and meets nobody in bracket 2: he is left for the
        // PAB (a legal but poor pairing).
        let m = measure(&s, &[(1, 0), (4, 3)], Some(2));
        assert_eq!(value(&m, 0, Criterion::Downfloaters), Value::Count(1));
        let (scores, lookahead) = if rules == RuleVersion::Dutch2026 {
            (Criterion::DownfloaterScores, pts(&[20]))
        } else {
            // A.8: from one point below the next group's 1.0 (the pair adds 0).
            (Criterion::Psd, pts(&[20]))
        };
        assert_eq!(value(&m, 0, scores), lookahead);
        // 2 cannot be paired in the next bracket: one pair, 2 and another left.
        assert_eq!(
            value(&m, 0, Criterion::NextBracketUnpaired),
            Value::Count(2)
        );
        assert!(!value(&m, 0, Criterion::NextBracketScores).is_met());
        // Floating 0 instead, who can meet 5 below: the next bracket pairs everyone.
        let m = measure(&s, &[(1, 2), (0, 5), (4, 3)], None);
        assert_eq!(
            value(&m, 0, Criterion::NextBracketUnpaired),
            Value::Count(0)
        );
        assert!(value(&m, 0, Criterion::NextBracketScores).is_met());
        // The float pair is reported on its board.
        let e = m.explanation(&s, false);
        let board = &e.pairs[1];
        assert_eq!(board.float.map(|f| (f.down, f.up)), Some((1, 6)));
        assert!(
            board
                .notes
                .iter()
                .any(|n| n.article == scores.article(rules))
        );
    }
}

/// 2026 C5 and C9: the PAB assignee's score and unplayed rounds.
#[test]
fn bye_score_and_unplayed_rounds() {
    let mut players = vec![
        player(0, 10, &[W]),
        player(1, 10, &[B]),
        player(2, 0, &[B]),
        player(3, 0, &[W]),
        player(4, 0, &[]),
    ];
    players[4].unplayed_rounds = 1;
    let s = state(RuleVersion::Dutch2026, players);
    let m = measure(&s, &[(1, 0), (2, 3)], Some(4));
    assert_eq!(m.round_values[0].value, pts(&[0]));
    assert_eq!(value(&m, 1, Criterion::ByeUnplayed), Value::Count(1));
    let m = measure(&s, &[(1, 0), (4, 3)], Some(2));
    assert_eq!(value(&m, 1, Criterion::ByeUnplayed), Value::Count(0));
    // A PAB on 1 point is worse at C5.
    let m = measure(&s, &[(1, 2), (4, 3)], Some(0));
    assert_eq!(m.round_values[0].value, pts(&[10]));
    // 2017 has neither.
    let s = state(RuleVersion::Dutch2017, s.players);
    let m = measure(&s, &[(1, 0), (2, 3)], Some(4));
    assert!(m.round_values.is_empty());
    assert!(
        bracket(&m, 1)
            .iter()
            .all(|v| v.summary != Criterion::ByeUnplayed.summary())
    );
}

/// C.10/C.11 (C12/C13): mild and strong preferences not granted; C.8/C.9 (C10/C11) for
/// a topscorer's pair beyond the absolute preferences.
#[test]
fn colour_criteria() {
    for rules in BOTH {
        // Both want Black mildly: one of them does not get it.
        let s = state(
            rules,
            vec![player(0, 10, &[B, W]), player(1, 10, &[W, B, B, W])],
        );
        let m = measure(&s, &[(0, 1)], None);
        assert_eq!(value(&m, 0, Criterion::Preference), Value::Count(1));
        assert_eq!(value(&m, 0, Criterion::StrongPreference), Value::Count(0));
        // Both want White strongly.
        let s = state(rules, vec![player(0, 10, &[B]), player(1, 10, &[B])]);
        let m = measure(&s, &[(0, 1)], None);
        assert_eq!(value(&m, 0, Criterion::StrongPreference), Value::Count(1));
        // Both absolute for White, one a topscorer: E.4 gives Black to the other, a
        // third time and beyond a colour difference of 2.
        let mut a = player(0, 20, &[B, B]);
        a.topscorer = true;
        let s = state(rules, vec![a, player(1, 20, &[B, W, B, B])]);
        let m = measure(&s, &[(0, 1)], None);
        assert_eq!(value(&m, 0, Criterion::ThreeInARow), Value::Count(1));
        assert_eq!(value(&m, 0, Criterion::ColourBeyondTwo), Value::Count(1));
        let e = m.explanation(&s, false);
        let articles: Vec<&str> = e.pairs[0].notes.iter().map(|n| n.article).collect();
        let expected: &[&str] = if rules == RuleVersion::Dutch2026 {
            &["C10", "C11", "C12"]
        } else {
            &["C.8", "C.9", "C.10"]
        };
        assert_eq!(articles, expected);
    }
}

/// C.12–C.19 (C14–C21): floats repeated from one and two rounds before.
#[test]
fn repeated_floats() {
    for rules in BOTH {
        let s = two_groups_of_three(
            |mut players| {
                players[2].floats = [Float::Down, Float::Down];
                players[3].floats = [Float::Up, Float::Up];
                state(rules, players)
            },
            &[],
        );
        // 2 floats down again (1 and 2 rounds before) and meets 3, who upfloated twice.
        let m = measure(&s, &[(0, 1), (2, 3), (4, 5)], None);
        for c in [
            Criterion::RepeatedDownfloat,
            Criterion::DownfloatTwoRoundsBefore,
        ] {
            assert_eq!(value(&m, 0, c), Value::Count(1), "{rules:?} {c:?}");
        }
        for c in [
            Criterion::RepeatedUpfloat,
            Criterion::UpfloatTwoRoundsBefore,
        ] {
            assert_eq!(value(&m, 1, c), Value::Count(1), "{rules:?} {c:?}");
        }
        let amounts = [
            (0, Criterion::RepeatedDownfloatScores),
            (0, Criterion::DownfloatTwoRoundsBeforeScores),
            (1, Criterion::RepeatedUpfloatScores),
            (1, Criterion::UpfloatTwoRoundsBeforeScores),
        ];
        for (k, c) in amounts {
            assert!(!value(&m, k, c).is_met(), "{rules:?} {c:?}");
        }
        let e = m.explanation(&s, false);
        let texts: Vec<&str> = e.pairs[1].notes.iter().map(|n| n.text.as_str()).collect();
        assert!(
            texts.contains(&"3 receives a downfloat again (also in round 2)"),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"4 receives an upfloat again (also in round 1)"),
            "{texts:?}"
        );
        // Floating 0, who never floated: none of them.
        let m = measure(&s, &[(1, 2), (0, 5), (4, 3)], None);
        for (k, c) in amounts {
            assert!(value(&m, k, c).is_met(), "{rules:?} {c:?}");
        }
    }
}

/// Each colour rule is named, with the 2026 numbering under the 2026 rules.
#[test]
fn colour_rules_are_named() {
    let cases: [(&[Colour], &[Colour], &str, &str); 5] = [
        (&[W], &[B], "E.1", "5.2.1"),
        (&[W, B], &[B], "E.2", "5.2.2"),
        (&[W, B, W, B], &[B, W, W, B], "E.3", "5.2.3"),
        (&[W, B], &[W, B], "E.4", "5.2.4"),
        (&[], &[], "E.5", "5.2.5"),
    ];
    for (h, l, old, new) in cases {
        for (rules, article) in [(RuleVersion::Dutch2017, old), (RuleVersion::Dutch2026, new)] {
            let s = state(rules, vec![player(0, 0, h), player(1, 0, l)]);
            let m = measure(&s, &[(0, 1)], None);
            assert_eq!(m.explanation(&s, false).pairs[0].colour_rule, article);
        }
    }
    let _ = ColourPreference::from_history(&[]);
}

mod dutch_2012;
