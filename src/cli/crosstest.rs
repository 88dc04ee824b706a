//! `swiss-arbiter crosstest`: the checker fed tournaments from the random tournament
//! generator, at FIDE's scale (C.02.03 7: 50,000 tournaments, at most 10 discrepancies),
//! in one process. Each tournament of the grid ([`generator::grid`]) is generated, written
//! as TRF and read back as a checker would read it (a Double-Swiss event, whose matches
//! TRF holds as one result per round, is checked as made), and every round is re-paired by
//! [`check_rounds`].

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use crate::conformance::{RoundVerdict, check_rounds};
use crate::formats::trf::{self, Dialect};
use crate::generator::{self, grid};
use crate::tournament::{SystemId, Tournament};

use super::{CliError, print_out};

/// What to cross-test.
#[derive(Args, Debug)]
pub(crate) struct CrosstestArgs {
    /// The systems, separated by commas (each gets a line of the table); swiss-team is
    /// not generated here.
    #[arg(long, value_delimiter = ',', required = true)]
    system: Vec<SystemId>,
    /// Tournaments per system.
    #[arg(long, default_value_t = 200)]
    n: u64,
    /// The grid's seed: with the system and the index, it fixes each tournament.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The index of the first tournament (to extend or repeat a run).
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Write every tournament generated to this folder, as SYSTEM-INDEX.trf (what
    /// another checker reads).
    #[arg(long)]
    write: Option<PathBuf>,
}

/// What one tournament gave.
#[derive(Default)]
struct Tally {
    tournaments: u64,
    rounds: u64,
    identical: u64,
    different: u64,
    errors: u64,
    /// Generations that stopped at a round that could not be paired (their rounds before
    /// are checked).
    stopped: u64,
    /// One line per round that differs or fails, with how to reproduce it.
    lines: Vec<(u64, String)>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.tournaments += other.tournaments;
        self.rounds += other.rounds;
        self.identical += other.identical;
        self.different += other.different;
        self.errors += other.errors;
        self.stopped += other.stopped;
        self.lines.extend(other.lines);
    }
}

/// Runs `crosstest`: the table's header, then per system one line per round that differs
/// and the system's line of the table; exit 1 when a round differs or cannot be
/// re-paired.
pub(crate) fn run(args: &CrosstestArgs) -> Result<(), CliError> {
    if let Some(system) = args.system.iter().find(|s| s.pairs_teams()) {
        return Err(CliError::arguments(format!(
            "--system {system}: the cross-test generates individual events"
        )));
    }
    if let Some(dir) = &args.write {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::file(format!("{}: {e}", dir.display())))?;
    }
    let jobs = args.jobs.max(1);
    let header = format!(
        "{:<13} {:>11} {:>8} {:>9} {:>9} {:>6} {:>7} {:>9} {:>13}",
        "system",
        "tournaments",
        "rounds",
        "identical",
        "different",
        "errors",
        "stopped",
        "seconds",
        "ms/tournament"
    );
    let mut failed = 0;
    print_out(&format!("{header}\n"))?;
    for &system in &args.system {
        let start = Instant::now();
        let next = AtomicU64::new(args.first);
        let end = args.first + args.n;
        let total = Mutex::new(Tally::default());
        let written = Mutex::new(Ok(()));
        let running: Mutex<Vec<(u64, Instant)>> = Mutex::new(Vec::new());
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| watch(system, args.seed, &running, &finished));
            let workers: Vec<_> = (0..jobs)
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Tally::default();
                        loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            if index >= end {
                                break;
                            }
                            lock(&running).push((index, Instant::now()));
                            let result = one(system, args, index);
                            lock(&running).retain(|r| r.0 != index);
                            match result {
                                Ok(tally) => mine.add(tally),
                                Err(e) => {
                                    *lock(&written) = Err(e);
                                    break;
                                }
                            }
                        }
                        lock(&total).add(mine);
                    })
                })
                .collect();
            for worker in workers {
                if worker.join().is_err() {
                    *lock(&written) = Err(CliError::failure(format!(
                        "{system}: a tournament made the run panic (see above)"
                    )));
                }
            }
            finished.store(true, Ordering::Relaxed);
        });
        std::mem::replace(&mut *lock(&written), Ok(()))?;
        let mut total = std::mem::take(&mut *lock(&total));
        let seconds = start.elapsed().as_secs_f64();
        total.lines.sort();
        for (_, line) in &total.lines {
            print_out(&format!("{line}\n"))?;
        }
        failed += total.different + total.errors;
        print_out(&format!(
            "{:<13} {:>11} {:>8} {:>9} {:>9} {:>6} {:>7} {:>9.1} {:>13.2}\n",
            system.to_string(),
            total.tournaments,
            total.rounds,
            total.identical,
            total.different,
            total.errors,
            total.stopped,
            seconds,
            seconds * 1000.0 / total.tournaments.max(1) as f64
        ))?;
    }
    if failed == 0 {
        Ok(())
    } else {
        Err(CliError::failure(format!(
            "{failed} rounds differ or could not be re-paired"
        )))
    }
}

/// A lock, even if a thread panicked while holding it (what it guards stays usable).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// How long a tournament may take before it is named on standard error.
const SLOW: Duration = Duration::from_secs(30);

/// Names, once each, the tournaments still running after [`SLOW`], until `finished`: a
/// run that hangs says where.
fn watch(system: SystemId, seed: u64, running: &Mutex<Vec<(u64, Instant)>>, finished: &AtomicBool) {
    let mut named = Vec::new();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(200));
        for &(index, start) in lock(running).iter() {
            if start.elapsed() > SLOW && !named.contains(&index) {
                named.push(index);
                let config = grid::config(system, seed, index);
                eprintln!(
                    "{system} tournament {index} ({} players, {} rounds): still running after {} s",
                    config.players,
                    config.rounds,
                    SLOW.as_secs()
                );
            }
        }
    }
}

/// Generates and checks tournament `index` of the grid.
fn one(system: SystemId, args: &CrosstestArgs, index: u64) -> Result<Tally, CliError> {
    let config = grid::config(system, args.seed, index);
    let (t, stopped) = match generator::generate(&config, system) {
        Ok(t) => (t, false),
        Err(stopped) => (*stopped.partial, true),
    };
    let reproduce = format!(
        "{system} tournament {index} ({} players, {} rounds; crosstest --system {system} --seed {} --first {index} --n 1 --write DIR)",
        config.players, config.rounds, args.seed
    );
    let mut tally = Tally {
        tournaments: 1,
        stopped: u64::from(stopped),
        ..Tally::default()
    };
    let read_back;
    let checked: &Tournament = match trf::write(&t, Dialect::Trf26) {
        Ok(text) => {
            if let Some(dir) = &args.write {
                let path = dir.join(format!("{system}-{index}.trf"));
                std::fs::write(&path, &text)
                    .map_err(|e| CliError::file(format!("{}: {e}", path.display())))?;
            }
            if t.plays_matches() {
                &t
            } else {
                match trf::read(text.as_bytes(), "generated.trf") {
                    Ok(back) => {
                        read_back = back;
                        &read_back
                    }
                    Err(e) => {
                        tally.errors += 1;
                        tally
                            .lines
                            .push((index, format!("{reproduce}: TRF not read back: {e}")));
                        return Ok(tally);
                    }
                }
            }
        }
        Err(e) => {
            tally.errors += 1;
            tally
                .lines
                .push((index, format!("{reproduce}: TRF not written: {e}")));
            return Ok(tally);
        }
    };
    for check in check_rounds(checked, system) {
        tally.rounds += 1;
        match check.verdict {
            RoundVerdict::Identical => tally.identical += 1,
            RoundVerdict::Different { engine, recorded } => {
                tally.different += 1;
                tally.lines.push((
                    index,
                    format!(
                        "{reproduce}: round {}: checker {} | generated {}",
                        check.round,
                        engine.summary(),
                        recorded.summary()
                    ),
                ));
            }
            RoundVerdict::Error(e) => {
                tally.errors += 1;
                tally.lines.push((
                    index,
                    format!("{reproduce}: round {}: error: {e}", check.round),
                ));
            }
        }
    }
    Ok(tally)
}
