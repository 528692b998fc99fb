//! `--regions` files (a jigsaw region map) on arbitrary bytes: never panic; an error is one line
//! that quotes at most a short excerpt of the input (issue 19, group 2); a map that reads has N²
//! labels, each region of N cells.
#![no_main]

use gridreduce::formats::sudoku_text::read_region_map;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match read_region_map(data) {
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "{message}");
            assert!(message.len() <= 400, "a long message: {}", message.len());
        }
        Ok(labels) => {
            let n = (labels.len() as f64).sqrt().round() as usize;
            assert_eq!(n * n, labels.len(), "not a square map");
        }
    }
});
