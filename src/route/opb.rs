//! Puzzle → pseudo-Boolean satisfaction in the PB competition's OPB format, solved by `minisat+`
//! or `clasp`, and the reader of their `s`/`v` answers.
//!
//! # The instance
//!
//! The 0-1 model of [`crate::ilp`] (one variable `x(c, v)` per cell and value of its range; built
//! once against the puzzle's `Structure`), with every row a linear constraint — the cardinality
//! constraints stay linear, they are not expanded into clauses:
//!
//! * an exactly-one row `Σ x = 1` is written `+1 x1 +1 x2 … = 1 ;` (each cell one value, each
//!   choice group and each exact layer group each value once);
//! * an at-most-one row `Σ x ≤ 1` is written in the format's `>=` form `-1 x1 -1 x2 … >= -1 ;`;
//! * each given is a unit constraint `+1 xk >= 1 ;` (the ILP has it as a lower bound).
//!
//! Sharing the ILP's construction means the two exports describe the same polytope; the PB solvers
//! (minisat+ translates each constraint to clauses through BDDs, sorters or adders; clasp keeps
//! them as native weight constraints) are then compared with the MIP solvers on the same model.
//!
//! # Sizes and formulas
//!
//! `variables`, `constraints`, `terms`: the ILP's formulas (Bartlett et al. for Sudoku — `N³`
//! variables, `4N²` rows, `4N³` non-zeros — and the region/window counts for Suguru of at least
//! 2×2, see `crate::ilp`), plus one constraint and one term per given: for an `N×N` Sudoku with
//! `k` givens `N³`, `4N² + k`, `4N³ + k`. A single-row Suguru has no published formula (none is
//! declared, as for the ILP).
//!
//! # Answers
//!
//! PB competition output: `s SATISFIABLE` or `s OPTIMUM FOUND` and `v` lines of literals `x3` /
//! `-x3` (any number of lines, in any order with the status: clasp prints `v` before `s`), `c`
//! comment lines. Every variable must be assigned exactly once. `s UNSATISFIABLE`, `s UNKNOWN`, a
//! truncated model or a literal beyond the instance's variables give a one-line error.

use crate::error::{CertificateError, Error, InputError};
use crate::formats::lines::Lines;
use crate::formats::map::Fingerprinter;
use crate::ilp::{PuzzleToIlp, Sense};
use crate::puzzle::{Grid, Puzzle, cell_name};
use crate::reduce::{Problem, Reduction, Sizes};
use std::io::{BufRead, Write};
use std::path::Path;

/// `>=` or `=`, the two relations of the OPB format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Ge,
    Eq,
}

/// `Σ coefficient · x_var (>= | =) rhs`; variables 0-based here, `x1…` in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbConstraint {
    pub terms: Vec<(i32, u32)>,
    pub relation: Relation,
    pub rhs: i64,
}

impl PbConstraint {
    fn holds(&self, point: &[bool]) -> bool {
        let sum: i64 = self
            .terms
            .iter()
            .filter(|&&(_, v)| point[v as usize])
            .map(|&(a, _)| a as i64)
            .sum();
        match self.relation {
            Relation::Ge => sum >= self.rhs,
            Relation::Eq => sum == self.rhs,
        }
    }
}

/// A pseudo-Boolean satisfaction instance (no objective).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opb {
    pub vars: usize,
    pub constraints: Vec<PbConstraint>,
}

impl Opb {
    /// Index of the first constraint the point violates.
    pub fn first_violated(&self, point: &[bool]) -> Option<usize> {
        self.constraints.iter().position(|c| !c.holds(point))
    }

    pub fn terms(&self) -> usize {
        self.constraints.iter().map(|c| c.terms.len()).sum()
    }

    /// Canonical fingerprint: variable count, then each constraint's relation, rhs and terms.
    pub fn fingerprint(&self) -> String {
        let mut f = Fingerprinter::default();
        f.update(b"opb");
        f.update_u32(self.vars as u32);
        for c in &self.constraints {
            f.update(&[(c.relation == Relation::Eq) as u8]);
            f.update(&c.rhs.to_le_bytes());
            f.update_u32(c.terms.len() as u32);
            for &(a, v) in &c.terms {
                f.update(&a.to_le_bytes());
                f.update_u32(v);
            }
        }
        f.finish()
    }
}

impl Problem for Opb {
    /// The value of each variable.
    type Certificate = Vec<bool>;

    fn check(&self, point: &Vec<bool>) -> Result<(), CertificateError> {
        if point.len() != self.vars {
            return Err(CertificateError::new(format!(
                "the assignment has {} variables, the instance {}",
                point.len(),
                self.vars
            )));
        }
        match self.first_violated(point) {
            None => Ok(()),
            Some(k) => Err(CertificateError::new(format!(
                "the assignment violates constraint {}",
                k + 1
            ))),
        }
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("variables", self.vars as u64)
            .with("constraints", self.constraints.len() as u64)
            .with("terms", self.terms() as u64)
    }
}

/// Parameters of the OPB route; none yet (the instance has one form), kept so that the route has
/// the same shape as the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OpbOptions {}

/// The reduction step puzzle → OPB instance.
pub struct PuzzleToOpb {
    target: Opb,
    /// The ILP model the constraints come from (variable meanings, row names, decoding).
    ilp: PuzzleToIlp,
    /// The cell of each given's unit constraint (they follow the ILP's rows).
    given_cells: Vec<usize>,
    cols: usize,
    /// The puzzle's number of givens, for the declared formulas.
    clues: u64,
}

impl PuzzleToOpb {
    pub fn new(puzzle: &Puzzle, _options: OpbOptions) -> Result<Self, Error> {
        let ilp = PuzzleToIlp::new(puzzle);
        let model = ilp.target();
        let mut constraints: Vec<PbConstraint> = model
            .rows
            .iter()
            .map(|row| {
                let (a, relation, rhs) = match row.sense {
                    Sense::Eq => (1, Relation::Eq, row.rhs as i64),
                    Sense::Le => (-1, Relation::Ge, -(row.rhs as i64)),
                };
                PbConstraint {
                    terms: row.vars.iter().map(|&v| (a, v)).collect(),
                    relation,
                    rhs,
                }
            })
            .collect();
        let mut given_cells = Vec::new();
        for (i, _) in model.lower.iter().enumerate().filter(|(_, l)| **l) {
            given_cells.push(ilp.meaning(i as u32).0);
            constraints.push(PbConstraint {
                terms: vec![(1, i as u32)],
                relation: Relation::Ge,
                rhs: 1,
            });
        }
        Ok(PuzzleToOpb {
            target: Opb {
                vars: model.vars(),
                constraints,
            },
            ilp,
            given_cells,
            cols: puzzle.cols(),
            clues: puzzle.clues() as u64,
        })
    }

    /// Fingerprint of the instance's canonical content.
    pub fn fingerprint(&self) -> String {
        self.target.fingerprint()
    }

    /// What constraint `k` says: the ILP row name (`block3_v5`, `cell_r1c1`, …) or `given_r2c4`.
    pub fn constraint_name(&self, k: usize) -> String {
        let rows = self.ilp.target().rows.len();
        match k.checked_sub(rows) {
            None => self.ilp.row_name(k),
            Some(g) => match self.given_cells.get(g) {
                Some(&cell) => format!("given_{}", cell_name(self.cols, cell)),
                None => format!("constraint{}", k + 1),
            },
        }
    }

    /// Meaning of variable `i` (0-based) as `r1c2#3` (cell r1c2 holds 3).
    pub fn var_meaning(&self, i: u32) -> String {
        let (cell, v) = self.ilp.meaning(i);
        format!("{}#{v}", cell_name(self.cols, cell))
    }
}

impl Reduction for PuzzleToOpb {
    type Source = Puzzle;
    type Target = Opb;

    fn name(&self) -> &'static str {
        "opb"
    }
    fn target(&self) -> &Opb {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<bool>, CertificateError> {
        self.ilp.witness(solution)
    }
    fn extract(&self, point: &Vec<bool>) -> Result<Grid, CertificateError> {
        if point.len() == self.target.vars
            && let Some(k) = self.target.first_violated(point)
        {
            return Err(CertificateError::new(format!(
                "the assignment violates constraint {} ({})",
                k + 1,
                self.constraint_name(k)
            )));
        }
        self.target.check(point)?;
        self.ilp.decode(point)
    }
    fn declared_sizes(&self) -> Sizes {
        let ilp = self.ilp.declared_sizes();
        let givens = self.clues;
        match (ilp.get("variables"), ilp.get("rows"), ilp.get("nonzeros")) {
            (Some(v), Some(r), Some(nz)) => Sizes::new()
                .with("variables", v)
                .with("constraints", r + givens)
                .with("terms", nz + givens),
            _ => Sizes::new(),
        }
    }
}

/// Writes the instance: the `* #variable= n #constraint= m` header both solvers read first, a
/// comment header (puzzle, fingerprint, sizes, what each variable means), then one constraint per
/// line. `title` names the puzzle (`name (kind RxC, k clues)`).
pub fn write(w: &mut dyn Write, r: &PuzzleToOpb, title: &str) -> std::io::Result<()> {
    let opb = &r.target;
    writeln!(
        w,
        "* #variable= {} #constraint= {}",
        opb.vars,
        opb.constraints.len()
    )?;
    writeln!(
        w,
        "* gridreduce {}: puzzle as pseudo-Boolean constraints (OPB)",
        env!("CARGO_PKG_VERSION")
    )?;
    writeln!(w, "* puzzle: {}", title.replace('\n', " "))?;
    writeln!(w, "* fingerprint: {}", r.fingerprint())?;
    writeln!(w, "* sizes: {}", opb.sizes())?;
    writeln!(w, "* solve: minisat+ FILE.opb  or  clasp FILE.opb")?;
    for i in 0..opb.vars as u32 {
        writeln!(w, "* x{} = {}", i + 1, r.var_meaning(i))?;
    }
    let mut line = String::new();
    for c in &opb.constraints {
        line.clear();
        for &(a, v) in &c.terms {
            use std::fmt::Write as _;
            let _ = write!(line, "{a:+} x{} ", v + 1);
        }
        line.push_str(match c.relation {
            Relation::Ge => ">= ",
            Relation::Eq => "= ",
        });
        writeln!(w, "{line}{} ;", c.rhs)?;
    }
    Ok(())
}

/// Reads a PB solver's answer (minisat+, clasp, any PB-competition solver) for the instance of `r`.
pub fn read_answer(path: &Path, r: &PuzzleToOpb) -> Result<Vec<bool>, Error> {
    let file = crate::formats::inputs::open(path)?;
    parse_answer(std::io::BufReader::new(file), r).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_answer`] on any reader.
pub fn parse_answer(reader: impl BufRead, r: &PuzzleToOpb) -> Result<Vec<bool>, InputError> {
    let vars = r.target.vars;
    let mut values: Vec<Option<bool>> = vec![None; vars];
    let mut assigned = 0usize;
    let mut status: Option<usize> = None;
    let mut last = 1;
    for (n, line) in Lines::new(reader) {
        let line = line?;
        last = n;
        let t = line.trim();
        if t.is_empty() || t == "c" || t.starts_with("c ") {
            continue;
        }
        if let Some(s) = t.strip_prefix("s ") {
            match s.trim() {
                "SATISFIABLE" | "OPTIMUM FOUND" => status = Some(n),
                "UNSATISFIABLE" => {
                    return Err(InputError::at_line(
                        n,
                        "the solver says UNSATISFIABLE: the instance, and so the puzzle, has no solution",
                    ));
                }
                other => {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "the solver gave no answer (s {})",
                            crate::formats::tokens::excerpt(other)
                        ),
                    ));
                }
            }
            continue;
        }
        let Some(lits) = t.strip_prefix("v ").or((t == "v").then_some("")) else {
            return Err(InputError::at_line(
                n,
                format!(
                    "not a PB solver's answer: expected 's …', 'v …' or 'c …' lines, found '{}'",
                    crate::formats::tokens::excerpt(t)
                ),
            ));
        };
        for tok in lits.split_ascii_whitespace() {
            let (value, name) = match tok.strip_prefix('-') {
                Some(rest) => (false, rest),
                None => (true, tok),
            };
            let var: usize = name
                .strip_prefix('x')
                .and_then(|d| d.parse().ok())
                .filter(|&v| v >= 1)
                .ok_or_else(|| {
                    InputError::at_line(
                        n,
                        format!(
                            "'{}' is not a literal xK or -xK",
                            crate::formats::tokens::excerpt(tok)
                        ),
                    )
                })?;
            if var > vars {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "literal {tok} names variable {var}, but the instance has {vars} variables (an answer for another instance?)"
                    ),
                ));
            }
            let slot = &mut values[var - 1];
            if slot.is_some() {
                return Err(InputError::at_line(n, format!("x{var} is assigned twice")));
            }
            *slot = Some(value);
            assigned += 1;
        }
    }
    if status.is_none() {
        return Err(InputError::at_line(
            last,
            if assigned == 0 {
                "no PB solver answer in the file (no 's SATISFIABLE' line)"
            } else {
                "'v' lines without an 's SATISFIABLE' line (truncated output?)"
            },
        ));
    }
    if assigned < vars {
        let first = values.iter().position(|v| v.is_none()).unwrap_or(0) + 1;
        return Err(InputError::at_line(
            last,
            format!(
                "the answer assigns {assigned} of the instance's {vars} variables; x{first} is missing (truncated, or an answer for another instance?)"
            ),
        ));
    }
    Ok(values.into_iter().map(|v| v == Some(true)).collect())
}

// ---------------------------------------------------------------------------------------------
// The route: what the registry (`crate::route`) needs to export, decode and measure this target.

/// `--to opb`.
pub struct OpbRoute;

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the opb instance",
    per_candidate: 96,
    per_pair: 0,
};

impl super::Route for OpbRoute {
    fn footprint(&self, _params: &super::Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "opb"
    }
    fn about(&self) -> &'static str {
        "Pseudo-Boolean constraints in the PB competition's OPB format (minisat+, clasp, RoundingSat, …)."
    }
    fn build(
        &self,
        puzzle: &Puzzle,
        _: &super::Params,
    ) -> Result<std::sync::Arc<dyn super::Built>, Error> {
        Ok(std::sync::Arc::new(PuzzleToOpb::new(
            puzzle,
            OpbOptions {},
        )?))
    }
    fn params_from_steps(
        &self,
        steps: &[crate::reduce::StepRecord],
    ) -> Result<super::Params, String> {
        super::single_step(steps, "opb", "an OPB")
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("vars", "variables"),
            ("constraints", "constraints"),
            ("terms", "terms"),
        ]
    }
    fn in_default_stats(&self) -> bool {
        false
    }
    fn checks(&self) -> Vec<super::Check> {
        super::one_check("opb")
    }
}

impl super::Built for PuzzleToOpb {
    one_step!("opb");
    fn fingerprint(&self) -> String {
        PuzzleToOpb::fingerprint(self)
    }
    contract_facts!();
    fn summary(&self) -> String {
        let o = &self.target;
        format!(
            "{} variables, {} constraints, {} terms",
            o.vars,
            o.constraints.len(),
            o.terms()
        )
    }
    fn file_format(&self, _: &super::Params) -> Result<(&'static str, &'static str), Error> {
        Ok(("opb", "opb"))
    }
    fn write(&self, _: &str, title: &str, w: &mut dyn Write) -> std::io::Result<()> {
        write(w, self, title)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["pb-competition"]
    }
    /// The PB competition's `s`/`v` lines.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>, Error> {
        let point = self.witness(solution)?;
        let mut out = String::from("s SATISFIABLE\nv");
        for (i, &b) in point.iter().enumerate() {
            out.push_str(&format!(" {}x{}", if b { "" } else { "-" }, i + 1));
        }
        out.push('\n');
        Ok(out.into_bytes())
    }
    fn decode(&self, answer: &Path, _: &super::AnswerHints) -> Result<Grid, Error> {
        let point = read_answer(answer, self)?;
        self.extract(&point)
            .map_err(|e| super::answer_error(answer, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BlockLayout, Sudoku};

    fn sudoku4() -> Puzzle {
        let mut g = Grid::empty(4, 4);
        g.set(0, 1);
        g.set(5, 4);
        Sudoku::new(BlockLayout::boxes(2, 2), g).unwrap().into()
    }

    const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    fn answer(point: &[bool], status_first: bool) -> String {
        let lits: Vec<String> = point
            .iter()
            .enumerate()
            .map(|(i, &b)| format!("{}x{}", if b { "" } else { "-" }, i + 1))
            .collect();
        let v = format!("v {}\nv {}\n", lits[..10].join(" "), lits[10..].join(" "));
        if status_first {
            format!("c minisat+\ns SATISFIABLE\n{v}")
        } else {
            format!("c clasp\n{v}s SATISFIABLE\n")
        }
    }

    #[test]
    fn sizes_follow_the_ilp_plus_givens() {
        let r = PuzzleToOpb::new(&sudoku4(), OpbOptions::default()).unwrap();
        let s = r.sizes();
        assert_eq!(s.get("variables"), Some(64));
        assert_eq!(s.get("constraints"), Some(64 + 2));
        assert_eq!(s.get("terms"), Some(256 + 2));
        assert!(r.declared_mismatches().is_empty());
        assert_eq!(r.constraint_name(64), "given_r1c1");
        assert_eq!(r.constraint_name(65), "given_r2c2");
    }

    #[test]
    fn both_solver_layouts_decode() {
        let p = sudoku4();
        let r = PuzzleToOpb::new(&p, OpbOptions::default()).unwrap();
        let grid = Grid::from_cells(4, 4, SOLUTION.to_vec());
        let point = r.witness(&grid).unwrap();
        for first in [true, false] {
            let got = parse_answer(answer(&point, first).as_bytes(), &r).unwrap();
            assert_eq!(r.extract(&got).unwrap(), grid);
        }
    }

    #[test]
    fn bad_answers_are_one_line_errors() {
        let r = PuzzleToOpb::new(&sudoku4(), OpbOptions::default()).unwrap();
        let grid = Grid::from_cells(4, 4, SOLUTION.to_vec());
        let good = answer(&r.witness(&grid).unwrap(), true);
        let truncated: String = good.lines().take(3).collect::<Vec<_>>().join("\n");
        for (text, want) in [
            ("s UNSATISFIABLE\n", "UNSATISFIABLE"),
            ("s UNKNOWN\n", "no answer (s UNKNOWN)"),
            ("", "no PB solver answer"),
            ("v x1 -x2\n", "without an 's SATISFIABLE'"),
            (truncated.as_str(), "assigns 10 of"),
            ("s SATISFIABLE\nv x65\n", "another instance"),
            ("s SATISFIABLE\nv x1 x1\n", "twice"),
            ("s SATISFIABLE\nv 1 -2 0\n", "not a literal"),
            ("=====UNSATISFIABLE=====\n", "not a PB solver's answer"),
        ] {
            let e = parse_answer(text.as_bytes(), &r).unwrap_err();
            assert!(e.to_string().contains(want), "{want}: {e}");
        }
        let mut point = r.witness(&grid).unwrap();
        point[0] = false;
        let e = r.extract(&point).unwrap_err();
        assert!(e.message.contains("cell_r1c1"), "{e}");
    }

    #[test]
    fn writer_header_counts_match() {
        let r = PuzzleToOpb::new(&sudoku4(), OpbOptions::default()).unwrap();
        let mut out = Vec::new();
        write(&mut out, &r, "t").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("* #variable= 64 #constraint= 66\n"));
        assert_eq!(text.lines().filter(|l| l.ends_with(" ;")).count(), 66);
        assert!(text.contains("+1 x1 +1 x2 +1 x3 +1 x4 = 1 ;"));
        assert!(text.contains("+1 x1 >= 1 ;"));
    }
}
