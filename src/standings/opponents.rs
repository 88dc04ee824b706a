//! The opponent a player counts in each round for Buchholz-type and Sonneborn-Berger
//! tie-breaks: a real opponent's score as the player's opponents see it, or for an
//! unplayed round a dummy (C.07 16.4) or, before 2023, a virtual opponent.

use crate::tournament::Points;

use super::field::{Entrant, Field};
use super::round::RoundRecord;
use super::rules::Edition;

/// The opponent counted in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    pub(crate) round: u32,
    /// The real opponent, if one was paired.
    pub(crate) opponent: Option<u32>,
    /// The score counted for that opponent.
    pub(crate) score: Points,
    /// The points the player got in the round.
    pub(crate) own_points: Points,
    /// The round was voluntarily unplayed and not counted as played (C.07 16.1, 16.5).
    pub(crate) voluntary: bool,
    /// Where `score` comes from, with the article.
    pub(crate) note: String,
}

/// The opponents counted by `entrant` in `field`. `forfeits_as_played` (`/P`): a forfeit
/// counts as a game against the scheduled opponent. With pre-determined pairings only the
/// rounds with an opponent count (C.07 15.2).
pub(crate) fn counted(field: &Field, entrant: &Entrant, forfeits_as_played: bool) -> Vec<Counted> {
    let rules = field.rules;
    entrant
        .records
        .iter()
        .zip(&entrant.points)
        .enumerate()
        .filter_map(|(i, (record, &own_points))| {
            let round = i as u32 + 1;
            let real = |opponent: u32, how: &str| Counted {
                round,
                opponent: Some(opponent),
                score: field.seen_score(opponent),
                own_points,
                voluntary: false,
                note: seen_note(field, opponent, how),
            };
            match *record {
                RoundRecord::Played { opponent, .. } => Some(real(opponent, "game")),
                RoundRecord::Unplayed {
                    opponent: Some(opponent),
                    ..
                } if forfeits_as_played => Some(real(opponent, "forfeit counted as played (/P)")),
                RoundRecord::Unplayed { .. } if rules.predetermined => None,
                RoundRecord::Unplayed { category, opponent } => {
                    let (score, note) = match rules.edition {
                        Edition::VirtualOpponent => virtual_opponent(field, entrant, round),
                        Edition::Dummy2023 => (
                            entrant.score,
                            format!(
                                "dummy opponent with the player's own score (C.07 16.4; unplayed round, {})",
                                category.article()
                            ),
                        ),
                        Edition::Dummy2026 => capped_dummy(field, entrant, opponent),
                    };
                    Some(Counted {
                        round,
                        opponent,
                        score,
                        own_points,
                        voluntary: category.is_voluntary(),
                        note,
                    })
                }
            }
        })
        .collect()
}

/// Explains an opponent's counted score when it differs from their real score.
fn seen_note(field: &Field, opponent: u32, how: &str) -> String {
    match field.entrant(opponent) {
        Some(o) if !o.seen_as_draw.is_empty() => {
            let rounds: Vec<String> = o.seen_as_draw.iter().map(u32::to_string).collect();
            let article = if field.rules.edition == Edition::VirtualOpponent {
                "pre-2023 rules: an opponent's unplayed games count as draws"
            } else {
                "C.07 16.3.2: requested byes to the end count as draws"
            };
            format!(
                "{how}; opponent's score {} counts as {} (rounds {} as draws, {article})",
                o.score,
                o.seen,
                rounds.join(",")
            )
        }
        _ => how.to_string(),
    }
}

/// C.07 (2026) 16.4: the dummy has the player's own score, but at most the scheduled
/// opponent's score (as opponents see it) for a forfeit, and at most a draw in every
/// round counted for any other unplayed round.
fn capped_dummy(field: &Field, entrant: &Entrant, opponent: Option<u32>) -> (Points, String) {
    let (cap, why) = match opponent {
        Some(o) => (
            field.seen_score(o),
            format!("the scheduled opponent {o}'s score"),
        ),
        None => (
            field.scoring.draw.times(field.round as i32),
            format!("a draw in each of the {} rounds", field.round),
        ),
    };
    if entrant.score <= cap {
        (
            entrant.score,
            format!("dummy opponent with the player's own score, not above {why} (C.07 2026 16.4)"),
        )
    } else {
        (
            cap,
            format!(
                "dummy opponent: own score {} capped at {why} (C.07 2026 16.4)",
                entrant.score
            ),
        )
    }
}

/// Pre-2023 rules: a virtual opponent with the player's score before the round, the
/// complementary result in the round, and a draw in each later round counted.
fn virtual_opponent(field: &Field, entrant: &Entrant, round: u32) -> (Points, String) {
    let s = &field.scoring;
    let before: Points = entrant
        .points
        .iter()
        .take(round as usize - 1)
        .copied()
        .sum();
    let own = entrant
        .points
        .get(round as usize - 1)
        .copied()
        .unwrap_or_default();
    let complement = if own == s.win {
        s.loss
    } else if own == s.draw {
        s.draw
    } else if own == s.loss {
        s.win
    } else {
        s.win + s.loss - own
    };
    let later = s.draw.times((field.round - round) as i32);
    (
        before + complement + later,
        format!(
            "virtual opponent: {before} before the round + {complement} in it + {later} as draws after (pre-2023 rules)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::Rules;
    use crate::tournament::{ByeKind, Colour, GameResult, Outcome, Player, Tournament};

    /// Player 1: win vs 2, forfeit win vs 3, HPB. Player 2: loss vs 1, then withdrew
    /// (two ZPB). Player 3: PAB, forfeit loss vs 1, draw vs 4. Player 4: two ZPB, draw.
    fn tournament() -> Tournament {
        let game = |opponent, result| Outcome::game(opponent, Colour::White, result);
        let forfeit = |opponent, won| Outcome::Forfeit {
            opponent,
            colour: Colour::White,
            won,
        };
        let zpb = Outcome::Bye(ByeKind::Zero);
        let mut t = Tournament::default();
        for (id, results) in [
            (
                1,
                vec![
                    game(2, GameResult::Win),
                    forfeit(3, true),
                    Outcome::Bye(ByeKind::Half),
                ],
            ),
            (2, vec![game(1, GameResult::Loss), zpb.clone(), zpb.clone()]),
            (
                3,
                vec![
                    Outcome::PairingBye,
                    forfeit(1, false),
                    game(4, GameResult::Draw),
                ],
            ),
            (4, vec![zpb.clone(), zpb, game(3, GameResult::Draw)]),
        ] {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = results;
            t.players.push(p);
        }
        t
    }

    fn field(edition: Edition) -> Field {
        let rules = Rules {
            edition,
            predetermined: false,
            unrated_rating: None,
        };
        Field::new(&tournament(), 3, rules)
    }

    fn scores(field: &Field, id: u32, forfeits_as_played: bool) -> Vec<(Option<u32>, i32, bool)> {
        let e = field.entrant(id).expect("player");
        counted(field, e, forfeits_as_played)
            .iter()
            .map(|c| (c.opponent, c.score.tenths(), c.voluntary))
            .collect()
    }

    #[test]
    fn dummy_2023_has_the_players_own_score() {
        let f = field(Edition::Dummy2023);
        // Player 2 withdrew: seen as 0 + 0.5 + 0.5 = 1.
        // Player 1 (2.5 points): a dummy of 2.5 for the forfeit and for the bye.
        assert_eq!(
            scores(&f, 1, false),
            [(Some(2), 10, false), (Some(3), 25, false), (None, 25, true)]
        );
        // /P: the forfeit counts as a game against 3 (1.5 points).
        assert_eq!(scores(&f, 1, true)[1], (Some(3), 15, false));
    }

    #[test]
    fn dummy_2026_is_capped() {
        let f = field(Edition::Dummy2026);
        // Forfeit: at most opponent 3's 1.5; the bye: at most 3 draws = 1.5.
        assert_eq!(
            scores(&f, 1, false),
            [(Some(2), 10, false), (Some(3), 15, false), (None, 15, true)]
        );
        // Player 4 (0.5 points): own score below the cap.
        assert_eq!(scores(&f, 4, false)[0], (None, 5, true));
    }

    #[test]
    fn virtual_opponent_before_2023() {
        let f = field(Edition::VirtualOpponent);
        // Player 1 round 2: 1 point before + loss (0) + one later draw = 1.5.
        // Round 3: 2 before + draw (0.5) + nothing after = 2.5.
        assert_eq!(
            scores(&f, 1, false),
            [(Some(2), 10, false), (Some(3), 15, false), (None, 25, true)]
        );
        // Player 4 round 1: 0 before + win (ZPB complement) + 2 draws = 2.
        assert_eq!(scores(&f, 4, false)[0], (None, 20, true));
    }

    #[test]
    fn predetermined_pairings_count_only_opponents() {
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: true,
            unrated_rating: None,
        };
        let f = Field::new(&tournament(), 3, rules);
        // The forfeit is a game; the bye counts nothing.
        assert_eq!(
            scores(&f, 1, false),
            [(Some(2), 0, false), (Some(3), 15, false)]
        );
    }
}
