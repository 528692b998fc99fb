//! The layered construction against Haythorpe's closed forms and labels, and every stage's sizes on
//! blank grids; the witness/extract round trip through every stage on shipped puzzles is in
//! `tests/round_trip.rs` (registry).

use gridreduce::hcp::chain::{HcpOptions, Stage, build};
use gridreduce::hcp::layered::{Layout, sudoku_formula};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::Reduction;

fn blank(n: usize) -> Puzzle {
    Puzzle::from(Sudoku::blank(n))
}

fn opts(stage: Stage, trim: bool) -> HcpOptions {
    HcpOptions {
        stage,
        trim,
        clues: true,
        share: true,
        canonical: false,
    }
}

#[test]
fn blank_sudoku_matches_haythorpes_counts() {
    assert_eq!(sudoku_formula(4), (474, 1258));
    assert_eq!(sudoku_formula(9), (4799, 14033));
    for n in [3usize, 4, 6, 9, 16] {
        let nn = n as u64;
        let chain = build(&blank(n), &opts(Stage::Undirected, false)).unwrap();
        let s = chain.stats();
        let (v, a) = sudoku_formula(nn);
        assert_eq!((s.directed_vertices, s.directed_edges), (v, a), "N={n}");
        assert_eq!(s.removed_arcs, 0);
        assert_eq!(
            s.undirected_vertices,
            Some(18 * nn.pow(3) + 15 * nn * nn + 6 * nn + 6)
        );
        assert_eq!(
            s.undirected_edges,
            Some(31 * nn.pow(3) + 12 * nn * nn + 6 * nn + 6)
        );
        assert_eq!(
            s.trimmed_vertices,
            Some(16 * nn.pow(3) + 15 * nn * nn + 6 * nn + 6)
        );
        assert_eq!(
            s.trimmed_edges,
            Some(29 * nn.pow(3) + 12 * nn * nn + 6 * nn + 6)
        );
        let trimmed = build(&blank(n), &opts(Stage::Undirected, true)).unwrap();
        let t = trimmed.stats();
        assert_eq!(t.trimmed_vertices, s.trimmed_vertices);
        assert_eq!(trimmed.vertices() as u64, s.trimmed_vertices.unwrap());
        assert_eq!(trimmed.edges() as u64, s.trimmed_edges.unwrap());
        assert!(
            chain.declared_mismatches().is_empty(),
            "{:?}",
            chain.declared_mismatches()
        );
        assert!(trimmed.declared_mismatches().is_empty());
    }
}

#[test]
fn vertices_are_numbered_in_the_papers_order() {
    let n = 9u32;
    let chain = build(&blank(9), &opts(Stage::Directed, false)).unwrap();
    let l = chain.layout();
    // Paper ids are ours + 1.
    let paper = |v: u32| v + 1;
    assert_eq!(l.label(0), "s");
    assert_eq!(l.label(1), "f");
    assert_eq!(l.label(2), "b[1,1]");
    assert_eq!(l.label(2 + n * n), "r[1,1]");
    assert_eq!(l.label(2 + 2 * n * n), "t[1]");
    assert_eq!(l.label(2 + 2 * n * n + n), "c[1,1]");
    assert_eq!(l.label(2 + 3 * n * n + n), "d[1]");
    assert_eq!(l.label(2 + 3 * n * n + 2 * n), "x[1,1,1,1]");
    for (i, j, k) in [(1u32, 1u32, 1u8), (2, 5, 7), (9, 9, 9), (4, 1, 3)] {
        let cell = ((i - 1) * n + (j - 1)) as usize;
        // x_ijk1 = 3iN² + (3j−1)N + 3k, v_ij = 3N³+3N²+(i+1)N+(j+2) (paper, 1-based).
        assert_eq!(
            paper(l.x(0, cell, k, 1)),
            3 * i * n * n + (3 * j - 1) * n + 3 * k as u32
        );
        assert_eq!(
            paper(l.e(0, cell)),
            3 * n.pow(3) + 3 * n * n + (i + 1) * n + (j + 2)
        );
        // y_ijk1 = 3N³ + N² + x_ijk1 and w_ij = 3N³ + N² + v_ij.
        assert_eq!(
            paper(l.x(1, cell, k, 1)),
            3 * n.pow(3) + n * n + 3 * i * n * n + (3 * j - 1) * n + 3 * k as u32
        );
        assert_eq!(
            paper(l.e(1, cell)),
            6 * n.pow(3) + 4 * n * n + (i + 1) * n + (j + 2)
        );
        assert_eq!(l.label(l.x(0, cell, k, 2)), format!("x[{i},{j},{k},2]"));
        assert_eq!(l.label(l.x(1, cell, k, 3)), format!("y[{i},{j},{k},3]"));
        assert_eq!(l.label(l.e(1, cell)), format!("w[{i},{j}]"));
    }
    // Every id decodes to a role whose id is itself.
    for v in 0..l.vertices() {
        assert_eq!(l.id(l.vertex(v).unwrap()), v, "{}", l.label(v));
    }
    assert_eq!(l.vertices(), 4799);
    assert_eq!(l.label(4798), "w[9,9]");
}

#[test]
fn the_last_block_returns_to_r11() {
    let chain = build(&blank(4), &opts(Stage::Directed, false)).unwrap();
    let g = chain.layered().target();
    let l = chain.layout();
    let r11 = l.r(0, 0, 1);
    let into: Vec<String> = g.inn(r11).iter().map(|&v| l.label(v)).collect();
    // y[i,j,3,3] of the four cells of the last block (value N, walk ends at N−1), then nothing else
    // but the end vertices v[1,j] of row 1.
    for cell in ["3,3", "3,4", "4,3", "4,4"] {
        assert!(into.contains(&format!("y[{cell},3,3]")), "{into:?}");
    }
    assert!(
        !into
            .iter()
            .any(|s| s.starts_with("y[") && !s.ends_with(",3,3]"))
    );
    let b21 = l.b(1, 1);
    let into: Vec<String> = g.inn(b21).iter().map(|&v| l.label(v)).collect();
    assert_eq!(
        into,
        ["y[1,1,3,3]", "y[1,2,3,3]", "y[2,1,3,3]", "y[2,2,3,3]"]
    );
}

#[test]
fn general_formulas_agree_with_the_built_graphs() {
    // Suguru formulas in the region sizes, on the shipped puzzles.
    let cases = gridreduce::reduce::harness::shipped_cases(|p| p.kind() == "suguru");
    for case in cases.iter().take(20) {
        // Unshared: the formulas in the puzzle's own structure.
        let s = case.puzzle.structure();
        let unshared = HcpOptions {
            share: false,
            ..opts(Stage::Directed, false)
        };
        let chain = build(&case.puzzle, &unshared).unwrap();
        let st = chain.stats();
        assert_eq!(st.directed_vertices, Layout::formula_vertices(&s));
        assert_eq!(st.structure_edges, Layout::formula_arcs(&s));
        assert!(chain.declared_mismatches().is_empty());
        // Shared: the same formulas in the shared structure, and strictly smaller.
        let shared = build(&case.puzzle, &opts(Stage::Directed, false)).unwrap();
        let sh = shared.stats();
        let s2 = shared.layout().structure();
        assert_eq!(sh.directed_vertices, Layout::formula_vertices(s2));
        assert_eq!(sh.structure_edges, Layout::formula_arcs(s2));
        assert!(sh.directed_vertices < st.directed_vertices);
        assert!(shared.declared_mismatches().is_empty());
    }
}

/// `extract` must refuse anything that is not a Hamiltonian cycle of the target — wrong length,
/// ids out of range, repeats, permutations that are not cycles, a valid cycle rotated or reversed
/// is fine — at every stage, without panicking.
#[test]
fn extract_refuses_bad_tours_at_every_stage() {
    let case = gridreduce::reduce::harness::shipped_cases(|p| p.rows() == 4)
        .into_iter()
        .next()
        .unwrap();
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut rnd = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for (stage, trim) in [
        (Stage::Directed, false),
        (Stage::Undirected, false),
        (Stage::Undirected, true),
        (Stage::Contracted, false),
        (Stage::Contracted, true),
    ] {
        let chain = build(&case.puzzle, &opts(stage, trim)).unwrap();
        let good = chain.witness(&case.solution).unwrap();
        assert_eq!(chain.extract(&good).unwrap(), case.solution);
        let mut rotated = good.clone();
        rotated.rotate_left(7);
        assert_eq!(chain.extract(&rotated).unwrap(), case.solution);
        if stage != Stage::Directed {
            let reversed: Vec<u32> = good.iter().rev().copied().collect();
            assert_eq!(chain.extract(&reversed).unwrap(), case.solution);
        }
        let n = good.len();
        let mut bad: Vec<Vec<u32>> = vec![
            Vec::new(),
            good[..n - 1].to_vec(),
            [good.clone(), vec![0]].concat(),
            good.iter().map(|&v| v + n as u32).collect(),
        ];
        let mut dup = good.clone();
        dup[3] = dup[4];
        bad.push(dup);
        let mut reversed_directed = good.clone();
        reversed_directed.reverse();
        if stage == Stage::Directed {
            bad.push(reversed_directed);
        }
        for _ in 0..50 {
            let mut t = good.clone();
            let (i, j) = (rnd(n), rnd(n));
            if i == j {
                continue;
            }
            t.swap(i, j);
            if chain.extract(&t).is_ok() {
                // A swap can only give another valid cycle of the same grid (never here in
                // practice); it must then decode to a solution.
                assert_eq!(chain.extract(&t).unwrap(), case.solution);
                continue;
            }
            bad.push(t);
        }
        let mut shuffled: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            shuffled.swap(i, rnd(i + 1));
        }
        bad.push(shuffled);
        for t in &bad {
            assert!(
                chain.extract(t).is_err(),
                "{stage:?} trim={trim}: accepted a bad tour of length {}",
                t.len()
            );
        }
    }
}

/// Contraction on a small hand-made graph: the 6-cycle with a chord (module example) is solved,
/// a graph with a pendant vertex is not Hamiltonian, and lifting gives back a cycle of the source.
#[test]
fn contraction_rules_on_small_graphs() {
    use gridreduce::hcp::Graph;
    use gridreduce::hcp::contract::{Contract, Outcome};
    use gridreduce::reduce::Problem;
    let g = Graph::new(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)]);
    let c = Contract::new(&g);
    assert_eq!(*c.outcome(), Outcome::Solved);
    let tour = c.solved_tour().unwrap();
    let lifted = c.extract(&tour).unwrap();
    assert!(g.check(&lifted).is_ok(), "{lifted:?}");
    let pendant = Graph::new(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
    assert!(matches!(
        Contract::new(&pendant).outcome(),
        Outcome::NotHamiltonian(_)
    ));
    // Two triangles joined by an edge: disconnected after rule (b), or a short cycle.
    let two = Graph::new(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]);
    assert!(matches!(
        Contract::new(&two).outcome(),
        Outcome::NotHamiltonian(_)
    ));
    // K4 stays open (no degree-2 vertex).
    let k4 = Graph::new(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
    assert_eq!(*Contract::new(&k4).outcome(), Outcome::Open);
}
