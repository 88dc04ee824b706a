//! `swiss-arbiter serve`: the venue network without the window. This thread owns the
//! event: it takes each submission from the server, answers it once it is durable, and
//! saves the event file (then folds the journal) when submissions pause, every
//! [`FOLD_EVERY`] records, and when it stops.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use crate::document::Document;
use crate::formats::native;

use super::{Limits, Server, Venue, unix_now};

/// Records after which the event file is saved even while submissions keep coming.
const FOLD_EVERY: usize = 200;

/// How long a pause in submissions is before the event file is saved.
const QUIET: Duration = Duration::from_secs(2);

/// What `serve` was asked for.
#[derive(Clone, Debug)]
pub struct Serving {
    pub event: PathBuf,
    pub bind: SocketAddr,
    pub limits: Limits,
}

/// Serves the event until `stop` is set; `ready` is told the address once it listens and
/// how many journal records were replayed. Returns after the event file is saved.
pub fn serve(
    serving: &Serving,
    stop: Arc<AtomicBool>,
    ready: impl FnOnce(SocketAddr, usize),
) -> io::Result<()> {
    let path = serving.event.as_path();
    let sections = native::load_sections(path).map_err(|e| io::Error::other(e.to_string()))?;
    let mut doc = Document::new(sections, Some(path.to_path_buf()), false);
    let (mut venue, replayed) = Venue::open(path, &mut doc)?;
    if replayed > 0 {
        save(&doc, &mut venue, path)?;
    }
    let (server, jobs) = Server::start(
        serving.bind,
        serving.limits,
        venue.view(doc.sections(), venue.last_seq()),
        Box::new(|| {}),
    )?;
    ready(server.addr(), replayed);
    let mut unsaved = 0usize;
    let mut last = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        match jobs.recv_timeout(Duration::from_millis(200)) {
            Ok(job) => {
                let before = venue.last_seq();
                let reply = venue.handle(&mut doc, job.request, unix_now());
                if venue.last_seq() != before {
                    server.publish(venue.view(doc.sections(), venue.last_seq()));
                    unsaved += 1;
                }
                let _ = job.reply.send(reply);
                last = Instant::now();
                if unsaved >= FOLD_EVERY {
                    save(&doc, &mut venue, path)?;
                    unsaved = 0;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if unsaved > 0 && last.elapsed() >= QUIET {
                    save(&doc, &mut venue, path)?;
                    unsaved = 0;
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    drop(server);
    if venue.has_unfolded() {
        save(&doc, &mut venue, path)?;
    }
    Ok(())
}

/// Saves the event file, then folds the journal into it.
fn save(doc: &Document, venue: &mut Venue, path: &Path) -> io::Result<()> {
    let through = venue.last_seq();
    native::save_sections(doc.sections(), path).map_err(|e| io::Error::other(e.to_string()))?;
    venue.fold(through)
}
