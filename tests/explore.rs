//! The explorer's model (`src/explore/`) and the `explore` command: sizes equal the `stats`
//! columns, each stage's cycle is a Hamiltonian cycle of that stage's graph and decodes to the
//! solution, every vertex sits inside the canvas (cell-gadget vertices inside their cell's box),
//! the layout is deterministic; size limits and errors of the command. The page itself is tested
//! in a real browser by `scripts/browser-test.sh` (`tests/browser/`).

mod common;

use common::{assert_exit, gridreduce, text};
use gridreduce::explore::{ExploreStage, Model, model, size_check};
use gridreduce::formats::collection::Entry;
use gridreduce::hcp::chain::{build, stats};
use gridreduce::puzzle::{Puzzle, Sudoku};
use gridreduce::reduce::harness::shipped_entries as entries;
use gridreduce::solvers::{Route, solutions};
use std::collections::HashSet;

/// The puzzles the explorer is for: the 4×4 example and others of its file, a blank 6×6 Sudoku
/// (2×3 boxes) with a solution the search finds, 6×6 Suguru.
fn cases() -> Vec<Entry> {
    let mut out: Vec<Entry> = entries("sudoku/sudoku4_vu_kr_100.txt")
        .into_iter()
        .take(5)
        .collect();
    let blank6 = Puzzle::from(Sudoku::blank(6));
    let solution = solutions(&blank6, Route::Search, 1).unwrap().pop();
    out.push(Entry {
        index: 1,
        line: 1,
        name: "blank 6x6".into(),
        puzzle: blank6,
        solution,
    });
    out.extend(
        entries("suguru/backtrack-180.txt")
            .into_iter()
            .filter(|e| e.puzzle.rows() == 6 && e.puzzle.cols() == 6)
            .take(3),
    );
    out
}

fn model_of(e: &Entry) -> Model {
    let solution = e.solution.as_ref().expect("shipped solution");
    model(&e.name, &e.puzzle, solution, &ExploreStage::ALL).unwrap()
}

#[test]
fn sizes_equal_the_stats_columns() {
    for e in cases() {
        let m = model_of(&e);
        let s = stats(&e.puzzle, false).unwrap();
        let expected = [
            ("directed", s.directed_vertices, s.directed_edges),
            (
                "undirected",
                s.undirected_vertices.unwrap(),
                s.undirected_edges.unwrap(),
            ),
            (
                "trimmed",
                s.trimmed_vertices.unwrap(),
                s.trimmed_edges.unwrap(),
            ),
            (
                "contracted",
                s.contracted_vertices.unwrap(),
                s.contracted_edges.unwrap(),
            ),
            (
                "reduced",
                s.reduced_vertices.unwrap(),
                s.reduced_edges.unwrap(),
            ),
        ];
        for (name, v, ed) in expected {
            let view = m.stages.iter().find(|st| st.name == name).unwrap();
            assert_eq!(
                (view.nodes.len() as u64, view.edges.len() as u64),
                (v, ed),
                "{} {name}",
                e.name
            );
            let row = m.sizes.iter().find(|r| r.stage == name).unwrap();
            assert_eq!((row.vertices as u64, row.edges as u64), (v, ed));
            // Every clue arc the chain removed is listed (before merging ends of later stages).
            assert_eq!(
                view.removed_arcs as u64, s.removed_arcs,
                "{} {name}",
                e.name
            );
        }
        // The canonical stage has no `stats` column: its own chain's sizes.
        let canonical = build(&e.puzzle, &ExploreStage::Canonical.options()).unwrap();
        let view = m.stages.iter().find(|st| st.name == "canonical").unwrap();
        assert_eq!(view.nodes.len(), canonical.vertices() as usize);
        assert_eq!(view.edges.len(), canonical.edges());
        assert_eq!(view.removed_arcs as u64, canonical.stats().removed_arcs);
    }
}

#[test]
fn each_cycle_is_hamiltonian_and_decodes_to_the_solution() {
    for e in cases() {
        let m = model_of(&e);
        let solution = e.solution.as_ref().unwrap();
        for view in &m.stages {
            let n = view.nodes.len();
            let what = format!("{} {}", e.name, view.name);
            assert_eq!(view.cycle.len(), n, "{what}");
            let distinct: HashSet<u32> = view.cycle.iter().copied().collect();
            assert_eq!(distinct.len(), n, "{what}: a vertex twice");
            let edges: HashSet<(u32, u32)> = view.edges.iter().map(|&[a, b]| (a, b)).collect();
            for i in 0..n {
                let (a, b) = (view.cycle[i], view.cycle[(i + 1) % n]);
                let step = if view.directed {
                    edges.contains(&(a, b))
                } else {
                    edges.contains(&(a, b)) || edges.contains(&(b, a))
                };
                assert!(step, "{what}: {a} -> {b} is not an edge");
            }
            // The decode order fills every cell once, with the solution's value.
            let mut grid = vec![0u8; solution.len()];
            for d in &view.decode {
                assert!(d.step < n);
                assert_eq!(grid[d.cell as usize], 0, "{what}: cell decoded twice");
                grid[d.cell as usize] = d.value;
            }
            assert_eq!(grid, solution.cells(), "{what}");
            assert!(view.decode.windows(2).all(|w| w[0].step <= w[1].step));
            // And the chain's own decoder agrees on the cycle.
            let stage = ExploreStage::ALL
                .into_iter()
                .find(|s| s.name() == view.name)
                .unwrap();
            let chain = build(&e.puzzle, &stage.options()).unwrap();
            assert_eq!(&chain.extract(&view.cycle).unwrap(), solution, "{what}");
        }
    }
}

#[test]
fn every_vertex_is_inside_the_canvas_and_gadgets_inside_their_cell() {
    for e in cases() {
        let m = model_of(&e);
        let c = &m.canvas;
        for view in &m.stages {
            for (i, node) in view.nodes.iter().enumerate() {
                assert!(
                    (0.0..=c.width).contains(&node.x) && (0.0..=c.height).contains(&node.y),
                    "{} {} vertex {i} {} at ({}, {}) outside {}×{}",
                    e.name,
                    view.name,
                    node.label,
                    node.x,
                    node.y,
                    c.width,
                    c.height
                );
            }
        }
        // In the directed stages a triplet, end or link vertex is drawn in its own cell's box.
        for view in m.stages.iter().filter(|v| v.directed) {
            for node in view.nodes.iter().filter(|n| !n.cells.is_empty()) {
                let [bx, by] = c.boxes[node.cells[0] as usize];
                assert!(
                    node.x > bx && node.x < bx + c.cell_w && node.y > by && node.y < by + c.cell_h,
                    "{} {}: {} outside its cell's box",
                    e.name,
                    view.name,
                    node.label
                );
            }
            // No two vertices of a directed stage share a position.
            let spots: HashSet<(i64, i64)> = view
                .nodes
                .iter()
                .map(|n| ((n.x * 10.0) as i64, (n.y * 10.0) as i64))
                .collect();
            assert_eq!(spots.len(), view.nodes.len(), "{} {}", e.name, view.name);
        }
    }
}

#[test]
fn layout_is_deterministic() {
    let e = &cases()[0];
    let a = serde_json::to_string(&model_of(e)).unwrap();
    let b = serde_json::to_string(&model_of(e)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn sizes_allowed() {
    let sudoku9 = &entries("sudoku/norvig_easy50.txt")[0];
    assert!(size_check(&sudoku9.puzzle).unwrap().is_some());
    let sudoku16 = &entries("sudoku/sudoku16_vu_kr_100.txt")[0];
    assert!(size_check(&sudoku16.puzzle).is_err());
    for e in cases() {
        assert_eq!(size_check(&e.puzzle), Ok(None));
    }
}

#[test]
fn command_writes_the_site_and_the_help_example_works() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    // The example of `--help`, relative to the crate root.
    let help = text(&gridreduce(&["explore", "--help"]).stdout);
    assert!(
        help.contains("gridreduce explore data/sudoku/sudoku4_vu_kr_100.txt --index 1 -o site")
    );
    let run = gridreduce(&[
        "explore",
        "data/sudoku/sudoku4_vu_kr_100.txt",
        "--index",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_exit(&run, 0, "explore");
    for f in ["index.html", "app.js", "style.css", "data.js", "model.json"] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let data = std::fs::read_to_string(out.join("data.js")).unwrap();
    let json = std::fs::read_to_string(out.join("model.json")).unwrap();
    assert!(data.contains(&format!("window.GRIDREDUCE_EXPLORER = {json};")));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // Self-contained: no network loads, data by a script (file:// refuses fetch()).
    assert!(html.contains("src=\"data.js\""));
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    let js = std::fs::read_to_string(out.join("app.js")).unwrap();
    assert!(!js.contains("fetch(") && !js.contains("XMLHttpRequest"));
    // --stage keeps only the stages asked for; the size table keeps all six.
    let run = gridreduce(&[
        "explore",
        "data/suguru/backtrack-180.txt",
        "--index",
        "1",
        "--stage",
        "directed,reduced",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_exit(&run, 0, "explore --stage");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("model.json")).unwrap()).unwrap();
    let names: Vec<&str> = m["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["directed", "reduced"]);
    assert_eq!(m["sizes"].as_array().unwrap().len(), 6);
}

#[test]
fn command_limits_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x");
    let o = out.to_str().unwrap();
    // 9×9: written, with a warning.
    let run = gridreduce(&[
        "explore",
        "data/sudoku/norvig_easy50.txt",
        "--index",
        "1",
        "--stage",
        "directed",
        "-o",
        o,
    ]);
    assert_exit(&run, 0, "9x9");
    assert!(text(&run.stderr).contains("warning"));
    // Larger: one line, exit 2, nothing written.
    let big = dir.path().join("big");
    let run = gridreduce(&[
        "explore",
        "data/sudoku/sudoku16_vu_kr_100.txt",
        "--index",
        "1",
        "-o",
        big.to_str().unwrap(),
    ]);
    assert_exit(&run, 2, "16x16");
    assert_eq!(text(&run.stderr).lines().count(), 1);
    assert!(text(&run.stderr).contains("too large"));
    assert!(!big.exists());
    let seven = entries("suguru/backtrack-180.txt")
        .iter()
        .position(|e| e.puzzle.rows() > 6)
        .unwrap()
        + 1;
    let run = gridreduce(&[
        "explore",
        "data/suguru/backtrack-180.txt",
        "--index",
        &seven.to_string(),
        "-o",
        o,
    ]);
    assert_exit(&run, 2, "7x7 suguru");
    assert_eq!(text(&run.stderr).lines().count(), 1);
    // A file of several puzzles without --index.
    let run = gridreduce(&["explore", "data/sudoku/sudoku4_vu_kr_100.txt", "-o", o]);
    assert_exit(&run, 2, "no --index");
    assert!(text(&run.stderr).contains("--index"));
}

/// `explore --to cnf`: the panel's clauses are exactly those of `reduce --to cnf` (same order, same
/// variable names as the DIMACS comments), each cell lists exactly the clauses that name it, and the
/// witness is the solution (a variable is true iff its cell holds its value) and satisfies every
/// clause. Read back from the files the two commands write, so the CLI flags are covered too.
#[test]
fn the_cnf_panel_lists_the_exported_clauses_by_cell() {
    let dir = tempfile::tempdir().unwrap();
    for (file, index, encoding) in [
        ("data/sudoku/sudoku4_vu_kr_100.txt", "1", None),
        ("data/sudoku/sudoku4_vu_kr_100.txt", "2", Some("minimal")),
        ("data/suguru/backtrack-180.txt", "1", None),
    ] {
        let site = dir
            .path()
            .join(format!("site-{index}-{}", encoding.unwrap_or("default")));
        let prefix = dir
            .path()
            .join(format!("f-{index}-{}", encoding.unwrap_or("default")));
        let (site_s, prefix_s) = (site.to_str().unwrap(), prefix.to_str().unwrap());
        let mut explore = vec![
            "explore", file, "--index", index, "--to", "cnf", "-o", site_s,
        ];
        let mut reduce = vec![
            "reduce", file, "--index", index, "--to", "cnf", "-o", prefix_s,
        ];
        if let Some(e) = encoding {
            explore.extend(["--encoding", e]);
            reduce.extend(["--encoding", e]);
        }
        assert_exit(&gridreduce(&explore), 0, "explore --to cnf");
        assert_exit(&gridreduce(&reduce), 0, "reduce --to cnf");
        let model: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(site.join("model.json")).unwrap())
                .unwrap();
        let cnf = &model["cnf"];
        let dimacs = std::fs::read_to_string(prefix.with_extension("cnf")).unwrap();
        let names: Vec<String> = dimacs
            .lines()
            .filter_map(|l| l.strip_prefix("c x "))
            .map(|l| l.split(" = ").nth(1).unwrap().to_string())
            .collect();
        let clauses: Vec<Vec<i64>> = dimacs
            .lines()
            .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
            .map(|l| {
                let mut lits: Vec<i64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
                assert_eq!(lits.pop(), Some(0));
                lits
            })
            .collect();
        let what = format!("{file} #{index} {encoding:?}");
        assert_eq!(
            cnf["names"].as_array().unwrap().len(),
            names.len(),
            "{what}"
        );
        for (i, n) in names.iter().enumerate() {
            assert_eq!(cnf["names"][i].as_str().unwrap(), n, "{what}");
        }
        let shown: Vec<Vec<i64>> = serde_json::from_value(cnf["clauses"].clone()).unwrap();
        assert_eq!(shown, clauses, "{what}");
        let cols = model["cols"].as_u64().unwrap() as usize;
        let solution: Vec<u64> = serde_json::from_value(model["solution"].clone()).unwrap();
        let cell_name = |c: usize| format!("r{}c{}", c / cols + 1, c % cols + 1);
        let by_cell: Vec<Vec<usize>> = serde_json::from_value(cnf["by_cell"].clone()).unwrap();
        assert_eq!(by_cell.len(), solution.len());
        for (c, listed) in by_cell.iter().enumerate() {
            let here = format!("{}#", cell_name(c));
            let expected: Vec<usize> = (0..clauses.len())
                .filter(|&i| {
                    clauses[i]
                        .iter()
                        .any(|l| names[l.unsigned_abs() as usize - 1].starts_with(&here))
                })
                .collect();
            assert!(!expected.is_empty(), "{what}: {here}");
            assert_eq!(listed, &expected, "{what}: {here}");
        }
        let witness: Vec<bool> = serde_json::from_value(cnf["witness"].clone()).unwrap();
        for (x, name) in names.iter().enumerate() {
            let (cell, value) = name.split_once('#').unwrap();
            let c = (0..solution.len()).find(|&c| cell_name(c) == cell).unwrap();
            assert_eq!(
                witness[x],
                solution[c].to_string() == value,
                "{what}: {name}"
            );
        }
        for clause in &clauses {
            assert!(
                clause
                    .iter()
                    .any(|&l| witness[l.unsigned_abs() as usize - 1] == (l > 0)),
                "{what}: {clause:?} unsatisfied"
            );
        }
    }
}

#[test]
fn explore_refuses_an_encoding_without_cnf_and_one_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let out = out.to_str().unwrap();
    let file = "data/sudoku/sudoku4_vu_kr_100.txt";
    let run = gridreduce(&[
        "explore",
        file,
        "--index",
        "1",
        "--encoding",
        "minimal",
        "-o",
        out,
    ]);
    assert_exit(&run, 2, "--encoding without --to cnf");
    assert_eq!(
        text(&run.stderr),
        "gridreduce: --encoding applies to --to cnf only\n"
    );
    let run = gridreduce(&[
        "explore",
        file,
        "--index",
        "1",
        "--to",
        "cnf",
        "--encoding",
        "paper",
        "-o",
        out,
    ]);
    assert_exit(&run, 2, "paper on a Sudoku");
    let err = text(&run.stderr);
    assert!(
        err.starts_with("gridreduce: ") && err.contains("Suguru only") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!dir.path().join("site").join("data.js").exists());
}
