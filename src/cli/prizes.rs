//! `swiss-arbiter prizes`: the announced prizes given from the final standings, one per
//! player, with money shared among tied players by the organiser's rule.

use std::path::PathBuf;

use crate::formats::prize_awards;
use crate::prizes::{self, prize_file};
use crate::standings::{self, Options, Rules};
use crate::tournament::{PrizeChoice, Sharing};

use super::standings::tiebreak_list;
use super::{CliError, input, write_output};

/// Options of `prizes`.
#[derive(clap::Args, Debug)]
pub(crate) struct PrizesArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// The prize list, one prize per line: category,place,amount[,label] (categories:
    /// Overall, Women, U18, S65, 1600-1799, -1599, 2000-, Unrated). Default: the prizes
    /// saved with the event.
    #[arg(long, value_name = "FILE")]
    pub(crate) prizes: Option<PathBuf>,
    /// How players tied on points share money: tie-breaks (no sharing), equal, hort.
    /// Default: the event's rule, else tie-breaks.
    #[arg(long, value_enum)]
    pub(crate) sharing: Option<SharingArg>,
    /// Which prize a player eligible for several receives: amount (the highest) or
    /// announced (the first listed). Default: the event's rule, else amount.
    #[arg(long, value_enum)]
    pub(crate) choice: Option<ChoiceArg>,
    /// The currency written after amounts (EUR).
    #[arg(long)]
    pub(crate) currency: Option<String>,
    /// Tie-breaks deciding the places (default: the event's list, as `standings`).
    #[arg(long)]
    pub(crate) tiebreaks: Option<String>,
    /// Unplayed-round rules of the tie-breaks (2026, 2023, pre-2023; default: as
    /// `standings`).
    #[arg(long)]
    pub(crate) rules: Option<standings::Edition>,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: PrizesFormat,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
}

/// `--sharing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SharingArg {
    Tiebreaks,
    Equal,
    Hort,
}

/// `--choice`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ChoiceArg {
    Amount,
    Announced,
}

/// Output formats of `prizes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PrizesFormat {
    /// The prize list by category, for the notice board.
    Text,
    /// `Category,Place,StartNo,Name,Rank,Points,Announced,Amount,Label,SharedWith`.
    Csv,
}

/// Runs `prizes`.
pub(crate) fn run(args: &PrizesArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    if t.is_team_event() {
        return Err(CliError::input(
            "prizes: this is a team event; prizes are given to players of an individual event"
                .to_string(),
        ));
    }
    let mut list = t.prizes.clone();
    if let Some(path) = &args.prizes {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        list.prizes = prize_file::read(&text, &path.display().to_string())
            .map_err(|e| CliError::input(e.to_string()))?;
    }
    if list.prizes.is_empty() {
        return Err(CliError::input(
            "prizes: the event has no prize list; give one with --prizes FILE".to_string(),
        ));
    }
    if let Some(sharing) = args.sharing {
        list.sharing = match sharing {
            SharingArg::Tiebreaks => Sharing::TieBreaks,
            SharingArg::Equal => Sharing::Equal,
            SharingArg::Hort => Sharing::Hort,
        };
    }
    if let Some(choice) = args.choice {
        list.choice = match choice {
            ChoiceArg::Amount => PrizeChoice::HighestAmount,
            ChoiceArg::Announced => PrizeChoice::AnnouncedFirst,
        };
    }
    if let Some(currency) = &args.currency {
        list.currency = currency.clone();
    }
    let options = Options {
        tiebreaks: tiebreak_list(&t, args.tiebreaks.as_deref())?,
        round: None,
        rules: Rules {
            edition: super::standings::edition(&t, args.rules, &args.input),
            ..Rules::for_event(&t.event)
        },
    };
    let final_standings =
        standings::compute(&t, &options).map_err(|e| CliError::input(e.to_string()))?;
    let awards = prizes::award(&t, &final_standings, &list);
    let text = match args.format {
        PrizesFormat::Text => prize_awards::text(&t, &list, &awards),
        PrizesFormat::Csv => prize_awards::csv(&t, &awards),
    };
    write_output(args.output.as_deref(), &text, &[&args.input])
}
