//! Puzzle → CNF: the five encodings and the `--simplify` pass, as one reduction step
//! ([`PuzzleToCnf`]). See the [module documentation](super) for the constructions and a worked
//! example.

use super::cnf::{Assignment, ClauseSink, Cnf};
use super::simplify::{Fixer, Simplifier};
use crate::error::{CertificateError, Error};
use crate::puzzle::{Family, Grid, Puzzle, Structure, cell_name};
use crate::reduce::{Reduction, Sizes};

/// Which clauses a formula holds (see the module documentation for each).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// Cell at-least-one + pairwise at-most-one per group and value (Lynce & Ouaknine).
    Minimal,
    /// Minimal + cell at-most-one.
    Efficient,
    /// Efficient + at-least-one per exact group and value.
    Extended,
    /// Suguru only: the SAT paper's encoding exactly as its authors' solver builds it.
    Paper,
    /// Cell exactly-one + choice-group at-least-one + "not both" only for pairs of different
    /// choice groups, each unordered pair once.
    Compact,
}

impl Encoding {
    pub const ALL: [Encoding; 5] = [
        Encoding::Minimal,
        Encoding::Efficient,
        Encoding::Extended,
        Encoding::Paper,
        Encoding::Compact,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Efficient => "efficient",
            Encoding::Extended => "extended",
            Encoding::Paper => "paper",
            Encoding::Compact => "compact",
        }
    }

    pub fn from_name(name: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The encoding used when none is asked for: the fastest in-process one (benches/sat.rs; for
    /// Latin squares and the other described puzzles docs/qwh.md: on order-35 QWH with 60 % holes
    /// extended took 1.6 s for three squares where compact took 48 s).
    pub fn default_for(puzzle: &Puzzle) -> Encoding {
        match puzzle {
            Puzzle::Sudoku(_) | Puzzle::Described(_) => Encoding::Extended,
            Puzzle::Suguru(_) => Encoding::Compact,
        }
    }

    /// Whether the encoding applies to the puzzle (only `paper` is restricted: it is Suguru's).
    pub fn accepts(self, puzzle: &Puzzle) -> bool {
        self != Encoding::Paper || matches!(puzzle, Puzzle::Suguru(_))
    }
}

/// How to build a formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CnfOptions {
    pub encoding: Encoding,
    /// Apply the givens at encoding time (Kwon & Jain) instead of adding them as unit clauses.
    pub simplify: bool,
}

impl CnfOptions {
    /// The default encoding for the puzzle, simplified: the fastest in-process setting.
    pub fn fastest_for(puzzle: &Puzzle) -> Self {
        CnfOptions {
            encoding: Encoding::default_for(puzzle),
            simplify: true,
        }
    }
}

/// What a (cell, value) pair became in the formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A variable of the formula.
    Var(u32),
    /// Fixed by `--simplify` (no variable in the formula).
    Fixed(bool),
}

/// The reduction step puzzle → CNF.
pub struct PuzzleToCnf {
    target: Cnf,
    options: CnfOptions,
    rows: usize,
    cols: usize,
    /// `domain[c]`: cell `c` takes values `1..=domain[c]`.
    domain: Vec<u8>,
    /// Slots of cell `c` are `first[c]..first[c + 1]`, values 1, 2, … in order. For `paper` a cell
    /// has `sMax` slots (the paper's variable layout), otherwise `domain[c]`.
    first: Vec<u32>,
    slots: Vec<Slot>,
    /// Sizes of the formula before simplification (equal to the target's without `--simplify`).
    full: Sizes,
    declared: Sizes,
}

/// Number of unordered pairs of `k` things.
fn pairs(k: u64) -> u64 {
    k * k.saturating_sub(1) / 2
}

impl PuzzleToCnf {
    /// Builds the formula; fails (a construction error) only for `paper` on a Sudoku.
    pub fn new(puzzle: &Puzzle, options: CnfOptions) -> Result<Self, Error> {
        if !options.encoding.accepts(puzzle) {
            return Err(Error::Construction(format!(
                "the {} encoding is for Suguru only; a Sudoku takes minimal, efficient, extended or compact",
                options.encoding.name()
            )));
        }
        let s = puzzle.structure();
        let givens = puzzle.givens();
        let width: Vec<u32> = match options.encoding {
            Encoding::Paper => {
                let smax = s.domain.iter().copied().max().unwrap_or(0) as u32;
                vec![smax; s.cells()]
            }
            _ => s.domain.iter().map(|&d| d as u32).collect(),
        };
        let mut first = Vec::with_capacity(s.cells() + 1);
        let mut next = 0u32;
        for &w in &width {
            first.push(next);
            next += w;
        }
        first.push(next);
        let var = |cell: usize, value: u8| -> i32 { (first[cell] + value as u32) as i32 };
        // The encoder runs once into the stored formula, or twice with `--simplify`: a first pass
        // finds the fixed variables, a second keeps what is left of each clause, so the full
        // formula is never stored.
        let declared = declared_sizes(puzzle, options.encoding, options.simplify);
        let (target, slots, full) = if options.simplify {
            let mut fixer = Fixer::new(next, &s, givens, &first);
            encode(options.encoding, &s, givens, &var, &mut fixer);
            let mut simplifier = Simplifier::new(fixer);
            encode(options.encoding, &s, givens, &var, &mut simplifier);
            simplifier.finish()
        } else {
            let mut cnf = Cnf::new(next);
            encode(options.encoding, &s, givens, &var, &mut cnf);
            let full = cnf_sizes(cnf.vars(), cnf.num_clauses(), cnf.num_literals());
            (cnf, (1..=next).map(Slot::Var).collect(), full)
        };
        Ok(PuzzleToCnf {
            target,
            options,
            rows: s.rows,
            cols: s.cols,
            domain: s.domain,
            first,
            slots,
            full,
            declared,
        })
    }

    pub fn options(&self) -> CnfOptions {
        self.options
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// What (cell, value) became; `None` when the value is outside the cell's slots.
    pub fn slot(&self, cell: usize, value: u8) -> Option<Slot> {
        let (a, b) = (self.first[cell], self.first[cell + 1]);
        (value >= 1 && a + (value as u32) <= b).then(|| self.slots[(a + value as u32 - 1) as usize])
    }

    /// `(variable, cell, value)` for every variable of the formula, in variable order; `value` may
    /// exceed the cell's domain for the `paper` encoding (its unused variables).
    pub fn variables(&self) -> Vec<(u32, usize, u8)> {
        let mut out = Vec::with_capacity(self.target.vars() as usize);
        for cell in 0..self.domain.len() {
            let (a, b) = (self.first[cell], self.first[cell + 1]);
            for (k, slot) in self.slots[a as usize..b as usize].iter().enumerate() {
                if let Slot::Var(x) = *slot {
                    out.push((x, cell, k as u8 + 1));
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// `r2c5#7` — the meaning of a variable, for DIMACS comment lines.
    pub fn describe(&self, cell: usize, value: u8) -> String {
        format!("{}#{value}", cell_name(self.cols, cell))
    }

    /// Sizes before `--simplify` (as `full_variables`, …) followed by the formula's own sizes.
    pub fn sizes_before(&self) -> &Sizes {
        &self.full
    }

    /// The grid a model encodes, reading variable values through `value` (1-based variables); no
    /// clause check (that is [`Reduction::extract`]'s job). Fails when a cell holds no value or two.
    pub fn decode(&self, value: impl Fn(u32) -> bool) -> Result<Grid, CertificateError> {
        let mut grid = Grid::empty(self.rows, self.cols);
        for cell in 0..self.domain.len() {
            let mut found = 0u8;
            for v in 1..=self.domain[cell] {
                let on = match self.slots[(self.first[cell] + v as u32 - 1) as usize] {
                    Slot::Var(x) => value(x),
                    Slot::Fixed(b) => b,
                };
                if on {
                    if found != 0 {
                        return Err(CertificateError::new(format!(
                            "{} holds both {found} and {v}",
                            cell_name(self.cols, cell)
                        )));
                    }
                    found = v;
                }
            }
            if found == 0 {
                return Err(CertificateError::new(format!(
                    "{} holds no value",
                    cell_name(self.cols, cell)
                )));
            }
            grid.set(cell, found);
        }
        Ok(grid)
    }

    /// The clause that forbids `grid` (one false literal per cell whose value is a variable), for
    /// enumerating solutions. Empty when every cell is fixed: then no other solution exists.
    pub fn blocking_clause(&self, grid: &Grid) -> Vec<i32> {
        (0..self.domain.len())
            .filter_map(|cell| match self.slot(cell, grid.get(cell)) {
                Some(Slot::Var(x)) => Some(-(x as i32)),
                _ => None,
            })
            .collect()
    }
}

/// The `full_*` sizes of a formula before `--simplify`.
pub(super) fn cnf_sizes(vars: u32, clauses: usize, literals: usize) -> Sizes {
    Sizes::new()
        .with("full_variables", vars as u64)
        .with("full_clauses", clauses as u64)
        .with("full_literals", literals as u64)
}

/// Emits the formula of `encoding` into `sink` (generic, not `dyn`: a 36×36 formula is 3.3
/// million calls).
fn encode(
    encoding: Encoding,
    s: &Structure,
    givens: &Grid,
    var: &impl Fn(usize, u8) -> i32,
    sink: &mut impl ClauseSink,
) {
    match encoding {
        Encoding::Paper => paper(s, givens, var, sink),
        e => structural(s, givens, e, var, sink),
    }
}

/// minimal / efficient / extended / compact, written once against the [`Structure`].
fn structural(
    s: &Structure,
    givens: &Grid,
    encoding: Encoding,
    var: &impl Fn(usize, u8) -> i32,
    cnf: &mut impl ClauseSink,
) {
    let mut clause: Vec<i32> = Vec::new();
    // Every cell holds at least one value.
    for (cell, &d) in s.domain.iter().enumerate() {
        clause.clear();
        clause.extend((1..=d).map(|v| var(cell, v)));
        cnf.add_clause(&clause);
    }
    // Every cell holds at most one value.
    if encoding != Encoding::Minimal {
        for (cell, &d) in s.domain.iter().enumerate() {
            for v in 1..=d {
                for w in v + 1..=d {
                    cnf.add_clause(&[-var(cell, v), -var(cell, w)]);
                }
            }
        }
    }
    if encoding == Encoding::Compact {
        // Each choice group holds each of its values at least once (so exactly once: |g| cells,
        // |g| values, one value per cell).
        for g in &s.choice {
            for v in 1..=g.max_value {
                clause.clear();
                clause.extend(g.cells.iter().map(|&c| var(c as usize, v)));
                cnf.add_clause(&clause);
            }
        }
        // Cells of one layer group but different choice groups differ, for values both allow.
        let mut pairs = Vec::new();
        for group in s.layers.iter().flatten() {
            for (i, &a) in group.cells.iter().enumerate() {
                for &b in &group.cells[i + 1..] {
                    if s.choice_of[a as usize] != s.choice_of[b as usize] {
                        pairs.push((a.min(b), a.max(b)));
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        for (a, b) in pairs {
            let (a, b) = (a as usize, b as usize);
            for v in 1..=s.domain[a].min(s.domain[b]) {
                cnf.add_clause(&[-var(a, v), -var(b, v)]);
            }
        }
    } else {
        // No value twice in a group: pairwise, per group and value.
        for g in s.all_groups() {
            for v in 1..=g.max_value {
                let holders: Vec<usize> = g
                    .cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| s.domain[c] >= v)
                    .collect();
                for (i, &a) in holders.iter().enumerate() {
                    for &b in &holders[i + 1..] {
                        cnf.add_clause(&[-var(a, v), -var(b, v)]);
                    }
                }
            }
        }
        // Every exact group holds every value at least once.
        if encoding == Encoding::Extended {
            for g in s.all_groups().filter(|g| g.slack() == 0) {
                for v in 1..=g.max_value {
                    clause.clear();
                    clause.extend(
                        g.cells
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|&c| s.domain[c] >= v)
                            .map(|c| var(c, v)),
                    );
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    add_givens(cnf, givens, s, var);
}

fn add_givens(
    cnf: &mut impl ClauseSink,
    givens: &Grid,
    s: &Structure,
    var: &impl Fn(usize, u8) -> i32,
) {
    for (cell, &g) in givens.cells().iter().enumerate() {
        // A given outside the domain cannot be encoded; it makes the formula unsatisfiable.
        if g != 0 {
            if g <= s.domain[cell] {
                cnf.add_clause(&[var(cell, g)]);
            } else {
                cnf.add_clause(&[]);
            }
        }
    }
}

/// The Suguru SAT paper's encoding in the order its `codes/solver.cpp` adds the clauses: φ1 (cell
/// at-most-one for all cells, then cell at-least-one), φ2 (each region and value at least once), φ3
/// (for each of the eight directions, each cell with a neighbour there and each value of the
/// *first* cell's range: not both), then the givens. Variables `h(i, j, v) = (i·n + j)·sMax + v`.
fn paper(s: &Structure, givens: &Grid, var: &impl Fn(usize, u8) -> i32, cnf: &mut impl ClauseSink) {
    let (m, n) = (s.rows as i64, s.cols as i64);
    let cells = s.cells();
    for cell in 0..cells {
        let d = s.domain[cell];
        for v in 1..d {
            for w in v + 1..=d {
                cnf.add_clause(&[-var(cell, v), -var(cell, w)]);
            }
        }
    }
    let mut clause = Vec::new();
    for cell in 0..cells {
        clause.clear();
        clause.extend((1..=s.domain[cell]).map(|v| var(cell, v)));
        cnf.add_clause(&clause);
    }
    for g in &s.choice {
        for v in 1..=g.max_value {
            clause.clear();
            clause.extend(g.cells.iter().map(|&c| var(c as usize, v)));
            cnf.add_clause(&clause);
        }
    }
    // The solver's eight loops, in its order: down, right, up, left, up-left, up-right, down-left,
    // down-right.
    for (di, dj) in [
        (1, 0),
        (0, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ] {
        for i in 0..m {
            for j in 0..n {
                let (k, l) = (i + di, j + dj);
                if k < 0 || k >= m || l < 0 || l >= n {
                    continue;
                }
                let (a, b) = ((i * n + j) as usize, (k * n + l) as usize);
                for v in 1..=s.domain[a] {
                    cnf.add_clause(&[-var(a, v), -var(b, v)]);
                }
            }
        }
    }
    add_givens(cnf, givens, s, var);
}

/// The published size formulas, computed from the puzzle's own description (N and box shape; a
/// Suguru's region map and 8-neighbourhood), not from the [`Structure`] the encoders use. Names are
/// `full_*` because they describe the formula before `--simplify`.
fn declared_sizes(puzzle: &Puzzle, encoding: Encoding, _simplify: bool) -> Sizes {
    let clues = puzzle.clues() as u64;
    match puzzle {
        Puzzle::Sudoku(sudoku) => {
            let n = sudoku.n() as u64;
            let (n2, c) = (n * n, pairs(n));
            let vars = n2 * n;
            // Blank-grid formulas of Lynce & Ouaknine; each given adds a unit clause.
            let (clauses, literals) = match encoding {
                Encoding::Minimal => (n2 + 3 * n2 * c, n2 * n + 6 * n2 * c),
                Encoding::Efficient => (n2 + 4 * n2 * c, n2 * n + 8 * n2 * c),
                Encoding::Extended => (4 * n2 + 4 * n2 * c, 4 * n2 * n + 8 * n2 * c),
                Encoding::Compact => match sudoku.layout().box_shape() {
                    Some((p, q)) => {
                        let (p, q) = (p as u64, q as u64);
                        // Row pairs in different boxes + column pairs in different boxes.
                        let cross = n * (c - p * pairs(q)) + n * (c - q * pairs(p));
                        (
                            2 * n2 + n2 * c + n * cross,
                            2 * n2 * n + 2 * n2 * c + 2 * n * cross,
                        )
                    }
                    None => return Sizes::new().with("full_variables", vars),
                },
                Encoding::Paper => return Sizes::new(),
            };
            Sizes::new()
                .with("full_variables", vars)
                .with("full_clauses", clauses + clues)
                .with("full_literals", literals + clues)
        }
        Puzzle::Suguru(sg) => {
            let size = sg.region_sizes();
            let (rows, cols) = (sg.rows() as i64, sg.cols() as i64);
            let s_of = |r: i64, c: i64| size[sg.region_of((r * cols + c) as usize)] as u64;
            let smax = size.iter().copied().max().unwrap_or(0) as u64;
            // Per region of size s: its s cells each have C(s,2) + 1 clauses (2·C(s,2) + s
            // literals); its s values each an at-least-one clause of s literals.
            let cell_clauses: u64 = size.iter().map(|&s| s as u64 * (pairs(s as u64) + 1)).sum();
            let cell_literals: u64 = size
                .iter()
                .map(|&s| s as u64 * (2 * pairs(s as u64) + s as u64))
                .sum();
            let region_clauses: u64 = size.iter().map(|&s| s as u64).sum();
            let region_literals: u64 = size.iter().map(|&s| (s * s) as u64).sum();
            let mut ordered = 0u64; // Σ over ordered touching pairs of the first cell's range
            let mut across = 0u64; // Σ over unordered touching pairs of different regions of min
            for r in 0..rows {
                for c in 0..cols {
                    for (dr, dc) in [
                        (-1, -1),
                        (-1, 0),
                        (-1, 1),
                        (0, -1),
                        (0, 1),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                    ] {
                        let (r2, c2) = (r + dr, c + dc);
                        if r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols {
                            continue;
                        }
                        ordered += s_of(r, c);
                        let (a, b) = (r * cols + c, r2 * cols + c2);
                        if a < b && sg.region_of(a as usize) != sg.region_of(b as usize) {
                            across += s_of(r, c).min(s_of(r2, c2));
                        }
                    }
                }
            }
            match encoding {
                Encoding::Paper => Sizes::new()
                    .with("full_variables", (rows * cols) as u64 * smax)
                    .with(
                        "full_clauses",
                        cell_clauses + region_clauses + ordered + clues,
                    )
                    .with(
                        "full_literals",
                        cell_literals + region_literals + 2 * ordered + clues,
                    ),
                Encoding::Compact => Sizes::new()
                    .with("full_variables", region_literals)
                    .with(
                        "full_clauses",
                        cell_clauses + region_clauses + across + clues,
                    )
                    .with(
                        "full_literals",
                        cell_literals + region_literals + 2 * across + clues,
                    ),
                _ => Sizes::new(),
            }
        }
        // A Latin square of order n is a Sudoku without blocks: the same formulas with two groups
        // per cell (its row, the choice group, and its column) instead of three.
        Puzzle::Described(d) if d.family() == Family::Latin => {
            let n = d.givens().rows() as u64;
            let (n2, c) = (n * n, pairs(n));
            let (clauses, literals) = match encoding {
                Encoding::Minimal => (n2 + 2 * n2 * c, n2 * n + 4 * n2 * c),
                Encoding::Efficient => (n2 + 3 * n2 * c, n2 * n + 6 * n2 * c),
                Encoding::Extended => (3 * n2 + 3 * n2 * c, 3 * n2 * n + 6 * n2 * c),
                Encoding::Compact | Encoding::Paper => return Sizes::new(),
            };
            Sizes::new()
                .with("full_variables", n2 * n)
                .with("full_clauses", clauses + clues)
                .with("full_literals", literals + clues)
        }
        Puzzle::Described(_) => Sizes::new(),
    }
}

/// Stable step names, as in the registry, `.map` files and messages.
fn step_name(options: CnfOptions) -> &'static str {
    match (options.encoding, options.simplify) {
        (Encoding::Minimal, false) => "cnf-minimal",
        (Encoding::Efficient, false) => "cnf-efficient",
        (Encoding::Extended, false) => "cnf-extended",
        (Encoding::Paper, false) => "cnf-paper",
        (Encoding::Compact, false) => "cnf-compact",
        (Encoding::Minimal, true) => "cnf-minimal-simplified",
        (Encoding::Efficient, true) => "cnf-efficient-simplified",
        (Encoding::Extended, true) => "cnf-extended-simplified",
        (Encoding::Paper, true) => "cnf-paper-simplified",
        (Encoding::Compact, true) => "cnf-compact-simplified",
    }
}

impl Reduction for PuzzleToCnf {
    type Source = Puzzle;
    type Target = Cnf;

    fn name(&self) -> &'static str {
        step_name(self.options)
    }

    fn target(&self) -> &Cnf {
        &self.target
    }

    fn witness(&self, solution: &Grid) -> Result<Assignment, CertificateError> {
        if solution.rows() != self.rows || solution.cols() != self.cols {
            return Err(CertificateError::new(format!(
                "the solution is {}x{}, the puzzle {}x{}",
                solution.rows(),
                solution.cols(),
                self.rows,
                self.cols
            )));
        }
        let mut assignment = vec![false; self.target.vars() as usize];
        for cell in 0..self.domain.len() {
            let value = solution.get(cell);
            if value == 0 || value > self.domain[cell] {
                return Err(CertificateError::new(format!(
                    "{} holds {value}, outside 1..{}",
                    cell_name(self.cols, cell),
                    self.domain[cell]
                )));
            }
            let (a, b) = (self.first[cell], self.first[cell + 1]);
            for (k, slot) in self.slots[a as usize..b as usize].iter().enumerate() {
                let on = k as u8 + 1 == value;
                match *slot {
                    Slot::Var(x) => assignment[x as usize - 1] = on,
                    Slot::Fixed(fixed) if fixed != on => {
                        return Err(CertificateError::new(format!(
                            "{} holds {value}, which the givens rule out",
                            cell_name(self.cols, cell)
                        )));
                    }
                    Slot::Fixed(_) => {}
                }
            }
        }
        Ok(assignment)
    }

    fn extract(&self, assignment: &Assignment) -> Result<Grid, CertificateError> {
        use crate::reduce::Problem;
        self.target.check(assignment)?;
        self.decode(|x| assignment[x as usize - 1])
    }

    fn sizes(&self) -> Sizes {
        let mut sizes = crate::reduce::Problem::sizes(&self.target);
        if self.options.simplify {
            sizes.0.extend(self.full.0.iter().copied());
        }
        sizes
    }

    fn declared_sizes(&self) -> Sizes {
        if self.options.simplify {
            self.declared.clone()
        } else {
            // Without simplification the formula is the full one: same numbers, plain names.
            Sizes(
                self.declared
                    .iter()
                    .map(|&(k, v)| (k.strip_prefix("full_").unwrap_or(k), v))
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Sudoku;

    fn blank(n: usize) -> Puzzle {
        Sudoku::blank(n).into()
    }

    #[test]
    fn blank_nine_by_nine_clause_counts_are_the_published_ones() {
        for (encoding, clauses) in [
            (Encoding::Minimal, 8829),
            (Encoding::Efficient, 11745),
            (Encoding::Extended, 11988),
        ] {
            let r = PuzzleToCnf::new(
                &blank(9),
                CnfOptions {
                    encoding,
                    simplify: false,
                },
            )
            .unwrap();
            assert_eq!(r.target().num_clauses(), clauses, "{encoding:?}");
            assert_eq!(r.target().vars(), 729);
            assert!(r.declared_mismatches().is_empty());
        }
    }

    #[test]
    fn paper_is_refused_for_sudoku() {
        let e = PuzzleToCnf::new(
            &blank(4),
            CnfOptions {
                encoding: Encoding::Paper,
                simplify: false,
            },
        );
        assert!(matches!(e, Err(Error::Construction(_))));
    }
}
