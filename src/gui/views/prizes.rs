//! The prize list: the organiser's prizes (edited as the prize file's lines), the rules
//! for ties and for players eligible for several prizes, and the prizes given from the
//! current standings.

use eframe::egui;
use egui_extras::Column;

use crate::document::Edit;
use crate::formats::prize_awards;
use crate::gui::command::Command;
use crate::prizes::prize_file;
use crate::tournament::{PrizeChoice, PrizeList, Sharing, Tournament};

use super::standings::{Shown, computing};
use super::text_table;

/// The prize lines being edited.
#[derive(Debug, Default)]
pub struct PrizesForm {
    /// The lines typed and not applied yet; `None`: the event's list is shown.
    text: Option<String>,
    /// Why the last Apply was refused.
    error: Option<String>,
}

/// Draws the prize list editor and the prizes given.
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    form: &mut PrizesForm,
    shown: &Shown,
    out: &mut Vec<Command>,
) {
    ui.heading("Prizes");
    if t.is_team_event() {
        ui.label("Prizes are given to the players of an individual event.");
        return;
    }
    rules(ui, &t.prizes, out);
    ui.separator();
    editor(ui, t, form, out);
    ui.separator();
    awards(ui, t, shown);
}

/// The sharing and choice rules and the currency: each change is one edit.
fn rules(ui: &mut egui::Ui, list: &PrizeList, out: &mut Vec<Command>) {
    let mut edited = list.clone();
    egui::Grid::new("prize-rules")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("Players tied on points");
            let sharing_name = |s: Sharing| match s {
                Sharing::TieBreaks => "the tie-breaks decide (no sharing)",
                Sharing::Equal => "share the money equally",
                Sharing::Hort => "Hort system (half by tie-breaks, half shared)",
            };
            egui::ComboBox::from_id_salt("prize-sharing")
                .selected_text(sharing_name(edited.sharing))
                .show_ui(ui, |ui| {
                    for s in [Sharing::TieBreaks, Sharing::Equal, Sharing::Hort] {
                        ui.selectable_value(&mut edited.sharing, s, sharing_name(s));
                    }
                })
                .response
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("A player eligible for several");
            let choice_name = |c: PrizeChoice| match c {
                PrizeChoice::HighestAmount => "takes the highest amount",
                PrizeChoice::AnnouncedFirst => "takes the one listed first",
            };
            egui::ComboBox::from_id_salt("prize-choice")
                .selected_text(choice_name(edited.choice))
                .show_ui(ui, |ui| {
                    for c in [PrizeChoice::HighestAmount, PrizeChoice::AnnouncedFirst] {
                        ui.selectable_value(&mut edited.choice, c, choice_name(c));
                    }
                })
                .response
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Currency");
            ui.add(egui::TextEdit::singleline(&mut edited.currency).desired_width(80.0))
                .labelled_by(l.id);
            ui.end_row();
        });
    if edited != *list {
        out.push(Command::Edit(Edit::SetPrizes(Box::new(edited))));
    }
}

/// The prizes as lines of the prize file, applied as one edit.
fn editor(ui: &mut egui::Ui, t: &Tournament, form: &mut PrizesForm, out: &mut Vec<Command>) {
    ui.label(
        "One prize per line: category, place, amount, what is given besides money. \
         Categories: Overall, Women, U18 (any age), S65, 1600-1799, -1599, 2000-, Unrated.",
    );
    let saved = prize_file::write(&t.prizes);
    let text = form.text.get_or_insert_with(|| saved.clone());
    let l = ui.label("Prize list");
    egui::ScrollArea::vertical()
        .id_salt("prize-lines")
        .max_height(180.0)
        .show(ui, |ui| {
            ui.add(
                egui::TextEdit::multiline(text)
                    .code_editor()
                    .desired_rows(8)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(l.id);
        });
    let pending = *text != saved;
    let (mut apply, mut revert) = (false, false);
    ui.horizontal(|ui| {
        apply = ui
            .add_enabled(pending, egui::Button::new("Apply prize list"))
            .clicked();
        revert = ui
            .add_enabled(pending, egui::Button::new("Revert"))
            .clicked();
        if pending {
            ui.colored_label(ui.visuals().warn_fg_color, "● not applied");
        }
    });
    if apply {
        match prize_file::read(text, "prize list") {
            Ok(prizes) => {
                let list = PrizeList {
                    prizes,
                    ..t.prizes.clone()
                };
                out.push(Command::Edit(Edit::SetPrizes(Box::new(list))));
                revert = true;
            }
            Err(e) => form.error = Some(e.to_string()),
        }
    }
    // Nothing typed (or applied, or reverted): show the event's list as it is, also
    // after an undo.
    if revert || !pending {
        form.text = None;
    }
    if revert {
        form.error = None;
    }
    if let Some(error) = &form.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
}

/// The prizes given from the current standings.
fn awards(ui: &mut egui::Ui, t: &Tournament, shown: &Shown) {
    let Some(Ok(table)) = computing(ui, "Prizes given", shown) else {
        return;
    };
    let Some(awards) = &table.awards else {
        ui.label("No prize list yet.");
        return;
    };
    let round = table.standings.round;
    let last = t.event.rounds.is_some_and(|planned| round >= planned);
    ui.strong(if last {
        format!("Prizes given after round {round} (the last round)")
    } else {
        format!("Prizes as the standings stand after round {round} (not final)")
    });
    let rows = prize_awards::table_rows(t, &t.prizes, awards);
    let columns: Vec<(String, Column)> = prize_awards::TABLE_HEADINGS
        .iter()
        .map(|&heading| {
            let width = match heading {
                "Prize" => Column::exact(110.0),
                "Name" => Column::initial(200.0).at_least(120.0).clip(true),
                "Amount" | "Also" => Column::exact(90.0),
                "Shared" => Column::remainder(),
                _ => Column::exact(45.0),
            };
            (heading.to_string(), width)
        })
        .collect();
    text_table::show(ui, "prizes-given", &columns, &rows, |ui, _, text| {
        ui.label(text);
    });
    for line in prize_awards::unawarded_lines(&t.prizes, awards) {
        ui.label(line);
    }
}
