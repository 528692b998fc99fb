//! `gridreduce solve`: solve puzzles in-process through a chosen route and print the solutions in
//! the input's own format.

use super::input::{PuzzleArgs, Tally};
use crate::error::{Error, Result};
use crate::formats::collection::solution_text;
use crate::formats::write_atomic;
use crate::puzzle::Puzzle;
use crate::sat::Encoding;
use crate::solvers::{Answer, Route, RouteOptions, SatChoice, Timed, solve_batch_observed};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Solve puzzles and print each solution in the puzzle file's own format.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce solve data/sudoku/sudoku16_gecode_janko_55.txt --json\n  gridreduce solve data/sudoku/norvig_top95.txt --index 1 --via cover\n  gridreduce solve data/suguru/backtrack-180.txt --via sat --runs 10 --jobs 1 --times sat-times.csv > /dev/null\n\nThe --times CSV has the columns name,kind,N,clues,route,runs,seconds,solved: route is the one\nthat solved the puzzle (the pick of --via auto), seconds the mean wall time of one in-process\nsolve (building the route's instance included, reading and printing not) over --runs runs; with\nmore than one job the puzzles share the cores, so time with --jobs 1.\n\nOn a terminal, a batch shows a progress bar and ends with a summary line on stderr.\n\nExit codes: 0 every puzzle solved, 1 a puzzle has no solution, 2 bad input, 3 a puzzle got no\nanswer within --time-limit (reported on stderr; the others are printed)."
)]
pub struct Args {
    #[command(flatten)]
    pub input: PuzzleArgs,
    #[command(flatten)]
    pub route: RouteArgs,
    /// Print JSON lines (name, route, solved, solution) instead.
    #[arg(long)]
    pub json: bool,
    /// With --via human: print every step and the grade to stderr (one puzzle after the other).
    #[arg(long)]
    pub explain: bool,
    /// Write one CSV row of solve time per puzzle to FILE (written atomically at the end).
    #[arg(long, value_name = "FILE")]
    pub times: Option<PathBuf>,
    /// Solve each puzzle this many times; --times records the mean (the papers used 10).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Also certify each puzzle into DIR (a new or empty folder; DIR/K for the K-th puzzle of a
    /// file of several), as `count --limit 2 --proof` does: "no solution" or "unique" with
    /// CaDiCaL's DRAT proof, or "at least 2" with two solutions. The claim goes to stderr (and
    /// into --json); check with `gridreduce check-proof DIR` (docs/certificates.md).
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
}

/// How `solve` and `count` solve: the route and its settings.
#[derive(clap::Args, Debug, Clone)]
pub struct RouteArgs {
    /// How to solve: auto picks per puzzle from its kind and size (docs/routes.md).
    #[arg(long, value_enum, default_value = "auto")]
    pub via: Route,
    /// Give up on a puzzle after this many seconds, building the route's instance included
    /// (every route; exit code 3).
    #[arg(long, value_name = "SECS", value_parser = super::hcp_solve::parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// With --via sat: a fresh solver per puzzle with this encoding instead of the fast path.
    #[arg(long, value_enum)]
    pub encoding: Option<Encoding>,
    /// With --via sat: apply the givens while encoding (Kwon & Jain); a fresh solver per puzzle.
    #[arg(long)]
    pub simplify: bool,
    /// Threads to share the puzzles out to (0: one per core, or one per two cores when the puzzles
    /// go to the two-member SAT portfolio, Sudoku above 16×16). Output stays in input order and is
    /// the same for any number.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub jobs: usize,
}

impl RouteArgs {
    pub fn options(&self) -> Result<RouteOptions> {
        if (self.encoding.is_some() || self.simplify) && self.via != Route::Sat {
            return Err(Error::Usage(
                "--encoding and --simplify apply to --via sat only".into(),
            ));
        }
        Ok(RouteOptions {
            time_limit: self.time_limit,
            sat: (self.encoding.is_some() || self.simplify).then_some(SatChoice {
                encoding: self.encoding,
                simplify: self.simplify,
            }),
        })
    }
}

/// One row of the --times CSV.
struct Timing {
    name: String,
    kind: &'static str,
    size: String,
    clues: usize,
    route: Route,
    seconds: f64,
    solved: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let options = args.route.options()?;
    let loaded = args.input.load(None)?;
    let tally = Tally::default();
    let mut unsolved = 0;
    let mut timings = Vec::new();
    if let Some(dir) = &args.proof {
        crate::proof::fresh_folder(dir)?;
    }
    let explain_steps = args.explain && args.route.via == Route::Human;
    let puzzles: Vec<&Puzzle> = loaded
        .entries
        .iter()
        .filter_map(|e| e.as_ref().ok().map(|e| &e.puzzle))
        .collect();
    let mut answers = if explain_steps {
        Vec::new()
    } else {
        let bar = crate::batch::progress(puzzles.len(), "solving", puzzles.len() < 2);
        let answers = solve_batch_observed(
            &puzzles,
            args.route.via,
            1,
            &options,
            args.route.jobs,
            args.runs,
            &|| bar.inc(1),
        )?;
        bar.finish_and_clear();
        answers
    }
    .into_iter();
    for entry in tally.readable(loaded.entries.iter().map(|e| e.as_ref())) {
        let Timed { answer, seconds } = if explain_steps {
            let clock = std::time::Instant::now();
            let answer = explain(&entry.name, &entry.puzzle).map(|grids| Answer {
                grids,
                route: Route::Human,
            });
            Timed {
                answer,
                seconds: clock.elapsed().as_secs_f64(),
            }
        } else {
            answers.next().expect("one answer per readable puzzle")
        };
        let Answer {
            grids: found,
            route,
        } = match answer {
            Ok(a) => a,
            Err(e) => {
                tally.report_error(&entry.name, &loaded.at(entry), &e);
                continue;
            }
        };
        let text = found
            .first()
            .map(|g| solution_text(&entry.puzzle, g, loaded.format));
        if found.is_empty() {
            unsolved += 1;
        }
        timings.push(Timing {
            name: entry.name.clone(),
            kind: entry.puzzle.kind(),
            size: entry.puzzle.size_label(),
            clues: entry.puzzle.clues(),
            route,
            seconds,
            solved: !found.is_empty(),
        });
        let certified = match &args.proof {
            None => None,
            Some(dir) => match loaded.certify(entry, dir, 2, args.route.time_limit) {
                Ok((done, folder)) => {
                    let claim = done.claim.describe(done.solutions);
                    eprintln!(
                        "gridreduce: {}: {claim}; certificate in {}",
                        entry.name,
                        folder.display()
                    );
                    Some((claim, folder))
                }
                Err(e @ Error::Usage(_)) => return Err(e),
                Err(e) => {
                    tally.report_error(&entry.name, &loaded.at(entry), &e);
                    None
                }
            },
        };
        if args.json {
            let mut line = serde_json::json!({"name": entry.name, "route": route.name(), "solved": !found.is_empty(), "solution": text});
            if let Some((claim, folder)) = &certified {
                line["claim"] = claim.clone().into();
                line["certificate"] = folder.display().to_string().into();
            }
            println!("{line}");
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
    if let Some(path) = &args.times {
        write_times(path, &timings, args.runs)?;
    }
    tally.print_closing_line(loaded.entries.len(), || {
        let mut parts = vec![format!("{} solved", timings.len() - unsolved)];
        if unsolved > 0 {
            parts.push(format!("{unsolved} with no solution"));
        }
        parts
    });
    Ok(tally.exit_code(unsolved > 0))
}

fn write_times(path: &Path, timings: &[Timing], runs: u32) -> Result<()> {
    write_atomic(path, |w| {
        let mut out = csv::Writer::from_writer(w);
        let mut record = |r: &[&str]| out.write_record(r).map_err(std::io::Error::other);
        record(&[
            "name", "kind", "N", "clues", "route", "runs", "seconds", "solved",
        ])?;
        for t in timings {
            record(&[
                &t.name,
                t.kind,
                &t.size,
                &t.clues.to_string(),
                t.route.name(),
                &runs.to_string(),
                &format!("{:.9}", t.seconds),
                if t.solved { "true" } else { "false" },
            ])?;
        }
        out.flush()
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
