//! C.04.1 D.1 (transpositions of S2), C.6 and C.7: S1's i-th player meets the i-th player
//! of S2 as transposed; transpositions are tried "in ascending order" of the sequence of
//! S2's numbers, i.e. lexicographically.
//!
//! Instead of listing permutations, a depth-first search fixes S1's players in order, each
//! against the next S2 player in S2 order, and keeps a bipartite matching of the players
//! not yet fixed: when no matching of the rest exists, no transposition beginning with
//! the current choice can give p legal pairings, so the whole block of transpositions is
//! skipped. The first pairing the search accepts is therefore the first acceptable
//! transposition in D.1 order, found without enumerating the ones before it.

use crate::tournament::Colour;

const NONE: usize = usize::MAX;

/// What a search offers its pairings to: the pairs made (S1 player, S2 player) and the
/// players left unpaired, in A.2 order. It answers whether the pairing is accepted.
pub(crate) type Accept<'a> = dyn FnMut(&[(usize, usize)], &[usize]) -> bool + 'a;

/// The pairing of S1 against S2 asked of the search.
pub(crate) struct Transpositions<'a> {
    /// S1's players in A.2 order (one pairing each).
    pub(crate) s1: &'a [usize],
    /// S2's players in A.2 order (the untransposed sequence).
    pub(crate) s2: &'a [usize],
    /// Whether two players (S1, S2) may be paired at the current level of criteria.
    pub(crate) allowed: &'a dyn Fn(usize, usize) -> bool,
    /// A.7 preference of a player, for B.4.
    pub(crate) preference: &'a dyn Fn(usize) -> Option<Colour>,
    /// B.4: how many pairs may leave both players' preference (the same colour) unmet.
    pub(crate) max_clashes: usize,
}

impl Transpositions<'_> {
    /// Calls `accept(pairs, leftovers)` for each acceptable transposition in D.1 order
    /// until it returns true; `leftovers` are S2's unpaired players in A.2 order. Returns
    /// whether one was accepted.
    pub(crate) fn search(&self, accept: &mut Accept) -> bool {
        let (p, q) = (self.s1.len(), self.s2.len());
        if p > q {
            return false;
        }
        let adj: Vec<Vec<usize>> = self
            .s1
            .iter()
            .map(|&a| (0..q).filter(|&j| (self.allowed)(a, self.s2[j])).collect())
            .collect();
        let mut m = Matching {
            adj: &adj,
            mate1: vec![NONE; p],
            mate2: vec![NONE; q],
            fixed: 0,
            seen: vec![false; q],
        };
        for i in 0..p {
            m.seen.iter_mut().for_each(|s| *s = false);
            if !m.augment(i) {
                return false;
            }
        }
        let mut pairs = Vec::with_capacity(p);
        self.dfs(&mut m, 0, &mut pairs, accept)
    }

    fn dfs(
        &self,
        m: &mut Matching,
        i: usize,
        pairs: &mut Vec<(usize, usize)>,
        accept: &mut Accept,
    ) -> bool {
        if i == self.s1.len() {
            let leftovers: Vec<usize> = (0..self.s2.len())
                .filter(|&j| m.mate2[j] == NONE)
                .map(|j| self.s2[j])
                .collect();
            return accept(pairs, &leftovers);
        }
        let clashes = pairs.iter().filter(|&&(a, b)| self.clash(a, b)).count();
        for &j in &m.adj[i] {
            if m.mate2[j] != NONE && m.mate2[j] < i {
                continue;
            }
            let extra = usize::from(self.clash(self.s1[i], self.s2[j]));
            if clashes + extra > self.max_clashes {
                continue;
            }
            let saved = (m.mate1.clone(), m.mate2.clone());
            if m.fix(i, j) && clashes + extra + self.clash_bound(m, i + 1) <= self.max_clashes {
                pairs.push((self.s1[i], self.s2[j]));
                if self.dfs(m, i + 1, pairs, accept) {
                    return true;
                }
                pairs.pop();
            }
            m.fixed = i;
            (m.mate1, m.mate2) = saved;
        }
        false
    }

    fn clash(&self, a: usize, b: usize) -> bool {
        matches!(((self.preference)(a), (self.preference)(b)), (Some(x), Some(y)) if x == y)
    }

    /// A lower bound on the clashes still to come: S1 players (from `from` on) preferring
    /// White beyond the S2 players left who do not prefer White, and the same for Black.
    fn clash_bound(&self, m: &Matching, from: usize) -> usize {
        let count1 = |c| {
            self.s1[from..]
                .iter()
                .filter(|&&a| (self.preference)(a) == Some(c))
                .count()
        };
        let free2 = |c| {
            (0..self.s2.len())
                .filter(|&j| m.mate2[j] == NONE || m.mate2[j] >= from)
                .filter(|&j| (self.preference)(self.s2[j]) != Some(c))
                .count()
        };
        count1(Colour::White).saturating_sub(free2(Colour::White))
            + count1(Colour::Black).saturating_sub(free2(Colour::Black))
    }
}

/// A matching of S1 (positions) into S2 (positions); S1 positions below `fixed` are
/// settled and their mates may not change.
struct Matching<'a> {
    adj: &'a [Vec<usize>],
    mate1: Vec<usize>,
    mate2: Vec<usize>,
    fixed: usize,
    seen: Vec<bool>,
}

impl Matching<'_> {
    /// Kuhn's augmenting path from S1 position `i` through unsettled players.
    fn augment(&mut self, i: usize) -> bool {
        for k in 0..self.adj[i].len() {
            let j = self.adj[i][k];
            if self.seen[j] {
                continue;
            }
            self.seen[j] = true;
            let holder = self.mate2[j];
            if holder != NONE && holder < self.fixed {
                continue;
            }
            if holder == NONE || self.augment(holder) {
                self.mate1[i] = j;
                self.mate2[j] = i;
                return true;
            }
        }
        false
    }

    /// Settles S1 position `i` (all before it settled) on S2 position `j`, repairing the
    /// matching of the rest; false when the rest can no longer be matched.
    fn fix(&mut self, i: usize, j: usize) -> bool {
        self.fixed = i + 1;
        if self.mate1[i] == j {
            return true;
        }
        let displaced = self.mate2[j];
        let old = self.mate1[i];
        if old != NONE {
            self.mate2[old] = NONE;
        }
        self.mate1[i] = j;
        self.mate2[j] = i;
        if displaced == NONE {
            return true;
        }
        self.mate1[displaced] = NONE;
        self.seen.iter_mut().for_each(|s| *s = false);
        self.seen[j] = true;
        self.augment(displaced)
    }
}

#[cfg(test)]
/// The next permutation in ascending (lexicographic) order, as D.1's hint describes;
/// false after the last one. Used to show that the search follows D.1.
pub(crate) fn next_transposition(seq: &mut [usize]) -> bool {
    let Some(i) = (1..seq.len()).rev().find(|&i| seq[i - 1] < seq[i]) else {
        return false;
    };
    let Some(j) = (i..seq.len()).rev().find(|&j| seq[j] > seq[i - 1]) else {
        return false;
    };
    seq.swap(i - 1, j);
    seq[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// D.1 with S1 = 1–4 and S2 = 5–8: after 5-6-7-8 (C.6) come 5-6-8-7, 5-7-6-8,
    /// 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, 6-5-8-7, ...
    #[test]
    fn d1_order() {
        let mut seq = vec![5, 6, 7, 8];
        let mut order = vec![seq.clone()];
        while next_transposition(&mut seq) {
            order.push(seq.clone());
        }
        assert_eq!(order.len(), 24);
        assert_eq!(
            order[..8],
            [
                [5, 6, 7, 8],
                [5, 6, 8, 7],
                [5, 7, 6, 8],
                [5, 7, 8, 6],
                [5, 8, 6, 7],
                [5, 8, 7, 6],
                [6, 5, 7, 8],
                [6, 5, 8, 7]
            ]
        );
    }

    /// The search meets the transpositions in D.1 order, skipping exactly those that
    /// pair forbidden players.
    #[test]
    fn search_follows_d1_and_skips_illegal_blocks() {
        let s1 = [1, 2, 3, 4];
        let s2 = [5, 6, 7, 8];
        let forbidden = |a: usize, b: usize| (a, b) == (1, 5) || (a, b) == (3, 8);
        let allowed = |a: usize, b: usize| !forbidden(a, b);
        let search = Transpositions {
            s1: &s1,
            s2: &s2,
            allowed: &allowed,
            preference: &|_| None,
            max_clashes: 0,
        };
        let mut seen = Vec::new();
        search.search(&mut |pairs, _| {
            seen.push(pairs.iter().map(|&(_, b)| b).collect::<Vec<_>>());
            false
        });
        let mut seq = vec![5, 6, 7, 8];
        let mut expected = Vec::new();
        loop {
            if !(0..4).any(|i| forbidden(s1[i], seq[i])) {
                expected.push(seq.clone());
            }
            if !next_transposition(&mut seq) {
                break;
            }
        }
        assert_eq!(seen, expected);
        assert_eq!(seen[0], [6, 5, 7, 8]);
    }

    /// B.4: with no clash allowed, the first transposition granting every preference.
    #[test]
    fn colour_clashes_are_counted() {
        let pref = |a: usize| {
            Some(if a.is_multiple_of(2) {
                Colour::White
            } else {
                Colour::Black
            })
        };
        let search = Transpositions {
            s1: &[1, 2],
            s2: &[3, 4],
            allowed: &|_, _| true,
            preference: &pref,
            max_clashes: 0,
        };
        let mut first = None;
        search.search(&mut |pairs, _| {
            first = Some(pairs.to_vec());
            true
        });
        assert_eq!(first, Some(vec![(1, 4), (2, 3)]));
    }
}
