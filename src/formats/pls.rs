//! Partial Latin squares in the `.pls` format of `lsencode`, the QWH/QCP generator of Gomes, Kautz
//! and Ruan (Cornell): a line `order N`, then N rows of N numbers, values `0..N` (0-based), `-1` for
//! a hole. Several squares may follow one another in one file. Values here are 1-based like every
//! other grid of gridreduce, so value `k` of the file is `k + 1`.

use super::collection::{Collection, Entry, FileFormat};
use crate::error::InputError;
use crate::puzzle::{Described, Grid, MAX_VALUE};
use std::fmt::Write as _;
use std::path::Path;

/// Whether a file's first line starts a `.pls` square.
pub fn looks_like_pls(first: &str) -> bool {
    first
        .split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("order"))
}

/// Reads every square of the file's lines; a bad square is an error entry and reading goes on at
/// the next `order` line.
pub fn read(
    path: &Path,
    stem: &str,
    lines: Vec<(usize, Result<String, InputError>)>,
) -> Collection {
    let mut entries: Vec<Result<Entry, InputError>> = Vec::new();
    let mut lines = lines.into_iter().peekable();
    while let Some((n, line)) = lines.next() {
        let text = match line {
            Ok(t) => t,
            Err(e) => {
                entries.push(Err(e.in_file(path)));
                continue;
            }
        };
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let index = entries.len() + 1;
        let bad = |line: usize, m: String| InputError::at_line(line, m).in_file(path);
        let mut words = t.split_whitespace();
        let order = match (words.next(), words.next(), words.next()) {
            (Some(w), Some(k), None) if w.eq_ignore_ascii_case("order") => k.parse::<usize>().ok(),
            _ => None,
        };
        let Some(order) = order.filter(|&k| (1..=MAX_VALUE).contains(&k)) else {
            entries.push(Err(bad(
                n,
                format!(
                    "expected `order N` (N from 1 to {MAX_VALUE}) to start a square, found `{}`",
                    super::tokens::excerpt(t)
                ),
            )));
            // Skip to the next square.
            while lines
                .peek()
                .is_some_and(|(_, l)| !l.as_ref().is_ok_and(|l| looks_like_pls(l.trim_start())))
            {
                lines.next();
            }
            continue;
        };
        let mut cells = Vec::with_capacity(order * order);
        let mut error = None;
        let mut row = 0;
        while row < order {
            let Some((m, line)) = lines.next() else {
                error.get_or_insert_with(|| {
                    bad(
                        n,
                        format!("the square of order {order} ends after {row} of its rows"),
                    )
                });
                break;
            };
            let text = match line {
                Ok(t) => t,
                Err(e) => {
                    error.get_or_insert(e.in_file(path));
                    row += 1;
                    continue;
                }
            };
            if text.trim().is_empty() {
                continue;
            }
            let values: Vec<&str> = text.split_whitespace().collect();
            if values.len() != order && error.is_none() {
                error = Some(bad(
                    m,
                    format!(
                        "row {} has {} numbers, the order is {order}",
                        row + 1,
                        values.len()
                    ),
                ));
            }
            for (c, v) in values.iter().enumerate().take(order) {
                match v.parse::<i64>() {
                    Ok(-1) => cells.push(0),
                    Ok(k) if k >= 0 && (k as usize) < order => cells.push(k as u8 + 1),
                    _ => {
                        error.get_or_insert_with(|| {
                            bad(
                                m,
                                format!(
                                    "row {}, column {}: `{}` is not a value of order {order} (0 to {}, or -1 for a hole)",
                                    row + 1,
                                    c + 1,
                                    super::tokens::excerpt(v),
                                    order - 1
                                ),
                            )
                        });
                        cells.push(0);
                    }
                }
            }
            row += 1;
        }
        entries.push(match error {
            Some(e) => Err(e),
            None => Described::latin(Grid::from_cells(order, order, cells))
                .map(|d| Entry {
                    index,
                    line: n,
                    name: format!("{stem}#{index}"),
                    puzzle: d.into(),
                    solution: None,
                })
                .map_err(|m| bad(n, m)),
        });
    }
    Collection {
        path: path.to_path_buf(),
        format: FileFormat::Pls,
        entries,
        solutions_file: None,
    }
}

/// A square in the file's format (holes `-1`, values 0-based, `lsencode`'s `%4d` columns).
pub fn format(grid: &Grid) -> String {
    let mut out = format!("order {}\n", grid.rows());
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let v = grid.at(r, c) as i64 - 1;
            let _ = write!(out, "{v:4}");
        }
        out.push('\n');
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::collection::parse_collection;
    use crate::formats::sudoku_text::LayoutSpec;

    fn read(text: &str) -> Collection {
        parse_collection(Path::new("q.pls"), text.as_bytes(), &LayoutSpec::Default).unwrap()
    }

    #[test]
    fn a_square_reads_and_writes_back() {
        let text = "order 3\n   0  -1  -1\n  -1  -1   0\n  -1   2  -1\n";
        let c = read(text);
        assert_eq!(c.format, FileFormat::Pls);
        let e = c.entries[0].as_ref().unwrap();
        assert_eq!(e.puzzle.kind(), "latin");
        assert_eq!(e.puzzle.givens().cells(), &[1, 0, 0, 0, 0, 1, 0, 3, 0]);
        assert_eq!(format(e.puzzle.givens()) + "\n", text);
    }

    #[test]
    fn a_bad_square_is_one_entry_and_the_next_reads() {
        let c = read("order 2\n0 5\n-1 -1\norder 2\n0 1\n1 0\n");
        assert_eq!(c.entries.len(), 2);
        let m = c.entries[0].as_ref().unwrap_err().to_string();
        assert!(m.starts_with("q.pls:2:"), "{m}");
        assert!(m.contains("`5` is not a value of order 2"), "{m}");
        assert!(c.entries[1].is_ok());
        let c = read("order 3\n0 1 2\n");
        let m = c.entries[0].as_ref().unwrap_err().to_string();
        assert!(m.contains("ends after 1 of its rows"), "{m}");
    }
}
