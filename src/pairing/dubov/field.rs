//! The players of a round as the Dubov system sees them (C.04.4.1 1.2–1.8): ranked by
//! score and then TPN, with their colour preference (1.6), ARO (1.7), upfloat history
//! (1.8) and who may meet whom ([C1], [C3]).

use crate::pairing::colour::{ColourPreference, Strength};
use crate::pairing::state::{PlayerState, RuleVersion, pairing_score, round_state};
use crate::tournament::{Colour, Outcome, Points, Tournament};

/// One player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    /// Score, played colours, PAB eligibility ([C2]) and pairing-number position.
    pub(crate) state: PlayerState,
    /// 1.2: the tournament pairing number, as C.04.2 (2026) 2 assigns it: the place in
    /// the ranking list of all registered players, absent ones included (C.04.2 3 leaves
    /// an absent player unpaired; nothing renumbers the others). 5.2.1 reads its parity.
    pub(crate) tpn: usize,
    /// 1.6: the colour preference, every player has one (1.6.4).
    pub(crate) preference: (Colour, Strength),
    /// 1.7: the average rating of the opponents met over the board.
    pub(crate) aro: u32,
    /// The games ARO averages, as (round, opponent, rating), and the rounds before
    /// this one it leaves out (no game over the board): for the explanation.
    pub(crate) aro_terms: (Vec<(u32, u32, u32)>, Vec<u32>),
    /// 1.8.1: how many times the player has been upfloated.
    pub(crate) upfloats: u32,
    /// [C10]: upfloated in the previous round.
    pub(crate) upfloated_last_round: bool,
}

impl Entrant {
    /// 1.2: the tournament pairing number (see [`Entrant::tpn`]; it orders the players
    /// present as their pairing-number position does).
    pub(crate) fn tpn(&self) -> usize {
        self.tpn
    }

    /// Games played over the board (3.1.4).
    pub(crate) fn games(&self) -> usize {
        self.state.colours.len()
    }

    pub(crate) fn score(&self) -> Points {
        self.state.score
    }

    /// 3.2.3: a White seeker.
    pub(crate) fn seeks_white(&self) -> bool {
        self.preference.0 == Colour::White
    }

    /// 1.8.1: a maximum upfloater.
    pub(crate) fn is_maximum_upfloater(&self, max_t: u32) -> bool {
        self.upfloats >= max_t
    }
}

/// The players of the round in ranking order (score, then TPN; 1.2 and 5.2.1's "higher
/// ranked"), and who may meet whom.
pub(crate) struct Field {
    pub(crate) players: Vec<Entrant>,
    /// 1.8.2.
    pub(crate) max_t: u32,
    /// [C8]–[C10] do not apply in the last round.
    pub(crate) last_round: bool,
    /// The colour the first player received (or would receive) in round 1 (5.2.1).
    pub(crate) initial: Colour,
    compatible: Vec<bool>,
}

/// 1.8.2: MaxT = 2 + [Rnds/5].
pub(crate) fn max_t(rounds: u32) -> u32 {
    2 + rounds / 5
}

/// 1.7.1/1.7.3: the ratings of the opponents met over the board, averaged and rounded
/// to the nearest integer (the higher on .5); zero before any game.
pub(crate) fn aro(opponent_ratings: &[u32]) -> u32 {
    let n = opponent_ratings.len() as u64;
    if n == 0 {
        return 0;
    }
    let sum: u64 = opponent_ratings.iter().map(|&r| u64::from(r)).sum();
    ((2 * sum + n) / (2 * n)) as u32
}

/// 1.6: the colour preference from the colours played; 1.6.4: no game yet is a mild
/// preference for Black. (1.6.1–1.6.3 are the shared definition of C.04.3 A.6.)
pub(crate) fn preference(colours: &[Colour]) -> (Colour, Strength) {
    ColourPreference::from_history(colours)
        .0
        .unwrap_or((Colour::Black, Strength::Mild))
}

/// Whether `player` was upfloated in round `k`: a game played over the board against an
/// opponent whose pairing score was higher. A forfeited game is a round without a game,
/// as in the float definition the other 2026 engines share (C.04.3 A.4).
fn upfloated_in(t: &Tournament, player: &crate::tournament::Player, k: u32) -> bool {
    let Outcome::Game { opponent, .. } = player.outcome(k) else {
        return false;
    };
    t.player(*opponent)
        .is_some_and(|o| pairing_score(t, o, k) > pairing_score(t, player, k))
}

impl Field {
    /// The field of `round`. Presence, scores, played colours, met opponents, forbidden
    /// pairs and PAB eligibility ([C2], worded as C.04.1 art. 4 of 2026) come from the
    /// shared state.
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        let shared = round_state(t, round, RuleVersion::Dutch2026);
        let rating = |id: u32| u32::from(t.player(id).and_then(|p| p.rating).unwrap_or(0));
        // C.04.2 2: the TPN is the place in the list of every registered player.
        let tpn: std::collections::HashMap<u32, usize> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i + 1))
            .collect();
        let entrants: Vec<Entrant> = shared
            .players
            .iter()
            .map(|state| {
                let number = tpn.get(&state.id).copied().unwrap_or(state.rank + 1);
                let Some(p) = t.player(state.id) else {
                    return entrant(state.clone(), number, 0, 0, false);
                };
                let mut games = Vec::new();
                let mut unplayed = Vec::new();
                for k in 1..round {
                    match p.outcome(k) {
                        Outcome::Game { opponent, .. } => {
                            games.push((k, *opponent, rating(*opponent)));
                        }
                        _ => unplayed.push(k),
                    }
                }
                let upfloats = (1..round).filter(|&k| upfloated_in(t, p, k)).count() as u32;
                let last = round > 1 && upfloated_in(t, p, round - 1);
                let ratings: Vec<u32> = games.iter().map(|g| g.2).collect();
                let mut e = entrant(state.clone(), number, aro(&ratings), upfloats, last);
                e.aro_terms = (games, unplayed);
                e
            })
            .collect();
        let mut order: Vec<usize> = (0..entrants.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&entrants[a].state, &entrants[b].state);
            pb.score.cmp(&pa.score).then(pa.rank.cmp(&pb.rank))
        });
        let players: Vec<Entrant> = order.iter().map(|&i| entrants[i].clone()).collect();
        let met = |a: usize, b: usize| shared.have_met_or_forbidden(order[a], order[b]);
        Field::build(
            players,
            met,
            max_t(t.planned_rounds()),
            round == t.planned_rounds(),
            shared.colour_rules.initial,
        )
    }

    /// A field from ready-made players already in ranking order (unit tests); `met`
    /// pairs (by id) may not meet.
    #[cfg(test)]
    pub(crate) fn from_players(players: Vec<Entrant>, met: &[(u32, u32)], max_t: u32) -> Field {
        let ids: Vec<u32> = players.iter().map(|p| p.state.id).collect();
        let met =
            |a: usize, b: usize| met.contains(&(ids[a], ids[b])) || met.contains(&(ids[b], ids[a]));
        Field::build(players, met, max_t, false, Colour::White)
    }

    fn build(
        players: Vec<Entrant>,
        met: impl Fn(usize, usize) -> bool,
        max_t: u32,
        last_round: bool,
        initial: Colour,
    ) -> Field {
        let n = players.len();
        let mut compatible = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                // [C3]: two players with the same absolute colour preference may not meet
                // (no topscorer exception in this system).
                let (pa, pb) = (players[a].preference, players[b].preference);
                let same_absolute =
                    pa.1 == Strength::Absolute && pb.1 == Strength::Absolute && pa.0 == pb.0;
                compatible[a * n + b] = a != b && !met(a, b) && !same_absolute;
            }
        }
        Field {
            players,
            max_t,
            last_round,
            initial,
            compatible,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// [C1] (no rematch, no forbidden pair) and [C3].
    pub(crate) fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.players.len() + b]
    }

    /// [C7]: whether a pair leaves one player without his colour preference.
    pub(crate) fn same_preference(&self, a: usize, b: usize) -> bool {
        self.players[a].preference.0 == self.players[b].preference.0
    }
}

fn entrant(
    state: PlayerState,
    tpn: usize,
    aro: u32,
    upfloats: u32,
    upfloated_last_round: bool,
) -> Entrant {
    Entrant {
        tpn,
        preference: preference(&state.colours),
        state,
        aro,
        aro_terms: (Vec::new(), Vec::new()),
        upfloats,
        upfloated_last_round,
    }
}

/// A player for unit tests: TPN `tpn`, `points` points, the colours played, ARO and
/// upfloats.
#[cfg(test)]
pub(crate) fn test_player(
    tpn: usize,
    points: i32,
    colours: &[Colour],
    aro: u32,
    upfloats: u32,
) -> Entrant {
    let mut state = PlayerState::with_colours(tpn - 1, colours);
    state.score = Points::whole(points);
    entrant(state, tpn, aro, upfloats, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1.8.2: rounds 4, 5, 9, 10, 11 give MaxT 2, 3, 3, 4, 4.
    #[test]
    fn max_t_follows_1_8_2() {
        let values: Vec<u32> = [4, 5, 9, 10, 11].iter().map(|&r| max_t(r)).collect();
        assert_eq!(values, [2, 3, 3, 4, 4]);
    }

    /// 1.7.1: 1500 and 1501 average 1500.5, rounded up; 1500 and 1502 give 1501; 1.7.3:
    /// no game, ARO zero.
    #[test]
    fn aro_rounds_half_up() {
        assert_eq!(aro(&[1500, 1501]), 1501);
        assert_eq!(aro(&[1500, 1502]), 1501);
        assert_eq!(aro(&[1500, 1500, 1501]), 1500);
        assert_eq!(aro(&[]), 0);
    }

    /// 1.6.4: no game yet, a mild preference for Black; otherwise 1.6.1–1.6.3.
    #[test]
    fn preference_without_games_is_mild_black() {
        use Colour::{Black as B, White as W};
        assert_eq!(preference(&[]), (B, Strength::Mild));
        assert_eq!(preference(&[B]), (W, Strength::Strong));
        assert_eq!(preference(&[W, B]), (W, Strength::Mild));
        assert_eq!(preference(&[W, W]), (B, Strength::Absolute));
    }

    /// [C3]: the same absolute preference may not meet; different ones may.
    #[test]
    fn same_absolute_preferences_are_incompatible() {
        use Colour::{Black as B, White as W};
        let players = vec![
            test_player(1, 2, &[W, W], 0, 0),
            test_player(2, 2, &[B, W, W], 0, 0),
            test_player(3, 2, &[B, B], 0, 0),
        ];
        let field = Field::from_players(players, &[], 3);
        assert!(!field.compatible(0, 1));
        assert!(field.compatible(0, 2));
    }
}
