//! Puzzle readers (Sudoku one-line and numeric, Suguru blocks) on arbitrary bytes: never panic, and
//! every puzzle read writes back to text that reads back equal.
#![no_main]

use gridreduce::formats::collection::{parse_collection, puzzle_text, Entry};
use gridreduce::formats::sudoku_text::LayoutSpec;
use gridreduce::puzzle::Puzzle;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(collection) = parse_collection(Path::new("fuzz"), data, &LayoutSpec::Default) else {
        return;
    };
    for entry in collection.entries.into_iter().flatten() {
        let Entry { puzzle, name, .. } = entry;
        let layout = match &puzzle {
            Puzzle::Sudoku(s) => match s.layout().box_shape() {
                Some((p, q)) => LayoutSpec::Boxes(p, q),
                None => LayoutSpec::Jigsaw(s.layout().block_map().to_vec()),
            },
            Puzzle::Suguru(_) => LayoutSpec::Default,
        };
        let text = puzzle_text(&puzzle, &name, collection.format);
        let again = parse_collection(Path::new("fuzz"), text.as_bytes(), &layout)
            .expect("written puzzle text reads back");
        let back = again.entries.into_iter().next().unwrap().expect("written puzzle reads back");
        assert_eq!(back.puzzle, puzzle, "round trip changed the puzzle");
    }
});
