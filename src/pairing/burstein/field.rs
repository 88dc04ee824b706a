//! The players of a Burstein round after the seeding rounds: their state, their Index
//! (1.7, 1.8), who may meet whom (C1, C3) and the ranking order of a bracket (1.8).

use std::cmp::Reverse;

use crate::pairing::colour::ColourRules;
use crate::pairing::state::{PlayerState, RuleVersion, initial_colour, round_state};
use crate::tournament::{Points, Tournament};

use super::index::{Index, Term, terms};

/// One player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub(crate) state: PlayerState,
    pub(crate) index: Index,
    /// The rounds the Index adds up (1.7.1, 1.7.2), for the explanation.
    pub(crate) terms: Vec<Term>,
}

/// The players of the round, in pairing-number order.
pub(crate) struct Field {
    pub(crate) players: Vec<Entrant>,
    /// C.04.4.2 5.2 as the shared allocation reads it (see [`super::colour`]).
    pub(crate) colour_rules: ColourRules,
    compatible: Vec<bool>,
}

impl Field {
    /// The field of `round`. The shared state gives presence, pairing scores (with
    /// virtual points), colours, met opponents and forbidden pairs, and [C2] as the 2026
    /// Basic Rules (Art. 4) word it: no PAB after a PAB or after a round that scored a
    /// win's points without a game.
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        let shared = round_state(t, round, RuleVersion::Dutch2026);
        let players: Vec<Entrant> = shared
            .players
            .iter()
            .map(|state| {
                let terms = t
                    .player(state.id)
                    .map(|p| terms(t, p, round))
                    .unwrap_or_default();
                Entrant {
                    index: Index::of(&terms),
                    terms,
                    state: state.clone(),
                }
            })
            .collect();
        let met = |a: usize, b: usize| shared.have_met_or_forbidden(a, b);
        Field::build(players, met, initial_colour(t))
    }

    /// A field from ready-made players (unit tests); `met` pairs (by id) may not meet.
    #[cfg(test)]
    pub(crate) fn from_parts(players: Vec<Entrant>, met: &[(u32, u32)]) -> Field {
        let ids: Vec<u32> = players.iter().map(|p| p.state.id).collect();
        let met =
            |a: usize, b: usize| met.contains(&(ids[a], ids[b])) || met.contains(&(ids[b], ids[a]));
        Field::build(players, met, crate::tournament::Colour::White)
    }

    fn build(
        players: Vec<Entrant>,
        met: impl Fn(usize, usize) -> bool,
        initial: crate::tournament::Colour,
    ) -> Field {
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                let (pa, pb) = (players[a].state.preference, players[b].state.preference);
                // [C3]: two players with the same absolute colour preference may not meet.
                let same_absolute =
                    pa.is_absolute() && pb.is_absolute() && pa.colour() == pb.colour();
                compatible[a * n + b] = a != b && !met(a, b) && !same_absolute;
            }
        }
        Field {
            players,
            colour_rules: ColourRules {
                initial,
                absolute_by_difference: false,
                later_rounds_reverse_e5: false,
            },
            compatible,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// [C1] (not met, not a forbidden pair) and [C3].
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.players.len() + b]
    }

    pub(crate) fn score(&self, a: usize) -> Points {
        self.players[a].state.score
    }

    /// 1.8: the ranking order of a bracket, Index (Buchholz, then Sonneborn-Berger)
    /// descending, then TPN ascending; the score plays no part, so an incoming floater
    /// is ranked with the residents by Index alone.
    pub(crate) fn rank_key(&self, a: usize) -> (Reverse<Index>, usize) {
        let p = &self.players[a];
        (Reverse(p.index), p.state.rank)
    }

    /// `players` in 1.8 order.
    pub(crate) fn ranked(&self, players: &[usize]) -> Vec<usize> {
        let mut order = players.to_vec();
        order.sort_by_key(|&a| self.rank_key(a));
        order
    }

    /// 1.2.1: the scoregroups of `players`, highest score first.
    pub(crate) fn scoregroups(&self, players: &[usize]) -> Vec<Vec<usize>> {
        let mut order = players.to_vec();
        order.sort_by_key(|&a| Reverse(self.score(a)));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for a in order {
            match groups.last_mut() {
                Some(g) if self.score(g[0]) == self.score(a) => g.push(a),
                _ => groups.push(vec![a]),
            }
        }
        groups
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A player for unit tests: pairing number `rank + 1`, the given score (in halves)
    /// and Index, no games.
    pub(crate) fn entrant(
        rank: usize,
        halves: i32,
        buchholz: i64,
        sonneborn_berger: i64,
    ) -> Entrant {
        let mut state = PlayerState::with_colours(rank, &[]);
        state.score = Points::from_tenths(halves * 5);
        Entrant {
            state,
            index: Index {
                buchholz,
                sonneborn_berger,
            },
            terms: Vec::new(),
        }
    }

    /// 1.8: an incoming floater (2 points) is ranked with the residents (1½) by Index
    /// alone: behind the resident with the larger Buchholz, ahead of the one with the
    /// smaller; Sonneborn-Berger, then TPN, break ties.
    #[test]
    fn floater_ranked_by_index_alone() {
        let players = vec![
            entrant(0, 4, 60, 10),
            entrant(1, 3, 70, 0),
            entrant(2, 3, 50, 0),
            entrant(3, 3, 60, 20),
            entrant(4, 3, 60, 10),
        ];
        let field = Field::from_parts(players, &[]);
        assert_eq!(field.ranked(&[0, 1, 2, 3, 4]), [1, 3, 0, 4, 2]);
        assert_eq!(
            field.scoregroups(&[0, 1, 2, 3, 4]),
            [vec![0], vec![1, 2, 3, 4]]
        );
    }
}
