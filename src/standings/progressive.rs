//! C.07 7.5 (Sum of) Progressive Scores.

use crate::tournament::Points;

use super::code::TieBreak;
use super::explain::{Breakdown, Part};
use super::field::Entrant;
use super::value::Value;

/// C.07 7.5: the sum of the running scores after each round; Cut-1/Cut-2 (14.1, 14.2)
/// drop the running scores of the first one or two rounds, the least significant.
pub(crate) fn progressive_scores(entrant: &Entrant, tb: &TieBreak) -> Breakdown {
    let mut running = Points::ZERO;
    let mut sum = Points::ZERO;
    let mut parts = Vec::new();
    for (i, &points) in entrant.points.iter().enumerate() {
        running += points;
        let cut = i < usize::from(tb.cut_low);
        if !cut {
            sum += running;
        }
        parts.push(Part {
            cut,
            ..Part::round(
                i as u32 + 1,
                entrant.records.get(i).and_then(|r| r.paired_opponent()),
                Value::Points(running),
                "score after the round",
            )
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
    use crate::standings::field::Field;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{ByeKind, Colour, GameResult, Outcome, Player, Tournament};

    #[test]
    fn progressive_scores_by_hand() {
        let mut t = Tournament::default();
        let mut p = Player::new(1, "One");
        p.results = vec![
            Outcome::game(2, Colour::White, GameResult::Win),
            Outcome::Bye(ByeKind::Half),
            Outcome::PairingBye,
            Outcome::Absent,
        ];
        t.players.push(p);
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: false,
            unrated_rating: None,
        };
        let field = Field::new(&t, 4, rules);
        let e = field.entrant(1).expect("player");
        let ps = |code: &str| {
            progressive_scores(e, &code.parse().expect("code"))
                .value
                .to_string()
        };
        // 1 + 1.5 + 2.5 + 2.5.
        assert_eq!(ps("PS"), "7.5");
        assert_eq!(ps("PS/C1"), "6.5");
        assert_eq!(ps("PS/C2"), "5.0");
    }
}
