//! The Hamiltonian-cycle arm of `reduce`, `decode` and `stats`: exporting a puzzle's graph at a
//! chosen stage in the solvers' formats, decoding a tour of it, and the graph size columns.

use super::reduce::Export;
use crate::error::{CertificateError, Error, Result};
use crate::formats::dot::{DotOptions, write_dot_digraph, write_dot_graph};
use crate::formats::map::{Fingerprinter, MapFile};
use crate::formats::tour::{Base, TourFormat, TourOptions, read_tour, write_lkh_tour};
use crate::formats::{arcs, concorde, tsplib};
use crate::hcp::chain::{HcpChain, HcpOptions, Stage, build};
use crate::hcp::{Digraph, Graph};
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Sizes;
use std::path::Path;
use std::sync::Arc;

/// Graph file formats of `reduce --to hcp --format`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum HcpFormat {
    /// TSPLIB `TYPE : HCP` edge list, as LKH and the FHCP set use (undirected stages).
    Tsplib,
    /// Concorde's sparse edge file for `concorde -N 10` (undirected stages).
    Concorde,
    /// TSPLIB TSP with an explicit matrix, 1 on edges and 2 off them (undirected, up to --matrix-limit).
    Tsp,
    /// Arc list `n m` then `u v`, 1-based (the directed stage).
    Arcs,
    /// TSPLIB ATSP with an explicit matrix, 0 on arcs and 1 off them (directed, up to --matrix-limit).
    Atsp,
    /// Graphviz DOT with vertex labels.
    Dot,
}

impl HcpFormat {
    fn extension(self) -> &'static str {
        match self {
            HcpFormat::Tsplib => "hcp",
            HcpFormat::Concorde => "edg",
            HcpFormat::Tsp => "tsp",
            HcpFormat::Arcs => "arcs",
            HcpFormat::Atsp => "atsp",
            HcpFormat::Dot => "dot",
        }
    }
    fn name(self) -> &'static str {
        match self {
            HcpFormat::Tsplib => "tsplib",
            HcpFormat::Concorde => "concorde",
            HcpFormat::Tsp => "tsp",
            HcpFormat::Arcs => "arcs",
            HcpFormat::Atsp => "atsp",
            HcpFormat::Dot => "dot",
        }
    }
}

/// What `reduce --to hcp` needs besides the puzzle.
#[derive(Clone, Debug)]
pub struct HcpExportOptions {
    pub options: HcpOptions,
    pub format: Option<HcpFormat>,
    pub matrix_limit: u32,
    /// The puzzle's solution, for `--witness` (the caller solves if it is unknown).
    pub witness: Option<Grid>,
    pub labels: bool,
}

/// Fingerprint of a graph: its vertex count and sorted edge (arc) list.
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

/// Builds the export of one puzzle's graph.
pub fn export(puzzle: &Puzzle, name: &str, opts: &HcpExportOptions) -> Result<Export> {
    let chain = Arc::new(build(puzzle, &opts.options)?);
    let directed = chain.undirected_target().is_none();
    let format = opts.format.unwrap_or(if directed {
        HcpFormat::Arcs
    } else {
        HcpFormat::Tsplib
    });
    let fits = match format {
        HcpFormat::Arcs | HcpFormat::Atsp => directed,
        HcpFormat::Tsplib | HcpFormat::Concorde | HcpFormat::Tsp => !directed,
        HcpFormat::Dot => true,
    };
    if !fits {
        return Err(Error::Usage(format!(
            "--format {} does not fit the {} stage (directed: arcs, atsp, dot; undirected: tsplib, concorde, tsp, dot)",
            format.name(),
            if directed { "directed" } else { "undirected" }
        )));
    }
    if matches!(format, HcpFormat::Tsp | HcpFormat::Atsp) {
        tsplib::check_matrix_limit(chain.vertices(), opts.matrix_limit)?;
    }
    let stats = chain.stats();
    let mut summary = format!("{} vertices, {} edges", chain.vertices(), chain.edges());
    match chain.outcome() {
        Some(crate::hcp::contract::Outcome::Solved) => {
            summary.push_str(" (a single cycle is left: solved by reduction alone)")
        }
        Some(crate::hcp::contract::Outcome::NotHamiltonian(why)) => {
            summary.push_str(&format!(" (provably not Hamiltonian: {why})"))
        }
        _ => {}
    }
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
    let title = format!(
        "{name} ({} {}, {} clues)",
        puzzle.kind(),
        puzzle.size_label(),
        puzzle.clues()
    );
    let mut extras: Vec<(&'static str, super::reduce::WriteFn)> = Vec::new();
    if let Some(solution) = &opts.witness {
        let tour = chain.witness(solution).map_err(|e| Error::Certificate {
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
    if opts.labels {
        let c = chain.clone();
        extras.push((
            "labels",
            Box::new(move |w| {
                for v in 0..c.vertices() {
                    writeln!(w, "{} {}", v + 1, c.label(v))?;
                }
                Ok(())
            }),
        ));
    }
    let c = chain.clone();
    let limit_ok_title = title.clone();
    let write: super::reduce::WriteFn = Box::new(move |w| {
        let title = limit_ok_title.as_str();
        match (format, c.directed_target(), c.undirected_target()) {
            (HcpFormat::Tsplib, _, Some(g)) => tsplib::write_hcp(w, g, "gridreduce", Some(title)),
            (HcpFormat::Concorde, _, Some(g)) => concorde::write_edges(w, g),
            (HcpFormat::Tsp, _, Some(g)) => {
                tsplib::write_tsp_matrix(w, g, "gridreduce", Some(title))
            }
            (HcpFormat::Dot, _, Some(g)) => {
                let label = |v: u32| c.label(v);
                write_dot_graph(
                    w,
                    g,
                    &DotOptions {
                        name: "gridreduce",
                        labels: Some(&label),
                        highlight: None,
                    },
                )
            }
            (HcpFormat::Arcs, Some(d), None) => arcs::write_arcs(w, d),
            (HcpFormat::Atsp, Some(d), None) => {
                tsplib::write_atsp_matrix(w, d, "gridreduce", Some(title))
            }
            (HcpFormat::Dot, Some(d), None) => {
                let label = |v: u32| c.label(v);
                write_dot_digraph(
                    w,
                    d,
                    &DotOptions {
                        name: "gridreduce",
                        labels: Some(&label),
                        highlight: None,
                    },
                )
            }
            _ => Err(std::io::Error::other("format and stage do not fit")),
        }
    });
    Ok(Export {
        kind: if directed { "directed-hcp" } else { "hcp" },
        extension: format.extension(),
        format: format.name(),
        chain: chain.steps(),
        fingerprint: graph_fingerprint(&chain),
        sizes,
        summary,
        write,
        extras,
    })
}

/// Decodes a tour file of an exported graph: rebuild, check the fingerprint, read and check the
/// tour, lift it back and decode the grid.
pub fn decode(
    map: &MapFile,
    map_path: &Path,
    tour_path: &Path,
    puzzle: &Puzzle,
    format: Option<TourFormat>,
    base: Option<Base>,
) -> Result<Grid> {
    let chain = build(puzzle, &HcpOptions::from_steps(&map.chain)?)?;
    let rebuilt = graph_fingerprint(&chain);
    if rebuilt != map.target.fingerprint {
        return Err(Error::Input(
            crate::error::InputError::new(format!(
                "the puzzle and steps rebuild a graph with fingerprint {rebuilt}, but the map records {} (edited, or written by another gridreduce version)",
                map.target.fingerprint
            ))
            .in_file(map_path),
        ));
    }
    let n = chain.vertices();
    let tour = read_tour(
        tour_path,
        &TourOptions {
            format,
            base,
            vertices: Some(n),
        },
    )?;
    let cert_err = |e: CertificateError| Error::Certificate {
        file: Some(tour_path.to_path_buf()),
        error: e,
    };
    let check = match (chain.directed_target(), chain.undirected_target()) {
        (_, Some(g)) => check_graph(g, &tour.tour),
        (Some(d), None) => check_digraph(d, &tour.tour),
        (None, None) => Ok(()),
    };
    check.map_err(cert_err)?;
    chain.extract(&tour.tour).map_err(cert_err)
}

fn check_graph(g: &Graph, tour: &[u32]) -> std::result::Result<(), CertificateError> {
    use crate::reduce::Problem;
    g.check(&tour.to_vec())
}

fn check_digraph(d: &Digraph, tour: &[u32]) -> std::result::Result<(), CertificateError> {
    use crate::reduce::Problem;
    d.check(&tour.to_vec())
}

/// The graph columns of `stats`.
pub fn columns(puzzle: &Puzzle) -> Result<Vec<(&'static str, String)>> {
    let s = crate::hcp::chain::stats(puzzle, false)?;
    let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
    Ok(vec![
        ("directed_vertices", s.directed_vertices.to_string()),
        ("directed_edges", s.directed_edges.to_string()),
        ("removed_arcs", s.removed_arcs.to_string()),
        ("undirected_vertices", opt(s.undirected_vertices)),
        ("undirected_edges", opt(s.undirected_edges)),
        ("trimmed_vertices", opt(s.trimmed_vertices)),
        ("trimmed_edges", opt(s.trimmed_edges)),
        ("contracted_vertices", opt(s.contracted_vertices)),
        ("contracted_edges", opt(s.contracted_edges)),
        (
            "contracted_solved",
            s.contracted_solved
                .map(|b| b.to_string())
                .unwrap_or_default(),
        ),
        ("reduced_vertices", opt(s.reduced_vertices)),
        ("reduced_edges", opt(s.reduced_edges)),
        (
            "reduced_solved",
            s.reduced_solved.map(|b| b.to_string()).unwrap_or_default(),
        ),
    ])
}

/// `--stage` of `reduce --to hcp`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum StageArg {
    /// Haythorpe's directed graph (clue arcs removed).
    Directed,
    /// The undirected conversion (3 vertices per directed vertex).
    Undirected,
    /// Undirected with the triplet trick.
    Trimmed,
    /// Undirected, then the paper's two degree-2 rules (the paper's experiment).
    Contracted,
    /// Undirected, then the puzzle's singles as removed arcs, forced-edge propagation and
    /// contraction (docs/hcp-reducer.md).
    Reduced,
}

/// The chain options of `--stage`, `--trim` (the triplet trick on any undirected stage) and
/// `--keep-clue-arcs`.
pub fn options(
    stage: Option<StageArg>,
    trim: bool,
    keep_clue_arcs: bool,
    canonical: bool,
) -> HcpOptions {
    let (stage, trim) = match stage.unwrap_or(StageArg::Contracted) {
        StageArg::Directed => (Stage::Directed, false),
        StageArg::Undirected => (Stage::Undirected, trim),
        StageArg::Trimmed => (Stage::Undirected, true),
        StageArg::Contracted => (Stage::Contracted, trim),
        StageArg::Reduced => (Stage::Reduced, trim),
    };
    HcpOptions {
        stage,
        trim,
        clues: !keep_clue_arcs,
        canonical,
        ..HcpOptions::default()
    }
}
