//! Splitting a graph along its small edge cuts. A Hamiltonian cycle crosses every edge cut an
//! even number of times, so a vertex set `S` with three or four edges leaving it (a *cluster*) is
//! crossed twice or four times: inside `S` the cycle is one path between the inner ends of two of
//! those edges, or two paths pairing up all four. A cluster therefore has at most nine *states*
//! (six pairs of edges, three pairings), and which of them can cover `S` is a question about `S`
//! alone. The whole graph becomes a small *quotient* (one node per cluster, one per vertex outside
//! every cluster, the cut edges between them), whose cycles through allowed states are searched
//! directly, and the paths found inside each cluster fill the cycle in.
//!
//! This is what the FHCP Challenge graphs of the graph400 family are built from: graph400 (2,366
//! vertices) is 28 clusters of 153 and 16 vertices, each with four edges leaving it. Neither
//! LKH-3 nor `linkern` answers it in scripts/hcp-compare.sh, nor does our search without this
//! step; split, it is 28 small questions and a search over 28 nodes.
//!
//! * **Finding clusters** (`clusters`): for a seed vertex `v`, a unit-capacity maximum flow from
//!   `v` and its neighbours (and from `v` alone) to every vertex at distance at least `R` from
//!   `v`, for growing `R`; a flow of at most four gives a cut, and the vertices still reachable
//!   from the source in the residual graph are the smallest side with that cut. Each seed
//!   proposes its side with the fewest cut edges, then the fewest vertices, within `CLUSTER_MAX`;
//!   the best disjoint proposals are kept, and the vertices of those that lost propose again.
//!   Every flow stops after five augmenting paths and every search stays within the ball of
//!   radius `R`, so a seed costs about as much as its neighbourhood, not the graph.
//! * **States** (`ask`): each is one Hamiltonian-cycle question on a small graph made of `S` and
//!   one or two closing vertices. A pair `i, j` is `S` plus a vertex joined to `u_i` and `u_j`,
//!   undirected, answered by this solver's own steps, each bounded (reductions, rotation–
//!   extension, one branching run, the exact model for `STATE_CHECKS`). A pairing `i~j, k~l` is
//!   `S`'s edges in both directions plus `u_j → z₁ → u_k` and `u_l → z₂ → u_i`, for the exact
//!   directed model: the direction is what pins the pairing, since undirected the same gadget also
//!   admits `i~k, j~l`. The cycle found is kept as the state's paths. States are asked about
//!   only when a candidate cycle of the quotient uses them (see [`split_solve`]).
//! * **The quotient search** (`Walk`): follows the cycle node by node from the node with fewest
//!   states, choosing a state at each new node (the other ports of a pair are marked unused, the
//!   other half of a pairing is kept for a second visit), backtracking when a node has no state
//!   left that fits the edges marked so far, within a step budget.
//!
//! Every cycle found is checked against the graph before it is returned. "No cycle" is returned
//! only when every state question was settled and the search ran out of choices: then every
//! Hamiltonian cycle of the graph would have shown up as a choice of states.

use super::branch::{BranchOptions, Branched, branch};
use super::graph::{Digraph, Graph, Tour, cycles_of};
use super::posa::{PosaOptions, posa};
use super::presolve::{Presolved, presolve};
use super::solve::{CutLoop, HcSolver, uses_all};
use crate::error::Error;
use crate::reduce::Problem;
use rayon::prelude::*;
use std::collections::HashMap;
use std::time::Instant;

/// Most edges leaving a cluster: up to four, a cluster has at most nine states.
const PORTS_MAX: usize = 4;

/// Largest cluster: each state is an exact search on a graph of this size.
const CLUSTER_MAX: usize = 400;

/// Largest quotient searched: outside clusters, the walk is a plain depth-first search.
const QUOTIENT_MAX: usize = 300;

/// Radii tried for the sink of a seed's flow (vertices at least this far from the seed).
const RADII: [u32; 12] = [2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32];

/// Work for each state question's exact model, in CaDiCaL's terminate checks (see
/// [`HcSolver::next_cycle_sliced`]): FHCP graph400's hardest question needs between 10,000 and
/// 40,000 (with 10,000 it is not answered in 60 s); this leaves room above that.
const STATE_CHECKS: u64 = 100_000;

/// Unsettled questions before the split gives up: one already rules out a proof of "none", and
/// they are the expensive ones, so a graph whose clusters are hard goes back to the turns of
/// [`super::solve::solve_graph`] soon.
const UNSETTLED_MAX: usize = 2;

/// Steps (nodes entered) of the quotient searches, all rounds together: about 0.1 s (a step costs
/// about 100 ns on a quotient of 250 nodes), like the first branching run.
const WALK_STEPS: u64 = 1_000_000;

/// A vertex set with at most four edges leaving it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Its vertices, sorted.
    pub vertices: Vec<u32>,
    /// The edges leaving it, as (inside end, outside end).
    pub ports: Vec<(u32, u32)>,
}

/// What [`split_solve`] gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Split {
    /// A Hamiltonian cycle, checked.
    Cycle(Tour),
    /// Proved: no choice of cluster states closes a cycle.
    NoCycle,
    /// Not applicable (no cluster, or the quotient too large), or a budget ran out.
    GaveUp,
}

/// Hamiltonian cycle of `g` by splitting it along small edge cuts (see the module documentation).
/// `Error::Timeout` when `deadline` passes during a state question.
pub fn split_solve(g: &Graph, deadline: Option<Instant>) -> Result<Split, Error> {
    split_along(g, quotient_clusters(g), deadline)
}

/// The clusters [`split_solve`] splits `g` along: found until they (and the seeds that found
/// none) outnumber the largest quotient searched.
pub fn quotient_clusters(g: &Graph) -> Vec<Cluster> {
    clusters(g, QUOTIENT_MAX)
}

/// [`split_solve`] along the clusters `found`.
pub fn split_along(
    g: &Graph,
    found: Vec<Cluster>,
    deadline: Option<Instant>,
) -> Result<Split, Error> {
    if found.is_empty() {
        return Ok(Split::GaveUp);
    }
    let quotient = Quotient::new(g, found);
    if quotient.nodes.len() > QUOTIENT_MAX {
        return Ok(Split::GaveUp);
    }
    let mut states: Vec<States> = quotient
        .nodes
        .iter()
        .map(|node| match node {
            Node::Vertex { degree, .. } => vertex_states(*degree),
            Node::Cluster(c) => candidate_states(c),
        })
        .collect();
    // Questions are asked only about the states a candidate cycle uses: the walk treats every
    // state not yet asked about as possible, so it searches a relaxation, and each round either
    // ends (a cycle whose states are all confirmed, or no cycle even in the relaxation) or
    // settles at least one question. Most states are never asked about.
    let mut unsettled = 0;
    let mut steps = WALK_STEPS;
    loop {
        let mut walk = Walk::new(&quotient, &states, steps);
        let choice = walk.run();
        steps = walk.steps_left;
        let Some(choice) = choice else {
            return Ok(if unsettled == 0 && steps > 0 {
                Split::NoCycle
            } else {
                Split::GaveUp
            });
        };
        let open: Vec<(usize, State)> = choice
            .iter()
            .enumerate()
            .filter(|&(x, &s)| states[x].paths[s].is_none())
            .map(|(x, &s)| (x, states[x].list[s]))
            .collect();
        if open.is_empty() {
            return Ok(match expand(g, &quotient, &states, &choice) {
                Some(tour) => Split::Cycle(tour),
                None => Split::GaveUp,
            });
        }
        let answers: Vec<Result<Answer, Error>> = open
            .par_iter()
            .map(|&(x, state)| match &quotient.nodes[x] {
                Node::Cluster(c) => ask(g, c, state, deadline),
                Node::Vertex { .. } => unreachable!("a vertex's states need no question"),
            })
            .collect();
        for (&(x, state), answer) in open.iter().zip(answers) {
            let s = states[x]
                .list
                .iter()
                .position(|&t| t == state)
                .expect("listed");
            match answer? {
                Answer::Paths(paths) => states[x].paths[s] = Some(paths),
                Answer::Impossible => states[x].remove(s),
                Answer::Unsettled => {
                    unsettled += 1;
                    states[x].remove(s);
                }
            }
        }
        if unsettled > UNSETTLED_MAX {
            return Ok(Split::GaveUp);
        }
    }
}

/// `copies` copies of `g` in a ring, each with its edge `(a, b)` replaced by an edge from its `a`
/// to the next copy's `b`: the shape of FHCP graph400 (14 blocks behind 2-edge cuts) built from any
/// graph, for tests and benchmarks. It is Hamiltonian exactly when `g` has a Hamiltonian cycle
/// through `(a, b)`: a cycle passes each copy once, from `b` to `a`.
pub fn ring_of_copies(g: &Graph, (a, b): (u32, u32), copies: u32) -> Graph {
    let n = g.vertices();
    let mut edges = Vec::with_capacity(g.edge_count() * copies as usize);
    for c in 0..copies {
        let o = c * n;
        edges.extend(
            g.edges()
                .filter(|&e| e != (a.min(b), a.max(b)))
                .map(|(x, y)| (o + x, o + y)),
        );
        edges.push((o + a, (c + 1) % copies * n + b));
    }
    Graph::new(n * copies, &edges)
}

/// Disjoint clusters of `g` of 2 to 400 vertices (at most a third of the graph), each
/// with at most four edges leaving it; see the module documentation. The search stops early once
/// the clusters found and the seeds that found none number more than `limit`: each cluster is a
/// node of the quotient, and so is each of those seeds unless a later cluster takes it in, so past
/// that the quotient would be too large to search. A cubic graph without small cuts costs a few
/// hundred seeds instead of one per vertex, and one cut into hundreds of triangles (FHCP graph550)
/// stops after the first round.
pub fn clusters(g: &Graph, limit: usize) -> Vec<Cluster> {
    let n = g.vertices() as usize;
    if n < 8 {
        return Vec::new();
    }
    let cap = CLUSTER_MAX.min(n / 3);
    let mut net = Network::new(g);
    let mut owner = vec![u32::MAX; n];
    let mut found: Vec<Cluster> = Vec::new();
    let mut failed = 0;
    // A seed's side depends on the graph alone, so each is computed once.
    let mut sides: HashMap<u32, Option<(usize, Vec<u32>)>> = HashMap::new();
    // Rounds: every seed outside the clusters so far (but those inside a side already seen this
    // round) proposes its side, and the best disjoint ones are taken, fewest cut edges first,
    // then the smallest. A side that loses to an overlapping one leaves its other vertices to the
    // next round, where they propose sides of their own (a block that first came with one vertex
    // of its neighbour, three cut edges, comes back alone with two).
    loop {
        let mut tried = vec![false; n];
        // (cut edges, vertices, seed): sorted, the best proposal first.
        let mut proposed: Vec<(usize, usize, u32)> = Vec::new();
        for seed in 0..n as u32 {
            if tried[seed as usize] || owner[seed as usize] != u32::MAX {
                continue;
            }
            tried[seed as usize] = true;
            let side = sides.entry(seed).or_insert_with(|| {
                let side = net.best_side(seed, cap);
                failed += usize::from(side.is_none());
                side
            });
            if failed + found.len() > limit {
                return found;
            }
            if let Some((cut, side)) = side {
                for &v in side.iter() {
                    tried[v as usize] = true;
                }
                if side.iter().all(|&v| owner[v as usize] == u32::MAX) {
                    proposed.push((*cut, side.len(), seed));
                }
            }
        }
        proposed.sort_unstable();
        let before = found.len();
        for (_, _, seed) in proposed {
            let Some((_, side)) = &sides[&seed] else {
                continue;
            };
            if side.iter().any(|&v| owner[v as usize] != u32::MAX) {
                continue;
            }
            let id = found.len() as u32;
            for &v in side {
                owner[v as usize] = id;
            }
            let ports = side
                .iter()
                .flat_map(|&v| g.neighbours(v).iter().map(move |&w| (v, w)))
                .filter(|&(_, w)| owner[w as usize] != id)
                .collect();
            found.push(Cluster {
                vertices: side.clone(),
                ports,
            });
        }
        if found.len() == before || failed + found.len() > limit {
            return found;
        }
    }
}

/// Unit capacities on both directions of every edge: one slot per (vertex, neighbour).
struct Network<'g> {
    g: &'g Graph,
    /// `start[v]..start[v + 1]`: the slots of `v`, in the order of `g.neighbours(v)`.
    start: Vec<usize>,
    /// The slot of the same edge seen from the other end.
    rev: Vec<usize>,
    /// Flow along each slot: −1, 0 or 1, with `flow[rev[s]] == -flow[s]`.
    flow: Vec<i8>,
    /// Breadth-first distances from the seed (`u32::MAX`: not reached yet).
    dist: Vec<u32>,
    /// The slot each vertex was reached by in the last augmenting search (`usize::MAX`: not).
    via: Vec<usize>,
    /// Slots with flow, to clear.
    dirty: Vec<usize>,
}

impl<'g> Network<'g> {
    fn new(g: &'g Graph) -> Self {
        let n = g.vertices() as usize;
        let mut start = Vec::with_capacity(n + 1);
        start.push(0);
        for v in 0..n as u32 {
            start.push(start[v as usize] + g.degree(v));
        }
        let mut rev = vec![0; start[n]];
        for v in 0..n as u32 {
            for (i, &w) in g.neighbours(v).iter().enumerate() {
                let j = g
                    .neighbours(w)
                    .binary_search(&v)
                    .expect("symmetric adjacency");
                rev[start[v as usize] + i] = start[w as usize] + j;
            }
        }
        Network {
            g,
            flow: vec![0; start[n]],
            start,
            rev,
            dist: vec![u32::MAX; n],
            via: vec![usize::MAX; n],
            dirty: Vec::new(),
        }
    }

    /// The best source side, 2 to `cap` vertices, of a cut of at most [`PORTS_MAX`] edges between
    /// `seed` (alone, or with its neighbours) and the vertices at distance ≥ R, over [`RADII`]:
    /// fewest cut edges first (fewer states; and a side with one more edge is often a block plus
    /// a vertex of its neighbour, which would keep the neighbour from being a cluster: a ring of
    /// four FHCP graph8 copies gave two clusters of 109 vertices and 214 vertices outside them
    /// that way), then the fewest vertices (a ring of 14 copies gave 7 clusters of two copies,
    /// whose questions took 0.6 s each against 14 ms for one copy).
    fn best_side(&mut self, seed: u32, cap: usize) -> Option<(usize, Vec<u32>)> {
        // Distances up to the largest radius, listed in order of distance.
        let far = *RADII.last().expect("radii");
        let mut order = vec![seed];
        self.dist[seed as usize] = 0;
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            let d = self.dist[v as usize];
            if d + 1 >= far || order.len() > 4 * cap {
                continue;
            }
            for &w in self.g.neighbours(v) {
                if self.dist[w as usize] == u32::MAX {
                    self.dist[w as usize] = d + 1;
                    order.push(w);
                }
            }
        }
        let mut best: Option<(usize, Vec<u32>)> = None;
        // Two sources: the seed's closed neighbourhood, which keeps a vertex's own star from
        // being the answer, and, when that found a side, the seed alone: a seed at the edge of a
        // block has a neighbour in the next one, and its side from the neighbourhood takes that
        // vertex in. (Only then: where the neighbourhood finds nothing, as on most of a cubic
        // graph, the second source would double the cost, 14 → 24 ms on FHCP graph350.)
        for reach in [1, 0] {
            if reach == 0 && best.is_none() {
                break;
            }
            for r in RADII {
                // The ball inside radius r must hold the side; the sink must not be empty.
                let inside = order.partition_point(|&v| self.dist[v as usize] < r);
                if (inside == order.len() && order.len() < 4 * cap) || inside > 4 * cap {
                    break;
                }
                match self.min_cut(seed, reach, r) {
                    Some((_, side)) if side.len() > cap => break,
                    Some((cut, side))
                        if side.len() >= 2
                            && best
                                .as_ref()
                                .is_none_or(|(c, b)| (cut, side.len()) < (*c, b.len())) =>
                    {
                        best = Some((cut, side));
                    }
                    _ => {}
                }
            }
        }
        for &v in &order {
            self.dist[v as usize] = u32::MAX;
        }
        best
    }

    /// The size and smallest source side of a minimum cut between `seed` with its neighbours and
    /// the vertices at distance ≥ `r` (or not reached), when that cut has at most [`PORTS_MAX`]
    /// edges.
    fn min_cut(&mut self, seed: u32, reach: u32, r: u32) -> Option<(usize, Vec<u32>)> {
        let is_source = |net: &Self, v: u32| net.dist[v as usize] <= reach;
        let is_sink = |net: &Self, v: u32| net.dist[v as usize] >= r;
        let mut answer = None;
        for paths in 0..=PORTS_MAX {
            // Breadth-first search in the residual graph from every source vertex.
            let mut queue: Vec<u32> = std::iter::once(seed)
                .chain(self.g.neighbours(seed).iter().copied())
                .filter(|&v| is_source(self, v))
                .collect();
            for &v in &queue {
                self.via[v as usize] = usize::MAX - 1;
            }
            let mut head = 0;
            let mut reached = None;
            'search: while head < queue.len() {
                let v = queue[head];
                head += 1;
                let base = self.start[v as usize];
                for (i, &w) in self.g.neighbours(v).iter().enumerate() {
                    let s = base + i;
                    if self.flow[s] == 1 || self.via[w as usize] != usize::MAX {
                        continue;
                    }
                    self.via[w as usize] = s;
                    if is_sink(self, w) {
                        reached = Some(w);
                        break 'search;
                    }
                    queue.push(w);
                }
            }
            match reached {
                Some(mut w) => {
                    // Augment along the path back to the source.
                    while !is_source(self, w) {
                        let s = self.via[w as usize];
                        self.flow[s] += 1;
                        self.flow[self.rev[s]] -= 1;
                        self.dirty.push(s);
                        w = self.g.neighbours(w)[self.rev[s] - self.start[w as usize]];
                    }
                }
                None if paths > 0 => {
                    let mut side = queue.clone();
                    side.sort_unstable();
                    answer = Some((paths, side));
                }
                None => {}
            }
            for &v in &queue {
                self.via[v as usize] = usize::MAX;
            }
            if let Some(w) = reached {
                self.via[w as usize] = usize::MAX;
            } else {
                break;
            }
        }
        for s in self.dirty.drain(..) {
            self.flow[s] = 0;
            self.flow[self.rev[s]] = 0;
        }
        answer
    }
}

/// A state of a quotient node: the ports (indices into its port list) the cycle uses and how they
/// pair up inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    /// One pass, in at one port and out at the other.
    Pair(usize, usize),
    /// Two passes: `i~j` and `k~l`.
    Pairing([usize; 2], [usize; 2]),
}

impl State {
    fn uses(self, port: usize) -> bool {
        match self {
            State::Pair(i, j) => port == i || port == j,
            State::Pairing(..) => true,
        }
    }
}

/// The states still possible at a node and, once confirmed, the paths that realise each inside a
/// cluster (`None`: not asked about yet).
pub(super) struct States {
    pub(super) list: Vec<State>,
    paths: Vec<Option<Vec<Vec<u32>>>>,
}

impl States {
    fn remove(&mut self, s: usize) {
        self.list.remove(s);
        self.paths.remove(s);
    }
}

/// Every pair of a vertex's edges; each needs no question (the path is the vertex).
fn vertex_states(degree: usize) -> States {
    let mut list = Vec::new();
    for i in 0..degree {
        for j in i + 1..degree {
            list.push(State::Pair(i, j));
        }
    }
    States {
        paths: vec![Some(Vec::new()); list.len()],
        list,
    }
}

/// A cluster's states before any question: every pair of distinct inner ends, and with four
/// ports the three pairings.
pub(super) fn candidate_states(c: &Cluster) -> States {
    let d = c.ports.len();
    let mut list = Vec::new();
    for i in 0..d {
        for j in i + 1..d {
            // One vertex cannot be a path covering two or more.
            if c.ports[i].0 != c.ports[j].0 {
                list.push(State::Pair(i, j));
            }
        }
    }
    if d == 4 {
        list.push(State::Pairing([0, 1], [2, 3]));
        list.push(State::Pairing([0, 2], [1, 3]));
        list.push(State::Pairing([0, 3], [1, 2]));
    }
    States {
        paths: vec![None; list.len()],
        list,
    }
}

/// What one state question gave.
pub(super) enum Answer {
    /// The state covers the cluster with these paths.
    Paths(Vec<Vec<u32>>),
    Impossible,
    /// Not settled within [`STATE_CHECKS`].
    Unsettled,
}

/// Whether `state` can cover cluster `c`: one exact search on `c`'s edges in both directions plus
/// the closing vertices (see the module documentation).
pub(super) fn ask(
    g: &Graph,
    c: &Cluster,
    state: State,
    deadline: Option<Instant>,
) -> Result<Answer, Error> {
    let k = c.vertices.len() as u32;
    let local = |v: u32| c.vertices.binary_search(&v).expect("inside") as u32;
    let mut arcs = Vec::new();
    for &v in &c.vertices {
        for &w in g.neighbours(v) {
            if c.vertices.binary_search(&w).is_ok() {
                arcs.push((local(v), local(w)));
            }
        }
    }
    let end = |p: usize| local(c.ports[p].0);
    // The closing vertices k (and k + 1) and their arcs; the cycle is read from u_i.
    let (n, first) = match state {
        State::Pair(i, j) => {
            // Undirected suffices for one path, and the undirected steps (rotation–extension,
            // branching) answer most of these questions in milliseconds where the directed
            // model takes up to seconds (FHCP graph400).
            let edges: Vec<(u32, u32)> = arcs
                .iter()
                .copied()
                .filter(|&(a, b)| a < b)
                .chain([(end(i), k), (end(j), k)])
                .collect();
            return Ok(match cycle_within(&Graph::new(k + 1, &edges), deadline)? {
                Some(Some(tour)) => Answer::Paths(paths_of(&tour, k, k, &c.vertices)),
                Some(None) => Answer::Impossible,
                None => Answer::Unsettled,
            });
        }
        State::Pairing([i, j], [p, q]) => {
            arcs.extend([(end(j), k), (k, end(p)), (end(q), k + 1), (k + 1, end(i))]);
            (k + 2, end(i))
        }
    };
    let mut solver = HcSolver::digraph_until(&Digraph::new(n, &arcs), deadline)?;
    let tour = match solver.next_cycle_sliced(STATE_CHECKS)? {
        CutLoop::Cycle(tour) => tour,
        CutLoop::NoCycle => return Ok(Answer::Impossible),
        CutLoop::Unfinished => return Ok(Answer::Unsettled),
    };
    Ok(Answer::Paths(paths_of(&tour, first, k, &c.vertices)))
}

/// The paths of `tour` between its closing vertices (those ≥ `k`), read from `first`, in the
/// graph's own vertex numbers (`vertices[local]`).
fn paths_of(tour: &Tour, first: u32, k: u32, vertices: &[u32]) -> Vec<Vec<u32>> {
    let at = tour.iter().position(|&v| v == first).expect("on the cycle");
    let mut paths = vec![Vec::new()];
    for &v in tour[at..].iter().chain(&tour[..at]) {
        if v >= k {
            paths.push(Vec::new());
        } else {
            paths.last_mut().expect("a path").push(vertices[v as usize]);
        }
    }
    paths.retain(|p| !p.is_empty());
    paths
}

/// A Hamiltonian cycle of a cluster's small question graph, or `Some(None)` for none, by the
/// steps of [`super::solve::solve_graph`] with every step bounded: the reductions, rotation–
/// extension, one branching run, then the exact model for [`STATE_CHECKS`]; `None` when none of
/// them settled it.
fn cycle_within(g: &Graph, deadline: Option<Instant>) -> Result<Option<Option<Tour>>, Error> {
    let reduced = match presolve(g, &[]) {
        Presolved::NoCycle(_) => return Ok(Some(None)),
        Presolved::Reduced(r) => r,
    };
    if let Some(tour) = posa(&reduced.graph, &PosaOptions::default())
        && uses_all(&tour, &reduced.forced)
    {
        return Ok(Some(Some(tour)));
    }
    match branch(
        &reduced.graph,
        &reduced.forced,
        &BranchOptions::default(),
        deadline,
    ) {
        Branched::Cycle(tour) => return Ok(Some(Some(tour))),
        Branched::NoCycle => return Ok(Some(None)),
        Branched::GaveUp => {}
    }
    let mut solver = HcSolver::graph_until(&reduced.graph, deadline)?;
    for &(a, b) in &reduced.forced {
        solver.require(a, b);
    }
    Ok(match solver.next_cycle_sliced(STATE_CHECKS)? {
        CutLoop::Cycle(tour) => Some(Some(tour)),
        CutLoop::NoCycle => Some(None),
        CutLoop::Unfinished => None,
    })
}

/// A node of the quotient.
enum Node {
    /// A vertex outside every cluster; its ports are its edges.
    Vertex {
        vertex: u32,
        degree: usize,
    },
    Cluster(Cluster),
}

/// The quotient graph: nodes, and for each node's port the (node, port) at the other end.
struct Quotient {
    nodes: Vec<Node>,
    /// `first[x]..first[x + 1]`: node `x`'s ports, numbered globally.
    first: Vec<usize>,
    /// The global port at the other end of each port's edge.
    across: Vec<usize>,
    /// The node owning each global port.
    node_of: Vec<usize>,
    /// The edge (inside end, outside end) of each global port.
    edge: Vec<(u32, u32)>,
}

impl Quotient {
    fn new(g: &Graph, clusters: Vec<Cluster>) -> Self {
        let n = g.vertices() as usize;
        let mut in_cluster = vec![false; n];
        for c in &clusters {
            for &v in &c.vertices {
                in_cluster[v as usize] = true;
            }
        }
        let mut nodes: Vec<Node> = clusters.into_iter().map(Node::Cluster).collect();
        nodes.extend(
            (0..n as u32)
                .filter(|&v| !in_cluster[v as usize])
                .map(|v| Node::Vertex {
                    vertex: v,
                    degree: g.degree(v),
                }),
        );
        let mut first = vec![0];
        let mut edge = Vec::new();
        let mut node_of = Vec::new();
        for (x, node) in nodes.iter().enumerate() {
            match node {
                Node::Vertex { vertex, .. } => {
                    edge.extend(g.neighbours(*vertex).iter().map(|&w| (*vertex, w)));
                }
                Node::Cluster(c) => edge.extend(c.ports.iter().copied()),
            }
            node_of.resize(edge.len(), x);
            first.push(edge.len());
        }
        let index: HashMap<(u32, u32), usize> =
            edge.iter().enumerate().map(|(p, &e)| (e, p)).collect();
        let across = edge.iter().map(|&(a, b)| index[&(b, a)]).collect();
        Quotient {
            nodes,
            first,
            across,
            node_of,
            edge,
        }
    }
}

/// Where a node stands in the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Visit {
    Fresh,
    /// In state `states.list[s]`; `second` holds the ports of a pairing's half still to pass.
    Open {
        s: usize,
        second: Option<[usize; 2]>,
    },
}

/// The depth-first search over the quotient's cycles; see the module documentation.
struct Walk<'a> {
    q: &'a Quotient,
    states: &'a [States],
    visit: Vec<Visit>,
    /// Per global port: 1 used, −1 unused, 0 open (both ends of an edge always agree).
    status: Vec<i8>,
    trail: Vec<usize>,
    fresh: usize,
    steps_left: u64,
}

impl<'a> Walk<'a> {
    fn new(q: &'a Quotient, states: &'a [States], steps: u64) -> Self {
        Walk {
            q,
            states,
            visit: vec![Visit::Fresh; q.nodes.len()],
            status: vec![0; q.edge.len()],
            trail: Vec::new(),
            fresh: q.nodes.len(),
            steps_left: steps,
        }
    }

    /// The state index chosen at every node, or `None` (exhausted, or out of steps).
    fn run(&mut self) -> Option<Vec<usize>> {
        let start = (0..self.q.nodes.len()).min_by_key(|&x| self.states[x].list.len())?;
        for s in 0..self.states[start].list.len() {
            let (from, to, second) = match self.states[start].list[s] {
                State::Pair(i, j) => (i, j, None),
                State::Pairing([i, j], other) => (i, j, Some(other)),
            };
            if self.choose(start, s, second, to, self.q.first[start] + from) {
                return Some(self.choice());
            }
        }
        None
    }

    /// Puts fresh node `x` in state `s`, with `second` the half of a pairing still to pass, and
    /// walks on out of its port `out` towards `goal`; undoes it all when that leads nowhere.
    fn choose(
        &mut self,
        x: usize,
        s: usize,
        second: Option<[usize; 2]>,
        out: usize,
        goal: usize,
    ) -> bool {
        let mark = self.trail.len();
        if self.set_node(x, s) {
            self.visit[x] = Visit::Open { s, second };
            self.fresh -= 1;
            if self.enter(self.q.across[self.q.first[x] + out], goal) {
                return true;
            }
            self.fresh += 1;
            self.visit[x] = Visit::Fresh;
        }
        self.undo(mark);
        false
    }

    fn choice(&self) -> Vec<usize> {
        self.visit
            .iter()
            .map(|v| match v {
                Visit::Open { s, .. } => *s,
                Visit::Fresh => unreachable!("every node is visited"),
            })
            .collect()
    }

    /// The walk arrives through global port `port`; `goal` is the port the cycle closes at.
    fn enter(&mut self, port: usize, goal: usize) -> bool {
        if self.steps_left == 0 {
            return false;
        }
        self.steps_left -= 1;
        if port == goal {
            return self.fresh == 0
                && self
                    .visit
                    .iter()
                    .all(|v| matches!(v, Visit::Open { second: None, .. }));
        }
        let x = self.q.node_of[port];
        let base = self.q.first[x];
        let p = port - base;
        match self.visit[x] {
            Visit::Fresh => {
                for s in 0..self.states[x].list.len() {
                    let state = self.states[x].list[s];
                    let (out, second) = match state {
                        State::Pair(i, j) if i == p => (j, None),
                        State::Pair(i, j) if j == p => (i, None),
                        State::Pairing([i, j], other) if i == p || j == p => {
                            (i + j - p, Some(other))
                        }
                        State::Pairing(other, [i, j]) if i == p || j == p => {
                            (i + j - p, Some(other))
                        }
                        _ => continue,
                    };
                    if self.choose(x, s, second, out, goal) {
                        return true;
                    }
                }
                false
            }
            Visit::Open {
                s,
                second: Some([i, j]),
            } if i == p || j == p => {
                self.visit[x] = Visit::Open { s, second: None };
                if self.enter(self.q.across[base + i + j - p], goal) {
                    return true;
                }
                self.visit[x] = Visit::Open {
                    s,
                    second: Some([i, j]),
                };
                false
            }
            Visit::Open { .. } => false,
        }
    }

    /// Marks node `x`'s ports as state `s` has them; `false` when that contradicts a mark, or
    /// leaves a neighbouring node without a fitting state.
    fn set_node(&mut self, x: usize, s: usize) -> bool {
        let state = self.states[x].list[s];
        let base = self.q.first[x];
        for p in 0..self.q.first[x + 1] - base {
            let want = if state.uses(p) { 1 } else { -1 };
            let port = base + p;
            match self.status[port] {
                0 => {
                    let other = self.q.across[port];
                    self.status[port] = want;
                    self.status[other] = want;
                    self.trail.push(port);
                    if !self.fits(self.q.node_of[other]) {
                        return false;
                    }
                }
                v if v != want => return false,
                _ => {}
            }
        }
        true
    }

    /// Whether some state of node `y` agrees with the marks on its ports.
    fn fits(&self, y: usize) -> bool {
        let base = self.q.first[y];
        let ports = self.q.first[y + 1] - base;
        self.states[y].list.iter().any(|st| {
            (0..ports).all(|p| match self.status[base + p] {
                1 => st.uses(p),
                -1 => !st.uses(p),
                _ => true,
            })
        })
    }

    fn undo(&mut self, mark: usize) {
        for port in self.trail.drain(mark..) {
            self.status[port] = 0;
            self.status[self.q.across[port]] = 0;
        }
    }
}

/// The Hamiltonian cycle of `g` made of the walk's cut edges and the chosen states' paths, checked;
/// `None` if it is not one (which would be a bug, kept from reaching the user).
fn expand(g: &Graph, q: &Quotient, states: &[States], choice: &[usize]) -> Option<Tour> {
    let mut edges = Vec::with_capacity(g.vertices() as usize);
    for (x, node) in q.nodes.iter().enumerate() {
        let state = states[x].list[choice[x]];
        let base = q.first[x];
        // Each cut edge once: from the port with the smaller number.
        edges.extend(
            (base..q.first[x + 1])
                .filter(|&port| state.uses(port - base) && port < q.across[port])
                .map(|port| q.edge[port]),
        );
        if let Node::Cluster(_) = node {
            for path in states[x].paths[choice[x]].as_ref()? {
                edges.extend(path.windows(2).map(|w| (w[0], w[1])));
            }
        }
    }
    let mut cycles = cycles_of(g.vertices() as usize, edges, false);
    let tour = cycles.pop()?;
    (cycles.is_empty() && g.check(&tour).is_ok()).then_some(tour)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `blocks` copies of K5 minus an edge, in a ring, each joined to the next by two edges.
    fn ring_of_blocks(blocks: u32) -> Graph {
        let mut edges = Vec::new();
        for b in 0..blocks {
            let o = 5 * b;
            for i in 0..5 {
                for j in i + 1..5 {
                    if (i, j) != (0, 4) {
                        edges.push((o + i, o + j));
                    }
                }
            }
            let next = 5 * ((b + 1) % blocks);
            edges.push((o + 4, next));
            edges.push((o + 3, next + 1));
        }
        Graph::new(5 * blocks, &edges)
    }

    /// Every cluster is disjoint from the others, of 2 to n/3 vertices, and its ports are exactly
    /// the edges leaving it (counted over all edges), at most four.
    fn check_clusters(g: &Graph, found: &[Cluster]) {
        let n = g.vertices() as usize;
        let mut seen = vec![false; n];
        for c in found {
            assert!(c.vertices.len() >= 2 && c.vertices.len() <= n / 3);
            assert!(c.vertices.windows(2).all(|w| w[0] < w[1]));
            for &v in &c.vertices {
                assert!(
                    !std::mem::replace(&mut seen[v as usize], true),
                    "overlap at {v}"
                );
            }
            let inside = |v: u32| c.vertices.contains(&v);
            let mut leaving: Vec<(u32, u32)> = g
                .edges()
                .filter(|&(a, b)| inside(a) != inside(b))
                .map(|(a, b)| if inside(a) { (a, b) } else { (b, a) })
                .collect();
            leaving.sort_unstable();
            let mut ports = c.ports.clone();
            ports.sort_unstable();
            assert_eq!(ports, leaving);
            assert!(ports.len() <= PORTS_MAX);
        }
    }

    #[test]
    fn clusters_are_disjoint_and_cut_off_by_their_ports() {
        let ring = ring_of_blocks(9);
        let found = clusters(&ring, usize::MAX);
        check_clusters(&ring, &found);
        // Each block, and each run of neighbouring blocks, has four edges leaving it; a cluster
        // takes one or two blocks (n/3 = 15 vertices at most), so of the nine blocks at most one
        // is left over.
        let covered: usize = found.iter().map(|c| c.vertices.len()).sum();
        assert!(covered >= 40, "{covered}");
        let mut rng = crate::search::rng::Rng::new(7);
        for n in [12u32, 30, 60] {
            for _ in 0..20 {
                let edges: Vec<(u32, u32)> = (0..2 * n)
                    .map(|_| (rng.below(n as usize) as u32, rng.below(n as usize) as u32))
                    .collect();
                let g = Graph::new(n, &edges);
                check_clusters(&g, &clusters(&g, usize::MAX));
            }
        }
    }

    #[test]
    fn a_ring_of_blocks_splits_into_its_blocks_and_is_solved() {
        let g = ring_of_blocks(6);
        let found = clusters(&g, usize::MAX);
        assert!(!found.is_empty());
        for c in &found {
            assert!(c.ports.len() <= PORTS_MAX && c.vertices.len() >= 2);
        }
        match split_solve(&g, None).unwrap() {
            Split::Cycle(t) => assert_eq!(t.len(), 30),
            other => panic!("{other:?}"),
        }
    }
}
