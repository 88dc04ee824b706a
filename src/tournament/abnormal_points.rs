//! Points assigned other than by the games (TRF-2026 record `299`, "abnormal points"):
//! a penalty or a bonus, a result the arbiter set for one round, or the value the event
//! gives a forfeited match.

use serde::{Deserialize, Serialize};

use super::Points;

/// One `299` record as the file states it: `299 T MMMM GGGG RRR NNNN NNNN ...`. In a
/// team event the numbers are team pairing numbers, in an event of individuals starting
/// ranks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AbnormalPoints {
    /// The type letter (column 5): blank for points added to (or, negative, taken from)
    /// a total; a result code (`W`, `D`, `L`, `+`, `-`) for a result the arbiter set.
    pub kind: char,
    /// Match points (team events).
    pub match_points: Points,
    /// Game points.
    pub game_points: Points,
    /// The round: `None` for the event's value of the type (e.g. `299 -` without round:
    /// what a forfeited match is worth); 999 for the final standings only.
    pub round: Option<u32>,
    /// Whom it concerns.
    pub ids: Vec<u32>,
}

/// The round `299` uses for points that count in the final standings only.
pub(crate) const STANDINGS_ONLY: u32 = 999;

impl AbnormalPoints {
    /// A change of a total (a blank type) rather than a result.
    pub(crate) fn is_adjustment(&self) -> bool {
        self.kind == ' '
    }

    /// What the record adds to team `id`'s match and game points after `rounds` rounds,
    /// when it is an adjustment naming the team from a round already played (999 counts
    /// in the final standings, when `rounds` is the last round `last`).
    pub(crate) fn added_to(&self, id: u32, rounds: u32, last: u32) -> Option<(Points, Points)> {
        let round = self.round.unwrap_or(0);
        let counts = if round == STANDINGS_ONLY {
            rounds >= last
        } else {
            round <= rounds
        };
        (self.is_adjustment() && counts && self.ids.contains(&id))
            .then_some((self.match_points, self.game_points))
    }

    /// The result the record sets for team `id` in `round`, when it sets one.
    pub(crate) fn result_of(&self, id: u32, round: u32) -> Option<(Points, Points)> {
        (!self.is_adjustment() && self.round == Some(round) && self.ids.contains(&id))
            .then_some((self.match_points, self.game_points))
    }
}
