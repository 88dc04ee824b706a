//! The first pairing identifier of a bracket among its best pairings: the search the 2026
//! systems share (Double-Swiss C.04.5 3.6, Swiss Team C.04.6 3.6).
//!
//! In each pair the member with the smaller pairing number is the pair's "top" member;
//! the identifier lists the top members in pairing-number order, then each top member's
//! opponent in the same order, and identifiers compare lexicographically. Among the
//! pairings of least cost, the first identifier is built greedily: each member, in
//! pairing-number order, is a top member if any such pairing allows it; then each top
//! member takes the smallest pairing number any such pairing allows. Each step is checked
//! by a least-cost perfect matching ([`CostMatching`]) restricted to the choices made.

use super::double_swiss::cost_matching::{CostMatching, Costs, Solution};

/// What the identifier fixes about one member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Free,
    Top,
    Bottom,
}

struct Search<F> {
    /// The cost of a pair (`top < bottom`, bracket positions), `None` when they may not meet.
    pair_cost: F,
    roles: Vec<Role>,
    /// Pairs fixed so far: `partner[u]`.
    partner: Vec<Option<usize>>,
}

impl<F: Fn(usize, usize) -> Option<Costs>> Search<F> {
    fn cost(&self, u: usize, v: usize) -> Option<Costs> {
        let (top, bottom) = (u.min(v), u.max(v));
        if self.roles[top] == Role::Bottom || self.roles[bottom] == Role::Top {
            return None;
        }
        match (self.partner[top], self.partner[bottom]) {
            (Some(p), _) if p != bottom => return None,
            (_, Some(p)) if p != top => return None,
            _ => {}
        }
        (self.pair_cost)(top, bottom)
    }

    /// Whether a solution keeps every choice made.
    fn fits(&self, solution: &Solution) -> bool {
        (0..self.roles.len()).all(|u| self.cost(u, solution.mates[u]).is_some())
    }
}

/// The pairs `(top, bottom)` (bracket positions, by pairing number) of the first
/// identifier among the least-cost pairings of a bracket of `n` members, costs having
/// `fields` criteria in priority order; `None` when the bracket cannot be paired.
pub(crate) fn first_identifier(
    n: usize,
    fields: usize,
    pair_cost: impl Fn(usize, usize) -> Option<Costs>,
) -> Option<Vec<(usize, usize)>> {
    let mut search = Search {
        pair_cost,
        roles: vec![Role::Free; n],
        partner: vec![None; n],
    };
    let mut matching = CostMatching::new(n, fields)?;
    let mut known = matching.solve(|u, v| search.cost(u, v))?;
    let target = known.cost.clone();
    let mut attempt = |search: &Search<_>, known: &mut Solution| -> bool {
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
        .map(|&top| search.partner[top].map(|bottom| (top, bottom)))
        .collect()
}
