//! C.04.4.2 2.3 and 3.2: the brackets of a pairing (each scoregroup with the players
//! floating into it, 1.2–1.3), [C5]–[C8] measured on each, and, for the engine's pairing,
//! the choices 3.2 made: the 1.8 order, the floaters, the candidate of 4.3.

use crate::pairing::explanation::{BracketExplanation, Contributor, CriterionValue, Note, Value};
use crate::tournament::Points;

use super::BursteinJudge;
use crate::pairing::burstein::field::Entrant;

/// One bracket of a pairing, in field indices.
struct Bracket {
    score: Points,
    /// Residents and incoming floaters.
    members: Vec<usize>,
    /// Members who leave it unpaired (they meet a lower-scored player).
    floaters: Vec<usize>,
    /// The pairs made in it (the lower player is a resident).
    pairs: Vec<(usize, usize)>,
}

/// [C5] and [C6] of a bracket (`own`), or the next bracket's as [C7]: the number of
/// its floaters and their scores.
fn floats(judge: &BursteinJudge, floaters: &[usize], own: bool) -> [CriterionValue; 2] {
    let contributors: Vec<Contributor> = floaters
        .iter()
        .map(|&a| Contributor::Player(judge.field.players[a].state.id))
        .collect();
    let (count, scores) = if own {
        (
            ("[C5]", "floaters (players not paired in the bracket)"),
            ("[C6]", "floaters' scores, highest first"),
        )
    } else {
        (
            ("[C7]", "floaters of the next bracket"),
            ("[C7]", "next bracket's floaters' scores, highest first"),
        )
    };
    [
        CriterionValue {
            article: count.0,
            summary: count.1,
            value: Value::Count(floaters.len() as u32),
            contributors: contributors.clone(),
        },
        CriterionValue {
            article: scores.0,
            summary: scores.1,
            value: Value::scores(floaters.iter().map(|&a| judge.field.score(a)).collect()),
            contributors,
        },
    ]
}

/// The brackets of `boards` (field indices), one per scoregroup of the paired players,
/// highest first.
fn brackets(judge: &BursteinJudge, boards: &[(usize, usize)]) -> Vec<Bracket> {
    let score = |a: usize| judge.field.score(a);
    let mut opponent: Vec<(usize, usize)> =
        boards.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    opponent.sort_unstable();
    let mut scores: Vec<Points> = opponent.iter().map(|&(a, _)| score(a)).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    scores
        .into_iter()
        .map(|s| Bracket {
            score: s,
            members: opponent
                .iter()
                .filter(|&&(a, b)| score(a) == s || (score(a) > s && score(b) <= s))
                .map(|&(a, _)| a)
                .collect(),
            floaters: opponent
                .iter()
                .filter(|&&(a, b)| score(a) >= s && score(b) < s)
                .map(|&(a, _)| a)
                .collect(),
            pairs: boards
                .iter()
                .filter(|&&(a, b)| score(a).min(score(b)) == s)
                .copied()
                .collect(),
        })
        .collect()
}

/// [C8]: the pairs of the bracket whose players prefer the same colour (one of them
/// does not get it).
fn clashes(judge: &BursteinJudge, b: &Bracket) -> Vec<(usize, usize)> {
    b.pairs
        .iter()
        .filter(|&&(x, y)| {
            let (px, py) = (
                judge.field.players[x].state.preference.colour(),
                judge.field.players[y].state.preference.colour(),
            );
            px.is_some() && px == py
        })
        .copied()
        .collect()
}

/// Fills the skeleton's brackets (one per scoregroup, in the same order) with the
/// members, floaters and criteria of 3.2, and the decisions for the engine's pairing.
pub(super) fn fill(
    judge: &BursteinJudge,
    boards: &[(usize, usize)],
    out: &mut [BracketExplanation],
    engine: bool,
) {
    let list = brackets(judge, boards);
    let id = |a: usize| judge.field.players[a].state.id;
    for (k, (b, e)) in list.iter().zip(out.iter_mut()).enumerate() {
        let next = list.get(k + 1);
        e.incoming = b
            .members
            .iter()
            .filter(|&&a| judge.field.score(a) > b.score)
            .map(|&a| id(a))
            .collect();
        e.outgoing = b.floaters.iter().map(|&a| id(a)).collect();
        e.homogeneous = e.incoming.is_empty();
        let clash = clashes(judge, b);
        let mut criteria = floats(judge, &b.floaters, true).to_vec();
        criteria.extend(floats(judge, next.map_or(&[], |n| &n.floaters), false));
        criteria.push(CriterionValue {
            article: "[C8]",
            summary: "pairs whose players prefer the same colour",
            value: Value::Count(clash.len() as u32),
            contributors: clash
                .iter()
                .map(|&(x, y)| Contributor::Pair(id(x), id(y)))
                .collect(),
        });
        e.criteria = criteria;
        if engine {
            e.decisions = decisions(judge, b, next, clash.len());
        }
    }
}

/// A Sonneborn-Berger kept in hundredths, written with two decimals.
pub(super) fn hundredths(v: i64) -> String {
    format!("{}.{:02}", v / 100, (v % 100).abs())
}

/// 1.7: how a player's Index adds up, round by round, with what 1.7.2 changes named
/// (an unplayed round counted against oneself, an opponent's trailing zero-point byes
/// counted as draws): `BH 10.0 = 2.5 (R1 12) + …; SB 8.25 = 1.0×2.5 + …`. `None`
/// before any round.
fn index_terms(p: &Entrant) -> Option<Note> {
    let buchholz: Vec<String> = p.terms.iter().map(|t| t.to_string()).collect();
    let sonneborn_berger: Vec<String> = p
        .terms
        .iter()
        .map(|t| format!("{}×{}", t.earned, t.counted))
        .collect();
    (!p.terms.is_empty()).then(|| Note {
        article: "1.7",
        text: format!(
            "{}: BH {} = {}; SB {} = {}",
            p.state.id,
            Points::from_tenths(p.index.buchholz as i32),
            buchholz.join(" + "),
            hundredths(p.index.sonneborn_berger),
            sonneborn_berger.join(" + ")
        ),
    })
}

/// What 3.2 decided in the engine's bracket `b`.
fn decisions(
    judge: &BursteinJudge,
    b: &Bracket,
    next: Option<&Bracket>,
    clashes: usize,
) -> Vec<Note> {
    let field = &judge.field;
    let id = |a: usize| field.players[a].state.id;
    let list = |v: &[usize]| {
        v.iter()
            .map(|&a| id(a).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let scores = |v: &[usize]| Value::scores(v.iter().map(|&a| field.score(a)).collect());
    let ranked = field.ranked(&b.members);
    let mut notes = vec![Note {
        article: "1.8",
        text: format!(
            "the bracket in its ranking order (Index: Buchholz, then Sonneborn-Berger; then TPN), BSN 1 first: {}",
            ranked
                .iter()
                .map(|&a| {
                    let p = &field.players[a];
                    format!(
                        "{} (BH {}, SB {}, TPN {})",
                        p.state.id,
                        Points::from_tenths(p.index.buchholz as i32),
                        hundredths(p.index.sonneborn_berger),
                        p.state.rank + 1
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }];
    notes.extend(
        ranked
            .iter()
            .filter_map(|&a| index_terms(&field.players[a])),
    );
    notes.push(Note {
        article: "[C5]",
        text: if b.floaters.is_empty() {
            format!("all {} players are paired in the bracket", b.members.len())
        } else {
            format!(
                "{} float{} down: {} floater{}, the fewest with which the rest of the round can be completed ([C4])",
                list(&b.floaters),
                if b.floaters.len() == 1 { "s" } else { "" },
                b.floaters.len(),
                if b.floaters.len() == 1 { "" } else { "s" },
            )
        },
    });
    let mixed = b.members.iter().any(|&a| field.score(a) != b.score);
    if !b.floaters.is_empty() && mixed {
        notes.push(Note {
            article: "[C6]",
            text: format!(
                "the floaters' scores {}, highest first, are the lowest any pairing with {} floaters leaves",
                scores(&b.floaters),
                b.floaters.len()
            ),
        });
    }
    if let Some(n) = next.filter(|_| !b.floaters.is_empty()) {
        notes.push(Note {
            article: "[C7]",
            text: if n.floaters.is_empty() {
                "with these floaters the next bracket pairs all its players".to_string()
            } else {
                format!(
                    "with these floaters the next bracket floats {} ({}; scores {}), the best it can reach",
                    n.floaters.len(),
                    list(&n.floaters),
                    scores(&n.floaters)
                )
            },
        });
    }
    if !b.pairs.is_empty() {
        notes.push(Note {
            article: "[C8]",
            text: format!(
                "{} of the {} pairs give both players their colour preference, the most these criteria allow",
                b.pairs.len() - clashes,
                b.pairs.len()
            ),
        });
    }
    let bsn = |a: usize| ranked.iter().position(|&r| r == a).map_or(0, |p| p + 1);
    let mut candidate: Vec<(usize, usize)> = b
        .pairs
        .iter()
        .map(|&(x, y)| (bsn(x).min(bsn(y)), bsn(x).max(bsn(y))))
        .chain(b.floaters.iter().map(|&a| (bsn(a), 0)))
        .collect();
    candidate.sort_unstable();
    notes.push(Note {
        article: "4.3",
        text: format!(
            "the pairs are the first candidate in the order of 4.3 reaching these values: {} (BSN; 0 marks a floater)",
            candidate
                .iter()
                .map(|(x, y)| format!("{x}-{y}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    });
    notes
}
