//! `reduce` and `Reduction`: a route of the registry built for one puzzle, with the CLI's
//! parameters (`RouteOptions::from_given`), its files (`route::write_export`), its answers
//! (`Built::decode`, `witness_answer`) and its instance text for the Python conversions.

use crate::errors::{OrRaise, to_py, usage};
use crate::grid::{PyGrid, grid_arg};
use crate::puzzle::PyPuzzle;
use gridreduce::formats::arcs::parse_arcs;
use gridreduce::formats::collection::{Entry, FileFormat};
use gridreduce::formats::map::MapFile;
use gridreduce::formats::sudoku_text;
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tsplib::parse_hcp;
use gridreduce::puzzle::Puzzle;
use gridreduce::route::{self, AnswerHints, Built, RouteOptions, first_solution};
use gridreduce::{Error, InputError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A graph as (directed, vertex count, edges or arcs numbered from 1).
type GraphData = (bool, u32, Vec<(u32, u32)>);

/// A puzzle reduced to one target: the built instance and the parameters that made it.
#[pyclass(module = "gridreduce", name = "Reduction", frozen)]
pub struct PyReduction {
    built: Arc<dyn Built>,
    options: RouteOptions,
    /// The parameters as given (registry key, text), to add `format` to for `write`.
    given: Vec<(&'static str, String)>,
    entry: Entry,
    format: FileFormat,
}

/// A keyword argument's value as the text a flag or a YAML key would give.
fn value_text(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() {
        Ok(value.extract::<bool>()?.to_string())
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyString>() {
        Ok(value.str()?.to_string())
    } else {
        Err(usage(format!(
            "{key}: give a str, an int or a bool, not {}",
            value.get_type().name()?
        )))
    }
}

/// Checks `to` and the given (key, text) pairs with the registry: the CLI's and the pipeline's
/// check, with the keys as Python spells them.
fn options(to: &str, given: &[(&'static str, String)]) -> PyResult<RouteOptions> {
    RouteOptions::from_given(to, given).map_err(|e| {
        let message = e.to_string();
        // `keep-clue-arcs` is `keep_clue_arcs=` here.
        let message = given.iter().fold(message, |m, (k, _)| {
            m.replace(&format!("`{k}`"), &format!("`{}`", k.replace('-', "_")))
        });
        usage(message)
    })
}

/// Reduces ``puzzle`` to the target ``to`` (``gridreduce routes()`` lists them) with the
/// parameters of ``gridreduce reduce --to``, as keyword arguments (``keep_clue_arcs=True`` for
/// ``--keep-clue-arcs``, ``stage="reduced"``, ``encoding="minimal"``).
#[pyfunction]
#[pyo3(signature = (puzzle, to, **params))]
pub fn reduce(
    py: Python<'_>,
    puzzle: Bound<'_, PyPuzzle>,
    to: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyReduction> {
    let all = route::all_params();
    let mut given = Vec::new();
    if let Some(params) = params {
        for (k, v) in params.iter() {
            let key: String = k.extract()?;
            let Some((p, _)) = all.iter().find(|(p, _)| p.key == key.replace('_', "-")) else {
                return Err(usage(format!(
                    "{key}: unknown parameter (the parameters of every target: {})",
                    all.iter()
                        .map(|(p, _)| p.key.replace('-', "_"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            };
            given.push((p.key, value_text(&key, &v)?));
        }
    }
    let options = options(to, &given)?;
    let p = puzzle.get();
    let built = py
        .detach(|| {
            // The CLI's guard against allocations that would abort the process (issue 19): a
            // Python kernel dies the same way, so refuse with ConstructionError first.
            gridreduce::memory::check(&p.entry.puzzle, &options.route.footprint(&options.params))?;
            options.route.build(&p.entry.puzzle, &options.params)
        })
        .or_raise()?;
    Ok(PyReduction {
        built,
        options,
        given,
        entry: p.entry.clone(),
        format: p.format,
    })
}

/// The name, one-line description and parameter keys of every target, in registry order.
#[pyfunction]
pub fn routes() -> Vec<(&'static str, &'static str, Vec<String>)> {
    route::registry()
        .iter()
        .map(|r| {
            let keys = r.params().iter().map(|p| p.key.replace('-', "_")).collect();
            (r.name(), r.about(), keys)
        })
        .collect()
}

/// Decodes a solver's answer for an instance that ``gridreduce reduce`` (or ``Reduction.write``)
/// wrote, from its ``.map`` file, as ``gridreduce decode`` does: the grid, to check with
/// ``Puzzle.verify``.
#[pyfunction]
#[pyo3(signature = (map_path, answer_path, *, format = None, base = None))]
pub fn decode(
    py: Python<'_>,
    map_path: PathBuf,
    answer_path: PathBuf,
    format: Option<String>,
    base: Option<u32>,
) -> PyResult<PyGrid> {
    let (puzzle, grid) = py
        .detach(|| -> gridreduce::error::Result<_> {
            let map = MapFile::read(&map_path)?;
            let (puzzle, built) = route::rebuild(&map, &map_path)?;
            let hints = hints(built.as_ref(), format, base)?;
            let grid = built.decode(&answer_path, &hints)?;
            let format = match &puzzle {
                Puzzle::Sudoku(_) => FileFormat::Sudoku(sudoku_text::detect(&map.puzzle.text)),
                Puzzle::Suguru(_) => FileFormat::Suguru,
                Puzzle::Described(_) => FileFormat::Spec,
            };
            Ok(((puzzle, format), grid))
        })
        .or_raise()?;
    Ok(PyGrid::new(grid, &puzzle.0, puzzle.1))
}

/// The decoder's hints, `format` checked against the instance's answer formats.
fn hints(
    built: &dyn Built,
    format: Option<String>,
    base: Option<u32>,
) -> gridreduce::error::Result<AnswerHints> {
    if let Some(f) = &format
        && !built.answer_formats().contains(&f.as_str())
    {
        return Err(Error::Usage(format!(
            "format={f:?}: the answers of this {} instance are {}",
            built.kind(),
            built.answer_formats().join(", ")
        )));
    }
    Ok(AnswerHints { format, base })
}

/// An error about an answer given as text (written to a scratch file for the decoder), without
/// the scratch file's name.
fn without_file(error: Error) -> Error {
    match error {
        Error::Certificate { error, .. } => Error::Certificate { file: None, error },
        Error::Input(e) => Error::Input(InputError { file: None, ..e }),
        other => other,
    }
}

impl PyReduction {
    fn title(&self) -> String {
        self.options
            .route
            .title(&self.entry.name, &self.entry.puzzle)
    }
    fn grid(&self, grid: gridreduce::puzzle::Grid) -> PyGrid {
        PyGrid::new(grid, &self.entry.puzzle, self.format)
    }
}

#[pymethods]
impl PyReduction {
    /// The target's name (``hcp``, ``cnf``, ...).
    #[getter]
    fn to(&self) -> &'static str {
        self.options.route.name()
    }
    /// The ``.map`` target kind (``hcp``, ``directed-hcp``, ``cnf``, ...).
    #[getter]
    fn kind(&self) -> &'static str {
        self.built.kind()
    }
    /// The parameters as ``reduce`` and a pipeline file would record them.
    #[getter]
    fn params(&self) -> Vec<(String, String)> {
        self.options
            .pairs()
            .into_iter()
            .map(|(k, v)| (k.replace('-', "_"), v.to_string()))
            .collect()
    }
    /// One line saying what was built, with sizes (what ``reduce`` prints).
    #[getter]
    fn summary(&self) -> String {
        self.built.summary()
    }
    /// The fingerprint the ``.map`` file records.
    #[getter]
    fn fingerprint(&self) -> String {
        self.built.fingerprint()
    }
    /// The file format of the instance text and its extension.
    #[getter]
    fn file_format(&self) -> PyResult<(&'static str, &'static str)> {
        self.built.file_format(&self.options.params).or_raise()
    }
    /// The answer formats ``decode`` and ``extract`` read.
    #[getter]
    fn answer_formats(&self) -> Vec<&'static str> {
        self.built.answer_formats().to_vec()
    }
    /// The sizes the ``.map`` file records (``vertices``, ``edges``, ``clauses``, ...).
    fn sizes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        sizes_dict(py, &self.built.sizes())
    }
    /// The name and sizes of every stage, first to last.
    fn stages<'py>(&self, py: Python<'py>) -> PyResult<Vec<(&'static str, Bound<'py, PyDict>)>> {
        self.built
            .stages()
            .iter()
            .map(|(name, sizes)| Ok((*name, sizes_dict(py, sizes)?)))
            .collect()
    }
    /// The instance file's text, in ``file_format`` (what ``write`` puts in ``PREFIX.<ext>``).
    fn text(&self, py: Python<'_>) -> PyResult<String> {
        let (format, _) = self.file_format()?;
        let title = self.title();
        let mut out = Vec::new();
        py.detach(|| self.built.write(format, &title, &mut out))
            .map_err(|e| to_py(Error::io(Path::new("-"), e)))?;
        String::from_utf8(out).map_err(|e| usage(format!("the instance is not text: {e}")))
    }
    /// The graph of an ``hcp`` reduction: (directed, vertex count, edges or arcs), vertices
    /// numbered from 1 as in the exported file (TSPLIB for undirected stages, the arc list for the
    /// directed one), read back with the library's own readers.
    fn graph(&self, py: Python<'_>) -> PyResult<GraphData> {
        let kind = self.built.kind();
        let directed = match kind {
            "hcp" => false,
            "directed-hcp" => true,
            _ => return Err(usage(format!("a {kind} instance is not a graph"))),
        };
        let title = self.title();
        py.detach(|| {
            let mut out = Vec::new();
            let format = if directed { "arcs" } else { "tsplib" };
            self.built
                .write(format, &title, &mut out)
                .map_err(|e| Error::io(Path::new("-"), e))?;
            let limits = ReadLimits::default();
            Ok(if directed {
                let d = parse_arcs(out.as_slice(), &limits)?;
                (
                    true,
                    d.vertices(),
                    d.arcs().map(|(a, b)| (a + 1, b + 1)).collect(),
                )
            } else {
                let (g, _) = parse_hcp(out.as_slice(), &limits)?;
                (
                    false,
                    g.vertices(),
                    g.edges().map(|(a, b)| (a + 1, b + 1)).collect(),
                )
            })
        })
        .or_raise()
    }
    /// Writes ``PREFIX.<ext>``, ``PREFIX.map`` and the extra files the parameters ask for
    /// (``witness=True``: ``PREFIX.tour``), the same files as ``gridreduce reduce -o PREFIX``;
    /// ``format`` overrides the graph or QUBO file format. Returns the paths written.
    #[pyo3(signature = (prefix, format = None))]
    fn write(
        &self,
        py: Python<'_>,
        prefix: PathBuf,
        format: Option<String>,
    ) -> PyResult<Vec<PathBuf>> {
        let mut given = self.given.clone();
        given.retain(|(k, _)| *k != "format");
        if let Some(f) = format {
            given.push(("format", f));
        }
        let options = options(self.options.route.name(), &given)?;
        py.detach(|| {
            let export = route::export(&self.entry, &options, &first_solution)?;
            let (file, map) = route::write_export(&export, &self.entry, self.format, &prefix)?;
            let mut paths = vec![file];
            paths.extend(
                export
                    .extras
                    .iter()
                    .map(|(ext, _)| route::with_suffix(&prefix, &format!(".{ext}"))),
            );
            paths.push(map);
            Ok(paths)
        })
        .or_raise()
    }
    /// Reads a solver's answer file for this instance (format detected unless given), checks it
    /// and lifts it to a grid, as ``gridreduce decode`` does.
    #[pyo3(signature = (answer_path, format = None, base = None))]
    fn decode(
        &self,
        py: Python<'_>,
        answer_path: PathBuf,
        format: Option<String>,
        base: Option<u32>,
    ) -> PyResult<PyGrid> {
        let grid = py
            .detach(|| {
                let hints = hints(self.built.as_ref(), format, base)?;
                self.built.decode(&answer_path, &hints)
            })
            .or_raise()?;
        Ok(self.grid(grid))
    }
    /// The answer a solver would give for the solution ``grid`` (in the first answer format):
    /// what ``decode`` turns back into ``grid``.
    fn witness(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<String> {
        let grid = grid_arg(grid, &self.entry.puzzle)?;
        let bytes = py.detach(|| self.built.witness_answer(&grid)).or_raise()?;
        String::from_utf8(bytes).map_err(|e| usage(format!("the answer is not text: {e}")))
    }
    /// Decodes an answer given as text (a SAT model's ``v`` lines, a tour, 0/1 values, ...).
    #[pyo3(signature = (text, format = None, base = None))]
    fn extract_text(
        &self,
        py: Python<'_>,
        text: &str,
        format: Option<String>,
        base: Option<u32>,
    ) -> PyResult<PyGrid> {
        let grid = py
            .detach(|| {
                let hints = hints(self.built.as_ref(), format, base)?;
                let scratch = scratch_file(text)?;
                self.built
                    .decode(scratch.path(), &hints)
                    .map_err(without_file)
            })
            .or_raise()?;
        Ok(self.grid(grid))
    }
    fn __repr__(&self) -> String {
        format!(
            "<Reduction {} to {}: {}>",
            self.entry.name,
            self.options.route.name(),
            self.built.summary()
        )
    }
}

/// A scratch file holding `text`, removed when dropped.
fn scratch_file(text: &str) -> gridreduce::error::Result<tempfile::NamedTempFile> {
    let scratch_dir = Path::new("-");
    let mut file = tempfile::NamedTempFile::new().map_err(|e| Error::io(scratch_dir, e))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| Error::io(scratch_dir, e))?;
    Ok(file)
}

fn sizes_dict<'py>(
    py: Python<'py>,
    sizes: &gridreduce::reduce::Sizes,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in sizes.iter() {
        d.set_item(k, v)?;
    }
    Ok(d)
}
