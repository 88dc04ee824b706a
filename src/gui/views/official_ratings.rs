//! Official ratings in the players view (the FIDE checklist's Q116-145): the rating method
//! that makes the tournament ratings (TRF-2026 `172`; Q145, with a sequence of lists and
//! the one proposed for the event's list, Q117, Q123, Q126), a national or custom list
//! applied beside FIDE's (Q116, Q134-136), and, in a player's form, his rating on each
//! list with the list his tournament rating is taken from (Q128-129). Every change is an
//! [`Edit`]; the rules are the model's.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use eframe::egui;

use crate::document::{Edit, RatingRefresh};
use crate::formats::rating_list::national::{OtherList, apply_other_list};
use crate::formats::rating_list::update::{ListSource, iso};
use crate::formats::rating_list::{ListError, custom, dwz};
use crate::gui::command::Command;
use crate::tournament::{ListId, Player, RatingMethod, Tournament, read_date};

/// The methods offered, in the order of TRF-2026's `172`; `None`: a sequence of lists.
const METHODS: [(&str, Option<RatingMethod>); 7] = [
    ("FIDE", Some(RatingMethod::Fide)),
    ("NRO", Some(RatingMethod::National)),
    ("FIDON", Some(RatingMethod::Fidon)),
    ("NIDOF", Some(RatingMethod::Nidof)),
    ("HBFN", Some(RatingMethod::Hbfn)),
    ("LBFN", Some(RatingMethod::Lbfn)),
    ("A sequence of lists", None),
];

/// The panel's fields between frames, as typed.
#[derive(Debug, Default)]
pub struct ListsPanel {
    /// Which of [`METHODS`].
    pub method: usize,
    /// The sequence of lists, when `method` is the last one (`rapid,standard`).
    pub sequence: String,
    /// The rating of players on none of the method's lists (blank: unrated).
    pub unlisted: String,
    pub national_path: String,
    pub national_date: String,
    pub custom_path: String,
    pub custom_name: String,
    pub custom_date: String,
    pub error: Option<String>,
    /// What the last list applied changed, and how its players were found.
    pub changes: Vec<String>,
    /// The event's method the fields were last filled from: they follow the event until
    /// the arbiter types.
    shown_for: Option<(RatingMethod, Option<u16>)>,
    /// A list being read.
    reading: Option<Reading>,
}

impl ListsPanel {
    /// Fills the method's fields from `method`.
    fn fill(&mut self, method: &RatingMethod, unlisted: Option<u16>) {
        self.method = METHODS
            .iter()
            .position(|(_, m)| m.as_ref() == Some(method))
            .unwrap_or(METHODS.len() - 1);
        self.sequence = match method {
            RatingMethod::Lists(_) => method.code(),
            _ => String::new(),
        };
        self.unlisted = unlisted.map(|r| r.to_string()).unwrap_or_default();
    }

    /// The method and the rating of players on none of its lists, as typed.
    fn typed(&self) -> Result<(RatingMethod, Option<u16>), String> {
        let method = match &METHODS[self.method.min(METHODS.len() - 1)].1 {
            Some(method) => method.clone(),
            None => RatingMethod::parse(&self.sequence)?,
        };
        let unlisted = match self.unlisted.trim() {
            "" => None,
            text => match text.parse::<u16>() {
                Ok(r) if (1..=9999).contains(&r) => Some(r),
                _ => {
                    return Err(format!(
                        "Players on none of its lists: expected a rating from 1 to 9999, or \
                         blank (unrated), found {text:?}"
                    ));
                }
            },
        };
        Ok((method, unlisted))
    }
}

/// A list's date as typed: blank (not known) or a date in any form the event's dates
/// take.
fn typed_date(text: &str, what: &str) -> Result<String, String> {
    match text.trim() {
        "" => Ok(String::new()),
        t => read_date(t)
            .map(iso)
            .ok_or_else(|| format!("{what}: expected a date, e.g. 2026-11-20, found {t:?}")),
    }
}

/// A national or custom list being read on a background thread (a federation's list is
/// megabytes: the window keeps drawing), with where it comes from.
#[derive(Debug)]
struct Reading {
    source: ListSource,
    result: Receiver<Result<OtherList, String>>,
}

/// Starts reading the list at `path` with `read` on a background thread; its date as
/// typed is checked first.
fn start_reading(
    panel: &mut ListsPanel,
    path: &str,
    date: &str,
    read: impl FnOnce(&Path) -> Result<OtherList, ListError> + Send + 'static,
) {
    let path = PathBuf::from(path.trim());
    let date = match typed_date(date, "The list's date") {
        Ok(date) => date,
        Err(e) => {
            panel.error = Some(e);
            return;
        }
    };
    let source = ListSource {
        source: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        date,
    };
    let (sender, result) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("other-rating-list".into())
        .spawn(move || {
            let _ = sender.send(read(&path).map_err(|e| e.to_string()));
        });
    match spawned {
        Ok(_) => {
            panel.error = None;
            panel.reading = Some(Reading { source, result });
        }
        Err(e) => panel.error = Some(format!("cannot start reading the list: {e}")),
    }
}

/// The list read, when it is: applied to a copy of the players, as one edit. True while
/// it is still being read.
fn finish_reading(t: &Tournament, panel: &mut ListsPanel, out: &mut Vec<Command>) -> bool {
    let Some(reading) = &panel.reading else {
        return false;
    };
    let list = match reading.result.try_recv() {
        Err(TryRecvError::Empty) => return true,
        Err(TryRecvError::Disconnected) => Err("the list could not be read".to_string()),
        Ok(read) => read,
    };
    let Some(Reading { source, .. }) = panel.reading.take() else {
        return false;
    };
    let list = match list {
        Ok(list) => list,
        Err(e) => {
            panel.error = Some(e);
            return false;
        }
    };
    let applied = apply_other_list(t, &list, &source);
    panel.error = None;
    panel.changes = applied.changes.clone();
    panel.changes.push(format!(
        "{}: {} lines skipped; the event's players: {}",
        applied.list, list.reading.skipped, applied.matching
    ));
    if applied.players != t.players {
        out.push(Command::Edit(Edit::RefreshRatings(Box::new(
            RatingRefresh {
                players: applied.players,
                list: applied.list,
                fide_date: None,
                fide: false,
                changes: applied.changes,
            },
        ))));
    }
    false
}

/// Draws the panel: the method, and the national and custom lists.
pub fn show(ui: &mut egui::Ui, t: &Tournament, panel: &mut ListsPanel, out: &mut Vec<Command>) {
    let reading = finish_reading(t, panel, out);
    if reading {
        ui.ctx().request_repaint_after(Duration::from_millis(50));
    }
    let event = (t.event.rating_method.clone(), t.event.unlisted_rating);
    if panel.shown_for.as_ref() != Some(&event) {
        panel.fill(&event.0, event.1);
        panel.shown_for = Some(event);
    }
    ui.group(|ui| {
        ui.strong("Ratings and lists");
        ui.label(format!(
            "Tournament ratings: {}",
            t.event.rating_method_words()
        ));
        ui.horizontal(|ui| {
            let l = ui.label("Rating method");
            egui::ComboBox::from_id_salt("rating-method")
                .selected_text(METHODS[panel.method.min(METHODS.len() - 1)].0)
                .show_ui(ui, |ui| {
                    for (i, (name, _)) in METHODS.iter().enumerate() {
                        ui.selectable_value(&mut panel.method, i, *name);
                    }
                })
                .response
                .labelled_by(l.id)
                .on_hover_text(
                    "FIDE: the FIDE rating; NRO: the national one; FIDON: FIDE's, else the \
                     national; NIDOF: the national, else FIDE's; HBFN / LBFN: the higher / \
                     lower of the two",
                );
            if panel.method == METHODS.len() - 1 {
                let l = ui.label("Lists, in order");
                ui.text_edit_singleline(&mut panel.sequence)
                    .labelled_by(l.id)
                    .on_hover_text(
                        "standard, rapid, blitz (FIDE's), a federation's code (GER), \
                         custom:NAME; separated by commas",
                    );
            }
        });
        ui.horizontal(|ui| {
            let l = ui.label("Players on none of its lists");
            ui.text_edit_singleline(&mut panel.unlisted)
                .labelled_by(l.id)
                .on_hover_text("Their tournament rating; blank: unrated");
        });
        ui.horizontal(|ui| {
            let list = t.event.rating_list;
            if ui
                .button(format!("Propose for a {} event", list.name()))
                .on_hover_text(
                    "Standard: the FIDE rating; rapid or blitz: that list's rating, else the \
                     standard one (checklist Q123)",
                )
                .clicked()
            {
                panel.fill(&RatingMethod::proposed_for(list), None);
            }
            if ui
                .button("Apply the method")
                .on_hover_text(
                    "Every player's tournament rating by the method; before round 1 the \
                     players are numbered again (logged)",
                )
                .clicked()
            {
                match panel.typed() {
                    Ok((method, unlisted)) => {
                        panel.error = None;
                        out.push(Command::Edit(Edit::SetRatingMethod { method, unlisted }));
                    }
                    Err(e) => panel.error = Some(e),
                }
            }
        });
        ui.separator();
        let field = |ui: &mut egui::Ui, label: &str, value: &mut String, hint: &str| {
            let l = ui.label(label);
            let field = ui.text_edit_singleline(value).labelled_by(l.id);
            if !hint.is_empty() {
                field.on_hover_text(hint);
            }
            ui.end_row();
        };
        let mut national = false;
        let mut custom_list = false;
        egui::Grid::new("other-lists")
            .num_columns(2)
            .show(ui, |ui| {
                field(
                    ui,
                    "National list (DWZ)",
                    &mut panel.national_path,
                    "The German federation's players' list, spieler.csv",
                );
                field(ui, "National list date", &mut panel.national_date, "");
                ui.label("");
                national = ui
                    .add_enabled(!reading, egui::Button::new("Apply the national list"))
                    .clicked();
                ui.end_row();
                field(
                    ui,
                    "Custom list (CSV)",
                    &mut panel.custom_path,
                    "A header naming name and rating (and id, fide id, birth year when known)",
                );
                field(
                    ui,
                    "Custom list name",
                    &mut panel.custom_name,
                    "By default the file's name",
                );
                field(ui, "Custom list date", &mut panel.custom_date, "");
                ui.label("");
                custom_list = ui
                    .add_enabled(!reading, egui::Button::new("Apply the custom list"))
                    .clicked();
                ui.end_row();
            });
        if national {
            let (path, date) = (panel.national_path.clone(), panel.national_date.clone());
            start_reading(panel, &path, &date, dwz::read);
        }
        if custom_list {
            let (path, date) = (panel.custom_path.clone(), panel.custom_date.clone());
            let name = match panel.custom_name.trim() {
                "" => Path::new(path.trim())
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                name => name.to_string(),
            };
            match ListId::parse(&format!("custom:{name}")) {
                Ok(_) => start_reading(panel, &path, &date, move |p| custom::read(p, &name)),
                Err(e) => panel.error = Some(e),
            }
        }
        if reading {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Reading the list…");
            });
        }
        if let Some(error) = &panel.error {
            ui.colored_label(ui.visuals().error_fg_color, error.as_str());
        }
        if !panel.changes.is_empty() {
            egui::CollapsingHeader::new(format!(
                "Last list applied: {} line(s)",
                panel.changes.len()
            ))
            .show(ui, |ui| {
                for change in &panel.changes {
                    ui.label(change);
                }
            });
        }
    });
}

/// A player's official ratings in his form: each list's rating, source and date, and the
/// list his tournament rating is taken from, which the arbiter may pick (checklist
/// Q128-129).
pub fn player_ratings(ui: &mut egui::Ui, player: &Player, out: &mut Vec<Command>) {
    let officials = player.official_ratings();
    if officials.is_empty() {
        return;
    }
    let rated = player
        .rating
        .map_or("unrated".to_string(), |r| r.to_string());
    let by = match &player.rating_pick {
        Some(list) if player.official_rating(list).is_some() => format!("the {list} list, picked"),
        _ => "the event's method".to_string(),
    };
    ui.label(format!("Tournament rating {rated}, by {by}"));
    egui::Grid::new("official-ratings")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            for o in officials {
                ui.label(o.list.to_string());
                ui.label(o.rating.to_string());
                ui.label(&o.source);
                ui.label(if o.date.is_empty() {
                    "date not known"
                } else {
                    &o.date
                });
                if player.rating_pick.as_ref() == Some(&o.list) {
                    ui.label("rates him");
                } else if ui
                    .button(format!("Rate by the {} list", o.list))
                    .on_hover_text("His tournament rating is this one, whatever the method")
                    .clicked()
                {
                    out.push(Command::Edit(Edit::PickRatingList {
                        player: player.id,
                        list: Some(o.list.clone()),
                    }));
                }
                ui.end_row();
            }
        });
    if player.rating_pick.is_some() && ui.button("Rate by the method").clicked() {
        out.push(Command::Edit(Edit::PickRatingList {
            player: player.id,
            list: None,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_read_back_the_method_they_were_filled_with() {
        let mut panel = ListsPanel::default();
        for (method, unlisted) in [
            (RatingMethod::Fide, None),
            (RatingMethod::Hbfn, Some(1000)),
            (
                RatingMethod::parse("rapid,GER,custom:Club").expect("parses"),
                None,
            ),
        ] {
            panel.fill(&method, unlisted);
            assert_eq!(panel.typed(), Ok((method, unlisted)));
        }
        panel.unlisted = "lots".into();
        assert!(panel.typed().is_err());
        panel.unlisted.clear();
        panel.sequence = "rapid,,".into();
        assert!(panel.typed().is_err());
    }
}
