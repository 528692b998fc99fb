//! `gridreduce stats PUZZLES --csv FILE`: one CSV row of instance sizes per puzzle, computed on all
//! cores with a progress bar on stderr.
//!
//! A row is the puzzle's columns (name, N, clues) followed by each route's columns, in registry
//! order (`crate::route`): every route's `stats_names`/`stats_values`. A route parameter given as a
//! list (`--encoding minimal,extended`) gives one group of columns per value, named with the value
//! (`cnf_minimal_vars`). A puzzle whose construction fails is reported on stderr and skipped (exit 2
//! at the end); the CSV, written atomically, holds the rest.

use super::input::{PuzzleArgs, Tally};
use super::route_args::{Given, add_param_flags, given};
use crate::error::{Error, Result};
use crate::formats::write_atomic;
use crate::route::{self, Params};
use crate::stats::{Plan, Row, blank_entries};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;

/// Size statistics of every target instance, one CSV row per puzzle.
#[derive(clap::Args, Debug)]
#[command(
    // The puzzle file may be left out when --blank names the grids instead (clap's PathBuf parser
    // refuses an empty default, hence a placeholder no real file is called).
    mut_arg("puzzles", |a| a.required(false).default_value(NO_FILE).hide_default_value(true)),
    after_help = stats_help()
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Where to write the CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: PathBuf,
    /// Blank N×N Sudoku grids (square-box layout) instead of a puzzle file: the growth of every
    /// encoding with N, e.g. 4,9,16,25,36,49,64.
    #[arg(long, value_name = "N,N,...", value_delimiter = ',')]
    pub blank: Vec<usize>,
    /// Only the first N puzzles of the file (as `run --limit`): a sample of a large collection.
    #[arg(long, value_name = "N", conflicts_with = "blank")]
    pub limit: Option<usize>,
    /// Only these routes' columns (the name, N and clues columns always come first).
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(route_names()))]
    pub only: Vec<String>,
    /// The route parameters stats takes (each a comma-separated list).
    #[command(flatten)]
    pub params: StatsFlags,
}

/// What `--only` takes: each route's name, and its stats prefix where that differs (`ilp`).
fn route_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for r in route::registry() {
        names.push(r.name());
        if r.stats_prefix() != r.name() {
            names.push(r.stats_prefix());
        }
    }
    names
}

/// The default columns and an example, from the registry.
fn stats_help() -> String {
    let mut columns = vec!["name".to_string(), "N".into(), "clues".into()];
    for r in route::registry().iter().filter(|r| r.in_default_stats()) {
        columns.extend(r.stats_names(&Params::new()));
    }
    format!(
        "Columns: {}\nWith several values of a parameter (e.g. --encoding minimal,extended) a route's columns come once per value, named with it (cnf_minimal_vars, …).\n\nExamples:\n  gridreduce stats data/suguru/backtrack-180.txt --csv suguru-paper.csv --encoding paper\n  gridreduce stats --blank 4,9,16,25,36 --encoding minimal,efficient,extended,compact --csv growth.csv\n(Add 49,64 to --blank for the whole curve of docs/results.md: about 10 s in a release build.)",
        columns.join(",")
    )
}

/// The parameter flags of `stats`: the keys routes take in `stats`, as lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsFlags(pub Given);

impl clap::FromArgMatches for StatsFlags {
    fn from_arg_matches(m: &clap::ArgMatches) -> std::result::Result<Self, clap::Error> {
        Ok(StatsFlags(given(m)))
    }
    fn update_from_arg_matches(
        &mut self,
        m: &clap::ArgMatches,
    ) -> std::result::Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for StatsFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let keys: Vec<&str> = route::registry()
            .iter()
            .flat_map(|r| r.stats_params().iter().copied())
            .collect();
        add_param_flags(cmd, true, &keys)
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// The value of the puzzle-file argument when none is given.
const NO_FILE: &str = "<no puzzle file>";

pub fn run(args: Args) -> Result<ExitCode> {
    let from_file = args.input.puzzles.as_os_str() != NO_FILE;
    let entries = match (from_file, args.blank.is_empty()) {
        (true, true) => {
            let mut entries = args.input.load(None)?.entries;
            entries.truncate(args.limit.unwrap_or(usize::MAX));
            entries
        }
        (false, false) => blank_entries(&args.blank)?,
        (true, false) => {
            return Err(Error::Usage(
                "give either a puzzle file or --blank, not both".into(),
            ));
        }
        (false, true) => {
            return Err(Error::Usage(
                "give a puzzle file, or --blank N,N,... for blank grids".into(),
            ));
        }
    };
    let plan = Plan::new(&args.only, &args.params.0.0)?;
    let total = entries.len() as u64;
    let bar = crate::batch::progress(total as usize, "puzzles", false);
    let results: Vec<std::result::Result<Row, String>> = entries
        .par_iter()
        .map(|entry| {
            let out = match entry {
                Ok(e) => plan.row(e).map_err(|err| format!("{}: {err}", e.name)),
                Err(err) => Err(err.to_string()),
            };
            bar.inc(1);
            out
        })
        .collect();
    bar.finish_and_clear();
    let tally = Tally::default();
    let rows: Vec<Row> = tally.readable(results).collect();
    let Some(first) = rows.first() else {
        return Err(Error::Usage(
            "no puzzle could be measured; no CSV written".into(),
        ));
    };
    let header: Vec<&str> = first.iter().map(|(k, _)| k.as_str()).collect();
    write_atomic(&args.csv, |w| {
        let mut out = csv::Writer::from_writer(w);
        out.write_record(&header).map_err(std::io::Error::other)?;
        for row in &rows {
            out.write_record(row.iter().map(|(_, v)| v.as_str()))
                .map_err(std::io::Error::other)?;
        }
        out.flush()
    })?;
    println!(
        "wrote {}: {} puzzles{}",
        args.csv.display(),
        rows.len(),
        if tally.bad() > 0 {
            format!(", {} skipped", tally.bad())
        } else {
            String::new()
        }
    );
    Ok(tally.exit_code(false))
}
