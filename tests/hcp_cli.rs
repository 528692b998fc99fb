//! The Hamiltonian-cycle route through files: `reduce --to hcp --witness` writes a graph and a tour
//! that `decode` turns back into the known solution, at every stage and in every tour format the
//! readers take; a tour of another instance or a broken tour is refused with exit code 2.

use std::path::Path;
use std::process::{Command, Output};

fn gridreduce(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn solution_line(file: &str, index: usize) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    text.lines().nth(index - 1).unwrap().to_string()
}

#[test]
fn witness_tours_decode_to_the_known_solution_at_every_stage() {
    let dir = tempfile::tempdir().unwrap();
    let want = solution_line("data/sudoku/solutions/sudoku4_vu_kr_100.solutions.txt", 5);
    for stage in ["directed", "undirected", "trimmed", "contracted", "reduced"] {
        let out = dir.path().join(stage);
        let out = out.to_str().unwrap();
        let r = gridreduce(&[
            "reduce",
            "data/sudoku/sudoku4_vu_kr_100.txt",
            "--index",
            "5",
            "--to",
            "hcp",
            "--stage",
            stage,
            "--witness",
            "-o",
            out,
        ]);
        assert_eq!(
            r.status.code(),
            Some(0),
            "{stage}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        let d = gridreduce(&["decode", &format!("{out}.map"), &format!("{out}.tour")]);
        assert_eq!(
            d.status.code(),
            Some(0),
            "{stage}: {}",
            String::from_utf8_lossy(&d.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&d.stdout).trim(), want, "{stage}");
    }
}

#[test]
fn concorde_export_and_a_permutation_tour_decode() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    let out = out.to_str().unwrap();
    let r = gridreduce(&[
        "reduce",
        "data/suguru/backtrack-180.txt",
        "--index",
        "2",
        "--to",
        "hcp",
        "--format",
        "concorde",
        "--witness",
        "-o",
        out,
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(Path::new(&format!("{out}.edg")).exists());
    // Rewrite the witness as a 0-based permutation, as Concorde's .sol would hold it.
    let tour = std::fs::read_to_string(format!("{out}.tour")).unwrap();
    let ids: Vec<u64> = tour
        .lines()
        .skip_while(|l| *l != "TOUR_SECTION")
        .skip(1)
        .take_while(|l| *l != "-1")
        .map(|l| l.trim().parse::<u64>().unwrap() - 1)
        .collect();
    let sol = format!(
        "{}\n{}\n",
        ids.len(),
        ids.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    std::fs::write(format!("{out}.sol"), sol).unwrap();
    let d = gridreduce(&["decode", &format!("{out}.map"), &format!("{out}.sol")]);
    assert_eq!(
        d.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&d.stderr)
    );
    // Reversed, the same cycle still decodes (undirected).
    let mut rev = ids.clone();
    rev.reverse();
    std::fs::write(
        format!("{out}.rev"),
        rev.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    )
    .unwrap();
    let d = gridreduce(&[
        "decode",
        &format!("{out}.map"),
        &format!("{out}.rev"),
        "--format",
        "perm",
        "--base",
        "0",
    ]);
    assert_eq!(
        d.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&d.stderr)
    );
    // Two vertices swapped: no longer a cycle of the graph.
    let mut bad = ids.clone();
    bad.swap(3, 40);
    std::fs::write(
        format!("{out}.bad"),
        bad.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    )
    .unwrap();
    let d = gridreduce(&[
        "decode",
        &format!("{out}.map"),
        &format!("{out}.bad"),
        "--format",
        "perm",
        "--base",
        "0",
    ]);
    assert_eq!(d.status.code(), Some(2));
    let err = String::from_utf8_lossy(&d.stderr);
    assert!(err.contains("which is not an edge of the graph"), "{err}");
}

#[test]
fn a_tour_of_another_instance_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    for (out, index) in [(&a, "1"), (&b, "2")] {
        let r = gridreduce(&[
            "reduce",
            "data/sudoku/sudoku4_vu_kr_100.txt",
            "--index",
            index,
            "--to",
            "hcp",
            "--stage",
            "undirected",
            "--witness",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(r.status.code(), Some(0));
    }
    // Same size graphs: the tour of b is checked against a's graph and fails on an edge or decodes
    // to b's grid, which is not a's solution; either way exit 2 or 1, never a silent success.
    let d = gridreduce(&[
        "decode",
        &format!("{}.map", a.display()),
        &format!("{}.tour", b.display()),
    ]);
    assert_ne!(
        d.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&d.stdout)
    );
    // An edited map (another fingerprint) is refused by name.
    let map = std::fs::read_to_string(format!("{}.map", a.display())).unwrap();
    let fp = map.split("\"fingerprint\": \"").nth(1).unwrap()[..16].to_string();
    std::fs::write(
        format!("{}.map", a.display()),
        map.replace(&fp, "0000000000000000"),
    )
    .unwrap();
    let d = gridreduce(&[
        "decode",
        &format!("{}.map", a.display()),
        &format!("{}.tour", a.display()),
    ]);
    assert_eq!(d.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&d.stderr).contains("but the map records 0000000000000000"));
}

/// `stats` on blank grids reproduces every size formula of Haythorpe's construction (issue 3).
#[test]
fn stats_on_blank_grids_reproduces_the_formulas() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("blank.txt");
    let lines: Vec<String> = [4u64, 9, 16, 25]
        .iter()
        .map(|&n| vec!["0"; (n * n) as usize].join(" "))
        .collect();
    std::fs::write(&puzzles, lines.join("\n") + "\n").unwrap();
    let csv = dir.path().join("blank.csv");
    let out = gridreduce(&[
        "stats",
        puzzles.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
        "--only",
        "hcp",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let mut rows = 0;
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let get = |k: &str| -> u64 {
            cells[header.iter().position(|h| *h == k).unwrap()]
                .parse()
                .unwrap()
        };
        let n = get("N");
        let want = [
            ("directed_vertices", 6 * n.pow(3) + 5 * n * n + 2 * n + 2),
            ("directed_edges", 19 * n.pow(3) + 2 * n * n + 2 * n + 2),
            (
                "undirected_vertices",
                18 * n.pow(3) + 15 * n * n + 6 * n + 6,
            ),
            ("undirected_edges", 31 * n.pow(3) + 12 * n * n + 6 * n + 6),
            ("trimmed_vertices", 16 * n.pow(3) + 15 * n * n + 6 * n + 6),
            ("trimmed_edges", 29 * n.pow(3) + 12 * n * n + 6 * n + 6),
            ("removed_arcs", 0),
        ];
        for (k, v) in want {
            assert_eq!(get(k), v, "N = {n}: {k}");
        }
        rows += 1;
    }
    assert_eq!(rows, 4);
}
