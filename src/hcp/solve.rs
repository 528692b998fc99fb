//! An exact Hamiltonian-cycle solver for [`Digraph`] and [`Graph`]: CaDiCaL with degree
//! constraints and lazy subtour elimination, sound and complete.
//!
//! * One Boolean per arc (edge). Directed: exactly one out-arc and exactly one in-arc per vertex,
//!   and no 2-cycle `u ⇄ v` (when n > 2). Undirected: exactly two incident edges per vertex.
//!   Cardinalities are written directly (pairs, triples, (d−1)-subsets) up to degree 10 and with
//!   Sinz's sequential counter above.
//! * Undirected: every cycle made of forced paths (through degree-2 vertices) and at most three
//!   free edges is forbidden up front (`ShortCycles`) — the undirected image of the directed
//!   2-cycle clauses; it cuts the rounds on the contracted Sudoku graphs from ~14 to ~4.
//! * A model is a union of disjoint cycles covering every vertex. If it is one cycle, done; else
//!   for every cycle `S` the cut "some arc leaves `S`" (undirected: "some edge crosses `S`") is added
//!   and the solver resumes (incrementally). Each cut is valid for every Hamiltonian cycle, and every
//!   model that is not Hamiltonian violates a new cut, so the loop ends with a Hamiltonian cycle or
//!   unsatisfiable = no Hamiltonian cycle.
//! * When one search on a graph of at most 1,000 vertices needs more than 50 SAT calls (graphs
//!   built against 2-factor methods, like the small FHCP graphs), a complete order encoding is
//!   added ([`HcSolver::add_order_encoding`]): after it every model is a Hamiltonian cycle.
//!   Example: FHCP graph8 took 183,688 rounds (26 s) with cuts alone and takes 51 rounds (0.2 s)
//!   with the escalation. Larger graphs never escalate (the constant `ESCALATE_MAX_VERTICES`
//!   says why).
//!
//! [`HcSolver::forbid_all`] adds "not all of these arcs", which [`grids`] uses to enumerate the
//! distinct grids of a puzzle through the [`HcpChain`]: find a cycle, decode its grid, forbid the
//! literals that encode the grid's values ([`HcpChain::value_image`]), solve again.

use super::branch::{BranchOptions, Branched, branch, branch_stoppable};
use super::chain::{HcpChain, HcpOptions, build};
use super::contract::{EdgeImage, Outcome};
use super::fold::{Folded, Folding, absorb, fold};
use super::graph::{Digraph, Graph, Tour, cycles_of};
use super::hubs::{configurations, hub_degree};
use super::posa::{PosaOptions, posa};
use super::presolve::{Presolved, Reduced, presolve};
use super::split::{Split, quotient_clusters, split_along};
use crate::error::Error;
use crate::puzzle::{Grid, Puzzle};
use crate::sat::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The SAT literal "edge (arc) `i` is in the cycle".
fn lit(i: usize) -> i32 {
    i as i32 + 1
}

/// Largest constraint written directly (pairs for at-most-one, triples for at-most-two, all
/// (n−1)-subsets for at-least-two); larger ones use Sinz's sequential counter. Direct clauses need
/// no auxiliary variables and propagate at least as well; at 10 a vertex costs 120 triples.
const DIRECT_MAX: usize = 10;

/// SAT calls of one search after which the order encoding is added
/// ([`HcSolver::add_order_encoding`]).
const ESCALATE_ROUNDS: u32 = 50;

/// Vertices and edges a round of the cut loop handles in about the time of one terminate check
/// (see [`HcSolver::charge_round`]): a check costs 15–25 µs on the FHCP graphs of 2,000–4,700
/// vertices, a round of cuts alone about 0.9 ms on graph350 (2,076 vertices, 3,115 edges).
const ROUND_STEPS_PER_CHECK: usize = 100;

/// Most vertices of a graph whose search escalates to the order encoding. Above it the encoding
/// (about `2m·(4⌈log₂ n⌉ + 1)` clauses: 790,000 on FHCP graph800) makes every later SAT call
/// slower than all the cuts it saves. Measured on the FHCP graphs, the exact model alone (cut
/// loop on the reduced graph, 40 s cap, docs/hcp-solver.md): on the 30 graphs of 66–234 vertices
/// the escalation is what answers graph4, 8, 12, 16, 21 and 29 (cuts alone: 1.9 s, over 30 s or
/// 27 s), while on every graph of 2,000–4,706 vertices that reaches 50 calls it loses — graph400
/// 4.6 s with cuts alone against no answer in 40 s, graph500 30 s against none, graph650 0.9 s
/// against 12.9 s, graph700 1.6 s against 9.0 s, graph750 14 s and graph800 6 s against none
/// (neither LKH-3 nor `linkern` answers those two within 60 s in scripts/hcp-compare.sh).
/// Between 234 and 2,000 vertices no graph measured reaches 50 calls (graph200, graph300, the
/// alb instances); the bound sits in that gap.
const ESCALATE_MAX_VERTICES: u32 = 1_000;

/// SAT calls of the cut loop in [`solve_graph`] before the branching search gets its turn: the
/// cuts alone settle the TSPLIB alb graphs in 3–7 rounds (0.01–0.08 s), while on the FHCP graphs
/// every 2-factor splits into two cycles round after round.
const FIRST_CUT_ROUNDS: u32 = 8;

/// Terminate checks of the exact model's first slice after the first branching search (see
/// [`solve_graph`]); each slice runs beside a branching turn 4 × 10⁷ × 4^k node-steps long, and a
/// pair of turns lasts as long as the longer of the two. 1,000 was chosen when the turns ran one
/// after the other (2026-12-02: 2,000 and 16,000 made the big cubic graphs slower). Beside the
/// branching, with a round's own work charged ([`HcSolver::charge_round`]) and large graphs no
/// longer escalating, an exact slice of 1,000 checks took about a twentieth of the branching
/// turn beside it, so a graph that only the exact model answers waited on branching turns of
/// 25–100 s. Measured over the FHCP graphs of 1,200–4,706 vertices (2026-12-04, one run each,
/// wall seconds; docs/hcp-solver.md), first slices of 1,000 / 4,000 / 8,000 / 16,000 checks:
/// graph800 no answer in 120 s / none / 3.8 / 3.8, graph750 43.8 / 16.7 / 18.1 / 17.1, graph500
/// 12.0 / 10.0 / 13.9–14.5 / 26.3, graph400 6.9 / 4.0 / 4.4–4.5 / 4.2, graph350 0.71 / 0.66 /
/// 0.85 / 1.07, graph300 0.63 / 0.20 / 0.19 / 0.20; graph450–700 within 0.2 s of each other.
const FIRST_SLICE_CHECKS: u64 = 8_000;

/// [`FIRST_SLICE_CHECKS`] where the hubs' configurations survive their reductions: then the
/// branching turns search the configurations' smaller graphs, which is what answers such a graph,
/// while the exact model still works on the whole graph, so its slices only need to keep pace,
/// not hold the branching back. On FHCP graph500, the one graph measured that has surviving
/// configurations (2026-12-04, idle, `hcp solve`, wall seconds): first slices of 8,000 checks
/// 13.3–13.8 s (three runs), 4,000 10.5, 2,000 10.3, 1,000 8.4–9.1 (three runs), 500 8.1, 250 8.6;
/// every one answered by branching on the same configuration. Chosen on that one graph.
const FIRST_SLICE_CHECKS_HUBS: u64 = 1_000;

/// Factor by which both searches' slices grow in [`solve_graph`]: all the turns of one search
/// before its last cost about a third of that last one, so the pair costs a small multiple of
/// what the better search would alone, whichever it is.
const SLICE_GROWTH: u64 = 4;

/// The exact slice from which the turns fold the clusters (the fourth, 512,000 checks): the
/// folding's questions then cost nothing on graphs the first turns answer (FHCP graph700, 479
/// clusters, is answered by branching in 0.25 s; folded from the first turn, with the first exact
/// slice 64 times larger, it took 1.1 s), and the exact model, the only step that sees the
/// smaller folded graph, goes on from there with slices large enough not to wait on the branching
/// search beside it. On FHCP graph750's two 2-cut regions (733 and 1,353 vertices, folded to 226
/// and 427), folding before the first turn with first slices of 1,000, 16,000, 64,000 and
/// 256,000 checks took 24.6 and 35.7 s, 10.9 and 33.4 s, 3.2 and 29.3 s, 2.9 and 43.7 s (one run
/// each).
const FOLD_FROM_CHECKS: u64 = 64 * FIRST_SLICE_CHECKS;

/// Most free edges in a short cycle forbidden up front (see [`HcSolver::graph`]).
const FREE_EDGES_MAX: usize = 3;

/// A progress callback, called with the counters after every SAT call.
type RoundHook = Box<dyn FnMut(&SolveStats)>;

/// Solver settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Give up (`Error::Timeout`) after this long in total.
    pub time_limit: Option<Duration>,
    /// Seed of the randomised steps of [`solve_graph`] (the rotation–extension heuristic and the
    /// branching search; the exact model has no random choices). The answer depends on the graph
    /// and the seed alone, never on timing or threads; 0 is the default, measured in
    /// docs/hcp-solver.md. Another seed may find another cycle.
    pub seed: u64,
}

impl SolveOptions {
    /// `seed`, spread over the bits, so nearby seeds give unrelated draws; 0 stays 0, keeping
    /// the default seeds of [`PosaOptions`] and [`BranchOptions`].
    fn mixed_seed(&self) -> u64 {
        self.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
    }
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
    /// Short cycles forbidden before the first SAT call (undirected graphs).
    pub short_cycles: u32,
    /// The cut loop stalled and the complete order encoding was added.
    pub ordered: bool,
}

/// An incremental Hamiltonian-cycle search over one graph; see the module documentation.
pub struct HcSolver {
    sat: cadical::Solver<Budget>,
    n: u32,
    directed: bool,
    /// Arc or edge of each variable (variable = index + 1).
    edges: Vec<(u32, u32)>,
    /// Undirected: for each vertex `u`, the index of its first edge `(u, v)`, `v > u`.
    up_start: Vec<u32>,
    /// Arc (edge) indices at each vertex, in neighbour order for a graph.
    incident: Vec<Vec<u32>>,
    next_var: i32,
    deadline: Option<Instant>,
    stats: SolveStats,
    done: bool,
    /// The order encoding was added ([`HcSolver::add_order_encoding`]).
    ordered: bool,
    /// Cut marks: `mark[v] == stamp` while `v` is in the cut being built.
    mark: Vec<u32>,
    stamp: u32,
    /// Called after every SAT call (progress display).
    on_round: Option<RoundHook>,
    /// SAT calls of the search under way (a [`HcSolver::next_cycle_within`] that stopped early
    /// leaves them for the next call): escalation counts them.
    rounds_here: u32,
}

/// The outcome of [`HcSolver::next_cycle_within`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CutLoop {
    /// A Hamiltonian cycle.
    Cycle(Tour),
    /// None is left.
    NoCycle,
    /// The allowed rounds ran out first; the next call goes on where this one stopped.
    Unfinished,
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
            on_round: None,
            rounds_here: 0,
            mark: vec![0; n as usize],
            stamp: 0,
            ordered: false,
        }
    }

    /// A solver for the directed Hamiltonian cycles of `g`.
    pub fn digraph(g: &Digraph) -> HcSolver {
        Self::digraph_until(g, None).expect("no deadline, no timeout")
    }

    /// [`HcSolver::digraph`] that gives up (`Error::Timeout`) once `deadline` has passed: loading a
    /// large graph's model takes seconds (a blank 36×36 Sudoku's graph: over ten), and a time
    /// limit covers building as well as searching.
    pub fn digraph_until(g: &Digraph, deadline: Option<Instant>) -> Result<HcSolver, Error> {
        let n = g.vertices();
        let mut s = HcSolver::empty(n, true, g.arcs().collect());
        let mut inn: Vec<Vec<i32>> = vec![Vec::new(); n as usize];
        let mut out: Vec<Vec<i32>> = vec![Vec::new(); n as usize];
        let mut inc: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
        for (i, &(a, b)) in s.edges.iter().enumerate() {
            out[a as usize].push(lit(i));
            inn[b as usize].push(lit(i));
            inc[a as usize].push(i as u32);
            inc[b as usize].push(i as u32);
        }
        s.incident = inc;
        for v in 0..n as usize {
            building(v, deadline)?;
            s.exactly(&out[v], 1);
            s.exactly(&inn[v], 1);
        }
        if n > 2 {
            for (i, &(a, b)) in s.edges.clone().iter().enumerate() {
                building(i, deadline)?;
                if a < b
                    && let Some(j) = g.arc_index(b, a)
                {
                    s.sat.add_clause([-lit(i), -lit(j)]);
                }
            }
        }
        s.stats.variables = (s.next_var - 1) as u32;
        s.set_deadline(deadline);
        Ok(s)
    }

    /// A solver for the Hamiltonian cycles of `g`.
    pub fn graph(g: &Graph) -> HcSolver {
        Self::graph_until(g, None).expect("no deadline, no timeout")
    }

    /// [`HcSolver::graph`] that gives up (`Error::Timeout`) once `deadline` has passed (see
    /// [`HcSolver::digraph_until`]); the solver's search keeps the same deadline.
    pub fn graph_until(g: &Graph, deadline: Option<Instant>) -> Result<HcSolver, Error> {
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
        for (v, lits) in inc.iter().enumerate() {
            building(v, deadline)?;
            let lits: Vec<i32> = lits.iter().map(|&i| lit(i as usize)).collect();
            s.exactly(&lits, 2);
        }
        s.incident = inc;
        s.forbid_short_cycles(g, deadline)?;
        s.stats.variables = (s.next_var - 1) as u32;
        s.set_deadline(deadline);
        Ok(s)
    }

    /// Adds "not all of these free edges" for every cycle with at most [`FREE_EDGES_MAX`] free
    /// edges and fewer than n vertices (see [`ShortCycles`]). Each clause holds in every
    /// Hamiltonian cycle: the forced edges are in all of them, so one that also used all these
    /// free edges would contain a shorter cycle. Capped at 4 clauses per edge and 20 per vertex:
    /// on K_500 an uncapped search would write half a million triangle clauses that a dense
    /// graph's first 2-factors hardly need.
    fn forbid_short_cycles(&mut self, g: &Graph, deadline: Option<Instant>) -> Result<(), Error> {
        let cap = (4 * g.edge_count()).min(20 * g.vertices() as usize) + 1000;
        let mut sc = ShortCycles::new(g, &self.incident, cap);
        for s in 0..g.vertices() {
            building(s as usize, deadline)?;
            sc.from(s);
        }
        for (i, cycle) in sc.found.iter().enumerate() {
            building(i, deadline)?;
            self.sat.add_clause(cycle.iter().map(|&e| -lit(e)));
            self.stats.short_cycles += 1;
        }
        Ok(())
    }

    /// Give up (`Error::Timeout`) at `deadline` ([`HcSolver::graph_until`] and
    /// [`HcSolver::digraph_until`] set it: the same deadline covers building and search).
    fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.sat.set_callbacks(Some(Budget::until(deadline)));
    }

    /// Moves the hook of [`HcSolver::on_round`] to `to`, which takes over the search.
    pub(super) fn hand_over_hook(&mut self, to: &mut HcSolver) {
        to.on_round = self.on_round.take();
    }

    /// Calls `f` with the counters after every SAT call (e.g. a progress spinner).
    pub fn on_round(&mut self, f: impl FnMut(&SolveStats) + 'static) {
        self.on_round = Some(Box::new(f));
    }

    /// Every Hamiltonian cycle must use the edge `a — b` (a directed graph: the arc `a → b` or
    /// `b → a`), as TSPLIB's FIXED_EDGES_SECTION says. Returns `false` (and adds nothing) when it
    /// is no edge (arc) of the graph.
    pub fn require(&mut self, a: u32, b: u32) -> bool {
        let lits: Vec<i32> = if self.directed {
            [self.var_of(a, b), self.var_of(b, a)]
                .into_iter()
                .flatten()
                .collect()
        } else {
            self.var_of(a, b).into_iter().collect()
        };
        if lits.is_empty() {
            return false;
        }
        self.sat.add_clause(lits);
        true
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
        if n <= DIRECT_MAX {
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
        if n <= DIRECT_MAX {
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
        if n <= DIRECT_MAX {
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
            (self.edges.get(i) == Some(&(a, b))).then_some(lit(i))
        } else {
            let (u, v) = (a.min(b), a.max(b));
            if u >= self.n {
                return None;
            }
            let lo = self.up_start[u as usize] as usize;
            let hi = self.up_start[u as usize + 1] as usize;
            let i = lo + self.edges[lo..hi].partition_point(|&(_, w)| w < v);
            (i < hi && self.edges[i] == (u, v)).then_some(lit(i))
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
        match self.next_cycle_within(u32::MAX)? {
            CutLoop::Cycle(tour) => Ok(Some(tour)),
            CutLoop::NoCycle => Ok(None),
            CutLoop::Unfinished => unreachable!("u32::MAX rounds end first in a cycle or none"),
        }
    }

    /// [`HcSolver::next_cycle`] for at most `rounds` SAT calls: [`CutLoop::Unfinished`] when they
    /// did not settle it. The escalation to the order encoding counts the rounds of every call
    /// of one search, so stopping and going on changes nothing but the moment.
    pub fn next_cycle_within(&mut self, rounds: u32) -> Result<CutLoop, Error> {
        self.cut_loop(rounds, false)
    }

    /// [`HcSolver::next_cycle`] in a slice of `checks` terminate checks in all (CaDiCaL's own
    /// work clock, see [`Budget`]): when they run out the slice ends with [`CutLoop::Unfinished`],
    /// and the next slice asks the interrupted question again with what CaDiCaL learned kept. So
    /// slices add up to one search that can be interleaved with another (as [`solve_graph`] does
    /// with the branching search), and where a slice stops does not depend on the machine.
    pub fn next_cycle_sliced(&mut self, checks: u64) -> Result<CutLoop, Error> {
        self.set_checks(Some(checks));
        let answer = self.cut_loop(u32::MAX, true);
        self.set_checks(None);
        answer
    }

    fn set_checks(&mut self, checks: Option<u64>) {
        if let Some(budget) = self.sat.get_callbacks() {
            budget.checks_left = checks;
        }
    }

    /// Whether a slice's checks are used up.
    fn slice_over(&mut self) -> bool {
        self.sat
            .get_callbacks()
            .is_some_and(|budget| budget.spent())
    }

    fn cut_loop(&mut self, rounds: u32, sliced: bool) -> Result<CutLoop, Error> {
        if self.done || self.n == 0 {
            return Ok(CutLoop::NoCycle);
        }
        for _ in 0..rounds {
            if self.rounds_here == ESCALATE_ROUNDS
                && !self.ordered
                && self.n <= ESCALATE_MAX_VERTICES
            {
                self.add_order_encoding();
            }
            self.rounds_here += 1;
            self.stats.rounds += 1;
            let answer = self.sat.solve();
            if let Some(f) = self.on_round.as_mut() {
                f(&self.stats);
            }
            match answer {
                Some(true) => {}
                Some(false) => {
                    self.done = true;
                    self.rounds_here = 0;
                    return Ok(CutLoop::NoCycle);
                }
                None if sliced
                    && self.slice_over()
                    && !crate::time_limit::passed(self.deadline) =>
                {
                    // The slice's bound, not the clock: the question is asked again next slice,
                    // so this call does not count towards the escalation.
                    self.rounds_here -= 1;
                    return Ok(CutLoop::Unfinished);
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
                self.rounds_here = 0;
                return Ok(CutLoop::Cycle(
                    cycles.into_iter().next().unwrap_or_default(),
                ));
            }
            for cycle in &cycles {
                self.cut(cycle);
            }
            if sliced && self.charge_round() {
                return Ok(CutLoop::Unfinished);
            }
        }
        Ok(CutLoop::Unfinished)
    }

    /// Charges a slice for a round's own work outside CaDiCaL (reading the model, finding its
    /// cycles, writing the cuts: `O(n + m)`) as [`ROUND_STEPS_PER_CHECK`]-step checks; true when
    /// that used the slice up. Without it a slice of many short SAT calls took far longer than
    /// its checks said: on FHCP graph350 a round of cuts alone costs about 0.9 ms, some 50
    /// checks' time, and once large graphs stopped escalating a slice of 1,000 checks ran for
    /// seconds beside a branching turn of a tenth of that.
    fn charge_round(&mut self) -> bool {
        let cost = ((self.n as usize + self.edges.len()) / ROUND_STEPS_PER_CHECK).max(1) as u64;
        self.sat
            .get_callbacks()
            .is_some_and(|budget| budget.charge(cost))
    }

    /// Makes the formula complete without cuts: every vertex gets a position (⌈log₂ n⌉ bits,
    /// vertex 0 at 0), and a used arc `u → v` with `v ≠ 0` says `pos(v) = pos(u) + 1` without
    /// overflow, so every cycle of the model passes through vertex 0 — there is only one. An
    /// undirected graph first gets an orientation: two arc variables per edge, exactly one out and
    /// one in per vertex. About `4·log₂ n` clauses per arc; added when the cut loop stalls (the
    /// FHCP graphs, built so that 2-factors split into few, ever-different cycles).
    pub fn add_order_encoding(&mut self) {
        if self.ordered {
            return;
        }
        self.ordered = true;
        self.stats.ordered = true;
        let n = self.n as usize;
        if n < 3 {
            return;
        }
        // Arcs (tail, head, literal).
        let mut arcs: Vec<(u32, u32, i32)> = Vec::with_capacity(2 * self.edges.len());
        if self.directed {
            for (i, &(a, b)) in self.edges.iter().enumerate() {
                arcs.push((a, b, lit(i)));
            }
        } else {
            let mut outs: Vec<Vec<i32>> = vec![Vec::new(); n];
            let mut ins: Vec<Vec<i32>> = vec![Vec::new(); n];
            for (i, &(a, b)) in self.edges.clone().iter().enumerate() {
                let e = lit(i);
                let (ab, ba) = (self.fresh(), self.fresh());
                self.sat.add_clause([-ab, e]);
                self.sat.add_clause([-ba, e]);
                self.sat.add_clause([-e, ab, ba]);
                self.sat.add_clause([-ab, -ba]);
                outs[a as usize].push(ab);
                ins[b as usize].push(ab);
                outs[b as usize].push(ba);
                ins[a as usize].push(ba);
                arcs.push((a, b, ab));
                arcs.push((b, a, ba));
            }
            for v in 0..n {
                self.exactly(&outs[v], 1);
                self.exactly(&ins[v], 1);
            }
        }
        let bits = (usize::BITS - (n - 1).leading_zeros()) as usize;
        // pos[v][b], carry[v][b] = pos[v][0] ∧ … ∧ pos[v][b−1] (carry[v][0] = true).
        let mut pos = vec![vec![0i32; bits]; n];
        let mut carry = vec![vec![0i32; bits + 1]; n];
        for v in 0..n {
            for p in pos[v].iter_mut() {
                *p = self.fresh();
            }
            let t = self.fresh();
            self.sat.add_clause([t]);
            carry[v][0] = t;
            for b in 0..bits {
                let c = self.fresh();
                let (p, q) = (carry[v][b], pos[v][b]);
                self.sat.add_clause([-c, p]);
                self.sat.add_clause([-c, q]);
                self.sat.add_clause([c, -p, -q]);
                carry[v][b + 1] = c;
            }
        }
        for &p in &pos[0] {
            self.sat.add_clause([-p]);
        }
        for &(u, v, x) in &arcs {
            let (u, v) = (u as usize, v as usize);
            if v == 0 {
                continue;
            }
            // No overflow, and pos[v] = pos[u] + 1 bit by bit.
            self.sat.add_clause([-x, -carry[u][bits]]);
            for b in 0..bits {
                let (pv, pu, c) = (pos[v][b], pos[u][b], carry[u][b]);
                self.sat.add_clause([-x, -pv, pu, c]);
                self.sat.add_clause([-x, -pv, -pu, -c]);
                self.sat.add_clause([-x, pv, -pu, c]);
                self.sat.add_clause([-x, pv, pu, -c]);
            }
        }
        self.stats.variables = (self.next_var - 1) as u32;
    }

    /// The cycles of the current model (each vertex has one successor / two chosen edges).
    fn model_cycles(&self) -> Vec<Vec<u32>> {
        let chosen = |i: usize| -> bool { self.sat.value(lit(i)).unwrap_or(false) };
        let edges = self.edges.iter().enumerate().filter(|&(i, _)| chosen(i));
        cycles_of(self.n as usize, edges.map(|(_, &e)| e), self.directed)
    }

    /// Adds "some arc leaves `cycle`" (undirected: some edge crosses it).
    fn cut(&mut self, cycle: &[u32]) {
        self.stamp += 1;
        for &v in cycle {
            self.mark[v as usize] = self.stamp;
        }
        let (mut out, mut inn) = (Vec::new(), Vec::new());
        for &v in cycle {
            for &i in &self.incident[v as usize] {
                let (a, b) = self.edges[i as usize];
                let w = if a == v { b } else { a };
                if self.mark[w as usize] == self.stamp {
                    continue;
                }
                if !self.directed || a == v {
                    out.push(lit(i as usize));
                } else {
                    inn.push(lit(i as usize));
                }
            }
        }
        self.stats.cuts += 1;
        if self.directed {
            self.sat.add_clause(out);
            self.sat.add_clause(inn);
            return;
        }
        // Undirected: some edge crosses. (Writing "an even number ≥ 2 cross" for small cuts was
        // measured slower on the FHCP graphs: more rounds, not fewer.)
        self.sat.add_clause(out);
    }
}

/// The cycles an undirected graph's degree-2 vertices make short, found before the search.
///
/// A vertex of degree 2 forces both its edges into every Hamiltonian cycle; chains of them form
/// **forced paths** whose two ends (degree ≥ 3, one forced edge each) must leave by exactly one
/// **free** edge (an edge with no degree-2 end). A vertex with no forced edge is a segment of its
/// own and leaves by two free edges. A cycle that alternates segments and free edges is a subgraph
/// every 2-factor may contain; if it has fewer than n vertices no Hamiltonian cycle contains it,
/// so "not all of its free edges" is valid.
///
/// In the contracted Sudoku graphs these are mostly the images of directed 2-cycles `u ⇄ v`
/// (`u.in — u.mid — u.out — v.in — v.mid — v.out`: two free edges between two forced paths), which
/// the directed formulation forbids with one binary clause each; without them the first 2-factor
/// of Royle's #1 splits into ~250 subtours, with them into ~30 (docs/hcp-solver.md).
///
/// Search: from each segment end `s`, depth-first over at most [`FREE_EDGES_MAX`] free edges,
/// visiting only segment ends above `s` (so each cycle is met from its least end), deduplicated
/// by its sorted free-edge set.
struct ShortCycles<'a> {
    g: &'a Graph,
    /// Edge index of each neighbour, parallel to `g.neighbours(v)` (both sorted).
    incident: &'a [Vec<u32>],
    /// Forced edges at each vertex (edges to degree-2 vertices; 2 for a degree-2 vertex).
    forced: Vec<u32>,
    /// For a forced-path end: the other end and the path's vertex count (`None`: not usable).
    exit: Vec<Option<(u32, u32)>>,
    on: Vec<bool>,
    used: Vec<usize>,
    found: std::collections::BTreeSet<Vec<usize>>,
    budget: usize,
}

impl<'a> ShortCycles<'a> {
    fn new(g: &'a Graph, incident: &'a [Vec<u32>], budget: usize) -> ShortCycles<'a> {
        let n = g.vertices() as usize;
        let forced: Vec<u32> = (0..g.vertices())
            .map(|v| {
                if g.degree(v) == 2 {
                    2
                } else {
                    g.neighbours(v)
                        .iter()
                        .filter(|&&w| g.degree(w) == 2)
                        .count() as u32
                }
            })
            .collect();
        let mut exit = vec![None; n];
        for v in 0..g.vertices() {
            if g.degree(v) < 3 || forced[v as usize] != 1 {
                continue;
            }
            let Some(&first) = g.neighbours(v).iter().find(|&&w| g.degree(w) == 2) else {
                continue;
            };
            let (mut prev, mut cur, mut len) = (v, first, 2u32);
            while g.degree(cur) == 2 && cur != v && (len as usize) <= n {
                let nb = g.neighbours(cur);
                let next = if nb[0] == prev { nb[1] } else { nb[0] };
                prev = cur;
                cur = next;
                len += 1;
            }
            if cur != v && g.degree(cur) >= 3 && forced[cur as usize] == 1 {
                exit[v as usize] = Some((cur, len));
            }
        }
        ShortCycles {
            g,
            incident,
            forced,
            exit,
            on: vec![false; n],
            used: Vec::new(),
            found: std::collections::BTreeSet::new(),
            budget,
        }
    }

    /// The segment entered at `v`: its exit and vertex count, if a cycle may pass through it.
    fn segment(&self, v: u32) -> Option<(u32, u32)> {
        match self.forced[v as usize] {
            _ if self.g.degree(v) < 3 => None,
            0 => Some((v, 1)),
            1 => self.exit[v as usize],
            _ => None,
        }
    }

    fn from(&mut self, s: u32) {
        let Some((leave, len)) = self.segment(s) else {
            return;
        };
        if leave < s {
            return;
        }
        self.on[s as usize] = true;
        self.on[leave as usize] = true;
        self.extend(s, leave, len);
        self.on[s as usize] = false;
        self.on[leave as usize] = false;
    }

    fn extend(&mut self, s: u32, v: u32, len: u32) {
        let g = self.g;
        for (i, &w) in g.neighbours(v).iter().enumerate() {
            if self.found.len() >= self.budget {
                return;
            }
            if g.degree(w) == 2 {
                continue;
            }
            let e = self.incident[v as usize][i] as usize;
            if self.used.contains(&e) {
                continue;
            }
            if w == s {
                if len >= 3 && (len as usize) < g.vertices() as usize {
                    let mut key = self.used.clone();
                    key.push(e);
                    key.sort_unstable();
                    self.found.insert(key);
                }
                continue;
            }
            if self.used.len() + 1 >= FREE_EDGES_MAX || w < s || self.on[w as usize] {
                continue;
            }
            let Some((out, add)) = self.segment(w) else {
                continue;
            };
            if out < s || (out != w && self.on[out as usize]) {
                continue;
            }
            self.used.push(e);
            self.on[w as usize] = true;
            self.on[out as usize] = true;
            self.extend(s, out, len + add);
            self.on[w as usize] = false;
            self.on[out as usize] = false;
            self.used.pop();
        }
    }
}

/// The instant `opts.time_limit` from now: the limit covers building the model too.
fn deadline_of(opts: &SolveOptions) -> Option<Instant> {
    opts.time_limit.map(|d| Instant::now() + d)
}

/// `Error::Timeout` when `deadline` has passed, read every 1,024th step of building a model (a
/// clock read per step would cost more than the step).
fn building(step: usize, deadline: Option<Instant>) -> Result<(), Error> {
    match deadline {
        Some(d) if step.is_multiple_of(1024) && Instant::now() >= d => Err(Error::Timeout(
            "the Hamiltonian-cycle model was not built within the time limit".into(),
        )),
        _ => Ok(()),
    }
}

/// A Hamiltonian cycle of `g`, or `None` when it has none ([`solve_graph`] without fixed edges).
pub fn hamiltonian_cycle_graph(g: &Graph, opts: &SolveOptions) -> Result<Option<Tour>, Error> {
    Ok(solve_graph(g, &[], opts, |_| {})?.tour)
}

/// Which step of [`solve_graph`] answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The reductions proved there is no cycle ([`presolve`]).
    Presolve,
    /// Rotation–extension found a cycle ([`posa`]).
    Heuristic,
    /// Edge branching with restarts found a cycle or explored its whole tree ([`branch`]).
    Branching,
    /// The exact SAT model answered.
    Exact,
    /// Splitting along small edge cuts answered ([`super::split::split_solve`]).
    Split,
    /// The exact model on the graph with its clusters folded answered ([`fold`]).
    Folded,
    /// The branching search on the configurations of the graph's hubs answered, or the
    /// reductions refuted every configuration ([`super::hubs`]).
    Hubs,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Presolve => "reductions",
            Method::Heuristic => "rotation-extension heuristic",
            Method::Branching => "branching with restarts",
            Method::Exact => "exact SAT model",
            Method::Split => "splitting along small cuts",
            Method::Folded => "folded clusters and the exact SAT model",
            Method::Hubs => "hub configurations and branching",
        }
    }
}

/// The answer of [`solve_graph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphAnswer {
    /// A Hamiltonian cycle, or `None`: proved to have none.
    pub tour: Option<Tour>,
    pub method: Method,
    /// Why there is none, when the reductions proved it.
    pub reason: Option<String>,
    /// Edges the reductions removed, and edges they found in every cycle.
    pub removed: usize,
    pub forced: usize,
    /// The exact model's counters (zero when it did not run).
    pub stats: SolveStats,
}

/// Hamiltonian cycle of an undirected graph, cheapest step first: the reductions of [`presolve`]
/// (forced edges, 2-connectivity, bipartite balance) may prove there is none; the bounded
/// rotation–extension heuristic ([`posa`]) answers dense graphs in milliseconds; the exact model
/// on the reduced graph, with the forced edges as unit clauses, gets `FIRST_CUT_ROUNDS` rounds
/// of cuts (enough for the alb graphs); then the branching search with restarts ([`branch`],
/// first bounded by about 0.1 s: enough for the small graphs built against path heuristics,
/// FHCP) and the exact model take turns, going on where each stopped, on slices that grow
/// `SLICE_GROWTH`-fold (the exact model's counted in CaDiCaL's terminate checks from
/// `FIRST_SLICE_CHECKS`, or `FIRST_SLICE_CHECKS_HUBS` beside hub configurations), until one
/// answers; between the first branching run and the turns, a
/// graph with small edge cuts is split along them ([`split_solve`](super::split::split_solve)),
/// or where that gives up, its clusters are folded ([`fold`]) and the turns' exact model works on
/// the folded graph; where a few hubs hold the graph together, the branching turns work on the
/// configurations of their quotient instead of the whole graph ([`super::hubs`]). `fixed` edges
/// (TSPLIB FIXED_EDGES) must be edges of `g` and are in the cycle returned. The time limit covers
/// the exact model, the branching search and the split's and the folding's questions (the first
/// two steps, and the hubs' configurations, are linear or bounded).
pub fn solve_graph(
    g: &Graph,
    fixed: &[(u32, u32)],
    opts: &SolveOptions,
    on_round: impl FnMut(&SolveStats) + 'static,
) -> Result<GraphAnswer, Error> {
    let deadline = deadline_of(opts);
    let reduced = match presolve(g, fixed) {
        Presolved::NoCycle(reason) => {
            return Ok(GraphAnswer {
                tour: None,
                method: Method::Presolve,
                reason: Some(reason),
                removed: 0,
                forced: 0,
                stats: SolveStats::default(),
            });
        }
        Presolved::Reduced(r) => r,
    };
    let mut answer = GraphAnswer {
        tour: None,
        method: Method::Heuristic,
        reason: None,
        removed: reduced.removed,
        forced: reduced.forced.len(),
        stats: SolveStats::default(),
    };
    let heuristic = PosaOptions {
        seed: PosaOptions::default().seed ^ opts.mixed_seed(),
        ..PosaOptions::default()
    };
    if let Some(tour) = posa(&reduced.graph, &heuristic)
        && uses_all(&tour, &reduced.forced)
    {
        answer.tour = Some(tour);
        return Ok(answer);
    }
    let mut solver = HcSolver::graph_until(&reduced.graph, deadline)?;
    for &(a, b) in &reduced.forced {
        solver.require(a, b);
    }
    solver.on_round(on_round);
    answer.method = Method::Exact;
    // A few rounds of cuts first: where they settle the graph (the alb instances take 3–7),
    // nothing else is needed.
    let first = solver.next_cycle_within(FIRST_CUT_ROUNDS);
    if settled(&mut answer, &solver, first)? {
        return Ok(answer);
    }
    // Then the two searches take turns on slices that grow fourfold: neither is good at every
    // graph (branching answers the cubic FHCP graphs of 2,000–4,000 vertices in seconds where
    // the exact model takes minutes; the exact model answers graphs with hubs or many forced
    // edges that branching never finishes), so together they take about as long as the better
    // one would alone, times a small factor. Both bounds count work (nodes, terminate checks),
    // not time: the answer is the same on every machine.
    //
    // The turns B0, E0, B1, E1, … (branching, exact) run as B0 alone, then E0 beside B1, E1
    // beside B2, and so on on two threads: within a pair the exact slice counts as first, as in
    // the sequence, so the answer is the one the sequence gives, in about the time of the
    // longer of the two rather than their sum. The first turn of branching runs alone because
    // it answers the small FHCP graphs in milliseconds, less than a thread's start.
    let mut branching = BranchOptions {
        seed: BranchOptions::default()
            .seed
            .wrapping_add(opts.mixed_seed()),
        ..BranchOptions::default()
    };
    let first = branch(&reduced.graph, &reduced.forced, &branching, deadline);
    if branched(&mut answer, first) {
        return Ok(answer);
    }
    // Then splitting along small edge cuts, where the graph has them: FHCP graph400 is 14 blocks
    // behind 2-edge cuts that neither search answered in 600 s, and 14 small questions (one path
    // through each block) answer it in about 3 s. Looking for cuts and finding none costs about
    // 14 ms on the cubic FHCP graphs of 2,000–3,500 vertices. The reduced graph lacks only edges in
    // no Hamiltonian cycle, so a cycle of it is one of `g`; the split knows nothing of `fixed`, so
    // graphs with fixed edges skip it.
    //
    // Where the split gave up (a quotient too large to walk, FHCP graph750), its clusters are
    // folded from the turn of `FOLD_FROM_CHECKS` on, each into one or two vertices with clauses
    // ([`fold`]), and the exact model of the turns works on the folded graph, equivalent and
    // smaller (graph750: 1,193 vertices of 4,336); the branching search stays on the whole graph.
    let mut folded: Option<Box<Folded>> = None;
    let mut to_fold = Vec::new();
    if fixed.is_empty() {
        let found = quotient_clusters(&reduced.graph);
        let grown = absorb(&reduced.graph, &found);
        match split_along(&reduced.graph, found, deadline)? {
            Split::Cycle(tour) => {
                answer.tour = Some(tour);
                answer.method = Method::Split;
                return Ok(answer);
            }
            Split::NoCycle => {
                answer.method = Method::Split;
                return Ok(answer);
            }
            Split::GaveUp => {}
        }
        to_fold = grown;
    }
    // Then the hubs, where a few vertices of very high degree hold the graph together (FHCP
    // graph500: five hubs of degree 57–1,128, which LKH-3 and `linkern` do not answer): each
    // configuration of their quotient is reduced on its own, and those the reductions do not
    // refute replace the whole graph in the branching turns (every cycle of the graph is a
    // cycle of one of them). Graphs without hubs, or with too many, have no configurations.
    let mut parts: Vec<Reduced> = Vec::new();
    if let Some(list) = configurations(&reduced.graph, hub_degree(&reduced.graph)) {
        for r in list {
            let mut must = r.fixed;
            must.extend_from_slice(&reduced.forced);
            must.sort_unstable();
            must.dedup();
            if must.iter().all(|&(a, b)| r.graph.has_edge(a, b))
                && let Presolved::Reduced(part) = presolve(&r.graph, &must)
            {
                parts.push(part);
            }
        }
        if parts.is_empty() {
            answer.method = Method::Hubs;
            return Ok(answer);
        }
    }
    let mut checks = if parts.is_empty() {
        FIRST_SLICE_CHECKS
    } else {
        FIRST_SLICE_CHECKS_HUBS
    };
    loop {
        if checks >= FOLD_FROM_CHECKS && !to_fold.is_empty() {
            match fold(&reduced.graph, &std::mem::take(&mut to_fold), deadline)? {
                Folding::Folded(f) => match f.solver(deadline)? {
                    Some(mut on_folded) => {
                        solver.hand_over_hook(&mut on_folded);
                        solver = on_folded;
                        folded = Some(f);
                        answer.method = Method::Folded;
                    }
                    None => {
                        answer.method = Method::Folded;
                        return Ok(answer);
                    }
                },
                Folding::NoCycle => {
                    answer.method = Method::Folded;
                    return Ok(answer);
                }
                Folding::Nothing => {}
            }
        }
        branching.work = branching.work.saturating_mul(SLICE_GROWTH);
        branching.seed = branching.seed.wrapping_add(1);
        let stop = AtomicBool::new(false);
        let next = branching;
        let (exact, beside) = std::thread::scope(|scope| {
            let (graph, forced, stop) = (&reduced.graph, &reduced.forced, &stop);
            let parts = &parts;
            let turn = move || {
                if parts.is_empty() {
                    (
                        branch_stoppable(graph, forced, &next, deadline, stop),
                        Vec::new(),
                    )
                } else {
                    branch_parts(parts, &next, deadline, stop)
                }
            };
            let helper = std::thread::Builder::new()
                .name("branching".into())
                .spawn_scoped(scope, turn);
            let exact = solver.next_cycle_sliced(checks);
            // The exact slice comes first: once it has settled the graph (or hit the deadline)
            // the branching beside it can only lose.
            if !matches!(exact, Ok(CutLoop::Unfinished)) {
                stop.store(true, Ordering::Relaxed);
            }
            let beside = match helper {
                Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                // No thread to be had: the same turn, after the exact one.
                Err(_) => turn(),
            };
            (exact, beside)
        });
        if settled(&mut answer, &solver, exact)? {
            if let (Some(f), Some(tour)) = (&folded, &answer.tour) {
                match f.unfold(&reduced.graph, tour) {
                    Some(t) => answer.tour = Some(t),
                    // A bug, kept from the user: the exact model starts again on the whole graph.
                    None => {
                        answer.tour = None;
                        answer.method = Method::Exact;
                        folded = None;
                        let mut whole = HcSolver::graph_until(&reduced.graph, deadline)?;
                        for &(a, b) in &reduced.forced {
                            whole.require(a, b);
                        }
                        solver.hand_over_hook(&mut whole);
                        solver = whole;
                        continue;
                    }
                }
            }
            return Ok(answer);
        }
        let (beside, refuted) = beside;
        if branched(&mut answer, beside) {
            if !parts.is_empty() {
                answer.method = Method::Hubs;
            }
            return Ok(answer);
        }
        // The configurations refuted in this turn are dropped (some are left: had every one been
        // refuted, the turn would have answered "none").
        for i in refuted.into_iter().rev() {
            parts.remove(i);
        }
        checks = checks.saturating_mul(SLICE_GROWTH);
    }
}

/// One turn of the branching search over the hub configurations not yet refuted (see
/// [`solve_graph`]), each with the turn's whole work bound, in order (fewest edges first): a
/// cycle of any of them is a cycle of the graph; "none" once every one is refuted. Also returns
/// the positions of those refuted in this turn, ascending.
fn branch_parts(
    parts: &[Reduced],
    opts: &BranchOptions,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> (Branched, Vec<usize>) {
    let mut refuted = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if stop.load(Ordering::Relaxed) || crate::time_limit::passed(deadline) {
            return (Branched::GaveUp, refuted);
        }
        match branch_stoppable(&part.graph, &part.forced, opts, deadline, stop) {
            Branched::Cycle(tour) => return (Branched::Cycle(tour), refuted),
            Branched::NoCycle => refuted.push(i),
            Branched::GaveUp => {}
        }
    }
    if refuted.len() == parts.len() {
        (Branched::NoCycle, refuted)
    } else {
        (Branched::GaveUp, refuted)
    }
}

/// Records in `answer` what a turn of branching gave: `true` when it settled the graph (a cycle,
/// or none), `false` when it gave up (at the deadline too: the exact model's next call reports
/// the timeout).
fn branched(answer: &mut GraphAnswer, turn: Branched) -> bool {
    match turn {
        Branched::Cycle(tour) => {
            answer.tour = Some(tour);
            answer.method = Method::Branching;
            true
        }
        Branched::NoCycle => {
            answer.method = Method::Branching;
            true
        }
        Branched::GaveUp => false,
    }
}

/// Records in `answer` what a call of the exact model gave: `true` when it settled the graph (a
/// cycle, or none), `false` when it stopped unfinished and the search goes on.
fn settled(
    answer: &mut GraphAnswer,
    solver: &HcSolver,
    step: Result<CutLoop, Error>,
) -> Result<bool, Error> {
    answer.stats = solver.stats();
    match step? {
        CutLoop::Cycle(tour) => {
            answer.tour = Some(tour);
            Ok(true)
        }
        CutLoop::NoCycle => Ok(true),
        CutLoop::Unfinished => Ok(false),
    }
}

/// Whether the cycle `tour` uses every edge of `edges`.
pub(super) fn uses_all(tour: &Tour, edges: &[(u32, u32)]) -> bool {
    let n = tour.len();
    let mut used: Vec<(u32, u32)> = (0..n)
        .map(|i| {
            let (a, b) = (tour[i], tour[(i + 1) % n]);
            (a.min(b), a.max(b))
        })
        .collect();
    used.sort_unstable();
    edges.iter().all(|e| used.binary_search(e).is_ok())
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
    let deadline = deadline_of(opts);
    let mut solver = match (chain.directed_target(), chain.undirected_target()) {
        (Some(d), _) => HcSolver::digraph_until(d, deadline)?,
        (_, Some(g)) => HcSolver::graph_until(g, deadline)?,
        _ => return Ok(result),
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A slice pays for each round's own work: on a 1,000-cycle (1,000 vertices and 1,000 edges,
    /// 20 checks a round) a slice of 100 checks is used up by exactly five rounds' work, and a
    /// search outside a slice (no budget of checks) is never stopped by it.
    #[test]
    fn rounds_are_charged_to_the_slice() {
        let n = 1000u32;
        let edges: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        let mut s = HcSolver::graph(&Graph::new(n, &edges));
        assert!(!s.charge_round(), "no slice, no charge");
        s.set_checks(Some(100));
        let charges = (1..=10).find(|_| s.charge_round());
        assert_eq!(charges, Some(5));
    }
}
