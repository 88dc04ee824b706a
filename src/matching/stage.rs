//! One search stage of the primal–dual algorithm: grow an alternating tree from one
//! unmatched vertex with a positive dual, shrinking odd cycles into blossoms, expanding
//! blossoms whose dual drops to zero, and adjusting the duals, until the root is matched
//! (an augmenting path was found) or a vertex dual of the tree reaches zero (then the
//! path from that vertex to the root is flipped, which matches the root and leaves the
//! zero-dual vertex unmatched).
//!
//! Bookkeeping for the dual adjustment `δ` (O(n²) per stage, after Galil):
//! - for every vertex outside the tree's S-blossoms, the least-slack edge to an S-vertex
//!   and its slack (`near`, `near_slack`);
//! - for every top-level S-blossom `B`, a list of edges from `B` to other S-blossoms
//!   (`lists`), and the least-slack one (`sbest`, `sbest_slack`). When an S-vertex is
//!   scanned, its least-slack edge to each other S-blossom goes into its own blossom's
//!   list; a new blossom's list merges its S children's lists, keeping the least-slack
//!   edge per other blossom. Every edge between two S-blossoms is thus represented (by an
//!   edge of no larger slack between the same two blossoms) in the list of the blossom
//!   of whichever endpoint was scanned last, so `δ3` is the least `sbest_slack / 2`.

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
    /// For each top-level S node: the least-slack edge `(inside, outside)` of its list,
    /// or `(NONE, NONE)`.
    sbest: Vec<(u32, u32)>,
    /// The slack of `sbest`.
    sbest_slack: Vec<W>,
    /// For each top-level S node: edges `(inside, outside)` to other S-blossoms.
    lists: Vec<Vec<(u32, u32)>>,
    /// S-vertices still to scan.
    queue: Vec<u32>,
    /// Marks for finding where two tree paths meet.
    marks: Marks,
    /// Scratch for building lists: the best edge to each other top-level node so far.
    bucket: Vec<(u32, u32)>,
    bucket_slack: Vec<W>,
    /// The nodes with a bucket entry.
    touched: Vec<u32>,
    /// Scratch: the tight edges found by a scan.
    tight: Vec<u32>,
    /// Scratch node and edge lists.
    nodes: Vec<u32>,
    edges: Vec<(u32, u32)>,
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
            lists: vec![Vec::new(); 2 * n],
            queue: Vec::new(),
            marks: Marks::new(2 * n),
            bucket: vec![(NONE, NONE); 2 * n],
            bucket_slack: vec![W::zero(); 2 * n],
            touched: Vec::new(),
            tight: Vec::new(),
            nodes: Vec::new(),
            edges: Vec::new(),
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
        for list in &mut s.lists {
            list.clear();
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

    /// Scans the edges of the S-vertex `v`: first records the slacks (without changing
    /// the tree), then acts on the tight edges. Returns whether the stage ended.
    fn scan(&mut self, v: u32) -> bool {
        let n = self.n;
        let vi = v as usize;
        let bv = self.blossoms.top[vi];
        let mut tight = mem::take(&mut self.search.tight);
        let mut touched = mem::take(&mut self.search.touched);
        tight.clear();
        touched.clear();
        {
            let yv = &self.dual[vi];
            let top = &self.blossoms.top;
            let s = &mut self.search;
            let row = &self.w2[vi * n..(vi + 1) * n];
            for (x, (e, yx)) in row.iter().zip(&self.dual[..n]).enumerate() {
                if e.is_zero() {
                    continue;
                }
                let bx = top[x];
                if bx == bv {
                    continue;
                }
                let mut slack = yv.clone();
                slack.add_in_place(yx);
                slack.sub_in_place(e);
                if slack.is_zero() {
                    tight.push(x as u32);
                }
                let bxi = bx as usize;
                if s.label[bxi] == Label::S {
                    if slack.is_zero() {
                        continue;
                    }
                    if s.bucket[bxi].0 == NONE {
                        touched.push(bx);
                    } else if slack >= s.bucket_slack[bxi] {
                        continue;
                    }
                    s.bucket[bxi] = (v, x as u32);
                    s.bucket_slack[bxi] = slack;
                } else if s.near[x] == NONE || slack < s.near_slack[x] {
                    s.near[x] = v;
                    s.near_slack[x] = slack;
                }
            }
        }
        self.flush_bucket(bv, &touched);
        self.search.touched = touched;
        let mut ended = false;
        for &x in &tight {
            let bv = self.blossoms.top[vi];
            let bx = self.blossoms.top[x as usize];
            if bv == bx {
                continue;
            }
            match self.search.label[bx as usize] {
                Label::S => self.form_blossom(v, x),
                Label::Out => {
                    if self.reach(v, x) {
                        ended = true;
                        break;
                    }
                }
                Label::T => {}
            }
        }
        self.search.tight = tight;
        ended
    }

    /// Appends the bucket entries of the nodes `touched` to the list of the S node `b`,
    /// updates its `sbest`, and empties the buckets.
    fn flush_bucket(&mut self, b: u32, touched: &[u32]) {
        let s = &mut self.search;
        let bi = b as usize;
        for &other in touched {
            let oi = other as usize;
            let edge = mem::replace(&mut s.bucket[oi], (NONE, NONE));
            s.lists[bi].push(edge);
            if s.sbest[bi].0 == NONE || s.bucket_slack[oi] < s.sbest_slack[bi] {
                s.sbest[bi] = edge;
                s.sbest_slack[bi] = s.bucket_slack[oi].clone();
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
    /// tree into a new S-blossom, queues the vertices of its former T children, and
    /// builds its edge list (see [`Matcher::merge_lists`]).
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

    /// Builds the list and `sbest` of the new S-blossom `b` from the lists of its S
    /// children (its former T children's vertices are queued and add theirs when
    /// scanned).
    fn merge_lists(&mut self, b: u32, children: &[u32]) {
        let mut touched = mem::take(&mut self.search.touched);
        touched.clear();
        for &c in children {
            let ci = c as usize;
            let list = mem::take(&mut self.search.lists[ci]);
            for &(inside, outside) in &list {
                let other = self.blossoms.top[outside as usize];
                if other == b {
                    continue;
                }
                let slack = self.slack(inside, outside);
                let oi = other as usize;
                let s = &mut self.search;
                if s.bucket[oi].0 == NONE {
                    touched.push(other);
                } else if slack >= s.bucket_slack[oi] {
                    continue;
                }
                s.bucket[oi] = (inside, outside);
                s.bucket_slack[oi] = slack;
            }
            self.search.lists[ci] = list;
            self.search.lists[ci].clear();
            self.search.sbest[ci] = (NONE, NONE);
        }
        self.search.lists[b as usize].clear();
        self.search.sbest[b as usize] = (NONE, NONE);
        self.flush_bucket(b, &touched);
        self.search.touched = touched;
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
        let mut best: Option<(&W, Event)> = None;
        let mut halves: Option<(W, Event)> = None;
        let s = &self.search;
        let top = &self.blossoms.top;
        let shrink = |b: usize, halves: &mut Option<(W, Event)>| {
            if s.sbest[b].0 != NONE && halves.as_ref().is_none_or(|(d, _)| s.sbest_slack[b] < *d) {
                *halves = Some((s.sbest_slack[b].clone(), Event::Shrink(b as u32)));
            }
        };
        for (v, &t) in top.iter().enumerate() {
            let t = t as usize;
            match s.label[t] {
                Label::S => {
                    if best.as_ref().is_none_or(|(d, _)| self.dual[v] < **d) {
                        best = Some((&self.dual[v], Event::ZeroDual(v as u32)));
                    }
                    if t == v {
                        shrink(v, &mut halves);
                    }
                }
                Label::Out => {
                    if s.near[v] != NONE && best.as_ref().is_none_or(|(d, _)| s.near_slack[v] < **d)
                    {
                        best = Some((&s.near_slack[v], Event::Grow(v as u32)));
                    }
                }
                Label::T => {}
            }
        }
        for b in n..2 * n {
            if !self.blossoms.is_top(b as u32) {
                continue;
            }
            match s.label[b] {
                Label::S => shrink(b, &mut halves),
                Label::T => {
                    if best.as_ref().is_none_or(|(d, _)| self.dual[b] < **d) {
                        best = Some((&self.dual[b], Event::Expand(b as u32)));
                    }
                }
                Label::Out => {}
            }
        }
        let Some((delta, event)) = best.map(|(d, e)| (d.clone(), e)) else {
            unreachable!("the root is an S-vertex, so a dual limits δ")
        };
        let (delta, event) = match halves {
            Some((mut twice, shrink)) => {
                twice.halve_in_place();
                if twice < delta {
                    (twice, shrink)
                } else {
                    (delta, event)
                }
            }
            None => (delta, event),
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
        let mut twice = delta.clone();
        twice.double_in_place();
        let s = &mut self.search;
        let top = &self.blossoms.top;
        for (v, dual) in self.dual[..n].iter_mut().enumerate() {
            let t = top[v] as usize;
            match s.label[t] {
                Label::S => {
                    dual.sub_in_place(delta);
                    if t == v && s.sbest[v].0 != NONE {
                        s.sbest_slack[v].sub_in_place(&twice);
                    }
                }
                Label::T => dual.add_in_place(delta),
                Label::Out => {
                    if s.near[v] != NONE {
                        s.near_slack[v].sub_in_place(delta);
                    }
                }
            }
        }
        for b in n..2 * n {
            if !self.blossoms.is_top(b as u32) {
                continue;
            }
            match s.label[b] {
                Label::S => {
                    self.dual[b].add_in_place(delta);
                    if s.sbest[b].0 != NONE {
                        s.sbest_slack[b].sub_in_place(&twice);
                    }
                }
                Label::T => self.dual[b].sub_in_place(delta),
                Label::Out => {}
            }
        }
    }
}
