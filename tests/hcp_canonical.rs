//! The canonical variant (`hcp::canonical`): **one Hamiltonian cycle per solution**. Every test here
//! enumerates *all* Hamiltonian cycles of a graph (the exact search, each found cycle forbidden by
//! "not all of its arcs" before the next search) and compares them with the solutions of the
//! independent exact-cover solver: the number of cycles equals the number of solutions, and the
//! cycles decode to exactly those solutions (so each solution has exactly one). Stages: directed
//! (with and without the clue arcs), contracted and reduced. Also: the closed size formulas, and
//! `extract` refusing what is not a Hamiltonian cycle.

use gridreduce::cover::{PuzzleToCover, solutions};
use gridreduce::hcp::canonical;
use gridreduce::hcp::chain::{HcpChain, HcpOptions, Stage, build};
use gridreduce::hcp::graph::Tour;
use gridreduce::hcp::layered::Layout;
use gridreduce::hcp::solve::HcSolver;
use gridreduce::puzzle::{BlockLayout, Grid, Puzzle, Sudoku};
use gridreduce::reduce::harness::shipped_cases;
use gridreduce::reduce::{Problem, Reduction};

mod common;
use common::{Rng, random_sudoku4, random_suguru, sorted};

/// The canonical variant at `stage` (`variant(.., false)`: Haythorpe's graph, for comparisons).
fn opts(stage: Stage, clues: bool, share: bool) -> HcpOptions {
    variant(stage, clues, share, true)
}

fn variant(stage: Stage, clues: bool, share: bool, canonical: bool) -> HcpOptions {
    HcpOptions {
        stage,
        trim: false,
        clues,
        share,
        canonical,
    }
}

fn reference(puzzle: &Puzzle, limit: usize) -> Vec<Grid> {
    let r = PuzzleToCover::new(puzzle);
    sorted(
        solutions(r.target(), Some(limit))
            .iter()
            .map(|rows| r.extract(rows).unwrap())
            .collect(),
    )
}

/// Every Hamiltonian cycle of the chain's target, decoded (at most `limit` + 1 cycles).
fn all_cycles(chain: &HcpChain, limit: usize) -> Vec<Grid> {
    let mut solver = match (chain.directed_target(), chain.undirected_target()) {
        (Some(d), _) => HcSolver::digraph(d),
        (_, Some(g)) => HcSolver::graph(g),
        _ => unreachable!(),
    };
    if matches!(
        chain.outcome(),
        Some(gridreduce::hcp::contract::Outcome::NotHamiltonian(_))
    ) {
        return Vec::new();
    }
    let mut grids = Vec::new();
    while let Some(tour) = solver.next_cycle().unwrap() {
        grids.push(
            chain
                .extract(&tour)
                .expect("every cycle decodes to a solution"),
        );
        if grids.len() > limit {
            break;
        }
        let arcs: Vec<(u32, u32)> = (0..tour.len())
            .map(|i| (tour[i], tour[(i + 1) % tour.len()]))
            .collect();
        assert!(solver.forbid_all(&arcs), "a cycle uses a non-arc");
    }
    grids
}

const STAGES: [(Stage, bool); 4] = [
    (Stage::Directed, false),
    (Stage::Directed, true),
    (Stage::Contracted, true),
    (Stage::Reduced, true),
];

/// Cycles = solutions at every stage of `stages`; returns the number of solutions.
fn check(puzzle: &Puzzle, stages: &[(Stage, bool)], share: bool, what: &str) -> usize {
    let want = reference(puzzle, 5_000);
    for &(stage, clues) in stages {
        let chain = build(puzzle, &opts(stage, clues, share)).unwrap();
        let got = sorted(all_cycles(&chain, want.len() + 5));
        assert_eq!(
            got.len(),
            want.len(),
            "{what}: {stage:?} (clues {clues}, share {share}): {} cycles, {} solutions",
            got.len(),
            want.len()
        );
        assert_eq!(got, want, "{what}: {stage:?}: cycles decode to other grids");
    }
    want.len()
}

#[test]
fn blank_4x4_has_exactly_288_cycles() {
    let blank = Puzzle::from(Sudoku::blank(4));
    let chain = build(&blank, &opts(Stage::Directed, false, true)).unwrap();
    let grids = all_cycles(&chain, 400);
    assert_eq!(grids.len(), 288);
    assert_eq!(sorted(grids), reference(&blank, 1000));
}

#[test]
fn random_4x4_cycles_equal_solutions() {
    let mut rng = Rng(0xca70);
    let mut seen = [0usize; 3];
    for i in 0..24 {
        let clues = [0, 2, 4, 5, 6, 8, 10, 12][i % 8];
        let p = Puzzle::from(random_sudoku4(clues, i % 5 == 4, &mut rng));
        let n = check(&p, &STAGES[1..], true, &format!("4x4 #{i}"));
        seen[n.min(2)] += 1;
    }
    // The sample has puzzles with no, one and several solutions.
    assert!(seen.iter().all(|&s| s > 0), "{seen:?}");
}

#[test]
fn sudoku_6x6_and_9x9_cycles_equal_solutions() {
    let g6 = [
        1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5,
        6, 4, 5, 3, 1, 2,
    ];
    let full = Sudoku::new(
        BlockLayout::boxes(2, 3),
        Grid::from_cells(6, 6, g6.to_vec()),
    )
    .unwrap();
    let solution = Grid::from_cells(6, 6, g6.to_vec());
    assert!(Puzzle::from(full).check(&solution).is_ok());
    let mut rng = Rng(0x6666);
    let mut counts = Vec::new();
    for keep in [26, 22, 20] {
        let mut g = Grid::empty(6, 6);
        for (c, &v) in g6.iter().enumerate() {
            if rng.below(36) < keep {
                g.set(c, v);
            }
        }
        let p = Puzzle::from(Sudoku::new(BlockLayout::boxes(2, 3), g).unwrap());
        counts.push(check(&p, &STAGES[1..2], true, &format!("6x6 keep {keep}")));
    }
    // 9×9: a shipped puzzle's solution with 8 clues of it blanked (several solutions).
    let case = shipped_cases(|p| p.rows() == 9).into_iter().next().unwrap();
    let mut g = case.solution.clone();
    let mut cleared = 0;
    for c in (0..81).step_by(7) {
        if cleared < 30 {
            g.set(c, 0);
            cleared += 1;
        }
    }
    let p = Puzzle::from(Sudoku::new(BlockLayout::boxes(3, 3), g).unwrap());
    counts.push(check(&p, &STAGES[1..2], true, "9x9"));
    assert!(counts.iter().any(|&n| n > 1), "{counts:?}");
}

#[test]
fn suguru_cycles_equal_solutions() {
    let mut rng = Rng(0x5a6a);
    let mut seen = [0usize; 3];
    for i in 0..60 {
        let (rows, cols) = [(1, 4), (2, 3), (3, 3), (3, 4), (4, 4), (4, 1)][i % 6];
        let givens = rng.below(4);
        let p = Puzzle::from(random_suguru(rows, cols, 4, givens, &mut rng));
        let share = i % 3 != 0;
        let n = check(&p, &STAGES[1..], share, &format!("suguru #{i}"));
        seen[n.min(2)] += 1;
    }
    assert!(seen.iter().all(|&s| s > 0), "{seen:?}");
}

#[test]
fn closed_forms_hold() {
    for n in [3usize, 4, 6, 9, 16] {
        let p = Puzzle::from(Sudoku::blank(n));
        let chain = build(&p, &opts(Stage::Directed, false, true)).unwrap();
        let (v, a) = canonical::sudoku_formula(n as u64);
        assert_eq!(
            (chain.vertices() as u64, chain.edges() as u64),
            (v, a),
            "N = {n}"
        );
        let s = chain.layout().structure();
        assert_eq!(canonical::formula_vertices(s), v);
        assert_eq!(canonical::formula_arcs(s), a);
        assert!(chain.declared_mismatches().is_empty());
    }
    for case in shipped_cases(|p| p.kind() == "suguru").iter().take(30) {
        for share in [true, false] {
            let chain = build(&case.puzzle, &opts(Stage::Directed, false, share)).unwrap();
            let s = chain.layout().structure();
            let structure_arcs = chain.stats().structure_edges;
            assert_eq!(chain.vertices() as u64, canonical::formula_vertices(s));
            assert_eq!(structure_arcs, canonical::formula_arcs(s), "{}", case.name);
            assert!(chain.declared_mismatches().is_empty(), "{}", case.name);
        }
    }
}

#[test]
fn labels_and_ids_round_trip() {
    let p = Puzzle::from(Sudoku::blank(4));
    let layout = Layout::with_variant(p.structure(), true).unwrap();
    assert_eq!(layout.vertices(), 506);
    for id in 0..layout.vertices() {
        let v = layout.vertex(id).unwrap();
        assert_eq!(layout.id(v), id);
    }
    assert!(layout.vertex(506).is_none());
    assert_eq!(layout.label(layout.link(0, 1)), "l[1,1,1]");
    assert_eq!(layout.label(layout.link(15, 4)), "l[4,4,4]");
}

#[test]
fn extract_refuses_bad_tours() {
    let case = shipped_cases(|p| p.rows() == 4).into_iter().next().unwrap();
    for stage in [Stage::Directed, Stage::Undirected] {
        let chain = build(&case.puzzle, &opts(stage, true, true)).unwrap();
        let tour: Tour = chain.witness(&case.solution).unwrap();
        assert_eq!(chain.extract(&tour).unwrap(), case.solution);
        let mut swapped = tour.clone();
        swapped.swap(3, 7);
        assert!(chain.extract(&swapped).is_err());
        assert!(chain.extract(&tour[1..].to_vec()).is_err());
        let mut wrong = tour.clone();
        wrong[0] = chain.vertices() + 1;
        assert!(chain.extract(&wrong).is_err());
    }
    // The witness refuses a grid that is not a solution.
    let chain = build(&case.puzzle, &opts(Stage::Directed, true, true)).unwrap();
    let mut bad = case.solution.clone();
    let (a, b) = (bad.get(0), bad.get(1));
    bad.set(0, b);
    bad.set(1, a);
    assert!(chain.witness(&bad).is_err());
}

/// The shortcut this variant replaces is not exact: Haythorpe's graph with the end vertices
/// dropped and `x^ℓ[c,k,1] → r[G,k+1]` (`→ t[G]`) instead has, on the blank 4×4, a Hamiltonian
/// cycle whose walk of `b[1,1]` runs through all four copy-0 triplets of r1c1 (its own value 1
/// included: no open triplet there) and leaves copy 0 by the transition of value 2. The check
/// passes cannot notice: another cell of the row opens two triplets (docs/hcp-construction.md §11).
#[test]
fn dropping_end_vertices_alone_is_not_exact() {
    use gridreduce::hcp::graph::Digraph;
    use gridreduce::hcp::layered::Vertex;
    let p = Puzzle::from(Sudoku::blank(4));
    let layout = Layout::new(p.structure()).unwrap();
    let is_end = |v: u32| matches!(layout.vertex(v), Some(Vertex::End { .. }));
    let mut new_id = vec![u32::MAX; layout.vertices() as usize];
    let mut n = 0;
    for v in 0..layout.vertices() {
        if !is_end(v) {
            new_id[v as usize] = n;
            n += 1;
        }
    }
    let s = layout.structure();
    let mut arcs: Vec<(u32, u32)> = layout
        .arcs(|a, b| !is_end(a) && !is_end(b))
        .into_iter()
        .map(|(a, b)| (new_id[a as usize], new_id[b as usize]))
        .collect();
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            for &c in &group.cells {
                for k in 1..=4u8 {
                    let next = if k < 4 {
                        layout.r(l, gi, k + 1)
                    } else {
                        layout.t(l, gi)
                    };
                    let x1 = layout.x(l, c as usize, k, 1);
                    arcs.push((new_id[x1 as usize], new_id[next as usize]));
                }
            }
        }
    }
    let g = Digraph::new(n, &arcs);
    let mut solver = HcSolver::digraph(&g);
    let id = |v: u32| new_id[v as usize];
    assert!(solver.require(id(layout.b(0, 1)), id(layout.x(0, 0, 2, 1))));
    assert!(solver.require(id(layout.x(0, 0, 1, 3)), id(layout.x(1, 0, 3, 1))));
    assert!(
        solver.next_cycle().unwrap().is_some(),
        "the end-free graph has a cycle that is no solution's canonical one"
    );
}

/// `reduce --to hcp --canonical --witness` then `decode`: the tour of the exported canonical graph
/// decodes to the puzzle's solution (directed and reduced stages, Sudoku and Suguru); the flag is
/// refused for other targets.
#[test]
fn cli_reduce_and_decode() {
    let dir = tempfile::tempdir().unwrap();
    for (file, stage, ext) in [
        ("data/sudoku/norvig_top95.txt", "directed", "arcs"),
        ("data/suguru/backtrack-180.txt", "contracted", "hcp"),
    ] {
        let out = dir.path().join(stage);
        let out = out.to_str().unwrap();
        common::reduce_to_hcp(
            file,
            1,
            &["--canonical", "--stage", stage, "--witness"],
            out,
        );
        assert!(std::path::Path::new(&format!("{out}.{ext}")).exists());
        let map = format!("{out}.map");
        assert!(
            std::fs::read_to_string(&map)
                .unwrap()
                .contains("\"canonical\": true")
        );
        let run = common::gridreduce(&["decode", &map, &format!("{out}.tour")]);
        common::ok(&run);
        // `decode` verifies the grid against the puzzle; for Sudoku compare with the known one.
        if let Some(rel) = file.strip_prefix("data/sudoku/") {
            let grid: String = common::text(&run.stdout).split_whitespace().collect();
            let solutions = format!(
                "data/sudoku/solutions/{}",
                rel.replace(".txt", ".solutions.txt")
            );
            assert_eq!(grid, common::solution_line(&solutions, 1).trim(), "{file}");
        }
    }
    let run = common::gridreduce(&[
        "reduce",
        "data/sudoku/norvig_top95.txt",
        "--to",
        "cnf",
        "--canonical",
        "-o",
        dir.path().join("x").to_str().unwrap(),
    ]);
    common::assert_exit(&run, 2, "--canonical with --to cnf");
    assert!(common::text(&run.stderr).contains("--canonical applies to hcp only"));
}
