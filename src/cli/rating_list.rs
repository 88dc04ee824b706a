//! `swiss-arbiter rating-list`: FIDE's rating list files (downloaded by the arbiter) made
//! into an index, searched, and used to update an event's players.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use crate::document::{Edit, RatingRefresh};
use crate::formats::FileError;
use crate::formats::output::{self as output_file, Content};
use crate::formats::rating_list::index::MAGIC;
use crate::formats::rating_list::national::{OtherList, apply_other_list};
use crate::formats::rating_list::search::search;
use crate::formats::rating_list::update::{ListSource, iso, update_from_source};
use crate::formats::rating_list::{Index, ListError, ReadOptions, Reading, Record, custom, dwz};
use crate::formats::{self, EventFormat};
use crate::generator::rating_list::{self as synthetic, Layout};
use crate::tournament::{
    Date, ListId, RatingList, RatingMethod, Tournament, WarningLevel, file_name_date, gravest,
    list_in_force, month_code_date, read_date,
};

use super::{CliError, input, print_out};

/// What to do with a rating list.
#[derive(Args, Debug)]
pub(crate) struct RatingListArgs {
    #[command(subcommand)]
    command: RatingListCommand,
}

// Parsed once per run: the size of `Update` costs nothing.
#[allow(clippy::large_enum_variant)]
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
    /// Apply rating lists to an event's players, and the rating method that makes their
    /// tournament ratings (checklist Q116-145). From FIDE's list (an index or a list
    /// file), the players with a FIDE ID get their official ratings on each of FIDE's
    /// lists the file holds, K, title, federation, sex and birth year (in a rapid or blitz
    /// event, the standard rating of a player unrated on that list: rapid and blitz
    /// 7.2.1); from a national list (--national: the German DWZ list) or a custom list
    /// (--custom), their rating on it. Every rating keeps its list's source and date.
    /// Every change is listed before it is applied, and each list applied is logged.
    /// Names and pairing numbers are kept, except that --method numbers the players again
    /// by their new ratings before round 1. A FIDE list other than the one in force at
    /// the event's start date is applied in FIDE mode only with --confirm. Exit status 1
    /// when something was lost: lines of a national or custom list skipped, or what the
    /// output format cannot hold (the file is written all the same).
    Update {
        /// The event (.sarb, .ron or .trf).
        event: PathBuf,
        /// FIDE's list: an index, or a list file (read on the spot). Leave it out to apply
        /// only a national or custom list, or the method.
        list: Option<PathBuf>,
        /// The updated event (the event itself only for a native file named again here).
        /// Not needed with --dry-run.
        #[arg(short, long, required_unless_present = "dry_run")]
        output: Option<PathBuf>,
        /// Which list a single-list file holds, when its name does not say.
        #[arg(long = "list", id = "list_kind", value_parser = list_name)]
        list_kind: Option<RatingList>,
        /// The FIDE list's date (the first day of the month it is valid from, e.g.
        /// 2026-11-01), when neither the file nor its name says it (FIDE's combined list
        /// players_list_foa.zip does not; standard_nov26frl.zip does).
        #[arg(long)]
        date: Option<String>,
        /// A national rating list: the German federation's players' list (DWZ,
        /// spieler.csv of the DSB's download).
        #[arg(long)]
        national: Option<PathBuf>,
        /// The national list's date, as known (the DWZ file does not say it).
        #[arg(long)]
        national_date: Option<String>,
        /// A custom rating list: CSV whose header names `name` and `rating` (and, when
        /// known, `id`, `fide id`, `birth year`).
        #[arg(long)]
        custom: Option<PathBuf>,
        /// The custom list's name (by default its file's name without extension); a
        /// method's sequence names it custom:NAME.
        #[arg(long)]
        custom_name: Option<String>,
        /// The custom list's date, as known.
        #[arg(long)]
        custom_date: Option<String>,
        /// How tournament ratings are made (TRF-2026 172): fide, nro (national only),
        /// fidon, nidof, hbfn, lbfn, or a sequence of lists tried in order, separated by
        /// commas (rapid,standard; GER,standard; custom:NAME); or `proposed`, the one for
        /// the event's list (standard: fide; rapid: rapid,standard; blitz:
        /// blitz,standard; checklist Q123). Applied to every player after the lists;
        /// before round 1 the players are numbered again.
        #[arg(long, value_parser = method_arg)]
        method: Option<MethodArg>,
        /// N=LIST: player N's tournament rating is his rating on LIST (standard, rapid,
        /// blitz, a federation's code, custom:NAME), one of the lists he is rated on,
        /// whatever the method; N=method gives him the method's again (checklist
        /// Q128-129). Repeatable; applied after the lists, before --method.
        #[arg(long, value_parser = pick_arg)]
        pick: Vec<Pick>,
        /// The tournament rating of players on none of the method's lists (a number), or
        /// `unrated` (the default when --method is given).
        #[arg(long, value_parser = unlisted_rating, requires = "method")]
        unlisted: Option<Unlisted>,
        /// Apply a FIDE list that is not the one in force at the start date, or change the
        /// method after round 1 (outside FIDE mode): the warnings FIDE mode asks to confirm.
        #[arg(long)]
        confirm: bool,
        /// List every change, apply nothing, write nothing.
        #[arg(long)]
        dry_run: bool,
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

/// `--method`: a method, or the one proposed for the event's list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum MethodArg {
    Given(RatingMethod),
    Proposed,
}

fn method_arg(text: &str) -> Result<MethodArg, String> {
    if text.trim().eq_ignore_ascii_case("proposed") {
        return Ok(MethodArg::Proposed);
    }
    RatingMethod::parse(text).map(MethodArg::Given)
}

/// `--pick N=LIST`: a player and the list his rating is taken from (`None`: the method).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pick(u32, Option<ListId>);

fn pick_arg(text: &str) -> Result<Pick, String> {
    let bad = || format!("{text:?}: expected N=LIST (5=GER, 5=rapid) or N=method");
    let (player, list) = text.split_once('=').ok_or_else(bad)?;
    let player = player
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(bad)?;
    if list.trim().eq_ignore_ascii_case("method") {
        return Ok(Pick(player, None));
    }
    let list = ListId::parse(list).map_err(|e| format!("{}: {e}", bad()))?;
    Ok(Pick(player, Some(list)))
}

/// `--unlisted`: a rating, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unlisted(Option<u16>);

fn unlisted_rating(text: &str) -> Result<Unlisted, String> {
    if text.trim().eq_ignore_ascii_case("unrated") {
        return Ok(Unlisted(None));
    }
    match text.trim().parse::<u16>() {
        Ok(r) if (1..=9999).contains(&r) => Ok(Unlisted(Some(r))),
        _ => Err(format!(
            "{text}: expected a rating from 1 to 9999, or unrated"
        )),
    }
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
            date,
            national,
            national_date,
            custom,
            custom_name,
            custom_date,
            method,
            pick,
            unlisted,
            confirm,
            dry_run,
        } => {
            if list.is_none()
                && national.is_none()
                && custom.is_none()
                && method.is_none()
                && pick.is_empty()
            {
                return Err(CliError::arguments(
                    "nothing to apply: give FIDE's list, --national, --custom, --pick or \
                     --method",
                ));
            }
            let mut apply = Applying {
                t: input::load(event)?,
                confirm: *confirm,
                ..Applying::default()
            };
            if let Some(list) = list {
                apply.fide_list(list, *list_kind, date.as_deref())?;
            }
            if let Some(path) = national {
                let read = dwz::read(path)?;
                apply.other_list(path, read, national_date.as_deref())?;
            }
            if let Some(path) = custom {
                let name = match custom_name {
                    Some(name) => name.trim().to_string(),
                    None => path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                };
                ListId::parse(&format!("custom:{name}")).map_err(CliError::arguments)?;
                let read = custom::read(path, &name)?;
                apply.other_list(path, read, custom_date.as_deref())?;
            }
            for Pick(player, list) in pick {
                apply.pick(*player, list.clone())?;
            }
            if let Some(method) = method {
                let method = match method {
                    MethodArg::Given(method) => method.clone(),
                    MethodArg::Proposed => RatingMethod::proposed_for(apply.t.event.rating_list),
                };
                apply.method(method, unlisted.and_then(|u| u.0))?;
            }
            apply.finish(event, output.as_deref(), *dry_run)
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

/// `rating-list update` under way: the event as each step leaves it, and what the arbiter
/// is told.
#[derive(Default)]
struct Applying {
    t: Tournament,
    confirm: bool,
    /// What is printed: each list's changes before the next step.
    text: String,
    /// Warnings that need --confirm, when it was not given.
    unconfirmed: Vec<String>,
    /// What was lost (lines of a list skipped), for the exit status.
    lost: Vec<String>,
}

/// FIDE's list read from an index or a list file, with its date: its own (its month
/// code, its file's name), else `--date` (which may not contradict it).
pub(crate) fn dated_fide_list(
    list: &Path,
    kind: Option<RatingList>,
    date: Option<&str>,
) -> Result<(Index, Option<Date>), CliError> {
    let index = if starts_with_magic(list) {
        load_index(list)?
    } else {
        let (index, reading, time) = build(list, kind)?;
        eprintln!("{}", reading_summary(list, &reading, time));
        index
    };
    let own = index
        .month()
        .and_then(|m| month_code_date(m).map(|d| (d, format!("its month code {m}"))))
        .or_else(|| file_name_date(&file_name(list)).map(|d| (d, "its name".to_string())));
    let given = date.map(|d| given_date(d, "--date")).transpose()?;
    let list_date = match (own, given) {
        (Some((own, how)), Some(given)) if list_in_force(own) != list_in_force(given) => {
            return Err(CliError::arguments(format!(
                "--date {given} contradicts the list's own date {own} ({how}): leave --date \
                 out, or give the list of that date"
            )));
        }
        (Some((own, _)), _) => Some(own),
        (None, given) => given.map(list_in_force),
    };
    Ok((index, list_date))
}

/// A date as given on the command line (`2026-11-01`, `01.11.2026`, any form the event's
/// dates take).
fn given_date(text: &str, option: &str) -> Result<Date, CliError> {
    read_date(text).ok_or_else(|| {
        CliError::arguments(format!(
            "{option} {text:?}: expected a date, e.g. 2026-11-01"
        ))
    })
}

/// The file's name, for a list's source.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

impl Applying {
    /// Says the warnings of `edit` (the model's levels); those FIDE mode asks to confirm
    /// (level 3 and 4) are kept as unconfirmed without --confirm. A refusal (level 5) is
    /// the edit's own error when it is applied.
    fn warn(&mut self, edit: &Edit) {
        let warnings = edit.warnings(&self.t);
        for w in &warnings {
            eprintln!("warning (level {}): {}", w.level.number(), w.text);
        }
        let grave = gravest(&warnings)
            .is_some_and(|l| (WarningLevel::Confirm..WarningLevel::Refuse).contains(&l));
        if grave && !self.confirm {
            self.unconfirmed.extend(
                warnings
                    .iter()
                    .filter(|w| w.level >= WarningLevel::Confirm)
                    .map(|w| w.text.clone()),
            );
        }
    }

    fn apply(&mut self, edit: Edit) -> Result<(), CliError> {
        self.warn(&edit);
        self.t
            .apply(edit)
            .map(|_| ())
            .map_err(|e| CliError::input(e.to_string()))
    }

    /// FIDE's list: its date from the file (its month code, its name) or --date, every
    /// change listed, then applied.
    fn fide_list(
        &mut self,
        list: &Path,
        kind: Option<RatingList>,
        date: Option<&str>,
    ) -> Result<(), CliError> {
        let (index, list_date) = dated_fide_list(list, kind, date)?;
        let source = ListSource {
            source: file_name(list),
            date: list_date.map(iso).unwrap_or_default(),
        };
        let mut updated = self.t.clone();
        let changes = update_from_source(&mut updated, &index, &source)
            .map_err(|e| CliError::input(e.to_string()))?;
        let changes: Vec<String> = changes.iter().map(ToString::to_string).collect();
        let dated = list_date.map_or("date not known".to_string(), iso);
        self.list_changes(&format!("FIDE list {} ({dated})", source.source), &changes);
        self.apply(Edit::RefreshRatings(Box::new(RatingRefresh {
            players: updated.players,
            list: format!("FIDE list {} ({dated})", source.source),
            fide_date: list_date,
            fide: true,
            changes,
        })))
    }

    /// A national or custom list read from `path`: every change listed, then applied.
    fn other_list(
        &mut self,
        path: &Path,
        read: OtherList,
        date: Option<&str>,
    ) -> Result<(), CliError> {
        let date = date.map(|d| given_date(d, "the list's date")).transpose()?;
        let source = ListSource {
            source: file_name(path),
            date: date.map(iso).unwrap_or_default(),
        };
        let reading = &read.reading;
        let mut summary = format!(
            "{}: {}; {} players read",
            path.display(),
            reading.format,
            reading.records
        );
        if reading.skipped > 0 {
            summary.push_str(&format!("; {} lines skipped:", reading.skipped));
            for skipped in &reading.first_skipped {
                summary.push_str(&format!("\n  {skipped}"));
            }
            self.lost.push(format!(
                "{} lines of {} were skipped, and the players on them were not found",
                reading.skipped,
                path.display()
            ));
        }
        eprintln!("{summary}");
        let applied = apply_other_list(&self.t, &read, &source);
        self.list_changes(&applied.list, &applied.changes);
        self.text
            .push_str(&format!("the event's players: {}\n", applied.matching));
        self.apply(Edit::RefreshRatings(Box::new(RatingRefresh {
            players: applied.players,
            list: applied.list,
            fide_date: None,
            fide: false,
            changes: applied.changes,
        })))
    }

    /// The method, applied to every player (and, before round 1, the numbers): each
    /// tournament rating and pairing number that changed is listed after it.
    fn method(&mut self, method: RatingMethod, unlisted: Option<u16>) -> Result<(), CliError> {
        // Who a player is, whatever his number: FIDE ID, name and birth date (one
        // registration each, `Tournament::registered_as`).
        let key = |p: &crate::tournament::Player| (p.fide_id, p.name.clone(), p.birth_date.clone());
        let before: Vec<_> = self
            .t
            .players
            .iter()
            .map(|p| (key(p), p.id, p.rating))
            .collect();
        self.apply(Edit::SetRatingMethod { method, unlisted })?;
        self.text.push_str(&format!(
            "rating method: {}\n",
            self.t.event.rating_method_words()
        ));
        let r = |r: Option<u16>| r.map_or("unrated".to_string(), |r| r.to_string());
        for p in &self.t.players {
            let Some((_, old, rating)) = before.iter().find(|(k, _, _)| *k == key(p)) else {
                continue;
            };
            if *rating == p.rating && *old == p.id {
                continue;
            }
            let number = if *old == p.id {
                format!("#{}", p.id)
            } else {
                format!("#{old} → #{}", p.id)
            };
            let rating = if *rating == p.rating {
                String::new()
            } else {
                format!(": tournament rating {} → {}", r(*rating), r(p.rating))
            };
            self.text
                .push_str(&format!("{number} {}{rating}\n", p.name));
        }
        Ok(())
    }

    /// The list picked for a player (checklist Q128-129), and his rating after it.
    fn pick(&mut self, player: u32, list: Option<ListId>) -> Result<(), CliError> {
        let before = self.t.player(player).map(|p| p.rating);
        self.apply(Edit::PickRatingList { player, list })?;
        let r = |r: Option<u16>| r.map_or("unrated".to_string(), |r| r.to_string());
        if let Some(p) = self.t.player(player) {
            let from = p
                .rating_pick
                .as_ref()
                .map_or("the method".to_string(), |l| format!("the {l} list"));
            self.text.push_str(&format!(
                "#{player} {}: tournament rating from {from}: {} → {}\n",
                p.name,
                r(before.flatten()),
                r(p.rating)
            ));
        }
        Ok(())
    }

    /// Lists a list's changes (before they are applied).
    fn list_changes(&mut self, list: &str, changes: &[String]) {
        for change in changes {
            self.text.push_str(change);
            self.text.push('\n');
        }
        self.text.push_str(&format!(
            "{} from the {list}\n",
            crate::plural::count(changes.len(), "change")
        ));
    }

    /// Prints the changes; unless a warning is unconfirmed or it is a dry run, writes the
    /// event; exit status 1 for what was lost.
    fn finish(
        mut self,
        event: &Path,
        output: Option<&Path>,
        dry_run: bool,
    ) -> Result<(), CliError> {
        if !self.unconfirmed.is_empty() {
            print_out(&self.text)?;
            return Err(CliError::failure(format!(
                "nothing written: {} Give --confirm to apply it all the same.",
                self.unconfirmed.join(" ")
            )));
        }
        let Some(output) = output.filter(|_| !dry_run) else {
            self.text.push_str("dry run: nothing written\n");
            return print_out(&self.text);
        };
        let lost = formats::save(&self.t, output, EventFormat::for_path(output), &[event])?;
        self.lost.extend(lost);
        self.text
            .push_str(&format!("written to {}\n", output.display()));
        print_out(&self.text)?;
        if self.lost.is_empty() {
            return Ok(());
        }
        Err(CliError::failure(format!(
            "written, but data was lost: {}",
            self.lost.join("; ")
        )))
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
