//! C.07 9.1 Sonneborn-Berger: the sum, over the opponents counted in each round, of the
//! opponent's score times the points the player scored in that round.

use super::code::TieBreak;
use super::cut::{CutRule, Term, sum_after_cuts};
use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::opponents::counted;
use super::value::Value;

/// C.07 9.1 Sonneborn-Berger of `entrant`, exact to the hundredth (tenths × tenths), with
/// Cut-1/Cut-2 (14.1, 14.2) and the 16.5 exception.
pub(crate) fn sonneborn_berger(field: &Field, entrant: &Entrant, tb: &TieBreak) -> Breakdown {
    let counted = counted(field, entrant, tb.forfeits_as_played);
    let terms: Vec<Term> = counted
        .iter()
        .map(|c| Term {
            score: i64::from(c.score.tenths()),
            value: i64::from(c.score.tenths()) * i64::from(c.own_points.tenths()),
            voluntary: c.voluntary,
        })
        .collect();
    let rule = CutRule::for_sums(field.rules, true);
    let (sum, dropped) = sum_after_cuts(&terms, tb.cut_low, tb.cut_high, rule);
    let parts = counted
        .into_iter()
        .zip(&terms)
        .zip(dropped)
        .map(|((c, term), cut)| {
            let note = format!("{} × {} scored; {}", c.score, c.own_points, c.note);
            Part {
                cut,
                ..Part::round(c.round, c.opponent, Value::Hundredths(term.value), note)
            }
        })
        .collect();
    Breakdown {
        value: Value::Hundredths(sum),
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{
        ByeKind, Colour, GameResult, Outcome, Player, ScoringSystem, Tournament,
    };

    fn game(opponent: u32, result: GameResult) -> Outcome {
        Outcome::game(opponent, Colour::Black, result)
    }

    /// Three rounds. 1: W2 D3 HPB (2.0). 2: L1 +4 W3 (2.0). 3: D4 D1 L2 (1.0).
    /// 4: D3 -2 ZPB (0.5).
    fn tournament(scoring: ScoringSystem) -> Tournament {
        let mut t = Tournament::default();
        t.event.scoring = scoring;
        for (id, results) in [
            (
                1,
                vec![
                    game(2, GameResult::Win),
                    game(3, GameResult::Draw),
                    Outcome::Bye(ByeKind::Half),
                ],
            ),
            (
                2,
                vec![
                    game(1, GameResult::Loss),
                    Outcome::Forfeit {
                        opponent: 4,
                        colour: Colour::White,
                        won: true,
                    },
                    game(3, GameResult::Win),
                ],
            ),
            (
                3,
                vec![
                    game(4, GameResult::Draw),
                    game(1, GameResult::Draw),
                    game(2, GameResult::Loss),
                ],
            ),
            (
                4,
                vec![
                    game(3, GameResult::Draw),
                    Outcome::Forfeit {
                        opponent: 2,
                        colour: Colour::Black,
                        won: false,
                    },
                    Outcome::Bye(ByeKind::Zero),
                ],
            ),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = results;
            t.players.push(p);
        }
        t
    }

    fn sb(scoring: ScoringSystem, edition: Edition, code: &str, id: u32) -> String {
        let rules = Rules {
            edition,
            predetermined: false,
            unrated_rating: None,
        };
        let field = Field::new(&tournament(scoring), 3, rules);
        let e = field.entrant(id).expect("player");
        let tb: TieBreak = code.parse().expect("code");
        sonneborn_berger(&field, e, &tb).value.to_string()
    }

    #[test]
    fn sonneborn_berger_by_hand() {
        let standard = ScoringSystem::standard();
        // Scores: 1 2.0, 2 2.0, 3 1.0, 4 0.5 (0.5 + 0 + ZPB to the end seen as 0.5 = 1.0).
        // Player 1: 2.0 × 1 + 1.0 × 0.5 + dummy 2.0 × 0.5 = 3.50.
        assert_eq!(sb(standard, Edition::Dummy2023, "SB", 1), "3.50");
        // Cut-1: the lowest opponent's product is 0.5 (player 3); the HPB's is 1.0,
        // higher, so the HPB goes (16.5): 2.50.
        assert_eq!(sb(standard, Edition::Dummy2023, "SB/C1", 1), "2.50");
        // Player 2: 0 + forfeit win vs dummy 2.0 × 1 + 1.0 × 1 = 3.00; 2026 caps the
        // dummy at opponent 4's seen score 1.0: 2.00. With /P: 1.0 × 1 + 1.0 = 2.00.
        assert_eq!(sb(standard, Edition::Dummy2023, "SB", 2), "3.00");
        assert_eq!(sb(standard, Edition::Dummy2026, "SB", 2), "2.00");
        assert_eq!(sb(standard, Edition::Dummy2023, "SB/P", 2), "2.00");
        // Player 4: 1.0 × 0.5 + dummy 0.5 × 0 + dummy 0.5 × 0 = 0.50. Cut-1: the
        // lowest-scoring opponent is a dummy (0.5) with product 0, and so is the lowest
        // VUR: a 0 is cut and 0.50 remains.
        assert_eq!(sb(standard, Edition::Dummy2023, "SB/C1", 4), "0.50");
    }

    #[test]
    fn products_of_three_one_zero_scores() {
        // 3-1-0: 1 has 5 (the HPB is worth a draw, 1), 2 has 6, 3 has 2.
        // Player 1: 6 × 3 + 2 × 1 + dummy 5 × 1 = 25.00.
        assert_eq!(
            sb(ScoringSystem::three_one_zero(), Edition::Dummy2023, "SB", 1),
            "25.00"
        );
    }
}
