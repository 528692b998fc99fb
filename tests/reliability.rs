//! Huge inputs (issue 9, point 3): a line of 1 GiB given to a puzzle reader, and lines of 64 MiB
//! given to every other kind of reader — graphs, tours, SAT answers, MIP solution files, `.map`
//! files — are one clear error each, exit code 2, with bounded memory (all of them at 1 GiB with
//! `-- --ignored`; each gigabyte takes seconds on a loaded machine). The files are generated here,
//! sparse (a gigabyte of NUL bytes costs no disk and no time to write), never committed.
//!
//! Memory is measured, not assumed: after the runs, the largest resident set of any child process
//! this test binary waited for (`getrusage(RUSAGE_CHILDREN)`) must stay far below the file size.

use std::fs::OpenOptions;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

const GIB: u64 = 1 << 30;

/// A file of `prefix`, then one line of `len` NUL bytes, then `suffix`.
fn huge_file(dir: &Path, name: &str, prefix: &[u8], len: u64, suffix: &[u8]) -> PathBuf {
    let path = dir.join(name);
    let mut f = OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .open(&path)
        .unwrap();
    f.write_all(prefix).unwrap();
    f.set_len(prefix.len() as u64 + len).unwrap();
    f.seek(SeekFrom::End(0)).unwrap();
    f.write_all(b"\n").unwrap();
    f.write_all(suffix).unwrap();
    path
}

fn run(args: &[&str]) -> (Option<i32>, String, usize) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.stdout.len(),
    )
}

/// Makes `cmd`'s child start with the limit `resource` = `bytes` (soft and hard): `ulimit -f` or
/// `ulimit -v` for one command.
fn with_rlimit(cmd: &mut Command, resource: libc::__rlimit_resource_t, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit is async-signal-safe; the closure runs in the child before exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Peak resident set of the children waited for so far, in bytes (Linux reports KiB).
fn children_max_rss() -> u64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct we own.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0);
    usage.ru_maxrss as u64 * 1024
}

#[test]
fn a_one_gib_line_is_one_error_with_bounded_memory() {
    huge_lines(GIB, 64 << 20);
}

#[test]
#[ignore = "reads 6 GiB"]
fn one_gib_lines_in_every_reader() {
    huge_lines(GIB, GIB);
}

/// The puzzle file gets a line of `first` bytes, every other reader one of `rest` bytes.
fn huge_lines(first: u64, rest: u64) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A line whose end is more than 64 MiB on (`lines::MAX_SKIP`) also ends the file.
    let long = |len: u64| {
        let mut m = ":1: line is longer than 1048576 bytes".to_string();
        if len > (65 << 20) {
            m.push_str(", with no line end within 64 MiB: the rest of the file is not read");
        }
        m
    };
    let line1 = long(rest);
    let puzzle = huge_file(d, "puzzle.txt", b"", first, b"");
    let graph = huge_file(d, "graph.hcp", b"", rest, b"");
    let tour = huge_file(d, "tour.tour", b"", rest, b"");
    let sat = huge_file(d, "answer.out", b"s SATISFIABLE\n", rest, b"");
    let sol = huge_file(d, "answer.sol", b"", rest, b"");
    let map = huge_file(d, "big.map", b"{", rest, b"}");
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["info".into(), puzzle.display().to_string()],
            format!("gridreduce: {}{}", puzzle.display(), long(first)),
        ),
        (
            vec!["hcp".into(), "info".into(), graph.display().to_string()],
            format!("gridreduce: {}{line1}", graph.display()),
        ),
        (
            vec![
                "hcp".into(),
                "check".into(),
                "data/hcp/fhcp/graph1.hcp".into(),
                tour.display().to_string(),
            ],
            format!("gridreduce: {}{line1}", tour.display()),
        ),
        (
            vec![
                "decode".into(),
                "tests/bad/sat/sudoku4-cnf.map".into(),
                sat.display().to_string(),
            ],
            format!("gridreduce: {}:2{}", sat.display(), &long(rest)[2..]),
        ),
        (
            vec![
                "decode".into(),
                "tests/bad/sat/sudoku4-lp.map".into(),
                sol.display().to_string(),
            ],
            format!("gridreduce: {}{line1}", sol.display()),
        ),
        (
            vec![
                "decode".into(),
                map.display().to_string(),
                "tests/bad/sat/unsat.out".into(),
            ],
            format!(
                "gridreduce: {}: map file is larger than 16777216 bytes (not a gridreduce map file)",
                map.display()
            ),
        ),
    ];
    for (args, want) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stderr, stdout) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr, format!("{want}\n"), "{args:?}");
        assert_eq!(stdout, 0, "{args:?} printed on stdout");
    }
    let peak = children_max_rss();
    assert!(
        peak < 200 << 20,
        "a child process peaked at {} MiB reading a line of {first} bytes",
        peak >> 20
    );
}

/// Every failure mode issue 9 lists has a file in the bad-input corpus, listed in a manifest (so
/// `tests/bad_inputs.rs` runs it and checks its exact error and exit code 2). The huge line is the
/// test above.
#[test]
fn the_bad_input_corpus_covers_every_failure_mode_of_issue_9() {
    let modes: &[(&str, &[&str])] = &[
        (
            "truncated file",
            &[
                "hcp-truncated.hcp",
                "concorde-truncated.edg",
                "arcs-truncated.arcs",
                "tsp-truncated-matrix.tsp",
                "sol-truncated.sol",
                "tests/bad/reliability/tour-truncated.tour",
                "suguru-truncated.txt",
                "tests/bad/sat/truncated.out",
                "tests/bad/reliability/minisat-truncated.out",
                "tests/bad/sat/highs-truncated.sol",
            ],
        ),
        (
            "wrong DIMENSION",
            &[
                "hcp-wrong-dimension.hcp",
                "tests/bad/reliability/hcp-dimension-too-small.hcp",
                "tour-other-instance.tour",
            ],
        ),
        (
            "vertex id out of range",
            &[
                "hcp-id-out-of-range.hcp",
                "concorde-id-out-of-range.edg",
                "tour-out-of-range.tour",
                "perm-out-of-range.txt",
            ],
        ),
        (
            "duplicate edge",
            &["hcp-duplicate-edge.hcp", "arcs-duplicate.arcs"],
        ),
        ("self-loop", &["hcp-self-loop.hcp", "arcs-self-loop.arcs"]),
        ("tour repeats a vertex", &["tour-repeats-vertex.tour"]),
        ("tour misses a vertex", &["tour-misses-vertex.tour"]),
        (
            "tour of another instance (fingerprint)",
            &[
                "tests/bad/reliability/hcp-foreign.tour",
                "tests/bad/reliability/hcp-edited.map",
                "tests/bad/sat/bad-fingerprint.map",
                "sol-other-instance.sol",
            ],
        ),
        ("s UNSATISFIABLE", &["tests/bad/sat/unsat.out"]),
        (
            "model with too few variables",
            &[
                "tests/bad/sat/short.out",
                "tests/bad/reliability/too-few-variables.out",
            ],
        ),
        (
            "LP solution with a fractional binary",
            &[
                "tests/bad/sat/fractional.sol",
                "tests/bad/reliability/fractional-small.sol",
            ],
        ),
        (
            "Suguru region not connected",
            &["suguru-region-not-connected.txt"],
        ),
        (
            "Sudoku length not a square",
            &[
                "sudoku-not-square.txt",
                "tests/bad/reliability/sudoku-numeric-not-square.txt",
            ],
        ),
        (
            "non-UTF-8 bytes",
            &[
                "non-utf8.hcp",
                "non-utf8.tour",
                "sudoku-non-utf8.txt",
                "tests/bad/reliability/suguru-non-utf8.txt",
                "tests/bad/reliability/non-utf8.out",
                "tests/bad/reliability/non-utf8.sol",
                "tests/bad/reliability/non-utf8.map",
            ],
        ),
        (
            "empty file",
            &[
                "empty.txt",
                "empty.hcp",
                "empty.tour",
                "tests/bad/sat/empty.out",
                "tests/bad/reliability/empty.sol",
                "tests/bad/reliability/empty.map",
                "tests/bad/reliability/empty.out",
            ],
        ),
    ];
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut listed = std::collections::HashSet::new();
    for entry in std::fs::read_dir(&bad).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("expected-") && name.ends_with(".tsv") {
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                if let Some(file) = line.split('\t').next()
                    && !line.starts_with('#')
                {
                    listed.insert(file.to_string());
                }
            }
        }
    }
    for (mode, files) in modes {
        for f in *files {
            assert!(listed.contains(*f), "{mode}: {f} is in no manifest");
        }
    }
}

/// Issue 19: a leading UTF-8 byte order mark is skipped by every line reader, so a Suguru file
/// saved by a Windows editor is still read as a Suguru (it was taken for a Sudoku before).
#[test]
fn a_byte_order_mark_is_skipped() {
    let (code, stderr, _) = run(&["info", "tests/bad/issue19/suguru6-bom.txt"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(["info", "tests/bad/issue19/suguru6-bom.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("suguru 6x6"));
}

/// Issue 19: `--regions /dev/zero` is refused at the first over-long line (it grew until out of
/// memory before); the reader stops at its first error instead of skipping on for ever.
#[test]
fn regions_from_dev_zero_are_refused() {
    let (code, stderr, out) = run(&[
        "info",
        "tests/bad/issue19/sudoku4.txt",
        "--regions",
        "/dev/zero",
    ]);
    assert_eq!(
        (code, stderr.as_str(), out),
        (
            Some(2),
            "gridreduce: /dev/zero:1: line is longer than 1048576 bytes, with no line end within \
             64 MiB: the rest of the file is not read\n",
            0
        )
    );
}

/// Issue 19: the `plot` CSV reader is bounded (1 MiB a line, 256 MiB a file): `/dev/zero` is
/// refused at once instead of growing until out of memory.
#[test]
fn plot_of_dev_zero_is_refused() {
    let (code, stderr, out) = run(&["plot", "/dev/zero", "--y", "a", "-o", "/tmp/never"]);
    assert_eq!(
        (code, stderr.as_str(), out),
        (
            Some(2),
            "gridreduce: /dev/zero:1: line is longer than 1048576 bytes\n",
            0
        )
    );
}

/// Issue 19: a time limit above the accepted range says what the range is (it said "must be a
/// positive number" for 1e20).
#[test]
fn a_huge_time_limit_names_the_range() {
    let (code, stderr, _) = run(&[
        "hcp",
        "solve",
        "data/hcp/fhcp/graph1.hcp",
        "--time-limit",
        "1e20",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("`1e20`: the time limit is at most 1000000000 seconds"),
        "{stderr}"
    );
}

/// Issue 19: under `ulimit -f` a write past the limit is the usual one-line error with exit code 2
/// (SIGXFSZ is ignored) and leaves no temp file behind.
#[test]
fn a_file_size_limit_is_one_error_and_no_temp_file() {
    let dir = std::env::temp_dir().join(format!("gridreduce-fsize-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out_base = dir.join("big");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridreduce"));
    cmd.args([
        "reduce",
        "data/sudoku/sudoku4_vu_kr_100.txt",
        "--index",
        "1",
    ])
    .args(["--to", "cnf", "-o"])
    .arg(&out_base)
    .current_dir(env!("CARGO_MANIFEST_DIR"));
    with_rlimit(&mut cmd, libc::RLIMIT_FSIZE, 512);
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("gridreduce: "), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 19: SIGINT or SIGTERM while an output is being written removes the temp file (and
/// `run`'s lock) and exits with 128 + the signal. The child waits at a known point
/// (`GRIDREDUCE_TEST_HOLD`: it creates the marker file once its first temp file exists), so the
/// signal always arrives mid-write.
fn interrupted_write(args: &[&str], signal: i32, name: &str) -> (Option<i32>, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("gridreduce-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let marker =
        std::env::temp_dir().join(format!("gridreduce-{name}-{}.held", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(
            args.iter()
                .map(|a| a.replace("{dir}", dir.to_str().unwrap())),
        )
        .env("GRIDREDUCE_TEST_HOLD", &marker)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the marker (the child is then parked with its temp file open), or for the child to
    // end without reaching it (the test then fails on its exit code).
    while !marker.exists() {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::yield_now();
    }
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    let status = child.wait().unwrap();
    let _ = std::fs::remove_file(&marker);
    let mut left: Vec<String> = Vec::new();
    for e in walk(&dir) {
        left.push(e.strip_prefix(&dir).unwrap().display().to_string());
    }
    left.sort();
    std::fs::remove_dir_all(&dir).unwrap();
    (status.code(), left)
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn sigint_during_reduce_leaves_no_temp_file() {
    let (code, left) = interrupted_write(
        &[
            "reduce",
            "tests/bad/issue19/sudoku4.txt",
            "--to",
            "cnf",
            "-o",
            "{dir}/out",
        ],
        libc::SIGINT,
        "sigint",
    );
    assert_eq!((code, left), (Some(130), Vec::<String>::new()));
}

#[test]
fn sigterm_during_run_leaves_no_temp_file_and_no_lock() {
    let (code, left) = interrupted_write(
        &[
            "run",
            "tests/bad/issue19/cnf.yaml",
            "tests/bad/issue19/sudoku4.txt",
            "-o",
            "{dir}/run",
        ],
        libc::SIGTERM,
        "sigterm",
    );
    // Both the lock and a temp file existed when the signal came (the hold point is inside the
    // first write, after the lock is taken); neither may remain.
    assert_eq!((code, left), (Some(143), Vec::<String>::new()));
}

/// A signal before any output file exists still ends the run with 128 + the signal (the handler
/// exits at once: nothing is registered, and the watcher thread has not started). The child blocks
/// opening its input, a named pipe; the test knows the child got there (so `main` has installed
/// the handler) when the pipe's write end can be opened without blocking, which Linux allows only
/// once a reader is waiting.
#[cfg(target_os = "linux")]
#[test]
fn sigint_before_any_output_exits_130() {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("puzzles");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: creating a named pipe at a path we own.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .arg("solve")
        .arg(&fifo)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let writer = loop {
        match std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
        {
            Ok(w) => break Some(w),
            Err(_) if child.try_wait().unwrap().is_none() => std::thread::yield_now(),
            Err(_) => break None,
        }
    };
    assert!(writer.is_some(), "the child ended before opening its input");
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    // Closing the pipe gives a child that ignored the signal an empty input to end on, so a
    // regression fails here instead of hanging.
    drop(writer);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
}

/// Issue 19: `run --jobs 100000` on a few puzzles starts a few workers (it started 100,000
/// threads and hung): capped at 4 per core and one per puzzle.
#[test]
fn run_with_absurd_jobs_finishes() {
    let dir = std::env::temp_dir().join(format!("gridreduce-jobs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, stderr, _) = run(&[
        "run",
        "tests/bad/issue19/cnf.yaml",
        "tests/bad/issue19/sudoku4.txt",
        "--jobs",
        "100000",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 19: the `--size` example of `generate suguru --help`, a 1×30 strip, generates (the
/// default hint cap was 40% of the cells; a unique strip keeps about 70%).
#[test]
fn a_suguru_strip_generates() {
    let (code, stderr, out) = run(&["generate", "suguru", "--size", "1x30", "--seed", "1"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.starts_with("generated 1 1x30 Suguru"), "{stderr}");
    assert!(out > 0);
}

/// Issue 19, group 6: `generate sudoku --n 64 --max-tries 1` ran for minutes. Its target, the
/// 9×9 default of 18 clues, is below N − 1 = 63, which no unique 64×64 puzzle can reach: refused at
/// once, nothing on stdout.
#[test]
fn a_sudoku_target_below_n_minus_one_is_refused() {
    let (code, stderr, out) = run(&["generate", "sudoku", "--n", "64", "--max-tries", "1"]);
    assert_eq!(
        (code, stderr.as_str(), out),
        (
            Some(2),
            "gridreduce: --target-clues 18 is below 63, the fewest clues a unique 64x64 Sudoku \
             can have (two symbols missing from the clues can be swapped in any solution)\n",
            0
        )
    );
}

/// Issue 19, group 6: a reachable target on a grid where one try takes hours ends at
/// `--time-limit` with exit code 3, one line and nothing written (without a deadline in the
/// uniqueness checks this test would run for hours; with it, about a second).
#[test]
fn a_large_sudoku_generation_ends_at_its_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gen.txt");
    let (code, stderr, out) = run(&[
        "generate",
        "sudoku",
        "--n",
        "64",
        "--target-clues",
        "63",
        "--max-tries",
        "1",
        "--time-limit",
        "1",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        (code, stderr.as_str(), out),
        (
            Some(3),
            "gridreduce: the time limit of 1 s ran out at puzzle 1 of 1: no 64x64 puzzle with at \
             most 63 clues before the deadline (at try 1) (a larger --time-limit, \
             --stop-at-target for a puzzle with that many clues that need not be minimal, or \
             --check-limit)\n",
            0
        )
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Issue 19, group 1: `stats --blank 255` (the largest accepted size) and `--blank 196 --only cnf`
/// aborted with `memory allocation of … failed`. Now each grid is refused before anything is
/// built, with one line naming the grid, the estimate and the limit, and no CSV is written.
/// (The estimates, hundreds of GiB and 49 GiB, are above any limit a test machine has by default;
/// the CNF case sets an explicit one.)
#[test]
fn stats_of_a_huge_blank_grid_is_refused_not_aborted() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("x.csv");
    let csv = csv.to_str().unwrap();
    let (code, stderr, out) = run(&["stats", "--blank", "255", "--csv", csv]);
    assert_eq!((code, out), (Some(2), 0), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with(
            "gridreduce: blank-255: the hcp instance of this 255x255 sudoku would need about 377 GiB of memory, above the limit of "
        ),
        "{stderr}"
    );
    assert_eq!(
        lines[1],
        "gridreduce: no puzzle could be measured; no CSV written"
    );
    let (code, stderr, _) = run(&[
        "stats",
        "--blank",
        "196",
        "--only",
        "cnf",
        "--memory-limit",
        "8G",
        "--csv",
        csv,
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "gridreduce: blank-196: the cnf instance of this 196x196 sudoku would need about 49 GiB of memory, above the limit of 8.0 GiB (--memory-limit)\n\
         gridreduce: no puzzle could be measured; no CSV written\n"
    );
    assert!(!Path::new(csv).exists());
}

/// Issue 19, group 1: a pipeline item above the memory limit is a bad item of the run (one line
/// naming file and line, exit 2 at the end), the others are written.
#[test]
fn run_refuses_an_item_above_the_memory_limit_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("mixed.txt");
    let small = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad/issue19/sudoku4.txt"),
    )
    .unwrap();
    let blank = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad/issue19/blank25.txt"),
    )
    .unwrap();
    std::fs::write(&puzzles, format!("{}\n{}", small.trim_end(), blank)).unwrap();
    let out = dir.path().join("out");
    let (code, stderr, _) = run(&[
        "run",
        "tests/bad/issue19/cnf.yaml",
        puzzles.to_str().unwrap(),
        "--memory-limit",
        "5M",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.contains("memory"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.starts_with("gridreduce: "), "{line}");
    assert!(line.contains(":2: mixed#2: the cnf instance of this 25x25 sudoku would need about 13 MiB of memory, above the limit of 5.0 MiB (--memory-limit)"), "{line}");
    assert!(out.join("00001.map").exists());
    assert!(!out.join("00002.map").exists());
}

/// Issue 19, group 5: `reduce --witness` of a puzzle without a solution is a result, exit code 1
/// as the README promises for "a puzzle proven unsolvable", with file and line; nothing written.
#[test]
fn a_witness_of_an_unsolvable_puzzle_exits_1_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("w");
    let (code, stderr, out) = run(&[
        "reduce",
        "tests/bad/issue19/sudoku4-unsolvable.txt",
        "--to",
        "hcp",
        "--witness",
        "-o",
        base.to_str().unwrap(),
    ]);
    assert_eq!((code, out), (Some(1), 0));
    assert_eq!(
        stderr,
        "gridreduce: tests/bad/issue19/sudoku4-unsolvable.txt:1: sudoku4-unsolvable#1: sudoku4-unsolvable#1 has no solution, so no witness tour\n"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// `--sync` (global) flushes each output file to the disk before its rename; without it a file is
/// still renamed into place whole, with no sync. Where `strace` is installed the system calls are
/// counted, so the flag is seen to do what it says; elsewhere only the outputs are checked, and
/// the test says so on stderr.
#[test]
fn sync_is_opt_in_and_the_tour_is_whole_either_way() {
    let dir = tempfile::tempdir().unwrap();
    let graph = "data/hcp/fhcp/graph2.hcp";
    // Installed and allowed to trace (a container may forbid ptrace).
    let strace = Command::new("strace")
        .args(["-o", "/dev/null", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !strace {
        eprintln!(
            "strace not installed or not allowed: fsync calls not counted, outputs checked only"
        );
    }
    for (flag, syncs) in [(None, 0), (Some("--sync"), 1)] {
        let tour = dir.path().join(format!("{}.tour", flag.unwrap_or("plain")));
        let log = dir.path().join("strace.log");
        let mut args = vec!["hcp", "solve", graph, "-o", tour.to_str().unwrap()];
        args.extend(flag);
        let status = if strace {
            Command::new("strace")
                .args(["-f", "-e", "trace=fsync,fdatasync", "-o"])
                .arg(&log)
                .arg(env!("CARGO_BIN_EXE_gridreduce"))
                .args(&args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap()
                .status
                .code()
        } else {
            run(&args).0
        };
        assert_eq!(status, Some(0), "{flag:?}");
        let (code, stderr, _) = run(&["hcp", "check", graph, tour.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{flag:?}: {stderr}");
        if strace {
            let calls = std::fs::read_to_string(&log)
                .unwrap()
                .lines()
                .filter(|l| l.contains("fsync(") || l.contains("fdatasync("))
                .count();
            assert_eq!(calls, syncs, "{flag:?}");
        }
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The commands that print results, each with arguments that make it print (issue 45, group 1).
/// `run` prints its summary; `generate` without `-o` prints the puzzles.
fn printing_commands(dir: &Path) -> Vec<Vec<String>> {
    let out = dir.join("run-out");
    let map = dir.join("t1");
    let made = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args([
            "reduce",
            "data/sudoku/norvig_top95.txt",
            "--index",
            "1",
            "--to",
            "hcp",
        ])
        .args(["--witness", "-o"])
        .arg(&map)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(
        made.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let decode = format!(
        "decode {} {}",
        map.with_extension("map").display(),
        map.with_extension("tour").display()
    );
    [
        "info data/sudoku/royle17.txt --index 1",
        "solve data/sudoku/norvig_top95.txt --index 1",
        "count data/sudoku/norvig_top95.txt --index 1",
        decode.as_str(),
        "show data/suguru/backtrack-180.txt --index 19",
        "verify data/suguru/backtrack-180.txt",
        "hcp info data/hcp/fhcp/graph1.hcp",
        "hcp solve data/hcp/fhcp/graph1.hcp",
        "generate sudoku --n 4 --target-clues 6 --count 1 --seed 1",
        "solvers",
        &format!(
            "run reductions/sudoku-cnf-extended.yaml data/sudoku/norvig_top95.txt --limit 2 -o {}",
            out.display()
        ),
    ]
    .iter()
    .map(|c| c.split(' ').map(String::from).collect())
    .collect()
}

/// Runs `args` with stdout on `/dev/full` (`full`), closed (`>&-`, through a `pre_exec` that
/// closes descriptor 1 in the child), and with stderr on `/dev/full`.
fn run_with_streams(args: &[String], stdout: &str) -> (Option<i32>, String) {
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridreduce"));
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    match stdout {
        "full" => {
            cmd.stdout(std::fs::File::create("/dev/full").unwrap());
        }
        "closed" => {
            cmd.stdout(Stdio::null());
            // SAFETY: close(2) is async-signal-safe, as pre_exec requires.
            unsafe {
                cmd.pre_exec(|| {
                    libc::close(1);
                    Ok(())
                });
            }
        }
        "stderr-full" => {
            cmd.stdout(Stdio::null());
            cmd.stderr(std::fs::File::create("/dev/full").unwrap());
        }
        other => unreachable!("{other}"),
    }
    let out = cmd.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 45, group 1: results that cannot be printed (stdout on a full disk, or closed) are one
/// line on stderr with exit code 2, never a panic or a silent exit 0; a stderr that cannot be
/// written does not change the outcome (the messages are dropped, the results printed).
#[test]
fn a_full_or_closed_stdout_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let what = args.join(" ");
        let _ = std::fs::remove_dir_all(dir.path().join("run-out"));
        let (code, stderr) = run_with_streams(&args, "full");
        assert_eq!(code, Some(2), "{what} > /dev/full: {stderr}");
        assert_eq!(
            stderr.lines().last(),
            Some("gridreduce: standard output: No space left on device (os error 28)"),
            "{what} > /dev/full: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{what}: {stderr}");
        let _ = std::fs::remove_dir_all(dir.path().join("run-out"));
        let (code, stderr) = run_with_streams(&args, "closed");
        assert_eq!(code, Some(2), "{what} >&-: {stderr}");
        assert_eq!(
            stderr.lines().last(),
            Some("gridreduce: standard output: closed, so the results cannot be printed"),
            "{what} >&-: {stderr}"
        );
        let _ = std::fs::remove_dir_all(dir.path().join("run-out"));
        let (code, _) = run_with_streams(&args, "stderr-full");
        assert_eq!(code, Some(0), "{what} 2> /dev/full");
    }
}

/// Issue 45, group 6: an output that is one of the command's inputs, under its own name, another
/// spelling or a symlink, is refused with one line and exit code 2, and the input stays intact.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let puzzles: String = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sudoku/norvig_top95.txt"),
    )
    .unwrap()
    .lines()
    .take(2)
    .map(|l| format!("{l}\n"))
    .collect();
    std::fs::write(d.join("p.txt"), &puzzles).unwrap();
    // A puzzle file named like the export `reduce -o p --to cnf` writes.
    std::fs::write(d.join("p.cnf"), &puzzles).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/hcp/fhcp/graph1.hcp"),
        d.join("g.hcp"),
    )
    .unwrap();
    std::os::unix::fs::symlink("g.hcp", d.join("link.hcp")).unwrap();
    let graph = std::fs::read(d.join("g.hcp")).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["stats", "p.txt", "--csv", "p.txt"], "p.txt"),
        (&["stats", "p.txt", "--csv", "./p.txt"], "./p.txt"),
        (
            &["reduce", "p.cnf", "--index", "1", "--to", "cnf", "-o", "p"],
            "p.cnf",
        ),
        (&["hcp", "solve", "g.hcp", "-o", "g.hcp"], "g.hcp"),
        (&["hcp", "solve", "g.hcp", "-o", "link.hcp"], "link.hcp"),
    ];
    for (args, target) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args(args)
            .current_dir(d)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr.lines().last(),
            Some(
                format!(
                    "gridreduce: {target}: this file is an input of the command; not overwritten \
                     (write the output elsewhere)"
                )
                .as_str()
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read_to_string(d.join("p.txt")).unwrap(), puzzles);
        assert_eq!(std::fs::read_to_string(d.join("p.cnf")).unwrap(), puzzles);
        assert_eq!(std::fs::read(d.join("g.hcp")).unwrap(), graph);
        assert!(
            std::fs::symlink_metadata(d.join("link.hcp"))
                .unwrap()
                .is_symlink()
        );
    }
}

/// Issue 45, group 4: a puzzle file with no line end (`/dev/zero`) ends in an error: the reader
/// skips at most 64 MiB of an over-long line in search of its end, then stops reading the file.
/// (Before, `info /dev/zero` never ended; a regression makes this test hang, not pass.)
#[test]
fn info_of_dev_zero_ends() {
    let (code, stderr, _) = run(&["info", "/dev/zero"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "gridreduce: /dev/zero:1: line is longer than 1048576 bytes, with no line end within 64 \
         MiB: the rest of the file is not read\n"
    );
}

/// Issue 45, groups 3 and 4: values beyond ±1e300 are not numbers to `plot` (±1e308 made the axis
/// spans infinite, and the tick search never ended), and `--bins` is bounded (4294967295 bins
/// aborted on allocation, 2^64 − 1 panicked on capacity overflow).
#[test]
fn plot_of_huge_values_and_bins_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("big.csv");
    std::fs::write(&csv, "N,v\n4,1e308\n9,-1e308\n16,3\n25,1e300\n").unwrap();
    let csv = csv.to_str().unwrap();
    for kind in ["scatter", "line", "histogram", "box"] {
        let out = dir.path().join(kind);
        let (code, stderr, _) = run(&[
            "plot",
            csv,
            "--kind",
            kind,
            "--x",
            "N",
            "--y",
            "v",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{kind}: {stderr}");
        assert!(out.with_extension("png").is_file() && out.with_extension("svg").is_file());
    }
    for bins in ["4294967295", "18446744073709551615", "0"] {
        let (code, stderr, _) = run(&[
            "plot",
            csv,
            "--kind",
            "histogram",
            "--y",
            "v",
            "--bins",
            bins,
            "-o",
            "/tmp/never",
        ]);
        assert_eq!(code, Some(2), "--bins {bins}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "error: invalid value '{bins}' for '--bins <BINS>'"
            )),
            "--bins {bins}: {stderr}"
        );
    }
}

/// Issue 45, group 7: `merge` copies only the regular files of the items a shard's stats.csv lists,
/// never through a symlink: `00001.extra -> SECRET` (as `-> /etc/hostname`) or a stray `00999.cnf` in a shard folder
/// add nothing to the merged result.
#[test]
fn merge_copies_no_symlink_and_no_stray_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shard = |k: &str| {
        let out = d.join(format!("s{}", &k[..1]));
        let (code, stderr, _) = run(&[
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/norvig_top95.txt",
            "--limit",
            "4",
            "--shard",
            k,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{stderr}");
        out
    };
    let (a, b) = (shard("1/2"), shard("2/2"));
    let first = std::fs::read_dir(&a)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|n| n.ends_with(".map"))
        .unwrap();
    let item = first.split('.').next().unwrap().to_string();
    // A host file outside every shard (in the test's own folder, so it surely exists).
    std::fs::write(d.join("secret"), "host data\n").unwrap();
    std::os::unix::fs::symlink(d.join("secret"), a.join(format!("{item}.extra"))).unwrap();
    std::fs::write(b.join("00999.cnf"), "p cnf 1 1\n1 0\n").unwrap();
    let merged = d.join("merged");
    let (code, stderr, _) = run(&[
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "-o",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let names: Vec<String> = std::fs::read_dir(&merged)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.contains(&first), "{names:?}");
    assert!(
        !names
            .iter()
            .any(|n| n.ends_with(".extra") || n == "00999.cnf"),
        "{names:?}"
    );
}

/// Issue 45, groups 5 and 7: `plot` refuses a base name that is not a regular file (`-o /dev/full`
/// created `/dev/full.png` and `/dev/full.svg` as root), and its PNG is written like every output
/// (through `write_atomic`: the same mode as the SVG, where the PNG got 600 and the SVG 644).
#[test]
fn plot_writes_like_every_output() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("t.csv");
    std::fs::write(&csv, "N,v\n4,1\n9,2\n16,3\n").unwrap();
    let csv = csv.to_str().unwrap();
    let (code, stderr, _) = run(&["plot", csv, "--x", "N", "--y", "v", "-o", "/dev/full"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "gridreduce: -o /dev/full is not a regular file; -o takes a base name OUT and writes \
         OUT.png and OUT.svg (e.g. -o out/puzzle)\n"
    );
    assert!(!Path::new("/dev/full.png").exists() && !Path::new("/dev/full.svg").exists());
    let stem = dir.path().join("p");
    let (code, stderr, _) = run(&[
        "plot",
        csv,
        "--x",
        "N",
        "--y",
        "v",
        "-o",
        stem.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let mode = |ext: &str| {
        std::fs::metadata(stem.with_extension(ext))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode("png"), mode("svg"));
    assert!(
        std::fs::read(stem.with_extension("png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".gridreduce-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Issue 45, group 2: a cell holds one byte, so N = 256 is refused when the puzzle is read (a blank
/// 256×256 was read, then `info` called it "too-few-values", `reduce --to mzn` wrote an
/// unsatisfiable model with exit 0 and `--to xcc` panicked); N = 255 is read. Suguru regions
/// above 255 cells likewise (`puzzle::MAX_VALUE`).
#[test]
fn cell_values_above_255_are_refused_when_read() {
    let dir = tempfile::tempdir().unwrap();
    let line = |n: usize| {
        let mut t = vec!["0"; n * n].join(" ");
        t.push('\n');
        t
    };
    let big = dir.path().join("blank256.txt");
    std::fs::write(&big, line(256)).unwrap();
    let big = big.to_str().unwrap();
    for args in [
        vec!["info", big],
        vec!["reduce", big, "--to", "mzn", "-o", "/tmp/never"],
        vec!["reduce", big, "--to", "xcc", "-o", "/tmp/never"],
    ] {
        let (code, stderr, _) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!(
                "gridreduce: {big}:1: N = 256 is above 255, the largest N (a cell holds one byte)"
            )),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let (code, stderr, _) = run(&["stats", "--blank", "256", "--csv", "/tmp/never.csv"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "gridreduce: --blank 256: a grid size is between 1 and 255 (a cell holds one byte)\n"
    );
    // N = 255 (blocks 15×17) is read: `info` measures it.
    let edge = dir.path().join("blank255.txt");
    std::fs::write(&edge, line(255)).unwrap();
    let (code, stderr, _) = run(&["info", edge.to_str().unwrap(), "--boxes", "15x17"]);
    assert_eq!(code, Some(0), "{stderr}");
}

/// Issue 45, group 3: a graph file's declared vertex count is checked against the memory limit
/// before anything is allocated for it (a 40-byte `.hcp` declaring 16,777,216 vertices made
/// `hcp solve` peak at 1.2 GB; `.col`, Concorde and arc files alike), and the default limit keeps
/// below the process's address-space limit (`ulimit -v`), where an allocation would abort.
#[test]
fn declared_sizes_meet_the_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let n = 16_777_216u64;
    let files = [
        (
            "huge.hcp",
            format!(
                "NAME : x\nTYPE : HCP\nDIMENSION : {n}\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n2 3\n-1\nEOF\n"
            ),
            "huge.hcp:3: DIMENSION",
        ),
        (
            "huge.col",
            format!("p edge {n} 2\ne 1 2\ne 2 3\n"),
            "huge.col:1: the vertex count",
        ),
        (
            "huge.edg",
            format!("{n} 2\n0 1\n1 2\n"),
            "huge.edg:1:1: the vertex count",
        ),
        ("huge.arcs", format!("{n} 2\n1 2\n2 3\n"), "huge.arcs:1"),
    ];
    for (name, text, head) in &files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args(["--memory-limit", "1G", "hcp", "solve"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(head)
                && stderr.contains(
                    " 16777216: the graph and its solver would need about 1.2 GiB of memory, \
                     above the limit of 1.0 GiB (--memory-limit)"
                ),
            "{name}: {stderr}"
        );
    }
    // Under `ulimit -v` 2,000,000 KiB the default limit is half of it, so a blank 100×100 CNF
    // (about 3.3 GiB) is refused in one line instead of aborting.
    let blank = dir.path().join("b100.txt");
    std::fs::write(&blank, format!("{}\n", vec!["0"; 10_000].join(" "))).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridreduce"));
    cmd.args(["reduce"])
        .arg(&blank)
        .args(["--to", "cnf", "-o"])
        .arg(dir.path().join("b100"));
    with_rlimit(&mut cmd, libc::RLIMIT_AS, 2_000_000 * 1024);
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "the cnf instance of this 100x100 sudoku would need about 3.3 GiB of memory, above the \
             limit of 977 MiB (50% of the address-space limit (ulimit -v); --memory-limit sets it)"
        ),
        "{stderr}"
    );
}

/// Issue 45, group 5: SIGHUP (a closed terminal, a dropped ssh session) and SIGQUIT end a command
/// like SIGINT and SIGTERM do: temp files and `run`'s lock removed, exit 128 + the signal.
#[test]
fn sighup_and_sigquit_leave_no_temp_file_and_no_lock() {
    for (signal, code, name) in [
        (libc::SIGHUP, 129, "sighup"),
        (libc::SIGQUIT, 131, "sigquit"),
    ] {
        let (got, left) = interrupted_write(
            &[
                "run",
                "tests/bad/issue19/cnf.yaml",
                "tests/bad/issue19/sudoku4.txt",
                "-o",
                "{dir}/run",
            ],
            signal,
            name,
        );
        assert_eq!((got, left), (Some(code), Vec::<String>::new()), "{name}");
    }
}

/// Issue 45, group 5: SIGINT or SIGTERM to `run` while an external solver runs kills the solver
/// (in a process group of its own, it does not get the terminal's Ctrl-C) and removes its scratch
/// folder. The fake solver writes its pid where the test waits for it, then sleeps.
#[test]
fn a_signal_to_run_kills_the_solver_and_removes_its_scratch() {
    use std::os::unix::fs::PermissionsExt;
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let pid_file = d.join("solver.pid");
        let script = d.join("slow.sh");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\necho $$ > {}.tmp\nmv {0}.tmp {0}\nexec sleep 600\n",
                pid_file.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let pipeline = d.join("slow.yaml");
        std::fs::write(
            &pipeline,
            format!(
                "source: sudoku\ndescription: test\nto: cnf\nsolver: {{command: \"{} {{input}}\", answer: stdout}}\n",
                script.display()
            ),
        )
        .unwrap();
        let out = d.join("out");
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args([
                "run",
                pipeline.to_str().unwrap(),
                "tests/bad/issue19/sudoku4.txt",
                "-o",
            ])
            .arg(&out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // The solver is running once its pid file exists (written whole by `mv`).
        while !pid_file.exists() {
            assert!(
                child.try_wait().unwrap().is_none(),
                "run ended before the solver started"
            );
            std::thread::yield_now();
        }
        let solver: i32 = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let handle = common::ProcessHandle::open(solver).expect("the solver runs");
        // SAFETY: sending a signal to our own child process.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        assert_eq!(child.wait().unwrap().code(), Some(code));
        assert!(
            handle.ended_within(60_000),
            "solver {solver} still runs after gridreduce ended"
        );
        let left: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".gridreduce"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}

/// Issue 45, group 5: an `explore` site appears whole or not at all: with a file-size limit that
/// its data file exceeds (as a full disk would refuse it), the command fails in one line and leaves
/// no folder, no staging folder and, over an existing site, the old files as they were.
#[test]
fn an_explore_site_is_written_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let explore = |out: &Path, limit: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridreduce"));
        cmd.args([
            "explore",
            "data/sudoku/sudoku4_vu_kr_100.txt",
            "--index",
            "1",
            "-o",
        ])
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
        if limit {
            with_rlimit(&mut cmd, libc::RLIMIT_FSIZE, 40 * 1024);
        }
        cmd.output().unwrap()
    };
    let fresh = dir.path().join("fresh");
    let out = explore(&fresh, true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(!fresh.exists());
    // Over an existing site: every file as it was.
    let site = dir.path().join("site");
    assert_eq!(explore(&site, false).status.code(), Some(0));
    std::fs::write(site.join("data.js"), "old").unwrap();
    let before: Vec<_> = walk(&site)
        .into_iter()
        .map(|p| (p.clone(), std::fs::read(p).unwrap()))
        .collect();
    assert_eq!(explore(&site, true).status.code(), Some(2));
    let after: Vec<_> = walk(&site)
        .into_iter()
        .map(|p| (p.clone(), std::fs::read(p).unwrap()))
        .collect();
    assert!(before == after, "the old site changed");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["site"], "a staging folder was left");
}

/// `merge` refuses a partial result: with the shards of a `--shard K/N` split (each folder records
/// its `K/N`), a missing shard or one that has not finished (no stats.csv: killed, pre-empted,
/// out of wall time) is named by its number and nothing is written; rerunning only that shard
/// completes the set. A folder that holds another shard is refused by `run`.
#[test]
fn merge_names_a_missing_or_unfinished_shard() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shard = |k: usize| {
        let out = d.join(format!("s{k}"));
        let (code, stderr, _) = run(&[
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/norvig_top95.txt",
            "--limit",
            "6",
            "--shard",
            &format!("{k}/3"),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(0), "{stderr}");
        out.to_str().unwrap().to_string()
    };
    let (a, b, c) = (shard(1), shard(2), shard(3));
    let merged = d.join("m");
    let m = merged.to_str().unwrap();
    let (code, stderr, _) = run(&["merge", &a, &c, "-o", m]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "gridreduce: shard(s) 2 of 3 missing: no folder given holds them (run those shards, then \
         merge again); no merged result written\n"
    );
    std::fs::remove_file(Path::new(&b).join("stats.csv")).unwrap();
    let (code, stderr, _) = run(&["merge", &a, &b, &c, "-o", m]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!(
            "gridreduce: shard 2 of 3 ({b}) has not finished: no stats.csv (rerun that shard, then \
             merge again)\n"
        )
    );
    assert!(!merged.exists());
    shard(2);
    let (code, stderr, _) = run(&["merge", &a, &b, &c, "-o", m]);
    assert_eq!(code, Some(0), "{stderr}");
    // Merging into the run of another collection (same pipeline, other puzzles) is refused
    // before anything is written, as `run` refuses it.
    let other = d.join("other");
    let (code, stderr, _) = run(&[
        "run",
        "reductions/sudoku-cnf-extended.yaml",
        "data/sudoku/norvig_easy50.txt",
        "--limit",
        "8",
        "-o",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let before: Vec<Vec<u8>> = ["00001.map", "00007.map", "stats.csv"]
        .iter()
        .map(|f| std::fs::read(other.join(f)).unwrap())
        .collect();
    let (code, stderr, _) = run(&["merge", &a, &b, &c, "-o", other.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("holds 00001.map, which records another item than")
            && stderr.ends_with("the outputs of another run; merge into a new or empty folder\n"),
        "{stderr}"
    );
    let after: Vec<Vec<u8>> = ["00001.map", "00007.map", "stats.csv"]
        .iter()
        .map(|f| std::fs::read(other.join(f)).unwrap())
        .collect();
    assert_eq!(before, after, "the foreign folder was changed");
    let (code, stderr, _) = run(&[
        "run",
        "reductions/sudoku-cnf-extended.yaml",
        "data/sudoku/norvig_top95.txt",
        "--shard",
        "1/2",
        "-o",
        &a,
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        format!("gridreduce: {a} holds shard 1/3 of a --shard run; use another folder\n")
    );
}
