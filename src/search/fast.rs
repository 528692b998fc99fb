//! Our own fast search, written once against [`Structure`] so that the same code solves Suguru and
//! Sudoku of any N (up to 64 values) and any block layout.
//!
//! * **Bitset candidates**: each cell holds a `u64` mask of the values it may still take (bit `v − 1`
//!   for value `v`).
//! * **Naked singles through the neighbourhood**: when a cell is down to one value, that value is
//!   removed from every *peer* (every cell sharing a group with it: its region or block, its row and
//!   column, the cells it touches); a peer left with one value is propagated in turn, a peer left with
//!   none is a contradiction.
//! * **Hidden singles in exact groups**: a group that must hold each of its values once (a Suguru
//!   region, a Sudoku block, row or column) and has only one cell left for a value gets that value
//!   there; a value with no cell left is a contradiction. One pass computes, per group, the values
//!   seen at least once and at least twice with two ORs per cell.
//! * **Pointing in exact groups** (the "forbidden neighbour" rule of Suguru solvers, pointing and
//!   claiming in Sudoku): if every cell of an exact group that can still take `v` is a peer of some
//!   cell `x` outside those cells, `x` cannot be `v` — whichever of them holds `v` would see it.
//!   Run only when the singles have stalled, for values with 2 to 4 places left.
//! * **Pairs in exact groups**, when [`Options::pairs`] asks and pointing has stalled: two cells
//!   of a group with the same two candidates take both values, so no other cell of the group takes
//!   either (naked pair); two values with the same two places in a group fill those two cells, so
//!   they take nothing else (hidden pair). On grids with groups of 16 cells or more this cuts the
//!   branch nodes by 10–40× and the time by up to 10×; on 9×9 it costs more than it saves
//!   (docs/algorithms.md, "Pairs"), hence [`Search::pairs_pay`].
//! * **Most constrained cell first**: branch on a cell with the fewest candidates (ties: the first in
//!   row-major order), trying values in increasing order (or in a seeded random order, which is how
//!   the generators draw random full solutions).
//!
//! The search is an explicit stack of candidate snapshots (no recursion, so no stack overflow on
//! huge grids); each frame keeps the parent's masks, the branching cell and the values still to try.
//! It stops after `limit` solutions, so `limit = 2` answers "is it unique?".
//!
//! Worked example (Suguru 1×3 with one region of 3 cells, givens `0 0 3`): the given 3 is propagated
//! to both other cells (its peers in the region), leaving `{1,2} {1,2} {3}`; no singles remain, so the
//! search branches on the first cell: 1 gives `1 2 3`, 2 gives `2 1 3`; with `limit = 2` both are
//! found and the puzzle is reported as not unique.

use super::rng::Rng;
use crate::puzzle::{Grid, Structure};

/// Options of one run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Stop after this many solutions.
    pub limit: usize,
    /// Try values in a random order drawn from this seed (for random solutions); `None`: ascending.
    pub seed: Option<u64>,
    /// Give up after this many branch nodes (`None`: never); [`Outcome::aborted`] then says so.
    pub node_limit: Option<u64>,
    /// Use the pointing rule (on by default; off only to measure what it buys).
    pub pointing: bool,
    /// Naked and hidden pairs in exact groups, once pointing has stalled (off by default; the
    /// `search` route turns them on where [`Search::pairs_pay`]).
    pub pairs: bool,
    /// Give up at this instant (`None`: never); [`Outcome::aborted`] and [`Outcome::timed_out`]
    /// then say so. Checked every [`CLOCK_EVERY`] branch nodes, so a run overshoots by at most
    /// that many nodes' propagation.
    pub deadline: Option<std::time::Instant>,
}

/// How many branch nodes the search runs between two looks at the clock (a node costs about a
/// microsecond on 9×9 and tens on 25×25; the clock read about 20 ns).
pub const CLOCK_EVERY: u64 = 64;

impl Default for Options {
    fn default() -> Self {
        Options {
            limit: 1,
            seed: None,
            node_limit: None,
            pointing: true,
            pairs: false,
            deadline: None,
        }
    }
}

impl Options {
    pub fn limit(limit: usize) -> Self {
        Options {
            limit,
            ..Options::default()
        }
    }
}

/// What a run found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Distinct solutions, at most `limit`.
    pub solutions: Vec<Grid>,
    /// Branch nodes tried (children of branching cells).
    pub nodes: u64,
    /// The node limit was reached before the search could finish: fewer solutions than exist may
    /// have been found.
    pub aborted: bool,
    /// The abort came from [`Options::deadline`], not from the node limit.
    pub timed_out: bool,
}

/// A puzzle shape compiled for search: domains, peers and exact groups as flat arrays.
#[derive(Clone, Debug)]
pub struct Search {
    rows: usize,
    cols: usize,
    full: Vec<u64>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Exact groups: cells in `unit_cells[unit_start[u]..unit_start[u + 1]]`, values `unit_need[u]`.
    unit_start: Vec<u32>,
    unit_cells: Vec<u32>,
    unit_need: Vec<u64>,
    /// Peer sets as bitsets (`words` u64 per cell) for the pointing rule.
    words: usize,
    peer_bits: Vec<u64>,
}

/// The smallest exact group (in cells) from which [`Search::pairs_pay`]: 16×16 Sudoku gain, 9×9
/// lose (docs/algorithms.md, "Pairs").
pub const PAIRS_FROM: usize = 16;

/// The largest value the bitset search handles.
pub const MAX_VALUE: u8 = 64;

/// Every cell's peers (cells sharing a group with it), ascending, without the cell itself.
pub(crate) fn peer_lists(structure: &Structure) -> Vec<Vec<u32>> {
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); structure.cells()];
    for group in structure.all_groups() {
        for &a in &group.cells {
            for &b in &group.cells {
                if a != b {
                    lists[a as usize].push(b);
                }
            }
        }
    }
    for list in &mut lists {
        list.sort_unstable();
        list.dedup();
    }
    lists
}

pub(crate) fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}

pub(crate) fn mask_upto(v: u8) -> u64 {
    if v >= 64 { u64::MAX } else { (1u64 << v) - 1 }
}

/// The positions of the set bits of `m`, lowest first (a cell's values as bits `v − 1`, a group's
/// places as bits by position in the group).
pub(crate) fn places(m: u64) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

fn single(m: u64) -> bool {
    m & m.wrapping_sub(1) == 0
}

impl Search {
    /// Fails when a cell allows more than [`MAX_VALUE`] values.
    pub fn new(structure: &Structure) -> Result<Self, String> {
        let n = structure.cells();
        if let Some(&d) = structure.domain.iter().find(|&&d| d > MAX_VALUE) {
            return Err(format!(
                "a cell allows values up to {d}; the bitset search handles at most {MAX_VALUE}"
            ));
        }
        let full: Vec<u64> = structure.domain.iter().map(|&d| mask_upto(d)).collect();
        let mut lists = peer_lists(structure);
        let mut peer_start = Vec::with_capacity(n + 1);
        let mut peers = Vec::new();
        let words = n.div_ceil(64);
        let mut peer_bits = vec![0u64; if n <= 4096 { n * words } else { 0 }];
        for (c, list) in lists.iter_mut().enumerate() {
            peer_start.push(peers.len() as u32);
            peers.extend_from_slice(list);
            if !peer_bits.is_empty() {
                for &p in list.iter() {
                    peer_bits[c * words + p as usize / 64] |= 1 << (p % 64);
                }
            }
        }
        peer_start.push(peers.len() as u32);
        let mut unit_start = vec![0u32];
        let mut unit_cells = Vec::new();
        let mut unit_need = Vec::new();
        for group in structure.all_groups().filter(|g| g.slack() == 0) {
            unit_cells.extend_from_slice(&group.cells);
            unit_start.push(unit_cells.len() as u32);
            unit_need.push(mask_upto(group.max_value));
        }
        Ok(Search {
            rows: structure.rows,
            cols: structure.cols,
            full,
            peer_start,
            peers,
            unit_start,
            unit_cells,
            unit_need,
            words: if n <= 4096 { words } else { 0 },
            peer_bits,
        })
    }

    pub fn cells(&self) -> usize {
        self.full.len()
    }

    /// Whether the pair rules pay for their cost on this shape: some exact group has
    /// [`PAIRS_FROM`] cells or more (measured in docs/algorithms.md, "Pairs").
    pub fn pairs_pay(&self) -> bool {
        (0..self.units()).any(|u| self.unit(u).len() >= PAIRS_FROM)
    }

    /// Every cell's full domain mask.
    pub fn domains(&self) -> &[u64] {
        &self.full
    }

    fn peers_of(&self, c: usize) -> &[u32] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    fn unit(&self, u: usize) -> &[u32] {
        &self.unit_cells[self.unit_start[u] as usize..self.unit_start[u + 1] as usize]
    }

    fn units(&self) -> usize {
        self.unit_need.len()
    }

    /// Starting masks from givens; `None` when a given lies outside its cell's domain (or the grid
    /// has another shape).
    pub fn initial(&self, givens: &Grid) -> Option<Vec<u64>> {
        if givens.rows() != self.rows || givens.cols() != self.cols {
            return None;
        }
        let mut cand = self.full.clone();
        for (c, &v) in givens.cells().iter().enumerate() {
            if v != 0 {
                if v > MAX_VALUE || bit(v) & self.full[c] == 0 {
                    return None;
                }
                cand[c] = bit(v);
            }
        }
        Some(cand)
    }

    /// Solves from givens.
    pub fn run(&self, givens: &Grid, options: &Options) -> Outcome {
        match self.initial(givens) {
            Some(cand) => self.run_from(cand, options),
            None => Outcome::default(),
        }
    }

    /// Solves from candidate masks (a partly solved state, e.g. where human techniques stalled).
    /// Masks are intersected with the domains.
    pub fn run_from(&self, mut cand: Vec<u64>, options: &Options) -> Outcome {
        let mut out = Outcome::default();
        if cand.len() != self.cells() || options.limit == 0 {
            return out;
        }
        for (c, m) in cand.iter_mut().enumerate() {
            *m &= self.full[c];
        }
        let mut rng = options.seed.map(Rng::new);
        let mut queue: Vec<u32> = (0..self.cells() as u32)
            .filter(|&c| single(cand[c as usize]))
            .collect();
        let mut ok = cand.iter().all(|&m| m != 0) && self.propagate(&mut cand, &mut queue, options);
        let mut stack: Vec<(Vec<u64>, u32, u64)> = Vec::new();
        let mut depth = 0usize;
        loop {
            if ok {
                match self.pick(&cand) {
                    None => {
                        out.solutions.push(self.grid(&cand));
                        if out.solutions.len() >= options.limit {
                            return out;
                        }
                    }
                    Some(cell) => {
                        let rest = cand[cell];
                        if depth == stack.len() {
                            stack.push((cand.clone(), cell as u32, rest));
                        } else {
                            let frame = &mut stack[depth];
                            frame.0.copy_from_slice(&cand);
                            frame.1 = cell as u32;
                            frame.2 = rest;
                        }
                        depth += 1;
                    }
                }
            }
            // Next child of the deepest frame with values left.
            loop {
                if depth == 0 {
                    return out;
                }
                let frame = &mut stack[depth - 1];
                if frame.2 == 0 {
                    depth -= 1;
                    continue;
                }
                let b = match rng.as_mut() {
                    Some(r) => r.pick_bit(frame.2),
                    None => frame.2 & frame.2.wrapping_neg(),
                };
                frame.2 ^= b;
                out.nodes += 1;
                if options.node_limit.is_some_and(|l| out.nodes > l) {
                    out.aborted = true;
                    return out;
                }
                if out.nodes % CLOCK_EVERY == 0 && crate::time_limit::passed(options.deadline) {
                    out.aborted = true;
                    out.timed_out = true;
                    return out;
                }
                cand.copy_from_slice(&frame.0);
                let cell = frame.1;
                cand[cell as usize] = b;
                queue.clear();
                queue.push(cell);
                ok = self.propagate(&mut cand, &mut queue, options);
                break;
            }
        }
    }

    fn grid(&self, cand: &[u64]) -> Grid {
        Grid::from_cells(
            self.rows,
            self.cols,
            cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect(),
        )
    }

    /// The open cell with the fewest candidates, `None` when every cell is decided.
    fn pick(&self, cand: &[u64]) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for (c, &m) in cand.iter().enumerate() {
            if single(m) {
                continue;
            }
            let k = m.count_ones();
            if best.is_none_or(|(_, b)| k < b) {
                best = Some((c, k));
                if k == 2 {
                    break;
                }
            }
        }
        best.map(|(c, _)| c)
    }

    /// Removes `m` from cell `c`; `false` on a wipe-out. Queues the cell if it became a single.
    fn remove(cand: &mut [u64], queue: &mut Vec<u32>, c: usize, m: u64) -> bool {
        let q = cand[c];
        if q & m == 0 {
            return true;
        }
        let r = q & !m;
        if r == 0 {
            return false;
        }
        cand[c] = r;
        if single(r) {
            queue.push(c as u32);
        }
        true
    }

    /// Singles to a fixpoint, then pointing while it finds something. `false` on a contradiction.
    pub(crate) fn propagate(
        &self,
        cand: &mut [u64],
        queue: &mut Vec<u32>,
        options: &Options,
    ) -> bool {
        loop {
            while let Some(c) = queue.pop() {
                let m = cand[c as usize];
                for &p in self.peers_of(c as usize) {
                    if !Self::remove(cand, queue, p as usize, m) {
                        return false;
                    }
                }
            }
            match self.hidden_singles(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !options.pointing || self.words == 0 {
                return true;
            }
            match self.pointing(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) if !options.pairs => return true,
                Some(false) => {}
            }
            match self.pairs(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// `Some(progress)`, or `None` on a contradiction.
    fn hidden_singles(&self, cand: &mut [u64], queue: &mut Vec<u32>) -> Option<bool> {
        let mut progress = false;
        for u in 0..self.units() {
            let need = self.unit_need[u];
            let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
            for &c in self.unit(u) {
                let m = cand[c as usize];
                twice |= once & m;
                once |= m;
                if single(m) {
                    fixed |= m;
                }
            }
            if once & need != need {
                return None;
            }
            let mut hidden = once & !twice & !fixed & need;
            while hidden != 0 {
                let b = hidden & hidden.wrapping_neg();
                hidden ^= b;
                let c = *self.unit(u).iter().find(|&&c| cand[c as usize] & b != 0)?;
                cand[c as usize] = b;
                queue.push(c);
                progress = true;
            }
        }
        Some(progress)
    }

    /// Naked pairs (two cells of a group with the same two candidates: no other cell of the group
    /// takes either) and hidden pairs (two values with the same two places in a group: those
    /// cells take nothing else). Returns at the first group where it finds something, so that the
    /// singles it made are propagated before a group is read again (a cell it fixed still holds
    /// its value in its peers until then). `Some(progress)`, or `None` on a contradiction.
    fn pairs(&self, cand: &mut [u64], queue: &mut Vec<u32>) -> Option<bool> {
        let mut pos = [0u64; 64];
        for u in 0..self.units() {
            let cells = self.unit(u);
            let mut progress = false;
            for (i, &a) in cells.iter().enumerate() {
                let m = cand[a as usize];
                if m.count_ones() != 2 {
                    continue;
                }
                for &b in &cells[i + 1..] {
                    if cand[b as usize] != m {
                        continue;
                    }
                    for &c in cells {
                        if c != a && c != b && cand[c as usize] & m != 0 {
                            if !Self::remove(cand, queue, c as usize, m) {
                                return None;
                            }
                            progress = true;
                        }
                    }
                }
            }
            if progress {
                return Some(true);
            }
            let (mut open, mut fixed) = (0u64, 0u64);
            for &c in cells {
                let m = cand[c as usize];
                if single(m) {
                    fixed |= m;
                } else {
                    open |= m;
                }
            }
            open &= self.unit_need[u] & !fixed;
            for (i, &c) in cells.iter().enumerate() {
                for v in places(cand[c as usize] & open) {
                    pos[v] |= 1 << i;
                }
            }
            // The first two values with the same two places, where a place holds something else.
            let found = places(open)
                .filter(|&v| pos[v].count_ones() == 2)
                .flat_map(|v1| places(open >> v1 >> 1).map(move |d| (v1, v1 + 1 + d)))
                .find_map(|(v1, v2)| {
                    let keep = (1u64 << v1) | (1u64 << v2);
                    (pos[v2] == pos[v1]
                        && places(pos[v1]).any(|i| cand[cells[i] as usize] & !keep != 0))
                    .then_some((keep, pos[v1]))
                });
            for v in places(open) {
                pos[v] = 0;
            }
            if let Some((keep, at)) = found {
                for i in places(at) {
                    cand[cells[i] as usize] &= keep;
                }
                return Some(true);
            }
        }
        Some(false)
    }

    /// The pointing rule (see the module docs). `Some(progress)`, or `None` on a contradiction.
    fn pointing(&self, cand: &mut [u64], queue: &mut Vec<u32>) -> Option<bool> {
        let w = self.words;
        let mut common = vec![0u64; w];
        let mut places: Vec<u32> = Vec::with_capacity(8);
        let mut progress = false;
        for u in 0..self.units() {
            let (mut open, mut fixed) = (0u64, 0u64);
            for &c in self.unit(u) {
                let m = cand[c as usize];
                if single(m) {
                    fixed |= m;
                } else {
                    open |= m;
                }
            }
            open &= !fixed;
            while open != 0 {
                let b = open & open.wrapping_neg();
                open ^= b;
                places.clear();
                for &c in self.unit(u) {
                    if cand[c as usize] & b != 0 {
                        places.push(c);
                        if places.len() > 4 {
                            break;
                        }
                    }
                }
                if places.len() < 2 || places.len() > 4 {
                    continue;
                }
                let first = places[0] as usize;
                common.copy_from_slice(&self.peer_bits[first * w..(first + 1) * w]);
                for &c in &places[1..] {
                    let c = c as usize;
                    for (x, &y) in common.iter_mut().zip(&self.peer_bits[c * w..(c + 1) * w]) {
                        *x &= y;
                    }
                }
                for (k, &word) in common.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let t = word.trailing_zeros() as usize;
                        word &= word - 1;
                        let x = k * 64 + t;
                        if cand[x] & b != 0 {
                            if !Self::remove(cand, queue, x, b) {
                                return None;
                            }
                            progress = true;
                        }
                    }
                }
                if progress {
                    // Let the cheap rules run first on what this found.
                    return Some(true);
                }
            }
        }
        Some(progress)
    }
}

/// Up to `limit` solutions of a puzzle shape with givens; `Err` when the shape is too large for the
/// bitsets.
pub fn solutions(structure: &Structure, givens: &Grid, limit: usize) -> Result<Vec<Grid>, String> {
    Ok(Search::new(structure)?
        .run(givens, &Options::limit(limit))
        .solutions)
}
