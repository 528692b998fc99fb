//! Typed errors that carry where a problem is (file, line, column) and what it is.
//!
//! Every error prints as **one line** so that the CLI can show it as is and batch runs can put it in a
//! CSV cell. Exit codes follow from the variant: bad input of any kind (files, certificates, usage) is
//! exit code 2; no answer within a time limit ([`Error::Timeout`]) is exit code 3
//! ([`TIMEOUT_EXIT_CODE`]); a failed check (an invalid solution) is not an error at all but a
//! result, exit code 1.

use std::fmt;
use std::path::{Path, PathBuf};

/// Something wrong in an input file: which file, which line (1-based), optionally which column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub file: Option<PathBuf>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl InputError {
    /// An error without a location yet; readers add the file with [`InputError::in_file`].
    pub fn new(message: impl Into<String>) -> Self {
        InputError {
            file: None,
            line: None,
            column: None,
            message: message.into(),
        }
    }

    pub fn at_line(line: usize, message: impl Into<String>) -> Self {
        InputError {
            line: Some(line),
            ..InputError::new(message)
        }
    }

    pub fn with_column(mut self, column: usize) -> Self {
        self.column = Some(column);
        self
    }

    pub fn with_line(mut self, line: usize) -> Self {
        self.line = Some(line);
        self
    }

    /// Names the file, unless an inner reader already named one.
    pub fn in_file(mut self, file: &Path) -> Self {
        if self.file.is_none() {
            self.file = Some(file.to_path_buf());
        }
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut wrote = false;
        if let Some(file) = &self.file {
            write!(f, "{}", file.display())?;
            wrote = true;
        }
        if let Some(line) = self.line {
            if wrote {
                write!(f, ":")?;
            } else {
                write!(f, "line ")?;
            }
            write!(f, "{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
            wrote = true;
        }
        if wrote {
            write!(f, ": ")?;
        }
        // Keep it one line whatever the message holds.
        write!(f, "{}", self.message.replace('\n', " "))
    }
}

impl std::error::Error for InputError {}

/// A target certificate (tour, assignment, ILP point) that is not valid for the instance it was given
/// for, or that does not decode to a source solution. Produced by `extract` and by target `check`s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateError {
    pub message: String,
}

impl CertificateError {
    pub fn new(message: impl Into<String>) -> Self {
        CertificateError {
            message: message.into(),
        }
    }
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message.replace('\n', " "))
    }
}

impl std::error::Error for CertificateError {}

/// The exit code of a command that gave no answer within its `--time-limit`: not bad input (2),
/// not a failed check (1), so scripts can tell "try a longer limit" apart from both.
pub const TIMEOUT_EXIT_CODE: u8 = 3;

/// Every error the library reports. All variants but [`Error::Timeout`] (exit code 3) are "bad
/// input" for the CLI (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Input(#[from] InputError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A certificate problem, with the file it came from when there is one.
    #[error("{}{error}", file.as_ref().map(|p| format!("{}: ", p.display())).unwrap_or_default())]
    Certificate {
        file: Option<PathBuf>,
        error: CertificateError,
    },
    /// The puzzle has no solution (found by a pre-check or a solver), where one is needed.
    #[error("{0}")]
    Unsolvable(String),
    /// A solver gave up (time limit) before it could answer.
    #[error("{0}")]
    Timeout(String),
    /// A puzzle whose instance cannot be built as asked (an encoding that does not take it, a graph
    /// above a format's size limit); the message names the step. A batch reports the puzzle and
    /// goes on.
    #[error("{0}")]
    Construction(String),
    /// Arguments that do not fit together (the command line, never a single puzzle).
    #[error("{0}")]
    Usage(String),
}

impl Error {
    /// The CLI's exit code for this error: [`TIMEOUT_EXIT_CODE`] for a timeout, 2 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Timeout(_) => TIMEOUT_EXIT_CODE,
            _ => 2,
        }
    }

    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

impl From<CertificateError> for Error {
    fn from(error: CertificateError) -> Self {
        Error::Certificate { file: None, error }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
