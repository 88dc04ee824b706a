//! Checks that a tournament record does not contradict itself. Every reader of an event
//! file ends with this check, and the desktop application runs it after every edit, so no
//! engine, standings table or printed sheet ever sees a record that is wrong.

use super::availability::{Away, away};
use super::{Colour, GameResult, Outcome, Tournament};

/// The most rounds an event may have. TRF's round fields (`240`, `250`, `260`) hold three
/// digits; a file claiming more rounds is damaged or hostile, and every loop over rounds
/// stays bounded.
pub(crate) const MAX_ROUNDS: u32 = 999;

/// A contradiction in the tournament record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistency {
    #[error("pairing number 0: pairing numbers start at 1 (C.04.2 B)")]
    ZeroId,
    #[error("players are not in pairing-number order: {player} comes after {previous}")]
    Unsorted { player: u32, previous: u32 },
    #[error("pairing number {player} is used twice")]
    DuplicateId { player: u32 },
    #[error("player {player}, round {round}: opponent {opponent} is not a player of the event")]
    UnknownOpponent {
        player: u32,
        round: u32,
        opponent: u32,
    },
    #[error("player {player}, round {round}: a player cannot meet himself")]
    SelfPairing { player: u32, round: u32 },
    #[error(
        "player {player}, round {round}: opponent {opponent} does not record this game the same way ({detail})"
    )]
    OpponentMismatch {
        player: u32,
        round: u32,
        opponent: u32,
        detail: String,
    },
    #[error("round {round}: {count} pairing-allocated byes (at most one per round)")]
    SeveralPairingByes { round: u32, count: usize },
    #[error(
        "player {player}: an entry for round {round}, but an event has at most {MAX_ROUNDS} rounds"
    )]
    TooManyRounds { player: u32, round: u32 },
    #[error(
        "player {player}, round {round}: an entry beyond the event's {planned} rounds (the number of rounds, TRF 142/XXR)"
    )]
    BeyondPlannedRounds {
        player: u32,
        round: u32,
        planned: u32,
    },
    #[error("{what} names round {round}, but an event has at most {MAX_ROUNDS} rounds")]
    RoundOutOfRange { what: String, round: u32 },
    #[error("team pairing number {team} is used twice")]
    DuplicateTeam { team: u32 },
    #[error("team {team}: player {player} on its roster is not a player of the event")]
    UnknownTeamPlayer { team: u32, player: u32 },
    #[error("player {player} is on the rosters of teams {first} and {second}")]
    PlayerInTwoTeams {
        player: u32,
        first: u32,
        second: u32,
    },
    #[error("team {team}, round {round}: player {player} meets a player of his own team")]
    TeamMeetsItself { team: u32, round: u32, player: u32 },
    #[error(
        "team {team}, round {round}: its players meet players of teams {first} and {second} (a team meets one team per round, C.04.6 1.1)"
    )]
    TeamMeetsSeveral {
        team: u32,
        round: u32,
        first: u32,
        second: u32,
    },
    #[error("team {team}, round {round}: a pairing-allocated bye, but the team played a match")]
    TeamByeWhilePlaying { team: u32, round: u32 },
    #[error(
        "team {team}, round {round}: its line-up names player {player}, who is not on its roster"
    )]
    LineupOffRoster { team: u32, round: u32, player: u32 },
    #[error(
        "team {team}, round {round}: its line-up is against team {named}, but its players met team {met}"
    )]
    LineupOpponent {
        team: u32,
        round: u32,
        named: u32,
        met: u32,
    },
    #[error(
        "player {player}, round {round}: a game in a team event, but the player is on no team's roster"
    )]
    GameOutsideTeams { player: u32, round: u32 },
    /// A player on a board (or given the pairing-allocated bye) of a round he does not take
    /// part in: a withdrawn player is not paired (FIDE General Handling Rules), a late
    /// entry is paired from the round he joins (C.04.2 C).
    #[error(
        "player {player}, round {round}: paired, but {away} (a withdrawn or absent player is not paired: FIDE General Handling Rules, C.04.2 C)"
    )]
    PairedWhileAway { player: u32, round: u32, away: Away },
}

/// Every contradiction, in player and round order.
pub(super) fn check(t: &Tournament) -> Vec<Inconsistency> {
    let mut found = Vec::new();
    if t.players.first().is_some_and(|p| p.id == 0) {
        found.push(Inconsistency::ZeroId);
    }
    for pair in t.players.windows(2) {
        if pair[0].id == pair[1].id {
            found.push(Inconsistency::DuplicateId { player: pair[0].id });
        } else if pair[1].id < pair[0].id {
            found.push(Inconsistency::Unsorted {
                player: pair[1].id,
                previous: pair[0].id,
            });
        }
    }
    found.extend(round_numbers(t));
    if !found.is_empty() {
        // Lookups by number and loops over rounds rely on what was just checked.
        return found;
    }
    let rounds = t.rounds_recorded();
    for round in 1..=rounds {
        let pabs = t
            .players
            .iter()
            .filter(|p| matches!(p.outcome(round), Outcome::PairingBye))
            .count();
        if pabs > 1 {
            found.push(Inconsistency::SeveralPairingByes { round, count: pabs });
        }
    }
    for player in &t.players {
        for (index, outcome) in player.results.iter().enumerate() {
            let round = index as u32 + 1;
            if outcome.took_part_in_pairing()
                && let Some(away) = away(player, round)
            {
                found.push(Inconsistency::PairedWhileAway {
                    player: player.id,
                    round,
                    away,
                });
            }
            let Some(opponent) = outcome.opponent() else {
                continue;
            };
            if opponent == player.id {
                found.push(Inconsistency::SelfPairing {
                    player: player.id,
                    round,
                });
                continue;
            }
            let Some(other) = t.player(opponent) else {
                found.push(Inconsistency::UnknownOpponent {
                    player: player.id,
                    round,
                    opponent,
                });
                continue;
            };
            if let Some(detail) = mismatch(player.id, outcome, other.outcome(round)) {
                found.push(Inconsistency::OpponentMismatch {
                    player: player.id,
                    round,
                    opponent,
                    detail,
                });
            }
        }
    }
    found.extend(super::team_round::check(t));
    found
}

/// Round numbers out of range: entries past [`MAX_ROUNDS`] or past the planned rounds, and
/// event data naming rounds past [`MAX_ROUNDS`].
fn round_numbers(t: &Tournament) -> Vec<Inconsistency> {
    let mut found = Vec::new();
    let e = &t.event;
    let mut named = |what: String, round: u32| {
        if round > MAX_ROUNDS {
            found.push(Inconsistency::RoundOutOfRange { what, round });
        }
    };
    named("the number of rounds".into(), e.rounds.unwrap_or(0));
    named("the round dates".into(), e.round_dates.len() as u32);
    named("the round records".into(), t.round_records.len() as u32);
    for v in &e.acceleration.virtual_points {
        named(
            "virtual points (acceleration)".into(),
            v.last_round.max(v.first_round),
        );
    }
    for g in &e.forbidden_pairs {
        let last = g.first_round.unwrap_or(0).max(g.last_round.unwrap_or(0));
        named("a group of players who must not meet".into(), last);
    }
    for o in &t.overrides {
        named("an override".into(), o.round);
    }
    for p in &t.players {
        named(
            format!("player {}'s withdrawal", p.id),
            p.withdrawn_from.unwrap_or(0),
        );
        named(
            format!("player {}'s late entry", p.id),
            p.late_entry_round.unwrap_or(0),
        );
    }
    for p in &t.players {
        let Some(last) = p.results.iter().rposition(Outcome::is_recorded) else {
            continue;
        };
        let round = last as u32 + 1;
        if round > MAX_ROUNDS {
            found.push(Inconsistency::TooManyRounds {
                player: p.id,
                round,
            });
        } else if let Some(planned) = e.rounds.filter(|&planned| round > planned) {
            found.push(Inconsistency::BeyondPlannedRounds {
                player: p.id,
                round,
                planned,
            });
        }
    }
    found
}

/// Why the opponent's entry does not mirror this one, if it does not.
fn mismatch(id: u32, mine: &Outcome, theirs: &Outcome) -> Option<String> {
    if theirs.opponent() != Some(id) {
        return Some(match theirs.opponent() {
            Some(other) => format!("the opponent's entry names {other}"),
            None => "the opponent's entry has no opponent".to_string(),
        });
    }
    let (Some(a), Some(b)) = (mine.scheduled_colour(), theirs.scheduled_colour()) else {
        return None;
    };
    if a != b.opposite() {
        let name = |c: Colour| if c == Colour::White { "white" } else { "black" };
        return Some(format!("both have {}", name(a)));
    }
    match (mine, theirs) {
        (
            Outcome::Game {
                result: r1,
                adjourned: a1,
                ..
            },
            Outcome::Game {
                result: r2,
                adjourned: a2,
                ..
            },
        ) => game_mismatch((*r1, *a1), (*r2, *a2)),
        (Outcome::Forfeit { won: w1, .. }, Outcome::Forfeit { won: w2, .. }) => {
            (*w1 && *w2).then(|| "both won by forfeit".to_string())
        }
        (Outcome::Scheduled { .. }, Outcome::Scheduled { .. }) => None,
        (Outcome::Match { games: g1, .. }, Outcome::Match { games: g2, .. }) => {
            (*g1 != g2.reversed()).then(|| format!("match games {g1:?} and {g2:?}"))
        }
        (Outcome::Match { .. }, _) | (_, Outcome::Match { .. }) => {
            Some("one has a two-game match, the other a single game".to_string())
        }
        (Outcome::Scheduled { .. }, _) | (_, Outcome::Scheduled { .. }) => {
            Some("one has a result, the other none".to_string())
        }
        _ => Some("one played the game, the other has a forfeit".to_string()),
    }
}

/// Why the two sides of a game played over the board do not fit, if they do not: a game
/// adjourned on one side only, or with a result (an adjourned game is recorded as a draw
/// and has no result yet), or results that are neither mirrored (1-0, ½-½, 0-1) nor one
/// of the scores an arbiter may give (½-0, 0-½, 0-0: each player scores his own result).
fn game_mismatch(mine: (GameResult, bool), theirs: (GameResult, bool)) -> Option<String> {
    use GameResult::{Draw, Loss};
    let ((r1, adjourned1), (r2, adjourned2)) = (mine, theirs);
    if adjourned1 != adjourned2 {
        return Some("one has the game adjourned, the other a result".to_string());
    }
    if adjourned1 {
        return (r1 != Draw || r2 != Draw)
            .then(|| format!("an adjourned game recorded as {r1:?} and {r2:?}"));
    }
    let unusual = matches!((r1, r2), (Draw, Loss) | (Loss, Draw) | (Loss, Loss));
    (r1 != r2.reversed() && !unusual).then(|| format!("results {r1:?} and {r2:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    fn game(opponent: u32, colour: Colour, result: GameResult) -> Outcome {
        Outcome::game(opponent, colour, result)
    }

    fn two_players(a: Outcome, b: Outcome) -> Tournament {
        let mut t = Tournament::default();
        let mut p1 = Player::new(1, "A");
        p1.results.push(a);
        let mut p2 = Player::new(2, "B");
        p2.results.push(b);
        t.players = vec![p1, p2];
        t
    }

    #[test]
    fn consistent_game_passes() {
        let t = two_players(
            game(2, Colour::White, GameResult::Win),
            game(1, Colour::Black, GameResult::Loss),
        );
        assert!(t.inconsistencies().is_empty());
    }

    /// Every pair of results of a game played over the board: the mirrored ones and the
    /// unusual scores ½-0, 0-½ and 0-0 pass (VCL.13), every other pair is refused on both
    /// sides, named.
    #[test]
    fn results_must_mirror_or_be_an_unusual_score() {
        use GameResult::{Draw, Loss, Win};
        for white in [Win, Draw, Loss] {
            for black in [Win, Draw, Loss] {
                let t = two_players(game(2, Colour::White, white), game(1, Colour::Black, black));
                let found = t.inconsistencies();
                let allowed = black == white.reversed()
                    || matches!((white, black), (Draw, Loss) | (Loss, Draw) | (Loss, Loss));
                if allowed {
                    assert!(found.is_empty(), "{white:?}/{black:?}: {found:?}");
                } else {
                    assert_eq!(found.len(), 2, "{white:?}/{black:?}");
                    let named = format!("results {white:?} and {black:?}");
                    assert!(found[0].to_string().contains(&named), "{}", found[0]);
                }
            }
        }
    }

    #[test]
    fn an_adjourned_game_is_adjourned_on_both_sides_and_drawn() {
        let adjourned = |opponent, colour| Outcome::adjourned(opponent, colour);
        let t = two_players(adjourned(2, Colour::White), adjourned(1, Colour::Black));
        assert!(t.inconsistencies().is_empty());
        let t = two_players(
            adjourned(2, Colour::White),
            game(1, Colour::Black, GameResult::Draw),
        );
        assert!(
            t.inconsistencies()[0]
                .to_string()
                .contains("one has the game adjourned, the other a result")
        );
        let won = Outcome::Game {
            opponent: 1,
            colour: Colour::Black,
            result: GameResult::Win,
            unrated: false,
            adjourned: true,
        };
        let t = two_players(adjourned(2, Colour::White), won);
        assert!(
            t.inconsistencies()[0]
                .to_string()
                .contains("an adjourned game recorded as Draw and Win")
        );
    }

    #[test]
    fn colours_must_differ() {
        let t = two_players(
            game(2, Colour::White, GameResult::Draw),
            game(1, Colour::White, GameResult::Draw),
        );
        assert!(
            t.inconsistencies()[0]
                .to_string()
                .contains("both have white")
        );
    }

    #[test]
    fn double_forfeit_is_allowed() {
        let forfeit = |opponent, colour| Outcome::Forfeit {
            opponent,
            colour,
            won: false,
        };
        let t = two_players(forfeit(2, Colour::White), forfeit(1, Colour::Black));
        assert!(t.inconsistencies().is_empty());
    }

    #[test]
    fn opponent_must_point_back() {
        let t = two_players(game(2, Colour::White, GameResult::Win), Outcome::PairingBye);
        let found = t.inconsistencies();
        assert!(matches!(
            found[0],
            Inconsistency::OpponentMismatch {
                player: 1,
                round: 1,
                opponent: 2,
                ..
            }
        ));
    }
}
