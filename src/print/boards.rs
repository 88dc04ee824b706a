//! A recorded round as the notice board shows it: boards in the round's board order, each with its
//! result so far, and the players who are not paired and why.

use crate::tournament::{ByeKind, GameResult, Outcome, Tournament};

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// From 1.
    pub number: usize,
    pub white: u32,
    pub black: u32,
    /// `1 - 0`, `½ - ½`, `0 - 1`, `½ - 0`, `0 - ½`, `0 - 0`, `+ - -` (forfeit), `adj.`
    /// (adjourned), or empty while the game is on.
    pub result: String,
}

/// A player with no board in the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unpaired {
    pub(crate) player: u32,
    /// `pairing-allocated bye`, `half-point bye`, `absent`, ...
    pub(crate) reason: &'static str,
}

/// The boards of a recorded round, numbered in the round's one board order
/// ([`Tournament::boards`]: as published, or C.04.2 for a round read from TRF), so that
/// the notice board, the slips and the window agree.
pub fn boards(t: &Tournament, round: u32) -> Vec<Board> {
    t.boards(round)
        .into_iter()
        .enumerate()
        .map(|(i, board)| Board {
            number: i + 1,
            white: board.white,
            black: board.black,
            result: result_text(t, round, board.white, board.black),
        })
        .collect()
}

/// The result of a board as posted: from White's side, then Black's, each player's own
/// (so that ½ - 0, 0 - ½ and 0 - 0 show as given); `adj.` for an adjourned game.
fn result_text(t: &Tournament, round: u32, white: u32, black: u32) -> String {
    let side = |id: u32| t.player(id).map(|p| p.outcome(round));
    let mark = |result: &GameResult| match result {
        GameResult::Win => "1",
        GameResult::Draw => "½",
        GameResult::Loss => "0",
    };
    match (side(white), side(black)) {
        (
            Some(Outcome::Game {
                adjourned: true, ..
            }),
            _,
        ) => "adj.".to_string(),
        (Some(Outcome::Game { result: w, .. }), Some(Outcome::Game { result: b, .. })) => {
            format!("{} - {}", mark(w), mark(b))
        }
        (Some(w @ Outcome::Match { games, .. }), Some(b)) if !games.is_pending() => {
            let points = |o: &Outcome| t.event.scoring.points(o);
            format!("{} - {}", points(w).with_halves(), points(b).with_halves())
        }
        (Some(Outcome::Forfeit { won: w, .. }), Some(Outcome::Forfeit { won: b, .. })) => {
            let mark = |won: &bool| if *won { '+' } else { '-' };
            format!("{} - {}", mark(w), mark(b))
        }
        _ => String::new(),
    }
}

/// Players not on a board in `round`, by pairing number: byes and absences. Withdrawn
/// players are listed only while something is recorded for them.
pub(crate) fn unpaired(t: &Tournament, round: u32) -> Vec<Unpaired> {
    t.players
        .iter()
        .filter_map(|p| {
            let reason = match p.outcome(round) {
                Outcome::PairingBye => "pairing-allocated bye",
                Outcome::Bye(ByeKind::Full) => "full-point bye",
                Outcome::Bye(ByeKind::Half) => "half-point bye",
                Outcome::Bye(ByeKind::Zero) => "zero-point bye",
                Outcome::Absent => "absent",
                _ => return None,
            };
            Some(Unpaired {
                player: p.id,
                reason,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, Player};

    fn game(t: &mut Tournament, round: u32, white: u32, black: u32, result: Option<GameResult>) {
        let outcome = |opponent, colour, r: Option<GameResult>| match r {
            Some(r) => Outcome::game(opponent, colour, r),
            None => Outcome::Scheduled { opponent, colour },
        };
        if let Some(p) = t.player_mut(white) {
            p.set_outcome(round, outcome(black, Colour::White, result));
        }
        if let Some(p) = t.player_mut(black) {
            p.set_outcome(
                round,
                outcome(white, Colour::Black, result.map(GameResult::reversed)),
            );
        }
    }

    #[test]
    fn boards_follow_scores_then_pairing_numbers() {
        let mut t = Tournament::default();
        for id in 1..=5 {
            t.add_player(Player::new(id, format!("P{id}")))
                .expect("new id");
        }
        game(&mut t, 1, 1, 2, Some(GameResult::Loss));
        game(&mut t, 1, 3, 4, Some(GameResult::Draw));
        if let Some(p) = t.player_mut(5) {
            p.set_outcome(1, Outcome::PairingBye);
        }
        // Round 2: 2 (1 pt) - 5 (1 pt), 4 (½) - 3 (½), 1 (0) absent.
        game(&mut t, 2, 4, 3, None);
        game(&mut t, 2, 5, 2, Some(GameResult::Draw));
        if let Some(p) = t.player_mut(1) {
            p.set_outcome(2, Outcome::Bye(ByeKind::Half));
        }
        let b = boards(&t, 2);
        assert_eq!(
            b.iter()
                .map(|b| (b.white, b.black, b.result.as_str()))
                .collect::<Vec<_>>(),
            vec![(5, 2, "½ - ½"), (4, 3, "")]
        );
        assert_eq!(b[1].number, 2);
        assert_eq!(
            unpaired(&t, 2),
            vec![Unpaired {
                player: 1,
                reason: "half-point bye"
            }]
        );
        assert_eq!(unpaired(&t, 1)[0].reason, "pairing-allocated bye");
        assert_eq!(t.last_paired_round(), 2);
    }

    /// The posted result shows each player's own points: the unusual scores as given, an
    /// adjourned game as such.
    #[test]
    fn unusual_scores_and_adjourned_games_are_posted_as_entered() {
        use crate::tournament::BoardResult;
        let mut t = Tournament::default();
        for id in 1..=8 {
            t.add_player(Player::new(id, format!("P{id}")))
                .expect("new id");
        }
        let boards = [[1, 2], [3, 4], [5, 6], [7, 8]];
        t.record_pairing(1, &boards, None);
        let results = [
            BoardResult::HalfZero,
            BoardResult::ZeroHalf,
            BoardResult::ZeroZero,
            BoardResult::Adjourned,
        ];
        for ([w, b], result) in boards.into_iter().zip(results) {
            t.set_board_result(1, w, b, result).expect("board");
        }
        let posted: Vec<String> = super::boards(&t, 1).into_iter().map(|b| b.result).collect();
        assert_eq!(posted, ["½ - 0", "0 - ½", "0 - 0", "adj."]);
    }
}
