//! One solution within a deadline, for searches that count nodes rather than time: what a batch
//! run uses to find the solution a witness file needs without running past its time limit.

use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use std::time::{Duration, Instant};

/// One solution of `puzzle` by the fast search, giving up at `deadline` with [`Error::Timeout`].
///
/// The search has a node limit but no clock, so it runs in rounds: a round searches up to a node
/// budget from the start; an aborted round measures the node rate, and the next budget is what the
/// time left affords (at most 4× the last, so the rounds cost at most 4/3 of the last one). When
/// the time left affords no more nodes than the last round searched, the deadline cannot be met
/// (the search is deterministic: the same nodes again), and the answer is a timeout at once.
pub fn first_solution_within(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
    limit: Option<Duration>,
) -> Result<Option<Grid>> {
    let Some(deadline) = deadline else {
        return Ok(super::solutions(puzzle, 1)?.into_iter().next());
    };
    let timeout = || {
        Error::Timeout(format!(
            "no solution found for the witness within the time limit ({} s)",
            limit.map(|d| d.as_secs_f64()).unwrap_or(0.0)
        ))
    };
    if Instant::now() >= deadline {
        return Err(timeout());
    }
    if let Puzzle::Suguru(s) = puzzle
        && crate::search::linear::is_line(s)
    {
        // Theorem 3's linear algorithm: no search to bound.
        return Ok(super::solutions(puzzle, 1)?.into_iter().next());
    }
    use crate::search::fast::{Options, Search};
    let search = Search::new(&puzzle.structure()).map_err(Error::Usage)?;
    // Small first: one node of a 25×25 search costs about a millisecond in a debug build.
    let mut budget: u64 = 100;
    loop {
        let round = Instant::now();
        let out = search.run(
            puzzle.givens(),
            &Options {
                node_limit: Some(budget),
                ..Options::limit(1)
            },
        );
        if !out.aborted {
            return Ok(out.solutions.into_iter().next());
        }
        let now = Instant::now();
        if now >= deadline {
            return Err(timeout());
        }
        let rate = budget as f64 / (now - round).as_secs_f64().max(1e-6);
        let affordable = (rate * (deadline - now).as_secs_f64()) as u64;
        if affordable <= budget {
            return Err(timeout());
        }
        budget = affordable.min(budget.saturating_mul(4));
    }
}
