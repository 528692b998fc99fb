//! Every reduction of the project, by name, with the puzzles it takes; the round-trip test
//! (`tests/round_trip.rs`) runs each over every shipped puzzle with a known solution.
//!
//! To register a reduction, add a [`Registered`] entry to [`registry`]: a builder from a puzzle, run
//! through [`harness::round_trip`](super::harness::round_trip).

use super::Sizes;
use super::harness::round_trip;
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
    vec![Registered {
        name: "cover",
        accepts: |_| true,
        round_trip: |p, s| round_trip(&crate::cover::PuzzleToCover::new(p), s),
    }]
}
