//! In-process SAT solving with CaDiCaL (the `cadical` crate compiles the solver with the C++
//! compiler alone), used incrementally: solve, read the grid, add a clause that blocks it, solve
//! again. That gives [`solutions`] up to a limit, [`count`] and [`is_unique`] — the call the
//! generators use to keep a puzzle's solution unique while they remove clues.

use super::encode::{CnfOptions, PuzzleToCnf};
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;

/// A puzzle's formula loaded into a CaDiCaL instance, ready to enumerate solutions.
pub struct SatSolver {
    reduction: PuzzleToCnf,
    solver: cadical::Solver,
    /// No further solution exists (UNSAT seen, or the last grid fixed every variable).
    exhausted: bool,
}

impl SatSolver {
    /// Encodes the puzzle and hands every clause to a fresh solver.
    pub fn new(puzzle: &Puzzle, options: CnfOptions) -> Result<Self> {
        let reduction = PuzzleToCnf::new(puzzle, options)?;
        let mut solver: cadical::Solver = cadical::Solver::new();
        let cnf = reduction.target();
        if cnf.vars() > 0 {
            solver.reserve(cnf.vars() as i32);
        }
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        Ok(SatSolver {
            reduction,
            solver,
            exhausted: false,
        })
    }

    /// The reduction whose formula the solver holds.
    pub fn reduction(&self) -> &PuzzleToCnf {
        &self.reduction
    }

    /// The next solution not returned before, or `None` when there is none left.
    pub fn next_solution(&mut self) -> Result<Option<Grid>> {
        if self.exhausted {
            return Ok(None);
        }
        match self.solver.solve() {
            Some(true) => {}
            Some(false) => {
                self.exhausted = true;
                return Ok(None);
            }
            None => {
                return Err(Error::Timeout(
                    "the SAT solver stopped without an answer".into(),
                ));
            }
        }
        let solver = &self.solver;
        let grid = self
            .reduction
            .decode(|x| solver.value(x as i32) == Some(true))
            .map_err(|e| Error::Unsolvable(format!("SAT model does not decode: {e}")))?;
        let block = self.reduction.blocking_clause(&grid);
        if block.is_empty() {
            self.exhausted = true;
        } else {
            self.solver.add_clause(block);
        }
        Ok(Some(grid))
    }
}

/// Up to `limit` distinct solutions, in the order the solver finds them.
pub fn solutions(puzzle: &Puzzle, options: CnfOptions, limit: usize) -> Result<Vec<Grid>> {
    let mut solver = SatSolver::new(puzzle, options)?;
    let mut found = Vec::new();
    while found.len() < limit {
        match solver.next_solution()? {
            Some(grid) => found.push(grid),
            None => break,
        }
    }
    Ok(found)
}

/// One solution, if any, with the fastest settings.
pub fn solve(puzzle: &Puzzle) -> Result<Option<Grid>> {
    Ok(solutions(puzzle, CnfOptions::fastest_for(puzzle), 1)?
        .into_iter()
        .next())
}

/// The number of solutions, counting up to `limit` (a result equal to `limit` means "at least").
pub fn count(puzzle: &Puzzle, limit: usize) -> Result<usize> {
    Ok(solutions(puzzle, CnfOptions::fastest_for(puzzle), limit)?.len())
}

/// Whether the puzzle has exactly one solution (two SAT calls at most).
pub fn is_unique(puzzle: &Puzzle) -> Result<bool> {
    Ok(count(puzzle, 2)? == 1)
}
