//! The external proof checker: drat-trim (Heule and Wetzler), which gridreduce did not write.
//!
//! Found as `GRIDREDUCE_DRAT_TRIM` when that is set, else `drat-trim` on `PATH`; never in the
//! checkout the binary was built from, so an installed binary behaves the same anywhere.
//! `scripts/install-drat-trim.sh` builds it from its vendored, unchanged public source
//! (`third_party/drat-trim`). It runs as every external program does
//! ([`crate::external::process::run`]): in its own process group, killed at the deadline and when
//! gridreduce is interrupted.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The environment variable naming the drat-trim binary.
pub const DRAT_TRIM_VAR: &str = "GRIDREDUCE_DRAT_TRIM";

/// Where drat-trim is, or why it is not found.
pub fn drat_trim() -> std::result::Result<PathBuf, String> {
    if let Some(p) = std::env::var_os(DRAT_TRIM_VAR).filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("{DRAT_TRIM_VAR}={} is not a file", p.display()))
        };
    }
    crate::external::locate::on_path("drat-trim").ok_or_else(|| {
        format!(
            "drat-trim is not on PATH and {DRAT_TRIM_VAR} is not set (scripts/install-drat-trim.sh builds it)"
        )
    })
}

/// What the checker said about one proof.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckerVerdict {
    /// `s VERIFIED` was printed.
    pub verified: bool,
    /// The checker's last `s` or `c` line that says why (for a refusal).
    pub detail: String,
    pub seconds: f64,
}

/// Runs drat-trim on `cnf` and `proof` with `limit` (drat-trim's own `-t` and our kill deadline).
/// `Err`: the checker could not be found or started, or it ran out of time.
pub fn run_drat_trim(cnf: &Path, proof: &Path, limit: Duration) -> Result<CheckerVerdict> {
    let program = drat_trim().map_err(Error::Usage)?;
    let scratch = tempfile::Builder::new()
        .prefix(".gridreduce-check-")
        .tempdir()
        .map_err(|e| Error::io(Path::new("."), e))?;
    let out = scratch.path().join("stdout");
    let err = scratch.path().join("stderr");
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let argv = vec![
        program.display().to_string(),
        absolute(cnf).display().to_string(),
        absolute(proof).display().to_string(),
        "-t".into(),
        limit.as_secs().max(1).to_string(),
    ];
    let finished = crate::external::process::run(&argv, scratch.path(), &out, &err, Some(limit))
        .map_err(|e| Error::io(&program, e))?;
    if finished.exit == crate::external::process::Exit::TimedOut {
        return Err(crate::time_limit::exceeded());
    }
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let verified = text.lines().any(|l| l.trim() == "s VERIFIED");
    let detail = text
        .lines()
        .rev()
        .find(|l| l.starts_with("s ") || l.contains("ERROR") || l.contains("WARNING"))
        .unwrap_or("no verdict line")
        .trim()
        .to_string();
    Ok(CheckerVerdict {
        verified,
        detail,
        seconds: finished.seconds,
    })
}

/// Has drat-trim check `proof` against `cnf`: `Ok(seconds)` when it verifies, else the refusal
/// line (naming the proof file). A missing proof file is an `Err`, as any unreadable part is.
pub fn check_proof(
    cnf: &Path,
    proof: &Path,
    limit: Duration,
) -> Result<std::result::Result<f64, String>> {
    if !proof.is_file() {
        return Err(Error::io(
            proof,
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ));
    }
    let verdict = run_drat_trim(cnf, proof, limit)?;
    if verdict.verified {
        return Ok(Ok(verdict.seconds));
    }
    Ok(Err(format!(
        "{}: drat-trim does not verify the proof ({})",
        proof.display(),
        verdict.detail
    )))
}
