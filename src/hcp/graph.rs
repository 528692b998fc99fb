//! Compact graphs for Hamiltonian-cycle instances: vertices are `u32` ids `0..n`, adjacency in flat
//! CSR arrays (one offset array, one neighbour array, neighbours sorted), so that graphs of millions
//! of vertices (blank N = 64 Sudoku) fit in little memory and membership tests are binary searches.
//!
//! A certificate of either graph is a tour: the `n` vertices in cycle order (any rotation, for the
//! undirected graph either direction).

use crate::error::CertificateError;
use crate::reduce::{Problem, Sizes};

/// Sorted CSR adjacency built from a list of (from, to) pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Csr {
    start: Vec<u32>,
    next: Vec<u32>,
}

/// Which pairs a [`Csr`] is built from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Orient {
    /// `(a, b)` lists `b` under `a`.
    Forward,
    /// `(a, b)` lists `b` under `a` and `a` under `b`.
    Both,
}

impl Csr {
    /// Counting sort by first component, then each (short) list sorted and deduplicated; loops
    /// `(a, a)` are dropped. Linear apart from the per-vertex sorts. Written with index loops: this
    /// runs on every graph of every test, in unoptimised builds too.
    fn build(n: usize, pairs: &[(u32, u32)], orient: Orient) -> Csr {
        let both = orient == Orient::Both;
        let mut start = vec![0u32; n + 1];
        for &(a, b) in pairs {
            if a != b {
                start[a as usize + 1] += 1;
                if both {
                    start[b as usize + 1] += 1;
                }
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut next = vec![0u32; start[n] as usize];
        for &(a, b) in pairs {
            if a != b {
                next[fill[a as usize] as usize] = b;
                fill[a as usize] += 1;
                if both {
                    next[fill[b as usize] as usize] = a;
                    fill[b as usize] += 1;
                }
            }
        }
        drop(fill);
        Csr::sort_lists(start, next)
    }

    /// The transpose: `b` lists `a` for every `a → b`.
    fn transpose(&self, n: usize) -> Csr {
        let mut start = vec![0u32; n + 1];
        for &b in &self.next {
            start[b as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut next = vec![0u32; self.next.len()];
        for a in 0..n {
            for k in self.start[a] as usize..self.start[a + 1] as usize {
                let b = self.next[k] as usize;
                next[fill[b] as usize] = a as u32;
                fill[b] += 1;
            }
        }
        // Filled in increasing `a`: already sorted and distinct.
        Csr { start, next }
    }

    /// Sorts and deduplicates each list, compacting in place.
    fn sort_lists(start: Vec<u32>, mut next: Vec<u32>) -> Csr {
        let n = start.len() - 1;
        let mut write = 0usize;
        let mut new_start = vec![0u32; n + 1];
        for i in 0..n {
            let (lo, hi) = (start[i] as usize, start[i + 1] as usize);
            sort_small(&mut next[lo..hi]);
            for k in lo..hi {
                if k == lo || next[k] != next[k - 1] {
                    next[write] = next[k];
                    write += 1;
                }
            }
            new_start[i + 1] = write as u32;
        }
        next.truncate(write);
        Csr {
            start: new_start,
            next,
        }
    }

    fn of(&self, v: u32) -> &[u32] {
        &self.next[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }
}

/// Insertion sort for the short adjacency lists (faster than the general sort, also unoptimised).
fn sort_small(list: &mut [u32]) {
    if list.len() > 24 {
        list.sort_unstable();
        return;
    }
    for i in 1..list.len() {
        let x = list[i];
        let mut j = i;
        while j > 0 && list[j - 1] > x {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = x;
    }
}

/// A directed graph without loops or parallel arcs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    n: u32,
    out: Csr,
    inc: Csr,
}

impl Digraph {
    /// Builds from arcs; loops and repeated arcs are dropped (constructions never make them; file
    /// readers reject them before this point).
    pub fn new(n: u32, arcs: &[(u32, u32)]) -> Self {
        let out = Csr::build(n as usize, arcs, Orient::Forward);
        let inc = out.transpose(n as usize);
        Digraph { n, out, inc }
    }
    pub fn vertices(&self) -> u32 {
        self.n
    }
    pub fn arc_count(&self) -> usize {
        self.out.next.len()
    }
    pub fn out(&self, v: u32) -> &[u32] {
        self.out.of(v)
    }
    pub fn inn(&self, v: u32) -> &[u32] {
        self.inc.of(v)
    }
    pub fn has_arc(&self, a: u32, b: u32) -> bool {
        a < self.n && self.out.of(a).binary_search(&b).is_ok()
    }
    /// Position of arc `(a, b)` in [`Digraph::arcs`] order, if it is an arc.
    pub fn arc_index(&self, a: u32, b: u32) -> Option<usize> {
        if a >= self.n {
            return None;
        }
        let pos = self.out.of(a).binary_search(&b).ok()?;
        Some(self.out.start[a as usize] as usize + pos)
    }
    /// All arcs, sorted by (from, to).
    pub fn arcs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.n).flat_map(move |a| self.out(a).iter().map(move |&b| (a, b)))
    }
    /// A copy without the given arcs (absent ones are ignored).
    pub fn without_arcs(&self, remove: &[(u32, u32)]) -> Digraph {
        let mut remove = remove.to_vec();
        remove.sort_unstable();
        let n = self.n as usize;
        let mut start = vec![0u32; n + 1];
        let mut next = Vec::with_capacity(self.out.next.len());
        let mut r = 0usize;
        for a in 0..n {
            for k in self.out.start[a] as usize..self.out.start[a + 1] as usize {
                let b = self.out.next[k];
                while r < remove.len() && remove[r] < (a as u32, b) {
                    r += 1;
                }
                if r < remove.len() && remove[r] == (a as u32, b) {
                    continue;
                }
                next.push(b);
            }
            start[a + 1] = next.len() as u32;
        }
        let out = Csr { start, next };
        let inc = out.transpose(n);
        Digraph {
            n: self.n,
            out,
            inc,
        }
    }
}

/// An undirected simple graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    n: u32,
    adj: Csr,
    edges: usize,
}

impl Graph {
    /// Builds from edges in any orientation; loops and repeats are dropped.
    pub fn new(n: u32, edges: &[(u32, u32)]) -> Self {
        let adj = Csr::build(n as usize, edges, Orient::Both);
        let count = adj.next.len() / 2;
        Graph {
            n,
            adj,
            edges: count,
        }
    }
    pub fn vertices(&self) -> u32 {
        self.n
    }
    pub fn edge_count(&self) -> usize {
        self.edges
    }
    pub fn neighbours(&self, v: u32) -> &[u32] {
        self.adj.of(v)
    }
    pub fn degree(&self, v: u32) -> usize {
        self.adj.of(v).len()
    }
    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        a < self.n && self.adj.of(a).binary_search(&b).is_ok()
    }
    /// All edges `(u, v)` with `u < v`, sorted.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.n).flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .filter(move |&&b| b > a)
                .map(move |&b| (a, b))
        })
    }
}

/// A tour: the vertices in cycle order.
pub type Tour = Vec<u32>;

/// The cycles of a 2-factor on vertices `0..n`: `edges` gives every vertex one successor
/// (`directed`: arcs `a → b`) or two neighbours (undirected edges). Each cycle is listed from its
/// least vertex; a vertex short of edges ends its walk, so a partial selection gives paths. Used
/// to read a SAT model's cycles and the branching search's tour.
pub fn cycles_of(
    n: usize,
    edges: impl IntoIterator<Item = (u32, u32)>,
    directed: bool,
) -> Vec<Vec<u32>> {
    let mut next: Vec<[u32; 2]> = vec![[u32::MAX; 2]; n];
    for (a, b) in edges {
        if directed {
            next[a as usize][0] = b;
        } else {
            for (x, y) in [(a, b), (b, a)] {
                let slot = &mut next[x as usize];
                if slot[0] == u32::MAX {
                    slot[0] = y;
                } else {
                    slot[1] = y;
                }
            }
        }
    }
    let mut seen = vec![false; n];
    let mut cycles = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut cycle = Vec::new();
        let (mut prev, mut cur) = (u32::MAX, start as u32);
        while !seen[cur as usize] {
            seen[cur as usize] = true;
            cycle.push(cur);
            let [p, q] = next[cur as usize];
            let step = if directed || p != prev { p } else { q };
            if step == u32::MAX {
                break;
            }
            prev = cur;
            cur = step;
        }
        cycles.push(cycle);
    }
    cycles
}

/// Checks that `tour` visits each of `n` vertices once and that `step(a, b)` holds for every
/// consecutive pair, the closing pair included.
fn check_tour(
    n: u32,
    tour: &Tour,
    step: impl Fn(u32, u32) -> bool,
    what: &str,
) -> Result<(), CertificateError> {
    if tour.len() != n as usize {
        return Err(CertificateError::new(format!(
            "tour has {} vertices, the graph has {n}",
            tour.len()
        )));
    }
    let mut seen = vec![false; n as usize];
    for (i, &v) in tour.iter().enumerate() {
        if v >= n {
            return Err(CertificateError::new(format!(
                "tour position {} names vertex {}, outside 1..{n}",
                i + 1,
                v as u64 + 1
            )));
        }
        if std::mem::replace(&mut seen[v as usize], true) {
            return Err(CertificateError::new(format!(
                "tour visits vertex {} twice",
                v + 1
            )));
        }
    }
    for i in 0..tour.len() {
        let (a, b) = (tour[i], tour[(i + 1) % tour.len()]);
        if !step(a, b) {
            return Err(CertificateError::new(format!(
                "tour steps from vertex {} to vertex {}, which is not {what} of the graph",
                a + 1,
                b + 1
            )));
        }
    }
    Ok(())
}

/// Witness and extract of a step whose target is a subgraph of its source on the same vertex ids
/// (clue arcs removed, the reducer's removed edges): the cycle is kept as it is and must use only
/// what the step kept. A witness that uses a removed arc or edge is refused naming `removed`; an
/// extract gets the target's own refusal.
/// Whether the vertices below `n` that `alive` accepts form one connected component (true when
/// there are none), following `adj`, whose lists name only such vertices. One search for the
/// built graphs and for the working arrays of contraction and the reducer.
pub(crate) fn connected_among<'a>(
    n: u32,
    alive: impl Fn(u32) -> bool,
    adj: impl Fn(u32) -> &'a [u32],
) -> bool {
    let Some(first) = (0..n).find(|&v| alive(v)) else {
        return true;
    };
    let total = (first..n).filter(|&v| alive(v)).count();
    let mut seen = vec![false; n as usize];
    let mut stack = vec![first];
    seen[first as usize] = true;
    let mut count = 1;
    while let Some(v) = stack.pop() {
        for &y in adj(v) {
            if !seen[y as usize] {
                seen[y as usize] = true;
                count += 1;
                stack.push(y);
            }
        }
    }
    count == total
}

pub(crate) fn kept_cycle<P: Problem<Certificate = Tour>>(
    target: &P,
    tour: &Tour,
    removed: Option<&str>,
) -> Result<Tour, CertificateError> {
    target.check(tour).map_err(|e| match removed {
        Some(what) => CertificateError::new(format!("the cycle uses {what}: {e}")),
        None => e,
    })?;
    Ok(tour.clone())
}

impl Problem for Digraph {
    type Certificate = Tour;
    fn check(&self, tour: &Tour) -> Result<(), CertificateError> {
        check_tour(self.n, tour, |a, b| self.has_arc(a, b), "an arc")
    }
    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("vertices", self.n as u64)
            .with("edges", self.arc_count() as u64)
    }
}

impl Problem for Graph {
    type Certificate = Tour;
    fn check(&self, tour: &Tour) -> Result<(), CertificateError> {
        check_tour(self.n, tour, |a, b| self.has_edge(a, b), "an edge")
    }
    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("vertices", self.n as u64)
            .with("edges", self.edges as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tours_are_checked() {
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]);
        assert_eq!(g.edge_count(), 5);
        assert!(g.check(&vec![0, 1, 2, 3]).is_ok());
        assert!(g.check(&vec![3, 2, 1, 0]).is_ok());
        assert!(
            g.check(&vec![0, 2, 1, 3])
                .unwrap_err()
                .message
                .contains("not an edge")
        );
        assert!(g.check(&vec![0, 1, 2]).is_err());
        assert!(
            g.check(&vec![0, 1, 1, 3])
                .unwrap_err()
                .message
                .contains("twice")
        );
        let d = Digraph::new(3, &[(0, 1), (1, 2), (2, 0)]);
        assert!(d.check(&vec![0, 1, 2]).is_ok());
        assert!(d.check(&vec![0, 2, 1]).is_err());
        assert_eq!(d.without_arcs(&[(1, 2)]).arc_count(), 2);
    }
}
