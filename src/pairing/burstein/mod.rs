//! The FIDE Burstein system (C.04.4.2, in force from 1 February 2026).
//!
//! The seeding rounds (1.6) are paired by the Dutch system (2026). After them the PAB
//! is assigned first ([`pab`]); then the scoregroups are paired top down, each bracket
//! (its residents and the incoming floaters, ranked by Index alone: [`field`], [`index`])
//! by the first pairing in the order of 4.3 ([`candidates`]) that best satisfies
//! [C5]–[C8] ([`criteria`], [`bracket`]), keeping the rest of the round pairable ([C4]).
//! Colours by 5.2 ([`colour`]).
//!
//! Interpretations, each chosen in one place:
//! - Brackets are scoregroups by the pairing score (real points plus virtual points);
//!   the Index leaves virtual points out (1.7.2) — [`index`].
//! - The 1.7.2 exception: "zero-point byes" are rounds scored 0 without being paired
//!   (`Z`, absent, not yet entered), the series the one ending with the last round
//!   played — [`index::score_for_opponents`].
//! - [C2] as the 2026 Basic Rules Art. 4 — [`field`]. [C3] has no exception.
//! - [C6] compares floaters' scores as a sequence, highest first; [C7] as the next
//!   bracket reaching its best [C5] and then [C6] — [`criteria`].
//! - 5.2.5 "higher ranked" is the 1.8 order (Index); 5.2.1's is the one it spells out
//!   (more points, then smaller TPN) — [`colour`].
//! - Board order (the text leaves it to C.04.2): the higher player's real score, then
//!   the lower player's, then the higher player's pairing number, as for Dutch.
//! - Seeding rounds: "the rules of the FIDE (Dutch) System" are applied to the whole
//!   round, PAB and colours included.

pub(crate) mod bracket;
pub(crate) mod candidates;
pub(crate) mod colour;
pub(crate) mod criteria;
pub(crate) mod explain;
pub(crate) mod field;
pub(crate) mod index;
pub(crate) mod pab;

use crate::pairing::dutch::Dutch;
use crate::pairing::explanation::Explainer;
use crate::pairing::feasibility::Remaining;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;
use crate::tournament::board_order::{self, Seated};

use field::Field;

/// The Burstein system.
pub(crate) struct Burstein;

/// C.04.4.2 1.6.2: half the number of rounds (rounded down), at most 4.
pub(crate) fn seeding_rounds(rounds: u32) -> u32 {
    (rounds / 2).min(4)
}

impl PairingSystem for Burstein {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        if round <= seeding_rounds(t.planned_rounds()) {
            // 1.6.1: seeding rounds follow the Dutch system.
            return Dutch::rules_2026().pair(t, round);
        }
        let field = Field::new(t, round);
        let (pairs, bye) = pair_field(&field)
            .map_err(|e| match e {
                PairingError::InvalidRequest { reason, .. } => {
                    PairingError::InvalidRequest { round, reason }
                }
                other => other,
            })?
            .ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(t, &field, round, &pairs, bye))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        explain::explainer(t, round)
    }
}

/// The pairs (field indices) and the PAB of a round.
pub(crate) type Paired = (Vec<(usize, usize)>, Option<usize>);

/// Pairs (field indices) and the PAB of the round; `None` when no pairing satisfies the
/// absolute criteria.
pub(crate) fn pair_field(field: &Field) -> Result<Option<Paired>, PairingError> {
    let n = field.len();
    let bye = if n % 2 == 1 {
        match pab::choose(field) {
            Some(b) => Some(b),
            None => return Ok(None),
        }
    } else {
        None
    };
    let mut rest = Remaining::new(n, |a, b| field.compatible(a, b), |a| Some(a) == bye);
    if !rest.feasible(&[]) {
        return Ok(None);
    }
    if let Some(b) = bye {
        rest.bye_given(b);
    }
    let players: Vec<usize> = (0..n).filter(|&a| Some(a) != bye).collect();
    let groups = field.scoregroups(&players);
    let mut pairs = Vec::new();
    let mut incoming: Vec<usize> = Vec::new();
    for (k, residents) in groups.iter().enumerate() {
        let mut members = incoming;
        members.extend(residents);
        let bracket = field.ranked(&members);
        let next: &[usize] = groups.get(k + 1).map_or(&[], Vec::as_slice);
        // The bracket and the next scoregroup alone first; if the rest cannot complete
        // that matching, the bracket is paired again with everyone left in the graph.
        let local = bracket::pair(field, &bracket, next, None)?;
        let chosen = match local {
            Some(p) if rest.feasible(&p.matched) => p,
            _ => {
                let below: Vec<usize> = groups.iter().skip(k + 2).flatten().copied().collect();
                match bracket::pair(field, &bracket, next, Some(&below))? {
                    Some(p) => p,
                    None => return Ok(None),
                }
            }
        };
        let gone: Vec<usize> = chosen.pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        rest.commit(&gone);
        pairs.extend(chosen.pairs);
        incoming = chosen.floaters;
    }
    if !incoming.is_empty() {
        return Ok(None);
    }
    Ok(Some((pairs, bye)))
}

/// Colours (5.2) and board order (see the module notes).
fn finish(
    t: &Tournament,
    field: &Field,
    round: u32,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> RoundPairing {
    let player = |i: usize| &field.players[i].state;
    let points = |i: usize| {
        t.player(player(i).id)
            .map(|p| board_order::score(t, p, round))
            .unwrap_or_default()
    };
    let boards = pairs
        .iter()
        .map(|&(a, b)| {
            let (white, black) = colour::colours(field, a, b);
            let pair = Pair {
                white: player(white).id,
                black: player(black).id,
            };
            Seated::by_score(
                pair,
                (points(a), player(a).rank),
                (points(b), player(b).rank),
            )
        })
        .collect();
    RoundPairing {
        round,
        pairs: board_order::sort(boards),
        bye: bye.map(|b| player(b).id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1.6.2: rounds 3, 5, 7, 8, 9, 11, 13 give 1, 2, 3, 4, 4, 4, 4 seeding rounds.
    #[test]
    fn seeding_rounds_table() {
        let got: Vec<u32> = [3, 5, 7, 8, 9, 11, 13].map(seeding_rounds).to_vec();
        assert_eq!(got, [1, 2, 3, 4, 4, 4, 4]);
    }
}
