//! The CLI on shipped data: verify confirms every shipped solution and rejects corrupted copies with
//! the right reason; info names the pre-checks; show and --json work.

use std::path::Path;

mod common;
use common::{assert_exit, gridreduce, solution_line};

const SUDOKU_SETS: &[&str] = &[
    "sudoku4_vu_kr_100",
    "norvig_easy50",
    "norvig_top95",
    "gecode_9x9_18",
    "forum_hardest_1106",
    "sudoku16_vu_kr_100",
    "sudoku16_gecode_janko_55",
    "sudoku25_gecode_frisch_16",
];

#[test]
fn verify_confirms_every_shipped_solution() {
    let mut files: Vec<String> = SUDOKU_SETS
        .iter()
        .map(|s| format!("data/sudoku/{s}.txt"))
        .collect();
    files.push("data/suguru/backtrack-180.txt".into());
    for file in files {
        let out = gridreduce(&["verify", &file]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_exit(&out, 0, &file);
        assert!(!stdout.contains("INVALID"));
        let lines = stdout.lines().filter(|l| l.ends_with(": valid")).count();
        assert!(lines >= 16, "{file}: only {lines} valid lines");
    }
}

/// Swaps the first two cells of the first solution: columns 1 and 2 then repeat a value.
#[test]
fn verify_rejects_a_corrupted_copy_of_each_sudoku_set_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    for set in SUDOKU_SETS {
        let sol_path = format!("data/sudoku/solutions/{set}.solutions.txt");
        let text =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&sol_path)).unwrap();
        let first = text.lines().next().unwrap();
        let numeric = first.contains(' ');
        let mut cells: Vec<String> = if numeric {
            first.split(' ').map(String::from).collect()
        } else {
            first.chars().map(String::from).collect()
        };
        let n = (cells.len() as f64).sqrt() as usize;
        let value = |s: &str| -> usize {
            s.parse()
                .unwrap_or_else(|_| s.chars().next().unwrap() as usize - 'A' as usize + 10)
        };
        let (a, b) = (value(&cells[0]), value(&cells[1]));
        // Where b already stands in column 1: the repeat the verifier must name.
        let row_of_b = (1..n).find(|&r| value(&cells[r * n]) == b).unwrap();
        cells.swap(0, 1);
        let corrupted = if numeric {
            cells.join(" ")
        } else {
            cells.concat()
        };
        let path = dir.path().join(format!("{set}.txt"));
        std::fs::write(&path, format!("{corrupted}\n")).unwrap();
        let out = gridreduce(&[
            "verify",
            &format!("data/sudoku/{set}.txt"),
            "--index",
            "1",
            "--solution",
            path.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{set}: {stdout}");
        let expected = format!("column 1 holds {b} 2 times: r1c1, r{}c1", row_of_b + 1);
        assert!(
            stdout.contains(&expected),
            "{set}: expected '{expected}' in:\n{stdout}"
        );
        assert!(
            stdout.contains(&format!("column 2 holds {a} 2 times")),
            "{set}: {stdout}"
        );
    }
}

#[test]
fn verify_rejects_a_corrupted_suguru_solution_with_the_reason() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/suguru/backtrack-180.txt"),
    )
    .unwrap();
    // Puzzle 1's solution starts "4 2 1 5 1 2"; make r1c2 a 4 as well (touching the 4 at r1c1).
    let corrupted = text.replacen("solution\n4 2 1 5 1 2\n", "solution\n4 4 1 5 1 2\n", 1);
    assert_ne!(corrupted, text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, corrupted).unwrap();
    let out = gridreduce(&["verify", path.to_str().unwrap(), "--index", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("touching cells r1c1, r1c2 both hold 4"),
        "{stdout}"
    );
    assert!(stdout.contains("region 1 holds 4 2 times"), "{stdout}");
    // --json names the rule.
    let out = gridreduce(&["verify", path.to_str().unwrap(), "--index", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["valid"], false);
    assert!(
        v["violations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["rule"] == "adjacent")
    );
}

#[test]
fn info_names_theorem_one_on_a_crafted_unsolvable_suguru() {
    // Regions 1 and 2 (one cell each) both lie inside the top-left 2x2 window.
    let puzzle = "size 3 3\nregions\n1 2 3\n3 3 3\n4 4 4\ngivens\n0 0 0\n0 0 0\n0 0 0\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t1.txt");
    std::fs::write(&path, puzzle).unwrap();
    let out = gridreduce(&["info", path.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "unsolvable (theorem-1): regions 1 and 2 both lie inside the 2x2 window at r1c1"
        ),
        "{stdout}"
    );
}

#[test]
fn info_summarises_large_files_and_show_draws_regions() {
    let out = gridreduce(&["info", "data/sudoku/royle17.txt"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.contains("sudoku 9: 49151 puzzles, clues 17..17"),
        "{stdout}"
    );
    let out = gridreduce(&[
        "show",
        "data/suguru/backtrack-180.txt",
        "--index",
        "1",
        "--solved",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("| 4   2 | 1 | 5   1   2 |"), "{stdout}");
}

#[test]
fn solve_and_count_agree_with_the_shipped_solutions() {
    let out = gridreduce(&["solve", "data/sudoku/sudoku4_vu_kr_100.txt", "--index", "7"]);
    let want = solution_line("data/sudoku/solutions/sudoku4_vu_kr_100.solutions.txt", 7);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), want);
    let out = gridreduce(&[
        "count",
        "data/sudoku/nonunique/serg_benchmark.txt",
        "--index",
        "1",
        "--limit",
        "2",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "serg_benchmark#1: 2+"
    );
}

/// The README's main command: every step succeeds, the routes agree, and the files it names exist.
#[test]
fn demo_runs_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let out = gridreduce(&["demo", "-o", dir.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_exit(&out, 0, &stdout);
    assert_eq!(
        stdout
            .matches("routes agree (SAT, ILP, search; unique): true")
            .count(),
        2,
        "{stdout}"
    );
    for f in [
        "sudoku-easy50-1.hcp",
        "sudoku-easy50-1.map",
        "sudoku-easy50-1.tour",
        "suguru-janko-1.hcp",
        "top95-stats.csv",
        "top95-edges-vs-clues.png",
        "top95-edges-vs-clues.svg",
    ] {
        assert!(dir.path().join(f).exists(), "{f} missing");
    }
    assert!(stdout.contains(
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    ));
    // The inputs are the binary's own copies, written under the output folder (so an installed
    // binary runs the demo anywhere), byte for byte the shipped files.
    for rel in [
        "sudoku/norvig_easy50.txt",
        "suguru/backtrack-180.txt",
        "sudoku/norvig_top95.txt",
    ] {
        let shipped = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(rel));
        let written = std::fs::read(dir.path().join("input").join(rel));
        assert_eq!(written.unwrap(), shipped.unwrap(), "{rel}");
    }
}

/// `targets` lists every route of the registry with each of its parameters and every value of its
/// choices, as text and as one JSON object per route.
#[test]
fn targets_lists_every_route_with_its_parameters() {
    let out = gridreduce(&["targets"]);
    assert_exit(&out, 0, "targets");
    let text = String::from_utf8_lossy(&out.stdout);
    let json = gridreduce(&["targets", "--json"]);
    assert_exit(&json, 0, "targets --json");
    let objects: Vec<serde_json::Value> = String::from_utf8_lossy(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let routes = gridreduce::route::registry();
    assert_eq!(objects.len(), routes.len());
    for (route, object) in routes.iter().zip(&objects) {
        assert!(
            text.contains(&format!("{}: {}", route.name(), route.about())),
            "{}",
            route.name()
        );
        assert_eq!(object["name"], route.name());
        let params = object["params"].as_array().unwrap();
        assert_eq!(params.len(), route.params().len(), "{}", route.name());
        for (p, j) in route.params().iter().zip(params) {
            assert!(text.contains(&format!("--{}", p.key)), "--{}", p.key);
            assert_eq!(j["key"], p.key);
            if let gridreduce::route::Kind::Choice(choices) = p.kind {
                let names: Vec<&str> = j["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["name"].as_str().unwrap())
                    .collect();
                assert_eq!(names, gridreduce::route::params::names(choices));
            }
        }
    }
}

/// `decode --json` and `solvers --json` print JSON: the decoded witness of a shipped puzzle is
/// valid and its solution is the grid plain `decode` prints; every solver profile is one object
/// that says whether it is found.
#[test]
fn decode_and_solvers_print_json() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("j19");
    let base = base.to_str().unwrap();
    let reduce = gridreduce(&[
        "reduce",
        "data/suguru/backtrack-180.txt",
        "--index",
        "19",
        "--to",
        "hcp",
        "--witness",
        "-o",
        base,
    ]);
    assert_exit(&reduce, 0, "reduce --witness");
    let decode = gridreduce(&[
        "decode",
        &format!("{base}.map"),
        &format!("{base}.tour"),
        "--json",
    ]);
    assert_exit(&decode, 0, "decode --json");
    let v: serde_json::Value = serde_json::from_slice(&decode.stdout).unwrap();
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["violations"], 0, "{v}");
    let plain = gridreduce(&["decode", &format!("{base}.map"), &format!("{base}.tour")]);
    assert_eq!(
        format!("{}\n", v["solution"].as_str().unwrap()),
        String::from_utf8_lossy(&plain.stdout)
    );

    let solvers = gridreduce(&["solvers", "--json"]);
    assert_exit(&solvers, 0, "solvers --json");
    let text = String::from_utf8_lossy(&solvers.stdout);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let listed = gridreduce(&["solvers"]);
    // The plain listing has a header line and one line per profile.
    assert_eq!(
        lines.len() + 1,
        String::from_utf8_lossy(&listed.stdout).lines().count()
    );
    for l in &lines {
        assert!(l["found"].is_boolean(), "{l}");
        assert_eq!(l["path"].is_string(), l["found"] == true, "{l}");
    }
}

/// `reduce`, `run` and `merge` write to `-o/--output` like every other command; the old `--out`
/// still works and says once, on stderr, how it is written now.
#[test]
fn the_old_out_spelling_still_works_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, stem) in [("--output", "new"), ("--out", "old")] {
        let base = dir.path().join(stem);
        let out = gridreduce(&[
            "reduce",
            "data/sudoku/sudoku4_vu_kr_100.txt",
            "--index",
            "1",
            "--to",
            "cnf",
            flag,
            base.to_str().unwrap(),
        ]);
        assert_exit(&out, 0, flag);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr.contains("--out is now written --output"),
            flag == "--out",
            "{flag}: {stderr}"
        );
        assert!(base.with_extension("cnf").exists(), "{flag}");
    }
    assert_eq!(
        std::fs::read(dir.path().join("new.cnf")).unwrap(),
        std::fs::read(dir.path().join("old.cnf")).unwrap()
    );
}

/// `reduce --json` prints one object per puzzle naming the files it wrote (which exist), with the
/// sizes the `.map` file records.
#[test]
fn reduce_prints_json_with_the_map_files_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("r");
    let out = gridreduce(&[
        "reduce",
        "data/sudoku/sudoku4_vu_kr_100.txt",
        "--index",
        "1-2",
        "--to",
        "cnf",
        "-o",
        base.to_str().unwrap(),
        "--json",
    ]);
    assert_exit(&out, 0, "reduce --json");
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for l in &lines {
        assert_eq!(l["kind"], "cnf", "{l}");
        let file = Path::new(l["file"].as_str().unwrap());
        assert!(file.exists(), "{l}");
        let map: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(l["map"].as_str().unwrap()).unwrap())
                .unwrap();
        let text = std::fs::read_to_string(file).unwrap();
        let header = text.lines().find(|t| t.starts_with("p cnf")).unwrap();
        let numbers: Vec<u64> = header[6..]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(l["sizes"]["variables"], numbers[0], "{l}");
        assert_eq!(l["sizes"]["clauses"], numbers[1], "{l}");
        assert_eq!(map["target"]["fingerprint"], l["fingerprint"], "{map}");
    }
}

/// `run --json` ends with one JSON object whose counts are the run's, and a rerun into the same
/// folder counts the finished puzzles as skipped.
#[test]
fn run_prints_its_summary_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let run = || {
        gridreduce(&[
            "run",
            "reductions/sudoku-cnf-extended.yaml",
            "data/sudoku/royle17.txt",
            "--limit",
            "3",
            "-o",
            out.to_str().unwrap(),
            "--json",
        ])
    };
    let first = run();
    assert_exit(&first, 0, "run --json");
    let v: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(
        (&v["puzzles"], &v["ok"], &v["bad"]),
        (&3.into(), &3.into(), &0.into()),
        "{v}"
    );
    assert_eq!(v["exit_code"], 0, "{v}");
    assert!(Path::new(v["stats"].as_str().unwrap()).exists(), "{v}");
    let again: serde_json::Value = serde_json::from_slice(&run().stdout).unwrap();
    assert_eq!(
        (&again["ok"], &again["skipped"]),
        (&0.into(), &3.into()),
        "{again}"
    );
}
