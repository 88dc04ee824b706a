//! The check of a pairing made or changed by hand (checklist Q66, as the public tracker
//! Sharly Chess #2309 quotes it): a game already played (C.04.1 b), a pair the event
//! forbids, the pairing-allocated bye to a player who may not have it (C.04.1 d: he had
//! the PAB, or a point without playing, already), a third colour in a row or a colour
//! difference over 2 (C.04.3 C3, before the last round). In FIDE mode each is a Level 3
//! warning the arbiter may override with a reason, not a block: the override edit carries
//! the warnings he acknowledged ([`super::OverrideRecord::acknowledged`]), is refused
//! while one is not, and each overridden warning is logged (`### MPA @ Round n: …`).

use super::{ByeKind, Colour, Outcome, Tournament, Warning, WarningLevel};

impl Tournament {
    /// What is wrong, by the rules, with pairing `round` as `boards` (`[white, black]`)
    /// with `bye` given the pairing-allocated bye, each in one line that names the
    /// players and the rule (the same text each time: the arbiter acknowledges it).
    pub fn manual_pairing_issues(
        &self,
        round: u32,
        boards: &[[u32; 2]],
        bye: Option<u32>,
    ) -> Vec<String> {
        let mut found = Vec::new();
        for &[white, black] in boards {
            if let Some(k) = self.met_before(white, black, round) {
                found.push(format!(
                    "round {round}: {white} and {black} met in round {k} already (C.04.1 b)"
                ));
            }
            if self.forbids(white, black, round) {
                found.push(format!(
                    "round {round}: {white} and {black} may not meet (forbidden pair)"
                ));
            }
        }
        if let Some(id) = bye
            && let Some((k, what)) = self.point_without_playing(id, round)
        {
            found.push(format!(
                "round {round}: {id} may not receive the pairing-allocated bye, having had \
                 {what} in round {k} (C.04.1 d)"
            ));
        }
        // The colour criteria are relaxed in the last round (C.04.3 C3): before it only.
        if self.event.rounds != Some(round) {
            for &[white, black] in boards {
                for (id, colour) in [(white, Colour::White), (black, Colour::Black)] {
                    found.extend(self.colour_issue(id, colour, round));
                }
            }
        }
        found
    }

    /// The warnings of [`Tournament::manual_pairing_issues`]: Level 3 in FIDE mode (the
    /// arbiter confirms each, with a reason), Level 2 otherwise.
    pub fn manual_pairing_warnings(
        &self,
        round: u32,
        boards: &[[u32; 2]],
        bye: Option<u32>,
    ) -> Vec<Warning> {
        let level = if self.event.fide_mode.is_on() {
            WarningLevel::Confirm
        } else {
            WarningLevel::Acknowledge
        };
        self.manual_pairing_issues(round, boards, bye)
            .into_iter()
            .map(|text| Warning::new(level, text))
            .collect()
    }

    /// The issues the arbiter has not acknowledged, in FIDE mode (none outside it).
    pub(crate) fn unacknowledged_issues(
        &self,
        round: u32,
        boards: &[[u32; 2]],
        bye: Option<u32>,
        acknowledged: &[String],
    ) -> Vec<String> {
        if !self.event.fide_mode.is_on() {
            return Vec::new();
        }
        self.manual_pairing_issues(round, boards, bye)
            .into_iter()
            .filter(|issue| !acknowledged.contains(issue))
            .collect()
    }

    /// The round before `round` in which `a` met `b` over the board.
    fn met_before(&self, a: u32, b: u32, round: u32) -> Option<u32> {
        let player = self.player(a)?;
        (1..round).find(|&k| {
            let outcome = player.outcome(k);
            outcome.is_meeting() && outcome.opponent() == Some(b)
        })
    }

    /// Whether a group of players who must not meet holds both in `round`.
    fn forbids(&self, a: u32, b: u32, round: u32) -> bool {
        self.event.forbidden_pairs.iter().any(|group| {
            group.applies_in(round) && group.players.contains(&a) && group.players.contains(&b)
        })
    }

    /// The first round before `round` in which `id` scored a point without playing (the
    /// PAB, a forfeit win, a full-point bye: C.04.1 d), with what it was.
    fn point_without_playing(&self, id: u32, round: u32) -> Option<(u32, &'static str)> {
        let player = self.player(id)?;
        (1..round).find_map(|k| match player.outcome(k) {
            Outcome::PairingBye => Some((k, "the pairing-allocated bye")),
            Outcome::Forfeit { won: true, .. } => Some((k, "a win by forfeit")),
            Outcome::Bye(ByeKind::Full) => Some((k, "a full-point bye")),
            _ => None,
        })
    }

    /// A third colour in a row, or a colour difference over 2, if `id` plays `colour` in
    /// `round` (the colours of games played over the board before it).
    fn colour_issue(&self, id: u32, colour: Colour, round: u32) -> Option<String> {
        let player = self.player(id)?;
        let mut played: Vec<Colour> = (1..round)
            .filter_map(|k| player.outcome(k).played_colour())
            .collect();
        played.push(colour);
        let whites = played.iter().filter(|&&c| c == Colour::White).count() as i64;
        let difference = whites - (played.len() as i64 - whites);
        let name = colour.name();
        if played.len() >= 3 && played[played.len() - 3..].iter().all(|&c| c == colour) {
            Some(format!(
                "round {round}: {id} gets {name} a third time in a row (C.04.3 C3)"
            ))
        } else if difference.abs() > 2 {
            Some(format!(
                "round {round}: {id} gets {name}, a colour difference of {} (C.04.3 C3)",
                difference.abs()
            ))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, ForbiddenGroup, Player};

    /// Six players, rounds 1-2 drawn: 1-2 3-4 6-5, then 1-3 4-6 5-2.
    fn two_rounds() -> Tournament {
        let mut t = Tournament {
            players: (1..=6)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.event.rounds = Some(5);
        t.record_pairing(1, &[[1, 2], [3, 4], [6, 5]], None);
        t.record_pairing(2, &[[1, 3], [4, 6], [5, 2]], None);
        for (round, boards) in [(1, [[1, 2], [3, 4], [6, 5]]), (2, [[1, 3], [4, 6], [5, 2]])] {
            for [w, b] in boards {
                t.set_board_result(round, w, b, BoardResult::Draw)
                    .expect("board");
            }
        }
        t
    }

    #[test]
    fn rematches_forbidden_pairs_byes_and_colours_are_found() {
        let mut t = two_rounds();
        assert!(
            t.manual_pairing_issues(3, &[[2, 4], [6, 1], [3, 5]], None)
                .is_empty(),
            "a sound pairing"
        );
        let issues = t.manual_pairing_issues(3, &[[2, 1], [3, 6]], Some(4));
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert!(issues[0].contains("2 and 1 met in round 1"), "{issues:?}");
        // 1 had White twice: a third White in a row.
        let issues = t.manual_pairing_issues(3, &[[1, 4]], None);
        assert!(
            issues
                .iter()
                .any(|i| i.contains("1 gets White a third time")),
            "{issues:?}"
        );
        t.event.forbidden_pairs.push(ForbiddenGroup {
            players: vec![3, 6],
            first_round: None,
            last_round: None,
        });
        let issues = t.manual_pairing_issues(3, &[[6, 3]], None);
        assert!(issues[0].contains("forbidden pair"), "{issues:?}");
        // The last round relaxes the colours.
        t.event.rounds = Some(3);
        assert!(t.manual_pairing_issues(3, &[[1, 4]], None).is_empty());
        assert_eq!(
            t.manual_pairing_warnings(3, &[[2, 1]], None)[0].level,
            WarningLevel::Confirm,
            "Level 3 in FIDE mode"
        );
    }

    #[test]
    fn a_player_who_had_a_point_without_playing_may_not_get_the_bye() {
        let mut t = two_rounds();
        t.players[4].results[0] = Outcome::PairingBye;
        t.players[5].results[0] = Outcome::Bye(ByeKind::Zero);
        let issues = t.manual_pairing_issues(3, &[], Some(5));
        assert!(issues[0].contains("5 may not receive"), "{issues:?}");
        assert!(t.manual_pairing_issues(3, &[], Some(6)).is_empty());
    }
}
