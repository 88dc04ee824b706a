//! Work on a background thread (pairing a round, explaining it), so that the window keeps
//! drawing while a large round is computed. Cancelling drops the channel: the thread
//! finishes on its own and its result is discarded.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use eframe::egui;

use crate::pairing::dutch::explain::{Explainer, ManualCheck};
use crate::pairing::{self, PairingError, RoundPairing};
use crate::tournament::{SystemId, Tournament};

/// A computation on a background thread about one round.
#[derive(Debug)]
pub struct Job<T> {
    /// The round it is about.
    pub round: u32,
    /// The edit count of the document when the job started; a result for an older state
    /// is discarded.
    pub revision: u64,
    started: Instant,
    receiver: Receiver<Result<T, PairingError>>,
}

/// Pairing a round.
pub type PairingJob = Job<RoundPairing>;

/// The engine's pairing of a round explained, and the recorded pairing checked against it.
pub struct Insight {
    pub explainer: Explainer,
    pub recorded: ManualCheck,
}

impl std::fmt::Debug for Insight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Insight")
            .field("round", &self.recorded.pairing.round)
            .finish()
    }
}

impl<T: Send + 'static> Job<T> {
    /// Runs `work` on a new thread; `ctx` is asked to repaint when the result is ready.
    fn spawn(
        name: String,
        round: u32,
        revision: u64,
        ctx: &egui::Context,
        work: impl FnOnce() -> Result<T, PairingError> + Send + 'static,
    ) -> Result<Job<T>, PairingError> {
        let (sender, receiver) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name(name)
            .spawn(move || {
                // The receiver is gone when the arbiter cancelled: nothing to do.
                let _ = sender.send(work());
                ctx.request_repaint();
            })
            .map_err(|e| PairingError::InvalidRequest {
                round,
                reason: format!("cannot start a background thread: {e}"),
            })?;
        Ok(Job {
            round,
            revision,
            started: Instant::now(),
            receiver,
        })
    }

    /// Time since the job started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The result, once the thread has delivered it.
    pub fn poll(&self) -> Option<Result<T, PairingError>> {
        match self.receiver.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(PairingError::InvalidRequest {
                round: self.round,
                reason: "the background thread stopped without a result".into(),
            })),
        }
    }
}

impl PairingJob {
    /// Starts pairing `round` of `t` with `system`.
    pub fn start(
        t: &Tournament,
        system: SystemId,
        round: u32,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<PairingJob, PairingError> {
        let engine = pairing::engine(system)?;
        let history = pairing::history_for_round(t, round);
        Job::spawn(
            format!("pair-round-{round}"),
            round,
            revision,
            ctx,
            move || engine.pair(&history, round),
        )
    }
}

impl Job<Insight> {
    /// Starts explaining the engine's pairing of a paired `round` and checking the
    /// recorded one against it.
    pub fn explain(
        t: &Tournament,
        system: SystemId,
        round: u32,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<Job<Insight>, PairingError> {
        let history = pairing::history_for_round(t, round);
        let recorded = RoundPairing::recorded(t, round);
        Job::spawn(
            format!("explain-round-{round}"),
            round,
            revision,
            ctx,
            move || {
                let explainer = pairing::explainer(&history, system, round)?;
                let recorded = explainer.check(&recorded);
                Ok(Insight {
                    explainer,
                    recorded,
                })
            },
        )
    }
}
