//! The tour reader forced to Concorde .sol files: never panics, reads back
//! what it writes (the shared check: `common/tour_format.rs`).
#![no_main]

#[path = "common/tour_format.rs"]
mod tour_format;

use gridreduce::formats::tour::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tour_format::check(data, TourFormat::Concorde, |out, tour| write_concorde_sol(out, tour));
});
