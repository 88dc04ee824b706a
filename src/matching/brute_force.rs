//! Exhaustive maximum-weight matching for small graphs (tests only): the first vertex
//! still undecided either stays unmatched or pairs with a later one, memoised over the
//! set of undecided vertices.

/// The maximum total weight of a matching on `n ≤ 16` vertices, where `weight(u, v)` is
/// the weight of the edge `{u, v}` and zero means no edge.
pub(super) fn max_weight_matching(n: usize, weight: impl Fn(usize, usize) -> u128) -> u128 {
    assert!(n <= 16, "brute force is for small graphs");
    let full = (1usize << n) - 1;
    // best[mask]: the best total on the vertices in `mask`; computed by increasing mask,
    // so every smaller subset is ready.
    let mut best = vec![0u128; full + 1];
    for mask in 1..=full {
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << first);
        let mut value = best[rest];
        let mut others = rest;
        while others != 0 {
            let second = others.trailing_zeros() as usize;
            others &= others - 1;
            let w = weight(first, second);
            if w > 0 {
                value = value.max(w + best[rest & !(1 << second)]);
            }
        }
        best[mask] = value;
    }
    best[full]
}

#[cfg(test)]
mod tests {
    use super::max_weight_matching;

    #[test]
    fn small_cases() {
        assert_eq!(max_weight_matching(0, |_, _| 1), 0);
        assert_eq!(max_weight_matching(1, |_, _| 1), 0);
        // A path 0-1-2-3 with weights 2, 3, 2: the two outer edges win.
        let path = |u: usize, v: usize| match (u.min(v), u.max(v)) {
            (0, 1) | (2, 3) => 2,
            (1, 2) => 3,
            _ => 0,
        };
        assert_eq!(max_weight_matching(4, path), 4);
        // A triangle: one edge only.
        assert_eq!(max_weight_matching(3, |u, v| (u + v) as u128), 3);
    }
}
