//! Certificates for "this graph has no Hamiltonian cycle".
//!
//! The **degree model** of an undirected graph has one variable per edge (variable `k` is the
//! graph's `k`-th edge in the order of [`Graph::edges`]: `u < v`, sorted) and, for every vertex,
//! the clauses that say "at least two and at most two of my edges": the clause of all its edges,
//! for each of its edges the clause of the others, and for each three of its edges the clause that
//! not all three hold (a vertex of degree 0 or 1 gets an empty clause). A TSPLIB `FIXED_EDGES`
//! section adds a unit clause per fixed edge. Every Hamiltonian cycle is a model. Models that are
//! unions of several cycles are cut off one **subtour cut** at a time: for a vertex set `S`
//! (nonempty, not every vertex) the clause of the edges with one end in `S`, true of every
//! Hamiltonian cycle, which must leave `S`. [`certify`] adds the cut of every cycle of each
//! model CaDiCaL finds until none is left, then has a fresh, proof-tracing CaDiCaL refute the
//! degree model with all the cuts.
//!
//! A certificate is a folder: `certificate.json` (the claim, the file names; written last),
//! `graph.<ext>` (the graph file, copied byte for byte), `cuts.txt` (one cut a line: the vertices
//! of `S`, numbered from 1 as in the graph file), `model.cnf` (the degree model, then one clause a
//! cut, in the order of `cuts.txt`), and `model.drat` (CaDiCaL's binary DRAT refutation).
//! [`check`] reads the graph, checks every cut from the graph alone (distinct vertices in range,
//! a proper nonempty subset), rebuilds `model.cnf` and compares it byte for byte, and runs
//! drat-trim on the proof.
//!
//! The certificate starts from the graph as given: none of `hcp solve`'s graph reductions is
//! applied (they would each need a checkable step), so the refutation is of the whole graph.

use super::checker;
use super::puzzle::{Partial, read_manifest};
use super::tracing::refute;
use crate::error::{Error, InputError, Result};
use crate::formats::graphs::{GraphFormat, Instance, read_graph};
use crate::hcp::graph::{Graph, Tour, cycles_of};
use crate::sat::{Budget, Cnf};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// The `certificate` value of a Hamiltonian-cycle certificate's JSON.
pub const HAMILTONIAN_CERTIFICATE: &str = "gridreduce no-hamiltonian-cycle certificate 1";
pub const MANIFEST: &str = super::MANIFEST;
pub const CUTS: &str = "cuts.txt";
pub const MODEL: &str = "model.cnf";
pub const PROOF: &str = "model.drat";

/// `certificate.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`HAMILTONIAN_CERTIFICATE`].
    pub certificate: String,
    /// `no-hamiltonian-cycle`.
    pub claim: String,
    /// The copied graph file and its format (`tsplib`, `concorde`, `col`).
    pub graph: String,
    pub graph_format: String,
    pub cuts: String,
    pub formula: String,
    pub proof: String,
    /// `drat` (CaDiCaL's binary DRAT).
    pub proof_format: String,
    pub written_by: String,
}

fn format_name(format: GraphFormat) -> &'static str {
    match format {
        GraphFormat::Tsplib => "tsplib",
        GraphFormat::Concorde => "concorde",
        GraphFormat::Arcs => "arcs",
        GraphFormat::Col => "col",
    }
}

fn format_from_name(name: &str) -> Option<GraphFormat> {
    [
        GraphFormat::Tsplib,
        GraphFormat::Concorde,
        GraphFormat::Arcs,
        GraphFormat::Col,
    ]
    .into_iter()
    .find(|f| format_name(*f) == name)
}

/// How [`certify`] ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// No cycle: the certificate is written.
    Certified {
        cuts: usize,
        /// Seconds of the cut loop and of the traced refutation.
        cut_seconds: f64,
        prove_seconds: f64,
        proof_bytes: u64,
    },
    /// The graph has a Hamiltonian cycle after all (nothing is written).
    Cycle(Tour),
}

/// The degree model and the fixed edges' units, and the variable of each edge.
struct Model {
    cnf: Cnf,
    var: HashMap<(u32, u32), i32>,
    edges: Vec<(u32, u32)>,
}

impl Model {
    fn new(graph: &Graph, fixed: &[(u32, u32)]) -> Result<Model> {
        let edges: Vec<(u32, u32)> = graph.edges().collect();
        let vars = u32::try_from(edges.len())
            .ok()
            .filter(|&v| v < i32::MAX as u32)
            .ok_or_else(|| Error::Construction("too many edges for a CNF".into()))?;
        let var: HashMap<(u32, u32), i32> = edges
            .iter()
            .enumerate()
            .map(|(k, &e)| (e, k as i32 + 1))
            .collect();
        let edge_var = |a: u32, b: u32| var[&(a.min(b), a.max(b))];
        let mut cnf = Cnf::new(vars);
        for v in 0..graph.vertices() {
            let incident: Vec<i32> = graph
                .neighbours(v)
                .iter()
                .map(|&w| edge_var(v, w))
                .collect();
            cnf.add_clause(&incident);
            for skip in 0..incident.len() {
                let others: Vec<i32> = incident
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != skip)
                    .map(|(_, &x)| x)
                    .collect();
                cnf.add_clause(&others);
            }
            let d = incident.len();
            for i in 0..d {
                for j in i + 1..d {
                    for k in j + 1..d {
                        cnf.add_clause(&[-incident[i], -incident[j], -incident[k]]);
                    }
                }
            }
        }
        for &(a, b) in fixed {
            match var.get(&(a.min(b), a.max(b))) {
                Some(&x) => cnf.add_clause(&[x]),
                None => {
                    return Err(Error::Input(InputError::new(format!(
                        "fixed edge {}-{} is not an edge of the graph",
                        a + 1,
                        b + 1
                    ))));
                }
            }
        }
        Ok(Model { cnf, var, edges })
    }

    /// The clause of the cut of vertex set `set` (0-based): the edges with exactly one end in
    /// it, in variable order.
    fn cut_clause(&self, n: u32, set: &[u32]) -> Vec<i32> {
        let mut inside = vec![false; n as usize];
        for &v in set {
            inside[v as usize] = true;
        }
        self.edges
            .iter()
            .enumerate()
            .filter(|&(_, &(a, b))| inside[a as usize] != inside[b as usize])
            .map(|(k, _)| k as i32 + 1)
            .collect()
    }

    /// The degree model with one clause per cut appended, in order: `model.cnf`'s formula.
    fn with_cuts(&self, n: u32, cuts: &[Vec<u32>]) -> Cnf {
        let mut cnf = Cnf::new(self.cnf.vars());
        for clause in self.cnf.clauses() {
            cnf.add_clause(clause);
        }
        for cut in cuts {
            cnf.add_clause(&self.cut_clause(n, cut));
        }
        cnf
    }

    /// `model.cnf`'s bytes: comments naming the graph file and every edge's variable, then `cnf`
    /// (from [`Model::with_cuts`]).
    fn bytes(&self, graph_file: &str, cnf: &Cnf) -> Vec<u8> {
        let mut out = format!(
            "c gridreduce certificate: no Hamiltonian cycle in {graph_file}\n\
             c the degree model (per vertex: at least two and at most two of its edges; fixed edges as units),\n\
             c then one clause per line of {CUTS}: some edge leaves that vertex set\n\
             c variable k = the k-th edge u-v (u < v, sorted; vertices from 1):\n"
        );
        for (k, &(a, b)) in self.edges.iter().enumerate() {
            out.push_str(&format!("c e {} {} {}\n", k + 1, a + 1, b + 1));
        }
        let mut bytes = out.into_bytes();
        crate::formats::dimacs::write_formula(&mut bytes, cnf)
            .expect("writing to memory does not fail");
        bytes
    }

    fn var_of(&self, a: u32, b: u32) -> i32 {
        self.var[&(a.min(b), a.max(b))]
    }
}

fn cuts_text(cuts: &[Vec<u32>]) -> String {
    let mut text = String::new();
    for cut in cuts {
        let line: Vec<String> = cut.iter().map(|v| (v + 1).to_string()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// Proves that the undirected graph in `path` has no Hamiltonian cycle and writes the certificate
/// into `dir` (created; it must not hold anything yet), or returns the cycle it finds instead.
/// `Error::Timeout` once `deadline` has passed.
pub fn certify(
    path: &Path,
    format: Option<GraphFormat>,
    dir: &Path,
    deadline: Option<Instant>,
) -> Result<Outcome> {
    let file = read_graph(path, format)?;
    let Instance::Undirected(graph) = &file.instance else {
        return Err(Error::Usage(format!(
            "{}: certificates are built for undirected graphs only",
            path.display()
        )));
    };
    let fixed: Vec<(u32, u32)> = file
        .header
        .as_ref()
        .map(|h| h.fixed_edges.clone())
        .unwrap_or_default();
    let model = Model::new(graph, &fixed).map_err(|e| match e {
        Error::Input(i) => Error::Input(i.in_file(path)),
        e => e,
    })?;
    let n = graph.vertices();
    super::puzzle::fresh_folder(dir)?;
    let started = Instant::now();
    let mut solver: cadical::Solver<Budget> = cadical::Solver::new();
    solver.set_callbacks(Some(Budget::until(deadline)));
    for clause in model.cnf.clauses() {
        solver.add_clause(clause.iter().copied());
    }
    let mut cuts: Vec<Vec<u32>> = Vec::new();
    loop {
        match solver.solve() {
            Some(false) => break,
            Some(true) => {}
            None => return Err(crate::time_limit::exceeded()),
        }
        let chosen = model
            .edges
            .iter()
            .copied()
            .filter(|&(a, b)| solver.value(model.var_of(a, b)) == Some(true));
        let cycles = cycles_of(n as usize, chosen, false);
        if cycles.len() == 1 && cycles[0].len() == n as usize {
            return Ok(Outcome::Cycle(
                cycles.into_iter().next().expect("one cycle"),
            ));
        }
        for mut set in cycles {
            set.sort_unstable();
            solver.add_clause(model.cut_clause(n, &set));
            cuts.push(set);
        }
    }
    let cut_seconds = started.elapsed().as_secs_f64();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let graph_name = format!("graph{extension}");
    let graph_bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let mut partial = Partial::new(dir)?;
    partial.write(&graph_name, &graph_bytes)?;
    partial.write(CUTS, cuts_text(&cuts).as_bytes())?;
    let formula = model.with_cuts(n, &cuts);
    partial.write(MODEL, &model.bytes(&graph_name, &formula))?;
    let proof_path = dir.join(PROOF);
    partial.track(&proof_path);
    let refuted = refute(&formula, &proof_path, deadline, "the cut loop")?;
    let manifest = Manifest {
        certificate: HAMILTONIAN_CERTIFICATE.into(),
        claim: "no-hamiltonian-cycle".into(),
        graph: graph_name,
        graph_format: format_name(file.format).into(),
        cuts: CUTS.into(),
        formula: MODEL.into(),
        proof: PROOF.into(),
        proof_format: "drat".into(),
        written_by: format!("gridreduce {}", env!("CARGO_PKG_VERSION")),
    };
    partial.finish(&manifest)?;
    Ok(Outcome::Certified {
        cuts: cuts.len(),
        cut_seconds,
        prove_seconds: refuted.seconds,
        proof_bytes: refuted.bytes,
    })
}

/// What [`check`] concluded.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Accepted {
        vertices: u32,
        cuts: usize,
        checker_seconds: f64,
    },
    /// The first step that fails, in one line naming the file.
    Refused(String),
}

/// Reads `cuts.txt`: each line a proper nonempty set of distinct vertices `1..=n`.
fn read_cuts(path: &Path, n: u32) -> Result<std::result::Result<Vec<Vec<u32>>, String>> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    if meta.len() > 1 << 30 {
        return Err(Error::Input(
            InputError::new("is larger than 1 GiB").in_file(path),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut cuts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", path.display(), i + 1);
        let mut seen = vec![false; n as usize];
        let mut set = Vec::new();
        for token in line.split_ascii_whitespace() {
            let v: u32 = match token.parse() {
                Ok(v) if (1..=n).contains(&v) => v,
                _ => {
                    return Ok(Err(format!("{at}: `{token}` is not a vertex (1 to {n})")));
                }
            };
            if std::mem::replace(&mut seen[v as usize - 1], true) {
                return Ok(Err(format!("{at}: vertex {v} is listed twice")));
            }
            set.push(v - 1);
        }
        if set.is_empty() || set.len() == n as usize {
            return Ok(Err(format!(
                "{at}: a cut must hold some vertices but not all ({} of {n} here), or it is not true of every Hamiltonian cycle",
                set.len()
            )));
        }
        cuts.push(set);
    }
    Ok(Ok(cuts))
}

/// Checks the certificate in `dir` with drat-trim limited to `limit`. `Err` for a folder that
/// cannot be read as one (bad JSON, a missing file, no checker).
pub fn check(dir: &Path, limit: Duration) -> Result<Verdict> {
    let manifest_path = dir.join(MANIFEST);
    let manifest: Manifest = read_manifest(&manifest_path)?;
    let refuse = |what: String| Ok(Verdict::Refused(what));
    if manifest.certificate != HAMILTONIAN_CERTIFICATE {
        return refuse(format!(
            "{}: not a Hamiltonian-cycle certificate (`certificate` is {:?})",
            manifest_path.display(),
            manifest.certificate
        ));
    }
    let Some(format) = format_from_name(&manifest.graph_format) else {
        return refuse(format!(
            "{}: unknown graph format {:?}",
            manifest_path.display(),
            manifest.graph_format
        ));
    };
    let graph_path = dir.join(&manifest.graph);
    let file = read_graph(&graph_path, Some(format))?;
    let Instance::Undirected(graph) = &file.instance else {
        return refuse(format!(
            "{}: a directed graph; certificates are for undirected graphs",
            graph_path.display()
        ));
    };
    let fixed: Vec<(u32, u32)> = file
        .header
        .as_ref()
        .map(|h| h.fixed_edges.clone())
        .unwrap_or_default();
    let model = match Model::new(graph, &fixed) {
        Ok(m) => m,
        Err(e) => return refuse(format!("{}: {e}", graph_path.display())),
    };
    let n = graph.vertices();
    let cuts = match read_cuts(&dir.join(&manifest.cuts), n)? {
        Ok(c) => c,
        Err(why) => return refuse(why),
    };
    let formula_path = dir.join(&manifest.formula);
    let rebuilt = model.bytes(&manifest.graph, &model.with_cuts(n, &cuts));
    let written = super::puzzle::read_prefix(&formula_path, rebuilt.len() + 1)?;
    if written != rebuilt {
        return refuse(format!(
            "{} is not the degree model of {} with the cuts of {}: {}",
            formula_path.display(),
            manifest.graph,
            manifest.cuts,
            super::puzzle::first_difference(&written, &rebuilt)
        ));
    }
    let proof_path = dir.join(&manifest.proof);
    let seconds = match checker::check_proof(&formula_path, &proof_path, limit)? {
        Ok(seconds) => seconds,
        Err(why) => return refuse(why),
    };
    Ok(Verdict::Accepted {
        vertices: n,
        cuts: cuts.len(),
        checker_seconds: seconds,
    })
}
