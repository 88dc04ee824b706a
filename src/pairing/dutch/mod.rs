//! The FIDE Dutch system (C.04.3). One engine for the rule versions; this module drives
//! the brackets of a round (A.9), `bracket` pairs one bracket (B, C, D), and colours come
//! from the shared E.1–E.5 allocation.

mod bracket;
mod buckets;
mod completion;
mod criteria;
mod layout;

use crate::pairing::colour;
use crate::pairing::state::{RoundState, RuleVersion, round_state};
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::{SystemId, Tournament};

use bracket::{Bracket, Mode};
use completion::Completion;

/// The Dutch system under one version of the rules.
pub struct Dutch {
    rules: RuleVersion,
}

impl Dutch {
    /// C.04.3 as approved in 2016/2017.
    pub const fn rules_2017() -> Dutch {
        Dutch {
            rules: RuleVersion::Dutch2017,
        }
    }
}

impl PairingSystem for Dutch {
    fn id(&self) -> SystemId {
        match self.rules {
            RuleVersion::Dutch2017 => SystemId::Dutch2017,
            RuleVersion::Dutch2026 => SystemId::Dutch2026,
        }
    }

    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        if round == 0 {
            return Err(PairingError::InvalidRequest {
                round,
                reason: "rounds are numbered from 1".to_string(),
            });
        }
        let state = round_state(t, round, self.rules);
        let paired = pair_2017(&state)?;
        Ok(finish(t, &state, round, &paired))
    }
}

/// A round's pairs (higher, lower player index) and the player given the bye.
struct Paired {
    pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
}

/// A.2: score, then pairing number.
fn a2_order(state: &RoundState) -> Vec<usize> {
    let mut order: Vec<usize> = (0..state.players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&state.players[a], &state.players[b]);
        pb.score.cmp(&pa.score).then(pa.rank.cmp(&pb.rank))
    });
    order
}

/// A.9 (2017): brackets top down; if a bracket's downfloaters leave the round
/// uncompletable, it is the PPB: re-pair it to complete the round (C.4), then pair the
/// collapsed last bracket.
fn pair_2017(state: &RoundState) -> Result<Paired, PairingError> {
    let round = state.round;
    let order = a2_order(state);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in &order {
        match groups.last_mut() {
            Some(g) if state.players[g[0]].score == state.players[p].score => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    let mut completion = Completion::new(state);
    if !completion.is_completable() {
        return Err(PairingError::NoValidPairing { round });
    }
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < groups.len() {
        let residents = &groups[i];
        if i + 1 == groups.len() {
            let last = bracket::pair(&Bracket {
                state,
                mdps: &mdps,
                residents,
                extra: &[],
                mode: Mode::Completion,
            })?;
            return finish_last(round, pairs, last);
        }
        let next = &groups[i + 1];
        let outcome = bracket::pair(&Bracket {
            state,
            mdps: &mdps,
            residents,
            extra: next,
            mode: Mode::LookAhead {
                next_is_last: i + 2 == groups.len(),
            },
        })?;
        if completion.try_fix(&outcome.pairs) {
            pairs.extend(outcome.pairs);
            mdps = outcome.downfloaters;
            i += 1;
            continue;
        }
        // This bracket is the PPB: re-pair it so that the rest can be completed, then
        // everything below forms the collapsed last bracket.
        let collapsed: Vec<usize> = groups[i + 1..].iter().flatten().copied().collect();
        let ppb = bracket::pair(&Bracket {
            state,
            mdps: &mdps,
            residents,
            extra: &collapsed,
            mode: Mode::Completion,
        })?;
        pairs.extend(ppb.pairs);
        let clb = bracket::pair(&Bracket {
            state,
            mdps: &ppb.downfloaters,
            residents: &collapsed,
            extra: &[],
            mode: Mode::Completion,
        })?;
        return finish_last(round, pairs, clb);
    }
    Ok(Paired { pairs, bye: None })
}

/// The last bracket's pairs complete the round; its one leftover player gets the bye.
fn finish_last(
    round: u32,
    mut pairs: Vec<(usize, usize)>,
    last: bracket::BracketOutcome,
) -> Result<Paired, PairingError> {
    pairs.extend(last.pairs);
    match last.downfloaters.as_slice() {
        [] => Ok(Paired { pairs, bye: None }),
        [bye] => Ok(Paired {
            pairs,
            bye: Some(*bye),
        }),
        _ => Err(PairingError::NoValidPairing { round }),
    }
}

/// Colours (E.1–E.5) and board order (C.04.2: the higher player's score, then the lower
/// player's, then the higher player's rank; real points, without acceleration).
fn finish(t: &Tournament, state: &RoundState, round: u32, paired: &Paired) -> RoundPairing {
    use std::cmp::Reverse;
    let player = |i: usize| &state.players[i];
    let points = |i: usize| {
        t.player(player(i).id)
            .map(|p| t.score_after(p, round - 1))
            .unwrap_or_default()
    };
    // Higher in A.2 order (pairing score, then pairing number) decides the colours; higher
    // in real points decides the board.
    let a2_first = |a: usize, b: usize| {
        (player(a).score, Reverse(player(a).rank)) >= (player(b).score, Reverse(player(b).rank))
    };
    let board_first = |a: usize, b: usize| {
        (points(a), Reverse(player(a).rank)) >= (points(b), Reverse(player(b).rank))
    };
    let mut boards: Vec<(Pair, (Reverse<_>, Reverse<_>, usize))> = paired
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (h, l) = if a2_first(a, b) { (a, b) } else { (b, a) };
            let allocation = colour::allocate(player(h), player(l), state.initial_colour);
            let (white, black) = if allocation.higher_gets_white {
                (h, l)
            } else {
                (l, h)
            };
            let pair = Pair {
                white: player(white).id,
                black: player(black).id,
            };
            let (top, bottom) = if board_first(a, b) { (a, b) } else { (b, a) };
            (
                pair,
                (
                    Reverse(points(top)),
                    Reverse(points(bottom)),
                    player(top).rank,
                ),
            )
        })
        .collect();
    boards.sort_by_key(|b| b.1);
    RoundPairing {
        round,
        pairs: boards.into_iter().map(|(p, _)| p).collect(),
        bye: paired.bye.map(|b| player(b).id),
    }
}
