//! `gridreduce show`: a puzzle (or its solution) as a readable grid with region borders.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::formats::{pls, spec};
use crate::puzzle::draw::draw;
use std::process::ExitCode;

/// Draw puzzles in the terminal, with block or region borders.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce show data/suguru/backtrack-180.txt --index 19 --solved\n  gridreduce show data/sudoku/sudoku4_vu_kr_100.txt --as spec > puzzles.yaml"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Draw the known solution instead of the givens.
    #[arg(long)]
    pub solved: bool,
    /// Print JSON (name, size, regions, givens, solution) instead of drawings.
    #[arg(long, conflicts_with = "as_format")]
    pub json: bool,
    /// Write the puzzles in another file format instead of drawings: `spec`, the description
    /// format (docs/describe.md; any puzzle, read back to the same puzzle), or `pls`, lsencode's
    /// partial Latin squares (Latin squares only).
    #[arg(long = "as", value_enum, value_name = "FORMAT", id = "as_format")]
    pub as_format: Option<ShowAs>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ShowAs {
    Spec,
    Pls,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    let mut first = true;
    for entry in tally.readable(loaded.entries) {
        match args.as_format {
            Some(ShowAs::Spec) => {
                if !std::mem::take(&mut first) {
                    println!("---");
                }
                print!(
                    "{}",
                    spec::to_text(&entry.name, &entry.puzzle, entry.solution.as_ref())
                );
                continue;
            }
            Some(ShowAs::Pls) => {
                if entry.puzzle.kind() != "latin" {
                    tally.report(format!(
                        "{}: a {} is no Latin square; --as pls writes Latin squares only",
                        entry.name,
                        entry.puzzle.kind()
                    ));
                    continue;
                }
                let grid = match (&entry.solution, args.solved) {
                    (Some(s), true) => s,
                    _ => entry.puzzle.givens(),
                };
                println!("{}", pls::format(grid));
                continue;
            }
            None => {}
        }
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
