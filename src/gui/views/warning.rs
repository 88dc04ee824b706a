//! The one way the window warns (checklist Q218-221: levels that cannot be disabled): a
//! modal that shows every warning of a change with its level and asks what the gravest
//! level asks. Level 2 is acknowledged, level 3 confirmed, level 4 confirmed twice (the
//! consequences first), level 5 refused; in FIDE mode a refusal offers to leave it.

use eframe::egui;

use crate::tournament::{Warning, WarningLevel, gravest};

/// What the arbiter answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Make the change.
    Proceed,
    /// Level 4: the consequences were read; ask the second time.
    SecondStep,
    /// Do not make it.
    Cancel,
    /// Refused in FIDE mode: ask whether to leave FIDE mode.
    LeaveFideMode,
}

/// The heading of a warning of `level`, its number shown (the TEC Manual's scale).
pub fn heading(ui: &mut egui::Ui, level: WarningLevel, title: &str) {
    let colour = match level {
        WarningLevel::Acknowledge => ui.visuals().text_color(),
        WarningLevel::Confirm | WarningLevel::ConfirmTwice => ui.visuals().warn_fg_color,
        WarningLevel::Refuse => ui.visuals().error_fg_color,
    };
    ui.horizontal(|ui| {
        ui.colored_label(colour, format!("Level {} warning", level.number()));
        ui.heading(title);
    });
}

/// Shows `warnings` about the change `what` (its description); `second` is the second
/// step of a level-4 warning; `fide_mode` whether a refusal may lead out of FIDE mode.
pub fn show(
    ui: &mut egui::Ui,
    warnings: &[Warning],
    what: &str,
    second: bool,
    fide_mode: bool,
) -> Option<Answer> {
    let level = gravest(warnings)?;
    let title = match (level, second) {
        (WarningLevel::Refuse, _) => "Refused",
        (WarningLevel::ConfirmTwice, true) => "Confirm again: this is recorded in the report",
        (WarningLevel::ConfirmTwice, false) => "Before this change",
        (WarningLevel::Confirm, _) => "Confirm this change",
        (WarningLevel::Acknowledge, _) => "Note",
    };
    heading(ui, level, title);
    ui.label(what);
    for warning in warnings {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}:", warning.level.number()));
            ui.label(&warning.text);
        });
    }
    let mut answer = None;
    ui.horizontal(|ui| {
        let mut button = |text: &str, then: Answer| {
            if ui.button(text).clicked() {
                answer = Some(then);
            }
        };
        match (level, second) {
            (WarningLevel::Refuse, _) => {
                button("Close", Answer::Cancel);
                if fide_mode {
                    button("Leave FIDE mode…", Answer::LeaveFideMode);
                }
            }
            (WarningLevel::ConfirmTwice, false) => {
                button("Continue…", Answer::SecondStep);
                button("Cancel", Answer::Cancel);
            }
            (WarningLevel::ConfirmTwice, true) => {
                button("Make the change", Answer::Proceed);
                button("Cancel", Answer::Cancel);
            }
            (WarningLevel::Confirm, _) => {
                button("Confirm", Answer::Proceed);
                button("Cancel", Answer::Cancel);
            }
            (WarningLevel::Acknowledge, _) => {
                button("OK", Answer::Proceed);
                button("Cancel", Answer::Cancel);
            }
        }
    });
    answer
}
