//! Reading a TRF file (TRF-16, TRF(x), TRF(bx), TRF-2026) into the tournament model.

use std::collections::HashMap;
use std::path::Path;

use crate::tournament::{
    ByeKind, FideMode, Inconsistency, LogEntry, Outcome, OverrideRecord, Player, Points, Tournament,
};

use super::TrfError;
use super::ambiguous;
use super::board_won_by_default;
use super::dialect::{self, Recognised};
use super::forfeit_reading;
use super::header::{Header, RecordedBye};
use super::national_ratings;
use super::player_line::{self, PlayerLine, round_column};
use super::team_bye_value;
use super::teams::TeamRecords;
use super::text::{self, Encoding};

/// What reading a file found out besides the event: the dialect it is written in and why,
/// and how the codes programs mean differently were read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The dialect, with what in the file showed it.
    pub recognised: Recognised,
    /// How the bytes were decoded.
    pub(crate) encoding: Encoding,
    /// How the lines end (`CRLF line ends`).
    pub(crate) line_ends: String,
    /// One sentence per way an ambiguous code was read, naming the lines.
    pub warnings: Vec<String>,
    /// One sentence per assumption made for what the file's format cannot say (TRF-16,
    /// TRF-06; checklist Q48, Q50); none for TRF-2026.
    pub adjustments: Vec<String>,
}

/// How much a warning of the reading matters to the arbiter, who reads it before what the
/// command says: the command line says an important one always, a routine one when asked
/// (`--verbose`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Importance {
    /// A reading that could have gone another way (the points column decided it, a code
    /// changed meaning, a record was dropped): every warning not known to be routine.
    Important,
    /// A code read as the file's own program means it: what the dialect already says.
    Routine,
}

impl Reading {
    /// The importance of `warning`, one of [`Reading::warnings`]: routine only for a code
    /// read as the file's dialect means it (the reading that sentence ends with `(as
    /// <dialect> means it)`); important otherwise, so that a new kind of warning is never
    /// silenced by accident.
    pub fn importance(&self, warning: &str) -> Importance {
        let own = format!("(as {} means it)", self.recognised.origin);
        if warning.ends_with(&own) {
            Importance::Routine
        } else {
            Importance::Important
        }
    }

    /// Whether the dialect is worth saying unasked: it is not one whose codes mean what
    /// FIDE's formats and the engines' TRF(x) define ([`super::Origin::is_standard`]).
    pub fn dialect_matters(&self) -> bool {
        !self.recognised.origin.is_standard()
    }

    /// `read as <dialect> (<evidence>; <encoding>; <line ends>)`.
    pub fn summary(&self) -> String {
        let mut evidence = self.recognised.evidence.clone();
        evidence.push(self.encoding.name().to_string());
        evidence.push(self.line_ends.clone());
        format!(
            "read as {} ({})",
            self.recognised.origin,
            evidence.join("; ")
        )
    }
}

/// Reads a TRF file from disk; `file` in errors is the path as given.
pub fn read_file(path: &Path) -> Result<Tournament, TrfError> {
    read_file_reporting(path).map(|(t, _)| t)
}

/// Reads a TRF file from disk, with what the reading found out about it.
pub fn read_file_reporting(path: &Path) -> Result<(Tournament, Reading), TrfError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| TrfError {
        file: name.clone(),
        line: 0,
        column: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    read_reporting(&bytes, &name)
}

/// Reads TRF text (UTF-8, Windows-1252 or Latin-1; CR, LF or CRLF line ends). `file` names
/// the source in error messages.
pub fn read(bytes: &[u8], file: &str) -> Result<Tournament, TrfError> {
    read_reporting(bytes, file).map(|(t, _)| t)
}

/// Reads TRF text in the dialect the file shows (see `dialect`), with
/// what the reading found out about it.
pub fn read_reporting(bytes: &[u8], file: &str) -> Result<(Tournament, Reading), TrfError> {
    let err = |line: usize, column: usize, message: String| TrfError {
        file: file.to_string(),
        line,
        column,
        message,
    };
    let lines = text::lines(bytes);
    let recognised = dialect::recognise(&lines);
    let origin = recognised.origin;
    let mut header = Header::default();
    let (mut overrides, mut log) = (Vec::new(), Vec::new());
    let mut rating_comments = super::rating_comments::RatingComments::default();
    let mut player_lines: Vec<PlayerLine> = Vec::new();
    let mut line_of: HashMap<u32, usize> = HashMap::new();
    for line in lines {
        if line.rest(1).trim().is_empty() || dialect::is_ruler(&line) {
            continue;
        }
        if let Some(comment) = line.rest(1).strip_prefix("###") {
            // The lines of the event's integrity are the mode, the overrides and the log,
            // not comments.
            if let Some(left) =
                FideMode::from_comment(comment).filter(|_| header.event.fide_mode.is_on())
            {
                header.event.fide_mode = left;
            } else if let Some(record) = OverrideRecord::from_comment(comment) {
                overrides.push(record);
            } else if let Some(entry) = LogEntry::from_comment(comment) {
                log.push(entry);
            } else if header.ratings.read_comment(comment) {
                // The rating method or a list's source and date.
            } else if !rating_comments
                .read(comment, line.number, &mut header.event)
                .map_err(|(c, m)| err(line.number, c, m))?
            {
                header.event.comments.push(comment.to_string());
            }
            continue;
        }
        if line.code() == "001" {
            let parsed =
                player_line::parse(&line, origin).map_err(|(c, m)| err(line.number, c, m))?;
            let id = parsed.player.id;
            if let Some(first) = line_of.insert(id, line.number) {
                return Err(err(
                    line.number,
                    5,
                    format!("starting rank {id} is used twice (first on line {first})"),
                ));
            }
            player_lines.push(parsed);
            continue;
        }
        let known = header
            .read(&line)
            .map_err(|(c, m)| err(line.number, c, m))?;
        if !known && let Some(nrs) = national_ratings::nrs(&line) {
            let nrs = nrs.map_err(|(c, m)| err(line.number, c, m))?;
            header.ratings.add_nrs(nrs);
            continue;
        }
        if !known {
            header
                .event
                .other_records
                .push(line.rest(1).trim_end().to_string());
        }
    }
    if player_lines.is_empty() {
        return Err(err(
            1,
            1,
            "expected at least one player record (001)".to_string(),
        ));
    }

    // The dates in TRF's forms, read together (see `tournament::date`).
    let date_warnings = crate::tournament::normalise_dates(&mut header.event, header.date_lines);
    let mut t = Tournament {
        event: header.event,
        overrides,
        log,
        ..Tournament::default()
    };
    t.event.scoring = header.scoring.system(t.event.system);
    let scoring_given = header.scoring.is_given();
    t.event.acceleration.baku = header.baku;
    let team_records = header.teams;
    let informative = header.informative;
    let ratings = header.ratings;
    player_lines.sort_by_key(|p| p.player.id);

    // A blank entry means "absent" in a round that has been paired, and "not played yet"
    // in a round that has not.
    let rounds = player_lines
        .iter()
        .map(|p| p.entries.len())
        .max()
        .unwrap_or(0);
    let paired: Vec<bool> = (0..rounds)
        .map(|r| {
            player_lines.iter().any(|p| {
                p.entries
                    .get(r)
                    .and_then(Option::as_ref)
                    .is_some_and(Outcome::took_part_in_pairing)
            })
        })
        .collect();
    // A line that ends before the last paired round is blank there too: absent.
    let last_paired = paired.iter().rposition(|&p| p).map_or(0, |i| i + 1);
    for p in &player_lines {
        let mut player = p.player.clone();
        player.results = (0..p.entries.len().max(last_paired))
            .map(|r| match p.entries.get(r) {
                Some(Some(outcome)) => outcome.clone(),
                _ if paired[r] => Outcome::Absent,
                _ => Outcome::NotPlayed,
            })
            .collect();
        t.players.push(player);
    }
    rating_comments
        .apply(&mut t)
        .map_err(|(line, m)| err(line, 1, m))?;
    // Our `###` lines of expulsions and decisions on ties (checklist Q197-207).
    crate::tournament::read_tie_comments(&mut t);
    // The official ratings and the method, once every player and the event's list are
    // known.
    let rating_warnings = ratings.apply(&mut t);

    let next_round = t.next_round();
    let (byes, requested_team_byes) = if team_records.names_teams() {
        team_byes(&header.byes, &team_records).map_err(|(l, c, m)| err(l, c, m))?
    } else {
        (header.byes, Vec::new())
    };
    for bye in &byes {
        let round = bye.round.unwrap_or(next_round);
        let Some(player) = t.player_mut(bye.player) else {
            return Err(err(
                bye.line,
                bye.column,
                format!("expected a starting rank of a player, found {}", bye.player),
            ));
        };
        match player.outcome(round) {
            Outcome::NotPlayed | Outcome::Absent => {
                player.set_outcome(round, Outcome::Bye(bye.kind))
            }
            Outcome::Bye(kind) if *kind == bye.kind => {}
            other => {
                return Err(err(
                    bye.line,
                    bye.column,
                    format!(
                        "player {} already has {other:?} in round {round}; expected no entry there",
                        bye.player
                    ),
                ));
            }
        }
    }

    let points_column: HashMap<u32, (usize, Points)> = player_lines
        .iter()
        .filter_map(|p| {
            let line = line_of.get(&p.player.id).copied().unwrap_or(0);
            p.points.map(|points| (p.player.id, (line, points)))
        })
        .collect();
    let totals = team_records.totals();
    let mut warnings = team_records
        .apply(&mut t, &points_column)
        .map_err(|(line, column, message)| err(line, column, message))?;
    for (line, id, round, kind) in requested_team_byes {
        let Some(team) = t.teams.iter_mut().find(|x| x.id == id) else {
            continue;
        };
        // One bye per team and round: the pairing's (320) is what the round was paired
        // with.
        if team.pairing_byes.contains(&round) {
            warnings.push(format!(
                "line {line}: team {id} has the pairing-allocated bye of round {round} (320) and a {} bye there too (240); the pairing-allocated bye kept",
                if kind == ByeKind::Full { "full-point" } else { "half-point" }
            ));
            continue;
        }
        team.requested_byes.push((round, kind));
    }
    // In a team event the bye codes are boards won or lost by forfeit (C.04.6 3.4 gives
    // the pairing-allocated bye to teams): nothing is left ambiguous.
    if !t.is_team_event() {
        warnings = ambiguous::resolve(&mut t, &player_lines, &line_of, origin, next_round);
    }
    // A bye recorded outside the grid may have lengthened a short record, and a code read
    // as a bye of the pairing may have made a round paired: blanks are settled again.
    settle_blanks(&mut t);

    if let Err(problem) = t.check() {
        let (line, column) = locate(&t, &problem, &line_of);
        return Err(err(line, column, problem.to_string()));
    }

    for (player, round) in forfeit_reading::read_by_points_column(&mut t, &player_lines) {
        let line = line_of.get(&player).copied().unwrap_or(0);
        warnings.push(format!(
            "line {line}: player {player}'s round {round}, a forfeit on both sides, read as his forfeit win: his points column counts it"
        ));
    }
    // After the double forfeits: a line they account for has nothing left to explain.
    if t.is_team_event() {
        warnings.extend(board_won_by_default::read_by_points_column(
            &mut t,
            &player_lines,
            &line_of,
        ));
    }
    check_points(&t, &player_lines, next_round)
        .map_err(|(id, message)| err(line_of.get(&id).copied().unwrap_or(0), 81, message))?;
    if t.is_team_event() {
        warnings.extend(team_bye_value::settle(&mut t, &totals));
        warnings.extend(abnormal_points_kept(&t));
    }
    // A scoring FIDE refuses is read (the file is what it is) and said (checklist Q74, Q81).
    if t.event.fide_mode.is_on()
        && let Err(refusal) = crate::tournament::check_scoring(&t.event)
    {
        warnings.push(format!("the file's scoring (162): {refusal}"));
    }
    if !informative.is_empty() {
        let lines: Vec<String> = informative.iter().map(ToString::to_string).collect();
        warnings.push(format!(
            "line(s) {}: informative team records (801, 802) not kept: they summarise what the team and player records hold, and would go stale as results change",
            lines.join(", ")
        ));
    }
    warnings.splice(0..0, date_warnings);
    warnings.extend(rating_warnings);
    let reading = Reading {
        adjustments: super::adjustments::made(&t, origin, scoring_given),
        recognised,
        encoding: Encoding::of(bytes),
        line_ends: dialect::line_ends(bytes),
        warnings,
    };
    Ok((t, reading))
}

/// Blank entries mean "absent" in a round that has been paired and "not played yet" in one
/// that has not; every record reaches the last paired round.
fn settle_blanks(t: &mut Tournament) {
    let rounds = t.players.iter().map(|p| p.results.len()).max().unwrap_or(0);
    let paired: Vec<bool> = (0..rounds)
        .map(|r| {
            t.players
                .iter()
                .any(|p| p.results.get(r).is_some_and(Outcome::took_part_in_pairing))
        })
        .collect();
    let last_paired = paired.iter().rposition(|&p| p).map_or(0, |i| i + 1);
    for player in &mut t.players {
        if player.results.len() < last_paired {
            player.results.resize(last_paired, Outcome::NotPlayed);
        }
        for (outcome, &paired) in player.results.iter_mut().zip(&paired) {
            if matches!(outcome, Outcome::NotPlayed | Outcome::Absent) {
                *outcome = if paired {
                    Outcome::Absent
                } else {
                    Outcome::NotPlayed
                };
            }
        }
        while player.results.last() == Some(&Outcome::NotPlayed) {
            player.results.pop();
        }
    }
}

/// Where in the file a contradiction is: the player's line and the round's column (the
/// starting rank's column for a player as a whole; line 0 for the event's header data).
fn locate(
    t: &Tournament,
    problem: &Inconsistency,
    line_of: &HashMap<u32, usize>,
) -> (usize, usize) {
    let (player, round) = match problem {
        Inconsistency::ZeroId => (0, 0),
        Inconsistency::DuplicateId { player } | Inconsistency::Unsorted { player, .. } => {
            (*player, 0)
        }
        Inconsistency::UnknownOpponent { player, round, .. }
        | Inconsistency::SelfPairing { player, round }
        | Inconsistency::OpponentMismatch { player, round, .. }
        | Inconsistency::TooManyRounds { player, round }
        | Inconsistency::BeyondPlannedRounds { player, round, .. }
        | Inconsistency::PairedWhileAway { player, round, .. } => (*player, *round),
        Inconsistency::SeveralPairingByes { round, .. } => {
            let first = t
                .players
                .iter()
                .find(|p| matches!(p.outcome(*round), Outcome::PairingBye))
                .map_or(0, |p| p.id);
            (first, *round)
        }
        Inconsistency::PlayerInTwoTeams { player, .. } => (*player, 0),
        Inconsistency::TeamMeetsItself { player, round, .. }
        | Inconsistency::GameOutsideTeams { player, round } => (*player, *round),
        Inconsistency::RoundOutOfRange { .. }
        | Inconsistency::DuplicateTeam { .. }
        | Inconsistency::UnknownTeamPlayer { .. }
        | Inconsistency::TeamMeetsSeveral { .. }
        | Inconsistency::TeamByeWhilePlaying { .. }
        | Inconsistency::LineupOffRoster { .. }
        | Inconsistency::LineupOpponent { .. } => return (0, 0),
    };
    let line = line_of.get(&player).copied().unwrap_or(0);
    let column = if round > 0 { round_column(round) } else { 5 };
    (line, column)
}

/// Whether `recorded` (a points column) is the player's score: over every round recorded,
/// or over the rounds paired only (before `next_round`; a bye recorded for the round about
/// to be paired may or may not be counted).
fn points_agree(t: &Tournament, player: &Player, recorded: Points, next_round: u32) -> bool {
    recorded == t.score(player) || recorded == t.score_after(player, next_round - 1)
}

/// The points column must equal the sum of the results under the scoring system. A bye
/// already recorded for a round not yet paired may or may not be counted. Not checked for
/// a Double-Swiss event: its round entries hold match outcomes, not match scores (see
/// [`dropped_by_trf`](super::dropped_by_trf)), so the column cannot be derived from them.
fn check_points(
    t: &Tournament,
    lines: &[PlayerLine],
    next_round: u32,
) -> Result<(), (u32, String)> {
    if t.plays_matches() {
        return Ok(());
    }
    for line in lines {
        let Some(recorded) = line.points else {
            continue;
        };
        let Some(player) = t.player(line.player.id) else {
            continue;
        };
        if !points_agree(t, player, recorded, next_round) {
            let total = t.score(player);
            let s = &t.event.scoring;
            return Err((
                player.id,
                format!(
                    "player {}: the points column says {recorded}, but the results add up to {total} \
                     (scoring: win {}, draw {}, loss {}, forfeit win {}, forfeit loss {}, PAB {}, \
                     full bye {}, half bye {}, zero bye {})",
                    player.id,
                    s.win,
                    s.draw,
                    s.loss,
                    s.forfeit_win,
                    s.forfeit_loss,
                    s.pab,
                    s.full_bye,
                    s.half_bye,
                    s.zero_bye
                ),
            ));
        }
    }
    Ok(())
}

/// The `299` records a team event keeps but whose meaning it does not apply: the event's
/// value of a result type (no round), said once.
fn abnormal_points_kept(t: &Tournament) -> Vec<String> {
    let kinds: Vec<String> = t
        .event
        .abnormal_points
        .iter()
        .filter(|a| a.round.is_none())
        .map(|a| format!("`{}` {} - {}", a.kind, a.match_points, a.game_points))
        .collect();
    if kinds.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "record 299: the values given to result types without a round ({}) are kept and written back, not applied: the event's results score as its own records say",
        kinds.join(", ")
    )]
}

/// A team's half- or full-point bye: (line, team pairing number, round, kind).
type TeamBye = (usize, u32, u32, ByeKind);

/// The byes of a team event's `240` records: players' (a team's absence) and teams'.
type ByesOfTeams = (Vec<RecordedBye>, Vec<TeamBye>);

/// In a team event a `240` record names teams (TRF-2026: its numbers are team pairing
/// numbers): a team's zero-point bye is the absence of the whole team, each of its
/// players absent with a zero-point bye (as `0000 - Z` on each of them says); a team's
/// half- or full-point bye (TRF-2026 `240` `H`/`F`, for individuals and teams alike) is
/// the team's, returned apart. `XXZ` still names players.
fn team_byes(
    byes: &[RecordedBye],
    teams: &TeamRecords,
) -> Result<ByesOfTeams, (usize, usize, String)> {
    let mut out = Vec::new();
    let mut whole = Vec::new();
    for bye in byes {
        let Some(round) = bye.round else {
            out.push(bye.clone());
            continue;
        };
        let Some(roster) = teams.roster(bye.player) else {
            return Err((
                bye.line,
                bye.column,
                format!(
                    "record 240: in a team event it names teams, and no team has pairing number {}",
                    bye.player
                ),
            ));
        };
        if bye.kind != ByeKind::Zero {
            whole.push((bye.line, bye.player, round, bye.kind));
            continue;
        }
        out.extend(roster.iter().map(|&player| RecordedBye {
            player,
            ..bye.clone()
        }));
    }
    Ok((out, whole))
}
