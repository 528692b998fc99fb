//! `gridreduce count`: the number of solutions of each puzzle, capped at a limit.

use super::input::PuzzleArgs;
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
    if args.time_limit.is_some() && args.via != Route::Hcp {
        return Err(crate::Error::Usage(
            "--time-limit applies to --via hcp only".into(),
        ));
    }
    let loaded = args.input.load(None)?;
    let mut bad = 0;
    for entry in loaded.entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                eprintln!("gridreduce: {e}");
                bad += 1;
                continue;
            }
        };
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
            Err(e) => {
                eprintln!("gridreduce: {}: {e}", entry.name);
                bad += 1;
            }
        }
    }
    Ok(if bad > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
