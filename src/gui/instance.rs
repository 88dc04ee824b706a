//! One window per user: a second launch (a double-click on an event file while the
//! program runs) hands its file to the running window, which comes to the front and opens
//! it (asking first about unsaved changes), instead of opening a second window that
//! competes for the same event and autosave.
//!
//! The first launch holds the lock on `instance.lock` in the application folder for as
//! long as it runs (the operating system releases it on any exit, crash included) and
//! listens on a loopback TCP port, written with a random token to `instance.port` (only
//! the user can read it on Unix). A later launch that finds the lock held connects to that
//! port, sends the token and the absolute path, and ends once the window has taken it.
//! Loopback TCP works the same on Windows, macOS and Linux with the standard library only.
//! When anything fails (no folder, a port file not written yet, a window that does not
//! answer), the launch opens its own window as before: a file is never left unopened.

use std::fs::{File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use eframe::egui;

/// The first line of every request, so that nothing else talking to the port is taken
/// for a launch.
const GREETING: &str = "swiss-arbiter instance 1";

/// The largest request read (a greeting, a token and one path).
const MAX_REQUEST: u64 = 16 * 1024;

/// How long a launch waits for the running window (to write its port, to answer).
const PATIENCE: Duration = Duration::from_secs(3);

/// What a launch asks of the running window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Come to the front.
    Show,
    /// Come to the front and open this event file.
    Open(PathBuf),
}

/// The running window's side: the lock held, and the requests of later launches.
pub struct Instance {
    _lock: File,
    requests: Receiver<Request>,
    /// Woken when a request arrives (set once the window exists).
    wake: Arc<Mutex<Option<egui::Context>>>,
}

/// What a launch turned out to be.
pub enum Launch {
    /// The first window: it runs, and takes the requests of later launches.
    First(Instance),
    /// Another window runs and has taken the request: this launch ends.
    Handed,
    /// No single instance could be arranged (no folder, a failure); open a window anyway.
    Alone,
}

/// Becomes the running window, or hands `file` to the one already running (see the module
/// documentation). `dir` is the application folder.
pub fn launch(dir: Option<&Path>, file: Option<&Path>) -> Launch {
    let Some(dir) = dir else {
        return Launch::Alone;
    };
    if std::fs::create_dir_all(dir).is_err() {
        return Launch::Alone;
    }
    let Ok(lock) = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("instance.lock"))
    else {
        return Launch::Alone;
    };
    let request = match file {
        Some(path) => Request::Open(std::path::absolute(path).unwrap_or(path.to_path_buf())),
        None => Request::Show,
    };
    if lock.try_lock().is_err() {
        return match hand_over(dir, &request) {
            Ok(()) => Launch::Handed,
            Err(_) => Launch::Alone,
        };
    }
    match listen(dir, lock) {
        Some(instance) => Launch::First(instance),
        None => Launch::Alone,
    }
}

impl Instance {
    /// Lets requests wake the window: it is drawn, brought to the front and opens the file.
    pub fn attach(&self, ctx: &egui::Context) {
        if let Ok(mut wake) = self.wake.lock() {
            *wake = Some(ctx.clone());
        }
    }

    /// The oldest request not taken yet.
    pub fn next_request(&self) -> Option<Request> {
        self.requests.try_recv().ok()
    }
}

/// A random token (the standard library's hasher keys come from the operating system's
/// random source).
fn token() -> String {
    let state = std::collections::hash_map::RandomState::new();
    let mut words = [0u64; 2];
    for (i, word) in words.iter_mut().enumerate() {
        let mut h = state.build_hasher();
        h.write_usize(i);
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        *word = h.finish();
    }
    format!("{:016x}{:016x}", words[0], words[1])
}

/// Listens on a loopback port and writes it, with a token, to `instance.port`.
fn listen(dir: &Path, lock: File) -> Option<Instance> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).ok()?;
    let port = listener.local_addr().ok()?.port();
    let token = token();
    write_port_file(dir, port, &token).ok()?;
    let (send, requests) = mpsc::channel();
    let wake: Arc<Mutex<Option<egui::Context>>> = Arc::default();
    let thread_wake = Arc::clone(&wake);
    std::thread::Builder::new()
        .name("instance".into())
        .spawn(move || serve(&listener, &token, &send, &thread_wake))
        .ok()?;
    Some(Instance {
        _lock: lock,
        requests,
        wake,
    })
}

/// Writes `instance.port` whole (temporary file, then rename), readable by the user only.
fn write_port_file(dir: &Path, port: u16, token: &str) -> std::io::Result<()> {
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    writeln!(temp, "{port}\n{token}")?;
    temp.as_file().sync_all()?;
    temp.persist(dir.join("instance.port"))
        .map(drop)
        .map_err(|e| e.error)
}

/// Takes requests until the window ends (the thread ends with the process).
fn serve(
    listener: &TcpListener,
    token: &str,
    send: &Sender<Request>,
    wake: &Mutex<Option<egui::Context>>,
) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let Some(request) = read_request(&stream, token) else {
            continue;
        };
        if send.send(request).is_err() {
            return;
        }
        if let Ok(wake) = wake.lock()
            && let Some(ctx) = wake.as_ref()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
            ctx.request_repaint();
        }
        let mut stream = stream;
        let _ = stream.write_all(b"ok\n");
    }
}

/// One request: the greeting, the token, then `show` or `open` and a path; `None` for
/// anything else (read with a time limit and a size bound).
fn read_request(stream: &TcpStream, token: &str) -> Option<Request> {
    stream.set_read_timeout(Some(PATIENCE)).ok()?;
    let mut lines = BufReader::new(stream.take(MAX_REQUEST)).lines();
    let mut next = || lines.next()?.ok();
    if next()? != GREETING || next()? != token {
        return None;
    }
    match next()?.as_str() {
        "show" => Some(Request::Show),
        "open" => Some(Request::Open(PathBuf::from(next()?))),
        _ => None,
    }
}

/// Sends `request` to the running window and waits for it to be taken.
fn hand_over(dir: &Path, request: &Request) -> std::io::Result<()> {
    let refused = |what: &str| std::io::Error::other(what.to_string());
    // The first window may still be writing its port: wait for it a little.
    let deadline = Instant::now() + PATIENCE;
    let (port, token) = loop {
        let text = std::fs::read_to_string(dir.join("instance.port")).unwrap_or_default();
        let mut lines = text.lines();
        if let (Some(port), Some(token)) = (lines.next(), lines.next())
            && let Ok(port) = port.parse::<u16>()
        {
            break (port, token.to_string());
        }
        if Instant::now() > deadline {
            return Err(refused("the running window has not written its port"));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&address, PATIENCE)?;
    stream.set_read_timeout(Some(PATIENCE))?;
    let body = match request {
        Request::Show => "show".to_string(),
        Request::Open(path) => {
            let path = path
                .to_str()
                .ok_or_else(|| refused("a path that is not text"))?;
            if path.contains('\n') {
                return Err(refused("a path with a line break"));
            }
            format!("open\n{path}")
        }
    };
    stream.write_all(format!("{GREETING}\n{token}\n{body}\n").as_bytes())?;
    let mut answer = String::new();
    BufReader::new(stream).read_line(&mut answer)?;
    if answer.trim_end() == "ok" {
        Ok(())
    } else {
        Err(refused("the running window did not answer"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        crate::formats::test_folder(name)
    }

    #[test]
    fn a_second_launch_hands_its_file_to_the_first() {
        let dir = folder("instance");
        let Launch::First(first) = launch(Some(&dir), None) else {
            panic!("the first launch runs the window");
        };
        let file = dir.join("open-b.sarb");
        assert!(matches!(launch(Some(&dir), Some(&file)), Launch::Handed));
        assert!(matches!(launch(Some(&dir), None), Launch::Handed));
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut got = Vec::new();
        while got.len() < 2 && Instant::now() < deadline {
            got.extend(first.next_request());
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(got, [Request::Open(file), Request::Show]);
        // Once the first window is gone, the next launch is the first again.
        drop(first);
        assert!(matches!(launch(Some(&dir), None), Launch::First(_)));
    }

    #[test]
    fn a_request_without_the_token_is_ignored() {
        let dir = folder("instance-token");
        let Launch::First(first) = launch(Some(&dir), None) else {
            panic!("the first launch runs the window");
        };
        let text = std::fs::read_to_string(dir.join("instance.port")).expect("port file");
        let port: u16 = text
            .lines()
            .next()
            .and_then(|p| p.parse().ok())
            .expect("port");
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).expect("connects");
        stream
            .write_all(format!("{GREETING}\nwrong\nopen\n/etc/passwd\n").as_bytes())
            .expect("sent");
        drop(stream);
        // A good request after it is still served, and only it.
        let file = dir.join("a.sarb");
        assert!(matches!(launch(Some(&dir), Some(&file)), Launch::Handed));
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(first.next_request(), Some(Request::Open(file)));
        assert_eq!(first.next_request(), None);
    }

    #[test]
    fn without_a_folder_each_launch_has_its_window() {
        assert!(matches!(launch(None, None), Launch::Alone));
    }
}
