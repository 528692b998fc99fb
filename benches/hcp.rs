//! Hamiltonian-cycle chain benchmarks: blank N×N Sudoku through to the contracted graph (target
//! N = 64 under 10 s and 2 GB), the whole chain and the solve of single 9×9 puzzles, and the
//! enumeration of the 288 grids of the blank 4×4. Run: `cargo bench --bench hcp`. The peak resident
//! memory of the whole run (dominated by N = 64) is printed at the end.

use gridreduce::hcp::chain::{HcpOptions, Stage, build};
use gridreduce::hcp::solve::{SolveOptions, grids};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::harness::shipped_cases;

fn main() {
    divan::main();
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM"))
    {
        println!("peak memory of the benchmark process: {}", line.trim());
    }
}

fn contracted() -> HcpOptions {
    HcpOptions {
        stage: Stage::Contracted,
        trim: true,
        clues: true,
        share: true,
        canonical: false,
    }
}

/// Blank N×N through layered, clues, undirect, trim, contract.
#[divan::bench(args = [16, 25, 36, 49, 64], sample_count = 3, sample_size = 1)]
fn blank_to_contracted(n: usize) -> u32 {
    let puzzle = Puzzle::from(Sudoku::blank(n));
    build(&puzzle, &contracted()).unwrap().vertices()
}

/// Blank N×N, directed graph only.
#[divan::bench(args = [16, 25, 36, 49, 64], sample_count = 3, sample_size = 1)]
fn blank_directed(n: usize) -> u32 {
    let puzzle = Puzzle::from(Sudoku::blank(n));
    let opts = HcpOptions {
        stage: Stage::Directed,
        trim: false,
        clues: true,
        share: true,
        canonical: false,
    };
    build(&puzzle, &opts).unwrap().vertices()
}

fn royle_first() -> Puzzle {
    gridreduce::reduce::harness::shipped_puzzles("sudoku/royle17.txt").swap_remove(0)
}

/// The whole chain (to contracted) for Royle's first 17-clue puzzle.
#[divan::bench(sample_count = 20)]
fn royle17_first_chain(bencher: divan::Bencher) {
    let puzzle = royle_first();
    bencher.bench(|| build(&puzzle, &contracted()).unwrap().vertices());
}

/// Solve Royle's first 17-clue puzzle through the contracted graph (one grid, then the proof that
/// there is no other).
#[divan::bench(sample_count = 5)]
fn royle17_first_solve_unique(bencher: divan::Bencher) {
    let puzzle = royle_first();
    bencher.bench(|| {
        grids(&puzzle, &contracted(), 2, &SolveOptions::default())
            .unwrap()
            .grids
            .len()
    });
}

/// Solve the first `norvig_top95` puzzle at each stage (first grid only).
#[divan::bench(args = ["directed", "undirected", "trimmed", "contracted"], sample_count = 5)]
fn top95_first_solve(bencher: divan::Bencher, stage: &str) {
    let case = shipped_cases(|p| p.rows() == 9)
        .into_iter()
        .find(|c| c.name.contains("top95"))
        .unwrap();
    let opts = HcpOptions::from_stage_name(stage, false).unwrap();
    bencher.bench(|| {
        grids(&case.puzzle, &opts, 1, &SolveOptions::default())
            .unwrap()
            .grids
            .len()
    });
}

/// All 288 grids of the blank 4×4 through the contracted graph.
#[divan::bench(sample_count = 5)]
fn blank4_all_grids() -> usize {
    let puzzle = Puzzle::from(Sudoku::blank(4));
    grids(&puzzle, &contracted(), usize::MAX, &SolveOptions::default())
        .unwrap()
        .grids
        .len()
}
