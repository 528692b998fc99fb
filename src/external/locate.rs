//! Where the tools of a command are: a program on PATH, and for the PyPI tools the shipped
//! `scripts/` folder and a Python that imports their modules.
//!
//! The PyPI tools (xcover, dimod and dwave-samplers, elkai, highspy) live in the project's venv,
//! `target/notebooks-venv` (`scripts/python-venv.sh`), not on PATH, so a profile names `{python}`
//! and `{scripts}` and they are found here: `GRIDREDUCE_PYTHON` / `GRIDREDUCE_SCRIPTS` when set,
//! else the venv and `scripts/` of the checkout gridreduce was built from, else `python3`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether `program` is found on PATH (or is a path to a file), and where.
pub fn on_path(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let p = Path::new(program);
        return p.is_file().then(|| p.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The folder of the shipped scripts: `GRIDREDUCE_SCRIPTS`, else `scripts/` of the checkout this
/// binary was built from.
pub fn scripts_dir() -> PathBuf {
    match std::env::var_os("GRIDREDUCE_SCRIPTS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts"),
    }
}

/// The Python interpreters tried, in order: `GRIDREDUCE_PYTHON` alone when set, else the user's
/// active venv (`VIRTUAL_ENV`), the project's venv, then `python3` on PATH. The active venv comes
/// first so that a user's own installation of the PyPI tools is the one used.
fn candidates() -> Vec<PathBuf> {
    if let Some(p) = std::env::var_os("GRIDREDUCE_PYTHON").filter(|p| !p.is_empty()) {
        return vec![PathBuf::from(p)];
    }
    let mut out = Vec::new();
    if let Some(active) = std::env::var_os("VIRTUAL_ENV").filter(|p| !p.is_empty()) {
        let python = Path::new(&active).join("bin/python");
        if python.is_file() {
            out.push(python);
        }
    }
    let venv = scripts_dir()
        .parent()
        .unwrap_or(Path::new("."))
        .join("target/notebooks-venv/bin/python");
    if venv.is_file() {
        out.push(venv);
    }
    out.extend(on_path("python3"));
    out
}

/// The first Python that imports every module of `modules`, or why none does.
pub fn python_with(modules: &[&str]) -> Result<PathBuf, String> {
    // A template's bare `{python}` needs no module: any interpreter that starts will do.
    let import = if modules.is_empty() {
        "pass".to_string()
    } else {
        format!("import {}", modules.join(", "))
    };
    let tried = candidates();
    for python in &tried {
        let ok = Command::new(python)
            .args(["-c", &import])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Ok(python.clone());
        }
    }
    Err(format!(
        "no Python with {} (tried {}; scripts/python-venv.sh builds target/notebooks-venv, GRIDREDUCE_PYTHON names another)",
        modules.join(", "),
        if tried.is_empty() {
            "none: no python3 on PATH".to_string()
        } else {
            tried
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }
    ))
}
