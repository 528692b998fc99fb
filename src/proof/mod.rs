//! Certified answers: proofs of "no solution", "unique", "exactly k solutions" and "no Hamiltonian
//! cycle" that a checker gridreduce did not write accepts.
//!
//! A solution needs no certificate: it is checked against the puzzle's rules. A negative answer
//! rests on the encoding, the search and the SAT solver being right; a certificate reduces that to
//! the encoding alone (proven by the round-trip and brute-force agreement tests) and a proof that
//! drat-trim ([`checker`]) verifies:
//!
//! * [`puzzle`]: a puzzle's CNF exactly as `reduce --to cnf` writes it, the solutions found, the
//!   formula with each solution excluded, and CaDiCaL's DRAT proof that it is unsatisfiable.
//! * [`hamiltonian`]: a graph's degree model, every subtour cut the search added (each checkable
//!   from the graph alone), and the DRAT proof that the model with the cuts is unsatisfiable.
//!
//! The proofs come from CaDiCaL in-process ([`tracing`]); docs/certificates.md has the chain of
//! trust, the folder layouts and the measured costs.

pub mod checker;
pub mod hamiltonian;
pub mod puzzle;
pub mod tracing;

pub use puzzle::fresh_folder;

use crate::error::{Error, InputError, Result};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The manifest every certificate folder holds (written last).
pub const MANIFEST: &str = "certificate.json";

/// The outcome of checking one certificate, as one line.
#[derive(Clone, Debug, PartialEq)]
pub enum Checked {
    /// What is proved (`royle17#1 is unique`, `no Hamiltonian cycle in graph.hcp`) and the
    /// checker's time.
    Accepted { what: String, checker_seconds: f64 },
    /// The first step that failed.
    Refused(String),
}

/// Checks the certificate in `dir` (of either kind, told by its manifest), drat-trim limited to
/// `limit`. `Err`: the folder cannot be read as a certificate (bad JSON, a missing file, no
/// checker, the checker's time ran out).
pub fn check(dir: &Path, limit: Duration) -> Result<Checked> {
    let manifest: serde_json::Value = puzzle::read_manifest(&dir.join(MANIFEST))?;
    match manifest.get("certificate").and_then(|c| c.as_str()) {
        Some(hamiltonian::HAMILTONIAN_CERTIFICATE) => Ok(match hamiltonian::check(dir, limit)? {
            hamiltonian::Verdict::Accepted {
                vertices,
                cuts,
                checker_seconds,
            } => Checked::Accepted {
                what: format!(
                    "the graph ({vertices} vertices) has no Hamiltonian cycle ({cuts} cuts)"
                ),
                checker_seconds,
            },
            hamiltonian::Verdict::Refused(why) => Checked::Refused(why),
        }),
        _ => Ok(match puzzle::check(dir, limit)? {
            puzzle::Verdict::Accepted {
                name,
                claim,
                solutions,
                checker_seconds,
            } => Checked::Accepted {
                what: format!("{name}: {}", claim.describe(solutions)),
                checker_seconds,
            },
            puzzle::Verdict::Refused(why) => Checked::Refused(why),
        }),
    }
}

/// The certificate folders under `dir`: `dir` itself when it holds a manifest, else its
/// subfolders that do (a batch's output), in natural order (`2` before `10`).
pub fn certificate_folders(dir: &Path) -> Result<Vec<PathBuf>> {
    if dir.join(MANIFEST).is_file() {
        return Ok(vec![dir.to_path_buf()]);
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join(MANIFEST).is_file())
        .collect();
    found.sort_by_key(|p| natural_key(p));
    if found.is_empty() {
        return Err(Error::Input(
            InputError::new(format!(
                "holds no {MANIFEST}, and no folder inside it does: not a certificate"
            ))
            .in_file(dir),
        ));
    }
    Ok(found)
}

/// `2` before `10`, then by name.
fn natural_key(p: &Path) -> (u64, String) {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (name.parse().unwrap_or(u64::MAX), name)
}
