//! The timing table of issue 8's HCP targets (docs/hcp-solver.md), as ignored tests: each solves
//! a whole set through the HCP route and prints count, median, 90th percentile and maximum time,
//! rounds of cuts and graph sizes. Every grid found is checked against the puzzle's rules and,
//! where the data ship one, against the known solution; every tour of a graph file is checked
//! against the graph. Timing is printed, never asserted (the machine is shared).
//!
//! Run in release (debug is ~20× slower):
//!
//! ```text
//! cargo test --release --test hcp_targets -- --ignored --nocapture --test-threads 1
//! HCP_STAGE=directed cargo test --release --test hcp_targets -- --ignored --nocapture sudoku9
//! ```
//!
//! `HCP_STAGE` (directed, undirected, trimmed, contracted; default: the stage `--via hcp` uses)
//! chooses the graph. `HCP_ROYLE_ALL=1` runs the whole 49,158 list instead of the 1,000 sample.

use gridreduce::formats::graphs::{Instance, read_graph};
use gridreduce::hcp::chain::{HcpOptions, build};
use gridreduce::hcp::solve::{HcSolver, SolveOptions, chain_grids};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::{data_dir, shipped_entries};
use std::time::{Duration, Instant};

/// The route's chain, or `HCP_STAGE`'s; `HCP_CANONICAL=1` / `0` starts from the canonical /
/// Haythorpe's layered graph instead of the route's choice.
fn options() -> HcpOptions {
    let mut opts = match std::env::var("HCP_STAGE") {
        Ok(name) => HcpOptions::from_stage_name(&name, false).expect("HCP_STAGE"),
        Err(_) => gridreduce::solvers::hcp_route_options(),
    };
    if let Ok(v) = std::env::var("HCP_CANONICAL") {
        opts.canonical = v == "1";
    }
    opts
}

/// CPU time of this thread: the machine is shared, so wall time alone says little.
fn cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

struct Row {
    name: String,
    times: Vec<Duration>,
    cpu: Vec<Duration>,
    rounds: Vec<u32>,
    vertices: Vec<u32>,
}

impl Row {
    fn new(name: &str) -> Row {
        Row {
            name: name.to_string(),
            times: Vec::new(),
            cpu: Vec::new(),
            rounds: Vec::new(),
            vertices: Vec::new(),
        }
    }
    fn print(&mut self) {
        self.times.sort();
        self.cpu.sort();
        self.rounds.sort();
        self.vertices.sort();
        let n = self.times.len();
        let q = |p: f64| self.times[((n as f64 - 1.0) * p).round() as usize].as_secs_f64();
        let c = |p: f64| self.cpu[((n as f64 - 1.0) * p).round() as usize].as_secs_f64();
        let total: f64 = self.times.iter().map(|t| t.as_secs_f64()).sum();
        println!(
            "| {} | {} | {:.3} / {:.3} | {:.3} / {:.3} | {:.3} / {:.3} | {:.1} | {} / {} | {} |",
            self.name,
            n,
            c(0.5),
            q(0.5),
            c(0.9),
            q(0.9),
            c(1.0),
            q(1.0),
            total,
            self.rounds[n / 2],
            self.rounds[n - 1],
            self.vertices[n / 2],
        );
    }
}

fn header() {
    println!(
        "\nstage {:?}; load average {}",
        options(),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!(
        "| set | n | median s (cpu / wall) | p90 s | max s | total wall s | rounds median / max | vertices median |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
}

/// Solves puzzles `pick` of `file` (first grid, whole chain from the puzzle), checks each.
fn sudoku_set(file: &str, label: &str, pick: impl Fn(usize) -> bool) -> Row {
    let opts = options();
    let mut row = Row::new(label);
    for entry in shipped_entries(&format!("sudoku/{file}")) {
        if !pick(entry.index) {
            continue;
        }
        let (start, cpu0) = (Instant::now(), cpu());
        let chain = build(&entry.puzzle, &opts).unwrap();
        let found = chain_grids(&chain, 1, &SolveOptions::default()).unwrap();
        row.times.push(start.elapsed());
        row.cpu.push(cpu() - cpu0);
        row.rounds.push(found.stats.rounds);
        row.vertices.push(chain.vertices());
        let grid = found
            .grids
            .first()
            .unwrap_or_else(|| panic!("{}: no grid", entry.name));
        check(&entry.puzzle, grid, entry.solution.as_ref(), &entry.name);
    }
    row
}

fn check(puzzle: &Puzzle, grid: &Grid, known: Option<&Grid>, name: &str) {
    use gridreduce::reduce::Problem;
    assert!(puzzle.check(grid).is_ok(), "{name}: the grid breaks a rule");
    if let Some(k) = known {
        assert_eq!(grid, k, "{name}: not the known solution");
    }
}

#[test]
#[ignore = "timing table, run in release"]
fn sudoku9() {
    header();
    for (file, label) in [
        ("norvig_easy50.txt", "norvig_easy50"),
        ("norvig_top95.txt", "norvig_top95"),
        ("forum_hardest_1106.txt", "forum_hardest_1106"),
    ] {
        sudoku_set(file, label, |_| true).print();
    }
    let all = std::env::var("HCP_ROYLE_ALL").is_ok();
    // A fixed sample: every 49th puzzle (1, 50, 99, …) of the complete list, 1,004 puzzles; the
    // first 1,000 of them.
    let label = if all {
        "Royle 17-clue, all 49,158"
    } else {
        "Royle 17-clue, 1,000 (every 49th)"
    };
    sudoku_set("sudoku17_complete_49158.txt", label, |i| {
        all || ((i - 1) % 49 == 0 && (i - 1) / 49 < 1000)
    })
    .print();
}

#[test]
#[ignore = "timing table, run in release"]
fn sudoku16_25() {
    header();
    for (file, label) in [
        ("sudoku16_vu_kr_100.txt", "16×16 vu_kr_100"),
        ("sudoku16_gecode_janko_55.txt", "16×16 gecode_janko_55"),
        ("sudoku25_gecode_frisch_16.txt", "25×25 gecode_frisch_16"),
    ] {
        sudoku_set(file, label, |_| true).print();
    }
}

#[test]
#[ignore = "timing table, run in release"]
fn graph_files() {
    println!(
        "\nload average {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!("| graph | vertices | edges | cpu s | wall s | rounds | order encoding |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    let mut files: Vec<_> = (1..=8)
        .map(|i| data_dir().join(format!("hcp/fhcp/graph{i}.hcp")))
        .collect();
    files.push(data_dir().join("hcp/tsplib/alb1000.hcp"));
    for path in files {
        let file = read_graph(&path, None).unwrap();
        let (start, cpu0) = (Instant::now(), cpu());
        let (tour, stats) = match &file.instance {
            Instance::Undirected(g) => {
                let mut s = HcSolver::graph(g);
                (s.next_cycle().unwrap(), s.stats())
            }
            Instance::Directed(d) => {
                let mut s = HcSolver::digraph(d);
                (s.next_cycle().unwrap(), s.stats())
            }
        };
        let (t, c) = (start.elapsed(), cpu() - cpu0);
        let tour = tour.unwrap_or_else(|| panic!("{}: no cycle", path.display()));
        assert!(file.instance.check(&tour).is_ok(), "{}", path.display());
        println!(
            "| {} | {} | {} | {:.3} | {:.3} | {} | {} |",
            path.file_name().unwrap().to_string_lossy(),
            file.instance.vertices(),
            file.instance.edge_count(),
            c.as_secs_f64(),
            t.as_secs_f64(),
            stats.rounds,
            if stats.ordered { "added" } else { "-" }
        );
    }
}

#[test]
#[ignore = "timing table, run in release"]
fn blank4_enumeration() {
    let puzzle = Puzzle::from(gridreduce::puzzle::Sudoku::blank(4));
    let opts = options();
    let (start, cpu0) = (Instant::now(), cpu());
    let chain = build(&puzzle, &opts).unwrap();
    let found = chain_grids(&chain, usize::MAX, &SolveOptions::default()).unwrap();
    let (t, c) = (start.elapsed(), cpu() - cpu0);
    assert_eq!(found.grids.len(), 288);
    assert!(found.complete);
    println!(
        "\nblank 4×4, stage {:?}: {} grids in {:.3} s cpu, {:.3} s wall, {} rounds",
        opts,
        found.grids.len(),
        c.as_secs_f64(),
        t.as_secs_f64(),
        found.stats.rounds
    );
}
