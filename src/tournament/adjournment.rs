//! Adjourned games (TRF `?`): which games of the event wait for their result, and what
//! entering one changes. An adjourned game counts as a draw for the pairing (C.04.2 3.1; the
//! Rating system of 1998, F.9: "adjourned games are considered draws for pairing
//! purposes only") and is worth the scoring's adjourned value (TRF-2026 `162` `X`) in
//! provisional standings; no final standings and no rating report are made while one
//! remains.

use super::{BoardResult, Outcome, Tournament, Warning, WarningLevel};

/// A game of the event that is adjourned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjournedGame {
    pub(crate) round: u32,
    /// The board's number in its round (from 1, in [board order](Tournament::boards)).
    pub(crate) board: u32,
    pub(crate) white: u32,
    pub(crate) black: u32,
}

impl std::fmt::Display for AdjournedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "round {}, board {} ({}-{})",
            self.round, self.board, self.white, self.black
        )
    }
}

/// An adjourned game given its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AdjournmentEnd {
    pub(crate) game: AdjournedGame,
    pub(crate) result: BoardResult,
    /// Whether the result is the draw the game counted as for the pairing: if not, rounds
    /// paired since were paired from other scores than the final ones.
    pub(crate) drawn: bool,
}

impl Tournament {
    /// The adjourned games of the event, round after round in board order.
    pub fn adjourned_games(&self) -> Vec<AdjournedGame> {
        (1..=self.rounds_recorded())
            .flat_map(|round| self.adjourned_in(round))
            .collect()
    }

    /// The adjourned games of one round, in board order.
    pub(crate) fn adjourned_in(&self, round: u32) -> Vec<AdjournedGame> {
        // The board order is only worked out for a round that has one.
        if !self.players.iter().any(|p| p.outcome(round).is_adjourned()) {
            return Vec::new();
        }
        (1..)
            .zip(self.boards(round))
            .filter(|(_, b)| b.result == BoardResult::Adjourned)
            .map(|(board, b)| AdjournedGame {
                round,
                board,
                white: b.white,
                black: b.black,
            })
            .collect()
    }

    /// What entering `result` on a board would do to an adjourned game: `None` when the
    /// board is not adjourned, or `result` leaves it adjourned or clears it
    /// ([`BoardResult::Pending`]); else the game and whether it ends in a draw. Asked
    /// before [`Tournament::set_board_result`], so that the window can warn and log.
    pub(crate) fn adjournment_ended_by(
        &self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Option<AdjournmentEnd> {
        if matches!(result, BoardResult::Adjourned | BoardResult::Pending) {
            return None;
        }
        let game = self
            .adjourned_in(round)
            .into_iter()
            .find(|g| g.white == white && g.black == black)?;
        Some(AdjournmentEnd {
            game,
            result,
            drawn: result == BoardResult::Draw,
        })
    }

    /// Records every adjourned game as the plain draw it counts as for the pairing (C.04.2
    /// 3.1): the event as the engines see it, and as TRF-16 (which has no `?`) writes it.
    pub fn draw_adjourned_games(&mut self) {
        for player in &mut self.players {
            for outcome in &mut player.results {
                if let Outcome::Game { adjourned, .. } = outcome {
                    *adjourned = false;
                }
            }
        }
    }

    /// The single games without a result in the rounds before `round` (a two-game match
    /// is not adjourned), in round and board order: what [`Self::adjourn_missing_before`]
    /// marks.
    pub fn games_missing_before(&self, round: u32) -> Vec<AdjournedGame> {
        (1..round)
            .flat_map(|earlier| {
                (1..)
                    .zip(self.boards(earlier))
                    .filter(|(_, b)| b.result == BoardResult::Pending && b.games.is_none())
                    .map(move |(board, b)| AdjournedGame {
                        round: earlier,
                        board,
                        white: b.white,
                        black: b.black,
                    })
            })
            .collect()
    }

    /// Marks adjourned every board without a result in the rounds before `round`, so that
    /// `round` can be paired (C.04.2 3.1: an adjourned game counts as a draw for the pairing);
    /// the games marked, in round and board order.
    pub(crate) fn adjourn_missing_before(&mut self, round: u32) -> Vec<AdjournedGame> {
        let mut missing = self.games_missing_before(round);
        missing.retain(|g| {
            self.set_board_result(g.round, g.white, g.black, BoardResult::Adjourned)
                .is_ok()
        });
        missing
    }
}

impl Tournament {
    /// The warnings before `round` is paired (checklist Q159-160, Q168): games of earlier
    /// rounds without a result are adjourned to pair it, and adjourned games still open
    /// count as draws; both at level 2, each game named.
    pub(crate) fn adjournment_warnings(&self, round: u32) -> Vec<Warning> {
        let named = |games: &[AdjournedGame]| {
            let mut list: Vec<String> = games.iter().take(10).map(|g| g.to_string()).collect();
            if games.len() > 10 {
                list.push(format!("{} more", games.len() - 10));
            }
            list.join("; ")
        };
        let missing = self.games_missing_before(round);
        let open: Vec<AdjournedGame> = self
            .adjourned_games()
            .into_iter()
            .filter(|g| g.round < round)
            .collect();
        let mut warnings = Vec::new();
        if !missing.is_empty() {
            warnings.push(Warning::new(
                WarningLevel::Acknowledge,
                format!(
                    "{} without a result: marked adjourned, counted as drawn for the pairing \
                     of round {round} (C.04.2 3.1; checklist Q159-160), and recorded in the \
                     report: {}",
                    plural(missing.len()),
                    named(&missing)
                ),
            ));
        }
        if !open.is_empty() {
            warnings.push(Warning::new(
                WarningLevel::Acknowledge,
                format!(
                    "{} still adjourned, counted as drawn for the pairing of round {round} \
                     (checklist Q168): {}",
                    plural(open.len()),
                    named(&open)
                ),
            ));
        }
        warnings
    }

    /// The warning before `result` is entered on the board `white`-`black` of `round`
    /// when the board is adjourned, later rounds were paired from it, and the result is
    /// not the draw it was paired as: those rounds followed other scores (level 3;
    /// checklist Q163).
    pub(crate) fn adjournment_result_warnings(
        &self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Vec<Warning> {
        match self.adjournment_ended_by(round, white, black, result) {
            Some(end) if !end.drawn => {
                let later = (round + 1..).take_while(|&r| self.is_paired(r)).count();
                let paired = match later {
                    // Nothing was paired from it: no pairing is affected.
                    0 => return Vec::new(),
                    1 => format!(" Round {} was paired with it counted as a draw.", round + 1),
                    n => format!(
                        " Rounds {}-{} were paired with it counted as a draw.",
                        round + 1,
                        round + n as u32
                    ),
                };
                vec![Warning::new(
                    WarningLevel::Confirm,
                    format!(
                        "The adjourned game {} ends {}, not drawn.{paired} The result is \
                         recorded in the report (checklist Q163).",
                        end.game,
                        result.text()
                    ),
                )]
            }
            _ => Vec::new(),
        }
    }
}

/// "1 game", "3 games".
fn plural(n: usize) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn paired() -> Tournament {
        let mut t = Tournament {
            players: (1..=4)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        t
    }

    #[test]
    fn adjourned_games_are_listed_and_their_end_is_told() {
        let mut t = paired();
        t.set_board_result(1, 3, 4, BoardResult::Adjourned)
            .expect("board");
        let game = AdjournedGame {
            round: 1,
            board: 2,
            white: 3,
            black: 4,
        };
        assert_eq!(t.adjourned_games(), [game]);
        assert_eq!(game.to_string(), "round 1, board 2 (3-4)");
        assert!(t.inconsistencies().is_empty());
        assert!(
            t.pending_boards(1) == [1],
            "an adjourned game is not missing"
        );
        let end = |t: &Tournament, w, b, r| t.adjournment_ended_by(1, w, b, r);
        assert_eq!(end(&t, 1, 2, BoardResult::WhiteWins), None, "not adjourned");
        assert_eq!(end(&t, 3, 4, BoardResult::Pending), None);
        assert_eq!(end(&t, 3, 4, BoardResult::Adjourned), None);
        assert!(end(&t, 3, 4, BoardResult::Draw).is_some_and(|e| e.drawn));
        let won = end(&t, 3, 4, BoardResult::BlackWins).expect("ends");
        assert_eq!((won.game, won.drawn), (game, false));
        t.set_board_result(1, 3, 4, BoardResult::BlackWins)
            .expect("board");
        assert!(t.adjourned_games().is_empty(), "the result replaces it");
        assert!(
            t.player(4)
                .is_some_and(|p| !p.outcome(1).is_adjourned() && p.outcome(1).result_code() == '1')
        );
    }

    #[test]
    fn pairing_over_missing_or_adjourned_games_and_a_decisive_end_are_warned() {
        let mut t = paired();
        t.set_board_result(1, 1, 2, BoardResult::WhiteWins)
            .expect("board");
        let before = t.adjournment_warnings(2);
        assert_eq!(before.len(), 1);
        assert_eq!(before[0].level, WarningLevel::Acknowledge);
        assert!(
            before[0].text.starts_with("1 game without a result")
                && before[0].text.ends_with("round 1, board 2 (3-4)"),
            "{before:?}"
        );
        t.adjourn_missing_before(2);
        assert!(
            t.adjournment_result_warnings(1, 3, 4, BoardResult::WhiteWins)
                .is_empty(),
            "nothing paired from it yet"
        );
        let open = t.adjournment_warnings(2);
        assert_eq!(open.len(), 1);
        assert!(open[0].text.contains("still adjourned"), "{open:?}");
        assert!(
            t.adjournment_warnings(1).is_empty(),
            "nothing before round 1"
        );
        t.record_pairing(2, &[[2, 3], [4, 1]], None);
        assert!(
            t.adjournment_result_warnings(1, 3, 4, BoardResult::Draw)
                .is_empty()
        );
        let decisive = t.adjournment_result_warnings(1, 3, 4, BoardResult::WhiteWins);
        assert_eq!(decisive.len(), 1);
        assert_eq!(decisive[0].level, WarningLevel::Confirm);
        assert!(
            decisive[0].text.contains("Round 2 was paired"),
            "{decisive:?}"
        );
        assert!(
            t.adjournment_result_warnings(1, 1, 2, BoardResult::Draw)
                .is_empty(),
            "not adjourned"
        );
    }

    #[test]
    fn missing_results_are_adjourned_on_request() {
        let mut t = paired();
        t.set_board_result(1, 1, 2, BoardResult::WhiteWins)
            .expect("board");
        let marked = t.adjourn_missing_before(2);
        assert_eq!(
            marked,
            [AdjournedGame {
                round: 1,
                board: 2,
                white: 3,
                black: 4
            }]
        );
        assert_eq!(t.adjourned_games(), marked);
        assert!(t.pending_boards(1).is_empty());
        assert!(
            t.adjourn_missing_before(2).is_empty(),
            "nothing left missing"
        );
        assert_eq!(
            t.player(3).map(|p| p.outcome(1).clone()),
            Some(Outcome::adjourned(4, crate::tournament::Colour::White))
        );
    }
}
