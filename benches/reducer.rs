//! The `reduced` stage (puzzle singles as removed arcs, forced edges, contraction) against the
//! paper's contraction: building one 17-clue puzzle's graph at each stage, the `stats` row (which
//! builds the graph once and runs both), blank grids (no deductions: the forced-edge propagation
//! alone), and solving through each stage. Run: `cargo bench --bench reducer`.

use gridreduce::hcp::chain::{HcpOptions, Stage, build, stats};
use gridreduce::hcp::solve::{SolveOptions, grids};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::harness::shipped_puzzles;

fn main() {
    divan::main();
}

fn opts(stage: Stage) -> HcpOptions {
    HcpOptions {
        stage,
        trim: false,
        clues: true,
        share: true,
        canonical: false,
    }
}

fn stage(name: &str) -> Stage {
    HcpOptions::from_stage_name(name, false).unwrap().stage
}

fn puzzles(rel: &str, take: usize) -> Vec<Puzzle> {
    let mut all = shipped_puzzles(rel);
    all.truncate(take);
    all
}

/// Royle's first 17-clue puzzle, whole chain to each stage.
#[divan::bench(args = ["contracted", "reduced"], sample_count = 20)]
fn royle17_first_chain(bencher: divan::Bencher, name: &str) {
    let puzzle = puzzles("sudoku/royle17.txt", 1).remove(0);
    let o = opts(stage(name));
    bencher.bench(|| build(&puzzle, &o).unwrap().vertices());
}

/// The `stats` row of one puzzle (graph built once; contraction and reducer both run), over the
/// first 100 puzzles of the 49,158 list; against building to the contracted stage only.
#[divan::bench(args = ["contracted only", "stats row"], sample_count = 5)]
fn sudoku17_first100(bencher: divan::Bencher, what: &str) {
    let list = puzzles("sudoku/sudoku17_complete_49158.txt", 100);
    let o = opts(Stage::Contracted);
    bencher.bench(|| {
        list.iter()
            .map(|p| {
                if what == "stats row" {
                    stats(p, false).unwrap().reduced_vertices.unwrap_or(0)
                } else {
                    build(p, &o).unwrap().vertices() as u64
                }
            })
            .sum::<u64>()
    });
}

/// Blank N×N to the reduced stage (nothing deduced: forced edges on Haythorpe's graph alone).
#[divan::bench(args = [16, 25, 36], sample_count = 3, sample_size = 1)]
fn blank_to_reduced(n: usize) -> u32 {
    let puzzle = Puzzle::from(Sudoku::blank(n));
    build(&puzzle, &opts(Stage::Reduced)).unwrap().vertices()
}

/// Solve the first `norvig_top95` puzzle (first grid and the proof that it is unique) through
/// the contracted and the reduced graph.
#[divan::bench(args = ["contracted", "reduced"], sample_count = 5)]
fn top95_first_solve_unique(bencher: divan::Bencher, name: &str) {
    let puzzle = puzzles("sudoku/norvig_top95.txt", 1).remove(0);
    let o = opts(stage(name));
    bencher.bench(|| {
        grids(&puzzle, &o, 2, &SolveOptions::default())
            .unwrap()
            .grids
            .len()
    });
}
