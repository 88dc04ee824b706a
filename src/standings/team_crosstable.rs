//! The team crosstable of a FIDE Swiss Team event (C.04.6): per team in the order of the
//! team standings, each round's opposing team (by pairing number), the colour the team
//! had on board 1 (C.04.6 1.6.1: the colour that names the team's colour in the match),
//! and the match's game points for the team (C.04.6 1.2), `5w 2½`; then match points,
//! game points and the tie-breaks as in the team standings (C.07).
//!
//! A round is written as the players' crosstable writes it ([`super::Cell::text`]): the
//! pairing-allocated bye `U`, a round without a match blank, and a match forfeited as a
//! whole (no game played, C.07 15.1) with the forfeit's `+` or `-` after the colour,
//! `5w+ 4`.

use serde::Serialize;

use crate::tournament::{Colour, Points, Tournament};

use super::crosstable::round_text;
use super::explain::as_text;
use super::team_list::EventTeamStandings;
use super::team_record::{TeamRound, team_records};
use super::teams::{TeamRow, tiebreak_columns};

/// One round of one team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamCell {
    pub(crate) round: u32,
    /// The opposing team's pairing number (a match, played or forfeited).
    pub opponent: Option<u32>,
    /// The colour the team had on board 1.
    pub(crate) colour: Option<Colour>,
    /// `+` or `-`: a match forfeited as a whole, won or lost; `U`: the pairing-allocated
    /// bye (C.04.6 3.4); blank otherwise.
    pub(crate) code: char,
    /// A board of the match still has no result.
    pub(crate) pending: bool,
    /// What the round gives the team (C.04.6 1.2; the bye as the event values it).
    #[serde(serialize_with = "as_text")]
    pub(crate) match_points: Points,
    #[serde(serialize_with = "as_text")]
    pub(crate) game_points: Points,
}

impl TeamCell {
    /// The round as the team crosstable writes it (window and print): the opposing team's
    /// number, the colour on board 1, the forfeit's code if any and the game points,
    /// `5w 2½`, `5w+ 4`; without the points while a result is missing (`5w`); `U` for
    /// the pairing-allocated bye; empty for a round without a match.
    pub fn text(&self) -> String {
        let meeting = round_text(self.opponent, self.colour, self.code);
        if self.opponent.is_none() || self.pending {
            return meeting.trim().to_string();
        }
        format!("{} {}", meeting.trim(), self.game_points.with_halves())
    }
}

/// One team's line: its row of the team standings and its rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamLine {
    pub row: TeamRow,
    pub rounds: Vec<TeamCell>,
}

/// The team crosstable after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCrosstable {
    /// After this round.
    pub(crate) round: u32,
    /// The tie-breaks with a column (indices into the standings' list, see
    /// [`tiebreak_columns`]) and their codes.
    pub(crate) columns: Vec<usize>,
    pub(crate) codes: Vec<String>,
    /// In the order of the standings.
    pub lines: Vec<TeamLine>,
}

impl TeamCrosstable {
    /// The headings: Rank, No, Team, `R1`… one per round, MP, GP, the tie-break codes.
    pub fn headings(&self) -> Vec<String> {
        ["Rank", "No", "Team"]
            .map(String::from)
            .into_iter()
            .chain((1..=self.round).map(|r| format!("R{r}")))
            .chain(["MP", "GP"].map(String::from))
            .chain(self.codes.iter().cloned())
            .collect()
    }

    /// A line's cells under [`TeamCrosstable::headings`]: the team's cells of the
    /// standings, [`TeamCell::text`] for each round, the standings' scores.
    pub fn cells(&self, line: &TeamLine) -> Vec<String> {
        let mut cells = line.row.team_cells();
        cells.extend(line.rounds.iter().map(TeamCell::text));
        cells.extend(line.row.score_cells(&self.columns));
        cells
    }
}

/// The team crosstable of `t` for the round, order and tie-breaks of `standings`.
pub fn team_crosstable(t: &Tournament, standings: &EventTeamStandings) -> TeamCrosstable {
    let records = team_records(t, standings.round);
    let index_of = |id: u32| t.teams.iter().position(|team| team.id == id);
    let lines = standings
        .rows
        .iter()
        .filter_map(|row| {
            let own = &records[index_of(row.team)?];
            let rounds = (1..)
                .zip(&own.rounds)
                .map(|(round, r)| {
                    let against = r
                        .opponent
                        .and_then(|o| records.get(o)?.rounds.get(round as usize - 1));
                    cell(t, round, r, against)
                })
                .collect();
            Some(TeamLine {
                row: row.clone(),
                rounds,
            })
        })
        .collect();
    let columns = tiebreak_columns(&standings.tiebreaks);
    TeamCrosstable {
        round: standings.round,
        codes: columns
            .iter()
            .map(|&k| standings.tiebreaks[k].code())
            .collect(),
        columns,
        lines,
    }
}

/// One team's round `r` (`against`: the opposing team's side of the match).
fn cell(t: &Tournament, round: u32, r: &TeamRound, against: Option<&TeamRound>) -> TeamCell {
    // Board 1's colour: the lowest board with a player paired.
    let colour = r
        .boards
        .iter()
        .filter(|b| b.colour.is_some())
        .min_by_key(|b| b.number)
        .and_then(|b| b.colour);
    let pending = r.boards.iter().any(|b| b.pending);
    let code = match against {
        _ if r.bye => 'U',
        // C.07 15.1: no game of the match played, neither team scoring on both sides.
        Some(other) if !r.played && !pending => {
            if r.game_points > other.game_points {
                '+'
            } else {
                '-'
            }
        }
        _ => ' ',
    };
    TeamCell {
        round,
        opponent: r.opponent.and_then(|o| t.teams.get(o)).map(|team| team.id),
        colour,
        code,
        pending,
        match_points: r.match_points,
        game_points: r.game_points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::GeneratorConfig;
    use crate::generator::teams::{TeamEvent, config, generate};
    use crate::standings::event_team_standings;
    use crate::tournament::{GameResult, Outcome, Player, Team};

    fn crosstable_of(t: &Tournament) -> (EventTeamStandings, TeamCrosstable) {
        let s = event_team_standings(t, None)
            .expect("a team event")
            .expect("standings");
        let x = team_crosstable(t, &s);
        (s, x)
    }

    /// A generated event of `teams` teams of 4 boards, 7 rounds played.
    fn generated(teams: u32, forfeit_rate: f64, bye_rate: f64, seed: u64) -> Tournament {
        let config = GeneratorConfig {
            forfeit_rate,
            bye_rate,
            ..config(7, seed)
        };
        generate(&config, &TeamEvent::new(teams, 4)).expect("generated")
    }

    /// Every match stands in both teams' lines, with the other team's number, the other
    /// colour on board 1 and game points that add up to the match's `boards` games
    /// (`complete`: every board had two players); every line adds up to the standings'
    /// match and game points; the lines follow the standings.
    fn check_invariants(t: &Tournament, complete: bool) {
        let (s, x) = crosstable_of(t);
        assert_eq!(x.lines.len(), t.teams.len());
        let boards = t.team_rounds().boards as i32;
        let line_of = |team: u32| x.lines.iter().find(|l| l.row.team == team);
        let mut matches = 0;
        for (line, row) in x.lines.iter().zip(&s.rows) {
            assert_eq!(&line.row, row, "the standings' order and rows");
            assert_eq!(line.rounds.len(), s.round as usize);
            let mp: Points = line.rounds.iter().map(|c| c.match_points).sum();
            let gp: Points = line.rounds.iter().map(|c| c.game_points).sum();
            assert_eq!(
                (mp, gp),
                (row.match_points, row.game_points),
                "{}",
                row.name
            );
            for cell in &line.rounds {
                let Some(opponent) = cell.opponent else {
                    continue;
                };
                matches += 1;
                let other = line_of(opponent).expect("the opponent's line");
                let mirror = &other.rounds[cell.round as usize - 1];
                assert_eq!(mirror.opponent, Some(line.row.team));
                assert_eq!(mirror.colour, cell.colour.map(Colour::opposite));
                assert!(cell.colour.is_some(), "a match has a colour on board 1");
                let total = cell.game_points + mirror.game_points;
                if complete {
                    assert_eq!(total, t.event.scoring.win.times(boards), "{cell:?}");
                } else {
                    assert!(total <= t.event.scoring.win.times(boards), "{cell:?}");
                }
                let codes = (cell.code, mirror.code);
                assert!(
                    matches!(codes, (' ', ' ') | ('+', '-') | ('-', '+') | ('-', '-')),
                    "{codes:?}"
                );
            }
        }
        assert!(matches > 0, "matches were played");
    }

    #[test]
    fn every_match_is_mirrored_and_lines_add_up_to_the_standings() {
        // 11 teams: a bye every round; some boards forfeited.
        check_invariants(&generated(11, 0.05, 0.0, 3), true);
        // Players unavailable and teams withdrawing: rounds without a match.
        let t = generated(12, 0.02, 0.5, 5);
        check_invariants(&t, false);
        let (_, x) = crosstable_of(&t);
        assert!(
            x.lines
                .iter()
                .flat_map(|l| &l.rounds)
                .any(|c| c.opponent.is_none() && c.code == ' ' && c.text().is_empty()),
            "a round without a match, blank"
        );
    }

    #[test]
    fn the_bye_is_u_and_only_matches_have_points() {
        let t = generated(11, 0.0, 0.0, 9);
        let (_, x) = crosstable_of(&t);
        let byes: Vec<&TeamCell> = x
            .lines
            .iter()
            .flat_map(|l| &l.rounds)
            .filter(|c| c.code == 'U')
            .collect();
        assert_eq!(byes.len(), 7, "one bye a round");
        assert!(byes.iter().all(|c| c.text() == "U" && c.opponent.is_none()));
        let headings = x.headings();
        assert_eq!(headings[3], "R1");
        for line in &x.lines {
            assert_eq!(x.cells(line).len(), headings.len());
        }
    }

    /// Three teams of two: A (1) beats B (2) 1½–½ in round 1, C (3) has the bye; in round
    /// 2 C does not appear against A (both boards forfeited), B is not paired; in round 3
    /// B meets C, a board still without a result; in round 4 neither A nor B appears.
    #[test]
    fn a_forfeited_match_the_bye_and_an_absence_are_written_as_for_players() {
        let mut t = Tournament::default();
        let game = |opponent, colour, result| Outcome::game(opponent, colour, result);
        let forfeit = |opponent, colour, won| Outcome::Forfeit {
            opponent,
            colour,
            won,
        };
        use Colour::{Black, White};
        use GameResult::{Draw, Loss, Win};
        let pending = |opponent, colour| Outcome::Scheduled { opponent, colour };
        let results: [(u32, Vec<Outcome>); 6] = [
            (
                1,
                vec![
                    game(3, White, Win),
                    forfeit(5, White, true),
                    Outcome::Absent,
                    forfeit(3, White, false),
                ],
            ),
            (
                2,
                vec![
                    game(4, Black, Draw),
                    forfeit(6, Black, true),
                    Outcome::Absent,
                    forfeit(4, Black, false),
                ],
            ),
            (
                3,
                vec![
                    game(1, Black, Loss),
                    Outcome::Absent,
                    pending(5, Black),
                    forfeit(1, Black, false),
                ],
            ),
            (
                4,
                vec![
                    game(2, White, Draw),
                    Outcome::Absent,
                    game(6, White, Win),
                    forfeit(2, White, false),
                ],
            ),
            (
                5,
                vec![
                    Outcome::Absent,
                    forfeit(1, Black, false),
                    pending(3, White),
                    Outcome::Absent,
                ],
            ),
            (
                6,
                vec![
                    Outcome::Absent,
                    forfeit(2, White, false),
                    game(4, Black, Loss),
                    Outcome::Absent,
                ],
            ),
        ];
        for (id, outcomes) in results {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = outcomes;
            t.players.push(p);
        }
        for (id, name, players) in [(1, "A", [1, 2]), (2, "B", [3, 4]), (3, "C", [5, 6])] {
            t.teams.push(Team {
                id,
                name: name.into(),
                nickname: String::new(),
                players: players.to_vec(),
                pairing_byes: if id == 3 { vec![1] } else { Vec::new() },
                lineups: Vec::new(),
                requested_byes: Vec::new(),
            });
        }
        assert_eq!(t.check(), Ok(()));
        let (_, x) = crosstable_of(&t);
        let texts = |team: u32| -> Vec<String> {
            let line = x.lines.iter().find(|l| l.row.team == team).expect("line");
            line.rounds.iter().map(TeamCell::text).collect()
        };
        assert_eq!(texts(1), ["2w 1½", "3w+ 2", "", "2w- 0"]);
        assert_eq!(texts(2), ["1b ½", "", "3b", "1b- 0"]);
        assert_eq!(texts(3), ["U", "1b- 0", "2w", ""]);
        let a = &x.lines[0];
        assert_eq!(a.row.team, 1, "A leads");
        assert_eq!(
            x.cells(a)[..5],
            ["1", "1", "A", "2w 1½", "3w+ 2"].map(String::from)
        );
    }
}
