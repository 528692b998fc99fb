//! Few-clue Sudoku: clues are removed from a random full grid while the puzzle stays unique, with a
//! smarter choice of which clue to try next than a random order, then a local search over minimal
//! puzzles that walks down from the first minimal puzzle.
//!
//! One **try**:
//! 1. a random full grid: the fast search on the blank grid with a seeded random value order;
//! 2. **removal pass**: every clue starts as *removable*; repeatedly pick the removable clue whose
//!    row, column and block together hold the **most clues** (ties broken at random) and remove it
//!    if the puzzle stays unique (one solution found with a limit of two: by the search, and above
//!    16×16 by SAT where a short search does not answer, `Checker`) — otherwise it stays for good
//!    in this pass (removing more clues only adds solutions, so a clue needed now is needed in
//!    every later puzzle of the pass). The pass ends with a minimal puzzle, or, with
//!    [`Config::stop_at_target`], as soon as the puzzle has the target's clue count (test sets of
//!    a chosen density);
//! 3. **walk** ({−1, +1} moves): while above the target, remove a random clue, enumerate the
//!    solutions that leaves (at most 64, else the step is void), and add a random clue `(cell,
//!    value)` that **exactly one** of those solutions has — the puzzle is unique again by
//!    construction (no further check needed), and its solution may now be another grid. Then run
//!    the removal pass again, which may free clues (a {−2, +1} move or better). Stop after `swaps`
//!    steps in a row (default 200) without a lower clue count.
//!
//! Tries are repeated until one ends with at most `target_clues` clues. Preferring clues from crowded
//! units spreads the remaining clues evenly — the shape of the known 17- and 18-clue puzzles, where
//! no unit holds many clues. Letting the walk change the grid matters: 18-clue puzzles exist only
//! for a small share of grids, and a walk tied to its first grid stalls at 21–22 clues (measured,
//! `docs/algorithms.md`).
//!
//! Worked example: a 9×9 try starts from 81 clues; the first removals are free (every unit is full,
//! the choice is random), after about 55 removals clues start to stay; the pass ends minimal with
//! 21–25 clues. A walk step at 22 clues removes one (two to hundreds of solutions appear), adds a
//! clue that singles out one of them, and the removal pass then often drops a clue: 21. The walk
//! goes down to 19–20 within a few hundred steps (about a second) and to 18 in a few per cent
//! of tries.

use super::rng_for;
use crate::error::{Error, Result};
use crate::puzzle::{BlockLayout, Grid, Puzzle, Sudoku};
use crate::search::fast::{Options, Search};
use crate::search::rng::Rng;
use crate::solvers::Route;
use std::cell::Cell;
use std::time::Instant;

/// The fewest clues a unique N×N Sudoku can have, whatever its blocks: N − 1. If two symbols are
/// both missing from the clues, swapping them in a solution gives a second solution, so the clues
/// hold at least N − 1 distinct symbols. (9×9 needs 17, far above 8; the bound only rules out
/// targets that cannot be reached, such as the 9×9 default of 18 for a 64×64 grid.)
pub fn fewest_possible_clues(n: usize) -> usize {
    n.saturating_sub(1)
}

/// How to choose the next clue to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The clue whose units hold the most clues (the default).
    Crowded,
    /// A random order (the plain method, for comparison).
    Random,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    /// N (the default block layout for N: 3×3 boxes for 9).
    pub n: usize,
    pub target_clues: usize,
    pub seed: u64,
    /// Give up after this many tries per puzzle.
    pub max_tries: usize,
    pub order: Order,
    /// Local search after the removal pass: give up after this many swaps in a row that do not
    /// lower the clue count (0: removal pass only).
    pub swaps: usize,
    /// Give up at this instant with [`Error::Timeout`] (`None`: never). A uniqueness check costs
    /// milliseconds on 9×9 but up to seconds on 25×25 near a minimal puzzle, even by SAT, so
    /// without a deadline one try of a large grid can run for a long time. Every check gets the
    /// deadline (the search reads the clock every few nodes, SAT at its terminate checks), so the
    /// overshoot is short.
    pub deadline: Option<Instant>,
    /// End the removal pass as soon as the puzzle has `target_clues` clues: the puzzle is unique
    /// but not necessarily minimal (a pass that ends minimal above the target goes on to the walk
    /// as before). For test sets of large grids at a given density (36×36 with about half the
    /// cells given, issue 18): the removals that take a puzzle from there down to minimal each
    /// need a uniqueness proof of seconds or more, and a researcher asking for a density does not
    /// want them.
    pub stop_at_target: bool,
    /// Above 16×16: branch nodes the search may take on a check before SAT is asked instead
    /// ([`SEARCH_FIRST_NODES`] by default; 0 sends every check to SAT, `u64::MAX` none). Only
    /// speed depends on it, never the puzzles.
    pub search_first_nodes: u64,
    /// Above 16×16: the most solver checks (the SAT portfolio's virtual clock, each member's
    /// terminate checks, restarts included) one uniqueness check or enumeration may take (`None`:
    /// no limit). A check that runs out counts as "not shown unique": its clue stays (the
    /// puzzle may then not be minimal) and a walk step is void. For test sets at the hardness
    /// peak (36×36 at 51–52 % given), where single checks take minutes: a limit in checks, unlike
    /// one in seconds, makes the same puzzle from a seed on every machine and under any load.
    pub check_limit: Option<u64>,
    /// With a check limit, a removal pass ends after this many checks in a row ran out of it
    /// ([`UNDECIDED_IN_A_ROW`] by default).
    pub undecided_in_a_row: usize,
}

impl Config {
    pub fn new(n: usize, target_clues: usize, seed: u64) -> Self {
        Config {
            n,
            target_clues,
            seed,
            max_tries: 1_000_000,
            order: Order::Crowded,
            swaps: 200,
            deadline: None,
            stop_at_target: false,
            search_first_nodes: SEARCH_FIRST_NODES,
            check_limit: None,
            undecided_in_a_row: UNDECIDED_IN_A_ROW,
        }
    }
}

/// A generated puzzle with what it took.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Sudoku,
    pub solution: Grid,
    /// Tries (full grids) until this puzzle, this one included.
    pub tries: usize,
    /// How many of those tries ended with 17 clues or fewer.
    pub seventeen: usize,
    /// Clue count of the minimal puzzle of every try, in order (with [`Config::stop_at_target`],
    /// of the puzzle each try's removal pass ended with).
    pub minimal_clues: Vec<usize>,
    /// Uniqueness checks run.
    pub checks: usize,
    /// Checks and enumerations that ran out of [`Config::check_limit`] (their clue kept, or their
    /// walk step void).
    pub undecided: usize,
}

/// Puzzle `index` of the batch with `config.seed`.
pub fn generate(config: &Config, index: u64) -> Result<Generated> {
    let n = config.n;
    if !(1..=64).contains(&n) {
        return Err(Error::Usage(format!("--n {n} is out of range (1 to 64)")));
    }
    let fewest = fewest_possible_clues(n);
    if config.target_clues < fewest {
        return Err(Error::Usage(format!(
            "--target-clues {} is below {fewest}, the fewest clues a unique {n}x{n} Sudoku can have \
             (two symbols missing from the clues can be swapped in any solution)",
            config.target_clues
        )));
    }
    let layout = BlockLayout::default_for(n);
    let blank = Sudoku::new(layout.clone(), Grid::empty(n, n)).map_err(Error::Usage)?;
    let checker = Checker {
        search: Search::new(&blank.structure()).map_err(Error::Usage)?,
        layout: layout.clone(),
        sat: n > crate::solvers::AUTO_SEARCH_MAX_N,
        search_first_nodes: config.search_first_nodes,
        check_limit: config.check_limit,
        undecided_in_a_row: config.undecided_in_a_row,
        checks: Cell::new(0),
        undecided: Cell::new(0),
    };
    let mut rng = rng_for(config.seed, index);
    let mut minimal_clues = Vec::new();
    let timeout = |tries: usize| {
        Error::Timeout(format!(
            "no {n}x{n} puzzle with at most {} clues before the deadline (at try {tries})",
            config.target_clues
        ))
    };
    while minimal_clues.len() < config.max_tries {
        let full = checker.search.run(
            blank.givens(),
            &Options {
                seed: Some(rng.fork()),
                deadline: config.deadline,
                ..Options::limit(1)
            },
        );
        if full.timed_out {
            return Err(timeout(minimal_clues.len() + 1));
        }
        let Some(mut solution) = full.solutions.into_iter().next() else {
            return Err(Error::Unsolvable(format!(
                "no full {n}x{n} grid for this layout"
            )));
        };
        let mut givens = solution.clone();
        let stop_at = config.stop_at_target.then_some(config.target_clues);
        let work = minimise(
            &checker,
            &mut givens,
            config.order,
            stop_at,
            config.deadline,
            &mut rng,
        )
        .and_then(|()| descend(&checker, &mut solution, &mut givens, config, &mut rng));
        match work {
            Ok(()) => {}
            Err(Error::Timeout(_)) => return Err(timeout(minimal_clues.len() + 1)),
            Err(e) => return Err(e),
        }
        let clues = givens.filled();
        minimal_clues.push(clues);
        if clues <= config.target_clues {
            let puzzle = Sudoku::new(layout, givens).map_err(Error::Usage)?;
            return Ok(Generated {
                puzzle,
                solution,
                tries: minimal_clues.len(),
                seventeen: minimal_clues.iter().filter(|&&c| c <= 17).count(),
                minimal_clues,
                checks: checker.checks.get(),
                undecided: checker.undecided.get(),
            });
        }
    }
    Err(Error::Unsolvable(format!(
        "no puzzle with at most {} clues after {} tries",
        config.target_clues, config.max_tries
    )))
}

/// What answers a try's uniqueness checks and enumerations: our search up to 16×16; above, the
/// search for at most [`SEARCH_FIRST_NODES`] branch nodes and, when that is not enough, SAT (the
/// two-member portfolio), as `solve`'s default route does ([`crate::solvers::auto_route`]). On
/// 25×25 and 36×36 the search alone does not answer many checks in minutes, so a try's removal
/// pass never ended. Every caller uses an answer as a set (a count, or clues chosen by cell and
/// value), and every engine here is exact and deterministic (a node budget, the portfolio's
/// virtual clock), so a seed gives the same puzzles whichever engine answered. A check limit keeps
/// that: whether a check ends within it is itself deterministic.
struct Checker {
    /// Also draws each try's full grid (seeded value order).
    search: Search,
    layout: BlockLayout,
    /// Checks go to SAT after `search_first_nodes` nodes of `search`.
    sat: bool,
    search_first_nodes: u64,
    /// [`Config::check_limit`].
    check_limit: Option<u64>,
    /// [`Config::undecided_in_a_row`].
    undecided_in_a_row: usize,
    /// Uniqueness checks and enumerations run so far (each call of `run_until`).
    checks: Cell<usize>,
    /// Checks that ran out of `check_limit` so far.
    undecided: Cell<usize>,
}

/// Branch nodes the search may take on a check of a grid above 16×16 before SAT is asked
/// instead. Most checks of a removal pass come while the grid is dense, where propagation alone
/// answers, and building a SAT formula for them costs more than the search (a 36×36 formula: tens
/// of milliseconds). Measured on `generate sudoku --stop-at-target --seed 1` (25×25 to 300 clues,
/// 36×36 to 700; same files every time): SAT only 2.6 and 18.6 s; search first for 10, 30 or 100
/// nodes 0.18–0.22 and 2.7–2.9 s; 300 nodes 0.24 and 3.9 s; 10,000 nodes 0.44 and 34 s.
pub const SEARCH_FIRST_NODES: u64 = 100;

impl Checker {
    /// Up to `limit` solutions of `givens`, or `None` when SAT ran out of the check limit (counted
    /// in `undecided`); `Error::Timeout` at the deadline (the puzzle being worked on is then left
    /// unique but possibly not minimal, and dropped). The search runs with the pair rules where
    /// they pay (16×16): they change how fast a run answers, not what it answers.
    fn run_until(
        &self,
        givens: &Grid,
        limit: usize,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Grid>>> {
        self.checks.set(self.checks.get() + 1);
        // Above 16×16 the search runs on a node budget, and SAT answers what it leaves.
        let node_limit = self.sat.then_some(self.search_first_nodes);
        if node_limit != Some(0) {
            let outcome = self.search.run(
                givens,
                &Options {
                    deadline,
                    node_limit,
                    pairs: self.search.pairs_pay(),
                    ..Options::limit(limit)
                },
            );
            if outcome.timed_out {
                return Err(crate::time_limit::exceeded());
            }
            // Without a node limit a run that did not time out has answered.
            if !outcome.aborted {
                return Ok(Some(outcome.solutions));
            }
        }
        let puzzle =
            Puzzle::Sudoku(Sudoku::new(self.layout.clone(), givens.clone()).map_err(Error::Usage)?);
        // Through `solvers`, so that the formula's memory estimate is checked before it is built
        // (a 64×64 near minimal would need gigabytes) and the limit counts building.
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let Some(check_limit) = self.check_limit else {
            return crate::solvers::solutions_within(&puzzle, Route::Sat, limit, left).map(Some);
        };
        let found = crate::solvers::sat_solutions_within_checks(&puzzle, limit, left, check_limit)?;
        if found.is_none() {
            self.undecided.set(self.undecided.get() + 1);
        }
        Ok(found)
    }
}

/// One removal pass over every clue of `givens` (crowded units first, or random); leaves a minimal
/// unique puzzle, or stops as soon as it has `stop_at` clues; `Err` at the deadline.
fn minimise(
    checker: &Checker,
    givens: &mut Grid,
    order: Order,
    stop_at: Option<usize>,
    deadline: Option<Instant>,
    rng: &mut Rng,
) -> Result<()> {
    let layout = &checker.layout;
    let n = givens.rows();
    // Clues per row, column and block.
    let mut in_row = vec![0; n];
    let mut in_col = vec![0; n];
    let mut in_block = vec![0; n];
    let mut removable: Vec<usize> = (0..n * n).filter(|&c| givens.get(c) != 0).collect();
    for &c in &removable {
        in_row[c / n] += 1;
        in_col[c % n] += 1;
        in_block[layout.block_of(c)] += 1;
    }
    rng.shuffle(&mut removable);
    let mut clues = removable.len();
    // Checks in a row that ran out of the check limit (the pass ends at `undecided_in_a_row`).
    let mut undecided = 0;
    while !removable.is_empty()
        && stop_at.is_none_or(|target| clues > target)
        && undecided < checker.undecided_in_a_row
    {
        let at = match order {
            Order::Random => removable.len() - 1,
            Order::Crowded => {
                // Highest crowding; the shuffled order breaks ties at random.
                let score = |c: usize| in_row[c / n] + in_col[c % n] + in_block[layout.block_of(c)];
                let mut best = 0;
                for i in 1..removable.len() {
                    if score(removable[i]) > score(removable[best]) {
                        best = i;
                    }
                }
                best
            }
        };
        let c = removable.swap_remove(at);
        let v = givens.get(c);
        givens.set(c, 0);
        // Unique, and shown so within the check limit if there is one.
        let found = checker.run_until(givens, 2, deadline)?;
        undecided = if found.is_none() { undecided + 1 } else { 0 };
        if found.is_some_and(|found| found.len() == 1) {
            clues -= 1;
            in_row[c / n] -= 1;
            in_col[c % n] -= 1;
            in_block[layout.block_of(c)] -= 1;
        } else {
            givens.set(c, v);
        }
    }
    Ok(())
}

/// With a [`Config::check_limit`], a removal pass ends after this many checks in a row ran out of
/// it: past the hardness peak nearly every check does (36×36, limit 1,000 checks: 22 of 23 at 688
/// clues), and trying each of the hundreds of clues left would cost minutes for a clue or two.
/// The puzzle is then not necessarily minimal, as any puzzle made under a check limit. A check
/// that shows a clue needed (a second solution) is an answer and does not count. About the rule
/// of `scripts/make-sudoku36.py` (25 failed removals in a row, most of them timed out).
pub const UNDECIDED_IN_A_ROW: usize = 25;

/// Most solutions enumerated when looking for the clue that makes a puzzle unique again: with
/// more, the puzzle is too far from unique for one clue to be likely to fix it.
const ENUMERATE: usize = 64;

/// Solutions enumerated and the clues `(cell, value, index of the solution it singles out)`.
type Fixing = (Vec<Grid>, Vec<(usize, u8, usize)>);

/// The clues `(cell, value, solution)` that would make `givens` unique again when added: an empty
/// cell (not in `except`) and the value exactly one of its solutions has there — that solution is
/// then the only one left. Enumerates the solutions in one run of the checker; `None` when there
/// are more than [`ENUMERATE`] (or the check limit left it undecided).
fn fixing_clues(
    checker: &Checker,
    givens: &Grid,
    except: &[usize],
    deadline: Option<Instant>,
) -> Result<Option<Fixing>> {
    let Some(found) = checker.run_until(givens, ENUMERATE + 1, deadline)? else {
        return Ok(None);
    };
    if found.len() > ENUMERATE || found.len() < 2 {
        return Ok(None);
    }
    let mut moves = Vec::new();
    let mut count = [0usize; 65];
    let mut owner = [0usize; 65];
    for c in (0..givens.len()).filter(|&c| givens.get(c) == 0 && !except.contains(&c)) {
        count.fill(0);
        for (k, s) in found.iter().enumerate() {
            let v = s.get(c) as usize;
            count[v] += 1;
            owner[v] = k;
        }
        for v in 1..65 {
            if count[v] == 1 {
                moves.push((c, v as u8, owner[v]));
            }
        }
    }
    Ok(Some((found, moves)))
}

/// Local search below the first minimal puzzle: a random walk of **{−1, +1}** moves over unique
/// minimal puzzles. Remove a random clue, enumerate the solutions left (at most [`ENUMERATE`]), add
/// a random clue that exactly one of them has (so the puzzle is unique again, possibly with that
/// other solution — the walk may move to another grid), then run the removal pass, which turns the
/// step into a {−2, +1} (or better) move whenever the new clue frees an old one.
///
/// Stops at the target or after `config.swaps` steps in a row that do not lower the clue count.
fn descend(
    checker: &Checker,
    solution: &mut Grid,
    givens: &mut Grid,
    config: &Config,
    rng: &mut Rng,
) -> Result<()> {
    let mut stale = 0;
    while givens.filled() > config.target_clues && stale < config.swaps {
        let clues: Vec<usize> = (0..givens.len()).filter(|&c| givens.get(c) != 0).collect();
        if clues.is_empty() {
            break;
        }
        let before = clues.len();
        let a = clues[rng.below(clues.len())];
        givens.set(a, 0);
        match fixing_clues(checker, givens, &[a], config.deadline)? {
            Some((found, moves)) if !moves.is_empty() => {
                let (c, v, k) = moves[rng.below(moves.len())];
                givens.set(c, v);
                *solution = found[k].clone();
                minimise(checker, givens, config.order, None, config.deadline, rng)?;
            }
            _ => givens.set(a, solution.get(a)),
        }
        if givens.filled() < before {
            stale = 0;
        } else {
            stale += 1;
        }
    }
    Ok(())
}
