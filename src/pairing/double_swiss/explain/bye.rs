//! C.04.5 3.4: the pairing-allocated bye, explained and measured as the round's first
//! criteria (it is chosen before anything else is paired).

use crate::pairing::explanation::{ByeExplanation, Contributor, CriterionValue, Value};

use super::DoubleSwissJudge;

/// The other players who come before `bye` in the order of 3.4.2–3.4.4: on a lower
/// score; on his score with more matches; on his score with as many matches and a
/// larger pairing number.
fn ahead(judge: &DoubleSwissJudge, bye: usize) -> [Vec<usize>; 3] {
    let players = &judge.field.players;
    let p = &players[bye];
    let mut lists = [Vec::new(), Vec::new(), Vec::new()];
    for (a, q) in players.iter().enumerate().filter(|&(a, _)| a != bye) {
        if q.score < p.score {
            lists[0].push(a);
        } else if q.score == p.score && q.matches > p.matches {
            lists[1].push(a);
        } else if q.score == p.score && q.matches == p.matches && q.tpn > p.tpn {
            lists[2].push(a);
        }
    }
    lists
}

/// 3.4.2–3.4.4 as the round's criteria, in their order: the assignee's score (lower is
/// better), the rounds before this one without a match played (fewer is better), the
/// eligible players on his score with as many matches and a larger pairing number
/// (fewer is better). With C2 and C3 absolute, a valid pairing never beats the
/// engine's assignee on them.
pub(super) fn criteria(judge: &DoubleSwissJudge, bye: usize) -> Vec<CriterionValue> {
    let p = &judge.field.players[bye];
    let who = vec![Contributor::Player(p.id)];
    let larger = ahead(judge, bye)[2]
        .iter()
        .filter(|&&a| judge.field.players[a].bye_eligible)
        .count();
    vec![
        CriterionValue {
            article: "3.4.2",
            summary: "PAB assignee's score",
            value: Value::scores(vec![p.score]),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.4.3",
            summary: "rounds without a match played by the PAB assignee",
            value: Value::Count((judge.field.round - 1).saturating_sub(p.matches)),
            contributors: who.clone(),
        },
        CriterionValue {
            article: "3.4.4",
            summary: "eligible players of the PAB assignee's score and matches with a larger pairing number",
            value: Value::Count(larger as u32),
            contributors: who,
        },
    ]
}

/// Who got the PAB and why, in the terms of 3.4.
pub(super) fn explain(judge: &DoubleSwissJudge, bye: usize, engine: bool) -> ByeExplanation {
    let players = &judge.field.players;
    let p = &players[bye];
    let mut reasons = vec![
        format!(
            "score {}, {} match{} played, pairing number {}",
            p.score,
            p.matches,
            if p.matches == 1 { "" } else { "es" },
            p.tpn
        ),
        if p.bye_eligible {
            "C2: eligible: no earlier PAB, match won by forfeit or full-point bye".into()
        } else {
            "C2: NOT eligible".into()
        },
    ];
    let steps = [
        ("3.4.2", "on a lower score"),
        ("3.4.3", "on his score with more matches played"),
        (
            "3.4.4",
            "on his score with as many matches and a larger pairing number",
        ),
    ];
    for (list, (article, what)) in ahead(judge, bye).iter().zip(steps) {
        let name = |eligible: bool| -> Vec<String> {
            list.iter()
                .filter(|&&a| players[a].bye_eligible == eligible)
                .map(|&a| format!("{} ({})", players[a].id, players[a].score))
                .collect()
        };
        let barred = name(false);
        if !barred.is_empty() {
            reasons.push(format!(
                "{article}: {what}, but may not receive it (C2): {}",
                barred.join(", ")
            ));
        }
        let eligible = name(true);
        if !eligible.is_empty() {
            reasons.push(if engine {
                format!(
                    "{article}: {what} and eligible, but the others could not all be paired without them (3.4.1, C3): {}",
                    eligible.join(", ")
                )
            } else {
                format!("{article}: {what} and eligible: {}", eligible.join(", "))
            });
        }
    }
    if engine {
        reasons.push("3.4: the first in the order lowest score, most matches played, largest pairing number whose bye leaves the others pairable".into());
    }
    ByeExplanation {
        player: p.id,
        score: p.score,
        reasons,
    }
}
