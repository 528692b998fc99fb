//! The memory budget: estimate what building a puzzle's instance (and solving it) will take
//! before building it, and refuse with one line when that is above the limit.
//!
//! Running out of memory cannot be caught: Rust aborts on a failed allocation (`memory allocation
//! of … failed`, exit 134) and CaDiCaL's C++ `bad_alloc` crosses into Rust as a foreign exception
//! (abort again). A blank 100×100 Sudoku through `--via sat` grows to 19 GB before that happens.
//! So every command that builds an instance asks [`check`] first, with the route's
//! [`Footprint`], and a puzzle above the limit becomes a [`Error::Construction`] (one line, exit
//! code 2, a batch goes on with the next puzzle).
//!
//! The estimate is linear in two counts of the puzzle ([`Measure`]): its candidates (cell ×
//! value) and its conflicting candidate pairs (two peers, one value), the terms every encoding
//! grows with (a pairwise at-most-one clause, a QUBO penalty, a graph's crossing arcs are one per
//! pair). Each route declares its bytes per candidate and per pair, measured as peak resident
//! memory on blank grids (docs/reliability.md gives the measurements); the estimate is meant to be
//! within a factor of two and errs on the high side.
//!
//! The limit is process-wide ([`set_limit`], the CLI's `--memory-limit`); by default
//! [`DEFAULT_PERCENT`] % of the machine's physical memory.

use crate::error::{Error, Result};
use crate::puzzle::Puzzle;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default limit, in percent of physical memory: room for the estimate to be off by half
/// again and for the rest of the machine.
pub const DEFAULT_PERCENT: u64 = 50;

/// The default when physical memory cannot be read (no `/proc/meminfo`): 4 GiB.
const FALLBACK_LIMIT: u64 = 4 << 30;

/// 0 until [`set_limit`]: then the default.
static LIMIT: AtomicU64 = AtomicU64::new(0);

/// Sets the process-wide limit in bytes (the CLI's `--memory-limit`).
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes.max(1), Ordering::Relaxed);
}

/// The limit in bytes: the one set, else [`default_limit`].
pub fn limit() -> u64 {
    match LIMIT.load(Ordering::Relaxed) {
        0 => default_limit(),
        set => set,
    }
}

/// [`DEFAULT_PERCENT`] % of [`physical_memory`] (4 GiB when that is unknown), and no more than
/// [`DEFAULT_PERCENT`] % of the process's address-space limit (`ulimit -v`) when one is set: an
/// allocation past that limit aborts the process, so an estimate must be refused below it (the
/// other half is room for the binary, the thread stacks and the allocator's arenas).
pub fn default_limit() -> u64 {
    let physical = physical_share();
    address_space_share().map_or(physical, |a| a.min(physical))
}

/// [`DEFAULT_PERCENT`] % of physical memory, or [`FALLBACK_LIMIT`].
fn physical_share() -> u64 {
    physical_memory().map_or(FALLBACK_LIMIT, |m| m / 100 * DEFAULT_PERCENT)
}

/// [`DEFAULT_PERCENT`] % of the address-space limit, when one is set.
fn address_space_share() -> Option<u64> {
    address_space_limit().map(|a| a / 100 * DEFAULT_PERCENT)
}

/// The soft `RLIMIT_AS` of this process, when it is set (not infinity).
fn address_space_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct we own.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0
            && r.rlim_cur != libc::RLIM_INFINITY
        {
            return Some(r.rlim_cur);
        }
    }
    None
}

/// Where the limit in force comes from, for messages.
fn whose_limit() -> String {
    if LIMIT.load(Ordering::Relaxed) != 0 {
        "--memory-limit".to_string()
    } else if address_space_share().is_some_and(|a| a < physical_share()) {
        format!("{DEFAULT_PERCENT}% of the address-space limit (ulimit -v); --memory-limit sets it")
    } else {
        format!("{DEFAULT_PERCENT}% of physical memory; --memory-limit sets it")
    }
}

/// Bytes per vertex that a graph read from a file takes with the solver's per-vertex arrays
/// (`hcp solve` on a file declaring 16,777,216 vertices and two edges peaked at 1.19 GB, 71 bytes
/// a vertex; `hcp info` at 142 MB). Edges add memory only with the file's own content.
pub const GRAPH_BYTES_PER_VERTEX: u64 = 80;

/// `Ok` when a graph of `vertices` declared vertices fits [`limit`] (see
/// [`GRAPH_BYTES_PER_VERTEX`]); otherwise the message, naming `what` declared them.
pub fn check_vertices(vertices: u64, what: &str) -> std::result::Result<(), String> {
    let (need, limit) = (vertices.saturating_mul(GRAPH_BYTES_PER_VERTEX), limit());
    if need <= limit {
        return Ok(());
    }
    Err(format!(
        "{what} {vertices}: the graph and its solver would need about {} of memory, above the limit of {} ({})",
        human(need),
        human(limit),
        whose_limit()
    ))
}

/// The machine's physical memory (`MemTotal` of `/proc/meminfo`), when it can be read. Read once
/// per process: the budget is checked before every puzzle, and reading the file each time cost
/// about 15 µs, more than solving a 17-clue 9×9.
pub fn physical_memory() -> Option<u64> {
    static TOTAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *TOTAL.get_or_init(|| {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        mem_total(&text)
    })
}

/// `MemTotal:  24576000 kB` in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => value.checked_mul(1024),
        None => Some(value),
        Some(_) => None,
    }
}

/// A size as people write it: `8G`, `512M`, `1.5GiB`, `100000` (bytes). K, M, G and T are powers
/// of 1024, with or without a trailing `B`/`iB`, in either case.
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "'{}' is not a size (e.g. 8G, 512M, 100000)",
                crate::formats::tokens::excerpt(t)
            ));
        }
    };
    let value: f64 = number.parse().map_err(|_| {
        format!(
            "'{}' is not a size (e.g. 8G, 512M, 100000)",
            crate::formats::tokens::excerpt(t)
        )
    })?;
    let bytes = value * (1u64 << shift) as f64;
    if !(1.0..=(1u64 << 60) as f64).contains(&bytes) {
        return Err(format!(
            "a memory limit is between 1 byte and 1024P, not {t}"
        ));
    }
    Ok(bytes as u64)
}

/// `1.5 GiB`, `300 MiB`, `12 KiB`, `100 B`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else if value < 10.0 {
        format!("{value:.1} {}", UNITS[unit])
    } else {
        format!("{value:.0} {}", UNITS[unit])
    }
}

/// The two counts an estimate grows with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Σ over cells of the values the cell may take (N³ for a blank N×N Sudoku).
    pub candidates: u64,
    /// Σ over cells of (values × peers): ordered pairs of candidates that exclude each other
    /// (about 3·N⁴ for a blank Sudoku).
    pub pairs: u64,
}

/// [`Measure`] of `puzzle`, from its shape alone (givens ignored: most routes build the blank
/// grid's structure first, and an upper bound is what a budget needs).
pub fn measure(puzzle: &Puzzle) -> Measure {
    match puzzle {
        Puzzle::Sudoku(s) => {
            let n = s.n() as u64;
            // A cell's peers: its row, its column and its block, at most 3(N−1).
            let peers = 3 * n.saturating_sub(1);
            Measure {
                candidates: n * n * n,
                pairs: n * n * n * peers,
            }
        }
        Puzzle::Suguru(sg) => {
            let size = sg.region_sizes();
            let mut m = Measure {
                candidates: 0,
                pairs: 0,
            };
            for cell in 0..sg.rows() * sg.cols() {
                let s = size[sg.region_of(cell)] as u64;
                // Its region and its (at most 8) neighbours.
                m.candidates += s;
                m.pairs += s * (s - 1 + 8);
            }
            m
        }
        Puzzle::Described(d) => {
            // Its domain, and its peers counted once per group that holds both (an upper bound).
            let s = d.structure();
            let mut peers = vec![0u64; s.cells()];
            for g in s.all_groups() {
                for &c in &g.cells {
                    peers[c as usize] += g.cells.len() as u64 - 1;
                }
            }
            let mut m = Measure {
                candidates: 0,
                pairs: 0,
            };
            for (cell, &d) in s.domain.iter().enumerate() {
                m.candidates += d as u64;
                m.pairs += d as u64 * peers[cell];
            }
            m
        }
    }
}

/// What building (and solving) an instance takes, per unit of [`Measure`], as declared by a route
/// and measured on blank grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// What the estimate names (`the CNF`, `the SAT solver (CaDiCaL)`).
    pub what: &'static str,
    pub per_candidate: u64,
    pub per_pair: u64,
}

impl Footprint {
    /// The estimated bytes for `puzzle`, saturating.
    pub fn estimate(&self, puzzle: &Puzzle) -> u64 {
        let m = measure(puzzle);
        m.candidates
            .saturating_mul(self.per_candidate)
            .saturating_add(m.pairs.saturating_mul(self.per_pair))
    }
}

/// `Ok` when `footprint`'s estimate for `puzzle` fits [`limit`]; otherwise a one-line
/// [`Error::Construction`] naming the estimate and the limit.
pub fn check(puzzle: &Puzzle, footprint: &Footprint) -> Result<()> {
    let (need, limit) = (footprint.estimate(puzzle), limit());
    if need <= limit {
        return Ok(());
    }
    let whose = whose_limit();
    Err(Error::Construction(format!(
        "{} of this {}x{} {} would need about {} of memory, above the limit of {} ({whose})",
        footprint.what,
        puzzle.rows(),
        puzzle.cols(),
        puzzle.kind(),
        human(need),
        human(limit)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_people_write_them() {
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("100000"), Ok(100_000));
        assert_eq!(parse_size("50MB"), Ok(50 << 20));
        for bad in ["", "G", "8X", "-1G", "0", "1e3", "9999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn physical_memory_reads_mem_total_in_kib() {
        let text = "MemTotal:       24576000 kB\nMemFree:        1000 kB\n";
        assert_eq!(mem_total(text), Some(24_576_000 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn a_blank_sudoku_has_n_cubed_candidates_and_about_3_n_to_the_4_pairs() {
        let blank = |n: usize| Puzzle::from(crate::puzzle::Sudoku::blank(n));
        assert_eq!(
            measure(&blank(9)),
            Measure {
                candidates: 729,
                pairs: 729 * 24
            }
        );
        let f = Footprint {
            what: "x",
            per_candidate: 1,
            per_pair: 0,
        };
        assert_eq!(f.estimate(&blank(100)), 1_000_000);
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(100), "100 B");
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(300 << 20), "300 MiB");
    }
}
