//! The verdict on one solver run: its exit, then its answer decoded with the item's built instance
//! and the grid verified against the puzzle. The answer is judged, never trusted: a model that the
//! route's own check refuses, or a grid that breaks a rule, is a wrong answer.

use super::process::{Exit, Finished};
use super::{Solver, SolverStatus};
use crate::error::Error;
use crate::puzzle::Puzzle;
use crate::route::{AnswerHints, Built};
use std::path::Path;

/// Largest part of an answer scanned for a "no solution" claim (the claim is a status line near
/// the top of a file; this bounds memory on a solver that prints gigabytes).
const CLAIM_SCAN_BYTES: u64 = 1 << 20;

/// Exit codes that carry an answer: 0, and the SAT competition's 10 (satisfiable), 20
/// (unsatisfiable), 30 (clasp: optimum found).
fn answer_code(code: i32) -> bool {
    matches!(code, 0 | 10 | 20 | 30)
}

/// Whether `answer` says there is no solution: `s UNSATISFIABLE` (SAT and PB competitions),
/// MiniSat's `UNSAT`, MiniZinc's `=====UNSATISFIABLE=====`, CBC's `Infeasible`, a GLPK solution
/// whose status is `n` (no feasible solution).
pub fn claims_no_solution(answer: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(answer) else {
        return false;
    };
    let mut bytes = Vec::new();
    if file.take(CLAIM_SCAN_BYTES).read_to_end(&mut bytes).is_err() {
        return false;
    }
    String::from_utf8_lossy(&bytes).lines().any(|l| {
        let l = l.trim();
        let words: Vec<&str> = l.split_whitespace().collect();
        l == "s UNSATISFIABLE"
            || l == "UNSAT"
            || l == "=====UNSATISFIABLE====="
            || l.starts_with("Infeasible")
            || l.starts_with("Integer infeasible")
            || (words.len() >= 5 && words[0] == "s" && words[4] == "n")
    })
}

/// The verdict: a status and one line saying why (empty when solved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub status: SolverStatus,
    pub message: String,
}

/// Judges a finished run of `solver` whose answer is the file `answer`, for `puzzle` reduced to
/// `built`.
pub fn judge(
    finished: &Finished,
    answer: &Path,
    puzzle: &Puzzle,
    built: &dyn Built,
    solver: &Solver,
) -> Verdict {
    let verdict = |status, message: String| Verdict { status, message };
    match finished.exit {
        Exit::TimedOut => {
            return verdict(
                SolverStatus::Timeout,
                format!("killed at the time limit after {:.3} s", finished.seconds),
            );
        }
        Exit::Signal(s) => {
            return verdict(SolverStatus::Crashed, format!("killed by signal {s}"));
        }
        Exit::Code(c) if Some(c) == solver.no_solution_exit => {
            return verdict(
                SolverStatus::NoSolutionClaimed,
                format!("the solver says the instance has no solution (exit code {c})"),
            );
        }
        // A heuristic's exit 1 says it found nothing better than the answer it wrote.
        Exit::Code(1) if solver.heuristic => {}
        Exit::Code(c) if !answer_code(c) => {
            return verdict(SolverStatus::Crashed, format!("exit code {c}"));
        }
        Exit::Code(_) => {}
    }
    if claims_no_solution(answer) {
        return verdict(
            SolverStatus::NoSolutionClaimed,
            "the solver says the instance has no solution".into(),
        );
    }
    match built.decode(answer, &AnswerHints::default()) {
        Ok(grid) => {
            let violations = puzzle.verify(&grid);
            match violations.first() {
                None => verdict(SolverStatus::Solved, String::new()),
                Some(v) => verdict(
                    SolverStatus::WrongAnswer,
                    format!(
                        "the answer decodes to a grid that does not solve the puzzle ({} violation(s), first: {})",
                        violations.len(),
                        v.describe(puzzle.cols())
                    ),
                ),
            }
        }
        Err(e @ Error::Certificate { .. }) if solver.heuristic => verdict(
            SolverStatus::NotFound,
            format!("the heuristic ended without a solution: {e}"),
        ),
        Err(e @ Error::Certificate { .. }) => verdict(
            SolverStatus::WrongAnswer,
            format!("the answer is not a solution of the instance: {e}"),
        ),
        Err(e) => verdict(SolverStatus::BadOutput, e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "no solution" answers the Debian solvers gave here for an infeasible instance of each
    /// format (glpsol and cbc on a 0-1 LP, minizinc, minisat+ and clasp, minisat and cadical),
    /// and answers that claim a solution.
    #[test]
    fn every_profiles_no_solution_answer_is_recognised() {
        let dir = tempfile::tempdir().unwrap();
        let claims = |text: &str| {
            let path = dir.path().join("answer");
            std::fs::write(&path, text).unwrap();
            claims_no_solution(&path)
        };
        for none in [
            "c Status:     INTEGER EMPTY\nc\ns mip 1 1 n 0\ni 1 0\nj 1 0\ne o f\n",
            "Infeasible - objective value 2.00000000\n**       0 x      2    0\n",
            "=====UNSATISFIABLE=====\n",
            "c clasp\ns UNSATISFIABLE\n",
            "UNSAT\n",
        ] {
            assert!(claims(none), "{none}");
        }
        for some in [
            "s mip 1 1 o 0\ni 1 1\nj 1 1\ne o f\n",
            "Optimal - objective value 0.00000000\n      0 x      1     0\n",
            "SAT\n1 -2 0\n",
            "s SATISFIABLE\nv 1 -2 0\n",
            "x = 3;\n----------\n",
        ] {
            assert!(!claims(some), "{some}");
        }
        assert!(!claims_no_solution(&dir.path().join("missing")));
    }
}
