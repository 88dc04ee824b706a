//! Clubs and the club-mates who must not meet.
//!
//! FIDE's Swiss rules (C.04.1) say nothing of clubs; national rules often do, keeping
//! the players of a club apart in the first rounds (the organiser's regulations, not
//! FIDE's). The engines honour such a rule as groups of players who must not meet
//! ([`ForbiddenGroup`], TRF `XXP` / TRF-2026 `260`), which this module makes from the
//! players' clubs: one group per club with two players or more, for the rounds the
//! arbiter chooses.

use std::collections::BTreeMap;

use super::{Event, ForbiddenGroup, Tournament};

/// Why the groups of club-mates could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClubGroupsError {
    /// No club has two players: there is nobody to keep apart.
    #[error("no club has two players: enter the players' clubs first")]
    NoClubMates,
    /// Every club's group is in the event already, for the same rounds.
    #[error("the club-mates are kept apart in those rounds already")]
    AlreadyApart,
    /// The range of rounds is reversed.
    #[error("the first round ({first}) comes after the last ({last})")]
    RoundsReversed { first: u32, last: u32 },
    /// In a team event the groups who must not meet are of teams (C.04.6), not players.
    #[error("in a team event the groups who must not meet are of teams, not of players")]
    TeamEvent,
}

/// A club's name as it is compared: without the case and the spacing it was typed with
/// ("SK  Rochade" and "sk rochade" are one club). Empty: no club.
fn club_key(club: &str) -> String {
    club.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl Tournament {
    /// The players of each club with two players or more, by pairing number, clubs in
    /// the order of their (compared) names. Players without a club are in none.
    pub(crate) fn club_mates(&self) -> Vec<Vec<u32>> {
        let mut clubs: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        for p in &self.players {
            let key = club_key(&p.club);
            if !key.is_empty() {
                clubs.entry(key).or_default().push(p.id);
            }
        }
        clubs
            .into_values()
            .filter(|players| players.len() >= 2)
            .map(|mut players| {
                players.sort_unstable();
                players
            })
            .collect()
    }

    /// The event with one group who must not meet per club of two players or more, in
    /// rounds `first_round..=last_round` (`None`: from the start, to the end). A group
    /// the event has already (the same players and rounds) is not added twice. The
    /// change itself is [`crate::document::Edit::KeepClubsApart`], through the one door.
    pub(crate) fn with_club_groups(
        &self,
        first_round: Option<u32>,
        last_round: Option<u32>,
    ) -> Result<Event, ClubGroupsError> {
        if self.is_team_event() {
            return Err(ClubGroupsError::TeamEvent);
        }
        if let (Some(first), Some(last)) = (first_round, last_round)
            && first > last
        {
            return Err(ClubGroupsError::RoundsReversed { first, last });
        }
        let clubs = self.club_mates();
        if clubs.is_empty() {
            return Err(ClubGroupsError::NoClubMates);
        }
        let mut event = self.event.clone();
        for players in clubs {
            let group = ForbiddenGroup {
                players,
                first_round,
                last_round,
            };
            if !event.forbidden_pairs.contains(&group) {
                event.forbidden_pairs.push(group);
            }
        }
        if event.forbidden_pairs == self.event.forbidden_pairs {
            return Err(ClubGroupsError::AlreadyApart);
        }
        Ok(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Edit, EditError};
    use crate::tournament::{FideModeRefusal, Player};

    fn club_event() -> Tournament {
        let mut t = Tournament::default();
        for (name, club) in [
            ("A", "SK Rochade"),
            ("B", "Turm"),
            ("C", "sk  rochade "),
            ("D", ""),
            ("E", "Turm"),
            ("F", "Springer"),
            ("G", "SK Rochade"),
        ] {
            let mut p = Player::new(0, name);
            p.club = club.into();
            t.apply(Edit::AddPlayer(Box::new(p))).expect("added");
        }
        t
    }

    #[test]
    fn one_group_per_club_with_two_players_for_the_rounds_chosen() {
        let mut t = club_event();
        assert_eq!(t.club_mates(), [vec![1, 3, 7], vec![2, 5]]);
        let keep = Edit::KeepClubsApart {
            first_round: Some(1),
            last_round: Some(3),
        };
        t.apply(keep.clone()).expect("kept apart");
        let groups = &t.event.forbidden_pairs;
        assert_eq!(groups.len(), 2, "Springer has one player, D none");
        assert_eq!(groups[0].players, [1, 3, 7]);
        assert_eq!(groups[1].players, [2, 5]);
        assert!(groups.iter().all(|g| g.applies_in(3) && !g.applies_in(4)));

        // Asked again: nothing new, refused, nothing changed.
        let before = t.clone();
        let err = t.apply(keep).expect_err("already apart");
        assert_eq!(err, EditError::Clubs(ClubGroupsError::AlreadyApart));
        assert_eq!(t, before);
        // Other rounds: new groups beside the old ones.
        t.apply(Edit::KeepClubsApart {
            first_round: Some(5),
            last_round: None,
        })
        .expect("later rounds");
        assert_eq!(t.event.forbidden_pairs.len(), 4);
        assert!(t.event.forbidden_pairs[3].applies_in(9));
    }

    #[test]
    fn a_refused_request_changes_nothing() {
        let mut t = Tournament::default();
        for name in ["A", "B"] {
            t.apply(Edit::AddPlayer(Box::new(Player::new(0, name))))
                .expect("added");
        }
        t.players[0].club = "Turm".into();
        let before = t.clone();
        let keep = |first, last| Edit::KeepClubsApart {
            first_round: first,
            last_round: last,
        };
        let err = t.apply(keep(Some(1), Some(2))).expect_err("no club-mates");
        assert_eq!(err, EditError::Clubs(ClubGroupsError::NoClubMates));
        assert!(err.to_string().contains("no club has two players"), "{err}");
        assert_eq!(t, before);

        let mut t = club_event();
        let before = t.clone();
        let err = t.apply(keep(Some(3), Some(1))).expect_err("reversed");
        assert_eq!(
            err,
            EditError::Clubs(ClubGroupsError::RoundsReversed { first: 3, last: 1 })
        );
        assert_eq!(t, before);

        // FIDE mode sets the groups before round 1 only (checklist Q196), as the Event
        // page does.
        t.record_pairing(1, &[[1, 2], [3, 4], [5, 6]], Some(7));
        let before = t.clone();
        let err = t.apply(keep(Some(2), Some(3))).expect_err("FIDE mode");
        assert_eq!(
            err,
            EditError::FideMode(FideModeRefusal::ProhibitedPairingsAfterStart)
        );
        assert_eq!(t, before);
        assert!(
            !keep(Some(2), Some(3)).warnings(&t).is_empty(),
            "said first"
        );
    }

    /// After round 1, out of FIDE mode, the change is logged like the Event page's.
    #[test]
    fn groups_added_after_round_one_are_logged() {
        let mut t = club_event();
        t.record_pairing(1, &[[1, 2], [3, 4], [5, 6]], Some(7));
        t.leave_fide_mode("national rules", "now".into());
        let logged = t.log.len();
        t.apply(Edit::KeepClubsApart {
            first_round: Some(2),
            last_round: Some(3),
        })
        .expect("kept apart");
        assert_eq!(t.log.len(), logged + 1);
        assert!(
            t.log[logged].detail.contains("must not meet"),
            "{:?}",
            t.log[logged]
        );
    }
}
