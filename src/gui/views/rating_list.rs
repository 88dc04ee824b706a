//! The FIDE rating list in the players view: the arbiter loads a list downloaded from FIDE
//! (or an index written by `rating-list index`), types a name or FIDE ID, and picks a
//! player to fill the new player's form. Reading the list (seconds, with a progress bar
//! and a cancel button) and each search run on background threads, so the window keeps
//! drawing; the loaded list stays while other events are opened.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use eframe::egui;

use crate::formats::rating_list::index::MAGIC;
use crate::formats::rating_list::search::search;
use crate::formats::rating_list::{Index, ReadOptions, Record};
use crate::tournament::RatingList;

/// The most players a search shows.
const SHOWN: usize = 20;

/// A list being read on a background thread.
#[derive(Debug)]
struct Loading {
    path: PathBuf,
    /// Bytes read, and the file's size.
    progress: Arc<(AtomicU64, AtomicU64)>,
    cancel: Arc<AtomicBool>,
    result: Receiver<Result<Index, String>>,
}

/// The rating list's state between frames.
#[derive(Debug, Default)]
pub struct FideSearch {
    /// The path typed.
    pub path: String,
    index: Option<(PathBuf, Arc<Index>)>,
    loading: Option<Loading>,
    pub query: String,
    /// The players found for `found_for`.
    found: Vec<Record>,
    found_for: String,
    searching: Option<Receiver<(String, Vec<Record>)>>,
    /// The event's list, whose rating orders equally relevant players.
    list: RatingList,
    pub error: Option<String>,
    /// What the last update of the event from the list changed, one line each.
    pub changes: Vec<String>,
}

/// What the arbiter asked of the list.
#[derive(Clone, Debug, PartialEq)]
pub enum ListAction {
    /// Register this player (fills the new player's form).
    Register(Box<Record>),
    /// Update the event's players from the list (ratings, K, titles, federations, birth
    /// years; pairing numbers and names stay).
    UpdateEvent,
}

/// Reads a saved index (recognised by its magic) or a list file.
fn open(
    path: &Path,
    progress: &(AtomicU64, AtomicU64),
    cancel: &AtomicBool,
) -> Result<Index, String> {
    let mut head = [0u8; 8];
    let is_index = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
        .is_ok_and(|()| &head == MAGIC);
    if is_index {
        return Index::load(path).map_err(|e| e.to_string());
    }
    let mut report = |done: u64, total: u64| {
        progress.0.store(done, Ordering::Relaxed);
        progress.1.store(total, Ordering::Relaxed);
    };
    let options = ReadOptions {
        progress: Some(&mut report),
        cancel: Some(cancel),
        ..ReadOptions::default()
    };
    Index::build(path, options)
        .map(|(index, _)| index)
        .map_err(|e| e.to_string())
}

impl FideSearch {
    /// Starts reading the list at `path` on a background thread.
    pub fn load(&mut self, path: PathBuf) {
        let progress = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, result) = mpsc::channel();
        let (p, c, at) = (Arc::clone(&progress), Arc::clone(&cancel), path.clone());
        let spawned = std::thread::Builder::new()
            .name("rating-list".into())
            .spawn(move || {
                let _ = sender.send(open(&at, &p, &c));
            });
        match spawned {
            Ok(_) => {
                self.error = None;
                self.loading = Some(Loading {
                    path,
                    progress,
                    cancel,
                    result,
                });
            }
            Err(e) => self.error = Some(format!("cannot start reading the list: {e}")),
        }
    }

    /// Starts a search for `query` on a background thread (the last one typed wins).
    fn start_search(&mut self) {
        let Some((_, index)) = &self.index else {
            return;
        };
        let (index, query, list) = (Arc::clone(index), self.query.clone(), self.list);
        let (sender, receiver) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("rating-list-search".into())
            .spawn(move || {
                let found = search(&index, &query, SHOWN, list);
                let _ = sender.send((query, found));
            });
        if spawned.is_ok() {
            self.searching = Some(receiver);
        }
    }

    /// Waits until the list being read and the search under way, if any, are done, and
    /// takes them; whether either was under way (tests wait with it, never for a time).
    pub fn wait_ready(&mut self) -> bool {
        let mut waited = false;
        if let Some(loading) = &self.loading {
            let received = loading
                .result
                .recv()
                .map_err(|_| TryRecvError::Disconnected);
            self.take_loaded(received);
            waited = true;
        }
        if let Some(receiver) = &self.searching {
            let received = receiver.recv().map_err(|_| TryRecvError::Disconnected);
            self.take_found(received);
            waited = true;
        }
        waited
    }

    /// The list read (or why not), when the reading thread has delivered it.
    fn take_loaded(&mut self, received: Result<Result<Index, String>, TryRecvError>) {
        let Some(loading) = &self.loading else {
            return;
        };
        match received {
            Ok(Ok(index)) => {
                self.index = Some((loading.path.clone(), Arc::new(index)));
                self.loading = None;
                self.found_for.clear();
            }
            Ok(Err(e)) => {
                self.error = Some(e);
                self.loading = None;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                self.error = Some("reading the list stopped without a result".into());
                self.loading = None;
            }
        }
    }

    /// The players found, when the search thread has delivered them.
    fn take_found(&mut self, received: Result<(String, Vec<Record>), TryRecvError>) {
        match received {
            Ok((query, found)) => {
                self.searching = None;
                self.found = found;
                self.found_for = query;
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => self.searching = None,
        }
    }

    /// Takes what the background threads have finished; whether one is still working.
    pub fn poll(&mut self) -> bool {
        if let Some(loading) = &self.loading {
            let received = loading.result.try_recv();
            self.take_loaded(received);
        }
        if let Some(receiver) = &self.searching {
            let received = receiver.try_recv();
            self.take_found(received);
        }
        if self.searching.is_none() && self.index.is_some() && self.query != self.found_for {
            if self.query.trim().is_empty() {
                self.found.clear();
                self.found_for = self.query.clone();
            } else {
                self.start_search();
            }
        }
        self.loading.is_some() || self.searching.is_some()
    }

    /// The players found for the query shown.
    pub fn found(&self) -> &[Record] {
        &self.found
    }

    /// The list loaded, if any.
    pub fn index(&self) -> Option<&Index> {
        self.index.as_ref().map(|(_, index)| index.as_ref())
    }

    /// The file the list loaded was read from.
    pub fn index_path(&self) -> Option<&Path> {
        self.index.as_ref().map(|(path, _)| path.as_path())
    }
}

/// Draws the rating list's panel; returns what the arbiter asked: a player picked, to
/// register, or the update of the event's players.
pub fn show(ui: &mut egui::Ui, state: &mut FideSearch, list: RatingList) -> Option<ListAction> {
    if state.list != list {
        // Found again, in the order of the event's list.
        state.list = list;
        state.found_for.clear();
    }
    if state.poll() {
        ui.ctx().request_repaint_after(Duration::from_millis(50));
    }
    let mut picked = None;
    ui.group(|ui| {
        ui.horizontal(|ui| {
            let l = ui.label("FIDE rating list");
            ui.text_edit_singleline(&mut state.path)
                .labelled_by(l.id)
                .on_hover_text("FIDE's download (.zip, .txt or .xml) or an index written by `swiss-arbiter rating-list index`");
            if ui
                .add_enabled(state.loading.is_none(), egui::Button::new("Load"))
                .clicked()
            {
                state.load(PathBuf::from(state.path.trim()));
            }
        });
        if let Some(loading) = &state.loading {
            let (done, total) = (
                loading.progress.0.load(Ordering::Relaxed),
                loading.progress.1.load(Ordering::Relaxed),
            );
            ui.horizontal(|ui| {
                let fraction = if total == 0 { 0.0 } else { done as f32 / total as f32 };
                ui.add(egui::ProgressBar::new(fraction).show_percentage());
                if ui.button("Cancel").clicked() {
                    loading.cancel.store(true, Ordering::Relaxed);
                }
            });
        }
        if let Some(error) = &state.error {
            ui.colored_label(ui.visuals().error_fg_color, error.as_str());
        }
        let Some((path, index)) = &state.index else {
            return;
        };
        ui.horizontal(|ui| {
            ui.label(format!(
                "{}: {}{}",
                path.display(),
                crate::plural::count(index.len(), "player"),
                index.month().map(|m| format!(" ({m})")).unwrap_or_default()
            ));
            if ui
                .button("Update the event's players from this list")
                .on_hover_text(
                    "Rating, K, title, federation, sex and birth year of every player with a \
                     FIDE ID; names and pairing numbers stay (one undoable edit)",
                )
                .clicked()
            {
                picked = Some(ListAction::UpdateEvent);
            }
        });
        if !state.changes.is_empty() {
            egui::CollapsingHeader::new(format!(
                "Last update: {} change(s)",
                state.changes.len()
            ))
            .show(ui, |ui| {
                for change in &state.changes {
                    ui.label(change);
                }
            });
        }
        ui.horizontal(|ui| {
            let l = ui.label("Find");
            ui.text_edit_singleline(&mut state.query)
                .labelled_by(l.id)
                .on_hover_text("A name as typed (accents, case and commas do not matter) or a FIDE ID");
        });
        let l = crate::formats::rating_list::record::list_index(list);
        for record in &state.found {
            let rating = record.lists[l]
                .rating
                .map(|r| r.to_string())
                .unwrap_or_else(|| "unrated".into());
            let text = format!(
                "{}  {}  {} {}  {}  {}",
                record.fide_id,
                record.name,
                record.federation,
                record.title,
                rating,
                record.birth_year.map(|y| y.to_string()).unwrap_or_default()
            );
            if ui.button(text).clicked() {
                picked = Some(ListAction::Register(Box::new(record.clone())));
            }
        }
    });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_index_loads_and_searches_off_the_window_thread() {
        let dir = crate::formats::test_folder("gui-rating-list");
        let path = dir.join("fide.idx");
        let record = Record {
            fide_id: 1503014,
            name: "Carlsen, Magnus".into(),
            ..Record::default()
        };
        Index::from_records([record.clone()], None)
            .save(&path, &[])
            .expect("save");
        let mut state = FideSearch::default();
        state.load(path);
        state.query = "carlsen m".into();
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while state.poll() || state.found().is_empty() {
            assert!(std::time::Instant::now() < deadline, "{:?}", state.error);
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(state.found(), [record]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
