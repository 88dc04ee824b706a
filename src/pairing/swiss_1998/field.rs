//! The players of a round as the 1998 text sees them: in A.2 order, with their colour
//! preference (A.7), the colours B.2 still allows them, their floats (A.4, A.5) and
//! whether they may receive the bye (B.1.b).

use crate::pairing::colour::{ColourPreference, Strength};
use crate::pairing::state::{
    Float, PlayerState, RoundState, RuleVersion, pairing_score, round_state,
};
use crate::tournament::{Colour, Outcome, Player, Tournament};

use super::ordering;

/// One player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    /// The shared state; `rank` is the player's place in A.2 order (0-based), which is
    /// what E.4 and E.5 ("higher ranked", "even numbered") refer to in this system.
    pub(crate) state: PlayerState,
    /// B.2 (and A.7.a): may receive White / Black without a colour difference beyond ±2
    /// or a third colour in a row. Both are true for a player over 50% in the last round
    /// (note to B.6: B.2 does not apply to them).
    pub(crate) white_ok: bool,
    pub(crate) black_ok: bool,
}

/// The players of the round in A.2 order and who may meet whom (B.1, B.2).
pub(crate) struct Field {
    pub(crate) round: u32,
    pub(crate) players: Vec<Entrant>,
    /// `compatible[a * n + b]`: a and b have not met, are not a forbidden pair, and
    /// colours exist that B.2 allows both.
    compatible: Vec<bool>,
}

impl Field {
    /// The field of `round`.
    ///
    /// Reused from the shared state: presence, scores, colour history (played games
    /// only, F.2), met opponents and forbidden pairs, and the "over 50% in the last
    /// round" flag. Bye eligibility is the 2026 Dutch rule, which is B.1.b's wording:
    /// no bye after "a point without playing, either through a bye or due to an opponent
    /// not appearing" (a PAB, a forfeit win or a full-point bye; a half-point bye is not
    /// "a point"). Floats are this system's own (A.4, A.5), see [`float_in`].
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        let shared: RoundState = round_state(t, round, RuleVersion::Dutch2026);
        let lookup = |id: u32| t.player(id);
        let mut order: Vec<usize> = (0..shared.players.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&shared.players[a], &shared.players[b]);
            match (lookup(pa.id), lookup(pb.id)) {
                (Some(x), Some(y)) => ordering::compare(x, pa.score, y, pb.score),
                _ => pb.score.cmp(&pa.score).then(pa.id.cmp(&pb.id)),
            }
        });
        let players: Vec<Entrant> = order
            .iter()
            .enumerate()
            .map(|(rank, &i)| {
                let mut state = shared.players[i].clone();
                state.rank = rank;
                if let Some(p) = lookup(state.id) {
                    state.floats = [1, 2].map(|back| {
                        if round > back {
                            float_in(t, p, round - back)
                        } else {
                            Float::None
                        }
                    });
                }
                entrant(state)
            })
            .collect();
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                if a != b && !shared.have_met_or_forbidden(order[a], order[b]) {
                    let (x, y) = (&players[a], &players[b]);
                    compatible[a * n + b] =
                        (x.white_ok && y.black_ok) || (x.black_ok && y.white_ok);
                }
            }
        }
        Field {
            round,
            players,
            compatible,
        }
    }

    /// A field from ready-made players (unit tests), all compatible but for `met`.
    #[cfg(test)]
    pub(crate) fn from_states(states: Vec<PlayerState>, met: &[(u32, u32)]) -> Field {
        let players: Vec<Entrant> = states.into_iter().map(entrant).collect();
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                let (x, y) = (&players[a], &players[b]);
                let ids = (x.state.id, y.state.id);
                compatible[a * n + b] = a != b
                    && !met.contains(&ids)
                    && !met.contains(&(ids.1, ids.0))
                    && ((x.white_ok && y.black_ok) || (x.black_ok && y.white_ok));
            }
        }
        Field {
            round: 2,
            players,
            compatible,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// B.1.a and B.2: `a` and `b` may meet.
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.players.len() + b]
    }

    /// A.7 for the colour count of B.4: the colour `a` prefers, if any.
    pub(crate) fn preference(&self, a: usize) -> Option<Colour> {
        self.players[a].state.preference.colour()
    }

    /// B.4: a pair in which both players prefer the same colour cannot fulfil both.
    pub(crate) fn colour_clash(&self, a: usize, b: usize) -> bool {
        matches!((self.preference(a), self.preference(b)), (Some(x), Some(y)) if x == y)
    }
}

/// The state with A.7's preference and B.2's allowed colours filled in.
fn entrant(mut state: PlayerState) -> Entrant {
    let cd = state.colour_difference();
    let last_two = match state.colours.as_slice() {
        [.., x, y] if x == y => Some(*y),
        _ => None,
    };
    let free = state.topscorer;
    let white_ok = free || (cd < 2 && last_two != Some(Colour::White));
    let black_ok = free || (cd > -2 && last_two != Some(Colour::Black));
    if free {
        // A.7.a is "not in effect" for a player over 50% in the last round: what would be
        // absolute is strong (a non-zero difference) or mild.
        state.preference = match state.preference.0 {
            Some((colour, Strength::Absolute)) if cd != 0 => {
                ColourPreference(Some((colour, Strength::Strong)))
            }
            Some((colour, Strength::Absolute)) => ColourPreference(Some((colour, Strength::Mild))),
            other => ColourPreference(other),
        };
    }
    Entrant {
        state,
        white_ok,
        black_ok,
    }
}

/// The float a player received in round `k` (A.4, A.5): paired (played or forfeited)
/// against a lower score is a downfloat, against a higher score an upfloat; the
/// pairing-allocated bye is a downfloat (A.5). Requested byes and absences are no float:
/// A.4 speaks of floats made by pairing.
fn float_in(t: &Tournament, player: &Player, k: u32) -> Float {
    match player.outcome(k) {
        Outcome::PairingBye => Float::Down,
        outcome => match outcome.opponent().and_then(|o| t.player(o)) {
            Some(opponent) => {
                let (mine, theirs) = (pairing_score(t, player, k), pairing_score(t, opponent, k));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            None => Float::None,
        },
    }
}
