//! `gridreduce count`: the number of solutions of each puzzle, capped at a limit.

use super::input::{PuzzleArgs, Tally};
use super::solve::RouteArgs;
use crate::error::Result;
use crate::puzzle::Puzzle;
use crate::solvers::{Answer, solve_batch};
use std::process::ExitCode;

/// Count solutions (up to --limit) of each puzzle.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example (uniqueness check):\n  gridreduce count data/sudoku/sudoku4_vu_kr_100.txt --limit 2\n\nExit codes: 0 every puzzle counted, 2 bad input, 3 a puzzle got no answer within --time-limit\n(reported on stderr; the others are printed)."
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    #[command(flatten)]
    pub route: RouteArgs,
    /// Stop counting at this many solutions (2 answers "is it unique?").
    #[arg(long, default_value_t = 2)]
    pub limit: usize,
    /// Print JSON lines (name, route, count, capped).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let options = args.route.options()?;
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    let puzzles: Vec<&Puzzle> = loaded
        .entries
        .iter()
        .filter_map(|e| e.as_ref().ok().map(|e| &e.puzzle))
        .collect();
    let mut answers = solve_batch(
        &puzzles,
        args.route.via,
        args.limit,
        &options,
        args.route.jobs,
        1,
    )?
    .into_iter();
    for entry in tally.readable(loaded.entries.iter().map(|e| e.as_ref())) {
        let timed = answers.next().expect("one answer per readable puzzle");
        match timed.answer {
            Ok(Answer {
                grids: found,
                route,
            }) => {
                let capped = found.len() >= args.limit;
                if args.json {
                    println!(
                        "{}",
                        serde_json::json!({"name": entry.name, "route": route.name(), "count": found.len(), "capped": capped})
                    );
                } else {
                    println!(
                        "{}: {}{}",
                        entry.name,
                        found.len(),
                        if capped { "+" } else { "" }
                    );
                }
            }
            Err(e) => tally.report_error(&entry.name, &loaded.at(entry), &e),
        }
    }
    Ok(tally.exit_code(false))
}
