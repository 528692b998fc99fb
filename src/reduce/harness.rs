//! The round-trip harness every reduction is registered with.
//!
//! For a reduction `R` built from a puzzle and a known solution `s` it checks that
//! 1. `R.witness(s)` succeeds and the witness is a valid certificate of the target (`target.check`),
//! 2. `R.extract(witness) == s`,
//! 3. every size formula the steps declare equals the built size.
//!
//! [`shipped_cases`] lists every shipped puzzle with a known solution, so one test
//! (`tests/round_trip.rs`) runs every registered reduction over all of them.

use super::{Cert, Problem, Reduction, Sizes};
use crate::formats::collection::{Entry, ReadOptions, read_collection};
use crate::puzzle::{Grid, Puzzle};
use std::path::{Path, PathBuf};

/// Runs the three checks above; the error says which one failed and why.
pub fn round_trip<R>(reduction: &R, solution: &Cert<R::Source>) -> Result<Sizes, String>
where
    R: Reduction,
{
    let witness = reduction
        .witness(solution)
        .map_err(|e| format!("witness failed: {e}"))?;
    reduction
        .target()
        .check(&witness)
        .map_err(|e| format!("witness is not a valid certificate of the target: {e}"))?;
    let back = reduction
        .extract(&witness)
        .map_err(|e| format!("extract failed: {e}"))?;
    if &back != solution {
        return Err(format!("extract(witness(s)) != s: got {back:?}"));
    }
    let mismatches = reduction.declared_mismatches();
    if !mismatches.is_empty() {
        return Err(format!("size formulas disagree: {}", mismatches.join("; ")));
    }
    Ok(reduction.sizes())
}

/// A shipped puzzle with its known solution.
#[derive(Clone, Debug)]
pub struct Case {
    /// `file#index`, e.g. `sudoku/norvig_top95.txt#12`.
    pub name: String,
    pub puzzle: Puzzle,
    pub solution: Grid,
}

/// The collections under `data/` that come with solutions: every Sudoku set with a solutions file,
/// the 180 Suguru puzzles (solutions inline), the quasigroups with holes and the described puzzles.
pub const SOLVED_COLLECTIONS: &[&str] = &[
    "sudoku/sudoku4_vu_kr_100.txt",
    "sudoku/norvig_easy50.txt",
    "sudoku/norvig_top95.txt",
    "sudoku/gecode_9x9_18.txt",
    "sudoku/forum_hardest_1106.txt",
    "sudoku/sudoku16_vu_kr_100.txt",
    "sudoku/sudoku16_gecode_janko_55.txt",
    "sudoku/sudoku25_gecode_frisch_16.txt",
    "suguru/backtrack-180.txt",
    "latin/qwh-order5.yaml",
    "latin/qwh-order10.yaml",
    "latin/qwh-order10-balanced.yaml",
    "latin/qwh-order30.pls",
    "described/sudoku-x-4.yaml",
    "described/sudoku-x-9.yaml",
    "described/windoku-9.yaml",
    "described/sudoku-disjoint-9.yaml",
    "described/diagonal-latin-5.yaml",
    "described/latin-rectangle-3x5.yaml",
];

/// The project's `data/` folder (from the crate root).
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Every entry of one shipped collection (`rel` under `data/`), in file order, with its solution
/// where one is shipped. The one loader of the tests, benchmarks and examples, so that each does not
/// grow its own. Panics on unreadable shipped data: that is a broken checkout, not an input error.
pub fn shipped_entries(rel: &str) -> Vec<Entry> {
    let path = data_dir().join(rel);
    read_collection(&path, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("shipped data unreadable: {e}"))
        .entries
        .into_iter()
        .map(|e| e.unwrap_or_else(|e| panic!("shipped data unreadable: {e}")))
        .collect()
}

/// The puzzles of one shipped collection ([`shipped_entries`] without names and solutions).
pub fn shipped_puzzles(rel: &str) -> Vec<Puzzle> {
    shipped_entries(rel).into_iter().map(|e| e.puzzle).collect()
}

/// Every shipped puzzle with a known solution whose puzzle passes `keep`. Panics on unreadable
/// shipped data: that is a broken checkout, not an input error.
pub fn shipped_cases(keep: impl Fn(&Puzzle) -> bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for rel in SOLVED_COLLECTIONS {
        for entry in shipped_entries(rel) {
            if !keep(&entry.puzzle) {
                continue;
            }
            let solution = entry
                .solution
                .unwrap_or_else(|| panic!("{rel}#{}: no solution", entry.index));
            cases.push(Case {
                name: format!("{rel}#{}", entry.index),
                puzzle: entry.puzzle,
                solution,
            });
        }
    }
    cases
}
