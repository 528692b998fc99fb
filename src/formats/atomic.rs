//! Write-to-temp-then-rename, so a crash, a full disk or a bad certificate never leaves a half-written
//! output file behind.
//!
//! The rename makes a file appear whole or not at all to every other process, whatever happens to
//! this one. Surviving a crash of the **machine** (power loss) needs more: the data flushed to
//! the disk (`fsync`) before the rename. That is opt-in ([`set_sync`], the CLI's global `--sync`),
//! as in gzip (`--synchronous`), `dd` (`conv=fsync`) and `cp`, `sort -o`, LKH and Concorde, which
//! never sync: it cost a third of a batch export's wall time here (2,000 17-clue puzzles to CNF,
//! `reduce --to cnf`, 4,000 files: 9.0–9.4 s with it, 6.35–6.55 s without) and 0.4–0.7 ms of `hcp
//! solve -o` on a small graph, a fifth of that run (docs/reliability.md).

use crate::error::Error;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether [`write_atomic`] flushes each file to the disk before renaming it (off until
/// [`set_sync`]).
static SYNC: AtomicBool = AtomicBool::new(false);

/// Makes every later [`write_atomic`] of this process flush the file's data to the disk (`fsync`)
/// before the rename, so that a written file also survives a power loss. Process-wide, like the
/// memory limit: the CLI sets it once from `--sync`.
pub fn set_sync(on: bool) {
    SYNC.store(on, Ordering::Relaxed);
}

/// Writes `path` by calling `fill` on a buffered temp file in the same folder, then renaming it over
/// `path`. If `fill` fails, nothing is left behind.
///
/// A `path` that is a file this process read as an input ([`super::inputs`]) is refused, so a
/// command never overwrites what it read.
///
/// A `path` that exists and is neither a regular file nor a folder (`/dev/null`, `/dev/stdout`, a
/// named pipe) is written directly: renaming a temp file over it would replace the device or pipe
/// with a plain file (for root, `-o /dev/null` would turn `/dev/null` into one), and a device has
/// no half-written state to protect.
pub fn write_atomic(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    if super::inputs::is_input(path) {
        return Err(super::inputs::refusal(path));
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| Error::io(path, e))?;
        return fill_buffered(&file, path, fill);
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // The temp file's name is registered for removal on a signal *before* the file is created:
    // a signal between creating and registering left `.gridreduce-*.tmp` behind (4-8 of 24
    // SIGINTs during a large `reduce`). A handler that runs first removes nothing and the process
    // ends before the file exists.
    let (tmp_path, file, _in_flight) = create_registered(dir).map_err(|e| Error::io(path, e))?;
    let mut tmp = TempFile {
        path: tmp_path,
        kept: false,
    };
    crate::cleanup::test_hold_point();
    fill_buffered(&file, path, fill)?;
    if SYNC.load(Ordering::Relaxed) {
        file.sync_all().map_err(|e| Error::io(path, e))?;
    }
    drop(file);
    std::fs::rename(&tmp.path, path).map_err(|e| Error::io(path, e))?;
    tmp.kept = true;
    Ok(())
}

/// A temp file that is removed when dropped, unless it was renamed into place.
struct TempFile {
    path: std::path::PathBuf,
    kept: bool,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Creates a new temp file `.gridreduce-PID-K.tmp` in `dir`, registered for removal on a signal
/// before it exists. Mode 0666 narrowed by the umask, as `File::create` gives: outputs are meant
/// to be read by other tools and users.
fn create_registered(
    dir: &Path,
) -> std::io::Result<(
    std::path::PathBuf,
    std::fs::File,
    crate::cleanup::Registered,
)> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    loop {
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!(".gridreduce-{}-{k}.tmp", std::process::id());
        let tmp = dir.join(name);
        let registered = crate::cleanup::register(&tmp);
        match options.open(&tmp) {
            Ok(file) => return Ok((tmp, file, registered)),
            // Left by an earlier process with the same pid: take the next name.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Runs `fill` on `file` through a buffer and flushes it; errors name `path` (the output, not a
/// temp file).
fn fill_buffered(
    file: &std::fs::File,
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    let mut w = BufWriter::new(file);
    fill(&mut w).map_err(|e| Error::io(path, e))?;
    w.flush().map_err(|e| Error::io(path, e))
}

/// Writes the files `files` (name, bytes) into the folder `dir` whole or not at all: they are
/// written into a staging folder beside `dir` (registered for removal on a signal, as every temp
/// file is), then the staging folder is renamed to `dir` when `dir` does not exist, or each file
/// renamed into it when it does (renames need no room on the disk). A full disk, a failed write or
/// a signal leaves `dir` as it was (`explore` on a full disk left 3 of a site's 5 files).
pub fn write_folder(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), Error> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
    let (staging, _staging_in_flight) = loop {
        let k = NEXT.fetch_add(1, Ordering::Relaxed);
        let staging = parent.join(format!(".gridreduce-{}-{k}.folder", std::process::id()));
        let registered = crate::cleanup::register(&staging);
        match std::fs::create_dir(&staging) {
            Ok(()) => break (staging, registered),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(Error::io(dir, e)),
        }
    };
    /// Removes the staging folder unless it was renamed away.
    struct Staging<'a>(&'a Path);
    impl Drop for Staging<'_> {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(self.0);
        }
    }
    let _staged = Staging(&staging);
    let mut in_flight = Vec::with_capacity(files.len());
    for (name, bytes) in files {
        let path = staging.join(name);
        in_flight.push(crate::cleanup::register(&path));
        write_atomic(&path, |w| w.write_all(bytes)).map_err(|e| match e {
            Error::Io { source, .. } => Error::io(&dir.join(name), source),
            other => other,
        })?;
    }
    if !dir.exists() {
        if std::fs::rename(&staging, dir).is_ok() {
            return Ok(());
        }
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    for (name, _) in files {
        let to = dir.join(name);
        if super::inputs::is_input(&to) {
            return Err(super::inputs::refusal(&to));
        }
        std::fs::rename(staging.join(name), &to).map_err(|e| Error::io(&to, e))?;
    }
    Ok(())
}

/// [`write_atomic`] for a string.
pub fn write_string_atomic(path: &Path, text: &str) -> Result<(), Error> {
    write_atomic(path, |w| w.write_all(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A named pipe stays a pipe and gets the text (a device such as `/dev/null` takes the same
    /// path; a pipe is used so that a regression cannot damage the machine's `/dev/null`). The
    /// test holds both ends of the pipe, non-blocking (Linux allows read-write opens of a FIFO),
    /// so neither side waits: after a regression the pipe is simply empty.
    #[cfg(target_os = "linux")]
    #[test]
    fn special_files_are_written_in_place() {
        use std::io::Read;
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let mut ends = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
            .unwrap();
        write_string_atomic(&fifo, "a tour\n").unwrap();
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
        let mut got = [0u8; 64];
        let n = ends.read(&mut got).expect("the text went into the pipe");
        assert_eq!(&got[..n], b"a tour\n");
    }

    #[test]
    fn failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        let err = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("boom"))
        });
        assert!(err.is_err());
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "temp file left behind"
        );
        write_string_atomic(&path, "whole").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole");
    }

    #[cfg(unix)]
    #[test]
    fn written_files_get_the_mode_file_create_gives() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain.txt");
        std::fs::File::create(&plain).unwrap();
        let atomic = dir.path().join("atomic.txt");
        write_string_atomic(&atomic, "x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&atomic), mode(&plain));
    }
}
