//! Concorde edge files, DIMACS `.col` graphs and arc lists on arbitrary bytes: never panic; read graphs write back equal.
#![no_main]

use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::{arcs, col, concorde};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    if let Ok(g) = concorde::parse_edges(data, &limits) {
        let mut out = Vec::new();
        concorde::write_edges(&mut out, &g).unwrap();
        assert_eq!(concorde::parse_edges(&out[..], &limits).unwrap(), g);
    }
    if let Ok(g) = col::parse_col(data, &limits) {
        let mut out = Vec::new();
        col::write_col(&mut out, &g).unwrap();
        assert_eq!(col::parse_col(&out[..], &limits).unwrap(), g);
    }
    if let Ok(d) = arcs::parse_arcs(data, &limits) {
        let mut out = Vec::new();
        arcs::write_arcs(&mut out, &d).unwrap();
        assert_eq!(arcs::parse_arcs(&out[..], &limits).unwrap(), d);
    }
});
