//! Each team's rounds as the team tie-breaks read them: the match and game points of every
//! round, the team met, whether the match was played (C.07 15.1) and whether a round
//! without a played match was voluntary (C.07 16.2), and from these the score a team
//! lends its opponents (C.07 16.3), and the team's result on each board.

use crate::tournament::{Colour, Outcome, Points, Team, TeamOutcome, Tournament};

use super::teams::TeamScore;

/// One team's round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TeamRound {
    pub(crate) match_points: Points,
    pub(crate) game_points: Points,
    /// The team met (index into the event's teams), whether the match was played or not.
    pub(crate) opponent: Option<usize>,
    /// The pairing-allocated bye (C.04.6 3.4).
    pub(crate) bye: bool,
    /// C.07 15.1: a round with a match played over the board. A team match counts as
    /// played when one of its games was played, or when both teams scored (each won a
    /// board by forfeit: both appeared).
    pub(crate) played: bool,
    /// C.07 16.2: a voluntary unplayed round (VUR): a round without a match (absent,
    /// withdrawn, not paired) or a match not played and not won. The pairing-allocated
    /// bye and a match won by forfeit are not voluntary.
    pub(crate) voluntary: bool,
    /// The team's result on each board: the games of a match (forfeits included, and a
    /// board won for want of an opponent), the pairing-allocated bye's game points shared
    /// equally among the boards, nothing for a round without a match.
    pub(crate) boards: Vec<Board>,
}

/// One board of a team's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    /// 1 for the top board.
    pub(crate) number: u32,
    pub(crate) points: Points,
    /// Played over the board.
    pub(crate) played: bool,
    /// The colour the team's player had (scheduled, played or forfeited); none for a
    /// bye's share.
    pub(crate) colour: Option<Colour>,
    /// Paired, result not entered yet.
    pub(crate) pending: bool,
}

impl TeamRound {
    pub(crate) fn score(&self, score: TeamScore) -> Points {
        match score {
            TeamScore::Match => self.match_points,
            TeamScore::Game => self.game_points,
        }
    }
}

/// One team's rounds up to the standings' round and its totals.
#[derive(Clone, Debug)]
pub(super) struct TeamRecord {
    pub(crate) rounds: Vec<TeamRound>,
    pub(crate) match_points: Points,
    pub(crate) game_points: Points,
}

impl TeamRecord {
    pub(crate) fn total(&self, score: TeamScore) -> Points {
        match score {
            TeamScore::Match => self.match_points,
            TeamScore::Game => self.game_points,
        }
    }

    /// C.07 16.3: the team's score as its opponents' tie-breaks see it. Every round counts
    /// the points awarded, except a round without a match after which the team had only
    /// voluntary unplayed rounds (16.2.5: it withdrew or stayed away to the end), which
    /// counts as a draw (`draw`: a drawn match's points in `score`).
    pub(crate) fn adjusted(&self, score: TeamScore, draw: Points) -> Points {
        let last_not_voluntary = self
            .rounds
            .iter()
            .rposition(|r| !r.voluntary)
            .map_or(0, |i| i + 1);
        self.rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                if r.opponent.is_none() && i + 1 > last_not_voluntary {
                    draw
                } else {
                    r.score(score)
                }
            })
            .sum()
    }
}

/// The pairing-allocated bye's game points on each board: shared equally (a bye worth a
/// drawn match is a draw on every board), the odd tenths to the top boards so that the
/// boards add up to the bye's points.
fn bye_boards(points: Points, boards: u32) -> Vec<Board> {
    let boards = boards.max(1);
    let (each, odd) = (
        points.tenths() / boards as i32,
        points.tenths() % boards as i32,
    );
    (1..=boards)
        .map(|number| Board {
            number,
            points: Points::from_tenths(each + i32::from(number as i32 <= odd)),
            played: false,
            colour: None,
            pending: false,
        })
        .collect()
}

/// The team's games against `opponent` in `round`, by board: the board of the line-up the
/// event recorded (TRF-2026 `300`), else the players who played in roster order.
fn boards(t: &Tournament, team: &Team, round: u32, opponent: u32) -> Vec<Board> {
    let lineup = team
        .lineups
        .iter()
        .find(|l| l.round == round && l.opponent == opponent);
    let placed: Vec<(u32, &Outcome)> = match lineup {
        Some(l) => l
            .boards
            .iter()
            .zip(1..)
            .filter_map(|(id, number)| Some((number, t.player((*id)?)?.outcome(round))))
            .collect(),
        None => team
            .players
            .iter()
            .filter_map(|&id| t.player(id))
            .map(|p| p.outcome(round))
            .filter(|o| o.holds_team_board())
            .zip(1..)
            .map(|(outcome, number)| (number, outcome))
            .collect(),
    };
    placed
        .into_iter()
        .map(|(number, outcome)| Board {
            number,
            points: t.event.scoring.points(outcome),
            played: matches!(outcome, Outcome::Game { .. }),
            colour: outcome.scheduled_colour(),
            pending: matches!(outcome, Outcome::Scheduled { .. }),
        })
        .collect()
}

/// Every team's record after `round` rounds, in the order of the event's teams.
pub(super) fn team_records(t: &Tournament, round: u32) -> Vec<TeamRecord> {
    let team_rounds = t.team_rounds();
    let ts = &t.event.team_scoring;
    let bye_game_points = team_rounds.bye_game_points(t);
    let index_of = |id: u32| t.teams.iter().position(|team| team.id == id);
    t.teams
        .iter()
        .zip(&team_rounds.outcomes)
        .map(|(team, outcomes)| {
            let rounds: Vec<TeamRound> = outcomes
                .iter()
                .take(round as usize)
                .enumerate()
                .map(|(r, outcome)| {
                    let (match_points, game_points) = outcome.scores(ts, bye_game_points);
                    match *outcome {
                        TeamOutcome::NotPaired => TeamRound {
                            match_points,
                            game_points,
                            opponent: None,
                            bye: false,
                            played: false,
                            voluntary: true,
                            boards: Vec::new(),
                        },
                        // A requested bye is a voluntary unplayed round (C.07 16.2).
                        TeamOutcome::Bye { .. } => TeamRound {
                            match_points,
                            game_points,
                            opponent: None,
                            bye: false,
                            played: false,
                            voluntary: true,
                            boards: bye_boards(game_points, team_rounds.boards),
                        },
                        TeamOutcome::PairingBye => TeamRound {
                            match_points,
                            game_points,
                            opponent: None,
                            bye: true,
                            played: false,
                            voluntary: false,
                            boards: bye_boards(bye_game_points, team_rounds.boards),
                        },
                        TeamOutcome::Match {
                            opponent,
                            opponent_game_points,
                            ..
                        } => {
                            let boards = boards(t, team, r as u32 + 1, opponent);
                            let played = boards.iter().any(|b| b.played)
                                || (game_points > Points::ZERO
                                    && opponent_game_points > Points::ZERO);
                            TeamRound {
                                match_points,
                                game_points,
                                opponent: index_of(opponent),
                                bye: false,
                                played,
                                voluntary: !played && match_points != ts.match_win,
                                boards,
                            }
                        }
                    }
                })
                .collect();
            let mut rounds = rounds;
            let abnormal = &t.event.abnormal_points;
            // A result the arbiter set (TRF-2026 `299` with a type and a round).
            for (r, played) in rounds.iter_mut().enumerate() {
                if let Some((mp, gp)) = abnormal
                    .iter()
                    .find_map(|a| a.result_of(team.id, r as u32 + 1))
                {
                    played.match_points = mp;
                    played.game_points = gp;
                }
            }
            // Points added to or taken from the totals (`299` without a type).
            let last = t.event.rounds.unwrap_or(0).max(t.rounds_recorded());
            let (extra_mp, extra_gp) = abnormal
                .iter()
                .filter_map(|a| a.added_to(team.id, round, last))
                .fold((Points::ZERO, Points::ZERO), |(m, g), (dm, dg)| {
                    (m + dm, g + dg)
                });
            TeamRecord {
                match_points: rounds.iter().map(|r| r.match_points).sum::<Points>() + extra_mp,
                game_points: rounds.iter().map(|r| r.game_points).sum::<Points>() + extra_gp,
                rounds,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bye_is_shared_among_the_boards() {
        let points = |b: Vec<Board>| b.iter().map(|b| b.points.tenths()).collect::<Vec<_>>();
        // A drawn match on four boards: a draw on each.
        assert_eq!(points(bye_boards(Points::whole(2), 4)), [5, 5, 5, 5]);
        // Points that do not share evenly still add up.
        assert_eq!(points(bye_boards(Points::whole(2), 3)), [7, 7, 6]);
    }
}
