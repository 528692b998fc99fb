//! CPLEX LP files of the 0-1 model, and the solution files MIP solvers write for them.
//!
//! **Writer.** The subset of the CPLEX LP format that CBC, HiGHS, GLPK (`glpsol --lp`) and Gurobi all
//! read: `\` comments, `Minimize` with a zero objective, `Subject To` with named rows (long rows
//! continue on indented lines), `Bounds` (`0 <= x <= 1`, givens `x = 1`), `General` (integer), `End`.
//! The variables are declared integer with explicit 0-1 bounds rather than in a `Binary` section so
//! that the givens' fixed bounds are read the same by every solver. Variables appear first in the
//! objective (the first one) and then in the cell rows in index order, so solvers that number
//! columns by first appearance (GLPK) number them as gridreduce does.
//!
//! ```text
//! \ gridreduce 0.1.0: puzzle as 0-1 ILP
//! \ puzzle: sudoku4_vu_kr_100#1 (sudoku 4x4, 5 clues)
//! \ fingerprint: 0d6e…
//! Minimize
//!  obj: 0 x_r1c1_1
//! Subject To
//!  cell_r1c1: x_r1c1_1 + x_r1c1_2 + x_r1c1_3 + x_r1c1_4 = 1
//!  …
//! Bounds
//!  0 <= x_r1c1_1 <= 1
//!  x_r1c2_3 = 1
//!  …
//! General
//!  x_r1c1_1 x_r1c1_2 …
//! End
//! ```
//!
//! **Readers** (format detected from the first line):
//! * CBC (`cbc in.lp solve solu out.sol`): a status line `Optimal - objective value 0`, then
//!   `index name value reduced-cost` lines (with `printingOptions all` the rows come first, under
//!   the same indices; they are recognised by name and skipped). Columns not listed are 0.
//! * HiGHS raw solution (`highs --solution_file out.sol`, `writeSolution(file, 0)`):
//!   `Model status` / status / `# Primal solution values` / … / `# Columns K` / `name value` lines.
//! * Gurobi SOL (`gurobi_cl ResultFile=out.sol`): `#` comments and `name value` lines.
//! * GLPK raw (`glpsol --lp in.lp -w out.txt`): `c` comments, `s mip ROWS COLS STATUS OBJ`,
//!   `j COL VALUE` lines, columns in order of first appearance in the LP file.
//!
//! An infeasible status, a missing solution, an unknown variable name (a solution for another
//! model) or an unreadable value gives a one-line error; turning values into a 0-1 point (where a
//! fractional value is an error) is the caller's job (`decode`).

use super::lines::Lines;
use crate::error::{Error, InputError};
use crate::ilp::{Ilp, PuzzleToIlp, Row, Sense};
use crate::reduce::Reduction;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// Terms per line in long rows (CPLEX limits lines to 510 characters).
const TERMS_PER_LINE: usize = 10;

/// Which solver wrote a solution file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolFormat {
    Cbc,
    Highs,
    Gurobi,
    Glpk,
}

impl SolFormat {
    pub fn name(self) -> &'static str {
        match self {
            SolFormat::Cbc => "CBC solution",
            SolFormat::Highs => "HiGHS solution",
            SolFormat::Gurobi => "Gurobi SOL file",
            SolFormat::Glpk => "GLPK raw solution",
        }
    }
}

/// Writes the model as a CPLEX LP file. `title` names the puzzle.
pub fn write_lp(w: &mut dyn Write, reduction: &PuzzleToIlp, title: &str) -> std::io::Result<()> {
    let ilp = reduction.target();
    let header = [
        format!(
            "gridreduce {}: puzzle as 0-1 ILP",
            env!("CARGO_PKG_VERSION")
        ),
        format!("puzzle: {title}"),
        format!("fingerprint: {}", ilp.fingerprint()),
        format!(
            "{} binaries x_r<row>c<column>_<value> = 1 iff the cell holds the value; {} rows",
            ilp.vars(),
            ilp.rows.len()
        ),
    ];
    write_lp_model(
        w,
        ilp,
        &|i| reduction.var_name(i),
        &|r| reduction.row_name(r),
        &header,
    )
}

/// The body of [`write_lp`] for any unit-coefficient 0-1 model: `header` lines become `\`
/// comments, variable `i` is called `var_name(i)`, row `r` is called `row_name(r)`. What
/// [`parse_lp`] reads back equal (when the names are distinct words without `:`, `\` or spaces).
pub fn write_lp_model(
    w: &mut dyn Write,
    ilp: &Ilp,
    var_name: &dyn Fn(u32) -> String,
    row_name: &dyn Fn(usize) -> String,
    header: &[String],
) -> std::io::Result<()> {
    for h in header {
        writeln!(w, "\\ {}", h.replace(['\n', '\r'], " "))?;
    }
    writeln!(w, "Minimize")?;
    if ilp.vars() > 0 {
        writeln!(w, " obj: 0 {}", var_name(0))?;
    } else {
        writeln!(w, " obj:")?;
    }
    writeln!(w, "Subject To")?;
    let mut line = String::new();
    for (r, row) in ilp.rows.iter().enumerate() {
        line.clear();
        let _ = write!(line, " {}:", row_name(r));
        for (k, &i) in row.vars.iter().enumerate() {
            if k > 0 && k % TERMS_PER_LINE == 0 {
                line.push_str("\n   ");
            }
            let _ = write!(line, " {}{}", if k > 0 { "+ " } else { "" }, var_name(i));
        }
        let sense = match row.sense {
            Sense::Eq => "=",
            Sense::Le => "<=",
        };
        let _ = writeln!(line, " {sense} {}", row.rhs);
        w.write_all(line.as_bytes())?;
    }
    writeln!(w, "Bounds")?;
    for (i, &lower) in ilp.lower.iter().enumerate() {
        let name = var_name(i as u32);
        if lower {
            writeln!(w, " {name} = 1")?;
        } else {
            writeln!(w, " 0 <= {name} <= 1")?;
        }
    }
    writeln!(w, "General")?;
    for chunk in (0..ilp.vars() as u32)
        .collect::<Vec<_>>()
        .chunks(TERMS_PER_LINE)
    {
        let names: Vec<String> = chunk.iter().map(|&i| var_name(i)).collect();
        writeln!(w, " {}", names.join(" "))?;
    }
    writeln!(w, "End")
}

/// A 0-1 model read back from an LP file: the program, and the names of its variables (numbered
/// by first appearance in the file, as GLPK numbers columns and as [`write_lp`] writes them) and
/// rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LpModel {
    pub ilp: Ilp,
    pub var_names: Vec<String>,
    pub row_names: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LpSection {
    Start,
    Objective,
    Rows,
    Bounds,
    Integer,
    End,
}

/// Reads an LP file of the subset [`write_lp`] writes: a zero objective, rows that are sums of
/// variables (every coefficient 1) with `=` or `<=` and a whole right-hand side, every variable
/// bounded `0 <= x <= 1` or fixed `x = 1`, and declared integer (`General`, or `Binary`, which
/// bounds it too). It is the check that an exported model says what gridreduce meant, not a general
/// LP reader: anything else (other coefficients, `>=` rows, free or unbounded variables, a missing
/// `End`) is a one-line error naming the line.
pub fn parse_lp(reader: impl std::io::BufRead) -> Result<LpModel, InputError> {
    let mut section = LpSection::Start;
    let mut seen_sections: Vec<LpSection> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut names: Vec<String> = Vec::new();
    // Per variable: the bound line (lower bound 1?), the integer declaration line.
    let mut bounds: Vec<Option<(usize, bool)>> = Vec::new();
    let mut integer: Vec<bool> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    let mut row_names: Vec<String> = Vec::new();
    let mut row_index: HashMap<String, usize> = HashMap::new();
    // The row being read: (line, name, variables, expecting a '+' before the next variable).
    let mut current: Option<(usize, String, Vec<u32>, bool)> = None;
    let mut last_line = 0;
    let mut binary_block = false;
    let var = |name: &str,
               index: &mut HashMap<String, u32>,
               names: &mut Vec<String>,
               bounds: &mut Vec<Option<(usize, bool)>>,
               integer: &mut Vec<bool>|
     -> u32 {
        if let Some(&i) = index.get(name) {
            return i;
        }
        let i = names.len() as u32;
        index.insert(name.to_string(), i);
        names.push(name.to_string());
        bounds.push(None);
        integer.push(false);
        i
    };
    for (n, line) in Lines::new(reader) {
        let line = line?;
        last_line = n;
        let text = match line.find('\\') {
            Some(k) => &line[..k],
            None => &line[..],
        };
        let t = text.trim();
        if t.is_empty() {
            continue;
        }
        if section == LpSection::End {
            return Err(InputError::at_line(
                n,
                format!("'{}' after End", super::tokens::excerpt(t)),
            ));
        }
        let keyword = t.to_ascii_lowercase();
        let next = match keyword.as_str() {
            "minimize" | "minimise" | "minimum" | "min" => Some(LpSection::Objective),
            "maximize" | "maximise" | "maximum" | "max" => Some(LpSection::Objective),
            "subject to" | "such that" | "st" | "s.t." | "st." => Some(LpSection::Rows),
            "bounds" | "bound" => Some(LpSection::Bounds),
            "general" | "generals" | "gen" | "binary" | "binaries" | "bin" => {
                Some(LpSection::Integer)
            }
            "end" => Some(LpSection::End),
            _ => None,
        };
        if let Some(next) = next {
            if let Some((line, name, _, _)) = &current {
                return Err(InputError::at_line(
                    *line,
                    format!("row {name} has no '=' or '<=' and right-hand side (truncated?)"),
                ));
            }
            let order = |s: LpSection| s as u8;
            if next != LpSection::Integer && seen_sections.contains(&next)
                || seen_sections
                    .last()
                    .is_some_and(|&l| order(l) > order(next))
            {
                return Err(InputError::at_line(
                    n,
                    format!("section '{t}' out of order or repeated"),
                ));
            }
            if next != LpSection::Objective && !seen_sections.contains(&LpSection::Objective) {
                return Err(InputError::at_line(
                    n,
                    format!("'{t}' before the objective (Minimize)"),
                ));
            }
            seen_sections.push(next);
            section = next;
            // Binary: integer with bounds 0..1 (a fixing bound may have come before).
            binary_block = keyword.starts_with("bin");
            continue;
        }
        match section {
            LpSection::Start => {
                return Err(InputError::at_line(
                    n,
                    format!("expected 'Minimize', found '{}'", super::tokens::excerpt(t)),
                ));
            }
            LpSection::Objective => {
                // `obj: 0 x` or `obj:`: a zero objective, each term `0 name`.
                let body = match t.split_once(':') {
                    Some((_, b)) => b,
                    None => t,
                };
                let words: Vec<&str> = body.split_whitespace().collect();
                let mut k = 0;
                while k < words.len() {
                    let w = words[k];
                    if w == "+" {
                        k += 1;
                        continue;
                    }
                    if w.parse::<f64>() != Ok(0.0) || k + 1 >= words.len() {
                        return Err(InputError::at_line(
                            n,
                            format!(
                                "the objective must be zero ('0 name' terms), found '{}'",
                                super::tokens::excerpt(w)
                            ),
                        ));
                    }
                    var(
                        words[k + 1],
                        &mut index,
                        &mut names,
                        &mut bounds,
                        &mut integer,
                    );
                    k += 2;
                }
            }
            LpSection::Rows => {
                let mut body = t;
                if current.is_none() {
                    let Some((name, rest)) = t.split_once(':') else {
                        return Err(InputError::at_line(
                            n,
                            format!(
                                "expected a named row 'name: …', found '{}'",
                                super::tokens::excerpt(t)
                            ),
                        ));
                    };
                    let name = name.trim();
                    if name.is_empty() || name.contains(char::is_whitespace) {
                        return Err(InputError::at_line(n, format!("bad row name '{name}'")));
                    }
                    if let Some(&first) = row_index.get(name) {
                        return Err(InputError::at_line(
                            n,
                            format!("row {name} is defined twice (first as row {})", first + 1),
                        ));
                    }
                    current = Some((n, name.to_string(), Vec::new(), false));
                    body = rest;
                }
                let words: Vec<&str> = body.split_whitespace().collect();
                let mut k = 0;
                while k < words.len() {
                    let (_, name, vars, want_plus) = current.as_mut().expect("a row is open");
                    let w = words[k];
                    match w {
                        "+" if *want_plus => *want_plus = false,
                        "=" | "<=" | "=<" => {
                            let sense = if w == "=" { Sense::Eq } else { Sense::Le };
                            let (Some(rhs), None) = (words.get(k + 1), words.get(k + 2)) else {
                                return Err(InputError::at_line(
                                    n,
                                    format!("row {name}: expected one right-hand side after '{w}'"),
                                ));
                            };
                            let rhs: u32 = rhs.parse().map_err(|_| {
                                InputError::at_line(
                                    n,
                                    format!(
                                        "row {name}: right-hand side '{}' is not a whole number",
                                        super::tokens::excerpt(rhs)
                                    ),
                                )
                            })?;
                            if vars.is_empty() {
                                return Err(InputError::at_line(
                                    n,
                                    format!("row {name} has no variables"),
                                ));
                            }
                            let (_, name, vars, _) = current.take().expect("a row is open");
                            row_index.insert(name.clone(), rows.len());
                            row_names.push(name);
                            rows.push(Row { vars, sense, rhs });
                            break;
                        }
                        _ if !*want_plus && is_name(w) => {
                            let i = var(w, &mut index, &mut names, &mut bounds, &mut integer);
                            let (_, name, vars, want_plus) =
                                current.as_mut().expect("a row is open");
                            if vars.contains(&i) {
                                return Err(InputError::at_line(
                                    n,
                                    format!("row {name}: {w} appears twice"),
                                ));
                            }
                            vars.push(i);
                            *want_plus = true;
                        }
                        _ => {
                            return Err(InputError::at_line(
                                n,
                                format!(
                                    "row {name}: unexpected '{}' (gridreduce reads sums of variables, every coefficient 1, with '=' or '<=')",
                                    super::tokens::excerpt(w)
                                ),
                            ));
                        }
                    }
                    k += 1;
                }
            }
            LpSection::Bounds => {
                let words: Vec<&str> = t.split_whitespace().collect();
                let (name, lower) = match words[..] {
                    ["0", "<=", name, "<=", "1"] => (name, false),
                    [name, "=", "1"] => (name, true),
                    _ => {
                        return Err(InputError::at_line(
                            n,
                            format!(
                                "expected '0 <= name <= 1' or 'name = 1', found '{}'",
                                super::tokens::excerpt(t)
                            ),
                        ));
                    }
                };
                if !is_name(name) {
                    return Err(InputError::at_line(
                        n,
                        format!("bad variable name '{}'", super::tokens::excerpt(name)),
                    ));
                }
                let i = var(name, &mut index, &mut names, &mut bounds, &mut integer) as usize;
                if let Some((first, _)) = bounds[i] {
                    return Err(InputError::at_line(
                        n,
                        format!("{name} is bounded twice (first on line {first})"),
                    ));
                }
                bounds[i] = Some((n, lower));
            }
            LpSection::Integer => {
                for w in t.split_whitespace() {
                    if !is_name(w) {
                        return Err(InputError::at_line(
                            n,
                            format!("bad variable name '{}'", super::tokens::excerpt(w)),
                        ));
                    }
                    let i = var(w, &mut index, &mut names, &mut bounds, &mut integer) as usize;
                    integer[i] = true;
                    if binary_block && bounds[i].is_none() {
                        bounds[i] = Some((n, false));
                    }
                }
            }
            LpSection::End => unreachable!("handled above"),
        }
    }
    if section != LpSection::End {
        return Err(InputError::at_line(
            last_line.max(1),
            "the file ends before 'End' (truncated?)",
        ));
    }
    if !seen_sections.contains(&LpSection::Rows) {
        return Err(InputError::new("no 'Subject To' section"));
    }
    if let Some(i) = bounds.iter().position(Option::is_none) {
        return Err(InputError::new(format!(
            "{} has no bounds (gridreduce's variables are 0-1: '0 <= x <= 1' or 'x = 1')",
            names[i]
        )));
    }
    if let Some(i) = integer.iter().position(|&b| !b) {
        return Err(InputError::new(format!(
            "{} is not declared integer (General or Binary): not a 0-1 model",
            names[i]
        )));
    }
    Ok(LpModel {
        ilp: Ilp {
            lower: bounds
                .into_iter()
                .map(|b| b.is_some_and(|(_, l)| l))
                .collect(),
            rows,
        },
        var_names: names,
        row_names,
    })
}

/// An LP name as gridreduce writes them: starts with a letter or `_`, no operators or spaces.
fn is_name(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && !w.contains([':', '+', '-', '<', '>', '=', '\\'])
}

/// What the solution reader needs to know about the model.
pub struct ModelNames {
    /// Variable name → index.
    pub vars: HashMap<String, usize>,
    /// Row names (CBC's `printingOptions all` lists them too).
    pub rows: std::collections::HashSet<String>,
}

impl ModelNames {
    pub fn of(reduction: &PuzzleToIlp) -> Self {
        let ilp = reduction.target();
        ModelNames {
            vars: (0..ilp.vars())
                .map(|i| (reduction.var_name(i as u32), i))
                .collect(),
            rows: (0..ilp.rows.len()).map(|r| reduction.row_name(r)).collect(),
        }
    }
}

/// Reads a solution file: the value of every variable (unlisted ones 0) and the format.
pub fn read_solution(path: &Path, names: &ModelNames) -> Result<(Vec<f64>, SolFormat), Error> {
    let file = crate::formats::inputs::open(path)?;
    let lines = Lines::new(std::io::BufReader::new(file));
    parse_solution(lines, names).map_err(|e| Error::Input(e.in_file(path)))
}

/// [`read_solution`] on text.
pub fn parse_solution_text(
    text: &str,
    names: &ModelNames,
) -> Result<(Vec<f64>, SolFormat), InputError> {
    parse_solution(Lines::new(text.as_bytes()), names)
}

fn parse_value(n: usize, token: &str, name: &str) -> Result<f64, InputError> {
    token
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            InputError::at_line(n, format!("'{token}' is not a number (value of {name})"))
        })
}

fn parse_solution<R: std::io::BufRead>(
    lines: Lines<R>,
    names: &ModelNames,
) -> Result<(Vec<f64>, SolFormat), InputError> {
    let mut all = Vec::new();
    for (n, line) in lines {
        all.push((n, line?));
    }
    let mut body = all.iter().filter(|(_, l)| !l.trim().is_empty());
    let Some((first_n, first)) = body.next() else {
        return Err(InputError::new("no solution in the file (it is empty)"));
    };
    let first = first.trim();
    let mut values = vec![0.0; names.vars.len()];
    let mut seen = vec![false; names.vars.len()];
    let mut set = |n: usize, name: &str, token: &str, skip_rows: bool| -> Result<(), InputError> {
        match names.vars.get(name) {
            Some(&i) => {
                if seen[i] {
                    return Err(InputError::at_line(n, format!("{name} is listed twice")));
                }
                seen[i] = true;
                values[i] = parse_value(n, token, name)?;
                Ok(())
            }
            None if skip_rows && names.rows.contains(name) => Ok(()),
            None => Err(InputError::at_line(
                n,
                format!(
                    "'{name}' is not a variable of this model (is this the solution of another model?)"
                ),
            )),
        }
    };
    let format;
    if first == "Model status" {
        format = SolFormat::Highs;
        let (n, status) = body
            .next()
            .ok_or_else(|| InputError::at_line(*first_n, "'Model status' without a status"))?;
        let status = status.trim();
        if status.contains("Infeasible") {
            return Err(InputError::at_line(
                *n,
                format!("HiGHS says the model is {status}: the puzzle has no solution"),
            ));
        }
        let mut columns: Option<(usize, usize)> = None; // (line, count)
        let mut read = 0;
        let mut in_primal = false;
        for (n, line) in body {
            let t = line.trim();
            if t == "# Primal solution values" {
                in_primal = true;
                continue;
            }
            if !in_primal {
                continue;
            }
            if t == "None" && columns.is_none() {
                return Err(InputError::at_line(
                    *n,
                    format!("HiGHS wrote no primal solution (model status: {status})"),
                ));
            }
            if let Some(k) = t.strip_prefix("# Columns ") {
                let k = k
                    .trim()
                    .parse()
                    .map_err(|_| InputError::at_line(*n, format!("bad column count '{k}'")))?;
                columns = Some((*n, k));
                continue;
            }
            if let Some((_, k)) = columns {
                if read == k || t.starts_with('#') {
                    break;
                }
                let mut words = t.split_whitespace();
                let (Some(name), Some(value), None) = (words.next(), words.next(), words.next())
                else {
                    return Err(InputError::at_line(
                        *n,
                        format!("expected 'name value', found '{t}'"),
                    ));
                };
                set(*n, name, value, false)?;
                read += 1;
            }
        }
        match columns {
            None => {
                return Err(InputError::new(
                    "HiGHS solution without a '# Columns' section (truncated?)",
                ));
            }
            Some((n, k)) if read < k => {
                return Err(InputError::at_line(
                    n,
                    format!("'# Columns {k}' but the file ends after {read} of them (truncated?)"),
                ));
            }
            _ => {}
        }
    } else if first.contains(" - objective value") || first.starts_with("Integer infeasible") {
        format = SolFormat::Cbc;
        for bad in ["Infeasible", "Integer infeasible", "Unbounded"] {
            if first.starts_with(bad) {
                return Err(InputError::at_line(
                    *first_n,
                    format!("CBC says '{first}': no solution"),
                ));
            }
        }
        for (n, line) in body {
            let t = line.trim().trim_start_matches("**").trim();
            let words: Vec<&str> = t.split_whitespace().collect();
            if words.len() < 3 || words[0].parse::<u64>().is_err() {
                return Err(InputError::at_line(
                    *n,
                    format!("expected 'index name value …', found '{t}'"),
                ));
            }
            set(*n, words[1], words[2], true)?;
        }
    } else if first.starts_with("c ") || first.starts_with("s ") {
        format = SolFormat::Glpk;
        let mut declared = None;
        for (n, line) in all.iter() {
            let t = line.trim();
            let words: Vec<&str> = t.split_whitespace().collect();
            match words.first() {
                Some(&"s") => {
                    // s mip ROWS COLS STATUS OBJ  (or s bas / s ipt with more fields)
                    if words.len() < 5 {
                        return Err(InputError::at_line(*n, format!("bad status line '{t}'")));
                    }
                    let cols: usize = words[3].parse().map_err(|_| {
                        InputError::at_line(*n, format!("bad column count in '{t}'"))
                    })?;
                    if cols != names.vars.len() {
                        return Err(InputError::at_line(
                            *n,
                            format!(
                                "the solution has {cols} columns, the model {} (is this the solution of another model?)",
                                names.vars.len()
                            ),
                        ));
                    }
                    let status = words[4];
                    match status {
                        "o" | "f" => {}
                        "n" => {
                            return Err(InputError::at_line(
                                *n,
                                "GLPK says the model has no feasible solution: the puzzle has no solution",
                            ));
                        }
                        other => {
                            return Err(InputError::at_line(
                                *n,
                                format!("GLPK found no solution (status '{other}')"),
                            ));
                        }
                    }
                    declared = Some(cols);
                }
                Some(&"j") => {
                    if declared.is_none() || words.len() < 3 {
                        return Err(InputError::at_line(*n, format!("unexpected line '{t}'")));
                    }
                    let k: usize = words[1]
                        .parse()
                        .ok()
                        .filter(|&k| k >= 1 && k <= values.len())
                        .ok_or_else(|| {
                            InputError::at_line(*n, format!("bad column '{}'", words[1]))
                        })?;
                    let v = parse_value(*n, words[2], &format!("column {k}"))?;
                    seen[k - 1] = true;
                    values[k - 1] = v;
                }
                _ => {}
            }
        }
        if declared.is_none() {
            return Err(InputError::new("GLPK output without an 's' status line"));
        }
    } else {
        format = SolFormat::Gurobi;
        for (n, line) in all.iter() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let mut words = t.split_whitespace();
            let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return Err(InputError::at_line(
                    *n,
                    format!(
                        "not a solution file: expected 'name value', found '{}'",
                        super::tokens::excerpt(t)
                    ),
                ));
            };
            set(*n, name, value, false)?;
        }
    }
    Ok((values, format))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Puzzle, Sudoku};

    fn names() -> ModelNames {
        ModelNames::of(&PuzzleToIlp::new(&Puzzle::from(Sudoku::blank(4))))
    }

    #[test]
    fn lp_models_read_back_equal_and_bad_ones_are_one_line_errors() {
        let r = PuzzleToIlp::new(&Puzzle::from(Sudoku::blank(4)));
        let mut out = Vec::new();
        write_lp(&mut out, &r, "blank").unwrap();
        let m = parse_lp(&out[..]).unwrap();
        assert_eq!(&m.ilp, r.target());
        assert_eq!(m.var_names[5], r.var_name(5));
        assert_eq!(m.row_names[0], r.row_name(0));
        let head = "Minimize\n obj: 0 a\nSubject To\n";
        let tail = "Bounds\n 0 <= a <= 1\n b = 1\nGeneral\n a b\nEnd\n";
        let ok = format!("{head} r: a\n  + b = 1\n{tail}");
        let m = parse_lp(ok.as_bytes()).unwrap();
        assert_eq!(m.ilp.lower, vec![false, true]);
        for (text, want) in [
            ("".to_string(), "ends before 'End'"),
            (
                format!("{head} r: a + b = 1\n"),
                "line 4: the file ends before 'End'",
            ),
            (format!("{head} r: a + 2 b = 1\n{tail}"), "unexpected '2'"),
            (format!("{head} r: a + b >= 1\n{tail}"), "unexpected '>='"),
            (
                format!("{head} r: a + b = x\n{tail}"),
                "'x' is not a whole number",
            ),
            (
                format!("{head} r: a + b\n{tail}"),
                "row r has no '=' or '<='",
            ),
            (
                format!("{head} r: a = 1\n r: b = 1\n{tail}"),
                "row r is defined twice",
            ),
            (format!("{head} r: a + a = 1\n{tail}"), "a appears twice"),
            (format!("{head} r: a + c = 1\n{tail}"), "c has no bounds"),
            (
                "Minimize\n obj: 1 a\nEnd\n".to_string(),
                "objective must be zero",
            ),
            ("Subject To\nEnd\n".to_string(), "before the objective"),
            ("x\n".to_string(), "expected 'Minimize'"),
            (format!("{head} r: a + b = 1\n{tail}x\n"), "'x' after End"),
            (
                format!("{head} r: a + b = 1\nBounds\n 0 <= a <= 1\n b = 1\nEnd\n"),
                "a is not declared integer",
            ),
            (
                format!("{head} r: a + b = 1\nBounds\n a >= 0\nEnd\n"),
                "expected '0 <= name <= 1'",
            ),
        ] {
            let e = parse_lp(text.as_bytes()).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn reads_each_solver_format() {
        let n = names();
        let cbc = "Optimal - objective value 0.00000000\n      0 x_r1c1_1  1  0\n      5 x_r1c2_2  1  0\n";
        let (v, f) = parse_solution_text(cbc, &n).unwrap();
        assert_eq!((f, v[0], v[5], v[1]), (SolFormat::Cbc, 1.0, 1.0, 0.0));
        let cbc_all = "Optimal - objective value 0\n 0 cell_r1c1 1 0\n 0 x_r1c1_1 1 0\n";
        assert_eq!(parse_solution_text(cbc_all, &n).unwrap().0[0], 1.0);
        let highs = "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n# Columns 2\nx_r1c1_1 1\nx_r1c1_2 0\n# Rows 1\ncell_r1c1 1\n";
        let (v, f) = parse_solution_text(highs, &n).unwrap();
        assert_eq!((f, v[0]), (SolFormat::Highs, 1.0));
        let gurobi = "# Solution for model x\n# Objective value = 0\nx_r1c1_1 1\nx_r1c1_2 0\n";
        let (v, f) = parse_solution_text(gurobi, &n).unwrap();
        assert_eq!((f, v[0]), (SolFormat::Gurobi, 1.0));
        let glpk = "c Problem:\nc Rows: 64\ns mip 64 64 o 0\ni 1 1\nj 1 1\nj 2 0\ne o f\n";
        let (v, f) = parse_solution_text(glpk, &n).unwrap();
        assert_eq!((f, v[0]), (SolFormat::Glpk, 1.0));
    }

    #[test]
    fn bad_solutions_are_one_line_errors() {
        let n = names();
        for (text, want) in [
            (
                "Infeasible - objective value 0\n 0 x_r1c1_1 1 0\n",
                "CBC says",
            ),
            (
                "Model status\nInfeasible\n\n# Primal solution values\nNone\n",
                "HiGHS says",
            ),
            (
                "Model status\nTime limit reached\n\n# Primal solution values\nNone\n",
                "no primal solution",
            ),
            (
                "Model status\nOptimal\n\n# Primal solution values\nFeasible\n# Columns 3\nx_r1c1_1 1\n",
                "truncated",
            ),
            ("x_r9c9_9 1\n", "another model"),
            ("x_r1c1_1 one\n", "not a number"),
            ("x_r1c1_1 1\nx_r1c1_1 1\n", "twice"),
            ("s mip 64 12 o 0\n", "12 columns"),
            ("s mip 64 64 n 0\n", "no feasible"),
            ("", "empty"),
        ] {
            let e = parse_solution_text(text, &n).unwrap_err();
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
