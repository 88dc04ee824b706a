//! Random team tournaments (FIDE Swiss Team, C.04.6): teams with rosters of their boards
//! and a few reserves, players unavailable now and then (a reserve takes the board), teams
//! withdrawing, each round paired by the Swiss Team engine and played board by board.

use crate::pairing;
use crate::tournament::{ByeKind, Outcome, Player, SystemId, Team, TeamScoring, Tournament};

use super::random::Random;
use super::{GenerationStopped, GeneratorConfig, empty_event, play, ratings};

/// The most boards (and the most reserves) a generated team has.
pub(crate) const MAX_BOARDS: u32 = 20;

/// The teams to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEvent {
    pub teams: u32,
    /// Games per match (TRF-2026 `352`).
    pub boards: u32,
    /// Each roster has the boards plus 0 to this many reserves.
    pub reserves: u32,
    /// Colour preferences and scores (TRF-2026 `192`); `boards` is taken from above.
    pub scoring: TeamScoring,
}

impl TeamEvent {
    /// `teams` teams of `boards` boards, each with up to one reserve, under the default
    /// team scoring (match points 2-1-0, Type A colour preferences).
    pub fn new(teams: u32, boards: u32) -> TeamEvent {
        TeamEvent {
            teams,
            boards,
            reserves: 1,
            scoring: TeamScoring::default(),
        }
    }
}

/// How a team event is played for [`generate`]: `rounds` rounds paired and played (all
/// the event plans), draws up to 0.3, no forfeits and no one unavailable, standard game
/// scoring; change the rates with struct update syntax.
pub fn config(rounds: u32, seed: u64) -> GeneratorConfig {
    GeneratorConfig {
        players: 0,
        rounds,
        planned_rounds: None,
        seed,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        scoring: crate::tournament::ScoringSystem::standard(),
        baku: false,
        absences: Default::default(),
    }
}

/// Generates a team tournament: `config` gives the rounds, the seed, the game scoring and
/// the rates (`bye_rate`: the chance that a player is unavailable for a round, a tenth of
/// it that his team withdraws; `forfeit_rate`: that a fielded player does not turn up);
/// `config.players` is not read (the rosters make the players). Each round is paired by
/// [`pairing::PairingRequest::pair_teams`], recorded with its boards ([`pairing::TeamPairing::record_into`]),
/// published and played.
pub fn generate(
    config: &GeneratorConfig,
    event: &TeamEvent,
) -> Result<Tournament, GenerationStopped> {
    let mut rng = Random::new(config.seed);
    let mut t = empty_event(config, SystemId::FideTeam, &mut rng);
    t.event.team_scoring = TeamScoring {
        boards: event.boards,
        ..event.scoring.clone()
    };
    register(&mut t, event, &mut rng);
    for round in 1..=config.rounds {
        record_absences(&mut t, round, config, &mut rng);
        let pairing = match pairing::pair_teams(&t, round) {
            Ok(pairing) => pairing,
            Err(error) => {
                return Err(GenerationStopped {
                    partial: Box::new(t),
                    error,
                });
            }
        };
        let boards = pairing.record_into(&mut t);
        // Refused only for a round with nobody paired: nothing to publish.
        let _ = t.set_published(round, true);
        for pair in &boards.pairing.pairs {
            play(
                &mut t,
                round,
                [pair.white, pair.black],
                None,
                config,
                &mut rng,
            );
        }
    }
    Ok(t)
}

/// The teams and their players: each team a strength, its players rated around it,
/// strongest on board 1; teams numbered by the average rating of their boards (the
/// ranking that gives the pairing numbers, C.04.6 1.1), players numbered team by team.
fn register(t: &mut Tournament, event: &TeamEvent, rng: &mut Random) {
    let mut teams: Vec<Vec<u16>> = (0..event.teams)
        .map(|_| {
            let strength = rng.range(1700, 2500);
            let size = event.boards + rng.range(0, event.reserves);
            ratings(rng, size, strength - 150, strength + 150)
        })
        .collect();
    let boards = event.boards as usize;
    let average = |roster: &Vec<u16>| -> u32 {
        roster
            .iter()
            .take(boards)
            .map(|&r| u32::from(r))
            .sum::<u32>()
            / boards.max(1) as u32
    };
    teams.sort_by_key(|roster| std::cmp::Reverse(average(roster)));
    let mut next = 1;
    for (i, roster) in teams.into_iter().enumerate() {
        let id = i as u32 + 1;
        let mut players = Vec::with_capacity(roster.len());
        for rating in roster {
            let mut player = Player::new(next, format!("Player{next:04}, Team {id}"));
            player.rating = Some(rating);
            t.players.push(player);
            players.push(next);
            next += 1;
        }
        t.teams
            .push(Team::new(id, format!("Team {id:02}"), players));
    }
}

/// Decided before the round is paired: a team withdrawing (all its players from this
/// round on), and players unavailable for the round (a zero-point bye: TRF `0000 - Z`).
fn record_absences(t: &mut Tournament, round: u32, config: &GeneratorConfig, rng: &mut Random) {
    for team in &t.teams {
        let withdraws = round > 1 && rng.chance(config.bye_rate / 10.0);
        for &id in &team.players {
            let Some(player) = t.players.iter_mut().find(|p| p.id == id) else {
                continue;
            };
            if withdraws && player.withdrawn_from.is_none() {
                player.withdrawn_from = Some(round);
            }
            if player.withdrawn_from.is_some_and(|w| round >= w) || rng.chance(config.bye_rate) {
                player.set_outcome(round, Outcome::Bye(ByeKind::Zero));
            }
        }
    }
}
