//! The staged Hamiltonian-cycle round trip (every stage of one build) on the shipped puzzles the
//! registry leaves out of `cargo test` for time: 16×16 and 25×25 Sudoku. Run with
//! `cargo test --test hcp_round_trip -- --ignored` (about a minute in debug for the 16×16 sets).

use gridreduce::hcp::chain::{HcpOptions, Stage, build};
use gridreduce::reduce::harness::shipped_cases;

/// The chain with every step: clue arcs, triplet trick, contraction.
fn every_step() -> HcpOptions {
    HcpOptions {
        stage: Stage::Contracted,
        trim: true,
        ..HcpOptions::default()
    }
}

fn run(n: usize) {
    let cases = shipped_cases(|p| p.kind() == "sudoku" && p.rows() == n);
    assert!(!cases.is_empty(), "no shipped {n}x{n} puzzles");
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            build(&c.puzzle, &every_step())
                .map_err(|e| e.to_string())
                .and_then(|chain| chain.round_trip(&c.solution))
                .err()
                .map(|e| format!("{}: {e}", c.name))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "about a minute in debug; run with --ignored"]
fn sixteen_by_sixteen_round_trips_at_every_stage() {
    run(16);
}

#[test]
#[ignore = "minutes in debug; run with --ignored"]
fn twenty_five_by_twenty_five_round_trips_at_every_stage() {
    run(25);
}
