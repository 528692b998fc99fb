//! The 9×9 fast path (`search::sudoku9`, which `search::solutions` takes for classic Sudoku)
//! against the general search (`search::fast`), the reference: on every shipped 9×9 set (the large
//! ones sampled), on the non-unique and contradicted sets, and on shipped puzzles with givens
//! blanked (hundreds of solutions each), the two list the same solution set, every solution
//! verifies, and a puzzle with a known solution gets exactly it.

mod common;

use common::{Rng, sorted};
use gridreduce::puzzle::{Grid, verify::verify};
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::search::{fast, sudoku9};

fn general(search: &fast::Search, givens: &Grid, limit: usize) -> Vec<Grid> {
    sorted(search.run(givens, &fast::Options::limit(limit)).solutions)
}

fn banded(givens: &Grid, limit: usize) -> Vec<Grid> {
    sorted(sudoku9::solve(givens.cells(), limit, None).solutions)
}

/// Compares both searches on every `step`-th puzzle of a shipped set; returns how many solutions
/// were compared.
fn agree_on(rel: &str, step: usize, limit: usize) -> usize {
    let entries = shipped_entries(rel);
    assert!(!entries.is_empty(), "{rel}");
    let search = fast::Search::new(&entries[0].puzzle.structure()).unwrap();
    let mut solutions = 0;
    for e in entries.iter().step_by(step) {
        let givens = e.puzzle.givens();
        let mine = banded(givens, limit);
        assert_eq!(mine, general(&search, givens, limit), "{rel}: {}", e.name);
        for s in &mine {
            let structure = e.puzzle.structure();
            assert!(verify(&structure, givens, s).is_empty(), "{}", e.name);
        }
        if let Some(known) = &e.solution {
            assert_eq!(mine, vec![known.clone()], "{rel}: {}", e.name);
        }
        solutions += mine.len();
    }
    solutions
}

#[test]
fn every_shipped_9x9_set_has_the_same_solutions_by_both_searches() {
    let mut solutions = 0;
    for (rel, step) in [
        ("sudoku/norvig_easy50.txt", 1),
        ("sudoku/norvig_top95.txt", 1),
        ("sudoku/gecode_9x9_18.txt", 1),
        ("sudoku/forum_hardest_1106.txt", 1),
        ("sudoku/royle17.txt", 1),
        ("sudoku/forum_hardest_1905_11plus.txt", 97),
        ("sudoku/sudoku17_complete_49158.txt", 97),
        ("sudoku/nonunique/serg_benchmark.txt", 20),
    ] {
        solutions += agree_on(rel, step, 2);
    }
    assert!(solutions > 2_000, "{solutions}");
}

#[test]
fn contradicted_puzzles_have_no_solution_by_either_search() {
    let entries = shipped_entries("sudoku/unsolvable/norvig_top95_contradicted.txt");
    assert!(entries.len() >= 10);
    let search = fast::Search::new(&entries[0].puzzle.structure()).unwrap();
    for e in &entries {
        assert!(banded(e.puzzle.givens(), 2).is_empty(), "{}", e.name);
        assert!(general(&search, e.puzzle.givens(), 2).is_empty());
    }
}

#[test]
fn loosened_puzzles_list_the_same_hundreds_of_solutions() {
    let mut rng = Rng(9);
    let mut entries = shipped_entries("sudoku/norvig_easy50.txt");
    entries.extend(shipped_entries("sudoku/gecode_9x9_18.txt"));
    let search = fast::Search::new(&entries[0].puzzle.structure()).unwrap();
    let (mut compared, mut solutions) = (0, 0);
    for e in &entries {
        let mut givens = e.puzzle.givens().clone();
        let filled: Vec<usize> = (0..81).filter(|&c| givens.get(c) != 0).collect();
        for _ in 0..4 + rng.below(8) {
            givens.set(filled[rng.below(filled.len())], 0);
        }
        let (mine, theirs) = (banded(&givens, 1000), general(&search, &givens, 1000));
        // At the limit each lists its first 1,000 in its own order: only the count compares.
        if mine.len() < 1000 || theirs.len() < 1000 {
            assert_eq!(mine, theirs, "{} loosened", e.name);
            compared += 1;
            solutions += mine.len();
        }
    }
    // An empty grid and a one-given grid: the limit is reached, every solution distinct and valid.
    for cells in [vec![0u8; 81], {
        let mut g = vec![0u8; 81];
        g[40] = 5;
        g
    }] {
        let givens = Grid::from_cells(9, 9, cells);
        let found = banded(&givens, 300);
        assert_eq!(found.len(), 300);
        let structure = gridreduce::puzzle::Sudoku::blank(9).structure();
        assert!(
            found
                .iter()
                .all(|s| verify(&structure, &givens, s).is_empty())
        );
        assert!(found.windows(2).all(|w| w[0] != w[1]));
    }
    assert!(
        compared >= 15 && solutions >= 2_000,
        "{compared} puzzles, {solutions} solutions"
    );
}

#[test]
fn the_search_route_takes_the_fast_path_and_honours_a_past_deadline() {
    let e = &shipped_entries("sudoku/forum_hardest_1106.txt")[0];
    let past = std::time::Instant::now();
    // A blank grid with limit 10^6 needs far more than CLOCK_EVERY guesses: the deadline stops it.
    let blank = gridreduce::puzzle::Puzzle::Sudoku(gridreduce::puzzle::Sudoku::blank(9));
    let err = gridreduce::search::solutions_until(&blank, 1_000_000, Some(past)).unwrap_err();
    assert!(err.to_string().contains("time"), "{err}");
    let found = gridreduce::search::solutions(&e.puzzle, 2).unwrap();
    assert_eq!(found.len(), 1);
}
