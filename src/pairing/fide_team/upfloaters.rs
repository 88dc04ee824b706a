//! 3.5: the set of upfloaters that joins the top scoregroup to make the bracket.
//!
//! Every team of the top scoregroup (the residents) is paired in this bracket, with
//! another resident or with an upfloater; there are no downfloaters. The sets are
//! examined as 3.5.2–3.5.5 order them: by size, fewest first (C4); for one size, by the
//! scores of their upfloaters, best first (C5); for one such score profile, in the order
//! of 3.5.3–3.5.4. A set is legal when the bracket it makes can be paired (C1) and the
//! teams outside it too (C3). Of the legal sets of the first size and profile that has
//! any, the first that best complies with C6, then with C7, is chosen.

use std::cmp::Reverse;

use crate::tournament::Points;

use super::field::Field;
use super::pairable;

/// The choice for one bracket, and what the criteria said of it.
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    /// The upfloaters (field indices), in the order of 3.5.3.
    pub(crate) upfloaters: Vec<usize>,
    /// C6 (2.3.3) is complied with.
    pub(crate) c6: bool,
    /// C7 (2.3.4): upfloaters who floated in the previous round (0 in the last two
    /// rounds).
    pub(crate) c7: u32,
    /// Legal sets of the chosen size and profile that came before it in 3.5.4's order.
    pub(crate) passed_over: usize,
}

/// The upfloaters for `residents` (field indices, one scoregroup) among `lower` (the teams
/// left with a lower score), `levels` being the distinct scores of all the round's teams
/// (for C6's "following scoregroup"). `None` when no set is legal (3.3.3).
pub(crate) fn choose(
    field: &Field,
    residents: &[usize],
    lower: &[usize],
    levels: &[Points],
) -> Option<Choice> {
    let mut scores: Vec<Points> = lower.iter().map(|&a| field.teams[a].score).collect();
    scores.sort_unstable_by_key(|&s| Reverse(s));
    scores.dedup();
    // 3.5.3: the candidates of each score by TPN.
    let by_score: Vec<Vec<usize>> = scores
        .iter()
        .map(|&s| {
            let mut group: Vec<usize> = lower
                .iter()
                .copied()
                .filter(|&a| field.teams[a].score == s)
                .collect();
            group.sort_by_key(|&a| field.teams[a].tpn);
            group
        })
        .collect();
    let top = residents.first().map(|&a| field.teams[a].score)?;
    let following = levels.iter().copied().filter(|&s| s < top).max();
    for size in (residents.len() % 2..=lower.len()).step_by(2) {
        for profile in profiles(&by_score, size) {
            let mut best: Option<Choice> = None;
            let mut legal = 0;
            let mut stop = false;
            for_each_set(&by_score, &profile, &mut |set| {
                let bracket: Vec<usize> = residents.iter().chain(set).copied().collect();
                let rest: Vec<usize> = lower.iter().copied().filter(|a| !set.contains(a)).collect();
                if !pairable(field, &bracket) || !pairable(field, &rest) {
                    return true;
                }
                let c6 = c6_complies(field, &rest, following);
                let c7 = if field.float_criteria {
                    set.iter().filter(|&&a| field.teams[a].floated).count() as u32
                } else {
                    0
                };
                let better = best.as_ref().is_none_or(|b| (!c6, c7) < (!b.c6, b.c7));
                if better {
                    best = Some(Choice {
                        upfloaters: set.to_vec(),
                        c6,
                        c7,
                        passed_over: legal,
                    });
                }
                legal += 1;
                stop = c6 && c7 == 0;
                !stop
            });
            if best.is_some() {
                return best;
            }
        }
    }
    None
}

/// C6 (2.3.3): unless the following scoregroup has been emptied by upfloating, what is
/// left of it can be paired in its own bracket with the fewest upfloaters its size allows
/// (none when even, one when odd: C4 there), the bracket complying with C1 and the teams
/// after it still pairable (C3). Only that scoregroup is looked at.
pub(crate) fn c6_complies(field: &Field, rest: &[usize], following: Option<Points>) -> bool {
    let Some(score) = following else {
        return true;
    };
    let group: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&a| field.teams[a].score == score)
        .collect();
    if group.is_empty() {
        return true;
    }
    let below: Vec<usize> = rest
        .iter()
        .copied()
        .filter(|&a| field.teams[a].score < score)
        .collect();
    let check = |extra: &[usize]| {
        let bracket: Vec<usize> = group.iter().chain(extra).copied().collect();
        let after: Vec<usize> = below
            .iter()
            .copied()
            .filter(|a| !extra.contains(a))
            .collect();
        pairable(field, &bracket) && pairable(field, &after)
    };
    if group.len().is_multiple_of(2) {
        check(&[])
    } else {
        below.iter().any(|&u| check(&[u]))
    }
}

/// C5 (2.3.2): the score profiles of `size` upfloaters (how many from each score, highest
/// score first), best first: the upfloaters' scores taken in ascending order are as high
/// as possible, i.e. fewest from the lowest score, then from the next lowest, and so on.
fn profiles(by_score: &[Vec<usize>], size: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current = vec![0; by_score.len()];
    fill(by_score, size, 0, &mut current, &mut all);
    // Compare the counts from the lowest score up: fewer there is better.
    all.sort_by(|a, b| a.iter().rev().cmp(b.iter().rev()));
    all
}

fn fill(
    by_score: &[Vec<usize>],
    left: usize,
    level: usize,
    current: &mut Vec<usize>,
    all: &mut Vec<Vec<usize>>,
) {
    if level == by_score.len() {
        if left == 0 {
            all.push(current.clone());
        }
        return;
    }
    for take in 0..=left.min(by_score[level].len()) {
        current[level] = take;
        fill(by_score, left - take, level + 1, current, all);
    }
    current[level] = 0;
}

/// 3.5.3–3.5.4: calls `visit` with every set of the profile in order (the set listed by
/// descending score, then ascending TPN; sets compared element by element) until it
/// returns `false`.
fn for_each_set(
    by_score: &[Vec<usize>],
    profile: &[usize],
    visit: &mut dyn FnMut(&[usize]) -> bool,
) {
    let mut set = Vec::new();
    walk(by_score, profile, 0, 0, &mut set, visit);
}

/// Extends `set` with the rest of level `level` from candidate `from` on, then the later
/// levels. Returns `false` once `visit` asked to stop.
fn walk(
    by_score: &[Vec<usize>],
    profile: &[usize],
    level: usize,
    from: usize,
    set: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if level == by_score.len() {
        return visit(set);
    }
    let taken = set.len() - profile[..level].iter().sum::<usize>();
    if taken == profile[level] {
        return walk(by_score, profile, level + 1, 0, set, visit);
    }
    let group = &by_score[level];
    let needed = profile[level] - taken;
    for i in from..group.len() {
        if group.len() - i < needed {
            break;
        }
        set.push(group[i]);
        let go_on = walk(by_score, profile, level, i + 1, set, visit);
        set.pop();
        if !go_on {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_take_the_fewest_from_the_lowest_score() {
        // Three scores with 3, 1 and 2 candidates; two upfloaters.
        let by_score = vec![vec![0, 1, 2], vec![3], vec![4, 5]];
        let p = profiles(&by_score, 2);
        assert_eq!(p[0], vec![2, 0, 0]);
        assert_eq!(p[1], vec![1, 1, 0]);
        assert_eq!(p.last(), Some(&vec![0, 0, 2]));
    }

    #[test]
    fn sets_follow_the_example_of_3_5_4() {
        // 2, 6, 8 on 3 points and 1, 3, 5 on 2.5: two from the first, one from the second
        // gives {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... < {6,8,5}.
        let by_score = vec![vec![2, 6, 8], vec![1, 3, 5]];
        let mut seen = Vec::new();
        for_each_set(&by_score, &[2, 1], &mut |s| {
            seen.push(s.to_vec());
            true
        });
        assert_eq!(seen.len(), 9);
        assert_eq!(seen[0], [2, 6, 1]);
        assert_eq!(seen[1], [2, 6, 3]);
        assert_eq!(seen[3], [2, 8, 1]);
        assert_eq!(seen[8], [6, 8, 5]);
    }
}
