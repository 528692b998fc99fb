//! The `xcc` route (exact cover with colours, DLX1/DLX2 text): round trip and size formulas over
//! every shipped puzzle with a known solution, agreement with brute force on small random puzzles
//! (through `cover`'s Algorithm X and through the real `xcover`), the real solver on shipped 9×9
//! and Suguru, and one-line errors for bad answers.

mod common;
mod pytools;

use common::{Rng, SolutionKinds, brute_force, random_sudoku4, random_suguru};
use gridreduce::cover::{ExactCover, solutions};
use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::{Case, round_trip, shipped_cases};
use gridreduce::reduce::{Problem, Reduction};
use gridreduce::route::xcc::{PuzzleToXcc, parse_answer, read_answer, write_xcc};

fn round_trip_all(cases: &[Case]) {
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in cases {
        let r = PuzzleToXcc::new(&case.puzzle).unwrap();
        if let Err(e) = round_trip(&r, &case.solution) {
            failures.push(format!("{}: {e}", case.name));
        }
        // DLX1/DLX2 keep at most 8 characters of a name.
        let x = r.target();
        if let Some(long) = x.primary.iter().chain(&x.secondary).find(|n| n.len() > 8) {
            failures.push(format!("{}: item name {long} is longer than 8", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// 4×4 and 9×9 Sudoku and every Suguru: the whole round trip with the declared size formulas.
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

/// Random 4×4 Sudoku and small Suguru with 0, 1 and many solutions.
fn small_random_puzzles(count_sudoku: usize, count_suguru: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = Rng(seed);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for i in 0..count_sudoku {
        puzzles.push(random_sudoku4(rng.below(10), i % 3 == 0, &mut rng).into());
    }
    for i in 0..count_suguru {
        let (rows, cols) = match i % 5 {
            0 => (1, 1 + rng.below(8)),
            1 => (1 + rng.below(6), 1),
            _ => (2 + rng.below(3), 2 + rng.below(3)),
        };
        let givens = rng.below(rows * cols / 2 + 1);
        puzzles.push(random_suguru(rows, cols, 5, givens, &mut rng).into());
    }
    puzzles
}

fn sorted(mut grids: Vec<Grid>) -> Vec<Grid> {
    grids.sort_by(|a, b| a.cells().cmp(b.cells()));
    grids
}

/// Every cover of the named instance (Algorithm X on its items and options) decodes to a
/// solution, and the decoded grids are exactly the brute-force solutions.
#[test]
fn every_cover_equals_brute_force() {
    let mut kinds = SolutionKinds::default();
    for p in small_random_puzzles(120, 300, 2027) {
        let r = PuzzleToXcc::new(&p).unwrap();
        let x = r.target();
        let plain = ExactCover {
            primary: x.primary.len(),
            secondary: x.secondary.len(),
            rows: x.options.clone(),
        };
        let grids = solutions(&plain, None)
            .iter()
            .map(|c| r.extract(c).expect("a cover decodes"))
            .collect();
        let expected = brute_force(&p);
        assert_eq!(sorted(grids), expected, "{p:?}");
        kinds.add(expected.len());
    }
    assert!(kinds.fewest() > 20, "{kinds}");
}

/// The written file, solved by the real `xcover` (every cover, `--all`), decodes to exactly the
/// brute-force solutions: the file format and the names are read by an independent solver.
#[test]
fn every_xcover_cover_equals_brute_force() {
    let Some(python) = pytools::python_with(&["xcover"], "every_xcover_cover_equals_brute_force")
    else {
        return;
    };
    // One run over all files: xcover's import and compilation take seconds.
    let dir = tempfile::tempdir().unwrap();
    let puzzles = small_random_puzzles(15, 30, 11);
    let mut paths = Vec::new();
    let mut reductions = Vec::new();
    for (k, p) in puzzles.iter().enumerate() {
        let r = PuzzleToXcc::new(p).unwrap();
        let path = dir.path().join(format!("p{k}.xcc"));
        write_xcc(
            &mut std::fs::File::create(&path).unwrap(),
            &r,
            &format!("random {k}"),
        )
        .unwrap();
        paths.push(path.to_str().unwrap().to_string());
        reductions.push(r);
    }
    let mut args = vec!["--all"];
    args.extend(paths.iter().map(String::as_str));
    let out = pytools::run(&python, "scripts/xcc-solve.py", &args);
    assert_ne!(out.status.code(), Some(2), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    // `| FILE` starts a file's part, `N:` one answer within it.
    let mut parts: Vec<(bool, Vec<String>)> = Vec::new();
    for line in stdout.lines() {
        if line.starts_with("| ") {
            if line.ends_with(": no cover") {
                parts.last_mut().unwrap().0 = true;
            } else {
                parts.push((false, Vec::new()));
            }
        } else if line.ends_with(':') {
            parts.last_mut().unwrap().1.push(String::new());
        } else {
            let answer = parts.last_mut().unwrap().1.last_mut().unwrap();
            answer.push_str(line);
            answer.push('\n');
        }
    }
    assert_eq!(parts.len(), puzzles.len());
    let mut kinds = SolutionKinds::default();
    for ((p, r), (no_cover, answers)) in puzzles.iter().zip(&reductions).zip(&parts) {
        let grids = answers
            .iter()
            .map(|a| r.extract(&parse_answer(a.as_bytes(), r).unwrap()).unwrap())
            .collect();
        let expected = brute_force(p);
        assert_eq!(sorted(grids), expected, "{p:?}");
        assert_eq!(*no_cover, expected.is_empty());
        kinds.add(expected.len());
    }
    assert!(kinds.fewest() > 2, "{kinds}");
}

/// Shipped 9×9 Sudoku and Suguru: the file solved by `scripts/xcc-solve.py` (xcover) decodes to the
/// known solution.
#[test]
fn xcover_solves_shipped_9x9_and_suguru() {
    let Some(python) = pytools::python_with(&["xcover"], "xcover_solves_shipped_9x9_and_suguru")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let all = shipped_cases(|_| true);
    let picks = [
        "sudoku/norvig_top95.txt#1",
        "sudoku/forum_hardest_1106.txt#1",
        "suguru/backtrack-180.txt#1",
        "suguru/backtrack-180.txt#180",
    ];
    let mut files = Vec::new();
    for (k, name) in picks.iter().enumerate() {
        let case = all.iter().find(|c| c.name == *name).expect(name);
        let r = PuzzleToXcc::new(&case.puzzle).unwrap();
        let xcc = dir.path().join(format!("p{k}.xcc"));
        write_xcc(&mut std::fs::File::create(&xcc).unwrap(), &r, name).unwrap();
        files.push(xcc.to_str().unwrap().to_string());
    }
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = pytools::run(&python, "scripts/xcc-solve.py", &args);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = stdout.split("| ").skip(1).collect();
    assert_eq!(answers.len(), picks.len());
    for ((name, file), answer) in picks.iter().zip(&files).zip(answers) {
        let case = all.iter().find(|c| c.name == *name).unwrap();
        let r = PuzzleToXcc::new(&case.puzzle).unwrap();
        let path = dir.path().join("answer.txt");
        // Each part starts with its file name (the rest of the `| FILE` line).
        let text = answer.strip_prefix(file.as_str()).expect("file line");
        std::fs::write(&path, text).unwrap();
        let chosen = read_answer(&path, &r).unwrap();
        assert!(r.target().check(&chosen).is_ok());
        assert_eq!(r.extract(&chosen).unwrap(), case.solution, "{name}");
    }
}

/// A bad answer file gives a one-line error naming the file and the line; a wrong cover is
/// refused by `extract`.
#[test]
fn bad_answers_name_file_and_line() {
    let case = &shipped_cases(|p| p.rows() == 4)[0];
    let r = PuzzleToXcc::new(&case.puzzle).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    let write = |text: &[u8]| std::fs::write(&path, text).unwrap();
    let err = |what: &str| {
        let e = read_answer(&path, &r).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        assert!(e.starts_with(&path.display().to_string()), "{what}: {e}");
        e
    };
    write(b"| a comment\n\np1.1 nowhere\n");
    assert!(err("unknown item").contains(":3: \"nowhere\" is not an item"));
    write(b"p1.1 p1.2\n");
    assert!(err("two cells").contains(":1: this line is not an option"));
    write(b"ok\xff\n");
    assert!(err("bytes").contains("UTF-8"));
    write(b"");
    assert!(err("empty").contains("no option"));
    // A valid option list that is not a cover.
    let witness = r.witness(&case.solution).unwrap();
    let half: Vec<String> = witness[..8].iter().map(|k| k.to_string()).collect();
    write(half.join("\n").as_bytes());
    let chosen = read_answer(&path, &r).unwrap();
    let e = r.extract(&chosen).unwrap_err().to_string();
    assert!(e.contains("is not covered"), "{e}");
}
