//! The `plot` CSV reader on arbitrary bytes: never panics; an error is one line that quotes at
//! most a short excerpt of the input (issue 19, group 2); a table that reads has rows as wide as
//! its header.
#![no_main]

use gridreduce::plot::Table;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    match Table::parse(Path::new("fuzz.csv"), data) {
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "{message}");
            assert!(message.len() <= 400, "a long message: {}", message.len());
        }
        Ok(table) => {
            for row in &table.rows {
                assert_eq!(row.len(), table.header.len());
            }
        }
    }
});
