//! The documents an arbiter prints, each built from the tournament as a [`Document`].

mod alphabetical;
mod crosstable;
mod norm_report;
mod pairings;
mod prizes;
mod rank_list;
mod rating_changes;
mod slips;
mod standings;
mod team_crosstable;
mod team_pairings;
mod team_standings;

pub(crate) use alphabetical::collation_key;
pub(crate) use norm_report::build as build_norm_report;
pub(crate) use standings::event_standings;

use std::fmt;
use std::str::FromStr;

use crate::standings::Edition;
use crate::tournament::{Player, Tournament};

use super::PrintError;
use super::document::{Body, Document, Table};

/// Which document to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sheet {
    /// Pairings by board, with the results entered so far (blank for posting); in a team
    /// event, by match.
    Pairings,
    /// Every player alphabetically: board, colour, opponent.
    Alphabetical,
    /// One result slip per board.
    Slips,
    /// Standings with the event's tie-breaks; in a team event, the team standings.
    Standings,
    /// The crosstable (wall chart); in a team event, the team crosstable.
    Crosstable,
    /// The starting rank list.
    RankList,
    /// Each player's rating change from the games played (FIDE B.02).
    RatingChanges,
    /// The prizes given from the final standings.
    Prizes,
}

impl Sheet {
    /// Every sheet, in the order of the command line's list.
    pub const ALL: [Sheet; 8] = [
        Sheet::Pairings,
        Sheet::Alphabetical,
        Sheet::Slips,
        Sheet::Standings,
        Sheet::Crosstable,
        Sheet::RankList,
        Sheet::RatingChanges,
        Sheet::Prizes,
    ];

    /// The command line's name.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Sheet::Pairings => "pairings",
            Sheet::Alphabetical => "alpha",
            Sheet::Slips => "slips",
            Sheet::Standings => "standings",
            Sheet::Crosstable => "crosstable",
            Sheet::RankList => "ranklist",
            Sheet::RatingChanges => "ratings",
            Sheet::Prizes => "prizes",
        }
    }
}

/// What the round of a sheet is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundKind {
    /// A paired round: its pairings, list or slips.
    Paired,
    /// The standings after a round whose results are all in.
    After,
}

impl Sheet {
    /// Whether the sheet is of a round the arbiter chooses, and which kind; `None` for the
    /// sheets of the whole event (the rank list, rating changes, prizes).
    pub fn round_kind(self) -> Option<RoundKind> {
        match self {
            Sheet::Pairings | Sheet::Alphabetical | Sheet::Slips => Some(RoundKind::Paired),
            Sheet::Standings | Sheet::Crosstable => Some(RoundKind::After),
            Sheet::RankList | Sheet::RatingChanges | Sheet::Prizes => None,
        }
    }

    /// The rounds this sheet of `t` can be printed for, in order: the paired rounds for
    /// pairings, the list and slips; for standings and the crosstable, the rounds after
    /// which every result (of that round and those before) is in. Empty for a sheet
    /// without a round, or when no round is ready.
    pub fn rounds(self, t: &Tournament) -> Vec<u32> {
        match self.round_kind() {
            Some(RoundKind::Paired) => (1..=t.last_paired_round())
                .filter(|&r| t.is_paired(r))
                .collect(),
            Some(RoundKind::After) => (1..=crate::standings::default_round(t))
                .take_while(|&r| !t.is_paired(r) || t.is_complete(r))
                .filter(|&r| t.is_paired(r))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The round printed when the arbiter does not choose one: `viewed` (the round shown
    /// in the window) when the sheet can be printed for it, else the last it can.
    pub fn default_round(self, t: &Tournament, viewed: Option<u32>) -> Option<u32> {
        let rounds = self.rounds(t);
        viewed
            .filter(|r| rounds.contains(r))
            .or_else(|| rounds.last().copied())
    }

    /// A file name for this sheet of `t` (no extension): what it is and for which round
    /// (`round`, else the default), so that no print takes another's default name:
    /// `pairings-r5`, `standings-r4`, `ranklist`.
    pub(crate) fn file_name(self, t: &Tournament, round: Option<u32>) -> String {
        match self {
            Sheet::Pairings | Sheet::Alphabetical | Sheet::Slips => {
                let round = round.unwrap_or_else(|| t.last_paired_round());
                format!("{}-r{round}", self.name())
            }
            Sheet::Standings | Sheet::Crosstable | Sheet::Prizes => {
                let round = round.unwrap_or_else(|| crate::standings::default_round(t));
                format!("{}-r{round}", self.name())
            }
            Sheet::RankList => self.name().to_string(),
            Sheet::RatingChanges => format!("{}-r{}", self.name(), t.rounds_recorded()),
        }
    }
}

impl fmt::Display for Sheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Sheet {
    type Err = String;
    fn from_str(s: &str) -> Result<Sheet, String> {
        Sheet::ALL
            .into_iter()
            .find(|sheet| sheet.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let names: Vec<&str> = Sheet::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "unknown document {s:?}: expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Builds a sheet. `round`: the round to show (default: the last paired round for
/// pairings, alphabetical list and slips; the last complete round for standings and
/// crosstable; the rank list has none).
pub fn build(t: &Tournament, sheet: Sheet, round: Option<u32>) -> Result<Document, PrintError> {
    build_under(t, sheet, round, None)
}

/// [`build`], with the players' tie-breaks (standings, crosstable, prizes) under the
/// unplayed-round rules `rules` instead of those in force when the event started.
pub fn build_under(
    t: &Tournament,
    sheet: Sheet,
    round: Option<u32>,
    rules: Option<Edition>,
) -> Result<Document, PrintError> {
    match sheet {
        // A team event: the matches with their boards, the teams ranked, and their
        // crosstable.
        Sheet::Pairings if t.is_team_event() => team_pairings::build(t, paired_round(t, round)?),
        Sheet::Standings if t.is_team_event() => team_standings::build(t, round),
        Sheet::Crosstable if t.is_team_event() => team_crosstable::build(t, round),
        Sheet::Pairings => pairings::build(t, paired_round(t, round)?),
        Sheet::Alphabetical => alphabetical::build(t, paired_round(t, round)?),
        Sheet::Slips => slips::build(t, paired_round(t, round)?),
        Sheet::Standings => standings::build(t, round, rules),
        Sheet::Crosstable => crosstable::build(t, round, rules),
        Sheet::RankList => Ok(rank_list::build(t)),
        Sheet::RatingChanges => Ok(rating_changes::build(t)),
        Sheet::Prizes => prizes::build(t, round, rules),
    }
}

/// The round asked for, or the last paired one; an error when it is not paired.
fn paired_round(t: &Tournament, round: Option<u32>) -> Result<u32, PrintError> {
    let round = round.unwrap_or_else(|| t.last_paired_round());
    if round == 0 {
        return Err(PrintError::NothingPaired);
    }
    if !t.is_paired(round) {
        return Err(PrintError::RoundNotPaired { round });
    }
    Ok(round)
}

/// Lines under the title: place and dates, arbiter, time control.
fn event_details(t: &Tournament) -> Vec<String> {
    let e = &t.event;
    let join = |parts: &[&str], sep: &str| {
        parts
            .iter()
            .filter(|p| !p.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(sep)
    };
    let dates = join(&[&e.start_date, &e.end_date], " – ");
    let place = join(&[&e.city, &e.federation], ", ");
    let arbiter = if e.chief_arbiter.is_empty() {
        String::new()
    } else {
        format!("Chief arbiter: {}", e.chief_arbiter)
    };
    let time = if e.time_control.is_empty() {
        String::new()
    } else {
        format!("Time control: {}", e.time_control)
    };
    [
        join(&[&place, &dates], " · "),
        join(&[&arbiter, &time], " · "),
    ]
    .into_iter()
    .filter(|line| !line.is_empty())
    .collect()
}

/// A sheet that is one table of `t`, after the title and `details`, before `notes`;
/// portrait unless too wide for it.
fn table_sheet(
    t: &Tournament,
    title: String,
    details: Vec<String>,
    table: Table,
    notes: Vec<String>,
) -> Document {
    Document {
        event: event_name(t),
        title,
        draft: false,
        details,
        orientation: None,
        body: Body::Table(table),
        notes,
    }
}

/// The event's name, or a stand-in.
fn event_name(t: &Tournament) -> String {
    if t.event.name.is_empty() {
        "Tournament".to_string()
    } else {
        t.event.name.clone()
    }
}

/// A rating, or empty for unrated players.
fn rating(p: &Player) -> String {
    p.rating.map(|r| r.to_string()).unwrap_or_default()
}

/// A player by pairing number; an error for a number nobody has (an inconsistent file).
fn player(t: &Tournament, id: u32) -> Result<&Player, PrintError> {
    t.player(id).ok_or(PrintError::UnknownPlayer { id })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheet_names_round_trip() {
        for sheet in Sheet::ALL {
            assert_eq!(sheet.name().parse(), Ok(sheet));
        }
        assert!(
            "wallchart"
                .parse::<Sheet>()
                .unwrap_err()
                .contains("ranklist")
        );
    }

    /// Every print of an event has its own default name (each was the event's name).
    #[test]
    fn file_names_say_the_sheet_and_the_round() {
        use crate::tournament::{BoardResult, Player};
        let mut t = Tournament {
            players: (1..=4)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        for [w, b] in [[1, 2], [3, 4]] {
            t.set_board_result(1, w, b, BoardResult::Draw)
                .expect("board");
        }
        t.record_pairing(2, &[[2, 3], [4, 1]], None);
        let names: Vec<String> = Sheet::ALL.iter().map(|s| s.file_name(&t, None)).collect();
        assert_eq!(
            names,
            [
                "pairings-r2",
                "alpha-r2",
                "slips-r2",
                "standings-r1",
                "crosstable-r1",
                "ranklist",
                "ratings-r2",
                "prizes-r1"
            ]
        );
    }

    /// Pairings of every paired round; standings only after a round with all its
    /// results; the round viewed when it is one of them, else the last.
    #[test]
    fn the_rounds_a_sheet_is_printed_for() {
        use crate::tournament::{BoardResult, ByeKind, Player};
        let mut t = Tournament {
            players: (1..=5)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        assert!(Sheet::Pairings.rounds(&t).is_empty());
        assert_eq!(Sheet::Standings.default_round(&t, None), None);
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        for [w, b] in [[1, 2], [3, 4]] {
            t.set_board_result(1, w, b, BoardResult::Draw)
                .expect("board");
        }
        t.record_pairing(2, &[[2, 3], [4, 1]], None);
        // A bye requested for round 3, not paired: no round to print.
        t.set_requested_bye(5, 3, Some(ByeKind::Half)).expect("bye");
        assert_eq!(Sheet::Pairings.rounds(&t), [1, 2]);
        assert_eq!(Sheet::Slips.rounds(&t), [1, 2]);
        assert_eq!(Sheet::Standings.rounds(&t), [1]);
        assert!(Sheet::RankList.rounds(&t).is_empty());
        assert_eq!(Sheet::Pairings.default_round(&t, None), Some(2));
        assert_eq!(Sheet::Pairings.default_round(&t, Some(1)), Some(1));
        assert_eq!(Sheet::Pairings.default_round(&t, Some(3)), Some(2));
        assert_eq!(Sheet::Crosstable.default_round(&t, Some(2)), Some(1));
        for sheet in Sheet::ALL {
            for round in sheet.rounds(&t) {
                let doc = build(&t, sheet, Some(round)).expect("prints");
                assert!(
                    doc.title.contains(&format!("ound {round}")),
                    "{}",
                    doc.title
                );
            }
        }
        assert_eq!(Sheet::Pairings.file_name(&t, Some(1)), "pairings-r1");
    }

    #[test]
    fn details_skip_what_is_not_recorded() {
        let mut t = Tournament::default();
        assert!(event_details(&t).is_empty());
        t.event.city = "Tallinn".into();
        t.event.start_date = "2026/03/01".into();
        t.event.end_date = "2026/03/09".into();
        t.event.chief_arbiter = "Jõgi, Mari".into();
        assert_eq!(
            event_details(&t),
            vec![
                "Tallinn · 2026/03/01 – 2026/03/09",
                "Chief arbiter: Jõgi, Mari"
            ]
        );
    }
}
