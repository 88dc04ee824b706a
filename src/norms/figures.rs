//! The figures of FIDE's norm report form (IT1) for one applicant, one title and one set
//! of games.

use serde::Serialize;

use super::federation::Federations;
use super::games::NormGame;
use super::performance::Performance;
use super::regulations::{counts_at_level, is_title_holder, title_rule};
use super::title::{FideTitle, NormTitle};

/// Everything the IT1 form asks about the games counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figures {
    /// The games counted.
    pub games: u32,
    /// The score in half-points (1-½-0).
    pub half_points: u32,
    /// Opponents holding each title that takes norms.
    pub grandmasters: u32,
    pub international_masters: u32,
    pub woman_grandmasters: u32,
    pub(crate) woman_international_masters: u32,
    /// B.01 1.4.5a: opponents holding a title other than CM and WCM.
    pub title_holders: u32,
    /// B.01 1.4.5b-e: opponents of the level of the norm sought.
    pub(crate) at_level: u32,
    pub federations: Federations,
    /// Opponents without a rating (they count 1400, 1.4.6d).
    pub unrated: u32,
    /// Ra, Rp and the score required; `None` without games.
    pub performance: Option<Performance>,
}

impl Figures {
    /// The figures of `games` for an applicant of federation `own` seeking `norm`.
    pub(crate) fn of(games: &[NormGame], own: Option<&str>, norm: NormTitle) -> Figures {
        let count = |keep: &dyn Fn(FideTitle) -> bool| {
            games.iter().filter(|g| g.title.is_some_and(keep)).count() as u32
        };
        let rule = title_rule(norm);
        Figures {
            games: games.len() as u32,
            half_points: games.iter().map(NormGame::half_points).sum(),
            grandmasters: count(&|t| t == FideTitle::Gm),
            international_masters: count(&|t| t == FideTitle::Im),
            woman_grandmasters: count(&|t| t == FideTitle::Wgm),
            woman_international_masters: count(&|t| t == FideTitle::Wim),
            title_holders: count(&is_title_holder),
            at_level: count(&|t| counts_at_level(norm, t)),
            federations: Federations::of(games, own),
            unrated: games.iter().filter(|g| g.rating.is_none()).count() as u32,
            performance: Performance::of(games, rule.rating_floor, rule.min_performance),
        }
    }
}
