//! Randomised tests of [`Matcher`]: against brute force on small graphs, against fresh
//! solves after warm restarts, with primitive and wide weights; after every solve the
//! matcher's optimality certificate is checked in full.

use super::blossom::NONE;
use super::brute_force::max_weight_matching;
use super::{Matcher, Weight, Wide};

/// splitmix64: a small, fixed-seed pseudo-random generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (bound > 0), up to a negligible bias.
    fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(bound)) >> 64) as u64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn wide_below(&mut self, bits: u32) -> u128 {
        let value = u128::from(self.next()) | (u128::from(self.next()) << 64);
        if bits == 0 { 0 } else { value >> (128 - bits) }
    }
}

/// The sum `y_u + y_v + 2·Σ{z_B : u, v ∈ B}` of the duals covering the pair `{u, v}`.
fn covering_duals<W: Weight>(m: &mut Matcher<W>, u: usize, v: usize) -> W {
    let mut sum = m.dual[u].clone();
    sum.add_in_place(&m.dual[v]);
    let mut b = m.blossoms.lowest_common(u as u32, v as u32).unwrap_or(NONE);
    while b != NONE {
        let mut z = m.dual[b as usize].clone();
        z.double_in_place();
        sum.add_in_place(&z);
        b = m.blossoms.parent[b as usize];
    }
    sum
}

/// Whether vertex `v` lies inside node `node`.
fn inside<W: Weight>(m: &Matcher<W>, v: u32, node: u32) -> bool {
    let mut x = v;
    while x != NONE {
        if x == node {
            return true;
        }
        x = m.blossoms.parent[x as usize];
    }
    false
}

/// Checks the blossom `b` and everything inside it.
fn check_blossom<W: Weight>(m: &mut Matcher<W>, b: u32) {
    let children = m.blossoms.children(b).to_vec();
    let edges = m.blossoms.edges(b).to_vec();
    let k = children.len();
    assert!(k >= 3 && k % 2 == 1, "blossom {b} has {k} children");
    assert_eq!(edges.len(), k);
    assert_eq!(
        m.blossoms.base[b as usize],
        m.blossoms.base[children[0] as usize]
    );
    assert!(m.dual[b as usize] >= W::zero());
    for (j, &(x, y)) in edges.iter().enumerate() {
        assert!(
            inside(m, x, children[j]),
            "edge {j} of {b} starts outside its child"
        );
        assert!(
            inside(m, y, children[(j + 1) % k]),
            "edge {j} of {b} ends outside"
        );
        let (xi, yi) = (x as usize, y as usize);
        assert!(!m.w2[xi * m.n + yi].is_zero(), "cycle edge without weight");
        let covered = covering_duals(m, xi, yi);
        assert_eq!(covered, m.w2[xi * m.n + yi], "cycle edge {x}-{y} not tight");
        assert_eq!(
            m.mate[xi] == y,
            j % 2 == 1,
            "cycle edge {j} of {b} has wrong state"
        );
    }
    let mut leaves = Vec::new();
    m.blossoms.leaves(b, &mut leaves);
    let base = m.blossoms.base[b as usize];
    for &x in &leaves {
        let mate = m.mate[x as usize];
        if x != base {
            assert!(
                mate != NONE && inside(m, mate, b),
                "{x} in {b} matched outside"
            );
        }
    }
    if base != NONE && m.mate[base as usize] != NONE {
        assert!(
            !inside(m, m.mate[base as usize], b),
            "base of {b} matched inside"
        );
    }
    for &c in &children {
        assert_eq!(m.blossoms.parent[c as usize], b);
        if m.blossoms.is_blossom(c) {
            check_blossom(m, c);
        }
    }
}

/// Checks the optimality certificate (see [`Matcher`]'s doc): feasibility, tightness,
/// the blossom structure, and complementary slackness.
fn check_certificate<W: Weight>(m: &mut Matcher<W>) {
    let n = m.n;
    for v in 0..n {
        assert!(m.dual[v] >= W::zero(), "negative dual at {v}");
        let mate = m.mate[v];
        if mate == NONE {
            assert!(
                m.dual[v].is_zero(),
                "unmatched {v} has dual {:?}",
                m.dual[v]
            );
        } else {
            assert_eq!(m.mate[mate as usize], v as u32, "mates not symmetric");
        }
        let mut x = v as u32;
        while m.blossoms.parent[x as usize] != NONE {
            x = m.blossoms.parent[x as usize];
        }
        assert_eq!(m.blossoms.top[v], x, "wrong top of {v}");
    }
    for u in 0..n {
        for v in u + 1..n {
            let e = m.w2[u * n + v].clone();
            assert_eq!(m.w2[v * n + u], e, "asymmetric weights");
            let covered = covering_duals(m, u, v);
            assert!(covered >= e, "negative slack at {u}-{v}");
            if m.mate[u] == v as u32 {
                assert!(!e.is_zero(), "matched non-edge {u}-{v}");
                assert_eq!(covered, e, "matched edge {u}-{v} not tight");
            }
        }
    }
    for b in n as u32..2 * n as u32 {
        if m.blossoms.is_top(b) {
            check_blossom(m, b);
        }
    }
}

/// Checks that the matching is valid and returns its weight as a u128.
fn matching_weight<W: Weight>(m: &Matcher<W>, to_u128: impl Fn(&W) -> u128) -> u128 {
    let mut seen = vec![false; m.vertex_count()];
    let mut total = 0;
    for (u, v) in m.matching() {
        assert!(u < v && !seen[u] && !seen[v]);
        seen[u] = true;
        seen[v] = true;
        assert_eq!(m.mate(u), Some(v));
        let w = to_u128(&m.weight(u, v));
        assert!(w > 0, "matched a non-edge");
        total += w;
    }
    assert_eq!(to_u128(&m.total_weight()), total);
    total
}

/// A random symmetric weight matrix with the given density and weight bits.
fn random_weights(rng: &mut Rng, n: usize, percent: u64, bits: u32) -> Vec<u128> {
    let mut weights = vec![0u128; n * n];
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(percent) {
                let w = rng.wide_below(bits).max(1);
                weights[u * n + v] = w;
                weights[v * n + u] = w;
            }
        }
    }
    weights
}

/// The kinds of graphs the randomised tests draw: (edge percent, weight bits).
const SHAPES: [(u64, u32); 8] = [
    (100, 2),
    (100, 3),
    (60, 2),
    (30, 3),
    (100, 10),
    (50, 20),
    (100, 40),
    (80, 1),
];

/// Changes the weights at a few random vertices, the way a pairing engine would: a
/// bonus on all edges at a vertex, a penalty, removing its edges, or fixing a pair.
fn perturb(rng: &mut Rng, weights: &mut [u128], n: usize, bits: u32) -> Vec<(usize, usize)> {
    let mut changed = Vec::new();
    let count = 1 + rng.below(3) as usize;
    let max = (1u128 << bits) - 1;
    for _ in 0..count {
        let v = rng.below(n as u64) as usize;
        let kind = rng.below(8);
        let partner = rng.below(n as u64) as usize;
        let bonus = 1 + u128::from(rng.below(4));
        let floor = (0..n)
            .filter(|&x| x != v)
            .map(|x| weights[v * n + x])
            .filter(|&w| w > 0);
        let can_lower = floor.min().is_some_and(|w| w > bonus);
        for x in 0..n {
            if x == v {
                continue;
            }
            let old = weights[v * n + x];
            let new = match kind {
                0 if old > 0 => old + 1 + u128::from(rng.below(3)),
                1 => old / 2,
                2 => 0,
                3 if x == partner => 4 * max + 7,
                3 => 0,
                4 if rng.chance(40) => rng.wide_below(bits),
                5 if old > 0 => old.saturating_sub(1).max(1),
                6 if old > 0 => old + bonus,
                7 if old > 0 && can_lower => old - bonus,
                _ => old,
            };
            if new != old {
                weights[v * n + x] = new;
                weights[x * n + v] = new;
                changed.push((v, x));
            }
        }
        if kind == 3 && partner != v {
            for x in 0..n {
                if x != v && x != partner && weights[partner * n + x] != 0 {
                    weights[partner * n + x] = 0;
                    weights[x * n + partner] = 0;
                    changed.push((partner, x));
                }
            }
        }
    }
    changed
}

/// Builds and solves a fresh matcher for the weights.
fn fresh<W: Weight>(weights: &[u128], n: usize, convert: &impl Fn(u128) -> W) -> Matcher<W> {
    let mut m = Matcher::new(n);
    for u in 0..n {
        for v in u + 1..n {
            if weights[u * n + v] != 0 {
                m.set_weight(u, v, convert(weights[u * n + v]));
            }
        }
    }
    m.solve();
    m
}

/// Runs `cases` random cases of `rounds` warm re-solves each and compares every solve
/// with brute force (or, above 12 vertices, with a fresh solve) and checks certificates.
fn run_random<W: Weight>(
    seed: u64,
    cases: usize,
    max_n: usize,
    rounds: usize,
    convert: impl Fn(u128) -> W,
    back: impl Fn(&W) -> u128,
) -> usize {
    let mut rng = Rng(seed);
    let mut solves = 0;
    for case in 0..cases {
        let n = 1 + case % max_n;
        let (percent, bits) = SHAPES[rng.below(SHAPES.len() as u64) as usize];
        let mut weights = random_weights(&mut rng, n, percent, bits);
        let mut m = fresh(&weights, n, &convert);
        for round in 0..=rounds {
            if round > 0 {
                for (u, v) in perturb(&mut rng, &mut weights, n, bits) {
                    m.set_weight(u, v, convert(weights[u * n + v]));
                }
                if rng.chance(10) {
                    m.force_start_over();
                }
                m.solve();
            }
            solves += 1;
            check_certificate(&mut m);
            let got = matching_weight(&m, &back);
            let expected = if n <= 12 {
                max_weight_matching(n, |u, v| weights[u * n + v])
            } else {
                matching_weight(&fresh(&weights, n, &convert), &back)
            };
            assert_eq!(
                got, expected,
                "case {case} round {round}, n = {n}: {weights:?}"
            );
        }
    }
    solves
}

fn u128_to_wide<const L: usize>(value: u128) -> Wide<L> {
    match Wide::from_u128(value) {
        Some(w) => w,
        None => unreachable!("test weights fit"),
    }
}

#[test]
fn fresh_solves_u64_match_brute_force() {
    let solves = run_random(1, 6000, 12, 0, |w| w as u64, |&w| u128::from(w));
    assert_eq!(solves, 6000);
}

#[test]
fn fresh_solves_u128_large_weights_match_brute_force() {
    let mut rng = Rng(2);
    for case in 0..2000 {
        let n = 1 + case % 12;
        let percent = [100, 70, 40][case % 3];
        let weights = random_weights(&mut rng, n, percent, 120);
        let mut m = fresh(&weights, n, &|w| w);
        check_certificate(&mut m);
        let expected = max_weight_matching(n, |u, v| weights[u * n + v]);
        assert_eq!(matching_weight(&m, |&w| w), expected, "case {case}");
    }
}

#[test]
fn warm_restarts_u64_match_brute_force() {
    let solves = run_random(3, 1500, 12, 12, |w| w as u64, |&w| u128::from(w));
    assert_eq!(solves, 1500 * 13);
}

#[test]
fn warm_restarts_i64_match_brute_force() {
    run_random(4, 300, 12, 8, |w| w as i64, |&w| w as u128);
}

#[test]
fn warm_restarts_larger_graphs_match_fresh_solves() {
    run_random(5, 60, 40, 10, |w| w as u64, |&w| u128::from(w));
}

/// A stacked weight: the u128 value spread over bit fields, mirrored in a `Wide<2>`
/// built with `add_shifted` so that both limbs matter.
fn stacked(value: u128) -> Wide<2> {
    let mut w = Wide::<2>::ZERO;
    w.add_shifted(value as u64 & 0xffff, 0);
    w.add_shifted((value >> 16) as u64 & 0xff_ffff_ffff, 16);
    w.add_shifted((value >> 56) as u64, 56);
    w
}

#[test]
fn warm_restarts_wide2_stacked_fields() {
    // Weights with a high field above bit 64 (the "cardinality" bits) and low fields.
    let spread = |w: u128| (w << 70) | (w * 0x1_0001);
    run_random(
        6,
        600,
        12,
        8,
        |w| {
            let wide = stacked(spread(w));
            assert_eq!(wide.to_u128(), Some(spread(w)));
            wide
        },
        |w| w.to_u128().map_or(0, |x| x >> 70),
    );
}

#[test]
fn warm_restarts_wide3_match_u128() {
    // The same random weights as u128 and shifted left by 60 bits in a Wide<3>: both
    // matchers must pick matchings of the same weight, and the totals must agree.
    let mut rng = Rng(7);
    for case in 0..400 {
        let n = 1 + case % 14;
        let bits = [3, 30, 100][case % 3];
        let mut weights = random_weights(&mut rng, n, 80, bits);
        let mut narrow = fresh(&weights, n, &|w| w);
        let mut wide = fresh(&weights, n, &|w| u128_to_wide::<3>(w) << 60);
        for _ in 0..8 {
            check_certificate(&mut narrow);
            check_certificate(&mut wide);
            let total = matching_weight(&narrow, |&w| w);
            let wide_total = wide.total_weight();
            assert_eq!(wide_total, u128_to_wide::<3>(total) << 60, "case {case}");
            assert_eq!(wide_total >> 60 << 60, wide_total);
            if n <= 12 {
                assert_eq!(total, max_weight_matching(n, |u, v| weights[u * n + v]));
            }
            for (u, v) in perturb(&mut rng, &mut weights, n, bits) {
                narrow.set_weight(u, v, weights[u * n + v]);
                wide.set_weight(u, v, u128_to_wide::<3>(weights[u * n + v]) << 60);
            }
            narrow.solve();
            wide.solve();
        }
    }
}

#[test]
fn ties_everywhere() {
    // All weights equal: a maximum matching of the complete graph.
    for n in 0..20 {
        let mut m = Matcher::<u64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, 5);
            }
        }
        m.solve();
        check_certificate(&mut m);
        assert_eq!(m.matching().len(), n / 2);
        assert_eq!(m.total_weight(), 5 * (n / 2) as u64);
    }
}

#[test]
fn repeated_solves_are_stable_and_deterministic() {
    let mut rng = Rng(8);
    let n = 30;
    let weights = random_weights(&mut rng, n, 70, 3);
    let mut a = fresh(&weights, n, &|w| w as u64);
    let b = fresh(&weights, n, &|w| w as u64);
    assert_eq!(a.matching(), b.matching());
    let before = a.matching();
    a.solve();
    assert_eq!(a.matching(), before);
    // Setting a weight to its current value changes nothing.
    a.set_weight(0, 1, a.weight(0, 1));
    a.solve();
    assert_eq!(a.matching(), before);
}

#[test]
fn empty_and_tiny_graphs() {
    let mut m = Matcher::<u64>::new(0);
    m.solve();
    assert!(m.matching().is_empty());
    let mut m = Matcher::<u64>::new(2);
    m.solve();
    assert_eq!(m.mate(0), None);
    m.set_weight(0, 1, 3);
    m.solve();
    assert_eq!(m.mate(0), Some(1));
    assert_eq!(m.total_weight(), 3);
    m.set_weight(1, 0, 0);
    m.solve();
    assert_eq!(m.mate(0), None);
    assert_eq!(m.total_weight(), 0);
    check_certificate(&mut m);
}

#[test]
fn maximum_weight_not_maximum_cardinality() {
    // Path 0-1-2-3 with a heavy middle edge: one edge beats two.
    let mut m = Matcher::<u64>::new(4);
    m.set_weight(0, 1, 2);
    m.set_weight(1, 2, 5);
    m.set_weight(2, 3, 2);
    m.solve();
    assert_eq!(m.matching(), vec![(1, 2)]);
    // Cardinality in the top bits makes two edges win.
    let big = 1 << 20;
    m.set_weight(0, 1, big + 2);
    m.set_weight(1, 2, big + 5);
    m.set_weight(2, 3, big + 2);
    m.solve();
    assert_eq!(m.matching(), vec![(0, 1), (2, 3)]);
}

#[test]
#[should_panic(expected = "bits")]
fn too_large_weight_panics() {
    let mut m = Matcher::<u64>::new(2);
    m.set_weight(0, 1, 1 << 62);
}

#[test]
fn largest_allowed_weights() {
    let mut m = Matcher::<u64>::new(5);
    let max = (1u64 << 62) - 1;
    for u in 0..5 {
        for v in u + 1..5 {
            m.set_weight(u, v, max - (u + v) as u64);
        }
    }
    m.solve();
    check_certificate(&mut m);
    assert_eq!(m.matching().len(), 2);
}

/// `is_tight` is a necessary condition for an edge to be in some optimum, and
/// `rematch_with` only ever moves to another optimum containing the edge.
#[test]
fn tight_edges_and_rematching_agree_with_brute_force() {
    let mut rng = Rng(21);
    let mut rematched = 0;
    for case in 0..300 {
        let n = 2 + case % 11;
        let (percent, bits) = SHAPES[rng.below(SHAPES.len() as u64) as usize];
        let weights = random_weights(&mut rng, n, percent, bits);
        let best = max_weight_matching(n, |u, v| weights[u * n + v]);
        for a in 0..n {
            for b in a + 1..n {
                let w = weights[a * n + b];
                if w == 0 {
                    continue;
                }
                let with_edge = w + max_weight_matching(n, |u, v| {
                    if [u, v].iter().any(|&x| x == a || x == b) {
                        0
                    } else {
                        weights[u * n + v]
                    }
                });
                let mut m = fresh(&weights, n, &|w| w as u64);
                if !m.is_tight(a, b) {
                    assert!(with_edge < best, "case {case}: {a}-{b} is in an optimum");
                }
                if m.rematch_with(a, b) {
                    rematched += usize::from(with_edge == best);
                    assert_eq!(m.mate(a), Some(b));
                    assert_eq!(u128::from(m.total_weight()), best, "case {case}: {a}-{b}");
                    check_certificate(&mut m);
                }
            }
        }
    }
    assert!(
        rematched > 100,
        "rematching was exercised only {rematched} times"
    );
}
