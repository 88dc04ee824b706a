//! The one door: [`Tournament::apply`] checks an [`Edit`] against the rules, makes it,
//! checks that the record still agrees with itself and writes the integrity log entries
//! FIDE's checklist asks for (configuration changes, renumbering, adjournments,
//! corrections). A refused edit leaves the tournament exactly as it was.

use std::time::SystemTime;

use crate::tournament::{
    BoardResult, ByeKind, Event, ListId, LogKind, OverrideRecord, Tournament, utc_timestamp,
};

use super::{Edit, EditError, FoundPairing, RatingRefresh};

/// What an accepted edit did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The change in words, for the status bar and the network's answer.
    pub summary: String,
    /// How many integrity-log entries it wrote.
    pub logged: usize,
}

impl Tournament {
    /// Applies an edit: the rules are checked, the change is made, the record is checked
    /// for consistency ([`Tournament::check`]) and the integrity log is written. A
    /// refused edit changes nothing (all or nothing) and says which rule refused it.
    pub fn apply(&mut self, edit: Edit) -> Result<Applied, EditError> {
        let before = self.clone();
        let summary = edit.describe();
        let logged = self.log.len();
        let done = change(edit, self).and_then(|()| self.check().map_err(EditError::Contradiction));
        match done {
            Ok(()) => {
                // A pairing-integrity-breaching event keeps the state before it (Q114).
                self.keep_restore_point(before, &summary);
                Ok(Applied {
                    summary,
                    logged: self.log.len().saturating_sub(logged),
                })
            }
            Err(e) => {
                *self = before;
                Err(e)
            }
        }
    }
}

impl Tournament {
    /// Whether the event would take `edit`, and if not which rule refuses it: the edit is
    /// tried on a copy (a form's live check, before the arbiter applies it).
    pub fn allows(&self, edit: &Edit) -> Result<(), EditError> {
        self.clone().apply(edit.clone()).map(|_| ())
    }
}

/// Registration changes only before round 1 is paired (C.04.2 C: afterwards players
/// withdraw or enter late).
fn before_round_one(t: &Tournament, what: &'static str) -> Result<(), EditError> {
    if t.is_paired(1) {
        Err(EditError::AfterRoundOne(what))
    } else {
        Ok(())
    }
}

/// An override replaces a published pairing; a draft is paired again instead.
/// An override (of a published round) or a hand edit (of a draft) changes the last round
/// paired ([`Tournament::pairing_overridable`]).
fn overridable(t: &Tournament, record: &OverrideRecord) -> Result<(), EditError> {
    t.pairing_overridable(record.round)
        .map_err(EditError::NotOverridable)?;
    if record.reason.trim().is_empty() && t.override_needs_reason(record.round) {
        return Err(EditError::ReasonNeeded(record.round));
    }
    Ok(())
}

/// Makes the change (the consistency check follows in [`Tournament::apply`]).
fn change(edit: Edit, t: &mut Tournament) -> Result<(), EditError> {
    match edit {
        Edit::SetEvent(event) => set_event(t, *event)?,
        Edit::KeepClubsApart {
            first_round,
            last_round,
        } => {
            let event = t.with_club_groups(first_round, last_round)?;
            set_event(t, event)?;
        }
        Edit::LeaveFideMode(reason) => t.leave_fide_mode(&reason, now()),
        Edit::DrawInitialColour(seed) => {
            t.draw_initial_colour(seed, now())
                .map_err(EditError::Lots)?;
        }
        Edit::DrawSeedingTies(seed) => t.draw_seeding_ties(seed, now()).map_err(EditError::Lots)?,
        Edit::SetPrizes(list) => t.prizes = *list,
        Edit::AddPlayer(mut player) => {
            before_round_one(t, "players can be added this way")?;
            if let Some(registered) = t.registered_as(&player) {
                return Err(EditError::AlreadyRegistered {
                    player: registered,
                    name: player.name,
                });
            }
            player.id = t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
            t.add_player(*player).map_err(EditError::AddPlayer)?;
        }
        Edit::LateEntry { player, round } => {
            let name = player.name.clone();
            let renumbered =
                t.add_late_entry(*player, round)
                    .map_err(|error| EditError::LateEntry {
                        name: name.clone(),
                        error,
                    })?;
            if !renumbered.is_empty() && t.is_paired(1) {
                let moves: Vec<String> = renumbered
                    .iter()
                    .map(|(old, new)| format!("{old}→{new}"))
                    .collect();
                let detail = format!(
                    "pairing numbers regenerated for the late entry of {name} from round \
                     {round} (C.04.2 C): {}",
                    moves.join(", ")
                );
                t.log_event(LogKind::Renumbering, &detail, now());
            }
        }
        Edit::UpdatePlayer(player) => {
            t.change_player(*player, false)?;
        }
        Edit::UpdatePlayerRemovingDraft(player) => {
            t.change_player(*player, true)?;
        }
        Edit::UpdatePlayers(players) => {
            let same = players.len() == t.players.len()
                && players.iter().zip(&t.players).all(|(a, b)| a.id == b.id);
            if !same {
                return Err(EditError::PlayersChanged);
            }
            t.players = players;
        }
        Edit::RefreshRatings(refresh) => refresh_ratings(t, *refresh)?,
        Edit::SetRatingMethod { method, unlisted } => {
            let mut event = t.event.clone();
            let changed = (&method, unlisted) != (&event.rating_method, event.unlisted_rating);
            event.rating_method = method;
            event.unlisted_rating = unlisted;
            // A change goes through the event's door (FIDE mode, the log after round 1,
            // the ratings); the same method is applied again to everyone.
            set_event(t, event)?;
            if !changed {
                rate_by_method(t, None);
            }
        }
        Edit::PickRatingList { player, list } => pick_rating_list(t, player, list)?,
        Edit::DeletePlayer(id) => {
            before_round_one(t, "players can be deleted")?;
            if t.player(id).is_none() {
                return Err(EditError::NoPlayer(id));
            }
            t.players.retain(|p| p.id != id);
            // He leaves the groups who must not meet and his team with him.
            for group in &mut t.event.forbidden_pairs {
                group.players.retain(|&p| p != id);
            }
            for team in &mut t.teams {
                team.players.retain(|&p| p != id);
            }
        }
        Edit::ImportPlayers(players) => {
            let renumbers = t.is_paired(1) && !t.is_team_event() && !t.pairing_numbers_frozen();
            let done = t.import_players(players).map_err(EditError::Import)?;
            if done.added == 0 {
                return Err(EditError::NothingNew {
                    skipped: done.skipped.len(),
                });
            }
            if renumbers {
                let detail = format!(
                    "pairing numbers regenerated for {} imported (C.04.2 C)",
                    crate::plural::count_as(done.added, "late entry", "late entries")
                );
                t.log_event(LogKind::Renumbering, &detail, now());
            }
        }
        Edit::AssignPairingNumbers => {
            before_round_one(t, "pairing numbers can be reassigned")?;
            t.assign_pairing_numbers();
        }
        Edit::SetResult {
            round,
            white,
            black,
            result,
        } => set_result(t, round, white, black, result)?,
        Edit::SetMatchResult {
            round,
            white,
            black,
            games,
        } => {
            t.fide_mode_allows_result(round)?;
            t.set_match_result(round, white, black, games)?;
        }
        Edit::AdjournMissing(round) => {
            let games = t.adjourn_missing_before(round);
            if games.is_empty() {
                return Err(EditError::NothingToAdjourn(round));
            }
            for game in games {
                let detail = format!("{game}: adjourned, no result when round {round} was paired");
                t.log_event(LogKind::Adjournment, &detail, now());
            }
        }
        Edit::Publish(round) => t.set_published(round, true)?,
        Edit::ClearPairing(round) => t.remove_pairing(round)?,
        Edit::Override {
            boards,
            bye,
            record,
        } => {
            overridable(t, &record)?;
            acknowledged(t, &boards, bye, &record)?;
            t.apply_override(&boards, bye, *record);
        }
        Edit::OverrideTeams { pairing, record } => {
            overridable(t, &record)?;
            pairing.record_override(t, *record);
        }
        Edit::RequestBye { player, round, bye } => {
            t.hpb_allowed(player, bye)?;
            t.set_requested_bye(player, round, bye)?;
            // A full-point bye is deprecated: in FIDE mode it is in the report (Q179).
            if bye == Some(ByeKind::Full) && t.event.fide_mode.is_on() {
                let name = t
                    .player(player)
                    .map_or_else(String::new, |p| p.name.clone());
                let detail =
                    format!("full-point bye for {player} {name} in round {round} (deprecated)");
                t.log_event(LogKind::Bye, &detail, now());
            }
        }
        Edit::SetLineup {
            round,
            team,
            players,
        } => t.set_team_lineup(round, team, players)?,
        Edit::AddTeam(name) => {
            t.add_team(&name)?;
        }
        Edit::RemoveTeam(id) => t.remove_team(id)?,
        Edit::WithdrawTeam { team, from } => t.withdraw_team(team, from)?,
        Edit::CancelTeamWithdrawal(team) => t.cancel_team_withdrawal(team)?,
        Edit::SetRoster { team, players } => {
            if let Some(&p) = players.iter().find(|&&p| t.player(p).is_none()) {
                return Err(EditError::NoPlayer(p));
            }
            let paired = t.team_has_played(team);
            let slot = t
                .teams
                .iter_mut()
                .find(|x| x.id == team)
                .ok_or(EditError::NoTeam(team))?;
            // The board order is fixed once the team has played: reserves join at the end.
            if paired && !players.starts_with(&slot.players) {
                return Err(EditError::BoardOrderFixed { team });
            }
            slot.players = players;
        }
        Edit::RecordPairing(found) => match *found {
            // A team pairing is recorded as a whole: its boards, the boards won by
            // forfeit and the team's pairing-allocated bye.
            FoundPairing::Teams(teams) => {
                teams.record_into(t);
            }
            FoundPairing::Players(pairing) => pairing.record_into(t),
        },
        Edit::KeepImportedRound { round, detail } => {
            let detail = format!("round {round} as recorded: {detail}");
            t.log_event_in(LogKind::Import, round, &detail, now());
        }
        Edit::ExpelPlayer {
            player,
            from,
            reason,
        } => t
            .expel(player, from, &reason, now())
            .map_err(EditError::Standings)?,
        Edit::OrderTiesByHand {
            round,
            players,
            reason,
        } => t
            .order_ties_by_hand(t.tie_round(round), players, &reason, now())
            .map_err(EditError::Standings)?,
        Edit::SetExternalTieBreak {
            code,
            values,
            reason,
        } => t
            .set_external_values(&code, values, &reason, now())
            .map_err(EditError::Standings)?,
        Edit::DrawTieLots { round, seed } => t
            .draw_tie_lots(t.tie_round(round), seed, now())
            .map_err(EditError::Standings)?,
        Edit::SetLongEvent(flag) => t.set_long_event(flag, now()),
        Edit::SetRoundRatings {
            from_round,
            ratings,
            list,
        } => t.record_round_ratings(from_round, &ratings, list.as_ref(), now())?,
        Edit::CorrectForRating(correction) => t.correct_for_rating(*correction, now())?,
        Edit::RemoveRatingCorrection {
            round,
            white,
            black,
        } => t.remove_correction_for_rating(round, white, black, now())?,
        Edit::ExchangePairingNumbers { a, b, reason } => {
            t.exchange_pairing_numbers(a, b, &reason, now())?;
        }
        Edit::RevertTo { point, reason } => t.revert_to(point, &reason, now())?,
        Edit::SetHpbIneligible { player, ineligible } => {
            t.player_mut(player)
                .ok_or(EditError::NoPlayer(player))?
                .hpb_ineligible = ineligible;
        }
    }
    Ok(())
}

/// In FIDE mode, a hand-made pairing that breaks a rule needs each of its Level 3
/// warnings acknowledged (checklist Q66); each is then logged with the reason.
fn acknowledged(
    t: &mut Tournament,
    boards: &[[u32; 2]],
    bye: Option<u32>,
    record: &OverrideRecord,
) -> Result<(), EditError> {
    let round = record.round;
    if let Some(missing) = t
        .unacknowledged_issues(round, boards, bye, &record.acknowledged)
        .into_iter()
        .next()
    {
        return Err(EditError::NotAcknowledged(missing));
    }
    for issue in t.manual_pairing_issues(round, boards, bye) {
        if record.acknowledged.contains(&issue) {
            let detail = format!(
                "{issue}; overridden by the arbiter: {}",
                record.reason.trim()
            );
            t.log_event_in(LogKind::ManualPairing, round, &detail, now());
        }
    }
    Ok(())
}

/// Replaces the event's data and rules, as FIDE mode allows; after round 1 what decides
/// pairings or standings is logged (checklist Q57-61, Q196, Q201-202).
fn set_event(t: &mut Tournament, mut event: Event) -> Result<(), EditError> {
    t.fide_mode_allows_event(&event)?;
    // Round 1 was paired with the initial colour (drawn, set, or applied by
    // default): from then on it is a fact of the record (C.04.3 5.2.5).
    if t.is_paired(1) {
        let applied = crate::pairing::initial_colour(t);
        if event.initial_colour.is_some_and(|c| c != applied) {
            return Err(EditError::InitialColourFixed(applied));
        }
    }
    // The mode is left only by its own edit, never by a form's old copy.
    event.fide_mode = t.event.fide_mode.clone();
    // Likewise the long-event flag and the rating corrections have their own edits.
    event.long_event = t.event.long_event;
    event.rating_corrections = t.event.rating_corrections.clone();
    // After round 1, what decides pairings or standings is logged.
    let mut changes = if t.is_paired(1) {
        t.configuration_changes(&event)
    } else {
        Vec::new()
    };
    // The last round switches between final and not: re-checked (checklist Q60-61).
    changes.extend(t.recheck_last_round(&event).map(|r| r.text));
    let method = (&event.rating_method, event.unlisted_rating)
        != (&t.event.rating_method, t.event.unlisted_rating);
    let before = t.event.rating_method_words();
    t.event = event;
    for change in changes {
        t.log_event(LogKind::Configuration, &change, now());
    }
    if method {
        rate_by_method(t, Some(before));
    }
    Ok(())
}

/// Applies the event's rating method to every player (checklist Q145) and, before round 1,
/// numbers them again by the new ratings (C.04.2 B, as [`Edit::AssignPairingNumbers`]).
/// `before` is the method it replaces, when it changed: before round 1 the change is
/// logged here with what it did (after round 1 [`set_event`] logs it).
fn rate_by_method(t: &mut Tournament, before: Option<String>) {
    let rated = t.apply_rating_method(true);
    let started = t.is_paired(1);
    let renumbered = if started {
        Vec::new()
    } else {
        t.assign_pairing_numbers()
    };
    let Some(before) = before.filter(|_| !started) else {
        return;
    };
    let ratings: Vec<String> = rated
        .iter()
        .map(|(id, old, new)| {
            let r = |r: &Option<u16>| r.map_or("unrated".to_string(), |r| r.to_string());
            format!("#{id} {}→{}", r(old), r(new))
        })
        .collect();
    let mut detail = format!(
        "rating method {before} → {}: {}",
        t.event.rating_method_words(),
        crate::plural::count(rated.len(), "tournament rating")
    );
    if !ratings.is_empty() {
        detail.push_str(&format!(" changed ({})", ratings.join(", ")));
    }
    if !renumbered.is_empty() {
        let moves: Vec<String> = renumbered
            .iter()
            .map(|(old, new)| format!("{old}→{new}"))
            .collect();
        detail.push_str(&format!(
            "; pairing numbers assigned again: {}",
            moves.join(", ")
        ));
    }
    t.log_event(LogKind::Configuration, &detail, now());
}

/// Takes a player's tournament rating from the list picked for him (see
/// [`Edit::PickRatingList`]), logged with the rating before and after.
fn pick_rating_list(t: &mut Tournament, id: u32, list: Option<ListId>) -> Result<(), EditError> {
    let Some(player) = t.player(id) else {
        return Err(EditError::NoPlayer(id));
    };
    if let Some(list) = &list
        && player.official_rating(list).is_none()
    {
        return Err(EditError::NotOnList(id, list.to_string()));
    }
    if player.rating_pick == list {
        return Ok(());
    }
    t.fide_mode_allows_rating_pick()?;
    let before = player.rating;
    let mut picked = player.clone();
    picked.rating_pick = list;
    picked.rating = t.event.rating_of(&picked);
    let words = |r: Option<u16>| r.map_or("unrated".to_string(), |r| r.to_string());
    let detail = format!(
        "#{id} {}: tournament rating from {}: {} → {}",
        picked.name,
        picked
            .rating_pick
            .as_ref()
            .map_or("the method".to_string(), |l| format!(
                "the {l} list, as picked"
            )),
        words(before),
        words(picked.rating)
    );
    if let Some(p) = t.player_mut(id) {
        *p = picked;
    }
    t.log_event(LogKind::Ratings, &detail, now());
    Ok(())
}

/// Applies a rating list to the players (see [`Edit::RefreshRatings`]): the same pairing
/// numbers in the same order, the tournament ratings of those the list was applied to
/// by the method, logged with the list and every change.
fn refresh_ratings(t: &mut Tournament, refresh: RatingRefresh) -> Result<(), EditError> {
    let same = refresh.players.len() == t.players.len()
        && refresh
            .players
            .iter()
            .zip(&t.players)
            .all(|(a, b)| a.id == b.id);
    if !same {
        return Err(EditError::PlayersChanged);
    }
    let not_in_force = if refresh.fide {
        t.fide_list_warnings(refresh.fide_date)
            .into_iter()
            .find(|w| w.level >= crate::tournament::WarningLevel::Confirm)
    } else {
        None
    };
    t.players = refresh.players;
    t.apply_rating_method(false);
    let mut detail = if refresh.changes.is_empty() {
        format!("{}: no change", refresh.list)
    } else {
        format!(
            "{}: {}: {}",
            refresh.list,
            crate::plural::count(refresh.changes.len(), "change"),
            refresh.changes.join("; ")
        )
    };
    if let Some(warning) = not_in_force {
        detail.push_str(&format!(" (applied as confirmed: {})", warning.text));
    }
    t.log_event(LogKind::Ratings, &detail, now());
    Ok(())
}

/// Enters a board's result. Adjourning a game, the end of an adjourned game and the
/// correction of a result entered before are in the integrity log (checklist Q159-163).
fn set_result(
    t: &mut Tournament,
    round: u32,
    white: u32,
    black: u32,
    result: BoardResult,
) -> Result<(), EditError> {
    t.fide_mode_allows_board_result(round, white, black, result)?;
    let before = t
        .boards(round)
        .into_iter()
        .find(|b| b.white == white && b.black == black)
        .map(|b| b.result);
    let ended = t.adjournment_ended_by(round, white, black, result);
    t.set_board_result(round, white, black, result)?;
    if let Some(end) = ended {
        let detail = format!("{}: adjourned game ended {}", end.game, result.text());
        t.log_event(LogKind::Adjournment, &detail, now());
    } else if result == BoardResult::Adjourned
        && before.is_some_and(|b| b != BoardResult::Adjourned)
    {
        let detail = format!("round {round}, board {white}-{black}: adjourned");
        t.log_event(LogKind::Adjournment, &detail, now());
    }
    // A result entered before and changed is a correction, logged. An adjourned game
    // given its result is no correction.
    let corrected = |&o: &BoardResult| {
        !matches!(o, BoardResult::Pending | BoardResult::Adjourned) && o != result
    };
    if let Some(old) = before.filter(corrected) {
        let detail = format!(
            "round {round}, board {white}-{black}: {} → {}",
            old.text(),
            result.text()
        );
        t.log_event(LogKind::Correction, &detail, now());
    }
    Ok(())
}

/// The time an edit is logged at (UTC).
fn now() -> String {
    utc_timestamp(SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Player, SystemId};

    #[test]
    fn rosters_keep_their_board_order_once_play_starts() {
        let mut t = Tournament::default();
        for name in ["A", "B", "C", "D"] {
            t.apply(Edit::AddPlayer(Box::new(Player::new(0, name))))
                .expect("added");
        }
        for name in ["Rooks", "Knights"] {
            t.apply(Edit::AddTeam(name.into())).expect("team");
        }
        assert_eq!(t.pairing_system(), SystemId::FideTeam);
        let roster = |team, players: &[u32]| Edit::SetRoster {
            team,
            players: players.to_vec(),
        };
        t.apply(roster(1, &[2, 1])).expect("roster");
        t.apply(roster(2, &[3])).expect("roster");
        t.apply(roster(2, &[9])).expect_err("no player 9");
        t.record_team_pairing(1, &[[2, 3]], None, &[1]);
        let err = t.apply(roster(1, &[1, 2])).expect_err("order fixed");
        assert_eq!(err, EditError::BoardOrderFixed { team: 1 });
        t.apply(roster(2, &[3, 4]))
            .expect("a reserve joins at the end");
        t.apply(Edit::RemoveTeam(1)).expect_err("team 1 has played");
    }

    /// A late entry that renumbers the players after round 1 is in the integrity log
    /// with every number that changed; from round 4 on no one is renumbered, nothing is
    /// logged.
    #[test]
    fn renumbering_after_round_one_is_logged() {
        let mut t = Tournament::default();
        for (name, rating) in [("A", 2000), ("B", 1900)] {
            let mut p = Player::new(0, name);
            p.rating = Some(rating);
            t.apply(Edit::AddPlayer(Box::new(p))).expect("added");
        }
        t.record_pairing(1, &[[1, 2]], None);
        t.set_published(1, true).expect("paired");
        let mut strong = Player::new(0, "Strong");
        strong.rating = Some(2500);
        let late = |p: &Player, round| Edit::LateEntry {
            player: Box::new(p.clone()),
            round,
        };
        t.apply(late(&strong, 2)).expect("joins");
        let entry = t.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Renumbering);
        assert!(entry.detail.ends_with(": 1→2, 2→3"), "{}", entry.detail);
        for round in 2..=4 {
            t.record_pairing(round, &[[2, 3]], Some(1));
            t.set_published(round, true).expect("paired");
        }
        let logged = t.log.len();
        strong.name = "Stronger".into();
        t.apply(late(&strong, 5)).expect("joins");
        assert_eq!(t.log.len(), logged, "numbers frozen from round 4");
    }

    #[test]
    fn delete_is_refused_after_round_one() {
        let mut t = Tournament::default();
        for name in ["A", "B"] {
            t.apply(Edit::AddPlayer(Box::new(Player::new(0, name))))
                .expect("added");
        }
        assert_eq!(t.players[1].id, 2);
        t.record_pairing(1, &[[1, 2]], None);
        let err = t.apply(Edit::DeletePlayer(2)).expect_err("refused");
        assert!(matches!(err, EditError::AfterRoundOne(_)), "{err}");
        assert_eq!(t.players.len(), 2);
    }
}
