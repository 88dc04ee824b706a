//! [`Matcher`]: the public face of the maximum-weight matching solver, its state, and
//! the warm-restart repair that runs before each solve.

use super::blossom::{Blossoms, NONE};
use super::stage::Search;
use super::weight::Weight;

/// Maximum-weight matching on a dense general graph, re-solvable after weight changes.
///
/// The graph has vertices `0..n`; every pair of distinct vertices carries a weight, and
/// weight zero means "no edge" (such a pair is never matched). [`Matcher::solve`] finds a
/// matching of maximum total weight (not of maximum cardinality: give cardinality its own
/// top bits in the weights for that) with the O(n³) primal–dual blossom algorithm of
/// Edmonds as refined by Gabow and by Galil, Micali and Gabow.
///
/// # Weights
/// Every weight must be below `2^(W::CAPACITY_BITS - 2)`: internally the weights are
/// doubled, and a vertex dual never exceeds twice the largest weight. With that headroom
/// no intermediate value overflows and none goes negative.
///
/// # Warm restart
/// Between solves the matcher keeps an optimality certificate of the linear program for
/// matchings with odd-set (blossom) constraints. Writing `y` for the vertex duals
/// (stored doubled), `z` for the blossom duals, and
/// `slack(u, v) = y_u + y_v + 2·Σ{z_B : u, v ∈ B} − 2·w(u, v)`, it consists of
/// 1. feasibility: `y ≥ 0`, `z ≥ 0`, and `slack ≥ 0` for every edge;
/// 2. tightness: every matched edge and every edge of a blossom's cycle has slack zero
///    and positive weight, and every blossom's matching is full (only its base may be
///    matched outside it);
/// 3. complementary slackness: every unmatched vertex has `y = 0`.
///
/// After [`Matcher::solve`] all three hold, which proves the matching optimal.
/// [`Matcher::set_weight`] only records the changed pair. The next `solve` repairs:
/// - it finds the changed edges that break 1 or 2 (an edge whose slack only grew and
///   that need not be tight is left alone), and picks endpoints covering them, greedily,
///   the endpoint with more broken edges first;
/// - for each picked vertex `d` it first tries a *shift*: `y_d` becomes the least value
///   that makes every edge at `d` feasible; if `d`'s matched edge and the cycle edges
///   at `d` stay tight with it (as when all of `d`'s weights moved by the same amount),
///   that is all;
/// - otherwise `d` is *reset*: every blossom containing `d` is re-based at `d` and then
///   dissolved, each blossom's `z` added to its vertices' `y` (which keeps every slack
///   non-negative and every remaining tight edge tight); `d` and its mate are
///   unmatched; and `y_d` becomes the least feasible value.
///
/// That restores 1 and 2 exactly; 3 can then fail only at the reset vertices and their
/// former mates (and at shifted unmatched vertices), and each search stage of the
/// re-solve settles at least one of them. So a re-solve after changing the edges at `k`
/// vertices costs O(k·n) for the repair plus at most `2k` stages of O(n²) each. When
/// more than `8 + n/96` picked vertices need a reset or end unmatched with a positive
/// dual, or more than `n²/4 + 64` pairs changed, the solve starts over instead, which is
/// cheaper then: every dual becomes the vertex's largest weight, followed by a greedy
/// matching along tight edges.
///
/// The results are deterministic: the same calls in the same order give the same
/// matching.
pub(crate) struct Matcher<W: Weight> {
    /// Number of vertices.
    pub(super) n: usize,
    /// Doubled edge weights, row-major `n × n`, symmetric, zero on the diagonal.
    pub(super) w2: Vec<W>,
    /// Duals: `dual[v]` for vertices `v < n` (doubled), `dual[b]` for blossom ids `b ≥ n`.
    pub(super) dual: Vec<W>,
    /// The mate of each vertex, or `NONE`.
    pub(super) mate: Vec<u32>,
    /// The blossom structure.
    pub(super) blossoms: Blossoms,
    /// Scratch state of a search stage.
    pub(super) search: Search<W>,
    /// Pairs whose weight changed since the last solve.
    pending: Vec<(u32, u32)>,
    /// Set when too many pairs changed: the next solve starts over.
    start_over: bool,
    /// Scratch: broken pairs, then per-vertex counts and the vertices to reset.
    broken: Vec<(u32, u32)>,
    counts: Vec<u32>,
    chosen: Vec<u32>,
    scratch: Vec<u32>,
    /// Scratch: the blossoms containing a vertex, innermost first.
    chosen_chain: Vec<u32>,
    /// Scratch for [`Matcher::try_shift`]: `2·Σz` over the blossoms shared with the
    /// vertex being repaired (zero outside its top-level blossom).
    shared_z: Vec<W>,
}

impl<W: Weight> Matcher<W> {
    /// A matcher for `n` vertices and no edges.
    ///
    /// # Panics
    /// If `n` does not fit in a `u32` index (with room for the blossom ids).
    pub(crate) fn new(n: usize) -> Self {
        assert!(n < (u32::MAX / 2) as usize, "too many vertices: {n}");
        Self {
            n,
            w2: vec![W::zero(); n * n],
            dual: vec![W::zero(); 2 * n],
            mate: vec![NONE; n],
            blossoms: Blossoms::new(n),
            search: Search::new(n),
            pending: Vec::new(),
            start_over: false,
            broken: Vec::new(),
            counts: vec![0; n],
            chosen: Vec::new(),
            scratch: Vec::new(),
            chosen_chain: Vec::new(),
            shared_z: vec![W::zero(); n],
        }
    }

    #[cfg(test)]
    /// The number of vertices.
    pub(crate) fn vertex_count(&self) -> usize {
        self.n
    }

    /// The largest number of bits an edge weight may have: `W::CAPACITY_BITS - 2`.
    pub(crate) const MAX_WEIGHT_BITS: u32 = W::CAPACITY_BITS - 2;

    /// Sets the weight of the edge `{u, v}`; zero removes the edge. Takes effect at the
    /// next [`Matcher::solve`], which repairs only what the change breaks.
    ///
    /// # Panics
    /// If `u == v`, if either is not below [`Matcher::vertex_count`], if `weight` is
    /// negative, or if it has more than [`Matcher::MAX_WEIGHT_BITS`] bits.
    pub(crate) fn set_weight(&mut self, u: usize, v: usize, weight: W) {
        let n = self.n;
        assert!(u < n && v < n, "vertex out of range: {u}, {v} (n = {n})");
        assert!(u != v, "no loops: {u}");
        assert!(weight >= W::zero(), "negative weight {weight:?}");
        assert!(
            weight.bits() <= Self::MAX_WEIGHT_BITS,
            "weight {weight:?} has more than {} bits",
            Self::MAX_WEIGHT_BITS
        );
        let mut doubled = weight;
        doubled.double_in_place();
        if self.w2[u * n + v] == doubled {
            return;
        }
        self.w2[v * n + u] = doubled.clone();
        self.w2[u * n + v] = doubled;
        if self.start_over {
            return;
        }
        if self.pending.len() >= n * n / 8 + 64 {
            self.start_over = true;
            self.pending = Vec::new();
        } else {
            self.pending.push((u as u32, v as u32));
        }
    }

    /// The weight of the edge `{u, v}` (zero if there is none).
    ///
    /// # Panics
    /// If either vertex is not below [`Matcher::vertex_count`].
    pub(crate) fn weight(&self, u: usize, v: usize) -> W {
        assert!(u < self.n && v < self.n, "vertex out of range: {u}, {v}");
        let mut w = self.w2[u * self.n + v].clone();
        w.halve_in_place();
        w
    }

    /// Computes a maximum-weight matching for the current weights, reusing the previous
    /// solution where the weight changes left it valid.
    pub(crate) fn solve(&mut self) {
        if self.start_over {
            self.start_over_from_scratch();
        } else {
            self.repair();
        }
        for v in 0..self.n {
            if self.mate[v] == NONE && !self.dual[v].is_zero() {
                self.stage(v as u32);
            }
        }
    }

    /// Makes the next solve start over (to test that path on any graph).
    #[cfg(test)]
    pub(super) fn force_start_over(&mut self) {
        self.start_over = true;
    }

    /// The mate of `v` in the current matching.
    ///
    /// # Panics
    /// If `v` is not below [`Matcher::vertex_count`].
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        match self.mate[v] {
            NONE => None,
            m => Some(m as usize),
        }
    }

    /// The matched pairs `(u, v)` with `u < v`, by increasing `u`.
    pub(crate) fn matching(&self) -> Vec<(usize, usize)> {
        (0..self.n)
            .filter_map(|u| self.mate(u).filter(|&v| u < v).map(|v| (u, v)))
            .collect()
    }

    /// The total weight of the current matching. The caller must leave room for the sum
    /// in `W` (overflow is a logic error, as for [`Weight::add_in_place`]).
    pub(crate) fn total_weight(&self) -> W {
        let mut total = W::zero();
        for (u, v) in self.matching() {
            total.add_in_place(&self.weight(u, v));
        }
        total
    }

    /// Drops the matching and the blossoms, and sets every vertex dual to its largest
    /// incident weight; then matches greedily along the edges that are tight.
    fn start_over_from_scratch(&mut self) {
        let n = self.n;
        self.start_over = false;
        self.pending.clear();
        self.blossoms.clear();
        self.mate.fill(NONE);
        for b in n..2 * n {
            self.dual[b] = W::zero();
        }
        for v in 0..n {
            let row = &self.w2[v * n..(v + 1) * n];
            let mut y = row.iter().max().cloned().unwrap_or_else(W::zero);
            y.halve_in_place();
            self.dual[v] = y;
        }
        self.match_tight_greedily();
        // Second pass: each vertex left unmatched lowers its dual to the least feasible
        // value, which makes at least one of its edges tight, and is matched along such an
        // edge if the other end is free. Every vertex this matches saves a search stage.
        for u in 0..n {
            if self.mate[u] != NONE {
                continue;
            }
            let mut least = W::zero();
            for x in 0..n {
                let e = &self.w2[u * n + x];
                if x == u || e.is_zero() || *e <= self.dual[x] {
                    continue;
                }
                let mut need = e.clone();
                need.sub_in_place(&self.dual[x]);
                if need > least {
                    least = need;
                }
            }
            self.dual[u] = least;
            if let Some(x) =
                (0..n).find(|&x| x != u && self.mate[x] == NONE && self.is_tight_outside(u, x))
            {
                self.mate[u] = x as u32;
                self.mate[x] = u as u32;
            }
        }
    }

    /// Whether `{u, v}` is an edge with `y_u + y_v` equal to its (doubled) weight: tight,
    /// for vertices in no common blossom.
    fn is_tight_outside(&self, u: usize, v: usize) -> bool {
        let e = &self.w2[u * self.n + v];
        let mut sum = self.dual[u].clone();
        sum.add_in_place(&self.dual[v]);
        !e.is_zero() && sum == *e
    }

    /// Matches each unmatched vertex, in order, to the first later unmatched vertex
    /// joined to it by a tight edge.
    fn match_tight_greedily(&mut self) {
        let n = self.n;
        for u in 0..n {
            if self.mate[u] != NONE {
                continue;
            }
            if let Some(x) =
                (u + 1..n).find(|&x| self.mate[x] == NONE && self.is_tight_outside(u, x))
            {
                self.mate[u] = x as u32;
                self.mate[x] = u as u32;
            }
        }
    }

    /// Restores feasibility and tightness after weight changes (see the type's doc).
    fn repair(&mut self) {
        let mut pending = std::mem::take(&mut self.pending);
        let mut broken = std::mem::take(&mut self.broken);
        broken.clear();
        for &(u, v) in &pending {
            if self.is_broken(u, v) {
                broken.push((u, v));
            }
        }
        pending.clear();
        self.pending = pending;
        for &(u, v) in &broken {
            self.counts[u as usize] += 1;
            self.counts[v as usize] += 1;
        }
        // Cover the broken edges by endpoints, preferring the endpoint with more of them;
        // a chosen vertex has its count set to zero (and stays so until the reset below).
        let mut chosen = std::mem::take(&mut self.chosen);
        chosen.clear();
        for &(u, v) in &broken {
            let (cu, cv) = (self.counts[u as usize], self.counts[v as usize]);
            if cu == 0 || cv == 0 {
                continue;
            }
            let pick = if cu >= cv { u } else { v };
            chosen.push(pick);
            self.counts[pick as usize] = 0;
        }
        for &(u, v) in &broken {
            self.counts[u as usize] = 0;
            self.counts[v as usize] = 0;
        }
        self.broken = broken;
        // Shift what can be shifted. Each vertex left for a reset, and each unmatched
        // one shifted to a positive dual, will cost a search stage: if there are too many,
        // starting over is cheaper.
        let mut stages = 0;
        chosen.retain(|&d| {
            let shifted = self.try_shift(d);
            if !shifted || (self.mate[d as usize] == NONE && !self.dual[d as usize].is_zero()) {
                stages += 1;
            }
            !shifted
        });
        if stages > 8 + self.n / 96 {
            self.start_over_from_scratch();
        } else {
            for &d in &chosen {
                self.reset_vertex(d);
            }
        }
        self.chosen = chosen;
    }

    /// Whether the edge `{u, v}` breaks feasibility or tightness (see the type's doc).
    fn is_broken(&mut self, u: u32, v: u32) -> bool {
        let (ui, vi) = (u as usize, v as usize);
        let common = self.common_blossom(u, v);
        let in_cycle = common.is_some_and(|b| {
            self.blossoms
                .edges(b)
                .iter()
                .any(|&edge| edge == (u, v) || edge == (v, u))
        });
        let must_be_tight = in_cycle || self.mate[ui] == v;
        if must_be_tight && self.w2[ui * self.n + vi].is_zero() {
            return true;
        }
        match self.compare_cover(u, v, common) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => false,
            std::cmp::Ordering::Greater => must_be_tight,
        }
    }

    /// Whether the edge `{u, v}` exists and has zero slack. After a solve, with no weight
    /// changed since except edges removed, only such edges can belong to a
    /// maximum-weight matching (complementary slackness): a cheap necessary condition.
    pub(crate) fn is_tight(&mut self, u: usize, v: usize) -> bool {
        assert!(u < self.n && v < self.n, "vertex out of range: {u}, {v}");
        if u == v || self.w2[u * self.n + v].is_zero() {
            return false;
        }
        let common = self.common_blossom(u as u32, v as u32);
        self.compare_cover(u as u32, v as u32, common) == std::cmp::Ordering::Equal
    }

    /// Changes the current matching into one that pairs `a` with `b`, if an alternating
    /// path of tight edges between vertices outside every blossom leads from `a`'s mate to
    /// `b`'s mate; answers whether it did. The new matching uses tight edges only and
    /// covers the same vertices, so with the same duals it is optimal too: this finds many
    /// "is there an optimum with `{a, b}`?" answers without a re-solve. A `false` means
    /// only that no such path was found. Call it right after a solve (edges removed since
    /// are fine, other weight changes are not).
    pub(crate) fn rematch_with(&mut self, a: usize, b: usize) -> bool {
        let n = self.n;
        assert!(a < n && b < n, "vertex out of range: {a}, {b}");
        if self.mate[a] == b as u32 {
            return true;
        }
        let outside = |m: &Self, v: usize| m.blossoms.top[v] == v as u32;
        let (ma, mb) = (self.mate[a], self.mate[b]);
        if a == b
            || ma == NONE
            || mb == NONE
            || ![a, b, ma as usize, mb as usize]
                .iter()
                .all(|&v| outside(self, v))
            || !self.is_tight_outside(a, b)
        {
            return false;
        }
        let (start, target) = (ma as usize, mb as usize);
        // parent[x]: the vertex x was reached from (outer vertices: their mate).
        let mut parent = vec![NONE; n];
        parent[start] = start as u32;
        parent[a] = a as u32;
        parent[b] = b as u32;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut end = None;
        'search: while let Some(u) = queue.pop_front() {
            for x in 0..n {
                if parent[x] != NONE || !outside(self, x) || !self.is_tight_outside(u, x) {
                    continue;
                }
                if x == target {
                    end = Some(u);
                    break 'search;
                }
                let mx = self.mate[x];
                if mx == NONE || parent[mx as usize] != NONE || !outside(self, mx as usize) {
                    continue;
                }
                parent[x] = u as u32;
                parent[mx as usize] = x as u32;
                queue.push_back(mx as usize);
            }
        }
        let Some(mut outer) = end else {
            return false;
        };
        let mut pairs = vec![(a, b), (outer, target)];
        while outer != start {
            let inner = parent[outer] as usize;
            let next = parent[inner] as usize;
            pairs.push((next, inner));
            outer = next;
        }
        for (u, v) in pairs {
            self.mate[u] = v as u32;
            self.mate[v] = u as u32;
        }
        true
    }

    /// The innermost blossom containing both `u` and `v`, if any.
    fn common_blossom(&mut self, u: u32, v: u32) -> Option<u32> {
        if self.blossoms.top[u as usize] == self.blossoms.top[v as usize] {
            self.blossoms.lowest_common(u, v)
        } else {
            None
        }
    }

    /// Compares `y_u + y_v + 2·Σz` (the blossoms from `common` up) with the doubled weight
    /// of `{u, v}`, by subtracting the terms from the weight (no overflow).
    fn compare_cover(&self, u: u32, v: u32, common: Option<u32>) -> std::cmp::Ordering {
        let (ui, vi) = (u as usize, v as usize);
        let mut rest = self.w2[ui * self.n + vi].clone();
        let mut exceeds = false;
        let mut take = |term: &W| {
            if exceeds || term.is_zero() {
                return;
            }
            if *term <= rest {
                rest.sub_in_place(term);
            } else {
                exceeds = true;
            }
        };
        take(&self.dual[ui]);
        take(&self.dual[vi]);
        let mut b = common.unwrap_or(NONE);
        while b != NONE {
            take(&self.dual[b as usize]);
            take(&self.dual[b as usize]);
            b = self.blossoms.parent[b as usize];
        }
        if exceeds {
            std::cmp::Ordering::Greater
        } else if rest.is_zero() {
            std::cmp::Ordering::Equal
        } else {
            std::cmp::Ordering::Less
        }
    }

    /// Tries to repair vertex `d` by changing `y_d` alone: sets it to the least value
    /// that makes every edge at `d` feasible if that keeps `d`'s matched edge and its
    /// blossom cycle edges tight (as when all of `d`'s weights moved by the same amount),
    /// and returns whether it did.
    fn try_shift(&mut self, d: u32) -> bool {
        let n = self.n;
        let di = d as usize;
        // Record 2·Σz of the blossoms shared with `d`, level by level from the top.
        let mut leaves = std::mem::take(&mut self.scratch);
        let mut chain = std::mem::take(&mut self.chosen_chain);
        chain.clear();
        let mut b = self.blossoms.parent[di];
        while b != NONE {
            chain.push(b);
            b = self.blossoms.parent[b as usize];
        }
        let mut acc = W::zero();
        for level in (0..chain.len()).rev() {
            let b = chain[level];
            let mut z = self.dual[b as usize].clone();
            z.double_in_place();
            acc.add_in_place(&z);
            let below = if level == 0 { d } else { chain[level - 1] };
            leaves.clear();
            for &c in self.blossoms.children(b) {
                if c != below {
                    self.blossoms.leaves(c, &mut leaves);
                }
            }
            for &x in &leaves {
                self.shared_z[x as usize] = acc.clone();
            }
        }
        // The least feasible y_d.
        let mut need = W::zero();
        let row = &self.w2[di * n..(di + 1) * n];
        for (x, e) in row.iter().enumerate() {
            if e.is_zero() {
                continue;
            }
            let mut cover = self.dual[x].clone();
            cover.add_in_place(&self.shared_z[x]);
            if *e > cover {
                let mut gap = e.clone();
                gap.sub_in_place(&cover);
                if gap > need {
                    need = gap;
                }
            }
        }
        // The edges that must stay tight.
        let tight = |x: u32| {
            let e = &row[x as usize];
            let mut covered = need.clone();
            covered.add_in_place(&self.dual[x as usize]);
            covered.add_in_place(&self.shared_z[x as usize]);
            !e.is_zero() && covered == *e
        };
        let mut ok = self.mate[di] == NONE || tight(self.mate[di]);
        for &b in &chain {
            for &(x, y) in self.blossoms.edges(b) {
                if ok && x == d {
                    ok = tight(y);
                } else if ok && y == d {
                    ok = tight(x);
                }
            }
        }
        for &b in &chain {
            leaves.clear();
            self.blossoms.leaves(b, &mut leaves);
            for &x in &leaves {
                self.shared_z[x as usize] = W::zero();
            }
        }
        self.scratch = leaves;
        self.chosen_chain = chain;
        if ok {
            self.dual[di] = need;
        }
        ok
    }

    /// Resets vertex `d`: dissolves the blossoms containing it (re-based at `d` first),
    /// unmatches it, and sets its dual to the least feasible value.
    fn reset_vertex(&mut self, d: u32) {
        let di = d as usize;
        let b = self.blossoms.top[di];
        if self.blossoms.is_blossom(b) {
            let old_mate = self.mate[self.blossoms.base[b as usize] as usize];
            self.blossoms.rotate(b, d, &mut self.mate);
            if old_mate != NONE {
                self.mate[old_mate as usize] = NONE;
            }
            self.mate[di] = NONE;
            let mut leaves = std::mem::take(&mut self.scratch);
            while self.blossoms.top[di] != d {
                let b = self.blossoms.top[di];
                let z = std::mem::replace(&mut self.dual[b as usize], W::zero());
                leaves.clear();
                self.blossoms.leaves(b, &mut leaves);
                for &x in &leaves {
                    self.dual[x as usize].add_in_place(&z);
                }
                self.blossoms.dissolve(b);
            }
            self.scratch = leaves;
        } else if self.mate[di] != NONE {
            let m = self.mate[di];
            self.mate[m as usize] = NONE;
            self.mate[di] = NONE;
        }
        let n = self.n;
        let mut y = W::zero();
        for (e, yx) in self.w2[di * n..(di + 1) * n].iter().zip(&self.dual[..n]) {
            if e > yx {
                let mut need = e.clone();
                need.sub_in_place(yx);
                if need > y {
                    y = need;
                }
            }
        }
        self.dual[di] = y;
    }
}
