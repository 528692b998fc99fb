//! Algorithm X (Knuth), plain recursive form on column lists: small, obviously correct, used as an
//! independent solver in cross-checks on small puzzles. Not tuned for speed.

use super::ExactCover;

/// Stop after this many solutions (`None`: all).
pub type SolveLimit = Option<usize>;

/// All exact covers (each ascending), up to `limit`.
pub fn solutions(cover: &ExactCover, limit: SolveLimit) -> Vec<Vec<u32>> {
    solutions_until(cover, limit, None).expect("no deadline, no timeout")
}

/// [`solutions`] that gives up at `deadline` (`None` back; the clock is read once per search
/// node, next to a scan of every column, so it costs nothing measurable).
pub fn solutions_until(
    cover: &ExactCover,
    limit: SolveLimit,
    deadline: Option<std::time::Instant>,
) -> Option<Vec<Vec<u32>>> {
    let ncols = cover.columns();
    let mut rows_of: Vec<Vec<u32>> = vec![Vec::new(); ncols];
    for (r, cols) in cover.rows.iter().enumerate() {
        for &c in cols {
            rows_of[c as usize].push(r as u32);
        }
    }
    let mut state = State {
        cover,
        rows_of,
        col_used: vec![false; ncols],
        row_dead: vec![0; cover.rows.len()],
        partial: Vec::new(),
        found: Vec::new(),
        limit: limit.unwrap_or(usize::MAX),
        deadline,
        timed_out: false,
    };
    state.search();
    (!state.timed_out).then_some(state.found)
}

struct State<'a> {
    cover: &'a ExactCover,
    rows_of: Vec<Vec<u32>>,
    col_used: Vec<bool>,
    /// How many chosen rows conflict with this row (0 = still available).
    row_dead: Vec<u32>,
    partial: Vec<u32>,
    found: Vec<Vec<u32>>,
    limit: usize,
    deadline: Option<std::time::Instant>,
    timed_out: bool,
}

impl State<'_> {
    fn search(&mut self) {
        if self.found.len() >= self.limit || self.timed_out {
            return;
        }
        if crate::time_limit::passed(self.deadline) {
            self.timed_out = true;
            return;
        }
        // Primary column with fewest available rows.
        let mut best: Option<(usize, usize)> = None;
        for c in 0..self.cover.primary {
            if self.col_used[c] {
                continue;
            }
            let n = self.rows_of[c]
                .iter()
                .filter(|&&r| self.row_dead[r as usize] == 0)
                .count();
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((c, n));
            }
        }
        let Some((col, n)) = best else {
            let mut s = self.partial.clone();
            s.sort_unstable();
            self.found.push(s);
            return;
        };
        if n == 0 {
            return;
        }
        let candidates: Vec<u32> = self.rows_of[col]
            .iter()
            .copied()
            .filter(|&r| self.row_dead[r as usize] == 0)
            .collect();
        for r in candidates {
            let cols = self.cover.rows[r as usize].clone();
            for &c in &cols {
                self.col_used[c as usize] = true;
                for &other in &self.rows_of[c as usize] {
                    self.row_dead[other as usize] += 1;
                }
            }
            self.partial.push(r);
            self.search();
            self.partial.pop();
            for &c in &cols {
                self.col_used[c as usize] = false;
                for &other in &self.rows_of[c as usize] {
                    self.row_dead[other as usize] -= 1;
                }
            }
            if self.found.len() >= self.limit || self.timed_out {
                return;
            }
        }
    }
}
