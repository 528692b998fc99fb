//! Two CaDiCaL members racing on one puzzle on a shared virtual clock, each restarting on fresh
//! shuffles.
//!
//! On hard large grids (Frisch's 25×25 puzzles) the time one CDCL run takes is heavy-tailed and
//! depends more on the run's luck than on the puzzle: the same puzzle takes 0.5 s under one
//! numbering of the variables and over 8 s under another (docs/routes.md, measured with
//! `examples/sat_luck.rs`). Two cures for heavy tails are combined here: **restarts** (a member
//! whose run has used its budget starts again on a new shuffle of the formula, with twice the
//! budget, Gomes–Selman–Kautz's remedy) and a **portfolio** (two members on the two cores; the
//! puzzle takes the time of the luckier).
//!
//! Restarts are for **finding**: a member that has found a solution never restarts again. What is
//! left after the first solution is mostly a refutation (that no other solution exists, the whole
//! question for a unique puzzle asked with `count --limit 2`), and a proof's size is a property of
//! the formula rather than of a run's luck; a restart would only throw its progress (the learned
//! clauses) away. On Frisch's 16 25×25 puzzles `count --limit 2` took 158 s in all (max 38 s)
//! while restarts went on after the first solution and 93 s (max 18 s) once they stopped, on
//! four unique 36×36 puzzles 21.8 s against 17.0 s; on five 36×36 with several solutions it made
//! no difference (docs/routes.md, "Counting").
//!
//! When one solution is asked for, the members first **split** the puzzle: one cell with two values
//! left, neither of which fails by unit propagation, is fixed to one value for member 0 and to the
//! other for member 1 (`halves`); a member whose half holds no solution goes on with the whole
//! puzzle. Under the shipped seeds Frisch's 16
//! took 15.1 s in all (median 0.51 s, max 2.7 s) against 24.9 s (0.98 s, 5.1 s) for the whole
//! puzzle; under six other draws of the seeds, less in all on five. Skipping cells with a value
//! that fails by unit propagation cost a little under the shipped seeds (16.6–19.0 s in all) and
//! saved 11–13 % over seven draws (docs/routes.md, "Choosing the split cell").
//!
//! A free race would make the answer depend on the clock: a puzzle with several solutions would
//! get whichever the faster thread found. So the race is judged on a **virtual clock**: the
//! solver's own terminate checks (CaDiCaL asks at fixed points of its search, so a member's check
//! count at any point of its search depends on nothing but its own runs). The winner is the member
//! that finishes at the **lowest check count** (ties: the lowest-numbered). Members run freely,
//! never waiting for each other; one that finishes posts its count, and a member whose own count
//! has passed the best posted one stops, since it can no longer win. When every member has
//! finished or stopped, the winner is decided exactly as if the members had taken turns check by
//! check, so the answer is the same on every run, whatever the timing or the number of cores.
//! (An earlier version held the members in lockstep rounds of checks; the member that checked
//! faster then waited at every round's end, about 18 % of the wall time, docs/routes.md.)

use super::encode::{CnfOptions, PuzzleToCnf};
use super::propagate::Propagator;
use super::solve::{Flavour, SatSolver};
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::time_limit;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The members, in order of preference when several finish at the same check count: CaDiCaL's `sat`
/// configuration, deciding "not this value" first in one and "this value" first in the other.
/// `sat` is CaDiCaL 1.9.5's `stabilizeonly=1, elimreleff=10, subsumereleff=60` (`config.cpp`):
/// stable mode only (restarts on reluctant doubling, target phases) and a hundredth of the
/// default's effort on variable elimination, six hundredths on subsumption. Each run of a member
/// gets a fresh shuffle of the formula ([`Flavour::shuffle`], seed from the member and the run's
/// number), so the two never repeat each other's luck. On Frisch's 16 25×25 puzzles `sat` had a
/// median of 1.0–1.4 CPU seconds per run against 1.7–2.3 for `default`; the polarity made no
/// consistent difference, and none of CaDiCaL's single options tried on top of `sat` won beyond
/// the noise (docs/routes.md, `examples/sat_luck.rs`).
pub const MEMBERS: [Flavour; 2] = [
    Flavour {
        config: "sat",
        false_first: true,
        shuffle: 0,
    },
    Flavour {
        config: "sat",
        false_first: false,
        shuffle: 0,
    },
];

/// The flavour of run `run` (0, 1, …) of member `member`: the member's set-up with a shuffle of
/// its own, never 0 (the encoded numbering is no better than any shuffle, and a fixed seed per
/// run keeps the race deterministic).
pub fn run_flavour(member: usize, run: u32) -> Flavour {
    Flavour {
        shuffle: 1 + u64::from(run) * MEMBERS.len() as u64 + member as u64,
        ..MEMBERS[member]
    }
}

/// Terminate checks a member's first run may take before it restarts on a new shuffle, on a
/// 25×25; each later run may take twice as many as the one before. A 25×25 solver checks about
/// 4,000–12,000 times a CPU second, so the first run has about one second: enough for the median
/// puzzle, short enough to cut the heavy tail (a puzzle that one shuffle solves in 0.5 s can take
/// over 8 s under another). Measured on Frisch's 16 (docs/routes.md): 8,000 gave 1.8 CPU seconds
/// median and 8.2 max per puzzle (both members), 15,000 gave 2.8 and 9.3, 4,000 gave 1.9 and 25.
/// Those figures are one draw of the runs' seeds ([`run_flavour`]); under other draws the same
/// budget gave a wall maximum of 5.0–13 s over the 16 (docs/routes.md, "How much of that is the
/// seeds' luck").
const FIRST_RUN: u64 = 8_000;

/// The first run's budget for an N×N Sudoku: [`FIRST_RUN`] up to 25×25, shrinking as
/// `(25/N)^2.7` above, so 2,989 checks at 36×36. A larger formula checks less often per second and
/// its runs are just as heavy-tailed, so the same number of checks would let the first run go on
/// for several seconds. On the six 36×36 half-given probes (benches/data, idle machine, 20 s
/// limit) a first budget of 1,500 / 3,000 / 8,000 / 16,000 / 32,000 checks solved 4 / 5 / 3 / 2 /
/// 4 of them, and 2,989 solved 5 in 1.3–6.3 s (docs/routes.md). The exponent joins the two
/// measured best points (25×25: 8,000; 36×36: about 3,000), chosen on those same puzzles; beyond
/// 36×36 it is an extrapolation.
fn first_run(n: usize) -> u64 {
    if n <= 25 {
        return FIRST_RUN;
    }
    (FIRST_RUN as f64 * (25.0 / n as f64).powf(2.7)).round() as u64
}

/// Whether [`super::solutions_until`] races the portfolio on `puzzle`: Sudoku larger than 16×16,
/// where a single run's luck decides between a fraction of a second and many seconds. Smaller
/// puzzles take milliseconds either way, and a second solver would only double their CPU time.
pub fn applies(puzzle: &Puzzle) -> bool {
    matches!(puzzle, Puzzle::Sudoku(_)) && puzzle.rows() > super::solve::SHAPE_SOLVER_MAX_N
}

/// How many CaDiCaL solvers the `sat` route runs at once on `puzzle`, each on a thread of its own
/// and with its own copy of the formula: the members when the portfolio [`applies`], else one.
/// The memory estimate and the batch's worker count both go by it.
pub fn solvers(puzzle: &Puzzle) -> usize {
    if applies(puzzle) { MEMBERS.len() } else { 1 }
}

/// The referee: the best finish posted so far, as the key `checks × members + member` (so that
/// the lower count wins and, at equal counts, the lower-numbered member); `u64::MAX` while nobody
/// has finished.
struct Race {
    best: AtomicU64,
}

impl Race {
    fn key(checks: u64, member: usize) -> u64 {
        checks
            .saturating_mul(MEMBERS.len() as u64)
            .saturating_add(member as u64)
    }

    /// Whether a member at `checks` can no longer win: someone finished at a lower key. Its own
    /// finish could only come at this count or later. The best key only ever goes down, so a
    /// member told to stop would never have won.
    fn beaten(&self, checks: u64, member: usize) -> bool {
        Self::key(checks, member) > self.best.load(Ordering::Acquire)
    }

    /// A member finished its job at `checks`.
    fn post(&self, checks: u64, member: usize) {
        self.best
            .fetch_min(Self::key(checks, member), Ordering::AcqRel);
    }
}

/// A member's terminate callback: counts the solver's checks (the race's clock), stops the member
/// once it is beaten, and stops its current run when the run's budget is used up.
pub struct Pacer {
    race: Arc<Race>,
    member: usize,
    checks: u64,
    /// The check at which the current run stops for a restart (`u64::MAX`: never, once the member
    /// has found a solution).
    run_ends_at: u64,
    /// Someone finished at a lower count, or the member reached the race's check limit: the member
    /// stops for good.
    over: bool,
    /// The race's check limit ([`solutions_within_checks`]): a member stops for good at this
    /// count (`u64::MAX`: none).
    stops_at: u64,
}

impl Pacer {
    /// One terminate check; true when the solver must stop (the member is beaten, or its run's
    /// budget is used up: [`Pacer::over`] tells which).
    pub(crate) fn tick(&mut self) -> bool {
        self.checks += 1;
        self.over =
            self.over || self.checks >= self.stops_at || self.race.beaten(self.checks, self.member);
        self.over || self.checks >= self.run_ends_at
    }

    /// The member's solver found a solution: from now on it runs to the end (its job done, or
    /// beaten, or the deadline), never restarting (the module's doc says why).
    pub(crate) fn solution_found(&mut self) {
        self.run_ends_at = u64::MAX;
    }
}

/// One member's job: up to `limit` solutions, run after run (each a fresh solver on a new shuffle
/// of the formula, with a budget twice the last one's) until a run finds one, then on in that
/// run until it has them all, it is beaten, it reaches the race's check limit, or the deadline
/// passes. `Ok(None)`: beaten, or out of checks.
fn run(
    race: &Arc<Race>,
    member: usize,
    reduction: &Arc<PuzzleToCnf>,
    limit: usize,
    deadline: Option<Instant>,
    schedule: Schedule,
    mut half: Option<i32>,
) -> Result<Option<Vec<Grid>>> {
    let first_run = schedule.first_run;
    let mut pacer = Some(Pacer {
        race: Arc::clone(race),
        member,
        checks: 0,
        run_ends_at: first_run,
        over: false,
        stops_at: schedule.check_limit.unwrap_or(u64::MAX),
    });
    let mut found: Vec<Grid> = Vec::new();
    for run in 0u32.. {
        let mut p = pacer.take().expect("the pacer is handed from run to run");
        // Loading a solver takes no checks; a member beaten meanwhile need not load another.
        if p.over || race.beaten(p.checks, member) {
            return Ok(None);
        }
        let mut solver =
            SatSolver::loaded(Arc::clone(reduction), run_flavour(member, run), deadline)?;
        // Empty under the schedule here (a member that has found a solution never restarts), but
        // excluding what earlier runs found keeps the answer right under any schedule.
        for grid in &found {
            solver.exclude(grid);
        }
        if let Some(lit) = half {
            solver.restrict(lit);
        }
        p.run_ends_at = p.checks + (first_run << run.min(40));
        solver.set_pacer(p);
        let outcome = solver.solutions_into(&mut found, limit);
        let p = solver.take_pacer().expect("the solver holds the pacer");
        match outcome {
            // The member's half holds too few solutions: it goes on with the whole puzzle (the
            // solutions found so far excluded) in its next run, on the same clock and schedule.
            Ok(()) if half.is_some() && found.len() < limit => {
                half = None;
                pacer = Some(p);
            }
            Ok(()) => {
                race.post(p.checks, member);
                return Ok(Some(found));
            }
            Err(Error::Timeout(_)) if p.over => return Ok(None),
            // Stopped by the pacer for a restart: go on with the next run.
            Err(Error::Timeout(_)) if !time_limit::passed(deadline) => pacer = Some(p),
            Err(e) => return Err(e),
        }
    }
    unreachable!("a member runs until it finishes, is beaten or fails")
}

/// The two halves the members search when one solution is asked for: member 0 with a cell that
/// has exactly two values left set to its smaller value, member 1 to the other (the literal and its
/// negation, since the cell holds exactly one value). The cell is the first such cell in reading
/// order whose two values both survive unit propagation ([`Propagator::fails`]). `None` when more
/// than one solution is asked for, or no cell among the first [`PROBED`] two-valued ones survives.
///
/// Why split: a run's time on a hard 25×25 is dominated by the wrong turns it happens to take,
/// and fixing one cell either way removes a whole family of them from the half that holds the
/// solution. On Frisch's #1 the half holding the solution took 0.15–0.79 CPU seconds under four
/// shuffles against 6.5 s and more for the whole puzzle, #15 1.2–3.5 s against 5.3–9.3 s. A member
/// whose half holds no solution refutes it and then searches the whole puzzle.
///
/// Why probe: where one value of the cell fails by propagation alone, its member refutes its half
/// at once, and the split is the whole puzzle against the whole puzzle with one cell forced. On
/// #4, #5 and #9 the first two-valued cell is such a cell (docs/routes.md, "Choosing the split
/// cell"). The price of any split: a member stuck refuting a hard wrong half leaves the race to
/// the other, whose half can take longer than the whole puzzle would (#10 under some shuffles;
/// on 36×36 probes the split moves single puzzles either way, docs/routes.md, "Splitting the
/// puzzle between the members"). Counting keeps the whole puzzle for both: a proof that no other
/// solution exists must cover both halves anyway.
fn halves(reduction: &PuzzleToCnf, limit: usize) -> Option<[i32; 2]> {
    if limit != 1 {
        return None;
    }
    // `variables` lists (variable, cell, value) by variable; count each cell's values.
    let vars = reduction.variables();
    let cells = vars.iter().map(|&(_, cell, _)| cell + 1).max().unwrap_or(0);
    let mut left = vec![(0usize, 0u32); cells];
    for &(x, cell, _) in &vars {
        let (count, first) = &mut left[cell];
        if *count == 0 {
            *first = x;
        }
        *count += 1;
    }
    let mut probe = Propagator::new(reduction.target());
    left.into_iter()
        .filter(|&(count, _)| count == 2)
        .take(PROBED)
        .filter_map(|(_, first)| i32::try_from(first).ok())
        .find(|&lit| !probe.fails(lit) && !probe.fails(-lit))
        .map(|lit| [lit, -lit])
}

/// How many two-valued cells [`halves`] probes before giving up the split: each probe propagates
/// through part of the formula, and a puzzle whose first cells all have a failed value is one
/// where propagation already decides much; the whole puzzle is then as good a start.
const PROBED: usize = 64;

/// Up to `limit` solutions of `puzzle` from the race of [`MEMBERS`] on `options`' formula, one
/// thread per member, giving up at `deadline` with `Error::Timeout`.
pub fn solutions_until(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    solutions_restarting(puzzle, options, limit, deadline, first_run(puzzle.rows()))
}

/// [`solutions_until`] with the first run's budget in terminate checks (doubling for each later
/// run of a member). Tests pass a tiny budget to make every member restart many times before its
/// first solution.
pub fn solutions_restarting(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
    first_run: u64,
) -> Result<Vec<Grid>> {
    let schedule = Schedule {
        first_run,
        check_limit: None,
    };
    race(puzzle, options, limit, deadline, schedule)?
        .ok_or_else(|| Error::Unsolvable("no portfolio member answered".into()))
}

/// [`solutions_until`] with an effort limit that, unlike a time limit, gives the same answer on
/// every machine and under any load: each member may take at most `check_limit` terminate checks
/// (the race's virtual clock, restarts included). `Ok(None)` when no member finished below it.
/// Whether a puzzle is answered depends only on the puzzle, the formula and the limit, since a
/// member's check count at any point of its search depends on nothing else; so the generator can
/// give each uniqueness check a budget and still make the same puzzle from a seed everywhere
/// (`generate sudoku --check-limit`). The deadline still applies (`Error::Timeout`).
pub fn solutions_within_checks(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
    check_limit: u64,
) -> Result<Option<Vec<Grid>>> {
    let schedule = Schedule {
        first_run: first_run(puzzle.rows()),
        check_limit: Some(check_limit),
    };
    race(puzzle, options, limit, deadline, schedule)
}

/// How a member spends its checks: the first run's budget (doubling for each later run) and,
/// optionally, a limit on all its checks together.
#[derive(Clone, Copy, Debug)]
struct Schedule {
    first_run: u64,
    check_limit: Option<u64>,
}

/// The race itself: `Ok(None)` when no member answered (only possible with a check limit).
fn race(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
    schedule: Schedule,
) -> Result<Option<Vec<Grid>>> {
    let schedule = Schedule {
        first_run: schedule.first_run.max(1),
        ..schedule
    };
    let reduction = Arc::new(PuzzleToCnf::new(puzzle, options)?);
    if time_limit::passed(deadline) {
        return Err(time_limit::exceeded());
    }
    let race = Arc::new(Race {
        best: AtomicU64::new(u64::MAX),
    });
    let halves = halves(&reduction, limit);
    // Plain threads, not the rayon pool: each member is a long CPU-bound job of its own.
    let results: Vec<Result<Option<Vec<Grid>>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..MEMBERS.len())
            .map(|member| {
                let (race, reduction) = (&race, &reduction);
                let half = halves.and_then(|h| h.get(member).copied());
                scope.spawn(move || run(race, member, reduction, limit, deadline, schedule, half))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(Error::Unsolvable("a SAT portfolio member panicked".into()))
                })
            })
            .collect()
    });
    // Every finished member posted its key; the best one is the winner's (the member number is
    // the key's remainder). Members beaten, out of checks or failed answer nothing.
    let best = race.best.load(Ordering::Acquire);
    let winner = (best != u64::MAX).then(|| (best % MEMBERS.len() as u64) as usize);
    let mut results = results;
    match winner {
        Some(m) => match results.swap_remove(m) {
            Ok(Some(found)) => Ok(Some(found)),
            Ok(None) => unreachable!("the winner posted its answer"),
            Err(e) => Err(e),
        },
        None => results
            .into_iter()
            .find_map(|r| r.err())
            .map_or(Ok(None), Err),
    }
}
