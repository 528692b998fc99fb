//! Certificates for a puzzle's number of solutions: "no solution", "unique", "exactly k".
//!
//! A certificate is a folder:
//!
//! | file | what it holds |
//! |---|---|
//! | `certificate.json` | the claim, the puzzle (its `.map` record: kind, layout, text), the encoding, the solutions found (cell values, row by row), the other files' names; written last, so a folder without it is no certificate |
//! | `puzzle.cnf` | the puzzle's CNF exactly as `gridreduce reduce --to cnf` writes it (the kind's default encoding, givens as unit clauses) |
//! | `refute.cnf` | `puzzle.cnf`'s formula plus one clause per solution found that excludes it (`¬x(c, v)` over the solution's cells), under a two-line comment |
//! | `refute.drat` | CaDiCaL's DRAT proof (binary) that `refute.cnf` is unsatisfiable |
//!
//! The claim follows: every model of `puzzle.cnf` is a solution of the puzzle and every solution a
//! model (the encoding, checked by the round-trip and brute-force agreement tests); the solutions
//! listed are solutions (checked against the puzzle's rules) and distinct; `refute.cnf` has no
//! model, so no solution but those listed exists. [`check`] re-derives every step but the
//! encoding's correctness from the puzzle alone: it rebuilds `puzzle.cnf` and `refute.cnf` and
//! compares them byte for byte, checks each solution, and hands the proof to drat-trim.
//!
//! When `limit` solutions are found the claim is "at least `limit`" and needs no proof: the
//! solutions are the evidence, and `refute.*` are not written.

use super::checker;
use super::tracing::refute;
use crate::error::{Error, InputError, Result};
use crate::formats::atomic::write_atomic;
use crate::formats::dimacs;
use crate::formats::map::PuzzleRecord;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::sat::{Cnf, CnfOptions, Encoding, PuzzleToCnf};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::{Duration, Instant};

/// The `certificate` value of a puzzle certificate's JSON.
pub const PUZZLE_CERTIFICATE: &str = "gridreduce puzzle certificate 1";
/// The file names inside a certificate folder.
pub const MANIFEST: &str = super::MANIFEST;
pub const FORMULA: &str = "puzzle.cnf";
pub const REFUTATION: &str = "refute.cnf";
pub const PROOF: &str = "refute.drat";

/// What a certificate says about the number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// No solution (none found, proof of the rest).
    NoSolution,
    /// Exactly one (found, and a proof that no other exists).
    Unique,
    /// Exactly `solutions.len()`, more than one.
    Exactly,
    /// At least `solutions.len()` (the count stopped at its limit; no proof needed).
    AtLeast,
}

impl Claim {
    fn of(found: usize, limit: usize) -> Claim {
        match found {
            _ if found >= limit => Claim::AtLeast,
            0 => Claim::NoSolution,
            1 => Claim::Unique,
            _ => Claim::Exactly,
        }
    }

    /// `no solution`, `unique`, `exactly 3 solutions`, `at least 2 solutions`.
    pub fn describe(self, solutions: usize) -> String {
        match self {
            Claim::NoSolution => "no solution".into(),
            Claim::Unique => "unique".into(),
            Claim::Exactly => format!("exactly {solutions} solutions"),
            Claim::AtLeast => format!("at least {solutions} solutions"),
        }
    }

    fn needs_proof(self) -> bool {
        self != Claim::AtLeast
    }
}

/// `certificate.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`PUZZLE_CERTIFICATE`].
    pub certificate: String,
    pub claim: Claim,
    pub puzzle: PuzzleRecord,
    /// The CNF encoding of `formula` (`Encoding::name`).
    pub encoding: String,
    /// Each solution's cell values, row by row.
    pub solutions: Vec<Vec<u8>>,
    pub formula: String,
    /// `refute.cnf` and `refute.drat`, absent for [`Claim::AtLeast`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refutation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// `drat` (CaDiCaL's binary DRAT, which drat-trim reads as it is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_format: Option<String>,
    /// The gridreduce version that wrote it (the CNF's first comment line names it too).
    pub written_by: String,
}

/// What [`certify`] did.
#[derive(Clone, Debug)]
pub struct Certified {
    pub claim: Claim,
    pub solutions: usize,
    /// Seconds to find the solutions, and to write the proof (0 without one).
    pub solve_seconds: f64,
    pub prove_seconds: f64,
    /// Bytes of the proof file (0 without one).
    pub proof_bytes: u64,
}

/// The encoding a certificate uses: the kind's default, as `reduce --to cnf` writes it.
fn certificate_options(puzzle: &Puzzle) -> CnfOptions {
    CnfOptions {
        encoding: Encoding::default_for(puzzle),
        simplify: false,
    }
}

/// `puzzle.cnf`'s bytes: what `reduce --to cnf` writes for this puzzle and name.
fn formula_bytes(reduction: &PuzzleToCnf, name: &str, puzzle: &Puzzle) -> Vec<u8> {
    let mut bytes = Vec::new();
    dimacs::write_cnf(&mut bytes, reduction, &crate::route::title(name, puzzle))
        .expect("writing to memory does not fail");
    bytes
}

/// `refute.cnf`'s bytes: the formula and one blocking clause per solution.
fn refutation_bytes(reduction: &PuzzleToCnf, solutions: &[Grid]) -> (Cnf, Vec<u8>) {
    let base = reduction.target();
    let mut cnf = Cnf::new(base.vars());
    for clause in base.clauses() {
        cnf.add_clause(clause);
    }
    for grid in solutions {
        cnf.add_clause(&reduction.blocking_clause(grid));
    }
    let mut bytes = Vec::new();
    bytes.extend_from_slice(
        format!(
            "c gridreduce certificate: the clauses of {FORMULA}, then one clause per solution listed in {MANIFEST}\n\
             c that excludes it; unsatisfiable when no other solution exists\n"
        )
        .as_bytes(),
    );
    dimacs::write_formula(&mut bytes, &cnf).expect("writing to memory does not fail");
    (cnf, bytes)
}

/// Refuses a folder that exists and is not empty: a certificate is never mixed with other files
/// or written over another. Checked before any work; the folder is made only when the
/// certificate's first file is written, so a search that ends without one leaves
/// nothing behind.
pub fn fresh_folder(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::Usage(format!(
            "{}: is a file, not a folder; a certificate goes into a new or empty folder",
            dir.display()
        )));
    }
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(Error::Usage(format!(
                    "{}: the certificate folder exists and is not empty; name a new one",
                    dir.display()
                )));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(dir, e)),
    }
}

/// A certificate folder being written: unless [`Partial::finish`] has written the manifest, the
/// last file, dropping it removes the files written so far and the folder if it
/// made it, so a failed or interrupted run leaves no half certificate.
pub(super) struct Partial {
    dir: std::path::PathBuf,
    made: bool,
    files: Vec<std::path::PathBuf>,
    /// Each file registered for removal should the process be interrupted (the folder's own
    /// removal is left to this guard's drop: an interrupted run may leave an empty folder).
    guards: Vec<crate::cleanup::Registered>,
    kept: bool,
}

impl Partial {
    /// Makes the folder (and its parents) when it does not exist.
    pub(super) fn new(dir: &Path) -> Result<Partial> {
        let made = !dir.exists();
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        Ok(Partial {
            dir: dir.to_path_buf(),
            made,
            files: Vec::new(),
            guards: Vec::new(),
            kept: false,
        })
    }

    /// Writes `name` in the folder atomically and remembers it.
    pub(super) fn write(&mut self, name: &str, bytes: &[u8]) -> Result<std::path::PathBuf> {
        let path = self.dir.join(name);
        self.track(&path);
        write_atomic(&path, |w| w.write_all(bytes))?;
        Ok(path)
    }

    /// Remembers a file written by someone else (the proof).
    pub(super) fn track(&mut self, path: &Path) {
        self.guards.push(crate::cleanup::register(path));
        self.files.push(path.to_path_buf());
    }

    /// Writes the manifest, the certificate's last file, and keeps the folder.
    pub(super) fn finish(mut self, manifest: &impl Serialize) -> Result<()> {
        let mut json = serde_json::to_vec_pretty(manifest).expect("a manifest serialises");
        json.push(b'\n');
        self.write(MANIFEST, &json)?;
        self.kept = true;
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        for f in &self.files {
            let _ = std::fs::remove_file(f);
        }
        if self.made {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }
}

/// Finds up to `limit` solutions of `puzzle` and writes the certificate of their number into
/// `dir` (created; it must not hold anything yet). `record` is the puzzle's `.map` record, which
/// [`check`] rebuilds the puzzle from. `Error::Timeout` once `deadline` has passed.
pub fn certify(
    puzzle: &Puzzle,
    record: &PuzzleRecord,
    limit: usize,
    dir: &Path,
    deadline: Option<Instant>,
) -> Result<Certified> {
    let limit = limit.max(1);
    fresh_folder(dir)?;
    let options = certificate_options(puzzle);
    let reduction = PuzzleToCnf::new(puzzle, options)?;
    let started = Instant::now();
    // The count itself as `count --via sat` makes it (the two-member portfolio above 16×16), on
    // the certificate's own encoding; only the refutation below is traced.
    let found = crate::sat::solutions_until(puzzle, options, limit, deadline)?;
    let solve_seconds = started.elapsed().as_secs_f64();
    let claim = Claim::of(found.len(), limit);
    let mut partial = Partial::new(dir)?;
    partial.write(FORMULA, &formula_bytes(&reduction, &record.name, puzzle))?;
    let (mut prove_seconds, mut proof_bytes) = (0.0, 0);
    if claim.needs_proof() {
        let (cnf, bytes) = refutation_bytes(&reduction, &found);
        partial.write(REFUTATION, &bytes)?;
        let proof_path = dir.join(PROOF);
        partial.track(&proof_path);
        let refuted = refute(&cnf, &proof_path, deadline, "the count")?;
        prove_seconds = refuted.seconds;
        proof_bytes = refuted.bytes;
    }
    let manifest = Manifest {
        certificate: PUZZLE_CERTIFICATE.into(),
        claim,
        puzzle: record.clone(),
        encoding: options.encoding.name().into(),
        solutions: found.iter().map(|g| g.cells().to_vec()).collect(),
        formula: FORMULA.into(),
        refutation: claim.needs_proof().then(|| REFUTATION.into()),
        proof: claim.needs_proof().then(|| PROOF.into()),
        proof_format: claim.needs_proof().then(|| "drat".into()),
        written_by: format!("gridreduce {}", env!("CARGO_PKG_VERSION")),
    };
    partial.finish(&manifest)?;
    Ok(Certified {
        claim,
        solutions: found.len(),
        solve_seconds,
        prove_seconds,
        proof_bytes,
    })
}

/// What [`check`] concluded about a certificate that could be read.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every step holds: `claim` about the puzzle `name` is proved.
    Accepted {
        name: String,
        claim: Claim,
        solutions: usize,
        /// drat-trim's time (0 without a proof).
        checker_seconds: f64,
    },
    /// The first step that fails, in one line naming the file.
    Refused(String),
}

/// The first line where `a` and `b` differ (1-based), with both lines, for a refusal.
pub(super) fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (la, lb): (Vec<&[u8]>, Vec<&[u8]>) = (
        a.split(|&c| c == b'\n').collect(),
        b.split(|&c| c == b'\n').collect(),
    );
    let show = |l: Option<&&[u8]>| match l {
        Some(l) => format!("`{}`", String::from_utf8_lossy(&l[..l.len().min(60)])),
        None => "the end of the file".into(),
    };
    for i in 0..la.len().max(lb.len()) {
        if la.get(i) != lb.get(i) {
            return format!(
                "line {} is {}, rebuilt: {}",
                i + 1,
                show(la.get(i)),
                show(lb.get(i))
            );
        }
    }
    "the files differ".into()
}

/// Reads a file of the certificate, at most `max` bytes (a larger one is refused, not read).
fn read_part(path: &Path, max: u64) -> Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    if meta.len() > max {
        return Err(Error::Input(
            InputError::new(format!("is larger than {max} bytes")).in_file(path),
        ));
    }
    std::fs::read(path).map_err(|e| Error::io(path, e))
}

/// The first `limit` bytes of a certificate's file (all of it when it is shorter): enough to
/// compare it with a rebuilt file of `limit - 1` bytes, whatever its size on disk.
pub(super) fn read_prefix(path: &Path, limit: usize) -> Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(limit as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    Ok(bytes)
}

/// A certificate's manifest, as JSON; bad JSON is bad input naming the file and line.
pub fn read_manifest<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T> {
    let bytes = read_part(path, 64 << 20)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        let message = crate::formats::json::bare_message(&e);
        Error::Input(crate::formats::json::positioned(&e, message).in_file(path))
    })
}

/// Checks the certificate in `dir`: rebuilds the puzzle from the manifest, its CNF and the
/// refutation formula (byte for byte), checks each solution against the puzzle's rules and the CNF,
/// and runs drat-trim on the proof with `limit`. `Err` for a folder that cannot be read as a
/// certificate at all (bad JSON, a missing file, no checker).
pub fn check(dir: &Path, limit: Duration) -> Result<Verdict> {
    let manifest_path = dir.join(MANIFEST);
    let manifest: Manifest = read_manifest(&manifest_path)?;
    let refuse = |what: String| Ok(Verdict::Refused(what));
    if manifest.certificate != PUZZLE_CERTIFICATE {
        return refuse(format!(
            "{}: not a puzzle certificate (`certificate` is {:?})",
            manifest_path.display(),
            manifest.certificate
        ));
    }
    let puzzle = match crate::route::record::rebuild_puzzle(&manifest.puzzle, &manifest_path) {
        Ok(p) => p,
        Err(e) => return refuse(format!("the puzzle does not rebuild: {e}")),
    };
    let Some(encoding) = Encoding::from_name(&manifest.encoding) else {
        return refuse(format!(
            "{}: unknown encoding {:?}",
            manifest_path.display(),
            manifest.encoding
        ));
    };
    let options = CnfOptions {
        encoding,
        simplify: false,
    };
    if options != certificate_options(&puzzle) {
        return refuse(format!(
            "{}: encoding {} is not the one certificates use for a {} ({})",
            manifest_path.display(),
            manifest.encoding,
            puzzle.kind(),
            certificate_options(&puzzle).encoding.name()
        ));
    }
    let reduction = PuzzleToCnf::new(&puzzle, options)?;
    // 1. The formula is the puzzle's.
    let formula_path = dir.join(&manifest.formula);
    let rebuilt = formula_bytes(&reduction, &manifest.puzzle.name, &puzzle);
    let written = read_prefix(&formula_path, rebuilt.len() + 1)?;
    if written != rebuilt {
        return refuse(format!(
            "{} is not the CNF of the puzzle: {}",
            formula_path.display(),
            first_difference(&written, &rebuilt)
        ));
    }
    // 2. The solutions are solutions, distinct, and models of the formula.
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut grids: Vec<Grid> = Vec::new();
    for (i, cells) in manifest.solutions.iter().enumerate() {
        let n = i + 1;
        if cells.len() != rows * cols {
            return refuse(format!(
                "{}: solution {n} has {} cells, the puzzle {}",
                manifest_path.display(),
                cells.len(),
                rows * cols
            ));
        }
        let grid = Grid::from_cells(rows, cols, cells.clone());
        if let Some(v) = puzzle.verify(&grid).first() {
            return refuse(format!(
                "{}: solution {n} is not a solution: {}",
                manifest_path.display(),
                v.describe(cols)
            ));
        }
        if grids.contains(&grid) {
            return refuse(format!(
                "{}: solution {n} is listed twice",
                manifest_path.display()
            ));
        }
        let model = reduction.witness(&grid)?;
        if let Some((c, _)) = reduction.target().first_unsatisfied(&model) {
            return refuse(format!(
                "{}: solution {n} violates clause {} of {}",
                manifest_path.display(),
                c + 1,
                manifest.formula
            ));
        }
        grids.push(grid);
    }
    // 3. The claim fits the solutions.
    let claim = manifest.claim;
    let fits = match claim {
        Claim::NoSolution => grids.is_empty(),
        Claim::Unique => grids.len() == 1,
        Claim::Exactly => grids.len() > 1,
        Claim::AtLeast => !grids.is_empty(),
    };
    if !fits {
        return refuse(format!(
            "{}: the claim {:?} does not fit the {} solution(s) listed",
            manifest_path.display(),
            claim.describe(grids.len()),
            grids.len()
        ));
    }
    let name = manifest.puzzle.name.clone();
    if !claim.needs_proof() {
        return Ok(Verdict::Accepted {
            name,
            claim,
            solutions: grids.len(),
            checker_seconds: 0.0,
        });
    }
    // 4. The refutation formula is the formula plus the solutions' blocking clauses.
    let (Some(refutation), Some(proof)) = (&manifest.refutation, &manifest.proof) else {
        return refuse(format!(
            "{}: the claim {} needs a refutation and a proof, and one is not named",
            manifest_path.display(),
            claim.describe(grids.len())
        ));
    };
    let refutation_path = dir.join(refutation);
    let (_, rebuilt) = refutation_bytes(&reduction, &grids);
    let written = read_prefix(&refutation_path, rebuilt.len() + 1)?;
    if written != rebuilt {
        return refuse(format!(
            "{} is not the formula with the listed solutions excluded: {}",
            refutation_path.display(),
            first_difference(&written, &rebuilt)
        ));
    }
    // 5. The proof, by the external checker.
    let proof_path = dir.join(proof);
    let seconds = match checker::check_proof(&refutation_path, &proof_path, limit)? {
        Ok(seconds) => seconds,
        Err(why) => return refuse(why),
    };
    Ok(Verdict::Accepted {
        name,
        claim,
        solutions: grids.len(),
        checker_seconds: seconds,
    })
}
