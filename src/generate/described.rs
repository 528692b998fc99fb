//! Puzzles with a unique solution on the shape of any described puzzle (a Sudoku variant, a Latin
//! square, a user's own description): a random solution, then givens removed while unique.
//!
//! The solution is drawn cell by cell in random order: each cell takes the first value, in random
//! order, with which the puzzle stays solvable (one search with a limit of one solution). The
//! removal then tries the givens in random order and drops each one whose removal keeps the solution
//! unique (a search with a limit of two), so the result is minimal: no given can go.

use super::rng_for;
use crate::error::{Error, Result};
use crate::puzzle::{Described, Grid, Puzzle};
use crate::search::solutions;

/// One generated puzzle.
pub struct Generated {
    pub puzzle: Described,
    pub solution: Grid,
    /// Searches run (solvability while drawing, uniqueness while removing).
    pub checks: usize,
}

/// Puzzle `index` of a batch with this seed on the shape of `shape` (its givens are ignored).
/// Fails when the shape has no solution at all.
pub fn generate(shape: &Described, seed: u64, index: u64) -> Result<Generated> {
    let mut rng = rng_for(seed, index);
    let (rows, cols) = (shape.givens().rows(), shape.givens().cols());
    let cells = rows * cols;
    let with = |g: &Grid| -> Puzzle {
        shape
            .with_givens(g.clone())
            .expect("values come from the cells' domains")
            .into()
    };
    let mut checks = 0usize;
    let mut grid = Grid::empty(rows, cols);
    checks += 1;
    if solutions(&with(&grid), 1)?.is_empty() {
        return Err(Error::Unsolvable(format!(
            "the {} shape has no solution, so no puzzle can be made on it",
            shape.family().name()
        )));
    }
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &cell in &order {
        let mut values: Vec<u8> = (1..=shape.structure().domain[cell]).collect();
        rng.shuffle(&mut values);
        let mut placed = false;
        for v in values {
            grid.set(cell, v);
            checks += 1;
            if let Some(full) = solutions(&with(&grid), 1)?.pop() {
                placed = true;
                // The first solvable value of every cell from here on is this solution's: take it
                // whole, the rest of the draw would only confirm it.
                if grid.filled() * 3 >= cells {
                    grid = full;
                }
                break;
            }
        }
        assert!(placed, "a solvable grid has a value for each of its cells");
        if grid.is_complete() {
            break;
        }
    }
    let solution = grid.clone();
    rng.shuffle(&mut order);
    for &cell in &order {
        let v = grid.get(cell);
        grid.set(cell, 0);
        checks += 1;
        if solutions(&with(&grid), 2)?.len() != 1 {
            grid.set(cell, v);
        }
    }
    Ok(Generated {
        puzzle: shape.with_givens(grid).map_err(Error::Usage)?,
        solution,
        checks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Family, Sudoku};

    #[test]
    fn puzzles_are_unique_minimal_and_reproducible() {
        let shape = Described::sudoku_variant(Family::SudokuX, &Sudoku::blank(4)).unwrap();
        for i in 0..3 {
            let g = generate(&shape, 9, i).unwrap();
            let p: Puzzle = g.puzzle.clone().into();
            assert!(p.verify(&g.solution).is_empty());
            assert_eq!(solutions(&p, 2).unwrap(), vec![g.solution.clone()]);
            for c in 0..16 {
                if p.givens().get(c) != 0 {
                    let mut fewer = p.givens().clone();
                    fewer.set(c, 0);
                    let q: Puzzle = g.puzzle.with_givens(fewer).unwrap().into();
                    assert!(solutions(&q, 2).unwrap().len() > 1, "given {c} could go");
                }
            }
            let again = generate(&shape, 9, i).unwrap();
            assert_eq!(again.puzzle, g.puzzle);
        }
    }
}
