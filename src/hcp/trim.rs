//! The triplet trick (the paper's Figure 1): in the undirected graph, drop the middle vertex
//! `mid(x2)` of every triplet gadget `x1 ⇄ x2 ⇄ x3` and join its two neighbours `in(x2)`,
//! `out(x2)` by an edge. One vertex and one edge fewer per triplet: the blank N×N Sudoku has 2N³
//! triplets, so 16N³+15N²+6N+6 vertices and 29N³+12N²+6N+6 edges.
//!
//! Why it is exact: after the trick `in(x2)` is adjacent to `out(x1)`, `out(x3)` and `out(x2)`, and
//! `out(x2)` to `in(x1)`, `in(x3)` and `in(x2)`. A Hamiltonian cycle that did not use the joining
//! edge would take `out(x1) — in(x2) — out(x3)` and `in(x1) — out(x2) — in(x3)`; with the forced
//! paths `in(x1) — mid(x1) — out(x1)` and `in(x3) — mid(x3) — out(x3)` these close the 8-cycle
//! `in(x1) mid(x1) out(x1) in(x2) out(x3) mid(x3) in(x3) out(x2)`, which is not the whole graph.
//! So every Hamiltonian cycle uses `in(x2) — out(x2)`, and putting `mid(x2)` back on that edge
//! lifts it; conversely removing `mid(x2)` from a cycle of the untrimmed graph gives one here.
//!
//! Vertices keep their order; ids close up over the dropped ones.

use super::graph::{Graph, Tour};
use super::layered::Layout;
use super::undirect::{Part, part};
use crate::error::CertificateError;
use crate::reduce::{Problem, Reduction, Sizes};

pub struct Trim {
    /// New id → source id.
    keep: Vec<u32>,
    /// Source id → new id, `u32::MAX` for a dropped vertex.
    new_of: Vec<u32>,
    /// Source vertex count.
    source_vertices: u32,
    target: Graph,
    declared: Sizes,
}

impl Trim {
    /// Trims the triplets of `layout` in the undirected graph `source` (the conversion of the
    /// layered graph). A triplet whose gadget does not have the expected shape is left alone (never
    /// the case for graphs of this crate; the declared sizes would then disagree).
    pub fn new(source: &Graph, layout: &Layout) -> Trim {
        let n = source.vertices();
        let mut dropped = vec![false; n as usize];
        let mut count = 0u64;
        for x1 in layout.triplet_starts() {
            let (x2, x3) = (x1 + 1, x1 + 2);
            let (i2, m2, o2) = (part(x2, Part::In), part(x2, Part::Mid), part(x2, Part::Out));
            let shape = source.neighbours(m2) == [i2, o2]
                && source.neighbours(i2).len() == 3
                && source.has_edge(i2, part(x1, Part::Out))
                && source.has_edge(i2, part(x3, Part::Out))
                && source.neighbours(o2).len() == 3
                && source.has_edge(o2, part(x1, Part::In))
                && source.has_edge(o2, part(x3, Part::In));
            if shape && m2 < n {
                dropped[m2 as usize] = true;
                count += 1;
            }
        }
        let mut keep = Vec::with_capacity((n as u64 - count) as usize);
        let mut new_of = vec![u32::MAX; n as usize];
        for v in 0..n {
            if !dropped[v as usize] {
                new_of[v as usize] = keep.len() as u32;
                keep.push(v);
            }
        }
        let mut edges = Vec::with_capacity(source.edge_count());
        for a in 0..n {
            if dropped[a as usize] {
                continue;
            }
            for &b in source.neighbours(a) {
                if b > a && !dropped[b as usize] {
                    edges.push((new_of[a as usize], new_of[b as usize]));
                }
            }
        }
        for (m, _) in dropped.iter().enumerate().filter(|&(_, &d)| d) {
            edges.push((new_of[m - 1], new_of[m + 1]));
        }
        let target = Graph::new(keep.len() as u32, &edges);
        let t = layout.triplets();
        let declared = Sizes::new()
            .with("vertices", n as u64 - t)
            .with("edges", source.edge_count() as u64 - t);
        Trim {
            keep,
            new_of,
            source_vertices: n,
            target,
            declared,
        }
    }

    /// The source (untrimmed) id of target vertex `v`.
    pub fn source_id(&self, v: u32) -> Option<u32> {
        self.keep.get(v as usize).copied()
    }
    /// The target id of source vertex `v`, `None` if it was dropped.
    pub fn target_id(&self, v: u32) -> Option<u32> {
        self.new_of
            .get(v as usize)
            .copied()
            .filter(|&w| w != u32::MAX)
    }
}

impl Reduction for Trim {
    type Source = Graph;
    type Target = Graph;

    fn name(&self) -> &'static str {
        "trim"
    }
    fn target(&self) -> &Graph {
        &self.target
    }
    fn witness(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        if tour.len() != self.source_vertices as usize {
            return Err(CertificateError::new("tour has the wrong length"));
        }
        let mut out = Vec::with_capacity(self.keep.len());
        for &v in tour {
            match self.new_of.get(v as usize) {
                None => return Err(CertificateError::new("tour names a vertex out of range")),
                Some(&u32::MAX) => {}
                Some(&w) => out.push(w),
            }
        }
        Ok(out)
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        self.target.check(tour)?;
        let mut out = Vec::with_capacity(self.source_vertices as usize);
        let len = tour.len();
        let dropped = |v: u32| self.new_of.get(v as usize) == Some(&u32::MAX);
        for i in 0..len {
            let a = self.keep[tour[i] as usize];
            let b = self.keep[tour[(i + 1) % len] as usize];
            out.push(a);
            // in(x2) → out(x2) or back: put mid(x2) between them.
            if b == a + 2 && a.is_multiple_of(3) && dropped(a + 1) {
                out.push(a + 1);
            } else if a == b + 2 && b.is_multiple_of(3) && dropped(b + 1) {
                out.push(b + 1);
            }
        }
        if out.len() != self.source_vertices as usize {
            return Err(CertificateError::new(
                "tour skips the joining edge of a trimmed triplet",
            ));
        }
        Ok(out)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}
