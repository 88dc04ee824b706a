//! What the venue network keeps between runs, beside the event file (`EVENT.sarb.venue`):
//! the venue secret, the deputies' codes (hashed), the arbiter's choice of what happens to
//! a confirmed result, the entries waiting for an opponent's confirmation, the arbiter's
//! queue, and the answers already given (so that a retried submission gets the same
//! answer and changes nothing twice). Written atomically, readable by its owner only: it
//! holds the secret the board tokens are made from.

use std::collections::{BTreeMap, VecDeque};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::codes::{Secret, code_hash, matches_hash, new_deputy_code};
use super::submission::{BoardKey, Choice, Reply, Side};

/// How many answers are remembered for repeated submissions.
const ANSWERS_KEPT: usize = 20_000;

/// What a deputy's code lets its holder do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rights {
    /// Enter a result where the board has none (a helper).
    FillBlank,
    /// Also correct a result that came from the network (a deputy arbiter); never one the
    /// arbiter entered.
    Correct,
    /// A team captain's: hand in the team's line-ups (for the arbiter to accept); no
    /// results. The code's board range is unused.
    Captain { team: u32 },
}

impl Rights {
    /// Whether the code writes results (a deputy's or helper's, not a captain's).
    pub fn writes_results(self) -> bool {
        !matches!(self, Rights::Captain { .. })
    }
}

/// A deputy's or helper's code: its hash, scope, rights, expiry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeputyCode {
    pub id: u32,
    /// Whose code it is, as the arbiter named it.
    pub label: String,
    /// SHA-256 of the code; the code itself is shown once, when made.
    pub(crate) hash: String,
    /// The section (from 0).
    pub section: usize,
    /// The boards it may write, inclusive, from 1.
    pub first_board: usize,
    pub last_board: usize,
    pub rights: Rights,
    /// Unix time (seconds) after which it is refused.
    pub expires: u64,
    pub revoked: bool,
    /// How many results it wrote.
    pub writes: u32,
}

/// What happens to a result both players confirmed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Acceptance {
    /// Recorded at once, as if the arbiter had typed it.
    #[default]
    AcceptConfirmed,
    /// Queued for the arbiter, who accepts it with one key.
    QueueAll,
}

/// A player's entry waiting for the opponent's confirmation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub board: BoardKey,
    pub side: Side,
    pub result: Choice,
    pub at: u64,
}

/// Why an item is in the arbiter's queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Concern {
    /// Both players entered the result (held for the arbiter by his choice).
    Confirmed(Choice),
    /// The players entered different results.
    Disagreement { white: Choice, black: Choice },
    /// A player disputes a result already recorded.
    Disputed {
        recorded: String,
        claim: Choice,
        side: Side,
    },
    /// Both players entered it, and the model asks the arbiter first (a later round
    /// paired from it; a question of FIDE mode's).
    Held { result: Choice, why: String },
}

/// An item of the arbiter's queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueItem {
    pub id: u64,
    pub board: BoardKey,
    pub concern: Concern,
    pub at: u64,
}

/// A line-up a captain handed in, waiting for the arbiter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupItem {
    pub id: u64,
    /// From 0.
    pub section: usize,
    pub round: u32,
    pub team: u32,
    /// The player on each board, from board 1 (`None`: the board left empty).
    pub players: Vec<Option<u32>>,
    /// The captain's code that sent it.
    pub code: u32,
    pub at: u64,
}

/// The venue network's lasting state.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct VenueState {
    pub(crate) secret: Secret,
    pub(crate) codes: Vec<DeputyCode>,
    pub(crate) acceptance: Acceptance,
    pub(crate) pending: Vec<Entry>,
    pub(crate) queue: Vec<QueueItem>,
    /// The captains' line-ups waiting for the arbiter (one per team and round: a new one
    /// replaces the last).
    #[serde(default)]
    pub(crate) lineups: Vec<LineupItem>,
    /// The results that came from the network, as recorded: a deputy may correct these,
    /// never another.
    pub(crate) network_results: BTreeMap<BoardKey, Choice>,
    /// The answers given to keyed submissions, oldest first.
    pub(crate) answers: VecDeque<(String, Reply)>,
    pub(crate) next_item: u64,
    /// The last journal record folded into this state and the event file.
    pub(crate) folded: u64,
    /// The last journal record whose change this state holds (it is saved between folds
    /// when a code is made or revoked): a replay makes only the event's part of those.
    #[serde(default)]
    pub(crate) applied: u64,
}

impl VenueState {
    /// A new state with a new secret.
    pub(crate) fn new() -> io::Result<VenueState> {
        Ok(VenueState {
            secret: Secret::generate().map_err(|e| io::Error::other(e.to_string()))?,
            codes: Vec::new(),
            acceptance: Acceptance::default(),
            pending: Vec::new(),
            queue: Vec::new(),
            lineups: Vec::new(),
            network_results: BTreeMap::new(),
            answers: VecDeque::new(),
            next_item: 1,
            folded: 0,
            applied: 0,
        })
    }

    /// Reads the state beside `event`, or makes a new one (written at once, so that the
    /// secret of printed tokens survives a crash).
    pub(crate) fn open(event: &Path) -> io::Result<VenueState> {
        let path = state_path(event);
        match fs::read_to_string(&path) {
            Ok(text) => ron::from_str(&text).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let state = VenueState::new()?;
                state.save(event)?;
                Ok(state)
            }
            Err(e) => Err(io::Error::new(e.kind(), format!("{}: {e}", path.display()))),
        }
    }

    /// Writes the state beside `event`, atomically and durably, readable by its owner
    /// only.
    pub(crate) fn save(&self, event: &Path) -> io::Result<()> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| io::Error::other(e.to_string()))?;
        write_private(&state_path(event), text.as_bytes())
    }

    /// The code whose hash `code` matches (every stored hash is compared, in constant
    /// time each).
    pub(crate) fn deputy(&self, code: &str) -> Option<&DeputyCode> {
        let mut found = None;
        for c in &self.codes {
            if matches_hash(code, &c.hash) && found.is_none() {
                found = Some(c);
            }
        }
        found
    }

    /// Makes a deputy's code; returns it (shown once) and its record.
    pub(crate) fn add_code(
        &mut self,
        label: String,
        section: usize,
        boards: (usize, usize),
        rights: Rights,
        expires: u64,
    ) -> io::Result<(String, DeputyCode)> {
        let code = new_deputy_code().map_err(|e| io::Error::other(e.to_string()))?;
        let record = DeputyCode {
            id: self.codes.iter().map(|c| c.id).max().unwrap_or(0) + 1,
            label,
            hash: code_hash(&code),
            section,
            first_board: boards.0.min(boards.1),
            last_board: boards.0.max(boards.1),
            rights,
            expires,
            revoked: false,
            writes: 0,
        };
        self.codes.push(record.clone());
        Ok((code, record))
    }

    /// Remembers the answer to a keyed submission.
    pub(crate) fn remember(&mut self, key: String, reply: Reply) {
        self.answers.push_back((key, reply));
        while self.answers.len() > ANSWERS_KEPT {
            self.answers.pop_front();
        }
    }

    /// The answer already given to `key`.
    pub(crate) fn answer(&self, key: &str) -> Option<&Reply> {
        self.answers
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, r)| r)
    }
}

/// `EVENT.sarb.venue`.
pub(crate) fn state_path(event: &Path) -> PathBuf {
    with_suffix(event, ".venue")
}

/// The event's path with `suffix` after its whole name.
pub(crate) fn with_suffix(event: &Path, suffix: &str) -> PathBuf {
    let mut name = event.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Writes `bytes` to `path` atomically (a new file renamed over it, both synced), mode
/// 0600 on Unix.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".venue-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    #[cfg(unix)]
    fs::File::open(dir)?.sync_all()?;
    Ok(())
}
