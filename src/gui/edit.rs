//! Edits of the tournament: every change the arbiter makes, as a value. The app applies
//! them in one place, after the frame is drawn, taking an undo snapshot first. Each edit
//! calls the model; a refused edit leaves the tournament as it was and says why.

use std::time::SystemTime;

use crate::pairing::TeamPairing;
use crate::tournament::{
    BoardResult, ByeKind, Event, LogKind, OverrideRecord, Player, PlayerChangeError, PrizeList,
    Tournament, Warning, utc_timestamp,
};

/// One change to the tournament.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replaces the event data (header, rules, forbidden pairs).
    SetEvent(Box<Event>),
    /// Replaces the prize list and its rules.
    SetPrizes(Box<PrizeList>),
    /// Leaves FIDE mode for good, with the reason (recorded in the TRF; undo keeps it).
    LeaveFideMode(String),
    /// Draws the initial colour by lot with this seed (before round 1), logged with it.
    DrawInitialColour(u64),
    /// Draws the order of players equal on rating and title with this seed (before round
    /// 1), logged with it.
    DrawSeedingTies(u64),
    /// Adds a player before round 1 with the next free pairing number.
    AddPlayer(Box<Player>),
    /// Adds a player who joins in a later round (C.04.2 C); everyone is renumbered until
    /// round 4 is paired, and from then on the newcomer takes the next number.
    LateEntry { player: Box<Player>, round: u32 },
    /// Replaces a player's personal data, withdrawal and requested byes (same number).
    /// Refused by the model when it would seat him at a board of a round he no longer
    /// takes part in ([`Tournament::change_player`]).
    UpdatePlayer(Box<Player>),
    /// The same change, once the arbiter agreed to remove the draft pairings that seat
    /// him in a round he no longer takes part in (a withdrawn player is not paired, FIDE
    /// General Handling Rules): one step, undone as one. A published round still refuses it.
    UpdatePlayerRemovingDraft(Box<Player>),
    /// Replaces every player's data at once (the same pairing numbers, in order): the
    /// update from FIDE's rating list.
    UpdatePlayers(Vec<Player>),
    /// Removes a player (only before round 1 is paired).
    DeletePlayer(u32),
    /// Adds players from a list (skipping those already in the event; late entries after
    /// round 1).
    ImportPlayers(Vec<Player>),
    /// Numbers the players by rating, title and name (only before round 1 is paired).
    AssignPairingNumbers,
    /// Enters a board's result.
    SetResult {
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    },
    /// Enters the two results of a two-game match (C.04.5), each with its game's colours.
    SetMatchResult {
        round: u32,
        white: u32,
        black: u32,
        games: [BoardResult; 2],
    },
    /// Marks adjourned every game without a result before this round, to pair it (C.04.2
    /// 3.1; checklist Q159-160), each logged.
    AdjournMissing(u32),
    /// Publishes a draft pairing.
    Publish(u32),
    /// Removes a round's pairing (to pair it again).
    ClearPairing(u32),
    /// Replaces a published round's pairing by the arbiter's, logging the override.
    Override {
        boards: Vec<[u32; 2]>,
        bye: Option<u32>,
        record: Box<OverrideRecord>,
    },
    /// Replaces a published team round's pairing by the arbiter's matches and bye (the
    /// boards follow from the line-ups, C.04.6), logging the override.
    OverrideTeams {
        pairing: TeamPairing,
        record: Box<OverrideRecord>,
    },
    /// Adds a team (C.04.6) with this name and the next team pairing number; the event
    /// becomes a team event, paired with the Swiss Team system. After round 1 it is a
    /// late entry, paired from the next round ([`Tournament::add_team`]).
    AddTeam(String),
    /// Removes a team that has not played; its players stay registered.
    RemoveTeam(u32),
    /// Withdraws a team from a round not yet paired on: its players are withdrawn.
    WithdrawTeam { team: u32, from: u32 },
    /// Takes back a team's withdrawal from a round not yet paired.
    CancelTeamWithdrawal(u32),
    /// Replaces a team's roster: its players' pairing numbers in board order. Once the
    /// team has played, players can only be added at the end.
    SetRoster { team: u32, players: Vec<u32> },
    /// Replaces a team's players on the boards of its match in a paired round, before
    /// any result of the match (the captain's line-up, TRF-2026 `300`; see
    /// [`Tournament::set_team_lineup`]). `None` leaves a board empty.
    SetLineup {
        round: u32,
        team: u32,
        players: Vec<Option<u32>>,
    },
    /// Records or removes a requested bye for a round not yet paired.
    RequestBye {
        player: u32,
        round: u32,
        bye: Option<ByeKind>,
    },
}

impl Edit {
    /// A short description for the status bar.
    pub fn describe(&self) -> String {
        match self {
            Edit::SetEvent(_) => "Event updated".into(),
            Edit::SetPrizes(_) => "Prize list updated".into(),
            Edit::LeaveFideMode(_) => "FIDE mode left, for good".into(),
            Edit::DrawInitialColour(seed) => format!("Initial colour drawn by lot (seed {seed})"),
            Edit::DrawSeedingTies(seed) => {
                format!("Order of equal players drawn by lot (seed {seed})")
            }
            Edit::AddPlayer(p) => format!("Added {}", p.name),
            Edit::LateEntry { player, round } => {
                format!("Late entry {} from round {round}", player.name)
            }
            Edit::UpdatePlayer(p) => format!("Updated {}", p.name),
            Edit::UpdatePlayerRemovingDraft(p) => format!(
                "Updated {}; the draft pairing he was in was removed: pair the round again",
                p.name
            ),
            Edit::UpdatePlayers(players) => {
                format!("Updated {} players from the FIDE list", players.len())
            }
            Edit::DeletePlayer(id) => format!("Deleted player {id}"),
            Edit::AssignPairingNumbers => "Pairing numbers assigned".into(),
            Edit::ImportPlayers(players) => format!("Imported {} players", players.len()),
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => format!("Round {round}: {white}-{black} {}", result.text()),
            Edit::SetMatchResult {
                round,
                white,
                black,
                games,
            } => format!(
                "Round {round}: {white}-{black} game 1 {}, game 2 {}",
                games[0].text(),
                games[1].text()
            ),
            Edit::AdjournMissing(round) => {
                format!("Games without a result before round {round} adjourned")
            }
            Edit::Publish(round) => format!("Round {round} published"),
            Edit::ClearPairing(round) => format!("Round {round} pairing removed"),
            Edit::Override { record, .. } | Edit::OverrideTeams { record, .. } => {
                format!(
                    "Round {} pairing overridden: {}",
                    record.round,
                    record.changes.join(", ")
                )
            }
            Edit::RequestBye { player, round, .. } => {
                format!("Player {player}: bye in round {round} updated")
            }
            Edit::SetLineup { round, team, .. } => {
                format!("Round {round}: line-up of team {team} changed")
            }
            Edit::AddTeam(name) => format!("Added team {name}"),
            Edit::RemoveTeam(id) => format!("Removed team {id}"),
            Edit::WithdrawTeam { team, from } => {
                format!("Team {team} withdrawn from round {from}")
            }
            Edit::CancelTeamWithdrawal(team) => format!("Team {team}: withdrawal taken back"),
            Edit::SetRoster { team, players } => {
                format!("Team {team}: roster of {} players", players.len())
            }
        }
    }

    /// What the arbiter is warned of before the edit is made, each with its level (the
    /// model decides; see [`crate::tournament::WarningLevel`]).
    pub fn warnings(&self, t: &Tournament) -> Vec<Warning> {
        match self {
            Edit::SetEvent(event) => t.event_change_warnings(event),
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => t.result_warnings(*round, *white, *black, *result),
            Edit::SetMatchResult { round, .. } => t
                .fide_mode_allows_result(*round)
                .err()
                .into_iter()
                .map(Warning::from)
                .collect(),
            Edit::RequestBye { player, round, bye } => t.bye_warnings(*player, *round, *bye),
            Edit::UpdatePlayer(p) => t.player_change_warnings(p, false),
            Edit::UpdatePlayerRemovingDraft(p) => t.player_change_warnings(p, true),
            Edit::Override { record, .. } | Edit::OverrideTeams { record, .. } => {
                vec![record.warning()]
            }
            _ => Vec::new(),
        }
    }

    /// The edit the arbiter is asked about in place of this one: a change to a player
    /// that the model refuses only because a draft pairing seats him in a round he would
    /// no longer take part in ([`PlayerChangeError::DraftRound`]) becomes the same change
    /// with the draft removed, which its warning asks to confirm. Any other edit is itself.
    pub fn as_asked(self, t: &Tournament) -> Edit {
        match self {
            Edit::UpdatePlayer(p)
                if matches!(
                    t.player_change_allowed(&p),
                    Err(PlayerChangeError::DraftRound { .. })
                ) =>
            {
                Edit::UpdatePlayerRemovingDraft(p)
            }
            other => other,
        }
    }

    /// Applies the edit, or says why it cannot be made (the tournament is then unchanged).
    pub fn apply(self, t: &mut Tournament) -> Result<(), String> {
        let published = |t: &Tournament, round: u32| {
            if t.is_published(round) {
                Ok(())
            } else {
                Err(format!(
                    "round {round} is a draft: re-pair it instead of overriding"
                ))
            }
        };
        let before_round_one = |t: &Tournament, what: &str| {
            if t.is_paired(1) {
                Err(format!(
                    "{what} only before round 1 is paired; use withdrawal or late entry instead"
                ))
            } else {
                Ok(())
            }
        };
        match self {
            Edit::SetEvent(mut event) => {
                t.fide_mode_allows_event(&event)
                    .map_err(|e| e.to_string())?;
                // The mode is left only by its own edit, never by a form's old copy.
                event.fide_mode = t.event.fide_mode.clone();
                // After round 1, what decides pairings or standings is logged.
                let changes = if t.is_paired(1) {
                    t.configuration_changes(&event)
                } else {
                    Vec::new()
                };
                t.event = *event;
                for change in changes {
                    t.log_event(LogKind::Configuration, &change, now());
                }
            }
            Edit::LeaveFideMode(reason) => t.leave_fide_mode(&reason, now()),
            Edit::DrawInitialColour(seed) => {
                t.draw_initial_colour(seed, now())?;
            }
            Edit::DrawSeedingTies(seed) => t.draw_seeding_ties(seed, now())?,
            Edit::SetPrizes(list) => t.prizes = *list,
            Edit::AddPlayer(mut player) => {
                before_round_one(t, "players can be added this way")?;
                player.id = t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
                t.add_player(*player).map_err(|e| e.to_string())?;
            }
            Edit::LateEntry { player, round } => {
                let name = player.name.clone();
                let renumbered = t
                    .add_late_entry(*player, round)
                    .map_err(|e| format!("{name} cannot join now: {e}"))?;
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
                t.change_player(*player, false).map_err(|e| e.to_string())?;
            }
            Edit::UpdatePlayerRemovingDraft(player) => {
                t.change_player(*player, true).map_err(|e| e.to_string())?;
            }
            Edit::UpdatePlayers(players) => {
                let same = players.len() == t.players.len()
                    && players.iter().zip(&t.players).all(|(a, b)| a.id == b.id);
                if !same {
                    return Err("the players changed meanwhile: update again".into());
                }
                t.players = players;
            }
            Edit::DeletePlayer(id) => {
                before_round_one(t, "players can be deleted")?;
                if t.player(id).is_none() {
                    return Err(format!("no player number {id}"));
                }
                t.players.retain(|p| p.id != id);
                for group in &mut t.event.forbidden_pairs {
                    group.players.retain(|&p| p != id);
                }
                for team in &mut t.teams {
                    team.players.retain(|&p| p != id);
                }
            }
            Edit::ImportPlayers(players) => {
                let renumbers = t.is_paired(1) && !t.is_team_event() && !t.pairing_numbers_frozen();
                let done = t
                    .import_players(players)
                    .map_err(|e| format!("No player imported: {e}"))?;
                if renumbers && done.added > 0 {
                    let detail = format!(
                        "pairing numbers regenerated for {} late entries imported (C.04.2 C)",
                        done.added
                    );
                    t.log_event(LogKind::Renumbering, &detail, now());
                }
                if done.added == 0 {
                    return Err(format!(
                        "no new player: all {} are in the event already",
                        done.skipped.len()
                    ));
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
            } => {
                t.fide_mode_allows_board_result(round, white, black, result)
                    .map_err(|e| e.to_string())?;
                let before = t
                    .boards(round)
                    .into_iter()
                    .find(|b| b.white == white && b.black == black)
                    .map(|b| b.result);
                let ended = t.adjournment_ended_by(round, white, black, result);
                t.set_board_result(round, white, black, result)
                    .map_err(|e| e.to_string())?;
                // Adjourning a game, and the end of an adjourned game, are in the report.
                if let Some(end) = ended {
                    let detail = format!("{}: adjourned game ended {}", end.game, result.text());
                    t.log_event(LogKind::Adjournment, &detail, now());
                } else if result == BoardResult::Adjourned
                    && before.is_some_and(|b| b != BoardResult::Adjourned)
                {
                    let detail = format!("round {round}, board {white}-{black}: adjourned");
                    t.log_event(LogKind::Adjournment, &detail, now());
                }
                // A result entered before and changed is a correction, logged. An adjourned
                // game given its result is no correction.
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
            }
            Edit::SetMatchResult {
                round,
                white,
                black,
                games,
            } => {
                t.fide_mode_allows_result(round)
                    .map_err(|e| e.to_string())?;
                t.set_match_result(round, white, black, games)
                    .map_err(|e| e.to_string())?
            }
            Edit::AdjournMissing(round) => {
                let games = t.adjourn_missing_before(round);
                if games.is_empty() {
                    return Err(format!("every game before round {round} has a result"));
                }
                for game in games {
                    let detail =
                        format!("{game}: adjourned, no result when round {round} was paired");
                    t.log_event(LogKind::Adjournment, &detail, now());
                }
            }
            Edit::Publish(round) => t.set_published(round, true).map_err(|e| e.to_string())?,
            Edit::ClearPairing(round) => t.clear_pairing(round),
            Edit::Override {
                boards,
                bye,
                record,
            } => {
                published(t, record.round)?;
                t.apply_override(&boards, bye, *record);
            }
            Edit::OverrideTeams { pairing, record } => {
                published(t, record.round)?;
                pairing.record_override(t, *record);
            }
            Edit::RequestBye { player, round, bye } => {
                t.set_requested_bye(player, round, bye)
                    .map_err(|e| e.to_string())?;
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
            } => t
                .set_team_lineup(round, team, players)
                .map_err(|e| e.to_string())?,
            Edit::AddTeam(name) => {
                t.add_team(&name).map_err(|e| e.to_string())?;
            }
            Edit::RemoveTeam(id) => t.remove_team(id).map_err(|e| e.to_string())?,
            Edit::WithdrawTeam { team, from } => {
                t.withdraw_team(team, from).map_err(|e| e.to_string())?
            }
            Edit::CancelTeamWithdrawal(team) => {
                t.cancel_team_withdrawal(team).map_err(|e| e.to_string())?
            }
            Edit::SetRoster { team, players } => {
                if let Some(&p) = players.iter().find(|&&p| t.player(p).is_none()) {
                    return Err(format!("no player number {p}"));
                }
                let paired = t.team_has_played(team);
                let slot = t
                    .teams
                    .iter_mut()
                    .find(|x| x.id == team)
                    .ok_or_else(|| format!("no team number {team}"))?;
                // The board order is fixed once the team has played: reserves join at the
                // end.
                if paired && !players.starts_with(&slot.players) {
                    return Err(format!(
                        "team {team}: the board order is fixed once the team has played; players can only be added at the end"
                    ));
                }
                slot.players = players;
            }
        }
        Ok(())
    }
}

/// The time an edit is logged at (UTC).
fn now() -> String {
    utc_timestamp(SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::SystemId;

    #[test]
    fn rosters_keep_their_board_order_once_play_starts() {
        let mut t = Tournament::default();
        for name in ["A", "B", "C", "D"] {
            Edit::AddPlayer(Box::new(Player::new(0, name)))
                .apply(&mut t)
                .expect("added");
        }
        for name in ["Rooks", "Knights"] {
            Edit::AddTeam(name.into()).apply(&mut t).expect("team");
        }
        assert_eq!(t.pairing_system(), SystemId::FideTeam);
        let roster = |team, players: &[u32]| Edit::SetRoster {
            team,
            players: players.to_vec(),
        };
        roster(1, &[2, 1]).apply(&mut t).expect("roster");
        roster(2, &[3]).apply(&mut t).expect("roster");
        roster(2, &[9]).apply(&mut t).expect_err("no player 9");
        t.record_team_pairing(1, &[[2, 3]], None, &[1]);
        let err = roster(1, &[1, 2]).apply(&mut t).expect_err("order fixed");
        assert!(err.contains("board order is fixed"), "{err}");
        roster(2, &[3, 4])
            .apply(&mut t)
            .expect("a reserve joins at the end");
        Edit::RemoveTeam(1)
            .apply(&mut t)
            .expect_err("team 1 has played");
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
            Edit::AddPlayer(Box::new(p)).apply(&mut t).expect("added");
        }
        t.record_pairing(1, &[[1, 2]], None);
        t.set_published(1, true).expect("paired");
        let mut strong = Player::new(0, "Strong");
        strong.rating = Some(2500);
        let late = |p: &Player, round| Edit::LateEntry {
            player: Box::new(p.clone()),
            round,
        };
        late(&strong, 2).apply(&mut t).expect("joins");
        let entry = t.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Renumbering);
        assert!(entry.detail.ends_with(": 1→2, 2→3"), "{}", entry.detail);
        for round in 2..=4 {
            t.record_pairing(round, &[[2, 3]], Some(1));
            t.set_published(round, true).expect("paired");
        }
        let logged = t.log.len();
        late(&strong, 5).apply(&mut t).expect("joins");
        assert_eq!(t.log.len(), logged, "numbers frozen from round 4");
    }

    #[test]
    fn delete_is_refused_after_round_one() {
        let mut t = Tournament::default();
        for name in ["A", "B"] {
            Edit::AddPlayer(Box::new(Player::new(0, name)))
                .apply(&mut t)
                .expect("added");
        }
        assert_eq!(t.players[1].id, 2);
        t.record_pairing(1, &[[1, 2]], None);
        let err = Edit::DeletePlayer(2).apply(&mut t).expect_err("refused");
        assert!(err.contains("before round 1"), "{err}");
        assert_eq!(t.players.len(), 2);
    }
}
