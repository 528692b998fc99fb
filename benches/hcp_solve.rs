//! The built-in Hamiltonian-cycle solver on issue 8's instances (docs/hcp-solver.md): single 9×9
//! puzzles through the whole chain at the directed, contracted and reduced stage (the first of
//! each 9×9 set and Royle's #1), one 16×16 and one 25×25 at the reduced stage (the one `--via hcp`
//! solves), graph1–8 and alb1000 through the exact model alone, every shipped FHCP graph and
//! TSPLIB alb instance through the whole `hcp solve` pipeline (reductions, rotation–extension,
//! branching with restarts, exact model), the branching search alone on the FHCP graphs, rings of
//! FHCP graph8 copies (the shape of FHCP graph400, solved by splitting), dense graphs (complete K_n and random G(n, p),
//! issue 18's wall: K_500 took over 400 s before the heuristic) and the enumeration of the 288
//! grids of the blank 4×4. Run: `cargo bench --bench hcp_solve`.
//! The whole-set table (median and maximum over every puzzle) is `tests/hcp_targets.rs`.

use gridreduce::formats::graphs::{Instance, read_graph};
use gridreduce::hcp::Graph;
use gridreduce::hcp::branch::{BranchOptions, Branched, branch};
use gridreduce::hcp::chain::{HcpOptions, Stage, build};
use gridreduce::hcp::hubs::{configurations, hub_degree};
use gridreduce::hcp::presolve::{Presolved, presolve};
use gridreduce::hcp::solve::{HcSolver, Method, SolveOptions, chain_grids, solve_graph};
use gridreduce::hcp::split::{Split, ring_of_copies, split_solve};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::harness::{data_dir, shipped_puzzles};
use gridreduce::search::rng::Rng;

fn main() {
    divan::main();
}

fn first(file: &str) -> Puzzle {
    shipped_puzzles(&format!("sudoku/{file}")).swap_remove(0)
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

/// Every shipped HCP file (`data/hcp/fhcp` and `data/hcp/tsplib`: FHCP graph1–8 and alb1000),
/// read from the folders so a file added there (e.g. the public FHCP graph9–30, the other TSPLIB
/// alb instances) is benched without editing a list.
fn shipped() -> Vec<String> {
    let root = data_dir().join("hcp");
    let mut files: Vec<String> = ["fhcp", "tsplib"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "hcp"))
        .map(|path| path.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    files.sort();
    files
}

/// A shipped graph through [`solve_graph`] with the file's FIXED_EDGES, what `gridreduce hcp
/// solve` runs: the rows of the side-by-side table in docs/hcp-solver.md without process start
/// and file reading (`scripts/hcp-compare.sh` times those, and the peers).
#[divan::bench(args = shipped(), sample_count = 5, sample_size = 1)]
fn graph_file_pipeline(bencher: divan::Bencher, file: &str) {
    let graph = read_graph(&data_dir().join("hcp").join(file), None).unwrap();
    let fixed = graph.header.map(|h| h.fixed_edges).unwrap_or_default();
    let Instance::Undirected(g) = graph.instance else {
        panic!("{file} is undirected")
    };
    bencher.bench(|| {
        solve_graph(&g, &fixed, &SolveOptions::default(), |_| {})
            .unwrap()
            .tour
            .unwrap()
            .len()
    });
}

/// The branching search with restarts alone ([`branch`], default options: seed and budget as in
/// `hcp solve`) on each shipped FHCP graph, after the reductions: the step that answers the FHCP
/// graphs the heuristic misses (docs/hcp-solver.md).
#[divan::bench(args = shipped().into_iter().filter(|f| f.starts_with("fhcp")).collect::<Vec<_>>(), sample_count = 5, sample_size = 1)]
fn branching(bencher: divan::Bencher, file: &str) {
    let graph = read_graph(&data_dir().join("hcp").join(file), None).unwrap();
    let Instance::Undirected(g) = graph.instance else {
        panic!("{file} is undirected")
    };
    let Presolved::Reduced(r) = presolve(&g, &[]) else {
        panic!("{file} is Hamiltonian")
    };
    bencher.bench(
        || match branch(&r.graph, &r.forced, &BranchOptions::default(), None) {
            Branched::Cycle(t) => t.len(),
            other => panic!("{file}: {other:?}"),
        },
    );
}

/// The reductions alone ([`presolve`]: forced edges, 2-edge cuts, connectivity, bipartite
/// balance) on each shipped graph: the first step of `hcp solve`, which runs on every graph.
#[divan::bench(args = shipped(), sample_count = 10, sample_size = 10)]
fn reductions(bencher: divan::Bencher, file: &str) {
    let graph = read_graph(&data_dir().join("hcp").join(file), None).unwrap();
    let Instance::Undirected(g) = graph.instance else {
        panic!("{file} is undirected")
    };
    bencher.bench(|| matches!(presolve(&g, &[]), Presolved::Reduced(_)));
}

/// The reductions on a ring of `blocks` K5s, each joined to the next by one edge: every joining
/// edge is in a 2-edge cut with every other, which only the 2-edge-cut rule sees (all share one
/// label, confirmed by one search), and then the propagation forces the paths through the blocks.
#[divan::bench(args = [100, 1000, 10000], sample_count = 10, sample_size = 3)]
fn reductions_block_ring(bencher: divan::Bencher, blocks: u32) {
    let mut edges = Vec::new();
    for i in 0..blocks {
        for a in 0..5 {
            for b in a + 1..5 {
                edges.push((5 * i + a, 5 * i + b));
            }
        }
        let (a, b) = (5 * i, 5 * ((i + 1) % blocks) + 1);
        edges.push((a.min(b), a.max(b)));
    }
    let g = Graph::new(5 * blocks, &edges);
    bencher.bench(|| match presolve(&g, &[]) {
        Presolved::Reduced(r) => r.forced.len(),
        Presolved::NoCycle(reason) => panic!("{reason}"),
    });
}

/// G(n, p) with p in percent (p = 100: K_n), seeded.
fn gnp(n: u32, percent: u64, seed: u64) -> Graph {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if percent == 100 || (rng.below(100) as u64) < percent {
                edges.push((a, b));
            }
        }
    }
    Graph::new(n, &edges)
}

/// Dense graphs through the pipeline: `(n, p%)`, 100 % = K_n.
#[divan::bench(args = [(200, 100), (500, 100), (1000, 100), (500, 10), (1000, 10), (1000, 50)], sample_count = 5, sample_size = 1)]
fn dense(bencher: divan::Bencher, (n, percent): (u32, u64)) {
    let g = gnp(n, percent, 18);
    bencher.bench(|| {
        solve_graph(&g, &[], &SolveOptions::default(), |_| {})
            .unwrap()
            .tour
            .unwrap()
            .len()
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

/// FHCP graph8 in a ring of `copies`, each joined to the next by one edge in place of an edge of
/// its own Hamiltonian cycle (`split::ring_of_copies`: FHCP graph400's shape from shipped data),
/// through the whole pipeline (`solve_graph`, which splits it along its 2-edge cuts) and through
/// the splitting step alone.
fn fhcp8_ring(copies: u32) -> Graph {
    let graph = read_graph(&data_dir().join("hcp/fhcp/graph8.hcp"), None).unwrap();
    let Instance::Undirected(g) = graph.instance else {
        unreachable!("graph8 is undirected")
    };
    let tour = solve_graph(&g, &[], &SolveOptions::default(), |_| {})
        .unwrap()
        .tour
        .unwrap();
    ring_of_copies(&g, (tour[0], tour[1]), copies)
}

#[divan::bench(args = [4, 14, 40], sample_count = 5, sample_size = 1)]
fn split_ring(bencher: divan::Bencher, copies: u32) {
    let ring = fhcp8_ring(copies);
    bencher.bench(|| {
        solve_graph(&ring, &[], &SolveOptions::default(), |_| {})
            .unwrap()
            .tour
            .unwrap()
            .len()
    });
}

/// A ring of 400 copies is more than the split's quotient walks (300 nodes): `solve_graph` folds
/// the clusters it found (one vertex each, a 2-cut block passed once) and the exact model answers
/// on the folded graph.
#[divan::bench(args = [400], sample_count = 3, sample_size = 1)]
fn fold_ring(bencher: divan::Bencher, copies: u32) {
    let ring = fhcp8_ring(copies);
    bencher.bench(|| {
        let answer = solve_graph(&ring, &[], &SolveOptions::default(), |_| {}).unwrap();
        assert_eq!(answer.method, Method::Folded);
        answer.tour.unwrap().len()
    });
}

#[divan::bench(args = [4, 14, 40], sample_count = 5, sample_size = 1)]
fn split_ring_step_alone(bencher: divan::Bencher, copies: u32) {
    let ring = fhcp8_ring(copies);
    bencher.bench(|| match split_solve(&ring, None).unwrap() {
        Split::Cycle(t) => t.len(),
        other => panic!("{other:?}"),
    });
}

/// FHCP graph500 (data/hcp/fhcp-col) through `solve_graph`: answered by the split at its five
/// hubs (step 8, docs/hcp-solver.md), which neither LKH-3 nor `linkern` answers within 60 s in
/// scripts/hcp-compare.sh; and that step's own first part alone, the 14 configurations of the
/// hubs' quotient each through the reductions (9 are refuted there).
fn graph500() -> Graph {
    fhcp_col("graph500")
}

/// A shipped FHCP graph of data/hcp/fhcp-col, by name.
fn fhcp_col(name: &str) -> Graph {
    let path = data_dir().join(format!("hcp/fhcp-col/{name}.col"));
    let Instance::Undirected(g) = read_graph(&path, None).unwrap().instance else {
        panic!("{name} is undirected")
    };
    g
}

/// FHCP graph750 and graph800 through `solve_graph`: answered by the exact model (graph750 on
/// its folded clusters), because graphs above 1,000 vertices do not escalate to the order
/// encoding and exact slices start at 8,000 checks; neither LKH-3 nor `linkern` answers them in
/// scripts/hcp-compare.sh.
#[divan::bench(args = ["graph750", "graph800"], sample_count = 3, sample_size = 1)]
fn fhcp_exact_model(bencher: divan::Bencher, name: &str) {
    let g = fhcp_col(name);
    bencher.bench(|| {
        let answer = solve_graph(&g, &[], &SolveOptions::default(), |_| {}).unwrap();
        answer.tour.expect("FHCP graphs are Hamiltonian").len()
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn graph500_through_hubs(bencher: divan::Bencher) {
    let g = graph500();
    bencher.bench(|| {
        let answer = solve_graph(&g, &[], &SolveOptions::default(), |_| {}).unwrap();
        assert_eq!(answer.method, Method::Hubs);
        answer.tour.unwrap().len()
    });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn graph500_configurations_reduced(bencher: divan::Bencher) {
    let g = graph500();
    bencher.bench(|| {
        let list = configurations(&g, hub_degree(&g)).unwrap();
        list.iter()
            .filter(|r| matches!(presolve(&r.graph, &r.fixed), Presolved::Reduced(_)))
            .count()
    });
}
