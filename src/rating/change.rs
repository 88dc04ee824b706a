//! B.02 8.3: each player's rating change from the event, or for an unrated player the
//! figure of 8.2.

use super::game::{ExcludedGame, RatedGame, games_of};
use super::k_factor::{KFactor, k_factor};
use super::new_player::{NewRating, new_rating};
use super::rules::EventRules;
use super::tables::{rating_difference, round_half_up};
use super::{Hundredths, round_change};
use crate::tournament::{Player, Tournament};

/// One player's rated games and what they give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRating {
    /// Pairing number.
    pub id: u32,
    pub(crate) fide_id: Option<u64>,
    /// The rating on the event's list; `None`: unrated.
    pub rating: Option<u16>,
    /// The games rated for him, in round order.
    pub games: Vec<RatedGame>,
    /// Games played over the board that are not rated for him, with the reason.
    pub excluded: Vec<ExcludedGame>,
    /// His score in the rated games (a win is 100).
    pub score: Hundredths,
    /// The performance over the rated games: the opponents' average rating (rounded, 0.5
    /// up) plus dp of table 8.1(a) for the fractional score (as C.07 10.2 computes it).
    pub(crate) performance: Option<i64>,
    pub verdict: RatingVerdict,
}

/// What the event gives a player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingVerdict {
    /// A rated player: the change of 8.3 (no games: a change of 0).
    Rated(RatedChange),
    /// An unrated player: the figure of 8.2, when he has a game against a rated opponent.
    Unrated(Option<NewRating>),
}

/// B.02 8.3: a rated player's change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedChange {
    pub k: KFactor,
    /// The sum of the expected scores of table 8.1(b) (8.3.1).
    pub expected: Hundredths,
    /// K times (score minus expected), exactly, in hundredths of a rating point.
    pub exact: Hundredths,
    /// The change as FIDE rounds it (8.3.4): to the whole number, 0.5 away from zero.
    pub change: i64,
}

/// Every player's rating from the event's games, in pairing-number order, on the event's
/// list (`t.event.rating_list`), with the rules its time control and dates put in force
/// (`EventRules::of`; their description is `EventRules::describe`).
pub fn event_ratings(t: &Tournament) -> Vec<PlayerRating> {
    let rules = EventRules::of(t);
    t.players
        .iter()
        .map(|p| player_rating(t, &rules, p))
        .collect()
}

fn player_rating(t: &Tournament, rules: &EventRules, player: &Player) -> PlayerRating {
    let (games, excluded) = games_of(t, rules, player);
    let score: Hundredths = games.iter().map(|g| g.score).sum();
    let rating = player.rating_for(rules.list);
    let verdict = match rating {
        Some(rating) => {
            let k = k_factor(t, player, rating, games.len());
            let expected: Hundredths = games.iter().filter_map(|g| g.expected).sum();
            let exact = i64::from(k.value) * (score - expected);
            RatingVerdict::Rated(RatedChange {
                k,
                expected,
                exact,
                change: round_change(exact),
            })
        }
        None => RatingVerdict::Unrated(new_rating(&games)),
    };
    PlayerRating {
        id: player.id,
        fide_id: player.fide_id,
        rating,
        performance: performance(&games, score),
        games,
        excluded,
        score,
        verdict,
    }
}

fn performance(games: &[RatedGame], score: Hundredths) -> Option<i64> {
    let count = i64::try_from(games.len()).ok().filter(|&n| n > 0)?;
    let ratings: i64 = games.iter().map(|g| i64::from(g.opponent_rating)).sum();
    let average = round_half_up(ratings, count);
    Some(average + i64::from(rating_difference(round_half_up(score, count))))
}
