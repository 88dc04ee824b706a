//! The FIDE Dutch system (C.04.3), one engine for the rule versions of 2012 (Istanbul),
//! 2017 and 2026. The 2012 text is procedural (C.1–C.14); it is paired here by the 2017
//! route (`round_2017`) with the 2012 criteria table (`weights_2017::Edition`), C.12's
//! backtrack (`backtrack`) and C.13's join, which reproduces JaVaFo 1.4 on every round of
//! the conformance corpus (`tests/conformance_dutch_2012.rs`).
//! This module drives the brackets of a round; `bracket`, `graph` and `sequence` pair one
//! bracket; `weights_2017` and `weights_2026` hold the criteria of each version; colours
//! come from the shared E.1–E.5 allocation.

mod backtrack;
mod bracket;
mod buckets;
mod completion;
mod criteria;
pub(crate) mod explain;
mod graph;
mod layout;
mod region;
mod round_2017;
mod round_2026;
mod sequence;
mod strong_preferences;
mod weights_2017;
mod weights_2026;

use crate::pairing::colour;
use crate::pairing::explanation::Explainer;
use crate::pairing::state::{RoundState, RuleVersion, round_state, rounds_scored_without_playing};
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;
use crate::tournament::board_order::{self, Seated};

/// The Dutch system under one version of the rules.
pub(crate) struct Dutch {
    rules: RuleVersion,
}

impl Dutch {
    /// C.04.3 as agreed in Istanbul 2012.
    pub(crate) const fn rules_2012() -> Dutch {
        Dutch {
            rules: RuleVersion::Dutch2012,
        }
    }

    /// C.04.3 as approved in 2016/2017.
    pub(crate) const fn rules_2017() -> Dutch {
        Dutch {
            rules: RuleVersion::Dutch2017,
        }
    }

    /// C.04.3 in force since 1 February 2026.
    pub(crate) const fn rules_2026() -> Dutch {
        Dutch {
            rules: RuleVersion::Dutch2026,
        }
    }
}

impl Dutch {
    /// Pairs `round` and returns the derived state with the pairs as player indices.
    fn solve(&self, t: &Tournament, round: u32) -> Result<(RoundState, Paired), PairingError> {
        PairingError::check_round(round)?;
        if let Some(reason) = t.baku_scoring_problem() {
            return Err(PairingError::InvalidRequest { round, reason });
        }
        let mut state = round_state(t, round, self.rules);
        let paired = match self.rules {
            RuleVersion::Dutch2012 => match round_2017::pair(&state) {
                Err(PairingError::NoValidPairing { .. }) if any_bye_barred(&state) => {
                    lift_bye_bar(t, round, &mut state)?
                }
                paired => paired?,
            },
            RuleVersion::Dutch2017 => round_2017::pair(&state)?,
            RuleVersion::Dutch2026 => round_2026::pair(&state)?,
        };
        Ok((state, paired))
    }
}

/// C.04.3 (2012) B.1.b bars from the bye everyone who scored without playing. When that
/// leaves no legal pairing, the bar is set aside as little as possible: first for the
/// players who scored without playing once, then twice, and so on (as JaVaFo 1.4 does);
/// among those, the criteria choose the bye.
fn lift_bye_bar(
    t: &Tournament,
    round: u32,
    state: &mut RoundState,
) -> Result<Paired, PairingError> {
    let counts: Vec<u32> = state
        .players
        .iter()
        .map(|p| {
            t.player(p.id)
                .map_or(0, |q| rounds_scored_without_playing(t, q, round))
        })
        .collect();
    let most = counts.iter().copied().max().unwrap_or(0);
    state.bye_bar_lifted = true;
    let mut result = Err(PairingError::NoValidPairing { round });
    for level in 1..=most {
        for (p, &count) in state.players.iter_mut().zip(&counts) {
            p.bye_eligible = count <= level;
        }
        result = round_2017::pair(state);
        if !matches!(result, Err(PairingError::NoValidPairing { .. })) {
            break;
        }
    }
    result
}

impl PairingSystem for Dutch {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        let (state, paired) = self.solve(t, round)?;
        Ok(finish(t, &state, round, &paired))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(Dutch::explainer(self, t, round)?))
    }
}

/// Whether the number of players is odd and someone is barred from the bye.
fn any_bye_barred(state: &RoundState) -> bool {
    state.players.len() % 2 == 1 && state.players.iter().any(|p| !p.bye_eligible)
}

/// A round's pairs (higher, lower player index) and the player given the bye.
struct Paired {
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
    /// A.9 (2017, and the 2012 route): the collapsed last bracket, when a PPB was found.
    collapsed: Option<Collapsed>,
}

/// The collapsed last bracket (2012: the lowest bracket after C.13).
#[derive(Clone, Copy, Debug)]
struct Collapsed {
    /// The index of the first scoregroup merged into it.
    from: usize,
    s1: LowestS1,
}

/// Who forms the S1 of the collapsed last bracket, paired first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LowestS1 {
    /// The players moved down into it.
    MovedDown,
    /// 2012 C.13: the joined penultimate bracket's players, its MDPs and residents.
    Joined,
    /// 2012 D.4: nobody, the merged bracket being homogeneous.
    Homogeneous,
}

impl Paired {
    /// The last bracket's pairs complete the round; its one leftover player gets the bye.
    fn complete(
        round: u32,
        mut pairs: Vec<(usize, usize)>,
        last: bracket::BracketOutcome,
    ) -> Result<Paired, PairingError> {
        pairs.extend(last.pairs);
        match last.downfloaters.as_slice() {
            [] => Ok(Paired {
                pairs,
                bye: None,
                collapsed: None,
            }),
            [bye] => Ok(Paired {
                pairs,
                bye: Some(*bye),
                collapsed: None,
            }),
            _ => Err(PairingError::NoValidPairing { round }),
        }
    }
}

/// Scoregroups in A.2 order (score, then pairing number), highest first.
fn scoregroups(state: &RoundState) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..state.players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&state.players[a], &state.players[b]);
        pb.score.cmp(&pa.score).then(pa.rank.cmp(&pb.rank))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for p in order {
        match groups.last_mut() {
            Some(g) if state.players[g[0]].score == state.players[p].score => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups
}

/// Colours (E.1–E.5) and board order ([`board_order`]: real points plus the round's
/// virtual points under acceleration, checklist Q187-188).
fn finish(t: &Tournament, state: &RoundState, round: u32, paired: &Paired) -> RoundPairing {
    use std::cmp::Reverse;
    let player = |i: usize| &state.players[i];
    let seat = |i: usize| {
        let points = t
            .player(player(i).id)
            .map(|p| board_order::score(t, p, round))
            .unwrap_or_default();
        (points, player(i).rank)
    };
    // Higher in A.2 order (pairing score, then pairing number) decides the colours.
    let a2_first = |a: usize, b: usize| {
        (player(a).score, Reverse(player(a).rank)) >= (player(b).score, Reverse(player(b).rank))
    };
    let boards = paired
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (h, l) = if a2_first(a, b) { (a, b) } else { (b, a) };
            let allocation = colour::allocate(player(h), player(l), &state.colour_rules);
            let (white, black) = if allocation.higher_gets_white {
                (h, l)
            } else {
                (l, h)
            };
            let pair = Pair {
                white: player(white).id,
                black: player(black).id,
            };
            Seated::by_score(pair, seat(a), seat(b))
        })
        .collect();
    RoundPairing {
        round,
        pairs: board_order::sort(boards),
        bye: paired.bye.map(|b| player(b).id),
    }
}
