//! The HTTP server (axum on tokio, in a thread of its own, so that it never blocks the
//! window). It reads what the owner published last ([`View`]) to answer pages, and sends
//! every submission to the owner ([`Job`]), waiting for its answer: the owner alone
//! writes. Every request is counted against its address's limits; bodies are bounded;
//! a write needs a code of the right scope in its body (which a cross-site form cannot
//! know) and is refused when the browser says it comes from another site.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Form, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::{Semaphore, oneshot};

use crate::tournament::{BoardResult, Tournament};

use super::codes::Secret;
use super::connections::Connections;
use super::limits::{Counters, Limits};
use super::owner::board_key;
use super::pages;
use super::site::{self, SiteOptions};
use super::state::{DeputyCode, Entry, LineupItem, QueueItem, Rights};
use super::submission::{
    BoardKey, Choice, Credential, LineupSubmission, Reply, Request, Side, Submission, is_key,
};

/// How long a request waits for the owner's answer before it is told to send again.
const OWNER_WAIT: Duration = Duration::from_secs(15);

/// What the pages are made from, as the owner published it last.
#[derive(Clone, Debug)]
pub struct View {
    /// Changes with every change; the live pages reload when it does.
    pub revision: u64,
    pub sections: Arc<Vec<Tournament>>,
    pub secret: Secret,
    /// The deputies' codes (hashes, scopes, revoked or not).
    pub codes: Vec<DeputyCode>,
    /// The players' entries waiting for confirmation.
    pub entries: Vec<Entry>,
    /// The captains' line-ups waiting for the arbiter.
    pub lineups: Vec<LineupItem>,
    /// The arbiter's queue (a board's page says its result waits for him).
    pub queue: Vec<QueueItem>,
}

/// A request for the owner, with where its answer goes.
#[derive(Debug)]
pub struct Job {
    pub request: Request,
    pub reply: oneshot::Sender<Reply>,
}

struct Shared {
    view: RwLock<Arc<View>>,
    jobs: Mutex<mpsc::Sender<Job>>,
    wake: Box<dyn Fn() + Send + Sync>,
    limits: Limits,
    counters: Counters,
    busy: Semaphore,
    /// Rendered public pages of the current revision.
    cache: Mutex<(u64, HashMap<String, Arc<String>>)>,
}

/// The running server.
pub struct Server {
    addr: SocketAddr,
    shared: Arc<Shared>,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

impl Server {
    /// Binds `bind` and starts serving `view`; the owner receives the submissions on the
    /// returned channel, and `wake` is called after each is sent (the window repaints to
    /// take it).
    pub fn start(
        bind: SocketAddr,
        limits: Limits,
        view: View,
        wake: Box<dyn Fn() + Send + Sync>,
    ) -> io::Result<(Server, mpsc::Receiver<Job>)> {
        let listener = std::net::TcpListener::bind(bind)?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let (jobs, receiver) = mpsc::channel();
        let shared = Arc::new(Shared {
            view: RwLock::new(Arc::new(view)),
            jobs: Mutex::new(jobs),
            wake,
            limits,
            counters: Counters::default(),
            busy: Semaphore::new(limits.concurrent),
            cache: Mutex::new((u64::MAX, HashMap::new())),
        });
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("venue-server")
            .enable_all()
            .build()?;
        let (shutdown, stopped) = oneshot::channel::<()>();
        let app = router(shared.clone());
        let thread = std::thread::Builder::new()
            .name("venue-server".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    accept(listener, app, limits, stopped).await;
                });
                runtime.shutdown_timeout(Duration::from_secs(2));
            })?;
        Ok((
            Server {
                addr,
                shared,
                shutdown: Some(shutdown),
                thread: Some(thread),
            },
            receiver,
        ))
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Shows a new state of the event.
    pub fn publish(&self, view: View) {
        *self.shared.view.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(view);
    }

    /// The revision shown.
    pub fn revision(&self) -> u64 {
        self.shared
            .view
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .revision
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.shutdown.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Accepts connections until `stopped`: each gets a slot (per address and in all, else it
/// is closed unread) and is served over HTTP/1.1 with a deadline for its headers.
async fn accept(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
    mut stopped: oneshot::Receiver<()>,
) {
    let table = Arc::new(Connections::default());
    loop {
        let (stream, peer) = tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it was taken:
                // wait a moment rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Some(slot) = Connections::admit(&table, peer.ip(), &limits) else {
            drop(stream);
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(
            app.clone().layer(axum::Extension(ConnectInfo(peer))),
        );
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = http.serve_connection(io, service).await;
            drop(slot);
        });
    }
}

fn router(shared: Arc<Shared>) -> Router {
    let max_body = shared.limits.max_body;
    Router::new()
        .route("/", get(index))
        .route("/live.js", get(live_js))
        .route("/api/revision", get(revision))
        .route(
            "/board/{section}/{round}/{board}",
            get(board_get).post(board_post),
        )
        .route("/deputy", get(deputy_get))
        .route("/captain", get(deputy_get))
        .route(
            "/lineup/{section}/{round}/{team}",
            axum::routing::post(lineup_post),
        )
        .route(
            "/deputy/{section}/{round}/{board}",
            axum::routing::post(deputy_post),
        )
        .fallback(get(site_page))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Limits, cross-site writes and the headers every answer carries.
async fn guard(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    if !shared
        .counters
        .request(peer.ip(), &shared.limits, Instant::now())
    {
        let mut r = text(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many requests: wait a minute.",
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        return r;
    }
    if request.method() == axum::http::Method::POST && cross_site(request.headers()) {
        return text(StatusCode::FORBIDDEN, "Refused: a form of another site.");
    }
    let Ok(_permit) = shared.busy.try_acquire() else {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            "Busy: try again in a moment.",
        );
    };
    let mut response =
        match tokio::time::timeout(shared.limits.request_timeout, next.run(request)).await {
            Ok(response) => response,
            Err(_) => text(
                StatusCode::REQUEST_TIMEOUT,
                "The request took too long to arrive: send it again.",
            ),
        };
    let h = response.headers_mut();
    h.insert(
        "content-security-policy",
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    // A board's token is in its address: it must not leave in a Referer.
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}

/// Whether the browser says the request comes from another site's page.
fn cross_site(headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return !matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    match (headers.get(header::ORIGIN), headers.get(header::HOST)) {
        (Some(origin), Some(host)) => {
            let origin = origin.to_str().unwrap_or("");
            let host = host.to_str().unwrap_or("");
            origin != format!("http://{host}") && origin != format!("https://{host}")
        }
        (Some(_), None) => true,
        _ => false,
    }
}

fn text(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        message.to_string(),
    )
        .into_response()
}

fn html(status: StatusCode, body: String, private: bool) -> Response {
    let cache = if private { "no-store" } else { "no-cache" };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response()
}

fn view(shared: &Shared) -> Arc<View> {
    shared
        .view
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

async fn index(state: State<Arc<Shared>>) -> Response {
    public_page(&state, "index.html")
}

async fn site_page(state: State<Arc<Shared>>, uri: axum::http::Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    // Pages have plain names: anything else (`..`, a backslash, an encoded byte) is
    // simply not one of them.
    if path.len() > 200
        || !path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.'))
        || path
            .split('/')
            .any(|part| part.is_empty() || part.starts_with('.'))
    {
        return html(
            StatusCode::NOT_FOUND,
            pages::message_page("Not found", "There is no such page."),
            false,
        );
    }
    public_page(&state, path)
}

fn public_page(shared: &Shared, path: &str) -> Response {
    let view = view(shared);
    {
        let cache = shared.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.0 == view.revision
            && let Some(page) = cache.1.get(path)
        {
            return html(StatusCode::OK, page.as_ref().clone(), false);
        }
    }
    match site::page(&view.sections, path, &SiteOptions { live: true }) {
        Some(page) => {
            let page = Arc::new(page);
            let mut cache = shared.cache.lock().unwrap_or_else(|e| e.into_inner());
            if cache.0 != view.revision {
                *cache = (view.revision, HashMap::new());
            }
            cache.1.insert(path.to_string(), page.clone());
            html(StatusCode::OK, page.as_ref().clone(), false)
        }
        None => html(
            StatusCode::NOT_FOUND,
            pages::message_page("Not found", "There is no such page."),
            false,
        ),
    }
}

async fn live_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        site::LIVE_JS,
    )
        .into_response()
}

async fn revision(state: State<Arc<Shared>>) -> Response {
    let revision = view(&state).revision;
    (
        [
            (header::CONTENT_TYPE, "text/plain"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        revision.to_string(),
    )
        .into_response()
}

/// A board of the view: its section, key and result; `None` when there is no such board.
fn find_board(
    view: &View,
    section: usize,
    round: u32,
    board: usize,
) -> Option<(&Tournament, BoardKey, BoardResult)> {
    let index = section.checked_sub(1)?;
    let t = view.sections.get(index)?;
    let key = board_key(t, index, round, board)?;
    let result = t
        .boards(round)
        .into_iter()
        .nth(board - 1)
        .map(|b| b.result)?;
    Some((t, key, result))
}

/// Refuses a code, counting it against the address.
fn refuse_code(shared: &Shared, ip: IpAddr, message: &str) -> Response {
    shared.counters.failed(ip, Instant::now());
    html(
        StatusCode::FORBIDDEN,
        pages::message_page("Refused", message),
        true,
    )
}

/// The answer to an address that has tried too many wrong codes this minute.
fn held_back(shared: &Shared, ip: IpAddr) -> Option<Response> {
    (!shared.counters.may_try(ip, &shared.limits, Instant::now())).then(|| {
        html(
            StatusCode::TOO_MANY_REQUESTS,
            pages::message_page(
                "Wait a minute",
                "Too many wrong codes from this device: wait a minute.",
            ),
            true,
        )
    })
}

/// The players' entries waiting on a board, and the arbiter's item on it (not a
/// dispute of a recorded result), if any.
fn entries_on<'a>(view: &'a View, key: &BoardKey) -> (Vec<Entry>, Option<&'a QueueItem>) {
    let entries = view
        .entries
        .iter()
        .filter(|e| e.board == *key)
        .cloned()
        .collect();
    let held = view
        .queue
        .iter()
        .find(|i| i.board == *key && !matches!(i.concern, super::Concern::Disputed { .. }));
    (entries, held)
}

async fn board_get(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((section, round, board)): Path<(usize, u32, usize)>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(wait) = held_back(&shared, peer.ip()) {
        return wait;
    }
    let view = view(&shared);
    let token = query.get("t").map(String::as_str).unwrap_or("");
    let Some((t, key, result)) = find_board(&view, section, round, board) else {
        return refuse_code(&shared, peer.ip(), "This code does not open a board.");
    };
    if !view.secret.is_board_token(token, key.section, round, board) {
        return refuse_code(&shared, peer.ip(), "This code does not open this board.");
    }
    if !t.is_published(round) {
        return html(
            StatusCode::CONFLICT,
            pages::message_page("Not published", "This round is not published yet."),
            true,
        );
    }
    let (entries, held) = entries_on(&view, &key);
    html(
        StatusCode::OK,
        pages::board_page(t, &key, token, (&entries, held), result, None),
        true,
    )
}

async fn board_post(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((section, round, board)): Path<(usize, u32, usize)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(wait) = held_back(&shared, peer.ip()) {
        return wait;
    }
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
    let token = field("t").to_string();
    let (Some(side), Some(result), true) = (
        Side::parse(field("side")),
        Choice::parse(field("result")),
        is_key(field("key")),
    ) else {
        return outcome_page(
            &shared,
            Reply::refused(422, "Incomplete form: choose your colour and the result."),
            Some((section, round, board, token)),
        );
    };
    let submission = Submission {
        key: field("key").to_string(),
        credential: Credential::Board {
            token: token.clone(),
            side,
        },
        section: section.saturating_sub(1),
        round,
        board,
        result,
    };
    let reply = ask_owner(&shared, Request::Result(submission)).await;
    if reply.status == 403 {
        shared.counters.failed(peer.ip(), Instant::now());
    }
    outcome_page(&shared, reply, Some((section, round, board, token)))
}

async fn deputy_get(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(wait) = held_back(&shared, peer.ip()) {
        return wait;
    }
    let code = query.get("c").map(String::as_str).unwrap_or("");
    let view = view(&shared);
    if let Some(page) = captain_page(&view, code, None) {
        return html(StatusCode::OK, page, true);
    }
    match deputy_boards(&view, code) {
        Ok((t, label, boards)) => html(
            StatusCode::OK,
            pages::deputy_page(t, &boards, code, &label, None),
            true,
        ),
        Err(message) => refuse_code(&shared, peer.ip(), message),
    }
}

/// The code of the view that `code` is, if it is valid now (every stored hash is
/// compared, in constant time each).
fn valid_code<'a>(view: &'a View, code: &str) -> Result<&'a DeputyCode, &'static str> {
    let now = super::unix_now();
    let found = view
        .codes
        .iter()
        .fold(None, |found, c| {
            let matches = super::codes::matches_hash(code, &c.hash);
            found.or(matches.then_some(c))
        })
        .ok_or("Unknown code.")?;
    if found.revoked {
        return Err("This code was revoked.");
    }
    if now >= found.expires {
        return Err("This code has expired.");
    }
    Ok(found)
}

/// The boards a deputy's code may write in the last published round of its section.
#[allow(clippy::type_complexity)]
fn deputy_boards<'a>(
    view: &'a View,
    code: &str,
) -> Result<(&'a Tournament, String, Vec<(BoardKey, BoardResult)>), &'static str> {
    let deputy = valid_code(view, code)?;
    let t = view
        .sections
        .get(deputy.section)
        .ok_or("This code's section no longer exists.")?;
    let round = (1..=t.rounds_recorded())
        .rev()
        .find(|&r| t.is_published(r) && t.is_paired(r))
        .unwrap_or(0);
    let boards = t
        .boards(round)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| (deputy.first_board..=deputy.last_board).contains(&(i + 1)))
        .filter_map(|(i, b)| Some((board_key(t, deputy.section, round, i + 1)?, b.result)))
        .collect();
    Ok((t, deputy.label.clone(), boards))
}

async fn deputy_post(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((section, round, board)): Path<(usize, u32, usize)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(wait) = held_back(&shared, peer.ip()) {
        return wait;
    }
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
    let code = field("c").to_string();
    let (Some(result), true) = (Choice::parse(field("result")), is_key(field("key"))) else {
        return html(
            StatusCode::UNPROCESSABLE_ENTITY,
            pages::message_page("Incomplete", "Choose a result."),
            true,
        );
    };
    let submission = Submission {
        key: field("key").to_string(),
        credential: Credential::Deputy(code.clone()),
        section: section.saturating_sub(1),
        round,
        board,
        result,
    };
    let reply = ask_owner(&shared, Request::Result(submission)).await;
    if reply.status == 403 {
        return code_refused(&shared, peer.ip(), &reply);
    }
    let status = status_of(&reply);
    let view = view(&shared);
    let body = match deputy_boards(&view, &code) {
        Ok((t, label, boards)) => pages::deputy_page(t, &boards, &code, &label, Some(&reply)),
        Err(message) => pages::message_page("Refused", message),
    };
    with_outcome(html(status, body, true), &reply)
}

/// The answer to a write the owner refused for its code (counted against the address).
fn code_refused(shared: &Shared, ip: IpAddr, reply: &Reply) -> Response {
    shared.counters.failed(ip, Instant::now());
    with_outcome(
        html(
            StatusCode::FORBIDDEN,
            pages::message_page("Refused", &reply.message),
            true,
        ),
        reply,
    )
}

/// Sends a submission to the owner and waits for the answer.
async fn ask_owner(shared: &Shared, request: Request) -> Reply {
    let (tx, rx) = oneshot::channel();
    let sent = shared
        .jobs
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send(Job { request, reply: tx });
    if sent.is_err() {
        return Reply::new(
            503,
            super::Outcome::Failed,
            "The arbiter's program is closing: nothing was saved.",
        );
    }
    (shared.wake)();
    match tokio::time::timeout(OWNER_WAIT, rx).await {
        Ok(Ok(reply)) => reply,
        _ => Reply::new(
            503,
            super::Outcome::Failed,
            "No answer from the arbiter's program: send again (it counts once).",
        ),
    }
}

fn status_of(reply: &Reply) -> StatusCode {
    StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

fn with_outcome(mut response: Response, reply: &Reply) -> Response {
    response.headers_mut().insert(
        "x-venue-outcome",
        HeaderValue::from_static(reply.outcome.name()),
    );
    response
}

/// The board's page again, with the answer.
fn outcome_page(
    shared: &Shared,
    reply: Reply,
    board: Option<(usize, u32, usize, String)>,
) -> Response {
    let status = status_of(&reply);
    let view = view(shared);
    let body = board
        .and_then(|(section, round, board, token)| {
            let (t, key, result) = find_board(&view, section, round, board)?;
            if reply.status == 403 {
                return None;
            }
            let (entries, held) = entries_on(&view, &key);
            Some(pages::board_page(
                t,
                &key,
                &token,
                (&entries, held),
                result,
                Some(&reply),
            ))
        })
        .unwrap_or_else(|| pages::message_page("Result", &reply.message));
    with_outcome(html(status, body, true), &reply)
}

/// A captain's page for `code`: the team's match in the section's last published round
/// with the line-up to hand in; `None` when `code` is no valid captain's code.
fn captain_page(view: &View, code: &str, reply: Option<&Reply>) -> Option<String> {
    let found = valid_code(view, code).ok()?;
    let Rights::Captain { team } = found.rights else {
        return None;
    };
    let t = view.sections.get(found.section)?;
    let round = (1..=t.rounds_recorded())
        .rev()
        .find(|&r| t.is_published(r) && t.is_paired(r))
        .unwrap_or(0);
    let waiting = view
        .lineups
        .iter()
        .find(|l| (l.section, l.round, l.team) == (found.section, round, team));
    Some(pages::lineup_page(
        &pages::Captain {
            t,
            section: found.section,
            team,
            round,
            code,
            label: &found.label,
        },
        waiting,
        reply,
    ))
}

async fn lineup_post(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((section, round, team)): Path<(usize, u32, u32)>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Some(wait) = held_back(&shared, peer.ip()) {
        return wait;
    }
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
    let code = field("c").to_string();
    let boards = {
        let view = view(&shared);
        view.sections
            .get(section.wrapping_sub(1))
            .and_then(|t| t.team_lineup(round, team))
            .map_or(0, |l| l.boards.len())
    };
    let players: Option<Vec<Option<u32>>> = (1..=boards)
        .map(|i| match field(&format!("b{i}")) {
            "" => Some(None),
            id => id.parse().ok().map(Some),
        })
        .collect();
    let reply = match (players, is_key(field("key"))) {
        (Some(players), true) if boards > 0 => {
            let submission = LineupSubmission {
                key: field("key").to_string(),
                code: code.clone(),
                section: section.wrapping_sub(1),
                round,
                team,
                players,
            };
            ask_owner(&shared, Request::Lineup(submission)).await
        }
        (_, _) if boards == 0 => Reply::refused(404, "This team plays no match in this round."),
        _ => Reply::refused(
            422,
            "Incomplete form: choose a player or nobody on each board.",
        ),
    };
    if reply.status == 403 {
        return code_refused(&shared, peer.ip(), &reply);
    }
    let view = view(&shared);
    let body = captain_page(&view, &code, Some(&reply))
        .unwrap_or_else(|| pages::message_page("Line-up", &reply.message));
    with_outcome(html(status_of(&reply), body, true), &reply)
}
