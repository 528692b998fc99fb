//! Cheap unsolvability checks that say *why* a puzzle cannot be solved, before any search.
//!
//! Each check is sound (a finding proves there is no solution) and runs in time linear in the grid:
//! - a region that is not orthogonally connected (not a legal Suguru, reported as such);
//! - a given outside its cell's range;
//! - two equal givens in one group (a row, column, block, region, or touching cells);
//! - a group with more cells than values its cells allow (for Suguru: a 2×2 window whose regions allow
//!   fewer than 4 distinct values);
//! - Theorem 1 of the Suguru backtracking paper: two complete regions inside one 2×2 window — both
//!   hold a 1 and all their cells touch.

use super::Puzzle;
use super::grid::cell_name;

/// One reason a puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Short name: `disconnected-region`, `given-range`, `equal-givens`, `too-few-values`, `theorem-1`.
    pub check: &'static str,
    pub message: String,
}

/// Every finding; empty means the cheap checks found nothing (the puzzle may still be unsolvable).
pub fn precheck(puzzle: &Puzzle) -> Vec<Finding> {
    let mut out = Vec::new();
    let structure = puzzle.structure();
    let givens = puzzle.givens();
    let cols = structure.cols;
    if let Puzzle::Suguru(s) = puzzle {
        for g in 0..s.regions() {
            if !super::suguru::region_connected(s.region_map(), structure.rows, cols, g as u32) {
                out.push(Finding {
                    check: "disconnected-region",
                    message: format!("region {} is not orthogonally connected", g + 1),
                });
            }
        }
    }
    for (cell, &v) in givens.cells().iter().enumerate() {
        if v > structure.domain[cell] {
            out.push(Finding {
                check: "given-range",
                message: format!(
                    "given {v} at {} is outside 1..{}",
                    cell_name(cols, cell),
                    structure.domain[cell]
                ),
            });
        }
    }
    let mut reported = std::collections::HashSet::new();
    for group in structure.all_groups() {
        if group.slack() < 0 {
            out.push(Finding {
                check: "too-few-values",
                message: format!(
                    "{} has {} cells but its cells allow only values 1..{}",
                    group.kind,
                    group.cells.len(),
                    group.max_value
                ),
            });
        }
        for (i, &a) in group.cells.iter().enumerate() {
            for &b in &group.cells[i + 1..] {
                let (va, vb) = (givens.get(a as usize), givens.get(b as usize));
                if va != 0 && va == vb && reported.insert((a, b)) {
                    out.push(Finding {
                        check: "equal-givens",
                        message: format!(
                            "givens {} and {} in {} are both {va}",
                            cell_name(cols, a as usize),
                            cell_name(cols, b as usize),
                            group.kind
                        ),
                    });
                }
            }
        }
    }
    if let Puzzle::Suguru(s) = puzzle {
        out.extend(theorem_one(s));
    }
    out
}

/// Theorem 1: two regions that both lie entirely inside one 2×2 window (clipped windows included).
fn theorem_one(s: &super::Suguru) -> Vec<Finding> {
    let (rows, cols) = (s.rows(), s.cols());
    let sizes = s.region_sizes();
    let mut found = std::collections::BTreeSet::new();
    for r in 0..rows {
        for c in 0..cols {
            let window: Vec<usize> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                .into_iter()
                .filter(|&(a, b)| a < rows && b < cols)
                .map(|(a, b)| a * cols + b)
                .collect();
            let mut inside: Vec<usize> = Vec::new();
            for &cell in &window {
                let g = s.region_of(cell);
                let count = window.iter().filter(|&&x| s.region_of(x) == g).count();
                if count == sizes[g] && !inside.contains(&g) {
                    inside.push(g);
                }
            }
            if inside.len() >= 2 {
                inside.sort_unstable();
                found.insert((inside[0], inside[1], r, c));
            }
        }
    }
    let mut seen_pairs = std::collections::HashSet::new();
    found
        .into_iter()
        .filter(|&(a, b, _, _)| seen_pairs.insert((a, b)))
        .map(|(a, b, r, c)| Finding {
            check: "theorem-1",
            message: format!(
                "regions {} and {} both lie inside the 2x2 window at {} (Theorem 1: both need a 1, and all their cells touch)",
                a + 1,
                b + 1,
                cell_name(cols, r * cols + c)
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BlockLayout, Grid, Sudoku, Suguru};

    fn suguru(rows: usize, cols: usize, labels: &[u32], givens: &[u8]) -> Puzzle {
        Suguru::new(
            rows,
            cols,
            labels,
            Grid::from_cells(rows, cols, givens.to_vec()),
        )
        .unwrap()
        .into()
    }

    #[test]
    fn theorem_one_and_small_windows_are_found() {
        // Two singleton regions side by side: both must be 1 and they touch.
        let p = suguru(1, 3, &[1, 2, 3], &[0, 0, 0]);
        let checks: Vec<_> = precheck(&p).iter().map(|f| f.check).collect();
        assert!(checks.contains(&"theorem-1"), "{checks:?}");
        // A 2x2 window of regions of sizes 2 and 2 allows only values 1..2 for 4 touching cells.
        let p = suguru(2, 2, &[1, 1, 2, 2], &[0; 4]);
        let checks: Vec<_> = precheck(&p).iter().map(|f| f.check).collect();
        assert!(
            checks.contains(&"too-few-values") && checks.contains(&"theorem-1"),
            "{checks:?}"
        );
        // A solvable one: nothing found.
        // 2x3 of two triples is not: a full 2x2 window needs 4 values.
        let p = suguru(2, 3, &[1, 1, 1, 2, 2, 2], &[0; 6]);
        assert_eq!(
            precheck(&p)[0].message,
            "2x2 window at r1c1 has 4 cells but its cells allow only values 1..3"
        );
        // A solvable one (1 2 1 2): nothing found.
        let p = suguru(1, 4, &[1, 1, 2, 2], &[0; 4]);
        assert_eq!(precheck(&p), vec![]);
    }

    #[test]
    fn equal_givens_are_named() {
        let mut g = Grid::empty(4, 4);
        g.set(0, 3);
        g.set(5, 3); // r2c2, same 2x2 box as r1c1
        let p: Puzzle = Sudoku::new(BlockLayout::boxes(2, 2), g).unwrap().into();
        let f = precheck(&p);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].message, "givens r1c1 and r2c2 in block 1 are both 3");
        let p = suguru(1, 2, &[1, 1], &[1, 1]);
        assert!(precheck(&p).iter().any(|f| f.message.contains("region 1")));
    }
}
