//! The tour reader forced to linkern -o edge lists, on arbitrary bytes: never panics; a tour read is a
//! permutation of `0..n`, and written back in the same format it reads back equal (with and
//! without the vertex count known).
#![no_main]

use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::*;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    let options = TourOptions { format: Some(TourFormat::Linkern), ..Default::default() };
    let Ok(t) = parse_tour(data, &options, &limits) else {
        return;
    };
    assert_eq!(t.format, TourFormat::Linkern);
    let mut seen = vec![false; t.tour.len()];
    for &v in &t.tour {
        assert!(!std::mem::replace(&mut seen[v as usize], true), "not a permutation");
    }
    let mut out = Vec::new();
    write_linkern(&mut out, &t.tour).unwrap();
    for vertices in [None, Some(t.tour.len() as u32)] {
        let options = TourOptions { vertices, ..options };
        let again = parse_tour(&out[..], &options, &limits).expect("written tour reads back");
        assert_eq!(again.tour, t.tour);
        // Detection must recognise what gridreduce writes.
        let detected = TourOptions { format: None, ..options };
        let again = parse_tour(&out[..], &detected, &limits).expect("written tour is detected");
        assert_eq!(again.tour, t.tour);
    }
});
