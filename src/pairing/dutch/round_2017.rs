//! A.9 (2017), also used for the 2012 rules: brackets top down; if a bracket's downfloaters leave the round
//! uncompletable, it is the PPB: it is re-paired to complete the round (C.4), and the
//! players below form the collapsed last bracket (CLB).

use crate::pairing::PairingError;
use crate::pairing::state::RoundState;

use super::bracket::{self, Bracket, Criteria};
use super::completion::Completion;
use super::weights_2017::Mode2017;
use super::{Paired, scoregroups};

pub(super) fn pair(state: &RoundState) -> Result<Paired, PairingError> {
    let round = state.round;
    let groups = scoregroups(state);
    let mut completion = Completion::new(state, |p| p.bye_eligible);
    if !completion.is_completable() {
        return Err(PairingError::NoValidPairing { round });
    }
    let completing = Criteria::Dutch2017(Mode2017::Completion);
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
        };
        let Some(next) = groups.get(i + 1) else {
            let last = bracket::pair(&bracket(&mdps, residents, &[], &[], &completing))?;
            return Paired::complete(round, pairs, last);
        };
        let looking = Criteria::Dutch2017(Mode2017::LookAhead {
            next_is_last: i + 2 == groups.len(),
        });
        let outcome = bracket::pair(&bracket(&mdps, residents, next, &[], &looking))?;
        if completion.try_fix(&outcome.pairs) {
            pairs.extend(outcome.pairs);
            mdps = outcome.downfloaters;
            continue;
        }
        // This bracket is the PPB.
        let collapsed: Vec<usize> = groups[i + 1..].iter().flatten().copied().collect();
        let ppb = bracket::pair(&bracket(&mdps, residents, &[], &collapsed, &completing))?;
        pairs.extend(ppb.pairs);
        let clb = bracket::pair(&bracket(
            &ppb.downfloaters,
            &collapsed,
            &[],
            &[],
            &completing,
        ))?;
        let mut paired = Paired::complete(round, pairs, clb)?;
        paired.collapsed_from = Some(i + 1);
        return Ok(paired);
    }
    Ok(Paired {
        pairs,
        bye: None,
        collapsed_from: None,
    })
}
