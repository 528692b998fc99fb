//! Property tests of the certificates (issue 9, point 2): random solvable puzzles — Sudoku 4×4 and
//! 9×9 with random clues taken from a random solution grid, Suguru up to 6×6 with random regions and
//! a solution found by search — through every route of the registry (`route::registry`) and its target-specific properties:
//!
//! * `extract(witness(s)) == s`, and the witness is a valid certificate of the target;
//! * every exported file reads back equal: TSPLIB HCP / TSP / ATSP, Concorde edges, arc lists, the
//!   four tour formats, DIMACS CNF and SAT answers, LP models and MIP solution files, `.map` files;
//! * a certificate changed in one place is refused with a one-line `CertificateError`, or, where
//!   the change can leave a valid certificate, extracts to a valid solution. What holds exactly:
//!
//! | target | change | what must happen |
//! |---|---|---|
//! | exact cover | one row dropped or added | always refused (a cell column is left bare or covered twice) |
//! | Hamiltonian cycle | rotated; reversed (undirected) | the same cycle: extracts to `s` |
//! | Hamiltonian cycle | two neighbouring steps swapped; one segment reversed (2-opt: two edges replaced) | refused iff the result is not a Hamiltonian cycle of the target (`check`); if it is one, it extracts to a solution of the puzzle |
//! | CNF | a cell-value variable flipped | always refused (the cell holds no value or two) |
//! | CNF | an auxiliary variable flipped (or, in the paper encoding, one for a value above the cell's region size) | refused iff a clause breaks; otherwise extracts to `s` (the cell variables did not change) |
//! | 0-1 ILP | any variable flipped | always refused (its cell row sums to 0 or 2) |
//!
//! Default case counts keep this file near 30 s in a debug build; `cargo test --test
//! properties_certificates -- --ignored` runs the same properties on many more cases.

mod common;

use common::Rng;
use gridreduce::cover::PuzzleToCover;
use gridreduce::error::CertificateError;
use gridreduce::formats::collection::{Entry, FileFormat};
use gridreduce::formats::dimacs::{
    DEFAULT_MAX_VARIABLES, ModelFormat, parse_cnf, parse_model_text, write_cnf,
};
use gridreduce::formats::lp::{ModelNames, parse_lp, parse_solution_text, write_lp};
use gridreduce::formats::map::{MapFile, StepRecord, TargetRecord};
use gridreduce::formats::sudoku_text::LineFormat;
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::{
    Base, TourFormat, TourOptions, parse_tour, write_concorde_sol, write_linkern, write_lkh_tour,
    write_perm,
};
use gridreduce::formats::{arcs, concorde, tsplib};
use gridreduce::hcp::chain::{HcpChain, HcpOptions, Stage, build};
use gridreduce::hcp::graph::{Digraph, Graph, Tour};
use gridreduce::ilp::{PuzzleToIlp, integral_point};
use gridreduce::puzzle::{BlockLayout, Grid, Puzzle, Sudoku, Suguru};
use gridreduce::reduce::{Problem, Reduction};
use gridreduce::route::{self, AnswerHints, Params, Value, puzzle_record, rebuild_puzzle};
use gridreduce::sat::{CnfOptions, Encoding, PuzzleToCnf};
use proptest::prelude::*;
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------------------------
// Random solvable puzzles

/// A random N×N Sudoku solution (N = 4 or 9): the pattern grid `(p·(r mod p) + r div p + c) mod N`
/// with symbols relabelled, rows shuffled inside bands, bands shuffled, the same for columns, and an
/// optional transpose — every move keeps a valid grid.
fn random_sudoku_solution(n: usize, rng: &mut Rng) -> Grid {
    let p = (n as f64).sqrt() as usize;
    let shuffled = |rng: &mut Rng, k: usize| {
        let mut v: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            v.swap(i, rng.below(i + 1));
        }
        v
    };
    let symbols = shuffled(rng, n);
    let order = |rng: &mut Rng| -> Vec<usize> {
        let bands = shuffled(rng, p);
        bands
            .iter()
            .flat_map(|&b| shuffled(rng, p).into_iter().map(move |r| b * p + r))
            .collect()
    };
    let (rows, cols) = (order(rng), order(rng));
    let transpose = rng.below(2) == 1;
    let mut cells = vec![0u8; n * n];
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let v = (p * (rr % p) + rr / p + cc) % n;
            let at = if transpose { c * n + r } else { r * n + c };
            cells[at] = symbols[v] as u8 + 1;
        }
    }
    Grid::from_cells(n, n, cells)
}

/// Keeps each cell of `solution` as a given with probability `percent`/100.
fn clues_from(solution: &Grid, percent: usize, rng: &mut Rng) -> Grid {
    let mut g = Grid::empty(solution.rows(), solution.cols());
    for c in 0..solution.len() {
        if rng.below(100) < percent {
            g.set(c, solution.get(c));
        }
    }
    g
}

fn sudoku_case(n: usize, percent: usize, seed: u64) -> (Puzzle, Grid) {
    let mut rng = Rng(seed);
    let solution = random_sudoku_solution(n, &mut rng);
    let givens = clues_from(&solution, percent, &mut rng);
    let p = (n as f64).sqrt() as usize;
    let sudoku = Sudoku::new(BlockLayout::boxes(p, p), givens).unwrap();
    let puzzle = Puzzle::from(sudoku);
    assert!(puzzle.verify(&solution).is_empty(), "generator bug");
    (puzzle, solution)
}

/// A random Suguru with a solution: random regions (sizes ≤ 5, from `common::random_suguru`), a few
/// random givens kept only while the puzzle stays solvable (so solutions vary), a solution found by
/// search, then random clues from it. Region layouts without any solution are redrawn.
fn suguru_case(rows: usize, cols: usize, percent: usize, seed: u64) -> (Puzzle, Grid) {
    let mut rng = Rng(seed);
    loop {
        let blank = common::random_suguru(rows, cols, 5, 0, &mut rng);
        let labels = blank.region_map().to_vec();
        let sizes = blank.region_sizes();
        let solve = |givens: &Grid| -> Option<Grid> {
            let s = Suguru::new(rows, cols, &labels, givens.clone()).ok()?;
            gridreduce::search::fast::solutions(&s.structure(), givens, 1)
                .ok()?
                .into_iter()
                .next()
        };
        let mut givens = Grid::empty(rows, cols);
        if solve(&givens).is_none() {
            continue;
        }
        for _ in 0..3 {
            let c = rng.below(rows * cols);
            let before = givens.get(c);
            givens.set(c, 1 + rng.below(sizes[labels[c] as usize]) as u8);
            if solve(&givens).is_none() {
                givens.set(c, before);
            }
        }
        let solution = solve(&givens).expect("kept solvable");
        let clues = clues_from(&solution, percent, &mut rng);
        let puzzle = Puzzle::from(Suguru::new(rows, cols, &labels, clues).unwrap());
        assert!(
            puzzle.verify(&solution).is_empty(),
            "search returned a non-solution"
        );
        return (puzzle, solution);
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/// A refused certificate gives one clear line.
fn assert_clear(e: &CertificateError, what: &str) {
    let text = e.to_string();
    assert!(!text.trim().is_empty(), "{what}: empty error");
    assert!(
        !text.contains('\n'),
        "{what}: error of several lines: {text}"
    );
}

fn tour_options(n: usize, format: TourFormat) -> TourOptions {
    TourOptions {
        format: Some(format),
        base: None,
        vertices: Some(n as u32),
    }
}

/// The tour written in every format gridreduce writes reads back equal (with and without format
/// detection).
fn tours_read_back(tour: &Tour) {
    if tour.len() < 3 {
        return; // a linkern edge list needs a cycle; tiny contracted targets are checked elsewhere
    }
    let limits = ReadLimits::default();
    let mut files: Vec<(TourFormat, Vec<u8>)> = Vec::new();
    let mut out = Vec::new();
    write_lkh_tour(&mut out, tour, "p", Some("property test")).unwrap();
    files.push((TourFormat::Lkh, out));
    let mut out = Vec::new();
    write_concorde_sol(&mut out, tour).unwrap();
    files.push((TourFormat::Concorde, out));
    let mut out = Vec::new();
    write_linkern(&mut out, tour).unwrap();
    files.push((TourFormat::Linkern, out));
    let mut out = Vec::new();
    write_perm(&mut out, tour, Base::One).unwrap();
    files.push((TourFormat::Perm, out));
    for (format, bytes) in files {
        let read = parse_tour(&bytes[..], &tour_options(tour.len(), format), &limits)
            .unwrap_or_else(|e| panic!("{format:?} tour does not read back: {e}"));
        assert_eq!(&read.tour, tour, "{format:?}");
        let detected = TourOptions {
            format: None,
            ..tour_options(tour.len(), format)
        };
        let read = parse_tour(&bytes[..], &detected, &limits).unwrap();
        assert_eq!(&read.tour, tour, "{format:?} detected");
    }
}

/// Largest graph whose n² explicit matrix the tests write (debug builds are slow).
const MATRIX_MAX: u32 = 800;

fn graph_files_read_back(g: &Graph) {
    let limits = ReadLimits::default();
    let mut out = Vec::new();
    tsplib::write_hcp(&mut out, g, "p", Some("property test")).unwrap();
    let (back, header) = tsplib::parse_hcp(&out[..], &limits).unwrap();
    assert_eq!(&back, g, "TSPLIB HCP");
    assert_eq!(header.dimension, g.vertices());
    let mut out = Vec::new();
    concorde::write_edges(&mut out, g).unwrap();
    assert_eq!(
        &concorde::parse_edges(&out[..], &limits).unwrap(),
        g,
        "Concorde edges"
    );
    if g.vertices() <= MATRIX_MAX {
        let mut out = Vec::new();
        tsplib::write_tsp_matrix(&mut out, g, "p", None).unwrap();
        match tsplib::parse(&out[..], &limits).unwrap().instance {
            gridreduce::formats::graphs::Instance::Undirected(h) => assert_eq!(&h, g, "TSP"),
            _ => panic!("a TSP matrix read back as a digraph"),
        }
    }
}

fn digraph_files_read_back(d: &Digraph) {
    let limits = ReadLimits::default();
    let mut out = Vec::new();
    arcs::write_arcs(&mut out, d).unwrap();
    assert_eq!(&arcs::parse_arcs(&out[..], &limits).unwrap(), d, "arc list");
    if d.vertices() <= MATRIX_MAX {
        let mut out = Vec::new();
        tsplib::write_atsp_matrix(&mut out, d, "p", None).unwrap();
        match tsplib::parse(&out[..], &limits).unwrap().instance {
            gridreduce::formats::graphs::Instance::Directed(h) => assert_eq!(&h, d, "ATSP"),
            _ => panic!("an ATSP matrix read back as a graph"),
        }
    }
}

/// The `.map` file of an export reads back equal, its puzzle record rebuilds the puzzle, and its
/// chain rebuilds the options (checked by the caller).
fn map_reads_back(
    puzzle: &Puzzle,
    chain: Vec<StepRecord>,
    kind: &str,
    fingerprint: String,
) -> MapFile {
    let format = match puzzle {
        Puzzle::Sudoku(_) => FileFormat::Sudoku(LineFormat::OneLine),
        Puzzle::Suguru(_) => FileFormat::Suguru,
        Puzzle::Described(_) => FileFormat::Spec,
    };
    let entry = Entry {
        index: 1,
        line: 1,
        name: "property#1".into(),
        puzzle: puzzle.clone(),
        solution: None,
    };
    let map = MapFile {
        gridreduce: env!("CARGO_PKG_VERSION").into(),
        puzzle: puzzle_record(&entry, format),
        chain,
        target: TargetRecord {
            kind: kind.into(),
            file: "out".into(),
            format: "x".into(),
            fingerprint,
            sizes: BTreeMap::new(),
        },
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.map");
    map.write(&path).unwrap();
    let back = MapFile::read(&path).unwrap();
    assert_eq!(back, map, "map file");
    assert_eq!(
        &rebuild_puzzle(&back.puzzle, &path).unwrap(),
        puzzle,
        "map puzzle record"
    );
    back
}

// ---------------------------------------------------------------------------------------------
// The properties, one per target family

fn cover_properties(puzzle: &Puzzle, s: &Grid, rng: &mut Rng) {
    let r = PuzzleToCover::new(puzzle);
    let w = r.witness(s).unwrap();
    r.target().check(&w).unwrap();
    assert_eq!(&r.extract(&w).unwrap(), s);
    // Drop one row.
    let mut fewer = w.clone();
    fewer.remove(rng.below(fewer.len()));
    assert_clear(&r.extract(&fewer).unwrap_err(), "cover without a row");
    // Add one row that is not chosen (kept ascending), when there is one (every row is chosen
    // when each cell has a single candidate).
    let unchosen: Vec<u32> = (0..r.target().rows.len() as u32)
        .filter(|x| w.binary_search(x).is_err())
        .collect();
    if unchosen.is_empty() {
        return;
    }
    let mut more = w.clone();
    more.push(unchosen[rng.below(unchosen.len())]);
    more.sort_unstable();
    assert_clear(&r.extract(&more).unwrap_err(), "cover with an extra row");
}

/// The changed tour: refused exactly when it is no Hamiltonian cycle of the target; otherwise a
/// solution of the puzzle.
fn changed_tour<P: Problem<Certificate = Tour>>(
    chain: &HcpChain,
    target: &P,
    puzzle: &Puzzle,
    tour: &Tour,
    what: &str,
) {
    match (target.check(tour), chain.extract(tour)) {
        (Err(_), Err(e)) => assert_clear(&e, what),
        (Ok(()), Ok(grid)) => assert!(
            puzzle.verify(&grid).is_empty(),
            "{what}: a valid cycle extracted to a non-solution"
        ),
        (Err(c), Ok(_)) => panic!("{what}: extract accepted a tour check refuses: {c}"),
        (Ok(()), Err(e)) => panic!("{what}: extract refused a Hamiltonian cycle: {e}"),
    }
}

fn hcp_properties(puzzle: &Puzzle, s: &Grid, opts: HcpOptions, rng: &mut Rng, files: bool) {
    hcp_variant_properties(puzzle, s, opts, false, rng, files);
}

/// [`hcp_properties`] of the chain from the canonical variant when `canonical`.
fn hcp_variant_properties(
    puzzle: &Puzzle,
    s: &Grid,
    opts: HcpOptions,
    canonical: bool,
    rng: &mut Rng,
    files: bool,
) {
    let opts = HcpOptions { canonical, ..opts };
    let chain = build(puzzle, &opts).unwrap();
    let tour = chain.witness(s).unwrap();
    assert_eq!(
        &chain.extract(&tour).unwrap(),
        s,
        "{opts:?}: extract(witness(s))"
    );
    assert!(chain.declared_mismatches().is_empty(), "{opts:?}");
    let n = tour.len();
    if n == 0 {
        return;
    }
    let mut rotated = tour.clone();
    rotated.rotate_left(rng.below(n));
    assert_eq!(
        &chain.extract(&rotated).unwrap(),
        s,
        "{opts:?}: rotated tour"
    );
    let (i, j) = (rng.below(n), rng.below(n));
    let mut swapped = tour.clone();
    swapped.swap(i, (i + 1) % n);
    let (a, b) = (i.min(j), i.max(j));
    let mut two_opt = tour.clone();
    two_opt[a..=b].reverse();
    let mut broken = tour.clone();
    broken[i] = n as u32; // a vertex the target does not have
    assert_clear(
        &chain.extract(&broken).unwrap_err(),
        "tour naming a missing vertex",
    );
    let mut short = tour.clone();
    short.pop();
    assert_clear(&chain.extract(&short).unwrap_err(), "tour missing a vertex");
    match (chain.directed_target(), chain.undirected_target()) {
        (Some(g), _) => {
            changed_tour(&chain, g, puzzle, &swapped, "directed swap");
            changed_tour(&chain, g, puzzle, &two_opt, "directed 2-opt");
            let mut reversed = tour.clone();
            reversed.reverse();
            changed_tour(&chain, g, puzzle, &reversed, "directed reversal");
            if files {
                digraph_files_read_back(g);
            }
        }
        (None, Some(g)) => {
            changed_tour(&chain, g, puzzle, &swapped, "undirected swap");
            changed_tour(&chain, g, puzzle, &two_opt, "undirected 2-opt");
            let mut reversed = tour.clone();
            reversed.reverse();
            assert_eq!(
                &chain.extract(&reversed).unwrap(),
                s,
                "{opts:?}: reversed tour"
            );
            if files {
                graph_files_read_back(g);
            }
        }
        (None, None) => unreachable!("a chain has a target"),
    }
    if files {
        tours_read_back(&tour);
        let map = map_reads_back(puzzle, chain.steps(), "hcp", String::new());
        assert_eq!(
            HcpOptions::from_steps(&map.chain).unwrap(),
            opts,
            "map chain"
        );
    }
}

fn cnf_properties(puzzle: &Puzzle, s: &Grid, options: CnfOptions, rng: &mut Rng, files: bool) {
    let r = PuzzleToCnf::new(puzzle, options).unwrap();
    let w = r.witness(s).unwrap();
    r.target().check(&w).unwrap();
    assert_eq!(&r.extract(&w).unwrap(), s, "{options:?}");
    let vars = r.target().vars();
    // Cell variables: "cell holds value" for a value of the cell's range. (The paper encoding also
    // has variables for values above a cell's region size; nothing forces them false, so a flip
    // may keep a model, like a flip of an auxiliary variable.)
    let domain = puzzle.structure().domain;
    let cell_vars: Vec<u32> = r
        .variables()
        .iter()
        .filter(|&&(_, cell, value)| value <= domain[cell])
        .map(|&(x, _, _)| x)
        .collect();
    let is_cell_var = |x: u32| cell_vars.binary_search(&x).is_ok();
    assert!(cell_vars.windows(2).all(|p| p[0] < p[1]));
    // A few cell variables and a few others, flipped one at a time.
    let mut picks: Vec<u32> = (0..4)
        .filter(|_| !cell_vars.is_empty())
        .map(|_| cell_vars[rng.below(cell_vars.len())])
        .collect();
    picks.extend(
        (0..4)
            .filter(|_| vars > 0)
            .map(|_| 1 + rng.below(vars as usize) as u32),
    );
    for x in picks {
        let mut flipped = w.clone();
        flipped[x as usize - 1] ^= true;
        let result = r.extract(&flipped);
        if is_cell_var(x) {
            let e = result.expect_err("a flipped cell variable must be refused");
            assert_clear(&e, "flipped cell variable");
        } else {
            let satisfied = r.target().check(&flipped).is_ok();
            match result {
                Ok(grid) => {
                    assert!(satisfied);
                    assert_eq!(&grid, s, "an auxiliary flip changed the grid");
                }
                Err(e) => {
                    assert!(!satisfied, "extract refused a model: {e}");
                    assert_clear(&e, "flipped auxiliary variable");
                }
            }
        }
    }
    if files {
        let mut out = Vec::new();
        write_cnf(&mut out, &r, "property#1").unwrap();
        let back = parse_cnf(&out[..], DEFAULT_MAX_VARIABLES).unwrap();
        assert_eq!(&back, r.target(), "DIMACS CNF");
        let lits: Vec<String> = w
            .iter()
            .enumerate()
            .map(|(i, &b)| format!("{}{}", if b { "" } else { "-" }, i + 1))
            .collect();
        let answer = format!("s SATISFIABLE\nv {} 0\n", lits.join(" "));
        let (model, format) = parse_model_text(&answer, vars).unwrap();
        assert_eq!(
            (&model, format),
            (&w, ModelFormat::Competition),
            "SAT answer"
        );
        let params = Params::new()
            .with("encoding", Value::Choice(options.encoding.name()), &[])
            .with("simplify", Value::Flag(options.simplify), &[]);
        let steps = route::find("cnf")
            .unwrap()
            .build(puzzle, &params)
            .unwrap()
            .steps();
        let map = map_reads_back(puzzle, steps, "cnf", r.target().fingerprint());
        assert_eq!(map.target.fingerprint, back.fingerprint());
    }
}

fn ilp_properties(puzzle: &Puzzle, s: &Grid, rng: &mut Rng, files: bool) {
    let r = PuzzleToIlp::new(puzzle);
    let point = r.witness(s).unwrap();
    r.target().check(&point).unwrap();
    assert_eq!(&r.extract(&point).unwrap(), s);
    for _ in 0..6 {
        let i = rng.below(point.len());
        let mut flipped = point.clone();
        flipped[i] ^= true;
        assert_clear(&r.extract(&flipped).unwrap_err(), "flipped ILP variable");
    }
    if files {
        let mut out = Vec::new();
        write_lp(&mut out, &r, "property#1").unwrap();
        let back = parse_lp(&out[..]).unwrap();
        assert_eq!(&back.ilp, r.target(), "LP model");
        let names: Vec<String> = (0..point.len()).map(|i| r.var_name(i as u32)).collect();
        assert_eq!(back.var_names, names, "LP variable numbering");
        let rows: Vec<String> = (0..back.ilp.rows.len()).map(|k| r.row_name(k)).collect();
        assert_eq!(back.row_names, rows, "LP row names");
        // The witness as a Gurobi solution file.
        let mut sol = String::from("# Objective value = 0\n");
        for (i, &b) in point.iter().enumerate() {
            sol.push_str(&format!("{} {}\n", names[i], b as u8));
        }
        let (values, _) = parse_solution_text(&sol, &ModelNames::of(&r)).unwrap();
        let read = integral_point(&values).unwrap();
        assert_eq!(read, point, "solution file");
        assert_eq!(&r.extract(&read).unwrap(), s);
        map_reads_back(puzzle, Vec::new(), "lp", r.target().fingerprint());
    }
}

/// Every registered reduction on one case; `files` adds the export round trips.
fn all_properties(puzzle: &Puzzle, s: &Grid, seed: u64, files: bool) {
    let mut rng = Rng(seed ^ 0x5eed);
    if files {
        route_properties(puzzle, s);
    }
    cover_properties(puzzle, s, &mut rng);
    let big = puzzle.rows() > 6;
    let stages = [
        HcpOptions {
            stage: Stage::Directed,
            trim: false,
            clues: true,
            share: true,
            canonical: false,
        },
        HcpOptions {
            stage: Stage::Undirected,
            trim: true,
            clues: true,
            share: true,
            canonical: false,
        },
        HcpOptions {
            stage: Stage::Contracted,
            trim: false,
            clues: true,
            share: true,
            canonical: false,
        },
        HcpOptions {
            stage: Stage::Undirected,
            trim: false,
            clues: false,
            share: false,
            canonical: false,
        },
        HcpOptions {
            stage: Stage::Reduced,
            trim: false,
            clues: true,
            share: true,
            canonical: false,
        },
    ];
    // 9×9: the two ends of the chain (each stage's steps are also inside the contracted chain).
    for opts in stages {
        if big
            && !matches!(
                opts.stage,
                Stage::Directed | Stage::Contracted | Stage::Reduced
            )
        {
            continue;
        }
        hcp_properties(puzzle, s, opts, &mut rng, files);
    }
    // The canonical variant (registry entry `hcp-canonical`) at both ends of the chain.
    for stage in [Stage::Directed, Stage::Reduced] {
        let opts = HcpOptions {
            stage,
            trim: false,
            clues: true,
            share: true,
            canonical: false,
        };
        hcp_variant_properties(puzzle, s, opts, true, &mut rng, files);
    }
    for encoding in Encoding::ALL {
        if !encoding.accepts(puzzle) {
            continue;
        }
        for simplify in [false, true] {
            cnf_properties(
                puzzle,
                s,
                CnfOptions { encoding, simplify },
                &mut rng,
                files,
            );
        }
    }
    ilp_properties(puzzle, s, &mut rng, files);
}

/// What every route of the registry must do, whatever its target, for every variant it checks
/// (so a new route is tested here with no edit): the round trip after every step; the `.map` chain
/// rebuilds an instance of the same fingerprint; the witness written as a solver's answer decodes
/// back to the solution; that answer cut short is refused with a one-line error.
fn route_properties(puzzle: &Puzzle, s: &Grid) {
    let dir = tempfile::tempdir().unwrap();
    for r in route::registry() {
        for check in r.checks() {
            if !(check.accepts)(puzzle) {
                continue;
            }
            let built = r.build(puzzle, &check.params).unwrap();
            built
                .round_trip(s)
                .unwrap_or_else(|e| panic!("{}: {e}", check.name));
            let params = r.params_from_steps(&built.steps()).unwrap();
            let again = r.build(puzzle, &params).unwrap();
            assert_eq!(again.fingerprint(), built.fingerprint(), "{}", check.name);
            let answer = built.witness_answer(s).unwrap();
            let path = dir.path().join("answer");
            std::fs::write(&path, &answer).unwrap();
            let grid = built
                .decode(&path, &AnswerHints::default())
                .unwrap_or_else(|e| panic!("{}: {e}", check.name));
            assert_eq!(&grid, s, "{}: decode of the witness answer", check.name);
            // Cut inside its content (a one-bit answer cut in half loses only its newline).
            let half = &answer[..answer.len() / 2];
            if half.trim_ascii_end() != answer.trim_ascii_end() {
                std::fs::write(&path, half).unwrap();
                let e = built
                    .decode(&path, &AnswerHints::default())
                    .expect_err("half an answer");
                assert!(!e.to_string().contains('\n'), "{}: {e}", check.name);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn sudoku4_certificates(seed in any::<u64>(), percent in 0usize..80) {
        let (p, s) = sudoku_case(4, percent, seed);
        all_properties(&p, &s, seed, true);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn suguru_certificates(seed in any::<u64>(), rows in 1usize..=6, cols in 1usize..=6,
                           percent in 0usize..60) {
        let (p, s) = suguru_case(rows, cols, percent, seed);
        all_properties(&p, &s, seed, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn sudoku9_certificates(seed in any::<u64>(), percent in 20usize..70) {
        let (p, s) = sudoku_case(9, percent, seed);
        all_properties(&p, &s, seed, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    #[ignore = "long: many more cases of the properties above"]
    fn many_certificates(seed in any::<u64>(), kind in 0usize..3, rows in 1usize..=6,
                         cols in 1usize..=6, percent in 0usize..80) {
        let (p, s) = match kind {
            0 => sudoku_case(4, percent, seed),
            1 => sudoku_case(9, percent.max(20), seed),
            _ => suguru_case(rows, cols, percent, seed),
        };
        all_properties(&p, &s, seed, true);
    }
}
