//! The swiss-arbiter program: the desktop application when run without arguments, the
//! command line otherwise.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() <= 1 {
        return open_window();
    }
    swiss_arbiter::cli::main(args)
}

#[cfg(feature = "gui")]
fn open_window() -> ExitCode {
    match swiss_arbiter::gui::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("swiss-arbiter: cannot open the window: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_window() -> ExitCode {
    eprintln!(
        "swiss-arbiter was built without the desktop application (feature `gui`); run `swiss-arbiter --help` for the command line"
    );
    ExitCode::FAILURE
}
