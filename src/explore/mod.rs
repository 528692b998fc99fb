//! The reduction explorer's model: one puzzle's Hamiltonian-cycle instance at every stage of the
//! chain, with a structural layout, the solution's cycle and how that cycle decodes back into the
//! grid, ready to be serialised as JSON for the static page in `assets/explorer/`
//! (`gridreduce explore`, `docs/explorer.md`).
//!
//! Everything here is computed from the construction itself: the graphs, labels and cycles come
//! from [`crate::hcp::chain`], the positions from the layered graph's vertex roles
//! ([`layout::place`]), and the decode order from the cycle (the step at which the walk uses the
//! edge that says "cell `c` holds `k`", [`HcpChain::value_image`]). Nothing is drawn from the
//! solution directly except the cycle's witness.

pub mod assets;
pub mod cnf;
pub mod layout;
pub mod stage;

use crate::error::Error;
use crate::hcp::chain::{HcpChain, HcpOptions, Stage};
use crate::puzzle::{Grid, Puzzle};
pub use cnf::{CnfView, cnf_view};
pub use layout::{Canvas, Label, Placement, place};
pub use stage::{ClueArc, DecodeStep, Node, StageView, stage_view};

/// The stages the explorer shows, in chain order.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum ExploreStage {
    /// The directed layered graph, clue arcs removed.
    Directed,
    /// Its undirected conversion (three vertices per directed vertex).
    Undirected,
    /// Undirected with the triplet trick.
    Trimmed,
    /// Undirected after the paper's degree-2 rules.
    Contracted,
    /// Undirected after the puzzle's singles, forced edges and contraction.
    Reduced,
    /// The canonical variant's directed graph (one Hamiltonian cycle per solution).
    Canonical,
}

impl ExploreStage {
    pub const ALL: [ExploreStage; 6] = [
        ExploreStage::Directed,
        ExploreStage::Undirected,
        ExploreStage::Trimmed,
        ExploreStage::Contracted,
        ExploreStage::Reduced,
        ExploreStage::Canonical,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ExploreStage::Directed => "directed",
            ExploreStage::Undirected => "undirected",
            ExploreStage::Trimmed => "trimmed",
            ExploreStage::Contracted => "contracted",
            ExploreStage::Reduced => "reduced",
            ExploreStage::Canonical => "canonical",
        }
    }

    /// The chain options that build this stage (the defaults of `reduce --to hcp` otherwise:
    /// clue arcs removed, Suguru layers shared).
    pub fn options(self) -> HcpOptions {
        let base = HcpOptions {
            trim: false,
            ..HcpOptions::default()
        };
        match self {
            ExploreStage::Directed => HcpOptions {
                stage: Stage::Directed,
                ..base
            },
            ExploreStage::Undirected => HcpOptions {
                stage: Stage::Undirected,
                ..base
            },
            ExploreStage::Trimmed => HcpOptions {
                stage: Stage::Undirected,
                trim: true,
                ..base
            },
            ExploreStage::Contracted => HcpOptions {
                stage: Stage::Contracted,
                ..base
            },
            ExploreStage::Reduced => HcpOptions {
                stage: Stage::Reduced,
                ..base
            },
            ExploreStage::Canonical => HcpOptions {
                stage: Stage::Directed,
                canonical: true,
                ..base
            },
        }
    }
}

/// One row of the size table: every stage, whether or not its graph is in the model.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SizeRow {
    pub stage: &'static str,
    pub vertices: usize,
    /// Arcs (directed stages) or edges.
    pub edges: usize,
    pub directed: bool,
}

/// The whole page's data.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Model {
    pub name: String,
    pub kind: &'static str,
    pub rows: usize,
    pub cols: usize,
    /// Givens, row-major, 0 = empty.
    pub givens: Vec<u8>,
    /// The solution whose cycle is shown.
    pub solution: Vec<u8>,
    /// Block or region of every cell (for the grid's thick borders).
    pub region: Vec<u32>,
    pub canvas: Canvas,
    pub sizes: Vec<SizeRow>,
    pub stages: Vec<StageView>,
    /// The CNF panel (`explore --to cnf`): the formula's clauses by cell, with the witness.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cnf: Option<CnfView>,
}

/// Which puzzles the explorer draws: `Ok(None)` when fine, `Ok(Some(warning))` when large
/// (9×9 Sudoku: about 5,000 to 15,000 vertices per stage), `Err(why)` when too large to be readable.
pub fn size_check(puzzle: &Puzzle) -> Result<Option<String>, String> {
    let (r, c) = (puzzle.rows(), puzzle.cols());
    match puzzle {
        Puzzle::Sudoku(_) if r <= 6 => Ok(None),
        Puzzle::Sudoku(_) if r <= 9 => Ok(Some(format!(
            "a {r}×{c} Sudoku has thousands of vertices per stage: the page is large and slow to draw"
        ))),
        Puzzle::Sudoku(_) => Err(format!(
            "a {r}×{c} Sudoku is too large to draw (the explorer takes Sudoku up to 9×9)"
        )),
        Puzzle::Suguru(_) if r <= 6 && c <= 6 => Ok(None),
        Puzzle::Suguru(_) => Err(format!(
            "a {r}×{c} Suguru is too large to draw (the explorer takes Suguru up to 6×6)"
        )),
        Puzzle::Described(d) if r <= 6 && c <= 6 => Ok(None),
        Puzzle::Described(d) if r <= 9 && c <= 9 => Ok(Some(format!(
            "a {r}×{c} {} has thousands of vertices per stage: the page is large and slow to draw",
            d.family().name()
        ))),
        Puzzle::Described(d) => Err(format!(
            "a {r}×{c} {} is too large to draw (the explorer takes described puzzles up to 9×9)",
            d.family().name()
        )),
    }
}

/// The model of `puzzle` with the cycle of `solution` at each of `stages` (the size table always
/// lists all six). Fails when a stage cannot be built or `solution` is not a solution.
pub fn model(
    name: &str,
    puzzle: &Puzzle,
    solution: &Grid,
    stages: &[ExploreStage],
) -> Result<Model, Error> {
    let violations = puzzle.verify(solution);
    if let Some(v) = violations.first() {
        return Err(Error::Unsolvable(format!(
            "{name}: the grid to show is not a solution ({} broken at cells {:?})",
            v.rule(),
            v.cells()
        )));
    }
    let chains = ExploreStage::ALL
        .into_iter()
        .map(|stage| Ok((stage, crate::hcp::chain::build(puzzle, &stage.options())?)))
        .collect::<Result<Vec<(ExploreStage, HcpChain)>, Error>>()?;
    // The clue arcs are removed from the directed graph: the directed stage's for the stages
    // built on it, the canonical stage's for the canonical variant.
    let directed_graph = |canonical: bool| {
        let wanted = if canonical {
            ExploreStage::Canonical
        } else {
            ExploreStage::Directed
        };
        chains
            .iter()
            .find(|(s, _)| *s == wanted)
            .and_then(|(_, c)| c.directed_target())
            .ok_or_else(|| Error::Usage(format!("no {} graph", wanted.name())))
    };
    let mut sizes = Vec::new();
    let mut views = Vec::new();
    for (stage, chain) in &chains {
        sizes.push(SizeRow {
            stage: stage.name(),
            vertices: chain.vertices() as usize,
            edges: chain.edges(),
            directed: chain.directed_target().is_some(),
        });
        if stages.contains(stage) {
            let directed = directed_graph(chain.canonical())?;
            views.push(stage_view(*stage, chain, solution, directed)?);
        }
    }
    // One canvas for all stages: the layout reserves the canonical variant's link row.
    let canvas = place(chains[0].1.layout(), true).canvas;
    Ok(Model {
        name: name.to_string(),
        kind: puzzle.kind(),
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        givens: puzzle.givens().cells().to_vec(),
        solution: solution.cells().to_vec(),
        region: puzzle.group_map(),
        canvas,
        sizes,
        stages: views,
        cnf: None,
    })
}
