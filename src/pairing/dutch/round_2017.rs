//! A.9 (2017), also used for the 2012 rules: brackets top down (2012: each for its own
//! criteria, re-paired by C.12 when a downfloater is incompatible in the next bracket or
//! they leave it short of pairs, see [`backtracked`]); if a bracket's downfloaters leave
//! the round uncompletable, it is the PPB: it is re-paired to complete the round (C.4; 2012 C.13: the penultimate bracket
//! re-paired so that the lowest can be paired), and the players below form the collapsed
//! last bracket (CLB; 2012: the lowest bracket after C.13 joined score brackets). Under
//! 2012, a PPB that must give up every MDP it paired on its own is joined to the lowest
//! bracket instead ([`LastBracket::joined`]).

use crate::pairing::PairingError;
use crate::pairing::state::{RoundState, RuleVersion};

use super::backtrack::{self, Backtrack, CallBack};
use super::bracket::{self, Bracket, BracketOutcome, Criteria};
use super::completion::Completion;
use super::criteria::may_meet;
use super::region::{left_unpaired, pairs_taking_in};
use super::strong_preferences;
use super::weights_2017::Mode2017;
use super::{Collapsed, LowestS1, Paired, scoregroups};

pub(super) fn pair(state: &RoundState) -> Result<Paired, PairingError> {
    pair_with(state, true)
}

/// [`pair`]; with `own_first`, each bracket is paired on its own before its region
/// ([`look_ahead`]), otherwise always on its region (the reference for the test that
/// both give the same round).
fn pair_with(state: &RoundState, own_first: bool) -> Result<Paired, PairingError> {
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
        let lowest = i + 2 == groups.len();
        // C.7: the next bracket's pairs, then the downfloaters' scores.
        let looking = Criteria::Dutch2017(Mode2017::LookAhead {
            next_is_last: lowest,
            count_next_pairs: true,
        });
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
        let outcome = if is_2012 {
            backtracked(state, &mdps, residents, next, lowest, own_first)?.0
        } else {
            look_ahead(&bracket(&mdps, residents, next, &[], &looking), own_first)?
        };
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

/// C.04.3 (2012) C.12: the pairing of the bracket of `mdps` and `residents`, followed by
/// the scoregroup `next` (the lowest one if `lowest`), and what became of its own
/// pairing. The bracket is paired for its own criteria; in an odd round A.7.d gives way
/// where it would leave higher scores unpaired in `next`
/// ([`strong_preferences::gives_way`]); when its downfloaters call it
/// back from `next` ([`CallBack::of`]), the round takes the first other pairing
/// that C.12 accepts ([`backtrack::accepts`]), looked for by the scores of the
/// downfloaters `next` can pair, then by its pairs first; with none, the own pairing
/// stands. The explainer asks the same question of the brackets it measures.
pub(super) fn backtracked(
    state: &RoundState,
    mdps: &[usize],
    residents: &[usize],
    next: &[usize],
    lowest: bool,
    own_first: bool,
) -> Result<(BracketOutcome, Backtrack), PairingError> {
    let alone = Criteria::Dutch2017(Mode2017::Alone);
    let bracket = Bracket {
        state,
        mdps,
        residents,
        next,
        rest: &[],
        criteria: &alone,
        allow_shortcut: true,
        mdps_may_meet: false,
    };
    let own = bracket::pair(&bracket)?;
    let Some(call) = CallBack::of(state, &own.downfloaters, next, lowest) else {
        return Ok(match strong_preferences::gives_way(&bracket, &own)? {
            Some((waived, unpaired)) => {
                let own = own.downfloaters;
                (waived, Backtrack::StrongWaived { own, unpaired })
            }
            None => (own, Backtrack::NotCalled),
        });
    };
    for count_next_pairs in [false, true] {
        let looking = Criteria::Dutch2017(Mode2017::LookAhead {
            next_is_last: lowest,
            count_next_pairs,
        });
        let region = Bracket {
            criteria: &looking,
            ..bracket
        };
        let other = look_ahead(&region, own_first)?;
        if backtrack::accepts(state, &own.downfloaters, &other.downfloaters, next, lowest) {
            if other.downfloaters == own.downfloaters {
                // The best pairing for the next bracket floats the same players (and
                // is then the own pairing): C.12 finds no other set.
                break;
            }
            let replaced = Backtrack::Replaced {
                call,
                count_next_pairs,
            };
            return Ok((other, replaced));
        }
    }
    Ok((own, Backtrack::Kept(call)))
}

/// Pairs a bracket with its look-ahead (C.7; 2012: the downfloaters' scores, and C.12's
/// pairs of the next bracket): on its own first, and on the graph of its region (the
/// bracket and the next scoregroup) only when its own pairing may not be the region's.
///
/// Why the bracket's own pairing is then the region's: the region's weights are, in
/// priority order, the bracket's pairs (C.5) and PSD (C.6), which depend only on the
/// pairs inside the bracket; then the look-ahead, which depends on its downfloaters and
/// the next scoregroup; then colours and floats (C.8–C.19), again only the pairs inside
/// the bracket. The pairing on its own maximises C.5, C.6 and C.8–C.19. If its
/// downfloaters reach the look-ahead's upper bound (`reaches_look_ahead_bound`), that
/// pairing is an optimum of the region, and every optimum of the region is, inside the
/// bracket, an optimum of the bracket on its own. B.8's sequence chooses the first of a
/// set in a fixed order; the first of the larger set lies in the smaller, so it is first
/// there too. A.8's reference score (one point below the lowest score of the bracket
/// and the next scoregroup) is the same in both graphs ([`Mode2017::Alone`]).
fn look_ahead(region: &Bracket, own_first: bool) -> Result<BracketOutcome, PairingError> {
    let Criteria::Dutch2017(Mode2017::LookAhead {
        next_is_last,
        count_next_pairs,
    }) = *region.criteria
    else {
        return bracket::pair(region);
    };
    if !own_first {
        return bracket::pair(region);
    }
    let alone = Criteria::Dutch2017(Mode2017::Alone);
    let own = bracket::pair(&Bracket {
        criteria: &alone,
        ..*region
    })?;
    if reaches_look_ahead_bound(
        region.state,
        &own,
        region.next,
        next_is_last,
        count_next_pairs,
    ) {
        Ok(own)
    } else {
        bracket::pair(region)
    }
}

/// Whether a bracket pairing's downfloaters meet the look-ahead as well as any pairing of
/// the bracket with as many pairs could: nobody floats (the next scoregroup's pairs are
/// then its own, the same whatever the bracket does), or one player floats and
/// - 2012 (no count of the next bracket's pairs): he has an opponent there;
/// - 2017 C.7: the next scoregroup takes him in with the most pairs any single floater
///   allows ([`pairs_taking_in`]), and, when it is the last, leaves over only players who
///   may receive the PAB (C.2, weighed with its pairs).
fn reaches_look_ahead_bound(
    state: &RoundState,
    own: &BracketOutcome,
    next: &[usize],
    next_is_last: bool,
    count_next_pairs: bool,
) -> bool {
    match own.downfloaters[..] {
        [] => true,
        [floater] if !count_next_pairs => next.iter().any(|&x| may_meet(state, floater, x)),
        [floater] => pairs_taking_in(state, floater, next).is_some_and(|pairs| {
            !next_is_last
                || left_unpaired(next, floater, &pairs)
                    .iter()
                    .all(|&p| state.players[p].bye_eligible)
        }),
        _ => false,
    }
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
    /// first (C.6 with P = M1, weighed above the B.3 factor). C.4 puts the S1 players
    /// left out of the M1 in S2, so S1 players may meet: M1 counts the pairs with an S1
    /// player ([`super::sequence`] chooses the M1).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{GeneratorConfig, generate};
    use crate::pairing::history_for_round;
    use crate::pairing::state::round_state;
    use crate::tournament::ScoringSystem;
    use crate::tournament::SystemId;

    /// Pairing each bracket on its own first gives, round after round, the pairing the
    /// region's graph gives (2017 and 2012; generated events with draws, forfeits, byes
    /// and 3-1-0 scoring, whose brackets float players down and back up).
    #[test]
    fn a_bracket_paired_on_its_own_first_is_paired_as_on_its_region() {
        let mut own_graphs = 0;
        for (system, rules) in [
            (SystemId::Dutch2017, RuleVersion::Dutch2017),
            (SystemId::Dutch2012, RuleVersion::Dutch2012),
        ] {
            for seed in 1..=48u64 {
                let players = 9 + (seed as u32 * 37) % 110;
                let draws = [0.1, 0.3, 0.5, 0.7][seed as usize % 4];
                let forfeits = [0.0, 0.02, 0.05, 0.1][seed as usize / 4 % 4];
                let config = GeneratorConfig {
                    players,
                    rounds: 9,
                    planned_rounds: None,
                    seed,
                    draw_rate: draws,
                    results: Default::default(),
                    forfeit_rate: forfeits,
                    bye_rate: forfeits,
                    scoring: if seed % 5 == 4 {
                        ScoringSystem::three_one_zero()
                    } else {
                        ScoringSystem::standard()
                    },
                    baku: false,
                    absences: Default::default(),
                };
                let Ok(t) = generate(&config, system) else {
                    continue;
                };
                for round in 2..=9 {
                    let state = round_state(&history_for_round(&t, round), round, rules);
                    let summary = |p: Result<Paired, PairingError>| {
                        p.map(|p| {
                            let mut pairs = p.pairs;
                            pairs.sort_unstable();
                            (pairs, p.bye)
                        })
                    };
                    let own = summary(pair_with(&state, true));
                    let region = summary(pair_with(&state, false));
                    assert_eq!(own, region, "{rules:?} seed {seed} round {round}");
                    own_graphs += usize::from(own.is_ok());
                }
            }
        }
        assert!(own_graphs > 150, "only {own_graphs} rounds compared");
    }
}
