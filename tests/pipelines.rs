//! `gridreduce run`: every shipped pipeline on a small collection, reruns, bad puzzles, time limits,
//! a run killed by SIGKILL and restarted, and output folders that cannot be written.
//!
//! Every check of a finished folder ([`check_folder`]) reads each export back with the project's
//! readers (or a DIMACS parser written here) and recomputes its fingerprint independently, so a
//! truncated or mixed-up file cannot pass.

use gridreduce::formats::map::{Fingerprinter, MapFile};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;
use common::{gridreduce, ok};

const BIN: &str = env!("CARGO_BIN_EXE_gridreduce");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// stats.csv as rows of column → value.
fn stats(dir: &Path) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(dir.join("stats.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// The fingerprint of an undirected graph as `.map` files record it, recomputed from the edges
/// read back: "graph", the vertex count, then each edge.
fn graph_fingerprint(n: u32, edges: impl Iterator<Item = (u32, u32)>) -> String {
    let mut f = Fingerprinter::default();
    f.update(b"graph");
    f.update_u32(n);
    for (a, b) in edges {
        f.update_u32(a);
        f.update_u32(b);
    }
    f.finish()
}

/// Reads a DIMACS CNF (written by gridreduce: header, then one clause per line ending in 0) and
/// returns its fingerprint and sizes; panics on anything incomplete.
fn cnf_fingerprint(path: &Path) -> (String, u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut cnf = None;
    let (mut declared, mut clauses) = (0u64, 0u64);
    for line in text.lines() {
        if line.starts_with('c') || line.trim().is_empty() {
            continue;
        }
        if let Some(h) = line.strip_prefix("p cnf ") {
            let mut it = h.split_whitespace().map(|x| x.parse::<u64>().unwrap());
            cnf = Some(gridreduce::sat::Cnf::new(it.next().unwrap() as u32));
            declared = it.next().unwrap();
            continue;
        }
        let lits: Vec<i32> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(
            lits.last(),
            Some(&0),
            "{}: clause not ended",
            path.display()
        );
        cnf.as_mut()
            .expect("header first")
            .add_clause(&lits[..lits.len() - 1]);
        clauses += 1;
    }
    assert_eq!(clauses, declared, "{}: truncated", path.display());
    let cnf = cnf.unwrap();
    (cnf.fingerprint(), cnf.vars() as u64, clauses)
}

/// Checks a finished run folder: `indices` each have exactly one `.map` and one export, the
/// export reads back with the fingerprint its `.map` records, no temp or lock file is left, and
/// stats.csv holds each index exactly once. Returns the stats rows.
fn check_folder(dir: &Path, indices: &[usize]) -> Vec<BTreeMap<String, String>> {
    check_outputs(dir, indices);
    let rows = stats(dir);
    let mut listed: Vec<usize> = rows.iter().map(|r| r["index"].parse().unwrap()).collect();
    listed.sort();
    let mut want = indices.to_vec();
    want.sort();
    assert_eq!(listed, want, "stats.csv must hold every item exactly once");
    rows
}

/// The output files part of [`check_folder`]: exactly `indices` have outputs, all complete.
fn check_outputs(dir: &Path, indices: &[usize]) {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "temp file left: {name}");
        assert!(!name.ends_with(".lock"), "lock file left: {name}");
        if let Some((stem, _)) = name.split_once('.')
            && stem.len() == 5
            && stem.bytes().all(|b| b.is_ascii_digit())
        {
            *seen.entry(stem.to_string()).or_default() += 1;
        }
    }
    assert_eq!(seen.len(), indices.len(), "{seen:?}");
    for &k in indices {
        let stem = format!("{k:05}");
        let map = MapFile::read(&dir.join(format!("{stem}.map"))).unwrap();
        let export = dir.join(&map.target.file);
        assert!(map.target.file.starts_with(&stem));
        let fingerprint = match map.target.format.as_str() {
            "tsplib" => {
                let (g, _) = gridreduce::formats::tsplib::read_hcp(&export).unwrap();
                assert_eq!(map.target.sizes["vertices"], g.vertices() as u64);
                graph_fingerprint(g.vertices(), g.edges())
            }
            "dimacs" => {
                let (f, vars, clauses) = cnf_fingerprint(&export);
                assert_eq!(map.target.sizes["variables"], vars);
                assert_eq!(map.target.sizes["clauses"], clauses);
                f
            }
            "cplex-lp" => {
                // No LP reader: rebuild the model from the .map's puzzle and compare bytes.
                let puzzle = gridreduce::route::rebuild_puzzle(&map.puzzle, &export).unwrap();
                let reduction = gridreduce::ilp::PuzzleToIlp::new(&puzzle);
                let text = std::fs::read_to_string(&export).unwrap();
                let title = text
                    .lines()
                    .nth(1)
                    .and_then(|l| l.strip_prefix("\\ puzzle: "))
                    .unwrap_or_else(|| panic!("{}: no title line", export.display()))
                    .to_string();
                let mut again = Vec::new();
                gridreduce::formats::lp::write_lp(&mut again, &reduction, &title).unwrap();
                assert!(
                    again == text.as_bytes(),
                    "{} differs from a fresh write",
                    export.display()
                );
                use gridreduce::reduce::Reduction;
                reduction.target().fingerprint()
            }
            // Any other route: the puzzle and steps of the .map rebuild the instance (its
            // fingerprint is checked there), its sizes are the recorded ones, and the exported
            // file is the bytes a fresh write gives.
            _ => {
                let map_path = dir.join(format!("{stem}.map"));
                let (puzzle, built) = gridreduce::route::rebuild(&map, &map_path).unwrap();
                let sizes: BTreeMap<String, u64> = built
                    .sizes()
                    .iter()
                    .map(|&(k, v)| (k.to_string(), v))
                    .collect();
                assert_eq!(sizes, map.target.sizes, "{}", export.display());
                let title = map.target.format.as_str();
                let mut again = Vec::new();
                let route = gridreduce::route::for_map_kind(&map.target.kind).unwrap();
                built
                    .write(title, &route.title(&map.puzzle.name, &puzzle), &mut again)
                    .unwrap();
                assert!(
                    again == std::fs::read(&export).unwrap(),
                    "{} differs from a fresh write",
                    export.display()
                );
                built.fingerprint()
            }
        };
        assert_eq!(fingerprint, map.target.fingerprint, "{}", export.display());
    }
}

fn sample_for(pipeline: &Path) -> &'static str {
    let name = pipeline.file_name().unwrap().to_string_lossy();
    if name.starts_with("suguru") {
        "data/suguru/backtrack-180.txt"
    } else if name.starts_with("latin") {
        "data/latin/qwh-order10.yaml"
    } else {
        "data/sudoku/norvig_easy50.txt"
    }
}

/// Every pipeline in reductions/ runs on the first puzzles of a shipped collection; the outputs
/// read back; a witness tour decodes to a verified grid.
#[test]
fn every_shipped_pipeline_runs_on_a_small_collection() {
    let mut pipelines: Vec<PathBuf> = std::fs::read_dir(root().join("reductions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    pipelines.sort();
    assert!(pipelines.len() >= 6);
    for p in &pipelines {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        let o = gridreduce(&[
            "run",
            p.to_str().unwrap(),
            sample_for(p),
            "--limit",
            "3",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}: {}", p.display(), stderr(&o));
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.contains("3 puzzles: 3 ok, 0 skipped"), "{stdout}");
        let rows = check_folder(&out, &[1, 2, 3]);
        for r in &rows {
            assert_eq!(r["status"], "ok");
            assert!(r["seconds"].parse::<f64>().is_ok());
        }
        // The stats columns carry the sizes of the export.
        let first = MapFile::read(&out.join("00001.map")).unwrap();
        let some_size = *first.target.sizes.values().next().unwrap();
        assert!(rows[0].values().any(|v| *v == some_size.to_string()));
        // Witness tours decode through the whole chain back to a valid grid.
        if out.join("00001.tour").exists() {
            for k in 1..=3 {
                let o = gridreduce(&[
                    "decode",
                    out.join(format!("{k:05}.map")).to_str().unwrap(),
                    out.join(format!("{k:05}.tour")).to_str().unwrap(),
                ]);
                ok(&o);
            }
        }
    }
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_rerun_skips_finished_items_and_lists_every_item_once() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o_str = out.to_str().unwrap();
    let args = |limit: &'static str| {
        vec![
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/norvig_easy50.txt",
            "--limit",
            limit,
            "-o",
            o_str,
        ]
    };
    let o = gridreduce(&args("4"));
    ok(&o);
    let before = stats(&out);
    let inode = |k: usize| {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(out.join(format!("{k:05}.cnf")))
            .unwrap()
            .ino()
    };
    let first_inode = inode(1);
    // Item 2 lost its .map (as if killed between its files), item 3 lost everything.
    std::fs::remove_file(out.join("00002.map")).unwrap();
    std::fs::remove_file(out.join("00003.map")).unwrap();
    std::fs::remove_file(out.join("00003.cnf")).unwrap();
    let o = gridreduce(&args("6"));
    ok(&o);
    let rows = check_folder(&out, &[1, 2, 3, 4, 5, 6]);
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["skipped", "ok", "ok", "skipped", "ok", "ok"]);
    // Every write is a new file renamed into place, so a rewritten item would have a new inode
    // (compared instead of modification times, which need a sleep to differ).
    assert_eq!(inode(1), first_inode, "a finished item was rewritten");
    // A skipped row has the same sizes as when it was made, and its earlier time.
    for col in ["cnf_vars", "cnf_clauses", "cnf_literals", "seconds"] {
        assert_eq!(rows[0][col], before[0][col], "{col}");
        assert_eq!(rows[3][col], before[3][col], "{col}");
    }
    // Another pipeline into the same folder is refused before anything is written.
    let o = gridreduce(&[
        "run",
        "reductions/sudoku-ilp.yaml",
        "data/sudoku/norvig_easy50.txt",
        "-o",
        o_str,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds the outputs of another pipeline"));
    // So is the same pipeline on another collection.
    let o = gridreduce(&[
        "run",
        "reductions/sudoku-cnf-extended.yaml",
        "data/sudoku/norvig_top95.txt",
        "--limit",
        "2",
        "-o",
        o_str,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("holds the outputs of another collection"),
        "{}",
        stderr(&o)
    );
    check_folder(&out, &[1, 2, 3, 4, 5, 6]);
}

/// A witness pipeline for Sudoku (the puzzle must be solved when no solution is known).
fn witness_pipeline(dir: &Path) -> PathBuf {
    write(
        dir,
        "witness.yaml",
        "source: sudoku\ndescription: contracted graph and witness tour\nto: hcp\nwitness: true\n",
    )
}

#[test]
fn a_bad_puzzle_is_reported_recorded_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let puzzles = write(
        tmp.path(),
        "mixed.txt",
        concat!(
            "1...............\n", // 1: fine
            "1..x............\n", // 2: a symbol that is not a digit
            "11..............\n", // 3: two 1s in a row: no solution, so no witness
            "..3.............\n"  // 4: fine
        ),
    );
    let pipeline = witness_pipeline(tmp.path());
    let out = tmp.path().join("out");
    let o = gridreduce(&[
        "run",
        pipeline.to_str().unwrap(),
        puzzles.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    let p = puzzles.display().to_string();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("gridreduce: {p}:2:"))),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("gridreduce: {p}:3: mixed#3: "))),
        "{err}"
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("4 puzzles: 2 ok, 0 skipped (finished earlier), 2 bad"),
        "{stdout}"
    );
    assert!(stdout.contains("exit code 2"), "{stdout}");
    check_outputs(&out, &[1, 4]);
    let rows = stats(&out);
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["ok", "bad", "bad", "ok"]);
    assert!(!rows[1]["message"].is_empty() && !rows[2]["message"].is_empty());
    assert!(out.join("00001.tour").exists() && !out.join("00003.tour").exists());
}

#[test]
fn a_time_limit_records_timeout_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    // Copies without the solutions file beside them, so the witness needs a solve.
    let text = std::fs::read_to_string(root().join("data/sudoku/norvig_top95.txt")).unwrap();
    let three: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    let puzzles = write(tmp.path(), "top3.txt", &three);
    let pipeline = witness_pipeline(tmp.path());
    let out = tmp.path().join("out");
    let args = |limit: &'static str| {
        vec![
            "run".to_string(),
            pipeline.display().to_string(),
            puzzles.display().to_string(),
            "-o".into(),
            out.display().to_string(),
            "--time-limit".into(),
            limit.into(),
        ]
    };
    let argv = args("0");
    let o = gridreduce(&argv.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        o.status.code(),
        Some(gridreduce::error::TIMEOUT_EXIT_CODE as i32),
        "{}",
        stderr(&o)
    );
    assert_eq!(stderr(&o).lines().count(), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("within the time limit"));
    let rows = stats(&out);
    assert!(rows.iter().all(|r| r["status"] == "timeout"), "{rows:?}");
    assert!(!out.join("00001.map").exists());
    // A rerun with room to solve finishes them.
    let argv = args("600");
    let o = gridreduce(&argv.iter().map(String::as_str).collect::<Vec<_>>());
    ok(&o);
    let rows = check_folder(&out, &[1, 2, 3]);
    assert!(rows.iter().all(|r| r["status"] == "ok"));
}

/// The deadline of the witness solve is kept on a puzzle whose search takes far longer: a 25×25
/// Sudoku with a pigeonhole hidden in row 1. Columns 1–13 hold the values 13–25 lower down, so the
/// 13 empty cells of row 1 in those columns share the 12 values 1–12: no solution, but the search
/// (singles and pointing, no Hall sets) only finds that out after exploring some 12! orders.
#[test]
fn a_long_solve_stops_at_the_time_limit() {
    use gridreduce::puzzle::{BlockLayout, Grid, Puzzle, Sudoku};
    let n = 25;
    let mut g = Grid::empty(n, n);
    // Value 13 + k in column c: row band (c mod 5 + k) mod 5 (so one value never meets itself in
    // a box), row 1 + (k div 5 + c div 5) mod 3 within the band (never the first row).
    for c in 0..13 {
        for k in 0..13 {
            let r = 5 * ((c % 5 + k) % 5) + 1 + (k / 5 + c / 5) % 3;
            g.set(r * n + c, (13 + k) as u8);
        }
    }
    let puzzle: Puzzle = Sudoku::new(BlockLayout::boxes(5, 5), g).unwrap().into();
    let limit = Duration::from_millis(300);
    let start = Instant::now();
    let r = gridreduce::search::solutions_until(&puzzle, 1, Some(start + limit));
    let took = start.elapsed();
    match r {
        Err(gridreduce::Error::Timeout(_)) => {
            assert!(took < Duration::from_secs(10), "took {took:?}");
        }
        other => panic!("expected a timeout, got {other:?} after {took:?}"),
    }
}

/// A run killed by SIGKILL midway and restarted ends with every output complete, none
/// duplicated, and stats.csv listing every puzzle once. The kill comes at a known point: the run
/// holds (`GRIDREDUCE_TEST_HOLD`, see `gridreduce::cleanup`) at its 17th file write with a temp file
/// open, so it can neither finish first nor be caught before it started (no race, no sleep).
#[test]
fn a_run_killed_midway_and_restarted_is_complete() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let n = 120;
    let args = [
        "run",
        "reductions/sudoku-hcp-paper.yaml",
        "data/sudoku/royle17.txt",
        "--limit",
        "120",
        "--jobs",
        "2",
        "-o",
        out.to_str().unwrap(),
    ];
    let marker = tmp.path().join("held");
    let mut child = Command::new(BIN)
        .args(args)
        .env("GRIDREDUCE_TEST_HOLD", &marker)
        .env("GRIDREDUCE_TEST_HOLD_AT", "17")
        .current_dir(root())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let maps = || {
        std::fs::read_dir(&out)
            .map(|d| {
                d.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".map"))
                })
                .count()
            })
            .unwrap_or(0)
    };
    while !marker.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended without reaching its hold point"
        );
        std::thread::yield_now();
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let done_at_kill = maps();
    // 16 files were written (an export and its .map per item): some items are done, most not, and
    // a temp file of the held write is left for the restart to clean.
    assert!(done_at_kill >= 1 && done_at_kill < n, "{done_at_kill} done");
    assert!(!out.join("stats.csv").exists());
    let o = gridreduce(&args);
    ok(&o);
    let all: Vec<usize> = (1..=n).collect();
    let rows = check_folder(&out, &all);
    let skipped = rows.iter().filter(|r| r["status"] == "skipped").count();
    let ok = rows.iter().filter(|r| r["status"] == "ok").count();
    assert!(
        skipped >= done_at_kill,
        "{skipped} skipped, {done_at_kill} done at the kill"
    );
    assert_eq!(skipped + ok, n);
}

/// An output path that cannot be a folder, a read-only folder, and a "full disk" (a file size
/// limit) each give one clear line and exit code 2, and leave no half-written file.
#[test]
fn an_unwritable_output_folder_is_a_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write(tmp.path(), "plain-file", "x");
    let o = gridreduce(&[
        "run",
        "reductions/sudoku-cnf-extended.yaml",
        "data/sudoku/norvig_easy50.txt",
        "-o",
        file.join("out").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot create the output folder"), "{err}");

    // Read-only: chmod does not stop root, so this part runs only when it takes effect.
    let ro = tmp.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(ro.join("probe"), "x").is_err() {
        let o = gridreduce(&[
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/norvig_easy50.txt",
            "-o",
            ro.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("cannot write to the output folder"), "{err}");
        assert_eq!(std::fs::read_dir(&ro).unwrap().count(), 0);
    } else {
        eprintln!("running as root: chmod does not make a folder read-only; that case is skipped");
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();

    // Full: a file size limit (RLIMIT_FSIZE, with SIGXFSZ ignored so writes fail with EFBIG)
    // lets the small pipeline record through and stops the first export, as a full disk would.
    let full = tmp.path().join("full");
    let args = [
        "run",
        "reductions/sudoku-hcp-paper.yaml",
        "data/sudoku/norvig_easy50.txt",
        "--limit",
        "5",
        "-o",
        full.to_str().unwrap(),
    ];
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(root());
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls (setrlimit, signal) between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 4096,
                rlim_max: 4096,
            };
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let o = cmd.output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("File too large") && err.contains("the run stopped"),
        "{err}"
    );
    let left: Vec<String> = std::fs::read_dir(&full)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["pipeline.yaml"], "half-written files left");
    // With room again, the same command finishes.
    ok(&gridreduce(&args));
    check_folder(&full, &[1, 2, 3, 4, 5]);
}

/// Two runs cannot write into one folder at once; a lock left by a dead process is taken over.
#[test]
fn a_second_run_into_a_busy_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // This test process is alive: its id in the lock means "busy".
    std::fs::write(
        out.join(".gridreduce-run.lock"),
        format!("{}\n", std::process::id()),
    )
    .unwrap();
    let args = [
        "run",
        "reductions/sudoku-ilp.yaml",
        "data/sudoku/sudoku4_vu_kr_100.txt",
        "--limit",
        "2",
        "-o",
        out.to_str().unwrap(),
    ];
    let o = gridreduce(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("another gridreduce run"),
        "{}",
        stderr(&o)
    );
    // A process id that cannot be alive (above the kernel's pid_max) is a stale lock.
    std::fs::write(out.join(".gridreduce-run.lock"), "99999999\n").unwrap();
    let o = gridreduce(&args);
    ok(&o);
    check_folder(&out, &[1, 2]);
}
