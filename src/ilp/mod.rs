//! Puzzle → 0-1 integer linear program, solved in-process with good_lp (microlp, pure Rust, by
//! default; HiGHS with the cargo feature `highs`), written as a CPLEX LP file for CBC, HiGHS, GLPK
//! and Gurobi by [`crate::formats::lp`].
//!
//! # The model
//!
//! One binary `x(c, v)` per cell `c` and value `v` of its range (`x = 1`: the cell holds `v`), and
//! rows with every coefficient 1, built once against the puzzle's
//! [`Structure`](crate::puzzle::Structure):
//!
//! * each cell holds one value: `Σ_v x(c, v) = 1`;
//! * each choice group (Sudoku block, Suguru region) holds each of its values once: `Σ_{c∈g} x(c, v) = 1`;
//! * each layer group (Sudoku row and column, Suguru 2×2 window) holds each value at most once:
//!   `Σ x(c, v) ≤ 1` over the cells that allow `v` — as an equality when the group is exact (its
//!   cells allow exactly as many values as it has cells: every Sudoku row and column, a Suguru
//!   window whose regions all have 4 or fewer cells and one of 4), skipped when fewer than two
//!   cells allow `v` and the group is not exact. Border windows clipped to 1×2, 2×1 or 1×1 are left
//!   out when a full window of another layer contains them (they would repeat its rows);
//! * givens fix their variable: lower bound 1 (a bound, not a row, so that the Sudoku model is
//!   exactly Bartlett et al.'s: N³ binaries and 4N² equalities, 4N³ non-zeros).
//!
//! The objective is 0: any feasible point is a solution.
//!
//! Worked example, blank 4×4 Sudoku: 64 binaries; rows `cell_r1c1: x_r1c1_1 + … + x_r1c1_4 = 1`
//! (16), `block1_v1: x_r1c1_1 + x_r1c2_1 + x_r2c1_1 + x_r2c2_1 = 1` (16), `row1_v1` (16),
//! `column1_v1` (16): 64 rows, 256 non-zeros.
//!
//! # Certificates
//!
//! A 0-1 point, `Vec<bool>` indexed by variable. Solvers return floats: a value within 1e-6 of 0
//! or 1 is read as that integer, anything else is a fractional point and refused.
//!
//! # LP relaxation
//!
//! [`relaxation`] solves the model with `0 ≤ x ≤ 1` continuous and reports whether the returned
//! vertex is integral; [`relaxation_forces`] asks the stronger question whether the LP polytope
//! holds no point but the solution (minimising the sum of the solution's variables reaches
//! `cells` only then).

mod model;
mod solve;

pub use model::{PuzzleToIlp, RowLabel};
pub use solve::{
    BACKEND, Relaxation, count, integral_point, relaxation, relaxation_forces, solutions,
    solutions_until, solve, solve_ilp, solve_ilp_until,
};

use crate::error::CertificateError;
use crate::reduce::{Problem, Sizes};

/// `=` or `≤`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    Eq,
    Le,
}

/// `Σ_{i ∈ vars} x_i (= | ≤) rhs`, every coefficient 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub vars: Vec<u32>,
    pub sense: Sense,
    pub rhs: u32,
}

/// A 0-1 program with unit coefficients and a zero objective.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Ilp {
    /// Lower bound of each variable, 0 or 1 (upper bounds are all 1).
    pub lower: Vec<bool>,
    pub rows: Vec<Row>,
}

impl Ilp {
    pub fn vars(&self) -> usize {
        self.lower.len()
    }
    pub fn nonzeros(&self) -> usize {
        self.rows.iter().map(|r| r.vars.len()).sum()
    }

    /// The first row the 0-1 point breaks, if any.
    pub fn first_violated(&self, point: &[bool]) -> Option<usize> {
        self.rows.iter().position(|row| {
            let sum = row.vars.iter().filter(|&&i| point[i as usize]).count() as u32;
            match row.sense {
                Sense::Eq => sum != row.rhs,
                Sense::Le => sum > row.rhs,
            }
        })
    }

    /// Canonical fingerprint: bounds, then each row's sense, right-hand side and variables.
    pub fn fingerprint(&self) -> String {
        let mut f = crate::formats::map::Fingerprinter::default();
        f.update_u32(self.lower.len() as u32);
        for &l in &self.lower {
            f.update(&[l as u8]);
        }
        for row in &self.rows {
            f.update(&[matches!(row.sense, Sense::Le) as u8]);
            f.update_u32(row.rhs);
            f.update_u32(row.vars.len() as u32);
            for &v in &row.vars {
                f.update_u32(v);
            }
        }
        f.finish()
    }
}

impl Problem for Ilp {
    type Certificate = Vec<bool>;

    fn check(&self, point: &Vec<bool>) -> Result<(), CertificateError> {
        if point.len() != self.vars() {
            return Err(CertificateError::new(format!(
                "the point has {} variables, the model {}",
                point.len(),
                self.vars()
            )));
        }
        if let Some(i) = (0..self.vars()).find(|&i| self.lower[i] && !point[i]) {
            return Err(CertificateError::new(format!(
                "variable {} is 0 but its lower bound is 1",
                i + 1
            )));
        }
        match self.first_violated(point) {
            None => Ok(()),
            Some(r) => Err(CertificateError::new(format!(
                "the point violates row {}",
                r + 1
            ))),
        }
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("variables", self.vars() as u64)
            .with("rows", self.rows.len() as u64)
            .with("nonzeros", self.nonzeros() as u64)
    }
}
