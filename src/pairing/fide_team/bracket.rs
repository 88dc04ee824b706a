//! 3.6: pairing the bracket (the top scoregroup and its upfloaters) by the first pairing
//! identifier that complies with C1 and best with C8, C9 and C10.
//!
//! Reading of 3.6.1–3.6.4: in each pair the team with the smaller TPN is the top member;
//! the identifier lists the top members by TPN, then each one's opponent in the same
//! order; identifiers are compared lexicographically. C8–C10 are minimised (2.3: "as
//! much as possible", in that order), then the first identifier among the pairings that
//! reach the minimum is built greedily: each team, by TPN, is a top member if any such
//! pairing allows it; then each top member takes the smallest TPN any such pairing
//! allows ([`first_identifier`]).

use crate::pairing::first_identifier::first_identifier;

use super::colour;
use super::field::Field;

/// The failures of one pair: C8 (2.3.5), C9 (2.3.6), C10 (2.3.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PairCost {
    pub(crate) c8: u32,
    pub(crate) c9: u32,
    pub(crate) c10: u32,
}

/// C8–C10 of the pair `a`–`b` (field indices) in a bracket whose residents have score
/// `top`: C8 and C9 when both teams prefer the same colour (C9: both strongly, Type B);
/// C10, except in the last two rounds, for each upfloater of the pair whose opponent
/// floated in the previous round.
pub(crate) fn pair_cost(
    field: &Field,
    top: crate::tournament::Points,
    a: usize,
    b: usize,
) -> PairCost {
    let (ta, tb) = (&field.teams[a], &field.teams[b]);
    let (c8, c9) = colour::unfulfilled(field, ta, tb);
    let mut c10 = 0;
    if field.float_criteria {
        for (up, opponent) in [(ta, tb), (tb, ta)] {
            if up.score < top && opponent.floated {
                c10 += 1;
            }
        }
    }
    PairCost {
        c8: u32::from(c8),
        c9: u32::from(c9),
        c10,
    }
}

/// The pairs (field indices, the smaller TPN first, in TPN order of the top members) of
/// the bracket `teams` (field indices, by TPN) whose residents have score `top`; `None`
/// when the bracket cannot be paired.
pub(crate) fn pair(
    field: &Field,
    teams: &[usize],
    top: crate::tournament::Points,
) -> Option<Vec<(usize, usize)>> {
    let pairs = first_identifier(teams.len(), 3, |u, v| {
        if !field.may_meet(teams[u], teams[v]) {
            return None;
        }
        let c = pair_cost(field, top, teams[u], teams[v]);
        Some(vec![c.c8, c.c9, c.c10])
    })?;
    Some(
        pairs
            .into_iter()
            .map(|(u, v)| (teams[u], teams[v]))
            .collect(),
    )
}
