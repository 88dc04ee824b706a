//! `swiss-arbiter rating-data`: the rating data that is neither a player's rating nor a
//! result, each change an edit through the model's door, the event written to a file:
//! the flag of an event over 30 days (checklist Q210, Q214–216), ratings in force from a
//! round on (Q212–213) and the corrections for the rating report only (Q192–193).

use std::path::{Path, PathBuf};

use crate::document::Edit;
use crate::formats::rating_list::record::list_index;
use crate::tournament::{
    LongEvent, RatingCorrection, RoundList, TiebreakRatings, Tournament, WarningLevel, gravest,
    result_from_text,
};

use super::rating_list::{dated_fide_list, file_name};
use super::{CliError, input};

/// Options of `rating-data`.
#[derive(clap::Args, Debug)]
pub(crate) struct RatingDataArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// The event with the changes (.sarb, .trf, .ron).
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// Flag the event as lasting more than 30 days, its rating tie-breaks taking the
    /// first rating (C.07 10's default) or each round's; `off` takes the flag away.
    #[arg(long, value_name = "first|per-round|off")]
    pub(crate) over_30_days: Option<String>,
    /// With --rating or --list: the round from which the ratings apply (2 or later).
    #[arg(long, value_name = "ROUND", requires = "ratings_source")]
    pub(crate) ratings_from: Option<u32>,
    /// A player's rating from --ratings-from on, as ID=RATING; repeat for a whole list.
    #[arg(
        long,
        value_name = "ID=RATING",
        requires = "ratings_from",
        group = "ratings_source"
    )]
    pub(crate) rating: Vec<String>,
    /// A FIDE list (an index or a list file) whose ratings on the event's list apply from
    /// --ratings-from on, to every player with a FIDE ID whose rating it changes. It must
    /// be the list of that round's month (checklist Q137, Q212-213): another, or one
    /// whose date is not known, needs --confirm in FIDE mode.
    #[arg(long, requires = "ratings_from", group = "ratings_source")]
    pub(crate) list: Option<PathBuf>,
    /// The list's date (the first day of its month), when neither the file nor its name
    /// says it.
    #[arg(long, requires = "list")]
    pub(crate) date: Option<String>,
    /// Apply a list that is not the one in force in the round.
    #[arg(long, requires = "list")]
    pub(crate) confirm: bool,
    /// A result for the rating report only: ROUND:WHITE-BLACK:RESULT, the result as
    /// sheets write it (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, "1-0 not rated", …).
    #[arg(long, value_name = "ROUND:WHITE-BLACK:RESULT")]
    pub(crate) correct: Option<String>,
    /// With --correct: why (it goes in the report).
    #[arg(long, default_value = "", requires = "correct")]
    pub(crate) reason: String,
    /// Remove the correction for the rating report of ROUND:WHITE-BLACK.
    #[arg(long, value_name = "ROUND:WHITE-BLACK")]
    pub(crate) uncorrect: Option<String>,
}

/// Runs `rating-data`.
pub(crate) fn run(args: &RatingDataArgs) -> Result<(), CliError> {
    let edits = edits(args)?;
    if edits.is_empty() && args.list.is_none() {
        return Err(CliError::arguments(
            "nothing to change: give --over-30-days, --ratings-from with --rating or --list, --correct or --uncorrect",
        ));
    }
    let mut t = input::load(&args.input)?;
    let mut edits = edits;
    if let (Some(list), Some(from_round)) = (&args.list, args.ratings_from) {
        edits.push(list_ratings(&t, list, from_round, args.date.as_deref())?);
    }
    for edit in edits {
        // What FIDE mode asks to confirm is confirmed with --confirm; nothing is written
        // before.
        let warnings = edit.warnings(&t);
        for w in &warnings {
            eprintln!("warning (level {}): {}", w.level.number(), w.text);
        }
        let grave = gravest(&warnings)
            .is_some_and(|l| (WarningLevel::Confirm..WarningLevel::Refuse).contains(&l));
        if grave && !args.confirm {
            return Err(CliError::input(
                "nothing written: the list is not confirmed as the one in force; give --confirm \
                 to apply it all the same",
            ));
        }
        let applied = t.apply(edit).map_err(|e| CliError::input(e.to_string()))?;
        println!("{}", applied.summary);
    }
    if let Some(advice) = t.long_event_tiebreak_advice() {
        eprintln!("warning: {advice}");
    }
    input::save(&t, &args.output, None, &[&args.input])
}

/// The ratings in force from round `from_round` that FIDE's `list` gives: each player
/// with a FIDE ID whose rating on the event's list it changes.
fn list_ratings(
    t: &Tournament,
    list: &Path,
    from_round: u32,
    date: Option<&str>,
) -> Result<Edit, CliError> {
    let (index, list_date) = dated_fide_list(list, None, date)?;
    let on = t.event.rating_list;
    let l = list_index(on);
    let ratings: Vec<(u32, u16)> = t
        .players
        .iter()
        .filter_map(|p| {
            let rating = index.get(p.fide_id?)?.lists[l].rating?;
            (t.rating_in_round(p, on, from_round) != Some(rating)).then_some((p.id, rating))
        })
        .collect();
    Ok(Edit::SetRoundRatings {
        from_round,
        ratings,
        list: Some(RoundList {
            source: file_name(list),
            date: list_date,
        }),
    })
}

/// The edits the options ask for, in the order flag, ratings, corrections.
fn edits(args: &RatingDataArgs) -> Result<Vec<Edit>, CliError> {
    let mut edits = Vec::new();
    if let Some(flag) = &args.over_30_days {
        let flag = match flag.trim() {
            "off" => None,
            name => Some(LongEvent {
                tiebreak_ratings: TiebreakRatings::from_name(name).ok_or_else(|| {
                    CliError::arguments(format!("--over-30-days {name}: first, per-round or off"))
                })?,
            }),
        };
        edits.push(Edit::SetLongEvent(flag));
    }
    if let Some(from_round) = args.ratings_from.filter(|_| args.list.is_none()) {
        let ratings = args
            .rating
            .iter()
            .map(|pair| {
                let bad = || CliError::arguments(format!("--rating {pair}: expected ID=RATING"));
                let (id, rating) = pair.split_once('=').ok_or_else(bad)?;
                Ok((
                    id.trim().parse().map_err(|_| bad())?,
                    rating.trim().parse().map_err(|_| bad())?,
                ))
            })
            .collect::<Result<Vec<_>, CliError>>()?;
        edits.push(Edit::SetRoundRatings {
            from_round,
            ratings,
            list: None,
        });
    }
    if let Some(text) = &args.correct {
        let bad = || {
            CliError::arguments(format!(
                "--correct {text}: expected ROUND:WHITE-BLACK:RESULT (e.g. 3:4-7:1-0)"
            ))
        };
        let (board, result) = text.rsplit_once(':').ok_or_else(bad)?;
        let (round, white, black) = board_of(board).ok_or_else(bad)?;
        edits.push(Edit::CorrectForRating(Box::new(RatingCorrection {
            round,
            white,
            black,
            result: result_from_text(result).ok_or_else(bad)?,
            reason: args.reason.clone(),
        })));
    }
    if let Some(text) = &args.uncorrect {
        let (round, white, black) = board_of(text).ok_or_else(|| {
            CliError::arguments(format!("--uncorrect {text}: expected ROUND:WHITE-BLACK"))
        })?;
        edits.push(Edit::RemoveRatingCorrection {
            round,
            white,
            black,
        });
    }
    Ok(edits)
}

/// `ROUND:WHITE-BLACK`.
fn board_of(text: &str) -> Option<(u32, u32, u32)> {
    let (round, board) = text.split_once(':')?;
    let (white, black) = board.split_once('-')?;
    Some((
        round.trim().parse().ok()?,
        white.trim().parse().ok()?,
        black.trim().parse().ok()?,
    ))
}

/// What the `ratings` text says of the rating data: the corrections for the rating report
/// only that it applied (checklist Q192-193) and the ratings by round of an event over 30
/// days (Q212-213). Empty when there are none.
pub(crate) fn notes(t: &crate::tournament::Tournament) -> String {
    let mut out = String::new();
    if !t.event.rating_corrections.is_empty() {
        out.push_str("\nCorrections for the rating report only (not in pairings or standings)\n");
        for c in &t.event.rating_corrections {
            out.push_str(&format!("- {}\n", c.describe()));
        }
    }
    if t.event.long_event.is_some() {
        let changes: usize = t.players.iter().map(|p| p.round_ratings.len()).sum();
        out.push_str(&format!(
            "\nEvent over 30 days: each game rated with the ratings of its round ({} by \
             round)\n",
            crate::plural::count(changes, "rating")
        ));
    }
    out
}

/// The flag proposed for an event that lasts more than 30 days and is not flagged
/// (checklist Q210), for standard error: the outputs stay as they were.
pub(crate) fn proposal(t: &crate::tournament::Tournament) -> Option<String> {
    t.long_event_proposed().map(|days| {
        format!(
            "the event lasts {days} days: if it is rated as an event over 30 days, flag it \
             (rating-data --over-30-days) to rate each game with the ratings of its round"
        )
    })
}
