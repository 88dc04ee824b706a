//! C.04.4.1 3.1: the pairing-allocated bye, assigned before any bracket is paired.

use crate::pairing::feasibility::Remaining;

use super::field::Field;

/// 3.1: the player who may receive it ([C2], 3.1.1) and whose absence leaves the rest
/// pairable ([C4], 3.1.2), with the lowest score (3.1.3), the most games played (3.1.4)
/// and the largest TPN (3.1.5). `None` when nobody qualifies.
pub(crate) fn choose(field: &Field) -> Option<usize> {
    let mut order: Vec<usize> = (0..field.len())
        .filter(|&a| field.players[a].state.bye_eligible)
        .collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&field.players[a], &field.players[b]);
        pa.score()
            .cmp(&pb.score())
            .then(pb.games().cmp(&pa.games()))
            .then(pb.tpn().cmp(&pa.tpn()))
    });
    order.into_iter().find(|&b| {
        let mut rest = Remaining::new(field.len(), |x, y| field.compatible(x, y), |x| x == b);
        rest.feasible(&[])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::{Entrant, test_player};
    use crate::tournament::Colour::{Black as B, White as W};

    /// The case of `gendub/t5` round 3 (notes, §5): among the players on zero points,
    /// #28, #24, #22 and #16 have played two games, #21 one and #23 none (two forfeit
    /// losses). 3.1.4 keeps those with two games, 3.1.5 takes the largest TPN: #28.
    #[test]
    fn lowest_score_then_most_games_then_largest_tpn() {
        let zero =
            |tpn: usize, colours: &[crate::tournament::Colour]| test_player(tpn, 0, colours, 0, 0);
        let mut players: Vec<Entrant> = (1..=14)
            .map(|tpn| test_player(tpn, 1, &[W, B], 0, 0))
            .collect();
        players.push(zero(16, &[W, B]));
        players.push(zero(21, &[B]));
        players.push(zero(22, &[B, W]));
        players.push(zero(23, &[]));
        players.push(zero(24, &[W, B]));
        players.push(zero(28, &[B, W]));
        // One more on one point: 21 players, odd.
        players.push(test_player(15, 1, &[B, W], 0, 0));
        let field = Field::from_players(players, &[], 3);
        let bye = choose(&field).expect("a PAB");
        assert_eq!(field.players[bye].tpn(), 28);
    }

    /// 3.1.1 and 3.1.2: an ineligible player is passed over, and so is one whose absence
    /// would leave the others unpairable.
    #[test]
    fn skips_the_ineligible_and_the_blocking() {
        let mut players: Vec<Entrant> = (1..=3)
            .map(|tpn| test_player(tpn, 0, &[W, B], 0, 0))
            .collect();
        players[2].state.bye_eligible = false;
        // #1 and #2 have met: the bye must go to one of them, and #3 may not have it.
        let field = Field::from_players(players, &[(1, 2)], 3);
        assert_eq!(choose(&field).map(|b| field.players[b].tpn()), Some(2));
        // #1 has met both others: only the bye to #1 leaves a pairable rest.
        let field = Field::from_players(
            (1..=3)
                .map(|tpn| test_player(tpn, 0, &[W, B], 0, 0))
                .collect(),
            &[(1, 2), (1, 3)],
            3,
        );
        assert_eq!(choose(&field).map(|b| field.players[b].tpn()), Some(1));
    }
}
