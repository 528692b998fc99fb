//! Proof of the Hamiltonian-cycle chain on small instances: the set of grids decoded from **all**
//! Hamiltonian cycles (found one grid at a time by the exact CaDiCaL search, each grid forbidden
//! before the next search) equals the set of solutions found by the independent exact-cover solver
//! (Algorithm X), at every stage: directed, after the clue arcs, undirected, trimmed, contracted
//! (trimmed or not), reduced (trimmed or not); for Suguru with shared layers and without. A cycle that decoded to a non-solution would make `extract` fail, a solution
//! without a cycle would be missing: both fail the test.
//!
//! Instances: 4×4 Sudoku with 0, 1 and several solutions (shipped puzzles, with clues removed or a
//! contradicting clue added) and random Suguru up to 4×4 (fixed seeds; 1×n and n×1 included; random
//! connected regions of sizes 1–5 and random givens). A bigger run: `--ignored`.

use gridreduce::cover::{PuzzleToCover, solutions};
use gridreduce::hcp::chain::{HcpOptions, Stage};
use gridreduce::hcp::solve::{SolveOptions, grids};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::Reduction;
use gridreduce::reduce::harness::shipped_cases;

mod common;
use common::{Rng, SolutionKinds};

/// (stage, trim, clues, share): every stage with shared layers (the default for Suguru), and the
/// unshared construction (issue 5's prototype design) at both ends of the chain.
const STAGES: [(Stage, bool, bool, bool); 11] = [
    (Stage::Directed, false, false, true),
    (Stage::Directed, false, true, true),
    (Stage::Undirected, false, true, true),
    (Stage::Undirected, true, true, true),
    (Stage::Contracted, true, true, true),
    (Stage::Contracted, false, true, true),
    (Stage::Directed, false, false, false),
    (Stage::Contracted, false, true, false),
    // The reducer (singles as removed arcs, forced edges, contraction): untrimmed, trimmed, and
    // on the unshared construction.
    (Stage::Reduced, false, true, true),
    (Stage::Reduced, true, true, true),
    (Stage::Reduced, false, true, false),
];

fn reference(puzzle: &Puzzle, limit: usize) -> Vec<Grid> {
    let r = PuzzleToCover::new(puzzle);
    let mut out: Vec<Grid> = solutions(r.target(), Some(limit))
        .iter()
        .map(|rows| r.extract(rows).unwrap())
        .collect();
    out.sort_by(|a, b| a.cells().cmp(b.cells()));
    out
}

/// Compares the grid sets at every stage; returns the number of solutions.
fn check(puzzle: &Puzzle, what: &str) -> usize {
    let want = reference(puzzle, 10_000);
    for (stage, trim, clues, share) in STAGES {
        let opts = HcpOptions {
            stage,
            trim,
            clues,
            share,
            canonical: false,
        };
        let found = grids(puzzle, &opts, usize::MAX, &SolveOptions::default())
            .unwrap_or_else(|e| panic!("{what} at {opts:?}: {e}"));
        assert!(found.complete);
        let mut got = found.grids;
        got.sort_by(|a, b| a.cells().cmp(b.cells()));
        assert_eq!(
            got.len(),
            want.len(),
            "{what} at {opts:?}: {} grids from cycles, {} solutions",
            got.len(),
            want.len()
        );
        assert_eq!(got, want, "{what} at {opts:?}");
    }
    want.len()
}

/// A random Suguru (regions of sizes 1–5, `givens` random values, possibly contradictory): the
/// generator of `tests/common`, shared with the other cross-checks.
fn random_suguru(rng: &mut Rng, rows: usize, cols: usize, givens: usize) -> Puzzle {
    Puzzle::from(common::random_suguru(rows, cols, 5, givens, rng))
}

fn sudoku_cases() -> Vec<(String, Puzzle)> {
    let shipped = shipped_cases(|p| p.kind() == "sudoku" && p.rows() == 4);
    let mut out = Vec::new();
    for case in shipped.iter().take(3) {
        let Puzzle::Sudoku(s) = &case.puzzle else {
            unreachable!()
        };
        out.push((format!("{} (unique)", case.name), case.puzzle.clone()));
        // Fewer clues: several solutions.
        let mut fewer = s.givens().clone();
        let filled: Vec<usize> = (0..16).filter(|&c| fewer.get(c) != 0).collect();
        for &c in filled.iter().take(3) {
            fewer.set(c, 0);
        }
        let p = gridreduce::puzzle::Sudoku::new(s.layout().clone(), fewer).unwrap();
        out.push((format!("{} minus 3 clues", case.name), Puzzle::from(p)));
        // A clue that contradicts the solution in a blank cell: no solution.
        let mut wrong = s.givens().clone();
        let c = (0..16).find(|&c| wrong.get(c) == 0).unwrap();
        wrong.set(c, case.solution.get(c) % 4 + 1);
        let p = gridreduce::puzzle::Sudoku::new(s.layout().clone(), wrong).unwrap();
        out.push((format!("{} with a wrong clue", case.name), Puzzle::from(p)));
    }
    out
}

#[test]
fn sudoku_4x4_grids_from_cycles_are_the_solutions() {
    let mut counts = Vec::new();
    for (name, puzzle) in sudoku_cases() {
        counts.push(check(&puzzle, &name));
    }
    assert!(counts.contains(&0), "{counts:?}");
    assert!(counts.contains(&1), "{counts:?}");
    assert!(counts.iter().any(|&c| c > 1), "{counts:?}");
}

fn suguru_run(instances: usize, seed: u64, max_solutions: usize) {
    let mut rng = Rng(seed);
    let shapes: Vec<(usize, usize)> = (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).collect();
    let (mut kinds, mut done) = (SolutionKinds::default(), 0);
    let mut tries = 0;
    while done < instances {
        tries += 1;
        assert!(tries < 50 * instances, "generator stuck");
        let (rows, cols) = shapes[done % shapes.len()];
        let givens = rng.below(rows * cols / 3 + 1);
        let puzzle = random_suguru(&mut rng, rows, cols, givens);
        if reference(&puzzle, max_solutions + 1).len() > max_solutions {
            continue;
        }
        let name = format!("suguru #{done} {rows}x{cols} {:?}", puzzle.group_map());
        kinds.add(check(&puzzle, &name));
        done += 1;
    }
    eprintln!("{instances} Suguru, solutions: {kinds}");
    assert!(kinds.fewest() > 0, "{kinds}");
}

#[test]
fn random_suguru_grids_from_cycles_are_the_solutions() {
    suguru_run(300, 0x5eed_1234_abcd_0001, 12);
}

#[test]
#[ignore = "a few minutes in debug; run with --ignored"]
fn many_random_suguru_grids_from_cycles_are_the_solutions() {
    suguru_run(2000, 0x0dd_ba11_cafe_f00d, 60);
}

#[test]
fn blank_4x4_has_288_grids_at_every_stage() {
    let puzzle = Puzzle::from(gridreduce::puzzle::Sudoku::blank(4));
    assert_eq!(check(&puzzle, "blank 4x4"), 288);
}
