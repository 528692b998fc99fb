//! Puzzle models: generalised Sudoku, Suguru and puzzles given by their structure (Latin squares,
//! Sudoku variants, a user's own), their verification and cheap unsolvability checks.
//!
//! Nothing here knows of any target problem. Targets read a puzzle through its
//! [`Structure`]: cells, domains, a choice partition and at-most-once layers.

pub mod described;
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
pub use described::{Described, Family};
pub use structure::{Group, GroupKind, Structure};
pub use sudoku::{BlockLayout, Sudoku};
pub use suguru::Suguru;
pub use verify::{Violation, verify};

/// Any puzzle, for code (CLI, pipelines, formats) that handles them all the same way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Puzzle {
    Sudoku(Sudoku),
    Suguru(Suguru),
    /// Latin squares, Sudoku variants and described puzzles: see [`described`].
    Described(Described),
}

impl Puzzle {
    pub fn structure(&self) -> Structure {
        match self {
            Puzzle::Sudoku(p) => p.structure(),
            Puzzle::Suguru(p) => p.structure(),
            Puzzle::Described(p) => p.structure().clone(),
        }
    }
    pub fn givens(&self) -> &Grid {
        match self {
            Puzzle::Sudoku(p) => p.givens(),
            Puzzle::Suguru(p) => p.givens(),
            Puzzle::Described(p) => p.givens(),
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
    /// `"sudoku"`, `"suguru"`, or a described puzzle's [`Family::name`] (`"latin"`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Puzzle::Sudoku(_) => "sudoku",
            Puzzle::Suguru(_) => "suguru",
            Puzzle::Described(p) => p.family().name(),
        }
    }
    /// The size column of stats tables: `N` for Sudoku, Latin squares and Sudoku variants, `RxC`
    /// for Suguru and described puzzles.
    pub fn size_label(&self) -> String {
        match self {
            Puzzle::Sudoku(p) => p.n().to_string(),
            Puzzle::Suguru(p) => format!("{}x{}", p.rows(), p.cols()),
            Puzzle::Described(p) => p.size_label(),
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
            Puzzle::Described(p) => p.choice_map().to_vec(),
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
impl From<Described> for Puzzle {
    fn from(p: Described) -> Self {
        Puzzle::Described(p)
    }
}
