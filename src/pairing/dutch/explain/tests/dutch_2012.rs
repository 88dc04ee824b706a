//! Dutch 2012 (Istanbul): the explanation names the 2012 text's articles and measures what
//! the 2012 engine weighs, on hand-built positions and on the committed JaVaFo-paired
//! fixtures.

use std::collections::BTreeSet;
use std::path::Path;

use super::*;
use crate::pairing::explanation::{Comparison, Contributor, Explainer};
use crate::pairing::{Pair, history_for_round};
use crate::tournament::Outcome;

/// Asserts that the values `worse` of bracket `bracket` (1-based) first differ from
/// `better` at `article`, and are worse there.
fn assert_worse_at(
    worse: &[CriterionValue],
    better: &[CriterionValue],
    bracket: usize,
    article: &str,
) {
    match Comparison::first_difference(worse, better, Some(bracket)) {
        Some(Comparison::Differs {
            article: found,
            worse,
            ..
        }) => {
            assert_eq!(found, article);
            assert!(worse);
        }
        other => panic!("{other:?}"),
    }
}

/// Every article a 2012 bracket criterion or pair note may carry.
const ARTICLES_2012: [&str; 13] = [
    "C.14", "C.14.b", "B.3", "C.13", "D.4", "C.12", "C.1/C.12", "B.2", "A.7.d", "A.8.a", "A.8.b",
    "B.5", "B.6",
];

fn fixture(name: &str) -> Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    crate::formats::trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn explainer(t: &Tournament, round: u32) -> DutchExplainer {
    Dutch::rules_2012()
        .explainer(&history_for_round(t, round), round)
        .unwrap_or_else(|e| panic!("round {round}: {e}"))
}

/// The committed 2012 fixtures, each with its paired rounds.
fn fixtures() -> Vec<(String, Tournament, Vec<u32>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("dutch2012-") && n.ends_with(".trf"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let t = fixture(&n);
            let rounds = (1..=t.rounds_recorded())
                .filter(|&r| t.is_paired(r))
                .collect();
            (n, t, rounds)
        })
        .collect()
}

/// The state of a round `round` of the 2012 rules over `players`.
fn state_2012(players: Vec<PlayerState>, round: u32) -> RoundState {
    let mut s = state(RuleVersion::Dutch2012, players);
    s.round = round;
    s.colour_rules = ColourRules::new(RuleVersion::Dutch2012, round, W);
    s
}

#[test]
fn the_2012_criteria_carry_2012_articles() {
    for &c in Criterion::bracket_order(RuleVersion::Dutch2012) {
        let article = c.article(RuleVersion::Dutch2012);
        assert!(ARTICLES_2012.contains(&article), "{c:?}: {article}");
    }
    // The colour criteria of 2017 and the C.16-C.19 amounts do not exist in 2012.
    for c in [
        Criterion::ColourBeyondTwo,
        Criterion::Preference,
        Criterion::RepeatedDownfloatScores,
    ] {
        assert!(!Criterion::bracket_order(RuleVersion::Dutch2012).contains(&c));
    }
}

/// On every round of the fixtures, every criterion and note names a 2012 article, and the
/// 2012 notions all show up somewhere.
#[test]
fn fixture_explanations_speak_2012_only() {
    let mut seen = BTreeSet::new();
    for (name, t, rounds) in fixtures() {
        for round in rounds {
            let e = explainer(&t, round).explanation().clone();
            assert_eq!(e.rules, "Dutch 2012 (Istanbul)");
            let criteria = e.brackets.iter().flat_map(|b| &b.criteria).chain(&e.totals);
            let notes = e.pairs.iter().flat_map(|p| &p.notes);
            let articles = criteria.map(|v| v.article).chain(notes.map(|n| n.article));
            for article in articles {
                assert!(
                    ARTICLES_2012.contains(&article),
                    "{name} round {round}: {article}\n{}",
                    e.to_text()
                );
                seen.insert(article);
            }
            for p in &e.pairs {
                assert!(p.colour_rule.starts_with("E."), "{}", p.colour_rule);
            }
            // The 2017 names of the brackets C.13 re-pairs and joins are not used.
            let text = e.to_text();
            assert!(!text.contains("PPB") && !text.contains("CLB"), "{text}");
        }
    }
    for article in [
        "C.14", "B.3", "D.4", "C.12", "C.1/C.12", "A.7.d", "A.8.a", "A.8.b", "B.5",
    ] {
        assert!(seen.contains(article), "{article} never shown: {seen:?}");
    }
}

/// `dutch2012-n007-r06-k51x121` round 4: C.13 joins the score brackets 1.5 and 1.0 into
/// the lowest one, whose pairing counts by the B.3 factor of D.4 (7-4 at 0.5, the bye to
/// 3 on 2.0 as if against 0.0: 0.25 + 4.00), not by B.3's list of differences.
#[test]
fn the_merged_lowest_bracket_counts_the_b3_factor() {
    let t = fixture("dutch2012-n007-r06-k51x121.trf");
    let e = explainer(&t, 4).explanation().clone();
    let merged = e
        .brackets
        .iter()
        .find(|b| b.scores.len() > 1)
        .unwrap_or_else(|| panic!("no merged bracket:\n{}", e.to_text()));
    let factor = merged.criteria.iter().find(|v| v.article == "D.4");
    assert_eq!(factor.map(|v| &v.value), Some(&Value::Hundredths(425)));
    assert!(merged.criteria.iter().all(|v| v.article != "B.3"));
    assert!(
        merged
            .decision("C.13")
            .is_some_and(|d| d.contains("1.5, 1.0 joined"))
    );
    assert!(
        e.to_text()
            .contains("scores 1.5, 1.0 · heterogeneous · lowest score bracket (C.13)")
    );
    assert_eq!(e.bye.as_ref().map(|b| b.player), Some(3));
    // B.3 is counted in the brackets above.
    assert!(e.brackets[0].criteria.iter().any(|v| v.article == "B.3"));
}

/// D.4's own example, merged from the score brackets below A: Png2 (AF, BC, DE) has the
/// B.3 factor 4.25, Png1 (AF, BD, CE) 5.25, and is worse there.
#[test]
fn the_d4_example() {
    let s = state_2012(
        [30, 25, 25, 20, 15, 10]
            .iter()
            .enumerate()
            .map(|(rank, &score)| player(rank, score, &[]))
            .collect(),
        5,
    );
    let measured = |pairs: &[(usize, usize)]| {
        let boards = pairs.iter().map(|&(w, b)| Board::new(&s, w, b)).collect();
        let lowest = Collapsed {
            from: 1,
            s1: LowestS1::MovedDown,
        };
        let m = Measured::new(&s, &scoregroups(&s), Some(&lowest), boards, None);
        for k in 0..m.shapes.len() {
            m.values(&s, k);
        }
        m
    };
    let png1 = measured(&[(0, 5), (1, 3), (2, 4)]);
    let png2 = measured(&[(0, 5), (1, 2), (3, 4)]);
    assert_eq!(value(&png2, 1, Criterion::B3Factor), Value::Hundredths(425));
    assert_eq!(value(&png1, 1, Criterion::B3Factor), Value::Hundredths(525));
    assert_worse_at(png1.values(&s, 1), png2.values(&s, 1), 2, "D.4");
}

/// A.7.d counts in odd rounds only, Z (A.8.b) in even rounds only; X (A.8.a) counts pairs,
/// not players.
#[test]
fn colour_requirements_follow_the_round() {
    let strong_white = || vec![player(0, 10, &[W, B, B]), player(1, 10, &[B])];
    let articles =
        |m: &Measured| -> Vec<&str> { bracket(m, 0).iter().map(|v| v.article).collect() };
    let odd = state_2012(strong_white(), 3);
    let m = measure(&odd, &[(0, 1)], None);
    assert_eq!(value(&m, 0, Criterion::SameStrong), Value::Count(1));
    assert_eq!(value(&m, 0, Criterion::PairsX), Value::Count(1));
    assert!(!articles(&m).contains(&"A.8.b"));
    let even = state_2012(strong_white(), 4);
    let m = measure(&even, &[(0, 1)], None);
    assert_eq!(value(&m, 0, Criterion::PairsZ), Value::Count(1));
    assert!(!articles(&m).contains(&"A.7.d"));
    // Opposite strong preferences: met as E.1 gives them, one pair failing X and Z when
    // both are denied.
    let s = state_2012(vec![player(0, 10, &[W]), player(1, 10, &[B])], 2);
    let good = measure(&s, &[(1, 0)], None);
    let reversed = measure(&s, &[(0, 1)], None);
    assert!(bracket(&good, 0).iter().all(|v| v.value.is_met()));
    assert_eq!(value(&reversed, 0, Criterion::PairsX), Value::Count(1));
    assert_eq!(value(&reversed, 0, Criterion::PairsZ), Value::Count(1));
    assert_worse_at(bracket(&reversed, 0), bracket(&good, 0), 1, "A.8.a");
}

/// C.1/C.12: 2 has met everyone in the next bracket. The bracket's own pairing floats
/// him (the colours), C.1 calls it back, and C.12 takes the pairing whose downfloater has
/// an opponent there: floating 2 is worse at C.1/C.12. When 2 downfloated in the previous
/// round too, the own pairing floats another player and C.12 is not called: floating 2
/// is then worse at B.5 (the C.10.d decision).
#[test]
fn stranded_and_repeated_downfloaters() {
    let fresh = floater_barred_below(|players| state_2012(players, 3));
    let stranded = measure(&fresh, &[(1, 0), (4, 3)], Some(2));
    assert!(!value(&stranded, 0, Criterion::NextBracketScores).is_met());
    let e = stranded.explanation(&fresh, false);
    assert!(
        e.brackets[0]
            .criteria
            .iter()
            .any(|v| v.article == "C.1/C.12" && !v.value.is_met())
    );
    assert!(e.brackets[0].decision("C.12").is_some());
    let paired = measure(&fresh, &[(1, 2), (0, 5), (4, 3)], None);
    assert!(value(&paired, 0, Criterion::NextBracketScores).is_met());
    assert_worse_at(bracket(&stranded, 0), bracket(&paired, 0), 1, "C.1/C.12");

    let s = floater_barred_below(|mut players| {
        players[2].floats[0] = Float::Down;
        state_2012(players, 3)
    });
    let m = measure(&s, &[(1, 0), (4, 3)], Some(2));
    assert_eq!(value(&m, 0, Criterion::RepeatedDownfloat), Value::Count(1));
    let e = m.explanation(&s, false);
    assert!(e.brackets[0].decision("C.10.d").is_some());
    assert!(e.brackets[0].decision("C.12").is_none());
    assert!(
        e.brackets[0]
            .criteria
            .iter()
            .all(|v| v.article != "C.1/C.12")
    );
    // Floating 0 instead: nobody stranded, no repeated downfloat, no decision.
    let m = measure(&s, &[(1, 2), (0, 5), (4, 3)], None);
    assert_eq!(value(&m, 0, Criterion::RepeatedDownfloat), Value::Count(0));
    assert!(m.explanation(&s, false).brackets[0].decisions.is_empty());
}

/// C.12: 2 can meet only 5 in the next bracket, whom 3 and 4 (who met) both need; floating
/// him leaves that bracket short of pairs, floating 0 does not. The bracket's own
/// pairing floats 2 (the lowest), the scores alone do not tell the two apart (2 has an
/// opponent below), so C.12 looks again by the next bracket's pairs, and says so.
#[test]
fn a_next_bracket_left_short_of_pairs() {
    let s = two_groups_of_three(|players| state_2012(players, 3), &[(3, 4), (2, 3), (2, 4)]);
    let short = measure(&s, &[(1, 0), (5, 2)], None);
    assert_eq!(
        value(&short, 0, Criterion::NextBracketUnpaired),
        Value::Count(2)
    );
    let fine = measure(&s, &[(1, 2), (0, 3), (4, 5)], None);
    assert_eq!(
        value(&fine, 0, Criterion::NextBracketUnpaired),
        Value::Count(0)
    );
    assert_worse_at(bracket(&short, 0), bracket(&fine, 0), 1, "C.12");
    let e = fine.explanation(&s, false);
    let note = e.brackets[0].decision("C.12");
    assert!(
        note.is_some_and(|n| n.contains("its pairs, then")),
        "{note:?}"
    );
}

/// The engine's pairing with the players in seats `a` and `b` swapped (seat `2i` is
/// board i's White, `2i + 1` its Black).
fn swapped(p: &RoundPairing, a: usize, b: usize) -> RoundPairing {
    let mut seats: Vec<u32> = p.pairs.iter().flat_map(|x| [x.white, x.black]).collect();
    seats.swap(a, b);
    RoundPairing {
        round: p.round,
        pairs: seats
            .chunks(2)
            .map(|c| Pair {
                white: c[0],
                black: c[1],
            })
            .collect(),
        bye: p.bye,
    }
}

/// Swapping two players of the same score between boards is never better than the
/// engine: worse at a 2012 criterion, or as good (then the D.1-D.3 order decides).
#[test]
fn swaps_within_a_score_are_worse_or_as_good() {
    let t = fixture("dutch2012-n016-r05-k51x252.trf");
    let mut tried = 0;
    for round in 2..=5 {
        let x = explainer(&t, round);
        let p = x.pairing().clone();
        let score = |id: u32| x.state.players[index_of(&x.state, id).unwrap_or(0)].score;
        let seats: Vec<u32> = p.pairs.iter().flat_map(|x| [x.white, x.black]).collect();
        for a in 0..seats.len() {
            for b in (a + 1..seats.len()).filter(|&b| b / 2 != a / 2) {
                if score(seats[a]) != score(seats[b]) {
                    continue;
                }
                let check = x.check(&swapped(&p, a, b));
                if !check.is_valid() {
                    continue;
                }
                tried += 1;
                match check.comparison {
                    Comparison::Differs {
                        worse: true,
                        article,
                        ..
                    } => assert!(ARTICLES_2012.contains(&article), "{article}"),
                    Comparison::SameQuality { order, .. } => assert!(order.contains("D.1")),
                    other => panic!("round {round}: swap {a} {b}: {other:?}"),
                }
            }
        }
    }
    assert!(tried > 10, "only {tried} legal swaps");
}

/// A rematch is an absolute violation (B.1.a) naming the round the players met in; the
/// engine's pairing with one board's colours reversed has exactly one colour break.
#[test]
fn rematch_and_reversed_colours() {
    let t = fixture("dutch2012-n012-r05-k51x173.trf");
    let x = explainer(&t, 3);
    let p = x.pairing().clone();
    let seats: Vec<u32> = p.pairs.iter().flat_map(|x| [x.white, x.black]).collect();
    // The first player's opponent of round 1 moves next to him.
    let a = 0;
    let met = t
        .player(seats[a])
        .and_then(|pl| match pl.outcome(1) {
            Outcome::Game { opponent, .. } => Some(*opponent),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{} played no game in round 1", seats[a]));
    let b = seats
        .iter()
        .position(|&s| s == met)
        .unwrap_or_else(|| panic!("{met} is not paired"));
    let check = x.check(&swapped(&p, 1, b));
    assert!(
        check
            .errors
            .iter()
            .any(|v| v.article == "B.1.a" && v.text.contains("met in round 1")),
        "{:?}",
        check.errors
    );
    let mut reversed = p.clone();
    let first = reversed.pairs[0];
    reversed.pairs[0] = Pair {
        white: first.black,
        black: first.white,
    };
    let check = x.check(&reversed);
    assert_eq!(check.colour_breaks.len(), 1, "{:?}", check.colour_breaks);
    assert!(check.colour_breaks[0].article.starts_with("E."));
}

/// `dutch2012-n005-r04-k51x116` round 4: everyone who may take the bye by B.1.b is needed
/// elsewhere; the bar is lifted for the round, and the PAB's reasons say so.
#[test]
fn a_lifted_bye_bar_is_explained() {
    let t = fixture("dutch2012-n005-r04-k51x116.trf");
    let e = explainer(&t, 4).explanation().clone();
    let reasons = e.bye.map(|b| b.reasons).unwrap_or_default();
    assert!(
        reasons.iter().any(|r| r.starts_with("B.1.b set aside")),
        "{reasons:?}"
    );
    let e = explainer(&t, 2).explanation().clone();
    let reasons = e.bye.map(|b| b.reasons).unwrap_or_default();
    assert!(
        reasons.iter().all(|r| !r.contains("set aside")),
        "{reasons:?}"
    );
}

/// `dutch2012-n015-r12-k51x167` round 11: everyone has scored without playing, and no
/// pairing gives the bye to a player who did so once only when 12 (5.0) must meet 15 and
/// 10 can meet only 7: the bar is set aside for those who did so once, and 10 (once: the
/// bye of round 7) takes it rather than 5 (twice, the lower score).
#[test]
fn the_bye_bar_is_lifted_as_little_as_it_takes() {
    let t = fixture("dutch2012-n015-r12-k51x167.trf");
    let e = explainer(&t, 11).explanation().clone();
    let bye = e.bye.expect("round 11 has a PAB");
    assert_eq!(bye.player, 10);
    assert!(
        bye.reasons.iter().any(|r| r.starts_with("B.1.b set aside")),
        "{:?}",
        bye.reasons
    );
    assert!(
        bye.reasons
            .iter()
            .any(|r| r.starts_with("on lower scores, may not receive it") && r.contains("5 (4.0)")),
        "{:?}",
        bye.reasons
    );
}

/// C.12 as the fixtures JaVaFo 1.4 agrees with show it. `n032` round 12, bracket 6: the
/// own pairing floats 10 and 12, who can meet no one below, and no other pairing lets the
/// next bracket pair better: the note says the own pairing stands, and the bracket lists
/// no look-ahead (its pairing is judged by its own criteria). `n037` round 13, bracket 3:
/// the own pairing floated 5, who can meet no one below, and C.12 took another: the note
/// says so and the bracket lists the C.1/C.12 look-ahead it was chosen by.
#[test]
fn c12_notes_say_whether_the_own_pairing_stands() {
    // Bracket `number` of `round` of fixture `name`: its C.12 note, and whether it lists
    // a C.12 look-ahead criterion.
    let c12 = |name: &str, round: u32, number: usize| {
        let e = explainer(&fixture(name), round).explanation().clone();
        let b = &e.brackets[number - 1];
        let looks = b
            .criteria
            .iter()
            .any(|v| ["C.12", "C.1/C.12"].contains(&v.article));
        (b.decision("C.12").unwrap_or_default().to_string(), looks)
    };
    let (note, looks) = c12(
        "dutch2012-n032-r12-c12-keeps-own-when-other-still-short.trf",
        12,
        6,
    );
    assert!(
        note.contains("floats 10, 12") && note.contains("so it stands") && !looks,
        "{note}"
    );
    let (note, looks) = c12(
        "dutch2012-n037-r13-c12-keeps-own-when-other-still-short.trf",
        13,
        3,
    );
    assert!(
        note.contains("5 can meet no one") && note.contains("paired again") && looks,
        "{note}"
    );
}

/// A.3 as JaVaFo 1.4 pairs it. `n026 r08` round 8, bracket 9 (score 2.0, the penultimate
/// bracket re-paired by C.13): players moved down 20 and 24, residents 19 and 21, so half
/// of its players were moved down and it sets no B.5/B.6 for upfloaters. With 24 left
/// over, 20 meets 19 though 19 upfloated in round 7 (21 would not have): the bracket says
/// why, lists no upfloat criterion, and its board carries no upfloat note.
#[test]
fn a_bracket_half_moved_down_sets_no_upfloat_criteria() {
    let e = explainer(
        &fixture("dutch2012-n026-r08-a3-penultimate-sets-no-upfloat-criteria.trf"),
        8,
    )
    .explanation()
    .clone();
    let b = &e.brackets[8];
    let note = b.decision("A.3").unwrap_or_default();
    assert!(note.contains("2 of its 4 players"), "{}", e.to_text());
    let upfloat = |v: &&CriterionValue| v.summary.contains("upfloat");
    assert!(!b.criteria.iter().any(|v| upfloat(&v)), "{}", e.to_text());
    let board = e
        .pairs
        .iter()
        .find(|p| p.white == 19 && p.black == 20)
        .unwrap_or_else(|| panic!("19-20 not paired\n{}", e.to_text()));
    assert!(
        !board.notes.iter().any(|n| n.text.contains("upfloat")),
        "{}",
        e.to_text()
    );
}

/// C.13 and C.4 as JaVaFo 1.4 pairs its own A21353, round 10. The merged lowest bracket
/// (scores 4.0 to 2.0) has as S1 the latest added score bracket, 20, 21, 22, and 18
/// moved down into it. 21 meets 22 and 23 (3.5) takes the bye: C.4 puts 22, left out of
/// the M1, in S2, so M1 is 3, as with 21 meeting 23 and the bye to 22, and the B.3 factor
/// decides between the two (14.50 against 17.50).
#[test]
fn merged_s1_players_left_out_of_m1_are_in_s2() {
    let t = fixture("dutch2012-n027-r14-merged-m1-counts-pairs-within-s1.trf");
    let x = explainer(&t, 10);
    let e = x.explanation().clone();
    let merged = e.brackets.last().unwrap_or_else(|| panic!("no brackets"));
    let left_out = merged.criteria.iter().find(|v| v.article == "C.13");
    assert_eq!(
        left_out.map(|v| v.contributors.clone()),
        Some(vec![Contributor::Player(22)]),
        "{}",
        e.to_text()
    );
    let p = x.pairing().clone();
    assert_eq!(p.bye, Some(23), "{}", e.to_text());
    let mut other = p.clone();
    for pair in &mut other.pairs {
        if [pair.white, pair.black].contains(&22) {
            *pair = Pair {
                white: 21,
                black: 23,
            };
        }
    }
    other.bye = Some(22);
    match x.check(&other).comparison {
        Comparison::Differs { article, worse, .. } => assert_eq!((article, worse), ("D.4", true)),
        c => panic!("{c:?}"),
    }
}
