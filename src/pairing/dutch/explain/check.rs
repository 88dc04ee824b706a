//! The check of a pairing chosen by the arbiter (the override workflow): violations of
//! the absolute criteria as errors, colours that break E.1–E.5, and the comparison with
//! the engine's pairing, bracket by bracket and criterion by criterion in priority order.

use crate::pairing::RoundPairing;
use crate::pairing::colour::{self, Strength};
use crate::pairing::dutch::criteria::colour_compatible;
use crate::pairing::explanation::{ColourBreak, Comparison, ManualCheck, Violation};
use crate::pairing::state::RoundState;
use crate::tournament::{Outcome, Tournament};

use super::brackets::Board;
use super::pairs::{colour_article, denials};
use super::{Measured, by_version, index_of};

/// The boards and bye of `manual` as player indices, or the reasons it is not a pairing
/// of the round's players.
fn structure(
    state: &RoundState,
    t: &Tournament,
    manual: &RoundPairing,
) -> Result<(Vec<Board>, Option<usize>), Vec<Violation>> {
    let mut errors = Vec::new();
    let mut seen = vec![0u32; state.players.len()];
    let mut index = |id: u32, errors: &mut Vec<Violation>| -> Option<usize> {
        match index_of(state, id) {
            Some(i) => {
                seen[i] += 1;
                Some(i)
            }
            None => {
                let text = if t.player(id).is_some() {
                    format!("{id} is not in this round (withdrawn, absent or on a requested bye)")
                } else {
                    format!("there is no player {id}")
                };
                errors.push(Violation {
                    article: "C.04.1",
                    text,
                });
                None
            }
        }
    };
    let mut boards = Vec::new();
    for pair in &manual.pairs {
        let (w, b) = (
            index(pair.white, &mut errors),
            index(pair.black, &mut errors),
        );
        if let (Some(w), Some(b)) = (w, b) {
            if w == b {
                errors.push(Violation {
                    article: "C.04.1",
                    text: format!("{} is paired with himself", pair.white),
                });
            } else {
                boards.push(Board::new(state, w, b));
            }
        }
    }
    let bye = manual.bye.and_then(|id| index(id, &mut errors));
    if manual.bye.is_some() && state.players.len().is_multiple_of(2) {
        errors.push(Violation {
            article: "C.04.1",
            text: "a pairing-allocated bye although the number of players is even".to_string(),
        });
    }
    for (i, &n) in seen.iter().enumerate() {
        let id = state.players[i].id;
        if n == 0 {
            errors.push(Violation {
                article: "C.04.1",
                text: format!("{id} is neither paired nor given the bye"),
            });
        } else if n > 1 {
            errors.push(Violation {
                article: "C.04.1",
                text: format!("{id} appears {n} times"),
            });
        }
    }
    if errors.is_empty() {
        Ok((boards, bye))
    } else {
        Err(errors)
    }
}

/// The absolute criteria (C.1–C.3; 2026 C1–C3; C.04.1 f/g for colours; 2012 B.1, B.2).
fn absolute(
    state: &RoundState,
    t: &Tournament,
    boards: &[Board],
    bye: Option<usize>,
) -> Vec<Violation> {
    let rules = state.rules;
    let mut errors = Vec::new();
    let id = |p: usize| state.players[p].id;
    for board in boards {
        let (a, b) = (board.higher, board.lower);
        if state.have_met_or_forbidden(a, b) {
            let met = t.player(id(a)).and_then(|p| {
                (1..state.round).find(|&k| {
                    matches!(p.outcome(k), Outcome::Game { opponent, .. } if *opponent == id(b))
                })
            });
            let text = match met {
                Some(k) => format!("{} and {} met in round {k}", id(a), id(b)),
                None => format!("{} and {} must not meet (event rule)", id(a), id(b)),
            };
            errors.push(Violation {
                article: by_version(rules, "B.1.a", "C.1", "C1"),
                text,
            });
        }
        let (pa, pb) = (&state.players[a], &state.players[b]);
        if !colour_compatible(pa, pb) {
            errors.push(Violation {
                article: by_version(rules, "B.2", "C.3", "C3"),
                text: format!(
                    "{} and {} have the same absolute colour preference and neither is a topscorer",
                    id(a),
                    id(b)
                ),
            });
            continue;
        }
        for d in denials(state, board) {
            let p = &state.players[d.player];
            // C.04.1 f/g allow it only in a topscorer's pair (A.7, C.8/C.9).
            if d.strength == Strength::Absolute && !pa.topscorer && !pb.topscorer {
                errors.push(Violation {
                    article: by_version(rules, "B.2", "C.04.1 f/g", "C.04.1 f/g"),
                    text: format!(
                        "{} has an absolute colour preference and is not a topscorer: {:?} would make a colour difference beyond 2 or the same colour three times",
                        p.id, d.got
                    ),
                });
            }
        }
    }
    if let Some(b) = bye
        && !state.players[b].bye_eligible
    {
        errors.push(Violation {
            article: by_version(rules, "B.1.b", "C.2", "C2"),
            text: format!(
                "{} may not receive the pairing-allocated bye (an earlier PAB or a win without playing)",
                id(b)
            ),
        });
    }
    errors
}

/// Boards whose colours differ from E.1–E.5.
fn colour_breaks(state: &RoundState, boards: &[Board]) -> Vec<ColourBreak> {
    boards
        .iter()
        .enumerate()
        .filter_map(|(i, board)| {
            let (h, l) = (&state.players[board.higher], &state.players[board.lower]);
            let a = colour::allocate(h, l, &state.colour_rules);
            if a.higher_gets_white == board.higher_white {
                return None;
            }
            let white = if a.higher_gets_white { h.id } else { l.id };
            let article = colour_article(a.rule, state.rules);
            Some(ColourBreak {
                board: i + 1,
                white: state.players[board.white()].id,
                black: state.players[board.black()].id,
                article,
                text: format!("{article} gives White to {white}"),
            })
        })
        .collect()
}

/// Compares bracket by bracket from the top; a bracket is compared only while every
/// bracket above it is paired alike (then it holds the same players in both). A bracket
/// paired exactly as the engine's is not measured: its values are the engine's.
fn compare(state: &RoundState, manual: &Measured, engine: &Measured) -> Comparison {
    if let Some(c) = Comparison::first_difference(&manual.round_values, &engine.round_values, None)
    {
        return c;
    }
    let pairs = |m: &Measured, k: usize| {
        let mut v: Vec<(usize, usize)> = m.shapes[k]
            .boards
            .iter()
            .map(|&b| (m.boards[b].higher, m.boards[b].lower))
            .collect();
        v.sort_unstable();
        v
    };
    for k in 0..manual.shapes.len().min(engine.shapes.len()) {
        if manual.same_bracket(engine, k) {
            continue;
        }
        manual.borrow_lookahead(state, engine, k);
        let values = manual.values(state, k);
        if let Some(c) = Comparison::first_difference(values, engine.values(state, k), Some(k + 1))
        {
            return c;
        }
        if pairs(manual, k) != pairs(engine, k) {
            return Comparison::SameQuality {
                bracket: k + 1,
                order: by_version(
                    state.rules,
                    "the D.1–D.3 order of transpositions and exchanges",
                    "the B.8 sequence",
                    "the B.8 sequence",
                ),
            };
        }
    }
    Comparison::Equal
}

/// Checks `manual` against the engine's pairing (`engine`), measuring it with `measure`;
/// with `explain`, the arbiter's pairing is explained too (every bracket measured).
pub(super) fn check(
    state: &RoundState,
    t: &Tournament,
    manual: &RoundPairing,
    measure: impl Fn(Vec<Board>, Option<usize>) -> Measured,
    engine: &Measured,
    explain: bool,
) -> ManualCheck {
    match structure(state, t, manual) {
        Err(errors) => ManualCheck::not_a_pairing(manual, errors),
        Ok((boards, bye)) => {
            let errors = absolute(state, t, &boards, bye);
            let colour_breaks = colour_breaks(state, &boards);
            let measured = measure(boards, bye);
            ManualCheck {
                pairing: manual.clone(),
                errors,
                colour_breaks,
                comparison: compare(state, &measured, engine),
                explanation: explain.then(|| measured.explanation(state, false)),
            }
        }
    }
}
