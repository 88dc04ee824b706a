//! The venue network's window: start and stop the server, its address and QR code, the
//! board cards, what happens to confirmed results, the queue of results waiting for the
//! arbiter, and the deputies' codes. It draws what the app gives it ([`Shown`]) and
//! pushes [`VenueCommand`]s; the app owns the venue and runs them.

use eframe::egui;

use crate::venue::{Acceptance, BoardKey, Choice, DeputyCode, Rights};

use super::super::command::Command;

/// What the arbiter asks of the venue network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VenueCommand {
    /// Show the window.
    Show,
    Start,
    Stop,
    /// Bind every interface (the venue's network) or the loopback only; a running
    /// server restarts.
    OpenToNetwork(bool),
    SetAcceptance(Acceptance),
    /// Record a result for a board from its queue item (the one proposed, or one side's
    /// in a disagreement), through the window's edit path.
    Accept(BoardKey, Choice),
    /// Take a board's items out of the queue without changing its result.
    Dismiss(BoardKey),
    /// Record a captain's line-up (by its queue id), through the window's edit path.
    AcceptLineup(u64),
    /// Take a captain's line-up out of the queue without recording it.
    DismissLineup(u64),
    /// Make a deputy's code from the form.
    AddCode,
    /// Forget the code shown once.
    HideCode,
    Revoke(u32),
    /// Write the board cards of the published rounds (asks where).
    BoardCards,
}

/// The deputy's code being made.
#[derive(Clone, Debug)]
pub struct DeputyForm {
    pub label: String,
    /// The section (from 0).
    pub section: usize,
    pub first: usize,
    pub last: usize,
    pub rights: Rights,
    pub hours: u32,
}

impl Default for DeputyForm {
    fn default() -> DeputyForm {
        DeputyForm {
            label: String::new(),
            section: 0,
            first: 1,
            last: 10,
            rights: Rights::FillBlank,
            hours: 8,
        }
    }
}

/// A code just made: shown once, with its QR code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCode {
    pub label: String,
    /// The code in groups, as read out.
    pub grouped: String,
    /// The deputy's page with the code.
    pub url: String,
}

/// What the window keeps between frames.
#[derive(Clone, Debug)]
pub struct VenueForm {
    pub shown: bool,
    pub port: String,
    pub open_to_network: bool,
    pub deputy: DeputyForm,
    pub new_code: Option<NewCode>,
}

impl Default for VenueForm {
    fn default() -> VenueForm {
        VenueForm {
            shown: false,
            port: "8080".into(),
            open_to_network: false,
            deputy: DeputyForm::default(),
            new_code: None,
        }
    }
}

/// An item of the queue, in words.
#[derive(Clone, Debug)]
pub struct Row {
    pub board: BoardKey,
    /// "Board 3 (round 5): White – Black".
    pub title: String,
    pub text: String,
    /// The results it offers to record, with their buttons' labels.
    pub choices: Vec<(String, Choice)>,
}

/// A captain's line-up waiting, in words.
#[derive(Clone, Debug)]
pub struct LineupRow {
    pub id: u64,
    /// "Round 3: line-up of Team A (against Team B)".
    pub title: String,
    /// "1 Anna, 2 Boris, 3 nobody, 4 Dana".
    pub text: String,
}

/// The running server as the window shows it.
#[derive(Clone, Debug)]
pub struct Running {
    /// `http://ADDRESS:PORT`.
    pub url: String,
    pub acceptance: Acceptance,
    pub queue: Vec<Row>,
    pub lineups: Vec<LineupRow>,
    pub codes: Vec<DeputyCode>,
}

/// What the window draws.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    pub running: Option<Running>,
    /// The last problem (not saved, address in use, ...).
    pub problem: Option<String>,
    /// The sections' names (a deputy's code belongs to one).
    pub sections: Vec<String>,
    /// Each section's teams (number, name); empty for an individual section.
    pub teams: Vec<Vec<(u32, String)>>,
}

/// Draws the window while `form.shown`.
pub fn show(ctx: &egui::Context, shown: &Shown, form: &mut VenueForm, out: &mut Vec<Command>) {
    if !form.shown {
        return;
    }
    let mut open = true;
    let mut push = |c: VenueCommand| out.push(Command::Venue(c));
    egui::Window::new("Venue network")
        .open(&mut open)
        .default_size([560.0, 600.0])
        .vscroll(true)
        .show(ctx, |ui| {
            server(ui, shown, form, &mut push);
            if let Some(problem) = &shown.problem {
                ui.colored_label(ui.visuals().error_fg_color, problem);
            }
            let Some(running) = &shown.running else {
                return;
            };
            ui.separator();
            address(ui, running, &mut push);
            ui.separator();
            acceptance(ui, running.acceptance, &mut push);
            ui.separator();
            queue(ui, &running.queue, &mut push);
            lineups(ui, &running.lineups, &mut push);
            ui.separator();
            deputies(ui, shown, running, form, &mut push);
        });
    form.shown = open;
}

/// Start/Stop, the port and where it listens.
fn server(
    ui: &mut egui::Ui,
    shown: &Shown,
    form: &mut VenueForm,
    push: &mut impl FnMut(VenueCommand),
) {
    ui.horizontal(|ui| {
        let running = shown.running.is_some();
        let label = ui.label("Port");
        ui.add_enabled(
            !running,
            egui::TextEdit::singleline(&mut form.port).desired_width(60.0),
        )
        .labelled_by(label.id)
        .on_hover_text("0: any free port");
        if running {
            if ui.button("Stop").clicked() {
                push(VenueCommand::Stop);
            }
        } else if ui.button("Start").clicked() {
            push(VenueCommand::Start);
        }
    });
    let mut open = form.open_to_network;
    if ui
        .checkbox(&mut open, "Open to the venue's network")
        .on_hover_text("Off: only this computer reaches the pages")
        .changed()
    {
        push(VenueCommand::OpenToNetwork(open));
    }
}

/// The address, its QR code and the board cards.
fn address(ui: &mut egui::Ui, running: &Running, push: &mut impl FnMut(VenueCommand)) {
    ui.horizontal(|ui| {
        super::qr::show(ui, &running.url, 160.0);
        ui.vertical(|ui| {
            ui.label("The event's pages are at");
            ui.strong(&running.url);
            if ui.button("Board cards…").clicked() {
                push(VenueCommand::BoardCards);
            }
        });
    });
}

fn acceptance(ui: &mut egui::Ui, current: Acceptance, push: &mut impl FnMut(VenueCommand)) {
    for (value, label) in [
        (
            Acceptance::AcceptConfirmed,
            "Record results both players confirmed",
        ),
        (Acceptance::QueueAll, "Queue every result for me"),
    ] {
        if ui.radio(current == value, label).clicked() && current != value {
            push(VenueCommand::SetAcceptance(value));
        }
    }
}

/// The items waiting for the arbiter; `A` accepts the first (see the app).
fn queue(ui: &mut egui::Ui, rows: &[Row], push: &mut impl FnMut(VenueCommand)) {
    ui.heading(format!("Waiting for you: {}", rows.len()));
    if rows.is_empty() {
        ui.label("Nothing waits.");
        return;
    }
    ui.label("A accepts the first item.");
    egui::Grid::new("venue-queue")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for row in rows {
                ui.label(&row.title);
                ui.label(&row.text);
                ui.horizontal(|ui| {
                    for (label, choice) in &row.choices {
                        if ui.button(label).clicked() {
                            push(VenueCommand::Accept(row.board, *choice));
                        }
                    }
                    if ui.button("Dismiss").clicked() {
                        push(VenueCommand::Dismiss(row.board));
                    }
                });
                ui.end_row();
            }
        });
}

/// The captains' line-ups waiting for the arbiter.
fn lineups(ui: &mut egui::Ui, rows: &[LineupRow], push: &mut impl FnMut(VenueCommand)) {
    if rows.is_empty() {
        return;
    }
    ui.heading(format!("Line-ups from captains: {}", rows.len()));
    egui::Grid::new("venue-lineups")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for row in rows {
                ui.label(&row.title);
                ui.label(&row.text);
                ui.horizontal(|ui| {
                    if ui.button("Accept line-up").clicked() {
                        push(VenueCommand::AcceptLineup(row.id));
                    }
                    if ui.button("Dismiss line-up").clicked() {
                        push(VenueCommand::DismissLineup(row.id));
                    }
                });
                ui.end_row();
            }
        });
}

/// The form making a deputy's code, the code made (once) and the codes.
fn deputies(
    ui: &mut egui::Ui,
    shown: &Shown,
    running: &Running,
    form: &mut VenueForm,
    push: &mut impl FnMut(VenueCommand),
) {
    ui.heading("Deputies' codes");
    if let Some(code) = &form.new_code {
        ui.horizontal(|ui| {
            super::qr::show(ui, &code.url, 140.0);
            ui.vertical(|ui| {
                ui.label(format!("The code of {} (shown only now):", code.label));
                ui.strong(&code.grouped);
                ui.label(&code.url);
                if ui.button("Done").clicked() {
                    push(VenueCommand::HideCode);
                }
            });
        });
    }
    let d = &mut form.deputy;
    egui::Grid::new("venue-deputy")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Whose code");
            ui.text_edit_singleline(&mut d.label).labelled_by(label.id);
            ui.end_row();
            if shown.sections.len() > 1 {
                let label = ui.label("Section");
                let name = shown.sections.get(d.section).cloned().unwrap_or_default();
                egui::ComboBox::from_id_salt("venue-deputy-section")
                    .selected_text(name)
                    .show_ui(ui, |ui| {
                        for (i, s) in shown.sections.iter().enumerate() {
                            ui.selectable_value(&mut d.section, i, s);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
            }
            let teams = shown.teams.get(d.section).map_or(&[][..], Vec::as_slice);
            if let Rights::Captain { team } = d.rights
                && !teams.iter().any(|(id, _)| *id == team)
            {
                // Another section was chosen: its teams are others.
                d.rights = match teams.first() {
                    Some((first, _)) => Rights::Captain { team: *first },
                    None => Rights::FillBlank,
                };
            }
            ui.label("May");
            ui.horizontal(|ui| {
                ui.radio_value(&mut d.rights, Rights::FillBlank, "fill blank results");
                ui.radio_value(&mut d.rights, Rights::Correct, "also correct them");
                if let Some((first, _)) = teams.first() {
                    let captain = matches!(d.rights, Rights::Captain { .. });
                    if ui.radio(captain, "hand in a team's line-ups").clicked() && !captain {
                        d.rights = Rights::Captain { team: *first };
                    }
                }
            });
            ui.end_row();
            match &mut d.rights {
                Rights::Captain { team } => {
                    let label = ui.label("Captain of");
                    let name = teams
                        .iter()
                        .find(|(id, _)| id == team)
                        .map(|(_, n)| n.clone())
                        .unwrap_or_default();
                    egui::ComboBox::from_id_salt("venue-captain-team")
                        .selected_text(name)
                        .show_ui(ui, |ui| {
                            for (id, n) in teams {
                                ui.selectable_value(team, *id, n);
                            }
                        })
                        .response
                        .labelled_by(label.id);
                }
                _ => {
                    let from = ui.label("Boards");
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut d.first).range(1..=9999))
                            .labelled_by(from.id);
                        let to = ui.label("to");
                        ui.add(egui::DragValue::new(&mut d.last).range(1..=9999))
                            .labelled_by(to.id);
                    });
                }
            }
            ui.end_row();
            let valid = ui.label("Valid for");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut d.hours).range(1..=240))
                    .labelled_by(valid.id);
                ui.label("hours");
            });
            ui.end_row();
        });
    if ui.button("Make a code").clicked() {
        push(VenueCommand::AddCode);
    }
    for code in running.codes.iter().filter(|c| !c.revoked) {
        ui.horizontal(|ui| {
            ui.label(match code.rights {
                Rights::Captain { team } => format!(
                    "{}: section {}, captain of team {team}",
                    code.label,
                    code.section + 1
                ),
                rights => format!(
                    "{}: section {}, boards {}–{}, {}, {}",
                    code.label,
                    code.section + 1,
                    code.first_board,
                    code.last_board,
                    if rights == Rights::Correct {
                        "corrects"
                    } else {
                        "fills blanks"
                    },
                    crate::plural::count(code.writes as usize, "result")
                ),
            });
            if ui.button("Revoke").clicked() {
                push(VenueCommand::Revoke(code.id));
            }
        });
    }
}
