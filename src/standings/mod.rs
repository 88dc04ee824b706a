//! Standings: the players ranked by score and an ordered list of tie-breaks (FIDE C.07,
//! the 2023/2024 text with the 2026 additions), with shared places, a crosstable, and for
//! each value the opponents and adjustments that make it.
//!
//! The unplayed-round rules are those of C.07 16 (categories of unplayed rounds, the
//! score opponents see, the dummy opponent, cuts that drop voluntary unplayed rounds
//! first), with the 2026 caps, or the pre-2023 virtual opponent for old events.

mod average_buchholz;
mod buchholz;
mod code;
mod crosstable;
mod cut;
mod direct_encounter;
mod explain;
pub(crate) mod field;
mod koya;
mod opponents;
mod order_record;
mod own_record;
mod progressive;
mod ranking;
mod rating;
pub(crate) mod round;
mod rules;
mod sonneborn_berger;
mod team_crosstable;
mod team_list;
mod team_record;
mod teams;
mod tie_decisions;
mod value;

pub(crate) use code::Kind;
pub use code::{CodeError, TieBreak, parse_list};
pub use crosstable::{Cell, Line, crosstable};
pub use explain::{Breakdown, Part};
pub use order_record::{event_tiebreaks, store_in_event};
pub use ranking::{Options, Row, Standings, StandingsError, compute, default_round};
pub use rules::{Edition, Rules, UnknownEdition};
pub use team_crosstable::{TeamCell, TeamCrosstable, TeamLine, team_crosstable};
pub(crate) use team_list::{EventTeamStandings, team_tiebreak_list};
pub use team_list::{event_team_standings, event_team_standings_under};
pub use teams::{
    Cut, DEFAULT_TEAM_TIEBREAKS, ScoreOf, TEAM_TABLE_HEADINGS, TeamRow, TeamScore, TeamTieBreak,
    primary_score, team_standings, tiebreak_columns,
};
pub use tie_decisions::lot_key;
pub use value::Value;

/// The list used when the event has none: `BH/C1,BH,SB,DE,WIN`. C.07 sets no default
/// (the Chief Arbiter publishes the list before the event); this one suits a Swiss event
/// and needs no ratings, so it also works with unrated players.
pub const DEFAULT_TIEBREAKS: &str = "BH/C1,BH,SB,DE,WIN";

/// The parsed default list.
pub fn default_tiebreaks() -> Vec<TieBreak> {
    [
        TieBreak {
            cut_low: 1,
            ..TieBreak::plain(Kind::Buchholz)
        },
        TieBreak::plain(Kind::Buchholz),
        TieBreak::plain(Kind::SonnebornBerger),
        TieBreak::plain(Kind::DirectEncounter),
        TieBreak::plain(Kind::Wins),
    ]
    .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_list_matches_its_text() {
        assert_eq!(parse_list(DEFAULT_TIEBREAKS), Ok(default_tiebreaks()));
    }
}
