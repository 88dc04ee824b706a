//! `0000 - -` on a board won by default in a team event.
//!
//! Swiss-Manager writes `0000 - -` both for a player who did not play (a reserve not
//! fielded, an absence) and for a player whose board was won because the other team had
//! nobody for it; its points column counts the latter as a win. Read as written, such a
//! line adds up to less than its points column says. Where the missing points are exactly
//! as many board wins as the line has `0000 - -` entries in rounds where the player's
//! team met a team that left a board empty, those entries are the boards won by default
//! (stored as the full-point bye C.04.6 3.4 leaves to players of a team event); elsewhere
//! `0000 - -` stays an absence without points.

use std::collections::HashMap;

use crate::tournament::{ByeKind, Outcome, TeamOutcome, Tournament};

use super::dialect::ByeCode;
use super::player_line::PlayerLine;

/// Reads as boards won by default the `0000 - -` entries the points columns account
/// for; returns a warning naming the lines.
pub(super) fn read_by_points_column(
    t: &mut Tournament,
    lines: &[PlayerLine],
    line_of: &HashMap<u32, usize>,
) -> Vec<String> {
    let rounds = t.team_rounds();
    let boards = rounds.boards;
    let index_of = |id: u32| t.teams.iter().position(|team| team.id == id);
    // Boards a team holds in a round: games, forfeits, boards won by default.
    let held = |team: usize, round: u32| -> u32 {
        t.teams[team]
            .players
            .iter()
            .filter_map(|&p| t.player(p))
            .filter(|p| p.outcome(round).holds_team_board())
            .count() as u32
    };
    let win = t.event.scoring.full_bye - t.event.scoring.zero_bye;
    let mut read: Vec<(u32, Vec<u32>)> = Vec::new();
    for line in lines {
        let (Some(recorded), Some(player)) = (line.points, t.player(line.player.id)) else {
            continue;
        };
        let missing = recorded - t.score(player);
        if missing <= crate::tournament::Points::ZERO
            || win <= crate::tournament::Points::ZERO
            || missing.tenths() % win.tenths() != 0
        {
            continue;
        }
        let Some(team) = t.team_of(player.id).and_then(index_of) else {
            continue;
        };
        let candidates: Vec<u32> = line
            .ambiguous
            .iter()
            .filter(|&&(round, code)| {
                code == ByeCode::Dash
                    && *player.outcome(round) == Outcome::Bye(ByeKind::Zero)
                    && match rounds.outcomes[team].get(round as usize - 1) {
                        Some(TeamOutcome::Match { opponent, .. }) => {
                            index_of(*opponent).is_some_and(|o| held(o, round) < boards)
                                && held(team, round) < boards
                        }
                        _ => false,
                    }
            })
            .map(|&(round, _)| round)
            .collect();
        if candidates.len() as i32 == missing.tenths() / win.tenths() {
            read.push((player.id, candidates));
        }
    }
    let mut numbers = Vec::new();
    for (id, won) in &read {
        if let Some(player) = t.player_mut(*id) {
            for &round in won {
                player.set_outcome(round, Outcome::Bye(ByeKind::Full));
            }
        }
        numbers.push(line_of.get(id).copied().unwrap_or(0));
    }
    if numbers.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "{}: `0000 - -` read as a board won by default (the other team had nobody for it), not as an absence: the points column counts it so",
        super::ambiguous::line_list(&numbers)
    )]
}
