//! One entry point to every way the project can solve a puzzle, so `solve`, `count`, the generators
//! and the cross-route agreement tests name a route instead of knowing each module.

use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::sat::{CnfOptions, Encoding, SatBatch};
use crate::time_limit;
use std::time::{Duration, Instant};

/// A way to solve a puzzle. The variants' doc comments are the CLI's help text for `--via`, so
/// they speak to its users (no rustdoc links, no internal names).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Route {
    /// Picks one of the others per puzzle from its kind, size and clues (the rule and the
    /// measurements behind it: docs/routes.md).
    Auto,
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
    /// CNF solved in-process by CaDiCaL, blocking clauses to count.
    Sat,
    /// 0-1 ILP solved in-process by good_lp (microlp; HiGHS with `--features highs`), no-good cuts
    /// to count.
    Ilp,
}

impl Route {
    pub fn name(self) -> &'static str {
        match self {
            Route::Auto => "auto",
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

/// What a solve needs besides the puzzle and the route.
#[derive(Clone, Copy, Debug, Default)]
pub struct RouteOptions {
    /// Give up on a puzzle after this long (building the route's instance included):
    /// `Error::Timeout`.
    pub time_limit: Option<Duration>,
    /// `--via sat` only: a fresh solver per puzzle with this formula instead of the fast path
    /// ([`SatBatch`]).
    pub sat: Option<SatChoice>,
}

/// The formula `--via sat --encoding E [--simplify]` asks for.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatChoice {
    /// `None`: the puzzle kind's default ([`Encoding::default_for`]).
    pub encoding: Option<Encoding>,
    pub simplify: bool,
}

impl SatChoice {
    pub fn for_puzzle(self, puzzle: &Puzzle) -> CnfOptions {
        CnfOptions {
            encoding: self
                .encoding
                .unwrap_or_else(|| Encoding::default_for(puzzle)),
            simplify: self.simplify,
        }
    }
}

/// The solutions found and the route that found them (the one [`Route::Auto`] picked).
#[derive(Clone, Debug)]
pub struct Answer {
    pub grids: Vec<Grid>,
    pub route: Route,
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

/// [`solutions`] with a time limit (every route takes one, building its instance included):
/// `Error::Timeout` when it runs out first. `--via sat` here is a fresh solver per puzzle;
/// [`solve_batch`] is the fast path for many puzzles.
pub fn solutions_within(
    puzzle: &Puzzle,
    route: Route,
    limit: usize,
    time_limit: Option<Duration>,
) -> Result<Vec<Grid>> {
    let options = RouteOptions {
        time_limit,
        sat: (route == Route::Sat).then_some(SatChoice {
            encoding: None,
            simplify: true,
        }),
    };
    Ok(solve_one(puzzle, route, limit, &options, &mut SatBatch::new())?.grids)
}

/// The SAT route on a puzzle that the portfolio races (a Sudoku above 16×16) with an effort limit
/// in the members' solver checks besides the time limit: `Ok(None)` when no member answered
/// within `check_limit` checks. Unlike a time limit, whether a check limit is met does not depend
/// on the machine or its load ([`crate::sat::portfolio::solutions_within_checks`]), so the
/// generator can cap its uniqueness checks and still make the same puzzle from a seed everywhere.
/// The memory estimate is checked first, as for [`solutions_within`].
pub fn sat_solutions_within_checks(
    puzzle: &Puzzle,
    limit: usize,
    time_limit: Option<Duration>,
    check_limit: u64,
) -> Result<Option<Vec<Grid>>> {
    if !crate::sat::portfolio::applies(puzzle) {
        return Err(Error::Usage(format!(
            "a check limit needs a Sudoku larger than {n}x{n} (the SAT portfolio's clock)",
            n = crate::sat::SHAPE_SOLVER_MAX_N
        )));
    }
    let deadline = time_limit.map(|t| Instant::now() + t);
    crate::memory::check(puzzle, &footprint(Route::Sat, puzzle))?;
    crate::sat::portfolio::solutions_within_checks(
        puzzle,
        CnfOptions::fastest_for(puzzle),
        limit,
        deadline,
        check_limit,
    )
}

/// Solves one puzzle through `route` (resolving [`Route::Auto`] first); `batch` carries the SAT
/// fast path's solver from one puzzle to the next.
pub fn solve_one(
    puzzle: &Puzzle,
    route: Route,
    limit: usize,
    options: &RouteOptions,
    batch: &mut SatBatch,
) -> Result<Answer> {
    let deadline = options.time_limit.map(|t| Instant::now() + t);
    let route = resolve(route, puzzle, limit);
    crate::memory::check(puzzle, &footprint(route, puzzle))?;
    let grids = match route {
        Route::Auto => unreachable!("resolved above"),
        Route::Cover => {
            let reduction = crate::cover::PuzzleToCover::new(puzzle);
            crate::cover::solutions_until(reduction.target(), Some(limit), deadline)
                .ok_or_else(time_limit::exceeded)?
                .iter()
                .map(|rows| reduction.extract(rows).map_err(Error::from))
                .collect::<Result<_>>()?
        }
        Route::Backtrack => crate::search::backtrack_solutions_until(puzzle, limit, deadline)?,
        Route::Search => crate::search::solutions_until(puzzle, limit, deadline)?,
        Route::Human => crate::search::human_solutions_until(puzzle, limit, deadline)?,
        Route::Linear => crate::search::linear_solutions_until(puzzle, limit, deadline)?,
        Route::Hcp => hcp_grids(puzzle, limit, deadline)?,
        Route::Sat => match options.sat {
            Some(choice) => {
                crate::sat::solutions_until(puzzle, choice.for_puzzle(puzzle), limit, deadline)?
            }
            None => batch.find_until(puzzle, limit, deadline)?,
        },
        Route::Ilp => crate::ilp::solutions_until(puzzle, limit, deadline)?,
    };
    Ok(Answer { grids, route })
}

/// What solving through `route` takes in memory: its instance and the solver's own copy
/// (CaDiCaL's clauses and watches for `sat` and `hcp`), measured as peak resident memory on blank
/// grids (docs/reliability.md, "Memory"); `Auto` is never asked (resolved first). The SAT
/// portfolio holds one solver per member.
fn footprint(route: Route, puzzle: &Puzzle) -> crate::memory::Footprint {
    let sat_solvers = crate::sat::portfolio::solvers(puzzle) as u64;
    let (what, per_candidate, per_pair) = match route {
        Route::Auto | Route::Search | Route::Backtrack | Route::Human | Route::Linear => {
            ("the search", 16, 0)
        }
        Route::Cover => ("the exact cover matrix", 160, 0),
        Route::Hcp => ("the Hamiltonian-cycle graph and its SAT solver", 0, 1024),
        Route::Sat => (
            "the CNF and the SAT solvers (CaDiCaL)",
            0,
            128 * sat_solvers,
        ),
        Route::Ilp => ("the ILP model and its solver", 2048, 0),
    };
    crate::memory::Footprint {
        what,
        per_candidate,
        per_pair,
    }
}

/// `--via hcp` within a deadline. Building the chain has no clock of its own (a blank 49×49 takes
/// seconds), so it runs on a helper thread that the caller stops waiting for at the deadline;
/// the abandoned build finishes in the background and is dropped. The SAT search then gets what
/// is left of the limit.
fn hcp_grids(puzzle: &Puzzle, limit: usize, deadline: Option<Instant>) -> Result<Vec<Grid>> {
    let chain = match deadline {
        None => crate::hcp::chain::build(puzzle, &hcp_route_options())?,
        Some(deadline) => {
            let (send, receive) = std::sync::mpsc::channel();
            let owned = puzzle.clone();
            std::thread::spawn(move || {
                // The receiver may have given up: nothing to do then.
                let _ = send.send(crate::hcp::chain::build(&owned, &hcp_route_options()));
            });
            let left = deadline.saturating_duration_since(Instant::now());
            receive
                .recv_timeout(left)
                .map_err(|_| time_limit::exceeded())??
        }
    };
    Ok(crate::hcp::solve::chain_grids(
        &chain,
        limit,
        &crate::hcp::solve::SolveOptions {
            time_limit: time_limit::remaining(deadline)?,
            ..Default::default()
        },
    )?
    .grids)
}

/// `route`, with [`Route::Auto`] replaced by its pick for `puzzle`.
fn resolve(route: Route, puzzle: &Puzzle, limit: usize) -> Route {
    match route {
        Route::Auto => auto_route(puzzle, limit),
        r => r,
    }
}

/// The cores one solve of `puzzle` through `route` keeps busy: the SAT portfolio's members run on
/// threads of their own, every other route on the caller's.
fn threads_per_solve(puzzle: &Puzzle, route: Route, limit: usize) -> usize {
    if resolve(route, puzzle, limit) == Route::Sat {
        crate::sat::portfolio::solvers(puzzle)
    } else {
        1
    }
}

/// The worker threads [`solve_batch`] shares `puzzles` out to: `jobs` when it is given, else one
/// per `cores` **counting a portfolio's members**. Two 25×25 puzzles at once, each raced by two
/// members, put four solvers on two cores: each puzzle took about twice as long and the whole
/// Frisch set longer too (default: median 1.89 s, max 9.3 s, 26.2 s in all; one worker: 1.04,
/// 4.5, 23.4 s; docs/routes.md). A mixed file with one such puzzle gets the narrower pool for all.
fn batch_workers(
    puzzles: &[&Puzzle],
    route: Route,
    limit: usize,
    jobs: usize,
    cores: usize,
) -> usize {
    if jobs > 0 {
        return jobs;
    }
    let widest = puzzles
        .iter()
        .map(|p| threads_per_solve(p, route, limit))
        .max()
        .unwrap_or(1);
    (cores / widest).max(1)
}

/// Largest Sudoku N that [`Route::Auto`] gives to our search; larger ones go to SAT.
pub const AUTO_SEARCH_MAX_N: usize = 16;

/// The route [`Route::Auto`] takes for `puzzle`: our search for every Suguru and every Sudoku up
/// to 16×16 (fastest or within 1.1× of the fastest on every shipped set of those sizes), SAT for
/// larger Sudoku (the search does not finish some 25×25 in minutes). Latin squares and the other
/// described puzzles follow the Sudoku rule by their row count. The same for counting. The rule and
/// the measurements behind it are in docs/routes.md.
pub fn auto_route(puzzle: &Puzzle, _limit: usize) -> Route {
    match puzzle {
        Puzzle::Suguru(_) => Route::Search,
        Puzzle::Sudoku(_) | Puzzle::Described(_) if puzzle.rows() <= AUTO_SEARCH_MAX_N => {
            Route::Search
        }
        Puzzle::Sudoku(_) | Puzzle::Described(_) => Route::Sat,
    }
}

/// How many puzzles of this size one thread solves in a row with one [`SatBatch`]: its shape
/// solver pays off over many small puzzles (500 9×9 ones, or 16 16×16 ones, which take tens of
/// milliseconds each); larger puzzles go one by one, so that the threads share them out.
fn run_length(puzzle: &Puzzle) -> usize {
    match puzzle.rows() * puzzle.cols() {
        0..=100 => 500,
        101..=256 => 16,
        _ => 1,
    }
}

/// One puzzle's answer from [`solve_batch`] and the wall time it took (building the route's
/// instance included).
pub struct Timed {
    pub answer: Result<Answer>,
    pub seconds: f64,
}

/// Solves every puzzle through `route` on `jobs` threads (0: one per core, a portfolio's members
/// counted: `batch_workers`) and returns the
/// answers in input order. The runs a thread solves together are cut from the input alone
/// (never from the thread count or timing), so every answer, including which solution a puzzle
/// with several gets from the SAT fast path, is the same on any number of threads. `runs > 1`
/// repeats each solve for timing (the answer is the first run's; `seconds` the mean).
pub fn solve_batch(
    puzzles: &[&Puzzle],
    route: Route,
    limit: usize,
    options: &RouteOptions,
    jobs: usize,
    runs: u32,
) -> Result<Vec<Timed>> {
    solve_batch_observed(puzzles, route, limit, options, jobs, runs, &|| {})
}

/// [`solve_batch`], calling `done` once as each puzzle's answer is in (from the worker threads,
/// in no particular order): what a progress bar counts.
pub fn solve_batch_observed(
    puzzles: &[&Puzzle],
    route: Route,
    limit: usize,
    options: &RouteOptions,
    jobs: usize,
    runs: u32,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<Timed>> {
    use rayon::prelude::*;
    let mut bounds = Vec::new();
    let mut start = 0;
    while start < puzzles.len() {
        let run = run_length(puzzles[start]);
        let mut end = start + 1;
        while end < puzzles.len() && end - start < run && run_length(puzzles[end]) == run {
            end += 1;
        }
        bounds.push((start, end));
        start = end;
    }
    let solve_run = |&(start, end): &(usize, usize)| -> Vec<Timed> {
        let mut batch = SatBatch::new();
        puzzles[start..end]
            .iter()
            .map(|puzzle| {
                let clock = Instant::now();
                let mut answer = solve_one(puzzle, route, limit, options, &mut batch);
                for _ in 1..runs {
                    if answer.is_err() {
                        break;
                    }
                    let again = solve_one(puzzle, route, limit, options, &mut batch);
                    if again.is_err() {
                        answer = again;
                    }
                }
                let seconds = clock.elapsed().as_secs_f64() / f64::from(runs);
                done();
                Timed { answer, seconds }
            })
            .collect()
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = batch_workers(puzzles, route, limit, jobs, cores);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| Error::Usage(format!("cannot start {workers} threads: {e}")))?;
    let answers: Vec<Vec<Timed>> = pool.install(|| bounds.par_iter().map(solve_run).collect());
    Ok(answers.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Sudoku;

    #[test]
    fn default_workers_leave_a_core_to_each_portfolio_member() {
        let small = Puzzle::Sudoku(Sudoku::blank(9));
        let large = Puzzle::Sudoku(Sudoku::blank(25));
        // 9x9 puzzles take one core each, whatever the route.
        assert_eq!(batch_workers(&[&small, &small], Route::Auto, 1, 0, 4), 4);
        assert_eq!(batch_workers(&[&small], Route::Sat, 1, 0, 4), 4);
        // A 25x25 puzzle through SAT (auto's pick) is raced by two members: half as many workers.
        assert_eq!(batch_workers(&[&large, &large], Route::Auto, 1, 0, 4), 2);
        assert_eq!(batch_workers(&[&small, &large], Route::Sat, 2, 0, 2), 1);
        assert_eq!(batch_workers(&[&large], Route::Auto, 1, 0, 1), 1);
        // Other routes on a 25x25 run on the worker's own thread.
        assert_eq!(batch_workers(&[&large], Route::Search, 1, 0, 4), 4);
        // An explicit --jobs is taken as given.
        assert_eq!(batch_workers(&[&large, &large], Route::Auto, 1, 3, 4), 3);
    }
}
