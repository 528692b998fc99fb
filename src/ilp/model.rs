//! The reduction puzzle → 0-1 ILP described in the [module documentation](super).

use super::{Ilp, Row, Sense};
use crate::error::CertificateError;
use crate::puzzle::{Family, Grid, GroupKind, Puzzle, Structure, cell_name};
use crate::reduce::{Problem, Reduction, Sizes};

/// What a row says, for LP row names and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowLabel {
    /// The cell holds one value.
    Cell(u32),
    /// The group holds the value once (or at most once).
    Group { kind: GroupKind, value: u8 },
    /// A no-good cut added while enumerating solutions.
    Cut(u32),
}

pub struct PuzzleToIlp {
    target: Ilp,
    labels: Vec<RowLabel>,
    /// Variables of cell `c` are `first[c]..first[c + 1]`, values 1, 2, … in order.
    first: Vec<u32>,
    rows: usize,
    cols: usize,
    declared: Sizes,
}

impl PuzzleToIlp {
    pub fn new(puzzle: &Puzzle) -> Self {
        let s = puzzle.structure();
        let givens = puzzle.givens();
        let mut first = Vec::with_capacity(s.cells() + 1);
        let mut next = 0u32;
        for &d in &s.domain {
            first.push(next);
            next += d as u32;
        }
        first.push(next);
        let x = |cell: usize, v: u8| first[cell] + v as u32 - 1;
        let mut lower = vec![false; next as usize];
        for (cell, &g) in givens.cells().iter().enumerate() {
            // Puzzle constructors keep givens inside the range.
            if g != 0 && g <= s.domain[cell] {
                lower[x(cell, g) as usize] = true;
            }
        }
        let mut rows = Vec::new();
        let mut labels = Vec::new();
        for (cell, &d) in s.domain.iter().enumerate() {
            rows.push(Row {
                vars: (1..=d).map(|v| x(cell, v)).collect(),
                sense: Sense::Eq,
                rhs: 1,
            });
            labels.push(RowLabel::Cell(cell as u32));
        }
        for g in &s.choice {
            for v in 1..=g.max_value {
                rows.push(Row {
                    vars: g.cells.iter().map(|&c| x(c as usize, v)).collect(),
                    sense: Sense::Eq,
                    rhs: 1,
                });
                labels.push(RowLabel::Group {
                    kind: g.kind,
                    value: v,
                });
            }
        }
        for (l, layer) in s.layers.iter().enumerate() {
            for g in layer {
                if dominated(&s, l, &g.cells) {
                    continue;
                }
                let exact = g.slack() == 0;
                for v in 1..=g.max_value {
                    let vars: Vec<u32> = g
                        .cells
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| s.domain[c] >= v)
                        .map(|c| x(c, v))
                        .collect();
                    if exact || vars.len() >= 2 {
                        rows.push(Row {
                            vars,
                            sense: if exact { Sense::Eq } else { Sense::Le },
                            rhs: 1,
                        });
                        labels.push(RowLabel::Group {
                            kind: g.kind,
                            value: v,
                        });
                    }
                }
            }
        }
        PuzzleToIlp {
            target: Ilp { lower, rows },
            labels,
            first,
            rows: s.rows,
            cols: s.cols,
            declared: declared_sizes(puzzle),
        }
    }

    /// Index of `x(cell, value)`, if the value is in the cell's range.
    pub fn var_index(&self, cell: usize, value: u8) -> Option<u32> {
        let (a, b) = (*self.first.get(cell)?, *self.first.get(cell + 1)?);
        (value >= 1 && a + value as u32 <= b).then(|| a + value as u32 - 1)
    }

    /// `(cell, value)` of variable `i`.
    pub fn meaning(&self, i: u32) -> (usize, u8) {
        let cell = self.first.partition_point(|&f| f <= i) - 1;
        (cell, (i - self.first[cell] + 1) as u8)
    }

    /// LP-file name of variable `i`: `x_r2c5_7` (cell r2c5 holds 7).
    pub fn var_name(&self, i: u32) -> String {
        let (cell, v) = self.meaning(i);
        format!("x_{}_{v}", cell_name(self.cols, cell))
    }

    /// LP-file name of row `r`: `cell_r1c1`, `block3_v5`, `row2_v4`, `column1_v9`, `region4_v2`,
    /// `window_r0c3_v2` (window named by its top-left corner, 0 = one step outside the grid).
    pub fn row_name(&self, r: usize) -> String {
        match self.labels.get(r) {
            Some(RowLabel::Cell(c)) => format!("cell_{}", cell_name(self.cols, *c as usize)),
            Some(RowLabel::Group { kind, value }) => {
                let group = match *kind {
                    GroupKind::Row(i) => format!("row{}", i + 1),
                    GroupKind::Column(i) => format!("column{}", i + 1),
                    GroupKind::Block(i) => format!("block{}", i + 1),
                    GroupKind::Region(i) => format!("region{}", i + 1),
                    GroupKind::Window { row, col } => format!("window_r{}c{}", row + 1, col + 1),
                    GroupKind::Diagonal(0) => "diagonal".into(),
                    GroupKind::Diagonal(_) => "antidiagonal".into(),
                    GroupKind::Extra(i) => format!("extra{}", i + 1),
                    GroupKind::Position(i) => format!("position{}", i + 1),
                    GroupKind::Listed { layer: 0, index } => format!("choice{}", index + 1),
                    GroupKind::Listed { layer, index } => {
                        format!("layer{layer}_group{}", index + 1)
                    }
                    GroupKind::Alone(c) => format!("alone_{}", cell_name(self.cols, c as usize)),
                };
                format!("{group}_v{value}")
            }
            Some(RowLabel::Cut(k)) => format!("cut{k}"),
            None => format!("row{}", r + 1),
        }
    }

    pub fn labels(&self) -> &[RowLabel] {
        &self.labels
    }

    /// The grid of a 0-1 point (no row check: [`Reduction::extract`] does that first).
    pub fn decode(&self, point: &[bool]) -> Result<Grid, CertificateError> {
        let mut grid = Grid::empty(self.rows, self.cols);
        for cell in 0..self.rows * self.cols {
            let (a, b) = (self.first[cell] as usize, self.first[cell + 1] as usize);
            let on: Vec<usize> = (a..b).filter(|&i| point[i]).collect();
            match on.as_slice() {
                [i] => grid.set(cell, (i - a + 1) as u8),
                [] => {
                    return Err(CertificateError::new(format!(
                        "{} holds no value",
                        cell_name(self.cols, cell)
                    )));
                }
                _ => {
                    return Err(CertificateError::new(format!(
                        "{} holds {} values",
                        cell_name(self.cols, cell),
                        on.len()
                    )));
                }
            }
        }
        Ok(grid)
    }

    /// The cut `Σ_c x(c, grid[c]) ≤ cells − 1` that removes exactly this grid.
    pub fn no_good(&self, grid: &Grid) -> Row {
        let vars: Vec<u32> = (0..grid.len())
            .filter_map(|c| self.var_index(c, grid.get(c)))
            .collect();
        Row {
            rhs: vars.len().saturating_sub(1) as u32,
            vars,
            sense: Sense::Le,
        }
    }
}

/// Whether a layer group's cells all lie in one group of another layer (a clipped border window
/// inside a full one); on equal cell sets the earlier layer keeps its group.
fn dominated(s: &Structure, layer: usize, cells: &[u32]) -> bool {
    s.layers.iter().enumerate().any(|(l, other)| {
        l != layer
            && other.iter().any(|h| {
                cells.iter().all(|c| h.cells.binary_search(c).is_ok())
                    && (h.cells.len() > cells.len() || l < layer)
            })
    })
}

/// Bartlett et al.'s counts for Sudoku; for a Suguru of at least 2×2 the counts worked out from
/// its region sizes and full 2×2 windows (not from the [`Structure`]).
fn declared_sizes(puzzle: &Puzzle) -> Sizes {
    match puzzle {
        Puzzle::Sudoku(s) => {
            let n = s.n() as u64;
            Sizes::new()
                .with("variables", n * n * n)
                .with("rows", 4 * n * n)
                .with("nonzeros", 4 * n * n * n)
        }
        Puzzle::Suguru(sg) if sg.rows() >= 2 && sg.cols() >= 2 => {
            let size = sg.region_sizes();
            let squares: u64 = size.iter().map(|&s| (s * s) as u64).sum();
            let dom = |r: usize, c: usize| size[sg.region_of(r * sg.cols() + c)];
            let (mut rows, mut nonzeros) = (0u64, 0u64);
            for r in 0..sg.rows() - 1 {
                for c in 0..sg.cols() - 1 {
                    let d = [dom(r, c), dom(r, c + 1), dom(r + 1, c), dom(r + 1, c + 1)];
                    let k = *d.iter().max().unwrap();
                    for v in 1..=k {
                        let holders = d.iter().filter(|&&x| x >= v).count() as u64;
                        if k == 4 || holders >= 2 {
                            rows += 1;
                            nonzeros += holders;
                        }
                    }
                }
            }
            let cells = (sg.rows() * sg.cols()) as u64;
            let region_values: u64 = size.iter().map(|&s| s as u64).sum();
            Sizes::new()
                .with("variables", squares)
                .with("rows", cells + region_values + rows)
                .with("nonzeros", 2 * squares + nonzeros)
        }
        Puzzle::Suguru(_) => Sizes::new(),
        // Order n: one row per cell, per row and value, per column and value (3n rows of n terms
        // per value); Sudoku-X adds one row per diagonal and value, disjoint groups n² more.
        Puzzle::Described(d) => {
            let n = d.givens().rows() as u64;
            let per_value_groups = match d.family() {
                Family::Latin => 3,
                Family::SudokuX | Family::Windoku => 4,
                Family::Disjoint => 5,
                Family::Custom => return Sizes::new(),
            };
            // Extra groups of n cells beyond those: the two diagonals, or the windows.
            let extra = match d.family() {
                Family::SudokuX => 2,
                Family::Windoku => crate::puzzle::described::windoku_windows(d),
                _ => 0,
            };
            Sizes::new()
                .with("variables", n * n * n)
                .with("rows", per_value_groups * n * n + extra * n)
                .with("nonzeros", per_value_groups * n * n * n + extra * n * n)
        }
    }
}

impl Reduction for PuzzleToIlp {
    type Source = Puzzle;
    type Target = Ilp;

    fn name(&self) -> &'static str {
        "ilp"
    }
    fn target(&self) -> &Ilp {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Vec<bool>, CertificateError> {
        if solution.rows() != self.rows || solution.cols() != self.cols {
            return Err(CertificateError::new("the solution has the wrong shape"));
        }
        let mut point = vec![false; self.target.vars()];
        for cell in 0..solution.len() {
            let i = self.var_index(cell, solution.get(cell)).ok_or_else(|| {
                CertificateError::new(format!(
                    "{} holds {}, outside its range",
                    cell_name(self.cols, cell),
                    solution.get(cell)
                ))
            })?;
            point[i as usize] = true;
        }
        Ok(point)
    }
    fn extract(&self, point: &Vec<bool>) -> Result<Grid, CertificateError> {
        if point.len() == self.target.vars()
            && let Some(r) = self.target.first_violated(point)
        {
            return Err(CertificateError::new(format!(
                "the point violates row {}",
                self.row_name(r)
            )));
        }
        self.target.check(point)?;
        self.decode(point)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Sudoku;

    #[test]
    fn blank_sudoku_is_bartletts_model() {
        for n in [4, 9, 16] {
            let r = PuzzleToIlp::new(&Sudoku::blank(n).into());
            let n = n as u64;
            assert_eq!(r.target().vars() as u64, n * n * n);
            assert_eq!(r.target().rows.len() as u64, 4 * n * n);
            assert!(r.target().rows.iter().all(|row| row.sense == Sense::Eq));
            assert!(r.declared_mismatches().is_empty());
        }
        let r = PuzzleToIlp::new(&Sudoku::blank(4).into());
        assert_eq!(r.var_name(5), "x_r1c2_2");
        assert_eq!(r.meaning(63), (15, 4));
        assert_eq!(r.row_name(16), "block1_v1");
        assert_eq!(r.row_name(63), "column4_v4");
    }
}
