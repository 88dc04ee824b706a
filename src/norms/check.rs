//! The norm check of every player of an event for every title he may still seek.

use std::cmp::Reverse;

use serde::Serialize;

use crate::standings::Rules;
use crate::standings::field::Field;
use crate::tournament::{Player, Tournament};

use super::exemption::{Exemption, ForeignField};
use super::federation::federation_of;
use super::figures::Figures;
use super::games::{NormGame, games_counted};
use super::regulations::MIN_GAMES;
use super::requirements::{Requirement, requirements};
use super::subset::best_subset;
use super::title::{FideTitle, NormTitle};

/// What the arbiter sets for the norm check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormOptions {
    /// B.01 1.41: the least number of games ([`MIN_GAMES`]; 7 for the events of 1.41b).
    pub min_games: u32,
    /// B.01 1.43a-d: the event is exempt from the federation requirements by its kind.
    pub exempt_federations: bool,
}

impl Default for NormOptions {
    fn default() -> NormOptions {
        NormOptions {
            min_games: MIN_GAMES,
            exempt_federations: false,
        }
    }
}

/// One player's norm for one title: the games chosen, the IT1 figures, every requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NormCheck {
    pub player: u32,
    pub name: String,
    pub title: Option<FideTitle>,
    pub rating: Option<u16>,
    pub federation: Option<String>,
    /// The title sought.
    pub norm: NormTitle,
    /// The games counted, in round order.
    pub games: Vec<NormGame>,
    /// Wins left out (Swiss events), to meet the norm or come nearest to it.
    pub dropped: Vec<NormGame>,
    pub figures: Figures,
    pub requirements: Vec<Requirement>,
    /// Every requirement met.
    pub met: bool,
}

impl NormCheck {
    /// The half-points missing to the score required (negative: to spare); `None` when no
    /// score reaches the performance required (or no game was counted).
    pub fn shortfall(&self) -> Option<i64> {
        let performance = self.figures.performance.as_ref()?;
        let required = performance.half_points_required?;
        Some(i64::from(required) - i64::from(self.figures.half_points))
    }
}

/// The norm check of an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventNorms {
    /// The figures of B.01 1.43e.
    pub foreign_field: ForeignField,
    /// Why the federation requirements do not apply, if so.
    pub exemption: Option<Exemption>,
    /// By pairing number, then title from GM to WIM.
    pub checks: Vec<NormCheck>,
}

/// The norm of every player for every title he may seek ([`NormTitle::sought_by`]), over
/// every round recorded.
pub fn check_event(t: &Tournament, options: &NormOptions) -> EventNorms {
    let field = Field::new(t, t.rounds_recorded(), Rules::for_event(&t.event));
    let foreign_field = ForeignField::of(t, &field);
    let exemption = if options.exempt_federations {
        Some(Exemption::Declared)
    } else {
        foreign_field.exempts().then_some(Exemption::SwissField)
    };
    let may_drop_wins = foreign_field.swiss;
    let checks = t
        .players
        .iter()
        .flat_map(|player| {
            let games = games_counted(t, &field, player.id);
            NormTitle::ALL
                .into_iter()
                .filter(|norm| norm.sought_by(player))
                .map(move |norm| check(player, norm, &games, may_drop_wins, exemption, options))
                .collect::<Vec<_>>()
        })
        .collect();
    EventNorms {
        foreign_field,
        exemption,
        checks,
    }
}

/// The check of one player and title from his games counted.
fn check(
    player: &Player,
    norm: NormTitle,
    games: &[NormGame],
    may_drop_wins: bool,
    exemption: Option<Exemption>,
    options: &NormOptions,
) -> NormCheck {
    let federation = federation_of(player);
    let assess = |kept: &[NormGame]| {
        let figures = Figures::of(kept, federation.as_deref(), norm);
        let rows = requirements(&figures, norm, options.min_games, exemption);
        (figures, rows)
    };
    let chosen = best_subset(games, may_drop_wins, options.min_games, assess, nearness);
    let (figures, requirements) = chosen.assessment;
    NormCheck {
        player: player.id,
        name: player.name.clone(),
        title: FideTitle::parse(&player.title),
        rating: player.rating,
        federation,
        norm,
        games: chosen.kept,
        dropped: chosen.dropped,
        met: requirements.iter().all(|r| r.met),
        figures,
        requirements,
    }
}

/// How near a set of games comes to the norm, greatest best: a norm met, with the most
/// games; else the fewest requirements failed. Then the most half-points above the score
/// required (a score that no result reaches is farthest), the highest performance, the most
/// games.
fn nearness(
    (figures, rows): &(Figures, Vec<Requirement>),
) -> (bool, u32, Reverse<usize>, i64, i64, u32) {
    let failed = rows.iter().filter(|r| !r.met).count();
    let performance = figures.performance.as_ref();
    let margin = performance
        .and_then(|p| p.half_points_required)
        .map_or(i64::MIN, |required| {
            i64::from(figures.half_points) - i64::from(required)
        });
    let met = failed == 0;
    (
        met,
        if met { figures.games } else { 0 },
        Reverse(failed),
        margin,
        performance.map_or(i64::MIN, |p| p.performance),
        figures.games,
    )
}
