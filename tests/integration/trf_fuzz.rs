//! No input makes the TRF reader panic: corpus lines mangled at random (characters
//! replaced, deleted, duplicated; lines cut, swapped, repeated) only ever give a located
//! error, or an event that is consistent and that the engines, the standings and every
//! printed sheet take within a time and memory bound (`common::fuzz::use_accepted`).

use crate::common;

use std::sync::OnceLock;

use common::mangle::{apply_all, mangle};
use proptest::prelude::*;
use swiss_arbiter::formats::trf;

/// The fixtures, read once.
fn seed_files() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        common::trf_files(&common::fixtures_dir())
            .iter()
            .filter_map(|p| std::fs::read(p).ok())
            .collect()
    })
}

proptest! {
    // A fixed seed keeps CI reproducible; see `common::fuzz` for long runs.
    #![proptest_config(common::fuzz::config(3000, 0x7EF_2026))]

    #[test]
    fn mangled_files_never_panic(file in 0usize..1000, mangles in proptest::collection::vec(mangle(), 1..6)) {
        let seeds = seed_files();
        prop_assume!(!seeds.is_empty());
        let bytes = apply_all(seeds[file % seeds.len()].clone(), &mangles);
        match trf::read(&bytes, "mangled.trf") {
            Ok(t) => {
                // Whatever was accepted is consistent, can be used and written, and what
                // is written reads back to the same model.
                if let Ok(text) = trf::write(&t, trf::Dialect::Trf26) {
                    match trf::read(text.as_bytes(), "again.trf") {
                        Ok(again) => prop_assert_eq!(&again, &t),
                        Err(e) => prop_assert!(false, "our own output does not read back: {}\n{}", e, text),
                    }
                }
                if let Err(e) = common::fuzz::use_accepted(t) {
                    prop_assert!(false, "{}", e);
                }
            }
            Err(e) => prop_assert!(e.line >= 1 && e.column >= 1, "unlocated error: {}", e),
        }
    }
}
