//! The one door: every kind of [`Edit`] applied through the model, without the window
//! (these run under `cargo test --no-default-features`). Each accepted edit leaves a
//! consistent event and writes the integrity-log entries FIDE's checklist asks for;
//! each refused edit changes nothing at all.

use std::collections::BTreeSet;

use swiss_arbiter::document::{Document, Edit, EditError, FoundPairing, RatingRefresh};
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{
    BoardResult, ByeKind, ClubGroupsError, FideMode, FideModeRefusal, LateEntryError, ListId,
    LogKind, OfficialRating, OverrideRecord, Player, PrizeList, RatingMethod, SystemId, Tournament,
};

/// The name of an edit's kind. The match has no wildcard: a new kind of edit does not
/// compile until it is named here, and then [`every_kind_of_edit_goes_through_the_door`]
/// fails until it is exercised.
fn kind(edit: &Edit) -> &'static str {
    match edit {
        Edit::SetEvent(_) => "SetEvent",
        Edit::KeepClubsApart { .. } => "KeepClubsApart",
        Edit::SetPrizes(_) => "SetPrizes",
        Edit::LeaveFideMode(_) => "LeaveFideMode",
        Edit::DrawInitialColour(_) => "DrawInitialColour",
        Edit::DrawSeedingTies(_) => "DrawSeedingTies",
        Edit::AddPlayer(_) => "AddPlayer",
        Edit::LateEntry { .. } => "LateEntry",
        Edit::UpdatePlayer(_) => "UpdatePlayer",
        Edit::UpdatePlayerRemovingDraft(_) => "UpdatePlayerRemovingDraft",
        Edit::UpdatePlayers(_) => "UpdatePlayers",
        Edit::RefreshRatings(_) => "RefreshRatings",
        Edit::SetRatingMethod { .. } => "SetRatingMethod",
        Edit::PickRatingList { .. } => "PickRatingList",
        Edit::DeletePlayer(_) => "DeletePlayer",
        Edit::ImportPlayers(_) => "ImportPlayers",
        Edit::AssignPairingNumbers => "AssignPairingNumbers",
        Edit::SetResult { .. } => "SetResult",
        Edit::SetMatchResult { .. } => "SetMatchResult",
        Edit::AdjournMissing(_) => "AdjournMissing",
        Edit::Publish(_) => "Publish",
        Edit::ClearPairing(_) => "ClearPairing",
        Edit::Override { .. } => "Override",
        Edit::OverrideTeams { .. } => "OverrideTeams",
        Edit::AddTeam(_) => "AddTeam",
        Edit::RemoveTeam(_) => "RemoveTeam",
        Edit::WithdrawTeam { .. } => "WithdrawTeam",
        Edit::CancelTeamWithdrawal(_) => "CancelTeamWithdrawal",
        Edit::SetRoster { .. } => "SetRoster",
        Edit::SetLineup { .. } => "SetLineup",
        Edit::RequestBye { .. } => "RequestBye",
        Edit::RecordPairing(_) => "RecordPairing",
        Edit::KeepImportedRound { .. } => "KeepImportedRound",
        Edit::SetLongEvent(_) => "SetLongEvent",
        Edit::SetRoundRatings { .. } => "SetRoundRatings",
        Edit::CorrectForRating(_) => "CorrectForRating",
        Edit::RemoveRatingCorrection { .. } => "RemoveRatingCorrection",
        Edit::ExchangePairingNumbers { .. } => "ExchangePairingNumbers",
        Edit::RevertTo { .. } => "RevertTo",
        Edit::SetHpbIneligible { .. } => "SetHpbIneligible",
        Edit::ExpelPlayer { .. } => "ExpelPlayer",
        Edit::OrderTiesByHand { .. } => "OrderTiesByHand",
        Edit::SetExternalTieBreak { .. } => "SetExternalTieBreak",
        Edit::DrawTieLots { .. } => "DrawTieLots",
    }
}

/// Applies edits and remembers which kinds were accepted and which refused.
#[derive(Default)]
struct Door {
    accepted: BTreeSet<&'static str>,
    refused: BTreeSet<&'static str>,
}

impl Door {
    /// Applies an edit that must be accepted; returns the log entries it wrote. The event
    /// is consistent afterwards.
    fn accept(&mut self, t: &mut Tournament, edit: Edit) -> Vec<(LogKind, String)> {
        let name = kind(&edit);
        let logged = t.log.len();
        let applied = t
            .apply(edit)
            .unwrap_or_else(|e| panic!("{name} refused: {e}"));
        assert!(t.check().is_ok(), "{name} left a contradiction");
        assert_eq!(applied.logged, t.log.len() - logged, "{name}: count logged");
        self.accepted.insert(name);
        t.log[logged..]
            .iter()
            .map(|e| (e.kind, e.detail.clone()))
            .collect()
    }

    /// Applies an edit that must be refused: the event is exactly as it was.
    fn refuse(&mut self, t: &mut Tournament, edit: Edit) -> EditError {
        let name = kind(&edit);
        let before = t.clone();
        let e = t.apply(edit).expect_err(name);
        assert_eq!(*t, before, "{name} refused ({e}) but changed the event");
        self.refused.insert(name);
        e
    }
}

fn player(name: &str, rating: u16) -> Player {
    let mut p = Player::new(0, name);
    p.rating = Some(rating);
    p
}

/// Pairs `round` with the event's system and records it as a draft, through the door.
fn pair(door: &mut Door, t: &mut Tournament, round: u32) {
    let request = PairingRequest::new(t, t.pairing_system(), Some(round)).expect("request");
    let found = if t.is_team_event() {
        FoundPairing::Teams(request.pair_teams().expect("paired"))
    } else {
        FoundPairing::Players(request.pair().expect("paired"))
    };
    door.accept(t, Edit::RecordPairing(Box::new(found)));
}

fn result(round: u32, white: u32, black: u32, result: BoardResult) -> Edit {
    Edit::SetResult {
        round,
        white,
        black,
        result,
    }
}

fn kinds(logged: &[(LogKind, String)]) -> Vec<LogKind> {
    logged.iter().map(|(k, _)| *k).collect()
}

/// An individual event from registration to a corrected result, an override and a
/// late entry: every edit through `Tournament::apply`, each log entry as the checklist
/// asks for it.
fn individual_event(door: &mut Door) {
    let mut t = Tournament::default();
    t.event.fide_mode = FideMode::On;
    for (name, rating, club) in [
        ("Ana", 2100, "SK Rochade"),
        ("Boris", 2000, ""),
        ("Chen", 1900, "Turm"),
        ("Dora", 1800, "SK Rochade"),
        ("Emil", 1800, ""),
        ("Fay", 1700, ""),
    ] {
        let mut p = player(name, rating);
        p.club = club.into();
        door.accept(&mut t, Edit::AddPlayer(Box::new(p)));
    }
    // A player is entered once: the same name and birth date, or the same FIDE ID.
    let e = door.refuse(&mut t, Edit::AddPlayer(Box::new(player("Ana", 2100))));
    assert!(
        matches!(e, EditError::AlreadyRegistered { player: 1, .. }),
        "{e}"
    );
    door.accept(&mut t, Edit::DeletePlayer(6));
    door.refuse(&mut t, Edit::DeletePlayer(42));
    door.accept(&mut t, Edit::AssignPairingNumbers);
    let lots = door.accept(&mut t, Edit::DrawSeedingTies(7));
    assert_eq!(kinds(&lots), [LogKind::Lots], "{lots:?}");
    let lots = door.accept(&mut t, Edit::DrawInitialColour(11));
    assert_eq!(kinds(&lots), [LogKind::Lots], "{lots:?}");
    let prizes = PrizeList {
        currency: "EUR".into(),
        ..PrizeList::default()
    };
    door.accept(&mut t, Edit::SetPrizes(Box::new(prizes)));
    door.accept(
        &mut t,
        Edit::ImportPlayers(vec![player("Gus", 1600), player("Ana", 2100)]),
    );
    let e = door.refuse(&mut t, Edit::ImportPlayers(vec![player("Gus", 1600)]));
    assert!(matches!(e, EditError::NothingNew { skipped: 1 }), "{e}");
    // National rules keep club-mates apart in round 1: Ana and Dora's club, not Chen's
    // (alone in his), nothing logged before round 1; asked again, nothing is added.
    let clubs_apart = Edit::KeepClubsApart {
        first_round: Some(1),
        last_round: Some(1),
    };
    assert!(door.accept(&mut t, clubs_apart.clone()).is_empty());
    assert_eq!(t.event.forbidden_pairs.len(), 1);
    assert_eq!(t.event.forbidden_pairs[0].players.len(), 2);
    let e = door.refuse(&mut t, clubs_apart.clone());
    assert_eq!(e, EditError::Clubs(ClubGroupsError::AlreadyApart));
    // The rating method (checklist Q145) is set before round 1 and logged; a rating list
    // applied to the same players is logged with its changes (Q134-136); to other
    // players, refused.
    let fidon = Edit::SetRatingMethod {
        method: RatingMethod::Fidon,
        unlisted: Some(1000),
    };
    let logged = door.accept(&mut t, fidon);
    assert_eq!(kinds(&logged), [LogKind::Configuration], "{logged:?}");
    assert!(logged[0].1.contains("FIDON"), "{logged:?}");
    let mut players = t.players.clone();
    players[2].official_ratings = Some(vec![OfficialRating {
        list: ListId::National("GER".into()),
        rating: 1950,
        id: "10101-7".into(),
        source: "spieler.csv".into(),
        date: "2026-11-20".into(),
    }]);
    let refresh = RatingRefresh {
        players,
        list: "national GER list spieler.csv (2026-11-20)".into(),
        fide_date: None,
        fide: false,
        changes: vec!["#3: national GER rating  → 1950".into()],
    };
    let logged = door.accept(&mut t, Edit::RefreshRatings(Box::new(refresh.clone())));
    assert_eq!(kinds(&logged), [LogKind::Ratings], "{logged:?}");
    assert!(
        logged[0].1.contains("#3: national GER rating"),
        "{logged:?}"
    );
    assert_eq!(t.players[2].rating, Some(1950), "FIDON: his only rating");
    let mut fewer = refresh;
    fewer.players.pop();
    let e = door.refuse(&mut t, Edit::RefreshRatings(Box::new(fewer)));
    assert_eq!(e, EditError::PlayersChanged);
    // The arbiter picks the list a player is rated by (Q128-129): one he is on.
    let standard = ListId::Fide(swiss_arbiter::tournament::RatingList::Standard);
    let e = door.refuse(
        &mut t,
        Edit::PickRatingList {
            player: 3,
            list: Some(standard),
        },
    );
    assert!(matches!(e, EditError::NotOnList(3, _)), "{e}");
    let national = ListId::National("GER".into());
    let logged = door.accept(
        &mut t,
        Edit::PickRatingList {
            player: 3,
            list: Some(national),
        },
    );
    assert_eq!(kinds(&logged), [LogKind::Ratings], "{logged:?}");
    assert!(logged[0].1.contains("national GER"), "{logged:?}");

    pair(door, &mut t, 1);
    // FIDE mode fixes the list picked once round 1 is paired, as it fixes the method.
    let e = door.refuse(
        &mut t,
        Edit::PickRatingList {
            player: 3,
            list: None,
        },
    );
    assert_eq!(
        e,
        EditError::FideMode(FideModeRefusal::RatingPickAfterStart)
    );
    // FIDE mode fixes the method once round 1 is paired: it decides the pairing numbers.
    let e = door.refuse(
        &mut t,
        Edit::SetRatingMethod {
            method: RatingMethod::Nidof,
            unlisted: None,
        },
    );
    assert_eq!(
        e,
        EditError::FideMode(FideModeRefusal::RatingMethodAfterStart)
    );
    door.refuse(&mut t, Edit::AddPlayer(Box::new(player("Late", 1500))));
    // FIDE mode sets players who must not meet before round 1 only (Q196).
    let e = door.refuse(
        &mut t,
        Edit::KeepClubsApart {
            first_round: Some(2),
            last_round: Some(2),
        },
    );
    assert_eq!(
        e,
        EditError::FideMode(FideModeRefusal::ProhibitedPairingsAfterStart)
    );
    // Round 1 was paired with the initial colour: it cannot change any more.
    let mut event = t.event.clone();
    event.initial_colour = event.initial_colour.map(|c| c.opposite());
    let e = door.refuse(&mut t, Edit::SetEvent(Box::new(event)));
    assert!(matches!(e, EditError::InitialColourFixed(_)), "{e}");
    door.refuse(&mut t, Edit::DrawInitialColour(3));
    let boards = t.boards(1);
    // A draft is edited by hand (no question: nothing is published); publishing it asks.
    let record = OverrideRecord {
        round: 1,
        changes: vec!["swap colours".into()],
        ..OverrideRecord::default()
    };
    let swapped: Vec<[u32; 2]> = boards.iter().map(|b| [b.black, b.white]).collect();
    let bye = t.pairing_bye(1);
    // In FIDE mode even a draft's hand edit gives its reason.
    let e = door.refuse(
        &mut t,
        Edit::Override {
            boards: swapped.clone(),
            bye,
            record: Box::new(record.clone()),
        },
    );
    assert_eq!(e, EditError::ReasonNeeded(1));
    let with_reason = OverrideRecord {
        reason: "draft".into(),
        ..record.clone()
    };
    let hand_edit = Edit::Override {
        boards: swapped.clone(),
        bye,
        record: Box::new(with_reason),
    };
    assert!(
        hand_edit.warnings(&t).is_empty(),
        "a draft's hand edit is not asked about"
    );
    door.accept(&mut t, hand_edit);
    assert!(!t.is_published(1), "the hand edit keeps the draft");
    let asked = Edit::Publish(1).warnings(&t);
    assert_eq!(
        asked.len(),
        1,
        "publishing a hand-edited draft is confirmed"
    );
    assert!(
        format!("{:?}", asked[0]).contains("ConfirmTwice"),
        "{asked:?}"
    );
    // Removing the draft's pairing takes its hand edit with it; undo by hand.
    door.accept(&mut t, Edit::ClearPairing(1));
    assert!(t.overrides.is_empty(), "the hand edit went with the draft");
    pair(door, &mut t, 1);
    door.accept(&mut t, Edit::Publish(1));
    // An override is of the last round paired.
    let record = OverrideRecord {
        reason: "test".into(),
        ..record
    };
    let e = door.refuse(
        &mut t,
        Edit::Override {
            boards: swapped.clone(),
            bye,
            record: Box::new(OverrideRecord {
                round: 2,
                ..record.clone()
            }),
        },
    );
    assert!(matches!(e, EditError::NotOverridable(_)), "{e}");
    door.accept(
        &mut t,
        Edit::Override {
            boards: swapped,
            bye,
            record: Box::new(record),
        },
    );
    assert_eq!(t.overrides.len(), 1, "the override is recorded");
    let boards = t.boards(1);
    let (w, b) = (boards[0].white, boards[0].black);
    assert!(
        door.accept(&mut t, result(1, w, b, BoardResult::WhiteWins))
            .is_empty()
    );
    let corrected = door.accept(&mut t, result(1, w, b, BoardResult::BlackWins));
    assert_eq!(kinds(&corrected), [LogKind::Correction], "{corrected:?}");
    assert!(corrected[0].1.ends_with("1-0 → 0-1"), "{corrected:?}");
    let (w2, b2) = (boards[1].white, boards[1].black);
    let adjourned = door.accept(&mut t, result(1, w2, b2, BoardResult::Adjourned));
    assert_eq!(kinds(&adjourned), [LogKind::Adjournment], "{adjourned:?}");
    let ended = door.accept(&mut t, result(1, w2, b2, BoardResult::Draw));
    assert_eq!(kinds(&ended), [LogKind::Adjournment], "{ended:?}");
    door.refuse(&mut t, result(1, w, w, BoardResult::Draw));

    // Round 2 asked for while round 1 has games without a result: adjourned, logged.
    let missing = t.games_missing_before(2).len();
    assert!(missing > 0);
    let adjourned = door.accept(&mut t, Edit::AdjournMissing(2));
    assert_eq!(adjourned.len(), missing);
    assert!(adjourned.iter().all(|(k, _)| *k == LogKind::Adjournment));
    let e = door.refuse(&mut t, Edit::AdjournMissing(2));
    assert_eq!(e, EditError::NothingToAdjourn(2));

    // A full-point bye requested in FIDE mode is deprecated and in the report (Q179).
    let byes = door.accept(
        &mut t,
        Edit::RequestBye {
            player: 1,
            round: 2,
            bye: Some(ByeKind::Full),
        },
    );
    assert_eq!(kinds(&byes), [LogKind::Bye], "{byes:?}");
    door.accept(
        &mut t,
        Edit::RequestBye {
            player: 1,
            round: 2,
            bye: None,
        },
    );

    // After round 1, a change of what decides pairings is logged.
    let mut event = t.event.clone();
    event.rounds = Some(event.rounds.unwrap_or(5) + 2);
    let configured = door.accept(&mut t, Edit::SetEvent(Box::new(event)));
    assert_eq!(
        kinds(&configured),
        [LogKind::Configuration],
        "{configured:?}"
    );

    // A late entry after round 1 renumbers everyone, logged with every number.
    let late = door.accept(
        &mut t,
        Edit::LateEntry {
            player: Box::new(player("Strong", 2700)),
            round: 2,
        },
    );
    assert_eq!(kinds(&late), [LogKind::Renumbering], "{late:?}");
    // A withdrawal from a draft round removes the draft, asked as its own edit.
    pair(door, &mut t, 2);
    let seated = t.boards(2)[0].white;
    let mut withdrawn = t.player(seated).expect("seated").clone();
    withdrawn.withdrawn_from = Some(2);
    let asked = Edit::UpdatePlayer(Box::new(withdrawn.clone())).as_asked(&t);
    assert_eq!(kind(&asked), "UpdatePlayerRemovingDraft");
    door.refuse(&mut t, Edit::UpdatePlayer(Box::new(withdrawn.clone())));
    door.accept(&mut t, asked);
    assert!(!t.is_paired(2), "the draft went with the withdrawal");
    withdrawn.withdrawn_from = None;
    withdrawn.name.push_str(" (back)");
    door.accept(&mut t, Edit::UpdatePlayer(Box::new(withdrawn)));
    let mut players = t.players.clone();
    players[0].rating = Some(2111);
    door.accept(&mut t, Edit::UpdatePlayers(players.clone()));
    players.pop();
    assert_eq!(
        door.refuse(&mut t, Edit::UpdatePlayers(players)),
        EditError::PlayersChanged
    );
    pair(door, &mut t, 2);
    // A late entry renumbers: not while a draft was paired with the old numbers.
    let e = door.refuse(
        &mut t,
        Edit::LateEntry {
            player: Box::new(player("Later", 2000)),
            round: 3,
        },
    );
    assert!(matches!(e, EditError::LateEntry { .. }), "{e}");
    door.accept(&mut t, Edit::ClearPairing(2));
    // The same player entered again late (same FIDE ID, another spelling) is refused.
    let mut again = t.player(1).expect("registered").clone();
    again.fide_id = Some(4_100_018);
    let mut registered = again.clone();
    registered.name.push_str(" (again)");
    door.accept(&mut t, Edit::UpdatePlayer(Box::new(again)));
    let e = door.refuse(
        &mut t,
        Edit::LateEntry {
            player: Box::new(registered),
            round: 3,
        },
    );
    assert!(
        matches!(
            e,
            EditError::LateEntry {
                error: LateEntryError::AlreadyRegistered { player: 1, .. },
                ..
            }
        ),
        "{e}"
    );
    let imported = door.accept(
        &mut t,
        Edit::KeepImportedRound {
            round: 1,
            detail: "board 1 paired otherwise".into(),
        },
    );
    assert_eq!(kinds(&imported), [LogKind::Import], "{imported:?}");
    // The rating data (checklist Q192-193, Q210-216; `long_event.rs` tests them).
    door.accept(
        &mut t,
        Edit::SetLongEvent(Some(swiss_arbiter::tournament::LongEvent::default())),
    );
    door.accept(
        &mut t,
        Edit::SetRoundRatings {
            from_round: 2,
            ratings: vec![(1, 2001)],
            list: None,
        },
    );
    let board = t.boards(1).into_iter().next().expect("a board in round 1");
    let corrected = door.accept(
        &mut t,
        Edit::CorrectForRating(Box::new(swiss_arbiter::tournament::RatingCorrection {
            round: 1,
            white: board.white,
            black: board.black,
            result: BoardResult::DrawNotRated,
            reason: "found unplayed".into(),
        })),
    );
    assert_eq!(kinds(&corrected), [LogKind::Correction], "{corrected:?}");
    door.accept(
        &mut t,
        Edit::RemoveRatingCorrection {
            round: 1,
            white: board.white,
            black: board.black,
        },
    );
    door.accept(&mut t, Edit::LeaveFideMode("a rapid side event".into()));
    assert!(!t.event.fide_mode.is_on());
}

/// A team event: teams, rosters, a paired round, a line-up, an override of the teams'
/// pairing, a withdrawal taken back.
fn team_event(door: &mut Door) {
    let mut t = Tournament::default();
    for id in 1..=16u16 {
        door.accept(
            &mut t,
            Edit::AddPlayer(Box::new(player(&format!("P{id}"), 2400 - id * 10))),
        );
    }
    for team in 1..=5 {
        door.accept(&mut t, Edit::AddTeam(format!("T{team}")));
    }
    assert_eq!(t.pairing_system(), SystemId::FideTeam);
    for team in 1..=4u32 {
        let players: Vec<u32> = (1..=4).map(|board| (team - 1) * 4 + board).collect();
        door.accept(&mut t, Edit::SetRoster { team, players });
    }
    door.refuse(
        &mut t,
        Edit::SetRoster {
            team: 9,
            players: vec![1],
        },
    );
    door.accept(&mut t, Edit::RemoveTeam(5));
    door.refuse(&mut t, Edit::RemoveTeam(5));
    door.accept(&mut t, Edit::WithdrawTeam { team: 4, from: 2 });
    door.accept(&mut t, Edit::CancelTeamWithdrawal(4));
    pair(door, &mut t, 1);
    let e = door.refuse(
        &mut t,
        Edit::SetRoster {
            team: 1,
            players: vec![2, 1, 3, 4],
        },
    );
    assert_eq!(e, EditError::BoardOrderFixed { team: 1 });
    // The captain leaves the last board empty, before any result of the match.
    let lineup = t.team_lineup(1, 1).expect("team 1 plays round 1");
    let mut fielded = lineup.boards.clone();
    let last = fielded.len() - 1;
    fielded[last] = None;
    door.accept(
        &mut t,
        Edit::SetLineup {
            round: 1,
            team: 1,
            players: fielded,
        },
    );
    assert_eq!(t.team_lineup(1, 1).expect("fielded").boards[last], None);
    door.accept(&mut t, Edit::Publish(1));
    let pairing = PairingRequest::recorded(&t, SystemId::FideTeam, 1)
        .pair_teams()
        .expect("the teams' pairing");
    let record = OverrideRecord {
        round: 1,
        changes: vec!["none".into()],
        reason: "test".into(),
        ..OverrideRecord::default()
    };
    door.accept(
        &mut t,
        Edit::OverrideTeams {
            pairing,
            record: Box::new(record),
        },
    );
}

/// The arbiter's manual work (checklist Q114, Q147-154, Q175-176).
fn manual_work_edits(door: &mut Door) {
    let mut t = Tournament::default();
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
        door.accept(&mut t, Edit::AddPlayer(Box::new(player(name, rating))));
    }
    let exchange = |a, b| Edit::ExchangePairingNumbers {
        a,
        b,
        reason: "typo".into(),
    };
    door.refuse(&mut t, exchange(1, 1));
    door.accept(&mut t, exchange(1, 2));
    let revert = |point| Edit::RevertTo {
        point,
        reason: "undo".into(),
    };
    door.refuse(&mut t, revert(99));
    let point = t.restore_points[0].id;
    door.accept(&mut t, revert(point));
    let ineligible = |player| Edit::SetHpbIneligible {
        player,
        ineligible: true,
    };
    door.refuse(&mut t, ineligible(9));
    door.accept(&mut t, ineligible(3));
}

/// The arbiter's decisions on the standings (checklist Q197-198, Q204-207): four players
/// all drawn in round 1 and no tie-break list, so all are tied.
fn standings_decisions(door: &mut Door) {
    let mut t = Tournament::default();
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
        door.accept(&mut t, Edit::AddPlayer(Box::new(player(name, rating))));
    }
    t.event.tiebreaks.clear();
    pair(door, &mut t, 1);
    door.accept(&mut t, Edit::Publish(1));
    for [white, black] in t.round_record(1).boards.clone() {
        door.accept(&mut t, result(1, white, black, BoardResult::Draw));
    }
    let mut drawn = t.clone();
    let expel = |player, from| Edit::ExpelPlayer {
        player,
        from,
        reason: "misconduct".into(),
    };
    door.refuse(&mut t, expel(4, 1));
    let logged = door.accept(&mut t, expel(4, 2));
    assert_eq!(kinds(&logged), [LogKind::Expulsion], "{logged:?}");
    let order = |players: Vec<u32>| Edit::OrderTiesByHand {
        round: None,
        players,
        reason: "play-off".into(),
    };
    door.refuse(&mut t, order(vec![1, 2]));
    door.accept(&mut t, order(vec![3, 1, 2]));
    let external = |code: &str| Edit::SetExternalTieBreak {
        code: code.into(),
        values: vec![(1, swiss_arbiter::tournament::Points::ONE)],
        reason: "armageddon".into(),
    };
    door.refuse(&mut t, external("BH"));
    door.accept(&mut t, external("OTHER_PO"));
    let logged = door.accept(
        &mut drawn,
        Edit::DrawTieLots {
            round: None,
            seed: 5,
        },
    );
    assert_eq!(kinds(&logged), [LogKind::Lots], "{logged:?}");
}

/// A Double-Swiss event (C.04.5): a match's two games entered at once.
fn double_swiss_event(door: &mut Door) {
    let mut t = Tournament::default();
    t.event.system = Some(SystemId::DoubleSwiss);
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
        door.accept(&mut t, Edit::AddPlayer(Box::new(player(name, rating))));
    }
    pair(door, &mut t, 1);
    let board = t.boards(1)[0];
    door.accept(
        &mut t,
        Edit::SetMatchResult {
            round: 1,
            white: board.white,
            black: board.black,
            games: [BoardResult::WhiteWins, BoardResult::Draw],
        },
    );
    door.refuse(
        &mut t,
        Edit::SetMatchResult {
            round: 1,
            white: board.white,
            black: board.white,
            games: [BoardResult::WhiteWins, BoardResult::Draw],
        },
    );
}

/// Every kind of edit is accepted somewhere through `Tournament::apply`, with the log
/// entries the checklist asks for, and every refusal changes nothing.
#[test]
fn every_kind_of_edit_goes_through_the_door() {
    let mut door = Door::default();
    individual_event(&mut door);
    team_event(&mut door);
    double_swiss_event(&mut door);
    manual_work_edits(&mut door);
    standings_decisions(&mut door);
    let every: BTreeSet<&str> = [
        "SetEvent",
        "KeepClubsApart",
        "SetPrizes",
        "LeaveFideMode",
        "DrawInitialColour",
        "DrawSeedingTies",
        "AddPlayer",
        "LateEntry",
        "UpdatePlayer",
        "UpdatePlayerRemovingDraft",
        "UpdatePlayers",
        "RefreshRatings",
        "SetRatingMethod",
        "PickRatingList",
        "DeletePlayer",
        "ImportPlayers",
        "AssignPairingNumbers",
        "SetResult",
        "SetMatchResult",
        "AdjournMissing",
        "Publish",
        "ClearPairing",
        "Override",
        "OverrideTeams",
        "AddTeam",
        "RemoveTeam",
        "WithdrawTeam",
        "CancelTeamWithdrawal",
        "SetRoster",
        "SetLineup",
        "RequestBye",
        "RecordPairing",
        "KeepImportedRound",
        "SetLongEvent",
        "SetRoundRatings",
        "CorrectForRating",
        "RemoveRatingCorrection",
        "ExchangePairingNumbers",
        "RevertTo",
        "SetHpbIneligible",
        "ExpelPlayer",
        "OrderTiesByHand",
        "SetExternalTieBreak",
        "DrawTieLots",
    ]
    .into_iter()
    .collect();
    let missing: Vec<_> = every.difference(&door.accepted).collect();
    assert!(missing.is_empty(), "kinds never accepted: {missing:?}");
    assert!(
        door.refused.len() >= 10,
        "refusals tried: {:?}",
        door.refused
    );
}

/// The document: one undo step per edit (or per group of edits), all or nothing, the
/// dirty flag back to clean when undone to the saved state, and no step back into FIDE
/// mode once it was left.
#[test]
fn the_document_undoes_and_refuses_as_a_whole() {
    let mut doc = Document::default();
    assert!(!doc.is_dirty() && !doc.can_undo());
    let revision = doc.revision();
    doc.apply(Edit::AddPlayer(Box::new(player("Ana", 2000))))
        .expect("added");
    assert!(doc.is_dirty() && doc.can_undo());
    assert!(doc.revision() > revision);
    // A refused edit: nothing changes, not even the revision or the history.
    let (revision, before) = (doc.revision(), doc.sections().to_vec());
    doc.apply(Edit::DeletePlayer(9)).expect_err("no player 9");
    assert_eq!(doc.revision(), revision);
    assert_eq!(doc.sections(), before.as_slice());
    // A group of edits where the last is refused: none is made.
    let second = doc.add_section();
    assert_eq!(doc.current_index(), second);
    let e = doc
        .apply_all(vec![
            (0, Edit::AddPlayer(Box::new(player("Boris", 1900)))),
            (second, Edit::AddPlayer(Box::new(player("Chen", 1800)))),
            (7, Edit::AddPlayer(Box::new(player("Dora", 1700)))),
        ])
        .expect_err("no section 8");
    assert_eq!(e, EditError::NoSection(7));
    assert_eq!(doc.sections()[0].players.len(), 1);
    assert!(doc.sections()[second].players.is_empty());
    // Undo goes back to the file's state: clean again.
    assert_eq!(doc.undo().map(|s| s.section), Some(0));
    assert_eq!(doc.sections().len(), 1);
    assert_eq!(doc.undo().map(|s| s.section), Some(0));
    assert!(!doc.is_dirty(), "undone to what the file holds");
    assert!(doc.undo().is_none());
    assert!(doc.redo().is_some());
    assert!(doc.is_dirty());
    // An event read from TRF belongs to no native file, and the reading is logged
    // (checklist Q112).
    let doc = Document::read_from_trf(vec![Tournament::default(); 2], "open.trf");
    assert!(doc.is_dirty() && doc.path().is_none());
    for t in doc.sections() {
        assert_eq!(t.log.len(), 1);
        assert_eq!(t.log[0].kind, LogKind::Import);
        assert_eq!(t.log[0].detail, "open.trf read as TRF");
    }
    // Leaving FIDE mode is for good: undo brings the players back, not the mode.
    let mut fide = Tournament::default();
    fide.event.fide_mode = FideMode::On;
    let mut doc = Document::new(vec![fide], None, false);
    doc.apply(Edit::AddPlayer(Box::new(player("Ana", 2000))))
        .expect("added");
    doc.apply(Edit::LeaveFideMode("side event".into()))
        .expect("left");
    doc.undo().expect("undone");
    doc.undo().expect("undone");
    assert!(doc.current().players.is_empty());
    assert!(!doc.current().event.fide_mode.is_on(), "left for good");
}

/// The pairing of a round is removed only while it is a draft, the last round paired,
/// with no result entered; otherwise it is refused naming why, and nothing changes. Undo
/// brings a removed pairing back, and says what it undid.
#[test]
fn only_a_draft_without_results_has_its_pairing_removed() {
    use swiss_arbiter::tournament::RoundEditError;
    let mut door = Door::default();
    let mut t = Tournament::default();
    for (name, rating) in [
        ("Ana", 2100),
        ("Boris", 2000),
        ("Chen", 1900),
        ("Dora", 1800),
        ("Emil", 1700),
        ("Fay", 1600),
    ] {
        door.accept(&mut t, Edit::AddPlayer(Box::new(player(name, rating))));
    }
    pair(&mut door, &mut t, 1);
    for b in t.boards(1) {
        door.accept(&mut t, result(1, b.white, b.black, BoardResult::Draw));
    }
    door.accept(&mut t, Edit::Publish(1));
    pair(&mut door, &mut t, 2);
    let refused = |door: &mut Door, t: &mut Tournament, round| match door
        .refuse(t, Edit::ClearPairing(round))
    {
        EditError::Round(e) => e,
        other => panic!("another refusal: {other}"),
    };
    assert_eq!(
        refused(&mut door, &mut t, 1),
        RoundEditError::LaterRoundPaired { round: 1, later: 2 }
    );
    assert_eq!(
        refused(&mut door, &mut t, 3),
        RoundEditError::NotPaired { round: 3 }
    );
    let first = t.boards(2)[0];
    door.accept(
        &mut t,
        result(2, first.white, first.black, BoardResult::WhiteWins),
    );
    let e = refused(&mut door, &mut t, 2);
    assert_eq!(
        e,
        RoundEditError::ResultsEntered {
            round: 2,
            results: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "round 2 has 1 result entered: clear them before removing its pairing"
    );
    door.accept(
        &mut t,
        result(2, first.white, first.black, BoardResult::Pending),
    );
    // Through the document: one undoable step, named.
    let draft = t.clone();
    let mut doc = Document::new(vec![t], None, false);
    doc.apply(Edit::ClearPairing(2))
        .expect("a draft without results");
    assert!(!doc.current().is_paired(2));
    assert!(doc.current().is_published(1), "round 1 as it was");
    let undone = doc.undo().expect("undone");
    assert_eq!(undone.what, "Round 2 pairing removed");
    assert_eq!(doc.current(), &draft, "the draft is back");
    assert_eq!(doc.redo().expect("redone").what, "Round 2 pairing removed");
    assert!(!doc.current().is_paired(2));
    // Published, the round is re-paired or overridden: its pairing is not removed.
    let mut t = draft;
    door.accept(&mut t, Edit::Publish(2));
    let e = refused(&mut door, &mut t, 2);
    assert_eq!(e, RoundEditError::PublishedPairing { round: 2 });
    assert!(e.to_string().contains("re-pair it or override it"), "{e}");
}
