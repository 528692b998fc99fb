//! Algorithm 2 (backtracking) and our fast search on the 180 janko Suguru puzzles: both find the
//! known solution and both prove it unique (a search for two solutions finds exactly one).

use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::search::{backtrack, fast};
use gridreduce::solvers::{Route, solutions};

fn suguru_180() -> Vec<(String, Puzzle, Grid)> {
    shipped_entries("suguru/backtrack-180.txt")
        .into_iter()
        .map(|e| (e.name, e.puzzle, e.solution.unwrap()))
        .collect()
}

#[test]
fn backtracking_finds_the_known_unique_solution_of_all_180() {
    let cases = suguru_180();
    assert_eq!(cases.len(), 180);
    for (name, puzzle, known) in &cases {
        let Puzzle::Suguru(s) = puzzle else {
            panic!("{name} is not a Suguru")
        };
        let out = backtrack::solve(s, 2);
        assert_eq!(out.solutions.len(), 1, "{name}: backtracking count");
        assert_eq!(&out.solutions[0], known, "{name}: backtracking solution");
    }
}

#[test]
fn fast_search_finds_the_known_unique_solution_of_all_180() {
    for (name, puzzle, known) in &suguru_180() {
        let found = solutions(puzzle, Route::Search, 2).unwrap();
        assert_eq!(found.len(), 1, "{name}: search count");
        assert_eq!(&found[0], known, "{name}: search solution");
        // Without the pointing rule the search must agree too (it only prunes).
        let plain = fast::Search::new(&puzzle.structure()).unwrap().run(
            puzzle.givens(),
            &fast::Options {
                pointing: false,
                ..fast::Options::limit(2)
            },
        );
        assert_eq!(plain.solutions, vec![known.clone()], "{name}: plain search");
    }
}

/// Removing givens until several solutions exist: search and backtracking list the same set, and
/// it equals the independent Algorithm X route's.
#[test]
fn routes_agree_on_puzzles_with_several_solutions() {
    for (name, puzzle, _) in suguru_180().iter().filter(|(_, p, _)| p.rows() <= 6) {
        let Puzzle::Suguru(s) = puzzle else { continue };
        let mut givens = s.givens().clone();
        let mut dropped = 0;
        for c in 0..givens.len() {
            if givens.get(c) != 0 && dropped < 3 {
                givens.set(c, 0);
                dropped += 1;
            }
        }
        let labels: Vec<u32> = s.region_map().to_vec();
        let loose: Puzzle = gridreduce::puzzle::Suguru::new(s.rows(), s.cols(), &labels, givens)
            .unwrap()
            .into();
        let sorted = |mut v: Vec<Grid>| {
            v.sort_by(|a, b| a.cells().cmp(b.cells()));
            v
        };
        let limit = 50;
        let by_search = sorted(solutions(&loose, Route::Search, limit).unwrap());
        let by_backtrack = sorted(solutions(&loose, Route::Backtrack, limit).unwrap());
        let by_cover = sorted(solutions(&loose, Route::Cover, limit).unwrap());
        if by_cover.len() < limit {
            assert_eq!(by_search, by_cover, "{name}: search vs cover");
            assert_eq!(by_backtrack, by_cover, "{name}: backtrack vs cover");
        } else {
            assert_eq!(by_search.len(), limit, "{name}");
            assert_eq!(by_backtrack.len(), limit, "{name}");
        }
        for g in &by_search {
            assert!(
                loose.verify(g).is_empty(),
                "{name}: invalid grid from search"
            );
        }
    }
}

#[test]
fn conflicting_givens_have_no_solution_on_every_route() {
    // Two touching 1s (diagonally) in a 2x2 of two regions.
    let p: Puzzle = gridreduce::puzzle::Suguru::new(
        2,
        2,
        &[1, 1, 2, 2],
        Grid::from_cells(2, 2, vec![1, 0, 0, 1]),
    )
    .unwrap()
    .into();
    for route in [Route::Search, Route::Backtrack, Route::Human, Route::Cover] {
        assert!(solutions(&p, route, 2).unwrap().is_empty(), "{route:?}");
    }
}
