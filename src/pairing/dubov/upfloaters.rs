//! C.04.4.1 3.2.1, 3.2.2 and 4.2: which players float up into a bracket.

use std::cmp::Reverse;

use crate::pairing::feasibility::Remaining;
use crate::tournament::Points;

use super::field::Field;
use super::matching::{fewest_bad_pairs, perfect};

/// How well a bracket (residents plus a set of upfloaters) can be paired, by the quality
/// criteria [C6]–[C10] of 2.3 in priority order; smaller is better. ([C5] is the number
/// of upfloaters, fixed first by 3.2.1.)
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Quality {
    /// [C6]: the upfloaters' scores in ascending order, each to be as high as possible.
    pub(crate) c6: Vec<Reverse<Points>>,
    /// [C7]: players not getting their colour preference (one per pair of players with
    /// the same preference).
    pub(crate) c7: usize,
    /// [C8]: maximum upfloaters among the upfloaters.
    pub(crate) c8: usize,
    /// [C9]: how many times those maximum upfloaters have already been upfloated, in
    /// total (the text counts "the number of times a maximum upfloater is upfloated").
    pub(crate) c9: u32,
    /// [C10]: upfloaters who upfloated in the previous round.
    pub(crate) c10: usize,
}

impl Quality {
    /// The quality of `upfloaters` joining the bracket `members` (residents and
    /// upfloaters) as far as the set alone decides it, with a lower bound for [C7] (half
    /// the difference between White and Black seekers). [C8]–[C10] are zero in the last
    /// round.
    fn of_set(field: &Field, members: &[usize], upfloaters: &[usize]) -> Quality {
        let whites = members
            .iter()
            .filter(|&&a| field.players[a].seeks_white())
            .count();
        let (c8, c9, c10) = if field.last_round {
            (0, 0, 0)
        } else {
            let max: Vec<usize> = upfloaters
                .iter()
                .copied()
                .filter(|&u| field.players[u].is_maximum_upfloater(field.max_t))
                .collect();
            (
                max.len(),
                max.iter().map(|&u| field.players[u].upfloats).sum(),
                upfloaters
                    .iter()
                    .filter(|&&u| field.players[u].upfloated_last_round)
                    .count(),
            )
        };
        Quality {
            c6: c6(field, upfloaters),
            c7: whites.abs_diff(members.len() - whites) / 2,
            c8,
            c9,
            c10,
        }
    }

    /// The first criterion of [C6]–[C10] on which `self` is worse than `other`, with both
    /// values as text; `None` if it is not worse.
    pub(crate) fn first_worse(&self, other: &Quality) -> Option<(&'static str, String, String)> {
        let scores = |q: &Quality| {
            let s: Vec<String> = q.c6.iter().map(|r| r.0.to_string()).collect();
            format!("[{}]", s.join(", "))
        };
        if self.c6 != other.c6 {
            return (self.c6 > other.c6).then(|| ("[C6]", scores(self), scores(other)));
        }
        let counts = [
            ("[C7]", self.c7 as u32, other.c7 as u32),
            ("[C8]", self.c8 as u32, other.c8 as u32),
            ("[C9]", self.c9, other.c9),
            ("[C10]", self.c10 as u32, other.c10 as u32),
        ];
        let (article, a, b) = counts.into_iter().find(|(_, a, b)| a != b)?;
        (a > b).then(|| (article, a.to_string(), b.to_string()))
    }
}

/// Why a set of upfloaters that comes before the chosen one in 4.2 order was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Exclusion {
    /// [C1]/[C3]: this player may meet none of the residents.
    MeetsNoResident(usize),
    /// [C1]/[C3]: the bracket with this set has no legal pairing.
    NoLegalPairing,
    /// [C4]: the players left below could no longer be paired.
    Completion,
    /// Worse than the chosen set at this criterion (article, its value, the chosen one's).
    Worse(&'static str, String, String),
}

/// Why `upfloaters`, a set of as many players as `chosen` has, was not taken for
/// `residents` (`rest` as when the bracket was paired). `None` if nothing excludes it.
pub(crate) fn exclusion(
    field: &Field,
    rest: &mut Remaining,
    residents: &[usize],
    upfloaters: &[usize],
    chosen: &Quality,
) -> Option<Exclusion> {
    if let Some(&u) = upfloaters
        .iter()
        .find(|&&u| !residents.iter().any(|&r| field.compatible(r, u)))
    {
        return Some(Exclusion::MeetsNoResident(u));
    }
    let members: Vec<usize> = residents.iter().chain(upfloaters).copied().collect();
    let Some(c7) = fewest_bad_pairs(
        &members,
        |a, b| field.compatible(a, b),
        |a, b| field.same_preference(a, b),
    ) else {
        return Some(Exclusion::NoLegalPairing);
    };
    if !rest.feasible(&members) {
        return Some(Exclusion::Completion);
    }
    let mut quality = Quality::of_set(field, &members, upfloaters);
    quality.c7 = c7;
    quality
        .first_worse(chosen)
        .map(|(article, a, b)| Exclusion::Worse(article, a, b))
}

/// The sets of `chosen.len()` players of `lower` (in ranking order, which is 4.2.2's)
/// that come before `chosen` in the order of 4.2, at most `limit` of them, and whether
/// there are more.
pub(crate) fn earlier_sets(
    lower: &[usize],
    chosen: &[usize],
    limit: usize,
) -> (Vec<Vec<usize>>, bool) {
    let mut target = chosen.to_vec();
    target.sort_unstable();
    let k = target.len();
    let mut out = Vec::new();
    // Positions in `lower` of the current set, lexicographic.
    let mut pos: Vec<usize> = (0..k).collect();
    if k == 0 || k > lower.len() {
        return (out, false);
    }
    loop {
        let set: Vec<usize> = pos.iter().map(|&i| lower[i]).collect();
        if set == target {
            return (out, false);
        }
        if out.len() == limit {
            return (out, true);
        }
        out.push(set);
        // The next combination.
        let Some(i) = (0..k).rev().find(|&i| pos[i] < lower.len() - k + i) else {
            return (out, false);
        };
        pos[i] += 1;
        for j in i + 1..k {
            pos[j] = pos[j - 1] + 1;
        }
    }
}

fn c6(field: &Field, upfloaters: &[usize]) -> Vec<Reverse<Points>> {
    let mut scores: Vec<Points> = upfloaters
        .iter()
        .map(|&u| field.players[u].score())
        .collect();
    scores.sort_unstable();
    scores.into_iter().map(Reverse).collect()
}

/// The bracket chosen by 3.2.2.
#[derive(Debug)]
pub(crate) struct Bracket {
    /// Residents and upfloaters, in ranking order.
    pub(crate) members: Vec<usize>,
    pub(crate) upfloaters: Vec<usize>,
    pub(crate) quality: Quality,
}

/// 3.2.1 and 3.2.2 for the residents (`residents`, all of the highest remaining score)
/// with the players below them (`lower`, in ranking order: descending score, then TPN,
/// which is 4.2.2's order of the possible upfloaters). `rest` holds the players not yet
/// paired (the PAB already given): a choice must leave them pairable ([C4]). `None` if
/// the residents cannot be paired at all.
pub(crate) fn choose(
    field: &Field,
    rest: &mut Remaining,
    residents: &[usize],
    lower: &[usize],
) -> Option<Bracket> {
    let k = fewest_upfloaters(field, rest, residents, lower)?;
    // With the fewest upfloaters, each one meets a resident (two upfloaters paired together
    // could both stay down), so only players who may meet a resident are candidates.
    let candidates: Vec<usize> = lower
        .iter()
        .copied()
        .filter(|&c| residents.iter().any(|&r| field.compatible(r, c)))
        .collect();
    let mut search = Search {
        field,
        rest,
        residents,
        candidates: &candidates,
        k,
        chosen: Vec::with_capacity(k),
        best: None,
    };
    search.extend(0);
    search.best
}

/// 3.2.1: the fewest upfloaters that let every resident be paired, the rest of the round
/// staying pairable: the fewest resident–non-resident pairs in a perfect pairing of all
/// the players left.
fn fewest_upfloaters(
    field: &Field,
    rest: &mut Remaining,
    residents: &[usize],
    lower: &[usize],
) -> Option<usize> {
    // The common case first: the residents pair among themselves.
    if residents.len().is_multiple_of(2)
        && rest.feasible(residents)
        && perfect(residents, |a, b| field.compatible(a, b))
    {
        return Some(0);
    }
    let all: Vec<usize> = residents.iter().chain(lower).copied().collect();
    let mut resident = vec![false; field.len()];
    for &r in residents {
        resident[r] = true;
    }
    fewest_bad_pairs(
        &all,
        |a, b| field.compatible(a, b),
        |a, b| resident[a] != resident[b],
    )
}

/// 3.2.2: the sets of `k` upfloaters in the order of 4.2 (lexicographic in the sequence
/// numbers of 4.2.2), keeping the first that pairs best.
struct Search<'a> {
    field: &'a Field,
    rest: &'a mut Remaining,
    residents: &'a [usize],
    candidates: &'a [usize],
    k: usize,
    chosen: Vec<usize>,
    best: Option<Bracket>,
}

impl Search<'_> {
    fn extend(&mut self, from: usize) {
        if self.chosen.len() == self.k {
            self.consider();
            return;
        }
        let need = self.k - self.chosen.len();
        for j in from..self.candidates.len() {
            if j + need > self.candidates.len() {
                break;
            }
            // The candidates come by descending score: if even the best scores still
            // available make [C6] worse than the best set so far, no later set helps.
            if let Some(best) = &self.best {
                let optimistic: Vec<usize> = self
                    .chosen
                    .iter()
                    .copied()
                    .chain(self.candidates[j..j + need].iter().copied())
                    .collect();
                if c6(self.field, &optimistic) > best.quality.c6 {
                    break;
                }
            }
            self.chosen.push(self.candidates[j]);
            self.extend(j + 1);
            self.chosen.pop();
        }
    }

    /// One set: its quality as far as the set alone decides it (with a lower bound for
    /// [C7]); the pairing is looked at only when that could beat the best so far.
    fn consider(&mut self) {
        let field = self.field;
        let up = &self.chosen;
        let members: Vec<usize> = self.residents.iter().chain(up.iter()).copied().collect();
        let mut quality = Quality::of_set(field, &members, up);
        if self.best.as_ref().is_some_and(|b| quality >= b.quality) {
            return;
        }
        if !self.rest.feasible(&members) {
            return;
        }
        let Some(c7) = fewest_bad_pairs(
            &members,
            |a, b| field.compatible(a, b),
            |a, b| field.same_preference(a, b),
        ) else {
            return;
        };
        quality.c7 = c7;
        if self.best.as_ref().is_none_or(|b| quality < b.quality) {
            let mut sorted = members;
            sorted.sort_unstable();
            self.best = Some(Bracket {
                members: sorted,
                upfloaters: up.clone(),
                quality,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::test_player;
    use crate::tournament::Colour::{Black as B, White as W};

    fn remaining(field: &Field) -> Remaining {
        Remaining::new(field.len(), |a, b| field.compatible(a, b), |_| false)
    }

    fn tpns(field: &Field, set: &[usize]) -> Vec<usize> {
        let mut v: Vec<usize> = set.iter().map(|&a| field.players[a].tpn()).collect();
        v.sort_unstable();
        v
    }

    /// [C8] before [C9] (notes §5): residents 1 and 2 have met; 3 (9 upfloats) has met 5
    /// and 6 (3 each), 4 has none; MaxT 3. {4,5} and {4,6} would leave 3 with an opponent
    /// met, so it is {3,4} (one maximum upfloater, 9 upfloats) against {5,6} (two, 6
    /// upfloats): [C8] takes {3,4}.
    #[test]
    fn c8_before_c9() {
        let players = vec![
            test_player(1, 2, &[W], 0, 0),
            test_player(2, 2, &[B], 0, 0),
            test_player(3, 0, &[W], 0, 9),
            test_player(4, 0, &[B], 0, 0),
            test_player(5, 0, &[W], 0, 3),
            test_player(6, 0, &[B], 0, 3),
        ];
        let field = Field::from_players(players, &[(1, 2), (3, 5), (3, 6)], 3);
        let mut rest = remaining(&field);
        let bracket = choose(&field, &mut rest, &[0, 1], &[2, 3, 4, 5]).expect("pairable");
        assert_eq!(tpns(&field, &bracket.upfloaters), [3, 4]);
    }

    /// [C7] (notes §5, `gendub/t2` round 2): the residents are 3 White seekers and 4
    /// Black seekers, and one upfloater is needed; of the players below, the first White
    /// seeker (#14) balances the colours, so it floats rather than #5, who ranks first but
    /// seeks Black.
    #[test]
    fn c7_picks_the_white_seeker() {
        let players = vec![
            test_player(3, 1, &[W], 0, 0),
            test_player(4, 1, &[B], 0, 0),
            test_player(6, 1, &[B], 0, 0),
            test_player(9, 1, &[W], 0, 0),
            test_player(10, 1, &[B], 0, 0),
            test_player(11, 1, &[W], 0, 0),
            test_player(17, 1, &[W], 0, 0),
            test_player(5, 0, &[W], 0, 0),
            test_player(7, 0, &[W], 0, 0),
            test_player(14, 0, &[B], 0, 0),
            test_player(16, 0, &[B], 0, 0),
            test_player(18, 0, &[W], 0, 0),
        ];
        let field = Field::from_players(players, &[], 3);
        let mut rest = remaining(&field);
        let bracket = choose(
            &field,
            &mut rest,
            &[0, 1, 2, 3, 4, 5, 6],
            &[7, 8, 9, 10, 11],
        )
        .expect("pairable");
        assert_eq!(tpns(&field, &bracket.upfloaters), [14]);
        assert_eq!(bracket.quality.c7, 0);
    }

    /// 4.2: with candidates 10, 11, 12, 13 (in ranking order), the sets of two before
    /// {11, 13} are {10, 11}, {10, 12}, {10, 13}, {11, 12}; a limit stops the list early.
    #[test]
    fn earlier_sets_in_4_2_order() {
        let lower = [10, 11, 12, 13];
        let (sets, more) = earlier_sets(&lower, &[13, 11], 10);
        assert_eq!(
            sets,
            [vec![10, 11], vec![10, 12], vec![10, 13], vec![11, 12]]
        );
        assert!(!more);
        let (sets, more) = earlier_sets(&lower, &[13, 11], 2);
        assert_eq!(sets.len(), 2);
        assert!(more);
        assert_eq!(
            earlier_sets(&lower, &[10], 5),
            (Vec::<Vec<usize>>::new(), false)
        );
    }
}
