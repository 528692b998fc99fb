//! Verification of a full grid against a puzzle: every violated rule, with its cells.
//!
//! One pass over the groups of the puzzle's [`Structure`]; each cell lies in one choice group and one
//! group per layer, so the work is O(cells · layers) — O(mn) for Suguru as the backtracking paper's
//! verifier, with a bitmask per group instead of its counting arrays.

use super::grid::{Grid, cell_name};
use super::structure::{GroupKind, Structure};
use std::fmt;

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The solution grid has another shape than the puzzle.
    Shape {
        expected: (usize, usize),
        found: (usize, usize),
    },
    /// A cell is empty.
    Empty { cell: usize },
    /// A value outside the cell's domain `1..=max`.
    OutOfRange { cell: usize, value: u8, max: u8 },
    /// The solution changes a given.
    Given { cell: usize, given: u8, value: u8 },
    /// A value appears more than once in a group (cells listed).
    Repeated {
        group: GroupKind,
        value: u8,
        cells: Vec<usize>,
    },
}

impl Violation {
    /// A short machine-readable rule name for `--json`.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Shape { .. } => "shape",
            Violation::Empty { .. } => "empty",
            Violation::OutOfRange { .. } => "range",
            Violation::Given { .. } => "given",
            Violation::Repeated {
                group: GroupKind::Window { .. },
                ..
            } => "adjacent",
            Violation::Repeated { .. } => "repeated",
        }
    }
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Violation::Shape { .. } => vec![],
            Violation::Empty { cell }
            | Violation::OutOfRange { cell, .. }
            | Violation::Given { cell, .. } => vec![*cell],
            Violation::Repeated { cells, .. } => cells.clone(),
        }
    }
    /// The sentence, with cells named for a grid of `cols` columns.
    pub fn describe(&self, cols: usize) -> String {
        let names = |cells: &[usize]| {
            cells
                .iter()
                .map(|&c| cell_name(cols, c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Violation::Shape { expected, found } => format!(
                "solution is {}x{}, the puzzle is {}x{}",
                found.0, found.1, expected.0, expected.1
            ),
            Violation::Empty { cell } => format!("{} is empty", cell_name(cols, *cell)),
            Violation::OutOfRange { cell, value, max } => {
                format!("{} holds {value}, outside 1..{max}", cell_name(cols, *cell))
            }
            Violation::Given { cell, given, value } => {
                format!(
                    "{} holds {value} but the given is {given}",
                    cell_name(cols, *cell)
                )
            }
            Violation::Repeated {
                group: GroupKind::Window { .. },
                value,
                cells,
            } => {
                format!("touching cells {} both hold {value}", names(cells))
            }
            Violation::Repeated {
                group,
                value,
                cells,
            } => {
                format!(
                    "{group} holds {value} {} times: {}",
                    cells.len(),
                    names(cells)
                )
            }
        }
    }
}

/// A violation with its grid width, printable on its own.
pub struct Described<'a>(pub &'a Violation, pub usize);
impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.describe(self.1))
    }
}

/// All violations of `solution` against the puzzle (structure + givens); empty means valid.
///
/// Repeats inside a window are reported once per pair of touching cells (a pair can lie in two
/// windows of different classes only if it is in the same row or column; those are deduplicated).
pub fn verify(structure: &Structure, givens: &Grid, solution: &Grid) -> Vec<Violation> {
    let mut out = Vec::new();
    let (rows, cols) = (structure.rows, structure.cols);
    if solution.rows() != rows || solution.cols() != cols {
        out.push(Violation::Shape {
            expected: (rows, cols),
            found: (solution.rows(), solution.cols()),
        });
        return out;
    }
    let mut usable = vec![true; solution.len()];
    for (cell, &value) in solution.cells().iter().enumerate() {
        let max = structure.domain[cell];
        if value == 0 {
            out.push(Violation::Empty { cell });
            usable[cell] = false;
        } else if value > max {
            out.push(Violation::OutOfRange { cell, value, max });
            usable[cell] = false;
        } else if givens.get(cell) != 0 && givens.get(cell) != value {
            out.push(Violation::Given {
                cell,
                given: givens.get(cell),
                value,
            });
        }
    }
    let mut window_pairs = std::collections::HashSet::new();
    let mut by_value: Vec<Vec<usize>> = Vec::new();
    for group in structure.all_groups() {
        // Fast pass: a bitmask of the values seen (values are at most 255). Only a group with a
        // repeat pays for the detailed report below.
        let mut seen = [0u64; 4];
        let mut repeated = false;
        for &cell in &group.cells {
            let cell = cell as usize;
            if usable[cell] {
                let v = solution.get(cell) as usize;
                let bit = 1u64 << (v % 64);
                repeated |= seen[v / 64] & bit != 0;
                seen[v / 64] |= bit;
            }
        }
        if !repeated {
            continue;
        }
        by_value.clear();
        by_value.resize(256, Vec::new());
        for &cell in &group.cells {
            let cell = cell as usize;
            if usable[cell] {
                by_value[solution.get(cell) as usize].push(cell);
            }
        }
        for (value, cells) in by_value.iter().enumerate() {
            if cells.len() < 2 {
                continue;
            }
            if let GroupKind::Window { .. } = group.kind {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        if window_pairs.insert((a, b)) {
                            out.push(Violation::Repeated {
                                group: group.kind,
                                value: value as u8,
                                cells: vec![a, b],
                            });
                        }
                    }
                }
            } else {
                out.push(Violation::Repeated {
                    group: group.kind,
                    value: value as u8,
                    cells: cells.clone(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BlockLayout, Puzzle, Sudoku};

    #[test]
    fn every_broken_rule_is_reported_with_cells() {
        let mut givens = Grid::empty(4, 4);
        givens.set(0, 1);
        let p: Puzzle = Sudoku::new(BlockLayout::boxes(2, 2), givens)
            .unwrap()
            .into();
        let good = Grid::from_cells(4, 4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        assert!(p.verify(&good).is_empty());
        let mut bad = good.clone();
        bad.set(0, 2); // breaks the given, row 1, column 1 and block 1
        let v = p.verify(&bad);
        let text: Vec<String> = v.iter().map(|v| v.describe(4)).collect();
        assert!(
            text.contains(&"r1c1 holds 2 but the given is 1".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"row 1 holds 2 2 times: r1c1, r1c2".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"column 1 holds 2 2 times: r1c1, r3c1".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"block 1 holds 2 2 times: r1c1, r1c2".to_string()),
            "{text:?}"
        );
        let mut empty = good.clone();
        empty.set(15, 0);
        assert_eq!(p.verify(&empty), vec![Violation::Empty { cell: 15 }]);
        let wrong = Grid::empty(3, 3);
        assert_eq!(p.verify(&wrong)[0].rule(), "shape");
    }
}
