//! TRF-2026 record `330`: a team match forfeited as a whole (C.04.6: a match in which no
//! game was played over the board and not both teams appeared, see
//! [`crate::pairing::TeamPairing`]).
//!
//! `330 TT rrr www bbb`: the forfeit in columns 5–6 (`+-` the first team wins, `-+` the
//! second, `--` neither team appeared; `WZ`/`ZW`/`ZZ`, `WL`/`LW`/`LL` and `10`/`01`/`00`
//! read the same), the round in 8–10, the team with White on board 1 in 12–14 and its
//! opponent in 16–18.
//!
//! The players' lines are what the rest of the program reads, so a `330` is read against
//! them: when they already record the match, it must be a match forfeited as the record
//! says; when they record no match for the two teams in that round, each board becomes a
//! game lost by forfeit by the side that did not appear (the round's line-up, `300`, when
//! there is one; else the roster in board order). The writer gives a `330` for every match
//! forfeited as a whole, beside the players' forfeits.

use crate::tournament::{BoardResult, ByeKind, Outcome, Points, RecordedMatch, Tournament};

use super::player_line::FieldError;
use super::text::Line;

/// Who won a match forfeited as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forfeit {
    /// The first-named team (White on board 1) appeared, the other did not.
    FirstWins,
    /// The second-named team appeared, the first did not.
    SecondWins,
    /// Neither team appeared.
    Neither,
}

impl Forfeit {
    /// The record's code as this program writes it.
    fn code(self) -> &'static str {
        match self {
            Forfeit::FirstWins => "+-",
            Forfeit::SecondWins => "-+",
            Forfeit::Neither => "--",
        }
    }

    /// The same forfeit with the two teams named the other way round.
    fn reversed(self) -> Forfeit {
        match self {
            Forfeit::FirstWins => Forfeit::SecondWins,
            Forfeit::SecondWins => Forfeit::FirstWins,
            Forfeit::Neither => Forfeit::Neither,
        }
    }

    /// Whether the first and the second team appeared.
    fn appeared(self) -> (bool, bool) {
        match self {
            Forfeit::FirstWins => (true, false),
            Forfeit::SecondWins => (false, true),
            Forfeit::Neither => (false, false),
        }
    }
}

/// A `330` record as read.
pub(super) struct ForfeitedMatch {
    line: usize,
    forfeit: Forfeit,
    round: u32,
    first: u32,
    second: u32,
}

/// Reads a `330` line.
pub(super) fn read(line: &Line) -> Result<ForfeitedMatch, FieldError> {
    let code = line.columns(5, 6).to_ascii_uppercase();
    let forfeit = match code.as_str() {
        "+-" | "WZ" | "WL" | "10" => Forfeit::FirstWins,
        "-+" | "ZW" | "LW" | "01" => Forfeit::SecondWins,
        "--" | "ZZ" | "LL" | "00" => Forfeit::Neither,
        other => {
            return Err((
                5,
                format!(
                    "expected the forfeit: +- (first team wins), -+ (second team wins) or -- (neither appeared), found {other:?}"
                ),
            ));
        }
    };
    let number = |from: usize, what: &str| -> Result<u32, FieldError> {
        let text = line.columns(from, from + 2);
        match text.trim().parse() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err((from, format!("expected {what}, found {:?}", text.trim()))),
        }
    };
    Ok(ForfeitedMatch {
        line: line.number,
        forfeit,
        round: number(8, "a round")?,
        first: number(12, "the first team's pairing number")?,
        second: number(16, "the second team's pairing number")?,
    })
}

/// An error of a `330` record: line, column, message.
type RecordError = (usize, usize, String);

/// Applies the `330` records to `t`, whose teams and players' rounds are read: each
/// forfeited match is checked against the players' lines, or written onto them when they
/// record no match of the two teams in that round. Returns a warning per match written.
pub(super) fn apply(
    records: &[ForfeitedMatch],
    t: &mut Tournament,
) -> Result<Vec<String>, RecordError> {
    let mut warnings = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let at = |column: usize, message: String| (record.line, column, message);
        for (column, team) in [(12, record.first), (16, record.second)] {
            if t.team(team).is_none() {
                return Err(at(
                    column,
                    format!("record 330: team {team} has no team record (310 or 013)"),
                ));
            }
        }
        if record.first == record.second {
            return Err(at(16, "record 330: a team cannot meet itself".to_string()));
        }
        if record.round > t.rounds_recorded() {
            return Err(at(
                8,
                format!(
                    "record 330: round {} is past the rounds the players' lines record ({})",
                    record.round,
                    t.rounds_recorded()
                ),
            ));
        }
        if let Some(twin) = records[..i].iter().find(|other| {
            other.round == record.round
                && [other.first, other.second]
                    .iter()
                    .any(|team| *team == record.first || *team == record.second)
        }) {
            return Err(at(
                12,
                format!(
                    "record 330: a team of this match has another forfeited match in round {} (line {})",
                    record.round, twin.line
                ),
            ));
        }
        let recorded = t.team_matches(record.round).into_iter().find(|m| {
            [m.white, m.black].contains(&record.first)
                || [m.white, m.black].contains(&record.second)
        });
        match recorded {
            Some(m) => check_recorded(t, record, &m).map_err(|message| at(5, message))?,
            None => {
                write_boards(t, record).map_err(|message| at(5, message))?;
                warnings.push(format!(
                    "line {}: round {}, team {} - team {} forfeited as a whole ({}); the players' lines record no match, so each board is recorded as a game lost by forfeit",
                    record.line,
                    record.round,
                    record.first,
                    record.second,
                    record.forfeit.code()
                ));
            }
        }
    }
    Ok(warnings)
}

/// The forfeit a recorded match amounts to, or `None` when it was played: a game was
/// played over the board or both teams appeared (each scored on a board).
fn forfeit_of(t: &Tournament, m: &RecordedMatch, round: u32) -> Option<Forfeit> {
    let boards = t.boards(round);
    let all_forfeits = boards[m.boards.clone()].iter().all(|b| {
        matches!(
            b.result,
            BoardResult::WhiteForfeitWin
                | BoardResult::BlackForfeitWin
                | BoardResult::DoubleForfeit
        ) && b.games.is_none()
    });
    let (first, second) = m.game_points;
    match (all_forfeits, first > Points::ZERO, second > Points::ZERO) {
        (false, _, _) | (true, true, true) => None,
        (true, true, false) => Some(Forfeit::FirstWins),
        (true, false, true) => Some(Forfeit::SecondWins),
        (true, false, false) => Some(Forfeit::Neither),
    }
}

/// A `330` for a match the players' lines record: the same two teams, forfeited as said.
fn check_recorded(
    t: &Tournament,
    record: &ForfeitedMatch,
    m: &RecordedMatch,
) -> Result<(), String> {
    let names = |a: u32, b: u32| format!("team {a} - team {b}");
    let same_order = (m.white, m.black) == (record.first, record.second);
    if !same_order && (m.black, m.white) != (record.first, record.second) {
        return Err(format!(
            "record 330: round {} has {}, but the players' lines pair them as {}",
            record.round,
            names(record.first, record.second),
            names(m.white, m.black)
        ));
    }
    // The match's forfeit, its teams named as the record names them.
    let found = forfeit_of(t, m, record.round).map(|f| if same_order { f } else { f.reversed() });
    match found {
        Some(found) if found == record.forfeit => Ok(()),
        found => Err(format!(
            "record 330 says round {}, {} was forfeited ({}), but the players' lines record {}",
            record.round,
            names(record.first, record.second),
            record.forfeit.code(),
            match found {
                None => "it as played".to_string(),
                Some(found) => format!("it as forfeited ({})", found.code()),
            }
        )),
    }
}

/// The players of `team` on the boards of `round`: its line-up of that round (`300`), else
/// its players who won a board by forfeit that round when they fill the boards, else its
/// roster in board order; `None` for a board left empty.
fn board_players(t: &Tournament, team: u32, round: u32, boards: usize) -> Vec<Option<u32>> {
    let Some(team) = t.team(team) else {
        return Vec::new();
    };
    if let Some(lineup) = team.lineups.iter().find(|l| l.round == round) {
        let mut players = lineup.boards.clone();
        players.resize(boards, None);
        return players;
    }
    let unopposed: Vec<u32> = team
        .players
        .iter()
        .copied()
        .filter(|&p| {
            t.player(p).is_some_and(|p| {
                matches!(
                    p.outcome(round),
                    Outcome::Bye(ByeKind::Full) | Outcome::PairingBye
                )
            })
        })
        .collect();
    let chosen = if unopposed.len() == boards {
        unopposed
    } else {
        team.players.clone()
    };
    (0..boards).map(|b| chosen.get(b).copied()).collect()
}

/// Records a `330` match the players' lines do not have: each board a game lost by
/// forfeit by the side that did not appear, colours by board as the pairing gives them
/// ([`crate::tournament::TeamScoring::colour_on_board`]).
fn write_boards(t: &mut Tournament, record: &ForfeitedMatch) -> Result<(), String> {
    let round = record.round;
    for team in [record.first, record.second] {
        let roster = t.team(team).map(|x| x.players.clone()).unwrap_or_default();
        if let Some(player) = roster.iter().copied().find(|&p| {
            t.player(p)
                .is_some_and(|p| p.outcome(round).opponent().is_some())
        }) {
            return Err(format!(
                "record 330: player {player} of team {team} has a game in round {round}, but the record says his team's match was forfeited"
            ));
        }
    }
    let boards = t.team_rounds().boards as usize;
    if boards == 0 {
        return Err(
            "record 330: the number of boards is unknown (no record 352 and no match played)"
                .to_string(),
        );
    }
    let first = board_players(t, record.first, round, boards);
    let second = board_players(t, record.second, round, boards);
    // Only a round with nothing else for these players: no bye or absence of another kind
    // is overwritten. A `0000 - +` (read so far as the pairing-allocated bye) is, in a team
    // event, a board won by forfeit: the match's.
    for player in first.iter().chain(&second).flatten().copied() {
        let outcome = t.player(player).map(|p| p.outcome(round).clone());
        if !matches!(
            outcome,
            Some(
                Outcome::NotPlayed
                    | Outcome::Absent
                    | Outcome::PairingBye
                    | Outcome::Bye(ByeKind::Zero)
                    | Outcome::Bye(ByeKind::Full)
            )
        ) {
            return Err(format!(
                "record 330: player {player} would play a board of this forfeited match in round {round}, but his line records {outcome:?} there"
            ));
        }
    }
    let (first_appeared, second_appeared) = record.forfeit.appeared();
    let mut outcomes: Vec<(u32, Outcome)> = Vec::new();
    for b in 0..boards {
        let colour = t.event.team_scoring.colour_on_board(b);
        match (first[b], second[b]) {
            (Some(a), Some(z)) => {
                outcomes.push((
                    a,
                    Outcome::Forfeit {
                        opponent: z,
                        colour,
                        won: first_appeared,
                    },
                ));
                outcomes.push((
                    z,
                    Outcome::Forfeit {
                        opponent: a,
                        colour: colour.opposite(),
                        won: second_appeared,
                    },
                ));
            }
            (Some(p), None) | (None, Some(p)) => {
                let appeared = if first[b] == Some(p) {
                    first_appeared
                } else {
                    second_appeared
                };
                outcomes.push((
                    p,
                    if appeared {
                        Outcome::Bye(ByeKind::Full)
                    } else {
                        Outcome::Absent
                    },
                ));
            }
            (None, None) => {}
        }
    }
    for (player, outcome) in outcomes {
        if let Some(p) = t.player_mut(player) {
            p.set_outcome(round, outcome);
        }
    }
    Ok(())
}

/// The `330` lines of `t`: one per match forfeited as a whole, round by round.
pub(super) fn lines(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() {
        for m in t.team_matches(round) {
            if let Some(forfeit) = forfeit_of(t, &m, round) {
                out.push(format!(
                    "330 {} {round:>3} {:>3} {:>3}",
                    forfeit.code(),
                    m.white,
                    m.black
                ));
            }
        }
    }
    out
}
