//! The norm check of every player of an event for every title he may still seek.

use std::cmp::Reverse;

use serde::Serialize;

use crate::standings::Rules;
use crate::standings::field::Field;
use crate::tournament::{GameResult, Player, TitleEventKind, Tournament};

use super::conditions::conditions;
use super::exemption::{Exemption, ForeignField};
use super::federation::federation_of;
use super::figures::Figures;
use super::games::{Counted, ExcludedGame, NormGame, games_counted};
use super::regulations::{
    Article, DROPPED_WINS, EIGHT_OF_NINE, EIGHT_OF_NINE_ROUNDS, FOREIGN_FEDERATIONS, GAMES,
    GAMES_WORTH_MAX, MIN_GAMES, OWN_FEDERATION,
};
use super::requirements::{Bound, GamesRequired, Requirement, requirements};
use super::subset::{Leave, Subset, best_subset};
use super::title::{FideTitle, NormTitle};

/// What the arbiter sets for the norm check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormOptions {
    /// B.01 1.4.1a: the least number of games (`MIN_GAMES`; 7 or 8 for the events of
    /// 1.4.1b).
    pub min_games: u32,
    /// B.01 1.4.3a-c: the kind of event; `None`: as the event records it
    /// (`Event::title_event_kind`).
    pub kind: Option<TitleEventKind>,
}

impl Default for NormOptions {
    fn default() -> NormOptions {
        NormOptions {
            min_games: MIN_GAMES,
            kind: None,
        }
    }
}

/// One player's norm for one title: the games chosen, the IT1 figures, every requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NormCheck {
    pub player: u32,
    pub(crate) name: String,
    pub(crate) title: Option<FideTitle>,
    pub(crate) rating: Option<u16>,
    pub federation: Option<String>,
    /// The title sought.
    pub norm: NormTitle,
    /// The games counted, in round order.
    pub games: Vec<NormGame>,
    /// Wins left out (1.4.1f), to meet the norm or come nearest to it.
    pub dropped: Vec<NormGame>,
    /// Games after the title result was reached, left out (1.4.1e).
    pub later: Vec<NormGame>,
    /// Games played but not included (1.4.2a, 1.4.2b).
    pub excluded: Vec<ExcludedGame>,
    /// B.01 1.4.2c: the round of a last-round forfeit win counted as a loss, the game being
    /// needed for the number of games and the norm surviving its loss.
    pub forfeit_as_loss: Option<u32>,
    /// Why the federation requirements do not apply to him, if so.
    pub exemption: Option<Exemption>,
    /// The games required and the article (1.4.1a, or 1.4.1c's 8 of 9).
    pub required: GamesRequired,
    pub figures: Figures,
    pub requirements: Vec<Requirement>,
    /// Every requirement met.
    pub met: bool,
    /// The games the norm is worth for the title application, when met: the games counted
    /// (9 for 1.4.1c's 8), one more for each full point above the score required (1.4.1d),
    /// at most 13 for an event of more than 13 rounds (1.7).
    pub games_worth: Option<u32>,
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
    /// The figures of B.01 1.4.3d.
    pub foreign_field: ForeignField,
    /// The kind of event declared (1.4.3a-c).
    pub(crate) kind: TitleEventKind,
    /// The conditions of the event (1.1, 0.5, 1.5.4), checked or declared; each check
    /// repeats them among its requirements.
    pub(crate) conditions: Vec<Requirement>,
    /// By pairing number, then title from GM to WIM.
    pub checks: Vec<NormCheck>,
}

/// What one applicant brings to each of his checks.
struct Applicant<'a> {
    player: &'a Player,
    counted: Counted,
    exemption: Option<Exemption>,
    required: GamesRequired,
    /// 1.4.2c: a forfeit win in the event's last round, with the opponent.
    last_round_forfeit: Option<NormGame>,
}

/// The rules of the event that every check shares.
struct EventRules<'a> {
    conditions: &'a [Requirement],
    /// Pairings predetermined (round robin): no later games left out; wins left out only
    /// with an opponent mix that makes a norm possible over the complete tournament.
    predetermined: bool,
    rounds: u32,
}

/// The norm of every player for every title he may seek (`NormTitle::sought_by`), over
/// every round recorded.
pub fn check_event(t: &Tournament, options: &NormOptions) -> EventNorms {
    let recorded = t.rounds_recorded();
    let field = Field::new(t, recorded, Rules::for_event(&t.event));
    let foreign_field = ForeignField::of(t, &field);
    let kind = options.kind.unwrap_or(t.event.title_event_kind);
    let conditions = conditions(&t.event, recorded);
    let rounds = t.event.rounds.unwrap_or(recorded).max(recorded);
    let rules = EventRules {
        conditions: &conditions,
        predetermined: field.rules.predetermined,
        rounds,
    };
    let checks = t
        .players
        .iter()
        .flat_map(|player| {
            let counted = games_counted(t, &field, player.id);
            let federation = federation_of(player);
            let exemption = Exemption::for_applicant(
                federation.as_deref(),
                foreign_field.host.as_deref(),
                kind,
                &foreign_field,
            );
            let last_round_forfeit = counted
                .won_unplayed
                .iter()
                .find(|w| w.round == rounds)
                .and_then(|w| {
                    let opponent = t.player(w.opponent?)?;
                    Some(forfeit_as_game(w.round, opponent))
                });
            let eight_of_nine = options.min_games == MIN_GAMES
                && rounds == EIGHT_OF_NINE_ROUNDS
                && !counted.won_unplayed.is_empty();
            let required = if eight_of_nine {
                GamesRequired {
                    games: MIN_GAMES - 1,
                    article: EIGHT_OF_NINE,
                }
            } else {
                GamesRequired {
                    games: options.min_games,
                    article: GAMES,
                }
            };
            let applicant = Applicant {
                player,
                counted,
                exemption,
                required,
                last_round_forfeit,
            };
            NormTitle::ALL
                .into_iter()
                .filter(|norm| norm.sought_by(player))
                .map(|norm| check(&applicant, norm, &rules))
                .collect::<Vec<_>>()
        })
        .collect();
    EventNorms {
        foreign_field,
        kind,
        conditions,
        checks,
    }
}

/// The check of one applicant and title.
fn check(applicant: &Applicant, norm: NormTitle, rules: &EventRules) -> NormCheck {
    let player = applicant.player;
    let federation = federation_of(player);
    let games = &applicant.counted.games;
    let assess_rows = |kept: &[NormGame]| {
        let figures = Figures::of(kept, federation.as_deref(), norm);
        let mut rows = rules.conditions.to_vec();
        rows.extend(requirements(
            &figures,
            norm,
            applicant.required,
            applicant.exemption,
        ));
        (figures, rows)
    };
    // 1.4.1f, round robins: the opponent mix of the complete tournament must make a norm
    // possible before any win is left out.
    let mix_of_all = mix_failures(&assess_rows(games).1);
    let assess = |kept: &[NormGame]| {
        let (figures, mut rows) = assess_rows(kept);
        if rules.predetermined && kept.len() < games.len() {
            rows.push(Requirement::new(
                DROPPED_WINS,
                "opponent-mix requirements the complete tournament fails",
                Some(mix_of_all as i64),
                Bound::AtMost(0),
            ));
        }
        (figures, rows)
    };
    let leave = Leave {
        wins: true,
        later_games: !rules.predetermined,
        min_games: applicant.required.games,
    };
    let reached = |(_, rows): &(Figures, Vec<Requirement>)| rows.iter().all(|r| r.met);
    let mut chosen = best_subset(games, leave, assess, reached, nearness);
    let mut forfeit_as_loss = None;
    // 1.4.2c: a last-round forfeit win, the game needed for the number of games: the norm
    // stands if it survives that game lost.
    if let Some(forfeit) = &applicant.last_round_forfeit
        && !reached(&chosen.assessment)
        && (games.len() as u32) < applicant.required.games
    {
        let mut with = games.clone();
        with.push(forfeit.clone());
        let assessment = assess(&with);
        if reached(&assessment) {
            forfeit_as_loss = Some(forfeit.round);
            chosen = Subset {
                kept: with,
                dropped: Vec::new(),
                later: Vec::new(),
                assessment,
            };
        }
    }
    let (figures, requirements) = chosen.assessment;
    let met = requirements.iter().all(|r| r.met);
    let games_worth = met.then(|| games_worth(&figures, applicant.required, rules.rounds));
    NormCheck {
        player: player.id,
        name: player.name.clone(),
        title: FideTitle::parse(&player.title),
        // Title norms count FIDE ratings (B.01), never a national tournament rating.
        rating: player.fide_rating(crate::tournament::RatingList::Standard),
        federation,
        norm,
        games: chosen.kept,
        dropped: chosen.dropped,
        later: chosen.later,
        excluded: applicant.counted.excluded.clone(),
        forfeit_as_loss,
        exemption: applicant.exemption,
        required: applicant.required,
        met,
        games_worth,
        figures,
        requirements,
    }
}

/// A last-round forfeit win as 1.4.2c counts it: a game lost against that opponent.
fn forfeit_as_game(round: u32, opponent: &Player) -> NormGame {
    let mut game = super::games::game(round, opponent, GameResult::Loss);
    game.forfeit = true;
    game
}

/// How many of the opponent-mix requirements (titles 1.4.5, federations 1.4.3, 1.4.4)
/// `rows` fails.
fn mix_failures(rows: &[Requirement]) -> usize {
    rows.iter().filter(|r| !r.met && is_mix(r.article)).count()
}

fn is_mix(article: Article) -> bool {
    article.number.starts_with("1.4.5")
        || article == FOREIGN_FEDERATIONS
        || article == OWN_FEDERATION
}

/// B.01 1.4.1d and 1.7: the games a norm met is worth.
fn games_worth(figures: &Figures, required: GamesRequired, rounds: u32) -> u32 {
    let base = if required.article == EIGHT_OF_NINE {
        MIN_GAMES
    } else {
        figures.games
    };
    let extra = figures
        .performance
        .as_ref()
        .and_then(|p| p.half_points_required)
        .map_or(0, |required| {
            figures.half_points.saturating_sub(required) / 2
        });
    let worth = base + extra;
    if rounds > GAMES_WORTH_MAX {
        worth.min(GAMES_WORTH_MAX)
    } else {
        worth
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
