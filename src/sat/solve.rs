//! In-process SAT solving with CaDiCaL (the `cadical` crate compiles the solver with the C++
//! compiler alone), used incrementally: solve, read the grid, add a clause that blocks it, solve
//! again. That gives [`solutions`] up to a limit, [`count`] and [`is_unique`] — the call the
//! generators use to keep a puzzle's solution unique while they remove clues.

use super::encode::{CnfOptions, PuzzleToCnf};
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::time_limit;
use std::sync::Arc;
use std::time::Instant;

/// CaDiCaL's terminate callback for a deadline and, optionally, a budget of terminate checks.
/// The solver polls it during search and stops (`solve` answers `None`) once the instant has
/// passed or the checks are used up. CaDiCaL asks at fixed points of its search, so a budget of
/// checks measures work the same way on every machine: where a budgeted call stops does not
/// depend on the machine or its load (the Hamiltonian-cycle model's slices,
/// `hcp::HcSolver::next_cycle_sliced`, and, through `Stop`'s pacer, the portfolio's clock).
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    pub deadline: Option<Instant>,
    /// Checks left before the call stops; `None`: no budget.
    pub checks_left: Option<u64>,
}

impl Budget {
    /// Only a deadline.
    pub fn until(deadline: Option<Instant>) -> Self {
        Budget {
            deadline,
            checks_left: None,
        }
    }

    /// Whether the budget of checks is used up (a call stopped by it, not by the deadline).
    pub fn spent(&self) -> bool {
        self.checks_left == Some(0)
    }

    /// Takes `checks` from the budget for work done outside the solver (none without a budget);
    /// true when that used it up.
    pub fn charge(&mut self, checks: u64) -> bool {
        if let Some(left) = self.checks_left.as_mut() {
            *left = left.saturating_sub(checks);
        }
        self.spent()
    }
}

impl cadical::Callbacks for Budget {
    fn terminate(&mut self) -> bool {
        if let Some(left) = self.checks_left.as_mut() {
            if *left == 0 {
                return true;
            }
            *left -= 1;
        }
        time_limit::passed(self.deadline)
    }
}

/// The terminate callback of a [`SatSolver`]: its deadline, and for a member of the
/// [`portfolio`](super::portfolio) race, the pacer that counts its checks (the race's clock) and
/// stops it when it is beaten or its run's budget is used up.
#[derive(Default)]
pub struct Stop {
    deadline: Option<Instant>,
    pacer: Option<super::portfolio::Pacer>,
}

impl cadical::Callbacks for Stop {
    fn terminate(&mut self) -> bool {
        time_limit::passed(self.deadline) || self.pacer.as_mut().is_some_and(|p| p.tick())
    }
}

/// CaDiCaL's configurations, the names [`SatSolver::configured`] and [`Flavour::config`] take.
pub const CONFIGS: [&str; 4] = ["default", "plain", "sat", "unsat"];

/// How one CaDiCaL instance is set up: its configuration and which value its decisions try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flavour {
    /// One of CaDiCaL's [`CONFIGS`].
    pub config: &'static str,
    /// Hand the solver every variable negated. CaDiCaL decides `true` first, and in a one-hot
    /// encoding almost every variable is false: negated, its first guess for a cell is "not this
    /// value", the guess that is right N − 1 times in N. On Frisch's 25×25 puzzles this alone
    /// moved the median from 3.5 to 1.4 CPU seconds (docs/routes.md); the formula written to a
    /// file is never negated.
    pub false_first: bool,
    /// Renumber the variables and reorder the clauses by a permutation drawn from this seed (0:
    /// as encoded). The formula is the same; CDCL's ties (which variable first, which watch) fall
    /// differently, and on hard large grids that alone changes a run's time tenfold either way.
    pub shuffle: u64,
}

impl Flavour {
    /// CaDiCaL as it comes: `default` configuration, variables as encoded.
    pub const PLAIN: Flavour = Flavour {
        config: "default",
        false_first: false,
        shuffle: 0,
    };
}

/// How a [`Flavour`] renames the encoding's literals for the solver and back.
struct Renaming {
    /// `solver_var[x]`: the solver's variable for encoded variable `x` (index 0 unused); empty
    /// when variables keep their numbers.
    solver_var: Vec<i32>,
    /// −1 when every literal is handed over negated.
    sign: i32,
}

impl Renaming {
    fn new(vars: usize, flavour: Flavour) -> Self {
        let mut solver_var = Vec::new();
        if flavour.shuffle != 0 {
            solver_var = (0..=vars as i32).collect();
            crate::search::rng::Rng::new(flavour.shuffle).shuffle(&mut solver_var[1..]);
        }
        Renaming {
            solver_var,
            sign: if flavour.false_first { -1 } else { 1 },
        }
    }

    /// The solver's literal for encoded literal `lit`.
    fn to_solver(&self, lit: i32) -> i32 {
        let var = match self.solver_var.get(lit.unsigned_abs() as usize) {
            Some(&v) => v,
            None => lit.abs(),
        };
        self.sign * lit.signum() * var
    }
}

/// A puzzle's formula loaded into a CaDiCaL instance, ready to enumerate solutions.
pub struct SatSolver {
    /// Shared, so that a portfolio member restarting with a new [`Flavour`] does not encode again.
    reduction: Arc<PuzzleToCnf>,
    solver: cadical::Solver<Stop>,
    /// The encoding's literals as the solver knows them ([`Flavour`]).
    renaming: Renaming,
    /// No further solution exists (UNSAT seen, or the last grid fixed every variable).
    exhausted: bool,
}

impl SatSolver {
    /// Encodes the puzzle and hands every clause to a fresh solver.
    pub fn new(puzzle: &Puzzle, options: CnfOptions) -> Result<Self> {
        Self::configured(puzzle, options, "default")
    }

    /// [`SatSolver::new`] with one of CaDiCaL's configurations (`default`, `plain`, `sat`,
    /// `unsat`).
    pub fn configured(puzzle: &Puzzle, options: CnfOptions, config: &str) -> Result<Self> {
        let config = CONFIGS
            .into_iter()
            .find(|c| *c == config)
            .ok_or_else(|| Error::Usage(format!("unknown CaDiCaL configuration {config}")))?;
        Self::flavoured(
            puzzle,
            options,
            Flavour {
                config,
                ..Flavour::PLAIN
            },
        )
    }

    /// [`SatSolver::new`] set up as `flavour` says.
    pub fn flavoured(puzzle: &Puzzle, options: CnfOptions, flavour: Flavour) -> Result<Self> {
        Self::loaded(Arc::new(PuzzleToCnf::new(puzzle, options)?), flavour, None)
    }

    /// A fresh solver set up as `flavour` says, holding an already encoded formula, that gives up
    /// with `Error::Timeout` once `deadline` has passed: while loading (a blank 49×49 has 11
    /// million clauses, and handing them to CaDiCaL takes seconds per solver) and in every later
    /// [`SatSolver::next_solution`].
    pub fn loaded(
        reduction: Arc<PuzzleToCnf>,
        flavour: Flavour,
        deadline: Option<Instant>,
    ) -> Result<Self> {
        let config = flavour.config;
        let mut solver: cadical::Solver<Stop> = cadical::Solver::with_config(config)
            .map_err(|e| Error::Usage(format!("CaDiCaL configuration {config}: {}", e.msg)))?;
        solver.set_callbacks(Some(Stop {
            deadline,
            pacer: None,
        }));
        let cnf = reduction.target();
        if cnf.vars() > 0 {
            solver.reserve(cnf.vars() as i32);
        }
        let renaming = Renaming::new(cnf.vars() as usize, flavour);
        let mut order: Vec<usize> = (0..cnf.num_clauses()).collect();
        if flavour.shuffle != 0 {
            crate::search::rng::Rng::new(!flavour.shuffle).shuffle(&mut order);
        }
        for (i, &c) in order.iter().enumerate() {
            if i.is_multiple_of(4096) && time_limit::passed(deadline) {
                return Err(time_limit::exceeded());
            }
            solver.add_clause(cnf.clause(c).iter().map(|&l| renaming.to_solver(l)));
        }
        Ok(SatSolver {
            reduction,
            solver,
            renaming,
            exhausted: false,
        })
    }

    /// The reduction whose formula the solver holds.
    pub fn reduction(&self) -> &PuzzleToCnf {
        &self.reduction
    }

    /// The terminate callback [`SatSolver::loaded`] installed.
    fn stop(&mut self) -> &mut Stop {
        self.solver
            .get_callbacks()
            .expect("loaded installs the terminate callback")
    }

    /// Makes every later [`SatSolver::next_solution`] stop at `deadline` with `Error::Timeout`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.stop().deadline = deadline;
    }

    /// Enters the solver in a portfolio race: `pacer` counts its checks and stops it when it is
    /// beaten or its run's budget is used up.
    pub(crate) fn set_pacer(&mut self, pacer: super::portfolio::Pacer) {
        self.stop().pacer = Some(pacer);
    }

    /// Takes the pacer back (to hand it to the member's next solver after a restart).
    pub(crate) fn take_pacer(&mut self) -> Option<super::portfolio::Pacer> {
        self.stop().pacer.take()
    }

    /// Adds the clause that excludes `grid`, a solution found before (just now, or by an earlier
    /// solver on the same formula): the next solution differs from it.
    pub(crate) fn exclude(&mut self, grid: &Grid) {
        let block = self.reduction.blocking_clause(grid);
        if block.is_empty() {
            self.exhausted = true;
        } else {
            let renaming = &self.renaming;
            self.solver
                .add_clause(block.into_iter().map(|l| renaming.to_solver(l)));
        }
    }

    /// Adds the unit clause `lit` (a literal of the encoding): from now on the solver searches
    /// only the part of the puzzle where it holds (a portfolio member's half). "No solution left"
    /// then means none left in that part.
    pub(crate) fn restrict(&mut self, lit: i32) {
        let lit = self.renaming.to_solver(lit);
        self.solver.add_clause([lit]);
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
            None => return Err(time_limit::exceeded()),
        }
        let (solver, renaming) = (&self.solver, &self.renaming);
        let grid = self
            .reduction
            .decode(|x| solver.value(renaming.to_solver(x as i32)) == Some(true))
            .map_err(|e| Error::Unsolvable(format!("SAT model does not decode: {e}")))?;
        self.exclude(&grid);
        Ok(Some(grid))
    }

    /// Adds solutions to `found` until it holds `limit` or none is left, telling a portfolio's
    /// pacer of each (a member that has found one no longer restarts). Solutions already in
    /// `found` when a solver takes over from another must have been
    /// [`excluded`](Self::exclude). On an error (`Timeout`, the deadline or a portfolio's pacer)
    /// `found` keeps what came before.
    pub(crate) fn solutions_into(&mut self, found: &mut Vec<Grid>, limit: usize) -> Result<()> {
        while found.len() < limit {
            match self.next_solution()? {
                Some(grid) => {
                    found.push(grid);
                    if let Some(pacer) = self.stop().pacer.as_mut() {
                        pacer.solution_found();
                    }
                }
                None => break,
            }
        }
        Ok(())
    }
}

/// Up to `limit` distinct solutions with the given encoding, from a fresh solver.
pub fn solutions(puzzle: &Puzzle, options: CnfOptions, limit: usize) -> Result<Vec<Grid>> {
    solutions_until(puzzle, options, limit, None)
}

/// [`solutions`] that gives up at `deadline` with `Error::Timeout`, building the formula included
/// (the encoder is not interrupted: it is polynomial, and the clock is read as soon as it is done).
/// A Sudoku larger than 16×16 goes to the [`portfolio`](super::portfolio).
pub fn solutions_until(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    if super::portfolio::applies(puzzle) {
        return super::portfolio::solutions_until(puzzle, options, limit, deadline);
    }
    let reduction = Arc::new(PuzzleToCnf::new(puzzle, options)?);
    if time_limit::passed(deadline) {
        return Err(time_limit::exceeded());
    }
    let mut found = Vec::new();
    SatSolver::loaded(reduction, Flavour::PLAIN, deadline)?.solutions_into(&mut found, limit)?;
    Ok(found)
}

/// One CaDiCaL instance holding the formula of a **blank** grid of one shape (Sudoku layout, Suguru
/// region map), reused for every puzzle of that shape: a puzzle's givens are passed as assumptions
/// instead of clauses, and the clauses that block its solutions are guarded by a fresh activation
/// literal that is assumed for this puzzle only and switched off for good afterwards. Learned
/// clauses follow from the blank formula (assumptions are decisions, not clauses), so they stay
/// valid from one puzzle to the next.
///
/// For a batch of puzzles of one shape this skips building and loading a formula per puzzle, which
/// dominates the cost of a fresh solver on 9×9 (docs/sat-ilp.md). Generators that test uniqueness
/// after each clue removal use it the same way.
pub struct ShapeSolver {
    structure: crate::puzzle::Structure,
    reduction: PuzzleToCnf,
    solver: cadical::Solver<Budget>,
    next_var: i32,
    /// Puzzles answered so far.
    answered: usize,
}

impl ShapeSolver {
    /// The shape of `puzzle` (its givens are ignored), with the `extended` encoding.
    pub fn new(puzzle: &Puzzle) -> Result<Self> {
        let structure = puzzle.structure();
        let blank = blank_of(puzzle);
        let reduction = PuzzleToCnf::new(
            &blank,
            CnfOptions {
                encoding: super::Encoding::Extended,
                simplify: false,
            },
        )?;
        let mut solver: cadical::Solver<Budget> = cadical::Solver::new();
        let cnf = reduction.target();
        for clause in cnf.clauses() {
            solver.add_clause(clause.iter().copied());
        }
        Ok(ShapeSolver {
            structure,
            next_var: cnf.vars() as i32 + 1,
            reduction,
            solver,
            answered: 0,
        })
    }

    /// How many puzzles this solver has answered. Learned clauses and switched-off guards pile up:
    /// on the 49,158 17-clue puzzles one solver slowed from 8,900 to 3,500 puzzles/s, so [`find`]
    /// starts a new one every `SHAPE_SOLVER_RECYCLE` puzzles.
    pub fn answered(&self) -> usize {
        self.answered
    }

    /// Whether `puzzle` has this solver's shape.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        puzzle.structure() == self.structure
    }

    /// Up to `limit` solutions of `puzzle`, which must have this solver's shape.
    pub fn solutions(&mut self, puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
        self.solutions_until(puzzle, limit, None)
    }

    /// [`ShapeSolver::solutions`] that gives up at `deadline` with `Error::Timeout`.
    pub fn solutions_until(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        deadline: Option<Instant>,
    ) -> Result<Vec<Grid>> {
        if !self.fits(puzzle) {
            return Err(Error::Usage(
                "the puzzle does not have the shape this solver was built for".into(),
            ));
        }
        let mut assumptions: Vec<i32> = Vec::new();
        for (cell, &v) in puzzle.givens().cells().iter().enumerate() {
            if v != 0 {
                match self.reduction.slot(cell, v) {
                    Some(super::Slot::Var(x)) => assumptions.push(x as i32),
                    // A given outside its cell's range: no solution.
                    _ => return Ok(Vec::new()),
                }
            }
        }
        let guard = self.next_var;
        self.next_var += 1;
        self.answered += 1;
        assumptions.push(guard);
        self.solver.set_callbacks(Some(Budget::until(deadline)));
        let mut found = Vec::new();
        let result = loop {
            if found.len() >= limit {
                break Ok(());
            }
            match self.solver.solve_with(assumptions.iter().copied()) {
                Some(true) => {}
                Some(false) => break Ok(()),
                None => break Err(time_limit::exceeded()),
            }
            let solver = &self.solver;
            let grid = match self
                .reduction
                .decode(|x| solver.value(x as i32) == Some(true))
            {
                Ok(g) => g,
                Err(e) => break Err(Error::Unsolvable(format!("SAT model does not decode: {e}"))),
            };
            let mut block = self.reduction.blocking_clause(&grid);
            block.push(-guard);
            self.solver.add_clause(block);
            found.push(grid);
        };
        // Switch this puzzle's blocking clauses off for good.
        self.solver.add_clause([-guard]);
        result.map(|()| found)
    }
}

/// The puzzle with its givens removed.
fn blank_of(puzzle: &Puzzle) -> Puzzle {
    let empty = Grid::empty(puzzle.rows(), puzzle.cols());
    match puzzle {
        Puzzle::Sudoku(s) => crate::puzzle::Sudoku::new(s.layout().clone(), empty)
            .expect("a blank grid fits its own layout")
            .into(),
        Puzzle::Suguru(s) => crate::puzzle::Suguru::new(s.rows(), s.cols(), s.region_map(), empty)
            .expect("a blank grid fits its own regions")
            .into(),
        Puzzle::Described(d) => d
            .with_givens(empty)
            .expect("a blank grid fits its own groups")
            .into(),
    }
}

/// Largest Sudoku N that [`find`] sends to a [`ShapeSolver`]: on the 25×25 puzzles the blank
/// formula under assumptions searched 2–20 times longer than the simplified one.
pub const SHAPE_SOLVER_MAX_N: usize = 16;

/// [`find`] replaces its [`ShapeSolver`] after this many puzzles (500–1,000 measured best:
/// 8,600 puzzles/s over the 49,158 17-clue puzzles, against 7,500/s at 5,000).
pub const SHAPE_SOLVER_RECYCLE: usize = 1000;

/// The fast path of the SAT route for a run of puzzles solved one after the other: keeps the
/// [`ShapeSolver`] of the last Sudoku shape (up to `SHAPE_SOLVER_MAX_N`) and replaces it after
/// `SHAPE_SOLVER_RECYCLE` puzzles; a larger Sudoku, whose search profits from the smaller
/// simplified formula, and a Suguru, whose region map rarely repeats, get a fresh solver with the
/// default encoding, simplified (benches/sat.rs, docs/sat-ilp.md).
///
/// Which solution a puzzle with several gets depends on the puzzles this batch answered before
/// (learned clauses steer the search): callers that want the same answer whatever the thread or
/// order give each fixed run of puzzles its own batch (`solvers::solve_batch` does).
#[derive(Default)]
pub struct SatBatch {
    shape: Option<ShapeSolver>,
}

impl SatBatch {
    pub fn new() -> Self {
        SatBatch::default()
    }

    /// Up to `limit` solutions, giving up at `deadline` with `Error::Timeout`.
    pub fn find_until(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        deadline: Option<Instant>,
    ) -> Result<Vec<Grid>> {
        if matches!(puzzle, Puzzle::Suguru(_)) || puzzle.rows() > SHAPE_SOLVER_MAX_N {
            return solutions_until(puzzle, CnfOptions::fastest_for(puzzle), limit, deadline);
        }
        if !self
            .shape
            .as_ref()
            .is_some_and(|s| s.answered < SHAPE_SOLVER_RECYCLE && s.fits(puzzle))
        {
            self.shape = Some(ShapeSolver::new(puzzle)?);
        }
        let solver = self.shape.as_mut().expect("just filled");
        let result = solver.solutions_until(puzzle, limit, deadline);
        if result.is_err() {
            // Do not keep a solver in an unknown state.
            self.shape = None;
        }
        result
    }
}

thread_local! {
    /// The batch of [`find`] on this thread.
    static BATCH: std::cell::RefCell<SatBatch> = std::cell::RefCell::new(SatBatch::new());
}

/// Up to `limit` solutions the fastest way measured, through this thread's [`SatBatch`] (kept
/// between calls, so a file of 9×9 puzzles loads the 9×9 formula once).
pub fn find(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>> {
    BATCH.with(|cell| cell.borrow_mut().find_until(puzzle, limit, None))
}

/// One solution, if any ([`find`]).
pub fn solve(puzzle: &Puzzle) -> Result<Option<Grid>> {
    Ok(find(puzzle, 1)?.into_iter().next())
}

/// The number of solutions, counting up to `limit` (a result equal to `limit` means "at least").
pub fn count(puzzle: &Puzzle, limit: usize) -> Result<usize> {
    Ok(find(puzzle, limit)?.len())
}

/// Whether the puzzle has exactly one solution (two SAT calls at most).
pub fn is_unique(puzzle: &Puzzle) -> Result<bool> {
    Ok(count(puzzle, 2)? == 1)
}
