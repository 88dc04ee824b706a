//! The line-up editor of a team round (C.04.6; TRF-2026 `300`): after the team pairing is
//! published the captains say who plays on which board. One combo per board lists the
//! team's roster; the change is checked by the model as it is made and applied as one
//! undoable [`Edit::SetLineup`]. Once a result of the match is entered the editor is not
//! offered (clear the results first).

use eframe::egui;

use crate::document::Edit;
use crate::gui::command::Command;
use crate::tournament::{LineupError, Tournament};

/// A line-up being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineupDraft {
    pub round: u32,
    pub team: u32,
    /// The player chosen for each board (`None`: left empty).
    pub boards: Vec<Option<u32>>,
    /// What the model says of `boards`: `Ok` when it would accept them, else why not
    /// (checked on a copy of the event whenever a board changes).
    pub verdict: Result<(), String>,
}

impl LineupDraft {
    /// The team's line-up as the round records it; `None` when it plays no match.
    pub fn new(t: &Tournament, round: u32, team: u32) -> Option<LineupDraft> {
        let boards = t.team_lineup(round, team)?.boards;
        let mut draft = LineupDraft {
            round,
            team,
            boards,
            verdict: Ok(()),
        };
        draft.check(t);
        Some(draft)
    }

    /// Asks the model whether it would take the draft as an edit.
    fn check(&mut self, t: &Tournament) {
        let edit = Edit::SetLineup {
            round: self.round,
            team: self.team,
            players: self.boards.clone(),
        };
        self.verdict = t.allows(&edit).map_err(|e| e.to_string());
    }
}

/// Why a team's line-up cannot be changed now, if it cannot: a result of its match is
/// entered (the model says so, [`Tournament::lineup_changeable`]).
pub fn locked(t: &Tournament, round: u32, team: u32) -> Option<String> {
    match t.lineup_changeable(round, team) {
        Err(e @ LineupError::ResultEntered { .. }) => Some(format!("{e}.")),
        _ => None,
    }
}

/// The small button of a match header that opens a team's line-up; a click starts the
/// draft.
pub fn button(
    ui: &mut egui::Ui,
    t: &Tournament,
    round: u32,
    team: u32,
    draft: &mut Option<LineupDraft>,
) {
    let name = t.team(team).map_or(String::new(), |x| x.name.clone());
    let why = locked(t, round, team);
    let response = ui.add_enabled(why.is_none(), egui::Button::new("Line-up…").small());
    let enabled = why.is_none();
    let what = format!("Line-up of {name}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &what));
    let response = match why {
        Some(why) => response.on_disabled_hover_text(why),
        None => response.on_hover_text(format!("Who of {name} plays on which board")),
    };
    if response.clicked() {
        *draft = LineupDraft::new(t, round, team);
    }
}

/// The editor, over the round view while a draft is open.
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    draft: &mut Option<LineupDraft>,
    out: &mut Vec<Command>,
) {
    let Some(d) = draft.as_mut() else {
        return;
    };
    let Some(team) = t.team(d.team) else {
        *draft = None;
        return;
    };
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("lineup-editor")).show(ui.ctx(), |ui| {
        ui.heading(format!(
            "Round {}: line-up of {} {}",
            d.round, team.id, team.name
        ));
        ui.label("Players play in roster order (the board order fixed before round 1); an empty board is lost by forfeit.");
        let player = |id: Option<u32>| match id.and_then(|id| t.player(id)) {
            Some(p) => format!("{} ({})", p.name, p.id),
            None => "— empty —".to_string(),
        };
        let mut changed = false;
        egui::Grid::new("lineup-boards")
            .num_columns(2)
            .show(ui, |ui| {
                for (i, slot) in d.boards.iter_mut().enumerate() {
                    let label = ui.label(format!("Board {}", i + 1));
                    egui::ComboBox::from_id_salt(("lineup-board", i))
                        .selected_text(player(*slot))
                        .width(260.0)
                        .show_ui(ui, |ui| {
                            for choice in std::iter::once(None)
                                .chain(team.players.iter().map(|&p| Some(p)))
                            {
                                changed |= ui
                                    .selectable_value(slot, choice, player(choice))
                                    .changed();
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
            });
        if changed {
            d.check(t);
        }
        if let Err(why) = &d.verdict {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(d.verdict.is_ok(), egui::Button::new("Apply line-up"))
                .clicked()
            {
                out.push(Command::Edit(Edit::SetLineup {
                    round: d.round,
                    team: d.team,
                    players: d.boards.clone(),
                }));
                close = true;
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close || modal.should_close() {
        *draft = None;
    }
}
