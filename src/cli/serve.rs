//! `serve`: the venue network without the window; `venue`: its codes and board cards.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Args, Subcommand};

use crate::formats::native;
use crate::venue::{self, Limits, Rights, Serving, Venue};

use super::CliError;

#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The event (.sarb).
    event: PathBuf,
    /// Let the venue's network in (listen on every interface); without it only this
    /// computer can connect.
    #[arg(long)]
    open: bool,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Requests per address per minute.
    #[arg(long, default_value_t = Limits::default().requests_per_minute)]
    requests_per_minute: u32,
    /// Refused codes per address per minute before the address must wait.
    #[arg(long, default_value_t = Limits::default().failures_per_minute)]
    failures_per_minute: u32,
}

pub(crate) fn serve(args: &ServeArgs) -> Result<(), CliError> {
    if !native::is_native_path(&args.event) {
        return Err(CliError::arguments(format!(
            "{}: the venue network serves a native event file (.sarb): `convert` a TRF file first",
            args.event.display()
        )));
    }
    let ip = if args.open {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    };
    let serving = Serving {
        event: args.event.clone(),
        bind: SocketAddr::new(ip, args.port),
        limits: Limits {
            requests_per_minute: args.requests_per_minute,
            failures_per_minute: args.failures_per_minute,
            ..Limits::default()
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_signal(stop.clone());
    let open = args.open;
    venue::serve(&serving, stop, |addr, replayed| {
        if replayed > 0 {
            eprintln!("{replayed} journal records replayed into the event (saved)");
        }
        let shown = if open {
            venue::lan_address().map_or(addr, |ip| SocketAddr::new(ip, addr.port()))
        } else {
            addr
        };
        // The first line is the contract tests and scripts read.
        println!("serving http://{shown}/");
        if !open {
            eprintln!("only this computer can connect; --open lets the venue's network in");
        }
        eprintln!("Ctrl+C stops (the event is saved first)");
    })
    .map_err(|e| CliError::file(format!("{}: {e}", args.event.display())))
}

/// Sets `stop` on Ctrl+C (and SIGTERM on Unix).
fn stop_on_signal(stop: Arc<AtomicBool>) {
    let _ = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                #[cfg(unix)]
                {
                    use tokio::signal::unix::{SignalKind, signal};
                    match signal(SignalKind::terminate()) {
                        Ok(mut term) => {
                            tokio::select! {
                                _ = tokio::signal::ctrl_c() => {}
                                _ = term.recv() => {}
                            }
                        }
                        Err(_) => {
                            let _ = tokio::signal::ctrl_c().await;
                        }
                    }
                }
                #[cfg(not(unix))]
                {
                    let _ = tokio::signal::ctrl_c().await;
                }
            });
            stop.store(true, Ordering::SeqCst);
        });
}

#[derive(Args, Debug)]
pub(crate) struct VenueArgs {
    #[command(subcommand)]
    command: VenueCommand,
}

#[derive(Subcommand, Debug)]
enum VenueCommand {
    /// Make a deputy's or helper's code for a range of boards (shown once).
    AddCode {
        event: PathBuf,
        /// Whose code (shown in the list).
        #[arg(long)]
        label: String,
        /// The section, from 1.
        #[arg(long, default_value_t = 1)]
        section: usize,
        /// Boards, as `FIRST-LAST` (or one board); not for a captain's code.
        #[arg(long, required_unless_present = "captain", conflicts_with = "captain")]
        boards: Option<String>,
        /// A team captain's code for the team with this number: it hands in the team's
        /// line-ups for the arbiter to accept, and enters no results.
        #[arg(long)]
        captain: Option<u32>,
        /// `fill` (results where the board has none) or `correct` (also results that
        /// came from the network).
        #[arg(long, default_value = "fill")]
        rights: String,
        /// Hours it stays valid.
        #[arg(long, default_value_t = 12)]
        hours: u64,
    },
    /// List the codes.
    Codes { event: PathBuf },
    /// Revoke a code by its number.
    Revoke { event: PathBuf, id: u32 },
    /// Write the board cards of a round (HTML, one QR code per board) for the address
    /// the phones use.
    Cards {
        event: PathBuf,
        #[arg(long)]
        round: Option<u32>,
        /// The address `serve` printed (as the phones reach it).
        #[arg(long)]
        url: String,
        #[arg(short, long)]
        output: PathBuf,
    },
}

pub(crate) fn venue(args: &VenueArgs) -> Result<(), CliError> {
    match &args.command {
        VenueCommand::AddCode {
            event,
            label,
            section,
            boards,
            captain,
            rights,
            hours,
        } => {
            let (mut v, doc) = open(event)?;
            let sections = doc.sections();
            let Some(t) = section.checked_sub(1).and_then(|s| sections.get(s)) else {
                return Err(CliError::arguments(format!(
                    "--section {section}: the event has {} section(s)",
                    sections.len()
                )));
            };
            let (rights, (first, last)) = match (captain, boards) {
                (Some(team), _) => {
                    if !t.is_team_event() || t.team(*team).is_none() {
                        return Err(CliError::arguments(format!(
                            "--captain {team}: section {section} has no team {team}"
                        )));
                    }
                    (Rights::Captain { team: *team }, (0, 0))
                }
                (None, boards) => {
                    let boards = parse_boards(boards.as_deref().unwrap_or(""))?;
                    let rights = match rights.as_str() {
                        "fill" => Rights::FillBlank,
                        "correct" => Rights::Correct,
                        other => {
                            return Err(CliError::arguments(format!(
                                "--rights {other:?}: expected fill or correct"
                            )));
                        }
                    };
                    (rights, boards)
                }
            };
            let expires = venue::unix_now() + hours.saturating_mul(3600);
            let code = v
                .add_code(label, section - 1, (first, last), rights, expires)
                .map_err(|e| CliError::file(e.to_string()))?;
            println!("{}", venue::grouped(&code));
            eprintln!(
                "the code of {label}: section {section}, {}, for {hours} h; it is shown only now",
                scope(rights, first, last)
            );
            Ok(())
        }
        VenueCommand::Codes { event } => {
            let (v, _) = open(event)?;
            let now = venue::unix_now();
            for c in v.codes() {
                let state = if c.revoked {
                    "revoked"
                } else if now >= c.expires {
                    "expired"
                } else {
                    "valid"
                };
                println!(
                    "{}\t{}\tsection {}\t{}\t{state}\t{} results",
                    c.id,
                    c.label,
                    c.section + 1,
                    scope(c.rights, c.first_board, c.last_board).replace(", ", "\t"),
                    c.writes
                );
            }
            Ok(())
        }
        VenueCommand::Revoke { event, id } => {
            let (mut v, _) = open(event)?;
            match v.revoke(*id) {
                Ok(true) => Ok(()),
                Ok(false) => Err(CliError::input(format!("no code {id}"))),
                Err(e) => Err(CliError::file(e.to_string())),
            }
        }
        VenueCommand::Cards {
            event,
            round,
            url,
            output,
        } => {
            let doc = load(event)?;
            let secret = venue_secret(event)?;
            let html = venue::board_cards(doc.sections(), &secret, *round, url)
                .map_err(CliError::input)?;
            crate::formats::output::write(
                output,
                html.as_bytes(),
                crate::formats::output::Content::Document,
                &[event],
            )
            .map_err(|e| CliError::file(e.to_string()))
        }
    }
}

/// The secret of an event's venue network, read while `serve` runs (it holds the lock);
/// made on first use. Only a native event has one.
pub(crate) fn venue_secret(event: &std::path::Path) -> Result<venue::Secret, CliError> {
    if !native::is_native_path(event) {
        return Err(CliError::arguments(format!(
            "{}: board codes belong to a native event file (.sarb)",
            event.display()
        )));
    }
    match Venue::secret_of(event) {
        Ok(secret) => Ok(secret),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut doc = load(event)?;
            let (v, _) = Venue::open(event, &mut doc)
                .map_err(|e| CliError::file(format!("{}: {e}", event.display())))?;
            Ok(v.secret().clone())
        }
        Err(e) => Err(CliError::file(format!("{}: {e}", event.display()))),
    }
}

/// What a code may do, in words: "boards 1-10, fill blank" or "captain of team 3".
fn scope(rights: Rights, first: usize, last: usize) -> String {
    match rights {
        Rights::FillBlank => format!("boards {first}-{last}, fill blank"),
        Rights::Correct => format!("boards {first}-{last}, correct"),
        Rights::Captain { team } => format!("captain of team {team}"),
    }
}

fn load(event: &std::path::Path) -> Result<crate::document::Document, CliError> {
    let sections = native::load_sections(event).map_err(|e| CliError::input(e.to_string()))?;
    Ok(crate::document::Document::new(
        sections,
        Some(event.to_path_buf()),
        false,
    ))
}

/// The venue state of an event, with the event (not while `serve` runs: it would not
/// see the change).
fn open(event: &std::path::Path) -> Result<(Venue, crate::document::Document), CliError> {
    let mut doc = load(event)?;
    let (v, _) = Venue::open(event, &mut doc)
        .map_err(|e| CliError::file(format!("{}: {e}", event.display())))?;
    Ok((v, doc))
}

fn parse_boards(text: &str) -> Result<(usize, usize), CliError> {
    let bad = || CliError::arguments(format!("--boards {text:?}: expected FIRST-LAST, e.g. 1-10"));
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let first: usize = a.trim().parse().map_err(|_| bad())?;
    let last: usize = b.trim().parse().map_err(|_| bad())?;
    if first == 0 || last == 0 {
        return Err(bad());
    }
    Ok((first.min(last), first.max(last)))
}
