//! How much of a hard SAT solve is luck: every puzzle of a collection (by default Frisch's 16
//! 25×25) solved by one CaDiCaL instance per set-up — configuration, decision polarity, variable
//! shuffle — each capped, timed in the thread's own CPU seconds so that a loaded machine does not
//! distort the figures. This is the measurement behind the SAT portfolio's members
//! (`gridreduce::sat::portfolio`, docs/routes.md).
//!
//! ```sh
//! cargo run --release --example sat_luck -- [COLLECTION] [SEEDS] [CAP_SECONDS] [CONFIGS] [ONLY] [ENCODING] > luck.csv
//! ```
//!
//! COLLECTION is a path under `data/` (default `sudoku/sudoku25_gecode_frisch_16.txt`), SEEDS the
//! number of shuffles per configuration besides the encoded numbering (default 5), CAP_SECONDS the
//! wall-clock cap per run (default 8), CONFIGS CaDiCaL's configurations to try (default
//! `sat,default`), ONLY the puzzles to run as 1-based indices (`1,4,16`; empty or absent: all), ENCODING the CNF encoding (default: the one `solve --via sat` uses,
//! with `--simplify`). Two runs go
//! at a time. Output: CSV on stdout (`puzzle,config,false_first,shuffle,cpu_s,status`).

use gridreduce::puzzle::Puzzle;
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::sat::{CONFIGS, CnfOptions, Encoding, Flavour, SatSolver};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// CPU seconds used by the calling thread.
fn thread_cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write into.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rel = args
        .first()
        .map_or("sudoku/sudoku25_gecode_frisch_16.txt", String::as_str);
    let seeds: u64 = args.get(1).map_or(5, |s| s.parse().expect("SEEDS"));
    let cap: f64 = args.get(2).map_or(8.0, |s| s.parse().expect("CAP_SECONDS"));
    let configs: Vec<&'static str> = args
        .get(3)
        .map_or("sat,default", String::as_str)
        .split(',')
        .map(|c| {
            CONFIGS
                .into_iter()
                .find(|k| *k == c)
                .unwrap_or_else(|| panic!("unknown configuration {c}"))
        })
        .collect();
    let only: Option<Vec<usize>> = args.get(4).filter(|s| !s.is_empty()).map(|s| {
        s.split(',')
            .map(|i| i.parse::<usize>().expect("ONLY: 1-based indices") - 1)
            .collect()
    });
    let encoding = args
        .get(5)
        .map(|e| Encoding::from_name(e).expect("ENCODING: minimal, efficient, extended, compact"));
    let puzzles: Vec<(String, Puzzle)> = shipped_entries(rel)
        .into_iter()
        .map(|e| (e.name, e.puzzle))
        .collect();

    let mut jobs = Vec::new();
    for (p, _) in puzzles.iter().enumerate() {
        if only.as_ref().is_some_and(|o| !o.contains(&p)) {
            continue;
        }
        for &config in &configs {
            for false_first in [true, false] {
                for shuffle in 0..=seeds {
                    jobs.push((
                        p,
                        Flavour {
                            config,
                            false_first,
                            shuffle,
                        },
                    ));
                }
            }
        }
    }
    println!("puzzle,config,false_first,shuffle,cpu_s,status");
    let next = AtomicUsize::new(0);
    let out = Mutex::new(());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(p, flavour)) = jobs.get(j) else {
                        break;
                    };
                    let (name, puzzle) = &puzzles[p];
                    let start = thread_cpu();
                    let mut options = CnfOptions::fastest_for(puzzle);
                    if let Some(e) = encoding {
                        options.encoding = e;
                    }
                    let mut solver = SatSolver::flavoured(puzzle, options, flavour).unwrap();
                    solver.set_deadline(Some(Instant::now() + Duration::from_secs_f64(cap)));
                    let status = match solver.next_solution() {
                        Ok(Some(grid)) => {
                            assert!(puzzle.verify(&grid).is_empty(), "{name}: wrong grid");
                            "ok"
                        }
                        Ok(None) => "unsat",
                        Err(_) => "timeout",
                    };
                    let cpu = thread_cpu() - start;
                    let _guard = out.lock().unwrap();
                    println!(
                        "{name},{},{},{},{cpu:.3},{status}",
                        flavour.config, flavour.false_first, flavour.shuffle
                    );
                }
            });
        }
    });
}
