//! Puzzle → MiniZinc model: one `.mzn` file with the data inline, solved by any MiniZinc solver
//! (`minizinc --solver gecode X.mzn`), and the reader of MiniZinc's answers.
//!
//! # The model
//!
//! One integer variable `x[i]` per cell (row-major, 1-based), built once against the puzzle's
//! [`Structure`] so that Sudoku of every block layout and Suguru share it:
//!
//! * `x[i] in 1..dom[i]` (the cell's domain: `N` for Sudoku, its region's size for Suguru);
//! * `x[i] = given[i]` for every given;
//! * one `alldifferent` per choice group (Sudoku block, Suguru region) — with as many values as
//!   cells, "all different" is "each value once";
//! * one `alldifferent` per layer group that is not contained in another layer group (Sudoku rows
//!   and columns; the Suguru 2×2 windows, which say exactly "touching cells differ": two cells touch
//!   iff they share a window). Border windows clipped to 1×2 or 1×1 are left out when a full
//!   window contains them, as in the ILP model.
//!
//! The model includes `alldifferent.mzn`, not `globals.mzn`: with Debian 12's MiniZinc 2.6.4 and
//! Gecode 6.2.0, `include "globals.mzn"` fails with a type error in `inverse_fn.mzn` (Gecode's
//! library redefines `inverse` with the old signature); the single global works everywhere.
//!
//! # Sizes and formulas
//!
//! `variables` (cells), `domain_values` (Σ domain sizes), `givens`, `alldifferent` (constraints)
//! and `alldifferent_args` (Σ of their lengths). For an `N×N` Sudoku with `k` givens: `N²`, `N³`,
//! `k`, `3N`, `3N²` (N rows, N columns, N blocks of N cells). For an `R×C` Suguru with regions of
//! sizes `s_1..s_m`: `RC`, `Σ s_j²`, `k`, `m + W`, `RC + A` where, with `R, C ≥ 2`, `W = (R−1)(C−1)`
//! full 2×2 windows and `A = 4W` (every clipped window lies in a full one); for a single row or
//! column of `L > 1` cells `W = L − 1` pairs and `A = 2W`; for one cell `W = A = 0`.
//! Proofs in `docs/target-mzn.md`.
//!
//! # Answers
//!
//! The model's `output` item prints `gridreduce RxC fingerprint F` and the grid, one row per line;
//! MiniZinc ends each solution with `----------`. [`read_answer`] reads that, or the JSON object of
//! `--output-mode json` (`{"x" : [...]}`), and MiniZinc's status lines (`=====UNSATISFIABLE=====`,
//! `=====UNKNOWN=====`, `=====ERROR=====`) as one-line errors.

use crate::error::{CertificateError, Error, InputError};
use crate::formats::lines::Lines;
use crate::formats::map::Fingerprinter;
use crate::puzzle::{Family, Grid, GroupKind, Puzzle, Structure, cell_name};
use crate::reduce::{Problem, Reduction, Sizes};
use std::io::{BufRead, Write};
use std::path::Path;

/// One `alldifferent` constraint: which group of the puzzle it is, and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllDifferent {
    pub kind: GroupKind,
    /// Cell indices, row-major, 0-based, ascending.
    pub cells: Vec<u32>,
}

/// The MiniZinc model's content: the data the `.mzn` file carries inline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MznModel {
    pub rows: usize,
    pub cols: usize,
    /// Cell `i` takes a value in `1..=domain[i]`.
    pub domain: Vec<u8>,
    /// The given value of each cell, 0 when empty.
    pub givens: Vec<u8>,
    pub alldifferent: Vec<AllDifferent>,
}

impl MznModel {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Canonical fingerprint: shape, domains, givens, then each constraint's cells.
    pub fn fingerprint(&self) -> String {
        let mut f = Fingerprinter::default();
        f.update(b"mzn");
        f.update_u32(self.rows as u32);
        f.update_u32(self.cols as u32);
        f.update(&self.domain);
        f.update(&self.givens);
        for c in &self.alldifferent {
            f.update_u32(c.cells.len() as u32);
            for &cell in &c.cells {
                f.update_u32(cell);
            }
        }
        f.finish()
    }
}

impl Problem for MznModel {
    /// The values of `x`, row-major.
    type Certificate = Vec<u8>;

    fn check(&self, values: &Vec<u8>) -> Result<(), CertificateError> {
        if values.len() != self.cells() {
            return Err(CertificateError::new(format!(
                "the answer has {} values, the model {} cells",
                values.len(),
                self.cells()
            )));
        }
        let name = |i: usize| cell_name(self.cols, i);
        for (i, (&v, &d)) in values.iter().zip(&self.domain).enumerate() {
            if v == 0 || v > d {
                return Err(CertificateError::new(format!(
                    "{} holds {v}, outside its domain 1..{d}",
                    name(i)
                )));
            }
            let g = self.givens[i];
            if g != 0 && g != v {
                return Err(CertificateError::new(format!(
                    "{} holds {v} but is given {g}",
                    name(i)
                )));
            }
        }
        for c in &self.alldifferent {
            let mut seen: Vec<Option<u32>> = vec![None; 256];
            for &cell in &c.cells {
                let v = values[cell as usize];
                if let Some(other) = seen[v as usize] {
                    return Err(CertificateError::new(format!(
                        "alldifferent of {} fails: {} and {} both hold {v}",
                        c.kind,
                        name(other as usize),
                        name(cell as usize)
                    )));
                }
                seen[v as usize] = Some(cell);
            }
        }
        Ok(())
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("variables", self.cells() as u64)
            .with("domain_values", self.domain.iter().map(|&d| d as u64).sum())
            .with(
                "givens",
                self.givens.iter().filter(|&&g| g != 0).count() as u64,
            )
            .with("alldifferent", self.alldifferent.len() as u64)
            .with(
                "alldifferent_args",
                self.alldifferent.iter().map(|c| c.cells.len() as u64).sum(),
            )
    }
}

/// Parameters of the MiniZinc route; none yet (the model has one form), kept so that the route
/// has the same shape as the others and a parameter can be added without changing callers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MznOptions {}

/// The reduction step puzzle → MiniZinc model.
pub struct PuzzleToMzn {
    target: MznModel,
    declared: Sizes,
}

impl PuzzleToMzn {
    pub fn new(puzzle: &Puzzle, _options: MznOptions) -> Result<Self, Error> {
        let s = puzzle.structure();
        let mut alldifferent: Vec<AllDifferent> = s
            .choice
            .iter()
            .map(|g| AllDifferent {
                kind: g.kind,
                cells: g.cells.clone(),
            })
            .collect();
        alldifferent.extend(maximal_layer_groups(&s));
        let givens = puzzle.givens().cells().to_vec();
        Ok(PuzzleToMzn {
            target: MznModel {
                rows: s.rows,
                cols: s.cols,
                domain: s.domain.clone(),
                givens,
                alldifferent,
            },
            declared: declared_sizes(puzzle),
        })
    }

    /// Fingerprint of the model's canonical content (the `.map` records it; the answer's header
    /// line repeats it).
    pub fn fingerprint(&self) -> String {
        self.target.fingerprint()
    }
}

/// The layer groups of at least two cells that no other layer group contains (on equal cell sets
/// the first one is kept), in layer order.
fn maximal_layer_groups(s: &Structure) -> Vec<AllDifferent> {
    let all: Vec<&crate::puzzle::Group> = s.layers.iter().flatten().collect();
    let contains = |big: &[u32], small: &[u32]| small.iter().all(|c| big.binary_search(c).is_ok());
    all.iter()
        .enumerate()
        .filter(|&(i, g)| {
            g.cells.len() >= 2
                && !all.iter().enumerate().any(|(j, h)| {
                    j != i
                        && contains(&h.cells, &g.cells)
                        && (h.cells.len() > g.cells.len() || j < i)
                })
        })
        .map(|(_, g)| AllDifferent {
            kind: g.kind,
            cells: g.cells.clone(),
        })
        .collect()
}

/// The formulas of the module documentation, from the puzzle (not from the [`Structure`]).
fn declared_sizes(puzzle: &Puzzle) -> Sizes {
    let (rows, cols) = (puzzle.rows() as u64, puzzle.cols() as u64);
    let clues = puzzle.clues() as u64;
    match puzzle {
        Puzzle::Sudoku(s) => {
            let n = s.n() as u64;
            Sizes::new()
                .with("variables", n * n)
                .with("domain_values", n * n * n)
                .with("givens", clues)
                .with("alldifferent", 3 * n)
                .with("alldifferent_args", 3 * n * n)
        }
        Puzzle::Suguru(sg) => {
            let sizes = sg.region_sizes();
            let (windows, window_args) = if rows >= 2 && cols >= 2 {
                let w = (rows - 1) * (cols - 1);
                (w, 4 * w)
            } else {
                let w = rows * cols - 1;
                (w, 2 * w)
            };
            Sizes::new()
                .with("variables", rows * cols)
                .with("domain_values", sizes.iter().map(|&s| (s * s) as u64).sum())
                .with("givens", clues)
                .with("alldifferent", sizes.len() as u64 + windows)
                .with("alldifferent_args", rows * cols + window_args)
        }
        // Order n: an alldifferent per choice group and per layer group that covers n cells (the
        // one-cell groups a layer is padded with lie in a row and are left out).
        Puzzle::Described(d) => {
            let n = rows;
            let (groups, extra) = match d.family() {
                Family::Latin => (2, 0),
                Family::SudokuX => (3, 2),
                Family::Windoku => (3, crate::puzzle::described::windoku_windows(d)),
                Family::Disjoint => (4, 0),
                Family::Custom => return Sizes::new(),
            };
            Sizes::new()
                .with("variables", n * n)
                .with("domain_values", n * n * n)
                .with("givens", clues)
                .with("alldifferent", groups * n + extra)
                .with("alldifferent_args", groups * n * n + extra * n)
        }
    }
}

impl Reduction for PuzzleToMzn {
    type Source = Puzzle;
    type Target = MznModel;

    fn name(&self) -> &'static str {
        "mzn"
    }
    fn target(&self) -> &MznModel {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<u8>, CertificateError> {
        if solution.rows() != self.target.rows || solution.cols() != self.target.cols {
            return Err(CertificateError::new(format!(
                "the solution is {}x{}, the puzzle {}x{}",
                solution.rows(),
                solution.cols(),
                self.target.rows,
                self.target.cols
            )));
        }
        Ok(solution.cells().to_vec())
    }
    fn extract(&self, values: &Vec<u8>) -> Result<Grid, CertificateError> {
        self.target.check(values)?;
        Ok(Grid::from_cells(
            self.target.rows,
            self.target.cols,
            values.clone(),
        ))
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}

/// Writes the model. `title` names the puzzle (`name (kind RxC, k clues)`).
pub fn write(w: &mut dyn Write, r: &PuzzleToMzn, title: &str) -> std::io::Result<()> {
    let m = &r.target;
    let fp = r.fingerprint();
    writeln!(
        w,
        "% gridreduce {}: puzzle as a MiniZinc model (alldifferent)",
        env!("CARGO_PKG_VERSION")
    )?;
    writeln!(w, "% puzzle: {}", title.replace('\n', " "))?;
    writeln!(w, "% fingerprint: {fp}")?;
    writeln!(w, "% sizes: {}", m.sizes())?;
    writeln!(w, "% solve: minizinc --solver gecode FILE.mzn")?;
    writeln!(w, "include \"alldifferent.mzn\";")?;
    writeln!(w)?;
    writeln!(w, "int: rows = {};", m.rows)?;
    writeln!(w, "int: cols = {};", m.cols)?;
    writeln!(w, "set of int: CELL = 1..rows*cols;")?;
    let max = m.domain.iter().copied().max().unwrap_or(1).max(1);
    let array = |w: &mut dyn Write, name: &str, data: &[u8]| -> std::io::Result<()> {
        writeln!(w, "array[CELL] of int: {name} = [")?;
        for (r, row) in data.chunks(m.cols.max(1)).enumerate() {
            let items: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            let sep = if r + 1 < m.rows { "," } else { "" };
            writeln!(w, "  {}{sep}", items.join(", "))?;
        }
        writeln!(w, "];")
    };
    writeln!(w, "% dom[i]: cell i (row-major) takes a value in 1..dom[i]")?;
    array(w, "dom", &m.domain)?;
    writeln!(w, "% given[i]: the given value of cell i, 0 when empty")?;
    array(w, "given", &m.givens)?;
    writeln!(w)?;
    writeln!(w, "array[CELL] of var 1..{max}: x;")?;
    writeln!(w, "constraint forall(i in CELL)(x[i] <= dom[i]);")?;
    writeln!(
        w,
        "constraint forall(i in CELL where given[i] > 0)(x[i] = given[i]);"
    )?;
    for c in &m.alldifferent {
        let args: Vec<String> = c.cells.iter().map(|&i| format!("x[{}]", i + 1)).collect();
        writeln!(w, "% {}", c.kind)?;
        writeln!(w, "constraint alldifferent([{}]);", args.join(", "))?;
    }
    writeln!(w)?;
    writeln!(w, "solve satisfy;")?;
    writeln!(w)?;
    writeln!(
        w,
        "output [\"gridreduce {}x{} fingerprint {fp}\\n\"] ++",
        m.rows, m.cols
    )?;
    writeln!(
        w,
        "  [show(x[(r - 1) * cols + c]) ++ if c == cols then \"\\n\" else \" \" endif | r in 1..rows, c in 1..cols];"
    )
}

/// The largest `--output-mode json` object [`read_answer`] collects (a 64×64 grid is under 20 KB).
const MAX_JSON_BYTES: usize = 16 << 20;

/// Reads MiniZinc's answer for the model of `r`: its default text output (the model's output
/// item) or `--output-mode json`, detected by content. The first solution is taken.
pub fn read_answer(path: &Path, r: &PuzzleToMzn) -> Result<Vec<u8>, Error> {
    let file = crate::formats::inputs::open(path)?;
    parse_answer(std::io::BufReader::new(file), r).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_answer`] on any reader.
pub fn parse_answer(reader: impl BufRead, r: &PuzzleToMzn) -> Result<Vec<u8>, InputError> {
    let m = &r.target;
    enum State {
        Start,
        Grid,
        Separator,
        Json { first: usize, text: String },
    }
    let mut state = State::Start;
    let mut values: Vec<u8> = Vec::with_capacity(m.cells());
    let mut last = 1;
    for (n, line) in Lines::new(reader) {
        let line = line?;
        last = n;
        let t = line.trim();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        if t.len() >= 10 && t.starts_with("=====") && t.ends_with("=====") {
            let status = t.trim_matches('=');
            return Err(InputError::at_line(
                n,
                match status {
                    "" => "'==========' (search complete) before any solution".to_string(),
                    "UNSATISFIABLE" => {
                        "MiniZinc says UNSATISFIABLE: the model, and so the puzzle, has no solution"
                            .to_string()
                    }
                    other => format!("MiniZinc gave no solution ({other})"),
                },
            ));
        }
        if t == "----------" {
            return match state {
                State::Separator => Ok(values),
                State::Json { first, text } => json_values(&text, first, m),
                State::Start => Err(InputError::at_line(
                    n,
                    "'----------' (end of a solution) with no solution before it",
                )),
                State::Grid => Err(InputError::at_line(
                    n,
                    format!(
                        "the solution ends after {} of the grid's {} rows",
                        values.len() / m.cols.max(1),
                        m.rows
                    ),
                )),
            };
        }
        match &mut state {
            State::Start => {
                if t.starts_with('{') {
                    state = State::Json {
                        first: n,
                        text: format!("{t}\n"),
                    };
                } else if let Some(rest) = t.strip_prefix("gridreduce ") {
                    header(rest, n, r)?;
                    state = if m.cells() == 0 {
                        State::Separator
                    } else {
                        State::Grid
                    };
                } else {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "not MiniZinc output for a gridreduce model: expected 'gridreduce RxC fingerprint …', '{{' (--output-mode json) or a '=====…=====' status, found '{}'",
                            crate::formats::tokens::excerpt(t)
                        ),
                    ));
                }
            }
            State::Grid => {
                let before = values.len();
                for (k, tok) in t.split_ascii_whitespace().enumerate() {
                    let v: u8 = tok.parse().map_err(|_| {
                        InputError::at_line(
                            n,
                            format!(
                                "'{}' is not a cell value (item {})",
                                crate::formats::tokens::excerpt(tok),
                                k + 1
                            ),
                        )
                    })?;
                    values.push(v);
                }
                if values.len() - before != m.cols {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "a grid row has {} values, the model {} columns",
                            values.len() - before,
                            m.cols
                        ),
                    ));
                }
                if values.len() == m.cells() {
                    state = State::Separator;
                }
            }
            State::Separator => {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "expected '----------' after the grid's {} rows, found '{}'",
                        m.rows,
                        crate::formats::tokens::excerpt(t)
                    ),
                ));
            }
            State::Json { text, .. } => {
                if text.len() + line.len() > MAX_JSON_BYTES {
                    return Err(InputError::at_line(
                        n,
                        format!("the JSON solution is longer than {MAX_JSON_BYTES} bytes"),
                    ));
                }
                text.push_str(t);
                text.push('\n');
            }
        }
    }
    Err(InputError::at_line(
        last,
        match state {
            State::Start => {
                "no MiniZinc solution in the file (it is empty or all comments)".to_string()
            }
            _ => "the solution is not ended by '----------' (truncated output?)".to_string(),
        },
    ))
}

/// Checks the `gridreduce RxC fingerprint F` line against the model.
fn header(rest: &str, n: usize, r: &PuzzleToMzn) -> Result<(), InputError> {
    let m = &r.target;
    let words: Vec<&str> = rest.split_ascii_whitespace().collect();
    let shape = format!("{}x{}", m.rows, m.cols);
    match words.as_slice() {
        [size, "fingerprint", fp] => {
            if *size != shape {
                return Err(InputError::at_line(
                    n,
                    format!("the answer is for a {size} grid, the model is {shape}"),
                ));
            }
            if *fp != r.fingerprint() {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "the answer is for the model with fingerprint {fp}, this one has {} (an answer for another model?)",
                        r.fingerprint()
                    ),
                ));
            }
            Ok(())
        }
        _ => Err(InputError::at_line(
            n,
            format!(
                "expected 'gridreduce RxC fingerprint F', found 'gridreduce {}'",
                crate::formats::tokens::excerpt(rest)
            ),
        )),
    }
}

/// The `x` array of a `--output-mode json` solution that starts at line `first`.
fn json_values(text: &str, first: usize, m: &MznModel) -> Result<Vec<u8>, InputError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        InputError::at_line(
            first + e.line().max(1) - 1,
            format!("not a MiniZinc JSON solution: {e}"),
        )
    })?;
    let items = value.get("x").and_then(|x| x.as_array()).ok_or_else(|| {
        InputError::at_line(
            first,
            "the JSON solution has no array \"x\" (not a gridreduce model's answer?)",
        )
    })?;
    if items.len() != m.cells() {
        return Err(InputError::at_line(
            first,
            format!(
                "\"x\" has {} values, the model {} cells (an answer for another model?)",
                items.len(),
                m.cells()
            ),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_u64()
                .filter(|&v| v <= 255)
                .map(|v| v as u8)
                .ok_or_else(|| {
                    InputError::at_line(first, format!("x[{}] = {v} is not a cell value", i + 1))
                })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The route: what the registry (`crate::route`) needs to export, decode and measure this target.

/// `--to mzn`.
pub struct MznRoute;

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the mzn instance",
    per_candidate: 8,
    per_pair: 0,
};

impl super::Route for MznRoute {
    fn footprint(&self, _params: &super::Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "mzn"
    }
    fn about(&self) -> &'static str {
        "MiniZinc model (alldifferent, data inline) for Gecode or any MiniZinc solver."
    }
    fn build(
        &self,
        puzzle: &Puzzle,
        _: &super::Params,
    ) -> Result<std::sync::Arc<dyn super::Built>, Error> {
        Ok(std::sync::Arc::new(PuzzleToMzn::new(
            puzzle,
            MznOptions {},
        )?))
    }
    fn params_from_steps(
        &self,
        steps: &[crate::reduce::StepRecord],
    ) -> Result<super::Params, String> {
        super::single_step(steps, "mzn", "a MiniZinc")
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("variables", "variables"),
            ("alldifferent", "alldifferent"),
            ("alldifferent_args", "alldifferent_args"),
        ]
    }
    fn in_default_stats(&self) -> bool {
        false
    }
    fn checks(&self) -> Vec<super::Check> {
        super::one_check("mzn")
    }
}

impl super::Built for PuzzleToMzn {
    one_step!("mzn");
    fn fingerprint(&self) -> String {
        PuzzleToMzn::fingerprint(self)
    }
    contract_facts!();
    fn summary(&self) -> String {
        let s = self.target.sizes();
        format!(
            "{} variables, {} alldifferent constraints over {} arguments, {} givens",
            s.get("variables").unwrap_or(0),
            s.get("alldifferent").unwrap_or(0),
            s.get("alldifferent_args").unwrap_or(0),
            s.get("givens").unwrap_or(0)
        )
    }
    fn file_format(&self, _: &super::Params) -> Result<(&'static str, &'static str), Error> {
        Ok(("minizinc", "mzn"))
    }
    fn write(&self, _: &str, title: &str, w: &mut dyn Write) -> std::io::Result<()> {
        write(w, self, title)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["text", "json"]
    }
    /// What the model's output item prints, as MiniZinc ends a solution.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>, Error> {
        let values = self.witness(solution)?;
        let m = &self.target;
        let mut out = format!(
            "gridreduce {}x{} fingerprint {}\n",
            m.rows,
            m.cols,
            self.fingerprint()
        );
        for row in values.chunks(m.cols.max(1)) {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("----------\n");
        Ok(out.into_bytes())
    }
    fn decode(&self, answer: &Path, _: &super::AnswerHints) -> Result<Grid, Error> {
        let values = read_answer(answer, self)?;
        self.extract(&values)
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

    fn text_answer(r: &PuzzleToMzn, values: &[u8]) -> String {
        let mut s = format!("gridreduce 4x4 fingerprint {}\n", r.fingerprint());
        for row in values.chunks(4) {
            let items: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            s += &format!("{}\n", items.join(" "));
        }
        s + "----------\n==========\n"
    }

    #[test]
    fn blank_sudoku_has_3n_alldifferent() {
        let r = PuzzleToMzn::new(&Sudoku::blank(9).into(), MznOptions::default()).unwrap();
        assert_eq!(r.target().alldifferent.len(), 27);
        assert!(r.declared_mismatches().is_empty());
    }

    #[test]
    fn text_and_json_answers_decode() {
        let r = PuzzleToMzn::new(&sudoku4(), MznOptions::default()).unwrap();
        let text = text_answer(&r, &SOLUTION);
        let got = parse_answer(text.as_bytes(), &r).unwrap();
        assert_eq!(got, SOLUTION);
        let grid = r.extract(&got).unwrap();
        assert_eq!(grid.cells(), SOLUTION);
        let json = "{\n  \"x\" : [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]\n}\n----------\n";
        assert_eq!(parse_answer(json.as_bytes(), &r).unwrap(), SOLUTION);
    }

    #[test]
    fn bad_answers_are_one_line_errors() {
        let r = PuzzleToMzn::new(&sudoku4(), MznOptions::default()).unwrap();
        let good = text_answer(&r, &SOLUTION);
        let truncated: String = good.lines().take(3).collect::<Vec<_>>().join("\n");
        let other = good.replace(&r.fingerprint(), "0123456789abcdef");
        for (text, want) in [
            ("=====UNSATISFIABLE=====\n", "UNSATISFIABLE"),
            ("=====UNKNOWN=====\n", "no solution (UNKNOWN)"),
            ("", "no MiniZinc solution"),
            ("s SATISFIABLE\nv x1\n", "not MiniZinc output"),
            (truncated.as_str(), "not ended"),
            (other.as_str(), "another model"),
            ("{\"x\": [1, 2]}\n----------\n", "has 2 values"),
            ("{\"x\": [1, 2\n----------\n", "not a MiniZinc JSON"),
        ] {
            let e = parse_answer(text.as_bytes(), &r).unwrap_err();
            assert!(e.to_string().contains(want), "{want}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
        let mut wrong = SOLUTION;
        wrong.swap(2, 3);
        let e = r.extract(&wrong.to_vec()).unwrap_err();
        assert!(e.message.contains("alldifferent"), "{e}");
    }

    #[test]
    fn writer_names_every_constraint() {
        let r = PuzzleToMzn::new(&sudoku4(), MznOptions::default()).unwrap();
        let mut out = Vec::new();
        write(&mut out, &r, "test (sudoku 4x4, 2 clues)").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("constraint alldifferent").count(), 12);
        assert!(text.contains("% block 1\n"));
        assert!(text.contains(&format!("fingerprint {}", r.fingerprint())));
    }
}
