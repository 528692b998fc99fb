//! The `.map` record of a puzzle: written by every export, read back by `decode` to rebuild the
//! exact puzzle (layout included) the instance was built from.

use crate::error::{Error, InputError, Result};
use crate::formats::collection::{Entry, FileFormat, puzzle_text};
use crate::formats::map::PuzzleRecord;
use crate::formats::sudoku_text::{self, LayoutSpec};
use crate::formats::suguru_text;
use crate::puzzle::Puzzle;
use std::path::Path;

/// The `.map` record of a puzzle: enough to rebuild it exactly ([`rebuild_puzzle`]).
pub fn puzzle_record(entry: &Entry, format: FileFormat) -> PuzzleRecord {
    let layout = match &entry.puzzle {
        Puzzle::Sudoku(s) => Some(match s.layout().box_shape() {
            Some((p, q)) => format!("{p}x{q}"),
            None => {
                let labels: Vec<String> = s
                    .layout()
                    .block_map()
                    .iter()
                    .map(|b| b.to_string())
                    .collect();
                format!("jigsaw:{}", labels.join(","))
            }
        }),
        Puzzle::Suguru(_) | Puzzle::Described(_) => None,
    };
    PuzzleRecord {
        kind: entry.puzzle.kind().to_string(),
        name: entry.name.clone(),
        layout,
        text: puzzle_text(&entry.puzzle, &entry.name, format),
    }
}

/// The puzzle a `.map` file describes; errors name the map file.
pub fn rebuild_puzzle(record: &PuzzleRecord, map: &Path) -> Result<Puzzle> {
    let bad = |m: String| Error::Input(InputError::new(m).in_file(map));
    match record.kind.as_str() {
        "sudoku" => {
            let layout = match record.layout.as_deref() {
                None => LayoutSpec::Default,
                Some(l) => match l.strip_prefix("jigsaw:") {
                    Some(labels) => LayoutSpec::Jigsaw(
                        labels
                            .split(',')
                            .map(|x| x.trim().parse::<u32>())
                            .collect::<std::result::Result<_, _>>()
                            .map_err(|_| bad(format!("bad jigsaw layout '{l}'")))?,
                    ),
                    None => LayoutSpec::parse_boxes(l).map_err(bad)?,
                },
            };
            let (sudoku, _) = sudoku_text::parse_puzzle(&record.text, &layout)
                .map_err(|e| bad(format!("puzzle text: {e}")))?;
            Ok(sudoku.into())
        }
        "suguru" => {
            let lines: Vec<(usize, String)> = record
                .text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect();
            let parsed =
                suguru_text::parse_block(&lines).map_err(|e| bad(format!("puzzle text: {e}")))?;
            Ok(parsed.puzzle.into())
        }
        // Described puzzles keep their whole description (`formats::spec`) as the text.
        kind if crate::puzzle::Family::from_name(kind).is_some() => {
            let mut entries = crate::formats::spec::parse_entries(map, record.text.as_bytes(), "");
            match (entries.len(), entries.pop()) {
                (1, Some(Ok(e))) if e.puzzle.kind() == kind => Ok(e.puzzle),
                (1, Some(Ok(e))) => Err(bad(format!(
                    "the puzzle text describes a {}, the record says {kind}",
                    e.puzzle.kind()
                ))),
                (_, Some(Err(e))) => Err(bad(format!("puzzle text: {}", e.message))),
                _ => Err(bad("the puzzle text is not one description".into())),
            }
        }
        other => Err(bad(format!("unknown puzzle kind '{other}'"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sudoku_text::LineFormat;
    use crate::puzzle::{BlockLayout, Grid, Sudoku};

    fn entry(puzzle: Puzzle) -> Entry {
        Entry {
            index: 1,
            line: 1,
            name: "t#1".into(),
            puzzle,
            solution: None,
        }
    }

    /// A `.map` record rebuilds the same puzzle for box, rectangular-box and jigsaw layouts.
    #[test]
    fn puzzle_records_rebuild_the_puzzle() {
        let mut givens = Grid::empty(6, 6);
        givens.set(0, 3);
        givens.set(35, 6);
        let rect: Puzzle = Sudoku::new(BlockLayout::boxes(2, 3), givens)
            .unwrap()
            .into();
        let labels = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 3, 2, 3, 3];
        let mut g4 = Grid::empty(4, 4);
        g4.set(5, 2);
        let jigsaw: Puzzle = Sudoku::new(BlockLayout::jigsaw(4, &labels).unwrap(), g4)
            .unwrap()
            .into();
        for (p, format) in [
            (rect, FileFormat::Sudoku(LineFormat::OneLine)),
            (jigsaw, FileFormat::Sudoku(LineFormat::Numeric)),
        ] {
            let record = puzzle_record(&entry(p.clone()), format);
            let back = rebuild_puzzle(&record, Path::new("x.map")).unwrap();
            assert_eq!(back, p, "{record:?}");
        }
        let bad = PuzzleRecord {
            kind: "sudoku".into(),
            name: "x".into(),
            layout: Some("jigsaw:1,a".into()),
            text: ".".repeat(16),
        };
        let e = rebuild_puzzle(&bad, Path::new("x.map")).unwrap_err();
        assert!(e.to_string().starts_with("x.map: bad jigsaw layout"), "{e}");
    }
}
