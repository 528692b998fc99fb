//! `gridreduce._native`: the Python package's native module, a thin layer over the library.
//!
//! Puzzles come from the library's readers, reductions from the route registry
//! (`RouteOptions::from_given` checks the keyword arguments as it checks the CLI's flags and a
//! pipeline's keys), files from `route::write_export` (the files `gridreduce reduce` writes),
//! statistics from `stats::Plan`. Nothing here re-implements a reduction, a format or a check: the
//! Python side (python/gridreduce/__init__.py) only turns text the library writes into networkx,
//! PySAT and dimod objects. Long calls release the GIL; batch calls use rayon as the CLI does.

mod batch;
mod errors;
mod grid;
mod puzzle;
mod reduction;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<grid::PyGrid>()?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<reduction::PyReduction>()?;
    m.add_function(wrap_pyfunction!(puzzle::read, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::read_one, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::parse, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::blank, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::check_proof, m)?)?;
    m.add_function(wrap_pyfunction!(reduction::reduce, m)?)?;
    m.add_function(wrap_pyfunction!(reduction::decode, m)?)?;
    m.add_function(wrap_pyfunction!(reduction::routes, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::stats_rows, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
