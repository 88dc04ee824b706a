//! No input makes the native (RON) reader panic: event files saved by us, then damaged at
//! random, only ever give an error that names the file, or an event that is consistent,
//! saves and reads back to the same event, and that the engines, the standings and every
//! printed sheet take within a time and memory bound (`common::fuzz::use_accepted`).

use crate::common;

use std::sync::OnceLock;

use common::mangle::{apply_all, mangle};
use proptest::prelude::*;
use swiss_arbiter::formats::{native, trf};

/// The TRF fixtures in the native format, made once.
fn seed_files() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        common::trf_files(&common::fixtures_dir())
            .iter()
            .filter_map(|p| trf::read_file(p).ok())
            .map(|t| native::to_string(&t).expect("serialises").into_bytes())
            .collect()
    })
}

proptest! {
    // A fixed seed keeps CI reproducible; see `common::fuzz` for long runs.
    #![proptest_config(common::fuzz::config(500, 0x5A4B_2026))]

    #[test]
    fn mangled_native_files_never_panic(file in 0usize..1000, mangles in proptest::collection::vec(mangle(), 1..6)) {
        let seeds = seed_files();
        prop_assert!(!seeds.is_empty(), "no fixtures");
        let bytes = apply_all(seeds[file % seeds.len()].clone(), &mangles);
        let text = String::from_utf8_lossy(&bytes);
        match native::from_str(&text, "mangled.ron") {
            Ok(t) => {
                if let Err(e) = common::fuzz::use_accepted(t) {
                    prop_assert!(false, "{}", e);
                }
            }
            Err(e) => prop_assert!(e.to_string().starts_with("mangled.ron: "), "unnamed error: {}", e),
        }
    }
}
