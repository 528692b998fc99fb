//! Every reduction of the project, by name, with the puzzles it takes; the round-trip test
//! (`tests/round_trip.rs`) runs each over every shipped puzzle with a known solution.
//!
//! To register a reduction, add a [`Registered`] entry to [`registry`]: a builder from a puzzle, run
//! through [`harness::round_trip`](super::harness::round_trip).

use super::Sizes;
use super::harness::round_trip;
use crate::hcp::chain::{HcpOptions, Stage};
use crate::puzzle::{Grid, Puzzle};

/// A registered reduction.
pub struct Registered {
    /// Stable name, as in `.map` files and pipelines.
    pub name: &'static str,
    /// Which shipped puzzles the round-trip test runs it on (by kind and size, to keep CI short;
    /// larger ones run under `cargo test -- --ignored`).
    pub accepts: fn(&Puzzle) -> bool,
    /// Builds the reduction for the puzzle and runs the round trip with the solution.
    pub round_trip: fn(&Puzzle, &Grid) -> Result<Sizes, String>,
}

/// All registered reductions.
pub fn registry() -> Vec<Registered> {
    vec![
        Registered {
            name: "cover",
            accepts: |_| true,
            round_trip: |p, s| round_trip(&crate::cover::PuzzleToCover::new(p), s),
        },
        Registered {
            name: "hcp",
            accepts: hcp_accepts,
            round_trip: crate::hcp::chain::staged_round_trip,
        },
        Registered {
            name: "hcp-untrimmed",
            accepts: |p| p.rows() <= 4 || p.kind() == "suguru",
            round_trip: |p, s| {
                let opts = HcpOptions {
                    stage: Stage::Contracted,
                    trim: false,
                    clues: true,
                    share: true,
                };
                crate::hcp::chain::round_trip(p, s, &opts)
            },
        },
    ]
}

/// The Hamiltonian-cycle chain runs on 4×4 and 9×9 Sudoku and on every Suguru in `cargo test`;
/// 16×16 and 25×25 run in `tests/hcp_round_trip.rs` under `--ignored`.
fn hcp_accepts(p: &Puzzle) -> bool {
    match p {
        Puzzle::Sudoku(s) => matches!(s.n(), 4 | 9),
        Puzzle::Suguru(_) => true,
    }
}
