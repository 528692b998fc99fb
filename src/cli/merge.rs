//! `gridreduce merge DIR… -o DIR`: the output folders of a sharded run (`run --shard K/N`)
//! combined into exactly what one unsharded run writes: every item's files, one `pipeline.yaml`,
//! one `stats.csv` with the rows in index order (only the timing columns can differ from an
//! unsharded run's).
//!
//! Refused, with one line naming the folder: shards of different pipelines or columns, a folder
//! without `stats.csv` (a shard still running or killed: rerun it first), an item in two shards
//! with different files, an index in two shards' `stats.csv`.

use crate::batch::{self, Row};
use crate::error::{Error, Result};
use crate::pipeline::Pipeline;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Combine the output folders of `run --shard K/N` into one.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example (the shards may run at the same time, on other machines: docs/solvers.md):\n  gridreduce run reductions/sudoku-hcp-paper.yaml data/sudoku/norvig_top95.txt --shard 1/2 -o out-1\n  gridreduce run reductions/sudoku-hcp-paper.yaml data/sudoku/norvig_top95.txt --shard 2/2 -o out-2\n  gridreduce merge out-1 out-2 -o out"
)]
pub struct Args {
    /// The shards' output folders.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// The merged folder (created if missing).
    #[arg(short = 'o', long = "output", alias = "out", value_name = "DIR")]
    pub out: PathBuf,
}

/// Files of a run folder that are the run's own, not an item's.
/// The item a shard's file belongs to: `00012.cnf`, `00012.map`, `00012.answer` → 12; `None` for
/// any other name (stats.csv, pipeline.yaml, temp files, a file someone put there).
fn item_of(name: &str) -> Option<usize> {
    let (digits, _) = name.split_once('.')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Refuses an output folder that holds another collection's items, as `run` does: an item file
/// none of the shards has, or a `.map` that records another puzzle than the shards' one for the
/// same item. A folder from an earlier merge of the same shards (or one of the shards itself)
/// passes, so a merge can be redone.
fn refuse_foreign(out: &Path, files: &BTreeMap<String, PathBuf>) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(out) else {
        return Ok(());
    };
    // In name order, so that the refusal names the same file on every run.
    let mut names: Vec<String> = entries
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<std::io::Result<_>>()
        .map_err(|e| Error::io(out, e))?;
    names.sort();
    for name in names {
        let path = out.join(&name);
        if item_of(&name).is_none() {
            continue;
        }
        let foreign = match files.get(&name) {
            None => Some(format!("{name}, which none of the shards has")),
            Some(from) if name.ends_with(".map") => (regular_bytes(&path) != regular_bytes(from))
                .then(|| format!("{name}, which records another item than {}", from.display())),
            Some(_) => None,
        };
        if let Some(what) = foreign {
            return Err(Error::Usage(format!(
                "{} holds {what}: the outputs of another run; merge into a new or empty folder",
                out.display()
            )));
        }
    }
    Ok(())
}

/// The shard a folder holds (`run --shard K/N` records it), if any.
fn shard_of(dir: &Path) -> Result<Option<(usize, usize)>> {
    let path = dir.join(super::run::SHARD_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => super::run::parse_shard(text.trim())
            .map(Some)
            .map_err(|_| Error::Usage(format!("{}: not a K/N shard record", path.display()))),
        Err(_) => Ok(None),
    }
}

/// Refuses a partial result: when the folders are shards of a `--shard K/N` split, every K from 1
/// to N must be there once, and each must have finished (its `stats.csv` written last by `run`);
/// a missing or unfinished shard is named by its number, so that exactly that task is rerun.
fn check_shards(dirs: &[PathBuf]) -> Result<()> {
    let mut seen: BTreeMap<usize, &PathBuf> = BTreeMap::new();
    let mut total = None;
    for dir in dirs {
        let Some((k, n)) = shard_of(dir)? else {
            continue;
        };
        if *total.get_or_insert(n) != n {
            return Err(Error::Usage(format!(
                "{} holds shard {k}/{n}, but another folder one of {} shards",
                dir.display(),
                total.unwrap_or(n)
            )));
        }
        if let Some(other) = seen.insert(k, dir) {
            return Err(Error::Usage(format!(
                "shard {k} of {n} is given twice: {} and {}",
                other.display(),
                dir.display()
            )));
        }
        if !dir.join("stats.csv").is_file() {
            return Err(Error::Usage(format!(
                "shard {k} of {n} ({}) has not finished: no stats.csv (rerun that shard, then merge again)",
                dir.display()
            )));
        }
    }
    if let Some(n) = total {
        let missing: Vec<String> = (1..=n)
            .filter(|k| !seen.contains_key(k))
            .map(|k| k.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(Error::Usage(format!(
                "shard(s) {} of {n} missing: no folder given holds them (run those shards, then merge again); no merged result written",
                missing.join(", ")
            )));
        }
    }
    Ok(())
}

/// Opens a shard's file for copying without following a symlink (one planted after the listing
/// fails here instead of copying what it points to).
fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// The bytes of a file, opened as [`open_regular`] opens it (`None` when that fails): what two
/// copies of an item are compared by.
fn regular_bytes(path: &Path) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(path)
        .and_then(|mut f| std::io::Read::read_to_end(&mut f, &mut bytes))
        .ok()?;
    Some(bytes)
}

/// Reads a shard's stats.csv: header and rows.
fn read_stats(dir: &Path) -> Result<(Vec<String>, Vec<Row>)> {
    let path = dir.join("stats.csv");
    if !path.is_file() {
        return Err(Error::Usage(format!(
            "{} has no stats.csv: its run has not finished (rerun that shard first)",
            dir.display()
        )));
    }
    let bad = |e: csv::Error| Error::Usage(format!("{}: {e}", path.display()));
    let mut reader = csv::Reader::from_path(&path).map_err(bad)?;
    let header: Vec<String> = reader
        .headers()
        .map_err(bad)?
        .iter()
        .map(str::to_string)
        .collect();
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(bad)?;
        rows.push(
            header
                .iter()
                .cloned()
                .zip(record.iter().map(str::to_string))
                .collect(),
        );
    }
    Ok((header, rows))
}

pub fn run(args: Args) -> Result<ExitCode> {
    let first = &args.dirs[0];
    let pipeline_path = first.join("pipeline.yaml");
    let pipeline = Pipeline::read(&pipeline_path)?;
    let pipeline_bytes = std::fs::read(&pipeline_path).map_err(|e| Error::io(&pipeline_path, e))?;
    let mut header: Option<Vec<String>> = None;
    let mut rows: BTreeMap<usize, Row> = BTreeMap::new();
    // Item file name → the shard it comes from.
    let mut files: BTreeMap<String, PathBuf> = BTreeMap::new();
    check_shards(&args.dirs)?;
    for dir in &args.dirs {
        let other = Pipeline::read(&dir.join("pipeline.yaml"))?;
        if other != pipeline {
            return Err(Error::Usage(format!(
                "{} holds a run of another pipeline than {}",
                dir.display(),
                first.display()
            )));
        }
        let (h, shard_rows) = read_stats(dir)?;
        match &header {
            None => header = Some(h),
            Some(known) if *known != h => {
                return Err(Error::Usage(format!(
                    "{}/stats.csv has other columns than {}/stats.csv",
                    dir.display(),
                    first.display()
                )));
            }
            Some(_) => {}
        }
        let mut shard_items = std::collections::BTreeSet::new();
        for row in shard_rows {
            let index = row
                .iter()
                .find(|(k, _)| k == "index")
                .and_then(|(_, v)| v.parse::<usize>().ok())
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "{}/stats.csv: a row without an index",
                        dir.display()
                    ))
                })?;
            shard_items.insert(index);
            if rows.insert(index, row).is_some() {
                return Err(Error::Usage(format!(
                    "puzzle {index} is in two shards (again in {}): merge the shards of one --shard K/N split",
                    dir.display()
                )));
            }
        }
        let read = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
        for entry in read {
            let entry = entry.map_err(|e| Error::io(dir, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // Only regular files (never through a symlink) of an item this shard's stats.csv
            // lists: a shard folder holding `00009.cnf -> /etc/hostname`, or a stray file, adds
            // nothing to the merged result.
            let regular = entry.file_type().is_ok_and(|t| t.is_file());
            let known = item_of(&name).is_some_and(|i| shard_items.contains(&i));
            if !regular || !known {
                continue;
            }
            if let Some(earlier) = files.get(&name) {
                let same = regular_bytes(earlier) == regular_bytes(&entry.path());
                if !same {
                    return Err(Error::Usage(format!(
                        "{name} differs between {} and {}",
                        earlier.display(),
                        entry.path().display()
                    )));
                }
                continue;
            }
            files.insert(name, entry.path());
        }
    }
    let out = &args.out;
    refuse_foreign(out, &files)?;
    std::fs::create_dir_all(out).map_err(|e| {
        Error::Usage(format!(
            "cannot create the output folder {}: {e}",
            out.display()
        ))
    })?;
    let record = out.join("pipeline.yaml");
    if record.exists() && Pipeline::read(&record)? != pipeline {
        return Err(Error::Usage(format!(
            "{} holds the outputs of another pipeline ({}); use another folder",
            out.display(),
            record.display()
        )));
    }
    crate::formats::write_atomic(&record, |w| w.write_all(&pipeline_bytes))?;
    // Each item's `.map` after its other files, as `run` writes them: an item is finished in the
    // merged folder iff its `.map` is there.
    let (maps, others): (Vec<_>, Vec<_>) = files.iter().partition(|(n, _)| n.ends_with(".map"));
    for (name, from) in others.into_iter().chain(maps) {
        let to = out.join(name);
        if std::fs::canonicalize(from).ok() == std::fs::canonicalize(&to).ok() {
            continue;
        }
        crate::formats::write_atomic(&to, |w| {
            std::io::copy(&mut open_regular(from)?, w).map(|_| ())
        })?;
    }
    let header = header.unwrap_or_default();
    let rows: Vec<Row> = rows.into_values().collect();
    let stats = out.join("stats.csv");
    batch::write_csv(&stats, &header, &rows)?;
    println!(
        "{}: merged {} shard(s): {} puzzles, {} files; wrote {}",
        out.display(),
        args.dirs.len(),
        rows.len(),
        files.len(),
        stats.display()
    );
    Ok(ExitCode::SUCCESS)
}
