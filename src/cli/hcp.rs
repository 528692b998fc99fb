//! `gridreduce hcp`: work with Hamiltonian-cycle instance files directly — check a solver's tour
//! against any graph file, describe a graph, convert between the formats solvers read.

use crate::error::{Error, Result};
use crate::formats::dot::{DotOptions, write_dot_digraph_file, write_dot_graph_file};
use crate::formats::graphs::{GraphFile, GraphFormat, Instance, read_graph};
use crate::formats::tour::{Base, TourFormat, TourOptions, read_tour};
use crate::formats::{arcs, concorde, tsplib};
use clap::Subcommand;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Hamiltonian-cycle files: solve, check tours, describe graphs, convert formats.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp check data/hcp/tsplib/alb1000.hcp data/hcp/tsplib/alb1000.opt.tour\n  gridreduce hcp info data/hcp/fhcp/graph1.hcp\n  gridreduce hcp convert data/hcp/fhcp/graph1.hcp --to concorde -o graph1.edg\n  gridreduce hcp solve data/hcp/tsplib/alb1000.hcp -o alb1000.tour"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: HcpCommand,
}

#[derive(Subcommand, Debug)]
pub enum HcpCommand {
    Check(super::Deferred<CheckArgs>),
    Info(super::Deferred<InfoArgs>),
    Convert(super::Deferred<ConvertArgs>),
    Solve(super::Deferred<super::hcp_solve::SolveArgs>),
    CheckProof(super::Deferred<super::check_proof::Args>),
}

/// Check that a tour is a Hamiltonian cycle of a graph: prints OK (exit 0) or the first problem
/// (exit 1: the tour steps along a non-edge or skips a fixed edge). An unreadable graph or tour,
/// or a tour that is not a permutation of the vertices, is bad input (exit 2).
///
/// The graph may be TSPLIB (HCP, or the TSP/ATSP matrices gridreduce writes), a Concorde edge file
/// or an arc list; the tour an LKH TOUR file, a Concorde .sol, a linkern -o edge list or a plain
/// permutation. Both formats are detected from the content unless given.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp check data/hcp/fhcp/graph1.hcp data/hcp/fhcp/graph1.computed.tour\n  gridreduce hcp check out.hcp out.sol --format concorde\n  gridreduce hcp check graph.hcp order.txt --format perm --base 0"
)]
pub struct CheckArgs {
    /// The graph file.
    pub graph: PathBuf,
    /// The tour file.
    pub tour: PathBuf,
    /// Tour format (detected by default).
    #[arg(long, value_enum)]
    pub format: Option<TourFormat>,
    /// Numbering of a plain permutation: 0 or 1 (by default 0 if the file contains 0, else 1).
    #[arg(long, value_enum)]
    pub base: Option<Base>,
    /// Graph format (detected by default).
    #[arg(long, value_enum)]
    pub graph_format: Option<GraphFormat>,
}

/// Describe a graph file: format, vertices, edges, degree histogram, connectivity, and whether a
/// simple necessary condition already rules out a Hamiltonian cycle.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp info data/hcp/tsplib/alb1000.hcp\n  gridreduce hcp info out.arcs --json"
)]
pub struct InfoArgs {
    /// The graph file.
    pub graph: PathBuf,
    /// Graph format (detected by default).
    #[arg(long, value_enum)]
    pub graph_format: Option<GraphFormat>,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Output formats of `hcp convert`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConvertTo {
    /// TSPLIB HCP (undirected graphs), for LKH.
    Tsplib,
    /// Concorde sparse edge file (undirected), for `concorde -N 10`.
    Concorde,
    /// TSPLIB TSP with an explicit UPPER_ROW matrix, weights 1/2 (undirected).
    Tsp,
    /// TSPLIB ATSP with an explicit FULL_MATRIX, weights 0/1 (directed), for LKH.
    Atsp,
    /// Arc list `n m` + `u v` (directed).
    Arcs,
    /// Graphviz DOT (either).
    Dot,
}

/// Convert a graph file to another format (written atomically).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gridreduce hcp convert data/hcp/fhcp/graph1.hcp --to concorde -o graph1.edg\n  gridreduce hcp convert data/hcp/tsplib/alb1000.hcp --to tsp -o alb1000.tsp\n  gridreduce hcp convert big.hcp --to tsp --matrix-limit 20000 -o big.tsp"
)]
pub struct ConvertArgs {
    /// The graph file.
    pub graph: PathBuf,
    /// Output format.
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    /// Output file.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Largest vertex count for the explicit-matrix formats (tsp, atsp).
    #[arg(long, value_name = "N", default_value_t = tsplib::DEFAULT_MATRIX_LIMIT)]
    pub matrix_limit: u32,
    /// NAME written in TSPLIB files (default: the output file's stem).
    #[arg(long)]
    pub name: Option<String>,
    /// Input graph format (detected by default).
    #[arg(long, value_enum)]
    pub graph_format: Option<GraphFormat>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        HcpCommand::Check(a) => check(a.0),
        HcpCommand::Info(a) => info(a.0),
        HcpCommand::Convert(a) => convert(a.0),
        HcpCommand::Solve(a) => super::hcp_solve::run(a.0),
        HcpCommand::CheckProof(a) => super::check_proof::run(a.0),
    }
}

fn check(args: CheckArgs) -> Result<ExitCode> {
    let graph = read_graph(&args.graph, args.graph_format)?;
    let n = graph.instance.vertices();
    let tour = read_tour(
        &args.tour,
        &TourOptions {
            format: args.format,
            base: args.base,
            vertices: Some(n),
        },
    )?;
    let verdict = graph.instance.check(&tour.tour).map_err(|e| e.message);
    let verdict = verdict.and_then(|()| fixed_edges_used(&graph, &tour.tour));
    match verdict {
        Ok(()) => {
            println!(
                "OK: {} is a Hamiltonian cycle of {} ({n} vertices, {} tour)",
                args.tour.display(),
                args.graph.display(),
                tour.format.name()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(problem) => {
            println!(
                "{}: not a Hamiltonian cycle of {}: {problem}",
                args.tour.display(),
                args.graph.display()
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// A TSPLIB FIXED_EDGES_SECTION names edges every solution must use.
pub(crate) fn fixed_edges_used(graph: &GraphFile, tour: &[u32]) -> std::result::Result<(), String> {
    let Some(header) = &graph.header else {
        return Ok(());
    };
    if header.fixed_edges.is_empty() || tour.is_empty() {
        return Ok(());
    }
    let mut next = vec![0u32; tour.len()];
    for i in 0..tour.len() {
        next[tour[i] as usize] = tour[(i + 1) % tour.len()];
    }
    for &(a, b) in &header.fixed_edges {
        if next[a as usize] != b && next[b as usize] != a {
            return Err(format!(
                "the tour does not use the fixed edge {} {} (FIXED_EDGES_SECTION)",
                a + 1,
                b + 1
            ));
        }
    }
    Ok(())
}

/// Number of (weakly) connected components, by union–find.
fn components(n: u32, edges: impl Iterator<Item = (u32, u32)>) -> usize {
    let mut parent: Vec<u32> = (0..n).collect();
    fn root(p: &mut [u32], mut v: u32) -> u32 {
        while p[v as usize] != v {
            p[v as usize] = p[p[v as usize] as usize];
            v = p[v as usize];
        }
        v
    }
    let mut count = n as usize;
    for (a, b) in edges {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        if ra != rb {
            parent[ra as usize] = rb;
            count -= 1;
        }
    }
    count
}

fn histogram(degrees: impl Iterator<Item = usize>) -> BTreeMap<usize, u64> {
    let mut h = BTreeMap::new();
    for d in degrees {
        *h.entry(d).or_insert(0) += 1;
    }
    h
}

fn info(args: InfoArgs) -> Result<ExitCode> {
    let file = read_graph(&args.graph, args.graph_format)?;
    let n = file.instance.vertices();
    let format = match (&file.format, &file.header) {
        (GraphFormat::Tsplib, Some(h)) => format!("tsplib (TYPE : {})", h.problem_type.keyword()),
        (GraphFormat::Tsplib, None) => "tsplib".to_string(),
        (GraphFormat::Concorde, _) => "concorde edges".to_string(),
        (GraphFormat::Arcs, _) => "arc list".to_string(),
        (GraphFormat::Col, _) => "dimacs col".to_string(),
    };
    let mut hists: Vec<(&str, BTreeMap<usize, u64>)> = Vec::new();
    let (comps, obstacle) = match &file.instance {
        Instance::Undirected(g) => {
            hists.push(("degree", histogram((0..n).map(|v| g.degree(v)))));
            let low = (0..n).find(|&v| g.degree(v) < 2);
            let c = components(n, g.edges());
            let obstacle = if n < 3 {
                None
            } else if let Some(v) = low {
                Some(format!("vertex {} has degree {}", v + 1, g.degree(v)))
            } else if c > 1 {
                Some(format!("the graph has {c} components"))
            } else {
                None
            };
            (c, obstacle)
        }
        Instance::Directed(d) => {
            hists.push(("out-degree", histogram((0..n).map(|v| d.out(v).len()))));
            hists.push(("in-degree", histogram((0..n).map(|v| d.inn(v).len()))));
            let c = components(n, d.arcs());
            let no_out = (0..n).find(|&v| d.out(v).is_empty());
            let no_in = (0..n).find(|&v| d.inn(v).is_empty());
            let obstacle = if n < 2 {
                None
            } else if let Some(v) = no_out {
                Some(format!("vertex {} has no outgoing arc", v + 1))
            } else if let Some(v) = no_in {
                Some(format!("vertex {} has no incoming arc", v + 1))
            } else if c > 1 {
                Some(format!("the digraph has {c} weakly connected components"))
            } else {
                None
            };
            (c, obstacle)
        }
    };
    let header = file.header.as_ref();
    if args.json {
        let h: serde_json::Map<String, serde_json::Value> = hists
            .iter()
            .map(|(name, h)| {
                (
                    name.to_string(),
                    json!(
                        h.iter()
                            .map(|(d, c)| (d.to_string(), *c))
                            .collect::<BTreeMap<_, _>>()
                    ),
                )
            })
            .collect();
        println!(
            "{}",
            json!({
                "file": args.graph.display().to_string(),
                "format": format,
                "directed": file.instance.is_directed(),
                "name": header.and_then(|h| h.name.clone()),
                "vertices": n,
                "edges": file.instance.edge_count(),
                "fixed_edges": header.map_or(0, |h| h.fixed_edges.len()),
                "components": comps,
                "histograms": h,
                "not_hamiltonian_because": obstacle,
            })
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!("file: {}", args.graph.display());
    println!(
        "format: {format}, {}",
        if file.instance.is_directed() {
            "directed"
        } else {
            "undirected"
        }
    );
    if let Some(name) = header.and_then(|h| h.name.as_ref()) {
        println!("name: {name}");
    }
    for c in header.map(|h| h.comments.as_slice()).unwrap_or(&[]) {
        println!("comment: {c}");
    }
    println!("vertices: {n}");
    println!(
        "{}: {}",
        if file.instance.is_directed() {
            "arcs"
        } else {
            "edges"
        },
        file.instance.edge_count()
    );
    if let Some(h) = header
        && !h.fixed_edges.is_empty()
    {
        println!("fixed edges: {}", h.fixed_edges.len());
    }
    println!(
        "components: {comps}{}",
        if file.instance.is_directed() {
            " (weakly connected)"
        } else {
            ""
        }
    );
    for (name, h) in &hists {
        println!("{name} histogram ({name}: vertices):");
        for (d, c) in h {
            println!("  {d}: {c}");
        }
    }
    match obstacle {
        Some(why) => println!("no Hamiltonian cycle: {why}"),
        None => println!("no Hamiltonian cycle ruled out by degrees or connectivity"),
    }
    Ok(ExitCode::SUCCESS)
}

fn convert(args: ConvertArgs) -> Result<ExitCode> {
    let file = read_graph(&args.graph, args.graph_format)?;
    let name = args.name.clone().unwrap_or_else(|| stem(&args.output));
    let comment = format!("converted by gridreduce from {}", args.graph.display());
    let out = &args.output;
    let wrong = |what: &str| {
        Err(Error::Usage(format!(
            "--to {} needs {what} graph; {} is {}",
            match args.to {
                ConvertTo::Tsplib => "tsplib",
                ConvertTo::Concorde => "concorde",
                ConvertTo::Tsp => "tsp",
                ConvertTo::Atsp => "atsp",
                ConvertTo::Arcs => "arcs",
                ConvertTo::Dot => "dot",
            },
            args.graph.display(),
            if file.instance.is_directed() {
                "directed"
            } else {
                "undirected"
            }
        )))
    };
    match (&file.instance, args.to) {
        (Instance::Undirected(g), ConvertTo::Tsplib) => {
            tsplib::write_hcp_file(out, g, &name, Some(&comment))?
        }
        (Instance::Undirected(g), ConvertTo::Concorde) => concorde::write_edges_file(out, g)?,
        (Instance::Undirected(g), ConvertTo::Tsp) => {
            tsplib::write_tsp_matrix_file(out, g, &name, Some(&comment), args.matrix_limit)?
        }
        (Instance::Directed(d), ConvertTo::Atsp) => {
            tsplib::write_atsp_matrix_file(out, d, &name, Some(&comment), args.matrix_limit)?
        }
        (Instance::Directed(d), ConvertTo::Arcs) => arcs::write_arcs_file(out, d)?,
        (Instance::Undirected(g), ConvertTo::Dot) => write_dot_graph_file(
            out,
            g,
            &DotOptions {
                name: &name,
                ..DotOptions::default()
            },
        )?,
        (Instance::Directed(d), ConvertTo::Dot) => write_dot_digraph_file(
            out,
            d,
            &DotOptions {
                name: &name,
                ..DotOptions::default()
            },
        )?,
        (Instance::Directed(_), _) => return wrong("an undirected"),
        (Instance::Undirected(_), _) => return wrong("a directed"),
    }
    eprintln!(
        "wrote {} ({} vertices, {} {})",
        out.display(),
        file.instance.vertices(),
        file.instance.edge_count(),
        if file.instance.is_directed() {
            "arcs"
        } else {
            "edges"
        }
    );
    Ok(ExitCode::SUCCESS)
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "graph".to_string())
}
