//! Sudoku line formats (one-line and numeric) on arbitrary bytes: every line either parses or gives
//! an error, never a panic; a parsed grid written in its format (and in the other one) reads back
//! equal, and a line that makes a puzzle with the default layout rebuilds the same puzzle.
#![no_main]

use gridreduce::formats::sudoku_text::{LayoutSpec, LineFormat, format_grid, parse_grid, parse_puzzle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        let Ok((grid, format)) = parse_grid(line) else {
            continue;
        };
        for f in [format, LineFormat::OneLine, LineFormat::Numeric] {
            let written = format_grid(&grid, f);
            let (again, _) = parse_grid(&written)
                .unwrap_or_else(|e| panic!("written grid {written:?} does not read back: {e}"));
            assert_eq!(again, grid, "round trip through {f:?} changed the grid");
        }
        if let Ok((sudoku, _)) = parse_puzzle(line, &LayoutSpec::Default) {
            let written = format_grid(sudoku.givens(), format);
            let (again, _) = parse_puzzle(&written, &LayoutSpec::Default)
                .expect("written puzzle reads back");
            assert_eq!(again, sudoku, "round trip changed the puzzle");
        }
    }
});
