//! A CNF formula in DIMACS terms, stored flat: one literal array and the end offset of each clause,
//! so that building the 12,000 clauses of a 9×9 encoding costs two growing vectors instead of
//! 12,000 allocations (the 49,158-puzzle benchmark builds one formula per puzzle).

use crate::error::CertificateError;
use crate::formats::map::Fingerprinter;
use crate::reduce::{Problem, Sizes};

/// Variables `1..=vars`; literal `v` / `-v` as in DIMACS.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    vars: u32,
    lits: Vec<i32>,
    /// `ends[i]` is one past the last literal of clause `i`.
    ends: Vec<u32>,
}

/// A certificate of a [`Cnf`]: the value of every variable, `assignment[v - 1]` for variable `v`.
/// (A DIMACS model line lists the same information as signed literals; the readers in
/// [`crate::formats::dimacs`] turn one into the other.)
pub type Assignment = Vec<bool>;

impl Cnf {
    pub fn new(vars: u32) -> Self {
        Cnf {
            vars,
            lits: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Appends a clause. Literals must be non-zero and name variables `1..=vars` (a construction
    /// bug otherwise, checked in debug builds).
    #[inline]
    pub fn add_clause(&mut self, clause: &[i32]) {
        debug_assert!(
            clause
                .iter()
                .all(|&l| l != 0 && l.unsigned_abs() <= self.vars)
        );
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len() as u32);
    }

    /// The number of variables (some may occur in no clause).
    pub fn vars(&self) -> u32 {
        self.vars
    }
    pub fn num_clauses(&self) -> usize {
        self.ends.len()
    }
    pub fn num_literals(&self) -> usize {
        self.lits.len()
    }

    /// Clause `i` (0-based).
    pub fn clause(&self, i: usize) -> &[i32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.lits[start..self.ends[i] as usize]
    }

    pub fn clauses(&self) -> impl ExactSizeIterator<Item = &[i32]> + '_ {
        (0..self.ends.len()).map(move |i| self.clause(i))
    }

    /// [`fingerprint`](crate::formats::map::fingerprint) of the canonical content: the variable
    /// count, then every clause's literals followed by a 0 (as 32-bit little-endian words).
    pub fn fingerprint(&self) -> String {
        let mut f = Fingerprinter::default();
        f.update_u32(self.vars);
        for clause in self.clauses() {
            for &l in clause {
                f.update_u32(l as u32);
            }
            f.update_u32(0);
        }
        f.finish()
    }

    /// The first clause (index, literals) the assignment leaves false, if any.
    pub fn first_unsatisfied<'a>(&'a self, assignment: &[bool]) -> Option<(usize, &'a [i32])> {
        self.clauses().enumerate().find(|(_, clause)| {
            !clause
                .iter()
                .any(|&l| assignment[l.unsigned_abs() as usize - 1] == (l > 0))
        })
    }
}

/// Where an encoder puts its clauses: a [`Cnf`] that stores them, or one of `--simplify`'s two
/// passes, which look at each clause as it is made instead of storing the full formula first (on a
/// 36×36 Sudoku the full formula has 3.3 million clauses and 6.7 million literals, of which the
/// simplified one keeps about 2 %).
pub trait ClauseSink {
    fn add_clause(&mut self, clause: &[i32]);
}

impl ClauseSink for Cnf {
    fn add_clause(&mut self, clause: &[i32]) {
        Cnf::add_clause(self, clause);
    }
}

impl Problem for Cnf {
    type Certificate = Assignment;

    /// Every clause must hold a true literal; the assignment must give every variable a value.
    fn check(&self, assignment: &Assignment) -> Result<(), CertificateError> {
        if assignment.len() != self.vars as usize {
            return Err(CertificateError::new(format!(
                "the assignment has {} variables, the formula {}",
                assignment.len(),
                self.vars
            )));
        }
        match self.first_unsatisfied(assignment) {
            None => Ok(()),
            Some((i, clause)) => {
                let shown: Vec<String> = clause.iter().take(8).map(|l| l.to_string()).collect();
                Err(CertificateError::new(format!(
                    "the assignment falsifies clause {} ({}{} 0)",
                    i + 1,
                    shown.join(" "),
                    if clause.len() > 8 { " …" } else { "" }
                )))
            }
        }
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("variables", self.vars as u64)
            .with("clauses", self.num_clauses() as u64)
            .with("literals", self.num_literals() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_the_falsified_clause() {
        let mut f = Cnf::new(3);
        f.add_clause(&[1, 2]);
        f.add_clause(&[-1, -2]);
        f.add_clause(&[]);
        assert_eq!(f.clause(1), &[-1, -2]);
        assert_eq!(f.num_literals(), 4);
        let e = f.check(&vec![true, true, false]).unwrap_err();
        assert!(e.message.contains("clause 2 (-1 -2 0)"), "{e}");
        // The empty clause is never satisfied.
        let e = f.check(&vec![true, false, false]).unwrap_err();
        assert!(e.message.contains("clause 3 ( 0)"), "{e}");
        assert!(f.check(&vec![true]).is_err());
    }

    #[test]
    fn fingerprint_changes_with_any_literal() {
        let mut a = Cnf::new(2);
        a.add_clause(&[1, -2]);
        let mut b = Cnf::new(2);
        b.add_clause(&[1, 2]);
        assert_ne!(a.fingerprint(), b.fingerprint());
        assert_eq!(a.fingerprint(), a.clone().fingerprint());
    }
}
