//! Puzzle → exact cover, the textbook construction (Knuth's Sudoku matrix), written once for the
//! shared [`Structure`] and so valid for Sudoku of any layout and for Suguru alike.
//!
//! * one row per candidate (cell `i`, value `v`) with `1 ≤ v ≤ domain[i]`; a cell with a given keeps
//!   only the row of its given;
//! * primary columns: each cell (it holds exactly one value); each (choice group, value) for values
//!   `1..=|g|` (the group holds each exactly once); each (layer group, value) of a group without slack;
//! * secondary columns: each (layer group, value) of a group with slack (at most once).
//!
//! Row (i, v) covers cell i, (choice group of i, v) and (group of i in each layer, v).
//! Blank N×N Sudoku: N³ rows, 4N² primary columns, 4N³ ones.
//!
//! Witness: the rows (i, s_i) of the solution. Extract: a valid cover picks one row per cell, whose
//! values form the grid; the cover's column constraints are exactly the puzzle's rules.
//!
//! Worked example (blank 4×4 Sudoku): 64 rows, 64 primary columns; the solution
//! `1234/3412/2143/4321` picks row 4·cell + value − 1 for each cell: rows 0, 5, 10, 15, 18, …

use super::ExactCover;
use crate::error::CertificateError;
use crate::puzzle::{Grid, Puzzle, Structure};
use crate::reduce::{Reduction, Sizes};

/// What a column of the cover stands for (values are 1-based); see [`PuzzleToCover::columns`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverColumn {
    /// The cell holds exactly one value.
    Cell(u32),
    /// Choice group `group` holds `value` exactly once.
    Choice { group: u32, value: u8 },
    /// Group `group` of layer `layer` holds `value` once (primary) or at most once (secondary).
    Layer { layer: u32, group: u32, value: u8 },
}

pub struct PuzzleToCover {
    target: ExactCover,
    /// Meaning of each column, in column order.
    columns: Vec<CoverColumn>,
    /// (cell, value) of each row.
    row_meaning: Vec<(u32, u8)>,
    /// First row of each cell (rows of a cell are consecutive).
    first_row: Vec<u32>,
    rows: usize,
    cols: usize,
    declared: Sizes,
}

impl PuzzleToCover {
    pub fn new(puzzle: &Puzzle) -> Self {
        let s: Structure = puzzle.structure();
        let givens = puzzle.givens();
        // Column numbering: primary first, then secondary.
        let cells = s.cells();
        let mut primary = cells;
        let choice_base: Vec<usize> = s
            .choice
            .iter()
            .map(|g| {
                let b = primary;
                primary += g.cells.len();
                b
            })
            .collect();
        let mut layer_base: Vec<Vec<(bool, usize)>> = Vec::new();
        for layer in &s.layers {
            layer_base.push(
                layer
                    .iter()
                    .map(|g| {
                        let exact = g.slack() == 0;
                        let b = if exact { primary } else { 0 };
                        if exact {
                            primary += g.max_value as usize;
                        }
                        (exact, b)
                    })
                    .collect(),
            );
        }
        let mut secondary = 0;
        for (l, layer) in s.layers.iter().enumerate() {
            for (k, g) in layer.iter().enumerate() {
                if !layer_base[l][k].0 {
                    layer_base[l][k].1 = primary + secondary;
                    secondary += g.max_value as usize;
                }
            }
        }
        let mut columns: Vec<CoverColumn> = (0..cells as u32).map(CoverColumn::Cell).collect();
        for (g, group) in s.choice.iter().enumerate() {
            columns.extend(
                (1..=group.cells.len() as u8).map(|value| CoverColumn::Choice {
                    group: g as u32,
                    value,
                }),
            );
        }
        // Primary layer columns first, then the secondary ones, as numbered above.
        for primary_pass in [true, false] {
            for (l, layer) in s.layers.iter().enumerate() {
                for (k, g) in layer.iter().enumerate() {
                    if layer_base[l][k].0 == primary_pass {
                        columns.extend((1..=g.max_value).map(|value| CoverColumn::Layer {
                            layer: l as u32,
                            group: k as u32,
                            value,
                        }));
                    }
                }
            }
        }
        debug_assert_eq!(columns.len(), primary + secondary);
        // Group index of each cell in each layer.
        let mut in_layer = vec![vec![0u32; cells]; s.layers.len()];
        for (l, layer) in s.layers.iter().enumerate() {
            for (k, g) in layer.iter().enumerate() {
                for &c in &g.cells {
                    in_layer[l][c as usize] = k as u32;
                }
            }
        }
        let mut rows = Vec::new();
        let mut row_meaning = Vec::new();
        let mut first_row = Vec::with_capacity(cells);
        for cell in 0..cells {
            first_row.push(rows.len() as u32);
            let given = givens.get(cell);
            for v in 1..=s.domain[cell] {
                if given != 0 && given != v {
                    continue;
                }
                let vi = v as usize - 1;
                let mut cols = vec![
                    cell as u32,
                    (choice_base[s.choice_of[cell] as usize] + vi) as u32,
                ];
                for l in 0..s.layers.len() {
                    cols.push((layer_base[l][in_layer[l][cell] as usize].1 + vi) as u32);
                }
                cols.sort_unstable();
                rows.push(cols);
                row_meaning.push((cell as u32, v));
            }
        }
        let candidates: u64 = (0..cells)
            .map(|c| {
                if givens.get(c) != 0 {
                    1
                } else {
                    s.domain[c] as u64
                }
            })
            .sum();
        let declared = Sizes::new()
            .with("rows", candidates)
            .with("ones", candidates * (2 + s.layers.len() as u64));
        PuzzleToCover {
            target: ExactCover {
                primary,
                secondary,
                rows,
            },
            columns,
            row_meaning,
            first_row,
            rows: s.rows,
            cols: s.cols,
            declared,
        }
    }
}

impl PuzzleToCover {
    /// What each column of the target stands for, in column order (primary columns first): lets a
    /// target that names its items (the `xcc` export) reuse this construction as it is.
    pub fn columns(&self) -> &[CoverColumn] {
        &self.columns
    }
}

impl Reduction for PuzzleToCover {
    type Source = Puzzle;
    type Target = ExactCover;

    fn name(&self) -> &'static str {
        "cover"
    }
    fn target(&self) -> &ExactCover {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<u32>, CertificateError> {
        if solution.rows() != self.rows || solution.cols() != self.cols {
            return Err(CertificateError::new("solution has the wrong shape"));
        }
        (0..solution.len())
            .map(|cell| {
                let v = solution.get(cell);
                let end = self
                    .first_row
                    .get(cell + 1)
                    .copied()
                    .unwrap_or(self.row_meaning.len() as u32);
                (self.first_row[cell]..end)
                    .find(|&r| self.row_meaning[r as usize].1 == v)
                    .ok_or_else(|| {
                        CertificateError::new(format!(
                            "{} holds {v}, which is not a candidate",
                            crate::puzzle::cell_name(self.cols, cell)
                        ))
                    })
            })
            .collect()
    }
    fn extract(&self, chosen: &Vec<u32>) -> Result<Grid, CertificateError> {
        use crate::reduce::Problem;
        self.target.check(chosen)?;
        let mut grid = Grid::empty(self.rows, self.cols);
        for &r in chosen {
            let (cell, v) = self.row_meaning[r as usize];
            grid.set(cell as usize, v);
        }
        Ok(grid)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}
