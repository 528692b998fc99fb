//! DIMACS CNF files, and the answers SAT solvers give for them.
//!
//! **Writer.** A comment header says what the formula is (puzzle name, encoding, fingerprint, sizes
//! before `--simplify`) and what each variable means, one line per variable:
//!
//! ```text
//! c gridreduce 0.1.0: puzzle as CNF
//! c puzzle: sudoku4_vu_kr_100#1 (sudoku 4x4, 5 clues)
//! c encoding: extended, givens as unit clauses
//! c fingerprint: 3f0c9a61d2e4b7a0
//! c x 1 = r1c1#1
//! c x 2 = r1c1#2
//! …
//! p cnf 64 408
//! 1 2 3 4 0
//! …
//! ```
//!
//! **Readers** (format detected from the first line that is not a comment):
//!
//! * SAT-competition output: `s SATISFIABLE`, then `v …` lines (the model may be split over any
//!   number of them), ending with `0`; `c` lines are comments.
//! * MiniSat's result file (`minisat in.cnf out.txt`): `SAT`, then the literals ending with `0`.
//! * A plain model: lines of literals (the final `0` optional).
//!
//! Every variable of the formula must be assigned exactly once. `s UNSATISFIABLE`, `UNSAT`,
//! `s UNKNOWN`/`INDET`, a missing or truncated model, a literal beyond the formula's variables
//! (an answer for another formula) each give a one-line error naming the file and line.

use super::lines::Lines;
use super::tokens::FastWriter;
use crate::error::{Error, InputError};
use crate::reduce::Reduction;
use crate::sat::{Assignment, Cnf, PuzzleToCnf};
use std::io::Write;
use std::path::Path;

/// Where the model came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelFormat {
    Competition,
    MiniSat,
    Plain,
}

impl ModelFormat {
    pub fn name(self) -> &'static str {
        match self {
            ModelFormat::Competition => "SAT-competition output",
            ModelFormat::MiniSat => "MiniSat result file",
            ModelFormat::Plain => "plain model",
        }
    }
}

/// Writes the formula with its header. `title` names the puzzle (`name (kind RxC, k clues)`).
pub fn write_cnf(w: &mut dyn Write, reduction: &PuzzleToCnf, title: &str) -> std::io::Result<()> {
    let cnf: &Cnf = reduction.target();
    let options = reduction.options();
    writeln!(
        w,
        "c gridreduce {}: puzzle as CNF",
        env!("CARGO_PKG_VERSION")
    )?;
    writeln!(w, "c puzzle: {title}")?;
    if options.simplify {
        let before = reduction.sizes_before();
        writeln!(
            w,
            "c encoding: {}, simplified (givens applied; before: {} variables, {} clauses, {} literals)",
            options.encoding.name(),
            before.get("full_variables").unwrap_or(0),
            before.get("full_clauses").unwrap_or(0),
            before.get("full_literals").unwrap_or(0),
        )?;
    } else {
        writeln!(
            w,
            "c encoding: {}, givens as unit clauses",
            options.encoding.name()
        )?;
    }
    writeln!(w, "c fingerprint: {}", cnf.fingerprint())?;
    writeln!(
        w,
        "c variable x = \"cell holds value\", cells as r<row>c<column>#<value>:"
    )?;
    for (x, cell, value) in reduction.variables() {
        writeln!(w, "c x {x} = {}", reduction.describe(cell, value))?;
    }
    write_formula(w, cnf)
}

/// Writes the `p cnf` line and the clauses, one a line, each ending with `0` (no comments): the
/// body of [`write_cnf`], and what [`parse_cnf`] reads back equal.
pub fn write_formula(w: &mut dyn Write, cnf: &Cnf) -> std::io::Result<()> {
    writeln!(w, "p cnf {} {}", cnf.vars(), cnf.num_clauses())?;
    let mut w = FastWriter::new(w);
    for clause in cnf.clauses() {
        for &l in clause {
            w.num(l)?;
            w.byte(b' ')?;
        }
        w.text("0\n")?;
    }
    w.finish()
}

/// The largest variable count [`parse_cnf`] accepts by default: 2^26, far above any formula
/// gridreduce writes (a blank 25×25 Sudoku has 15,625 variables) and small enough that one
/// value per variable stays below 100 MB.
pub const DEFAULT_MAX_VARIABLES: u32 = 1 << 26;

/// Reads a DIMACS CNF file: `c` comment lines anywhere, one header `p cnf VARIABLES CLAUSES`, then
/// the clauses as a stream of literals (any number per line, a clause may span lines), each clause
/// ended by `0`; a `%` line (as in the SATLIB benchmark files) ends the clauses. Rejects, with the
/// line (and column): a missing, repeated or malformed header, more than `max_variables` variables,
/// a literal naming a variable outside `1..=VARIABLES`, a token that is not a whole number, more or
/// fewer clauses than the header says, a last clause without its `0`. Memory stays proportional to
/// the clauses actually read, whatever the header claims.
pub fn parse_cnf(reader: impl std::io::BufRead, max_variables: u32) -> Result<Cnf, InputError> {
    let mut header: Option<(usize, u32, u64)> = None; // (line, variables, clauses)
    let mut cnf = Cnf::new(0);
    let mut clause: Vec<i32> = Vec::new();
    let mut clause_line = 0;
    let mut last_line = 0;
    for (n, line) in Lines::new(reader) {
        let line = line?;
        last_line = n;
        let t = line.trim();
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        if t.starts_with('%') {
            break;
        }
        if t.starts_with('p') {
            if let Some((first, _, _)) = header {
                return Err(InputError::at_line(
                    n,
                    format!("a second 'p' line (the header is on line {first})"),
                ));
            }
            let words: Vec<&str> = t.split_whitespace().collect();
            let bad = || {
                InputError::at_line(
                    n,
                    format!(
                        "expected the header 'p cnf VARIABLES CLAUSES', found '{}'",
                        super::tokens::excerpt(t)
                    ),
                )
            };
            let [p, "cnf", v, c] = words[..] else {
                return Err(bad());
            };
            if p != "p" {
                return Err(bad());
            }
            let (Ok(v), Ok(c)) = (v.parse::<u64>(), c.parse::<u64>()) else {
                return Err(bad());
            };
            if v > max_variables as u64 {
                return Err(InputError::at_line(
                    n,
                    format!("{v} variables is above the limit of {max_variables}"),
                ));
            }
            header = Some((n, v as u32, c));
            cnf = Cnf::new(v as u32);
            continue;
        }
        let Some((_, vars, clauses)) = header else {
            return Err(InputError::at_line(
                n,
                format!(
                    "expected the header 'p cnf VARIABLES CLAUSES' before the clauses, found '{}'",
                    super::tokens::excerpt(t)
                ),
            ));
        };
        let lead = line.len() - line.trim_start().len();
        let mut col = lead;
        for token in t.split(|c: char| c.is_ascii_whitespace()) {
            let start = col + 1;
            col += token.len() + 1;
            if token.is_empty() {
                continue;
            }
            let lit: i64 = token.parse().map_err(|_| {
                InputError::at_line(
                    n,
                    format!(
                        "'{}' is not a literal (a whole number)",
                        super::tokens::excerpt(token)
                    ),
                )
                .with_column(start)
            })?;
            if lit == 0 {
                if cnf.num_clauses() as u64 >= clauses {
                    return Err(InputError::at_line(
                        n,
                        format!("more clauses than the {clauses} of the header"),
                    )
                    .with_column(start));
                }
                cnf.add_clause(&clause);
                clause.clear();
                continue;
            }
            if lit.unsigned_abs() > vars as u64 {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "literal {lit} names variable {}, but the header declares {vars} variables",
                        lit.unsigned_abs()
                    ),
                )
                .with_column(start));
            }
            if clause.is_empty() {
                clause_line = n;
            }
            clause.push(lit as i32);
        }
    }
    let Some((_, _, clauses)) = header else {
        return Err(InputError::new(
            "no 'p cnf' header: not a DIMACS CNF file (it is empty or all comments)",
        ));
    };
    if !clause.is_empty() {
        return Err(InputError::at_line(
            clause_line,
            "the last clause has no terminating 0 (truncated?)",
        ));
    }
    if (cnf.num_clauses() as u64) < clauses {
        return Err(InputError::at_line(
            last_line.max(1),
            format!(
                "the file ends after {} of its {clauses} clauses (truncated?)",
                cnf.num_clauses()
            ),
        ));
    }
    Ok(cnf)
}

/// Reads a solver's answer for a formula of `vars` variables.
pub fn read_model(path: &Path, vars: u32) -> Result<(Assignment, ModelFormat), Error> {
    let file = crate::formats::inputs::open(path)?;
    let lines = Lines::new(std::io::BufReader::new(file));
    parse_model(lines, vars).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_model`] on text.
pub fn parse_model_text(text: &str, vars: u32) -> Result<(Assignment, ModelFormat), InputError> {
    parse_model(Lines::new(text.as_bytes()), vars)
}

struct ModelBuilder {
    values: Vec<Option<bool>>,
    assigned: usize,
    /// Line of the terminating 0, once seen.
    ended: Option<usize>,
    last_line: usize,
}

impl ModelBuilder {
    fn literals(&mut self, n: usize, text: &str, offset: usize) -> Result<(), InputError> {
        self.last_line = n;
        let mut col = offset;
        for token in text.split(|c: char| c.is_ascii_whitespace()) {
            let start = col + 1;
            col += token.len() + 1;
            if token.is_empty() {
                continue;
            }
            let lit: i64 = token.parse().map_err(|_| {
                InputError::at_line(n, format!("'{token}' is not a literal (a whole number)"))
                    .with_column(start)
            })?;
            if let Some(end) = self.ended {
                return Err(InputError::at_line(
                    n,
                    format!("literal {lit} after the terminating 0 of line {end}"),
                )
                .with_column(start));
            }
            if lit == 0 {
                self.ended = Some(n);
                continue;
            }
            let var = lit.unsigned_abs();
            if var > self.values.len() as u64 {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "literal {lit} names variable {var}, but the formula has {} variables (is this the answer for another formula?)",
                        self.values.len()
                    ),
                )
                .with_column(start));
            }
            let slot = &mut self.values[var as usize - 1];
            if slot.is_some() {
                return Err(
                    InputError::at_line(n, format!("variable {var} is assigned twice"))
                        .with_column(start),
                );
            }
            *slot = Some(lit > 0);
            self.assigned += 1;
        }
        Ok(())
    }

    fn finish(self, need_zero: bool) -> Result<Assignment, InputError> {
        if need_zero && self.ended.is_none() {
            return Err(InputError::at_line(
                self.last_line,
                "the model does not end with 0 (truncated output?)",
            ));
        }
        if self.assigned < self.values.len() {
            let first = self.values.iter().position(|v| v.is_none()).unwrap_or(0) + 1;
            return Err(InputError::at_line(
                self.last_line,
                format!(
                    "the model assigns {} of the formula's {} variables; variable {first} is missing (truncated, or the answer for another formula?)",
                    self.assigned,
                    self.values.len()
                ),
            ));
        }
        Ok(self.values.into_iter().map(|v| v == Some(true)).collect())
    }
}

fn parse_model<R: std::io::BufRead>(
    lines: Lines<R>,
    vars: u32,
) -> Result<(Assignment, ModelFormat), InputError> {
    let mut model = ModelBuilder {
        values: vec![None; vars as usize],
        assigned: 0,
        ended: None,
        last_line: 1,
    };
    let mut format: Option<ModelFormat> = None;
    let mut status_line = 0;
    for (n, line) in lines {
        let line = line?;
        let t = line.trim();
        model.last_line = n;
        if t.is_empty() {
            continue;
        }
        match format {
            None => {
                if t == "c" || t.starts_with("c ") {
                    continue;
                }
                if t == "s" || t.starts_with("s ") {
                    let status = t[1..].trim();
                    match status {
                        "SATISFIABLE" => {}
                        "UNSATISFIABLE" => {
                            return Err(InputError::at_line(
                                n,
                                "the solver says UNSATISFIABLE: the formula, and so the puzzle, has no solution",
                            ));
                        }
                        other => {
                            return Err(InputError::at_line(
                                n,
                                format!("the solver gave no answer (s {other})"),
                            ));
                        }
                    }
                    format = Some(ModelFormat::Competition);
                    status_line = n;
                } else if t == "SAT" {
                    format = Some(ModelFormat::MiniSat);
                    status_line = n;
                } else if t == "UNSAT" {
                    return Err(InputError::at_line(
                        n,
                        "the solver says UNSAT: the formula, and so the puzzle, has no solution",
                    ));
                } else if t == "INDET" {
                    return Err(InputError::at_line(
                        n,
                        "the solver gave no answer (INDET: stopped before deciding)",
                    ));
                } else if t.starts_with("v ") || t == "v" {
                    // `v` lines without a status line: read as competition output.
                    format = Some(ModelFormat::Competition);
                    let offset = line.len() - line.trim_start().len() + 1;
                    model.literals(n, &t[1..], offset)?;
                } else if t.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                    format = Some(ModelFormat::Plain);
                    let offset = line.len() - line.trim_start().len();
                    model.literals(n, t, offset)?;
                } else {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "not a SAT solver's answer: expected 's SATISFIABLE', 'SAT' or a line of literals, found '{}'",
                            super::tokens::excerpt(t)
                        ),
                    ));
                }
            }
            Some(ModelFormat::Competition) => {
                if t == "c" || t.starts_with("c ") {
                    continue;
                }
                if t == "v" || t.starts_with("v ") {
                    let offset = line.len() - line.trim_start().len() + 1;
                    model.literals(n, &t[1..], offset)?;
                } else {
                    return Err(InputError::at_line(
                        n,
                        format!(
                            "expected a 'v' or 'c' line, found '{}'",
                            super::tokens::excerpt(t)
                        ),
                    ));
                }
            }
            Some(_) => {
                let offset = line.len() - line.trim_start().len();
                model.literals(n, t, offset)?;
            }
        }
    }
    match format {
        None => Err(InputError::new(
            "no solver answer in the file (it is empty or all comments)",
        )),
        Some(f) => {
            if f != ModelFormat::Plain && model.assigned == 0 && model.ended.is_none() {
                let what = if f == ModelFormat::MiniSat {
                    "'SAT'"
                } else {
                    "'s SATISFIABLE'"
                };
                return Err(InputError::at_line(
                    status_line.max(1),
                    format!("{what} but no model follows (truncated output?)"),
                ));
            }
            Ok((model.finish(f != ModelFormat::Plain)?, f))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cnf_files_read_back_equal_and_bad_ones_are_one_line_errors() {
        let mut cnf = Cnf::new(3);
        cnf.add_clause(&[1, -2]);
        cnf.add_clause(&[]);
        cnf.add_clause(&[3, 2, -1]);
        let mut out = Vec::new();
        write_formula(&mut out, &cnf).unwrap();
        assert_eq!(parse_cnf(&out[..], 10).unwrap(), cnf);
        let spread = "c hi\np cnf 3 3\n1\n -2 0 0 3 2\nc mid\n-1 0\n%\n0\n";
        assert_eq!(parse_cnf(spread.as_bytes(), 10).unwrap(), cnf);
        for (text, want) in [
            ("", "no 'p cnf' header"),
            ("1 2 0\n", "line 1: expected the header"),
            ("p cnf 3\n", "found 'p cnf 3'"),
            ("p cnf 3 1\np cnf 3 1\n", "second 'p' line"),
            ("p cnf 11 0\n", "above the limit of 10"),
            ("p cnf 3 1\n1 4 0\n", "line 2:3: literal 4 names variable 4"),
            ("p cnf 3 1\n1 x 0\n", "'x' is not a literal"),
            ("p cnf 3 1\n1 0 2 0\n", "more clauses than the 1"),
            ("p cnf 3 2\n1 0\n", "ends after 1 of its 2 clauses"),
            (
                "p cnf 3 2\n1 0\n2 3\n",
                "line 3: the last clause has no terminating 0",
            ),
        ] {
            let e = parse_cnf(text.as_bytes(), 10).unwrap_err();
            let shown = format!("{e}");
            assert!(shown.contains(want), "{text:?}: {shown}");
        }
        let e = parse_cnf(&b"p cnf 3 1\n1 \xff 0\n"[..], 10).unwrap_err();
        assert_eq!(e.to_string(), "line 2:3: not valid UTF-8 text");
    }

    #[test]
    fn reads_the_three_formats() {
        let want = vec![true, false, true];
        let (m, f) = parse_model_text("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", 3).unwrap();
        assert_eq!((m, f), (want.clone(), ModelFormat::Competition));
        let (m, f) = parse_model_text("SAT\n1 -2 3 0\n", 3).unwrap();
        assert_eq!((m, f), (want.clone(), ModelFormat::MiniSat));
        let (m, f) = parse_model_text("1 -2 3\n", 3).unwrap();
        assert_eq!((m, f), (want, ModelFormat::Plain));
    }

    #[test]
    fn bad_answers_are_one_line_errors() {
        let cases = [
            ("s UNSATISFIABLE\n", "UNSATISFIABLE"),
            ("UNSAT\n", "UNSAT"),
            ("INDET\n", "no answer"),
            ("s UNKNOWN\n", "no answer"),
            ("s SATISFIABLE\n", "no model follows"),
            ("s SATISFIABLE\nv 1 -2 3\n", "does not end with 0"),
            ("SAT\n1 -2 0\n", "assigns 2 of the formula's 3"),
            ("1 -2 3 4 0\n", "another formula"),
            ("1 -1 3 0\n", "assigned twice"),
            ("1 -2 x 0\n", "'x' is not a literal"),
            ("1 -2 3 0 1\n", "after the terminating 0"),
            ("hello\n", "not a SAT solver's answer"),
            ("", "empty"),
        ];
        for (text, want) in cases {
            let e = parse_model_text(text, 3).unwrap_err();
            assert!(e.to_string().contains(want), "{text:?}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
    }
}
