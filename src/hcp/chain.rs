//! The public entry point: puzzle → Hamiltonian-cycle instance at a chosen stage, as one reduction
//! chain, with the sizes of every stage, vertex labels, the chain description for `.map` files and
//! the target literals that encode each cell value (for enumerating distinct grids).
//!
//! Stages (each a [`Reduction`], composed in this order):
//!
//! 1. `layered` — [`Layered`]: the directed layered graph (Haythorpe's for Sudoku), givens enforced
//!    by the choice arcs, sets (1)–(2);
//! 2. `clues` — [`ClueArcs`] (option `clues`): the redundant clue arcs, sets (3)–(16);
//! 3. `undirect` — [`Undirect`]: directed → undirected (`3i−2, 3i−1, 3i`);
//! 4. `trim` — [`Trim`] (option `trim`): the triplet trick;
//! 5. `contract` — [`Contract`]: the paper's two degree-2 rules to a fixpoint;
//!
//! or, for the `reduced` stage, instead of 5:
//!
//! 5. `force` — [`Force`]: removes what the puzzle's singles force ([`super::singles`]) and
//!    propagates forced edges to a fixpoint ([`super::force`]);
//! 6. `contract` — [`Contract`] of the result (its forced paths become single vertices).
//!
//! ```
//! use gridreduce::hcp::chain::{build, HcpOptions, Stage};
//! use gridreduce::puzzle::{Puzzle, Sudoku};
//! let puzzle = Puzzle::from(Sudoku::blank(4));
//! let opts = HcpOptions { stage: Stage::Undirected, ..HcpOptions::default() };
//! let chain = build(&puzzle, &opts).unwrap();
//! let stats = chain.stats();
//! assert_eq!((stats.directed_vertices, stats.directed_edges), (474, 1258));
//! assert_eq!(stats.undirected_vertices, Some(1422));
//! assert_eq!(chain.label(0), "s.in");
//! ```

use super::clues::ClueArcs;
use super::contract::{self, Contract, EdgeImage, Outcome};
use super::force::{Force, measure, measure_directed};
use super::graph::{Digraph, Graph, Tour};
use super::layered::{Layered, Layout};
use super::singles::{Deductions, forced_arcs};
use super::trim::Trim;
use super::undirect::{Undirect, arc_edge, part_name};
use crate::error::{CertificateError, Error};
use crate::formats::map::StepRecord;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{DynReduction, Reduction, Sizes};
use std::collections::BTreeMap;

/// How far the chain goes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The directed layered graph (after the clue arcs when `clues`).
    Directed,
    /// The undirected conversion (triplet trick when `trim`).
    Undirected,
    /// The undirected graph after the degree-2 rules.
    Contracted,
    /// The undirected graph after the puzzle's singles, forced-edge propagation and contraction
    /// (`docs/hcp-reducer.md`).
    Reduced,
}

/// Which steps to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HcpOptions {
    pub stage: Stage,
    /// Apply the triplet trick (undirected stages only).
    pub trim: bool,
    /// Remove the redundant clue arcs, sets (3)–(16) (the givens are always enforced).
    pub clues: bool,
    /// Suguru: keep cells only in the layers whose constraints need them
    /// ([`share_layers`](super::layered::share_layers)); no effect on Sudoku.
    pub share: bool,
    /// Start from the canonical variant of the layered graph ([`super::canonical`]): exactly
    /// one Hamiltonian cycle per solution.
    pub canonical: bool,
}

impl Default for HcpOptions {
    /// The smallest graph: contracted (without the triplet trick: contraction removes more when
    /// the triplet middles are still there — Royle's 17-clue list, median 9,525 vertices against
    /// 9,818 with the trick), with the clue arcs removed.
    fn default() -> Self {
        HcpOptions {
            stage: Stage::Contracted,
            trim: false,
            clues: true,
            share: true,
            canonical: false,
        }
    }
}

impl HcpOptions {
    /// From a CLI stage name: `directed`, `undirected`, `trimmed` (undirected + trim) or
    /// `contracted` or `reduced`; `trim` adds the triplet trick to an undirected stage.
    pub fn from_stage_name(name: &str, trim: bool) -> Result<HcpOptions, Error> {
        let (stage, trim) = match name {
            "directed" => (Stage::Directed, false),
            "undirected" => (Stage::Undirected, trim),
            "trimmed" => (Stage::Undirected, true),
            "contracted" => (Stage::Contracted, trim),
            "reduced" => (Stage::Reduced, trim),
            other => {
                return Err(Error::Usage(format!(
                    "unknown stage `{other}` (directed, undirected, trimmed, contracted, reduced)"
                )));
            }
        };
        Ok(HcpOptions {
            stage,
            trim,
            clues: true,
            share: true,
            canonical: false,
        })
    }

    /// The steps these options run, as recorded in `.map` files.
    pub fn steps(&self) -> Vec<StepRecord> {
        let step = |name: &str| StepRecord {
            step: name.to_string(),
            params: BTreeMap::new(),
        };
        let mut layered = step("layered");
        layered
            .params
            .insert("share".into(), serde_json::Value::Bool(self.share));
        // Only when set, so that the default chain's record is what it always was.
        if self.canonical {
            layered
                .params
                .insert("canonical".into(), serde_json::Value::Bool(true));
        }
        let mut out = vec![layered];
        if self.clues {
            out.push(step("clues"));
        }
        if self.stage != Stage::Directed {
            out.push(step("undirect"));
            if self.trim {
                out.push(step("trim"));
            }
            if self.stage == Stage::Reduced {
                let mut force = step("force");
                force
                    .params
                    .insert("pointing".into(), serde_json::Value::Bool(POINTING));
                out.push(force);
            }
            if matches!(self.stage, Stage::Contracted | Stage::Reduced) {
                out.push(step("contract"));
            }
        }
        out
    }

    /// Inverse of [`HcpOptions::steps`]: fails on a step list this module did not write.
    pub fn from_steps(steps: &[StepRecord]) -> Result<HcpOptions, Error> {
        for stage in [
            Stage::Directed,
            Stage::Undirected,
            Stage::Contracted,
            Stage::Reduced,
        ] {
            for bits in 0..16u8 {
                let options = HcpOptions {
                    stage,
                    trim: bits & 1 != 0 && stage != Stage::Directed,
                    clues: bits & 2 != 0,
                    share: bits & 4 != 0,
                    canonical: bits & 8 != 0,
                };
                if options.steps() == steps {
                    return Ok(options);
                }
            }
        }
        let names: Vec<&str> = steps.iter().map(|s| s.step.as_str()).collect();
        Err(Error::Usage(format!(
            "not a Hamiltonian-cycle chain gridreduce writes: {}",
            names.join(", ")
        )))
    }
}

/// Directed stages: layered graph, optionally without the redundant clue arcs.
pub struct DirectedChain {
    pub layered: Layered,
    pub clues: Option<ClueArcs>,
}

impl Reduction for DirectedChain {
    type Source = Puzzle;
    type Target = Digraph;
    fn name(&self) -> &'static str {
        match &self.clues {
            Some(c) => c.name(),
            None => self.layered.name(),
        }
    }
    fn target(&self) -> &Digraph {
        match &self.clues {
            Some(c) => c.target(),
            None => self.layered.target(),
        }
    }
    fn witness(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        let tour = self.layered.witness(solution)?;
        match &self.clues {
            Some(c) => c.witness(&tour),
            None => Ok(tour),
        }
    }
    fn extract(&self, tour: &Tour) -> Result<Grid, CertificateError> {
        match &self.clues {
            Some(c) => self.layered.extract(&c.extract(tour)?),
            None => self.layered.extract(tour),
        }
    }
    fn sizes(&self) -> Sizes {
        match &self.clues {
            Some(c) => c.sizes(),
            None => self.layered.sizes(),
        }
    }
    fn declared_sizes(&self) -> Sizes {
        match &self.clues {
            Some(c) => c.declared_sizes(),
            None => self.layered.declared_sizes(),
        }
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        let mut out = self.layered.stages();
        if let Some(c) = &self.clues {
            out.extend(c.stages());
        }
        out
    }
    fn declared_mismatches(&self) -> Vec<String> {
        let mut out = self.layered.declared_mismatches();
        if let Some(c) = &self.clues {
            out.extend(c.declared_mismatches());
        }
        out
    }
}

/// Undirected stages: the directed chain, the conversion, optionally the triplet trick, the
/// reducer's forced-edge step and the contraction.
pub struct UndirectedChain {
    pub directed: DirectedChain,
    pub undirect: Undirect,
    pub trim: Option<Trim>,
    /// The `reduced` stage's singles and forced-edge step (before `contract`).
    pub force: Option<Force>,
    pub contract: Option<Contract>,
}

impl UndirectedChain {
    /// The last undirected step before contraction, as a reduction over graphs.
    fn pre_contract_target(&self) -> &Graph {
        match &self.trim {
            Some(t) => t.target(),
            None => self.undirect.target(),
        }
    }
}

impl Reduction for UndirectedChain {
    type Source = Puzzle;
    type Target = Graph;
    fn name(&self) -> &'static str {
        if let Some(c) = &self.contract {
            c.name()
        } else if let Some(f) = &self.force {
            f.name()
        } else if let Some(t) = &self.trim {
            t.name()
        } else {
            self.undirect.name()
        }
    }
    fn target(&self) -> &Graph {
        match (&self.contract, &self.force) {
            (Some(c), _) => c.target(),
            (None, Some(f)) => f.target(),
            (None, None) => self.pre_contract_target(),
        }
    }
    fn witness(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        let mut tour = self.undirect.witness(&self.directed.witness(solution)?)?;
        if let Some(t) = &self.trim {
            tour = t.witness(&tour)?;
        }
        if let Some(f) = &self.force {
            tour = f.witness(&tour)?;
        }
        if let Some(c) = &self.contract {
            tour = c.witness(&tour)?;
        }
        Ok(tour)
    }
    fn extract(&self, tour: &Tour) -> Result<Grid, CertificateError> {
        let mut tour = tour.clone();
        if let Some(c) = &self.contract {
            tour = c.extract(&tour)?;
        }
        if let Some(f) = &self.force {
            tour = f.extract(&tour)?;
        }
        if let Some(t) = &self.trim {
            tour = t.extract(&tour)?;
        }
        self.directed.extract(&self.undirect.extract(&tour)?)
    }
    fn sizes(&self) -> Sizes {
        if let Some(c) = &self.contract {
            c.sizes()
        } else if let Some(f) = &self.force {
            f.sizes()
        } else if let Some(t) = &self.trim {
            t.sizes()
        } else {
            self.undirect.sizes()
        }
    }
    fn declared_sizes(&self) -> Sizes {
        if let Some(c) = &self.contract {
            c.declared_sizes()
        } else if let Some(f) = &self.force {
            f.declared_sizes()
        } else if let Some(t) = &self.trim {
            t.declared_sizes()
        } else {
            self.undirect.declared_sizes()
        }
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        let mut out = self.directed.stages();
        out.extend(self.undirect.stages());
        if let Some(t) = &self.trim {
            out.extend(t.stages());
        }
        if let Some(f) = &self.force {
            out.extend(f.stages());
        }
        if let Some(c) = &self.contract {
            out.extend(c.stages());
        }
        out
    }
    fn declared_mismatches(&self) -> Vec<String> {
        let mut out = self.directed.declared_mismatches();
        out.extend(self.undirect.declared_mismatches());
        if let Some(t) = &self.trim {
            out.extend(t.declared_mismatches());
        }
        if let Some(f) = &self.force {
            out.extend(f.declared_mismatches());
        }
        if let Some(c) = &self.contract {
            out.extend(c.declared_mismatches());
        }
        out
    }
}

/// The built chain: directed or undirected target.
#[allow(clippy::large_enum_variant)] // built once per puzzle; boxing would only add indirection
pub enum HcpChain {
    Directed(DirectedChain),
    Undirected(UndirectedChain),
}

/// The built chain as a boxed reduction, for code that only needs the contract.
pub enum HcpReduction {
    Directed(DynReduction<Puzzle, Digraph>),
    Undirected(DynReduction<Puzzle, Graph>),
}

/// Sizes of every stage, the columns of `gridreduce stats`. Stages not built are `None`, except
/// the trimmed sizes, which follow exactly from the undirected ones (one vertex and one edge fewer
/// per triplet) and are filled whenever the undirected graph is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HcpStats {
    /// Vertices of the directed graph (`6N³+5N²+2N+2` for Sudoku).
    pub directed_vertices: u64,
    /// Arcs of the directed graph as exported: after all clue arcs were removed.
    pub directed_edges: u64,
    /// Arcs of the construction before any clue arc was removed (`19N³+2N²+2N+2` for Sudoku).
    pub structure_edges: u64,
    /// All clue arcs removed: sets (1)–(2) (enforcing) plus (3)–(16) when `clues`.
    pub removed_arcs: u64,
    pub undirected_vertices: Option<u64>,
    pub undirected_edges: Option<u64>,
    pub trimmed_vertices: Option<u64>,
    pub trimmed_edges: Option<u64>,
    pub contracted_vertices: Option<u64>,
    pub contracted_edges: Option<u64>,
    /// Contraction alone left a single cycle.
    pub contracted_solved: Option<bool>,
    /// Contraction proved the graph has no Hamiltonian cycle.
    pub contracted_infeasible: Option<bool>,
    /// The `reduced` stage (singles, forced edges, contraction), when built.
    pub reduced_vertices: Option<u64>,
    pub reduced_edges: Option<u64>,
    /// The reducer alone left a single cycle.
    pub reduced_solved: Option<bool>,
    /// The reducer proved the graph (and the puzzle) has no Hamiltonian cycle (no solution).
    pub reduced_infeasible: Option<bool>,
}

/// Builds the chain for `puzzle`. Fails only when the structure cannot be encoded (no check layer
/// with cells of several values; more vertices than `u32` ids).
pub fn build(puzzle: &Puzzle, opts: &HcpOptions) -> Result<HcpChain, Error> {
    let layered = Layered::with_variant(puzzle, opts.share, opts.canonical)?;
    let clues = opts
        .clues
        .then(|| ClueArcs::new(layered.target(), layered.layout().clone(), puzzle.givens()));
    let directed = DirectedChain { layered, clues };
    if opts.stage == Stage::Directed {
        return Ok(HcpChain::Directed(directed));
    }
    let undirect = Undirect::new(directed.target());
    let trim = opts
        .trim
        .then(|| Trim::new(undirect.target(), directed.layered.layout()));
    let pre = match &trim {
        Some(t) => t.target(),
        None => undirect.target(),
    };
    let force = (opts.stage == Stage::Reduced).then(|| {
        reducer(
            puzzle,
            directed.layered.layout(),
            pre,
            trim.as_ref(),
            POINTING,
        )
    });
    let contract = match (&force, opts.stage) {
        (Some(f), _) => Some(Contract::new(f.target())),
        (None, Stage::Contracted) => Some(Contract::new(pre)),
        _ => None,
    };
    Ok(HcpChain::Undirected(UndirectedChain {
        directed,
        undirect,
        trim,
        force,
        contract,
    }))
}

/// Whether the reducer's deductions include the pointing rule besides naked and hidden singles.
pub const POINTING: bool = false;

/// The `reduced` stage's forced-edge step on `graph` (the undirected graph of `layout`, trimmed
/// by `trim` when given): the images of the arcs the puzzle's deductions rule out
/// ([`forced_arcs`]), then the forced-edge propagation.
pub fn reducer(
    puzzle: &Puzzle,
    layout: &Layout,
    graph: &Graph,
    trim: Option<&Trim>,
    pointing: bool,
) -> Force {
    let (edges, contradiction) = singles_edges(puzzle, layout, trim, pointing);
    Force::new(graph, &edges, contradiction)
}

/// The undirected images of the arcs the puzzle's deductions rule out (unsorted, with repeats),
/// and the contradiction the deductions found, if any.
fn singles_edges(
    puzzle: &Puzzle,
    layout: &Layout,
    trim: Option<&Trim>,
    pointing: bool,
) -> (Vec<(u32, u32)>, Option<String>) {
    let Some(d) = Deductions::new(&puzzle.structure(), puzzle.givens(), pointing) else {
        return (Vec::new(), None);
    };
    let edges = forced_arcs(layout, &d)
        .into_iter()
        .filter_map(|(a, b)| {
            let (p, q) = arc_edge(a, b);
            match trim {
                Some(t) => Some((t.target_id(p)?, t.target_id(q)?)),
                None => Some((p, q)),
            }
        })
        .collect();
    let contradiction = d
        .contradiction
        .then(|| "the puzzle's singles reach a contradiction: it has no solution".to_string());
    (edges, contradiction)
}

/// Sizes of every stage through contraction and the reducer (the `stats` row of one puzzle);
/// `trim` chooses whether both start from the trimmed graph. The graph is built once: the
/// contraction and the reducer both start from the same undirected graph.
pub fn stats(puzzle: &Puzzle, trim: bool) -> Result<HcpStats, Error> {
    let chain = build(
        puzzle,
        &HcpOptions {
            stage: Stage::Undirected,
            trim,
            ..HcpOptions::default()
        },
    )?;
    let mut s = chain.stats();
    if let HcpChain::Undirected(u) = &chain {
        // The contraction measured, not built (`contract::measure`).
        let c = contract::measure(u.pre_contract_target());
        s.contracted_vertices = Some(c.vertices);
        s.contracted_edges = Some(c.edges);
        s.contracted_solved = Some(c.outcome == Outcome::Solved);
        s.contracted_infeasible = Some(matches!(c.outcome, Outcome::NotHamiltonian(_)));
        // Sizes only: the reducer's graphs are not built (see `force::measure`); without the
        // triplet trick the propagation runs on the digraph, a third of the size.
        let m = match &u.trim {
            None => {
                let (arcs, contradiction) =
                    match Deductions::new(&puzzle.structure(), puzzle.givens(), POINTING) {
                        Some(d) => (forced_arcs(chain.layout(), &d), d.contradiction),
                        None => (Vec::new(), false),
                    };
                measure_directed(u.directed.target(), &arcs, contradiction)
            }
            Some(t) => {
                let (edges, contradiction) =
                    singles_edges(puzzle, chain.layout(), Some(t), POINTING);
                measure(u.pre_contract_target(), &edges, contradiction.is_some())
            }
        };
        s.reduced_vertices = Some(m.vertices);
        s.reduced_edges = Some(m.edges);
        s.reduced_solved = Some(m.solved);
        s.reduced_infeasible = Some(m.infeasible);
    }
    Ok(s)
}

/// The `reduced_*` fields from the reducer's two steps.
fn fill_reduced(s: &mut HcpStats, force: &Force, contract: &Contract) {
    s.reduced_vertices = Some(contract.target().vertices() as u64);
    s.reduced_edges = Some(contract.target().edge_count() as u64);
    let outcome = reduced_outcome(force, contract);
    s.reduced_solved = Some(*outcome == Outcome::Solved);
    s.reduced_infeasible = Some(matches!(outcome, Outcome::NotHamiltonian(_)));
}

/// What the reducer decided: the propagation's proof of infeasibility, else the contraction's
/// verdict.
fn reduced_outcome<'a>(force: &'a Force, contract: &'a Contract) -> &'a Outcome {
    match force.outcome() {
        Outcome::NotHamiltonian(_) => force.outcome(),
        _ => contract.outcome(),
    }
}

impl HcpChain {
    fn directed(&self) -> &DirectedChain {
        match self {
            HcpChain::Directed(d) => d,
            HcpChain::Undirected(u) => &u.directed,
        }
    }

    /// The vertex numbering of the layered graph.
    pub fn layout(&self) -> &Layout {
        self.directed().layered.layout()
    }

    /// The puzzle the chain was built for.
    pub fn puzzle(&self) -> &Puzzle {
        self.directed().layered.puzzle()
    }

    /// The options that build this chain again.
    pub fn options(&self) -> HcpOptions {
        match self {
            HcpChain::Directed(d) => HcpOptions {
                stage: Stage::Directed,
                trim: false,
                clues: d.clues.is_some(),
                share: d.layered.share(),
                canonical: self.canonical(),
            },
            HcpChain::Undirected(u) => HcpOptions {
                stage: if u.force.is_some() {
                    Stage::Reduced
                } else if u.contract.is_some() {
                    Stage::Contracted
                } else {
                    Stage::Undirected
                },
                trim: u.trim.is_some(),
                clues: u.directed.clues.is_some(),
                share: u.directed.layered.share(),
                canonical: self.canonical(),
            },
        }
    }

    /// Whether the chain starts from the canonical variant ([`super::canonical`]).
    pub fn canonical(&self) -> bool {
        self.layout().is_canonical()
    }

    /// The chain as recorded in a `.map` file.
    pub fn steps(&self) -> Vec<StepRecord> {
        self.options().steps()
    }

    pub fn directed_target(&self) -> Option<&Digraph> {
        match self {
            HcpChain::Directed(d) => Some(d.target()),
            HcpChain::Undirected(_) => None,
        }
    }
    pub fn undirected_target(&self) -> Option<&Graph> {
        match self {
            HcpChain::Directed(_) => None,
            HcpChain::Undirected(u) => Some(u.target()),
        }
    }
    /// Vertices of the final target.
    pub fn vertices(&self) -> u32 {
        match self {
            HcpChain::Directed(d) => d.target().vertices(),
            HcpChain::Undirected(u) => u.target().vertices(),
        }
    }
    /// Arcs or edges of the final target.
    pub fn edges(&self) -> usize {
        match self {
            HcpChain::Directed(d) => d.target().arc_count(),
            HcpChain::Undirected(u) => u.target().edge_count(),
        }
    }

    /// What contraction (or the reducer) decided, when the chain contracts.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            HcpChain::Undirected(UndirectedChain {
                force: Some(f),
                contract: Some(c),
                ..
            }) => Some(reduced_outcome(f, c)),
            HcpChain::Undirected(UndirectedChain {
                contract: Some(c), ..
            }) => Some(c.outcome()),
            _ => None,
        }
    }

    /// The Hamiltonian cycle of the final target when contraction (or the reducer) solved the
    /// instance.
    pub fn solved_tour(&self) -> Option<Tour> {
        if self.outcome() != Some(&Outcome::Solved) {
            return None;
        }
        match self {
            HcpChain::Undirected(UndirectedChain {
                contract: Some(c), ..
            }) => c.solved_tour(),
            _ => None,
        }
    }

    /// The Hamiltonian cycle of the final target that `solution` determines.
    pub fn witness(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        match self {
            HcpChain::Directed(d) => d.witness(solution),
            HcpChain::Undirected(u) => u.witness(solution),
        }
    }

    /// The grid a tour of the final target encodes; `CertificateError` for anything that is not a
    /// Hamiltonian cycle of the final target.
    pub fn extract(&self, tour: &Tour) -> Result<Grid, CertificateError> {
        match self {
            HcpChain::Directed(d) => d.extract(tour),
            HcpChain::Undirected(u) => u.extract(tour),
        }
    }

    /// Name and sizes of every stage built.
    pub fn stage_sizes(&self) -> Vec<(&'static str, Sizes)> {
        match self {
            HcpChain::Directed(d) => d.stages(),
            HcpChain::Undirected(u) => u.stages(),
        }
    }

    /// Declared-versus-built size mismatches of every stage (empty when every formula holds).
    pub fn declared_mismatches(&self) -> Vec<String> {
        match self {
            HcpChain::Directed(d) => d.declared_mismatches(),
            HcpChain::Undirected(u) => u.declared_mismatches(),
        }
    }

    /// The stats row.
    pub fn stats(&self) -> HcpStats {
        let d = self.directed();
        let dt = d.target();
        let removed = d.layered.removed_arcs() + d.clues.as_ref().map_or(0, |c| c.removed_arcs());
        let mut s = HcpStats {
            directed_vertices: dt.vertices() as u64,
            directed_edges: dt.arc_count() as u64,
            structure_edges: d.layered.structure_arcs(),
            removed_arcs: removed,
            ..HcpStats::default()
        };
        if let HcpChain::Undirected(u) = self {
            let g = u.undirect.target();
            let t = self.layout().triplets();
            s.undirected_vertices = Some(g.vertices() as u64);
            s.undirected_edges = Some(g.edge_count() as u64);
            match &u.trim {
                Some(tr) => {
                    s.trimmed_vertices = Some(tr.target().vertices() as u64);
                    s.trimmed_edges = Some(tr.target().edge_count() as u64);
                }
                None => {
                    s.trimmed_vertices = Some(g.vertices() as u64 - t);
                    s.trimmed_edges = Some(g.edge_count() as u64 - t);
                }
            }
            match (&u.force, &u.contract) {
                (Some(f), Some(c)) => fill_reduced(&mut s, f, c),
                (None, Some(c)) => {
                    s.contracted_vertices = Some(c.target().vertices() as u64);
                    s.contracted_edges = Some(c.target().edge_count() as u64);
                    s.contracted_solved = Some(*c.outcome() == Outcome::Solved);
                    s.contracted_infeasible =
                        Some(matches!(c.outcome(), Outcome::NotHamiltonian(_)));
                }
                _ => {}
            }
        }
        s
    }

    /// Readable label of a vertex of the final target: `x[1,2,3,1]` (directed),
    /// `x[1,2,3,1].out` (undirected), `v[1,1].out..r[1,2].in` for a contracted path (its two ends).
    pub fn label(&self, v: u32) -> String {
        let layout = self.layout();
        match self {
            HcpChain::Directed(_) => layout.label(v),
            HcpChain::Undirected(u) => {
                let undirected = |w: u32| -> String {
                    let w = match &u.trim {
                        Some(t) => match t.source_id(w) {
                            Some(w) => w,
                            None => return format!("?{w}"),
                        },
                        None => w,
                    };
                    format!("{}.{}", layout.label(w / 3), part_name(w))
                };
                match &u.contract {
                    None => undirected(v),
                    Some(c) => {
                        let path = c.path(v);
                        match path.as_slice() {
                            [] => format!("?{v}"),
                            [one] => undirected(*one),
                            [first, .., last] => {
                                format!("{}..{}", undirected(*first), undirected(*last))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The literal of the final target that says "cell `cell` holds `value`": the image of the arc
    /// `x⁰[cell,value,1] → e⁰[cell]` (`x[i,j,k,1] → v[i,j]`). A grid's cycles all use the images of
    /// its values, and a cycle using them decodes to that grid, so "not all of these" blocks exactly
    /// one grid. `Forced` images hold in every cycle; `Absent` ones in none.
    pub fn value_image(&self, cell: usize, value: u8) -> EdgeImage {
        let layout = self.layout();
        let s = layout.structure();
        if cell >= s.cells() || value == 0 || value > s.domain[cell] {
            return EdgeImage::Absent;
        }
        let Some(&first) = layout.copies(cell).first() else {
            // A cell in no layer has a single value (one-cell region): nothing to choose.
            return EdgeImage::Forced;
        };
        let first = first as usize;
        let (a, b) = if !layout.is_canonical() {
            (layout.x(first, cell, value, 1), layout.e(first, cell))
        } else if s.domain[cell] < 2 {
            return EdgeImage::Forced;
        } else {
            // The entry `b[g,k] → λ[c,k]`: used exactly by the cycles in which `c` holds `k`.
            let g = s.choice_of[cell] as usize;
            (layout.b(g, value), layout.link(cell, value))
        };
        let d = self.directed();
        if !d.target().has_arc(a, b) {
            return EdgeImage::Absent;
        }
        match self {
            HcpChain::Directed(_) => EdgeImage::Edge(a, b),
            HcpChain::Undirected(u) => {
                let (mut p, mut q) = arc_edge(a, b);
                if let Some(t) = &u.trim {
                    match (t.target_id(p), t.target_id(q)) {
                        (Some(p2), Some(q2)) => (p, q) = (p2, q2),
                        _ => return EdgeImage::Absent,
                    }
                }
                if let Some(f) = &u.force
                    && !f.target().has_edge(p, q)
                {
                    return EdgeImage::Absent;
                }
                match &u.contract {
                    Some(c) => c.edge_image(p, q),
                    None => EdgeImage::Edge(p, q),
                }
            }
        }
    }

    /// The boxed reduction.
    pub fn into_reduction(self) -> HcpReduction {
        match self {
            HcpChain::Directed(d) => HcpReduction::Directed(Box::new(d)),
            HcpChain::Undirected(u) => HcpReduction::Undirected(Box::new(u)),
        }
    }
}

/// Round trip through the chain of `opts` (for the registry).
pub fn round_trip(puzzle: &Puzzle, solution: &Grid, opts: &HcpOptions) -> Result<Sizes, String> {
    let chain = build(puzzle, opts).map_err(|e| e.to_string())?;
    match &chain {
        HcpChain::Directed(d) => crate::reduce::harness::round_trip(d, solution),
        HcpChain::Undirected(u) => crate::reduce::harness::round_trip(u, solution),
    }
}

/// The round trip at **every** stage of one build (contracted, trimmed, clue arcs removed):
/// after each step the witness of `solution` is a valid certificate of that step's target and
/// extracts back to `solution` through all steps so far; every declared size formula holds.
/// One build instead of five keeps the registry test fast.
/// `canonical`: the same through the canonical variant.
pub fn staged_round_trip(
    puzzle: &Puzzle,
    solution: &Grid,
    canonical: bool,
) -> Result<Sizes, String> {
    use crate::reduce::Problem;
    let every_step = HcpOptions {
        stage: Stage::Contracted,
        trim: true,
        clues: true,
        share: true,
        canonical,
    };
    let chain = build(puzzle, &every_step).map_err(|e| e.to_string())?;
    let HcpChain::Undirected(u) = &chain else {
        return Err("the full chain is undirected".into());
    };
    let (Some(clues), Some(trim), Some(contract)) = (&u.directed.clues, &u.trim, &u.contract)
    else {
        return Err("the full chain has every step".into());
    };
    let layered = &u.directed.layered;
    let fail = |stage: &str, what: &str, e: String| format!("{stage}: {what}: {e}");
    let back = |stage: &str, grid: Result<Grid, CertificateError>| -> Result<(), String> {
        match grid {
            Ok(g) if &g == solution => Ok(()),
            Ok(g) => Err(format!("{stage}: extract(witness(s)) != s: got {g:?}")),
            Err(e) => Err(fail(stage, "extract failed", e.to_string())),
        }
    };
    let w0 = layered
        .witness(solution)
        .map_err(|e| fail("layered", "witness failed", e.to_string()))?;
    layered
        .target()
        .check(&w0)
        .map_err(|e| fail("layered", "witness invalid", e.to_string()))?;
    back("layered", layered.extract(&w0))?;
    let w1 = clues
        .witness(&w0)
        .map_err(|e| fail("clues", "witness failed", e.to_string()))?;
    clues
        .target()
        .check(&w1)
        .map_err(|e| fail("clues", "witness invalid", e.to_string()))?;
    back("clues", u.directed.extract(&w1))?;
    let w2 = u
        .undirect
        .witness(&w1)
        .map_err(|e| fail("undirect", "witness failed", e.to_string()))?;
    u.undirect
        .target()
        .check(&w2)
        .map_err(|e| fail("undirect", "witness invalid", e.to_string()))?;
    back(
        "undirect",
        u.undirect.extract(&w2).and_then(|t| u.directed.extract(&t)),
    )?;
    let w3 = trim
        .witness(&w2)
        .map_err(|e| fail("trim", "witness failed", e.to_string()))?;
    trim.target()
        .check(&w3)
        .map_err(|e| fail("trim", "witness invalid", e.to_string()))?;
    back(
        "trim",
        trim.extract(&w3)
            .and_then(|t| u.undirect.extract(&t))
            .and_then(|t| u.directed.extract(&t)),
    )?;
    let w4 = contract
        .witness(&w3)
        .map_err(|e| fail("contract", "witness failed", e.to_string()))?;
    contract
        .target()
        .check(&w4)
        .map_err(|e| fail("contract", "witness invalid", e.to_string()))?;
    back("contract", u.extract(&w4))?;
    let mismatches = chain.declared_mismatches();
    if !mismatches.is_empty() {
        return Err(format!("size formulas disagree: {}", mismatches.join("; ")));
    }
    Ok(u.sizes())
}
