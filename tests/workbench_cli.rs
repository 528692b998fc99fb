//! The workbench commands around the reductions: `stats --blank` (the growth table), several CNF
//! encodings in one `stats` run, `solve --times` (per-puzzle timings), the fixed plot kinds of
//! `plot --preset`, and the CLI reference in docs/cli.md.

use std::collections::HashMap;
use std::path::Path;

mod common;
use common::{gridreduce, ok};

/// A CSV file as one map of column → value per row.
fn read_csv(path: &Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{l}");
            header
                .iter()
                .cloned()
                .zip(cells.iter().map(|c| c.to_string()))
                .collect()
        })
        .collect()
}

fn num(row: &HashMap<String, String>, k: &str) -> u64 {
    row.get(k)
        .unwrap_or_else(|| panic!("no column {k}"))
        .parse()
        .unwrap()
}

/// `stats --blank` builds the blank grids itself: Haythorpe's formulas hold at each N, and the
/// per-encoding columns equal what a one-encoding run over a file of blank lines reports.
#[test]
fn stats_blank_grids_every_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("growth.csv");
    ok(&gridreduce(&[
        "stats",
        "--blank",
        "4,9,16",
        "--encoding",
        "minimal,extended,compact",
        "--csv",
        csv.to_str().unwrap(),
    ]));
    let rows = read_csv(&csv);
    assert_eq!(rows.len(), 3);
    for (row, n) in rows.iter().zip([4u64, 9, 16]) {
        assert_eq!(row["name"], format!("blank-{n}"));
        assert_eq!(num(row, "N"), n);
        assert_eq!(num(row, "clues"), 0);
        assert_eq!(
            num(row, "directed_vertices"),
            6 * n.pow(3) + 5 * n * n + 2 * n + 2
        );
        assert_eq!(
            num(row, "undirected_edges"),
            31 * n.pow(3) + 12 * n * n + 6 * n + 6
        );
        // One Boolean per (cell, value) in every encoding; the ILP has one row per cell and per
        // (group, value) of the three Sudoku layers.
        for enc in ["minimal", "extended", "compact"] {
            assert_eq!(num(row, &format!("cnf_{enc}_vars")), n.pow(3));
        }
        assert_eq!(num(row, "ilp_rows"), 4 * n * n);
        assert!(!row.contains_key("cnf_clauses"));
    }
    // The same grids through a puzzle file and one encoding at a time.
    let blank = dir.path().join("blank.txt");
    let lines: Vec<String> = [4usize, 9, 16]
        .iter()
        .map(|&n| vec!["0"; n * n].join(" "))
        .collect();
    std::fs::write(&blank, lines.join("\n") + "\n").unwrap();
    for enc in ["minimal", "extended", "compact"] {
        let one = dir.path().join(format!("{enc}.csv"));
        ok(&gridreduce(&[
            "stats",
            blank.to_str().unwrap(),
            "--encoding",
            enc,
            "--only",
            "cnf",
            "--csv",
            one.to_str().unwrap(),
        ]));
        for (a, b) in read_csv(&one).iter().zip(&rows) {
            for what in ["vars", "clauses", "literals"] {
                assert_eq!(
                    a[&format!("cnf_{what}")],
                    b[&format!("cnf_{enc}_{what}")],
                    "{enc} {what}"
                );
            }
        }
    }
}

#[test]
fn stats_needs_exactly_one_source() {
    let none = gridreduce(&["stats", "--csv", "/nonexistent/x.csv"]);
    assert_eq!(none.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&none.stderr).trim(),
        "gridreduce: give a puzzle file, or --blank N,N,... for blank grids"
    );
    let both = gridreduce(&[
        "stats",
        "data/sudoku/norvig_top95.txt",
        "--blank",
        "4",
        "--csv",
        "/nonexistent/x.csv",
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&both.stderr).trim(),
        "gridreduce: give either a puzzle file or --blank, not both"
    );
}

/// `solve --times`: one row per puzzle with the route, the size and a positive time; the solutions
/// printed are still the solutions.
#[test]
fn solve_times_one_row_per_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("times.csv");
    let out = gridreduce(&[
        "solve",
        "data/sudoku/sudoku4_vu_kr_100.txt",
        "--via",
        "sat",
        "--runs",
        "3",
        "--times",
        csv.to_str().unwrap(),
    ]);
    ok(&out);
    let rows = read_csv(&csv);
    assert_eq!(rows.len(), 100);
    let solutions =
        std::fs::read_to_string("data/sudoku/solutions/sudoku4_vu_kr_100.solutions.txt").unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), solutions);
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(row["name"], format!("sudoku4_vu_kr_100#{}", k + 1));
        assert_eq!(row["kind"], "sudoku");
        assert_eq!(row["N"], "4");
        assert_eq!(row["route"], "sat");
        assert_eq!(row["runs"], "3");
        assert_eq!(row["solved"], "true");
        let s: f64 = row["seconds"].parse().unwrap();
        assert!(s > 0.0 && s < 60.0, "{s}");
    }
    // Suguru sizes are RxC labels.
    let csv2 = dir.path().join("suguru.csv");
    ok(&gridreduce(&[
        "solve",
        "data/suguru/backtrack-180.txt",
        "--index",
        "150",
        "--via",
        "backtrack",
        "--times",
        csv2.to_str().unwrap(),
    ]));
    let rows = read_csv(&csv2);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["N"], "10x10");
    assert_eq!(rows[0]["route"], "backtrack");
}

/// Every preset draws from the CSVs the commands write, with the legends a reader needs; a preset
/// that finds none of its columns says which columns there are.
#[test]
fn plot_presets_draw_from_command_output() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for set in ["norvig_top95", "norvig_easy50"] {
        ok(&gridreduce(&[
            "stats",
            &format!("data/sudoku/{set}.txt"),
            "--only",
            "hcp",
            "--csv",
            &p(&format!("{set}.csv")),
        ]));
    }
    ok(&gridreduce(&[
        "stats",
        "--blank",
        "4,9",
        "--encoding",
        "minimal,compact",
        "--csv",
        &p("growth.csv"),
    ]));
    for route in ["sat", "search"] {
        ok(&gridreduce(&[
            "solve",
            "data/sudoku/sudoku4_vu_kr_100.txt",
            "--via",
            route,
            "--times",
            &p(&format!("t-{route}.csv")),
        ]));
    }
    let cases: [(&str, Vec<String>, Vec<&str>); 4] = [
        (
            "reduced-vs-clues",
            vec![p("norvig_top95.csv"), p("norvig_easy50.csv")],
            vec![
                "norvig_top95 (95 puzzles)",
                "norvig_easy50 (50 puzzles)",
                "Haythorpe 2016, a 17-clue puzzle",
                "vertices of the contracted graph",
            ],
        ),
        (
            "growth",
            vec![p("growth.csv")],
            vec![
                "CNF minimal: clauses",
                "CNF compact: clauses",
                "directed graph: arcs",
                "ILP: rows (constraints)",
                "\u{221d} N^",
            ],
        ),
        (
            "size-histogram",
            vec![p("norvig_top95.csv"), p("norvig_easy50.csv")],
            vec!["share of the collection", "norvig_easy50 (50 puzzles)"],
        ),
        (
            "solve-times",
            vec![p("t-sat.csv"), p("t-search.csv")],
            vec![
                "4 (n=100)",
                "CNF (CaDiCaL)",
                "bitset search + propagation",
                "time per puzzle (ms, log scale)",
            ],
        ),
    ];
    for (preset, csvs, texts) in cases {
        let stem = p(preset);
        let mut args = vec!["plot", "--preset", preset, "-o", &stem];
        args.extend(csvs.iter().map(String::as_str));
        ok(&gridreduce(&args));
        assert!(std::fs::metadata(format!("{stem}.png")).unwrap().len() > 10_000);
        let svg = std::fs::read_to_string(format!("{stem}.svg")).unwrap();
        for t in texts {
            assert!(svg.contains(t), "{preset}: no '{t}' in the SVG");
        }
    }
    let wrong = gridreduce(&["plot", &p("t-sat.csv"), "--preset", "growth", "-o", &p("x")]);
    assert_eq!(wrong.status.code(), Some(2));
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert!(
        err.contains("the preset finds none of its columns") && err.contains("name, kind, N"),
        "{err}"
    );
}

/// docs/cli.md is exactly what the binary generates, and names every command of `--help`.
#[test]
fn cli_reference_is_current() {
    let out = gridreduce(&["help-markdown"]);
    ok(&out);
    let generated = String::from_utf8(out.stdout).unwrap();
    let committed =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md")).unwrap();
    assert!(
        generated == committed,
        "docs/cli.md is stale: regenerate it with `cargo run -q -- help-markdown > docs/cli.md`"
    );
    // Independently of the generator: every command listed by `gridreduce --help` has a section.
    let help = String::from_utf8(gridreduce(&["--help"]).stdout).unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        // Command lines are indented by two spaces; wrapped descriptions by more.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 12, "{commands:?}");
    for c in commands {
        assert!(
            committed.contains(&format!("\n## gridreduce {c}\n")),
            "docs/cli.md has no section for `{c}`"
        );
    }
}

/// `--index K-L` selects puzzles K to L of a file, as a batch in file order with their own names;
/// `--index K` is the range K-K.
#[test]
fn index_ranges_select_consecutive_puzzles() {
    let out = gridreduce(&["count", "data/sudoku/norvig_top95.txt", "--index", "93-95"]);
    ok(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = stdout
        .lines()
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(
        names,
        ["norvig_top95#93", "norvig_top95#94", "norvig_top95#95"]
    );
    let one = gridreduce(&["count", "data/sudoku/norvig_top95.txt", "--index", "94-94"]);
    let same = gridreduce(&["count", "data/sudoku/norvig_top95.txt", "--index", "94"]);
    ok(&one);
    assert_eq!(one.stdout, same.stdout);
    for bad in ["0-3", "3-2", "2-x"] {
        let out = gridreduce(&["count", "data/sudoku/norvig_top95.txt", "--index", bad]);
        assert_eq!(out.status.code(), Some(2), "--index {bad}");
    }
}

/// `-` reads the puzzles from standard input, in any form a file takes (here a 9×9 grid, one row
/// per line), named `stdin#K`.
#[test]
fn puzzles_can_come_on_standard_input() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(["count", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    ok(&out);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "stdin#1: 1\n");
}
