//! SAT route against the shipped data: every encoding finds exactly the known solution of every
//! shipped puzzle with one (and no second), the non-unique benchmark has at least two solutions
//! per puzzle, the `paper` encoding has the clause counts of the authors' own solver, and the
//! solution sets agree with the independent exact-cover solver on small random puzzles.

use gridreduce::cover::{PuzzleToCover, solutions as cover_solutions};
use gridreduce::puzzle::{Grid, Puzzle, Sudoku, Suguru};
use gridreduce::reduce::Reduction;
use gridreduce::reduce::harness::shipped_cases;
use gridreduce::sat::{
    CnfOptions, Encoding, Flavour, PuzzleToCnf, SatSolver, find, is_unique, portfolio, solutions,
};
use std::collections::BTreeSet;

mod common;
use common::XorShift;
use gridreduce::reduce::harness::shipped_puzzles;

fn all_options() -> Vec<CnfOptions> {
    let mut out = Vec::new();
    for encoding in Encoding::ALL {
        for simplify in [false, true] {
            out.push(CnfOptions { encoding, simplify });
        }
    }
    out
}

/// Through `sat::find` (the `solve`/`count --via sat` path) and the default encoding on a fresh
/// solver, up to 16×16 (the 25×25 take seconds each: `--ignored`).
#[test]
fn default_settings_find_exactly_the_known_solution_of_every_shipped_puzzle() {
    // Quasigroups with holes have more than one solution as a rule: not "exactly the known one".
    let cases = shipped_cases(|p| p.rows() <= 16 && p.kind() != "latin");
    assert!(cases.len() > 900);
    for case in &cases {
        assert_eq!(
            find(&case.puzzle, 2).unwrap(),
            vec![case.solution.clone()],
            "{}",
            case.name
        );
        let found = solutions(&case.puzzle, CnfOptions::fastest_for(&case.puzzle), 2).unwrap();
        assert_eq!(found, vec![case.solution.clone()], "{}", case.name);
    }
}

#[test]
#[ignore = "the 16 25x25 puzzles take up to 5 s each in a release build, far longer in a debug one"]
fn default_settings_solve_the_25x25_puzzles() {
    for case in shipped_cases(|p| p.rows() == 25) {
        assert_eq!(
            find(&case.puzzle, 2).unwrap(),
            vec![case.solution.clone()],
            "{}",
            case.name
        );
    }
}

/// Every encoding, plain and simplified, on every 4×4 and Suguru puzzle and every fourth 9×9.
#[test]
fn every_encoding_finds_exactly_the_known_solution_up_to_9x9() {
    let cases: Vec<_> = shipped_cases(|p| p.rows() <= 10 && p.kind() != "latin")
        .into_iter()
        .enumerate()
        .filter(|(i, c)| c.puzzle.rows() != 9 || i % 4 == 0)
        .map(|(_, c)| c)
        .collect();
    for options in all_options() {
        for case in &cases {
            if !options.encoding.accepts(&case.puzzle) {
                continue;
            }
            let found = solutions(&case.puzzle, options, 2).unwrap();
            assert_eq!(
                found,
                vec![case.solution.clone()],
                "{} with {options:?}",
                case.name
            );
        }
    }
}

/// The 16×16 puzzles with every Sudoku encoding (the default one runs above).
#[test]
#[ignore = "minutes in a debug build; run with --ignored"]
fn every_encoding_finds_exactly_the_known_solution_of_16x16_sudoku() {
    let cases = shipped_cases(|p| p.rows() == 16);
    for options in all_options() {
        for case in &cases {
            if options.encoding.accepts(&case.puzzle) {
                let found = solutions(&case.puzzle, options, 2).unwrap();
                assert_eq!(found, vec![case.solution.clone()], "{}", case.name);
            }
        }
    }
}

/// `count --limit 2` says 2 for every one of the 10,000 puzzles of Serg's benchmark (all have at
/// least two solutions); each solution found is valid and the two differ. Through `sat::find`, so
/// one reused solver answers all 10,000 (its blocking clauses must not leak from one puzzle to the
/// next), and through a fresh solver for every tenth.
#[test]
fn every_puzzle_of_the_nonunique_benchmark_has_two_solutions() {
    let puzzles = shipped_puzzles("sudoku/nonunique/serg_benchmark.txt");
    assert_eq!(puzzles.len(), 10_000);
    for (i, p) in puzzles.iter().enumerate() {
        let found = if i % 10 == 0 {
            solutions(p, CnfOptions::fastest_for(p), 2).unwrap()
        } else {
            find(p, 2).unwrap()
        };
        assert_eq!(found.len(), 2, "serg_benchmark#{}", i + 1);
        assert_ne!(found[0], found[1]);
        for g in &found {
            assert!(p.verify(g).is_empty(), "serg_benchmark#{}", i + 1);
        }
    }
}

/// A sample of the three 49k unique 17-clue/hardest files (the whole files: `--ignored`).
#[test]
fn the_big_unique_sets_are_unique_sample() {
    for rel in [
        "sudoku/royle17.txt",
        "sudoku/sudoku17_complete_49158.txt",
        "sudoku/forum_hardest_1905_11plus.txt",
    ] {
        for (i, p) in shipped_puzzles(rel).iter().enumerate().step_by(97) {
            assert!(is_unique(p).unwrap(), "{rel}#{}", i + 1);
        }
    }
}

#[test]
#[ignore = "147,075 puzzles: about 3 minutes in a release build (cargo test --release -- --ignored)"]
fn the_big_unique_sets_are_unique() {
    for rel in [
        "sudoku/royle17.txt",
        "sudoku/sudoku17_complete_49158.txt",
        "sudoku/forum_hardest_1905_11plus.txt",
    ] {
        for (i, p) in shipped_puzzles(rel).iter().enumerate() {
            assert!(is_unique(p).unwrap(), "{rel}#{}", i + 1);
        }
    }
}

/// The `paper` encoding has, for each of the 180 puzzles, exactly the variables, clauses and
/// literals that the authors' solver.cpp creates (tests/data/suguru-paper-solver-counts.csv).
#[test]
fn paper_encoding_has_the_authors_solver_counts() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/suguru-paper-solver-counts.csv"),
    )
    .unwrap();
    let want: Vec<Vec<u64>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("name,"))
        .map(|l| {
            l.rsplitn(4, ',')
                .take(3)
                .map(|x| x.parse().unwrap())
                .collect()
        })
        .collect();
    let puzzles = shipped_puzzles("suguru/backtrack-180.txt");
    assert_eq!(want.len(), puzzles.len());
    for (p, w) in puzzles.iter().zip(&want) {
        let r = PuzzleToCnf::new(
            p,
            CnfOptions {
                encoding: Encoding::Paper,
                simplify: false,
            },
        )
        .unwrap();
        let cnf = r.target();
        // rsplitn yields literals, clauses, vars.
        assert_eq!(
            (
                cnf.num_literals() as u64,
                cnf.num_clauses() as u64,
                cnf.vars() as u64
            ),
            (w[0], w[1], w[2])
        );
    }
}

/// A random puzzle on the shape of `base`: a random subset of `solution`'s cells as givens, and
/// sometimes a random wrong value (possibly unsolvable).
fn random_puzzle(rng: &mut XorShift, base: &Puzzle, solution: &Grid, keep: usize) -> Puzzle {
    let mut givens = Grid::empty(solution.rows(), solution.cols());
    let domain = base.structure().domain;
    for c in 0..solution.len() {
        if rng.below(100) < keep {
            givens.set(c, solution.get(c));
        }
    }
    if rng.below(4) == 0 {
        let c = rng.below(solution.len());
        givens.set(c, 1 + rng.below(domain[c] as usize) as u8);
    }
    match base {
        Puzzle::Sudoku(s) => Sudoku::new(s.layout().clone(), givens).unwrap().into(),
        Puzzle::Suguru(s) => Suguru::new(s.rows(), s.cols(), s.region_map(), givens)
            .unwrap()
            .into(),
        Puzzle::Described(d) => d.with_givens(givens).unwrap().into(),
    }
}

const LIMIT: usize = 400;

fn cover_set(p: &Puzzle) -> BTreeSet<Vec<u8>> {
    let r = PuzzleToCover::new(p);
    cover_solutions(r.target(), Some(LIMIT))
        .iter()
        .map(|rows| r.extract(rows).unwrap().cells().to_vec())
        .collect()
}

/// Solution sets via every SAT encoding equal the exact-cover solver's on random small puzzles:
/// 4×4 and 6×6 Sudoku and the 6×6 Suguru shapes, from empty to nearly full, solvable or not.
#[test]
fn sat_solution_sets_equal_exact_cover_on_random_small_puzzles() {
    // xorshift64*, so failures reproduce.
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut bases: Vec<(Puzzle, Grid)> = shipped_cases(|p| p.rows() == 4)
        .into_iter()
        .take(5)
        .map(|c| (c.puzzle, c.solution))
        .collect();
    bases.extend(
        shipped_cases(|p| matches!(p, Puzzle::Suguru(_)) && p.rows() == 6)
            .into_iter()
            .take(8)
            .map(|c| (c.puzzle, c.solution)),
    );
    // A 6×6 Sudoku (2×3 boxes) from a valid grid.
    let six = Grid::from_cells(
        6,
        6,
        [
            1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4,
            5, 6, 4, 5, 3, 1, 2,
        ]
        .to_vec(),
    );
    let blank6: Puzzle = Sudoku::blank(6).into();
    assert!(blank6.verify(&six).is_empty());
    bases.push((blank6, six));
    let (mut compared, mut empty, mut many) = (0, 0, 0);
    for round in 0..12 {
        for (base, solution) in &bases {
            let keep = [10, 25, 40, 60, 80, 95][round % 6];
            let p = random_puzzle(&mut rng, base, solution, keep);
            let want = cover_set(&p);
            if want.len() >= LIMIT {
                many += 1;
                continue;
            }
            empty += want.is_empty() as usize;
            for encoding in Encoding::ALL {
                if !encoding.accepts(&p) {
                    continue;
                }
                for simplify in [false, true] {
                    let mut solver = SatSolver::new(&p, CnfOptions { encoding, simplify }).unwrap();
                    let mut got = BTreeSet::new();
                    while let Some(g) = solver.next_solution().unwrap() {
                        assert!(got.insert(g.cells().to_vec()), "repeated solution");
                        assert!(got.len() <= LIMIT);
                    }
                    assert_eq!(got, want, "{encoding:?} simplify={simplify} on {p:?}");
                }
            }
            // Every set-up the portfolio may use: the renumbered and negated formulas must
            // decode to the same grids.
            let shuffled = [
                Flavour {
                    shuffle: 7,
                    ..Flavour::PLAIN
                },
                Flavour {
                    config: "sat",
                    false_first: true,
                    shuffle: 3,
                },
            ];
            for flavour in [Flavour::PLAIN]
                .into_iter()
                .chain(portfolio::MEMBERS)
                .chain(shuffled)
            {
                assert_eq!(flavour_set(&p, flavour), want, "{flavour:?} on {p:?}");
            }
            compared += 1;
        }
    }
    assert!(
        compared > 100 && empty > 5,
        "{compared} compared, {empty} unsolvable, {many} skipped"
    );
}

/// Every solution of `p` from a solver set up as `flavour`.
fn flavour_set(p: &Puzzle, flavour: Flavour) -> BTreeSet<Vec<u8>> {
    let mut solver = SatSolver::flavoured(p, CnfOptions::fastest_for(p), flavour).unwrap();
    let mut got = BTreeSet::new();
    while let Some(g) = solver.next_solution().unwrap() {
        assert!(got.insert(g.cells().to_vec()), "repeated solution");
        assert!(got.len() <= LIMIT);
    }
    got
}

/// `solution` with every cell of `k` random values blanked: at least k! solutions (permute the
/// k values), and often more.
fn without_values(base: &Puzzle, solution: &Grid, k: usize, rng: &mut XorShift) -> Puzzle {
    let mut values = BTreeSet::new();
    while values.len() < k {
        values.insert(1 + rng.below(solution.rows()) as u8);
    }
    let mut givens = solution.clone();
    for c in 0..solution.len() {
        if values.contains(&solution.get(c)) {
            givens.set(c, 0);
        }
    }
    match base {
        Puzzle::Sudoku(s) => Sudoku::new(s.layout().clone(), givens).unwrap().into(),
        Puzzle::Suguru(_) | Puzzle::Described(_) => unreachable!("Sudoku only"),
    }
}

/// Random 25×25 puzzles cut from a Frisch puzzle's solution (80–95 % of the cells kept, a wrong
/// value now and then, or every cell of two or three values blanked): the portfolio that `solve` uses on N ≥ 25 finds exactly the exact-cover
/// solver's solutions (up to [`LIMIT`]), and the one solution it gives when asked for one is the
/// same however often it is asked.
#[test]
fn portfolio_solution_sets_equal_exact_cover_on_25x25() {
    let case = shipped_cases(|p| p.rows() == 25).remove(0);
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let (mut compared, mut empty, mut several) = (0, 0, 0);
    for round in 0..12 {
        let p = if round % 3 == 2 {
            without_values(&case.puzzle, &case.solution, 2 + round % 2, &mut rng)
        } else {
            random_puzzle(
                &mut rng,
                &case.puzzle,
                &case.solution,
                [95, 90, 85, 80][round % 4],
            )
        };
        let want = cover_set(&p);
        let options = CnfOptions::fastest_for(&p);
        // As `solve` runs it, and with a first run of one check: every member then restarts on
        // a new shuffle again and again, carrying the solutions found so far over as excluded.
        for first_run in [None, Some(1)] {
            let got: BTreeSet<Vec<u8>> = match first_run {
                None => portfolio::solutions_until(&p, options, LIMIT, None),
                Some(b) => portfolio::solutions_restarting(&p, options, LIMIT, None, b),
            }
            .unwrap()
            .iter()
            .map(|g| g.cells().to_vec())
            .collect();
            assert_eq!(got, want, "round {round}, first run {first_run:?}: {p:?}");
        }
        compared += 1;
        empty += want.is_empty() as usize;
        // Asked for one, the members search a half of the puzzle each (one cell's value fixed
        // each way) before the whole: the one they give must be a solution, and none only when
        // there is none. With a first run of 64 checks or of one (every member restarting again
        // and again, in its half and after it).
        for first_run in [64, 1] {
            let one = portfolio::solutions_restarting(&p, options, 1, None, first_run).unwrap();
            assert_eq!(
                one.len(),
                usize::from(!want.is_empty()),
                "round {round}: {p:?}"
            );
            assert!(
                one.iter().all(|g| want.contains(g.cells())),
                "round {round}"
            );
        }
        if want.len() > 1 {
            several += 1;
            // Asked again (the members run on their own threads each time, in another order of
            // arrival), the portfolio must give the same one of the several solutions, restarts
            // (a short first run: several of them) included.
            let one = || portfolio::solutions_restarting(&p, options, 1, None, 64).unwrap();
            let first = one();
            assert_eq!(first.len(), 1);
            assert!(want.contains(first[0].cells()));
            for again in 0..3 {
                assert_eq!(one(), first, "round {round}, asked again ({again})");
            }
        }
    }
    assert!(
        compared == 12 && empty >= 1 && several >= 4,
        "{compared} compared, {empty} unsolvable, {several} with several solutions"
    );
}

/// A check limit answers exactly when a member finishes below it, and whether it does depends on
/// nothing but the puzzle and the limit: on a 25×25 with 40 % of a shipped solution given, asked
/// for two solutions (as the generator asks), the smallest limit that answers is found by doubling
/// and bisection (about 190 checks; three seconds in all, most of it building the formula for
/// each probe). One check less answers nothing; asked again at the threshold it answers again
/// (the members run on their own threads, in another order of arrival each time), with the
/// unlimited race's answer. If a member's count depended on timing, the probes would disagree.
/// (On Frisch's #1 itself the threshold is 55,904 checks, and the search took five minutes.)
#[test]
fn a_check_limit_answers_from_one_threshold_on() {
    let case = shipped_cases(|p| p.rows() == 25).remove(0);
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let p = &random_puzzle(&mut rng, &case.puzzle, &case.solution, 40);
    let options = CnfOptions::fastest_for(p);
    let within =
        |limit: u64| portfolio::solutions_within_checks(p, options, 2, None, limit).unwrap();
    assert_eq!(within(1), None, "a 25×25 is not decided in one check");
    let mut high = 2;
    while within(high).is_none() {
        high *= 2;
    }
    let mut low = high / 2; // answers nothing
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        match within(mid) {
            Some(_) => high = mid,
            None => low = mid,
        }
    }
    let unlimited = portfolio::solutions_until(p, options, 2, None).unwrap();
    assert_eq!(within(high).as_ref(), Some(&unlimited), "threshold {high}");
    assert_eq!(
        within(high).as_ref(),
        Some(&unlimited),
        "threshold {high}, asked again"
    );
    assert_eq!(within(high - 1), None, "threshold {high}");
}
