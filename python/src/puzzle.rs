//! `Puzzle`, `read`, `parse` and `blank`: the library's puzzle readers and the puzzle's own
//! operations (solve, count, verify, draw).

use crate::errors::{OrRaise, to_py, usage};
use crate::grid::{PyGrid, grid_arg};
use gridreduce::formats::collection::{
    Collection, Entry, FileFormat, ReadOptions, parse_collection, puzzle_text, read_collection,
    select,
};
use gridreduce::formats::sudoku_text::{LayoutSpec, LineFormat, read_region_file};
use gridreduce::puzzle::draw::draw;
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::{Error, InputError};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};

/// One puzzle of a collection: its givens, its known solution (from the file or a solutions file
/// beside it), and the file format its solutions print in.
#[pyclass(module = "gridreduce", name = "Puzzle", frozen)]
pub struct PyPuzzle {
    pub entry: Entry,
    pub format: FileFormat,
}

impl PyPuzzle {
    pub fn puzzle(&self) -> &Puzzle {
        &self.entry.puzzle
    }
    /// A grid of this puzzle, printed as the CLI prints its solutions.
    pub fn grid(&self, grid: Grid) -> PyGrid {
        PyGrid::new(grid, &self.entry.puzzle, self.format)
    }
}

#[pymethods]
impl PyPuzzle {
    /// ``sudoku``, ``suguru``, ``latin``, ``sudoku-x``, ``windoku``, ``sudoku-disjoint`` or ``custom``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.puzzle().kind()
    }
    /// (rows, columns).
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.puzzle().rows(), self.puzzle().cols())
    }
    /// The size as the ``N`` column of ``stats`` writes it (``9`` for a 9x9 Sudoku, ``6x6``).
    #[getter]
    fn size_label(&self) -> String {
        self.puzzle().size_label()
    }
    /// The name the CLI reports (``royle17#1``, or the Suguru block's name).
    #[getter]
    fn name(&self) -> &str {
        &self.entry.name
    }
    /// 1-based position in its file (the CLI's ``--index``).
    #[getter]
    fn index(&self) -> usize {
        self.entry.index
    }
    /// The number of givens.
    #[getter]
    fn clues(&self) -> usize {
        self.puzzle().clues()
    }
    /// The givens as a Grid (0: empty).
    #[getter]
    fn givens(&self) -> PyGrid {
        self.grid(self.puzzle().givens().clone())
    }
    /// The solution the file (or its solutions file) gives, or None.
    #[getter]
    fn solution(&self) -> Option<PyGrid> {
        self.entry.solution.clone().map(|g| self.grid(g))
    }
    /// The puzzle in its file's format (a line for Sudoku, a block for Suguru).
    #[getter]
    fn text(&self) -> String {
        puzzle_text(self.puzzle(), &self.entry.name, self.format)
    }
    /// One solution through ``via`` (the CLI's ``solve --via``: auto, search, sat, ilp, hcp,
    /// cover, backtrack, human, linear), or None when there is none. Raises TimeLimitError after
    /// ``time_limit`` seconds.
    #[pyo3(signature = (via = "auto", time_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        via: &str,
        time_limit: Option<f64>,
    ) -> PyResult<Option<PyGrid>> {
        let grids = crate::batch::solve(py, &[self], via, 1, time_limit, 0)?;
        Ok(grids
            .into_iter()
            .next()
            .and_then(|g| g.into_iter().next())
            .map(|g| self.grid(g)))
    }
    /// The number of solutions, counted up to ``limit`` (2 answers "is it unique?"). With
    /// ``proof`` (a new or empty folder), the count is certified there as ``gridreduce count
    /// --proof`` does (the CNF, the solutions found, and when fewer than ``limit`` exist CaDiCaL's
    /// DRAT proof that no other does); ``check_proof(proof)`` checks it. ``via`` must then be
    /// ``auto``.
    #[pyo3(signature = (limit = 2, via = "auto", time_limit = None, proof = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: usize,
        via: &str,
        time_limit: Option<f64>,
        proof: Option<PathBuf>,
    ) -> PyResult<usize> {
        if let Some(dir) = proof {
            if via != "auto" {
                return Err(usage(
                    "proof= counts with CaDiCaL, whose proof it writes; leave via as auto",
                ));
            }
            let record = gridreduce::route::record::puzzle_record(&self.entry, self.format);
            let deadline = crate::batch::deadline(time_limit)?;
            let done = py
                .detach(|| {
                    gridreduce::proof::puzzle::certify(
                        self.puzzle(),
                        &record,
                        limit,
                        &dir,
                        deadline,
                    )
                })
                .or_raise()?;
            return Ok(done.solutions);
        }
        let grids = crate::batch::solve(py, &[self], via, limit, time_limit, 0)?;
        Ok(grids.first().map_or(0, Vec::len))
    }
    /// Every rule ``grid`` breaks, one message each (``verify`` of the CLI); empty when it is a
    /// solution. ``grid`` is a Grid, its text, a list of rows or a flat list.
    fn verify(&self, grid: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let grid = grid_arg(grid, self.puzzle())?;
        let cols = self.puzzle().cols();
        Ok(self
            .puzzle()
            .verify(&grid)
            .iter()
            .map(|v| v.describe(cols))
            .collect())
    }
    /// The drawing ``gridreduce show`` prints: the givens (or ``grid``) with block or region
    /// borders.
    #[pyo3(signature = (grid = None))]
    fn drawing(&self, grid: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let grid = match grid {
            Some(g) => grid_arg(g, self.puzzle())?,
            None => self.puzzle().givens().clone(),
        };
        Ok(draw(self.puzzle(), &grid))
    }
    fn __repr__(&self) -> String {
        format!(
            "<Puzzle {}: {} {}, {} clues>",
            self.entry.name,
            self.puzzle().kind(),
            self.puzzle().size_label(),
            self.puzzle().clues()
        )
    }
}

/// The layout a Sudoku file is read with: ``boxes="2x3"`` or ``regions=PATH`` (a jigsaw map).
fn layout(boxes: Option<&str>, regions: Option<PathBuf>) -> PyResult<LayoutSpec> {
    match (boxes, regions) {
        (Some(_), Some(_)) => Err(usage("give boxes or regions, not both")),
        (Some(b), None) => LayoutSpec::parse_boxes(b).map_err(usage),
        (None, Some(path)) => read_region_file(&path).or_raise(),
        (None, None) => Ok(LayoutSpec::Default),
    }
}

/// The puzzles of a collection, the first unreadable one raised (the CLI reports each and goes on;
/// a notebook wants to know at once).
fn puzzles(
    collection: Collection,
    index: Option<usize>,
    layout_given: bool,
) -> PyResult<Vec<PyPuzzle>> {
    let format = collection.format;
    if format == FileFormat::Suguru && layout_given {
        return Err(usage(format!(
            "boxes and regions apply to Sudoku only, but {} is a Suguru collection (its regions are in the file)",
            collection.path.display()
        )));
    }
    select(collection, index)
        .or_raise()?
        .into_iter()
        .map(|e| {
            e.map(|entry| PyPuzzle { entry, format })
                .map_err(|e: InputError| to_py(Error::Input(e)))
        })
        .collect()
}

/// The puzzles of a file (Sudoku one per line in either line format, or Suguru blocks): every one,
/// or the ``index``-th (1-based). ``boxes`` ("2x3") or ``regions`` (a region map file) set a Sudoku
/// layout; ``solutions`` a solutions file (by default ``solutions/<stem>.solutions.txt`` beside
/// it, as the CLI finds it). Raises InputError naming file and line.
#[pyfunction]
#[pyo3(signature = (path, *, index = None, boxes = None, regions = None, solutions = None))]
pub fn read(
    py: Python<'_>,
    path: PathBuf,
    index: Option<usize>,
    boxes: Option<&str>,
    regions: Option<PathBuf>,
    solutions: Option<PathBuf>,
) -> PyResult<Vec<PyPuzzle>> {
    let given = boxes.is_some() || regions.is_some();
    let options = ReadOptions {
        layout: layout(boxes, regions)?,
        solutions,
        no_auto_solutions: false,
    };
    let collection = py.detach(|| read_collection(&path, &options)).or_raise()?;
    puzzles(collection, index, given)
}

/// The ``index``-th puzzle of a file (1-based, default the first) as one ``Puzzle``, where
/// ``read(path, index=k)`` gives a list of one. Same keywords and errors as ``read``.
#[pyfunction]
#[pyo3(signature = (path, index = 1, *, boxes = None, regions = None, solutions = None))]
pub fn read_one(
    py: Python<'_>,
    path: PathBuf,
    index: usize,
    boxes: Option<&str>,
    regions: Option<PathBuf>,
    solutions: Option<PathBuf>,
) -> PyResult<PyPuzzle> {
    let mut one = read(py, path, Some(index), boxes, regions, solutions)?;
    Ok(one.remove(0))
}

/// The puzzles of ``text`` (the content of a puzzle file); ``name`` stands for the file in
/// messages and puzzle names.
#[pyfunction]
#[pyo3(signature = (text, *, boxes = None, regions = None, name = "text"))]
pub fn parse(
    text: &str,
    boxes: Option<&str>,
    regions: Option<PathBuf>,
    name: &str,
) -> PyResult<Vec<PyPuzzle>> {
    let given = boxes.is_some() || regions.is_some();
    let layout = layout(boxes, regions)?;
    let collection = parse_collection(Path::new(name), text.as_bytes(), &layout).or_raise()?;
    puzzles(collection, None, given)
}

/// The blank N×N Sudoku (square-box layout), named ``blank-N`` as ``stats --blank`` names it.
#[pyfunction]
pub fn blank(n: usize) -> PyResult<PyPuzzle> {
    let entry = gridreduce::stats::blank_entries(&[n])
        .or_raise()?
        .pop()
        .expect("one size, one entry")
        .map_err(|e| to_py(Error::Input(e)))?;
    Ok(PyPuzzle {
        entry,
        // The one-line form has symbols up to 35; larger grids print as numbers.
        format: FileFormat::Sudoku(if n <= 35 {
            LineFormat::OneLine
        } else {
            LineFormat::Numeric
        }),
    })
}

/// Checks the certificate in ``dir`` (or each certificate folder inside it) as ``gridreduce
/// check-proof`` does, drat-trim included (``GRIDREDUCE_DRAT_TRIM`` or ``drat-trim`` on PATH):
/// a list of ``(folder, accepted, message)``, the message what is proved or the first step that
/// failed.
#[pyfunction]
#[pyo3(signature = (dir, time_limit = 20000.0))]
pub fn check_proof(
    py: Python<'_>,
    dir: PathBuf,
    time_limit: f64,
) -> PyResult<Vec<(String, bool, String)>> {
    let limit =
        crate::batch::seconds(Some(time_limit))?.unwrap_or(std::time::Duration::from_secs(20000));
    let folders = gridreduce::proof::certificate_folders(&dir).or_raise()?;
    let mut out = Vec::new();
    for folder in folders {
        let checked = py
            .detach(|| gridreduce::proof::check(&folder, limit))
            .or_raise()?;
        let name = folder.display().to_string();
        out.push(match checked {
            gridreduce::proof::Checked::Accepted { what, .. } => (name, true, what),
            gridreduce::proof::Checked::Refused(why) => (name, false, why),
        });
    }
    Ok(out)
}
