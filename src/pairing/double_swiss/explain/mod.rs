//! C.04.1 for Double-Swiss (C.04.5): the pairing of a round explained in the system's
//! own terms, and an arbiter's pairing judged by them. A pair is a two-game match; the
//! board's White is game 1's White.
//!
//! The PAB is chosen first (3.4, [`bye`]); then each bracket is the top scoregroup of
//! the players left with its upfloaters (3.5), paired by the first Pairing Identifier
//! (3.6): C4–C8 measured on each bracket in the engine's priority ([`brackets`]); the
//! colours by 4.3 ([`pairs`]). There is no colour criterion.
//!
//! Interpretations, as the engine's (`upfloaters::choose`, `identifier`):
//! - C5 "the highest scores": the fewest upfloaters from the lowest score first, written
//!   as each upfloater's deficit (the bracket's score minus his), largest first.
//! - C6 is pass or fail, measured on the pairing: the following bracket (the next
//!   scoregroup with players left) takes at most one upfloater. The engine takes a set of
//!   upfloaters that lets it whenever one does, so it is never beaten on it.
//! - C3 (the round completes) is met by every pairing the check accepts; the PAB,
//!   assigned before any bracket, is a criterion of the whole round.
//! - Pairings equal on every criterion are told apart by the order of 3.5.4 (the
//!   upfloaters) and of the Pairing Identifier (3.6).

mod brackets;
mod bye;
mod pairs;
#[cfg(test)]
mod tests;

use crate::pairing::explanation::Seats;
use crate::pairing::explanation::procedural::{Judge, ProceduralExplainer};
use crate::pairing::explanation::{FloatDirection, RoundExplanation, Skeleton, Violation};
use crate::pairing::{PairingError, PairingSystem, RoundPairing};
use crate::tournament::{Points, Tournament};

use super::DoubleSwiss;
use super::field::Field;

/// Pairs `round` of `t` (the tournament as it stood before the round) and explains it.
pub(crate) fn explainer(
    t: &Tournament,
    round: u32,
) -> Result<ProceduralExplainer<DoubleSwissJudge>, PairingError> {
    let pairing = DoubleSwiss.pair(t, round)?;
    let judge = DoubleSwissJudge::new(Field::new(t, round), |id| {
        t.player(id).map_or_else(Vec::new, |p| {
            (1..round)
                .filter(|&k| p.outcome(k).is_meeting())
                .filter_map(|k| Some((p.outcome(k).opponent()?, k)))
                .collect()
        })
    });
    Ok(ProceduralExplainer::new(judge, t, pairing))
}

/// A Double-Swiss round, as C.04.5 judges its pairings.
pub(crate) struct DoubleSwissJudge {
    field: Field,
    /// Field index of each player id.
    slot: Seats,
    /// Each player's matches played before the round: (opponent id, round).
    met: Vec<Vec<(u32, u32)>>,
}

impl DoubleSwissJudge {
    /// The judge of `field`; `met` gives a player's matches played (opponent, round).
    pub(crate) fn new(field: Field, met: impl Fn(u32) -> Vec<(u32, u32)>) -> DoubleSwissJudge {
        let slot = Seats::new(field.players.iter().map(|p| p.id));
        let met = field.players.iter().map(|p| met(p.id)).collect();
        DoubleSwissJudge { field, slot, met }
    }

    fn index(&self, id: u32) -> Option<usize> {
        self.slot.of(id)
    }

    fn score(&self, id: u32) -> Points {
        self.index(id)
            .map_or(Points::ZERO, |i| self.field.players[i].score)
    }
}

impl Judge for DoubleSwissJudge {
    fn explain(&self, pairing: &RoundPairing, engine: bool) -> RoundExplanation {
        // 3.4: the PAB assignee is set aside before any bracket is made.
        let paired = RoundPairing {
            bye: None,
            ..pairing.clone()
        };
        let mut skeleton = Skeleton::upward(&paired, |id| self.score(id));
        brackets::fill(self, &skeleton.pairs, &mut skeleton.brackets, engine);
        for p in &mut skeleton.pairs {
            pairs::fill(self, p);
        }
        let bye = pairing.bye.and_then(|id| self.index(id));
        skeleton.finish(
            pairing.round,
            "Double-Swiss 2026 (C.04.5)",
            FloatDirection::Up,
            bye.map(|b| bye::explain(self, b, engine)),
            bye.map_or_else(Vec::new, |b| bye::criteria(self, b)),
        )
    }

    fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation> {
        let mut errors = Vec::new();
        for p in &pairing.pairs {
            let (Some(a), Some(b)) = (self.index(p.white), self.index(p.black)) else {
                continue;
            };
            if self.field.may_meet(a, b) {
                continue;
            }
            let text = match self.met[a].iter().find(|m| m.0 == p.black) {
                Some((_, k)) => format!("{} and {} met in round {k}", p.white, p.black),
                None => format!("{} and {} must not meet (event rule)", p.white, p.black),
            };
            errors.push(Violation {
                article: "C1",
                text,
            });
        }
        if let Some(b) = pairing.bye.and_then(|id| self.index(id))
            && !self.field.players[b].bye_eligible
        {
            errors.push(Violation {
                article: "C2",
                text: format!(
                    "{} may not receive the pairing-allocated bye (an earlier PAB, a match won by forfeit or a full-point bye)",
                    self.field.players[b].id
                ),
            });
        }
        errors
    }

    fn order(&self) -> &'static str {
        "the order of 3.5.4 for the upfloaters, then the Pairing Identifier order of 3.6"
    }
}
