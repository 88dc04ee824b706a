//! The Dubov system's explanation of a pairing (C.04.1: pairings must be explainable),
//! in its own terms: per score group the upfloaters and the criteria [C5]–[C10] they and
//! the pairs cost, the colour rule of 5.2 on each board, the PAB of 3.1, and for the
//! engine's pairing the choices of the procedure (3.2.1 the fewest upfloaters, 4.2 the
//! set taken, 3.2.3 G1 and G2, 3.2.4 the shifters, 3.2.5 the transposition T2).
//!
//! The criteria of a score group are, in the engine's priority: [C5] the number of
//! upfloaters, [C6] their scores (as the distance below the group's score, compared from
//! the largest), [C7] the pairs of two players with the same colour preference (one of
//! them cannot have it), and, except in the last round, [C8] the maximum upfloaters among
//! the upfloaters, [C9] their upfloats in total and [C10] the upfloaters who upfloated in
//! the previous round. [C4] (completion) is not a value: a pairing of every player meets
//! it; it shows in the decisions (3.2.1) and, broken, in the structure check. The PAB is
//! judged for the whole round by 3.1.3–3.1.5 (lowest score, most games, largest TPN).
//!
//! Dubov is a procedure, but its steps follow these criteria in this order, so the
//! engine's pairing is never worse than a legal alternative at the first score group
//! where the two differ: with the brackets above paired alike, the same players are left;
//! 3.2.1 takes the fewest upfloaters the rest of the round allows ([C5]); 3.2.2 the set
//! best on [C6]–[C10], where [C7] is the fewest same-preference pairs any legal pairing of
//! the bracket reaches; the shifts of 3.2.4 reach that value (G1 and G2 each hold one
//! preference, so a pairing's [C7] grows only with the pairs inside the smaller subgroup,
//! of which 3.2.4.1 shifts exactly the unavoidable number) and T2 keeps it (3.2.5). The
//! PAB, assigned first, is the first eligible player in 3.1 order whose absence leaves the
//! others pairable; a legal alternative's PAB is eligible and leaves the others pairable
//! too, so it comes no earlier. Between pairings as good, the order decides: the 4.2
//! order of upfloater sets, then the shifters of 4.3 and the lexicographic TPN order of
//! the transpositions of G2 (4.4). The interpretations (upfloats are games over the board,
//! [C9] sums the maximum upfloaters' upfloats, 3.2.4.1's "unavoidably") are the engine's:
//! see the module notes of [`crate::pairing::dubov`].

mod absolute;
mod bye;
mod criteria;
mod decisions;
mod pairs;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::pairing::explanation::Encounters;
use crate::pairing::explanation::Seats;
use crate::pairing::explanation::procedural::{Judge, ProceduralExplainer};
use crate::pairing::explanation::{FloatDirection, RoundExplanation, Skeleton, Violation};
use crate::pairing::{PairingError, RoundPairing};
use crate::tournament::{Outcome, Points, Tournament};

use super::field::Field;
use super::{finish, pair_observed};
use decisions::Traced;

/// The Dubov system's judge of a round's pairings.
pub(crate) struct DubovJudge {
    field: Field,
    /// Field index of each player of the round, by id.
    index: Seats,
    round: u32,
    /// The round two players met in.
    met: Encounters,
    /// The first round a player scored a win's points without a game (a PAB, a forfeit
    /// win or a full-point bye: [C2]), by id.
    barred: HashMap<u32, u32>,
    /// The engine's brackets, as the procedure paired them.
    trace: Vec<Traced>,
}

/// Pairs `round` of `t` (as it stood before the round) with the Dubov engine and
/// explains the pairing.
pub(crate) fn explainer(
    t: &Tournament,
    round: u32,
) -> Result<ProceduralExplainer<DubovJudge>, PairingError> {
    PairingError::check_round(round)?;
    let field = Field::new(t, round);
    let mut trace = Vec::new();
    let (pairs, bye) = pair_observed(&field, |step| trace.push(Traced::record(&field, step)))
        .ok_or(PairingError::NoValidPairing { round })?;
    let pairing = finish(&field, round, &pairs, bye);
    let index = Seats::new(field.players.iter().map(|p| p.state.id));
    let met = Encounters::before(t, round);
    let mut barred = HashMap::new();
    for p in &t.players {
        for k in 1..round {
            let outcome = p.outcome(k);
            if !matches!(outcome, Outcome::Game { .. })
                && t.event.scoring.points(outcome) >= t.event.scoring.win
            {
                barred.entry(p.id).or_insert(k);
            }
        }
    }
    let judge = DubovJudge {
        field,
        index,
        round,
        met,
        barred,
        trace,
    };
    Ok(ProceduralExplainer::new(judge, t, pairing))
}

impl DubovJudge {
    /// The field index of a player of the round.
    fn at(&self, id: u32) -> Option<usize> {
        self.index.of(id)
    }

    fn score(&self, id: u32) -> Points {
        self.at(id)
            .map_or(Points::ZERO, |i| self.field.players[i].score())
    }

    /// Player ids, comma separated.
    fn ids(&self, players: &[usize]) -> String {
        let ids: Vec<String> = players
            .iter()
            .map(|&a| self.field.players[a].state.id.to_string())
            .collect();
        ids.join(", ")
    }
}

impl Judge for DubovJudge {
    fn explain(&self, pairing: &RoundPairing, engine: bool) -> RoundExplanation {
        let mut s = Skeleton::upward(pairing, |id| self.score(id));
        for p in &mut s.pairs {
            pairs::explain(self, p);
        }
        for b in &mut s.brackets {
            b.criteria = criteria::bracket(self, b, &s.pairs);
            if engine {
                b.decisions = decisions::notes(self, b);
            }
        }
        let bye = pairing.bye.and_then(|id| self.at(id));
        s.finish(
            pairing.round,
            "Dubov 2026 (C.04.4.1)",
            FloatDirection::Up,
            bye.map(|b| bye::explain(self, b, engine)),
            bye.map_or_else(Vec::new, |b| criteria::pab(self, b)),
        )
    }

    fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation> {
        absolute::violations(self, pairing)
    }

    fn order(&self) -> &'static str {
        "the 4.2 order of upfloater sets, then the shifters of 4.3 and the lexicographic TPN order of the transpositions of G2 (4.4)"
    }
}
