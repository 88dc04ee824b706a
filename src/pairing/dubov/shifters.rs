//! C.04.4.1 3.2.3, 3.2.4 and 4.3: the subgroups G1 and G2 of a bracket and the players
//! shifted between them.

use super::field::Field;
use super::matching::{fewest_bad_pairs, perfect};

/// The two subgroups after re-composition, and the fewest players they leave without
/// their colour preference ([C7]).
#[derive(Debug)]
pub(crate) struct Split {
    pub(crate) g1: Vec<usize>,
    pub(crate) g2: Vec<usize>,
    pub(crate) c7: usize,
}

/// 4.3.3: the players of a list (sorted as in 4.3.2) in the order of their sequence
/// numbers: from the (remaining) middle of the list outwards, the higher position first
/// when two players share the middle. A–G give D, C, E, B, F, A, G.
pub(crate) fn middle_out<T: Copy>(list: &[T]) -> Vec<T> {
    let n = list.len();
    let mut order: Vec<usize> = (0..n).collect();
    // Twice the distance from the middle; ties go to the earlier position.
    order.sort_by_key(|&i| ((2 * i).abs_diff(n.saturating_sub(1)), i));
    order.into_iter().map(|i| list[i]).collect()
}

/// 4.3.2 (and 3.2.5): players in G1 by ascending ARO, then TPN; in G2 by TPN.
fn sort_group(field: &Field, group: &mut [usize], is_g1: bool) {
    let p = &field.players;
    if is_g1 {
        group.sort_by_key(|&a| (p[a].aro, p[a].tpn()));
    } else {
        group.sort_by_key(|&a| p[a].tpn());
    }
}

/// 3.2.3: G1 holds the White seekers, G2 the others; when nobody in the bracket has
/// played yet, G1 is the first half by TPN.
fn initial(field: &Field, members: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let p = &field.players;
    if members.iter().all(|&a| p[a].games() == 0) {
        let mut by_tpn = members.to_vec();
        by_tpn.sort_by_key(|&a| p[a].tpn());
        let g2 = by_tpn.split_off(by_tpn.len() / 2);
        (by_tpn, g2)
    } else {
        members.iter().partition(|&&a| p[a].seeks_white())
    }
}

/// Which side of the split a player is bound to while shifts are still being chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Small,
    Large,
    Either,
}

/// 3.2.3: G1 and G2 before any shift, sorted as 4.3.2 numbers them (G1 by ascending
/// ARO, then TPN; G2 by TPN).
pub(crate) fn subgroups(field: &Field, members: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let (mut g1, mut g2) = initial(field, members);
    sort_group(field, &mut g1, true);
    sort_group(field, &mut g2, false);
    (g1, g2)
}

/// 3.2.3 and 3.2.4 for a bracket that can be paired.
pub(crate) fn recompose(field: &Field, members: &[usize]) -> Option<Split> {
    let (g1, g2) = subgroups(field, members);
    // The smaller subgroup, G1 when the sizes are equal.
    let small_is_g1 = g1.len() <= g2.len();
    let (small, large) = if small_is_g1 { (g1, g2) } else { (g2, g1) };
    let compatible = |a: usize, b: usize| field.compatible(a, b);
    let colour_bad = |a: usize, b: usize| field.same_preference(a, b);
    // The fewest pairs of [C7] with every player's side as in `side` (a pair needs one
    // player on each side).
    let allowed = |side: &dyn Fn(usize) -> Side, a: usize, b: usize| {
        compatible(a, b)
            && !matches!(
                (side(a), side(b)),
                (Side::Small, Side::Small) | (Side::Large, Side::Large)
            )
    };
    let best_with = |side: &dyn Fn(usize) -> Side| {
        fewest_bad_pairs(members, |a, b| allowed(side, a, b), colour_bad)
    };
    // 3.2.4.1: the pairs the smaller subgroup cannot avoid within itself, and the first
    // set of as many of its players (4.3 order) that pairs best for [C7]; the players
    // of the larger subgroup may still move in 3.2.4.2.
    let within_small = |a: usize, b: usize| small.contains(&a) && small.contains(&b);
    let unavoidable = if perfect(members, |a, b| compatible(a, b) && !within_small(a, b)) {
        0
    } else {
        fewest_bad_pairs(members, compatible, within_small)?
    };
    let mut chosen: Option<(Vec<usize>, usize)> = None;
    for shifted in combinations(&middle_out(&small), unavoidable) {
        let side = |a: usize| {
            if small.contains(&a) && !shifted.contains(&a) {
                Side::Small
            } else {
                Side::Either
            }
        };
        if let Some(c7) = best_with(&side)
            && chosen.as_ref().is_none_or(|(_, best)| c7 < *best)
        {
            chosen = Some((shifted, c7));
        }
    }
    let (shifted, c7) = chosen?;
    let small: Vec<usize> = small
        .iter()
        .copied()
        .filter(|a| !shifted.contains(a))
        .collect();
    let mut large: Vec<usize> = large.into_iter().chain(shifted).collect();
    sort_group(field, &mut large, !small_is_g1);
    // 3.2.4.2: equalise by shifting from the larger subgroup, the first players in
    // 4.3 order that still allow the [C7] value found: each player in turn is shifted
    // if some pairing with that shift reaches it.
    let need = (large.len() - small.len()) / 2;
    let mut moved: Vec<usize> = Vec::with_capacity(need);
    let mut stays: Vec<usize> = Vec::new();
    for candidate in middle_out(&large) {
        if moved.len() == need {
            break;
        }
        let side = |a: usize| {
            if small.contains(&a) || moved.contains(&a) || a == candidate {
                Side::Small
            } else if stays.contains(&a) {
                Side::Large
            } else {
                Side::Either
            }
        };
        // Without a shift of 3.2.4.1 each subgroup holds one colour preference (3.2.3),
        // so every legal pairing across gives the same [C7] value: legality decides.
        let reaches = if unavoidable == 0 {
            perfect(members, |a, b| allowed(&side, a, b))
        } else {
            best_with(&side) == Some(c7)
        };
        if reaches {
            moved.push(candidate);
        } else {
            stays.push(candidate);
        }
    }
    let small: Vec<usize> = small.into_iter().chain(moved.iter().copied()).collect();
    let large: Vec<usize> = large.into_iter().filter(|a| !moved.contains(a)).collect();
    let (g1, g2) = if small_is_g1 {
        (small, large)
    } else {
        (large, small)
    };
    Some(Split { g1, g2, c7 })
}

/// The subsets of `k` items of `list`, in lexicographic order of their positions.
fn combinations(list: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn walk(
        list: &[usize],
        k: usize,
        from: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for j in from..list.len() {
            if list.len() - j < k - cur.len() {
                break;
            }
            cur.push(list[j]);
            walk(list, k, j + 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    walk(list, k, 0, &mut Vec::with_capacity(k), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::test_player;
    use crate::tournament::Colour::{Black as B, White as W};

    /// 4.3.3: A–G are numbered D, C, E, B, F, A, G.
    #[test]
    fn shifters_are_numbered_middle_out() {
        let letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
        assert_eq!(middle_out(&letters), ['D', 'C', 'E', 'B', 'F', 'A', 'G']);
        assert_eq!(middle_out(&letters[..6]), ['C', 'D', 'B', 'E', 'A', 'F']);
    }

    #[test]
    fn combinations_in_order() {
        assert_eq!(
            combinations(&[7, 8, 9], 2),
            [vec![7, 8], vec![7, 9], vec![8, 9]]
        );
        assert_eq!(combinations(&[7, 8], 0), [Vec::<usize>::new()]);
    }

    /// 3.2.4.2: two White seekers and four Black seekers; one Black seeker moves to G1,
    /// the first in 4.3.3 order (the middle of G2 by TPN: #4).
    #[test]
    fn equalises_from_the_middle() {
        let players = vec![
            test_player(1, 1, &[B], 0, 0),
            test_player(2, 1, &[B], 0, 0),
            test_player(3, 1, &[W], 0, 0),
            test_player(4, 1, &[W], 0, 0),
            test_player(5, 1, &[W], 0, 0),
            test_player(6, 1, &[W], 0, 0),
        ];
        let field = Field::from_players(players, &[], 3);
        let split = recompose(&field, &[0, 1, 2, 3, 4, 5]).expect("pairable");
        let tpns = |g: &[usize]| {
            g.iter()
                .map(|&a| field.players[a].tpn())
                .collect::<Vec<_>>()
        };
        assert_eq!(tpns(&split.g1), [1, 2, 4]);
        assert_eq!(tpns(&split.g2), [3, 5, 6]);
        assert_eq!(split.c7, 1);
    }

    /// 3.2.4.1: the two White seekers have met everyone else, so they must meet each
    /// other: one of them is shifted into G2 first.
    #[test]
    fn shifts_the_unavoidable_pair() {
        let players = vec![
            test_player(1, 1, &[B], 0, 0),
            test_player(2, 1, &[B], 0, 0),
            test_player(3, 1, &[W], 0, 0),
            test_player(4, 1, &[W], 0, 0),
        ];
        let met = [(1, 3), (1, 4), (2, 3), (2, 4)];
        let field = Field::from_players(players, &met, 3);
        let split = recompose(&field, &[0, 1, 2, 3]).expect("pairable");
        // #1 (first in 4.3.3 order of G1) goes to G2; then G2 (1, 3, 4) gives back its
        // middle player, #3.
        let tpns = |g: &[usize]| {
            g.iter()
                .map(|&a| field.players[a].tpn())
                .collect::<Vec<_>>()
        };
        assert_eq!(tpns(&split.g1), [2, 3]);
        assert_eq!(tpns(&split.g2), [1, 4]);
        assert_eq!(split.c7, 2);
    }
}
