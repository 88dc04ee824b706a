//! The event view: header data and rules, edited on a draft and applied in one undoable
//! step.

use eframe::egui;

use crate::document::Edit;
use crate::formats::trf;
use crate::gui::command::Command;
use crate::standings::{self, parse_list};
use crate::tournament::{
    Colour, Event, FideMode, ForbiddenGroup, Points, RatingList, ScoringSystem, SeedingTies,
    SystemId, TitleEventKind, Tournament,
};

/// The draft being edited.
#[derive(Debug, Default)]
pub struct EventForm {
    base: Event,
    draft: Event,
    tiebreaks: String,
    arbiters: String,
    /// The rounds' dates (TRF `132`), separated by commas.
    round_dates: String,
    forbidden_players: String,
    forbidden_first: String,
    forbidden_last: String,
    /// Whether the rounds of *Keep club-mates apart…* are being chosen, and those typed.
    clubs_open: bool,
    clubs_first: String,
    clubs_last: String,
    error: Option<String>,
}

impl EventForm {
    /// Starts the draft again from the event when the event changed underneath (undo,
    /// open).
    fn sync(&mut self, event: &Event) {
        if self.base != *event {
            *self = EventForm {
                base: event.clone(),
                draft: event.clone(),
                tiebreaks: event.tiebreaks.join(","),
                arbiters: event.deputy_arbiters.join(", "),
                round_dates: event.round_dates.join(", "),
                ..EventForm::default()
            };
        }
    }

    /// Whether the page holds edits of `event` not applied yet (a group typed but not
    /// added counts): pairing waits for them, so that it never ignores what is shown.
    pub fn is_pending(&self, event: &Event) -> bool {
        self.base == *event
            && (self.draft != self.base
                || self.tiebreaks.trim() != self.base.tiebreaks.join(",")
                || self.arbiters != self.base.deputy_arbiters.join(", ")
                || self.round_dates != self.base.round_dates.join(", ")
                || !self.forbidden_players.trim().is_empty())
    }

    /// The draft with the text fields parsed in, or why it is not valid. A team event's
    /// tie-breaks are team tie-breaks (`GP,EGGSB,BH`).
    fn parsed(&self, team_event: bool) -> Result<Event, String> {
        let mut event = self.draft.clone();
        if self.tiebreaks.trim() != self.base.tiebreaks.join(",") {
            if team_event {
                let list = standings::team_tiebreak_list(&self.tiebreaks)
                    .map_err(|e| format!("Tie-breaks: {e}"))?;
                event.tiebreaks = list.iter().map(|tb| tb.code()).collect();
            } else {
                let list = parse_list(&self.tiebreaks).map_err(|e| format!("Tie-breaks: {e}"))?;
                standings::store_in_event(&mut event, &list);
            }
        }
        event.deputy_arbiters = split_list(&self.arbiters);
        event.round_dates = split_list(&self.round_dates);
        if let Some(bad) = event.round_dates.iter().find(|d| !is_trf_date(d)) {
            return Err(format!(
                "Round dates: {bad:?} is not a date as TRF writes it (YY/MM/DD, e.g. 26/11/28)"
            ));
        }
        if let Some(rounds) = event.rounds
            && event.round_dates.len() > rounds as usize
        {
            return Err(format!(
                "Round dates: {} dates for {}",
                event.round_dates.len(),
                crate::plural::count(rounds as usize, "round")
            ));
        }
        match trf::event_misfits(&event).into_iter().next() {
            Some(m) => Err(format!("{m} (FIDE's report, TRF, cannot hold it)")),
            None => Ok(event),
        }
    }
}

/// A date as TRF's `132` record writes it: `YY/MM/DD`, a real month and day.
fn is_trf_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('/').collect();
    let number = |s: &str, max: u32| {
        s.len() == 2
            && s.parse::<u32>()
                .is_ok_and(|n| (1..=max).contains(&n) || max == 99)
    };
    matches!(parts.as_slice(), [y, m, d] if number(y, 99) && number(m, 12) && number(d, 31))
}

fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// A round number typed by the arbiter: blank is `None`.
fn parse_round(text: &str) -> Result<Option<u32>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(format!("{text:?} is not a round number")),
    }
}

/// Draws the event view.
pub fn show(ui: &mut egui::Ui, t: &Tournament, form: &mut EventForm, out: &mut Vec<Command>) {
    form.sync(&t.event);
    ui.heading("Event");
    fide_mode(ui, t, out);
    egui::ScrollArea::vertical().show(ui, |ui| {
        egui::Grid::new("event-grid")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let d = &mut form.draft;
                let text = |ui: &mut egui::Ui, label: &str, value: &mut String| {
                    let l = ui.label(label);
                    ui.text_edit_singleline(value).labelled_by(l.id);
                    ui.end_row();
                };
                text(ui, "Name", &mut d.name);
                text(ui, "Place", &mut d.city);
                text(ui, "Federation", &mut d.federation);
                text(ui, "Start date", &mut d.start_date);
                text(ui, "End date", &mut d.end_date);
                text(ui, "Chief arbiter", &mut d.chief_arbiter);
                let l = ui.label("Deputy arbiters");
                ui.text_edit_singleline(&mut form.arbiters)
                    .labelled_by(l.id)
                    .on_hover_text("Separated by commas");
                ui.end_row();
                text(ui, "Time control", &mut d.time_control);
                let l = ui.label("Round dates");
                ui.text_edit_singleline(&mut form.round_dates)
                    .labelled_by(l.id)
                    .on_hover_text(
                        "One per round, separated by commas, as TRF writes them: YY/MM/DD \
                         (26/11/28, 26/11/29, …); the FIDE report needs them",
                    );
                ui.end_row();

                let l = ui.label("Rounds");
                let mut rounds = d.rounds.unwrap_or(0);
                if ui
                    .add(egui::DragValue::new(&mut rounds).range(0..=99))
                    .labelled_by(l.id)
                    .changed()
                {
                    d.rounds = (rounds > 0).then_some(rounds);
                }
                ui.end_row();

                let l = ui.label("Pairing system");
                let current = d.system.unwrap_or(SystemId::Dutch2026);
                let before = d.system;
                egui::ComboBox::from_id_salt("system")
                    .selected_text(current.title())
                    .show_ui(ui, |ui| {
                        for system in SystemId::ALL {
                            ui.selectable_value(&mut d.system, Some(system), system.title());
                        }
                    })
                    .response
                    .labelled_by(l.id);
                // A preset scoring follows the system (Double-Swiss counts byes and the
                // PAB per match); a custom one read from a file stays as it is.
                if d.system != before
                    && let Some(i) = scoring_presets(before)
                        .iter()
                        .position(|(s, _)| *s == d.scoring)
                {
                    d.scoring = scoring_presets(d.system)[i].0;
                }
                ui.end_row();

                let l = ui.label("Scoring");
                let presets = scoring_presets(d.system);
                let name = presets
                    .iter()
                    .find(|(s, _)| *s == d.scoring)
                    .map_or("custom", |(_, name)| name);
                egui::ComboBox::from_id_salt("scoring")
                    .selected_text(name)
                    .show_ui(ui, |ui| {
                        for (scoring, name) in presets {
                            ui.selectable_value(&mut d.scoring, scoring, name);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();

                // Custom values (checklist Q70-73, Q79-80): a game's win, draw and loss,
                // and the pairing-allocated bye (0 allowed).
                ui.label("Points");
                ui.horizontal(|ui| {
                    let s = &d.scoring;
                    let old = [s.win, s.draw, s.loss, s.pab];
                    let mut values = old.map(|p| f64::from(p.tenths()) / 10.0);
                    for (value, name) in values.iter_mut().zip(["win", "draw", "loss", "PAB"]) {
                        let n = ui.label(name);
                        ui.add(
                            egui::DragValue::new(value)
                                .range(0.0..=99.0)
                                .speed(0.1)
                                .fixed_decimals(1),
                        )
                        .labelled_by(n.id);
                    }
                    let new = values.map(|v| Points::from_tenths((v * 10.0).round() as i32));
                    if new != old {
                        let pab = (new[3] != old[3]).then_some(new[3]);
                        d.scoring =
                            d.scoring
                                .with_game_values([new[0], new[1], new[2]], pab, d.system);
                    }
                });
                ui.end_row();

                let l = ui.label("Initial colour (top seed)");
                let colour_name = |c: Option<Colour>| match c {
                    None => "drawn later",
                    Some(Colour::White) => "White",
                    Some(Colour::Black) => "Black",
                };
                ui.horizontal(|ui| {
                    // Once round 1 is paired its colours are a fact: the colour it was
                    // paired with is shown, and cannot change (the model refuses it).
                    let applied = t
                        .is_paired(1)
                        .then(|| crate::pairing::initial_colour(t));
                    let shown = match applied {
                        Some(c) => format!("{} (round 1 was paired with it)", c.name()),
                        None => colour_name(d.initial_colour).to_string(),
                    };
                    ui.add_enabled_ui(applied.is_none(), |ui| {
                        egui::ComboBox::from_id_salt("initial-colour")
                            .selected_text(shown)
                            .show_ui(ui, |ui| {
                                for c in [None, Some(Colour::White), Some(Colour::Black)] {
                                    ui.selectable_value(&mut d.initial_colour, c, colour_name(c));
                                }
                            })
                            .response
                            .labelled_by(l.id);
                    });
                    if ui
                        .add_enabled(!t.is_paired(1), egui::Button::new("Draw by lot"))
                        .on_hover_text(
                            "The program draws it from a seed it records in the FIDE report, \
                             so that anyone can repeat the draw",
                        )
                        .clicked()
                    {
                        out.push(Command::Edit(Edit::DrawInitialColour(seed_now())));
                    }
                });
                ui.end_row();

                let l = ui.label("Equal rating and title");
                ui.horizontal(|ui| {
                    ui.add_enabled_ui(!t.is_paired(1), |ui| {
                        egui::ComboBox::from_id_salt("seeding-ties")
                            .selected_text(d.seeding_ties.name())
                            .show_ui(ui, |ui| {
                                for ties in [SeedingTies::Alphabetical, SeedingTies::FideId] {
                                    ui.selectable_value(&mut d.seeding_ties, ties, ties.name());
                                }
                            })
                            .response
                            .labelled_by(l.id)
                            .on_hover_text(
                                "The order of the initial ranking among players with the same \
                                 rating and title (C.04.2 B: alphabetical unless the \
                                 regulations say otherwise)",
                            );
                        if ui
                            .button("Draw the order by lot")
                            .on_hover_text(
                                "The program draws it from a seed it records in the FIDE \
                                 report; the pairing numbers follow when they are assigned",
                            )
                            .clicked()
                        {
                            out.push(Command::Edit(Edit::DrawSeedingTies(seed_now())));
                        }
                    });
                });
                ui.end_row();

                ui.label("Acceleration");
                ui.vertical(|ui| {
                    ui.checkbox(&mut d.acceleration.baku, "Baku acceleration (C.04.7)");
                    for line in t.acceleration_rules() {
                        ui.weak(line);
                    }
                });
                ui.end_row();

                let l = ui.label("FIDE rating list");
                let list_title = |list: RatingList| match list {
                    RatingList::Standard => "Standard",
                    RatingList::Rapid => "Rapid",
                    RatingList::Blitz => "Blitz",
                };
                egui::ComboBox::from_id_salt("rating-list")
                    .selected_text(list_title(d.rating_list))
                    .show_ui(ui, |ui| {
                        for list in RatingList::ALL {
                            ui.selectable_value(&mut d.rating_list, list, list_title(list));
                        }
                    })
                    .response
                    .labelled_by(l.id)
                    .on_hover_text(
                        "The ratings the players are registered with, and the list the rating \
                         changes are computed for (B.02; rapid and blitz regulations)",
                    );
                ui.end_row();

                let l = ui.label("Kind of event (norms)");
                egui::ComboBox::from_id_salt("title-event-kind")
                    .selected_text(d.title_event_kind.label())
                    .show_ui(ui, |ui| {
                        for kind in TitleEventKind::ALL {
                            ui.selectable_value(&mut d.title_event_kind, kind, kind.label());
                        }
                    })
                    .response
                    .labelled_by(l.id)
                    .on_hover_text(
                        "For the federation requirements of title norms (B.01 1.4.3): a \
                         national championship final or national team championship exempts \
                         the players of the event's federation, a zonal everyone. A Swiss \
                         with a strong foreign field in every round (1.4.3d) is recognised \
                         from the players.",
                    );
                ui.end_row();

                let l = ui.label("Tie-breaks");
                ui.text_edit_singleline(&mut form.tiebreaks)
                    .labelled_by(l.id)
                    .on_hover_text(if t.is_team_event() {
                        "Team tie-breaks in order after match points: MP, GP, BH, BH:GP, EMMSB, EMGSB, EGMSB or EGGSB (blank: GP, EGGSB, BH)".to_string()
                    } else {
                        format!("C.07 codes in order, e.g. {}", standings::DEFAULT_TIEBREAKS)
                    });
                ui.end_row();

                // C.07 10: two methods for unrated players in rating-based tie-breaks.
                let l = ui.label("Unrated players");
                ui.horizontal(|ui| {
                    let d = &mut form.draft;
                    let mut counted = d.unrated_tiebreak_rating.is_some();
                    ui.checkbox(&mut counted, "count at the rating")
                        .on_hover_text(
                            "In rating-based tie-breaks (ARO, TPR…): unchecked, those \
                             tie-breaks are left out when any player is unrated (C.07 10)",
                        );
                    let mut rating = d.unrated_tiebreak_rating.unwrap_or(1000);
                    ui.add_enabled(
                        counted,
                        egui::DragValue::new(&mut rating).range(0..=3500),
                    )
                    .labelled_by(l.id);
                    d.unrated_tiebreak_rating = counted.then_some(rating);
                });
                ui.end_row();
            });

        ui.add_space(8.0);
        ui.strong("Players who must not meet");
        let mut remove = None;
        for (i, group) in form.draft.forbidden_pairs.iter().enumerate() {
            ui.horizontal(|ui| {
                let names: Vec<String> = group
                    .players
                    .iter()
                    .map(|id| match t.player(*id) {
                        Some(p) => format!("{id} {}", p.name),
                        None => id.to_string(),
                    })
                    .collect();
                ui.label(format!("{} ({})", names.join(", "), group.rounds()));
                if ui.small_button("Remove").clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            form.draft.forbidden_pairs.remove(i);
        }
        ui.horizontal(|ui| {
            let l = ui.label("Players");
            ui.add(egui::TextEdit::singleline(&mut form.forbidden_players).desired_width(120.0))
                .labelled_by(l.id)
                .on_hover_text("Pairing numbers separated by commas or spaces");
            let l = ui.label("from round");
            ui.add(egui::TextEdit::singleline(&mut form.forbidden_first).desired_width(30.0))
                .labelled_by(l.id);
            let l = ui.label("to round");
            ui.add(egui::TextEdit::singleline(&mut form.forbidden_last).desired_width(30.0))
                .labelled_by(l.id);
            if ui.button("Add group").clicked() {
                match forbidden_group(t, form) {
                    Ok(group) => {
                        form.draft.forbidden_pairs.push(group);
                        form.forbidden_players.clear();
                        form.error = None;
                    }
                    Err(e) => form.error = Some(e),
                }
            }
        });
        club_groups(ui, t, form, out);

        ui.add_space(8.0);
        let parsed = form.parsed(t.is_team_event());
        let changed = parsed.as_ref().map_or(true, |e| *e != t.event);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(changed, egui::Button::new("Apply changes"))
                .clicked()
            {
                match &parsed {
                    Ok(event) => out.push(Command::Edit(Edit::SetEvent(Box::new(event.clone())))),
                    Err(e) => form.error = Some(e.clone()),
                }
            }
            if ui
                .add_enabled(changed, egui::Button::new("Revert"))
                .clicked()
            {
                form.base = Event::default();
                form.sync(&t.event);
            }
        });
        if let Some(error) = &form.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    });
}

/// *Keep club-mates apart…*: the rounds, then the model's edit, which makes one group per
/// club with two players or more (national rules; FIDE's have none on clubs). While the
/// page holds edits not applied it waits, as applying the edit would start the page again.
fn club_groups(ui: &mut egui::Ui, t: &Tournament, form: &mut EventForm, out: &mut Vec<Command>) {
    let pending = form.is_pending(&t.event);
    ui.horizontal(|ui| {
        let open = ui
            .add_enabled(!pending, egui::Button::new("Keep club-mates apart…"))
            .on_hover_text(
                "One group who must not meet per club with two players or more, in the rounds \
                 you choose (national rules often keep club-mates apart in the first rounds)",
            )
            .on_disabled_hover_text("Apply or revert the changes above first");
        if open.clicked() {
            form.clubs_open = !form.clubs_open;
            if form.clubs_first.is_empty() {
                form.clubs_first = "1".into();
            }
        }
        if form.clubs_open {
            let clubs = t.club_mates().len();
            ui.weak(format!(
                "{} with two players or more",
                crate::plural::count(clubs, "club")
            ));
        }
    });
    if !form.clubs_open || pending {
        return;
    }
    ui.horizontal(|ui| {
        let l = ui.label("Club-mates apart from round");
        ui.add(egui::TextEdit::singleline(&mut form.clubs_first).desired_width(30.0))
            .labelled_by(l.id);
        let l = ui.label("until round");
        ui.add(egui::TextEdit::singleline(&mut form.clubs_last).desired_width(30.0))
            .labelled_by(l.id)
            .on_hover_text("Blank: to the last round");
        if ui.button("Add the club groups").clicked() {
            let rounds = parse_round(&form.clubs_first)
                .and_then(|first| parse_round(&form.clubs_last).map(|last| (first, last)));
            match rounds {
                Ok((first_round, last_round)) => {
                    out.push(Command::Edit(Edit::KeepClubsApart {
                        first_round,
                        last_round,
                    }));
                    form.clubs_open = false;
                    form.error = None;
                }
                Err(e) => form.error = Some(e),
            }
        }
        if ui.button("Cancel").clicked() {
            form.clubs_open = false;
        }
    });
}

/// The forbidden group typed in the form.
fn forbidden_group(t: &Tournament, form: &EventForm) -> Result<ForbiddenGroup, String> {
    let mut players = Vec::new();
    let parts = form
        .forbidden_players
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|part| !part.is_empty());
    for part in parts {
        let id: u32 = part.parse().map_err(|_| {
            format!("{part:?} is not a pairing number (list numbers with commas or spaces: 5, 14)")
        })?;
        if t.player(id).is_none() {
            return Err(format!("there is no player number {id}"));
        }
        players.push(id);
    }
    if players.len() < 2 {
        return Err("a group needs at least two players".into());
    }
    let first_round = parse_round(&form.forbidden_first)?;
    let last_round = parse_round(&form.forbidden_last)?;
    if let (Some(f), Some(l)) = (first_round, last_round)
        && f > l
    {
        return Err("the first round comes after the last".into());
    }
    Ok(ForbiddenGroup {
        players,
        first_round,
        last_round,
    })
}

/// FIDE mode: on, with the button that leaves it (asked twice), or left, for good.
fn fide_mode(ui: &mut egui::Ui, t: &Tournament, out: &mut Vec<Command>) {
    ui.horizontal(|ui| match &t.event.fide_mode {
        FideMode::On => {
            ui.strong("FIDE mode");
            ui.label("on: what FIDE forbids is refused, warnings by level")
                .on_hover_text(
                    "Results only in the last two rounds; players who must not meet set before \
                     round 1; the scoring, the acceleration and the system fixed from round 1",
                );
            if ui.button("Leave FIDE mode…").clicked() {
                out.push(Command::AskLeaveFideMode);
            }
        }
        FideMode::Left { round, reason, .. } => {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("Not in FIDE mode: left in round {round} ({reason}), for good"),
            );
        }
    });
}

/// The scorings offered for an event paired with `system`, with their names.
fn scoring_presets(system: Option<SystemId>) -> [(ScoringSystem, &'static str); 2] {
    [
        (ScoringSystem::standard(), "1 - ½ - 0"),
        (ScoringSystem::three_one_zero(), "3 - 1 - 0"),
    ]
    .map(|(games, name)| (ScoringSystem::for_system(games, system), name))
}

/// A seed for a drawing of lots: the clock's nanoseconds (recorded with the draw).
fn seed_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_dates_are_trf_dates() {
        for good in ["26/11/28", "00/01/01", "99/12/31"] {
            assert!(is_trf_date(good), "{good}");
        }
        for bad in [
            "2026/11/28",
            "26/13/01",
            "26/11/32",
            "26/1/28",
            "28.11.26",
            "",
            "aa/bb/cc",
        ] {
            assert!(!is_trf_date(bad), "{bad}");
        }
    }
}
