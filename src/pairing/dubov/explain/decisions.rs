//! What the Dubov procedure decided in each bracket of the engine's pairing, recorded as
//! it paired them: the fewest upfloaters (3.2.1), the set taken in 4.2 order and what
//! excluded the sets before it (3.2.2), MaxT (1.8.2), G1 and G2 (3.2.3), the shifters
//! (3.2.4, 4.3) and the transposition T2 (3.2.5, 4.4).

use crate::pairing::dubov::Step;
use crate::pairing::dubov::field::{Entrant, Field};
use crate::pairing::dubov::shifters::subgroups;
use crate::pairing::dubov::upfloaters::{Exclusion, Quality, earlier_sets, exclusion};
use crate::pairing::explanation::{BracketExplanation, Note};
use crate::tournament::Points;

use super::DubovJudge;

/// How many of the sets before the chosen one in 4.2 order are looked at.
const EARLIER: usize = 8;

/// One bracket as the engine paired it (field indices).
pub(crate) struct Traced {
    score: Points,
    residents: Vec<usize>,
    upfloaters: Vec<usize>,
    quality: Quality,
    /// The sets before the chosen one in 4.2 order, with what excluded each; whether
    /// there are more.
    earlier: Vec<(Vec<usize>, Exclusion)>,
    more_earlier: bool,
    /// Nobody in the bracket has played (3.2.3: G1 is the first half by TPN).
    first_games: bool,
    /// G1 and G2 before the shifts, sorted as 4.3.2 numbers them; after the shifts.
    g1: Vec<usize>,
    g2: Vec<usize>,
    final_g1: Vec<usize>,
    final_g2: Vec<usize>,
    /// [C7] of the shifts (3.2.4).
    c7: usize,
    /// S1 and T2, pair by pair.
    pairs: Vec<(usize, usize)>,
}

impl Traced {
    /// Records `step`, with the sets of upfloaters before the chosen one judged against it.
    pub(crate) fn record(field: &Field, step: Step<'_>) -> Traced {
        let b = step.bracket;
        let (sets, more_earlier) = earlier_sets(step.lower, &b.upfloaters, EARLIER);
        let earlier = sets
            .into_iter()
            .filter_map(|set| {
                exclusion(field, step.rest, step.residents, &set, &b.quality).map(|e| (set, e))
            })
            .collect();
        let (g1, g2) = subgroups(field, &b.members);
        let mut upfloaters = b.upfloaters.clone();
        upfloaters.sort_unstable();
        Traced {
            score: step
                .residents
                .first()
                .map_or(Points::ZERO, |&r| field.players[r].score()),
            residents: step.residents.to_vec(),
            upfloaters,
            quality: b.quality.clone(),
            earlier,
            more_earlier,
            first_games: b.members.iter().all(|&a| field.players[a].games() == 0),
            g1,
            g2,
            final_g1: step.split.g1.clone(),
            final_g2: step.split.g2.clone(),
            c7: step.split.c7,
            pairs: step.pairs.to_vec(),
        }
    }
}

/// The decisions of the engine's bracket `b` (a score group of the skeleton).
pub(crate) fn notes(j: &DubovJudge, b: &BracketExplanation) -> Vec<Note> {
    let score = b.scores.first().copied().unwrap_or_default();
    let Some(t) = j.trace.iter().find(|t| t.score == score) else {
        return vec![Note {
            article: "3.2",
            text: "no bracket is paired on this score: its players floated up or received the PAB"
                .to_string(),
        }];
    };
    let field = &j.field;
    let ids = |list: &[usize]| j.ids(list);
    let with_score = |list: &[usize]| -> String {
        let parts: Vec<String> = list
            .iter()
            .map(|&a| {
                format!(
                    "{} ({})",
                    field.players[a].state.id,
                    field.players[a].score()
                )
            })
            .collect();
        parts.join(", ")
    };
    let mut notes = Vec::new();
    let mut note = |article: &'static str, text: String| notes.push(Note { article, text });
    let n = t.residents.len();
    if t.upfloaters.is_empty() {
        note(
            "3.2.1",
            format!("no upfloater: the {n} residents pair among themselves ([C5])"),
        );
    } else {
        let k = t.upfloaters.len();
        note(
            "3.2.1",
            format!(
                "{k} upfloater{}: the fewest with which {} paired and the rest of the round stays pairable ([C4], [C5]){}",
                if k == 1 { "" } else { "s" },
                if n == 1 {
                    "the only resident is".to_string()
                } else {
                    format!("all {n} residents are")
                },
                if n % 2 == 1 {
                    "; an odd number of residents"
                } else {
                    ""
                }
            ),
        );
        let mut text = format!(
            "upfloaters {}: the first set in 4.2 order (score, then TPN) that is best on [C6]–[C10]",
            with_score(&t.upfloaters)
        );
        if t.earlier.is_empty() {
            text.push_str("; no set comes before it");
        }
        for (set, why) in &t.earlier {
            let reason = match why {
                Exclusion::MeetsNoResident(u) => format!(
                    "{} may meet none of the residents ([C1]/[C3])",
                    field.players[*u].state.id
                ),
                Exclusion::NoLegalPairing => "the bracket has no legal pairing ([C1]/[C3])".into(),
                Exclusion::Completion => {
                    "the players below could no longer all be paired ([C4])".into()
                }
                Exclusion::Worse(article, theirs, ours) => {
                    format!("worse at {article} ({theirs} against {ours})")
                }
            };
            text.push_str(&format!("; before it {{{}}}: {reason}", ids(set)));
        }
        if t.more_earlier {
            text.push_str("; and further sets before it, each worse");
        }
        note("3.2.2", text);
        if field.last_round {
            note(
                "1.8.2",
                "[C8]–[C10] do not apply in the last round".to_string(),
            );
        } else {
            note(
                "1.8.2",
                format!(
                    "MaxT {}: {} maximum upfloater{} among the upfloaters ([C8], [C9] {}), {} who upfloated last round ([C10])",
                    field.max_t,
                    t.quality.c8,
                    if t.quality.c8 == 1 { "" } else { "s" },
                    t.quality.c9,
                    t.quality.c10
                ),
            );
        }
    }
    let with_aro = |list: &[usize]| -> String {
        let parts: Vec<String> = list.iter().map(|&a| aro_terms(&field.players[a])).collect();
        parts.join(", ")
    };
    if t.first_games {
        note(
            "3.2.3",
            format!(
                "nobody in the bracket has played: G1 is the first half by TPN ({}), G2 the rest ({})",
                ids(&t.g1),
                ids(&t.g2)
            ),
        );
    } else {
        note(
            "3.2.3",
            format!(
                "G1, the White seekers by ascending ARO then TPN: {}; G2, the Black seekers by TPN: {}",
                if t.g1.is_empty() {
                    "none".to_string()
                } else {
                    with_aro(&t.g1)
                },
                if t.g2.is_empty() {
                    "none".to_string()
                } else {
                    ids(&t.g2)
                }
            ),
        );
    }
    let small_is_g1 = t.g1.len() <= t.g2.len();
    let left = |from: &[usize], to: &[usize]| -> Vec<usize> {
        from.iter().copied().filter(|a| to.contains(a)).collect()
    };
    let to_g2 = left(&t.g1, &t.final_g2);
    let to_g1 = left(&t.g2, &t.final_g1);
    let (unavoidable, equalise) = if small_is_g1 {
        (to_g2, to_g1)
    } else {
        (to_g1, to_g2)
    };
    if unavoidable.is_empty() && equalise.is_empty() {
        note(
            "3.2.4",
            "G1 and G2 are of equal size: no shifter".to_string(),
        );
    }
    if !unavoidable.is_empty() {
        note(
            "3.2.4.1",
            format!(
                "players of the smaller subgroup who must unavoidably meet each other: {} shifted, the first in 4.3.3 order (from the middle out) that pair best for [C7]",
                ids(&unavoidable)
            ),
        );
    }
    if !equalise.is_empty() {
        note(
            "3.2.4.2",
            format!(
                "to equalise G1 and G2: {} shifted, the first in 4.3.3 order (from the middle out) that keep a legal pairing with [C7] at {}",
                ids(&equalise),
                t.c7
            ),
        );
    }
    let s1: Vec<usize> = t.pairs.iter().map(|&(a, _)| a).collect();
    let t2: Vec<usize> = t.pairs.iter().map(|&(_, b)| b).collect();
    let mut by_tpn = t2.clone();
    by_tpn.sort_by_key(|&a| field.players[a].tpn());
    note(
        "3.2.5",
        format!(
            "S1 (G1 by ascending ARO, then TPN): {}; T2: {}, the first legal transposition of G2 in lexicographic TPN order (4.4.2){}",
            with_aro(&s1),
            ids(&t2),
            if t2 == by_tpn {
                ": G2 in TPN order".to_string()
            } else {
                format!(
                    "; G2 in TPN order ({}) and the transpositions before T2 break [C1]/[C3] or leave no legal completion",
                    ids(&by_tpn)
                )
            }
        ),
    );
    notes
}

/// 1.7: a player's ARO with the ratings it averages, so that it can be recomputed by
/// hand: `4 (ARO 1623 = (R1 12: 1650 + R2 3: 1596) / 2, rounded half up; R3 without a
/// game over the board left out)`.
fn aro_terms(p: &Entrant) -> String {
    let (games, unplayed) = &p.aro_terms;
    let mut text = if games.is_empty() {
        format!("{} (ARO {}", p.state.id, p.aro)
    } else {
        let sum: Vec<String> = games
            .iter()
            .map(|(round, opponent, rating)| format!("R{round} {opponent}: {rating}"))
            .collect();
        format!(
            "{} (ARO {} = ({}) / {}, rounded half up",
            p.state.id,
            p.aro,
            sum.join(" + "),
            games.len()
        )
    };
    if !unplayed.is_empty() {
        let rounds: Vec<String> = unplayed.iter().map(|r| format!("R{r}")).collect();
        text.push_str(&format!(
            "; {} without a game over the board left out, 1.7",
            rounds.join(", ")
        ));
    }
    text.push(')');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::test_player;

    /// 1.7: the ratings ARO averages are shown with their rounds and opponents, and a
    /// round without a game over the board is named as left out.
    #[test]
    fn aro_shows_its_terms() {
        let mut p = test_player(4, 2, &[], 1501, 0);
        p.aro_terms = (vec![(1, 12, 1500), (3, 9, 1501)], vec![2]);
        assert_eq!(
            aro_terms(&p),
            "4 (ARO 1501 = (R1 12: 1500 + R3 9: 1501) / 2, rounded half up; R2 without a game over the board left out, 1.7)"
        );
        let q = test_player(5, 0, &[], 0, 0);
        assert_eq!(aro_terms(&q), "5 (ARO 0)");
    }
}
