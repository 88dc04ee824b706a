//! What the arbiter decides about a round beyond each player's outcome: whether its
//! pairing is published, and the board order it was published with. Results of a board are
//! entered here too, on both players' records at once.

use serde::{Deserialize, Serialize};

use super::board_order::{self, Seat, Seated};
use super::{BoardResult, ByeKind, Colour, MatchGames, Outcome, Points, Tournament};

/// The arbiter's record of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundRecord {
    /// The pairing was announced to the players. Until then it is a draft that may be
    /// re-paired freely.
    pub published: bool,
    /// Boards in the order published: the engine's (C.04.2), or the arbiter's after an
    /// override; `[white, black]` pairing numbers. Empty when unknown (rounds read from
    /// TRF); boards are then in the C.04.2 order (see [`Tournament::boards`]).
    pub boards: Vec<[u32; 2]>,
    /// How many of the event's last overrides of this round are hand edits of this
    /// pairing while it is a draft: publishing it is then confirmed (checklist Q68-69),
    /// and pairing the round again or removing the draft drops them.
    #[serde(skip_serializing_if = "is_zero")]
    pub hand_edits: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A board of a paired round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// White (in game 1, for a two-game match).
    pub white: u32,
    pub black: u32,
    /// The result; for a two-game match, the match's outcome for White (pending until
    /// both games have a result; a forfeit only for a forfeited match, C.04.5 Preface).
    pub result: BoardResult,
    /// For a two-game match (C.04.5): the result of each game, each written with that
    /// game's colours (in game 2 `white` has Black: [`BoardResult::WhiteWins`] there is a
    /// win of `black`). `None` for a single game.
    pub games: Option<[BoardResult; 2]>,
}

impl Board {
    /// The two games of a match as White's outcome records them; `None` when a game has
    /// a result a match does not hold ([`BoardResult::choices`]).
    fn white_games(games: [BoardResult; 2]) -> Option<MatchGames> {
        Some(MatchGames::new(
            games[0].match_games()?.0,
            games[1].match_games()?.1,
        ))
    }
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
    #[error(
        "round {round}: players {white} and {black} play a two-game match: enter a result for each game"
    )]
    MatchBoard { round: u32, white: u32, black: u32 },
    #[error("round {round}: players {white} and {black} play a single game, not a match")]
    NotAMatch { round: u32, white: u32, black: u32 },
    #[error(
        "round {round}: players {white} and {black} play a two-game match, whose games cannot be adjourned or scored ½-0, 0-½ or 0-0 (C.04.5): enter 1-0, ½-½, 0-1 or a forfeit"
    )]
    NotForAMatch { round: u32, white: u32, black: u32 },
    /// Publishing a round that seats a player who does not take part in it (a withdrawn
    /// player is not paired, FIDE General Handling Rules; a late entry plays from the
    /// round he joins, C.04.2 C).
    #[error(
        "round {round} cannot be published: player {player} is paired in it, but {away} (a withdrawn or absent player is not paired): re-pair the round"
    )]
    PairedWhileAway {
        round: u32,
        player: u32,
        away: super::Away,
    },
    /// Removing the pairing of a published round: the players have seen it (C.04.2 A.7);
    /// it is re-paired or overridden, each with its own question and record.
    #[error(
        "round {round} is published: its pairing is not removed once the players have seen it; re-pair it or override it instead"
    )]
    PublishedPairing { round: u32 },
    /// Removing the pairing of a round in which results were entered: they would go with it.
    #[error(
        "round {round} has {} entered: clear them before removing its pairing",
        crate::plural::count(*results, "result")
    )]
    ResultsEntered { round: u32, results: usize },
    /// Removing the pairing of a round while a later one is paired (from its results,
    /// C.04.1): the last round paired goes first.
    #[error(
        "round {later} is paired after round {round}: remove the pairing of round {later} first"
    )]
    LaterRoundPaired { round: u32, later: u32 },
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
    pub(super) fn round_record_mut(&mut self, round: u32) -> &mut RoundRecord {
        let index = round.saturating_sub(1) as usize;
        while self.round_records.len() <= index {
            let earlier = self.round_records.len() as u32 + 1;
            let published = self.is_paired(earlier);
            self.round_records.push(RoundRecord {
                published,
                ..RoundRecord::default()
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

    /// Publishes (or withdraws to draft) the pairing of a paired round. A round that
    /// seats a withdrawn player, or a late entry before the round he joins, is not
    /// published ([`RoundEditError::PairedWhileAway`]; nothing changes).
    pub fn set_published(&mut self, round: u32, published: bool) -> Result<(), RoundEditError> {
        if !self.is_paired(round) {
            return Err(RoundEditError::NotPaired { round });
        }
        if published && let Some(&(player, away)) = self.seated_while_away(round).first() {
            return Err(RoundEditError::PairedWhileAway {
                round,
                player,
                away,
            });
        }
        self.round_record_mut(round).published = published;
        Ok(())
    }

    /// Records a pairing: `boards` (`[white, black]`, in board order) get a scheduled
    /// game (a scheduled two-game match when the event plays matches (`Self::plays_matches`),
    /// `white` having White in game 1), `bye` the pairing-allocated bye, and every other player not already given a
    /// bye for the round is recorded absent. Whatever the round held before is replaced,
    /// except the byes decided before pairing; the round becomes a draft.
    pub fn record_pairing(&mut self, round: u32, boards: &[[u32; 2]], bye: Option<u32>) {
        self.clear_pairing(round);
        self.schedule(round, boards);
        if let Some(p) = bye.and_then(|id| self.player_mut(id)) {
            p.set_outcome(round, Outcome::PairingBye);
        }
        self.mark_absent(round);
    }

    /// Records the pairing of a team round (C.04.6): `boards` (`[white, black]`, match
    /// after match, board 1 first) get a scheduled game; each player of `unopposed` wins
    /// his board by forfeit, his opponent's team having no player for it (recorded as a
    /// full-point bye, TRF `0000 - +`); `bye_team` receives the pairing-allocated bye
    /// (3.4, TRF-2026 `320`). Players in no board (reserves not fielded, the team with
    /// the bye) are recorded absent, as a blank entry of a paired round reads. Whatever
    /// the round held before is replaced, except the players' byes decided before
    /// pairing; the round becomes a draft.
    pub fn record_team_pairing(
        &mut self,
        round: u32,
        boards: &[[u32; 2]],
        bye_team: Option<u32>,
        unopposed: &[u32],
    ) {
        self.clear_pairing(round);
        self.schedule(round, boards);
        for &id in unopposed {
            if let Some(p) = self.player_mut(id) {
                p.set_outcome(round, Outcome::Bye(ByeKind::Full));
            }
        }
        if let Some(team) = self.teams.iter_mut().find(|t| Some(t.id) == bye_team) {
            team.pairing_byes.push(round);
            team.pairing_byes.sort_unstable();
        }
        self.mark_absent(round);
    }

    /// Records absent every player with no outcome in `round`.
    fn mark_absent(&mut self, round: u32) {
        for player in &mut self.players {
            if !player.outcome(round).is_recorded() {
                player.set_outcome(round, Outcome::Absent);
            }
        }
    }

    /// Schedules the games of `boards` in `round` and keeps their order as a draft.
    fn schedule(&mut self, round: u32, boards: &[[u32; 2]]) {
        for &[white, black] in boards {
            self.schedule_game(round, white, black);
        }
        *self.round_record_mut(round) = RoundRecord {
            boards: boards.to_vec(),
            ..RoundRecord::default()
        };
    }

    /// Schedules one game of a round (a two-game match when the event plays them),
    /// leaving the round's record as it is.
    pub(super) fn schedule_game(&mut self, round: u32, white: u32, black: u32) {
        let (w, b) = if self.plays_matches() {
            Outcome::match_pair(white, black, MatchGames::SCHEDULED)
        } else {
            BoardResult::Pending.outcomes(white, black)
        };
        self.set_board_outcomes(round, (white, w), (black, b));
    }

    /// Replaces the board order of a paired round (`[white, black]`, board 1 first),
    /// keeping whether it is published.
    pub(super) fn set_board_order(&mut self, round: u32, boards: Vec<[u32; 2]>) {
        self.round_record_mut(round).boards = boards;
    }

    /// Whether a player's outcome of a round was decided before the round was paired, so
    /// that pairing it again keeps it: a bye or an absence. In a team event a full-point
    /// bye is a board won by forfeit, which the pairing decides (see
    /// [`Self::record_team_pairing`]).
    pub(crate) fn decided_before_pairing(&self, outcome: &Outcome) -> bool {
        *outcome == Outcome::Absent || bye_before_pairing(self.is_team_event(), outcome)
    }

    /// Whether the arbiter may change the pairing of `round` by hand: an override of a
    /// published round, or a hand edit of a draft before it is published. Only the last
    /// round paired: the later rounds were paired from this one's (C.04.1).
    pub fn pairing_overridable(&self, round: u32) -> Result<(), RoundEditError> {
        if !self.is_paired(round) {
            return Err(RoundEditError::NotPaired { round });
        }
        if let Some(later) = (round + 1..=self.rounds_recorded()).find(|&r| self.is_paired(r)) {
            return Err(RoundEditError::LaterRoundPaired { round, later });
        }
        Ok(())
    }

    /// Whether the arbiter may remove the pairing of `round` (to pair it again, or to change
    /// what it is paired from: a late entry, a withdrawal, a requested bye): only a draft,
    /// the last round paired, with no result entered. A published round is re-paired or
    /// overridden instead; results are cleared first, one by one.
    pub fn pairing_removable(&self, round: u32) -> Result<(), RoundEditError> {
        self.pairing_overridable(round)?;
        if self.is_published(round) {
            return Err(RoundEditError::PublishedPairing { round });
        }
        let results = self
            .boards(round)
            .iter()
            .filter(|b| {
                b.result != BoardResult::Pending
                    || b.games
                        .is_some_and(|g| g.iter().any(|r| *r != BoardResult::Pending))
            })
            .count();
        if results > 0 {
            return Err(RoundEditError::ResultsEntered { round, results });
        }
        Ok(())
    }

    /// Removes the pairing of a draft round at the arbiter's request, when
    /// [`Self::pairing_removable`] allows it (else nothing changes).
    pub(crate) fn remove_pairing(&mut self, round: u32) -> Result<(), RoundEditError> {
        self.pairing_removable(round)?;
        self.clear_pairing(round);
        Ok(())
    }

    /// Removes the pairing of a round (games, the PAB, absences, and in a team event the
    /// team's bye and the line-ups), keeping the byes decided before pairing, so that it
    /// can be paired again.
    pub(crate) fn clear_pairing(&mut self, round: u32) {
        self.take_draft_overrides(round);
        let team_event = self.is_team_event();
        for player in &mut self.players {
            if !bye_before_pairing(team_event, player.outcome(round)) {
                player.set_outcome(round, Outcome::NotPlayed);
            }
            while player.results.last() == Some(&Outcome::NotPlayed) {
                player.results.pop();
            }
        }
        for team in &mut self.teams {
            team.pairing_byes.retain(|&r| r != round);
            team.lineups.retain(|l| l.round != round);
        }
        if let Some(record) = round
            .checked_sub(1)
            .and_then(|i| self.round_records.get_mut(i as usize))
        {
            *record = RoundRecord::default();
        }
    }

    /// The boards of a round in board order, the one order the window, every printed
    /// document and the command line number them by: the recorded order (the engine's,
    /// or the arbiter's as published) when it still matches the games; for a round
    /// recorded without one (a TRF), the C.04.2 order by real points and pairing numbers
    /// (`board_order`).
    pub fn boards(&self, round: u32) -> Vec<Board> {
        let board = |white: u32, black: u32| -> Option<Board> {
            let w = self.player(white)?.outcome(round);
            let b = self.player(black)?.outcome(round);
            (w.opponent() == Some(black) && w.scheduled_colour() == Some(Colour::White)).then(
                || Board {
                    white,
                    black,
                    result: BoardResult::of_board(w, b),
                    games: match w {
                        Outcome::Match { games, .. } => Some([
                            BoardResult::of_match_game(games.first),
                            BoardResult::of_match_game(games.second.reversed()),
                        ]),
                        _ => None,
                    },
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
        let all = self
            .players
            .iter()
            .filter_map(|p| board(p.id, p.outcome(round).opponent()?));
        if self.is_team_event() {
            return self.team_board_order(round, all.collect());
        }
        let seat = |id: u32| -> Seat {
            let points = self
                .player(id)
                .map_or(Points::ZERO, |p| board_order::score(self, p, round));
            (points, id as usize)
        };
        let unordered = all
            .map(|b| {
                let (white, black) = (seat(b.white), seat(b.black));
                Seated::by_score(b, white, black)
            })
            .collect();
        board_order::sort(unordered)
    }

    /// The boards of a team round recorded without an order, match after match: the
    /// matches as the Swiss Team system orders them (C.04.6 with C.04.2: the higher team
    /// score of the match, then the sum of both, then the smaller team number; scores
    /// from the rounds before), and within a match board 1 first (each team fields its
    /// players in roster order, so the roster place of one team's player gives the board).
    fn team_board_order(&self, round: u32, boards: Vec<Board>) -> Vec<Board> {
        let scores = self.team_scores_before(round);
        let place = |player: u32| -> (u32, usize) {
            self.teams
                .iter()
                .find_map(|team| {
                    let at = team.players.iter().position(|&p| p == player)?;
                    Some((team.id, at))
                })
                .unwrap_or((0, 0))
        };
        let mut keyed: Vec<_> = boards
            .into_iter()
            .map(|b| {
                let (w, b_) = (place(b.white), place(b.black));
                let score = |team: u32| scores.get(&team).copied().unwrap_or(Points::ZERO);
                let (first, second) = if w.0 <= b_.0 { (w, b_) } else { (b_, w) };
                let key = (
                    std::cmp::Reverse(score(first.0).max(score(second.0))),
                    std::cmp::Reverse(score(first.0) + score(second.0)),
                    first.0,
                    second.0,
                    first.1,
                );
                (key, b)
            })
            .collect();
        keyed.sort_by_key(|k| k.0);
        keyed.into_iter().map(|k| k.1).collect()
    }

    /// The player given the pairing-allocated bye in a round.
    pub fn pairing_bye(&self, round: u32) -> Option<u32> {
        self.players
            .iter()
            .find(|p| *p.outcome(round) == Outcome::PairingBye)
            .map(|p| p.id)
    }

    /// The board of a round with these players.
    fn board(&self, round: u32, white: u32, black: u32) -> Result<Board, RoundEditError> {
        self.boards(round)
            .into_iter()
            .find(|b| b.white == white && b.black == black)
            .ok_or(RoundEditError::NotABoard {
                round,
                white,
                black,
            })
    }

    /// Enters (or clears, with [`BoardResult::Pending`]) the result of a board. On the
    /// board of a two-game match only clearing is accepted (it clears both games); its
    /// results go through `Self::set_match_result`.
    pub fn set_board_result(
        &mut self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Result<(), RoundEditError> {
        let board = self.board(round, white, black)?;
        if board.games.is_some() {
            if result != BoardResult::Pending {
                return Err(RoundEditError::MatchBoard {
                    round,
                    white,
                    black,
                });
            }
            return self.set_match_result(round, white, black, [BoardResult::Pending; 2]);
        }
        let (w, b) = result.outcomes(white, black);
        self.set_board_outcomes(round, (white, w), (black, b));
        Ok(())
    }

    /// Enters (or clears, with [`BoardResult::Pending`]) the two results of a two-game match
    /// (C.04.5), each written with the colours of its game: in game 2 `white` has Black.
    pub(crate) fn set_match_result(
        &mut self,
        round: u32,
        white: u32,
        black: u32,
        games: [BoardResult; 2],
    ) -> Result<(), RoundEditError> {
        if self.board(round, white, black)?.games.is_none() {
            return Err(RoundEditError::NotAMatch {
                round,
                white,
                black,
            });
        }
        let games = Board::white_games(games).ok_or(RoundEditError::NotForAMatch {
            round,
            white,
            black,
        })?;
        let (w, b) = Outcome::match_pair(white, black, games);
        self.set_board_outcomes(round, (white, w), (black, b));
        Ok(())
    }

    fn set_board_outcomes(&mut self, round: u32, white: (u32, Outcome), black: (u32, Outcome)) {
        let (white, w) = white;
        let (black, b) = black;
        if let Some(p) = self.player_mut(white) {
            p.set_outcome(round, w);
        }
        if let Some(p) = self.player_mut(black) {
            p.set_outcome(round, b);
        }
    }

    /// White's and Black's match scores on the board of a two-game match (C.04.5), when
    /// both games have a result.
    pub(crate) fn match_score(
        &self,
        round: u32,
        white: u32,
        black: u32,
    ) -> Option<(Points, Points)> {
        let score = |id: u32| match self.player(id)?.outcome(round) {
            outcome @ Outcome::Match { games, .. } if !games.is_pending() => {
                Some(self.event.scoring.points(outcome))
            }
            _ => None,
        };
        Some((score(white)?, score(black)?))
    }

    /// The numbers (from 1, in board order) of the boards of `round` without a result.
    pub fn pending_boards(&self, round: u32) -> Vec<u32> {
        (1..)
            .zip(self.boards(round))
            .filter(|(_, board)| board.result == BoardResult::Pending)
            .map(|(number, _)| number)
            .collect()
    }

    /// Whether every board of a paired round has a result.
    pub fn is_complete(&self, round: u32) -> bool {
        self.is_paired(round) && self.pending_boards(round).is_empty()
    }

    /// The rounds whose results count in the points the window shows: from round 1 on,
    /// each paired and published or with every result in. A draft does not count, nor a
    /// bye requested for a round not paired yet (`score_after(player, rounds_counted())`).
    pub(crate) fn rounds_counted(&self) -> u32 {
        (1..=self.rounds_recorded())
            .take_while(|&r| self.is_paired(r) && (self.is_published(r) || self.is_complete(r)))
            .last()
            .unwrap_or(0)
    }

    /// Records or removes (`None`) a bye requested before the pairing of a round that is
    /// not paired yet.
    pub(crate) fn set_requested_bye(
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

/// Whether `outcome` is a bye decided before the round was paired (see
/// [`Tournament::decided_before_pairing`]).
fn bye_before_pairing(team_event: bool, outcome: &Outcome) -> bool {
    match outcome {
        Outcome::Bye(ByeKind::Full) => !team_event,
        Outcome::Bye(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A draft and a bye requested for a round not paired yet are not counted; a draft
    /// with every result in is.
    #[test]
    fn points_shown_count_rounds_played_or_published() {
        let mut t = Tournament {
            players: (1..=3)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2]], Some(3));
        t.round_records[0].published = true;
        t.set_board_result(1, 1, 2, BoardResult::Draw)
            .expect("board");
        t.record_pairing(2, &[[3, 1]], Some(2));
        t.players[0].set_outcome(3, Outcome::Bye(ByeKind::Half));
        assert_eq!(t.rounds_counted(), 1, "round 2 is a draft");
        let shown = |t: &Tournament, id: u32| {
            t.player(id)
                .map(|p| t.score_after(p, t.rounds_counted()))
                .unwrap_or_default()
        };
        assert_eq!(shown(&t, 1), Points::from_tenths(5));
        assert_eq!(shown(&t, 2), Points::from_tenths(5), "the draft's PAB");
        t.set_board_result(2, 3, 1, BoardResult::WhiteWins)
            .expect("board");
        assert_eq!(t.rounds_counted(), 2, "every result in");
        assert_eq!(shown(&t, 1), Points::from_tenths(5), "the round 3 bye");
        assert_eq!(t.score(&t.players[0]), Points::from_tenths(10));
    }
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

    fn match_event() -> Tournament {
        let mut t = four();
        t.event.system = Some(crate::tournament::SystemId::DoubleSwiss);
        t.event.scoring = crate::tournament::ScoringSystem::double_swiss(
            crate::tournament::ScoringSystem::standard(),
        );
        t.record_pairing(1, &[[1, 2], [3, 4]], Some(5));
        t
    }

    #[test]
    fn two_results_per_match_board() {
        let mut t = match_event();
        let board = t.boards(1)[0];
        assert_eq!(board.games, Some([BoardResult::Pending; 2]));
        assert!(!t.is_complete(1));
        // Game 1: White (1) wins; game 2, written with its own colours: 2 has White, draw.
        t.set_match_result(1, 1, 2, [BoardResult::WhiteWins, BoardResult::Draw])
            .expect("board");
        // Game 2: 4 has White and wins by forfeit, game 1 was drawn.
        t.set_match_result(1, 3, 4, [BoardResult::Draw, BoardResult::WhiteForfeitWin])
            .expect("board");
        assert!(t.is_complete(1) && t.inconsistencies().is_empty());
        let score = |id: u32| t.player(id).map(|p| t.score(p)).unwrap_or_default();
        let tenths = |x: i32| crate::tournament::Points::from_tenths(x);
        assert_eq!(
            [score(1), score(2), score(3), score(4), score(5)],
            [tenths(15), tenths(5), tenths(5), tenths(15), tenths(15)],
            "match scores, and the PAB worth a game won plus one drawn"
        );
        assert_eq!(t.match_score(1, 3, 4), Some((tenths(5), tenths(15))));
        let boards = t.boards(1);
        assert_eq!(boards[0].result, BoardResult::WhiteWins);
        assert_eq!(
            boards[1].games,
            Some([BoardResult::Draw, BoardResult::WhiteForfeitWin])
        );
        assert_eq!(boards[1].result, BoardResult::BlackWins, "3 lost ½-1½");
        assert!(
            t.player(3).is_some_and(|p| p.outcome(1).is_meeting()),
            "one game played: the match is no forfeit"
        );
        assert_eq!(
            t.set_board_result(1, 1, 2, BoardResult::Draw),
            Err(RoundEditError::MatchBoard {
                round: 1,
                white: 1,
                black: 2
            })
        );
        t.set_board_result(1, 1, 2, BoardResult::Pending)
            .expect("clearing");
        assert!(!t.is_complete(1));
        assert_eq!(t.match_score(1, 1, 2), None);
        let mut single = four();
        single.record_pairing(1, &[[1, 2]], None);
        assert!(matches!(
            single.set_match_result(1, 1, 2, [BoardResult::Draw; 2]),
            Err(RoundEditError::NotAMatch { .. })
        ));
    }

    #[test]
    fn a_match_forfeited_in_both_games_is_a_forfeit() {
        let mut t = match_event();
        let forfeit = BoardResult::BlackForfeitWin;
        // Game 1: 2 (Black) wins by forfeit; game 2: 2 (White) wins by forfeit: 1 forfeited
        // both.
        t.set_match_result(1, 1, 2, [forfeit, BoardResult::WhiteForfeitWin])
            .expect("board");
        assert_eq!(t.boards(1)[0].result, BoardResult::BlackForfeitWin);
        let outcome = |t: &Tournament, id: u32| t.player(id).map(|p| p.outcome(1).clone());
        assert!(outcome(&t, 1).is_some_and(|o| !o.is_meeting() && o.result_code() == '-'));
        assert!(outcome(&t, 2).is_some_and(|o| !o.is_meeting() && o.result_code() == '+'));
        // One game forfeited, one played: not a forfeit.
        t.set_match_result(1, 1, 2, [forfeit, BoardResult::Draw])
            .expect("board");
        assert!(outcome(&t, 1).is_some_and(|o| o.is_meeting() && o.result_code() == '0'));
    }

    #[test]
    fn native_files_keep_matches_and_old_files_still_load() {
        let mut t = match_event();
        t.set_match_result(
            1,
            1,
            2,
            [BoardResult::WhiteWins, BoardResult::DoubleForfeit],
        )
        .expect("board");
        let text = crate::formats::native::to_string(&t).expect("serialises");
        assert!(text.contains("Match("), "{text}");
        let back = crate::formats::native::from_str(&text, "test").expect("reads back");
        assert_eq!(back, t);
        let old = r#"(format_version: 1, tournament: (
            event: (name: "Old", scoring: (win: "1.0", draw: "0.5", loss: "0.0",
                forfeit_win: "1.0", forfeit_loss: "0.0", full_bye: "1.0", half_bye: "0.5",
                zero_bye: "0.0", pab: "1.0")),
            players: [
                (id: 1, name: "A", results: [Game(opponent: 2, colour: White, result: Win)]),
                (id: 2, name: "B", results: [Game(opponent: 1, colour: Black, result: Loss)]),
            ],
        ))"#;
        let old = crate::formats::native::from_str(old, "old").expect("an old file loads");
        assert_eq!(old.boards(1)[0].result, BoardResult::WhiteWins);
        assert_eq!(old.boards(1)[0].games, None);
    }
}
