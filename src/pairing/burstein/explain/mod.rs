//! C.04.1 for Burstein (C.04.4.2): the pairing of a round explained in the system's own
//! terms, and an arbiter's pairing judged by them.
//!
//! A seeding round (1.6) is paired by the Dutch system, so the Dutch 2026 explainer
//! explains it. After the seeding rounds each scoregroup is a bracket (its residents and
//! the players floating into it, [`brackets`]) with [C5]–[C8] measured on the pairing in
//! the engine's priority, the PAB by 3.1 ([`bye`]) and each board's colours by 5.2
//! ([`pairs`]).
//!
//! Interpretations, as the engine's (see the module notes of `burstein`):
//! - [C4] (the round completes) is met by every pairing the check accepts, so it is no
//!   bracket criterion; the PAB, chosen before any bracket (3.1), is a criterion of the
//!   whole round: its score, its games, its ranking.
//! - [C6] compares the floaters' scores as a list, highest first; [C7] is the following
//!   bracket's own [C5] and [C6] as the pairing has them. The engine maximises the
//!   following bracket's reachable [C5]/[C6], and pairs that bracket to its best, so the
//!   engine's value is never worse than another pairing's, as long as completing the
//!   round ([C4]) does not force the following bracket below its best.
//! - The pairs are the first candidate in the order of 4.3 among those with the best
//!   values, so two pairings equal on every criterion are told apart by that order.

mod brackets;
mod bye;
mod pairs;
#[cfg(test)]
mod tests;

use crate::pairing::dutch::Dutch;
use crate::pairing::explanation::Seats;
use crate::pairing::explanation::procedural::{Judge, ProceduralExplainer};
use crate::pairing::explanation::{
    Explainer, FloatDirection, RoundExplanation, Skeleton, Violation,
};
use crate::pairing::{PairingError, PairingSystem, RoundPairing};
use crate::tournament::{Outcome, Points, Tournament};

use super::field::Field;
use super::{Burstein, seeding_rounds};

/// Pairs `round` of `t` (the tournament as it stood before the round) and explains it:
/// by the Dutch 2026 explainer in a seeding round (1.6.1), by [`BursteinJudge`] after.
pub(crate) fn explainer(t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
    if round <= seeding_rounds(t.planned_rounds()) {
        return Ok(Box::new(Dutch::rules_2026().explainer(t, round)?));
    }
    let pairing = Burstein.pair(t, round)?;
    Ok(Box::new(ProceduralExplainer::new(
        BursteinJudge::new(t, round),
        t,
        pairing,
    )))
}

/// A Burstein round after the seeding rounds, as C.04.4.2 judges its pairings.
pub(crate) struct BursteinJudge {
    field: Field,
    round: u32,
    /// Field index of each player id.
    slot: Seats,
    /// Each player's games before the round: (opponent id, round).
    games: Vec<Vec<(u32, u32)>>,
}

impl BursteinJudge {
    /// The judge of `round` of `t`.
    pub(crate) fn new(t: &Tournament, round: u32) -> BursteinJudge {
        let field = Field::new(t, round);
        BursteinJudge::with_games(field, round, |id| {
            t.player(id).map_or_else(Vec::new, |player| {
                (1..round)
                    .filter_map(|k| match player.outcome(k) {
                        Outcome::Game { opponent, .. } => Some((*opponent, k)),
                        _ => None,
                    })
                    .collect()
            })
        })
    }

    /// A judge of ready-made players (unit tests): `met` pairs (by id) met in round 1.
    #[cfg(test)]
    pub(crate) fn from_parts(
        players: Vec<super::field::Entrant>,
        met: &[(u32, u32)],
        round: u32,
    ) -> BursteinJudge {
        let field = Field::from_parts(players, met);
        BursteinJudge::with_games(field, round, |id| {
            met.iter()
                .filter_map(|&(a, b)| match id {
                    _ if id == a => Some((b, 1)),
                    _ if id == b => Some((a, 1)),
                    _ => None,
                })
                .collect()
        })
    }

    /// The judge of `field`, with each player's games (opponent, round) from `games`.
    fn with_games(
        field: Field,
        round: u32,
        games: impl Fn(u32) -> Vec<(u32, u32)>,
    ) -> BursteinJudge {
        let slot = Seats::new(field.players.iter().map(|p| p.state.id));
        let games = field.players.iter().map(|p| games(p.state.id)).collect();
        BursteinJudge {
            field,
            round,
            slot,
            games,
        }
    }

    fn index(&self, id: u32) -> Option<usize> {
        self.slot.of(id)
    }

    fn score(&self, id: u32) -> Points {
        self.index(id).map_or(Points::ZERO, |i| self.field.score(i))
    }

    /// The pairs of `pairing` as field indices (players the field does not know left
    /// out: the structure check reports them).
    fn indexed(&self, pairing: &RoundPairing) -> Vec<(usize, usize)> {
        pairing
            .pairs
            .iter()
            .filter_map(|p| Some((self.index(p.white)?, self.index(p.black)?)))
            .collect()
    }
}

impl Judge for BursteinJudge {
    fn explain(&self, pairing: &RoundPairing, engine: bool) -> RoundExplanation {
        // 3.1: the PAB assignee is set aside before any bracket is made.
        let paired = RoundPairing {
            bye: None,
            ..pairing.clone()
        };
        let mut skeleton = Skeleton::downward(&paired, |id| self.score(id));
        let boards = self.indexed(pairing);
        brackets::fill(self, &boards, &mut skeleton.brackets, engine);
        for p in &mut skeleton.pairs {
            pairs::fill(self, p);
        }
        let bye = pairing.bye.and_then(|id| self.index(id));
        skeleton.finish(
            pairing.round,
            "Burstein 2026 (C.04.4.2)",
            FloatDirection::Down,
            bye.map(|b| bye::explain(self, b, engine)),
            bye.map_or_else(Vec::new, |b| bye::criteria(self, b)),
        )
    }

    fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation> {
        let mut errors = Vec::new();
        let id = |a: usize| self.field.players[a].state.id;
        for (a, b) in self.indexed(pairing) {
            let (pa, pb) = (&self.field.players[a].state, &self.field.players[b].state);
            let met = self.games[a].iter().find(|g| g.0 == id(b)).map(|g| g.1);
            let same_absolute = pa.preference.is_absolute()
                && pb.preference.is_absolute()
                && pa.preference.colour() == pb.preference.colour();
            if let Some(k) = met {
                errors.push(Violation {
                    article: "[C1]",
                    text: format!("{} and {} met in round {k}", id(a), id(b)),
                });
            } else if same_absolute {
                errors.push(Violation {
                    article: "[C3]",
                    text: format!(
                        "{} and {} both have an absolute colour preference for {}",
                        id(a),
                        id(b),
                        pa.preference
                            .colour()
                            .map_or("", crate::tournament::Colour::name),
                    ),
                });
            } else if !self.field.compatible(a, b) {
                errors.push(Violation {
                    article: "[C1]",
                    text: format!("{} and {} must not meet (event rule)", id(a), id(b)),
                });
            }
        }
        for p in &pairing.pairs {
            errors.extend(pairs::absolute_colour(self, p));
        }
        if let Some(b) = pairing.bye.and_then(|id| self.index(id))
            && !self.field.players[b].state.bye_eligible
        {
            errors.push(Violation {
                article: "[C2]",
                text: format!(
                    "{} may not receive the pairing-allocated bye (an earlier PAB, or a round that scored a win's points without a game)",
                    id(b)
                ),
            });
        }
        errors
    }

    fn order(&self) -> &'static str {
        "the order of candidates of 4.3 (BSN 1's opponent as high as possible, then BSN 2's, …)"
    }
}
