//! Every command the documentation shows runs as written. The lines of the ```sh blocks of
//! `README.md` and `assets/help/*.md` that start with `swiss-arbiter ` (a `\` at the end of
//! a line joins the next) run with the built binary first on `PATH`, in one temporary
//! folder, in document order (README first, then the guides by name), so that a file one
//! example writes is there for the next. Lines starting with `printf ` there write an input
//! file (a prize list) and run too. Skipped: `cargo` and `sudo` lines, and the commands
//! that open the window (no arguments, or only a file to open). Synopsis forms with
//! `[--option]` placeholders belong in ```text blocks, which are not run.
//!
//! Each command is bounded in time; any non-zero exit fails the test, naming the document,
//! the line and the command's standard error. The README also stays a front door: at most
//! [`README_MAX_LINES`] lines.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The README's length limit (issue 53: "at most about 300 lines").
const README_MAX_LINES: usize = 320;

/// The longest one documented command may take (they take milliseconds each).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, then every Markdown file of `assets/help/` by name.
fn documents() -> Vec<PathBuf> {
    let mut help: Vec<PathBuf> = std::fs::read_dir(repo().join("assets/help"))
        .expect("assets/help is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    help.sort();
    let mut docs = vec![repo().join("README.md")];
    docs.extend(help);
    docs
}

/// One command of a document: where it is and its text, continuations joined.
#[derive(Debug)]
struct DocCommand {
    doc: String,
    line: usize,
    text: String,
}

/// The words of a shell line before a comment, for telling what a line does (quoting is
/// left to the shell that runs it).
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .take_while(|w| !w.starts_with('#'))
        .collect()
}

/// A command that opens the window: the program alone, or with one file to open.
fn opens_the_window(text: &str) -> bool {
    match words(text).as_slice() {
        [_] => true,
        [_, file] => !file.starts_with('-'),
        _ => false,
    }
}

/// The commands of one document's ```sh blocks to run, in order.
fn commands_of(doc: &str, text: &str) -> Vec<DocCommand> {
    let mut commands = Vec::new();
    let mut in_block = false;
    let mut in_sh = false;
    let mut pending: Option<(usize, String)> = None;
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            in_sh = !in_block && matches!(info.trim(), "sh" | "bash" | "shell");
            in_block = !in_block;
            pending = None;
            continue;
        }
        if !in_sh {
            continue;
        }
        let (line, mut joined) = pending.take().unwrap_or((index + 1, String::new()));
        match trimmed.strip_suffix('\\') {
            Some(part) => {
                joined.push_str(part.trim_end());
                joined.push(' ');
                pending = Some((line, joined));
                continue;
            }
            None => joined.push_str(trimmed),
        }
        let runs = (joined.starts_with("swiss-arbiter ") && !opens_the_window(&joined))
            || joined.starts_with("printf ");
        if runs {
            commands.push(DocCommand {
                doc: doc.to_string(),
                line,
                text: joined,
            });
        }
    }
    commands
}

fn all_commands() -> Vec<DocCommand> {
    documents()
        .iter()
        .flat_map(|path| {
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path
                .strip_prefix(repo())
                .unwrap_or(path)
                .display()
                .to_string();
            commands_of(&name, &text)
        })
        .collect()
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, at most {README_MAX_LINES}: move the detail to assets/help/"
    );
}

#[test]
fn commands_are_read_as_a_shell_reads_them() {
    let doc = "```sh\n\
        cargo test\n\
        swiss-arbiter generate --players 4 \\\n    --rounds 2 -o a.trf   # a comment\n\
        swiss-arbiter\n\
        swiss-arbiter event.sarb\n\
        swiss-arbiter --help\n\
        ```\n\
        ```text\n\
        swiss-arbiter pair FILE [--round N]\n\
        ```\n";
    let found: Vec<(usize, String)> = commands_of("doc", doc)
        .into_iter()
        .map(|c| (c.line, c.text))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                3,
                "swiss-arbiter generate --players 4 --rounds 2 -o a.trf   # a comment".to_string()
            ),
            (7, "swiss-arbiter --help".to_string()),
        ]
    );
}

/// Runs one command through `sh` in `dir`, the built binary first on `PATH`, in a process
/// group of its own so that a command over time is killed with everything it started.
#[cfg(unix)]
fn run(command: &DocCommand, dir: &Path, logs: &Path, bin_dir: &Path) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    use std::time::Instant;

    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut search = vec![bin_dir.to_path_buf()];
    search.extend(std::env::split_paths(&path));
    let stdout = logs.join("stdout");
    let stderr = logs.join("stderr");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&command.text)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(search).expect("a PATH"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).expect("stdout log"))
        .stderr(std::fs::File::create(&stderr).expect("stderr log"))
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > COMMAND_TIMEOUT {
            let group = i32::try_from(child.id()).expect("a process id");
            // SAFETY: kill(2) with a negative pid signals the process group this test
            // created for the command; it touches no memory of ours.
            unsafe { libc::kill(-group, libc::SIGKILL) };
            let _ = child.wait();
            return Err(format!("still running after {COMMAND_TIMEOUT:?}; killed"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if status.success() {
        Ok(())
    } else {
        let err = std::fs::read_to_string(&stderr).unwrap_or_default();
        Err(format!("{status}; standard error:\n{}", err.trim_end()))
    }
}

#[cfg(unix)]
#[test]
fn every_documented_command_runs_as_written() {
    let commands = all_commands();
    assert!(
        commands.len() >= 40,
        "only {} commands found in the documentation's ```sh blocks",
        commands.len()
    );
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_swiss-arbiter"));
    let bin_dir = bin.parent().expect("the binary's folder");
    let base = tempfile::tempdir().expect("a temporary folder");
    let (work, logs) = (base.path().join("work"), base.path().join("logs"));
    std::fs::create_dir_all(&work).expect("work folder");
    std::fs::create_dir_all(&logs).expect("logs folder");
    let start = std::time::Instant::now();
    let failures: Vec<String> = commands
        .iter()
        .filter_map(|c| {
            run(c, &work, &logs, bin_dir)
                .err()
                .map(|why| format!("{}:{}: `{}`: {why}", c.doc, c.line, c.text))
        })
        .collect();
    eprintln!(
        "docs_commands: {} documented commands ran in {:.1} s",
        commands.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} of {} documented commands failed:\n\n{}",
        failures.len(),
        commands.len(),
        failures.join("\n\n")
    );
}
