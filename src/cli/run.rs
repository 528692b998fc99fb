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
//! Exit code: 0 when every puzzle is `ok` or `skipped`; 2 when any is `bad`; otherwise 1 (some timed
//! out: rerun, perhaps with a larger `--time-limit`).

use super::input::PuzzleArgs;
use crate::batch::{self, ItemReport, Job, Row, Status};
use crate::error::{Error, InputError, Result};
use crate::formats::collection::{Entry, FileFormat};
use crate::formats::map::MapFile;
use crate::formats::write_atomic;
use crate::pipeline::{Pipeline, SourceKind};
use crate::puzzle::Puzzle;
use crate::route::{Export, puzzle_record};
use crate::search::within::first_solution_within;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Run a pipeline (reductions/*.yaml) over a puzzle collection.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Writes DIR/<K>.<ext> and DIR/<K>.map per puzzle K (00001, 00002, …; the .map last) and DIR/stats.csv. A rerun skips finished puzzles.\nExit code: 0 all ok, 2 some puzzle bad, 1 some timed out.\n\nExample:\n  gridreduce run reductions/sudoku-hcp-paper.yaml data/sudoku/royle17.txt -o out/"
)]
pub struct Args {
    /// Pipeline file (see reductions/ and docs/pipelines.md).
    #[arg(value_name = "PIPELINE")]
    pub pipeline: PathBuf,
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Output folder (created if missing).
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: PathBuf,
    /// Per-puzzle time limit, in seconds, on anything that solves (the witness of a puzzle without
    /// a known solution); a puzzle past it is recorded as `timeout` and the run goes on.
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// Worker threads (default: one per core; at most 4 per core and one per puzzle).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Only the first N puzzles of the file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
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
    h.push("message".into());
    h
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
        let limit = self.time_limit;
        let solve = move |p: &Puzzle| first_solution_within(p, deadline, limit);
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
                });
            }
        };
        if let Some(map) = self.finished(index, entry)? {
            let seconds = self
                .earlier_seconds
                .get(&index)
                .cloned()
                .unwrap_or_default();
            return Ok(ItemReport {
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
            });
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
        Ok(ItemReport {
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
        })
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
        return Ok(());
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

pub fn run(args: Args) -> Result<ExitCode> {
    let pipeline = Pipeline::read(&args.pipeline)?;
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
                (Err(_), Some(k)) => k,
                (Err(_), None) => i + 1,
            };
            (index, e)
        })
        .collect();
    if let Some(n) = args.limit {
        items.truncate(n);
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
    remove_orphan_temps(dir);
    let stats = dir.join("stats.csv");
    let job = RunJob {
        pipeline: &pipeline,
        dir,
        puzzles: &loaded.path,
        format: loaded.format,
        time_limit,
        earlier_seconds: earlier_seconds(&stats),
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
            "; exit code 1: {timeout} puzzle(s) timed out (rerun to retry them)"
        ));
        1
    } else {
        0
    };
    println!("{summary}");
    Ok(ExitCode::from(code))
}
