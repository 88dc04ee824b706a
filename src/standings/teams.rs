//! Team standings: teams ranked by match points and the team tie-breaks of C.07 (game
//! points, Buchholz on match or game points, the four Extended Sonneborn-Berger
//! variants), with the unplayed-round rule of C.07 16 (a round without a match counts a
//! dummy opponent whose score is the team's own, capped from 2026).

use std::cmp::Ordering;

use crate::tournament::{Points, TeamOutcome, Tournament};

use super::{Edition, Value};

/// Which of a team's two scores a tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamScore {
    /// Match points (2 - 1 - 0 by default).
    Match,
    /// Game points: the sum of the board results.
    Game,
}

/// A team tie-break (C.07 for team events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamTieBreak {
    /// The team's total of one score (`MP`, `GP`): the secondary score as a tie-break.
    Total(TeamScore),
    /// Buchholz (C.07 8.1): the sum of the opponents' final scores (`BH` on match points,
    /// `BH:GP` on game points).
    Buchholz(TeamScore),
    /// Extended Sonneborn-Berger (C.07 for teams, `EMMSB` `EMGSB` `EGMSB` `EGGSB`): over
    /// the rounds, the opponent's final `opponent` score times the team's own `own` score
    /// in that match.
    ExtendedSb { opponent: TeamScore, own: TeamScore },
}

impl TeamTieBreak {
    /// Parses a code: `MP`, `GP`, `BH` / `BH:MP`, `BH:GP`, `EMMSB`, `EMGSB`, `EGMSB`,
    /// `EGGSB` (first letter after `E`: the opponents' score; second: the team's own).
    pub fn parse(code: &str) -> Option<TeamTieBreak> {
        let score = |c: char| match c {
            'M' => Some(TeamScore::Match),
            'G' => Some(TeamScore::Game),
            _ => None,
        };
        let code = code.trim().to_ascii_uppercase();
        match code.as_str() {
            "MP" => Some(TeamTieBreak::Total(TeamScore::Match)),
            "GP" => Some(TeamTieBreak::Total(TeamScore::Game)),
            "BH" | "BH:MP" => Some(TeamTieBreak::Buchholz(TeamScore::Match)),
            "BH:GP" => Some(TeamTieBreak::Buchholz(TeamScore::Game)),
            _ => {
                let letters: Vec<char> = code
                    .strip_prefix('E')?
                    .strip_suffix("SB")?
                    .chars()
                    .collect();
                match letters.as_slice() {
                    [o, s] => Some(TeamTieBreak::ExtendedSb {
                        opponent: score(*o)?,
                        own: score(*s)?,
                    }),
                    _ => None,
                }
            }
        }
    }

    /// The code as [`TeamTieBreak::parse`] reads it.
    pub fn code(self) -> String {
        let letter = |s| match s {
            TeamScore::Match => 'M',
            TeamScore::Game => 'G',
        };
        match self {
            TeamTieBreak::Total(TeamScore::Match) => "MP".into(),
            TeamTieBreak::Total(TeamScore::Game) => "GP".into(),
            TeamTieBreak::Buchholz(TeamScore::Match) => "BH".into(),
            TeamTieBreak::Buchholz(TeamScore::Game) => "BH:GP".into(),
            TeamTieBreak::ExtendedSb { opponent, own } => {
                format!("E{}{}SB", letter(opponent), letter(own))
            }
        }
    }
}

/// The list used when the event has none: game points, then EGGSB, then Buchholz on match
/// points.
pub const DEFAULT_TEAM_TIEBREAKS: [TeamTieBreak; 3] = [
    TeamTieBreak::Total(TeamScore::Game),
    TeamTieBreak::ExtendedSb {
        opponent: TeamScore::Game,
        own: TeamScore::Game,
    },
    TeamTieBreak::Buchholz(TeamScore::Match),
];

/// One team's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// Shared places have the same rank.
    pub rank: u32,
    pub team: u32,
    pub name: String,
    /// Matches won, drawn and lost (the bye and rounds without a match not counted).
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub match_points: Points,
    pub game_points: Points,
    /// The tie-breaks, in the order asked for.
    pub tiebreaks: Vec<Value>,
}

/// One team's score of each kind in each round up to the standings' round.
struct Scores {
    /// (match points, game points, opponent's index) per round.
    rounds: Vec<(Points, Points, Option<usize>)>,
    match_points: Points,
    game_points: Points,
}

impl Scores {
    fn total(&self, score: TeamScore) -> Points {
        match score {
            TeamScore::Match => self.match_points,
            TeamScore::Game => self.game_points,
        }
    }
}

/// The team standings after `round` rounds, ranked by match points and then `tiebreaks`;
/// teams equal on everything share a place.
pub fn team_standings(
    t: &Tournament,
    round: u32,
    tiebreaks: &[TeamTieBreak],
    edition: Edition,
) -> Vec<TeamRow> {
    let team_rounds = t.team_rounds();
    let ts = &t.event.team_scoring;
    let bye_game_points = ts.pab_game_points(team_rounds.boards, t.event.scoring.draw);
    let index_of = |id: u32| t.teams.iter().position(|team| team.id == id);
    let scores: Vec<Scores> = team_rounds
        .outcomes
        .iter()
        .map(|outcomes| {
            let rounds: Vec<_> = outcomes
                .iter()
                .take(round as usize)
                .map(|o| match *o {
                    TeamOutcome::NotPaired => (Points::ZERO, Points::ZERO, None),
                    TeamOutcome::PairingBye => (ts.pab_match_points(), bye_game_points, None),
                    TeamOutcome::Match {
                        opponent,
                        game_points,
                        opponent_game_points,
                    } => (
                        ts.match_points(game_points, opponent_game_points),
                        game_points,
                        index_of(opponent),
                    ),
                })
                .collect();
            Scores {
                match_points: rounds.iter().map(|r| r.0).sum(),
                game_points: rounds.iter().map(|r| r.1).sum(),
                rounds,
            }
        })
        .collect();
    let context = Context {
        rounds: round.min(t.rounds_recorded()),
        match_draw: ts.match_draw,
        game_draw: t.event.scoring.draw.times(team_rounds.boards as i32),
        edition,
    };
    let mut rows: Vec<TeamRow> = t
        .teams
        .iter()
        .enumerate()
        .map(|(i, team)| {
            let own = &scores[i];
            let count = |points: Points| {
                own.rounds
                    .iter()
                    .filter(|r| r.2.is_some() && r.0 == points)
                    .count() as u32
            };
            TeamRow {
                rank: 0,
                team: team.id,
                name: team.name.clone(),
                won: count(ts.match_win),
                drawn: count(ts.match_draw),
                lost: count(ts.match_loss),
                match_points: own.match_points,
                game_points: own.game_points,
                tiebreaks: tiebreaks
                    .iter()
                    .map(|&tb| value(tb, &scores, i, &context))
                    .collect(),
            }
        })
        .collect();
    let key = |row: &TeamRow| {
        std::iter::once(Value::Points(row.match_points))
            .chain(row.tiebreaks.iter().copied())
            .collect::<Vec<_>>()
    };
    let compare = |a: &TeamRow, b: &TeamRow| -> Ordering {
        for (x, y) in key(a).iter().zip(key(b).iter()) {
            match y.rank_cmp(*x, true) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        Ordering::Equal
    };
    rows.sort_by(|a, b| compare(a, b).then(a.team.cmp(&b.team)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && compare(&rows[i - 1], &rows[i]) == Ordering::Equal {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// The score a round without a match lends the team's dummy opponent (C.07 16): the
/// team's own final score, from 2026 at most a draw in every round so far (16.4.2).
fn dummy_score(own: Points, draw: Points, rounds: u32, edition: Edition) -> Points {
    match edition {
        Edition::Dummy2026 => own.min(draw.times(rounds as i32)),
        Edition::Dummy2023 | Edition::VirtualOpponent => own,
    }
}

/// What every tie-break value of one standings table depends on besides the scores.
struct Context {
    /// Rounds so far (C.07 16.4.2's "rounds in the tournament" for intermediate standings).
    rounds: u32,
    /// A drawn match's match points and game points.
    match_draw: Points,
    game_draw: Points,
    edition: Edition,
}

fn value(tb: TeamTieBreak, scores: &[Scores], team: usize, c: &Context) -> Value {
    let own = &scores[team];
    let draw = |score| match score {
        TeamScore::Match => c.match_draw,
        TeamScore::Game => c.game_draw,
    };
    let opponent_total = |score: TeamScore, opponent: Option<usize>| match opponent {
        Some(o) => scores[o].total(score),
        None => dummy_score(own.total(score), draw(score), c.rounds, c.edition),
    };
    match tb {
        TeamTieBreak::Total(score) => Value::Points(own.total(score)),
        TeamTieBreak::Buchholz(score) => {
            Value::Points(own.rounds.iter().map(|r| opponent_total(score, r.2)).sum())
        }
        TeamTieBreak::ExtendedSb {
            opponent,
            own: own_score,
        } => Value::Hundredths(
            own.rounds
                .iter()
                .map(|r| {
                    let result = match own_score {
                        TeamScore::Match => r.0,
                        TeamScore::Game => r.1,
                    };
                    i64::from(opponent_total(opponent, r.2).tenths()) * i64::from(result.tenths())
                })
                .sum(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back() {
        for code in [
            "MP", "GP", "BH", "BH:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
        ] {
            let tb = TeamTieBreak::parse(code).expect(code);
            assert_eq!(tb.code(), code);
        }
        assert_eq!(TeamTieBreak::parse("bh:mp"), TeamTieBreak::parse("BH"));
        for bad in ["", "ESB", "EXGSB", "EGGGSB", "SB"] {
            assert_eq!(TeamTieBreak::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn extended_sb_reads_the_opponents_score_first() {
        assert_eq!(
            TeamTieBreak::parse("EGMSB"),
            Some(TeamTieBreak::ExtendedSb {
                opponent: TeamScore::Game,
                own: TeamScore::Match
            })
        );
    }
}
