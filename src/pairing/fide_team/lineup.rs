//! From a team pairing to the boards: who of each team plays, on which board, with which
//! colour.

use crate::pairing::{Pair, RoundPairing, state};
use crate::tournament::{Colour, Tournament};

use super::TeamPairing;

/// The boards of a team pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamBoards {
    /// The games, match after match, board 1 first; no bye (see [`TeamPairing::bye`]).
    pub pairing: RoundPairing,
    /// Players whose opponent's team has no player for their board: they win that board
    /// by forfeit (recorded like a bye without an opponent, `0000 - +`, as the TRF reader
    /// reads a team event).
    pub unopposed: Vec<u32>,
}

/// The boards of `pairing`. A team's players for the round are the first available
/// players of its roster, in roster order (available: no bye or absence recorded for the
/// round, not withdrawn), as many as the event has boards (`TeamScoring::boards`; when 0,
/// the most games a team played in a match so far; before any match, the shortest roster
/// of the round's teams). On each board the team with White on board 1 (1.6.1) has the
/// colour the event's sequence gives ([`crate::tournament::TeamScoring::colour_on_board`]).
pub(crate) fn expand(t: &Tournament, pairing: &TeamPairing) -> TeamBoards {
    let round = pairing.round;
    let players = |team: u32| -> Vec<u32> {
        t.team(team).map_or_else(Vec::new, |team| {
            team.players
                .iter()
                .copied()
                .filter(|&p| t.player(p).is_some_and(|p| state::is_present(p, round)))
                .collect()
        })
    };
    let boards = match t.event.team_scoring.boards {
        0 => match t.team_rounds().boards {
            0 => pairing
                .matches
                .iter()
                .flat_map(|&(w, b)| [w, b])
                .filter_map(|id| t.team(id))
                .map(|team| team.players.len() as u32)
                .min()
                .unwrap_or(0),
            n => n,
        },
        n => n,
    } as usize;
    let mut out = TeamBoards {
        pairing: RoundPairing {
            round,
            pairs: Vec::new(),
            bye: None,
        },
        unopposed: Vec::new(),
    };
    for &(white, black) in &pairing.matches {
        let (w, b) = (players(white), players(black));
        for board in 0..boards {
            match (w.get(board), b.get(board)) {
                (Some(&x), Some(&y)) => {
                    out.pairing
                        .pairs
                        .push(match t.event.team_scoring.colour_on_board(board) {
                            Colour::White => Pair { white: x, black: y },
                            Colour::Black => Pair { white: y, black: x },
                        })
                }
                (Some(&x), None) | (None, Some(&x)) => out.unopposed.push(x),
                (None, None) => {}
            }
        }
    }
    out
}
