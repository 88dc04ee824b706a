//! `swiss-arbiter rating-list`: FIDE's rating list files (downloaded by the arbiter) made
//! into an index, searched, and used to update an event's players.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use crate::document::Edit;
use crate::formats::FileError;
use crate::formats::output::{self as output_file, Content};
use crate::formats::rating_list::index::MAGIC;
use crate::formats::rating_list::search::search;
use crate::formats::rating_list::update::update_from_list;
use crate::formats::rating_list::{Index, ListError, ReadOptions, Reading, Record};
use crate::generator::rating_list::{self as synthetic, Layout};
use crate::tournament::RatingList;

use super::{CliError, input, print_out};

/// What to do with a rating list.
#[derive(Args, Debug)]
pub(crate) struct RatingListArgs {
    #[command(subcommand)]
    command: RatingListCommand,
}

#[derive(Subcommand, Debug)]
enum RatingListCommand {
    /// Read a FIDE rating list (TXT, XML, or the .zip FIDE serves them in) and save its
    /// index, which `search` and `update` (and the application) read in a moment.
    Index {
        /// The list: players_list_foa.zip/.txt, players_list_xml_foa.zip/.xml, a single
        /// list (standard_…, rapid_…, blitz_…), or the legacy players_list.txt.
        list: PathBuf,
        /// The index file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Which list a single-list file holds, when its name does not say (standard,
        /// rapid or blitz).
        #[arg(long = "list", id = "list_kind", value_parser = list_name)]
        list_kind: Option<RatingList>,
    },
    /// Find players by FIDE ID (digits only) or by name as typed: accents, case and
    /// commas do not matter, words may be prefixes, in any order ("carlsen mag").
    Search {
        /// An index written by `rating-list index`.
        index: PathBuf,
        query: String,
        /// The most players to show.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// The list whose rating orders equally relevant players.
        #[arg(long, value_parser = list_name, default_value = "standard")]
        rating_list: RatingList,
    },
    /// Update the players of an event who have a FIDE ID from the list: rating and K of
    /// the event's list (and, in a rapid or blitz event, the standard rating of a player
    /// unrated on that list: rapid and blitz 7.2.1), title, federation, sex, birth year. Names and pairing numbers are
    /// kept; differences and players not in the list are reported.
    Update {
        /// The event (.sarb, .ron or .trf).
        event: PathBuf,
        /// An index, or a list file (read on the spot).
        list: PathBuf,
        /// The updated event (the event itself only for a native file named again here).
        #[arg(short, long)]
        output: PathBuf,
        /// Which list a single-list file holds, when its name does not say.
        #[arg(long = "list", id = "list_kind", value_parser = list_name)]
        list_kind: Option<RatingList>,
    },
    /// Write a synthetic list in one of FIDE's formats (for benchmarks and tests).
    Generate {
        #[arg(long)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_enum, default_value = "foa")]
        format: GeneratedFormat,
        /// Write it zipped, as FIDE serves it.
        #[arg(long)]
        zip: bool,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Time the loading of an index, and name searches as typed for some of its players
    /// (median, 99th percentile, slowest; use a release build).
    Bench {
        index: PathBuf,
        /// How many of the index's players to type the names of.
        #[arg(long, default_value_t = 300)]
        players: u32,
    },
}

/// The layouts `generate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GeneratedFormat {
    /// players_list_foa.txt.
    Foa,
    /// players_list.txt (no FOA column).
    Legacy,
    /// standard_…txt (a single list).
    Standard,
    /// players_list_xml_foa.xml.
    Xml,
}

fn list_name(name: &str) -> Result<RatingList, String> {
    RatingList::from_name(name).ok_or_else(|| format!("{name}: expected standard, rapid or blitz"))
}

impl From<ListError> for CliError {
    fn from(e: ListError) -> CliError {
        CliError::input(e.to_string())
    }
}

/// Runs `rating-list`.
pub(crate) fn run(args: &RatingListArgs) -> Result<(), CliError> {
    match &args.command {
        RatingListCommand::Index {
            list,
            output,
            list_kind,
        } => {
            let target = output_file::Target::resolve(output, Content::Document, &[list])
                .map_err(FileError::from)?;
            let (index, reading, read_time) = build(list, *list_kind)?;
            let start = Instant::now();
            target
                .write_with(|out| index.write_to(out))
                .map_err(FileError::from)?;
            let size = std::fs::metadata(output).map(|m| m.len()).unwrap_or(0);
            print_out(&format!(
                "{}\n{}: {} players, {:.1} MB, written in {:.2} s\n",
                reading_summary(list, &reading, read_time),
                output.display(),
                index.len(),
                size as f64 / 1e6,
                start.elapsed().as_secs_f64()
            ))
        }
        RatingListCommand::Search {
            index,
            query,
            limit,
            rating_list,
        } => {
            let index = load_index(index)?;
            let found = search(&index, query, *limit, *rating_list);
            if found.is_empty() {
                return Err(CliError::failure(format!("no player found for {query:?}")));
            }
            print_out(&found.iter().map(|r| line(r) + "\n").collect::<String>())
        }
        RatingListCommand::Update {
            event,
            list,
            output,
            list_kind,
        } => {
            let mut t = input::load(event)?;
            let index = if starts_with_magic(list) {
                load_index(list)?
            } else {
                let (index, reading, time) = build(list, *list_kind)?;
                eprintln!("{}", reading_summary(list, &reading, time));
                index
            };
            // Read into a copy, then applied as one edit through the model's door.
            let mut updated = t.clone();
            let changes = update_from_list(&mut updated, &index)
                .map_err(|e| CliError::input(e.to_string()))?;
            t.apply(Edit::UpdatePlayers(updated.players))
                .map_err(|e| CliError::input(e.to_string()))?;
            input::save(&t, output, None, &[event])?;
            let mut text: String = changes.iter().map(|c| format!("{c}\n")).collect();
            text.push_str(&format!(
                "{} changes from the {} list; written to {}\n",
                changes.len(),
                t.event.rating_list.name(),
                output.display()
            ));
            print_out(&text)
        }
        RatingListCommand::Generate {
            players,
            seed,
            format,
            zip,
            output,
        } => {
            let layout = match format {
                GeneratedFormat::Foa => Layout::FoaTxt,
                GeneratedFormat::Legacy => Layout::LegacyTxt,
                GeneratedFormat::Standard => Layout::SingleTxt(RatingList::Standard),
                GeneratedFormat::Xml => Layout::Xml,
            };
            let records = synthetic::records(*players, *seed);
            output_file::Target::resolve(output, Content::Document, &[])
                .map_err(FileError::from)?
                .write_with(|out| {
                    if *zip {
                        synthetic::write_zip(out, &layout.file_name(), |member| {
                            synthetic::write(member, layout, records)
                        })
                    } else {
                        synthetic::write(out, layout, records)
                    }
                })
                .map_err(|e| CliError::from(FileError::from(e)))
        }
        RatingListCommand::Bench { index, players } => bench(index, *players),
    }
}

/// Reads a list into an index; with the reading's report and the time it took.
fn build(list: &Path, kind: Option<RatingList>) -> Result<(Index, Reading, Duration), CliError> {
    let start = Instant::now();
    let options = ReadOptions {
        list: kind,
        ..ReadOptions::default()
    };
    let (index, reading) = Index::build(list, options)?;
    Ok((index, reading, start.elapsed()))
}

/// What reading a list found, for the arbiter: the format, the players, the lines
/// skipped (the first few with their line).
fn reading_summary(list: &Path, reading: &Reading, time: Duration) -> String {
    let mut text = format!(
        "{}: {}{}; {} players read in {:.1} s",
        list.display(),
        reading.format,
        reading
            .month
            .as_ref()
            .map(|m| format!(" ({m})"))
            .unwrap_or_default(),
        reading.records,
        time.as_secs_f64()
    );
    if reading.skipped > 0 {
        text.push_str(&format!("; {} lines skipped:", reading.skipped));
        for skipped in &reading.first_skipped {
            text.push_str(&format!("\n  {skipped}"));
        }
    }
    text
}

/// Whether the file is a saved index (by its magic).
fn starts_with_magic(path: &Path) -> bool {
    let mut head = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
        .is_ok_and(|()| &head == MAGIC)
}

fn load_index(path: &Path) -> Result<Index, CliError> {
    Index::load(path).map_err(|e| CliError::input(e.to_string()))
}

/// A player found, on one line.
fn line(r: &Record) -> String {
    let ratings: Vec<String> = RatingList::ALL
        .into_iter()
        .map(|l| {
            let entry = r.list(l);
            match (entry.rating, entry.k) {
                (Some(rating), Some(k)) => format!("{rating} K{k}"),
                (Some(rating), None) => rating.to_string(),
                (None, _) => "-".to_string(),
            }
        })
        .collect();
    let titles = [&r.title, &r.woman_title]
        .into_iter()
        .filter(|t| !t.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join("/");
    format!(
        "{:>10}  {:<40} {:<3} {:<7} std {:<8} rapid {:<8} blitz {:<8} {}{}",
        r.fide_id,
        r.name,
        r.federation,
        titles,
        ratings[0],
        ratings[1],
        ratings[2],
        r.birth_year.map(|y| y.to_string()).unwrap_or_default(),
        if r.flag.contains('i') {
            " inactive"
        } else {
            ""
        }
    )
}

/// `rating-list bench`: the index's load time, then, for `players` players of the index,
/// their name typed as an arbiter types it (`Last, First`, one character more at each
/// search) and in the other order (`First Last`): the latency of each search, and whether
/// the whole name lists the player among the first 20.
fn bench(path: &Path, players: u32) -> Result<(), CliError> {
    let start = Instant::now();
    let index = load_index(path)?;
    let load = start.elapsed();
    if index.is_empty() {
        return Err(CliError::input(format!("{}: no players", path.display())));
    }
    let mut times: Vec<(Duration, String)> = Vec::new();
    let mut missed = 0;
    let mut timed = |query: String| {
        let start = Instant::now();
        let found = search(&index, &query, 20, RatingList::Standard);
        times.push((start.elapsed(), query));
        found
    };
    for q in 0..u64::from(players) {
        let i = (q * 7919 % index.len() as u64) as usize;
        let Some(record) = index.at(i) else {
            continue;
        };
        let typed: Vec<char> = record.name.chars().collect();
        for n in 1..typed.len() {
            timed(typed[..n].iter().collect());
        }
        let (last, first) = record.name.split_once(',').unwrap_or((&record.name, ""));
        for query in [
            record.name.clone(),
            format!("{} {}", first.trim(), last.trim()),
        ] {
            if !timed(query).iter().any(|r| r.fide_id == record.fide_id) {
                missed += 1;
            }
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let at = |p: usize| ms(times[(times.len() * p / 100).min(times.len() - 1)].0);
    let (slowest, slowest_query) = times.last().cloned().unwrap_or_default();
    print_out(&format!(
        "{}: {} players loaded in {:.0} ms\n{} searches (names typed character by character, and first name first): median {:.3} ms, 99th percentile {:.3} ms, slowest {:.3} ms ({slowest_query:?}); {missed} whole names did not list their player among the first 20 (namesakes)\n",
        path.display(),
        index.len(),
        ms(load),
        times.len(),
        at(50),
        at(99),
        ms(slowest),
    ))
}
