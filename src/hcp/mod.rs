//! Hamiltonian-cycle targets: graph types, the layered construction shared by Sudoku (Haythorpe) and
//! Suguru, clue arcs, the directed → undirected conversion, the triplet trick, degree-2 contraction,
//! the reducer of the `reduced` stage (puzzle singles and forced edges), the chain that composes
//! them and an exact solver.
//!
//! Entry points: [`chain::build`] (puzzle → graph at a stage, with labels, sizes and decoding;
//! `HcpOptions::canonical` starts from the canonical variant, one cycle per solution: [`canonical`]),
//! [`solve::HcSolver`] (Hamiltonian cycles of any graph), [`solve::grids`] (distinct grids through
//! the chain). The construction and its proofs: `docs/hcp-construction.md`.

pub mod branch;
pub mod canonical;
pub mod chain;
pub mod clues;
pub mod contract;
pub mod fold;
pub mod force;
pub mod graph;
pub mod hubs;
pub mod layered;
pub mod lowlink;
pub mod posa;
pub mod presolve;
pub mod singles;
pub mod solve;
pub mod split;
pub mod trim;
pub mod two_cuts;
pub mod undirect;

pub use chain::{HcpChain, HcpOptions, HcpStats, Stage, build};
pub use graph::{Digraph, Graph, Tour};
