//! Team records: TRF-16 `013` (Swiss-Manager and others), TRF-2026 `310` (team), `300`
//! (a team's line-up in a round), `320` (pairing-allocated byes of teams), `330` (matches
//! forfeited as a whole, see [`super::forfeited_matches`]), `352` (colours by board) and
//! `362` (match points).

use std::collections::HashMap;

use crate::standings::{DEFAULT_TEAM_TIEBREAKS, Edition, team_standings};
use crate::tournament::{
    ByeKind, Colour, Lineup, Outcome, Points, Team, TeamOutcome, TeamScoring, Tournament,
};

use super::Dialect;
use super::forfeited_matches::{self, ForfeitedMatch};
use super::header::symbol_values;
use super::player_line::FieldError;
use super::text::Line;

/// A team record as read.
struct TeamRecord {
    line: usize,
    id: u32,
    name: String,
    nickname: String,
    players: Vec<u32>,
    /// The match and game points the file gives the team (`310` columns 55-60 and
    /// 62-67; none in a `013` record).
    match_points: Option<Points>,
    game_points: Option<Points>,
}

/// A team's totals as its `310` record states them.
pub(super) struct TeamTotals {
    pub(super) line: usize,
    pub(super) team: u32,
    pub(super) match_points: Option<Points>,
    pub(super) game_points: Option<Points>,
}

/// A `300` record: a team's line-up in a round.
struct LineupRecord {
    line: usize,
    team: u32,
    lineup: Lineup,
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
    lineups: Vec<LineupRecord>,
    forfeited: Vec<ForfeitedMatch>,
    pab: Option<PabRecord>,
    board_colours: Vec<Colour>,
    match_points: Vec<(usize, String, Points)>,
}

impl TeamRecords {
    /// The roster of the team with pairing number `id`, when the file names teams.
    pub(super) fn roster(&self, id: u32) -> Option<&[u32]> {
        let records = if self.teams.is_empty() {
            &self.legacy
        } else {
            &self.teams
        };
        records
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.players.as_slice())
    }

    /// Whether the file names teams (`013` or `310`).
    pub(super) fn names_teams(&self) -> bool {
        !(self.teams.is_empty() && self.legacy.is_empty())
    }

    /// The teams' totals as the `310` records state them.
    pub(super) fn totals(&self) -> Vec<TeamTotals> {
        self.teams
            .iter()
            .map(|r| TeamTotals {
                line: r.line,
                team: r.id,
                match_points: r.match_points,
                game_points: r.game_points,
            })
            .collect()
    }
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
    /// Reads one team record (`013`, `300`, `310`, `320`, `330`, `352`, `362`).
    pub(crate) fn read(&mut self, line: &Line) -> Result<(), FieldError> {
        match line.code().as_str() {
            "013" => self.legacy.push(TeamRecord {
                line: line.number,
                id: self.legacy.len() as u32 + 1,
                name: line.columns(5, 36).trim().to_string(),
                nickname: String::new(),
                players: player_numbers(line, 37)?,
                match_points: None,
                game_points: None,
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
                    nickname: line.columns(42, 46).trim().to_string(),
                    players: player_numbers(line, 74)?,
                    // Totals summarise the results: ones that are not numbers are
                    // passed over (nothing is read from them).
                    match_points: optional_points(line, 55, 60).ok().flatten(),
                    game_points: optional_points(line, 62, 67).ok().flatten(),
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
                self.board_colours = sequence
                    .chars()
                    .map(|c| {
                        if c == 'W' {
                            Colour::White
                        } else {
                            Colour::Black
                        }
                    })
                    .collect();
            }
            "300" => {
                let number = |from: usize, what: &str| -> Result<u32, FieldError> {
                    let text = line.columns(from, from + 2);
                    text.trim()
                        .parse()
                        .map_err(|_| (from, format!("expected {what}, found {:?}", text.trim())))
                };
                let round = number(5, "a round")?;
                let team = number(9, "the team's pairing number")?;
                let opponent = number(13, "the pairing number of the team met")?;
                let boards = player_numbers(line, 17)?
                    .into_iter()
                    .map(|p| (p != 0).then_some(p))
                    .collect();
                self.lineups.push(LineupRecord {
                    line: line.number,
                    team,
                    lineup: Lineup {
                        round,
                        opponent,
                        boards,
                    },
                });
            }
            "330" => self.forfeited.push(forfeited_matches::read(line)?),
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
    /// had the bye when it is the only such team of that round. A player a `300` line-up
    /// names who is on no roster joins that team's roster as a reserve (Sharly Chess lists
    /// substitutes only there); the warnings say so.
    pub(crate) fn apply(
        self,
        t: &mut Tournament,
        points_column: &HashMap<u32, (usize, Points)>,
    ) -> Result<Vec<String>, (usize, usize, String)> {
        let mut warnings = Vec::new();
        let records = if self.teams.is_empty() {
            self.legacy
        } else {
            self.teams
        };
        if records.is_empty() {
            if self.pab.is_some()
                || !self.board_colours.is_empty()
                || !self.match_points.is_empty()
                || !self.lineups.is_empty()
                || !self.forfeited.is_empty()
            {
                return Err((
                    0,
                    0,
                    "records 300, 320, 330, 352 and 362 are for team events, but the file names no team (013 or 310)"
                        .to_string(),
                ));
            }
            return Ok(warnings);
        }
        let scoring = &mut t.event.team_scoring;
        scoring.boards = self.board_colours.len() as u32;
        scoring.board_colours = self.board_colours;
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
                    nickname: r.nickname,
                    ..Team::new(r.id, r.name, r.players)
                })
            })
            .collect::<Result<_, _>>()?;
        for record in self.lineups {
            let Some(index) = teams.iter().position(|team| team.id == record.team) else {
                return Err((
                    record.line,
                    9,
                    format!(
                        "record 300: team {} has no team record (310 or 013)",
                        record.team
                    ),
                ));
            };
            for player in record.lineup.boards.iter().flatten().copied() {
                if t.player(player).is_none() {
                    return Err((
                        record.line,
                        17,
                        format!("record 300: player {player} has no player record (001)"),
                    ));
                }
                match teams.iter().find(|team| team.players.contains(&player)) {
                    Some(other) if other.id != record.team => {
                        return Err((
                            record.line,
                            17,
                            format!(
                                "record 300: player {player} plays for team {} in round {}, but is on the roster of team {}",
                                record.team, record.lineup.round, other.id
                            ),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        warnings.push(format!(
                            "line {}: player {player} plays for team {} in round {} but is on no roster; added to its roster as a reserve",
                            record.line, record.team, record.lineup.round
                        ));
                        teams[index].players.push(player);
                    }
                }
            }
            teams[index].lineups.push(record.lineup);
        }
        teams.sort_by_key(|team| team.id);
        t.teams = teams;
        warnings.extend(forfeited_matches::apply(&self.forfeited, t)?);
        // A bye code on a player's line is no bye of his own (C.04.6 3.4 gives the bye to
        // teams): by default his part of his team's bye when the team had it that round
        // (no game, no point of his own), else a board won by forfeit; the other reading
        // where only it makes his points column add up.
        let team_byes: Vec<(u32, u32)> =
            self.pab.as_ref().map_or(Vec::new(), |pab| pab.byes.clone());
        for index in 0..t.players.len() {
            let player = &t.players[index];
            let team = t
                .teams
                .iter()
                .find(|team| team.players.contains(&player.id))
                .map(|team| team.id);
            let byes: Vec<(usize, ByeKind)> = player
                .results
                .iter()
                .enumerate()
                .filter(|(_, o)| **o == Outcome::PairingBye)
                .map(|(r, _)| {
                    let teams_bye =
                        team.is_some_and(|team| team_byes.contains(&(r as u32 + 1, team)));
                    (
                        r,
                        if teams_bye {
                            ByeKind::Zero
                        } else {
                            ByeKind::Full
                        },
                    )
                })
                .collect();
            if byes.is_empty() {
                continue;
            }
            let read = |t: &mut Tournament, flip: bool| {
                for &(r, kind) in &byes {
                    let kind = match (kind, flip) {
                        (kind, false) => kind,
                        (ByeKind::Zero, true) => ByeKind::Full,
                        (_, true) => ByeKind::Zero,
                    };
                    t.players[index].results[r] = Outcome::Bye(kind);
                }
            };
            read(t, false);
            let Some(&(line, recorded)) = points_column.get(&t.players[index].id) else {
                continue;
            };
            if t.score(&t.players[index]) == recorded {
                continue;
            }
            read(t, true);
            if t.score(&t.players[index]) == recorded {
                let rounds: Vec<String> = byes.iter().map(|(r, _)| (r + 1).to_string()).collect();
                warnings.push(format!(
                    "line {line}: player {}'s bye code in round(s) {} read as {}: his points column counts it so",
                    t.players[index].id,
                    rounds.join(", "),
                    match byes[0].1 {
                        ByeKind::Zero => "a board won by forfeit",
                        _ => "no game and no point",
                    }
                ));
            } else {
                read(t, false);
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
        Ok(warnings)
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
                let nickname = team.nickname.trim();
                format!(
                    "310 {:>3} {name:<32} {nickname:<5} {:6} {mp:>6} {gp:>6} {rank:>3}  {}",
                    team.id,
                    "",
                    players.join(" ")
                )
            }
        });
    }
    for team in &t.teams {
        for lineup in &team.lineups {
            let boards: String = lineup
                .boards
                .iter()
                .map(|p| format!(" {:>4}", p.map_or("0000".to_string(), |p| p.to_string())))
                .collect();
            out.push(format!(
                "300 {:>3} {:>3} {:>3}{boards}",
                lineup.round, team.id, lineup.opponent
            ));
        }
    }
    if dialect == Dialect::Trf26 {
        out.extend(forfeited_matches::lines(t));
        out.extend(requested_bye_lines(t));
    }
    let s = &t.event.team_scoring;
    let byes: Vec<(u32, u32)> = t
        .teams
        .iter()
        .flat_map(|team| team.pairing_byes.iter().map(move |&r| (r, team.id)))
        .collect();
    if !byes.is_empty() || s.bye_game_points.is_some() {
        let mut line = format!(
            "320 {:>4} {:>4}",
            s.pab_match_points().to_string(),
            t.team_rounds().bye_game_points(t).to_string()
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
        let colours: String = (0..s.boards as usize)
            .map(|b| match s.board_colours.get(b) {
                Some(Colour::White) => 'W',
                Some(Colour::Black) => 'B',
                None if b % 2 == 0 => 'W',
                None => 'B',
            })
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

/// The teams' half- and full-point byes as TRF-2026 `240` records naming teams, one per
/// type and round (`240 F   1    3`).
fn requested_bye_lines(t: &Tournament) -> Vec<String> {
    let mut byes: Vec<(u32, char, u32)> = t
        .teams
        .iter()
        .flat_map(|team| {
            team.requested_byes.iter().map(move |&(round, kind)| {
                let letter = match kind {
                    ByeKind::Full => 'F',
                    ByeKind::Half => 'H',
                    ByeKind::Zero => 'Z',
                };
                (round, letter, team.id)
            })
        })
        .collect();
    byes.sort_unstable();
    let mut out: Vec<String> = Vec::new();
    let mut last: Option<(u32, char)> = None;
    for (round, letter, team) in byes {
        match out.last_mut() {
            Some(line) if last == Some((round, letter)) => line.push_str(&format!(" {team:>4}")),
            _ => out.push(format!("240 {letter} {round:>3} {team:>4}")),
        }
        last = Some((round, letter));
    }
    out
}
