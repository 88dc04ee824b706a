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
