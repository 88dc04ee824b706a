//! The configuration of the fuzz tests. `cargo test` runs a short, reproducible pass
//! (fixed seed); long runs raise the count and explore new seeds:
//!
//! ```text
//! FUZZ_CASES=200000 FUZZ_SEED=random cargo test --release --no-default-features --test trf_fuzz
//! ```
//!
//! (`.ci/fuzz-long` does this for every fuzz test for a given time). Failures found are
//! shrunk and kept in the test's `.proptest-regressions` file, which is re-run first.

use proptest::test_runner::{Config, RngSeed};

/// `default_cases` cases from a fixed seed, unless `FUZZ_CASES` / `FUZZ_SEED`
/// (a number, or `random`) say otherwise.
pub fn config(default_cases: u32, default_seed: u64) -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let rng_seed = match std::env::var("FUZZ_SEED").ok().as_deref() {
        Some("random") => RngSeed::Random,
        Some(n) => n
            .parse()
            .map_or(RngSeed::Fixed(default_seed), RngSeed::Fixed),
        None => RngSeed::Fixed(default_seed),
    };
    Config {
        cases,
        rng_seed,
        // Long runs must not stop at the default cap on rejected inputs.
        max_global_rejects: cases.saturating_mul(4),
        ..Config::default()
    }
}

use std::sync::mpsc;
use std::time::Duration;

use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::pairing;
use swiss_arbiter::print::{self, Format, Paper, Sheet};
use swiss_arbiter::standings;
use swiss_arbiter::tournament::Tournament;

/// The time one case may take (`FUZZ_CASE_SECONDS`, default 60: a hang, not a slow case,
/// is what this catches on a loaded machine).
fn case_limit() -> Duration {
    let seconds = std::env::var("FUZZ_CASE_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    Duration::from_secs(seconds)
}

/// The peak memory the process may reach (`FUZZ_MAX_MB`, default 2048), read from
/// `/proc/self/status` where there is one.
fn memory_limit_kb() -> u64 {
    let mb: u64 = std::env::var("FUZZ_MAX_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2048);
    mb * 1024
}

fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `work` with a time bound and checks the process's peak memory after it: a case
/// that hangs or balloons fails the test with `what` it was doing.
pub fn bounded<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(work());
    });
    let value = match result.recv_timeout(case_limit()) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: still running after {:?}", case_limit())
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: panicked"),
    };
    if let Some(peak) = peak_memory_kb() {
        assert!(
            peak <= memory_limit_kb(),
            "{what}: peak memory {peak} kB over the {} kB bound",
            memory_limit_kb()
        );
    }
    value
}

/// What every accepted event must bear: it is consistent; the engine of its system pairs
/// its next round (or says why not), standings and every printed sheet are made (or
/// refused with a reason), all within the bounds of [`bounded`]; and it writes as native
/// and as TRF (or TRF refuses it) and reads back.
pub fn use_accepted(t: Tournament) -> Result<(), String> {
    t.check()
        .map_err(|e| format!("an accepted event is inconsistent: {e}"))?;
    bounded("using an accepted event", move || {
        let system = t.pairing_system();
        if let Ok(request) = pairing::PairingRequest::new(&t, system, None)
            && t.players.len() <= 64
        {
            let _ = request.pair();
        }
        let options = standings::Options {
            tiebreaks: standings::default_tiebreaks(),
            round: None,
            rules: standings::Rules::for_event(&t.event),
        };
        let _ = standings::compute(&t, &options);
        for sheet in Sheet::ALL {
            if let Ok(doc) = print::build(&t, sheet, None) {
                let _ = print::render(&doc, Format::Html, Paper::A4);
            }
        }
        let text = native::to_string(&t).map_err(|e| e.to_string())?;
        match native::from_str(&text, "again.sarb") {
            Ok(again) if again == t => {}
            Ok(_) => return Err("the native file reads back to another event".into()),
            Err(e) => return Err(format!("the native file does not read back: {e}")),
        }
        if let Ok(text) = trf::write(&t, trf::Dialect::Trf26) {
            trf::read(text.as_bytes(), "again.trf")
                .map_err(|e| format!("our TRF does not read back: {e}\n{text}"))?;
        }
        Ok(())
    })
}
