//! The venue network from outside: an event with a published round waiting for its
//! results, the `serve` program started on a free loopback port, and a plain HTTP/1.1
//! client (loopback only).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use swiss_arbiter::document::{Document, Edit, FoundPairing};
use swiss_arbiter::formats::native;
use swiss_arbiter::generator::GeneratorConfig;
use swiss_arbiter::generator::generate;
use swiss_arbiter::generator::teams::{self, TeamEvent};
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{SystemId, Tournament};

use super::generated;

/// An event of `players` players with `played` rounds played and the next one paired and
/// published, no result entered; `draft`: one more round after it paired as a draft is
/// not possible (its results are missing), so `draft` leaves the next round a draft
/// instead of publishing it.
pub fn event(players: u32, played: u32, seed: u64, draft: bool) -> Vec<Tournament> {
    let mut config = generated::config(players, played, seed, (0.3, 0.0, 0.0));
    config.planned_rounds = Some(played + 3);
    let t = generate(&config, SystemId::Dutch2026).expect("the event generates");
    let mut doc = Document::new(vec![t], None, false);
    let round = played + 1;
    let pairing = PairingRequest::new(doc.current(), SystemId::Dutch2026, Some(round))
        .expect("a request")
        .pair()
        .expect("the round pairs");
    doc.apply(Edit::RecordPairing(Box::new(FoundPairing::Players(
        pairing,
    ))))
    .expect("the pairing records");
    if !draft {
        doc.apply(Edit::Publish(round))
            .expect("the round publishes");
    }
    doc.sections().to_vec()
}

/// Six teams of four boards, round 1 played, round 2 paired and published.
pub fn team_event() -> Tournament {
    let config = GeneratorConfig {
        planned_rounds: Some(5),
        ..teams::config(1, 17)
    };
    let t = teams::generate(&config, &TeamEvent::new(6, 4)).expect("the event generates");
    let mut doc = Document::new(vec![t], None, false);
    let pairing = PairingRequest::new(doc.current(), SystemId::FideTeam, Some(2))
        .expect("a request")
        .pair_teams()
        .expect("round 2 pairs");
    doc.apply(Edit::RecordPairing(Box::new(FoundPairing::Teams(pairing))))
        .expect("the pairing records");
    doc.apply(Edit::Publish(2)).expect("round 2 publishes");
    doc.sections()[0].clone()
}

/// A fresh folder under the target directory.
pub fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("venue-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves `sections` as `event.sarb` in `dir`.
pub fn save(dir: &Path, sections: &[Tournament]) -> PathBuf {
    let path = dir.join("event.sarb");
    let t = &sections[0];
    assert_eq!(sections.len(), 1, "one section in these tests");
    native::save(t, &path).unwrap();
    path
}

/// A running `swiss-arbiter serve`; killed when dropped.
pub struct Served {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Served {
    /// Starts `serve` on a free loopback port with extra arguments; waits until it listens.
    pub fn start(event: &Path, extra: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .arg("serve")
            .arg(event)
            .args(["--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("serving http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("serve printed {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "loopback only: {addr}");
        Served { child, addr }
    }

    /// Kills it at once (SIGKILL on Unix).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks it to stop (SIGTERM) and waits: it saves first.
    #[cfg(unix)]
    pub fn stop(mut self) {
        unsafe extern "C" {
            fn kill(pid: i32, sig: i32) -> i32;
        }
        // SAFETY: a plain signal to our own child.
        unsafe { kill(self.child.id() as i32, 15) };
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The `x-venue-outcome` of a submission.
    pub fn outcome(&self) -> &str {
        self.header("x-venue-outcome").unwrap_or("")
    }
}

/// Sends one request (a new connection, closed after it) and reads the whole answer.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Response> {
    assert!(addr.starts_with("127.0.0.1:"), "loopback only");
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    parse(&raw)
}

fn parse(raw: &[u8]) -> std::io::Result<Response> {
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "bad response");
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(bad)?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers.iter().any(|(n, v)| {
        n.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let line_end = rest.windows(2).position(|w| w == b"\r\n").ok_or_else(bad)?;
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..line_end]).trim(), 16)
                .map_err(|_| bad())?;
            rest = &rest[line_end + 2..];
            if size == 0 {
                break;
            }
            out.extend_from_slice(rest.get(..size).ok_or_else(bad)?);
            rest = rest.get(size + 2..).ok_or_else(bad)?;
        }
        body = out;
    }
    Ok(Response {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// GET.
pub fn get(addr: &str, path: &str) -> Response {
    request(addr, "GET", path, &[], b"").expect("the server answers")
}

/// POST of a form (`application/x-www-form-urlencoded`).
pub fn post(addr: &str, path: &str, fields: &[(&str, &str)]) -> Response {
    let body: String = fields
        .iter()
        .map(|(n, v)| format!("{n}={}", encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    request(
        addr,
        "POST",
        path,
        &[("Content-Type", "application/x-www-form-urlencoded")],
        body.as_bytes(),
    )
    .expect("the server answers")
}

/// Percent-encoding of a form value.
pub fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The event's sections as its file and journal hold them (the journal replayed, as a
/// restart does).
pub fn recorded(path: &Path) -> Vec<Tournament> {
    let sections = native::load_sections(path).expect("the event file reads");
    let mut doc = Document::new(sections, Some(path.to_path_buf()), false);
    swiss_arbiter::venue::Venue::open(path, &mut doc).expect("the venue state reads");
    doc.sections().to_vec()
}

/// The path (with token) of a board's page (the secret is read from the venue state
/// `serve` made: start it first).
pub fn board_path(event: &Path, round: u32, board: usize) -> String {
    let secret = swiss_arbiter::venue::Venue::secret_of(event).expect("serve made the state");
    format!(
        "/board/1/{round}/{board}?t={}",
        secret.board_token(0, round, board)
    )
}
