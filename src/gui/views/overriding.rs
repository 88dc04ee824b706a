//! Override mode of a published round, and the hand edit of a draft before it is
//! published (the same panel): the arbiter swaps players, reverses colours,
//! unpairs boards and forces pairs (in a team event the same edits move teams between
//! matches, C.04.6, and the boards follow from the line-ups); every edit is checked at
//! once by the library (absolute
//! criteria: errors that block publishing; the comparison with the engine's pairing and
//! the colour rules: warnings), and publishing needs a reason, logged for audit. The
//! check runs on a background thread: on a big field, an edit that changes a bracket's
//! downfloaters re-measures that bracket's look-ahead, which takes seconds.

use eframe::egui;

use crate::document::Edit;
use crate::gui::command::Command;
use crate::gui::worker::{Insight, Job};
use crate::pairing::{Comparison, ManualCheck, PairingChange, RoundPairing, TeamPairing};
use crate::tournament::{OverrideRecord, Tournament, utc_timestamp};

/// An override being prepared.
#[derive(Debug)]
pub struct OverrideDraft {
    pub round: u32,
    /// The boards; in a team event, the matches as pairs of team numbers and the team
    /// with the bye.
    pub pairing: RoundPairing,
    /// Whether `pairing` pairs teams (a team event): edits then move teams.
    pub teams: bool,
    /// Whether the round was published: an override. Otherwise a draft edited by hand,
    /// which stays a draft.
    pub published: bool,
    /// Whether the model asks for a reason ([`Tournament::override_needs_reason`]).
    pub reason_needed: bool,
    /// The pairing and the players not paired before each edit of `changes`: an edit that
    /// brings one of them back undoes the edits since (a swap and its reverse leave no
    /// trace in the record).
    pub history: Vec<(RoundPairing, Vec<u32>)>,
    /// Players (teams) taken off their boards and not yet paired again.
    pub unpaired: Vec<u32>,
    /// The edits made, in words.
    pub changes: Vec<String>,
    /// The first player clicked of a swap or a pair.
    pub selected: Option<u32>,
    pub reason: String,
    /// The check of `pairing` (of an earlier edit while `checking`).
    pub check: ManualCheck,
    /// The check of the latest edit, under way.
    pub checking: Option<Job<ManualCheck>>,
    /// Why the last edit did not apply.
    pub refused: Option<String>,
    /// The rules the pairing breaks, as the model words them (checklist Q66): each a
    /// Level 3 warning the arbiter confirms, with the reason, instead of a block.
    pub issues: Vec<String>,
    /// Whether the arbiter confirmed `issues`.
    pub confirmed: bool,
}

impl OverrideDraft {
    /// Starts from the round's pairing (published, or the draft).
    pub fn new(round: u32, t: &Tournament, insight: &Insight) -> OverrideDraft {
        let teams = t.is_team_event();
        OverrideDraft {
            round,
            published: t.is_published(round),
            reason_needed: t.override_needs_reason(round),
            history: Vec::new(),
            pairing: if teams {
                TeamPairing::recorded(t, round).as_team_pairs()
            } else {
                insight.recorded.pairing.clone()
            },
            teams,
            unpaired: Vec::new(),
            changes: Vec::new(),
            selected: None,
            reason: String::new(),
            check: insight.recorded.clone(),
            checking: None,
            refused: None,
            issues: Vec::new(),
            confirmed: false,
        }
    }

    /// The model's warnings for the pairing as it stands (a team pairing has none here:
    /// its check is the absolute criteria's).
    fn refresh_issues(&mut self, t: &Tournament) {
        let issues = if self.teams {
            Vec::new()
        } else {
            let boards: Vec<[u32; 2]> = self
                .pairing
                .pairs
                .iter()
                .map(|p| [p.white, p.black])
                .collect();
            t.manual_pairing_issues(self.round, &boards, self.pairing.bye)
        };
        if issues != self.issues {
            self.issues = issues;
            self.confirmed = false;
        }
    }

    /// Applies an edit and starts checking the result (on this thread if no thread can
    /// be started).
    pub fn edit(
        &mut self,
        e: PairingChange,
        t: &Tournament,
        insight: &Insight,
        ctx: &egui::Context,
    ) {
        self.selected = None;
        let before = (self.pairing.clone(), self.unpaired.clone());
        match e.apply(&mut self.pairing, &mut self.unpaired) {
            Ok(()) => {
                let now = (&self.pairing, &self.unpaired);
                match self.history.iter().position(|(p, u)| (p, u) == now) {
                    // Back to where it was before an earlier edit: the edits since cancel.
                    Some(k) => {
                        self.history.truncate(k);
                        self.changes.truncate(k);
                    }
                    None => {
                        self.history.push(before);
                        self.changes.push(if self.teams {
                            format!("teams: {}", e.describe())
                        } else {
                            e.describe()
                        });
                    }
                }
                self.refused = None;
                let revision = self.changes.len() as u64;
                // The check judges boards: a team pairing's are its line-ups'.
                let boards = if self.teams {
                    TeamPairing::from_team_pairs(&self.pairing)
                        .boards_in(t)
                        .pairing
                } else {
                    self.pairing.clone()
                };
                match Job::check(&insight.explainer, boards.clone(), revision, ctx) {
                    Ok(job) => self.checking = Some(job),
                    Err(_) => {
                        self.checking = None;
                        self.check = insight.explainer.check(&boards);
                    }
                }
            }
            Err(why) => self.refused = Some(why),
        }
    }

    /// Takes the check of the latest edit when it is ready.
    pub fn poll(&mut self) {
        let Some(job) = &self.checking else {
            return;
        };
        let Some(result) = job.poll() else {
            return;
        };
        // Each edit replaces the job: a result is always the latest edit's.
        self.checking = None;
        match result {
            Ok(check) => self.check = check,
            Err(e) => self.refused = Some(format!("the check failed: {e}")),
        }
    }

    /// Whether the override may be published (or the draft's edit applied): checked,
    /// complete, changed, with a reason where the model asks for one; valid, or breaking
    /// only rules the model warns of and the arbiter confirmed (Level 3, checklist Q66).
    pub fn publishable(&self) -> bool {
        self.checking.is_none()
            && (self.issues.is_empty() || self.confirmed)
            && (self.check.is_valid() || !self.issues.is_empty())
            && self.unpaired.is_empty()
            && !self.changes.is_empty()
            && (!self.reason_needed || !self.reason.trim().is_empty())
            && (self.issues.is_empty() || !self.reason.trim().is_empty())
    }

    /// Why the edit cannot be applied yet, in words.
    fn not_ready(&self) -> &'static str {
        if self.checking.is_some() {
            "the check of the last edit is running"
        } else if self.changes.is_empty() {
            "nothing changed yet"
        } else if !self.unpaired.is_empty() {
            "some players are not paired"
        } else if !self.issues.is_empty() && !self.confirmed {
            "confirm the warnings (Level 3) and give the reason"
        } else if !self.check.is_valid() && self.issues.is_empty() {
            "the pairing breaks an absolute criterion"
        } else {
            "give the reason"
        }
    }

    /// The model edit that publishes it.
    fn publish(&self, insight: &Insight) -> Edit {
        // A team pairing is written with team numbers, and says so.
        let (engine, published) = match insight.explainer.team_pairing() {
            Some(teams) => (
                format!("teams {}", teams.as_team_pairs().summary()),
                format!("teams {}", self.pairing.summary()),
            ),
            None => (
                insight.explainer.pairing().summary(),
                self.pairing.summary(),
            ),
        };
        let record = Box::new(OverrideRecord {
            round: self.round,
            time: utc_timestamp(std::time::SystemTime::now()),
            changes: self.changes.clone(),
            engine,
            published,
            verdict: self.check.verdict(),
            reason: self.reason.trim().to_string(),
            acknowledged: if self.confirmed {
                self.issues.clone()
            } else {
                Vec::new()
            },
        });
        if self.teams {
            return Edit::OverrideTeams {
                pairing: TeamPairing::from_team_pairs(&self.pairing),
                record,
            };
        }
        Edit::Override {
            boards: self
                .pairing
                .pairs
                .iter()
                .map(|p| [p.white, p.black])
                .collect(),
            bye: self.pairing.bye,
            record,
        }
    }
}

/// What the arbiter did with the panel.
pub enum Outcome {
    Continue,
    Close,
}

/// Draws the override panel.
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    draft: &mut OverrideDraft,
    insight: &Insight,
    out: &mut Vec<Command>,
) -> Outcome {
    ui.heading(if draft.published {
        format!("Override the pairing of round {}", draft.round)
    } else {
        format!("Edit the draft of round {} by hand", draft.round)
    });
    ui.label(if draft.teams {
        "Click two teams to swap them (the team with the bye too); ⇄ reverses a match's \
         colours; Unpair frees both teams, then click two free teams to pair them. The \
         boards follow from the line-ups."
    } else {
        "Click two players to swap them (the PAB assignee too); ⇄ reverses a board's colours; \
         Unpair frees both players, then click two free players to pair them."
    });
    let teams = draft.teams;
    let name = |id: u32| {
        let name = if teams {
            t.team(id).map(|x| x.name.clone())
        } else {
            t.player(id).map(|p| p.name.clone())
        };
        name.map_or_else(|| id.to_string(), |name| format!("{id} {name}"))
    };
    let (row, bye_label) = if teams {
        ("Match", "Bye")
    } else {
        ("Board", "PAB")
    };
    let mut chosen: Option<PairingChange> = None;
    let mut clicked: Option<u32> = None;
    let selected = draft.selected;
    let mut player = |ui: &mut egui::Ui, id: u32| {
        if ui
            .selectable_label(selected == Some(id), name(id))
            .clicked()
        {
            clicked = Some(id);
        }
    };
    // Room below for the check, the reason and the buttons.
    let height = (ui.available_height() - 160.0).max(120.0);
    egui::ScrollArea::vertical()
        .max_height(height)
        .show(ui, |ui| {
            egui::Grid::new(("override", draft.round))
                .striped(true)
                .show(ui, |ui| {
                    for (i, pair) in draft.pairing.pairs.iter().enumerate() {
                        ui.label(format!("{row} {}", i + 1));
                        player(ui, pair.white);
                        player(ui, pair.black);
                        if ui.button("⇄ colours").clicked() {
                            chosen = Some(PairingChange::SwapColours(pair.white));
                        }
                        if ui.button("Unpair").clicked() {
                            chosen = Some(PairingChange::Unpair(pair.white));
                        }
                        ui.end_row();
                    }
                    if let Some(bye) = draft.pairing.bye {
                        ui.label(bye_label);
                        player(ui, bye);
                        ui.end_row();
                    }
                });
        });
    if !draft.unpaired.is_empty() {
        ui.label("Not paired:");
        ui.horizontal_wrapped(|ui| {
            for &id in &draft.unpaired {
                player(ui, id);
                if ui.small_button(format!("{bye_label} to {id}")).clicked() {
                    chosen = Some(PairingChange::GiveBye(id));
                }
            }
        });
    }
    if let Some(id) = clicked {
        match draft.selected {
            None => draft.selected = Some(id),
            Some(first) if first == id => draft.selected = None,
            Some(first) => {
                let free = |p: u32| draft.unpaired.contains(&p);
                chosen = Some(if free(first) && free(id) {
                    PairingChange::Pair {
                        white: first,
                        black: id,
                    }
                } else {
                    PairingChange::Swap(first, id)
                });
            }
        }
    }
    if let Some(e) = chosen {
        draft.edit(e, t, insight, ui.ctx());
    }
    draft.poll();
    draft.refresh_issues(t);
    if let Some(why) = &draft.refused {
        ui.colored_label(ui.visuals().warn_fg_color, why);
    }
    ui.separator();
    if let Some(job) = &draft.checking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!(
                "Checking the edit… {:.0} s",
                job.elapsed().as_secs_f64()
            ));
        });
    } else {
        verdict(ui, &draft.check);
    }
    if !draft.issues.is_empty() {
        let warn = ui.visuals().warn_fg_color;
        for issue in &draft.issues {
            ui.colored_label(warn, format!("Level 3 — {issue}"));
        }
        ui.checkbox(
            &mut draft.confirmed,
            "I confirm pairing so (Level 3; each warning is logged with the reason)",
        );
    }
    ui.horizontal(|ui| {
        let label = ui.label("Reason");
        let hint = if draft.reason_needed {
            "why the pairing is changed"
        } else {
            "why the pairing is changed (optional)"
        };
        ui.add(egui::TextEdit::singleline(&mut draft.reason).hint_text(hint))
            .labelled_by(label.id);
    });
    let mut outcome = Outcome::Continue;
    ui.horizontal(|ui| {
        let label = if draft.published {
            "Publish override"
        } else {
            "Apply to the draft"
        };
        let publish = ui
            .add_enabled(draft.publishable(), egui::Button::new(label))
            .on_disabled_hover_text(draft.not_ready());
        if publish.clicked() {
            out.push(Command::Edit(draft.publish(insight)));
            outcome = Outcome::Close;
        }
        let cancel = if draft.published {
            "Cancel override"
        } else {
            "Cancel hand edit"
        };
        if ui.button(cancel).clicked() {
            outcome = Outcome::Close;
        }
    });
    outcome
}

/// The check: errors in red (they block publishing unless the model warns of them and
/// the arbiter confirms), warnings in the warning colour.
fn verdict(ui: &mut egui::Ui, check: &ManualCheck) {
    let error = ui.visuals().error_fg_color;
    let warn = ui.visuals().warn_fg_color;
    for e in &check.errors {
        ui.colored_label(error, format!("Refused — {}: {}", e.article, e.text));
    }
    for b in &check.colour_breaks {
        ui.colored_label(
            warn,
            format!(
                "Warning — board {} ({}-{}): {}",
                b.board, b.white, b.black, b.text
            ),
        );
    }
    match &check.comparison {
        Comparison::Differs { worse: true, .. } => {
            ui.colored_label(warn, format!("Warning — {}", check.comparison_text()));
        }
        Comparison::NotCompared => {}
        _ => {
            ui.label(format!(
                "Compared with the engine's pairing: {}",
                check.comparison_text()
            ));
        }
    }
}
