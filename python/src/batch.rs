//! Calls over many puzzles, on every core and without the GIL: solving and counting
//! (`solvers::solve_batch`, as `gridreduce solve|count`), and `stats` rows (`stats::Plan`, as
//! `gridreduce stats`).

use crate::errors::{OrRaise, to_py_for, usage};
use crate::grid::PyGrid;
use crate::puzzle::PyPuzzle;
use clap::ValueEnum;
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::route;
use gridreduce::solvers::{Route, RouteOptions, solve_batch};
use gridreduce::stats::Plan;
use pyo3::prelude::*;
use rayon::prelude::*;

/// The solutions of every puzzle through `via` (up to `limit` each), in input order; the first
/// error (a timeout included) is raised.
/// A `time_limit=` argument: a positive, finite number of seconds (at most a billion), or None.
pub fn seconds(time_limit: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    match time_limit {
        Some(s) if !(s.is_finite() && s > 0.0 && s <= 1e9) => Err(usage(format!(
            "time_limit={s}: a number of seconds above 0 (at most 1e9)"
        ))),
        s => Ok(s.map(std::time::Duration::from_secs_f64)),
    }
}

/// The deadline of a `time_limit=` argument, counted from now.
pub fn deadline(time_limit: Option<f64>) -> PyResult<Option<std::time::Instant>> {
    Ok(seconds(time_limit)?.map(|t| std::time::Instant::now() + t))
}

pub fn solve(
    py: Python<'_>,
    puzzles: &[&PyPuzzle],
    via: &str,
    limit: usize,
    time_limit: Option<f64>,
    jobs: usize,
) -> PyResult<Vec<Vec<Grid>>> {
    let route = Route::from_str(via, false).map_err(|_| {
        let names: Vec<&str> = Route::value_variants().iter().map(|r| r.name()).collect();
        usage(format!("via={via:?}: unknown route ({})", names.join(", ")))
    })?;
    let time_limit = seconds(time_limit)?;
    let options = RouteOptions {
        time_limit,
        ..RouteOptions::default()
    };
    let refs: Vec<&Puzzle> = puzzles.iter().map(|p| p.puzzle()).collect();
    let answers = py
        .detach(|| solve_batch(&refs, route, limit, &options, jobs, 1))
        .or_raise()?;
    answers
        .into_iter()
        .zip(puzzles)
        .map(|(timed, p)| {
            timed
                .answer
                .map(|a| a.grids)
                .map_err(|e| to_py_for(&p.entry.name, e))
        })
        .collect()
}

/// The solutions of every puzzle (up to ``limit`` each) through ``via``, on ``jobs`` threads (0:
/// every core), in input order: what ``gridreduce solve`` and ``count`` do for a file.
#[pyfunction]
#[pyo3(signature = (puzzles, *, via = "auto", limit = 1, time_limit = None, jobs = 0))]
pub fn solve_many(
    py: Python<'_>,
    puzzles: Vec<Bound<'_, PyPuzzle>>,
    via: &str,
    limit: usize,
    time_limit: Option<f64>,
    jobs: usize,
) -> PyResult<Vec<Vec<PyGrid>>> {
    let refs: Vec<&PyPuzzle> = puzzles.iter().map(Bound::get).collect();
    let answers = solve(py, &refs, via, limit, time_limit, jobs)?;
    Ok(answers
        .into_iter()
        .zip(&refs)
        .map(|(grids, p)| grids.into_iter().map(|g| p.grid(g)).collect())
        .collect())
}

/// The `stats` rows of `puzzles` as (column, text) pairs, computed on every core: `only` names
/// routes (empty: the default ones), `given` lists values per parameter key (the keys routes take
/// in `stats`). The first puzzle that cannot be measured is raised.
#[pyfunction]
#[pyo3(signature = (puzzles, only, given))]
pub fn stats_rows(
    py: Python<'_>,
    puzzles: Vec<Bound<'_, PyPuzzle>>,
    only: Vec<String>,
    given: Vec<(String, Vec<String>)>,
) -> PyResult<Vec<Vec<(String, String)>>> {
    let mut known: Vec<&'static str> = Vec::new();
    for r in route::registry() {
        known.push(r.name());
        if r.stats_prefix() != r.name() {
            known.push(r.stats_prefix());
        }
    }
    if let Some(o) = only.iter().find(|o| !known.contains(&o.as_str())) {
        return Err(usage(format!(
            "only: unknown route {o:?} ({})",
            known.join(", ")
        )));
    }
    let keys: Vec<&'static str> = route::registry()
        .iter()
        .flat_map(|r| r.stats_params().iter().copied())
        .collect();
    let mut checked: Vec<(&'static str, Vec<String>)> = Vec::new();
    for (key, values) in given {
        let Some(&k) = keys.iter().find(|k| **k == key.replace('_', "-")) else {
            return Err(usage(format!(
                "{key}: stats takes {}",
                keys.iter()
                    .map(|k| k.replace('-', "_"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        checked.push((k, values));
    }
    let plan = Plan::new(&only, &checked).or_raise()?;
    let refs: Vec<&PyPuzzle> = puzzles.iter().map(Bound::get).collect();
    let rows: Vec<_> = py.detach(|| {
        refs.par_iter()
            .map(|p| plan.row(&p.entry).map_err(|e| (p.entry.name.clone(), e)))
            .collect()
    });
    rows.into_iter()
        .map(|r| r.map_err(|(name, e)| to_py_for(&name, e)))
        .collect()
}
