//! C.07 9.2 Koya System: the points scored against the opponents who scored at least half
//! of the maximum possible score.

use crate::tournament::Points;

use super::code::TieBreak;
use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::value::Value;

/// C.07 9.2 Koya of `entrant`. The limit is 50% of the maximum score (a win in every
/// round the player could play: with pre-determined pairings and an odd number of
/// players, one round in each cycle is a bye), moved by `/L±x` half-points. Every paired
/// round counts, forfeits included.
pub(crate) fn koya(field: &Field, entrant: &Entrant, tb: &TieBreak) -> Breakdown {
    let players = field.entrants.len() as u32;
    let mut games = field.round;
    if field.rules.predetermined && players % 2 == 1 && players > 0 {
        games -= field.round / players;
    }
    // Twice the limit, in tenths: win × games + 2 × shift × 0.5 point.
    let twice_limit =
        i64::from(field.scoring.win.tenths()) * i64::from(games) + i64::from(tb.koya_shift) * 10;
    let limit = Value::Average {
        sum: twice_limit,
        count: 2,
    };
    let mut parts = Vec::new();
    let mut sum = Points::ZERO;
    for (i, record) in entrant.records.iter().enumerate() {
        let Some(opponent) = record.paired_opponent() else {
            continue;
        };
        let opponent_score = field.entrant(opponent).map_or(Points::ZERO, |o| o.score);
        let own = entrant.points.get(i).copied().unwrap_or_default();
        let qualifies = 2 * i64::from(opponent_score.tenths()) >= twice_limit;
        if qualifies {
            sum += own;
        }
        let note = format!(
            "opponent scored {opponent_score}, {} the limit {limit}",
            if qualifies { "at least" } else { "below" }
        );
        parts.push(Part {
            cut: !qualifies,
            ..Part::round(i as u32 + 1, Some(opponent), Value::Points(own), note)
        });
    }
    Breakdown {
        value: Value::Points(sum),
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{Colour, GameResult, Outcome, Player, Tournament};

    /// A round robin of three players (one bye per round): 1 beats 2 and draws 3; 2 beats
    /// 3.
    fn round_robin() -> Tournament {
        let game = |opponent, result| Outcome::game(opponent, Colour::White, result);
        let mut t = Tournament::default();
        for (id, results) in [
            (
                1,
                vec![
                    game(2, GameResult::Win),
                    game(3, GameResult::Draw),
                    Outcome::PairingBye,
                ],
            ),
            (
                2,
                vec![
                    game(1, GameResult::Loss),
                    Outcome::PairingBye,
                    game(3, GameResult::Win),
                ],
            ),
            (
                3,
                vec![
                    Outcome::PairingBye,
                    game(1, GameResult::Draw),
                    game(2, GameResult::Loss),
                ],
            ),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = results;
            t.players.push(p);
        }
        t
    }

    fn ks(code: &str, id: u32) -> String {
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: true,
            unrated_rating: None,
        };
        let field = Field::new(&round_robin(), 3, rules);
        let e = field.entrant(id).expect("player");
        koya(&field, e, &code.parse().expect("code"))
            .value
            .to_string()
    }

    #[test]
    fn koya_by_hand() {
        // Scores with the byes: 1 2.5, 2 2.0, 3 1.5. Two games each: the limit is 1.0.
        // Everyone qualifies: player 1 scored 1.5 against them.
        assert_eq!(ks("KS", 1), "1.5");
        // /L+2: the limit is 2.0; only player 2 (2.0) qualifies for player 1: 1.0.
        assert_eq!(ks("KS/L+2", 1), "1.0");
        // Player 3 against 1 (2.5): 0.5, against 2 (2.0): 0 with /L+2.
        assert_eq!(ks("KS/L+2", 3), "0.5");
    }
}
