//! The papers' own algorithms and our fast search — the baselines the reductions are measured
//! against, and the uniqueness check of the generators.
//!
//! * [`backtrack`]: Suguru backtracking exactly as Algorithm 2 of the backtracking paper;
//! * [`fast`]: our bitset search with propagation, written once against the shared
//!   [`Structure`](crate::puzzle::Structure) (Suguru and Sudoku alike);
//! * [`linear`]: Theorem 3's linear algorithm for 1×n and n×1 Suguru, and an exact solution counter;
//! * [`human`]: Sudoku (and Suguru) by human techniques, with steps and a grade;
//! * [`sudoku9`]: the 9×9 fast path (band bitboards) that [`solutions`] takes for classic Sudoku;
//! * [`rng`]: the seeded generator every randomised step uses.
//!
//! [`solutions`] is the one entry point the routes of [`crate::solvers`] use.

pub mod backtrack;
pub mod bignum;
pub mod fast;
pub mod human;
pub mod linear;
pub mod rng;
pub mod sudoku9;

use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::time_limit;
use std::time::Instant;

/// Up to `limit` solutions by the fast search (by [`sudoku9`] for 9×9 Sudoku with 3×3 boxes); a 1×n or n×1 Suguru goes to the linear algorithm
/// (whose exact count answers "none" or "exactly one" at once; only when there are several does the
/// search list them).
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    solutions_until(puzzle, limit, None)
}

/// [`solutions`] that gives up at `deadline` with [`Error::Timeout`].
pub fn solutions_until(
    puzzle: &Puzzle,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    if let Puzzle::Suguru(s) = puzzle
        && linear::is_line(s)
        && let Ok(count) = linear::count(s)
    {
        if count.is_zero() {
            return Ok(Vec::new());
        }
        if limit == 1 || count == bignum::BigUint::one() {
            return Ok(linear::solve(s).ok().flatten().into_iter().collect());
        }
    }
    if let Puzzle::Sudoku(s) = puzzle
        && s.n() == 9
        && s.layout().box_shape() == Some((3, 3))
    {
        let outcome = sudoku9::solve(s.givens().cells(), limit, deadline);
        if outcome.timed_out {
            return Err(time_limit::exceeded());
        }
        return Ok(outcome.solutions);
    }
    let search = fast::Search::new(&puzzle.structure()).map_err(Error::Usage)?;
    let outcome = search.run(
        puzzle.givens(),
        &fast::Options {
            deadline,
            pairs: search.pairs_pay(),
            ..fast::Options::limit(limit)
        },
    );
    if outcome.timed_out {
        return Err(time_limit::exceeded());
    }
    Ok(outcome.solutions)
}

/// Up to `limit` solutions by Algorithm 2 (Suguru only).
pub fn backtrack_solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    backtrack_solutions_until(puzzle, limit, None)
}

/// [`backtrack_solutions`] that gives up at `deadline` with [`Error::Timeout`].
pub fn backtrack_solutions_until(
    puzzle: &Puzzle,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    match puzzle {
        Puzzle::Suguru(s) => {
            let outcome = backtrack::solve_until(s, limit, deadline);
            if outcome.timed_out {
                return Err(time_limit::exceeded());
            }
            Ok(outcome.solutions)
        }
        Puzzle::Sudoku(_) | Puzzle::Described(_) => Err(Error::Usage(format!(
            "the backtracking of the Suguru paper solves Suguru only; use --via search for {}",
            puzzle.kind()
        ))),
    }
}

/// Solutions by human techniques: the techniques' solution is the only one when no search was
/// needed (every step is a sound deduction); otherwise the search counts from where they stalled.
pub fn human_solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    human_solutions_until(puzzle, limit, None)
}

/// [`human_solutions`] that gives up at `deadline` with [`Error::Timeout`].
pub fn human_solutions_until(
    puzzle: &Puzzle,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let report = human::solve_until(puzzle, deadline)
        .map_err(Error::Usage)?
        .ok_or_else(time_limit::exceeded)?;
    match report.solution {
        None => Ok(Vec::new()),
        Some(grid) if limit == 1 || !report.used_search => Ok(vec![grid]),
        Some(_) => solutions_until(puzzle, limit, deadline),
    }
}

/// Up to `limit` solutions of a 1×n or n×1 Suguru by Theorem 3 (the first) and the search (more).
pub fn linear_solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    linear_solutions_until(puzzle, limit, None)
}

/// [`linear_solutions`] that gives up at `deadline` with [`Error::Timeout`] (the linear count
/// itself is never cut short: it is linear).
pub fn linear_solutions_until(
    puzzle: &Puzzle,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    match puzzle {
        Puzzle::Suguru(s) => {
            linear::count(s).map_err(|e| Error::Usage(e.to_string()))?;
            solutions_until(puzzle, limit, deadline)
        }
        Puzzle::Sudoku(_) | Puzzle::Described(_) => Err(Error::Usage(
            "the linear algorithm solves 1×n and n×1 Suguru only".into(),
        )),
    }
}
