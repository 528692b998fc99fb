//! Hamiltonian-cycle targets: graph types, the layered construction shared by Sudoku (Haythorpe) and
//! Suguru, clue arcs, the directed → undirected conversion, the triplet trick, degree-2 contraction.

pub mod graph;

pub use graph::{Digraph, Graph, Tour};
