//! The PAB in Dubov terms (3.1): assigned before any bracket is paired, to the eligible
//! player ([C2]) whose absence leaves the others pairable ([C4]) with the lowest score,
//! then the most games played, then the largest TPN.

use crate::pairing::dubov::field::Entrant;
use crate::pairing::explanation::{ByeExplanation, count};

use super::DubovJudge;

/// At most this many players are named in one reason.
const NAMED: usize = 12;

fn named(list: &[&Entrant]) -> String {
    let mut parts: Vec<String> = list
        .iter()
        .take(NAMED)
        .map(|e| {
            format!(
                "{} ({}, {}, TPN {})",
                e.state.id,
                e.score(),
                count(e.games(), "game"),
                e.tpn()
            )
        })
        .collect();
    if list.len() > NAMED {
        parts.push(format!("and {} more", list.len() - NAMED));
    }
    parts.join(", ")
}

/// Why `bye` (a field index) has the PAB: `engine` when it is the engine's choice, which
/// passed over the players before it in 3.1 order only because of 3.1.2.
pub(crate) fn explain(j: &DubovJudge, bye: usize, engine: bool) -> ByeExplanation {
    let field = &j.field;
    let p = &field.players[bye];
    let mut reasons = vec![format!(
        "score {}, {} played, TPN {}",
        p.score(),
        count(p.games(), "game"),
        p.tpn()
    )];
    reasons.push(if p.state.bye_eligible {
        "eligible (3.1.1, [C2]): no earlier PAB, forfeit win or full-point bye".to_string()
    } else {
        "not eligible for the PAB ([C2]): an earlier PAB, forfeit win or full-point bye".to_string()
    });
    // The players before `p` in 3.1 order: a lower score (3.1.3), the same score and more
    // games (3.1.4), the same score and games and a larger TPN (3.1.5).
    let before = |q: &Entrant| {
        (
            q.score(),
            std::cmp::Reverse(q.games()),
            std::cmp::Reverse(q.tpn()),
        ) < (
            p.score(),
            std::cmp::Reverse(p.games()),
            std::cmp::Reverse(p.tpn()),
        )
    };
    let others = || field.players.iter().filter(|q| q.state.id != p.state.id);
    let barred: Vec<&Entrant> = others()
        .filter(|q| before(q) && !q.state.bye_eligible)
        .collect();
    if !barred.is_empty() {
        reasons.push(format!(
            "before him in 3.1 order but barred by [C2] (an earlier PAB, forfeit win or full-point bye): {}",
            named(&barred)
        ));
    }
    let skipped: Vec<&Entrant> = others()
        .filter(|q| before(q) && q.state.bye_eligible)
        .collect();
    if !skipped.is_empty() {
        reasons.push(if engine {
            format!(
                "before him in 3.1 order, but without any of them the others cannot all be paired (3.1.2, [C4]): {}",
                named(&skipped)
            )
        } else {
            format!("before him in 3.1 order and eligible: {}", named(&skipped))
        });
    }
    let same: Vec<&Entrant> = others()
        .filter(|q| q.score() == p.score() && !before(q) && q.state.bye_eligible)
        .collect();
    if !same.is_empty() {
        reasons.push(format!(
            "after him on the same score: fewer games played (3.1.4) or a smaller TPN (3.1.5): {}",
            named(&same)
        ));
    }
    ByeExplanation {
        player: p.state.id,
        score: p.score(),
        reasons,
    }
}
