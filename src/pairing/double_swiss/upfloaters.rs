//! 3.5: the upfloaters joining the top scoregroup.
//!
//! The residents (the top scoregroup of the players still to pair) are all paired now,
//! among themselves or with upfloaters from lower scoregroups; everyone left must stay
//! pairable (C3). Among the sets of upfloaters that allow this, the criteria decide in
//! order (C4 fewest upfloaters, C5 highest scores, C6 the next scoregroup, C7
//! upfloaters who floated in the previous round), then the order of 3.5.4.
//!
//! Every criterion adds up over the pairs of one perfect matching of the residents and all
//! lower players, so a least-cost matching ([`CostMatching`]) gives the best value
//! reachable; the first set in 3.5.4 order reaching it is then built candidate by
//! candidate, each step checked by the same matching restricted to the choices made.

use crate::tournament::Points;

use super::cost_matching::{CostMatching, Costs, Solution};
use super::field::Field;

/// What a candidate is told to be while the set is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Free,
    Floats,
    Stays,
}

/// The search for one top scoregroup.
struct Search<'a> {
    field: &'a Field,
    /// Field indices: residents first, then the lower players.
    players: Vec<usize>,
    residents: usize,
    /// The distinct scores of the lower players, lowest first (C5: fewest upfloaters
    /// from the lowest score first).
    levels: Vec<Points>,
    /// The score of the scoregroup after the top one (C6).
    following: Option<Points>,
    /// C6 is weighed (see [`choose`]).
    weigh_c6: bool,
    roles: Vec<Role>,
}

impl Search<'_> {
    fn is_resident(&self, v: usize) -> bool {
        v < self.residents
    }

    /// Criteria positions: C4, one per level (C5), C6, C7.
    fn fields(levels: usize) -> usize {
        levels + 3
    }

    fn cost(&self, u: usize, v: usize) -> Option<Costs> {
        let (a, b) = (self.players[u], self.players[v]);
        if !self.field.may_meet(a, b) {
            return None;
        }
        let mut cost = vec![0; Self::fields(self.levels.len())];
        match (self.is_resident(u), self.is_resident(v)) {
            (true, true) => {}
            (false, false) => {
                if self.roles[u] == Role::Floats || self.roles[v] == Role::Floats {
                    return None;
                }
                let in_following = |x: usize| Some(self.field.players[x].score) == self.following;
                if self.weigh_c6 && in_following(a) != in_following(b) {
                    cost[self.levels.len() + 1] = 1;
                }
            }
            _ => {
                let up = if self.is_resident(u) { v } else { u };
                if self.roles[up] == Role::Stays {
                    return None;
                }
                let upfloater = &self.field.players[self.players[up]];
                cost[0] = 1;
                let level = self.levels.iter().position(|&s| s == upfloater.score)?;
                cost[1 + level] = 1;
                if self.field.float_criteria && upfloater.floated {
                    cost[self.levels.len() + 2] = 1;
                }
            }
        }
        Some(cost)
    }

    /// The upfloaters of a solution (indices into `players`).
    fn upfloaters(&self, solution: &Solution) -> Vec<usize> {
        (self.residents..self.players.len())
            .filter(|&v| self.is_resident(solution.mates[v]))
            .collect()
    }
}

/// The upfloaters (field indices) for the residents `residents` (field indices, one
/// scoregroup) among `lower` (field indices, by pairing number), or `None` when no set
/// leaves everyone pairable.
///
/// Interpretations, chosen here:
/// - C5 "the highest scores": the fewest upfloaters from the lowest score, then from the
///   next lowest, and so on.
/// - C6 is pass or fail: the following scoregroup complies when it can be paired with
///   the fewest upfloaters its parity allows (none if even, one if odd), i.e. when at most
///   one of its players must be paired below it. When no set lets it comply, C6 does not
///   tell the sets apart.
/// - 3.5.4: candidates are listed by score (highest first), then pairing number; sets of
///   the same size are compared in that order, element by element.
pub(crate) fn choose(field: &Field, residents: &[usize], lower: &[usize]) -> Option<Vec<usize>> {
    let mut levels: Vec<Points> = lower.iter().map(|&a| field.players[a].score).collect();
    levels.sort_unstable();
    levels.dedup();
    let players: Vec<usize> = residents.iter().chain(lower).copied().collect();
    let mut matching = CostMatching::new(players.len(), Search::fields(levels.len()))?;
    let mut search = Search {
        field,
        roles: vec![Role::Free; players.len()],
        players,
        residents: residents.len(),
        following: levels.last().copied(),
        levels,
        weigh_c6: true,
    };
    let mut best = matching.solve(|u, v| search.cost(u, v))?;
    let c6 = search.levels.len() + 1;
    if best.cost[c6] > 1 {
        search.weigh_c6 = false;
        best = matching.solve(|u, v| search.cost(u, v))?;
    }
    let target = best.cost.clone();
    let wanted = search.upfloaters(&best).len();
    // 3.5.4: candidates by score, then pairing number.
    let mut order: Vec<usize> = (search.residents..search.players.len()).collect();
    order.sort_by_key(|&v| {
        let p = &field.players[search.players[v]];
        (std::cmp::Reverse(p.score), p.tpn)
    });
    let mut known = best;
    let mut chosen = Vec::new();
    for v in order {
        if chosen.len() == wanted {
            search.roles[v] = Role::Stays;
            continue;
        }
        search.roles[v] = Role::Floats;
        if search.is_resident(known.mates[v]) {
            chosen.push(v);
            continue;
        }
        // The known solution, consistent with every earlier choice, does not float `v`:
        // when no solution reaching the target does, `v` stays, and the known one still fits.
        match matching.solve(|u, w| search.cost(u, w)) {
            Some(solution) if solution.cost == target => {
                known = solution;
                chosen.push(v);
            }
            _ => search.roles[v] = Role::Stays,
        }
    }
    Some(chosen.into_iter().map(|v| search.players[v]).collect())
}
