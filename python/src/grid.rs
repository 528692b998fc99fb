//! `Grid`: a solution (or the givens) with the text the CLI prints for it.

use gridreduce::formats::collection::{FileFormat, solution_text};
use gridreduce::formats::sudoku_text;
use gridreduce::puzzle::{Grid, Puzzle};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

/// A grid of values, 0 for an empty cell. ``str(grid)`` is the text the CLI prints for a solution
/// (the one-line form for a Sudoku from a one-line file, rows for a Suguru); ``grid.rows`` is a
/// list of rows, ``grid[r][c]`` a value, ``grid.cells`` the row-major list.
#[pyclass(module = "gridreduce", name = "Grid", frozen, eq)]
pub struct PyGrid {
    pub grid: Grid,
    text: String,
}

impl PartialEq for PyGrid {
    fn eq(&self, other: &Self) -> bool {
        self.grid == other.grid
    }
}

impl PyGrid {
    /// `grid` of `puzzle`, printed as a solution of a file in `format`.
    pub fn new(grid: Grid, puzzle: &Puzzle, format: FileFormat) -> PyGrid {
        let text = solution_text(puzzle, &grid, format);
        PyGrid { grid, text }
    }
}

#[pymethods]
impl PyGrid {
    /// The rows, each a list of values (0: empty).
    #[getter]
    fn rows(&self) -> Vec<Vec<u32>> {
        self.grid
            .cells()
            .chunks(self.grid.cols().max(1))
            .map(values)
            .collect()
    }
    /// Every value, row by row.
    #[getter]
    fn cells(&self) -> Vec<u32> {
        values(self.grid.cells())
    }
    /// (rows, columns).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.grid.rows(), self.grid.cols())
    }
    /// The rows as lists (the same as ``rows``).
    fn tolist(&self) -> Vec<Vec<u32>> {
        self.rows()
    }
    fn __len__(&self) -> usize {
        self.grid.rows()
    }
    fn __getitem__(&self, row: isize) -> PyResult<Vec<u32>> {
        let rows = self.grid.rows() as isize;
        let r = if row < 0 { row + rows } else { row };
        if !(0..rows).contains(&r) {
            return Err(PyIndexError::new_err(format!(
                "row {row} is out of range: the grid has {rows} rows"
            )));
        }
        Ok(self.rows().swap_remove(r as usize))
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
    fn __repr__(&self) -> String {
        if self.text.contains('\n') {
            format!("Grid(\n{}\n)", self.text)
        } else {
            format!("Grid({:?})", self.text)
        }
    }
}

/// Values as Python ints (a `Vec<u8>` would become `bytes`).
fn values(cells: &[u8]) -> Vec<u32> {
    cells.iter().map(|&v| u32::from(v)).collect()
}

/// A grid for `puzzle` from Python: a `Grid`, the text of a solution (a Sudoku line, or rows of
/// numbers), a list of rows, or a flat list of values.
pub fn grid_arg(value: &Bound<'_, PyAny>, puzzle: &Puzzle) -> PyResult<Grid> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let grid = if let Ok(g) = value.cast::<PyGrid>() {
        g.get().grid.clone()
    } else if let Ok(text) = value.extract::<String>() {
        parse_grid_text(&text, rows, cols)?
    } else if let Ok(nested) = value.extract::<Vec<Vec<u8>>>() {
        if nested.len() != rows || nested.iter().any(|r| r.len() != cols) {
            return Err(PyValueError::new_err(format!(
                "a grid of this puzzle has {rows} rows of {cols} values"
            )));
        }
        Grid::from_cells(rows, cols, nested.concat())
    } else if let Ok(flat) = value.extract::<Vec<u8>>() {
        Grid::from_cells_checked(rows, cols, flat)?
    } else {
        return Err(PyValueError::new_err(
            "a grid is a Grid, its text, a list of rows or a flat list of values",
        ));
    };
    if grid.rows() != rows || grid.cols() != cols {
        return Err(PyValueError::new_err(format!(
            "the grid is {}x{}, the puzzle {rows}x{cols}",
            grid.rows(),
            grid.cols()
        )));
    }
    Ok(grid)
}

/// A grid's text: a Sudoku line (either line format) or whitespace-separated numbers.
fn parse_grid_text(text: &str, rows: usize, cols: usize) -> PyResult<Grid> {
    let flat: Vec<&str> = text.split_whitespace().collect();
    if flat.len() == rows * cols {
        let values: Result<Vec<u8>, _> = flat.iter().map(|t| t.parse::<u8>()).collect();
        if let Ok(values) = values {
            return Ok(Grid::from_cells(rows, cols, values));
        }
    }
    sudoku_text::parse_grid(text.trim())
        .map(|(g, _)| g)
        .map_err(|e| PyValueError::new_err(format!("not a grid: {e}")))
}

/// `Grid::from_cells` with the length checked (a Python list may have any length).
trait FromCellsChecked: Sized {
    fn from_cells_checked(rows: usize, cols: usize, cells: Vec<u8>) -> PyResult<Self>;
}

impl FromCellsChecked for Grid {
    fn from_cells_checked(rows: usize, cols: usize, cells: Vec<u8>) -> PyResult<Grid> {
        if cells.len() != rows * cols {
            return Err(PyValueError::new_err(format!(
                "a grid of this puzzle has {} values, not {}",
                rows * cols,
                cells.len()
            )));
        }
        Ok(Grid::from_cells(rows, cols, cells))
    }
}
