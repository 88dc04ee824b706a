//! The matches of a team event, read from its players' games: the games of one team's
//! players against another team's make one match (C.04.6 1.1), scored in game points
//! (the sum of the games) and match points (won, drawn or lost on game points, C.04.6 1.2).

use super::{ByeKind, Inconsistency, Outcome, Points, Team, TeamScoring, Tournament};

/// One team's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamOutcome {
    /// The team met no team and had no bye (not paired, withdrawn, or not yet paired).
    NotPaired,
    /// The pairing-allocated bye (C.04.6 3.4).
    PairingBye,
    /// A half- or full-point bye given to the team (TRF-2026 `240`): no match, the
    /// match points of a drawn or won match and `game_points` (every board drawn or won).
    Bye { kind: ByeKind, game_points: Points },
    /// A match against the team with pairing number `opponent`.
    Match {
        opponent: u32,
        game_points: Points,
        opponent_game_points: Points,
    },
}

impl TeamOutcome {
    /// The match points and game points the round gives the team (C.04.6 1.2): a match
    /// scores by its game points, the pairing-allocated bye as the event values it
    /// (`bye_game_points`, see [`TeamRounds::bye_game_points`]), no match nothing.
    pub(crate) fn scores(
        &self,
        scoring: &TeamScoring,
        bye_game_points: Points,
    ) -> (Points, Points) {
        match *self {
            TeamOutcome::NotPaired => (Points::ZERO, Points::ZERO),
            TeamOutcome::PairingBye => (scoring.pab_match_points(), bye_game_points),
            TeamOutcome::Bye { kind, game_points } => (
                match kind {
                    ByeKind::Full => scoring.match_win,
                    ByeKind::Half => scoring.match_draw,
                    ByeKind::Zero => scoring.match_loss,
                },
                game_points,
            ),
            TeamOutcome::Match {
                game_points,
                opponent_game_points,
                ..
            } => (
                scoring.match_points(game_points, opponent_game_points),
                game_points,
            ),
        }
    }
}

/// Every team's round outcomes, in the order of [`Tournament::teams`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRounds {
    /// Games per match: the event's number, or the most games one team played in one
    /// match.
    pub(crate) boards: u32,
    /// `outcomes[t][r]`: team `t` (index into `teams`) in round `r + 1`.
    pub outcomes: Vec<Vec<TeamOutcome>>,
}

/// One match of a recorded team round, as its boards show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMatch {
    /// The team with White on board 1 (1.6.1), and its opponent.
    pub white: u32,
    pub black: u32,
    /// Its boards: indices into [`Tournament::boards`] of the round.
    pub boards: std::ops::Range<usize>,
    /// The game points each team has so far in the round (boards won by forfeit
    /// included, games without a result not).
    pub game_points: (Points, Points),
    /// Players of either team who win their board by forfeit, the other team having no
    /// one for it (recorded as a full-point bye, see [`Tournament::record_team_pairing`]),
    /// in board order.
    pub(crate) unopposed: Vec<u32>,
    /// The number in the match (from 1) of each board of `boards`, then of each board of
    /// `unopposed`: as the teams' line-ups place them (TRF-2026 `300`, see
    /// [`Tournament::set_team_lineup`]), else the games first and the boards won by
    /// forfeit after them, as the pairing fields the players.
    pub numbers: Vec<u32>,
}

impl RecordedMatch {
    /// Fills [`Self::numbers`] (and puts `unopposed` in board order) from the line-ups
    /// recorded for the round, if any.
    fn number_boards(&mut self, t: &Tournament, round: u32) {
        let lineups: Vec<&super::Lineup> = [(self.white, self.black), (self.black, self.white)]
            .into_iter()
            .filter_map(|(team, opponent)| {
                t.team(team)?
                    .lineups
                    .iter()
                    .find(|l| l.round == round && l.opponent == opponent)
            })
            .collect();
        let board_of = |player: u32| {
            lineups
                .iter()
                .find_map(|l| l.boards.iter().position(|&p| p == Some(player)))
                .map(|i| i as u32 + 1)
        };
        let games = t.boards(round);
        let played: Vec<Option<u32>> = games
            .get(self.boards.clone())
            .unwrap_or_default()
            .iter()
            .map(|b| board_of(b.white).or_else(|| board_of(b.black)))
            .collect();
        let mut forfeits: Vec<(Option<u32>, u32)> =
            self.unopposed.iter().map(|&p| (board_of(p), p)).collect();
        if lineups.is_empty()
            || played
                .iter()
                .chain(forfeits.iter().map(|f| &f.0))
                .any(Option::is_none)
        {
            let n = self.boards.len() + self.unopposed.len();
            self.numbers = (1..=n as u32).collect();
            return;
        }
        forfeits.sort_unstable();
        self.unopposed = forfeits.iter().map(|f| f.1).collect();
        // With board 1 left empty the first game is not board 1: the team with White on
        // board 1 is the one the board colours give it (C.04.6 1.6.1).
        if let (Some(Some(number)), Some(first)) = (played.first(), games.get(self.boards.start))
            && t.board_colour(*number as usize - 1) == super::Colour::Black
            && t.team_of(first.white) == Some(self.white)
        {
            std::mem::swap(&mut self.white, &mut self.black);
            self.game_points = (self.game_points.1, self.game_points.0);
        }
        self.numbers = played
            .into_iter()
            .chain(forfeits.into_iter().map(|f| f.0))
            .flatten()
            .collect();
    }
}

impl TeamRounds {
    /// The game points of the pairing-allocated bye in `t` (C.04.6 3.4; TRF-2026 `320`).
    pub(crate) fn bye_game_points(&self, t: &Tournament) -> Points {
        t.event
            .team_scoring
            .pab_game_points(self.boards, t.event.scoring.draw)
    }
}

impl Tournament {
    /// The matches of a recorded team round: consecutive boards ([`Tournament::boards`],
    /// match after match, board 1 first) between the same two teams make one match.
    /// Empty for an event without teams.
    pub fn team_matches(&self, round: u32) -> Vec<RecordedMatch> {
        if !self.is_team_event() || round == 0 {
            return Vec::new();
        }
        let team_rounds = self.team_rounds();
        let game_points = |team: u32| {
            let index = self.teams.iter().position(|x| x.id == team)?;
            match team_rounds.outcomes.get(index)?.get(round as usize - 1)? {
                TeamOutcome::Match { game_points, .. } => Some(*game_points),
                _ => None,
            }
        };
        let mut out: Vec<RecordedMatch> = Vec::new();
        for (i, board) in self.boards(round).iter().enumerate() {
            let (Some(w), Some(b)) = (self.team_of(board.white), self.team_of(board.black)) else {
                continue;
            };
            if let Some(m) = out.last_mut()
                && m.boards.end == i
                && (m.white == w && m.black == b || m.white == b && m.black == w)
            {
                m.boards.end = i + 1;
                continue;
            }
            out.push(RecordedMatch {
                white: w,
                black: b,
                boards: i..i + 1,
                game_points: (Points::ZERO, Points::ZERO),
                unopposed: Vec::new(),
                numbers: Vec::new(),
            });
        }
        for m in &mut out {
            let score = |team| game_points(team).unwrap_or(Points::ZERO);
            m.game_points = (score(m.white), score(m.black));
            m.unopposed = [m.white, m.black]
                .into_iter()
                .filter_map(|team| self.team(team))
                .flat_map(|team| team.players.iter().copied())
                .filter(|&p| {
                    self.player(p)
                        .is_some_and(|p| *p.outcome(round) == Outcome::Bye(ByeKind::Full))
                })
                .collect();
            m.number_boards(self, round);
        }
        out
    }

    /// The team with the pairing-allocated bye of `round` (C.04.6 3.4), if any.
    pub fn team_bye(&self, round: u32) -> Option<&Team> {
        self.teams.iter().find(|x| x.pairing_byes.contains(&round))
    }

    /// Whether this is a team event (it has teams).
    pub fn is_team_event(&self) -> bool {
        !self.teams.is_empty()
    }

    /// The team with this pairing number.
    pub fn team(&self, id: u32) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The pairing number of the team a player plays for.
    pub fn team_of(&self, player: u32) -> Option<u32> {
        self.teams
            .iter()
            .find(|t| t.players.contains(&player))
            .map(|t| t.id)
    }

    /// Each team's match (or bye) in each round recorded. Meaningful for a consistent
    /// event ([`Tournament::check`] passes).
    pub fn team_rounds(&self) -> TeamRounds {
        let rounds = self.rounds_recorded();
        let index: std::collections::HashMap<u32, usize> = self
            .teams
            .iter()
            .enumerate()
            .flat_map(|(i, t)| t.players.iter().map(move |&p| (p, i)))
            .collect();
        let team_index = |player: u32| index.get(&player).copied();
        let mut opponents = vec![vec![None; rounds as usize]; self.teams.len()];
        let mut points = vec![vec![Points::ZERO; rounds as usize]; self.teams.len()];
        let mut games = vec![vec![0u32; rounds as usize]; self.teams.len()];
        for (t, team) in self.teams.iter().enumerate() {
            for player in team.players.iter().filter_map(|&id| self.player(id)) {
                for r in 0..rounds as usize {
                    let outcome = player.outcome(r as u32 + 1);
                    points[t][r] += self.event.scoring.points(outcome);
                    if let Some(other) = outcome.opponent().and_then(team_index) {
                        opponents[t][r] = Some(other);
                    }
                    if outcome.holds_team_board() {
                        games[t][r] += 1;
                    }
                }
            }
        }
        let boards = match self.event.team_scoring.boards {
            0 => games.iter().flatten().copied().max().unwrap_or(0),
            n => n,
        };
        let outcomes = self
            .teams
            .iter()
            .enumerate()
            .map(|(t, team)| {
                (0..rounds as usize)
                    .map(|r| match opponents[t][r] {
                        Some(o) => TeamOutcome::Match {
                            opponent: self.teams[o].id,
                            game_points: points[t][r],
                            opponent_game_points: points[o][r],
                        },
                        None if team.pairing_byes.contains(&(r as u32 + 1)) => {
                            TeamOutcome::PairingBye
                        }
                        None => match team.requested_byes.iter().find(|b| b.0 == r as u32 + 1) {
                            None => TeamOutcome::NotPaired,
                            Some(&(_, kind)) => {
                                let s = &self.event.scoring;
                                let each = match kind {
                                    ByeKind::Full => s.full_bye,
                                    ByeKind::Half => s.half_bye,
                                    ByeKind::Zero => s.zero_bye,
                                };
                                TeamOutcome::Bye {
                                    kind,
                                    game_points: each.times(boards as i32),
                                }
                            }
                        },
                    })
                    .collect()
            })
            .collect();
        TeamRounds { boards, outcomes }
    }
}

impl Tournament {
    /// Each team's primary score (C.04.6 1.2: match points, or game points when the
    /// event says so) from the rounds before `round`, the pairing-allocated bye counted as
    /// the event scores it; by team pairing number.
    pub(crate) fn team_scores_before(&self, round: u32) -> std::collections::HashMap<u32, Points> {
        let rounds = self.team_rounds();
        let ts = &self.event.team_scoring;
        let bye = rounds.bye_game_points(self);
        self.teams
            .iter()
            .zip(&rounds.outcomes)
            .map(|(team, outcomes)| {
                let score = outcomes
                    .iter()
                    .take(round.saturating_sub(1) as usize)
                    .map(|o| {
                        let (mp, gp) = o.scores(ts, bye);
                        match ts.primary {
                            super::TeamScore::MatchPoints => mp,
                            super::TeamScore::GamePoints => gp,
                        }
                    })
                    .sum();
                (team.id, score)
            })
            .collect()
    }
}

/// Contradictions in the teams: rosters naming unknown players or sharing one, a player
/// who meets a team-mate, a team meeting two teams in one round, a line-up against another
/// team than the one met or naming a player off the roster, a bye in a round the team
/// played, games of players who play for no team.
pub(super) fn check(t: &Tournament) -> Vec<Inconsistency> {
    let mut found = Vec::new();
    if t.teams.is_empty() {
        return found;
    }
    let mut team_of = std::collections::HashMap::new();
    for (i, team) in t.teams.iter().enumerate() {
        if t.teams[..i].iter().any(|other| other.id == team.id) {
            found.push(Inconsistency::DuplicateTeam { team: team.id });
        }
        for &player in &team.players {
            if t.player(player).is_none() {
                found.push(Inconsistency::UnknownTeamPlayer {
                    team: team.id,
                    player,
                });
            } else if let Some(first) = team_of.insert(player, team.id) {
                found.push(Inconsistency::PlayerInTwoTeams {
                    player,
                    first,
                    second: team.id,
                });
            }
        }
    }
    if !found.is_empty() {
        return found;
    }
    let rounds = t.rounds_recorded();
    for team in &t.teams {
        for round in 1..=rounds {
            let mut met: Option<u32> = None;
            for player in team.players.iter().filter_map(|&id| t.player(id)) {
                let Some(opponent) = player.outcome(round).opponent() else {
                    continue;
                };
                let Some(&other) = team_of.get(&opponent) else {
                    continue;
                };
                if other == team.id {
                    found.push(Inconsistency::TeamMeetsItself {
                        team: team.id,
                        round,
                        player: player.id,
                    });
                } else if let Some(first) = met.filter(|&first| first != other) {
                    found.push(Inconsistency::TeamMeetsSeveral {
                        team: team.id,
                        round,
                        first,
                        second: other,
                    });
                } else {
                    met = Some(other);
                }
            }
            for lineup in team.lineups.iter().filter(|l| l.round == round) {
                if let Some(met) = met.filter(|&met| met != lineup.opponent) {
                    found.push(Inconsistency::LineupOpponent {
                        team: team.id,
                        round,
                        named: lineup.opponent,
                        met,
                    });
                }
                for &player in lineup.boards.iter().flatten() {
                    if !team.players.contains(&player) {
                        found.push(Inconsistency::LineupOffRoster {
                            team: team.id,
                            round,
                            player,
                        });
                    }
                }
            }
            if met.is_some() && team.pairing_byes.contains(&round) {
                found.push(Inconsistency::TeamByeWhilePlaying {
                    team: team.id,
                    round,
                });
            }
        }
    }
    for player in &t.players {
        if team_of.contains_key(&player.id) {
            continue;
        }
        if let Some(index) = player.results.iter().position(|o| o.opponent().is_some()) {
            found.push(Inconsistency::GameOutsideTeams {
                player: player.id,
                round: index as u32 + 1,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Colour, GameResult, Player};

    #[test]
    fn a_recorded_round_is_grouped_into_matches_with_their_score_and_forfeits() {
        let mut t = Tournament::default();
        for id in 1..=5 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        for (id, players) in [(1, vec![1, 2]), (2, vec![3]), (3, vec![4, 5])] {
            t.teams.push(Team::new(id, format!("T{id}"), players));
        }
        // Team 2 has one player for two boards: 2 wins board 2 by forfeit; team 3 the bye.
        t.record_team_pairing(1, &[[1, 3]], Some(3), &[2]);
        t.set_board_result(1, 1, 3, BoardResult::Draw)
            .expect("result");
        let matches = t.team_matches(1);
        assert_eq!(matches.len(), 1);
        let m = &matches[0];
        assert_eq!((m.white, m.black, m.boards.clone()), (1, 2, 0..1));
        assert_eq!(m.unopposed, [2]);
        assert_eq!(m.game_points, (Points::from_tenths(15), Points::HALF));
        assert_eq!(t.team_bye(1).map(|x| x.id), Some(3));
        assert!(Tournament::default().team_matches(1).is_empty());
    }

    /// Four players, 1 and 2 for team A (1), 3 and 4 for team B (2); round 1: 1-3 won by
    /// 1, 2-4 drawn.
    fn two_teams() -> Tournament {
        let mut t = Tournament::default();
        let games = [
            (1, 3, Colour::White, GameResult::Win),
            (2, 4, Colour::Black, GameResult::Draw),
        ];
        for id in 1..=4 {
            let mut p = Player::new(id, format!("P{id}"));
            for &(a, b, colour, result) in &games {
                if id == a {
                    p.results.push(Outcome::game(b, colour, result));
                } else if id == b {
                    p.results
                        .push(Outcome::game(a, colour.opposite(), result.reversed()));
                }
            }
            t.add_player(p).expect("new number");
        }
        t.teams = vec![Team::new(1, "A", vec![1, 2]), Team::new(2, "B", vec![3, 4])];
        t
    }

    /// A board scored ½-0 or 0-0 (VCL.13) adds each player's own points to his team's:
    /// the two teams' game points need not add up to the boards played.
    #[test]
    fn a_match_adds_up_each_players_own_points() {
        let mut t = two_teams();
        t.set_board_result(1, 1, 3, BoardResult::HalfZero)
            .expect("board");
        t.set_board_result(1, 4, 2, BoardResult::ZeroZero)
            .expect("board");
        assert!(t.check().is_ok());
        assert_eq!(
            t.team_rounds().outcomes[0][0],
            TeamOutcome::Match {
                opponent: 2,
                game_points: Points::HALF,
                opponent_game_points: Points::ZERO,
            }
        );
    }

    #[test]
    fn a_match_adds_up_the_boards() {
        let t = two_teams();
        assert!(t.check().is_ok());
        let rounds = t.team_rounds();
        assert_eq!(rounds.boards, 2);
        assert_eq!(
            rounds.outcomes[0][0],
            TeamOutcome::Match {
                opponent: 2,
                game_points: Points::from_tenths(15),
                opponent_game_points: Points::HALF,
            }
        );
    }

    #[test]
    fn a_lineup_must_name_the_team_met_and_its_own_players() {
        let mut t = two_teams();
        let lineup = |opponent, boards: Vec<Option<u32>>| crate::tournament::Lineup {
            round: 1,
            opponent,
            boards,
        };
        t.teams[0].lineups = vec![lineup(2, vec![Some(2), Some(1)])];
        assert_eq!(t.check(), Ok(()), "boards out of roster order are fine");
        t.teams[0].lineups = vec![lineup(3, vec![Some(1), None])];
        assert_eq!(
            t.check(),
            Err(Inconsistency::LineupOpponent {
                team: 1,
                round: 1,
                named: 3,
                met: 2
            })
        );
        t.teams[0].lineups = vec![lineup(2, vec![Some(1), Some(4)])];
        assert_eq!(
            t.check(),
            Err(Inconsistency::LineupOffRoster {
                team: 1,
                round: 1,
                player: 4
            })
        );
    }

    #[test]
    fn every_team_contradiction_is_found() {
        let mut t = two_teams();
        t.teams[0].pairing_byes.push(1);
        assert!(matches!(
            t.check(),
            Err(Inconsistency::TeamByeWhilePlaying { team: 1, round: 1 })
        ));

        let mut t = two_teams();
        t.teams[1].players = vec![3, 4, 2];
        assert!(matches!(
            t.check(),
            Err(Inconsistency::PlayerInTwoTeams {
                player: 2,
                first: 1,
                second: 2
            })
        ));

        let mut t = two_teams();
        t.teams[1].players = vec![3];
        t.teams.push(Team::new(3, "C", vec![4]));
        assert!(matches!(
            t.check(),
            Err(Inconsistency::TeamMeetsSeveral {
                team: 1,
                round: 1,
                ..
            })
        ));

        let mut t = two_teams();
        t.teams[1].players = vec![3];
        assert!(matches!(
            t.check(),
            Err(Inconsistency::GameOutsideTeams {
                player: 4,
                round: 1
            })
        ));

        let mut t = two_teams();
        t.teams[1].id = 1;
        assert!(matches!(
            t.check(),
            Err(Inconsistency::DuplicateTeam { team: 1 })
        ));
    }
}
