//! The round view: pair the round (on the background thread), the board list with each
//! pair's badges (the criteria it does not meet, from the explanation), the selected
//! pair's explanation, keyboard and mouse result entry, publishing, re-pairing and the
//! override mode of a published round.

use std::time::Duration;

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use crate::document::Edit;
use crate::gui::command::Command;
use crate::gui::views::lineup::{self, LineupDraft};
use crate::gui::views::overriding::{self, OverrideDraft};
use crate::gui::worker::Insight;
use crate::pairing::{FloatDirection, PairExplanation, RoundExplanation};
use crate::tournament::{BoardResult, ByeKind, Outcome, Points, Tournament};

use super::plain;

/// A mark on a board: a relaxed criterion, a float, a colour note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Badge {
    /// Short text shown on the board (`C12`, `↓`).
    pub text: String,
    /// The explanation shown on hover.
    pub detail: String,
}

/// One side of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub id: u32,
    pub name: String,
    /// The score before the round.
    pub points: Points,
}

/// One board, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairRow {
    pub board: usize,
    pub white: Side,
    pub black: Side,
    pub result: BoardResult,
    /// A two-game match (Double-Swiss, C.04.5): each game's result with its own colours.
    pub games: Option<[BoardResult; 2]>,
    /// A match's score, `1.5-0.5`, once both games have a result.
    pub match_score: Option<String>,
    /// The criteria the pair does not meet and its colour note (empty until the round is
    /// explained).
    pub badges: Vec<Badge>,
}

/// A pair's badges: one per article it does not meet, and one when its colours are not
/// the colour rules'.
pub fn badges(p: &PairExplanation) -> Vec<Badge> {
    let mut badges: Vec<Badge> = Vec::new();
    for note in &p.notes {
        match badges.iter_mut().find(|b| b.text == note.article) {
            Some(b) => {
                b.detail.push('\n');
                b.detail.push_str(&note.text);
            }
            None => badges.push(Badge {
                text: note.article.to_string(),
                detail: note.text.clone(),
            }),
        }
    }
    if !p.colours_follow_rule {
        badges.push(Badge {
            text: "colours".into(),
            detail: format!("colours against {} ({})", p.colour_rule, p.colour_reason),
        });
    }
    badges
}

/// The boards of a round as rows, with badges from the explanation when there is one.
pub fn pair_rows(
    t: &Tournament,
    round: u32,
    explanation: Option<&RoundExplanation>,
) -> Vec<PairRow> {
    let side = |id: u32| Side {
        id,
        name: t.player(id).map(|p| p.name.clone()).unwrap_or_default(),
        points: t
            .player(id)
            .map_or(Points::ZERO, |p| t.score_after(p, round - 1)),
    };
    t.boards(round)
        .into_iter()
        .enumerate()
        .map(|(i, b)| PairRow {
            board: i + 1,
            white: side(b.white),
            black: side(b.black),
            result: b.result,
            games: b.games,
            match_score: t
                .match_score(round, b.white, b.black)
                .map(|(w, b)| format!("{w}-{b}")),
            badges: explanation
                .and_then(|e| e.pair(b.white, b.black))
                .map(badges)
                .unwrap_or_default(),
        })
        .collect()
}

/// One match of a team round (C.04.6) as the board table heads it: the team with White
/// on board 1 in the White column, the other in the Black column, and the game points
/// each has so far in the round in the Result column (`2½–1½`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchHeader {
    pub white: String,
    pub black: String,
    /// The two teams' pairing numbers (White on board 1 first).
    pub teams: (u32, u32),
    pub score: String,
    /// The rows of its boards (indices into the board rows).
    pub boards: std::ops::Range<usize>,
    /// `13 Player0013`: who wins a board by forfeit, the other team having fielded no one
    /// for it.
    pub unopposed: Vec<String>,
    /// The number in the match of each board of `boards`, then of each of `unopposed`
    /// (see [`crate::tournament::RecordedMatch::numbers`]).
    pub numbers: Vec<u32>,
}

/// The matches of a team round as headers of its boards; empty for an event without
/// teams.
pub fn match_headers(t: &Tournament, round: u32) -> Vec<MatchHeader> {
    let name = |team: u32| {
        t.team(team)
            .map_or_else(|| team.to_string(), |x| format!("{} {}", x.id, x.name))
    };
    t.team_matches(round)
        .into_iter()
        .map(|m| MatchHeader {
            white: name(m.white),
            black: name(m.black),
            teams: (m.white, m.black),
            score: format!(
                "{}–{}",
                m.game_points.0.with_halves(),
                m.game_points.1.with_halves()
            ),
            boards: m.boards,
            unopposed: m
                .unopposed
                .iter()
                .map(|&p| format!("{p} {}", t.player(p).map_or("", |x| x.name.as_str())))
                .collect(),
            numbers: m.numbers,
        })
        .collect()
}

/// The view's state between frames.
#[derive(Debug, Default)]
pub struct RoundState {
    /// The board the keyboard enters results on (0-based).
    pub selected: usize,
    /// Asking whether to re-pair a published round.
    pub confirm_repair: Option<u32>,
    /// Asking whether to remove the pairing of a draft round.
    pub confirm_remove: Option<u32>,
    /// The override being prepared.
    pub overriding: Option<OverrideDraft>,
    /// On a two-game match board: game 1's result, typed and waiting for game 2's.
    pub first_game: Option<BoardResult>,
    /// A team's line-up being edited (team rounds).
    pub lineup: Option<LineupDraft>,
}

/// The pairing in progress, as the view shows it.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub round: u32,
    pub elapsed: Duration,
}

/// Draws the round view; `explaining`: the explanation of a round is being computed.
#[allow(clippy::too_many_arguments)]
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    round: u32,
    progress: Option<Progress>,
    insight: Option<&Insight>,
    explaining: bool,
    state: &mut RoundState,
    out: &mut Vec<Command>,
) {
    let paired = t.is_paired(round);
    let published = t.is_published(round);
    ui.horizontal(|ui| {
        ui.heading(format!("Round {round}"));
        ui.label(match (paired, published) {
            (false, _) => "not paired",
            (true, false) => "draft",
            (true, true) if t.is_complete(round) => "published · complete",
            (true, true) => "published",
        });
    });
    if let (Some(draft), Some(insight)) = (state.overriding.as_mut(), insight)
        && draft.round == round
    {
        if let overriding::Outcome::Close = overriding::show(ui, t, draft, insight, out) {
            state.overriding = None;
        }
        return;
    }
    let explained = Explained {
        insight,
        explaining,
    };
    ui.horizontal(|ui| actions(ui, t, round, progress, explained, state, out));
    confirm_repair(ui, state, out);
    confirm_remove(ui, t, state, out);
    if !paired {
        return;
    }
    let explanation = insight.and_then(|i| i.recorded.explanation.as_ref());
    let mut rows = pair_rows(t, round, explanation);
    let headers = match_headers(t, round);
    // A team round numbers the boards of each match from 1, as the line-ups place them.
    for h in &headers {
        for (n, i) in h.boards.clone().enumerate() {
            if let Some(row) = rows.get_mut(i) {
                row.board = h.numbers.get(n).map_or(n + 1, |&k| k as usize);
            }
        }
    }
    lineup::show(ui, t, &mut state.lineup, out);
    if state.lineup.is_none() {
        keyboard(ui, round, &rows, state, out);
    }
    // Room below the boards for the selected pair's explanation.
    let detail = if explanation.is_some() { 150.0 } else { 0.0 };
    let height = (ui.available_height() - detail).max(120.0);
    team_bye(ui, t, round);
    board_table(ui, t, round, &rows, &headers, height, state, out);
    if let (Some(e), Some(row)) = (explanation, rows.get(state.selected)) {
        let by_hand = insight.and_then(|i| set_by_arbiter(t, round, i.explainer.pairing(), row));
        pair_detail(ui, e, row, by_hand);
    }
    not_paired(ui, t, round);
}

/// What the arbiter changed on this board, when the round's pairing was changed by hand
/// (an override, or a draft's hand edit) and this board is not the engine's: the
/// explanation below is then of the arbiter's pair, judged by the rules.
fn set_by_arbiter(
    t: &Tournament,
    round: u32,
    engine: &crate::pairing::RoundPairing,
    row: &PairRow,
) -> Option<String> {
    let record = t.overrides.iter().rev().find(|o| o.round == round)?;
    let (w, b) = (row.white.id, row.black.id);
    if engine.pairs.iter().any(|p| p.white == w && p.black == b) {
        return None;
    }
    let reason = if record.reason.trim().is_empty() {
        String::new()
    } else {
        format!(" (reason: {})", record.reason.trim())
    };
    if engine.pairs.iter().any(|p| p.white == b && p.black == w) {
        return Some(format!(
            "Colours set by the arbiter{reason}: the engine gave White to {b}."
        ));
    }
    let engine_had = |id: u32| {
        engine
            .pairs
            .iter()
            .find_map(|p| match (p.white == id, p.black == id) {
                (true, _) => Some(format!("{id} had White against {}", p.black)),
                (_, true) => Some(format!("{id} had Black against {}", p.white)),
                _ => None,
            })
            .or_else(|| (engine.bye == Some(id)).then(|| format!("{id} had the PAB")))
            .unwrap_or_else(|| format!("{id} was not paired"))
    };
    Some(format!(
        "Pair set by the arbiter{reason}. In the engine's pairing {} and {}.",
        engine_had(w),
        engine_had(b)
    ))
}

/// The selected pair's explanation and its bracket; `by_hand`: what the arbiter changed.
fn pair_detail(ui: &mut egui::Ui, e: &RoundExplanation, row: &PairRow, by_hand: Option<String>) {
    let Some(p) = e.pair(row.white.id, row.black.id) else {
        return;
    };
    ui.separator();
    egui::CollapsingHeader::new(format!(
        "Why board {}: {} - {}",
        row.board, p.white, p.black
    ))
    .id_salt("pair-detail")
    .default_open(true)
    .show(ui, |ui| {
        if let Some(by_hand) = &by_hand {
            ui.colored_label(ui.visuals().warn_fg_color, by_hand);
        }
        let colours = if p.colours_follow_rule {
            format!("Colours: {} {}", p.colour_rule, p.colour_reason)
        } else {
            format!("Colours against {}: {}", p.colour_rule, p.colour_reason)
        };
        ui.label(colours);
        if p.notes.is_empty() {
            ui.label("Every quality criterion is met by this pair.");
        }
        for n in &p.notes {
            ui.label(format!("{}: {}", n.article, n.text));
        }
        if let Some(b) = e.brackets.get(p.bracket - 1) {
            let ids = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            let scores: Vec<String> = b.scores.iter().map(|s| s.to_string()).collect();
            let (moved, float) = match e.floats {
                FloatDirection::Down => ("moved down", "float down"),
                FloatDirection::Up => ("floated up", "float up"),
            };
            let bye = e.bye.as_ref().map(|b| b.player);
            let (pab, floats): (Vec<u32>, Vec<u32>) =
                b.outgoing.iter().partition(|&&p| Some(p) == bye);
            ui.label(format!(
                "Bracket {} (score {}): residents {}{}{}{}",
                b.number,
                scores.join(", "),
                ids(&b.residents),
                if b.incoming.is_empty() {
                    String::new()
                } else {
                    format!(" · {moved} {}", ids(&b.incoming))
                },
                if floats.is_empty() {
                    String::new()
                } else {
                    format!(" · {float} {}", ids(&floats))
                },
                if pab.is_empty() {
                    String::new()
                } else {
                    format!(" · PAB {}", ids(&pab))
                },
            ));
            for d in &b.decisions {
                ui.label(format!("{}: {}", d.article, d.text));
            }
        }
    });
}

/// The explanation of the round shown, or whether it is being computed.
#[derive(Clone, Copy)]
struct Explained<'a> {
    insight: Option<&'a Insight>,
    explaining: bool,
}

fn actions(
    ui: &mut egui::Ui,
    t: &Tournament,
    round: u32,
    progress: Option<Progress>,
    explained: Explained<'_>,
    state: &mut RoundState,
    out: &mut Vec<Command>,
) {
    if let Some(p) = progress {
        ui.spinner();
        ui.label(format!(
            "Pairing round {}… {:.1} s",
            p.round,
            p.elapsed.as_secs_f32()
        ));
        if ui.button("Cancel").clicked() {
            out.push(Command::CancelPairing);
        }
        return;
    }
    if !t.is_paired(round) {
        match crate::pairing::round_to_pair(t, t.pairing_system(), Some(round)) {
            Ok(_) if round == 1 && !t.is_team_event() && t.out_of_seeding_order().is_some() => {
                unnumbered_round_one(ui, t, out);
            }
            Ok(_) => {
                if ui.button(format!("Pair round {round}")).clicked() {
                    out.push(Command::PairRound {
                        round,
                        repair: false,
                    });
                }
            }
            Err(why) => {
                ui.vertical(|ui| {
                    ui.label(format!("Not paired: {why}."));
                    // C.04.2 3.1: a game without a result may be adjourned, counted as
                    // drawn for the pairing (checklist Q159-160; the arbiter is told which).
                    if matches!(why, crate::pairing::RoundError::ResultsMissing { .. })
                        && ui
                            .button(format!("Adjourn them and pair round {round}"))
                            .clicked()
                    {
                        out.push(Command::PairRound {
                            round,
                            repair: false,
                        });
                    }
                });
            }
        }
        return;
    }
    let last_paired = !t.is_paired(round + 1);
    if t.is_published(round) {
        if last_paired && ui.button("Re-pair…").clicked() {
            state.confirm_repair = Some(round);
        }
        if last_paired {
            override_button(ui, t, round, explained, state, "Override…");
        }
    } else {
        if ui.button("Publish").clicked() {
            out.push(Command::Edit(Edit::Publish(round)));
        }
        if last_paired && ui.button("Re-pair").clicked() {
            out.push(Command::PairRound {
                round,
                repair: true,
            });
        }
        if last_paired {
            override_button(ui, t, round, explained, state, "Edit by hand…");
            remove_button(ui, t, round, state);
        }
    }
    ui.label(
        "Keys: ↑ ↓ choose a board · 1 0 = + - enter · ? adjourns · Delete clears · Ctrl+Z undoes · ½-0, 0-½, 0-0 in the result menu",
    );
}

/// *Override…* (once published) or *Edit by hand…* (a draft), always shown for the last
/// round paired: the change is edited against the engine's explanation (checklist
/// Q68-69), so until the explanation is computed the button is disabled and says why.
fn override_button(
    ui: &mut egui::Ui,
    t: &Tournament,
    round: u32,
    explained: Explained<'_>,
    state: &mut RoundState,
    label: &str,
) {
    let why = match explained.insight {
        Some(insight) => {
            if ui.button(label).clicked() {
                state.overriding = Some(OverrideDraft::new(round, t, insight));
            }
            return;
        }
        None if explained.explaining => "waiting for the explanation",
        None => "no explanation of this round: the engine's pairing is needed to check a change",
    };
    ui.add_enabled(false, egui::Button::new(label))
        .on_disabled_hover_text(format!("{label} ({why})"));
    if explained.explaining {
        ui.spinner();
    }
    ui.weak(format!("({why})"));
}

/// Round 1 with pairing numbers against C.04.2 B (players in the order they were
/// entered): the arbiter is asked to number them first, or to pair in this order on purpose.
fn unnumbered_round_one(ui: &mut egui::Ui, t: &Tournament, out: &mut Vec<Command>) {
    let Some((before, after)) = t.out_of_seeding_order() else {
        return;
    };
    let rating = |p: &crate::tournament::Player| {
        p.rating
            .map_or_else(|| "unrated".to_string(), |r| r.to_string())
    };
    ui.vertical(|ui| {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "Pairing numbers are not in the C.04.2 order (rating, title, name): {} {} ({}) is numbered before {} {} ({}).",
                before.id,
                before.name,
                rating(before),
                after.id,
                after.name,
                rating(after)
            ),
        );
        ui.horizontal(|ui| {
            if ui.button("Assign pairing numbers and pair round 1").clicked() {
                out.push(Command::Edit(Edit::AssignPairingNumbers));
                out.push(Command::PairRound {
                    round: 1,
                    repair: false,
                });
            }
            if ui.button("Pair round 1 in this order").clicked() {
                out.push(Command::PairRound {
                    round: 1,
                    repair: false,
                });
            }
        });
    });
}

/// *Remove pairing…* on the last round paired while it is a draft: disabled, saying why,
/// while the model would refuse it (a result entered).
fn remove_button(ui: &mut egui::Ui, t: &Tournament, round: u32, state: &mut RoundState) {
    let allowed = t.pairing_removable(round);
    let button = ui
        .add_enabled(allowed.is_ok(), egui::Button::new(REMOVE_PAIRING))
        .on_hover_text("Remove this draft pairing, to pair the round again later");
    if let Err(why) = allowed {
        button.on_disabled_hover_text(why.to_string());
    } else if button.clicked() {
        state.confirm_remove = Some(round);
    }
}

/// The label of the button that removes a draft pairing (named by the messages that send
/// the arbiter to it).
pub const REMOVE_PAIRING: &str = "Remove pairing…";

/// Asks before the pairing of a draft round is removed, naming the round and what goes.
fn confirm_remove(
    ui: &mut egui::Ui,
    t: &Tournament,
    state: &mut RoundState,
    out: &mut Vec<Command>,
) {
    let Some(round) = state.confirm_remove else {
        return;
    };
    let boards = crate::plural::count(t.boards(round).len(), "board");
    let modal = egui::Modal::new(egui::Id::unique("confirm-remove")).show(ui.ctx(), |ui| {
        ui.heading(format!("Remove the pairing of round {round}?"));
        ui.label(format!(
            "Round {round} is a draft: its {boards} and its pairing-allocated bye go; the byes requested before pairing stay. Pair the round again when it is ready. Undo (Ctrl+Z) brings the pairing back."
        ));
        ui.horizontal(|ui| {
            if ui.button("Remove the pairing").clicked() {
                out.push(Command::Edit(Edit::ClearPairing(round)));
                state.confirm_remove = None;
            }
            if ui.button("Keep the pairing").clicked() {
                state.confirm_remove = None;
            }
        });
    });
    if modal.should_close() {
        state.confirm_remove = None;
    }
}

fn confirm_repair(ui: &mut egui::Ui, state: &mut RoundState, out: &mut Vec<Command>) {
    let Some(round) = state.confirm_repair else {
        return;
    };
    let modal = egui::Modal::new(egui::Id::unique("confirm-repair")).show(ui.ctx(), |ui| {
        ui.heading(format!("Re-pair round {round}?"));
        ui.label("This round is published. Re-pairing replaces its pairing and every result entered in it.");
        ui.horizontal(|ui| {
            if ui.button("Re-pair published round").clicked() {
                out.push(Command::PairRound {
                    round,
                    repair: true,
                });
                state.confirm_repair = None;
            }
            if ui.button("Keep pairing").clicked() {
                state.confirm_repair = None;
            }
        });
    });
    if modal.should_close() {
        state.confirm_repair = None;
    }
}

/// The command that records a result on the board numbered `board`: at once, or, for a
/// result the model has the arbiter confirm (a forfeit, 0-0), after the question.
fn record(board: usize, edit: Edit, results: &[BoardResult]) -> Command {
    if results.iter().any(|r| r.needs_confirmation().is_some()) {
        Command::AskResult { board, edit }
    } else {
        Command::Edit(edit)
    }
}

/// Arrows move between boards; 1 0 = + - enter a result (a forfeit is confirmed
/// first), `?` adjourns the game, and the selection moves on; Delete clears. On a
/// two-game match (Double-Swiss) two keys enter the two games, each with its own colours.
/// No key is taken while a question is open.
fn keyboard(
    ui: &mut egui::Ui,
    round: u32,
    rows: &[PairRow],
    state: &mut RoundState,
    out: &mut Vec<Command>,
) {
    let asking = ui.ctx().memory(|m| m.top_modal_layer().is_some());
    if rows.is_empty() || ui.ctx().egui_wants_keyboard_input() || asking {
        return;
    }
    state.selected = state.selected.min(rows.len() - 1);
    let (down, up, clear, typed) = ui.input(|i| {
        let typed: Vec<char> = i
            .events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Text(text) => text.chars().next(),
                _ => None,
            })
            .collect();
        (
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::Delete) || i.key_pressed(egui::Key::Backspace),
            typed,
        )
    });
    if down {
        state.selected = (state.selected + 1).min(rows.len() - 1);
        state.first_game = None;
    }
    if up {
        state.selected = state.selected.saturating_sub(1);
        state.first_game = None;
    }
    let set_result = |result: BoardResult, selected: usize| {
        let row = &rows[selected];
        let edit = Edit::SetResult {
            round,
            white: row.white.id,
            black: row.black.id,
            result,
        };
        record(row.board, edit, &[result])
    };
    if clear {
        state.first_game = None;
        out.push(set_result(BoardResult::Pending, state.selected));
    }
    for key in typed {
        let Some(result) = BoardResult::from_key(key) else {
            continue;
        };
        let row = &rows[state.selected];
        if row.games.is_some() {
            let Some(first) = state.first_game.take() else {
                state.first_game = Some(result);
                continue;
            };
            let games = [first, result];
            let edit = Edit::SetMatchResult {
                round,
                white: row.white.id,
                black: row.black.id,
                games,
            };
            out.push(record(row.board, edit, &games));
        } else {
            out.push(set_result(result, state.selected));
        }
        state.selected = (state.selected + 1).min(rows.len() - 1);
    }
}

/// A result button with its menu of `choices` (`prefix` names the game of a match); the
/// result chosen.
fn result_menu(
    ui: &mut egui::Ui,
    current: BoardResult,
    prefix: &str,
    choices: &[BoardResult],
) -> Option<BoardResult> {
    let text = match current {
        BoardResult::Pending => "—",
        result => result.text(),
    };
    let mut chosen = None;
    ui.menu_button(format!("{prefix}{text}"), |ui| {
        for &result in choices.iter().chain(&[BoardResult::Pending]) {
            let label = match result {
                BoardResult::Pending => "clear",
                BoardResult::Adjourned => "adjourned",
                other => other.text(),
            };
            if ui.button(label).clicked() {
                chosen = Some(result);
                ui.close();
            }
        }
    });
    chosen
}

/// The team with the pairing-allocated bye of a team round (C.04.6 3.4).
fn team_bye(ui: &mut egui::Ui, t: &Tournament, round: u32) {
    if let Some(team) = t.team_bye(round) {
        ui.label(format!(
            "Bye (pairing-allocated): {} {}",
            team.id, team.name
        ));
    }
}

/// A line of the board table: a match's header (team events), a board, or a board won
/// by forfeit for want of an opponent.
#[derive(Clone, Copy)]
enum Line<'a> {
    Match(&'a MatchHeader),
    Board(usize),
    /// The player, and the board's number in its match.
    Unopposed(&'a str, usize),
}

#[allow(clippy::too_many_arguments)]
fn board_table(
    ui: &mut egui::Ui,
    t: &Tournament,
    round: u32,
    rows: &[PairRow],
    headers: &[MatchHeader],
    height: f32,
    state: &mut RoundState,
    out: &mut Vec<Command>,
) {
    // Each match's boards in the order of their numbers: a board won by forfeit for want
    // of an opponent sits at its number (a line-up may leave any board empty).
    let mut lines = Vec::with_capacity(rows.len() + headers.len());
    let mut i = 0;
    while i < rows.len() {
        let Some(h) = headers
            .iter()
            .find(|h| h.boards.start == i && !h.boards.is_empty())
        else {
            lines.push(Line::Board(i));
            i += 1;
            continue;
        };
        lines.push(Line::Match(h));
        let number = |k: usize| h.numbers.get(k).map_or(k + 1, |&n| n as usize);
        let played = h.boards.len();
        let mut entries: Vec<(usize, Line)> = h
            .boards
            .clone()
            .enumerate()
            .map(|(n, row)| (number(n), Line::Board(row)))
            .collect();
        entries.extend(h.unopposed.iter().enumerate().map(|(k, p)| {
            let n = number(played + k);
            (n, Line::Unopposed(p, n))
        }));
        entries.sort_by_key(|e| e.0);
        lines.extend(entries.into_iter().map(|e| e.1));
        i = h.boards.end;
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 8.0;
    let has_badges = rows.iter().any(|r| !r.badges.is_empty());
    let result_width = if rows.iter().any(|r| r.games.is_some()) {
        230.0
    } else {
        70.0
    };
    let mut clicked = None;
    TableBuilder::new(ui)
        .id_salt(("boards", round))
        .striped(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .max_scroll_height(height)
        .column(Column::exact(50.0))
        .column(Column::initial(230.0).at_least(100.0).clip(true))
        .column(Column::exact(40.0))
        .column(Column::exact(result_width))
        .column(Column::exact(40.0))
        .column(Column::initial(230.0).at_least(100.0).clip(true))
        .column(Column::remainder())
        .header(row_height, |mut header| {
            for label in ["Board", "White", "Pts", "Result", "Pts", "Black"] {
                header.col(|ui| {
                    ui.strong(label);
                });
            }
            header.col(|ui| {
                if has_badges {
                    ui.strong("Notes");
                }
            });
        })
        .body(|body| {
            body.rows(row_height, lines.len(), |mut row| {
                let i = match lines[row.index()] {
                    Line::Board(i) => i,
                    Line::Match(h) => {
                        match_row(&mut row, t, round, h, &mut state.lineup);
                        return;
                    }
                    Line::Unopposed(player, board) => {
                        let cells = [board.to_string(), player.to_string(), String::new()];
                        for text in cells {
                            row.col(|ui| plain(ui, text));
                        }
                        row.col(|ui| plain(ui, "+")).1.on_hover_text(
                            "won by forfeit: the other team has no player for this board",
                        );
                        row.col(|_| {});
                        row.col(|ui| plain(ui, "no opponent"));
                        row.col(|_| {});
                        return;
                    }
                };
                let r = &rows[i];
                row.set_selected(i == state.selected);
                row.col(|ui| {
                    plain(ui, r.board.to_string());
                });
                row.col(|ui| {
                    plain(ui, format!("{} {}", r.white.id, r.white.name));
                });
                row.col(|ui| {
                    plain(ui, r.white.points.to_string());
                });
                row.col(|ui| match r.games {
                    Some(games) => {
                        for game in 0..2 {
                            let chosen = result_menu(
                                ui,
                                games[game],
                                &format!("G{} ", game + 1),
                                &BoardResult::choices(true),
                            );
                            if let Some(result) = chosen {
                                let mut games = games;
                                games[game] = result;
                                let edit = Edit::SetMatchResult {
                                    round,
                                    white: r.white.id,
                                    black: r.black.id,
                                    games,
                                };
                                out.push(record(r.board, edit, &[result]));
                            }
                        }
                        if let Some(score) = &r.match_score {
                            ui.strong(score);
                        } else if i == state.selected
                            && let Some(first) = state.first_game
                        {
                            ui.weak(format!("G1 {} typed", first.text()));
                        }
                    }
                    None => {
                        if let Some(result) =
                            result_menu(ui, r.result, "", &BoardResult::choices(false))
                        {
                            let edit = Edit::SetResult {
                                round,
                                white: r.white.id,
                                black: r.black.id,
                                result,
                            };
                            out.push(record(r.board, edit, &[result]));
                        }
                    }
                });
                row.col(|ui| {
                    plain(ui, r.black.points.to_string());
                });
                row.col(|ui| {
                    plain(ui, format!("{} {}", r.black.id, r.black.name));
                });
                row.col(|ui| {
                    for badge in &r.badges {
                        ui.label(egui::RichText::new(&badge.text).strong())
                            .on_hover_text(&badge.detail);
                    }
                });
                if row.response().clicked() {
                    clicked = Some(i);
                }
            });
        });
    if let Some(i) = clicked {
        state.selected = i;
    }
}

/// A match's header in the board table: the two teams in the players' columns, each with
/// the button of its line-up, and the match score so far in the result column.
fn match_row(
    row: &mut egui_extras::TableRow,
    t: &Tournament,
    round: u32,
    h: &MatchHeader,
    draft: &mut Option<LineupDraft>,
) {
    let text = |s: &str| egui::RichText::new(s).strong();
    row.col(|ui| {
        ui.add(egui::Label::new(egui::RichText::new("Match").weak()).selectable(false));
    });
    row.col(|ui| {
        lineup::button(ui, t, round, h.teams.0, draft);
        ui.add(egui::Label::new(text(&h.white)).selectable(false));
    });
    row.col(|_| {});
    row.col(|ui| {
        ui.add(egui::Label::new(text(&h.score)).selectable(false));
    });
    row.col(|_| {});
    row.col(|ui| {
        lineup::button(ui, t, round, h.teams.1, draft);
        ui.add(egui::Label::new(text(&h.black)).selectable(false));
    });
    row.col(|_| {});
}

/// The pairing-allocated bye and the players not paired.
fn not_paired(ui: &mut egui::Ui, t: &Tournament, round: u32) {
    let mut lines = Vec::new();
    for p in &t.players {
        let why = match p.outcome(round) {
            Outcome::PairingBye => "pairing-allocated bye",
            // In a team event, a board whose opponent's team fielded no one (C.04.6).
            Outcome::Bye(ByeKind::Full) if t.is_team_event() => {
                "board won by forfeit (no opponent)"
            }
            Outcome::Bye(_) => "requested bye",
            Outcome::Absent => "not paired",
            _ => continue,
        };
        lines.push(format!(
            "{} {}: {why} ({})",
            p.id,
            p.name,
            t.event.scoring.points(p.outcome(round))
        ));
    }
    if !lines.is_empty() {
        ui.separator();
        egui::CollapsingHeader::new(format!("Not playing ({})", lines.len()))
            .default_open(lines.len() <= 10)
            .show(ui, |ui| {
                for line in lines {
                    ui.label(line);
                }
            });
    }
}
