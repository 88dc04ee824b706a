//! Perfect pairings of a group of players that keep a count of "bad" pairs as low as
//! possible: the question behind "a legal pairing that complies at best with [C7]"
//! (3.2.2, 3.2.4) and "players who must unavoidably be paired together" (3.2.4).

use crate::matching::{CardinalityMatcher, Matcher};

/// Whether `members` can all be paired using only `allowed` pairs.
pub(crate) fn perfect(members: &[usize], allowed: impl Fn(usize, usize) -> bool) -> bool {
    if members.len() % 2 == 1 {
        return false;
    }
    let mut matcher =
        CardinalityMatcher::new(members.len(), |i, j| allowed(members[i], members[j]));
    matcher.maximise().is_empty()
}

/// The fewest `bad` pairs in a perfect pairing of `members` that uses only `allowed`
/// pairs, or `None` when no perfect pairing exists. `allowed` and `bad` take indices
/// into `members`' values (field indices).
pub(crate) fn fewest_bad_pairs(
    members: &[usize],
    allowed: impl Fn(usize, usize) -> bool,
    bad: impl Fn(usize, usize) -> bool,
) -> Option<usize> {
    let n = members.len();
    if n % 2 == 1 {
        return None;
    }
    if n == 0 {
        return Some(0);
    }
    // Every pair is worth more than all the good-pair bonuses together, so a maximum
    // weight matching is a maximum cardinality one with the most good pairs.
    let pair_value = n as u64 + 1;
    let mut matcher: Matcher<u64> = Matcher::new(n);
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (members[i], members[j]);
            if allowed(a, b) {
                let good = u64::from(!bad(a, b));
                matcher.set_weight(i, j, pair_value + good);
            }
        }
    }
    matcher.solve();
    let pairs = matcher.matching();
    if pairs.len() * 2 != n {
        return None;
    }
    Some(
        pairs
            .iter()
            .filter(|&&(i, j)| bad(members[i], members[j]))
            .count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_unavoidable_bad_pairs() {
        // 0-1 and 2-3 are bad; 0 may not meet 2 or 3.
        let allowed = |a: usize, b: usize| !matches!((a.min(b), a.max(b)), (0, 2) | (0, 3));
        let bad = |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 1) | (2, 3));
        assert_eq!(fewest_bad_pairs(&[0, 1, 2, 3], allowed, bad), Some(2));
        assert_eq!(fewest_bad_pairs(&[0, 1, 2, 3], |_, _| true, bad), Some(0));
        assert_eq!(fewest_bad_pairs(&[0, 2, 3], |_, _| true, bad), None);
        assert_eq!(
            fewest_bad_pairs(&[0, 2, 3, 4], |a, b| a.min(b) != 0, bad),
            None
        );
        assert!(perfect(&[0, 1, 2, 3], allowed));
        assert!(!perfect(&[0, 2, 3, 4], |a, b| a.min(b) != 0));
        assert!(!perfect(&[0, 1, 2], |_, _| true));
    }
}
