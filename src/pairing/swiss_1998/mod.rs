//! The FIDE "Swiss System Based on Rating" (C.04.1 of the 1998 handbook; approved 1992,
//! amended 1997 and 1998).
//!
//! Players are ranked by score, rating, title and name (A.2, [`ordering`]); each score
//! bracket is paired by C.1–C.14 ([`bracket`]): S1 against S2 in D.1 transposition order
//! ([`transpositions`]) and with D.2 exchanges ([`exchanges`]); colours by E.1–E.5; boards
//! by F.1.
//!
//! Interpretations, each chosen in one place:
//! - C.12/C.13 are resolved by looking ahead (here, [`Swiss1998::pair`]): a bracket's
//!   pairing is accepted only if the players left (those moved down and all lower
//!   brackets) can still all be paired under B.1/B.2, with a bye for one bye-eligible
//!   player when their number is odd. This replaces the undoing of C.12/C.13 by the
//!   first pairing, in the bracket's own order, that the undoing would end at. In the
//!   lowest bracket (C.13) the pairing must leave no one, or the one bye-eligible player.
//! - C.12 proper (C.1 first bullet): a pairing that moves down a player who would find no
//!   opponent in the next bracket (nor among the others moved down) is passed over, as
//!   long as another pairing of the bracket exists.
//! - The lowest bracket, when no pairing reachable by D.1/D.2 (at most two players
//!   exchanged) completes the round, is paired by any legal perfect pairing in which the
//!   bye goes to the lowest-ranked eligible player possible (C.13's joining of brackets
//!   is what the look-ahead already did above it).
//! - The other readings are in [`bracket`] (C.9–C.11, C.14), [`exchanges`] (D.2) and
//!   [`field`] (B.1.b, A.4/A.5, A.7.a for the top scorers).

pub(crate) mod bracket;
pub(crate) mod colours;
pub(crate) mod criteria;
pub(crate) mod decisions;
pub(crate) mod exchanges;
pub(crate) mod explain;
pub(crate) mod field;
pub(crate) mod ordering;
pub(crate) mod trace;
pub(crate) mod transpositions;

use std::collections::HashMap;

use crate::matching::CardinalityMatcher;
use crate::pairing::explanation::Explainer;
use crate::pairing::feasibility::Remaining;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;
use crate::tournament::board_order::{self, Seated};

use bracket::Bracket;
use trace::{BracketTrace, Fallback, Traced};

/// Pairs of field indices.
type Pairs = Vec<(usize, usize)>;
use field::Field;

/// The 1998 "Swiss System Based on Rating".
pub(crate) struct Swiss1998;

impl PairingSystem for Swiss1998 {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        let field = Field::new(t, round);
        let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(t, &field, round, &pairs, bye))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(explain::explainer(t, round)?))
    }
}

/// The pairs (field indices) and the bye of the round, bracket by bracket (C.1–C.14).
pub(crate) fn pair_field(field: &Field) -> Option<(Pairs, Option<usize>)> {
    trace_field(field).map(|t| (t.pairs, t.bye))
}

/// [`pair_field`], with what the procedure did in each bracket.
pub(crate) fn trace_field(field: &Field) -> Option<Traced> {
    let n = field.len();
    let mut rest = Rest::new(field);
    if !rest.feasible(&[]) {
        return None;
    }
    let mut brackets: Vec<Vec<usize>> = Vec::new();
    for a in 0..n {
        match brackets.last_mut() {
            Some(b) if field.players[b[0]].state.score == field.players[a].state.score => b.push(a),
            _ => brackets.push(vec![a]),
        }
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    let mut traces: Vec<BracketTrace> = Vec::with_capacity(brackets.len());
    for (k, residents) in brackets.iter().enumerate() {
        let lowest = k + 1 == brackets.len();
        let mut group: Vec<usize> = carried.iter().chain(residents).copied().collect();
        group.sort_unstable();
        // C.1: a player with no possible opponent in the bracket is moved down at once
        // (a moved-down player too: C.12 already tried to avoid that).
        let mut onward: Vec<usize> = Vec::new();
        if !lowest {
            let lonely: Vec<usize> = group
                .iter()
                .copied()
                .filter(|&a| !group.iter().any(|&b| field.compatible(a, b)))
                .collect();
            group.retain(|a| !lonely.contains(a));
            onward = lonely;
        }
        let moved_down = group.iter().filter(|a| carried.contains(a)).count();
        let bracket = Bracket {
            field,
            players: group.clone(),
            moved_down,
            steps: Default::default(),
        };
        let mut c12_relaxed = false;
        let next: &[usize] = brackets.get(k + 1).map_or(&[], |b| b.as_slice());
        let mut chosen: Option<(Pairs, Vec<usize>)> = None;
        let mut cache: HashMap<Vec<usize>, bool> = HashMap::new();
        for strict in [true, false] {
            let found = bracket.pair(&mut |ps, down| {
                let ok = if lowest {
                    down.len() == n % 2 && down.iter().all(|&a| field.players[a].state.bye_eligible)
                } else {
                    (!strict || finds_opponents(field, down, &onward, next))
                        && *cache.entry(down.to_vec()).or_insert_with(|| {
                            let gone: Vec<usize> = group
                                .iter()
                                .copied()
                                .filter(|a| !down.contains(a))
                                .collect();
                            rest.feasible(&gone)
                        })
                };
                if ok {
                    chosen = Some((ps.to_vec(), down.to_vec()));
                }
                ok
            });
            if found || lowest {
                break;
            }
            c12_relaxed = true;
        }
        let (fallback, (made, down)) = match chosen {
            Some(c) => (Fallback::None, c),
            None if lowest => (Fallback::LowestAnyPairing, rest.any_pairing(&group)?),
            // Cannot happen (moving the whole bracket down is always accepted when the
            // round was pairable before it), but never panic: move everyone down.
            None => (Fallback::AllDown, (Vec::new(), group.clone())),
        };
        traces.push(BracketTrace {
            onward: onward.clone(),
            moved_down,
            size: group.len(),
            c12_relaxed,
            steps: bracket.steps.take(),
            fallback,
        });
        let gone: Vec<usize> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
        rest.commit(&gone);
        pairs.extend(made);
        carried = down.into_iter().chain(onward).collect();
        carried.sort_unstable();
    }
    let bye = match carried.as_slice() {
        [] => None,
        [b] => Some(*b),
        _ => return None,
    };
    Some(Traced {
        pairs,
        bye,
        brackets: traces,
    })
}

/// C.1/C.12: every player moved down finds a possible opponent among the next bracket's
/// players or the others moved down.
fn finds_opponents(field: &Field, down: &[usize], onward: &[usize], next: &[usize]) -> bool {
    let all: Vec<usize> = down.iter().chain(onward).copied().collect();
    all.iter()
        .all(|&a| all.iter().chain(next).any(|&b| field.compatible(a, b)))
}

/// The look-ahead of C.12/C.13 and the lowest bracket's fallback.
struct Rest<'a> {
    field: &'a Field,
    remaining: Remaining,
}

impl<'a> Rest<'a> {
    fn new(field: &'a Field) -> Rest<'a> {
        Rest {
            field,
            remaining: Remaining::new(
                field.len(),
                |a, b| field.compatible(a, b),
                |a| field.players[a].state.bye_eligible,
            ),
        }
    }

    fn feasible(&mut self, gone: &[usize]) -> bool {
        self.remaining.feasible(gone)
    }

    fn commit(&mut self, gone: &[usize]) {
        self.remaining.commit(gone);
    }

    /// The lowest bracket's fallback (see the module notes): a legal pairing of `group`,
    /// the bye to the lowest-ranked eligible player that allows one.
    fn any_pairing(&mut self, group: &[usize]) -> Option<(Pairs, Vec<usize>)> {
        let field = self.field;
        let bye = if group.len() % 2 == 1 {
            let b =
                group.iter().rev().copied().find(|&b| {
                    field.players[b].state.bye_eligible && self.pairable(group, Some(b))
                })?;
            vec![b]
        } else {
            Vec::new()
        };
        let members: Vec<usize> = group.iter().copied().filter(|a| !bye.contains(a)).collect();
        let mut matcher = CardinalityMatcher::new(members.len(), |u, v| {
            field.compatible(members[u], members[v])
        });
        if !matcher.maximise().is_empty() {
            return None;
        }
        let pairs = (0..members.len())
            .filter_map(|u| {
                matcher
                    .mate(u)
                    .filter(|&v| u < v)
                    .map(|v| (members[u], members[v]))
            })
            .collect();
        Some((pairs, bye))
    }

    fn pairable(&self, group: &[usize], without: Option<usize>) -> bool {
        let members: Vec<usize> = group
            .iter()
            .copied()
            .filter(|&a| Some(a) != without)
            .collect();
        let mut matcher = CardinalityMatcher::new(members.len(), |u, v| {
            self.field.compatible(members[u], members[v])
        });
        matcher.maximise().is_empty()
    }
}

/// The boards of the round: colours by [`colours::seat`], order by F.1 (the higher
/// player's score, the sum of both scores, the higher player's rank).
fn finish(
    t: &Tournament,
    field: &Field,
    round: u32,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> RoundPairing {
    let rules = colours::rules(t);
    let boards = pairs
        .iter()
        .map(|&(a, b)| {
            let seat = colours::seat(field, &rules, a, b);
            let (h, l) = (a.min(b), a.max(b));
            let (white, black) = if seat.higher_white { (h, l) } else { (l, h) };
            Seated {
                pair: Pair {
                    white: field.players[white].state.id,
                    black: field.players[black].state.id,
                },
                higher: (field.players[h].state.score, h),
                lower: (field.players[l].state.score, l),
            }
        })
        .collect();
    RoundPairing {
        round,
        pairs: board_order::sort(boards),
        bye: bye.map(|b| field.players[b].state.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::state::PlayerState;

    /// `n` players on equal scores, colour histories alternating so that every
    /// preference can be met, pairs in `met` having played.
    fn field(n: usize, met: &[(u32, u32)]) -> Field {
        let states = (0..n).map(|i| PlayerState::with_colours(i, &[])).collect();
        Field::from_states(states, met)
    }

    fn ids(field: &Field, pairs: &[(usize, usize)]) -> Vec<(u32, u32)> {
        pairs
            .iter()
            .map(|&(a, b)| (field.players[a].state.id, field.players[b].state.id))
            .collect()
    }

    /// C.6 and F.4: S1's highest against S2's highest; with an odd number the lowest
    /// gets the bye.
    #[test]
    fn one_bracket_top_half_against_bottom_half() {
        let f = field(9, &[]);
        let (pairs, bye) = pair_field(&f).expect("pairable");
        assert_eq!(ids(&f, &pairs), [(1, 5), (2, 6), (3, 7), (4, 8)]);
        assert_eq!(bye.map(|b| f.players[b].state.id), Some(9));
    }

    /// C.7 / D.1: 1 has met 5, so the first transposition 5-6-7-8 fails and the next
    /// ones starting with 5 fail too; 6-5-7-8 is the first acceptable one.
    #[test]
    fn transposition_when_the_first_pairing_is_a_rematch() {
        let f = field(8, &[(1, 5)]);
        let (pairs, _) = pair_field(&f).expect("pairable");
        assert_eq!(ids(&f, &pairs), [(1, 6), (2, 5), (3, 7), (4, 8)]);
    }

    /// C.8 / D.2 a): 4 has met all of S2, no transposition helps, so 4 and 5 are
    /// exchanged: S1 = 1, 2, 3, 5 and S2 = 4, 6, 7, 8.
    #[test]
    fn first_exchange_is_four_with_five() {
        let f = field(8, &[(4, 5), (4, 6), (4, 7), (4, 8)]);
        let (pairs, _) = pair_field(&f).expect("pairable");
        assert_eq!(ids(&f, &pairs), [(1, 4), (2, 6), (3, 7), (5, 8)]);
    }

    /// B.1.a over the whole round: no pairing at all when everyone has met everyone.
    #[test]
    fn exhausted_field_is_reported() {
        let f = field(4, &[(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
        assert!(pair_field(&f).is_none());
    }
}

/// The worked position from chesschat.org (notes-other-systems.md §4, `drbean/swiss`
/// chesschat.txt): the lower part of a round-5 field. Bill Gletsos, Bartolin and Swiss
/// Master 5 pair it `10&18, 19&20, 12&14` (Games::Tournament::Swiss 0.17 gave
/// `12&10, 20&18, 19&14`). Floats are read as capital = previous round, small = two
/// rounds back.
#[cfg(test)]
mod chesschat {
    use super::*;
    use crate::pairing::state::{Float, PlayerState};
    use crate::tournament::{Colour, Colour::Black as B, Colour::White as W, Points};

    /// 10 and 20 (1½) have met: both move down (C.1). In the bracket of 1 point, 20's
    /// downfloat (B.5), 12's upfloat of the previous round (B.5) and 18's and 19's of two
    /// rounds back (B.6) and x = 0 block every pairing until B.6 for upfloats is dropped
    /// and x raised to 1 (C.9–C.11): then 10-18 and 20-19, and 12 moves down to 14.
    #[test]
    fn lower_part_of_round_five() {
        let rows: [(u32, i32, [Colour; 4], [Float; 2]); 6] = [
            (10, 15, [B, W, B, W], [Float::None, Float::None]),
            (20, 15, [W, B, B, W], [Float::Down, Float::None]),
            (12, 10, [W, B, W, B], [Float::Up, Float::Down]),
            (18, 10, [W, B, W, W], [Float::None, Float::Up]),
            (19, 10, [B, W, B, B], [Float::None, Float::Up]),
            (14, 0, [W, B, W, B], [Float::None, Float::None]),
        ];
        let states = rows
            .iter()
            .enumerate()
            .map(|(i, (id, tenths, colours, floats))| {
                let mut p = PlayerState::with_colours(i, colours);
                p.id = *id;
                p.score = Points::from_tenths(*tenths);
                p.floats = *floats;
                p
            })
            .collect();
        let met = [(10, 20), (20, 14), (20, 12), (12, 19), (18, 14)];
        let f = Field::from_states(states, &met);
        let (pairs, bye) = pair_field(&f).expect("pairable");
        assert_eq!(bye, None);
        let mut got: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(a, b)| (f.players[a].state.id, f.players[b].state.id))
            .collect();
        got.sort();
        assert_eq!(got, [(10, 18), (12, 14), (20, 19)]);
    }
}
