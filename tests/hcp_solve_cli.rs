//! `gridreduce hcp solve` end to end: every shipped graph (FHCP, alb1000) and a puzzle's exported
//! graph (undirected and directed) is solved, the TOUR written is accepted by `hcp check`; a graph
//! without a Hamiltonian cycle exits 1 and says so; a time limit that runs out exits 3 with one
//! line; `solve --via hcp` takes `--time-limit` (every route does: tests/sat_cli.rs).

mod common;
use common::{assert_exit, gridreduce, reduce_to_hcp, solution_line, text};

#[test]
fn every_shipped_graph_is_solved_and_its_tour_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mut graphs: Vec<String> = (1..=8)
        .map(|i| format!("data/hcp/fhcp/graph{i}.hcp"))
        .collect();
    graphs.push("data/hcp/tsplib/alb1000.hcp".into());
    for g in &graphs {
        let tour = dir.path().join("out.tour");
        let tour = tour.to_str().unwrap();
        let out = gridreduce(&["hcp", "solve", g, "-o", tour, "--time-limit", "120"]);
        assert_exit(&out, 0, g);
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Hamiltonian cycle: "), "{stdout}");
        assert!(stdout.contains(" rounds"), "{stdout}");
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        let check = gridreduce(&["hcp", "check", g, tour]);
        assert_eq!(check.status.code(), Some(0), "{g}: {}", text(&check.stdout));
    }
}

/// Same graph, same tour: twenty runs of `hcp solve` on each shipped graph and on a reduced puzzle
/// graph, all twenty started at once so that they compete for the cores (the branching search
/// runs beside the exact model, and the folding settles clusters in parallel), write the same
/// tour file byte for byte and the same stdout line but for its wall time.
#[test]
fn twenty_runs_write_the_same_tour() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let reduced = dir.path().join("reduced");
    let reduced = reduced.to_str().unwrap();
    reduce_to_hcp(
        "data/sudoku/norvig_easy50.txt",
        1,
        &["--stage", "reduced"],
        reduced,
    );
    let mut graphs: Vec<String> = (1..=8)
        .map(|i| format!("data/hcp/fhcp/graph{i}.hcp"))
        .collect();
    graphs.push("data/hcp/tsplib/alb1000.hcp".into());
    graphs.push(format!("{reduced}.hcp"));
    for g in &graphs {
        let runs: Vec<_> = (0..20)
            .map(|k| {
                let tour = dir.path().join(format!("{k}.tour"));
                let child = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
                    .args(["hcp", "solve", g, "-o"])
                    .arg(&tour)
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                (tour, child)
            })
            .collect();
        let mut seen: Option<(Vec<u8>, String)> = None;
        for (tour, child) in runs {
            let out = child.wait_with_output().unwrap();
            assert_exit(&out, 0, g);
            let line = without_seconds(&text(&out.stdout)).replace(tour.to_str().unwrap(), "TOUR");
            let got = (std::fs::read(&tour).unwrap(), line);
            match &seen {
                None => seen = Some(got),
                Some(first) => {
                    assert_eq!(first.1, got.1, "{g}: the stdout lines differ");
                    assert!(
                        first.0 == got.0,
                        "{g}: {} differs from the first run's tour",
                        tour.display()
                    );
                }
            }
        }
    }
}

/// `--seed` picks the randomised steps' draws: the same seed gives the same tour, it is recorded in
/// the tour's COMMENT, and the tour is a Hamiltonian cycle of the graph whatever the seed.
#[test]
fn a_seed_gives_one_tour_and_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let g = "data/hcp/fhcp/graph5.hcp";
    let run = |name: &str, seed: &str| {
        let tour = dir.path().join(name);
        let t = tour.to_str().unwrap();
        assert_exit(
            &gridreduce(&["hcp", "solve", g, "--seed", seed, "-o", t]),
            0,
            seed,
        );
        assert_exit(&gridreduce(&["hcp", "check", g, t]), 0, seed);
        std::fs::read_to_string(&tour).unwrap()
    };
    let (a, b) = (run("a.tour", "7"), run("b.tour", "7"));
    assert_eq!(a, b);
    assert!(a.contains("subtour cuts, seed 7"), "{a}");
    assert!(!run("c.tour", "0").contains("seed"));
}

/// `text` with the wall time of `hcp solve`'s summary (`, 0.012 s`) blanked: the only part of its
/// output that may change from run to run.
fn without_seconds(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let cut = line.find(" s (").or_else(|| line.rfind(" s"));
        match cut.and_then(|end| line[..end].rfind(", ").map(|start| (start, end))) {
            Some((start, end)) if line[start + 2..end].parse::<f64>().is_ok() => {
                out.push_str(&line[..start + 2]);
                out.push('T');
                out.push_str(&line[end..]);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[test]
fn exported_puzzle_graphs_directed_and_undirected_are_solved() {
    let dir = tempfile::tempdir().unwrap();
    for stage in ["contracted", "directed"] {
        let base = dir.path().join(stage);
        let base = base.to_str().unwrap();
        reduce_to_hcp(
            "data/sudoku/norvig_easy50.txt",
            1,
            &["--stage", stage],
            base,
        );
        let graph = if stage == "directed" {
            format!("{base}.arcs")
        } else {
            format!("{base}.hcp")
        };
        let tour = format!("{base}.tour");
        let out = gridreduce(&["hcp", "solve", &graph, "-o", &tour]);
        assert_exit(&out, 0, stage);
        let check = gridreduce(&["hcp", "check", &graph, &tour]);
        assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
        // The tour decodes to the known solution.
        let decoded = gridreduce(&["decode", &format!("{base}.map"), &tour]);
        assert_exit(&decoded, 0, "decode");
    }
}

#[test]
fn petersen_is_proved_non_hamiltonian_with_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("petersen.hcp");
    let mut body = String::from(
        "NAME : petersen\nTYPE : HCP\nDIMENSION : 10\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n",
    );
    for i in 0..5 {
        body += &format!("{} {}\n", i + 1, (i + 1) % 5 + 1);
        body += &format!("{} {}\n", 6 + i, 6 + (i + 2) % 5);
        body += &format!("{} {}\n", i + 1, i + 6);
    }
    body += "-1\nEOF\n";
    std::fs::write(&path, body).unwrap();
    let tour = dir.path().join("never.tour");
    let out = gridreduce(&[
        "hcp",
        "solve",
        path.to_str().unwrap(),
        "-o",
        tour.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("no Hamiltonian cycle (proved)"),
        "{}",
        text(&out.stdout)
    );
    assert!(!tour.exists(), "no tour file without a cycle");
}

#[test]
fn a_time_limit_that_runs_out_exits_3_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("royle");
    let base = base.to_str().unwrap();
    reduce_to_hcp(
        "data/sudoku/sudoku17_complete_49158.txt",
        1,
        &["--stage", "undirected"],
        base,
    );
    let graph = format!("{base}.hcp");
    let out = gridreduce(&["hcp", "solve", &graph, "--time-limit", "0.000001"]);
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("time limit reached"), "{err}");
    let bad = gridreduce(&["hcp", "solve", &graph, "--time-limit", "-3"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn solve_via_hcp_takes_a_time_limit() {
    let out = gridreduce(&[
        "solve",
        "data/sudoku/norvig_easy50.txt",
        "--index",
        "1",
        "--via",
        "hcp",
        "--time-limit",
        "120",
    ]);
    assert_exit(&out, 0, "solve --via hcp");
    let solution = solution_line("data/sudoku/solutions/norvig_easy50.solutions.txt", 1);
    assert_eq!(text(&out.stdout).trim(), solution);
}

/// A DIMACS `.col` graph (FHCP style `p n m` and `p edge n m`) is read by `hcp info`, `solve` and
/// `check`; the same graph as TSPLIB gets the same answer.
#[test]
fn dimacs_col_graphs_are_read_solved_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    // The cube graph Q3 in both `p` forms, with comments.
    let cube: Vec<(u32, u32)> = (0..8u32)
        .flat_map(|v| [1, 2, 4].map(|b| (v, v ^ b)))
        .filter(|&(a, b)| a < b)
        .collect();
    let lines: String = cube
        .iter()
        .map(|(a, b)| format!("e {} {}\n", a + 1, b + 1))
        .collect();
    for header in ["p 8 12", "p edge 8 12"] {
        let path = dir.path().join("cube.col");
        std::fs::write(&path, format!("c NAME : cube\n{header}\n{lines}c end\n")).unwrap();
        let path = path.to_str().unwrap();
        let info = gridreduce(&["hcp", "info", path]);
        assert_exit(&info, 0, "info");
        assert!(
            text(&info.stdout).contains("dimacs col"),
            "{}",
            text(&info.stdout)
        );
        let tour = dir.path().join("cube.tour");
        let tour = tour.to_str().unwrap();
        let out = gridreduce(&["hcp", "solve", path, "-o", tour]);
        assert_exit(&out, 0, header);
        let check = gridreduce(&["hcp", "check", path, tour]);
        assert_exit(&check, 0, "check");
    }
    // K_{3,4} as .col: no cycle, proved, exit 1, with the reason.
    let k34: String = (1..=3)
        .flat_map(|a| (4..=7).map(move |b| format!("e {a} {b}\n")))
        .collect();
    let path = dir.path().join("k34.col");
    std::fs::write(&path, format!("p edge 7 12\n{k34}")).unwrap();
    let out = gridreduce(&["hcp", "solve", path.to_str().unwrap()]);
    assert_exit(&out, 1, "k34");
    assert!(
        text(&out.stdout).contains("bipartite"),
        "{}",
        text(&out.stdout)
    );
}

/// A complete graph written as a TSPLIB EDGE_LIST (issue 18's K_500 case, smaller) is solved and
/// its tour checks.
#[test]
fn complete_graph_edge_list_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let n = 150;
    let mut body = format!(
        "NAME : k{n}\nTYPE : HCP\nDIMENSION : {n}\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n"
    );
    for a in 1..=n {
        for b in a + 1..=n {
            body.push_str(&format!("{a} {b}\n"));
        }
    }
    body.push_str("-1\nEOF\n");
    let path = dir.path().join("k.hcp");
    std::fs::write(&path, body).unwrap();
    let path = path.to_str().unwrap();
    let tour = dir.path().join("k.tour");
    let tour = tour.to_str().unwrap();
    let out = gridreduce(&["hcp", "solve", path, "-o", tour]);
    assert_exit(&out, 0, "k150");
    assert!(
        text(&out.stdout).contains("rotation-extension"),
        "{}",
        text(&out.stdout)
    );
    assert_exit(&gridreduce(&["hcp", "check", path, tour]), 0, "check");
}

/// A graph read from a pipe (bash's process substitution) cannot be read twice, so its format
/// cannot be detected and then parsed: one line naming the stream and the way out, exit 2; named
/// with --graph-format, the same stream is solved.
#[test]
fn a_piped_graph_needs_its_format_named() {
    let bin = env!("CARGO_BIN_EXE_gridreduce");
    let run = |extra: &str| {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(format!(
                "'{bin}' hcp solve {extra} <(cat data/hcp/fhcp/graph2.hcp)"
            ))
            .output()
            .expect("bash runs")
    };
    let out = run("");
    assert_exit(&out, 2, "detected format of a pipe");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("/dev/fd/") && err.contains("--graph-format"),
        "{err}"
    );
    let out = run("--graph-format tsplib");
    assert_exit(&out, 0, "named format of a pipe");
    assert!(text(&out.stdout).contains("Hamiltonian cycle: 70 vertices"));
}

/// Several graphs make a batch: one line per graph on stdout in input order, a bad file reported
/// on stderr while the others go on (exit 2), every found tour in --tours and accepted by `hcp
/// check`, one CSV row per graph with its status; a batch proving one graph non-Hamiltonian
/// exits 1; `-o` with several graphs is refused.
#[test]
fn a_batch_reports_each_graph_and_goes_on_after_a_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.hcp");
    std::fs::write(&bad, "NAME : bad\nTYPE : HCP\nDIMENSION : x\n").unwrap();
    // Two triangles sharing vertex 3: a cut vertex, so no Hamiltonian cycle.
    let bowtie = dir.path().join("bowtie.col");
    std::fs::write(
        &bowtie,
        "p edge 5 6\ne 1 2\ne 2 3\ne 1 3\ne 3 4\ne 4 5\ne 3 5\n",
    )
    .unwrap();
    let tours = dir.path().join("tours");
    let csv = dir.path().join("out.csv");
    let (bad, bowtie) = (bad.to_str().unwrap(), bowtie.to_str().unwrap());
    let graphs = [
        "data/hcp/fhcp/graph2.hcp",
        bad,
        bowtie,
        "data/hcp/fhcp/graph1.hcp",
    ];
    let mut argv = vec!["hcp", "solve"];
    argv.extend(graphs);
    argv.extend(["--tours", tours.to_str().unwrap(), "--csv"]);
    argv.push(csv.to_str().unwrap());
    let out = gridreduce(&argv);
    assert_exit(&out, 2, "a bad file in the batch");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("data/hcp/fhcp/graph2.hcp: Hamiltonian cycle: "));
    assert!(lines[1].starts_with(&format!("{bowtie}: no Hamiltonian cycle (proved")));
    assert!(lines[2].starts_with("data/hcp/fhcp/graph1.hcp: Hamiltonian cycle: "));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(bad), "{stderr}");
    for g in [1, 2] {
        let tour = tours.join(format!("graph{g}.tour"));
        let check = gridreduce(&[
            "hcp",
            "check",
            &format!("data/hcp/fhcp/graph{g}.hcp"),
            tour.to_str().unwrap(),
        ]);
        assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    }
    let rows = std::fs::read_to_string(&csv).unwrap();
    let statuses: Vec<&str> = rows
        .lines()
        .skip(1)
        .map(|r| r.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(statuses, ["cycle", "bad", "none", "cycle"], "{rows}");
    // Without the bad file: one graph proved non-Hamiltonian, exit 1.
    let out = gridreduce(&["hcp", "solve", "data/hcp/fhcp/graph1.hcp", bowtie]);
    assert_exit(&out, 1, "a graph without a cycle");
    let out = gridreduce(&[
        "hcp",
        "solve",
        "data/hcp/fhcp/graph1.hcp",
        bowtie,
        "-o",
        "x.tour",
    ]);
    assert_exit(&out, 2, "-o with two graphs");
    assert!(text(&out.stderr).contains("--tours"));
    // Two graphs named alike would write one tour: refused before anything runs.
    let twin = dir.path().join("graph1.col");
    std::fs::write(&twin, "p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n").unwrap();
    let out = gridreduce(&[
        "hcp",
        "solve",
        "data/hcp/fhcp/graph1.hcp",
        twin.to_str().unwrap(),
        "--tours",
        tours.to_str().unwrap(),
    ]);
    assert_exit(&out, 2, "two graphs named graph1");
    assert!(
        text(&out.stderr).contains("graph1.tour"),
        "{}",
        text(&out.stderr)
    );
}
