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
/// with a plain file (for root, `-o /dev/null` used to turn `/dev/null` into one), and a device has
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
    let mut builder = tempfile::Builder::new();
    builder.prefix(".gridreduce-").suffix(".tmp");
    // tempfile creates 0600 files; outputs are meant to be read by other tools and users, so ask
    // for what `File::create` would give (0666, narrowed by the umask at open time).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir).map_err(|e| Error::io(path, e))?;
    // Removed by the signal handler if the process is interrupted before the rename.
    let _in_flight = crate::cleanup::register(tmp.path());
    crate::cleanup::test_hold_point();
    fill_buffered(tmp.as_file(), path, fill)?;
    if SYNC.load(Ordering::Relaxed) {
        tmp.as_file().sync_all().map_err(|e| Error::io(path, e))?;
    }
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    Ok(())
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
