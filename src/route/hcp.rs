//! `--to hcp`: the Hamiltonian-cycle chain ([`crate::hcp::chain`]) at a chosen stage, in the graph
//! formats of LKH, Concorde and Graphviz, read back from LKH, Concorde, linkern or plain tours.

use super::{
    AnswerHints, Built, Check, Choice, Conflict, Kind, Param, Params, Route, WriteFn, choice,
};
use crate::error::{CertificateError, Error, Result};
use crate::formats::dot::{DotOptions, write_dot_digraph, write_dot_graph};
use crate::formats::tour::{Base, TourFormat, TourOptions, read_tour, write_lkh_tour};
use crate::formats::{arcs, concorde, tsplib};
use crate::hcp::chain::{HcpChain, HcpOptions, Stage, build};
use crate::hcp::contract::Outcome;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{Fingerprinter, Problem, Sizes, StepRecord};
use std::path::Path;
use std::sync::Arc;

pub struct HcpRoute;

/// `--stage`: how far the chain goes (`trimmed` is `undirected` with the triplet trick).
const STAGES: &[Choice] = &[
    choice(
        "directed",
        "Haythorpe's directed graph (clue arcs removed).",
    ),
    choice(
        "undirected",
        "The undirected conversion (3 vertices per directed vertex).",
    ),
    choice("trimmed", "Undirected with the triplet trick."),
    choice(
        "contracted",
        "Undirected, then the paper's two degree-2 rules (the paper's experiment).",
    ),
    choice(
        "reduced",
        "Undirected, then the puzzle's singles as removed arcs, forced-edge propagation and contraction (docs/hcp-reducer.md).",
    ),
];

/// The graph formats, described.
const FORMAT_CHOICES: &[Choice] = &[
    choice(
        "tsplib",
        "TSPLIB `TYPE : HCP` edge list, as LKH and the FHCP set use (undirected stages).",
    ),
    choice(
        "concorde",
        "Concorde's sparse edge file for `concorde -N 10` (undirected stages).",
    ),
    choice(
        "tsp",
        "TSPLIB TSP with an explicit matrix, 1 on edges and 2 off them (undirected, up to --matrix-limit).",
    ),
    choice(
        "arcs",
        "Arc list `n m` then `u v`, 1-based (the directed stage).",
    ),
    choice(
        "atsp",
        "TSPLIB ATSP with an explicit matrix, 0 on arcs and 1 off them (directed, up to --matrix-limit).",
    ),
    choice("dot", "Graphviz DOT with vertex labels."),
];

/// `--format`: (name, file extension, for directed stages).
const FORMATS: &[(&str, &str, Option<bool>)] = &[
    ("tsplib", "hcp", Some(false)),
    ("concorde", "edg", Some(false)),
    ("tsp", "tsp", Some(false)),
    ("arcs", "arcs", Some(true)),
    ("atsp", "atsp", Some(true)),
    ("dot", "dot", None),
];

const PARAMS: &[Param] = &[
    Param {
        key: "stage",
        help: "Hamiltonian-cycle stage (--to hcp): directed, undirected, trimmed, contracted (default) or reduced (singles and forced edges, then contraction).",
        kind: Kind::Choice(STAGES),
    },
    Param {
        key: "trim",
        help: "The triplet trick on an undirected stage (--to hcp).",
        kind: Kind::Flag,
    },
    Param {
        key: "keep-clue-arcs",
        help: "Keep the redundant clue arcs (--to hcp; givens are still enforced).",
        kind: Kind::Flag,
    },
    Param {
        key: "canonical",
        help: "Build from the canonical variant of the layered graph (--to hcp): exactly one Hamiltonian cycle per solution, so counting cycles counts solutions (docs/hcp-construction.md §11).",
        kind: Kind::Flag,
    },
    Param {
        key: "format",
        help: "Graph file format (--to hcp): tsplib (default, undirected), concorde, tsp, arcs (default, directed), atsp, dot.",
        kind: Kind::Choice(FORMAT_CHOICES),
    },
    Param {
        key: "matrix-limit",
        help: "Largest vertex count for the explicit-matrix formats tsp and atsp (default: 5000).",
        kind: Kind::Count("a whole number of vertices"),
    },
    Param {
        key: "witness",
        help: "Also write OUT.tour (--to hcp): the Hamiltonian cycle of the puzzle's solution as an LKH TOUR file (the puzzle is solved in-process when no solution is known).",
        kind: Kind::Flag,
    },
    Param {
        key: "labels",
        help: "Also write OUT.labels (--to hcp): each vertex's 1-based id and readable label.",
        kind: Kind::Flag,
    },
];

/// The chain options of `stage`, `trim`, `keep-clue-arcs` and `canonical`.
pub fn chain_options(params: &Params) -> HcpOptions {
    let trim = params.flag("trim");
    let (stage, trim) = match params.choice("stage").unwrap_or("contracted") {
        "directed" => (Stage::Directed, false),
        "undirected" => (Stage::Undirected, trim),
        "trimmed" => (Stage::Undirected, true),
        "reduced" => (Stage::Reduced, trim),
        _ => (Stage::Contracted, trim),
    };
    HcpOptions {
        stage,
        trim,
        clues: !params.flag("keep-clue-arcs"),
        canonical: params.flag("canonical"),
        ..HcpOptions::default()
    }
}

/// The params that give `options` (for `.map` chains read back).
fn params_of(options: &HcpOptions) -> Params {
    let stage = match options.stage {
        Stage::Directed => "directed",
        Stage::Undirected => "undirected",
        Stage::Contracted => "contracted",
        Stage::Reduced => "reduced",
    };
    let mut p = Params::new().with("stage", super::Value::Choice(stage), PARAMS);
    for (key, on) in [
        ("trim", options.trim),
        ("keep-clue-arcs", !options.clues),
        ("canonical", options.canonical),
    ] {
        if on {
            p.set(key, super::Value::Flag(true), PARAMS);
        }
    }
    p
}

/// The default matrix limit of `tsp`/`atsp`.
fn matrix_limit(params: &Params) -> u32 {
    params
        .count("matrix-limit")
        .map_or(tsplib::DEFAULT_MATRIX_LIMIT, |n| n as u32)
}

/// Whether a graph format fits a stage's directedness.
fn fits(format: &str, directed: bool) -> bool {
    FORMATS
        .iter()
        .find(|(f, _, _)| *f == format)
        .is_none_or(|(_, _, d)| d.is_none_or(|d| d == directed))
}

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the hcp instance",
    per_candidate: 0,
    per_pair: 32,
};

impl Route for HcpRoute {
    fn footprint(&self, _params: &Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "hcp"
    }
    fn about(&self) -> &'static str {
        "Hamiltonian-cycle graph for LKH, Concorde or `gridreduce hcp solve`."
    }
    fn params(&self) -> &'static [Param] {
        PARAMS
    }
    /// `name (sudoku 9, 17 clues)`: the size as `N` for Sudoku, `RxC` for Suguru.
    fn title(&self, name: &str, puzzle: &Puzzle) -> String {
        format!(
            "{name} ({} {}, {} clues)",
            puzzle.kind(),
            puzzle.size_label(),
            puzzle.clues()
        )
    }
    fn conflict(&self, params: &Params) -> Option<Conflict> {
        let directed = chain_options(params).stage == Stage::Directed;
        let format = params.choice("format")?;
        (!fits(format, directed)).then(|| {
            Conflict::new(
                "format",
                format!(
                    "does not fit the {} stage (directed: arcs, atsp, dot; undirected: tsplib, concorde, tsp, dot)",
                    if directed { "directed" } else { "undirected" }
                ),
            )
        })
    }
    fn decodes(&self, kind: &str) -> bool {
        kind == "hcp" || kind == "directed-hcp"
    }
    fn needs_solution(&self, params: &Params) -> bool {
        params.flag("witness")
    }
    fn build(&self, puzzle: &Puzzle, params: &Params) -> Result<Arc<dyn Built>> {
        Ok(Arc::new(HcpBuilt(build(puzzle, &chain_options(params))?)))
    }
    fn params_from_steps(&self, steps: &[StepRecord]) -> std::result::Result<Params, String> {
        HcpOptions::from_steps(steps).map(|o| params_of(&o))
    }
    fn stats_names(&self, _: &Params) -> Vec<String> {
        STATS_COLUMNS.iter().map(|s| s.to_string()).collect()
    }
    /// Every stage's sizes from one build of the undirected graph (the contraction and the
    /// reducer measured, not built).
    fn stats_values(&self, puzzle: &Puzzle, _: &Params) -> Result<Vec<String>> {
        let s = crate::hcp::chain::stats(puzzle, false)?;
        let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
        let flag = |v: Option<bool>| v.map(|b| b.to_string()).unwrap_or_default();
        Ok(vec![
            s.directed_vertices.to_string(),
            s.directed_edges.to_string(),
            s.removed_arcs.to_string(),
            opt(s.undirected_vertices),
            opt(s.undirected_edges),
            opt(s.trimmed_vertices),
            opt(s.trimmed_edges),
            opt(s.contracted_vertices),
            opt(s.contracted_edges),
            flag(s.contracted_solved),
            opt(s.reduced_vertices),
            opt(s.reduced_edges),
            flag(s.reduced_solved),
        ])
    }
    /// The directed sizes, then the exported stage's `vertices`/`edges` as `<stage>_vertices`
    /// and `<stage>_edges`, the names of `stats`.
    fn run_columns(&self, params: &Params) -> Vec<(String, &'static str)> {
        let options = chain_options(params);
        let stage = match (options.stage, options.trim) {
            (Stage::Directed, _) => None,
            (Stage::Undirected, true) => Some("trimmed"),
            (Stage::Undirected, false) => Some("undirected"),
            (Stage::Contracted, _) => Some("contracted"),
            (Stage::Reduced, _) => Some("reduced"),
        };
        let mut v = vec![
            ("directed_vertices".to_string(), "directed_vertices"),
            ("directed_edges".to_string(), "directed_edges"),
            ("removed_arcs".to_string(), "removed_arcs"),
        ];
        if let Some(stage) = stage {
            v.push((format!("{stage}_vertices"), "vertices"));
            v.push((format!("{stage}_edges"), "edges"));
        }
        v
    }
    fn checks(&self) -> Vec<Check> {
        let with = |pairs: &[(&'static str, super::Value)]| {
            let mut p = Params::new();
            for &(k, v) in pairs {
                p.set(k, v, PARAMS);
            }
            p
        };
        use super::Value::{Choice, Flag};
        vec![
            Check {
                name: "hcp".into(),
                params: with(&[("stage", Choice("contracted")), ("trim", Flag(true))]),
                accepts: hcp_accepts,
            },
            Check {
                name: "hcp-untrimmed".into(),
                params: Params::new(),
                accepts: |p| p.rows() <= 4 || p.kind() == "suguru",
            },
            Check {
                name: "hcp-reduced".into(),
                params: with(&[("stage", Choice("reduced"))]),
                accepts: hcp_accepts,
            },
            Check {
                name: "hcp-canonical".into(),
                params: with(&[
                    ("stage", Choice("contracted")),
                    ("trim", Flag(true)),
                    ("canonical", Flag(true)),
                ]),
                accepts: hcp_accepts,
            },
        ]
    }
}

/// The `stats` columns of the Hamiltonian-cycle chain, one per stage size.
const STATS_COLUMNS: &[&str] = &[
    "directed_vertices",
    "directed_edges",
    "removed_arcs",
    "undirected_vertices",
    "undirected_edges",
    "trimmed_vertices",
    "trimmed_edges",
    "contracted_vertices",
    "contracted_edges",
    "contracted_solved",
    "reduced_vertices",
    "reduced_edges",
    "reduced_solved",
];

/// The Hamiltonian-cycle chain runs on 4×4 and 9×9 Sudoku and on every Suguru in `cargo test`;
/// 16×16 and 25×25 run in `tests/hcp_round_trip.rs` under `--ignored`.
fn hcp_accepts(p: &Puzzle) -> bool {
    match p {
        Puzzle::Sudoku(s) => matches!(s.n(), 4 | 9),
        Puzzle::Suguru(_) => true,
        Puzzle::Described(_) => p.rows() * p.cols() <= 81,
    }
}

/// Fingerprint of a chain's final graph: its vertex count and sorted edge (arc) list.
pub fn graph_fingerprint(chain: &HcpChain) -> String {
    let mut f = Fingerprinter::default();
    match (chain.directed_target(), chain.undirected_target()) {
        (_, Some(g)) => {
            f.update(b"graph");
            f.update_u32(g.vertices());
            for (a, b) in g.edges() {
                f.update_u32(a);
                f.update_u32(b);
            }
        }
        (Some(d), None) => {
            f.update(b"digraph");
            f.update_u32(d.vertices());
            for (a, b) in d.arcs() {
                f.update_u32(a);
                f.update_u32(b);
            }
        }
        (None, None) => {}
    }
    f.finish()
}

/// A built chain.
struct HcpBuilt(HcpChain);

impl HcpBuilt {
    fn directed(&self) -> bool {
        self.0.undirected_target().is_none()
    }
}

impl Built for HcpBuilt {
    fn kind(&self) -> &'static str {
        if self.directed() {
            "directed-hcp"
        } else {
            "hcp"
        }
    }
    fn steps(&self) -> Vec<StepRecord> {
        self.0.steps()
    }
    fn fingerprint(&self) -> String {
        graph_fingerprint(&self.0)
    }
    fn sizes(&self) -> Sizes {
        let chain = &self.0;
        let stats = chain.stats();
        let mut sizes = Sizes::new()
            .with("vertices", chain.vertices() as u64)
            .with("edges", chain.edges() as u64)
            .with("directed_vertices", stats.directed_vertices)
            .with("directed_edges", stats.directed_edges)
            .with("removed_arcs", stats.removed_arcs);
        if let Some(v) = stats.contracted_vertices {
            sizes = sizes
                .with("contracted_vertices", v)
                .with("contracted_edges", stats.contracted_edges.unwrap_or(0));
        }
        if let Some(v) = stats.reduced_vertices {
            sizes = sizes
                .with("reduced_vertices", v)
                .with("reduced_edges", stats.reduced_edges.unwrap_or(0));
        }
        sizes
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        self.0.stage_sizes()
    }
    fn declared_mismatches(&self) -> Vec<String> {
        self.0.declared_mismatches()
    }
    fn summary(&self) -> String {
        let chain = &self.0;
        let mut summary = format!("{} vertices, {} edges", chain.vertices(), chain.edges());
        match chain.outcome() {
            Some(Outcome::Solved) => {
                summary.push_str(" (a single cycle is left: solved by reduction alone)")
            }
            Some(Outcome::NotHamiltonian(why)) => {
                summary.push_str(&format!(" (provably not Hamiltonian: {why})"))
            }
            _ => {}
        }
        summary
    }
    fn file_format(&self, params: &Params) -> Result<(&'static str, &'static str)> {
        let directed = self.directed();
        let name = params
            .choice("format")
            .unwrap_or(if directed { "arcs" } else { "tsplib" });
        let &(name, extension, _) = FORMATS
            .iter()
            .find(|(f, _, _)| *f == name)
            .expect("formats are checked when parameters are read");
        if !fits(name, directed) {
            return Err(Error::Construction(format!(
                "--format {name} does not fit the {} stage",
                if directed { "directed" } else { "undirected" }
            )));
        }
        if matches!(name, "tsp" | "atsp") {
            tsplib::check_matrix_limit(self.0.vertices(), matrix_limit(params))?;
        }
        Ok((name, extension))
    }
    fn write(&self, format: &str, title: &str, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        let c = &self.0;
        let label = |v: u32| c.label(v);
        let dot = DotOptions {
            name: "gridreduce",
            labels: Some(&label),
            highlight: None,
        };
        match (format, c.directed_target(), c.undirected_target()) {
            ("tsplib", _, Some(g)) => tsplib::write_hcp(w, g, "gridreduce", Some(title)),
            ("concorde", _, Some(g)) => concorde::write_edges(w, g),
            ("tsp", _, Some(g)) => tsplib::write_tsp_matrix(w, g, "gridreduce", Some(title)),
            ("dot", _, Some(g)) => write_dot_graph(w, g, &dot),
            ("arcs", Some(d), None) => arcs::write_arcs(w, d),
            ("atsp", Some(d), None) => tsplib::write_atsp_matrix(w, d, "gridreduce", Some(title)),
            ("dot", Some(d), None) => write_dot_digraph(w, d, &dot),
            _ => Err(std::io::Error::other("format and stage do not fit")),
        }
    }
    fn extras(
        self: Arc<Self>,
        params: &Params,
        name: &str,
        solution: Option<&Grid>,
    ) -> Result<Vec<(&'static str, WriteFn)>> {
        let mut extras: Vec<(&'static str, WriteFn)> = Vec::new();
        if let (true, Some(solution)) = (params.flag("witness"), solution) {
            let tour = self.0.witness(solution).map_err(|e| Error::Certificate {
                file: None,
                error: e,
            })?;
            let tname = name.to_string();
            extras.push((
                "tour",
                Box::new(move |w| {
                    write_lkh_tour(
                        w,
                        &tour,
                        &tname,
                        Some("the Hamiltonian cycle of the puzzle's solution (gridreduce witness)"),
                    )
                }),
            ));
        }
        if params.flag("labels") {
            let c = self.clone();
            extras.push((
                "labels",
                Box::new(move |w| {
                    for v in 0..c.0.vertices() {
                        writeln!(w, "{} {}", v + 1, c.0.label(v))?;
                    }
                    Ok(())
                }),
            ));
        }
        Ok(extras)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["lkh", "concorde", "linkern", "perm"]
    }
    /// An LKH TOUR file.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>> {
        let tour = self.0.witness(solution)?;
        let mut out = Vec::new();
        write_lkh_tour(&mut out, &tour, "witness", None)
            .map_err(|e| Error::io(Path::new("-"), e))?;
        Ok(out)
    }
    /// Reads and checks the tour, lifts it back and decodes the grid.
    fn decode(&self, answer: &Path, hints: &AnswerHints) -> Result<Grid> {
        let chain = &self.0;
        let format = hints.format.as_deref().map(|f| match f {
            "lkh" => TourFormat::Lkh,
            "concorde" => TourFormat::Concorde,
            "linkern" => TourFormat::Linkern,
            _ => TourFormat::Perm,
        });
        let base = hints
            .base
            .map(|b| if b == 0 { Base::Zero } else { Base::One });
        let tour = read_tour(
            answer,
            &TourOptions {
                format,
                base,
                vertices: Some(chain.vertices()),
            },
        )?;
        let cert_err = |e: CertificateError| super::answer_error(answer, e);
        let tour = tour.tour.to_vec();
        match (chain.directed_target(), chain.undirected_target()) {
            (_, Some(g)) => g.check(&tour),
            (Some(d), None) => d.check(&tour),
            (None, None) => Ok(()),
        }
        .map_err(cert_err)?;
        chain.extract(&tour).map_err(cert_err)
    }
    fn round_trip(&self, solution: &Grid) -> std::result::Result<Sizes, String> {
        self.0.round_trip(solution)
    }
}
