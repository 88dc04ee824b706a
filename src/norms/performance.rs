//! The rating figures of a norm: the average rating of the opponents Ra with the rating
//! floor (B.01 1.4.6, 1.4.7), the performance Rp = Ra + dp (1.4.8, dp from the table of
//! 1.4.9, identical to B.02 8.1.1)
//! and the least score that reaches the required performance.
//!
//! The same arithmetic as FIDE's Gacrux (`ComputeTournamentPerformanceRating` with a
//! norm): the lowest opponent raised to the floor, Ra and p rounded half up.

use serde::Serialize;

use crate::rating::tables::{rating_difference, round_half_up};

use super::games::NormGame;
use super::regulations::{RAISED_OPPONENTS_MAX, UNRATED_RATING};

/// The rating an opponent counts with: his rating, or B.01 1.4.6d's for an unrated one.
pub(crate) fn counted_rating(game: &NormGame) -> i64 {
    i64::from(game.rating.unwrap_or(UNRATED_RATING))
}

/// An opponent whose rating was raised to the floor (B.01 1.4.6c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Raised {
    pub round: u32,
    pub(crate) opponent: u32,
    /// The rating he counted with before (1400 for an unrated opponent).
    pub from: i64,
    pub to: i64,
}

/// The rating figures of a set of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Performance {
    /// B.01 1.4.7: Ra, after the floor, rounded to the nearest whole number (0.5 up).
    pub average: i64,
    /// B.01 1.4.6c: the opponents raised to the floor (at most one, the lowest).
    pub raised: Vec<Raised>,
    /// The fractional score p in hundredths (score / games, 0.005 up).
    pub p: i64,
    /// B.01 1.4.9 (B.02 8.1.1): dp for p.
    pub dp: i32,
    /// B.01 1.4.8: Rp = Ra + dp.
    pub performance: i64,
    /// The least score, in half-points, whose Rp reaches `min_performance` with this Ra and
    /// these games; `None`: not even a full score does.
    pub half_points_required: Option<u32>,
}

impl Performance {
    /// The figures of `games` with the rating floor `floor`, against the required
    /// performance `min_performance`. `None` without games.
    pub fn of(games: &[NormGame], floor: u16, min_performance: i64) -> Option<Performance> {
        let n = games.len() as i64;
        if n == 0 {
            return None;
        }
        let mut ratings: Vec<(i64, &NormGame)> =
            games.iter().map(|g| (counted_rating(g), g)).collect();
        ratings.sort_by_key(|&(r, g)| (r, g.round));
        let floor = i64::from(floor);
        let mut raised = Vec::new();
        for (rating, game) in ratings.iter_mut().take(RAISED_OPPONENTS_MAX) {
            if *rating < floor {
                raised.push(Raised {
                    round: game.round,
                    opponent: game.opponent,
                    from: *rating,
                    to: floor,
                });
                *rating = floor;
            }
        }
        let average = round_half_up(ratings.iter().map(|&(r, _)| r).sum(), n);
        let half_points: u32 = games.iter().map(NormGame::half_points).sum();
        let rp = |half_points: u32| {
            let p = round_half_up(i64::from(half_points) * 50, n);
            (p, rating_difference(p))
        };
        let (p, dp) = rp(half_points);
        let half_points_required =
            (0..=2 * n as u32).find(|&h| average + i64::from(rp(h).1) >= min_performance);
        Some(Performance {
            average,
            raised,
            p,
            dp,
            performance: average + i64::from(dp),
            half_points_required,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::GameResult;

    fn games(ratings: &[Option<u16>], half_points: u32) -> Vec<NormGame> {
        ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| NormGame {
                round: i as u32 + 1,
                opponent: i as u32 + 2,
                name: String::new(),
                title: None,
                rating,
                federation: None,
                result: match (2 * i as u32 + 2).cmp(&half_points) {
                    std::cmp::Ordering::Less | std::cmp::Ordering::Equal => GameResult::Win,
                    _ if 2 * i as u32 + 1 == half_points => GameResult::Draw,
                    _ => GameResult::Loss,
                },
                forfeit: false,
            })
            .collect()
    }

    /// Checked with Gacrux: `ComputeTournamentPerformanceRating(6.5, [...], "GM")`.
    #[test]
    fn gm_figures_by_hand() {
        // Nine opponents: 2500 2480 2450 2420 2400 2390 2380 2350 2100. The 2100 is raised
        // to 2200: sum 21570 / 9 = 2396.67 → Ra 2397. 6.5 / 9 = 0.7222 → p 0.72, dp 166:
        // Rp 2563. Required 2600: dp ≥ 203 → p ≥ 0.77 (dp 211; 0.76 is 202): 7/9 = 0.78
        // (dp 220) is the least, 6.5/9 is 0.72.
        let ratings = [2500, 2480, 2450, 2420, 2400, 2390, 2380, 2350, 2100].map(Some);
        let p = Performance::of(&games(&ratings, 13), 2200, 2600).expect("games");
        assert_eq!((p.average, p.p, p.dp, p.performance), (2397, 72, 166, 2563));
        assert_eq!(p.half_points_required, Some(14));
        assert_eq!(
            p.raised,
            [Raised {
                round: 9,
                opponent: 10,
                from: 2100,
                to: 2200
            }]
        );
    }

    #[test]
    fn only_the_lowest_opponent_is_raised_and_unrated_count_1400() {
        // 2400 × 7, unrated (1400 → 2200), 2000: (16800 + 2200 + 2000) / 9 = 2333.33.
        let mut ratings = vec![Some(2400); 7];
        ratings.extend([None, Some(2000)]);
        let p = Performance::of(&games(&ratings, 18), 2200, 2600).expect("games");
        assert_eq!(p.average, 2333);
        assert_eq!(p.raised.len(), 1);
        assert_eq!((p.raised[0].from, p.raised[0].to), (1400, 2200));
        // 9/9: dp 800: Rp 3133; even 6/9 (p 0.67, dp 125) reaches 2458 < 2600; 7/9 (0.78,
        // dp 220) 2553; 7.5/9 (0.83, dp 273) 2606.
        assert_eq!(p.performance, 3133);
        assert_eq!(p.half_points_required, Some(15));
    }

    #[test]
    fn no_games_no_figures_and_unreachable_norms() {
        assert_eq!(Performance::of(&[], 2200, 2600), None);
        let p = Performance::of(&games(&[Some(1500); 9], 0), 2200, 2600).expect("games");
        // (2200 + 8 × 1500) / 9 = 1577.78 → 1578; even 9/9 gives 2378.
        assert_eq!((p.average, p.performance), (1578, 1578 - 800));
        assert_eq!(p.half_points_required, None);
    }
}
