//! TSPLIB HCP/TSP/ATSP reader on arbitrary bytes: never panics; an HCP graph read writes back and
//! reads back equal.
#![no_main]

use gridreduce::formats::graphs::Instance;
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tsplib;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    if let Ok(file) = tsplib::parse(data, &limits) {
        if let Instance::Undirected(g) = &file.instance {
            let mut out = Vec::new();
            tsplib::write_hcp(&mut out, g, "fuzz", None).unwrap();
            let (again, _) = tsplib::parse_hcp(&out[..], &limits).expect("written HCP reads back");
            assert_eq!(&again, g);
        }
    }
});
