//! Sudoku line formats: one puzzle per line.
//!
//! * **One-line**: N² characters, `1`–`9` then `A`–`Z` for 10–35 (lower case accepted), `.` or `0`
//!   for an empty cell. N comes from the length (16 → 4, 36 → 6, 81 → 9, 256 → 16, 625 → 25).
//! * **Numeric**: N² integers separated by white space, `0` = empty (any N).
//!
//! Blank lines are skipped by the collection reader, and `#` starts a comment (a whole line, or after
//! the puzzle on its line).

use crate::error::InputError;
use crate::formats::lines::Lines;
use crate::formats::tokens::excerpt;
use crate::puzzle::{BlockLayout, Grid, Sudoku};

/// Which of the two line formats a file uses; writers answer in the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFormat {
    OneLine,
    Numeric,
}

/// How blocks are laid out when the file does not say: by default [`BlockLayout::default_for`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum LayoutSpec {
    #[default]
    Default,
    /// p rows × q columns per box.
    Boxes(usize, usize),
    /// A region map (label per cell) for jigsaw Sudoku.
    Jigsaw(Vec<u32>),
}

impl LayoutSpec {
    /// Parses `PxQ` (e.g. `2x3`); jigsaw maps come from a file (see the collection reader).
    pub fn parse_boxes(text: &str) -> Result<Self, String> {
        let (p, q) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("box shape '{text}' is not of the form PxQ (e.g. 2x3)"))?;
        let p: usize = p
            .trim()
            .parse()
            .map_err(|_| format!("box shape '{text}': bad row count"))?;
        let q: usize = q
            .trim()
            .parse()
            .map_err(|_| format!("box shape '{text}': bad column count"))?;
        if p == 0 || q == 0 || p * q > 255 {
            return Err(format!("box shape '{text}' is out of range"));
        }
        Ok(LayoutSpec::Boxes(p, q))
    }

    pub(crate) fn layout(&self, n: usize) -> Result<BlockLayout, String> {
        match self {
            LayoutSpec::Default => Ok(BlockLayout::default_for(n)),
            LayoutSpec::Boxes(p, q) if p * q == n => Ok(BlockLayout::boxes(*p, *q)),
            LayoutSpec::Boxes(p, q) => Err(format!(
                "{p}x{q} boxes have {} cells, but the puzzle has N = {n}",
                p * q
            )),
            LayoutSpec::Jigsaw(labels) => BlockLayout::jigsaw(n, labels),
        }
    }
}

/// The most labels a region map may hold: N ≤ 255, so N² cells.
pub const MAX_REGION_LABELS: usize = 255 * 255;

/// The jigsaw layout of a region map file ([`read_region_map`]); errors name the file. What
/// `--regions FILE` and the Python package's `regions=` read.
pub fn read_region_file(path: &std::path::Path) -> Result<LayoutSpec, crate::error::Error> {
    use crate::error::Error;
    let file = crate::formats::inputs::open(path)?;
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(Error::Input(
            InputError::new("is a folder, not a region map").in_file(path),
        ));
    }
    let labels = read_region_map(std::io::BufReader::new(file))
        .map_err(|e| Error::Input(e.in_file(path)))?;
    Ok(LayoutSpec::Jigsaw(labels))
}

/// Reads a jigsaw region map (`--regions`): N lines of N whole-number labels, `#` comments and
/// blank lines skipped. Bounded like the puzzle reader: lines through [`Lines`] (1 MiB each), at
/// most [`MAX_REGION_LABELS`] labels, and the first error ends the read, so `/dev/zero` or a huge
/// file costs neither memory nor time. The map must be a valid layout of some N (N² labels, N
/// regions of N cells); whether that N fits the puzzle is checked per puzzle. Errors carry the
/// line, not the file (the caller adds it).
pub fn read_region_map(reader: impl std::io::BufRead) -> Result<Vec<u32>, InputError> {
    let mut labels = Vec::new();
    for (n, line) in Lines::new(reader) {
        let line = line?;
        let text = line.split('#').next().unwrap_or("");
        let mut col = 0;
        for token in text.split(|c: char| c.is_whitespace()) {
            let start = col + 1;
            col += token.len() + 1;
            if token.is_empty() {
                continue;
            }
            let label = token.parse::<u32>().map_err(|_| {
                InputError::at_line(
                    n,
                    format!(
                        "'{}' is not a region label (a whole number)",
                        excerpt(token)
                    ),
                )
                .with_column(start)
            })?;
            if labels.len() == MAX_REGION_LABELS {
                return Err(InputError::at_line(
                    n,
                    format!(
                        "more than {MAX_REGION_LABELS} labels (a region map has N² labels, N ≤ 255)"
                    ),
                )
                .with_column(start));
            }
            labels.push(label);
        }
    }
    if labels.is_empty() {
        return Err(InputError::new(
            "no region labels in the file (it is empty or all comments)",
        ));
    }
    let n = exact_root(labels.len()).ok_or_else(|| {
        InputError::new(format!(
            "the map has {} labels, not a square number (an N×N jigsaw has N² labels)",
            labels.len()
        ))
    })?;
    BlockLayout::jigsaw(n, &labels).map_err(InputError::new)?;
    Ok(labels)
}

/// Value of a one-line character, `None` if it is not a symbol.
pub(crate) fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// The one-line symbol of a value (`.` for empty).
pub fn value_symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

fn exact_root(len: usize) -> Option<usize> {
    let r = (len as f64).sqrt().round() as usize;
    (r * r == len && r > 0).then_some(r)
}

/// Detects the format of a (non-comment) line.
pub fn detect(line: &str) -> LineFormat {
    if line.trim().contains(char::is_whitespace) {
        LineFormat::Numeric
    } else {
        LineFormat::OneLine
    }
}

/// Parses one line into a grid (errors carry the column, not the line; the caller adds the line).
pub fn parse_grid(line: &str) -> Result<(Grid, LineFormat), InputError> {
    let trimmed = line.trim_end();
    let lead = line.len() - line.trim_start().len();
    match detect(trimmed) {
        LineFormat::OneLine => {
            let text = trimmed.trim_start();
            let len = text.chars().count();
            let n = exact_root(len).ok_or_else(|| {
                InputError::new(format!(
                    "line has {len} characters, not a square number (a one-line N×N Sudoku has N² characters)"
                ))
            })?;
            if n > 35 {
                return Err(InputError::new(format!(
                    "N = {n} is too large for the one-line format (at most 35 symbols); use numbers separated by spaces"
                )));
            }
            let mut cells = Vec::with_capacity(len);
            for (i, ch) in text.chars().enumerate() {
                let v = symbol_value(ch).ok_or_else(|| {
                    InputError::new(format!(
                        "'{ch}' is not a Sudoku symbol (1-9, A-Z, '.' or '0')"
                    ))
                    .with_column(lead + i + 1)
                })?;
                if v as usize > n {
                    return Err(InputError::new(format!("'{ch}' means {v}, above N = {n}"))
                        .with_column(lead + i + 1));
                }
                cells.push(v);
            }
            Ok((Grid::from_cells(n, n, cells), LineFormat::OneLine))
        }
        LineFormat::Numeric => {
            let mut cells = Vec::new();
            let mut col = 0;
            for token in trimmed.split(|c: char| c.is_whitespace() || c == '\u{a0}') {
                if token.is_empty() {
                    col += 1;
                    continue;
                }
                let start = col + 1;
                col += token.len() + 1;
                let v: u32 = token.parse().map_err(|_| {
                    InputError::new(format!("'{token}' is not a number")).with_column(start)
                })?;
                if v > 255 {
                    return Err(InputError::new(format!("{v} is too large")).with_column(start));
                }
                cells.push((v, start));
            }
            let n = exact_root(cells.len()).ok_or_else(|| {
                InputError::new(format!(
                    "line has {} numbers, not a square number (an N×N Sudoku has N² numbers)",
                    cells.len()
                ))
            })?;
            if let Some(&(v, c)) = cells.iter().find(|&&(v, _)| v as usize > n) {
                return Err(InputError::new(format!("{v} is above N = {n}")).with_column(c));
            }
            let cells = cells.into_iter().map(|(v, _)| v as u8).collect();
            Ok((Grid::from_cells(n, n, cells), LineFormat::Numeric))
        }
    }
}

/// Parses a puzzle line with a layout.
pub fn parse_puzzle(line: &str, layout: &LayoutSpec) -> Result<(Sudoku, LineFormat), InputError> {
    let (grid, format) = parse_grid(line)?;
    let layout = layout.layout(grid.rows()).map_err(InputError::new)?;
    let sudoku = Sudoku::new(layout, grid).map_err(InputError::new)?;
    Ok((sudoku, format))
}

/// Writes a grid as one line in the given format (falls back to numeric when N > 35).
pub fn format_grid(grid: &Grid, format: LineFormat) -> String {
    if format == LineFormat::OneLine && grid.rows() <= 35 {
        grid.cells().iter().map(|&v| value_symbol(v)).collect()
    } else {
        let parts: Vec<String> = grid.cells().iter().map(|v| v.to_string()).collect();
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_sizes_and_round_trips() {
        for n in [4usize, 6, 9, 16, 25] {
            let line: String = (0..n * n)
                .map(|i| value_symbol(((i % n) + 1) as u8))
                .collect();
            let (g, f) = parse_grid(&line).unwrap();
            assert_eq!((g.rows(), f), (n, LineFormat::OneLine));
            assert_eq!(format_grid(&g, f), line);
            let numeric = format_grid(&g, LineFormat::Numeric);
            assert_eq!(parse_grid(&numeric).unwrap().0, g);
        }
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse_grid("12.4x...").unwrap_err();
        assert!(e.message.contains("not a square"), "{e}");
        let e = parse_grid("1234341221434x21").unwrap_err();
        assert_eq!(e.column, Some(14));
        let e = parse_grid("5...............").unwrap_err();
        assert!(e.message.contains("above N = 4"), "{e}");
    }

    #[test]
    fn six_by_six_gets_two_by_three_boxes() {
        let (s, _) = parse_puzzle(&".".repeat(36), &LayoutSpec::Default).unwrap();
        assert_eq!(s.layout().box_shape(), Some((2, 3)));
    }
}
