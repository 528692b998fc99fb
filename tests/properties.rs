//! Property tests (proptest): random puzzles survive writing and reading back, and random bytes never
//! make a reader panic.

mod common;

use gridreduce::formats::collection::{FileFormat, parse_collection};
use gridreduce::formats::sudoku_text::{LayoutSpec, LineFormat, format_grid};
use gridreduce::formats::suguru_text::format_block;
use gridreduce::puzzle::{BlockLayout, Grid, Puzzle, Sudoku};
use proptest::prelude::*;
use std::path::Path;

fn sudoku_strategy() -> impl Strategy<Value = Sudoku> {
    prop_oneof![
        Just((2usize, 2usize)),
        Just((3, 3)),
        Just((2, 3)),
        Just((4, 4)),
        Just((3, 4))
    ]
    .prop_flat_map(|(p, q)| {
        let n = p * q;
        proptest::collection::vec(0..=n as u8, n * n).prop_map(move |cells| {
            Sudoku::new(BlockLayout::boxes(p, q), Grid::from_cells(n, n, cells)).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sudoku_lines_read_back_equal(s in sudoku_strategy(), numeric in any::<bool>()) {
        let format = if numeric { LineFormat::Numeric } else { LineFormat::OneLine };
        let text = format!("{}\n", format_grid(s.givens(), format));
        let layout = match s.layout().box_shape() {
            Some((p, q)) => LayoutSpec::Boxes(p, q),
            None => LayoutSpec::Default,
        };
        let c = parse_collection(Path::new("x"), text.as_bytes(), &layout).unwrap();
        prop_assert_eq!(c.format, FileFormat::Sudoku(format));
        let e = c.entries[0].as_ref().unwrap();
        prop_assert_eq!(&e.puzzle, &Puzzle::Sudoku(s));
    }

    #[test]
    fn suguru_blocks_read_back_equal(seed in any::<u64>(), rows in 1usize..7, cols in 1usize..7) {
        let mut rng = common::Rng(seed);
        let s = common::random_suguru(rows, cols, 5, rows * cols / 3, &mut rng);
        let text = format_block(Some("p"), &s, Some(s.givens()));
        let c = parse_collection(Path::new("x"), text.as_bytes(), &LayoutSpec::Default).unwrap();
        let e = c.entries[0].as_ref().unwrap();
        prop_assert_eq!(&e.puzzle, &Puzzle::Suguru(s.clone()));
        prop_assert_eq!(e.solution.as_ref(), Some(s.givens()));
    }

    /// Any bytes: a result or an error, never a panic.
    #[test]
    fn readers_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_collection(Path::new("x"), &bytes, &LayoutSpec::Default);
    }

    /// Suguru-looking noise: structure words with random numbers.
    #[test]
    fn suguru_reader_never_panics(words in proptest::collection::vec(
        prop_oneof![Just("size".to_string()), Just("regions".into()), Just("givens".into()),
                    Just("solution".into()), Just("\n".into()), Just("\n\n".into()),
                    (0u32..300).prop_map(|v| v.to_string())], 0..80)) {
        let text = format!("size {}", words.join(" "));
        let _ = parse_collection(Path::new("x"), text.as_bytes(), &LayoutSpec::Default);
    }
}
