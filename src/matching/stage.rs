//! One search stage of the primal–dual algorithm: grow an alternating tree from one
//! unmatched vertex with a positive dual, shrinking odd cycles into blossoms, expanding
//! blossoms whose dual drops to zero, and adjusting the duals, until the root is matched
//! (an augmenting path was found) or a vertex dual of the tree reaches zero (then the
//! path from that vertex to the root is flipped, which matches the root and leaves the
//! zero-dual vertex unmatched).
//!
//! Bookkeeping for the dual adjustment `δ` (Galil's O(n²) per stage):
//! - for every vertex outside the tree's S-blossoms, the least-slack edge to an S-vertex
//!   and its slack (`near`, `near_slack`);
//! - for every top-level S-blossom, the least-slack edge to another S-blossom (`sbest`,
//!   `sbest_slack`), and for the S-blossoms formed in this stage a list with, for each
//!   other S-blossom, a least-slack edge to it (`lists`; see [`Matcher::form_blossom`]).

use std::mem;

use super::blossom::{Marks, NONE};
use super::matcher::Matcher;
use super::weight::Weight;

/// The label of a top-level blossom in the alternating tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Label {
    /// Not in the tree.
    Out,
    /// Outer: at even distance from the root.
    S,
    /// Inner: at odd distance from the root.
    T,
}

/// Scratch state of a stage, sized for `n` vertices (`2n` nodes).
pub(super) struct Search<W> {
    /// Label of each top-level node (stale for other nodes).
    label: Vec<Label>,
    /// For a T node: the tree edge `(s, t)` into it, `s` in its S parent, `t` in it.
    /// For an S node: `(t, NONE)` with `t` the mate of its base (`NONE` at the root).
    label_edge: Vec<(u32, u32)>,
    /// For each vertex not in an S-blossom: its least-slack S-vertex neighbour, or NONE.
    near: Vec<u32>,
    /// The slack of the edge to `near`.
    near_slack: Vec<W>,
    /// For each top-level S node: a least-slack edge `(inside, outside)` to another
    /// S-blossom, or `(NONE, NONE)`.
    sbest: Vec<(u32, u32)>,
    /// The slack of `sbest`.
    sbest_slack: Vec<W>,
    /// Whether the node has a valid list in `lists` (S-blossoms formed in this stage).
    listed: Vec<bool>,
    /// For blossom `n + i` when listed: edges `(inside, outside)` to other S-blossoms,
    /// containing a least-slack one to each S-blossom.
    lists: Vec<Vec<(u32, u32)>>,
    /// S-vertices still to scan.
    queue: Vec<u32>,
    /// Marks for finding where two tree paths meet.
    marks: Marks,
    /// Scratch for merging lists: best edge per other top-level node.
    bucket: Vec<(u32, u32)>,
    bucket_slack: Vec<W>,
    touched: Vec<u32>,
    /// Scratch node and edge lists.
    nodes: Vec<u32>,
    edges: Vec<(u32, u32)>,
    leaves: Vec<u32>,
}

impl<W: Weight> Search<W> {
    /// Scratch state for `n` vertices.
    pub(super) fn new(n: usize) -> Self {
        Self {
            label: vec![Label::Out; 2 * n],
            label_edge: vec![(NONE, NONE); 2 * n],
            near: vec![NONE; n],
            near_slack: vec![W::zero(); n],
            sbest: vec![(NONE, NONE); 2 * n],
            sbest_slack: vec![W::zero(); 2 * n],
            listed: vec![false; 2 * n],
            lists: vec![Vec::new(); n],
            queue: Vec::new(),
            marks: Marks::new(2 * n),
            bucket: vec![(NONE, NONE); 2 * n],
            bucket_slack: vec![W::zero(); 2 * n],
            touched: Vec::new(),
            nodes: Vec::new(),
            edges: Vec::new(),
            leaves: Vec::new(),
        }
    }
}

/// What the dual adjustment stopped at.
enum Event {
    /// An S-vertex dual reached zero.
    ZeroDual(u32),
    /// The edge from `near[x]` to vertex `x` (outside the tree) became tight.
    Grow(u32),
    /// The `sbest` edge of S-blossom `b` became tight.
    Shrink(u32),
    /// The dual of T-blossom `b` reached zero.
    Expand(u32),
}

impl<W: Weight> Matcher<W> {
    /// Runs a stage rooted at the unmatched vertex `root`, whose dual is positive.
    /// Afterwards `root` is matched or has dual zero.
    pub(super) fn stage(&mut self, root: u32) {
        self.begin_stage();
        let top = self.blossoms.top[root as usize];
        self.label_s(top, NONE);
        'stage: loop {
            while let Some(v) = self.search.queue.pop() {
                if self.scan(v) {
                    break 'stage;
                }
            }
            if self.adjust_duals() {
                break;
            }
        }
        self.end_stage();
    }

    /// Clears the labels and the bookkeeping of the previous stage.
    fn begin_stage(&mut self) {
        let s = &mut self.search;
        s.label.fill(Label::Out);
        s.near.fill(NONE);
        s.sbest.fill((NONE, NONE));
        for (i, listed) in s.listed.iter_mut().enumerate() {
            if mem::replace(listed, false) {
                s.lists[i - self.n].clear();
            }
        }
        s.queue.clear();
    }

    /// Dissolves the top-level S-blossoms whose dual is zero.
    fn end_stage(&mut self) {
        let mut doomed = mem::take(&mut self.search.nodes);
        doomed.clear();
        for b in self.n as u32..2 * self.n as u32 {
            if self.blossoms.is_top(b)
                && self.search.label[b as usize] == Label::S
                && self.dual[b as usize].is_zero()
            {
                doomed.push(b);
            }
        }
        for &b in &doomed {
            self.blossoms.dissolve(b);
        }
        self.search.nodes = doomed;
    }

    /// Labels the top-level node `b` S (`t` is the mate of its base, or NONE for the
    /// root) and queues its vertices for scanning.
    fn label_s(&mut self, b: u32, t: u32) {
        let s = &mut self.search;
        s.label[b as usize] = Label::S;
        s.label_edge[b as usize] = (t, NONE);
        s.sbest[b as usize] = (NONE, NONE);
        self.blossoms.leaves(b, &mut s.queue);
    }

    /// Labels the top-level node `b` T, reached along the edge `(s, t)`, `t` in `b`.
    fn label_t(&mut self, b: u32, s: u32, t: u32) {
        self.search.label[b as usize] = Label::T;
        self.search.label_edge[b as usize] = (s, t);
    }

    /// `y_u + y_v − 2·w(u, v)` for vertices in different top-level blossoms.
    #[inline]
    fn slack(&self, u: u32, v: u32) -> W {
        let mut slack = self.dual[u as usize].clone();
        slack.add_in_place(&self.dual[v as usize]);
        slack.sub_in_place(&self.w2[u as usize * self.n + v as usize]);
        slack
    }

    /// Scans the edges of the S-vertex `v`. Returns whether the stage ended.
    fn scan(&mut self, v: u32) -> bool {
        let n = self.n;
        let vi = v as usize;
        let yv = self.dual[vi].clone();
        for x in 0..n {
            let e = &self.w2[vi * n + x];
            if e.is_zero() {
                continue;
            }
            let bv = self.blossoms.top[vi];
            let bx = self.blossoms.top[x];
            if bv == bx {
                continue;
            }
            let mut slack = yv.clone();
            slack.add_in_place(&self.dual[x]);
            slack.sub_in_place(e);
            let x = x as u32;
            match self.search.label[bx as usize] {
                Label::S if slack.is_zero() => self.form_blossom(v, x),
                Label::S => self.offer_s_edge(v, x, slack),
                Label::Out if slack.is_zero() => {
                    if self.reach(v, x) {
                        return true;
                    }
                }
                Label::Out | Label::T => {
                    let s = &mut self.search;
                    let xi = x as usize;
                    if s.near[xi] == NONE || slack < s.near_slack[xi] {
                        s.near[xi] = v;
                        s.near_slack[xi] = slack;
                    }
                }
            }
        }
        false
    }

    /// Records the non-tight edge `(v, x)` between two S-blossoms.
    fn offer_s_edge(&mut self, v: u32, x: u32, slack: W) {
        let bv = self.blossoms.top[v as usize] as usize;
        let bx = self.blossoms.top[x as usize] as usize;
        let s = &mut self.search;
        if s.sbest[bv].0 == NONE || slack < s.sbest_slack[bv] {
            s.sbest[bv] = (v, x);
            s.sbest_slack[bv] = slack.clone();
        }
        if s.listed[bx] {
            // Keep one entry per scanned vertex: while `v` is being scanned, the last
            // entry it added to this list is still the last one.
            let list = &mut s.lists[bx - self.n];
            let replace = match list.last() {
                Some(&(x0, v0)) if v0 == v => {
                    let mut old = self.dual[x0 as usize].clone();
                    old.add_in_place(&self.dual[v as usize]);
                    old.sub_in_place(&self.w2[x0 as usize * self.n + v as usize]);
                    Some(slack < old)
                }
                _ => None,
            };
            match replace {
                Some(true) => {
                    if let Some(last) = list.last_mut() {
                        *last = (x, v);
                    }
                }
                Some(false) => {}
                None => list.push((x, v)),
            }
            if s.sbest[bx].0 == NONE || slack < s.sbest_slack[bx] {
                s.sbest[bx] = (x, v);
                s.sbest_slack[bx] = slack;
            }
        }
    }

    /// Handles the tight edge from the S-vertex `v` to `x`, outside the tree: augments
    /// if `x`'s blossom has an unmatched base, else adds that blossom (T) and the one
    /// matched to it (S) to the tree. Returns whether the stage ended.
    fn reach(&mut self, v: u32, x: u32) -> bool {
        let bx = self.blossoms.top[x as usize];
        let base = self.blossoms.base[bx as usize];
        let m = self.mate[base as usize];
        if m == NONE {
            self.flip_to_root(v, x);
            if self.blossoms.is_blossom(bx) {
                self.blossoms.rotate(bx, x, &mut self.mate);
            }
            self.mate[x as usize] = v;
            return true;
        }
        self.label_t(bx, v, x);
        let bm = self.blossoms.top[m as usize];
        self.label_s(bm, base);
        false
    }

    /// Matches the S-vertex `s` to `partner` (NONE: leaves it unmatched) and flips the
    /// tree path from `s` to the root, which matches the root.
    fn flip_to_root(&mut self, s: u32, partner: u32) {
        let (mut s, mut partner) = (s, partner);
        loop {
            let bs = self.blossoms.top[s as usize];
            let t = self.search.label_edge[bs as usize].0;
            if self.blossoms.is_blossom(bs) {
                self.blossoms.rotate(bs, s, &mut self.mate);
            }
            self.mate[s as usize] = partner;
            if t == NONE {
                return;
            }
            let bt = self.blossoms.top[t as usize];
            let (s_next, entry) = self.search.label_edge[bt as usize];
            if self.blossoms.is_blossom(bt) {
                self.blossoms.rotate(bt, entry, &mut self.mate);
            }
            self.mate[entry as usize] = s_next;
            s = s_next;
            partner = entry;
        }
    }

    /// The S node one step (S, T, S) up the tree from the S node `b`, or NONE at the root.
    fn s_parent(&self, b: u32) -> u32 {
        let t = self.search.label_edge[b as usize].0;
        if t == NONE {
            return NONE;
        }
        let bt = self.blossoms.top[t as usize];
        let s = self.search.label_edge[bt as usize].0;
        self.blossoms.top[s as usize]
    }

    /// The tree edge from the node `b` up to its parent, as `(in b, in parent)`.
    fn up_edge(&self, b: u32) -> (u32, u32) {
        match self.search.label[b as usize] {
            Label::S => (
                self.blossoms.base[b as usize],
                self.search.label_edge[b as usize].0,
            ),
            _ => {
                let (s, t) = self.search.label_edge[b as usize];
                (t, s)
            }
        }
    }

    /// The tree parent of node `b` (S or T), which must not be the root.
    fn tree_parent(&self, b: u32) -> u32 {
        let (_, up) = self.up_edge(b);
        self.blossoms.top[up as usize]
    }

    /// Shrinks the cycle closed by the tight edge `(v, w)` between two S-blossoms of the
    /// tree into a new S-blossom, and builds its list of least-slack edges to the other
    /// S-blossoms from its children's lists (or, for children without one, from their
    /// vertices' edges).
    fn form_blossom(&mut self, v: u32, w: u32) {
        let bv = self.blossoms.top[v as usize];
        let bw = self.blossoms.top[w as usize];
        // Where the two tree paths meet.
        self.search.marks.begin();
        let (mut a, mut b) = (bv, bw);
        let base = loop {
            if a == NONE && b == NONE {
                unreachable!("two S-blossoms of one tree meet at or below the root")
            }
            if a != NONE {
                if self.search.marks.mark(a) {
                    break a;
                }
                a = self.s_parent(a);
            }
            if b != NONE {
                if self.search.marks.mark(b) {
                    break b;
                }
                b = self.s_parent(b);
            }
        };
        // Cycle: base, the path down to bv, then bw and the path up to base.
        let mut nodes = mem::take(&mut self.search.nodes);
        let mut edges = mem::take(&mut self.search.edges);
        nodes.clear();
        edges.clear();
        nodes.push(base);
        let mut x = bv;
        while x != base {
            nodes.push(x);
            let (inside, up) = self.up_edge(x);
            edges.push((up, inside));
            x = self.tree_parent(x);
        }
        nodes[1..].reverse();
        edges.reverse();
        edges.push((v, w));
        let mut x = bw;
        while x != base {
            nodes.push(x);
            edges.push(self.up_edge(x));
            x = self.tree_parent(x);
        }
        let b = self.blossoms.create(&nodes, &edges);
        let bi = b as usize;
        self.dual[bi] = W::zero();
        self.search.label[bi] = Label::S;
        self.search.label_edge[bi] = self.search.label_edge[base as usize];
        // The vertices of former T children become S-vertices.
        for &c in &nodes {
            if self.search.label[c as usize] == Label::T {
                self.blossoms.leaves(c, &mut self.search.queue);
            }
        }
        self.merge_lists(b, &nodes);
        self.search.nodes = nodes;
        self.search.edges = edges;
    }

    /// Builds the list and `sbest` of the new S-blossom `b` with children `children`.
    fn merge_lists(&mut self, b: u32, children: &[u32]) {
        let n = self.n;
        let mut touched = mem::take(&mut self.search.touched);
        let mut leaves = mem::take(&mut self.search.leaves);
        touched.clear();
        for &c in children {
            let ci = c as usize;
            if self.search.listed[ci] {
                let list = mem::take(&mut self.search.lists[ci - n]);
                for &(inside, outside) in &list {
                    self.consider(b, inside, outside, &mut touched);
                }
                self.search.lists[ci - n] = list;
                self.search.lists[ci - n].clear();
                self.search.listed[ci] = false;
            } else {
                leaves.clear();
                self.blossoms.leaves(c, &mut leaves);
                for &inside in &leaves {
                    for outside in 0..n as u32 {
                        self.consider(b, inside, outside, &mut touched);
                    }
                }
            }
            self.search.sbest[ci] = (NONE, NONE);
        }
        let s = &mut self.search;
        let list = &mut s.lists[b as usize - n];
        list.clear();
        s.sbest[b as usize] = (NONE, NONE);
        for &other in &touched {
            let oi = other as usize;
            let edge = mem::replace(&mut s.bucket[oi], (NONE, NONE));
            list.push(edge);
            if s.sbest[b as usize].0 == NONE || s.bucket_slack[oi] < s.sbest_slack[b as usize] {
                s.sbest[b as usize] = edge;
                s.sbest_slack[b as usize] = s.bucket_slack[oi].clone();
            }
        }
        s.listed[b as usize] = true;
        self.search.touched = touched;
        self.search.leaves = leaves;
    }

    /// Offers the edge `(inside, outside)`, `inside` in the new blossom `b`, for `b`'s
    /// list if it leads to another S-blossom.
    #[inline]
    fn consider(&mut self, b: u32, inside: u32, outside: u32, touched: &mut Vec<u32>) {
        if self.w2[inside as usize * self.n + outside as usize].is_zero() {
            return;
        }
        let other = self.blossoms.top[outside as usize];
        if other == b || self.search.label[other as usize] != Label::S {
            return;
        }
        let slack = self.slack(inside, outside);
        let oi = other as usize;
        let s = &mut self.search;
        if s.bucket[oi].0 == NONE {
            touched.push(other);
        } else if slack >= s.bucket_slack[oi] {
            return;
        }
        s.bucket[oi] = (inside, outside);
        s.bucket_slack[oi] = slack;
    }

    /// Expands the T-blossom `b` (whose dual is zero) inside the tree: the children on
    /// the even path from the entry child to the base child stay in the tree, alternately
    /// T and S; the others leave it.
    fn expand_in_tree(&mut self, b: u32) {
        let (s, t) = self.search.label_edge[b as usize];
        let j = self.blossoms.position_of(b, t);
        let mut nodes = mem::take(&mut self.search.nodes);
        let mut edges = mem::take(&mut self.search.edges);
        nodes.clear();
        nodes.extend_from_slice(self.blossoms.children(b));
        edges.clear();
        edges.extend_from_slice(self.blossoms.edges(b));
        self.blossoms.dissolve(b);
        for &c in &nodes {
            self.search.label[c as usize] = Label::Out;
        }
        let k = nodes.len();
        self.label_t(nodes[j], s, t);
        let mut cur = j;
        if j % 2 == 1 {
            while cur != 0 {
                let (x, _) = edges[cur];
                self.label_s(nodes[cur + 1], x);
                let (a, entry) = edges[cur + 1];
                let next = (cur + 2) % k;
                self.label_t(nodes[next], a, entry);
                cur = next;
            }
        } else {
            while cur != 0 {
                let (_, y) = edges[cur - 1];
                self.label_s(nodes[cur - 1], y);
                let (entry, a) = edges[cur - 2];
                self.label_t(nodes[cur - 2], a, entry);
                cur -= 2;
            }
        }
        self.search.nodes = nodes;
        self.search.edges = edges;
    }

    /// Finds the largest dual adjustment `δ` that keeps the duals feasible, applies it,
    /// and handles the event that limits it. Returns whether the stage ended.
    fn adjust_duals(&mut self) -> bool {
        let n = self.n;
        let mut delta: Option<(W, Event)> = None;
        let offer = |value: &W, event: Event, delta: &mut Option<(W, Event)>| {
            if delta.as_ref().is_none_or(|(d, _)| value < d) {
                *delta = Some((value.clone(), event));
            }
        };
        let s = &self.search;
        let top = &self.blossoms.top;
        for v in 0..n {
            if s.label[top[v] as usize] == Label::S {
                offer(&self.dual[v], Event::ZeroDual(v as u32), &mut delta);
            }
        }
        for x in 0..n {
            if s.near[x] != NONE && s.label[top[x] as usize] == Label::Out {
                offer(&s.near_slack[x], Event::Grow(x as u32), &mut delta);
            }
        }
        for b in 0..2 * n as u32 {
            let bi = b as usize;
            if !self.blossoms.is_top(b) {
                continue;
            }
            match s.label[bi] {
                Label::S if s.sbest[bi].0 != NONE => {
                    let mut half = s.sbest_slack[bi].clone();
                    half.halve_in_place();
                    offer(&half, Event::Shrink(b), &mut delta);
                }
                Label::T if self.blossoms.is_blossom(b) => {
                    offer(&self.dual[bi], Event::Expand(b), &mut delta);
                }
                _ => {}
            }
        }
        let Some((delta, event)) = delta else {
            unreachable!("the root is an S-vertex, so a dual limits δ")
        };
        if !delta.is_zero() {
            self.apply_delta(&delta);
        }
        match event {
            Event::ZeroDual(v) => {
                self.flip_to_root(v, NONE);
                true
            }
            Event::Grow(x) => {
                let s = self.search.near[x as usize];
                self.reach(s, x)
            }
            Event::Shrink(b) => {
                let (v, w) = self.search.sbest[b as usize];
                self.form_blossom(v, w);
                false
            }
            Event::Expand(b) => {
                self.expand_in_tree(b);
                false
            }
        }
    }

    /// Lowers the S duals and raises the T duals by `delta` (blossom duals the other
    /// way), and updates the cached slacks.
    fn apply_delta(&mut self, delta: &W) {
        let n = self.n;
        let s = &mut self.search;
        let top = &self.blossoms.top;
        for v in 0..n {
            match s.label[top[v] as usize] {
                Label::S => self.dual[v].sub_in_place(delta),
                Label::T => self.dual[v].add_in_place(delta),
                Label::Out => {
                    if s.near[v] != NONE {
                        s.near_slack[v].sub_in_place(delta);
                    }
                }
            }
        }
        let mut twice = delta.clone();
        twice.double_in_place();
        for b in 0..2 * n as u32 {
            let bi = b as usize;
            if !self.blossoms.is_top(b) {
                continue;
            }
            match s.label[bi] {
                Label::S => {
                    if self.blossoms.is_blossom(b) {
                        self.dual[bi].add_in_place(delta);
                    }
                    if s.sbest[bi].0 != NONE {
                        s.sbest_slack[bi].sub_in_place(&twice);
                    }
                }
                Label::T if self.blossoms.is_blossom(b) => self.dual[bi].sub_in_place(delta),
                _ => {}
            }
        }
    }
}
