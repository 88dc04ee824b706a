//! The round under the 2026 rules: every bracket is paired so that the rest of the round
//! stays completable with the PAB on the lowest possible score (C4, C5); the PAB
//! assignee's unplayed games count (C9) in the bracket whose single downfloater receives
//! the PAB.

use std::collections::BTreeMap;

use crate::matching::CardinalityMatcher;
use crate::pairing::PairingError;
use crate::pairing::state::{PlayerState, RoundState};
use crate::tournament::Points;

use super::bracket::{self, Bracket, Criteria};
use super::completion::Completion;
use super::criteria::may_meet;
use super::region::pairs_taking_in;
use super::weights_2026::Round2026;
use super::{Paired, scoregroups};

pub(super) fn pair(state: &RoundState) -> Result<Paired, PairingError> {
    let round = state.round;
    let groups = scoregroups(state);
    let players = &state.players;
    if !Completion::new(state, |p| p.bye_eligible).is_completable() {
        return Err(PairingError::NoValidPairing { round });
    }
    let odd = players.len() % 2 == 1;
    let bye_score = if odd { lowest_bye_score(state) } else { None };
    let mut context = Round2026 {
        bye_score,
        single_downfloater_is_bye: false,
        single_downfloater_is_bye_at_start: false,
        unplayed_rank: BTreeMap::new(),
        weigh_completion: true,
    };
    if let Some(bye) = bye_score {
        let mut played: Vec<usize> = players
            .iter()
            .filter(|p| p.score == bye)
            .map(|p| p.colours.len())
            .collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            context.unplayed_rank.insert(games, rank as u64);
        }
        let first = single_downfloater_in_top_group(state, &groups, bye);
        context.single_downfloater_is_bye = first;
        context.single_downfloater_is_bye_at_start = first;
    }
    let mut completion = Completion::new(state, |p| context.bye_candidate(p));
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    for (i, residents) in groups.iter().enumerate() {
        let next: &[usize] = groups.get(i + 1).map_or(&[], Vec::as_slice);
        let rest: Vec<usize> = groups.iter().skip(i + 2).flatten().copied().collect();
        let next_score = next.first().map(|&p| players[p].score);
        // Where C9 cannot apply here or in the next bracket, the bracket is paired on
        // itself and the next scoregroup; if that matching extends to a complete pairing
        // it is the one the whole round's graph would choose (see `pair_locally`).
        // C9 in the next bracket depends on the whole matching only when players below it
        // could take its downfloaters.
        let bye_reaches_next = odd && bye_score.is_some_and(|b| next_score.is_some_and(|s| b >= s));
        let local = !(context.single_downfloater_is_bye
            || context.single_downfloater_is_bye_at_start
            || (bye_reaches_next && !rest.is_empty()));
        let local_outcome = if local && !next.is_empty() {
            pair_locally(state, &context, &mdps, residents, next, &mut completion)?
        } else {
            None
        };
        let outcome = match local_outcome {
            Some(outcome) => outcome,
            None => {
                let criteria = Criteria::Dutch2026(context.clone());
                let mut bracket = Bracket {
                    state,
                    mdps: &mdps,
                    residents,
                    next,
                    rest: &rest,
                    criteria: &criteria,
                    // C9 for the next bracket is read off the full matching.
                    allow_shortcut: next.is_empty(),
                    mdps_may_meet: false,
                };
                let mut outcome = bracket::pair(&bracket)?;
                if !completion.try_fix(&outcome.pairs) {
                    // The shortcut's candidate left the round uncompletable: pair it properly.
                    bracket.allow_shortcut = false;
                    outcome = bracket::pair(&bracket)?;
                    completion.try_fix(&outcome.pairs);
                }
                outcome
            }
        };
        if next.is_empty() {
            return Paired::complete(round, pairs, outcome);
        }
        // C9 applies in the next bracket if its only downfloater will be the PAB
        // assignee: nobody in it is matched below its score in the current matching.
        context.single_downfloater_is_bye = odd
            && bye_score.is_some_and(|b| next_score.is_some_and(|s| b >= s))
            && outcome
                .mates
                .iter()
                .filter(|(p, _)| !outcome.pairs.iter().any(|&(a, b)| a == *p || b == *p))
                .all(|(_, mate)| {
                    mate.is_none_or(|m| next_score.is_none_or(|s| players[m].score >= s))
                });
        pairs.extend(outcome.pairs);
        mdps = outcome.downfloaters;
    }
    Ok(Paired {
        pairs,
        bye: None,
        collapsed: None,
    })
}

/// Pairs a bracket on a graph of the bracket and the next scoregroup only, without the
/// C4 field, and fixes its pairs if the whole matching (the next group's pairs included)
/// leaves the other players completable; `None` when it does not.
///
/// Why the answer is the whole-round graph's: below C4 every field of the weights is a
/// sum over edges inside this region (C9 is excluded by the caller), so the complete
/// matchings' regional parts are a subset of the regional matchings with the same
/// objective. The bracket's pairing is the first in the B.8 order among the optimal
/// regional matchings; when one of those extends to a complete pairing, it is also first
/// among the complete ones.
fn pair_locally(
    state: &RoundState,
    context: &Round2026,
    mdps: &[usize],
    residents: &[usize],
    next: &[usize],
    completion: &mut Completion,
) -> Result<Option<bracket::BracketOutcome>, PairingError> {
    let criteria = Criteria::Dutch2026(Round2026 {
        weigh_completion: false,
        ..context.clone()
    });
    let mut bracket = Bracket {
        state,
        mdps,
        residents,
        next: &[],
        rest: &[],
        criteria: &criteria,
        allow_shortcut: true,
        mdps_may_meet: false,
    };
    // Paired on its own first. If that floats nobody down, the next scoregroup's fields
    // do not depend on the bracket's choice. If it floats one player down whom the next
    // scoregroup takes in as well as it can take in anyone (`pairs_taking_in`), C8 is met
    // as well as any choice can meet it (C6 and C7 fix the floater's score, and no other
    // field joins the bracket to the next group). Either way the bracket's own optimum is
    // the region's.
    let closed = bracket::pair(&bracket)?;
    let taken_in = match closed.downfloaters[..] {
        [] => Some(Vec::new()),
        [floater] => pairs_taking_in(state, floater, next),
        _ => None,
    };
    if let Some(taken_in) = taken_in {
        let region = [closed.pairs.as_slice(), taken_in.as_slice()].concat();
        if completion.extends(&region) && completion.try_fix(&closed.pairs) {
            return Ok(Some(closed));
        }
    }
    bracket.next = next;
    let outcome = bracket::pair(&bracket)?;
    let region: Vec<(usize, usize)> = outcome
        .mates
        .iter()
        .filter_map(|&(p, mate)| mate.filter(|&m| p < m).map(|m| (p, m)))
        .collect();
    Ok((completion.extends(&region) && completion.try_fix(&outcome.pairs)).then_some(outcome))
}

/// C5: the lowest score on which the PAB can go in a complete pairing (scores tried from
/// the lowest up; the answer is the first that completes).
fn lowest_bye_score(state: &RoundState) -> Option<Points> {
    let mut scores: Vec<Points> = state.players.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    scores
        .into_iter()
        .find(|&s| Completion::new(state, |p| p.bye_eligible && p.score <= s).is_completable())
}

/// Whether C9 applies in the first bracket: the PAB goes to the top scoregroup and the
/// rest of that group can be paired within it while the others complete the round.
fn single_downfloater_in_top_group(state: &RoundState, groups: &[Vec<usize>], bye: Points) -> bool {
    let Some(top) = groups.first() else {
        return false;
    };
    if bye < state.players[top[0]].score {
        return false;
    }
    let lower: Vec<usize> = groups.iter().skip(1).flatten().copied().collect();
    perfect_with_bye(state, top, |p| p.bye_eligible) && perfect_with_bye(state, &lower, |_| false)
}

/// Whether `group` can be paired completely, one player who passes `bye_ok` being left
/// over when the group is odd.
fn perfect_with_bye(
    state: &RoundState,
    group: &[usize],
    bye_ok: impl Fn(&PlayerState) -> bool,
) -> bool {
    let n = group.len();
    let legal = |a: usize, b: usize| {
        if b == n {
            return bye_ok(&state.players[group[a]]);
        }
        may_meet(state, group[a], group[b])
    };
    let mut matcher = CardinalityMatcher::new(n + n % 2, legal);
    matcher.maximise().is_empty()
}
