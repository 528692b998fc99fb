//! The Hamiltonian-cycle route through files: `reduce --to hcp --witness` writes a graph and a tour
//! that `decode` turns back into the known solution, at every stage and in every tour format the
//! readers take; a tour of another instance or a broken tour is refused with exit code 2.

use std::path::Path;

mod common;
use common::{assert_exit, gridreduce, reduce_to_hcp, solution_line, text};

#[test]
fn witness_tours_decode_to_the_known_solution_at_every_stage() {
    let dir = tempfile::tempdir().unwrap();
    let want = solution_line("data/sudoku/solutions/sudoku4_vu_kr_100.solutions.txt", 5);
    for stage in ["directed", "undirected", "trimmed", "contracted", "reduced"] {
        let out = dir.path().join(stage);
        let out = out.to_str().unwrap();
        reduce_to_hcp(
            "data/sudoku/sudoku4_vu_kr_100.txt",
            5,
            &["--stage", stage, "--witness"],
            out,
        );
        let d = gridreduce(&["decode", &format!("{out}.map"), &format!("{out}.tour")]);
        assert_exit(&d, 0, stage);
        assert_eq!(text(&d.stdout).trim(), want, "{stage}");
    }
}

#[test]
fn concorde_export_and_a_permutation_tour_decode() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    let out = out.to_str().unwrap();
    reduce_to_hcp(
        "data/suguru/backtrack-180.txt",
        2,
        &["--format", "concorde", "--witness"],
        out,
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
    assert_exit(&d, 0, "the .sol permutation");
    // A 0-based permutation, one vertex a line, in file OUT.EXT, decoded against OUT.map.
    let decode_perm = |perm: &[u64], ext: &str| {
        let path = format!("{out}.{ext}");
        let lines: Vec<String> = perm.iter().map(|v| v.to_string()).collect();
        std::fs::write(&path, lines.join("\n")).unwrap();
        let map = format!("{out}.map");
        gridreduce(&["decode", &map, &path, "--format", "perm", "--base", "0"])
    };
    // Reversed, the same cycle still decodes (undirected).
    let mut rev = ids.clone();
    rev.reverse();
    assert_exit(&decode_perm(&rev, "rev"), 0, "the reversed permutation");
    // Two vertices swapped: no longer a cycle of the graph.
    let mut bad = ids.clone();
    bad.swap(3, 40);
    let d = decode_perm(&bad, "bad");
    assert_eq!(d.status.code(), Some(2));
    let err = text(&d.stderr);
    assert!(err.contains("which is not an edge of the graph"), "{err}");
}

#[test]
fn a_tour_of_another_instance_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    for (out, index) in [(&a, 1), (&b, 2)] {
        reduce_to_hcp(
            "data/sudoku/sudoku4_vu_kr_100.txt",
            index,
            &["--stage", "undirected", "--witness"],
            out.to_str().unwrap(),
        );
    }
    // Same size graphs: the tour of b is checked against a's graph and fails on an edge or decodes
    // to b's grid, which is not a's solution; either way exit 2 or 1, never a silent success.
    let d = gridreduce(&[
        "decode",
        &format!("{}.map", a.display()),
        &format!("{}.tour", b.display()),
    ]);
    assert_ne!(d.status.code(), Some(0), "{}", text(&d.stdout));
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
    assert!(text(&d.stderr).contains("but the map records 0000000000000000"));
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
    assert_exit(&out, 0, "stats --only hcp");
    let table = std::fs::read_to_string(&csv).unwrap();
    let mut lines = table.lines();
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
