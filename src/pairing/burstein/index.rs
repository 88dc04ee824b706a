//! C.04.4.2 1.7 (opposition evaluation) and 1.8.1: the Index of a player, Buchholz then
//! Sonneborn-Berger, from the rounds before the one being paired.

use crate::pairing::explanation::count;
use crate::tournament::{ByeKind, Outcome, Player, Points, Tournament};

/// C.04.4.2 1.8.1: Buchholz, then Sonneborn-Berger (larger is better); TPN (1.8.2)
/// breaks the remaining ties where the Index is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Index {
    /// 1.7.1.1: the sum of the current scores of the opponents, in tenths.
    pub(crate) buchholz: i64,
    /// 1.7.1.2: the sum of the points earned against each opponent times that
    /// opponent's current score, in hundredths.
    pub(crate) sonneborn_berger: i64,
}

/// One round's share of a player's Index (1.7.1), with 1.7.2 applied: the opponent's
/// score as counted and the points the player earned, so that the Index can be added up
/// by hand from the explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    pub(crate) round: u32,
    /// The opponent met over the board; `None` for an unplayed round (1.7.2: a game
    /// against oneself).
    pub(crate) opponent: Option<u32>,
    /// The opponent's score as counted: his current score, plus a draw for each of
    /// his trailing zero-point byes; one's own current score for an unplayed round.
    pub(crate) counted: Points,
    /// The opponent's current score, before 1.7.2 (one's own for an unplayed round).
    pub(crate) actual: Points,
    /// The opponent's trailing zero-point byes counted as draws (1.7.2 exception).
    pub(crate) byes_as_draws: u32,
    /// The points awarded to the player in the round.
    pub(crate) earned: Points,
}

impl Index {
    /// 1.7.1: Buchholz, the sum of the opponents' scores as counted; Sonneborn-Berger,
    /// the sum of each score as counted times the points earned against it.
    pub(crate) fn of(terms: &[Term]) -> Index {
        terms.iter().fold(Index::default(), |mut index, term| {
            let counted = i64::from(term.counted.tenths());
            index.buchholz += counted;
            index.sonneborn_berger += i64::from(term.earned.tenths()) * counted;
            index
        })
    }
}

impl std::fmt::Display for Term {
    /// `2.5 (R1 12)`; `2.0 (R2 9: 1.0 + 2 × 0.5 for his last 2 zero-point byes, each counted
    /// as a draw, 1.7.2)`;
    /// `3.0 (R3 unplayed: own score, 1.7.2)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (counted, round) = (self.counted, self.round);
        match self.opponent {
            None => write!(f, "{counted} (R{round} unplayed: own score, 1.7.2)"),
            Some(o) if self.byes_as_draws > 0 => {
                let n = self.byes_as_draws as i32;
                write!(
                    f,
                    "{counted} (R{round} {o}: {} + {n} × {} for his last {}, each counted as a draw, 1.7.2)",
                    self.actual,
                    Points::from_tenths((counted - self.actual).tenths() / n),
                    count(self.byes_as_draws as usize, "zero-point bye"),
                )
            }
            Some(o) => write!(f, "{counted} (R{round} {o})"),
        }
    }
}

/// C.04.4.2 1.7.2, each round before `round` of `player` as his Index counts it:
/// - an unplayed round (bye, forfeit, absence, a round before a late entry) counts as a
///   game against oneself with the result awarded for it;
/// - an opponent's trailing series of zero-point byes up to the current round counts,
///   for his over-the-board opponents, as draws ([`score_for_opponents`]);
/// - virtual points (acceleration) are excluded: only real points count.
pub(crate) fn terms(t: &Tournament, player: &Player, round: u32) -> Vec<Term> {
    let own = t.score_after(player, round - 1);
    (1..round)
        .map(|k| {
            let outcome = player.outcome(k);
            let earned = t.event.scoring.points(outcome);
            let opponent = match outcome {
                Outcome::Game { opponent, .. } => t.player(*opponent),
                _ => None,
            };
            match opponent {
                Some(o) => Term {
                    round: k,
                    opponent: Some(o.id),
                    counted: score_for_opponents(t, o, round),
                    actual: t.score_after(o, round - 1),
                    byes_as_draws: trailing_zero_point_byes(t, o, round),
                    earned,
                },
                None => Term {
                    round: k,
                    opponent: None,
                    counted: own,
                    actual: own,
                    byes_as_draws: 0,
                    earned,
                },
            }
        })
        .collect()
}

/// C.04.4.2 1.7.2 (exception): a player's current score as his opponents see it, the
/// consecutive zero-point byes that end with the last round played counted as draws.
/// Interpretation: a "zero-point bye" is a round in which the player was not paired and
/// scored nothing (`Z`, or no entry: absent, withdrawn, not yet entered).
pub(crate) fn score_for_opponents(t: &Tournament, player: &Player, round: u32) -> Points {
    let trailing = trailing_zero_point_byes(t, player, round) as i32;
    let zero_bye = t.event.scoring.points(&Outcome::Bye(ByeKind::Zero));
    t.score_after(player, round - 1) + (t.event.scoring.draw - zero_bye).times(trailing)
}

/// The zero-point byes of `player` that end with the round before `round`.
fn trailing_zero_point_byes(t: &Tournament, player: &Player, round: u32) -> u32 {
    (1..round)
        .rev()
        .take_while(|&k| is_zero_point_bye(t, player.outcome(k)))
        .count() as u32
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
        let i1 = Index::of(&terms(&t, &t.players[0], 3));
        assert_eq!(i1.buchholz, 5 + 10);
        assert_eq!(i1.sonneborn_berger, 10 * 5 + 10 * 10);
        let i2 = Index::of(&terms(&t, &t.players[1], 3));
        assert_eq!(i2.buchholz, 20 + 5);
        assert_eq!(i2.sonneborn_berger, 5 * 5);
    }

    /// Round 1 of `four()` becomes a forfeit: 3 wins against 4 without a game.
    fn forfeit_3_over_4(t: &mut Tournament) {
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
    }

    /// Rounds 3 and 4: everyone has a full-point bye but 2, who has two zero-point byes
    /// (a trailing series).
    fn trailing_zero_byes_for_2(t: &mut Tournament) {
        for (i, p) in t.players.iter_mut().enumerate() {
            let bye = if i == 1 { ByeKind::Zero } else { ByeKind::Full };
            p.results.extend([Outcome::Bye(bye), Outcome::Bye(bye)]);
        }
    }

    /// 1.7.2: an unplayed round is a game against oneself with the awarded result.
    #[test]
    fn unplayed_round_is_a_game_against_oneself() {
        let mut t = four();
        forfeit_3_over_4(&mut t);
        // 3 has 1 point (forfeit win), lost to 1.
        let i3 = Index::of(&terms(&t, &t.players[2], 3));
        assert_eq!(i3.buchholz, 10 + 20);
        assert_eq!(i3.sonneborn_berger, 10 * 10);
    }

    /// 1.7.2 exception: a trailing series of zero-point byes counts as draws for the
    /// opponents, and only for them.
    #[test]
    fn trailing_zero_point_byes_count_as_draws_for_opponents() {
        let mut t = four();
        trailing_zero_byes_for_2(&mut t);
        // Round 5: 2 has ½ and two trailing zero-point byes: 1½ for his opponents.
        assert_eq!(
            score_for_opponents(&t, &t.players[1], 5),
            Points::from_tenths(15)
        );
        assert_eq!(score_for_opponents(&t, &t.players[0], 5), Points::whole(4));
        // His own Index counts those rounds against himself, at ½.
        let i2 = Index::of(&terms(&t, &t.players[1], 5));
        assert_eq!(i2.buchholz, 40 + 25 + 5 + 5);
    }

    /// The terms name what 1.7.2 changes, and add up to the Index.
    #[test]
    fn terms_name_the_1_7_2_adjustments_and_add_up() {
        let mut t = four();
        forfeit_3_over_4(&mut t);
        trailing_zero_byes_for_2(&mut t);
        // Round 5, player 1: beat 2 (½ and two trailing zero-point byes: 1½) and 3
        // (1 + 2 full-point byes: 3); rounds 3 and 4 unplayed, against himself (4).
        let terms = terms(&t, &t.players[0], 5);
        let texts: Vec<String> = terms.iter().map(Term::to_string).collect();
        assert_eq!(
            texts,
            [
                "1.5 (R1 2: 0.5 + 2 × 0.5 for his last 2 zero-point byes, each counted as a draw, 1.7.2)",
                "3.0 (R2 3)",
                "4.0 (R3 unplayed: own score, 1.7.2)",
                "4.0 (R4 unplayed: own score, 1.7.2)",
            ]
        );
        let index = Index::of(&terms);
        assert_eq!(index.buchholz, 15 + 30 + 40 + 40);
        assert_eq!(
            index.sonneborn_berger,
            10 * 15 + 10 * 30 + 10 * 40 + 10 * 40
        );
    }
}
