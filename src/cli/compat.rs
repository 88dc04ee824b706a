//! The JaVaFo / bbpPairings command-line form, so that programs written for those engines
//! can call ours: `swiss-arbiter --dutch IN -p [OUT]` pairs the next round and
//! `swiss-arbiter --dutch IN -c` checks every round. Exit codes follow bbpPairings:
//! 0 ok, 1 no valid pairing or differences, 3 invalid input, 5 file access.

use std::path::PathBuf;

use crate::tournament::SystemId;

use super::{CliError, PairingFormat, check, input, pair_text, write_output};

/// Whether the arguments use the compatible form.
pub(crate) fn wants(args: &[String]) -> bool {
    args.get(1)
        .is_some_and(|a| a == "--dutch" || a == "--burstein")
}

/// Runs `--dutch IN (-p [OUT] | -c)`.
pub(crate) fn run(args: &[String]) -> Result<(), CliError> {
    let usage = || {
        CliError::input(
            "usage: swiss-arbiter --dutch INPUT.trf -p [OUTPUT]   (pair the next round)\n       swiss-arbiter --dutch INPUT.trf -c            (check every round)",
        )
    };
    let system = match args.get(1).map(String::as_str) {
        Some("--dutch") => SystemId::Dutch2026,
        Some("--burstein") => SystemId::Burstein,
        _ => return Err(usage()),
    };
    let input_path = PathBuf::from(args.get(2).ok_or_else(usage)?);
    match args.get(3).map(String::as_str) {
        Some("-p") if args.len() <= 5 => {
            let t = input::load(&input_path)?;
            let text = pair_text(&t, system, None, PairingFormat::Javafo)?;
            let output = args.get(4).map(PathBuf::from);
            write_output(output.as_deref(), &text, &[&input_path])
        }
        Some("-c") if args.len() == 4 => {
            check::run(Some(system), &[input_path], false, false, None)
        }
        _ => Err(usage()),
    }
}
