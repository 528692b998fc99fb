//! Theorem 3's linear algorithm and the linear counting programme against brute force on thousands
//! of random 1×n and n×1 Suguru (fixed seeds), including unsolvable ones and clashing givens.

use gridreduce::puzzle::{Grid, Puzzle, Suguru};
use gridreduce::search::linear;
use gridreduce::search::rng::Rng;
use gridreduce::solvers::{Route, solutions};

/// A random line: interval regions of sizes 1..=max_size, each cell given with probability `p`.
fn random_line(rng: &mut Rng, n: usize, max_size: usize, p: f64) -> (Vec<u32>, Vec<u8>) {
    let mut labels = Vec::with_capacity(n);
    let mut sizes = Vec::new();
    let mut label = 0;
    while labels.len() < n {
        let size = (1 + rng.below(max_size)).min(n - labels.len());
        label += 1;
        for _ in 0..size {
            labels.push(label);
            sizes.push(size);
        }
    }
    let givens = sizes
        .iter()
        .map(|&s| {
            if rng.unit() < p {
                1 + rng.below(s) as u8
            } else {
                0
            }
        })
        .collect();
    (labels, givens)
}

/// Every filling by exhaustive enumeration, checking each rule directly.
fn brute_force(labels: &[u32], givens: &[u8]) -> Vec<Vec<u8>> {
    let n = labels.len();
    let size = |i: usize| labels.iter().filter(|&&l| l == labels[i]).count() as u8;
    let sizes: Vec<u8> = (0..n).map(size).collect();
    let mut all = Vec::new();
    let mut cur = vec![0u8; n];
    fn go(
        i: usize,
        cur: &mut Vec<u8>,
        labels: &[u32],
        sizes: &[u8],
        givens: &[u8],
        all: &mut Vec<Vec<u8>>,
    ) {
        if i == cur.len() {
            all.push(cur.clone());
            return;
        }
        for v in 1..=sizes[i] {
            if givens[i] != 0 && givens[i] != v {
                continue;
            }
            if i > 0 && cur[i - 1] == v {
                continue;
            }
            if (0..i).any(|j| labels[j] == labels[i] && cur[j] == v) {
                continue;
            }
            cur[i] = v;
            go(i + 1, cur, labels, sizes, givens, all);
        }
        cur[i] = 0;
    }
    go(0, &mut cur, labels, &sizes, givens, &mut all);
    all
}

fn check(rng: &mut Rng, rounds: usize, max_n: usize, max_size: usize, p: f64) -> (usize, usize) {
    let (mut solvable, mut unsolvable) = (0, 0);
    for round in 0..rounds {
        let n = 1 + rng.below(max_n);
        let (labels, givens) = random_line(rng, n, max_size, p);
        let vertical = round % 2 == 1;
        let (rows, cols) = if vertical { (n, 1) } else { (1, n) };
        let puzzle = Suguru::new(
            rows,
            cols,
            &labels,
            Grid::from_cells(rows, cols, givens.clone()),
        )
        .unwrap();
        let all = brute_force(&labels, &givens);
        let count = linear::count(&puzzle).unwrap();
        assert_eq!(
            count.to_u128(),
            Some(all.len() as u128),
            "count of {labels:?} / {givens:?}"
        );
        let solved = linear::solve(&puzzle).unwrap();
        match solved {
            Some(grid) => {
                solvable += 1;
                assert!(
                    all.iter().any(|s| s.as_slice() == grid.cells()),
                    "{labels:?} / {givens:?}: {grid:?} is not among the brute-force solutions"
                );
                assert!(Puzzle::from(puzzle).verify(&grid).is_empty());
            }
            None => {
                unsolvable += 1;
                assert!(all.is_empty(), "{labels:?} / {givens:?}: linear found none");
            }
        }
    }
    (solvable, unsolvable)
}

#[test]
fn linear_solver_and_counter_agree_with_brute_force() {
    let mut rng = Rng::new(2024);
    let (a, b) = check(&mut rng, 2000, 10, 4, 0.25);
    let (c, d) = check(&mut rng, 1000, 12, 5, 0.1);
    let (e, f) = check(&mut rng, 1000, 8, 3, 0.5);
    // The random instances must exercise both outcomes.
    assert!(
        a + c + e > 1000 && b + d + f > 300,
        "{a} {b} {c} {d} {e} {f}"
    );
}

#[test]
fn counts_of_long_blank_lines_are_exact_beyond_u128() {
    // 1x200 of forty 5-cell regions, blank: each region is any permutation with first != previous
    // last. Recurrence: w(last=l) over regions; by symmetry each region contributes 5! * 4/5 after
    // the first (the first value avoids one of five values), so the count is 120 * 96^39.
    let labels: Vec<u32> = (0..200).map(|i| i / 5).collect();
    let p = Suguru::new(1, 200, &labels, Grid::empty(1, 200)).unwrap();
    let count = linear::count(&p).unwrap();
    let mut expected = gridreduce::search::bignum::BigUint::from(120);
    for _ in 0..39 {
        expected = expected.mul(&gridreduce::search::bignum::BigUint::from(96));
    }
    assert_eq!(count, expected);
    assert!(count.to_u128().is_none());
    let grid = linear::solve(&p).unwrap().unwrap();
    assert!(Puzzle::from(p).verify(&grid).is_empty());
}

#[test]
fn search_route_uses_the_linear_answer_and_agrees_with_cover() {
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let n = 1 + rng.below(9);
        let (labels, givens) = random_line(&mut rng, n, 4, 0.3);
        let p: Puzzle = Suguru::new(1, n, &labels, Grid::from_cells(1, n, givens))
            .unwrap()
            .into();
        let mut a = solutions(&p, Route::Search, 3).unwrap();
        let mut b = solutions(&p, Route::Cover, 3).unwrap();
        let l = solutions(&p, Route::Linear, 3).unwrap();
        assert_eq!(a.len(), b.len());
        assert_eq!(l.len(), b.len());
        if b.len() < 3 {
            a.sort_by(|x, y| x.cells().cmp(y.cells()));
            b.sort_by(|x, y| x.cells().cmp(y.cells()));
            assert_eq!(a, b);
        }
    }
}
