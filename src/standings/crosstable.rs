//! The crosstable: per player in rank order, each round's opponent (by pairing number and
//! by rank), colour, result and running score. A round is written with the opponent's
//! pairing number, which is unique where ranks may be shared ([`Cell::text`]).

use serde::Serialize;

use crate::tournament::{Colour, Points, Tournament};

use super::explain::as_text;
use super::ranking::Standings;

/// One round of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub(crate) round: u32,
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

impl Cell {
    /// The round as every crosstable writes it (window, print, text): the opponent's
    /// pairing number, the colour (`w`/`b`) and the result code, `12w1`; a round without
    /// an opponent by its code alone (`U`, `F`, `H`, `Z`); empty when absent.
    pub fn text(&self) -> String {
        round_text(self.opponent, self.colour, self.result)
    }
}

/// A round as the crosstables write it (the players' and the teams'): the opponent's
/// number, the colour (`w`/`b`) and a code (the result, `+`/`-` for a forfeit), `12w1`;
/// a round without an opponent by its code alone (`U`, `F`, `H`, `Z`); empty when absent.
pub(super) fn round_text(opponent: Option<u32>, colour: Option<Colour>, code: char) -> String {
    let colour: String = colour
        .map(|c| c.letter().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    match opponent {
        Some(opponent) => format!("{opponent}{colour}{code}"),
        None => code.to_string().trim().to_string(),
    }
}

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub(crate) rank: u32,
    pub id: u32,
    pub(crate) name: String,
    pub(crate) rating: Option<u16>,
    #[serde(serialize_with = "as_text")]
    pub(crate) points: Points,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{ByeKind, GameResult, Outcome, Player};

    /// Two opponents who share a rank are told apart: a round names the opponent by
    /// pairing number (it named the shared rank, `2w1 2b1` for two different players).
    #[test]
    fn rounds_name_opponents_by_pairing_number() {
        let game = |opponent, colour, result| Outcome::game(opponent, colour, result);
        let mut t = Tournament::default();
        let mut one = Player::new(1, "One");
        one.results = vec![
            game(2, Colour::White, GameResult::Win),
            game(3, Colour::Black, GameResult::Win),
            Outcome::Bye(ByeKind::Half),
        ];
        let mut two = Player::new(2, "Two");
        two.results = vec![
            game(1, Colour::Black, GameResult::Loss),
            Outcome::PairingBye,
        ];
        let mut three = Player::new(3, "Three");
        three.results = vec![
            Outcome::PairingBye,
            game(1, Colour::White, GameResult::Loss),
        ];
        t.players = vec![one, two, three];
        let s = crate::standings::compute(
            &t,
            &crate::standings::Options {
                tiebreaks: Vec::new(),
                round: Some(3),
                rules: crate::standings::Rules::for_event(&t.event),
            },
        )
        .expect("standings");
        let lines = crosstable(&t, &s);
        let first = lines.iter().find(|l| l.id == 1).expect("player 1");
        let texts: Vec<String> = first.rounds.iter().map(Cell::text).collect();
        assert_eq!(texts, ["2w1", "3b1", "H"]);
        let rank = |id: u32| lines.iter().find(|l| l.id == id).map(|l| l.rank);
        assert_eq!(rank(2), rank(3), "2 and 3 share a place");
        let two = lines.iter().find(|l| l.id == 2).expect("player 2");
        let absent: Vec<String> = two.rounds.iter().map(Cell::text).collect();
        assert_eq!(absent, ["1b0", "U", ""]);
    }
}
