//! Solving the 0-1 model in-process through good_lp.
//!
//! The backend is chosen at compile time: **microlp** (pure Rust, builds anywhere) by default,
//! **HiGHS** when the crate is built with `--features highs` (needs `cmake` and `libclang-dev`,
//! see `scripts/install-highs.sh`). Both are driven through the same good_lp calls.

use super::{Ilp, PuzzleToIlp, Row, Sense};
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use good_lp::{
    Expression, ProblemVariables, ResolutionError, Solution, SolverModel, Variable, WithTimeLimit,
    variable,
};

#[cfg(feature = "highs")]
use good_lp::highs as backend;
#[cfg(not(feature = "highs"))]
use good_lp::microlp as backend;

/// The name of the backend this build solves with.
pub const BACKEND: &str = if cfg!(feature = "highs") {
    "highs"
} else {
    "microlp"
};

/// Values within this distance of 0 or 1 count as integral.
pub const INTEGRALITY_TOLERANCE: f64 = 1e-6;

/// Solves `ilp` plus `extra` rows, minimising `objective` (coefficients per variable; none = 0).
/// `relax` drops integrality. `Ok(None)`: infeasible.
pub fn solve_ilp(
    ilp: &Ilp,
    extra: &[Row],
    objective: Option<&[f64]>,
    relax: bool,
) -> Result<Option<Vec<f64>>> {
    solve_ilp_until(ilp, extra, objective, relax, None)
}

/// [`solve_ilp`] with the backend's own time limit set to what is left until `deadline`
/// (`Error::Timeout` when it runs out; a point found in time is kept: with the zero objective
/// any feasible point answers).
pub fn solve_ilp_until(
    ilp: &Ilp,
    extra: &[Row],
    objective: Option<&[f64]>,
    relax: bool,
    deadline: Option<std::time::Instant>,
) -> Result<Option<Vec<f64>>> {
    let left = crate::time_limit::remaining(deadline)?.map(|left| left.as_secs_f64());
    let mut vars = ProblemVariables::new();
    let xs: Vec<Variable> = ilp
        .lower
        .iter()
        .map(|&lower| {
            let def = variable().min(if lower { 1.0 } else { 0.0 }).max(1.0);
            vars.add(if relax { def } else { def.integer() })
        })
        .collect();
    let goal: Expression = match objective {
        Some(c) => xs.iter().zip(c).map(|(&x, &k)| k * x).sum(),
        None => Expression::default(),
    };
    let mut model = vars.minimise(goal).using(backend);
    if let Some(left) = left {
        model = model.with_time_limit(left);
    }
    for row in ilp.rows.iter().chain(extra) {
        let sum: Expression = row.vars.iter().map(|&i| xs[i as usize]).sum();
        let rhs = row.rhs as f64;
        model.add_constraint(match row.sense {
            Sense::Eq => sum.eq(rhs),
            Sense::Le => sum.leq(rhs),
        });
    }
    match model.solve() {
        Ok(solution) => Ok(Some(xs.iter().map(|&x| solution.value(x)).collect())),
        Err(ResolutionError::Infeasible) => Ok(None),
        Err(_) if crate::time_limit::passed(deadline) => Err(crate::time_limit::exceeded()),
        Err(e) => Err(Error::Unsolvable(format!(
            "the ILP solver ({BACKEND}) failed: {e}"
        ))),
    }
}

/// Rounds a solver's point to 0-1, or says which value is fractional.
pub fn integral_point(values: &[f64]) -> std::result::Result<Vec<bool>, (usize, f64)> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if (v - 1.0).abs() <= INTEGRALITY_TOLERANCE {
                Ok(true)
            } else if v.abs() <= INTEGRALITY_TOLERANCE {
                Ok(false)
            } else {
                Err((i, v))
            }
        })
        .collect()
}

/// Up to `limit` solutions: solve, cut the solution off with a no-good row, solve again.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    solutions_until(puzzle, limit, None)
}

/// [`solutions`] that gives up at `deadline` with `Error::Timeout` (building the model included).
pub fn solutions_until(
    puzzle: &Puzzle,
    limit: usize,
    deadline: Option<std::time::Instant>,
) -> Result<Vec<Grid>> {
    let reduction = PuzzleToIlp::new(puzzle);
    let mut cuts: Vec<Row> = Vec::new();
    let mut found = Vec::new();
    while found.len() < limit {
        let Some(values) = solve_ilp_until(reduction.target(), &cuts, None, false, deadline)?
        else {
            break;
        };
        let point = integral_point(&values).map_err(|(i, v)| {
            Error::Unsolvable(format!(
                "the ILP solver returned a fractional value {v} for {}",
                reduction.var_name(i as u32)
            ))
        })?;
        let grid = reduction.extract(&point).map_err(Error::from)?;
        let cut = reduction.no_good(&grid);
        let last = cut.vars.is_empty();
        found.push(grid);
        if last {
            break;
        }
        cuts.push(cut);
    }
    Ok(found)
}

/// One solution, if any.
pub fn solve(puzzle: &Puzzle) -> Result<Option<Grid>> {
    Ok(solutions(puzzle, 1)?.into_iter().next())
}

/// Solutions counted up to `limit`.
pub fn count(puzzle: &Puzzle, limit: usize) -> Result<usize> {
    Ok(solutions(puzzle, limit)?.len())
}

/// What the LP relaxation (zero objective) returned.
#[derive(Clone, Debug, PartialEq)]
pub enum Relaxation {
    /// The LP is infeasible: so is the puzzle.
    Infeasible,
    /// The vertex the LP solver returned is 0-1: the LP alone solved the puzzle.
    Integral(Grid),
    /// The vertex has this many fractional variables.
    Fractional(usize),
}

/// Solves the LP relaxation with the zero objective and looks at the vertex returned. Which
/// vertex that is depends on the LP solver when the polytope has several.
pub fn relaxation(puzzle: &Puzzle) -> Result<Relaxation> {
    let reduction = PuzzleToIlp::new(puzzle);
    let Some(values) = solve_ilp(reduction.target(), &[], None, true)? else {
        return Ok(Relaxation::Infeasible);
    };
    match integral_point(&values) {
        Ok(point) => Ok(Relaxation::Integral(
            reduction.extract(&point).map_err(Error::from)?,
        )),
        Err(_) => Ok(Relaxation::Fractional(
            values
                .iter()
                .filter(|&&v| {
                    v.abs() > INTEGRALITY_TOLERANCE && (v - 1.0).abs() > INTEGRALITY_TOLERANCE
                })
                .count(),
        )),
    }
}

/// Whether the LP polytope is the single point `solution`, i.e. every LP solver returns it whatever
/// its pivoting: minimise `Σ_c x(c, solution[c])` over the relaxation; its minimum is the number of
/// cells exactly when no fractional point gives any cell less of its solution value.
pub fn relaxation_forces(puzzle: &Puzzle, solution: &Grid) -> Result<bool> {
    let reduction = PuzzleToIlp::new(puzzle);
    let mut objective = vec![0.0; reduction.target().vars()];
    for cell in 0..solution.len() {
        if let Some(i) = reduction.var_index(cell, solution.get(cell)) {
            objective[i as usize] = 1.0;
        }
    }
    let Some(values) = solve_ilp(reduction.target(), &[], Some(&objective), true)? else {
        return Ok(false);
    };
    let least: f64 = values.iter().zip(&objective).map(|(v, k)| v * k).sum();
    Ok(least >= solution.len() as f64 - INTEGRALITY_TOLERANCE)
}
