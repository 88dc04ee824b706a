//! The views of the central panel, and the navigation panel that chooses among them.

use eframe::egui;

pub mod crosstable;
pub mod event;
pub mod help;
pub mod lineup;
pub mod navigation;
pub mod norms;
pub mod official_ratings;
pub mod overriding;
pub mod path_prompt;
pub mod players;
pub mod prizes;
pub mod qr;
pub mod rating_list;
pub mod ratings;
pub mod round;
pub mod sections;
pub mod standings;
pub mod team_crosstable;
pub mod teams;
pub mod text_table;
pub mod venue;
pub mod warning;

/// A table cell's text that lets a click through to its row (a selectable label took the
/// click: clicking a name or a board number did not select the row).
pub(crate) fn plain(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) {
    ui.add(egui::Label::new(text).selectable(false));
}

/// What the central panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Event,
    Players,
    /// The teams of a team event and their rosters.
    Teams,
    Round(u32),
    Standings,
    Crosstable,
    /// Each player's rating change (B.02).
    RatingChanges,
    /// Title norms (B.01).
    Norms,
    /// The prize list and the prizes given.
    Prizes,
}
