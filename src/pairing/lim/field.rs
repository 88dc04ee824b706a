//! The players of a round as the Lim system sees them: ranked by score and pairing
//! number, with the due colour (5.5/5.6), the colours 2.1 leaves them, and whether they
//! floated in the previous round (3.10).

use crate::pairing::state::{Float, PlayerState, RuleVersion, round_state};
use crate::tournament::{Colour, Points, Tournament};

use super::colour::{due_colour, may_receive};

/// One player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub(crate) state: PlayerState,
    pub(crate) rating: u16,
    pub(crate) due: Option<Colour>,
    pub(crate) white_ok: bool,
    pub(crate) black_ok: bool,
}

/// The players of the round, by score and then pairing number (the ranking the Lim text
/// calls "numbered": #1 is the "highest numbered"), and who is compatible with whom.
pub(crate) struct Field {
    pub(crate) round: u32,
    pub(crate) players: Vec<Entrant>,
    /// 2.2: half the points available in the rounds played.
    pub(crate) median: Points,
    compatible: Vec<bool>,
}

impl Field {
    /// The field of `round`. From the shared state: presence, scores, played colours,
    /// met opponents and forbidden pairs, and PAB eligibility (C.04.1.c as the 2026
    /// Dutch rule words it: no PAB after a PAB, a forfeit win or a full-point bye).
    /// Floats: the 2026 rule (a game against a different score, or a round that scored
    /// without a game) — the Lim text does not define floats of earlier rounds itself.
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        let shared = round_state(t, round, RuleVersion::Dutch2026);
        let mut order: Vec<usize> = (0..shared.players.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&shared.players[a], &shared.players[b]);
            pb.score.cmp(&pa.score).then(pa.rank.cmp(&pb.rank))
        });
        let last_round = round == t.planned_rounds();
        let players: Vec<Entrant> = order
            .iter()
            .map(|&i| {
                let state = shared.players[i].clone();
                let rating = t.player(state.id).and_then(|p| p.rating).unwrap_or(0);
                entrant(state, rating, last_round)
            })
            .collect();
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                compatible[a * n + b] = a != b
                    && !shared.have_met_or_forbidden(order[a], order[b])
                    && colours_fit(&players[a], &players[b]);
            }
        }
        let median = t.event.scoring.max_per_round().times(round as i32 - 1);
        Field {
            round,
            players,
            median: Points::from_tenths(median.tenths() / 2),
            compatible,
        }
    }

    /// A field from ready-made players (unit tests), `met` pairs (by id) incompatible.
    #[cfg(test)]
    pub(crate) fn from_states(
        states: Vec<PlayerState>,
        met: &[(u32, u32)],
        median: Points,
    ) -> Field {
        let players: Vec<Entrant> = states.into_iter().map(|s| entrant(s, 0, false)).collect();
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                let ids = (players[a].state.id, players[b].state.id);
                compatible[a * n + b] = a != b
                    && !met.contains(&ids)
                    && !met.contains(&(ids.1, ids.0))
                    && colours_fit(&players[a], &players[b]);
            }
        }
        Field {
            round: 3,
            players,
            median,
            compatible,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// 2.1: not met, not a forbidden pair, and colours exist that 2.1 allows both.
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.players.len() + b]
    }

    /// 3.10: floated (either way) in the previous round.
    pub(crate) fn floated_last_round(&self, a: usize) -> bool {
        self.players[a].state.floats[0] != Float::None
    }
}

fn entrant(state: PlayerState, rating: u16, last_round: bool) -> Entrant {
    Entrant {
        due: due_colour(&state.colours),
        white_ok: may_receive(&state.colours, Colour::White, last_round),
        black_ok: may_receive(&state.colours, Colour::Black, last_round),
        state,
        rating,
    }
}

fn colours_fit(a: &Entrant, b: &Entrant) -> bool {
    (a.white_ok && b.black_ok) || (a.black_ok && b.white_ok)
}
