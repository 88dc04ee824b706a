//! The players view: a sortable, filterable table (only the visible rows are laid out, so
//! thousands of players stay smooth) and a form to add, edit, withdraw or delete a player
//! and record requested byes.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use crate::document::{Edit, RatingRefresh};
use crate::formats::rating_list::update::{
    ListSource, iso, register_from_list, update_from_source,
};
use crate::formats::trf;
use crate::gui::command::Command;

use super::plain;
use super::rating_list::{FideSearch, ListAction};
use crate::tournament::{
    ByeKind, MAX_ROUNDS, Outcome, Player, Points, Sex, Tournament, file_name_date, month_code_date,
};

/// The columns the table can be sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortBy {
    #[default]
    Number,
    Name,
    Rating,
    Federation,
    Club,
    Points,
}

/// The player being edited, as typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerForm {
    /// `None`: a new player.
    pub id: Option<u32>,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub federation: String,
    /// The club (national rules may keep club-mates apart: the Event page).
    pub club: String,
    pub fide_id: String,
    pub birth_date: String,
    pub sex: Option<Sex>,
    /// The first round the player no longer plays (blank: not withdrawn).
    pub withdrawn_from: String,
    /// The K of the event's list, as the FIDE list gives it (not typed).
    pub k_factor: Option<u8>,
}

impl PlayerForm {
    fn of(p: &Player) -> PlayerForm {
        PlayerForm {
            id: Some(p.id),
            name: p.name.clone(),
            title: p.title.clone(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            federation: p.federation.clone(),
            club: p.club.clone(),
            fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            birth_date: p.birth_date.clone(),
            sex: p.sex,
            withdrawn_from: p.withdrawn_from.map(|r| r.to_string()).unwrap_or_default(),
            k_factor: p.k_factor,
        }
    }

    /// The player described by the form, starting from `base` (its record and number), or
    /// why the form is not valid.
    fn player(&self, base: Player) -> Result<Player, String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err("The name is required".into());
        }
        let number = |label: &str, text: &str| -> Result<Option<u64>, String> {
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse()
                .map(Some)
                .map_err(|_| format!("{label}: {text:?} is not a number"))
        };
        let rating = number("Rating", &self.rating)?
            .map(|r| u16::try_from(r).map_err(|_| format!("Rating {r} is too large")))
            .transpose()?;
        let withdrawn_from = number("Withdrawn from round", &self.withdrawn_from)?
            .map(|r| u32::try_from(r).map_err(|_| format!("Round {r} is too large")))
            .transpose()?;
        if withdrawn_from.is_some_and(|r| r == 0 || r > MAX_ROUNDS) {
            return Err(format!("Rounds are numbered from 1 to {MAX_ROUNDS}"));
        }
        let player = Player {
            name: name.to_string(),
            title: self.title.trim().to_uppercase(),
            rating,
            federation: self.federation.trim().to_uppercase(),
            club: self.club.trim().to_string(),
            fide_id: number("FIDE ID", &self.fide_id)?,
            birth_date: self.birth_date.trim().to_string(),
            sex: self.sex,
            withdrawn_from,
            k_factor: self.k_factor,
            ..base
        };
        // What the arbiter typed must fit FIDE's report; the pairing number and rank are
        // the program's, and a native event may hold more players than TRF can number.
        let typed = trf::player_misfits(&player)
            .into_iter()
            .find(|m| !matches!(m.field, "Pairing number" | "Rank"));
        match typed {
            Some(m) => Err(format!(
                "{}: {} (FIDE's report, TRF, cannot hold it)",
                m.field, m.problem
            )),
            None => Ok(player),
        }
    }
}

/// The width of the player form's fields.
const FIELD_WIDTH: f32 = 220.0;

/// The view's state between frames.
#[derive(Debug, Default)]
pub struct PlayersState {
    pub filter: String,
    pub sort: SortBy,
    pub descending: bool,
    /// The form, when a player is being added or edited.
    pub form: Option<PlayerForm>,
    pub error: Option<String>,
    /// Whether the FIDE rating list's panel is shown.
    pub fide_shown: bool,
    /// Whether the panel of the rating method and the other lists is shown.
    pub lists_shown: bool,
    pub lists: super::official_ratings::ListsPanel,
    /// The Name field takes the keyboard on the next frame (a form just opened, or a new
    /// player just saved: the next one is typed at once).
    pub focus_name: bool,
}

/// The players shown, in table order: indices into `t.players`.
pub fn visible_rows(t: &Tournament, state: &PlayersState) -> Vec<usize> {
    let filter = state.filter.trim().to_lowercase();
    let counted = t.rounds_counted();
    let mut rows: Vec<(usize, Points)> = t
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            filter.is_empty()
                || p.name.to_lowercase().contains(&filter)
                || p.federation.to_lowercase().contains(&filter)
                || p.club.to_lowercase().contains(&filter)
                || p.id.to_string() == filter
        })
        .map(|(i, p)| (i, t.score_after(p, counted)))
        .collect();
    let players = &t.players;
    rows.sort_by(|(a, sa), (b, sb)| {
        let (pa, pb) = (&players[*a], &players[*b]);
        let order = match state.sort {
            SortBy::Number => pa.id.cmp(&pb.id),
            SortBy::Name => pa.name.to_lowercase().cmp(&pb.name.to_lowercase()),
            SortBy::Rating => pa.rating.cmp(&pb.rating),
            SortBy::Federation => pa.federation.cmp(&pb.federation),
            SortBy::Club => pa.club.to_lowercase().cmp(&pb.club.to_lowercase()),
            SortBy::Points => sa.cmp(sb),
        }
        .then(pa.id.cmp(&pb.id));
        if state.descending {
            order.reverse()
        } else {
            order
        }
    });
    rows.into_iter().map(|(i, _)| i).collect()
}

/// Withdrawal, late entry and byes, for the status column.
fn status(p: &Player) -> String {
    let mut parts = Vec::new();
    if let Some(r) = p.withdrawn_from {
        parts.push(format!("withdrawn from R{r}"));
    }
    if let Some(r) = p.late_entry_round {
        parts.push(format!("late entry R{r}"));
    }
    for (i, outcome) in p.results.iter().enumerate() {
        if let Outcome::Bye(kind) = outcome {
            parts.push(format!("R{} {} bye", i + 1, bye_name(Some(*kind))));
        }
    }
    parts.join(", ")
}

fn bye_name(kind: Option<ByeKind>) -> &'static str {
    match kind {
        None => "no",
        Some(ByeKind::Full) => "full",
        Some(ByeKind::Half) => "half",
        Some(ByeKind::Zero) => "zero",
    }
}

/// The event's players updated from the list loaded, as one edit; the changes are listed
/// in the panel.
fn update_from(t: &Tournament, fide: &mut FideSearch, out: &mut Vec<Command>) {
    let Some(index) = fide.index() else {
        return;
    };
    let mut updated = t.clone();
    // The list's date: its month code, else the month its file's name says (checked
    // against the list in force at the start date when the edit is asked about).
    let name = fide
        .index_path()
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let date = index
        .month()
        .and_then(month_code_date)
        .or_else(|| file_name_date(&name));
    let source = ListSource {
        source: if name.is_empty() {
            "FIDE list".into()
        } else {
            name
        },
        date: date.map(iso).unwrap_or_default(),
    };
    match update_from_source(&mut updated, index, &source) {
        Ok(changes) => {
            fide.changes = changes.iter().map(ToString::to_string).collect();
            fide.error = None;
            if updated.players != t.players {
                let dated = date.map_or("date not known".to_string(), iso);
                out.push(Command::Edit(Edit::RefreshRatings(Box::new(
                    RatingRefresh {
                        players: updated.players,
                        list: format!("FIDE list {} ({dated})", source.source),
                        fide_date: date,
                        fide: true,
                        changes: fide.changes.clone(),
                    },
                ))));
            }
        }
        Err(e) => fide.error = Some(e.to_string()),
    }
}

/// Draws the players view.
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    state: &mut PlayersState,
    fide: &mut FideSearch,
    out: &mut Vec<Command>,
) {
    let started = t.is_paired(1);
    ui.horizontal(|ui| {
        ui.heading("Players");
        if ui.button("Add player").clicked() {
            state.form = Some(PlayerForm::default());
            state.error = None;
            state.focus_name = true;
        }
        ui.toggle_value(&mut state.fide_shown, "From the FIDE list")
            .on_hover_text("Find players in FIDE's rating list and register them");
        ui.toggle_value(&mut state.lists_shown, "Ratings and lists")
            .on_hover_text(
                "The rating method (FIDE, national, FIDON, NIDOF, HBFN…) and the national or \
                 custom lists applied",
            );
        if ui
            .button("Import players…")
            .on_hover_text("Add players from a CSV list (with a header row) or a TRF file")
            .clicked()
        {
            out.push(Command::ImportPlayers);
        }
        if ui
            .add_enabled(
                !started && !t.players.is_empty(),
                egui::Button::new("Assign pairing numbers"),
            )
            .on_hover_text("Sort by rating, title and name and number 1..n (before round 1)")
            .clicked()
        {
            out.push(Command::Edit(Edit::AssignPairingNumbers));
        }
        let l = ui.label("Filter");
        ui.text_edit_singleline(&mut state.filter).labelled_by(l.id);
    });
    if state.fide_shown {
        match super::rating_list::show(ui, fide, t.event.rating_list) {
            Some(ListAction::Register(record)) => {
                let player = register_from_list(&record, t.event.rating_list);
                state.form = Some(PlayerForm {
                    id: None,
                    ..PlayerForm::of(&player)
                });
                state.error = None;
            }
            Some(ListAction::UpdateEvent) => update_from(t, fide, out),
            None => {}
        }
    }
    if state.lists_shown {
        super::official_ratings::show(ui, t, &mut state.lists, out);
    }
    if state.form.is_some() {
        form(ui, t, state, out);
        ui.separator();
    }
    table(ui, t, state);
}

fn form(ui: &mut egui::Ui, t: &Tournament, state: &mut PlayersState, out: &mut Vec<Command>) {
    let PlayersState {
        form: Some(form),
        error,
        focus_name,
        ..
    } = state
    else {
        return;
    };
    // Enter in a field saves the form, as its Save button does.
    let mut entered = false;
    let mut close = false;
    let started = t.is_paired(1);
    let next_round = t.next_round();
    // A late entry renumbers the players: not while a draft paired with the present
    // numbers is open (C.04.2 C). Said before anything is typed.
    let draft = (form.id.is_none() && started)
        .then(|| t.draft_round())
        .flatten();
    ui.group(|ui| {
        ui.strong(match form.id {
            Some(id) => format!("Player {id}"),
            None if started => format!("Late entry (joins in round {next_round})"),
            None => "New player".to_string(),
        });
        egui::Grid::new("player-form")
            .num_columns(4)
            .show(ui, |ui| {
                let mut field = |ui: &mut egui::Ui, label: &str, value: &mut String| {
                    let l = ui.label(label);
                    // A set width: a grid's inner column would keep a field at its
                    // narrowest (it is sized by the column's width of the last frame).
                    let field = ui
                        .add_sized(
                            [FIELD_WIDTH, ui.spacing().interact_size.y],
                            egui::TextEdit::singleline(value),
                        )
                        .labelled_by(l.id);
                    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        entered = true;
                    }
                    field
                };
                let name = field(ui, "Name", &mut form.name);
                if std::mem::take(focus_name) {
                    name.request_focus();
                }
                field(ui, "Title", &mut form.title);
                ui.end_row();
                field(ui, "Rating", &mut form.rating);
                field(ui, "Federation", &mut form.federation);
                ui.end_row();
                field(ui, "Club", &mut form.club);
                field(ui, "FIDE ID", &mut form.fide_id);
                ui.end_row();
                field(ui, "Birth date", &mut form.birth_date);
                let l = ui.label("Sex");
                egui::ComboBox::from_id_salt("sex")
                    .selected_text(match form.sex {
                        None => "—",
                        Some(Sex::Male) => "male",
                        Some(Sex::Female) => "female",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut form.sex, None, "—");
                        ui.selectable_value(&mut form.sex, Some(Sex::Male), "male");
                        ui.selectable_value(&mut form.sex, Some(Sex::Female), "female");
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
                if form.id.is_some() {
                    field(ui, "Withdrawn from round", &mut form.withdrawn_from);
                    ui.end_row();
                }
            });
        let existing = form.id.and_then(|id| t.player(id));
        if let Some(player) = existing {
            super::official_ratings::player_ratings(ui, player, out);
            byes(ui, t, player, out);
        }
        if let Some(round) = draft {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "Round {round} is a draft, paired with the pairing numbers a late entry changes (C.04.2 C): publish it, or remove its pairing ({} on the page of round {round}), before entering a player",
                    super::round::REMOVE_PAIRING
                ),
            );
        }
        ui.horizontal(|ui| {
            let save = ui.add_enabled(draft.is_none(), egui::Button::new("Save player"));
            if save.clicked() || entered && draft.is_none() {
                let base = existing.cloned().unwrap_or_else(|| Player::new(0, ""));
                match form.player(base) {
                    Ok(player) => {
                        let player = Box::new(player);
                        out.push(Command::Edit(match form.id {
                            Some(_) => Edit::UpdatePlayer(player),
                            None if started => Edit::LateEntry {
                                player,
                                round: next_round,
                            },
                            None => Edit::AddPlayer(player),
                        }));
                        if form.id.is_some() {
                            close = true;
                        } else {
                            *form = PlayerForm::default();
                            *focus_name = true;
                        }
                        *error = None;
                    }
                    Err(e) => *error = Some(e),
                }
            }
            if let Some(id) = form.id
                && ui
                    .add_enabled(!started, egui::Button::new("Delete player"))
                    .on_disabled_hover_text(
                        "Players cannot be deleted once round 1 is paired; withdraw them instead",
                    )
                    .clicked()
            {
                out.push(Command::Edit(Edit::DeletePlayer(id)));
                close = true;
            }
            if ui.button("Close").clicked() {
                close = true;
                *error = None;
            }
        });
        if let Some(error) = error {
            ui.colored_label(ui.visuals().error_fg_color, error.as_str());
        }
    });
    if close {
        state.form = None;
    }
}

/// Requested byes for the rounds not paired yet.
fn byes(ui: &mut egui::Ui, t: &Tournament, player: &Player, out: &mut Vec<Command>) {
    let last = super::navigation::listed_rounds(t);
    let first = t.next_round();
    if first > last {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Requested byes:");
        for round in first..=last {
            let current = match player.outcome(round) {
                Outcome::Bye(kind) => Some(*kind),
                _ => None,
            };
            let mut chosen = current;
            // Named for assistive technology (and the window tests): the text shown is
            // only the choice.
            let l = ui.label(format!("R{round}:"));
            egui::ComboBox::from_id_salt(("bye", round))
                .selected_text(bye_name(current))
                .show_ui(ui, |ui| {
                    for kind in [
                        None,
                        Some(ByeKind::Half),
                        Some(ByeKind::Full),
                        Some(ByeKind::Zero),
                    ] {
                        ui.selectable_value(&mut chosen, kind, bye_name(kind));
                    }
                })
                .response
                .labelled_by(l.id);
            if chosen != current {
                out.push(Command::Edit(Edit::RequestBye {
                    player: player.id,
                    round,
                    bye: chosen,
                }));
            }
        }
    });
}

/// The widths of the columns other than Name, Club and Status (No, Title, Rating, Fed,
/// Pts).
const NARROW_COLUMNS: [f32; 5] = [50.0, 45.0, 60.0, 50.0, 55.0];

/// The Club column's first width (narrower than Name's; resized by its edge).
const CLUB_WIDTH: f32 = 140.0;

/// The Name column's first width: two thirds of what the other columns but Status leave
/// (long names are read whole), at least [`NAME_MIN`]; the arbiter resizes it by its edge.
fn name_width(available: f32, spacing: f32) -> f32 {
    let others: f32 = NARROW_COLUMNS.iter().sum::<f32>() + CLUB_WIDTH + spacing * 8.0;
    ((available - others) * 2.0 / 3.0).max(NAME_MIN)
}

/// The narrowest the Name column gets.
const NAME_MIN: f32 = 180.0;

/// The table of players; clicking a row (its name included) opens the player's form.
fn table(ui: &mut egui::Ui, t: &Tournament, state: &mut PlayersState) {
    let counted = t.rounds_counted();
    let rows = visible_rows(t, state);
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    let name = name_width(ui.available_width(), ui.spacing().item_spacing.x);
    let [number, title, rating, federation, points] = NARROW_COLUMNS;
    let mut clicked = None;
    TableBuilder::new(ui)
        .id_salt("players")
        .striped(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::exact(number))
        .column(Column::exact(title))
        .column(
            Column::initial(name)
                .at_least(NAME_MIN)
                .clip(true)
                .resizable(true),
        )
        .column(Column::exact(rating))
        .column(Column::exact(federation))
        .column(
            Column::initial(CLUB_WIDTH)
                .at_least(60.0)
                .clip(true)
                .resizable(true),
        )
        .column(Column::exact(points))
        .column(Column::remainder().at_least(80.0).clip(true))
        .header(row_height + 4.0, |mut header| {
            let columns = [
                ("No", Some(SortBy::Number)),
                ("Title", None),
                ("Name", Some(SortBy::Name)),
                ("Rating", Some(SortBy::Rating)),
                ("Fed", Some(SortBy::Federation)),
                ("Club", Some(SortBy::Club)),
                ("Pts", Some(SortBy::Points)),
                ("Status", None),
            ];
            for (label, sort) in columns {
                header.col(|ui| match sort {
                    Some(sort) => {
                        let arrow = match (state.sort == sort, state.descending) {
                            (false, _) => "",
                            (true, false) => " ▲",
                            (true, true) => " ▼",
                        };
                        if ui.button(format!("{label}{arrow}")).clicked() {
                            if state.sort == sort {
                                state.descending = !state.descending;
                            } else {
                                state.sort = sort;
                                state.descending = matches!(sort, SortBy::Rating | SortBy::Points);
                            }
                        }
                    }
                    None => {
                        ui.strong(label);
                    }
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
                let p = &t.players[rows[row.index()]];
                let selected = state.form.as_ref().and_then(|f| f.id) == Some(p.id);
                row.set_selected(selected);
                // Plain text: a click on it is the row's.
                row.col(|ui| plain(ui, p.id.to_string()));
                row.col(|ui| plain(ui, &p.title));
                row.col(|ui| plain(ui, &p.name));
                row.col(|ui| plain(ui, p.rating.map(|r| r.to_string()).unwrap_or_default()));
                row.col(|ui| plain(ui, &p.federation));
                row.col(|ui| plain(ui, &p.club));
                row.col(|ui| plain(ui, t.score_after(p, counted).to_string()));
                row.col(|ui| plain(ui, status(p)));
                if row.response().clicked() {
                    clicked = Some(p.id);
                }
            });
        });
    if let Some(player) = clicked.and_then(|id| t.player(id)) {
        state.form = Some(PlayerForm::of(player));
        state.error = None;
        state.focus_name = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_and_sort() {
        let mut t = Tournament::default();
        for (id, name, rating) in [(1, "Ann", 1800), (2, "Bob", 2100), (3, "Abe", 1900)] {
            let mut p = Player::new(id, name);
            p.rating = Some(rating);
            t.players.push(p);
        }
        let mut state = PlayersState {
            sort: SortBy::Rating,
            descending: true,
            ..PlayersState::default()
        };
        assert_eq!(visible_rows(&t, &state), [1, 2, 0]);
        state.filter = "a".into();
        state.sort = SortBy::Name;
        state.descending = false;
        assert_eq!(
            visible_rows(&t, &state),
            [2, 0],
            "Abe, Ann; Bob filtered out"
        );
        state.filter = "2".into();
        assert_eq!(visible_rows(&t, &state), [1], "by pairing number");
        t.players[2].club = "SK Turm".into();
        state.filter = "turm".into();
        assert_eq!(visible_rows(&t, &state), [2], "by club");
    }

    #[test]
    fn form_refuses_bad_numbers() {
        let form = PlayerForm {
            name: "Ann".into(),
            rating: "twelve".into(),
            ..PlayerForm::default()
        };
        let err = form.player(Player::new(1, "")).expect_err("refused");
        assert!(err.contains("Rating"), "{err}");
        let form = PlayerForm {
            name: " Ann ".into(),
            rating: "2100".into(),
            title: "fm".into(),
            ..PlayerForm::default()
        };
        let p = form.player(Player::new(4, "")).expect("valid");
        assert_eq!(
            (p.id, p.name.as_str(), p.rating, p.title.as_str()),
            (4, "Ann", Some(2100), "FM")
        );
    }

    /// What FIDE's report cannot hold is refused in the form, naming the field (before,
    /// a federation "GERMANY" or a rating of 12000 were accepted and the report could not
    /// be read back).
    #[test]
    fn form_refuses_what_the_fide_report_cannot_hold() {
        let valid = PlayerForm {
            name: "Ann".into(),
            ..PlayerForm::default()
        };
        for (form, field) in [
            (
                PlayerForm {
                    federation: "Germany".into(),
                    ..valid.clone()
                },
                "Federation",
            ),
            (
                PlayerForm {
                    rating: "12000".into(),
                    ..valid.clone()
                },
                "Rating",
            ),
            (
                PlayerForm {
                    fide_id: "123456789012".into(),
                    ..valid.clone()
                },
                "FIDE ID",
            ),
            (
                PlayerForm {
                    title: "Grandmaster".into(),
                    ..valid.clone()
                },
                "Title",
            ),
            (
                PlayerForm {
                    birth_date: "31 January 1990".into(),
                    ..valid.clone()
                },
                "Birth date",
            ),
            (
                PlayerForm {
                    name: "Ann\n012 Forged".into(),
                    ..valid.clone()
                },
                "Name",
            ),
        ] {
            let err = form.player(Player::new(1, "")).expect_err(field);
            assert!(
                err.starts_with(field) && err.contains("TRF"),
                "{field}: {err}"
            );
        }
        let big = valid
            .player(Player::new(10_001, ""))
            .expect("numbers past 9999 are the program's");
        assert_eq!(big.id, 10_001);
    }
}
