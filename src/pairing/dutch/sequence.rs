//! Reproducing B.8 ("generated earlier in the sequence"): among the candidates best on
//! the quality criteria, the one the sequence of D.3 (MDP exchanges), D.1 (S2
//! transpositions), D.2 (remainder exchanges) and D.1 (remainder transpositions) reaches
//! first. Decisions are taken one at a time, each by a small bonus in the tie-break bits
//! and an incremental re-solve, then made permanent (edges deleted, or the vertex
//! counted in the forced field).

use crate::matching::{Matcher, Wide};
use crate::pairing::state::RuleVersion;

use super::bracket::BracketOutcome;
use super::graph::Graph;

/// The matcher of a bracket and the decisions taken so far. The matcher's weights are the
/// only `n × n` array: an edge's quality part is its weight above the tie-break fields, its
/// trial bonus the bits below `forced` (see [`TieBreak`](super::layout::TieBreak)).
pub(super) struct Solver<'a, const L: usize> {
    g: Graph<'a>,
    matcher: Matcher<Wide<L>>,
    forced: Vec<bool>,
    /// Vertices whose pair is final.
    fixed: Vec<bool>,
}

impl<'a, const L: usize> Solver<'a, L> {
    /// Solves the bracket graph and takes the B.8 decisions in order.
    pub(crate) fn run(g: Graph<'a>) -> BracketOutcome {
        let n = g.n();
        let mut s = Solver::<L> {
            matcher: Matcher::new(n),
            forced: vec![false; n],
            fixed: vec![false; n],
            g,
        };
        // The residents first: their problem is nearly uniform, and the matcher's greedy
        // start solves most of it. The MDPs' heavier edges would spoil that start; added
        // afterwards, they cost a warm restart of a few search stages.
        let m0 = s.g.m0;
        for u in m0..n {
            s.add_edges(u);
        }
        if m0 > 0 {
            s.matcher.solve();
            for u in 0..m0 {
                s.add_edges(u);
            }
        }
        s.matcher.solve();
        if s.g.mdps_may_meet {
            s.choose_joined_s1();
        } else {
            s.choose_mdps();
        }
        s.pair_mdps();
        s.pair_remainder();
        s.outcome()
    }

    /// Gives the matcher the quality weights of the edges from `u` to later vertices.
    fn add_edges(&mut self, u: usize) {
        for v in u + 1..self.n() {
            let w = self.g.base_weight::<L>(u, v);
            self.matcher.set_weight(u, v, w);
        }
    }

    fn n(&self) -> usize {
        self.g.n()
    }

    fn has_edge(&self, u: usize, v: usize) -> bool {
        !self.matcher.weight(u, v).is_zero()
    }

    fn mate(&self, v: usize) -> Option<usize> {
        self.matcher.mate(v)
    }

    /// The quality part of the edge's weight (zero: no edge).
    fn base(&self, u: usize, v: usize) -> Wide<L> {
        let mut w = self.matcher.weight(u, v);
        w.clear_low(self.g.tie_break.quality);
        w
    }

    /// The edge's trial bonus.
    fn trial(&self, u: usize, v: usize) -> u64 {
        self.matcher.weight(u, v).low_u64(self.g.tie_break.forced)
    }

    /// Writes the edge's weight: its quality part, the forced count of its ends, and the
    /// trial bonus. An edge without quality stays absent.
    fn write(&mut self, u: usize, v: usize, mut w: Wide<L>, trial: u64) {
        if !w.is_zero() {
            let forced = u64::from(self.forced[u]) + u64::from(self.forced[v]);
            w.add_shifted(forced, self.g.tie_break.forced);
            w.add_shifted(trial, 0);
        }
        self.matcher.set_weight(u, v, w);
    }

    fn refresh(&mut self, u: usize, v: usize) {
        self.write(u, v, self.base(u, v), self.trial(u, v));
    }

    fn set_trial(&mut self, u: usize, v: usize, value: u64) {
        self.write(u, v, self.base(u, v), value);
    }

    fn delete(&mut self, u: usize, v: usize) {
        self.matcher.set_weight(u, v, Wide::ZERO);
    }

    /// Makes `v` count in the forced field: among the best candidates, only those that
    /// pair `v` (over its remaining edges) remain.
    fn force(&mut self, v: usize) {
        self.forced[v] = true;
        for x in 0..self.n() {
            if x != v && self.has_edge(v, x) {
                self.refresh(v, x);
            }
        }
    }

    /// Makes the pair `a`–`b` final: every other edge at either is deleted.
    fn fix_pair(&mut self, a: usize, b: usize) {
        for x in 0..self.n() {
            if x != a && x != b {
                self.delete(a, x);
                self.delete(b, x);
            }
        }
        self.fixed[a] = true;
        self.fixed[b] = true;
    }

    /// D.3: which MDPs are paired (the rest are in the Limbo). Level by level from the
    /// highest score (C.6 fixes how many at each level), the lowest BSNs that can be.
    fn choose_mdps(&mut self) {
        let (m0, nb) = (self.g.sequenced_mdps, self.g.nb);
        let resident = |v: usize| (m0..nb).contains(&v);
        let mut start = 0;
        while start < m0 {
            let score = self.g.player(start).score;
            let end = (start..m0)
                .find(|&v| self.g.player(v).score != score)
                .unwrap_or(m0);
            let need = (start..end)
                .filter(|&v| self.mate(v).is_some_and(resident))
                .count();
            let mut chosen = 0;
            for m in start..end {
                let undecided = end - m;
                let pair_it = if chosen == need {
                    false
                } else if need - chosen == undecided || self.mate(m).is_some_and(resident) {
                    true
                } else {
                    for r in m0..nb {
                        if self.has_edge(m, r) {
                            self.set_trial(m, r, 1);
                        }
                    }
                    self.matcher.solve();
                    let paired = self.mate(m).is_some_and(resident);
                    for r in m0..nb {
                        if self.has_edge(m, r) {
                            self.set_trial(m, r, 0);
                        }
                    }
                    paired
                };
                if pair_it {
                    chosen += 1;
                    for x in nb..self.n() {
                        self.delete(m, x);
                    }
                    self.force(m);
                } else {
                    for r in m0..nb {
                        self.delete(m, r);
                    }
                }
            }
            start = end;
        }
        self.matcher.solve();
    }

    /// C.13 and C.4 (2012): which players of the S1 of the merged lowest bracket (the
    /// latest added score bracket) are the M1 paired first. C.4 puts "the highest P
    /// players in S1, all other players in S2": the players of the latest added score
    /// bracket left out of those M1 are in S2 with the lower scores, ahead of them (A.2),
    /// and may be the opponent of one of the M1. So M1 counts the pairs with a player of
    /// that bracket (weighed above the B.3 factor), and D.3 takes, in turn from the
    /// highest, each player for whom a best candidate pairs him and those taken before
    /// with players not taken.
    fn choose_joined_s1(&mut self) {
        let (m0, nb) = (self.g.sequenced_mdps, self.g.nb);
        let best = self.quality_total();
        let mut chosen: Vec<usize> = Vec::new();
        for m in 0..m0 {
            let kept: Vec<(usize, Wide<L>)> = chosen
                .iter()
                .map(|&c| (c, self.matcher.weight(c, m)))
                .collect();
            for &c in &chosen {
                self.delete(c, m);
            }
            self.force(m);
            self.matcher.solve();
            let in_bracket = |s: &Self, v: usize| s.mate(v).is_some_and(|u| u < nb);
            if chosen.iter().chain([&m]).all(|&v| in_bracket(self, v))
                && self.quality_total() == best
            {
                chosen.push(m);
                for x in nb..self.n() {
                    self.delete(m, x);
                }
                continue;
            }
            self.forced[m] = false;
            for (c, w) in kept {
                self.matcher.set_weight(c, m, w);
            }
            for x in 0..self.n() {
                if x != m && self.has_edge(m, x) {
                    self.refresh(m, x);
                }
            }
            self.matcher.solve();
        }
    }

    /// The quality part of the current matching's weight.
    fn quality_total(&self) -> Wide<L> {
        let mut total = Wide::<L>::ZERO;
        for v in 0..self.n() {
            if let Some(u) = self.mate(v).filter(|&u| v < u) {
                total += self.base(v, u);
            }
        }
        total
    }

    /// D.1 for the MDP-pairing: each paired MDP in turn takes the lowest-BSN player of S2
    /// it can among the best candidates: a resident, or in the merged lowest bracket a
    /// player of its S1 left out of the M1 ([`Solver::choose_joined_s1`]).
    fn pair_mdps(&mut self) {
        let (m0, nb) = (self.g.sequenced_mdps, self.g.nb);
        for m in 0..m0 {
            if !self.forced[m] {
                continue;
            }
            let in_s2 = |s: &Self, r: usize| r >= m0 || !s.forced[r];
            let candidates: Vec<usize> = (0..nb)
                .filter(|&r| r != m && in_s2(self, r) && self.has_edge(m, r))
                .collect();
            if !self.take_first_choice(m, &candidates) {
                for &r in &candidates {
                    self.set_trial(m, r, (nb - r) as u64);
                }
                self.matcher.solve();
            }
            if let Some(r) = self.mate(m) {
                self.fix_pair(m, r);
            }
        }
        self.matcher.solve();
    }

    /// D.2 and D.1 in the remainder: the exchange is the set of smaller endpoints of the
    /// remainder's pairs (the earliest exchange that generates a candidate); it is chosen
    /// by D.2 a–d, then each of its members takes the lowest-BSN partner it can.
    ///
    /// The remainder is the bracket's players not in the MDP-pairing. Under the 2012 rules
    /// that includes the MDPs left out of S1 (C.4 puts "all other players in S2", and C.6
    /// continues "with the remainder group"), who head its order (A.2) and so take BSNs in
    /// S1R that D.2 must exchange; 2017 sets them apart in a Limbo (B.2), outside it. When
    /// the 2012 bar from the bye was set aside for the round, the MDP left for the bye
    /// stays out, as JaVaFo 1.4 pairs it (no text covers that round).
    fn pair_remainder(&mut self) {
        let (m0, nb) = (self.g.sequenced_mdps, self.g.nb);
        let state = self.g.state;
        let limbo_joins = state.rules == RuleVersion::Dutch2012 && !state.bye_bar_lifted;
        let first = if limbo_joins { 0 } else { m0 };
        let rm: Vec<usize> = (first..nb)
            .filter(|&v| !self.fixed[v] && (v >= m0 || !self.forced[v]))
            .collect();
        let mut member = vec![false; self.n()];
        for &v in &rm {
            member[v] = true;
        }
        let in_rm = |v: usize| member[v];
        let pairs = rm
            .iter()
            .filter(|&&a| self.mate(a).is_some_and(|b| in_rm(b) && b > a))
            .count();
        if pairs == 0 {
            return;
        }
        let s1r: Vec<usize> = rm[..pairs].to_vec();
        let s2r: Vec<usize> = rm[pairs..].to_vec();
        let is_smaller = |s: &Self, a: usize| s.mate(a).is_some_and(|b| in_rm(b) && b > a);
        if s1r.iter().all(|&a| is_smaller(self, a)) || self.optimum_pairs_across(&s1r, &s2r) {
            // No exchange: an optimum has S1R as its smaller endpoints, which is the
            // first exchange of all (D.2 a–d).
            for &p in &s1r {
                self.make_smaller_endpoint(p, &rm);
            }
            for &q in &s2r {
                self.forbid_smaller_endpoint(q, &rm);
            }
            self.matcher.solve();
            self.pair_transpositions(&rm);
            return;
        }
        let size = rm.len();
        let exchange_value =
            |s: &Self, i: usize, adjust: i64| s.exchange_value(i, pairs, size, adjust);
        for (i, &a) in rm.iter().enumerate() {
            for &b in &rm[i + 1..] {
                if self.has_edge(a, b) {
                    self.set_trial(a, b, exchange_value(self, i, 0));
                }
            }
        }
        self.matcher.solve();
        let exchanged = rm[pairs..].iter().filter(|&&a| is_smaller(self, a)).count();

        // Trial: nudge `p`'s smaller-endpoint edges by ±1 and re-solve.
        let try_adjust = |s: &mut Self, p: usize, adjust: i64| -> bool {
            let i = rm.iter().position(|&x| x == p).unwrap_or(0);
            for &b in &rm[i + 1..] {
                if s.has_edge(p, b) {
                    s.set_trial(p, b, exchange_value(s, i, adjust));
                }
            }
            s.matcher.solve();
            let smaller = is_smaller(s, p);
            for &b in &rm[i + 1..] {
                if s.has_edge(p, b) {
                    s.set_trial(p, b, exchange_value(s, i, 0));
                }
            }
            smaller
        };

        // D.2c: move out of S1 the highest BSNs possible.
        let mut moved_out = 0;
        for &p in s1r.iter().rev() {
            let stays = if moved_out == exchanged {
                true
            } else if !is_smaller(self, p) {
                false
            } else {
                try_adjust(self, p, -1)
            };
            if stays {
                self.make_smaller_endpoint(p, &rm);
            } else {
                moved_out += 1;
                self.forbid_smaller_endpoint(p, &rm);
            }
        }
        // D.2d: move into S1 the lowest BSNs possible.
        let mut moved_in = 0;
        for &q in &s2r {
            let enters = if moved_in == exchanged {
                false
            } else if is_smaller(self, q) {
                true
            } else {
                try_adjust(self, q, 1)
            };
            if enters {
                moved_in += 1;
                self.make_smaller_endpoint(q, &rm);
            } else {
                self.forbid_smaller_endpoint(q, &rm);
            }
        }
        self.matcher.solve();
        self.pair_transpositions(&rm);
    }

    /// Whether some optimal matching pairs every member of `s1r` with one of `s2r`,
    /// leaving the rest as it is: the same optimum is found with the pairs inside S1R,
    /// inside S2R and from S1R out of the bracket taken away. (The matcher's arbitrary
    /// optimum may not show it: the quality criteria often have many optima.) The edges
    /// are restored afterwards.
    fn optimum_pairs_across(&mut self, s1r: &[usize], s2r: &[usize]) -> bool {
        let before = self.matcher.total_weight();
        let mut removed = Vec::new();
        for (i, &a) in s1r.iter().enumerate() {
            removed.extend(s1r[i + 1..].iter().map(|&b| (a, b)));
            removed.extend((self.g.nb..self.n()).map(|x| (a, x)));
        }
        for (i, &a) in s2r.iter().enumerate() {
            removed.extend(s2r[i + 1..].iter().map(|&b| (a, b)));
        }
        let removed: Vec<(usize, usize, Wide<L>)> = removed
            .into_iter()
            .map(|(a, b)| (a, b, self.matcher.weight(a, b)))
            .filter(|(_, _, w)| !w.is_zero())
            .collect();
        for &(a, b, _) in &removed {
            self.matcher.set_weight(a, b, Wide::ZERO);
        }
        self.matcher.solve();
        let across = self.matcher.total_weight() == before;
        if !across {
            for &(a, b, w) in &removed {
                self.matcher.set_weight(a, b, w);
            }
            self.matcher.solve();
        }
        across
    }

    /// The D.2 exchange bonus of a remainder pair whose smaller endpoint is the `i`-th of
    /// the `size` remainder players, `pairs` of which form S1: D.2a (the smaller endpoint
    /// stays in S1) over D.2b (smallest sum of smaller endpoints), scaled by two to leave
    /// room for an `adjust` of ±1.
    fn exchange_value(&self, i: usize, pairs: usize, size: usize, adjust: i64) -> u64 {
        let in_s1 = u64::from(i < pairs);
        let sum_term = (2 * (size - i)) as i64 + adjust;
        (in_s1 << self.g.tie_break.trial_a) | ((sum_term as u64) << self.g.tie_break.trial_b)
    }

    /// D.1 in the remainder: each member of the new S1 (the forced remainder players), in
    /// order, takes the lowest-BSN partner it can.
    fn pair_transpositions(&mut self, rm: &[usize]) {
        let size = rm.len() as u64;
        let s1: Vec<usize> = rm.iter().copied().filter(|&v| self.forced[v]).collect();
        for a in s1 {
            let i = rm.iter().position(|&x| x == a).unwrap_or(0);
            let candidates: Vec<(usize, usize)> = rm
                .iter()
                .copied()
                .enumerate()
                .skip(i + 1)
                .filter(|&(_, b)| self.has_edge(a, b))
                .collect();
            let partners: Vec<usize> = candidates.iter().map(|&(_, b)| b).collect();
            if !self.take_first_choice(a, &partners) {
                for (j, b) in candidates {
                    let keep = self.trial(a, b) & !((1u64 << self.g.tie_break.trial_b) - 1);
                    self.set_trial(a, b, keep | (size - j as u64));
                }
                self.matcher.solve();
            }
            if let Some(b) = self.mate(a) {
                self.fix_pair(a, b);
            }
        }
        self.matcher.solve();
    }

    /// Matches `v` to the first of `candidates` (in BSN order) that an optimal matching
    /// can give it, where that is seen without a re-solve: the current mate when no
    /// earlier candidate has a tight edge to `v` (only tight edges are in optima), or the
    /// first tight candidate when an alternating path makes it `v`'s mate in another
    /// optimum. Answers whether it did; otherwise a re-solve with a bonus favouring
    /// earlier partners must decide.
    fn take_first_choice(&mut self, v: usize, candidates: &[usize]) -> bool {
        let Some(mate) = self.mate(v) else {
            return false;
        };
        for &c in candidates {
            if c == mate {
                return true;
            }
            if self.matcher.is_tight(v, c) {
                return self.matcher.rematch_with(v, c);
            }
        }
        false
    }

    /// `p` must be the smaller endpoint of a remainder pair: no edges to earlier remainder
    /// players or to the players outside the bracket, and it must be paired.
    fn make_smaller_endpoint(&mut self, p: usize, rm: &[usize]) {
        for &x in rm.iter().filter(|&&x| x < p) {
            self.delete(x, p);
        }
        for x in self.g.nb..self.n() {
            self.delete(p, x);
        }
        self.force(p);
    }

    /// `p` may not be the smaller endpoint of a remainder pair.
    fn forbid_smaller_endpoint(&mut self, p: usize, rm: &[usize]) {
        for &x in rm.iter().filter(|&&x| x > p) {
            self.delete(p, x);
        }
    }

    fn outcome(&self) -> BracketOutcome {
        let nb = self.g.nb;
        let mut pairs = Vec::new();
        let mut downfloaters = Vec::new();
        for v in 0..nb {
            match self.mate(v) {
                Some(u) if u < nb => {
                    if v < u {
                        pairs.push((self.g.players[v], self.g.players[u]));
                    }
                }
                _ => downfloaters.push(self.g.players[v]),
            }
        }
        let mates = (0..self.g.nn)
            .map(|v| (self.g.players[v], self.mate(v).map(|u| self.g.players[u])))
            .collect();
        BracketOutcome {
            pairs,
            downfloaters,
            mates,
        }
    }
}
