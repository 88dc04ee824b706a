//! The nested blossom structure: which vertices form blossoms, in which cycle order,
//! joined by which edges, and the operations on it that do not involve weights
//! (creating, dissolving and re-basing blossoms).
//!
//! Nodes are numbered `0..2n`: nodes `0..n` are the vertices (trivial blossoms), nodes
//! `n..2n` are ids for non-trivial blossoms (at most `n / 2` exist at once).

/// "No node / no vertex" in the `u32` index arrays.
pub(super) const NONE: u32 = u32::MAX;

/// The laminar family of blossoms over `n` vertices.
pub(super) struct Blossoms {
    n: usize,
    /// For each vertex, the top-level blossom (or the vertex itself) containing it.
    pub(super) top: Vec<u32>,
    /// For each node, the blossom directly containing it, or `NONE` at top level.
    pub(super) parent: Vec<u32>,
    /// For each node, its base vertex; `NONE` for unused blossom ids.
    pub(super) base: Vec<u32>,
    /// For blossom `n + i`: its sub-blossoms in cycle order, the one holding the base first.
    children: Vec<Vec<u32>>,
    /// For blossom `n + i`: `edges[j] = (x, y)` joins `x` in child `j` to `y` in child
    /// `j + 1` (cyclically). The edges at odd positions are matched.
    edges: Vec<Vec<(u32, u32)>>,
    /// Unused blossom ids, popped from the end.
    unused: Vec<u32>,
    /// Scratch marks for [`Blossoms::lowest_common`].
    marks: Marks,
}

/// Stamp-based node marks: `begin` clears all marks in O(1).
pub(super) struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    /// Marks over `len` nodes, all clear.
    pub(super) fn new(len: usize) -> Self {
        Self {
            stamp: vec![0; len],
            current: 0,
        }
    }

    /// Clears all marks.
    pub(super) fn begin(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    /// Marks `node`; returns whether it was already marked.
    pub(super) fn mark(&mut self, node: u32) -> bool {
        let slot = &mut self.stamp[node as usize];
        let was = *slot == self.current;
        *slot = self.current;
        was
    }

    /// Whether `node` is marked.
    pub(super) fn is_marked(&self, node: u32) -> bool {
        self.stamp[node as usize] == self.current
    }
}

impl Blossoms {
    /// `n` vertices, each its own top-level (trivial) blossom.
    pub(super) fn new(n: usize) -> Self {
        let mut blossoms = Self {
            n,
            top: Vec::new(),
            parent: Vec::new(),
            base: Vec::new(),
            children: vec![Vec::new(); n],
            edges: vec![Vec::new(); n],
            unused: Vec::new(),
            marks: Marks::new(2 * n),
        };
        blossoms.clear();
        blossoms
    }

    /// Removes every non-trivial blossom.
    pub(super) fn clear(&mut self) {
        let n = self.n;
        self.top.clear();
        self.top.extend(0..n as u32);
        self.parent.clear();
        self.parent.resize(2 * n, NONE);
        self.base.clear();
        self.base.extend(0..n as u32);
        self.base.resize(2 * n, NONE);
        self.unused.clear();
        self.unused.extend((n as u32..2 * n as u32).rev());
        for list in &mut self.children {
            list.clear();
        }
        for list in &mut self.edges {
            list.clear();
        }
    }

    /// Whether `node` is a non-trivial blossom (rather than a vertex).
    #[inline]
    pub(super) fn is_blossom(&self, node: u32) -> bool {
        node as usize >= self.n
    }

    /// Whether `node` is a top-level blossom or vertex in use.
    #[inline]
    pub(super) fn is_top(&self, node: u32) -> bool {
        let i = node as usize;
        if i < self.n {
            self.top[i] == node
        } else {
            self.base[i] != NONE && self.parent[i] == NONE
        }
    }

    /// The sub-blossoms of blossom `b` in cycle order.
    pub(super) fn children(&self, b: u32) -> &[u32] {
        &self.children[b as usize - self.n]
    }

    /// The cycle edges of blossom `b` (see the field doc).
    pub(super) fn edges(&self, b: u32) -> &[(u32, u32)] {
        &self.edges[b as usize - self.n]
    }

    /// Appends the vertices of `node` to `out`.
    pub(super) fn leaves(&self, node: u32, out: &mut Vec<u32>) {
        let mut i = out.len();
        out.push(node);
        while i < out.len() {
            let x = out[i];
            if self.is_blossom(x) {
                let children = self.children(x);
                out[i] = children[0];
                out.extend_from_slice(&children[1..]);
            } else {
                i += 1;
            }
        }
    }

    /// The child of blossom `b` that contains vertex `v` (which must be inside `b`).
    fn child_containing(&self, b: u32, v: u32) -> u32 {
        let mut c = v;
        while self.parent[c as usize] != b {
            c = self.parent[c as usize];
        }
        c
    }

    /// Position in the cycle of blossom `b` of its child containing vertex `v`.
    pub(super) fn position_of(&self, b: u32, v: u32) -> usize {
        let c = self.child_containing(b, v);
        self.children(b).iter().position(|&x| x == c).unwrap_or(0)
    }

    /// Makes a new top-level blossom of the top-level nodes `children` (cycle order,
    /// base child first) joined by `edges` (as in the field doc), and returns its id.
    pub(super) fn create(&mut self, children: &[u32], edges: &[(u32, u32)]) -> u32 {
        let Some(b) = self.unused.pop() else {
            unreachable!("a laminar family of odd cycles has at most n/2 blossoms")
        };
        let slot = b as usize - self.n;
        self.children[slot].clear();
        self.children[slot].extend_from_slice(children);
        self.edges[slot].clear();
        self.edges[slot].extend_from_slice(edges);
        self.base[b as usize] = self.base[children[0] as usize];
        self.parent[b as usize] = NONE;
        for &c in children {
            self.parent[c as usize] = b;
        }
        let mut leaves = std::mem::take(&mut self.children[slot]);
        let count = leaves.len();
        self.leaves_of_all(&mut leaves, count);
        for &v in &leaves[count..] {
            self.top[v as usize] = b;
        }
        leaves.truncate(count);
        self.children[slot] = leaves;
        b
    }

    /// Appends the vertices of the first `count` nodes of `list` to `list`.
    fn leaves_of_all(&self, list: &mut Vec<u32>, count: usize) {
        for i in 0..count {
            self.leaves(list[i], list);
        }
    }

    /// Dissolves the top-level blossom `b`: its children become top-level.
    pub(super) fn dissolve(&mut self, b: u32) {
        let slot = b as usize - self.n;
        let mut children = std::mem::take(&mut self.children[slot]);
        let count = children.len();
        for &c in &children {
            self.parent[c as usize] = NONE;
        }
        for i in 0..count {
            let c = children[i];
            let start = children.len();
            self.leaves(c, &mut children);
            for &v in &children[start..] {
                self.top[v as usize] = c;
            }
            children.truncate(start);
        }
        children.clear();
        self.children[slot] = children;
        self.edges[slot].clear();
        self.base[b as usize] = NONE;
        self.parent[b as usize] = NONE;
        self.unused.push(b);
    }

    /// Makes vertex `v` the base of blossom `b` (and of every blossom inside `b` that
    /// contains `v`) by flipping the matching along the even alternating path in `b`
    /// from `v` to the old base. `mate[v]` is left for the caller to set; every other
    /// vertex of `b` ends matched inside `b`.
    pub(super) fn rotate(&mut self, b: u32, v: u32, mate: &mut [u32]) {
        let c = self.child_containing(b, v);
        if self.is_blossom(c) {
            self.rotate(c, v, mate);
        }
        let slot = b as usize - self.n;
        let k = self.children[slot].len();
        let i = self.children[slot]
            .iter()
            .position(|&x| x == c)
            .unwrap_or(0);
        // Flip every other edge on the even path from child `i` to child 0: forward when
        // the matched edge at `i` leads forward (odd `i`), else backward.
        let mut flip = |blossoms: &mut Self, j: usize| {
            let (x, y) = blossoms.edges[slot][j];
            let cx = blossoms.children[slot][j];
            let cy = blossoms.children[slot][(j + 1) % k];
            if blossoms.is_blossom(cx) {
                blossoms.rotate(cx, x, mate);
            }
            if blossoms.is_blossom(cy) {
                blossoms.rotate(cy, y, mate);
            }
            mate[x as usize] = y;
            mate[y as usize] = x;
        };
        if i % 2 == 1 {
            let mut j = i + 1;
            while j < k {
                flip(self, j);
                j += 2;
            }
        } else {
            let mut j = i;
            while j >= 2 {
                flip(self, j - 2);
                j -= 2;
            }
        }
        self.children[slot].rotate_left(i);
        self.edges[slot].rotate_left(i);
        self.base[b as usize] = v;
    }

    /// The smallest blossom containing both vertices `u` and `v`, if any.
    pub(super) fn lowest_common(&mut self, u: u32, v: u32) -> Option<u32> {
        self.marks.begin();
        let mut x = self.parent[u as usize];
        while x != NONE {
            self.marks.mark(x);
            x = self.parent[x as usize];
        }
        let mut y = self.parent[v as usize];
        while y != NONE {
            if self.marks.is_marked(y) {
                return Some(y);
            }
            y = self.parent[y as usize];
        }
        None
    }
}
