//! The FIDE Lim system (C.04.4.3; approved 1987, amended to 1999, renumbered 2026).
//!
//! Score groups are paired in the order of 2.2 ([`groups`]): above the median top-down
//! (floaters go down), below it bottom-up (floaters go up), the median group last. A group
//! first floats the players it cannot pair (2.3.a–c) and, if odd, one more chosen by 3.2
//! ([`groups::parity_floaters`]); its players are then paired by the proposed pairings
//! and exchanges of 2.4 and 4.1–4.4 ([`exchange`]), floaters first (3.6, 3.7). Colours
//! by 5.1–5.6 and 7.2 ([`colour`]).
//!
//! Interpretations, each chosen in one place:
//! - "Highest numbered" is #1, the top of the pairing list; "lowest numbered" the last
//!   (3.2, 3.3, 3.6.1, 3.7.1, 4.1).
//! - 2.6 (cracking a blocked median group) is realised by looking ahead (here, in
//!   [`Lim::pair`]): a group's pairing is accepted only if the players not yet paired can
//!   still all be paired (2.1 compatibility, one PAB). A group whose pairings would all
//!   block the median floats players on towards it instead — cracked pairings, chosen
//!   group by group as the pairing proceeds rather than by the alternation of 2.6's two
//!   bullets.
//! - 1.1/7.1: the PAB goes, in round one, to the lowest-rated player; later to the
//!   lowest-ranked player of the lowest score group; in both cases the first such player
//!   who may receive it (C.04.1.c) and whose absence leaves the rest pairable.
//! - The second scrutiny of 5.2 (exchanges for colours) is read as: among the pairings
//!   with the fewest floaters, the first in the exchange order of 4.1–4.4 with the
//!   fewest pairs whose players are due the same colour ([`exchange`]); floaters are
//!   offered opponents due the alternate colour first (3.8); colours are then allocated
//!   pair by pair (5.3, 5.4, 7.2).
//! - The "Maxi-tournament" provisos (3.2, 3.8, 5.7) are not applied: the text does not
//!   define a maxi-tournament.

pub mod colour;
pub mod exchange;
pub mod explain;
pub mod field;
pub mod groups;

use std::collections::HashMap;

use crate::pairing::board_order::{self, Seated};
use crate::pairing::feasibility::Remaining;
use crate::pairing::state::initial_colour;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::{SystemId, Tournament};

use exchange::GroupSearch;
use field::Field;
use groups::Direction;

/// Pairs of field indices.
type Pairs = Vec<(usize, usize)>;

/// The Lim system.
pub struct Lim;

impl PairingSystem for Lim {
    fn id(&self) -> SystemId {
        SystemId::Lim
    }

    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        let field = Field::new(t, round);
        let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(t, &field, round, &pairs, bye))
    }
}

/// The pairs (field indices) and the PAB of the round.
pub fn pair_field(field: &Field) -> Option<(Pairs, Option<usize>)> {
    let n = field.len();
    let bye = if n % 2 == 1 {
        Some(choose_bye(field)?)
    } else {
        None
    };
    let mut rest = Remaining::new(n, |a, b| field.compatible(a, b), |a| Some(a) == bye);
    if !rest.feasible(&[]) {
        return None;
    }
    if let Some(b) = bye {
        rest.bye_given(b);
    }
    let players: Vec<usize> = (0..n).filter(|&a| Some(a) != bye).collect();
    let plan = groups::plan(field, &players);
    let mut pairs: Pairs = Vec::new();
    let mut down: Vec<usize> = Vec::new();
    for (k, group) in plan.above.iter().enumerate() {
        let next = plan.above.get(k + 1).unwrap_or(&plan.median);
        let (made, floated) = pair_group(field, &mut rest, &down, group, next, Direction::Down)?;
        pairs.extend(made);
        down = floated;
    }
    let mut up: Vec<usize> = Vec::new();
    for (k, group) in plan.below.iter().enumerate() {
        let next = plan.below.get(k + 1).unwrap_or(&plan.median);
        let (made, floated) = pair_group(field, &mut rest, &up, group, next, Direction::Up)?;
        pairs.extend(made);
        up = floated;
    }
    // 3.6.3: in the median group the down-floaters come first, then the up-floaters.
    let mut floaters = down;
    floaters.sort_unstable();
    up.sort_unstable_by(|a, b| b.cmp(a));
    floaters.extend(up);
    let order: Vec<usize> = floaters.iter().chain(&plan.median).copied().collect();
    let compatible = |a: usize, b: usize| field.compatible(a, b);
    let due = |a: usize| field.players[a].due;
    let search = GroupSearch {
        order: &order,
        floaters: floaters.len(),
        compatible: &compatible,
        due: &due,
    };
    let mut median_pairs = None;
    search.search(&mut |made, floated| {
        if floated.is_empty() {
            median_pairs = Some(made.to_vec());
        }
        floated.is_empty()
    });
    pairs.extend(median_pairs?);
    Some((pairs, bye))
}

/// 1.1 and 7.1 (see the module notes).
fn choose_bye(field: &Field) -> Option<usize> {
    let mut order: Vec<usize> = (0..field.len()).rev().collect();
    if field.round == 1 {
        order.sort_by_key(|&a| field.players[a].rating);
    }
    order.into_iter().find(|&b| {
        field.players[b].state.bye_eligible && {
            let mut rest = Remaining::new(field.len(), |x, y| field.compatible(x, y), |x| x == b);
            rest.feasible(&[])
        }
    })
}

/// One score group above or below the median: 2.3 (floaters it cannot pair), 3.2 (the
/// floater that makes it even), 4.1–4.4 (its pairing), accepted only when the rest of
/// the round stays pairable. Returns the pairs and the players floated on.
fn pair_group(
    field: &Field,
    rest: &mut Remaining,
    incoming: &[usize],
    residents: &[usize],
    next: &[usize],
    direction: Direction,
) -> Option<(Pairs, Vec<usize>)> {
    // 3.6/3.7: down-floaters highest score (then best number) first; up-floaters lowest
    // score (then lowest numbered) first.
    let mut floaters = incoming.to_vec();
    floaters.sort_unstable();
    let mut residents = residents.to_vec();
    if direction == Direction::Up {
        floaters.reverse();
        residents.reverse();
    }
    // 2.3.a–c: residents with no compatible opponent in the group float at once.
    let members: Vec<usize> = floaters.iter().chain(&residents).copied().collect();
    let (lonely, residents): (Vec<usize>, Vec<usize>) = residents
        .iter()
        .partition(|&&a| !members.iter().any(|&b| field.compatible(a, b)));
    let compatible = |a: usize, b: usize| field.compatible(a, b);
    let due = |a: usize| field.players[a].due;
    let mut cache: HashMap<Vec<usize>, bool> = HashMap::new();
    let mut attempt = |parity: Option<usize>| -> Option<(Pairs, Vec<usize>)> {
        let order: Vec<usize> = floaters
            .iter()
            .chain(&residents)
            .copied()
            .filter(|&a| Some(a) != parity)
            .collect();
        let search = GroupSearch {
            order: &order,
            floaters: floaters.len(),
            compatible: &compatible,
            due: &due,
        };
        let mut chosen = None;
        search.search(&mut |made, floated| {
            let gone: Vec<usize> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
            let mut key = floated.to_vec();
            key.sort_unstable();
            let ok = *cache.entry(key).or_insert_with(|| rest.feasible(&gone));
            if ok {
                let mut on: Vec<usize> = floated.iter().copied().chain(parity).collect();
                on.extend(&lonely);
                chosen = Some((made.to_vec(), on));
            }
            ok
        });
        chosen
    };
    let odd = (floaters.len() + residents.len()) % 2 == 1;
    let mut found = None;
    if odd {
        let mut in_order = residents.clone();
        in_order.sort_unstable();
        for candidate in groups::parity_floaters(field, &in_order, next, direction) {
            found = attempt(Some(candidate));
            if found.is_some() {
                break;
            }
        }
    }
    if found.is_none() {
        found = attempt(None);
    }
    let (made, floated) = match found {
        Some(f) => f,
        // The whole group floats on (it always can: the round was pairable before it).
        None => (Vec::new(), members),
    };
    let gone: Vec<usize> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
    rest.commit(&gone);
    Some((made, floated))
}

/// Colours (5.1–5.6, 7.2) and board order ([`board_order`]; the Lim text leaves it open).
fn finish(
    t: &Tournament,
    field: &Field,
    round: u32,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> RoundPairing {
    let initial = initial_colour(t);
    let boards = pairs
        .iter()
        .map(|&(a, b)| {
            let (h, l) = (a.min(b), a.max(b));
            let (ph, pl) = (&field.players[h], &field.players[l]);
            let white_high = colour::higher_gets_white(
                &side(ph),
                &side(pl),
                ph.state.score >= field.median,
                initial,
            );
            let (white, black) = if white_high { (ph, pl) } else { (pl, ph) };
            Seated {
                pair: Pair {
                    white: white.state.id,
                    black: black.state.id,
                },
                higher: (ph.state.score, h),
                lower: (pl.state.score, l),
            }
        })
        .collect();
    RoundPairing {
        round,
        pairs: board_order::sort(boards),
        bye: bye.map(|b| field.players[b].state.id),
    }
}

/// A player as the colour allocation sees him; `place` is his pairing-list place (7.2).
fn side(p: &field::Entrant) -> colour::Side<'_> {
    colour::Side {
        colours: &p.state.colours,
        white_ok: p.white_ok,
        black_ok: p.black_ok,
        place: p.state.rank + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::state::PlayerState;
    use crate::tournament::{Colour::Black as B, Colour::White as W, Points};

    fn player(i: usize, points: i32, colours: &[crate::tournament::Colour]) -> PlayerState {
        let mut p = PlayerState::with_colours(i, colours);
        p.score = Points::whole(points);
        p
    }

    fn ids(field: &Field, pairs: &[(usize, usize)]) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (field.players[a].state.id, field.players[b].state.id);
                (x.min(y), x.max(y))
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// 2.2: above the median top-down, below it bottom-up, the median last. Round 2
    /// (median ½): 1 point, then 0, then ½.
    #[test]
    fn group_order_2_2() {
        let states = [2, 2, 1, 1, 0, 0]
            .iter()
            .enumerate()
            .map(|(i, &halves)| {
                let mut p = PlayerState::with_colours(i, &[]);
                p.score = Points::from_tenths(halves * 5);
                p
            })
            .collect();
        let field = Field::from_states(states, &[], Points::HALF);
        let plan = groups::plan(&field, &[0, 1, 2, 3, 4, 5]);
        assert_eq!(plan.above, [vec![0, 1]]);
        assert_eq!(plan.below, [vec![4, 5]]);
        assert_eq!(plan.median, [2, 3]);
    }

    /// 2.6.1: round 3, median 1 point. 1, 2, 3 on 2 points (WB, BW, WB) have all met 4
    /// (1 point); 5 and 6 are on 0. #3 floats down to the median group, where only 4 is:
    /// blocked, so the pairing 5-6 of the lower group is cracked and the median group
    /// pairs 3-6 (6 is due the colour alternate to #3's, 3.8) and 4-5.
    #[test]
    fn cracking_2_6() {
        let states = vec![
            player(0, 2, &[W, B]),
            player(1, 2, &[B, W]),
            player(2, 2, &[W, B]),
            player(3, 1, &[B, W]),
            player(4, 0, &[W, B]),
            player(5, 0, &[B, W]),
        ];
        let field = Field::from_states(states, &[(1, 4), (2, 4), (3, 4)], Points::ONE);
        let (pairs, bye) = pair_field(&field).expect("pairable");
        assert_eq!(bye, None);
        assert_eq!(ids(&field, &pairs), [(1, 2), (3, 6), (4, 5)]);
    }

    /// 1.1: the PAB goes to the lowest-ranked player of the lowest score group who may
    /// receive it.
    #[test]
    fn bye_to_the_lowest_ranked_of_the_lowest_group() {
        let mut states: Vec<PlayerState> = (0..5).map(|i| player(i, 1, &[W])).collect();
        states[3].score = Points::ZERO;
        states[4].score = Points::ZERO;
        states[4].bye_eligible = false;
        let mut order = states;
        order.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
        let field = Field::from_states(order, &[], Points::HALF);
        let (_, bye) = pair_field(&field).expect("pairable");
        assert_eq!(bye.map(|b| field.players[b].state.id), Some(4));
    }
}
