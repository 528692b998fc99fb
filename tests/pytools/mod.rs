//! The Python that runs the PyPI tools of the `xcc` and `qubo` routes (`xcover`, `dimod`,
//! `dwave-samplers`): the notebooks' venv that `scripts/notebooks.sh` builds from
//! `notebooks/requirements.txt`, else `python3` if it has the modules. Tests that need it print a
//! visible `SKIPPED:` line and return when neither has them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The crate root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A Python interpreter that imports every module of `modules`, or `None` after printing
/// `SKIPPED: <test>: …`.
pub fn python_with(modules: &[&str], test: &str) -> Option<PathBuf> {
    let venv = root().join("target/notebooks-venv/bin/python");
    let import = format!("import {}", modules.join(", "));
    for python in [venv, PathBuf::from("python3")] {
        let ok = Command::new(&python)
            .args(["-c", &import])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Some(python);
        }
    }
    eprintln!(
        "SKIPPED: {test}: no Python with {} (run scripts/notebooks.sh to build target/notebooks-venv)",
        modules.join(", ")
    );
    None
}

/// Runs `python script args…` from the crate root.
pub fn run(python: &Path, script: &str, args: &[&str]) -> Output {
    Command::new(python)
        .arg(root().join(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {script}: {e}"))
}
