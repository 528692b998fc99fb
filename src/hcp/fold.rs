//! Folding clusters into one or two vertices. A cluster (see [`super::split`]) is seen from outside
//! only through its states: which of its cut edges a Hamiltonian cycle uses and how they pair up
//! inside. Once every state is settled, the cluster can be replaced by a small stand-in with the
//! same states, written as clauses over the stand-in's edges:
//!
//! * **Passed at most once** (every state with two passes impossible): one vertex whose edges are
//!   the cluster's cut edges, and for each pair of cut edges that no path joins, the clause "not
//!   both".
//! * **Passed twice too**: two vertices `x`, `y` joined by an edge, each joined to every cut edge's
//!   outer end. A pass in at `x` and out at `y` is a pair; `x` and `y` on a pass each is a pairing.
//!   Clauses forbid the impossible pairs (`¬in(i, x) ∨ ¬in(j, y) ∨ ¬xy`, both ways), the impossible
//!   pairings (`¬in(i, x) ∨ ¬in(j, x) ∨ ¬in(k, y) ∨ ¬in(l, y)`, both ways), and any cut edge used
//!   twice. The first cut edge reaches `x` only: that keeps every state and drops its mirror image
//!   (on FHCP graph750's first 2-cut region, 36 s → 2.6 s for the exact model).
//!
//! The folded graph's Hamiltonian cycles that keep the clauses are then exactly the original
//! graph's, each cluster's path (or two) filled in from its state's answer (`Folded::unfold`),
//! so the exact model can work on the folded graph: FHCP graph750 (4,336 vertices, 101 clusters
//! of 16–169 vertices, over 1,000 vertices in none, so too large a quotient for the split's walk)
//! folds into 1,193 vertices. Clusters are first grown by the outside vertices with half their
//! edges or more into them ([`absorb`]): 46 of graph750's 16-vertex clusters have two edges to one
//! vertex of degree 4, which would fold into parallel edges.
//!
//! Every question is the split's own (`split::ask`), bounded; a cluster with a question
//! unsettled, or whose cut edges lead twice to one vertex or folded cluster, is left as it is,
//! which is always sound.

use super::graph::{Graph, Tour, cycles_of};
use super::posa::{PosaOptions, posa};
use super::presolve::{Presolved, presolve};
use super::solve::{CutLoop, HcSolver};
#[cfg(doc)]
use super::split::clusters;
use super::split::{Answer, Cluster, Split, State, ask, candidate_states};
use crate::error::Error;
use crate::reduce::Problem;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Unsettled questions, over all clusters, after which the rest are not asked: each is a
/// question that used its whole budget, so a graph of hard clusters stops paying for them soon.
const UNSETTLED_MAX: usize = 4;

/// A cluster's possible states, each as its pairs of ports (sorted, each `(low, high)`), with
/// the paths that realise it.
type Passes = HashMap<Vec<(usize, usize)>, Vec<Vec<u32>>>;

/// A clause "not all of these edges" of the folded graph.
pub type NotAll = Vec<(u32, u32)>;

fn pass_key(state: State) -> Vec<(usize, usize)> {
    let pair = |i: usize, j: usize| (i.min(j), i.max(j));
    match state {
        State::Pair(i, j) => vec![pair(i, j)],
        State::Pairing([i, j], [k, l]) => {
            let mut key = vec![pair(i, j), pair(k, l)];
            key.sort_unstable();
            key
        }
    }
}

/// Every state of cluster number `i` asked about; `None` when a question was not settled, or when
/// more than `UNSETTLED_MAX` clusters before it (in the order of `clusters`) had one: then the
/// cluster is not folded. An empty map: no state is possible.
///
/// The clusters are settled in parallel, but which ones give up depends only on that order, never
/// on which thread got further first: a cluster stops asking once the clusters before it already
/// account for too many unsettled questions (`unsettled` holds the positions of those found so
/// far), and [`fold`] drops every cluster after too many in order, whether it stopped early or not.
fn settle(
    g: &Graph,
    (i, c): (usize, &Cluster),
    deadline: Option<Instant>,
    unsettled: &Mutex<Vec<usize>>,
) -> Result<Option<Passes>, Error> {
    let too_many_before = || {
        let found = unsettled.lock().unwrap_or_else(|p| p.into_inner());
        found.iter().filter(|&&j| j < i).count() > UNSETTLED_MAX
    };
    let mut passes = Passes::new();
    for state in candidate_states(c).list {
        if too_many_before() {
            return Ok(None);
        }
        match ask(g, c, state, deadline)? {
            Answer::Paths(paths) => {
                passes.insert(pass_key(state), paths);
            }
            Answer::Impossible => {}
            Answer::Unsettled => {
                unsettled.lock().unwrap_or_else(|p| p.into_inner()).push(i);
                return Ok(None);
            }
        }
    }
    Ok(Some(passes))
}

/// A folded cluster: its cut edges (inside end, outside end) and its possible states.
struct Unit {
    ports: Vec<(u32, u32)>,
    passes: Passes,
}

/// A graph with its clusters folded (see the module documentation).
pub struct Folded {
    /// One vertex per cluster passed at most once, two per cluster that can be passed twice, the
    /// other vertices as they were.
    pub graph: Graph,
    /// Clauses over the folded graph's edges: the states a cluster cannot take, and each cut edge
    /// used at most once where a two-vertex cluster makes it several edges.
    pub forbidden: Vec<NotAll>,
    /// Clusters folded.
    pub folded: usize,
    /// The original edge behind each edge of the folded graph (`(a, b)` with `a < b`); `None` for
    /// the edge inside a two-vertex cluster.
    original: HashMap<(u32, u32), Option<(u32, u32)>>,
    /// The unit each vertex of the folded graph belongs to (`u32::MAX`: an original vertex).
    unit: Vec<u32>,
    units: Vec<Unit>,
    /// The unit each original vertex is folded into (`u32::MAX`: none).
    group: Vec<u32>,
    /// Each original vertex's vertex in the folded graph (a unit's first).
    rep: Vec<u32>,
    /// Vertices of the original graph.
    n: u32,
}

/// What folding found.
pub enum Folding {
    Folded(Box<Folded>),
    /// A cluster that no state can cover: the graph has no Hamiltonian cycle.
    NoCycle,
    /// Nothing to fold.
    Nothing,
}

/// Adds "not all of" one edge from each group, for every choice of edges: the clause "not all
/// of these groups", where a group holds when any of its edges is used.
fn not_all(groups: &[&[(u32, u32)]], out: &mut Vec<NotAll>) {
    let mut choices: Vec<NotAll> = vec![Vec::new()];
    for group in groups {
        choices = choices
            .into_iter()
            .flat_map(|c| {
                group.iter().map(move |&e| {
                    let mut c = c.clone();
                    c.push(e);
                    c
                })
            })
            .collect();
    }
    out.extend(choices);
}

/// `clusters`, each grown by the outside vertices (in no cluster) with at least half their edges
/// into it: taking such a vertex in adds no cut edge, and removes the two cut edges to one vertex
/// that would otherwise fold into parallel edges (FHCP graph750: 46 of its 85 clusters of 16
/// vertices have two edges to one vertex of degree 4). A cluster grows to a third of the graph
/// at most.
pub fn absorb(g: &Graph, clusters: &[Cluster]) -> Vec<Cluster> {
    let n = g.vertices() as usize;
    let mut owner = vec![usize::MAX; n];
    for (i, c) in clusters.iter().enumerate() {
        for &v in &c.vertices {
            owner[v as usize] = i;
        }
    }
    let cap = n / 3;
    let mut grown = Vec::with_capacity(clusters.len());
    for (i, c) in clusters.iter().enumerate() {
        let mut c = c.clone();
        // At most a third of the graph, as `clusters` finds them: a cluster that took in the
        // whole graph would have no state and "prove" that there is no cycle.
        while c.vertices.len() < cap {
            let mut into: HashMap<u32, usize> = HashMap::new();
            for &(_, w) in &c.ports {
                *into.entry(w).or_default() += 1;
            }
            let Some((&w, _)) = into
                .iter()
                .filter(|&(&w, &k)| {
                    owner[w as usize] == usize::MAX && k >= 2 && 2 * k >= g.degree(w)
                })
                .min_by_key(|&(&w, _)| w)
            else {
                break;
            };
            owner[w as usize] = i;
            let at = c.vertices.partition_point(|&v| v < w);
            c.vertices.insert(at, w);
            c.ports = c
                .vertices
                .iter()
                .flat_map(|&v| g.neighbours(v).iter().map(move |&x| (v, x)))
                .filter(|&(_, x)| owner[x as usize] != i)
                .collect();
        }
        grown.push(c);
    }
    grown
}

/// Folds every cluster of `clusters` whose states are all settled (see the module
/// documentation).
pub fn fold(g: &Graph, clusters: &[Cluster], deadline: Option<Instant>) -> Result<Folding, Error> {
    let unsettled = Mutex::new(Vec::new());
    let mut settled: Vec<Option<Passes>> = clusters
        .par_iter()
        .enumerate()
        .map(|c| settle(g, c, deadline, &unsettled))
        .collect::<Result<_, _>>()?;
    // The rule of `settle`, applied in order: past the (`UNSETTLED_MAX` + 1)th cluster with an
    // unsettled question, no cluster is folded, however far its thread got.
    let mut unsettled = unsettled.into_inner().unwrap_or_else(|p| p.into_inner());
    unsettled.sort_unstable();
    if let Some(&last) = unsettled.get(UNSETTLED_MAX) {
        for passes in &mut settled[last..] {
            *passes = None;
        }
    }
    let n = g.vertices() as usize;
    // A cluster with no state is a proof of none when the cycle has to pass it: when it is not the
    // whole graph.
    let stuck = |(c, passes): (&Cluster, &Option<Passes>)| {
        c.vertices.len() < n && passes.as_ref().is_some_and(|p| p.is_empty())
    };
    if clusters.iter().zip(&settled).any(stuck) {
        return Ok(Folding::NoCycle);
    }
    // `group[v]`: the unit `v` is folded into, or `u32::MAX`. A cluster is folded only if its
    // cut edges lead to distinct vertices and units: two would become parallel edges.
    let mut group = vec![u32::MAX; n];
    let key = |group: &[u32], v: u32| match group[v as usize] {
        u32::MAX => v as u64,
        u => n as u64 + u as u64,
    };
    let mut units = Vec::new();
    for (c, passes) in clusters.iter().zip(settled) {
        let Some(passes) = passes else { continue };
        let mut ends: Vec<u64> = c.ports.iter().map(|&(_, w)| key(&group, w)).collect();
        ends.sort_unstable();
        if ends.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        for &v in &c.vertices {
            group[v as usize] = units.len() as u32;
        }
        units.push(Unit {
            ports: c.ports.clone(),
            passes,
        });
    }
    if units.is_empty() {
        return Ok(Folding::Nothing);
    }
    // New numbers in the order of the original vertices: a unit takes its first vertex's place,
    // with one vertex, or two when it can be passed twice.
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); units.len()];
    let mut rep = vec![u32::MAX; n];
    let mut unit = Vec::new();
    for v in 0..n {
        match group[v] {
            u32::MAX => {
                rep[v] = unit.len() as u32;
                unit.push(u32::MAX);
            }
            u if members[u as usize].is_empty() => {
                let twice = units[u as usize].passes.keys().any(|k| k.len() == 2);
                for _ in 0..1 + usize::from(twice) {
                    members[u as usize].push(unit.len() as u32);
                    unit.push(u);
                }
                rep[v] = members[u as usize][0];
            }
            u => rep[v] = members[u as usize][0],
        }
    }
    let members_of = |v: u32| -> Vec<u32> {
        match group[v as usize] {
            u32::MAX => vec![rep[v as usize]],
            u => members[u as usize].clone(),
        }
    };
    // A two-vertex cluster's first cut edge reaches its first vertex only: every state has a
    // form with the lowest port used at the first vertex (a pair from it to the second, or its
    // half of a pairing), so this drops only the mirror images, which the exact model would
    // otherwise have to refute twice.
    let members_at = |v: u32, w: u32| -> Vec<u32> {
        let mut m = members_of(v);
        let u = group[v as usize];
        if u != u32::MAX && units[u as usize].ports[0] == (v, w) {
            m.truncate(1);
        }
        m
    };
    let mut original = HashMap::new();
    let mut edges = Vec::new();
    let mut forbidden = Vec::new();
    for (a, b) in g.edges() {
        if group[a as usize] != u32::MAX && group[a as usize] == group[b as usize] {
            continue;
        }
        let mut copies = Vec::new();
        for x in members_at(a, b) {
            for y in members_at(b, a) {
                let e = (x.min(y), x.max(y));
                let before = original.insert(e, Some((a, b)));
                debug_assert!(before.is_none(), "folding made parallel edges");
                copies.push(e);
            }
        }
        // One original edge, used at most once.
        for i in 0..copies.len() {
            for j in i + 1..copies.len() {
                forbidden.push(vec![copies[i], copies[j]]);
            }
        }
        edges.extend(copies);
    }
    for (u, unit_) in units.iter().enumerate() {
        let m = &members[u];
        // The edges of port `p` at member `x`.
        let at = |p: usize, x: u32| -> Vec<(u32, u32)> {
            members_of(unit_.ports[p].1)
                .into_iter()
                .map(|y| (x.min(y), x.max(y)))
                .collect()
        };
        let d = unit_.ports.len();
        let pairs = (0..d).flat_map(|i| (i + 1..d).map(move |j| (i, j)));
        if let [x] = m[..] {
            for (i, j) in pairs {
                if !unit_.passes.contains_key(&vec![(i, j)]) {
                    not_all(&[&at(i, x), &at(j, x)], &mut forbidden);
                }
            }
            continue;
        }
        let (x, y) = (m[0], m[1]);
        edges.push((x, y));
        original.insert((x, y), None);
        // A pass in at `x` and out at `y` (or back) is a pair; `x` and `y` each on a pass of their
        // own is a pairing.
        for (i, j) in pairs {
            if !unit_.passes.contains_key(&vec![(i, j)]) {
                for (p, q) in [(x, y), (y, x)] {
                    not_all(&[&at(i, p), &at(j, q), &[(x, y)]], &mut forbidden);
                }
            }
        }
        for key in [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]] {
            if !unit_.passes.contains_key(key.as_slice()) {
                let [(i, j), (k, l)] = key;
                for (p, q) in [(x, y), (y, x)] {
                    not_all(
                        &[&at(i, p), &at(j, p), &at(k, q), &at(l, q)],
                        &mut forbidden,
                    );
                }
            }
        }
    }
    Ok(Folding::Folded(Box::new(Folded {
        graph: Graph::new(unit.len() as u32, &edges),
        forbidden,
        folded: units.len(),
        original,
        unit,
        units,
        group,
        rep,
        n: n as u32,
    })))
}

impl Folded {
    /// Whether the original edge `(a, b)` lies inside a folded cluster (and so is not in the
    /// folded graph).
    pub fn folds_away(&self, (a, b): (u32, u32)) -> bool {
        let u = self.group[a as usize];
        u != u32::MAX && u == self.group[b as usize]
    }

    /// The original vertices behind the folded graph's vertices `vertices` (a two-vertex
    /// cluster's whole cluster behind either of its vertices), sorted.
    pub fn originals(&self, vertices: &[u32]) -> Vec<u32> {
        let mut inside = vec![false; self.unit.len()];
        for &v in vertices {
            inside[v as usize] = true;
        }
        let mut units = vec![false; self.units.len()];
        for &v in vertices {
            if let Some(u) = units.get_mut(self.unit[v as usize] as usize) {
                *u = true;
            }
        }
        (0..self.n)
            .filter(|&v| {
                inside[self.rep[v as usize] as usize]
                    || units.get(self.group[v as usize] as usize) == Some(&true)
            })
            .collect()
    }

    /// The original edges behind the folded graph's edges `edges` (the edges inside two-vertex
    /// clusters dropped), sorted.
    pub fn behind(&self, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = edges
            .iter()
            .filter_map(|&(a, b)| self.original[&(a.min(b), a.max(b))])
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        out.sort_unstable();
        out
    }

    /// Whether the folded graph's cycle `tour` breaks none of the clauses.
    pub fn allows(&self, tour: &Tour) -> bool {
        let k = tour.len();
        let used: std::collections::HashSet<(u32, u32)> = (0..k)
            .map(|i| {
                let (a, b) = (tour[i], tour[(i + 1) % k]);
                (a.min(b), a.max(b))
            })
            .collect();
        self.forbidden
            .iter()
            .all(|clause| !clause.iter().all(|e| used.contains(e)))
    }

    /// The original graph's cycle behind the folded graph's cycle `tour`, checked against `g`;
    /// `None` if it is not one (a bug, kept from reaching the user).
    pub fn unfold(&self, g: &Graph, tour: &Tour) -> Option<Tour> {
        let k = tour.len();
        let behind = |i: usize| {
            let (a, b) = (tour[i % k], tour[(i + 1) % k]);
            self.original.get(&(a.min(b), a.max(b))).copied()
        };
        // Start after an edge that is not inside a unit: then every pass through a unit is a run
        // of one or two vertices between two cut edges.
        let start = (0..k).find(|&i| behind(i + k - 1) != Some(None))?;
        let mut edges: Vec<(u32, u32)> = (0..k).filter_map(behind).flatten().collect();
        let mut passes: Vec<Vec<(usize, usize)>> = vec![Vec::new(); self.units.len()];
        let mut i = start;
        while i < start + k {
            let u = self.unit[tour[i % k] as usize];
            let mut j = i;
            while behind(j) == Some(None) {
                j += 1;
            }
            if u != u32::MAX {
                let ports = &self.units[u as usize].ports;
                let port =
                    |e: (u32, u32)| ports.iter().position(|&(a, b)| (a, b) == e || (b, a) == e);
                let (p, q) = (port(behind(i + k - 1)??)?, port(behind(j)??)?);
                passes[u as usize].push((p.min(q), p.max(q)));
            }
            i = j + 1;
        }
        for (unit, mut key) in self.units.iter().zip(passes) {
            key.sort_unstable();
            for path in unit.passes.get(&key)? {
                edges.extend(path.windows(2).map(|w| (w[0], w[1])));
            }
        }
        let mut cycles = cycles_of(self.n as usize, edges, false);
        let tour = cycles.pop()?;
        (cycles.is_empty() && g.check(&tour).is_ok()).then_some(tour)
    }
}

impl Folded {
    /// The exact model of the folded graph, with its clauses: the reductions first (they know
    /// nothing of the clauses, but what they remove is in no cycle of the folded graph and what
    /// they force is in all of them, so in none or all of those that keep the clauses too).
    /// `None`: the reductions proved the folded graph has no cycle, so neither has the original.
    pub fn solver(&self, deadline: Option<Instant>) -> Result<Option<HcSolver>, Error> {
        let reduced = match presolve(&self.graph, &[]) {
            Presolved::NoCycle(_) => return Ok(None),
            Presolved::Reduced(r) => r,
        };
        let mut solver = HcSolver::graph_until(&reduced.graph, deadline)?;
        for &(a, b) in &reduced.forced {
            solver.require(a, b);
        }
        for clause in &self.forbidden {
            solver.forbid_all(clause);
        }
        Ok(Some(solver))
    }
}

/// Hamiltonian cycle of `g` through its folded graph (clusters from [`clusters`] grown by
/// [`absorb`]): rotation–extension on the folded graph, then its exact model for at most `checks`
/// terminate checks.
pub fn fold_solve(
    g: &Graph,
    clusters: &[Cluster],
    checks: u64,
    deadline: Option<Instant>,
) -> Result<Split, Error> {
    let folded = match fold(g, clusters, deadline)? {
        Folding::Folded(f) => f,
        Folding::NoCycle => return Ok(Split::NoCycle),
        Folding::Nothing => return Ok(Split::GaveUp),
    };
    let found = |tour: &Tour| -> Split {
        match folded.unfold(g, tour) {
            Some(t) => Split::Cycle(t),
            None => Split::GaveUp,
        }
    };
    if let Some(tour) = posa(&folded.graph, &PosaOptions::default())
        && folded.allows(&tour)
    {
        return Ok(found(&tour));
    }
    let Some(mut solver) = folded.solver(deadline)? else {
        return Ok(Split::NoCycle);
    };
    Ok(match solver.next_cycle_sliced(checks)? {
        CutLoop::Cycle(tour) => found(&tour),
        CutLoop::NoCycle => Split::NoCycle,
        CutLoop::Unfinished => Split::GaveUp,
    })
}
