//! Edge branching with propagation and restarts: the step of [`super::solve::solve_graph`] between
//! rotation–extension and the SAT model, for sparse graphs built against path heuristics (the FHCP
//! Challenge graphs, cubic and triangle-free).
//!
//! On those graphs the SAT model's cut loop stalls (every 2-factor splits into two cycles), and the
//! order encoding it escalates to is answered by one CDCL search of 0.1–0.8 s, most of it spent on
//! the weak propagation of binary position counters. The same graphs fall to a plain backtracking
//! search in milliseconds — when it is lucky: one numbering of FHCP graph8 takes 23 search nodes,
//! another half a million. Randomised choices and restarts on a growing budget (Luby's sequence,
//! Gomes–Selman–Kautz's cure for heavy tails) keep the luck and drop the tail: with a unit of 100
//! nodes every one of 32 numberings of FHCP graph1–8 was answered in at most 12 ms
//! (docs/hcp-solver.md).
//!
//! **State**: each edge is undecided, in or out. **Rules** (each holds in every Hamiltonian cycle
//! that contains the decisions so far, so nothing is lost):
//! * a vertex with two edges in has all its others out; a vertex with only two edges not out has
//!   both in (the rule of degree-2 vertices, applied as edges go out);
//! * the edges in form paths; an edge joining the two ends of one path would close a cycle, so it
//!   is out unless the path already holds n − 1 edges (then it closes the Hamiltonian cycle);
//! * the edges not out must connect the graph (checked at every node, `O(n + m)`).
//!
//! **Branching**: on an undecided edge at an end of a path (a vertex with one edge in) with the
//! fewest undecided edges, else at any vertex with undecided edges; ties and which value (in or
//! out) comes first are drawn from the seed, so a seed gives one answer on every platform.
//!
//! **Restarts**: run `k` may visit `unit × luby(k)` nodes. A run that ends within its budget has
//! explored the whole tree: if it found no cycle, the graph has none (given the forced edges,
//! which are in every cycle). Over all runs the search is bounded by a work budget (nodes ×
//! (n + m)), after which it gives up and leaves the graph to the exact model.

use super::graph::{Graph, Tour, cycles_of};
use crate::search::rng::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Settings of [`branch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchOptions {
    /// Seed of the random choices.
    pub seed: u64,
    /// Nodes of the first run (and the unit of Luby's sequence). Measured on FHCP graph1–8 under
    /// 32 numberings: 100 nodes gave 53 ms in all and 12 ms at most, 300 gave 136 and 26, 1,000
    /// gave 812 and 107 (docs/hcp-solver.md).
    pub unit: u64,
    /// Bound on the whole search, in nodes × (n + m): a node costs 6–10 ns per vertex and edge
    /// (a connectivity pass and a scan for the branching vertex), so the default, 10⁷, is 60–130
    /// ms. It answered every FHCP graph that branching answers at all under each of 20 seeds (the
    /// slowest seed 22 ms); it is what the graphs it cannot answer (FHCP graph19 with its
    /// degree-15 hubs, graph300 with 1,211 forced edges) lose before the exact model takes them
    /// (docs/hcp-solver.md).
    pub work: u64,
}

impl Default for BranchOptions {
    fn default() -> Self {
        BranchOptions {
            seed: 18,
            unit: 100,
            work: 10_000_000,
        }
    }
}

/// The answer of [`branch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branched {
    /// A Hamiltonian cycle containing every forced edge (not yet checked against the graph: the
    /// caller verifies it like every tour).
    Cycle(Tour),
    /// A run explored its whole tree: no Hamiltonian cycle contains the forced edges.
    NoCycle,
    /// The work budget or the deadline ran out first.
    GaveUp,
}

/// Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, … (`i` from 1).
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

const UNDECIDED: u8 = 0;
const IN: u8 = 1;
const OUT: u8 = 2;

/// What to undo when backtracking.
enum Undo {
    /// An edge was decided.
    Edge(u32),
    /// A path end's partner changed from this value.
    Partner(u32, u32),
}

/// Nodes between two readings of the deadline inside a run.
const DEADLINE_EVERY: u64 = 64;

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
enum Run {
    Found,
    Exhausted,
    Cut,
}

struct Search {
    n: usize,
    ends: Vec<(u32, u32)>,
    /// Edge indices at each vertex.
    incident: Vec<Vec<u32>>,
    state: Vec<u8>,
    edges_in: Vec<u32>,
    undecided: Vec<u32>,
    /// For a path end: the other end of its path (itself while it has no edge in).
    partner: Vec<u32>,
    total_in: usize,
    trail: Vec<Undo>,
    queue: Vec<(u32, u8)>,
    seen: Vec<bool>,
    stack: Vec<u32>,
    rng: Rng,
}

impl Search {
    fn new(g: &Graph, seed: u64) -> Self {
        let n = g.vertices() as usize;
        let mut ends = Vec::with_capacity(g.edge_count());
        let mut incident = vec![Vec::new(); n];
        for (a, b) in g.edges() {
            incident[a as usize].push(ends.len() as u32);
            incident[b as usize].push(ends.len() as u32);
            ends.push((a, b));
        }
        Search {
            n,
            state: vec![UNDECIDED; ends.len()],
            edges_in: vec![0; n],
            undecided: incident.iter().map(|i| i.len() as u32).collect(),
            partner: (0..n as u32).collect(),
            total_in: 0,
            ends,
            incident,
            trail: Vec::new(),
            queue: Vec::new(),
            seen: vec![false; n],
            stack: Vec::new(),
            rng: Rng::new(seed),
        }
    }

    fn other_end(&self, e: u32, v: u32) -> u32 {
        let (a, b) = self.ends[e as usize];
        if a == v { b } else { a }
    }

    fn set_partner(&mut self, v: u32, p: u32) {
        self.trail.push(Undo::Partner(v, self.partner[v as usize]));
        self.partner[v as usize] = p;
    }

    /// Decides edge `e` and propagates the rules; false on a contradiction (the trail still
    /// records every change, for [`Search::undo_to`]).
    fn decide(&mut self, e: u32, value: u8) -> bool {
        self.queue.clear();
        self.queue.push((e, value));
        while let Some((e, value)) = self.queue.pop() {
            let now = self.state[e as usize];
            if now != UNDECIDED {
                if now != value {
                    return false;
                }
                continue;
            }
            let (a, b) = self.ends[e as usize];
            if value == IN
                && (self.edges_in[a as usize] >= 2
                    || self.edges_in[b as usize] >= 2
                    || (self.partner[a as usize] == b && self.total_in + 1 != self.n))
            {
                return false;
            }
            self.state[e as usize] = value;
            self.trail.push(Undo::Edge(e));
            self.undecided[a as usize] -= 1;
            self.undecided[b as usize] -= 1;
            if value == IN {
                self.edges_in[a as usize] += 1;
                self.edges_in[b as usize] += 1;
                self.total_in += 1;
                if self.total_in == self.n {
                    continue;
                }
                let (pa, pb) = (self.partner[a as usize], self.partner[b as usize]);
                self.set_partner(pa, pb);
                self.set_partner(pb, pa);
                for x in [a, b] {
                    if self.edges_in[x as usize] == 2 {
                        self.queue_rest(x, OUT);
                    }
                }
                // The edge that would close the new path into a short cycle.
                if self.total_in + 1 < self.n {
                    for i in 0..self.incident[pa as usize].len() {
                        let f = self.incident[pa as usize][i];
                        if self.state[f as usize] == UNDECIDED && self.other_end(f, pa) == pb {
                            self.queue.push((f, OUT));
                        }
                    }
                }
            } else {
                for x in [a, b] {
                    let (i, u) = (self.edges_in[x as usize], self.undecided[x as usize]);
                    if i + u < 2 {
                        return false;
                    }
                    if i + u == 2 && u > 0 {
                        self.queue_rest(x, IN);
                    }
                }
            }
        }
        true
    }

    /// Queues every undecided edge at `v` with `value`.
    fn queue_rest(&mut self, v: u32, value: u8) {
        for &f in &self.incident[v as usize] {
            if self.state[f as usize] == UNDECIDED {
                self.queue.push((f, value));
            }
        }
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Edge(e)) => {
                    let (a, b) = self.ends[e as usize];
                    if self.state[e as usize] == IN {
                        self.edges_in[a as usize] -= 1;
                        self.edges_in[b as usize] -= 1;
                        self.total_in -= 1;
                    }
                    self.undecided[a as usize] += 1;
                    self.undecided[b as usize] += 1;
                    self.state[e as usize] = UNDECIDED;
                }
                Some(Undo::Partner(v, p)) => self.partner[v as usize] = p,
                None => break,
            }
        }
    }

    /// Whether the edges not out connect every vertex.
    fn connected(&mut self) -> bool {
        self.seen.fill(false);
        self.stack.clear();
        self.stack.push(0);
        self.seen[0] = true;
        let mut reached = 1;
        while let Some(v) = self.stack.pop() {
            for &f in &self.incident[v as usize] {
                if self.state[f as usize] != OUT {
                    let w = self.other_end(f, v);
                    if !self.seen[w as usize] {
                        self.seen[w as usize] = true;
                        reached += 1;
                        self.stack.push(w);
                    }
                }
            }
        }
        reached == self.n
    }

    /// The edge to branch on: at a path end with the fewest undecided edges, else at a vertex
    /// with the fewest; ties drawn at random (reservoir sampling).
    fn choose(&mut self) -> Option<u32> {
        let mut best: Option<(u32, u32)> = None;
        let mut key = (u32::MAX, u32::MAX);
        let mut ties = 0u64;
        for v in 0..self.n as u32 {
            let u = self.undecided[v as usize];
            if u == 0 {
                continue;
            }
            let k = (u32::from(self.edges_in[v as usize] != 1), u);
            if k < key {
                key = k;
                ties = 1;
                best = Some((v, u));
            } else if k == key {
                ties += 1;
                if self.rng.below(ties as usize) == 0 {
                    best = Some((v, u));
                }
            }
        }
        let (v, u) = best?;
        // A random undecided edge at v.
        let pick = self.rng.below(u as usize);
        self.incident[v as usize]
            .iter()
            .copied()
            .filter(|&f| self.state[f as usize] == UNDECIDED)
            .nth(pick)
    }

    /// One depth-first run of at most `budget` nodes from the root state (trail mark `root`);
    /// returns with the trail back at `root` unless a cycle was found. The deadline is read at the
    /// first node and every [`DEADLINE_EVERY`] nodes after, so a long run stops within about a
    /// millisecond of it (a node costs O(n + m)) rather than at the run's end.
    fn run(
        &mut self,
        root: usize,
        budget: u64,
        nodes: &mut u64,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Run {
        // Frames: trail mark before the decision, the edge, the value still to try.
        let mut frames: Vec<(usize, u32, Option<u8>)> = Vec::new();
        let mut fresh = true;
        let mut used = 0u64;
        loop {
            if fresh {
                used += 1;
                *nodes += 1;
                if used > budget
                    || ((used - 1).is_multiple_of(DEADLINE_EVERY)
                        && (crate::time_limit::passed(deadline) || stop.load(Ordering::Relaxed)))
                {
                    self.undo_to(root);
                    return Run::Cut;
                }
                if self.total_in == self.n {
                    return Run::Found;
                }
                if self.connected()
                    && let Some(e) = self.choose()
                {
                    let first = if self.rng.next_u64() & 1 == 0 {
                        IN
                    } else {
                        OUT
                    };
                    let second = if first == IN { OUT } else { IN };
                    frames.push((self.trail.len(), e, Some(second)));
                    if self.decide(e, first) {
                        continue;
                    }
                }
                fresh = false;
            }
            // Backtrack to the deepest frame with a value left to try.
            let Some(frame) = frames.last_mut() else {
                self.undo_to(root);
                return Run::Exhausted;
            };
            let (mark, e, next) = (frame.0, frame.1, frame.2.take());
            self.undo_to(mark);
            match next {
                Some(value) => fresh = self.decide(e, value),
                None => {
                    frames.pop();
                }
            }
        }
    }

    /// The cycle of the edges in (every vertex has two), from vertex 0.
    fn tour(&self) -> Tour {
        let edges = self.ends.iter().enumerate();
        let chosen = edges.filter(|&(e, _)| self.state[e] == IN).map(|(_, &e)| e);
        cycles_of(self.n, chosen, false)
            .into_iter()
            .next()
            .unwrap_or_default()
    }
}

/// A Hamiltonian cycle of `g` through every edge of `forced` (edges of `g` that every Hamiltonian
/// cycle contains, e.g. from [`super::presolve`]), a proof that there is none, or a give-up at
/// `opts.work` or `deadline`.
pub fn branch(
    g: &Graph,
    forced: &[(u32, u32)],
    opts: &BranchOptions,
    deadline: Option<Instant>,
) -> Branched {
    branch_stoppable(g, forced, opts, deadline, &AtomicBool::new(false))
}

/// [`branch`] that another thread can stop: once `stop` is set it gives up (read with the
/// deadline, at most `DEADLINE_EVERY` nodes later). [`super::solve::solve_graph`] stops it when
/// the exact model, running beside it, has answered first.
pub fn branch_stoppable(
    g: &Graph,
    forced: &[(u32, u32)],
    opts: &BranchOptions,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> Branched {
    let n = g.vertices() as usize;
    if n < 3 {
        return Branched::GaveUp;
    }
    let mut s = Search::new(g, opts.seed);
    for &(a, b) in forced {
        let e = s.incident[a as usize]
            .iter()
            .copied()
            .find(|&f| s.other_end(f, a) == b);
        match e {
            Some(e) if s.decide(e, IN) => {}
            // A forced edge that is not in the graph, or forced edges that contradict the rules:
            // no cycle contains them all.
            _ => return Branched::NoCycle,
        }
    }
    let root = s.trail.len();
    let per_node = (n + g.edge_count()) as u64;
    let max_nodes = (opts.work / per_node).max(1);
    let mut nodes = 0u64;
    for k in 1.. {
        let left = max_nodes.saturating_sub(nodes);
        if left == 0 || crate::time_limit::passed(deadline) || stop.load(Ordering::Relaxed) {
            return Branched::GaveUp;
        }
        let budget = opts.unit.max(1).saturating_mul(luby(k));
        // A run cut short by the work bound rather than its own budget proves nothing either.
        let cut_by_work = budget > left;
        // A run cut at the deadline is `Cut`, and the loop's next check gives up.
        match s.run(root, budget.min(left), &mut nodes, deadline, stop) {
            Run::Found => return Branched::Cycle(s.tour()),
            Run::Exhausted => return Branched::NoCycle,
            Run::Cut if cut_by_work => return Branched::GaveUp,
            Run::Cut => {}
        }
    }
    unreachable!("the loop returns once the work budget is used")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 12-cycle with its six diameters as chords: Hamiltonian, and more than one node deep.
    fn chorded_cycle() -> Graph {
        let mut edges: Vec<(u32, u32)> = (0..12).map(|v| (v, (v + 1) % 12)).collect();
        edges.extend([(0, 6), (1, 7), (2, 8), (3, 9), (4, 10), (5, 11)]);
        Graph::new(12, &edges)
    }

    /// A run reads the deadline at its first node: past it, the run stops there (`Cut`, so
    /// `branch` gives up) instead of searching on; without one the same run finds the cycle.
    #[test]
    fn a_run_stops_at_a_passed_deadline() {
        let g = chorded_cycle();
        let mut s = Search::new(&g, 18);
        let root = s.trail.len();
        let mut nodes = 0;
        assert_eq!(
            s.run(
                root,
                1_000,
                &mut nodes,
                Some(Instant::now()),
                &AtomicBool::new(false)
            ),
            Run::Cut
        );
        assert_eq!(nodes, 1);
        assert_eq!(s.trail.len(), root);
        assert_eq!(
            s.run(root, 1_000, &mut nodes, None, &AtomicBool::new(false)),
            Run::Found
        );
    }

    /// A set stop flag makes the search give up before its first run (what the exact model,
    /// answering first beside it, relies on); unset, the same call finds the cycle.
    #[test]
    fn a_stopped_search_gives_up() {
        let g = chorded_cycle();
        let opts = BranchOptions::default();
        let stopped = branch_stoppable(&g, &[], &opts, None, &AtomicBool::new(true));
        assert_eq!(stopped, Branched::GaveUp);
        let free = branch_stoppable(&g, &[], &opts, None, &AtomicBool::new(false));
        assert!(matches!(free, Branched::Cycle(_)), "{free:?}");
    }

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
