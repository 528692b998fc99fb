//! `gridreduce verify`: check solutions against their puzzles and name every broken rule.

use super::input::{PuzzleArgs, Tally};
use crate::error::{Error, Result};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// Check solutions: every violated rule is printed with its cells.
///
/// Solutions come from --solution, from the puzzle file itself (Suguru `solution` sections), or from
/// `solutions/<name>.solutions.txt` beside a Sudoku file.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce verify data/suguru/backtrack-180.txt\n  gridreduce verify data/sudoku/norvig_top95.txt --index 3 --solution my.txt"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Solutions file: one grid per line for Sudoku (line k solves puzzle k), the block format for
    /// Suguru.
    #[arg(long, value_name = "FILE")]
    pub solution: Option<PathBuf>,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let loaded = args.input.load(args.solution.clone())?;
    let tally = Tally::default();
    let (mut valid, mut invalid) = (0usize, 0usize);
    for entry in tally.readable(loaded.entries) {
        let Some(solution) = &entry.solution else {
            tally.report(format_args!(
                "{}: no solution for puzzle {} ({}); pass --solution FILE",
                loaded.path.display(),
                entry.index,
                entry.name
            ));
            continue;
        };
        let violations = entry.puzzle.verify(solution);
        let cols = entry.puzzle.cols();
        if violations.is_empty() {
            valid += 1;
        } else {
            invalid += 1;
        }
        if args.json {
            let list: Vec<_> = violations
                .iter()
                .map(|v| {
                    json!({
                        "rule": v.rule(),
                        "message": v.describe(cols),
                        "cells": v.cells().iter().map(|&c| crate::puzzle::cell_name(cols, c)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            println!(
                "{}",
                json!({"name": entry.name, "index": entry.index, "valid": violations.is_empty(), "violations": list})
            );
        } else if violations.is_empty() {
            println!("{}: valid", entry.name);
        } else {
            println!("{}: INVALID ({} violations)", entry.name, violations.len());
            for v in &violations {
                println!("  {}", v.describe(cols));
            }
        }
    }
    let bad = tally.bad();
    if !args.json && valid + invalid + bad > 1 {
        eprintln!(
            "verified {}: {valid} valid, {invalid} invalid, {bad} unreadable",
            valid + invalid + bad
        );
    }
    if bad > 0 {
        return Err(Error::Usage(format!(
            "{bad} puzzle(s) could not be checked (see above)"
        )));
    }
    Ok(if invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
