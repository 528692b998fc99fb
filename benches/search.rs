//! Suguru backtracking (Algorithm 2) and our fast search on the 180 janko puzzles, per size; the
//! human solver and the search on Sudoku; the generators.
//!
//! `cargo bench --bench search` runs the divan benchmarks. With `SEARCH_TABLE=1` it first prints the
//! per-puzzle table of `docs/algorithms.md` (min / median / max per size, each puzzle timed as the
//! best of several runs) and the slowest puzzles.

use divan::{Bencher, black_box};
use gridreduce::generate::{sudoku, suguru};
use gridreduce::puzzle::{Puzzle, Suguru};
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::search::{backtrack, fast, human};
use std::time::{Duration, Instant};

fn load(rel: &str) -> Vec<(usize, Puzzle)> {
    shipped_entries(rel)
        .into_iter()
        .map(|e| (e.index, e.puzzle))
        .collect()
}

fn suguru_of_size(size: usize) -> Vec<Suguru> {
    load("suguru/backtrack-180.txt")
        .into_iter()
        .filter_map(|(_, p)| match p {
            Puzzle::Suguru(s) if s.rows() == size => Some(s),
            _ => None,
        })
        .collect()
}

const SIZES: [usize; 5] = [6, 7, 8, 9, 10];

/// All puzzles of one size by the fast search (first solution, as the papers time it).
#[divan::bench(args = SIZES, sample_count = 20)]
fn search_all_of_size(b: Bencher, size: usize) {
    let puzzles: Vec<(fast::Search, Suguru)> = suguru_of_size(size)
        .into_iter()
        .map(|s| (fast::Search::new(&s.structure()).unwrap(), s))
        .collect();
    b.bench(|| {
        for (search, s) in &puzzles {
            black_box(search.run(s.givens(), &fast::Options::limit(1)));
        }
    });
}

/// The same, including building the search from the puzzle (what `solve --via search` does).
#[divan::bench(args = SIZES, sample_count = 20)]
fn search_all_of_size_with_setup(b: Bencher, size: usize) {
    let puzzles = suguru_of_size(size);
    b.bench(|| {
        for s in &puzzles {
            let search = fast::Search::new(&s.structure()).unwrap();
            black_box(search.run(s.givens(), &fast::Options::limit(1)));
        }
    });
}

/// All puzzles of one size by Algorithm 2 (first solution).
#[divan::bench(args = SIZES, sample_count = 5)]
fn backtrack_all_of_size(b: Bencher, size: usize) {
    let puzzles = suguru_of_size(size);
    b.bench(|| {
        for s in &puzzles {
            black_box(backtrack::solve(s, 1));
        }
    });
}

#[divan::bench(sample_count = 10)]
fn human_norvig_easy50(b: Bencher) {
    let puzzles = load("sudoku/norvig_easy50.txt");
    b.bench(|| {
        for (_, p) in &puzzles {
            black_box(human::solve(p).unwrap());
        }
    });
}

#[divan::bench(sample_count = 10)]
fn search_norvig_top95(b: Bencher) {
    let puzzles: Vec<(fast::Search, Puzzle)> = load("sudoku/norvig_top95.txt")
        .into_iter()
        .map(|(_, p)| (fast::Search::new(&p.structure()).unwrap(), p))
        .collect();
    b.bench(|| {
        for (search, p) in &puzzles {
            black_box(search.run(p.givens(), &fast::Options::limit(2)));
        }
    });
}

/// Both shipped 16×16 sets (155 puzzles, uniqueness decided: `limit = 2`) without and with the pair
/// rules, which the `search` route turns on at this size (docs/algorithms.md, "Pairs").
#[divan::bench(args = [false, true], sample_count = 10)]
fn search_sudoku16_pairs(b: Bencher, pairs: bool) {
    let mut puzzles = load("sudoku/sudoku16_vu_kr_100.txt");
    puzzles.extend(load("sudoku/sudoku16_gecode_janko_55.txt"));
    let puzzles: Vec<(fast::Search, Puzzle)> = puzzles
        .into_iter()
        .map(|(_, p)| (fast::Search::new(&p.structure()).unwrap(), p))
        .collect();
    let options = fast::Options {
        pairs,
        ..fast::Options::limit(2)
    };
    b.bench(|| {
        for (search, p) in &puzzles {
            assert_eq!(search.run(p.givens(), &options).solutions.len(), 1);
        }
    });
}

/// One 15×15 Suguru (regions up to 5), a new seed per sample.
#[divan::bench(sample_count = 10)]
fn generate_suguru_15x15(b: Bencher) {
    let config = suguru::Config::new(15, 15, 1);
    let mut i = 0;
    b.bench_local(|| {
        i += 1;
        black_box(suguru::generate(&config, i).unwrap());
    });
}

/// One try of the few-clue Sudoku generator (target unreachable, so every sample is one try).
#[divan::bench(sample_count = 20)]
fn generate_sudoku_one_try(b: Bencher) {
    let mut config = sudoku::Config::new(9, 0, 1);
    config.max_tries = 1;
    let mut i = 0;
    b.bench_local(|| {
        i += 1;
        black_box(sudoku::generate(&config, i).err());
    });
}

/// A unique 36×36 at 700 clues (54 % given) with `stop_at_target`, seeds 2 and 3 in turn (0.26–0.57
/// s each through the CLI; their checks above 100 search nodes go to SAT, docs/algorithms.md,
/// "Large N by SAT"). Seed 1 is left out: at 3 s it would dominate the samples.
#[divan::bench(sample_count = 6)]
fn generate_sudoku36_at_700(b: Bencher) {
    let mut config = sudoku::Config::new(36, 700, 2);
    config.stop_at_target = true;
    let mut i = 0;
    b.bench_local(|| {
        config.seed = 2 + i % 2;
        i += 1;
        black_box(sudoku::generate(&config, 0).unwrap());
    });
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn table() {
    let all = load("suguru/backtrack-180.txt");
    println!(
        "| size | n | search min | search median | search max | backtrack min | backtrack median | backtrack max (tc) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut overall: Vec<(f64, f64, usize)> = Vec::new();
    for size in SIZES {
        let mut rows: Vec<(f64, f64, usize)> = Vec::new();
        for (tc, p) in all.iter().filter(|(_, p)| p.rows() == size) {
            let Puzzle::Suguru(s) = p else { continue };
            let search = ms(best_of(20, || {
                let f = fast::Search::new(&s.structure()).unwrap();
                black_box(f.run(s.givens(), &fast::Options::limit(1)));
            }));
            let bt = ms(best_of(3, || {
                black_box(backtrack::solve(s, 1));
            }));
            rows.push((search, bt, *tc));
        }
        overall.extend(rows.iter().copied());
        let stats = |mut v: Vec<f64>| {
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            (v[0], v[v.len() / 2], v[v.len() - 1])
        };
        let (smin, smed, smax) = stats(rows.iter().map(|r| r.0).collect());
        let (bmin, bmed, bmax) = stats(rows.iter().map(|r| r.1).collect());
        let slowest = rows
            .iter()
            .max_by(|a, b| a.1.partial_cmp(&b.1).unwrap())
            .unwrap()
            .2;
        println!(
            "| {size}x{size} | {} | {smin:.4} | {smed:.4} | {smax:.4} | {bmin:.4} | {bmed:.4} | {bmax:.3} (#{slowest}) |",
            rows.len()
        );
    }
    overall.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    let top: Vec<String> = overall
        .iter()
        .take(5)
        .map(|r| format!("#{} {:.4} ms", r.2, r.0))
        .collect();
    println!("slowest for search: {}", top.join(", "));
    let mut s: Vec<f64> = overall.iter().map(|r| r.0).collect();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "search over all 180: median {:.4} ms, max {:.4} ms, total {:.2} ms",
        s[s.len() / 2],
        s[s.len() - 1],
        s.iter().sum::<f64>()
    );
    let mut bt: Vec<(f64, usize)> = overall.iter().map(|r| (r.1, r.2)).collect();
    bt.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    println!(
        "backtrack over all 180: total {:.2} ms; slowest {:?}",
        bt.iter().map(|r| r.0).sum::<f64>(),
        &bt[..3]
    );
}

fn main() {
    if std::env::var_os("SEARCH_TABLE").is_some() {
        table();
    }
    divan::main();
}
