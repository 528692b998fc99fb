//! Reading a whole puzzle file: the format is detected, every puzzle becomes an [`Entry`] or an error
//! for that puzzle alone (so batch runs can report a bad item and go on), and Sudoku solutions are
//! attached from a solutions file (given, or found beside the puzzles as
//! `solutions/<stem>.solutions.txt`).

use super::lines::Lines;
use super::sudoku_grid;
use super::sudoku_text::{self, LayoutSpec, LineFormat};
use super::suguru_text;
use super::{pls, spec};
use crate::error::{Error, InputError};
use crate::puzzle::{Grid, Puzzle};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// The format of a puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    Sudoku(LineFormat),
    Suguru,
    /// A puzzle description file (`formats::spec`): YAML or JSON.
    Spec,
    /// A partial Latin square in the `.pls` format of Gomes's `lsencode` (`formats::pls`).
    Pls,
}

/// One puzzle of a file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based position among the file's puzzles (what `--index` selects).
    pub index: usize,
    /// Line where the puzzle starts.
    pub line: usize,
    /// `stem#index`, or the Suguru `# name:`.
    pub name: String,
    pub puzzle: Puzzle,
    pub solution: Option<Grid>,
}

/// A read file.
#[derive(Debug)]
pub struct Collection {
    pub path: PathBuf,
    pub format: FileFormat,
    /// One item per puzzle, in file order; a bad puzzle is an error here, the rest still parse.
    pub entries: Vec<Result<Entry, InputError>>,
    /// The solutions file that was attached, if any.
    pub solutions_file: Option<PathBuf>,
}

/// The error of a file that holds no puzzle, in every format.
const NO_PUZZLE: &str = "no puzzle in file (it is empty or all comments)";

/// Options of [`read_collection`].
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Sudoku block layout when the puzzles do not say (box shape, jigsaw map).
    pub layout: LayoutSpec,
    /// Solutions file for Sudoku; `None` looks for `solutions/<stem>.solutions.txt` beside the file.
    pub solutions: Option<PathBuf>,
    /// Do not look for a solutions file.
    pub no_auto_solutions: bool,
}

fn open_lines(path: &Path) -> Result<Lines<BufReader<File>>, Error> {
    let file = crate::formats::inputs::open(path)?;
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(Error::Input(
            InputError::new("is a folder, not a puzzle file").in_file(path),
        ));
    }
    Ok(Lines::new(BufReader::new(file)))
}

/// `<stem>.solutions.pls` beside a `.pls` file, if it exists.
fn sibling_pls_solutions(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?.to_str()?;
    let candidate = path.with_file_name(format!("{stem}.solutions.pls"));
    (candidate.is_file() && candidate != path).then_some(candidate)
}

/// The solutions file conventionally beside a puzzle file, if it exists.
pub fn sibling_solutions(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?.to_str()?;
    let candidate = path
        .parent()?
        .join("solutions")
        .join(format!("{stem}.solutions.txt"));
    candidate.is_file().then_some(candidate)
}

/// Reads every puzzle of `path`. Fails as a whole only when the file cannot be read or holds no
/// puzzle at all; errors in single puzzles are per entry.
pub fn read_collection(path: &Path, options: &ReadOptions) -> Result<Collection, Error> {
    if spec::is_spec_path(path) {
        return read_spec(path);
    }
    let lines: Vec<_> = open_lines(path)?.collect();
    let mut collection = parse_lines(path, lines, &options.layout)?;
    if let FileFormat::Sudoku(_) = collection.format {
        let solutions = match &options.solutions {
            Some(p) => Some(p.clone()),
            None if options.no_auto_solutions => None,
            None => sibling_solutions(path),
        };
        if let Some(sol_path) = solutions {
            attach_solutions(&mut collection, &sol_path)?;
            collection.solutions_file = Some(sol_path);
        }
    } else if let Some(sol_path) = options.solutions.clone().or_else(|| {
        // `q.pls` beside `q.solutions.pls`, as `generate latin --solutions` names them.
        (collection.format == FileFormat::Pls && !options.no_auto_solutions)
            .then(|| sibling_pls_solutions(path))
            .flatten()
    }) {
        let sol_path = &sol_path;
        // Suguru solutions from another file: the same block format, matched by position.
        let other = read_collection(sol_path, &ReadOptions::default())?;
        attach_by_position(
            &mut collection,
            other
                .entries
                .into_iter()
                .map(|e| e.map(|e| e.solution.unwrap_or_else(|| e.puzzle.givens().clone())))
                .collect(),
            sol_path,
        );
        collection.solutions_file = Some(sol_path.clone());
    }
    Ok(collection)
}

/// A description file: read whole (bounded), then parsed document by document.
fn read_spec(path: &Path) -> Result<Collection, Error> {
    use std::io::Read;
    let file = crate::formats::inputs::open(path)?;
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(Error::Input(
            InputError::new("is a folder, not a puzzle file").in_file(path),
        ));
    }
    let mut bytes = Vec::new();
    file.take(spec::MAX_SPEC_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    spec_collection(path, &bytes)
}

fn spec_collection(path: &Path, bytes: &[u8]) -> Result<Collection, Error> {
    let entries = spec::parse_entries(path, bytes, &name_stem(path));
    // A file that holds no puzzle fails as a whole, as the other readers do.
    if entries.is_empty() {
        return Err(Error::Input(InputError::new(NO_PUZZLE).in_file(path)));
    }
    Ok(Collection {
        path: path.to_path_buf(),
        format: FileFormat::Spec,
        entries,
        solutions_file: None,
    })
}

/// The stem of every puzzle name of a file, `stem#index`: the file name without its extension
/// (`puzzles` when it has none that is text).
fn name_stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("puzzles")
        .to_string()
}

fn read_sudoku(
    path: &Path,
    lines: Vec<(usize, Result<String, InputError>)>,
    layout: &LayoutSpec,
) -> Result<Collection, Error> {
    let texts = lines
        .iter()
        .filter_map(|(_, l)| l.as_ref().ok().map(String::as_str));
    if let Some(n) = sudoku_grid::rows_per_grid(texts) {
        return read_grids(path, lines, layout, n);
    }
    let stem = name_stem(path);
    // The first puzzle line, for the refusal of a file that mixes the two forms.
    let mut first_line: Option<(usize, usize)> = None;
    // The line before was such a grid row.
    let mut in_grid = false;
    let mut entries = Vec::new();
    let mut format = None;
    for (n, line) in lines {
        let text = match line {
            Ok(t) => t,
            Err(e) => {
                entries.push(Err(e));
                continue;
            }
        };
        // A `#` starts a comment, also after the puzzle (`#` is no symbol of any line format).
        let text = text.split('#').next().unwrap_or("");
        if text.trim().is_empty() {
            continue;
        }
        let parsed = sudoku_text::parse_puzzle(text, layout);
        // The line's cells: N² of a parsed N ≥ 4 puzzle (what the row reader counts too), else
        // counted by the row reader, which only lines that are no one-line puzzle need.
        let cells = match &parsed {
            Ok((sudoku, _)) if sudoku.givens().rows() >= 4 => Some(sudoku.givens().len()),
            _ => sudoku_grid::row(text).ok().map(|r| r.cells.len()),
        };
        // A short line among one-line puzzles is a grid row: the file mixes the forms. The grid is
        // one bad item (its first row reported, the rows after it skipped); the batch goes on.
        let short = match (cells, first_line) {
            (Some(cells), None) => {
                first_line = Some((n, cells));
                false
            }
            (Some(cells), Some((at, first))) if (4..16).contains(&cells) => {
                if !in_grid {
                    entries.push(Err(InputError::at_line(
                        n,
                        format!(
                            "{cells} cells: the row of a grid, but this file holds one puzzle per line ({first} cells on line {at}); write one form per file"
                        ),
                    )
                    .in_file(path)));
                }
                true
            }
            _ => false,
        };
        in_grid = short;
        if short {
            continue;
        }
        let index = entries.len() + 1;
        entries.push(
            parsed
                .map(|(sudoku, f)| {
                    format.get_or_insert(f);
                    Entry {
                        index,
                        line: n,
                        name: format!("{stem}#{index}"),
                        puzzle: sudoku.into(),
                        solution: None,
                    }
                })
                .map_err(|e| e.with_line(n).in_file(path)),
        );
    }
    Ok(Collection {
        path: path.to_path_buf(),
        format: FileFormat::Sudoku(format.unwrap_or(LineFormat::OneLine)),
        entries,
        solutions_file: None,
    })
}

/// A Sudoku file written as `n × n` grids, one row per line ([`sudoku_grid`]). A row of another
/// width, or a grid cut short by a blank or header line, refuses the file (it mixes forms or
/// sizes); a value above N or a clash of givens is that puzzle's error alone.
fn read_grids(
    path: &Path,
    lines: Vec<(usize, Result<String, InputError>)>,
    layout: &LayoutSpec,
    n: usize,
) -> Result<Collection, Error> {
    use sudoku_grid::LineKind;
    let stem = name_stem(path);
    let refuse = |line: usize, message: String| {
        Err(Error::Input(
            InputError::at_line(line, message).in_file(path),
        ))
    };
    let mut entries = Vec::new();
    let mut symbols = true;
    // The grid being read: its first line, its cells so far, the first bad value in it.
    let mut start = 0;
    let mut cells: Vec<u8> = Vec::with_capacity(n * n);
    let mut bad: Option<InputError> = None;
    for (number, line) in lines {
        let text = match line {
            Ok(t) => t,
            Err(e) => return Err(Error::Input(e)),
        };
        match sudoku_grid::kind(&text) {
            LineKind::Border => continue,
            LineKind::Break if cells.is_empty() => continue,
            LineKind::Break => {
                return refuse(
                    number,
                    format!(
                        "the {n}×{n} grid that starts on line {start} ends after {} of its {n} rows",
                        cells.len() / n
                    ),
                );
            }
            LineKind::Cells(t) => {
                let row = sudoku_grid::row(t)
                    .map_err(|e| Error::Input(e.with_line(number).in_file(path)))?;
                if row.cells.len() != n {
                    return refuse(
                        number,
                        format!(
                            "{} cells, but this file's puzzles are {n}×{n} grids written one row per line ({n} cells a row, from line {}); write one form and size per file",
                            row.cells.len(),
                            start
                        ),
                    );
                }
                if cells.is_empty() {
                    start = number;
                }
                symbols &= row.symbols;
                for &(v, column) in &row.cells {
                    if v as usize > n && bad.is_none() {
                        bad = Some(
                            InputError::at_line(number, format!("{v} is above N = {n}"))
                                .with_column(column)
                                .in_file(path),
                        );
                    }
                    cells.push(v.min(255) as u8);
                }
                if cells.len() == n * n {
                    let index = entries.len() + 1;
                    let grid = Grid::from_cells(n, n, std::mem::take(&mut cells));
                    entries.push(match bad.take() {
                        Some(e) => Err(e),
                        None => layout
                            .layout(n)
                            .and_then(|l| crate::puzzle::Sudoku::new(l, grid))
                            .map(|sudoku| Entry {
                                index,
                                line: start,
                                name: format!("{stem}#{index}"),
                                puzzle: sudoku.into(),
                                solution: None,
                            })
                            .map_err(|m| InputError::at_line(start, m).in_file(path)),
                    });
                }
            }
        }
    }
    if !cells.is_empty() {
        return refuse(
            start,
            format!(
                "the {n}×{n} grid that starts here ends with the file after {} of its {n} rows",
                cells.len() / n
            ),
        );
    }
    Ok(Collection {
        path: path.to_path_buf(),
        format: FileFormat::Sudoku(if symbols {
            LineFormat::OneLine
        } else {
            LineFormat::Numeric
        }),
        entries,
        solutions_file: None,
    })
}

fn read_suguru(path: &Path, lines: Vec<(usize, Result<String, InputError>)>) -> Collection {
    let stem = name_stem(path);
    let mut entries = Vec::new();
    let mut block: Vec<(usize, String)> = Vec::new();
    let mut block_error: Option<InputError> = None;
    let flush = |block: &mut Vec<(usize, String)>,
                 block_error: &mut Option<InputError>,
                 entries: &mut Vec<Result<Entry, InputError>>| {
        let has_body = block
            .iter()
            .any(|(_, l)| !l.trim().starts_with('#') && !l.trim().is_empty());
        if let Some(e) = block_error.take() {
            entries.push(Err(e.in_file(path)));
        } else if has_body {
            let index = entries.len() + 1;
            entries.push(
                suguru_text::parse_block(block)
                    .map(|r| Entry {
                        index,
                        line: r.line,
                        name: r.name.unwrap_or_else(|| format!("{stem}#{index}")),
                        puzzle: r.puzzle.into(),
                        solution: r.solution,
                    })
                    .map_err(|e| e.in_file(path)),
            );
        }
        block.clear();
    };
    for (n, line) in lines {
        match line {
            Ok(t) if t.trim().is_empty() => flush(&mut block, &mut block_error, &mut entries),
            Ok(t) => block.push((n, t)),
            Err(e) => {
                block_error.get_or_insert(e);
            }
        }
    }
    flush(&mut block, &mut block_error, &mut entries);
    Collection {
        path: path.to_path_buf(),
        format: FileFormat::Suguru,
        entries,
        solutions_file: None,
    }
}

/// Parses puzzle text (no solutions files): the reader behind [`read_collection`], usable on
/// bytes that are not a file (fuzzing, tests). `path` only names the source in errors.
pub fn parse_collection(
    path: &Path,
    bytes: &[u8],
    layout: &LayoutSpec,
) -> Result<Collection, Error> {
    if spec::is_spec_path(path) {
        return spec_collection(path, bytes);
    }
    parse_lines(path, Lines::new(bytes).collect(), layout)
}

fn parse_lines(
    path: &Path,
    lines: Vec<(usize, Result<String, InputError>)>,
    layout: &LayoutSpec,
) -> Result<Collection, Error> {
    let lines: Vec<_> = lines
        .into_iter()
        .map(|(n, l)| (n, l.map_err(|e| e.in_file(path))))
        .collect();
    // The first line that is not blank or a comment decides the format; an unreadable line counts
    // as Sudoku so that its error lands on its own entry.
    let first = lines.iter().find_map(|(_, l)| match l {
        Ok(t) if !t.trim().is_empty() && !t.trim_start().starts_with('#') => Some(t.trim_start()),
        Ok(_) => None,
        Err(_) => Some(""),
    });
    match first {
        None => Err(Error::Input(InputError::new(NO_PUZZLE).in_file(path))),
        Some(t) if spec::looks_like_spec(t) => {
            // A description without its extension (stdin, a pipe): the lines back to text, each
            // on its own line number.
            let mut text = String::new();
            for (_, l) in &lines {
                text.push_str(l.as_deref().unwrap_or(""));
                text.push('\n');
            }
            spec_collection(path, text.as_bytes())
        }
        Some(t) if looks_like_suguru(t) => Ok(read_suguru(path, lines)),
        Some(t) if pls::looks_like_pls(t) => Ok(pls::read(path, &name_stem(path), lines)),
        Some(_) => read_sudoku(path, lines, layout),
    }
}

/// Whether the first line of a file starts a Suguru block: its first word is one of the block's
/// keywords in any case (`Size 6 6`, or a block whose `size` line is missing and starts with
/// `regions`), so that the Suguru reader says what is wrong instead of the Sudoku reader
/// complaining about every line.
fn looks_like_suguru(first: &str) -> bool {
    let word = first.split_whitespace().next().unwrap_or("");
    ["size", "regions", "givens", "solution"]
        .iter()
        .any(|k| word.eq_ignore_ascii_case(k))
}

/// Reads a Sudoku solutions file (one grid per line, any line format) and attaches line k to
/// puzzle k.
fn attach_solutions(collection: &mut Collection, sol_path: &Path) -> Result<(), Error> {
    let mut grids = Vec::new();
    for (n, line) in open_lines(sol_path)? {
        let text = match line {
            Ok(t) => t,
            Err(e) => {
                grids.push(Err(e.in_file(sol_path)));
                continue;
            }
        };
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            continue;
        }
        grids.push(
            sudoku_text::parse_grid(&text)
                .map(|(g, _)| g)
                .map_err(|e| e.with_line(n).in_file(sol_path)),
        );
    }
    attach_by_position(collection, grids, sol_path);
    Ok(())
}

fn attach_by_position(
    collection: &mut Collection,
    grids: Vec<Result<Grid, InputError>>,
    sol_path: &Path,
) {
    let count = grids.len();
    let mut grids = grids.into_iter();
    for entry in collection.entries.iter_mut() {
        let Ok(e) = entry else {
            grids.next();
            continue;
        };
        match grids.next() {
            Some(Ok(g)) => e.solution = Some(g),
            Some(Err(err)) => *entry = Err(err),
            None => *entry = Err(InputError::new(format!(
                "solutions file has {count} solutions, fewer than the puzzles; none for puzzle {}",
                e.index
            ))
            .in_file(sol_path)),
        }
    }
}

/// Entries chosen by `--index K` (1-based), or all of them.
pub fn select(
    collection: Collection,
    index: Option<usize>,
) -> Result<Vec<Result<Entry, InputError>>, Error> {
    match index {
        None => Ok(collection.entries),
        Some(k) => select_range(collection, k, k),
    }
}

/// Puzzles `first` to `last` (1-based, both included) of a file; a range outside it is an error
/// naming the file and its number of puzzles.
pub fn select_range(
    collection: Collection,
    first: usize,
    last: usize,
) -> Result<Vec<Result<Entry, InputError>>, Error> {
    let len = collection.entries.len();
    if first >= 1 && first <= last && last <= len {
        return Ok(collection
            .entries
            .into_iter()
            .skip(first - 1)
            .take(last - first + 1)
            .collect());
    }
    let asked = if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    };
    Err(Error::Input(
        InputError::new(format!(
            "--index {asked} is out of range: the file has {len} puzzles"
        ))
        .in_file(&collection.path),
    ))
}

/// The text of one puzzle in its file's own format (for `.map` files and `solve` output).
pub fn puzzle_text(puzzle: &Puzzle, name: &str, format: FileFormat) -> String {
    match (puzzle, format) {
        (Puzzle::Sudoku(s), FileFormat::Sudoku(f)) => sudoku_text::format_grid(s.givens(), f),
        (Puzzle::Sudoku(s), _) => sudoku_text::format_grid(s.givens(), LineFormat::OneLine),
        (Puzzle::Suguru(s), _) => suguru_text::format_block(Some(name), s, None),
        // The whole description, whatever file it came from: `.map` records rebuild from it.
        (Puzzle::Described(_), _) => spec::to_text(name, puzzle, None),
    }
}

/// A solution grid in the puzzle file's own format: a line for Sudoku, the grid rows for Suguru and
/// described puzzles.
pub fn solution_text(puzzle: &Puzzle, grid: &Grid, format: FileFormat) -> String {
    match (puzzle, format) {
        (Puzzle::Sudoku(_), FileFormat::Sudoku(f)) => sudoku_text::format_grid(grid, f),
        (Puzzle::Sudoku(_), _) => sudoku_text::format_grid(grid, LineFormat::OneLine),
        (Puzzle::Suguru(_) | Puzzle::Described(_), _) => grid.to_string().trim_end().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::suguru_text::format_block;
    use crate::solvers::{Route, solutions};

    #[test]
    fn suguru_blocks_round_trip_through_the_writer() {
        let path = crate::reduce::harness::data_dir().join("suguru/backtrack-180.txt");
        let original = read_collection(&path, &ReadOptions::default()).unwrap();
        let mut text = String::from("# rewritten\n\n");
        for e in original.entries.iter().map(|e| e.as_ref().unwrap()) {
            let Puzzle::Suguru(s) = &e.puzzle else {
                panic!()
            };
            text.push_str(&format_block(Some(&e.name), s, e.solution.as_ref()));
            text.push('\n');
        }
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("copy.txt");
        std::fs::write(&copy, text).unwrap();
        let again = read_collection(&copy, &ReadOptions::default()).unwrap();
        assert_eq!(again.entries.len(), 180);
        for (a, b) in original.entries.iter().zip(&again.entries) {
            let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
            assert_eq!(
                (&a.name, &a.puzzle, &a.solution),
                (&b.name, &b.puzzle, &b.solution)
            );
        }
    }

    #[test]
    fn rectangular_and_jigsaw_layouts_solve() {
        let dir = tempfile::tempdir().unwrap();
        // 6x6 from 36 characters gets 2x3 boxes; the blank grid has a solution that verifies.
        let six = dir.path().join("six.txt");
        std::fs::write(&six, format!("{}\n", ".".repeat(36))).unwrap();
        let c = read_collection(&six, &ReadOptions::default()).unwrap();
        let p = &c.entries[0].as_ref().unwrap().puzzle;
        let s = solutions(p, Route::Cover, 1).unwrap();
        assert!(p.verify(&s[0]).is_empty());
        // A 4x4 jigsaw: L-shaped regions; every solution respects them.
        let labels = vec![1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
        let options = ReadOptions {
            layout: LayoutSpec::Jigsaw(labels.clone()),
            ..Default::default()
        };
        let four = dir.path().join("four.txt");
        std::fs::write(&four, "1...............\n").unwrap();
        let c = read_collection(&four, &options).unwrap();
        let p = &c.entries[0].as_ref().unwrap().puzzle;
        let all = solutions(p, Route::Cover, 1000).unwrap();
        // 96 grids fill this layout (brute force); a fixed 1 in r1c1 keeps a quarter of them.
        assert_eq!(all.len(), 24);
        for g in &all {
            assert!(p.verify(g).is_empty());
            for region in 1..=4u32 {
                let mut vals: Vec<u8> = (0..16)
                    .filter(|&c| labels[c] == region)
                    .map(|c| g.get(c))
                    .collect();
                vals.sort_unstable();
                assert_eq!(vals, vec![1, 2, 3, 4]);
            }
        }
        // A jigsaw map with a region of the wrong size is refused with the line.
        let bad = ReadOptions {
            layout: LayoutSpec::Jigsaw(vec![1; 16]),
            ..Default::default()
        };
        let c = read_collection(&four, &bad).unwrap();
        let e = c.entries[0].as_ref().unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(
            e.message.contains("region map has 1 regions, expected 4"),
            "{e}"
        );
    }
}
