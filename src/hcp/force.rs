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
use super::graph::{Graph, Tour, connected_among, kept_cycle};
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

impl Work {
    /// The source's adjacency minus `remove`, every vertex queued.
    fn new(source: &Graph, remove: &[(u32, u32)]) -> Work {
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
        // Every vertex once, in id order (the stack pops the last pushed first).
        for v in (0..n).rev() {
            w.push(v);
        }
        w
    }

    /// Whether the remaining graph is connected (flat BFS).
    fn connected(&self) -> bool {
        connected_among(self.n, |_| true, |v| self.adj(v))
    }
}

/// The sizes and verdict of the `reduced` stage, computed without building its graphs (for
/// `stats`): see [`measure`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    pub vertices: u64,
    pub edges: u64,
    pub solved: bool,
    pub infeasible: bool,
}

/// What [`Force::new`] followed by [`super::contract::Contract::new`] gives, in sizes, without
/// building either graph. At the fixpoint every vertex of degree 2 has both edges forced and no
/// vertex has two degree-2 neighbours unless it has degree 2 itself, so the contraction only
/// merges each maximal run of degree-2 vertices into one vertex: one vertex and one edge fewer per
/// edge joining two degree-2 vertices; a single cycle (every vertex of degree 2) becomes a
/// triangle. `tests/hcp_reducer.rs` checks this against the built stage.
pub fn measure(source: &Graph, remove: &[(u32, u32)], contradiction: bool) -> Measure {
    let mut w = Work::new(source, remove);
    let ok = w.run().is_ok();
    let n = w.n as u64;
    let mut edges = 0u64;
    let mut merged = 0u64;
    let mut all_two = true;
    for v in 0..w.n {
        let two = w.deg[v as usize] == 2;
        all_two &= two;
        for &y in w.adj(v) {
            if v < y {
                edges += 1;
                merged += (two && w.deg[y as usize] == 2) as u64;
            }
        }
    }
    let infeasible = contradiction || !ok || !w.connected();
    if !infeasible && all_two && n >= 3 {
        return Measure {
            vertices: 3,
            edges: 3,
            solved: true,
            infeasible: false,
        };
    }
    Measure {
        vertices: n - merged,
        edges: edges - merged,
        solved: false,
        infeasible,
    }
}

impl Force {
    /// Removes the edges `remove` (any orientation, repeats allowed; absent ones are ignored)
    /// from `source` and propagates forced edges to a fixpoint. `contradiction`: a reason the
    /// source is already known to have no Hamiltonian cycle (the puzzle's deductions failed).
    pub fn new(source: &Graph, remove: &[(u32, u32)], contradiction: Option<String>) -> Force {
        let n = source.vertices();
        let mut w = Work::new(source, remove);
        let removed_singles = w.removed;
        w.removed = 0;
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
        kept_cycle(&self.target, tour, Some("an edge the reducer removed"))
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        kept_cycle(&self.target, tour, None)
    }
    fn sizes(&self) -> Sizes {
        self.target
            .sizes()
            .with("removed_singles", self.removed_singles)
            .with("removed_forced", self.removed_forced)
            .with("forced_edges", self.forced)
    }
}

/// The same propagation on a digraph, for [`measure_directed`]: rules 1–3 read through the
/// conversion `v → in(v) — mid(v) — out(v)`, arc `u → v` → edge `out(u) — in(v)`. `in(v)` has
/// degree `1 + indeg(v)` and its edge to `mid(v)` is always forced, so rule 1 at `in(v)` is "an
/// only in-arc is forced" and rule 2 is "a forced in-arc removes the other in-arcs" (likewise at
/// `out`); forced undirected paths are forced directed paths `a → … → b` from `in(a)` to `out(b)`,
/// and rule 3's chord `out(b) — in(a)` is the arc `b → a`.
struct DiWork {
    n: u32,
    ostart: Vec<u32>,
    odeg: Vec<u32>,
    onbr: Vec<u32>,
    istart: Vec<u32>,
    ideg: Vec<u32>,
    inbr: Vec<u32>,
    fout: Vec<u32>,
    fin: Vec<u32>,
    /// For a path's first vertex: its last; for its last: its first (itself when alone).
    other: Vec<u32>,
    len: Vec<u32>,
    stack: Vec<u32>,
    queued: Vec<bool>,
}

impl DiWork {
    fn outs(&self, v: u32) -> &[u32] {
        let s = self.ostart[v as usize] as usize;
        &self.onbr[s..s + self.odeg[v as usize] as usize]
    }
    fn ins(&self, v: u32) -> &[u32] {
        let s = self.istart[v as usize] as usize;
        &self.inbr[s..s + self.ideg[v as usize] as usize]
    }
    fn push(&mut self, v: u32) {
        if !self.queued[v as usize] {
            self.queued[v as usize] = true;
            self.stack.push(v);
        }
    }
    fn take(list: &mut [u32], start: u32, deg: &mut u32, y: u32) -> bool {
        let s = start as usize;
        let d = *deg as usize;
        match list[s..s + d].iter().position(|&x| x == y) {
            Some(i) => {
                list.swap(s + i, s + d - 1);
                *deg -= 1;
                true
            }
            None => false,
        }
    }
    fn remove_arc(&mut self, a: u32, b: u32) {
        if a >= self.n || b >= self.n {
            return;
        }
        let (ai, bi) = (a as usize, b as usize);
        if Self::take(&mut self.onbr, self.ostart[ai], &mut self.odeg[ai], b) {
            Self::take(&mut self.inbr, self.istart[bi], &mut self.ideg[bi], a);
            self.push(a);
            self.push(b);
        }
    }
    fn force(&mut self, u: u32, v: u32) -> Result<(), ()> {
        if self.fout[u as usize] == v {
            return Ok(());
        }
        if self.fout[u as usize] != NONE || self.fin[v as usize] != NONE {
            return Err(());
        }
        // u ends a path that starts at s; v starts a path that ends at e.
        let (s, e) = (self.other[u as usize], self.other[v as usize]);
        if s == v {
            return if self.len[u as usize] == self.n {
                self.fout[u as usize] = v;
                self.fin[v as usize] = u;
                Ok(())
            } else {
                Err(())
            };
        }
        let length = self.len[u as usize] + self.len[v as usize];
        self.fout[u as usize] = v;
        self.fin[v as usize] = u;
        self.other[s as usize] = e;
        self.other[e as usize] = s;
        self.len[s as usize] = length;
        self.len[e as usize] = length;
        self.push(u);
        self.push(v);
        if length < self.n {
            self.remove_arc(e, s);
        }
        Ok(())
    }
    fn run(&mut self) -> Result<(), ()> {
        while let Some(v) = self.stack.pop() {
            self.queued[v as usize] = false;
            let vi = v as usize;
            if self.odeg[vi] == 0 || self.ideg[vi] == 0 {
                return Err(());
            }
            if self.fout[vi] == NONE && self.odeg[vi] == 1 {
                let y = self.outs(v)[0];
                self.force(v, y)?;
            }
            if self.fin[vi] == NONE && self.ideg[vi] == 1 {
                let y = self.ins(v)[0];
                self.force(y, v)?;
            }
            let keep = self.fout[vi];
            if keep != NONE {
                while self.odeg[vi] > 1 {
                    let s = self.ostart[vi] as usize;
                    let y = if self.onbr[s] != keep {
                        self.onbr[s]
                    } else {
                        self.onbr[s + 1]
                    };
                    self.remove_arc(v, y);
                }
            }
            let keep = self.fin[vi];
            if keep != NONE {
                while self.ideg[vi] > 1 {
                    let s = self.istart[vi] as usize;
                    let y = if self.inbr[s] != keep {
                        self.inbr[s]
                    } else {
                        self.inbr[s + 1]
                    };
                    self.remove_arc(y, v);
                }
            }
        }
        Ok(())
    }
}

/// [`measure`] of the undirected conversion of `source` minus the arcs `remove`, computed on the
/// digraph (a third of the vertices, no middle vertices): the same propagation (see `DiWork`), and
/// the contraction of the conversion merges one vertex per undirected edge between two degree-2
/// vertices — `in(v) — mid(v)` when `v` has one in-arc, `mid(v) — out(v)` when it has one
/// out-arc, `out(u) — in(v)` when `u → v` is `u`'s only out-arc and `v`'s only in-arc.
pub fn measure_directed(
    source: &super::graph::Digraph,
    remove: &[(u32, u32)],
    contradiction: bool,
) -> Measure {
    let n = source.vertices();
    let mut ostart = Vec::with_capacity(n as usize);
    let mut odeg = Vec::with_capacity(n as usize);
    let mut onbr = Vec::with_capacity(source.arc_count());
    let mut istart = Vec::with_capacity(n as usize);
    let mut ideg = Vec::with_capacity(n as usize);
    let mut inbr = Vec::with_capacity(source.arc_count());
    for v in 0..n {
        ostart.push(onbr.len() as u32);
        onbr.extend_from_slice(source.out(v));
        odeg.push(source.out(v).len() as u32);
        istart.push(inbr.len() as u32);
        inbr.extend_from_slice(source.inn(v));
        ideg.push(source.inn(v).len() as u32);
    }
    let mut w = DiWork {
        n,
        ostart,
        odeg,
        onbr,
        istart,
        ideg,
        inbr,
        fout: vec![NONE; n as usize],
        fin: vec![NONE; n as usize],
        other: (0..n).collect(),
        len: vec![1; n as usize],
        stack: Vec::with_capacity(n as usize),
        queued: vec![false; n as usize],
    };
    for &(a, b) in remove {
        w.remove_arc(a, b);
    }
    for v in (0..n).rev() {
        w.push(v);
    }
    let ok = w.run().is_ok();
    let mut arcs = 0u64;
    let mut merged = 0u64;
    let mut all_one = true;
    for v in 0..n {
        let (o, i) = (w.odeg[v as usize], w.ideg[v as usize]);
        all_one &= o == 1 && i == 1;
        merged += (i == 1) as u64 + (o == 1) as u64;
        arcs += o as u64;
        if o == 1 {
            merged += (w.ideg[w.outs(v)[0] as usize] == 1) as u64;
        }
    }
    // Weakly connected digraph ⇔ connected conversion.
    let connected = {
        let mut seen = vec![false; n as usize];
        let mut stack = Vec::new();
        let mut count = 0;
        if n > 0 {
            seen[0] = true;
            stack.push(0u32);
            count = 1;
        }
        while let Some(v) = stack.pop() {
            for i in 0..(w.odeg[v as usize] + w.ideg[v as usize]) as usize {
                let y = if i < w.odeg[v as usize] as usize {
                    w.outs(v)[i]
                } else {
                    w.ins(v)[i - w.odeg[v as usize] as usize]
                };
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    count += 1;
                    stack.push(y);
                }
            }
        }
        count == n
    };
    let infeasible = contradiction || !ok || !connected;
    if !infeasible && all_one && n >= 1 {
        return Measure {
            vertices: 3,
            edges: 3,
            solved: true,
            infeasible: false,
        };
    }
    let (v3, e) = (3 * n as u64, 2 * n as u64 + arcs);
    Measure {
        vertices: v3 - merged,
        edges: e - merged,
        solved: false,
        infeasible,
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
        // Two disjoint triangles: the short-cycle rule removes a triangle's closing edge, which
        // leaves a vertex of degree 1.
        let g = Graph::new(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
        let f = Force::new(&g, &[], None);
        assert!(
            matches!(f.outcome(), Outcome::NotHamiltonian(r) if r.contains("degree 1")),
            "{:?}",
            f.outcome()
        );
        // A single cycle is fine.
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        let f = Force::new(&g, &[], None);
        assert_eq!(f.outcome(), &Outcome::Open);
        assert_eq!(f.forced_edges(), 4);
    }
}
