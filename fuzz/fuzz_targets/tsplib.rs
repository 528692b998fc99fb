//! TSPLIB reader (HCP, and the TSP/ATSP explicit matrices gridreduce writes) on arbitrary bytes:
//! never panics; a graph read writes back as HCP (undirected), as a TSP matrix (undirected) or as an
//! ATSP matrix (directed) and reads back equal.
#![no_main]

use gridreduce::formats::graphs::Instance;
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tsplib;
use libfuzzer_sys::fuzz_target;

/// Matrices have n² entries: round-trip them only for small graphs (the input is at most a few KB,
/// but DIMENSION alone can name 65,536 vertices).
const MATRIX_MAX: u32 = 300;

fuzz_target!(|data: &[u8]| {
    let limits = ReadLimits { max_vertices: 1 << 16 };
    let Ok(file) = tsplib::parse(data, &limits) else {
        return;
    };
    match &file.instance {
        Instance::Undirected(g) => {
            let mut out = Vec::new();
            tsplib::write_hcp(&mut out, g, "fuzz", Some("round trip")).unwrap();
            let (again, header) =
                tsplib::parse_hcp(&out[..], &limits).expect("written HCP reads back");
            assert_eq!(&again, g);
            assert_eq!(header.dimension, g.vertices());
            if g.vertices() <= MATRIX_MAX {
                let mut out = Vec::new();
                tsplib::write_tsp_matrix(&mut out, g, "fuzz", None).unwrap();
                let again = tsplib::parse(&out[..], &limits).expect("written TSP reads back");
                match again.instance {
                    Instance::Undirected(h) => assert_eq!(&h, g),
                    Instance::Directed(_) => panic!("a TSP matrix read back as a digraph"),
                }
            }
        }
        Instance::Directed(d) => {
            if d.vertices() <= MATRIX_MAX {
                let mut out = Vec::new();
                tsplib::write_atsp_matrix(&mut out, d, "fuzz", None).unwrap();
                let again = tsplib::parse(&out[..], &limits).expect("written ATSP reads back");
                match again.instance {
                    Instance::Directed(h) => assert_eq!(&h, d),
                    Instance::Undirected(_) => panic!("an ATSP matrix read back as a graph"),
                }
            }
        }
    }
});
