//! The arbiter's desktop application (eframe/egui). It holds no pairing or scoring logic:
//! it calls the library.

mod app;
mod autosave;
mod command;
mod files;
mod fonts;
mod import_check;
pub mod instance;
mod storage;
pub mod views;
mod worker;

pub use app::{AppOptions, ArbiterApp, Message};
pub use command::Command;
pub use files::Viewer;

/// The application ID: the X11 window class and Wayland app ID, matching the name of
/// the `.desktop` entry and of the icons installed by the packages (`packaging/`).
pub const APP_ID: &str = "org.swiss_arbiter.SwissArbiter";

/// Opens the main window, with `file` open when given, and runs until it is closed. When a
/// window already runs for this user, the file is handed to it instead and this returns
/// at once ([`instance`]).
pub fn run(file: Option<std::path::PathBuf>) -> eframe::Result {
    let options = AppOptions::desktop();
    let instance = match instance::launch(options.data_dir.as_deref(), file.as_deref()) {
        instance::Launch::Handed => {
            eprintln!("swiss-arbiter: handed to the window already running");
            return Ok(());
        }
        instance::Launch::First(instance) => Some(instance),
        instance::Launch::Alone => None,
    };
    let mut viewport = eframe::egui::ViewportBuilder::default()
        .with_title("swiss-arbiter")
        .with_app_id(APP_ID)
        .with_inner_size([1100.0, 720.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(include_bytes!(
        "../../assets/icons/swiss-arbiter-256.png"
    )) {
        viewport = viewport.with_icon(icon);
    }
    let native_options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "swiss-arbiter",
        native_options,
        Box::new(move |cc| {
            let mut app = ArbiterApp::new(options);
            if let Some(instance) = instance {
                instance.attach(&cc.egui_ctx);
                app.take_launches(instance);
            }
            match file {
                Some(file) => app.open_at_start(&file),
                None => app.offer_last_event(),
            }
            Ok(Box::new(app))
        }),
    )
}
