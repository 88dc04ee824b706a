//! The tie-break list of a team event (the event's codes read as team tie-breaks, or the
//! default list when it names none), and the team standings with it, as the window and
//! the printed sheet show them.

use crate::tournament::{Event, Tournament};

use super::rules::{Edition, Rules};
use super::teams::{DEFAULT_TEAM_TIEBREAKS, TeamRow, TeamTieBreak, team_standings};

/// A team event's standings with the event's own list and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTeamStandings {
    /// After this round.
    pub(crate) round: u32,
    pub(crate) tiebreaks: Vec<TeamTieBreak>,
    /// The unplayed-round rules in force at the event's date.
    pub(crate) edition: Edition,
    pub(crate) rows: Vec<TeamRow>,
}

/// The team standings of `t` after `round` (default: the last round recorded) with
/// `event_team_tiebreaks` under the rules of the event's date; `None` for an event
/// without teams. Final standings (after the last planned round) are refused while an
/// adjourned game remains, as the players' are.
pub fn event_team_standings(
    t: &Tournament,
    round: Option<u32>,
) -> Option<Result<EventTeamStandings, String>> {
    event_team_standings_under(t, round, None)
}

/// [`event_team_standings`] under the unplayed-round rules `edition` when given (the
/// command line's `--rules`), else those of the event's date.
pub fn event_team_standings_under(
    t: &Tournament,
    round: Option<u32>,
    edition: Option<Edition>,
) -> Option<Result<EventTeamStandings, String>> {
    if !t.is_team_event() {
        return None;
    }
    let tiebreaks = match event_team_tiebreaks(&t.event) {
        Ok(list) => list,
        Err(e) => return Some(Err(e)),
    };
    let round = round.unwrap_or_else(|| t.rounds_recorded());
    // No final standings while an adjourned game remains (as for the players').
    if let Err(e) = super::ranking::adjourned_notes(t, round) {
        return Some(Err(e.to_string()));
    }
    let edition = edition.unwrap_or_else(|| Rules::for_event(&t.event).edition);
    let rows = team_standings(t, round, &tiebreaks, edition);
    Some(Ok(EventTeamStandings {
        round,
        tiebreaks,
        edition,
        rows,
    }))
}

/// The event's tie-breaks (`Event::tiebreaks`) as team tie-breaks, or
/// [`DEFAULT_TEAM_TIEBREAKS`] when it has none; an unknown code is refused by name.
pub(crate) fn event_team_tiebreaks(event: &Event) -> Result<Vec<TeamTieBreak>, String> {
    team_tiebreak_list(&event.tiebreaks.join(","))
}

/// A comma-separated list of team tie-break codes (`GP,EGGSB,BH`); an empty list is the
/// default one.
pub(crate) fn team_tiebreak_list(list: &str) -> Result<Vec<TeamTieBreak>, String> {
    let codes: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .collect();
    if codes.is_empty() {
        return Ok(DEFAULT_TEAM_TIEBREAKS.to_vec());
    }
    codes
        .into_iter()
        .map(|code| {
            TeamTieBreak::parse(code).ok_or_else(|| {
                format!(
                    "unknown team tie-break {code:?}: expected MP, GP, PTS, MPvGP, DE, EDE, BH, FB, AOB, SB, ESB, EMMSB, EMGSB, EGMSB, EGGSB, PS, KS, WIN, WON (with :MP or :GP, /C1, /M1...), REP, STD, BC, TBR or BBE"
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_the_default_and_unknown_codes_are_named() {
        assert_eq!(
            team_tiebreak_list(" ").expect("default"),
            DEFAULT_TEAM_TIEBREAKS.to_vec()
        );
        assert_eq!(team_tiebreak_list("GP, BH").expect("parsed").len(), 2);
        let err = team_tiebreak_list("GP,XYZ").expect_err("refused");
        assert!(err.contains("\"XYZ\""), "{err}");
    }
}
