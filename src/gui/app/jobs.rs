//! Background work: pairing a round, explaining the round shown, checking an imported
//! event's rounds; each result is taken on a later frame, and only if the document is
//! still at the revision it was computed from.

use eframe::egui;

use crate::document::{Edit, FoundPairing};
use crate::pairing::{PairingRequest, RoundPairing};
use crate::plural::{count, count_as};

use super::super::views::View;
use super::super::worker::{Insight, Job, PairingJob};
use super::questions::Question;
use super::{ArbiterApp, current_insight};

impl ArbiterApp {
    /// Starts pairing `round` of the section shown on the background thread (`repair`:
    /// its pairing is replaced). Games without a result before it are adjourned first,
    /// as the arbiter was told (C.04.2 3.1): only once the pairing can start, so that a
    /// refused pairing leaves every game as it was (all or nothing).
    pub(super) fn start_pairing(&mut self, round: u32, repair: bool, ctx: &egui::Context) {
        if let Some(job) = &self.job {
            if self.pairing_section != self.doc.current_index() {
                let busy = format!(
                    "Round {} of {} is being paired; pair this section once it is done",
                    job.round,
                    self.doc.sections()[self.pairing_section].section_name()
                );
                self.error(busy);
            }
            return;
        }
        if self.views.event.is_pending(&self.tournament().event) {
            self.error(format!(
                "Round {round} is not paired: the Event page has changes not applied (groups who must not meet, rules); apply or revert them first, so that the pairing follows what is shown"
            ));
            return;
        }
        let system = self.tournament().pairing_system();
        let mut base = self.tournament().clone();
        let adjourn = !base.games_missing_before(round).is_empty();
        if adjourn && let Err(e) = base.apply(Edit::AdjournMissing(round)) {
            self.error(format!("Round {round} is not paired: {e}"));
            return;
        }
        if repair {
            base.clear_pairing(round);
        }
        let request = match PairingRequest::new(&base, system, Some(round)) {
            Ok(request) => request,
            Err(why) => {
                self.error(format!("Round {round} is not paired: {why}"));
                return;
            }
        };
        // The request holds the games adjourned; the event records them now, logged.
        if adjourn {
            self.apply_edit(Edit::AdjournMissing(round));
        }
        match PairingJob::start(request, self.doc.revision(), ctx) {
            Ok(job) => {
                self.job = Some(job);
                self.pairing_section = self.doc.current_index();
                self.view = View::Round(round);
                self.info(format!("Pairing round {round} with {}", system.title()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// The explanation of `round` for the current revision, if computed.
    pub fn insight(&self, round: u32) -> Option<&Insight> {
        current_insight(&self.insight, round, self.doc.revision())
    }

    /// Starts explaining the shown round when it is paired, its system explains, and no
    /// explanation for this revision exists or is being computed.
    pub(super) fn want_insight(&mut self, ctx: &egui::Context) {
        let View::Round(round) = self.view else {
            return;
        };
        let system = self.tournament().pairing_system();
        let running = self
            .insight_job
            .as_ref()
            .is_some_and(|j| j.round == round && j.revision == self.doc.revision());
        if running
            || self.job.is_some()
            || self.insight(round).is_some()
            || !self.tournament().is_paired(round)
        {
            return;
        }
        let t = self.tournament();
        let request = PairingRequest::recorded(t, system, round);
        match Job::explain(
            request,
            RoundPairing::recorded(t, round),
            self.doc.revision(),
            ctx,
        ) {
            Ok(job) => self.insight_job = Some(job),
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Takes the explanation when the thread has delivered it.
    pub(super) fn poll_insight(&mut self) {
        let Some(result) = self.insight_job.as_ref().and_then(Job::poll) else {
            return;
        };
        let Some(job) = self.insight_job.take() else {
            return;
        };
        match result {
            Ok(insight) if job.revision == self.doc.revision() => {
                self.insight = Some((job.round, job.revision, insight));
            }
            Ok(_) => {}
            Err(e) => self.error(format!("Round {}: no explanation: {e}", job.round)),
        }
    }

    /// Takes the pairing result when the thread has delivered it.
    pub(super) fn poll_pairing(&mut self, ctx: &egui::Context) {
        let Some(result) = self.job.as_ref().and_then(PairingJob::poll) else {
            return;
        };
        let Some(job) = self.job.take() else {
            return;
        };
        if job.revision != self.doc.revision() {
            self.error(format!(
                "The event changed while round {} was being paired; pair it again",
                job.round
            ));
            return;
        }
        match result {
            Ok(explainer) => {
                let pairing = explainer.pairing().clone();
                let teams = explainer.team_pairing().cloned();
                let section = self.pairing_section;
                let found = match &teams {
                    Some(teams) => FoundPairing::Teams(teams.clone()),
                    None => FoundPairing::Players(pairing.clone()),
                };
                if let Err(e) = self
                    .doc
                    .apply_to(section, Edit::RecordPairing(Box::new(found)))
                {
                    self.error(format!(
                        "Round {}: the pairing found is not recorded: {e}",
                        job.round
                    ));
                    return;
                }
                self.document_changed();
                self.views.round.selected = 0;
                // The explanation comes from the same solve (C.04.1: every pair explained).
                let recorded = RoundPairing::recorded(&self.doc.sections()[section], job.round);
                match Job::from_pairing(explainer, recorded, self.doc.revision(), ctx) {
                    Ok(insight) => self.insight_job = Some(insight),
                    Err(e) => self.error(e.to_string()),
                }
                let matches = teams.map_or_else(String::new, |teams| {
                    format!("{}, ", count_as(teams.matches.len(), "match", "matches"))
                });
                self.info(format!(
                    "Round {} paired in {:.1} s: {matches}{} (draft)",
                    job.round,
                    job.elapsed().as_secs_f32(),
                    count(pairing.pairs.len(), "board")
                ));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Takes the check of an imported event when the thread has delivered it.
    pub(super) fn poll_import_check(&mut self) {
        match self.import_check.poll(self.doc.revision()) {
            None => {}
            // Shown in the status bar (the message stays the arbiter's last action).
            Some(Ok(report)) if report.findings.is_empty() => {
                self.import_verdict = Some(format!(
                    "Imported rounds checked: all {} follow the rules",
                    report.rounds
                ));
            }
            Some(Ok(report)) => self.question = Some(Question::ImportFindings(report.findings)),
            Some(Err(e)) => self.error(format!("The imported rounds could not be checked: {e}")),
        }
    }

    /// Whether the explanation of a round (and the check of its recorded pairing) is being
    /// computed: until it is, the round cannot be overridden.
    pub fn is_explaining(&self) -> bool {
        self.insight_job.is_some()
    }

    /// Waits until every piece of background work under way has delivered its result:
    /// the pairing, the explanation, an override's check, the import check, a file, the
    /// viewer's answer, the standings, the rating list. Each result is taken on the next frame. Returns whether
    /// anything was under way. Tests call it between frames: they wait for the work the
    /// state they need depends on, never for a time.
    pub fn wait_for_background(&mut self) -> bool {
        let mut waited = false;
        if let Some(job) = &self.job {
            job.wait_ready();
            waited = true;
        }
        if let Some(job) = &self.insight_job {
            job.wait_ready();
            waited = true;
        }
        let checking = self
            .views
            .round
            .overriding
            .as_ref()
            .and_then(|d| d.checking.as_ref());
        if let Some(job) = checking {
            job.wait_ready();
            waited = true;
        }
        if let Some(job) = &self.writing {
            job.wait_ready();
            waited = true;
        }
        if let Some(viewing) = &self.viewing {
            viewing.job.wait_ready();
            waited = true;
        }
        waited |= self.import_check.wait_ready();
        waited |= self.views.standings.wait_ready();
        waited |= self.fide.wait_ready();
        waited
    }
}
