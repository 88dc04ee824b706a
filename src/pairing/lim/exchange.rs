//! C.04.4.3 2.4 and 4.1–4.4: proposed pairings of a score group and the exchanges that
//! make them compatible, as a depth-first search in the order of the exchange tables.
//!
//! The players are taken in order of scrutiny (4.1: downward from #1, upward from the
//! lowest numbered player; floaters first, 3.6/3.7). The first player still unpaired
//! tries, in turn, the opponent 2.4 proposes and then the ones the exchanges of 4.2 bring
//! him: the lower half of the players still unpaired in order, then the upper half
//! backwards. When no opponent leaves the others pairable, the search goes back to the
//! previous player (4.3: "#2 then tries 6, which moves #1 to 3"). Only when no pairing of
//! the whole group exists is a player floated, with the last player still unpaired to
//! keep the number even (4.4). A matching check prunes every choice that cannot be
//! completed, so the first pairing in this order is found without listing the others.

use crate::matching::CardinalityMatcher;
use crate::tournament::Colour;

/// How many more players may float, and how many more pairs may deny both players
/// their due colour.
#[derive(Clone, Copy)]
struct Limits {
    floats: usize,
    clashes: usize,
}

/// What a search offers its pairings to: the pairs (in order of scrutiny) and the players
/// floated. It answers whether the pairing is accepted.
pub type Accept<'a> = dyn FnMut(&[(usize, usize)], &[usize]) -> bool + 'a;

/// One score group to pair.
pub struct GroupSearch<'a> {
    /// The players in order of scrutiny: the floaters first (in the order 3.6/3.7 give),
    /// then the residents (downward: best first; upward: lowest numbered first).
    pub order: &'a [usize],
    /// How many of `order` are floaters from other groups.
    pub floaters: usize,
    /// 2.1: whether two players are compatible.
    pub compatible: &'a dyn Fn(usize, usize) -> bool,
    /// 5.5/5.6: the colour a player is due.
    pub due: &'a dyn Fn(usize) -> Option<Colour>,
}

impl GroupSearch<'_> {
    /// Offers pairings in order until one is accepted, floating as few players as
    /// possible: none first, then the fewest 4.4 needs. For each number of floaters, the
    /// pairings that give every player his due colour come first, then those that deny it
    /// in one pair, and so on (5.1, 5.2: the second scrutiny "with exchanges where
    /// necessary" to give each player his due colour "if possible").
    pub fn search(&self, accept: &mut Accept) -> bool {
        let n = self.order.len();
        let mut floats = n % 2;
        while floats <= n {
            if self.completable(self.order, floats) {
                for max_clashes in self.clash_bound(self.order, floats)..=n / 2 {
                    let mut pairs = Vec::new();
                    let mut floated = Vec::new();
                    let limits = Limits {
                        floats,
                        clashes: max_clashes,
                    };
                    if self.dfs(self.order, limits, &mut pairs, &mut floated, accept) {
                        return true;
                    }
                }
            }
            floats += 2;
        }
        false
    }

    /// 5.1: a pair in which both players are due the same colour.
    fn clash(&self, a: usize, b: usize) -> bool {
        matches!(((self.due)(a), (self.due)(b)), (Some(x), Some(y)) if x == y)
    }

    /// A lower bound on the clashes among `rest` with `floats` of them floated: the
    /// players due the majority colour beyond those due the other or none must meet each
    /// other.
    fn clash_bound(&self, rest: &[usize], floats: usize) -> usize {
        let count = |c| rest.iter().filter(|&&a| (self.due)(a) == Some(c)).count();
        let (w, b) = (count(Colour::White), count(Colour::Black));
        let free = rest.len() - w - b;
        (w.abs_diff(b).saturating_sub(free + floats)).div_ceil(2)
    }

    fn dfs(
        &self,
        rest: &[usize],
        limits: Limits,
        pairs: &mut Vec<(usize, usize)>,
        floated: &mut Vec<usize>,
        accept: &mut Accept,
    ) -> bool {
        let Some((&a, others)) = rest.split_first() else {
            return accept(pairs, floated);
        };
        let floats = limits.floats;
        for b in self.candidates(a, others) {
            if !(self.compatible)(a, b) {
                continue;
            }
            let Some(clashes) = limits.clashes.checked_sub(usize::from(self.clash(a, b))) else {
                continue;
            };
            let next: Vec<usize> = others.iter().copied().filter(|&x| x != b).collect();
            if self.clash_bound(&next, floats) > clashes || !self.completable(&next, floats) {
                continue;
            }
            pairs.push((a, b));
            if self.dfs(&next, Limits { floats, clashes }, pairs, floated, accept) {
                return true;
            }
            pairs.pop();
        }
        // 4.4: a is floated; if that leaves an odd number, the last player still unpaired
        // floats with him (4.4.b).
        let company = usize::from(others.len() % 2 == 1);
        if floats > company {
            let next = &others[..others.len() - company];
            let left = Limits {
                floats: floats - 1 - company,
                clashes: limits.clashes,
            };
            if self.completable(next, left.floats)
                && self.clash_bound(next, left.floats) <= left.clashes
            {
                floated.push(a);
                floated.extend_from_slice(&others[others.len() - company..]);
                if self.dfs(next, left, pairs, floated, accept) {
                    return true;
                }
                floated.truncate(floated.len() - 1 - company);
            }
        }
        false
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
    fn completable(&self, rest: &[usize], floats: usize) -> bool {
        if rest.len() < 2 {
            return rest.len() <= floats;
        }
        let mut m = CardinalityMatcher::new(rest.len(), |u, v| (self.compatible)(rest[u], rest[v]));
        m.maximise().len() <= floats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs the group 1..=n downward with `met` pairs incompatible.
    fn pair(n: usize, met: &[(usize, usize)]) -> (Vec<(usize, usize)>, Vec<usize>) {
        let order: Vec<usize> = (1..=n).collect();
        let compatible = |a: usize, b: usize| !met.contains(&(a, b)) && !met.contains(&(b, a));
        let search = GroupSearch {
            order: &order,
            floaters: 0,
            compatible: &compatible,
            due: &|_| None,
        };
        let mut found = (Vec::new(), Vec::new());
        search.search(&mut |pairs, floated| {
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
            assert_eq!(pair(6, &met).0, *expected, "column {}", k + 1);
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
            assert_eq!(pair(6, &met).0, *expected, "column {}", k + 1);
        }
    }

    /// 4.4/4.4.b: #1 and #2 have met each other and 3, 4 and 5: 1-6 is kept, #2 floats,
    /// and with him the lowest numbered player remaining, #5.
    #[test]
    fn example_4_4() {
        let met = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)];
        let (pairs, floated) = pair(6, &met);
        assert_eq!(pairs, [(1, 6), (3, 4)]);
        assert_eq!(floated, [2, 5]);
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
            compatible: &|_, _| true,
            due: &due,
        };
        let mut found = Vec::new();
        search.search(&mut |pairs, _| {
            found = pairs.to_vec();
            true
        });
        assert_eq!(found, [(1, 4), (2, 3)]);
    }
}
