//! Unit propagation over a [`Cnf`], to probe single literals before a search.
//!
//! The SAT portfolio splits a puzzle between its members on one cell's two values
//! ([`super::portfolio`]). A split gains nothing when one of the two values fails by unit
//! propagation alone (a *failed literal*): its member refutes that half at once and is left
//! searching the whole puzzle, so the race is the whole puzzle against the whole puzzle with one
//! forced cell. On Frisch's 25×25 #4, #5 and #9 the first two-valued cell is such a cell, and
//! those three were the slowest puzzles under most draws of the seeds (docs/routes.md). Probing a
//! candidate cell's two literals here is a few hundred clause visits, against a search of seconds.
//!
//! Plain occurrence lists rather than watched literals: the formula is propagated a handful of
//! times, so building two watches per clause would cost more than it saves.

use super::cnf::Cnf;

/// The formula's unit clauses propagated once, and a probe of further literals on top of that.
pub struct Propagator<'a> {
    cnf: &'a Cnf,
    /// Clauses holding literal `l` are `occ[start[index(l)]..start[index(l) + 1]]`.
    start: Vec<u32>,
    occ: Vec<u32>,
    /// `value[v]`: 1 true, -1 false, 0 unassigned, for variable `v` (index 0 unused).
    value: Vec<i8>,
    trail: Vec<i32>,
    /// The formula's own unit clauses already propagate to a conflict.
    refuted: bool,
}

/// Position of literal `lit` in the occurrence index: `2v` for `v`, `2v + 1` for `-v`.
fn index(lit: i32) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

impl<'a> Propagator<'a> {
    /// Indexes `cnf` and propagates its unit clauses.
    pub fn new(cnf: &'a Cnf) -> Self {
        let slots = 2 * cnf.vars() as usize + 2;
        let mut start = vec![0u32; slots + 1];
        for clause in cnf.clauses() {
            for &l in clause {
                start[index(l) + 1] += 1;
            }
        }
        for i in 0..slots {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut occ = vec![0u32; cnf.num_literals()];
        // The units and any empty clause are picked up on the same pass.
        let (mut units, mut empty) = (Vec::new(), false);
        for (i, clause) in cnf.clauses().enumerate() {
            match clause {
                [] => empty = true,
                &[unit] => units.push(unit),
                _ => {}
            }
            for &l in clause {
                occ[fill[index(l)] as usize] = i as u32;
                fill[index(l)] += 1;
            }
        }
        let mut p = Propagator {
            cnf,
            start,
            occ,
            value: vec![0; cnf.vars() as usize + 1],
            trail: Vec::new(),
            refuted: false,
        };
        // An empty clause refutes the formula just as a conflict does.
        p.refuted = empty || !p.propagate(&units);
        p
    }

    /// Whether setting `lit` true leads to a conflict by unit propagation on top of the formula's
    /// own units. The assignment is undone afterwards, so probes are independent.
    pub fn fails(&mut self, lit: i32) -> bool {
        if self.refuted {
            return true;
        }
        let mark = self.trail.len();
        let failed = !self.propagate(&[lit]);
        for l in self.trail.drain(mark..) {
            self.value[l.unsigned_abs() as usize] = 0;
        }
        failed
    }

    fn literal(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 { -v } else { v }
    }

    /// Assigns `lits` and propagates; `false` on a conflict. Assignments stay on the trail.
    fn propagate(&mut self, lits: &[i32]) -> bool {
        let mut head = self.trail.len();
        for &l in lits {
            match self.literal(l) {
                1 => {}
                -1 => return false,
                _ => self.assign(l),
            }
        }
        while head < self.trail.len() {
            let falsified = -self.trail[head];
            head += 1;
            let (a, b) = (
                self.start[index(falsified)],
                self.start[index(falsified) + 1],
            );
            for k in a..b {
                let clause = self.cnf.clause(self.occ[k as usize] as usize);
                let mut open = None;
                let mut open_count = 0;
                let mut satisfied = false;
                for &l in clause {
                    match self.literal(l) {
                        1 => {
                            satisfied = true;
                            break;
                        }
                        0 => {
                            open = Some(l);
                            open_count += 1;
                        }
                        _ => {}
                    }
                }
                match (satisfied, open_count, open) {
                    (true, _, _) => {}
                    (false, 0, _) => return false,
                    (false, 1, Some(unit)) => self.assign(unit),
                    _ => {}
                }
            }
        }
        true
    }

    fn assign(&mut self, lit: i32) {
        self.value[lit.unsigned_abs() as usize] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cnf(vars: u32, clauses: &[&[i32]]) -> Cnf {
        let mut f = Cnf::new(vars);
        for c in clauses {
            f.add_clause(c);
        }
        f
    }

    #[test]
    fn a_chain_of_implications_refutes_the_literal_that_starts_it() {
        // 1 → 2 → 3, and not both 1 and 3.
        let f = cnf(3, &[&[-1, 2], &[-2, 3], &[-1, -3]]);
        let mut p = Propagator::new(&f);
        assert!(p.fails(1));
        assert!(!p.fails(-1));
        assert!(!p.fails(2));
        assert!(!p.fails(3));
        // Probes are independent: the first probe's assignments were undone.
        assert!(p.fails(1));
    }

    #[test]
    fn the_formulas_units_hold_under_every_probe() {
        // Unit 1 forces 2; probing -2 then contradicts it.
        let f = cnf(3, &[&[1], &[-1, 2], &[2, 3]]);
        let mut p = Propagator::new(&f);
        assert!(p.fails(-2));
        assert!(p.fails(-1));
        assert!(!p.fails(3));
        assert!(!p.fails(-3));
    }

    #[test]
    fn conflicting_units_refute_the_formula() {
        let f = cnf(2, &[&[1], &[-1, 2], &[-2]]);
        let mut p = Propagator::new(&f);
        // Every literal fails, both values of a variable alike.
        for lit in [1, -1, 2, -2] {
            assert!(p.fails(lit));
        }
    }

    #[test]
    fn propagation_agrees_with_brute_force_on_small_random_formulas() {
        // A literal that fails by unit propagation has no model extending it: checked against
        // enumeration, so a propagator that invents conflicts fails here. (The converse does not
        // hold: propagation is incomplete.) And a literal whose propagation is conflict-free but
        // whose formula is a set of binary clauses must have a model (2-SAT: propagation is
        // complete there once the formula itself is satisfiable).
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for round in 0..400 {
            let vars = 2 + next(5) as u32;
            let binary = round % 2 == 0;
            let mut f = Cnf::new(vars);
            for _ in 0..next(12) {
                let len = if binary { 2 } else { 1 + next(3) as usize };
                let clause: Vec<i32> = (0..len)
                    .map(|_| {
                        let v = 1 + next(u64::from(vars)) as i32;
                        if next(2) == 0 { v } else { -v }
                    })
                    .collect();
                f.add_clause(&clause);
            }
            let models: Vec<u32> = (0..1u32 << vars)
                .filter(|m| {
                    f.clauses().all(|c| {
                        c.iter().any(|&l| {
                            let bit = m >> (l.unsigned_abs() - 1) & 1 == 1;
                            bit == (l > 0)
                        })
                    })
                })
                .collect();
            let mut p = Propagator::new(&f);
            for v in 1..=vars as i32 {
                for lit in [v, -v] {
                    let extends = models
                        .iter()
                        .any(|m| (m >> (lit.unsigned_abs() - 1) & 1 == 1) == (lit > 0));
                    if p.fails(lit) {
                        assert!(!extends, "round {round}: {lit} fails but has a model");
                    } else if binary && !models.is_empty() {
                        assert!(
                            extends,
                            "round {round}: 2-SAT {lit} propagates but has no model"
                        );
                    }
                }
            }
        }
    }
}
