//! C.04.4.3 2.4 and 4.1–4.4: proposed pairings of a score group and the exchanges that
//! make them compatible, as a depth-first search in the order of the exchange tables.
//!
//! The players are taken in order of scrutiny (4.1: downward from #1, upward from the
//! lowest numbered player; floaters first, 3.6/3.7). The first player still unpaired
//! tries, in turn, the opponent 2.4 proposes and then the ones the exchanges of 4.2 bring
//! him: the lower half of the players still unpaired in order, then the upper half
//! backwards. When no opponent leaves the others pairable, the search goes back to the
//! previous player (4.3: "#2 then tries 6, which moves #1 to 3"). Only when no pairing of
//! the whole group exists is a player floated (4.4). In a group made even by a floater
//! (2.3.d, 3.2), the player who cannot be paired is exchanged with that floater, who
//! comes back into the group in his place (4.4.a): the number of floaters stays the same.
//! Otherwise the last player still unpaired floats with him to keep the number even
//! (4.4.b). A matching check prunes every choice that cannot be completed, so the first
//! pairing in this order is found without listing the others.
//!
//! Interpretation (4.4.a): the text describes the exchange once, for #2 and the floater
//! "originally #7"; it is applied to the first player, in order of scrutiny, who cannot
//! be paired, and only once (the floater who came back is not exchanged again). The
//! floater keeps his own number ("originally #7") in the order of scrutiny. It applies
//! to the group's own players: a floater from another group who cannot be paired would
//! float on (3.9.a/b, the floaters to avoid first), so the group tries its other
//! candidates for the parity floater before floating him.

use std::collections::HashSet;

use crate::matching::CardinalityMatcher;
use crate::tournament::Colour;

/// A point of the search: the players still to pair, those floated so far (sorted), where
/// the parity floater stands and the limits left. Everything below it depends on these
/// alone (see [`Accept`]), so a point that led to no accepted pairing leads to none again.
type Point = (Vec<usize>, Vec<usize>, Parity, Limits);

/// How many more players may float, and how many more pairs may deny both players
/// their due colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Limits {
    floats: usize,
    clashes: usize,
}

/// What a search offers its pairings to: the pairs (in order of scrutiny), the players
/// floated (the parity floater among them unless 4.4.a brought him back) and the player
/// 4.4.a exchanged with the parity floater, if any. It answers whether the pairing is
/// accepted; the answer must depend on the players floated and exchanged only, not on how
/// the others are paired (whether the groups below can take the floaters), so that a
/// part of the search that found nothing is not searched again.
pub(crate) type Accept<'a> = dyn FnMut(&[(usize, usize)], &[usize], Option<usize>) -> bool + 'a;

/// 2.3.d, 4.4.a: where a group's parity floater stands during the search.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Parity {
    /// The group has none.
    None,
    /// Floated, and stays so.
    Kept(usize),
    /// Floated; 4.4.a may still exchange him for a player who cannot be paired.
    Out(usize),
    /// Back in the group, exchanged for this player.
    Exchanged(usize),
}

impl Parity {
    /// The parity floater while 4.4.a may still bring him back.
    fn out(self) -> Option<usize> {
        match self {
            Parity::Out(p) => Some(p),
            Parity::None | Parity::Kept(_) | Parity::Exchanged(_) => None,
        }
    }
}

/// One score group to pair.
pub(crate) struct GroupSearch<'a> {
    /// The players in order of scrutiny: the floaters first (in the order 3.6/3.7 give),
    /// then the residents (downward: best first; upward: lowest numbered first).
    pub(crate) order: &'a [usize],
    /// How many of `order` are floaters from other groups.
    pub(crate) floaters: usize,
    /// 2.3.d, 3.2: the player of `order` floated to make the group even, if any; he is
    /// left out of the pairing unless 4.4.a brings him back.
    pub(crate) parity: Option<usize>,
    /// 2.1: whether two players are compatible.
    pub(crate) compatible: &'a dyn Fn(usize, usize) -> bool,
    /// 5.5/5.6: the colour a player is due.
    pub(crate) due: &'a dyn Fn(usize) -> Option<Colour>,
}

impl GroupSearch<'_> {
    /// Offers pairings in order until one is accepted, floating as few players as
    /// possible: none first, then the fewest 4.4 needs.
    pub(crate) fn search(&self, accept: &mut Accept) -> bool {
        let n = self.order.len() - usize::from(self.parity.is_some());
        let mut floats = n % 2;
        while floats <= n {
            if self.search_floating(floats, accept) {
                return true;
            }
            floats += 2;
        }
        false
    }

    /// Offers, in order, the pairings that float `floats` players besides the parity
    /// floater (or the player 4.4.a exchanged with him) until one is accepted. Those
    /// that keep the parity floater out come first: 4.4.a is for a player who "cannot"
    /// be paired (2.1), not for colours. Within each, the pairings that give every
    /// player his due colour come first, then those that deny it in one pair, and so on
    /// (5.1, 5.2: the second scrutiny "with exchanges where necessary" to give each
    /// player his due colour "if possible").
    pub(crate) fn search_floating(&self, floats: usize, accept: &mut Accept) -> bool {
        let rest: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&a| Some(a) != self.parity)
            .collect();
        match self.parity {
            Some(p) => {
                self.search_clashes(&rest, floats, Parity::Kept(p), accept)
                    || self.search_clashes(&rest, floats, Parity::Out(p), accept)
            }
            None => self.search_clashes(&rest, floats, Parity::None, accept),
        }
    }

    /// [`Self::search_floating`] with the parity floater as `parity` says, by the number
    /// of pairs whose players are due the same colour.
    fn search_clashes(
        &self,
        rest: &[usize],
        floats: usize,
        parity: Parity,
        accept: &mut Accept,
    ) -> bool {
        if !self.completable(rest, floats, parity.out()) {
            return false;
        }
        for max_clashes in self.clash_bound(rest, floats, parity.out())..=rest.len() / 2 {
            let mut pairs = Vec::new();
            let mut floated = Vec::new();
            let limits = Limits {
                floats,
                clashes: max_clashes,
            };
            let mut search = Walk {
                pairs: &mut pairs,
                floated: &mut floated,
                accept,
                fruitless: HashSet::new(),
            };
            if self.dfs(rest, limits, parity, &mut search) {
                return true;
            }
        }
        false
    }

    /// 5.1: a pair in which both players are due the same colour.
    fn clash(&self, a: usize, b: usize) -> bool {
        matches!(((self.due)(a), (self.due)(b)), (Some(x), Some(y)) if x == y)
    }

    /// A lower bound on the clashes among `rest` with `floats` of them floated: the
    /// players due the majority colour beyond those due the other or none must meet each
    /// other. With the parity floater `out` still available to 4.4.a, he counts among
    /// `rest` and one more may float.
    fn clash_bound(&self, rest: &[usize], floats: usize, out: Option<usize>) -> usize {
        let count = |c| {
            rest.iter()
                .chain(&out)
                .filter(|&&a| (self.due)(a) == Some(c))
                .count()
        };
        let (w, b) = (count(Colour::White), count(Colour::Black));
        let free = rest.len() + usize::from(out.is_some()) - w - b;
        let floats = floats + usize::from(out.is_some());
        (w.abs_diff(b).saturating_sub(free + floats)).div_ceil(2)
    }

    /// The search from one point: pairs the first of `rest`, in the order of the
    /// exchange tables, and goes on; `false` when nothing below is accepted.
    fn dfs(&self, rest: &[usize], limits: Limits, parity: Parity, walk: &mut Walk) -> bool {
        let Some((&a, others)) = rest.split_first() else {
            let (pairs, floated) = (&*walk.pairs, &mut *walk.floated);
            return match parity {
                Parity::Kept(p) | Parity::Out(p) => {
                    floated.push(p);
                    let accepted = (walk.accept)(pairs, floated, None);
                    floated.pop();
                    accepted
                }
                Parity::Exchanged(x) => (walk.accept)(pairs, floated, Some(x)),
                Parity::None => (walk.accept)(pairs, floated, None),
            };
        };
        let point = walk.point(rest, parity, limits);
        if walk.fruitless.contains(&point) {
            return false;
        }
        if self.dfs_from(a, others, limits, parity, walk) {
            return true;
        }
        walk.fruitless.insert(point);
        false
    }

    /// [`Self::dfs`] once the point is new: `a` is the first player still to pair.
    fn dfs_from(
        &self,
        a: usize,
        others: &[usize],
        limits: Limits,
        parity: Parity,
        walk: &mut Walk,
    ) -> bool {
        let swap = parity.out();
        let floats = limits.floats;
        for b in self.candidates(a, others) {
            if !(self.compatible)(a, b) {
                continue;
            }
            let Some(clashes) = limits.clashes.checked_sub(usize::from(self.clash(a, b))) else {
                continue;
            };
            let next: Vec<usize> = others.iter().copied().filter(|&x| x != b).collect();
            if !self.viable(&next, Limits { floats, clashes }, swap) {
                continue;
            }
            walk.pairs.push((a, b));
            if self.dfs(&next, Limits { floats, clashes }, parity, walk) {
                return true;
            }
            walk.pairs.pop();
        }
        // 4.4.a: a is exchanged with the parity floater, who comes back at his own place
        // in the order of scrutiny. Not a floater from another group (3.9.a/b).
        let resident = !self.order[..self.floaters].contains(&a);
        if let Some(p) = swap.filter(|_| resident) {
            let next: Vec<usize> = self
                .order
                .iter()
                .copied()
                .filter(|&x| x == p || others.contains(&x))
                .collect();
            if self.viable(&next, limits, None) {
                walk.floated.push(a);
                if self.dfs(&next, limits, Parity::Exchanged(a), walk) {
                    return true;
                }
                walk.floated.pop();
            }
        }
        // 4.4.b: a is floated; if that leaves an odd number, the last player still
        // unpaired floats with him.
        let company = usize::from(others.len() % 2 == 1);
        if floats > company {
            let next = &others[..others.len() - company];
            let left = Limits {
                floats: floats - 1 - company,
                clashes: limits.clashes,
            };
            if self.viable(next, left, swap) {
                walk.floated.push(a);
                walk.floated
                    .extend_from_slice(&others[others.len() - company..]);
                if self.dfs(next, left, parity, walk) {
                    return true;
                }
                let kept = walk.floated.len() - 1 - company;
                walk.floated.truncate(kept);
            }
        }
        false
    }

    /// Whether `rest` may still be paired within `limits`, `out` being the parity floater
    /// while 4.4.a may still bring him back.
    fn viable(&self, rest: &[usize], limits: Limits, out: Option<usize>) -> bool {
        self.clash_bound(rest, limits.floats, out) <= limits.clashes
            && self.completable(rest, limits.floats, out)
    }

    /// The opponents `a` tries, in order. A floater (3.8): the players due the colour
    /// alternate to his first, each part in order of scrutiny. A resident (2.4, 4.2):
    /// the lower half of the players still unpaired (himself included) in order, then
    /// the upper half backwards.
    fn candidates(&self, a: usize, others: &[usize]) -> Vec<usize> {
        let is_floater = self.order[..self.floaters].contains(&a);
        if is_floater {
            let (due, rest): (Vec<usize>, Vec<usize>) =
                others.iter().partition(|&&b| !self.clash(a, b));
            return due.into_iter().chain(rest).collect();
        }
        let all: Vec<usize> = std::iter::once(a).chain(others.iter().copied()).collect();
        let half = all.len() / 2;
        let (upper, lower) = all.split_at(half);
        lower
            .iter()
            .copied()
            .chain(upper.iter().rev().copied())
            .filter(|&b| b != a)
            .collect()
    }

    /// Whether `rest` holds enough compatible pairs to leave at most `floats` unpaired.
    /// With the parity floater `out` still available to 4.4.a, he may take the place of
    /// one more of them.
    fn completable(&self, rest: &[usize], floats: usize, out: Option<usize>) -> bool {
        let all: Vec<usize> = rest.iter().chain(&out).copied().collect();
        let floats = floats + usize::from(out.is_some());
        if all.len() < 2 {
            return all.len() <= floats;
        }
        let mut m = CardinalityMatcher::new(all.len(), |u, v| (self.compatible)(all[u], all[v]));
        m.maximise().len() <= floats
    }
}

/// The state of one search: the pairs and floaters of the path taken, what it offers its
/// pairings to, and the points below which nothing was accepted.
struct Walk<'w, 'a> {
    pairs: &'w mut Vec<(usize, usize)>,
    floated: &'w mut Vec<usize>,
    accept: &'w mut Accept<'a>,
    fruitless: HashSet<Point>,
}

impl Walk<'_, '_> {
    fn point(&self, rest: &[usize], parity: Parity, limits: Limits) -> Point {
        let mut floated = self.floated.clone();
        floated.sort_unstable();
        (rest.to_vec(), floated, parity, limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs the group 1..=n downward with `met` pairs incompatible and `parity` floated
    /// to make it even.
    fn pair(
        n: usize,
        parity: Option<usize>,
        met: &[(usize, usize)],
    ) -> (Vec<(usize, usize)>, Vec<usize>) {
        let order: Vec<usize> = (1..=n).collect();
        let compatible = |a: usize, b: usize| !met.contains(&(a, b)) && !met.contains(&(b, a));
        let search = GroupSearch {
            order: &order,
            floaters: 0,
            parity,
            compatible: &compatible,
            due: &|_| None,
        };
        let mut found = (Vec::new(), Vec::new());
        search.search(&mut |pairs, floated, _| {
            found = (pairs.to_vec(), floated.to_vec());
            true
        });
        let mut pairs = found.0;
        pairs
            .iter_mut()
            .for_each(|p| *p = (p.0.min(p.1), p.0.max(p.1)));
        pairs.sort();
        (pairs, found.1)
    }

    /// 4.2: #1 tries 4, 5, 6, 3, 2; column k is the pairing when #1 has met the first
    /// k − 1 of them.
    #[test]
    fn table_4_2() {
        let tries = [4, 5, 6, 3];
        let columns = [
            vec![(1, 4), (2, 5), (3, 6)],
            vec![(1, 5), (2, 4), (3, 6)],
            vec![(1, 6), (2, 4), (3, 5)],
            vec![(1, 3), (2, 5), (4, 6)],
            vec![(1, 2), (3, 5), (4, 6)],
        ];
        for (k, expected) in columns.iter().enumerate() {
            let met: Vec<(usize, usize)> = tries[..k].iter().map(|&b| (1, b)).collect();
            assert_eq!(pair(6, None, &met).0, *expected, "column {}", k + 1);
        }
    }

    /// 4.3: #1 has met 4 and 5 and takes 6; #2 then tries 4, 5, 3, then 6 (moving #1 to
    /// 3), then 1.
    #[test]
    fn table_4_3() {
        let tries = [4, 5, 3, 6];
        let columns = [
            vec![(1, 6), (2, 4), (3, 5)],
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(1, 6), (2, 3), (4, 5)],
            vec![(1, 3), (2, 6), (4, 5)],
            vec![(1, 2), (3, 5), (4, 6)],
        ];
        for (k, expected) in columns.iter().enumerate() {
            let mut met = vec![(1, 4), (1, 5)];
            met.extend(tries[..k].iter().map(|&b| (2, b)));
            assert_eq!(pair(6, None, &met).0, *expected, "column {}", k + 1);
        }
    }

    /// 4.4/4.4.b: #1 and #2 have met each other and 3, 4 and 5: 1-6 is kept, #2 floats,
    /// and with him the lowest numbered player remaining, #5.
    #[test]
    fn example_4_4() {
        let met = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)];
        let (pairs, floated) = pair(6, None, &met);
        assert_eq!(pairs, [(1, 6), (3, 4)]);
        assert_eq!(floated, [2, 5]);
    }

    /// 4.4.a: the same position in a group of seven made even by floating #7: #1 and #2
    /// have met each other and everyone but #6. 1-6 is kept and #2 is exchanged with the
    /// floater: #7 comes back and pairs in #2's place (3-5, 4-7); #2 alone floats, where
    /// 4.4.b would float #2 and #5 besides #7.
    #[test]
    fn example_4_4_a() {
        let mut met = vec![(1, 2)];
        met.extend([3, 4, 5, 7].iter().flat_map(|&b| [(1, b), (2, b)]));
        let (pairs, floated) = pair(7, Some(7), &met);
        assert_eq!(pairs, [(1, 6), (3, 5), (4, 7)]);
        assert_eq!(floated, [2]);
    }

    /// 4.4.a is one exchange. #1 has met everyone but #7, #2 everyone; #7 floats to make
    /// the group even. #1 cannot be paired: he is exchanged with #7 (4.4.a). Then #2
    /// cannot be paired either: he floats with the last player still unpaired, #7
    /// (4.4.b), and 3-5, 4-6 remain.
    #[test]
    fn one_exchange_with_the_floater() {
        let mut met: Vec<(usize, usize)> = (2..=6).map(|b| (1, b)).collect();
        met.extend((3..=7).map(|b| (2, b)));
        let (pairs, floated) = pair(7, Some(7), &met);
        assert_eq!(pairs, [(3, 5), (4, 6)]);
        assert_eq!(floated, [1, 2, 7]);
    }

    /// 4.4.a is not for colours: #1, #2, #3 are due White, #4 and #5 (the parity
    /// floater) Black. Exchanging #2 with #5 would give everyone his due colour (1-4,
    /// 3-5), but #2 can be paired: #5 stays out, and 1-3, 2-4 deny one pair its colour.
    #[test]
    fn no_exchange_with_the_floater_for_colours() {
        let order = [1, 2, 3, 4, 5];
        let due = |a: usize| Some(if a <= 3 { Colour::White } else { Colour::Black });
        let search = GroupSearch {
            order: &order,
            floaters: 0,
            parity: Some(5),
            compatible: &|_, _| true,
            due: &due,
        };
        let mut found = (Vec::new(), Vec::new());
        search.search(&mut |pairs, floated, _| {
            found = (pairs.to_vec(), floated.to_vec());
            true
        });
        assert_eq!(found, (vec![(1, 3), (2, 4)], vec![5]));
    }

    /// A group none of whose pairings is accepted (the groups below can take no floater
    /// it offers) is searched once: every point of the search that found nothing is not
    /// searched again. Sixteen players all compatible have 15!! = 2,027,025 pairings; for
    /// each of the 9 limits on colour clashes tried (0 to 8), each 2-player remainder is
    /// reached once, so at most 9 × C(16, 2) = 1080 are offered.
    #[test]
    fn a_group_whose_pairings_are_all_refused_is_searched_once() {
        let order: Vec<usize> = (1..=16).collect();
        let search = GroupSearch {
            order: &order,
            floaters: 0,
            parity: None,
            compatible: &|_, _| true,
            due: &|_| None,
        };
        let mut offered = 0usize;
        let found = search.search_floating(0, &mut |_, _, _| {
            offered += 1;
            false
        });
        assert!(!found);
        assert!(offered <= 9 * 120, "{offered} pairings offered");
    }

    /// 5.2: the proposed 1-3, 2-4 would deny four players their due colour (1 and 3 due
    /// White, 2 and 4 due Black); the exchange 1-4, 2-3 gives everyone his.
    #[test]
    fn second_scrutiny_for_colours() {
        let order = [1, 2, 3, 4];
        let due = |a: usize| {
            Some(if a % 2 == 1 {
                Colour::White
            } else {
                Colour::Black
            })
        };
        let search = GroupSearch {
            order: &order,
            floaters: 0,
            parity: None,
            compatible: &|_, _| true,
            due: &due,
        };
        let mut found = Vec::new();
        search.search(&mut |pairs, _, _| {
            found = pairs.to_vec();
            true
        });
        assert_eq!(found, [(1, 4), (2, 3)]);
    }
}
