//! The check the three single-format tour targets share: the tour reader forced to one format,
//! on arbitrary bytes, never panics; a tour read is a permutation of `0..n`; written back in that
//! format it reads back equal, with and without the vertex count known, and format detection
//! recognises what gridreduce writes.

use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::*;

pub fn check(
    data: &[u8],
    format: TourFormat,
    write: impl Fn(&mut Vec<u8>, &[u32]) -> std::io::Result<()>,
) {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    let options = TourOptions { format: Some(format), ..Default::default() };
    let Ok(t) = parse_tour(data, &options, &limits) else {
        return;
    };
    assert_eq!(t.format, format);
    let mut seen = vec![false; t.tour.len()];
    for &v in &t.tour {
        assert!(!std::mem::replace(&mut seen[v as usize], true), "not a permutation");
    }
    let mut out = Vec::new();
    write(&mut out, &t.tour).unwrap();
    for vertices in [None, Some(t.tour.len() as u32)] {
        let options = TourOptions { vertices, ..options };
        let again = parse_tour(&out[..], &options, &limits).expect("written tour reads back");
        assert_eq!(again.tour, t.tour);
        let detected = TourOptions { format: None, ..options };
        let again = parse_tour(&out[..], &detected, &limits).expect("written tour is detected");
        assert_eq!(again.tour, t.tour);
    }
}
