//! `gridreduce count`: the number of solutions of each puzzle, capped at a limit.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::solvers::{Route, solutions_within};
use std::process::ExitCode;

/// Count solutions (up to --limit) of each puzzle.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example (uniqueness check):\n  gridreduce count data/sudoku/sudoku4_vu_kr_100.txt --limit 2"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// How to solve.
    #[arg(long, value_enum, default_value = "cover")]
    pub via: Route,
    /// Stop counting at this many solutions (2 answers "is it unique?").
    #[arg(long, default_value_t = 2)]
    pub limit: usize,
    /// With --via hcp: give up on a puzzle after this many seconds (it counts as bad input).
    #[arg(long, value_name = "SECS", value_parser = super::hcp_solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// Print JSON lines.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    super::hcp_solve::time_limit_applies(args.via, args.time_limit)?;
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    for entry in tally.readable(loaded.entries) {
        match solutions_within(&entry.puzzle, args.via, args.limit, args.time_limit) {
            Ok(found) => {
                let capped = found.len() >= args.limit;
                if args.json {
                    println!(
                        "{}",
                        serde_json::json!({"name": entry.name, "count": found.len(), "capped": capped})
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
            Err(e) => tally.report_for(&entry.name, e),
        }
    }
    Ok(tally.exit_code(false))
}
