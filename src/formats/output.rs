//! Where written bytes go, and what a write may replace.
//!
//! Every file the program writes goes through `Target`: the event file, the FIDE report,
//! a pairing list, a PDF, the autosave. The rules, checked before anything is written:
//! - **Nothing replaces the event it was made from, nor any other event, unless it is a
//!   save of the event itself.** A native event (`.sarb`, `.ron`, or a file whose content
//!   is one) is replaced only by a native save (`Content::NativeEvent`), which first keeps
//!   the replaced version as a backup. TRF written by `convert`, `report` or the export
//!   (`Content::Event`) may replace another TRF file, never a file the command read.
//!   Everything else (`Content::Document`: pairings, standings, explanations, PDF, HTML)
//!   replaces no event file at all, TRF included.
//! - **The file name says what is in it**: native content only under `.sarb`/`.ron`, and
//!   no TRF or document under those names.
//! - **A symbolic link is neither followed nor replaced**; nor is a block device, socket
//!   or folder. A FIFO or character device (`/dev/null`, a terminal) is written into, as
//!   the shell's `>` does; `-` and `/dev/stdout` mean standard output.
//! - **A regular file is replaced atomically**: an exclusive temporary file with a random
//!   name beside it (`tempfile`: `O_EXCL`, so a planted link or file is never written
//!   through), flushed to disk, given the replaced file's permissions (and owner, where the
//!   process may set it), renamed over the file, then the folder flushed. A crash leaves the
//!   old or the new file, never a mix.
//! - **Standard output errors are failures**, except a reader that closed the pipe
//!   (`| head`): what it no longer takes is dropped.

use std::ffi::OsStr;
use std::fs::{self, File, Metadata};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::native;

/// A temporary file this old was left by a process that died while saving.
const STALE: Duration = Duration::from_secs(60);

/// What is being written: it decides what the write may replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    /// The event in the native format (a save, an autosave, `convert … -o x.sarb`).
    NativeEvent,
    /// The event in another format (TRF: `convert`, `report`, `generate`, the export).
    Event,
    /// Anything else: pairings, explanations, standings, printed documents.
    Document,
}

/// Why nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{path}: {reason}; nothing was written")]
    Refused { path: String, reason: String },
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
}

impl OutputError {
    fn refused(path: &Path, reason: impl Into<String>) -> OutputError {
        OutputError::Refused {
            path: path.display().to_string(),
            reason: reason.into(),
        }
    }

    fn io(path: &Path, source: io::Error) -> OutputError {
        OutputError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// What is at the output path.
#[derive(Debug)]
enum Place {
    /// `-` or `/dev/stdout`.
    Stdout,
    /// Nothing yet: the file is created.
    Missing,
    /// A regular file, replaced atomically.
    Regular(Metadata),
    /// A FIFO or character device, written into.
    Stream,
}

/// Where a write goes, checked against the rules of the module.
#[derive(Debug)]
pub(crate) struct Target {
    path: PathBuf,
    place: Place,
}

/// Whether the path means standard output.
pub(crate) fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-" || path == Path::new("/dev/stdout")
}

impl Target {
    /// Checks that `content` may be written to `path`; `inputs` are the files the command
    /// read (an output never replaces one of them, unless it is a native save).
    pub(crate) fn resolve(
        path: &Path,
        content: Content,
        inputs: &[&Path],
    ) -> Result<Target, OutputError> {
        let target = |place| {
            Ok(Target {
                path: path.to_path_buf(),
                place,
            })
        };
        if is_stdout(path) {
            return target(Place::Stdout);
        }
        let native_name = native::is_native_path(path);
        match content {
            Content::NativeEvent if !native_name => {
                return Err(OutputError::refused(
                    path,
                    format!(
                        "a swiss-arbiter event file is named .{} (or .{})",
                        native::EXTENSION,
                        native::LEGACY_EXTENSION
                    ),
                ));
            }
            Content::Event | Content::Document if native_name => {
                return Err(OutputError::refused(
                    path,
                    "the name says swiss-arbiter event (.sarb/.ron), but this is not one: choose another name",
                ));
            }
            Content::Document if has_trf_extension(path) => {
                return Err(OutputError::refused(
                    path,
                    "the name says TRF event (.trf), but this is not one: choose another name",
                ));
            }
            _ => {}
        }
        let meta = match fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return target(Place::Missing),
            Err(e) => return Err(OutputError::io(path, e)),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            return Err(OutputError::refused(
                path,
                "is a symbolic link, which is neither followed nor replaced: give the file it points to (or - for standard output)",
            ));
        }
        if kind.is_dir() {
            return Err(OutputError::refused(path, "is a folder"));
        }
        if !kind.is_file() {
            return if is_stream(&meta) {
                target(Place::Stream)
            } else {
                Err(OutputError::refused(
                    path,
                    "is neither a regular file, a FIFO nor a character device",
                ))
            };
        }
        if content != Content::NativeEvent {
            if inputs.iter().any(|input| same_file(input, path, &meta)) {
                return Err(OutputError::refused(
                    path,
                    "is the file this command reads: write the output elsewhere",
                ));
            }
            match (content, sniff(path)) {
                (_, Some(Sniffed::Native)) => {
                    return Err(OutputError::refused(
                        path,
                        "holds a swiss-arbiter event, which only a save of the event may replace",
                    ));
                }
                (Content::Document, Some(Sniffed::Trf)) => {
                    return Err(OutputError::refused(
                        path,
                        "holds a TRF event, which only an event file may replace",
                    ));
                }
                _ => {}
            }
        }
        target(Place::Regular(meta))
    }

    /// Whether the write replaces an existing regular file.
    pub(crate) fn replaces_file(&self) -> bool {
        matches!(self.place, Place::Regular(_))
    }

    /// Writes `bytes` there (see the module documentation for how).
    pub(crate) fn write(self, bytes: &[u8]) -> Result<(), OutputError> {
        self.write_with(|out| out.write_all(bytes))
    }

    /// Writes there what `fill` writes, without holding it all in memory first (a saved
    /// rating list index is a hundred megabytes); the same rules as [`Target::write`]. An
    /// error of `fill` leaves the file as it was.
    pub(crate) fn write_with(
        self,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        match &self.place {
            Place::Stdout => write_stdout_with(fill)
                .map_err(|e| OutputError::io(Path::new("standard output"), e)),
            Place::Stream => {
                write_stream(&self.path, fill).map_err(|e| OutputError::io(&self.path, e))
            }
            Place::Missing => {
                replace(&self.path, fill, None).map_err(|e| OutputError::io(&self.path, e))
            }
            Place::Regular(meta) => {
                replace(&self.path, fill, Some(meta)).map_err(|e| OutputError::io(&self.path, e))
            }
        }
    }
}

/// Checks and writes in one step: [`Target::resolve`], then [`Target::write`].
pub(crate) fn write(
    path: &Path,
    bytes: &[u8],
    content: Content,
    inputs: &[&Path],
) -> Result<(), OutputError> {
    Target::resolve(path, content, inputs)?.write(bytes)
}

/// Writes to standard output. A reader that closed the pipe early (`| head`) is not an
/// error of ours: what it no longer takes is dropped. Every other error is returned.
pub(crate) fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    write_stdout_with(|out| out.write_all(bytes))
}

/// [`write_stdout`] of what `fill` writes.
fn write_stdout_with(fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match fill(&mut out).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

fn has_trf_extension(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"))
}

/// What a file's first bytes show it to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sniffed {
    Native,
    Trf,
}

/// Looks at the first 4 KiB of a file: a native event starts with `(` and names its
/// `format_version`; a TRF file has a `001` (player) or `012` (event name) record.
pub(crate) fn sniff(path: &Path) -> Option<Sniffed> {
    let mut head = Vec::with_capacity(4096);
    File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .ok()?;
    sniff_bytes(&head)
}

/// [`sniff`] on bytes already read.
pub(crate) fn sniff_bytes(head: &[u8]) -> Option<Sniffed> {
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('(') && text.contains("format_version") {
        return Some(Sniffed::Native);
    }
    text.lines()
        .any(|l| {
            let code = l.get(..4).unwrap_or(l);
            matches!(code, "001 " | "012 " | "001" | "012")
        })
        .then_some(Sniffed::Trf)
}

/// Whether `input` is the file at `path` (whose metadata is `meta`), whatever the names.
#[cfg(unix)]
fn same_file(input: &Path, _path: &Path, meta: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(input).is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
}

/// Whether `input` is the file at `path`: the metadata carries no file identity here, so
/// the canonical paths are compared.
#[cfg(not(unix))]
fn same_file(input: &Path, path: &Path, _meta: &Metadata) -> bool {
    match (fs::canonicalize(input), fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(unix)]
fn is_stream(meta: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    kind.is_fifo() || kind.is_char_device()
}

#[cfg(not(unix))]
fn is_stream(_meta: &Metadata) -> bool {
    false
}

/// Writes into a FIFO or character device that is already there, without following a
/// link put in its place meanwhile.
fn write_stream(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    let file = options.open(path)?;
    if !is_stream(&file.metadata()?) {
        return Err(io::Error::other("is no longer a FIFO or character device"));
    }
    let mut out = io::BufWriter::new(file);
    fill(&mut out)?;
    out.flush()
}

/// The folder a file is in (`.` for a bare name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The prefix of the temporary files beside `name`: `.NAME.`; they end in `.tmp`.
fn temp_prefix(name: &OsStr) -> std::ffi::OsString {
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    prefix
}

/// Replaces (or creates) the regular file `path` atomically; `old` is the metadata of the
/// file replaced, whose permissions and owner the new one gets.
fn replace(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    old: Option<&Metadata>,
) -> io::Result<()> {
    let dir = folder(path);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let prefix = temp_prefix(name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file gets what the process's umask allows of rw-rw-rw-, as any other
        // program's new file would.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(dir)?;
    {
        let mut out = io::BufWriter::new(temp.as_file_mut());
        fill(&mut out)?;
        out.flush()?;
    }
    if let Some(old) = old {
        keep_permissions(temp.as_file(), old)?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    remove_stale_temps(dir, &prefix);
    Ok(())
}

/// Gives the new file the replaced one's permissions and, on Unix, its owner and group
/// (when the process may: as the owner, only the group can change, and only to one of
/// its own; a failure there leaves the new file the writer's).
fn keep_permissions(file: &File, old: &Metadata) -> io::Result<()> {
    file.set_permissions(old.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
        }
    }
    Ok(())
}

/// Removes the temporary files beside the file left by processes killed while saving
/// (`.NAME.*.tmp`, regular files only). Recent ones are left alone: another instance may be
/// saving right now.
fn remove_stale_temps(dir: &Path, prefix: &OsStr) {
    let prefix = prefix.to_string_lossy().into_owned();
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.starts_with(&prefix) && name.ends_with(".tmp")) {
            continue;
        }
        let stale = fs::symlink_metadata(entry.path()).is_ok_and(|m| {
            m.file_type().is_file()
                && m.modified()
                    .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age > STALE))
        });
        if stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::test_folder as folder;

    #[test]
    fn replaces_content_and_leaves_no_temporary_file() {
        let dir = folder("replace");
        let path = dir.join("report.trf");
        write(&path, b"first", Content::Event, &[]).expect("first write");
        write(&path, b"second", Content::Event, &[]).expect("second write");
        assert_eq!(fs::read(&path).expect("read back"), b"second");
        assert_eq!(
            fs::read_dir(&dir).expect("list").count(),
            1,
            "temporary files left"
        );
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    /// The old temporary name was predictable (`NAME.tmp-PID`) and opened without
    /// `O_EXCL`: a link planted there made the save write through it into another file.
    #[cfg(unix)]
    #[test]
    fn a_link_planted_where_a_temporary_file_could_be_is_never_written_through() {
        let dir = folder("planted");
        let victim = dir.join("victim");
        fs::write(&victim, "keep me").expect("write");
        let path = dir.join("event.sarb");
        let pid = std::process::id();
        for name in [
            format!("event.sarb.tmp-{pid}"),
            format!(".event.sarb.tmp-{pid}"),
        ] {
            std::os::unix::fs::symlink(&victim, dir.join(name)).expect("plant");
        }
        write(&path, b"saved", Content::NativeEvent, &[]).expect("write");
        assert_eq!(fs::read_to_string(&victim).expect("read"), "keep me");
        assert_eq!(fs::read(&path).expect("read"), b"saved");
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn temporary_files_of_killed_saves_are_removed_once_stale() {
        let dir = folder("stale");
        let path = dir.join("event.sarb");
        let stale = dir.join(".event.sarb.AbC123.tmp");
        let recent = dir.join(".event.sarb.XyZ789.tmp");
        let other = dir.join(".other.sarb.QwE456.tmp");
        for p in [&stale, &recent, &other] {
            fs::write(p, "half a fi").expect("leftover");
        }
        let old = SystemTime::now() - Duration::from_secs(3600);
        for p in [&stale, &other] {
            File::options()
                .write(true)
                .open(p)
                .and_then(|f| f.set_modified(old))
                .expect("age the leftover");
        }
        write(&path, b"new", Content::NativeEvent, &[]).expect("write");
        assert!(!stale.exists(), "a stale leftover of this file is removed");
        assert!(
            recent.exists(),
            "a recent one may belong to a save in progress"
        );
        assert!(
            other.exists(),
            "other files' leftovers are not ours to remove"
        );
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn a_failed_write_leaves_nothing() {
        let dir = folder("fail");
        let path = dir.join("missing-folder").join("event.sarb");
        assert!(write(&path, b"x", Content::NativeEvent, &[]).is_err());
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[cfg(unix)]
    #[test]
    fn new_files_follow_the_umask_and_replaced_ones_keep_their_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("mode");
        let path = dir.join("report.trf");
        write(&path, b"one", Content::Event, &[]).expect("write");
        let mode = |p: &Path| fs::metadata(p).expect("meta").permissions().mode() & 0o777;
        assert_ne!(mode(&path), 0o600, "not the temporary file's private mode");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
        write(&path, b"two", Content::Event, &[]).expect("write");
        assert_eq!(mode(&path), 0o640);
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn names_and_contents_say_what_may_be_replaced() {
        let dir = folder("names");
        let refused = |path: &Path, content| {
            matches!(
                Target::resolve(path, content, &[]),
                Err(OutputError::Refused { .. })
            )
        };
        assert!(refused(&dir.join("x.sarb"), Content::Event));
        assert!(refused(&dir.join("x.ron"), Content::Document));
        assert!(refused(&dir.join("x.trf"), Content::Document));
        assert!(refused(&dir.join("x.pdf"), Content::NativeEvent));
        assert!(!refused(&dir.join("x.trf"), Content::Event));
        let trf = dir.join("list.txt");
        fs::write(&trf, "012 Open\n001    1      Ann\n").expect("write");
        assert!(
            refused(&trf, Content::Document),
            "a TRF event by its content"
        );
        assert!(
            !refused(&trf, Content::Event),
            "an event may replace a TRF file"
        );
        assert!(refused(&dir, Content::Document), "a folder");
        let input = dir.join("in.csv");
        fs::write(&input, "name\nAnn\n").expect("write");
        assert!(matches!(
            Target::resolve(&input, Content::Document, &[&input]),
            Err(OutputError::Refused { .. })
        ));
        assert!(is_stdout(Path::new("-")) && is_stdout(Path::new("/dev/stdout")));
        fs::remove_dir_all(&dir).expect("cleanup");
    }
}
