//! `gridreduce info`: sizes, clue counts and the results of the cheap unsolvability pre-checks.

use super::input::{PuzzleArgs, Tally};
use crate::error::Result;
use crate::puzzle::Puzzle;
use crate::puzzle::precheck::precheck;
use serde_json::json;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// Describe puzzles: kind, size, layout, clues, and why a puzzle cannot be solved when a cheap
/// pre-check can tell (exit code 1 then).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce info data/sudoku/royle17.txt\n  gridreduce info data/suguru/backtrack-180.txt --index 19"
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// One line per puzzle even for large files (by default files of more than 50 puzzles get a
    /// summary plus the puzzles with findings).
    #[arg(long)]
    pub each: bool,
    /// One JSON object per puzzle.
    #[arg(long)]
    pub json: bool,
}

fn layout(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::Sudoku(s) => s.layout().describe(),
        Puzzle::Suguru(s) => {
            let sizes = s.region_sizes();
            format!(
                "{} regions, largest {}",
                sizes.len(),
                sizes.iter().max().unwrap_or(&0)
            )
        }
        Puzzle::Described(d) => d.describe(),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let loaded = args.input.load(None)?;
    let each = args.each || args.json || loaded.entries.len() <= 50;
    let tally = Tally::default();
    let mut unsolvable = 0usize;
    let mut by_size: BTreeMap<String, (usize, usize, usize, usize)> = BTreeMap::new();
    for entry in tally.readable(loaded.entries.iter().map(Result::as_ref)) {
        let p = &entry.puzzle;
        let findings = precheck(p);
        if !findings.is_empty() {
            unsolvable += 1;
        }
        let stat = by_size
            .entry(format!("{} {}", p.kind(), p.size_label()))
            .or_insert((0, usize::MAX, 0, 0));
        stat.0 += 1;
        stat.1 = stat.1.min(p.clues());
        stat.2 = stat.2.max(p.clues());
        stat.3 += p.clues();
        if args.json {
            println!(
                "{}",
                json!({
                    "name": entry.name, "index": entry.index, "kind": p.kind(), "size": p.size_label(),
                    "layout": layout(p), "clues": p.clues(), "cells": p.rows() * p.cols(),
                    "has_solution": entry.solution.is_some(),
                    "findings": findings.iter().map(|f| json!({"check": f.check, "message": f.message})).collect::<Vec<_>>(),
                })
            );
        } else if each || !findings.is_empty() {
            println!(
                "{}: {} {}, {}, {} clues of {} cells{}",
                entry.name,
                p.kind(),
                p.size_label(),
                layout(p),
                p.clues(),
                p.rows() * p.cols(),
                if entry.solution.is_some() {
                    ", solution known"
                } else {
                    ""
                }
            );
            for f in &findings {
                println!("  unsolvable ({}): {}", f.check, f.message);
            }
        }
    }
    if !args.json {
        for (size, (count, min, max, sum)) in &by_size {
            println!(
                "{size}: {count} puzzles, clues {min}..{max} (mean {:.1})",
                *sum as f64 / *count as f64
            );
        }
        println!(
            "pre-checks: {unsolvable} puzzle(s) proven unsolvable, {} unreadable",
            tally.bad()
        );
    }
    Ok(tally.exit_code(unsolvable > 0))
}
