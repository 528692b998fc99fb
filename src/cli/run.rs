//! `gridreduce run PIPELINE PUZZLES -o DIR`: a pipeline file (`reductions/*.yaml`, see
//! [`crate::pipeline`]) applied to every puzzle of a collection, on all cores with a progress bar.
//!
//! Output layout, for puzzle number K of the file (1-based, as `--index`), zero-padded to 5 digits:
//!
//! ```text
//! DIR/pipeline.yaml   the pipeline this folder belongs to (a rerun with another one is refused)
//! DIR/00001.hcp       the export (.hcp/.edg/.tsp/.arcs/.atsp/.dot, .cnf or .lp)
//! DIR/00001.tour      extras the pipeline asks for (witness tour, vertex labels)
//! DIR/00001.map       what `decode` needs; written LAST: an item is finished iff its .map exists
//! DIR/00001.answer    with a solver (docs/solvers.md): its answer, as `decode` reads it
//! DIR/00001.verdict   with a solver: solver,status,seconds,peak_kb,message (a rerun with the
//!                     same solver keeps it, except a timeout, which is retried)
//! DIR/stats.csv       one row per puzzle: name,index,status,N,clues,<sizes>,seconds,message
//! ```
//!
//! **Faults.** Every file is written atomically (temp file + rename), the `.map` last, so a run
//! killed at any moment leaves each item either finished (all its files complete) or absent (at
//! most an orphan temp file, removed by the next run). A rerun skips finished items (status
//! `skipped`, sizes read back from the `.map`) and rewrites `stats.csv` with every item exactly
//! once. A bad puzzle is reported on stderr and recorded (`bad`), a witness solve past
//! `--time-limit` is recorded (`timeout`); the run goes on. An output folder that cannot be written
//! (read-only, full, not a folder) stops the run with a one-line error (exit 2), and no
//! half-written file. A lock file keeps two runs out of one folder.
//!
//! With a solver (docs/solvers.md) each finished export is solved, decoded and verified
//! ([`crate::external`]); a wrong answer is printed loudly and makes the exit code 1 unless a
//! puzzle was bad.
//!
//! Exit code: 0 when every puzzle is `ok` or `skipped`; 2 when any is `bad`; otherwise 1 when a
//! solver gave a wrong answer; otherwise 3 when some timed out (rerun, perhaps with a larger
//! `--time-limit`).

use super::input::PuzzleArgs;
use crate::batch::{self, ItemReport, Job, Row, Status};
use crate::error::{Error, InputError, Result};
use crate::external::{AnswerFrom, Solver, SolverChoice, SolverStatus, process, verdict};
use crate::formats::collection::{Entry, FileFormat};
use crate::formats::map::MapFile;
use crate::formats::write_atomic;
use crate::pipeline::{Pipeline, SourceKind};
use crate::puzzle::Puzzle;
use crate::route::{Export, puzzle_record};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Run a pipeline (reductions/*.yaml) over a puzzle collection.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Writes DIR/<K>.<ext> and DIR/<K>.map per puzzle K (00001, 00002, …; the .map last) and DIR/stats.csv. A rerun skips finished puzzles.\nExit code: 0 all ok, 2 some puzzle bad, 1 a solver gave a wrong answer, 3 some timed out.\nWith a solver (pipeline key `solver:` or --solver; see `gridreduce solvers`, docs/solvers.md) also DIR/<K>.answer and DIR/<K>.verdict, and the stats columns solver, solver_status, solver_seconds, solver_peak_kb.\n\nExample (the first 100 puzzles; without --limit all 49,151):\n  gridreduce run reductions/sudoku-hcp-paper.yaml data/sudoku/royle17.txt --limit 100 -o out/"
)]
pub struct Args {
    /// Pipeline file (see reductions/ and docs/pipelines.md).
    #[arg(value_name = "PIPELINE")]
    pub pipeline: PathBuf,
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Output folder (created if missing).
    #[arg(short = 'o', long = "output", alias = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Per-puzzle time limit, in seconds, on anything that solves (the witness of a puzzle without
    /// a known solution); a puzzle past it is recorded as `timeout` and the run goes on. It also
    /// bounds each external solver run on its own (the solver's process group is killed at it).
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// Worker threads (default: one per core; at most 4 per core and one per puzzle).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Only the first N puzzles of the file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// External solver run on every export, decoded and verified (a profile of `gridreduce
    /// solvers`); overrides the pipeline's `solver:`. `--time-limit` bounds each solver run.
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,
    /// Only shard K of N (1 ≤ K ≤ N): the puzzles whose index i has (i-1) mod N = K-1. Combine the
    /// shards' folders with `gridreduce merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Print the closing summary as one JSON object (folder, puzzles, ok, skipped, bad, timeout,
    /// stats file, the solver statuses when a solver ran, exit code) instead of a line.
    #[arg(long)]
    pub json: bool,
}

/// `--shard K/N` read: (K, N) with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> Result<(usize, usize)> {
    let bad = || {
        Error::Usage(format!(
            "--shard {text}: give K/N with 1 <= K <= N, e.g. --shard 2/8"
        ))
    };
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// Whether item `index` (1-based) belongs to shard K of N.
pub fn in_shard(index: usize, (k, n): (usize, usize)) -> bool {
    (index.max(1) - 1) % n == k - 1
}

/// The stem of puzzle K's files: K zero-padded to 5 digits, so names sort in file order and do not
/// change between runs.
pub fn item_stem(index: usize) -> String {
    format!("{index:05}")
}

/// The size columns of `stats.csv` for a pipeline: (CSV column, key in the `.map` sizes), from the
/// route (the names of `gridreduce stats`).
pub fn size_columns(pipeline: &Pipeline) -> Vec<(String, &'static str)> {
    pipeline.options.route.run_columns(&pipeline.options.params)
}

/// The CSV header of a run.
pub fn header(pipeline: &Pipeline) -> Vec<String> {
    let mut h: Vec<String> = ["name", "index", "status", "N", "clues"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    h.extend(size_columns(pipeline).into_iter().map(|(c, _)| c));
    h.push("seconds".into());
    if pipeline.solver.is_some() {
        h.extend(SOLVER_COLUMNS.iter().map(|c| c.to_string()));
    }
    h.push("message".into());
    h
}

/// The columns a run with a solver adds to `stats.csv`.
pub const SOLVER_COLUMNS: [&str; 4] = [
    "solver",
    "solver_status",
    "solver_seconds",
    "solver_peak_kb",
];

/// The timing columns of `stats.csv`: the only ones that differ between two runs of one pipeline
/// on one collection (sharded or not).
pub const TIMING_COLUMNS: [&str; 3] = ["seconds", "solver_seconds", "solver_peak_kb"];

/// What the solver did with one item, as `DIR/<K>.verdict` records it (one CSV line: solver,
/// status, seconds, peak KiB, message), so a rerun with the same solver does not run it again.
#[derive(Clone, Debug, PartialEq)]
struct SolverRecord {
    solver: String,
    status: SolverStatus,
    seconds: String,
    peak_kb: String,
    message: String,
}

impl SolverRecord {
    fn read(path: &Path) -> Option<SolverRecord> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_path(path)
            .ok()?;
        let r = reader.records().next()?.ok()?;
        Some(SolverRecord {
            solver: r.get(0)?.to_string(),
            status: SolverStatus::from_name(r.get(1)?)?,
            seconds: r.get(2)?.to_string(),
            peak_kb: r.get(3)?.to_string(),
            message: r.get(4)?.to_string(),
        })
    }
    fn write(&self, path: &Path) -> Result<()> {
        write_atomic(path, |w| {
            let mut csv = csv::Writer::from_writer(w);
            csv.write_record([
                self.solver.as_str(),
                self.status.name(),
                &self.seconds,
                &self.peak_kb,
                &self.message,
            ])
            .map_err(std::io::Error::other)?;
            csv.flush()
        })
    }
    fn columns(&self) -> Vec<(String, String)> {
        vec![
            ("solver".into(), self.solver.clone()),
            ("solver_status".into(), self.status.name().into()),
            ("solver_seconds".into(), self.seconds.clone()),
            ("solver_peak_kb".into(), self.peak_kb.clone()),
        ]
    }
}

/// How an item ended, for its stats row.
struct End<'a> {
    status: Status,
    /// The `.map` sizes of a finished item.
    sizes: Option<&'a BTreeMap<String, u64>>,
    seconds: String,
    message: String,
}

/// One puzzle of the run: its 1-based index and the puzzle or why it could not be read.
type Item = (usize, std::result::Result<Entry, InputError>);

struct RunJob<'a> {
    pipeline: &'a Pipeline,
    dir: &'a Path,
    puzzles: &'a Path,
    format: FileFormat,
    time_limit: Option<Duration>,
    /// Seconds of items finished by earlier runs, from the old stats.csv.
    earlier_seconds: HashMap<usize, String>,
    /// The external solver run on every export.
    solver: Option<Solver>,
}

impl RunJob<'_> {
    fn path(&self, index: usize, extension: &str) -> PathBuf {
        self.dir.join(format!("{}.{extension}", item_stem(index)))
    }

    /// The stats.csv row of item `index`.
    fn row(&self, index: usize, name: &str, puzzle: Option<&Puzzle>, end: End) -> Row {
        let End {
            status,
            sizes,
            seconds,
            message,
        } = end;
        let mut row: Row = vec![
            ("name".into(), name.to_string()),
            ("index".into(), index.to_string()),
            ("status".into(), status.name().into()),
        ];
        if let Some(p) = puzzle {
            row.push(("N".into(), p.size_label()));
            row.push(("clues".into(), p.clues().to_string()));
        }
        if let Some(sizes) = sizes {
            for (column, key) in size_columns(self.pipeline) {
                if let Some(v) = sizes.get(key) {
                    row.push((column, v.to_string()));
                }
            }
        }
        row.push(("seconds".into(), seconds));
        row.push(("message".into(), message));
        row
    }

    /// The `.map` of an item finished by an earlier run, if its outputs are all there. A `.map`
    /// of another puzzle means the folder holds another collection's run: that stops the batch.
    fn finished(&self, index: usize, entry: &Entry) -> Result<Option<MapFile>> {
        let map_path = self.path(index, "map");
        if !map_path.exists() {
            return Ok(None);
        }
        // Unreadable (edited by hand): redo the item, which overwrites it.
        let Ok(map) = MapFile::read(&map_path) else {
            return Ok(None);
        };
        if map.puzzle != puzzle_record(entry, self.format) {
            return Err(Error::Usage(format!(
                "{} records puzzle '{}', not '{}' of {}: {} holds the outputs of another collection; use another folder",
                map_path.display(),
                map.puzzle.name,
                entry.name,
                self.puzzles.display(),
                self.dir.display()
            )));
        }
        Ok(self.dir.join(&map.target.file).is_file().then_some(map))
    }

    /// Exports one puzzle: its files, then its `.map`.
    fn export(&self, index: usize, entry: &Entry) -> Result<std::result::Result<MapFile, Error>> {
        let deadline = self.time_limit.map(|d| Instant::now() + d);
        let limit = self.time_limit.map_or(0.0, |d| d.as_secs_f64());
        let timeout = move || {
            Error::Timeout(format!(
                "no solution found for the witness within the time limit ({limit} s)"
            ))
        };
        // The search checks its clock as it goes; a limit already spent is a timeout at once.
        let solve = move |p: &Puzzle| {
            if crate::time_limit::passed(deadline) {
                return Err(timeout());
            }
            match crate::search::solutions_until(p, 1, deadline) {
                Err(Error::Timeout(_)) => Err(timeout()),
                other => other.map(|v| v.into_iter().next()),
            }
        };
        let export: Export = match crate::route::export(entry, &self.pipeline.options, &solve) {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        let file = self.path(index, export.extension);
        write_atomic(&file, |w| (export.write)(w))?;
        for (extension, write) in &export.extras {
            write_atomic(&self.path(index, extension), |w| write(w))?;
        }
        let file_name = format!("{}.{}", item_stem(index), export.extension);
        let map = export.map_file(entry, self.format, file_name);
        map.write(&self.path(index, "map"))?;
        Ok(Ok(map))
    }

    /// Runs the solver on item `index`'s finished export (unless an earlier run's verdict with the
    /// same solver is there): in a private scratch folder inside DIR, under the time limit; its
    /// answer is kept as `<K>.answer`, the verdict as `<K>.verdict` (last).
    fn solve(
        &self,
        solver: &Solver,
        index: usize,
        entry: &Entry,
        map: &MapFile,
    ) -> Result<SolverRecord> {
        let verdict_path = self.path(index, "verdict");
        if let Some(r) = SolverRecord::read(&verdict_path)
            && r.solver == solver.name
            && r.status != SolverStatus::Timeout
        {
            return Ok(r);
        }
        let record = |status, seconds: String, peak_kb: String, message: String| SolverRecord {
            solver: solver.name.clone(),
            status,
            seconds,
            peak_kb,
            message,
        };
        let map_path = self.path(index, "map");
        let (_, built) = match crate::route::rebuild(map, &map_path) {
            Ok(x) => x,
            Err(e) => {
                return Ok(record(
                    SolverStatus::BadOutput,
                    String::new(),
                    String::new(),
                    e.to_string(),
                ));
            }
        };
        let scratch = tempfile::Builder::new()
            .prefix(".gridreduce-solver-")
            .tempdir_in(self.dir)
            .map_err(|e| Error::io(self.dir, e))?;
        let input = std::path::absolute(self.dir.join(&map.target.file))
            .map_err(|e| Error::io(self.dir, e))?;
        let (stdout, stderr, output) = (
            scratch.path().join("stdout"),
            scratch.path().join("stderr"),
            scratch.path().join("answer"),
        );
        // Removed if gridreduce is interrupted while the solver runs (the solver is killed
        // first): the folder and the files gridreduce and the profiles put there. Files a solver
        // adds of its own are not known here, and then the folder stays.
        let mut in_flight = vec![crate::cleanup::register(scratch.path())];
        for file in [&stdout, &stderr, &output] {
            in_flight.push(crate::cleanup::register(file));
        }
        for file in solver.scratch_files(scratch.path()) {
            in_flight.push(crate::cleanup::register(&file));
        }
        let argv = solver.argv(&input, &output, scratch.path());
        solver
            .write_files(&input, &output, scratch.path())
            .map_err(|e| Error::io(scratch.path(), e))?;
        let finished = match process::run(&argv, scratch.path(), &stdout, &stderr, self.time_limit)
        {
            Ok(f) => f,
            Err(e) => {
                let r = record(
                    SolverStatus::Crashed,
                    String::new(),
                    String::new(),
                    format!("cannot start `{}`: {e}", argv.join(" ")),
                );
                r.write(&verdict_path)?;
                return Ok(r);
            }
        };
        let answer = match solver.answer {
            AnswerFrom::Stdout => stdout,
            AnswerFrom::File => output,
        };
        // Kept beside the export (`gridreduce decode <K>.map <K>.answer` redoes the check), and
        // judged there so messages name the kept file.
        let kept = self.path(index, "answer");
        // Collected without following a symlink (a solver, or anyone who can write the scratch
        // folder, could plant `answer -> /etc/shadow`), and at most MAX_ANSWER_BYTES of it.
        let regular = std::fs::symlink_metadata(&answer).is_ok_and(|m| m.is_file());
        let planted = !regular && std::fs::symlink_metadata(&answer).is_ok();
        let mut too_long = false;
        let judged = if regular {
            write_atomic(&kept, |w| {
                let mut from = crate::external::open_answer(&answer)?;
                let copied =
                    std::io::copy(&mut std::io::Read::take(&mut from, MAX_ANSWER_BYTES), w)?;
                too_long =
                    copied == MAX_ANSWER_BYTES && std::io::Read::read(&mut from, &mut [0u8])? > 0;
                Ok(())
            })?;
            kept
        } else {
            answer
        };
        let mut v = if too_long {
            verdict::Verdict {
                status: SolverStatus::BadOutput,
                message: format!(
                    "the answer is larger than {} MiB; {} keeps its first {} MiB",
                    MAX_ANSWER_BYTES >> 20,
                    judged
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                    MAX_ANSWER_BYTES >> 20
                ),
            }
        } else if planted {
            verdict::Verdict {
                status: SolverStatus::BadOutput,
                message: "the answer is not a regular file (a symlink?); not read".into(),
            }
        } else {
            verdict::judge(&finished, &judged, &entry.puzzle, built.as_ref(), solver)
        };
        drop(in_flight);
        // Files named as in the folder (`00003.answer`), so shards' messages equal an unsharded
        // run's.
        v.message = v.message.replace(&format!("{}/", self.dir.display()), "");
        // A claim of no solution against the solution the collection gives is refuted.
        if v.status == SolverStatus::NoSolutionClaimed && entry.solution.is_some() {
            v = verdict::Verdict {
                status: SolverStatus::WrongAnswer,
                message: "the solver says there is no solution, but the collection gives one"
                    .into(),
            };
        }
        let r = record(
            v.status,
            format!("{:.3}", finished.seconds),
            // 0: the process ended before its memory could be sampled.
            if finished.peak_kb == 0 {
                String::new()
            } else {
                finished.peak_kb.to_string()
            },
            v.message,
        );
        r.write(&verdict_path)?;
        Ok(r)
    }

    /// The item's report with the solver's verdict added (its columns, its message, a loud line
    /// on stderr for a wrong answer).
    fn with_solver(
        &self,
        mut report: ItemReport,
        index: usize,
        entry: &Entry,
        map: &MapFile,
    ) -> Result<ItemReport> {
        let Some(solver) = &self.solver else {
            return Ok(report);
        };
        let r = self.solve(solver, index, entry, map)?;
        report.row.extend(r.columns());
        if r.status != SolverStatus::Solved {
            let text = format!("{}: {}: {}", r.solver, r.status.name(), r.message);
            if let Some((_, m)) = report.row.iter_mut().find(|(k, _)| k == "message")
                && m.is_empty()
            {
                *m = text.clone();
            }
            let place = format!("{}:{}: {}", self.puzzles.display(), entry.line, entry.name);
            report.message = Some(if r.status == SolverStatus::WrongAnswer {
                format!("*** WRONG ANSWER *** {place}: {text}")
            } else {
                format!("{place}: {text}")
            });
        }
        report.solver = Some(r.status);
        Ok(report)
    }
}

impl Job<Item> for RunJob<'_> {
    fn run(&self, (index, item): &Item) -> Result<ItemReport> {
        let index = *index;
        let entry = match item {
            Ok(e) => e,
            Err(e) => {
                let stem = self
                    .puzzles
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let message = e.to_string();
                return Ok(ItemReport {
                    status: Status::Bad,
                    row: self.row(
                        index,
                        &format!("{stem}#{index}"),
                        None,
                        End {
                            status: Status::Bad,
                            sizes: None,
                            seconds: String::new(),
                            message: message.clone(),
                        },
                    ),
                    message: Some(message),
                    solver: None,
                });
            }
        };
        if let Some(map) = self.finished(index, entry)? {
            let seconds = self
                .earlier_seconds
                .get(&index)
                .cloned()
                .unwrap_or_default();
            let report = ItemReport {
                status: Status::Skipped,
                row: self.row(
                    index,
                    &entry.name,
                    Some(&entry.puzzle),
                    End {
                        status: Status::Skipped,
                        sizes: Some(&map.target.sizes),
                        seconds,
                        message: String::new(),
                    },
                ),
                message: None,
                solver: None,
            };
            return self.with_solver(report, index, entry, &map);
        }
        let start = Instant::now();
        let outcome = self.export(index, entry)?;
        let seconds = format!("{:.3}", start.elapsed().as_secs_f64());
        let (status, sizes, message) = match &outcome {
            Ok(map) => (Status::Ok, Some(&map.target.sizes), None),
            Err(e @ Error::Timeout(_)) => (Status::Timeout, None, Some(e.to_string())),
            Err(e) => (Status::Bad, None, Some(e.to_string())),
        };
        let text = message.clone().unwrap_or_default();
        let report = ItemReport {
            status,
            row: self.row(
                index,
                &entry.name,
                Some(&entry.puzzle),
                End {
                    status,
                    sizes,
                    seconds,
                    message: text,
                },
            ),
            // On stderr: where the puzzle is, which one, what went wrong.
            message: message.map(|m| {
                format!(
                    "{}:{}: {}: {m}",
                    self.puzzles.display(),
                    entry.line,
                    entry.name
                )
            }),
            solver: None,
        };
        match &outcome {
            Ok(map) => self.with_solver(report, index, entry, map),
            Err(_) => Ok(report),
        }
    }
}

/// Keeps two runs out of one folder: `DIR/.gridreduce-run.lock` holds the running process id. A
/// lock left by a killed run (its process is gone) is taken over.
struct Lock {
    path: PathBuf,
    _registered: crate::cleanup::Registered,
}

impl Lock {
    fn take(dir: &Path) -> Result<Lock> {
        let path = dir.join(".gridreduce-run.lock");
        let unwritable = |e: std::io::Error| {
            Error::Usage(format!(
                "cannot write to the output folder {}: {e}",
                dir.display()
            ))
        };
        if let Ok(text) = std::fs::read_to_string(&path)
            && let Ok(pid) = text.trim().parse::<u32>()
            && pid != std::process::id()
            && process_alive(pid)
        {
            return Err(Error::Usage(format!(
                "another gridreduce run (process {pid}) is writing to {}; wait for it, or remove {} if it is gone",
                dir.display(),
                path.display()
            )));
        }
        // Written in place (not atomically) on purpose: the lock is only advisory.
        std::fs::write(&path, format!("{}\n", std::process::id())).map_err(unwritable)?;
        // Removed by the signal handler on SIGINT/SIGTERM too.
        let registered = crate::cleanup::register(&path);
        Ok(Lock {
            path,
            _registered: registered,
        })
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists; no signal is sent.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    false
}

/// Removes temp files a killed run left (`write_atomic`'s `.gridreduce-*.tmp`).
fn remove_orphan_temps(dir: &Path) {
    if let Ok(read) = std::fs::read_dir(dir) {
        for e in read.flatten() {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(".gridreduce-") && name.ends_with(".tmp") {
                let _ = std::fs::remove_file(e.path());
            }
            if name.starts_with(".gridreduce-solver-") {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}

/// `seconds` of the `ok`/`skipped` rows of an earlier `stats.csv`, by index.
fn earlier_seconds(path: &Path) -> HashMap<usize, String> {
    let mut out = HashMap::new();
    let Ok(mut reader) = csv::Reader::from_path(path) else {
        return out;
    };
    let Ok(headers) = reader.headers().cloned() else {
        return out;
    };
    let col = |name: &str| headers.iter().position(|h| h == name);
    let (Some(i), Some(s), Some(t)) = (col("index"), col("status"), col("seconds")) else {
        return out;
    };
    for record in reader.records().flatten() {
        if let (Some(index), Some(status), Some(secs)) = (
            record.get(i).and_then(|v| v.parse::<usize>().ok()),
            record.get(s),
            record.get(t),
        ) && (status == "ok" || status == "skipped")
            && !secs.is_empty()
        {
            out.insert(index, secs.to_string());
        }
    }
    out
}

/// Checks `DIR/pipeline.yaml` against the pipeline of this run, or writes it (the first write into
/// the folder, so an unwritable folder fails here, before any puzzle).
/// The file of a shard's folder that records which shard it holds (`K/N`), so that `merge` can
/// tell a missing shard by its number.
pub const SHARD_FILE: &str = "shard";

/// Records `shard` in `dir` (see [`SHARD_FILE`]); a folder that holds another shard (or an
/// unsharded run, when it has items) is refused.
fn claim_shard(dir: &Path, shard: Option<(usize, usize)>) -> Result<()> {
    let path = dir.join(SHARD_FILE);
    let earlier = std::fs::read_to_string(&path).ok();
    let now = shard.map(|(k, n)| format!("{k}/{n}\n"));
    match (&earlier, &now) {
        (Some(e), Some(n)) if e == n => Ok(()),
        (None, None) => Ok(()),
        (Some(e), _) => Err(Error::Usage(format!(
            "{} holds shard {} of a --shard run; use another folder",
            dir.display(),
            e.trim()
        ))),
        (None, Some(n)) => {
            if dir.join("stats.csv").exists() {
                return Err(Error::Usage(format!(
                    "{} holds an unsharded run; use another folder for --shard {}",
                    dir.display(),
                    n.trim()
                )));
            }
            write_atomic(&path, |w| w.write_all(n.as_bytes()))
        }
    }
}

fn claim_folder(dir: &Path, pipeline: &Pipeline) -> Result<()> {
    let record = dir.join("pipeline.yaml");
    if record.exists() {
        let earlier = Pipeline::read(&record)?;
        if earlier.source != pipeline.source || earlier.options != pipeline.options {
            return Err(Error::Usage(format!(
                "{} holds the outputs of another pipeline ({}); use another folder",
                dir.display(),
                record.display()
            )));
        }
        // The same exports with another solver (`--solver`): the record names the latest one.
        if earlier.solver == pipeline.solver {
            return Ok(());
        }
    }
    write_atomic(&record, |w| w.write_all(pipeline.to_yaml().as_bytes())).map_err(|e| {
        Error::Usage(format!(
            "cannot write to the output folder {}: {}",
            dir.display(),
            match e {
                Error::Io { source, .. } => source.to_string(),
                other => other.to_string(),
            }
        ))
    })
}

/// The most of a solver's answer that `run` keeps (`<K>.answer`) and reads: a model of the largest
/// CNF gridreduce writes (blank 64×64, 262,144 variables) is about 2 MiB of text; 100 MB of
/// output was copied whole before.
pub const MAX_ANSWER_BYTES: u64 = 64 << 20;

pub fn run(args: Args) -> Result<ExitCode> {
    let mut pipeline = Pipeline::read(&args.pipeline)?;
    if let Some(name) = &args.solver {
        pipeline.solver = Some(SolverChoice::Profile(name.clone()));
    }
    let solver = match &pipeline.solver {
        None => None,
        Some(choice) => {
            let mut s = Solver::from_choice(choice, &pipeline.options)
                .map_err(|m| Error::Usage(format!("--solver: {m}")))?;
            s.locate().map_err(|m| {
                Error::Usage(format!(
                    "solver `{}`: {m} (gridreduce solvers lists what is found; docs/solvers.md says how to install each)",
                    s.name
                ))
            })?;
            Some(s)
        }
    };
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let time_limit = match args.time_limit {
        None => None,
        Some(s) if s.is_finite() && s >= 0.0 => Some(Duration::from_secs_f64(s.min(1e9))),
        Some(s) => {
            return Err(Error::Usage(format!(
                "--time-limit {s}: give a number of seconds, 0 or more"
            )));
        }
    };
    if args.jobs == Some(0) {
        return Err(Error::Usage("--jobs 0: give at least one worker".into()));
    }
    let loaded = args.input.load(None)?;
    let kind = match loaded.format {
        FileFormat::Sudoku(_) => SourceKind::Sudoku,
        FileFormat::Suguru => SourceKind::Suguru,
        FileFormat::Pls => SourceKind::Latin,
        // A description file says its kind per puzzle; the first readable one names the file's.
        FileFormat::Spec => loaded
            .entries
            .iter()
            .find_map(|e| e.as_ref().ok())
            .and_then(|e| SourceKind::from_name(e.puzzle.kind()))
            .unwrap_or(pipeline.source),
    };
    if kind != pipeline.source {
        return Err(Error::Usage(format!(
            "{} is a {} pipeline, but {} holds {} puzzles",
            args.pipeline.display(),
            pipeline.source.name(),
            loaded.path.display(),
            kind.name()
        )));
    }
    let mut items: Vec<Item> = loaded
        .entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let index = match (&e, args.input.index) {
                (Ok(entry), _) => entry.index,
                (Err(_), Some(r)) => r.first + i,
                (Err(_), None) => i + 1,
            };
            (index, e)
        })
        .collect();
    if let Some(n) = args.limit {
        items.truncate(n);
    }
    if let Some(shard) = shard {
        items.retain(|(index, _)| in_shard(*index, shard));
    }
    let dir = args.out.as_path();
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::Usage(format!(
            "cannot create the output folder {}: {e}",
            dir.display()
        ))
    })?;
    let _lock = Lock::take(dir)?;
    claim_folder(dir, &pipeline)?;
    claim_shard(dir, shard)?;
    remove_orphan_temps(dir);
    let stats = dir.join("stats.csv");
    let job = RunJob {
        pipeline: &pipeline,
        dir,
        puzzles: &loaded.path,
        format: loaded.format,
        time_limit,
        earlier_seconds: earlier_seconds(&stats),
        solver,
    };
    let name = args
        .pipeline
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let report = batch::run(
        &items,
        &job,
        &batch::Options {
            jobs: args.jobs,
            what: name,
            quiet: false,
        },
    )?;
    let finished = report.count(Status::Ok) + report.count(Status::Skipped);
    if let Some(e) = report.fatal {
        return Err(Error::Usage(format!(
            "{e}; the run stopped ({finished} of {} puzzles finished, their files complete; rerun to go on)",
            items.len()
        )));
    }
    let rows: Vec<Row> = report.items.iter().map(|r| r.row.clone()).collect();
    batch::write_csv(&stats, &header(&pipeline), &rows)?;
    let (ok, skipped, bad, timeout) = (
        report.count(Status::Ok),
        report.count(Status::Skipped),
        report.count(Status::Bad),
        report.count(Status::Timeout),
    );
    let mut summary = format!(
        "{}: {} puzzles: {ok} ok, {skipped} skipped (finished earlier), {bad} bad, {timeout} timeout; wrote {}",
        dir.display(),
        items.len(),
        stats.display()
    );
    let code = if bad > 0 {
        summary.push_str(&format!("; exit code 2: {bad} bad puzzle(s), see above"));
        2
    } else if timeout > 0 {
        summary.push_str(&format!(
            "; exit code {}: {timeout} puzzle(s) timed out (rerun to retry them)",
            crate::error::TIMEOUT_EXIT_CODE
        ));
        crate::error::TIMEOUT_EXIT_CODE
    } else {
        0
    };
    let mut code = code;
    // Items per solver status, in `SolverStatus::all()` order; empty when no solver ran.
    let solver_counts: Vec<(SolverStatus, usize)> = if job.solver.is_some() {
        SolverStatus::all()
            .iter()
            .map(|&s| {
                (
                    s,
                    report.items.iter().filter(|r| r.solver == Some(s)).count(),
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    if job.solver.is_some() {
        let count_of = |status| {
            solver_counts
                .iter()
                .find(|(s, _)| *s == status)
                .map_or(0, |&(_, n)| n)
        };
        let counts: Vec<String> = solver_counts
            .iter()
            .map(|(s, n)| format!("{n} {}", s.name()))
            .collect();
        summary.push_str(&format!("; solver: {}", counts.join(", ")));
        let wrong = count_of(SolverStatus::WrongAnswer);
        let timed_out = count_of(SolverStatus::Timeout);
        if wrong > 0 {
            summary.push_str(&format!("; {wrong} WRONG ANSWER(S), see above"));
            // A failed check outranks a timeout; bad input outranks both.
            if code != 2 {
                code = 1;
            }
        } else if timed_out > 0 && code == 0 {
            // A solver killed at --time-limit is a timeout like an in-process one: exit 3, and a
            // rerun retries it.
            summary.push_str(&format!(
                "; exit code {}: the solver timed out on {timed_out} puzzle(s) (rerun to retry them)",
                crate::error::TIMEOUT_EXIT_CODE
            ));
            code = crate::error::TIMEOUT_EXIT_CODE;
        }
    }
    if args.json {
        let mut line = serde_json::json!({"folder": dir.display().to_string(), "puzzles": items.len(),
            "ok": ok, "skipped": skipped, "bad": bad, "timeout": timeout,
            "stats": stats.display().to_string(), "exit_code": code});
        if job.solver.is_some() {
            let statuses: serde_json::Map<String, serde_json::Value> = solver_counts
                .iter()
                .map(|(s, n)| (s.name().to_string(), (*n).into()))
                .collect();
            line["solver"] = statuses.into();
        }
        println!("{line}");
    } else {
        println!("{summary}");
    }
    Ok(ExitCode::from(code))
}
