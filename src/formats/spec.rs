//! The puzzle description format (`.yaml`, `.yml`, `.json`): any all-different grid puzzle, and
//! every built-in kind, written as YAML (JSON is read the same way). Reference: docs/describe.md.
//!
//! A document names a `kind` and gives what that kind needs: `latin` and the Sudoku kinds only
//! their givens (and box shape), `suguru` its regions, `custom` its choice groups and named layers
//! of no-repeat groups. Grids are text, one row per line: tokens separated by spaces, or one
//! character per cell when a row has no spaces. Several documents (separated by `---`) make a
//! collection; so does one document with a `puzzles:` list that shares its structure.
//!
//! The reader refuses what the constructions cannot take with one line naming the group (through
//! [`Described::new`], [`Sudoku::new`], [`Suguru::new`]) and, where it can, the file line.

use super::collection::Entry;
use super::sudoku_text::LayoutSpec;
use crate::error::InputError;
use crate::puzzle::described::NamedLayer;
use crate::puzzle::structure::{column_groups, row_groups};
use crate::puzzle::{
    BlockLayout, Described, Family, Grid, Group, GroupKind, MAX_VALUE, Puzzle, Sudoku, Suguru,
};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::fmt::Write as _;
use std::path::Path;

/// The largest description file read: a blank 255×255 description with a solution is about 0.4 MB.
pub const MAX_SPEC_BYTES: usize = 16 << 20;

/// Whether a path names a description file by its extension.
pub fn is_spec_path(path: &Path) -> bool {
    matches!(
        path.extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref(),
        Some("yaml" | "yml" | "json")
    )
}

/// Whether a file's first line (not blank, not a comment) starts a description: a document
/// marker, a JSON object or one of the keys a description starts with.
pub fn looks_like_spec(first: &str) -> bool {
    let t = first.trim_start();
    t == "---"
        || t.starts_with("--- ")
        || t.starts_with('{')
        || ["name:", "kind:"].iter().any(|k| t.starts_with(k))
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Doc {
    name: Option<String>,
    kind: Spanned<String>,
    size: Option<usize>,
    rows: Option<usize>,
    cols: Option<usize>,
    boxes: Option<Spanned<String>>,
    blocks: Option<Spanned<String>>,
    choice: Option<Spanned<String>>,
    #[serde(default)]
    layers: Vec<LayerDoc>,
    domains: Option<Spanned<String>>,
    givens: Option<Spanned<String>>,
    solution: Option<Spanned<String>>,
    puzzles: Option<Vec<PuzzleDoc>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct LayerDoc {
    name: String,
    groups: Spanned<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PuzzleDoc {
    name: Option<String>,
    givens: Spanned<String>,
    solution: Option<Spanned<String>>,
}

/// An error at a line of the document (1-based within the file).
type Located = (usize, String);

/// The kinds a description names, in the order of messages.
const KINDS: &str = "latin, sudoku, sudoku-x, windoku, sudoku-disjoint, suguru, custom";

/// A grid of text tokens, with the file line of each row.
struct TokenGrid {
    rows: Vec<(usize, Vec<String>)>,
}

impl TokenGrid {
    /// The rows of a grid value (blank lines skipped), each with its file line.
    fn parse(value: &Spanned<String>, source: &str, offset: usize) -> TokenGrid {
        let start = first_line(value, source) + offset;
        let rows = value
            .value
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                let l = l.trim();
                let tokens = if l.contains(char::is_whitespace) {
                    l.split_whitespace().map(str::to_string).collect()
                } else {
                    l.chars().map(|c| c.to_string()).collect()
                };
                (start + i, tokens)
            })
            .collect();
        TokenGrid { rows }
    }

    /// The grid's shape; every row must have as many tokens as the first.
    fn shape(&self, key: &str) -> Result<(usize, usize), Located> {
        let Some((_, first)) = self.rows.first() else {
            return Err((0, format!("`{key}` is empty")));
        };
        for (r, (line, row)) in self.rows.iter().enumerate() {
            if row.len() != first.len() {
                return Err((
                    *line,
                    format!(
                        "`{key}` row {} has {} cells, row 1 has {}",
                        r + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        Ok((self.rows.len(), first.len()))
    }

    fn line(&self) -> usize {
        self.rows.first().map_or(0, |r| r.0)
    }

    fn expect_shape(&self, key: &str, rows: usize, cols: usize) -> Result<(), Located> {
        let (r, c) = self.shape(key)?;
        if (r, c) != (rows, cols) {
            return Err((
                self.line(),
                format!("`{key}` is {r}x{c}, the grid is {rows}x{cols}"),
            ));
        }
        Ok(())
    }

    /// The values grid: numbers, or a character `1`–`9`, `A`–`Z` (10–35) in rows without spaces;
    /// `.`, `0`, `_` and `-` are empty cells.
    fn values(&self, key: &str) -> Result<Grid, Located> {
        let (rows, cols) = self.shape(key)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, (line, row)) in self.rows.iter().enumerate() {
            for (c, t) in row.iter().enumerate() {
                let v = match t.as_str() {
                    "." | "0" | "_" | "-" => Some(0),
                    _ if t.len() == 1 && t.as_bytes()[0].is_ascii_alphabetic() => {
                        Some(t.as_bytes()[0].to_ascii_uppercase() - b'A' + 10)
                    }
                    _ => t.parse::<u32>().ok().and_then(|v| u8::try_from(v).ok()),
                };
                match v {
                    Some(v) if (v as usize) <= MAX_VALUE => cells.push(v),
                    _ => {
                        return Err((
                            *line,
                            format!(
                                "`{key}` row {}, column {}: `{}` is not a value (a number up to {MAX_VALUE}, or . for an empty cell)",
                                r + 1,
                                c + 1,
                                super::tokens::excerpt(t)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(Grid::from_cells(rows, cols, cells))
    }

    /// Labels numbered by first appearance (row-major); `.` is "no group" when `holes` allows it.
    fn labels(&self, key: &str, holes: bool) -> Result<Vec<Option<u32>>, Located> {
        let mut names: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for (r, (line, row)) in self.rows.iter().enumerate() {
            for (c, t) in row.iter().enumerate() {
                if t == "." {
                    if !holes {
                        return Err((
                            *line,
                            format!(
                                "`{key}` row {}, column {}: every cell is in a choice group (`.` is allowed in layers only)",
                                r + 1,
                                c + 1
                            ),
                        ));
                    }
                    out.push(None);
                    continue;
                }
                let id = match names.iter().position(|n| n == t) {
                    Some(i) => i,
                    None => {
                        names.push(t);
                        names.len() - 1
                    }
                };
                out.push(Some(id as u32));
            }
        }
        Ok(out)
    }
}

/// The file line where a grid's first row is: the line after `key: |` for block scalars.
fn first_line(value: &Spanned<String>, source: &str) -> usize {
    let line = value.referenced.line() as usize;
    let col = value.referenced.column() as usize;
    let text = source.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let rest = text.get(col.saturating_sub(1)..).unwrap_or("").trim_start();
    if rest.starts_with('|') || rest.starts_with('>') {
        line + 1
    } else {
        line
    }
}

/// What a document gives per puzzle.
struct Item<'a> {
    name: Option<&'a str>,
    givens: Option<&'a Spanned<String>>,
    solution: Option<&'a Spanned<String>>,
}

/// Reads every puzzle of a description file's bytes; `stem` names puzzles that have no name.
/// Each document (between `---` lines) stands or falls alone; a file of no document gives no entry.
pub fn parse_entries(path: &Path, bytes: &[u8], stem: &str) -> Vec<Result<Entry, InputError>> {
    let err = |line: usize, m: String| {
        if line > 0 {
            InputError::at_line(line, m).in_file(path)
        } else {
            InputError::new(m).in_file(path)
        }
    };
    if bytes.len() > MAX_SPEC_BYTES {
        return vec![Err(err(
            0,
            format!("a description file is at most {MAX_SPEC_BYTES} bytes"),
        ))];
    }
    let bytes = bytes.strip_prefix(super::lines::BOM).unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            return vec![Err(err(line, "not UTF-8 text".into()))];
        }
    };
    let mut entries = Vec::new();
    for (offset, doc_text) in documents(text) {
        if doc_text.lines().all(|l| {
            let l = l.trim();
            l.is_empty() || l.starts_with('#')
        }) {
            continue;
        }
        match parse_document(doc_text, offset) {
            Ok(items) => {
                for (line, r) in items {
                    let index = entries.len() + 1;
                    entries.push(
                        r.map(|(name, puzzle, solution)| Entry {
                            index,
                            line,
                            name: name.unwrap_or_else(|| format!("{stem}#{index}")),
                            puzzle,
                            solution,
                        })
                        .map_err(|(l, m)| err(l, m)),
                    );
                }
            }
            Err((l, m)) => entries.push(Err(err(l, m))),
        }
    }
    entries
}

/// The documents of a YAML stream with the number of lines before each.
fn documents(text: &str) -> Vec<(usize, &str)> {
    let mut docs = Vec::new();
    let (mut start, mut start_line) = (0usize, 0usize);
    let mut pos = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let l = line.trim_end();
        if l == "---" || l.starts_with("--- ") {
            docs.push((start_line, &text[start..pos]));
            start = pos + line.len();
            start_line = i + 1;
        }
        pos += line.len();
    }
    docs.push((start_line, &text[start..]));
    docs
}

type Parsed = Result<(Option<String>, Puzzle, Option<Grid>), Located>;

fn parse_document(text: &str, offset: usize) -> Result<Vec<(usize, Parsed)>, Located> {
    let doc: Doc = serde_saphyr::from_str(text).map_err(|e| yaml_error(&e, offset))?;
    let kind_line = doc.kind.referenced.line() as usize + offset;
    let kind = doc.kind.value.as_str();
    let items: Vec<Item> = match &doc.puzzles {
        Some(list) => {
            if doc.givens.is_some() || doc.solution.is_some() {
                return Err((
                    kind_line,
                    "give `givens` either at the top or per entry of `puzzles`, not both".into(),
                ));
            }
            list.iter()
                .map(|p| Item {
                    name: p.name.as_deref(),
                    givens: Some(&p.givens),
                    solution: p.solution.as_ref(),
                })
                .collect()
        }
        None => vec![Item {
            name: doc.name.as_deref(),
            givens: doc.givens.as_ref(),
            solution: doc.solution.as_ref(),
        }],
    };
    let shape = Shape::read(&doc, text, offset)?;
    Ok(items
        .into_iter()
        .map(|item| {
            let line = item
                .givens
                .map_or(kind_line, |g| first_line(g, text) + offset);
            (line, build(&doc, kind, &shape, &item, text, offset))
        })
        .collect())
}

/// What a document says of the grid before any givens.
enum Shape {
    Latin(Option<usize>),
    Sudoku(Family, Option<usize>, LayoutSpec),
    Suguru(usize, usize, Vec<u32>),
    Custom(CustomShape),
}

struct CustomShape {
    rows: usize,
    cols: usize,
    choice_of: Vec<u32>,
    layers: Vec<NamedLayer>,
}

/// The Sudoku kinds: `sudoku` itself is `None`.
fn sudoku_family(kind: &str) -> Option<Option<Family>> {
    match kind {
        "sudoku" => Some(None),
        "sudoku-x" => Some(Some(Family::SudokuX)),
        "windoku" => Some(Some(Family::Windoku)),
        "sudoku-disjoint" => Some(Some(Family::Disjoint)),
        _ => None,
    }
}

impl Shape {
    fn read(doc: &Doc, text: &str, offset: usize) -> Result<Shape, Located> {
        let kind_line = doc.kind.referenced.line() as usize + offset;
        let kind = doc.kind.value.as_str();
        let not_for = |key: &str, present: bool| -> Result<(), Located> {
            if present {
                Err((kind_line, format!("`{key}` is not a key of kind {kind}")))
            } else {
                Ok(())
            }
        };
        let grid = |v: &Spanned<String>| TokenGrid::parse(v, text, offset);
        // Bounds before anything is allocated: values are bytes, so an order or a side above 255
        // (and a grid above 255 × 255 cells) can never be a puzzle.
        if let Some(n) = doc.size.filter(|&n| n == 0 || n > MAX_VALUE) {
            return Err((
                kind_line,
                format!("`size` {n}: give an order from 1 to {MAX_VALUE}"),
            ));
        }
        for (key, v) in [("rows", doc.rows), ("cols", doc.cols)] {
            if let Some(v) = v.filter(|&v| v == 0 || v > MAX_VALUE * MAX_VALUE) {
                return Err((
                    kind_line,
                    format!("`{key}` {v}: give 1 to {}", MAX_VALUE * MAX_VALUE),
                ));
            }
        }
        if let (Some(r), Some(c)) = (doc.rows, doc.cols)
            && r * c > MAX_VALUE * MAX_VALUE
        {
            return Err((
                kind_line,
                format!(
                    "a {r}x{c} grid is above the {MAX_VALUE}x{MAX_VALUE} cells of the largest Latin square"
                ),
            ));
        }
        if kind == "latin" {
            not_for("rows", doc.rows.is_some())?;
            not_for("cols", doc.cols.is_some())?;
            not_for("boxes", doc.boxes.is_some())?;
            not_for("blocks", doc.blocks.is_some())?;
            not_for("choice", doc.choice.is_some())?;
            not_for("layers", !doc.layers.is_empty())?;
            return Ok(Shape::Latin(doc.size));
        }
        if let Some(family) = sudoku_family(kind) {
            not_for("rows", doc.rows.is_some())?;
            not_for("cols", doc.cols.is_some())?;
            not_for("choice", doc.choice.is_some())?;
            not_for("layers", !doc.layers.is_empty())?;
            let mut size = doc.size;
            let layout = match (&doc.boxes, &doc.blocks) {
                (Some(_), Some(b)) => {
                    return Err((
                        first_line(b, text) + offset,
                        "give `boxes` or `blocks`, not both".into(),
                    ));
                }
                (Some(b), None) => LayoutSpec::parse_boxes(b.value.trim()).map_err(|m| {
                    (
                        b.referenced.line() as usize + offset,
                        format!("`boxes`: {m}"),
                    )
                })?,
                (None, Some(b)) => {
                    let g = grid(b);
                    let (r, c) = g.shape("blocks")?;
                    if r != c || doc.size.is_some_and(|n| n != r) {
                        return Err((
                            g.line(),
                            format!("`blocks` is {r}x{c}; a Sudoku grid is square, of `size` N"),
                        ));
                    }
                    size = Some(r);
                    let labels = g.labels("blocks", false)?;
                    LayoutSpec::Jigsaw(labels.into_iter().map(|l| l.unwrap_or(0)).collect())
                }
                (None, None) => LayoutSpec::Default,
            };
            return Ok(Shape::Sudoku(
                family.unwrap_or(Family::Custom),
                size,
                layout,
            ));
        }
        if kind != "suguru" && kind != "custom" {
            return Err((
                kind_line,
                format!(
                    "`kind`: unknown value `{}`, expected one of {KINDS}",
                    super::tokens::excerpt(kind)
                ),
            ));
        }
        not_for("size", doc.size.is_some())?;
        not_for("boxes", doc.boxes.is_some())?;
        not_for("blocks", doc.blocks.is_some())?;
        let Some(choice) = &doc.choice else {
            return Err((
                kind_line,
                format!("kind {kind} needs `choice`: a label per cell, equal labels one group"),
            ));
        };
        let (rows, cols, choice_of): (usize, usize, Vec<u32>) = match choice.value.trim() {
            "rows" | "columns" => {
                let (Some(r), Some(c)) = (doc.rows, doc.cols) else {
                    return Err((
                        kind_line,
                        format!("`choice: {}` needs `rows` and `cols`", choice.value.trim()),
                    ));
                };
                let by_row = choice.value.trim() == "rows";
                let map: Vec<u32> = (0..r * c)
                    .map(|i| if by_row { i / c } else { i % c } as u32)
                    .collect();
                (r, c, map)
            }
            _ => {
                let g = grid(choice);
                let (r, c) = g.shape("choice")?;
                for (key, v) in [("rows", doc.rows), ("cols", doc.cols)] {
                    if let Some(v) = v
                        && v != if key == "rows" { r } else { c }
                    {
                        return Err((g.line(), format!("`choice` is {r}x{c}, `{key}` says {v}")));
                    }
                }
                let labels = g.labels("choice", false)?;
                (r, c, labels.into_iter().map(|l| l.unwrap_or(0)).collect())
            }
        };
        if rows * cols > MAX_VALUE * MAX_VALUE {
            return Err((
                kind_line,
                format!(
                    "a {rows}x{cols} grid is above the {MAX_VALUE}x{MAX_VALUE} cells of the largest Latin square"
                ),
            ));
        }
        if let Some(d) = &doc.domains {
            check_domains(&grid(d), rows, cols, &choice_of)?;
        }
        if kind == "suguru" {
            not_for("layers", !doc.layers.is_empty())?;
            return Ok(Shape::Suguru(rows, cols, choice_of));
        }
        let mut layers = Vec::new();
        for (l, layer) in doc.layers.iter().enumerate() {
            let index = l as u32 + 1;
            let kinded = |groups: Vec<Group>| -> Vec<Group> {
                groups
                    .into_iter()
                    .enumerate()
                    .map(|(i, g)| Group {
                        kind: GroupKind::Listed {
                            layer: index,
                            index: i as u32,
                        },
                        ..g
                    })
                    .collect()
            };
            let groups = match layer.groups.value.trim() {
                "rows" => row_groups(rows, cols),
                "columns" => column_groups(rows, cols),
                _ => {
                    let g = grid(&layer.groups);
                    g.expect_shape(&format!("layers[{}].groups", l + 1), rows, cols)?;
                    let labels = g.labels("groups", true)?;
                    let count = labels.iter().flatten().map(|&x| x + 1).max().unwrap_or(0);
                    let mut groups: Vec<Group> = (0..count)
                        .map(|_| Group {
                            kind: GroupKind::Alone(0),
                            cells: Vec::new(),
                            max_value: 0,
                        })
                        .collect();
                    for (cell, l) in labels.iter().enumerate() {
                        if let Some(l) = l {
                            groups[*l as usize].cells.push(cell as u32);
                        }
                    }
                    groups
                }
            };
            layers.push(NamedLayer {
                name: layer.name.clone(),
                groups: kinded(groups),
            });
        }
        Ok(Shape::Custom(CustomShape {
            rows,
            cols,
            choice_of,
            layers,
        }))
    }
}

/// `domains` is a check a reader of the file can see: each cell's domain is `1..=s` for the size
/// `s` of its choice group, so a number per cell must say exactly that.
fn check_domains(
    g: &TokenGrid,
    rows: usize,
    cols: usize,
    choice_of: &[u32],
) -> Result<(), Located> {
    g.expect_shape("domains", rows, cols)?;
    let values = g.values("domains")?;
    let mut size = vec![0usize; choice_of.iter().map(|&c| c as usize + 1).max().unwrap_or(0)];
    for &c in choice_of {
        size[c as usize] += 1;
    }
    for (cell, &d) in values.cells().iter().enumerate() {
        let s = size[choice_of[cell] as usize];
        if d as usize != s {
            let row = cell / cols;
            return Err((
                g.rows[row].0,
                format!(
                    "`domains` says 1..={d} at {}, but its choice group {} has {s} cells and so holds 1..={s}",
                    crate::puzzle::cell_name(cols, cell),
                    choice_of[cell] + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The givens of a square kind (`latin`, the Sudoku kinds): from `givens`, checked against
/// `size`, or a blank grid of `size`.
fn square_givens(
    givens: Option<Grid>,
    size: Option<usize>,
    kind: &str,
    kind_line: usize,
    at: &dyn Fn(String) -> Located,
) -> Result<Grid, Located> {
    match (givens, size) {
        (Some(g), Some(n)) if g.rows() != n || g.cols() != n => Err(at(format!(
            "`givens` is {}x{}, `size` says {n}",
            g.rows(),
            g.cols()
        ))),
        (Some(g), _) => Ok(g),
        (None, Some(n)) => Ok(Grid::empty(n, n)),
        (None, None) => Err((kind_line, format!("kind {kind} needs `size` or `givens`"))),
    }
}

fn build(doc: &Doc, kind: &str, shape: &Shape, item: &Item, text: &str, offset: usize) -> Parsed {
    let kind_line = doc.kind.referenced.line() as usize + offset;
    let grid_of = |v: &Spanned<String>, key: &str| -> Result<Grid, Located> {
        TokenGrid::parse(v, text, offset).values(key)
    };
    let givens = match item.givens {
        Some(g) => Some(grid_of(g, "givens")?),
        None => None,
    };
    let at = |m: String| {
        (
            item.givens
                .map_or(kind_line, |g| first_line(g, text) + offset),
            m,
        )
    };
    let blank = |rows: usize, cols: usize| Grid::empty(rows, cols);
    let puzzle: Puzzle = match shape {
        Shape::Latin(size) => {
            let g = square_givens(givens, *size, kind, kind_line, &at)?;
            Described::latin(g).map_err(at)?.into()
        }
        Shape::Sudoku(family, size, layout) => {
            let g = square_givens(givens, *size, kind, kind_line, &at)?;
            if g.rows() != g.cols() {
                return Err(at(format!(
                    "a Sudoku grid is square, `givens` is {}x{}",
                    g.rows(),
                    g.cols()
                )));
            }
            let n = g.rows();
            let block = match layout {
                LayoutSpec::Default => BlockLayout::default_for(n),
                LayoutSpec::Boxes(p, q) if p * q == n => BlockLayout::boxes(*p, *q),
                LayoutSpec::Boxes(p, q) => {
                    return Err(at(format!("boxes {p}x{q} do not tile a {n}x{n} grid")));
                }
                LayoutSpec::Jigsaw(labels) => BlockLayout::jigsaw(n, labels).map_err(at)?,
            };
            let sudoku = Sudoku::new(block, g).map_err(at)?;
            if *family == Family::Custom {
                sudoku.into()
            } else {
                Described::sudoku_variant(*family, &sudoku)
                    .map_err(at)?
                    .into()
            }
        }
        Shape::Suguru(rows, cols, map) => {
            let g = givens.unwrap_or_else(|| blank(*rows, *cols));
            if (g.rows(), g.cols()) != (*rows, *cols) {
                return Err(at(format!(
                    "`givens` is {}x{}, `choice` is {rows}x{cols}",
                    g.rows(),
                    g.cols()
                )));
            }
            Suguru::new(*rows, *cols, map, g).map_err(at)?.into()
        }
        Shape::Custom(c) => {
            let g = givens.unwrap_or_else(|| blank(c.rows, c.cols));
            if (g.rows(), g.cols()) != (c.rows, c.cols) {
                return Err(at(format!(
                    "`givens` is {}x{}, `choice` is {}x{}",
                    g.rows(),
                    g.cols(),
                    c.rows,
                    c.cols
                )));
            }
            Described::new(
                Family::Custom,
                c.rows,
                c.cols,
                c.choice_of.clone(),
                |index| GroupKind::Listed { layer: 0, index },
                c.layers.clone(),
                g,
            )
            .map_err(|m| {
                (
                    custom_error_line(doc, &m, text, offset, item).unwrap_or(kind_line),
                    m,
                )
            })?
            .into()
        }
    };
    let solution = match item.solution {
        Some(s) => {
            let g = grid_of(s, "solution")?;
            if (g.rows(), g.cols()) != (puzzle.rows(), puzzle.cols()) {
                return Err((
                    first_line(s, text) + offset,
                    format!(
                        "`solution` is {}x{}, the grid is {}x{}",
                        g.rows(),
                        g.cols(),
                        puzzle.rows(),
                        puzzle.cols()
                    ),
                ));
            }
            Some(g)
        }
        None => None,
    };
    Ok((item.name.map(str::to_string), puzzle, solution))
}

/// The line a refusal of [`Described::new`] belongs to: the layer it names, or the givens.
fn custom_error_line(
    doc: &Doc,
    message: &str,
    text: &str,
    offset: usize,
    item: &Item,
) -> Option<usize> {
    if let Some(l) = doc
        .layers
        .iter()
        .find(|l| message.starts_with(&format!("layer '{}'", l.name)))
    {
        return Some(first_line(&l.groups, text) + offset);
    }
    if message.starts_with("given") {
        return item.givens.map(|g| first_line(g, text) + offset);
    }
    if message.starts_with("choice group") || message.contains("cells; a choice group") {
        return doc.choice.as_ref().map(|c| first_line(c, text) + offset);
    }
    None
}

fn yaml_error(e: &serde_saphyr::Error, offset: usize) -> Located {
    let (line, _, first) = super::yaml::error_parts(e);
    let mut message = first
        .replace("unknown field", "unknown key")
        .replace("missing field", "missing key");
    if message.starts_with("unknown key") {
        message = message.replace("expected one of", "expected one of the keys");
    }
    (if line > 0 { line + offset } else { 0 }, message)
}

/// The description of one puzzle: the kind's own form (`latin` and the Sudoku kinds by givens and
/// box shape, `suguru` by its regions, `custom` with every group), read back to the same puzzle.
pub fn to_text(name: &str, puzzle: &Puzzle, solution: Option<&Grid>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "name: {}", quote(name));
    let _ = writeln!(out, "kind: {}", puzzle.kind());
    let layout_of = |layout: &BlockLayout, out: &mut String| match layout.box_shape() {
        Some((p, q)) => {
            let _ = writeln!(out, "boxes: {p}x{q}");
        }
        None => write_grid(
            out,
            "blocks",
            &labels_grid(layout.n(), layout.n(), layout.block_map()),
        ),
    };
    match puzzle {
        Puzzle::Sudoku(s) => layout_of(s.layout(), &mut out),
        Puzzle::Suguru(s) => {
            let _ = writeln!(out, "rows: {}\ncols: {}", s.rows(), s.cols());
            write_grid(
                &mut out,
                "choice",
                &labels_grid(s.rows(), s.cols(), s.region_map()),
            );
        }
        Puzzle::Described(d) => match (d.family(), d.layout()) {
            (Family::Latin, _) => {}
            (_, Some(layout)) => layout_of(layout, &mut out),
            _ => {
                let s = d.structure();
                let _ = writeln!(out, "rows: {}\ncols: {}", s.rows, s.cols);
                write_grid(
                    &mut out,
                    "choice",
                    &labels_grid(s.rows, s.cols, &s.choice_of),
                );
                out.push_str("layers:\n");
                for layer in d.named_layers() {
                    let mut map = vec![None; s.cells()];
                    for (i, g) in layer.groups.iter().enumerate() {
                        for &c in &g.cells {
                            map[c as usize] = Some(i as u32);
                        }
                    }
                    let _ = writeln!(out, "  - name: {}", quote(&layer.name));
                    let rows: Vec<Vec<String>> = (0..s.rows)
                        .map(|r| {
                            (0..s.cols)
                                .map(|c| {
                                    map[r * s.cols + c].map_or(".".into(), |g| (g + 1).to_string())
                                })
                                .collect()
                        })
                        .collect();
                    write_indented(&mut out, "    groups", "      ", &rows);
                }
            }
        },
    }
    write_grid(&mut out, "givens", &values_grid(puzzle.givens()));
    if let Some(s) = solution {
        write_grid(&mut out, "solution", &values_grid(s));
    }
    out
}

/// The descriptions of several puzzles, one YAML document each.
pub fn collection_text(entries: &[(&str, &Puzzle, Option<&Grid>)]) -> String {
    entries
        .iter()
        .map(|(n, p, s)| to_text(n, p, *s))
        .collect::<Vec<_>>()
        .join("---\n")
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

fn labels_grid(rows: usize, cols: usize, map: &[u32]) -> Vec<Vec<String>> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| (map[r * cols + c] + 1).to_string())
                .collect()
        })
        .collect()
}

fn values_grid(g: &Grid) -> Vec<Vec<String>> {
    (0..g.rows())
        .map(|r| {
            (0..g.cols())
                .map(|c| match g.at(r, c) {
                    0 => ".".to_string(),
                    v => v.to_string(),
                })
                .collect()
        })
        .collect()
}

fn write_grid(out: &mut String, key: &str, rows: &[Vec<String>]) {
    write_indented(out, key, "  ", rows);
}

/// `key: |` and the rows, columns right-aligned to the widest token.
fn write_indented(out: &mut String, key: &str, indent: &str, rows: &[Vec<String>]) {
    let width = rows.iter().flatten().map(String::len).max().unwrap_or(1);
    // Columns are right-aligned, so a row may start with spaces: the indentation indicator (two
    // more than the key's own indentation, as written here) says where the block's indentation ends.
    let _ = writeln!(out, "{key}: |2");
    for row in rows {
        let cells: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
        let _ = writeln!(out, "{indent}{}", cells.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Entry, String>> {
        parse_entries(Path::new("p.yaml"), text.as_bytes(), "p")
            .into_iter()
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    fn one(text: &str) -> Entry {
        let mut v = read(text);
        assert_eq!(v.len(), 1);
        v.remove(0).unwrap()
    }

    #[test]
    fn a_latin_square_reads_from_its_givens() {
        let e = one("kind: latin\ngivens: |\n  1 . .\n  . . 1\n  . 3 .\n");
        assert_eq!(e.puzzle.kind(), "latin");
        assert_eq!(e.puzzle.rows(), 3);
        assert_eq!(e.puzzle.clues(), 3);
        assert_eq!(e.line, 3);
    }

    #[test]
    fn a_custom_puzzle_reads_its_groups() {
        let text = "name: diag\nkind: custom\nchoice: rows\nrows: 4\ncols: 4\nlayers:\n  - name: columns\n    groups: columns\n  - name: diagonal\n    groups: |\n      1...\n      .1..\n      ..1.\n      ...1\ngivens: |\n  1...\n  ....\n  ....\n  ....\n";
        let e = one(text);
        let s = e.puzzle.structure();
        assert_eq!(s.choice.len(), 4);
        assert_eq!(s.layers.len(), 2);
        // The diagonal layer: one group of four, twelve cells alone.
        assert_eq!(s.layers[1].len(), 13);
        assert_eq!(e.name, "diag");
    }

    #[test]
    fn errors_name_the_line_and_the_group() {
        let bad = read(
            "kind: custom\nchoice: |\n  a b\n  c d\nlayers:\n  - name: l\n    groups: |\n      1 1\n      . .\n",
        );
        let m = bad[0].as_ref().unwrap_err();
        assert!(
            m.contains("layer 'l': group 1 of layer 1 has 2 cells"),
            "{m}"
        );
        let bad = read("kind: latin\ngivens: |\n  1 2\n  3 ?\n");
        let m = bad[0].as_ref().unwrap_err();
        assert!(m.starts_with("p.yaml:4:"), "{m}");
        assert!(m.contains("`?` is not a value"), "{m}");
        let bad = read("kind: latin\nsizes: 3\n");
        assert!(bad[0].as_ref().unwrap_err().contains("unknown key"));
        for huge in [
            "kind: latin\nsize: 99999999999\n",
            "kind: sudoku\nsize: 4000\n",
            "kind: custom\nchoice: rows\nrows: 70000\ncols: 70000\n",
        ] {
            let m = read(huge)[0].as_ref().unwrap_err().clone();
            assert!(m.contains("give") || m.contains("above"), "{m}");
        }
        let bad = read("kind: magic\n");
        assert!(
            bad[0]
                .as_ref()
                .unwrap_err()
                .contains("expected one of latin")
        );
    }

    #[test]
    fn a_bad_document_leaves_the_others_readable() {
        let v =
            read("kind: latin\nsize: 3\n---\nkind: latin\nsize: x\n---\nkind: latin\nsize: 2\n");
        assert_eq!(v.len(), 3);
        assert!(v[0].is_ok() && v[2].is_ok());
        let m = v[1].as_ref().unwrap_err();
        assert!(m.starts_with("p.yaml:5"), "{m}");
    }

    #[test]
    fn the_writer_reads_back_to_the_same_puzzle() {
        let texts = [
            "kind: latin\ngivens: |\n  1 . .\n  . . 1\n  . 3 .\nsolution: |\n  1 2 3\n  3 1 2\n  2 3 1\n",
            "kind: sudoku-x\nboxes: 2x2\ngivens: |\n  1...\n  ....\n  ....\n  ...2\n",
            "kind: custom\nchoice: |\n  a a b\n  c b b\nlayers:\n  - name: pairs\n    groups: |\n      1 . 2\n      1 2 .\ngivens: |\n  . . .\n  1 . .\n",
            "kind: suguru\nchoice: |\n  1 1 2\n  1 2 2\n",
            "kind: sudoku\nblocks: |\n  1 1 2 2\n  1 1 2 2\n  3 4 4 4\n  3 3 3 4\n",
        ];
        // Values of two widths: the writer's right-aligned rows start with a space.
        let wide = format!(
            "kind: latin\ngivens: |\n  . . . . . . . . . 10\n{}",
            "  . . . . . . . . . .\n".repeat(9)
        );
        for t in texts.iter().copied().chain([wide.as_str()]) {
            let e = one(t);
            let back = to_text(&e.name, &e.puzzle, e.solution.as_ref());
            let again = one(&back);
            assert_eq!(again.puzzle, e.puzzle, "{back}");
            assert_eq!(again.solution, e.solution);
            assert_eq!(again.name, e.name);
        }
    }

    #[test]
    fn json_reads_like_yaml() {
        let e = one(r#"{"kind": "latin", "givens": "1 .\n. ."}"#);
        assert_eq!(e.puzzle.rows(), 2);
    }

    /// Every one-byte deletion, and a few replacements at every position, of a full description:
    /// the reader returns entries or errors, never panics (the hostile-input contract).
    #[test]
    fn mutated_descriptions_never_panic() {
        let text = "name: m\nkind: custom\nrows: 3\ncols: 3\nchoice: |\n  a a b\n  a b b\n  c c c\nlayers:\n  - name: d\n    groups: |\n      1 . 2\n      . 1 .\n      2 . 1\ndomains: |\n  3 3 3\n  3 3 3\n  3 3 3\ngivens: |2\n  1 . .\n  . . .\n  . . 3\nsolution: |\n  1 2 3\n  3 1 2\n  2 3 1\n---\nkind: sudoku\nblocks: |\n  1 1\n  2 2\n";
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            let mut cut = bytes.to_vec();
            cut.remove(i);
            let _ = parse_entries(Path::new("m.yaml"), &cut, "m");
            for b in [b' ', b'\n', b'.', b'-', b'9', b':', b'|', b'[', 0xff, 0x1b] {
                let mut m = bytes.to_vec();
                m[i] = b;
                let _ = parse_entries(Path::new("m.yaml"), &m, "m");
            }
        }
    }
}
