//! The layered Hamiltonian-cycle construction, written once over [`Structure`]: for Sudoku it is
//! exactly Haythorpe's directed graph (arXiv 1603.03019), for Suguru our generalisation.
//!
//! # The graph
//!
//! Let the structure have choice groups `g` (Sudoku blocks, Suguru regions), every cell `c` a domain
//! `1..=d_c` (`d_c = |g|` for its choice group), and `L` layers of at-most-once groups `G` (Sudoku:
//! rows, then columns; Suguru: the four classes of 2×2 windows) with `K_G` possible values and slack
//! `σ_G = max(0, K_G − |G|)`. Vertices, in this order (ids 0-based; the paper's ids are ours + 1):
//!
//! | vertex | Sudoku name | count |
//! |---|---|---|
//! | start `s`, finish `f` | `s`, `f` | 2 |
//! | choice `b[g,k]`, `k ≤ |g|` | `b[a,k]` | Σ_g \|g\| = cells |
//! | per layer ℓ: value `r[G,k]`, `k ≤ K_G` | `r[i,k]`, `c[j,k]` | Σ_G K_G |
//! | per layer ℓ: exit `t[G]` | `t[i]`, `d[j]` | groups |
//! | per layer ℓ: slack `z[G,q]`, `q ≤ σ_G` | — | Σ_G σ_G |
//! | per copy ℓ: triplets `x[c,k,1..3]`, `k ≤ d_c` | `x[i,j,k,l]`, `y[i,j,k,l]` | 3 Σ_c d_c |
//! | per copy ℓ: end `e[c]` | `v[i,j]`, `w[i,j]` | cells |
//!
//! Every layer owns one **copy** of the triplets. Arcs:
//!
//! * `f → s → b[first group,1]`;
//! * triplet internals `x1 ⇄ x2 ⇄ x3` (the middle vertex forces the triplet to be traversed as a
//!   unit, forward `1→2→3` or backward `3→2→1`);
//! * **choice pass**: for every choice group `g`, value `k` and cell `c ∈ g`, the walk
//!   `W(g,k,c)` = copy 0 triplets `k+1, …, k−1` (cyclically, skipping `k`), then copy 1 the same, …,
//!   copy `L−1`: arcs `b[g,k] → x¹(first)`, `x³(prev) → x¹(next)` and `x³(last) → next_b(g,k)`
//!   where `next_b(g,k)` is `b[g,k+1]`, else `b[g+1,1]`, else the first value vertex of layer 0.
//!   Within a copy consecutive triplets are joined by the *chain* arcs `x[c,m,3] → x[c,m+1,1]`
//!   (cyclic; only for `d_c ≥ 3`, where some walk uses them), between copies by *transition* arcs
//!   `x^ℓ[c,k−1,3] → x^{ℓ+1}[c,k+1,1]`. A cell of a one-cell group has an empty walk:
//!   `b[g,1] → next_b(g,1)`;
//! * **check pass** of layer ℓ, group `G`: `r[G,k] → x^ℓ[c,k,3]` for `c ∈ G`, `k ≤ d_c`;
//!   `x^ℓ[c,k,1] → e^ℓ[c]`; `e^ℓ[c] → r[G,k]` for every `k` and `e^ℓ[c] → t[G]`; slack
//!   `r[G,k] → z[G,q]`, `z[G,q] → r[G,k]`, `z[G,q] → t[G]`; `t[G] → ` the first value vertex of
//!   the next group (of this layer, else of the next layer, else `f`).
//!
//! The walk of `b[g,k]` into cell `c` closes every triplet of `c` except value `k`'s, in every
//! copy; the check pass of layer ℓ must then enter each cell's one open triplet from a value vertex
//! `r[G,k]` of the right value, and each value vertex leaves once: no value twice in `G`. Proof in
//! `docs/hcp-construction.md`.
//!
//! A cell has triplets and an end vertex only in the copies of the layers that contain it: every
//! layer for Sudoku; for Suguru [`share_layers`] keeps a cell only in the layers whose constraints
//! need it (about 45 % fewer vertices and arcs on the shipped puzzles). Walks then visit the
//! cell's own copies in order.
//!
//! Givens are enforced here, by removing the choice arcs that would give a cell another value
//! (the paper's clue sets (1) and (2), corrected): `b[g,m] → x⁰[c,m+1,1]` for `m ≠` the given of
//! `c`, and `b[g,k] → x⁰[c',k+1,1]` for the other cells `c'` of `g`. The redundant clue arcs are
//! removed by the next step ([`super::clues`]).
//!
//! Worked example: the blank 4×4 Sudoku (2×2 blocks) has 6·64+5·16+2·4+2 = 474 vertices and
//! 19·64+2·16+2·4+2 = 1258 arcs; `b[1,1]` (id 2) has arcs to `x[1,1,2,1]`, `x[1,2,2,1]`,
//! `x[2,1,2,1]`, `x[2,2,2,1]`, the walks of value 1 in the four cells of block 1.

use super::graph::{Digraph, Tour};
use crate::error::{CertificateError, Error};
use crate::puzzle::{Grid, GroupKind, Puzzle, Structure};
use crate::reduce::{Problem, Reduction, Sizes};
use std::sync::Arc;

const NONE: u32 = u32::MAX;

/// A vertex of the layered graph, by role. Indices are 0-based; values 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vertex {
    Start,
    Finish,
    /// `b[g,k]`: choice group `group` places value `value`.
    Choice {
        group: u32,
        value: u8,
    },
    /// `r[G,k]` of layer `layer`.
    Value {
        layer: u32,
        group: u32,
        value: u8,
    },
    /// `t[G]`: leaves the group's pass.
    Exit {
        layer: u32,
        group: u32,
    },
    /// `z[G,q]`: stands for a value the group leaves out.
    Slack {
        layer: u32,
        group: u32,
        index: u32,
    },
    /// `x^copy[cell, value, pos]`, `pos ∈ 1..=3`.
    Triplet {
        copy: u32,
        cell: u32,
        value: u8,
        pos: u8,
    },
    /// `e^copy[cell]`: the cell's end vertex in the check pass of layer `copy`.
    End {
        copy: u32,
        cell: u32,
    },
    /// `λ[cell,value]`: the link after column `value` of `cell` (canonical variant only).
    Link {
        cell: u32,
        value: u8,
    },
}

/// How vertices are named in labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Naming {
    /// Rows then columns: the paper's `r, t, c, d, x, v, y, w`.
    Sudoku,
    /// Layer-numbered names `u1[..]`, `t1[..]`, `z1[..]`, `x1[..]`, `v1[..]`.
    Generic,
}

/// Vertex numbering of the layered graph of one [`Structure`]: ids ⇄ roles, labels, walks.
#[derive(Clone, Debug)]
pub struct Layout {
    structure: Structure,
    naming: Naming,
    /// First `b` id of each choice group.
    b_start: Vec<u32>,
    /// Per layer: first value id of each group, first exit id, first slack id of each group.
    value_start: Vec<Vec<u32>>,
    exit_start: Vec<u32>,
    slack_start: Vec<Vec<u32>>,
    /// Per layer: id one past its last slack vertex.
    layer_end: Vec<u32>,
    /// Group index of each cell in each layer (`NONE` when the cell is not in that layer).
    group_of: Vec<Vec<u32>>,
    /// The copies (= layers) each cell takes part in, ascending.
    copies_of: Vec<Vec<u32>>,
    /// Per copy: its cells, ascending, and the offset of each one's first triplet vertex.
    copy_cells: Vec<Vec<u32>>,
    copy_offs: Vec<Vec<u32>>,
    /// Per copy and cell: offset of the cell's first triplet vertex inside the copy, and index of
    /// its end vertex among the copy's cells (`NONE` when absent).
    tri_off: Vec<Vec<u32>>,
    end_idx: Vec<Vec<u32>>,
    /// First triplet id of each copy.
    copy_start: Vec<u32>,
    /// Triplet vertices of each copy (`3 Σ d_c` over its cells).
    copy_tris: Vec<u32>,
    /// The canonical variant ([`super::canonical`]): no end or slack vertices, links instead.
    canonical: bool,
    /// Canonical variant: first link id, and each cell's offset among the links (`NONE` for cells
    /// of one value).
    link_start: u32,
    link_off: Vec<u32>,
    /// The cells that have links, ascending.
    link_cells: Vec<u32>,
    total: u32,
}

impl Layout {
    /// Fails when the structure cannot be encoded: a cell with two or more values in no layer
    /// (the construction reads values in the layers), an empty layer, or more vertices than `u32`
    /// ids. Layers need not cover every cell (see [`share_layers`]).
    pub fn new(structure: Structure) -> Result<Layout, Error> {
        Layout::with_variant(structure, false)
    }

    /// [`Layout::new`], or the numbering of the canonical variant ([`super::canonical`]) when
    /// `canonical`: the same ids for `s, f, b, r, t` and the triplets, no slack and no end
    /// vertices, and the links `λ[c,k]` of every cell of two or more values after the last copy.
    pub fn with_variant(structure: Structure, canonical: bool) -> Result<Layout, Error> {
        let cells = structure.cells();
        let layers = structure.layers.len();
        if structure.layers.iter().any(|l| l.is_empty()) {
            return Err(Error::Construction(
                "layered graph: a check layer has no group".into(),
            ));
        }
        let mut next: u64 = 2;
        let mut b_start = Vec::with_capacity(structure.choice.len());
        for g in &structure.choice {
            b_start.push(next as u32);
            next += g.cells.len() as u64;
        }
        let mut value_start = Vec::with_capacity(layers);
        let mut exit_start = Vec::with_capacity(layers);
        let mut slack_start = Vec::with_capacity(layers);
        let mut layer_end = Vec::with_capacity(layers);
        let mut group_of = Vec::with_capacity(layers);
        for layer in &structure.layers {
            let mut starts = Vec::with_capacity(layer.len());
            for g in layer {
                starts.push(next as u32);
                next += g.max_value as u64;
            }
            value_start.push(starts);
            exit_start.push(next as u32);
            next += layer.len() as u64;
            let mut starts = Vec::with_capacity(layer.len());
            for g in layer {
                starts.push(next as u32);
                if !canonical {
                    next += g.slack().max(0) as u64;
                }
            }
            slack_start.push(starts);
            layer_end.push(next as u32);
            let mut of = vec![NONE; cells];
            for (gi, g) in layer.iter().enumerate() {
                for &c in &g.cells {
                    of[c as usize] = gi as u32;
                }
            }
            group_of.push(of);
        }
        // Copies: a cell takes part in the copy of every layer that has it in a group (all layers
        // for Sudoku and unshared Suguru).
        let mut copies_of: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut copy_cells = Vec::with_capacity(layers);
        let mut copy_offs = Vec::with_capacity(layers);
        let mut tri_off = Vec::with_capacity(layers);
        let mut end_idx = Vec::with_capacity(layers);
        let mut copy_start = Vec::with_capacity(layers);
        let mut copy_tris = Vec::with_capacity(layers);
        for (l, of) in group_of.iter().enumerate() {
            let mut list = Vec::new();
            let mut offs = Vec::new();
            let mut toff = vec![NONE; cells];
            let mut eidx = vec![NONE; cells];
            let mut off: u64 = 0;
            for c in 0..cells {
                if of[c] == NONE {
                    continue;
                }
                copies_of[c].push(l as u32);
                toff[c] = off as u32;
                eidx[c] = list.len() as u32;
                list.push(c as u32);
                offs.push(off as u32);
                off += 3 * structure.domain[c] as u64;
            }
            copy_start.push(next as u32);
            next += off + if canonical { 0 } else { list.len() as u64 };
            if next > u32::MAX as u64 / 4 {
                return Err(Error::Construction(format!(
                    "layered graph: it would have more than {next} vertices, too many to number"
                )));
            }
            copy_tris.push(off as u32);
            copy_cells.push(list);
            copy_offs.push(offs);
            tri_off.push(toff);
            end_idx.push(eidx);
        }
        let link_start = next as u32;
        let mut link_off = vec![NONE; cells];
        let mut link_cells = Vec::new();
        if canonical {
            for (c, off) in link_off.iter_mut().enumerate() {
                let d = structure.domain[c];
                if d >= 2 {
                    link_cells.push(c as u32);
                    *off = (next - link_start as u64) as u32;
                    next += d as u64;
                }
            }
            if next > u32::MAX as u64 / 4 {
                return Err(Error::Construction(format!(
                    "layered graph: it would have more than {next} vertices, too many to number"
                )));
            }
        }
        if let Some(c) = (0..cells).find(|&c| copies_of[c].is_empty() && structure.domain[c] > 1) {
            return Err(Error::Construction(format!(
                "layered graph: cell {} is in no check layer; the construction reads values in the layers",
                crate::puzzle::cell_name(structure.cols, c)
            )));
        }
        let naming = if layers == 2
            && structure.layers[0]
                .iter()
                .all(|g| matches!(g.kind, GroupKind::Row(_)))
            && structure.layers[1]
                .iter()
                .all(|g| matches!(g.kind, GroupKind::Column(_)))
        {
            Naming::Sudoku
        } else {
            Naming::Generic
        };
        Ok(Layout {
            structure,
            naming,
            b_start,
            value_start,
            exit_start,
            slack_start,
            layer_end,
            group_of,
            copies_of,
            copy_cells,
            copy_offs,
            tri_off,
            end_idx,
            copy_start,
            copy_tris,
            canonical,
            link_start,
            link_off,
            link_cells,
            total: next as u32,
        })
    }

    /// Whether this is the numbering of the canonical variant.
    pub fn is_canonical(&self) -> bool {
        self.canonical
    }
    /// Canonical variant: the link `λ[cell,value]` (the cell must have two or more values).
    pub fn link(&self, cell: usize, value: u8) -> u32 {
        debug_assert!(self.canonical && self.link_off[cell] != NONE);
        self.link_start + self.link_off[cell] + value as u32 - 1
    }

    pub fn structure(&self) -> &Structure {
        &self.structure
    }
    /// Number of vertices.
    pub fn vertices(&self) -> u32 {
        self.total
    }
    /// Number of layers (= copies of the triplets).
    pub fn layers(&self) -> usize {
        self.structure.layers.len()
    }
    /// Number of triplets over all copies (`L Σ_c d_c` when every cell is in every layer).
    pub fn triplets(&self) -> u64 {
        self.copy_tris.iter().map(|&t| t as u64 / 3).sum()
    }
    /// Group index of `cell` in `layer`, `None` when the layer does not have the cell.
    pub fn group_of(&self, layer: usize, cell: usize) -> Option<u32> {
        Some(self.group_of[layer][cell]).filter(|&g| g != NONE)
    }
    /// The copies (layers) `cell` takes part in, ascending.
    pub fn copies(&self, cell: usize) -> &[u32] {
        &self.copies_of[cell]
    }
    /// The cells of copy `copy`, ascending.
    pub fn copy_cells(&self, copy: usize) -> &[u32] {
        &self.copy_cells[copy]
    }

    /// The first vertex `x1` of every triplet `x1 ⇄ x2 ⇄ x3` (`x2 = x1 + 1`, `x3 = x1 + 2`),
    /// copy by copy: what the triplet arcs, the triplet trick and the sizes walk over.
    pub fn triplet_starts(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.layers()).flat_map(move |copy| {
            self.copy_cells[copy].iter().flat_map(move |&c| {
                let c = c as usize;
                (1..=self.structure.domain[c]).map(move |m| self.x(copy, c, m, 1))
            })
        })
    }

    pub fn s(&self) -> u32 {
        0
    }
    pub fn f(&self) -> u32 {
        1
    }
    pub fn b(&self, group: usize, value: u8) -> u32 {
        self.b_start[group] + value as u32 - 1
    }
    pub fn r(&self, layer: usize, group: usize, value: u8) -> u32 {
        self.value_start[layer][group] + value as u32 - 1
    }
    pub fn t(&self, layer: usize, group: usize) -> u32 {
        self.exit_start[layer] + group as u32
    }
    pub fn z(&self, layer: usize, group: usize, index: u32) -> u32 {
        self.slack_start[layer][group] + index
    }
    /// Triplet vertex `pos ∈ 1..=3` of value `value` of `cell` in copy `copy`.
    /// The cell must take part in the copy.
    pub fn x(&self, copy: usize, cell: usize, value: u8, pos: u8) -> u32 {
        debug_assert!(self.tri_off[copy][cell] != NONE);
        self.copy_start[copy] + self.tri_off[copy][cell] + 3 * (value as u32 - 1) + pos as u32 - 1
    }
    /// End vertex of `cell` in copy `copy` (`v[i,j]` for copy 0 of Sudoku, `w[i,j]` for copy 1).
    /// The cell must take part in the copy.
    pub fn e(&self, copy: usize, cell: usize) -> u32 {
        debug_assert!(!self.canonical && self.end_idx[copy][cell] != NONE);
        self.copy_start[copy] + self.copy_tris[copy] + self.end_idx[copy][cell]
    }

    /// Where the walk of `b[g,k]` goes when done: `b[g,k+1]`, `b[g+1,1]`, or the first check pass.
    pub fn next_b(&self, group: usize, value: u8) -> u32 {
        if (value as usize) < self.structure.choice[group].cells.len() {
            self.b(group, value + 1)
        } else if group + 1 < self.structure.choice.len() {
            self.b(group + 1, 1)
        } else {
            self.pass_entry(0)
        }
    }

    /// First vertex of the check pass of `layer` (`f` after the last layer).
    pub fn pass_entry(&self, layer: usize) -> u32 {
        if layer < self.layers() {
            self.r(layer, 0, 1)
        } else {
            self.f()
        }
    }

    /// Where `t[G]` leads.
    pub(crate) fn after_exit(&self, layer: usize, group: usize) -> u32 {
        if group + 1 < self.structure.layers[layer].len() {
            self.r(layer, group + 1, 1)
        } else {
            self.pass_entry(layer + 1)
        }
    }

    /// The values of the walk of value `k` in a cell with domain `d`, in one copy: `k+1, …, k−1`.
    pub fn walk_values(d: u8, k: u8) -> impl Iterator<Item = u8> {
        (1..d).map(move |i| ((k as u32 - 1 + i as u32) % d as u32) as u8 + 1)
    }

    /// The role of vertex `id`, or `None` when out of range.
    pub fn vertex(&self, id: u32) -> Option<Vertex> {
        if id >= self.total {
            return None;
        }
        match id {
            0 => return Some(Vertex::Start),
            1 => return Some(Vertex::Finish),
            _ => {}
        }
        let last = |starts: &[u32], id: u32| starts.partition_point(|&s| s <= id) - 1;
        let first_layer = self
            .value_start
            .first()
            .and_then(|v| v.first().copied())
            .unwrap_or(self.total);
        if id < first_layer.min(self.copy_start.first().copied().unwrap_or(self.total)) {
            let g = last(&self.b_start, id);
            return Some(Vertex::Choice {
                group: g as u32,
                value: (id - self.b_start[g] + 1) as u8,
            });
        }
        for l in 0..self.layers() {
            if id >= self.layer_end[l] {
                continue;
            }
            if id < self.value_start[l][0] {
                break;
            }
            if id < self.exit_start[l] {
                let g = last(&self.value_start[l], id);
                return Some(Vertex::Value {
                    layer: l as u32,
                    group: g as u32,
                    value: (id - self.value_start[l][g] + 1) as u8,
                });
            }
            if id < self.slack_start[l][0] {
                return Some(Vertex::Exit {
                    layer: l as u32,
                    group: id - self.exit_start[l],
                });
            }
            let g = last(&self.slack_start[l], id);
            return Some(Vertex::Slack {
                layer: l as u32,
                group: g as u32,
                index: id - self.slack_start[l][g],
            });
        }
        if self.canonical && id >= self.link_start {
            let rel = id - self.link_start;
            // Cells of one value have no links: search the cells that do (ascending offsets).
            let i = self
                .link_cells
                .partition_point(|&c| self.link_off[c as usize] <= rel);
            let cell = *self.link_cells.get(i.checked_sub(1)?)? as usize;
            return Some(Vertex::Link {
                cell: cell as u32,
                value: (rel - self.link_off[cell] + 1) as u8,
            });
        }
        let copy = last(&self.copy_start, id);
        let off = id - self.copy_start[copy];
        if off < self.copy_tris[copy] {
            let i = last(&self.copy_offs[copy], off);
            let cell = self.copy_cells[copy][i];
            let inner = off - self.copy_offs[copy][i];
            Some(Vertex::Triplet {
                copy: copy as u32,
                cell,
                value: (inner / 3 + 1) as u8,
                pos: (inner % 3 + 1) as u8,
            })
        } else {
            Some(Vertex::End {
                copy: copy as u32,
                cell: self.copy_cells[copy][(off - self.copy_tris[copy]) as usize],
            })
        }
    }

    /// The id of a vertex given by role (inverse of [`Layout::vertex`]).
    pub fn id(&self, v: Vertex) -> u32 {
        match v {
            Vertex::Start => self.s(),
            Vertex::Finish => self.f(),
            Vertex::Choice { group, value } => self.b(group as usize, value),
            Vertex::Value {
                layer,
                group,
                value,
            } => self.r(layer as usize, group as usize, value),
            Vertex::Exit { layer, group } => self.t(layer as usize, group as usize),
            Vertex::Slack {
                layer,
                group,
                index,
            } => self.z(layer as usize, group as usize, index),
            Vertex::Triplet {
                copy,
                cell,
                value,
                pos,
            } => self.x(copy as usize, cell as usize, value, pos),
            Vertex::End { copy, cell } => self.e(copy as usize, cell as usize),
            Vertex::Link { cell, value } => self.link(cell as usize, value),
        }
    }

    /// Readable label: `s`, `b[2,7]`, `r[1,3]`, `x[1,2,3,1]`, `v[4,5]` (Sudoku, 1-based as in the
    /// paper) or `u2[1,3,4]`, `x3[2,2,1,3]`, `v1[1,1]` (layer-numbered, for Suguru).
    pub fn label(&self, id: u32) -> String {
        let Some(v) = self.vertex(id) else {
            return format!("?{id}");
        };
        let cols = self.structure.cols;
        let rc = |cell: u32| (cell as usize / cols + 1, cell as usize % cols + 1);
        let sudoku = self.naming == Naming::Sudoku;
        let group = |layer: u32, group: u32| -> String {
            match self.structure.layers[layer as usize][group as usize].kind {
                GroupKind::Window { row, col } => format!("{},{}", row + 1, col + 1),
                GroupKind::Row(i) | GroupKind::Column(i) => format!("{}", i + 1),
                GroupKind::Block(i)
                | GroupKind::Region(i)
                | GroupKind::Diagonal(i)
                | GroupKind::Extra(i)
                | GroupKind::Position(i)
                | GroupKind::Alone(i)
                | GroupKind::Listed { index: i, .. } => format!("{}", i + 1),
            }
        };
        match v {
            Vertex::Start => "s".into(),
            Vertex::Finish => "f".into(),
            Vertex::Choice { group, value } => format!("b[{},{value}]", group + 1),
            Vertex::Value {
                layer,
                group: g,
                value,
            } => {
                if sudoku {
                    let name = if layer == 0 { "r" } else { "c" };
                    format!("{name}[{},{value}]", g + 1)
                } else {
                    format!("u{}[{},{value}]", layer + 1, group(layer, g))
                }
            }
            Vertex::Exit { layer, group: g } => {
                if sudoku {
                    let name = if layer == 0 { "t" } else { "d" };
                    format!("{name}[{}]", g + 1)
                } else {
                    format!("t{}[{}]", layer + 1, group(layer, g))
                }
            }
            Vertex::Slack {
                layer,
                group: g,
                index,
            } => format!("z{}[{},{}]", layer + 1, group(layer, g), index + 1),
            Vertex::Triplet {
                copy,
                cell,
                value,
                pos,
            } => {
                let (i, j) = rc(cell);
                if sudoku {
                    let name = if copy == 0 { "x" } else { "y" };
                    format!("{name}[{i},{j},{value},{pos}]")
                } else {
                    format!("x{}[{i},{j},{value},{pos}]", copy + 1)
                }
            }
            Vertex::End { copy, cell } => {
                let (i, j) = rc(cell);
                if sudoku {
                    let name = if copy == 0 { "v" } else { "w" };
                    format!("{name}[{i},{j}]")
                } else {
                    format!("v{}[{i},{j}]", copy + 1)
                }
            }
            Vertex::Link { cell, value } => {
                let (i, j) = rc(cell);
                format!("l[{i},{j},{value}]")
            }
        }
    }

    /// The triplets of the walk `W(g,k,c)` in order, as `(copy, value)` pairs.
    pub fn walk(&self, cell: usize, k: u8) -> impl Iterator<Item = (usize, u8)> + '_ {
        let d = self.structure.domain[cell];
        self.copies_of[cell]
            .iter()
            .flat_map(move |&copy| Self::walk_values(d, k).map(move |m| (copy as usize, m)))
    }

    /// Every arc of the construction for the structure (no givens) that `keep` accepts; each arc
    /// once.
    pub fn arcs(&self, mut keep: impl FnMut(u32, u32) -> bool) -> Vec<(u32, u32)> {
        if self.canonical {
            return super::canonical::arcs(self, keep);
        }
        let s = &self.structure;
        let mut arcs = Vec::with_capacity(self.estimated_arcs());
        let mut push = |a: u32, b: u32, arcs: &mut Vec<(u32, u32)>| {
            if keep(a, b) {
                arcs.push((a, b));
            }
        };
        push_frame(self, &mut push, &mut arcs);
        // Choice pass: the distinct arcs of all walks W(g,k,c), generated directly (a walk's chain
        // arcs are shared with other walks of the same cell).
        for (g, group) in s.choice.iter().enumerate() {
            let size = group.cells.len() as u8;
            if size == 1 {
                push(self.b(g, 1), self.next_b(g, 1), &mut arcs);
                continue;
            }
            let up = |m: u8| if m == size { 1 } else { m + 1 };
            let down = |m: u8| if m == 1 { size } else { m - 1 };
            for &c in &group.cells {
                let c = c as usize;
                let copies = &self.copies_of[c];
                let (first, last) = (copies[0] as usize, copies[copies.len() - 1] as usize);
                for k in 1..=size {
                    push(self.b(g, k), self.x(first, c, up(k), 1), &mut arcs);
                    for w in copies.windows(2) {
                        let (from, to) = (w[0] as usize, w[1] as usize);
                        push(
                            self.x(from, c, down(k), 3),
                            self.x(to, c, up(k), 1),
                            &mut arcs,
                        );
                    }
                    push(self.x(last, c, down(k), 3), self.next_b(g, k), &mut arcs);
                }
                if size >= 3 {
                    for &copy in copies {
                        for m in 1..=size {
                            let copy = copy as usize;
                            push(self.x(copy, c, m, 3), self.x(copy, c, up(m), 1), &mut arcs);
                        }
                    }
                }
            }
        }
        push_triplets(self, &mut push, &mut arcs);
        // Check passes.
        for (l, layer) in s.layers.iter().enumerate() {
            for (gi, group) in layer.iter().enumerate() {
                let kmax = group.max_value;
                let slack = group.slack().max(0) as u32;
                for &c in &group.cells {
                    let c = c as usize;
                    for m in 1..=s.domain[c] {
                        push(self.r(l, gi, m), self.x(l, c, m, 3), &mut arcs);
                        push(self.x(l, c, m, 1), self.e(l, c), &mut arcs);
                    }
                    for k in 1..=kmax {
                        push(self.e(l, c), self.r(l, gi, k), &mut arcs);
                    }
                    push(self.e(l, c), self.t(l, gi), &mut arcs);
                }
                for q in 0..slack {
                    for k in 1..=kmax {
                        push(self.r(l, gi, k), self.z(l, gi, q), &mut arcs);
                        push(self.z(l, gi, q), self.r(l, gi, k), &mut arcs);
                    }
                    push(self.z(l, gi, q), self.t(l, gi), &mut arcs);
                }
                push(self.t(l, gi), self.after_exit(l, gi), &mut arcs);
            }
        }
        arcs
    }

    fn estimated_arcs(&self) -> usize {
        3 * self.total as usize
    }

    /// Vertex count by the closed formula in the region sizes (see the module docs), with `L_c`
    /// the number of layers that have cell `c` (`L` for every cell unless layers are shared):
    /// `2 + n + Σ_ℓ Σ_G (K_G + 1 + σ_G) + Σ_c L_c (3 d_c + 1)`.
    pub fn formula_vertices(s: &Structure) -> u64 {
        let n = s.cells() as u64;
        let layers: u64 = s
            .layers
            .iter()
            .flatten()
            .map(|g| g.max_value as u64 + 1 + g.slack().max(0) as u64)
            .sum();
        let copies: u64 = s
            .layers
            .iter()
            .flatten()
            .flat_map(|g| g.cells.iter())
            .map(|&c| 3 * s.domain[c as usize] as u64 + 1)
            .sum();
        2 + n + layers + copies
    }

    /// Arc count (before givens) by the closed formula:
    /// `2 + Σ_c A_c + 4 Σ_c L_c d_c + Σ_ℓ Σ_G (2 Σ_{c∈G} d_c + |G|(K_G+1) + σ_G(2K_G+1) + 1)`
    /// with one arc `b → next_b` per one-cell group and, for `d_c ≥ 2`,
    /// `A_c = d_c (L_c + 1) + L_c d_c [d_c ≥ 3]` (walk entries, transitions, exits, chains).
    pub fn formula_arcs(s: &Structure) -> u64 {
        let mut lc = vec![0u64; s.cells()];
        for g in s.layers.iter().flatten() {
            for &c in &g.cells {
                lc[c as usize] += 1;
            }
        }
        let mut total = 2u64;
        for (c, &d) in s.domain.iter().enumerate() {
            let (d, l) = (d as u64, lc[c]);
            total += if d == 1 {
                1
            } else {
                d * (l + 1) + if d >= 3 { l * d } else { 0 }
            };
            total += 4 * l * d;
        }
        for g in s.layers.iter().flatten() {
            let k = g.max_value as u64;
            let sl = g.slack().max(0) as u64;
            let dsum: u64 = g.cells.iter().map(|&c| s.domain[c as usize] as u64).sum();
            total += 2 * dsum + g.cells.len() as u64 * (k + 1) + sl * (2 * k + 1) + 1;
        }
        total
    }
}

/// **Shared layers** (Suguru): keeps, in each layer, only the cells that a constraint needs there.
///
/// Two cells must be kept apart by some layer group only if they are in different choice groups
/// (cells of one region are kept apart by the choice pass already). Each such *needed pair* lies in
/// a group of one or more layers (a horizontal or vertical Suguru neighbour in two of the four
/// window classes, a diagonal one in one). We choose for every needed pair one of its layers and
/// make both cells *members* there: first the pairs with a single layer, then, greedily, the pair
/// whose cheapest layer needs the fewest new memberships (0, then 1, then 2; ties: the lowest
/// layer). A cell of two or more values that ends up in no layer joins its group of layer 0 (the
/// construction reads values in the layers). Layer ℓ's groups become `G ∩ members(ℓ)`; empty
/// groups and layers disappear, and every cell takes part only in the copies of its layers.
///
/// Correctness: each kept group is a subset of a puzzle group, so its "at most once" is a rule of
/// the puzzle (solutions keep their cycles); every needed pair shares a kept group, and pairs of one
/// region are distinct by the choice pass, so every cycle still decodes to a solution. The proof of
/// the construction (docs/hcp-construction.md) only uses that each cell is in at least one layer.
pub fn share_layers(s: &Structure) -> Structure {
    let n = s.cells();
    let layers = s.layers.len();
    // Needed pairs with their candidate layers.
    let mut pairs: std::collections::BTreeMap<(u32, u32), Vec<usize>> = Default::default();
    for (l, layer) in s.layers.iter().enumerate() {
        for g in layer {
            for (i, &a) in g.cells.iter().enumerate() {
                for &b in &g.cells[i + 1..] {
                    if s.choice_of[a as usize] != s.choice_of[b as usize] {
                        pairs.entry((a.min(b), a.max(b))).or_default().push(l);
                    }
                }
            }
        }
    }
    let mut member = vec![vec![false; n]; layers];
    let mut open: Vec<((u32, u32), Vec<usize>)> = Vec::new();
    for (pair, ls) in pairs {
        if ls.len() == 1 {
            member[ls[0]][pair.0 as usize] = true;
            member[ls[0]][pair.1 as usize] = true;
        } else {
            open.push((pair, ls));
        }
    }
    let cost = |member: &Vec<Vec<bool>>, (a, b): (u32, u32), l: usize| {
        !member[l][a as usize] as u32 + !member[l][b as usize] as u32
    };
    for round in 0..=2u32 {
        loop {
            let mut changed = false;
            open.retain(|&(pair, ref ls)| {
                let best = ls
                    .iter()
                    .copied()
                    .min_by_key(|&l| (cost(&member, pair, l), l))
                    .unwrap_or(0);
                if cost(&member, pair, best) <= round {
                    changed |= cost(&member, pair, best) > 0;
                    member[best][pair.0 as usize] = true;
                    member[best][pair.1 as usize] = true;
                    false
                } else {
                    true
                }
            });
            if !changed {
                break;
            }
        }
    }
    if layers > 0 {
        for (c, &d) in s.domain.iter().enumerate() {
            if d > 1 && member.iter().all(|m| !m[c]) {
                member[0][c] = true;
            }
        }
    }
    let mut out = s.clone();
    out.layers = s
        .layers
        .iter()
        .enumerate()
        .map(|(l, layer)| {
            layer
                .iter()
                .filter_map(|g| {
                    let cells: Vec<u32> = g
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| member[l][c as usize])
                        .collect();
                    let max_value = cells.iter().map(|&c| s.domain[c as usize]).max()?;
                    Some(crate::puzzle::Group {
                        kind: g.kind,
                        cells,
                        max_value,
                    })
                })
                .collect::<Vec<_>>()
        })
        .filter(|layer: &Vec<crate::puzzle::Group>| !layer.is_empty())
        .collect();
    out
}

/// Haythorpe's closed forms for the blank N×N Sudoku (any block layout): vertices and arcs.
pub fn sudoku_formula(n: u64) -> (u64, u64) {
    (
        6 * n * n * n + 5 * n * n + 2 * n + 2,
        19 * n * n * n + 2 * n * n + 2 * n + 2,
    )
}

/// Step 1: puzzle → directed layered graph with the givens enforced by the choice arcs.
pub struct Layered {
    layout: Arc<Layout>,
    share: bool,
    puzzle: Puzzle,
    target: Digraph,
    structure_arcs: u64,
    removed: u64,
    declared: Sizes,
}

impl Layered {
    /// The construction for `puzzle`; `share` applies [`share_layers`] to Suguru and described
    /// puzzles (Sudoku keeps Haythorpe's graph whatever `share` says).
    pub fn new(puzzle: &Puzzle, share: bool) -> Result<Layered, Error> {
        Layered::with_variant(puzzle, share, false)
    }

    /// [`Layered::new`], or the canonical variant ([`super::canonical`]) when `canonical`.
    pub fn with_variant(puzzle: &Puzzle, share: bool, canonical: bool) -> Result<Layered, Error> {
        let structure = match puzzle {
            Puzzle::Suguru(_) | Puzzle::Described(_) if share => share_layers(&puzzle.structure()),
            _ => puzzle.structure(),
        };
        let layout = Arc::new(Layout::with_variant(structure, canonical)?);
        let forbidden = super::clues::choice_arcs(&layout, puzzle.givens());
        let mut all = 0u64;
        let arcs = layout.arcs(|a, b| {
            all += 1;
            forbidden.binary_search(&(a, b)).is_err()
        });
        let target = Digraph::new(layout.vertices(), &arcs);
        drop(arcs);
        let structure_arcs = all;
        let removed = all - target.arc_count() as u64;
        let mut declared = Sizes::new();
        let s = layout.structure();
        let (v, a) = match puzzle {
            _ if canonical => (
                super::canonical::formula_vertices(s),
                super::canonical::formula_arcs(s),
            ),
            Puzzle::Sudoku(p) if p.n() >= 3 => sudoku_formula(p.n() as u64),
            _ => (Layout::formula_vertices(s), Layout::formula_arcs(s)),
        };
        declared = declared
            .with("vertices", v)
            .with("edges", a - forbidden.len() as u64)
            .with("structure_edges", a)
            .with("removed_arcs", forbidden.len() as u64);
        Ok(Layered {
            layout,
            share,
            puzzle: puzzle.clone(),
            target,
            structure_arcs,
            removed,
            declared,
        })
    }

    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }
    /// Whether it was asked to share layers (it only does for Suguru).
    pub fn share(&self) -> bool {
        self.share
    }
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
    /// Arcs of the construction before the givens removed any.
    pub fn structure_arcs(&self) -> u64 {
        self.structure_arcs
    }
    /// Choice arcs removed to enforce the givens (sets (1) and (2)).
    pub fn removed_arcs(&self) -> u64 {
        self.removed
    }

    /// The canonical Hamiltonian cycle of a solution (see [`canonical_tour`]).
    pub fn tour_of(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        self.puzzle.check(solution)?;
        if self.layout.is_canonical() {
            return super::canonical::tour(&self.layout, solution);
        }
        canonical_tour(&self.layout, solution)
    }
}

/// The Hamiltonian cycle a solution determines (the paper's §2 traversal): `s`, then for each choice
/// group and value `k` the vertex `b[g,k]` and the walk of the cell holding `k`; then each layer's
/// groups in order, values `1..K_G` in increasing order, each followed by the open triplet of the
/// cell holding it (backwards) and that cell's end vertex, or by the next unused slack vertex;
/// the group's exit; finally `f`. Fails when the grid does not fit the structure.
pub fn canonical_tour(layout: &Layout, solution: &Grid) -> Result<Tour, CertificateError> {
    let s = layout.structure();
    if solution.len() != s.cells() {
        return Err(CertificateError::new(
            "solution has the wrong number of cells",
        ));
    }
    let mut tour = Vec::with_capacity(layout.vertices() as usize);
    tour.push(layout.s());
    for (g, group) in s.choice.iter().enumerate() {
        for k in 1..=group.cells.len() as u8 {
            tour.push(layout.b(g, k));
            let cell = group
                .cells
                .iter()
                .find(|&&c| solution.get(c as usize) == k)
                .ok_or_else(|| {
                    CertificateError::new(format!("{} has no cell holding {k}", group.kind))
                })?;
            if group.cells.len() > 1 {
                for (copy, m) in layout.walk(*cell as usize, k) {
                    for pos in 1..=3 {
                        tour.push(layout.x(copy, *cell as usize, m, pos));
                    }
                }
            }
        }
    }
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            let mut slack = 0u32;
            for k in 1..=group.max_value {
                tour.push(layout.r(l, gi, k));
                match group.cells.iter().find(|&&c| solution.get(c as usize) == k) {
                    Some(&c) => {
                        for pos in [3, 2, 1] {
                            tour.push(layout.x(l, c as usize, k, pos));
                        }
                        tour.push(layout.e(l, c as usize));
                    }
                    None => {
                        tour.push(layout.z(l, gi, slack));
                        slack += 1;
                    }
                }
            }
            tour.push(layout.t(l, gi));
        }
    }
    tour.push(layout.f());
    Ok(tour)
}

/// The frame of the cycle, the same in both variants: `f → s`, and `s →` the first choice vertex
/// (or the first check pass when there is no choice group).
pub(crate) fn push_frame(
    layout: &Layout,
    push: &mut impl FnMut(u32, u32, &mut Vec<(u32, u32)>),
    arcs: &mut Vec<(u32, u32)>,
) {
    push(layout.f(), layout.s(), arcs);
    if !layout.structure().choice.is_empty() {
        push(layout.s(), layout.b(0, 1), arcs);
    } else {
        push(layout.s(), layout.pass_entry(0), arcs);
    }
}

/// The triplet internals `x1 ⇄ x2 ⇄ x3` of every triplet (the same in both variants).
pub(crate) fn push_triplets(
    layout: &Layout,
    push: &mut impl FnMut(u32, u32, &mut Vec<(u32, u32)>),
    arcs: &mut Vec<(u32, u32)>,
) {
    for x1 in layout.triplet_starts() {
        let (x2, x3) = (x1 + 1, x1 + 2);
        push(x1, x2, arcs);
        push(x2, x1, arcs);
        push(x2, x3, arcs);
        push(x3, x2, arcs);
    }
}

/// Each vertex's predecessor on `tour` (a cycle through all of `layout`'s vertices), for the
/// decoders, which read a cell's value off the vertex that enters one of its vertices.
pub(crate) fn predecessors(layout: &Layout, tour: &Tour) -> Result<Vec<u32>, CertificateError> {
    let n = layout.vertices() as usize;
    if tour.len() != n {
        return Err(CertificateError::new(format!(
            "tour has {} vertices, the graph has {n}",
            tour.len()
        )));
    }
    let mut pred = vec![u32::MAX; n];
    for i in 0..tour.len() {
        let (a, b) = (tour[i], tour[(i + 1) % tour.len()]);
        if b as usize >= n {
            return Err(CertificateError::new(format!(
                "tour names vertex {}",
                b + 1
            )));
        }
        pred[b as usize] = a;
    }
    Ok(pred)
}

/// The paper's §6 decoding of a Hamiltonian cycle (already checked against the graph): the
/// predecessor of `e⁰[c]` (`v[i,j]`) is `x⁰[c,k,1]`, and `k` is the value of `c` (with shared
/// layers: the cell's first copy instead of copy 0).
pub fn decode_tour(layout: &Layout, tour: &Tour) -> Result<Grid, CertificateError> {
    let s = layout.structure();
    let pred = predecessors(layout, tour)?;
    let mut grid = Grid::empty(s.rows, s.cols);
    for c in 0..s.cells() {
        let value = match layout.copies(c).first() {
            None => 1,
            Some(&first) => {
                let first = first as usize;
                let p = pred[layout.e(first, c) as usize];
                match layout.vertex(p) {
                    Some(Vertex::Triplet {
                        copy,
                        cell,
                        value,
                        pos: 1,
                    }) if cell as usize == c && copy as usize == first => value,
                    _ => {
                        return Err(CertificateError::new(format!(
                            "tour enters {} from {}, not from an x-triplet of that cell",
                            layout.label(layout.e(first, c)),
                            layout.label(p)
                        )));
                    }
                }
            }
        };
        grid.set(c, value);
    }
    Ok(grid)
}

impl Reduction for Layered {
    type Source = Puzzle;
    type Target = Digraph;

    fn name(&self) -> &'static str {
        "layered"
    }
    fn target(&self) -> &Digraph {
        &self.target
    }
    fn witness(&self, solution: &Grid) -> Result<Tour, CertificateError> {
        self.tour_of(solution)
    }
    fn extract(&self, tour: &Tour) -> Result<Grid, CertificateError> {
        self.target.check(tour)?;
        let grid = if self.layout.is_canonical() {
            super::canonical::decode(&self.layout, tour)?
        } else {
            decode_tour(&self.layout, tour)?
        };
        self.puzzle.check(&grid).map_err(|e| {
            CertificateError::new(format!(
                "the cycle decodes to a grid that is not a solution ({e}); this is a bug in the construction"
            ))
        })?;
        Ok(grid)
    }
    fn sizes(&self) -> Sizes {
        self.target
            .sizes()
            .with("structure_edges", self.structure_arcs)
            .with("removed_arcs", self.removed)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}
