//! Speed of the Hamiltonian-cycle file writers and readers (figures in docs/formats-hcp.md).
//!
//! Graphs are synthetic but shaped like gridreduce's: a Hamiltonian ring plus chords, average
//! degree about 3.3 — 14,397 vertices / 23,631 edges (the undirected blank 9×9 Sudoku graph's
//! sizes) and 1,500,000 vertices / 2,500,000 edges (the scale of a contracted N = 64 graph).
//! `write_cnf_25x25` writes the DIMACS body of Frisch's first 25×25 Sudoku (the default encoding
//! with givens as units: 11.6 MB of text), the formula `reduce --to cnf` exports (docs/performance.md).
//! Run with `cargo bench --bench formats`.

use divan::Bencher;
use gridreduce::formats::tokens::ReadLimits;
use gridreduce::formats::tour::{TourOptions, parse_tour, write_lkh_tour};
use gridreduce::formats::{concorde, dimacs, tsplib};
use gridreduce::hcp::Graph;
use gridreduce::reduce::Reduction;
use gridreduce::reduce::harness::shipped_puzzles;
use gridreduce::sat::{CnfOptions, PuzzleToCnf};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

/// A ring 0-1-…-(n-1)-0 plus `m - n` pseudo-random chords (xorshift, fixed seed).
fn ring_with_chords(n: u32, m: usize) -> Graph {
    let mut edges: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while edges.len() < m {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (a, b) = ((x % n as u64) as u32, ((x >> 32) % n as u64) as u32);
        if a != b {
            edges.push((a, b));
        }
    }
    Graph::new(n, &edges)
}

static SUDOKU9: LazyLock<Graph> = LazyLock::new(|| ring_with_chords(14_397, 23_631));
static BIG: LazyLock<Graph> = LazyLock::new(|| ring_with_chords(1_500_000, 2_500_000));

fn text(g: &Graph) -> Vec<u8> {
    let mut out = Vec::new();
    tsplib::write_hcp(&mut out, g, "bench", None).unwrap();
    out
}

static SUDOKU9_HCP: LazyLock<Vec<u8>> = LazyLock::new(|| text(&SUDOKU9));
static BIG_HCP: LazyLock<Vec<u8>> = LazyLock::new(|| text(&BIG));
static SUDOKU9_TOUR: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let tour: Vec<u32> = (0..14_397).collect();
    let mut out = Vec::new();
    write_lkh_tour(&mut out, &tour, "bench", None).unwrap();
    out
});

#[divan::bench]
fn write_hcp_14397(bencher: Bencher) {
    let g = &*SUDOKU9;
    bencher.bench(|| tsplib::write_hcp(&mut std::io::sink(), g, "bench", None).unwrap());
}

#[divan::bench]
fn read_hcp_14397(bencher: Bencher) {
    let bytes = &SUDOKU9_HCP[..];
    bencher.bench(|| tsplib::parse_hcp(bytes, &ReadLimits::default()).unwrap());
}

#[divan::bench]
fn write_concorde_14397(bencher: Bencher) {
    let g = &*SUDOKU9;
    bencher.bench(|| concorde::write_edges(&mut std::io::sink(), g).unwrap());
}

#[divan::bench]
fn read_lkh_tour_14397(bencher: Bencher) {
    let bytes = &SUDOKU9_TOUR[..];
    let options = TourOptions {
        vertices: Some(14_397),
        ..TourOptions::default()
    };
    bencher.bench(|| parse_tour(bytes, &options, &ReadLimits::default()).unwrap());
}

#[divan::bench(sample_count = 10)]
fn write_hcp_1500000(bencher: Bencher) {
    let g = &*BIG;
    bencher.bench(|| tsplib::write_hcp(&mut std::io::sink(), g, "bench", None).unwrap());
}

#[divan::bench(sample_count = 5)]
fn read_hcp_1500000(bencher: Bencher) {
    let bytes = &BIG_HCP[..];
    bencher.bench(|| tsplib::parse_hcp(bytes, &ReadLimits::default()).unwrap());
}

#[divan::bench(sample_count = 5)]
fn write_tsp_matrix_2000(bencher: Bencher) {
    let g = ring_with_chords(2_000, 3_300);
    bencher.bench(|| tsplib::write_tsp_matrix(&mut std::io::sink(), &g, "bench", None).unwrap());
}

/// The first Frisch 25×25 as CNF, givens as unit clauses.
static FRISCH1_CNF: LazyLock<PuzzleToCnf> = LazyLock::new(|| {
    let puzzle = shipped_puzzles("sudoku/sudoku25_gecode_frisch_16.txt").swap_remove(0);
    let options = CnfOptions {
        simplify: false,
        ..CnfOptions::fastest_for(&puzzle)
    };
    PuzzleToCnf::new(&puzzle, options).expect("a Sudoku encodes")
});

#[divan::bench]
fn write_cnf_25x25(bencher: Bencher) {
    let cnf = FRISCH1_CNF.target();
    bencher.bench(|| dimacs::write_formula(&mut std::io::sink(), cnf).unwrap());
}
