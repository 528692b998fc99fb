//! Suguru (Tectonic, Number Blocks): an R×C grid cut into orthogonally connected regions; a region of
//! size s holds 1..s once each, and no two cells that touch (orthogonally or diagonally) are equal.

use super::grid::Grid;
use super::structure::{GroupKind, Structure, window_groups};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Suguru {
    rows: usize,
    cols: usize,
    /// Region of each cell, `0..k`, numbered in row-major order of first appearance.
    region_of: Vec<u32>,
    givens: Grid,
}

impl Suguru {
    /// Regions may carry any labels; they are renumbered in row-major first-appearance order.
    /// Fails on wrong sizes, a given larger than its region or a region that is not orthogonally
    /// connected (then it is not a Suguru at all).
    pub fn new(rows: usize, cols: usize, labels: &[u32], givens: Grid) -> Result<Self, String> {
        if rows == 0 || cols == 0 {
            return Err("grid has no cells".into());
        }
        if labels.len() != rows * cols {
            return Err(format!(
                "region map has {} cells, expected {}",
                labels.len(),
                rows * cols
            ));
        }
        if givens.rows() != rows || givens.cols() != cols {
            return Err(format!(
                "givens are {}x{}, expected {rows}x{cols}",
                givens.rows(),
                givens.cols()
            ));
        }
        let mut seen: std::collections::HashMap<u32, u32> = Default::default();
        let region_of: Vec<u32> = labels
            .iter()
            .map(|&l| {
                let next = seen.len() as u32;
                *seen.entry(l).or_insert(next)
            })
            .collect();
        let puzzle = Suguru {
            rows,
            cols,
            region_of,
            givens,
        };
        let sizes = puzzle.region_sizes();
        if let Some(g) = sizes.iter().position(|&k| k > super::MAX_VALUE) {
            let first = puzzle
                .region_of
                .iter()
                .position(|&x| x as usize == g)
                .unwrap_or(0);
            return Err(format!(
                "region {} (first cell {}) has {} cells, above {}, the largest region (a cell holds one byte)",
                labels[first],
                super::grid::cell_name(cols, first),
                sizes[g],
                super::MAX_VALUE
            ));
        }
        for (cell, &v) in puzzle.givens.cells().iter().enumerate() {
            let size = sizes[puzzle.region_of[cell] as usize];
            if v as usize > size {
                return Err(format!(
                    "{} holds {v}, but its region has {size} cells",
                    super::grid::cell_name(cols, cell)
                ));
            }
        }
        for g in 0..puzzle.regions() {
            if !region_connected(&puzzle.region_of, rows, cols, g as u32) {
                let first = puzzle
                    .region_of
                    .iter()
                    .position(|&x| x == g as u32)
                    .unwrap_or(0);
                return Err(format!(
                    "region {} (first cell {}) is not orthogonally connected",
                    labels[first],
                    super::grid::cell_name(cols, first)
                ));
            }
        }
        Ok(puzzle)
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    pub fn region_of(&self, cell: usize) -> usize {
        self.region_of[cell] as usize
    }
    pub fn region_map(&self) -> &[u32] {
        &self.region_of
    }
    pub fn regions(&self) -> usize {
        self.region_of
            .iter()
            .map(|&g| g as usize + 1)
            .max()
            .unwrap_or(0)
    }
    pub fn region_sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.regions()];
        for &g in &self.region_of {
            sizes[g as usize] += 1;
        }
        sizes
    }
    pub fn clues(&self) -> usize {
        self.givens.filled()
    }

    /// Regions are the choice groups; the 2×2 windows of the four parity classes are four
    /// at-most-once layers (two for a single row or column, none for a single cell).
    pub fn structure(&self) -> Structure {
        let (rows, cols) = (self.rows, self.cols);
        let rp: &[Option<usize>] = if rows > 1 {
            &[Some(0), Some(1)]
        } else {
            &[None]
        };
        let cp: &[Option<usize>] = if cols > 1 {
            &[Some(0), Some(1)]
        } else {
            &[None]
        };
        let mut layers = Vec::new();
        if rows * cols > 1 {
            for &r in rp {
                for &c in cp {
                    layers.push(window_groups(rows, cols, r, c));
                }
            }
        }
        Structure::new(
            rows,
            cols,
            GroupKind::Region,
            self.region_of.clone(),
            layers,
        )
    }
}

/// Whether the cells labelled `g` form one orthogonally connected piece.
pub(crate) fn region_connected(map: &[u32], rows: usize, cols: usize, g: u32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A region of 256 cells would need the value 256, which a cell cannot hold: refused; 255
    /// cells is the largest region.
    #[test]
    fn a_region_above_255_cells_is_refused() {
        let err = Suguru::new(1, 256, &[7; 256], Grid::empty(1, 256)).unwrap_err();
        assert_eq!(
            err,
            "region 7 (first cell r1c1) has 256 cells, above 255, the largest region (a cell holds one byte)"
        );
        assert!(Suguru::new(1, 255, &[7; 255], Grid::empty(1, 255)).is_ok());
    }
}
