//! Clue arcs: what a given makes removable from the layered graph.
//!
//! A given `k` in cell `c` (choice group `g`, `d = |g|` values, group `G_ℓ ∋ c` in layer ℓ) is
//! **enforced** by families (1) and (2), removed by [`super::layered::Layered`]; every other family
//! lists arcs that no Hamiltonian cycle of the enforced graph uses, removed by [`ClueArcs`]. Sudoku
//! names (copy 0 = `x`/`v`/rows `r`, copy 1 = `y`/`w`/columns `c`) with cell `(i,j)` in block `a`:
//!
//! | set | arcs | Sudoku count |
//! |---|---|---|
//! | (1) | `b[a,m] → x[i,j,m+1,1]`, `m ≠ k` | N−1 |
//! | (2) | `b[a,k] → x[p,q,k+1,1]`, `(p,q) ∈ a`, `≠ (i,j)` | N−1 |
//! | (3) | transitions of the other walks of `c`: `x^ℓ[i,j,m−1,3] → x^{ℓ+1}[i,j,m+1,1]`, `m ≠ k` | N−1 |
//! | (4) | exits of the other walks of `c`: `x^{L−1}[i,j,m−1,3] → next_b(a,m)`, `m ≠ k` | N−1 |
//! | (5) | `x[i,j,m,1] → v[i,j]`, `m ≠ k` (every layer: `x^ℓ[c,m,1] → e^ℓ[c]`) | N−1 |
//! | (6) | `x[i,q,k,1] → v[i,q]`, `q ≠ j` (every layer: the other cells of `G_ℓ`) | N−1 |
//! | (7) | `r[i,k] → x[i,q,k,3]`, `q ≠ j` | N−1 |
//! | (8) | `r[i,m] → x[i,j,m,3]`, `m ≠ k` | N−1 |
//! | (9)–(12) | (7), (8), (6), (5) for the columns: `c[j,k] → y[p,j,k,3]`, `c[j,m] → y[i,j,m,3]`, `y[p,j,k,1] → w[p,j]`, `y[i,j,m,1] → w[i,j]` | 4(N−1) |
//! | (13) | transitions of walk `k` in the other cells of `g`: `x^ℓ[p,q,k−1,3] → x^{ℓ+1}[p,q,k+1,1]` | N−1 |
//! | (14) | exits of walk `k` in the other cells of `g`: `x^{L−1}[p,q,k−1,3] → next_b(a,k)` | N−1 |
//! | (15) | chain arcs into and out of the open triplets of `c`: `x^ℓ[c,k−1,3] → x^ℓ[c,k,1]`, `x^ℓ[c,k,3] → x^ℓ[c,k+1,1]` | 4 |
//! | (16) | slack: `r[G_ℓ,k] → z[G_ℓ,q]` for every `q` (Suguru only) | 0 |
//!
//! For Suguru the rows/columns sets (5)–(12) apply to each of the window layers, and (3) to each
//! transition between consecutive copies. Why each is safe: with (1)–(2) in place, every
//! Hamiltonian cycle decodes to a solution in which `c` holds `k` and `b[g,k]` walks `c` (the
//! soundness proof of the construction). So the walks `m ≠ k` of `c` and the walk `k` of the other
//! cells are not taken — (3), (4), (13), (14); the open triplet of `c` in every copy is `k`'s, so
//! `c`'s other triplets are closed (not entered at `x3` nor left at `x1`: (5), (8)) and its `k`
//! triplets are not entered at `x1` nor left at `x3` ((15)); the other cells of `G_ℓ` do not hold
//! `k` ((6), (7)); and `r[G_ℓ,k]` must enter `c`'s open triplet, not a slack vertex ((16)).
//! Each set is checked by the cross-check test (`tests/hcp_crosscheck.rs`).

use super::graph::{Digraph, Tour, kept_cycle};
use super::layered::Layout;
use crate::error::CertificateError;
use crate::puzzle::Grid;
use crate::reduce::{Problem, Reduction, Sizes};
use std::sync::Arc;

/// Number of clue-arc families (sets (1)–(16)).
pub const FAMILIES: usize = 16;

/// The arcs of every set for every given, tagged with the set number (1-based); may repeat arcs
/// (two givens can name the same arc) and may name arcs that do not exist in a given structure.
pub fn clue_family_arcs(layout: &Layout, givens: &Grid) -> Vec<(u8, (u32, u32))> {
    family_arcs(layout, givens, false)
}

/// See [`clue_family_arcs`]; `choice_only` lists sets (1)–(2) only.
fn family_arcs(layout: &Layout, givens: &Grid, choice_only: bool) -> Vec<(u8, (u32, u32))> {
    let s = layout.structure();
    let layers = layout.layers();
    let mut out = Vec::new();
    if layers == 0 {
        return out;
    }
    for c in 0..s.cells() {
        let k = givens.get(c);
        if k == 0 {
            continue;
        }
        let g = s.choice_of[c] as usize;
        let group = &s.choice[g];
        let d = group.cells.len() as u8;
        if k > d {
            continue;
        }
        let up = |m: u8| if m == d { 1 } else { m + 1 };
        let down = |m: u8| if m == 1 { d } else { m - 1 };
        // The copies of a cell, in walk order: entry, transitions between consecutive copies, exit.
        let first = |cell: usize| layout.copies(cell)[0] as usize;
        let last = |cell: usize| *layout.copies(cell).last().unwrap_or(&0) as usize;
        if d >= 2 {
            for m in (1..=d).filter(|&m| m != k) {
                out.push((1, (layout.b(g, m), layout.x(first(c), c, up(m), 1))));
            }
            for &other in group.cells.iter().filter(|&&o| o as usize != c) {
                let o = other as usize;
                out.push((2, (layout.b(g, k), layout.x(first(o), o, up(k), 1))));
            }
        }
        if choice_only {
            continue;
        }
        if d >= 2 {
            for m in (1..=d).filter(|&m| m != k) {
                for w in layout.copies(c).windows(2) {
                    let (from, to) = (w[0] as usize, w[1] as usize);
                    out.push((
                        3,
                        (layout.x(from, c, down(m), 3), layout.x(to, c, up(m), 1)),
                    ));
                }
                out.push((4, (layout.x(last(c), c, down(m), 3), layout.next_b(g, m))));
            }
            for &other in group.cells.iter().filter(|&&o| o as usize != c) {
                let o = other as usize;
                for w in layout.copies(o).windows(2) {
                    let (from, to) = (w[0] as usize, w[1] as usize);
                    out.push((
                        13,
                        (layout.x(from, o, down(k), 3), layout.x(to, o, up(k), 1)),
                    ));
                }
                out.push((14, (layout.x(last(o), o, down(k), 3), layout.next_b(g, k))));
            }
            if d >= 3 {
                for &copy in layout.copies(c) {
                    let copy = copy as usize;
                    out.push((15, (layout.x(copy, c, down(k), 3), layout.x(copy, c, k, 1))));
                    out.push((15, (layout.x(copy, c, k, 3), layout.x(copy, c, up(k), 1))));
                }
            }
        }
        for &l in layout.copies(c) {
            let l = l as usize;
            let Some(gi) = layout.group_of(l, c) else {
                continue;
            };
            let gi = gi as usize;
            let lg = &s.layers[l][gi];
            // Sudoku numbering: rows layer (5)–(8), columns layer (9)–(12) in the order of the
            // paper's quoted sets; further layers reuse the column numbers.
            let [f_end_self, f_end_other, f_val_other, f_val_self] = if l == 0 {
                [5, 6, 7, 8]
            } else {
                [12, 11, 9, 10]
            };
            for m in (1..=d).filter(|&m| m != k) {
                out.push((f_end_self, (layout.x(l, c, m, 1), layout.e(l, c))));
                out.push((f_val_self, (layout.r(l, gi, m), layout.x(l, c, m, 3))));
            }
            for &other in lg.cells.iter().filter(|&&o| o as usize != c) {
                let o = other as usize;
                if s.domain[o] >= k {
                    out.push((f_val_other, (layout.r(l, gi, k), layout.x(l, o, k, 3))));
                    out.push((f_end_other, (layout.x(l, o, k, 1), layout.e(l, o))));
                }
            }
            for q in 0..lg.slack().max(0) as u32 {
                out.push((16, (layout.r(l, gi, k), layout.z(l, gi, q))));
            }
        }
    }
    out
}

/// Sets (1) and (2): the choice arcs whose removal enforces the givens; sorted, distinct.
pub fn choice_arcs(layout: &Layout, givens: &Grid) -> Vec<(u32, u32)> {
    if layout.is_canonical() {
        return super::canonical::choice_arcs(layout, givens);
    }
    let mut arcs: Vec<(u32, u32)> = family_arcs(layout, givens, true)
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    arcs.sort_unstable();
    arcs.dedup();
    arcs
}

/// Step 2: removes the redundant clue arcs (sets (3)–(16)) from the layered graph.
pub struct ClueArcs {
    layout: Arc<Layout>,
    target: Digraph,
    removed: u64,
    /// Distinct removed arcs by set (index = set − 1; each arc counted under its lowest set,
    /// sets (1)–(2) included for reporting though removed by the previous step).
    per_set: [u64; FAMILIES],
    declared: Sizes,
}

impl ClueArcs {
    /// `source` must be the layered graph of `layout` with the givens enforced. For the canonical
    /// variant the arcs are [`super::canonical::clue_arcs`] (all under set (3)).
    pub fn new(source: &Digraph, layout: Arc<Layout>, givens: &Grid) -> ClueArcs {
        let mut tagged = if layout.is_canonical() {
            super::canonical::clue_arcs(&layout, givens)
        } else {
            clue_family_arcs(&layout, givens)
        };
        tagged.sort_unstable_by_key(|&(f, a)| (a, f));
        tagged.dedup_by_key(|&mut (_, a)| a);
        let mut per_set = [0u64; FAMILIES];
        let mut remove = Vec::new();
        for &(f, arc) in &tagged {
            if f <= 2 {
                // Removed by the previous step; counted here for the per-set report.
                per_set[f as usize - 1] += 1;
            } else if source.has_arc(arc.0, arc.1) {
                per_set[f as usize - 1] += 1;
                remove.push(arc);
            }
        }
        let target = source.without_arcs(&remove);
        let declared = Sizes::new()
            .with("vertices", source.vertices() as u64)
            .with("edges", (source.arc_count() - remove.len()) as u64);
        ClueArcs {
            layout,
            target,
            removed: remove.len() as u64,
            per_set,
            declared,
        }
    }

    /// Arcs this step removed (sets (3)–(16)).
    pub fn removed_arcs(&self) -> u64 {
        self.removed
    }
    /// Distinct arcs of each set (1)–(16) for this puzzle, each counted once under its lowest set.
    pub fn per_set(&self) -> [u64; FAMILIES] {
        self.per_set
    }
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }
}

impl Reduction for ClueArcs {
    type Source = Digraph;
    type Target = Digraph;

    fn name(&self) -> &'static str {
        "clues"
    }
    fn target(&self) -> &Digraph {
        &self.target
    }
    /// The same cycle: it uses none of the removed arcs (they are unusable), which the target check
    /// confirms.
    fn witness(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        kept_cycle(&self.target, tour, Some("a removed clue arc"))
    }
    fn extract(&self, tour: &Tour) -> Result<Tour, CertificateError> {
        kept_cycle(&self.target, tour, None)
    }
    fn sizes(&self) -> Sizes {
        self.target.sizes().with("removed_arcs", self.removed)
    }
    fn declared_sizes(&self) -> Sizes {
        self.declared.clone()
    }
}
