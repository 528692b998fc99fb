//! The structural layout: a position for every vertex of the layered graph, computed from the
//! construction instead of by a force-directed embedding, so that a reader finds each cell's gadget
//! where the cell is.
//!
//! The canvas is the puzzle grid drawn large. Every cell gets a box at its row and column; inside it:
//!
//! * one band for the **choice vertices** `b[g,1..d]` of the cell's choice group, used only by the
//!   group's *anchor* cell (the cell nearest the group's centre), so the walks `b[g,k] → cell`
//!   fan out from inside the block or region to its cells;
//! * one band per **copy** the cell takes part in: its triplets side by side by value
//!   (`x1`, `x2`, `x3` stacked downwards) and its end vertex `e[c]` at the right; bands side by
//!   side when that brings the box nearer the graph panel's landscape shape;
//! * in the canonical variant, one band for the links `λ[c,1..d]`.
//!
//! The **check-pass vertices** of a layer group (`r[G,k]`, `t[G]`, `z[G,q]`) sit along their unit:
//! a row's in the left margin at the row's height, a column's in the top margin above the column,
//! a 2×2 window's in the gap at the window's centre (the grid point between its four cells), any
//! other group's at its anchor cell's corner. `s` and `f` sit in a strip above everything.

use crate::hcp::layered::{Layout, Vertex};
use crate::puzzle::{Group, GroupKind};

/// Geometry of the canvas, in SVG user units (pixels at 100 %).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Canvas {
    pub width: f64,
    pub height: f64,
    /// Width and height of a cell's box.
    pub cell_w: f64,
    pub cell_h: f64,
    /// Gap between two cell boxes.
    pub gap: f64,
    /// Top-left corner of every cell's box, by cell index (row-major).
    pub boxes: Vec<[f64; 2]>,
    /// Names of the units whose pass vertices sit in the margins (`row 1`, `col 2`), and of `s`
    /// and `f`, at the point where the page writes them.
    pub labels: Vec<Label>,
}

/// A word drawn on the canvas; `x, y` is where the text starts (its baseline).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// Positions of the layered graph's vertices, by directed id.
pub struct Placement {
    pub canvas: Canvas,
    pub pos: Vec<[f64; 2]>,
    /// Distance between neighbouring vertices inside a gadget (for offsets of derived vertices).
    pub unit: f64,
}

/// The strip above the grid that holds `s` and `f`.
const TOP_STRIP: f64 = 28.0;
/// Spacing of group vertices in the margins and gaps.
const STEP: f64 = 9.0;
/// Distance between neighbouring vertices inside a cell's gadget.
const UNIT: f64 = 12.0;

/// The cell nearest the centre of `group` (ties to the lowest index): where a choice group's
/// vertices go, and a layer group's when it is not a row, a column or a window.
fn anchor(group: &Group, cols: usize) -> usize {
    let n = group.cells.len().max(1) as f64;
    let (sr, sc) = group.cells.iter().fold((0.0, 0.0), |(r, c), &x| {
        (
            r + (x as usize / cols) as f64,
            c + (x as usize % cols) as f64,
        )
    });
    let (cr, cc) = (sr / n, sc / n);
    let dist = |x: u32| {
        let (r, c) = ((x as usize / cols) as f64, (x as usize % cols) as f64);
        (r - cr).powi(2) + (c - cc).powi(2)
    };
    group
        .cells
        .iter()
        .copied()
        .min_by(|&a, &b| dist(a).total_cmp(&dist(b)).then(a.cmp(&b)))
        .unwrap_or(0) as usize
}

/// Where the boxes are.
struct Geometry {
    cols: usize,
    x0: f64,
    y0: f64,
    pitch_x: f64,
    pitch_y: f64,
    cell_w: f64,
    cell_h: f64,
    gap: f64,
}

impl Geometry {
    fn corner(&self, c: usize) -> [f64; 2] {
        [
            self.x0 + (c % self.cols) as f64 * self.pitch_x,
            self.y0 + (c / self.cols) as f64 * self.pitch_y,
        ]
    }
    /// Column `i`, row `j` (0-based) of the small grid inside cell `c`'s box.
    fn inner(&self, c: usize, i: usize, j: usize) -> [f64; 2] {
        let [bx, by] = self.corner(c);
        [bx + UNIT * (i as f64 + 1.0), by + UNIT * (j as f64 + 1.0)]
    }
    /// The grid point on row line `gr` and column line `gc`, in the middle of the gap.
    fn point(&self, gr: f64, gc: f64) -> [f64; 2] {
        [
            self.x0 + gc * self.pitch_x - self.gap / 2.0,
            self.y0 + gr * self.pitch_y - self.gap / 2.0,
        ]
    }
    /// The `i`-th vertex (0-based: values, then the exit, then slack) of layer group `g`.
    fn group_spot(&self, g: &Group, i: usize) -> [f64; 2] {
        let i = i as f64;
        let depth = g.max_value as f64 + 1.0 + g.slack().max(0) as f64;
        match g.kind {
            GroupKind::Row(r) => [
                self.x0 - self.gap / 2.0 - STEP * depth + STEP * i,
                self.y0 + r as f64 * self.pitch_y + self.cell_h / 2.0,
            ],
            GroupKind::Column(c) => [
                self.x0 + c as f64 * self.pitch_x + self.cell_w / 2.0,
                self.y0 - self.gap / 2.0 - STEP * depth + STEP * i,
            ],
            GroupKind::Window { row, col } => {
                // The window's centre is the grid point after its top-left cell: values along a
                // short row, exit and slack in a row under it.
                let [cx, cy] = self.point(row as f64 + 1.0, col as f64 + 1.0);
                let k = g.max_value as f64;
                if i < k {
                    [cx + STEP * (i - (k - 1.0) / 2.0), cy - STEP / 2.0]
                } else {
                    let m = depth - k;
                    [cx + STEP * (i - k - (m - 1.0) / 2.0), cy + STEP / 2.0]
                }
            }
            // Blocks, regions and the groups of described puzzles: in a row at their first cell's
            // lower-right grid point.
            GroupKind::Block(_)
            | GroupKind::Region(_)
            | GroupKind::Diagonal(_)
            | GroupKind::Extra(_)
            | GroupKind::Position(_)
            | GroupKind::Listed { .. }
            | GroupKind::Alone(_) => {
                let a = anchor(g, self.cols);
                let [cx, cy] =
                    self.point((a / self.cols) as f64 + 1.0, (a % self.cols) as f64 + 1.0);
                [cx + STEP * (i - (depth - 1.0) / 2.0), cy]
            }
        }
    }
}

/// The band (0-based among the cell's own copies) that holds copy `copy` of cell `c`.
fn band_of(layout: &Layout, c: usize, copy: u32) -> usize {
    layout
        .copies(c)
        .iter()
        .position(|&x| x == copy)
        .unwrap_or(0)
}

/// The structural layout of `layout`'s vertices (deterministic: a function of the structure only);
/// `link_band` reserves the canonical variant's link band even when `layout` has none, so that
/// both variants share one canvas.
pub fn place(layout: &Layout, link_band: bool) -> Placement {
    let s = layout.structure();
    let (rows, cols) = (s.rows, s.cols);
    let dmax = s.domain.iter().copied().max().unwrap_or(1).max(1) as usize;
    let copies_max = (0..s.cells())
        .map(|c| layout.copies(c).len())
        .max()
        .unwrap_or(0)
        .max(1);
    let canonical = link_band || layout.is_canonical();
    // Inside a box: bands of `dmax + 1` columns (values, then the end vertex) and three rows (plus
    // a spacer), `across` bands side by side, under the choice row; the link row at the bottom;
    // `across` is chosen to bring the box's shape nearest to a landscape 5:4, the shape of the
    // page's graph panel at 1280×800.
    let band_w = dmax + 2;
    let shape = |across: usize| {
        let down = copies_max.div_ceil(across);
        let w = across * band_w;
        let h = 1 + 4 * down + usize::from(canonical);
        (w, h)
    };
    let misfit = |(w, h): (usize, usize)| (w as f64 / (h as f64 + 1.0) / 1.25).ln().abs();
    let across = (1..=copies_max)
        .min_by(|&a, &b| {
            misfit(shape(a))
                .total_cmp(&misfit(shape(b)))
                .then(a.cmp(&b))
        })
        .unwrap_or(1);
    let (w_units, h_units) = shape(across);
    let cell_w = UNIT * w_units as f64;
    let cell_h = UNIT * (h_units as f64 + 1.0);
    let down = copies_max.div_ceil(across);
    // Column and row of the small grid where band `band`'s column `i`, row `j` is.
    let band_at = move |band: usize, i: usize, j: usize| -> (usize, usize) {
        ((band % across) * band_w + i, 1 + 4 * (band / across) + j)
    };
    let link_row = 1 + 4 * down;
    let gap = STEP * 5.0;
    // Margins for row and column groups (Sudoku): as deep as the longest such group.
    let depth_of = |pred: fn(&GroupKind) -> bool| {
        s.layers
            .iter()
            .flatten()
            .filter(|g| pred(&g.kind))
            .map(|g| g.max_value as usize + g.slack().max(0) as usize + 1)
            .max()
            .unwrap_or(0)
    };
    let margin = |depth: usize| {
        if depth > 0 {
            STEP * (depth as f64 + 1.0)
        } else {
            0.0
        }
    };
    let left = margin(depth_of(|k| matches!(k, GroupKind::Row(_))));
    let top = TOP_STRIP + margin(depth_of(|k| matches!(k, GroupKind::Column(_))));
    let geo = Geometry {
        cols,
        x0: left + gap,
        y0: top + gap,
        pitch_x: cell_w + gap,
        pitch_y: cell_h + gap,
        cell_w,
        cell_h,
        gap,
    };
    let anchors: Vec<usize> = s.choice.iter().map(|g| anchor(g, cols)).collect();
    let n = layout.vertices();
    let mut pos = vec![[0.0, 0.0]; n as usize];
    for (id, p) in pos.iter_mut().enumerate() {
        let Some(v) = layout.vertex(id as u32) else {
            continue;
        };
        *p = match v {
            Vertex::Start => [STEP, TOP_STRIP / 2.0],
            Vertex::Finish => [3.0 * STEP, TOP_STRIP / 2.0],
            Vertex::Choice { group, value } => {
                geo.inner(anchors[group as usize], value as usize - 1, 0)
            }
            Vertex::Value {
                layer,
                group,
                value,
            } => geo.group_spot(
                &s.layers[layer as usize][group as usize],
                value as usize - 1,
            ),
            Vertex::Exit { layer, group } => {
                let g = &s.layers[layer as usize][group as usize];
                geo.group_spot(g, g.max_value as usize)
            }
            Vertex::Slack {
                layer,
                group,
                index,
            } => {
                let g = &s.layers[layer as usize][group as usize];
                geo.group_spot(g, g.max_value as usize + 1 + index as usize)
            }
            Vertex::Triplet {
                copy,
                cell: c,
                value,
                pos: p,
            } => {
                let (i, j) = band_at(
                    band_of(layout, c as usize, copy),
                    value as usize - 1,
                    p as usize - 1,
                );
                geo.inner(c as usize, i, j)
            }
            Vertex::End { copy, cell: c } => {
                let (i, j) = band_at(band_of(layout, c as usize, copy), dmax, 1);
                geo.inner(c as usize, i, j)
            }
            Vertex::Link { cell: c, value } => geo.inner(c as usize, value as usize - 1, link_row),
        };
    }
    // Unit names beside the first vertex of each row and column pass.
    let mut labels = vec![
        Label {
            text: "s".into(),
            x: STEP - 3.0,
            y: TOP_STRIP / 2.0 - 5.0,
        },
        Label {
            text: "f".into(),
            x: 3.0 * STEP - 3.0,
            y: TOP_STRIP / 2.0 - 5.0,
        },
    ];
    for g in s.layers.iter().flatten() {
        let [x, y] = geo.group_spot(g, 0);
        match g.kind {
            GroupKind::Row(r) => labels.push(Label {
                text: format!("row {}", r + 1),
                x,
                y: y - 5.0,
            }),
            GroupKind::Column(c) => labels.push(Label {
                text: format!("col {}", c + 1),
                x: x + 5.0,
                y: y + 3.0,
            }),
            _ => {}
        }
    }
    Placement {
        canvas: Canvas {
            labels,
            width: geo.x0 + cols as f64 * geo.pitch_x,
            height: geo.y0 + rows as f64 * geo.pitch_y,
            cell_w,
            cell_h,
            gap,
            boxes: (0..s.cells()).map(|c| geo.corner(c)).collect(),
        },
        pos,
        unit: UNIT,
    }
}
