//! `swiss-arbiter standings`: the standings after a round, ranked by score and tie-breaks
//! (FIDE C.07), as text with a crosstable, as CSV for other programs, or as JSON with the
//! breakdown of every value.

use std::path::PathBuf;

use crate::standings::{self, Edition, Line, Options, Rules, Standings, TieBreak};
use crate::tournament::Tournament;

use super::{CliError, input, write_output};

/// Options of `standings`.
#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    /// The event (.trf, .sarb or .ron).
    pub input: PathBuf,
    /// Tie-breaks in order, comma-separated TRF-2026 / MTB26 codes, e.g. BH/C1,BH,SB,DE.
    /// Default: the event's list (TRF-2026 record 212, else 202), else BH/C1,BH,SB,DE,WIN.
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// Standings after this round (default: the last round with every result entered).
    #[arg(long)]
    pub round: Option<u32>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: StandingsFormat,
    /// Unplayed-round rules: 2026 (dummy opponent capped), 2023 or 2024 (dummy opponent),
    /// pre-2023 (virtual opponent). Default: the rules in force at the event's start date
    /// (2026 from 1 March 2026, or when the date is not recorded).
    #[arg(long)]
    pub rules: Option<Edition>,
    /// The rating unrated players count with in rating-based tie-breaks; without it, those
    /// tie-breaks are dropped when an unrated player takes part (C.07 10).
    #[arg(long)]
    pub unrated_rating: Option<u16>,
    /// Pairings fixed in advance (round robin): forfeits count as games (C.07 15.2).
    /// Default: when the event's TRF-2026 192 code is a round robin.
    #[arg(long)]
    pub predetermined: bool,
    /// Also print how each tie-break of this player (pairing number) is made (text only).
    #[arg(long, value_name = "ID")]
    pub explain: Option<u32>,
    /// Write here instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Output formats of `standings`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StandingsFormat {
    /// A table for people, with a crosstable (opponent's rank, colour, result per round).
    Text,
    /// `Rank,StartNo,PTS,<tie-break codes>`, one row per player in rank order.
    Csv,
    /// Everything, with each tie-break's breakdown, for other programs and the GUI.
    Json,
}

/// Runs `standings`.
pub fn run(args: &StandingsArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    let tiebreaks = match &args.tiebreaks {
        Some(list) => standings::parse_list(list),
        None => standings::event_tiebreaks(&t.event)
            .map(|list| list.unwrap_or_else(standings::default_tiebreaks)),
    }
    .map_err(|e| CliError::input(e.to_string()))?;
    let mut rules = Rules::for_event(&t.event);
    if let Some(edition) = args.rules {
        rules.edition = edition;
    }
    rules.predetermined |= args.predetermined;
    rules.unrated_rating = args.unrated_rating;
    let options = Options {
        tiebreaks,
        round: args.round,
        rules,
    };
    let result = standings::compute(&t, &options).map_err(|e| CliError::input(e.to_string()))?;
    let text = match args.format {
        StandingsFormat::Text => text(&t, &result, args.explain)?,
        StandingsFormat::Csv => csv(&result),
        StandingsFormat::Json => json(&t, &result),
    };
    write_output(args.output.clone(), &text)
}

fn codes(tiebreaks: &[TieBreak]) -> Vec<String> {
    tiebreaks.iter().map(ToString::to_string).collect()
}

fn csv(s: &Standings) -> String {
    let mut out = String::from("Rank,StartNo,PTS");
    for code in codes(&s.tiebreaks) {
        out.push(',');
        out.push_str(&code);
    }
    out.push('\n');
    for row in &s.rows {
        out.push_str(&format!("{},{},{}", row.rank, row.id, row.points));
        for b in &row.tiebreaks {
            out.push_str(&format!(",{}", b.value));
        }
        out.push('\n');
    }
    out
}

fn cell_text(line: &Line, round: usize) -> String {
    match line.rounds.get(round) {
        Some(cell) => {
            let colour = cell.colour.map_or('-', |c| c.letter().to_ascii_lowercase());
            let opponent = cell
                .opponent_rank
                .map(|r| r.to_string())
                .unwrap_or_default();
            format!("{opponent:>4}{colour}{}", cell.result)
        }
        None => String::new(),
    }
}

fn text(t: &Tournament, s: &Standings, explain: Option<u32>) -> Result<String, CliError> {
    let lines = standings::crosstable(t, s);
    let codes = codes(&s.tiebreaks);
    let mut out = format!(
        "Standings after round {} (tie-break rules: C.07 {}{}): PTS, {}\n\n",
        s.round,
        s.rules.edition,
        if s.rules.predetermined {
            ", pre-determined pairings"
        } else {
            ""
        },
        codes.join(", ")
    );
    let mut header = format!(
        "{:>4} {:>4}  {:<28} {:>4} {:>5}",
        "Rank", "No", "Name", "Rtg", "Pts"
    );
    for r in 1..=s.round {
        header.push_str(&format!(" {:>6}", format!("R{r}")));
    }
    for code in &codes {
        header.push_str(&format!(" {code:>7}"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for (line, row) in lines.iter().zip(&s.rows) {
        let rating = line.rating.map(|r| r.to_string()).unwrap_or_default();
        let name: String = line.name.chars().take(28).collect();
        let mut text = format!(
            "{:>4} {:>4}  {:<28} {:>4} {:>5}",
            line.rank, line.id, name, rating, line.points
        );
        for r in 0..s.round as usize {
            text.push_str(&format!(" {:>6}", cell_text(line, r)));
        }
        for b in &row.tiebreaks {
            text.push_str(&format!(" {:>7}", b.value));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    for note in &s.notes {
        out.push_str(&format!("\nNote: {note}"));
    }
    if !s.notes.is_empty() {
        out.push('\n');
    }
    if let Some(id) = explain {
        let row =
            s.rows.iter().find(|r| r.id == id).ok_or_else(|| {
                CliError::input(format!("--explain {id}: no player has that number"))
            })?;
        out.push_str(&format!(
            "\nPlayer {id}: rank {}, {} points\n",
            row.rank, row.points
        ));
        for (code, b) in codes.iter().zip(&row.tiebreaks) {
            out.push_str(&format!("  {code} = {}\n", b.value));
            for line in b.lines() {
                out.push_str(&format!("      {line}\n"));
            }
        }
    }
    Ok(out)
}

fn json(t: &Tournament, s: &Standings) -> String {
    let codes = codes(&s.tiebreaks);
    let lines = standings::crosstable(t, s);
    let players: Vec<serde_json::Value> = lines
        .iter()
        .zip(&s.rows)
        .map(|(line, row)| {
            let tiebreaks: Vec<serde_json::Value> = codes
                .iter()
                .zip(&row.tiebreaks)
                .map(|(code, b)| {
                    serde_json::json!({
                        "code": code,
                        "value": b.value.to_string(),
                        "parts": b.parts,
                    })
                })
                .collect();
            serde_json::json!({
                "rank": line.rank,
                "id": line.id,
                "name": line.name,
                "rating": line.rating,
                "points": line.points.to_string(),
                "tiebreaks": tiebreaks,
                "rounds": line.rounds,
            })
        })
        .collect();
    let value = serde_json::json!({
        "round": s.round,
        "rules": s.rules.edition.to_string(),
        "predetermined": s.rules.predetermined,
        "unrated_rating": s.rules.unrated_rating,
        "tiebreaks": codes,
        "notes": s.notes,
        "standings": players,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
