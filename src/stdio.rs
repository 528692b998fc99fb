//! The standard streams, as the commands use them: results to stdout with every write checked,
//! messages to stderr without ever failing.
//!
//! `std`'s `println!` panics when stdout cannot be written (`> /dev/full`, a disk that fills, a
//! closed pipe's reader on a platform without SIGPIPE), and `eprintln!` does the same on stderr.
//! The crate shadows both (the macros in `lib.rs`, before every module): a result that cannot be
//! printed becomes [`Error::Io`] naming "standard output", which `main` reports as one line on
//! stderr with exit code 2, and a message that cannot be shown is dropped (there is nowhere left
//! to say so). So no command can panic on an output stream, and no new `println!` can bring the
//! panic back.
//!
//! A stdout the caller closed (`gridreduce solve p.txt >&-`) looks like success: Rust's runtime
//! opens `/dev/null` on a closed standard descriptor before `main` (so no file the command opens
//! takes its place), and everything printed vanishes with exit code 0. The binary notices the
//! closed descriptor before the runtime starts and calls [`stdout_was_closed`], so that the first
//! result printed is refused instead ("standard output: closed, …", exit code 2); a command that
//! prints nothing still succeeds.

use crate::error::{Error, Result};
use std::fmt;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`guard`] when descriptor 1 was closed at start-up.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// The name errors give stdout.
const STDOUT: &str = "standard output";

/// Records that descriptor 1 was closed when the process started (see the module documentation):
/// from then on every [`print`] fails with "closed". The binary finds out before Rust's runtime
/// starts, since the runtime opens `/dev/null` on a closed standard descriptor.
pub fn stdout_was_closed() {
    STDOUT_CLOSED.store(true, Ordering::Relaxed);
}

/// Writes `args` to stdout; a failed write (a full disk, a closed stdout) is [`Error::Io`] on
/// "standard output".
pub fn print(args: fmt::Arguments) -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(closed());
    }
    std::io::stdout()
        .lock()
        .write_fmt(args)
        .map_err(|e| Error::io(Path::new(STDOUT), e))
}

/// Flushes stdout, reporting a failure like [`print`]: what a buffered stdout still holds at the
/// end of a command must reach the file too, or the command fails.
pub fn flush() -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    std::io::stdout()
        .lock()
        .flush()
        .map_err(|e| Error::io(Path::new(STDOUT), e))
}

/// Writes `args` to stderr, ignoring a failure: a message that cannot be shown has nowhere else
/// to go, and the exit code still tells.
pub fn eprint(args: fmt::Arguments) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

fn closed() -> Error {
    Error::io(
        Path::new(STDOUT),
        std::io::Error::other("closed, so the results cannot be printed"),
    )
}
