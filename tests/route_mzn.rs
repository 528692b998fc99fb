//! The MiniZinc route (`gridreduce::route::mzn`): round trip and size formulas over every shipped
//! puzzle with a known solution, exact agreement with the brute force on small random puzzles
//! (0, 1 and many solutions), and MiniZinc + Gecode itself on the written models when it is
//! installed (`scripts/install-solvers.sh`); without it those tests print `SKIPPED` and pass.

mod common;

use common::{SolutionKinds, brute_force, every_grid, small_puzzles};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::{round_trip, shipped_cases};
use gridreduce::reduce::{Problem, Reduction};
use gridreduce::route::mzn::{MznOptions, PuzzleToMzn, parse_answer, read_answer, write};
use std::path::Path;
use std::process::Command;

fn build(p: &Puzzle) -> PuzzleToMzn {
    PuzzleToMzn::new(p, MznOptions::default()).unwrap()
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

/// `extract` accepts exactly the brute force's solutions: every one round-trips, every one-cell
/// change of one is refused, and on puzzles small enough every grid of the domains is tried.
#[test]
fn extract_accepts_exactly_the_brute_force_solutions() {
    let (mut kinds, mut exhaustive) = (SolutionKinds::default(), 0);
    for (k, p) in small_puzzles(0x6d7a_6e01).iter().enumerate() {
        let want = brute_force(p);
        kinds.add(want.len());
        let r = build(p);
        for s in &want {
            round_trip(&r, s).unwrap_or_else(|e| panic!("case {k}: {e}"));
            for cell in 0..s.len() {
                for v in 1..=r.target().domain[cell] {
                    if v == s.get(cell) {
                        continue;
                    }
                    let mut bad = s.cells().to_vec();
                    bad[cell] = v;
                    assert!(
                        r.extract(&bad).is_err(),
                        "case {k}: one-cell change accepted"
                    );
                }
            }
        }
        let domain = &r.target().domain;
        let space: f64 = domain.iter().map(|&d| d as f64).product();
        if space <= 200_000.0 {
            exhaustive += 1;
            let mut accepted = Vec::new();
            every_grid(domain, p.rows(), p.cols(), |g| {
                if let Ok(back) = r.extract(&g.cells().to_vec()) {
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

fn minizinc_present() -> bool {
    let present = Command::new("minizinc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !present {
        eprintln!("SKIPPED: minizinc not installed (scripts/install-solvers.sh installs it)");
    }
    present
}

/// Writes the model of `p` into `dir` and runs `minizinc --solver gecode EXTRA… model.mzn`; the
/// path of its standard output, saved as a file.
fn solve(dir: &Path, name: &str, r: &PuzzleToMzn, extra: &[&str]) -> std::path::PathBuf {
    let model = dir.join(format!("{name}.mzn"));
    let mut file = std::fs::File::create(&model).unwrap();
    write(&mut file, r, name).unwrap();
    drop(file);
    let out = Command::new("minizinc")
        .args(["--solver", "gecode"])
        .args(extra)
        .arg(&model)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "minizinc failed on {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = dir.join(format!("{name}{}.txt", extra.join("")));
    std::fs::write(&answer, &out.stdout).unwrap();
    answer
}

#[test]
fn gecode_agrees_with_the_brute_force() {
    if !minizinc_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (k, p) in small_puzzles(0x6d7a_6e01).iter().enumerate().step_by(2) {
        let want = brute_force(p);
        let r = build(p);
        let answer = solve(dir.path(), &format!("case{k}"), &r, &["-a"]);
        let text = std::fs::read_to_string(&answer).unwrap();
        if want.is_empty() {
            let e = read_answer(&answer, &r).unwrap_err().to_string();
            assert!(e.contains("UNSATISFIABLE"), "case {k}: {e}");
            continue;
        }
        // `-a` prints every solution, each ended by `----------`.
        let mut got: Vec<Grid> = text
            .split_inclusive("----------\n")
            .filter(|chunk| chunk.contains("----------"))
            .map(|chunk| {
                r.extract(&parse_answer(chunk.as_bytes(), &r).unwrap())
                    .unwrap()
            })
            .collect();
        got.sort_by(|a, b| a.cells().cmp(b.cells()));
        assert_eq!(got, want, "case {k}: Gecode's solutions differ");
    }
}

/// Shipped 9×9 Sudoku and Suguru puzzles through MiniZinc + Gecode, in both output modes, decoded
/// to their known solutions.
#[test]
fn gecode_solves_shipped_puzzles() {
    if !minizinc_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = shipped_cases(|p| p.rows() == 9 || p.kind() == "suguru");
    let picks = [
        "norvig_top95.txt#1",
        "gecode_9x9_18.txt#3",
        "backtrack-180.txt#1",
    ];
    let picks = picks.iter().map(|pick| {
        cases
            .iter()
            .find(|c| c.name.ends_with(pick))
            .unwrap_or_else(|| panic!("{pick} not shipped"))
    });
    for (k, case) in picks.chain(cases.iter().rev().take(1)).enumerate() {
        let r = build(&case.puzzle);
        for mode in [&[][..], &["--output-mode", "json"][..]] {
            let answer = solve(dir.path(), &format!("shipped{k}"), &r, mode);
            let values = read_answer(&answer, &r).unwrap_or_else(|e| panic!("{e}"));
            let grid = r.extract(&values).unwrap();
            assert_eq!(grid, case.solution, "{} {mode:?}", case.name);
        }
    }
}

#[test]
fn bad_answers_from_the_real_tool_are_one_line_errors() {
    if !minizinc_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cases = shipped_cases(|p| p.rows() == 9);
    let (a, b) = (&cases[0], &cases[1]);
    let ra = build(&a.puzzle);
    let rb = build(&b.puzzle);
    let answer = solve(dir.path(), "a", &ra, &[]);
    // Foreign: the answer for another puzzle of the same size.
    let e = read_answer(&answer, &rb).unwrap_err().to_string();
    assert!(e.contains("another model") && !e.contains('\n'), "{e}");
    // Truncated: the first 4 lines only.
    let text = std::fs::read_to_string(&answer).unwrap();
    let cut = dir.path().join("cut.txt");
    std::fs::write(&cut, text.lines().take(4).collect::<Vec<_>>().join("\n")).unwrap();
    let e = read_answer(&cut, &ra).unwrap_err().to_string();
    assert!(e.contains("cut.txt:4") && e.contains("truncated"), "{e}");
    // Unsatisfiable: a puzzle with two equal givens in a row.
    let mut g = a.puzzle.givens().clone();
    let v = a.solution.get(0);
    g.set(0, v);
    g.set(1, v);
    let p = gridreduce::puzzle::Sudoku::new(gridreduce::puzzle::BlockLayout::boxes(3, 3), g)
        .unwrap()
        .into();
    let r = build(&p);
    let answer = solve(dir.path(), "unsat", &r, &[]);
    let e = read_answer(&answer, &r).unwrap_err().to_string();
    assert!(
        e.contains("unsat.txt:1") && e.contains("UNSATISFIABLE"),
        "{e}"
    );
    // A valid-looking answer that breaks a rule is refused by extract.
    let mut values = read_answer(&solve(dir.path(), "a2", &ra, &[]), &ra).unwrap();
    values.swap(0, 9);
    assert!(ra.target().check(&values).is_err());
    assert!(ra.extract(&values).is_err());
}

/// Every puzzle of norvig_top95 and of the 180 Suguru through MiniZinc + Gecode (`-s`), each
/// decoded to its known solution, with the wall time of each `minizinc` run and MiniZinc's own
/// `flatTime` and Gecode's `solveTime` summed up per set: the numbers of docs/target-mzn.md.
#[test]
#[ignore = "minutes: cargo test --release --test route_mzn -- --ignored --nocapture"]
fn gecode_on_whole_shipped_sets() {
    if !minizinc_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let all = shipped_cases(|_| true);
    // The value of a `%%%mzn-stat: key=value` statistics line of the answer (0 when absent).
    let stat = |text: &str, key: &str| -> f64 {
        let prefix = format!("%%%mzn-stat: {key}=");
        text.lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0.0)
    };
    for set in ["sudoku/norvig_top95.txt", "suguru/backtrack-180.txt"] {
        let cases: Vec<_> = all.iter().filter(|c| c.name.starts_with(set)).collect();
        let (mut times, mut flat, mut search) = (Vec::new(), 0.0, 0.0);
        for (k, case) in cases.iter().enumerate() {
            let r = build(&case.puzzle);
            let start = std::time::Instant::now();
            let answer = solve(dir.path(), &format!("m{k}"), &r, &["-s"]);
            times.push(start.elapsed().as_secs_f64());
            let text = std::fs::read_to_string(&answer).unwrap();
            flat += stat(&text, "flatTime");
            search += stat(&text, "solveTime");
            let grid = r.extract(&read_answer(&answer, &r).unwrap()).unwrap();
            assert_eq!(grid, case.solution, "{}", case.name);
        }
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        println!(
            "{set}: {} puzzles, minizinc --solver gecode: wall total {total:.2} s, mean {:.3} s, median {:.3} s, max {:.3} s; flatTime total {flat:.2} s, Gecode solveTime total {search:.3} s",
            times.len(),
            total / times.len() as f64,
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
