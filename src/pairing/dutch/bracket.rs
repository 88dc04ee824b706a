//! Pairing one bracket (C.04.3 B): a maximum-weight matching over the bracket (plus the
//! following scoregroup for C.7, or all remaining players when the bracket must complete
//! the round-pairing), then a sequence of decisions that picks, among the candidates best
//! on C.5–C.19, the one generated earliest (B.8): the MDPs in S1 (D.3), their opponents
//! (D.1), the remainder exchange (D.2) and the remainder transposition (D.1).

use std::collections::BTreeMap;

use crate::matching::{Matcher, Wide};
use crate::pairing::PairingError;
use crate::pairing::state::{Float, PlayerState, RoundState};
use crate::tournament::Points;

use super::buckets::Buckets;
use super::criteria::{self, colour_compatible};
use super::layout::{Layout, Shape};

/// How a bracket is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// C.7 looks at the following scoregroup; `next_is_last` when that is the last one,
    /// whose pairing must then also leave a legal bye.
    LookAhead { next_is_last: bool },
    /// The bracket must leave the rest of the round completable (C.4: the PPB, the CLB,
    /// the last bracket); the extra vertices are all remaining players.
    Completion,
}

/// A paired bracket: pairs as (higher, lower) player indices, and the downfloaters.
pub(super) struct BracketOutcome {
    pub pairs: Vec<(usize, usize)>,
    pub downfloaters: Vec<usize>,
}

/// The players of one bracket and its surroundings, as vertex lists of player indices in
/// A.2 order.
pub(super) struct Bracket<'a> {
    pub state: &'a RoundState,
    pub mdps: &'a [usize],
    pub residents: &'a [usize],
    pub extra: &'a [usize],
    pub mode: Mode,
}

/// Pairs a bracket, choosing a weight width that fits its layout.
pub(super) fn pair(bracket: &Bracket) -> Result<BracketOutcome, PairingError> {
    if let Some(outcome) = perfect_candidate(bracket) {
        return Ok(outcome);
    }
    let graph = Graph::new(bracket);
    let bits = graph.layout.total + 2;
    match bits {
        0..=126 => Solver::<2>::run(graph),
        127..=254 => Solver::<4>::run(graph),
        255..=510 => Solver::<8>::run(graph),
        511..=1022 => Solver::<16>::run(graph),
        1023..=2046 => Solver::<32>::run(graph),
        2047..=4094 => Solver::<64>::run(graph),
        _ => Err(PairingError::InvalidRequest {
            round: bracket.state.round,
            reason: format!("a bracket needs {bits}-bit weights, more than this engine supports"),
        }),
    }
}

/// B.4: the first candidate of a homogeneous bracket (S1[i] with S2[i]), when it is
/// perfect. Only decided where perfection can be seen locally: every player paired (an
/// even bracket), or the last bracket with one player left, who may get the bye and did
/// not downfloat in the two previous rounds. The pairs must be legal and break no colour
/// criterion; with equal scores there are no floats to break.
fn perfect_candidate(b: &Bracket) -> Option<BracketOutcome> {
    let n = b.residents.len();
    let last = b.extra.is_empty() && b.mode == Mode::Completion;
    if !b.mdps.is_empty() || (n % 2 == 1 && !last) || (b.mode == Mode::Completion && !last) {
        return None;
    }
    let half = n / 2;
    let st = b.state;
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        let (h, l) = (b.residents[i], b.residents[half + i]);
        let (ph, pl) = (&st.players[h], &st.players[l]);
        if st.have_met_or_forbidden(h, l) || !colour_compatible(ph, pl) {
            return None;
        }
        let q = criteria::evaluate(ph, pl, st.initial_colour);
        if q.colours != Default::default() {
            return None;
        }
        pairs.push((h, l));
    }
    let downfloaters: Vec<usize> = b.residents[2 * half..].to_vec();
    if let Some(&bye) = downfloaters.first() {
        let p = &st.players[bye];
        if !p.bye_eligible || p.floats.contains(&Float::Down) {
            return None;
        }
    }
    Some(BracketOutcome {
        pairs,
        downfloaters,
    })
}

/// The graph of a bracket: vertices `0..m0` are the MDPs, `m0..nb` the residents, `nb..n`
/// the extra players.
struct Graph<'a> {
    state: &'a RoundState,
    players: Vec<usize>,
    m0: usize,
    nb: usize,
    mode: Mode,
    /// The lowest score in the graph; downfloater SDs are measured from one point below.
    reference: Points,
    buckets: Buckets,
    layout: Layout,
}

impl<'a> Graph<'a> {
    fn new(b: &Bracket<'a>) -> Graph<'a> {
        let players: Vec<usize> = b
            .mdps
            .iter()
            .chain(b.residents)
            .chain(b.extra)
            .copied()
            .collect();
        let m0 = b.mdps.len();
        let nb = m0 + b.residents.len();
        let score = |v: usize| b.state.players[players[v]].score;
        let reference = (0..players.len()).map(score).min().unwrap_or(Points::ZERO);
        let buckets = score_difference_buckets(nb, |v| score(v) - reference + Points::ONE, score);
        let layout = Layout::new(
            &Shape {
                bracket: nb,
                vertices: players.len(),
                completion: b.mode == Mode::Completion,
                look_ahead: match b.mode {
                    Mode::LookAhead { next_is_last } => Some(next_is_last),
                    Mode::Completion => None,
                },
            },
            &buckets,
        );
        Graph {
            state: b.state,
            players,
            m0,
            nb,
            mode: b.mode,
            reference,
            buckets,
            layout,
        }
    }

    fn n(&self) -> usize {
        self.players.len()
    }

    fn player(&self, v: usize) -> &PlayerState {
        &self.state.players[self.players[v]]
    }

    fn in_bracket(&self, v: usize) -> bool {
        v < self.nb
    }

    /// A.8: a downfloater's score difference, from one point below the reference score.
    fn downfloat_sd(&self, v: usize) -> Points {
        self.player(v).score - self.reference + Points::ONE
    }

    fn not_bye_eligible(&self, v: usize) -> u64 {
        u64::from(!self.player(v).bye_eligible)
    }

    /// C.1, C.3, and no MDP–MDP pairs (B.3: S1 holds MDPs, S2 residents).
    fn edge_allowed(&self, u: usize, v: usize) -> bool {
        let (a, b) = (self.players[u], self.players[v]);
        let both_mdps = u < self.m0 && v < self.m0;
        !both_mdps
            && !self.state.have_met_or_forbidden(a, b)
            && colour_compatible(&self.state.players[a], &self.state.players[b])
    }

    /// The quality part of the weight of edge `u < v` (zero: no edge).
    fn base_weight<const L: usize>(&self, u: usize, v: usize) -> Wide<L> {
        let mut w = Wide::<L>::ZERO;
        if !self.edge_allowed(u, v) {
            return w;
        }
        let lay = &self.layout;
        let completion_value = 1 + self.not_bye_eligible(u) + self.not_bye_eligible(v);
        if let Some(at) = lay.completion {
            w.add_shifted(completion_value, at);
        }
        let bit =
            |w: &mut Wide<L>, at: u32, sd: Points| w.add_shifted(1, at + self.buckets.bit(sd));
        if let (Some(pairs_at), Some(psd_at), Mode::LookAhead { next_is_last }) =
            (lay.next_pairs, lay.next_psd, self.mode)
        {
            if next_is_last {
                w.add_shifted(completion_value, pairs_at);
            } else if !self.in_bracket(v) {
                w.add_shifted(1, pairs_at);
            }
            for x in [u, v] {
                if self.in_bracket(x) {
                    bit(&mut w, psd_at, self.downfloat_sd(x));
                }
            }
        }
        if !self.in_bracket(v) {
            return w;
        }
        let (h, l) = (self.player(u), self.player(v));
        let sd = h.score - l.score;
        w.add_shifted(1, lay.pairs);
        bit(&mut w, lay.psd, self.downfloat_sd(u));
        bit(&mut w, lay.psd, self.downfloat_sd(v));
        let mut minus = Wide::<L>::ZERO;
        bit(&mut minus, lay.psd, sd);
        let q = criteria::evaluate(h, l, self.state.initial_colour);
        for (at, violated) in lay.colour.iter().zip([
            q.colours.cd_beyond_two,
            q.colours.three_in_a_row,
            q.colours.preference,
            q.colours.strong_preference,
        ]) {
            if !violated {
                w.add_shifted(1, *at);
            }
        }
        for k in 0..2 {
            let h_down = h.floats[k] == Float::Down;
            let l_down = l.floats[k] == Float::Down;
            // Every player who downfloated k+1 rounds ago is charged as if downfloating
            // again; a pair earns back what it saves.
            let saved = u64::from(l_down) + u64::from(!q.floating && h_down);
            w.add_shifted(saved, lay.repeated_down[k]);
            if !q.repeated_upfloat[k] {
                w.add_shifted(1, lay.repeated_up[k]);
            }
            if l_down {
                bit(&mut w, lay.repeated_down_sd[k], self.downfloat_sd(v));
            }
            if h_down {
                bit(&mut w, lay.repeated_down_sd[k], self.downfloat_sd(u));
                if q.floating {
                    bit(&mut minus, lay.repeated_down_sd[k], sd);
                }
            }
            w.add_shifted(1, lay.repeated_up_sd[k] + lay.psd_width);
            if q.repeated_upfloat[k] {
                bit(&mut minus, lay.repeated_up_sd[k], sd);
            }
        }
        w - minus
    }
}

/// Every score difference a PSD-like field can hold, with its largest multiplicity: each
/// bracket player's downfloater SD, and each pair SD up to half the bracket.
fn score_difference_buckets(
    bracket: usize,
    downfloat_sd: impl Fn(usize) -> Points,
    score: impl Fn(usize) -> Points,
) -> Buckets {
    let mut counts: BTreeMap<Points, u64> = BTreeMap::new();
    for v in 0..bracket {
        *counts.entry(downfloat_sd(v)).or_default() += 1;
    }
    let mut pair_sds: Vec<Points> = (0..bracket)
        .flat_map(|u| (u + 1..bracket).map(move |v| (u, v)))
        .map(|(u, v)| score(u) - score(v))
        .collect();
    pair_sds.sort_unstable();
    pair_sds.dedup();
    for sd in pair_sds {
        *counts.entry(sd).or_default() += (bracket / 2) as u64;
    }
    Buckets::new(&counts)
}

/// The matcher of a bracket and the decisions taken so far.
struct Solver<'a, const L: usize> {
    g: Graph<'a>,
    matcher: Matcher<Wide<L>>,
    /// Quality weights, `n × n`; zero once an edge is deleted.
    base: Vec<Wide<L>>,
    /// Tie-break bits of each edge (below `forced`).
    trial: Vec<u64>,
    forced: Vec<bool>,
    /// Vertices whose pair is final.
    fixed: Vec<bool>,
}

impl<'a, const L: usize> Solver<'a, L> {
    fn run(g: Graph<'a>) -> Result<BracketOutcome, PairingError> {
        let n = g.n();
        let mut base = vec![Wide::<L>::ZERO; n * n];
        let mut matcher = Matcher::new(n);
        for u in 0..n {
            for v in u + 1..n {
                let w = g.base_weight::<L>(u, v);
                if !w.is_zero() {
                    matcher.set_weight(u, v, w);
                    base[u * n + v] = w;
                    base[v * n + u] = w;
                }
            }
        }
        matcher.solve();
        let mut s = Solver {
            g,
            matcher,
            base,
            trial: vec![0; n * n],
            forced: vec![false; n],
            fixed: vec![false; n],
        };
        s.choose_mdps();
        s.pair_mdps();
        s.pair_remainder();
        Ok(s.outcome())
    }

    fn n(&self) -> usize {
        self.g.n()
    }

    fn has_edge(&self, u: usize, v: usize) -> bool {
        !self.base[u * self.n() + v].is_zero()
    }

    fn mate(&self, v: usize) -> Option<usize> {
        self.matcher.mate(v)
    }

    fn refresh(&mut self, u: usize, v: usize) {
        let n = self.n();
        let mut w = self.base[u * n + v];
        if !w.is_zero() {
            let forced = u64::from(self.forced[u]) + u64::from(self.forced[v]);
            w.add_shifted(forced, self.g.layout.forced);
            w.add_shifted(self.trial[u * n + v], 0);
        }
        self.matcher.set_weight(u, v, w);
    }

    fn set_trial(&mut self, u: usize, v: usize, value: u64) {
        let n = self.n();
        self.trial[u * n + v] = value;
        self.trial[v * n + u] = value;
        self.refresh(u, v);
    }

    fn delete(&mut self, u: usize, v: usize) {
        let n = self.n();
        if self.base[u * n + v].is_zero() {
            return;
        }
        self.base[u * n + v] = Wide::ZERO;
        self.base[v * n + u] = Wide::ZERO;
        self.trial[u * n + v] = 0;
        self.trial[v * n + u] = 0;
        self.refresh(u, v);
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
        let (m0, nb) = (self.g.m0, self.g.nb);
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

    /// D.1 for the MDP-pairing: each paired MDP in turn takes the lowest-BSN resident it
    /// can among the best candidates.
    fn pair_mdps(&mut self) {
        let (m0, nb) = (self.g.m0, self.g.nb);
        for m in 0..m0 {
            if !self.forced[m] {
                continue;
            }
            for r in m0..nb {
                if self.has_edge(m, r) {
                    self.set_trial(m, r, (nb - r) as u64);
                }
            }
            self.matcher.solve();
            if let Some(r) = self.mate(m) {
                self.fix_pair(m, r);
            }
        }
        self.matcher.solve();
    }

    /// D.2 and D.1 in the remainder: the exchange is the set of smaller endpoints of the
    /// remainder's pairs (the earliest exchange that generates a candidate); it is chosen
    /// by D.2 a–d, then each of its members takes the lowest-BSN partner it can.
    fn pair_remainder(&mut self) {
        let (m0, nb) = (self.g.m0, self.g.nb);
        let rm: Vec<usize> = (m0..nb).filter(|&v| !self.fixed[v]).collect();
        let size = rm.len() as u64;
        let in_rm = |v: usize| (m0..nb).contains(&v);
        let pairs = rm
            .iter()
            .filter(|&&a| self.mate(a).is_some_and(|b| in_rm(b) && b > a))
            .count();
        if pairs == 0 {
            return;
        }
        let s1r: Vec<usize> = rm[..pairs].to_vec();
        let s2r: Vec<usize> = rm[pairs..].to_vec();
        let lay = (self.g.layout.trial_a, self.g.layout.trial_b);
        // D.2a (pairs whose smaller endpoint stays in S1) over D.2b (smallest sum of
        // smaller endpoints), scaled by two to leave room for a ±1 trial.
        let exchange_value = |i: usize, adjust: i64| -> u64 {
            let in_s1 = u64::from(i < pairs);
            let sum_term = (2 * (size - i as u64)) as i64 + adjust;
            (in_s1 << lay.0) | ((sum_term as u64) << lay.1)
        };
        for (i, &a) in rm.iter().enumerate() {
            for &b in &rm[i + 1..] {
                if self.has_edge(a, b) {
                    self.set_trial(a, b, exchange_value(i, 0));
                }
            }
        }
        self.matcher.solve();
        let is_smaller = |s: &Self, a: usize| s.mate(a).is_some_and(|b| in_rm(b) && b > a);
        let exchanged = rm[pairs..].iter().filter(|&&a| is_smaller(self, a)).count();

        // Trial: nudge `p`'s smaller-endpoint edges by ±1 and re-solve.
        let try_adjust = |s: &mut Self, p: usize, adjust: i64| -> bool {
            let i = rm.iter().position(|&x| x == p).unwrap_or(0);
            for &b in &rm[i + 1..] {
                if s.has_edge(p, b) {
                    s.set_trial(p, b, exchange_value(i, adjust));
                }
            }
            s.matcher.solve();
            let smaller = is_smaller(s, p);
            for &b in &rm[i + 1..] {
                if s.has_edge(p, b) {
                    s.set_trial(p, b, exchange_value(i, 0));
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

        // D.1 in the remainder: each member of the new S1, in order, takes the lowest BSN.
        let s1: Vec<usize> = rm.iter().copied().filter(|&v| self.forced[v]).collect();
        for a in s1 {
            let i = rm.iter().position(|&x| x == a).unwrap_or(0);
            for (j, &b) in rm.iter().enumerate().skip(i + 1) {
                if self.has_edge(a, b) {
                    let keep =
                        self.trial[a * self.n() + b] & !((1u64 << self.g.layout.trial_b) - 1);
                    self.set_trial(a, b, keep | (size - j as u64));
                }
            }
            self.matcher.solve();
            if let Some(b) = self.mate(a) {
                self.fix_pair(a, b);
            }
        }
        self.matcher.solve();
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
        BracketOutcome {
            pairs,
            downfloaters,
        }
    }
}
