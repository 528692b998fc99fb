//! Reductions and quick proofs on an undirected graph before the Hamiltonian-cycle search.
//!
//! Every rule keeps the set of Hamiltonian cycles unchanged (or proves it empty):
//! * **forced edges**: both edges of a degree-2 vertex (and TSPLIB's FIXED_EDGES) are in every
//!   Hamiltonian cycle. A vertex with two forced edges loses its other edges; a neighbour that
//!   drops to degree 2 forces its edges in turn. Three forced edges at a vertex, a degree below
//!   2, or forced edges closing a cycle shorter than `n` prove there is none.
//! * **2-edge cuts**: both edges of a pair whose removal disconnects the graph are in every
//!   Hamiltonian cycle (it crosses each cut an even number of times, at least twice), found by
//!   [`super::two_cuts`] and fed to the propagation, which may expose more.
//! * **path closing**: forced edges form paths; an edge joining the two ends of a path of fewer
//!   than `n` vertices would close a short cycle, so it is removed (and the propagation resumes).
//! * **connectivity**: a Hamiltonian graph is 2-connected — a disconnected graph or a cut vertex
//!   (Hopcroft–Tarjan, iterative: [`super::lowlink`]) proves there is none.
//! * **bipartite balance**: a bipartite graph whose two sides differ in size has no Hamiltonian
//!   cycle (a cycle alternates sides). This catches dense non-Hamiltonian graphs such as
//!   K_{m,m+1}, whose degree constraints are a pigeonhole formula for the SAT model.
//!
//! On the FHCP graphs, built with many degree-2 vertices, the propagation removes edges the SAT
//! solver would otherwise rediscover after every restart; its forced edges are handed to the
//! solver as unit clauses ([`super::solve::HcSolver::require`]).

use super::graph::Graph;
use super::lowlink::{UNSEEN, walk};
use super::two_cuts::two_cut_edges;
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Passes over the graph that the 2-edge-cut rule may take in all (labelling, and each search
/// confirming a cut): linear work however many cuts a graph has.
const TWO_CUT_PASSES: u32 = 32;

/// What the reductions found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presolved {
    /// No Hamiltonian cycle, with the reason (a sentence naming vertices 1-based).
    NoCycle(String),
    /// The same Hamiltonian cycles on fewer edges.
    Reduced(Reduced),
}

/// A reduced graph: same vertices, a subset of the edges, the same Hamiltonian cycles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    pub graph: Graph,
    /// Edges in every Hamiltonian cycle (`u < v`).
    pub forced: Vec<(u32, u32)>,
    /// Edges removed.
    pub removed: usize,
}

/// Runs every rule on `g`, with `fixed` edges required (they must be edges of `g`).
pub fn presolve(g: &Graph, fixed: &[(u32, u32)]) -> Presolved {
    let n = g.vertices();
    if n < 3 {
        return Presolved::Reduced(Reduced {
            graph: g.clone(),
            forced: Vec::new(),
            removed: 0,
        });
    }
    let mut p = Propagation::new(g);
    let result = (|| {
        for &(a, b) in fixed {
            p.force(a, b)?;
        }
        for v in 0..n {
            p.queue.push_back(v);
        }
        p.run()?;
        // Both edges of a 2-edge cut, then the propagation again, until no new cut appears
        // or the budget of passes over the graph is spent.
        let mut checks = TWO_CUT_PASSES;
        for round in 0u64.. {
            if checks == 0 {
                break;
            }
            checks -= 1;
            let cut = two_cut_edges(
                &p.adj,
                |a, b| p.forced[a as usize].contains(&b),
                round,
                &mut checks,
            );
            if cut.is_empty() {
                break;
            }
            for (a, b) in cut {
                p.force(a, b)?;
            }
            p.run()?;
        }
        Ok(())
    })();
    if let Err(reason) = result {
        return Presolved::NoCycle(reason);
    }
    let edges: Vec<(u32, u32)> = (0..n)
        .flat_map(|a| {
            p.adj[a as usize]
                .iter()
                .filter(move |&&b| b > a)
                .map(move |&b| (a, b))
        })
        .collect();
    let graph = Graph::new(n, &edges);
    if let Some(reason) = not_biconnected(&graph).or_else(|| unbalanced_bipartite(&graph)) {
        return Presolved::NoCycle(reason);
    }
    let mut forced: Vec<(u32, u32)> = (0..n)
        .flat_map(|a| {
            p.forced[a as usize]
                .iter()
                .filter(move |&&b| b > a)
                .map(move |&b| (a, b))
        })
        .collect();
    forced.sort_unstable();
    Presolved::Reduced(Reduced {
        removed: g.edge_count() - graph.edge_count(),
        graph,
        forced,
    })
}

/// The forced-edge propagation's state.
struct Propagation {
    n: u32,
    adj: Vec<Vec<u32>>,
    forced: Vec<Vec<u32>>,
    /// Union–find over forced paths: parent, and at each root the path's ends and vertex count.
    parent: Vec<u32>,
    ends: Vec<(u32, u32)>,
    size: Vec<u32>,
    queue: VecDeque<u32>,
}

impl Propagation {
    fn new(g: &Graph) -> Self {
        let n = g.vertices();
        Propagation {
            n,
            adj: (0..n).map(|v| g.neighbours(v).to_vec()).collect(),
            forced: vec![Vec::new(); n as usize],
            parent: (0..n).collect(),
            ends: (0..n).map(|v| (v, v)).collect(),
            size: vec![1; n as usize],
            queue: VecDeque::new(),
        }
    }

    fn root(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let p = self.parent[v as usize];
            self.parent[v as usize] = self.parent[p as usize];
            v = p;
        }
        v
    }

    fn remove(&mut self, a: u32, b: u32) {
        self.adj[a as usize].retain(|&x| x != b);
        self.adj[b as usize].retain(|&x| x != a);
        self.queue.push_back(a);
        self.queue.push_back(b);
    }

    fn force(&mut self, a: u32, b: u32) -> Result<(), String> {
        if self.forced[a as usize].contains(&b) {
            return Ok(());
        }
        for (x, y) in [(a, b), (b, a)] {
            self.forced[x as usize].push(y);
            if self.forced[x as usize].len() > 2 {
                return Err(format!(
                    "vertex {} has three edges that every Hamiltonian cycle must use",
                    x + 1
                ));
            }
        }
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            let size = self.size[ra as usize];
            if size < self.n {
                return Err(format!(
                    "the edges every Hamiltonian cycle must use close a cycle of {size} < {} \
                     vertices (through vertex {})",
                    self.n,
                    a + 1
                ));
            }
            return Ok(());
        }
        let other = |ends: (u32, u32), v: u32| if ends.0 == v { ends.1 } else { ends.0 };
        let (ea, eb) = (
            other(self.ends[ra as usize], a),
            other(self.ends[rb as usize], b),
        );
        self.parent[ra as usize] = rb;
        self.size[rb as usize] += self.size[ra as usize];
        self.ends[rb as usize] = (ea, eb);
        // (A path of two vertices is its own edge, which stays.)
        if self.size[rb as usize] < self.n
            && !self.forced[ea as usize].contains(&eb)
            && self.adj[ea as usize].contains(&eb)
        {
            self.remove(ea, eb);
        }
        self.queue.push_back(a);
        self.queue.push_back(b);
        Ok(())
    }

    fn run(&mut self) -> Result<(), String> {
        while let Some(v) = self.queue.pop_front() {
            let deg = self.adj[v as usize].len();
            if deg < 2 {
                return Err(format!(
                    "vertex {} has {deg} usable edge{}, a Hamiltonian cycle needs 2",
                    v + 1,
                    if deg == 1 { "" } else { "s" }
                ));
            }
            if deg == 2 {
                let [a, b] = [self.adj[v as usize][0], self.adj[v as usize][1]];
                self.force(v, a)?;
                self.force(v, b)?;
            }
            if self.forced[v as usize].len() == 2 && self.adj[v as usize].len() > 2 {
                let keep = self.forced[v as usize].clone();
                let drop: Vec<u32> = self.adj[v as usize]
                    .iter()
                    .copied()
                    .filter(|w| !keep.contains(w))
                    .collect();
                for w in drop {
                    self.remove(v, w);
                }
            }
        }
        Ok(())
    }
}

/// A reason when `g` (n ≥ 3) is disconnected or has a cut vertex (one low-link walk from vertex 0).
fn not_biconnected(g: &Graph) -> Option<String> {
    let mut root_children = 0;
    let mut cut = None;
    let disc = walk(
        g.vertices() as usize,
        |v| g.neighbours(v),
        None,
        [0],
        |e| {
            if e.parent == 0 {
                root_children += 1;
            } else if e.low >= e.parent_disc {
                cut = Some(e.parent);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
    );
    if let Some(v) = cut {
        return Some(format!(
            "vertex {} is a cut vertex: removing it disconnects the graph",
            v + 1
        ));
    }
    if let Some(v) = disc.iter().position(|&d| d == UNSEEN) {
        return Some(format!(
            "the graph is disconnected: vertex {} cannot be reached from vertex 1",
            v + 1
        ));
    }
    if root_children > 1 {
        return Some("vertex 1 is a cut vertex: removing it disconnects the graph".into());
    }
    None
}

/// A reason when `g` (connected) is bipartite with sides of different sizes.
fn unbalanced_bipartite(g: &Graph) -> Option<String> {
    let n = g.vertices() as usize;
    let mut side = vec![u8::MAX; n];
    let mut count = [0usize; 2];
    let mut stack = Vec::new();
    for s in 0..n {
        if side[s] != u8::MAX {
            continue;
        }
        side[s] = 0;
        count[0] += 1;
        stack.push(s as u32);
        while let Some(v) = stack.pop() {
            let sv = side[v as usize];
            for &w in g.neighbours(v) {
                let sw = &mut side[w as usize];
                if *sw == u8::MAX {
                    *sw = 1 - sv;
                    count[*sw as usize] += 1;
                    stack.push(w);
                } else if *sw == sv {
                    return None;
                }
            }
        }
    }
    (count[0] != count[1]).then(|| {
        format!(
            "the graph is bipartite with sides of {} and {} vertices; a cycle alternates sides",
            count[0].min(count[1]),
            count[0].max(count[1])
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(g: &Graph) -> String {
        match presolve(g, &[]) {
            Presolved::NoCycle(r) => r,
            Presolved::Reduced(_) => panic!("expected a proof"),
        }
    }

    #[test]
    fn proofs() {
        // A path: degree 1.
        assert!(reason(&Graph::new(3, &[(0, 1), (1, 2)])).contains("usable edge"));
        // Two triangles sharing vertex 2 (bowtie): cut vertex (or forced short cycle).
        let bowtie = Graph::new(5, &[(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (2, 4)]);
        assert!(!reason(&bowtie).is_empty());
        // K_{2,3}: every vertex of degree ≥ 2, biconnected, bipartite 2 vs 3.
        let k23: Vec<(u32, u32)> = (0..2).flat_map(|a| (2..5).map(move |b| (a, b))).collect();
        let r = reason(&Graph::new(5, &k23));
        assert!(r.contains("vertex") || r.contains("bipartite"), "{r}");
        // K_{4,5}: dense, caught by the balance rule.
        let k45: Vec<(u32, u32)> = (0..4).flat_map(|a| (4..9).map(move |b| (a, b))).collect();
        assert!(reason(&Graph::new(9, &k45)).contains("bipartite"));
        // Two disjoint squares.
        let squares = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (4, 5),
            (5, 6),
            (6, 7),
            (7, 4),
        ];
        assert!(!reason(&Graph::new(8, &squares)).is_empty());
    }

    #[test]
    fn forced_path_ends_are_not_joined() {
        // A 6-cycle plus chord 0–2; vertex 1 has degree 2, so 0–1–2 is forced and 0–2 removed.
        let g = Graph::new(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 2)]);
        match presolve(&g, &[]) {
            Presolved::Reduced(r) => {
                assert!(!r.graph.has_edge(0, 2));
                assert_eq!(r.graph.edge_count(), 6);
                assert_eq!(r.forced.len(), 6);
            }
            Presolved::NoCycle(r) => panic!("{r}"),
        }
    }

    #[test]
    fn complete_graph_is_untouched() {
        let edges: Vec<(u32, u32)> = (0..6)
            .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
            .collect();
        let g = Graph::new(6, &edges);
        assert_eq!(
            presolve(&g, &[]),
            Presolved::Reduced(Reduced {
                graph: g.clone(),
                forced: Vec::new(),
                removed: 0
            })
        );
    }
}
