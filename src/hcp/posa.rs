//! Pósa's rotation–extension heuristic: a Hamiltonian cycle of a dense undirected graph in about
//! `O(n + m)` steps, tried before the exact model ([`super::solve`]).
//!
//! Dense graphs are the easiest Hamiltonian graphs and the exact model's worst case: K_500 has
//! 124,750 edge variables and its 2-factors split into many subtours, so the cut loop escalates to
//! the order encoding (millions of clauses). A path grown greedily and repaired by rotations finds
//! a cycle of K_500 or of a random G(n, p ≥ 0.1) in milliseconds.
//!
//! One attempt keeps a simple path `P = v₀ … v_k`:
//! * **extension**: if the end `v_k` has a neighbour off the path, append the one with the fewest
//!   neighbours off the path (Warnsdorff's rule: vertices about to be cut off go first, which also
//!   lets degree-2 vertices of sparse graphs in early);
//! * **rotation**: otherwise pick a neighbour `v_i` of `v_k` on the path (`i < k − 1`) and reverse
//!   `v_{i+1} … v_k`, so `v_{i+1}` becomes the end — preferring an `i` whose new end can extend
//!   (or, on a full path, closes the cycle to `v₀`);
//! * **closing**: a full path whose ends are adjacent is the cycle.
//!
//! An attempt that rotates `STALL_ROTATIONS` times without growing restarts from a new random
//! vertex. The whole search is bounded by a work budget (vertex visits), so it fails fast on
//! sparse hard graphs (the FHCP set) and leaves them to the exact model. The result is a candidate:
//! callers verify it (`Problem::check`) like every tour.

use super::graph::{Graph, Tour};
use crate::search::rng::Rng;

/// Rotations without growth after which an attempt restarts.
const STALL_ROTATIONS: u32 = 64;

/// Vertex visits every search may take on top of `40·(n + 2m)`. Dense graphs need far less than
/// their share (K_500: 10 million visits allowed); the floor is for small sparse graphs, where
/// the heuristic either succeeds early or not at all. On FHCP graph1–30, graph200 and graph300 it
/// succeeded on 8 within 10,000–300,000 visits and failed on the other 24, each failure costing
/// 2–4 ms under the earlier floor of 10⁶, more than the branching search that then answered most
/// of them. 10⁵ keeps 7 of the 8 (graph4 goes to branching, 0.17 ms against the heuristic's
/// 0.58) and takes 1–4 ms off `hcp solve` on the others (docs/hcp-solver.md, step 2).
pub const BUDGET_FLOOR: u64 = 100_000;

/// Settings of [`posa`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PosaOptions {
    /// Seed of the random choices: one seed, one result, on every platform.
    pub seed: u64,
    /// Work budget in vertex visits; `None` picks `40·(n + 2m) +` [`BUDGET_FLOOR`].
    pub work: Option<u64>,
}

impl Default for PosaOptions {
    fn default() -> Self {
        PosaOptions {
            seed: 0x005E_ED0F_905A,
            work: None,
        }
    }
}

/// A Hamiltonian cycle of `g` found by rotation–extension, or `None` when the budget ran out (which
/// proves nothing).
pub fn posa(g: &Graph, opts: &PosaOptions) -> Option<Tour> {
    let n = g.vertices() as usize;
    if n < 3 || (0..g.vertices()).any(|v| g.degree(v) < 2) {
        return None;
    }
    let budget = opts
        .work
        .unwrap_or(40 * (n as u64 + 2 * g.edge_count() as u64) + BUDGET_FLOOR);
    let mut rng = Rng::new(opts.seed);
    let mut state = Attempt::new(g);
    let mut work = 0u64;
    while work < budget {
        let start = rng.below(n) as u32;
        if let Some(tour) = state.run(start, &mut rng, &mut work, budget) {
            return Some(tour);
        }
    }
    None
}

/// The working arrays of one attempt, reused across restarts.
struct Attempt<'a> {
    g: &'a Graph,
    path: Vec<u32>,
    /// Position on the path, `NONE` when off it.
    pos: Vec<u32>,
    /// Neighbours off the path.
    free: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl<'a> Attempt<'a> {
    fn new(g: &'a Graph) -> Self {
        let n = g.vertices() as usize;
        Attempt {
            g,
            path: Vec::with_capacity(n),
            pos: vec![NONE; n],
            free: vec![0; n],
        }
    }

    fn reset(&mut self) {
        for &v in &self.path {
            self.pos[v as usize] = NONE;
        }
        self.path.clear();
        for v in 0..self.g.vertices() {
            self.free[v as usize] = self.g.degree(v) as u32;
        }
    }

    fn push(&mut self, v: u32, work: &mut u64) {
        self.pos[v as usize] = self.path.len() as u32;
        self.path.push(v);
        for &w in self.g.neighbours(v) {
            self.free[w as usize] -= 1;
        }
        *work += self.g.degree(v) as u64;
    }

    /// Reverses `path[from..]`.
    fn reverse_tail(&mut self, from: usize, work: &mut u64) {
        self.path[from..].reverse();
        for i in from..self.path.len() {
            self.pos[self.path[i] as usize] = i as u32;
        }
        *work += (self.path.len() - from) as u64;
    }

    fn run(&mut self, start: u32, rng: &mut Rng, work: &mut u64, budget: u64) -> Option<Tour> {
        let g = self.g;
        let n = g.vertices() as usize;
        self.reset();
        *work += n as u64;
        self.push(start, work);
        let mut stalled = 0u32;
        while *work < budget {
            let end = *self.path.last()?;
            let nb = g.neighbours(end);
            *work += nb.len() as u64;
            let full = self.path.len() == n;
            if full && g.has_edge(end, self.path[0]) {
                return Some(std::mem::take(&mut self.path));
            }
            if !full {
                // Extension by Warnsdorff's rule, ties broken from a random offset.
                let offset = rng.below(nb.len());
                let mut best: Option<u32> = None;
                for k in 0..nb.len() {
                    let w = nb[(offset + k) % nb.len()];
                    if self.pos[w as usize] == NONE
                        && best.is_none_or(|b| self.free[w as usize] < self.free[b as usize])
                    {
                        best = Some(w);
                    }
                }
                if let Some(w) = best {
                    self.push(w, work);
                    stalled = 0;
                    continue;
                }
            }
            stalled += 1;
            if stalled > STALL_ROTATIONS {
                return None;
            }
            // Rotation: a pivot whose new end can extend (or close) if there is one.
            let k = self.path.len() - 1;
            let offset = rng.below(nb.len());
            let mut pivot = None;
            for j in 0..nb.len() {
                let w = nb[(offset + j) % nb.len()];
                let i = self.pos[w as usize];
                if i == NONE || i as usize + 1 >= k {
                    continue;
                }
                let new_end = self.path[i as usize + 1];
                let good = if full {
                    g.has_edge(new_end, self.path[0])
                } else {
                    self.free[new_end as usize] > 0
                };
                if good {
                    pivot = Some(i as usize);
                    break;
                }
                if pivot.is_none() {
                    pivot = Some(i as usize);
                }
            }
            match pivot {
                Some(i) => self.reverse_tail(i + 1, work),
                // The end's only path neighbour is its predecessor: turn the path around.
                None => self.reverse_tail(0, work),
            }
            // Every few rotations, work on the other end too.
            if stalled.is_multiple_of(8) {
                self.reverse_tail(0, work);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::Problem;

    fn complete(n: u32) -> Graph {
        let edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        Graph::new(n, &edges)
    }

    #[test]
    fn complete_graphs() {
        for n in [3, 4, 5, 10, 60] {
            let g = complete(n);
            let t = posa(&g, &PosaOptions::default()).unwrap();
            g.check(&t).unwrap();
        }
    }

    #[test]
    fn same_seed_same_cycle() {
        let g = complete(40);
        let o = PosaOptions::default();
        assert_eq!(posa(&g, &o), posa(&g, &o));
    }

    #[test]
    fn gives_up_within_budget_on_a_non_hamiltonian_graph() {
        // Petersen graph: no Hamiltonian cycle.
        let outer: Vec<(u32, u32)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
        let inner: Vec<(u32, u32)> = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5)).collect();
        let spokes: Vec<(u32, u32)> = (0..5).map(|i| (i, i + 5)).collect();
        let edges = [outer, inner, spokes].concat();
        let g = Graph::new(10, &edges);
        let o = PosaOptions {
            work: Some(10_000),
            ..PosaOptions::default()
        };
        assert_eq!(posa(&g, &o), None);
    }
}
