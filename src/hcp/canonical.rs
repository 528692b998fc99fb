//! The **canonical variant** of the layered construction: exactly one Hamiltonian cycle per
//! solution, so counting Hamiltonian cycles counts solutions (issue 5's optional item).
//!
//! Haythorpe's check pass lets each group visit its values in any order
//! (`e^ℓ[c] → r[G,j]` for every `j`), so a Sudoku solution has `((N−1)!)^{2N}` cycles. The end
//! vertex `e^ℓ[c]` cannot know the value of `c`, so the order can only be fixed by dropping it —
//! and the end vertices are what forces "one open triplet per cell and copy". Dropping them alone
//! (`x^ℓ[c,k,1] → r[G,k+1]`) is **not exact**: a choice walk may then cover all `N` triplets of a
//! cell in one copy and `N−2` in the other (counterexample in `docs/hcp-construction.md` §11). This
//! variant moves that job into the choice pass instead.
//!
//! # The graph
//!
//! Same `s, f, b[g,k], r[G,k], t[G]` and triplets `x^ℓ[c,k,1..3]` (same ids) as
//! [`super::layered`]; **no** end vertices `e`, **no** slack vertices `z`; new **links**
//! `λ[c,k]`, `k ≤ d_c`, for every cell of `d_c ≥ 2` values (after the last copy). Arcs:
//!
//! * `f → s → b[first group,1]`; one-cell groups `b[g,1] → next_b(g,1)`;
//! * triplet internals `x1 ⇄ x2 ⇄ x3`;
//! * **columns**: the triplets of one value `k` of a cell, in the cell's copies `ℓ_1 < … < ℓ_L`,
//!   form column `k`: `x^{ℓ_i}[c,k,3] → x^{ℓ_{i+1}}[c,k,1]`;
//! * **the cell's ring**: `λ[c,k−1] → x^{ℓ_1}[c,k,1]` and `x^{ℓ_L}[c,k,3] → λ[c,k]` (cyclic in
//!   `k`): links and columns alternate around a ring `λ1, col 2, λ2, …, col 1, λ1`;
//! * **choice**: `b[g,k] → λ[c,k]` (entry) and `λ[c,k−1] → next_b(g,k)` (exit) for `c ∈ g`. The
//!   walk of `b[g,k]` in cell `c` is `λ[c,k], col k+1, λ[c,k+1], …, col k−1, λ[c,k−1]`: every link
//!   and every column but `k`;
//! * **check pass**, in increasing value order: `r[G,k] → x^ℓ[c,k,3]` and
//!   `x^ℓ[c,k,1] → r[G,k+1]` (`→ t[G]` for `k = K_G`) for `c ∈ G`, `k ≤ d_c`; for groups with
//!   slack (`σ_G > 0`) the **skip arcs** `r[G,k] → r[G,k+1]` (`r[G,K_G] → t[G]`) instead of
//!   slack vertices; `t[G] →` the next group's first value vertex, as before.
//!
//! # Why it is exact, with one cycle per solution
//!
//! 1. Each triplet is passed as a unit (its middle vertex), forwards or backwards; a column is
//!    all forwards ("closed") or all backwards ("open"): `x^{ℓ_{i+1}}[c,k,1]` has no in-arc but
//!    `x2` and `x^{ℓ_i}[c,k,3]`, and that `x3` no out-arc but `x2` and it.
//! 2. A link's in-arcs come from its column and `b`, its out-arcs go to the next column and a
//!    `next_b`; so the links and closed columns of a cell form *segments*
//!    `λ, col, λ, …, λ` that start after a `b` vertex (following predecessors stays in the cell and
//!    must leave the ring, else the ring would be a cycle of its own) and end at a `next_b`.
//! 3. Each `b` starts one segment, so there are as many segments as cells of `≥ 2` values; each
//!    such cell needs one (its links must be visited, and only segments of the cell visit them):
//!    **each cell has exactly one segment**. It starts at `λ[c,k]` (`b[g,k]` with `k =: val(c)`),
//!    must visit all the cell's links, cannot pass column `k` (its end leads to `λ[c,k]`, already
//!    visited), so it is the walk of `k`: columns `≠ k` closed, column `k` open. `val` is a
//!    bijection from each choice group onto `1..|g|`.
//! 4. Column `k` open: its triplet in copy ℓ is entered from `r[G_ℓ(c),k]`, which has one
//!    successor — no value twice in a group; after it comes `r[G,k+1]` (the only out-arc of its
//!    `x1`). A value no cell of `G` holds cannot be entered, so `r[G,k]` takes its skip arc.
//!    Cells of one value have no walk: their triplets are open, value 1.
//!
//! So every cycle decodes (the link entered from a `b`) to a solution; and given the solution,
//! every step above was forced — the walk of each `b`, each pass — so the cycle is the one
//! [`tour`] builds: **one Hamiltonian cycle per solution**. Givens remove entries (the clue sets
//! (1)–(2) read for links). Nothing here needs `d ≥ 3` or `σ = 0`: Suguru (2-cell regions, windows
//! with slack, shared layers) is covered by the same proof.
//!
//! Because the cycles *are* the solutions, any arc that the cycle of no solution uses can go
//! without changing the set of cycles: [`ruled_out`] lists them from candidate masks, for the clue
//! step (givens) and the reducer (singles).
//!
//! Worked example: the blank 4×4 Sudoku has `7·64 + 3·16 + 2·4 + 2 = 506` vertices and
//! `17·64 + 2·4 + 2 = 1098` arcs (Haythorpe's: 474 / 1258); `b[1,1]` has arcs to `l[1,1,1]`,
//! `l[1,2,1]`, `l[2,1,1]`, `l[2,2,1]`, the links of value 1 of the four cells of block 1.

use super::graph::Tour;
use super::layered::{Layout, Vertex};
use crate::error::CertificateError;
use crate::puzzle::{Grid, Structure};

/// The value vertex after `r[G,k]` in the pass: `r[G,k+1]`, or `t[G]` after the last value.
fn next_r(layout: &Layout, l: usize, gi: usize, k: u8) -> u32 {
    if k < layout.structure().layers[l][gi].max_value {
        layout.r(l, gi, k + 1)
    } else {
        layout.t(l, gi)
    }
}

fn up(d: u8, m: u8) -> u8 {
    if m == d { 1 } else { m + 1 }
}

fn down(d: u8, m: u8) -> u8 {
    if m == 1 { d } else { m - 1 }
}

/// Every arc of the canonical graph of the layout's structure (no givens) that `keep` accepts.
pub(crate) fn arcs(layout: &Layout, mut keep: impl FnMut(u32, u32) -> bool) -> Vec<(u32, u32)> {
    let s = layout.structure();
    let mut arcs = Vec::with_capacity(3 * layout.vertices() as usize);
    let mut push = |a: u32, b: u32, arcs: &mut Vec<(u32, u32)>| {
        if keep(a, b) {
            arcs.push((a, b));
        }
    };
    super::layered::push_frame(layout, &mut push, &mut arcs);
    // Choice pass: entries, exits and the ring of every cell.
    for (g, group) in s.choice.iter().enumerate() {
        let d = group.cells.len() as u8;
        if d == 1 {
            push(layout.b(g, 1), layout.next_b(g, 1), &mut arcs);
            continue;
        }
        for &c in &group.cells {
            let c = c as usize;
            let copies = layout.copies(c);
            let (first, last) = (copies[0] as usize, copies[copies.len() - 1] as usize);
            for k in 1..=d {
                let link = layout.link(c, k);
                push(layout.b(g, k), link, &mut arcs);
                push(link, layout.next_b(g, up(d, k)), &mut arcs);
                push(link, layout.x(first, c, up(d, k), 1), &mut arcs);
                for w in copies.windows(2) {
                    let (from, to) = (w[0] as usize, w[1] as usize);
                    push(layout.x(from, c, k, 3), layout.x(to, c, k, 1), &mut arcs);
                }
                push(layout.x(last, c, k, 3), link, &mut arcs);
            }
        }
    }
    // Triplet internals x1 ⇄ x2 ⇄ x3.
    super::layered::push_triplets(layout, &mut push, &mut arcs);
    // Check passes in increasing value order.
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            for &c in &group.cells {
                let c = c as usize;
                for m in 1..=s.domain[c] {
                    push(layout.r(l, gi, m), layout.x(l, c, m, 3), &mut arcs);
                    push(layout.x(l, c, m, 1), next_r(layout, l, gi, m), &mut arcs);
                }
            }
            if group.slack() > 0 {
                for k in 1..=group.max_value {
                    push(layout.r(l, gi, k), next_r(layout, l, gi, k), &mut arcs);
                }
            }
            push(layout.t(l, gi), layout.after_exit(l, gi), &mut arcs);
        }
    }
    arcs
}

/// Number of layers that have each cell (`L_c`).
fn layers_per_cell(s: &Structure) -> Vec<u64> {
    let mut lc = vec![0u64; s.cells()];
    for g in s.layers.iter().flatten() {
        for &c in &g.cells {
            lc[c as usize] += 1;
        }
    }
    lc
}

/// Vertex count by the closed formula:
/// `V = 2 + n + Σ_ℓ Σ_G (K_G + 1) + Σ_c 3 d_c L_c + Σ_{c : d_c ≥ 2} d_c`
/// (blank N×N Sudoku: `7N³ + 3N² + 2N + 2`).
pub fn formula_vertices(s: &Structure) -> u64 {
    let lc = layers_per_cell(s);
    let groups: u64 = s
        .layers
        .iter()
        .flatten()
        .map(|g| g.max_value as u64 + 1)
        .sum();
    let cells: u64 = (0..s.cells())
        .map(|c| {
            let d = s.domain[c] as u64;
            3 * d * lc[c] + if d >= 2 { d } else { 0 }
        })
        .sum();
    2 + s.cells() as u64 + groups + cells
}

/// Arc count (before givens) by the closed formula:
/// `A = 2 + Σ_c A_c + 4 Σ_c d_c L_c + Σ_ℓ Σ_G (2 D_G + K_G [σ_G > 0] + 1)` with `A_c = 1` for a
/// cell of one value and `A_c = d_c (L_c − 1) + 4 d_c` otherwise (columns; entries, exits and the
/// two ring arcs per link), `D_G = Σ_{c∈G} d_c` (blank N×N Sudoku: `17N³ + 2N + 2`).
pub fn formula_arcs(s: &Structure) -> u64 {
    let lc = layers_per_cell(s);
    let mut total = 2u64;
    for (c, &d) in s.domain.iter().enumerate() {
        let (d, l) = (d as u64, lc[c]);
        total += if d == 1 { 1 } else { d * (l - 1) + 4 * d };
        total += 4 * l * d;
    }
    for g in s.layers.iter().flatten() {
        let k = g.max_value as u64;
        let dsum: u64 = g.cells.iter().map(|&c| s.domain[c as usize] as u64).sum();
        total += 2 * dsum + if g.slack() > 0 { k } else { 0 } + 1;
    }
    total
}

/// The closed forms for the blank N×N Sudoku (any block layout): vertices and arcs.
pub fn sudoku_formula(n: u64) -> (u64, u64) {
    (
        7 * n * n * n + 3 * n * n + 2 * n + 2,
        17 * n * n * n + 2 * n + 2,
    )
}

/// The one Hamiltonian cycle of `solution`: `s`; for each choice group and `k = 1..|g|`,
/// `b[g,k]` and the walk of the cell holding `k` (`λ[c,k]`, then for `j = k+1, …, k−1` column `j`
/// forwards in copy order and `λ[c,j]`); each layer's groups, values in increasing order, each
/// value vertex followed by the open triplet of the cell holding it (backwards) if any; the
/// group's exit; `f`. Fails when the grid does not fit the structure.
pub fn tour(layout: &Layout, solution: &Grid) -> Result<Tour, CertificateError> {
    let s = layout.structure();
    if solution.len() != s.cells() {
        return Err(CertificateError::new(
            "solution has the wrong number of cells",
        ));
    }
    let mut tour = Vec::with_capacity(layout.vertices() as usize);
    tour.push(layout.s());
    for (g, group) in s.choice.iter().enumerate() {
        let d = group.cells.len() as u8;
        for k in 1..=d {
            tour.push(layout.b(g, k));
            if d == 1 {
                continue;
            }
            let &cell = group
                .cells
                .iter()
                .find(|&&c| solution.get(c as usize) == k)
                .ok_or_else(|| {
                    CertificateError::new(format!("{} has no cell holding {k}", group.kind))
                })?;
            let c = cell as usize;
            tour.push(layout.link(c, k));
            for j in Layout::walk_values(d, k) {
                for &copy in layout.copies(c) {
                    for pos in 1..=3 {
                        tour.push(layout.x(copy as usize, c, j, pos));
                    }
                }
                tour.push(layout.link(c, j));
            }
        }
    }
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            for k in 1..=group.max_value {
                tour.push(layout.r(l, gi, k));
                if let Some(&c) = group.cells.iter().find(|&&c| solution.get(c as usize) == k) {
                    for pos in [3, 2, 1] {
                        tour.push(layout.x(l, c as usize, k, pos));
                    }
                }
            }
            tour.push(layout.t(l, gi));
        }
    }
    tour.push(layout.f());
    Ok(tour)
}

/// Decodes a Hamiltonian cycle (already checked against the graph): a cell of two or more values
/// holds the `k` whose link `λ[c,k]` is entered from a choice vertex; a cell of one value holds 1.
pub fn decode(layout: &Layout, tour: &Tour) -> Result<Grid, CertificateError> {
    let s = layout.structure();
    let pred = super::layered::predecessors(layout, tour)?;
    let mut grid = Grid::empty(s.rows, s.cols);
    for c in 0..s.cells() {
        let d = s.domain[c];
        let value = if d < 2 {
            1
        } else {
            let mut entered = (1..=d).filter(|&k| {
                matches!(
                    layout.vertex(pred[layout.link(c, k) as usize]),
                    Some(Vertex::Choice { .. })
                )
            });
            match (entered.next(), entered.next()) {
                (Some(k), None) => k,
                _ => {
                    return Err(CertificateError::new(format!(
                        "the tour does not enter exactly one link of {} from a choice vertex",
                        crate::puzzle::cell_name(s.cols, c)
                    )));
                }
            }
        };
        grid.set(c, value);
    }
    Ok(grid)
}

/// Per cell, bit `v − 1` for each value the givens leave it: a given keeps only itself and removes
/// its value from the other cells of its choice group and of its layer groups.
pub fn given_masks(layout: &Layout, givens: &Grid) -> Vec<u64> {
    let s = layout.structure();
    let full = |d: u8| {
        if d >= 64 { u64::MAX } else { (1u64 << d) - 1 }
    };
    let mut cand: Vec<u64> = s.domain.iter().map(|&d| full(d)).collect();
    for c in 0..s.cells().min(givens.len()) {
        let k = givens.get(c);
        if k == 0 || k > s.domain[c] || k > 64 {
            continue;
        }
        let bit = 1u64 << (k - 1);
        cand[c] &= bit;
        let choice = &s.choice[s.choice_of[c] as usize].cells;
        let layers = (0..layout.layers()).filter_map(|l| {
            layout
                .group_of(l, c)
                .map(|g| &s.layers[l][g as usize].cells)
        });
        for peers in std::iter::once(choice).chain(layers) {
            for &p in peers.iter().filter(|&&p| p as usize != c) {
                cand[p as usize] &= !bit;
            }
        }
    }
    cand
}

/// The arcs that the cycle of no solution allowed by `cand` uses (per cell, bit `v − 1` for each
/// value a solution may give it; every solution must respect the masks). Removing them keeps
/// exactly the cycles of those solutions. For a value `m` the cell cannot hold: its entry
/// `b[g,m] → λ[c,m]`, its exit `λ[c,m−1] → next_b(g,m)` and the check arcs of its triplets
/// `r[G,m] → x^ℓ[c,m,3]`, `x^ℓ[c,m,1] → r[G,m+1]`; for a cell decided to `k`: the ring arcs
/// into and out of column `k` and its column arcs; for a group with a cell decided to `k`: the
/// skip arc of `k`. May repeat arcs; names only arcs of the construction.
pub fn ruled_out(layout: &Layout, cand: &[u64]) -> Vec<(u32, u32)> {
    let s = layout.structure();
    let mut out = Vec::new();
    if cand.len() != s.cells() {
        return out;
    }
    let allows = |c: usize, v: u8| v <= 64 && cand[c] & (1u64 << (v - 1)) != 0;
    let decided = |c: usize| -> Option<u8> {
        let m = cand[c];
        (m != 0 && m & (m - 1) == 0).then(|| m.trailing_zeros() as u8 + 1)
    };
    for c in 0..s.cells() {
        let d = s.domain[c];
        let copies = layout.copies(c);
        if d < 2 || copies.is_empty() {
            continue;
        }
        let g = s.choice_of[c] as usize;
        for m in (1..=d).filter(|&m| !allows(c, m)) {
            out.push((layout.b(g, m), layout.link(c, m)));
            out.push((layout.link(c, down(d, m)), layout.next_b(g, m)));
            for &l in copies {
                let l = l as usize;
                if let Some(gi) = layout.group_of(l, c) {
                    let gi = gi as usize;
                    out.push((layout.r(l, gi, m), layout.x(l, c, m, 3)));
                    out.push((layout.x(l, c, m, 1), next_r(layout, l, gi, m)));
                }
            }
        }
        if let Some(k) = decided(c) {
            let (first, last) = (copies[0] as usize, copies[copies.len() - 1] as usize);
            out.push((layout.link(c, down(d, k)), layout.x(first, c, k, 1)));
            out.push((layout.x(last, c, k, 3), layout.link(c, k)));
            for w in copies.windows(2) {
                out.push((
                    layout.x(w[0] as usize, c, k, 3),
                    layout.x(w[1] as usize, c, k, 1),
                ));
            }
        }
    }
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            if group.slack() <= 0 {
                continue;
            }
            for &c in &group.cells {
                let c = c as usize;
                let value = if s.domain[c] < 2 { Some(1) } else { decided(c) };
                if let Some(k) = value {
                    out.push((layout.r(l, gi, k), next_r(layout, l, gi, k)));
                }
            }
        }
    }
    out
}

/// The choice arcs whose removal enforces the givens (sets (1)–(2) read for links):
/// `b[g,m] → λ[c,m]` for `m ≠` the given `k` of `c`, and `b[g,k] → λ[c',k]` for the other cells
/// `c'` of `g`; sorted, distinct.
pub fn choice_arcs(layout: &Layout, givens: &Grid) -> Vec<(u32, u32)> {
    let s = layout.structure();
    let mut arcs = Vec::new();
    for c in 0..s.cells().min(givens.len()) {
        let (k, d) = (givens.get(c), s.domain[c]);
        if k == 0 || k > d || d < 2 {
            continue;
        }
        let g = s.choice_of[c] as usize;
        for m in (1..=d).filter(|&m| m != k) {
            arcs.push((layout.b(g, m), layout.link(c, m)));
        }
        for &o in s.choice[g].cells.iter().filter(|&&o| o as usize != c) {
            arcs.push((layout.b(g, k), layout.link(o as usize, k)));
        }
    }
    arcs.sort_unstable();
    arcs.dedup();
    arcs
}

/// The clue arcs of the canonical graph, tagged like [`super::clues::clue_family_arcs`]: `1` for
/// the enforcing choice arcs ([`choice_arcs`], removed by the `layered` step), `3` for every other
/// arc [`ruled_out`] lists from the givens' masks ([`given_masks`]); the canonical graph's clue
/// arcs are not split into the paper's sets.
pub fn clue_arcs(layout: &Layout, givens: &Grid) -> Vec<(u8, (u32, u32))> {
    let choice = choice_arcs(layout, givens);
    ruled_out(layout, &given_masks(layout, givens))
        .into_iter()
        .map(|a| {
            (
                if choice.binary_search(&a).is_ok() {
                    1
                } else {
                    3
                },
                a,
            )
        })
        .collect()
}
