//! The check of an imported event (checklist Q54-55): once a TRF file is read, every
//! recorded round of every section is re-paired from the rounds before it, on a background
//! thread, and the rounds the system's rules do not give are named for the arbiter to
//! confirm; they are then recorded in the integrity log (`### Import @ Round n`).

use eframe::egui;

use crate::conformance::nonconforming_rounds;
use crate::tournament::Tournament;

use super::worker::Job;

/// A round that does not follow the rules: its section, its number, what differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub section: usize,
    pub round: u32,
    pub detail: String,
}

/// What the check found: the rounds checked, and those that differ.
#[derive(Debug)]
pub struct ImportReport {
    pub rounds: usize,
    pub findings: Vec<Finding>,
}

/// The check of the last import, until it is done.
#[derive(Debug, Default)]
pub struct ImportCheck {
    /// An import waits to be checked.
    pending: bool,
    job: Option<Job<ImportReport, String>>,
}

impl ImportCheck {
    /// An event was imported: check it.
    pub fn request(&mut self) {
        self.pending = true;
        self.job = None;
    }

    /// Forgets the check (another document replaced the imported one).
    pub fn clear(&mut self) {
        *self = ImportCheck::default();
    }

    /// Whether a check is waiting or running.
    pub fn running(&self) -> bool {
        self.pending
    }

    /// Starts the check of `sections` (the document at `revision`) if one is wanted and
    /// none runs for this revision.
    pub fn want(&mut self, sections: &[Tournament], revision: u64, ctx: &egui::Context) {
        let current = self.job.as_ref().is_some_and(|j| j.revision == revision);
        if !self.pending || current {
            return;
        }
        let sections = sections.to_vec();
        self.job = Job::spawn("check-import".into(), 0, revision, ctx, move || {
            Ok(check_sections(&sections))
        })
        .ok();
    }

    /// Waits until the check under way, if any, has delivered its report (taken by the
    /// next [`Self::poll`]); whether one was under way.
    pub fn wait_ready(&self) -> bool {
        self.job.as_ref().map(Job::wait_ready).is_some()
    }

    /// The report, once the thread delivered it for `revision`; a report on an older
    /// state of the document is dropped and the check starts again.
    pub fn poll(&mut self, revision: u64) -> Option<Result<ImportReport, String>> {
        let result = self.job.as_ref()?.poll()?;
        let job = self.job.take()?;
        if job.revision != revision {
            return None;
        }
        self.pending = false;
        Some(result)
    }
}

/// Every section's paired rounds, checked with its own system.
fn check_sections(sections: &[Tournament]) -> ImportReport {
    let mut report = ImportReport {
        rounds: 0,
        findings: Vec::new(),
    };
    for (section, t) in sections.iter().enumerate() {
        report.rounds += (1..=t.rounds_recorded())
            .filter(|&r| t.is_paired(r))
            .count();
        let system = t.pairing_system();
        report
            .findings
            .extend(
                nonconforming_rounds(t, system)
                    .into_iter()
                    .map(|(round, detail)| Finding {
                        section,
                        round,
                        detail,
                    }),
            );
    }
    report
}
