//! `gridreduce show`: a puzzle (or its solution) as a readable grid with region borders.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::puzzle::{Grid, Puzzle};
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

/// ASCII drawing: `|` and `---` where the block/region changes, `.` for empty cells.
pub fn draw(puzzle: &Puzzle, grid: &Grid) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let map = puzzle.group_map();
    let width = grid
        .cells()
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    let region = |r: isize, c: isize| -> Option<u32> {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| map[r as usize * cols + c as usize])
    };
    // A wall between (r1,c1) and (r2,c2) where the regions differ (the outside counts as different).
    let wall = |a: Option<u32>, b: Option<u32>| a != b;
    let mut out = String::new();
    for r in 0..=rows as isize {
        // Border line above row r.
        for c in 0..=cols as isize {
            let up = wall(region(r - 1, c - 1), region(r - 1, c)) && r > 0;
            let down = wall(region(r, c - 1), region(r, c)) && r < rows as isize;
            let left = wall(region(r - 1, c - 1), region(r, c - 1)) && c > 0;
            let right = wall(region(r - 1, c), region(r, c)) && c < cols as isize;
            out.push(match (up || down, left || right) {
                (true, true) => '+',
                (true, false) => '|',
                (false, true) => '-',
                (false, false) => ' ',
            });
            if c < cols as isize {
                let seg = if right { '-' } else { ' ' };
                out.extend(std::iter::repeat_n(seg, width + 2));
            }
        }
        out.push('\n');
        if r == rows as isize {
            break;
        }
        for c in 0..=cols as isize {
            out.push(if wall(region(r, c - 1), region(r, c)) {
                '|'
            } else {
                ' '
            });
            if c < cols as isize {
                let v = grid.at(r as usize, c as usize);
                let text = if v == 0 {
                    ".".to_string()
                } else {
                    v.to_string()
                };
                out.push_str(&format!(" {text:>width$} "));
            }
        }
        out.push('\n');
    }
    out
}
