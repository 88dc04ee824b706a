//! A team event through the window (C.04.6): 12 registered teams paired round by round
//! with the button for 9 rounds, every board's result typed, the team standings shown
//! compared with the library's and printed; a team's pairing-allocated bye; teams added
//! and rosters made in the Teams view, undoably; the team crosstable of a played event.
#![cfg(feature = "gui")]

use crate::common::window::{
    click, harness, harness_sized, press_text, step_until, step_until_shown, temp_dir, type_into,
};

use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::generator::GeneratorConfig;
use swiss_arbiter::generator::teams::{self, TeamEvent};
use swiss_arbiter::gui::ArbiterApp;
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::print::Sheet;
use swiss_arbiter::standings::{self, DEFAULT_TEAM_TIEBREAKS, Rules};
use swiss_arbiter::tournament::{Points, RecordedMatch, SystemId, Tournament};

/// A registered team event: `teams` teams of 4 boards (and up to one reserve), no round
/// played, `rounds` planned.
pub(crate) fn registered(teams: u32, rounds: u32) -> Tournament {
    let config = GeneratorConfig {
        rounds: 0,
        planned_rounds: Some(rounds),
        draw_rate: 0.2,
        results: Default::default(),
        ..teams::config(0, 7)
    };
    teams::generate(&config, &TeamEvent::new(teams, 4)).expect("registered")
}

/// Opens `t` (saved in `dir`) in a window tall enough for a round's 30 lines.
pub(crate) fn open(dir: &std::path::Path, t: &Tournament) -> Harness<'static, ArbiterApp> {
    let mut h = harness_sized(dir, eframe::egui::vec2(1200.0, 1500.0));
    h.run_ok();
    let file = dir.join("teams.ron");
    swiss_arbiter::formats::native::save(t, &file).expect("saved");
    h.state_mut().open_path(&file);
    h.run_ok();
    h
}

/// Pairs `round` with its button and waits for the pairing.
pub(crate) fn pair(h: &mut Harness<'static, ArbiterApp>, round: u32) {
    click(h, &format!("Round {round}"));
    click(h, &format!("Pair round {round}"));
    step_until(h, "the pairing", |app| {
        !app.is_pairing() && app.tournament().is_paired(round)
    });
}

/// The texts of the labels shown, in the window's order.
fn labels(h: &Harness<'static, ArbiterApp>) -> Vec<String> {
    h.query_all_by(|n| n.role() == Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .collect()
}

/// Prints `sheet` from the window's menu command to `path` and reads it back.
fn printed(h: &mut Harness<'static, ArbiterApp>, sheet: Sheet, path: &std::path::Path) -> Vec<u8> {
    let ctx = h.ctx.clone();
    h.state_mut().print_to(sheet, path, &ctx);
    step_until(h, "the printing", |app| !app.is_writing());
    std::fs::read(path).unwrap_or_else(|e| panic!("{sheet} was not written: {e}"))
}

/// [`printed`] as an HTML page.
fn printed_html(
    h: &mut Harness<'static, ArbiterApp>,
    sheet: Sheet,
    path: &std::path::Path,
) -> String {
    String::from_utf8(printed(h, sheet, path)).expect("UTF-8 HTML")
}

/// The game points of `team`'s players in `round`, summed from their own outcomes.
fn game_points(t: &Tournament, team: u32, round: u32) -> Points {
    t.team(team)
        .expect("team")
        .players
        .iter()
        .filter_map(|&p| t.player(p))
        .map(|p| t.event.scoring.points(p.outcome(round)))
        .sum()
}

#[test]
fn twelve_teams_nine_rounds_through_the_window() {
    let dir = temp_dir("teams");
    let registered = registered(12, 9);
    assert_eq!(registered.teams.len(), 12);
    assert_eq!(registered.rounds_recorded(), 0);
    let mut h = open(&dir, &registered);
    click(&mut h, "Teams (12)");
    h.get_by_label(&format!("1 {} (5)", registered.teams[0].name.as_str()))
        .click();
    h.run_ok();

    const KEYS: [&str; 5] = ["1", "=", "0", "1", "0"];
    for round in 1..=9 {
        // What the engine makes of the event as it stands (the window holds no pairing
        // logic: it must record exactly this, team by team).
        let before = h.state().tournament().clone();
        let expected = PairingRequest::new(&before, SystemId::FideTeam, Some(round))
            .expect("a round to pair")
            .pair_teams()
            .expect("paired");
        pair(&mut h, round);
        let t = h.state().tournament().clone();
        let matches = t.team_matches(round);
        let found: Vec<(u32, u32)> = matches.iter().map(|m| (m.white, m.black)).collect();
        assert_eq!(
            found, expected.matches,
            "round {round}: the engine's matches"
        );
        assert_eq!(
            t.boards(round).len(),
            24,
            "round {round}: 6 matches of 4 boards"
        );
        assert!(t.team_bye(round).is_none(), "12 teams: no bye");
        // A header line per match: its teams (White on board 1 first), its score so far.
        let name = |id: u32| format!("{id} {}", t.team(id).expect("team").name);
        let header = |h: &Harness<'static, ArbiterApp>, m: &RecordedMatch, score: String| {
            let expected = ["Match".to_string(), name(m.white), score, name(m.black)];
            assert!(
                labels(h).windows(4).any(|w| w == expected.as_slice()),
                "round {round}: no header {expected:?}"
            );
        };
        for m in &matches {
            header(&h, m, "0–0".into());
        }
        // Once the round is explained, no board carries a badge for what it merely is
        // (C.04.6 1.1, the match it belongs to); round 1 (every team on 0, colours by the
        // rule) has no badge at all, so no Notes column.
        step_until(&mut h, "the explanation", |app| {
            app.insight(round)
                .is_some_and(|i| i.recorded.explanation.is_some())
        });
        let shown = labels(&h);
        assert!(
            !shown.iter().any(|l| l == "1.1"),
            "round {round}: a 1.1 badge"
        );
        if round == 1 {
            assert!(
                !shown.iter().any(|l| l == "Notes"),
                "round 1: a criterion badge: {shown:?}"
            );
        }

        click(&mut h, "Publish");
        for board in 0..24 {
            press_text(&mut h, KEYS[(board + round as usize) % KEYS.len()]);
        }
        let t = h.state().tournament().clone();
        assert!(t.is_complete(round), "round {round}: every result entered");
        for m in t.team_matches(round) {
            let (w, b) = (
                game_points(&t, m.white, round),
                game_points(&t, m.black, round),
            );
            assert_eq!(w + b, Points::whole(4), "four games a match");
            header(&h, &m, format!("{}–{}", w.with_halves(), b.with_halves()));
        }
    }
    assert!(
        h.query_all_by_label("Pair round 10").next().is_none(),
        "no round after the ninth"
    );

    // The team standings shown are the library's, row by row, cell by cell.
    click(&mut h, "Standings");
    step_until_shown(&mut h, "Team standings after round 9");
    let t = h.state().tournament().clone();
    let edition = Rules::for_event(&t.event).edition;
    let rows = standings::team_standings(&t, 9, &DEFAULT_TEAM_TIEBREAKS, edition);
    assert_eq!(rows.len(), 12);
    // Every tie-break has a column but the totals of the two scores, which the MP and
    // GP columns show already (no column twice).
    let columns = standings::tiebreak_columns(&DEFAULT_TEAM_TIEBREAKS);
    assert_eq!(columns.len(), DEFAULT_TEAM_TIEBREAKS.len() - 1);
    let mut expected: Vec<String> = ["Rank", "No", "Team", "W", "D", "L", "MP", "GP"]
        .map(String::from)
        .into_iter()
        .chain(columns.iter().map(|&k| DEFAULT_TEAM_TIEBREAKS[k].code()))
        .collect();
    for r in &rows {
        expected.extend([
            r.rank.to_string(),
            r.team.to_string(),
            r.name.clone(),
            r.won.to_string(),
            r.drawn.to_string(),
            r.lost.to_string(),
            r.match_points.to_string(),
            r.game_points.to_string(),
        ]);
        expected.extend(columns.iter().map(|&k| r.tiebreaks[k].to_string()));
    }
    let shown = labels(&h);
    assert!(
        shown
            .windows(expected.len())
            .any(|w| w == expected.as_slice()),
        "the team standings shown differ from the library's:\nexpected {expected:?}\nshown {shown:?}"
    );
    h.get_by_label("Team standings after round 9");

    // Printed: the team standings and the last round's match sheets.
    let html = printed_html(&mut h, Sheet::Standings, &dir.join("team-standings.html"));
    assert!(html.contains("Team standings after round 9"), "{html}");
    for r in &rows {
        assert!(
            html.contains(&swiss_arbiter::print::escape(&r.name)),
            "{}",
            r.name
        );
    }
    let bytes = printed(&mut h, Sheet::Standings, &dir.join("team-standings.pdf"));
    assert!(bytes.starts_with(b"%PDF"), "a PDF");
    let html = printed_html(&mut h, Sheet::Pairings, &dir.join("team-pairings.html"));
    assert!(html.contains("Team pairings, round 9"), "{html}");
    let first = t.team_matches(9)[0].white;
    assert!(html.contains(&swiss_arbiter::print::escape(
        &t.team(first).expect("team").name
    )));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A played team event (11 teams, so a bye each round; some boards forfeited): its
/// Crosstable entry shows the team crosstable, each team's line the library's cells, in
/// the team standings' order; printed, the same lines.
#[test]
fn the_crosstable_of_a_team_event_is_the_teams() {
    let dir = temp_dir("team-crosstable");
    let config = GeneratorConfig {
        forfeit_rate: 0.03,
        ..teams::config(9, 11)
    };
    let played = teams::generate(&config, &TeamEvent::new(11, 4)).expect("played");
    let mut h = open(&dir, &played);
    click(&mut h, "Crosstable");
    step_until_shown(&mut h, "Team crosstable after round 9");
    let t = h.state().tournament().clone();
    let s = standings::event_team_standings(&t, None)
        .expect("a team event")
        .expect("standings");
    let x = standings::team_crosstable(&t, &s);
    assert_eq!(x.lines.len(), 11);
    let shown = labels(&h);
    // The round headings, then every line's cells in the standings' order.
    let headings = x.headings();
    assert!(
        headings.iter().all(|heading| shown.contains(heading)),
        "{shown:?}"
    );
    let mut expected = Vec::new();
    for line in &x.lines {
        // A round without a match is a dash, as in the players' crosstable.
        let cells: Vec<String> = x
            .cells(line)
            .into_iter()
            .map(|c| if c.is_empty() { "–".into() } else { c })
            .collect();
        assert!(
            shown.windows(cells.len()).any(|w| w == cells.as_slice()),
            "no line {cells:?} in {shown:?}"
        );
        expected.extend(cells);
    }
    assert!(
        shown
            .windows(expected.len())
            .any(|w| w == expected.as_slice()),
        "the lines are not in the standings' order"
    );
    // One team's line as a reader sees it: its bye and a played match.
    let leader = &x.lines[0];
    assert_eq!(leader.row.rank, 1);
    h.get_by_label(&leader.row.name);
    let bye = x
        .lines
        .iter()
        .flat_map(|l| &l.rounds)
        .filter(|c| c.text() == "U")
        .count();
    assert_eq!(bye, 9, "one bye a round");
    let first = &leader.rounds[0];
    let opponent = first.opponent.expect("the leader met a team in round 1");
    assert!(
        first.text().starts_with(&format!("{opponent}w"))
            || first.text().starts_with(&format!("{opponent}b")),
        "{}",
        first.text()
    );

    // Printed from the window: the same lines.
    let html = printed_html(&mut h, Sheet::Crosstable, &dir.join("team-crosstable.html"));
    assert!(html.contains("Team crosstable after round 9"), "{html}");
    for line in &x.lines {
        for cell in x.cells(line) {
            assert!(
                html.contains(&swiss_arbiter::print::escape(&cell)),
                "{cell}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_odd_number_of_teams_gives_one_the_bye() {
    let dir = temp_dir("team-bye");
    let t = registered(5, 3);
    let mut h = open(&dir, &t);
    pair(&mut h, 1);
    let t = h.state().tournament().clone();
    let bye = t
        .team_bye(1)
        .expect("5 teams: a team has the pairing-allocated bye");
    assert_eq!(t.team_matches(1).len(), 2);
    h.get_by_label(&format!("Bye (pairing-allocated): {} {}", bye.id, bye.name));
    // The bye is undone with the pairing, as one step.
    let ctx = h.ctx.clone();
    h.state_mut().run(swiss_arbiter::gui::Command::Undo, &ctx);
    h.run_ok();
    assert!(h.state().tournament().team_bye(1).is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn teams_are_made_in_the_teams_view_and_undone() {
    let dir = temp_dir("team-register");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    click(&mut h, "Add player");
    for (name, rating) in [("Ann", "2100"), ("Bob", "2000"), ("Cid", "1900")] {
        type_into(&mut h, "Name", name);
        type_into(&mut h, "Rating", rating);
        click(&mut h, "Save player");
    }
    click(&mut h, "Close");
    click(&mut h, "Teams (0)");
    type_into(&mut h, "Team name", "Rooks");
    click(&mut h, "Add team");
    let t = h.state().tournament();
    assert_eq!(t.teams.len(), 1);
    assert!(t.is_team_event());
    assert_eq!(t.pairing_system(), SystemId::FideTeam);
    click(&mut h, "Add 3 Cid");
    click(&mut h, "Add 1 Ann");
    assert_eq!(h.state().tournament().teams[0].players, [3, 1]);
    h.get_by_label("Board 1: 3 Cid");
    h.get_by_label("Move Ann up").click();
    h.run_ok();
    assert_eq!(h.state().tournament().teams[0].players, [1, 3]);
    h.get_by_label("Remove Cid from the roster").click();
    h.run_ok();
    assert_eq!(h.state().tournament().teams[0].players, [1]);
    // Each step undoes on its own.
    let ctx = h.ctx.clone();
    h.state_mut().run(swiss_arbiter::gui::Command::Undo, &ctx);
    h.run_ok();
    assert_eq!(h.state().tournament().teams[0].players, [1, 3]);

    // A team event's tie-breaks are the teams' codes.
    click(&mut h, "Event");
    type_into(&mut h, "Tie-breaks", "EGGSB, BH:GP");
    click(&mut h, "Apply changes");
    assert_eq!(h.state().tournament().event.tiebreaks, ["EGGSB", "BH:GP"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A captain's line-up after the pairing (TRF-2026 `300`): the reserve comes in on the
/// last board through the match's *Line-up…* editor, the board shows his name, the change
/// is one undo step, and once a result of the match is entered the editor is not offered.
#[test]
fn a_lineup_is_changed_in_the_round_view() {
    let dir = temp_dir("team-lineup");
    let mut h = open(&dir, &registered(4, 3));
    pair(&mut h, 1);
    let t = h.state().tournament().clone();
    // A team of the first match with a reserve (roster of 5 for 4 boards).
    let m = &t.team_matches(1)[0];
    let team = [m.white, m.black]
        .into_iter()
        .filter_map(|id| t.team(id))
        .find(|x| x.players.len() == 5)
        .expect("a team with a reserve")
        .clone();
    let reserve = t.player(team.players[4]).expect("reserve").clone();
    let left_out = t.player(team.players[3]).expect("board 4").clone();
    assert!(labels(&h).contains(&format!("{} {}", left_out.id, left_out.name)));
    assert!(!labels(&h).contains(&format!("{} {}", reserve.id, reserve.name)));

    click(&mut h, &format!("Line-up of {}", team.name));
    h.get_by_role_and_label(Role::ComboBox, "Board 4").click();
    h.run_ok();
    click(&mut h, &format!("{} ({})", reserve.name, reserve.id));
    click(&mut h, "Apply line-up");
    let t = h.state().tournament().clone();
    assert_eq!(
        t.team_lineup(1, team.id).map(|l| l.boards[3]),
        Some(Some(reserve.id))
    );
    assert!(labels(&h).contains(&format!("{} {}", reserve.id, reserve.name)));
    assert!(!labels(&h).contains(&format!("{} {}", left_out.id, left_out.name)));
    assert!(t.check().is_ok());

    // One undo step back to the pairing's line-up, and redo.
    let ctx = h.ctx.clone();
    h.state_mut().run(swiss_arbiter::gui::Command::Undo, &ctx);
    h.run_ok();
    assert!(labels(&h).contains(&format!("{} {}", left_out.id, left_out.name)));
    h.state_mut().run(swiss_arbiter::gui::Command::Redo, &ctx);
    h.run_ok();
    assert!(labels(&h).contains(&format!("{} {}", reserve.id, reserve.name)));

    // Board 3 left empty: the opponent's player there wins it by forfeit, listed at its
    // number, between boards 2 and 4.
    click(&mut h, &format!("Line-up of {}", team.name));
    h.get_by_role_and_label(Role::ComboBox, "Board 3").click();
    h.run_ok();
    click(&mut h, "— empty —");
    click(&mut h, "Apply line-up");
    let t = h.state().tournament().clone();
    let other = if m.white == team.id { m.black } else { m.white };
    let opponent = t
        .team_lineup(1, other)
        .and_then(|l| l.boards[2])
        .and_then(|p| t.player(p))
        .expect("the opponent on board 3")
        .clone();
    let shown = labels(&h);
    let expected = [
        "3".to_string(),
        format!("{} {}", opponent.id, opponent.name),
        "+".to_string(),
        "no opponent".to_string(),
        "4".to_string(),
    ];
    assert!(
        shown.windows(5).any(|w| w == expected.as_slice()),
        "{expected:?} in {shown:?}"
    );

    // A result in the match locks both teams' line-ups.
    click(&mut h, "Publish");
    press_text(&mut h, "=");
    let name = format!("Line-up of {}", team.name);
    let button = h.get_by_label(&name);
    assert!(
        button.accesskit_node().is_disabled(),
        "locked by the result"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A team arriving after round 1 (C.04.6 Preface with C.04.2 2.4–2.5): added in the
/// Teams view, which says what happens to the rounds it missed; its players (late
/// entries) keep the next numbers, no one is renumbered; round 2 pairs it.
#[test]
fn a_late_team_is_added_after_round_one_and_paired_next() {
    let dir = temp_dir("team-late");
    let registered = registered(4, 3);
    let mut h = open(&dir, &registered);
    pair(&mut h, 1);
    click(&mut h, "Publish");
    for _ in 0..8 {
        press_text(&mut h, "=");
    }
    assert!(h.state().tournament().is_complete(1));
    let first_new = registered.players.len() as u32 + 1;
    for k in 0..4 {
        h.state_mut()
            .apply_edit(swiss_arbiter::document::Edit::LateEntry {
                player: Box::new(swiss_arbiter::tournament::Player::new(
                    0,
                    format!("Late {k}"),
                )),
                round: 2,
            });
    }
    h.run_ok();
    let t = h.state().tournament().clone();
    for p in &registered.players {
        assert_eq!(
            t.player(p.id).map(|q| &q.name),
            Some(&p.name),
            "no one renumbered"
        );
    }
    click(&mut h, &format!("Teams ({})", registered.teams.len()));
    h.get_by_label(&swiss_arbiter::gui::views::teams::late_entry_note(2));
    type_into(&mut h, "Team name", "Latecomers");
    click(&mut h, "Add team");
    let id = h.state().tournament().teams.len() as u32;
    assert_eq!(id, 5, "the next team number");
    click(&mut h, &format!("{id} Latecomers (0)"));
    for k in 0..4 {
        click(&mut h, &format!("Add {} Late {k}", first_new + k));
    }
    let t = h.state().tournament().clone();
    assert_eq!(
        t.team(5).map(|x| x.players.clone()),
        Some((first_new..first_new + 4).collect())
    );
    assert!(t.check().is_ok());
    for p in first_new..first_new + 4 {
        assert_eq!(
            t.player(p).map(|q| q.outcome(1).clone()),
            Some(swiss_arbiter::tournament::Outcome::Absent)
        );
    }

    pair(&mut h, 2);
    let t = h.state().tournament().clone();
    let paired = t.team_bye(2).is_some_and(|x| x.id == 5)
        || t.team_matches(2)
            .iter()
            .any(|m| m.white == 5 || m.black == 5);
    assert!(paired, "the late team is paired in round 2");
    assert!(labels(&h).iter().any(|l| l.contains("Latecomers")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A team withdrawn in the Teams view before round 1 is not paired: its players are
/// withdrawn from round 1, the other four teams meet without a bye; the withdrawal can be
/// taken back while the round is still to be paired.
#[test]
fn a_team_is_withdrawn_in_the_teams_view() {
    let dir = temp_dir("team-withdraw");
    let t = registered(5, 3);
    let mut h = open(&dir, &t);
    let last = t.teams.last().expect("five teams");
    let (id, label) = (
        last.id,
        format!("{} {} ({})", last.id, last.name, last.players.len()),
    );
    click(&mut h, "Teams (5)");
    click(&mut h, &label);
    click(&mut h, "Withdraw from round 1");
    assert_eq!(h.state().tournament().team_withdrawn_from(id), Some(1));
    h.get_by_label("Withdrawn from round 1");
    click(&mut h, "Take back the withdrawal");
    assert_eq!(h.state().tournament().team_withdrawn_from(id), None);
    click(&mut h, "Withdraw from round 1");
    pair(&mut h, 1);
    let t = h.state().tournament();
    assert_eq!(t.team_matches(1).len(), 2);
    assert!(t.team_bye(1).is_none(), "four teams left: no bye");
    assert!(
        t.team_matches(1)
            .iter()
            .all(|m| m.white != id && m.black != id)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
