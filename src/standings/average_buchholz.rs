//! C.07 8.2 Average of Opponents' Buchholz.

use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::value::Value;

/// C.07 8.2: the average of the Buchholz (`/F`: Fore Buchholz) of the opponents met over
/// the board. `buchholz` holds every player's value, by position in the field; the average
/// is kept exact (printed to 0.01).
pub(crate) fn average_opponents_buchholz(
    field: &Field,
    entrant: &Entrant,
    buchholz: &[Breakdown],
) -> Breakdown {
    let mut parts = Vec::new();
    let (mut sum, mut count) = (0i64, 0i64);
    for (i, record) in entrant.records.iter().enumerate() {
        let Some(opponent) = record
            .game_opponent()
            .filter(|_| record.is_over_the_board())
        else {
            continue;
        };
        let Some(value) = field.position(opponent).and_then(|p| buchholz.get(p)) else {
            continue;
        };
        if let Value::Points(p) = value.value {
            sum += i64::from(p.tenths());
            count += 1;
            parts.push(Part::round(
                i as u32 + 1,
                Some(opponent),
                value.value,
                "the opponent's Buchholz",
            ));
        }
    }
    if count == 0 {
        return Breakdown::bare(Value::Missing);
    }
    Breakdown {
        value: Value::Average { sum, count },
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{Colour, GameResult, Outcome, Player, Points, Tournament};

    #[test]
    fn averages_the_buchholz_of_opponents_met_over_the_board() {
        let mut t = Tournament::default();
        let game = |opponent, result| Outcome::game(opponent, Colour::White, result);
        let mut p1 = Player::new(1, "A");
        p1.results = vec![
            game(2, GameResult::Win),
            Outcome::Forfeit {
                opponent: 3,
                colour: Colour::White,
                won: true,
            },
        ];
        let mut p2 = Player::new(2, "B");
        p2.results = vec![game(1, GameResult::Loss), Outcome::PairingBye];
        let mut p3 = Player::new(3, "C");
        p3.results = vec![
            Outcome::PairingBye,
            Outcome::Forfeit {
                opponent: 1,
                colour: Colour::Black,
                won: false,
            },
        ];
        t.players = vec![p1, p2, p3];
        let rules = Rules {
            edition: Edition::Dummy2023,
            predetermined: false,
            unrated_rating: None,
        };
        let field = Field::new(&t, 2, rules);
        let bh: Vec<Breakdown> = [40, 35, 20]
            .iter()
            .map(|&t| Breakdown::bare(Value::Points(Points::from_tenths(t))))
            .collect();
        let e = field.entrant(1).expect("player 1");
        // Only player 2 was met over the board.
        let aob = average_opponents_buchholz(&field, e, &bh);
        assert_eq!(aob.value.to_string(), "3.50");
        let e3 = field.entrant(3).expect("player 3");
        assert_eq!(
            average_opponents_buchholz(&field, e3, &bh).value,
            Value::Missing
        );
    }
}
