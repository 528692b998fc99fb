//! Two CaDiCaL members racing on one puzzle, in lockstep, each restarting on fresh shuffles.
//!
//! On hard large grids (Frisch's 25×25 puzzles) the time one CDCL run takes is heavy-tailed and
//! depends more on the run's luck than on the puzzle: the same puzzle takes 0.5 s under one
//! numbering of the variables and over 8 s under another (docs/routes.md, measured with
//! `examples/sat_luck.rs`). Two cures for heavy tails are combined here: **restarts** (a member
//! whose run has used its budget starts again on a new shuffle of the formula, with twice the
//! budget, Gomes–Selman–Kautz's remedy) and a **portfolio** (two members on the two cores; the
//! puzzle takes the time of the luckier).
//!
//! A free race would make the answer depend on the clock: a puzzle with several solutions would
//! get whichever the faster thread found. So the members run in **lockstep rounds**, counted in
//! the solver's own terminate checks (a deterministic clock: CaDiCaL asks at fixed points of its
//! search), [`ROUND`] checks a round. A member that has used its round's budget waits inside the
//! callback until every other member has too; then, if some finished within the round, the
//! **lowest-numbered** of them wins and the others are told to stop. Restarts are counted in the
//! same checks. A member's runs depend only on its own check count, never on timing or on the
//! number of cores, so the answer is the same on every run.

use super::encode::{CnfOptions, PuzzleToCnf};
use super::solve::{Flavour, SatSolver, past, timeout};
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// The members, in order of preference when several finish in the same round: CaDiCaL's `sat`
/// configuration (frequent restarts, no stable mode), deciding "not this value" first in one and
/// "this value" first in the other. Each run of a member gets a fresh shuffle of the formula
/// ([`Flavour::shuffle`], seed from the member and the run's number), so the two never repeat each
/// other's luck. On Frisch's 16 25×25 puzzles `sat` had a median of 1.0–1.4 CPU seconds per run
/// against 1.7–2.3 for `default`; the polarity made no consistent difference
/// (docs/routes.md, `examples/sat_luck.rs`).
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

/// Terminate checks a member's first run may take before it restarts on a new shuffle; each later
/// run may take twice as many as the one before. A 25×25 solver checks about 4,000–12,000 times a
/// CPU second, so the first run has about one second: enough for the median puzzle, short enough
/// to cut the heavy tail (a puzzle that one shuffle solves in 0.5 s can take over 8 s under
/// another). Measured on Frisch's 16 (docs/routes.md): 8,000 gave 1.8 CPU seconds median and 8.2
/// max per puzzle (both members), 15,000 gave 2.8 and 9.3, 4,000 gave 1.9 and 25.
const FIRST_RUN: u64 = 8_000;

/// Terminate checks in a round of the lockstep (about a tenth of a second on a 25×25). Rounds do
/// not grow: the race ends at the end of the round in which someone finished, so a long round
/// keeps the winner's answer waiting. On Frisch's 16 on an idle machine, rounds doubling from 500
/// checks gave 1.47 s wall median and 6.1 s max, rounds of 1,000 checks 1.00–1.20 s and 5.2–5.9 s
/// (three runs; docs/routes.md).
const ROUND: u64 = 1_000;

/// Whether [`super::solutions_until`] races the portfolio on `puzzle`: Sudoku larger than 16×16,
/// where a single run's luck decides between a fraction of a second and many seconds. Smaller
/// puzzles take milliseconds either way, and a second solver would only double their CPU time.
pub fn applies(puzzle: &Puzzle) -> bool {
    matches!(puzzle, Puzzle::Sudoku(_)) && puzzle.rows() > super::solve::SHAPE_SOLVER_MAX_N
}

/// The referee: which round it is, who waits at its end, who finished in which round.
struct Race {
    state: Mutex<State>,
    changed: Condvar,
}

struct State {
    round: u32,
    /// Members still racing that have used up this round's budget and wait.
    waiting: usize,
    /// Members still running (neither finished nor failed).
    racing: usize,
    /// The round in which each member finished its job, if it did.
    finished: Vec<Option<u32>>,
    /// The race is decided: every waiting member stops.
    over: bool,
}

impl Race {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A member that panicked must not hang the others: its state is still consistent.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Ends the round once every member still running waits at its end: the race is over if
    /// someone finished in it (or nobody runs any more), else the next round starts.
    fn settle(&self, s: &mut State) {
        if s.over || s.waiting < s.racing {
            return;
        }
        let round = s.round;
        if s.racing == 0 || s.finished.contains(&Some(round)) {
            s.over = true;
        } else {
            s.round += 1;
            s.waiting = 0;
        }
        self.changed.notify_all();
    }

    /// Called by a member at the end of its budget for `round`; blocks until the round is settled.
    /// True: the race is over, stop.
    fn pause(&self, round: u32) -> bool {
        let mut s = self.lock();
        s.waiting += 1;
        self.settle(&mut s);
        while s.round == round && !s.over {
            s = self.changed.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
        s.over
    }

    /// A member is done running: with its answer (`finished`) or without (an error, a deadline,
    /// told to stop).
    fn leave(&self, member: usize, finished: bool) {
        let mut s = self.lock();
        s.racing -= 1;
        if finished && !s.over {
            let round = s.round;
            s.finished[member] = Some(round);
        }
        self.settle(&mut s);
    }
}

/// A member's terminate callback: counts the solver's checks, pauses at each round's end, and
/// stops the member's current run when its budget is used up.
pub struct Pacer {
    race: Arc<Race>,
    checks: u64,
    pause_at: u64,
    round: u32,
    /// The check at which the current run stops for a restart.
    run_ends_at: u64,
    /// The race is over: the member stops for good.
    over: bool,
}

impl Pacer {
    /// One terminate check; true when the solver must stop (the race is over, or its run's budget
    /// is used up: [`Pacer::over`] tells which).
    pub(crate) fn tick(&mut self) -> bool {
        self.checks += 1;
        if self.checks >= self.pause_at {
            self.over = self.race.pause(self.round);
            self.round += 1;
            self.pause_at = self.checks + ROUND;
        }
        self.over || self.checks >= self.run_ends_at
    }
}

/// Leaves the race when the member's thread ends, however it ends (a panic included), so the
/// other members never wait for it.
struct Entry {
    race: Arc<Race>,
    member: usize,
    finished: bool,
}

impl Drop for Entry {
    fn drop(&mut self) {
        self.race.leave(self.member, self.finished);
    }
}

/// One member's job: up to `limit` solutions, run after run (each a fresh solver on a new shuffle
/// of the formula, with a budget twice the last one's, the solutions found so far excluded), until
/// it has them, the race is over, or the deadline passes.
fn run(
    entry: &mut Entry,
    reduction: &Arc<PuzzleToCnf>,
    limit: usize,
    deadline: Option<Instant>,
    first_run: u64,
) -> Result<Vec<Grid>> {
    let mut pacer = Some(Pacer {
        race: Arc::clone(&entry.race),
        checks: 0,
        pause_at: ROUND,
        round: 0,
        run_ends_at: first_run,
        over: false,
    });
    let mut found: Vec<Grid> = Vec::new();
    for run in 0u32.. {
        let mut solver = SatSolver::loaded(
            Arc::clone(reduction),
            run_flavour(entry.member, run),
            deadline,
        )?;
        for grid in &found {
            solver.exclude(grid);
        }
        let mut p = pacer.take().expect("the pacer is handed from run to run");
        p.run_ends_at = p.checks + (first_run << run.min(40));
        solver.set_pacer(p);
        let outcome = solver.solutions_into(&mut found, limit);
        let p = solver.take_pacer().expect("the solver holds the pacer");
        match outcome {
            Ok(()) => {
                entry.finished = true;
                return Ok(found);
            }
            // Stopped by the pacer for a restart: go on with the next run.
            Err(Error::Timeout(_)) if !p.over && !past(deadline) => pacer = Some(p),
            Err(e) => return Err(e),
        }
    }
    unreachable!("a member runs until it finishes or fails")
}

/// Up to `limit` solutions of `puzzle` from the race of [`MEMBERS`] on `options`' formula, one
/// thread per member, giving up at `deadline` with `Error::Timeout`.
pub fn solutions_until(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Vec<Grid>> {
    solutions_restarting(puzzle, options, limit, deadline, FIRST_RUN)
}

/// [`solutions_until`] with the first run's budget in terminate checks (doubling for each later
/// run of a member). Tests pass a tiny budget to make every member restart many times, solutions
/// found before a restart carried over as excluded.
pub fn solutions_restarting(
    puzzle: &Puzzle,
    options: CnfOptions,
    limit: usize,
    deadline: Option<Instant>,
    first_run: u64,
) -> Result<Vec<Grid>> {
    let first_run = first_run.max(1);
    let reduction = Arc::new(PuzzleToCnf::new(puzzle, options)?);
    if past(deadline) {
        return Err(timeout());
    }
    let race = Arc::new(Race {
        state: Mutex::new(State {
            round: 0,
            waiting: 0,
            racing: MEMBERS.len(),
            finished: vec![None; MEMBERS.len()],
            over: false,
        }),
        changed: Condvar::new(),
    });
    // Plain threads, not the rayon pool: a member blocks while it waits for the others, and a
    // blocked pool thread could be the one the other member is queued on.
    let results: Vec<Result<Vec<Grid>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..MEMBERS.len())
            .map(|member| {
                let (race, reduction) = (Arc::clone(&race), &reduction);
                scope.spawn(move || {
                    let mut entry = Entry {
                        race,
                        member,
                        finished: false,
                    };
                    run(&mut entry, reduction, limit, deadline, first_run)
                })
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
    let finished = race.lock().finished.clone();
    let last = finished.iter().flatten().max().copied();
    let winner = (0..MEMBERS.len()).find(|&m| last.is_some() && finished[m] == last);
    let mut results = results;
    match winner {
        Some(m) => results.swap_remove(m),
        None => results
            .into_iter()
            .find(|r| r.is_err())
            .unwrap_or_else(|| Err(Error::Unsolvable("no portfolio member answered".into()))),
    }
}
