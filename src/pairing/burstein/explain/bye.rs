//! C.04.4.2 3.1: the pairing-allocated bye, explained and measured as the round's first
//! criteria (it is assigned before any bracket is paired).

use std::cmp::Reverse;

use crate::pairing::explanation::{ByeExplanation, Contributor, CriterionValue, Value};

use super::BursteinJudge;

/// The players other than `bye` on `bye`'s score (`Some(score)`: on lower scores) who
/// come before him in the 3.1 order, by [C2] eligibility.
fn ahead(judge: &BursteinJudge, bye: usize) -> [Vec<usize>; 3] {
    let f = &judge.field;
    let p = &f.players[bye].state;
    let games = |a: usize| f.players[a].state.colours.len();
    let mut lower = Vec::new();
    let mut more_games = Vec::new();
    let mut ranked_lower = Vec::new();
    for a in (0..f.len()).filter(|&a| a != bye) {
        let q = &f.players[a].state;
        if q.score < p.score {
            lower.push(a);
        } else if q.score == p.score && games(a) > games(bye) {
            more_games.push(a);
        } else if q.score == p.score
            && games(a) == games(bye)
            && Reverse(f.rank_key(a)) < Reverse(f.rank_key(bye))
        {
            ranked_lower.push(a);
        }
    }
    [lower, more_games, ranked_lower]
}

/// 3.1.3–3.1.5 as the round's criteria, in the order 3.1 applies them: the assignee's
/// score (lower is better), the rounds before this one in which he played no game (fewer
/// is better), and the players on his score with as many games who rank below him by
/// 1.8 (fewer is better). With the eligibility of [C2] and the completion of [C4] both
/// absolute, the engine's assignee is never beaten on them by a valid pairing.
pub(super) fn criteria(judge: &BursteinJudge, bye: usize) -> Vec<CriterionValue> {
    let p = &judge.field.players[bye].state;
    let who = vec![Contributor::Player(p.id)];
    let below = ahead(judge, bye)[2]
        .iter()
        .filter(|&&a| judge.field.players[a].state.bye_eligible)
        .count();
    vec![
        CriterionValue {
            article: "3.1.3",
            summary: "PAB assignee's score",
            value: Value::scores(vec![p.score]),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.1.4",
            summary: "rounds the PAB assignee played no game",
            value: Value::Count((judge.round - 1).saturating_sub(p.colours.len() as u32)),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.1.5",
            summary: "eligible players of the PAB assignee's score and games ranked below him",
            value: Value::Count(below as u32),
            contributors: who,
        },
    ]
}

/// Who got the PAB and why, in the terms of 3.1.
pub(super) fn explain(judge: &BursteinJudge, bye: usize, engine: bool) -> ByeExplanation {
    let f = &judge.field;
    let entrant = &f.players[bye];
    let p = &entrant.state;
    let games = p.colours.len();
    let mut reasons = vec![format!(
        "score {}, {games} game{} played, Index BH {} SB {}, TPN {}",
        p.score,
        if games == 1 { "" } else { "s" },
        crate::tournament::Points::from_tenths(entrant.index.buchholz as i32),
        super::brackets::hundredths(entrant.index.sonneborn_berger),
        p.rank + 1
    )];
    reasons.push(if p.bye_eligible {
        "3.1.1: eligible ([C2]): no earlier PAB, no round that scored a win's points without a game"
            .into()
    } else {
        "3.1.1: NOT eligible ([C2])".into()
    });
    let steps = [
        ("3.1.3", "on a lower score"),
        ("3.1.4", "on his score with more games played"),
        (
            "3.1.5",
            "on his score with as many games, ranked lower by 1.8 (smaller Index, then larger TPN)",
        ),
    ];
    for (list, (article, what)) in ahead(judge, bye).iter().zip(steps) {
        let name = |eligible: bool| -> Vec<String> {
            list.iter()
                .filter(|&&a| f.players[a].state.bye_eligible == eligible)
                .map(|&a| format!("{} ({})", f.players[a].state.id, f.players[a].state.score))
                .collect()
        };
        let barred = name(false);
        if !barred.is_empty() {
            reasons.push(format!(
                "{article}: {what}, but may not receive it ([C2]): {}",
                barred.join(", ")
            ));
        }
        let eligible = name(true);
        if !eligible.is_empty() {
            reasons.push(if engine {
                format!(
                    "{article}: {what} and eligible, but the others could not all be paired without them (3.1.2, [C4]): {}",
                    eligible.join(", ")
                )
            } else {
                format!("{article}: {what} and eligible: {}", eligible.join(", "))
            });
        }
    }
    if engine {
        reasons.push(
            "3.1: the first in the order lowest score, most games played, lowest ranking whose bye leaves the others pairable".into(),
        );
    }
    ByeExplanation {
        player: p.id,
        score: p.score,
        reasons,
    }
}
