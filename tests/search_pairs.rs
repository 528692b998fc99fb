//! The fast search's pair rules (naked and hidden pairs, which the `search` route turns on for
//! groups of 16 cells or more), switched on by hand: on small random Sudoku and Suguru every
//! solution set equals brute force's; on shipped 9×9 and 16×16 puzzles with givens blanked (many
//! solutions, many pairs) every solution set equals the one without the rules; and on the shipped
//! 16×16 sets, as the route runs them, each puzzle has exactly its known solution.

mod common;

use common::{Rng, SolutionKinds, brute_force, random_sudoku4, random_suguru, sorted};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::search::fast::{Options, PAIRS_FROM, Search};

/// Up to `limit` solutions from `givens`, with or without the pair rules, in canonical order.
fn solve(search: &Search, givens: &Grid, limit: usize, pairs: bool) -> Vec<Grid> {
    let options = Options {
        limit,
        pairs,
        ..Options::default()
    };
    sorted(search.run(givens, &options).solutions)
}

#[test]
fn pairs_keep_every_solution_of_small_puzzles() {
    let mut rng = Rng(1622);
    let mut kinds = SolutionKinds::default();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for i in 0..400 {
        puzzles.push(random_sudoku4(rng.below(9), i % 5 == 0, &mut rng).into());
    }
    for _ in 0..200 {
        let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
        let givens = rng.below(rows * cols / 2 + 1);
        puzzles.push(random_suguru(rows, cols, 5, givens, &mut rng).into());
    }
    for p in &puzzles {
        let expected = brute_force(p);
        let search = Search::new(&p.structure()).unwrap();
        assert_eq!(
            solve(&search, p.givens(), usize::MAX, true),
            expected,
            "{p:?}"
        );
        kinds.add(expected.len());
    }
    assert!(kinds.fewest() > 20, "{kinds}");
}

#[test]
fn pairs_keep_every_solution_of_loosened_shipped_puzzles() {
    let mut rng = Rng(85);
    let (mut compared, mut solutions) = (0, 0);
    for (rel, blanks) in [
        ("sudoku/norvig_top95.txt", 2),
        ("sudoku/sudoku16_vu_kr_100.txt", 8),
        ("sudoku/sudoku16_gecode_janko_55.txt", 8),
    ] {
        for e in shipped_entries(rel).into_iter().take(60) {
            let mut givens = e.puzzle.givens().clone();
            let filled: Vec<usize> = (0..givens.len()).filter(|&c| givens.get(c) != 0).collect();
            for _ in 0..1 + rng.below(blanks) {
                givens.set(filled[rng.below(filled.len())], 0);
            }
            let search = Search::new(&e.puzzle.structure()).unwrap();
            let without = solve(&search, &givens, 300, false);
            if without.len() == 300 {
                continue;
            }
            assert_eq!(
                solve(&search, &givens, 300, true),
                without,
                "{} loosened",
                e.name
            );
            compared += 1;
            solutions += without.len();
        }
    }
    assert!(
        compared >= 50 && solutions >= 500,
        "{compared} puzzles, {solutions} solutions"
    );
}

#[test]
fn the_route_finds_exactly_the_known_solution_of_every_shipped_16x16() {
    for rel in [
        "sudoku/sudoku16_vu_kr_100.txt",
        "sudoku/sudoku16_gecode_janko_55.txt",
    ] {
        for e in shipped_entries(rel) {
            let search = Search::new(&e.puzzle.structure()).unwrap();
            assert!(search.pairs_pay(), "{}: groups of {PAIRS_FROM}", e.name);
            let found =
                gridreduce::solvers::solutions(&e.puzzle, gridreduce::solvers::Route::Search, 2)
                    .unwrap();
            assert_eq!(found, vec![e.solution.clone().unwrap()], "{}", e.name);
        }
    }
}
