//! Certificates (`count --proof`, `hcp solve --proof`, `check-proof`) checked by the real external
//! checker, drat-trim: every puzzle of the shipped unsolvable sets (a sample of the 9×9 one), unique
//! puzzles of every kind, the non-unique set, and the non-Hamiltonian graphs are certified and
//! accepted; a certificate altered in one place (proof, CNF, puzzle, solution, cut) is refused with
//! one line naming the file.
//!
//! drat-trim is taken from `GRIDREDUCE_DRAT_TRIM` or PATH, else built from its vendored source
//! with `scripts/install-drat-trim.sh` (gcc, about 2 s). Without gcc these tests print `SKIPPED`
//! and pass — except in CI (`CI` set), where a missing checker fails them.

mod common;

use common::{assert_exit, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gridreduce");

/// The drat-trim binary, found or built; `None` (after a visible SKIPPED) when neither works.
fn drat_trim() -> Option<PathBuf> {
    static FOUND: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            if let Some(p) = std::env::var_os("GRIDREDUCE_DRAT_TRIM").filter(|p| !p.is_empty()) {
                return Some(PathBuf::from(p));
            }
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            let built = Command::new(root.join("scripts/install-drat-trim.sh")).output();
            match built {
                Ok(o) if o.status.success() => Some(PathBuf::from(text(&o.stdout).trim())),
                other => {
                    let why = match other {
                        Ok(o) => text(&o.stderr),
                        Err(e) => e.to_string(),
                    };
                    assert!(
                        std::env::var_os("CI").is_none(),
                        "CI needs drat-trim: scripts/install-drat-trim.sh failed: {why}"
                    );
                    eprintln!("SKIPPED: drat-trim could not be built ({why})");
                    None
                }
            }
        })
        .clone()
}

/// `gridreduce ARGS` in the crate root with drat-trim named for the child.
fn run(args: &[&str], checker: &Path) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GRIDREDUCE_DRAT_TRIM", checker)
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Certifies `args` (a `count` command line without `--proof`) into a fresh folder and checks the
/// result; returns the folder and `check-proof`'s lines, all of which must be `accepted`.
fn certify_and_check(args: &[&str], checker: &Path) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    let mut full = args.to_vec();
    full.extend(["--proof", path(&cert)]);
    let out = run(&full, checker);
    assert_exit(&out, 0, &format!("{args:?}"));
    let checked = run(&["check-proof", path(&cert)], checker);
    let lines: Vec<String> = text(&checked.stdout).lines().map(String::from).collect();
    assert_exit(
        &checked,
        0,
        &format!("check-proof of {args:?}: {}", lines.join("\n")),
    );
    assert!(!lines.is_empty());
    for l in &lines {
        assert!(l.contains(": accepted: "), "{l}");
    }
    (dir, lines)
}

#[test]
fn unsolvable_puzzles_are_certified_and_accepted() {
    let Some(checker) = drat_trim() else { return };
    let (_d, lines) = certify_and_check(
        &[
            "count",
            "data/sudoku/unsolvable/sudoku4_vu_kr_contradicted.txt",
        ],
        &checker,
    );
    assert_eq!(lines.len(), 20);
    assert!(
        lines.iter().all(|l| l.contains(": no solution (drat-trim")),
        "{lines:?}"
    );
    // The 9×9 set: a sample of 12 in the debug build (the whole 95: docs/certificates.md).
    let dir = tempfile::tempdir().unwrap();
    let sample = dir.path().join("sample.txt");
    let all = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/sudoku/unsolvable/norvig_top95_contradicted.txt"),
    )
    .unwrap();
    let lines_in: Vec<&str> = all.lines().step_by(8).collect();
    std::fs::write(&sample, lines_in.join("\n") + "\n").unwrap();
    let (_d2, lines) = certify_and_check(&["count", path(&sample)], &checker);
    assert_eq!(lines.len(), lines_in.len());
    assert!(
        lines.iter().all(|l| l.contains(": no solution (drat-trim")),
        "{lines:?}"
    );
}

#[test]
fn unique_puzzles_of_every_kind_are_certified() {
    let Some(checker) = drat_trim() else { return };
    for (file, take) in [
        ("data/sudoku/norvig_top95.txt", "1"),
        ("data/sudoku/sudoku4_vu_kr_100.txt", "7"),
        ("data/sudoku/sudoku16_vu_kr_100.txt", "2"),
        ("data/suguru/backtrack-180.txt", "3"),
        ("data/described/sudoku-x-9.yaml", "1"),
        ("data/described/windoku-9.yaml", "1"),
        ("data/latin/qwh-order10-balanced.yaml", "1"),
        ("data/described/diagonal-latin-5.yaml", "1"),
    ] {
        let (_d, lines) = certify_and_check(&["count", file, "--index", take], &checker);
        assert_eq!(lines.len(), 1, "{file}");
        assert!(
            lines[0].contains(": unique (drat-trim"),
            "{file}: {}",
            lines[0]
        );
    }
}

/// The non-unique set: "exactly k" with k the count `count` gives without a proof.
#[test]
fn non_unique_puzzles_get_exact_counts() {
    let Some(checker) = drat_trim() else { return };
    let file = "data/sudoku/nonunique/serg_benchmark.txt";
    for index in ["1", "2", "6"] {
        let plain = run(
            &["count", file, "--index", index, "--limit", "5000"],
            &checker,
        );
        assert_exit(&plain, 0, "count");
        let k: usize = text(&plain.stdout)
            .trim()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(k > 1);
        let (_d, lines) = certify_and_check(
            &["count", file, "--index", index, "--limit", "5000"],
            &checker,
        );
        assert!(
            lines[0].contains(&format!(": exactly {k} solutions (drat-trim")),
            "{}",
            lines[0]
        );
    }
    // Stopped at the limit: "at least", the solutions are the evidence and no proof is written.
    let (d, lines) = certify_and_check(&["count", file, "--index", "1", "--limit", "3"], &checker);
    assert!(lines[0].contains(": at least 3 solutions"), "{}", lines[0]);
    assert!(!d.path().join("cert/refute.drat").exists());
}

/// `puzzle.cnf` is byte for byte what `reduce --to cnf` writes, and two runs write the same
/// certificate.
#[test]
fn the_certified_formula_is_the_exported_one_and_runs_repeat() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = "data/sudoku/unsolvable/norvig_top95_contradicted.txt";
    let out = dir.path().join("r");
    assert_exit(
        &run(
            &[
                "reduce",
                file,
                "--index",
                "4",
                "--to",
                "cnf",
                "-o",
                path(&out),
            ],
            &checker,
        ),
        0,
        "reduce",
    );
    let mut folders = Vec::new();
    for k in 0..2 {
        let cert = dir.path().join(format!("c{k}"));
        assert_exit(
            &run(
                &["count", file, "--index", "4", "--proof", path(&cert)],
                &checker,
            ),
            0,
            "count --proof",
        );
        folders.push(cert);
    }
    assert_eq!(
        std::fs::read(dir.path().join("r.cnf")).unwrap(),
        std::fs::read(folders[0].join("puzzle.cnf")).unwrap()
    );
    for name in [
        "certificate.json",
        "puzzle.cnf",
        "refute.cnf",
        "refute.drat",
    ] {
        assert_eq!(
            std::fs::read(folders[0].join(name)).unwrap(),
            std::fs::read(folders[1].join(name)).unwrap(),
            "{name} differs between two runs"
        );
    }
}

#[test]
fn non_hamiltonian_graphs_are_certified_and_accepted() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    for g in [
        "petersen", "herschel", "gp-11-2", "gp-17-2", "gp-23-2", "gp-29-2", "gp-59-2",
    ] {
        let cert = dir.path().join(g);
        let graph = format!("data/hcp/nonhamiltonian/{g}.hcp");
        let out = run(&["hcp", "solve", &graph, "--proof", path(&cert)], &checker);
        assert_exit(&out, 1, &graph);
        assert!(text(&out.stdout).contains("no Hamiltonian cycle (certified in"));
        let checked = run(&["hcp", "check-proof", path(&cert)], &checker);
        assert_exit(&checked, 0, &format!("{g}: {}", text(&checked.stdout)));
        assert!(text(&checked.stdout).contains("has no Hamiltonian cycle"));
    }
    // The reduced graph of an unsolvable puzzle.
    let reduced = dir.path().join("u");
    assert_exit(
        &run(
            &[
                "reduce",
                "data/sudoku/unsolvable/sudoku4_vu_kr_contradicted.txt",
                "--index",
                "5",
                "--to",
                "hcp",
                "-o",
                path(&reduced),
            ],
            &checker,
        ),
        0,
        "reduce --to hcp",
    );
    let cert = dir.path().join("u-cert");
    let graph = dir.path().join("u.hcp");
    assert_exit(
        &run(
            &["hcp", "solve", path(&graph), "--proof", path(&cert)],
            &checker,
        ),
        1,
        "hcp solve --proof",
    );
    assert_exit(
        &run(&["check-proof", path(&cert)], &checker),
        0,
        "check-proof",
    );
}

/// A Hamiltonian graph under --proof: the cycle, checked and written, and no certificate folder.
#[test]
fn a_hamiltonian_graph_gives_its_cycle_and_no_certificate() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    let tour = dir.path().join("t.tour");
    let out = run(
        &[
            "hcp",
            "solve",
            "data/hcp/fhcp/graph1.hcp",
            "--proof",
            path(&cert),
            "-o",
            path(&tour),
        ],
        &checker,
    );
    assert_exit(&out, 0, "hcp solve --proof on a Hamiltonian graph");
    assert!(!cert.exists());
    assert_exit(
        &run(
            &["hcp", "check", "data/hcp/fhcp/graph1.hcp", path(&tour)],
            &checker,
        ),
        0,
        "hcp check",
    );
}

/// Copies certificate `from` to a new folder, applies `alter`, and checks it: refused (exit 1)
/// with one line that names `names`.
fn refused_after(from: &Path, alter: impl FnOnce(&Path), names: &str, checker: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), copy.join(e.file_name())).unwrap();
    }
    alter(&copy);
    let out = run(&["check-proof", path(&copy)], checker);
    let stdout = text(&out.stdout);
    assert_exit(&out, 1, &format!("altered ({names}): {stdout}"));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(
        stdout.contains("REFUSED") && stdout.contains(names),
        "{stdout}"
    );
}

fn edit(file: &Path, f: impl FnOnce(String) -> String) {
    let s = std::fs::read_to_string(file).unwrap();
    let t = f(s.clone());
    assert_ne!(s, t, "the edit changed nothing in {}", file.display());
    std::fs::write(file, t).unwrap();
}

/// Cuts `file` to a `keep` share of its bytes.
fn truncate(file: &Path, keep: f64) {
    let b = std::fs::read(file).unwrap();
    std::fs::write(file, &b[..(b.len() as f64 * keep) as usize]).unwrap();
}

/// Rewrites the JSON `file` through `f`.
fn edit_json(file: &Path, f: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(file, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

/// One alteration of a certificate folder and the name the refusal must mention.
type Alteration = (&'static str, Box<dyn Fn(&Path)>, &'static str);

#[test]
fn an_altered_puzzle_certificate_is_refused() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let unique = dir.path().join("unique");
    assert_exit(
        &run(
            &[
                "count",
                "data/sudoku/norvig_top95.txt",
                "--index",
                "2",
                "--proof",
                path(&unique),
            ],
            &checker,
        ),
        0,
        "count --proof",
    );
    let alterations: Vec<Alteration> = vec![
        (
            "the proof cut short",
            Box::new(|d| truncate(&d.join("refute.drat"), 0.5)),
            "refute.drat",
        ),
        (
            "one clause of the refutation formula changed",
            Box::new(|d| {
                edit(&d.join("refute.cnf"), |s| {
                    s.replacen("\n-1 -2 0\n", "\n-1 -3 0\n", 1)
                })
            }),
            "refute.cnf",
        ),
        (
            "one clause of the puzzle's formula dropped (its header still says the old count)",
            Box::new(|d| {
                edit(&d.join("puzzle.cnf"), |s| {
                    s.replacen("\n-1 -2 0\n", "\n", 1)
                })
            }),
            "puzzle.cnf",
        ),
        (
            "one given changed: its formula is no longer the certified one",
            Box::new(|d| {
                edit_json(&d.join("certificate.json"), |v| {
                    let given = v["puzzle"]["text"].as_str().unwrap().replacen('.', "1", 1);
                    v["puzzle"]["text"] = given.into();
                })
            }),
            "puzzle.cnf",
        ),
        (
            "two cells of the solution swapped",
            Box::new(|d| {
                edit_json(&d.join("certificate.json"), |v| {
                    v["solutions"][0].as_array_mut().unwrap().swap(0, 1)
                })
            }),
            "solution 1",
        ),
        (
            "the claim changed to one the solutions do not fit",
            Box::new(|d| {
                edit_json(&d.join("certificate.json"), |v| {
                    v["claim"] = "no-solution".into()
                })
            }),
            "claim",
        ),
    ];
    for (what, alter, names) in alterations {
        eprintln!("{what}");
        refused_after(&unique, alter, names, &checker);
    }
}

#[test]
fn an_altered_hamiltonian_certificate_is_refused() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("gp");
    assert_exit(
        &run(
            &[
                "hcp",
                "solve",
                "data/hcp/nonhamiltonian/gp-17-2.hcp",
                "--proof",
                path(&cert),
            ],
            &checker,
        ),
        1,
        "hcp solve --proof",
    );
    let all: Vec<String> = (1..=34).map(|v| v.to_string()).collect();
    let all = all.join(" ");
    let alterations: Vec<Alteration> = vec![
        (
            "a cut that is every vertex: not true of a Hamiltonian cycle",
            Box::new(move |d| edit(&d.join("cuts.txt"), |s| format!("{all}\n{s}"))),
            "cuts.txt:1",
        ),
        (
            "a cut with a vertex that does not exist",
            Box::new(|d| edit(&d.join("cuts.txt"), |s| s.replacen('\n', " 99\n", 1))),
            "cuts.txt:1",
        ),
        (
            "a cut changed (a vertex dropped): the model no longer holds the certified clause",
            Box::new(|d| {
                edit(&d.join("cuts.txt"), |s| {
                    let (first, rest) = s.split_once('\n').unwrap();
                    let kept: Vec<&str> = first.split(' ').skip(1).collect();
                    format!("{}\n{rest}", kept.join(" "))
                })
            }),
            "model.cnf",
        ),
        (
            "an edge added to the graph: the degree model is another one",
            Box::new(|d| {
                edit(&d.join("graph.hcp"), |s| {
                    s.replacen("-1\n", "1 20\n-1\n", 1)
                })
            }),
            "model.cnf",
        ),
        (
            "the proof cut short",
            Box::new(|d| truncate(&d.join("model.drat"), 1.0 / 3.0)),
            "model.drat",
        ),
    ];
    for (what, alter, names) in alterations {
        eprintln!("{what}");
        refused_after(&cert, alter, names, &checker);
    }
}

/// Bad input: a folder that is no certificate, bad JSON, an occupied output folder.
#[test]
fn what_is_not_a_certificate_is_bad_input() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["check-proof", path(dir.path())], &checker);
    assert_exit(&out, 2, "empty folder");
    assert!(
        text(&out.stderr).contains("not a certificate"),
        "{}",
        text(&out.stderr)
    );
    std::fs::write(
        dir.path().join("certificate.json"),
        "{\"certificate\": \n\u{1b}[31m",
    )
    .unwrap();
    let out = run(&["check-proof", path(dir.path())], &checker);
    assert_exit(&out, 2, "bad JSON");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("certificate.json") && !err.contains('\u{1b}'),
        "{err}"
    );
    // A non-empty output folder is refused before any work, and left as it was.
    let out = run(
        &[
            "count",
            "data/sudoku/norvig_top95.txt",
            "--index",
            "1",
            "--proof",
            path(dir.path()),
        ],
        &checker,
    );
    assert_exit(&out, 2, "occupied folder");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// `solve --proof`: the solutions on stdout as without it, each puzzle's count up to 2 certified
/// into DIR/K, the claim on stderr.
#[test]
fn solve_certifies_each_puzzle_it_solves() {
    let Some(checker) = drat_trim() else { return };
    let dir = tempfile::tempdir().unwrap();
    let sample = dir.path().join("mixed.txt");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let unique = std::fs::read_to_string(root.join("data/sudoku/norvig_top95.txt")).unwrap();
    let unsolvable =
        std::fs::read_to_string(root.join("data/sudoku/unsolvable/norvig_top95_contradicted.txt"))
            .unwrap();
    let many =
        std::fs::read_to_string(root.join("data/sudoku/nonunique/serg_benchmark.txt")).unwrap();
    let lines = [
        unique.lines().next().unwrap(),
        unsolvable.lines().next().unwrap(),
        many.lines().next().unwrap(),
    ];
    std::fs::write(&sample, lines.join("\n") + "\n").unwrap();
    let cert = dir.path().join("cert");
    let plain = run(&["solve", path(&sample)], &checker);
    let out = run(&["solve", path(&sample), "--proof", path(&cert)], &checker);
    assert_exit(&out, 1, "solve --proof with an unsolvable puzzle");
    assert_eq!(out.stdout, plain.stdout);
    let err = text(&out.stderr);
    for claim in [
        "mixed#1: unique;",
        "mixed#2: no solution;",
        "mixed#3: at least 2 solutions;",
    ] {
        assert!(err.contains(claim), "{claim} missing in {err}");
    }
    let checked = run(&["check-proof", path(&cert)], &checker);
    assert_exit(&checked, 0, &text(&checked.stdout));
    assert_eq!(text(&checked.stdout).lines().count(), 3);
}
