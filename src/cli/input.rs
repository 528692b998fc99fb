//! Arguments every command that reads puzzles shares, and loading them.

use crate::error::{Error, InputError, Result};
use crate::formats::collection::{
    Collection, Entry, FileFormat, ReadOptions, read_collection, select, select_range,
};
use crate::formats::sudoku_text::{LayoutSpec, read_region_file};
use std::cell::Cell;
use std::fmt::Display;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// Puzzle file (`-`: standard input): Sudoku one per line (one-line or numeric) or as grids of
    /// one row per line, the Suguru block format, a description (.yaml/.json) or a .pls square
    /// (docs/formats-puzzles.md).
    pub puzzles: PathBuf,
    /// Only the K-th puzzle of the file (1-based), or puzzles K to L with K-L (`--index 2-5`).
    #[arg(long, value_name = "K[-L]", value_parser = parse_index)]
    pub index: Option<IndexRange>,
    /// Sudoku box shape PxQ (rows x columns of a box), e.g. 2x3 for 6x6 or 3x4 for 12x12.
    #[arg(long, value_name = "PxQ", conflicts_with = "regions")]
    pub boxes: Option<String>,
    /// Jigsaw Sudoku: a file with N lines of N region labels.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
}

/// `--index K` or `--index K-L`: puzzles `first..=last`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexRange {
    pub first: usize,
    pub last: usize,
}

/// Parses `K` or `K-L` (1 ≤ K ≤ L).
pub fn parse_index(text: &str) -> std::result::Result<IndexRange, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&k| k >= 1)
            .ok_or_else(|| format!("`{t}` is not a puzzle number (1, 2, …)"))
    };
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let k = number(text)?;
            (k, k)
        }
    };
    if first > last {
        return Err(format!(
            "`{text}`: the range runs backwards (write {last}-{first})"
        ));
    }
    Ok(IndexRange { first, last })
}

/// The selected puzzles of a file; bad ones stay as errors so batch commands can report and go on.
pub struct Loaded {
    pub format: FileFormat,
    pub entries: Vec<std::result::Result<Entry, InputError>>,
    pub solutions_file: Option<PathBuf>,
    pub path: PathBuf,
}

impl Loaded {
    /// Where `entry` is, for a message: `FILE:LINE: NAME` (as `run` reports its items).
    pub fn at(&self, entry: &Entry) -> String {
        format!("{}:{}: {}", self.path.display(), entry.line, entry.name)
    }

    /// Certifies `entry`'s count up to `limit` (`--proof DIR` of `count` and `solve`): into DIR
    /// itself for a single puzzle, DIR/K for the K-th of several. Returns the certificate and its
    /// folder; `time_limit` runs from now.
    pub fn certify(
        &self,
        entry: &Entry,
        dir: &std::path::Path,
        limit: usize,
        time_limit: Option<std::time::Duration>,
    ) -> Result<(crate::proof::puzzle::Certified, PathBuf)> {
        let folder = if self.entries.len() == 1 {
            dir.to_path_buf()
        } else {
            dir.join(entry.index.to_string())
        };
        let record = crate::route::record::puzzle_record(entry, self.format);
        let deadline = time_limit.map(|t| std::time::Instant::now() + t);
        let done = crate::proof::puzzle::certify(&entry.puzzle, &record, limit, &folder, deadline)?;
        Ok((done, folder))
    }
}

impl PuzzleArgs {
    pub fn layout(&self) -> Result<LayoutSpec> {
        if let Some(b) = &self.boxes {
            return LayoutSpec::parse_boxes(b).map_err(Error::Usage);
        }
        if let Some(path) = &self.regions {
            return read_region_file(path);
        }
        Ok(LayoutSpec::Default)
    }

    /// Reads and selects; `solutions` overrides the solutions file found beside the puzzles.
    pub fn load(&self, solutions: Option<PathBuf>) -> Result<Loaded> {
        let options = ReadOptions {
            layout: self.layout()?,
            solutions,
            no_auto_solutions: false,
        };
        let collection: Collection = if self.puzzles.as_os_str() == "-" {
            read_stdin(&options.layout)?
        } else {
            read_collection(&self.puzzles, &options)?
        };
        let format = collection.format;
        // A Suguru's regions come from its own file: a layout flag would be ignored, so say so.
        if format == FileFormat::Suguru {
            let flag = match (&self.boxes, &self.regions) {
                (Some(_), _) => Some("--boxes"),
                (_, Some(_)) => Some("--regions"),
                _ => None,
            };
            if let Some(flag) = flag {
                return Err(Error::Usage(format!(
                    "{flag} applies to Sudoku only, but {} is a Suguru file (its regions are in the file)",
                    self.puzzles.display()
                )));
            }
        }
        let solutions_file = collection.solutions_file.clone();
        let path = collection.path.clone();
        let mut entries = match self.index {
            None => select(collection, None)?,
            Some(r) => select_range(collection, r.first, r.last)?,
        };
        // A single puzzle that cannot be read is the command's error, not an item of a batch.
        if entries.len() == 1 && entries[0].is_err() {
            return Err(Error::Input(entries.pop().unwrap().unwrap_err()));
        }
        Ok(Loaded {
            format,
            entries,
            solutions_file,
            path,
        })
    }
}

/// The most bytes `-` (standard input) is read to: a puzzle file is read whole, so the stream is
/// bounded rather than trusted.
pub const MAX_STDIN_BYTES: u64 = 1 << 30;

/// Puzzles piped in (`-`): any text format the files take, named `stdin#K` (no solutions file).
fn read_stdin(layout: &LayoutSpec) -> Result<Collection> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(std::path::Path::new("stdin"), e))?;
    if bytes.len() as u64 > MAX_STDIN_BYTES {
        return Err(Error::Input(
            InputError::new(format!(
                "more than {MAX_STDIN_BYTES} bytes on standard input; write the puzzles to a file"
            ))
            .in_file(std::path::Path::new("stdin")),
        ));
    }
    crate::formats::collection::parse_collection(std::path::Path::new("stdin"), &bytes, layout)
}

/// The bad puzzles of a batch command: each is reported as one line on stderr when counted, and the
/// batch goes on with the next puzzle; any bad one makes the exit code 2.
///
/// A `Cell` so that the loop over [`Tally::readable`] entries may count the puzzles its own step
/// fails on while the iterator, which counts the unreadable ones, still borrows the tally.
#[derive(Default)]
pub struct Tally {
    bad: Cell<usize>,
    /// Puzzles whose time limit ran out: not bad input, but no answer either (exit code 3).
    timeouts: Cell<usize>,
}

impl Tally {
    /// Reports `message` (which names the file or puzzle itself) and counts a bad puzzle.
    pub fn report(&self, message: impl Display) {
        eprintln!("gridreduce: {message}");
        self.bad.set(self.bad.get() + 1);
    }

    /// Reports that the puzzle `name` failed with `error`, and counts it.
    pub fn report_for(&self, name: &str, error: impl Display) {
        self.report(format_args!("{name}: {error}"));
    }

    /// Reports that the puzzle `name` (found at `at`, see [`Loaded::at`]) failed with `error`
    /// and counts it as a timeout ([`Error::Timeout`], named by `name`) or as bad (named by
    /// `at`: bad input names its file and line).
    pub fn report_error(&self, name: &str, at: &str, error: &Error) {
        if matches!(error, Error::Timeout(_)) {
            eprintln!("gridreduce: {name}: {error}");
            self.timeouts.set(self.timeouts.get() + 1);
        } else {
            self.report_for(at, error);
        }
    }

    /// The readable entries, in order; each unreadable one is reported and counted on the way
    /// (works on `loaded.entries` as well as on `loaded.entries.iter().map(Result::as_ref)`).
    pub fn readable<'a, T, E: Display>(
        &'a self,
        entries: impl IntoIterator<Item = std::result::Result<T, E>> + 'a,
    ) -> impl Iterator<Item = T> + 'a {
        entries.into_iter().filter_map(|entry| match entry {
            Ok(e) => Some(e),
            Err(e) => {
                self.report(e);
                None
            }
        })
    }

    /// How many puzzles were bad so far.
    pub fn bad(&self) -> usize {
        self.bad.get()
    }

    /// How many puzzles ran out of time so far.
    pub fn timeouts(&self) -> usize {
        self.timeouts.get()
    }

    /// The closing line of a batch of `total` puzzles for a person at a terminal: `parts` (built
    /// only then), then the bad and timed-out puzzles counted here. Printed on stderr only for
    /// more than one puzzle and only when stderr is a terminal; scripts and logs read the
    /// per-puzzle lines.
    pub fn print_closing_line(&self, total: usize, parts: impl FnOnce() -> Vec<String>) {
        use std::io::IsTerminal;
        if total > 1 && std::io::stderr().is_terminal() {
            let line = closing_line(total, parts(), self.bad(), self.timeouts());
            eprintln!("gridreduce: {line}");
        }
    }

    /// 2 when any puzzle was bad, otherwise 3 when any ran out of time, otherwise 1 when a check
    /// `failed`, otherwise 0.
    pub fn exit_code(&self, failed: bool) -> ExitCode {
        if self.bad() > 0 {
            ExitCode::from(2)
        } else if self.timeouts.get() > 0 {
            ExitCode::from(crate::error::TIMEOUT_EXIT_CODE)
        } else if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// "N puzzles: PARTS, k bad, m timed out", the bad and timed-out counts left out when zero.
pub fn closing_line(total: usize, mut parts: Vec<String>, bad: usize, timeouts: usize) -> String {
    if bad > 0 {
        parts.push(format!("{bad} bad"));
    }
    if timeouts > 0 {
        parts.push(format!("{timeouts} timed out"));
    }
    format!(
        "{total} puzzle{}: {}",
        if total == 1 { "" } else { "s" },
        parts.join(", ")
    )
}
