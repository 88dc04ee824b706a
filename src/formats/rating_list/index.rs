//! The index of a rating list: built once from the list file, kept in memory in a compact
//! form, and saved to a file of its own so that the program does not read the list again
//! at each start.
//!
//! In memory, for 1.5 million players, the players in the order of their folded name keys
//! ([`super::fold`]; then by FIDE ID), so that the names starting with what is typed are
//! one stretch of the arrays: the FIDE IDs, a fixed-size entry per player (ratings, games,
//! K, birth year, the last name's word count and the number of a *profile*: federation,
//! sex, titles and flag, of which a list has a few thousand distinct ones), the names in
//! one string, the keys in another, each ended by `\n`; the players' positions sorted by
//! FIDE ID (binary search); and the position of every word of every key, sorted by the
//! text from there to the key's end: a name is found by any of its words
//! ([`super::search`]).
//!
//! The saved file, little-endian: the magic `SARBRLIX`, the format version, the list's
//! month code (when known), the lists it holds (a bit each), the counts, the arrays (IDs, name starts, entries, names,
//! profiles, keys, words, positions by ID), and a CRC-32 of all that. Reading checks the length the counts imply against the file's before allocating
//! anything, then the CRC, then every offset and order the search relies on: a truncated,
//! corrupted or foreign file is an error, never a panic or a huge allocation.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

use flate2::Crc;

use super::fold::fold_into;
use super::record::{ListRating, Record, list_index};
use super::{ListError, ReadOptions, Reading};
use crate::formats::output::{self, Content};
use crate::tournament::{RatingList, Sex};

/// The first bytes of a saved index.
pub(crate) const MAGIC: &[u8; 8] = b"SARBRLIX";
/// The version of the saved format this program writes and reads.
pub(crate) const VERSION: u32 = 1;
/// Bytes of a saved entry: profile (4), ratings (3×2), games (3×2), K (3), birth year (2),
/// last name's words (1).
const ENTRY_BYTES: u64 = 22;
/// The longest month code kept.
const MAX_MONTH: usize = 16;

/// Why an index could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
    /// Not an index, another version, or a damaged one.
    #[error("{path}: {message}")]
    Invalid { path: String, message: String },
    #[error(transparent)]
    Output(#[from] output::OutputError),
}

/// What the list says of a player besides the name, numbers and birth year; shared by
/// the many players who have the same.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Profile {
    federation: String,
    sex: Option<Sex>,
    title: String,
    woman_title: String,
    other_titles: String,
    foa_title: String,
    flag: String,
}

/// A player's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    profile: u32,
    /// 0: unrated.
    ratings: [u16; 3],
    games: [u16; 3],
    /// 0: not published.
    k: [u8; 3],
    /// 0: unknown.
    birth_year: u16,
    /// How many words of the folded key are the last name (before FIDE's comma).
    last_words: u8,
}

/// A rating list, indexed (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    month: Option<String>,
    /// The lists the index holds ratings of (standard, rapid, blitz).
    lists: [bool; 3],
    /// In key order, as every array of a player.
    ids: Vec<u64>,
    /// The positions of the players by FIDE ID.
    by_id: Vec<u32>,
    entries: Vec<Entry>,
    /// `names[name_starts[i]..name_starts[i + 1]]` is the name of player `i`.
    name_starts: Vec<u32>,
    names: String,
    profiles: Vec<Profile>,
    /// The folded keys, each ended by `\n`, in the players' order.
    keys: String,
    /// Where each key starts (one more than the players: the end).
    key_starts: Vec<u32>,
    /// Every word start in `keys`, sorted by [`compare_suffixes`].
    words: Vec<u32>,
}

/// The text of `keys` from `at` to the end of its key (excluding the `\n`).
pub(crate) fn suffix(keys: &[u8], at: u32) -> &[u8] {
    let rest = keys.get(at as usize..).unwrap_or_default();
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    &rest[..end]
}

/// The order of two word starts: by the text up to the end of their keys (`\n`, which
/// sorts before every other byte, ends both).
fn compare_suffixes(keys: &[u8], a: u32, b: u32) -> Ordering {
    let (a, b) = (&keys[a as usize..], &keys[b as usize..]);
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x.cmp(y);
        }
        if *x == b'\n' {
            return Ordering::Equal;
        }
    }
    a.len().cmp(&b.len())
}

/// `text` truncated to `prefix`'s length, compared with it (a shorter text is less).
pub(crate) fn compare_prefix(text: &[u8], prefix: &[u8]) -> Ordering {
    text[..text.len().min(prefix.len())]
        .cmp(prefix)
        .then(if text.len() < prefix.len() {
            Ordering::Less
        } else {
            Ordering::Equal
        })
}

/// The first of `0..n` for which `before` is false (`before` true then false along it).
fn partition(n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut low, mut high) = (0, n);
    while low < high {
        let mid = low + (high - low) / 2;
        if before(mid) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    low
}

/// Collects records into an [`Index`].
#[derive(Default)]
struct Builder {
    rows: Vec<(u64, Entry, u32, u32)>,
    names: String,
    profiles: HashMap<Profile, u32>,
    duplicates: u64,
}

impl Builder {
    fn add(&mut self, r: Record) {
        let profile = Profile {
            federation: r.federation,
            sex: r.sex,
            title: r.title,
            woman_title: r.woman_title,
            other_titles: r.other_titles,
            foa_title: r.foa_title,
            flag: r.flag,
        };
        let next = self.profiles.len() as u32;
        let profile = *self.profiles.entry(profile).or_insert(next);
        let number = |f: fn(&ListRating) -> u16| r.lists.map(|l| f(&l));
        let entry = Entry {
            profile,
            ratings: number(|l| l.rating.unwrap_or(0)),
            games: number(|l| l.games),
            k: r.lists.map(|l| l.k.unwrap_or(0)),
            birth_year: r.birth_year.unwrap_or(0),
            last_words: last_name_words(&r.name),
        };
        let start = self.names.len() as u32;
        self.names.push_str(&r.name);
        self.rows
            .push((r.fide_id, entry, start, self.names.len() as u32));
    }

    /// The index (a repeated FIDE ID keeps its first record), and how many repeated IDs
    /// were dropped.
    fn finish(mut self, month: Option<String>, lists: [bool; 3]) -> (Index, u64) {
        self.rows.sort_by_key(|row| row.0);
        let before = self.rows.len();
        self.rows.dedup_by_key(|row| row.0);
        self.duplicates += (before - self.rows.len()) as u64;
        let mut profiles = vec![Profile::default(); self.profiles.len()];
        for (profile, number) in self.profiles {
            profiles[number as usize] = profile;
        }
        // The keys in ID order, then the players sorted by key.
        let n = self.rows.len();
        let mut keys = String::with_capacity(self.names.len() + n);
        let mut key_ends = Vec::with_capacity(n + 1);
        key_ends.push(0);
        for &(_, _, start, end) in &self.rows {
            fold_into(&self.names[start as usize..end as usize], &mut keys);
            key_ends.push(keys.len());
        }
        let key = |r: usize| &keys[key_ends[r]..key_ends[r + 1]];
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| key(a as usize).cmp(key(b as usize)));
        let mut index = Index {
            month,
            lists,
            ids: Vec::with_capacity(n),
            by_id: vec![0; n],
            entries: Vec::with_capacity(n),
            name_starts: Vec::with_capacity(n + 1),
            names: String::with_capacity(self.names.len()),
            profiles,
            keys: String::with_capacity(keys.len() + n),
            key_starts: Vec::with_capacity(n + 1),
            words: Vec::new(),
        };
        index.name_starts.push(0);
        index.key_starts.push(0);
        for (position, &r) in order.iter().enumerate() {
            let (id, entry, start, end) = self.rows[r as usize];
            index.by_id[r as usize] = position as u32;
            index.ids.push(id);
            index.entries.push(entry);
            index
                .names
                .push_str(&self.names[start as usize..end as usize]);
            index.name_starts.push(index.names.len() as u32);
            index.keys.push_str(key(r as usize));
            index.keys.push('\n');
            index.key_starts.push(index.keys.len() as u32);
        }
        index.words = word_starts(index.keys.as_bytes());
        let keys = index.keys.as_bytes();
        index
            .words
            .sort_unstable_by(|&a, &b| compare_suffixes(keys, a, b));
        (index, self.duplicates)
    }
}

/// How many folded words the last name has (the part before FIDE's comma; the whole name
/// without one), at most 255.
fn last_name_words(name: &str) -> u8 {
    let last = name.split(',').next().unwrap_or_default();
    let mut key = String::new();
    fold_into(last, &mut key);
    key.split(' ').filter(|w| !w.is_empty()).count().min(255) as u8
}

/// Where each word of the keys starts.
fn word_starts(keys: &[u8]) -> Vec<u32> {
    let mut words = Vec::with_capacity(keys.len() / 5);
    let mut at_start = true;
    for (i, &b) in keys.iter().enumerate() {
        if b == b' ' || b == b'\n' {
            at_start = true;
        } else if at_start {
            words.push(i as u32);
            at_start = false;
        }
    }
    words
}

impl Index {
    /// An index of `records` (a repeated FIDE ID keeps its first record), which hold the
    /// three lists.
    pub fn from_records(records: impl IntoIterator<Item = Record>, month: Option<String>) -> Index {
        let mut builder = Builder::default();
        for record in records {
            builder.add(record);
        }
        builder.finish(month, [true; 3]).0
    }

    /// Reads the list at `path` (see [`super::read`]) into an index. The reading's report
    /// counts a repeated FIDE ID as a skipped line.
    pub fn build(path: &Path, options: ReadOptions<'_>) -> Result<(Index, Reading), ListError> {
        let mut builder = Builder::default();
        let mut reading = super::read(path, options, &mut |record| builder.add(record))?;
        let (index, duplicates) = builder.finish(reading.month.clone(), reading.lists);
        if duplicates > 0 {
            reading.skipped += duplicates;
            reading.first_skipped.push(super::Skipped {
                line: 0,
                column: None,
                message: format!("{duplicates} repeated FIDE IDs: the first record of each kept"),
            });
            reading.records -= duplicates;
        }
        Ok((index, reading))
    }

    /// The number of players.
    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the index has no player.
    pub(crate) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Whether the index holds the ratings of `list` (a single list holds one).
    pub(crate) fn holds(&self, list: RatingList) -> bool {
        self.lists[list_index(list)]
    }

    /// The list's month code, when the file named it.
    pub fn month(&self) -> Option<&str> {
        self.month.as_deref()
    }

    /// The player with this FIDE ID.
    pub fn get(&self, fide_id: u64) -> Option<Record> {
        self.by_id
            .binary_search_by_key(&fide_id, |&i| self.ids[i as usize])
            .ok()
            .map(|k| self.record(self.by_id[k] as usize))
    }

    /// The `k`-th player in FIDE ID order.
    pub(crate) fn at(&self, k: usize) -> Option<Record> {
        self.by_id.get(k).map(|&i| self.record(i as usize))
    }

    /// All the players, by FIDE ID.
    pub fn records(&self) -> impl Iterator<Item = Record> + '_ {
        self.by_id.iter().map(|&i| self.record(i as usize))
    }

    /// The players whose key starts with `prefix` (folded): positions `from..to`.
    pub(crate) fn key_range(&self, prefix: &[u8]) -> std::ops::Range<usize> {
        let cmp = |i: usize| compare_prefix(self.key(i).0.as_bytes(), prefix);
        let from = partition(self.len(), |i| cmp(i) == Ordering::Less);
        let to = from + partition(self.len() - from, |i| cmp(from + i) == Ordering::Equal);
        from..to
    }

    /// The player at position `i` (in key order).
    pub(crate) fn record(&self, i: usize) -> Record {
        let entry = &self.entries[i];
        let profile = &self.profiles[entry.profile as usize];
        let list = |l: usize| ListRating {
            rating: (entry.ratings[l] != 0).then_some(entry.ratings[l]),
            games: entry.games[l],
            k: (entry.k[l] != 0).then_some(entry.k[l]),
        };
        Record {
            fide_id: self.ids[i],
            name: self.name(i).to_string(),
            federation: profile.federation.clone(),
            sex: profile.sex,
            title: profile.title.clone(),
            woman_title: profile.woman_title.clone(),
            other_titles: profile.other_titles.clone(),
            foa_title: profile.foa_title.clone(),
            lists: [list(0), list(1), list(2)],
            birth_year: (entry.birth_year != 0).then_some(entry.birth_year),
            flag: profile.flag.clone(),
        }
    }

    /// The name of the player at position `i`.
    pub(crate) fn name(&self, i: usize) -> &str {
        &self.names[self.name_starts[i] as usize..self.name_starts[i + 1] as usize]
    }

    /// The rating of the player at position `i` in list `l` (0: unrated).
    pub(crate) fn rating(&self, i: usize, l: usize) -> u16 {
        self.entries[i].ratings[l]
    }

    /// The folded key of the player at position `i`, and how many of its words are the
    /// last name.
    pub(crate) fn key(&self, i: usize) -> (&str, u8) {
        let (start, end) = (self.key_starts[i] as usize, self.key_starts[i + 1] as usize);
        (&self.keys[start..end - 1], self.entries[i].last_words)
    }

    /// The folded keys and the sorted word starts, for the search.
    pub(crate) fn words(&self) -> (&[u8], &[u32]) {
        (self.keys.as_bytes(), &self.words)
    }

    /// The player whose key holds the byte at `at`.
    pub(crate) fn player_at(&self, at: u32) -> usize {
        self.key_starts.partition_point(|&s| s <= at) - 1
    }

    /// Saves the index to `path` atomically ([`output`]: a temporary file beside it, flushed
    /// to disk, renamed over it); `inputs` are files it must not replace.
    pub fn save(&self, path: &Path, inputs: &[&Path]) -> Result<(), IndexError> {
        output::Target::resolve(path, Content::Document, inputs)?
            .write_with(|out| self.write_to(out))?;
        Ok(())
    }

    /// Writes the saved form (see the module documentation).
    pub(crate) fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut out = Checked {
            inner: BufWriter::with_capacity(1 << 16, out),
            crc: Crc::new(),
        };
        let month = self.month.as_deref().unwrap_or("");
        let mut end = month.len().min(MAX_MONTH);
        while !month.is_char_boundary(end) {
            end -= 1;
        }
        let month = &month[..end];
        let mut profiles = Vec::new();
        for p in &self.profiles {
            profiles.push(match p.sex {
                None => 0,
                Some(Sex::Male) => 1,
                Some(Sex::Female) => 2,
            });
            for s in [
                &p.federation,
                &p.title,
                &p.woman_title,
                &p.other_titles,
                &p.foa_title,
                &p.flag,
            ] {
                let s = &s.as_bytes()[..s.len().min(usize::from(u16::MAX))];
                profiles.extend_from_slice(&(s.len() as u16).to_le_bytes());
                profiles.extend_from_slice(s);
            }
        }
        out.put(MAGIC)?;
        out.put(&VERSION.to_le_bytes())?;
        out.put(&[month.len() as u8])?;
        out.put(month.as_bytes())?;
        let lists = self
            .lists
            .iter()
            .enumerate()
            .fold(0u8, |bits, (l, &held)| bits | (u8::from(held) << l));
        out.put(&[lists])?;
        for count in [
            self.ids.len() as u64,
            self.names.len() as u64,
            self.profiles.len() as u64,
            profiles.len() as u64,
            self.keys.len() as u64,
            self.words.len() as u64,
        ] {
            out.put(&count.to_le_bytes())?;
        }
        for id in &self.ids {
            out.put(&id.to_le_bytes())?;
        }
        for start in &self.name_starts {
            out.put(&start.to_le_bytes())?;
        }
        for e in &self.entries {
            let mut bytes = [0u8; ENTRY_BYTES as usize];
            bytes[..4].copy_from_slice(&e.profile.to_le_bytes());
            for l in 0..3 {
                bytes[4 + 2 * l..6 + 2 * l].copy_from_slice(&e.ratings[l].to_le_bytes());
                bytes[10 + 2 * l..12 + 2 * l].copy_from_slice(&e.games[l].to_le_bytes());
                bytes[16 + l] = e.k[l];
            }
            bytes[19..21].copy_from_slice(&e.birth_year.to_le_bytes());
            bytes[21] = e.last_words;
            out.put(&bytes)?;
        }
        out.put(self.names.as_bytes())?;
        out.put(&profiles)?;
        out.put(self.keys.as_bytes())?;
        for w in &self.words {
            out.put(&w.to_le_bytes())?;
        }
        for i in &self.by_id {
            out.put(&i.to_le_bytes())?;
        }
        let sum = out.crc.sum();
        out.inner.write_all(&sum.to_le_bytes())?;
        out.inner.flush()
    }

    /// Reads a saved index, checked (see the module documentation).
    pub fn load(path: &Path) -> Result<Index, IndexError> {
        let shown = path.display().to_string();
        let io_error = |source| IndexError::Io {
            path: shown.clone(),
            source,
        };
        let file = File::open(path).map_err(io_error)?;
        let len = file.metadata().map_err(io_error)?.len();
        Index::read_from(BufReader::with_capacity(1 << 16, file), len).map_err(|e| match e {
            Loading::Io(source) => io_error(source),
            Loading::Invalid(message) => IndexError::Invalid {
                path: shown.clone(),
                message,
            },
        })
    }

    /// Reads a saved index of `len` bytes from `input`.
    fn read_from(input: impl Read, len: u64) -> Result<Index, Loading> {
        let mut input = Verified {
            inner: input,
            crc: Crc::new(),
        };
        let mut magic = [0u8; 8];
        input
            .fill(&mut magic)
            .map_err(|_| bad("too short to be a rating list index"))?;
        if &magic != MAGIC {
            return Err(bad("not a swiss-arbiter rating list index"));
        }
        let version = u32::from_le_bytes(input.array()?);
        if version != VERSION {
            return Err(bad(format!(
                "an index of version {version}, this program reads version {VERSION}: index the list again"
            )));
        }
        let [month_len] = input.array()?;
        let mut month = vec![0u8; usize::from(month_len)];
        input.fill(&mut month)?;
        let month = String::from_utf8(month).map_err(|_| bad("a damaged month code"))?;
        let [lists] = input.array()?;
        if lists > 7 {
            return Err(bad("a damaged list of rating lists"));
        }
        let mut counts = [0u64; 6];
        for count in &mut counts {
            *count = u64::from_le_bytes(input.array()?);
        }
        let [n, names_len, profile_count, profiles_len, keys_len, words] = counts;
        let header = 8 + 4 + 1 + u64::from(month_len) + 1 + 6 * 8;
        let expected = [
            n.checked_mul(8),
            n.checked_add(1).and_then(|m| m.checked_mul(4)),
            n.checked_mul(ENTRY_BYTES),
            Some(names_len),
            Some(profiles_len),
            Some(keys_len),
            words.checked_mul(4),
            n.checked_mul(4),
            Some(4),
        ]
        .into_iter()
        .try_fold(header, |sum, part| part.and_then(|p| sum.checked_add(p)));
        if expected != Some(len) {
            return Err(bad(format!(
                "its counts ({n} players) do not match its length ({len} bytes): truncated or damaged; index the list again"
            )));
        }
        if n >= u64::from(u32::MAX)
            || names_len > u64::from(u32::MAX)
            || keys_len > u64::from(u32::MAX)
        {
            return Err(bad("more players or text than an index holds"));
        }
        let n = n as usize;
        let ids = input.vec(n, u64::from_le_bytes)?;
        let name_starts = input.vec(n + 1, u32::from_le_bytes)?;
        let entries = input.vec(n, |b: [u8; ENTRY_BYTES as usize]| {
            let u16_at = |at: usize| u16::from_le_bytes([b[at], b[at + 1]]);
            Entry {
                profile: u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                ratings: [u16_at(4), u16_at(6), u16_at(8)],
                games: [u16_at(10), u16_at(12), u16_at(14)],
                k: [b[16], b[17], b[18]],
                birth_year: u16_at(19),
                last_words: b[21],
            }
        })?;
        let names = input.string(names_len as usize)?;
        let profile_bytes = input.vec(profiles_len as usize, |[b]: [u8; 1]| b)?;
        let keys = input.string(keys_len as usize)?;
        let words = input.vec(words as usize, u32::from_le_bytes)?;
        let by_id = input.vec(n, u32::from_le_bytes)?;
        let sum = input.crc.sum();
        let stored = u32::from_le_bytes(input.array()?);
        if sum != stored {
            return Err(bad(
                "its checksum does not match: the file is damaged; index the list again",
            ));
        }
        let profiles = read_profiles(&profile_bytes, profile_count)?;
        let mut key_starts = Vec::with_capacity(n + 1);
        key_starts.push(0);
        key_starts.extend(
            keys.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        let index = Index {
            month: (!month.is_empty()).then_some(month),
            lists: [0, 1, 2].map(|l| lists & (1 << l) != 0),
            ids,
            by_id,
            entries,
            name_starts,
            names,
            profiles,
            keys,
            key_starts,
            words,
        };
        index.check().map_err(bad)?;
        Ok(index)
    }

    /// Checks every order and offset the lookups rely on.
    fn check(&self) -> Result<(), String> {
        let n = self.ids.len();
        // Strictly increasing IDs through positions in range: a permutation.
        let by_id_ok = self.by_id.len() == n
            && self.by_id.iter().all(|&i| (i as usize) < n)
            && self
                .by_id
                .windows(2)
                .all(|w| self.ids[w[0] as usize] < self.ids[w[1] as usize]);
        if !by_id_ok {
            return Err("its FIDE ID order is damaged".to_string());
        }
        let starts_ok = self.name_starts.first() == Some(&0)
            && self.name_starts.last() == Some(&(self.names.len() as u32))
            && self.name_starts.windows(2).all(|w| w[0] <= w[1])
            && self
                .name_starts
                .iter()
                .all(|&s| self.names.is_char_boundary(s as usize));
        if !starts_ok {
            return Err("its names are out of bounds".to_string());
        }
        if self
            .entries
            .iter()
            .any(|e| e.profile as usize >= self.profiles.len())
        {
            return Err("a player's profile is out of bounds".to_string());
        }
        if self.key_starts.len() != n + 1
            || self.key_starts.last() != Some(&(self.keys.len() as u32))
        {
            return Err("its name keys do not match its players".to_string());
        }
        if !(1..n).all(|i| self.key(i - 1).0 <= self.key(i).0) {
            return Err("its players are out of order".to_string());
        }
        let keys = self.keys.as_bytes();
        if word_starts(keys).len() != self.words.len() {
            return Err("its word list does not match its name keys".to_string());
        }
        let word_ok = |&w: &u32| {
            let w = w as usize;
            w < keys.len()
                && !matches!(keys[w], b' ' | b'\n')
                && (w == 0 || matches!(keys[w - 1], b' ' | b'\n'))
        };
        if !self.words.iter().all(word_ok)
            || !self
                .words
                .windows(2)
                .all(|p| compare_suffixes(keys, p[0], p[1]) != Ordering::Greater)
        {
            return Err("its word list is damaged".to_string());
        }
        Ok(())
    }
}

/// Why a saved index could not be read (the path is added by [`Index::load`]).
enum Loading {
    Io(io::Error),
    Invalid(String),
}

fn bad(message: impl Into<String>) -> Loading {
    Loading::Invalid(message.into())
}

impl From<io::Error> for Loading {
    fn from(e: io::Error) -> Loading {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            bad("truncated: index the list again")
        } else {
            Loading::Io(e)
        }
    }
}

/// The profile table: a sex byte, then six strings each preceded by its length (2 bytes).
fn read_profiles(bytes: &[u8], count: u64) -> Result<Vec<Profile>, Loading> {
    let damaged = || bad("its profile table is damaged");
    let mut profiles = Vec::new();
    let mut rest = bytes;
    for _ in 0..count {
        let (&sex, after) = rest.split_first().ok_or_else(damaged)?;
        rest = after;
        let mut strings: [String; 6] = Default::default();
        for s in &mut strings {
            let len = rest.get(..2).ok_or_else(damaged)?;
            let len = usize::from(u16::from_le_bytes([len[0], len[1]]));
            let text = rest.get(2..2 + len).ok_or_else(damaged)?;
            *s = String::from_utf8(text.to_vec()).map_err(|_| damaged())?;
            rest = &rest[2 + len..];
        }
        let [
            federation,
            title,
            woman_title,
            other_titles,
            foa_title,
            flag,
        ] = strings;
        profiles.push(Profile {
            federation,
            sex: match sex {
                0 => None,
                1 => Some(Sex::Male),
                2 => Some(Sex::Female),
                _ => return Err(damaged()),
            },
            title,
            woman_title,
            other_titles,
            foa_title,
            flag,
        });
    }
    if !rest.is_empty() {
        return Err(damaged());
    }
    Ok(profiles)
}

/// A writer that sums what it writes.
struct Checked<W: Write> {
    inner: W,
    crc: Crc,
}

impl<W: Write> Checked<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.inner.write_all(bytes)
    }
}

/// A reader that sums what it reads.
struct Verified<R: Read> {
    inner: R,
    crc: Crc,
}

impl<R: Read> Verified<R> {
    fn fill(&mut self, buf: &mut [u8]) -> io::Result<()> {
        self.inner.read_exact(buf)?;
        self.crc.update(buf);
        Ok(())
    }

    fn array<const N: usize>(&mut self) -> io::Result<[u8; N]> {
        let mut bytes = [0u8; N];
        self.fill(&mut bytes)?;
        Ok(bytes)
    }

    /// `count` values of `N` bytes each, read in chunks (`count` was checked against the
    /// file's length).
    fn vec<const N: usize, T>(
        &mut self,
        count: usize,
        decode: impl Fn([u8; N]) -> T,
    ) -> io::Result<Vec<T>> {
        let mut values = Vec::with_capacity(count);
        let mut chunk = vec![0u8; N * 8192];
        let mut left = count;
        while left > 0 {
            let take = left.min(8192);
            let bytes = &mut chunk[..take * N];
            self.fill(bytes)?;
            values.extend(bytes.chunks_exact(N).map(|c| {
                let mut value = [0u8; N];
                value.copy_from_slice(c);
                decode(value)
            }));
            left -= take;
        }
        Ok(values)
    }

    fn string(&mut self, len: usize) -> Result<String, Loading> {
        let bytes = self.vec(len, |[b]: [u8; 1]| b)?;
        String::from_utf8(bytes).map_err(|_| bad("its text is damaged"))
    }
}
