//! C.04.4.2 3.1: the pairing-allocated bye, assigned before the brackets are paired.

use std::cmp::Reverse;

use crate::pairing::feasibility::Remaining;

use super::field::Field;

/// 3.1: the player who may receive it ([C2]) and whose absence leaves the rest
/// pairable ([C4]); of those, the lowest score, then the most games played, then the
/// lowest ranking by 1.8 (the smallest Index, then the largest TPN). `None` when no
/// one qualifies.
pub(crate) fn choose(field: &Field) -> Option<usize> {
    let mut order: Vec<usize> = (0..field.len())
        .filter(|&a| field.players[a].state.bye_eligible)
        .collect();
    order.sort_by_key(|&a| {
        let p = &field.players[a].state;
        (
            p.score,
            Reverse(p.colours.len()),
            Reverse(field.rank_key(a)),
        )
    });
    order.into_iter().find(|&b| {
        Remaining::new(field.len(), |x, y| field.compatible(x, y), |x| x == b).feasible(&[])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::burstein::field::tests::entrant;
    use crate::tournament::Colour;

    /// 3.1.3–3.1.5: lowest score first; then most games; then the lowest Index.
    #[test]
    fn lowest_score_most_games_lowest_index() {
        let mut players = vec![
            entrant(0, 2, 50, 0),
            entrant(1, 0, 40, 0),
            entrant(2, 0, 30, 0),
            entrant(3, 0, 35, 0),
            entrant(4, 0, 20, 0),
        ];
        for p in &mut players[1..4] {
            p.state.colours = vec![Colour::White];
        }
        let field = Field::from_parts(players, &[]);
        // 4 (index 4) played no game; of the others on 0, 2 has the smallest Index.
        assert_eq!(choose(&field), Some(2));
    }

    /// 3.1.1–3.1.2: not to a player who may not receive it, nor to one whose absence
    /// leaves the rest unpairable.
    #[test]
    fn eligible_and_completable() {
        let mut players: Vec<_> = (0..3).map(|r| entrant(r, 0, 10 - r as i64, 0)).collect();
        players[2].state.bye_eligible = false;
        // 3 (lowest Index) may not have it; 2 would leave 1-3, who have met; so 1.
        let field = Field::from_parts(players, &[(1, 3)]);
        assert_eq!(choose(&field), Some(0));
    }
}
