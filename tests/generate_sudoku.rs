//! Generated few-clue Sudoku: unique by the independent Algorithm X route, minimal (no clue can be
//! removed), at or below the target, the solution verifies, and the same seed gives the same file.

mod common;

use common::{assert_exit, gridreduce, ok, text};
use gridreduce::cover::{self, PuzzleToCover};
use gridreduce::generate::sudoku::{Config, Order, SEARCH_FIRST_NODES, generate};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::Reduction;

fn count_by_cover(p: &Puzzle) -> usize {
    cover::solutions(PuzzleToCover::new(p).target(), Some(2)).len()
}

#[test]
fn generated_sudoku_are_unique_minimal_and_verify() {
    for (n, target, seed) in [(4, 5, 1), (6, 10, 2), (9, 25, 3), (9, 22, 4)] {
        let config = Config::new(n, target, seed);
        for i in 0..2 {
            let g = generate(&config, i).unwrap();
            let p = Puzzle::Sudoku(g.puzzle.clone());
            assert!(p.clues() <= target, "{n}: {} clues", p.clues());
            assert!(p.verify(&g.solution).is_empty());
            assert_eq!(count_by_cover(&p), 1, "{n}#{i}: not unique");
            // Minimal: removing any clue makes it ambiguous.
            for c in 0..p.givens().len() {
                if p.givens().get(c) == 0 {
                    continue;
                }
                let mut fewer = p.givens().clone();
                fewer.set(c, 0);
                let q = Puzzle::Sudoku(Sudoku::new(g.puzzle.layout().clone(), fewer).unwrap());
                assert_eq!(count_by_cover(&q), 2, "{n}#{i}: clue {c} is redundant");
            }
            assert_eq!(g.tries, g.minimal_clues.len());
            assert!(g.minimal_clues.last() == Some(&p.clues()));
        }
    }
}

/// The walk may move to another grid: the reported solution must be the puzzle's only solution.
fn check_unique(g: &gridreduce::generate::sudoku::Generated) {
    let p = Puzzle::Sudoku(g.puzzle.clone());
    assert!(p.verify(&g.solution).is_empty());
    let found = cover::solutions(PuzzleToCover::new(&p).target(), Some(2));
    assert_eq!(found.len(), 1, "not unique");
}

/// An 18-clue 9×9 puzzle (the measured setting of `docs/algorithms.md`: about a minute in
/// release; run with `cargo test --release --test generate_sudoku -- --ignored`).
#[test]
#[ignore]
fn eighteen_clues() {
    let mut config = Config::new(9, 18, 1);
    config.swaps = 2000;
    let g = generate(&config, 0).unwrap();
    assert!(g.puzzle.givens().filled() <= 18);
    check_unique(&g);
}

#[test]
fn walk_reaches_twenty_one_and_stays_unique() {
    let g = generate(&Config::new(9, 21, 7), 0).unwrap();
    assert!(g.puzzle.givens().filled() <= 21);
    check_unique(&g);
}

#[test]
fn random_order_works_too() {
    let mut config = Config::new(9, 30, 5);
    config.order = Order::Random;
    let g = generate(&config, 0).unwrap();
    assert_eq!(count_by_cover(&Puzzle::Sudoku(g.puzzle)), 1);
}

/// `gridreduce generate sudoku ARGS`, failing the test with its stderr if it fails.
fn generate_sudoku(args: &[&str]) -> std::process::Output {
    let run = gridreduce(&[&["generate", "sudoku"], args].concat());
    ok(&run);
    run
}

#[test]
fn same_seed_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for name in ["a", "b"] {
        let out = dir.path().join(format!("{name}.txt"));
        let sol = dir.path().join(format!("{name}.sol.txt"));
        generate_sudoku(&[
            "--n",
            "9",
            "--target-clues",
            "26",
            "--count",
            "2",
            "--seed",
            "8",
            "-o",
            out.to_str().unwrap(),
            "--solutions",
            sol.to_str().unwrap(),
        ]);
        files.push((std::fs::read(&out).unwrap(), out, sol));
    }
    assert_eq!(files[0].0, files[1].0);
    let verify = gridreduce(&[
        "verify",
        files[0].1.to_str().unwrap(),
        "--solution",
        files[0].2.to_str().unwrap(),
    ]);
    assert!(verify.status.success(), "{}", text(&verify.stdout));
}

/// A 16×16 puzzle, whose uniqueness checks the search answers with the pair rules
/// (docs/algorithms.md, "Pairs"): they may only make the checks faster, so the file must be
/// byte for byte the one the generator wrote without them (tests/data/generate16-seed5.txt, written
/// by the release binary of commit 24502b8 with the same arguments), and its puzzle unique.
#[test]
fn a_16x16_puzzle_is_the_same_with_the_pair_rules() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g16.txt");
    generate_sudoku(&[
        "--n",
        "16",
        "--target-clues",
        "300",
        "--swaps",
        "0",
        "--count",
        "1",
        "--seed",
        "5",
        "-o",
        out.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&out).unwrap();
    let golden = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generate16-seed5.txt"),
    )
    .unwrap();
    assert_eq!(written, golden);
    let puzzles =
        gridreduce::formats::collection::read_collection(&out, &Default::default()).unwrap();
    let p = puzzles.entries.into_iter().next().unwrap().unwrap().puzzle;
    assert_eq!(count_by_cover(&p), 1);
}

/// Above 16×16 a uniqueness check goes to the search for a few branch nodes, then to SAT
/// (`Config::search_first_nodes`). Both are exact, so which one answered must not change the
/// puzzle: every check to SAT (0) and the default (all but 23 of the checks answered by the search)
/// give the same 20×20 puzzle. With `stop_at_target` it has exactly the target's clue count (the
/// pass stops there, not minimal), its solution verifies, and it is unique for the shape solver
/// (the blank formula under assumptions, no simplification, no portfolio), which no check used.
/// The pass stops at 42.5 % given, where many removals fail, so the two runs part ways if either
/// engine is wrong about a count. (Every check to the search, `u64::MAX`, gives the same puzzle
/// too, in 27 s of a debug build; Algorithm X takes 4.5 minutes there to confirm uniqueness.)
/// A check limit above what any check takes gives the same puzzle as none.
#[test]
fn a_20x20_puzzle_stops_at_the_target_and_does_not_depend_on_the_engine() {
    let target = 170;
    let puzzles: Vec<_> = [
        (0, None),
        (SEARCH_FIRST_NODES, None),
        (SEARCH_FIRST_NODES, Some(1 << 30)),
    ]
    .into_iter()
    .map(|(nodes, check_limit)| {
        let mut config = Config::new(20, target, 3);
        config.stop_at_target = true;
        config.search_first_nodes = nodes;
        config.check_limit = check_limit;
        generate(&config, 0).unwrap()
    })
    .collect();
    let [by_sat, by_default, within_checks] = &puzzles[..] else {
        unreachable!("three runs")
    };
    assert_eq!(by_default.puzzle.givens(), by_sat.puzzle.givens());
    assert_eq!(by_default.solution, by_sat.solution);
    // A check limit that no check reaches changes nothing (its SAT calls take the other path).
    assert_eq!(within_checks.puzzle.givens(), by_sat.puzzle.givens());
    assert_eq!(within_checks.undecided, 0);
    assert_eq!(by_sat.puzzle.givens().filled(), target);
    assert_eq!(by_sat.minimal_clues, vec![target]);
    assert_unique_by_shape_solver(by_sat);
}

/// The generated puzzle's solution verifies and is its only one for the shape solver (the blank
/// formula under assumptions, no simplification, no portfolio), which no generator check uses.
fn assert_unique_by_shape_solver(g: &gridreduce::generate::sudoku::Generated) {
    let p = Puzzle::Sudoku(g.puzzle.clone());
    assert!(p.verify(&g.solution).is_empty());
    let found = gridreduce::sat::ShapeSolver::new(&p)
        .unwrap()
        .solutions(&p, 2)
        .unwrap();
    assert_eq!(found, vec![g.solution.clone()], "not unique");
}

/// `--stop-at-target` on the command line: the file's header records it (a file says how it was
/// made), the puzzle has exactly the target's clue count, and the statistics line says the counts
/// are where each pass ended, not of minimal puzzles.
#[test]
fn stop_at_target_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g20.txt");
    let run = generate_sudoku(&[
        "--n",
        "20",
        "--target-clues",
        "300",
        "--stop-at-target",
        "--seed",
        "2",
        "-o",
        out.to_str().unwrap(),
    ]);
    let file = std::fs::read_to_string(&out).unwrap();
    let mut lines = file.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with('#') && header.ends_with(" --stop-at-target"),
        "{header}"
    );
    let puzzle = lines.next().unwrap();
    assert_eq!(lines.next(), None);
    // One character a cell up to 35×35, '.' for a blank.
    assert_eq!(puzzle.chars().count(), 400);
    let clues = puzzle.chars().filter(|&c| c != '.').count();
    assert_eq!(clues, 300, "{puzzle}");
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("clues at the end of every try's removal pass: 300:1"),
        "{stderr}"
    );
}

/// With a check limit too small for any SAT check to finish (one solver check), every check the
/// search leaves undecided keeps its clue. The puzzle is still unique (for the shape solver, which
/// no check used; taking an undecided check for "unique" fails here). With the pass ending after
/// three undecided checks in a row, it ends before it has tried each of the 400 clues (the
/// default, 25 in a row, does not happen on this 20×20: the search answers every few checks).
/// (Target 400: any puzzle meets it, so the try ends where the pass does, with no walk.)
#[test]
fn a_check_limit_keeps_the_clues_it_cannot_decide() {
    let mut config = Config::new(20, 400, 3);
    config.check_limit = Some(1);
    config.undecided_in_a_row = 3;
    let g = generate(&config, 0).unwrap();
    assert_unique_by_shape_solver(&g);
    assert!(g.undecided >= 3, "{} undecided", g.undecided);
    assert!(
        g.checks < 400,
        "{} checks: the pass tried every clue",
        g.checks
    );
}

/// `--check-limit` on the command line: the header records it, the statistics say how many checks
/// ran out of it, and up to 16×16 (where no check goes to SAT, so the limit would do nothing) it
/// is refused with one line and exit code 2, nothing written.
#[test]
fn check_limit_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g20.txt");
    let out_arg = out.to_str().unwrap();
    let refused = gridreduce(&[
        "generate",
        "sudoku",
        "--n",
        "16",
        "--check-limit",
        "1000",
        "-o",
        out_arg,
    ]);
    assert_exit(&refused, 2, "--check-limit at 16x16");
    let stderr = text(&refused.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--check-limit"), "{stderr}");
    assert!(!out.exists());
    let run = generate_sudoku(&[
        "--n",
        "20",
        "--target-clues",
        "400",
        "--swaps",
        "0",
        "--check-limit",
        "1",
        "--seed",
        "3",
        "-o",
        out_arg,
    ]);
    let file = std::fs::read_to_string(&out).unwrap();
    let header = file.lines().next().unwrap();
    assert!(header.ends_with(" --check-limit 1"), "{header}");
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("111 uniqueness checks ran out of --check-limit 1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("clues at the end of every try's removal pass: 161:1"),
        "{stderr}"
    );
}
