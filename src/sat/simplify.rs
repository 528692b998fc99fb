//! `--simplify`: apply the givens at encoding time, as Kwon & Jain ("Optimized CNF encoding for
//! Sudoku puzzles", 2006) do, instead of leaving them to the solver as unit clauses.
//!
//! 1. **Fix** variables: a given's variable is true; every other value of that cell is false; every
//!    variable `y` that shares a two-literal clause `¬g ∨ ¬y` with a given's variable `g` is false
//!    (another cell of one of its groups with the same value, a touching cell with the same value).
//!    This is one round of unit propagation from the givens through the binary clauses, and nothing
//!    more: a naked single that appears only after it stays a (unit) clause for the solver.
//! 2. **Drop** every clause with a true literal, and **remove** false literals from the others. A
//!    clause whose literals are all false stays as the empty clause (contradictory givens), so the
//!    formula stays equisatisfiable with the puzzle.
//! 3. **Renumber** the unfixed variables `1..` in their old order.
//!
//! The encoder feeds the full formula through two passes (`Fixer` for step 1, `Simplifier`
//! for steps 2 and 3) rather than storing it (3.3 million clauses on a 36×36 Sudoku, of which
//! about 2 % survive): `reduce --to cnf --simplify` of a 36×36 with 60 % given went from 53 to
//! 28 ms, `solve` of it from 60 to 33 ms (docs/routes.md). The output is byte for byte what the
//! stored formula gave.
//!
//! The models of the result are exactly the models of the full formula restricted to the unfixed
//! variables: each fixed value is forced in every model (a given's unit clause; a binary clause
//! with a true literal's negation; the cell's exactly-one, which every encoding implies).
//!
//! Worked example, blank 4×4 extended encoding with r1c1 = 1: variable 1 (r1c1#1) true; 2, 3, 4
//! (r1c1#2..4) false; r1c2#1, r1c3#1, r1c4#1, r2c1#1, r3c1#1, r4c1#1, r2c2#1 false. The clause
//! "row 1 holds 1 somewhere" is satisfied and dropped; "r1c2 holds something" loses r1c2#1.

use super::cnf::{ClauseSink, Cnf};
use super::encode::{Slot, cnf_sizes};
use crate::puzzle::{Grid, Structure};
use crate::reduce::Sizes;

/// Pass 1 (step 1): fixes the givens' cells, then, fed the full formula clause by clause, every
/// variable that shares a negative two-literal clause with a given's (true) variable. Only the
/// givens are ever set true, so the order of the clauses does not matter.
pub(super) struct Fixer {
    /// 1 true, -1 false, 0 free; index = old variable.
    value: Vec<i8>,
}

impl Fixer {
    /// `first` gives each cell's slots (see `PuzzleToCnf`): value `v` of `cell` is variable
    /// `first[cell] + v` of the full formula.
    pub(super) fn new(vars: u32, s: &Structure, givens: &Grid, first: &[u32]) -> Self {
        let mut value = vec![0i8; vars as usize + 1];
        for (cell, &g) in givens.cells().iter().enumerate() {
            if g == 0 || g > s.domain[cell] {
                continue;
            }
            for v in 1..=s.domain[cell] {
                let x = (first[cell] + v as u32) as usize;
                value[x] = if v == g { 1 } else { -1 };
            }
        }
        Fixer { value }
    }
}

impl ClauseSink for Fixer {
    fn add_clause(&mut self, clause: &[i32]) {
        if let &[a, b] = clause
            && a < 0
            && b < 0
        {
            let (a, b) = (a.unsigned_abs() as usize, b.unsigned_abs() as usize);
            if self.value[a] == 1 && self.value[b] == 0 {
                self.value[b] = -1;
            } else if self.value[b] == 1 && self.value[a] == 0 {
                self.value[a] = -1;
            }
        }
    }
}

/// Pass 2 (steps 2 and 3): fed the same formula again, keeps what is left of each clause over the
/// renumbered free variables, and counts the full formula's size on the way.
pub(super) struct Simplifier {
    value: Vec<i8>,
    renumber: Vec<u32>,
    out: Cnf,
    buf: Vec<i32>,
    full_clauses: usize,
    full_literals: usize,
}

impl Simplifier {
    pub(super) fn new(fixer: Fixer) -> Self {
        let value = fixer.value;
        let mut renumber = vec![0u32; value.len()];
        let mut next = 0u32;
        for x in 1..value.len() {
            if value[x] == 0 {
                next += 1;
                renumber[x] = next;
            }
        }
        Simplifier {
            value,
            renumber,
            out: Cnf::new(next),
            buf: Vec::new(),
            full_clauses: 0,
            full_literals: 0,
        }
    }

    /// The simplified formula, the slot table (full variable `x` becomes `Var(new x)` or
    /// `Fixed(value)`, in the order of the full variables) and the full formula's sizes.
    pub(super) fn finish(self) -> (Cnf, Vec<Slot>, Sizes) {
        let full = cnf_sizes(
            (self.value.len() - 1) as u32,
            self.full_clauses,
            self.full_literals,
        );
        let slots = (1..self.value.len())
            .map(|x| match self.value[x] {
                0 => Slot::Var(self.renumber[x]),
                v => Slot::Fixed(v > 0),
            })
            .collect();
        (self.out, slots, full)
    }
}

impl ClauseSink for Simplifier {
    fn add_clause(&mut self, clause: &[i32]) {
        self.full_clauses += 1;
        self.full_literals += clause.len();
        self.buf.clear();
        for &l in clause {
            let x = l.unsigned_abs() as usize;
            match (self.value[x], l > 0) {
                (0, _) => self.buf.push(if l > 0 {
                    self.renumber[x] as i32
                } else {
                    -(self.renumber[x] as i32)
                }),
                (1, true) | (-1, false) => return,
                _ => {}
            }
        }
        self.out.add_clause(&self.buf);
    }
}
