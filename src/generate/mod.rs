//! Puzzle generators with a unique solution, reproducible from a seed.
//!
//! * [`suguru`]: random region layout by randomised BFS, a random full solution by search, greedy
//!   removal of hints while the solution stays unique (as the Suguru SAT paper describes);
//! * [`described`]: unique, minimal puzzles on the shape of any described puzzle (Sudoku variants,
//!   a user's own);
//! * [`latin`]: quasigroups with holes, a uniformly random Latin square with holes punched (not
//!   unique: satisfiable by construction, as the QWH benchmarks are);
//! * [`sudoku`]: few-clue Sudoku by removing clues while unique, choosing next the clue whose row,
//!   column and block hold the most clues.
//!
//! Uniqueness is decided by the fastest counting route of the project, the bitset search of
//! [`crate::search::fast`] with a limit of two solutions. Puzzle `i` of a batch is drawn from its own
//! seed derived from `(seed, i)`, so a batch of `K` puzzles begins with the batch of `K − 1`.

pub mod described;
pub mod latin;
pub mod sudoku;
pub mod suguru;

use crate::search::rng::Rng;

/// The generator of puzzle `index` of a batch with this seed.
pub fn rng_for(seed: u64, index: u64) -> Rng {
    let mut base = Rng::new(seed);
    let a = base.next_u64();
    Rng::new(a ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17))
}
