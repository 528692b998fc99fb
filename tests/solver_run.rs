//! `run` with external solvers (issue 16): real Debian solvers solve, decode and verify every
//! item; fake solvers (tiny shell scripts) give each status and the run goes on; `--shard K/N` run
//! concurrently and merged equals the unsharded run.

mod common;

use common::{assert_exit, gridreduce, shipped, text};
use gridreduce::route::{Params, find, first_solution};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Writes an executable shell script: the fake solvers these tests run.
fn write_script(path: &Path, text: impl AsRef<[u8]>) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// stats.csv as rows of column → value.
fn stats(dir: &Path) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(dir.join("stats.csv")).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

fn write_pipeline(dir: &Path, source: &str, to: &str, solver: &str) -> String {
    let path = dir.join(format!("{source}-{to}.yaml"));
    std::fs::write(
        &path,
        format!("source: {source}\ndescription: test\nto: {to}\nsolver: {solver}\n"),
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

/// A Sudoku → CNF pipeline in `dir` whose solver is `script INPUT`, answering on stdout.
fn script_pipeline(dir: &Path, script: &Path) -> String {
    write_pipeline(
        dir,
        "sudoku",
        "cnf",
        &format!(
            "{{command: \"{} {{input}}\", answer: stdout}}",
            script.display()
        ),
    )
}

/// `run PIPELINE` on the first 17-clue puzzle with `--time-limit SECS` into `out`.
fn run_first(pipeline: &str, secs: &str, out: &Path) -> std::process::Output {
    gridreduce(&[
        "run",
        pipeline,
        "data/sudoku/royle17.txt",
        "--limit",
        "1",
        "--time-limit",
        secs,
        "-o",
        &out.to_string_lossy(),
    ])
}

/// Where each profile is tested: (profile, source, pipeline keys after `to:`, puzzles). Small
/// puzzles for the Python tools, which pay their start-up (and xcover its JIT) per item; the
/// reduced HCP stage for LKH, which stalls on the unreduced graphs of 6×6 Suguru
/// (docs/external-solvers.md).
const PROFILE_CASES: &[(&str, &str, &str, &str)] = &[
    ("minisat", "sudoku", "to: cnf", "data/sudoku/royle17.txt"),
    ("cadical", "sudoku", "to: cnf", "data/sudoku/royle17.txt"),
    ("kissat", "sudoku", "to: cnf", "data/sudoku/royle17.txt"),
    ("glpsol", "sudoku", "to: lp", "data/sudoku/royle17.txt"),
    ("cbc", "sudoku", "to: lp", "data/sudoku/royle17.txt"),
    ("highs", "sudoku", "to: lp", "data/sudoku/royle17.txt"),
    (
        "highspy",
        "sudoku",
        "to: lp",
        "data/sudoku/sudoku4_vu_kr_100.txt",
    ),
    (
        "minisat+",
        "suguru",
        "to: opb",
        "data/suguru/backtrack-180.txt",
    ),
    (
        "clasp",
        "suguru",
        "to: opb",
        "data/suguru/backtrack-180.txt",
    ),
    ("minizinc", "sudoku", "to: mzn", "data/sudoku/royle17.txt"),
    (
        "concorde",
        "suguru",
        "to: hcp\nstage: reduced\nformat: concorde",
        "data/suguru/backtrack-180.txt",
    ),
    (
        "lkh",
        "suguru",
        "to: hcp\nstage: reduced\nformat: tsplib",
        "data/suguru/backtrack-180.txt",
    ),
    (
        "elkai",
        "suguru",
        "to: hcp\nstage: reduced\nformat: tsplib",
        "data/suguru/backtrack-180.txt",
    ),
    (
        "xcover",
        "sudoku",
        "to: xcc",
        "data/sudoku/sudoku4_vu_kr_100.txt",
    ),
    (
        "anneal",
        "sudoku",
        "to: qubo",
        "data/sudoku/sudoku4_vu_kr_100.txt",
    ),
];

#[test]
fn every_profile_has_a_test_case() {
    for p in gridreduce::external::profiles() {
        assert!(
            PROFILE_CASES.iter().any(|c| c.0 == p.name),
            "profile {} is not tested by every_installed_profile_…",
            p.name
        );
    }
}

#[test]
fn every_installed_profile_solves_decodes_and_verifies_every_item() {
    let tmp = tempfile::tempdir().unwrap();
    let mut ran = 0;
    for &(solver, source, keys, puzzles) in PROFILE_CASES {
        let profile = gridreduce::external::profile(solver).unwrap();
        if let Err(why) = gridreduce::external::Solver::of(profile).locate() {
            eprintln!(
                "SKIPPED: the {solver} profile: {why} (docs/solvers.md says how to install it)"
            );
            continue;
        }
        let pipeline = tmp.path().join(format!("{solver}.yaml"));
        std::fs::write(
            &pipeline,
            format!("source: {source}\ndescription: test\n{keys}\nsolver: {solver}\n"),
        )
        .unwrap();
        let out = tmp.path().join(solver);
        let o = out.to_string_lossy();
        let p = pipeline.to_string_lossy();
        let run = gridreduce(&["run", &p, puzzles, "--limit", "3", "-o", &o]);
        assert_exit(&run, 0, solver);
        let rows = stats(&out);
        assert_eq!(rows.len(), 3, "{solver}");
        for row in &rows {
            assert_eq!(row["solver"], solver, "{row:?}");
            assert_eq!(row["solver_status"], "solved", "{solver}: {row:?}");
            assert!(row["solver_seconds"].parse::<f64>().is_ok(), "{row:?}");
            // The kept answer decodes again outside the run.
            let stem = format!("{:05}", row["index"].parse::<usize>().unwrap());
            let decode = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
                .args(["decode", &format!("{stem}.map"), &format!("{stem}.answer")])
                .current_dir(&out)
                .output()
                .unwrap();
            assert_exit(&decode, 0, &format!("{solver}: decode {stem}"));
        }
        eprintln!("the {solver} profile solved and verified 3 items");
        ran += 1;
    }
    eprintln!("{ran} of {} solver profile(s) ran", PROFILE_CASES.len());
}

/// A fake Python: `python -c 'import …'` succeeds; `python SCRIPT INPUT OUTPUT` acts as SCRIPT
/// would fail (lkh-elkai.py writes the tour 1..n, no cycle on these graphs; xcc-solve.py finds no
/// cover).
fn write_fake_python(path: &Path) {
    write_script(
        path,
        "#!/bin/sh
[ \"$1\" = -c ] && exit 0
case \"$(basename \"$1\")\" in
\
         lkh-elkai.py) n=$(sed -n 's/^DIMENSION *: *//p' \"$2\"); seq 1 \"$n\" > \"$3\" ;;
\
         xcc-solve.py) echo 'no cover' >&2; exit 1 ;;
esac
",
    );
}

/// Without `GRIDREDUCE_PYTHON`, the Python of the user's active venv (`VIRTUAL_ENV`) runs the
/// PyPI profiles, ahead of the checkout's venv and of `python3` on PATH: here a fake one whose
/// xcover finds no cover, where any real xcover covers a unique Sudoku.
#[test]
fn the_active_venv_python_runs_the_pypi_profiles() {
    let tmp = tempfile::tempdir().unwrap();
    let venv = tmp.path().join("venv");
    std::fs::create_dir_all(venv.join("bin")).unwrap();
    write_fake_python(&venv.join("bin/python"));
    let pipeline = tmp.path().join("xcover.yaml");
    std::fs::write(
        &pipeline,
        "source: sudoku\ndescription: test\nto: xcc\nsolver: xcover\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args([
            "run",
            &pipeline.to_string_lossy(),
            "data/sudoku/royle17.txt",
        ])
        .args(["--limit", "1", "-o", &out.to_string_lossy()])
        .env_remove("GRIDREDUCE_PYTHON")
        .env("VIRTUAL_ENV", &venv)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_exit(&o, 0, "xcover through the active venv");
    let rows = stats(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0]["solver_status"], "no-solution-claimed",
        "{:?}",
        rows[0]
    );
}

/// The PyPI profiles run with a fake Python (`GRIDREDUCE_PYTHON`): the `elkai` heuristic writing a
/// tour that is not a Hamiltonian cycle is `not-found` (not a wrong answer: LKH claims nothing),
/// and `xcover`'s exit code 1 ("no cover") is a claim of no solution.
#[test]
fn a_heuristic_without_a_cycle_is_not_found_and_xcovers_exit_1_claims_no_solution() {
    let tmp = tempfile::tempdir().unwrap();
    let python = tmp.path().join("python");
    write_fake_python(&python);
    let run = |solver: &str, source: &str, keys: &str, puzzles: &str| {
        let pipeline = tmp.path().join(format!("{solver}.yaml"));
        std::fs::write(
            &pipeline,
            format!("source: {source}\ndescription: test\n{keys}\nsolver: {solver}\n"),
        )
        .unwrap();
        let out = tmp.path().join(solver);
        let o = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args(["run", &pipeline.to_string_lossy(), puzzles, "--limit", "2"])
            .args(["-o", &out.to_string_lossy()])
            .env("GRIDREDUCE_PYTHON", &python)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        (o, stats(&out))
    };
    let (o, rows) = run(
        "elkai",
        "suguru",
        "to: hcp\nstage: contracted\nformat: tsplib",
        "data/suguru/backtrack-180.txt",
    );
    assert_exit(&o, 0, "elkai");
    for row in &rows {
        assert_eq!(row["solver_status"], "not-found", "{row:?}");
        assert!(
            row["message"].contains("heuristic ended without a solution"),
            "{row:?}"
        );
    }
    let (o, rows) = run("xcover", "sudoku", "to: xcc", "data/sudoku/royle17.txt");
    assert_exit(&o, 0, "xcover");
    for row in &rows {
        assert_eq!(row["solver_status"], "no-solution-claimed", "{row:?}");
        assert!(row["message"].contains("exit code 1"), "{row:?}");
    }
}

/// A solver killed at `--time-limit` makes the run's exit code 3, as an in-process timeout does
/// (`run --help`, docs/solvers.md), and its summary says so; the item is retried by a rerun.
#[test]
fn a_solver_timeout_gives_exit_code_3() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("slow.sh");
    write_script(&script, "#!/bin/sh\nexec sleep 60\n");
    let pipeline = script_pipeline(tmp.path(), &script);
    let out = tmp.path().join("out");
    let run = run_first(&pipeline, "0.5", &out);
    assert_exit(&run, 3, "slow solver run");
    let summary = text(&run.stdout);
    assert!(
        summary.contains("exit code 3: the solver timed out on 1 puzzle(s) (rerun to retry them)"),
        "{summary}"
    );
    assert_eq!(stats(&out)[0]["solver_status"], "timeout");
    // The rerun retries the item (and times out again).
    assert_exit(&run_first(&pipeline, "0.5", &out), 3, "rerun");
}

/// A solver helper that leaves the process group (`setsid`) is still killed at `--time-limit`:
/// every process of a solver run carries a tag in its environment, and the deadline kills them
/// all (issue 45, group 7: the group kill alone missed it).
#[test]
fn a_helper_that_calls_setsid_is_killed_at_the_time_limit() {
    let tmp = tempfile::tempdir().unwrap();
    let pid_file = tmp.path().join("helper.pid");
    let script = tmp.path().join("escaping.sh");
    write_script(
        &script,
        format!(
            "#!/bin/sh\nsetsid sleep 600 &\necho $! > {p}.tmp\nmv {p}.tmp {p}\nexec sleep 600\n",
            p = pid_file.display()
        ),
    );
    let pipeline = script_pipeline(tmp.path(), &script);
    let out = tmp.path().join("out");
    let run = run_first(&pipeline, "1", &out);
    assert_exit(&run, 3, "escaping solver run");
    let helper: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Gone already, or ending: SIGKILL takes effect asynchronously.
    if let Some(handle) = common::ProcessHandle::open(helper) {
        assert!(
            handle.ended_within(60_000),
            "the setsid helper {helper} still runs"
        );
    }
}

/// Issue 45, group 7: an answer planted as a symlink at `{output}` is not followed (the host file
/// would have become `00001.answer`), and of a flood of output at most 64 MiB is kept; both are
/// `bad-output`.
#[test]
fn answers_are_collected_without_symlinks_and_capped() {
    let tmp = tempfile::tempdir().unwrap();
    let secret = tmp.path().join("secret");
    std::fs::write(&secret, "host data\n").unwrap();
    let linking = tmp.path().join("linking.sh");
    write_script(
        &linking,
        format!("#!/bin/sh\nln -s {} \"$2\"\n", secret.display()),
    );
    let flooding = tmp.path().join("flooding.sh");
    write_script(
        &flooding,
        "#!/bin/sh\nhead -c 70000000 /dev/zero | tr '\\0' 'x'\n",
    );
    for (script, answer, want) in [
        (
            &linking,
            "file",
            "the answer is not a regular file (a symlink?); not read",
        ),
        (
            &flooding,
            "stdout",
            "the answer is larger than 64 MiB; 00001.answer keeps its first 64 MiB",
        ),
    ] {
        let command = if answer == "file" {
            format!("{} {{input}} {{output}}", script.display())
        } else {
            format!("{} {{input}}", script.display())
        };
        let dir = tmp.path().join(answer);
        std::fs::create_dir(&dir).unwrap();
        let pipeline = write_pipeline(
            &dir,
            "sudoku",
            "cnf",
            &format!("{{command: \"{command}\", answer: {answer}}}"),
        );
        let out = dir.join("out");
        let run = gridreduce(&[
            "run",
            &pipeline,
            "data/sudoku/royle17.txt",
            "--limit",
            "1",
            "-o",
            &out.to_string_lossy(),
        ]);
        assert_exit(&run, 0, answer);
        let rows = stats(&out);
        assert_eq!(rows[0]["solver_status"], "bad-output", "{rows:?}");
        assert!(
            rows[0]["message"].ends_with(&format!(": bad-output: {want}")),
            "{rows:?}"
        );
        let kept = out.join("00001.answer");
        if answer == "file" {
            assert!(!kept.exists(), "the host file was copied");
        } else {
            assert_eq!(std::fs::metadata(&kept).unwrap().len(), 64 << 20);
        }
    }
}

/// A fake solver that acts on the item its input file names: 00001 sleeps past the limit,
/// 00002 crashes (exit 139), 00003 prints garbage, 00004 says UNSATISFIABLE, 00005 prints item
/// 4's model (a model of another puzzle: not a model of this formula), 00006 prints its own model.
#[test]
fn fake_solvers_give_every_status_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let answers = tmp.path().join("answers");
    std::fs::create_dir(&answers).unwrap();
    let puzzles = shipped("sudoku/royle17.txt");
    let cnf = find("cnf").unwrap();
    let model = |k: usize| {
        let p = &puzzles[k - 1].1;
        let built = cnf.build(p, &Params::new()).unwrap();
        built
            .witness_answer(&first_solution(p).unwrap().unwrap())
            .unwrap()
    };
    std::fs::write(answers.join("00005"), model(4)).unwrap();
    std::fs::write(answers.join("00006"), model(6)).unwrap();
    let script = tmp.path().join("fake.sh");
    write_script(
        &script,
        format!(
            "#!/bin/sh\ncase \"$(basename \"$1\" .cnf)\" in\n\
             00001) exec sleep 60 ;;\n\
             00002) exit 139 ;;\n\
             00003) echo 'this is not a model' ;;\n\
             00004) echo 's UNSATISFIABLE'; exit 20 ;;\n\
             *) cat '{}'/\"$(basename \"$1\" .cnf)\" ;;\nesac\n",
            answers.display()
        ),
    );
    let pipeline = script_pipeline(tmp.path(), &script);
    let out = tmp.path().join("out");
    let o = out.to_string_lossy();
    let run = gridreduce(&[
        "run",
        &pipeline,
        "data/sudoku/royle17.txt",
        "--limit",
        "6",
        "--time-limit",
        "1",
        "-o",
        &o,
    ]);
    // A wrong answer makes the run's exit code 1, after every item was done.
    assert_exit(&run, 1, "fake solver run");
    let err = text(&run.stderr);
    assert!(err.contains("*** WRONG ANSWER ***"), "{err}");
    let rows = stats(&out);
    let got: Vec<&str> = rows.iter().map(|r| r["solver_status"].as_str()).collect();
    assert_eq!(
        got,
        [
            "timeout",
            "crashed",
            "bad-output",
            "no-solution-claimed",
            "wrong-answer",
            "solved"
        ],
        "{rows:?}"
    );
    assert!(rows.iter().all(|r| r["status"] == "ok"), "{rows:?}");
    assert!(rows[1]["message"].contains("exit code 139"), "{rows:?}");
    // No scratch folder is left behind.
    let leftovers: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".gridreduce-solver-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Every file of a run folder, with stats.csv and the `.verdict` records' timing columns blanked.
fn contents(dir: &Path) -> BTreeMap<String, String> {
    let timing = ["seconds", "solver_seconds", "solver_peak_kb"];
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let body = std::fs::read_to_string(e.path()).unwrap();
        let body = if name == "stats.csv" {
            let mut lines = body.lines();
            let header: Vec<&str> = lines.next().unwrap().split(',').collect();
            let mut kept = vec![header.join(",")];
            for line in lines {
                let cells: Vec<&str> = line.split(',').collect();
                kept.push(
                    cells
                        .iter()
                        .zip(&header)
                        .map(|(c, h)| if timing.contains(h) { "" } else { c })
                        .collect::<Vec<_>>()
                        .join(","),
                );
            }
            kept.join("\n")
        } else if name.ends_with(".verdict") {
            // solver,status,seconds,peak_kb,message
            let cells: Vec<&str> = body.splitn(5, ',').collect();
            format!("{},{},,,{}", cells[0], cells[1], cells[4])
        } else {
            body
        };
        out.insert(name, body);
    }
    out
}

#[test]
fn three_concurrent_shards_merge_to_the_unsharded_run() {
    let tmp = tempfile::tempdir().unwrap();
    // A deterministic fake solver: the model of items 2 and 5, "no solution" for the others.
    let answers = tmp.path().join("answers");
    std::fs::create_dir(&answers).unwrap();
    let puzzles = shipped("sudoku/royle17.txt");
    let cnf = find("cnf").unwrap();
    for k in [2usize, 5] {
        let p = &puzzles[k - 1].1;
        let built = cnf.build(p, &Params::new()).unwrap();
        let answer = built
            .witness_answer(&first_solution(p).unwrap().unwrap())
            .unwrap();
        std::fs::write(answers.join(format!("{k:05}")), answer).unwrap();
    }
    let script = tmp.path().join("fake.sh");
    write_script(
        &script,
        format!(
            "#!/bin/sh\nf='{}'/\"$(basename \"$1\" .cnf)\"\nif [ -f \"$f\" ]; then cat \"$f\"; else echo 's UNSATISFIABLE'; fi\n",
            answers.display()
        ),
    );
    let pipeline = write_pipeline(
        tmp.path(),
        "sudoku",
        "cnf",
        &format!("{{command: \"{} {{input}}\"}}", script.display()),
    );
    let run = |out: &Path, shard: Option<&str>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gridreduce"));
        c.args([
            "run",
            &pipeline,
            "data/sudoku/royle17.txt",
            "--limit",
            "8",
            "-o",
        ])
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
        if let Some(s) = shard {
            c.args(["--shard", s]);
        }
        c
    };
    let whole = tmp.path().join("whole");
    let o = run(&whole, None).output().unwrap();
    assert_exit(&o, 0, "unsharded run");
    let shards: Vec<_> = (1..=3)
        .map(|k| tmp.path().join(format!("shard{k}")))
        .collect();
    // All three started before any is waited for: they run concurrently.
    let children: Vec<_> = shards
        .iter()
        .enumerate()
        .map(|(i, dir)| {
            run(dir, Some(&format!("{}/3", i + 1)))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert_exit(&o, 0, "shard run");
    }
    // Shard 2 of 3 holds items 2, 5, 8.
    let indices: Vec<String> = stats(&shards[1])
        .iter()
        .map(|r| r["index"].clone())
        .collect();
    assert_eq!(indices, ["2", "5", "8"]);
    let merged = tmp.path().join("merged");
    let mut args: Vec<String> = vec!["merge".into()];
    args.extend(shards.iter().map(|d| d.to_string_lossy().into_owned()));
    args.extend(["-o".into(), merged.to_string_lossy().into_owned()]);
    let m = gridreduce(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_exit(&m, 0, "merge");
    let (want, got) = (contents(&whole), contents(&merged));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>()
    );
    for (name, body) in &want {
        assert_eq!(body, &got[name], "{name} differs");
    }
    assert!(
        want["stats.csv"].contains(",solved,"),
        "{}",
        want["stats.csv"]
    );
}

/// A solver that says "no solution" for puzzles whose solutions the collection gives is wrong.
#[test]
fn a_no_solution_claim_against_a_known_solution_is_a_wrong_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("unsat.sh");
    write_script(&script, "#!/bin/sh\necho 's UNSATISFIABLE'\nexit 20\n");
    let pipeline = write_pipeline(
        tmp.path(),
        "sudoku",
        "cnf",
        &format!("{{command: \"{} {{input}}\"}}", script.display()),
    );
    let out = tmp.path().join("out");
    let o = out.to_string_lossy();
    let args = ["run", &pipeline, "data/sudoku/sudoku4_vu_kr_100.txt"];
    let run = gridreduce(&[&args[..], &["--limit", "2", "-o", &o]].concat());
    assert_exit(&run, 1, "unsat claims against known solutions");
    let rows = stats(&out);
    assert!(
        rows.iter().all(|r| r["solver_status"] == "wrong-answer"
            && r["message"].contains("the collection gives one")),
        "{rows:?}"
    );
}

#[test]
fn bad_shards_and_unknown_solvers_are_refused_with_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let o = tmp.path().join("x");
    let o = o.to_string_lossy();
    for shard in ["0/3", "4/3", "2", "a/b"] {
        let r = gridreduce(&[
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/royle17.txt",
            "--shard",
            shard,
            "-o",
            &o,
        ]);
        assert_exit(&r, 2, shard);
        assert!(text(&r.stderr).contains("--shard"), "{}", text(&r.stderr));
    }
    let r = gridreduce(&[
        "run",
        "reductions/sudoku-cnf-extended.yaml",
        "data/sudoku/royle17.txt",
        "--solver",
        "clasp",
        "-o",
        &o,
    ]);
    assert_exit(&r, 2, "clasp on cnf");
    assert!(
        text(&r.stderr).contains("solver `clasp` reads opb exports"),
        "{}",
        text(&r.stderr)
    );
    let pipeline = write_pipeline(tmp.path(), "sudoku", "cnf", "{command: \"x\", answr: file}");
    let r = gridreduce(&["run", &pipeline, "data/sudoku/royle17.txt", "-o", &o]);
    assert_exit(&r, 2, "bad solver mapping");
    let e = text(&r.stderr);
    assert!(
        e.contains(":4:") && e.contains("unknown key `answr`"),
        "{e}"
    );
}
