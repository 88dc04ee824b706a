//! `swiss-arbiter norms`: the title norms of an event (FIDE B.01) with the figures of the
//! norm report form (IT1), as text for the arbiter, CSV or JSON.

use std::path::PathBuf;

use crate::norms::{self, NormCheck, NormOptions, NormTitle, regulations};
use crate::print::{self, Paper};
use crate::tournament::TitleEventKind;

use super::print::cli_error;
use super::{CliError, input, write_output};

/// Options of `norms`.
#[derive(clap::Args, Debug)]
pub(crate) struct NormsArgs {
    /// The event (.trf, .sarb or .ron), after its last round.
    pub(crate) input: PathBuf,
    /// Only this player (pairing number); the text then shows each of his titles, met,
    /// near or not.
    #[arg(long, value_name = "ID")]
    pub(crate) player: Option<u32>,
    /// Only this title: GM, IM, WGM or WIM.
    #[arg(long)]
    pub(crate) title: Option<NormTitle>,
    /// text: each norm met or within one point of the score required (all with --all),
    /// with the IT1 figures and each requirement with its B.01 article (2024 numbering). csv: one row per
    /// player and title, columns StartNo,Name,Norm,Met,Games,Score,ScoreRequired,Ra,Rp,GM,
    /// IM,WGM,WIM,TitleHolders,AtLevel,Federations,ForeignFederations,OwnFederation,
    /// MostRepresented,Unrated,Dropped,Failed. json: everything.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: NormsFormat,
    /// The kind of event, for the federation requirements (B.01 1.4.3): national-championship
    /// (1.4.3a, the final stage; exempts the players of the event's federation only),
    /// national-team-championship (1.4.3b, the same scope), zonal (1.4.3c, a zonal or
    /// sub-zonal: exempts everyone), or none. Without it, the kind the event records (Event
    /// page). A Swiss with a strong foreign field in every round (1.4.3d) is recognised
    /// without it; continental championships are not exempt.
    #[arg(long, value_name = "KIND", value_parser = parse_kind)]
    pub(crate) exemption: Option<TitleEventKind>,
    /// The least number of games (B.01 1.4.1a: 9; 1.4.1b: 7 for world and continental team
    /// and club championships, 8 for the World Cups).
    #[arg(long, default_value_t = regulations::MIN_GAMES)]
    pub(crate) min_games: u32,
    /// Text: show every player and title, not only norms met or within one point.
    #[arg(long)]
    pub(crate) all: bool,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Also print the norm report of the player and title chosen (--player, --title) to
    /// this file, .pdf or .html, to sign and attach to the application.
    #[arg(long, value_name = "FILE", requires_all = ["player", "title"])]
    pub(crate) print: Option<PathBuf>,
    /// Paper size of --print: a4 or letter.
    #[arg(long, default_value = "a4", requires = "print")]
    pub(crate) paper: Paper,
}

/// A kind of event as `--exemption` names it.
fn parse_kind(text: &str) -> Result<TitleEventKind, String> {
    TitleEventKind::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = TitleEventKind::ALL.iter().map(|k| k.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// Output formats of `norms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum NormsFormat {
    Text,
    Csv,
    Json,
}

/// Runs `norms`.
pub(crate) fn run(args: &NormsArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    if let Some(id) = args.player
        && t.player(id).is_none()
    {
        return Err(CliError::input(format!(
            "--player {id}: no player has that number"
        )));
    }
    let options = NormOptions {
        min_games: args.min_games,
        kind: args.exemption,
    };
    let result = norms::check_event(&t, &options);
    let selected: Vec<&NormCheck> = result
        .checks
        .iter()
        .filter(|c| args.player.is_none_or(|id| c.player == id))
        .filter(|c| args.title.is_none_or(|title| c.norm == title))
        .collect();
    if let Some(path) = &args.print {
        let [check] = selected.as_slice() else {
            return Err(CliError::input(format!(
                "--print: player {} does not seek that title (he holds it or a higher one)",
                args.player.unwrap_or_default()
            )));
        };
        let sheet = print::build_norm_report(&t, &result, check);
        let warnings =
            print::write_document(&sheet, args.paper, path, &[&args.input]).map_err(cli_error)?;
        for warning in &warnings {
            eprintln!("warning: {warning}");
        }
    }
    let text = match args.format {
        NormsFormat::Text => {
            let shown: Vec<&NormCheck> = selected
                .into_iter()
                .filter(|c| args.all || args.player.is_some() || norms::is_close(c))
                .collect();
            norms::text(&t.section_name(), &result, &shown)
        }
        NormsFormat::Csv => norms::csv(&selected),
        NormsFormat::Json => {
            norms::json(&result, &selected).map_err(|e| CliError::failure(e.to_string()))?
        }
    };
    write_output(args.output.as_deref(), &text, &[&args.input])
}
