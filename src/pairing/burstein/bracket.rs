//! C.04.4.2 3.2: the pairing of one bracket, the first in the order of 4.3 among those
//! that best satisfy [C5]–[C8] (with [C4] kept).
//!
//! A maximum-weight matching over the bracket, the next scoregroup and (when needed) the
//! players below, weighted by [`Layout`], gives the best value the criteria can reach.
//! The candidate is then fixed player by player in BSN order: each player takes the
//! first of his choices ([`options`]) for which a matching of that same best value still
//! exists. So the search visits one choice per step and a few rejected ones, never the
//! candidates one by one.

use crate::matching::{Matcher, Wide};
use crate::pairing::PairingError;

use super::candidates::options;
use super::criteria::{Layout, Role};
use super::field::Field;

/// A bracket's pairs and outgoing floaters (field indices), and every player the
/// matching behind it pairs (bracket and next bracket), for the completion check.
pub(crate) struct BracketPairing {
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) floaters: Vec<usize>,
    pub(crate) matched: Vec<usize>,
}

/// Pairs `bracket` (in 1.8 order) given the `next` scoregroup. With `below` (everyone
/// else still to pair) the graph holds every player still to pair and the criteria
/// include completion ([C4]); without it, the caller checks completion. `None` if no
/// pairing of the graph is complete (with `below` only).
pub(crate) fn pair(
    field: &Field,
    bracket: &[usize],
    next: &[usize],
    below: Option<&[usize]>,
) -> Result<Option<BracketPairing>, PairingError> {
    let mut vertices: Vec<(usize, Role)> = bracket.iter().map(|&a| (a, Role::Bracket)).collect();
    vertices.extend(next.iter().map(|&a| (a, Role::Next)));
    vertices.extend(below.unwrap_or(&[]).iter().map(|&a| (a, Role::Below)));
    let scores = |players: &[usize]| players.iter().map(|&a| field.score(a)).collect::<Vec<_>>();
    let bracket_scores = scores(bracket);
    let mut next_scores = bracket_scores.clone();
    next_scores.extend(scores(next));
    let layout = Layout::new(vertices.len(), below.is_some(), bracket_scores, next_scores);
    let bits = layout.bits();
    if bits <= Matcher::<Wide<4>>::MAX_WEIGHT_BITS {
        Ok(Search::<4>::new(field, &layout, &vertices, bracket.len()).run(below.is_some()))
    } else if bits <= Matcher::<Wide<16>>::MAX_WEIGHT_BITS {
        Ok(Search::<16>::new(field, &layout, &vertices, bracket.len()).run(below.is_some()))
    } else {
        Err(PairingError::InvalidRequest {
            round: 0,
            reason: format!("a Burstein bracket needs {bits}-bit weights"),
        })
    }
}

/// The matching and the weights it was built from (vertices: the bracket first).
struct Search<'a, const L: usize> {
    vertices: &'a [(usize, Role)],
    size: usize,
    weights: Vec<Wide<L>>,
    matcher: Matcher<Wide<L>>,
    target: Wide<L>,
}

impl<'a, const L: usize> Search<'a, L> {
    fn new(field: &Field, layout: &Layout, vertices: &'a [(usize, Role)], size: usize) -> Self {
        let n = vertices.len();
        let mut weights = vec![Wide::<L>::default(); n * n];
        let mut matcher = Matcher::new(n);
        for u in 0..n {
            for v in u + 1..n {
                let ((a, ra), (b, rb)) = (vertices[u], vertices[v]);
                if !field.compatible(a, b) {
                    continue;
                }
                let (pa, pb) = (
                    field.players[a].state.preference.colour(),
                    field.players[b].state.preference.colour(),
                );
                let clash = pa.is_some() && pa == pb;
                let w = layout.weight::<L>((ra, field.score(a)), (rb, field.score(b)), clash);
                if !w.is_zero() {
                    weights[u * n + v] = w;
                    weights[v * n + u] = w;
                    matcher.set_weight(u, v, w);
                }
            }
        }
        matcher.solve();
        let target = matcher.total_weight();
        Search {
            vertices,
            size,
            weights,
            matcher,
            target,
        }
    }

    fn run(mut self, complete: bool) -> Option<BracketPairing> {
        let n = self.vertices.len();
        if complete && (0..n).any(|v| self.matcher.mate(v).is_none()) {
            return None;
        }
        let mut decided = vec![false; self.size];
        let mut pairs = Vec::new();
        let mut floaters = Vec::new();
        for i in 0..self.size {
            if decided[i] {
                continue;
            }
            let choices: Vec<Option<usize>> = options(i, &decided).collect();
            // The last choice (floating) always succeeds: an optimum exists with the
            // choices made so far, and it pairs `i` with a later player or floats him.
            let choice = choices
                .into_iter()
                .find(|&c| self.admits(i, c))
                .unwrap_or(None);
            decided[i] = true;
            match choice {
                Some(j) => {
                    decided[j] = true;
                    pairs.push((self.vertices[i].0, self.vertices[j].0));
                }
                None => floaters.push(self.vertices[i].0),
            }
        }
        let matched = (0..n)
            .filter(|&v| self.matcher.mate(v).is_some())
            .map(|v| self.vertices[v].0)
            .collect();
        Some(BracketPairing {
            pairs,
            floaters,
            matched,
        })
    }

    /// Whether an optimal matching makes choice `c` for `i`; if so the choice is locked
    /// in (the edges it excludes are removed) and the matcher holds such a matching.
    fn admits(&mut self, i: usize, c: Option<usize>) -> bool {
        let n = self.vertices.len();
        let excluded: Vec<(usize, usize)> = match c {
            Some(j) => {
                if self.weights[i * n + j].is_zero() {
                    return false;
                }
                (0..n)
                    .filter(|&v| v != j && v != i)
                    .flat_map(|v| [(i, v), (j, v)])
                    .filter(|&(x, v)| !(x == j && v == i))
                    .collect()
            }
            None => (0..self.size).filter(|&v| v != i).map(|v| (i, v)).collect(),
        };
        let holds = match c {
            Some(j) => {
                self.matcher.mate(i) == Some(j)
                    || (self.matcher.is_tight(i, j) && self.matcher.rematch_with(i, j))
            }
            None => self.matcher.mate(i).is_none_or(|m| m >= self.size),
        };
        if !holds {
            if c.is_some_and(|j| !self.matcher.is_tight(i, j)) {
                return false;
            }
            for &(x, v) in &excluded {
                self.matcher.set_weight(x, v, Wide::default());
            }
            self.matcher.solve();
            if self.matcher.total_weight() != self.target {
                for &(x, v) in &excluded {
                    let w = self.weights[x * n + v];
                    self.matcher.set_weight(x, v, w);
                }
                self.matcher.solve();
                return false;
            }
        }
        for &(x, v) in &excluded {
            self.weights[x * n + v] = Wide::default();
            self.weights[v * n + x] = Wide::default();
            self.matcher.set_weight(x, v, Wide::default());
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::burstein::field::tests::entrant;

    /// The handbook's tie case: in a six-player bracket, 3 and 4 have met everyone else
    /// (and each other). The best pairing has two pairs; the first in 4.3 order is
    /// 1-6, 2-5, with 3 and 4 floating (here to a next scoregroup of two).
    #[test]
    fn three_and_four_float() {
        let mut players: Vec<_> = (0..6).map(|r| entrant(r, 4, 100 - r as i64, 0)).collect();
        players.extend((6..8).map(|r| entrant(r, 2, 10, 0)));
        let mut met = Vec::new();
        for a in [3, 4] {
            for b in 1..=6 {
                if a != b {
                    met.push((a, b));
                }
            }
        }
        let field = Field::from_parts(players, &met);
        let groups = field.scoregroups(&(0..8).collect::<Vec<_>>());
        let bracket = field.ranked(&groups[0]);
        let result = pair(&field, &bracket, &groups[1], Some(&[]))
            .expect("fits")
            .expect("complete");
        let ids = |v: &[usize]| {
            v.iter()
                .map(|&a| field.players[a].state.id)
                .collect::<Vec<_>>()
        };
        let pairs: Vec<(u32, u32)> = result
            .pairs
            .iter()
            .map(|&(a, b)| (field.players[a].state.id, field.players[b].state.id))
            .collect();
        assert_eq!(pairs, [(1, 6), (2, 5)]);
        assert_eq!(ids(&result.floaters), [3, 4]);
    }

    /// [C6] before the 4.3 order: with an incoming floater of a higher score, the
    /// pairing that floats a resident wins even though 1-3 comes first in 4.3 order.
    #[test]
    fn lower_scored_floater_first() {
        // BSN order 1 (resident), 2 (floater, higher score), 3 (resident).
        let players = vec![
            entrant(0, 2, 90, 0),
            entrant(1, 4, 80, 0),
            entrant(2, 2, 70, 0),
            entrant(3, 0, 10, 0),
        ];
        let field = Field::from_parts(players, &[(2, 4), (1, 4)]);
        let result = pair(&field, &[0, 1, 2], &[3], Some(&[]))
            .expect("fits")
            .expect("complete");
        assert_eq!(result.pairs, [(0, 1)]);
        assert_eq!(result.floaters, [2]);
    }

    /// [C7] before the 4.3 order: 1-3 (floating 2) comes first, but 2 has met the
    /// next scoregroup's only player 4, so the next bracket would have no pair; 1-2,
    /// floating 3 (who can meet 4), is chosen.
    #[test]
    fn next_bracket_decides_the_floater() {
        let halves = [4, 4, 4, 2, 0, 0];
        let players = (0..6)
            .map(|r| entrant(r, halves[r], 100 - r as i64, 0))
            .collect();
        let field = Field::from_parts(players, &[(2, 4)]);
        let result = pair(&field, &[0, 1, 2], &[3], Some(&[4, 5]))
            .expect("fits")
            .expect("complete");
        assert_eq!(result.pairs, [(0, 1)]);
        assert_eq!(result.floaters, [2]);
    }

    /// A candidate: its pairs and its floaters.
    type Candidate = (Vec<(usize, usize)>, Vec<usize>);

    /// Every pairing of `players` (any number of floaters) in 4.3 order, pairs
    /// restricted to `ok`.
    fn every_pairing(players: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> Vec<Candidate> {
        fn walk(
            players: &[usize],
            ok: &dyn Fn(usize, usize) -> bool,
            decided: &mut Vec<bool>,
            pairs: &mut Vec<(usize, usize)>,
            floats: &mut Vec<usize>,
            out: &mut Vec<Candidate>,
        ) {
            let Some(i) = decided.iter().position(|d| !d) else {
                out.push((pairs.clone(), floats.clone()));
                return;
            };
            let choices: Vec<Option<usize>> = options(i, decided).collect();
            for c in choices {
                if c.is_some_and(|j| !ok(players[i], players[j])) {
                    continue;
                }
                decided[i] = true;
                match c {
                    Some(j) => {
                        decided[j] = true;
                        pairs.push((players[i], players[j]));
                    }
                    None => floats.push(players[i]),
                }
                walk(players, ok, decided, pairs, floats, out);
                decided[i] = false;
                match c {
                    Some(j) => {
                        decided[j] = false;
                        pairs.pop();
                    }
                    None => {
                        floats.pop();
                    }
                }
            }
        }
        let mut out = Vec::new();
        let mut decided = vec![false; players.len()];
        walk(
            players,
            ok,
            &mut decided,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut out,
        );
        out
    }

    /// 3.2.2 by brute force on small random brackets (three scoregroups: the bracket
    /// with incoming floaters, the next one, one below): every candidate in 4.3 order,
    /// kept if the rest can be completed, the first with the best [C5], [C6], [C7]
    /// (the next bracket's best [C5], [C6] with the rest completable), [C8]. The search
    /// must pick the same candidate.
    #[test]
    fn search_agrees_with_brute_force() {
        use crate::pairing::colour::ColourPreference;
        use crate::tournament::Colour::{Black as B, White as W};
        use std::cmp::Reverse;
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next_random = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let histories = [vec![], vec![W], vec![B], vec![W, W], vec![B, B], vec![W, B]];
        let mut checked = 0;
        for _ in 0..120 {
            let sizes = [
                2 + next_random(5) as usize,
                1 + next_random(4) as usize,
                next_random(4) as usize,
            ];
            let n: usize = sizes.iter().sum();
            if n % 2 == 1 {
                continue;
            }
            let mut players = Vec::new();
            for r in 0..n {
                let group = if r < sizes[0] {
                    0
                } else if r < sizes[0] + sizes[1] {
                    1
                } else {
                    2
                };
                // Bracket: some incoming floaters one or two points above.
                let halves = match group {
                    0 => 8 + 2 * next_random(3) as i32,
                    1 => 6,
                    _ => 4,
                };
                let mut e = entrant(r, halves, next_random(50) as i64, next_random(5) as i64);
                let h = &histories[next_random(histories.len() as u64) as usize];
                e.state.colours = h.clone();
                e.state.preference = ColourPreference::from_history(h);
                players.push(e);
            }
            let mut met = Vec::new();
            for a in 1..=n as u32 {
                for b in a + 1..=n as u32 {
                    if next_random(100) < 30 {
                        met.push((a, b));
                    }
                }
            }
            let field = Field::from_parts(players, &met);
            let bracket = field.ranked(&(0..sizes[0]).collect::<Vec<_>>());
            let next: Vec<usize> = (sizes[0]..sizes[0] + sizes[1]).collect();
            let below: Vec<usize> = (sizes[0] + sizes[1]..n).collect();
            let ok = |a: usize, b: usize| field.compatible(a, b);
            let completable =
                |rest: &[usize]| every_pairing(rest, &ok).iter().any(|(_, f)| f.is_empty());
            let desc = |f: &[usize]| {
                let mut s: Vec<_> = f.iter().map(|&a| field.score(a)).collect();
                s.sort_unstable_by(|a, b| b.cmp(a));
                s
            };
            let clashes = |pairs: &[(usize, usize)]| {
                pairs
                    .iter()
                    .filter(|&&(a, b)| {
                        let (pa, pb) = (
                            field.players[a].state.preference.colour(),
                            field.players[b].state.preference.colour(),
                        );
                        pa.is_some() && pa == pb
                    })
                    .count()
            };
            let mut best = None;
            for (pairs, floats) in every_pairing(&bracket, &ok) {
                let mut rest = floats.clone();
                rest.extend(&next);
                rest.extend(&below);
                if !completable(&rest) {
                    continue;
                }
                // The next bracket: this one's floaters, then the next scoregroup, by 1.8.
                let mut nb = floats.clone();
                nb.extend(&next);
                let nb = field.ranked(&nb);
                let c7 = every_pairing(&nb, &ok)
                    .into_iter()
                    .filter(|(_, f)| {
                        let mut r = f.clone();
                        r.extend(&below);
                        completable(&r)
                    })
                    .map(|(p, f)| (p.len(), Reverse(desc(&f))))
                    .max();
                let key = (
                    pairs.len(),
                    Reverse(desc(&floats)),
                    c7,
                    Reverse(clashes(&pairs)),
                );
                if best.as_ref().is_none_or(|(k, _)| key > *k) {
                    best = Some((key, pairs));
                }
            }
            let got = pair(&field, &bracket, &next, Some(&below)).expect("fits");
            match (best, got) {
                (None, None) => {}
                (Some((_, pairs)), Some(g)) => {
                    assert_eq!(g.pairs, pairs, "met {met:?}");
                    checked += 1;
                }
                (b, g) => panic!(
                    "brute force {:?}, search {:?}",
                    b.map(|x| x.1),
                    g.map(|x| x.pairs)
                ),
            }
        }
        assert!(checked >= 25, "only {checked} pairable cases");
    }
}
