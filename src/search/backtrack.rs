//! Suguru backtracking exactly as Algorithm 2 of Butrahandisya, Arzaki and Wulandari, "Elementary
//! Algorithmic Methods for Solving Suguru Puzzles" (IJCSAM, March 2024) — the published baseline,
//! kept deliberately naive so that its running times can be set beside the authors' raw figures.
//!
//! The algorithm, as the authors' `codes/solver.cpp` implements it:
//! * cells are visited in **row-major order**; hint cells are skipped;
//! * an empty cell of region `R_k` tries every value `β` of its region's candidate set
//!   `N_k = {1, …, |R_k|}` in increasing order;
//! * after placing `β` the region count `CV[k][β]` is incremented and **MustBacktrack** is asked:
//!   (a) does one of the (up to 8) touching cells hold `β`? (b) is `CV[k][β] > 1`, i.e. does the
//!   region hold `β` twice? If neither, the search moves to the next cell; either way the cell is
//!   cleared and `CV[k][β]` decremented before the next `β`;
//! * past the last cell the grid is a solution (all region counts are 1 by pigeonhole: a region of
//!   `s` cells holds `s` distinct values of `1..=s`).
//!
//! Two differences from `solver.cpp`, both documented in `docs/algorithms.md`: the recursion is an
//! explicit stack (a recursive search over a very large grid would overflow the thread's stack), and
//! the givens are checked against each other first — MustBacktrack only ever looks at the cell just
//! placed, so two equal touching givens (or a repeated given in a region) would otherwise go
//! unnoticed and the "solution" printed would break the rules. The authors' solver stops at the first
//! solution; here it continues up to `limit`, which is how `count --via backtrack` works.
//!
//! Worked example (1×3, one region, givens `0 0 3`): cell 1 tries 1 (fine), cell 2 tries 1 (touches
//! the 1: backtrack), 2 (fine), cell 3 is a hint → solution `1 2 3`. Asked for more, cell 2 tries 3
//! (CV = 2: backtrack), cell 1 tries 2, cell 2 tries 1 → `2 1 3`; cell 1 tries 3 (CV = 2) → done.

use crate::puzzle::{Grid, Suguru};

/// What one run found, with the number of values placed (the paper's search-tree size).
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub solutions: Vec<Grid>,
    /// Values placed (including the ones MustBacktrack rejected).
    pub placements: u64,
    /// The deadline of [`solve_until`] came first: fewer solutions than exist may have been found.
    pub timed_out: bool,
}

/// Up to `limit` solutions by Algorithm 2.
pub fn solve(puzzle: &Suguru, limit: usize) -> Outcome {
    solve_until(puzzle, limit, None)
}

/// [`solve`] that gives up at `deadline` (looked at every 4,096 placements; Algorithm 2 itself
/// is unchanged, so the placement count stays the paper's search-tree size).
pub fn solve_until(puzzle: &Suguru, limit: usize, deadline: Option<std::time::Instant>) -> Outcome {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut out = Outcome::default();
    if limit == 0 || !givens_consistent(puzzle) {
        return out;
    }
    let sizes = puzzle.region_sizes();
    let region: Vec<usize> = (0..rows * cols).map(|c| puzzle.region_of(c)).collect();
    let mut grid: Vec<u8> = puzzle.givens().cells().to_vec();
    // CV[k][β]: how often region k holds β (index β, 0 unused).
    let mut cv: Vec<Vec<u32>> = sizes.iter().map(|&s| vec![0; s + 1]).collect();
    for (c, &v) in grid.iter().enumerate() {
        if v != 0 {
            cv[region[c]][v as usize] += 1;
        }
    }
    // Touching cells of each cell (8-neighbourhood, clipped), in the order of `solver.cpp`.
    const D: [(isize, isize); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let touching = |c: usize| {
        let (r, k) = ((c / cols) as isize, (c % cols) as isize);
        D.iter().filter_map(move |&(dr, dk)| {
            let (a, b) = (r + dr, k + dk);
            (a >= 0 && b >= 0 && (a as usize) < rows && (b as usize) < cols)
                .then(|| a as usize * cols + b as usize)
        })
    };
    let must_backtrack = |grid: &[u8], cv: &[Vec<u32>], c: usize| {
        let h = grid[c];
        let condition_a = touching(c).any(|d| grid[d] == h);
        let condition_b = cv[region[c]][h as usize] > 1;
        condition_a || condition_b
    };
    // The empty cells in row-major order: the recursion's `search(i, j)` skips hints.
    let empty: Vec<usize> = (0..rows * cols).filter(|&c| grid[c] == 0).collect();
    // Explicit stack: position `i` in `empty`, the cell's current value is its last β tried.
    let mut i = 0usize;
    loop {
        if i == empty.len() {
            out.solutions
                .push(Grid::from_cells(rows, cols, grid.clone()));
            if out.solutions.len() >= limit || empty.is_empty() {
                return out;
            }
            i -= 1;
        }
        let c = empty[i];
        let k = region[c];
        // Undo the value placed here before (if any) and try the next β of N_k.
        let previous = grid[c];
        if previous != 0 {
            cv[k][previous as usize] -= 1;
            grid[c] = 0;
        }
        let mut advanced = false;
        for beta in previous as usize + 1..=sizes[k] {
            grid[c] = beta as u8;
            cv[k][beta] += 1;
            out.placements += 1;
            if out.placements % 4096 == 0 && crate::time_limit::passed(deadline) {
                out.timed_out = true;
                return out;
            }
            if !must_backtrack(&grid, &cv, c) {
                advanced = true;
                break;
            }
            grid[c] = 0;
            cv[k][beta] -= 1;
        }
        if advanced {
            i += 1;
        } else if i == 0 {
            return out;
        } else {
            i -= 1;
        }
    }
}

/// No two equal givens in a region or in touching cells, every given within its region's size.
fn givens_consistent(puzzle: &Suguru) -> bool {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let g = puzzle.givens();
    let sizes = puzzle.region_sizes();
    let mut seen = std::collections::HashSet::new();
    for c in 0..rows * cols {
        let v = g.get(c);
        if v == 0 {
            continue;
        }
        if v as usize > sizes[puzzle.region_of(c)] || !seen.insert((puzzle.region_of(c), v)) {
            return false;
        }
        let (r, k) = (c / cols, c % cols);
        for (dr, dk) in [(0usize, 1usize), (1, 0), (1, 1)] {
            let (a, b) = (r + dr, k + dk);
            if a < rows && b < cols && g.at(a, b) == v {
                return false;
            }
        }
        if r + 1 < rows && k > 0 && g.at(r + 1, k - 1) == v {
            return false;
        }
    }
    true
}
