//! Work on a background thread (pairing a round, explaining it, checking an override
//! edit, writing a file), so that the window keeps drawing while a large round is computed
//! or a big event is saved. Cancelling drops the channel: the thread finishes on its own
//! and its result is discarded.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use eframe::egui;

use crate::pairing::{Explainer, ManualCheck, PairingError, PairingRequest, RoundPairing};

/// A computation on a background thread; `E` is how it fails.
#[derive(Debug)]
pub struct Job<T, E = PairingError> {
    /// The round it is about (0 for a file).
    pub round: u32,
    /// The edit count of the document when the job started; a result for an older state
    /// is discarded.
    pub revision: u64,
    started: Instant,
    receiver: Receiver<Result<T, E>>,
    /// The result, once [`Job::wait_ready`] waited for it (taken by the next poll).
    ready: Mutex<Option<Result<T, E>>>,
}

/// A job's failure to run at all (no thread, or a thread that stopped without a result).
pub trait JobFailure {
    fn not_run(round: u32, reason: String) -> Self;
}

impl JobFailure for PairingError {
    fn not_run(round: u32, reason: String) -> Self {
        PairingError::InvalidRequest { round, reason }
    }
}

impl JobFailure for String {
    fn not_run(_round: u32, reason: String) -> Self {
        reason
    }
}

/// What a file job wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writing {
    /// The event in the native format: the document's file from now on.
    Save,
    /// A printable document, to open in the system's viewer.
    Print,
    /// A TRF export.
    ExportTrf,
    /// The public pages as a static site (a folder; the page count is its one note).
    Site,
}

/// A file written on a background thread: what, where, and what the format did not hold
/// of the event (one sentence each, for the arbiter).
pub type FileJob = Job<(Writing, PathBuf, Vec<String>), String>;

/// Pairing a round: the engine's pairing with its explainer, from one solve.
pub type PairingJob = Job<Arc<dyn Explainer>>;

/// The engine's pairing of a round explained, and the recorded pairing checked against it.
pub struct Insight {
    /// Shared with the checks of override edits, which run on their own threads.
    pub explainer: Arc<dyn Explainer>,
    pub recorded: ManualCheck,
}

impl std::fmt::Debug for Insight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Insight")
            .field("round", &self.recorded.pairing.round)
            .finish()
    }
}

impl<T: Send + 'static, E: JobFailure + Send + 'static> Job<T, E> {
    /// Runs `work` on a new thread; `ctx` is asked to repaint when the result is ready.
    pub(super) fn spawn(
        name: String,
        round: u32,
        revision: u64,
        ctx: &egui::Context,
        work: impl FnOnce() -> Result<T, E> + Send + 'static,
    ) -> Result<Job<T, E>, E> {
        let (sender, receiver) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name(name)
            .spawn(move || {
                // The receiver is gone when the arbiter cancelled: nothing to do.
                let _ = sender.send(work());
                ctx.request_repaint();
            })
            .map_err(|e| E::not_run(round, format!("cannot start a background thread: {e}")))?;
        Ok(Job {
            round,
            revision,
            started: Instant::now(),
            receiver,
            ready: Mutex::new(None),
        })
    }

    /// Time since the job started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The result, once the thread has delivered it.
    pub fn poll(&self) -> Option<Result<T, E>> {
        if let Some(ready) = self.ready_slot().take() {
            return Some(ready);
        }
        match self.receiver.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(self.lost())),
        }
    }

    /// Waits for the result.
    pub fn wait(self) -> Result<T, E> {
        if let Some(ready) = self.ready_slot().take() {
            return ready;
        }
        self.receiver.recv().unwrap_or_else(|_| Err(self.lost()))
    }

    /// Waits until the thread has delivered its result, which the next [`Self::poll`]
    /// returns (what a test waits for between frames: the work done, never a time).
    pub fn wait_ready(&self) {
        let mut ready = self.ready_slot();
        if ready.is_none() {
            *ready = Some(self.receiver.recv().unwrap_or_else(|_| Err(self.lost())));
        }
    }

    fn ready_slot(&self) -> std::sync::MutexGuard<'_, Option<Result<T, E>>> {
        self.ready.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn lost(&self) -> E {
        E::not_run(
            self.round,
            "the background thread stopped without a result".into(),
        )
    }
}

impl FileJob {
    /// Starts writing a file: `work` writes `path` (a snapshot of the event moved into it)
    /// and returns its warnings.
    pub fn write(
        what: Writing,
        path: PathBuf,
        revision: u64,
        ctx: &egui::Context,
        work: impl FnOnce(&std::path::Path) -> Result<Vec<String>, String> + Send + 'static,
    ) -> Result<FileJob, String> {
        Job::spawn(format!("write-{what:?}"), 0, revision, ctx, move || {
            work(&path).map(|warnings| (what, path, warnings))
        })
    }
}

impl PairingJob {
    /// Starts pairing the requested round.
    pub fn start(
        request: PairingRequest,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<PairingJob, PairingError> {
        let round = request.round();
        Job::spawn(
            format!("pair-round-{round}"),
            round,
            revision,
            ctx,
            move || request.explain().map(Arc::from),
        )
    }
}

impl Job<Insight> {
    /// Starts explaining the engine's pairing of a paired round (one solve) and checking
    /// the recorded pairing against it.
    pub fn explain(
        request: PairingRequest,
        recorded: RoundPairing,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<Job<Insight>, PairingError> {
        let round = request.round();
        Job::spawn(
            format!("explain-round-{round}"),
            round,
            revision,
            ctx,
            move || {
                let explainer: Arc<dyn Explainer> = Arc::from(request.explain()?);
                Ok(Insight::new(explainer, &recorded))
            },
        )
    }

    /// Starts explaining a round from the explainer its pairing came with (no solve) and
    /// checking the recorded pairing against it.
    pub fn from_pairing(
        explainer: Arc<dyn Explainer>,
        recorded: RoundPairing,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<Job<Insight>, PairingError> {
        let round = recorded.round;
        Job::spawn(
            format!("explain-round-{round}"),
            round,
            revision,
            ctx,
            move || Ok(Insight::new(explainer, &recorded)),
        )
    }
}

impl Insight {
    /// The engine's explanation written, and the recorded pairing checked against it.
    fn new(explainer: Arc<dyn Explainer>, recorded: &RoundPairing) -> Insight {
        let recorded = explainer.check_explained(recorded);
        Insight {
            explainer,
            recorded,
        }
    }
}

impl Job<ManualCheck> {
    /// Starts checking an arbiter's pairing of the explained round; `revision` counts the
    /// override's edits, so that the check of an older draft is discarded.
    pub fn check(
        explainer: &Arc<dyn Explainer>,
        pairing: RoundPairing,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<Job<ManualCheck>, PairingError> {
        let explainer = Arc::clone(explainer);
        let round = pairing.round;
        Job::spawn(
            format!("check-round-{round}"),
            round,
            revision,
            ctx,
            move || Ok(explainer.check(&pairing)),
        )
    }
}
