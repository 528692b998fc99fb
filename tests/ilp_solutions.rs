//! ILP route against the shipped data (microlp by default, HiGHS with `--features highs`): the
//! solution is the known one, counting with no-good cuts stops at the right number, solution sets
//! agree with exact cover on small random puzzles, and the LP-relaxation checks are consistent.

use gridreduce::cover::{PuzzleToCover, solutions as cover_solutions};
use gridreduce::ilp::{Relaxation, relaxation, relaxation_forces, solutions};
use gridreduce::puzzle::{Grid, Puzzle, Sudoku};
use gridreduce::reduce::Reduction;
use gridreduce::reduce::harness::shipped_cases;
use std::collections::BTreeSet;

mod common;
use gridreduce::reduce::harness::shipped_puzzles;

/// Solves the shipped puzzles that `keep` takes and whose case names `named` takes, each to
/// exactly its known solution; returns how many there were.
fn solves_to_known(keep: impl Fn(&Puzzle) -> bool, named: impl Fn(&str) -> bool) -> usize {
    let cases = shipped_cases(keep);
    let mut n = 0;
    for case in cases.iter().filter(|c| named(&c.name)) {
        let found = solutions(&case.puzzle, 1).unwrap();
        assert_eq!(found, vec![case.solution.clone()], "{}", case.name);
        n += 1;
    }
    n
}

#[test]
fn ilp_solves_every_4x4_and_suguru_to_its_known_solution() {
    assert_eq!(
        solves_to_known(|p| p.kind() == "sudoku" && p.rows() == 4, |_| true),
        100
    );
    assert_eq!(
        solves_to_known(|p| matches!(p, Puzzle::Suguru(_)), |_| true),
        180
    );
}

/// Every shipped Sudoku variant and described puzzle (unique), and every shipped quasigroup with
/// holes up to order 10 to a solution (they have several as a rule; the order-30 ones are beyond
/// microlp: docs/qwh.md).
#[test]
fn ilp_solves_every_shipped_described_puzzle_up_to_order_10() {
    let unique = |p: &Puzzle| matches!(p, Puzzle::Described(_)) && p.kind() != "latin";
    assert_eq!(solves_to_known(unique, |_| true), 30);
    let mut latin = 0;
    for case in shipped_cases(|p| p.kind() == "latin" && p.rows() <= 10) {
        let found = solutions(&case.puzzle, 1).unwrap();
        assert_eq!(found.len(), 1, "{}", case.name);
        assert!(case.puzzle.verify(&found[0]).is_empty(), "{}", case.name);
        latin += 1;
    }
    assert_eq!(latin, 20);
}

/// The 9×9 sets with solutions except the 375 forum-hardest ones (below).
#[test]
fn ilp_solves_the_easy_and_top95_9x9_to_their_known_solutions() {
    let n = solves_to_known(
        |p| matches!(p, Puzzle::Sudoku(s) if s.n() == 9),
        |name| !name.starts_with("sudoku/forum_hardest"),
    );
    assert_eq!(n, 163);
}

/// microlp branches for 1-11 s on each of these (HiGHS: well under a second).
#[test]
#[cfg_attr(
    not(feature = "highs"),
    ignore = "the 375 forum-hardest 9x9 take about half an hour with microlp; run with --ignored or --features highs"
)]
fn ilp_solves_the_forum_hardest_9x9_to_their_known_solutions() {
    let n = solves_to_known(
        |p| p.rows() == 9,
        |name| name.starts_with("sudoku/forum_hardest"),
    );
    assert_eq!(n, 375);
}

/// 16×16 (155 puzzles): minutes each with microlp, so only by default with HiGHS (0.15 s each in a
/// debug build). The 25×25 are left out: HiGHS did not finish Frisch's 25×25 #1 in 10 minutes
/// (docs/sat-ilp.md).
#[test]
#[cfg_attr(
    not(feature = "highs"),
    ignore = "microlp needs minutes per 16x16 puzzle; run with --features highs or --ignored"
)]
fn ilp_solves_the_16x16_to_their_known_solutions() {
    assert_eq!(solves_to_known(|p| p.rows() == 16, |_| true), 155);
}

#[test]
fn ilp_counting_stops_at_the_right_number() {
    for case in shipped_cases(|p| p.rows() == 4).iter().take(20) {
        assert_eq!(
            solutions(&case.puzzle, 2).unwrap().len(),
            1,
            "{}",
            case.name
        );
    }
    for (i, p) in shipped_puzzles("sudoku/nonunique/serg_benchmark.txt")
        .iter()
        .take(10)
        .enumerate()
    {
        let found = solutions(p, 2).unwrap();
        assert_eq!(found.len(), 2, "serg_benchmark#{}", i + 1);
        assert_ne!(found[0], found[1]);
        assert!(found.iter().all(|g| p.verify(g).is_empty()));
    }
}

/// All solutions of random 4×4 puzzles (a few givens of a known grid, sometimes a wrong one)
/// through ILP with no-good cuts equal the exact-cover solutions.
#[test]
fn ilp_solution_sets_equal_exact_cover_on_random_4x4() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let cases = shipped_cases(|p| p.rows() == 4);
    let mut compared = 0;
    for case in cases.iter().take(30) {
        let mut givens = Grid::empty(4, 4);
        for c in 0..16 {
            if next() % 100 < 45 {
                givens.set(c, case.solution.get(c));
            }
        }
        if next() % 3 == 0 {
            givens.set((next() % 16) as usize, 1 + (next() % 4) as u8);
        }
        let Puzzle::Sudoku(s) = &case.puzzle else {
            unreachable!()
        };
        let p: Puzzle = Sudoku::new(s.layout().clone(), givens).unwrap().into();
        let cover = PuzzleToCover::new(&p);
        let want: BTreeSet<Vec<u8>> = cover_solutions(cover.target(), Some(60))
            .iter()
            .map(|rows| cover.extract(rows).unwrap().cells().to_vec())
            .collect();
        if want.len() >= 60 {
            continue;
        }
        let got: BTreeSet<Vec<u8>> = solutions(&p, 61)
            .unwrap()
            .iter()
            .map(|g| g.cells().to_vec())
            .collect();
        assert_eq!(got, want, "{p:?}");
        compared += 1;
    }
    assert!(compared >= 20);
}

/// Whenever the LP relaxation returns an integral vertex it is the known solution, and when the
/// polytope is a single point (relaxation_forces) the relaxation must return that point.
#[test]
fn lp_relaxation_results_are_consistent() {
    let cases = shipped_cases(|p| p.rows() == 4 || matches!(p, Puzzle::Suguru(_)));
    let (mut integral, mut forced) = (0, 0);
    for case in cases.iter().step_by(3) {
        let r = relaxation(&case.puzzle).unwrap();
        let f = relaxation_forces(&case.puzzle, &case.solution).unwrap();
        match &r {
            Relaxation::Integral(g) => {
                assert_eq!(g, &case.solution, "{}", case.name);
                integral += 1;
            }
            Relaxation::Fractional(k) => assert!(*k > 0),
            Relaxation::Infeasible => panic!("{}: a solvable puzzle's LP is infeasible", case.name),
        }
        if f {
            forced += 1;
            assert!(matches!(r, Relaxation::Integral(_)), "{}", case.name);
        }
    }
    assert!(
        integral > 0 && forced > 0,
        "{integral} integral, {forced} forced"
    );
    // An unsolvable puzzle (two 1s in the first row) has an infeasible LP.
    let mut g = Grid::empty(4, 4);
    g.set(0, 1);
    g.set(3, 1);
    let p: Puzzle = Sudoku::new(gridreduce::puzzle::BlockLayout::boxes(2, 2), g)
        .unwrap()
        .into();
    assert_eq!(relaxation(&p).unwrap(), Relaxation::Infeasible);
}

/// The figure in docs/sat-ilp.md: how many of a sample of 17-clue puzzles the LP relaxation alone
/// solves. Prints the counts.
#[test]
#[ignore = "2 minutes in a release build; prints the LP-relaxation counts of docs/sat-ilp.md"]
fn lp_relaxation_on_a_17_clue_sample() {
    let puzzles = shipped_puzzles("sudoku/sudoku17_complete_49158.txt");
    let sample: Vec<&Puzzle> = puzzles.iter().step_by(49).collect();
    let (mut integral, mut forced) = (0, 0);
    for p in &sample {
        let solution = gridreduce::sat::solve(p).unwrap().unwrap();
        if let Relaxation::Integral(g) = relaxation(p).unwrap() {
            assert_eq!(g, solution);
            integral += 1;
        }
        forced += relaxation_forces(p, &solution).unwrap() as usize;
    }
    println!(
        "17-clue sample of {}: LP vertex integral for {integral}, polytope a single point for {forced}",
        sample.len()
    );
}
