//! Rating-based tie-breaks (C.07 10): the opponents' average rating, performance ratings
//! and their averages, and the player's own rating. Only games played over the board
//! count (15.2).

use super::code::TieBreak;
use super::cut::{CutRule, Term, cut};
use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::value::Value;
use crate::rating::tables::{expected_score, rating_difference, round_half_up};
use crate::tournament::GameResult;

/// The rating a player counts with: the FIDE rating, or for an unrated player the rating
/// the tournament rules give (C.07 10).
pub(crate) fn rating_of(field: &Field, entrant: &Entrant) -> Option<i64> {
    entrant.rating.or(field.rules.unrated_rating).map(i64::from)
}

/// The rating an opponent counts with in `round`: in an event over 30 days whose rating
/// tie-breaks take the rating of each round, that round's (checklist Q215); else
/// [`rating_of`] (the first rating, C.07 10; checklist Q214).
fn rating_in_round(field: &Field, entrant: &Entrant, round: u32) -> Option<i64> {
    match entrant.round_ratings.get(round.saturating_sub(1) as usize) {
        Some(&Some(rating)) => Some(i64::from(rating)),
        _ => rating_of(field, entrant),
    }
}

/// Whether every player has a rating to count with; otherwise the rating-based
/// tie-breaks are dropped (C.07 10).
pub(crate) fn ratings_usable(field: &Field) -> bool {
    field.entrants.iter().all(|e| rating_of(field, e).is_some())
}

/// A game over the board against a rated opponent.
struct RatedGame {
    round: u32,
    opponent: u32,
    rating: i64,
    /// The result as the rating regulations count it: 100, 50 or 0 hundredths.
    score: i64,
}

fn rated_games(field: &Field, entrant: &Entrant) -> Vec<RatedGame> {
    entrant
        .records
        .iter()
        .enumerate()
        .filter_map(|(i, record)| {
            let super::round::RoundRecord::Played {
                opponent,
                result,
                forfeit: false,
                ..
            } = *record
            else {
                return None;
            };
            let rating = rating_in_round(field, field.entrant(opponent)?, i as u32 + 1)?;
            let score = match result {
                GameResult::Win => 100,
                GameResult::Draw => 50,
                GameResult::Loss => 0,
            };
            Some(RatedGame {
                round: i as u32 + 1,
                opponent,
                rating,
                score,
            })
        })
        .collect()
}

fn game_parts(games: &[RatedGame]) -> Vec<Part> {
    games
        .iter()
        .map(|g| {
            Part::round(
                g.round,
                Some(g.opponent),
                Value::Rating(g.rating as i32),
                "opponent's rating",
            )
        })
        .collect()
}

/// C.07 10.1: the average rating of the opponents met over the board, rounded to the
/// nearest whole number (0.5 up), with Cut/Median (14) dropping the lowest and highest
/// ratings.
pub(crate) fn average_rating(field: &Field, entrant: &Entrant, tb: &TieBreak) -> Breakdown {
    let games = rated_games(field, entrant);
    let terms: Vec<Term> = games
        .iter()
        .map(|g| Term {
            score: g.rating,
            value: g.rating,
            voluntary: false,
        })
        .collect();
    let dropped = cut(&terms, tb.cut_low, tb.cut_high, CutRule::Plain);
    let mut parts = game_parts(&games);
    for &i in &dropped {
        parts[i].cut = true;
    }
    let kept: Vec<i64> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| !dropped.contains(i))
        .map(|(_, g)| g.rating)
        .collect();
    let value = average(&kept).map_or(Value::Missing, |a| Value::Rating(a as i32));
    Breakdown { value, parts }
}

fn average(values: &[i64]) -> Option<i64> {
    if values.is_empty() {
        None
    } else {
        Some(round_half_up(values.iter().sum(), values.len() as i64))
    }
}

/// C.07 10.2: ARO + dp(p), where p is the score over the board divided by the games,
/// rounded to two decimals (0.005 up), and dp comes from B.02 table 8.1(a).
pub(crate) fn performance_rating(field: &Field, entrant: &Entrant) -> Breakdown {
    let games = rated_games(field, entrant);
    let ratings: Vec<i64> = games.iter().map(|g| g.rating).collect();
    let Some(aro) = average(&ratings) else {
        return Breakdown::bare(Value::Missing);
    };
    let score: i64 = games.iter().map(|g| g.score).sum();
    let p = round_half_up(score, games.len() as i64);
    let dp = rating_difference(p);
    let mut parts = game_parts(&games);
    parts.push(Part::other(
        Value::Rating(aro as i32),
        "average rating of the opponents (10.1)",
    ));
    parts.push(Part::other(
        Value::Rating(dp),
        format!(
            "dp for p = {}.{:02} ({} from {} games; B.02 8.1(a))",
            p / 100,
            p % 100,
            Value::Hundredths(score),
            games.len()
        ),
    ));
    Breakdown {
        value: Value::Rating(aro as i32 + dp),
        parts,
    }
}

/// C.07 10.3: the lowest rating R whose expected score against the opponents met over
/// the board (B.02 table 8.1(b), no 400-point limit) reaches the player's score; for a
/// score of zero, the lowest opponent's rating minus 800.
pub(crate) fn perfect_performance(field: &Field, entrant: &Entrant) -> Breakdown {
    let games = rated_games(field, entrant);
    let parts = game_parts(&games);
    let (Some(lowest), Some(highest)) = (
        games.iter().map(|g| g.rating).min(),
        games.iter().map(|g| g.rating).max(),
    ) else {
        return Breakdown::bare(Value::Missing);
    };
    let score: i64 = games.iter().map(|g| g.score).sum();
    let reaches = |r: i64| {
        games
            .iter()
            .map(|g| expected_score(r - g.rating))
            .sum::<i64>()
            >= score
    };
    let value = if score == 0 {
        lowest - 800
    } else {
        // The expected score grows with R and is complete 800 above the highest rating.
        let (mut low, mut high) = (lowest - 800, highest + 800);
        while low < high {
            let mid = low + (high - low) / 2;
            if reaches(mid) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        low
    };
    Breakdown {
        value: Value::Rating(value as i32),
        parts,
    }
}

/// C.07 10.4 and 10.5: the average of the opponents' `values` (their TPR or PTP) over the
/// games played over the board, rounded to the nearest whole number (0.5 up).
pub(crate) fn average_of_opponents(
    field: &Field,
    entrant: &Entrant,
    values: &[Breakdown],
    what: &str,
) -> Breakdown {
    let mut parts = Vec::new();
    let mut kept = Vec::new();
    for game in rated_games(field, entrant) {
        let value = field
            .position(game.opponent)
            .and_then(|p| values.get(p))
            .map(|b| b.value);
        if let Some(Value::Rating(r)) = value {
            kept.push(i64::from(r));
            parts.push(Part::round(
                game.round,
                Some(game.opponent),
                Value::Rating(r),
                what,
            ));
        }
    }
    let value = average(&kept).map_or(Value::Missing, |a| Value::Rating(a as i32));
    Breakdown { value, parts }
}

/// C.07 (2026) 10.6: the player's own rating.
pub(crate) fn own_rating(field: &Field, entrant: &Entrant) -> Breakdown {
    Breakdown::bare(rating_of(field, entrant).map_or(Value::Missing, |r| Value::Rating(r as i32)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{Colour, Outcome, Player, Tournament};

    /// Player 1 (2000) meets 2 (2100, win), 3 (1900, draw), 4 (unrated: 1500 by rule,
    /// loss), and wins by forfeit against 5 (2400).
    fn field(unrated_rating: Option<u16>) -> Field {
        let game = |opponent, result| Outcome::game(opponent, Colour::White, result);
        let mut t = Tournament::default();
        for (id, rating) in [
            (1, Some(2000)),
            (2, Some(2100)),
            (3, Some(1900)),
            (4, None),
            (5, Some(2400)),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.rating = rating;
            t.players.push(p);
        }
        t.players[0].results = vec![
            game(2, GameResult::Win),
            game(3, GameResult::Draw),
            game(4, GameResult::Loss),
            Outcome::Forfeit {
                opponent: 5,
                colour: Colour::White,
                won: true,
            },
        ];
        t.players[1].set_outcome(1, game(1, GameResult::Loss));
        t.players[2].set_outcome(2, game(1, GameResult::Draw));
        t.players[3].set_outcome(3, game(1, GameResult::Win));
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: false,
            unrated_rating,
        };
        Field::new(&t, 4, rules)
    }

    #[test]
    fn unrated_players_make_ratings_unusable_unless_the_rules_say() {
        assert!(!ratings_usable(&field(None)));
        assert!(ratings_usable(&field(Some(1500))));
    }

    #[test]
    fn average_rating_by_hand() {
        let f = field(Some(1500));
        let e = f.entrant(1).expect("player");
        let aro = |code: &str| average_rating(&f, e, &code.parse().expect("code")).value;
        // (2100 + 1900 + 1500) / 3 = 1833.33; the forfeit does not count.
        assert_eq!(aro("ARO"), Value::Rating(1833));
        assert_eq!(aro("ARO/C1"), Value::Rating(2000));
        assert_eq!(aro("ARO/M1"), Value::Rating(1900));
        assert_eq!(aro("ARO/C2"), Value::Rating(2100));
    }

    #[test]
    fn performance_ratings_by_hand() {
        let f = field(Some(1500));
        let e = f.entrant(1).expect("player");
        // p = 1.5 / 3 = 0.50: dp 0; TPR = 1833.
        assert_eq!(performance_rating(&f, e).value, Value::Rating(1833));
        // PTP: the expected score against 2100, 1900, 1500 first reaches 1.50 at 1845
        // (B.02 8.1(b): -255 → .19, -55 → .42, +345 → .89); at 1844 it is 1.49.
        assert_eq!(perfect_performance(&f, e).value, Value::Rating(1845));
        // Player 2 lost the only game: zero score → 2000 − 800.
        let e2 = f.entrant(2).expect("player 2");
        assert_eq!(perfect_performance(&f, e2).value, Value::Rating(1200));
        // Player 5 played no game: no value.
        let e5 = f.entrant(5).expect("player 5");
        assert_eq!(performance_rating(&f, e5).value, Value::Missing);
    }

    #[test]
    fn perfect_score_is_the_lowest_rating_expecting_every_point() {
        let mut t = Tournament::default();
        for (id, rating, opponent, result) in [
            (1, 2000, 2, GameResult::Win),
            (2, 2100, 1, GameResult::Loss),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.rating = Some(rating);
            p.results = vec![Outcome::game(opponent, Colour::Black, result)];
            t.players.push(p);
        }
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: false,
            unrated_rating: None,
        };
        let f = Field::new(&t, 1, rules);
        let e = f.entrant(1).expect("player 1");
        // TPR: 2100 + dp(1.00) = 2900; PTP: 2100 + 736, the first difference with an
        // expected score of 1.00.
        assert_eq!(performance_rating(&f, e).value, Value::Rating(2900));
        assert_eq!(perfect_performance(&f, e).value, Value::Rating(2836));
    }

    #[test]
    fn own_rating_and_averages() {
        let f = field(Some(1500));
        let e4 = f.entrant(4).expect("player 4");
        assert_eq!(own_rating(&f, e4).value, Value::Rating(1500));
        let tpr: Vec<Breakdown> = [1900, 2000, 1700, 1600, 2500]
            .iter()
            .map(|&r| Breakdown::bare(Value::Rating(r)))
            .collect();
        let e1 = f.entrant(1).expect("player 1");
        // (2000 + 1700 + 1600) / 3 = 1766.67.
        assert_eq!(
            average_of_opponents(&f, e1, &tpr, "TPR").value,
            Value::Rating(1767)
        );
    }
}
