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
    /// Print JSON lines (name, route, count, capped; with --proof also claim and certificate).
    #[arg(long)]
    pub json: bool,
    /// Write a certificate of each count into DIR (a new or empty folder; DIR/K for the K-th
    /// puzzle of a file of several): the CNF as `reduce --to cnf` writes it, the solutions found,
    /// and, when fewer than --limit exist, CaDiCaL's DRAT proof that no other does. Check it with
    /// `gridreduce check-proof DIR` (docs/certificates.md).
    #[arg(long, value_name = "DIR")]
    pub proof: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let options = args.route.options()?;
    let loaded = args.input.load(None)?;
    if let Some(dir) = &args.proof {
        return certify(&args, &loaded, dir);
    }
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

/// `count --proof`: each puzzle counted by the certificate writer itself ([`crate::proof::puzzle`]).
fn certify(args: &Args, loaded: &super::input::Loaded, dir: &std::path::Path) -> Result<ExitCode> {
    if args.route.via != crate::solvers::Route::Auto {
        return Err(crate::error::Error::Usage(
            "--proof counts with CaDiCaL, whose proof it writes; leave out --via".into(),
        ));
    }
    crate::proof::fresh_folder(dir)?;
    let tally = Tally::default();
    for entry in tally.readable(loaded.entries.iter().map(|e| e.as_ref())) {
        match loaded.certify(entry, dir, args.limit, args.route.time_limit) {
            Ok((done, folder)) => {
                let claim = done.claim.describe(done.solutions);
                if args.json {
                    println!(
                        "{}",
                        serde_json::json!({"name": entry.name, "route": "sat", "count": done.solutions,
                            "capped": done.solutions >= args.limit, "claim": claim,
                            "certificate": folder.display().to_string(), "proof_bytes": done.proof_bytes})
                    );
                } else {
                    println!(
                        "{}: {}{} ({claim}; certificate in {})",
                        entry.name,
                        done.solutions,
                        if done.solutions >= args.limit {
                            "+"
                        } else {
                            ""
                        },
                        folder.display()
                    );
                }
            }
            Err(e @ crate::error::Error::Usage(_)) => return Err(e),
            Err(e) => tally.report_error(&entry.name, &loaded.at(entry), &e),
        }
    }
    Ok(tally.exit_code(false))
}
