//! The FIDE Dubov system (C.04.4.1, in force from 1 February 2026).
//!
//! The PAB is assigned first (3.1, [`pab`]). Brackets are then paired from the top score
//! down: the residents of the highest remaining score plus the fewest upfloaters from
//! below, the first set in 4.2 order that pairs best by [C6]–[C10] (3.2.1, 3.2.2,
//! [`upfloaters`]); the bracket is split into G1 (White seekers) and G2, equalised by
//! shifters numbered from the middle out (3.2.3, 3.2.4, 4.3, [`shifters`]); S1 (G1 by
//! ascending ARO, then TPN) meets T2, the first legal transposition of G2 (3.2.5, 4.4,
//! [`transpositions`]). Colours by 5.2 ([`colour`]). The players' ranking, ARO, MaxT and
//! colour preferences are in [`field`]. The explanation of a pairing (C.04.1) is in
//! [`explain`].
//!
//! Interpretations, each chosen in one place:
//! - TPN is the pairing number of the shared state (C.04.2: the players present or paired
//!   before, by starting rank); players are ranked by score, then TPN ([`field`]).
//! - An upfloat (1.8, [C8]–[C10]) is a game played over the board against an opponent
//!   of higher pairing score; a forfeited game is a round without a game, as in the
//!   shared float rule of C.04.3 (2026) A.4 ([`field`]).
//! - [C9] counts the upfloats of the maximum upfloaters in total ([`upfloaters`]).
//! - "Complies at best with [C7]" in 3.2.4 and "a legal pairing" in 3.2.5: the
//!   transposition chosen must also keep the [C7] value the shifts were chosen for (it
//!   can differ only when G1 holds Black seekers and G2 White seekers at once;
//!   [`transpositions`]).
//! - The players of a group sort for shifting by the group they are in: G1 by ARO, then
//!   TPN, G2 by TPN (4.3.2 speaks of White and Black seekers, which G1 and G2 hold before
//!   any shift; [`shifters`]).
//! - Legality throughout is [C1], [C3] and [C4] as completion of the whole round: a
//!   bracket's choice must leave the players below pairable ([`upfloaters`], with
//!   [`crate::pairing::feasibility`]).
//! - Board order (the text leaves it to C.04.2): the higher player's score, the sum of
//!   the scores, the higher player's TPN.

pub(crate) mod colour;
pub(crate) mod explain;
pub(crate) mod field;
mod matching;
pub(crate) mod pab;
pub(crate) mod shifters;
pub(crate) mod transpositions;
pub(crate) mod upfloaters;

use crate::pairing::explanation::Explainer;
use crate::pairing::feasibility::Remaining;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;
use crate::tournament::board_order::{self, Seated};

use field::Field;
use shifters::Split;
use upfloaters::Bracket;

/// Pairs of field indices.
type Pairs = Vec<(usize, usize)>;

/// The Dubov system.
pub(crate) struct Dubov;

impl PairingSystem for Dubov {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        let field = Field::new(t, round);
        let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(&field, round, &pairs, bye))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(explain::explainer(t, round)?))
    }
}

/// The pairs (field indices) and the PAB of the round; `None` when no pairing satisfies
/// the absolute criteria.
pub(crate) fn pair_field(field: &Field) -> Option<(Pairs, Option<usize>)> {
    pair_observed(field, |_| {})
}

/// One bracket as the procedure paired it (the explanation records it).
pub(crate) struct Step<'a> {
    /// The players not yet paired, before this bracket's players leave.
    pub(crate) rest: &'a mut Remaining,
    /// The residents (the highest remaining score) and the players below them.
    pub(crate) residents: &'a [usize],
    pub(crate) lower: &'a [usize],
    pub(crate) bracket: &'a Bracket,
    pub(crate) split: &'a Split,
    /// The pairs as (S1 player, T2 player), in S1 order.
    pub(crate) pairs: &'a [(usize, usize)],
}

/// [`pair_field`], showing `observe` each bracket as it is paired.
pub(crate) fn pair_observed(
    field: &Field,
    mut observe: impl FnMut(Step<'_>),
) -> Option<(Pairs, Option<usize>)> {
    let n = field.len();
    let bye = if n % 2 == 1 {
        Some(pab::choose(field)?)
    } else {
        None
    };
    let mut rest = Remaining::new(n, |a, b| field.compatible(a, b), |a| Some(a) == bye);
    if !rest.feasible(&[]) {
        return None;
    }
    if let Some(b) = bye {
        rest.bye_given(b);
    }
    let mut left: Vec<usize> = (0..n).filter(|&a| Some(a) != bye).collect();
    let mut pairs: Pairs = Vec::with_capacity(n / 2);
    while let Some(&top) = left.first() {
        let score = field.players[top].score();
        let (residents, lower): (Vec<usize>, Vec<usize>) = left
            .iter()
            .partition(|&&a| field.players[a].score() == score);
        let bracket = upfloaters::choose(field, &mut rest, &residents, &lower)?;
        let split = shifters::recompose(field, &bracket.members)?;
        let made = transpositions::pair(field, &split)?;
        observe(Step {
            rest: &mut rest,
            residents: &residents,
            lower: &lower,
            bracket: &bracket,
            split: &split,
            pairs: &made,
        });
        pairs.extend(made);
        rest.commit(&bracket.members);
        left.retain(|a| !bracket.members.contains(a));
    }
    Some((pairs, bye))
}

/// Colours (5.2) and board order (see the module notes).
fn finish(field: &Field, round: u32, pairs: &[(usize, usize)], bye: Option<usize>) -> RoundPairing {
    let boards = pairs
        .iter()
        .map(|&(a, b)| {
            // Field order is the ranking: the smaller index ranks higher.
            let (h, l) = (a.min(b), a.max(b));
            let (ph, pl) = (&field.players[h], &field.players[l]);
            let (white, black) = if colour::higher_gets_white(field, h, l) {
                (ph, pl)
            } else {
                (pl, ph)
            };
            Seated {
                pair: Pair {
                    white: white.state.id,
                    black: black.state.id,
                },
                higher: (ph.score(), ph.tpn()),
                lower: (pl.score(), pl.tpn()),
            }
        })
        .collect();
    RoundPairing {
        round,
        pairs: board_order::sort(boards),
        bye: bye.map(|b| field.players[b].state.id),
    }
}
