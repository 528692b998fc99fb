//! Target `qubo`: the puzzle as a binary quadratic model (QUBO) whose ground energy is exactly 0
//! for the puzzle's solutions and at least 1 for every other assignment, written as dimod's
//! serialisable JSON (`BinaryQuadraticModel.from_serializable` reads it) and as COO text
//! (`dimod.serialization.coo`), for simulated or quantum annealers.
//!
//! # Model
//!
//! One binary variable `x(i,v)` per candidate: each value `v ≤ domain(i)` of a free cell, only the
//! given value of a given cell (givens are fixed by leaving their other values out). With the
//! puzzle's `Structure`, the energy is a sum of penalties:
//!
//! * each cell holds exactly one value: `(1 − Σ_v x(i,v))²`;
//! * each choice group `g` (Sudoku block, Suguru region) holds each `v ∈ 1..=|g|` exactly once:
//!   `(1 − Σ_{i∈g} x(i,v))²`;
//! * each layer group (Sudoku row and column, Suguru 2×2 window: the neighbour rule) holds each
//!   value at most once: `Σ_{i<j∈group} x(i,v)·x(j,v)`.
//!
//! With `x² = x`, `(1 − Σx)² = 1 − Σx + 2·Σ_{pairs} x·x'`: every variable gets linear bias −2
//! (its cell and its choice group), a pair gets +2 per exactly-one constraint and +1 per
//! at-most-once constraint it shares, and the offset is the number of exactly-one constraints,
//! `cells + Σ_g |g| = 2·cells`.
//!
//! **Ground energy.** Every penalty is a non-negative integer on 0/1 values (a square of an
//! integer, a product of bits), so `E(x) ≥ 0`, and `E(x) = 0` iff every penalty is 0: each cell has
//! exactly one value (a grid, with givens kept, since no other value of a given cell has a
//! variable), each choice group holds `1..=|g|` once each, no layer group repeats a value — which
//! are exactly the puzzle's rules (`puzzle::Structure`). So the zero-energy assignments are
//! exactly the witnesses of the solutions, every other assignment has `E ≥ 1`, and the puzzle is
//! solvable iff the minimum energy is 0.
//!
//! # Sizes (checked against the built model by the round-trip harness)
//!
//! * `variables = Σ_i cand(i)` (1 for a given cell, `domain(i)` otherwise);
//! * `interactions = Σ_i C(cand(i), 2) + Σ_{a~b} |cand(a) ∩ cand(b)|`, over the unordered pairs of
//!   distinct cells that share a group (`Structure::conflicting_pairs`): the pairs within a cell and
//!   the equal-value pairs of conflicting cells, each with a positive bias, so none cancels;
//! * `offset = 2·cells`.
//!
//! Blank N×N Sudoku with √N×√N boxes: `N³` variables, `N²·C(N,2) + N·N²·(3N − 2√N − 1)/2`
//! interactions (10,206 for N = 9), offset `2N²`.

use crate::error::{CertificateError, Error, InputError};
use crate::formats::map::Fingerprinter;
use crate::puzzle::{Grid, Puzzle, Structure, cell_name};
use crate::reduce::{Problem, Reduction, Sizes};
use std::io::{Read, Write};
use std::path::Path;

/// A QUBO with integer biases: `E(x) = offset + Σ linear[i]·x_i + Σ bias·x_i·x_j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qubo {
    pub linear: Vec<i64>,
    /// Non-zero quadratic biases `(i, j, bias)` with `i < j`, sorted, each pair once.
    pub quadratic: Vec<(u32, u32, i64)>,
    pub offset: i64,
}

impl Qubo {
    pub fn variables(&self) -> usize {
        self.linear.len()
    }

    /// The energy of an assignment (of the right length).
    pub fn energy(&self, x: &[bool]) -> i64 {
        let linear: i64 = self
            .linear
            .iter()
            .zip(x)
            .filter(|&(_, &on)| on)
            .map(|(&b, _)| b)
            .sum();
        let quadratic: i64 = self
            .quadratic
            .iter()
            .filter(|&&(i, j, _)| x[i as usize] && x[j as usize])
            .map(|&(_, _, b)| b)
            .sum();
        self.offset + linear + quadratic
    }
}

impl Problem for Qubo {
    /// One bit per variable.
    type Certificate = Vec<bool>;

    /// The decision form "some assignment has energy ≤ 0": for this construction, whose energies
    /// are ≥ 0, that is a ground state of energy exactly 0.
    fn check(&self, x: &Vec<bool>) -> Result<(), CertificateError> {
        if x.len() != self.variables() {
            return Err(CertificateError::new(format!(
                "assignment has {} values, the QUBO has {} variables",
                x.len(),
                self.variables()
            )));
        }
        match self.energy(x) {
            e if e <= 0 => Ok(()),
            e => Err(CertificateError::new(format!(
                "assignment has energy {e} > 0"
            ))),
        }
    }

    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("variables", self.linear.len() as u64)
            .with("interactions", self.quadratic.len() as u64)
            .with("offset", self.offset.max(0) as u64)
    }
}

/// Puzzle → QUBO. See the module documentation.
pub struct PuzzleToQubo {
    target: Qubo,
    /// (cell, value) of each variable; a cell's variables are consecutive, values ascending.
    meaning: Vec<(u32, u8)>,
    /// First variable of each cell, and one past the last.
    first: Vec<u32>,
    structure: Structure,
    declared: Sizes,
}

impl PuzzleToQubo {
    pub fn new(puzzle: &Puzzle) -> Result<Self, Error> {
        let s = puzzle.structure();
        let cand = candidates(puzzle, &s);
        let mut meaning = Vec::new();
        let mut first = Vec::with_capacity(s.cells() + 1);
        for (cell, values) in cand.iter().enumerate() {
            first.push(meaning.len() as u32);
            meaning.extend(values.iter().map(|&v| (cell as u32, v)));
        }
        first.push(meaning.len() as u32);
        let var = |cell: u32, v: u8| -> Option<u32> {
            let (a, b) = (first[cell as usize], first[cell as usize + 1]);
            (a..b).find(|&k| meaning[k as usize].1 == v)
        };
        let mut linear = vec![0i64; meaning.len()];
        let mut pairs: Vec<(u32, u32, i64)> = Vec::new();
        let mut offset = 0i64;
        // (1 − Σx)² = 1 − Σx + 2·Σ_{pairs} x·x'.
        let mut exactly_one = |vars: &[u32], pairs: &mut Vec<(u32, u32, i64)>| {
            offset += 1;
            for (k, &a) in vars.iter().enumerate() {
                linear[a as usize] -= 1;
                pairs.extend(vars[k + 1..].iter().map(|&b| (a.min(b), a.max(b), 2)));
            }
        };
        for cell in 0..s.cells() {
            let vars: Vec<u32> = (first[cell]..first[cell + 1]).collect();
            exactly_one(&vars, &mut pairs);
        }
        for g in &s.choice {
            for v in 1..=g.cells.len() as u8 {
                let vars: Vec<u32> = g.cells.iter().filter_map(|&c| var(c, v)).collect();
                exactly_one(&vars, &mut pairs);
            }
        }
        for g in s.layers.iter().flatten() {
            for v in 1..=g.max_value {
                let vars: Vec<u32> = g.cells.iter().filter_map(|&c| var(c, v)).collect();
                for (k, &a) in vars.iter().enumerate() {
                    pairs.extend(vars[k + 1..].iter().map(|&b| (a.min(b), a.max(b), 1)));
                }
            }
        }
        pairs.sort_unstable();
        let mut quadratic: Vec<(u32, u32, i64)> = Vec::with_capacity(pairs.len());
        for (a, b, w) in pairs {
            match quadratic.last_mut() {
                Some(last) if (last.0, last.1) == (a, b) => last.2 += w,
                _ => quadratic.push((a, b, w)),
            }
        }
        let declared = declared_sizes(&s, &cand);
        Ok(PuzzleToQubo {
            target: Qubo {
                linear,
                quadratic,
                offset,
            },
            meaning,
            first,
            structure: s,
            declared,
        })
    }

    /// `(cell, value)` of variable `k`.
    pub fn meaning(&self, k: usize) -> (u32, u8) {
        self.meaning[k]
    }

    /// Hash of the model (biases and offset), for the `.map` file.
    pub fn fingerprint(&self) -> String {
        let mut f = Fingerprinter::default();
        let q = &self.target;
        f.update(&q.offset.to_le_bytes());
        for &b in &q.linear {
            f.update(&b.to_le_bytes());
        }
        for &(i, j, b) in &q.quadratic {
            f.update_u32(i);
            f.update_u32(j);
            f.update(&b.to_le_bytes());
        }
        f.finish()
    }

    /// The first broken rule of an assignment with energy > 0, in the puzzle's words.
    fn violation(&self, x: &[bool]) -> String {
        let s = &self.structure;
        let values = |cell: usize| -> Vec<u8> {
            (self.first[cell]..self.first[cell + 1])
                .filter(|&k| x[k as usize])
                .map(|k| self.meaning[k as usize].1)
                .collect()
        };
        let name = |cell: usize| cell_name(s.cols, cell);
        for cell in 0..s.cells() {
            match values(cell).as_slice() {
                [_] => {}
                [] => return format!("{} has no value", name(cell)),
                many => return format!("{} has {} values {:?}", name(cell), many.len(), many),
            }
        }
        let count = |cells: &[u32], v: u8| -> usize {
            cells
                .iter()
                .filter(|&&c| values(c as usize).contains(&v))
                .count()
        };
        for g in &s.choice {
            for v in 1..=g.cells.len() as u8 {
                if count(&g.cells, v) != 1 {
                    return format!("{} holds {v} {} times", g.kind, count(&g.cells, v));
                }
            }
        }
        for g in s.layers.iter().flatten() {
            for v in 1..=g.max_value {
                if count(&g.cells, v) > 1 {
                    return format!("{} holds {v} {} times", g.kind, count(&g.cells, v));
                }
            }
        }
        "no rule is broken".into()
    }
}

/// Candidate values of each cell: the given, or `1..=domain`.
fn candidates(puzzle: &Puzzle, s: &Structure) -> Vec<Vec<u8>> {
    let givens = puzzle.givens();
    (0..s.cells())
        .map(|i| match givens.get(i) {
            0 => (1..=s.domain[i]).collect(),
            v => vec![v],
        })
        .collect()
}

/// The size formulas of the module documentation.
fn declared_sizes(s: &Structure, cand: &[Vec<u8>]) -> Sizes {
    let variables: u64 = cand.iter().map(|c| c.len() as u64).sum();
    let within: u64 = cand
        .iter()
        .map(|c| (c.len() as u64) * (c.len() as u64).saturating_sub(1) / 2)
        .sum();
    let across: u64 = s
        .conflicting_pairs()
        .iter()
        .map(|&(a, b)| {
            let cb = &cand[b as usize];
            cand[a as usize].iter().filter(|v| cb.contains(v)).count() as u64
        })
        .sum();
    Sizes::new()
        .with("variables", variables)
        .with("interactions", within + across)
        .with("offset", 2 * s.cells() as u64)
}

impl Reduction for PuzzleToQubo {
    type Source = Puzzle;
    type Target = Qubo;

    fn name(&self) -> &'static str {
        "qubo"
    }
    fn target(&self) -> &Qubo {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<bool>, CertificateError> {
        let s = &self.structure;
        if solution.rows() != s.rows || solution.cols() != s.cols {
            return Err(CertificateError::new("solution has the wrong shape"));
        }
        let mut x = vec![false; self.meaning.len()];
        for cell in 0..s.cells() {
            let v = solution.get(cell);
            let k = (self.first[cell]..self.first[cell + 1])
                .find(|&k| self.meaning[k as usize].1 == v)
                .ok_or_else(|| {
                    CertificateError::new(format!(
                        "{} holds {v}, which is not a candidate",
                        cell_name(s.cols, cell)
                    ))
                })?;
            x[k as usize] = true;
        }
        Ok(x)
    }
    fn extract(&self, x: &Vec<bool>) -> Result<Grid, CertificateError> {
        self.target.check(x).map_err(|e| {
            if x.len() == self.meaning.len() {
                CertificateError::new(format!(
                    "{e}, so it is not a solution: {}",
                    self.violation(x)
                ))
            } else {
                e
            }
        })?;
        let s = &self.structure;
        let mut grid = Grid::empty(s.rows, s.cols);
        for (k, _) in x.iter().enumerate().filter(|&(_, &on)| on) {
            let (cell, v) = self.meaning[k];
            grid.set(cell as usize, v);
        }
        Ok(grid)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}

/// Writes dimod's serialisable JSON of the model (`bqm_schema` 3.0.0, the schema dimod 0.12
/// writes and reads): variables labelled `0..n`, vartype `BINARY`, biases as floats. The title
/// goes into `info`.
pub fn write_json(w: &mut dyn Write, r: &PuzzleToQubo, title: &str) -> std::io::Result<()> {
    let q = &r.target;
    let mut out = std::io::BufWriter::new(w);
    let title = serde_json::to_string(title).expect("a string serialises");
    write!(
        out,
        "{{\"type\": \"BinaryQuadraticModel\", \"version\": {{\"bqm_schema\": \"3.0.0\"}}, \
         \"use_bytes\": false, \"index_type\": \"int32\", \"bias_type\": \"float64\", \
         \"num_variables\": {}, \"num_interactions\": {}, \"variable_labels\": [",
        q.variables(),
        q.quadratic.len()
    )?;
    list(&mut out, 0..q.variables() as i64, |v| v.to_string())?;
    write!(
        out,
        "], \"variable_type\": \"BINARY\", \"offset\": {}.0, \
         \"info\": {{\"gridreduce\": \"qubo\", \"title\": {title}}}, \"linear_biases\": [",
        q.offset
    )?;
    list(&mut out, q.linear.iter(), |b| format!("{b}.0"))?;
    out.write_all(b"], \"quadratic_biases\": [")?;
    list(&mut out, q.quadratic.iter(), |&(_, _, b)| format!("{b}.0"))?;
    out.write_all(b"], \"quadratic_head\": [")?;
    list(&mut out, q.quadratic.iter(), |&(i, _, _)| i.to_string())?;
    out.write_all(b"], \"quadratic_tail\": [")?;
    list(&mut out, q.quadratic.iter(), |&(_, j, _)| j.to_string())?;
    out.write_all(b"]}\n")?;
    out.flush()
}

fn list<T>(
    out: &mut dyn Write,
    items: impl Iterator<Item = T>,
    show: impl Fn(T) -> String,
) -> std::io::Result<()> {
    for (k, item) in items.enumerate() {
        if k > 0 {
            out.write_all(b", ")?;
        }
        out.write_all(show(item).as_bytes())?;
    }
    Ok(())
}

/// Writes the model as COO text, as `dimod.serialization.coo` writes it: `# vartype=BINARY`, then
/// `i i bias` for each linear bias and `i j bias` (`i < j`) for each interaction. COO has no
/// offset: it is given in a comment, and a COO energy plus the offset is the model's energy.
pub fn write_coo(w: &mut dyn Write, r: &PuzzleToQubo, title: &str) -> std::io::Result<()> {
    let q = &r.target;
    let mut out = std::io::BufWriter::new(w);
    writeln!(out, "# vartype=BINARY")?;
    writeln!(
        out,
        "# gridreduce qubo: {}",
        title.replace(['\n', '\r'], " ")
    )?;
    writeln!(
        out,
        "# offset={} (not part of COO: solutions have COO energy -{})",
        q.offset, q.offset
    )?;
    // Row-major upper triangle, as dimod writes it.
    let mut quadratic = q.quadratic.iter().peekable();
    for (i, &b) in q.linear.iter().enumerate() {
        if b != 0 {
            writeln!(out, "{i} {i} {b}.000000")?;
        }
        while let Some(&&(a, j, w)) = quadratic.peek() {
            if a as usize != i {
                break;
            }
            writeln!(out, "{a} {j} {w}.000000")?;
            quadratic.next();
        }
    }
    out.flush()
}

/// The largest answer file [`read_answer`] reads: 32 MiB, which keeps the parsed JSON under about
/// half a gigabyte (a SampleSet of 1,000 unpacked reads of a blank 25×25 Sudoku's 15,625 variables
/// is about 47 MB unpacked, 2 MB packed — dimod's default).
pub const MAX_ANSWER_BYTES: u64 = 32 << 20;

/// Reads an annealer's answer: dimod's serialised `SampleSet` JSON (the lowest-energy sample is
/// taken; packed or unpacked samples, BINARY or SPIN) or plain 0/1 values (whitespace separated,
/// or one run of digits), detected by content. The energy is checked by `extract`.
pub fn read_answer(path: &Path, r: &PuzzleToQubo) -> Result<Vec<bool>, Error> {
    let file = crate::formats::inputs::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_ANSWER_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > MAX_ANSWER_BYTES {
        return Err(Error::Input(
            InputError::new(format!("answer is larger than {MAX_ANSWER_BYTES} bytes"))
                .in_file(path),
        ));
    }
    parse_answer(&bytes, r.target.variables()).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_answer`] on bytes, for a model of `n` variables (errors without the file name).
pub fn parse_answer(bytes: &[u8], n: usize) -> Result<Vec<bool>, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        InputError::at_line(line, "not valid UTF-8 text")
    })?;
    if text.trim_start().starts_with('{') {
        sampleset(text, n)
    } else {
        bits(text, n)
    }
}

/// Plain 0/1 values; lines starting with `#` are comments.
fn bits(text: &str, n: usize) -> Result<Vec<bool>, InputError> {
    let mut x = Vec::with_capacity(n);
    for (k, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        for token in line.split_whitespace() {
            for ch in token.chars() {
                let bit = match ch {
                    '0' => false,
                    '1' => true,
                    _ => {
                        return Err(InputError::at_line(
                            k + 1,
                            format!("{token:?} is not a 0/1 value"),
                        ));
                    }
                };
                if x.len() == n {
                    return Err(InputError::at_line(
                        k + 1,
                        format!("more than {n} values (the QUBO has {n} variables)"),
                    ));
                }
                x.push(bit);
            }
        }
    }
    if x.len() != n {
        return Err(InputError::new(format!(
            "{} values, the QUBO has {n} variables",
            x.len()
        )));
    }
    Ok(x)
}

/// dimod's `SampleSet.to_serializable()` (sampleset_schema 3.x).
fn sampleset(text: &str, n: usize) -> Result<Vec<bool>, InputError> {
    use serde_json::Value;
    let doc: Value = serde_json::from_str(text).map_err(|e| {
        InputError::at_line(e.line().max(1), format!("not JSON: {e}")).with_column(e.column())
    })?;
    let bad = |what: &str| InputError::new(format!("not a dimod SampleSet: {what}"));
    if doc["type"] != "SampleSet" {
        return Err(bad(&format!("\"type\" is {}", doc["type"])));
    }
    let spin = match doc["variable_type"].as_str() {
        Some("BINARY") => false,
        Some("SPIN") => true,
        _ => return Err(bad("\"variable_type\" is neither BINARY nor SPIN")),
    };
    let labels = doc["variable_labels"]
        .as_array()
        .ok_or_else(|| bad("no \"variable_labels\" list"))?;
    if labels.len() != n {
        return Err(InputError::new(format!(
            "samples have {} variables, the QUBO has {n}",
            labels.len()
        )));
    }
    // Column of the sample array → variable of the model.
    let mut column_of = vec![usize::MAX; n];
    for (col, label) in labels.iter().enumerate() {
        let v = label
            .as_u64()
            .filter(|&v| v < n as u64)
            .ok_or_else(|| bad(&format!("variable label {label} is not in 0..{n}")))?;
        if column_of[v as usize] != usize::MAX {
            return Err(bad(&format!("variable label {v} appears twice")));
        }
        column_of[v as usize] = col;
    }
    let energies: Vec<f64> = doc["vectors"]["energy"]["data"]
        .as_array()
        .ok_or_else(|| bad("no \"vectors\".\"energy\" array"))?
        .iter()
        .map(|e| e.as_f64().ok_or_else(|| bad("an energy is not a number")))
        .collect::<Result<_, _>>()?;
    let best = (0..energies.len())
        .min_by(|&a, &b| energies[a].total_cmp(&energies[b]))
        .ok_or_else(|| InputError::new("the SampleSet has no samples"))?;
    let data = &doc["sample_data"];
    if data["use_bytes"] == true {
        return Err(bad(
            "samples serialised with use_bytes=True (write them with use_bytes=False)",
        ));
    }
    let row = data["data"]
        .as_array()
        .and_then(|rows| rows.get(best))
        .and_then(Value::as_array)
        .ok_or_else(|| bad(&format!("no sample row {best} in \"sample_data\"")))?;
    let value = |k: usize| -> Result<i64, InputError> {
        row.get(k)
            .and_then(Value::as_i64)
            .ok_or_else(|| bad(&format!("sample row {best} has no integer at {k}")))
    };
    let mut x = vec![false; n];
    let packed = doc["sample_packed"] == true;
    for (v, &col) in column_of.iter().enumerate() {
        x[v] = if packed {
            // dimod packs 32 variables per uint32, variable 32w + b in bit b of word w.
            (value(col / 32)? >> (col % 32)) & 1 == 1
        } else {
            match (value(col)?, spin) {
                (0, false) | (-1, true) => false,
                (1, _) => true,
                (other, _) => {
                    return Err(bad(&format!(
                        "sample value {other} is not {}",
                        if spin { "±1" } else { "0/1" }
                    )));
                }
            }
        };
    }
    Ok(x)
}

// ---------------------------------------------------------------------------------------------
// The route: what the registry (`crate::route`) needs to export, decode and measure this target.

/// `--to qubo`.
pub struct QuboRoute;

const FORMATS: &[super::Choice] = &[
    super::choice(
        "json",
        "dimod's serialisable JSON (BinaryQuadraticModel.from_serializable reads it).",
    ),
    super::choice(
        "coo",
        "COO text, one `i j bias` per line (dimod's coo format).",
    ),
];

const PARAMS: &[super::Param] = &[super::Param {
    key: "format",
    help: "QUBO file format (--to qubo): json (default) or coo.",
    kind: super::Kind::Choice(FORMATS),
}];

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the qubo instance",
    per_candidate: 0,
    per_pair: 32,
};

impl super::Route for QuboRoute {
    fn footprint(&self, _params: &super::Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "qubo"
    }
    fn about(&self) -> &'static str {
        "QUBO (binary quadratic model, ground energy 0 exactly at solutions) for dimod and annealers."
    }
    fn params(&self) -> &'static [super::Param] {
        PARAMS
    }
    fn build(
        &self,
        puzzle: &Puzzle,
        _: &super::Params,
    ) -> Result<std::sync::Arc<dyn super::Built>, Error> {
        Ok(std::sync::Arc::new(PuzzleToQubo::new(puzzle)?))
    }
    fn params_from_steps(
        &self,
        steps: &[crate::reduce::StepRecord],
    ) -> Result<super::Params, String> {
        super::single_step(steps, "qubo", "a QUBO")
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[("variables", "variables"), ("interactions", "interactions")]
    }
    fn in_default_stats(&self) -> bool {
        false
    }
    fn checks(&self) -> Vec<super::Check> {
        super::one_check("qubo")
    }
}

impl super::Built for PuzzleToQubo {
    one_step!("qubo");
    fn fingerprint(&self) -> String {
        PuzzleToQubo::fingerprint(self)
    }
    contract_facts!();
    fn summary(&self) -> String {
        let s = self.target.sizes();
        format!(
            "{} variables, {} interactions, offset {}",
            s.get("variables").unwrap_or(0),
            s.get("interactions").unwrap_or(0),
            s.get("offset").unwrap_or(0)
        )
    }
    fn file_format(&self, params: &super::Params) -> Result<(&'static str, &'static str), Error> {
        Ok(match params.choice("format") {
            Some("coo") => ("coo", "coo"),
            _ => ("json", "json"),
        })
    }
    fn write(&self, format: &str, title: &str, w: &mut dyn Write) -> std::io::Result<()> {
        match format {
            "coo" => write_coo(w, self, title),
            _ => write_json(w, self, title),
        }
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["bits", "sampleset"]
    }
    /// The assignment as a plain line of 0/1 values.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>, Error> {
        let x = self.witness(solution)?;
        let bits: Vec<&str> = x.iter().map(|&b| if b { "1" } else { "0" }).collect();
        Ok(format!("{}\n", bits.join(" ")).into_bytes())
    }
    fn decode(&self, answer: &Path, _: &super::AnswerHints) -> Result<Grid, Error> {
        let x = read_answer(answer, self)?;
        self.extract(&x).map_err(|e| super::answer_error(answer, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sudoku_text::{LayoutSpec, parse_puzzle};

    fn sudoku(line: &str) -> Puzzle {
        parse_puzzle(line, &LayoutSpec::Default).unwrap().0.into()
    }

    fn solved4() -> Grid {
        let cells = "1234341221434321".bytes().map(|b| b - b'0').collect();
        Grid::from_cells(4, 4, cells)
    }

    #[test]
    fn blank_sudoku_sizes_match_the_closed_form() {
        for (line, n) in [(".".repeat(16), 4u64), (".".repeat(81), 9)] {
            let r = PuzzleToQubo::new(&sudoku(&line)).unwrap();
            let b = (n as f64).sqrt() as u64;
            let interactions = n * n * n * (n - 1) / 2 + n * n * n * (3 * n - 2 * b - 1) / 2;
            assert_eq!(
                r.sizes(),
                Sizes::new()
                    .with("variables", n * n * n)
                    .with("interactions", interactions)
                    .with("offset", 2 * n * n)
            );
            assert_eq!(r.declared_sizes(), r.sizes());
        }
        let r = PuzzleToQubo::new(&sudoku(&".".repeat(81))).unwrap();
        assert_eq!(r.sizes().get("interactions"), Some(10_206));
    }

    #[test]
    fn solutions_have_energy_zero_and_every_one_bit_flip_costs() {
        let r = PuzzleToQubo::new(&sudoku(&".".repeat(16))).unwrap();
        let mut x = r.witness(&solved4()).unwrap();
        assert_eq!(r.target().energy(&x), 0);
        assert_eq!(r.extract(&x).unwrap(), solved4());
        for k in 0..x.len() {
            x[k] = !x[k];
            assert!(r.target().energy(&x) >= 1, "flip {k}");
            let e = r.extract(&x).unwrap_err().to_string();
            assert!(e.contains("energy") && e.contains("not a solution"), "{e}");
            x[k] = !x[k];
        }
    }

    #[test]
    fn answers_in_both_flavours() {
        let r = PuzzleToQubo::new(&sudoku(&".".repeat(16))).unwrap();
        let x = r.witness(&solved4()).unwrap();
        let line: String = x.iter().map(|&b| if b { '1' } else { '0' }).collect();
        assert_eq!(parse_answer(line.as_bytes(), 64).unwrap(), x);
        let spaced: Vec<&str> = x.iter().map(|&b| if b { "1" } else { "0" }).collect();
        assert_eq!(parse_answer(spaced.join(" ").as_bytes(), 64).unwrap(), x);
        // Packed SampleSet with a worse sample first and labels in reverse order.
        let reversed: Vec<bool> = x.iter().rev().copied().collect();
        let pack = |bits: &[bool]| -> Vec<u64> {
            bits.chunks(32)
                .map(|c| c.iter().enumerate().map(|(b, &on)| (on as u64) << b).sum())
                .collect()
        };
        let labels: Vec<usize> = (0..64).rev().collect();
        let doc = serde_json::json!({
            "type": "SampleSet", "version": {"sampleset_schema": "3.2.0"},
            "num_variables": 64, "num_rows": 2,
            "sample_data": {"type": "array", "data": [pack(&[false; 64]), pack(&reversed)],
                            "data_type": "uint32", "shape": [2, 2], "use_bytes": false},
            "sample_type": "int8", "sample_packed": true,
            "vectors": {"energy": {"type": "array", "data": [32, 0], "data_type": "float64",
                                   "shape": [2], "use_bytes": false}},
            "variable_labels": labels, "variable_type": "BINARY", "info": {}
        });
        assert_eq!(parse_answer(doc.to_string().as_bytes(), 64).unwrap(), x);
        // Unpacked SPIN samples (−1/+1), labels in order.
        let spins: Vec<i8> = x.iter().map(|&b| if b { 1 } else { -1 }).collect();
        let doc = serde_json::json!({
            "type": "SampleSet", "num_variables": 64, "num_rows": 1,
            "sample_data": {"type": "array", "data": [spins], "data_type": "int8",
                            "shape": [1, 64], "use_bytes": false},
            "sample_packed": false,
            "vectors": {"energy": {"data": [-32.0]}},
            "variable_labels": (0..64).collect::<Vec<usize>>(), "variable_type": "SPIN"
        });
        assert_eq!(parse_answer(doc.to_string().as_bytes(), 64).unwrap(), x);
    }

    #[test]
    fn bad_answers_are_one_line_errors() {
        let e = |s: &str| parse_answer(s.as_bytes(), 4).unwrap_err().to_string();
        assert!(e("0 1 2 0").starts_with("line 1: \"2\" is not a 0/1 value"));
        assert!(e("010").contains("3 values, the QUBO has 4"));
        assert!(e("0\n1\n0\n1\n1").starts_with("line 5: more than 4"));
        assert!(e("{\"type\": 3").starts_with("line 1:"));
        assert!(e("{\"type\": \"BQM\"}").contains("not a dimod SampleSet"));
        let r = PuzzleToQubo::new(&sudoku(&".".repeat(16))).unwrap();
        assert!(r.extract(&vec![false; 3]).is_err());
        let e = r.extract(&vec![false; 64]).unwrap_err().to_string();
        assert_eq!(
            e,
            "assignment has energy 32 > 0, so it is not a solution: r1c1 has no value"
        );
    }
}
