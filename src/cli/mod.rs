//! The command line. Its commands and output formats are a contract: other programs and
//! our own checks call them.

mod bench;
mod check;
mod compat;
mod explain;
mod input;
mod norms;
mod output;
mod print;
mod prizes;
mod rating_list;
mod ratings;
mod standings;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::formats::output::{self as output_file, Content};
use crate::formats::{EventFormat, trf};
use crate::generator::teams::{MAX_BOARDS as MAX_TEAM_BOARDS, TeamEvent};
use crate::generator::{self, GeneratorConfig};
use crate::pairing;
use crate::tournament::{MAX_ROUNDS, Points, ScoringSystem, SystemId, TeamScoring, Tournament};

pub use input::FileFormat;
pub use output::PairingFormat;

/// A failure to report: the message goes to stderr, the code is the exit status.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    /// Something went wrong (a difference, no valid pairing, an unimplemented system).
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// The input was invalid.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 3,
        }
    }

    /// A file could not be written.
    pub fn file(message: impl Into<String>) -> CliError {
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
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
        /// rating-1998, lim, burstein, dubov, double-swiss; fide-team for a team event.
        #[arg(long)]
        system: SystemId,
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
        #[arg(long)]
        system: SystemId,
        /// Files or folders (every .trf in a folder).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// For each differing round, explain both pairings and compare them.
        #[arg(long)]
        explain: bool,
        /// Also check the final ranks of each file that gives a tie-break list (TRF-2026
        /// 212 or 202) and a rank for every player, against the standings under C.07.
        #[arg(long)]
        tiebreaks: bool,
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
    /// The FIDE rating report: the event as TRF-2026 (or TRF-16) with final ranks and the
    /// tie-break list.
    Report(print::ReportArgs),
    /// FIDE's rating list files: index one, search it, update an event's players from it.
    RatingList(rating_list::RatingListArgs),
    /// Generate a random tournament, each round paired by our engine. When a round cannot
    /// be paired, the rounds before it are written and the command fails.
    Generate {
        #[arg(long)]
        system: SystemId,
        /// The players (individual systems).
        #[arg(long, required_unless_present = "teams")]
        players: Option<u32>,
        /// The teams (the Swiss Team system, fide-team): rosters of --boards players plus
        /// up to --reserves reserves; --bye-rate is then the chance that a player is
        /// unavailable for a round (a reserve takes his board).
        #[arg(long, conflicts_with = "players")]
        teams: Option<u32>,
        /// Games per match of a team event.
        #[arg(long, default_value_t = 4, requires = "teams")]
        boards: u32,
        /// Most reserves per team (each roster has 0 to this many).
        #[arg(long, default_value_t = 0, requires = "teams")]
        reserves: u32,
        /// The Swiss Team system's variant, as TRF-2026 record 192 names it:
        /// FIDE_TEAM_TYPEA_MP_GP (the default), FIDE_TEAM_TYPEB_GP, FIDE_TEAM_MP, …
        #[arg(long, requires = "teams")]
        team_system: Option<String>,
        /// The rounds to pair and play.
        #[arg(long)]
        rounds: u32,
        /// The rounds the event plans (TRF XXR; default: --rounds): more leave the event in
        /// progress, with its next round to pair.
        #[arg(long)]
        planned_rounds: Option<u32>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Share of drawn games between equally rated players (0-1).
        #[arg(long, default_value_t = 0.3)]
        draw_rate: f64,
        /// Probability that a player misses a paired game (0-1).
        #[arg(long, default_value_t = 0.02)]
        forfeit_rate: f64,
        /// Probability of a requested half-point bye per player and round (0-1); a tenth
        /// of it is the probability of withdrawing.
        #[arg(long, default_value_t = 0.02)]
        bye_rate: f64,
        /// Points of a win, a draw and a loss, such as 1-0.5-0, 3-1-0 or 2-1-0.
        #[arg(long, default_value = "1-0.5-0")]
        scoring: String,
        /// Baku acceleration (C.04.7).
        #[arg(long)]
        baku: bool,
        /// The event's tie-break list, C.07 / MTB26 codes (written as TRF-2026 202), e.g.
        /// BH/C1,BH,SB,DE; each code is checked.
        #[arg(long)]
        tiebreaks: Option<String>,
        #[arg(short, long)]
        output: PathBuf,
    },
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
                for game in t.adjourn_missing_before(before) {
                    eprintln!(
                        "warning: {game} has no result: marked adjourned, a draw for the pairing (C.04.2 3.1)"
                    );
                }
            }
            let text = pair_text(&t, system, round, format)?;
            write_output(output.as_deref(), &text, &[&input])
        }
        Command::Check {
            system,
            paths,
            explain,
            tiebreaks,
        } => check::run(system, &paths, explain, tiebreaks),
        Command::Explain(args) => explain::run(args),
        Command::Bench(args) => bench::run(&args),
        Command::Standings(args) => standings::run(&args),
        Command::Ratings(args) => ratings::run(&args),
        Command::Prizes(args) => prizes::run(&args),
        Command::Norms(args) => norms::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Report(args) => print::report(&args),
        Command::RatingList(args) => rating_list::run(&args),
        Command::Generate {
            system,
            players,
            teams,
            boards,
            reserves,
            team_system,
            rounds,
            planned_rounds,
            seed,
            draw_rate,
            forfeit_rate,
            bye_rate,
            scoring,
            baku,
            tiebreaks,
            output,
        } => {
            let games = win_draw_loss(&scoring)?;
            let tiebreaks: Vec<String> = match &tiebreaks {
                Some(list) => crate::standings::parse_list(list)
                    .map_err(|e| CliError::input(format!("--tiebreaks: {e}")))?
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                None => Vec::new(),
            };
            let scoring = ScoringSystem::for_system(games, Some(system));
            for (name, rate) in [
                ("draw-rate", draw_rate),
                ("forfeit-rate", forfeit_rate),
                ("bye-rate", bye_rate),
            ] {
                if !(0.0..=1.0).contains(&rate) {
                    return Err(CliError::input(format!(
                        "--{name} must be between 0 and 1, got {rate}"
                    )));
                }
            }
            let team_event = match (teams, system.pairs_teams()) {
                (Some(_), false) => {
                    return Err(CliError::input(format!(
                        "--teams: {system} pairs players; generate a team event with --system fide-team"
                    )));
                }
                (None, true) => {
                    return Err(CliError::input(format!(
                        "--system {system} pairs teams: say how many with --teams N"
                    )));
                }
                (None, false) => None,
                (Some(teams), true) => {
                    let mut scoring = TeamScoring::default();
                    if let Some(code) = &team_system
                        && !scoring.apply_trf_system_code(code)
                    {
                        return Err(CliError::input(format!(
                            "--team-system {code}: not a variant of the Swiss Team system (FIDE_TEAM[_TYPEA|_TYPEB]_MP|_GP[_GP|_MP])"
                        )));
                    }
                    if teams < 2 || !(1..=MAX_TEAM_BOARDS).contains(&boards) {
                        return Err(CliError::input(format!(
                            "a team event needs at least 2 teams and 1 to {MAX_TEAM_BOARDS} boards"
                        )));
                    }
                    Some(TeamEvent {
                        teams,
                        boards,
                        reserves: reserves.min(MAX_TEAM_BOARDS),
                        scoring,
                    })
                }
            };
            let players = match &team_event {
                Some(e) => e.teams * (e.boards + e.reserves),
                None => players.unwrap_or(0),
            };
            if players < 2 || !(1..=MAX_ROUNDS).contains(&rounds) {
                return Err(CliError::input(format!(
                    "a tournament needs at least 2 players and 1 to {MAX_ROUNDS} rounds"
                )));
            }
            if let Some(planned) = planned_rounds.filter(|p| !(rounds..=MAX_ROUNDS).contains(p)) {
                return Err(CliError::input(format!(
                    "--planned-rounds {planned}: from --rounds ({rounds}) to {MAX_ROUNDS}"
                )));
            }
            // Refused before the work, not after: what the output cannot hold, and an
            // output that may not be written.
            let format = EventFormat::for_path(&output);
            if matches!(format, EventFormat::Trf(_)) && players > trf::MAX_NUMBER {
                return Err(CliError::file(format!(
                    "{}: TRF holds pairing numbers up to {}; write {players} players to a .sarb file",
                    output.display(),
                    trf::MAX_NUMBER
                )));
            }
            let content = match format {
                EventFormat::Native => Content::NativeEvent,
                EventFormat::Trf(_) => Content::Event,
            };
            output_file::Target::resolve(&output, content, &[])
                .map_err(crate::formats::FileError::from)?;
            let engine = pairing::engine(system);
            let config = GeneratorConfig {
                players,
                rounds,
                planned_rounds,
                seed,
                draw_rate,
                forfeit_rate,
                bye_rate,
                scoring,
                baku,
            };
            let generated = match &team_event {
                Some(event) => generator::teams::generate(&config, event),
                None => generator::generate(&config, engine.as_ref()),
            };
            let with_list = |t: &mut Tournament| {
                if !tiebreaks.is_empty() {
                    t.event.tiebreaks = tiebreaks.clone();
                }
            };
            let generated = generated
                .map(|mut t| {
                    with_list(&mut t);
                    t
                })
                .map_err(|mut stopped| {
                    with_list(&mut stopped.partial);
                    stopped
                });
            match generated {
                Ok(t) => input::save(&t, &output, None, &[]),
                // The rounds made are kept, so that the round that could not be paired
                // can be examined (by another program too); the exit status says the
                // tournament is not the one asked for.
                Err(stopped) => {
                    input::save(&stopped.partial, &output, None, &[])?;
                    Err(CliError::failure(format!(
                        "{}; the rounds before it, and the absences recorded for it, are written to {}",
                        stopped.error,
                        output.display()
                    )))
                }
            }
        }
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
        let boards = pairing::fide_team::lineup::expand(request.history(), &teams);
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

/// `--scoring W-D-L` of `generate`: the points of a win, a draw and a loss (`1-0.5-0`,
/// `3-1-0`, `2-1-0`, `½` allowed); a win must be worth more than a draw, a draw more than
/// a loss. Byes and forfeits score as the results they stand for.
fn win_draw_loss(text: &str) -> Result<ScoringSystem, CliError> {
    let bad = |why: &str| CliError::input(format!("--scoring {text:?}: {why}"));
    let values: Vec<&str> = text.split('-').collect();
    let [win, draw, loss] = values[..] else {
        return Err(bad("expected win-draw-loss, such as 1-0.5-0 or 3-1-0"));
    };
    let points = |v: &str| {
        v.replace('½', ".5")
            .parse::<Points>()
            .map_err(|e| bad(&e.to_string()))
    };
    let (win, draw, loss) = (points(win)?, points(draw)?, points(loss)?);
    if !(win > draw && draw > loss) {
        return Err(bad(
            "a win must score more than a draw, and a draw more than a loss",
        ));
    }
    Ok(ScoringSystem::from_win_draw_loss(win, draw, loss))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_takes_any_win_draw_loss_that_orders_the_results() {
        let p = |t: &str| t.parse::<Points>().expect("points");
        let two_one = win_draw_loss("2-1-0").expect("2-1-0");
        assert_eq!(
            (two_one.win, two_one.draw, two_one.pab),
            (p("2"), p("1"), p("2"))
        );
        assert_eq!(
            win_draw_loss("1-½-0").expect("1-½-0"),
            ScoringSystem::standard()
        );
        for bad in ["3-1", "1-1-0", "1-0.5-0.5", "x-1-0", "1-0.5-0-0"] {
            assert!(win_draw_loss(bad).is_err(), "{bad} accepted");
        }
    }
}
