//! The venue network in the window: the window is the one writer. Each frame it takes the
//! server's submissions and answers them (`Venue::submit` applies a result through the
//! document's one door), shows the pages the event as it is now, and folds the journal
//! once a save holds what it recorded. The server runs on threads of its own and never
//! blocks the window; it wakes it (a repaint) when a phone sends something.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::mpsc::Receiver;

use eframe::egui;

use crate::document::Edit;
use crate::tournament::{BoardResult, Tournament};
use crate::venue::{
    self, BoardKey, Choice, Job, Limits, LineupItem, Rights, Server, Venue, Waiting,
};

use super::super::command::{Command, FileAction};
use super::super::files;
use super::super::views::venue::{
    LineupRow, NewCode, Row, Running, Shown, VenueCommand, VenueForm,
};
use super::super::worker::Writing;
use super::ArbiterApp;

/// The venue network while its server runs.
pub(super) struct VenueSession {
    venue: Venue,
    server: Server,
    jobs: Receiver<Job>,
    /// The document's revision and the venue's last record the pages show.
    published: (u64, u64),
    /// The venue's last record when the copy of the save under way was made.
    saving_through: Option<u64>,
    /// A result accepted from the queue, waiting for the edit (whose warnings may be
    /// asked about first): the board leaves the queue once it holds the result.
    accepting: Option<(BoardKey, BoardResult)>,
}

/// The venue network's part of the app: the session, if running, and its window.
#[derive(Default)]
pub(super) struct VenueWindow {
    session: Option<VenueSession>,
    form: VenueForm,
    problem: Option<String>,
}

impl ArbiterApp {
    /// Runs a command of the venue network's window.
    pub(super) fn run_venue(&mut self, command: VenueCommand, ctx: &egui::Context) {
        match command {
            VenueCommand::Show => self.venue.form.shown = true,
            VenueCommand::Start => self.start_venue(ctx),
            VenueCommand::Stop => {
                self.stop_venue();
                self.info("Venue network stopped");
            }
            VenueCommand::OpenToNetwork(open) => {
                self.venue.form.open_to_network = open;
                if self.venue.session.is_some() {
                    // A restart binds the other address; the venue state is on disk.
                    self.stop_venue();
                    self.start_venue(ctx);
                }
            }
            VenueCommand::SetAcceptance(acceptance) => {
                let done = self
                    .venue
                    .session
                    .as_mut()
                    .map(|s| s.venue.set_acceptance(acceptance));
                if let Some(Err(e)) = done {
                    self.venue_problem(format!("The choice could not be kept: {e}"));
                }
            }
            VenueCommand::Accept(board, choice) => self.accept_from_venue(board, choice, ctx),
            VenueCommand::Dismiss(board) => self.resolve_on_venue(board),
            VenueCommand::AcceptLineup(id) => self.accept_lineup(id, ctx),
            VenueCommand::DismissLineup(id) => self.resolve_lineup(id),
            VenueCommand::AddCode => self.add_deputy_code(),
            VenueCommand::HideCode => self.venue.form.new_code = None,
            VenueCommand::Revoke(id) => {
                let done = self.venue.session.as_mut().map(|s| s.venue.revoke(id));
                if let Some(Err(e)) = done {
                    self.venue_problem(format!("The code could not be revoked: {e}"));
                }
            }
            VenueCommand::BoardCards => {
                if self.venue.session.is_some() {
                    self.ask_file(FileAction::BoardCards, ctx);
                }
            }
        }
    }

    /// Starts the server for the event's file (it must be a saved native file: the
    /// venue's state and journal are kept beside it).
    fn start_venue(&mut self, ctx: &egui::Context) {
        self.venue.problem = None;
        if self.venue.session.is_some() {
            return;
        }
        let Some(path) = self
            .doc
            .path()
            .filter(|p| files::is_native(p))
            .map(Path::to_path_buf)
        else {
            self.venue_problem(
                "Save the event first: the venue network keeps what phones send beside its file",
            );
            return;
        };
        let Ok(port) = self.venue.form.port.trim().parse::<u16>() else {
            self.venue_problem(format!(
                "{:?} is no port: a number from 1 to 65535 (0: any free port)",
                self.venue.form.port
            ));
            return;
        };
        let ip = if self.venue.form.open_to_network {
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        } else {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        };
        let revision = self.doc.revision();
        let (venue, replayed) = match Venue::open(&path, &mut self.doc) {
            Ok(opened) => opened,
            Err(e) => {
                self.venue_problem(format!("The venue network cannot start: {e}"));
                return;
            }
        };
        if self.doc.revision() != revision {
            self.document_changed();
        }
        let wake = {
            let ctx = ctx.clone();
            Box::new(move || ctx.request_repaint())
        };
        let published = (self.doc.revision(), venue.last_seq());
        let view = venue.view(self.doc.sections(), page_revision(published));
        match Server::start(SocketAddr::new(ip, port), Limits::default(), view, wake) {
            Ok((server, jobs)) => {
                self.venue.session = Some(VenueSession {
                    venue,
                    server,
                    jobs,
                    published,
                    saving_through: None,
                    accepting: None,
                });
                let mut text = match self.venue_url() {
                    Some(url) => format!("Venue network at {url}"),
                    None => "Venue network started".to_string(),
                };
                if replayed > 0 {
                    text.push_str(&format!(
                        "; {replayed} records the file did not hold were taken back"
                    ));
                }
                self.info(text);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => self.venue_problem(format!(
                "Port {port} is in use by another program: choose another (0: any free port)"
            )),
            Err(e) => self.venue_problem(format!("The venue network cannot start: {e}")),
        }
    }

    /// Stops the server (the venue's state and journal stay beside the file).
    pub(super) fn stop_venue(&mut self) {
        self.venue.session = None;
        self.venue.form.new_code = None;
    }

    fn venue_problem(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.venue.problem = Some(text.clone());
        self.error(text);
    }

    /// The owner's work of a frame: answers the phones' submissions, follows an
    /// accepted result, and shows the pages the event as it is now.
    pub(super) fn poll_venue(&mut self) {
        let Some(session) = &mut self.venue.session else {
            return;
        };
        let revision = self.doc.revision();
        while let Ok(job) = session.jobs.try_recv() {
            let reply = session
                .venue
                .handle(&mut self.doc, job.request, venue::unix_now());
            // The phone may have gone: its answer is kept for a retry anyway.
            let _ = job.reply.send(reply);
        }
        let changed = self.doc.revision() != revision;
        self.settle_accepting();
        if changed {
            self.document_changed();
        }
        self.publish_venue();
    }

    /// Publishes the event to the pages when it or the venue changed since.
    fn publish_venue(&mut self) {
        let Some(session) = &mut self.venue.session else {
            return;
        };
        let now = (self.doc.revision(), session.venue.last_seq());
        if now != session.published {
            session.published = now;
            let view = session.venue.view(self.doc.sections(), page_revision(now));
            session.server.publish(view);
        }
    }

    /// Records the result a queue item proposes, as a result typed in the window (its
    /// warnings asked, one undo step, logged); the item leaves once the board holds it.
    fn accept_from_venue(&mut self, board: BoardKey, choice: Choice, ctx: &egui::Context) {
        if self.venue.session.is_none() {
            return;
        }
        if board.section != self.doc.current_index() {
            self.select_section(board.section);
            if board.section != self.doc.current_index() {
                return;
            }
        }
        let result = choice.board_result();
        if let Some(session) = &mut self.venue.session {
            session.accepting = Some((board, result));
        }
        self.run(
            Command::Edit(Edit::SetResult {
                round: board.round,
                white: board.white,
                black: board.black,
                result,
            }),
            ctx,
        );
        self.settle_accepting();
        self.publish_venue();
    }

    /// Takes an accepted board out of the queue once it holds its result; forgets it
    /// when the edit was refused or its warning declined.
    fn settle_accepting(&mut self) {
        let Some((board, result)) = self.venue.session.as_ref().and_then(|s| s.accepting) else {
            return;
        };
        if board.result_in(self.doc.sections()) == Some(result) {
            if let Some(session) = &mut self.venue.session {
                session.accepting = None;
            }
            self.resolve_on_venue(board);
        } else if self.question.is_none()
            && let Some(session) = &mut self.venue.session
        {
            session.accepting = None;
        }
    }

    /// Records a captain's line-up as if set in the window (its checks, one undo step,
    /// logged); it leaves the queue once the team's match holds it.
    fn accept_lineup(&mut self, id: u64, ctx: &egui::Context) {
        let Some(item) = self.venue.session.as_ref().and_then(|s| {
            s.venue
                .lineups(self.doc.sections())
                .into_iter()
                .find(|l| l.id == id)
        }) else {
            return;
        };
        if item.section != self.doc.current_index() {
            self.select_section(item.section);
            if item.section != self.doc.current_index() {
                return;
            }
        }
        self.run(Command::Edit(Venue::lineup_edit(&item)), ctx);
        let held = self.doc.sections().get(item.section).is_some_and(|t| {
            t.team_lineup(item.round, item.team)
                .is_some_and(|l| l.boards == item.players)
        });
        if held {
            self.resolve_lineup(id);
        }
        self.publish_venue();
    }

    /// The arbiter dealt with a captain's line-up: it leaves the queue.
    fn resolve_lineup(&mut self, id: u64) {
        let done = self
            .venue
            .session
            .as_mut()
            .map(|s| s.venue.resolve_lineup(id));
        if let Some(Err(e)) = done {
            self.venue_problem(format!("The queue could not be changed: {e}"));
        }
        self.publish_venue();
    }

    /// The arbiter dealt with a board: its items leave the queue.
    fn resolve_on_venue(&mut self, board: BoardKey) {
        let done = self.venue.session.as_mut().map(|s| s.venue.resolve(board));
        if let Some(Err(e)) = done {
            self.venue_problem(format!("The queue could not be changed: {e}"));
        }
        self.publish_venue();
    }

    /// Makes a deputy's code from the form, shown once.
    fn add_deputy_code(&mut self) {
        let url = self.venue_url();
        let Some(session) = &mut self.venue.session else {
            return;
        };
        let d = self.venue.form.deputy.clone();
        let label = match d.label.trim() {
            "" => "a deputy".to_string(),
            label => label.to_string(),
        };
        let (first, last) = (d.first.min(d.last), d.first.max(d.last));
        let expires = venue::unix_now() + u64::from(d.hours) * 3600;
        match session
            .venue
            .add_code(&label, d.section, (first, last), d.rights, expires)
        {
            Ok(code) => {
                let page = match d.rights {
                    Rights::Captain { .. } => "captain",
                    _ => "deputy",
                };
                self.venue.form.new_code = Some(NewCode {
                    label,
                    grouped: venue::grouped(&code),
                    url: format!("{}/{page}?c={code}", url.unwrap_or_default()),
                });
                self.venue.form.deputy.label.clear();
                self.publish_venue();
            }
            Err(e) => self.venue_problem(format!("The code could not be made: {e}")),
        }
    }

    /// Writes the board cards of the published rounds, then opens them.
    pub(super) fn board_cards_to(&mut self, path: &Path, ctx: &egui::Context) {
        let (Some(session), Some(url)) = (&self.venue.session, self.venue_url()) else {
            self.error("Start the venue network first: the cards hold its address");
            return;
        };
        match venue::board_cards(self.doc.sections(), session.venue.secret(), None, &url) {
            Ok(html) => self.start_writing(Writing::Print, path.to_path_buf(), ctx, move |p| {
                std::fs::write(p, html)
                    .map(|()| Vec::new())
                    .map_err(|e| format!("{}: {e}", p.display()))
            }),
            Err(e) => self.error(e),
        }
    }

    /// A save of the event is starting: what the venue recorded so far is in its copy.
    pub(super) fn venue_saving(&mut self, path: &Path) {
        if let Some(session) = &mut self.venue.session {
            session.saving_through =
                (session.venue.event_path() == path).then(|| session.venue.last_seq());
        }
    }

    /// The event was saved to `path`: the journal is folded into it. Saved elsewhere, the
    /// venue network (kept beside the old file) stops.
    pub(super) fn venue_saved(&mut self, path: &Path) {
        let Some(session) = &mut self.venue.session else {
            return;
        };
        match session.saving_through.take() {
            Some(through) => {
                if let Err(e) = session.venue.fold(through) {
                    self.venue_problem(format!("The venue journal could not be folded: {e}"));
                }
            }
            None if session.venue.event_path() != path => {
                self.stop_venue();
                self.info(format!(
                    "Saved {}; the venue network stopped (it belongs to the old file): start it again",
                    path.display()
                ));
            }
            None => {}
        }
    }

    /// Keys of the venue window: `A` accepts the first item of the queue (when no text
    /// field takes the keys).
    pub(super) fn venue_keys(&self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(session) = &self.venue.session else {
            return;
        };
        if !self.venue.form.shown || ctx.egui_wants_keyboard_input() || self.question.is_some() {
            return;
        }
        let first = session
            .venue
            .waiting(self.doc.sections())
            .into_iter()
            .next();
        if let Some((first, choice)) = first.and_then(|w| Some((w.board(), w.proposed()?)))
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::A))
        {
            out.push(Command::Venue(VenueCommand::Accept(first, choice)));
        }
    }

    /// Draws the venue network's window.
    pub(super) fn venue_window(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        if !self.venue.form.shown {
            return;
        }
        let shown = Shown {
            running: self.venue_running(),
            problem: self.venue.problem.clone(),
            sections: self
                .doc
                .sections()
                .iter()
                .map(|t| t.section_name())
                .collect(),
            teams: self
                .doc
                .sections()
                .iter()
                .map(|t| t.teams.iter().map(|x| (x.id, x.name.clone())).collect())
                .collect(),
        };
        super::super::views::venue::show(ctx, &shown, &mut self.venue.form, out);
    }

    fn venue_running(&self) -> Option<Running> {
        let session = self.venue.session.as_ref()?;
        let sections = self.doc.sections();
        let queue = session
            .venue
            .waiting(sections)
            .iter()
            .map(|w| row(sections, w))
            .collect();
        let lineups = session
            .venue
            .lineups(sections)
            .iter()
            .map(|l| lineup_row(sections, l))
            .collect();
        Some(Running {
            url: self.venue_url()?,
            acceptance: session.venue.acceptance(),
            queue,
            lineups,
            codes: session.venue.codes().to_vec(),
        })
    }

    /// The address the phones reach the server at (the computer's address on the
    /// network when open to it, else the loopback), while it runs.
    pub fn venue_address(&self) -> Option<SocketAddr> {
        let addr = self.venue.session.as_ref()?.server.addr();
        if !addr.ip().is_unspecified() {
            return Some(addr);
        }
        let ip = venue::lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
        Some(SocketAddr::new(ip, addr.port()))
    }

    fn venue_url(&self) -> Option<String> {
        self.venue_address().map(|a| format!("http://{a}"))
    }

    /// While the venue network runs: its secret and address, for the QR codes of the
    /// result slips.
    pub(super) fn venue_board_codes(&self) -> Option<(venue::Secret, String)> {
        let session = self.venue.session.as_ref()?;
        Some((session.venue.secret().clone(), self.venue_url()?))
    }

    /// How many items wait for the arbiter while the venue network runs (`None`
    /// when it does not).
    pub fn venue_waiting(&self) -> Option<usize> {
        let session = self.venue.session.as_ref()?;
        let sections = self.doc.sections();
        Some(session.venue.waiting(sections).len() + session.venue.lineups(sections).len())
    }

    /// The venue network's last problem, as its window says it.
    pub fn venue_problem_shown(&self) -> Option<&str> {
        self.venue.problem.as_deref()
    }
}

/// The pages' revision: it changes when the arbiter edits and when the venue records.
fn page_revision((doc, seq): (u64, u64)) -> u64 {
    (doc << 20).wrapping_add(seq)
}

/// A queue item in words: its board, players and what it is.
fn row(sections: &[Tournament], waiting: &Waiting) -> Row {
    let board = waiting.board();
    let name = |id: u32| {
        sections
            .get(board.section)
            .and_then(|t| t.player(id))
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    };
    let section = match sections.get(board.section) {
        Some(t) if sections.len() > 1 => format!("{}, ", t.section_name()),
        _ => String::new(),
    };
    Row {
        board,
        title: format!(
            "Board {} ({section}round {}): {} – {}",
            board.board,
            board.round,
            name(board.white),
            name(board.black)
        ),
        text: waiting.describe(),
        choices: waiting.choices(),
    }
}

/// A captain's line-up in words: its round, team and players board by board.
fn lineup_row(sections: &[Tournament], item: &LineupItem) -> LineupRow {
    let t = sections.get(item.section);
    let team = |id: u32| {
        t.and_then(|t| t.team(id))
            .map_or_else(|| format!("team {id}"), |x| x.name.clone())
    };
    let opponent = t
        .and_then(|t| t.team_lineup(item.round, item.team))
        .map(|l| format!(" (against {})", team(l.opponent)))
        .unwrap_or_default();
    let text = item
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = p.map_or_else(
                || "nobody".to_string(),
                |id| {
                    t.and_then(|t| t.player(id))
                        .map_or_else(|| id.to_string(), |p| p.name.clone())
                },
            );
            format!("{} {name}", i + 1)
        })
        .collect::<Vec<_>>()
        .join(", ");
    LineupRow {
        id: item.id,
        title: format!(
            "Round {}: line-up of {}{opponent}",
            item.round,
            team(item.team)
        ),
        text,
    }
}
