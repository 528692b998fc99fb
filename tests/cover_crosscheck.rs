//! Independent cross-check of the exact-cover reduction: on small random Sudoku and Suguru with 0, 1
//! and many solutions, the grids extracted from all exact covers equal the brute-force solutions.

mod common;

use common::{Rng, SolutionKinds, brute_force, random_sudoku4, random_suguru};
use gridreduce::cover::{PuzzleToCover, solutions};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::Reduction;

fn via_cover(puzzle: &Puzzle) -> Vec<Grid> {
    let r = PuzzleToCover::new(puzzle);
    let mut grids: Vec<Grid> = solutions(r.target(), None)
        .iter()
        .map(|rows| r.extract(rows).expect("a cover decodes"))
        .collect();
    grids.sort_by(|a, b| a.cells().cmp(b.cells()));
    grids
}

#[test]
fn cover_solutions_equal_brute_force() {
    let mut rng = Rng(2026);
    let mut kinds = SolutionKinds::default();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for i in 0..120 {
        puzzles.push(random_sudoku4(rng.below(10), i % 3 == 0, &mut rng).into());
    }
    for i in 0..300 {
        let (rows, cols) = match i % 5 {
            0 => (1, 1 + rng.below(8)),
            1 => (1 + rng.below(6), 1),
            _ => (2 + rng.below(3), 2 + rng.below(3)),
        };
        let givens = rng.below(rows * cols / 2 + 1);
        puzzles.push(random_suguru(rows, cols, 5, givens, &mut rng).into());
    }
    for p in &puzzles {
        let expected = brute_force(p);
        for g in &expected {
            assert!(p.verify(g).is_empty());
        }
        assert_eq!(via_cover(p), expected, "{p:?}");
        kinds.add(expected.len());
    }
    // The sample must exercise all three cases.
    assert!(kinds.fewest() > 20, "{kinds}");
}

#[test]
fn extract_refuses_invalid_covers() {
    let mut rng = Rng(7);
    let p: Puzzle = random_sudoku4(4, false, &mut rng).into();
    let r = PuzzleToCover::new(&p);
    let good = &solutions(r.target(), Some(1))[0];
    let mut missing = good.clone();
    missing.pop();
    assert!(
        r.extract(&missing)
            .unwrap_err()
            .message
            .contains("not covered")
    );
    let mut unsorted = good.clone();
    unsorted.swap(0, 1);
    assert!(r.extract(&unsorted).is_err());
    let mut out_of_range = good.clone();
    *out_of_range.last_mut().unwrap() = u32::MAX;
    assert!(
        r.extract(&out_of_range)
            .unwrap_err()
            .message
            .contains("does not exist")
    );
}
