//! The random tournament generator (RTG, C.02.03): players with random ratings, each round
//! paired by one of our engines, results drawn from the rating difference. The same
//! configuration and seed always give the same tournament.

pub mod absences;
pub mod amount;
pub mod grid;
pub mod random;
pub mod rating_list;
mod result_model;
pub mod teams;

pub use result_model::ResultModel;

use crate::pairing::{PairingError, PairingRequest, RoundPairing};
use crate::tournament::{
    ByeKind, Colour, GameResult, MatchGame, MatchGames, Outcome, Player, ScoringSystem, SystemId,
    Tournament,
};

use absences::Absences;
use random::Random;

/// What to generate.
#[derive(Clone, Debug)]
pub struct GeneratorConfig {
    pub players: u32,
    /// The rounds paired and played.
    pub rounds: u32,
    /// The rounds the event plans (TRF XXR), at least `rounds`; `None`: `rounds`. More
    /// leave an event in progress, its next round to pair.
    pub planned_rounds: Option<u32>,
    pub seed: u64,
    /// Largest share of drawn games between equal players (0–1), under the Elo model.
    pub draw_rate: f64,
    /// How a played game's result is drawn from the ratings.
    pub results: ResultModel,
    /// Probability that a player does not turn up for a paired game (0–1).
    pub forfeit_rate: f64,
    /// Probability that a player requests a half-point bye in a round (0–1); a tenth of it
    /// is the probability of withdrawing.
    pub bye_rate: f64,
    /// Byes, withdrawals and forfeits in exact numbers per round, on top of the rates.
    pub absences: Absences,
    pub scoring: ScoringSystem,
    /// Baku acceleration (C.04.7).
    pub baku: bool,
}

/// A generated tournament that could not be paired to its last round: small fields run out
/// of legal pairings (C.04.3 A.9). `partial` holds the rounds before `error`'s round, plus
/// the byes and withdrawals already recorded for it.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct GenerationStopped {
    pub partial: Box<Tournament>,
    pub error: PairingError,
}

/// Generates a tournament, pairing every round with the engine of `system` through
/// [`PairingRequest`], as the arbiter pairs.
pub fn generate(
    config: &GeneratorConfig,
    system: SystemId,
) -> Result<Tournament, GenerationStopped> {
    generate_with(config, system, |t, round| {
        PairingRequest::recorded(t, system, round).pair()
    })
}

/// Generates a tournament of `system`, pairing every round with `pair` (given the
/// tournament so far, with the round's byes recorded, and the round).
pub(crate) fn generate_with(
    config: &GeneratorConfig,
    system: SystemId,
    pair: impl Fn(&Tournament, u32) -> Result<RoundPairing, PairingError>,
) -> Result<Tournament, GenerationStopped> {
    let mut rng = Random::new(config.seed);
    let mut t = empty_event(config, system, &mut rng);
    t.event.acceleration.baku = config.baku;
    let highest = rng.range(2400, 2800);
    let lowest = rng.range(1400, 2300);
    for (i, rating) in ratings(&mut rng, config.players, lowest, highest)
        .into_iter()
        .enumerate()
    {
        let id = i as u32 + 1;
        let mut player = Player::new(id, format!("Player{id:04}, Test"));
        player.rating = Some(rating);
        t.players.push(player);
    }
    // The absences draw from a stream of their own: asking for them changes who is
    // absent, not the ratings or the results drawn for the same seed.
    let mut lots = Random::new(config.seed ^ 0xA5A5_5A5A_C3C3_3C3C);
    for round in 1..=config.rounds {
        record_byes(&mut t, round, config, &mut rng);
        config.absences.record_requests(&mut t, round, &mut lots);
        let pairing = match pair(&t, round) {
            Ok(pairing) => pairing,
            Err(error) => {
                return Err(GenerationStopped {
                    partial: Box::new(t),
                    error,
                });
            }
        };
        // Recorded as the arbiter would: the engine's board order, published, then played.
        let boards: Vec<[u32; 2]> = pairing.pairs.iter().map(|p| [p.white, p.black]).collect();
        t.record_pairing(round, &boards, pairing.bye);
        // Refused only for a round with nobody paired (everyone absent): nothing to publish.
        let _ = t.set_published(round, true);
        let forced = config
            .absences
            .forfeited_boards(round, pairing.pairs.len(), &mut lots);
        let played: Vec<bool> = forced.iter().map(Option::is_none).collect();
        for (pair, forced) in pairing.pairs.iter().zip(forced) {
            play(
                &mut t,
                round,
                [pair.white, pair.black],
                forced,
                config,
                &mut rng,
            );
        }
        // The arbiter's unusual scores, on boards played (single games only).
        if !t.plays_matches() {
            let scores = config.absences.unusual_boards(round, &played, &mut lots);
            for (pair, score) in pairing.pairs.iter().zip(scores) {
                if let Some(score) = score {
                    // A board just played takes any single-game result.
                    let _ = t.set_board_result(round, pair.white, pair.black, score);
                }
            }
        }
    }
    Ok(t)
}

/// The event's header: name, rounds, system, scoring and the initial colour drawn.
fn empty_event(config: &GeneratorConfig, system: SystemId, rng: &mut Random) -> Tournament {
    let mut t = Tournament::default();
    t.event.name = format!("Random tournament {}", config.seed);
    t.event.tournament_type = format!("Generated by swiss-arbiter for {system}");
    t.event.rounds = Some(config.planned_rounds.unwrap_or(0).max(config.rounds));
    t.event.system = Some(system);
    t.event.scoring = config.scoring;
    t.event.initial_colour = Some(if rng.chance(0.5) {
        Colour::White
    } else {
        Colour::Black
    });
    t
}

/// `count` ratings drawn uniformly from `lowest..=highest`, highest first.
fn ratings(rng: &mut Random, count: u32, lowest: u32, highest: u32) -> Vec<u16> {
    let mut ratings: Vec<u16> = (0..count)
        .map(|_| rng.range(lowest, highest) as u16)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    ratings
}

/// Withdrawals and requested half-point byes, decided before the round is paired.
fn record_byes(t: &mut Tournament, round: u32, config: &GeneratorConfig, rng: &mut Random) {
    for player in &mut t.players {
        if player.withdrawn_from.is_some_and(|w| round >= w) {
            player.set_outcome(round, Outcome::Bye(ByeKind::Zero));
        } else if round > 1 && rng.chance(config.bye_rate / 10.0) {
            player.withdrawn_from = Some(round);
            player.set_outcome(round, Outcome::Bye(ByeKind::Zero));
        } else if round < config.rounds && rng.chance(config.bye_rate) {
            player.set_outcome(round, Outcome::Bye(ByeKind::Half));
        }
    }
}

/// Plays one board: a game, or under Double-Swiss (C.04.5) a two-game match, `black` having
/// White in game 2. `forced`: the forfeit an absence decided, from White's side (for a
/// match, both games).
fn play(
    t: &mut Tournament,
    round: u32,
    [white, black]: [u32; 2],
    forced: Option<MatchGame>,
    config: &GeneratorConfig,
    rng: &mut Random,
) {
    let rating = |id| {
        t.player(id)
            .and_then(|p| p.rating)
            .map_or(1500.0, f64::from)
    };
    let (rw, rb) = (rating(white), rating(black));
    let result = forced.unwrap_or_else(|| game(rw, rb, config, rng));
    let (w, b) = match result {
        _ if t.plays_matches() => {
            let second = forced.unwrap_or_else(|| game(rb, rw, config, rng).reversed());
            Outcome::match_pair(white, black, MatchGames::new(result, second))
        }
        MatchGame::Played(result) => (
            Outcome::game(black, Colour::White, result),
            Outcome::game(white, Colour::Black, result.reversed()),
        ),
        _ => (
            Outcome::Forfeit {
                opponent: black,
                colour: Colour::White,
                won: result == MatchGame::ForfeitWin,
            },
            Outcome::Forfeit {
                opponent: white,
                colour: Colour::Black,
                won: result == MatchGame::ForfeitLoss,
            },
        ),
    };
    if let Some(p) = t.player_mut(white) {
        p.set_outcome(round, w);
    }
    if let Some(p) = t.player_mut(black) {
        p.set_outcome(round, b);
    }
}

/// One game between players rated `rw` (White) and `rb`, from White's side: forfeits
/// first, then a result drawn from the Elo expectation.
fn game(rw: f64, rb: f64, config: &GeneratorConfig, rng: &mut Random) -> MatchGame {
    let white_present = !rng.chance(config.forfeit_rate);
    let black_present = !rng.chance(config.forfeit_rate);
    match (white_present, black_present) {
        (true, true) => {}
        (true, false) => return MatchGame::ForfeitWin,
        (false, true) => return MatchGame::ForfeitLoss,
        (false, false) => return MatchGame::DoubleForfeit,
    }
    let [win, draw, _] = config.results.probabilities(rw, rb, config.draw_rate);
    // The draw is tested first: the Elo model's tournaments stay what they were for the
    // same seed.
    let x = rng.unit();
    MatchGame::Played(if x < draw {
        GameResult::Draw
    } else if x < draw + win {
        GameResult::Win
    } else {
        GameResult::Loss
    })
}

#[cfg(test)]
mod tests {
    use super::result_model::expected_score;
    use super::*;

    #[test]
    fn expectation_matches_fide_table() {
        assert!((expected_score(0.0) - 0.5).abs() < 1e-6);
        // B.02: a 200-point difference gives 0.76.
        assert!((expected_score(200.0) - 0.758).abs() < 0.005);
        assert!((expected_score(-200.0) - 0.242).abs() < 0.005);
    }

    /// Each round is recorded as the arbiter records it: published, with the engine's
    /// board order (the round view and the printed sheets show that order).
    #[test]
    fn rounds_keep_the_engines_board_order() {
        let system = SystemId::Dutch2026;
        let config = GeneratorConfig {
            players: 24,
            rounds: 4,
            planned_rounds: None,
            seed: 11,
            draw_rate: 0.3,
            results: Default::default(),
            forfeit_rate: 0.0,
            bye_rate: 0.0,
            absences: Absences::default(),
            baku: false,
            scoring: ScoringSystem::standard(),
        };
        let t = generate(&config, system).expect("generates");
        for round in 1..=4 {
            let pairing = PairingRequest::recorded(&t, system, round)
                .pair()
                .expect("pairs");
            let engine_boards: Vec<[u32; 2]> =
                pairing.pairs.iter().map(|p| [p.white, p.black]).collect();
            assert_eq!(t.round_record(round).boards, engine_boards, "round {round}");
            assert!(t.is_published(round));
        }
    }

    #[test]
    fn random_is_reproducible() {
        let mut a = Random::new(7);
        let mut b = Random::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = Random::new(8);
        assert_ne!(Random::new(7).next_u64(), c.next_u64());
    }
}
