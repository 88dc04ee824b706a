//! A team's line-up in a paired round: who of its roster plays on which board of its
//! match, as the captain hands it in after the team pairing is published (TRF-2026
//! `300`).
//!
//! C.04.6 pairs teams, not players (Preface: "individuals in a team can be substituted or
//! shifted between the various boards"); which players sit at the boards is the
//! competition's rule. The usual one (Chess Olympiad regulations, ECU team competitions,
//! most national leagues) is a board order fixed before round 1: a team fields any of its
//! players in each round, but always in the order of its roster, the reserves moving the
//! players below them down. That is the rule enforced here; see
//! [`Tournament::set_team_lineup`].

use super::{BoardResult, ByeKind, Colour, Lineup, Outcome, Tournament};

/// Why a line-up was refused. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    #[error("round {round} is not paired")]
    NotPaired { round: u32 },
    #[error("there is no team number {team}")]
    NoTeam { team: u32 },
    #[error("round {round}: team {team} plays no match (a bye, or not paired)")]
    NoMatch { round: u32, team: u32 },
    #[error(
        "round {round}: board {board} of the match of team {team} has a result; clear the match's results first"
    )]
    ResultEntered { round: u32, team: u32, board: u32 },
    #[error("round {round}: team {team} plays {boards} boards, but {given} were given")]
    WrongCount {
        round: u32,
        team: u32,
        boards: u32,
        given: u32,
    },
    #[error("player {player} is not on the roster of team {team}")]
    NotOnRoster { team: u32, player: u32 },
    #[error("player {player} is on two boards")]
    Duplicate { player: u32 },
    #[error(
        "team {team}: player {above} is above player {below} on the roster, so must play on a higher board (the board order is the roster's)"
    )]
    OutOfRosterOrder { team: u32, above: u32, below: u32 },
    #[error("round {round}: player {player} cannot play: {why}")]
    Unavailable {
        round: u32,
        player: u32,
        why: &'static str,
    },
    #[error(
        "round {round}: no board of the match of team {team} would have a player of each team; a team that does not play forfeits its boards: enter those results instead"
    )]
    NoGameLeft { round: u32, team: u32 },
}

/// One match of a paired round with each team's player on each board.
struct MatchBoards {
    /// The team with White on board 1 (C.04.6 1.6.1) and its opponent.
    white: u32,
    black: u32,
    /// Their players on each board (`None`: the board left empty).
    white_boards: Vec<Option<u32>>,
    black_boards: Vec<Option<u32>>,
    /// The match's games in the round's board list (indices into [`Tournament::boards`]).
    games: std::ops::Range<usize>,
}

impl Tournament {
    /// Games per match of a team event: the event's number (TRF-2026 `352`), else the most
    /// games one team played in one match so far.
    pub(crate) fn boards_per_match(&self) -> u32 {
        match self.event.team_scoring.boards {
            0 => self.team_rounds().boards,
            n => n,
        }
    }

    /// The colour of the team with White on board 1 (C.04.6 1.6.1) on `board` (from 0),
    /// as the pairing gives it ([`super::TeamScoring::colour_on_board`]: the event's
    /// colour sequence, TRF-2026 `352`, else alternating).
    pub(crate) fn board_colour(&self, board: usize) -> Colour {
        self.event.team_scoring.colour_on_board(board)
    }

    /// A team's line-up in a paired round: its player on each board of its match, as
    /// recorded (TRF-2026 `300`), else as the games show it (the players who play, in
    /// board order, then those who win their board for want of an opponent, the boards
    /// left empty last, as [`crate::pairing::PairingRequest::team_boards`] fields them).
    /// `None` when the team plays no match in the round.
    pub fn team_lineup(&self, round: u32, team: u32) -> Option<Lineup> {
        let m = self
            .team_matches(round)
            .into_iter()
            .find(|m| m.white == team || m.black == team)?;
        let opponent = if m.white == team { m.black } else { m.white };
        if let Some(l) = self
            .team(team)?
            .lineups
            .iter()
            .find(|l| l.round == round && l.opponent == opponent)
        {
            return Some(l.clone());
        }
        let roster = &self.team(team)?.players;
        let mut boards: Vec<Option<u32>> = self.boards(round)[m.boards.clone()]
            .iter()
            .map(|b| {
                if roster.contains(&b.white) {
                    Some(b.white)
                } else {
                    Some(b.black)
                }
            })
            .collect();
        boards.extend(
            m.unopposed
                .iter()
                .filter(|p| roster.contains(p))
                .map(|&p| Some(p)),
        );
        let n = (self.boards_per_match() as usize).max(boards.len());
        boards.resize(n, None);
        Some(Lineup {
            round,
            opponent,
            boards,
        })
    }

    /// The match of `team` in `round` with both teams' line-ups.
    fn match_boards(&self, round: u32, team: u32) -> Result<MatchBoards, LineupError> {
        let m = self
            .team_matches(round)
            .into_iter()
            .find(|m| m.white == team || m.black == team)
            .ok_or(LineupError::NoMatch { round, team })?;
        let lineup = |id: u32| {
            self.team_lineup(round, id)
                .map(|l| l.boards)
                .ok_or(LineupError::NoMatch { round, team: id })
        };
        let (white_boards, black_boards) = (lineup(m.white)?, lineup(m.black)?);
        // The team with White on board 1: read from the first board with a game.
        let games = self.boards(round);
        let first = (0..white_boards.len().min(black_boards.len()))
            .find(|&i| white_boards[i].is_some() && black_boards[i].is_some());
        let (white, black) = match first {
            Some(i) => {
                let on_board = white_boards[i];
                let has_white = games[m.boards.clone()]
                    .iter()
                    .any(|b| Some(b.white) == on_board);
                if has_white == (self.board_colour(i) == Colour::White) {
                    (m.white, m.black)
                } else {
                    (m.black, m.white)
                }
            }
            None => (m.white, m.black),
        };
        let (white_boards, black_boards) = if white == m.white {
            (white_boards, black_boards)
        } else {
            (black_boards, white_boards)
        };
        Ok(MatchBoards {
            white,
            black,
            white_boards,
            black_boards,
            games: m.boards,
        })
    }

    /// Whether a team's line-up in `round` can still be changed (C.04.6, the captain's
    /// line-up before the match): the round is paired, the team plays a match in it, and
    /// no result of the match is entered.
    pub fn lineup_changeable(&self, round: u32, team: u32) -> Result<(), LineupError> {
        if !self.is_paired(round) {
            return Err(LineupError::NotPaired { round });
        }
        self.team(team).ok_or(LineupError::NoTeam { team })?;
        let m = self.match_boards(round, team)?;
        let games = self.boards(round);
        if let Some(done) = games[m.games.clone()]
            .iter()
            .find(|b| b.result != BoardResult::Pending)
        {
            let lineup = if m.white == team {
                &m.white_boards
            } else {
                &m.black_boards
            };
            let board = lineup
                .iter()
                .position(|&p| p == Some(done.white) || p == Some(done.black))
                .map_or(0, |i| i as u32 + 1);
            return Err(LineupError::ResultEntered { round, team, board });
        }
        Ok(())
    }

    /// Replaces `team`'s players on the boards of its match in a paired round (the
    /// captain's line-up, TRF-2026 `300`): `players[i]` plays board `i + 1`, `None` leaves
    /// the board empty (the opponent's player on it wins by forfeit, recorded as
    /// [`crate::pairing::PairingRequest::team_boards`] records it: a full-point bye, TRF
    /// `0000 - +`; if both teams leave it empty nobody plays there).
    ///
    /// Refused, with nothing changed, unless: the round is paired and the team plays a
    /// match in it, no result of that match is entered yet, there is one entry per board
    /// of the match, each player is on the team's roster and on one board only, the
    /// players keep the roster's order (the competition's board order, see the module
    /// notes), no player fielded is withdrawn, has a bye recorded for the round before it
    /// was paired, or joins the event later (C.04.2 C), and at least one board still has a
    /// player of each team (a team that does not show up loses its boards by forfeit,
    /// which are results).
    ///
    /// On acceptance both teams' line-ups are recorded (TRF-2026 `300`), the games of the
    /// match are scheduled again with each board's colours (`Self::board_colour`, the
    /// team with White on board 1 keeping it, C.04.6 1.6.1), a player whose board lost
    /// its opponent wins it by forfeit, and a player no longer fielded is recorded absent
    /// for the round, as a reserve not fielded is. The round's board list keeps the match
    /// in its place.
    pub fn set_team_lineup(
        &mut self,
        round: u32,
        team: u32,
        players: Vec<Option<u32>>,
    ) -> Result<(), LineupError> {
        self.lineup_changeable(round, team)?;
        let roster = self
            .team(team)
            .ok_or(LineupError::NoTeam { team })?
            .players
            .clone();
        let m = self.match_boards(round, team)?;
        let games = self.boards(round);
        let boards = m.white_boards.len().max(m.black_boards.len());
        if players.len() != boards {
            return Err(LineupError::WrongCount {
                round,
                team,
                boards: boards as u32,
                given: players.len() as u32,
            });
        }
        let mut last: Option<(usize, u32)> = None;
        for (i, &player) in players.iter().enumerate() {
            let Some(player) = player else { continue };
            let place = roster
                .iter()
                .position(|&p| p == player)
                .ok_or(LineupError::NotOnRoster { team, player })?;
            if players[..i].contains(&Some(player)) {
                return Err(LineupError::Duplicate { player });
            }
            if let Some((before, above)) = last
                && before > place
            {
                return Err(LineupError::OutOfRosterOrder {
                    team,
                    above: player,
                    below: above,
                });
            }
            last = Some((place, player));
            self.available(round, player)?;
        }
        let (mut white_boards, mut black_boards) = (m.white_boards, m.black_boards);
        white_boards.resize(boards, None);
        black_boards.resize(boards, None);
        if m.white == team {
            white_boards = players;
        } else {
            black_boards = players;
        }
        let pairs: Vec<(usize, Option<u32>, Option<u32>)> = (0..boards)
            .map(|i| (i, white_boards[i], black_boards[i]))
            .collect();
        if !pairs.iter().any(|&(_, w, b)| w.is_some() && b.is_some()) {
            return Err(LineupError::NoGameLeft { round, team });
        }
        // Everyone of both teams who had a board leaves it; then the new boards.
        for id in roster
            .iter()
            .chain(self.team(m.white).into_iter().flat_map(|t| &t.players))
            .chain(self.team(m.black).into_iter().flat_map(|t| &t.players))
            .copied()
            .collect::<Vec<_>>()
        {
            if let Some(p) = self.player_mut(id)
                && p.outcome(round).holds_team_board()
            {
                p.set_outcome(round, Outcome::Absent);
            }
        }
        let mut new_games = Vec::new();
        for (i, w, b) in pairs {
            match (w, b) {
                (Some(x), Some(y)) => {
                    let [white, black] = if self.board_colour(i) == Colour::White {
                        [x, y]
                    } else {
                        [y, x]
                    };
                    self.schedule_game(round, white, black);
                    new_games.push([white, black]);
                }
                (Some(x), None) | (None, Some(x)) => {
                    if let Some(p) = self.player_mut(x) {
                        p.set_outcome(round, Outcome::Bye(ByeKind::Full));
                    }
                }
                (None, None) => {}
            }
        }
        let mut order: Vec<[u32; 2]> = games.iter().map(|b| [b.white, b.black]).collect();
        order.splice(m.games, new_games);
        self.set_board_order(round, order);
        for (id, opponent, boards) in [
            (m.white, m.black, white_boards),
            (m.black, m.white, black_boards),
        ] {
            if let Some(t) = self.teams.iter_mut().find(|t| t.id == id) {
                t.lineups.retain(|l| l.round != round);
                t.lineups.push(Lineup {
                    round,
                    opponent,
                    boards,
                });
                t.lineups.sort_by_key(|l| l.round);
            }
        }
        Ok(())
    }

    /// Whether `player` may be fielded in `round`: not withdrawn, joined the event, no bye
    /// decided before the pairing (C.04.2: a requested bye or an announced absence).
    fn available(&self, round: u32, player: u32) -> Result<(), LineupError> {
        let p = self.player(player).ok_or(LineupError::Unavailable {
            round,
            player,
            why: "no such player",
        })?;
        let why = if p.withdrawn_from.is_some_and(|w| round >= w) {
            Some("withdrawn")
        } else if p.late_entry_round.is_some_and(|joins| round < joins) {
            Some("joins the event in a later round")
        } else if matches!(
            p.outcome(round),
            Outcome::Bye(ByeKind::Half | ByeKind::Zero)
        ) {
            Some("a bye (announced absence) is recorded for this round")
        } else {
            None
        };
        match why {
            Some(why) => Err(LineupError::Unavailable { round, player, why }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::TeamPairing;
    use crate::tournament::{Player, SystemId, Team};

    /// Three teams of five players (four boards and a reserve; team `i` has players
    /// `5i-4..=5i`), round 1 paired: teams 1 and 2 meet, team 3 has the bye.
    fn event() -> Tournament {
        let mut t = Tournament {
            players: (1..=15)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            teams: (1..=3)
                .map(|i| Team::new(i, format!("T{i}"), (5 * i - 4..=5 * i).collect()))
                .collect(),
            ..Tournament::default()
        };
        t.event.system = Some(SystemId::FideTeam);
        t.event.rounds = Some(3);
        t.event.team_scoring.boards = 4;
        t.event.initial_colour = Some(Colour::White);
        TeamPairing {
            round: 1,
            matches: vec![(1, 2)],
            bye: Some(3),
        }
        .record_into(&mut t);
        t
    }

    /// The round's games agree with the line-ups: every board has the two teams'
    /// players (colours as the board says, the team with White on board 1 keeping it) or a
    /// forfeit win for the one player on it, each player is on one board at most, and
    /// everyone of the two teams not on a board is absent.
    fn assert_consistent(t: &Tournament, round: u32) {
        assert_eq!(t.check(), Ok(()));
        for m in t.team_matches(round) {
            let white = t.team_lineup(round, m.white).expect("white lineup").boards;
            let black = t.team_lineup(round, m.black).expect("black lineup").boards;
            assert_eq!(white.len(), black.len());
            let mut seen = std::collections::HashSet::new();
            for (i, (&w, &b)) in white.iter().zip(&black).enumerate() {
                for p in [w, b].into_iter().flatten() {
                    assert!(seen.insert(p), "player {p} on two boards");
                }
                let outcome = |p: u32| t.player(p).map(|p| p.outcome(round).clone());
                match (w, b) {
                    (Some(w), Some(b)) => {
                        let o = outcome(w).expect("player");
                        assert_eq!(o.opponent(), Some(b), "board {}", i + 1);
                        assert_eq!(o.scheduled_colour(), Some(t.board_colour(i)));
                    }
                    (Some(x), None) | (None, Some(x)) => {
                        assert_eq!(outcome(x), Some(Outcome::Bye(ByeKind::Full)));
                    }
                    (None, None) => {}
                }
            }
            for team in [m.white, m.black] {
                for &p in &t.team(team).expect("team").players {
                    if !seen.contains(&p) {
                        let o = t.player(p).map(|p| p.outcome(round).clone());
                        assert!(
                            matches!(o, Some(Outcome::Absent | Outcome::Bye(_))),
                            "player {p} fielded nowhere: {o:?}"
                        );
                    }
                }
            }
        }
    }

    fn some(players: &[u32]) -> Vec<Option<u32>> {
        players.iter().map(|&p| (p != 0).then_some(p)).collect()
    }

    #[test]
    fn a_reserve_comes_in_and_keeps_the_colours_of_the_board() {
        let mut t = event();
        assert_consistent(&t, 1);
        assert_eq!(
            t.team_lineup(1, 1).map(|l| l.boards),
            Some(some(&[1, 2, 3, 4]))
        );
        t.set_team_lineup(1, 1, some(&[1, 2, 3, 5]))
            .expect("accepted");
        assert_consistent(&t, 1);
        assert_eq!(
            t.player(4).map(|p| p.outcome(1)),
            Some(&Outcome::Absent),
            "the player left out"
        );
        assert_eq!(t.player(5).and_then(|p| p.outcome(1).opponent()), Some(9));
        let lineups = |team: u32| t.team(team).map(|x| x.lineups.clone());
        assert_eq!(
            lineups(1).map(|l| l[0].boards.clone()),
            Some(some(&[1, 2, 3, 5]))
        );
        assert_eq!(
            lineups(2).map(|l| l[0].boards.clone()),
            Some(some(&[6, 7, 8, 9]))
        );
        // The other team changes too; the first change stays.
        t.set_team_lineup(1, 2, some(&[6, 7, 9, 10]))
            .expect("accepted");
        assert_consistent(&t, 1);
        assert_eq!(t.player(5).and_then(|p| p.outcome(1).opponent()), Some(10));
        assert_eq!(t.team_matches(1)[0].numbers, [1, 2, 3, 4]);
    }

    #[test]
    fn an_empty_board_is_won_by_the_opponent_and_keeps_its_number() {
        let mut t = event();
        t.set_team_lineup(1, 1, some(&[1, 0, 3, 4]))
            .expect("accepted");
        assert_consistent(&t, 1);
        assert_eq!(
            t.player(7).map(|p| p.outcome(1)),
            Some(&Outcome::Bye(ByeKind::Full))
        );
        let m = &t.team_matches(1)[0];
        assert_eq!((m.boards.len(), m.unopposed.clone()), (3, vec![7]));
        assert_eq!(
            m.numbers,
            [1, 3, 4, 2],
            "games on 1, 3, 4; board 2 won by forfeit"
        );
        // Board 1 left empty: team 1 keeps White on board 1's colour pattern.
        t.set_team_lineup(1, 1, some(&[0, 2, 3, 4]))
            .expect("accepted");
        assert_consistent(&t, 1);
        assert_eq!(
            t.player(2).and_then(|p| p.outcome(1).scheduled_colour()),
            Some(Colour::Black)
        );
    }

    #[test]
    fn board_colours_of_the_event_are_followed() {
        let mut t = event();
        t.event.team_scoring.board_colours =
            vec![Colour::White, Colour::Black, Colour::Black, Colour::White];
        t.set_team_lineup(1, 1, some(&[1, 2, 3, 5]))
            .expect("accepted");
        assert_consistent(&t, 1);
        assert_eq!(
            t.player(5).and_then(|p| p.outcome(1).scheduled_colour()),
            Some(Colour::White)
        );
    }

    #[test]
    fn every_refusal_says_why_and_changes_nothing() {
        let mut t = event();
        let before = t.clone();
        let err = |t: &mut Tournament, round, team, players: &[u32]| {
            t.set_team_lineup(round, team, some(players))
                .expect_err("refused")
        };
        assert_eq!(
            err(&mut t, 2, 1, &[1, 2, 3, 4]),
            LineupError::NotPaired { round: 2 }
        );
        assert_eq!(
            err(&mut t, 1, 9, &[1, 2, 3, 4]),
            LineupError::NoTeam { team: 9 }
        );
        assert_eq!(
            err(&mut t, 1, 3, &[11, 12, 13, 14]),
            LineupError::NoMatch { round: 1, team: 3 }
        );
        assert_eq!(
            err(&mut t, 1, 1, &[1, 2, 3]),
            LineupError::WrongCount {
                round: 1,
                team: 1,
                boards: 4,
                given: 3
            }
        );
        assert_eq!(
            err(&mut t, 1, 1, &[1, 2, 3, 6]),
            LineupError::NotOnRoster { team: 1, player: 6 }
        );
        assert_eq!(
            err(&mut t, 1, 1, &[1, 2, 2, 4]),
            LineupError::Duplicate { player: 2 }
        );
        assert_eq!(
            err(&mut t, 1, 1, &[2, 1, 3, 4]),
            LineupError::OutOfRosterOrder {
                team: 1,
                above: 1,
                below: 2
            }
        );
        assert_eq!(
            err(&mut t, 1, 1, &[0, 0, 0, 0]),
            LineupError::NoGameLeft { round: 1, team: 1 }
        );
        assert_eq!(t, before);
        let mut withdrawn = t.clone();
        if let Some(p) = withdrawn.player_mut(5) {
            p.withdrawn_from = Some(1);
        }
        assert!(matches!(
            err(&mut withdrawn, 1, 1, &[1, 2, 3, 5]),
            LineupError::Unavailable {
                round: 1,
                player: 5,
                why: "withdrawn"
            }
        ));
        let mut away = t.clone();
        if let Some(p) = away.player_mut(5) {
            p.set_outcome(1, Outcome::Bye(ByeKind::Zero));
        }
        assert!(matches!(
            err(&mut away, 1, 1, &[1, 2, 3, 5]),
            LineupError::Unavailable { player: 5, .. }
        ));
        let board = t.boards(1)[1];
        t.set_board_result(1, board.white, board.black, BoardResult::Draw)
            .expect("result");
        let with_result = t.clone();
        assert_eq!(
            err(&mut t, 1, 1, &[1, 2, 3, 5]),
            LineupError::ResultEntered {
                round: 1,
                team: 1,
                board: 2
            }
        );
        assert_eq!(t, with_result);
    }

    /// Every line-up of team 1 (each board: any roster player or none), then one of team
    /// 2: accepted ones leave the round consistent, refused ones change nothing.
    #[test]
    fn any_accepted_lineup_leaves_the_round_consistent() {
        let base = event();
        let choices = [0, 1, 2, 3, 4, 5];
        let mut accepted = 0;
        for code in 0..6usize.pow(4) {
            let players: Vec<u32> = (0..4).map(|i| choices[code / 6usize.pow(i) % 6]).collect();
            let mut t = base.clone();
            match t.set_team_lineup(1, 1, some(&players)) {
                Ok(()) => {
                    accepted += 1;
                    assert_consistent(&t, 1);
                    t.set_team_lineup(1, 2, some(&[0, 7, 8, 10])).ok();
                    assert_consistent(&t, 1);
                    // And back to the start.
                    t.set_team_lineup(1, 1, some(&[1, 2, 3, 4])).expect("back");
                    t.set_team_lineup(1, 2, some(&[6, 7, 8, 9])).expect("back");
                    assert_consistent(&t, 1);
                }
                Err(_) => assert_eq!(t, base, "{players:?}"),
            }
        }
        // In roster order with at least one player: C(5+? ) choices; at least the 5
        // orders of 4 of 5 players and those with empty boards.
        assert!(accepted > 5, "{accepted}");
    }

    /// Line-ups changed (a reserve in, a board left empty) are written as TRF-2026 `300`
    /// records and read back with the same boards and games.
    #[test]
    fn changed_lineups_round_trip_through_trf() {
        use crate::formats::trf::{self, Dialect};
        let mut t = event();
        t.set_team_lineup(1, 1, some(&[1, 0, 3, 5]))
            .expect("accepted");
        t.set_team_lineup(1, 2, some(&[6, 7, 9, 10]))
            .expect("accepted");
        let board = t.boards(1)[0];
        t.set_board_result(1, board.white, board.black, BoardResult::WhiteWins)
            .expect("result");
        let text = trf::write(&t, Dialect::Trf26).expect("fits");
        assert!(
            text.contains("\n300   1   1   2    1 0000    3    5"),
            "{text}"
        );
        let back = trf::read(text.as_bytes(), "lineups.trf").expect("reads back");
        assert_consistent(&back, 1);
        for team in [1, 2] {
            assert_eq!(
                back.team(team).map(|x| &x.lineups),
                t.team(team).map(|x| &x.lineups),
                "team {team}"
            );
            assert_eq!(back.team_lineup(1, team), t.team_lineup(1, team));
        }
        let games = |t: &Tournament| {
            t.players
                .iter()
                .map(|p| p.outcome(1).clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(games(&back), games(&t));
        assert_eq!(
            back.team_matches(1)[0].numbers,
            t.team_matches(1)[0].numbers
        );
    }
}
