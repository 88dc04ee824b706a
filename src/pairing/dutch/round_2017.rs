//! A.9 (2017), also used for the 2012 rules: brackets top down (2012: each first for its
//! own criteria, re-paired by C.12 when that leaves the next bracket short of pairs, see
//! [`backtrack`]); if a bracket's downfloaters leave the round uncompletable, it is the
//! PPB: it is re-paired to complete the round (C.4; 2012 C.13: the penultimate bracket
//! re-paired so that the lowest can be paired), and the players below form the collapsed
//! last bracket (CLB; 2012: the lowest bracket after C.13 joined score brackets). Under
//! 2012, a PPB that must give up every MDP it paired on its own is joined to the lowest
//! bracket instead ([`LastBracket::joined`]).

use crate::pairing::PairingError;
use crate::pairing::state::{RoundState, RuleVersion};

use super::backtrack;
use super::bracket::{self, Bracket, BracketOutcome, Criteria};
use super::completion::Completion;
use super::weights_2017::Mode2017;
use super::{Collapsed, LowestS1, Paired, scoregroups};

pub(super) fn pair(state: &RoundState) -> Result<Paired, PairingError> {
    let round = state.round;
    let groups = scoregroups(state);
    let mut completion = Completion::new(state, |p| p.bye_eligible);
    if !completion.is_completable() {
        return Err(PairingError::NoValidPairing { round });
    }
    let completing = Criteria::Dutch2017(Mode2017::Completion);
    let is_2012 = state.rules == RuleVersion::Dutch2012;
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    for (i, residents) in groups.iter().enumerate() {
        let bracket = |mdps, residents, next, rest, criteria| Bracket {
            state,
            mdps,
            residents,
            next,
            rest,
            criteria,
            allow_shortcut: true,
            mdps_may_meet: false,
        };
        let Some(next) = groups.get(i + 1) else {
            let last = bracket::pair(&bracket(&mdps, residents, &[], &[], &completing))?;
            return Paired::complete(round, pairs, last);
        };
        let looking = |count_next_pairs| {
            Criteria::Dutch2017(Mode2017::LookAhead {
                next_is_last: i + 2 == groups.len(),
                count_next_pairs,
            })
        };
        let (first, backtracking) = (looking(!is_2012), looking(true));
        let mut outcome = bracket::pair(&bracket(&mdps, residents, next, &[], &first))?;
        if is_2012 && backtrack::leaves_short(state, &outcome.downfloaters, next) {
            // C.12: another pairing of this bracket that lets the next one be paired.
            let other = bracket::pair(&bracket(&mdps, residents, next, &[], &backtracking))?;
            if !backtrack::leaves_short(state, &other.downfloaters, next) {
                outcome = other;
            }
        }
        if completion.try_fix(&outcome.pairs) {
            pairs.extend(outcome.pairs);
            mdps = outcome.downfloaters;
            continue;
        }
        // This bracket is the PPB.
        let collapsed: Vec<usize> = groups[i + 1..].iter().flatten().copied().collect();
        let ppb = bracket::pair(&bracket(&mdps, residents, &[], &collapsed, &completing))?;
        let lowest = if is_2012 && mdps_paired(&ppb, &mdps) == 0 && mdps_paired(&outcome, &mdps) > 0
        {
            LastBracket::joined(&mdps, residents, collapsed.clone(), i)
        } else {
            pairs.extend(ppb.pairs);
            LastBracket {
                s1: ppb.downfloaters,
                rest: collapsed.clone(),
                kind: LowestS1::MovedDown,
                from: i + 1,
            }
        };
        let clb = bracket::pair(&Bracket {
            mdps_may_meet: lowest.kind == LowestS1::Joined,
            ..bracket(&lowest.s1, &lowest.rest, &[], &[], &completing)
        })?;
        let mut paired = Paired::complete(round, pairs, clb)?;
        paired.collapsed = Some(Collapsed {
            from: lowest.from,
            s1: lowest.kind,
        });
        return Ok(paired);
    }
    Ok(Paired {
        pairs,
        bye: None,
        collapsed: None,
    })
}

/// How many of `mdps` a bracket's pairing paired.
fn mdps_paired(outcome: &BracketOutcome, mdps: &[usize]) -> usize {
    let is_mdp = |p: &usize| mdps.contains(p);
    outcome
        .pairs
        .iter()
        .filter(|(a, b)| is_mdp(a) || is_mdp(b))
        .count()
}

/// The collapsed last bracket: its S1, its other players, who forms S1 (S1 players of a
/// joined bracket may meet each other), and the first scoregroup merged into it.
struct LastBracket {
    s1: Vec<usize>,
    rest: Vec<usize>,
    kind: LowestS1,
    from: usize,
}

impl LastBracket {
    /// C.04.3 (2012) C.13: when the penultimate bracket paired some of its MDPs on its
    /// own, but no pairing that lets the lowest bracket be paired keeps any of them
    /// paired (C.14.b lowers P1 with M1 kept, then M1, down to P = 0), the two lowest
    /// brackets are joined, "with the latest added score bracket as S1": the
    /// penultimate's MDPs and residents. Its pairs are then chosen in the merged bracket
    /// by the B.3 factor (D.4), not in the penultimate bracket. D.4: the merged bracket
    /// is homogeneous when as many players came into it as it had; otherwise S1 is paired
    /// first and the rest of S1 joins the remainder, so S1 players may meet.
    fn joined(mdps: &[usize], residents: &[usize], below: Vec<usize>, from: usize) -> LastBracket {
        let s1: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        if s1.len() >= below.len() {
            LastBracket {
                s1: Vec::new(),
                rest: s1.into_iter().chain(below).collect(),
                kind: LowestS1::Homogeneous,
                from,
            }
        } else {
            LastBracket {
                s1,
                rest: below,
                kind: LowestS1::Joined,
                from,
            }
        }
    }
}
