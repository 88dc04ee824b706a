//! C.04.4.1 3.2.5 and 4.4: S1, T2 and the pairs of a bracket.

use crate::matching::CardinalityMatcher;

use super::field::Field;
use super::matching::fewest_bad_pairs;
use super::shifters::Split;

/// 3.2.5: S1 is G1 by ascending ARO, then TPN; T2 is the first transposition of G2 (in
/// the lexicographic order of 4.4.2 over G2 sorted by TPN) for which S1[i]–T2[i] is a
/// legal pairing that keeps the [C7] value of the split. Found player by player: S1[i]
/// takes the first G2 player left with whom the rest can still be completed, which is
/// the first such transposition without enumerating them. Pairs as (S1 player, T2 player).
pub(crate) fn pair(field: &Field, split: &Split) -> Option<Vec<(usize, usize)>> {
    let p = &field.players;
    let mut s1 = split.g1.clone();
    s1.sort_by_key(|&a| (p[a].aro, p[a].tpn()));
    let mut t2 = split.g2.clone();
    t2.sort_by_key(|&a| p[a].tpn());
    if s1.len() != t2.len() {
        return None;
    }
    // Every S1–T2 pairing leaves the same number of players without their preference
    // unless G1 holds Black seekers and G2 White seekers at once; only then must the
    // completion be checked for [C7] too.
    let mixed = s1.iter().any(|&a| !p[a].seeks_white()) && t2.iter().any(|&b| p[b].seeks_white());
    if mixed {
        pair_keeping_colours(field, &s1, &t2, split.c7)
    } else {
        pair_legally(field, &s1, &t2)
    }
}

/// The search when only legality is at stake: a bipartite matching kept incrementally.
fn pair_legally(field: &Field, s1: &[usize], t2: &[usize]) -> Option<Vec<(usize, usize)>> {
    let n = s1.len();
    // Local vertices: S1 players 0..n, T2 players n..2n.
    let mut matcher = CardinalityMatcher::new(2 * n, |u, v| {
        let (u, v) = (u.min(v), u.max(v));
        u < n && v >= n && field.compatible(s1[u], t2[v - n])
    });
    if !matcher.maximise().is_empty() {
        return None;
    }
    let mut used = vec![false; n];
    let mut pairs = Vec::with_capacity(n);
    for (i, &a) in s1.iter().enumerate() {
        let mut found = false;
        for (j, &b) in t2.iter().enumerate() {
            if used[j] || !field.compatible(a, b) {
                continue;
            }
            let saved = matcher.save();
            matcher.remove(i);
            matcher.remove(n + j);
            if matcher.maximise().is_empty() {
                used[j] = true;
                pairs.push((a, b));
                found = true;
                break;
            }
            matcher.restore(saved);
        }
        if !found {
            return None;
        }
    }
    Some(pairs)
}

/// The search when the colours of the completion matter: each step checks that the
/// players left can still be paired across with no more than the [C7] budget left.
fn pair_keeping_colours(
    field: &Field,
    s1: &[usize],
    t2: &[usize],
    c7: usize,
) -> Option<Vec<(usize, usize)>> {
    let mut left: Vec<usize> = s1.iter().chain(t2).copied().collect();
    let in_s1 = |a: usize| s1.contains(&a);
    let mut budget = c7;
    let mut used = vec![false; t2.len()];
    let mut pairs = Vec::with_capacity(s1.len());
    for &a in s1 {
        let mut found = false;
        for (j, &b) in t2.iter().enumerate() {
            if used[j] || !field.compatible(a, b) {
                continue;
            }
            let cost = usize::from(field.same_preference(a, b));
            if cost > budget {
                continue;
            }
            let rest: Vec<usize> = left.iter().copied().filter(|&x| x != a && x != b).collect();
            let completes = fewest_bad_pairs(
                &rest,
                |x, y| in_s1(x) != in_s1(y) && field.compatible(x, y),
                |x, y| field.same_preference(x, y),
            )
            .is_some_and(|v| v <= budget - cost);
            if completes {
                used[j] = true;
                budget -= cost;
                pairs.push((a, b));
                left = rest;
                found = true;
                break;
            }
        }
        if !found {
            return None;
        }
    }
    Some(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::test_player;
    use crate::tournament::Colour::{Black as B, White as W};

    /// 4.4.2: with G2 = {1, 2, 3} by TPN the transpositions come as 123, 132, 213, 231,
    /// 312, 321. For every set of forbidden S1–G2 pairs, the pairing found is the first
    /// transposition in that order that is legal.
    #[test]
    fn first_legal_transposition_in_lexicographic_order() {
        let order = [
            [1, 2, 3],
            [1, 3, 2],
            [2, 1, 3],
            [2, 3, 1],
            [3, 1, 2],
            [3, 2, 1],
        ];
        // S1 players are #4, #5, #6 (White seekers with equal ARO), G2 are #1–#3.
        for mask in 0u32..512 {
            let forbidden: Vec<(u32, u32)> = (0..9)
                .filter(|bit| mask & (1 << bit) != 0)
                .map(|bit| (4 + bit / 3, 1 + bit % 3))
                .collect();
            let mut players: Vec<_> = (1..=3).map(|t| test_player(t, 1, &[W], 0, 0)).collect();
            players.extend((4..=6).map(|t| test_player(t, 1, &[B], 0, 0)));
            let field = Field::from_players(players, &forbidden, 3);
            let split = Split {
                g1: vec![3, 4, 5],
                g2: vec![0, 1, 2],
                c7: 0,
            };
            let legal = |t: &[u32; 3]| (0..3).all(|i| !forbidden.contains(&(4 + i as u32, t[i])));
            let expected = order.iter().find(|t| legal(t));
            let got = pair(&field, &split).map(|pairs| {
                pairs
                    .iter()
                    .map(|&(_, b)| field.players[b].tpn() as u32)
                    .collect::<Vec<u32>>()
            });
            assert_eq!(got.as_deref(), expected.map(|t| &t[..]), "mask {mask:09b}");
        }
    }

    /// 3.2.5: S1 is sorted by ascending ARO: the White seeker with the lower ARO meets the
    /// first G2 player.
    #[test]
    fn s1_by_ascending_aro() {
        let players = vec![
            test_player(1, 1, &[W], 0, 0),
            test_player(2, 1, &[W], 0, 0),
            test_player(3, 1, &[B], 1800, 0),
            test_player(4, 1, &[B], 1700, 0),
        ];
        let field = Field::from_players(players, &[], 3);
        let split = Split {
            g1: vec![2, 3],
            g2: vec![0, 1],
            c7: 0,
        };
        let pairs = pair(&field, &split).expect("pairable");
        let tpns: Vec<(usize, usize)> = pairs
            .iter()
            .map(|&(a, b)| (field.players[a].tpn(), field.players[b].tpn()))
            .collect();
        assert_eq!(tpns, [(4, 1), (3, 2)]);
    }
}
