//! The standings view, computed by [`crate::standings`] with the event's tie-breaks, and
//! kept until the tournament changes.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use crate::standings::{self, Line, Options, Rules, Standings};
use crate::tournament::Tournament;

/// The standings and crosstable of one state of the tournament.
#[derive(Debug)]
pub struct Table {
    pub standings: Standings,
    pub crosstable: Vec<Line>,
}

/// Standings computed for an edit count of the document.
#[derive(Debug, Default)]
pub struct StandingsCache {
    revision: Option<u64>,
    value: Option<Result<Table, String>>,
}

impl StandingsCache {
    /// The standings of `t`, computed again only when `revision` changed.
    pub fn get(&mut self, t: &Tournament, revision: u64) -> &Result<Table, String> {
        if self.revision != Some(revision) || self.value.is_none() {
            self.revision = Some(revision);
            self.value = Some(compute(t));
        }
        self.value.get_or_insert_with(|| compute(t))
    }
}

fn compute(t: &Tournament) -> Result<Table, String> {
    let tiebreaks = standings::event_tiebreaks(&t.event)
        .map_err(|e| format!("The event's tie-breaks: {e}"))?
        .unwrap_or_else(standings::default_tiebreaks);
    let options = Options {
        tiebreaks,
        round: None,
        rules: Rules::for_event(&t.event),
    };
    let standings = standings::compute(t, &options).map_err(|e| e.to_string())?;
    let crosstable = standings::crosstable(t, &standings);
    Ok(Table {
        standings,
        crosstable,
    })
}

/// Draws the standings.
pub fn show(ui: &mut egui::Ui, t: &Tournament, table: &Result<Table, String>) {
    let table = match table {
        Ok(table) => table,
        Err(e) => {
            ui.heading("Standings");
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    let s = &table.standings;
    ui.heading(format!("Standings after round {}", s.round));
    for note in &s.notes {
        ui.label(note);
    }
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    TableBuilder::new(ui)
        .id_salt("standings")
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::exact(45.0))
        .column(Column::exact(45.0))
        .column(Column::initial(240.0).at_least(120.0).clip(true))
        .column(Column::exact(60.0))
        .column(Column::exact(50.0))
        .columns(Column::exact(60.0), s.tiebreaks.len())
        .column(Column::remainder())
        .header(row_height, |mut header| {
            for label in ["Rank", "No", "Name", "Rating", "Pts"] {
                header.col(|ui| {
                    ui.strong(label);
                });
            }
            for tb in &s.tiebreaks {
                header.col(|ui| {
                    ui.strong(tb.to_string());
                });
            }
            header.col(|_| {});
        })
        .body(|body| {
            body.rows(row_height, s.rows.len(), |mut row| {
                let r = &s.rows[row.index()];
                let player = t.player(r.id);
                row.col(|ui| {
                    ui.label(r.rank.to_string());
                });
                row.col(|ui| {
                    ui.label(r.id.to_string());
                });
                row.col(|ui| {
                    ui.label(player.map(|p| p.name.as_str()).unwrap_or_default());
                });
                row.col(|ui| {
                    ui.label(
                        player
                            .and_then(|p| p.rating)
                            .map(|r| r.to_string())
                            .unwrap_or_default(),
                    );
                });
                row.col(|ui| {
                    ui.strong(r.points.to_string());
                });
                for b in &r.tiebreaks {
                    row.col(|ui| {
                        let label = ui.label(b.value.to_string());
                        let lines = b.lines();
                        if !lines.is_empty() {
                            label.on_hover_text(lines.join("\n"));
                        }
                    });
                }
                row.col(|_| {});
            });
        });
}
