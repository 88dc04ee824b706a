//! Pairing a round on a background thread, so that the window keeps drawing while a large
//! round is computed. Cancelling drops the channel: the thread finishes on its own and its
//! result is discarded.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use eframe::egui;

use crate::pairing::{self, PairingError, RoundPairing};
use crate::tournament::{SystemId, Tournament};

/// A pairing being computed.
#[derive(Debug)]
pub struct PairingJob {
    /// The round being paired.
    pub round: u32,
    /// The edit count of the document when the job started; a result for an older state
    /// is discarded.
    pub revision: u64,
    started: Instant,
    receiver: Receiver<Result<RoundPairing, PairingError>>,
}

impl PairingJob {
    /// Starts pairing `round` of `t` with `system`; `ctx` is asked to repaint when the
    /// result is ready.
    pub fn start(
        t: &Tournament,
        system: SystemId,
        round: u32,
        revision: u64,
        ctx: &egui::Context,
    ) -> Result<PairingJob, PairingError> {
        let engine = pairing::engine(system)?;
        let history = pairing::history_for_round(t, round);
        let (sender, receiver) = mpsc::channel();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name(format!("pair-round-{round}"))
            .spawn(move || {
                let result = engine.pair(&history, round);
                // The receiver is gone when the arbiter cancelled: nothing to do.
                let _ = sender.send(result);
                ctx.request_repaint();
            })
            .map_err(|e| PairingError::InvalidRequest {
                round,
                reason: format!("cannot start the pairing thread: {e}"),
            })?;
        Ok(PairingJob {
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
    pub fn poll(&self) -> Option<Result<RoundPairing, PairingError>> {
        match self.receiver.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(PairingError::InvalidRequest {
                round: self.round,
                reason: "the pairing thread stopped without a result".into(),
            })),
        }
    }
}
