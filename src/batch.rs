//! Batch runs over whole collections: all cores (rayon, or `jobs` threads), a progress bar on
//! stderr (indicatif), every item ending with a [`Status`], a bad item reported and recorded while
//! the batch goes on, and one CSV of rows written atomically at the end.
//!
//! A [`Job`] turns one item into an [`ItemReport`]: its status, its CSV row and, for a bad or
//! timed-out item, a one-line message (printed on stderr as it happens, above the bar). A job that
//! writes files writes each atomically and its completion marker last (the `.map` file of an
//! export), so a run killed at any point leaves only complete outputs, and the job can recognise a
//! finished item on a rerun (status [`Status::Skipped`]) without redoing it.
//!
//! A job returns `Err` only when the batch cannot go on at all (the output folder is read-only or
//! full): the batch then stops starting items and hands the error back with what was done.

use crate::error::{Error, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// One CSV row: column names and values.
pub type Row = Vec<(String, String)>;

/// How an item ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// Done in this run.
    Ok,
    /// Finished by an earlier run; its outputs were kept.
    Skipped,
    /// Bad input (unreadable puzzle, no solution where one was needed, …); nothing written.
    Bad,
    /// Ran past its time limit; nothing written (a rerun tries again).
    Timeout,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Skipped => "skipped",
            Status::Bad => "bad",
            Status::Timeout => "timeout",
        }
    }
}

/// What one item gave.
#[derive(Clone, Debug)]
pub struct ItemReport {
    pub status: Status,
    pub row: Row,
    /// For a bad or timed-out item: one line for stderr (it is printed by [`run`]).
    pub message: Option<String>,
    /// What an external solver made of the item, when one ran.
    pub solver: Option<crate::external::SolverStatus>,
}

/// What a batch does with each item.
pub trait Job<T>: Sync {
    /// Does the item, or recognises it as finished by an earlier run. `Err`: the batch cannot go
    /// on (e.g. the output folder cannot be written).
    fn run(&self, item: &T) -> Result<ItemReport>;
}

/// How to run a batch.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Worker threads (`None`: one per core).
    pub jobs: Option<usize>,
    /// The progress bar's label.
    pub what: String,
    /// Draw no progress bar even on a terminal.
    pub quiet: bool,
}

/// The outcome of a batch.
#[derive(Debug, Default)]
pub struct Report {
    /// One report per item started, in item order (all items unless the batch stopped).
    pub items: Vec<ItemReport>,
    /// Why the batch stopped early, if it did.
    pub fatal: Option<Error>,
}

impl Report {
    /// How many items ended with `status`.
    pub fn count(&self, status: Status) -> usize {
        self.items.iter().filter(|r| r.status == status).count()
    }
}

/// A progress bar on stderr (hidden when stderr is not a terminal, e.g. in tests and CI logs).
/// Every command's bar has this one style: what it counts, the bar, done/total, the rate and the
/// time left.
pub fn progress(len: usize, what: &str, quiet: bool) -> ProgressBar {
    let target = if quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(len as u64), target);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({rate}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate_text(state.per_sec()));
                },
            )
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Items per second to about three significant digits ("21.9/s", "1234/s", "0.052/s"), where
/// indicatif's own `{per_sec}` prints four decimals whatever the size.
pub fn rate_text(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec <= 0.0 {
        return "-/s".into();
    }
    let decimals = if per_sec >= 100.0 {
        0
    } else if per_sec >= 10.0 {
        1
    } else if per_sec >= 1.0 {
        2
    } else {
        3
    };
    format!("{per_sec:.decimals$}/s")
}

/// How many workers more than cores `--jobs` may ask for: enough for items that wait on external
/// solvers, few enough that `--jobs 100000` does not start 100,000 threads (issue 19).
pub const JOBS_PER_CORE: usize = 4;

/// The worker threads a batch starts: `jobs` (default one per core), at most [`JOBS_PER_CORE`]
/// per core and no more than there are items, at least one.
pub fn worker_count(jobs: Option<usize>, items: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs.unwrap_or(cores)
        .min(cores * JOBS_PER_CORE)
        .min(items)
        .max(1)
}

/// Runs `job` over `items` in parallel. Messages of bad and timed-out items go to stderr as they
/// happen; after a fatal error no further item starts.
pub fn run<T: Sync, J: Job<T>>(items: &[T], job: &J, options: &Options) -> Result<Report> {
    let builder =
        rayon::ThreadPoolBuilder::new().num_threads(worker_count(options.jobs, items.len()));
    let pool = builder
        .build()
        .map_err(|e| Error::Usage(format!("cannot start worker threads: {e}")))?;
    let bar = progress(items.len(), &options.what, options.quiet);
    let stop = AtomicBool::new(false);
    let fatal: Mutex<Option<Error>> = Mutex::new(None);
    let results: Vec<Option<ItemReport>> = pool.install(|| {
        items
            .par_iter()
            .map(|item| {
                if stop.load(Ordering::SeqCst) {
                    return None;
                }
                let out = match job.run(item) {
                    Ok(report) => {
                        if let Some(m) = &report.message {
                            bar.suspend(|| eprintln!("gridreduce: {m}"));
                        }
                        Some(report)
                    }
                    Err(e) => {
                        stop.store(true, Ordering::SeqCst);
                        let mut slot = fatal.lock().unwrap_or_else(|p| p.into_inner());
                        slot.get_or_insert(e);
                        None
                    }
                };
                bar.inc(1);
                out
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(Report {
        items: results.into_iter().flatten().collect(),
        fatal: fatal.into_inner().unwrap_or_else(|p| p.into_inner()),
    })
}

/// Writes rows as CSV under `header` (a value missing from a row is empty; a column not in the
/// header is left out), atomically.
pub fn write_csv(path: &Path, header: &[String], rows: &[Row]) -> Result<()> {
    crate::formats::atomic::write_atomic(path, |w| {
        let mut csv = csv::Writer::from_writer(w);
        csv.write_record(header).map_err(std::io::Error::other)?;
        for row in rows {
            let record: Vec<&str> = header
                .iter()
                .map(|h| {
                    row.iter()
                        .find(|(k, _)| k == h)
                        .map(|(_, v)| v.as_str())
                        .unwrap_or("")
                })
                .collect();
            csv.write_record(&record).map_err(std::io::Error::other)?;
        }
        csv.flush()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_show_about_three_significant_digits() {
        assert_eq!(rate_text(21.9096), "21.9/s");
        assert_eq!(rate_text(1234.56), "1235/s");
        assert_eq!(rate_text(3.456), "3.46/s");
        assert_eq!(rate_text(0.0523), "0.052/s");
        assert_eq!(rate_text(0.0), "-/s");
        assert_eq!(rate_text(f64::NAN), "-/s");
    }

    /// Squares numbers: 3 counts as finished earlier, 5 is bad, 7 times out, 9 cannot be written.
    struct Square;
    impl Job<u32> for Square {
        fn run(&self, item: &u32) -> Result<ItemReport> {
            let row = |v: String| vec![("n".to_string(), item.to_string()), ("square".into(), v)];
            Ok(match *item {
                3 => ItemReport {
                    status: Status::Skipped,
                    row: row("9".into()),
                    message: None,
                    solver: None,
                },
                5 => ItemReport {
                    status: Status::Bad,
                    row: row(String::new()),
                    message: Some("item 5: five is bad".into()),
                    solver: None,
                },
                7 => ItemReport {
                    status: Status::Timeout,
                    row: row(String::new()),
                    message: Some("item 7: timed out".into()),
                    solver: None,
                },
                9 => return Err(Error::Usage("disk full".into())),
                n => ItemReport {
                    status: Status::Ok,
                    row: row((n * n).to_string()),
                    message: None,
                    solver: None,
                },
            })
        }
    }

    #[test]
    fn worker_count_is_capped_by_cores_and_items() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(worker_count(Some(100_000), 3), 3.min(cores * JOBS_PER_CORE));
        assert_eq!(
            worker_count(Some(100_000), 1_000_000),
            cores * JOBS_PER_CORE
        );
        assert_eq!(worker_count(None, 1_000_000), cores);
        assert_eq!(worker_count(Some(0), 0), 1);
        assert_eq!(worker_count(Some(2), 10), 2.min(cores * JOBS_PER_CORE));
    }

    fn options(jobs: usize) -> Options {
        Options {
            jobs: Some(jobs),
            what: "test".into(),
            quiet: true,
        }
    }

    #[test]
    fn every_item_is_reported_in_order_with_its_status() {
        let items: Vec<u32> = (1..=8).collect();
        let report = run(&items, &Square, &options(3)).unwrap();
        assert!(report.fatal.is_none());
        let ns: Vec<&str> = report.items.iter().map(|r| r.row[0].1.as_str()).collect();
        assert_eq!(ns, ["1", "2", "3", "4", "5", "6", "7", "8"]);
        assert_eq!(report.count(Status::Ok), 5);
        assert_eq!(report.count(Status::Skipped), 1);
        assert_eq!(report.count(Status::Bad), 1);
        assert_eq!(report.count(Status::Timeout), 1);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.csv");
        let rows: Vec<Row> = report.items.iter().map(|r| r.row.clone()).collect();
        write_csv(&path, &["n".into(), "square".into(), "extra".into()], &rows).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("n,square,extra\n1,1,\n2,4,\n3,9,\n4,16,\n5,,\n"),
            "{text}"
        );
    }

    #[test]
    fn a_fatal_error_stops_the_batch() {
        // One thread, so items run in order and nothing after item 9 starts.
        let items: Vec<u32> = (1..=20).collect();
        let report = run(&items, &Square, &options(1)).unwrap();
        assert_eq!(report.fatal.unwrap().to_string(), "disk full");
        assert!(report.items.len() < 20, "{}", report.items.len());
        assert!(report.items.iter().all(|r| r.row[0].1 != "9"));
    }
}
