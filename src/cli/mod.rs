//! The command line. Its commands and output formats are a contract: other programs and
//! our own checks call them.

mod bench;
mod check;
mod compat;
mod crosstest;
mod decide;
mod explain;
mod generate;
mod input;
mod norms;
mod output;
mod print;
mod prizes;
mod publish;
mod rating_data;
mod rating_list;
mod ratings;
mod serve;
mod standings;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::document::Edit;
use crate::formats::output::{self as output_file, Content};
use crate::pairing;
use crate::tournament::SystemId;

pub(crate) use input::FileFormat;
pub(crate) use output::PairingFormat;

/// A failure to report: the message goes to stderr, the code is the exit status.
#[derive(Debug)]
pub struct CliError {
    pub(crate) message: String,
    pub(crate) code: u8,
}

impl CliError {
    /// Something went wrong (a difference, no valid pairing, an unimplemented system).
    pub(crate) fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// The arguments were invalid (as clap's own errors).
    pub(crate) fn arguments(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }

    /// The input was invalid.
    pub(crate) fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 3,
        }
    }

    /// A file could not be written.
    pub(crate) fn file(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 5,
        }
    }
}

impl From<pairing::PairingError> for CliError {
    fn from(e: pairing::PairingError) -> CliError {
        CliError::failure(e.to_string())
    }
}

/// swiss-arbiter: pair, check and convert Swiss-system chess tournaments.
///
/// Run without arguments to open the desktop application.
#[derive(Parser, Debug)]
#[command(name = "swiss-arbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// Say how every file was read: its TRF dialect, and each code read as its program
    /// means it (by default only what matters: another program's dialect, a reading that
    /// could have gone another way).
    #[arg(long, global = true)]
    pub(crate) verbose: bool,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Convert between TRF-2026, TRF-16 and the native format.
    Convert {
        /// The file to read (.trf, or .sarb/.ron for native files).
        input: PathBuf,
        /// The file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Output format (default: from the extension; .trf files are written as TRF-2026).
        #[arg(long = "to", value_enum)]
        to: Option<FileFormat>,
    },
    /// Pair a round from the rounds before it.
    Pair {
        /// Pairing system: dutch (= dutch-2026), dutch-2026, dutch-2017, dutch-2012,
        /// rating-1998, lim, burstein, dubov, double-swiss; swiss-team for a team event.
        /// Default: the file's (TRF-2026 192), else FIDE Dutch 2026 (the Swiss Team system
        /// for a team event).
        #[arg(long)]
        system: Option<SystemId>,
        /// The event (.trf, .sarb or .ron).
        input: PathBuf,
        /// The round to pair (default: the first round with no pairing recorded). Later
        /// rounds are ignored; byes and absences recorded for this round are honoured.
        #[arg(long)]
        round: Option<u32>,
        /// Write the pairing here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "javafo")]
        format: PairingFormat,
        /// Mark every game of the rounds before without a result adjourned (a draw for the
        /// pairing, C.04.2 3.1), one warning per game, and pair; the file is not changed.
        #[arg(long)]
        adjourn_missing: bool,
    },
    /// Re-pair every round of each file from the rounds before it and compare with the file.
    Check {
        /// Pairing system, as for `pair`. Default: each file's (TRF-2026 192), else FIDE
        /// Dutch 2026.
        #[arg(long)]
        system: Option<SystemId>,
        /// Files or folders (every .trf in a folder).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// For each differing round, explain both pairings and compare them.
        #[arg(long)]
        explain: bool,
        /// Also check the final ranks of each file that gives a tie-break list (TRF-2026
        /// 212 or 202) and a rank for every player, against the standings under C.07; for
        /// a team event, the teams' ranks (TRF-2026 310) against the team standings.
        #[arg(long)]
        tiebreaks: bool,
        /// With --tiebreaks: the unplayed-round rules (2026, 2023, pre-2023), as for
        /// `standings`. Default: those in force when each event started.
        #[arg(long)]
        rules: Option<crate::standings::Edition>,
    },
    /// Explain the engine's pairing of a round, pair by pair and bracket by bracket, or
    /// check an arbiter's pairing (--pairing FILE, --recorded) against the rules.
    Explain(explain::ExplainArgs),
    /// Time the pairing of one round of a file, or of every round of an event generated
    /// on the spot (--players N --seed S): wall and CPU time, peak memory (use a release
    /// build).
    Bench(bench::BenchArgs),
    /// Rank the players by score and tie-breaks (FIDE C.07); text, CSV or JSON.
    Standings(standings::StandingsArgs),
    /// Each player's rating change from the event (FIDE B.02 8.3; an unrated player's
    /// first-rating figure, 8.2), as text or CSV.
    Ratings(ratings::RatingsArgs),
    /// The announced prizes given from the final standings: one per player, money shared
    /// among tied players by tie-breaks, equally or by the Hort system.
    Prizes(prizes::PrizesArgs),
    /// Title norms (FIDE B.01): for each player and GM/IM/WGM/WIM title, the figures of the
    /// norm report (IT1) and each requirement with its article; text, CSV or JSON.
    Norms(norms::NormsArgs),
    /// Print a document as PDF or HTML: pairings, alpha, slips, standings, crosstable,
    /// ranklist, ratings, prizes.
    Print(print::PrintArgs),
    /// The event's public pages as a static site in a folder (pairings of the published
    /// rounds, standings, crosstable, a page per player and per team), for phones and
    /// any web server.
    Publish(publish::PublishArgs),
    /// The FIDE rating report: the event as TRF-2026 (or TRF-16) with final ranks and the
    /// tie-break list.
    Report(print::ReportArgs),
    /// FIDE's rating list files: index one, search it, update an event's players from it.
    RatingList(rating_list::RatingListArgs),
    /// Generate a random tournament, each round paired by our engine. When a round cannot
    /// be paired, the rounds before it are written and the command fails.
    Generate(Box<generate::GenerateArgs>),
    /// The checker fed random tournaments (C.02.03 7): generate N tournaments per system
    /// over a grid of sizes, rounds, byes and forfeits, and re-pair every round of each;
    /// one line per round that differs, then a table per system.
    Crosstest(crosstest::CrosstestArgs),
    /// The arbiter's decisions the standings follow: expel a player, rank a tie by hand,
    /// enter external tie-break values (OTHER_…), draw the ties left by lot.
    Decide(decide::DecideArgs),
    /// Serve the event on the venue's network: public pages for phones, results entered
    /// from each board's QR code and confirmed by both players, deputies' codes.
    Serve(serve::ServeArgs),
    /// The venue network's codes (deputies, helpers) and board cards.
    Venue(serve::VenueArgs),
    /// Rating data that is neither a rating nor a result: flag an event lasting more than
    /// 30 days, give ratings in force from a round on, or correct a result for the rating
    /// report only (FIDE checklist Q192-193, Q210-216); written to --output.
    RatingData(rating_data::RatingDataArgs),
}

/// Runs the command line with the process arguments; returns the exit status.
pub fn main(args: Vec<String>) -> ExitCode {
    let result = if compat::wants(&args) {
        compat::run(&args)
    } else {
        match Cli::try_parse_from(&args) {
            Ok(cli) => run(cli),
            Err(e) => {
                let _ = e.print();
                return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("swiss-arbiter: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}

/// Runs a parsed command.
pub fn run(cli: Cli) -> Result<(), CliError> {
    input::set_verbose(cli.verbose);
    match cli.command {
        Command::Convert { input, output, to } => {
            let t = input::load(&input)?;
            input::save(&t, &output, to, &[&input])
        }
        Command::Pair {
            system,
            input,
            round,
            output,
            format,
            adjourn_missing,
        } => {
            let mut t = input::load(&input)?;
            if adjourn_missing {
                let before = round.unwrap_or_else(|| t.next_round());
                let missing = t.games_missing_before(before);
                for game in &missing {
                    eprintln!(
                        "warning: {game} has no result: marked adjourned, a draw for the pairing (C.04.2 3.1)"
                    );
                }
                if !missing.is_empty() {
                    t.apply(Edit::AdjournMissing(before))
                        .map_err(|e| CliError::input(e.to_string()))?;
                }
            }
            let system = system.unwrap_or_else(|| t.pairing_system());
            let text = pair_text(&t, system, round, format)?;
            write_output(output.as_deref(), &text, &[&input])
        }
        Command::Check {
            system,
            paths,
            explain,
            tiebreaks,
            rules,
        } => check::run(system, &paths, explain, tiebreaks, rules),
        Command::Explain(args) => explain::run(args),
        Command::Bench(args) => bench::run(&args),
        Command::Standings(args) => standings::run(&args),
        Command::Decide(args) => decide::run(&args),
        Command::Ratings(args) => ratings::run(&args),
        Command::Prizes(args) => prizes::run(&args),
        Command::Norms(args) => norms::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Publish(args) => publish::run(&args),
        Command::Report(args) => print::report(&args),
        Command::RatingList(args) => rating_list::run(&args),
        Command::Generate(args) => generate::run(*args),
        Command::Crosstest(args) => crosstest::run(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Venue(args) => serve::venue(&args),
        Command::RatingData(args) => rating_data::run(&args),
    }
}

/// Pairs a round and renders it.
fn pair_text(
    t: &crate::tournament::Tournament,
    system: SystemId,
    round: Option<u32>,
    format: PairingFormat,
) -> Result<String, CliError> {
    let request = pairing::PairingRequest::new(t, system, round)
        .map_err(|e| CliError::input(e.to_string()))?;
    if system.pairs_teams() {
        let teams = request.pair_teams()?;
        let boards = request.team_boards(&teams);
        return output::render_teams(request.history(), &teams, &boards, format);
    }
    let pairing = request.pair()?;
    output::render(request.history(), &pairing, format)
}

/// Writes a document (pairings, explanations, standings) to a file, or to standard output
/// without one. `inputs` are the files the command read: an output never replaces one of
/// them, nor any event file (see [`crate::formats::output`]).
fn write_output(path: Option<&Path>, text: &str, inputs: &[&Path]) -> Result<(), CliError> {
    match path {
        Some(path) => Ok(
            output_file::write(path, text.as_bytes(), Content::Document, inputs)
                .map_err(crate::formats::FileError::from)?,
        ),
        None => print_out(text),
    }
}

/// Writes `text` to standard output. A reader that stops early (`| head`) is not an error
/// of ours: what it no longer takes is dropped, without a panic. Any other failure (a full
/// disk behind `>`) is: exit status 5.
fn print_out(text: &str) -> Result<(), CliError> {
    output_file::write_stdout(text.as_bytes())
        .map_err(|e| CliError::file(format!("standard output: {e}; the output is incomplete")))
}
