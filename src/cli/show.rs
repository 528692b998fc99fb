//! `gridreduce show`: a puzzle (or its solution) as a readable grid with region borders.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::puzzle::draw::draw;
use std::process::ExitCode;

/// Draw puzzles in the terminal, with block or region borders.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  gridreduce show data/suguru/backtrack-180.txt --index 19 --solved"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Draw the known solution instead of the givens.
    #[arg(long)]
    pub solved: bool,
    /// Print JSON (name, size, regions, givens, solution) instead of drawings.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    for entry in tally.readable(loaded.entries) {
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "name": entry.name,
                    "kind": entry.puzzle.kind(),
                    "rows": entry.puzzle.rows(),
                    "cols": entry.puzzle.cols(),
                    "regions": entry.puzzle.group_map().iter().map(|g| g + 1).collect::<Vec<_>>(),
                    "givens": entry.puzzle.givens().cells(),
                    "solution": entry.solution.as_ref().map(|s| s.cells().to_vec()),
                })
            );
            continue;
        }
        let grid = match (&entry.solution, args.solved) {
            (Some(s), true) => s,
            (None, true) => {
                eprintln!(
                    "gridreduce: {}: no known solution, showing the givens",
                    entry.name
                );
                entry.puzzle.givens()
            }
            _ => entry.puzzle.givens(),
        };
        println!(
            "{} ({} {}, {} clues)",
            entry.name,
            entry.puzzle.kind(),
            entry.puzzle.size_label(),
            entry.puzzle.clues()
        );
        print!("{}", draw(&entry.puzzle, grid));
    }
    Ok(tally.exit_code(false))
}
