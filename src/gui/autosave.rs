//! The autosave, written on a background thread so that a big event (a 5000-player file
//! is over 10 MB) never makes the window wait. Each change sends a snapshot; the thread
//! writes the newest one through [`Storage::autosave`] (and so [`crate::formats::native::save`]:
//! backup, atomic replace, fsync) as soon as the previous write is done, so a change is
//! on disk within about one write time (well under a second). Clearing goes through the
//! same queue, so it can never be overtaken by an older write.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use super::storage::Storage;
use crate::tournament::Tournament;

/// The event as it is now: every section, and the file it belongs to (restored there).
type Snapshot = (Vec<Tournament>, Option<PathBuf>);

enum Job {
    Save(Snapshot),
    Clear,
    /// Answer once everything before is done.
    Flush(Sender<()>),
}

/// The background writer. Dropping it writes what is still queued, then stops.
pub struct Autosaver {
    jobs: Option<Sender<Job>>,
    error: Arc<Mutex<Option<String>>>,
    thread: Option<JoinHandle<()>>,
}

impl Autosaver {
    /// Starts the writer for the autosave of `storage`.
    pub fn new(storage: Storage) -> Autosaver {
        let (jobs, queue) = mpsc::channel();
        let error = Arc::new(Mutex::new(None));
        let thread_error = Arc::clone(&error);
        let thread = std::thread::Builder::new()
            .name("autosave".to_string())
            .spawn(move || write_loop(&storage, &queue, &thread_error))
            .ok();
        Autosaver {
            jobs: thread.as_ref().map(|_| jobs),
            error,
            thread,
        }
    }

    /// Queues a snapshot of the event (every section, and its file when it has one) to
    /// be written.
    pub fn save(&self, sections: &[Tournament], file: Option<&Path>) {
        self.send(Job::Save((sections.to_vec(), file.map(Path::to_path_buf))));
    }

    /// Queues the removal of the autosave (the work is saved or discarded).
    pub fn clear(&self) {
        self.send(Job::Clear);
    }

    /// Waits until everything queued so far is done.
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        self.send(Job::Flush(done));
        let _ = wait.recv();
    }

    /// The last write error since the last call, if any.
    pub fn take_error(&self) -> Option<String> {
        self.error.lock().ok().and_then(|mut e| e.take())
    }

    fn send(&self, job: Job) {
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        if !sent {
            set_error(
                &self.error,
                "the autosave thread is not running".to_string(),
            );
        }
    }
}

impl Drop for Autosaver {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn set_error(error: &Mutex<Option<String>>, message: String) {
    if let Ok(mut e) = error.lock() {
        *e = Some(message);
    }
}

/// Takes jobs until the app drops its end; of several queued snapshots only the newest
/// is written.
fn write_loop(storage: &Storage, queue: &Receiver<Job>, error: &Mutex<Option<String>>) {
    let mut pending: Option<Snapshot> = None;
    loop {
        let job = match pending {
            // Something to write: first see whether a newer job is already queued.
            Some(_) => queue.try_recv().ok(),
            None => match queue.recv() {
                Ok(job) => Some(job),
                Err(_) => return,
            },
        };
        match job {
            Some(Job::Save(t)) => pending = Some(t),
            Some(Job::Clear) => {
                pending = None;
                storage.clear_autosave();
            }
            Some(Job::Flush(done)) => {
                write(storage, pending.take(), error);
                let _ = done.send(());
            }
            None => write(storage, pending.take(), error),
        }
    }
}

fn write(storage: &Storage, snapshot: Option<Snapshot>, error: &Mutex<Option<String>>) {
    if let Some((sections, file)) = snapshot
        && let Err(e) = storage.autosave(&sections, file.as_deref())
    {
        set_error(error, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::native;
    use crate::tournament::Player;

    #[test]
    fn the_newest_snapshot_is_written_and_clear_is_not_overtaken() {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-autosaver-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = Storage::new(Some(dir.clone()));
        let saver = Autosaver::new(storage.clone());
        let mut t = Tournament::default();
        for id in 1..=50 {
            t.players.push(Player::new(id, format!("P{id}")));
            saver.save(std::slice::from_ref(&t), None);
        }
        saver.flush();
        let path = storage.autosave_path().expect("written");
        assert_eq!(native::load(&path).expect("reads"), t, "the last snapshot");
        saver.save(std::slice::from_ref(&t), None);
        saver.clear();
        saver.flush();
        assert!(
            storage.autosave_path().is_none(),
            "cleared after the write queued before"
        );
        saver.save(std::slice::from_ref(&t), None);
        drop(saver);
        assert!(
            storage.autosave_path().is_some(),
            "dropping writes what is queued"
        );
        assert!(Autosaver::new(storage).take_error().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
