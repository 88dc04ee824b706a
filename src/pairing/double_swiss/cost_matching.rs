//! Perfect matchings of least cost, where a pair's cost counts failures of criteria in
//! priority order (compared lexicographically): the tool behind 3.5 (the upfloaters) and
//! 3.6 (the pairing identifier) of C.04.5, and behind the completability checks (C3).

use crate::matching::{Matcher, Wide};

/// The weight type: criteria are stacked as bit fields.
type W = Wide<8>;

/// Failures per criterion, highest priority first; a pair adds at most one per criterion.
pub(crate) type Costs = Vec<u32>;

/// A least-cost perfect matching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    /// `mates[v]` is `v`'s partner.
    pub(crate) mates: Vec<usize>,
    /// The summed failures per criterion.
    pub(crate) cost: Costs,
}

/// Least-cost perfect matchings over `n` vertices, with `fields` criteria.
pub(crate) struct CostMatching {
    n: usize,
    fields: usize,
    field_bits: u32,
    matcher: Matcher<W>,
}

impl CostMatching {
    /// `None` when `fields` criteria over `n` vertices do not fit in the weights.
    pub(crate) fn new(n: usize, fields: usize) -> Option<CostMatching> {
        let field_bits = usize::BITS - n.leading_zeros() + 1;
        let needed = fields as u32 * field_bits + field_bits + 2;
        (needed <= Matcher::<W>::MAX_WEIGHT_BITS).then(|| CostMatching {
            n,
            fields,
            field_bits,
            matcher: Matcher::new(n),
        })
    }

    /// The perfect matching of least cost, pairs allowed by `cost` (`None`: the two may not
    /// be paired); `None` when there is no perfect matching. Every pair's cost has `fields`
    /// entries of 0 or 1.
    pub(crate) fn solve(
        &mut self,
        cost: impl Fn(usize, usize) -> Option<Costs>,
    ) -> Option<Solution> {
        let n = self.n;
        if n % 2 == 1 {
            return None;
        }
        let top = self.fields as u32 * self.field_bits;
        let mut base = W::ZERO;
        base.set_bit(top);
        for u in 0..n {
            for v in u + 1..n {
                let weight = match cost(u, v) {
                    Some(c) => base - self.encode(&c),
                    None => W::ZERO,
                };
                self.matcher.set_weight(u, v, weight);
            }
        }
        self.matcher.solve();
        let mates: Vec<usize> = (0..n).filter_map(|v| self.matcher.mate(v)).collect();
        if mates.len() != n {
            return None;
        }
        let mut total = vec![0; self.fields];
        for (u, &v) in mates.iter().enumerate() {
            if u < v {
                for (t, c) in total.iter_mut().zip(cost(u, v).unwrap_or_default()) {
                    *t += c;
                }
            }
        }
        Some(Solution { mates, cost: total })
    }

    /// A pair's cost as a number: the first criterion in the highest bits.
    fn encode(&self, cost: &[u32]) -> W {
        let mut value = W::ZERO;
        for (i, &c) in cost.iter().enumerate() {
            let shift = (self.fields - 1 - i) as u32 * self.field_bits;
            value.add_shifted(u64::from(c), shift);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_cost_comes_first_then_lower_criteria() {
        // 0-1 and 2-3 fail the first criterion once; 0-2 and 1-3 fail the second twice.
        let cost = |u: usize, v: usize| match (u, v) {
            (0, 1) => Some(vec![1, 0]),
            (0, 2) | (1, 3) => Some(vec![0, 1]),
            (2, 3) => Some(vec![0, 0]),
            _ => None,
        };
        let mut m = CostMatching::new(4, 2).expect("fits");
        let s = m.solve(cost).expect("perfect");
        assert_eq!(s.mates, vec![2, 3, 0, 1]);
        assert_eq!(s.cost, vec![0, 2]);
        assert!(m.solve(|u, v| (u == 0 && v == 1).then(Vec::new)).is_none());
        assert!(CostMatching::new(4, 1000).is_none());
    }
}
