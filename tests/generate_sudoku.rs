//! Generated few-clue Sudoku: unique by the independent Algorithm X route, minimal (no clue can be
//! removed), at or below the target, the solution verifies, and the same seed gives the same file.

mod common;

use assert_cmd::Command;
use common::{gridreduce, ok};
use gridreduce::cover::{self, PuzzleToCover};
use gridreduce::generate::sudoku::{Config, Order, generate};
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
fn generate_sudoku(args: &[&str]) {
    ok(&gridreduce(&[&["generate", "sudoku"], args].concat()));
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
    let verify = Command::cargo_bin("gridreduce")
        .unwrap()
        .arg("verify")
        .arg(&files[0].1)
        .arg("--solution")
        .arg(&files[0].2)
        .output()
        .unwrap();
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
}

/// A 16×16 puzzle, whose uniqueness checks the search answers with the pair rules since session 22
/// (docs/algorithms.md, "Pairs"): they may only make the checks faster, so the file must be
/// byte for byte the one the generator wrote before them (tests/data/generate16-seed5.txt, written
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
