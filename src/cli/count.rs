//! `gridreduce count`: the number of solutions of each puzzle, capped at a limit.

use super::input::{PuzzleArgs, Tally};
use super::solve::RouteArgs;
use crate::error::Result;
use crate::puzzle::Puzzle;
use crate::solvers::{Answer, solve_batch_observed};
use std::process::ExitCode;

/// Count solutions (up to --limit) of each puzzle.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example (uniqueness check):\n  gridreduce count data/sudoku/sudoku4_vu_kr_100.txt --limit 2\n\nOn a terminal, a batch shows a progress bar and ends with a summary line on stderr.\n\nExit codes: 0 every puzzle counted, 2 bad input, 3 a puzzle got no answer within --time-limit\n(reported on stderr; the others are printed)."
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
    let bar = crate::batch::progress(puzzles.len(), "counting", puzzles.len() < 2);
    let mut answers = solve_batch_observed(
        &puzzles,
        args.route.via,
        args.limit,
        &options,
        args.route.jobs,
        1,
        &|| bar.inc(1),
    )?
    .into_iter();
    bar.finish_and_clear();
    let mut counts = Vec::with_capacity(puzzles.len());
    for entry in tally.readable(loaded.entries.iter().map(|e| e.as_ref())) {
        let timed = answers.next().expect("one answer per readable puzzle");
        match timed.answer {
            Ok(Answer {
                grids: found,
                route,
            }) => {
                let capped = found.len() >= args.limit;
                counts.push(found.len());
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
    tally.print_closing_line(loaded.entries.len(), || groups(&counts, args.limit));
    Ok(tally.exit_code(false))
}

/// The counts grouped, unique first (what `--limit 2` asks), then by count: one group per exact
/// count below the limit, one for the capped ("95 unique", "2 with none", "3 with 2+ solutions").
fn groups(counts: &[usize], limit: usize) -> Vec<String> {
    let mut groups = std::collections::BTreeMap::new();
    for &c in counts {
        *groups.entry(c.min(limit)).or_insert(0usize) += 1;
    }
    let unique = limit > 1;
    let mut order: Vec<(&usize, &usize)> = groups.iter().collect();
    order.sort_by_key(|&(&c, _)| (!(unique && c == 1), c));
    order
        .into_iter()
        .map(|(&c, &n)| match c {
            0 => format!("{n} with none"),
            1 if unique => format!("{n} unique"),
            c if c >= limit => format!("{n} with {c}+ solutions"),
            c => format!("{n} with {c} solutions"),
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::groups;
    use crate::cli::input::closing_line;

    /// `count`'s closing line as `Tally::print_closing_line` writes it: the groups, then the bad
    /// and timed-out puzzles.
    fn summary(counts: &[usize], limit: usize, bad: usize, timeouts: usize) -> String {
        closing_line(
            counts.len() + bad + timeouts,
            groups(counts, limit),
            bad,
            timeouts,
        )
    }

    #[test]
    fn the_summary_groups_counts_below_the_limit_and_the_capped() {
        assert_eq!(
            summary(&[1, 2, 1, 0, 1], 2, 0, 0),
            "5 puzzles: 3 unique, 1 with none, 1 with 2+ solutions"
        );
        assert_eq!(
            summary(&[3, 10, 1, 10], 10, 1, 2),
            "7 puzzles: 1 unique, 1 with 3 solutions, 2 with 10+ solutions, 1 bad, 2 timed out"
        );
        assert_eq!(
            summary(&[1, 0], 1, 0, 0),
            "2 puzzles: 1 with none, 1 with 1+ solutions"
        );
    }
}
