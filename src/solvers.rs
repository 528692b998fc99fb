//! One entry point to every way the project can solve a puzzle, so `solve`, `count`, the generators
//! and the cross-route agreement tests name a route instead of knowing each module.

use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;

/// A way to solve a puzzle.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Route {
    /// Exact cover with Algorithm X (small puzzles; the independent reference).
    Cover,
    /// Suguru backtracking exactly as Algorithm 2 of the backtracking paper (the published baseline).
    Backtrack,
    /// Our bitset search with propagation (any puzzle; 1×n Suguru by the linear algorithm).
    Search,
    /// Human techniques (singles, pairs, triples, pointing, X-Wing, Swordfish), search if they stall.
    Human,
    /// Theorem 3's linear algorithm (1×n and n×1 Suguru only).
    Linear,
    /// The Hamiltonian-cycle chain to the `reduced` stage (undirected, the puzzle's singles as
    /// removed edges, forced edges propagated, contracted: the fastest stage for the SAT search)
    /// solved by CaDiCaL with lazy subtour cuts; distinct grids by blocking each grid's value
    /// literals.
    Hcp,
    /// CNF solved in-process by CaDiCaL ([`crate::sat::find`]), blocking clauses to count.
    Sat,
    /// 0-1 ILP solved in-process by good_lp (microlp; HiGHS with `--features highs`), no-good cuts
    /// to count.
    Ilp,
}

impl Route {
    pub fn name(self) -> &'static str {
        match self {
            Route::Cover => "cover",
            Route::Backtrack => "backtrack",
            Route::Search => "search",
            Route::Human => "human",
            Route::Linear => "linear",
            Route::Hcp => "hcp",
            Route::Sat => "sat",
            Route::Ilp => "ilp",
        }
    }
}

/// Up to `limit` distinct solutions of `puzzle` through `route` (all of them if fewer exist).
pub fn solutions(puzzle: &Puzzle, route: Route, limit: usize) -> Result<Vec<Grid>> {
    solutions_within(puzzle, route, limit, None)
}

/// The chain `--via hcp` solves: chosen by measurement (docs/hcp-solver.md).
pub fn hcp_route_options() -> crate::hcp::HcpOptions {
    crate::hcp::HcpOptions {
        stage: crate::hcp::Stage::Reduced,
        trim: false,
        clues: true,
        share: true,
        canonical: false,
    }
}

/// [`solutions`] with a time limit for the routes that take one (`hcp`; the others ignore it):
/// `Error::Timeout` when it runs out first.
pub fn solutions_within(
    puzzle: &Puzzle,
    route: Route,
    limit: usize,
    time_limit: Option<std::time::Duration>,
) -> Result<Vec<Grid>> {
    match route {
        Route::Cover => {
            let reduction = crate::cover::PuzzleToCover::new(puzzle);
            crate::cover::solutions(reduction.target(), Some(limit))
                .iter()
                .map(|rows| reduction.extract(rows).map_err(Error::from))
                .collect()
        }
        Route::Backtrack => crate::search::backtrack_solutions(puzzle, limit),
        Route::Search => crate::search::solutions(puzzle, limit),
        Route::Human => crate::search::human_solutions(puzzle, limit),
        Route::Linear => crate::search::linear_solutions(puzzle, limit),
        Route::Hcp => Ok(crate::hcp::solve::grids(
            puzzle,
            &hcp_route_options(),
            limit,
            &crate::hcp::solve::SolveOptions { time_limit },
        )?
        .grids),
        Route::Sat => {
            crate::sat::solutions(puzzle, crate::sat::CnfOptions::fastest_for(puzzle), limit)
        }
        Route::Ilp => crate::ilp::solutions(puzzle, limit),
    }
}
