//! Scoring systems: how many points each kind of outcome is worth.

use serde::{Deserialize, Serialize};

use super::{ByeKind, GameResult, Outcome, Points, SystemId};

/// Points awarded for each kind of outcome (TRF-2026 record `162`, JaVaFo `XXS`,
/// bbpPairings `BB?` lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoringSystem {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub(crate) forfeit_win: Points,
    pub(crate) forfeit_loss: Points,
    pub(crate) full_bye: Points,
    pub(crate) half_bye: Points,
    /// A zero-point bye or an absence.
    pub(crate) zero_bye: Points,
    /// The pairing-allocated bye (C.04.1.c: a win unless the regulations say otherwise).
    pub pab: Points,
    /// An adjourned game until its result is entered (TRF-2026 `162` symbol `X`); `None`:
    /// the draw value, the record's default (see `Self::adjourned_points`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjourned: Option<Points>,
}

impl Default for ScoringSystem {
    fn default() -> Self {
        ScoringSystem::standard()
    }
}

impl ScoringSystem {
    /// 1 - ½ - 0, byes and forfeits scored as the corresponding game result.
    pub const fn standard() -> ScoringSystem {
        ScoringSystem::from_win_draw_loss(Points::ONE, Points::HALF, Points::ZERO)
    }

    /// 3 - 1 - 0 ("football" scoring).
    pub const fn three_one_zero() -> ScoringSystem {
        ScoringSystem::from_win_draw_loss(Points::whole(3), Points::ONE, Points::ZERO)
    }

    /// A system where each unplayed outcome is worth the game result it stands for.
    pub(crate) const fn from_win_draw_loss(
        win: Points,
        draw: Points,
        loss: Points,
    ) -> ScoringSystem {
        ScoringSystem {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            full_bye: win,
            half_bye: draw,
            zero_bye: loss,
            pab: win,
            adjourned: None,
        }
    }

    /// FIDE Double-Swiss (C.04.5): each game of a match scores as a game (1 - ½ - 0 by
    /// default, the values of `games`), and what stands for a whole round counts two games:
    /// the PAB one game won plus one drawn (1.4: 1.5 by default), a full-point bye two
    /// games won, a half-point bye two draws, a zero-point bye two losses.
    pub const fn double_swiss(games: ScoringSystem) -> ScoringSystem {
        ScoringSystem {
            full_bye: games.win.times(2),
            half_bye: games.draw.times(2),
            zero_bye: games.loss.times(2),
            pab: Points::from_tenths(games.win.tenths() + games.draw.tenths()),
            ..games
        }
    }

    /// This scoring with a game worth `win`, `draw` and `loss` (checklist Q70-73: custom
    /// scoring): forfeits and byes follow the game values as in [`Self::for_system`]; the
    /// PAB is `pab` when given (Q79-80: its value is the organiser's, 0 allowed), else it
    /// follows the new values if it followed the old ones and stays as it was if not; the
    /// adjourned value is kept.
    pub(crate) fn with_game_values(
        &self,
        [win, draw, loss]: [Points; 3],
        pab: Option<Points>,
        system: Option<SystemId>,
    ) -> ScoringSystem {
        let derived = |s: &ScoringSystem| {
            ScoringSystem::for_system(
                ScoringSystem::from_win_draw_loss(s.win, s.draw, s.loss),
                system,
            )
        };
        let mut new =
            ScoringSystem::for_system(ScoringSystem::from_win_draw_loss(win, draw, loss), system);
        new.pab = match pab {
            Some(pab) => pab,
            None if self.pab == derived(self).pab => new.pab,
            None => self.pab,
        };
        new.adjourned = self.adjourned;
        new
    }

    /// The scoring an event paired with `system` uses when `games` gives the values of
    /// one game: Double-Swiss counts byes and the PAB per match ([`Self::double_swiss`]),
    /// every other system scores as `games`.
    pub const fn for_system(games: ScoringSystem, system: Option<SystemId>) -> ScoringSystem {
        if matches!(system, Some(SystemId::DoubleSwiss)) {
            ScoringSystem::double_swiss(games)
        } else {
            games
        }
    }

    /// The value of a game result.
    pub(crate) const fn game(&self, result: GameResult) -> Points {
        match result {
            GameResult::Win => self.win,
            GameResult::Draw => self.draw,
            GameResult::Loss => self.loss,
        }
    }

    /// The value of an adjourned game (TRF-2026 `162` `X`, by default a draw's).
    pub(crate) const fn adjourned_points(&self) -> Points {
        match self.adjourned {
            Some(points) => points,
            None => self.draw,
        }
    }

    /// The points an outcome is worth.
    pub const fn points(&self, outcome: &Outcome) -> Points {
        match outcome {
            Outcome::NotPlayed | Outcome::Scheduled { .. } => Points::ZERO,
            Outcome::Game {
                adjourned: true, ..
            } => self.adjourned_points(),
            Outcome::Game { result, .. } => self.game(*result),
            Outcome::Match { games, .. } => games.points(self),
            Outcome::Forfeit { won: true, .. } => self.forfeit_win,
            Outcome::Forfeit { won: false, .. } => self.forfeit_loss,
            Outcome::PairingBye => self.pab,
            Outcome::Bye(ByeKind::Full) => self.full_bye,
            Outcome::Bye(ByeKind::Half) => self.half_bye,
            Outcome::Bye(ByeKind::Zero) | Outcome::Absent => self.zero_bye,
        }
    }

    /// The largest number of points one round can bring (a win, or more if a bye or a
    /// forfeit is worth more): the basis of "maximum possible score" (C.04.3 A.7).
    pub(crate) fn max_per_round(&self) -> Points {
        self.win.max(self.draw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Colour;

    #[test]
    fn custom_game_values_carry_the_byes_and_the_pab_follows_unless_set() {
        let p = Points::from_tenths;
        let two_one = ScoringSystem::standard().with_game_values([p(20), p(10), p(0)], None, None);
        assert_eq!(
            two_one,
            ScoringSystem::from_win_draw_loss(p(20), p(10), p(0)),
            "the PAB followed the win"
        );
        let zero_pab = two_one.with_game_values([p(20), p(10), p(0)], Some(p(0)), None);
        assert_eq!((zero_pab.pab, zero_pab.full_bye), (p(0), p(20)));
        let three = zero_pab.with_game_values([p(30), p(10), p(0)], None, None);
        assert_eq!(three.pab, p(0), "a PAB set apart stays");
        let double = ScoringSystem::double_swiss(ScoringSystem::standard()).with_game_values(
            [p(20), p(10), p(0)],
            None,
            Some(SystemId::DoubleSwiss),
        );
        assert_eq!(
            double,
            ScoringSystem::double_swiss(ScoringSystem::from_win_draw_loss(p(20), p(10), p(0))),
            "a match's byes and PAB follow the new game values"
        );
        let mut adjourned = ScoringSystem::standard();
        adjourned.adjourned = Some(p(0));
        assert_eq!(
            adjourned
                .with_game_values([p(30), p(10), p(0)], None, None)
                .adjourned,
            Some(p(0))
        );
    }

    #[test]
    fn standard_values() {
        let s = ScoringSystem::standard();
        let game = |result| Outcome::game(2, Colour::White, result);
        assert_eq!(s.points(&game(GameResult::Win)), Points::ONE);
        assert_eq!(s.points(&game(GameResult::Draw)), Points::HALF);
        assert_eq!(s.points(&Outcome::PairingBye), Points::ONE);
        assert_eq!(s.points(&Outcome::Bye(ByeKind::Half)), Points::HALF);
        assert_eq!(s.points(&Outcome::Absent), Points::ZERO);
        let adjourned = Outcome::adjourned(2, Colour::White);
        assert_eq!(s.points(&adjourned), Points::HALF, "X defaults to a draw");
        let x = ScoringSystem {
            adjourned: Some(Points::ZERO),
            ..s
        };
        assert_eq!(x.points(&adjourned), Points::ZERO, "X as the event sets it");
    }

    #[test]
    fn football_values() {
        let s = ScoringSystem::three_one_zero();
        let forfeit = Outcome::Forfeit {
            opponent: 2,
            colour: Colour::Black,
            won: true,
        };
        assert_eq!(s.points(&forfeit), Points::whole(3));
        assert_eq!(s.points(&Outcome::Bye(ByeKind::Half)), Points::ONE);
        assert_eq!(s.max_per_round(), Points::whole(3));
    }
}
