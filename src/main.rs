//! The swiss-arbiter program: the desktop application when run without arguments or
//! with one event file (as the file manager starts it), the command line otherwise.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match args.as_slice() {
        [_] => open_window(None),
        // An event file (no command is named like one): the window opens it.
        [_, file] if swiss_arbiter::formats::is_event_file(Path::new(file)) => {
            open_window(Some(PathBuf::from(file)))
        }
        _ => swiss_arbiter::cli::main(args),
    }
}

/// The wgpu backends to draw with, when set (`gl`, `vulkan`, `dx12`, `metal`); unset, wgpu
/// chooses (Direct3D 12 on Windows, Vulkan on Linux, Metal on macOS; OpenGL last).
#[cfg(feature = "gui")]
const BACKEND_VAR: &str = "WGPU_BACKEND";

#[cfg(feature = "gui")]
fn open_window(file: Option<PathBuf>) -> ExitCode {
    #[cfg(windows)]
    let console_closed = windows_console::close_own();
    match swiss_arbiter::gui::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        // The first choice of graphics interface can fail where another works (Wine
        // without Vulkan loses its Direct3D 12 device; an old driver): the window is
        // tried once more with OpenGL, in a new process (a window system can be started
        // only once per process).
        Err(e) if std::env::var_os(BACKEND_VAR).is_none() => {
            eprintln!("swiss-arbiter: the window could not be drawn ({e}); trying OpenGL");
            let again = std::env::current_exe().and_then(|exe| {
                let mut command = std::process::Command::new(exe);
                command
                    .args(std::env::args_os().skip(1))
                    .env(BACKEND_VAR, "gl");
                // Without this, Windows would open a console window for the new process
                // when this one has closed its own.
                #[cfg(windows)]
                if console_closed {
                    use std::os::windows::process::CommandExt;
                    const CREATE_NO_WINDOW: u32 = 0x0800_0000;
                    command.creation_flags(CREATE_NO_WINDOW);
                }
                command.status()
            });
            match again {
                Ok(status) if status.success() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("swiss-arbiter: cannot open the window: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("swiss-arbiter: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_window(_file: Option<PathBuf>) -> ExitCode {
    eprintln!(
        "swiss-arbiter was built without the desktop application (feature `gui`); run `swiss-arbiter --help` for the command line"
    );
    ExitCode::FAILURE
}

/// The program is a console program on Windows, so that the command line writes to the
/// console and to pipes as scripts and calling programs expect. Started from Explorer (a
/// double-click, a file association), Windows gives it a console window of its own; the
/// desktop application closes that window. A console shared with a command prompt is
/// left alone.
#[cfg(all(windows, feature = "gui"))]
mod windows_console {
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn GetConsoleProcessList(process_ids: *mut u32, count: u32) -> u32;
        fn FreeConsole() -> i32;
    }

    /// Detaches from the console when no other process uses it; returns whether it did.
    pub fn close_own() -> bool {
        let mut ids = [0u32; 2];
        // SAFETY: the buffer holds `ids.len()` process ids, as the count says.
        let attached = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) };
        // SAFETY: no arguments; failure only leaves the console window open.
        attached == 1 && unsafe { FreeConsole() } != 0
    }
}
