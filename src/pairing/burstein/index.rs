//! C.04.4.2 1.7 (opposition evaluation) and 1.8.1: the Index of a player, Buchholz then
//! Sonneborn-Berger, from the rounds before the one being paired.

use crate::tournament::{ByeKind, Outcome, Player, Points, Tournament};

/// C.04.4.2 1.8.1: Buchholz, then Sonneborn-Berger (larger is better); TPN (1.8.2)
/// breaks the remaining ties where the Index is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Index {
    /// 1.7.1.1: the sum of the current scores of the opponents, in tenths.
    pub buchholz: i64,
    /// 1.7.1.2: the sum of the points earned against each opponent times that
    /// opponent's current score, in hundredths.
    pub sonneborn_berger: i64,
}

/// C.04.4.2 1.7.2, for `player` before `round`:
/// - an unplayed round (bye, forfeit, absence, a round before a late entry) counts as a
///   game against oneself with the result awarded for it;
/// - an opponent's trailing series of zero-point byes up to the current round counts,
///   for his over-the-board opponents, as draws ([`score_for_opponents`]);
/// - virtual points (acceleration) are excluded: only real points count.
pub fn index(t: &Tournament, player: &Player, round: u32) -> Index {
    let own = t.score_after(player, round - 1);
    let mut index = Index::default();
    for k in 1..round {
        let outcome = player.outcome(k);
        let opponent_score = match outcome {
            Outcome::Game { opponent, .. } => t
                .player(*opponent)
                .map_or(own, |o| score_for_opponents(t, o, round)),
            _ => own,
        };
        let earned = t.event.scoring.points(outcome);
        index.buchholz += i64::from(opponent_score.tenths());
        index.sonneborn_berger += i64::from(earned.tenths()) * i64::from(opponent_score.tenths());
    }
    index
}

/// C.04.4.2 1.7.2 (exception): a player's current score as his opponents see it, the
/// consecutive zero-point byes that end with the last round played counted as draws.
/// Interpretation: a "zero-point bye" is a round in which the player was not paired and
/// scored nothing (`Z`, or no entry: absent, withdrawn, not yet entered).
pub fn score_for_opponents(t: &Tournament, player: &Player, round: u32) -> Points {
    let trailing = (1..round)
        .rev()
        .take_while(|&k| is_zero_point_bye(t, player.outcome(k)))
        .count() as i32;
    let zero_bye = t.event.scoring.points(&Outcome::Bye(ByeKind::Zero));
    t.score_after(player, round - 1) + (t.event.scoring.draw - zero_bye).times(trailing)
}

fn is_zero_point_bye(t: &Tournament, outcome: &Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Bye(ByeKind::Zero) | Outcome::Absent | Outcome::NotPlayed
    ) && t.event.scoring.points(outcome) == Points::ZERO
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, GameResult};

    fn game(opponent: u32, colour: Colour, result: GameResult) -> Outcome {
        Outcome::game(opponent, colour, result)
    }

    /// Four players, two rounds: 1 beat 2 and 3, 3 beat 4, 2 and 4 drew.
    fn four() -> Tournament {
        use Colour::{Black as B, White as W};
        use GameResult::{Draw, Loss, Win};
        let mut t = Tournament::default();
        t.event.rounds = Some(5);
        for id in 1..=4u32 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        t.players[0].results = vec![game(2, W, Win), game(3, B, Win)];
        t.players[1].results = vec![game(1, B, Loss), game(4, W, Draw)];
        t.players[2].results = vec![game(4, W, Win), game(1, W, Loss)];
        t.players[3].results = vec![game(3, B, Loss), game(2, B, Draw)];
        t
    }

    /// 1.7.1: Buchholz and Sonneborn-Berger from the current scores.
    #[test]
    fn buchholz_and_sonneborn_berger() {
        let t = four();
        // Scores: 1 → 2, 2 → ½, 3 → 1, 4 → ½.
        let i1 = index(&t, &t.players[0], 3);
        assert_eq!(i1.buchholz, 5 + 10);
        assert_eq!(i1.sonneborn_berger, 10 * 5 + 10 * 10);
        let i2 = index(&t, &t.players[1], 3);
        assert_eq!(i2.buchholz, 20 + 5);
        assert_eq!(i2.sonneborn_berger, 5 * 5);
    }

    /// 1.7.2: an unplayed round is a game against oneself with the awarded result.
    #[test]
    fn unplayed_round_is_a_game_against_oneself() {
        let mut t = four();
        t.players[2].results[0] = Outcome::Forfeit {
            opponent: 4,
            colour: Colour::White,
            won: true,
        };
        t.players[3].results[0] = Outcome::Forfeit {
            opponent: 3,
            colour: Colour::Black,
            won: false,
        };
        // 3 has 1 point (forfeit win), lost to 1.
        let i3 = index(&t, &t.players[2], 3);
        assert_eq!(i3.buchholz, 10 + 20);
        assert_eq!(i3.sonneborn_berger, 10 * 10);
    }

    /// 1.7.2 exception: a trailing series of zero-point byes counts as draws for the
    /// opponents, and only for them.
    #[test]
    fn trailing_zero_point_byes_count_as_draws_for_opponents() {
        let mut t = four();
        for p in &mut t.players {
            p.results.push(Outcome::Bye(ByeKind::Full));
        }
        t.players[1].results[2] = Outcome::Bye(ByeKind::Zero);
        t.players[1].results.push(Outcome::Bye(ByeKind::Zero));
        for (i, p) in t.players.iter_mut().enumerate() {
            if i != 1 {
                p.results.push(Outcome::Bye(ByeKind::Full));
            }
        }
        // Round 5: 2 has ½ and two trailing zero-point byes: 1½ for his opponents.
        assert_eq!(
            score_for_opponents(&t, &t.players[1], 5),
            Points::from_tenths(15)
        );
        assert_eq!(score_for_opponents(&t, &t.players[0], 5), Points::whole(4));
        // His own Index counts those rounds against himself, at ½.
        let i2 = index(&t, &t.players[1], 5);
        assert_eq!(i2.buchholz, 40 + 25 + 5 + 5);
    }
}
