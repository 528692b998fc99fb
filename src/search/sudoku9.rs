//! The 9×9 fast path: classic Sudoku (3×3 boxes) by band bitboards, in the style of JCZSolve
//! (described in tdoku's survey, t-dillon.github.io/tdoku). Written from the rules below, not
//! ported; [`super::fast`] stays the general search and the reference the agreement tests check
//! this one against.
//!
//! **Representation.** For each digit `d` and band `b` (three rows), one `u32` holds the 27 cells
//! of the band where `d` may still go (bit `9·row + column`, row within the band). The 27 words
//! are the whole state (plus the cells not yet placed), so a branch copies about 120 bytes.
//!
//! **Band rule.** Inside one band a digit goes once in each of its three rows and once in each of
//! its three boxes: a perfect matching of rows to boxes. The 27-bit mask shrinks to 9 bits (row
//! `r` has a candidate in box `k`); `MATCHED` keeps the (row, box) pairs that lie on some
//! perfect matching of those bits (none: contradiction), and the mask loses every cell outside
//! them. This one table look-up covers pointing and claiming within the band and every deduction
//! of the 3×3 matching. A row of the band left with one cell places the digit there (a hidden
//! single of the row; a box's hidden single shows as one too, since the matching then forces its
//! row).
//!
//! **Placing** a digit keeps its cell, clears its row and box in the band, its column in the other
//! two bands and the cell from the other eight digits.
//!
//! **Cell rule.** With the bands stable, two ORs per digit give each band's cells seen by at least
//! one and at least two digits: a cell with none is a contradiction, a cell with one is a naked
//! single.
//!
//! **Branching**: on the first cell with two candidates (the two values in increasing order),
//! else the first cell with the fewest; the last value is tried in place, without a copy.
//!
//! Solutions come in the order of that search, which differs from [`super::fast`]'s where a
//! puzzle has several: both list the same set.

use crate::puzzle::Grid;
use std::time::Instant;

/// Cells of a band's first column (bits 0, 9 and 18); shifted by `c` for column `c`.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The row and box of cell `i` of a band, without the cell itself.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, k) = (i / 9, (i % 9) / 3);
        let mut m = 0x1FF << (9 * r);
        let mut rr = 0;
        while rr < 3 {
            m |= 7 << (9 * rr + 3 * k);
            rr += 1;
        }
        t[i] = m & !(1 << i);
        i += 1;
    }
    t
};

/// For 9 bits (row `r`, box `k`) at bit `3r + k`: the pairs that lie on some perfect matching of
/// rows to boxes within them (0 when there is none).
const MATCHED: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let m = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
            if s & m == m {
                t[s] |= m as u16;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// The 27 cells of the (row, box) pairs of 9 bits.
const EXPAND: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut j = 0;
        while j < 9 {
            if s & (1 << j) != 0 {
                t[s] |= 7 << (9 * (j / 3) + 3 * (j % 3));
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// The cells of the columns among a stack's first three whose bits are set (3 bits).
const COLUMNS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut j = 0;
        while j < 3 {
            if s & (1 << j) != 0 {
                t[s] |= COLUMN << j;
            }
            j += 1;
        }
        s += 1;
    }
    t
};

/// For one row's 9 bits: which of its three boxes it has a candidate in.
const BOXES_OF_ROW: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = ((s & 7 != 0) as u8) | ((s & 0o70 != 0) as u8) << 1 | ((s & 0o700 != 0) as u8) << 2;
        s += 1;
    }
    t
};

/// The whole search state.
#[derive(Clone, Copy)]
struct State {
    /// `cand[3d + b]`: the cells of band `b` where digit `d + 1` may still go.
    cand: [u32; 27],
    /// The value of `cand` when the band rule last ran on it.
    seen: [u32; 27],
    /// Cells of each band not yet placed.
    open: [u32; 3],
    /// A digit's three words when the stack rule last ran on them.
    stack_seen: [[u32; 3]; 9],
}

/// What [`solve`] found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Up to the limit, in the order the search met them.
    pub solutions: Vec<Grid>,
    /// Guesses made (branch points), a measure of the work.
    pub guesses: u64,
    /// The deadline passed first; `solutions` holds what was found before.
    pub timed_out: bool,
}

/// How many guesses the search makes between two looks at the clock (a guess costs well under a
/// microsecond).
const CLOCK_EVERY: u64 = 256;

struct Run {
    limit: usize,
    deadline: Option<Instant>,
    out: Outcome,
}

/// Up to `limit` solutions of the 9×9 Sudoku (3×3 boxes) whose 81 givens are `cells` (row-major,
/// 0 = empty, else 1–9).
pub fn solve(cells: &[u8], limit: usize, deadline: Option<Instant>) -> Outcome {
    assert_eq!(cells.len(), 81, "a 9×9 grid has 81 cells");
    let mut run = Run {
        limit,
        deadline,
        out: Outcome::default(),
    };
    if limit == 0 {
        return run.out;
    }
    let mut state = State {
        cand: [0x7FF_FFFF; 27],
        seen: [0; 27],
        open: [0x7FF_FFFF; 3],
        stack_seen: [[0; 3]; 9],
    };
    for (cell, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (b, i) = (cell / 27, (cell % 27) as u32);
        let d = usize::from(v - 1);
        // A given the earlier givens already rule out (two equal values in a unit).
        if d >= 9 || state.cand[3 * d + b] & (1 << i) == 0 {
            return run.out;
        }
        state.place(d, b, i);
    }
    run.search(state);
    run.out
}

impl State {
    /// Digit `d` goes to cell `i` of band `b`.
    #[inline]
    fn place(&mut self, d: usize, b: usize, i: u32) {
        let bit = 1u32 << i;
        self.cand[3 * d + b] &= !PEERS[i as usize];
        let col = COLUMN << (i % 9);
        for other in 0..3 {
            if other != b {
                self.cand[3 * d + other] &= !col;
            }
        }
        for e in 0..9 {
            if e != d {
                self.cand[3 * e + b] &= !bit;
            }
        }
        self.open[b] &= !bit;
    }

    /// The band rule, then the cell rule, until neither changes anything; false on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = false;
            for j in 0..27 {
                if self.cand[j] == self.seen[j] {
                    continue;
                }
                changed = true;
                let (d, b) = (j / 3, j % 3);
                let a = self.cand[j];
                let shrunk = usize::from(BOXES_OF_ROW[(a & 0x1FF) as usize])
                    | usize::from(BOXES_OF_ROW[((a >> 9) & 0x1FF) as usize]) << 3
                    | usize::from(BOXES_OF_ROW[(a >> 18) as usize]) << 6;
                let matched = MATCHED[shrunk];
                if matched == 0 {
                    return false;
                }
                let a = a & EXPAND[usize::from(matched)];
                self.cand[j] = a;
                self.seen[j] = a;
                for r in 0..3 {
                    let row = a & (0x1FF << (9 * r));
                    if row.is_power_of_two() && self.open[b] & row != 0 {
                        self.place(d, b, row.trailing_zeros());
                    }
                }
            }
            if changed {
                continue;
            }
            match self.stacks() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            // The bands and stacks are stable: naked singles.
            let mut placed = false;
            for b in 0..3 {
                let (mut once, mut twice) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[3 * d + b];
                    twice |= once & x;
                    once |= x;
                }
                let open = self.open[b];
                if open & !once != 0 {
                    return false;
                }
                let mut singles = open & once & !twice;
                while singles != 0 {
                    let i = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1 << i;
                    // An earlier single of this pass may have taken this cell's only value.
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0) else {
                        return false;
                    };
                    self.place(d, b, i);
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// The stack rule for every digit whose bands changed since it last ran: None on a
    /// contradiction, else whether it changed anything.
    fn stacks(&mut self) -> Option<bool> {
        let mut changed = false;
        for d in 0..9 {
            let words = [self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]];
            if words == self.stack_seen[d] {
                continue;
            }
            self.stack_seen[d] = words;
            let present = words.map(|a| (a | a >> 9 | a >> 18) & 0x1FF);
            for k in 0..3 {
                let shrunk = (present[0] >> (3 * k)) & 7
                    | ((present[1] >> (3 * k)) & 7) << 3
                    | ((present[2] >> (3 * k)) & 7) << 6;
                let matched = u32::from(MATCHED[shrunk as usize]);
                if matched == 0 {
                    return None;
                }
                for b in 0..3 {
                    let gone = (shrunk & !matched) >> (3 * b) & 7;
                    if gone != 0 {
                        self.cand[3 * d + b] &= !(COLUMNS[gone as usize] << (3 * k));
                        changed = true;
                    }
                }
                // A column of the stack that the matching confines to one band, with one cell
                // there: a hidden single of the column.
                for j in 0..3 {
                    let bands =
                        (matched >> j) & 1 | (matched >> (2 + j)) & 2 | (matched >> (4 + j)) & 4;
                    if bands.is_power_of_two() {
                        let b = bands.trailing_zeros() as usize;
                        let cells = self.cand[3 * d + b] & (COLUMN << (3 * k + j));
                        if cells.is_power_of_two() && self.open[b] & cells != 0 {
                            self.place(d, b, cells.trailing_zeros());
                            changed = true;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// The cell to branch on: the first with two candidates, else the first with the fewest.
    fn branch_cell(&self) -> (usize, u32) {
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let pairs = self.open[b] & twice & !thrice;
            if pairs != 0 {
                return (b, pairs.trailing_zeros());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let count = (0..9)
                    .filter(|&d| self.cand[3 * d + b] & (1 << i) != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (b, i, count);
                }
            }
        }
        (best.0, best.1)
    }

    fn grid(&self) -> Grid {
        let mut cells = vec![0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[3 * d + b];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    cells[27 * b + i] = d as u8 + 1;
                }
            }
        }
        Grid::from_cells(9, 9, cells)
    }
}

impl Run {
    /// Depth-first from `state`; true when the search should stop (the limit reached or the
    /// deadline passed).
    fn search(&mut self, mut state: State) -> bool {
        loop {
            if !state.propagate() {
                return false;
            }
            if state.open == [0; 3] {
                self.out.solutions.push(state.grid());
                return self.out.solutions.len() >= self.limit;
            }
            self.out.guesses += 1;
            if self.out.guesses.is_multiple_of(CLOCK_EVERY)
                && self.deadline.is_some_and(|t| Instant::now() >= t)
            {
                self.out.timed_out = true;
                return true;
            }
            let (b, i) = state.branch_cell();
            let bit = 1 << i;
            let mut values = (0..9).filter(|&d| state.cand[3 * d + b] & bit != 0);
            let first = values.next().expect("an open cell keeps a candidate");
            let mut child = state;
            child.place(first, b, i);
            if self.search(child) {
                return true;
            }
            // Not `first` here: the loop goes on without it (its only other value is then a
            // naked single, or the next guess picks among the rest).
            state.cand[3 * first + b] &= !bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(line: &str) -> Vec<u8> {
        line.bytes()
            .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
            .collect()
    }

    #[test]
    fn matched_pairs_are_the_union_of_perfect_matchings() {
        // All nine pairs allowed: every pair is on some matching.
        assert_eq!(MATCHED[0x1FF], 0x1FF);
        // Row 0 only in box 0: box 0 is taken, so rows 1 and 2 lose it.
        assert_eq!(
            MATCHED[0x1FF & !0b110],
            0x1FF & !0b110 & !(1 << 3) & !(1 << 6)
        );
        // Row 2 has no box: no matching.
        assert_eq!(MATCHED[0o077], 0);
    }

    #[test]
    fn a_given_ruled_out_by_another_gives_no_solution() {
        let mut g = vec![0u8; 81];
        g[0] = 5;
        g[8] = 5;
        assert!(solve(&g, 2, None).solutions.is_empty());
    }

    #[test]
    fn an_empty_grid_has_solutions_and_each_is_valid() {
        let out = solve(&[0; 81], 3, None);
        assert_eq!(out.solutions.len(), 3);
        let structure = crate::puzzle::Sudoku::blank(9).structure();
        for s in &out.solutions {
            let empty = Grid::empty(9, 9);
            assert!(crate::puzzle::verify::verify(&structure, &empty, s).is_empty());
        }
        assert_ne!(out.solutions[0], out.solutions[1]);
    }

    #[test]
    fn a_17_clue_puzzle_is_unique() {
        let p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        let out = solve(&cells(p), 2, None);
        assert_eq!(out.solutions.len(), 1);
        let text: String = out.solutions[0]
            .cells()
            .iter()
            .map(|&v| (b'0' + v) as char)
            .collect();
        assert_eq!(
            text,
            "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
        );
    }
}
