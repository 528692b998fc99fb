//! `gridreduce solve`: solve puzzles in-process through a chosen route and print the solutions in
//! the input's own format.

use super::input::PuzzleArgs;
use crate::error::Result;
use crate::formats::collection::solution_text;
use crate::solvers::{Route, solutions_within};
use std::process::ExitCode;

/// Solve puzzles and print each solution in the puzzle file's own format.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce solve data/sudoku/norvig_top95.txt --index 1 --via cover"
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
}

pub fn run(args: Args) -> Result<ExitCode> {
    if args.time_limit.is_some() && args.via != Route::Hcp {
        return Err(crate::Error::Usage(
            "--time-limit applies to --via hcp only".into(),
        ));
    }
    let loaded = args.input.load(None)?;
    let (mut bad, mut unsolved) = (0, 0);
    for entry in loaded.entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                eprintln!("gridreduce: {e}");
                bad += 1;
                continue;
            }
        };
        let found = if args.explain && args.via == Route::Human {
            explain(&entry.name, &entry.puzzle)
        } else {
            solutions_within(&entry.puzzle, args.via, 1, args.time_limit)
        };
        let found = match found {
            Ok(f) => f,
            Err(e) => {
                eprintln!("gridreduce: {}: {e}", entry.name);
                bad += 1;
                continue;
            }
        };
        let text = found
            .first()
            .map(|g| solution_text(&entry.puzzle, g, loaded.format));
        if found.is_empty() {
            unsolved += 1;
        }
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
    if bad > 0 {
        return Ok(ExitCode::from(2));
    }
    Ok(if unsolved > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
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
