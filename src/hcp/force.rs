//! The `reduced` stage's graph step: remove the images of the arcs the puzzle rules out
//! ([`super::singles`]), then propagate **forced edges** on the undirected graph to a fixpoint.
//! The result keeps the source's vertex ids; [`super::contract::Contract`] then contracts its
//! forced paths (every degree-2 vertex of the result has forced edges only), which gives the
//! stage's target and lifts tours back.
//!
//! An edge is *forced* when every Hamiltonian cycle of the current graph uses it. The rules, each
//! followed by the check that no vertex drops below degree 2:
//!
//! 1. **Degree 2.** Both edges of a vertex of degree 2 are forced (a cycle enters and leaves it).
//! 2. **Two forced edges.** A vertex with two forced edges loses all its other edges (a cycle uses
//!    exactly two edges at every vertex). With rule 1 this is the paper's rule (b), for forced
//!    paths of any length instead of degree-2 neighbours only.
//! 3. **Short cycle.** The forced edges form vertex-disjoint paths (a vertex with three would be a
//!    contradiction). An unforced edge joining the two ends of one forced path of fewer than `n`
//!    vertices is removed: with it a cycle would close on that path alone, and a Hamiltonian cycle
//!    has no shorter cycle inside. (The paper's rule (a) contracts such a path to one vertex
//!    `a — m — b`, and then an edge `a — b` closes a triangle; the paper's rules never remove it.)
//!
//! Each rule only removes edges that no Hamiltonian cycle of the current graph uses, so the
//! Hamiltonian cycles are exactly those of the source minus the singles arcs, and the witness (the
//! canonical cycle, which avoids the singles arcs) survives unchanged. The graph is **provably not
//! Hamiltonian** when a vertex keeps fewer than 2 edges, gets a third forced edge, or forced edges
//! close a cycle shorter than the graph — or when the puzzle's deductions reached a contradiction
//! (then the source graph has no Hamiltonian cycle already).
//!
//! Implementation: flat arrays only — adjacency in a CSR copy of the source with per-vertex
//! degrees (removal swaps the neighbour to the end of its segment), two forced-neighbour slots per
//! vertex, and for the ends of each forced path its other end and its vertex count (updated in
//! O(1) when two paths join). A work stack of vertices whose degree or forced count changed.
//!
//! Example: the 6-cycle `0..5` with chords `(0, 3)` and `(1, 4)`. Vertices 2 and 5 have degree 2,
//! so the paths `1 — 2 — 3` and `4 — 5 — 0` are forced; two Hamiltonian cycles remain
//! (`0 1 2 3 4 5` and `0 3 2 1 4 5`). Remove `(1, 4)` as a singles arc: 1 and 4 drop to degree 2,
//! all six cycle edges become forced, and 0 (two forced edges) loses the chord `(0, 3)`: one cycle.

use super::contract::Outcome;
use super::graph::{Graph, Tour};
use crate::error::CertificateError;
use crate::reduce::{Problem, Reduction, Sizes};

const NONE: u32 = u32::MAX;

/// The forced-edge propagation, as a reduction step (same vertex ids, fewer edges).
pub struct Force {
    target: Graph,
    outcome: Outcome,
    /// Edges removed as images of the singles arcs.
    removed_singles: u64,
    /// Edges removed by the propagation rules.
    removed_forced: u64,
    /// Edges forced at the fixpoint.
    forced: u64,
}

struct Work {
    n: u32,
    start: Vec<u32>,
    deg: Vec<u32>,
    nbr: Vec<u32>,
    fcnt: Vec<u8>,
    fnb: Vec<[u32; 2]>,
    /// For the end of a forced path: the other end (itself when alone).
    other: Vec<u32>,
    /// For the end of a forced path: its number of vertices.
    len: Vec<u32>,
    stack: Vec<u32>,
    queued: Vec<bool>,
    removed: u64,
    forced: u64,
}

impl Work {
    fn adj(&self, v: u32) -> &[u32] {
        let s = self.start[v as usize] as usize;
        &self.nbr[s..s + self.deg[v as usize] as usize]
    }
    fn push(&mut self, v: u32) {
        if !self.queued[v as usize] {
            self.queued[v as usize] = true;
            self.stack.push(v);
        }
    }
    fn is_forced(&self, a: u32, b: u32) -> bool {
        let k = self.fcnt[a as usize] as usize;
        self.fnb[a as usize][..k].contains(&b)
    }
    fn remove_half(&mut self, v: u32, y: u32) -> bool {
        let s = self.start[v as usize] as usize;
        let d = self.deg[v as usize] as usize;
        match self.nbr[s..s + d].iter().position(|&x| x == y) {
            Some(i) => {
                self.nbr.swap(s + i, s + d - 1);
                self.deg[v as usize] -= 1;
                true
            }
            None => false,
        }
    }
    /// Removes edge `a — b` if present; `true` when it was.
    fn remove_edge(&mut self, a: u32, b: u32) -> bool {
        if a >= self.n || b >= self.n || !self.remove_half(a, b) {
            return false;
        }
        self.remove_half(b, a);
        self.removed += 1;
        self.push(a);
        self.push(b);
        true
    }
    /// The other end of the forced path `v` ends (or `v` when it has no forced edge).
    fn end(&self, v: u32) -> u32 {
        if self.fcnt[v as usize] == 0 {
            v
        } else {
            self.other[v as usize]
        }
    }
    fn path_len(&self, v: u32) -> u32 {
        if self.fcnt[v as usize] == 0 {
            1
        } else {
            self.len[v as usize]
        }
    }

    /// Marks `u — v` forced and applies rule 3 to the joined path.
    fn force(&mut self, u: u32, v: u32) -> Result<(), String> {
        if self.is_forced(u, v) {
            return Ok(());
        }
        for w in [u, v] {
            if self.fcnt[w as usize] >= 2 {
                return Err(format!("vertex {} would have three forced edges", w + 1));
            }
        }
        let (a, b) = (self.end(u), self.end(v));
        let length = self.path_len(u) + self.path_len(v);
        if a == v {
            // u and v end the same path: the edge closes it into a cycle.
            let cycle = self.path_len(u);
            if cycle < self.n {
                return Err(format!(
                    "forced edges close a cycle of {cycle} vertices, the graph has {}",
                    self.n
                ));
            }
            self.mark(u, v);
            return Ok(());
        }
        self.mark(u, v);
        self.other[a as usize] = b;
        self.other[b as usize] = a;
        self.len[a as usize] = length;
        self.len[b as usize] = length;
        if length < self.n && !self.is_forced(a, b) {
            self.remove_edge(a, b);
        }
        Ok(())
    }

    fn mark(&mut self, u: u32, v: u32) {
        for (x, y) in [(u, v), (v, u)] {
            let k = self.fcnt[x as usize] as usize;
            self.fnb[x as usize][k] = y;
            self.fcnt[x as usize] += 1;
            self.push(x);
        }
        self.forced += 1;
    }

    fn run(&mut self) -> Result<(), String> {
        while let Some(v) = self.stack.pop() {
            self.queued[v as usize] = false;
            let d = self.deg[v as usize];
            if d < 2 {
                return Err(format!("vertex {} has degree {d}", v + 1));
            }
            if self.fcnt[v as usize] == 2 {
                if d > 2 {
                    let keep = self.fnb[v as usize];
                    let others: Vec<u32> = self
                        .adj(v)
                        .iter()
                        .copied()
                        .filter(|y| !keep.contains(y))
                        .collect();
                    for y in others {
                        self.remove_edge(v, y);
                    }
                }
            } else if d == 2 {
                let s = self.start[v as usize] as usize;
                let (y0, y1) = (self.nbr[s], self.nbr[s + 1]);
                self.force(v, y0)?;
                if self.deg[v as usize] == 2 && self.adj(v).contains(&y1) {
                    self.force(v, y1)?;
                }
            }
        }
        Ok(())
    }
}

impl Force {
    /// Removes the edges `remove` (any orientation; absent ones are ignored) from `source` and
    /// propagates forced edges to a fixpoint. `contradiction`: a reason the source is already
    /// known to have no Hamiltonian cycle (the puzzle's deductions failed).
    pub fn new(source: &Graph, remove: &[(u32, u32)], contradiction: Option<String>) -> Force {
        let n = source.vertices();
        let mut start = Vec::with_capacity(n as usize + 1);
        let mut nbr = Vec::with_capacity(2 * source.edge_count());
        let mut deg = Vec::with_capacity(n as usize);
        for v in 0..n {
            start.push(nbr.len() as u32);
            nbr.extend_from_slice(source.neighbours(v));
            deg.push(source.degree(v) as u32);
        }
        let mut w = Work {
            n,
            start,
            deg,
            nbr,
            fcnt: vec![0; n as usize],
            fnb: vec![[NONE, NONE]; n as usize],
            other: (0..n).collect(),
            len: vec![1; n as usize],
            stack: Vec::with_capacity(n as usize),
            queued: vec![false; n as usize],
            removed: 0,
            forced: 0,
        };
        for &(a, b) in remove {
            w.remove_edge(a, b);
        }
        let removed_singles = w.removed;
        w.removed = 0;
        // Every vertex once, in id order (the stack pops the last pushed first).
        for v in (0..n).rev() {
            w.push(v);
        }
        let result = w.run();
        let mut edges = Vec::with_capacity(w.nbr.len() / 2);
        for v in 0..n {
            for &y in w.adj(v) {
                if v < y {
                    edges.push((v, y));
                }
            }
        }
        let target = Graph::new(n, &edges);
        let outcome = match (contradiction, result) {
            (Some(why), _) => Outcome::NotHamiltonian(why),
            (None, Err(why)) => Outcome::NotHamiltonian(why),
            (None, Ok(())) => Outcome::Open,
        };
        Force {
            target,
            outcome,
            removed_singles,
            removed_forced: w.removed,
            forced: w.forced,
        }
    }

    /// `NotHamiltonian` when the propagation (or the puzzle's deductions) proved it; otherwise
    /// `Open` (whether one cycle is left is for the contraction to say).
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
    /// Edges removed as images of the puzzle's arcs.
    pub fn removed_singles(&self) -> u64 {
        self.removed_singles
    }
    /// Edges removed by rules 2 and 3.
    pub fn removed_forced(&self) -> u64 {
        self.removed_forced
    }
    /// Edges forced at the fixpoint.
    pub fn forced_edges(&self) -> u64 {
        self.forced
    }
}

impl Reduction for Force {
    type Source = Graph;
    type Target = Graph;

    fn name(&self) -> &'static str {
        "force"
    }
    fn target(&self) -> &Graph {
        &self.target
    }
    /// The same cycle (vertex ids are kept); it must avoid every removed edge, which it does when
    /// it is the canonical cycle of a solution.
    fn witness(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        self.target.check(tour).map_err(|e| {
            CertificateError::new(format!("the cycle uses an edge the reducer removed: {e}"))
        })?;
        Ok(tour.clone())
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        self.target.check(tour)?;
        Ok(tour.clone())
    }
    fn sizes(&self) -> Sizes {
        self.target
            .sizes()
            .with("removed_singles", self.removed_singles)
            .with("removed_forced", self.removed_forced)
            .with("forced_edges", self.forced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_of_the_module_docs() {
        let g = Graph::new(
            6,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 0),
                (0, 3),
                (1, 4),
            ],
        );
        let f = Force::new(&g, &[], None);
        assert_eq!(f.target().edge_count(), 8);
        assert_eq!(f.forced_edges(), 4);
        let f = Force::new(&g, &[(4, 1)], None);
        assert_eq!(f.outcome(), &Outcome::Open);
        assert_eq!(f.target().edge_count(), 6);
        assert!(!f.target().has_edge(0, 3));
        assert_eq!(f.forced_edges(), 6);
        assert_eq!((f.removed_singles(), f.removed_forced()), (1, 1));
    }

    #[test]
    fn a_chord_closing_a_forced_path_goes() {
        // The square 0-1-2-3 and a vertex 4 joined to 0 and 1: every vertex but 0 and 1 has
        // degree 2, the forced path 1-2-3-0 (4 of 5 vertices) makes the edge 0-1 a short chord.
        let g = Graph::new(5, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 4), (4, 1)]);
        let f = Force::new(&g, &[], None);
        assert!(!f.target().has_edge(0, 1));
        assert_eq!(f.outcome(), &Outcome::Open);
        assert_eq!(f.target().edge_count(), 5);
    }

    #[test]
    fn contradictions_are_reported() {
        // A vertex with three degree-2 neighbours.
        let g = Graph::new(
            7,
            &[
                (0, 1),
                (1, 4),
                (0, 2),
                (2, 5),
                (0, 3),
                (3, 6),
                (4, 5),
                (5, 6),
                (6, 4),
            ],
        );
        let f = Force::new(&g, &[], None);
        assert!(
            matches!(f.outcome(), Outcome::NotHamiltonian(_)),
            "{:?}",
            f.outcome()
        );
        // Two disjoint triangles: forced cycles shorter than the graph.
        let g = Graph::new(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        let f = Force::new(&g, &[], None);
        assert!(matches!(f.outcome(), Outcome::NotHamiltonian(r) if r.contains("cycle of 3")));
        // A single cycle is fine.
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let f = Force::new(&g, &[], None);
        assert_eq!(f.outcome(), &Outcome::Open);
        assert_eq!(f.forced_edges(), 4);
    }
}
