//! Sudoku written as grids, one row per line (`formats::sudoku_grid`): every puzzle of a sample of
//! the shipped 4×4, 9×9, 16×16 and 25×25 sets, rewritten as grids in the forms people write them
//! (symbols, numbers, box borders, `Grid NN` headers, blank lines or none between grids), reads
//! back as exactly the one-line puzzle; a file that mixes the forms or sizes is refused in one
//! line.

mod common;

use common::{assert_exit, gridreduce, text};
use gridreduce::formats::collection::parse_collection;
use gridreduce::formats::sudoku_text::{LayoutSpec, value_symbol};
use gridreduce::puzzle::Puzzle;
use std::path::Path;

/// The puzzles of a shipped file (the first `take`).
fn shipped(rel: &str, take: usize) -> Vec<Puzzle> {
    common::shipped(rel)
        .into_iter()
        .take(take)
        .map(|(_, p)| p)
        .collect()
}

/// `puzzle` as a grid: one row a line, as symbols or numbers, with `|` between boxes and a border
/// line between bands when `borders`.
fn as_grid(puzzle: &Puzzle, numbers: bool, borders: bool) -> String {
    let n = puzzle.rows();
    let b = (n as f64).sqrt() as usize;
    let mut out = String::new();
    for r in 0..n {
        if borders && r > 0 && r % b == 0 {
            out.push_str(&"-".repeat(2 * n + 3));
            out.push('\n');
        }
        let mut parts = Vec::new();
        for c in 0..n {
            if borders && c > 0 && c % b == 0 {
                parts.push("|".to_string());
            }
            let v = puzzle.givens().at(r, c);
            parts.push(if numbers {
                if v == 0 { ".".into() } else { v.to_string() }
            } else {
                value_symbol(v).to_string()
            });
        }
        out.push_str(&parts.join(if numbers || borders { " " } else { "" }));
        out.push('\n');
    }
    out
}

fn read(text: &str) -> Vec<Puzzle> {
    let c = parse_collection(
        Path::new("grids.txt"),
        text.as_bytes(),
        &LayoutSpec::Default,
    )
    .unwrap_or_else(|e| panic!("{e}\n{text}"));
    c.entries
        .into_iter()
        .map(|e| e.unwrap_or_else(|e| panic!("{e}")).puzzle)
        .collect()
}

#[test]
fn shipped_puzzles_read_back_from_grids_in_every_form() {
    for (rel, take) in [
        ("data/sudoku/sudoku4_vu_kr_100.txt", 6),
        ("data/sudoku/norvig_top95.txt", 6),
        ("data/sudoku/sudoku16_gecode_janko_55.txt", 4),
        ("data/sudoku/sudoku25_gecode_frisch_16.txt", 3),
    ] {
        let puzzles = shipped(rel.trim_start_matches("data/"), take);
        let n = puzzles[0].rows();
        for (numbers, borders, separator) in [
            (false, false, ""),
            (false, false, "\n"),
            (true, false, "Grid {k}\n"),
            (true, true, "\n# next\n"),
            (false, true, ""),
        ] {
            if n > 35 && !numbers {
                continue;
            }
            let mut file = String::new();
            for (k, p) in puzzles.iter().enumerate() {
                file.push_str(&separator.replace("{k}", &format!("{:02}", k + 1)));
                file.push_str(&as_grid(p, numbers, borders));
            }
            assert_eq!(
                read(&file),
                puzzles,
                "{rel} as grids (numbers {numbers}, borders {borders}, separator {separator:?})"
            );
        }
    }
}

#[test]
fn a_grid_file_solves_as_its_one_line_file() {
    let dir = tempfile::tempdir().unwrap();
    let grids = dir.path().join("top.txt");
    let puzzles = shipped("sudoku/norvig_top95.txt", 3);
    let body: String = puzzles
        .iter()
        .map(|p| as_grid(p, false, true) + "\n")
        .collect();
    std::fs::write(&grids, body).unwrap();
    let from_grids = gridreduce(&["solve", grids.to_str().unwrap()]);
    assert_exit(&from_grids, 0, "solve grids");
    let solutions = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/sudoku/solutions/norvig_top95.solutions.txt"),
    )
    .unwrap();
    let expected: Vec<&str> = solutions.lines().take(3).collect();
    assert_eq!(
        text(&from_grids.stdout).lines().collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn mixed_or_cut_grids_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = &shipped("sudoku/norvig_top95.txt", 1)[0];
    let one_line = gridreduce::formats::sudoku_text::format_grid(
        p.givens(),
        gridreduce::formats::sudoku_text::LineFormat::OneLine,
    );
    let grid = as_grid(p, false, false);
    let rows: Vec<&str> = grid.lines().collect();
    for (name, body, expected) in [
        (
            "line-then-grid.txt",
            format!("{one_line}\n{grid}"),
            "mix.txt:2: 9 cells: the row of a grid, but this file holds one puzzle per line (81 cells on line 1); write one form per file".to_string(),
        ),
        (
            "grid-then-line.txt",
            format!("{grid}{one_line}\n"),
            "mix.txt:10: 81 cells, but this file's puzzles are 9×9 grids written one row per line (9 cells a row, from line 1); write one form and size per file".to_string(),
        ),
        (
            "cut.txt",
            format!("{}\n\n{grid}", rows[..5].join("\n")),
            "mix.txt:6: the 9×9 grid that starts on line 1 ends after 5 of its 9 rows".to_string(),
        ),
    ] {
        let file = dir.path().join("mix.txt");
        std::fs::write(&file, body).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args(["info", "mix.txt"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_exit(&out, 2, name);
        assert_eq!(text(&out.stderr), format!("gridreduce: {expected}\n"), "{name}");
    }
}
