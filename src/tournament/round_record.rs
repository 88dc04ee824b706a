//! What the arbiter decides about a round beyond each player's outcome: whether its
//! pairing is published, and the board order it was published with. Results of a board are
//! entered here too, on both players' records at once.

use serde::{Deserialize, Serialize};

use super::{ByeKind, Colour, GameResult, Outcome, Tournament};

/// The arbiter's record of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundRecord {
    /// The pairing was announced to the players. Until then it is a draft that may be
    /// re-paired freely.
    pub published: bool,
    /// Boards in C.04.2 order as the engine gave them: `[white, black]` pairing numbers.
    /// Empty when unknown (rounds read from TRF); boards are then ordered by White's number.
    pub boards: Vec<[u32; 2]>,
}

/// The result of one board, as typed by the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// No result yet.
    Pending,
    WhiteWins,
    Draw,
    BlackWins,
    /// White wins by forfeit (`+/-`).
    WhiteForfeitWin,
    /// Black wins by forfeit (`-/+`).
    BlackForfeitWin,
    /// Neither player appeared (`-/-`).
    DoubleForfeit,
}

impl BoardResult {
    /// The result a key stands for: `1` (White wins), `0` (Black wins), `=` (draw), `+`
    /// (White wins by forfeit), `-` (Black wins by forfeit).
    pub fn from_key(key: char) -> Option<BoardResult> {
        match key {
            '1' => Some(BoardResult::WhiteWins),
            '0' => Some(BoardResult::BlackWins),
            '=' | '5' => Some(BoardResult::Draw),
            '+' => Some(BoardResult::WhiteForfeitWin),
            '-' => Some(BoardResult::BlackForfeitWin),
            _ => None,
        }
    }

    /// How result sheets write it.
    pub const fn text(self) -> &'static str {
        match self {
            BoardResult::Pending => "",
            BoardResult::WhiteWins => "1-0",
            BoardResult::Draw => "½-½",
            BoardResult::BlackWins => "0-1",
            BoardResult::WhiteForfeitWin => "+/-",
            BoardResult::BlackForfeitWin => "-/+",
            BoardResult::DoubleForfeit => "-/-",
        }
    }

    /// White's and Black's outcomes for this result.
    fn outcomes(self, white: u32, black: u32) -> (Outcome, Outcome) {
        let game = |result: GameResult| {
            (
                Outcome::game(black, Colour::White, result),
                Outcome::game(white, Colour::Black, result.reversed()),
            )
        };
        let forfeit = |white_won: bool, black_won: bool| {
            (
                Outcome::Forfeit {
                    opponent: black,
                    colour: Colour::White,
                    won: white_won,
                },
                Outcome::Forfeit {
                    opponent: white,
                    colour: Colour::Black,
                    won: black_won,
                },
            )
        };
        match self {
            BoardResult::Pending => (
                Outcome::Scheduled {
                    opponent: black,
                    colour: Colour::White,
                },
                Outcome::Scheduled {
                    opponent: white,
                    colour: Colour::Black,
                },
            ),
            BoardResult::WhiteWins => game(GameResult::Win),
            BoardResult::Draw => game(GameResult::Draw),
            BoardResult::BlackWins => game(GameResult::Loss),
            BoardResult::WhiteForfeitWin => forfeit(true, false),
            BoardResult::BlackForfeitWin => forfeit(false, true),
            BoardResult::DoubleForfeit => forfeit(false, false),
        }
    }

    /// The board result recorded in White's outcome.
    fn of_white(outcome: &Outcome, black_outcome: &Outcome) -> BoardResult {
        match outcome {
            Outcome::Game { result, .. } => match result {
                GameResult::Win => BoardResult::WhiteWins,
                GameResult::Draw => BoardResult::Draw,
                GameResult::Loss => BoardResult::BlackWins,
            },
            Outcome::Forfeit { won: true, .. } => BoardResult::WhiteForfeitWin,
            Outcome::Forfeit { won: false, .. } => {
                if matches!(black_outcome, Outcome::Forfeit { won: true, .. }) {
                    BoardResult::BlackForfeitWin
                } else {
                    BoardResult::DoubleForfeit
                }
            }
            _ => BoardResult::Pending,
        }
    }
}

/// A board of a paired round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub white: u32,
    pub black: u32,
    pub result: BoardResult,
}

/// Why a round edit was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundEditError {
    #[error("round {round}: players {white} and {black} do not play each other")]
    NotABoard { round: u32, white: u32, black: u32 },
    #[error("round {round} is not paired")]
    NotPaired { round: u32 },
    #[error("round {round} is already paired: re-pair it to change its byes")]
    AlreadyPaired { round: u32 },
}

impl Tournament {
    /// The arbiter's record of a round (default: no board order).
    pub fn round_record(&self, round: u32) -> RoundRecord {
        round
            .checked_sub(1)
            .and_then(|i| self.round_records.get(i as usize))
            .cloned()
            .unwrap_or_default()
    }

    /// The record of a round, creating the missing ones: a paired round without a record
    /// comes from an older file or TRF and counts as published.
    fn round_record_mut(&mut self, round: u32) -> &mut RoundRecord {
        let index = round.saturating_sub(1) as usize;
        while self.round_records.len() <= index {
            let earlier = self.round_records.len() as u32 + 1;
            let published = self.is_paired(earlier);
            self.round_records.push(RoundRecord {
                published,
                boards: Vec::new(),
            });
        }
        &mut self.round_records[index]
    }

    /// Whether the pairing of `round` is published. A paired round with no record (a file
    /// written before records existed, or TRF) counts as published.
    pub fn is_published(&self, round: u32) -> bool {
        let index = round.saturating_sub(1) as usize;
        match self.round_records.get(index) {
            Some(record) => record.published,
            None => self.is_paired(round),
        }
    }

    /// Publishes (or withdraws to draft) the pairing of a paired round.
    pub fn set_published(&mut self, round: u32, published: bool) -> Result<(), RoundEditError> {
        if !self.is_paired(round) {
            return Err(RoundEditError::NotPaired { round });
        }
        self.round_record_mut(round).published = published;
        Ok(())
    }

    /// Records a pairing: `boards` (`[white, black]`, in board order) get a scheduled
    /// game, `bye` the pairing-allocated bye, and every other player not already given a
    /// bye for the round is recorded absent. Whatever the round held before is replaced,
    /// except the byes decided before pairing; the round becomes a draft.
    pub fn record_pairing(&mut self, round: u32, boards: &[[u32; 2]], bye: Option<u32>) {
        self.clear_pairing(round);
        for &[white, black] in boards {
            let (w, b) = BoardResult::Pending.outcomes(white, black);
            if let Some(p) = self.player_mut(white) {
                p.set_outcome(round, w);
            }
            if let Some(p) = self.player_mut(black) {
                p.set_outcome(round, b);
            }
        }
        if let Some(p) = bye.and_then(|id| self.player_mut(id)) {
            p.set_outcome(round, Outcome::PairingBye);
        }
        for player in &mut self.players {
            if !player.outcome(round).is_recorded() {
                player.set_outcome(round, Outcome::Absent);
            }
        }
        *self.round_record_mut(round) = RoundRecord {
            published: false,
            boards: boards.to_vec(),
        };
    }

    /// Removes the pairing of a round (games, the PAB, absences), keeping the byes decided
    /// before pairing, so that it can be paired again.
    pub fn clear_pairing(&mut self, round: u32) {
        for player in &mut self.players {
            if !matches!(player.outcome(round), Outcome::Bye(_)) {
                player.set_outcome(round, Outcome::NotPlayed);
            }
            while player.results.last() == Some(&Outcome::NotPlayed) {
                player.results.pop();
            }
        }
        if let Some(record) = round
            .checked_sub(1)
            .and_then(|i| self.round_records.get_mut(i as usize))
        {
            *record = RoundRecord::default();
        }
    }

    /// The boards of a round in board order: the recorded order when it still matches the
    /// games, else by White's pairing number.
    pub fn boards(&self, round: u32) -> Vec<Board> {
        let board = |white: u32, black: u32| -> Option<Board> {
            let w = self.player(white)?.outcome(round);
            let b = self.player(black)?.outcome(round);
            (w.opponent() == Some(black) && w.scheduled_colour() == Some(Colour::White)).then(
                || Board {
                    white,
                    black,
                    result: BoardResult::of_white(w, b),
                },
            )
        };
        let recorded: Vec<Board> = self
            .round_record(round)
            .boards
            .iter()
            .filter_map(|&[w, b]| board(w, b))
            .collect();
        let games = self
            .players
            .iter()
            .filter(|p| p.outcome(round).scheduled_colour() == Some(Colour::White))
            .count();
        if games > 0 && recorded.len() == games {
            return recorded;
        }
        self.players
            .iter()
            .filter_map(|p| board(p.id, p.outcome(round).opponent()?))
            .collect()
    }

    /// The player given the pairing-allocated bye in a round.
    pub fn pairing_bye(&self, round: u32) -> Option<u32> {
        self.players
            .iter()
            .find(|p| *p.outcome(round) == Outcome::PairingBye)
            .map(|p| p.id)
    }

    /// Enters (or clears, with [`BoardResult::Pending`]) the result of a board.
    pub fn set_board_result(
        &mut self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Result<(), RoundEditError> {
        if !self
            .boards(round)
            .iter()
            .any(|b| b.white == white && b.black == black)
        {
            return Err(RoundEditError::NotABoard {
                round,
                white,
                black,
            });
        }
        let (w, b) = result.outcomes(white, black);
        if let Some(p) = self.player_mut(white) {
            p.set_outcome(round, w);
        }
        if let Some(p) = self.player_mut(black) {
            p.set_outcome(round, b);
        }
        Ok(())
    }

    /// Whether every board of a paired round has a result.
    pub fn is_complete(&self, round: u32) -> bool {
        self.is_paired(round)
            && self
                .boards(round)
                .iter()
                .all(|b| b.result != BoardResult::Pending)
    }

    /// Records or removes (`None`) a bye requested before the pairing of a round that is
    /// not paired yet.
    pub fn set_requested_bye(
        &mut self,
        player: u32,
        round: u32,
        bye: Option<ByeKind>,
    ) -> Result<(), RoundEditError> {
        if self.is_paired(round) {
            return Err(RoundEditError::AlreadyPaired { round });
        }
        if let Some(p) = self.player_mut(player) {
            match bye {
                Some(kind) => p.set_outcome(round, Outcome::Bye(kind)),
                None => {
                    p.set_outcome(round, Outcome::NotPlayed);
                    while p.results.last() == Some(&Outcome::NotPlayed) {
                        p.results.pop();
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn four() -> Tournament {
        Tournament {
            players: (1..=5)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        }
    }

    #[test]
    fn record_enter_and_clear() {
        let mut t = four();
        t.set_requested_bye(5, 1, Some(ByeKind::Half)).expect("bye");
        t.record_pairing(1, &[[3, 1], [2, 4]], None);
        assert!(t.is_paired(1) && !t.is_published(1));
        let boards = t.boards(1);
        assert_eq!(
            (boards[0].white, boards[1].white),
            (3, 2),
            "engine order kept"
        );
        assert!(!t.is_complete(1));
        t.set_board_result(1, 3, 1, BoardResult::Draw)
            .expect("board");
        t.set_board_result(1, 2, 4, BoardResult::BlackForfeitWin)
            .expect("board");
        assert!(t.is_complete(1));
        assert_eq!(t.boards(1)[1].result, BoardResult::BlackForfeitWin);
        assert!(t.set_board_result(1, 1, 3, BoardResult::Draw).is_err());
        assert!(t.inconsistencies().is_empty());
        t.set_published(1, true).expect("paired");
        t.clear_pairing(1);
        assert!(!t.is_paired(1) && !t.is_published(1));
        assert_eq!(
            t.player(5).map(|p| p.outcome(1)),
            Some(&Outcome::Bye(ByeKind::Half))
        );
        assert!(t.player(1).is_some_and(|p| p.results.is_empty()));
    }

    #[test]
    fn rounds_without_a_record_count_as_published() {
        let mut t = four();
        t.record_pairing(1, &[[1, 2], [3, 4]], Some(5));
        t.round_records.clear();
        assert!(t.is_published(1), "as read from an older file");
        t.record_pairing(2, &[[2, 1], [4, 3]], Some(5));
        assert!(t.is_published(1) && !t.is_published(2));
    }

    #[test]
    fn keys() {
        assert_eq!(BoardResult::from_key('='), Some(BoardResult::Draw));
        assert_eq!(
            BoardResult::from_key('+'),
            Some(BoardResult::WhiteForfeitWin)
        );
        assert_eq!(BoardResult::from_key('x'), None);
    }
}
