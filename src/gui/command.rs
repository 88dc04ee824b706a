//! What the views ask the app to do. Views draw from a read-only tournament and push
//! commands; the app runs them after the frame, in one place.

use std::path::PathBuf;

use crate::document::Edit;

use super::import_check::Finding;
use super::views::View;
use super::views::venue::VenueCommand;

/// Something done with a file the arbiter chooses (in the system's dialog, or by typing
/// its path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Open,
    ImportTrf,
    ImportPlayers,
    SaveAs,
    /// Write the event as TRF of this dialect.
    ExportTrf(crate::formats::trf::Dialect),
    /// Write a printable document (PDF or HTML, by the extension) of a round (`None`: the
    /// sheet's default) and open it.
    Print(crate::print::Sheet, Option<u32>),
    /// Write a player's norm report (B.01, the IT1 figures) and open it.
    PrintNorm {
        player: u32,
        norm: crate::norms::NormTitle,
    },
    /// Write the venue network's board cards (an HTML page) and open it.
    BoardCards,
    /// Write the event's public pages as a static site into a folder, then open its
    /// index.
    PublishSite,
}

impl FileAction {
    /// The title of the dialog or prompt.
    pub fn title(self) -> &'static str {
        match self {
            FileAction::Open => "Open an event",
            FileAction::ImportTrf => "Import a TRF file",
            FileAction::ImportPlayers => "Import players",
            FileAction::SaveAs => "Save the event",
            FileAction::ExportTrf(crate::formats::trf::Dialect::Trf16) => "Export TRF-16",
            FileAction::ExportTrf(_) => "Export TRF",
            FileAction::Print(..) => "Print to a file (PDF or HTML)",
            FileAction::PrintNorm { .. } => "Print the norm report (PDF or HTML)",
            FileAction::BoardCards => "Board cards (HTML)",
            FileAction::PublishSite => "Publish the site to a folder",
        }
    }

    /// Whether the file is written (else read).
    pub fn writes(self) -> bool {
        matches!(
            self,
            FileAction::SaveAs
                | FileAction::ExportTrf(_)
                | FileAction::Print(..)
                | FileAction::PrintNorm { .. }
                | FileAction::BoardCards
                | FileAction::PublishSite
        )
    }

    /// The extension a written file gets when the typed name has none.
    pub fn extension(self) -> Option<&'static str> {
        match self {
            FileAction::SaveAs => Some(crate::formats::native::EXTENSION),
            FileAction::ExportTrf(_) => Some("trf"),
            FileAction::Print(..) | FileAction::PrintNorm { .. } => Some("pdf"),
            FileAction::BoardCards => Some("html"),
            _ => None,
        }
    }
}

/// A request from the user interface.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Change the tournament (undoable), after its warnings (if any) are answered.
    Edit(Edit),
    /// Ask the arbiter to confirm a result (a forfeit, 0-0) before the edit that records
    /// it (`SetResult` or `SetMatchResult`) runs; `board` is its number as shown.
    AskResult {
        board: usize,
        edit: Edit,
    },
    /// Run an edit or a pairing whose warnings were answered.
    Confirmed(Box<Command>),
    /// Apply an edit about which every question was answered.
    ApplyEdit(Edit),
    /// Run a command that replaces the document (new, open, quit), the changes not
    /// saved discarded by the arbiter.
    Discarding(Box<Command>),
    /// Save, then run the command (which waited for the answer to "Unsaved changes?").
    SaveThen(Box<Command>),
    /// Keep the imported rounds that were paired otherwise than the rules give, each
    /// recorded in its section's integrity log (checklist Q54).
    KeepImportedRounds(Vec<Finding>),
    /// Show another view.
    Navigate(View),
    /// Show a guide of the Help menu (an index into [`super::views::help::GUIDES`]).
    ShowHelp(usize),
    /// Pair a round on the background thread; `repair` replaces an existing pairing.
    PairRound {
        round: u32,
        repair: bool,
    },
    /// Stop waiting for the pairing and discard its result.
    CancelPairing,
    Undo,
    Redo,
    New,
    Open,
    OpenPath(PathBuf),
    Save,
    SaveAs,
    ImportTrf,
    /// Add players from a CSV or TRF file to the open event.
    ImportPlayers,
    /// Write the event as TRF of this dialect (asks where).
    ExportTrf(crate::formats::trf::Dialect),
    /// Write the public pages as a static site (asks for the folder).
    PublishSite,
    /// Write a printable document (PDF or HTML, chosen in the dialog) and open it: of
    /// `round` (chosen in the menu), or, with `None`, the sheet's default round.
    Print {
        sheet: crate::print::Sheet,
        round: Option<u32>,
    },
    /// Write a player's norm report (PDF or HTML, chosen in the dialog) and open it.
    PrintNorm {
        player: u32,
        norm: crate::norms::NormTitle,
    },
    /// Do `action` with the file at this path (chosen in the dialog or typed).
    FileChosen(FileAction, PathBuf),
    /// Load the autosave left by a session that did not end normally.
    RestoreAutosave(PathBuf),
    /// Forget the autosave.
    DiscardAutosave(PathBuf),
    /// Show and edit another section of the event (by its index).
    SelectSection(usize),
    /// Add a section to the event, with the settings of the one shown.
    AddSection,
    /// Remove a section (asks first when it has players).
    RemoveSection(usize),
    /// Remove a section, the arbiter having agreed.
    RemoveSectionConfirmed(usize),
    /// Something done in the venue network's window.
    Venue(VenueCommand),
    /// Ask, twice, whether to leave FIDE mode (for good).
    AskLeaveFideMode,
    /// Close the window, discarding unsaved changes.
    Quit,
}
