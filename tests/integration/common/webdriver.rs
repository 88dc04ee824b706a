//! A minimal WebDriver client for the browser tests: `chromedriver` started on a free
//! loopback port, sessions of a headless Chromium at phone size, and the few commands the
//! tests use, over plain HTTP/1.1 (loopback only; pages from the loopback or from local
//! files); every wait is bounded and panics with what it waited for.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// An answer of the driver: its status and body.
struct Answer {
    status: u16,
    body: String,
}

/// Sends one request on a new connection and reads the answer: its head, then as many
/// bytes as its `Content-Length` says (`chromedriver` keeps the connection open even when
/// asked to close it, so reading to the end would wait for the timeout).
fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<Answer> {
    assert!(addr.starts_with("127.0.0.1:"), "loopback only");
    let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
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
    let mut chunk = [0u8; 16 * 1024];
    let end = loop {
        if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(bad("the connection closed before the answer's head"));
        }
        raw.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let length = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(n, _)| n.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok());
    let mut content = raw[end + 4..].to_vec();
    match length {
        Some(length) => {
            while content.len() < length {
                let n = stream.read(&mut chunk)?;
                if n == 0 {
                    return Err(bad("the connection closed inside the body"));
                }
                content.extend_from_slice(&chunk[..n]);
            }
            content.truncate(length);
        }
        None => {
            stream.read_to_end(&mut content)?;
        }
    }
    Ok(Answer {
        status,
        body: String::from_utf8_lossy(&content).into_owned(),
    })
}

/// The browser and its driver, as Debian installs them.
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long any wait lasts before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// The key under which WebDriver returns an element's id.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Where the browser tests' screenshots go: `target/venue-screenshots/`.
pub fn screenshots_dir() -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.parent().unwrap_or(&tmp).join("venue-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether Chromium and its driver are installed.
pub fn available() -> bool {
    Path::new(CHROMIUM).is_file() && Path::new(CHROMEDRIVER).is_file()
}

/// A running `chromedriver`; killed when dropped.
pub struct Driver {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Driver {
    /// Starts `chromedriver` on a free loopback port (another one when the port was taken
    /// meanwhile) and waits until it says it is ready.
    pub fn start() -> Driver {
        let mut last = String::new();
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free loopback port")
                .port();
            let mut child = Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .arg("--allowed-ips=127.0.0.1")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts");
            let addr = format!("127.0.0.1:{port}");
            let deadline = Instant::now() + WAIT;
            loop {
                if let Ok(Some(status)) = child.try_wait() {
                    last = format!("chromedriver on port {port} exited: {status}");
                    break;
                }
                if let Ok(r) = request(&addr, "GET", "/status", &[], b"")
                    && r.status == 200
                    && serde_json::from_str::<Value>(&r.body)
                        .is_ok_and(|v| v["value"]["ready"] == json!(true))
                {
                    return Driver { child, addr };
                }
                if Instant::now() > deadline {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!("chromedriver on port {port} not ready after {WAIT:?}");
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!("chromedriver did not start: {last}");
    }

    /// Sends a WebDriver command and returns its `value`; panics on an error.
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let payload = body.map(|b| b.to_string()).unwrap_or_default();
        let headers: &[(&str, &str)] = if body.is_some() {
            &[("Content-Type", "application/json; charset=utf-8")]
        } else {
            &[]
        };
        let r = request(&self.addr, method, path, headers, payload.as_bytes())
            .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"));
        let v: Value = serde_json::from_str(&r.body)
            .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}: {}", r.body));
        if r.status != 200 {
            panic!(
                "WebDriver {method} {path} answered {}: {} ({})",
                r.status, v["value"]["error"], v["value"]["message"]
            );
        }
        v["value"].clone()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser session: one phone, with a profile of its own; deleted (the browser quits)
/// when dropped.
pub struct Session<'d> {
    driver: &'d Driver,
    id: String,
}

impl<'d> Session<'d> {
    /// A headless Chromium of 375×812 emulating a phone (mobile viewport, touch; one
    /// device pixel per CSS pixel, to keep the screenshots small) with its profile in
    /// `user_data_dir`.
    pub fn new(driver: &'d Driver, user_data_dir: &Path) -> Session<'d> {
        std::fs::create_dir_all(user_data_dir).unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=375,812",
            &format!("--user-data-dir={}", user_data_dir.display()),
        ];
        let body = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": CHROMIUM,
                        "args": args,
                        // A phone's viewport: the page is laid out as a phone lays it out
                        // (980 px wide and zoomed out without a `viewport` meta tag).
                        "mobileEmulation": {
                            "deviceMetrics": {
                                "width": 375, "height": 812, "pixelRatio": 1.0,
                                "mobile": true, "touch": true
                            }
                        }
                    },
                    "timeouts": { "pageLoad": WAIT.as_millis() as u64, "script": 10_000 },
                }
            }
        });
        let value = driver.command("POST", "/session", Some(&body));
        let id = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session id in {value}"))
            .to_string();
        Session { driver, id }
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.driver.command(
            method,
            &format!("/session/{}{path}", self.id),
            body.as_ref(),
        )
    }

    /// Opens `url` (the loopback, or a local file) and waits for it to load.
    pub fn goto(&self, url: &str) {
        assert!(
            url.starts_with("http://127.0.0.1:") || url.starts_with("file:///"),
            "loopback or a local file only: {url}"
        );
        self.command("POST", "/url", Some(json!({ "url": url })));
    }

    /// The address shown.
    pub fn url(&self) -> String {
        self.command("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Back in the history.
    pub fn back(&self) {
        self.command("POST", "/back", Some(json!({})));
    }

    /// The first element matching the CSS selector (its id); panics when none does.
    pub fn find(&self, css: &str) -> String {
        let v = self.command(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element id for {css:?} in {v}"))
            .to_string()
    }

    /// Every element matching the CSS selector (none is no error).
    pub fn find_all(&self, css: &str) -> Vec<String> {
        let v = self.command(
            "POST",
            "/elements",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Clicks an element.
    pub fn click(&self, element: &str) {
        self.command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// An element's visible text.
    pub fn text(&self, element: &str) -> String {
        self.command("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// An element's attribute (`None` when it has none).
    pub fn attribute(&self, element: &str, name: &str) -> Option<String> {
        self.command("GET", &format!("/element/{element}/attribute/{name}"), None)
            .as_str()
            .map(str::to_string)
    }

    /// Runs a script in the page (`return …` gives its value).
    pub fn execute(&self, script: &str) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// The page's HTML as the browser has it.
    pub fn page_source(&self) -> String {
        self.command("GET", "/source", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Waits until the page's HTML contains `needle` and returns it; panics after
    /// [`WAIT`] with what the page said.
    pub fn wait_for(&self, needle: &str) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let source = self.page_source();
            if source.contains(needle) {
                return source;
            }
            if Instant::now() > deadline {
                panic!(
                    "the page at {} did not show {needle:?} within {WAIT:?}:\n{source}",
                    self.url()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The window's content as a PNG.
    pub fn screenshot_png(&self) -> Vec<u8> {
        let v = self.command("GET", "/screenshot", None);
        let png = base64_decode(v.as_str().expect("a base64 screenshot"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        png
    }

    /// Saves a screenshot as `dir/name` and returns its path.
    pub fn screenshot_to(&self, dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, self.screenshot_png()).unwrap();
        path
    }

    /// Sets the window's size.
    pub fn set_window_rect(&self, width: u32, height: u32) {
        self.command(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// Ends the session (the browser quits).
    pub fn delete(&mut self) {
        if self.id.is_empty() {
            return;
        }
        let path = format!("/session/{}", self.id);
        self.id.clear();
        let _ = request(&self.driver.addr, "DELETE", &path, &[], b"");
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.delete();
    }
}

/// Standard base64 (with or without padding; whitespace skipped).
pub fn base64_decode(text: &str) -> Vec<u8> {
    fn value(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some((c - b'A') as u32),
            b'a'..=b'z' => Some((c - b'a') as u32 + 26),
            b'0'..=b'9' => Some((c - b'0') as u32 + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        if c == b'=' {
            break;
        }
        if c.is_ascii_whitespace() {
            continue;
        }
        let v = value(c).unwrap_or_else(|| panic!("not base64: {:?}", c as char));
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}
