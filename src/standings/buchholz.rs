//! C.07 8.1 Buchholz and 8.3 Fore Buchholz: the sum of the scores of the opponents
//! counted in each round, with the Cut and Median modifiers.

use crate::tournament::Points;

use super::code::TieBreak;
use super::cut::{CutRule, Term, sum_after_cuts};
use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::opponents::counted;
use super::value::Value;

/// C.07 8.1 Buchholz of `entrant`; on the field of `Field::fore` this is 8.3 Fore
/// Buchholz.
pub(crate) fn buchholz(field: &Field, entrant: &Entrant, tb: &TieBreak) -> Breakdown {
    let counted = counted(field, entrant, tb.forfeits_as_played);
    let terms: Vec<Term> = counted
        .iter()
        .map(|c| Term {
            score: i64::from(c.score.tenths()),
            value: i64::from(c.score.tenths()),
            voluntary: c.voluntary,
        })
        .collect();
    let rule = CutRule::for_sums(field.rules, false);
    let (sum, dropped) = sum_after_cuts(&terms, tb.cut_low, tb.cut_high, rule);
    let parts = counted
        .into_iter()
        .zip(dropped)
        .map(|(c, cut)| Part {
            cut,
            ..Part::round(c.round, c.opponent, Value::Points(c.score), c.note)
        })
        .collect();
    Breakdown {
        value: Value::Points(Points::from_tenths(sum as i32)),
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::code::Kind;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{ByeKind, Colour, GameResult, Outcome, Player, Tournament};

    fn game(opponent: u32, result: GameResult) -> Outcome {
        Outcome::game(opponent, Colour::White, result)
    }

    /// Four rounds. 1: W2 W3 HPB W4 (3.5). 2: L1 W4 D3 ZPB (1.5). 3: D4 L1 D2 PAB (2.0).
    /// 4: D3 L2 FPB L1 (1.5).
    fn tournament() -> Tournament {
        let mut t = Tournament::default();
        for (id, results) in [
            (
                1,
                vec![
                    game(2, GameResult::Win),
                    game(3, GameResult::Win),
                    Outcome::Bye(ByeKind::Half),
                    game(4, GameResult::Win),
                ],
            ),
            (
                2,
                vec![
                    game(1, GameResult::Loss),
                    game(4, GameResult::Win),
                    game(3, GameResult::Draw),
                    Outcome::Bye(ByeKind::Zero),
                ],
            ),
            (
                3,
                vec![
                    game(4, GameResult::Draw),
                    game(1, GameResult::Loss),
                    game(2, GameResult::Draw),
                    Outcome::PairingBye,
                ],
            ),
            (
                4,
                vec![
                    game(3, GameResult::Draw),
                    game(2, GameResult::Loss),
                    Outcome::Bye(ByeKind::Full),
                    game(1, GameResult::Loss),
                ],
            ),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = results;
            t.players.push(p);
        }
        t
    }

    fn bh(edition: Edition, code: &str, id: u32) -> String {
        let rules = Rules {
            edition,
            predetermined: false,
            unrated_rating: None,
        };
        let field = Field::new(&tournament(), 4, rules);
        let tb: TieBreak = code.parse().expect("code");
        let field = if tb.kind == Kind::ForeBuchholz {
            field.fore()
        } else {
            field
        };
        let e = field.entrant(id).expect("player");
        buchholz(&field, e, &tb).value.to_string()
    }

    #[test]
    fn buchholz_by_hand() {
        // Seen scores: 1 3.5; 2 1.5 + 0.5 for the last-round ZPB (16.3.2) = 2.0; 3 2.0;
        // 4 1.5.
        // Player 1: 2.0 + 2.0 + dummy 3.5 (own score) + 1.5 = 9.0.
        assert_eq!(bh(Edition::Dummy2023, "BH", 1), "9.0");
        // 2026: the dummy is capped at 4 draws = 2.0: 7.5.
        assert_eq!(bh(Edition::Dummy2026, "BH", 1), "7.5");
        // Cut-1 drops the voluntary unplayed round first (16.5), not the lowest (1.5).
        assert_eq!(bh(Edition::Dummy2023, "BH/C1", 1), "5.5");
        // Median-1: the VUR, then the highest of the rest (2.0).
        assert_eq!(bh(Edition::Dummy2023, "BH/M1", 1), "3.5");
        // Player 4: 2.0 + 2.0 + dummy 1.5 (FPB, not voluntary) + 3.5 = 9.0; Cut-1 drops
        // the lowest, the dummy.
        assert_eq!(bh(Edition::Dummy2023, "BH", 4), "9.0");
        assert_eq!(bh(Edition::Dummy2023, "BH/C1", 4), "7.5");
        assert_eq!(bh(Edition::Dummy2023, "BH/C2", 4), "5.5");
    }

    #[test]
    fn fore_buchholz_draws_the_final_round() {
        // Fore field: round 4 games drawn: 1 has 3.0, 4 has 2.0; 2 and 3 are unpaired.
        // Player 1: 2.0 (2) + 2.0 (3) + dummy 3.0 + 2.0 (4) = 9.0.
        assert_eq!(bh(Edition::Dummy2023, "FB", 1), "9.0");
        // Player 4: 2.0 (3) + 2.0 (2) + dummy 2.0 + 3.0 (1) = 9.0.
        assert_eq!(bh(Edition::Dummy2023, "FB", 4), "9.0");
    }

    #[test]
    fn pre_2023_uses_virtual_opponents() {
        // Opponents' unplayed rounds are draws: 2 = 0 + 1 + 0.5 + 0.5 = 2.0; 3 = 0.5 + 0 +
        // 0.5 + 0.5 = 1.5; 4 = 0.5 + 0 + 0.5 + 0 = 1.0.
        // Player 1 round 3: virtual opponent 2.0 + 0.5 + 0.5 = 3.0. BH = 2 + 1.5 + 3 + 1.
        assert_eq!(bh(Edition::VirtualOpponent, "BH", 1), "7.5");
    }
}
