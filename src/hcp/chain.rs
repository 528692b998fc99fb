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
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{Chain, DynStep, Reduction, Sizes, StepRecord, Steps};
use serde::Deserialize;
use std::sync::Arc;

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
        let mut layered = StepRecord::new("layered").with("share", self.share);
        // Only when set, so that the default chain's record is what it always was.
        if self.canonical {
            layered = layered.with("canonical", true);
        }
        let mut out = vec![layered];
        if self.clues {
            out.push(StepRecord::new("clues"));
        }
        if self.stage != Stage::Directed {
            out.push(StepRecord::new("undirect"));
            if self.trim {
                out.push(StepRecord::new("trim"));
            }
            if self.stage == Stage::Reduced {
                out.push(StepRecord::new("force").with("pointing", POINTING));
            }
            if matches!(self.stage, Stage::Contracted | Stage::Reduced) {
                out.push(StepRecord::new("contract"));
            }
        }
        out
    }

    /// Inverse of [`HcpOptions::steps`]: reads the steps in the order the chain runs them, each
    /// optional step present or not, each step's parameters through serde; fails on a list this
    /// module did not write, naming the first step that does not fit.
    pub fn from_steps(steps: &[StepRecord]) -> Result<HcpOptions, String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct LayeredParams {
            share: bool,
            #[serde(default)]
            canonical: bool,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct ForceParams {
            pointing: bool,
        }
        fn params<T: serde::de::DeserializeOwned>(step: &StepRecord) -> Result<T, String> {
            let map = serde_json::Map::from_iter(step.params.clone());
            serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| {
                // serde quotes the value it refused: keep a long one to a short excerpt.
                use crate::formats::tokens::{excerpt, excerpt_of};
                format!(
                    "step `{}`: {}",
                    excerpt(&step.step),
                    excerpt_of(&e.to_string(), 120)
                )
            })
        }
        let mut at = 0;
        // The next step when it is called `name`.
        let mut take = |name: &str| -> Option<&StepRecord> {
            let s = steps.get(at).filter(|s| s.step == name)?;
            at += 1;
            Some(s)
        };
        let layered = take("layered").ok_or("the first step is not `layered`")?;
        let LayeredParams { share, canonical } = params(layered)?;
        let clues = take("clues")
            .map(params::<serde::de::IgnoredAny>)
            .transpose()?;
        let mut options = HcpOptions {
            stage: Stage::Directed,
            trim: false,
            clues: clues.is_some(),
            share,
            canonical,
        };
        if take("undirect").is_some() {
            options.trim = take("trim").is_some();
            let force = take("force").map(params::<ForceParams>).transpose()?;
            if let Some(f) = &force
                && f.pointing != POINTING
            {
                return Err("step `force`: this gridreduce writes pointing: false".into());
            }
            let contract = take("contract").is_some();
            options.stage = match (force.is_some(), contract) {
                (true, true) => Stage::Reduced,
                (false, true) => Stage::Contracted,
                (false, false) => Stage::Undirected,
                (true, false) => return Err("step `force` without `contract`".into()),
            };
        }
        match steps.get(at) {
            None => Ok(options),
            Some(s) => Err(format!(
                "step {} `{}` is not where this gridreduce puts it",
                at + 1,
                crate::formats::tokens::excerpt(&s.step)
            )),
        }
    }
}

/// The built chain: the step values (for what only one step knows: the layout, the
/// contraction's paths, the reducer's verdict) and the same steps composed through the contract
/// (directed: the layered graph and the clue arcs; undirected: that, then the conversion, the
/// triplet trick, the forced edges and the contraction, each present or not).
pub struct HcpChain {
    layered: Arc<Layered>,
    clues: Option<Arc<ClueArcs>>,
    undirect: Option<Arc<Undirect>>,
    trim: Option<Arc<Trim>>,
    force: Option<Arc<Force>>,
    contract: Option<Arc<Contract>>,
    composed: Composed,
}

/// The chain as one reduction, directed or undirected.
pub enum Composed {
    Directed(Steps<Puzzle, Digraph>),
    Undirected(Chain<Steps<Puzzle, Digraph>, Steps<Digraph, Graph>>),
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
    let layered = Arc::new(Layered::with_variant(puzzle, opts.share, opts.canonical)?);
    let clues = opts.clues.then(|| {
        Arc::new(ClueArcs::new(
            layered.target(),
            layered.layout().clone(),
            puzzle.givens(),
        ))
    });
    let directed = Steps {
        head: layered.clone() as DynStep<Puzzle, Digraph>,
        tail: clues
            .iter()
            .map(|c| c.clone() as DynStep<Digraph, Digraph>)
            .collect(),
    };
    if opts.stage == Stage::Directed {
        return Ok(HcpChain {
            layered,
            clues,
            undirect: None,
            trim: None,
            force: None,
            contract: None,
            composed: Composed::Directed(directed),
        });
    }
    let undirect = Arc::new(Undirect::new(directed.target()));
    let trim = opts
        .trim
        .then(|| Arc::new(Trim::new(undirect.target(), layered.layout())));
    let pre = match &trim {
        Some(t) => t.target(),
        None => undirect.target(),
    };
    let force = (opts.stage == Stage::Reduced).then(|| {
        Arc::new(reducer(
            puzzle,
            layered.layout(),
            pre,
            trim.as_deref(),
            POINTING,
        ))
    });
    let contract = match (&force, opts.stage) {
        (Some(f), _) => Some(Arc::new(Contract::new(f.target()))),
        (None, Stage::Contracted) => Some(Arc::new(Contract::new(pre))),
        _ => None,
    };
    let mut tail: Vec<DynStep<Graph, Graph>> = Vec::new();
    if let Some(t) = &trim {
        tail.push(t.clone());
    }
    if let Some(f) = &force {
        tail.push(f.clone());
    }
    if let Some(c) = &contract {
        tail.push(c.clone());
    }
    Ok(HcpChain {
        composed: Composed::Undirected(Chain {
            first: directed,
            second: Steps {
                head: undirect.clone(),
                tail,
            },
        }),
        layered,
        clues,
        undirect: Some(undirect),
        trim,
        force,
        contract,
    })
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
    if let Some(pre) = chain.pre_contract_target() {
        // The contraction measured, not built (`contract::measure`).
        let c = contract::measure(pre);
        s.contracted_vertices = Some(c.vertices);
        s.contracted_edges = Some(c.edges);
        s.contracted_solved = Some(c.outcome == Outcome::Solved);
        s.contracted_infeasible = Some(matches!(c.outcome, Outcome::NotHamiltonian(_)));
        // Sizes only: the reducer's graphs are not built (see `force::measure`); without the
        // triplet trick the propagation runs on the digraph, a third of the size.
        let m = match chain.trim.as_deref() {
            None => {
                let (arcs, contradiction) =
                    match Deductions::new(&puzzle.structure(), puzzle.givens(), POINTING) {
                        Some(d) => (forced_arcs(chain.layout(), &d), d.contradiction),
                        None => (Vec::new(), false),
                    };
                measure_directed(chain.directed_graph(), &arcs, contradiction)
            }
            Some(t) => {
                let (edges, contradiction) =
                    singles_edges(puzzle, chain.layout(), Some(t), POINTING);
                measure(pre, &edges, contradiction.is_some())
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
    /// The directed graph the chain exports or converts (after the clue arcs when removed).
    pub fn directed_graph(&self) -> &Digraph {
        match &self.composed {
            Composed::Directed(d) => d.target(),
            Composed::Undirected(u) => u.first.target(),
        }
    }

    /// The last undirected graph before the reducer and the contraction.
    fn pre_contract_target(&self) -> Option<&Graph> {
        match (&self.trim, &self.undirect) {
            (Some(t), _) => Some(t.target()),
            (None, Some(u)) => Some(u.target()),
            (None, None) => None,
        }
    }

    /// The layered construction (first step).
    pub fn layered(&self) -> &Layered {
        &self.layered
    }
    /// The clue-arc step, when the redundant clue arcs are removed.
    pub fn clues(&self) -> Option<&ClueArcs> {
        self.clues.as_deref()
    }
    /// The triplet trick, when applied.
    pub fn trim(&self) -> Option<&Trim> {
        self.trim.as_deref()
    }
    /// The reducer's forced-edge step (`reduced` stage).
    pub fn force(&self) -> Option<&Force> {
        self.force.as_deref()
    }
    /// The contraction (`contracted` and `reduced` stages).
    pub fn contract(&self) -> Option<&Contract> {
        self.contract.as_deref()
    }
    /// The chain as one reduction.
    pub fn composed(&self) -> &Composed {
        &self.composed
    }

    /// The vertex numbering of the layered graph.
    pub fn layout(&self) -> &Layout {
        self.layered.layout()
    }

    /// The puzzle the chain was built for.
    pub fn puzzle(&self) -> &Puzzle {
        self.layered.puzzle()
    }

    /// The options that build this chain again.
    pub fn options(&self) -> HcpOptions {
        let stage = if self.undirect.is_none() {
            Stage::Directed
        } else if self.force.is_some() {
            Stage::Reduced
        } else if self.contract.is_some() {
            Stage::Contracted
        } else {
            Stage::Undirected
        };
        HcpOptions {
            stage,
            trim: self.trim.is_some(),
            clues: self.clues.is_some(),
            share: self.layered.share(),
            canonical: self.canonical(),
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
        match &self.composed {
            Composed::Directed(d) => Some(d.target()),
            Composed::Undirected(_) => None,
        }
    }
    pub fn undirected_target(&self) -> Option<&Graph> {
        match &self.composed {
            Composed::Directed(_) => None,
            Composed::Undirected(u) => Some(u.target()),
        }
    }
    /// Vertices of the final target.
    pub fn vertices(&self) -> u32 {
        match &self.composed {
            Composed::Directed(d) => d.target().vertices(),
            Composed::Undirected(u) => u.target().vertices(),
        }
    }
    /// Arcs or edges of the final target.
    pub fn edges(&self) -> usize {
        match &self.composed {
            Composed::Directed(d) => d.target().arc_count(),
            Composed::Undirected(u) => u.target().edge_count(),
        }
    }

    /// What contraction (or the reducer) decided, when the chain contracts.
    pub fn outcome(&self) -> Option<&Outcome> {
        match (&self.force, &self.contract) {
            (Some(f), Some(c)) => Some(reduced_outcome(f, c)),
            (None, Some(c)) => Some(c.outcome()),
            _ => None,
        }
    }

    /// The Hamiltonian cycle of the final target when contraction (or the reducer) solved the
    /// instance.
    pub fn solved_tour(&self) -> Option<Tour> {
        if self.outcome() != Some(&Outcome::Solved) {
            return None;
        }
        self.contract.as_ref()?.solved_tour()
    }

    /// The Hamiltonian cycle of the final target that `solution` determines.
    pub fn witness(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        match &self.composed {
            Composed::Directed(d) => d.witness(solution),
            Composed::Undirected(u) => u.witness(solution),
        }
    }

    /// The grid a tour of the final target encodes; `CertificateError` for anything that is not a
    /// Hamiltonian cycle of the final target.
    pub fn extract(&self, tour: &Tour) -> Result<Grid, CertificateError> {
        match &self.composed {
            Composed::Directed(d) => d.extract(tour),
            Composed::Undirected(u) => u.extract(tour),
        }
    }

    /// Name and sizes of every stage built.
    pub fn stage_sizes(&self) -> Vec<(&'static str, Sizes)> {
        match &self.composed {
            Composed::Directed(d) => d.stages(),
            Composed::Undirected(u) => u.stages(),
        }
    }

    /// Declared-versus-built size mismatches of every stage (empty when every formula holds).
    pub fn declared_mismatches(&self) -> Vec<String> {
        match &self.composed {
            Composed::Directed(d) => d.declared_mismatches(),
            Composed::Undirected(u) => u.declared_mismatches(),
        }
    }

    /// The round trip of `solution` after **every** step of this chain: each step's witness is
    /// a valid certificate of its target and lifts back to `solution` through all steps so far;
    /// every declared size formula holds.
    pub fn round_trip(&self, solution: &Grid) -> Result<Sizes, String> {
        let lift = |g: &Grid| Ok(g.clone());
        let sizes = match &self.composed {
            Composed::Directed(d) => {
                d.round_trip_each(solution, &lift, solution)?;
                d.sizes()
            }
            Composed::Undirected(u) => {
                let w = u.first.round_trip_each(solution, &lift, solution)?;
                let back = |t: &Tour| u.first.extract(t);
                u.second.round_trip_each(&w, &back, solution)?;
                u.sizes()
            }
        };
        let mismatches = self.declared_mismatches();
        if !mismatches.is_empty() {
            return Err(format!("size formulas disagree: {}", mismatches.join("; ")));
        }
        Ok(sizes)
    }

    /// The stats row.
    pub fn stats(&self) -> HcpStats {
        let dt = self.directed_graph();
        let removed =
            self.layered.removed_arcs() + self.clues.as_ref().map_or(0, |c| c.removed_arcs());
        let mut s = HcpStats {
            directed_vertices: dt.vertices() as u64,
            directed_edges: dt.arc_count() as u64,
            structure_edges: self.layered.structure_arcs(),
            removed_arcs: removed,
            ..HcpStats::default()
        };
        if let Some(u) = &self.undirect {
            let g = u.target();
            let t = self.layout().triplets();
            s.undirected_vertices = Some(g.vertices() as u64);
            s.undirected_edges = Some(g.edge_count() as u64);
            match &self.trim {
                Some(tr) => {
                    s.trimmed_vertices = Some(tr.target().vertices() as u64);
                    s.trimmed_edges = Some(tr.target().edge_count() as u64);
                }
                None => {
                    s.trimmed_vertices = Some(g.vertices() as u64 - t);
                    s.trimmed_edges = Some(g.edge_count() as u64 - t);
                }
            }
            match (&self.force, &self.contract) {
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
        if self.undirect.is_none() {
            return layout.label(v);
        }
        let undirected = |w: u32| -> String {
            let w = match &self.trim {
                Some(t) => match t.source_id(w) {
                    Some(w) => w,
                    None => return format!("?{w}"),
                },
                None => w,
            };
            format!("{}.{}", layout.label(w / 3), part_name(w))
        };
        match &self.contract {
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
        if !self.directed_graph().has_arc(a, b) {
            return EdgeImage::Absent;
        }
        if self.undirect.is_none() {
            return EdgeImage::Edge(a, b);
        }
        let (mut p, mut q) = arc_edge(a, b);
        if let Some(t) = &self.trim {
            match (t.target_id(p), t.target_id(q)) {
                (Some(p2), Some(q2)) => (p, q) = (p2, q2),
                _ => return EdgeImage::Absent,
            }
        }
        if let Some(f) = &self.force
            && !f.target().has_edge(p, q)
        {
            return EdgeImage::Absent;
        }
        match &self.contract {
            Some(c) => c.edge_image(p, q),
            None => EdgeImage::Edge(p, q),
        }
    }
}
