//! The explorer's CNF panel (`gridreduce explore --to cnf`): the formula `reduce --to cnf` writes
//! for the puzzle, each clause with its literals named by cell and value, indexed by the cells it
//! mentions, next to the witness of the shown solution. Hovering a cell then lists the clauses
//! that constrain it and marks the literal that satisfies each — the CNF counterpart of lighting
//! a cell's gadget in the graph.
//!
//! Built from [`PuzzleToCnf`] itself, so the clauses are exactly those of the DIMACS export with
//! the same encoding (`tests/explore.rs` compares them with `reduce --to cnf`).

use crate::error::Error;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::Reduction;
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};

/// What the page needs to list a cell's clauses.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CnfView {
    /// The encoding's name (`extended`, `compact`, …).
    pub encoding: &'static str,
    pub variables: u32,
    /// `names[x - 1]`: what variable `x` means, `r2c5#7` = "r2c5 holds 7".
    pub names: Vec<String>,
    /// The clauses as DIMACS literals, in the export's order.
    pub clauses: Vec<Vec<i32>>,
    /// `by_cell[c]`: indices of the clauses that mention a variable of cell `c`.
    pub by_cell: Vec<Vec<u32>>,
    /// `witness[x - 1]`: the value of variable `x` in the solution's witness.
    pub witness: Vec<bool>,
}

/// The CNF view of `puzzle` in `encoding` (the route's default when `None`), givens as unit
/// clauses (not simplified: every cell keeps its variables, so every cell has clauses to show),
/// with the witness of `solution`. Small for the puzzles the explorer takes ([`super::size_check`]):
/// a 9×9 Sudoku's extended formula has about 12,000 clauses and 26,000 literals.
pub fn cnf_view(
    puzzle: &Puzzle,
    solution: &Grid,
    encoding: Option<Encoding>,
) -> Result<CnfView, Error> {
    let options = CnfOptions {
        encoding: encoding.unwrap_or(Encoding::default_for(puzzle)),
        simplify: false,
    };
    let step = PuzzleToCnf::new(puzzle, options)?;
    let cnf = step.target();
    let mut names = vec![String::new(); cnf.vars() as usize];
    let mut cell_of = vec![0u32; cnf.vars() as usize];
    for (x, cell, value) in step.variables() {
        names[x as usize - 1] = step.describe(cell, value);
        cell_of[x as usize - 1] = cell as u32;
    }
    let mut by_cell = vec![Vec::new(); puzzle.rows() * puzzle.cols()];
    for (i, clause) in cnf.clauses().enumerate() {
        let mut cells: Vec<u32> = clause
            .iter()
            .map(|l| cell_of[l.unsigned_abs() as usize - 1])
            .collect();
        cells.sort_unstable();
        cells.dedup();
        for c in cells {
            by_cell[c as usize].push(i as u32);
        }
    }
    let witness = step
        .witness(solution)
        .map_err(|e| Error::Unsolvable(format!("the grid to show has no CNF witness: {e}")))?;
    Ok(CnfView {
        encoding: options.encoding.name(),
        variables: cnf.vars(),
        names,
        clauses: cnf.clauses().map(<[i32]>::to_vec).collect(),
        by_cell,
        witness,
    })
}
