//! One stage of the chain as the page draws it: vertices with position, label, cell and value;
//! edges; the solution's Hamiltonian cycle; the step at which the cycle decodes each cell; the
//! removed clue arcs drawn between the vertices that now hold their ends.

use super::ExploreStage;
use super::layout::place;
use crate::error::{CertificateError, Error};
use crate::hcp::chain::HcpChain;
use crate::hcp::clues::clue_family_arcs;
use crate::hcp::contract::EdgeImage;
use crate::hcp::graph::Digraph;
use crate::hcp::layered::{Layout, Vertex};
use crate::hcp::undirect::{Part, part};
use crate::puzzle::Grid;
use std::collections::{BTreeMap, BTreeSet};

/// A vertex of the stage's graph.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Node {
    pub x: f64,
    pub y: f64,
    /// `HcpChain::label`: `x[1,2,3,1]`, `x[1,2,3,1].out`, `v[1,1].out..r[1,2].in`.
    pub label: String,
    /// The cells whose gadget this vertex belongs to (row-major indices; empty for `s`, `f`,
    /// choice and check-pass vertices; several for a contracted path across cells).
    pub cells: Vec<u32>,
    /// The value of the triplet or link it stands for when that is one value, else 0.
    pub value: u8,
    /// Role of the directed vertex it is drawn at (the middle of a contracted path): `start`,
    /// `finish`, `choice`, `value`, `exit`, `slack`, `triplet`, `end` or `link`.
    pub role: &'static str,
    /// The directed vertices (ids of the layered graph) it stands for, in path order.
    pub of: Vec<u32>,
}

/// "At step `step` of the cycle, cell `cell` gets `value`."
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DecodeStep {
    pub step: usize,
    pub cell: u32,
    pub value: u8,
}

/// A removed clue arc `(from, to)` of set `set` (the paper's numbering, `docs/hcp-construction.md`
/// §4), drawn between the stage's vertices that hold its tail and its head.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClueArc {
    pub from: u32,
    pub to: u32,
    pub set: u8,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct StageView {
    pub name: &'static str,
    pub directed: bool,
    pub nodes: Vec<Node>,
    pub edges: Vec<[u32; 2]>,
    /// The solution's Hamiltonian cycle (the chain's witness), as vertex ids of this stage.
    pub cycle: Vec<u32>,
    /// Sorted by step, one per cell.
    pub decode: Vec<DecodeStep>,
    /// Removed clue arcs (all of them, sets (1)–(16)), each once under its lowest set; those
    /// whose ends fall into one vertex of this stage are left out.
    pub clue_arcs: Vec<ClueArc>,
    /// How many arcs the clue sets removed from the directed graph.
    pub removed_arcs: usize,
}

/// The stage's vertex holding part `p` of directed vertex `d`: through the undirected
/// conversion, the triplet trick and the contraction of `chain`, when it survives them.
fn holder(chain: &HcpChain, d: u32, p: Part) -> Option<u32> {
    if chain.undirected_target().is_none() {
        return Some(d);
    }
    let mut w = part(d, p);
    if let Some(t) = chain.trim() {
        // The trick drops only `mid` parts of triplet middles; `in` and `out` stay.
        w = t.target_id(w)?;
    }
    match chain.contract() {
        Some(c) => c.target_id(w),
        None => Some(w),
    }
}

/// The undirected (untrimmed) vertices stage vertex `v` stands for, in path order.
fn undirected_origins(chain: &HcpChain, v: u32) -> Vec<u32> {
    let ids = match chain.contract() {
        Some(c) => c.path(v),
        None => vec![v],
    };
    match chain.trim() {
        Some(t) => ids.into_iter().filter_map(|w| t.source_id(w)).collect(),
        None => ids,
    }
}

/// Cell and value of directed vertex `d` when it belongs to a cell's gadget.
fn cell_value(layout: &Layout, d: u32) -> Option<(u32, u8)> {
    match layout.vertex(d)? {
        Vertex::Triplet { cell, value, .. } | Vertex::Link { cell, value } => Some((cell, value)),
        Vertex::End { cell, .. } => Some((cell, 0)),
        _ => None,
    }
}

fn role_name(v: Vertex) -> &'static str {
    match v {
        Vertex::Start => "start",
        Vertex::Finish => "finish",
        Vertex::Choice { .. } => "choice",
        Vertex::Value { .. } => "value",
        Vertex::Exit { .. } => "exit",
        Vertex::Slack { .. } => "slack",
        Vertex::Triplet { .. } => "triplet",
        Vertex::End { .. } => "end",
        Vertex::Link { .. } => "link",
    }
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The vertices of the stage: positions from the structural layout (an undirected part sits a
/// little left, below or right of its directed vertex; a contracted vertex at the middle of its
/// path), labels, cells, values.
fn nodes(chain: &HcpChain) -> Vec<Node> {
    let layout = chain.layout();
    let placement = place(layout, true);
    let delta = placement.unit * 0.3;
    let at = |w: u32, undirected: bool| -> [f64; 2] {
        if !undirected {
            return placement.pos[w as usize];
        }
        let [x, y] = placement.pos[(w / 3) as usize];
        match w % 3 {
            0 => [x - delta, y],
            1 => [x, y + delta],
            _ => [x + delta, y],
        }
    };
    (0..chain.vertices())
        .map(|v| {
            let (path, undirected) = match chain.undirected_target() {
                None => (vec![v], false),
                Some(_) => (undirected_origins(chain, v), true),
            };
            let mid = path.get(path.len() / 2).copied();
            let [x, y] = mid.map_or([0.0, 0.0], |w| at(w, undirected));
            let role = mid
                .and_then(|w| layout.vertex(if undirected { w / 3 } else { w }))
                .map_or("", role_name);
            let mut of: Vec<u32> = Vec::with_capacity(path.len());
            for w in path {
                let d = if undirected { w / 3 } else { w };
                if of.last() != Some(&d) {
                    of.push(d);
                }
            }
            let pairs: BTreeSet<(u32, u8)> =
                of.iter().filter_map(|&d| cell_value(layout, d)).collect();
            let cells: BTreeSet<u32> = pairs.iter().map(|&(c, _)| c).collect();
            let values: BTreeSet<u8> = pairs.iter().map(|&(_, k)| k).filter(|&k| k > 0).collect();
            let value = if values.len() == 1 && cells.len() == 1 {
                values.first().copied().unwrap_or(0)
            } else {
                0
            };
            Node {
                x: round(x),
                y: round(y),
                label: chain.label(v),
                cells: cells.into_iter().collect(),
                value,
                role,
                of,
            }
        })
        .collect()
}

/// The decode order of `cycle`: for every cell, the value `k` whose "holds `k`" edge
/// ([`HcpChain::value_image`]) the cycle uses, and the step at which it does (the later end of
/// that edge in cycle order; for an edge contracted into a vertex, that vertex's step). Fails when
/// a cell decodes to no value or to two: then `cycle` is no Hamiltonian cycle of the chain.
fn decode(chain: &HcpChain, cycle: &[u32]) -> Result<Vec<DecodeStep>, CertificateError> {
    let layout = chain.layout();
    let s = layout.structure();
    let n = cycle.len();
    let mut at = vec![usize::MAX; chain.vertices() as usize];
    for (i, &v) in cycle.iter().enumerate() {
        at[v as usize] = i;
    }
    let directed = chain.directed_target().is_some();
    let step_of = |v: Option<u32>| v.map(|v| at[v as usize]).filter(|&i| i != usize::MAX);
    let mut out = Vec::new();
    for c in 0..s.cells() {
        let mut found: Vec<(usize, u8)> = Vec::new();
        for k in 1..=s.domain[c] {
            let step = match chain.value_image(c, k) {
                EdgeImage::Absent => None,
                EdgeImage::Edge(p, q) => {
                    let (i, j) = (at[p as usize], at[q as usize]);
                    if i == usize::MAX || j == usize::MAX {
                        None
                    } else if (i + 1) % n == j {
                        Some(j)
                    } else if !directed && (j + 1) % n == i {
                        Some(i)
                    } else {
                        None
                    }
                }
                EdgeImage::Forced => {
                    // Inside one vertex of this stage (or no choice at all): the step of the
                    // vertex holding the cell's decisive vertex.
                    let first = layout.copies(c).first().copied();
                    let d = if s.domain[c] < 2 || first.is_none() {
                        layout.b(s.choice_of[c] as usize, k)
                    } else if layout.is_canonical() {
                        layout.link(c, k)
                    } else {
                        layout.e(first.unwrap_or(0) as usize, c)
                    };
                    step_of(holder(chain, d, Part::In))
                }
            };
            if let Some(step) = step {
                found.push((step, k));
            }
        }
        match found.as_slice() {
            [(step, k)] => out.push(DecodeStep {
                step: *step,
                cell: c as u32,
                value: *k,
            }),
            _ => {
                return Err(CertificateError::new(format!(
                    "cell {} decodes to {} values",
                    c + 1,
                    found.len()
                )));
            }
        }
    }
    out.sort_by_key(|d| (d.step, d.cell));
    Ok(out)
}

/// The arcs the clue sets removed from the layered graph (`directed` is the graph after them),
/// each with its lowest set number (0 when no set lists it).
fn removed_clue_arcs(chain: &HcpChain, directed: &Digraph) -> Vec<(u32, u32, u8)> {
    let layout = chain.layout();
    let givens = chain.puzzle().givens();
    let family = if layout.is_canonical() {
        crate::hcp::canonical::clue_arcs(layout, givens)
    } else {
        clue_family_arcs(layout, givens)
    };
    let mut set_of: BTreeMap<(u32, u32), u8> = BTreeMap::new();
    for (set, arc) in family {
        let e = set_of.entry(arc).or_insert(set);
        *e = (*e).min(set);
    }
    layout
        .arcs(|a, b| !directed.has_arc(a, b))
        .into_iter()
        .map(|(a, b)| (a, b, set_of.get(&(a, b)).copied().unwrap_or(0)))
        .collect()
}

/// The view of `chain` (built with `stage.options()`) with the cycle of `solution`; `directed` is
/// the directed graph the chain starts from (after the clue arcs), for the list of removed arcs.
pub fn stage_view(
    stage: ExploreStage,
    chain: &HcpChain,
    solution: &Grid,
    directed: &Digraph,
) -> Result<StageView, Error> {
    let nodes = nodes(chain);
    let edges: Vec<[u32; 2]> = match (chain.directed_target(), chain.undirected_target()) {
        (Some(d), _) => d.arcs().map(|(a, b)| [a, b]).collect(),
        (None, Some(g)) => g.edges().map(|(a, b)| [a, b]).collect(),
        (None, None) => Vec::new(),
    };
    let cycle = chain.witness(solution).map_err(|e| {
        Error::Unsolvable(format!(
            "{} stage: no cycle for the solution: {e}",
            stage.name()
        ))
    })?;
    let decode = decode(chain, &cycle)
        .map_err(|e| Error::Unsolvable(format!("{} stage: {e}", stage.name())))?;
    let removed = removed_clue_arcs(chain, directed);
    let mut seen = BTreeSet::new();
    let clue_arcs = removed
        .iter()
        .filter_map(|&(a, b, set)| {
            let from = holder(chain, a, Part::Out)?;
            let to = holder(chain, b, Part::In)?;
            (from != to && seen.insert((from, to))).then_some(ClueArc { from, to, set })
        })
        .collect();
    Ok(StageView {
        name: stage.name(),
        directed: chain.directed_target().is_some(),
        nodes,
        edges,
        cycle,
        decode,
        clue_arcs,
        removed_arcs: removed.len(),
    })
}
