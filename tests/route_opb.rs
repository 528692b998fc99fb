//! The pseudo-Boolean route (`gridreduce::route::opb`): round trip and size formulas over every
//! shipped puzzle with a known solution, exact agreement with the brute force on small random
//! puzzles (0, 1 and many solutions), and minisat+ and clasp themselves on the written instances
//! when they are installed (`scripts/install-solvers.sh`); without them those tests print
//! `SKIPPED` and pass.

mod common;

use common::{SolutionKinds, brute_force, every_grid, small_puzzles};
use gridreduce::puzzle::Puzzle;
use gridreduce::reduce::harness::{round_trip, shipped_cases};
use gridreduce::reduce::{Problem, Reduction};
use gridreduce::route::opb::{OpbOptions, PuzzleToOpb, read_answer, write};
use std::path::{Path, PathBuf};
use std::process::Command;

fn build(p: &Puzzle) -> PuzzleToOpb {
    PuzzleToOpb::new(p, OpbOptions::default()).unwrap()
}

#[test]
fn round_trip_on_every_shipped_puzzle() {
    let cases = shipped_cases(|_| true);
    assert!(cases.len() > 900);
    for case in &cases {
        let r = build(&case.puzzle);
        round_trip(&r, &case.solution).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        // Every kind has its formula but `custom`, whose groups are the description itself.
        if case.puzzle.kind() != "custom" {
            assert!(!r.declared_sizes().is_empty(), "{}: no formula", case.name);
        }
    }
}

/// `extract` accepts exactly the witnesses of the brute force's solutions: each round-trips, each
/// one-cell change (and each single flipped variable) is refused, and on puzzles small enough the
/// witness of every grid of the domains is tried.
#[test]
fn extract_accepts_exactly_the_brute_force_solutions() {
    let (mut kinds, mut exhaustive) = (SolutionKinds::default(), 0);
    for (k, p) in small_puzzles(0x6f70_6201).iter().enumerate() {
        let want = brute_force(p);
        kinds.add(want.len());
        let r = build(p);
        let domain = p.structure().domain;
        for s in &want {
            round_trip(&r, s).unwrap_or_else(|e| panic!("case {k}: {e}"));
            for (cell, &d) in domain.iter().enumerate() {
                for v in (1..=d).filter(|&v| v != s.get(cell)) {
                    let mut bad = s.clone();
                    bad.set(cell, v);
                    let point = r.witness(&bad).unwrap();
                    assert!(
                        r.extract(&point).is_err(),
                        "case {k}: one-cell change accepted"
                    );
                }
            }
            let point = r.witness(s).unwrap();
            for i in 0..point.len() {
                let mut flipped = point.clone();
                flipped[i] = !flipped[i];
                assert!(
                    r.extract(&flipped).is_err(),
                    "case {k}: flipped x{} accepted",
                    i + 1
                );
            }
        }
        let space: f64 = domain.iter().map(|&d| d as f64).product();
        if space <= 200_000.0 {
            exhaustive += 1;
            let mut accepted = Vec::new();
            every_grid(&domain, p.rows(), p.cols(), |g| {
                if let Ok(back) = r.extract(&r.witness(g).unwrap()) {
                    accepted.push(back);
                }
            });
            accepted.sort_by(|a, b| a.cells().cmp(b.cells()));
            assert_eq!(accepted, want, "case {k}: accepted grids differ");
        }
    }
    assert!(kinds.fewest() > 0, "{kinds}");
    assert!(exhaustive >= 10, "only {exhaustive} exhaustive cases");
}

fn present(tool: &str) -> bool {
    // Neither tool has a version flag that exits 0 on every build; run it on an empty instance.
    let ok = Command::new(tool).arg("/dev/null").output().is_ok();
    if !ok {
        eprintln!("SKIPPED: {tool} not installed (scripts/install-solvers.sh installs it)");
    }
    ok
}

/// Writes the instance of `r` into `dir`, runs `tool EXTRA… name.opb` and saves its standard
/// output; the path of that answer file. (clasp exits 10/20 for SAT/UNSAT, so the exit code is not
/// checked; the answer's `s` line is.)
fn solve(dir: &Path, name: &str, r: &PuzzleToOpb, tool: &str, extra: &[&str]) -> PathBuf {
    let instance = dir.join(format!("{name}.opb"));
    let mut file = std::fs::File::create(&instance).unwrap();
    write(&mut file, r, name).unwrap();
    drop(file);
    let out = Command::new(tool)
        .args(extra)
        .arg(&instance)
        .output()
        .unwrap();
    let answer = dir.join(format!("{name}.{tool}.txt"));
    std::fs::write(&answer, &out.stdout).unwrap();
    answer
}

const TOOLS: [&str; 2] = ["minisat+", "clasp"];

#[test]
fn solvers_agree_with_the_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    for tool in TOOLS {
        if !present(tool) {
            continue;
        }
        for (k, p) in small_puzzles(0x6f70_6201).iter().enumerate().step_by(2) {
            let want = brute_force(p);
            let r = build(p);
            let answer = solve(dir.path(), &format!("case{k}"), &r, tool, &[]);
            match read_answer(&answer, &r) {
                Ok(point) => {
                    let grid = r.extract(&point).unwrap();
                    assert!(want.contains(&grid), "{tool} case {k}: not a solution");
                }
                Err(e) => {
                    assert!(want.is_empty(), "{tool} case {k}: {e}");
                    assert!(e.to_string().contains("UNSATISFIABLE"), "{e}");
                }
            }
            if tool == "clasp" {
                // `clasp -n 0` enumerates every model: one per solution.
                let all = solve(dir.path(), &format!("all{k}"), &r, tool, &["-n", "0"]);
                let text = std::fs::read_to_string(all).unwrap();
                let models = text
                    .lines()
                    .find_map(|l| l.strip_prefix("c Models"))
                    .and_then(|l| {
                        l.trim_start_matches([' ', ':'])
                            .trim()
                            .parse::<usize>()
                            .ok()
                    });
                assert_eq!(models, Some(want.len()), "clasp case {k}: model count");
            }
        }
    }
}

/// Shipped 9×9 Sudoku and Suguru puzzles through minisat+ and clasp, decoded to their known
/// solutions.
#[test]
fn solvers_solve_shipped_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let cases = shipped_cases(|p| p.rows() == 9 || p.kind() == "suguru");
    let picks = [
        "norvig_top95.txt#1",
        "gecode_9x9_18.txt#3",
        "backtrack-180.txt#1",
    ];
    let picks: Vec<_> = picks
        .iter()
        .map(|pick| cases.iter().find(|c| c.name.ends_with(pick)).unwrap())
        .chain(cases.iter().rev().take(1))
        .collect();
    for tool in TOOLS {
        if !present(tool) {
            continue;
        }
        for (k, case) in picks.iter().enumerate() {
            let r = build(&case.puzzle);
            let answer = solve(dir.path(), &format!("shipped{k}"), &r, tool, &[]);
            let point = read_answer(&answer, &r).unwrap_or_else(|e| panic!("{tool}: {e}"));
            assert_eq!(
                r.extract(&point).unwrap(),
                case.solution,
                "{tool} {}",
                case.name
            );
        }
    }
}

#[test]
fn bad_answers_from_the_real_tools_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases = shipped_cases(|p| p.rows() == 9);
    let (a, b) = (&cases[0], &cases[1]);
    let (ra, rb) = (build(&a.puzzle), build(&b.puzzle));
    for tool in TOOLS {
        if !present(tool) {
            continue;
        }
        let answer = solve(dir.path(), "a", &ra, tool, &[]);
        // Foreign: the answer for another 9×9 reads (same variables) but breaks a given.
        let point = read_answer(&answer, &rb).unwrap();
        let e = rb.extract(&point).unwrap_err().to_string();
        assert!(
            e.contains("violates constraint") && !e.contains('\n'),
            "{tool}: {e}"
        );
        // Truncated: the answer cut in the middle of its model.
        let text = std::fs::read_to_string(&answer).unwrap();
        let cut_at = text.find(" x3").unwrap_or(text.len() / 2);
        let cut = dir.path().join(format!("cut.{tool}.txt"));
        std::fs::write(&cut, &text[..cut_at]).unwrap();
        let e = read_answer(&cut, &ra).unwrap_err().to_string();
        assert!(
            e.contains(&format!("cut.{tool}.txt:")) && !e.contains('\n'),
            "{tool}: {e}"
        );
        // Unsatisfiable: two equal givens in a row.
        let mut g = a.puzzle.givens().clone();
        let v = a.solution.get(0);
        g.set(0, v);
        g.set(1, v);
        let p = gridreduce::puzzle::Sudoku::new(gridreduce::puzzle::BlockLayout::boxes(3, 3), g)
            .unwrap()
            .into();
        let r = build(&p);
        let answer = solve(dir.path(), "unsat", &r, tool, &[]);
        let e = read_answer(&answer, &r).unwrap_err().to_string();
        assert!(
            e.contains("UNSATISFIABLE") && !e.contains('\n'),
            "{tool}: {e}"
        );
        // A model that breaks a rule is refused by extract and by the instance's check.
        let mut point = read_answer(&solve(dir.path(), "a2", &ra, tool, &[]), &ra).unwrap();
        point[0] = !point[0];
        assert!(ra.target().check(&point).is_err());
        assert!(ra.extract(&point).is_err());
    }
}

/// Every puzzle of norvig_top95 and of the 180 Suguru through minisat+ and clasp, each decoded to
/// its known solution, with the wall time of each solver run summed up per set: the numbers of
/// docs/target-opb.md.
#[test]
#[ignore = "minutes: cargo test --release --test route_opb -- --ignored --nocapture"]
fn solvers_on_whole_shipped_sets() {
    let dir = tempfile::tempdir().unwrap();
    let all = shipped_cases(|_| true);
    for tool in TOOLS {
        if !present(tool) {
            continue;
        }
        for set in ["sudoku/norvig_top95.txt", "suguru/backtrack-180.txt"] {
            let cases: Vec<_> = all.iter().filter(|c| c.name.starts_with(set)).collect();
            let mut times = Vec::new();
            for (k, case) in cases.iter().enumerate() {
                let r = build(&case.puzzle);
                let start = std::time::Instant::now();
                let answer = solve(dir.path(), &format!("m{k}"), &r, tool, &[]);
                times.push(start.elapsed().as_secs_f64());
                let point = read_answer(&answer, &r).unwrap_or_else(|e| panic!("{tool}: {e}"));
                assert_eq!(r.extract(&point).unwrap(), case.solution, "{}", case.name);
            }
            times.sort_by(f64::total_cmp);
            let total: f64 = times.iter().sum();
            println!(
                "{set}: {} puzzles, {tool}: total {total:.2} s, mean {:.3} s, median {:.3} s, max {:.3} s",
                times.len(),
                total / times.len() as f64,
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
    }
}
