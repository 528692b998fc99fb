//! Exact cover with secondary columns (Knuth's generalised exact cover), the smallest real target of
//! the project: it proves the reduction contract end to end and gives an independent solver
//! (Algorithm X) for cross-checks on small puzzles.
//!
//! An instance has `primary` columns that every solution covers **exactly once** and `secondary`
//! columns covered **at most once**; a certificate is a set of row indices.

mod from_puzzle;
mod solve;

pub use from_puzzle::{CoverColumn, PuzzleToCover};
pub use solve::{SolveLimit, solutions, solutions_until};

use crate::error::CertificateError;
use crate::reduce::{Problem, Sizes};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactCover {
    /// Columns `0..primary` must be covered exactly once.
    pub primary: usize,
    /// Columns `primary..primary + secondary` may be covered at most once.
    pub secondary: usize,
    /// Each row lists the columns it covers, ascending.
    pub rows: Vec<Vec<u32>>,
}

impl ExactCover {
    pub fn columns(&self) -> usize {
        self.primary + self.secondary
    }
}

impl Problem for ExactCover {
    /// Chosen row indices, ascending.
    type Certificate = Vec<u32>;

    fn check(&self, chosen: &Vec<u32>) -> Result<(), CertificateError> {
        let mut covered = vec![0u32; self.columns()];
        let mut previous = None;
        for &row in chosen {
            if previous.is_some_and(|p| p >= row) {
                return Err(CertificateError::new(format!(
                    "rows must be listed once each in ascending order; {row} follows {}",
                    previous.unwrap()
                )));
            }
            previous = Some(row);
            let cols = self.rows.get(row as usize).ok_or_else(|| {
                CertificateError::new(format!(
                    "row {row} does not exist ({} rows)",
                    self.rows.len()
                ))
            })?;
            for &c in cols {
                covered[c as usize] += 1;
            }
        }
        if let Some(c) = covered.iter().position(|&k| k > 1) {
            return Err(CertificateError::new(format!(
                "column {c} is covered {} times",
                covered[c]
            )));
        }
        if let Some(c) = covered[..self.primary].iter().position(|&k| k == 0) {
            return Err(CertificateError::new(format!(
                "primary column {c} is not covered"
            )));
        }
        Ok(())
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("rows", self.rows.len() as u64)
            .with("primary_columns", self.primary as u64)
            .with("secondary_columns", self.secondary as u64)
            .with("ones", self.rows.iter().map(|r| r.len() as u64).sum())
    }
}
