//! Suguru with a unique solution, the way the Suguru SAT paper describes its generated instances:
//!
//! 1. **Region layout by randomised BFS.** A region is seeded at the unassigned cell with the fewest
//!    unassigned neighbours (ties broken by a random order), so pockets are filled before they are
//!    cut off, and grown by taking a random cell of its frontier (unassigned orthogonal neighbours)
//!    until it has `max_region` cells or the frontier is empty. A region left with a single cell is
//!    then merged into the smallest touching region that still has room.
//! 2. **No Theorem-1 conflict**: layouts that [`crate::puzzle::precheck`] rejects (two complete
//!    regions inside one 2×2 window, and the other cheap checks) are drawn again.
//! 3. **A full solution by search**: the fast search with a seeded random value order and a budget
//!    of `2·cells + 100` branch nodes; a layout without a solution found within the budget is drawn
//!    again. (Measured: solvable layouts are solved within 300 nodes; nearly all the rest are proved
//!    unsolvable quickly, and a larger budget only costs time.)
//! 4. **Greedy hint removal**: starting from the full grid, cells are visited in random order and
//!    each hint is removed if the puzzle stays unique (the search finds exactly one solution with a
//!    limit of two). The result is minimal: no single hint can be removed. It is accepted when it
//!    has at most `max_hints` hints (by default 40% of the cells), otherwise a new solution is drawn.
//!
//! Worked example: a 10×10 with `max_region = 5` gets about 22 regions; one layout in five or so is
//! solvable; the removal pass runs 100 uniqueness checks and ends with 9–18 hints. With regions of at
//! most 5 cells only about one 15×15 layout in 150 is solvable (every 2×2 window needs four distinct
//! values), so most of the time goes into drawing layouts; `--max-region 6` makes nearly every
//! layout solvable.

use super::rng_for;
use crate::error::{Error, Result};
use crate::puzzle::{Grid, Puzzle, Suguru, precheck::precheck};
use crate::search::fast::{Options, Search};
use crate::search::rng::Rng;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    pub rows: usize,
    pub cols: usize,
    /// Largest region size (default 5).
    pub max_region: usize,
    /// Most hints allowed; `None`: 40% of the cells.
    pub max_hints: Option<usize>,
    pub seed: u64,
}

impl Config {
    pub fn new(rows: usize, cols: usize, seed: u64) -> Self {
        Config {
            rows,
            cols,
            max_region: 5,
            max_hints: None,
            seed,
        }
    }
    /// The default is 40% of the cells, but 80% for a strip (one row or column): there a cell
    /// sees only its two neighbours, and a unique strip keeps about 70% of its cells as hints, so
    /// 40% was never reached (`--size 1x30`, the example of `--help`, failed; issue 19).
    pub fn hint_cap(&self) -> usize {
        let percent = if self.rows.min(self.cols) == 1 {
            80
        } else {
            40
        };
        self.max_hints
            .unwrap_or(self.rows * self.cols * percent / 100)
    }
}

/// A generated puzzle with its solution and what it took.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Suguru,
    pub solution: Grid,
    /// Region layouts drawn (rejected ones included).
    pub layouts: usize,
    /// Full solutions drawn (each followed by a removal pass).
    pub solutions: usize,
    /// Uniqueness checks run.
    pub checks: usize,
}

/// Give up after this many layouts: the parameters do not allow a puzzle (e.g. `--max-hints 0`).
const MAX_LAYOUTS: usize = 2_000;
/// Removal passes per layout before drawing a new layout.
const PASSES_PER_LAYOUT: usize = 3;

/// Puzzle `index` of the batch with `config.seed`.
pub fn generate(config: &Config, index: u64) -> Result<Generated> {
    let (rows, cols) = (config.rows, config.cols);
    if rows == 0 || cols == 0 || rows * cols > 1 << 16 {
        return Err(Error::Usage(format!(
            "size {rows}x{cols} is out of range (1 to 65,536 cells)"
        )));
    }
    if config.max_region == 0 || config.max_region > 64 {
        return Err(Error::Usage("--max-region must be between 1 and 64".into()));
    }
    let mut rng = rng_for(config.seed, index);
    let cap = config.hint_cap();
    let mut out_layouts = 0;
    let mut out_solutions = 0;
    let mut checks = 0;
    while out_layouts < MAX_LAYOUTS {
        out_layouts += 1;
        let labels = layout(rows, cols, config.max_region, &mut rng);
        let blank =
            Suguru::new(rows, cols, &labels, Grid::empty(rows, cols)).map_err(Error::Usage)?;
        if !precheck(&Puzzle::Suguru(blank.clone())).is_empty() {
            continue;
        }
        let search = Search::new(&blank.structure()).map_err(Error::Usage)?;
        for _ in 0..PASSES_PER_LAYOUT {
            out_solutions += 1;
            let full = search.run(
                blank.givens(),
                &Options {
                    seed: Some(rng.fork()),
                    node_limit: Some(2 * (rows * cols) as u64 + 100),
                    ..Options::limit(1)
                },
            );
            let Some(solution) = full.solutions.into_iter().next() else {
                break; // no solution within the budget: draw a new layout
            };
            let (givens, used) = remove_hints(&search, &solution, &mut rng);
            checks += used;
            if givens.filled() <= cap {
                let puzzle = Suguru::new(rows, cols, &labels, givens).map_err(Error::Usage)?;
                return Ok(Generated {
                    puzzle,
                    solution,
                    layouts: out_layouts,
                    solutions: out_solutions,
                    checks,
                });
            }
        }
    }
    Err(Error::Unsolvable(format!(
        "no {rows}x{cols} Suguru with at most {cap} hints after {MAX_LAYOUTS} layouts (allow more with --max-hints)"
    )))
}

/// Greedy removal in random order while unique; returns the givens and the number of checks.
pub(crate) fn remove_hints(search: &Search, solution: &Grid, rng: &mut Rng) -> (Grid, usize) {
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    let mut checks = 0;
    for c in order {
        let v = givens.get(c);
        givens.set(c, 0);
        checks += 1;
        if search.run(&givens, &Options::limit(2)).solutions.len() != 1 {
            givens.set(c, v);
        }
    }
    (givens, checks)
}

/// Target size of a new region: always the maximum (growth that is blocked makes smaller ones).
/// Large regions are needed: every 2×2 window must touch a region of at least 4 cells (it holds 4
/// distinct values), and mixes of smaller targets were measured to give far fewer solvable layouts
/// (see `docs/algorithms.md`).
fn target_size(max: usize, _rng: &mut Rng) -> usize {
    max
}

/// A random layout (labels 1..K) by randomised BFS; see the module docs.
pub fn layout(rows: usize, cols: usize, max_region: usize, rng: &mut Rng) -> Vec<u32> {
    let n = rows * cols;
    const NONE: u32 = u32::MAX;
    let mut region = vec![NONE; n];
    let neighbours = |c: usize| {
        let (r, k) = (c / cols, c % cols);
        let mut out = [usize::MAX; 4];
        if r > 0 {
            out[0] = c - cols;
        }
        if r + 1 < rows {
            out[1] = c + cols;
        }
        if k > 0 {
            out[2] = c - 1;
        }
        if k + 1 < cols {
            out[3] = c + 1;
        }
        out.into_iter().filter(|&d| d != usize::MAX)
    };
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    let mut sizes: Vec<usize> = Vec::new();
    let mut frontier: Vec<usize> = Vec::new();
    let mut left = n;
    while left > 0 {
        // Seed: the unassigned cell with the fewest unassigned neighbours (ties: random order), so
        // that pockets are filled before they are cut off.
        let open = |c: usize| neighbours(c).filter(|&d| region[d] == NONE).count();
        let Some(start) = order
            .iter()
            .copied()
            .filter(|&c| region[c] == NONE)
            .min_by_key(|&c| open(c))
        else {
            break;
        };
        let id = sizes.len() as u32;
        let target = target_size(max_region, rng);
        region[start] = id;
        let mut size = 1;
        frontier.clear();
        frontier.extend(neighbours(start).filter(|&d| region[d] == NONE));
        while size < target && !frontier.is_empty() {
            let pick = frontier.swap_remove(rng.below(frontier.len()));
            if region[pick] != NONE {
                continue;
            }
            region[pick] = id;
            size += 1;
            frontier.extend(neighbours(pick).filter(|&d| region[d] == NONE));
        }
        left -= size;
        sizes.push(size);
    }
    // Merge single cells into the smallest touching region with room.
    for c in 0..n {
        let g = region[c] as usize;
        if sizes[g] != 1 {
            continue;
        }
        let best = neighbours(c)
            .map(|d| region[d] as usize)
            .filter(|&h| h != g && sizes[h] < max_region)
            .min_by_key(|&h| sizes[h]);
        if let Some(h) = best {
            region[c] = h as u32;
            sizes[h] += 1;
            sizes[g] = 0;
        }
    }
    region.into_iter().map(|g| g + 1).collect()
}
