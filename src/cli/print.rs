//! `swiss-arbiter print`: a printed document (pairings, alphabetical list, result slips,
//! standings, crosstable, rank list, rating changes, prizes) as PDF or HTML; and `report`: the FIDE rating report.

use std::path::PathBuf;

use crate::formats::trf::Dialect;
use crate::print::{self, Paper, PrintError, Sheet};

use super::{CliError, input, print_out};

/// Options of `print`.
#[derive(clap::Args, Debug)]
pub(crate) struct PrintArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// The document: pairings, alpha, slips, standings, crosstable, ranklist, ratings
    /// (rating changes) or prizes.
    #[arg(long)]
    pub(crate) doc: Sheet,
    /// The round (default: the last paired round; for standings and crosstable, the last
    /// round with every result entered).
    #[arg(long)]
    pub(crate) round: Option<u32>,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4")]
    pub(crate) paper: Paper,
    /// The file to write: .pdf or .html.
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// With `--doc slips` of a native event: the venue network's address (as `serve`
    /// printed it); each slip then carries its board's QR code.
    #[arg(long, value_name = "URL")]
    pub(crate) venue_url: Option<String>,
    /// Unplayed-round rules of the players' tie-breaks (standings, crosstable, prizes):
    /// 2026, 2023 or pre-2023. Default: as `standings`.
    #[arg(long)]
    pub(crate) rules: Option<crate::standings::Edition>,
}

/// Options of `report`.
#[derive(clap::Args, Debug)]
pub(crate) struct ReportArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// Write TRF-16 (for older rating tools) instead of TRF-2026.
    #[arg(long)]
    pub(crate) trf16: bool,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
}

pub(super) fn cli_error(e: PrintError) -> CliError {
    match e {
        PrintError::Write(_) | PrintError::Unwritable(_) => CliError::file(e.to_string()),
        PrintError::Font(_) | PrintError::Pdf(_) => CliError::failure(e.to_string()),
        _ => CliError::input(e.to_string()),
    }
}

/// Runs `print`.
pub(crate) fn run(args: &PrintArgs) -> Result<(), CliError> {
    if print::Format::from_path(&args.output).is_none() {
        return Err(cli_error(PrintError::UnknownFormat {
            path: args.output.display().to_string(),
        }));
    }
    if args.round == Some(0) {
        return Err(CliError::input("rounds are numbered from 1"));
    }
    let t = input::load(&args.input)?;
    let ranks = matches!(
        args.doc,
        print::Sheet::Standings | print::Sheet::Crosstable | print::Sheet::Prizes
    ) && !t.is_team_event();
    let rules = if ranks {
        Some(super::standings::edition(&t, args.rules, &args.input))
    } else {
        args.rules
    };
    let mut doc = print::build_under(&t, args.doc, args.round, rules).map_err(cli_error)?;
    if let Some(url) = &args.venue_url {
        if args.doc != print::Sheet::Slips {
            return Err(CliError::arguments("--venue-url goes with --doc slips"));
        }
        if !url.starts_with("http://") && !url.starts_with("https://") {
            return Err(CliError::arguments(format!(
                "--venue-url {url:?}: the address starts with http://"
            )));
        }
        let secret = super::serve::venue_secret(&args.input)?;
        let round = args.round.unwrap_or_else(|| t.last_paired_round());
        doc = doc.with_board_codes(|board| crate::venue::board_url(url, &secret, 0, round, board));
    }
    let warnings =
        print::write_document(&doc, args.paper, &args.output, &[&args.input]).map_err(cli_error)?;
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    Ok(())
}

/// Runs `report`.
pub(crate) fn report(args: &ReportArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    let dialect = if args.trf16 {
        Dialect::Trf16
    } else {
        Dialect::Trf26
    };
    let report = print::rating_report(&t, dialect).map_err(cli_error)?;
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    match &args.output {
        Some(path) => input::write_event_text(path, &report.text, &[&args.input]),
        None => print_out(&report.text),
    }
}
