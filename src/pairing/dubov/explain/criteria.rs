//! The Dubov quality criteria measured on any pairing: per score group [C5]–[C10]
//! (2.3), and for the round the PAB by 3.1.3–3.1.5.

use crate::pairing::explanation::{
    BracketExplanation, Contributor, CriterionValue, PairExplanation, Value,
};

use super::DubovJudge;

/// [C5]–[C10] of a score group (in the last round [C5]–[C7]: [C8]–[C10] do not apply).
pub(crate) fn bracket(
    j: &DubovJudge,
    b: &BracketExplanation,
    pairs: &[PairExplanation],
) -> Vec<CriterionValue> {
    let field = &j.field;
    let score = b.scores.first().copied().unwrap_or_default();
    let up: Vec<usize> = b.incoming.iter().filter_map(|&id| j.at(id)).collect();
    let players = |list: &[usize]| -> Vec<Contributor> {
        list.iter()
            .map(|&a| Contributor::Player(field.players[a].state.id))
            .collect()
    };
    let colour_pairs: Vec<Contributor> = b
        .boards
        .iter()
        .filter_map(|&board| pairs.get(board - 1))
        .filter(|p| match (j.at(p.white), j.at(p.black)) {
            (Some(w), Some(bl)) => field.same_preference(w, bl),
            _ => false,
        })
        .map(|p| Contributor::Pair(p.white, p.black))
        .collect();
    let mut values = vec![
        CriterionValue {
            article: "[C5]",
            summary: "upfloaters",
            value: Value::Count(up.len() as u32),
            contributors: players(&up),
        },
        CriterionValue {
            article: "[C6]",
            summary: "upfloaters' distance below the group's score (their scores as high as possible)",
            value: Value::scores(
                up.iter()
                    .map(|&a| score - field.players[a].score())
                    .collect(),
            ),
            contributors: players(&up),
        },
        CriterionValue {
            article: "[C7]",
            summary: "players not getting their colour preference",
            value: Value::Count(colour_pairs.len() as u32),
            contributors: colour_pairs,
        },
    ];
    if !field.last_round {
        let max: Vec<usize> = up
            .iter()
            .copied()
            .filter(|&a| field.players[a].is_maximum_upfloater(field.max_t))
            .collect();
        let last: Vec<usize> = up
            .iter()
            .copied()
            .filter(|&a| field.players[a].upfloated_last_round)
            .collect();
        values.extend([
            CriterionValue {
                article: "[C8]",
                summary: "maximum upfloaters among the upfloaters",
                value: Value::Count(max.len() as u32),
                contributors: players(&max),
            },
            CriterionValue {
                article: "[C9]",
                summary: "times the maximum upfloaters have been upfloated",
                value: Value::Count(max.iter().map(|&a| field.players[a].upfloats).sum()),
                contributors: players(&max),
            },
            CriterionValue {
                article: "[C10]",
                summary: "upfloaters who upfloated in the previous round",
                value: Value::Count(last.len() as u32),
                contributors: players(&last),
            },
        ]);
    }
    values
}

/// 3.1.3–3.1.5 for the PAB assignee `bye` (field index): the lowest score, then the
/// most games played, then the largest TPN.
pub(crate) fn pab(j: &DubovJudge, bye: usize) -> Vec<CriterionValue> {
    let p = &j.field.players[bye];
    let who = vec![Contributor::Player(p.state.id)];
    let larger_tpn = j.field.players.iter().filter(|q| q.tpn() > p.tpn()).count();
    vec![
        CriterionValue {
            article: "3.1.3",
            summary: "the PAB assignee's score (the lowest)",
            value: Value::Scores(vec![p.score()]),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.1.4",
            summary: "rounds the PAB assignee has not played (the most games played)",
            value: Value::Count((j.round - 1).saturating_sub(p.games() as u32)),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.1.5",
            summary: "players with a larger TPN than the PAB assignee",
            value: Value::Count(larger_tpn as u32),
            contributors: who,
        },
    ]
}
