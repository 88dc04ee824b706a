//! Virtual points for pairing (C.04.7 acceleration): explicit ones from the file (TRF
//! `XXA`, TRF-2026 `250`), or the Baku method (C.04.7 of 2026; C.04.5.1 of 2017).

use super::{Outcome, Points, Tournament, VirtualPoints};

impl Tournament {
    /// The virtual points a player carries into `round`: the explicit ones when the event
    /// records any (TRF-2026: record 250 overrides the acceleration implied by record
    /// 192), otherwise the Baku method's when it is selected, otherwise none.
    pub fn virtual_points(&self, player: u32, round: u32) -> Points {
        let acceleration = &self.event.acceleration;
        if !acceleration.virtual_points.is_empty() || !acceleration.baku {
            return acceleration.virtual_points(player, round);
        }
        self.baku_virtual_points()
            .iter()
            .filter(|v| (v.first_round..=v.last_round).contains(&round))
            .filter(|v| (v.first_player..=v.last_player).contains(&player))
            .map(|v| v.points)
            .sum()
    }

    /// Why the Baku method cannot be used with the event's scoring system, if it cannot:
    /// C.04.7 assumes a win is worth two draws and a loss nothing.
    pub(crate) fn baku_scoring_problem(&self) -> Option<String> {
        let s = &self.event.scoring;
        let uses_baku =
            self.event.acceleration.baku && self.event.acceleration.virtual_points.is_empty();
        (uses_baku && (s.win != s.draw.times(2) || s.loss != Points::ZERO)).then(|| {
            format!(
                "Baku acceleration (C.04.7) needs a win worth two draws and a loss worth nothing; this event scores {}-{}-{}",
                s.win, s.draw, s.loss
            )
        })
    }

    /// The last round in which anyone carries virtual points (0: no acceleration).
    pub fn last_accelerated_round(&self) -> u32 {
        let acceleration = &self.event.acceleration;
        if acceleration.virtual_points.is_empty() && acceleration.baku {
            self.planned_rounds().div_ceil(2)
        } else {
            acceleration.last_round()
        }
    }

    /// The acceleration in force, in words, one line per rule (checklist Q108: the rules
    /// of an acceleration can be printed): where the virtual points come from, then each
    /// range of players and rounds with its points. Empty without acceleration.
    pub(crate) fn acceleration_rules(&self) -> Vec<String> {
        let acceleration = &self.event.acceleration;
        let (source, ranges) = if !acceleration.virtual_points.is_empty() {
            (
                "Virtual points as the event's file gives them (TRF-2026 250 / XXA; they \
                 override any method)"
                    .to_string(),
                acceleration.virtual_points.clone(),
            )
        } else if acceleration.baku {
            let ranges = self.baku_virtual_points();
            let group_a = ranges.first().map_or(0, |v| v.last_player);
            (
                format!(
                    "Baku acceleration (C.04.7): group A is players 1-{group_a}, the first \
                     2·⌈N/4⌉ of the N present in round 1; a win's points in the first ⌈R/4⌉ \
                     rounds, half of it up to round ⌈R/2⌉ (R = {} rounds)",
                    self.planned_rounds()
                ),
                ranges,
            )
        } else {
            return Vec::new();
        };
        let mut lines = vec![source];
        lines.extend(ranges.iter().map(|v| {
            let span = |a: u32, b: u32| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            };
            format!(
                "players {}: {} virtual points in round{} {}",
                span(v.first_player, v.last_player),
                v.points,
                if v.first_round == v.last_round {
                    ""
                } else {
                    "s"
                },
                span(v.first_round, v.last_round)
            )
        }));
        lines.push(
            "Virtual points count for pairing only, never in the standings (C.04.7)".to_string(),
        );
        lines
    }

    /// C.04.7 Baku acceleration as virtual-point ranges. Group A is the first
    /// 2·⌈N/4⌉ of the N players present in round 1, by pairing number (late entries keep
    /// the same last player of group A). The first ⌈R/2⌉ rounds are accelerated: in the
    /// first ⌈R/4⌉ of them group A gets a win's points, in the rest half of that.
    pub(crate) fn baku_virtual_points(&self) -> Vec<VirtualPoints> {
        let present: Vec<u32> = self
            .players
            .iter()
            .filter(|p| p.withdrawn_from.is_none_or(|w| w > 1))
            .filter(|p| !matches!(p.outcome(1), Outcome::Bye(_) | Outcome::Absent))
            .map(|p| p.id)
            .collect();
        let group_a = (2 * present.len().div_ceil(4)).min(present.len());
        let Some(&last_player) = group_a.checked_sub(1).and_then(|i| present.get(i)) else {
            return Vec::new();
        };
        let rounds = self.planned_rounds();
        let accelerated = rounds.div_ceil(2);
        let full = rounds.div_ceil(4);
        let win = self.event.scoring.win;
        let mut ranges = vec![
            (1, full, win),
            (full + 1, accelerated, Points::from_tenths(win.tenths() / 2)),
        ];
        ranges.retain(|&(first, last, _)| first <= last);
        ranges
            .into_iter()
            .map(|(first_round, last_round, points)| VirtualPoints {
                points,
                match_points: None,
                first_round,
                last_round,
                first_player: 1,
                last_player,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{ByeKind, Player};

    fn event(players: u32, rounds: u32) -> Tournament {
        let mut t = Tournament::default();
        t.event.rounds = Some(rounds);
        t.event.acceleration.baku = true;
        t.players = (1..=players)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect();
        t
    }

    #[test]
    fn the_rules_in_force_are_said_in_words() {
        let mut t = event(20, 9);
        t.event.acceleration.baku = false;
        assert!(t.acceleration_rules().is_empty(), "no acceleration");
        t.event.acceleration.baku = true;
        let lines = t.acceleration_rules();
        assert!(lines[0].starts_with("Baku acceleration (C.04.7): group A is players 1-10"));
        assert_eq!(lines[1], "players 1-10: 1.0 virtual points in rounds 1-3");
        assert_eq!(lines[2], "players 1-10: 0.5 virtual points in rounds 4-5");
        t.event.acceleration.virtual_points.push(VirtualPoints {
            points: Points::from_tenths(20),
            match_points: None,
            first_round: 2,
            last_round: 2,
            first_player: 7,
            last_player: 7,
        });
        let lines = t.acceleration_rules();
        assert!(lines[0].contains("override"), "{lines:?}");
        assert_eq!(lines[1], "players 7: 2.0 virtual points in round 2");
        assert_eq!(lines.len(), 3);
    }

    /// (players, rounds) -> (size of group A, last round at a win, last accelerated round)
    #[test]
    fn group_sizes_and_rounds() {
        for (players, rounds, group_a, full, last) in [
            (161, 9, 82, 3, 5),
            (160, 9, 80, 3, 5),
            (21, 5, 12, 2, 3),
            (20, 6, 10, 2, 3),
            (19, 7, 10, 2, 4),
            (40, 8, 20, 2, 4),
            (41, 10, 22, 3, 5),
            (42, 11, 22, 3, 6),
            (7, 5, 4, 2, 3),
        ] {
            let t = event(players, rounds);
            let v = t.baku_virtual_points();
            assert_eq!(v[0].last_player, group_a, "{players} players");
            assert_eq!(
                (v[0].first_round, v[0].last_round),
                (1, full),
                "{rounds} rounds"
            );
            assert_eq!(
                (v[1].first_round, v[1].last_round),
                (full + 1, last),
                "{rounds} rounds"
            );
            assert_eq!(t.virtual_points(1, 1), Points::ONE);
            assert_eq!(t.virtual_points(group_a, last), Points::HALF);
            assert_eq!(
                t.virtual_points(group_a + 1, 1),
                Points::ZERO,
                "group B gets nothing"
            );
            assert_eq!(
                t.virtual_points(1, last + 1),
                Points::ZERO,
                "after the accelerated rounds"
            );
        }
    }

    #[test]
    fn group_a_counts_players_present_in_round_one() {
        let mut t = event(10, 9);
        // Players 2 and 3 are absent in round 1: 8 present, group A = 4: players 1, 4, 5, 6.
        t.players[1].results.push(Outcome::Bye(ByeKind::Zero));
        t.players[2].results.push(Outcome::Bye(ByeKind::Half));
        assert_eq!(t.baku_virtual_points()[0].last_player, 6);
    }

    #[test]
    fn two_one_zero_scoring_uses_a_win_and_half_of_it() {
        let mut t = event(20, 9);
        t.event.scoring = crate::tournament::ScoringSystem::from_win_draw_loss(
            Points::whole(2),
            Points::ONE,
            Points::ZERO,
        );
        assert_eq!(t.virtual_points(1, 1), Points::whole(2));
        assert_eq!(t.virtual_points(1, 5), Points::ONE);
    }

    #[test]
    fn baku_needs_a_win_worth_two_draws() {
        let mut t = event(20, 9);
        assert_eq!(t.baku_scoring_problem(), None);
        t.event.scoring = crate::tournament::ScoringSystem::three_one_zero();
        let problem = t.baku_scoring_problem().expect("3-1-0 is refused");
        assert!(problem.contains("3.0-1.0-0.0"), "{problem}");
    }

    #[test]
    fn explicit_virtual_points_override_the_method() {
        let mut t = event(20, 9);
        t.event.acceleration.virtual_points.push(VirtualPoints {
            points: Points::whole(2),
            match_points: None,
            first_round: 1,
            last_round: 1,
            first_player: 15,
            last_player: 15,
        });
        assert_eq!(t.virtual_points(15, 1), Points::whole(2));
        assert_eq!(t.virtual_points(1, 1), Points::ZERO);
    }
}
