//! The SAT/ILP commands through the binary: `reduce` writes what the library builds, `decode`
//! turns answers in each solver format (made here from the known solution's witness) back into the
//! known grid, `stats` writes one row per puzzle and skips bad ones, `solve`/`count --via sat|ilp`.

use assert_cmd::Command;
use gridreduce::formats::collection::{ReadOptions, read_collection, solution_text};
use gridreduce::ilp::PuzzleToIlp;
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::Reduction;
use gridreduce::reduce::harness::data_dir;
use gridreduce::sat::{CnfOptions, Encoding, PuzzleToCnf};

fn bin() -> Command {
    let mut c = Command::cargo_bin("gridreduce").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// A shipped puzzle, its solution and the solution as `decode` prints it (the file's format).
fn case(rel: &str, index: usize) -> (Puzzle, Grid, String) {
    let c = read_collection(&data_dir().join(rel), &ReadOptions::default()).unwrap();
    let format = c.format;
    let e = c.entries.into_iter().nth(index - 1).unwrap().unwrap();
    let solution = e.solution.unwrap();
    let text = solution_text(&e.puzzle, &solution, format);
    (e.puzzle, solution, text)
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Literals of an assignment, as a solver prints them.
fn literals(assignment: &[bool]) -> Vec<String> {
    assignment
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if b {
                format!("{}", i + 1)
            } else {
                format!("-{}", i + 1)
            }
        })
        .collect()
}

#[test]
fn cnf_export_decodes_answers_in_every_model_format() {
    let dir = tempfile::tempdir().unwrap();
    for (rel, index, encoding, simplify) in [
        ("sudoku/norvig_top95.txt", 3, "minimal", false),
        ("sudoku/sudoku16_vu_kr_100.txt", 2, "extended", true),
        ("suguru/backtrack-180.txt", 19, "paper", false),
        ("suguru/backtrack-180.txt", 20, "compact", true),
    ] {
        let (puzzle, solution, printed) = case(rel, index);
        let out = dir.path().join(format!("x-{encoding}"));
        let mut cmd = bin();
        cmd.args(["reduce", data_dir().join(rel).to_str().unwrap()])
            .args([
                "--index",
                &index.to_string(),
                "--to",
                "cnf",
                "--encoding",
                encoding,
            ])
            .args(["-o", out.to_str().unwrap()]);
        if simplify {
            cmd.arg("--simplify");
        }
        let (code, stdout, stderr) = run(&mut cmd);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("clauses"), "{stdout}");
        assert_eq!(stdout.contains("simplified from"), simplify);
        // The file holds the formula the library builds.
        let reduction = PuzzleToCnf::new(
            &puzzle,
            CnfOptions {
                encoding: Encoding::from_name(encoding).unwrap(),
                simplify,
            },
        )
        .unwrap();
        let cnf = reduction.target();
        let text = std::fs::read_to_string(out.with_extension("cnf")).unwrap();
        assert!(text.contains(&format!("\np cnf {} {}\n", cnf.vars(), cnf.num_clauses())));
        assert!(text.contains(&format!("c fingerprint: {}\n", cnf.fingerprint())));
        assert!(text.contains("c x 1 = r1c"));
        let body: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with(['c', 'p']))
            .collect();
        assert_eq!(body.len(), cnf.num_clauses());
        // Answers in the three formats decode to the known solution.
        let lits = literals(&reduction.witness(&solution).unwrap());
        let split: Vec<String> = lits
            .chunks(7)
            .map(|c| format!("v {}", c.join(" ")))
            .collect();
        for (name, answer) in [
            (
                "comp",
                format!("c x\ns SATISFIABLE\n{}\nv 0\n", split.join("\n")),
            ),
            ("minisat", format!("SAT\n{} 0\n", lits.join(" "))),
            ("plain", format!("{}\n", lits.join(" "))),
        ] {
            let path = dir.path().join(format!("{encoding}.{name}"));
            std::fs::write(&path, answer).unwrap();
            let (code, stdout, stderr) = run(bin().args([
                "decode",
                out.with_extension("map").to_str().unwrap(),
                path.to_str().unwrap(),
            ]));
            assert_eq!(code, 0, "{encoding} {name}: {stderr}");
            assert_eq!(stdout.trim_end(), printed, "{encoding} {name}");
        }
    }
}

#[test]
fn lp_export_decodes_each_solution_format() {
    let dir = tempfile::tempdir().unwrap();
    let rel = "suguru/backtrack-180.txt";
    let (puzzle, solution, printed) = case(rel, 7);
    let out = dir.path().join("s7");
    let (code, _, stderr) = run(bin()
        .args([
            "reduce",
            data_dir().join(rel).to_str().unwrap(),
            "--index",
            "7",
        ])
        .args(["--to", "lp", "-o", out.to_str().unwrap()]));
    assert_eq!(code, 0, "{stderr}");
    let text = std::fs::read_to_string(out.with_extension("lp")).unwrap();
    let reduction = PuzzleToIlp::new(&puzzle);
    for section in ["Minimize", "Subject To", "Bounds", "General", "End"] {
        assert!(text.lines().any(|l| l == section), "{section}");
    }
    assert!(text.contains(&format!(
        "\\ fingerprint: {}",
        reduction.target().fingerprint()
    )));
    let point = reduction.witness(&solution).unwrap();
    let named: Vec<(String, u8)> = point
        .iter()
        .enumerate()
        .map(|(i, &b)| (reduction.var_name(i as u32), b as u8))
        .collect();
    let gurobi: String =
        std::iter::once("# Solution for model\n# Objective value = 0\n".to_string())
            .chain(named.iter().map(|(n, v)| format!("{n} {v}\n")))
            .collect();
    let cbc: String = std::iter::once("Optimal - objective value 0.00000000\n".to_string())
        .chain(
            named
                .iter()
                .enumerate()
                .filter(|(_, (_, v))| *v == 1)
                .map(|(i, (n, v))| format!("{i:>7} {n:<24} {v:>12} {:>20}\n", 0)),
        )
        .collect();
    let highs = format!(
        "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n# Columns {}\n{}# Rows 0\n\n# Dual solution values\nNone\n",
        named.len(),
        named
            .iter()
            .map(|(n, v)| format!("{n} {v}\n"))
            .collect::<String>()
    );
    let glpk = format!(
        "c Problem:\ns mip {} {} o 0\n{}e o f\n",
        reduction.target().rows.len(),
        named.len(),
        named
            .iter()
            .enumerate()
            .map(|(i, (_, v))| format!("j {} {v}\n", i + 1))
            .collect::<String>()
    );
    for (name, answer) in [
        ("gurobi", gurobi),
        ("cbc", cbc),
        ("highs", highs),
        ("glpk", glpk),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, answer).unwrap();
        let (code, stdout, stderr) = run(bin().args([
            "decode",
            out.with_extension("map").to_str().unwrap(),
            path.to_str().unwrap(),
        ]));
        assert_eq!(code, 0, "{name}: {stderr}");
        assert_eq!(stdout.trim_end(), printed, "{name}");
    }
}

#[test]
fn several_puzzles_write_numbered_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("all.cnf");
    let (code, stdout, stderr) = run(bin()
        .args([
            "reduce",
            data_dir()
                .join("sudoku/gecode_9x9_18.txt")
                .to_str()
                .unwrap(),
        ])
        .args(["--to", "cnf", "-o", out.to_str().unwrap()]));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 18);
    for k in 1..=18 {
        assert!(dir.path().join(format!("all-{k}.cnf")).is_file());
        assert!(dir.path().join(format!("all-{k}.map")).is_file());
    }
    assert!(!dir.path().join("all.cnf").exists());
}

#[test]
fn stats_writes_one_row_per_puzzle_and_skips_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("mixed.txt");
    let good = std::fs::read_to_string(data_dir().join("sudoku/norvig_top95.txt")).unwrap();
    let lines: Vec<&str> = good.lines().take(3).collect();
    // Line 2 is not a puzzle (too short); it is reported and skipped.
    std::fs::write(
        &puzzles,
        format!("{}\n1234\n{}\n{}\n", lines[0], lines[1], lines[2]),
    )
    .unwrap();
    let csv_path = dir.path().join("out.csv");
    let (code, stdout, stderr) = run(bin()
        .args([
            "stats",
            puzzles.to_str().unwrap(),
            "--csv",
            csv_path.to_str().unwrap(),
        ])
        .args(["--encoding", "minimal", "--only", "cnf,ilp"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("mixed.txt:2:"), "{stderr}");
    assert!(stdout.contains("3 puzzles, 1 skipped"), "{stdout}");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "name,N,clues,cnf_vars,cnf_clauses,cnf_literals,ilp_vars,ilp_rows,ilp_nonzeros"
    );
    assert_eq!(rows.len(), 4);
    // norvig_top95#1 has 17 clues: minimal = 8829 + 17 clauses; Bartlett: 729, 324, 2916.
    assert_eq!(rows[1], "mixed#1,9,17,729,8846,18242,729,324,2916");
    assert!(rows[2].starts_with("mixed#3,9,"));
}

#[test]
fn solve_and_count_go_through_sat_and_ilp() {
    let file = data_dir().join("sudoku/sudoku4_vu_kr_100.txt");
    let solutions = std::fs::read_to_string(
        data_dir().join("sudoku/solutions/sudoku4_vu_kr_100.solutions.txt"),
    )
    .unwrap();
    for via in ["sat", "ilp"] {
        let (code, stdout, stderr) = run(bin().args([
            "solve",
            file.to_str().unwrap(),
            "--index",
            "5",
            "--via",
            via,
        ]));
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stdout.trim(), solutions.lines().nth(4).unwrap());
        let (code, stdout, _) = run(bin().args([
            "count",
            file.to_str().unwrap(),
            "--index",
            "5",
            "--via",
            via,
            "--limit",
            "2",
        ]));
        assert_eq!(code, 0);
        assert_eq!(stdout.trim(), "sudoku4_vu_kr_100#5: 1");
    }
    let serg = data_dir().join("sudoku/nonunique/serg_benchmark.txt");
    let (code, stdout, _) = run(bin().args([
        "count",
        serg.to_str().unwrap(),
        "--index",
        "1",
        "--via",
        "sat",
    ]));
    assert_eq!(code, 0);
    assert_eq!(stdout.trim(), "serg_benchmark#1: 2+");
}

/// Every route of `solve` and `count` takes `--time-limit` and reports a limit that runs out the
/// same way: one line on stderr naming the puzzle, exit code 3. The puzzle is the Frisch 25×25
/// #16, which no route answers within a millisecond (it needs seconds of search on every one).
#[test]
fn every_route_reports_a_timeout_with_exit_code_3() {
    let file = data_dir().join("sudoku/sudoku25_gecode_frisch_16.txt");
    for command in ["solve", "count"] {
        for via in ["auto", "search", "human", "cover", "sat", "ilp", "hcp"] {
            let (code, stdout, stderr) = run(bin().args([
                command,
                file.to_str().unwrap(),
                "--index",
                "16",
                "--via",
                via,
                "--time-limit",
                "0.001",
            ]));
            assert_eq!(code, 3, "{command} --via {via}: {stderr}");
            assert_eq!(stdout, "", "{command} --via {via}");
            assert_eq!(
                stderr.trim(),
                "gridreduce: sudoku25_gecode_frisch_16#16: no answer within the time limit",
                "{command} --via {via}"
            );
        }
    }
}

/// `--encoding` and `--simplify` choose the formula of `--via sat` (and only of it); every
/// encoding answers the same grid on a unique puzzle.
#[test]
fn solve_via_sat_takes_an_encoding() {
    let (puzzle_file, index) = ("sudoku/norvig_top95.txt", 7);
    let (_, _, want) = case(puzzle_file, index);
    let file = data_dir().join(puzzle_file);
    for encoding in ["minimal", "efficient", "extended", "compact"] {
        for simplify in [false, true] {
            let mut args = vec![
                "solve",
                file.to_str().unwrap(),
                "--index",
                "7",
                "--via",
                "sat",
                "--encoding",
                encoding,
            ];
            if simplify {
                args.push("--simplify");
            }
            let (code, stdout, stderr) = run(bin().args(&args));
            assert_eq!(code, 0, "{encoding}: {stderr}");
            assert_eq!(stdout.trim(), want.trim(), "{encoding} simplify {simplify}");
        }
    }
    let (code, _, stderr) = run(bin().args([
        "solve",
        file.to_str().unwrap(),
        "--index",
        "7",
        "--via",
        "search",
        "--encoding",
        "minimal",
    ]));
    assert_eq!(code, 2);
    assert_eq!(
        stderr.trim(),
        "gridreduce: --encoding and --simplify apply to --via sat only"
    );
    let (code, _, stderr) = run(bin().args([
        "solve",
        file.to_str().unwrap(),
        "--index",
        "7",
        "--via",
        "sat",
        "--encoding",
        "paper",
    ]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("for Suguru only"), "{stderr}");
}

/// A batch is shared out to threads in runs cut from the input alone: the output of one job and
/// of two is the same byte for byte, in input order, whatever the route (the SAT fast path
/// included, on a file whose puzzles have several solutions each).
#[test]
fn batch_output_does_not_depend_on_the_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let serg =
        std::fs::read_to_string(data_dir().join("sudoku/nonunique/serg_benchmark.txt")).unwrap();
    let first: String = serg.lines().take(300).map(|l| format!("{l}\n")).collect();
    let several = dir.path().join("several.txt");
    std::fs::write(&several, first).unwrap();
    let top95 = data_dir().join("sudoku/norvig_top95.txt");
    for file in [several.to_str().unwrap(), top95.to_str().unwrap()] {
        for via in ["auto", "sat", "search"] {
            for command in ["solve", "count"] {
                let out = |jobs: &str| {
                    run(bin().args([command, file, "--via", via, "--json", "--jobs", jobs]))
                };
                let (code1, one, _) = out("1");
                let (code2, two, _) = out("2");
                assert_eq!((code1, code2), (0, 0), "{command} {via} {file}");
                assert_eq!(one, two, "{command} --via {via} {file}");
                assert_eq!(
                    one.lines().count(),
                    if file == top95.to_str().unwrap() {
                        95
                    } else {
                        300
                    }
                );
            }
        }
    }
}

/// `--json` and `--times` name the route that answered; `auto` names the one it picked.
#[test]
fn auto_names_the_route_it_picked() {
    let dir = tempfile::tempdir().unwrap();
    let times = dir.path().join("t.csv");
    let file = data_dir().join("sudoku/sudoku16_vu_kr_100.txt");
    let (code, stdout, stderr) = run(bin().args([
        "solve",
        file.to_str().unwrap(),
        "--index",
        "3",
        "--json",
        "--times",
        times.to_str().unwrap(),
    ]));
    assert_eq!(code, 0, "{stderr}");
    let line: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let route = line["route"].as_str().unwrap().to_string();
    assert_ne!(route, "auto");
    assert!(line["solved"].as_bool().unwrap());
    let csv = std::fs::read_to_string(&times).unwrap();
    let row = csv.lines().nth(1).unwrap();
    assert_eq!(row.split(',').nth(4), Some(route.as_str()), "{csv}");
}
