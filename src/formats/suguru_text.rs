//! The Suguru text format of `data/suguru/` (see its README):
//!
//! ```text
//! # name: janko 1          <- optional comments; `# name:` names the puzzle
//! size 6 6
//! regions
//! <R lines of C labels>
//! givens
//! <R lines of C numbers, 0 = empty>
//! solution                 <- optional
//! <R lines of C numbers>
//! ```
//!
//! Puzzles are separated by blank lines. Region labels may be any non-negative integers; they are
//! renumbered in row-major first-appearance order (the partition is what matters).

use crate::error::InputError;
use crate::formats::tokens::excerpt;
use crate::puzzle::{Grid, Suguru};

/// A parsed Suguru block.
#[derive(Clone, Debug)]
pub struct SuguruRecord {
    pub name: Option<String>,
    /// Line number of the `size` line.
    pub line: usize,
    pub puzzle: Suguru,
    pub solution: Option<Grid>,
}

/// Parses one block: `lines` are `(line number, text)` of a blank-line-separated block. Comment lines
/// may stand anywhere; `# name:` names the puzzle.
pub fn parse_block(lines: &[(usize, String)]) -> Result<SuguruRecord, InputError> {
    let mut name = None;
    let mut body: Vec<(usize, &str)> = Vec::new();
    for (n, l) in lines {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix('#') {
            if let Some(v) = rest.trim().strip_prefix("name:") {
                name = Some(v.trim().to_string());
            }
        } else if !t.is_empty() {
            body.push((*n, t));
        }
    }
    let end_line = lines.last().map(|l| l.0).unwrap_or(0);
    let mut cursor = Cursor {
        body: &body,
        at: 0,
        end_line,
    };
    let (size_line, size_text) = cursor.next("'size R C'")?;
    let mut words = size_text.split_whitespace();
    match words.next() {
        Some("size") => {}
        Some(w) if w.eq_ignore_ascii_case("size") => {
            return Err(InputError::at_line(
                size_line,
                format!(
                    "'{}' must be written 'size' (keywords are lower case)",
                    excerpt(w)
                ),
            ));
        }
        _ => {
            return Err(InputError::at_line(
                size_line,
                format!(
                    "a Suguru block starts with 'size R C', found '{}'",
                    excerpt(size_text)
                ),
            ));
        }
    }
    let dims: Vec<usize> = words
        .map(|w| w.parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| InputError::at_line(size_line, "'size' needs two whole numbers: size R C"))?;
    let &[rows, cols] = dims.as_slice() else {
        return Err(InputError::at_line(
            size_line,
            "'size' needs two numbers: size R C",
        ));
    };
    if rows == 0 || cols == 0 || rows * cols > 1 << 20 {
        return Err(InputError::at_line(
            size_line,
            format!("size {rows} {cols} is out of range"),
        ));
    }
    let labels = cursor.section("regions", rows, cols)?;
    let givens = cursor.section("givens", rows, cols)?;
    let givens = to_grid(rows, cols, givens, "givens", size_line)?;
    let solution = if cursor.at < body.len() {
        let values = cursor.section("solution", rows, cols)?;
        Some(to_grid(rows, cols, values, "solution", size_line)?)
    } else {
        None
    };
    if let Some(&(l, t)) = body.get(cursor.at) {
        return Err(InputError::at_line(
            l,
            format!("unexpected '{t}' after the puzzle (missing blank line?)"),
        ));
    }
    let puzzle =
        Suguru::new(rows, cols, &labels, givens).map_err(|e| InputError::at_line(size_line, e))?;
    Ok(SuguruRecord {
        name,
        line: size_line,
        puzzle,
        solution,
    })
}

struct Cursor<'a> {
    body: &'a [(usize, &'a str)],
    at: usize,
    end_line: usize,
}

impl<'a> Cursor<'a> {
    fn next(&mut self, what: &str) -> Result<(usize, &'a str), InputError> {
        let item = self.body.get(self.at).copied().ok_or_else(|| {
            InputError::at_line(self.end_line, format!("puzzle ends early: expected {what}"))
        })?;
        self.at += 1;
        Ok(item)
    }

    /// A titled section of `rows` lines of `cols` whole numbers.
    fn section(&mut self, title: &str, rows: usize, cols: usize) -> Result<Vec<u32>, InputError> {
        let (l, t) = self.next(&format!("'{title}'"))?;
        if t != title {
            return Err(InputError::at_line(
                l,
                format!("expected '{title}', found '{t}'"),
            ));
        }
        let mut values = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            let (l, t) = self.next(&format!("row {} of '{title}'", r + 1))?;
            let words: Vec<&str> = t.split_whitespace().collect();
            if words.len() != cols {
                return Err(InputError::at_line(
                    l,
                    format!(
                        "row {} of '{title}' has {} cells, expected {cols}",
                        r + 1,
                        words.len()
                    ),
                ));
            }
            for (k, w) in words.into_iter().enumerate() {
                let v: u32 = w.parse().map_err(|_| {
                    InputError::at_line(l, format!("'{w}' in '{title}' is not a whole number"))
                        .with_column(k + 1)
                })?;
                values.push(v);
            }
        }
        Ok(values)
    }
}

fn to_grid(
    rows: usize,
    cols: usize,
    values: Vec<u32>,
    title: &str,
    line: usize,
) -> Result<Grid, InputError> {
    if let Some(v) = values.iter().find(|&&v| v > 255) {
        return Err(InputError::at_line(
            line,
            format!("{v} in '{title}' is too large"),
        ));
    }
    Ok(Grid::from_cells(
        rows,
        cols,
        values.into_iter().map(|v| v as u8).collect(),
    ))
}

/// Writes a puzzle (and optionally a solution) as a block, regions labelled 1..K.
pub fn format_block(name: Option<&str>, puzzle: &Suguru, solution: Option<&Grid>) -> String {
    let mut out = String::new();
    if let Some(n) = name {
        out.push_str(&format!("# name: {n}\n"));
    }
    out.push_str(&format!("size {} {}\n", puzzle.rows(), puzzle.cols()));
    let labels: Vec<u8> = puzzle
        .region_map()
        .iter()
        .map(|&g| (g + 1).min(255) as u8)
        .collect();
    let write = |out: &mut String, title: &str, values: &[u8]| {
        out.push_str(title);
        out.push('\n');
        for row in values.chunks(puzzle.cols()) {
            let words: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
    };
    if puzzle.regions() <= 255 {
        write(&mut out, "regions", &labels);
    } else {
        out.push_str("regions\n");
        for row in puzzle.region_map().chunks(puzzle.cols()) {
            let words: Vec<String> = row.iter().map(|g| (g + 1).to_string()).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
    }
    write(&mut out, "givens", puzzle.givens().cells());
    if let Some(s) = solution {
        write(&mut out, "solution", s.cells());
    }
    out
}
