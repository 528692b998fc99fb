//! The `qubo` route: round trip and size formulas over every shipped puzzle with a known solution;
//! the ground-energy claim (every solution has energy 0, everything else > 0) exhaustively on tiny
//! puzzles with 0, 1 and many solutions and by sampling on shipped ones; the files read by the real
//! dimod; simulated annealing (dwave-samplers) on 4×4 Sudoku and a small Suguru, decoded back to
//! the known solution; one-line errors for bad answers.

mod common;
mod pytools;

use common::{Rng, SolutionKinds, brute_force, random_sudoku4, random_suguru};
use gridreduce::puzzle::Puzzle;
use gridreduce::reduce::harness::{Case, round_trip, shipped_cases};
use gridreduce::reduce::{Problem, Reduction};
use gridreduce::route::qubo::{PuzzleToQubo, read_answer, write_coo, write_json};

fn round_trip_all(cases: &[Case]) {
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in cases {
        let r = PuzzleToQubo::new(&case.puzzle).unwrap();
        if let Err(e) = round_trip(&r, &case.solution) {
            failures.push(format!("{}: {e}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn round_trip_and_sizes_on_shipped_puzzles() {
    let cases = shipped_cases(|p| p.rows() <= 10);
    assert!(cases.len() > 800, "{} cases", cases.len());
    round_trip_all(&cases);
}

#[test]
#[ignore = "16×16 and 25×25 Sudoku: slow in debug builds"]
fn round_trip_and_sizes_on_big_shipped_puzzles() {
    round_trip_all(&shipped_cases(|p| p.rows() > 10));
}

/// On tiny puzzles (at most 16 variables), over all 2^n assignments: the minimum energy is 0 iff
/// the puzzle is solvable, and the zero-energy assignments are exactly the witnesses of the
/// brute-force solutions.
#[test]
fn zero_energy_assignments_are_exactly_the_solutions() {
    let mut rng = Rng(99);
    let mut kinds = SolutionKinds::default();
    let mut tried = 0;
    while kinds.fewest() < 15 && tried < 20_000 {
        tried += 1;
        let p: Puzzle = if tried % 4 == 0 {
            random_sudoku4(14 + rng.below(3), tried % 8 == 0, &mut rng).into()
        } else {
            let (rows, cols) = match rng.below(3) {
                0 => (1, 1 + rng.below(6)),
                1 => (2, 2),
                _ => (2, 3),
            };
            let givens = rng.below(rows * cols / 2 + 1);
            random_suguru(rows, cols, 4, givens, &mut rng).into()
        };
        let r = PuzzleToQubo::new(&p).unwrap();
        let q = r.target();
        let n = q.variables();
        if n > 16 {
            continue;
        }
        let mut zero = Vec::new();
        let mut x = vec![false; n];
        for mask in 0u32..1 << n {
            for (k, bit) in x.iter_mut().enumerate() {
                *bit = mask >> k & 1 == 1;
            }
            let e = q.energy(&x);
            assert!(e >= 0, "{p:?}: energy {e}");
            if e == 0 {
                zero.push(x.clone());
            }
        }
        let mut witnesses: Vec<Vec<bool>> = brute_force(&p)
            .iter()
            .map(|s| r.witness(s).unwrap())
            .collect();
        witnesses.sort();
        zero.sort();
        assert_eq!(zero, witnesses, "{p:?}");
        kinds.add(witnesses.len());
    }
    assert!(kinds.fewest() >= 15, "{kinds} after {tried}");
}

/// Shipped 4×4, 9×9 and Suguru: the solution has energy 0; every one-bit flip of it, random
/// assignments and random one-value-per-cell assignments that are not the solution have energy > 0.
#[test]
fn sampled_non_solutions_have_positive_energy() {
    let mut rng = Rng(5);
    let cases = shipped_cases(|p| p.rows() <= 10);
    for case in cases.iter().step_by(7) {
        let r = PuzzleToQubo::new(&case.puzzle).unwrap();
        let q = r.target();
        let mut x = r.witness(&case.solution).unwrap();
        assert_eq!(q.energy(&x), 0, "{}", case.name);
        for k in 0..x.len() {
            x[k] = !x[k];
            assert!(q.energy(&x) > 0, "{}: flip {k}", case.name);
            x[k] = !x[k];
        }
        for _ in 0..20 {
            let random: Vec<bool> = (0..x.len()).map(|_| rng.below(2) == 1).collect();
            assert!(random == x || q.energy(&random) > 0, "{}", case.name);
            // One candidate per cell, chosen at random: a grid, usually a wrong one.
            let mut grid = case.solution.clone();
            for cell in 0..grid.len() {
                let (lo, hi) = candidate_range(&r, cell);
                grid.set(cell, r.meaning(lo + rng.below(hi - lo)).1);
            }
            let y = r.witness(&grid).unwrap();
            assert_eq!(q.energy(&y) == 0, grid == case.solution, "{}", case.name);
        }
    }
}

/// Variables `lo..hi` of a cell (a cell's variables are consecutive).
fn candidate_range(r: &PuzzleToQubo, cell: usize) -> (usize, usize) {
    let n = r.target().variables();
    let lo = (0..n).find(|&k| r.meaning(k).0 as usize == cell).unwrap();
    let hi = (lo..n)
        .find(|&k| r.meaning(k).0 as usize != cell)
        .unwrap_or(n);
    (lo, hi)
}

fn case(name: &str) -> Case {
    shipped_cases(|p| p.rows() <= 10)
        .into_iter()
        .find(|c| c.name == name)
        .expect(name)
}

/// dimod reads both files: the JSON model has the written offset and sizes, the COO model equals it
/// without the offset, and the solution's energy in dimod is 0.
#[test]
fn dimod_reads_json_and_coo() {
    let Some(python) = pytools::python_with(&["dimod"], "dimod_reads_json_and_coo") else {
        return;
    };
    let c = case("suguru/backtrack-180.txt#1");
    let r = PuzzleToQubo::new(&c.puzzle).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("q.json");
    let coo = dir.path().join("q.coo");
    write_json(
        &mut std::fs::File::create(&json).unwrap(),
        &r,
        "a \"title\"",
    )
    .unwrap();
    write_coo(&mut std::fs::File::create(&coo).unwrap(), &r, "title").unwrap();
    let x = r.witness(&c.solution).unwrap();
    let bits: Vec<&str> = x.iter().map(|&b| if b { "1" } else { "0" }).collect();
    let check = format!(
        "import dimod, json, sys\n\
         from dimod.serialization import coo\n\
         j = dimod.BinaryQuadraticModel.from_serializable(json.load(open({json:?})))\n\
         c = coo.load(open({coo:?}))\n\
         x = dict(enumerate([{}]))\n\
         assert j.vartype == dimod.BINARY and c.vartype == dimod.BINARY\n\
         j2 = j.copy(); j2.offset = 0\n\
         assert j2 == c, 'coo differs'\n\
         print(j.num_variables, j.num_interactions, j.offset, j.energy(x), c.energy(x))\n",
        bits.join(", ")
    );
    let out = std::process::Command::new(&python)
        .args(["-c", &check])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let q = r.target();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        format!(
            "{} {} {}.0 0.0 -{}.0",
            q.variables(),
            q.quadratic.len(),
            q.offset,
            q.offset
        )
    );
}

/// Simulated annealing (scripts/qubo-anneal.py, fixed seed) on a shipped 4×4 Sudoku and the
/// smallest shipped Suguru: the lowest-energy sample decodes to the known solution. With a fixed
/// seed the sampler is deterministic.
#[test]
fn annealing_solves_4x4_and_a_small_suguru() {
    let Some(python) = pytools::python_with(
        &["dimod", "dwave.samplers"],
        "annealing_solves_4x4_and_a_small_suguru",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "sudoku/sudoku4_vu_kr_100.txt#1",
        "suguru/backtrack-180.txt#1",
    ] {
        let c = case(name);
        let r = PuzzleToQubo::new(&c.puzzle).unwrap();
        let json = dir.path().join("q.json");
        write_json(&mut std::fs::File::create(&json).unwrap(), &r, name).unwrap();
        let out = pytools::run(
            &python,
            "scripts/qubo-anneal.py",
            &[json.to_str().unwrap(), "--reads", "20", "--seed", "1"],
        );
        assert!(out.status.success(), "{name}: {out:?}");
        let samples = dir.path().join("samples.json");
        std::fs::write(&samples, &out.stdout).unwrap();
        let x = read_answer(&samples, &r).unwrap();
        assert_eq!(r.extract(&x).unwrap(), c.solution, "{name}");
    }
}

/// Bad answers: one line naming the file (and the line for text), and an energy > 0 is refused by
/// `extract` with the broken rule.
#[test]
fn bad_answers_are_one_line_errors() {
    let c = case("sudoku/sudoku4_vu_kr_100.txt#1");
    let r = PuzzleToQubo::new(&c.puzzle).unwrap();
    let n = r.target().variables();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("answer");
    let err = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let e = read_answer(&path, &r).unwrap_err().to_string();
        assert!(
            !e.contains('\n') && e.starts_with(&path.display().to_string()),
            "{e}"
        );
        e
    };
    assert!(err("0 1 x").contains(":1: \"x\" is not a 0/1 value"));
    assert!(err("{\"type\": \"SampleSet\"").contains(":1:"));
    assert!(err("{\"type\": \"BinaryQuadraticModel\"}").contains("not a dimod SampleSet"));
    assert!(err(&"0 ".repeat(n - 1)).contains("values, the QUBO has"));
    std::fs::write(&path, "0".repeat(n)).unwrap();
    let x = read_answer(&path, &r).unwrap();
    let e = r.extract(&x).unwrap_err().to_string();
    assert!(
        e.contains("energy") && e.contains("not a solution: r1c"),
        "{e}"
    );
    assert!(r.target().check(&x).is_err());
}
