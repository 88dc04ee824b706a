//! The teams view (C.04.6): add and remove teams, and put players on a team's roster in
//! board order. An event with teams is a team event, paired with the Swiss Team system.
//! Every change is an [`Edit`], so it is undoable and autosaved like any other.

use eframe::egui;

use crate::document::Edit;
use crate::gui::command::Command;
use crate::tournament::{Team, Tournament};

/// The view's state between frames.
#[derive(Debug, Default)]
pub struct TeamsState {
    /// The name typed for a new team.
    pub new_name: String,
    /// The team whose roster is shown (its pairing number).
    pub selected: Option<u32>,
    /// Filters the players who can join the roster (name or number).
    pub filter: String,
}

/// A change of a roster: the player at `index` moves or leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RosterMove {
    Up(usize),
    Down(usize),
    Remove(usize),
}

/// `roster` after `change`; a move past either end leaves it as it was.
pub fn moved(roster: &[u32], change: RosterMove) -> Vec<u32> {
    let mut out = roster.to_vec();
    match change {
        RosterMove::Up(i) if i > 0 && i < out.len() => out.swap(i - 1, i),
        RosterMove::Down(i) if i + 1 < out.len() => out.swap(i, i + 1),
        RosterMove::Remove(i) if i < out.len() => {
            out.remove(i);
        }
        _ => {}
    }
    out
}

/// Draws the teams view.
pub fn show(ui: &mut egui::Ui, t: &Tournament, state: &mut TeamsState, out: &mut Vec<Command>) {
    ui.heading(format!("Teams ({})", t.teams.len()));
    let draft = t.draft_round();
    ui.horizontal(|ui| {
        let label = ui.label("Team name");
        let field = ui
            .text_edit_singleline(&mut state.new_name)
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let add = ui.add_enabled(draft.is_none(), egui::Button::new("Add team"));
        if (add.clicked() || entered && draft.is_none()) && !state.new_name.trim().is_empty() {
            out.push(Command::Edit(Edit::AddTeam(
                state.new_name.trim().to_string(),
            )));
            state.new_name.clear();
        }
    });
    if let Some(round) = draft {
        ui.label(format!(
            "Round {round} is a draft paired without a new team: publish it (a team added then plays from round {}) or remove its pairing ({} on the page of round {round}) to add a team.",
            round + 1,
            super::round::REMOVE_PAIRING
        ));
    } else if t.is_paired(1) {
        ui.label(late_entry_note(t.next_round()));
    }
    if t.teams.is_empty() {
        ui.label("No teams: this is an event of individuals. Add a team to make it a team event (Swiss Team system, C.04.6).");
        return;
    }
    if state.selected.is_none_or(|id| t.team(id).is_none()) {
        state.selected = t.teams.first().map(|x| x.id);
    }
    ui.separator();
    egui::Panel::left("team-list")
        .resizable(true)
        .default_size(260.0)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("teams")
                .show(ui, |ui| {
                    for team in &t.teams {
                        let text = format!("{} {} ({})", team.id, team.name, team.players.len());
                        if ui
                            .selectable_label(state.selected == Some(team.id), text)
                            .clicked()
                        {
                            state.selected = Some(team.id);
                        }
                    }
                });
        });
    let Some(team) = state.selected.and_then(|id| t.team(id)) else {
        return;
    };
    egui::CentralPanel::default().show(ui, |ui| {
        roster(ui, t, team, !t.team_has_played(team.id), out);
        ui.separator();
        candidates(ui, t, team, state, out);
    });
}

/// What adding a team after round 1 does (C.04.6 Preface with C.04.2 2.4–2.5).
pub fn late_entry_note(next: u32) -> String {
    format!(
        "Play has started: a team added now is a late entry. It is paired from round {next} on; in the rounds before, it had no match (0 match points, 0 game points) and its players are recorded absent (0 points), as C.04.2 2.4–2.5 say for late entries (C.04.6 applies them to teams). It takes the next team number and no one is renumbered. Register its players under Players (late entry), then add them to its roster here."
    )
}

/// The team's roster in board order, with its moves (reordering only until the team has
/// played).
fn roster(
    ui: &mut egui::Ui,
    t: &Tournament,
    team: &Team,
    not_played: bool,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.strong(format!("{} {}: roster in board order", team.id, team.name));
        if not_played && ui.button("Remove team").clicked() {
            out.push(Command::Edit(Edit::RemoveTeam(team.id)));
        }
        withdrawal(ui, t, team, out);
    });
    let set = |players: Vec<u32>| {
        Command::Edit(Edit::SetRoster {
            team: team.id,
            players,
        })
    };
    let n = team.players.len();
    if !not_played {
        ui.label("The board order is fixed once the team has played: players can only be added at the end.");
    }
    for (i, &id) in team.players.iter().enumerate() {
        let name = t.player(id).map_or("", |p| p.name.as_str());
        ui.horizontal(|ui| {
            let mut change = None;
            ui.add_enabled_ui(not_played && i > 0, |ui| {
                if icon_button(ui, "↑", format!("Move {name} up")) {
                    change = Some(RosterMove::Up(i));
                }
            });
            ui.add_enabled_ui(not_played && i + 1 < n, |ui| {
                if icon_button(ui, "↓", format!("Move {name} down")) {
                    change = Some(RosterMove::Down(i));
                }
            });
            ui.add_enabled_ui(not_played, |ui| {
                if icon_button(ui, "✕", format!("Remove {name} from the roster")) {
                    change = Some(RosterMove::Remove(i));
                }
            });
            ui.label(format!("Board {}: {id} {name}", i + 1));
            if let Some(change) = change {
                out.push(set(moved(&team.players, change)));
            }
        });
    }
}

/// The team's withdrawal: from the next round to pair on, or taken back while that round
/// is still to be paired.
fn withdrawal(ui: &mut egui::Ui, t: &Tournament, team: &Team, out: &mut Vec<Command>) {
    if team.players.is_empty() {
        return;
    }
    let next = t.next_round();
    match t.team_withdrawn_from(team.id) {
        Some(from) => {
            ui.label(format!("Withdrawn from round {from}"));
            if from >= next && ui.button("Take back the withdrawal").clicked() {
                out.push(Command::Edit(Edit::CancelTeamWithdrawal(team.id)));
            }
        }
        None => {
            if ui
                .button(format!("Withdraw from round {next}"))
                .on_hover_text(
                    "Its players are withdrawn: the team is not paired from that round on, and keeps the points it has.",
                )
                .clicked()
            {
                out.push(Command::Edit(Edit::WithdrawTeam {
                    team: team.id,
                    from: next,
                }));
            }
        }
    }
}

/// A small button showing `icon`, named `what` for screen readers and on hover.
fn icon_button(ui: &mut egui::Ui, icon: &str, what: String) -> bool {
    let response = ui.small_button(icon);
    let enabled = ui.is_enabled();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &what));
    response.on_hover_text(what).clicked()
}

/// The players on no team, to add at the end of the roster.
fn candidates(
    ui: &mut egui::Ui,
    t: &Tournament,
    team: &Team,
    state: &mut TeamsState,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.strong("Players on no team");
        let label = ui.label("Filter");
        ui.text_edit_singleline(&mut state.filter)
            .labelled_by(label.id);
    });
    let filter = state.filter.trim().to_lowercase();
    let free: Vec<_> = t
        .players
        .iter()
        .filter(|p| t.team_of(p.id).is_none())
        .filter(|p| {
            filter.is_empty()
                || p.name.to_lowercase().contains(&filter)
                || p.id.to_string() == filter
        })
        .collect();
    if free.is_empty() {
        ui.label("None.");
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("free-players")
        .show(ui, |ui| {
            for p in free {
                if ui.button(format!("Add {} {}", p.id, p.name)).clicked() {
                    let mut players = team.players.clone();
                    players.push(p.id);
                    out.push(Command::Edit(Edit::SetRoster {
                        team: team.id,
                        players,
                    }));
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_stay_inside_the_roster() {
        let r = [4, 7, 9];
        assert_eq!(moved(&r, RosterMove::Up(1)), [7, 4, 9]);
        assert_eq!(moved(&r, RosterMove::Up(0)), r);
        assert_eq!(moved(&r, RosterMove::Down(1)), [4, 9, 7]);
        assert_eq!(moved(&r, RosterMove::Down(2)), r);
        assert_eq!(moved(&r, RosterMove::Remove(0)), [7, 9]);
        assert_eq!(moved(&r, RosterMove::Remove(3)), r);
    }
}
