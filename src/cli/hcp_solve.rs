//! `gridreduce hcp solve`: the built-in exact Hamiltonian-cycle solver ([`crate::hcp::solve`]) on
//! any graph file gridreduce reads, so the HCP route needs no external solver. Undirected graphs go
//! through [`solve_graph`] (reductions, rotation–extension, branching, exact model); digraphs straight to the
//! exact model.
//!
//! Exit codes: 0 a cycle was found (and checked against the graph), 1 the graph is proved to have
//! none, 2 bad input, 3 the time limit ran out (see `gridreduce --help`).

use crate::batch::{self, ItemReport, Job, Row, Status};
use crate::error::{Error, Result};
use crate::formats::graphs::{GraphFile, GraphFormat, Instance, read_graph};
use crate::formats::tour::write_lkh_tour_file;
use crate::hcp::graph::Tour;
use crate::hcp::solve::{HcSolver, SolveOptions, SolveStats, solve_graph};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Find a Hamiltonian cycle of a graph file (TSPLIB HCP/TSP/ATSP, DIMACS .col, Concorde edges,
/// arc list), or prove there is none: exit 0 with a cycle, 1 when there is none, 2 on bad input, 3
/// when the time limit runs out. Undirected graphs go through reductions, a rotation-extension
/// heuristic, a branching search with restarts and splitting along edge cuts of at most four
/// edges before the exact SAT model, which works on the graph with those clusters folded where
/// the split gives up. The cycle is checked against the graph (and its
/// FIXED_EDGES) and written as an LKH TOUR file with -o. Several graph files make a batch: one
/// line each on stdout in input order, a bad or timed-out file reported on stderr while the
/// others go on, tours in --tours, one CSV row per graph with --csv.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp solve data/hcp/tsplib/alb1000.hcp -o alb1000.tour\n  gridreduce hcp solve data/hcp/fhcp/graph8.hcp --time-limit 10\n  gridreduce hcp solve data/hcp/fhcp/*.hcp --time-limit 60 --tours tours --csv fhcp.csv\n\nExit codes of a batch: 2 when a file was bad input, otherwise 3 when a graph got no answer\nwithin --time-limit, otherwise 1 when a graph was proved to have no cycle, otherwise 0.\n\nThe --csv columns: graph,vertices,edges,status,step,seconds,rounds,cuts,removed,forced,reason;\nstatus is cycle, none, timeout or bad, step the one that answered, reason the reductions'\nproof of none or what was wrong with a bad file.\n\nReproducible: the same graph and --seed give the same tour file and the same stdout line on\nevery run, machine and load, but for the wall time (on stdout and in the seconds column)."
)]
pub struct SolveArgs {
    /// The graph file, or several for a batch.
    #[arg(required = true, value_name = "GRAPH")]
    pub graphs: Vec<PathBuf>,
    /// Write the cycle here as an LKH TOUR file (atomically); one graph only (a batch writes to
    /// --tours).
    #[arg(short, long, value_name = "TOUR")]
    pub output: Option<PathBuf>,
    /// Write each graph's cycle into this folder as NAME.tour (NAME: the graph file's name without
    /// its extension), atomically.
    #[arg(long, value_name = "DIR")]
    pub tours: Option<PathBuf>,
    /// Write one row per graph to this CSV file (atomically, when all are done).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Graphs solved at once in a batch (default: one per two cores, since each solve runs its two
    /// searches side by side).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Give up on a graph after this many seconds (exit code 3, like every `--time-limit`).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Graph format (detected by default).
    #[arg(long, value_enum)]
    pub graph_format: Option<GraphFormat>,
    /// Seed of the solver's random choices (rotation–extension and branching). The same graph
    /// and seed give the same tour on every run, machine and load; another seed may give another
    /// cycle. A seed other than 0 is recorded in the tour file's COMMENT.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Solve with the certifying cut model, and when the graph has no Hamiltonian cycle write a
    /// certificate of that into DIR (a new or empty folder): the graph, every subtour cut (each
    /// checkable from the graph alone), the degree model with the cuts as CNF and CaDiCaL's DRAT
    /// proof that it is unsatisfiable. Check it with `gridreduce hcp check-proof DIR`
    /// (docs/certificates.md). Undirected graphs, one graph, no --csv.
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
}

/// The solver's settings from the arguments.
fn options(args: &SolveArgs) -> SolveOptions {
    SolveOptions {
        time_limit: args.time_limit,
        seed: args.seed,
    }
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

/// How solving one graph ended (bad input is an `Err`).
enum Outcome {
    Cycle(Tour),
    /// Proved to have none, with the reductions' reason when they proved it.
    NoCycle(Option<String>),
    Timeout,
}

/// One graph solved: its file, the outcome, the summary line's tail and the CSV row.
struct Solved {
    file: GraphFile,
    outcome: Outcome,
    /// Sizes and counters (`70 vertices, 106 edges, 0 rounds, 0 subtour cuts`).
    counts: String,
    /// The step that answered and the reductions' counts, or nothing.
    how: String,
    /// The wall time: on the stdout line and in the CSV, never in the tour file, which is the same
    /// on every run.
    seconds: f64,
    row: Row,
}

impl Solved {
    /// The summary of the stdout line, with the wall time.
    fn summary(&self) -> String {
        format!("{}, {:.3} s{}", self.counts, self.seconds, self.how)
    }

    /// The summary of the tour file's COMMENT: everything but the wall time.
    fn timeless_summary(&self) -> String {
        format!("{}{}", self.counts, self.how)
    }
}

/// Solves the graph in `path`; a found cycle is checked against the graph and its FIXED_EDGES.
/// `spinner`: the single-graph spinner to show the rounds on.
fn solve_file(
    path: &Path,
    format: Option<GraphFormat>,
    opts: SolveOptions,
    spinner: Option<ProgressBar>,
) -> Result<Solved> {
    let time_limit = opts.time_limit;
    let file = read_graph(path, format)?;
    let n = file.instance.vertices();
    let edges = file.instance.edge_count();
    let start = Instant::now();
    let fixed: Vec<(u32, u32)> = file
        .header
        .as_ref()
        .map(|h| h.fixed_edges.clone())
        .unwrap_or_default();
    // The counters so far, for the summary of a search the time limit stops (its error carries
    // none).
    let last = std::rc::Rc::new(std::cell::Cell::new(SolveStats::default()));
    let seen = last.clone();
    let shown = spinner.clone();
    let progress = move |s: &SolveStats| {
        seen.set(*s);
        if let Some(bar) = &shown {
            bar.set_message(format!("round {}, {} subtour cuts", s.rounds, s.cuts));
        }
    };
    // (answer, counters, the step that answered, the reductions' proof, their counts)
    let (found, stats, step, reason, reduced) = match &file.instance {
        Instance::Undirected(g) => {
            if let Some(&(a, b)) = fixed.iter().find(|&&(a, b)| !g.has_edge(a, b)) {
                return Err(not_an_edge(path, a, b));
            }
            match solve_graph(g, &fixed, &opts, progress) {
                Ok(ans) => (
                    Ok(ans.tour),
                    ans.stats,
                    ans.method.name(),
                    ans.reason,
                    Some((ans.removed, ans.forced)),
                ),
                Err(e) => (Err(e), last.get(), "", None, None),
            }
        }
        Instance::Directed(d) => {
            let deadline = time_limit.map(|t| std::time::Instant::now() + t);
            match HcSolver::digraph_until(d, deadline) {
                Ok(mut solver) => {
                    for &(a, b) in &fixed {
                        if !solver.require(a, b) {
                            return Err(not_an_edge(path, a, b));
                        }
                    }
                    solver.on_round(progress);
                    let found = solver.next_cycle();
                    (found, solver.stats(), "exact SAT model", None, None)
                }
                Err(e) => (Err(e), last.get(), "", None, None),
            }
        }
    };
    if let Some(bar) = &spinner {
        bar.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    let kind = if file.instance.is_directed() {
        "arcs"
    } else {
        "edges"
    };
    let seed = if opts.seed == 0 {
        String::new()
    } else {
        format!(", seed {}", opts.seed)
    };
    let how = match reduced {
        Some((removed, forced)) => {
            format!(" ({step}, {removed} edges removed and {forced} forced by the reductions)")
        }
        None if step.is_empty() => String::new(),
        None => format!(" ({step})"),
    };
    let counts = format!(
        "{n} vertices, {edges} {kind}, {} rounds, {} subtour cuts{seed}",
        stats.rounds, stats.cuts,
    );
    let outcome = match found {
        Ok(Some(tour)) => {
            // The solver is sound, but a tour that is written is always checked first.
            let verdict = file
                .instance
                .check(&tour)
                .map_err(|e| e.to_string())
                .and_then(|()| super::hcp::fixed_edges_used(&file, &tour));
            if let Err(e) = verdict {
                return Err(Error::Unsolvable(format!(
                    "internal error: the solver's cycle is not a Hamiltonian cycle of {}: {e}",
                    path.display()
                )));
            }
            Outcome::Cycle(tour)
        }
        Ok(None) => Outcome::NoCycle(reason.clone()),
        Err(Error::Timeout(_)) => Outcome::Timeout,
        Err(e) => return Err(e),
    };
    let status = match outcome {
        Outcome::Cycle(_) => "cycle",
        Outcome::NoCycle(_) => "none",
        Outcome::Timeout => "timeout",
    };
    let (removed, forced) = reduced.map_or((String::new(), String::new()), |(r, f)| {
        (r.to_string(), f.to_string())
    });
    let row = csv_row(path, status, &reason.unwrap_or_default())
        .into_iter()
        .chain([
            ("vertices".to_string(), n.to_string()),
            ("edges".to_string(), edges.to_string()),
            ("step".to_string(), step.to_string()),
            ("seconds".to_string(), format!("{secs:.3}")),
            ("rounds".to_string(), stats.rounds.to_string()),
            ("cuts".to_string(), stats.cuts.to_string()),
            ("removed".to_string(), removed),
            ("forced".to_string(), forced),
        ])
        .collect();
    Ok(Solved {
        file,
        outcome,
        counts,
        how,
        seconds: secs,
        row,
    })
}

/// The columns of `--csv`.
const CSV_COLUMNS: [&str; 11] = [
    "graph", "vertices", "edges", "status", "step", "seconds", "rounds", "cuts", "removed",
    "forced", "reason",
];

/// The row's graph, status and reason (all a bad file has).
fn csv_row(path: &Path, status: &str, reason: &str) -> Row {
    vec![
        ("graph".to_string(), path.display().to_string()),
        ("status".to_string(), status.to_string()),
        ("reason".to_string(), reason.to_string()),
    ]
}

/// The NAME of a tour file for the graph in `path`: the graph's TSPLIB NAME, else the file stem,
/// with `.tour`.
fn tour_name(file: &GraphFile, path: &Path) -> String {
    let name = file
        .header
        .as_ref()
        .and_then(|h| h.name.clone())
        .unwrap_or_else(|| stem(path));
    format!("{name}.tour")
}

/// Writes `tour` of the graph in `path` as an LKH TOUR file to `out`.
fn write_tour(path: &Path, solved: &Solved, tour: &Tour, out: &Path) -> Result<()> {
    write_lkh_tour_file(
        out,
        tour,
        &tour_name(&solved.file, path),
        Some(&format!(
            "Hamiltonian cycle found by gridreduce hcp solve: {}",
            solved.timeless_summary()
        )),
    )
}

/// The stdout line of a graph with an answer.
fn answer_line(path: &Path, solved: &Solved, written: Option<&Path>) -> String {
    match &solved.outcome {
        Outcome::Cycle(_) => format!(
            "{}: Hamiltonian cycle: {}{}",
            path.display(),
            solved.summary(),
            written
                .map(|o| format!("; tour written to {}", o.display()))
                .unwrap_or_default()
        ),
        Outcome::NoCycle(reason) => format!(
            "{}: no Hamiltonian cycle (proved{}): {}",
            path.display(),
            reason
                .as_ref()
                .map(|r| format!(": {r}"))
                .unwrap_or_default(),
            solved.summary()
        ),
        Outcome::Timeout => format!(
            "{}: time limit reached, no answer: {}",
            path.display(),
            solved.summary()
        ),
    }
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    if args.output.is_some() && args.graphs.len() > 1 {
        return Err(Error::Usage(
            "-o/--output takes one graph; with several, write the tours to a folder with --tours DIR"
                .into(),
        ));
    }
    if args.proof.is_some() && (args.graphs.len() > 1 || args.csv.is_some()) {
        return Err(Error::Usage(
            "--proof takes one graph and no --csv (a certificate folder per graph)".into(),
        ));
    }
    if let Some(dir) = &args.tours {
        prepare_tours(dir, &args.graphs)?;
    }
    if args.graphs.len() > 1 {
        return run_batch(&args);
    }
    let path = &args.graphs[0];
    if let Some(dir) = &args.proof {
        return run_certified(&args, path, dir);
    }
    let bar = spinner();
    // The ticker is a thread: only worth its start-up (about a quarter of a millisecond, a tenth
    // of a small graph's whole run) when there is a terminal to draw on.
    if std::io::stderr().is_terminal() {
        bar.enable_steady_tick(Duration::from_millis(200));
    }
    let solved = solve_file(path, args.graph_format, options(&args), Some(bar))?;
    let out = match (&args.output, &args.tours) {
        (Some(out), _) => Some(out.clone()),
        (None, Some(dir)) => Some(tour_path(dir, path)),
        (None, None) => None,
    };
    let code = match &solved.outcome {
        Outcome::Cycle(tour) => {
            if let Some(out) = &out {
                write_tour(path, &solved, tour, out)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Outcome::NoCycle(_) => Ok(ExitCode::from(1)),
        Outcome::Timeout => Err(Error::Timeout(answer_line(path, &solved, None))),
    };
    if let Some(csv) = &args.csv {
        write_csv(csv, std::slice::from_ref(&solved.row))?;
    }
    let code = code?;
    println!("{}", answer_line(path, &solved, out.as_deref()));
    Ok(code)
}

/// `hcp solve --proof`: the certifying cut model ([`crate::proof::hamiltonian`]) instead of the
/// solver's pipeline. It is exact, so it answers either way: a cycle (checked, written as with
/// -o) or a certificate that there is none. On GP(59,2) it proves "none" in about half a second
/// where the default pipeline (branching first) runs out of a 60 s limit (docs/certificates.md).
fn run_certified(args: &SolveArgs, path: &Path, dir: &Path) -> Result<ExitCode> {
    use crate::proof::hamiltonian::{Outcome as Certified, certify};
    let start = Instant::now();
    let deadline = args.time_limit.map(|t| start + t);
    match certify(path, args.graph_format, dir, deadline)? {
        Certified::Certified {
            cuts,
            cut_seconds,
            prove_seconds,
            proof_bytes,
        } => {
            println!(
                "{}: no Hamiltonian cycle (certified in {}): {cuts} subtour cuts, proof {proof_bytes} bytes, {cut_seconds:.3} s cuts + {prove_seconds:.3} s proof",
                path.display(),
                dir.display()
            );
            Ok(ExitCode::from(1))
        }
        Certified::Cycle(tour) => {
            let file = read_graph(path, args.graph_format)?;
            if let Err(e) = file
                .instance
                .check(&tour)
                .map_err(|e| e.to_string())
                .and_then(|()| super::hcp::fixed_edges_used(&file, &tour))
            {
                return Err(Error::Unsolvable(format!(
                    "internal error: the cut model's cycle is not a Hamiltonian cycle of {}: {e}",
                    path.display()
                )));
            }
            let out = args
                .output
                .clone()
                .or_else(|| args.tours.as_ref().map(|d| tour_path(d, path)));
            if let Some(out) = &out {
                write_lkh_tour_file(
                    out,
                    &tour,
                    &tour_name(&file, path),
                    Some(
                        "Hamiltonian cycle found by gridreduce hcp solve --proof (exact cut model)",
                    ),
                )?;
            }
            println!(
                "{}: Hamiltonian cycle (exact cut model of --proof; nothing to certify), {:.3} s{}",
                path.display(),
                start.elapsed().as_secs_f64(),
                out.map(|o| format!("; tour written to {}", o.display()))
                    .unwrap_or_default()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Where `--tours DIR` puts the tour of `graph`.
fn tour_path(dir: &Path, graph: &Path) -> PathBuf {
    dir.join(format!("{}.tour", stem(graph)))
}

/// Creates the `--tours` folder, after checking that no two graphs would write one tour.
fn prepare_tours(dir: &Path, graphs: &[PathBuf]) -> Result<()> {
    let mut names: Vec<(String, &PathBuf)> = graphs.iter().map(|g| (stem(g), g)).collect();
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(Error::Usage(format!(
            "{} and {} would both write {}.tour in --tours",
            w[0].1.display(),
            w[1].1.display(),
            w[0].0
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))
}

fn write_csv(path: &Path, rows: &[Row]) -> Result<()> {
    let header: Vec<String> = CSV_COLUMNS.iter().map(|c| c.to_string()).collect();
    batch::write_csv(path, &header, rows)
}

/// A batch: each graph solved and reported like a single one, a bad or timed-out file on stderr
/// while the others go on; lines on stdout in input order at the end.
struct SolveJob<'a> {
    args: &'a SolveArgs,
    /// Each graph's stdout line, by its position.
    lines: std::sync::Mutex<Vec<Option<String>>>,
    /// Some graph was proved to have no cycle.
    proved_none: std::sync::atomic::AtomicBool,
}

impl Job<(usize, PathBuf)> for SolveJob<'_> {
    fn run(&self, (i, path): &(usize, PathBuf)) -> Result<ItemReport> {
        let solved = match solve_file(path, self.args.graph_format, options(self.args), None) {
            Ok(s) => s,
            Err(e) => {
                return Ok(ItemReport {
                    status: Status::Bad,
                    row: csv_row(path, "bad", &e.to_string()),
                    message: Some(e.to_string()),
                    solver: None,
                });
            }
        };
        let mut written = None;
        if let (Outcome::Cycle(tour), Some(dir)) = (&solved.outcome, &self.args.tours) {
            let out = tour_path(dir, path);
            // A folder that cannot be written ends the batch (every later tour would fail too).
            write_tour(path, &solved, tour, &out)?;
            written = Some(out);
        }
        let line = answer_line(path, &solved, written.as_deref());
        let timeout = matches!(solved.outcome, Outcome::Timeout);
        if matches!(solved.outcome, Outcome::NoCycle(_)) {
            self.proved_none
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if !timeout {
            self.lines.lock().unwrap_or_else(|p| p.into_inner())[*i] = Some(line.clone());
        }
        Ok(ItemReport {
            status: if timeout { Status::Timeout } else { Status::Ok },
            row: solved.row,
            message: timeout.then_some(line),
            solver: None,
        })
    }
}

fn run_batch(args: &SolveArgs) -> Result<ExitCode> {
    let items: Vec<(usize, PathBuf)> = args.graphs.iter().cloned().enumerate().collect();
    let job = SolveJob {
        args,
        lines: std::sync::Mutex::new(vec![None; items.len()]),
        proved_none: std::sync::atomic::AtomicBool::new(false),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = batch::Options {
        jobs: Some(args.jobs.unwrap_or((cores / 2).max(1))),
        what: "hcp solve".into(),
        quiet: false,
    };
    let report = batch::run(&items, &job, &options)?;
    for line in job
        .lines
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
    {
        println!("{line}");
    }
    if let Some(csv) = &args.csv {
        let rows: Vec<Row> = report.items.iter().map(|r| r.row.clone()).collect();
        write_csv(csv, &rows)?;
    }
    if let Some(e) = report.fatal {
        return Err(e);
    }
    Ok(if report.count(Status::Bad) > 0 {
        ExitCode::from(2)
    } else if report.count(Status::Timeout) > 0 {
        ExitCode::from(crate::error::TIMEOUT_EXIT_CODE)
    } else if job.proved_none.into_inner() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
