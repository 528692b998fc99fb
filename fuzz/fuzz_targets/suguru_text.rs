//! The Suguru block reader on arbitrary bytes: never panics; a block that parses is written back
//! with `format_block` and reads back to the same puzzle, name and solution.
#![no_main]

use gridreduce::formats::suguru_text::{format_block, parse_block};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
    let Ok(record) = parse_block(&lines) else {
        return;
    };
    // A name with a line break cannot survive a one-line comment; the reader never makes one.
    let written = format_block(record.name.as_deref(), &record.puzzle, record.solution.as_ref());
    let again: Vec<(usize, String)> = written
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
    let back = parse_block(&again)
        .unwrap_or_else(|e| panic!("written block does not read back: {e}\n{written}"));
    assert_eq!(back.puzzle, record.puzzle, "round trip changed the puzzle");
    assert_eq!(back.solution, record.solution, "round trip changed the solution");
    assert_eq!(back.name, record.name, "round trip changed the name");
});
