//! What the Lim procedure did in a score group of the engine's pairing: where the group
//! stands in the order of 2.2, why each player floated out (2.3.a–c, 2.3.d with 3.2–3.4
//! and 3.10, 4.4, 4.4.a), how the pairs came from the proposed pairings of 2.4 (3.6–3.8,
//! 4.1–4.4) and what 5.2 could not give.

use crate::pairing::explanation::{BracketExplanation, Note};
use crate::pairing::lim::groups::{self, Direction};

use super::LimJudge;

/// The decisions of bracket `k` (0-based, in the order of 2.2) of the engine's
/// pairing; `made` are its pairs as field indices, `pab` the PAB assignee.
pub(crate) fn bracket(
    judge: &LimJudge,
    all: &[BracketExplanation],
    k: usize,
    made: &[(usize, usize)],
    pab: Option<u32>,
) -> Vec<Note> {
    let field = &judge.field;
    let b = &all[k];
    let score = b.scores.first().copied().unwrap_or_default();
    let median = field.median;
    let indices =
        |ids: &[u32]| -> Vec<usize> { ids.iter().filter_map(|&p| judge.idx(p)).collect() };
    let list = |v: &[usize]| -> String {
        let ids: Vec<String> = v.iter().map(|&a| judge.id(a).to_string()).collect();
        ids.join(", ")
    };
    let pairs_text = |v: &[(usize, usize)]| -> String {
        let ids: Vec<String> = v
            .iter()
            .map(|&(x, y)| format!("{}-{}", judge.id(x), judge.id(y)))
            .collect();
        ids.join(", ")
    };
    let direction = match score.cmp(&median) {
        std::cmp::Ordering::Greater => Some(Direction::Down),
        std::cmp::Ordering::Less => Some(Direction::Up),
        std::cmp::Ordering::Equal => None,
    };
    let mut notes = vec![Note {
        article: "2.2",
        text: match direction {
            Some(Direction::Down) => format!(
                "paired {} of {}: above the median ({median}), groups are paired top-down and floaters go down",
                k + 1,
                all.len()
            ),
            Some(Direction::Up) => format!(
                "paired {} of {}: below the median ({median}), groups are paired bottom-up and floaters go up",
                k + 1,
                all.len()
            ),
            None => {
                format!("the median group ({median}), paired last with the floaters of both halves")
            }
        },
    }];
    let residents = indices(&b.residents);
    let incoming = indices(&b.incoming);
    let bye = pab.and_then(|p| judge.idx(p));
    let outgoing: Vec<usize> = indices(&b.outgoing)
        .into_iter()
        .filter(|&a| Some(a) != bye)
        .collect();
    if let Some(a) = bye.filter(|a| residents.contains(a)) {
        notes.push(Note {
            article: "1.1",
            text: format!(
                "{} receives the PAB before the groups are paired",
                judge.id(a)
            ),
        });
    }
    let members: Vec<usize> = residents
        .iter()
        .chain(&incoming)
        .copied()
        .filter(|&a| Some(a) != bye)
        .collect();
    let (lonely, rest): (Vec<usize>, Vec<usize>) = residents
        .iter()
        .copied()
        .filter(|&a| Some(a) != bye)
        .partition(|&a| !members.iter().any(|&o| field.compatible(a, o)));
    for &a in &lonely {
        notes.push(Note {
            article: "2.3.a–c",
            text: format!(
                "{} has no compatible opponent in the group (met them all, or 2.1's colours forbid it): floated",
                judge.id(a)
            ),
        });
    }
    let mut explained = lonely.clone();
    if let Some(direction) = direction
        && let Some(even) = judge.parity.iter().find(|e| rest.contains(&e.chosen))
    {
        // The group paired next on the same side of the median, or the median group.
        let side = |x: &BracketExplanation| x.scores.first().map(|&s| s.cmp(&median));
        let next = all[k + 1..]
            .iter()
            .find(|x| side(x) == side(b))
            .or_else(|| all.iter().find(|x| x.scores.first() == Some(&median)))
            .map(|x| indices(&x.residents))
            .unwrap_or_default();
        let mut sorted = rest.clone();
        sorted.sort_unstable();
        let order = groups::parity_floaters(field, &sorted, &next, &lonely, direction);
        let a = even.chosen;
        let pos = order.iter().position(|&c| c == a).unwrap_or_default();
        let e = &field.players[a];
        // 3.3 chooses among the candidates floating down, 3.4 among those floating up:
        // the lowest (highest) numbered with a compatible opponent.
        let (way, choice) = if direction == Direction::Down {
            ("lowest", "3.3")
        } else {
            ("highest", "3.4")
        };
        let mut why = vec![
            if groups::keeps_an_opponent(field, a, &next, &lonely, direction) {
                format!(
                    "has a compatible opponent in the next group, the other floaters' opponents excluded ({choice})"
                )
            } else {
                "no player has a compatible opponent in the next group (3.5)".to_string()
            },
        ];
        why.push(if field.floated_last_round(a) {
            "floated in the previous round: no candidate who did not was acceptable (3.10)"
                .to_string()
        } else {
            "did not float in the previous round (3.10)".to_string()
        });
        why.push(match e.due {
            Some(c) => format!(
                "due {}, equalising the colours the group is due (3.2)",
                c.name()
            ),
            None => "due no colour (3.2)".to_string(),
        });
        why.push(format!("then the {way} numbered ({choice})"));
        let mut text = format!(
            "{} {} to make the group even: {}",
            judge.id(a),
            if even.exchanged.is_some() {
                "was chosen to float"
            } else {
                "floated"
            },
            why.join("; ")
        );
        if pos > 0 {
            text.push_str(&format!(
                "; the candidates before him in that order ({}) left no acceptable pairing with as few floaters (3.1, 4.4, 2.6)",
                list(&order[..pos])
            ));
        }
        notes.push(Note {
            article: "2.3.d",
            text,
        });
        match even.exchanged {
            Some(x) => {
                explained.push(x);
                notes.push(Note {
                    article: "4.4.a",
                    text: format!(
                        "{} could not be paired by the exchanges of 4.1–4.4 and was exchanged with {}: {} came back into the group and {} floated in his stead",
                        judge.id(x),
                        judge.id(a),
                        judge.id(a),
                        judge.id(x)
                    ),
                });
            }
            None => explained.push(a),
        }
    }
    let further: Vec<usize> = outgoing
        .iter()
        .copied()
        .filter(|a| !explained.contains(a))
        .collect();
    if !further.is_empty() {
        notes.push(Note {
            article: "4.4",
            text: format!(
                "{} could not be paired by any exchange that leaves the rest of the round pairable: floated on",
                list(&further)
            ),
        });
    }
    // 2.4: the players paired here in order of scrutiny (floaters first, 3.6/3.7).
    let paired: Vec<usize> = made.iter().flat_map(|&(w, x)| [w, x]).collect();
    let mut down: Vec<usize> = incoming
        .iter()
        .copied()
        .filter(|&a| field.players[a].state.score > score && paired.contains(&a))
        .collect();
    let mut up: Vec<usize> = incoming
        .iter()
        .copied()
        .filter(|&a| field.players[a].state.score < score && paired.contains(&a))
        .collect();
    let mut own: Vec<usize> = residents
        .iter()
        .copied()
        .filter(|a| paired.contains(a))
        .collect();
    down.sort_unstable();
    up.sort_unstable_by(|x, y| y.cmp(x));
    own.sort_unstable();
    if direction == Some(Direction::Up) {
        own.reverse();
    }
    let floaters: Vec<usize> = down.iter().chain(&up).copied().collect();
    // A pair of two floaters (across the median) is named once, for the first.
    let mut named: Vec<(usize, usize)> = Vec::new();
    for &f in &floaters {
        if let Some(&(w, x)) = made.iter().find(|&&(w, x)| w == f || x == f) {
            if named.contains(&(w, x)) {
                continue;
            }
            named.push((w, x));
            let o = if w == f { x } else { w };
            let alternate = !judge.clash(f, o);
            notes.push(Note {
                article: "3.6–3.8",
                text: format!(
                    "floater {} paired first, with {}{}",
                    judge.id(f),
                    judge.id(o),
                    if alternate {
                        ""
                    } else {
                        " (no compatible player due the alternate colour was left)"
                    }
                ),
            });
        }
    }
    let own_pairs: Vec<(usize, usize)> = made
        .iter()
        .copied()
        .filter(|&(w, x)| !floaters.contains(&w) && !floaters.contains(&x))
        .map(|(w, x)| (w.min(x), w.max(x)))
        .collect();
    let in_own: Vec<usize> = own
        .iter()
        .copied()
        .filter(|&a| own_pairs.iter().any(|&(w, x)| w == a || x == a))
        .collect();
    let half = in_own.len() / 2;
    let mut proposed: Vec<(usize, usize)> = (0..half)
        .map(|i| {
            let (p, q) = (in_own[i], in_own[i + half]);
            (p.min(q), p.max(q))
        })
        .collect();
    proposed.sort_unstable();
    let mut actual = own_pairs;
    actual.sort_unstable();
    if !actual.is_empty() {
        notes.push(if actual == proposed {
            Note {
                article: "2.4",
                text: format!("the proposed pairings, top half against bottom half: {}", pairs_text(&actual)),
            }
        } else {
            Note {
                article: "4.1–4.4",
                text: format!(
                    "exchanges from the proposed pairings {} (2.4) to {}: the first compatible ones in the order of 4.2/4.3 that leave the round pairable, with as few pairs due the same colour as possible (5.2)",
                    pairs_text(&proposed),
                    pairs_text(&actual)
                ),
            }
        });
    }
    let clashes = made.iter().filter(|&&(w, x)| judge.clash(w, x)).count();
    if clashes > 0 {
        notes.push(Note {
            article: "5.2",
            text: format!(
                "{clashes} pair(s) whose players are due the same colour: no pairing of the group with these floaters gives more players their due colour"
            ),
        });
    }
    notes
}
