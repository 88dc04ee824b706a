//! The standings view, computed by [`crate::standings`] with the event's tie-breaks, and
//! kept until the tournament changes.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use crate::gui::worker::Job;
use crate::norms::{self, EventNorms, NormOptions};
use crate::prizes::{self, Awards};
use crate::rating::{self, PlayerRating};
use crate::standings::{self, EventTeamStandings, Line, Options, Rules, Standings, TeamCrosstable};
use crate::tournament::Tournament;

use super::text_table;

/// The standings and crosstable of one state of the tournament.
#[derive(Debug)]
pub struct Table {
    pub standings: Standings,
    pub crosstable: Vec<Line>,
    /// A team event's team standings (C.04.6, C.07).
    pub teams: Option<EventTeamStandings>,
    /// A team event's team crosstable, in the order of `teams`.
    pub team_crosstable: Option<TeamCrosstable>,
    /// Each player's rating change from the games played (B.02).
    pub ratings: Vec<PlayerRating>,
    /// Each player's title norms (B.01).
    pub norms: EventNorms,
    /// The prizes given from these standings, when the event has a prize list.
    pub awards: Option<Awards>,
}

/// Standings computed for an edit count of the document, on a background thread: at
/// 10 000 players they take longer than a frame.
#[derive(Debug, Default)]
pub struct StandingsCache {
    /// The latest table computed, with the edit count it is for.
    latest: Option<(u64, Result<Table, String>)>,
    /// The computation under way.
    job: Option<Job<Table, String>>,
}

/// The standings to show: the latest computed, and whether they are for the shown state
/// of the event (otherwise newer ones are being computed).
pub struct Shown<'a> {
    pub table: Option<&'a Result<Table, String>>,
    pub current: bool,
}

impl StandingsCache {
    /// Waits until the standings under way, if any, are computed (taken by the next
    /// [`Self::get`]); whether they were under way.
    pub fn wait_ready(&self) -> bool {
        self.job.as_ref().map(Job::wait_ready).is_some()
    }

    /// The standings of `t` at edit count `revision`. When they are not computed yet, a
    /// background thread computes them (`ctx` repaints when they are ready); meanwhile the
    /// latest ones are shown, if any.
    pub fn get(&mut self, t: &Tournament, revision: u64, ctx: &egui::Context) -> Shown<'_> {
        if let Some(result) = self.job.as_ref().and_then(Job::poll)
            && let Some(job) = self.job.take()
        {
            self.latest = Some((job.revision, result));
        }
        let current = |c: &Self| c.latest.as_ref().is_some_and(|(r, _)| *r == revision);
        let running = self.job.as_ref().is_some_and(|j| j.revision == revision);
        if !current(self) && !running {
            let snapshot = t.clone();
            match Job::spawn("standings".into(), 0, revision, ctx, move || {
                compute(&snapshot)
            }) {
                Ok(job) => self.job = Some(job),
                // No thread to be had: compute here rather than show nothing.
                Err(_) => self.latest = Some((revision, compute(t))),
            }
        }
        Shown {
            current: current(self),
            table: self.latest.as_ref().map(|(_, table)| table),
        }
    }
}

/// Says that the standings are being computed; `None` when there is a table to draw.
pub fn computing<'a>(
    ui: &mut egui::Ui,
    heading: &str,
    shown: &Shown<'a>,
) -> Option<&'a Result<Table, String>> {
    if !shown.current {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(if shown.table.is_some() {
                "Updating the standings for the latest results…"
            } else {
                "Computing the standings…"
            });
        });
    }
    if shown.table.is_none() {
        ui.heading(heading);
    }
    shown.table
}

fn compute(t: &Tournament) -> Result<Table, String> {
    let teams = standings::event_team_standings(t, None)
        .transpose()
        .map_err(|e| format!("The event's tie-breaks: {e}"))?;
    // A team event's tie-breaks are the teams'; its players (the crosstable) are ranked
    // with the default list.
    let tiebreaks = if teams.is_some() {
        standings::default_tiebreaks()
    } else {
        standings::event_tiebreaks(&t.event)
            .map_err(|e| format!("The event's tie-breaks: {e}"))?
            .unwrap_or_else(standings::default_tiebreaks)
    };
    let options = Options {
        tiebreaks,
        round: None,
        rules: Rules::for_event(&t.event),
    };
    let standings = standings::compute(t, &options).map_err(|e| e.to_string())?;
    let crosstable = standings::crosstable(t, &standings);
    let team_crosstable = teams.as_ref().map(|s| standings::team_crosstable(t, s));
    let awards =
        (teams.is_none() && !t.prizes.is_empty()).then(|| prizes::award(t, &standings, &t.prizes));
    Ok(Table {
        ratings: rating::event_ratings(t),
        norms: norms::check_event(t, &NormOptions::default()),
        awards,
        standings,
        crosstable,
        teams,
        team_crosstable,
    })
}

/// Draws the standings.
pub fn show(ui: &mut egui::Ui, t: &Tournament, shown: &Shown) {
    let Some(table) = computing(ui, "Standings", shown) else {
        return;
    };
    let table = match table {
        Ok(table) => table,
        Err(e) => {
            ui.heading("Standings");
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    if let Some(teams) = &table.teams {
        team_table(ui, teams);
        return;
    }
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
                    let name = player.map(|p| p.name.as_str()).unwrap_or_default();
                    match player.and_then(|p| p.withdrawn_by(s.round)) {
                        Some(from) => ui.label(format!("{name} · withdrawn from round {from}")),
                        None => ui.label(name),
                    };
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

/// Draws the team standings: rank, team, matches won, drawn and lost, match and game
/// points, the tie-breaks.
fn team_table(ui: &mut egui::Ui, table: &EventTeamStandings) {
    ui.heading(format!("Team standings after round {}", table.round));
    ui.label(format!("Tie-break rules: C.07 {}", table.edition));
    let shown = standings::tiebreak_columns(&table.tiebreaks);
    let widths = |heading: &str| match heading {
        "Rank" | "No" => Column::exact(45.0),
        "Team" => Column::initial(240.0).at_least(120.0).clip(true),
        "W" | "D" | "L" => Column::exact(35.0),
        "MP" | "GP" => Column::exact(50.0),
        _ => Column::exact(60.0),
    };
    let mut columns: Vec<(String, Column)> = standings::TEAM_TABLE_HEADINGS
        .map(String::from)
        .into_iter()
        .chain(shown.iter().map(|&k| table.tiebreaks[k].code()))
        .map(|heading| {
            let width = widths(&heading);
            (heading, width)
        })
        .collect();
    columns.push((String::new(), Column::remainder()));
    let rows: Vec<Vec<String>> = table.rows.iter().map(|r| r.cells(&shown)).collect();
    text_table::show(
        ui,
        "team-standings",
        &columns,
        &rows,
        |ui, heading, text| {
            // The match points stand out.
            if heading == "MP" {
                ui.strong(text);
            } else {
                ui.label(text);
            }
        },
    );
}
