//! What the teams' pairing-allocated bye is worth when the file does not say (C.04.6
//! 3.4). The event's value comes first (TRF-2026 `320` columns 5-8 and 10-13, `362` `P`);
//! else the value the file's own team totals (`310` match points in columns 55-60, game
//! points in 62-67) support, when every team that had the bye tells the same; else the
//! model's default, a drawn match with every board drawn. A warning names the `310`
//! lines when the value is taken from them, and when they count the bye otherwise than
//! the value used.

use crate::standings::{DEFAULT_TEAM_TIEBREAKS, Edition, team_standings};
use crate::tournament::{Points, Tournament};

use super::teams::TeamTotals;

/// The value per bye that the totals of every team with a bye support, with the lines
/// that say so; `None` when a team's total does not divide evenly among its byes, when
/// the teams disagree, or when no team with a bye states a total.
fn supported(byes: &[(usize, u32, Points, Option<Points>)]) -> Option<(Points, Vec<usize>)> {
    let mut value = None;
    let mut lines = Vec::new();
    for &(line, count, without, stated) in byes {
        let Some(stated) = stated else {
            continue;
        };
        let extra = (stated - without).tenths();
        if count == 0 || extra % count as i32 != 0 {
            return None;
        }
        let each = Points::from_tenths(extra / count as i32);
        if value.is_some_and(|v| v != each) {
            return None;
        }
        value = Some(each);
        lines.push(line);
    }
    value.map(|v| (v, lines))
}

/// Sets the bye's match and game points from the team totals where the event leaves them
/// unset; returns the warnings.
pub(super) fn settle(t: &mut Tournament, totals: &[TeamTotals]) -> Vec<String> {
    let rounds = t.rounds_recorded();
    let byes: Vec<(u32, u32)> = t
        .teams
        .iter()
        .map(|team| {
            let count = team.pairing_byes.iter().filter(|&&r| r <= rounds).count() as u32;
            (team.id, count)
        })
        .filter(|&(_, count)| count > 0)
        .collect();
    if byes.is_empty()
        || totals
            .iter()
            .all(|x| x.match_points.is_none() && x.game_points.is_none())
    {
        return Vec::new();
    }
    // Every team's totals with the bye worth nothing.
    let mut without = t.clone();
    without.event.team_scoring.bye_match_points = Some(Points::ZERO);
    without.event.team_scoring.bye_game_points = Some(Points::ZERO);
    let rows = team_standings(
        &without,
        rounds,
        &DEFAULT_TEAM_TIEBREAKS,
        Edition::in_force_on(&t.event.start_date),
    );
    let mut mp = Vec::new();
    let mut gp = Vec::new();
    for &(team, count) in &byes {
        let (Some(row), Some(stated)) = (
            rows.iter().find(|r| r.team == team),
            totals.iter().find(|x| x.team == team),
        ) else {
            continue;
        };
        mp.push((stated.line, count, row.match_points, stated.match_points));
        gp.push((stated.line, count, row.game_points, stated.game_points));
    }
    let boards = t.team_rounds().bye_game_points(t);
    let scoring = &mut t.event.team_scoring;
    let mut warnings = Vec::new();
    let used_mp = scoring.pab_match_points();
    let used_gp = boards;
    for (what, found, event, used) in [
        (
            "match points",
            supported(&mp),
            &mut scoring.bye_match_points,
            used_mp,
        ),
        (
            "game points",
            supported(&gp),
            &mut scoring.bye_game_points,
            used_gp,
        ),
    ] {
        let Some((value, lines)) = found else {
            continue;
        };
        let lines = super::ambiguous::line_list(&lines);
        match *event {
            None if value != used => {
                *event = Some(value);
                warnings.push(format!(
                    "{lines}: the teams' pairing-allocated bye read as worth {value} {what}: the team totals (310) count it so, and the file does not give its value (320, 362)"
                ));
            }
            _ if value != used => warnings.push(format!(
                "{lines}: the team totals (310) count the pairing-allocated bye as {value} {what}, but the event gives it {used} (320, 362); {used} used"
            )),
            _ => {}
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_is_what_every_team_with_a_bye_tells_alike() {
        let p = Points::from_tenths;
        assert_eq!(
            supported(&[(7, 1, p(40), Some(p(60)))]),
            Some((p(20), vec![7]))
        );
        assert_eq!(
            supported(&[(7, 2, p(40), Some(p(80))), (9, 1, p(10), Some(p(30)))]),
            Some((p(20), vec![7, 9]))
        );
        assert_eq!(
            supported(&[(7, 1, p(40), Some(p(60))), (9, 1, p(10), Some(p(20)))]),
            None
        );
        assert_eq!(supported(&[(7, 2, p(40), Some(p(45)))]), None);
        assert_eq!(supported(&[(7, 1, p(40), None)]), None);
    }
}
