//! Directed → undirected Hamiltonian cycle, the classical conversion the paper uses: vertex `i`
//! (paper numbering, 1-based) becomes the path `3i−2 — 3i−1 — 3i` ("in", "mid", "out") and arc
//! `(i, j)` becomes the edge `(3i, 3j−2)`. In 0-based ids: `v → 3v, 3v+1, 3v+2`, arc `(u, v)` →
//! edge `(3u+2, 3v)`. Sizes: `3V` vertices, `2V + A` edges; the blank N×N Sudoku gives
//! 18N³+15N²+6N+6 vertices and 31N³+12N²+6N+6 edges (N = 9: 14397 / 23631).
//!
//! Why it is exact: `mid(v)` has degree 2, so every Hamiltonian cycle runs `in(v) — mid(v) —
//! out(v)`; `out(v)`'s other edges all go to "in" vertices and `in(v)`'s to "out" vertices, so
//! walking the cycle in the direction that leaves `mid(0)` towards `out(0)` passes every gadget
//! `in → mid → out` and every connecting edge `out(u) → in(v)` is an arc `u → v`.
//!
//! Example: the 2-cycle `0 ⇄ 1` becomes the hexagon `0-1-2-3-4-5-0` (edges (2,3) and (5,0) are the
//! arcs); the tour `[0, 1]` maps to `[0, 1, 2, 3, 4, 5]`.

use super::graph::{Digraph, Graph, Tour};
use crate::error::CertificateError;
use crate::reduce::{Problem, Reduction, Sizes};

/// Which of the three undirected vertices of a directed vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    In = 0,
    Mid = 1,
    Out = 2,
}

/// Undirected id of part `p` of directed vertex `v`.
pub fn part(v: u32, p: Part) -> u32 {
    3 * v + p as u32
}

/// The undirected edge of arc `(u, v)`.
pub fn arc_edge(u: u32, v: u32) -> (u32, u32) {
    (3 * u + 2, 3 * v)
}

/// Label suffix of an undirected vertex: `x[1,2,3,1].in`.
pub fn part_name(w: u32) -> &'static str {
    ["in", "mid", "out"][(w % 3) as usize]
}

pub struct Undirect {
    source_vertices: u32,
    target: Graph,
    declared: Sizes,
}

impl Undirect {
    pub fn new(source: &Digraph) -> Undirect {
        let n = source.vertices();
        let mut edges = Vec::with_capacity(2 * n as usize + source.arc_count());
        for v in 0..n {
            edges.push((part(v, Part::In), part(v, Part::Mid)));
            edges.push((part(v, Part::Mid), part(v, Part::Out)));
        }
        edges.extend(source.arcs().map(|(u, v)| arc_edge(u, v)));
        let target = Graph::new(3 * n, &edges);
        let declared = Sizes::new()
            .with("vertices", 3 * n as u64)
            .with("edges", 2 * n as u64 + source.arc_count() as u64);
        Undirect {
            source_vertices: n,
            target,
            declared,
        }
    }
}

impl Reduction for Undirect {
    type Source = Digraph;
    type Target = Graph;

    fn name(&self) -> &'static str {
        "undirect"
    }
    fn target(&self) -> &Graph {
        &self.target
    }
    fn witness(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        if tour.iter().any(|&v| v >= self.source_vertices) {
            return Err(CertificateError::new(
                "directed tour names a vertex out of range",
            ));
        }
        Ok(tour
            .iter()
            .flat_map(|&v| [part(v, Part::In), part(v, Part::Mid), part(v, Part::Out)])
            .collect())
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        self.target.check(tour)?;
        if tour.is_empty() {
            return Ok(Vec::new());
        }
        // Orient the cycle so that mid(0) is followed by out(0), then read every third vertex.
        let len = tour.len();
        let at = tour
            .iter()
            .position(|&w| w == part(0, Part::Mid))
            .ok_or_else(|| CertificateError::new("tour misses a vertex"))?;
        let forward = tour[(at + 1) % len] == part(0, Part::Out);
        let step = |i: usize| -> u32 {
            if forward {
                tour[(at + len - 1 + i) % len]
            } else {
                tour[(at + 1 + len - i % len) % len]
            }
        };
        let mut directed = Vec::with_capacity(len / 3);
        for k in 0..len / 3 {
            let (a, b, c) = (step(3 * k), step(3 * k + 1), step(3 * k + 2));
            let v = a / 3;
            if a != part(v, Part::In) || b != part(v, Part::Mid) || c != part(v, Part::Out) {
                return Err(CertificateError::new(format!(
                    "tour does not pass vertex {}'s gadget in order in-mid-out",
                    v + 1
                )));
            }
            directed.push(v);
        }
        Ok(directed)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}
