//! 3.6: pairing the bracket (the top scoregroup and its upfloaters) by the first Pairing
//! Identifier that complies with C1 and best with C8.
//!
//! Reading of 3.6.2–3.6.4: in each pair the member with the smaller pairing number is the
//! pair's "top" member; the identifier lists the top members in pairing-number order,
//! then each top member's opponent in the same order. Identifiers are compared
//! lexicographically. Among the pairings with the fewest C8 failures, the first
//! identifier is built greedily: each contender, in pairing-number order, is a top member
//! if any such pairing allows it; then each top member takes the smallest pairing number
//! any such pairing allows. Each step is checked by a least-cost matching
//! ([`CostMatching`]) restricted to the choices made.

use super::cost_matching::{CostMatching, Costs, Solution};
use super::field::Field;

/// What the identifier fixes about one contender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Free,
    Top,
    Bottom,
}

struct Search<'a> {
    field: &'a Field,
    /// Field indices of the bracket, by pairing number.
    players: Vec<usize>,
    /// Which of them are upfloaters.
    upfloater: Vec<bool>,
    roles: Vec<Role>,
    /// Pairs fixed so far: `partner[u]`.
    partner: Vec<Option<usize>>,
}

impl Search<'_> {
    /// The cost of pairing `u` and `v` (bracket positions, `u < v` by pairing number):
    /// C8 fails when one is an upfloater and the other floated in the previous round.
    fn cost(&self, u: usize, v: usize) -> Option<Costs> {
        let (top, bottom) = (u.min(v), u.max(v));
        if !self.field.may_meet(self.players[top], self.players[bottom])
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
        let floated_opponent = |x: usize, y: usize| {
            self.upfloater[x] && !self.upfloater[y] && self.field.players[self.players[y]].floated
        };
        let c8 = self.field.float_criteria
            && (floated_opponent(top, bottom) || floated_opponent(bottom, top));
        Some(vec![u32::from(c8)])
    }

    /// Whether a solution keeps every choice made.
    fn fits(&self, solution: &Solution) -> bool {
        (0..self.players.len()).all(|u| {
            let mate = solution.mates[u];
            self.cost(u, mate).is_some()
        })
    }
}

/// The pairs (field indices, the smaller pairing number first) of the bracket `players`
/// (field indices, by pairing number), of which `upfloaters` are upfloaters; `None` when
/// the bracket cannot be paired.
pub fn pair(field: &Field, players: &[usize], upfloaters: &[usize]) -> Option<Vec<(usize, usize)>> {
    let n = players.len();
    let mut search = Search {
        field,
        players: players.to_vec(),
        upfloater: players.iter().map(|a| upfloaters.contains(a)).collect(),
        roles: vec![Role::Free; n],
        partner: vec![None; n],
    };
    let mut matching = CostMatching::new(n, 1)?;
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
        .map(|&top| search.partner[top].map(|bottom| (players[top], players[bottom])))
        .collect()
}
