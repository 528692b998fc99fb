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
//! The models of the result are exactly the models of the full formula restricted to the unfixed
//! variables: each fixed value is forced in every model (a given's unit clause; a binary clause
//! with a true literal's negation; the cell's exactly-one, which every encoding implies).
//!
//! Worked example, blank 4×4 extended encoding with r1c1 = 1: variable 1 (r1c1#1) true; 2, 3, 4
//! (r1c1#2..4) false; r1c2#1, r1c3#1, r1c4#1, r2c1#1, r3c1#1, r4c1#1, r2c2#1 false. The clause
//! "row 1 holds 1 somewhere" is satisfied and dropped; "r1c2 holds something" loses r1c2#1.

use super::cnf::Cnf;
use super::encode::Slot;
use crate::puzzle::{Grid, Structure};

/// Returns the simplified formula and the new slot table (every old `Var(x)` slot becomes
/// `Var(new x)` or `Fixed(value)`). `first` gives each cell's slots (see `PuzzleToCnf`).
pub(super) fn simplify(
    cnf: &Cnf,
    s: &Structure,
    givens: &Grid,
    first: &[u32],
    slots: Vec<Slot>,
) -> (Cnf, Vec<Slot>) {
    let n = cnf.vars() as usize;
    // 1 true, -1 false, 0 free; index = old variable.
    let mut value = vec![0i8; n + 1];
    let old = |slot: Slot| match slot {
        Slot::Var(x) => x as usize,
        Slot::Fixed(_) => unreachable!("simplify runs once, on a fresh slot table"),
    };
    let mut truths = Vec::new();
    for (cell, &g) in givens.cells().iter().enumerate() {
        if g == 0 || g > s.domain[cell] {
            continue;
        }
        for v in 1..=s.domain[cell] {
            let x = old(slots[(first[cell] + v as u32 - 1) as usize]);
            if v == g {
                value[x] = 1;
                truths.push(x);
            } else {
                value[x] = -1;
            }
        }
    }
    for clause in cnf.clauses() {
        if let &[a, b] = clause
            && a < 0
            && b < 0
        {
            let (a, b) = (a.unsigned_abs() as usize, b.unsigned_abs() as usize);
            if value[a] == 1 && value[b] == 0 {
                value[b] = -1;
            } else if value[b] == 1 && value[a] == 0 {
                value[a] = -1;
            }
        }
    }
    let mut renumber = vec![0u32; n + 1];
    let mut next = 0u32;
    for x in 1..=n {
        if value[x] == 0 {
            next += 1;
            renumber[x] = next;
        }
    }
    let mut out = Cnf::with_capacity(next, cnf.num_clauses() / 2, cnf.num_literals() / 2);
    let mut buf = Vec::new();
    'clauses: for clause in cnf.clauses() {
        buf.clear();
        for &l in clause {
            let x = l.unsigned_abs() as usize;
            match (value[x], l > 0) {
                (0, _) => buf.push(if l > 0 {
                    renumber[x] as i32
                } else {
                    -(renumber[x] as i32)
                }),
                (1, true) | (-1, false) => continue 'clauses,
                _ => {}
            }
        }
        out.add_clause(&buf);
    }
    let slots = slots
        .into_iter()
        .map(|slot| {
            let x = old(slot);
            match value[x] {
                0 => Slot::Var(renumber[x]),
                v => Slot::Fixed(v > 0),
            }
        })
        .collect();
    debug_assert!(truths.iter().all(|&x| value[x] == 1));
    (out, slots)
}
