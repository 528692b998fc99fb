//! Test support: small random puzzles (fixed seeds) and a brute-force solver written directly from
//! the rules — independent of `Structure` and of every reduction — for cross-checks; reading the
//! shipped collections; running the `gridreduce` binary; the size-report table helpers.
#![allow(dead_code)]

use gridreduce::puzzle::{BlockLayout, Family, Grid, Puzzle, Sudoku, Suguru};
use gridreduce::reduce::harness;
use std::path::Path;
use std::process::{Command, Output};

/// SplitMix64: a tiny, reproducible PRNG for tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random Suguru: regions grown from random seeds by random orthogonal growth (sizes ≤ max_region),
/// then `givens` random cells given random values in range (the puzzle may have 0, 1 or many
/// solutions).
pub fn random_suguru(
    rows: usize,
    cols: usize,
    max_region: usize,
    givens: usize,
    rng: &mut Rng,
) -> Suguru {
    let n = rows * cols;
    let mut label = vec![u32::MAX; n];
    let mut next_label = 0;
    for start in 0..n {
        if label[start] != u32::MAX {
            continue;
        }
        let target = 1 + rng.below(max_region);
        let mut cells = vec![start];
        label[start] = next_label;
        while cells.len() < target {
            let mut frontier = Vec::new();
            for &c in &cells {
                let (r, k) = (c / cols, c % cols);
                if r > 0 {
                    frontier.push(c - cols);
                }
                if r + 1 < rows {
                    frontier.push(c + cols);
                }
                if k > 0 {
                    frontier.push(c - 1);
                }
                if k + 1 < cols {
                    frontier.push(c + 1);
                }
            }
            frontier.retain(|&c| label[c] == u32::MAX);
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[rng.below(frontier.len())];
            label[pick] = next_label;
            cells.push(pick);
        }
        next_label += 1;
    }
    let mut sizes = vec![0usize; next_label as usize];
    for &l in &label {
        sizes[l as usize] += 1;
    }
    let mut grid = Grid::empty(rows, cols);
    for _ in 0..givens {
        let c = rng.below(n);
        grid.set(c, 1 + rng.below(sizes[label[c] as usize]) as u8);
    }
    Suguru::new(rows, cols, &label, grid).expect("grown regions are connected")
}

/// A 4×4 Sudoku with `clues` random cells of a random valid grid (so ≥ 1 solution), optionally with
/// one extra random given that may contradict it.
pub fn random_sudoku4(clues: usize, contradict: bool, rng: &mut Rng) -> Sudoku {
    let base = [1u8, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    // Relabel symbols and swap rows inside bands for variety.
    let mut perm = [1u8, 2, 3, 4];
    for i in (1..4).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    let mut cells: Vec<u8> = base.iter().map(|&v| perm[v as usize - 1]).collect();
    if rng.below(2) == 1 {
        for c in 0..4 {
            cells.swap(c, 4 + c);
        }
    }
    let mut grid = Grid::empty(4, 4);
    for _ in 0..clues {
        let c = rng.below(16);
        grid.set(c, cells[c]);
    }
    if contradict {
        let c = rng.below(16);
        grid.set(c, 1 + rng.below(4) as u8);
    }
    Sudoku::new(BlockLayout::boxes(2, 2), grid).unwrap()
}

/// Every solution, by plain backtracking over cells in row-major order with the rules checked
/// directly (Sudoku: row, column, block; Suguru: region values 1..size distinct, touching cells
/// differ). Exponential; for tiny puzzles only.
pub fn brute_force(puzzle: &Puzzle) -> Vec<Grid> {
    let givens = puzzle.givens().clone();
    let (rows, cols) = (givens.rows(), givens.cols());
    let group = puzzle.group_map();
    let max: Vec<u8> = (0..rows * cols)
        .map(|c| match puzzle {
            Puzzle::Sudoku(s) => s.n() as u8,
            Puzzle::Suguru(_) => group.iter().filter(|&&g| g == group[c]).count() as u8,
            Puzzle::Described(d) if d.family() == Family::Custom => {
                group.iter().filter(|&&g| g == group[c]).count() as u8
            }
            Puzzle::Described(_) => rows as u8,
        })
        .collect();
    // Box shape of a Sudoku variant (Windoku windows and disjoint groups are defined by it).
    let boxes = match puzzle {
        Puzzle::Described(d) => d.layout().and_then(|l| l.box_shape()),
        _ => None,
    };
    let conflicts = |a: usize, b: usize| -> bool {
        let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
        let sudoku = ra == rb || ca == cb || group[a] == group[b];
        match puzzle {
            Puzzle::Sudoku(_) => sudoku,
            Puzzle::Suguru(_) => {
                group[a] == group[b] || (ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1)
            }
            Puzzle::Described(d) => match d.family() {
                Family::Latin => ra == rb || ca == cb,
                Family::SudokuX => {
                    let n = rows;
                    sudoku || (ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)
                }
                Family::Windoku => {
                    // A window is a box-sized block whose corner is one step in from a box
                    // corner: rows 1..=p, p+2..=2p+1, … (0-based), the same for columns.
                    let (p, q) = boxes.unwrap();
                    let window = |r: usize, side: usize| -> Option<usize> {
                        let k = (r.checked_sub(1)?) / (side + 1);
                        let start = 1 + k * (side + 1);
                        (r < start + side && start + side < rows).then_some(k)
                    };
                    let wa = window(ra, p).zip(window(ca, q));
                    sudoku || (wa.is_some() && wa == window(rb, p).zip(window(cb, q)))
                }
                Family::Disjoint => {
                    let (p, q) = boxes.unwrap();
                    sudoku || (ra % p == rb % p && ca % q == cb % q)
                }
                // A user's puzzle: its choice groups and the groups of its named layers, as the
                // description lists them.
                Family::Custom => {
                    group[a] == group[b]
                        || d.named_layers().iter().any(|l| {
                            l.groups.iter().any(|g| {
                                g.cells.contains(&(a as u32)) && g.cells.contains(&(b as u32))
                            })
                        })
                }
            },
        }
    };
    let mut out = Vec::new();
    let mut grid = Grid::empty(rows, cols);
    fn rec(
        cell: usize,
        grid: &mut Grid,
        givens: &Grid,
        max: &[u8],
        conflicts: &dyn Fn(usize, usize) -> bool,
        out: &mut Vec<Grid>,
    ) {
        if cell == grid.len() {
            out.push(grid.clone());
            return;
        }
        for v in 1..=max[cell] {
            if givens.get(cell) != 0 && givens.get(cell) != v {
                continue;
            }
            if (0..cell).any(|p| grid.get(p) == v && conflicts(p, cell)) {
                continue;
            }
            grid.set(cell, v);
            rec(cell + 1, grid, givens, max, conflicts, out);
            grid.set(cell, 0);
        }
    }
    rec(0, &mut grid, &givens, &max, &conflicts, &mut out);
    out.sort_by(|a, b| a.cells().cmp(b.cells()));
    out
}

/// xorshift64*: the fixed-seed generator of the SAT and HCP cross-checks (their instances, and so
/// the counts their docs quote, depend on this exact sequence; [`Rng`] is another one).
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Grids in one canonical order (by cells), so that solution lists compare as sets.
pub fn sorted(mut grids: Vec<Grid>) -> Vec<Grid> {
    grids.sort_by(|a, b| a.cells().cmp(b.cells()));
    grids
}

/// The named puzzles of a shipped collection (`rel` under `data/`); every one must read.
pub fn shipped(rel: &str) -> Vec<(String, Puzzle)> {
    harness::shipped_entries(rel)
        .into_iter()
        .map(|e| (e.name, e.puzzle))
        .collect()
}

/// Line `index` (1-based) of a shipped text file (`rel` under the crate root), e.g. the known
/// solution of puzzle `index` in `data/sudoku/solutions/*.solutions.txt`.
pub fn solution_line(rel: &str, index: usize) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap();
    text.lines().nth(index - 1).unwrap().to_string()
}

/// The `gridreduce` binary run with `args` in the crate root (so `data/...` paths work).
pub fn gridreduce(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that a run exited with `code`; otherwise fails showing `what` and the run's stderr.
pub fn assert_exit(out: &Output, code: i32, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: {}",
        text(&out.stderr)
    );
}

/// Asserts that a run exited with 0; otherwise fails showing its stderr.
pub fn ok(out: &Output) {
    assert_exit(out, 0, "stderr");
}

/// `gridreduce reduce PUZZLES --index K --to hcp EXTRA… -o OUT` (the files OUT.hcp, OUT.map, …),
/// asserting that it succeeded.
pub fn reduce_to_hcp(puzzles: &str, index: usize, extra: &[&str], out: &str) {
    let index = index.to_string();
    let mut args = vec!["reduce", puzzles, "--index", &index, "--to", "hcp"];
    args.extend_from_slice(extra);
    args.extend(["-o", out]);
    assert_exit(&gridreduce(&args), 0, &args.join(" "));
}

/// How many sampled puzzles had no, one and several solutions: a cross-check against brute force
/// proves little unless its sample holds all three kinds, so each such test tallies them here and
/// asserts on [`SolutionKinds::fewest`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SolutionKinds {
    pub none: usize,
    pub one: usize,
    pub many: usize,
}

impl SolutionKinds {
    /// Counts a puzzle with `solutions` solutions.
    pub fn add(&mut self, solutions: usize) {
        match solutions {
            0 => self.none += 1,
            1 => self.one += 1,
            _ => self.many += 1,
        }
    }

    /// The count of the rarest kind.
    pub fn fewest(&self) -> usize {
        self.none.min(self.one).min(self.many)
    }
}

impl std::fmt::Display for SolutionKinds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "none {}, one {}, many {}",
            self.none, self.one, self.many
        )
    }
}

/// 40 small random puzzles (16 4×4 Sudoku, 24 Suguru up to 3×4 and strips) with 0, 1 and several
/// solutions: small enough for brute force and, most of them, for trying every grid of the domains.
pub fn small_puzzles(seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for i in 0..16 {
        out.push(Puzzle::from(random_sudoku4(
            3 + rng.below(8),
            i % 4 == 3,
            &mut rng,
        )));
    }
    for i in 0..24 {
        let (rows, cols) = if i % 6 == 5 {
            (1, 2 + rng.below(5))
        } else {
            (2 + rng.below(2), 2 + rng.below(3))
        };
        let givens = rng.below(4);
        out.push(Puzzle::from(random_suguru(
            rows,
            cols,
            1 + rng.below(4),
            givens,
            &mut rng,
        )));
    }
    out
}

/// Calls `f` on every grid whose cells lie in their domains (row-major, odometer order).
pub fn every_grid(domain: &[u8], rows: usize, cols: usize, mut f: impl FnMut(&Grid)) {
    let mut cells = vec![1u8; domain.len()];
    loop {
        f(&Grid::from_cells(rows, cols, cells.clone()));
        let mut i = 0;
        loop {
            if i == cells.len() {
                return;
            }
            if cells[i] < domain[i] {
                cells[i] += 1;
                break;
            }
            cells[i] = 1;
            i += 1;
        }
    }
}

/// A handle on a process that need not be our child (a solver of a `gridreduce` we ran), to
/// wait for its end: a pidfd, readable once the process has ended.
pub struct ProcessHandle(libc::c_int);

impl ProcessHandle {
    /// `None` when there is no such process (it has already ended and been reaped).
    pub fn open(pid: i32) -> Option<Self> {
        // SAFETY: pidfd_open on a pid; a negative result is checked.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
        (fd >= 0).then_some(ProcessHandle(fd))
    }

    /// Whether the process ends within `ms` milliseconds (a SIGKILL takes effect asynchronously,
    /// so a test that killed it waits for the end here; one left running makes this false).
    pub fn ended_within(&self, ms: i32) -> bool {
        let mut poll = libc::pollfd {
            fd: self.0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        unsafe { libc::poll(&mut poll, 1, ms) == 1 }
    }
}

impl Drop for ProcessHandle {
    fn drop(&mut self) {
        // SAFETY: closing the descriptor we opened.
        unsafe { libc::close(self.0) };
    }
}
