//! Puzzle models: generalised Sudoku and Suguru, their verification and cheap unsolvability checks.
//!
//! Nothing here knows of any target problem. Targets read a puzzle through its
//! [`Structure`]: cells, domains, a choice partition and at-most-once layers.

pub mod draw;
pub mod grid;
pub mod precheck;
pub mod structure;
pub mod sudoku;
pub mod suguru;
pub mod verify;

pub use grid::{Grid, cell_name};

/// The largest cell value, and so the largest Sudoku N and Suguru region: a cell holds one byte.
/// Every constructor refuses more ([`Sudoku::new`], [`Suguru::new`], `--blank`), so no
/// construction meets a value it cannot represent (a blank 256×256 was read, then written as an
/// unsatisfiable MiniZinc model with `var 1..255`).
pub const MAX_VALUE: usize = u8::MAX as usize;
pub use structure::{Group, GroupKind, Structure};
pub use sudoku::{BlockLayout, Sudoku};
pub use suguru::Suguru;
pub use verify::{Violation, verify};

/// Either puzzle, for code (CLI, pipelines, formats) that handles both the same way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Puzzle {
    Sudoku(Sudoku),
    Suguru(Suguru),
}

impl Puzzle {
    pub fn structure(&self) -> Structure {
        match self {
            Puzzle::Sudoku(p) => p.structure(),
            Puzzle::Suguru(p) => p.structure(),
        }
    }
    pub fn givens(&self) -> &Grid {
        match self {
            Puzzle::Sudoku(p) => p.givens(),
            Puzzle::Suguru(p) => p.givens(),
        }
    }
    pub fn rows(&self) -> usize {
        self.givens().rows()
    }
    pub fn cols(&self) -> usize {
        self.givens().cols()
    }
    pub fn clues(&self) -> usize {
        self.givens().filled()
    }
    /// `"sudoku"` or `"suguru"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Puzzle::Sudoku(_) => "sudoku",
            Puzzle::Suguru(_) => "suguru",
        }
    }
    /// The size column of stats tables: `N` for Sudoku, `RxC` for Suguru.
    pub fn size_label(&self) -> String {
        match self {
            Puzzle::Sudoku(p) => p.n().to_string(),
            Puzzle::Suguru(p) => format!("{}x{}", p.rows(), p.cols()),
        }
    }
    /// The grid the solution must fill, with the givens' shape.
    pub fn verify(&self, solution: &Grid) -> Vec<Violation> {
        verify(&self.structure(), self.givens(), solution)
    }
    /// Region (or block) id of each cell, for drawing borders.
    pub fn group_map(&self) -> Vec<u32> {
        match self {
            Puzzle::Sudoku(p) => p.layout().block_map().to_vec(),
            Puzzle::Suguru(p) => p.region_map().to_vec(),
        }
    }
}

impl From<Sudoku> for Puzzle {
    fn from(p: Sudoku) -> Self {
        Puzzle::Sudoku(p)
    }
}
impl From<Suguru> for Puzzle {
    fn from(p: Suguru) -> Self {
        Puzzle::Suguru(p)
    }
}
