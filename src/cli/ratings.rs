//! `swiss-arbiter ratings`: each player's rating change from the event (FIDE B.02 8.3),
//! or an unrated player's first-rating figure (8.2), as text or CSV. The text ends with
//! the rules applied: the list, the time control, the dated rules and what was assumed
//! ([`rating::EventRules::describe`]).

use std::path::PathBuf;

use crate::formats::rating_changes;
use crate::rating;
use crate::tournament::RatingList;

use super::{CliError, input, write_output};

/// Options of `ratings`.
#[derive(clap::Args, Debug)]
pub(crate) struct RatingsArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// The list the event is rated on: standard, rapid or blitz. Default: the event's
    /// (a TRF's 222 time control of under 60 minutes for 60 moves is rapid, of more than 3
    /// and at most 10 minutes blitz; 3 minutes or less is not rated), else standard.
    #[arg(long, value_parser = parse_list)]
    pub(crate) list: Option<RatingList>,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: RatingsFormat,
    /// Also list this player's (pairing number) rated games one by one (text only).
    #[arg(long, value_name = "ID")]
    pub(crate) player: Option<u32>,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
}

/// Output formats of `ratings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum RatingsFormat {
    /// A table for people, with notes on K and on games not rated.
    Text,
    /// `StartNo,FideId,Rating,K,Games,Score,Expected,Change`, one row per player.
    Csv,
}

fn parse_list(name: &str) -> Result<RatingList, String> {
    RatingList::from_name(name).ok_or_else(|| format!("{name}: standard, rapid or blitz"))
}

/// Runs `ratings`.
pub(crate) fn run(args: &RatingsArgs) -> Result<(), CliError> {
    let mut t = input::load(&args.input)?;
    if let Some(list) = args.list {
        t.event.rating_list = list;
    }
    let ratings = rating::event_ratings(&t);
    if let Some(note) = super::rating_data::proposal(&t) {
        eprintln!("note: {note}");
    }
    let text = match args.format {
        RatingsFormat::Csv => rating_changes::csv(&ratings),
        RatingsFormat::Text => {
            let detail = match args.player {
                Some(id) => Some(ratings.iter().find(|r| r.id == id).ok_or_else(|| {
                    CliError::input(format!("--player {id}: no player has that number"))
                })?),
                None => None,
            };
            let mut text = rating_changes::text(&t, &ratings, detail);
            text.push_str(&super::rating_data::notes(&t));
            text.push_str("\nRules applied\n");
            for line in rating::EventRules::of(&t).describe() {
                text.push_str(&format!("- {line}\n"));
            }
            text
        }
    };
    write_output(args.output.as_deref(), &text, &[&args.input])
}
