//! The view of the tournament an engine pairs a round from.

use crate::tournament::{Outcome, Tournament};

use super::state::initial_colour;

/// The tournament as it stood before `round` was paired: rounds `1..round` as recorded,
/// and in `round` only the byes and absences decided before pairing. Later rounds are
/// dropped. The planned number of rounds is fixed from the whole record first, so that
/// topscorers (C.04.3 A.7) are still recognised in the final round, and so is the initial
/// colour (drawn before round 1, inferred from the first round with colours when the
/// record does not state it).
pub fn history_for_round(t: &Tournament, round: u32) -> Tournament {
    let mut view = t.clone();
    view.event.rounds = Some(t.planned_rounds().max(round));
    view.event.initial_colour = Some(initial_colour(t));
    for player in &mut view.players {
        player.results.truncate(round as usize);
        if let Some(last) = player.results.get_mut(round as usize - 1)
            && !matches!(last, Outcome::Bye(_) | Outcome::Absent)
        {
            *last = Outcome::NotPlayed;
        }
        while player.results.last() == Some(&Outcome::NotPlayed) {
            player.results.pop();
        }
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{ByeKind, Colour, GameResult, Player};

    #[test]
    fn keeps_history_and_byes_of_the_round() {
        let mut t = Tournament::default();
        let game = |opponent, colour, result| Outcome::game(opponent, colour, result);
        let mut a = Player::new(1, "A");
        a.results = vec![
            game(2, Colour::White, GameResult::Win),
            Outcome::Bye(ByeKind::Half),
            game(2, Colour::Black, GameResult::Draw),
        ];
        let mut b = Player::new(2, "B");
        b.results = vec![
            game(1, Colour::Black, GameResult::Loss),
            Outcome::PairingBye,
            game(1, Colour::White, GameResult::Draw),
        ];
        t.players = vec![a, b];
        let view = history_for_round(&t, 2);
        assert_eq!(view.players[0].results.len(), 2);
        assert_eq!(view.players[0].results[1], Outcome::Bye(ByeKind::Half));
        assert_eq!(
            view.players[1].results.len(),
            1,
            "the PAB of round 2 is the engine's to decide"
        );
        assert_eq!(view.event.rounds, Some(3));
    }
}
