//! Puzzles given by their [`Structure`] alone: Latin squares and quasigroup completion, the Sudoku
//! variants with extra groups (X, Windoku, disjoint groups), and any all-different grid puzzle a
//! user describes in a file (`formats::spec`).
//!
//! Every construction already reads a puzzle only through its structure, so one type serves all of
//! them: a [`Family`] (for names and messages), the structure and the givens. Sudoku and Suguru keep
//! their own types because some routes are theirs alone (Haythorpe's graph, the human techniques, the
//! papers' Suguru algorithms, the Sudoku SAT shape solver); a described puzzle takes every route that
//! reads the structure.
//!
//! Layers here may leave cells out (a diagonal covers N of N² cells); the structure the constructions
//! see still partitions the cells in every layer, with a one-cell group ([`GroupKind::Alone`]) for
//! each cell a layer leaves out. A one-cell group forbids nothing, so the puzzle is unchanged, and
//! every construction keeps the invariant it was proven under.

use super::grid::{Grid, cell_name};
use super::structure::{Group, GroupKind, Structure, column_groups, row_groups};
use super::sudoku::{BlockLayout, Sudoku};

/// Which puzzle a described puzzle is; decides its kind name (`latin`, `sudoku-x`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// A partial Latin square: rows are the choice groups, columns the one layer (quasigroup
    /// completion; quasigroups with holes when it was punched from a full square).
    Latin,
    /// Sudoku whose two main diagonals hold each value at most once (exactly once: N cells, N values).
    SudokuX,
    /// Sudoku with four extra 3×3 blocks (hyper-Sudoku), or in general the boxes one step in from
    /// each box corner of a grid of P×Q boxes.
    Windoku,
    /// Sudoku whose cells at the same position within their boxes form N more groups.
    Disjoint,
    /// A puzzle described in a file.
    Custom,
}

impl Family {
    /// Every family, in the order `info` lists them.
    pub const ALL: [Family; 5] = [
        Family::Latin,
        Family::SudokuX,
        Family::Windoku,
        Family::Disjoint,
        Family::Custom,
    ];

    /// The kind name of `info`, `.map` records and the description format's `kind:` key.
    pub fn name(self) -> &'static str {
        match self {
            Family::Latin => "latin",
            Family::SudokuX => "sudoku-x",
            Family::Windoku => "windoku",
            Family::Disjoint => "sudoku-disjoint",
            Family::Custom => "custom",
        }
    }

    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the family is a Sudoku with extra groups (read with a box layout).
    pub fn is_sudoku_variant(self) -> bool {
        matches!(self, Family::SudokuX | Family::Windoku | Family::Disjoint)
    }
}

/// A named layer of a description: its groups, which need not cover every cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedLayer {
    pub name: String,
    pub groups: Vec<Group>,
}

/// See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Described {
    family: Family,
    /// The layers as described (before one-cell groups fill them), for writing the description back.
    named: Vec<NamedLayer>,
    /// The block layout of a Sudoku variant (its choice groups), for the description's `blocks`.
    layout: Option<BlockLayout>,
    structure: Structure,
    givens: Grid,
}

impl Described {
    /// A puzzle from its choice groups (a label `0..k` per cell) and named layers. Refuses, with a
    /// sentence naming the group, what the constructions cannot take: a choice group larger than
    /// [`super::MAX_VALUE`], a layer group with more cells than its cells allow values, a given
    /// outside its cell's domain, a grid of no cells.
    pub fn new(
        family: Family,
        rows: usize,
        cols: usize,
        choice_of: Vec<u32>,
        choice_kind: fn(u32) -> GroupKind,
        named: Vec<NamedLayer>,
        givens: Grid,
    ) -> Result<Described, String> {
        let cells = rows * cols;
        if cells == 0 {
            return Err("the grid has no cells".into());
        }
        if choice_of.len() != cells {
            return Err(format!(
                "the choice groups name {} cells, the grid has {cells}",
                choice_of.len()
            ));
        }
        if givens.rows() != rows || givens.cols() != cols {
            return Err(format!(
                "the givens are {}x{}, the grid is {rows}x{cols}",
                givens.rows(),
                givens.cols()
            ));
        }
        let groups = choice_of.iter().map(|&g| g as usize + 1).max().unwrap_or(0);
        let mut size = vec![0usize; groups];
        for &g in &choice_of {
            size[g as usize] += 1;
        }
        if let Some(g) = size.iter().position(|&s| s == 0) {
            return Err(format!("choice group {} has no cells", g + 1));
        }
        if let Some(g) = size.iter().position(|&s| s > super::MAX_VALUE) {
            return Err(format!(
                "{} has {} cells; a choice group holds 1..=s in its s cells, and values stop at {}",
                choice_kind(g as u32),
                size[g],
                super::MAX_VALUE
            ));
        }
        let mut layers = Vec::with_capacity(named.len());
        for layer in &named {
            let mut seen = vec![false; cells];
            let mut groups = Vec::with_capacity(layer.groups.len());
            for group in &layer.groups {
                if group.cells.is_empty() {
                    return Err(format!(
                        "layer '{}': {} has no cells",
                        layer.name, group.kind
                    ));
                }
                for &c in &group.cells {
                    let c = c as usize;
                    if c >= cells {
                        return Err(format!(
                            "layer '{}': {} names cell {} outside the grid",
                            layer.name,
                            group.kind,
                            c + 1
                        ));
                    }
                    if std::mem::replace(&mut seen[c], true) {
                        return Err(format!(
                            "layer '{}': cell {} is in two of its groups (a layer's groups are disjoint; put overlapping groups in two layers)",
                            layer.name,
                            cell_name(cols, c)
                        ));
                    }
                }
                let values = group
                    .cells
                    .iter()
                    .map(|&c| size[choice_of[c as usize] as usize])
                    .max()
                    .unwrap_or(0);
                if group.cells.len() > values {
                    return Err(format!(
                        "layer '{}': {} has {} cells but its cells allow only {values} value{}, so some value would repeat",
                        layer.name,
                        group.kind,
                        group.cells.len(),
                        if values == 1 { "" } else { "s" }
                    ));
                }
                let mut cells_sorted = group.cells.clone();
                cells_sorted.sort_unstable();
                groups.push(Group {
                    kind: group.kind,
                    cells: cells_sorted,
                    max_value: 0,
                });
            }
            groups.extend((0..cells).filter(|&c| !seen[c]).map(|c| Group {
                kind: GroupKind::Alone(c as u32),
                cells: vec![c as u32],
                max_value: 0,
            }));
            layers.push(groups);
        }
        if layers.is_empty() {
            // The layered constructions read values in the layers: a puzzle of choice groups alone
            // gets one layer of one-cell groups, which forbids nothing.
            layers.push(
                (0..cells)
                    .map(|c| Group {
                        kind: GroupKind::Alone(c as u32),
                        cells: vec![c as u32],
                        max_value: 0,
                    })
                    .collect(),
            );
        }
        for (cell, &v) in givens.cells().iter().enumerate() {
            let max = size[choice_of[cell] as usize];
            if v as usize > max {
                return Err(format!(
                    "given {v} at {} is above its domain 1..={max} (the size of its choice group)",
                    cell_name(cols, cell)
                ));
            }
        }
        let structure = Structure::new(rows, cols, choice_kind, choice_of, layers);
        let named = named
            .into_iter()
            .map(|l| NamedLayer {
                name: l.name,
                groups: l
                    .groups
                    .into_iter()
                    .map(|mut g| {
                        g.cells.sort_unstable();
                        g
                    })
                    .collect(),
            })
            .collect();
        Ok(Described {
            family,
            named,
            layout: None,
            structure,
            givens,
        })
    }

    /// A partial Latin square of order `givens.rows()` (0 = hole).
    pub fn latin(givens: Grid) -> Result<Described, String> {
        let n = givens.rows();
        if givens.cols() != n {
            return Err(format!(
                "a Latin square is square, this grid is {}x{}",
                givens.rows(),
                givens.cols()
            ));
        }
        if n > super::MAX_VALUE {
            return Err(format!(
                "order {n} is above {}, the largest value a cell holds",
                super::MAX_VALUE
            ));
        }
        let choice_of = (0..n * n).map(|c| (c / n.max(1)) as u32).collect();
        let columns = NamedLayer {
            name: "columns".into(),
            groups: column_groups(n, n),
        };
        Described::new(
            Family::Latin,
            n,
            n,
            choice_of,
            GroupKind::Row,
            vec![columns],
            givens,
        )
    }

    /// A Sudoku variant: the Sudoku's blocks, rows and columns, and the family's extra groups.
    pub fn sudoku_variant(family: Family, sudoku: &Sudoku) -> Result<Described, String> {
        let n = sudoku.n();
        let layout = sudoku.layout();
        let extra = match family {
            Family::SudokuX => vec![
                NamedLayer {
                    name: "diagonal".into(),
                    groups: vec![Group {
                        kind: GroupKind::Diagonal(0),
                        cells: (0..n).map(|i| (i * n + i) as u32).collect(),
                        max_value: 0,
                    }],
                },
                NamedLayer {
                    name: "anti-diagonal".into(),
                    groups: vec![Group {
                        kind: GroupKind::Diagonal(1),
                        cells: (0..n).map(|i| (i * n + n - 1 - i) as u32).collect(),
                        max_value: 0,
                    }],
                },
            ],
            Family::Windoku => {
                let Some((p, q)) = layout.box_shape() else {
                    return Err("Windoku needs a grid of rectangular boxes, not a jigsaw".into());
                };
                // The windows start one step in from each box: rows 1, p+2, 2p+3, … while a window
                // of p rows still fits (4 windows on 9×9).
                let starts = |len: usize, side: usize| -> Vec<usize> {
                    (0..)
                        .map(|k| 1 + k * (side + 1))
                        .take_while(|&s| s + side < len)
                        .collect()
                };
                let mut groups = Vec::new();
                for r0 in starts(n, p) {
                    for c0 in starts(n, q) {
                        let cells = (r0..r0 + p)
                            .flat_map(|r| (c0..c0 + q).map(move |c| (r * n + c) as u32))
                            .collect();
                        groups.push(Group {
                            kind: GroupKind::Extra(groups.len() as u32),
                            cells,
                            max_value: 0,
                        });
                    }
                }
                if groups.is_empty() {
                    return Err(format!(
                        "a {n}x{n} grid of {p}x{q} boxes has no room for a Windoku window"
                    ));
                }
                vec![NamedLayer {
                    name: "windows".into(),
                    groups,
                }]
            }
            Family::Disjoint => {
                let Some((p, q)) = layout.box_shape() else {
                    return Err("disjoint groups need a grid of rectangular boxes".into());
                };
                let mut groups: Vec<Group> = (0..n)
                    .map(|k| Group {
                        kind: GroupKind::Position(k as u32),
                        cells: Vec::new(),
                        max_value: 0,
                    })
                    .collect();
                for cell in 0..n * n {
                    let (r, c) = (cell / n, cell % n);
                    groups[(r % p) * q + c % q].cells.push(cell as u32);
                }
                vec![NamedLayer {
                    name: "disjoint".into(),
                    groups,
                }]
            }
            Family::Latin | Family::Custom => {
                return Err(format!("{} is not a Sudoku variant", family.name()));
            }
        };
        let mut named = vec![
            NamedLayer {
                name: "rows".into(),
                groups: row_groups(n, n),
            },
            NamedLayer {
                name: "columns".into(),
                groups: column_groups(n, n),
            },
        ];
        named.extend(extra);
        let mut d = Described::new(
            family,
            n,
            n,
            layout.block_map().to_vec(),
            GroupKind::Block,
            named,
            sudoku.givens().clone(),
        )?;
        d.layout = Some(layout.clone());
        Ok(d)
    }

    pub fn family(&self) -> Family {
        self.family
    }
    pub fn structure(&self) -> &Structure {
        &self.structure
    }
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    /// The layers as described: groups only, without the one-cell groups that fill them.
    pub fn named_layers(&self) -> &[NamedLayer] {
        &self.named
    }
    /// The block layout of a Sudoku variant.
    pub fn layout(&self) -> Option<&BlockLayout> {
        self.layout.as_ref()
    }
    /// Choice group of each cell.
    pub fn choice_map(&self) -> &[u32] {
        &self.structure.choice_of
    }

    /// The same puzzle with other givens (for generators and blank copies).
    pub fn with_givens(&self, givens: Grid) -> Result<Described, String> {
        if givens.rows() != self.givens.rows() || givens.cols() != self.givens.cols() {
            return Err(format!(
                "the givens are {}x{}, the grid is {}x{}",
                givens.rows(),
                givens.cols(),
                self.givens.rows(),
                self.givens.cols()
            ));
        }
        for (cell, &v) in givens.cells().iter().enumerate() {
            let max = self.structure.domain[cell];
            if v > max {
                return Err(format!(
                    "given {v} at {} is above its domain 1..={max}",
                    cell_name(self.structure.cols, cell)
                ));
            }
        }
        Ok(Described {
            givens,
            ..self.clone()
        })
    }

    /// `N` for a Latin square or Sudoku variant, `RxC` otherwise.
    pub fn size_label(&self) -> String {
        match self.family {
            Family::Custom => format!("{}x{}", self.structure.rows, self.structure.cols),
            _ => self.structure.rows.to_string(),
        }
    }

    /// One line for `info`.
    pub fn describe(&self) -> String {
        let s = &self.structure;
        let largest = s.choice.iter().map(|g| g.cells.len()).max().unwrap_or(0);
        let layers: Vec<&str> = self.named.iter().map(|l| l.name.as_str()).collect();
        format!(
            "{} choice groups (largest {largest}), layers: {}",
            s.choice.len(),
            if layers.is_empty() {
                "none".to_string()
            } else {
                layers.join(", ")
            }
        )
    }
}

/// The windows of a Windoku with p×q boxes: along an axis of length n, windows of side s start at
/// 1, s+2, 2s+3, … while they end inside the grid, so ⌊(n − 2 − s)/(s + 1)⌋ + 1 of them (2 on 9×9
/// with 3×3 boxes: 4 windows), or none when n < s + 2.
/// The declared-size formulas use it; the construction ([`Described::sudoku_variant`]) places the
/// windows one by one, so the two check each other.
pub fn windoku_windows(d: &Described) -> u64 {
    let Some((p, q)) = d.layout().and_then(|l| l.box_shape()) else {
        return 0;
    };
    let n = d.givens().rows();
    let along = |s: usize| {
        if n < s + 2 {
            0
        } else {
            (n - 2 - s) / (s + 1) + 1
        }
    };
    (along(p) * along(q)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_square_is_rows_and_columns() {
        let d = Described::latin(Grid::empty(4, 4)).unwrap();
        let s = d.structure();
        assert_eq!(s.choice.len(), 4);
        assert_eq!(s.layers.len(), 1);
        assert!(s.domain.iter().all(|&v| v == 4));
        assert!(s.layers[0].iter().all(|g| g.slack() == 0));
    }

    #[test]
    fn partial_layers_are_filled_with_one_cell_groups() {
        let d = Described::sudoku_variant(Family::SudokuX, &Sudoku::blank(4)).unwrap();
        let s = d.structure();
        assert_eq!(s.layers.len(), 4);
        for layer in &s.layers {
            let mut seen = [0; 16];
            for g in layer {
                for &c in &g.cells {
                    seen[c as usize] += 1;
                }
            }
            assert_eq!(seen, [1; 16]);
        }
        assert_eq!(s.layers[2].len(), 1 + 12);
        assert_eq!(d.named_layers()[2].groups.len(), 1);
    }

    #[test]
    fn windoku_and_disjoint_groups_have_n_cells_each() {
        let blank = Sudoku::blank(9);
        let w = Described::sudoku_variant(Family::Windoku, &blank).unwrap();
        let windows = &w.named_layers()[2].groups;
        assert_eq!(windows.len(), 4);
        assert_eq!(windows[0].cells[0], 10, "r2c2 starts the first window");
        assert!(windows.iter().all(|g| g.cells.len() == 9));
        let d = Described::sudoku_variant(Family::Disjoint, &blank).unwrap();
        let groups = &d.named_layers()[2].groups;
        assert_eq!(groups.len(), 9);
        assert!(groups.iter().all(|g| g.cells.len() == 9));
        assert_eq!(groups[0].cells[..3], [0, 3, 6]);
    }

    #[test]
    fn descriptions_the_constructions_cannot_take_are_refused() {
        let named = |cells: Vec<u32>| {
            vec![NamedLayer {
                name: "extra".into(),
                groups: vec![Group {
                    kind: GroupKind::Listed { layer: 1, index: 0 },
                    cells,
                    max_value: 0,
                }],
            }]
        };
        // Two choice groups of two cells: a layer group of three cells cannot be all different.
        let e = Described::new(
            Family::Custom,
            1,
            4,
            vec![0, 0, 1, 1],
            GroupKind::Region,
            named(vec![0, 1, 2]),
            Grid::empty(1, 4),
        )
        .unwrap_err();
        assert!(
            e.contains("has 3 cells but its cells allow only 2 values"),
            "{e}"
        );
        let e = Described::new(
            Family::Custom,
            1,
            4,
            vec![0, 0, 1, 1],
            GroupKind::Region,
            named(vec![0, 0]),
            Grid::empty(1, 4),
        )
        .unwrap_err();
        assert!(e.contains("cell r1c1 is in two of its groups"), "{e}");
        let mut g = Grid::empty(1, 4);
        g.set(3, 3);
        let e = Described::new(
            Family::Custom,
            1,
            4,
            vec![0, 0, 1, 1],
            GroupKind::Region,
            vec![],
            g,
        )
        .unwrap_err();
        assert!(
            e.contains("given 3 at r1c4 is above its domain 1..=2"),
            "{e}"
        );
    }
}
