//! The tour reader forced to linkern -o edge lists: never panics, reads back
//! what it writes (the shared check: `common/tour_format.rs`).
#![no_main]

#[path = "common/tour_format.rs"]
mod tour_format;

use gridreduce::formats::tour::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tour_format::check(data, TourFormat::Linkern, |out, tour| write_linkern(out, tour));
});
