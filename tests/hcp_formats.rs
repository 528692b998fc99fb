//! The Hamiltonian-cycle file formats against real files (the FHCP and TSPLIB graphs in
//! `data/hcp/` with their tours), round trips of every writer through its reader, the `hcp`
//! commands' exit codes, and readers fed random bytes (no panics).

use gridreduce::formats::concorde;
use gridreduce::formats::graphs::{GraphFormat, Instance, read_graph};
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::{
    Base, TourFormat, TourOptions, parse_tour, read_tour, write_concorde_sol, write_linkern,
    write_lkh_tour, write_lkh_tour_file, write_perm,
};
use gridreduce::formats::{arcs, tsplib};
use gridreduce::hcp::{Digraph, Graph};
use gridreduce::reduce::Problem;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

struct Case {
    graph: PathBuf,
    tour: PathBuf,
    vertices: u32,
    edges: usize,
}

/// The shipped graphs with the sizes data/hcp/README.md documents.
fn shipped() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/hcp");
    let fhcp = [
        (66, 99),
        (70, 106),
        (78, 117),
        (84, 127),
        (90, 135),
        (94, 142),
        (102, 153),
        (108, 163),
    ];
    let mut cases: Vec<Case> = fhcp
        .iter()
        .enumerate()
        .map(|(i, &(v, e))| Case {
            graph: root.join(format!("fhcp/graph{}.hcp", i + 1)),
            tour: root.join(format!("fhcp/graph{}.computed.tour", i + 1)),
            vertices: v,
            edges: e,
        })
        .collect();
    cases.push(Case {
        graph: root.join("tsplib/alb1000.hcp"),
        tour: root.join("tsplib/alb1000.opt.tour"),
        vertices: 1000,
        edges: 1998,
    });
    // Nothing shipped is left out.
    let on_disk = std::fs::read_dir(root.join("fhcp"))
        .unwrap()
        .chain(std::fs::read_dir(root.join("tsplib")).unwrap())
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "hcp")
        })
        .count();
    assert_eq!(on_disk, cases.len(), "a data/hcp graph is not covered");
    cases
}

fn written(f: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> Vec<u8> {
    let mut out = Vec::new();
    f(&mut out).unwrap();
    out
}

#[test]
fn every_shipped_graph_reads_and_its_tour_is_a_hamiltonian_cycle() {
    for case in shipped() {
        let (graph, header) = tsplib::read_hcp(&case.graph).unwrap();
        assert_eq!(graph.vertices(), case.vertices, "{}", case.graph.display());
        assert_eq!(graph.edge_count(), case.edges, "{}", case.graph.display());
        assert_eq!(header.dimension, case.vertices);
        assert!(header.name.is_some());
        let tour = read_tour(
            &case.tour,
            &TourOptions {
                vertices: Some(case.vertices),
                ..TourOptions::default()
            },
        )
        .unwrap();
        assert_eq!(tour.format, TourFormat::Lkh);
        graph.check(&tour.tour).unwrap();
        // The same through the format-detecting entry point.
        let file = read_graph(&case.graph, None).unwrap();
        assert_eq!(file.format, GraphFormat::Tsplib);
        assert_eq!(file.instance, Instance::Undirected(graph));
    }
}

#[test]
fn fhcp_files_are_written_back_byte_for_byte() {
    for case in shipped()
        .iter()
        .filter(|c| c.graph.to_string_lossy().contains("fhcp"))
    {
        let original = std::fs::read(&case.graph).unwrap();
        let (graph, header) = tsplib::read_hcp(&case.graph).unwrap();
        let ours = written(|w| {
            tsplib::write_hcp(
                w,
                &graph,
                header.name.as_deref().unwrap(),
                Some(&header.comments[0]),
            )
        });
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(original).unwrap(),
            "{}",
            case.graph.display()
        );
    }
}

fn directed_both_ways(g: &Graph) -> Digraph {
    let arcs: Vec<(u32, u32)> = g.edges().flat_map(|(a, b)| [(a, b), (b, a)]).collect();
    Digraph::new(g.vertices(), &arcs)
}

#[test]
fn every_writer_round_trips_the_shipped_graphs() {
    let limits = ReadLimits::default();
    let dir = tempfile::tempdir().unwrap();
    for case in shipped() {
        let (g, _) = tsplib::read_hcp(&case.graph).unwrap();
        let hcp = written(|w| tsplib::write_hcp(w, &g, "x", None));
        assert_eq!(tsplib::parse_hcp(&hcp[..], &limits).unwrap().0, g);
        let edg = written(|w| concorde::write_edges(w, &g));
        assert_eq!(concorde::parse_edges(&edg[..], &limits).unwrap(), g);
        let tsp = written(|w| tsplib::write_tsp_matrix(w, &g, "x", None));
        match tsplib::parse(&tsp[..], &limits).unwrap().instance {
            Instance::Undirected(back) => assert_eq!(back, g),
            other => panic!("TSP read as {other:?}"),
        }
        let d = directed_both_ways(&g);
        let arc_list = written(|w| arcs::write_arcs(w, &d));
        assert_eq!(arcs::parse_arcs(&arc_list[..], &limits).unwrap(), d);
        if g.vertices() <= 200 {
            let atsp = written(|w| tsplib::write_atsp_matrix(w, &d, "x", None));
            assert_eq!(
                tsplib::parse(&atsp[..], &limits).unwrap().instance,
                Instance::Directed(d.clone())
            );
        }
        // Through files, with the format detected.
        let stem = case
            .graph
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .to_string();
        let p = |ext: &str| dir.path().join(format!("{stem}.{ext}"));
        tsplib::write_hcp_file(&p("hcp"), &g, &stem, Some("round trip")).unwrap();
        concorde::write_edges_file(&p("edg"), &g).unwrap();
        arcs::write_arcs_file(&p("arcs"), &d).unwrap();
        tsplib::write_tsp_matrix_file(&p("tsp"), &g, &stem, None, 1000).unwrap();
        for (ext, format, want) in [
            ("hcp", GraphFormat::Tsplib, Instance::Undirected(g.clone())),
            (
                "edg",
                GraphFormat::Concorde,
                Instance::Undirected(g.clone()),
            ),
            ("arcs", GraphFormat::Arcs, Instance::Directed(d.clone())),
            ("tsp", GraphFormat::Tsplib, Instance::Undirected(g.clone())),
        ] {
            let back = read_graph(&p(ext), None).unwrap();
            assert_eq!((back.format, &back.instance), (format, &want), "{ext}");
        }
    }
}

#[test]
fn matrix_writers_refuse_big_graphs_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let g = Graph::new(6, &[(0, 1), (1, 2)]);
    let path = dir.path().join("g.tsp");
    let e = tsplib::write_tsp_matrix_file(&path, &g, "g", None, 5).unwrap_err();
    assert!(
        e.to_string()
            .contains("above the explicit-matrix limit of 5"),
        "{e}"
    );
    assert!(!path.exists());
    let d = directed_both_ways(&g);
    assert!(tsplib::write_atsp_matrix_file(&path, &d, "g", None, 5).is_err());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    tsplib::write_atsp_matrix_file(&path, &d, "g", None, 6).unwrap();
    assert!(path.exists());
}

fn tour_texts(tour: &[u32]) -> Vec<(TourFormat, Base, Vec<u8>)> {
    vec![
        (
            TourFormat::Lkh,
            Base::One,
            written(|w| write_lkh_tour(w, tour, "t", Some("c"))),
        ),
        (
            TourFormat::Concorde,
            Base::Zero,
            written(|w| write_concorde_sol(w, tour)),
        ),
        (
            TourFormat::Linkern,
            Base::Zero,
            written(|w| write_linkern(w, tour)),
        ),
        (
            TourFormat::Perm,
            Base::Zero,
            written(|w| write_perm(w, tour, Base::Zero)),
        ),
        (
            TourFormat::Perm,
            Base::One,
            written(|w| write_perm(w, tour, Base::One)),
        ),
    ]
}

#[test]
fn tours_in_every_format_read_back_and_check() {
    for case in shipped() {
        let (g, _) = tsplib::read_hcp(&case.graph).unwrap();
        let opts = TourOptions {
            vertices: Some(g.vertices()),
            ..TourOptions::default()
        };
        let tour = read_tour(&case.tour, &opts).unwrap().tour;
        for (format, base, text) in tour_texts(&tour) {
            let back = parse_tour(&text[..], &opts, &ReadLimits::default()).unwrap();
            assert_eq!((back.format, back.base), (format, base));
            assert_eq!(back.tour, tour);
            g.check(&back.tour).unwrap();
        }
    }
}

#[test]
fn a_permutation_along_non_edges_reads_but_fails_the_check() {
    // LKH writes a tour even when it finds no Hamiltonian cycle: reading must succeed and the
    // edge check must catch it.
    let (g, _) = tsplib::read_hcp(&shipped()[0].graph).unwrap();
    let identity: Vec<u32> = (0..g.vertices()).collect();
    let text = written(|w| write_lkh_tour(w, &identity, "id", None));
    let opts = TourOptions {
        vertices: Some(g.vertices()),
        ..TourOptions::default()
    };
    let back = parse_tour(&text[..], &opts, &ReadLimits::default()).unwrap();
    let e = g.check(&back.tour).unwrap_err();
    assert!(e.message.contains("not an edge"), "{e}");
}

#[test]
fn fixed_edges_in_the_alb4000_style_are_read() {
    let text = "NAME : f\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n  4   1\n  1   2\n  2   3\n  3   4\n  1   3\n-1\nFIXED_EDGES :\n  4   3 \n-1 \nEOF\n";
    let (g, h) = tsplib::parse_hcp(text.as_bytes(), &ReadLimits::default()).unwrap();
    assert_eq!(g.edge_count(), 5);
    assert_eq!(h.fixed_edges, vec![(2, 3)]);
}

#[test]
fn over_long_lines_are_refused_with_bounded_memory() {
    let mut text = b"TYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n".to_vec();
    text.extend(std::iter::repeat_n(b' ', 3 << 20));
    text.extend(b"1 2\n-1\n");
    let e = tsplib::parse_hcp(&text[..], &ReadLimits::default()).unwrap_err();
    assert_eq!(e.to_string(), "line 4: line is longer than 1048576 bytes");
    let mut tour = b"TYPE : TOUR\nTOUR_SECTION\n".to_vec();
    tour.extend(std::iter::repeat_n(b'7', 3 << 20));
    let e = parse_tour(&tour[..], &TourOptions::default(), &ReadLimits::default()).unwrap_err();
    assert_eq!(e.to_string(), "line 3: line is longer than 1048576 bytes");
}

// ---------------------------------------------------------------------------------------------
// The `hcp` commands.

fn gridreduce(args: &[&str]) -> (Option<i32>, String, String) {
    let out = assert_cmd::cargo::cargo_bin_cmd!("gridreduce")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn hcp_check_says_ok_with_exit_0_and_names_the_problem_with_exit_1() {
    let (code, out, _) = gridreduce(&[
        "hcp",
        "check",
        "data/hcp/tsplib/alb1000.hcp",
        "data/hcp/tsplib/alb1000.opt.tour",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("OK: "), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let identity: Vec<u32> = (0..66).collect();
    let bad = dir.path().join("identity.tour");
    write_lkh_tour_file(&bad, &identity, "identity", None).unwrap();
    let (code, out, err) = gridreduce(&[
        "hcp",
        "check",
        "data/hcp/fhcp/graph1.hcp",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("not a Hamiltonian cycle of data/hcp/fhcp/graph1.hcp: tour steps from vertex 1 to vertex 2, which is not an edge of the graph"),
        "{out}"
    );
    // A fixed edge the tour skips is exit 1 too.
    let graph = dir.path().join("fixed.hcp");
    std::fs::write(
        &graph,
        "TYPE : HCP\nDIMENSION : 4\nEDGE_DATA_SECTION\n1 2\n2 3\n3 4\n4 1\n1 3\n2 4\n-1\nFIXED_EDGES_SECTION\n1 3\n-1\n",
    )
    .unwrap();
    let tour = dir.path().join("t.txt");
    std::fs::write(&tour, "1 2 3 4\n").unwrap();
    let (code, out, _) = gridreduce(&[
        "hcp",
        "check",
        graph.to_str().unwrap(),
        tour.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(out.contains("does not use the fixed edge 1 3"), "{out}");
    std::fs::write(&tour, "1 3 2 4\n").unwrap();
    let (code, _, _) = gridreduce(&[
        "hcp",
        "check",
        graph.to_str().unwrap(),
        tour.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0));
}

#[test]
fn hcp_info_describes_the_graph() {
    let (code, out, _) = gridreduce(&["hcp", "info", "data/hcp/fhcp/graph1.hcp"]);
    assert_eq!(code, Some(0));
    for line in [
        "vertices: 66",
        "edges: 99",
        "  3: 66",
        "components: 1",
        "name: graph1.hcp",
    ] {
        assert!(out.lines().any(|l| l == line), "missing '{line}' in\n{out}");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("star.arcs");
    std::fs::write(&path, "3 2\n1 2\n1 3\n").unwrap();
    let (code, out, _) = gridreduce(&["hcp", "info", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["directed"], true);
    assert_eq!(v["edges"], 2);
    assert_eq!(v["not_hamiltonian_because"], "vertex 2 has no outgoing arc");
}

#[test]
fn hcp_convert_writes_files_that_check_against_converted_tours() {
    let dir = tempfile::tempdir().unwrap();
    let edg = dir.path().join("graph1.edg");
    let (code, _, err) = gridreduce(&[
        "hcp",
        "convert",
        "data/hcp/fhcp/graph1.hcp",
        "--to",
        "concorde",
        "-o",
        edg.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    // The computed tour as Concorde would write it, checked against the Concorde edge file.
    let tour = read_tour(
        Path::new("data/hcp/fhcp/graph1.computed.tour"),
        &TourOptions::default(),
    )
    .unwrap()
    .tour;
    let sol = dir.path().join("graph1.sol");
    std::fs::write(&sol, written(|w| write_concorde_sol(w, &tour))).unwrap();
    let (code, out, err) =
        gridreduce(&["hcp", "check", edg.to_str().unwrap(), sol.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    for (to, ok) in [
        ("tsp", true),
        ("tsplib", true),
        ("dot", true),
        ("arcs", false),
        ("atsp", false),
    ] {
        let out_path = dir.path().join(format!("g.{to}"));
        let (code, _, err) = gridreduce(&[
            "hcp",
            "convert",
            "data/hcp/fhcp/graph1.hcp",
            "--to",
            to,
            "-o",
            out_path.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(if ok { 0 } else { 2 }), "{to}: {err}");
        assert_eq!(out_path.exists(), ok);
    }
    let (code, _, err) = gridreduce(&[
        "hcp",
        "convert",
        "data/hcp/fhcp/graph1.hcp",
        "--to",
        "tsp",
        "--matrix-limit",
        "10",
        "-o",
        dir.path().join("small.tsp").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("above the explicit-matrix limit of 10"),
        "{err}"
    );
}

#[test]
fn every_hcp_command_has_help_with_an_example() {
    for cmd in [
        vec!["hcp"],
        vec!["hcp", "check"],
        vec!["hcp", "info"],
        vec!["hcp", "convert"],
    ] {
        let mut args = cmd.clone();
        args.push("--help");
        let (code, out, _) = gridreduce(&args);
        assert_eq!(code, Some(0), "{cmd:?}");
        assert!(
            out.contains("Examples:\n  gridreduce hcp "),
            "{cmd:?}: {out}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Properties.

fn graph_strategy() -> impl Strategy<Value = Graph> {
    (1u32..30).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n), 0..80).prop_map(move |pairs| Graph::new(n, &pairs))
    })
}

fn digraph_strategy() -> impl Strategy<Value = Digraph> {
    (1u32..25).prop_flat_map(|n| {
        proptest::collection::vec((0..n, 0..n), 0..80)
            .prop_map(move |pairs| Digraph::new(n, &pairs))
    })
}

fn tour_strategy() -> impl Strategy<Value = Vec<u32>> {
    (1usize..40).prop_flat_map(|n| Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle())
}

/// Bytes that look enough like our files to reach deep into the readers.
fn junk_strategy() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("NAME : x\n".to_string()),
        Just("TYPE : HCP\n".to_string()),
        Just("TYPE : TOUR\n".to_string()),
        Just("TYPE : TSP\n".to_string()),
        Just("TYPE : ATSP\n".to_string()),
        Just("EDGE_WEIGHT_TYPE : EXPLICIT\n".to_string()),
        Just("EDGE_WEIGHT_FORMAT : FULL_MATRIX\n".to_string()),
        Just("EDGE_WEIGHT_FORMAT : LOWER_DIAG_ROW\n".to_string()),
        Just("EDGE_DATA_FORMAT : ADJ_LIST\n".to_string()),
        Just("EDGE_DATA_SECTION\n".to_string()),
        Just("EDGE_WEIGHT_SECTION\n".to_string()),
        Just("FIXED_EDGES_SECTION\n".to_string()),
        Just("TOUR_SECTION\n".to_string()),
        Just("-1\n".to_string()),
        Just("EOF\n".to_string()),
        (0u32..6).prop_map(|d| format!("DIMENSION : {d}\n")),
        (-2i64..8, -2i64..8).prop_map(|(a, b)| format!("{a} {b}\n")),
        (0i64..8).prop_map(|a| format!("{a} ")),
        "[ -~\t\r\n\u{e9}]{0,6}",
    ];
    proptest::collection::vec(piece, 0..30).prop_map(|v| v.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undirected_writers_round_trip(g in graph_strategy()) {
        let limits = ReadLimits::default();
        let hcp = written(|w| tsplib::write_hcp(w, &g, "g", Some("p")));
        prop_assert_eq!(&tsplib::parse_hcp(&hcp[..], &limits).unwrap().0, &g);
        let edg = written(|w| concorde::write_edges(w, &g));
        prop_assert_eq!(&concorde::parse_edges(&edg[..], &limits).unwrap(), &g);
        let tsp = written(|w| tsplib::write_tsp_matrix(w, &g, "g", None));
        prop_assert_eq!(tsplib::parse(&tsp[..], &limits).unwrap().instance, Instance::Undirected(g.clone()));
    }

    #[test]
    fn directed_writers_round_trip(d in digraph_strategy()) {
        let limits = ReadLimits::default();
        let a = written(|w| arcs::write_arcs(w, &d));
        prop_assert_eq!(&arcs::parse_arcs(&a[..], &limits).unwrap(), &d);
        let atsp = written(|w| tsplib::write_atsp_matrix(w, &d, "d", None));
        prop_assert_eq!(tsplib::parse(&atsp[..], &limits).unwrap().instance, Instance::Directed(d.clone()));
    }

    #[test]
    fn tour_writers_round_trip(tour in tour_strategy()) {
        let n = tour.len() as u32;
        for (format, base, text) in tour_texts(&tour) {
            // Detected, knowing the graph's size.
            let known = TourOptions { vertices: Some(n), ..TourOptions::default() };
            let back = parse_tour(&text[..], &known, &ReadLimits::default()).unwrap();
            prop_assert_eq!((back.format, back.base), (format, base));
            prop_assert_eq!(&back.tour, &tour);
            // Told the format (and base), not knowing the size.
            let told = TourOptions { format: Some(format), base: Some(base), vertices: None };
            prop_assert_eq!(&parse_tour(&text[..], &told, &ReadLimits::default()).unwrap().tour, &tour);
        }
    }

    #[test]
    fn readers_never_panic(bytes in junk_strategy(), n in 1u32..8) {
        let limits = ReadLimits { max_vertices: 1000 };
        let _ = tsplib::parse(&bytes[..], &limits);
        let _ = tsplib::parse_hcp(&bytes[..], &limits);
        let _ = concorde::parse_edges(&bytes[..], &limits);
        let _ = arcs::parse_arcs(&bytes[..], &limits);
        let _ = gridreduce::formats::graphs::detect(&bytes[..]);
        for format in [None, Some(TourFormat::Lkh), Some(TourFormat::Concorde), Some(TourFormat::Linkern), Some(TourFormat::Perm)] {
            for vertices in [None, Some(n)] {
                let options = TourOptions { format, base: None, vertices };
                if let Ok(t) = parse_tour(&bytes[..], &options, &limits) {
                    // Whatever is accepted is a permutation of 0..n.
                    let mut sorted = t.tour.clone();
                    sorted.sort_unstable();
                    prop_assert!(sorted.iter().enumerate().all(|(i, &v)| v == i as u32));
                    if let Some(v) = vertices {
                        prop_assert_eq!(t.tour.len(), v as usize);
                    }
                }
            }
        }
    }
}
