//! The tie-break checker for a team event (C.02.03 7): the final ranks a TRF-2026 file
//! records for its teams (`310`), compared with the team standings after its last round
//! under the file's own team tie-break list (the event's codes read as team tie-breaks, or
//! the default list when it names none), ranked by the primary score first (C.04.6 2,
//! C.07).

use crate::standings;
use crate::tournament::Tournament;

use super::{StandingsConformance, rank_differences};

/// Checks the teams' recorded ranks, `(team pairing number, rank)` as the file gives them
/// (`crate::formats::trf::recorded_team_ranks`): `None` when there is nothing to check (not
/// a team event, no rank for some team, or a last round without every result). An error
/// when the list cannot be read, the standings cannot be computed, or a rank names a team
/// the event does not have. `edition`: the unplayed-round rules asked for, else the
/// event's.
pub(crate) fn check_team_standings(
    t: &Tournament,
    ranks: &[(u32, u32)],
    edition: Option<standings::Edition>,
) -> Option<Result<StandingsConformance, String>> {
    let round = t.rounds_recorded();
    if !t.is_team_event()
        || round == 0
        || standings::default_round(t) != round
        || t.teams
            .iter()
            .any(|team| !ranks.iter().any(|r| r.0 == team.id))
    {
        return None;
    }
    if let Some(&(team, _)) = ranks
        .iter()
        .find(|(id, _)| !t.teams.iter().any(|team| team.id == *id))
    {
        return Some(Err(format!(
            "a rank for team {team}, which the event does not have"
        )));
    }
    let table = match standings::event_team_standings_under(t, Some(round), edition)? {
        Ok(table) => table,
        Err(e) => return Some(Err(e)),
    };
    let names: Vec<String> = std::iter::once(primary_name(t).to_string())
        .chain(table.tiebreaks.iter().map(|tb| tb.code()))
        .collect();
    let computed: Vec<(u32, u32)> = table.rows.iter().map(|r| (r.team, r.rank)).collect();
    let differences = rank_differences(&computed, |id| {
        ranks.iter().find(|r| r.0 == id).map(|r| r.1)
    });
    Some(Ok(StandingsConformance {
        round,
        tiebreaks: names,
        players: table.rows.len(),
        teams: true,
        differences,
    }))
}

/// The primary score's code: match points or game points (C.04.6 2; the event's type).
fn primary_name(t: &Tournament) -> &'static str {
    match standings::primary_score(t) {
        standings::TeamScore::Match => "MP",
        standings::TeamScore::Game => "GP",
    }
}
