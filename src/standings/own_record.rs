//! Tie-breaks read from the player's own record (C.07 7.1-7.4, 7.6-7.8).

use crate::tournament::{ByeKind, Colour, GameResult, Outcome, Points};

use super::code::Kind;
use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::round::RoundRecord;
use super::value::Value;

/// WIN, WON, BPG, BWG, REP, STD or TPN of `entrant`: counts of rounds with the rounds
/// that count listed.
pub(crate) fn own_record(field: &Field, entrant: &Entrant, kind: Kind) -> Breakdown {
    if kind == Kind::PairingNumber {
        // C.07 (2026) 7.8: the tournament pairing number.
        return Breakdown::bare(Value::Count(entrant.id));
    }
    let draw = field.scoring.draw;
    let mut parts = Vec::new();
    let (mut count, mut standard) = (0u32, Points::ZERO);
    for (i, ((record, outcome), &points)) in entrant
        .records
        .iter()
        .zip(&entrant.outcomes)
        .zip(&entrant.points)
        .enumerate()
    {
        let round = i as u32 + 1;
        if kind == Kind::StandardPoints {
            // C.07 (2026) 7.7: 1 for more than a draw's points, ½ for a draw's points.
            let value = if points > draw {
                Points::ONE
            } else if points == draw {
                Points::HALF
            } else {
                continue;
            };
            standard += value;
            let note = format!("{points} scored (a draw is worth {draw})");
            parts.push(Part::round(
                round,
                record.paired_opponent(),
                Value::Points(value),
                note,
            ));
            continue;
        }
        let note = match kind {
            // C.07 7.1: a win's points, played or not.
            Kind::Wins if points == field.scoring.win => "a win's points",
            // C.07 7.2: won over the board (15.2: with pre-determined pairings a forfeit
            // win is a game).
            Kind::GamesWon if won(record) => "game won",
            // C.07 7.3: played with Black (15.2: a forfeit loss is not played).
            Kind::BlackGames if black_game(record) => "game with Black",
            // C.07 7.4: won with Black.
            Kind::BlackWins if won(record) && black_game(record) => "game won with Black",
            // C.07 7.6: every round but half- and zero-point byes (absences, rounds after
            // a withdrawal) and forfeit losses.
            Kind::RoundsElected if !skipped(outcome) => "round elected to play",
            _ => continue,
        };
        count += 1;
        parts.push(Part::round(
            round,
            record.paired_opponent(),
            Value::Count(1),
            note,
        ));
    }
    let value = if kind == Kind::StandardPoints {
        Value::Points(standard)
    } else {
        Value::Count(count)
    };
    Breakdown { value, parts }
}

fn won(record: &RoundRecord) -> bool {
    matches!(
        record,
        RoundRecord::Played {
            result: GameResult::Win,
            ..
        }
    )
}

fn black_game(record: &RoundRecord) -> bool {
    matches!(record, RoundRecord::Played { colour: Colour::Black, result, forfeit, .. }
        if !(*forfeit && *result == GameResult::Loss))
}

/// A round the player did not elect to play (C.07 7.6).
fn skipped(outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Bye(ByeKind::Half | ByeKind::Zero)
            | Outcome::Absent
            | Outcome::NotPlayed
            | Outcome::Forfeit { won: false, .. }
    ) || matches!(outcome, Outcome::Match { games, .. } if games.is_forfeit() && !games.is_forfeit_win())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{Player, ScoringSystem, Tournament};

    fn game(opponent: u32, colour: Colour, result: GameResult) -> Outcome {
        Outcome::game(opponent, colour, result)
    }

    /// Player 1: W(B) vs 2, +(B) vs 3, PAB, D(W) vs 4, HPB, -(W) vs 5, L(B) vs 6, FPB,
    /// then withdrew (ZPB).
    fn player_one() -> Vec<Outcome> {
        vec![
            game(2, Colour::Black, GameResult::Win),
            Outcome::Forfeit {
                opponent: 3,
                colour: Colour::Black,
                won: true,
            },
            Outcome::PairingBye,
            game(4, Colour::White, GameResult::Draw),
            Outcome::Bye(ByeKind::Half),
            Outcome::Forfeit {
                opponent: 5,
                colour: Colour::White,
                won: false,
            },
            game(6, Colour::Black, GameResult::Loss),
            Outcome::Bye(ByeKind::Full),
            Outcome::Bye(ByeKind::Zero),
        ]
    }

    fn value(kind: Kind, scoring: ScoringSystem, predetermined: bool) -> String {
        let mut t = Tournament::default();
        t.event.scoring = scoring;
        let mut p = Player::new(1, "One");
        p.results = player_one();
        t.players.push(p);
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined,
            unrated_rating: None,
        };
        let field = Field::new(&t, 9, rules);
        let e = field.entrant(1).expect("player");
        own_record(&field, e, kind).value.to_string()
    }

    #[test]
    fn counts_by_hand() {
        let s = ScoringSystem::standard();
        // Win's points: W, +, PAB, FPB.
        assert_eq!(value(Kind::Wins, s, false), "4");
        assert_eq!(value(Kind::GamesWon, s, false), "1");
        assert_eq!(value(Kind::BlackGames, s, false), "2");
        assert_eq!(value(Kind::BlackWins, s, false), "1");
        // 9 rounds - HPB - forfeit loss - ZPB.
        assert_eq!(value(Kind::RoundsElected, s, false), "6");
        // 1 + 1 + 1 + ½ + ½ + 0 + 0 + 1 + 0.
        assert_eq!(value(Kind::StandardPoints, s, false), "5.0");
        assert_eq!(value(Kind::PairingNumber, s, false), "1");
    }

    #[test]
    fn a_pab_worth_a_draw_is_not_a_win() {
        let mut s = ScoringSystem::standard();
        s.pab = Points::HALF;
        assert_eq!(value(Kind::Wins, s, false), "3");
        assert_eq!(value(Kind::StandardPoints, s, false), "4.5");
    }

    #[test]
    fn standard_points_under_three_one_zero() {
        // STD does not depend on the scoring system.
        assert_eq!(
            value(Kind::StandardPoints, ScoringSystem::three_one_zero(), false),
            "5.0"
        );
    }

    #[test]
    fn predetermined_pairings_count_forfeit_wins_as_games() {
        let s = ScoringSystem::standard();
        assert_eq!(value(Kind::GamesWon, s, true), "2");
        assert_eq!(value(Kind::BlackWins, s, true), "2");
        // The forfeit win with Black counts as a game; the forfeit loss (White) does not.
        assert_eq!(value(Kind::BlackGames, s, true), "3");
    }
}
