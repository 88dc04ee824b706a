//! C.04.4.2 4.1–4.3: the order of the candidate pairings of a bracket. Players carry
//! their in-bracket sequence number (BSN, 1.8 order); the outgoing floaters are paired
//! with virtual players of BSN 0 (4.2). A pairing precedes another if BSN 1's opponent
//! has the larger BSN, then BSN 2's, and so on; BSN 0 is the smallest, so floating comes
//! last (4.3).

/// The choices for the first undecided player `i` (0-based BSN), in 4.3 order: the
/// undecided players after him from the last one up, then `None` (a virtual opponent:
/// he floats). `decided[j]` marks players already paired or floated.
pub(crate) fn options(i: usize, decided: &[bool]) -> impl Iterator<Item = Option<usize>> + '_ {
    (i + 1..decided.len())
        .rev()
        .filter(|&j| !decided[j])
        .map(Some)
        .chain(std::iter::once(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pairing of `n` players with exactly `floaters` outgoing floaters, in 4.3
    /// order, written as in the handbook ("1-6,2-0,…", BSN 0 for a virtual opponent).
    fn all(n: usize, floaters: usize) -> Vec<String> {
        fn walk(
            decided: &mut Vec<bool>,
            left: usize,
            path: &mut Vec<String>,
            out: &mut Vec<String>,
        ) {
            let Some(i) = decided.iter().position(|d| !d) else {
                if left == 0 {
                    out.push(path.join(","));
                }
                return;
            };
            let choices: Vec<Option<usize>> = options(i, decided).collect();
            for choice in choices {
                if choice.is_none() && left == 0 {
                    continue;
                }
                decided[i] = true;
                let label = match choice {
                    Some(j) => {
                        decided[j] = true;
                        format!("{}-{}", i + 1, j + 1)
                    }
                    None => format!("{}-0", i + 1),
                };
                path.push(label);
                walk(decided, left - usize::from(choice.is_none()), path, out);
                path.pop();
                decided[i] = false;
                if let Some(j) = choice {
                    decided[j] = false;
                }
            }
        }
        let mut out = Vec::new();
        walk(&mut vec![false; n], floaters, &mut Vec::new(), &mut out);
        out
    }

    /// The note to 4.3: six players, two pairs and two virtual players give 45
    /// candidates (the note lists "1-3, 2-0, 4-5, 6-0" twice; the rule of 4.3 gives it
    /// once, so the repetition is a misprint).
    #[test]
    fn handbook_order_of_45_candidates() {
        let order = all(6, 2);
        assert_eq!(order.len(), 45);
        let first_seven = [
            "1-6,2-5,3-0,4-0",
            "1-6,2-4,3-0,5-0",
            "1-6,2-3,4-0,5-0",
            "1-6,2-0,3-5,4-0",
            "1-6,2-0,3-4,5-0",
            "1-6,2-0,3-0,4-5",
            "1-5,2-6,3-0,4-0",
        ];
        assert_eq!(order[..7], first_seven);
        assert_eq!(
            order[21..24],
            ["1-3,2-0,4-6,5-0", "1-3,2-0,4-5,6-0", "1-3,2-0,4-0,5-6"]
        );
        assert_eq!(order[44], "1-0,2-0,3-4,5-6");
    }
}
