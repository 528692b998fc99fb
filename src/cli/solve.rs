//! `gridreduce solve`: solve puzzles in-process through a chosen route and print the solutions in
//! the input's own format.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::formats::collection::solution_text;
use crate::formats::write_atomic;
use crate::solvers::{Route, solutions, solutions_within};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Solve puzzles and print each solution in the puzzle file's own format.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce solve data/sudoku/norvig_top95.txt --index 1 --via cover\n  gridreduce solve data/suguru/backtrack-180.txt --via sat --runs 10 --times sat-times.csv > /dev/null\n\nThe --times CSV has the columns name,kind,N,clues,route,runs,seconds,solved: seconds is the mean\nwall time of one in-process solve (building the route's instance included, reading and printing\nnot), over --runs runs."
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// How to solve.
    #[arg(long, value_enum, default_value = "cover")]
    pub via: Route,
    /// With --via hcp: give up on a puzzle after this many seconds (it counts as bad input).
    #[arg(long, value_name = "SECS", value_parser = super::hcp_solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// Print JSON lines (name, solved, solution) instead.
    #[arg(long)]
    pub json: bool,
    /// With --via human: print every step and the grade to stderr.
    #[arg(long)]
    pub explain: bool,
    /// Write one CSV row of solve time per puzzle to FILE (written atomically at the end).
    #[arg(long, value_name = "FILE")]
    pub times: Option<PathBuf>,
    /// Solve each puzzle this many times; --times records the mean (the papers used 10).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
}

/// One row of the --times CSV.
struct Timing {
    name: String,
    kind: &'static str,
    size: String,
    clues: usize,
    seconds: f64,
    solved: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    super::hcp_solve::time_limit_applies(args.via, args.time_limit)?;
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    let mut unsolved = 0;
    let mut timings = Vec::new();
    for entry in tally.readable(loaded.entries) {
        let start = std::time::Instant::now();
        let mut found = if args.explain && args.via == Route::Human {
            explain(&entry.name, &entry.puzzle)
        } else {
            solutions_within(&entry.puzzle, args.via, 1, args.time_limit)
        };
        // Further runs only for the timing; each solves from scratch.
        for _ in 1..args.runs {
            if found.is_err() {
                break;
            }
            found = solutions(&entry.puzzle, args.via, 1);
        }
        let seconds = start.elapsed().as_secs_f64() / f64::from(args.runs);
        let found = match found {
            Ok(f) => f,
            Err(e) => {
                tally.report_for(&entry.name, e);
                continue;
            }
        };
        let text = found
            .first()
            .map(|g| solution_text(&entry.puzzle, g, loaded.format));
        if found.is_empty() {
            unsolved += 1;
        }
        timings.push(Timing {
            name: entry.name.clone(),
            kind: entry.puzzle.kind(),
            size: entry.puzzle.size_label(),
            clues: entry.puzzle.clues(),
            seconds,
            solved: !found.is_empty(),
        });
        if args.json {
            println!(
                "{}",
                serde_json::json!({"name": entry.name, "solved": !found.is_empty(), "solution": text})
            );
        } else if let Some(t) = text {
            if matches!(entry.puzzle, crate::puzzle::Puzzle::Suguru(_)) {
                println!("# {}\n{t}\n", entry.name);
            } else {
                println!("{t}");
            }
        } else {
            println!("# {}: no solution", entry.name);
        }
    }
    if let Some(path) = &args.times {
        write_times(path, &timings, args.via, args.runs)?;
    }
    Ok(tally.exit_code(unsolved > 0))
}

fn write_times(path: &Path, timings: &[Timing], route: Route, runs: u32) -> Result<()> {
    write_atomic(path, |w| {
        let mut out = csv::Writer::from_writer(w);
        let mut record = |r: &[&str]| out.write_record(r).map_err(std::io::Error::other);
        record(&[
            "name", "kind", "N", "clues", "route", "runs", "seconds", "solved",
        ])?;
        for t in timings {
            record(&[
                &t.name,
                t.kind,
                &t.size,
                &t.clues.to_string(),
                route.name(),
                &runs.to_string(),
                &format!("{:.9}", t.seconds),
                if t.solved { "true" } else { "false" },
            ])?;
        }
        out.flush()
    })
}

/// Solves by human techniques and prints the steps and the grade to stderr.
fn explain(name: &str, puzzle: &crate::puzzle::Puzzle) -> Result<Vec<crate::puzzle::Grid>> {
    let report = crate::search::human::solve(puzzle).map_err(crate::Error::Usage)?;
    eprintln!("# {name}");
    for (i, step) in report.steps.iter().enumerate() {
        eprintln!("{:>4}. {}: {}", i + 1, step.technique, step.reason);
    }
    let tally: Vec<String> = report
        .tally()
        .iter()
        .map(|(t, n)| format!("{t} x{n}"))
        .collect();
    eprintln!(
        "grade: {}; steps: {}",
        report.grade_text(),
        tally.join(", ")
    );
    if report.used_search {
        eprintln!("note: the techniques stalled; the search finished the grid");
    }
    if let Some(why) = &report.contradiction {
        eprintln!("no solution: {why}");
    }
    Ok(report.solution.into_iter().collect())
}
