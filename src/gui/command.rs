//! What the views ask the app to do. Views draw from a read-only tournament and push
//! commands; the app runs them after the frame, in one place.

use std::path::PathBuf;

use super::edit::Edit;
use super::views::View;

/// A request from the user interface.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Change the tournament (undoable).
    Edit(Edit),
    /// Show another view.
    Navigate(View),
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
    ExportTrf,
    /// Write a printable document (PDF or HTML, chosen in the dialog) and open it.
    Print(crate::print::Sheet),
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
    /// Close the window, discarding unsaved changes.
    Quit,
}
