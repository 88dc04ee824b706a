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
//! - 3.1 defines a floater as a player transferred by 2.3 "or because a compatible
//!   opponent cannot be found for the player in spite of exchanges"; the text never floats
//!   a player for the sake of the order of 3.2. When the floater 3.2 chose leaves a player
//!   without opponent, 4.4.a exchanges that player with him instead of floating more; 3.5
//!   exchanges a proposed floater who has no opponent; 3.10 yields when it would "decrease
//!   the number of pairings of that score-group". So a group floats as few players as it
//!   can, and the order of 3.2 ([`groups::parity_floaters`]) only chooses among the
//!   candidates that need no more floaters than that (`pair_group`).
//! - 4.4.a (exchange with the parity floater) applies once, to the first of the group's
//!   own players, in order of scrutiny, who cannot be paired ([`exchange`]); a floater
//!   from another group is not floated on by it (3.9.a/b).
//! - 3.3/3.4 "after excluding the opponents of other floaters": the other floaters are
//!   those the group floats by 2.3.a–c, known before the choice; their opponents, the
//!   ones they can take at best ([`groups::keeps_an_opponent`]).
//! - The second scrutiny of 5.2 (exchanges for colours) is read as: among the pairings
//!   with the fewest floaters, the first in the exchange order of 4.1–4.4 with the
//!   fewest pairs whose players are due the same colour ([`exchange`]); floaters are
//!   offered opponents due the alternate colour first (3.8); colours are then allocated
//!   pair by pair (5.3, 5.4, 7.2).
//! - The "Maxi-tournament" provisos (3.2, 3.8, 5.7) are not applied: the text does not
//!   define a maxi-tournament.

pub(crate) mod colour;
pub(crate) mod exchange;
pub(crate) mod explain;
pub(crate) mod field;
pub(crate) mod groups;

use std::collections::HashMap;

use crate::pairing::explanation::Explainer;
use crate::pairing::feasibility::Remaining;
use crate::pairing::state::initial_colour;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;
use crate::tournament::board_order::{self, Seated};

use exchange::GroupSearch;
use field::Field;
use groups::Direction;

/// Pairs of field indices.
type Pairs = Vec<(usize, usize)>;

/// 2.3.d, 3.2, 4.4.a: the player a group floated to make its number even, and the player
/// 4.4.a exchanged with him (who floated in his stead), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParityFloat {
    pub(crate) chosen: usize,
    pub(crate) exchanged: Option<usize>,
}

/// A round paired, as field indices.
pub(crate) struct Paired {
    pub(crate) pairs: Pairs,
    /// 1.1, 7.1: the PAB assignee.
    pub(crate) bye: Option<usize>,
    /// The parity floaters of the groups above and below the median.
    pub(crate) parity: Vec<ParityFloat>,
}

/// The Lim system.
pub(crate) struct Lim;

impl PairingSystem for Lim {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        let field = Field::new(t, round);
        let paired = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(t, &field, round, &paired.pairs, paired.bye))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(explain::explainer(t, round)?))
    }
}

/// The pairs, the PAB and the parity floaters of the round.
pub(crate) fn pair_field(field: &Field) -> Option<Paired> {
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
    let mut parity = Vec::new();
    let mut down: Vec<usize> = Vec::new();
    for (k, group) in plan.above.iter().enumerate() {
        let next = plan.above.get(k + 1).unwrap_or(&plan.median);
        let (made, floated, even) =
            pair_group(field, &mut rest, &down, group, next, Direction::Down);
        pairs.extend(made);
        parity.extend(even);
        down = floated;
    }
    let mut up: Vec<usize> = Vec::new();
    for (k, group) in plan.below.iter().enumerate() {
        let next = plan.below.get(k + 1).unwrap_or(&plan.median);
        let (made, floated, even) = pair_group(field, &mut rest, &up, group, next, Direction::Up);
        pairs.extend(made);
        parity.extend(even);
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
        parity: None,
        compatible: &compatible,
        due: &due,
    };
    let mut median_pairs = None;
    search.search(&mut |made, floated, _| {
        if floated.is_empty() {
            median_pairs = Some(made.to_vec());
        }
        floated.is_empty()
    });
    pairs.extend(median_pairs?);
    Some(Paired { pairs, bye, parity })
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
/// the round stays pairable. Returns the pairs, the players floated on and the parity
/// floater.
fn pair_group(
    field: &Field,
    rest: &mut Remaining,
    incoming: &[usize],
    residents: &[usize],
    next: &[usize],
    direction: Direction,
) -> (Pairs, Vec<usize>, Option<ParityFloat>) {
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
    let order: Vec<usize> = floaters.iter().chain(&residents).copied().collect();
    let mut cache: HashMap<Vec<usize>, bool> = HashMap::new();
    // The pairings with `parity` floated to make the group even (4.4.a may exchange him)
    // and `floats` players more.
    type Found = (Pairs, Vec<usize>, Option<ParityFloat>);
    let mut attempt = |parity: Option<usize>, floats: usize| -> Option<Found> {
        let search = GroupSearch {
            order: &order,
            floaters: floaters.len(),
            parity,
            compatible: &compatible,
            due: &due,
        };
        let mut chosen = None;
        search.search_floating(floats, &mut |made, floated, exchanged| {
            let gone: Vec<usize> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
            let mut key = floated.to_vec();
            key.sort_unstable();
            let ok = *cache.entry(key).or_insert_with(|| rest.feasible(&gone));
            if ok {
                let mut on = floated.to_vec();
                on.extend(&lonely);
                let even = parity.map(|chosen| ParityFloat { chosen, exchanged });
                chosen = Some((made.to_vec(), on, even));
            }
            ok
        });
        chosen
    };
    // 2.3.d, 3.2: an odd group tries its candidates for the parity floater in turn,
    // then (if it has none, or none serves) lets the exchanges of 4.4 float one player.
    let mut choices: Vec<Option<usize>> = Vec::new();
    if order.len() % 2 == 1 {
        let mut in_order = residents.clone();
        in_order.sort_unstable();
        choices.extend(
            groups::parity_floaters(field, &in_order, next, &lonely, direction)
                .into_iter()
                .map(Some),
        );
    }
    choices.push(None);
    // 3.1, 3.10, 4.4.a: as few floaters as possible, whichever 3.2 candidate that takes;
    // among pairings with as few, the candidates in the order of 3.2.
    let found = (0..=order.len()).step_by(2).find_map(|more| {
        choices.iter().find_map(|&parity| {
            let left = order.len() - usize::from(parity.is_some());
            let floats = more + left % 2;
            (floats <= left).then(|| attempt(parity, floats)).flatten()
        })
    });
    // Else the whole group floats on (it always can: the round was pairable before it).
    let (made, floated, even) = found.unwrap_or((Vec::new(), members, None));
    let gone: Vec<usize> = made.iter().flat_map(|&(a, b)| [a, b]).collect();
    rest.commit(&gone);
    (made, floated, even)
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
        let paired = pair_field(&field).expect("pairable");
        assert_eq!(paired.bye, None);
        assert_eq!(ids(&field, &paired.pairs), [(1, 2), (3, 6), (4, 5)]);
    }

    /// A round-3 field: `top` players on 2 points (WB, due White), then `median` on the
    /// median 1 point (BW, due Black), who have met nobody; `met` pairs (ids) of the top
    /// group have met. Returns the pairs of the round (ids).
    fn top_group(top: usize, median: usize, met: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let states = (0..top + median)
            .map(|i| {
                if i < top {
                    player(i, 2, &[W, B])
                } else {
                    player(i, 1, &[B, W])
                }
            })
            .collect();
        let field = Field::from_states(states, met, Points::ONE);
        let paired = pair_field(&field).expect("pairable");
        assert_eq!(paired.bye, None);
        ids(&field, &paired.pairs)
    }

    /// The pairs of `pairs` among players 1..=top, and the opponents of `floater`.
    fn split(pairs: &[(u32, u32)], top: u32, floater: u32) -> (Vec<(u32, u32)>, Vec<u32>) {
        let within = pairs.iter().copied().filter(|&(_, b)| b <= top).collect();
        let opponents = pairs
            .iter()
            .filter_map(|&(a, b)| (a == floater).then_some(b).or((b == floater).then_some(a)))
            .collect();
        (within, opponents)
    }

    /// 2.3.d, 3.1–3.5, 4.4.a: the fewest floaters come before the order of 3.2. Group of
    /// five on 2 points where only 1-5, 2-3 and 2-4 are compatible. 3.2 proposes #5
    /// first; without him #1 has no opponent, and exchanging #1 with #5 (4.4.a) leaves
    /// #5 without one: #5 as the floater costs three floaters. #4, the next candidate,
    /// floats alone: 1-5 and 2-3 are paired, and #4 meets a player of the median group.
    #[test]
    fn fewest_floaters_before_the_3_2_order() {
        let met = [(1, 2), (1, 3), (1, 4), (2, 5), (3, 4), (3, 5), (4, 5)];
        let pairs = top_group(5, 7, &met);
        let (within, opponents) = split(&pairs, 5, 4);
        assert_eq!(within, [(1, 5), (2, 3)]);
        assert!(opponents.iter().all(|&o| o > 5) && opponents.len() == 1);
    }

    /// 4.4.a, the text's case: a group of seven, #7 floated to make it even (3.2); #1
    /// and #2 have met each other and everyone but #6. 1-6 is kept, #2 is exchanged
    /// with #7: 3-5, 4-7, and #2 alone floats to the median group.
    #[test]
    fn example_4_4_a() {
        let mut met = vec![(1, 2)];
        met.extend([3, 4, 5, 7].iter().flat_map(|&b| [(1, b), (2, b)]));
        let (within, opponents) = split(&top_group(7, 7, &met), 7, 2);
        assert_eq!(within, [(1, 6), (3, 5), (4, 7)]);
        assert!(opponents.iter().all(|&o| o > 7) && opponents.len() == 1);
    }

    /// 4.4.a decides who takes the floater's place, not the order of 3.2: as in the
    /// text's case, but #1 and #2 have not met #7. Floating #5 would let 1-6, 2-7, 3-4
    /// pair, and #5 comes before #2 in the order of 3.2; but with #7 floated, #2 is the
    /// player who cannot be paired while #1 keeps 6, and 4.4.a exchanges him with #7:
    /// 1-6, 3-5, 4-7.
    #[test]
    fn the_4_4_a_exchange_not_another_candidate() {
        let met = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)];
        let (within, opponents) = split(&top_group(7, 7, &met), 7, 2);
        assert_eq!(within, [(1, 6), (3, 5), (4, 7)]);
        assert!(opponents.iter().all(|&o| o > 7) && opponents.len() == 1);
    }

    /// 3.3: the floater is the lowest numbered player "who has a compatible opponent in
    /// the lower score-group, after excluding the opponents of other floaters who have
    /// higher scores or higher pairing numbers". Round 3: six on 2 points, three on the
    /// median 1 point, one on 0. #1 has met the other five (2.3.a: he floats) and, in
    /// the median group, all but #7. #6, the first choice of 3.2, has also met all of
    /// the median group but #7: with #7 left to #1 he has no opponent there, so #5
    /// floats instead: 2-4, 3-6 (not 2-4, 3-5).
    #[test]
    fn floater_keeps_an_opponent_after_the_others_3_3() {
        let states = (0..10)
            .map(|i| match i {
                0..6 => player(i, 2, &[W, B]),
                6..9 => player(i, 1, &[B, W]),
                _ => player(i, 0, &[W, B]),
            })
            .collect();
        let mut met: Vec<(u32, u32)> = [2, 3, 4, 5, 6, 8, 9].iter().map(|&b| (1, b)).collect();
        met.extend([(6, 8), (6, 9)]);
        let field = Field::from_states(states, &met, Points::ONE);
        let pairs = ids(&field, &pair_field(&field).expect("pairable").pairs);
        let (within, opponents) = split(&pairs, 6, 5);
        assert_eq!(within, [(2, 4), (3, 6)]);
        assert!(opponents.iter().all(|&o| o > 6) && opponents.len() == 1);
    }

    /// 3.9.a/b before 4.4.a: round 3, #1 alone on 2 points floats to the 1½ group
    /// (#2–#5), where he has met all but #5. With #5 floated by 3.2, #1 could only be
    /// exchanged with him and float on again (a floater of type b); floating #4 instead
    /// lets #1 play #5: 1-5, 2-3, and #4 floats to the median group (#6–#8).
    #[test]
    fn a_floater_from_above_is_not_floated_on_by_4_4_a() {
        let states = (0..8)
            .map(|i| {
                let mut p = player(i, 1, &[W, B]);
                p.score = Points::from_tenths([20, 15, 15, 15, 15, 10, 10, 10][i]);
                p
            })
            .collect();
        let field = Field::from_states(states, &[(1, 2), (1, 3), (1, 4)], Points::ONE);
        let pairs = ids(&field, &pair_field(&field).expect("pairable").pairs);
        let (within, opponents) = split(&pairs, 5, 4);
        assert_eq!(within, [(1, 5), (2, 3)]);
        assert!(opponents.iter().all(|&o| o > 5) && opponents.len() == 1);
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
        let bye = pair_field(&field).expect("pairable").bye;
        assert_eq!(bye.map(|b| field.players[b].state.id), Some(4));
    }
}
