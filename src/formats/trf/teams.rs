//! Team records: TRF-16 `013` (Swiss-Manager and others), TRF-2026 `310` (team), `320`
//! (pairing-allocated byes of teams), `352` (colours by board) and `362` (match points).

use crate::standings::{DEFAULT_TEAM_TIEBREAKS, Edition, team_standings};
use crate::tournament::{ByeKind, Outcome, Points, Team, TeamOutcome, TeamScoring, Tournament};

use super::Dialect;
use super::header::symbol_values;
use super::player_line::FieldError;
use super::text::Line;

/// A team record as read.
struct TeamRecord {
    line: usize,
    id: u32,
    name: String,
    players: Vec<u32>,
}

/// The `320` record: what the bye is worth and which team had it in which round.
struct PabRecord {
    match_points: Option<Points>,
    game_points: Option<Points>,
    /// (round, team pairing number).
    byes: Vec<(u32, u32)>,
}

/// Everything the team records of a file say.
#[derive(Default)]
pub(super) struct TeamRecords {
    /// `013` records, numbered in file order.
    legacy: Vec<TeamRecord>,
    /// `310` records (they replace `013` when both are present).
    teams: Vec<TeamRecord>,
    pab: Option<PabRecord>,
    boards: Option<u32>,
    match_points: Vec<(usize, String, Points)>,
}

/// Pairing numbers every 5 columns from `first` to the end of the line; blank fields are
/// skipped.
fn player_numbers(line: &Line, first: usize) -> Result<Vec<u32>, FieldError> {
    let mut found = Vec::new();
    let mut col = first;
    while col <= line.len() {
        let field = line.columns(col, col + 3);
        let text = field.trim();
        if !text.is_empty() {
            let id = text.parse().map_err(|_| {
                (
                    col,
                    format!("expected a player's starting rank, found {text:?}"),
                )
            })?;
            found.push(id);
        }
        col += 5;
    }
    Ok(found)
}

fn optional_points(line: &Line, from: usize, to: usize) -> Result<Option<Points>, FieldError> {
    let text = line.columns(from, to);
    match text.trim() {
        "" => Ok(None),
        value => value
            .parse()
            .map(Some)
            .map_err(|_| (from, format!("expected points, found {value:?}"))),
    }
}

impl TeamRecords {
    /// Reads one team record (`013`, `310`, `320`, `352`, `362`).
    pub fn read(&mut self, line: &Line) -> Result<(), FieldError> {
        match line.code().as_str() {
            "013" => self.legacy.push(TeamRecord {
                line: line.number,
                id: self.legacy.len() as u32 + 1,
                name: line.columns(5, 36).trim().to_string(),
                players: player_numbers(line, 37)?,
            }),
            "310" => {
                let id_text = line.columns(5, 7);
                let id = id_text.trim().parse().map_err(|_| {
                    (
                        5,
                        format!(
                            "expected the team's pairing number, found {:?}",
                            id_text.trim()
                        ),
                    )
                })?;
                self.teams.push(TeamRecord {
                    line: line.number,
                    id,
                    name: line.columns(9, 40).trim().to_string(),
                    players: player_numbers(line, 74)?,
                });
            }
            "320" => {
                let mut byes = Vec::new();
                let mut col = 15;
                let mut round = 1;
                while col <= line.len() {
                    let text = line.columns(col, col + 2);
                    if !text.trim().is_empty() {
                        let team = text.trim().parse().map_err(|_| {
                            (
                                col,
                                format!(
                                    "expected a team's pairing number, found {:?}",
                                    text.trim()
                                ),
                            )
                        })?;
                        byes.push((round, team));
                    }
                    col += 4;
                    round += 1;
                }
                self.pab = Some(PabRecord {
                    match_points: optional_points(line, 5, 8)?,
                    game_points: optional_points(line, 10, 13)?,
                    byes,
                });
            }
            "352" => {
                let sequence = line.rest(5).trim().to_ascii_uppercase();
                if sequence.is_empty() || sequence.chars().any(|c| c != 'W' && c != 'B') {
                    return Err((
                        5,
                        format!("expected a colour per board (W or B), found {sequence:?}"),
                    ));
                }
                self.boards = Some(sequence.len() as u32);
            }
            "362" => self.match_points = symbol_values(line)?,
            _ => return Err((1, "expected a team record".to_string())),
        }
        Ok(())
    }

    /// Makes `t` a team event when the file has team records: the teams and their
    /// rosters, the match scoring, the teams' pairing-allocated byes. In a team event the
    /// bye goes to a team (C.04.6 3.4), so a player's `0000 - +` (or `U`) is his board won
    /// by forfeit because the other team was a player short, as Swiss-Manager writes it.
    /// Without a `320` record, a team that met no team in a paired round is taken to have
    /// had the bye when it is the only such team of that round.
    pub fn apply(self, t: &mut Tournament) -> Result<(), (usize, usize, String)> {
        let records = if self.teams.is_empty() {
            self.legacy
        } else {
            self.teams
        };
        if records.is_empty() {
            if self.pab.is_some() || self.boards.is_some() || !self.match_points.is_empty() {
                return Err((
                    0,
                    0,
                    "records 320, 352 and 362 are for team events, but the file names no team (013 or 310)"
                        .to_string(),
                ));
            }
            return Ok(());
        }
        let scoring = &mut t.event.team_scoring;
        scoring.boards = self.boards.unwrap_or(0);
        for (col, symbol, points) in &self.match_points {
            match symbol.to_ascii_uppercase().as_str() {
                "W" => scoring.match_win = *points,
                "D" => scoring.match_draw = *points,
                "L" => scoring.match_loss = *points,
                "P" => scoring.bye_match_points = Some(*points),
                "A" | "X" => {}
                other => {
                    return Err((
                        0,
                        *col,
                        format!(
                            "record 362: expected a scoring symbol W, D, L, A, P or X, found {other:?}"
                        ),
                    ));
                }
            }
        }
        let mut teams: Vec<Team> = records
            .into_iter()
            .map(|r| {
                if let Some(&missing) = r.players.iter().find(|&&p| t.player(p).is_none()) {
                    return Err((
                        r.line,
                        5,
                        format!(
                            "team {:?} names player {missing}, who has no player record (001)",
                            r.name
                        ),
                    ));
                }
                Ok(Team {
                    id: r.id,
                    name: r.name,
                    players: r.players,
                    pairing_byes: Vec::new(),
                })
            })
            .collect::<Result<_, _>>()?;
        teams.sort_by_key(|team| team.id);
        t.teams = teams;
        for player in &mut t.players {
            for outcome in &mut player.results {
                if *outcome == Outcome::PairingBye {
                    *outcome = Outcome::Bye(ByeKind::Full);
                }
            }
        }
        match self.pab {
            Some(pab) => {
                let scoring = &mut t.event.team_scoring;
                if pab.match_points.is_some() {
                    scoring.bye_match_points = pab.match_points;
                }
                scoring.bye_game_points = pab.game_points;
                for (round, id) in pab.byes {
                    let Some(team) = t.teams.iter_mut().find(|team| team.id == id) else {
                        return Err((
                            0,
                            0,
                            format!(
                                "record 320: round {round} gives the bye to team {id}, which has no team record"
                            ),
                        ));
                    };
                    team.pairing_byes.push(round);
                }
            }
            None => infer_byes(t),
        }
        Ok(())
    }
}

/// In each paired round, the one team that met no team had the pairing-allocated bye.
fn infer_byes(t: &mut Tournament) {
    let rounds = t.team_rounds();
    for round in 1..=t.rounds_recorded() {
        if !t.is_paired(round) {
            continue;
        }
        let unpaired: Vec<usize> = rounds
            .outcomes
            .iter()
            .enumerate()
            .filter(|(_, o)| o[round as usize - 1] == TeamOutcome::NotPaired)
            .map(|(i, _)| i)
            .collect();
        if let [only] = unpaired.as_slice() {
            t.teams[*only].pairing_byes.push(round);
        }
    }
}

/// The team records of `t`: `013` (TRF-16) or `310` (TRF-2026) per team, then `320` (the
/// teams' byes and what a bye is worth), `352` (one colour per board, alternating from
/// White on board 1) when the event fixes the number of boards, and `362` when matches do
/// not score 2 - 1 - 0. Empty for an event of individuals.
pub(super) fn lines(t: &Tournament, dialect: Dialect) -> Vec<String> {
    if !t.is_team_event() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let rounds = t.rounds_recorded();
    let rows = team_standings(
        t,
        rounds,
        &DEFAULT_TEAM_TIEBREAKS,
        Edition::in_force_on(&t.event.start_date),
    );
    for team in &t.teams {
        let players: Vec<String> = team.players.iter().map(|p| format!("{p:>4}")).collect();
        let name = team.name.trim();
        out.push(match dialect {
            Dialect::Trf16 => format!("013 {name:<32}{}", players.join(" ")),
            Dialect::Trf26 => {
                let row = rows.iter().find(|r| r.team == team.id);
                let (mp, gp, rank) = row.map_or((String::new(), String::new(), 0), |r| {
                    (
                        r.match_points.to_string(),
                        r.game_points.to_string(),
                        r.rank,
                    )
                });
                format!(
                    "310 {:>3} {name:<32} {:5} {:6} {mp:>6} {gp:>6} {rank:>3}  {}",
                    team.id,
                    "",
                    "",
                    players.join(" ")
                )
            }
        });
    }
    let s = &t.event.team_scoring;
    let byes: Vec<(u32, u32)> = t
        .teams
        .iter()
        .flat_map(|team| team.pairing_byes.iter().map(move |&r| (r, team.id)))
        .collect();
    if !byes.is_empty() || s.bye_game_points.is_some() {
        let boards = t.team_rounds().boards;
        let mut line = format!(
            "320 {:>4} {:>4}",
            s.pab_match_points().to_string(),
            s.pab_game_points(boards, t.event.scoring.draw).to_string()
        );
        for round in 1..=byes.iter().map(|b| b.0).max().unwrap_or(0) {
            let team = byes.iter().find(|b| b.0 == round).map(|b| b.1);
            line.push_str(&match team {
                Some(id) => format!(" {id:>3}"),
                None => "    ".to_string(),
            });
        }
        out.push(line.trim_end().to_string());
    }
    if s.boards > 0 {
        let colours: String = (0..s.boards)
            .map(|b| if b % 2 == 0 { 'W' } else { 'B' })
            .collect();
        out.push(format!("352 {colours}"));
    }
    let standard = TeamScoring::default();
    if (s.match_win, s.match_draw, s.match_loss, s.bye_match_points)
        != (
            standard.match_win,
            standard.match_draw,
            standard.match_loss,
            None,
        )
    {
        let mut line = format!(
            "362  W{:>4}    D{:>4}    L{:>4}",
            s.match_win.to_string(),
            s.match_draw.to_string(),
            s.match_loss.to_string()
        );
        if let Some(bye) = s.bye_match_points {
            line.push_str(&format!("    P{:>4}", bye.to_string()));
        }
        out.push(line);
    }
    out
}
