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
use super::structure::GroupKind;

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
            if !region_connected(s.region_map(), structure.rows, cols, g as u32) {
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
                    describe_group(group.kind, &group.cells, cols),
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
                            describe_group(group.kind, &group.cells, cols)
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

fn describe_group(kind: GroupKind, cells: &[u32], cols: usize) -> String {
    match kind {
        GroupKind::Window { .. } => {
            let names: Vec<String> = cells.iter().map(|&c| cell_name(cols, c as usize)).collect();
            format!("touching cells {}", names.join(" "))
        }
        other => other.to_string(),
    }
}

fn region_connected(map: &[u32], rows: usize, cols: usize, g: u32) -> bool {
    let cells: Vec<usize> = (0..map.len()).filter(|&c| map[c] == g).collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; map.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(c) = stack.pop() {
        reached += 1;
        let (r, k) = (c / cols, c % cols);
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push(c - cols);
        }
        if r + 1 < rows {
            next.push(c + cols);
        }
        if k > 0 {
            next.push(c - 1);
        }
        if k + 1 < cols {
            next.push(c + 1);
        }
        for d in next {
            if map[d] == g && !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    reached == cells.len()
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
