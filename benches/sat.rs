//! SAT (and a little ILP) speed on the shipped data, single-threaded except `auto_batch` (what
//! plain `solve` does, on every core); figures in docs/sat-ilp.md and docs/routes.md.
//!
//! `cargo bench --bench sat` runs everything (a few minutes); pass a filter to run one group, e.g.
//! `cargo bench --bench sat -- suguru_each`. Every timed call includes building the formula from
//! the parsed puzzle, loading it into a fresh CaDiCaL and reading the grid back (as the Suguru
//! paper's MiniSat times include building the clauses).

use divan::Bencher;
use divan::counter::ItemsCount;
use gridreduce::puzzle::Puzzle;
use gridreduce::reduce::harness::shipped_puzzles as load;
use gridreduce::sat::{CnfOptions, Encoding, solutions};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

static SUGURU: LazyLock<Vec<Puzzle>> = LazyLock::new(|| load("suguru/backtrack-180.txt"));
static SUDOKU17: LazyLock<Vec<Puzzle>> =
    LazyLock::new(|| load("sudoku/sudoku17_complete_49158.txt"));
static SUDOKU16: LazyLock<Vec<Puzzle>> = LazyLock::new(|| {
    let mut all = load("sudoku/sudoku16_vu_kr_100.txt");
    all.extend(load("sudoku/sudoku16_gecode_janko_55.txt"));
    all
});
static SUDOKU25: LazyLock<Vec<Puzzle>> =
    LazyLock::new(|| load("sudoku/sudoku25_gecode_frisch_16.txt"));
// `load` reads below data/; these are bench-only (benches/data/README.md).
static SUDOKU36_HALF: LazyLock<Vec<Puzzle>> =
    LazyLock::new(|| load("../benches/data/sudoku36_half_6.txt"));
static SUDOKU36_UNIQUE: LazyLock<Vec<Puzzle>> =
    LazyLock::new(|| load("../benches/data/sudoku36_unique_4.txt"));

fn solve_one(puzzle: &Puzzle, options: CnfOptions) {
    let found = solutions(puzzle, options, 1).expect("solvable");
    assert_eq!(found.len(), 1);
    divan::black_box(found);
}

fn options(encoding: Encoding, simplify: bool) -> CnfOptions {
    CnfOptions { encoding, simplify }
}

/// Each of the 180 Suguru puzzles (by file index, 1-based), default settings (compact, simplified).
#[divan::bench(args = 1..=180, sample_count = 30, sample_size = 10)]
fn suguru_each(bencher: Bencher, index: usize) {
    let p = &SUGURU[index - 1];
    bencher.bench(|| solve_one(p, CnfOptions::fastest_for(p)));
}

/// All 180 Suguru puzzles per iteration, per encoding (plain = givens as units).
#[divan::bench(
    args = ["paper", "paper+simplify", "compact", "compact+simplify", "extended+simplify"],
    sample_count = 5,
    sample_size = 1
)]
fn suguru_all_by_encoding(bencher: Bencher, setting: &str) {
    let (name, simplify) = match setting.split_once('+') {
        Some((n, _)) => (n, true),
        None => (setting, false),
    };
    let o = options(Encoding::from_name(name).unwrap(), simplify);
    bencher
        .counter(ItemsCount::new(SUGURU.len()))
        .bench(|| SUGURU.iter().for_each(|p| solve_one(p, o)));
}

/// The first 2,000 of the 49,158 17-clue puzzles per iteration, per encoding.
#[divan::bench(
    args = ["minimal", "efficient", "extended", "compact", "minimal+simplify", "efficient+simplify", "extended+simplify", "compact+simplify"],
    sample_count = 3,
    sample_size = 1
)]
fn sudoku17_2000_by_encoding(bencher: Bencher, setting: &str) {
    let (name, simplify) = match setting.split_once('+') {
        Some((n, _)) => (n, true),
        None => (setting, false),
    };
    let o = options(Encoding::from_name(name).unwrap(), simplify);
    let set = &SUDOKU17[..2000];
    bencher
        .counter(ItemsCount::new(set.len()))
        .bench(|| set.iter().for_each(|p| solve_one(p, o)));
}

fn find_one(puzzle: &Puzzle) {
    let found = gridreduce::sat::find(puzzle, 1).expect("solvable");
    assert_eq!(found.len(), 1);
    divan::black_box(found);
}

/// The first 2,000 17-clue puzzles through `sat::find` (one reused solver for the 9×9 shape,
/// givens as assumptions).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn sudoku17_2000_shape_solver(bencher: Bencher) {
    let set = &SUDOKU17[..2000];
    bencher
        .counter(ItemsCount::new(set.len()))
        .bench(|| set.iter().for_each(find_one));
}

/// All 49,158 17-clue puzzles, one iteration, through `sat::find` (the `solve --via sat` path).
#[divan::bench(sample_count = 1, sample_size = 1)]
fn sudoku17_all(bencher: Bencher) {
    let set = &*SUDOKU17;
    bencher
        .counter(ItemsCount::new(set.len()))
        .bench(|| set.iter().for_each(find_one));
}

/// Uniqueness check (solve, block, solve again) on the first 2,000 17-clue puzzles.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn sudoku17_2000_is_unique(bencher: Bencher) {
    let set = &SUDOKU17[..2000];
    bencher.counter(ItemsCount::new(set.len())).bench(|| {
        for p in set {
            assert!(gridreduce::sat::is_unique(p).unwrap());
        }
    });
}

fn large(bencher: Bencher, set: &[Puzzle], setting: &str) {
    let run: Box<dyn Fn(&Puzzle) + Sync> = match setting {
        "shape-solver" => Box::new(find_one),
        s => {
            let o = options(
                Encoding::from_name(s.split('+').next().unwrap()).unwrap(),
                true,
            );
            Box::new(move |p| solve_one(p, o))
        }
    };
    bencher
        .counter(ItemsCount::new(set.len()))
        .bench(|| set.iter().for_each(&run));
}

/// The 155 shipped 16×16 puzzles per iteration.
#[divan::bench(args = ["extended+simplify", "compact+simplify", "shape-solver"], sample_count = 3, sample_size = 1)]
fn sudoku16_all(bencher: Bencher, setting: &str) {
    large(bencher, &SUDOKU16, setting);
}

/// The 16 shipped 25×25 puzzles (Frisch's minimal ones, hard for CDCL: seconds each), once,
/// default settings (extended, simplified).
#[divan::bench(sample_count = 1, sample_size = 1)]
fn sudoku25_all(bencher: Bencher) {
    large(bencher, &SUDOKU25, "extended+simplify");
}

/// ILP (microlp, or HiGHS with --features highs) on the first 20 17-clue puzzles and on the
/// Suguru set, for scale.
#[divan::bench(sample_count = 1, sample_size = 1)]
fn ilp_sudoku17_first20(bencher: Bencher) {
    let set = &SUDOKU17[..20];
    bencher.counter(ItemsCount::new(set.len())).bench(|| {
        set.iter()
            .for_each(|p| assert!(gridreduce::ilp::solve(p).unwrap().is_some()))
    });
}

#[divan::bench(sample_count = 1, sample_size = 1)]
fn ilp_suguru_all(bencher: Bencher) {
    bencher.counter(ItemsCount::new(SUGURU.len())).bench(|| {
        SUGURU
            .iter()
            .for_each(|p| assert!(gridreduce::ilp::solve(p).unwrap().is_some()))
    });
}

/// What plain `gridreduce solve` does (`--via auto`, the batch path on every core, input order
/// kept) on a whole shipped set: the 17-clue 9×9 (first 5,000), 16×16 and Frisch 25×25 sets
/// (docs/routes.md). Per item: one puzzle.
#[divan::bench(args = ["sudoku17-5000", "sudoku16", "frisch25"], sample_count = 1, sample_size = 1)]
fn auto_batch(bencher: Bencher, set: &str) {
    use gridreduce::solvers::{Route, RouteOptions, solve_batch};
    let puzzles: Vec<&Puzzle> = match set {
        "sudoku17-5000" => SUDOKU17.iter().take(5000).collect(),
        "sudoku16" => SUDOKU16.iter().collect(),
        _ => SUDOKU25.iter().collect(),
    };
    bencher.counter(ItemsCount::new(puzzles.len())).bench(|| {
        let answers = solve_batch(&puzzles, Route::Auto, 1, &RouteOptions::default(), 0, 1)
            .expect("threads start");
        assert!(answers.iter().all(|a| a.answer.is_ok()));
        divan::black_box(answers);
    });
}

/// Each Frisch 25×25 puzzle alone through `--via auto` (= the `sat` portfolio: two members on two
/// threads, restarts), what `gridreduce solve` does with one such puzzle (docs/routes.md).
#[divan::bench(args = 0..16, sample_count = 3, sample_size = 1)]
fn frisch25_each(bencher: Bencher, index: usize) {
    auto_one(bencher, &SUDOKU25[index]);
}

/// The 36×36 half-given probes of `benches/data/sudoku36_half_6.txt` that the portfolio solves in
/// seconds (#1 and #6; the others took a minute or more, docs/routes.md).
#[divan::bench(args = [0, 5], sample_count = 3, sample_size = 1)]
fn sudoku36_half(bencher: Bencher, index: usize) {
    auto_one(bencher, &SUDOKU36_HALF[index]);
}

/// The four unique 36×36 puzzles of `benches/data/sudoku36_unique_4.txt` (51–53 % given, at the
/// hardness peak, docs/routes.md) through `--via auto`.
#[divan::bench(args = 0..4, sample_count = 3, sample_size = 1)]
fn sudoku36_unique(bencher: Bencher, index: usize) {
    auto_one(bencher, &SUDOKU36_UNIQUE[index]);
}

/// `count --limit 2` (the uniqueness check: one solution, then the proof that there is no other)
/// of each Frisch 25×25 puzzle through `--via auto`, where a portfolio member that has found the
/// solution no longer restarts (docs/routes.md, "Counting").
#[divan::bench(args = 0..16, sample_count = 1, sample_size = 1)]
fn frisch25_count2_each(bencher: Bencher, index: usize) {
    auto_until(bencher, &SUDOKU25[index], 2);
}

/// `count --limit 2` of the four unique 36×36 puzzles (answer 1: the proof is most of the time).
#[divan::bench(args = 0..4, sample_count = 3, sample_size = 1)]
fn sudoku36_unique_count2(bencher: Bencher, index: usize) {
    auto_until(bencher, &SUDOKU36_UNIQUE[index], 2);
}

/// Building the formula of a 36×36 half-given probe (no solving), full or simplified: the part of
/// every 36×36 SAT solve that does not depend on luck. `--simplify` streams the full formula
/// through two passes instead of storing it (docs/sat-ilp.md).
#[divan::bench(args = [false, true], sample_count = 10, sample_size = 1)]
fn build_formula_36(bencher: Bencher, simplify: bool) {
    let puzzle = &SUDOKU36_HALF[0];
    bencher.bench(|| {
        let r = gridreduce::sat::PuzzleToCnf::new(puzzle, options(Encoding::Extended, simplify))
            .expect("a Sudoku takes extended");
        divan::black_box(r);
    });
}

fn auto_one(bencher: Bencher, puzzle: &Puzzle) {
    auto_until(bencher, puzzle, 1);
}

/// Up to `limit` solutions of `puzzle` through `--via auto`, as `solve` (1) or `count --limit`
/// runs it; every puzzle benched has at least one.
fn auto_until(bencher: Bencher, puzzle: &Puzzle, limit: usize) {
    use gridreduce::sat::SatBatch;
    use gridreduce::solvers::{Route, RouteOptions, solve_one};
    bencher.bench(|| {
        let mut batch = SatBatch::new();
        let answer = solve_one(
            puzzle,
            Route::Auto,
            limit,
            &RouteOptions::default(),
            &mut batch,
        );
        assert!(answer.is_ok_and(|a| !a.grids.is_empty()));
    });
}
