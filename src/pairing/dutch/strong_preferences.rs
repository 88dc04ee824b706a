//! C.04.3 (2012) A.7.d: in an odd round, players with a strong colour preference "shall
//! be treated like players having an absolute colour preference as long as this does not
//! result in either additional floaters or floaters with an higher score or pairs with an
//! higher score difference of the paired players". Inside a bracket B.3, weighed above
//! A.7.d, sees to that. This module sees to the next score bracket: the downfloaters of a
//! pairing that keeps A.7.d may find fewer opponents there than those of a pairing that
//! lets two strong preferences for the same colour meet, and then A.7.d gives way
//! ([`gives_way`]).

use std::cmp::Reverse;

use crate::pairing::PairingError;
use crate::pairing::state::RoundState;
use crate::tournament::Points;

use super::bracket::{self, Bracket, BracketOutcome, Criteria};
use super::criteria::{self, may_meet};
use super::layout::ColourTable;
use super::weights_2017::Mode2017;

/// C.04.3 (2012) A.7.d in the next score bracket: the pairing of `bracket` that gives
/// A.7.d up, with the downfloaters its own pairing `own` (A.7.d kept) leaves unpaired in
/// the next scoregroup, when A.7.d must give way to it. That is, in an odd round: `own`
/// leaves some downfloaters unpaired there ([`unpaired_in_next`]); the best pairing for the
/// bracket's own criteria with A.7.d not applied, and then for the scores of the
/// downfloaters left unpaired there ([`Mode2017::StrongWaived`]), lets more strong
/// preferences for the same colour meet than `own` does (with as many, it is a pairing
/// A.7.d allows as well, and the bracket's own order decides); and it leaves lower scores
/// unpaired (the highest first, as the look-ahead compares them). Otherwise `None`: A.7.d
/// stands.
pub(super) fn gives_way(
    bracket: &Bracket,
    own: &BracketOutcome,
) -> Result<Option<(BracketOutcome, Vec<usize>)>, PairingError> {
    let state = bracket.state;
    if state.round.is_multiple_of(2) {
        return Ok(None);
    }
    let kept = unpaired_in_next(state, &own.downfloaters, bracket.next);
    if kept.is_empty() {
        return Ok(None);
    }
    let waiving = Criteria::Dutch2017(Mode2017::StrongWaived);
    let waived = bracket::pair(&Bracket {
        criteria: &waiving,
        ..*bracket
    })?;
    let gives_up = same_strong_pairs(state, &waived) > same_strong_pairs(state, own);
    let left = unpaired_in_next(state, &waived.downfloaters, bracket.next);
    let lower = scores(state, &left) < scores(state, &kept);
    Ok((gives_up && lower).then_some((waived, kept)))
}

/// A.7.d: how many pairs of `outcome` join strong (or absolute) preferences for the same
/// colour.
fn same_strong_pairs(state: &RoundState, outcome: &BracketOutcome) -> usize {
    let table = ColourTable::Istanbul2012 {
        odd_round: true,
        a7d: true,
    };
    let meet = |&&(a, b): &&(usize, usize)| {
        let q = criteria::evaluate(&state.players[a], &state.players[b], &state.colour_rules);
        !q.colour_criteria_met(table)[1]
    };
    outcome.pairs.iter().filter(meet).count()
}

/// The scores of `players`, in their order.
fn scores(state: &RoundState, players: &[usize]) -> Vec<Points> {
    players.iter().map(|&p| state.players[p].score).collect()
}

/// The downfloaters `floaters` that the scoregroup `next` must leave unpaired at best,
/// the highest scores first: the next bracket pairs its players moved down first (A.3),
/// who do not meet each other. The sets of them it can pair all at once form a matroid (a
/// transversal one), so taking them greedily from the highest score down (A.2 order among
/// equal scores) pairs the highest scores there are and leaves the lowest over.
fn unpaired_in_next(state: &RoundState, floaters: &[usize], next: &[usize]) -> Vec<usize> {
    let mut order = floaters.to_vec();
    order.sort_by_key(|&p| Reverse(state.players[p].score));
    let mut mates: Vec<Option<usize>> = vec![None; next.len()];
    order
        .into_iter()
        .filter(|&f| !augment(state, f, next, &mut mates, &mut vec![false; next.len()]))
        .collect()
}

/// Kuhn's augmenting path from downfloater `f` to the residents `next`, whose current
/// partners are `mates`; `seen` marks the residents this search has visited.
fn augment(
    state: &RoundState,
    f: usize,
    next: &[usize],
    mates: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for (j, &r) in next.iter().enumerate() {
        if seen[j] || !may_meet(state, f, r) {
            continue;
        }
        seen[j] = true;
        if mates[j].is_none_or(|g| augment(state, g, next, mates, seen)) {
            mates[j] = Some(f);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::colour::ColourRules;
    use crate::pairing::state::{PlayerState, RuleVersion};
    use crate::tournament::Colour;

    /// Floaters 0..4 (scores 7.5, 7.5, 7.0, 7.0) and residents 4..8 of a next bracket,
    /// with the floater-resident pairs of `allowed` the only ones that have not met.
    fn state(allowed: u32) -> RoundState {
        let scores = [75, 75, 70, 70, 65, 65, 65, 65];
        let mut forbidden = vec![Vec::new(); 8];
        for f in 0..4 {
            for r in 4..8 {
                if allowed >> (4 * f + r - 4) & 1 == 0 {
                    forbidden[f].push(r);
                    forbidden[r].push(f);
                }
            }
        }
        RoundState {
            round: 3,
            rules: RuleVersion::Dutch2012,
            players: (0..8)
                .map(|rank| PlayerState {
                    score: Points::from_tenths(scores[rank]),
                    ..PlayerState::with_colours(rank, &[Colour::White])
                })
                .collect(),
            forbidden,
            colour_rules: ColourRules::new(RuleVersion::Dutch2012, 3, Colour::White),
            bye_bar_lifted: false,
        }
    }

    /// The greedy choice is the best there is: over every set of floaters the residents
    /// can all take at once, none leaves lower scores unpaired (the highest first), and
    /// the one it leaves is such a set's complement. Every compatibility pattern of four
    /// floaters and four residents, 65,536 of them.
    #[test]
    fn unpaired_in_next_leaves_the_lowest_scores_any_matching_can() {
        let floaters = [0, 1, 2, 3];
        let next = [4, 5, 6, 7];
        for allowed in 0..1u32 << 16 {
            let st = state(allowed);
            let left = unpaired_in_next(&st, &floaters, &next);
            let best = (0..16u32)
                .filter(|&set| {
                    // Hall's condition: every subset of the set meets enough residents.
                    (0..16u32).filter(|&s| s & set == s).all(|s| {
                        let met = (0..4)
                            .filter(|&f| s >> f & 1 == 1)
                            .fold(0u32, |m, f| m | (allowed >> (4 * f) & 0xF));
                        met.count_ones() >= s.count_ones()
                    })
                })
                .map(|set| {
                    let out: Vec<usize> = (0..4).filter(|&f| set >> f & 1 == 0).collect();
                    scores(&st, &out)
                })
                .min();
            assert_eq!(Some(scores(&st, &left)), best, "pattern {allowed:#06x}");
        }
    }
}
