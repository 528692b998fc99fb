//! What the puzzle itself forces, as arcs of the layered graph that the canonical Hamiltonian
//! cycle of every solution avoids (the first half of the `reduced` stage; the second half is
//! [`super::force`]).
//!
//! **Deductions.** Naked and hidden singles run on the puzzle's [`Structure`] to a fixpoint (the
//! propagation of [`crate::search::fast`]: a decided cell's value leaves every peer; a value with
//! one place left in an exact group — a block, row, column or region — goes there), optionally
//! with the pointing rule. What comes out is a candidate mask per cell: every solution of the
//! puzzle gives each cell a value inside its mask. A cell whose mask has one value is an
//! **implied value**; a value outside a mask is an **eliminated candidate**.
//!
//! **Arcs** (Sudoku names, `x`/`v`/`r` for copy ℓ's `x^ℓ`/`e^ℓ`/`r[G_ℓ,·]`; `c` a cell of choice
//! group `g`, `d` its number of values, `up`/`down` cyclic ±1). Every removed arc is one that the
//! canonical cycle ([`super::layered::canonical_tour`]) of *every* solution avoids, so every
//! solution keeps a Hamiltonian cycle (its canonical one, the witness), and every Hamiltonian cycle
//! of the smaller graph is one of the larger, which decodes to a solution: the step is exact.
//!
//! | rule | arcs removed | why the canonical cycles avoid them |
//! |---|---|---|
//! | G: implied value `k` of `c` | clue sets (1)–(16) of [`super::clues`] for `c = k` | every solution has `c = k`, which is all the clue proofs use |
//! | E1: `m` eliminated from `c` | `b[g,m] → x⁰[c,m+1,1]` | walk `m` of `g` goes to the cell holding `m`, never `c` |
//! | E3 | transitions `x^ℓ[c,m−1,3] → x^{ℓ+1}[c,m+1,1]` | only `c`'s own walk (value `val(c) ≠ m`) runs in `c`, and it skips `val(c)`, not `m` |
//! | E4 | exit `x^{L−1}[c,m−1,3] → next_b(g,m)` | same |
//! | E5 | `x^ℓ[c,m,1] → e^ℓ[c]` in every copy | the open triplet of `c` is `val(c)`'s |
//! | E8 | `r[G_ℓ,m] → x^ℓ[c,m,3]` in every copy | same |
//! | E15: `c`'s values within `{m, m+1}` (`d ≥ 3`) | chain arcs `x^ℓ[c,m,3] → x^ℓ[c,m+1,1]` | `c`'s walk starts at `val(c)+1` and ends at `val(c)−1`, so it never steps from `m` to `m+1` when `val(c) ∈ {m, m+1}` |
//! | C1: order in a check pass | `e^ℓ[c] → r[G,1]`; `e^ℓ[c] → r[G,j]` when `j−1` is not a candidate of `c`; `e^ℓ[c] → t[G]` when `K_G` is not | the canonical pass visits the values of `G` in increasing order: after the open triplet of `c` comes `r[G,val(c)+1]` (or `t[G]` after `K_G`) |
//! | C2: slack (Suguru) | `r[G,k] → z[G,q]`, `z[G,q] → r[G,k+1]` (or `→ t[G]` for `k = K_G`) unless `k` may be missing from `G` and may be its `(q+1)`-th missing value; `z[G,q] → r[G,1]` | the canonical pass uses `z[G,q]` for the `(q+1)`-th missing value, in increasing order |
//!
//! E1–E8 are exactly the clue sets (1), (3), (4), (5), (8)/(10)/(12) of a given, read per
//! eliminated value: a given `c = k` eliminates `k` from its peers and every `m ≠ k` from `c`, and
//! sets (2), (6), (7), (13), (14) are E1, E5, E8, E3, E4 of the peers — which is why a given's sets
//! are a special case. C1 and C2 are not implied by the puzzle but by the choice of witness: they
//! break the symmetry of the `(N−1)!` orders in which a cycle may visit a group's values, and they
//! are what lets a puzzle that singles solve become a **single cycle**: with every value known,
//! every vertex of the directed graph keeps one in-arc and one out-arc.
//!
//! Worked example: the 4×4 Sudoku `1 . . . / . . . . / . . . . / . . . .` with r1c1 = 1 eliminates
//! 1 from r1c2…r1c4, r2c1…r4c1 and r2c2; for r1c2 this removes `b[1,1] → x[1,2,2,1]` (E1),
//! `y[1,2,4,3] → b[1,2]` (E4), `x[1,2,1,1] → v[1,2]` and `y[1,2,1,1] → w[1,2]` (E5),
//! `r[1,1] → x[1,2,1,3]`, `c[2,1] → y[1,2,1,3]` (E8); C1 removes `v[1,2] → r[1,2]` (r1c2 is not 1).

use super::clues::clue_family_arcs;
use super::layered::Layout;
use crate::puzzle::{Grid, Structure};
use crate::search::fast::{Options, Search};

/// The candidate masks the puzzle's deductions leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deductions {
    /// Per cell, bit `v − 1` for each value `v` some solution may still give it.
    pub cand: Vec<u64>,
    /// The deductions proved that the puzzle has no solution (the masks are then partial).
    pub contradiction: bool,
}

fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}

fn single(m: u64) -> bool {
    m != 0 && m & (m - 1) == 0
}

impl Deductions {
    /// Singles (and `pointing` when asked) to a fixpoint from the givens. `None` when the puzzle
    /// has cells of more than 64 values (the bitset propagation's limit): nothing is deduced then.
    pub fn new(structure: &Structure, givens: &Grid, pointing: bool) -> Option<Deductions> {
        let search = Search::new(structure).ok()?;
        let Some(mut cand) = search.initial(givens) else {
            // A given outside its cell's range: no solution.
            return Some(Deductions {
                cand: search.domains().to_vec(),
                contradiction: true,
            });
        };
        let mut queue: Vec<u32> = (0..cand.len() as u32)
            .filter(|&c| single(cand[c as usize]))
            .collect();
        let options = Options {
            pointing,
            ..Options::default()
        };
        let ok = search.propagate(&mut cand, &mut queue, &options);
        Some(Deductions {
            cand,
            contradiction: !ok,
        })
    }

    /// The value of `cell` when the deductions decided it.
    pub fn value(&self, cell: usize) -> Option<u8> {
        let m = self.cand[cell];
        single(m).then(|| m.trailing_zeros() as u8 + 1)
    }

    /// Whether some solution may give `cell` the value `v`.
    pub fn allows(&self, cell: usize, v: u8) -> bool {
        (1..=64).contains(&v) && self.cand[cell] & bit(v) != 0
    }

    /// Every cell decided: the singles solved the puzzle.
    pub fn solved(&self) -> bool {
        !self.contradiction && self.cand.iter().all(|&m| single(m))
    }

    /// The decided values (givens and implied values), 0 elsewhere.
    pub fn decided(&self, rows: usize, cols: usize) -> Grid {
        let mut g = Grid::empty(rows, cols);
        for c in 0..self.cand.len().min(rows * cols) {
            if let Some(v) = self.value(c) {
                g.set(c, v);
            }
        }
        g
    }
}

/// The arcs of the layered graph of `layout` that the deductions and the canonical order rule
/// out (the table in the module docs); may repeat arcs and name arcs already removed. `d.cand`
/// must have one mask per cell of the layout's structure. For the canonical variant
/// ([`super::canonical`]): [`super::canonical::ruled_out`].
pub fn forced_arcs(layout: &Layout, d: &Deductions) -> Vec<(u32, u32)> {
    let s = layout.structure();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(16 * s.cells() * 8);
    if layout.layers() == 0 || d.cand.len() != s.cells() {
        return out;
    }
    if layout.is_canonical() {
        // One cycle per solution: every arc no allowed solution's cycle uses can go (G, E1–E8,
        // E15 in one rule; C1 and C2 have nothing left to order).
        return super::canonical::ruled_out(layout, &d.cand);
    }
    // G: implied values (and the givens, whose arcs are already gone) as givens.
    let decided = d.decided(s.rows, s.cols);
    out.extend(
        clue_family_arcs(layout, &decided)
            .into_iter()
            .map(|(_, a)| a),
    );
    // E1–E8, E15: eliminated candidates.
    for c in 0..s.cells() {
        let dom = s.domain[c];
        let copies = layout.copies(c);
        if dom < 2 || copies.is_empty() {
            continue;
        }
        let g = s.choice_of[c] as usize;
        let up = |m: u8| if m == dom { 1 } else { m + 1 };
        let down = |m: u8| if m == 1 { dom } else { m - 1 };
        let (first, last) = (copies[0] as usize, copies[copies.len() - 1] as usize);
        let cand = d.cand[c];
        for m in (1..=dom).filter(|&m| cand & bit(m) == 0) {
            out.push((layout.b(g, m), layout.x(first, c, up(m), 1)));
            for w in copies.windows(2) {
                let (from, to) = (w[0] as usize, w[1] as usize);
                out.push((layout.x(from, c, down(m), 3), layout.x(to, c, up(m), 1)));
            }
            out.push((layout.x(last, c, down(m), 3), layout.next_b(g, m)));
            for &l in copies {
                let l = l as usize;
                out.push((layout.x(l, c, m, 1), layout.e(l, c)));
                if let Some(gi) = layout.group_of(l, c) {
                    out.push((layout.r(l, gi as usize, m), layout.x(l, c, m, 3)));
                }
            }
        }
        if dom >= 3 {
            for m in 1..=dom {
                if cand & !(bit(m) | bit(up(m))) == 0 {
                    for &l in copies {
                        let l = l as usize;
                        out.push((layout.x(l, c, m, 3), layout.x(l, c, up(m), 1)));
                    }
                }
            }
        }
    }
    // C1, C2: the canonical order of every check pass.
    for (l, layer) in s.layers.iter().enumerate() {
        for (gi, group) in layer.iter().enumerate() {
            let kmax = group.max_value;
            for &c in &group.cells {
                let c = c as usize;
                let e = layout.e(l, c);
                out.push((e, layout.r(l, gi, 1)));
                for j in 2..=kmax {
                    if !(j - 1 <= s.domain[c] && d.allows(c, j - 1)) {
                        out.push((e, layout.r(l, gi, j)));
                    }
                }
                if !(kmax <= s.domain[c] && d.allows(c, kmax)) {
                    out.push((e, layout.t(l, gi)));
                }
            }
            let slack = group.slack();
            if slack > 0 {
                slack_arcs(layout, d, l, gi, slack as u32, &mut out);
            }
        }
    }
    out
}

/// C2 for one group with `slack` slack vertices.
fn slack_arcs(
    layout: &Layout,
    d: &Deductions,
    l: usize,
    gi: usize,
    slack: u32,
    out: &mut Vec<(u32, u32)>,
) {
    let group = &layout.structure().layers[l][gi];
    let kmax = group.max_value as usize;
    // Per value: may it be missing from the group (no cell is decided to it), must it be missing
    // (no cell allows it)?
    let mut may = vec![false; kmax + 1];
    let mut must = vec![false; kmax + 1];
    for k in 1..=kmax {
        let v = k as u8;
        let cells = group.cells.iter().map(|&c| c as usize);
        may[k] = !cells.clone().any(|c| d.value(c) == Some(v));
        must[k] = !cells
            .into_iter()
            .any(|c| v <= layout.structure().domain[c] && d.allows(c, v));
    }
    // Missing values below / above k that must and may be missing.
    let (mut must_lo, mut may_lo) = (vec![0u32; kmax + 2], vec![0u32; kmax + 2]);
    for k in 1..=kmax {
        must_lo[k + 1] = must_lo[k] + must[k] as u32;
        may_lo[k + 1] = may_lo[k] + may[k] as u32;
    }
    let (must_all, may_all) = (must_lo[kmax + 1], may_lo[kmax + 1]);
    for q in 0..slack {
        out.push((layout.z(l, gi, q), layout.r(l, gi, 1)));
    }
    for k in 1..=kmax {
        // If k is the (q+1)-th missing value: q values below it are missing, slack − q − 1 above.
        let (below_must, below_may) = (must_lo[k], may_lo[k]);
        let above_must = must_all - must_lo[k + 1];
        let above_may = may_all - may_lo[k + 1];
        let lo = below_must.max((slack - 1).saturating_sub(above_may));
        let hi = if slack > above_must {
            below_may.min(slack - 1 - above_must)
        } else {
            0
        };
        let feasible = may[k] && slack > above_must;
        let next = if k < kmax {
            layout.r(l, gi, k as u8 + 1)
        } else {
            layout.t(l, gi)
        };
        for q in 0..slack {
            if !(feasible && lo <= q && q <= hi) {
                let z = layout.z(l, gi, q);
                out.push((layout.r(l, gi, k as u8), z));
                out.push((z, next));
            }
        }
    }
}
