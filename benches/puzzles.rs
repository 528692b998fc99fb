//! Foundation benchmarks: reading collections, verifying solutions, the exact-cover route.
//! Run: `cargo bench --bench puzzles`. Figures are in docs/performance.md.

use gridreduce::formats::collection::{ReadOptions, read_collection};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::{data_dir, shipped_entries};
use gridreduce::solvers::{Route, solutions};

fn main() {
    divan::main();
}

fn load(rel: &str) -> Vec<(Puzzle, Option<Grid>)> {
    shipped_entries(rel)
        .into_iter()
        .map(|e| (e.puzzle, e.solution))
        .collect()
}

/// Reading and parsing the 49,151 puzzles of Royle's list.
#[divan::bench(sample_count = 5)]
fn read_royle17() -> usize {
    read_collection(
        &data_dir().join("sudoku/royle17.txt"),
        &ReadOptions::default(),
    )
    .unwrap()
    .entries
    .len()
}

/// Verifying all 180 Suguru solutions (the paper's verifier: 0.014–0.039 ms each).
#[divan::bench]
fn verify_suguru_180(bencher: divan::Bencher) {
    let cases = load("suguru/backtrack-180.txt");
    bencher.bench(|| {
        cases
            .iter()
            .filter(|(p, s)| p.verify(s.as_ref().unwrap()).is_empty())
            .count()
    });
}

/// Verifying the 95 top95 solutions (9×9).
#[divan::bench]
fn verify_sudoku_top95(bencher: divan::Bencher) {
    let cases = load("sudoku/norvig_top95.txt");
    bencher.bench(|| {
        cases
            .iter()
            .filter(|(p, s)| p.verify(s.as_ref().unwrap()).is_empty())
            .count()
    });
}

/// Exact cover + Algorithm X uniqueness check (limit 2) on the 180 Suguru.
#[divan::bench(sample_count = 5)]
fn cover_count_suguru_180(bencher: divan::Bencher) {
    let cases = load("suguru/backtrack-180.txt");
    bencher.bench(|| {
        cases
            .iter()
            .map(|(p, _)| solutions(p, Route::Cover, 2).unwrap().len())
            .sum::<usize>()
    });
}
