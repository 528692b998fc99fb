//! Described puzzles end to end: every shipped puzzle reads back from its description
//! (`show --as spec`), and a puzzle the project has never seen — generated here on a shape written
//! here — goes through `info`, `verify`, `solve`, `count`, `stats`, `explore` and `reduce` to every
//! target, each answer solved by the real tool (in-process for hcp) and decoded to its solution.
//! A target whose tool is not installed prints `SKIPPED` (scripts/install-solvers.sh and
//! scripts/notebooks.sh install them; CI does).

mod common;
mod pytools;

use common::{gridreduce, ok, text};
use gridreduce::formats::spec;
use gridreduce::reduce::harness::{SOLVED_COLLECTIONS, shipped_entries};
use std::path::Path;
use std::process::Command;

#[test]
fn every_shipped_puzzle_reads_back_from_its_description() {
    let mut others: Vec<&str> = vec![
        "sudoku/royle17.txt",
        "sudoku/sudoku17_complete_49158.txt",
        "sudoku/nonunique/serg_benchmark.txt",
    ];
    others.retain(|rel| gridreduce::reduce::harness::data_dir().join(rel).is_file());
    let mut kinds = std::collections::BTreeSet::new();
    for rel in SOLVED_COLLECTIONS.iter().chain(&others) {
        for e in shipped_entries(rel).into_iter().take(120) {
            let text = spec::to_text(&e.name, &e.puzzle, e.solution.as_ref());
            let back = spec::parse_entries(Path::new("back.yaml"), text.as_bytes(), "x");
            assert_eq!(back.len(), 1, "{rel}#{}", e.index);
            let b = back[0]
                .as_ref()
                .unwrap_or_else(|err| panic!("{rel}#{}: {err}\n{text}", e.index));
            assert_eq!(b.puzzle, e.puzzle, "{rel}#{}", e.index);
            assert_eq!(b.solution, e.solution, "{rel}#{}", e.index);
            assert_eq!(b.name, e.name);
            kinds.insert(e.puzzle.kind());
        }
    }
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [
            "custom",
            "latin",
            "sudoku",
            "sudoku-disjoint",
            "sudoku-x",
            "suguru",
            "windoku"
        ]
    );
}

/// A shape no built-in kind has: four L-shaped choice groups of four cells on a 4×4 grid, the
/// columns, and a layer of two groups that leaves the middle cells out.
const SHAPE: &str = "\
name: never-seen
kind: custom
choice: |
  a a a b
  a c b b
  c c d b
  c d d d
layers:
  - name: columns
    groups: columns
  - name: corners
    groups: |
      1 . . 2
      . . . .
      . . . .
      2 . . 1
";

fn present(tool: &str, arg: &str) -> bool {
    let ok = Command::new(tool)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success() || !o.stdout.is_empty());
    if !ok {
        eprintln!("SKIPPED: {tool} not installed (scripts/install-solvers.sh installs it)");
    }
    ok
}

/// Runs `tool args…` with stdout to `answer`; the tool's own exit code is not checked (SAT
/// solvers exit 10 on "satisfiable"), its answer is, by `decode`.
fn solve_with(tool: &str, args: &[&str], answer: &Path) {
    let out = Command::new(tool).args(args).output().unwrap();
    std::fs::write(answer, &out.stdout).unwrap();
}

#[test]
fn a_puzzle_never_seen_goes_through_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    std::fs::write(d("shape.yaml"), SHAPE).unwrap();
    ok(&gridreduce(&[
        "generate",
        "like",
        &d("shape.yaml"),
        "--seed",
        "3",
        "-o",
        &d("p.yaml"),
    ]));
    let p = d("p.yaml");
    let entry = gridreduce::formats::read_collection(Path::new(&p), &Default::default())
        .unwrap()
        .entries
        .remove(0)
        .unwrap();
    let solution = entry.solution.clone().unwrap();
    assert!(entry.puzzle.verify(&solution).is_empty());
    let grid = solution.to_string().trim_end().to_string();

    let info = gridreduce(&["info", &p]);
    ok(&info);
    assert!(
        text(&info.stdout).contains("custom 4x4"),
        "{}",
        text(&info.stdout)
    );
    ok(&gridreduce(&["verify", &p]));
    for via in ["auto", "search", "sat", "ilp", "hcp", "cover", "human"] {
        let out = gridreduce(&["solve", &p, "--via", via]);
        ok(&out);
        assert_eq!(text(&out.stdout).trim_end(), grid, "solve --via {via}");
    }
    let out = gridreduce(&["count", &p, "--limit", "5"]);
    ok(&out);
    assert!(
        text(&out.stdout).ends_with(": 1\n"),
        "{}",
        text(&out.stdout)
    );
    ok(&gridreduce(&["stats", &p, "--csv", &d("s.csv")]));
    let csv = std::fs::read_to_string(d("s.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2, "{csv}");
    ok(&gridreduce(&["explore", &p, "-o", &d("site")]));
    assert!(dir.path().join("site/index.html").is_file());

    // Every target: the instance, the real tool's answer, decoded to the solution.
    let decode = |target: &str, answer: &str| {
        let out = gridreduce(&["decode", &d(&format!("{target}.map")), answer]);
        ok(&out);
        assert_eq!(text(&out.stdout).trim_end(), grid, "decode {target}");
    };
    let reduce = |target: &str, out: &str| {
        ok(&gridreduce(&["reduce", &p, "--to", target, "-o", &d(out)]));
    };
    reduce("hcp", "hcp");
    ok(&gridreduce(&[
        "hcp",
        "solve",
        &d("hcp.hcp"),
        "-o",
        &d("hcp.tour"),
    ]));
    decode("hcp", &d("hcp.tour"));
    reduce("cnf", "cnf");
    if present("cadical", "--version") {
        solve_with("cadical", &["-q", &d("cnf.cnf")], Path::new(&d("cnf.out")));
        decode("cnf", &d("cnf.out"));
    }
    reduce("lp", "lp");
    if present("cbc", "-quit") {
        solve_with(
            "cbc",
            &[&d("lp.lp"), "solve", "solu", &d("lp.sol")],
            Path::new(&d("cbc.log")),
        );
        decode("lp", &d("lp.sol"));
    }
    reduce("mzn", "mzn");
    if present("minizinc", "--version") {
        solve_with(
            "minizinc",
            &["--solver", "gecode", &d("mzn.mzn")],
            Path::new(&d("mzn.out")),
        );
        decode("mzn", &d("mzn.out"));
    }
    reduce("opb", "opb");
    if present("clasp", "--version") {
        solve_with("clasp", &[&d("opb.opb")], Path::new(&d("opb.out")));
        decode("opb", &d("opb.out"));
    }
    reduce("xcc", "xcc");
    if let Some(python) = pytools::python_with(&["xcover"], "xcc of a described puzzle") {
        let out = pytools::run(&python, "scripts/xcc-solve.py", &[&d("xcc.xcc")]);
        std::fs::write(d("xcc.out"), &out.stdout).unwrap();
        decode("xcc", &d("xcc.out"));
    }
    reduce("qubo", "qubo");
    if let Some(python) =
        pytools::python_with(&["dimod", "dwave.samplers"], "qubo of a described puzzle")
    {
        let out = pytools::run(
            &python,
            "scripts/qubo-anneal.py",
            &[&d("qubo.json"), "--reads", "20", "--seed", "1"],
        );
        assert!(out.status.success(), "{out:?}");
        std::fs::write(d("qubo.answer.json"), &out.stdout).unwrap();
        let out = gridreduce(&["decode", &d("qubo.map"), &d("qubo.answer.json")]);
        ok(&out);
        assert_eq!(text(&out.stdout).trim_end(), grid, "decode qubo");
    }
}
