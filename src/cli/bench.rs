//! `swiss-arbiter bench`: time the pairing of one round of a file, or of every round of a
//! generated event (run it on a release build).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;

use crate::generator::{self, GeneratorConfig};
use crate::pairing::PairingChange;
use crate::pairing::{Explainer, PairingError, PairingRequest, RoundPairing};
use crate::tournament::{MAX_ROUNDS, ScoringSystem, SystemId, Tournament};

use super::{CliError, input, print_out};

/// What to time.
#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    #[arg(long)]
    system: SystemId,
    /// The event (.trf, .sarb or .ron); omit it with --players.
    #[arg(required_unless_present = "players", conflicts_with = "players")]
    input: Option<PathBuf>,
    /// The round to pair (default: the first round with no pairing recorded).
    #[arg(long)]
    round: Option<u32>,
    /// How many times to pair it.
    #[arg(long, default_value_t = 3)]
    repeat: u32,
    /// Also time the explanation (from the same solve), and the check of an arbiter's
    /// edit (the override workflow) at the top, middle and bottom of the pairing.
    #[arg(long)]
    explain: bool,
    /// Generate an event of this many players and time every round as it is paired
    /// (results drawn from ratings, as `generate` does).
    #[arg(long)]
    players: Option<u32>,
    /// With --players: the rounds to pair.
    #[arg(long, default_value_t = 11, requires = "players")]
    rounds: u32,
    /// With --players: the generator's seed.
    #[arg(long, default_value_t = 1, requires = "players")]
    seed: u64,
    /// With --players: keep the generated event in this file (.sarb above 9999 players).
    #[arg(long, requires = "players")]
    save: Option<PathBuf>,
}

/// Runs `bench`.
pub(crate) fn run(args: &BenchArgs) -> Result<(), CliError> {
    match (&args.input, args.players) {
        (_, Some(players)) => generated(args, players),
        (Some(path), None) => file(args, path),
        (None, None) => Err(CliError::input(
            "bench needs a file or --players N".to_string(),
        )),
    }
}

/// Pairs one round of a file `repeat` times; prints the fastest and median wall time, the
/// peak memory of the process, and whether the result equals the round recorded in the
/// file (when it has one).
fn file(args: &BenchArgs, path: &Path) -> Result<(), CliError> {
    let t = input::load(path)?;
    let request = PairingRequest::new(&t, args.system, args.round)
        .map_err(|e| CliError::input(e.to_string()))?;
    let round = request.round();
    let mut times: Vec<Duration> = Vec::new();
    let mut last = None;
    for _ in 0..args.repeat.max(1) {
        let start = Instant::now();
        let pairing = request.pair()?;
        times.push(start.elapsed());
        last = Some(pairing);
    }
    times.sort();
    let players = request.history().players.len();
    print_out(&format!(
        "{} {} round {round}: {players} players, {} runs: fastest {:.3} s, median {:.3} s, peak memory {}\n",
        args.system,
        path.display(),
        times.len(),
        times[0].as_secs_f64(),
        times[times.len() / 2].as_secs_f64(),
        usage::peak_memory().map_or_else(|| "unknown".to_string(), usage::megabytes)
    ))?;
    if t.is_paired(round)
        && let Some(pairing) = last
    {
        let recorded = RoundPairing::recorded(&t, round);
        let verdict = if pairing.same_as(&recorded) {
            "identical to the file"
        } else {
            "DIFFERENT from the file"
        };
        print_out(&format!("pairing {verdict}\n"))?;
    }
    if args.explain {
        explain_and_check(&request)?;
    }
    Ok(())
}

/// Times the pairing with its explainer (one solve), the explanation written from it,
/// then the check of one swap of two neighbouring boards' Black players at the top, the
/// middle and the bottom of the pairing (what the window does after each override edit).
fn explain_and_check(request: &PairingRequest) -> Result<(), CliError> {
    let start = Instant::now();
    let explainer = request.explain()?;
    let solved = start.elapsed();
    let start = Instant::now();
    let explanation = explainer.explanation();
    print_out(&format!(
        "pairing with its explainer (one solve): {:.3} s; explanation of {} brackets from it: {:.3} s\n",
        solved.as_secs_f64(),
        explanation.brackets.len(),
        start.elapsed().as_secs_f64()
    ))?;
    check_edits(explainer.as_ref())
}

/// Times the check of three override edits against the engine's pairing.
fn check_edits(explainer: &dyn Explainer) -> Result<(), CliError> {
    let engine = explainer.pairing();
    let boards = engine.pairs.len();
    if boards < 2 {
        return Ok(());
    }
    for (place, board) in [
        ("top", 0),
        ("middle", boards / 2 - 1),
        ("bottom", boards - 2),
    ] {
        let mut manual = engine.clone();
        let swap = PairingChange::Swap(engine.pairs[board].black, engine.pairs[board + 1].black);
        let mut unpaired = Vec::new();
        if swap.apply(&mut manual, &mut unpaired).is_err() {
            continue;
        }
        let start = Instant::now();
        let check = explainer.check(&manual);
        print_out(&format!(
            "check of an edit at the {place} ({}): {:.3} s: {}\n",
            swap.describe(),
            start.elapsed().as_secs_f64(),
            check.verdict()
        ))?;
    }
    Ok(())
}

/// Generates an event round by round, timing each round's pairing: one line per round
/// with the players paired, wall time, CPU time and the round's peak memory.
fn generated(args: &BenchArgs, players: u32) -> Result<(), CliError> {
    if players < 2 || !(1..=MAX_ROUNDS).contains(&args.rounds) {
        return Err(CliError::input(format!(
            "a benchmark event needs at least 2 players and 1 to {MAX_ROUNDS} rounds"
        )));
    }
    let config = GeneratorConfig {
        players,
        rounds: args.rounds,
        planned_rounds: None,
        seed: args.seed,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.02,
        bye_rate: 0.02,
        scoring: ScoringSystem::for_system(ScoringSystem::standard(), Some(args.system)),
        baku: false,
        absences: Default::default(),
    };
    print_out(&format!(
        "{} generated event: {players} players, {} rounds, seed {}\n",
        args.system, args.rounds, args.seed
    ))?;
    let timed = Timed {
        system: args.system,
        printed: Mutex::new(Ok(())),
    };
    let result = generator::generate_with(&config, args.system, |t, round| timed.pair(t, round));
    let printed = timed.printed.into_inner().unwrap_or(Ok(()));
    printed?;
    let t = result.map_err(|stopped| stopped.error)?;
    if let Some(path) = &args.save {
        input::save(&t, path, None, &[])?;
    }
    Ok(())
}

/// The engine of `system` reached through [`PairingRequest`], printing each round's
/// measures as it is paired (a 10 000-player event shows its progress).
struct Timed {
    system: SystemId,
    /// The first failure to print, reported when the run ends.
    printed: Mutex<Result<(), CliError>>,
}

impl Timed {
    /// Pairs `round` of `t` through [`PairingRequest`], printing its measures.
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        let peak_reset = usage::reset_peak_memory();
        let cpu = usage::cpu_time();
        let start = Instant::now();
        let result = PairingRequest::recorded(t, self.system, round).pair();
        let wall = start.elapsed();
        let cpu = match (cpu, usage::cpu_time()) {
            (Some(before), Some(after)) => format!("{:.2} s", (after - before).as_secs_f64()),
            _ => "unknown".to_string(),
        };
        let peak = usage::peak_memory().map_or_else(|| "unknown".to_string(), usage::megabytes);
        let scope = if peak_reset { "round" } else { "process" };
        let line = match &result {
            Ok(pairing) => format!(
                "round {round}: {} boards{}, wall {:.2} s, CPU {cpu}, peak memory ({scope}) {peak}\n",
                pairing.pairs.len(),
                if pairing.bye.is_some() { " + PAB" } else { "" },
                wall.as_secs_f64(),
            ),
            Err(e) => format!("round {round}: {e}\n"),
        };
        if let Ok(mut printed) = self.printed.lock()
            && printed.is_ok()
        {
            *printed = print_out(&line);
        }
        result
    }
}

/// What the process has used, read from Linux's `/proc` (unknown elsewhere).
mod usage {
    use std::time::Duration;

    /// The process's peak resident memory (`VmHWM`), in kB.
    pub(crate) fn peak_memory() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.trim_start_matches("VmHWM:")
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    }

    /// Kilobytes as megabytes, for people.
    pub(crate) fn megabytes(kb: u64) -> String {
        format!("{:.0} MB", kb as f64 / 1024.0)
    }

    /// Starts a new peak: the kernel resets `VmHWM` to the current resident memory when
    /// "5" is written to `clear_refs`. Answers whether it did.
    pub(crate) fn reset_peak_memory() -> bool {
        std::fs::write("/proc/self/clear_refs", "5").is_ok()
    }

    /// The CPU time of the whole process (every thread), user and system, from
    /// `/proc/self/stat` (in the kernel's clock ticks of 1/100 s).
    pub(crate) fn cpu_time() -> Option<Duration> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // The command name may hold spaces; the fields after it are plain.
        let after_name = &stat[stat.rfind(')')? + 1..];
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        // Fields 14 and 15 of the file are the 12th and 13th after the name.
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(Duration::from_millis(ticks * 10))
    }
}
