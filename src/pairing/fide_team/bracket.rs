//! 3.6: pairing the bracket (the top scoregroup and its upfloaters) by the first pairing
//! identifier that complies with C1 and best with C8, C9 and C10.
//!
//! Reading of 3.6.1–3.6.4: in each pair the team with the smaller TPN is the top member;
//! the identifier lists the top members by TPN, then each one's opponent in the same
//! order; identifiers are compared lexicographically. C8–C10 are minimised (2.3: "as
//! much as possible", in that order), then the first identifier among the pairings that
//! reach the minimum is built greedily: each team, by TPN, is a top member if any such
//! pairing allows it; then each top member takes the smallest TPN any such pairing
//! allows. Every step is checked by a least-cost perfect matching restricted to the
//! choices made.

use crate::pairing::double_swiss::cost_matching::{CostMatching, Costs, Solution};

use super::colour;
use super::field::Field;

/// What the identifier fixes about one team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Free,
    Top,
    Bottom,
}

/// The failures of one pair: C8 (2.3.5), C9 (2.3.6), C10 (2.3.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairCost {
    pub c8: u32,
    pub c9: u32,
    pub c10: u32,
}

/// C8–C10 of the pair `a`–`b` (field indices) in a bracket whose residents have score
/// `top`: C8 and C9 when both teams prefer the same colour (C9: both strongly, Type B);
/// C10, except in the last two rounds, for each upfloater of the pair whose opponent
/// floated in the previous round.
pub fn pair_cost(field: &Field, top: crate::tournament::Points, a: usize, b: usize) -> PairCost {
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

struct Search<'a> {
    field: &'a Field,
    top: crate::tournament::Points,
    /// Field indices of the bracket, by TPN.
    teams: Vec<usize>,
    roles: Vec<Role>,
    /// Pairs fixed so far: `partner[u]`.
    partner: Vec<Option<usize>>,
}

impl Search<'_> {
    /// The cost of pairing bracket positions `u` and `v`, `None` when C1 or a choice made
    /// forbids it.
    fn cost(&self, u: usize, v: usize) -> Option<Costs> {
        let (top, bottom) = (u.min(v), u.max(v));
        if !self.field.may_meet(self.teams[top], self.teams[bottom])
            || self.roles[top] == Role::Bottom
            || self.roles[bottom] == Role::Top
        {
            return None;
        }
        match (self.partner[top], self.partner[bottom]) {
            (Some(p), _) if p != bottom => return None,
            (_, Some(p)) if p != top => return None,
            _ => {}
        }
        let c = pair_cost(self.field, self.top, self.teams[top], self.teams[bottom]);
        Some(vec![c.c8, c.c9, c.c10])
    }

    fn fits(&self, solution: &Solution) -> bool {
        (0..self.teams.len()).all(|u| self.cost(u, solution.mates[u]).is_some())
    }
}

/// The pairs (field indices, the smaller TPN first, in TPN order of the top members) of
/// the bracket `teams` (field indices, by TPN) whose residents have score `top`; `None`
/// when the bracket cannot be paired.
pub fn pair(
    field: &Field,
    teams: &[usize],
    top: crate::tournament::Points,
) -> Option<Vec<(usize, usize)>> {
    let n = teams.len();
    let mut search = Search {
        field,
        top,
        teams: teams.to_vec(),
        roles: vec![Role::Free; n],
        partner: vec![None; n],
    };
    let mut matching = CostMatching::new(n, 3)?;
    let mut known = matching.solve(|u, v| search.cost(u, v))?;
    let target = known.cost.clone();
    let mut attempt = |search: &Search, known: &mut Solution| -> bool {
        if search.fits(known) {
            return true;
        }
        match matching.solve(|u, v| search.cost(u, v)) {
            Some(solution) if solution.cost == target => {
                *known = solution;
                true
            }
            _ => false,
        }
    };
    for u in 0..n {
        search.roles[u] = Role::Top;
        if !attempt(&search, &mut known) {
            search.roles[u] = Role::Bottom;
        }
    }
    let tops: Vec<usize> = (0..n).filter(|&u| search.roles[u] == Role::Top).collect();
    for &top in &tops {
        for bottom in top + 1..n {
            if search.roles[bottom] != Role::Bottom || search.partner[bottom].is_some() {
                continue;
            }
            search.partner[top] = Some(bottom);
            search.partner[bottom] = Some(top);
            if attempt(&search, &mut known) {
                break;
            }
            search.partner[top] = None;
            search.partner[bottom] = None;
        }
    }
    tops.iter()
        .map(|&top| search.partner[top].map(|bottom| (teams[top], teams[bottom])))
        .collect()
}
