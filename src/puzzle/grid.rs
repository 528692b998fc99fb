//! A filled (or partly filled) rectangular grid of small numbers: the solution type of every puzzle.

use std::fmt;

/// Cell values row-major; `0` means empty. Values are small (Sudoku up to N = 64, Suguru up to region
/// size), so one byte a cell keeps 49,158-puzzle batches cheap.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Grid {
    pub fn empty(rows: usize, cols: usize) -> Self {
        Grid {
            rows,
            cols,
            cells: vec![0; rows * cols],
        }
    }

    /// Panics if `cells.len() != rows * cols`: callers build grids from data they have sized.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Self {
        assert_eq!(
            cells.len(),
            rows * cols,
            "grid of {rows}x{cols} needs {} cells",
            rows * cols
        );
        Grid { rows, cols, cells }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }
    pub fn set(&mut self, cell: usize, value: u8) {
        self.cells[cell] = value;
    }
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.cols + col]
    }
    /// Number of non-empty cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

/// `r3c5`-style name of a cell (1-based), the notation of the Sudoku community, used in every message.
pub fn cell_name(cols: usize, cell: usize) -> String {
    format!("r{}c{}", cell / cols + 1, cell % cols + 1)
}

impl fmt::Display for Grid {
    /// Rows on lines, values separated by spaces; for messages and tests, not a file format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols).map(|c| self.at(r, c).to_string()).collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}
