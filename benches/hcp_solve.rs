//! The built-in Hamiltonian-cycle solver on issue 8's instances (docs/hcp-solver.md): single 9×9
//! puzzles through the whole chain at the directed, contracted and reduced stage (the first of
//! each 9×9 set and Royle's #1), one 16×16 and one 25×25 at the reduced stage (the one `--via hcp`
//! solves), the FHCP graphs and alb1000, and the enumeration of the 288 grids of the blank 4×4. Run: `cargo bench --bench hcp_solve`.
//! The whole-set table (median and maximum over every puzzle) is `tests/hcp_targets.rs`.

use gridreduce::formats::collection::{ReadOptions, read_collection};
use gridreduce::formats::graphs::{Instance, read_graph};
use gridreduce::hcp::chain::{HcpOptions, Stage, build};
use gridreduce::hcp::solve::{HcSolver, SolveOptions, chain_grids};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::harness::data_dir;

fn main() {
    divan::main();
}

fn first(file: &str) -> Puzzle {
    let path = data_dir().join("sudoku").join(file);
    read_collection(&path, &ReadOptions::default())
        .unwrap()
        .entries
        .into_iter()
        .next()
        .unwrap()
        .unwrap()
        .puzzle
}

fn stage(stage: Stage) -> HcpOptions {
    HcpOptions {
        stage,
        trim: false,
        clues: true,
        share: true,
        canonical: false,
    }
}

/// Puzzle → chain → first Hamiltonian cycle → grid.
fn solve_one(puzzle: &Puzzle, opts: &HcpOptions) -> usize {
    let chain = build(puzzle, opts).unwrap();
    chain_grids(&chain, 1, &SolveOptions::default())
        .unwrap()
        .grids
        .len()
}

const SETS: &[&str] = &[
    "norvig_easy50.txt",
    "norvig_top95.txt",
    "forum_hardest_1106.txt",
    "sudoku17_complete_49158.txt",
];

/// `STAGE`: 0 directed, 1 contracted, 2 reduced.
#[divan::bench(args = SETS, consts = [0, 1, 2], sample_count = 10, sample_size = 1)]
fn sudoku9_first<const STAGE: usize>(bencher: divan::Bencher, file: &str) {
    let puzzle = first(file);
    let opts = stage([Stage::Directed, Stage::Contracted, Stage::Reduced][STAGE]);
    bencher.bench(|| solve_one(&puzzle, &opts));
}

#[divan::bench(args = ["sudoku16_vu_kr_100.txt", "sudoku25_gecode_frisch_16.txt"], sample_count = 3, sample_size = 1)]
fn large_first(bencher: divan::Bencher, file: &str) {
    let puzzle = first(file);
    let opts = stage(Stage::Reduced);
    bencher.bench(|| solve_one(&puzzle, &opts));
}

const GRAPHS: &[&str] = &[
    "fhcp/graph1.hcp",
    "fhcp/graph2.hcp",
    "fhcp/graph3.hcp",
    "fhcp/graph4.hcp",
    "fhcp/graph5.hcp",
    "fhcp/graph6.hcp",
    "fhcp/graph7.hcp",
    "fhcp/graph8.hcp",
    "tsplib/alb1000.hcp",
];

#[divan::bench(args = GRAPHS, sample_count = 5, sample_size = 1)]
fn graph_file(bencher: divan::Bencher, file: &str) {
    let graph = read_graph(&data_dir().join("hcp").join(file), None).unwrap();
    bencher.bench(|| {
        let mut s = match &graph.instance {
            Instance::Undirected(g) => HcSolver::graph(g),
            Instance::Directed(d) => HcSolver::digraph(d),
        };
        s.next_cycle().unwrap().unwrap().len()
    });
}

/// All 288 grids of the blank 4×4 (`STAGE` as in [`sudoku9_first`]).
#[divan::bench(consts = [0, 1, 2], sample_count = 5, sample_size = 1)]
fn blank4_all_grids<const STAGE: usize>() -> usize {
    let puzzle = Puzzle::from(Sudoku::blank(4));
    let opts = stage([Stage::Directed, Stage::Contracted, Stage::Reduced][STAGE]);
    let chain = build(&puzzle, &opts).unwrap();
    chain_grids(&chain, usize::MAX, &SolveOptions::default())
        .unwrap()
        .grids
        .len()
}
