//! 1×n and n×1 Suguru in linear time (Theorem 3 of the backtracking paper), and the exact number of
//! solutions by a linear dynamic programme over the regions.
//!
//! On a single line the regions are intervals `R_1, …, R_K` (left to right; for an n×1 grid, top to
//! bottom — row-major cell order is the line order in both cases). Inside a region any arrangement
//! of the values not given is legal (neighbours in one region differ anyway), so the only rule that
//! links regions is *the last cell of `R_{k−1}` differs from the first cell of `R_k`*.
//!
//! **Decision (Theorem 3).** `A_k` is the set of values the last cell of `R_k` can take in some legal
//! filling of `R_1 … R_k`. With `M_k` the values missing from `R_k`'s givens, a first value `f` of
//! `R_k` is *allowed* iff `A_{k−1} \ {f} ≠ ∅` (every `f` for `k = 1`). Then, by where the hints sit:
//!
//! | first cell | last cell | `A_k` |
//! |---|---|---|
//! | (one cell, value `v`) | | `{v}` if `v` allowed |
//! | given `g` | given `h` | `{h}` if `g` allowed |
//! | given `g` | empty | `M_k` if `g` allowed |
//! | empty | given `h` | `{h}` if some `f ∈ M_k` is allowed |
//! | empty | empty | `{l ∈ M_k : some allowed f ∈ M_k \ {l}}` |
//!
//! Each `A_k` costs `O(|R_k|)`, so the whole pass is `O(n)`. The puzzle is solvable iff `A_K ≠ ∅`.
//! The solution is **rebuilt right to left**: pick `l_K ∈ A_K`; for each region, from the right, pick
//! an allowed first value `f` compatible with its chosen last value, then `l_{k−1} ∈ A_{k−1} \ {f}`,
//! and fill the remaining empty cells with the remaining missing values.
//!
//! **Counting.** The same recurrence over counts instead of sets: `w_k[l]` = number of legal fillings
//! of `R_1 … R_k` whose last cell is `l`. With `T_{k−1} = Σ w_{k−1}` and `W(f) = T_{k−1} − w_{k−1}[f]`
//! (the fillings of the left part compatible with first value `f`), and `e` = empty cells of `R_k`:
//!
//! | first | last | `w_k` |
//! |---|---|---|
//! | one cell `v` | | `w[v] = W(v)` |
//! | given `g` | given `h` | `w[h] = W(g)·e!` |
//! | given `g` | empty | `w[l] = W(g)·(e−1)!` for `l ∈ M` |
//! | empty | given `h` | `w[h] = (Σ_{f∈M} W(f))·(e−1)!` |
//! | empty | empty | `w[l] = (S − W(l))·(e−2)!` for `l ∈ M`, `S = Σ_{f∈M} W(f)` |
//!
//! The answer is `Σ w_K` — exact, where the paper gives only the upper bound `O((n−H)!)`.
//!
//! Worked example: `1×4`, regions `[1 1][2 2]`, no givens. `A_1 = {1, 2}`; both first values of `R_2`
//! are allowed, so `A_2 = {1, 2}`. Rebuild: `l_2 = 1`, first of `R_2` must be 2, `l_1 ∈ {1,2}\{2} = 1`:
//! `2 1 | 2 1`. Counting: `w_1 = [1, 1]`, `T = 2`, `W = [1, 1]`, `S = 2`, `w_2[l] = 2 − 1 = 1`: 2
//! solutions (`2121`, `1212`).

use super::bignum::BigUint;
use crate::puzzle::{Grid, Suguru};

/// Why the linear algorithm does not apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotLinear {
    /// Neither one row nor one column.
    NotALine,
    /// A region is not one interval of the line (so not orthogonally connected).
    SplitRegion(usize),
}

impl std::fmt::Display for NotLinear {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotLinear::NotALine => write!(f, "the linear algorithm needs a 1×n or n×1 grid"),
            NotLinear::SplitRegion(g) => write!(f, "region {} is not one interval", g + 1),
        }
    }
}

/// Is the grid a single row or column?
pub fn is_line(p: &Suguru) -> bool {
    p.rows() == 1 || p.cols() == 1
}

/// One region as the algorithm sees it.
struct Segment {
    start: usize,
    end: usize, // inclusive
    size: usize,
    /// `missing[v]` for `v` in `1..=size`.
    missing: Vec<bool>,
    /// Given values of the first and last cells (0 = empty).
    first: u8,
    last: u8,
    empties: usize,
    /// Givens repeat inside the region: no solution.
    broken: bool,
}

fn segments(p: &Suguru) -> Result<Vec<Segment>, NotLinear> {
    if !is_line(p) {
        return Err(NotLinear::NotALine);
    }
    let n = p.rows() * p.cols();
    let g = p.givens();
    let mut out: Vec<Segment> = Vec::new();
    let mut done = vec![false; p.regions()];
    let mut start = 0;
    while start < n {
        let region = p.region_of(start);
        if done[region] {
            return Err(NotLinear::SplitRegion(region));
        }
        done[region] = true;
        let mut end = start;
        while end + 1 < n && p.region_of(end + 1) == region {
            end += 1;
        }
        let size = end - start + 1;
        let mut missing = vec![true; size + 1];
        missing[0] = false;
        let mut broken = false;
        let mut empties = 0;
        for c in start..=end {
            let v = g.get(c) as usize;
            if v == 0 {
                empties += 1;
            } else if v > size || !missing[v] {
                broken = true;
            } else {
                missing[v] = false;
            }
        }
        out.push(Segment {
            start,
            end,
            size,
            missing,
            first: g.get(start),
            last: g.get(end),
            empties,
            broken,
        });
        start = end + 1;
    }
    Ok(out)
}

/// `(|A|, an element of A)`: enough to answer "is `A \ {f}` non-empty?" in O(1) for any `f`.
fn summary(previous: Option<&Vec<bool>>) -> (usize, usize) {
    match previous {
        None => (usize::MAX, 0),
        Some(a) => a
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x)
            .fold((0, 0), |(n, _), (v, _)| (n + 1, v)),
    }
}

/// Is first value `f` allowed, given the summary of the previous set?
fn allowed((count, only): (usize, usize), f: usize) -> bool {
    count >= 2 || (count == 1 && only != f)
}

/// The sets `A_k` (as `Vec<bool>` indexed by value), left to right. Empty `A_k` ⇒ no solution.
fn sets(segs: &[Segment]) -> Vec<Vec<bool>> {
    let mut sets: Vec<Vec<bool>> = Vec::with_capacity(segs.len());
    for seg in segs {
        // Allowed first values, O(1) each: A \ {f} ≠ ∅ iff |A| ≥ 2 or A = {x} with x ≠ f.
        let sum = summary(sets.last());
        let ok = |f: usize| allowed(sum, f);
        let mut a = vec![false; seg.size + 1];
        if !seg.broken {
            let (g, h) = (seg.first as usize, seg.last as usize);
            if seg.size == 1 {
                let v = if g == 0 { 1 } else { g };
                a[v] = ok(v);
            } else if g != 0 && h != 0 {
                a[h] = ok(g);
            } else if g != 0 {
                if ok(g) {
                    a.copy_from_slice(&seg.missing);
                }
            } else if h != 0 {
                a[h] = (1..=seg.size).any(|f| seg.missing[f] && ok(f));
            } else {
                // l ∈ M with an allowed f ∈ M \ {l}: count the allowed values of M.
                let good: Vec<usize> = (1..=seg.size)
                    .filter(|&f| seg.missing[f] && ok(f))
                    .collect();
                for (l, x) in a.iter_mut().enumerate() {
                    *x = seg.missing[l]
                        && (good.len() >= 2 || good.first().is_some_and(|&f| f != l));
                }
            }
        }
        sets.push(a);
    }
    sets
}

/// Solves a 1×n or n×1 Suguru in linear time; `Ok(None)` when it has no solution.
pub fn solve(p: &Suguru) -> Result<Option<Grid>, NotLinear> {
    let segs = segments(p)?;
    let a = sets(&segs);
    let Some(last_set) = a.last() else {
        return Ok(None);
    };
    let Some(mut l) = (1..last_set.len()).find(|&v| last_set[v]) else {
        return Ok(None);
    };
    let mut grid = p.givens().clone();
    for k in (0..segs.len()).rev() {
        let seg = &segs[k];
        let prev = if k > 0 { Some(&a[k - 1]) } else { None };
        let sum = summary(prev);
        let (g, h) = (seg.first as usize, seg.last as usize);
        // First value: given, or the single cell's value, or a missing allowed value ≠ l.
        let f = if seg.size == 1 {
            l
        } else if g != 0 {
            g
        } else {
            let found = (1..=seg.size).find(|&f| seg.missing[f] && f != l && allowed(sum, f));
            match found {
                Some(f) => f,
                None => return Ok(None), // cannot happen when l ∈ A_k
            }
        };
        debug_assert!(h == 0 || h == l);
        let mut rest: Vec<u8> = (1..=seg.size)
            .filter(|&v| seg.missing[v] && v != f && v != l)
            .map(|v| v as u8)
            .collect();
        rest.reverse();
        grid.set(seg.start, f as u8);
        grid.set(seg.end, l as u8);
        for c in seg.start + 1..seg.end {
            if grid.get(c) == 0 {
                grid.set(c, rest.pop().unwrap_or(0));
            }
        }
        if let Some(prev) = prev {
            match (1..prev.len()).find(|&v| prev[v] && v != f) {
                Some(v) => l = v,
                None => return Ok(None), // cannot happen when f is allowed
            }
        }
    }
    Ok(Some(grid))
}

/// The exact number of solutions of a 1×n or n×1 Suguru.
pub fn count(p: &Suguru) -> Result<BigUint, NotLinear> {
    let segs = segments(p)?;
    let mut ways: Vec<BigUint> = Vec::new();
    let mut total = BigUint::one();
    for (k, seg) in segs.iter().enumerate() {
        if seg.broken {
            return Ok(BigUint::zero());
        }
        // W(f): fillings of the left part compatible with first value f.
        let w = |f: usize| -> BigUint {
            if k == 0 {
                BigUint::one()
            } else {
                match ways.get(f) {
                    Some(x) => total.sub(x),
                    None => total.clone(),
                }
            }
        };
        let mut next = vec![BigUint::zero(); seg.size + 1];
        let (g, h) = (seg.first as usize, seg.last as usize);
        let e = seg.empties;
        if seg.size == 1 {
            let v = if g == 0 { 1 } else { g };
            next[v] = w(v);
        } else if g != 0 && h != 0 {
            next[h] = w(g).mul(&BigUint::factorial(e));
        } else if g != 0 {
            let x = w(g).mul(&BigUint::factorial(e - 1));
            for (l, slot) in next.iter_mut().enumerate() {
                if seg.missing[l] {
                    *slot = x.clone();
                }
            }
        } else if h != 0 {
            let s = (1..=seg.size)
                .filter(|&f| seg.missing[f])
                .fold(BigUint::zero(), |acc, f| acc.add(&w(f)));
            next[h] = s.mul(&BigUint::factorial(e - 1));
        } else {
            let ws: Vec<BigUint> = (0..=seg.size).map(&w).collect();
            let s = (1..=seg.size)
                .filter(|&f| seg.missing[f])
                .fold(BigUint::zero(), |acc, f| acc.add(&ws[f]));
            let fact = BigUint::factorial(e - 2);
            for (l, slot) in next.iter_mut().enumerate() {
                if seg.missing[l] {
                    *slot = s.sub(&ws[l]).mul(&fact);
                }
            }
        }
        total = next.iter().fold(BigUint::zero(), |acc, x| acc.add(x));
        if total.is_zero() {
            return Ok(total);
        }
        ways = next;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(regions: &[u32], givens: &[u8]) -> Suguru {
        Suguru::new(
            1,
            regions.len(),
            regions,
            Grid::from_cells(1, regions.len(), givens.to_vec()),
        )
        .unwrap()
    }

    #[test]
    fn worked_example_of_the_module_docs() {
        let p = line(&[1, 1, 2, 2], &[0, 0, 0, 0]);
        assert_eq!(count(&p).unwrap().to_u128(), Some(2));
        let s = solve(&p).unwrap().unwrap();
        assert!(
            p.givens().cells().len() == 4 && crate::puzzle::Puzzle::from(p).verify(&s).is_empty()
        );
    }

    #[test]
    fn two_singletons_with_pairs_between_have_no_solution() {
        // The stackexchange observation: size-1 regions separated only by size-2 regions.
        let p = line(&[1, 2, 2, 3], &[0, 0, 0, 0]);
        assert_eq!(solve(&p).unwrap(), None);
        assert!(count(&p).unwrap().is_zero());
    }

    #[test]
    fn refuses_grids_that_are_not_lines() {
        let p = Suguru::new(2, 2, &[1, 1, 1, 1], Grid::empty(2, 2)).unwrap();
        assert_eq!(solve(&p), Err(NotLinear::NotALine));
        // A split region never reaches the solver: the model refuses it.
        assert!(Suguru::new(1, 3, &[1, 2, 1], Grid::empty(1, 3)).is_err());
    }
}
