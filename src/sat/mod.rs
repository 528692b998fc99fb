//! Puzzle → CNF (SAT) and in-process solving with CaDiCaL.
//!
//! Variable `x(c, v)` means "cell `c` holds value `v`", for `v` in the cell's range `1..=d(c)`
//! (Sudoku: `d = N`, so `N³` variables; Suguru: the size of the cell's region). Numbering is cell by
//! cell, value by value: `x(c, v) = first(c) + v`.
//!
//! # The encodings
//!
//! Written once against the puzzle's [`Structure`](crate::puzzle::Structure) (cells, choice
//! groups = Sudoku blocks / Suguru regions, layers of at-most-once groups = Sudoku rows and columns /
//! Suguru 2×2 windows), except `paper`, which is Suguru's by definition. Givens are unit clauses.
//!
//! * **minimal** (Lynce & Ouaknine 2006): every cell holds a value (`x(c,1) ∨ … ∨ x(c,d)`), and in
//!   every group no value twice (`¬x(a,v) ∨ ¬x(b,v)` for each pair of the group's cells). Blank
//!   N×N Sudoku: `N² + 3N²·C(N,2)` clauses. It has no "at most one value per cell" clause, yet
//!   every model puts exactly one value in each cell: a group of `N` cells with `N` values, each
//!   value at most once, each cell at least one, leaves no room for a second value (pigeonhole; the
//!   same holds in a Suguru region).
//! * **efficient**: minimal + `¬x(c,v) ∨ ¬x(c,w)` per cell: `N² + 4N²·C(N,2)`.
//! * **extended**: efficient + every exact group (Sudoku: every row, column and block; Suguru:
//!   every region and every 2×2 window that must hold 1..4) holds every value:
//!   `4N² + 4N²·C(N,2)` (9×9: 8,829 / 11,745 / 11,988 clauses — checked as declared sizes).
//! * **paper** (Suguru only): the encoding of Butrahandisya, Arzaki & Wulandari's Suguru SAT paper
//!   exactly as their `codes/solver.cpp` (repository `abcqwq/suguru-sat`) builds it: `m·n·sMax`
//!   variables (every cell gets `sMax` = largest region size variables, those above its region's
//!   size unused); φ1 cell exactly-one (pairwise at-most-one, then at-least-one); φ2 each region
//!   holds each of its values at least once; φ3 for each *ordered* pair of touching cells (eight
//!   directions) and each value of the *first* cell's range, "not both" — so every touching pair
//!   appears twice, pairs inside a region included, and a value above the second cell's range
//!   meets one of its unused variables; givens as units. Clauses:
//!   `Σ_cells (C(s,2)+1) + Σ_regions s + Σ_ordered touching (c,d) s(c) + clues`.
//! * **compact** (ours): cell exactly-one, each choice group holds each value at least once, and
//!   "not both" only for pairs of cells that share a layer group but not a choice group, each
//!   unordered pair once, only for values both cells allow. Pairs inside a region need no clause:
//!   a region of `s` cells that holds each of `1..s` at least once, one value per cell, holds each
//!   exactly once. On the 10×10 Suguru this has about 44% of the paper's clauses (docs/sat-ilp.md).
//!
//! `--simplify` ([`simplify`]) applies the givens at encoding time (Kwon & Jain).
//!
//! # Worked example
//!
//! The 4×4 Sudoku `1...|..2.|.3..|...4` (rows separated by `|`), **efficient**: 64 variables,
//! `x(r1c1, v) = v`, `x(r1c2, v) = 4 + v`, …; 16 cell clauses such as `1 2 3 4 0`, 96 cell pairs
//! such as `-1 -2 0`, 288 group pairs (`-1 -5 0`: r1c1 and r1c2 are not both 1), and the four
//! units `1 0`, `26 0` (r2c3#2: cell 6, 4·6 + 2), `39 0`, `64 0` — 404 clauses = 16 + 4·16·6 + 4.
//! With `--simplify` the 4 givens fix 4 true and 4·3 + 4·7 false variables (the cell's other values,
//! the same value in the cell's row, column and block), which leaves 20 variables.
//!
//! # Certificates
//!
//! A certificate of a [`Cnf`] is an [`Assignment`]: `Vec<bool>` with `assignment[v - 1]` the value
//! of variable `v`. The witness of a solution sets `x(c, v)` true iff the grid holds `v` in `c`
//! (`paper`'s unused variables false); extract checks every clause, then reads each cell's one true
//! variable.

mod cnf;
mod encode;
pub mod portfolio;
mod propagate;
pub mod simplify;
mod solve;

pub use cnf::{Assignment, Cnf};
pub use encode::{CnfOptions, Encoding, PuzzleToCnf, Slot};
pub use solve::{
    Budget, CONFIGS, Flavour, SHAPE_SOLVER_MAX_N, SatBatch, SatSolver, ShapeSolver, count, find,
    is_unique, solutions, solutions_until, solve,
};
