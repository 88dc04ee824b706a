//! How each round of a player counts for the tie-breaks: a game, or an unplayed round of
//! one of the categories of C.07 16.2.

use crate::tournament::{ByeKind, Colour, GameResult, Outcome};

/// C.07 16.2: the categories of unplayed rounds in a Swiss event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Category {
    /// 16.2.1: pairing-allocated bye or full-point bye.
    PairingOrFullBye,
    /// 16.2.2: forfeit win.
    ForfeitWin,
    /// 16.2.3: requested bye (half-point or zero-point bye, absence) followed by at least
    /// one round that is not a voluntary unplayed round.
    ByeBeforeReturn,
    /// 16.2.4: forfeit loss.
    ForfeitLoss,
    /// 16.2.5: requested bye followed only by voluntary unplayed rounds, or in the last
    /// round (this covers withdrawals: every round after one is a zero-point bye).
    ByeToTheEnd,
}

impl Category {
    /// C.07 16.1: a voluntary unplayed round (VUR) is a requested bye or a forfeit loss.
    pub(crate) const fn is_voluntary(self) -> bool {
        matches!(
            self,
            Category::ByeBeforeReturn | Category::ForfeitLoss | Category::ByeToTheEnd
        )
    }

    /// The article, for explanations.
    pub(crate) const fn article(self) -> &'static str {
        match self {
            Category::PairingOrFullBye => "16.2.1",
            Category::ForfeitWin => "16.2.2",
            Category::ByeBeforeReturn => "16.2.3",
            Category::ForfeitLoss => "16.2.4",
            Category::ByeToTheEnd => "16.2.5",
        }
    }
}

/// One round of one player, as the tie-breaks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundRecord {
    /// A game (C.07 15.1). `forfeit` marks a forfeit that counts as a game because the
    /// pairings were pre-determined (15.2).
    Played {
        opponent: u32,
        colour: Colour,
        result: GameResult,
        forfeit: bool,
    },
    /// A round without a game, with the scheduled opponent of a forfeit.
    Unplayed {
        category: Category,
        opponent: Option<u32>,
    },
}

impl RoundRecord {
    /// The opponent met over the board (or by a forfeit that counts as a game).
    pub(crate) fn game_opponent(&self) -> Option<u32> {
        match self {
            RoundRecord::Played { opponent, .. } => Some(*opponent),
            RoundRecord::Unplayed { .. } => None,
        }
    }

    /// The opponent of a paired round, played or forfeited.
    pub(crate) fn paired_opponent(&self) -> Option<u32> {
        match self {
            RoundRecord::Played { opponent, .. } => Some(*opponent),
            RoundRecord::Unplayed { opponent, .. } => *opponent,
        }
    }

    /// Whether the round is voluntarily unplayed (C.07 16.1).
    pub(crate) fn is_voluntary(&self) -> bool {
        matches!(self, RoundRecord::Unplayed { category, .. } if category.is_voluntary())
    }

    /// Whether the round was a game over the board (rating-based tie-breaks count only
    /// these, C.07 15.2).
    pub(crate) fn is_over_the_board(&self) -> bool {
        matches!(self, RoundRecord::Played { forfeit: false, .. })
    }
}

/// Classifies rounds 1..=`rounds` of a player (C.07 15 and 16.2). `predetermined`:
/// forfeits count as games (15.2). A round with nothing recorded, an absence or a
/// zero- or half-point bye is a requested bye.
pub(crate) fn classify(outcomes: &[Outcome], rounds: u32, predetermined: bool) -> Vec<RoundRecord> {
    const NOT_PLAYED: Outcome = Outcome::NotPlayed;
    let outcome = |r: u32| outcomes.get(r as usize).unwrap_or(&NOT_PLAYED);
    let mut records: Vec<Option<RoundRecord>> = (0..rounds)
        .map(|r| match *outcome(r) {
            Outcome::Game {
                opponent,
                colour,
                result,
                ..
            } => Some(RoundRecord::Played {
                opponent,
                colour,
                result,
                forfeit: false,
            }),
            Outcome::Forfeit {
                opponent,
                colour,
                won,
            } if predetermined => Some(RoundRecord::Played {
                opponent,
                colour,
                result: if won {
                    GameResult::Win
                } else {
                    GameResult::Loss
                },
                forfeit: true,
            }),
            Outcome::Forfeit { opponent, won, .. } => Some(RoundRecord::Unplayed {
                category: if won {
                    Category::ForfeitWin
                } else {
                    Category::ForfeitLoss
                },
                opponent: Some(opponent),
            }),
            // A two-game match is one encounter (C.04.5): one round, one opponent, its
            // outcome ([`MatchGames::result`]) as the result and game 1's colour; a
            // forfeited match (both games, C.04.5 Preface) is a forfeit. Points come from
            // the match score.
            Outcome::Match {
                opponent,
                colour,
                games,
            } => match games.result() {
                None => None,
                Some(result) if !games.is_forfeit() => Some(RoundRecord::Played {
                    opponent,
                    colour,
                    result,
                    forfeit: !games.any_played(),
                }),
                Some(result) if predetermined => Some(RoundRecord::Played {
                    opponent,
                    colour,
                    result,
                    forfeit: true,
                }),
                Some(_) => Some(RoundRecord::Unplayed {
                    category: if games.is_forfeit_win() {
                        Category::ForfeitWin
                    } else {
                        Category::ForfeitLoss
                    },
                    opponent: Some(opponent),
                }),
            },
            Outcome::PairingBye | Outcome::Bye(ByeKind::Full) => Some(RoundRecord::Unplayed {
                category: Category::PairingOrFullBye,
                opponent: None,
            }),
            // Requested byes, decided below by what follows them. A result not entered yet
            // (refused by the standings) also scores nothing.
            Outcome::Bye(ByeKind::Half | ByeKind::Zero)
            | Outcome::Absent
            | Outcome::NotPlayed
            | Outcome::Scheduled { .. } => None,
        })
        .collect();
    // Walking back from the last round: a requested bye is followed by a round that is
    // not voluntarily unplayed iff one was seen on the way.
    let mut returned = false;
    for record in records.iter_mut().rev() {
        match record {
            Some(r) => returned |= !r.is_voluntary(),
            None => {
                *record = Some(RoundRecord::Unplayed {
                    category: if returned {
                        Category::ByeBeforeReturn
                    } else {
                        Category::ByeToTheEnd
                    },
                    opponent: None,
                })
            }
        }
    }
    records.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: u32, result: GameResult) -> Outcome {
        Outcome::game(opponent, Colour::White, result)
    }

    fn forfeit(opponent: u32, won: bool) -> Outcome {
        Outcome::Forfeit {
            opponent,
            colour: Colour::Black,
            won,
        }
    }

    fn categories(records: &[RoundRecord]) -> Vec<Option<Category>> {
        records
            .iter()
            .map(|r| match r {
                RoundRecord::Played { .. } => None,
                RoundRecord::Unplayed { category, .. } => Some(*category),
            })
            .collect()
    }

    #[test]
    fn requested_byes_depend_on_what_follows() {
        // HPB, game, ZPB, forfeit loss, absent: the first bye is followed by a game
        // (16.2.3); the later ones only by voluntary unplayed rounds (16.2.5).
        let outcomes = [
            Outcome::Bye(ByeKind::Half),
            game(2, GameResult::Draw),
            Outcome::Bye(ByeKind::Zero),
            forfeit(3, false),
            Outcome::Absent,
        ];
        let records = classify(&outcomes, 5, false);
        assert_eq!(
            categories(&records),
            [
                Some(Category::ByeBeforeReturn),
                None,
                Some(Category::ByeToTheEnd),
                Some(Category::ForfeitLoss),
                Some(Category::ByeToTheEnd),
            ]
        );
    }

    #[test]
    fn byes_before_a_pab_or_a_forfeit_win_are_followed_by_a_non_voluntary_round() {
        let outcomes = [
            Outcome::Bye(ByeKind::Zero),
            Outcome::PairingBye,
            Outcome::Bye(ByeKind::Half),
            forfeit(4, true),
            Outcome::Bye(ByeKind::Full),
        ];
        assert_eq!(
            categories(&classify(&outcomes, 5, false)),
            [
                Some(Category::ByeBeforeReturn),
                Some(Category::PairingOrFullBye),
                Some(Category::ByeBeforeReturn),
                Some(Category::ForfeitWin),
                Some(Category::PairingOrFullBye),
            ]
        );
    }

    #[test]
    fn a_bye_in_the_last_round_counted_is_to_the_end() {
        let outcomes = [game(2, GameResult::Win), Outcome::Bye(ByeKind::Half)];
        assert_eq!(
            categories(&classify(&outcomes, 2, false)),
            [None, Some(Category::ByeToTheEnd)]
        );
        // Standings after round 1 ignore round 2; rounds past the record are byes.
        assert_eq!(categories(&classify(&outcomes, 1, false)), [None]);
        assert_eq!(
            categories(&classify(&outcomes[..1], 3, false)),
            [
                None,
                Some(Category::ByeToTheEnd),
                Some(Category::ByeToTheEnd)
            ]
        );
    }

    #[test]
    fn predetermined_pairings_count_forfeits_as_games() {
        let records = classify(&[forfeit(2, true), forfeit(3, false)], 2, true);
        assert!(matches!(
            records[0],
            RoundRecord::Played {
                result: GameResult::Win,
                forfeit: true,
                ..
            }
        ));
        assert!(!records[1].is_over_the_board());
        assert_eq!(records[1].game_opponent(), Some(3));
    }
}
