//! Sudoku written as grids, one row per line: the way people write a puzzle by hand, print it, or
//! as Project Euler's `sudoku.txt` stores it (`Grid 01` then nine lines of nine digits).
//!
//! A row is symbols (`53..7....`, as the one-line format) or numbers separated by spaces (`5 3 0
//! 0 7`, `.` also empty); `|` between boxes is ignored, and a line of only `-`, `+`, `=` and `|`
//! (a box border) is skipped. Grids follow each other directly or are separated by blank lines,
//! `#` comments or a header line (`Grid 01`, `Puzzle 3`, `Sudoku …`).
//!
//! **Which form a file is in** is decided once, from its first puzzle line of `k` cells
//! ([`rows_per_grid`]): a one-line puzzle has `N² ≥ 16` cells, so `4 ≤ k < 16` is the row of a
//! `k × k` grid. A larger `k` is a row when the first `k` lines all have `k` cells and, for a
//! square `k` (16: a 4×4 on one line, or a row of a 16×16), one of them holds a value above `√k`,
//! which a one-line `√k × √k` puzzle cannot. A grid among one-line puzzles is one bad item (its
//! first row named); a grid file with a row of another width is refused as a whole, in one line.

use crate::error::InputError;

/// The cells of one row: values (0 empty) with their 1-based columns, and whether the row was
/// written as symbols (`true`: `53..7`, or one character a token as in `5 3 . . 7`), so that
/// answers print on one line, or as numbers (`10 0 3`).
pub struct Row {
    pub cells: Vec<(u32, usize)>,
    pub symbols: bool,
}

/// What a line of a Sudoku file is, for the grid reader.
pub enum LineKind<'a> {
    /// Blank, a comment, or a header (`Grid 01`): ends a grid.
    Break,
    /// A box border (`------+-------`): skipped.
    Border,
    /// Cells (text without its comment).
    Cells(&'a str),
}

/// Classifies `line` (its `#` comment already cut off by the caller or not).
pub fn kind(line: &str) -> LineKind<'_> {
    let text = line.split('#').next().unwrap_or("");
    let t = text.trim();
    if t.is_empty() {
        return LineKind::Break;
    }
    if t.chars().all(|c| "-+=|".contains(c) || c.is_whitespace()) {
        return LineKind::Border;
    }
    let word: String = t
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    if ["grid", "puzzle", "sudoku"].contains(&word.as_str())
        && t[word.len()..].starts_with(|c: char| !c.is_ascii_alphanumeric() || c.is_ascii_digit())
    {
        return LineKind::Break;
    }
    LineKind::Cells(text)
}

/// Reads the cells of a row (errors carry the column).
pub fn row(text: &str) -> Result<Row, InputError> {
    let numeric = text
        .trim()
        .split('|')
        .any(|part| part.trim().contains(char::is_whitespace));
    let mut cells = Vec::new();
    // Every token one character (`5 3 . | . 7 .`): symbols spaced out, answered as one line.
    let mut spaced_symbols = true;
    if numeric {
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            let separator = c.is_whitespace() || c == '|' || c == '\u{a0}';
            match (separator, start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    let token = &text[s..i];
                    let column = text[..s].chars().count() + 1;
                    let mut chars = token.chars();
                    let single = match (chars.next(), chars.next()) {
                        (Some(c), None) => Some(c),
                        _ => None,
                    };
                    let v = match (
                        token.parse::<u32>(),
                        single.and_then(super::sudoku_text::symbol_value),
                    ) {
                        (_, _) if token == "_" => 0,
                        (Ok(v), _) => v,
                        (Err(_), Some(v)) => v as u32,
                        (Err(_), None) => {
                            return Err(InputError::new(format!(
                                "'{token}' is not a number or a Sudoku symbol (1-9, A-Z, '.')"
                            ))
                            .with_column(column));
                        }
                    };
                    spaced_symbols &= single.is_some();
                    cells.push((v, column));
                    start = None;
                }
                _ => {}
            }
        }
    } else {
        for (i, ch) in text.chars().enumerate() {
            if ch == '|' || ch.is_whitespace() {
                continue;
            }
            let v = super::sudoku_text::symbol_value(ch).ok_or_else(|| {
                InputError::new(format!(
                    "'{ch}' is not a Sudoku symbol (1-9, A-Z, '.' or '0')"
                ))
                .with_column(i + 1)
            })?;
            cells.push((v as u32, i + 1));
        }
    }
    Ok(Row {
        cells,
        symbols: !numeric || spaced_symbols,
    })
}

/// The number of rows of each grid when the file is written one row per line, else `None` (one
/// puzzle per line). `lines`: the file's lines from its first puzzle line on.
pub fn rows_per_grid<'a>(mut lines: impl Iterator<Item = &'a str>) -> Option<usize> {
    let first = lines.by_ref().find_map(|l| match kind(l) {
        LineKind::Cells(t) => Some(t),
        _ => None,
    })?;
    let first = row(first).ok()?;
    let k = first.cells.len();
    if k < 4 {
        return None;
    }
    if k < 16 {
        return Some(k);
    }
    // k ≥ 16: a row only if the first k lines are k rows of k cells (an 80-character line is a
    // one-line puzzle with a cell missing, not the first row of an 80×80 grid), and for a square
    // k a value above √k shows up (a √k × √k one-line puzzle has none).
    let root = (k as f64).sqrt().round() as usize;
    let mut above = root * root != k || first.cells.iter().any(|&(v, _)| v as usize > root);
    let mut rows = 1;
    for l in lines {
        if rows == k {
            break;
        }
        match kind(l) {
            LineKind::Border => continue,
            LineKind::Break => return None,
            LineKind::Cells(t) => match row(t) {
                Ok(r) if r.cells.len() == k => {
                    above |= r.cells.iter().any(|&(v, _)| v as usize > root);
                    rows += 1;
                }
                _ => return None,
            },
        }
    }
    (rows == k && above).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_of(text: &str) -> Option<usize> {
        rows_per_grid(text.lines())
    }

    #[test]
    fn the_form_is_told_by_the_first_row() {
        assert_eq!(rows_of("1..4\n..2.\n.3..\n4..1\n"), Some(4));
        assert_eq!(rows_of("Grid 01\n003020600\n900305001\n"), Some(9));
        assert_eq!(rows_of("5 3 0 | 0 7 0 | 0 0 0\n"), Some(9));
        assert_eq!(rows_of("53.|.7.|...\n------+------+------\n"), Some(9));
        assert_eq!(rows_of(&".".repeat(81)), None);
        // 16 cells: a one-line 4×4 unless 16 rows with a value above 4 follow.
        assert_eq!(rows_of("1..4..2..3..4..1\n"), None);
        let grid16: String = (0..16)
            .map(|r| {
                let mut line = ".".repeat(16);
                line.replace_range(r..r + 1, "G");
                line + "\n"
            })
            .collect();
        assert_eq!(rows_of(&grid16), Some(16));
        assert_eq!(rows_of(&grid16.replace('G', "1")), None);
    }

    #[test]
    fn headers_borders_and_comments() {
        assert!(matches!(kind("Grid 01"), LineKind::Break));
        assert!(matches!(kind("puzzle: easy"), LineKind::Break));
        assert!(matches!(kind("------+-------+------"), LineKind::Border));
        assert!(matches!(kind("  # a note"), LineKind::Break));
        assert!(matches!(kind("gridlock"), LineKind::Cells(_)));
        let r = row("5 3 . | . 7 .").unwrap();
        assert_eq!(
            r.cells.iter().map(|c| c.0).collect::<Vec<_>>(),
            [5, 3, 0, 0, 7, 0]
        );
        assert_eq!(r.cells[4].1, 11);
        let e = row("53?").err().unwrap();
        assert_eq!(e.column, Some(3));
    }
}
