//! The path field: where no file dialog can be shown (Linux without a desktop portal or
//! zenity), or in tests, the arbiter types the file's path, with the folder and name
//! suggested, and the reason said.

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::gui::command::{Command, FileAction};

/// The path being typed for `action`.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    pub action: FileAction,
    pub text: String,
    /// Why the path is asked here (no dialog helper), if it is worth saying.
    pub why: Option<String>,
    /// Where a relative path is taken from.
    pub folder: PathBuf,
    /// Whether the field has been given the keyboard focus (once, when shown).
    pub focused: bool,
}

impl PathPrompt {
    /// A prompt in `folder`, with the file name `name` suggested for a file written.
    pub fn new(action: FileAction, folder: PathBuf, name: &str, why: Option<String>) -> Self {
        let text = match action.extension() {
            Some(ext) if action.writes() => folder.join(format!("{name}.{ext}")),
            _ => folder.join(""),
        };
        PathPrompt {
            action,
            text: text.display().to_string(),
            why,
            folder,
            focused: false,
        }
    }

    /// The typed path: `~` is the home folder, a relative path is in the suggested
    /// folder, and a file written without an extension gets the action's.
    pub fn path(&self) -> Option<PathBuf> {
        let text = self.text.trim();
        if text.is_empty() {
            return None;
        }
        let typed = match text.strip_prefix("~/").or(text.strip_prefix("~\\")) {
            Some(rest) => home().join(rest),
            None => PathBuf::from(text),
        };
        let mut path = if typed.is_absolute() {
            typed
        } else {
            self.folder.join(typed)
        };
        if let Some(ext) = self.action.extension()
            && path.extension().is_none()
        {
            path.set_extension(ext);
        }
        Some(path)
    }
}

fn home() -> PathBuf {
    directories::UserDirs::new().map_or_else(|| PathBuf::from("."), |d| d.home_dir().into())
}

/// The folder files are suggested in: the open event's, else the home folder.
pub fn folder_of(open_file: Option<&Path>) -> PathBuf {
    open_file
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(home, Path::to_path_buf)
}

/// Draws the prompt; returns whether it was answered (the path sent, or cancelled).
pub fn show(ctx: &egui::Context, prompt: &mut PathPrompt, out: &mut Vec<Command>) -> bool {
    let mut answered = false;
    egui::Modal::new(egui::Id::unique("path-prompt")).show(ctx, |ui| {
        ui.heading(prompt.action.title());
        if let Some(why) = &prompt.why {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        let label = ui.label("File path");
        let field = ui.add(egui::TextEdit::singleline(&mut prompt.text).desired_width(520.0));
        let field = field.labelled_by(label.id);
        if !prompt.focused {
            // Typing goes to the path at once.
            field.request_focus();
            prompt.focused = true;
        }
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let verb = match prompt.action {
            FileAction::Open => "Open",
            FileAction::ImportTrf | FileAction::ImportPlayers => "Import",
            FileAction::SaveAs => "Save",
            FileAction::ExportTrf(_)
            | FileAction::Print(..)
            | FileAction::PrintNorm { .. }
            | FileAction::BoardCards => "Write",
            FileAction::PublishSite => "Publish",
        };
        ui.horizontal(|ui| {
            let path = prompt.path();
            let go = ui.add_enabled(path.is_some(), egui::Button::new(verb));
            if let Some(path) = path
                && (go.clicked() || entered)
            {
                out.push(Command::FileChosen(prompt.action, path));
                answered = true;
            }
            if ui.button("Cancel").clicked() {
                answered = true;
            }
        });
    });
    answered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_path_is_completed() {
        let folder = PathBuf::from("/events");
        let save = PathPrompt::new(FileAction::SaveAs, folder.clone(), "Open A", None);
        assert_eq!(save.text, "/events/Open A.sarb");
        assert_eq!(save.path(), Some(PathBuf::from("/events/Open A.sarb")));
        let mut typed = save.clone();
        typed.text = " b ".into();
        assert_eq!(typed.path(), Some(PathBuf::from("/events/b.sarb")));
        typed.text = "/tmp/x.ron".into();
        assert_eq!(typed.path(), Some(PathBuf::from("/tmp/x.ron")));
        typed.text = "  ".into();
        assert_eq!(typed.path(), None);
        let open = PathPrompt::new(FileAction::Open, folder, "Open A", None);
        assert_eq!(open.text, "/events/");
        let mut open = open;
        open.text = "a.trf".into();
        assert_eq!(open.path(), Some(PathBuf::from("/events/a.trf")));
        open.text = "noext".into();
        assert_eq!(open.path(), Some(PathBuf::from("/events/noext")));
    }
}
