//! An exact Hamiltonian-cycle solver for [`Digraph`] and [`Graph`]: CaDiCaL with degree
//! constraints and lazy subtour elimination, sound and complete.
//!
//! * One Boolean per arc (edge). Directed: exactly one out-arc and exactly one in-arc per vertex,
//!   and no 2-cycle `u ⇄ v` (when n > 2). Undirected: exactly two incident edges per vertex.
//!   Cardinalities are pairwise / all-triples for small degrees and Sinz's sequential counter above.
//! * A model is a union of disjoint cycles covering every vertex. If it is one cycle, done; else
//!   for every cycle `S` the cut "some arc leaves `S`" (undirected: "some edge crosses `S`") is added
//!   and the solver resumes (incrementally). Each cut is valid for every Hamiltonian cycle, and every
//!   model that is not Hamiltonian violates a new cut, so the loop ends with a Hamiltonian cycle or
//!   unsatisfiable = no Hamiltonian cycle.
//!
//! [`HcSolver::forbid_all`] adds "not all of these arcs", which [`grids`] uses to enumerate the
//! distinct grids of a puzzle through the [`HcpChain`]: find a cycle, decode its grid, forbid the
//! literals that encode the grid's values ([`HcpChain::value_image`]), solve again.

use super::chain::{HcpChain, HcpOptions, build};
use super::contract::{EdgeImage, Outcome};
use super::graph::{Digraph, Graph, Tour};
use crate::error::Error;
use crate::puzzle::{Grid, Puzzle};
use std::time::{Duration, Instant};

/// Solver settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Give up (`Error::Timeout`) after this long in total.
    pub time_limit: Option<Duration>,
}

/// Counters of one solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// SAT calls.
    pub rounds: u32,
    /// Subtour cuts added.
    pub cuts: u32,
    /// Blocking clauses added by [`HcSolver::forbid_all`].
    pub blocked: u32,
    /// SAT variables (arcs or edges plus counter registers).
    pub variables: u32,
}

/// CaDiCaL termination by wall-clock deadline.
struct Deadline(Option<Instant>);

impl cadical::Callbacks for Deadline {
    fn terminate(&mut self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }
}

/// An incremental Hamiltonian-cycle search over one graph; see the module documentation.
pub struct HcSolver {
    sat: cadical::Solver<Deadline>,
    n: u32,
    directed: bool,
    /// Arc or edge of each variable (variable = index + 1).
    edges: Vec<(u32, u32)>,
    /// Undirected: for each vertex `u`, the index of its first edge `(u, v)`, `v > u`.
    up_start: Vec<u32>,
    /// Directed: offset of each vertex's out-arcs; undirected: incident edge indices by vertex.
    incident: Vec<Vec<u32>>,
    next_var: i32,
    deadline: Option<Instant>,
    stats: SolveStats,
    done: bool,
}

impl HcSolver {
    fn empty(n: u32, directed: bool, edges: Vec<(u32, u32)>) -> HcSolver {
        let next_var = edges.len() as i32 + 1;
        HcSolver {
            sat: cadical::Solver::new(),
            n,
            directed,
            edges,
            up_start: Vec::new(),
            incident: Vec::new(),
            next_var,
            deadline: None,
            stats: SolveStats::default(),
            done: false,
        }
    }

    /// A solver for the directed Hamiltonian cycles of `g`.
    pub fn digraph(g: &Digraph) -> HcSolver {
        let n = g.vertices();
        let mut s = HcSolver::empty(n, true, g.arcs().collect());
        let mut inn: Vec<Vec<i32>> = vec![Vec::new(); n as usize];
        let mut out: Vec<Vec<i32>> = vec![Vec::new(); n as usize];
        for (i, &(a, b)) in s.edges.iter().enumerate() {
            out[a as usize].push(i as i32 + 1);
            inn[b as usize].push(i as i32 + 1);
        }
        for v in 0..n as usize {
            s.exactly(&out[v], 1);
            s.exactly(&inn[v], 1);
        }
        if n > 2 {
            for (i, &(a, b)) in s.edges.clone().iter().enumerate() {
                if a < b
                    && let Some(j) = g.arc_index(b, a)
                {
                    s.sat.add_clause([-(i as i32 + 1), -(j as i32 + 1)]);
                }
            }
        }
        s.stats.variables = (s.next_var - 1) as u32;
        s
    }

    /// A solver for the Hamiltonian cycles of `g`.
    pub fn graph(g: &Graph) -> HcSolver {
        let n = g.vertices();
        let mut s = HcSolver::empty(n, false, g.edges().collect());
        let mut up_start = Vec::with_capacity(n as usize + 1);
        let mut count = 0u32;
        for u in 0..n {
            up_start.push(count);
            count += g.neighbours(u).iter().filter(|&&v| v > u).count() as u32;
        }
        up_start.push(count);
        s.up_start = up_start;
        let mut inc: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
        for (i, &(a, b)) in s.edges.iter().enumerate() {
            inc[a as usize].push(i as u32);
            inc[b as usize].push(i as u32);
        }
        for lits in &inc {
            let lits: Vec<i32> = lits.iter().map(|&i| i as i32 + 1).collect();
            s.exactly(&lits, 2);
        }
        s.incident = inc;
        s.stats.variables = (s.next_var - 1) as u32;
        s
    }

    /// Total time budget from now on.
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.deadline = limit.map(|d| Instant::now() + d);
        self.sat.set_callbacks(Some(Deadline(self.deadline)));
    }

    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    fn fresh(&mut self) -> i32 {
        let v = self.next_var;
        self.next_var += 1;
        v
    }

    /// Exactly `k` (1 or 2) of `lits` are true.
    fn exactly(&mut self, lits: &[i32], k: usize) {
        if lits.len() < k {
            // Unsatisfiable: an empty clause.
            self.sat.add_clause(std::iter::empty());
            return;
        }
        match k {
            1 => {
                self.sat.add_clause(lits.iter().copied());
                self.at_most_one(lits);
            }
            _ => {
                self.at_least_two(lits);
                self.at_most_two(lits);
            }
        }
    }

    fn at_most_one(&mut self, x: &[i32]) {
        let n = x.len();
        if n <= 6 {
            for i in 0..n {
                for j in i + 1..n {
                    self.sat.add_clause([-x[i], -x[j]]);
                }
            }
            return;
        }
        // Sinz: s_i = "one of x_0..x_i is true".
        let s: Vec<i32> = (0..n - 1).map(|_| self.fresh()).collect();
        self.sat.add_clause([-x[0], s[0]]);
        for i in 1..n - 1 {
            self.sat.add_clause([-x[i], s[i]]);
            self.sat.add_clause([-s[i - 1], s[i]]);
            self.sat.add_clause([-x[i], -s[i - 1]]);
        }
        self.sat.add_clause([-x[n - 1], -s[n - 2]]);
    }

    fn at_least_two(&mut self, x: &[i32]) {
        let n = x.len();
        if n <= 6 {
            for skip in 0..n {
                self.sat
                    .add_clause((0..n).filter(|&i| i != skip).map(|i| x[i]));
            }
            return;
        }
        // c_i → some of x_0..x_i; d_i → x_i ∧ c_{i-1}; some d_i.
        let c: Vec<i32> = (0..n).map(|_| self.fresh()).collect();
        self.sat.add_clause([-c[0], x[0]]);
        for i in 1..n {
            self.sat.add_clause([-c[i], c[i - 1], x[i]]);
        }
        let mut some = Vec::with_capacity(n);
        for i in 1..n {
            let d = self.fresh();
            self.sat.add_clause([-d, x[i]]);
            self.sat.add_clause([-d, c[i - 1]]);
            some.push(d);
        }
        self.sat.add_clause(some);
    }

    fn at_most_two(&mut self, x: &[i32]) {
        let n = x.len();
        if n <= 5 {
            for i in 0..n {
                for j in i + 1..n {
                    for k in j + 1..n {
                        self.sat.add_clause([-x[i], -x[j], -x[k]]);
                    }
                }
            }
            return;
        }
        // Sinz with registers s1_i ("≥ 1 among x_0..x_i"), s2_i ("≥ 2").
        let s1: Vec<i32> = (0..n - 1).map(|_| self.fresh()).collect();
        let s2: Vec<i32> = (0..n - 1).map(|_| self.fresh()).collect();
        self.sat.add_clause([-x[0], s1[0]]);
        self.sat.add_clause([-s2[0]]);
        for i in 1..n - 1 {
            self.sat.add_clause([-x[i], s1[i]]);
            self.sat.add_clause([-s1[i - 1], s1[i]]);
            self.sat.add_clause([-s2[i - 1], s2[i]]);
            self.sat.add_clause([-x[i], -s1[i - 1], s2[i]]);
            self.sat.add_clause([-x[i], -s2[i - 1]]);
        }
        self.sat.add_clause([-x[n - 1], -s2[n - 2]]);
    }

    fn var_of(&self, a: u32, b: u32) -> Option<i32> {
        if self.directed {
            let i = self.edges.partition_point(|&e| e < (a, b));
            (self.edges.get(i) == Some(&(a, b))).then_some(i as i32 + 1)
        } else {
            let (u, v) = (a.min(b), a.max(b));
            if u >= self.n {
                return None;
            }
            let lo = self.up_start[u as usize] as usize;
            let hi = self.up_start[u as usize + 1] as usize;
            let i = lo + self.edges[lo..hi].partition_point(|&(_, w)| w < v);
            (i < hi && self.edges[i] == (u, v)).then_some(i as i32 + 1)
        }
    }

    /// Adds the clause "not all of `edges`" (arcs for a directed graph). Returns `false` (and adds
    /// nothing) when one of them is not an arc or edge of the graph: the clause would hold anyway.
    /// An empty list makes the instance unsatisfiable.
    pub fn forbid_all(&mut self, edges: &[(u32, u32)]) -> bool {
        let mut clause = Vec::with_capacity(edges.len());
        for &(a, b) in edges {
            match self.var_of(a, b) {
                Some(v) => clause.push(-v),
                None => return false,
            }
        }
        if clause.is_empty() {
            self.done = true;
        }
        self.sat.add_clause(clause);
        self.stats.blocked += 1;
        true
    }

    /// The next Hamiltonian cycle (not excluded by the clauses added so far), `None` when there is
    /// none, `Error::Timeout` when the time limit ran out first.
    pub fn next_cycle(&mut self) -> Result<Option<Tour>, Error> {
        if self.done || self.n == 0 {
            return Ok(None);
        }
        loop {
            self.stats.rounds += 1;
            match self.sat.solve() {
                Some(true) => {}
                Some(false) => {
                    self.done = true;
                    return Ok(None);
                }
                None => {
                    return Err(Error::Timeout(format!(
                        "Hamiltonian-cycle search stopped by the time limit after {} rounds",
                        self.stats.rounds
                    )));
                }
            }
            let cycles = self.model_cycles();
            if cycles.len() == 1 && cycles[0].len() == self.n as usize {
                return Ok(Some(cycles.into_iter().next().unwrap_or_default()));
            }
            for cycle in &cycles {
                self.cut(cycle);
            }
        }
    }

    /// The cycles of the current model (each vertex has one successor / two chosen edges).
    fn model_cycles(&self) -> Vec<Vec<u32>> {
        let n = self.n as usize;
        let chosen = |i: usize| -> bool { self.sat.value(i as i32 + 1).unwrap_or(false) };
        let mut nbr: Vec<[u32; 2]> = vec![[u32::MAX; 2]; n];
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if chosen(i) {
                if self.directed {
                    nbr[a as usize][0] = b;
                } else {
                    for (x, y) in [(a, b), (b, a)] {
                        let slot = &mut nbr[x as usize];
                        if slot[0] == u32::MAX {
                            slot[0] = y;
                        } else {
                            slot[1] = y;
                        }
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
                let [p, q] = nbr[cur as usize];
                let next = if self.directed || p != prev { p } else { q };
                if next == u32::MAX {
                    break;
                }
                prev = cur;
                cur = next;
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// Adds "some arc leaves `cycle`" (undirected: some edge crosses it).
    fn cut(&mut self, cycle: &[u32]) {
        let mut inside = vec![false; self.n as usize];
        for &v in cycle {
            inside[v as usize] = true;
        }
        let clause: Vec<i32> = self
            .edges
            .iter()
            .enumerate()
            .filter(|&(_, &(a, b))| {
                if self.directed {
                    inside[a as usize] && !inside[b as usize]
                } else {
                    inside[a as usize] != inside[b as usize]
                }
            })
            .map(|(i, _)| i as i32 + 1)
            .collect();
        self.sat.add_clause(clause);
        self.stats.cuts += 1;
    }
}

/// A Hamiltonian cycle of `g`, or `None` when it has none.
pub fn hamiltonian_cycle_digraph(g: &Digraph, opts: &SolveOptions) -> Result<Option<Tour>, Error> {
    let mut s = HcSolver::digraph(g);
    s.set_time_limit(opts.time_limit);
    s.next_cycle()
}

/// A Hamiltonian cycle of `g`, or `None` when it has none.
pub fn hamiltonian_cycle_graph(g: &Graph, opts: &SolveOptions) -> Result<Option<Tour>, Error> {
    let mut s = HcSolver::graph(g);
    s.set_time_limit(opts.time_limit);
    s.next_cycle()
}

/// Distinct grids found through a chain, with the solver's counters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridSearch {
    pub grids: Vec<Grid>,
    /// All grids were found (the search ended with "no further cycle"), not cut by `limit`.
    pub complete: bool,
    pub stats: SolveStats,
}

/// Up to `limit` distinct grids of `puzzle` through an already built chain: Hamiltonian cycles of
/// its target, decoded, each grid forbidden by its value literals before the next search.
pub fn chain_grids(
    chain: &HcpChain,
    limit: usize,
    opts: &SolveOptions,
) -> Result<GridSearch, Error> {
    let mut result = GridSearch::default();
    if limit == 0 {
        return Ok(result);
    }
    if let Some(Outcome::NotHamiltonian(_)) = chain.outcome() {
        result.complete = true;
        return Ok(result);
    }
    let mut solver = match (chain.directed_target(), chain.undirected_target()) {
        (Some(d), _) => HcSolver::digraph(d),
        (_, Some(g)) => HcSolver::graph(g),
        _ => return Ok(result),
    };
    solver.set_time_limit(opts.time_limit);
    let cells = chain.layout().structure().cells();
    loop {
        let Some(tour) = solver.next_cycle()? else {
            result.complete = true;
            break;
        };
        let grid = chain.extract(&tour)?;
        let mut block = Vec::with_capacity(cells);
        for c in 0..cells {
            match chain.value_image(c, grid.get(c)) {
                EdgeImage::Edge(a, b) => block.push((a, b)),
                EdgeImage::Forced => {}
                EdgeImage::Absent => {
                    return Err(Error::Unsolvable(format!(
                        "internal error: the cycle found uses no image of cell {} = {}",
                        c,
                        grid.get(c)
                    )));
                }
            }
        }
        result.grids.push(grid);
        if result.grids.len() >= limit {
            break;
        }
        if !solver.forbid_all(&block) {
            return Err(Error::Unsolvable(
                "internal error: a value literal is not an edge of the target".into(),
            ));
        }
    }
    result.stats = solver.stats();
    Ok(result)
}

/// Up to `limit` distinct grids of `puzzle` through the chain of `hcp` (see [`chain_grids`]).
pub fn grids(
    puzzle: &Puzzle,
    hcp: &HcpOptions,
    limit: usize,
    opts: &SolveOptions,
) -> Result<GridSearch, Error> {
    let chain = build(puzzle, hcp)?;
    chain_grids(&chain, limit, opts)
}
