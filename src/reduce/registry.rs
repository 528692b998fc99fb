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
    let mut all = vec![
        Registered {
            name: "cover",
            accepts: |_| true,
            round_trip: |p, s| round_trip(&crate::cover::PuzzleToCover::new(p), s),
        },
        Registered {
            name: "hcp",
            accepts: hcp_accepts,
            round_trip: |p, s| crate::hcp::chain::staged_round_trip(p, s, false),
        },
        Registered {
            name: "hcp-untrimmed",
            accepts: |p| p.rows() <= 4 || p.kind() == "suguru",
            // The default chain: contracted without the triplet trick.
            round_trip: |p, s| crate::hcp::chain::round_trip(p, s, &HcpOptions::default()),
        },
        Registered {
            name: "hcp-reduced",
            accepts: hcp_accepts,
            round_trip: |p, s| {
                let opts = HcpOptions {
                    stage: Stage::Reduced,
                    ..HcpOptions::default()
                };
                crate::hcp::chain::round_trip(p, s, &opts)
            },
        },
        Registered {
            name: "hcp-canonical",
            accepts: hcp_accepts,
            round_trip: |p, s| crate::hcp::chain::staged_round_trip(p, s, true),
        },
    ];
    all.extend(sat_ilp());
    all
}

/// The Hamiltonian-cycle chain runs on 4×4 and 9×9 Sudoku and on every Suguru in `cargo test`;
/// 16×16 and 25×25 run in `tests/hcp_round_trip.rs` under `--ignored`.
fn hcp_accepts(p: &Puzzle) -> bool {
    match p {
        Puzzle::Sudoku(s) => matches!(s.n(), 4 | 9),
        Puzzle::Suguru(_) => true,
    }
}

/// The CNF encodings (each plain and with `--simplify`) and the ILP model (issue 4).
fn sat_ilp() -> Vec<Registered> {
    use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
    fn cnf(p: &Puzzle, s: &Grid, encoding: Encoding, simplify: bool) -> Result<Sizes, String> {
        let options = CnfOptions { encoding, simplify };
        let r = PuzzleToCnf::new(p, options).map_err(|e| e.to_string())?;
        round_trip(&r, s)
    }
    macro_rules! cnf_entry {
        ($name:literal, $enc:ident, $simplify:literal) => {
            Registered {
                name: $name,
                accepts: |p| Encoding::$enc.accepts(p),
                round_trip: |p, s| cnf(p, s, Encoding::$enc, $simplify),
            }
        };
    }
    vec![
        cnf_entry!("cnf-minimal", Minimal, false),
        cnf_entry!("cnf-efficient", Efficient, false),
        cnf_entry!("cnf-extended", Extended, false),
        cnf_entry!("cnf-paper", Paper, false),
        cnf_entry!("cnf-compact", Compact, false),
        cnf_entry!("cnf-minimal-simplified", Minimal, true),
        cnf_entry!("cnf-efficient-simplified", Efficient, true),
        cnf_entry!("cnf-extended-simplified", Extended, true),
        cnf_entry!("cnf-paper-simplified", Paper, true),
        cnf_entry!("cnf-compact-simplified", Compact, true),
        Registered {
            name: "ilp",
            accepts: |_| true,
            round_trip: |p, s| round_trip(&crate::ilp::PuzzleToIlp::new(p), s),
        },
    ]
}
