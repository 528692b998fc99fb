//! Time limits, checked and reported one way by every route (issue 18): a deadline is an
//! `Option<Instant>` fixed when the command starts on a puzzle or graph (so it covers building the
//! reduction too), `None` meaning no limit; running past it is [`exceeded`], the one
//! [`Error::Timeout`] message, which the CLI turns into exit code 3 (docs/reliability.md).

use crate::error::{Error, Result};
use std::time::{Duration, Instant};

/// Whether `deadline` has come. Reads the clock, so loops call it every few thousand steps.
pub fn passed(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// What is left of `deadline` for a solver that takes a time limit of its own (`None`: no
/// limit), or [`exceeded`] if nothing is left: a zero limit would mean "none" to some solvers.
pub fn remaining(deadline: Option<Instant>) -> Result<Option<Duration>> {
    match deadline {
        None => Ok(None),
        Some(d) => match d.checked_duration_since(Instant::now()) {
            Some(left) if !left.is_zero() => Ok(Some(left)),
            _ => Err(exceeded()),
        },
    }
}

/// The error of every route whose time limit ran out.
pub fn exceeded() -> Error {
    Error::Timeout("no answer within the time limit".into())
}
