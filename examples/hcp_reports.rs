//! Size and time reports for `docs/hcp-construction.md` and `docs/hcp-reducer.md`: they print
//! tables and prove nothing new (the formulas they rely on are asserted in
//! `tests/hcp_construction.rs`, `tests/hcp_reducer.rs` and `tests/hcp_canonical.rs`), so they are
//! an example rather than tests. Run in release, every report or those whose name contains a word:
//!
//! ```text
//! cargo run --release --example hcp_reports
//! cargo run --release --example hcp_reports -- blank_sudoku clue_subsets
//! HCP_REPORT_LIMIT=2000 cargo run --release --example hcp_reports -- sudoku_9x9
//! ```

use gridreduce::hcp::chain::{HcpOptions, HcpStats, Stage, build, stats};
use gridreduce::hcp::clues::FAMILIES;
use gridreduce::puzzle::{Grid, Puzzle, Sudoku};
use gridreduce::search::human::{self, Technique};
use rayon::prelude::*;

use gridreduce::reduce::harness::{shipped_entries, shipped_puzzles};

/// The named puzzles of a shipped collection (`rel` under `data/`).
fn shipped(rel: &str) -> Vec<(String, Puzzle)> {
    shipped_entries(rel)
        .into_iter()
        .map(|e| (e.name, e.puzzle))
        .collect()
}

/// How many puzzles a report takes of a collection: `HCP_REPORT_LIMIT`, or all.
pub fn report_limit() -> usize {
    std::env::var("HCP_REPORT_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX)
}

/// `min / q1 / median / q3 / max` of `v` for the size-report tables, `-` when empty.
pub fn quantiles(mut v: Vec<u64>) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort_unstable();
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    format!(
        "{} / {} / {} / {} / {}",
        v[0],
        q(0.25),
        q(0.5),
        q(0.75),
        v[v.len() - 1]
    )
}

/// Every report, by name.
const REPORTS: &[(&str, fn())] = &[
    ("sudoku_9x9", report_sudoku_9x9),
    ("suguru", report_suguru),
    ("blank_sudoku", report_blank_sudoku),
    ("dump_example", dump_example),
    ("solver", report_solver),
    ("clue_subsets", report_clue_subsets),
    ("sizes_and_times", report_sizes_and_times),
    ("reduced_sizes", report_reduced_sizes),
];

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    for (name, report) in REPORTS {
        if words.is_empty() || words.iter().any(|w| name.contains(w.as_str())) {
            println!("\n## {name}");
            report();
        }
    }
}

/// The chain options of `tests/hcp_canonical.rs`'s variants.
fn variant(stage: Stage, clues: bool, share: bool, canonical: bool) -> HcpOptions {
    HcpOptions {
        stage,
        trim: false,
        clues,
        share,
        canonical,
    }
}

/// The solution when naked singles alone solve `p` (as in `tests/hcp_reducer.rs`).
fn singles_solution(p: &Puzzle) -> Option<Grid> {
    let report = human::solve(p).ok()?;
    let only_singles =
        !report.used_search && report.grade.is_none_or(|g| g <= Technique::NakedSingle);
    report.solution.filter(|_| only_singles)
}

fn opts(trim: bool) -> HcpOptions {
    HcpOptions {
        stage: Stage::Contracted,
        trim,
        clues: true,
        share: true,
        canonical: false,
    }
}

struct Row {
    clues: usize,
    paper: HcpStats,
    trimmed: HcpStats,
    per_set: [u64; FAMILIES],
}

fn row(p: &Puzzle) -> Row {
    let paper = build(p, &opts(false)).unwrap();
    let per_set = paper.clues().unwrap().per_set();
    Row {
        clues: p.clues(),
        paper: paper.stats(),
        trimmed: build(p, &opts(true)).unwrap().stats(),
        per_set,
    }
}

fn report(name: &str, rows: &[Row]) {
    let col = |f: &dyn Fn(&Row) -> u64| quantiles(rows.iter().map(f).collect());
    println!(
        "\n### {name}: {} puzzles (min / q1 / median / q3 / max)\n",
        rows.len()
    );
    println!("| measure | value |\n|---|---|");
    // One table row a measure, in table order; the trimmed graph's V and E share the row printed
    // between the two lists.
    type Measure = (&'static str, fn(&Row) -> u64);
    let untrimmed: [Measure; 7] = [
        ("clues", |r| r.clues as u64),
        ("removed arcs", |r| r.paper.removed_arcs),
        ("removed arcs per clue (×10)", |r| {
            r.paper.removed_arcs * 10 / r.clues.max(1) as u64
        }),
        ("undirected V", |r| r.paper.undirected_vertices.unwrap()),
        ("undirected E", |r| r.paper.undirected_edges.unwrap()),
        ("contracted V (untrimmed, the paper's experiment)", |r| {
            r.paper.contracted_vertices.unwrap()
        }),
        ("contracted E (untrimmed)", |r| {
            r.paper.contracted_edges.unwrap()
        }),
    ];
    let trimmed: [Measure; 2] = [
        ("contracted V (trimmed)", |r| {
            r.trimmed.contracted_vertices.unwrap()
        }),
        ("contracted E (trimmed)", |r| {
            r.trimmed.contracted_edges.unwrap()
        }),
    ];
    for (label, f) in untrimmed {
        println!("| {label} | {} |", col(&f));
    }
    println!(
        "| trimmed V / E | {} ; {} |",
        col(&|r| r.trimmed.trimmed_vertices.unwrap()),
        col(&|r| r.trimmed.trimmed_edges.unwrap())
    );
    for (label, f) in trimmed {
        println!("| {label} | {} |", col(&f));
    }
    let solved = rows
        .iter()
        .filter(|r| r.trimmed.contracted_solved == Some(true))
        .count();
    println!("| solved by contraction alone | {solved} |");
    let sets: Vec<String> = (0..FAMILIES)
        .map(|f| {
            let total: u64 = rows.iter().map(|r| r.per_set[f]).sum();
            let clues: u64 = rows.iter().map(|r| r.clues as u64).sum();
            format!("({}) {:.2}", f + 1, total as f64 / clues.max(1) as f64)
        })
        .collect();
    println!("\nper clue, by set: {}", sets.join(", "));
}

fn report_sudoku_9x9() {
    let lim = report_limit();
    for rel in [
        "sudoku/royle17.txt",
        "sudoku/norvig_easy50.txt",
        "sudoku/norvig_top95.txt",
        "sudoku/forum_hardest_1106.txt",
    ] {
        let puzzles: Vec<(String, Puzzle)> = shipped(rel).into_iter().take(lim).collect();
        let rows: Vec<Row> = puzzles.par_iter().map(|(_, p)| row(p)).collect();
        report(rel, &rows);
        if rel.contains("easy50") {
            let heavy: Vec<Row> = puzzles
                .iter()
                .filter(|(_, p)| p.clues() >= 30)
                .map(|(_, p)| row(p))
                .collect();
            report("norvig_easy50 with ≥ 30 clues", &heavy);
        }
    }
}

fn report_suguru() {
    let puzzles = shipped("suguru/backtrack-180.txt");
    println!(
        "\n| puzzle | size | unshared directed V / A | directed V / A | undirected V / E | trimmed V / E | contracted V / E (trimmed) | contracted V / E (untrimmed) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, p) in &puzzles {
        let tail = name.rsplit('/').next().unwrap_or(name);
        if !matches!(tail, "1.in" | "19.in" | "150.in") {
            continue;
        }
        let s = build(p, &opts(true)).unwrap().stats();
        let u = build(p, &opts(false)).unwrap().stats();
        let unshared = build(
            p,
            &HcpOptions {
                share: false,
                ..opts(false)
            },
        )
        .unwrap()
        .stats();
        println!(
            "| janko #{} | {} | {} / {} | {} / {} | {} / {} | {} / {} | {} / {} | {} / {} |",
            tail.trim_end_matches(".in"),
            p.size_label(),
            unshared.directed_vertices,
            unshared.directed_edges,
            s.directed_vertices,
            s.directed_edges,
            s.undirected_vertices.unwrap(),
            s.undirected_edges.unwrap(),
            s.trimmed_vertices.unwrap(),
            s.trimmed_edges.unwrap(),
            s.contracted_vertices.unwrap(),
            s.contracted_edges.unwrap(),
            u.contracted_vertices.unwrap(),
            u.contracted_edges.unwrap()
        );
    }
    let mut by_size: std::collections::BTreeMap<String, Vec<HcpStats>> = Default::default();
    for (_, p) in &puzzles {
        by_size
            .entry(p.size_label())
            .or_default()
            .push(build(p, &opts(true)).unwrap().stats());
    }
    println!(
        "\n| size | puzzles | directed V | directed A | undirected E | trimmed E | contracted V | contracted E | solved by contraction |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (size, v) in &by_size {
        let med = |f: &dyn Fn(&HcpStats) -> u64| quantiles(v.iter().map(f).collect());
        println!(
            "| {size} | {} | {} | {} | {} | {} | {} | {} | {} |",
            v.len(),
            med(&|s| s.directed_vertices),
            med(&|s| s.directed_edges),
            med(&|s| s.undirected_edges.unwrap()),
            med(&|s| s.trimmed_edges.unwrap()),
            med(&|s| s.contracted_vertices.unwrap()),
            med(&|s| s.contracted_edges.unwrap()),
            v.iter()
                .filter(|s| s.contracted_solved == Some(true))
                .count()
        );
    }
    println!("\n(cells: min / q1 / median / q3 / max)");
}

fn report_blank_sudoku() {
    println!(
        "\n| N | directed V / A | undirected V / E | trimmed V / E | contracted V / E | solved |"
    );
    println!("|---|---|---|---|---|---|");
    for n in [4usize, 9, 16, 25, 36, 49, 64] {
        let p = Puzzle::from(gridreduce::puzzle::Sudoku::blank(n));
        let s = build(&p, &opts(true)).unwrap().stats();
        println!(
            "| {n} | {} / {} | {} / {} | {} / {} | {} / {} | {:?} |",
            s.directed_vertices,
            s.directed_edges,
            s.undirected_vertices.unwrap(),
            s.undirected_edges.unwrap(),
            s.trimmed_vertices.unwrap(),
            s.trimmed_edges.unwrap(),
            s.contracted_vertices.unwrap(),
            s.contracted_edges.unwrap(),
            s.contracted_solved.unwrap()
        );
    }
}

/// The arcs of the 1×2 Suguru with one region, layers not shared (the drawing in
/// `docs/hcp-example.svg`), with the
/// canonical cycle of its solution `1 2`, as `label label` lines.
fn dump_example() {
    use gridreduce::puzzle::Suguru;
    let p = Puzzle::from(Suguru::new(1, 2, &[0, 0], Grid::empty(1, 2)).unwrap());
    let chain = build(
        &p,
        &HcpOptions {
            stage: Stage::Directed,
            trim: false,
            clues: true,
            share: false,
            canonical: false,
        },
    )
    .unwrap();
    let g = chain.directed_target().unwrap();
    for v in 0..g.vertices() {
        println!("V {v} {}", chain.label(v));
    }
    for (a, b) in g.arcs() {
        println!("A {} {}", chain.label(a), chain.label(b));
    }
    let tour = chain.witness(&Grid::from_cells(1, 2, vec![1, 2])).unwrap();
    let labels: Vec<String> = tour.iter().map(|&v| chain.label(v)).collect();
    println!("T {}", labels.join(" "));
}

/// Solver counters (rounds, cuts, time) for the first puzzles of `norvig_top95` at each stage.
fn report_solver() {
    use gridreduce::hcp::solve::{SolveOptions, chain_grids};
    let puzzles: Vec<(String, Puzzle)> = shipped("sudoku/norvig_top95.txt")
        .into_iter()
        .take(report_limit().min(10))
        .collect();
    for stage in ["directed", "undirected", "trimmed", "contracted"] {
        let o = HcpOptions::from_stage_name(stage, false).unwrap();
        for (name, p) in &puzzles {
            let chain = build(p, &o).unwrap();
            let t = std::time::Instant::now();
            let r = chain_grids(&chain, 2, &SolveOptions::default()).unwrap();
            println!(
                "{stage:>10} {name}: {} grid(s), {} rounds, {} cuts, {} vars, {:?}",
                r.grids.len(),
                r.stats.rounds,
                r.stats.cuts,
                r.stats.variables,
                t.elapsed()
            );
        }
    }
}

/// Removed arcs per clue if only some of our sets were applied: which subsets match the paper's
/// 758 arcs for 17 clues (44.6 per clue) and 1414 for 35 clues (40.4 per clue)?
fn report_clue_subsets() {
    use gridreduce::hcp::clues::clue_family_arcs;
    let subsets: &[(&str, &[u8])] = &[
        (
            "all (1)-(15)",
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        ),
        (
            "paper's twelve (1)-(12)",
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        ),
        ("(3)-(12)", &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        ("(5)-(12): value and end arcs", &[5, 6, 7, 8, 9, 10, 11, 12]),
        ("(7)-(10): value arcs", &[7, 8, 9, 10]),
        ("(5),(6),(11),(12): end arcs", &[5, 6, 11, 12]),
        ("(1),(2),(7)-(10)", &[1, 2, 7, 8, 9, 10]),
        ("(1),(2),(5)-(8)", &[1, 2, 5, 6, 7, 8]),
        ("(3),(4),(7)-(10)", &[3, 4, 7, 8, 9, 10]),
        ("(1),(2),(5),(6),(11),(12)", &[1, 2, 5, 6, 11, 12]),
    ];
    let groups: Vec<(&str, Vec<Puzzle>)> = vec![
        (
            "royle17 (first 500)",
            shipped("sudoku/royle17.txt")
                .into_iter()
                .take(500)
                .map(|(_, p)| p)
                .collect(),
        ),
        (
            "norvig_easy50 with >= 33 clues",
            shipped("sudoku/norvig_easy50.txt")
                .into_iter()
                .map(|(_, p)| p)
                .filter(|p| p.clues() >= 33)
                .collect(),
        ),
    ];
    for (gname, puzzles) in &groups {
        let clues: usize = puzzles.iter().map(|p| p.clues()).sum();
        println!(
            "\n{gname}: {} puzzles, {:.1} clues on average",
            puzzles.len(),
            clues as f64 / puzzles.len() as f64
        );
        for (name, set) in subsets {
            let mut removed = 0usize;
            for p in puzzles {
                let chain = build(
                    p,
                    &HcpOptions {
                        stage: Stage::Directed,
                        trim: false,
                        clues: false,
                        share: true,
                        canonical: false,
                    },
                )
                .unwrap();
                let layout = chain.layout();
                let mut arcs: Vec<(u32, u32)> = clue_family_arcs(layout, p.givens())
                    .into_iter()
                    .filter(|(f, _)| set.contains(f))
                    .map(|(_, a)| a)
                    .collect();
                arcs.sort_unstable();
                arcs.dedup();
                removed += arcs.len();
            }
            println!(
                "  {name:<32} {:6.1} per clue",
                removed as f64 / clues as f64
            );
        }
    }
}

/// Sizes and solve times, original against canonical (the tables of docs/hcp-construction.md
/// §11): `cargo test --release --test hcp_canonical -- --ignored --nocapture report`.
fn report_sizes_and_times() {
    use gridreduce::hcp::solve::{SolveOptions, chain_grids};
    use std::time::Instant;
    let row = |p: &Puzzle, stage: Stage, clues: bool, canonical: bool| {
        let c = build(p, &variant(stage, clues, true, canonical)).unwrap();
        format!("{} / {}", c.vertices(), c.edges())
    };
    println!(
        "| N | directed original | directed canonical | contracted original | contracted canonical |"
    );
    for n in [4usize, 9, 16, 25] {
        let p = Puzzle::from(Sudoku::blank(n));
        println!(
            "| {n} | {} | {} | {} | {} |",
            row(&p, Stage::Directed, false, false),
            row(&p, Stage::Directed, false, true),
            row(&p, Stage::Contracted, true, false),
            row(&p, Stage::Contracted, true, true)
        );
    }
    let p17 = shipped_puzzles("sudoku/royle17.txt").swap_remove(0);
    println!("royle17 #1 (17 clues): stage | original | canonical");
    for (stage, clues) in [
        (Stage::Directed, false),
        (Stage::Directed, true),
        (Stage::Undirected, true),
        (Stage::Contracted, true),
        (Stage::Reduced, true),
    ] {
        println!(
            "| {stage:?} clues {clues} | {} | {} |",
            row(&p17, stage, clues, false),
            row(&p17, stage, clues, true)
        );
    }
    let puzzles = shipped_puzzles("sudoku/norvig_top95.txt");
    for canonical in [false, true] {
        let mut times = Vec::new();
        let mut rounds = Vec::new();
        for p in &puzzles {
            let t = Instant::now();
            let chain = build(p, &variant(Stage::Directed, true, true, canonical)).unwrap();
            let found = chain_grids(&chain, 2, &SolveOptions::default()).unwrap();
            assert_eq!(found.grids.len(), 1);
            times.push(t.elapsed().as_secs_f64());
            rounds.push(found.stats.rounds);
        }
        times.sort_by(f64::total_cmp);
        rounds.sort();
        let q = |v: &[f64], f: f64| v[((v.len() - 1) as f64 * f) as usize];
        println!(
            "norvig_top95 directed, canonical {canonical}: build + solve + uniqueness: median {:.3} s, q3 {:.3} s, max {:.3} s, total {:.1} s; rounds median {}",
            q(&times, 0.5),
            q(&times, 0.75),
            times[times.len() - 1],
            times.iter().sum::<f64>(),
            rounds[rounds.len() / 2]
        );
    }
}

fn report_reduced_sizes() {
    for rel in [
        "sudoku/sudoku17_complete_49158.txt",
        "sudoku/norvig_easy50.txt",
        "sudoku/norvig_top95.txt",
        "sudoku/forum_hardest_1106.txt",
        "sudoku/gecode_9x9_18.txt",
        "sudoku/sudoku4_vu_kr_100.txt",
        "sudoku/sudoku16_vu_kr_100.txt",
        "suguru/backtrack-180.txt",
    ] {
        let puzzles: Vec<(String, Puzzle)> =
            shipped(rel).into_iter().take(report_limit()).collect();
        let t = std::time::Instant::now();
        let rows: Vec<_> = puzzles
            .par_iter()
            .map(|(_, p)| (stats(p, false).unwrap(), singles_solution(p).is_some()))
            .collect();
        let secs = t.elapsed().as_secs_f64();
        let get = |f: fn(&gridreduce::hcp::HcpStats) -> Option<u64>| -> Vec<u64> {
            rows.iter().filter_map(|(s, _)| f(s)).collect()
        };
        let solved = rows
            .iter()
            .filter(|(s, _)| s.reduced_solved == Some(true))
            .count();
        let singles = rows.iter().filter(|(_, b)| *b).count();
        let open: Vec<u64> = rows
            .iter()
            .filter(|(s, _)| s.reduced_solved != Some(true))
            .filter_map(|(s, _)| s.reduced_vertices)
            .collect();
        println!(
            "{rel}: {} puzzles ({secs:.1} s)\n  contracted V {}\n  contracted E {}\n  reduced V {}\n  reduced E {}\n  reduced V of the unsolved {} ({})\n  solved by the reducer {solved}, by singles (human solver) {singles}",
            rows.len(),
            quantiles(get(|s| s.contracted_vertices)),
            quantiles(get(|s| s.contracted_edges)),
            quantiles(get(|s| s.reduced_vertices)),
            quantiles(get(|s| s.reduced_edges)),
            quantiles(open.clone()),
            open.len(),
        );
    }
}
