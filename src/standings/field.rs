//! The field as the tie-breaks see it after a given round: each player's rounds, the
//! points of each round, and the score their opponents see (C.07 16.3).

use std::collections::HashMap;

use crate::tournament::{
    GameResult, MatchGame, MatchGames, Outcome, Points, ScoringSystem, Tournament,
};

use super::round::{Category, RoundRecord, classify};
use super::rules::{Edition, Rules};

/// One player, after the rounds counted.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub(crate) id: u32,
    pub(crate) rating: Option<u16>,
    /// Rounds 1..=R as recorded (index 0 is round 1).
    pub(crate) outcomes: Vec<Outcome>,
    pub(crate) records: Vec<RoundRecord>,
    /// The points awarded in each round.
    pub(crate) points: Vec<Points>,
    /// The score after the rounds counted.
    pub(crate) score: Points,
    /// The score as the player's opponents see it in their tie-breaks.
    pub(crate) seen: Points,
    /// The rounds whose points were replaced by a draw in `seen`.
    pub(crate) seen_as_draw: Vec<u32>,
    /// In an event over 30 days whose rating tie-breaks take each round's rating
    /// (checklist Q215), the rating in each round (index 0 = round 1); empty otherwise.
    pub(crate) round_ratings: Vec<Option<u16>>,
}

/// Every player of the event after round `round`.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// The rounds counted (standings after this round).
    pub(crate) round: u32,
    /// The last round of the event (for Fore Buchholz).
    pub(crate) final_round: u32,
    pub(crate) rules: Rules,
    pub(crate) scoring: ScoringSystem,
    /// In pairing-number order.
    pub(crate) entrants: Vec<Entrant>,
    index: HashMap<u32, usize>,
}

impl Field {
    /// The field of `t` after `round` rounds.
    pub(crate) fn new(t: &Tournament, round: u32, rules: Rules) -> Field {
        let players = t.players.iter().map(|p| {
            let outcomes = (1..=round).map(|r| p.outcome(r).clone()).collect();
            (p.id, p.rating, outcomes)
        });
        let final_round = t.planned_rounds().max(round);
        let mut field = Field::build(players, t.event.scoring, round, final_round, rules);
        for (entrant, player) in field.entrants.iter_mut().zip(&t.players) {
            entrant.round_ratings = t
                .tiebreak_ratings_by_round(player, round)
                .unwrap_or_default();
        }
        field
    }

    fn build(
        players: impl Iterator<Item = (u32, Option<u16>, Vec<Outcome>)>,
        scoring: ScoringSystem,
        round: u32,
        final_round: u32,
        rules: Rules,
    ) -> Field {
        let entrants: Vec<Entrant> = players
            .map(|(id, rating, outcomes)| {
                let records = classify(&outcomes, round, rules.predetermined);
                let points: Vec<Points> = outcomes.iter().map(|o| scoring.points(o)).collect();
                let score = points.iter().copied().sum();
                let seen_as_draw = seen_as_draw(&records, rules);
                let seen = points
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| {
                        if seen_as_draw.contains(&(i as u32 + 1)) {
                            scoring.draw
                        } else {
                            p
                        }
                    })
                    .sum();
                Entrant {
                    id,
                    rating,
                    outcomes,
                    records,
                    points,
                    score,
                    seen,
                    seen_as_draw,
                    round_ratings: Vec::new(),
                }
            })
            .collect();
        let index = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        Field {
            round,
            final_round,
            rules,
            scoring,
            entrants,
            index,
        }
    }

    /// C.07 8.3: the field as if every game paired in the final round, played or
    /// forfeited, had been drawn. Unchanged when the final round is not counted.
    pub(crate) fn fore(&self) -> Field {
        let fore_round = self.round == self.final_round && self.round > 0;
        let players = self.entrants.iter().map(|e| {
            let mut outcomes = e.outcomes.clone();
            if fore_round && let Some(last) = outcomes.last_mut() {
                let paired = match *last {
                    Outcome::Game {
                        opponent, colour, ..
                    }
                    | Outcome::Forfeit {
                        opponent, colour, ..
                    } => Some((opponent, colour)),
                    Outcome::Match {
                        opponent, colour, ..
                    } => {
                        let draw = MatchGame::Played(GameResult::Draw);
                        *last = Outcome::Match {
                            opponent,
                            colour,
                            games: MatchGames::new(draw, draw),
                        };
                        None
                    }
                    _ => None,
                };
                if let Some((opponent, colour)) = paired {
                    *last = Outcome::game(opponent, colour, GameResult::Draw);
                }
            }
            (e.id, e.rating, outcomes)
        });
        let mut fore = Field::build(
            players,
            self.scoring,
            self.round,
            self.final_round,
            self.rules,
        );
        for (fore, entrant) in fore.entrants.iter_mut().zip(&self.entrants) {
            fore.round_ratings.clone_from(&entrant.round_ratings);
        }
        fore
    }

    /// The player with this pairing number.
    pub(crate) fn entrant(&self, id: u32) -> Option<&Entrant> {
        self.index.get(&id).map(|&i| &self.entrants[i])
    }

    /// The position of a player in `entrants`.
    pub(crate) fn position(&self, id: u32) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// The score opponents see for this player (zero for an unknown number).
    pub(crate) fn seen_score(&self, id: u32) -> Points {
        self.entrant(id).map_or(Points::ZERO, |e| e.seen)
    }
}

/// The rounds a player's opponents count as draws: C.07 16.3.2 (2023+) the requested byes
/// of category 16.2.5; before 2023 every unplayed round; none with pre-determined
/// pairings.
fn seen_as_draw(records: &[RoundRecord], rules: Rules) -> Vec<u32> {
    if rules.predetermined {
        return Vec::new();
    }
    records
        .iter()
        .enumerate()
        .filter(|(_, r)| match r {
            RoundRecord::Played { .. } => false,
            RoundRecord::Unplayed { category, .. } => {
                rules.edition == Edition::VirtualOpponent || *category == Category::ByeToTheEnd
            }
        })
        .map(|(i, _)| i as u32 + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{ByeKind, Colour, Player};

    fn rules(edition: Edition) -> Rules {
        Rules {
            edition,
            predetermined: false,
            unrated_rating: None,
        }
    }

    fn tournament() -> Tournament {
        // 1 beats 2, then withdraws (two zero-point byes); 2 wins by forfeit against 3
        // and has a half-point bye in the last round; 3 has two PABs.
        let mut t = Tournament::default();
        let mut p1 = Player::new(1, "One");
        let mut p2 = Player::new(2, "Two");
        let mut p3 = Player::new(3, "Three");
        let win = |opponent, colour| Outcome::game(opponent, colour, GameResult::Win);
        let loss = |opponent, colour| Outcome::game(opponent, colour, GameResult::Loss);
        p1.results = vec![
            win(2, Colour::White),
            Outcome::Bye(ByeKind::Zero),
            Outcome::Bye(ByeKind::Zero),
        ];
        p2.results = vec![
            loss(1, Colour::Black),
            Outcome::Forfeit {
                opponent: 3,
                colour: Colour::White,
                won: true,
            },
            Outcome::Bye(ByeKind::Half),
        ];
        p3.results = vec![
            Outcome::PairingBye,
            Outcome::Forfeit {
                opponent: 2,
                colour: Colour::Black,
                won: false,
            },
            Outcome::PairingBye,
        ];
        for p in [p1, p2, p3] {
            t.players.push(p);
        }
        t
    }

    #[test]
    fn opponents_see_byes_to_the_end_as_draws() {
        let field = Field::new(&tournament(), 3, rules(Edition::Dummy2023));
        let score = |id| field.entrant(id).map(|e| (e.score, e.seen));
        // Player 1: 1 point, two ZPB after withdrawal count as draws: 2 points seen.
        assert_eq!(score(1), Some((Points::ONE, Points::whole(2))));
        assert_eq!(
            field.entrant(1).map(|e| e.seen_as_draw.clone()),
            Some(vec![2, 3])
        );
        // Player 2: 0 + 1 + 0.5: the last-round HPB is a draw anyway.
        assert_eq!(
            score(2),
            Some((Points::from_tenths(15), Points::from_tenths(15)))
        );
        // Player 3: the forfeit loss counts as awarded (16.2.4).
        assert_eq!(score(3), Some((Points::whole(2), Points::whole(2))));
    }

    #[test]
    fn before_2023_every_unplayed_round_is_a_draw_for_opponents() {
        let field = Field::new(&tournament(), 3, rules(Edition::VirtualOpponent));
        assert_eq!(field.seen_score(3), Points::from_tenths(15));
        assert_eq!(field.seen_score(2), Points::ONE);
        assert_eq!(field.seen_score(99), Points::ZERO);
    }

    #[test]
    fn fore_view_draws_the_final_round_games() {
        let mut t = tournament();
        t.event.rounds = Some(2);
        let field = Field::new(&t, 2, rules(Edition::Dummy2026));
        let fore = field.fore();
        // Player 2's round-2 forfeit win becomes a drawn game: 0 + 0.5.
        assert_eq!(fore.entrant(2).map(|e| e.score), Some(Points::HALF));
        assert!(matches!(
            fore.entrant(3).map(|e| e.records[1]),
            Some(RoundRecord::Played {
                result: GameResult::Draw,
                ..
            })
        ));
        // Player 1 was not paired in round 2: unchanged.
        assert_eq!(fore.entrant(1).map(|e| e.score), Some(Points::ONE));
        // Standings after round 1 of 2: no final round to draw.
        let early = Field::new(&t, 1, rules(Edition::Dummy2026)).fore();
        assert_eq!(early.entrant(1).map(|e| e.score), Some(Points::ONE));
    }
}
