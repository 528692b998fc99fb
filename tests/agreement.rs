//! Cross-route agreement: on random small puzzles with 0, 1 and several solutions, every route of
//! [`Route`] that applies to the puzzle (`auto` included) and the batch path of `solve`/`count`
//! (the SAT shape solver) finds exactly the same set of solutions, and that set is the brute
//! force's (tests/common, written from the rules, independent of every reduction).
//! The HCP chain is also checked at every stage on the small puzzles.
//!
//! `cargo test --test agreement` runs a modest sample (fixed seeds); the large one is
//! `cargo test --release --test agreement -- --ignored` (docs/testing.md).

mod common;

use clap::ValueEnum;
use common::{Rng, brute_force, random_sudoku4, random_suguru, sorted};
use gridreduce::hcp::chain::{HcpOptions, Stage};
use gridreduce::hcp::solve::{SolveOptions, grids};
use gridreduce::puzzle::described::NamedLayer;
use gridreduce::puzzle::{
    BlockLayout, Described, Family, Grid, Group, GroupKind, Puzzle, Sudoku, Suguru,
};
use gridreduce::solvers::{Route, RouteOptions, solutions, solve_batch};

/// More solutions than this are not enumerated: such a puzzle is drawn again.
const MAX_SOLUTIONS: usize = 12;

/// Whether `route` is meant to solve `puzzle` (the others answer with a usage error).
fn applies(route: Route, puzzle: &Puzzle) -> bool {
    match (route, puzzle) {
        (Route::Backtrack, p) => matches!(p, Puzzle::Suguru(_)),
        (Route::Linear, Puzzle::Suguru(_)) => puzzle.rows() == 1 || puzzle.cols() == 1,
        (Route::Linear, _) => false,
        _ => true,
    }
}

/// Checks one puzzle; returns its number of solutions.
fn agree(puzzle: &Puzzle, label: &str, hcp_stages: bool) -> usize {
    let want = brute_force(puzzle);
    // One more than the truth, so that a route that finds a spurious extra grid is caught.
    let limit = want.len() + 1;
    for &route in Route::value_variants() {
        if !applies(route, puzzle) {
            continue;
        }
        let got = solutions(puzzle, route, limit)
            .unwrap_or_else(|e| panic!("{label}: route {}: {e}", route.name()));
        assert_eq!(
            sorted(got),
            want,
            "{label}: route {} disagrees with the brute force",
            route.name()
        );
    }
    // The batch paths of `solve`/`count`: `auto`, and `sat` through the shape solver (the puzzle's
    // givens as assumptions on the blank grid's formula) rather than a fresh formula.
    for route in [Route::Auto, Route::Sat] {
        let batch = solve_batch(&[puzzle], route, limit, &RouteOptions::default(), 1, 1).unwrap();
        let got = batch[0]
            .answer
            .as_ref()
            .unwrap_or_else(|e| panic!("{label}: batch {}: {e}", route.name()));
        assert_eq!(
            sorted(got.grids.clone()),
            want,
            "{label}: batch route {} disagrees with the brute force",
            route.name()
        );
    }
    if hcp_stages {
        let stages = [
            Stage::Directed,
            Stage::Undirected,
            Stage::Contracted,
            Stage::Reduced,
        ];
        for (stage, trim, canonical) in stages
            .into_iter()
            .flat_map(|s| [(s, false), (s, true)])
            .filter(|&(s, trim)| !(s == Stage::Directed && trim))
            .flat_map(|(s, trim)| [(s, trim, false), (s, trim, true)])
        {
            let opts = HcpOptions {
                stage,
                trim,
                clues: true,
                share: true,
                canonical,
            };
            let what = format!("hcp {stage:?} trim {trim} canonical {canonical}");
            let found = grids(puzzle, &opts, limit, &SolveOptions::default())
                .unwrap_or_else(|e| panic!("{label}: {what}: {e}"));
            assert!(found.complete, "{label}: {what}: search not complete");
            assert_eq!(sorted(found.grids), want, "{label}: {what} disagrees");
        }
    }
    want.len()
}

/// A 9×9 from a solved grid of `norvig_easy50` with `blanks` cells emptied (≥ 1 solution), and
/// with `contradict` one given changed (often 0 solutions).
fn sudoku9(blanks: usize, contradict: bool, rng: &mut Rng) -> Sudoku {
    let path = gridreduce::reduce::harness::data_dir()
        .join("sudoku/solutions/norvig_easy50.solutions.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let line = lines[rng.below(lines.len())];
    let mut grid = Grid::empty(9, 9);
    for (c, ch) in line.chars().enumerate() {
        grid.set(c, ch.to_digit(10).unwrap() as u8);
    }
    for _ in 0..blanks {
        grid.set(rng.below(81), 0);
    }
    if contradict {
        let c = rng.below(81);
        grid.set(c, 1 + rng.below(9) as u8);
    }
    Sudoku::new(BlockLayout::boxes(3, 3), grid).unwrap()
}

/// Counts of solutions seen, to show the sample covers 0, 1 and several.
#[derive(Default)]
struct Seen {
    zero: usize,
    one: usize,
    many: usize,
}

impl Seen {
    fn add(&mut self, count: usize) {
        match count {
            0 => self.zero += 1,
            1 => self.one += 1,
            _ => self.many += 1,
        }
    }
    fn assert_mixed(&self, what: &str) {
        assert!(
            self.zero > 0 && self.one > 0 && self.many > 0,
            "{what}: the sample should have puzzles with 0, 1 and several solutions \
             ({} / {} / {})",
            self.zero,
            self.one,
            self.many
        );
    }
}

fn run_sudoku4(cases: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let mut done = 0;
    while done < cases {
        let clues = 3 + rng.below(8);
        let contradict = rng.below(4) == 0;
        let puzzle = Puzzle::from(random_sudoku4(clues, contradict, &mut rng));
        if brute_force(&puzzle).len() > MAX_SOLUTIONS {
            continue;
        }
        seen.add(agree(&puzzle, &format!("4×4 case {done}"), true));
        done += 1;
    }
    seen.assert_mixed("4×4");
}

fn run_sudoku9(cases: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let mut done = 0;
    while done < cases {
        let blanks = 20 + rng.below(45);
        let contradict = done % 3 == 2;
        let puzzle = Puzzle::from(sudoku9(blanks, contradict, &mut rng));
        if brute_force(&puzzle).len() > MAX_SOLUTIONS {
            continue;
        }
        seen.add(agree(&puzzle, &format!("9×9 case {done}"), false));
        done += 1;
    }
    seen.assert_mixed("9×9");
}

/// Random regions (most random shapes have no solution: drawn again up to 20 times); givens
/// copied from one solution of the empty puzzle (≥ 1 solution), and sometimes one random given
/// more (often 0 solutions).
fn suguru(rows: usize, cols: usize, max_region: usize, rng: &mut Rng) -> Puzzle {
    let mut shape = Puzzle::from(random_suguru(rows, cols, max_region, 0, rng));
    let mut solution = None;
    for _ in 0..20 {
        solution = gridreduce::search::solutions(&shape, 1).unwrap().pop();
        if solution.is_some() {
            break;
        }
        shape = Puzzle::from(random_suguru(rows, cols, max_region, 0, rng));
    }
    let labels = shape.group_map();
    let Some(solution) = solution else {
        return shape;
    };
    let n = rows * cols;
    let mut givens = Grid::empty(rows, cols);
    for _ in 0..rng.below(n / 2 + 1) {
        let c = rng.below(n);
        givens.set(c, solution.get(c));
    }
    if rng.below(4) == 0 {
        let c = rng.below(n);
        let size = labels.iter().filter(|&&l| l == labels[c]).count();
        givens.set(c, 1 + rng.below(size) as u8);
    }
    Puzzle::from(Suguru::new(rows, cols, &labels, givens).unwrap())
}

fn run_suguru(cases: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let mut done = 0;
    while done < cases {
        // Every fourth a single row or column (the linear route applies).
        let (rows, cols) = if done % 4 == 3 {
            if rng.below(2) == 0 {
                (1, 2 + rng.below(7))
            } else {
                (2 + rng.below(7), 1)
            }
        } else {
            (2 + rng.below(4), 2 + rng.below(4))
        };
        let max_region = 1 + rng.below(5);
        let puzzle = suguru(rows, cols, max_region, &mut rng);
        if brute_force(&puzzle).len() > MAX_SOLUTIONS {
            continue;
        }
        seen.add(agree(
            &puzzle,
            &format!("Suguru {rows}×{cols} case {done}"),
            true,
        ));
        done += 1;
    }
    seen.assert_mixed("Suguru");
}

/// A small puzzle of a described kind, with givens copied from one of its solutions (≥ 1
/// solution) and now and then one random given more (often 0): Latin squares of order 3–5,
/// 4×4 Sudoku-X / Windoku / disjoint groups, and a user-described puzzle (random choice groups and
/// one layer of random groups that leaves cells out).
fn described(case: usize, rng: &mut Rng) -> Puzzle {
    let shape: Described = match case % 5 {
        0 => Described::latin(Grid::empty(3 + case % 3, 3 + case % 3)).unwrap(),
        1 => Described::sudoku_variant(Family::SudokuX, &Sudoku::blank(4)).unwrap(),
        2 => Described::sudoku_variant(Family::Windoku, &Sudoku::blank(4)).unwrap(),
        3 => Described::sudoku_variant(Family::Disjoint, &Sudoku::blank(4)).unwrap(),
        _ => loop {
            let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
            let regions = random_suguru(rows, cols, 1 + rng.below(4), 0, rng);
            let labels: Vec<Option<usize>> = (0..rows * cols)
                .map(|_| match rng.below(4) {
                    0 => None,
                    k => Some(k),
                })
                .collect();
            let groups: Vec<Group> = (1..4)
                .map(|k| Group {
                    kind: GroupKind::Listed {
                        layer: 1,
                        index: k as u32 - 1,
                    },
                    cells: (0..rows * cols)
                        .filter(|&c| labels[c] == Some(k))
                        .map(|c| c as u32)
                        .collect(),
                    max_value: 0,
                })
                .filter(|g| !g.cells.is_empty())
                .collect();
            let layer = NamedLayer {
                name: "random".into(),
                groups,
            };
            if let Ok(d) = Described::new(
                Family::Custom,
                rows,
                cols,
                regions.region_map().to_vec(),
                |index| GroupKind::Listed { layer: 0, index },
                vec![layer],
                Grid::empty(rows, cols),
            ) {
                break d;
            }
        },
    };
    let blank = Puzzle::from(shape.clone());
    let Some(solution) = gridreduce::search::solutions(&blank, 1).unwrap().pop() else {
        return blank;
    };
    let n = solution.len();
    let mut givens = Grid::empty(solution.rows(), solution.cols());
    for _ in 0..rng.below(n / 2 + 1) {
        let c = rng.below(n);
        givens.set(c, solution.get(c));
    }
    if rng.below(4) == 0 {
        let c = rng.below(n);
        givens.set(c, 1 + rng.below(shape.structure().domain[c] as usize) as u8);
    }
    Puzzle::from(shape.with_givens(givens).unwrap())
}

fn run_described(cases: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let mut done = 0;
    while done < cases {
        let puzzle = described(done, &mut rng);
        if brute_force(&puzzle).len() > MAX_SOLUTIONS {
            continue;
        }
        let label = format!("{} {} case {done}", puzzle.kind(), puzzle.size_label());
        seen.add(agree(&puzzle, &label, true));
        done += 1;
    }
    seen.assert_mixed("described");
}

#[test]
fn described_routes_agree() {
    run_described(30, 0x5eed_de5c);
}

#[test]
fn sudoku4_routes_agree() {
    run_sudoku4(20, 0x5eed_0004);
}

#[test]
fn sudoku9_many_clues_routes_agree() {
    run_sudoku9(6, 0x5eed_0009);
}

#[test]
fn suguru_routes_agree() {
    run_suguru(24, 0x5eed_5a90);
}

#[test]
#[ignore = "large sample: cargo test --release --test agreement -- --ignored"]
fn large_sample_routes_agree() {
    run_sudoku4(400, 0x1a46_0004);
    run_sudoku9(120, 0x1a46_0009);
    run_suguru(500, 0x1a46_5a90);
    run_described(500, 0x1a46_de5c);
}
