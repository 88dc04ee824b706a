//! A check of the checker (issue #24): the engine's pairing of a round with one legal
//! change (two players of different boards exchanged, which swaps opponents or changes a
//! floater, or a paired player exchanged with the PAB assignee) is compared with the
//! engine's, and the comparison must point at a real difference: the bracket it names is
//! not paired alike in the two pairings, the criterion it names has different values
//! there (the values it reports), and the players it holds responsible are of that
//! bracket.

use std::collections::BTreeSet;

use swiss_arbiter::pairing::{
    Comparison, Contributor, CriterionValue, Pair, PairingRequest, RoundExplanation, RoundPairing,
};
use swiss_arbiter::tournament::{SystemId, Tournament};

/// A bracket of a pairing as the pairing made it: its players (residents, players
/// floating in), its pairs (unordered) and the players leaving it. Written as sets here,
/// independently of the comparison's own reading of "paired alike".
#[derive(Debug, PartialEq, Eq)]
struct Made {
    members: BTreeSet<u32>,
    pairs: BTreeSet<BTreeSet<u32>>,
    outgoing: BTreeSet<u32>,
}

fn made(e: &RoundExplanation, k: usize) -> Made {
    let b = &e.brackets[k];
    Made {
        members: b.residents.iter().chain(&b.incoming).copied().collect(),
        pairs: b
            .boards
            .iter()
            .filter_map(|&board| e.pairs.get(board - 1))
            .map(|p| BTreeSet::from([p.white, p.black]))
            .collect(),
        outgoing: b.outgoing.iter().copied().collect(),
    }
}

/// The value of the criterion `article` (`summary`) in `values`.
fn value_of<'a>(
    values: &'a [CriterionValue],
    article: &str,
    summary: &str,
) -> Option<&'a CriterionValue> {
    values
        .iter()
        .find(|v| v.article == article && v.summary == summary)
}

/// Up to `changes` legal changes of the engine's pairing of `round` of `t`, each
/// compared with it: see the module notes. Returns how many were compared.
pub fn names_a_real_difference(
    system: SystemId,
    t: &Tournament,
    round: u32,
    changes: usize,
) -> Result<usize, String> {
    let explainer = PairingRequest::recorded(t, system, round)
        .explain()
        .map_err(|e| format!("round {round}: {e}"))?;
    let engine = explainer.pairing().clone();
    let theirs = explainer.explanation();
    // The seats: each board's two players, then the PAB assignee.
    let seats: Vec<u32> = engine
        .pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(engine.bye)
        .collect();
    let mut compared = 0;
    // Near seats first (a floater exchanged with a player of the next board), then far.
    for gap in [2usize, 3, 5, 1 + seats.len() / 2] {
        for a in 0..seats.len() {
            let b = a + gap;
            if compared == changes || b >= seats.len() || a / 2 == b / 2 {
                continue;
            }
            let mut moved = seats.clone();
            moved.swap(a, b);
            let pairs: Vec<Pair> = moved
                .chunks_exact(2)
                .map(|s| Pair {
                    white: s[0],
                    black: s[1],
                })
                .collect();
            let manual = RoundPairing {
                pairs,
                bye: engine.bye.map(|_| moved[moved.len() - 1]),
                ..engine.clone()
            };
            let check = explainer.check_explained(&manual);
            if !check.is_valid() {
                continue;
            }
            compared += 1;
            let ours = check
                .explanation
                .as_ref()
                .ok_or_else(|| format!("round {round}: {} not explained", manual.summary()))?;
            let fail = |why: String| {
                format!(
                    "{system:?} round {round}: {} against the engine's {}: {}: {why}",
                    manual.summary(),
                    engine.summary(),
                    check.comparison_text()
                )
            };
            match &check.comparison {
                Comparison::Differs {
                    bracket,
                    summary,
                    article,
                    manual: m,
                    engine: e,
                    responsible,
                    ..
                } => {
                    let (mine, engines) = match bracket {
                        None => (&ours.round_criteria, &theirs.round_criteria),
                        Some(k) => {
                            let k = *k - 1;
                            if k >= ours.brackets.len() || k >= theirs.brackets.len() {
                                return Err(fail(format!("no bracket {}", k + 1)));
                            }
                            let here = made(ours, k);
                            if here == made(theirs, k) {
                                return Err(fail(format!(
                                    "bracket {} is paired alike in both: {here:?}",
                                    k + 1
                                )));
                            }
                            let member = |p: &u32| here.members.contains(p);
                            let outside = responsible.iter().find(|c| match c {
                                Contributor::Player(p) => !member(p),
                                Contributor::Pair(w, b) => !member(w) || !member(b),
                            });
                            if let Some(c) = outside {
                                return Err(fail(format!(
                                    "{c} is not of bracket {}: {:?}",
                                    k + 1,
                                    here.members
                                )));
                            }
                            if responsible.is_empty() {
                                return Err(fail("nobody is named responsible".into()));
                            }
                            (&ours.brackets[k].criteria, &theirs.brackets[k].criteria)
                        }
                    };
                    let (Some(mv), Some(ev)) = (
                        value_of(mine, article, summary),
                        value_of(engines, article, summary),
                    ) else {
                        return Err(fail(format!("{article} is not in the explanations")));
                    };
                    if mv.value == ev.value || (&mv.value, &ev.value) != (m, e) {
                        return Err(fail(format!(
                            "the explanations give {article} {} and {}",
                            mv.value, ev.value
                        )));
                    }
                }
                Comparison::SameQuality { bracket, .. } => {
                    let k = bracket - 1;
                    let bye_differs = ours.bye.as_ref().map(|b| b.player)
                        != theirs.bye.as_ref().map(|b| b.player);
                    let differs = k < ours.brackets.len().min(theirs.brackets.len())
                        && made(ours, k) != made(theirs, k);
                    if !differs && !bye_differs {
                        return Err(fail(format!("bracket {bracket} is paired alike in both")));
                    }
                }
                Comparison::Equal => return Err(fail("another pairing reported equal".into())),
                Comparison::NotCompared => return Err(fail("a legal pairing not compared".into())),
            }
        }
    }
    Ok(compared)
}
