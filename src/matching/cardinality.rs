//! Maximum-cardinality matching on general graphs (Edmonds' blossom algorithm), kept
//! incrementally: vertices can be removed (exposing their mates) and the matching is
//! repaired by searching augmenting paths from the exposed vertices only.
//!
//! Used to answer "can these vertices still be matched perfectly?" many times while a
//! large graph shrinks, where a weighted solve would redo far more work.

use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// A saved matching (see [`CardinalityMatcher::save`]).
pub(crate) struct Snapshot {
    active: Vec<bool>,
    mate: Vec<u32>,
}

/// A matching over vertices `0..n` of an undirected graph given as a dense adjacency
/// matrix, with removable vertices.
pub(crate) struct CardinalityMatcher {
    n: usize,
    adjacent: Vec<bool>,
    active: Vec<bool>,
    mate: Vec<u32>,
    // Scratch for the augmenting-path search.
    parent: Vec<u32>,
    base: Vec<u32>,
    in_tree: Vec<bool>,
    in_blossom: Vec<bool>,
    on_path: Vec<bool>,
}

impl CardinalityMatcher {
    /// A matcher for the graph with `adjacent(u, v)` edges; all vertices active and
    /// unmatched.
    pub(crate) fn new(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> CardinalityMatcher {
        let mut matrix = vec![false; n * n];
        for u in 0..n {
            for v in u + 1..n {
                if adjacent(u, v) {
                    matrix[u * n + v] = true;
                    matrix[v * n + u] = true;
                }
            }
        }
        CardinalityMatcher {
            n,
            adjacent: matrix,
            active: vec![true; n],
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            in_tree: vec![false; n],
            in_blossom: vec![false; n],
            on_path: vec![false; n],
        }
    }

    /// The mate of `v`, if matched.
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v] as usize)
    }

    /// The current matching and set of vertices, to go back to with [`Self::restore`].
    pub(crate) fn save(&self) -> Snapshot {
        Snapshot {
            active: self.active.clone(),
            mate: self.mate.clone(),
        }
    }

    /// Returns to a saved state.
    pub(crate) fn restore(&mut self, snapshot: Snapshot) {
        self.active = snapshot.active;
        self.mate = snapshot.mate;
    }

    /// Removes a vertex from the graph; its mate becomes exposed.
    pub(crate) fn remove(&mut self, v: usize) {
        if let Some(m) = self.mate(v) {
            self.mate[m] = NONE;
        }
        self.mate[v] = NONE;
        self.active[v] = false;
    }

    /// Matches every active vertex it can: greedily first, then along augmenting paths.
    /// Returns the active vertices left exposed (none: the matching is perfect).
    pub(crate) fn maximise(&mut self) -> Vec<usize> {
        for u in 0..self.n {
            if !self.active[u] || self.mate[u] != NONE {
                continue;
            }
            if let Some(v) = (0..self.n).find(|&v| self.is_edge(u, v) && self.mate[v] == NONE) {
                self.mate[u] = v as u32;
                self.mate[v] = u as u32;
            }
        }
        let mut exposed = Vec::new();
        for v in 0..self.n {
            if self.active[v] && self.mate[v] == NONE && !self.augment_from(v) {
                exposed.push(v);
            }
        }
        exposed
    }

    fn is_edge(&self, u: usize, v: usize) -> bool {
        self.active[u] && self.active[v] && self.adjacent[u * self.n + v]
    }

    /// The lowest common ancestor of two tree vertices' blossom bases.
    fn common_base(&mut self, a: usize, b: usize) -> usize {
        self.on_path.iter_mut().for_each(|x| *x = false);
        let mut a = a;
        loop {
            a = self.base[a] as usize;
            self.on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a] as usize] as usize;
        }
        let mut b = b;
        loop {
            b = self.base[b] as usize;
            if self.on_path[b] {
                return b;
            }
            b = self.parent[self.mate[b] as usize] as usize;
        }
    }

    /// Marks the blossom path from `v` down to `base`, pointing parents across at `child`.
    fn mark_blossom(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] as usize != base {
            let m = self.mate[v] as usize;
            self.in_blossom[self.base[v] as usize] = true;
            self.in_blossom[self.base[m] as usize] = true;
            self.parent[v] = child as u32;
            child = m;
            v = self.parent[m] as usize;
        }
    }

    /// Searches an augmenting path from the exposed vertex `root` and applies it.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.n;
        self.parent.iter_mut().for_each(|p| *p = NONE);
        self.in_tree.iter_mut().for_each(|x| *x = false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i as u32;
        }
        let mut queue = VecDeque::new();
        self.in_tree[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            for to in 0..n {
                if !self.is_edge(v, to)
                    || self.base[v] == self.base[to]
                    || self.mate[v] == to as u32
                {
                    continue;
                }
                let to_mate_in_tree =
                    self.mate[to] != NONE && self.parent[self.mate[to] as usize] != NONE;
                if to == root || to_mate_in_tree {
                    let base = self.common_base(v, to);
                    self.in_blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_blossom(v, base, to);
                    self.mark_blossom(to, base, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = base as u32;
                            if !self.in_tree[i] {
                                self.in_tree[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v as u32;
                    if self.mate[to] == NONE {
                        // Flip the path back to the root.
                        let mut u = to;
                        while u != NONE as usize {
                            let p = self.parent[u] as usize;
                            let next = self.mate[p];
                            self.mate[u] = p as u32;
                            self.mate[p] = u as u32;
                            u = next as usize;
                        }
                        return true;
                    }
                    let m = self.mate[to] as usize;
                    self.in_tree[m] = true;
                    queue.push_back(m);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::Matcher;

    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Maximum cardinality from the weighted matcher with unit weights.
    fn oracle(n: usize, edges: &[bool], active: &[bool]) -> usize {
        let mut m = Matcher::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if edges[u * n + v] && active[u] && active[v] {
                    m.set_weight(u, v, 1);
                }
            }
        }
        m.solve();
        m.total_weight() as usize
    }

    #[test]
    fn agrees_with_weighted_matcher_while_vertices_are_removed() {
        let mut seed = 11;
        for case in 0..600 {
            let n = 2 + (next(&mut seed) % 30) as usize;
            let density = 1 + next(&mut seed) % 9;
            let mut edges = vec![false; n * n];
            for u in 0..n {
                for v in u + 1..n {
                    if next(&mut seed) % 10 < density {
                        edges[u * n + v] = true;
                        edges[v * n + u] = true;
                    }
                }
            }
            let mut m = CardinalityMatcher::new(n, |u, v| edges[u * n + v]);
            let mut active = vec![true; n];
            for _ in 0..4 {
                let exposed = m.maximise();
                let matched = active.iter().filter(|&&a| a).count() - exposed.len();
                assert_eq!(matched / 2, oracle(n, &edges, &active), "case {case}");
                for v in 0..n {
                    if let Some(u) = m.mate(v) {
                        assert_eq!(m.mate(u), Some(v));
                        assert!(edges[u * n + v] && active[u] && active[v]);
                    }
                }
                for _ in 0..3 {
                    let v = (next(&mut seed) % n as u64) as usize;
                    m.remove(v);
                    active[v] = false;
                }
            }
        }
    }

    #[test]
    fn odd_cycle_needs_a_blossom() {
        // A 5-cycle with a pendant vertex: perfect only through the blossom.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)];
        let adjacent = |u: usize, v: usize| {
            edges
                .iter()
                .any(|&(a, b)| (a, b) == (u, v) || (b, a) == (u, v))
        };
        let mut m = CardinalityMatcher::new(6, adjacent);
        assert!(m.maximise().is_empty());
    }
}
