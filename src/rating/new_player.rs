//! B.02 8.2: the first rating of an unrated player; 7.1.4: when it is published.
//!
//! 8.2.1 "If an unrated player scores zero in their first event this score is
//! disregarded." 8.2.2 "Ra is the average rating of the player's rated opponents plus two
//! hypothetical opponents rated 1800. The result against these two hypothetical opponents
//! is considered as a draw." 8.2.3 "Ru = Ra + dp. Ru is rounded to the nearest whole
//! number. The maximum initial rating is 2200." 7.1.4 "A rating for a player new to the
//! list shall be published when it is based on at least 5 games against rated opponents
//! ... The rating must be at least 1400."
//!
//! dp is read from table 8.1(a) for the fractional score p with the two draws, rounded to
//! the hundredth the table is written in. Ra is kept exact here: Ra + dp is rounded once,
//! 0.5 up (dp is a whole number, so this is Ra rounded plus dp). The 1400 is checked on the
//! rounded figure after the 2200 cap.

use super::tables::rating_difference;
use super::tables::round_half_up;
use super::{Hundredths, RatedGame};

/// The games against rated opponents a first rating needs (B.02 7.1.4, pooled over the
/// events of at most 26 months).
pub(crate) const GAMES_FOR_A_RATING: usize = 5;
/// The two hypothetical draws of 8.2.2 are against opponents rated this.
pub(crate) const HYPOTHETICAL_OPPONENT: i64 = 1800;
/// The highest first rating (8.2.3).
pub(crate) const HIGHEST_FIRST_RATING: i64 = 2200;
/// The lowest first rating FIDE publishes (B.02 7.1.4).
pub(crate) const RATING_FLOOR: i64 = 1400;

/// An unrated player's figure from this event's games against rated opponents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRating {
    /// The average rating of the opponents with the two hypothetical 1800s, rounded.
    pub(crate) average: i64,
    /// The fractional score with the two hypothetical draws, in hundredths.
    pub(crate) percentage: Hundredths,
    /// Ru = average + dp(percentage), at most 2200.
    pub(crate) rating: i64,
    pub(crate) status: NewRatingStatus,
}

/// Whether the figure becomes a rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NewRatingStatus {
    /// Enough games, a score, at least 1400: the player's first rating.
    Rated,
    /// Fewer than 5 games against rated opponents: FIDE pools them with his other events
    /// of the last 26 months.
    TooFewGames { games: usize },
    /// No point against rated opponents: the event is disregarded if it is his first.
    ZeroScore,
    /// Under 1400: no rating is published.
    BelowFloor,
}

impl NewRatingStatus {
    /// The verdict with its article, for a person.
    pub(crate) fn describe(self) -> String {
        match self {
            NewRatingStatus::Rated => "a first rating (B.02 8.2, 7.1.4)".into(),
            NewRatingStatus::TooFewGames { games } => format!(
                "{games} game(s) against rated opponents; a first rating needs \
                 {GAMES_FOR_A_RATING}, pooled with his other events of the last 26 months \
                 (B.02 7.1.4)"
            ),
            NewRatingStatus::ZeroScore => "no point against rated opponents: disregarded if \
                                           this is his first event (B.02 8.2.1)"
                .into(),
            NewRatingStatus::BelowFloor => {
                format!("under {RATING_FLOOR}: no rating is published (B.02 7.1.4)")
            }
        }
    }
}

/// B.02 8.2: Ru = Ra + dp, where Ra is the average rating of the rated opponents together
/// with two hypothetical opponents rated 1800 against whom he drew, and dp comes from table
/// 8.1(a) for his fractional score with those two draws; at most 2200. `None` without a
/// game against a rated opponent.
pub(crate) fn new_rating(games: &[RatedGame]) -> Option<NewRating> {
    if games.is_empty() {
        return None;
    }
    let count = games.len() as i64 + 2;
    let ratings: i64 = games.iter().map(|g| i64::from(g.opponent_rating)).sum();
    let score: Hundredths = games.iter().map(|g| g.score).sum();
    let average = round_half_up(ratings + 2 * HYPOTHETICAL_OPPONENT, count);
    let percentage = round_half_up(score + 100, count);
    let rating = (average + i64::from(rating_difference(percentage))).min(HIGHEST_FIRST_RATING);
    let status = if score == 0 {
        NewRatingStatus::ZeroScore
    } else if games.len() < GAMES_FOR_A_RATING {
        NewRatingStatus::TooFewGames { games: games.len() }
    } else if rating < RATING_FLOOR {
        NewRatingStatus::BelowFloor
    } else {
        NewRatingStatus::Rated
    };
    Some(NewRating {
        average,
        percentage,
        rating,
        status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent_rating: u16, score: Hundredths) -> RatedGame {
        RatedGame {
            round: 1,
            opponent: 2,
            opponent_rating,
            score,
            counted_difference: None,
            expected: None,
        }
    }

    /// B.02 8.2.2: "Ra is the average rating of the player's rated opponents plus two
    /// hypothetical opponents rated 1800. The result against these two hypothetical
    /// opponents is considered as a draw." 8.2.3: "Ru = Ra + dp."
    #[test]
    fn two_hypothetical_draws_against_1800_join_the_games() {
        // Five games against 1600, 1700, 1800, 1900, 2000 (sum 9000), 3 points.
        // With the two 1800 draws: Ra = 12600 / 7 = 1800; p = 4 / 7 = 0.57 -> dp 50.
        let games: Vec<_> = [(1600, 100), (1700, 100), (1800, 50), (1900, 50), (2000, 0)]
            .into_iter()
            .map(|(r, s)| game(r, s))
            .collect();
        let ru = new_rating(&games).expect("games");
        assert_eq!((ru.average, ru.percentage, ru.rating), (1800, 57, 1850));
        assert_eq!(ru.status, NewRatingStatus::Rated);
    }

    /// B.02 8.2.3: "Ru is rounded to the nearest whole number." Two games against 1700 and
    /// 1702, both lost: Ra = (1700 + 1702 + 1800 + 1800) / 4 = 1750.5; p = 1 / 4 = 0.25,
    /// dp = -193; Ru = 1557.5, rounded 1558 (1751 - 193 when Ra is rounded first: the same,
    /// dp being whole). A win and a loss: p = 0.50, Ru = 1750.5, rounded 1751.
    #[test]
    fn ru_is_rounded_to_the_nearest_whole_number() {
        let lost = [game(1700, 0), game(1702, 0)];
        let ru = new_rating(&lost).expect("games");
        assert_eq!((ru.average, ru.percentage, ru.rating), (1751, 25, 1558));
        let split = [game(1700, 100), game(1702, 0)];
        assert_eq!(new_rating(&split).expect("games").rating, 1751);
    }

    /// B.02 8.2.3: "The maximum initial rating is 2200." 7.1.4: "The rating must be at
    /// least 1400."
    #[test]
    fn the_first_rating_is_at_most_2200_and_at_least_1400() {
        let strong: Vec<_> = (0..7).map(|_| game(2300, 100)).collect();
        assert_eq!(new_rating(&strong).expect("games").rating, 2200);
        let weak: Vec<_> = (0..7)
            .map(|i| game(1400, if i == 0 { 50 } else { 0 }))
            .collect();
        let ru = new_rating(&weak).expect("games");
        assert_eq!(ru.status, NewRatingStatus::BelowFloor, "{ru:?}");
    }

    /// B.02 7.1.4: "A rating for a player new to the list shall be published when it is
    /// based on at least 5 games against rated opponents." 8.2.1: "If an unrated player
    /// scores zero in their first event this score is disregarded."
    #[test]
    fn few_games_or_no_point_give_no_rating() {
        let few: Vec<_> = (0..4).map(|_| game(1800, 100)).collect();
        assert_eq!(
            new_rating(&few).expect("games").status,
            NewRatingStatus::TooFewGames { games: 4 }
        );
        let lost: Vec<_> = (0..6).map(|_| game(1800, 0)).collect();
        assert_eq!(
            new_rating(&lost).expect("games").status,
            NewRatingStatus::ZeroScore
        );
        assert_eq!(new_rating(&[]), None);
    }
}
