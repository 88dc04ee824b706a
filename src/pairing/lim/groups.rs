//! C.04.4.3 2.2 (the order in which score groups are paired) and 3.2–3.10 (which player
//! a group floats to make its number even).

use crate::matching::CardinalityMatcher;
use crate::tournament::Colour;

use super::field::Field;

/// Which way a group's floaters go (3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Down,
    Up,
}

/// 2.2: the groups above the median score top-down, those below it bottom-up, and the
/// median group (possibly empty: no player on the median score) last.
pub(crate) struct Plan {
    pub(crate) above: Vec<Vec<usize>>,
    pub(crate) below: Vec<Vec<usize>>,
    pub(crate) median: Vec<usize>,
}

/// The score groups of `players` (field indices, ascending) in the order of 2.2.
pub(crate) fn plan(field: &Field, players: &[usize]) -> Plan {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &a in players {
        match groups.last_mut() {
            Some(g) if field.players[g[0]].state.score == field.players[a].state.score => g.push(a),
            _ => groups.push(vec![a]),
        }
    }
    let mut plan = Plan {
        above: Vec::new(),
        below: Vec::new(),
        median: Vec::new(),
    };
    for g in groups {
        let score = field.players[g[0]].state.score;
        match score.cmp(&field.median) {
            std::cmp::Ordering::Greater => plan.above.push(g),
            std::cmp::Ordering::Less => plan.below.push(g),
            std::cmp::Ordering::Equal => plan.median = g,
        }
    }
    plan.below.reverse();
    plan
}

/// 2.3.d and 3.2–3.4, 3.10: the players of `group` (A.2 order) in the order in which
/// they are tried as the floater that makes the group even; `others` are the players
/// the group floats already (2.3.a–c). First those with a compatible opponent in the
/// adjacent group (3.3/3.4, 3.9.c; see [`keeps_an_opponent`]), then those who did not
/// float in the previous round (3.10), then those due the colour more players of the
/// group are due (3.2: the floater "tends to equalise"); within that, downward from the
/// lowest numbered player up (3.3), upward from the highest numbered player down (3.4;
/// with as many due each colour, 3.2's last paragraph says the same).
///
/// Interpretation (3.2): the "Maxi-tournament" proviso is not applied; the text does not
/// define a maxi-tournament.
pub(crate) fn parity_floaters(
    field: &Field,
    group: &[usize],
    next: &[usize],
    others: &[usize],
    direction: Direction,
) -> Vec<usize> {
    let count = |c| {
        group
            .iter()
            .filter(|&&a| field.players[a].due == Some(c))
            .count()
    };
    let (w, b) = (count(Colour::White), count(Colour::Black));
    let majority = match w.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Colour::White),
        std::cmp::Ordering::Less => Some(Colour::Black),
        std::cmp::Ordering::Equal => None,
    };
    let mut order: Vec<usize> = group.to_vec();
    if direction == Direction::Down {
        order.reverse();
    }
    order.sort_by_key(|&a| {
        (
            !keeps_an_opponent(field, a, next, others, direction),
            field.floated_last_round(a),
            majority.is_some() && field.players[a].due != majority,
        )
    });
    order
}

/// 3.3/3.4: whether `a` has a compatible opponent in `next` "after excluding the
/// opponents of other floaters" of `others` who go before him: downward those with
/// higher scores or higher pairing numbers (ranked above him), upward those with lower
/// scores or lower pairing numbers (ranked below him).
///
/// Interpretation: the other floaters' opponents are the ones they can take at best:
/// `a` keeps an opponent when the players of `next` can be given to those floaters and
/// to him as to those floaters alone plus one (a bipartite matching).
pub(crate) fn keeps_an_opponent(
    field: &Field,
    a: usize,
    next: &[usize],
    others: &[usize],
    direction: Direction,
) -> bool {
    let before: Vec<usize> = others
        .iter()
        .copied()
        .filter(|&o| match direction {
            Direction::Down => o < a,
            Direction::Up => o > a,
        })
        .collect();
    if before.is_empty() {
        return next.iter().any(|&o| field.compatible(a, o));
    }
    let with_a: Vec<usize> = before.iter().copied().chain([a]).collect();
    opponents_given(field, &with_a, next) > opponents_given(field, &before, next)
}

/// How many of `floaters` can be given distinct compatible opponents in `next`.
fn opponents_given(field: &Field, floaters: &[usize], next: &[usize]) -> usize {
    let all: Vec<usize> = floaters.iter().chain(next).copied().collect();
    let f = floaters.len();
    let mut m = CardinalityMatcher::new(all.len(), |u, v| {
        (u < f) != (v < f) && field.compatible(all[u], all[v])
    });
    (all.len() - m.maximise().len()) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::state::PlayerState;
    use crate::tournament::{Colour::Black as B, Colour::White as W, Points};

    /// 3.2: group 1 B, 2 W, 3 B, 4 B, 5 W (the colour each is due). Downward the lowest
    /// numbered player due the majority colour (Black) floats: #4. Upward the highest
    /// numbered: #1.
    #[test]
    fn floater_choice_3_2() {
        // A last game of the other colour makes each player due the given colour.
        let due = [B, W, B, B, W];
        let states = due
            .iter()
            .enumerate()
            .map(|(i, c)| PlayerState::with_colours(i, &[c.opposite()]))
            .collect();
        let field = Field::from_states(states, &[], Points::ZERO);
        let group = [0, 1, 2, 3, 4];
        assert_eq!(
            parity_floaters(&field, &group, &[], &[], Direction::Down)[0],
            3
        );
        assert_eq!(
            parity_floaters(&field, &group, &[], &[], Direction::Up)[0],
            0
        );
    }

    /// 3.3/3.4: #1 and #2 float to a group of one player, #3. Downward (3.3) #2 is
    /// judged after excluding the opponent of #1 (numbered above him), and has none
    /// left; #1 is judged alone. Upward (3.4) the reverse.
    #[test]
    fn opponents_of_other_floaters_excluded_3_3_3_4() {
        let states = (0..3).map(|i| PlayerState::with_colours(i, &[])).collect();
        let field = Field::from_states(states, &[], Points::ZERO);
        let next = [2];
        assert!(keeps_an_opponent(&field, 0, &next, &[1], Direction::Down));
        assert!(!keeps_an_opponent(&field, 1, &next, &[0], Direction::Down));
        assert!(!keeps_an_opponent(&field, 0, &next, &[1], Direction::Up));
        assert!(keeps_an_opponent(&field, 1, &next, &[0], Direction::Up));
    }
}
