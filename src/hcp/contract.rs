//! Degree-2 contraction, the paper's two rules applied to a fixpoint on an undirected graph:
//!
//! * **(a)** two adjacent vertices of degree 2 are contracted into one (their path `a — u — w — b`
//!   is forced, so `u — w` becomes one vertex joined to `a` and `b`);
//! * **(b)** a vertex with two degree-2 neighbours loses all its other edges (a Hamiltonian cycle
//!   must use both edges of each of those neighbours, so the vertex's other edges are unused).
//!
//! The graph is **provably not Hamiltonian** when a vertex has degree < 2, a vertex has three or
//! more degree-2 neighbours, rule (a) would close a cycle shorter than the graph, or the graph is
//! disconnected; it is **solved** when a single cycle remains (then its one Hamiltonian cycle is
//! the answer). Either way the contracted graph is returned (in the first case it is not
//! Hamiltonian, as the source is not), so the step stays a reduction.
//!
//! Every contracted vertex remembers the path of source vertices it stands for (a linked list
//! through the source vertices, with the neighbour attached at each of its two ends), so a tour of
//! the contracted graph lifts back: each vertex's path is walked from the end facing its tour
//! predecessor to the end facing its successor.
//!
//! Example: the 6-cycle `0..5` with a chord `(0, 3)`: vertices 1, 2, 4, 5 have degree 2; rule (a)
//! merges 1-2 into one vertex and 4-5 into another, leaving 0 and 3 with two degree-2 neighbours
//! each, so rule (b) drops the chord: a 4-cycle remains, which (a) shrinks to a triangle — solved.

use super::graph::{Graph, Tour, connected_among};
use crate::error::CertificateError;
use crate::reduce::{Problem, Reduction};
use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// What contraction alone decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Neither: a graph with vertices of degree ≥ 3 remains.
    Open,
    /// The contracted graph is a single cycle: it is Hamiltonian, the cycle is the answer.
    Solved,
    /// The graph is provably not Hamiltonian, for the reason given.
    NotHamiltonian(String),
}

/// Where a source edge ended up in the contracted graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeImage {
    /// This edge of the contracted graph.
    Edge(u32, u32),
    /// Inside a contracted vertex's path: used by every Hamiltonian cycle.
    Forced,
    /// Removed: used by no Hamiltonian cycle.
    Absent,
}

pub struct Contract {
    source_vertices: u32,
    /// Contracted id → representative source id.
    rep_of_new: Vec<u32>,
    /// Source id → contracted id (every source vertex belongs to exactly one contracted vertex).
    new_of: Vec<u32>,
    /// Path links of source vertices (up to two path neighbours).
    link: Vec<[u32; 2]>,
    /// Per representative: the two end source vertices of its path (equal for a single vertex).
    ends: Vec<[u32; 2]>,
    /// Per representative: the representative attached at each end (paths longer than one).
    port: Vec<[u32; 2]>,
    target: Graph,
    outcome: Outcome,
}

struct Work {
    alive: Vec<bool>,
    start: Vec<u32>,
    deg: Vec<u32>,
    nbr: Vec<u32>,
    link: Vec<[u32; 2]>,
    ends: Vec<[u32; 2]>,
    port: Vec<[u32; 2]>,
    count: u32,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Work {
    fn adj(&self, v: u32) -> &[u32] {
        let s = self.start[v as usize] as usize;
        &self.nbr[s..s + self.deg[v as usize] as usize]
    }
    fn push(&mut self, v: u32) {
        if !self.queued[v as usize] {
            self.queued[v as usize] = true;
            self.queue.push_back(v);
        }
    }
    fn remove_half(&mut self, v: u32, y: u32) {
        let s = self.start[v as usize] as usize;
        let d = self.deg[v as usize] as usize;
        if let Some(i) = self.nbr[s..s + d].iter().position(|&x| x == y) {
            self.nbr.swap(s + i, s + d - 1);
            self.deg[v as usize] -= 1;
        }
    }
    fn replace(&mut self, v: u32, old: u32, new: u32) {
        let s = self.start[v as usize] as usize;
        let d = self.deg[v as usize] as usize;
        if let Some(i) = self.nbr[s..s + d].iter().position(|&x| x == old) {
            self.nbr[s + i] = new;
        }
        for p in self.port[v as usize].iter_mut() {
            if *p == old {
                *p = new;
            }
        }
    }
    /// The end of `z`'s path that faces neighbour `y`.
    fn facing(&self, z: u32, y: u32) -> u32 {
        let e = self.ends[z as usize];
        if e[0] == e[1] || self.port[z as usize][0] == y {
            e[0]
        } else {
            e[1]
        }
    }
    fn add_link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let l = &mut self.link[x as usize];
            if l[0] == NONE {
                l[0] = y;
            } else {
                l[1] = y;
            }
        }
    }

    /// Runs the rules to a fixpoint; `Err` carries the reason the graph is not Hamiltonian.
    fn run(&mut self) -> Result<(), String> {
        while let Some(v) = self.queue.pop_front() {
            self.queued[v as usize] = false;
            if !self.alive[v as usize] {
                continue;
            }
            let d = self.deg[v as usize];
            if d < 2 {
                return Err(format!("vertex {} has degree {d}", v + 1));
            }
            // Up to three degree-2 neighbours (three already decide).
            let mut twos = [NONE; 3];
            let mut count2 = 0usize;
            let s = self.start[v as usize] as usize;
            for i in s..s + d as usize {
                let y = self.nbr[i];
                if self.deg[y as usize] == 2 {
                    if count2 < 3 {
                        twos[count2] = y;
                    }
                    count2 += 1;
                }
            }
            if count2 >= 3 {
                return Err(format!(
                    "vertex {} has {count2} neighbours of degree 2",
                    v + 1
                ));
            }
            let twos = &twos[..count2];
            if twos.len() == 2 && d > 2 {
                // Rule (b).
                let others: Vec<u32> = self
                    .adj(v)
                    .iter()
                    .copied()
                    .filter(|y| !twos.contains(y))
                    .collect();
                for y in others {
                    self.remove_half(v, y);
                    self.remove_half(y, v);
                    if self.deg[y as usize] < 2 {
                        return Err(format!(
                            "vertex {} is left with degree {}",
                            y + 1,
                            self.deg[y as usize]
                        ));
                    }
                    self.push(y);
                    for i in 0..self.deg[y as usize] as usize {
                        let w = self.nbr[self.start[y as usize] as usize + i];
                        self.push(w);
                    }
                }
                self.push(v);
                for &y in twos {
                    self.push(y);
                }
                continue;
            }
            if d == 2 && self.count > 3 {
                // Rule (a).
                if let Some(&w) = twos.first() {
                    let u = v;
                    let a = *self.adj(u).iter().find(|&&y| y != w).unwrap_or(&NONE);
                    let b = *self.adj(w).iter().find(|&&y| y != u).unwrap_or(&NONE);
                    if a == NONE || b == NONE {
                        return Err(format!("vertex {} has a repeated neighbour", u + 1));
                    }
                    if a == b {
                        return Err(format!(
                            "vertices {}, {}, {} close a cycle shorter than the graph",
                            a + 1,
                            u + 1,
                            w + 1
                        ));
                    }
                    let eu_w = self.facing(u, w);
                    let eu_a = self.facing(u, a);
                    let ew_u = self.facing(w, u);
                    let ew_b = self.facing(w, b);
                    self.add_link(eu_w, ew_u);
                    self.ends[u as usize] = [eu_a, ew_b];
                    self.port[u as usize] = [a, b];
                    let s = self.start[u as usize] as usize;
                    self.nbr[s] = a;
                    self.nbr[s + 1] = b;
                    self.replace(b, w, u);
                    self.alive[w as usize] = false;
                    self.count -= 1;
                    self.push(u);
                    self.push(a);
                    self.push(b);
                }
            }
        }
        Ok(())
    }
}

/// What [`Contract::new`] gives, in sizes and verdict, without building the contracted graph or
/// the lifting tables (for `stats`, where the contraction was 40 % of the time per puzzle).
/// `tests/hcp_reducer.rs` checks it against the built step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    pub vertices: u64,
    pub edges: u64,
    pub outcome: Outcome,
}

/// The contraction of `source` measured: see [`Measure`].
pub fn measure(source: &Graph) -> Measure {
    let mut w = Work::new(source);
    let result = w.run();
    let alive = |v: u32| w.alive[v as usize];
    let n = source.vertices();
    let vertices = (0..n).filter(|&v| alive(v)).count() as u64;
    let degrees: u64 = (0..n)
        .filter(|&v| alive(v))
        .map(|v| w.adj(v).len() as u64)
        .sum();
    let outcome = match result {
        Err(reason) => Outcome::NotHamiltonian(reason),
        Ok(()) => {
            // Over the surviving vertices (their lists only name survivors).
            if !connected_among(n, alive, |v| w.adj(v)) {
                Outcome::NotHamiltonian("the graph is disconnected".into())
            } else if (0..n).filter(|&v| alive(v)).all(|v| w.adj(v).len() == 2) {
                Outcome::Solved
            } else {
                Outcome::Open
            }
        }
    };
    Measure {
        vertices,
        edges: degrees / 2,
        outcome,
    }
}

impl Work {
    /// The working copy of `source`, every vertex queued.
    fn new(source: &Graph) -> Work {
        let n = source.vertices();
        let mut start = Vec::with_capacity(n as usize + 1);
        let mut nbr = Vec::with_capacity(2 * source.edge_count());
        let mut deg = Vec::with_capacity(n as usize);
        for v in 0..n {
            start.push(nbr.len() as u32);
            nbr.extend_from_slice(source.neighbours(v));
            deg.push(source.degree(v) as u32);
        }
        Work {
            alive: vec![true; n as usize],
            start,
            deg,
            nbr,
            link: vec![[NONE, NONE]; n as usize],
            ends: (0..n).map(|v| [v, v]).collect(),
            port: vec![[NONE, NONE]; n as usize],
            count: n,
            queue: (0..n).collect(),
            queued: vec![true; n as usize],
        }
    }
}

impl Contract {
    pub fn new(source: &Graph) -> Contract {
        let n = source.vertices();
        let mut w = Work::new(source);
        let result = w.run();
        // Compact the surviving vertices.
        let mut rep_of_new = Vec::with_capacity(w.count as usize);
        let mut new_of_rep = vec![NONE; n as usize];
        for v in 0..n {
            if w.alive[v as usize] {
                new_of_rep[v as usize] = rep_of_new.len() as u32;
                rep_of_new.push(v);
            }
        }
        let mut edges = Vec::new();
        for &v in &rep_of_new {
            for &y in w.adj(v) {
                if v < y {
                    edges.push((new_of_rep[v as usize], new_of_rep[y as usize]));
                }
            }
        }
        let target = Graph::new(rep_of_new.len() as u32, &edges);
        // Source vertex → contracted id, by walking every path.
        let mut new_of = vec![NONE; n as usize];
        for (id, &r) in rep_of_new.iter().enumerate() {
            let mut prev = NONE;
            let mut cur = w.ends[r as usize][0];
            loop {
                new_of[cur as usize] = id as u32;
                let l = w.link[cur as usize];
                let next = if l[0] != prev { l[0] } else { l[1] };
                if next == NONE || cur == w.ends[r as usize][1] {
                    break;
                }
                prev = cur;
                cur = next;
            }
        }
        let outcome = match result {
            Err(reason) => Outcome::NotHamiltonian(reason),
            Ok(()) => {
                if !connected(&target) {
                    Outcome::NotHamiltonian("the graph is disconnected".into())
                } else if (0..target.vertices()).all(|v| target.degree(v) == 2) {
                    Outcome::Solved
                } else {
                    Outcome::Open
                }
            }
        };
        Contract {
            source_vertices: n,
            rep_of_new,
            new_of,
            link: w.link,
            ends: w.ends,
            port: w.port,
            target,
            outcome,
        }
    }

    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The Hamiltonian cycle of the contracted graph when contraction solved it.
    pub fn solved_tour(&self) -> Option<Tour> {
        if self.outcome != Outcome::Solved {
            return None;
        }
        cycle_of(&self.target)
    }

    /// The source vertices contracted vertex `v` stands for, in path order (first = its first end).
    pub fn path(&self, v: u32) -> Vec<u32> {
        let Some(&r) = self.rep_of_new.get(v as usize) else {
            return Vec::new();
        };
        self.walk(r, self.ends[r as usize][0])
    }

    fn walk(&self, r: u32, from: u32) -> Vec<u32> {
        let e = self.ends[r as usize];
        let to = if from == e[0] { e[1] } else { e[0] };
        let mut out = vec![from];
        let (mut prev, mut cur) = (NONE, from);
        while cur != to {
            let l = self.link[cur as usize];
            let next = if l[0] != prev { l[0] } else { l[1] };
            if next == NONE {
                break;
            }
            prev = cur;
            cur = next;
            out.push(cur);
        }
        out
    }

    /// The end of representative `r`'s path facing representative `y`.
    fn facing(&self, r: u32, y: u32) -> Option<u32> {
        let e = self.ends[r as usize];
        let p = self.port[r as usize];
        if e[0] == e[1] || p[0] == y {
            Some(e[0])
        } else if p[1] == y {
            Some(e[1])
        } else {
            None
        }
    }

    /// Where source edge `(a, b)` ended up.
    pub fn edge_image(&self, a: u32, b: u32) -> EdgeImage {
        let (Some(&za), Some(&zb)) = (self.new_of.get(a as usize), self.new_of.get(b as usize))
        else {
            return EdgeImage::Absent;
        };
        if za == zb {
            return if self.link[a as usize].contains(&b) {
                EdgeImage::Forced
            } else {
                EdgeImage::Absent
            };
        }
        if !self.target.has_edge(za, zb) {
            return EdgeImage::Absent;
        }
        let (ra, rb) = (self.rep_of_new[za as usize], self.rep_of_new[zb as usize]);
        if self.facing(ra, rb) == Some(a) && self.facing(rb, ra) == Some(b) {
            EdgeImage::Edge(za, zb)
        } else {
            EdgeImage::Absent
        }
    }

    /// Contracted id of source vertex `v`.
    pub fn target_id(&self, v: u32) -> Option<u32> {
        self.new_of.get(v as usize).copied().filter(|&z| z != NONE)
    }
}

fn connected(g: &Graph) -> bool {
    connected_among(g.vertices(), |_| true, |v| g.neighbours(v))
}

/// The cycle of a connected 2-regular graph.
fn cycle_of(g: &Graph) -> Option<Tour> {
    let n = g.vertices();
    if n < 3 {
        return None;
    }
    let mut tour = vec![0u32];
    let (mut prev, mut cur) = (0u32, *g.neighbours(0).first()?);
    while cur != 0 {
        tour.push(cur);
        let next = *g.neighbours(cur).iter().find(|&&y| y != prev)?;
        prev = cur;
        cur = next;
        if tour.len() > n as usize {
            return None;
        }
    }
    (tour.len() == n as usize).then_some(tour)
}

impl Reduction for Contract {
    type Source = Graph;
    type Target = Graph;

    fn name(&self) -> &'static str {
        "contract"
    }
    fn target(&self) -> &Graph {
        &self.target
    }
    fn witness(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        if tour.len() != self.source_vertices as usize {
            return Err(CertificateError::new("tour has the wrong length"));
        }
        let id = |v: u32| -> Result<u32, CertificateError> {
            self.target_id(v)
                .ok_or_else(|| CertificateError::new("tour names a vertex out of range"))
        };
        // Start at a path boundary, then collapse runs of the same contracted vertex.
        let len = tour.len();
        let mut first = 0;
        for i in 0..len {
            if id(tour[i])? != id(tour[(i + len - 1) % len])? {
                first = i;
                break;
            }
        }
        let mut out: Vec<u32> = Vec::with_capacity(self.target.vertices() as usize);
        for i in 0..len {
            let z = id(tour[(first + i) % len])?;
            if out.last() != Some(&z) {
                out.push(z);
            }
        }
        if out.len() > 1 && out.first() == out.last() {
            out.pop();
        }
        Ok(out)
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        self.target.check(tour)?;
        let len = tour.len();
        let mut out = Vec::with_capacity(self.source_vertices as usize);
        for i in 0..len {
            let z = tour[i];
            let r = self.rep_of_new[z as usize];
            let prev = self.rep_of_new[tour[(i + len - 1) % len] as usize];
            let from = self.facing(r, prev).ok_or_else(|| {
                CertificateError::new(format!(
                    "contracted vertex {} is not entered at an end of its path",
                    z + 1
                ))
            })?;
            out.extend(self.walk(r, from));
        }
        if out.len() != self.source_vertices as usize {
            return Err(CertificateError::new(
                "lifted tour does not cover the source graph",
            ));
        }
        Ok(out)
    }
}
