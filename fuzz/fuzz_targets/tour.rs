//! Tour readers (LKH TOUR, Concorde .sol, linkern, permutations) on arbitrary bytes: never panic;
//! a tour read is a permutation, and written as an LKH tour it reads back equal.
#![no_main]

use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::{parse_tour, write_lkh_tour, TourFormat, TourOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    if let Ok(t) = parse_tour(data, &TourOptions::default(), &limits) {
        let mut seen = vec![false; t.tour.len()];
        for &v in &t.tour {
            assert!(!std::mem::replace(&mut seen[v as usize], true), "not a permutation");
        }
        let mut out = Vec::new();
        write_lkh_tour(&mut out, &t.tour, "fuzz", None).unwrap();
        let options = TourOptions { format: Some(TourFormat::Lkh), ..Default::default() };
        let again = parse_tour(&out[..], &options, &limits).expect("written tour reads back");
        assert_eq!(again.tour, t.tour);
    }
});
