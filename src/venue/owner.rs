//! The one writer: what the program that has the event open does with a submission from
//! the network. Every check is made here, against the event as it is now: the
//! credential and its scope, that the round is published, what the board holds. A change
//! is appended to the journal and synced before it is made, and the answer is given only
//! then; a change to the event goes through the one door ([`Document::apply_to`]), with
//! its validation, undo step and integrity-log entry, as a click in the window.

use std::io;
use std::path::{Path, PathBuf};

use crate::document::{Document, Edit};
use crate::tournament::{BoardResult, Tournament};

use super::codes::Secret;
use super::journal::{Change, Journal, Record};
use super::state::{
    Acceptance, Concern, DeputyCode, Entry, QueueItem, Rights, VenueState, state_path, with_suffix,
};
use super::submission::{BoardKey, Choice, Credential, Outcome, Reply, Request, Side, Submission};

mod lineups;

/// The venue network's side of an open event: its lasting state and journal.
#[derive(Debug)]
pub struct Venue {
    /// Held while this program owns the event's venue network (see [`Venue::open`]).
    _lock: std::fs::File,
    event: PathBuf,
    state: VenueState,
    journal: Journal,
    /// The journal's records not yet folded, in order.
    unfolded: Vec<Record>,
    next_seq: u64,
}

/// An item the arbiter sees in the window's queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// One player's entry, not confirmed yet.
    Unconfirmed(Entry),
    /// An item that needs the arbiter.
    Item(QueueItem),
}

impl Waiting {
    pub fn board(&self) -> BoardKey {
        match self {
            Waiting::Unconfirmed(e) => e.board,
            Waiting::Item(i) => i.board,
        }
    }

    /// The result the arbiter accepts with one key, when there is one to accept.
    pub fn proposed(&self) -> Option<Choice> {
        match self {
            Waiting::Unconfirmed(e) => Some(e.result),
            Waiting::Item(i) => match &i.concern {
                Concern::Confirmed(c) | Concern::Held { result: c, .. } => Some(*c),
                Concern::Disagreement { .. } | Concern::Disputed { .. } => None,
            },
        }
    }

    /// The results the arbiter may accept with one click, each with its label: the one
    /// proposed, or each side's in a disagreement or a dispute.
    pub fn choices(&self) -> Vec<(String, Choice)> {
        match self {
            Waiting::Unconfirmed(e) => vec![(format!("Accept {}", e.result.text()), e.result)],
            Waiting::Item(i) => match &i.concern {
                Concern::Confirmed(c) | Concern::Held { result: c, .. } => {
                    vec![(format!("Accept {}", c.text()), *c)]
                }
                Concern::Disagreement { white, black } => vec![
                    (format!("White's {}", white.text()), *white),
                    (format!("Black's {}", black.text()), *black),
                ],
                Concern::Disputed { claim, side, .. } => {
                    vec![(format!("{}'s {}", side.name(), claim.text()), *claim)]
                }
            },
        }
    }

    /// What the item is, in words.
    pub fn describe(&self) -> String {
        match self {
            Waiting::Unconfirmed(e) => format!(
                "{} entered {}; not confirmed by the opponent",
                e.side.name(),
                e.result.text()
            ),
            Waiting::Item(i) => match &i.concern {
                Concern::Confirmed(c) => format!("{} confirmed by both players", c.text()),
                Concern::Held { result, why } => {
                    format!("{} confirmed by both players; {why}", result.text())
                }
                Concern::Disagreement { white, black } => format!(
                    "the players disagree: White entered {}, Black {}",
                    white.text(),
                    black.text()
                ),
                Concern::Disputed {
                    recorded,
                    claim,
                    side,
                } => format!(
                    "{} disputes the recorded {recorded}: says {}",
                    side.name(),
                    claim.text()
                ),
            },
        }
    }
}

impl Venue {
    /// Opens the venue network of the event saved at `event` (its state is made on the
    /// first opening) and replays into `doc` what the journal holds that the file does
    /// not. Returns it with the number of records replayed.
    ///
    /// One program at a time: a second (another window, `serve`, a `venue` command) is
    /// refused while the first runs, so that two writers never share a journal. The
    /// lock is the operating system's on `EVENT.sarb.venue-lock`: a crash or a kill
    /// releases it.
    pub fn open(event: &Path, doc: &mut Document) -> io::Result<(Venue, usize)> {
        let lock = lock(event)?;
        let state = VenueState::open(event)?;
        let (journal, records) = Journal::open(with_suffix(event, ".journal"))?;
        let mut venue = Venue {
            _lock: lock,
            event: event.to_path_buf(),
            next_seq: state.folded + 1,
            state,
            journal,
            unfolded: Vec::new(),
        };
        let mut replayed = 0;
        for record in records {
            if record.seq <= venue.state.folded {
                continue;
            }
            venue.next_seq = record.seq + 1;
            if record.seq <= venue.state.applied {
                venue.commit_event(doc, &record);
            } else {
                venue.commit(doc, &record);
            }
            venue.unfolded.push(record);
            replayed += 1;
        }
        Ok((venue, replayed))
    }

    /// The secret of the venue state kept beside `event`, read without opening the
    /// journal (while `serve` runs, to print board cards); an error when there is none.
    pub fn secret_of(event: &Path) -> io::Result<Secret> {
        let text = std::fs::read_to_string(state_path(event))?;
        let state: VenueState = ron::from_str(&text)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
        Ok(state.secret)
    }

    /// The event file this belongs to.
    pub fn event_path(&self) -> &Path {
        &self.event
    }

    /// The secret the board tokens are made from.
    pub fn secret(&self) -> &Secret {
        &self.state.secret
    }

    pub fn acceptance(&self) -> Acceptance {
        self.state.acceptance
    }

    /// The deputies' codes, revoked ones included.
    pub fn codes(&self) -> &[DeputyCode] {
        &self.state.codes
    }

    /// Whether the journal holds records the event file may not (a save then a
    /// [`fold`](Venue::fold) empties it).
    pub fn has_unfolded(&self) -> bool {
        !self.unfolded.is_empty()
    }

    /// The last record written (0 if none): a save of the event made now holds every
    /// record up to it.
    pub fn last_seq(&self) -> u64 {
        self.next_seq - 1
    }

    /// Chooses what happens to confirmed results (kept at once).
    pub fn set_acceptance(&mut self, acceptance: Acceptance) -> io::Result<()> {
        self.state.acceptance = acceptance;
        self.state.save(&self.event)
    }

    /// Makes a deputy's code for a section's boards `first..=last` (from 1), valid until
    /// `expires` (Unix seconds); returns the code, shown only now.
    pub fn add_code(
        &mut self,
        label: &str,
        section: usize,
        boards: (usize, usize),
        rights: Rights,
        expires: u64,
    ) -> io::Result<String> {
        let (code, _) = self
            .state
            .add_code(label.to_string(), section, boards, rights, expires)?;
        self.state.save(&self.event)?;
        Ok(code)
    }

    /// Revokes a deputy's code; false when there is none with that id.
    pub fn revoke(&mut self, id: u32) -> io::Result<bool> {
        let Some(code) = self.state.codes.iter_mut().find(|c| c.id == id) else {
            return Ok(false);
        };
        code.revoked = true;
        self.state.save(&self.event)?;
        Ok(true)
    }

    /// The entries and items waiting for the arbiter, oldest first; those of boards that
    /// have a result since (the arbiter entered it) are left out.
    pub fn waiting(&self, sections: &[Tournament]) -> Vec<Waiting> {
        let open = |board: &BoardKey| {
            board
                .result_in(sections)
                .is_some_and(|r| r == BoardResult::Pending)
                || self
                    .state
                    .queue
                    .iter()
                    .any(|i| i.board == *board && matches!(i.concern, Concern::Disputed { .. }))
        };
        let mut out: Vec<(u64, Waiting)> = self
            .state
            .pending
            .iter()
            .filter(|e| open(&e.board))
            .map(|e| (e.at, Waiting::Unconfirmed(e.clone())))
            .chain(
                self.state
                    .queue
                    .iter()
                    .filter(|i| open(&i.board))
                    .map(|i| (i.at, Waiting::Item(i.clone()))),
            )
            .collect();
        out.sort_by_key(|(at, w)| (*at, w.board()));
        out.into_iter().map(|(_, w)| w).collect()
    }

    /// What the server shows: the event as `sections` hold it at `revision`.
    pub fn view(&self, sections: &[Tournament], revision: u64) -> super::View {
        super::View {
            revision,
            sections: std::sync::Arc::new(sections.to_vec()),
            secret: self.state.secret.clone(),
            codes: self.state.codes.clone(),
            entries: self.state.pending.clone(),
            lineups: self.state.lineups.clone(),
            queue: self.state.queue.clone(),
        }
    }

    /// What a board's page shows of the entries waiting on it.
    pub fn entries_on(&self, board: &BoardKey) -> Vec<Entry> {
        self.state
            .pending
            .iter()
            .filter(|e| e.board == *board)
            .cloned()
            .collect()
    }

    /// The arbiter has dealt with a board (accepted or corrected its result in the
    /// window, or dismissed its items): they leave the queue, durably.
    pub fn resolve(&mut self, board: BoardKey) -> io::Result<()> {
        let record = self.record(None, None, Change::Resolved { board });
        self.write(record)
    }

    /// Appends a record of the venue's state only (no change to the event), then makes
    /// it.
    fn write(&mut self, record: Record) -> io::Result<()> {
        self.journal.append(&record)?;
        self.commit_state(&record);
        self.unfolded.push(record);
        Ok(())
    }

    /// Folds the journal after the event file was saved holding every record up to
    /// `through` ([`last_seq`](Venue::last_seq) taken when the save's copy was made): the
    /// state is written, and the journal keeps only later records.
    pub fn fold(&mut self, through: u64) -> io::Result<()> {
        self.state.folded = self.state.folded.max(through);
        self.state.save(&self.event)?;
        self.unfolded.retain(|r| r.seq > through);
        self.journal.rewrite(&self.unfolded)
    }

    /// Handles a request from a phone: a board's result ([`Venue::submit`]) or a team's
    /// line-up ([`Venue::submit_lineup`]).
    pub fn handle(&mut self, doc: &mut Document, request: Request, now: u64) -> Reply {
        match request {
            Request::Result(sub) => self.submit(doc, sub, now),
            Request::Lineup(sub) => self.submit_lineup(doc.sections(), sub, now),
        }
    }

    /// Handles a submission: checks it, makes it durable, applies it, answers. `now`:
    /// Unix seconds. A refused or failed submission changes nothing.
    pub fn submit(&mut self, doc: &mut Document, sub: Submission, now: u64) -> Reply {
        if let Some(reply) = self.state.answer(&sub.key) {
            return reply.clone();
        }
        let change = match self.decide(doc.sections(), &sub, now) {
            Ok(change) => change,
            Err(reply) => return reply,
        };
        let Some((change, reply)) = change else {
            return Reply::new(
                200,
                Outcome::Unchanged,
                "The board already has this result.",
            );
        };
        let record = self.record(Some(sub.key), Some(reply.clone()), change);
        if let Err(e) = self.journal.append(&record) {
            return Reply::new(
                503,
                Outcome::Failed,
                format!("Not saved ({e}); nothing changed: send it again."),
            );
        }
        self.commit(doc, &record);
        self.unfolded.push(record);
        reply
    }

    fn record(&mut self, key: Option<String>, reply: Option<Reply>, change: Change) -> Record {
        let seq = self.next_seq;
        self.next_seq += 1;
        Record {
            seq,
            key,
            reply,
            change,
        }
    }

    /// What a submission changes, with the answer; `Ok(None)` when nothing needs to.
    fn decide(
        &self,
        sections: &[Tournament],
        sub: &Submission,
        now: u64,
    ) -> Result<Option<(Change, Reply)>, Reply> {
        let t = sections
            .get(sub.section)
            .ok_or_else(|| Reply::refused(404, "No such section."))?;
        let board = board_key(t, sub.section, sub.round, sub.board)
            .ok_or_else(|| Reply::refused(404, "No such board in this round."))?;
        if !t.is_published(sub.round) {
            return Err(Reply::refused(
                409,
                format!(
                    "Round {} is not published: results are entered once it is.",
                    sub.round
                ),
            ));
        }
        let now_result = board.result_in(sections).unwrap_or(BoardResult::Pending);
        match &sub.credential {
            Credential::Deputy(code) => {
                let deputy = self.check_deputy(code, &board, now)?;
                if now_result == sub.result.board_result() {
                    return Ok(None);
                }
                if now_result != BoardResult::Pending {
                    let from_network =
                        self.state.network_results.get(&board).copied() == Choice::of(now_result);
                    if deputy.rights == Rights::FillBlank || !from_network {
                        return Err(Reply::refused(
                            409,
                            format!(
                                "The board has a result ({}) that this code may not change: ask the arbiter.",
                                now_result.text()
                            ),
                        ));
                    }
                }
                self.record_or_hold(t, board, sub.result, Some(deputy.id), now_result, now)
                    .map(Some)
            }
            Credential::Board { token, side } => {
                if !self
                    .state
                    .secret
                    .is_board_token(token, sub.section, sub.round, sub.board)
                {
                    return Err(Reply::refused(403, "This code does not open this board."));
                }
                if !sub.result.is_played() {
                    return Err(Reply::refused(
                        422,
                        "Players enter the result of a game played; forfeits are the arbiter's.",
                    ));
                }
                if now_result == sub.result.board_result() {
                    return Ok(None);
                }
                if now_result != BoardResult::Pending {
                    let item = self.item(
                        board,
                        Concern::Disputed {
                            recorded: now_result.text().to_string(),
                            claim: sub.result,
                            side: *side,
                        },
                        now,
                    );
                    return Ok(Some((
                        Change::Queued(item),
                        Reply::new(
                            202,
                            Outcome::Queued,
                            format!(
                                "The board's result is {}. Your entry went to the arbiter.",
                                now_result.text()
                            ),
                        ),
                    )));
                }
                if self
                    .state
                    .queue
                    .iter()
                    .any(|i| i.board == board && !matches!(i.concern, Concern::Disputed { .. }))
                {
                    return Err(Reply::refused(
                        409,
                        "This board's result waits for the arbiter: he decides it. See him if something is wrong.",
                    ));
                }
                let other = self
                    .state
                    .pending
                    .iter()
                    .find(|e| e.board == board && e.side != *side);
                match other {
                    None => Ok(Some((
                        Change::Entered {
                            board,
                            side: *side,
                            result: sub.result,
                            at: now,
                        },
                        Reply::new(
                            202,
                            Outcome::Waiting,
                            format!(
                                "Saved: {} for board {}. Your opponent confirms it on his phone or this one.",
                                sub.result.text(),
                                board.board
                            ),
                        ),
                    ))),
                    Some(e) if e.result == sub.result => match self.state.acceptance {
                        Acceptance::AcceptConfirmed => self
                            .record_or_hold(t, board, sub.result, None, now_result, now)
                            .map(Some),
                        Acceptance::QueueAll => Ok(Some((
                            Change::Queued(self.item(board, Concern::Confirmed(sub.result), now)),
                            Reply::new(
                                202,
                                Outcome::Queued,
                                "Confirmed by both players: the arbiter records it.",
                            ),
                        ))),
                    },
                    Some(e) => {
                        let (white, black) = match side {
                            Side::White => (sub.result, e.result),
                            Side::Black => (e.result, sub.result),
                        };
                        Ok(Some((
                            Change::Queued(self.item(
                                board,
                                Concern::Disagreement { white, black },
                                now,
                            )),
                            Reply::new(
                                202,
                                Outcome::Queued,
                                format!(
                                    "Your opponent entered {}: the arbiter decides.",
                                    e.result.text()
                                ),
                            ),
                        )))
                    }
                }
            }
        }
    }

    /// A code that is known, not revoked and not expired at `now`.
    fn check_code(&self, code: &str, now: u64) -> Result<&DeputyCode, Reply> {
        let found = self
            .state
            .deputy(code)
            .ok_or_else(|| Reply::refused(403, "Unknown code."))?;
        if found.revoked {
            return Err(Reply::refused(403, "This code was revoked."));
        }
        if now >= found.expires {
            return Err(Reply::refused(403, "This code has expired."));
        }
        Ok(found)
    }

    /// A deputy's code that allows writing `board` now.
    fn check_deputy(&self, code: &str, board: &BoardKey, now: u64) -> Result<&DeputyCode, Reply> {
        let deputy = self.check_code(code, now)?;
        if !deputy.rights.writes_results() {
            return Err(Reply::refused(
                403,
                "A captain's code hands in line-ups; results are entered at the board.",
            ));
        }
        if deputy.section != board.section
            || !(deputy.first_board..=deputy.last_board).contains(&board.board)
        {
            return Err(Reply::refused(
                403,
                "This board is outside the boards of your code.",
            ));
        }
        Ok(deputy)
    }

    /// A result to record, or to hold for the arbiter when the model warns of it (a
    /// later round paired from it, FIDE mode's questions): the arbiter decides those.
    fn record_or_hold(
        &self,
        t: &Tournament,
        board: BoardKey,
        result: Choice,
        deputy: Option<u32>,
        before: BoardResult,
        now: u64,
    ) -> Result<(Change, Reply), Reply> {
        let edit = set_result(&board, result);
        if let Err(e) = t.allows(&edit) {
            return Err(Reply::refused(409, format!("Refused: {e}")));
        }
        let warnings = edit.warnings(t);
        let grave = warnings
            .iter()
            .find(|w| w.level >= crate::tournament::WarningLevel::Confirm);
        let why = match (edit.later_rounds_paired(t), grave) {
            (Some(later), _) => Some(format!(
                "round {} is paired after it: the arbiter decides",
                later.later.first().copied().unwrap_or(board.round + 1)
            )),
            (None, Some(w)) => Some(w.text.clone()),
            (None, None) => None,
        };
        Ok(match why {
            Some(why) => (
                Change::Queued(self.item(board, Concern::Held { result, why }, now)),
                Reply::new(202, Outcome::Queued, "Saved: the arbiter records it."),
            ),
            None => (
                Change::Recorded {
                    board,
                    result,
                    deputy,
                    replaces: Choice::of(before),
                },
                Reply::new(
                    200,
                    Outcome::Recorded,
                    format!("Result recorded: board {}, {}.", board.board, result.text()),
                ),
            ),
        })
    }

    fn item(&self, board: BoardKey, concern: Concern, at: u64) -> QueueItem {
        QueueItem {
            id: self.state.next_item,
            board,
            concern,
            at,
        }
    }

    /// Makes a record's change: to the event (through the door) and to the state. Run
    /// live and on replay: a change the event already holds, or that the arbiter has
    /// since overruled, is not made again.
    fn commit(&mut self, doc: &mut Document, record: &Record) {
        self.commit_event(doc, record);
        self.commit_state(record);
    }

    /// The event's part of a record's change.
    fn commit_event(&self, doc: &mut Document, record: &Record) {
        if let Change::Recorded {
            board,
            result,
            replaces,
            ..
        } = &record.change
        {
            let expected = replaces.map_or(BoardResult::Pending, Choice::board_result);
            if board.result_in(doc.sections()) == Some(expected) {
                // Checked by `decide` (live); on replay a refusal means the arbiter
                // changed the board since, and the arbiter wins.
                let _ = doc.apply_to(board.section, set_result(board, *result));
            }
        }
    }

    fn commit_state(&mut self, record: &Record) {
        let state = &mut self.state;
        state.applied = state.applied.max(record.seq);
        match &record.change {
            Change::Entered {
                board,
                side,
                result,
                at,
            } => {
                state
                    .pending
                    .retain(|e| !(e.board == *board && e.side == *side));
                state.pending.push(Entry {
                    board: *board,
                    side: *side,
                    result: *result,
                    at: *at,
                });
            }
            Change::Recorded {
                board,
                result,
                deputy,
                ..
            } => {
                state.network_results.insert(*board, *result);
                state.pending.retain(|e| e.board != *board);
                state
                    .queue
                    .retain(|i| i.board != *board || matches!(i.concern, Concern::Disputed { .. }));
                if let Some(code) = state.codes.iter_mut().find(|c| Some(c.id) == *deputy) {
                    code.writes += 1;
                }
            }
            Change::Queued(item) => {
                if !matches!(item.concern, Concern::Disputed { .. }) {
                    state.pending.retain(|e| e.board != item.board);
                }
                state.next_item = state.next_item.max(item.id + 1);
                if !state.queue.iter().any(|i| i.id == item.id) {
                    state.queue.push(item.clone());
                }
            }
            Change::Resolved { board } => {
                state.pending.retain(|e| e.board != *board);
                state.queue.retain(|i| i.board != *board);
            }
            Change::LineupQueued(item) => {
                state.next_item = state.next_item.max(item.id + 1);
                state.lineups.retain(|l| {
                    (l.section, l.round, l.team) != (item.section, item.round, item.team)
                });
                state.lineups.push(item.clone());
            }
            Change::LineupResolved { id } => state.lineups.retain(|l| l.id != *id),
        }
        if let (Some(key), Some(reply)) = (&record.key, &record.reply)
            && state.answer(key).is_none()
        {
            state.remember(key.clone(), reply.clone());
        }
    }
}

/// Takes the lock of an event's venue network.
fn lock(event: &Path) -> io::Result<std::fs::File> {
    let path = with_suffix(event, ".venue-lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(io::Error::new(
            io::ErrorKind::WouldBlock,
            "the venue network of this event is already running in another window or `serve`: stop it first",
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// The board `board` (from 1) of a section's round, by its players.
pub fn board_key(t: &Tournament, section: usize, round: u32, board: usize) -> Option<BoardKey> {
    let b = t.boards(round).into_iter().nth(board.checked_sub(1)?)?;
    Some(BoardKey {
        section,
        round,
        board,
        white: b.white,
        black: b.black,
    })
}

fn set_result(board: &BoardKey, result: Choice) -> Edit {
    Edit::SetResult {
        round: board.round,
        white: board.white,
        black: board.black,
        result: result.board_result(),
    }
}

/// Where the venue state of an event is kept (for the docs and the window).
pub fn state_file(event: &Path) -> PathBuf {
    state_path(event)
}
