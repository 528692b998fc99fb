//! `gridreduce hcp solve`: the built-in exact Hamiltonian-cycle solver ([`crate::hcp::solve`]) on
//! any graph file gridreduce reads, so the HCP route needs no external solver. Undirected graphs go
//! through [`solve_graph`] (reductions, rotation–extension, branching, exact model); digraphs straight to the
//! exact model.
//!
//! Exit codes: 0 a cycle was found (and checked against the graph), 1 the graph is proved to have
//! none, 2 bad input, 3 the time limit ran out (see `gridreduce --help`).

use crate::error::{Error, Result};
use crate::formats::graphs::{GraphFormat, Instance, read_graph};
use crate::formats::tour::write_lkh_tour_file;
use crate::hcp::solve::{HcSolver, SolveOptions, SolveStats, solve_graph};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Find a Hamiltonian cycle of a graph file (TSPLIB HCP/TSP/ATSP, DIMACS .col, Concorde edges,
/// arc list), or prove there is none: exit 0 with a cycle, 1 when there is none, 2 on bad input, 3
/// when the time limit runs out. Undirected graphs go through reductions, a rotation-extension
/// heuristic and a branching search with restarts before the exact SAT model. The cycle is checked against the graph (and its FIXED_EDGES) and written
/// as an LKH TOUR file with -o.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp solve data/hcp/tsplib/alb1000.hcp -o alb1000.tour\n  gridreduce hcp solve data/hcp/fhcp/graph8.hcp --time-limit 10"
)]
pub struct SolveArgs {
    /// The graph file.
    pub graph: PathBuf,
    /// Write the cycle here as an LKH TOUR file (atomically).
    #[arg(short, long, value_name = "TOUR")]
    pub output: Option<PathBuf>,
    /// Give up after this many seconds (exit code 3, like every `--time-limit`).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Graph format (detected by default).
    #[arg(long, value_enum)]
    pub graph_format: Option<GraphFormat>,
}

/// A positive, finite number of seconds (fractions allowed), for every `--time-limit`.
pub fn parse_seconds(text: &str) -> std::result::Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if secs.is_finite() && secs > 1e9 {
        return Err(format!(
            "`{text}`: the time limit is at most 1000000000 seconds (about 31 years)"
        ));
    }
    if !secs.is_finite() || secs <= 0.0 {
        return Err(format!(
            "`{text}`: the time limit must be a positive number of seconds"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A spinner on stderr (drawn only when stderr is a terminal) with the rounds so far.
fn spinner() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message("solving");
    bar
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let file = read_graph(&args.graph, args.graph_format)?;
    let n = file.instance.vertices();
    let edges = file.instance.edge_count();
    let start = Instant::now();
    let fixed: Vec<(u32, u32)> = file
        .header
        .as_ref()
        .map(|h| h.fixed_edges.clone())
        .unwrap_or_default();
    let bar = spinner();
    // The ticker is a thread: only worth its start-up (about a quarter of a millisecond, a tenth
    // of a small graph's whole run) when there is a terminal to draw on.
    if std::io::stderr().is_terminal() {
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    let shown = bar.clone();
    // The counters so far, for the summary of a search the time limit stops (its error carries
    // none).
    let last = std::rc::Rc::new(std::cell::Cell::new(SolveStats::default()));
    let seen = last.clone();
    let progress = move |s: &SolveStats| {
        seen.set(*s);
        shown.set_message(format!("round {}, {} subtour cuts", s.rounds, s.cuts));
    };
    let opts = SolveOptions {
        time_limit: args.time_limit,
    };
    // (answer, counters, how it was reached, the reductions' proof)
    let (found, stats, how, reason) = match &file.instance {
        Instance::Undirected(g) => {
            if let Some(&(a, b)) = fixed.iter().find(|&&(a, b)| !g.has_edge(a, b)) {
                return Err(not_an_edge(&args.graph, a, b));
            }
            match solve_graph(g, &fixed, &opts, progress) {
                Ok(ans) => {
                    let how = format!(
                        "{}, {} edges removed and {} forced by the reductions",
                        ans.method.name(),
                        ans.removed,
                        ans.forced
                    );
                    (Ok(ans.tour), ans.stats, how, ans.reason)
                }
                Err(e) => (Err(e), last.get(), String::new(), None),
            }
        }
        Instance::Directed(d) => {
            let deadline = args.time_limit.map(|t| std::time::Instant::now() + t);
            match HcSolver::digraph_until(d, deadline) {
                Ok(mut solver) => {
                    for &(a, b) in &fixed {
                        if !solver.require(a, b) {
                            return Err(not_an_edge(&args.graph, a, b));
                        }
                    }
                    solver.on_round(progress);
                    let found = solver.next_cycle();
                    (found, solver.stats(), "exact SAT model".to_string(), None)
                }
                Err(e) => (Err(e), last.get(), String::new(), None),
            }
        }
    };
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let kind = if file.instance.is_directed() {
        "arcs"
    } else {
        "edges"
    };
    let summary = format!(
        "{n} vertices, {edges} {kind}, {} rounds, {} subtour cuts, {secs:.3} s{}",
        stats.rounds,
        stats.cuts,
        if how.is_empty() {
            String::new()
        } else {
            format!(" ({how})")
        }
    );
    let tour = match found {
        Ok(Some(t)) => t,
        Ok(None) => {
            println!(
                "{}: no Hamiltonian cycle (proved{}): {summary}",
                args.graph.display(),
                reason.map(|r| format!(": {r}")).unwrap_or_default()
            );
            return Ok(ExitCode::from(1));
        }
        Err(Error::Timeout(_)) => {
            return Err(Error::Timeout(format!(
                "{}: time limit reached, no answer: {summary}",
                args.graph.display()
            )));
        }
        Err(e) => return Err(e),
    };
    // The solver is sound, but a tour that is written is always checked first.
    let verdict = file
        .instance
        .check(&tour)
        .map_err(|e| e.to_string())
        .and_then(|()| super::hcp::fixed_edges_used(&file, &tour));
    if let Err(e) = verdict {
        return Err(Error::Unsolvable(format!(
            "internal error: the solver's cycle is not a Hamiltonian cycle of {}: {e}",
            args.graph.display()
        )));
    }
    if let Some(out) = &args.output {
        let name = file
            .header
            .as_ref()
            .and_then(|h| h.name.clone())
            .unwrap_or_else(|| stem(&args.graph));
        write_lkh_tour_file(
            out,
            &tour,
            &format!("{name}.tour"),
            Some(&format!(
                "Hamiltonian cycle found by gridreduce hcp solve: {summary}"
            )),
        )?;
    }
    println!(
        "{}: Hamiltonian cycle: {summary}{}",
        args.graph.display(),
        args.output
            .as_ref()
            .map(|o| format!("; tour written to {}", o.display()))
            .unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}

fn not_an_edge(graph: &Path, a: u32, b: u32) -> Error {
    Error::Usage(format!(
        "{}: the fixed edge {} {} is not an edge of the graph",
        graph.display(),
        a + 1,
        b + 1
    ))
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "graph".to_string())
}
