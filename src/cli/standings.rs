//! `swiss-arbiter standings`: the standings after a round, ranked by score and tie-breaks
//! (FIDE C.07), as text with a crosstable, as CSV for other programs, or as JSON with the
//! breakdown of every value.

use std::path::PathBuf;

use crate::formats::standings as report;
use crate::formats::team_standings as team_report;
use crate::standings::{self, Edition, Options, Rules};
use crate::tournament::Tournament;

use super::{CliError, input, write_output};

/// Options of `standings`.
#[derive(clap::Args, Debug)]
pub(crate) struct StandingsArgs {
    /// The event (.trf, .sarb or .ron).
    pub(crate) input: PathBuf,
    /// Tie-breaks in order, comma-separated TRF-2026 / MTB26 codes, e.g. BH/C1,BH,SB,DE.
    /// Default: the event's list (TRF-2026 record 212, else 202), else BH/C1,BH,SB,DE,WIN.
    #[arg(long)]
    pub(crate) tiebreaks: Option<String>,
    /// Standings after this round (default: the last round with every result entered).
    #[arg(long)]
    pub(crate) round: Option<u32>,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: StandingsFormat,
    /// Unplayed-round rules: 2026 (dummy opponent capped), 2023 or 2024 (dummy opponent),
    /// pre-2023 (virtual opponent). Default: the rules in force when the event started
    /// (C.07 2023 from 1 July 2023, C.07 2026 from 1 March 2026, the rules before them
    /// earlier), or, when its dates cannot tell, those in force today, with a warning.
    #[arg(long)]
    pub(crate) rules: Option<Edition>,
    /// The rating unrated players count with in rating-based tie-breaks; without it, the
    /// event's own (set on the Event page), else those tie-breaks are dropped when an
    /// unrated player takes part (C.07 10).
    #[arg(long)]
    pub(crate) unrated_rating: Option<u16>,
    /// Pairings fixed in advance (round robin): forfeits count as games (C.07 15.2).
    /// Default: when the event's TRF-2026 192 code is a round robin.
    #[arg(long)]
    pub(crate) predetermined: bool,
    /// Add each player's K and rating change (FIDE B.02 8.3, on the event's list) to the
    /// text and CSV (columns `K,RtgChange`).
    #[arg(long)]
    pub(crate) rating_changes: bool,
    /// Also print how each tie-break of this player (pairing number) is made (text only).
    #[arg(long, value_name = "ID")]
    pub(crate) explain: Option<u32>,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
}

/// Output formats of `standings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum StandingsFormat {
    /// A table for people, with a crosstable (opponent's rank, colour, result per round).
    Text,
    /// `Rank,StartNo,PTS,<tie-break codes>`, one row per player in rank order.
    Csv,
    /// Everything, with each tie-break's breakdown, for other programs and the GUI.
    Json,
}

/// Runs `standings`.
pub(crate) fn run(args: &StandingsArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    if t.is_team_event() {
        return run_teams(args, &t);
    }
    let tiebreaks = tiebreak_list(&t, args.tiebreaks.as_deref())?;
    let mut rules = Rules::for_event(&t.event);
    rules.edition = edition(&t, args.rules, &args.input);
    rules.predetermined |= args.predetermined;
    rules.unrated_rating = args.unrated_rating.or(rules.unrated_rating);
    let options = Options {
        tiebreaks,
        round: args.round,
        rules,
    };
    let result = standings::compute(&t, &options).map_err(|e| CliError::input(e.to_string()))?;
    // The rating changes of the games up to the standings' round.
    let ratings = args.rating_changes.then(|| {
        let mut played = t.clone();
        for p in &mut played.players {
            p.results.truncate(result.round as usize);
        }
        crate::rating::event_ratings(&played)
    });
    let text = match args.format {
        StandingsFormat::Text => {
            let explained = match args.explain {
                Some(id) => Some(result.rows.iter().find(|r| r.id == id).ok_or_else(|| {
                    CliError::input(format!("--explain {id}: no player has that number"))
                })?),
                None => None,
            };
            report::text(&t, &result, ratings.as_deref(), explained)
        }
        StandingsFormat::Csv => report::csv(&result, ratings.as_deref()),
        StandingsFormat::Json => {
            report::json(&t, &result).map_err(|e| CliError::failure(e.to_string()))?
        }
    };
    write_output(args.output.as_deref(), &text, &[&args.input])
}

/// The tie-break rules given on the command line, else those in force when the event
/// started; when its dates cannot tell, those in force today, said on standard error (one
/// line, naming the file).
pub(super) fn edition(t: &Tournament, given: Option<Edition>, file: &std::path::Path) -> Edition {
    if let Some(edition) = given {
        return edition;
    }
    let (edition, warning) = Edition::of_event(&t.event);
    if let Some(warning) = warning {
        eprintln!("warning: {}: {warning}", file.display());
    }
    edition
}

/// The tie-breaks given on the command line, else the event's list (TRF-2026 record 212,
/// else 202), else the default list.
pub(super) fn tiebreak_list(
    t: &Tournament,
    given: Option<&str>,
) -> Result<Vec<standings::TieBreak>, CliError> {
    match given {
        Some(list) => standings::parse_list(list),
        None => standings::event_tiebreaks(&t.event)
            .map(|list| list.unwrap_or_else(standings::default_tiebreaks)),
    }
    .map_err(|e| CliError::input(e.to_string()))
}

/// `standings` of a team event: teams ranked by the primary score and the team tie-breaks
/// (default: the secondary score, EGGSB, BH on the primary score; C.07).
fn run_teams(args: &StandingsArgs, t: &Tournament) -> Result<(), CliError> {
    let listed = args
        .tiebreaks
        .clone()
        .or_else(|| (!t.event.tiebreaks.is_empty()).then(|| t.event.tiebreaks.join(",")));
    let tiebreaks = standings::team_tiebreak_list(listed.as_deref().unwrap_or_default())
        .map_err(CliError::input)?;
    if args.explain.is_some() {
        return Err(CliError::input(
            "--explain is for players of an individual event; this is a team event".to_string(),
        ));
    }
    let round = args.round.unwrap_or_else(|| t.rounds_recorded());
    let edition = edition(t, args.rules, &args.input);
    let rows = standings::team_standings(t, round, &tiebreaks, edition);
    let text = match args.format {
        StandingsFormat::Text => {
            let table = team_report::text(
                &rows,
                &tiebreaks,
                standings::primary_score(t),
                round,
                edition,
            );
            let shown = standings::EventTeamStandings {
                round: round.min(t.rounds_recorded()),
                tiebreaks: tiebreaks.clone(),
                edition,
                rows: rows.clone(),
            };
            let crosstable = standings::team_crosstable(t, &shown);
            format!("{table}\n{}", team_report::crosstable_text(&crosstable))
        }
        StandingsFormat::Csv => team_report::csv(&rows, &tiebreaks),
        StandingsFormat::Json => team_report::json(&rows, &tiebreaks, round, edition)
            .map_err(|e| CliError::failure(e.to_string()))?,
    };
    write_output(args.output.as_deref(), &text, &[&args.input])
}
