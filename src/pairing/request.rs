//! The one way into the engines: a round to pair, validated once, and the view of the
//! tournament it is paired from.

use crate::tournament::{MAX_ROUNDS, Outcome, SystemId, Tournament};

use super::explanation::Explainer;
use super::fide_team::{self, TeamBoards, TeamPairing};
use super::state::initial_colour;
use super::{PairingError, RoundPairing, engine};

/// One round to pair under one system, and the tournament as it stood before it
/// ([`history_for_round`]), built once: the one way into the engines. The window, the
/// command line, the conformance check and the benchmarks pair through it;
/// [`PairingRequest::explain`] gives the pairing and its explanation from a single solve,
/// and checks an arbiter's pairing of the round ([`Explainer::check`]).
#[derive(Clone, Debug)]
pub struct PairingRequest {
    system: SystemId,
    round: u32,
    history: Tournament,
}

impl PairingRequest {
    /// The round `requested` of `t` (by default the next one), refused with the reason
    /// when it cannot be paired yet ([`round_to_pair`]).
    pub fn new(
        t: &Tournament,
        system: SystemId,
        requested: Option<u32>,
    ) -> Result<PairingRequest, RoundError> {
        let round = round_to_pair(t, system, requested)?;
        Ok(PairingRequest::recorded(t, system, round))
    }

    /// A round recorded in `t`, paired again from the recorded rounds before it, whatever
    /// follows it (the free pairings checker, C.02.03).
    pub fn recorded(t: &Tournament, system: SystemId, round: u32) -> PairingRequest {
        PairingRequest {
            system,
            round,
            history: history_for_round(t, round),
        }
    }

    /// The round to pair.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The pairing system.
    pub fn system(&self) -> SystemId {
        self.system
    }

    /// The tournament as it stood before the round.
    pub fn history(&self) -> &Tournament {
        &self.history
    }

    /// The engine's pairing of the round.
    pub fn pair(&self) -> Result<RoundPairing, PairingError> {
        engine(self.system).pair(&self.history, self.round)
    }

    /// The team system's pairing of the round, match by match, and the team with the
    /// pairing-allocated bye (C.04.6).
    pub fn pair_teams(&self) -> Result<TeamPairing, PairingError> {
        fide_team::pair_teams(&self.history, self.round)
    }

    /// The boards of a team pairing of the round: who of each team plays, on which board,
    /// with which colour.
    pub fn team_boards(&self, teams: &TeamPairing) -> TeamBoards {
        fide_team::lineup::expand(&self.history, teams)
    }

    /// The engine's pairing, its explanation (written when first asked for) and the check
    /// of other pairings of the round, from one solve.
    pub fn explain(&self) -> Result<Box<dyn Explainer>, PairingError> {
        engine(self.system).explain(&self.history, self.round)
    }
}

/// The tournament as it stood before `round` was paired: rounds `1..round` as recorded,
/// and in `round` only the byes and absences decided before pairing. Later rounds are
/// dropped. An adjourned game is a draw there, worth a draw's points (C.04.2 3.1; the Rating
/// system of 1998, F.9: "adjourned games are considered draws for pairing purposes"),
/// whatever the scoring's adjourned value. The planned number of rounds is fixed from the
/// whole record first, so that topscorers (C.04.3 A.7) are still recognised in the final
/// round, and so is the initial colour (drawn before round 1, inferred from the first
/// round with colours when the record does not state it).
pub(crate) fn history_for_round(t: &Tournament, round: u32) -> Tournament {
    let mut view = t.clone();
    view.event.rounds = Some(t.planned_rounds().max(round));
    view.event.initial_colour = Some(initial_colour(t));
    for player in &mut view.players {
        player.results.truncate(round as usize);
        if let Some(last) = player.results.get_mut(round as usize - 1)
            && !t.decided_before_pairing(last)
        {
            *last = Outcome::NotPlayed;
        }
        while player.results.last() == Some(&Outcome::NotPlayed) {
            player.results.pop();
        }
    }
    view.draw_adjourned_games();
    view
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    #[error("rounds are numbered from 1")]
    Zero,
    #[error(
        "this is a team event: its rounds pair teams (Swiss Team Pairing System, C.04.6), and the {} system would pair its players one by one; pair it with the Swiss Team system (swiss-team)",
        .system.title()
    )]
    TeamEvent { system: SystemId },
    #[error(
        "the {} system pairs teams (C.04.6), and this event has none: register its teams (each with its roster) first, or pair it with an individual system",
        .system.title()
    )]
    NoTeams { system: SystemId },
    #[error(
        "round {round} cannot be paired yet: round {next} is the next round to pair (the rounds before a round are paired first)"
    )]
    NotYet { round: u32, next: u32 },
    #[error(
        "round {round} is beyond the event's {planned} rounds (the number of rounds, TRF 142/XXR; change it first if the event is longer)"
    )]
    BeyondPlanned { round: u32, planned: u32 },
    #[error("round {round}: an event has at most {MAX_ROUNDS} rounds")]
    TooMany { round: u32 },
    #[error(
        "round {round} cannot be paired yet: round {earlier} has no result on {} (a round is paired from the results of the rounds before it; enter them first)",
        boards_named(.boards)
    )]
    ResultsMissing {
        round: u32,
        earlier: u32,
        /// The board numbers without a result, in board order.
        boards: Vec<u32>,
    },
    #[error(
        "round {round} cannot be paired yet: round {earlier} is a draft (its pairing is not published); publish it first"
    )]
    EarlierDraft { round: u32, earlier: u32 },
}

/// "board 3", "boards 1, 4 and 7", at most ten numbers named.
fn boards_named(boards: &[u32]) -> String {
    const NAMED: usize = 10;
    let numbers: Vec<String> = boards.iter().take(NAMED).map(u32::to_string).collect();
    match numbers.as_slice() {
        [one] => format!("board {one}"),
        [init @ .., last] if boards.len() <= NAMED => {
            format!("boards {} and {last}", init.join(", "))
        }
        _ => format!(
            "boards {} and {} more",
            numbers.join(", "),
            boards.len() - NAMED
        ),
    }
}

/// The round to pair under `system`: `requested`, or by default the next one
/// ([`Tournament::next_round`]). A round already paired may be paired again (later rounds
/// are then ignored); a round after the next one, beyond the planned rounds, or after a
/// round with a result missing or a draft not published (C.04.1: the pairing of a round
/// follows from the scores and colours of the rounds played before it) is refused with the
/// reason, and so is a team event under an individual system and the other way round.
pub fn round_to_pair(
    t: &Tournament,
    system: SystemId,
    requested: Option<u32>,
) -> Result<u32, RoundError> {
    match (t.is_team_event(), system.pairs_teams()) {
        (true, false) => return Err(RoundError::TeamEvent { system }),
        (false, true) => return Err(RoundError::NoTeams { system }),
        _ => {}
    }
    let next = t.next_round();
    let round = requested.unwrap_or(next);
    if round == 0 {
        return Err(RoundError::Zero);
    }
    if round > next {
        return Err(RoundError::NotYet { round, next });
    }
    if let Some(planned) = t.event.rounds.filter(|&planned| round > planned) {
        return Err(RoundError::BeyondPlanned { round, planned });
    }
    if round > MAX_ROUNDS {
        return Err(RoundError::TooMany { round });
    }
    for earlier in 1..round {
        let boards = t.pending_boards(earlier);
        if !boards.is_empty() {
            return Err(RoundError::ResultsMissing {
                round,
                earlier,
                boards,
            });
        }
        if !t.is_published(earlier) {
            return Err(RoundError::EarlierDraft { round, earlier });
        }
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: SystemId = SystemId::Dutch2026;
    use crate::tournament::{BoardResult, ByeKind, Colour, GameResult, Player};

    #[test]
    fn a_team_event_pairs_teams_and_only_a_team_event_does() {
        let t = Tournament {
            players: vec![Player::new(1, "A"), Player::new(2, "B")],
            teams: vec![crate::tournament::Team::new(1, "Team", vec![1, 2])],
            ..Tournament::default()
        };
        let dutch = SystemId::Dutch2026;
        assert_eq!(
            round_to_pair(&t, dutch, None),
            Err(RoundError::TeamEvent { system: dutch })
        );
        assert_eq!(round_to_pair(&t, SystemId::FideTeam, None), Ok(1));
        let individual = Tournament {
            teams: Vec::new(),
            ..t
        };
        assert_eq!(
            round_to_pair(&individual, SystemId::FideTeam, None),
            Err(RoundError::NoTeams {
                system: SystemId::FideTeam
            })
        );
    }

    #[test]
    fn only_the_next_round_or_an_earlier_one_within_the_planned_rounds_is_paired() {
        let mut t = Tournament {
            players: vec![Player::new(1, "A"), Player::new(2, "B")],
            ..Tournament::default()
        };
        t.event.rounds = Some(2);
        t.record_pairing(1, &[[1, 2]], None);
        let missing = round_to_pair(&t, D, None).expect_err("round 1 has no result");
        assert_eq!(
            missing,
            RoundError::ResultsMissing {
                round: 2,
                earlier: 1,
                boards: vec![1]
            }
        );
        assert!(
            missing
                .to_string()
                .contains("round 1 has no result on board 1"),
            "{missing}"
        );
        assert_eq!(round_to_pair(&t, D, Some(1)), Ok(1), "paired again");
        t.set_board_result(1, 1, 2, BoardResult::Draw)
            .expect("board");
        assert_eq!(
            round_to_pair(&t, D, None),
            Err(RoundError::EarlierDraft {
                round: 2,
                earlier: 1
            })
        );
        t.set_published(1, true).expect("paired");
        assert_eq!(round_to_pair(&t, D, None), Ok(2));
        assert_eq!(round_to_pair(&t, D, Some(1)), Ok(1), "paired again");
        assert_eq!(round_to_pair(&t, D, Some(0)), Err(RoundError::Zero));
        assert_eq!(
            round_to_pair(&t, D, Some(u32::MAX)),
            Err(RoundError::NotYet {
                round: u32::MAX,
                next: 2
            })
        );
        t.record_pairing(2, &[[2, 1]], None);
        t.set_board_result(2, 2, 1, BoardResult::WhiteWins)
            .expect("board");
        t.set_published(2, true).expect("paired");
        let beyond = round_to_pair(&t, D, None).expect_err("round 3 of 2");
        assert_eq!(
            beyond,
            RoundError::BeyondPlanned {
                round: 3,
                planned: 2
            }
        );
        assert!(beyond.to_string().contains("beyond the event's 2 rounds"));
        t.event.rounds = None;
        assert_eq!(
            round_to_pair(&t, D, None),
            Ok(3),
            "no planned number: no limit"
        );
    }

    #[test]
    fn missing_results_are_named_by_board() {
        assert_eq!(boards_named(&[3]), "board 3");
        assert_eq!(boards_named(&[1, 4, 7]), "boards 1, 4 and 7");
        let many: Vec<u32> = (1..=13).collect();
        assert_eq!(
            boards_named(&many),
            "boards 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more"
        );
    }

    #[test]
    fn keeps_history_and_byes_of_the_round() {
        let mut t = Tournament::default();
        let game = |opponent, colour, result| Outcome::game(opponent, colour, result);
        let mut a = Player::new(1, "A");
        a.results = vec![
            game(2, Colour::White, GameResult::Win),
            Outcome::Bye(ByeKind::Half),
            game(2, Colour::Black, GameResult::Draw),
        ];
        let mut b = Player::new(2, "B");
        b.results = vec![
            game(1, Colour::Black, GameResult::Loss),
            Outcome::PairingBye,
            game(1, Colour::White, GameResult::Draw),
        ];
        t.players = vec![a, b];
        let view = history_for_round(&t, 2);
        assert_eq!(view.players[0].results.len(), 2);
        assert_eq!(view.players[0].results[1], Outcome::Bye(ByeKind::Half));
        assert_eq!(
            view.players[1].results.len(),
            1,
            "the PAB of round 2 is the engine's to decide"
        );
        assert_eq!(view.event.rounds, Some(3));
    }
}
