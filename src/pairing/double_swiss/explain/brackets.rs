//! C.04.5 3.5–3.6: the brackets of a pairing (a scoregroup's residents with their
//! upfloaters), C4–C8 measured on each, and for the engine's pairing the choices made:
//! the upfloaters and the Pairing Identifier.

use crate::pairing::explanation::{
    BracketExplanation, Contributor, CriterionValue, Note, PairExplanation, Value,
};

use super::DoubleSwissJudge;

fn count(
    article: &'static str,
    summary: &'static str,
    contributors: Vec<Contributor>,
) -> CriterionValue {
    CriterionValue {
        article,
        summary,
        value: Value::Count(contributors.len() as u32),
        contributors,
    }
}

/// The first bracket after `k` that still has residents of its own (the scoregroup that
/// follows in 3.5's C6).
fn following(out: &[BracketExplanation], k: usize) -> Option<usize> {
    (k + 1..out.len()).find(|&j| out[j].residents.len() > out[j].outgoing.len())
}

/// Fills the skeleton's brackets (read upward: a pair is made in the higher player's
/// scoregroup) with C4–C8 and, for the engine's pairing, the decisions.
pub(super) fn fill(
    judge: &DoubleSwissJudge,
    pairs: &[PairExplanation],
    out: &mut [BracketExplanation],
    engine: bool,
) {
    let entrant = |id: u32| judge.index(id).map(|i| &judge.field.players[i]);
    let floated = |id: u32| entrant(id).is_some_and(|p| p.floated) && judge.field.float_criteria;
    let players = |ids: &[u32]| ids.iter().map(|&id| Contributor::Player(id)).collect();
    let mut all = Vec::with_capacity(out.len());
    for (k, b) in out.iter().enumerate() {
        let score = b.scores.first().copied().unwrap_or_default();
        let c6 = following(out, k)
            .filter(|&j| out[j].incoming.len() > 1)
            .map_or_else(Vec::new, |j| players(&out[j].incoming));
        let c8: Vec<Contributor> = b
            .boards
            .iter()
            .filter_map(|&n| pairs.get(n - 1))
            .filter(|p| {
                let up = |x: u32| b.incoming.contains(&x);
                (up(p.white) && !up(p.black) && floated(p.black))
                    || (up(p.black) && !up(p.white) && floated(p.white))
            })
            .map(|p| Contributor::Pair(p.white, p.black))
            .collect();
        let c7: Vec<u32> = b.incoming.iter().copied().filter(|&u| floated(u)).collect();
        all.push(vec![
            count("C4", "upfloaters", players(&b.incoming)),
            CriterionValue {
                article: "C5",
                summary: "upfloaters' score deficits (bracket score minus theirs), largest first",
                value: Value::scores(b.incoming.iter().map(|&u| score - judge.score(u)).collect()),
                contributors: players(&b.incoming),
            },
            CriterionValue {
                article: "C6",
                summary: "following scoregroup needs more than one upfloater",
                value: Value::Count(u32::from(!c6.is_empty())),
                contributors: c6,
            },
            count(
                "C7",
                "upfloaters who floated in the previous round",
                players(&c7),
            ),
            count(
                "C8",
                "upfloaters' opponents who floated in the previous round",
                c8,
            ),
        ]);
    }
    for k in 0..out.len() {
        if engine {
            out[k].decisions = decisions(judge, out, k, pairs);
        }
    }
    for (b, criteria) in out.iter_mut().zip(all) {
        b.criteria = criteria;
    }
}

/// What 3.5 and 3.6 decided in the engine's bracket `k`.
fn decisions(
    judge: &DoubleSwissJudge,
    out: &[BracketExplanation],
    k: usize,
    pairs: &[PairExplanation],
) -> Vec<Note> {
    let b = &out[k];
    if b.boards.is_empty() {
        return Vec::new();
    }
    let list = |ids: &[u32]| {
        ids.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut notes = Vec::new();
    if b.incoming.is_empty() {
        notes.push(Note {
            article: "C4",
            text: format!(
                "the {} residents pair among themselves: no upfloater",
                b.residents.len() - b.outgoing.len()
            ),
        });
    } else {
        let scores: Vec<String> = b
            .incoming
            .iter()
            .map(|&u| format!("{u} ({})", judge.score(u)))
            .collect();
        notes.push(Note {
            article: "C4",
            text: format!(
                "{} upfloater{} ({}): the fewest with which everyone left stays pairable (C3)",
                b.incoming.len(),
                if b.incoming.len() == 1 { "" } else { "s" },
                scores.join(", ")
            ),
        });
        notes.push(Note {
            article: "C5",
            text: "their scores are the highest such a set can have".into(),
        });
        if let Some(j) = following(out, k) {
            notes.push(Note {
                article: "C6",
                text: if out[j].incoming.len() > 1 {
                    format!(
                        "no such set lets the following scoregroup ({}) be paired with at most one upfloater: C6 does not decide",
                        out[j].scores.first().copied().unwrap_or_default()
                    )
                } else {
                    format!(
                        "the following scoregroup ({}) can be paired with at most one upfloater",
                        out[j].scores.first().copied().unwrap_or_default()
                    )
                },
            });
        }
        notes.push(if judge.field.float_criteria {
            Note {
                article: "C7",
                text: "among those sets, the fewest upfloaters who floated in the previous round"
                    .into(),
            }
        } else {
            Note {
                article: "C7",
                text: "C7 and C8 lapse in the last round".into(),
            }
        });
        notes.push(Note {
            article: "3.5.4",
            text: format!(
                "the first set in the order of 3.5.4 (by score, then pairing number) reaching these values: {}",
                list(&b.incoming)
            ),
        });
    }
    let tpn = |id: u32| judge.index(id).map_or(id, |i| judge.field.players[i].tpn);
    let mut matches: Vec<(u32, u32)> = b
        .boards
        .iter()
        .filter_map(|&n| pairs.get(n - 1))
        .map(|p| {
            let (x, y) = (tpn(p.white), tpn(p.black));
            (x.min(y), x.max(y))
        })
        .collect();
    matches.sort_unstable();
    let tops: Vec<String> = matches.iter().map(|m| m.0.to_string()).collect();
    let bottoms: Vec<String> = matches.iter().map(|m| m.1.to_string()).collect();
    notes.push(Note {
        article: "3.6",
        text: format!(
            "the first Pairing Identifier complying with C1 and best with C8: {} | {} (pairing numbers: top members, then their opponents)",
            tops.join(" "),
            bottoms.join(" ")
        ),
    });
    notes
}
