//! The journal: every change the venue network made, appended to `EVENT.sarb.journal` and
//! synced to the disk before the phone is told "saved". A restart replays the records the
//! event file and the venue state do not hold yet; folding (after the event file is saved)
//! drops those they now hold. A record cut short by a crash was never acknowledged: it is
//! ignored, as is everything after it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::state::{LineupItem, QueueItem, write_private};
use super::submission::{BoardKey, Choice, Reply, Side};

/// One change of the venue network's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    /// From 1, increasing.
    pub(crate) seq: u64,
    /// The submission's key and the answer it got, for a repeat.
    pub(crate) key: Option<String>,
    pub(crate) reply: Option<Reply>,
    pub(crate) change: Change,
}

/// What changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Change {
    /// A player's entry, waiting for the opponent.
    Entered {
        board: BoardKey,
        side: Side,
        result: Choice,
        at: u64,
    },
    /// A result recorded in the event, in place of `replaces` (`None`: the board had
    /// none); `deputy`: the code that wrote it. Replayed only while the board still
    /// holds what it replaced: a later change of the arbiter's wins.
    Recorded {
        board: BoardKey,
        result: Choice,
        deputy: Option<u32>,
        #[serde(default)]
        replaces: Option<Choice>,
    },
    /// An item for the arbiter.
    Queued(QueueItem),
    /// The arbiter dealt with a board: its entries and queue items go.
    Resolved { board: BoardKey },
    /// A captain's line-up for the arbiter (replacing the team's last for the round).
    LineupQueued(LineupItem),
    /// The arbiter accepted or dismissed a line-up: it goes.
    LineupResolved { id: u64 },
}

/// The journal file, open for appending.
#[derive(Debug)]
pub(crate) struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    /// Opens (or creates) `EVENT.sarb.journal`; returns it with the records it holds, in
    /// order, up to the first damaged one.
    pub(crate) fn open(path: PathBuf) -> io::Result<(Journal, Vec<Record>)> {
        let records = read(&path)?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        let mut journal = Journal { path, file };
        // A torn last line would run into the next record: the file is rewritten with the
        // good records only.
        let text_len = fs::metadata(&journal.path)?.len();
        let good_len: u64 = records.iter().map(|r| line(r).len() as u64).sum();
        if text_len != good_len {
            journal.rewrite(&records)?;
        }
        Ok((journal, records))
    }

    /// Appends a record and syncs it to the disk.
    pub(crate) fn append(&mut self, record: &Record) -> io::Result<()> {
        self.file.write_all(line(record).as_bytes())?;
        self.file.sync_data()
    }

    /// Replaces the journal by these records (atomically).
    pub(crate) fn rewrite(&mut self, records: &[Record]) -> io::Result<()> {
        let text: String = records.iter().map(line).collect();
        write_private(&self.path, text.as_bytes())?;
        self.file = OpenOptions::new().append(true).open(&self.path)?;
        Ok(())
    }
}

fn line(record: &Record) -> String {
    let mut text = serde_json::to_string(record).expect("a record serialises");
    text.push('\n');
    text
}

/// The records of a journal file, up to the first line that is not a whole record.
fn read(path: &Path) -> io::Result<Vec<Record>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", path.display()))),
    };
    let mut records = Vec::new();
    let mut reader = BufReader::new(file);
    let mut buffer = String::new();
    loop {
        buffer.clear();
        let n = reader.read_line(&mut buffer)?;
        if n == 0 || !buffer.ends_with('\n') {
            break;
        }
        match serde_json::from_str::<Record>(&buffer) {
            Ok(r) if records.last().is_none_or(|l: &Record| l.seq < r.seq) => records.push(r),
            _ => break,
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: u64) -> Record {
        Record {
            seq,
            key: Some(format!("key-{seq:08}")),
            reply: None,
            change: Change::Resolved {
                board: BoardKey {
                    section: 0,
                    round: 1,
                    board: 1,
                    white: 1,
                    black: 2,
                },
            },
        }
    }

    #[test]
    fn records_read_back_and_a_torn_tail_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.sarb.journal");
        let (mut j, none) = Journal::open(path.clone()).unwrap();
        assert!(none.is_empty());
        for seq in 1..=3 {
            j.append(&record(seq)).unwrap();
        }
        drop(j);
        // A crash in the middle of the fourth record.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(br#"{"seq":4,"key":nu"#).unwrap();
        drop(f);
        let (mut j, records) = Journal::open(path.clone()).unwrap();
        assert_eq!(records, (1..=3).map(record).collect::<Vec<_>>());
        j.append(&record(4)).unwrap();
        let (_, records) = Journal::open(path).unwrap();
        assert_eq!(records, (1..=4).map(record).collect::<Vec<_>>());
    }
}
