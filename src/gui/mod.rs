//! The arbiter's desktop application (eframe/egui). It holds no pairing or scoring logic:
//! it calls the library.

mod app;
mod command;
mod edit;
mod files;
mod fonts;
mod history;
mod storage;
pub mod views;
mod worker;

pub use app::{AppOptions, ArbiterApp, Message};
pub use command::Command;
pub use edit::Edit;

/// Opens the main window and runs until it is closed.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("swiss-arbiter")
            .with_app_id("swiss-arbiter")
            .with_inner_size([1100.0, 720.0]),
        ..Default::default()
    };
    eframe::run_native(
        "swiss-arbiter",
        options,
        Box::new(|_cc| Ok(Box::new(ArbiterApp::new(AppOptions::desktop())))),
    )
}
