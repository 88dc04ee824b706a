//! C.04.1 D.2: the order in which players are exchanged between S1 and S2 in a
//! homogeneous (remainder) bracket.
//!
//! Players are numbered by their place in the bracket (A.2 order, 1-based): S1 holds
//! 1..=p, S2 the rest. "The difference between the numbers exchanged should be as small
//! as possible. When differences of various options are equal take the one concerning the
//! lowest player of S1." One-player exchanges come first, then two-player exchanges.

/// One exchange: the bracket places (0-based) leaving S1 and those leaving S2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exchange {
    pub(crate) from_s1: Vec<usize>,
    pub(crate) from_s2: Vec<usize>,
}

/// Every one- and two-player exchange between S1 = places `0..p` and S2 = places `p..n`,
/// in D.2 order.
///
/// Interpretation (D.2), chosen here and nowhere else:
/// - the "difference" of a two-player exchange is the sum of the S2 numbers minus the
///   sum of the S1 numbers (it reproduces the published j–r order);
/// - among equal differences, "the lowest player of S1" is read as: the S1 set whose
///   lowest-ranked member is lowest, then the next member, and so on (larger numbers
///   first); among S2 sets with the same S1 set and difference, the one with the
///   highest-ranked members (smaller numbers) comes first;
/// - D.2 defines one- and two-player exchanges only (its two matrices); larger exchanges
///   are not made: when they would be needed the bracket goes on to C.9–C.14.
pub(crate) fn exchanges(p: usize, n: usize) -> impl Iterator<Item = Exchange> {
    let mut singles: Vec<(usize, Vec<usize>, Vec<usize>)> = Vec::new();
    for a in 0..p {
        for b in p..n {
            singles.push((b - a, vec![a], vec![b]));
        }
    }
    singles.sort_by_key(key);
    // Two-player exchanges are built one difference at a time, so that a bracket that
    // finds its pairing early never builds the (quartic) rest.
    let smallest = if p >= 2 && n - p >= 2 { 4 } else { usize::MAX };
    let largest = if p >= 2 && n - p >= 2 {
        2 * (n - 1) - 1
    } else {
        0
    };
    let pairs = (smallest..=largest).flat_map(move |d| {
        let mut batch: Vec<(usize, Vec<usize>, Vec<usize>)> = Vec::new();
        for a1 in 0..p {
            for a2 in a1 + 1..p {
                let target = a1 + a2 + d;
                for b1 in p..n {
                    let Some(b2) = target.checked_sub(b1) else {
                        break;
                    };
                    if b2 > b1 && b2 < n {
                        batch.push((d, vec![a1, a2], vec![b1, b2]));
                    }
                }
            }
        }
        batch.sort_by_key(key);
        batch
    });
    singles
        .into_iter()
        .chain(pairs)
        .map(|(_, from_s1, from_s2)| Exchange { from_s1, from_s2 })
}

/// Sort key: the difference, then the S1 set from its lowest-ranked member up (larger
/// numbers first), then the S2 set from its highest-ranked member down (smaller first).
type Key = (usize, Vec<std::cmp::Reverse<usize>>, Vec<usize>);

fn key(e: &(usize, Vec<usize>, Vec<usize>)) -> Key {
    let mut s1: Vec<std::cmp::Reverse<usize>> = e.1.iter().map(|&a| std::cmp::Reverse(a)).collect();
    s1.sort();
    (e.0, s1, e.2.clone())
}

#[cfg(test)]
/// The number of exchanges [`exchanges`] yields, without building them.
pub(crate) fn count(p: usize, n: usize) -> usize {
    let q = n - p;
    p * q + p * p.saturating_sub(1) / 2 * (q * q.saturating_sub(1) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exchanges restricted to the players D.2's matrices show, as 1-based numbers.
    fn shown(p: usize, n: usize, s1: &[usize], s2: &[usize], size: usize) -> Vec<String> {
        exchanges(p, n)
            .filter(|e| e.from_s1.len() == size)
            .filter(|e| {
                e.from_s1.iter().all(|a| s1.contains(&(a + 1)))
                    && e.from_s2.iter().all(|b| s2.contains(&(b + 1)))
            })
            .map(|e| {
                let side = |v: &[usize]| {
                    v.iter()
                        .map(|x| (x + 1).to_string())
                        .collect::<Vec<_>>()
                        .join("+")
                };
                format!("{}-{}", side(&e.from_s1), side(&e.from_s2))
            })
            .collect()
    }

    /// D.2, one player, S1 = 1–4 and S2 = 5–8: a) 4↔5, b) 4↔6, c) 3↔5, d) 4↔7, e) 3↔6,
    /// f) 2↔5, g) 3↔7, h) 2↔6, i) 2↔7 (the matrix shows S1 players 4, 3, 2 and S2
    /// players 5, 6, 7).
    #[test]
    fn d2_one_player_matrix() {
        assert_eq!(
            shown(4, 8, &[2, 3, 4], &[5, 6, 7], 1),
            [
                "4-5", "4-6", "3-5", "4-7", "3-6", "2-5", "3-7", "2-6", "2-7"
            ]
        );
    }

    /// D.2, two players: j) 3+4↔5+6, k) 3+4↔5+7, l) 2+4↔5+6, m) 3+4↔6+7, n) 2+4↔5+7,
    /// o) 2+3↔5+6, p) 2+4↔6+7, q) 2+3↔5+7, r) 2+3↔6+7.
    #[test]
    fn d2_two_player_matrix() {
        assert_eq!(
            shown(4, 8, &[2, 3, 4], &[5, 6, 7], 2),
            [
                "3+4-5+6", "3+4-5+7", "2+4-5+6", "3+4-6+7", "2+4-5+7", "2+3-5+6", "2+4-6+7",
                "2+3-5+7", "2+3-6+7"
            ]
        );
    }

    /// D.2 remark: with 7 players S1 = 1–3, S2 = 4–7, and the order is the one above with
    /// every number lowered by one.
    #[test]
    fn d2_odd_bracket_lowers_every_number() {
        assert_eq!(
            shown(3, 7, &[1, 2, 3], &[4, 5, 6], 1),
            [
                "3-4", "3-5", "2-4", "3-6", "2-5", "1-4", "2-6", "1-5", "1-6"
            ]
        );
        assert_eq!(
            shown(3, 7, &[1, 2, 3], &[4, 5, 6], 2)[..3],
            ["2+3-4+5", "2+3-4+6", "1+3-4+5"]
        );
    }

    #[test]
    fn count_matches() {
        for (p, n) in [(4, 8), (3, 7), (1, 3), (0, 1), (5, 11)] {
            assert_eq!(exchanges(p, n).count(), count(p, n));
        }
    }
}
