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
//! Both streams show control characters other than line feed and tab as escapes ([`Escaped`]):
//! a message quoting an input's bytes cannot rewrite the user's terminal.
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

/// Writes `args` to stdout, control characters escaped ([`Escaped`]); a failed write (a full disk,
/// a closed stdout) is [`Error::Io`] on "standard output".
pub fn print(args: fmt::Arguments) -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(closed());
    }
    let mut out = Escaped::new(std::io::stdout().lock());
    let written = fmt::Write::write_fmt(&mut out, args);
    match out.error {
        Some(e) => Err(Error::io(Path::new(STDOUT), e)),
        None => written.map_err(|_| {
            Error::io(
                Path::new(STDOUT),
                std::io::Error::other("formatting failed"),
            )
        }),
    }
}

/// A text sink that writes to `inner` with every control character but line feed and tab shown as
/// an escape (`\x1b`, `\u{85}`), so that bytes from an input (a puzzle's name, a solver's
/// answer quoted in a message) cannot move the cursor, recolour or clear the user's terminal. The
/// pieces of a format string arrive as whole `str`s, so a C1 character is never split.
pub struct Escaped<W: Write> {
    inner: W,
    /// The first write error; formatting stops there.
    pub error: Option<std::io::Error>,
}

impl<W: Write> Escaped<W> {
    pub fn new(inner: W) -> Self {
        Escaped { inner, error: None }
    }
}

/// Whether `c` is shown as an escape.
fn hidden(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

impl<W: Write> fmt::Write for Escaped<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let result = if s.chars().any(hidden) {
            let mut shown = String::with_capacity(s.len() + 8);
            for c in s.chars() {
                if !hidden(c) {
                    shown.push(c);
                } else if (c as u32) < 0x80 {
                    shown.push_str(&format!("\\x{:02x}", c as u32));
                } else {
                    shown.push_str(&format!("\\u{{{:x}}}", c as u32));
                }
            }
            self.inner.write_all(shown.as_bytes())
        } else {
            self.inner.write_all(s.as_bytes())
        };
        result.map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
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

/// Writes `args` to stderr, control characters escaped ([`Escaped`]), ignoring a failure: a
/// message that cannot be shown has nowhere else to go, and the exit code still tells.
pub fn eprint(args: fmt::Arguments) {
    let _ = fmt::Write::write_fmt(&mut Escaped::new(std::io::stderr().lock()), args);
}

fn closed() -> Error {
    Error::io(
        Path::new(STDOUT),
        std::io::Error::other("closed, so the results cannot be printed"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ESC, NUL, BEL, DEL and a C1 control are shown as escapes; text, line feeds and tabs pass.
    #[test]
    fn control_characters_are_escaped() {
        let mut out = Escaped::new(Vec::new());
        fmt::Write::write_fmt(&mut out, format_args!("a\u{1b}[2Jb\0\x07\x7f\u{85}é\tc\n")).unwrap();
        assert_eq!(
            String::from_utf8(out.inner).unwrap(),
            "a\\x1b[2Jb\\x00\\x07\\x7f\\u{85}é\tc\n"
        );
    }
}
