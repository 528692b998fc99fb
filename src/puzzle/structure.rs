//! The neutral shape both puzzles share: cells with small domains, a **choice partition** and
//! **check layers** of "at most once" groups.
//!
//! Sudoku and Suguru are both "all-different" puzzles with a special shape, and every target
//! construction (the layered Hamiltonian-cycle graph, the exact-cover matrix, the CNF and ILP models)
//! is written once against this shape instead of once per puzzle:
//!
//! * every cell `i` takes a value in `1..=domain[i]`;
//! * the **choice groups** partition the cells; a choice group of `s` cells holds `1..=s` exactly once
//!   (Sudoku blocks with `s = N`, Suguru regions), and every cell's domain is its choice group's size;
//! * each **layer** partitions the cells again into groups in which no value repeats (Sudoku: the rows
//!   layer and the columns layer; Suguru: four layers of 2×2 windows, one per parity class of the
//!   window's top-left corner, clipped at the border — any two touching cells share a window of one of
//!   the classes, so "no value twice in a window" is exactly Suguru's adjacency rule).
//!
//! A group whose cells allow exactly as many values as it has cells (`slack() == 0`) must hold each of
//! them exactly once — Sudoku's rows and columns; Suguru windows usually have slack.
//!
//! This module knows nothing of any target problem: it only describes the puzzle.

/// What a group is in the puzzle's own terms; used to word messages ("row 3", "region 5", …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    Row(u32),
    Column(u32),
    Block(u32),
    Region(u32),
    /// A 2×2 window (clipped at the border) whose top-left corner is at this row and column; the
    /// corner may lie one step outside the grid (−1) for clipped windows.
    Window {
        row: i32,
        col: i32,
    },
    /// Sudoku-X: 0 is the main diagonal (r1c1 to rNcN), 1 the anti-diagonal.
    Diagonal(u32),
    /// Windoku's extra blocks, row-major.
    Extra(u32),
    /// Disjoint-groups Sudoku: the cells at position `k` (row-major) within their boxes.
    Position(u32),
    /// A group of a described puzzle: `layer` 0 holds the choice groups, layer `l ≥ 1` is the
    /// description's `l`-th layer; `index` counts its groups in order of appearance.
    Listed {
        layer: u32,
        index: u32,
    },
    /// The one-cell group that fills a layer at a cell the layer leaves out (it forbids nothing).
    Alone(u32),
}

impl std::fmt::Display for GroupKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            GroupKind::Row(r) => write!(f, "row {}", r + 1),
            GroupKind::Column(c) => write!(f, "column {}", c + 1),
            GroupKind::Block(b) => write!(f, "block {}", b + 1),
            GroupKind::Region(g) => write!(f, "region {}", g + 1),
            GroupKind::Window { row, col } => write!(f, "2x2 window at r{}c{}", row + 1, col + 1),
            GroupKind::Diagonal(0) => write!(f, "the diagonal"),
            GroupKind::Diagonal(_) => write!(f, "the anti-diagonal"),
            GroupKind::Extra(k) => write!(f, "extra block {}", k + 1),
            GroupKind::Position(k) => write!(f, "disjoint group {}", k + 1),
            GroupKind::Listed { layer: 0, index } => write!(f, "choice group {}", index + 1),
            GroupKind::Listed { layer, index } => write!(f, "group {} of layer {layer}", index + 1),
            GroupKind::Alone(c) => write!(f, "cell {} alone", c + 1),
        }
    }
}

/// A set of cells in which no value may repeat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    pub kind: GroupKind,
    /// Cell indices, row-major, ascending.
    pub cells: Vec<u32>,
    /// The largest value any of its cells allows (`K_g`): the group can hold values `1..=max_value`.
    pub max_value: u8,
}

impl Group {
    /// `K_g − |g|`: how many of its possible values the group leaves out. 0 means "exactly once".
    /// Negative means the group cannot be filled (more cells than values).
    pub fn slack(&self) -> i64 {
        self.max_value as i64 - self.cells.len() as i64
    }
}

/// See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Structure {
    pub rows: usize,
    pub cols: usize,
    /// Cell `i` takes values `1..=domain[i]`.
    pub domain: Vec<u8>,
    /// Partition of the cells; group `g` holds `1..=|g|` exactly once.
    pub choice: Vec<Group>,
    /// For each cell, the index of its choice group.
    pub choice_of: Vec<u32>,
    /// Each layer is a partition of the cells into at-most-once groups.
    pub layers: Vec<Vec<Group>>,
}

impl Structure {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Builds the structure from a choice partition (a label per cell, `0..k`) and layers given as
    /// a group id per cell. Domains follow from the choice group sizes.
    pub fn new(
        rows: usize,
        cols: usize,
        choice_kind: fn(u32) -> GroupKind,
        choice_of: Vec<u32>,
        layers: Vec<Vec<Group>>,
    ) -> Self {
        let k = choice_of.iter().map(|&g| g as usize + 1).max().unwrap_or(0);
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); k];
        for (cell, &g) in choice_of.iter().enumerate() {
            members[g as usize].push(cell as u32);
        }
        let domain: Vec<u8> = choice_of
            .iter()
            .map(|&g| members[g as usize].len().min(255) as u8)
            .collect();
        let choice = members
            .into_iter()
            .enumerate()
            .map(|(g, cells)| Group {
                kind: choice_kind(g as u32),
                max_value: cells.len().min(255) as u8,
                cells,
            })
            .collect();
        let mut layers = layers;
        for layer in &mut layers {
            for group in layer.iter_mut() {
                group.max_value = group
                    .cells
                    .iter()
                    .map(|&c| domain[c as usize])
                    .max()
                    .unwrap_or(0);
            }
        }
        Structure {
            rows,
            cols,
            domain,
            choice,
            choice_of,
            layers,
        }
    }

    /// Every group: choice groups first, then the layers in order.
    pub fn all_groups(&self) -> impl Iterator<Item = &Group> {
        self.choice.iter().chain(self.layers.iter().flatten())
    }

    /// Groups `(a, b)` pairs of distinct cells that may not hold equal values, each unordered pair
    /// once. The puzzle's full "not equal" relation, for encodings that want it pairwise.
    pub fn conflicting_pairs(&self) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for group in self.all_groups() {
            for (i, &a) in group.cells.iter().enumerate() {
                for &b in &group.cells[i + 1..] {
                    pairs.push((a.min(b), a.max(b)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

/// Groups for the rows layer of an R×C grid.
pub fn row_groups(rows: usize, cols: usize) -> Vec<Group> {
    (0..rows)
        .map(|r| Group {
            kind: GroupKind::Row(r as u32),
            cells: (0..cols).map(|c| (r * cols + c) as u32).collect(),
            max_value: 0,
        })
        .collect()
}

/// Groups for the columns layer of an R×C grid.
pub fn column_groups(rows: usize, cols: usize) -> Vec<Group> {
    (0..cols)
        .map(|c| Group {
            kind: GroupKind::Column(c as u32),
            cells: (0..rows).map(|r| (r * cols + c) as u32).collect(),
            max_value: 0,
        })
        .collect()
}

/// The 2×2 windows of one parity class, clipped at the border: windows whose top-left corner `(r, c)`
/// has `r ≡ row_parity`, `c ≡ col_parity (mod 2)`, with corners at −1 allowed so that every cell lies
/// in exactly one window of the class. For a grid with a single row (or column) pass `None` for that
/// axis: windows then only pair along the other axis.
pub fn window_groups(
    rows: usize,
    cols: usize,
    row_parity: Option<usize>,
    col_parity: Option<usize>,
) -> Vec<Group> {
    // Bands along one axis as (corner, first, last): pairs of lines starting at the parity, the
    // first band clipped when the parity is odd; single lines when the axis has no pairing.
    let bands = |len: usize, parity: Option<usize>| -> Vec<(i32, i32, i32)> {
        match parity {
            None => (0..len as i32).map(|i| (i, i, i)).collect(),
            Some(p) => {
                let mut out = Vec::new();
                let mut corner = -(p as i32);
                while corner < len as i32 {
                    let first = corner.max(0);
                    let last = (corner + 1).min(len as i32 - 1);
                    if first <= last {
                        out.push((corner, first, last));
                    }
                    corner += 2;
                }
                out
            }
        }
    };
    let mut groups = Vec::new();
    for &(corner_row, r0, r1) in &bands(rows, row_parity) {
        for &(corner_col, c0, c1) in &bands(cols, col_parity) {
            let mut cells = Vec::new();
            for r in r0..=r1 {
                for c in c0..=c1 {
                    cells.push((r as usize * cols + c as usize) as u32);
                }
            }
            groups.push(Group {
                kind: GroupKind::Window {
                    row: corner_row,
                    col: corner_col,
                },
                cells,
                max_value: 0,
            });
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_window_layer_partitions_the_grid() {
        for (rows, cols) in [(1, 1), (1, 5), (4, 1), (2, 2), (3, 4), (5, 5), (6, 7)] {
            let rp = |p| if rows > 1 { Some(p) } else { None };
            let cp = |p| if cols > 1 { Some(p) } else { None };
            for (pr, pc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let groups = window_groups(rows, cols, rp(pr), cp(pc));
                let mut seen = vec![0; rows * cols];
                for g in &groups {
                    assert!(g.cells.len() <= 4);
                    for &c in &g.cells {
                        seen[c as usize] += 1;
                    }
                }
                assert!(
                    seen.iter().all(|&s| s == 1),
                    "{rows}x{cols} class {pr}{pc}: {seen:?}"
                );
            }
        }
    }

    #[test]
    fn four_window_classes_cover_every_touching_pair() {
        let (rows, cols) = (5, 6);
        let mut covered = std::collections::HashSet::new();
        for (pr, pc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            for g in window_groups(rows, cols, Some(pr), Some(pc)) {
                for &a in &g.cells {
                    for &b in &g.cells {
                        covered.insert((a, b));
                    }
                }
            }
        }
        for a in 0..rows * cols {
            for b in 0..rows * cols {
                let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
                if a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1 {
                    assert!(covered.contains(&(a as u32, b as u32)), "{a} {b}");
                }
            }
        }
    }
}
