//! The crosstable: per player in rank order, each round's opponent (by pairing number and
//! by rank), colour, result and running score.

use serde::Serialize;

use crate::tournament::{Colour, Points, Tournament};

use super::explain::as_text;
use super::ranking::Standings;

/// One round of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub round: u32,
    /// The opponent's pairing number (played or forfeited game).
    pub opponent: Option<u32>,
    /// The opponent's place in the standings.
    pub opponent_rank: Option<u32>,
    pub colour: Option<Colour>,
    /// The TRF result code: `1 = 0` (played), `W D L` (played, not rated), `+ -`
    /// (forfeit), `U` (pairing-allocated bye), `F H Z` (byes), blank (absent).
    pub result: char,
    /// The score after this round.
    #[serde(serialize_with = "as_text")]
    pub running: Points,
}

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub rank: u32,
    pub id: u32,
    pub name: String,
    pub rating: Option<u16>,
    #[serde(serialize_with = "as_text")]
    pub points: Points,
    pub rounds: Vec<Cell>,
}

/// The crosstable of `t` for the rounds and order of `standings`.
pub fn crosstable(t: &Tournament, standings: &Standings) -> Vec<Line> {
    let rank_of = |id: u32| standings.rows.iter().find(|r| r.id == id).map(|r| r.rank);
    standings
        .rows
        .iter()
        .filter_map(|row| {
            let player = t.player(row.id)?;
            let mut running = Points::ZERO;
            let rounds = (1..=standings.round)
                .map(|round| {
                    let outcome = player.outcome(round);
                    running += t.event.scoring.points(outcome);
                    let opponent = outcome.opponent();
                    Cell {
                        round,
                        opponent,
                        opponent_rank: opponent.and_then(rank_of),
                        colour: outcome.scheduled_colour(),
                        result: outcome.result_code(),
                        running,
                    }
                })
                .collect();
            Some(Line {
                rank: row.rank,
                id: row.id,
                name: player.name.clone(),
                rating: player.rating,
                points: row.points,
                rounds,
            })
        })
        .collect()
}
