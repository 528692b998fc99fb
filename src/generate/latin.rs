//! Quasigroups with holes (QWH): a uniformly random Latin square, then holes punched — the
//! generator of Achlioptas, Gomes, Kautz and Selman (AAAI 2000), whose instances are satisfiable by
//! construction.
//!
//! The square comes from the Markov chain of Jacobson and Matthews (J. Combin. Designs 4, 1996),
//! whose stationary distribution is uniform over the Latin squares of order n. A square is its
//! incidence cube `M[r][c][s] ∈ {0, 1}` with one 1 on every line; a move adds +1 and −1 around a
//! 2×2×2 sub-cube and may leave one cell at −1 ("improper"), which the next moves carry on until the
//! cube is proper again. We start from the cyclic square and make `steps` moves (n³ by default,
//! the usual choice), then continue to the next proper cube.
//!
//! Holes: `random` takes `h` cells uniformly; `balanced` (Kautz, Ruan, Achlioptas, Gomes, Selman,
//! Stickel, "Balance and filtering in structured satisfiable problems", IJCAI 2001) spreads them so
//! that every row and column has ⌊h/n⌋ or ⌈h/n⌉ holes: the cells where a second random Latin square
//! holds values below ⌊h/n⌋ (exactly ⌊h/n⌋ per row and column), plus `h mod n` cells of value ⌊h/n⌋
//! picked at random.

use crate::puzzle::{Described, Grid};
use crate::search::rng::Rng;

/// How the holes are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holes {
    Random,
    Balanced,
}

/// The incidence cube of a Latin square in the making.
struct Cube {
    n: usize,
    m: Vec<i8>,
    /// The −1 cell while the cube is improper.
    improper: Option<(usize, usize, usize)>,
}

impl Cube {
    fn cyclic(n: usize) -> Cube {
        let mut m = vec![0i8; n * n * n];
        for r in 0..n {
            for c in 0..n {
                m[(r * n + c) * n + (r + c) % n] = 1;
            }
        }
        Cube {
            n,
            m,
            improper: None,
        }
    }

    fn at(&self, r: usize, c: usize, s: usize) -> i8 {
        self.m[(r * self.n + c) * self.n + s]
    }

    fn add(&mut self, r: usize, c: usize, s: usize, d: i8) {
        self.m[(r * self.n + c) * self.n + s] += d;
    }

    /// The positions holding 1 along one line (one or two of them).
    fn ones(&self, f: impl Fn(usize) -> i8) -> Vec<usize> {
        (0..self.n).filter(|&k| f(k) == 1).collect()
    }

    /// One move of the chain.
    fn step(&mut self, rng: &mut Rng) {
        let n = self.n;
        let (r, c, s) = match self.improper {
            Some(cell) => cell,
            None => loop {
                let (r, c, s) = (rng.below(n), rng.below(n), rng.below(n));
                if self.at(r, c, s) == 0 {
                    break (r, c, s);
                }
            },
        };
        let pick = |v: Vec<usize>, rng: &mut Rng| v[rng.below(v.len())];
        let s2 = pick(self.ones(|k| self.at(r, c, k)), rng);
        let r2 = pick(self.ones(|k| self.at(k, c, s)), rng);
        let c2 = pick(self.ones(|k| self.at(r, k, s)), rng);
        self.add(r, c, s, 1);
        self.add(r, c2, s2, 1);
        self.add(r2, c, s2, 1);
        self.add(r2, c2, s, 1);
        self.add(r, c, s2, -1);
        self.add(r, c2, s, -1);
        self.add(r2, c, s, -1);
        self.add(r2, c2, s2, -1);
        self.improper = (self.at(r2, c2, s2) == -1).then_some((r2, c2, s2));
    }

    /// The square of a proper cube, values 1-based.
    fn square(&self) -> Grid {
        let n = self.n;
        let cells = (0..n * n)
            .map(|cell| {
                let base = cell * n;
                (0..n)
                    .find(|&s| self.m[base + s] == 1)
                    .map_or(0, |s| s as u8 + 1)
            })
            .collect();
        Grid::from_cells(n, n, cells)
    }
}

/// A uniformly random Latin square of order `n` (1 ≤ n ≤ 255) after `steps` moves of the chain
/// (`None`: n³).
pub fn random_square(n: usize, steps: Option<u64>, rng: &mut Rng) -> Grid {
    let mut cube = Cube::cyclic(n);
    if n >= 2 {
        let steps = steps.unwrap_or((n * n * n) as u64);
        for _ in 0..steps {
            cube.step(rng);
        }
        while cube.improper.is_some() {
            cube.step(rng);
        }
    }
    cube.square()
}

/// One QWH instance: the square and the puzzle with `holes` cells emptied.
pub struct Generated {
    pub puzzle: Described,
    pub solution: Grid,
}

/// A QWH instance of order `n` with `holes` holes (at most n²).
pub fn generate(
    n: usize,
    holes: usize,
    model: Holes,
    steps: Option<u64>,
    rng: &mut Rng,
) -> Result<Generated, String> {
    if n == 0 || n > crate::puzzle::MAX_VALUE {
        return Err(format!(
            "order {n}: give an order from 1 to {}",
            crate::puzzle::MAX_VALUE
        ));
    }
    if holes > n * n {
        return Err(format!(
            "{holes} holes: a square of order {n} has {} cells",
            n * n
        ));
    }
    let solution = random_square(n, steps, rng);
    let chosen: Vec<usize> = match model {
        Holes::Random => {
            let mut cells: Vec<usize> = (0..n * n).collect();
            rng.shuffle(&mut cells);
            cells.truncate(holes);
            cells
        }
        Holes::Balanced => {
            let pattern = random_square(n, steps, rng);
            let (k, extra) = (holes / n, holes % n);
            let mut cells: Vec<usize> = (0..n * n)
                .filter(|&c| (pattern.get(c) as usize) <= k)
                .collect();
            let mut at_k: Vec<usize> = (0..n * n)
                .filter(|&c| pattern.get(c) as usize == k + 1)
                .collect();
            rng.shuffle(&mut at_k);
            at_k.truncate(extra);
            cells.extend(at_k);
            cells
        }
    };
    let mut givens = solution.clone();
    for c in chosen {
        givens.set(c, 0);
    }
    let puzzle = Described::latin(givens)?;
    Ok(Generated { puzzle, solution })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_latin(g: &Grid) -> bool {
        let n = g.rows();
        (0..n).all(|i| {
            let mut row = vec![false; n + 1];
            let mut col = vec![false; n + 1];
            (0..n).all(|j| {
                let (a, b) = (g.at(i, j) as usize, g.at(j, i) as usize);
                (1..=n).contains(&a)
                    && (1..=n).contains(&b)
                    && !std::mem::replace(&mut row[a], true)
                    && !std::mem::replace(&mut col[b], true)
            })
        })
    }

    #[test]
    fn the_chain_gives_latin_squares_and_every_one_of_order_3() {
        // Order 3 has 12 Latin squares; a uniform chain reaches them all, about equally often.
        let mut rng = Rng::new(7);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..2400 {
            let g = random_square(3, Some(20), &mut rng);
            assert!(is_latin(&g), "{g}");
            *seen.entry(g.cells().to_vec()).or_insert(0usize) += 1;
        }
        assert_eq!(seen.len(), 12);
        // 200 expected each; 4 standard deviations (~14) either side.
        assert!(seen.values().all(|&k| (140..=260).contains(&k)), "{seen:?}");
        for n in [1, 2, 5, 12, 30] {
            assert!(is_latin(&random_square(n, None, &mut rng)));
        }
    }

    #[test]
    fn holes_are_counted_and_balanced_holes_spread_evenly() {
        let mut rng = Rng::new(3);
        for (n, h) in [(10, 42), (10, 0), (10, 100), (7, 30)] {
            for model in [Holes::Random, Holes::Balanced] {
                let g = generate(n, h, model, None, &mut rng).unwrap();
                let givens = g.puzzle.givens();
                assert_eq!(n * n - givens.filled(), h);
                for c in 0..n * n {
                    assert!(givens.get(c) == 0 || givens.get(c) == g.solution.get(c));
                }
                if model == Holes::Balanced {
                    for i in 0..n {
                        let row = (0..n).filter(|&j| givens.at(i, j) == 0).count();
                        let col = (0..n).filter(|&j| givens.at(j, i) == 0).count();
                        assert!(row == h / n || row == h / n + 1, "row {i}: {row}");
                        assert!(col == h / n || col == h / n + 1, "column {i}: {col}");
                    }
                }
            }
        }
        assert!(generate(4, 17, Holes::Random, None, &mut rng).is_err());
    }
}
