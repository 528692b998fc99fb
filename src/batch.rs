//! Batch runs over whole collections: all cores (rayon), a progress bar on stderr (indicatif), a bad
//! item reported and skipped, finished items skipped on a rerun, and one CSV of rows written
//! atomically at the end.
//!
//! A job turns one item into a [`Row`] (ordered columns). Jobs that write files write them atomically
//! and write their completion marker last (the `.map` file of an export), so a run killed at any point
//! leaves only complete outputs, and [`Job::finished`] can rebuild the row of a finished item without
//! redoing it.

use crate::error::{Error, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One CSV row: column names and values, in column order.
pub type Row = Vec<(String, String)>;

/// What a batch does with each item.
pub trait Job<T>: Sync {
    /// The row of an item finished by an earlier run, if its outputs are complete.
    fn finished(&self, _item: &T) -> Option<Row> {
        None
    }
    /// Does the item; an `Err` is reported with the item and the batch goes on.
    fn run(&self, item: &T) -> std::result::Result<Row, String>;
    /// How the item is named in messages.
    fn name(&self, item: &T) -> String;
}

/// The outcome of a batch: rows in item order, and the failures.
#[derive(Debug, Default)]
pub struct Report {
    pub rows: Vec<Row>,
    pub failures: Vec<String>,
    /// Items skipped because an earlier run finished them.
    pub reused: usize,
}

/// A progress bar on stderr (hidden when stderr is not a terminal, e.g. in tests and CI logs).
pub fn progress(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({per_sec}, eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Runs `job` over `items` on all cores.
pub fn run<T: Sync, J: Job<T>>(items: &[T], job: &J, what: &str) -> Report {
    let bar = progress(items.len(), what);
    let reused = AtomicUsize::new(0);
    let results: Vec<std::result::Result<Row, String>> = items
        .par_iter()
        .map(|item| {
            let out = match job.finished(item) {
                Some(row) => {
                    reused.fetch_add(1, Ordering::Relaxed);
                    Ok(row)
                }
                None => job
                    .run(item)
                    .map_err(|e| format!("{}: {e}", job.name(item))),
            };
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let mut report = Report {
        reused: reused.into_inner(),
        ..Default::default()
    };
    for r in results {
        match r {
            Ok(row) => report.rows.push(row),
            Err(e) => report.failures.push(e),
        }
    }
    report
}

/// Writes rows as CSV (columns in first-seen order; a missing value is empty), atomically.
pub fn write_csv(path: &Path, rows: &[Row]) -> Result<()> {
    let mut header: Vec<&str> = Vec::new();
    for row in rows {
        for (k, _) in row {
            if !header.contains(&k.as_str()) {
                header.push(k);
            }
        }
    }
    crate::formats::atomic::write_atomic(path, |w| {
        let mut csv = csv::Writer::from_writer(w);
        csv.write_record(&header).map_err(std::io::Error::other)?;
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

/// Prints failures on stderr (one line each) and turns them into the batch's result: every row
/// written, and an error (exit code 2) naming how many items failed.
pub fn finish(report: &Report) -> Result<()> {
    for f in &report.failures {
        eprintln!("gridreduce: {f}");
    }
    if report.failures.is_empty() {
        Ok(())
    } else {
        Err(Error::Usage(format!(
            "{} of {} item(s) failed (see above); the others were written",
            report.failures.len(),
            report.failures.len() + report.rows.len()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Square;
    impl Job<u32> for Square {
        fn finished(&self, item: &u32) -> Option<Row> {
            (*item == 3).then(|| vec![("n".into(), "3".into()), ("square".into(), "9".into())])
        }
        fn run(&self, item: &u32) -> std::result::Result<Row, String> {
            if *item == 5 {
                return Err("five is bad".into());
            }
            Ok(vec![
                ("n".into(), item.to_string()),
                ("square".into(), (item * item).to_string()),
            ])
        }
        fn name(&self, item: &u32) -> String {
            format!("item {item}")
        }
    }

    #[test]
    fn a_bad_item_is_reported_and_the_rest_kept_in_order() {
        let items: Vec<u32> = (1..=8).collect();
        let report = run(&items, &Square, "test");
        assert_eq!(report.failures, vec!["item 5: five is bad".to_string()]);
        assert_eq!(report.reused, 1);
        let ns: Vec<&str> = report.rows.iter().map(|r| r[0].1.as_str()).collect();
        assert_eq!(ns, ["1", "2", "3", "4", "6", "7", "8"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.csv");
        write_csv(&path, &report.rows).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("n,square\n1,1\n2,4\n3,9\n"), "{text}");
        assert!(
            finish(&report)
                .unwrap_err()
                .to_string()
                .contains("1 of 8 item(s) failed")
        );
    }
}
