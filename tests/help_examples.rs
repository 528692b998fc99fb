//! Every example line of every `--help` and of the README (issue 19, group 6): the `gridreduce …`
//! lines under one `Examples:` heading of `gridreduce help-markdown` run one after the other (`merge`
//! reads the shards `run` wrote) and exit 0, in a scratch folder of their own holding links to the
//! crate's `data/` and `reductions/`; the README's `gridreduce …` lines
//! (its ```sh blocks, `# comments` taken off) run one after the other in one scratch folder, as a
//! reader would type them (`plot royle17.csv` reads what `stats` wrote). An example is skipped,
//! with a visible message, when it needs a file no example makes (`out/stats.csv`, `my.txt`,
//! `r1.tour`: placeholders for the user's own files), an external solver `gridreduce solvers` does
//! not find (`--solver NAME`), or a shell (`&&`, `|`, `>`, a `*` glob). An example that names a
//! shipped file (under `data/` or `reductions/`) that does not exist fails instead: a renamed data
//! file must not turn its examples into silent skips. Each test also requires a minimum number of
//! examples to have run ([`MIN_HELP_RUN`], [`MIN_README_RUN`]), so that skipping cannot grow
//! unnoticed.
//!
//! Both tests run by default, in a debug build: the examples work on samples (`--limit 100`, a
//! 16×16 file, `--blank` up to 36) so that each takes seconds; their comments say how to run the
//! whole collection.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gridreduce");

/// Options whose value is a file the command writes (so it need not exist beforehand).
const OUTPUT_OPTIONS: &[&str] = &[
    "-o",
    "--out",
    "--output",
    "--csv",
    "--times",
    "--solutions",
    "--proof",
];

/// Options whose value has a `/` but is no file (`--shard 1/2`).
const NOT_PATH_OPTIONS: &[&str] = &["--shard"];

/// Folders of the crate that every scratch folder links to: a path under them is a shipped file.
const SHIPPED: &[&str] = &["data/", "reductions/"];

/// Fewest `--help` examples that must run: 40 of 54 run without drat-trim and minisat
/// (2026-12-07), the rest being shell lines and the user's files.
const MIN_HELP_RUN: usize = 36;

/// Fewest README examples that must run: 35 of 39 run without drat-trim and minisat
/// (2026-12-07).
const MIN_README_RUN: usize = 32;

/// The external solver an example names with `--solver NAME`, when `gridreduce solvers` does not
/// find it here (the example then runs only where it is installed, as in CI).
fn missing_solver(example: &str) -> Option<String> {
    static SOLVERS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let words: Vec<&str> = example.split_whitespace().collect();
    let name = words.windows(2).find(|w| w[0] == "--solver")?[1];
    let listing = SOLVERS.get_or_init(|| {
        let out = Command::new(BIN).arg("solvers").output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    });
    let row = listing
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("{example}: `gridreduce solvers` has no profile {name}"));
    row.contains("not found").then(|| name.to_string())
}

/// The example lines of every `--help`, one group per `Examples:` heading, in order.
fn examples() -> Vec<Vec<String>> {
    let out = Command::new(BIN).arg("help-markdown").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut in_examples = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("Example") && t.ends_with(':') {
            in_examples = true;
            groups.push(Vec::new());
        } else if in_examples && t.starts_with("gridreduce ") {
            groups.last_mut().unwrap().push(t.to_string());
        } else if in_examples && !line.starts_with("  ") {
            in_examples = false;
        }
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// The `gridreduce …` lines of the README's ```sh blocks, without their `# comments`.
fn readme_examples(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut lines = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh" || line == "```bash";
        } else if in_sh && line.starts_with("gridreduce ") {
            let command = line.split(" #").next().unwrap_or(line).trim();
            lines.push(command.to_string());
        }
    }
    lines
}

/// A scratch folder with links to the crate's `data/` and `reductions/`.
fn scratch(root: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for linked in ["data", "reductions"] {
        std::os::unix::fs::symlink(root.join(linked), dir.path().join(linked)).unwrap();
    }
    dir
}

/// Runs `example` in `dir`; the failure line when it does not exit 0.
fn run_example(example: &str, dir: &Path) -> Option<String> {
    let words: Vec<&str> = example.split_whitespace().skip(1).collect();
    let out = Command::new(BIN)
        .args(&words)
        .current_dir(dir)
        .output()
        .unwrap();
    (!out.status.success()).then(|| {
        format!(
            "{example}: exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        )
    })
}

/// The words of `example` that name a file it reads (not one it writes, not an option's value
/// like `--shard 1/2`).
fn input_paths(example: &str) -> Vec<&str> {
    let words: Vec<&str> = example.split_whitespace().collect();
    let mut paths = Vec::new();
    for (i, w) in words.iter().enumerate().skip(1) {
        let after_output =
            OUTPUT_OPTIONS.contains(&words[i - 1]) || NOT_PATH_OPTIONS.contains(&words[i - 1]);
        let path_like = !w.starts_with('-')
            && (w.contains('/')
                || w.rsplit_once('.')
                    .is_some_and(|(a, e)| !a.is_empty() && e.chars().all(char::is_alphabetic)));
        if path_like && !after_output {
            paths.push(*w);
        }
    }
    paths
}

/// The failure line when `example` names a shipped file (under `data/` or `reductions/`) that
/// does not exist.
fn missing_shipped_file(example: &str, dir: &Path) -> Option<String> {
    if needs_shell(example) {
        return None;
    }
    let missing = input_paths(example)
        .into_iter()
        .find(|w| SHIPPED.iter().any(|s| w.starts_with(s)) && !dir.join(w).exists())?;
    Some(format!(
        "{example}: names the shipped file {missing}, which does not exist"
    ))
}

/// Whether `example` is a shell line rather than one command (`&&`, `|`, `>`, `;`, a `*` glob).
fn needs_shell(example: &str) -> bool {
    example.contains("&&")
        || example.contains('|')
        || example.contains('>')
        || example.contains(';')
        || example.contains('*')
}

/// Why an example cannot run in `dir`, if it cannot.
fn skip_reason(example: &str, dir: &Path) -> Option<String> {
    if needs_shell(example) {
        return Some("needs a shell".into());
    }
    if example.contains("check-proof")
        && std::env::var_os("GRIDREDUCE_DRAT_TRIM").is_none()
        && !std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .any(|d| d.join("drat-trim").is_file())
    {
        return Some(
            "the proof checker drat-trim is not found (scripts/test.sh builds it and sets GRIDREDUCE_DRAT_TRIM)"
                .into(),
        );
    }
    if let Some(tool) = missing_solver(example) {
        return Some(format!("the external solver {tool} is not installed"));
    }
    let user_file = input_paths(example)
        .into_iter()
        .find(|w| !dir.join(w).exists())?;
    Some(format!("needs the user's file {user_file}"))
}

#[test]
fn every_help_example_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let groups = examples();
    let all = groups.iter().map(Vec::len).sum::<usize>();
    assert!(all >= 20, "found only {all} examples");
    let mut failures = Vec::new();
    let mut ran = 0;
    for group in &groups {
        let dir = scratch(root);
        for example in group {
            if let Some(failure) = missing_shipped_file(example, dir.path()) {
                failures.push(failure);
                continue;
            }
            if let Some(why) = skip_reason(example, dir.path()) {
                eprintln!("skipped ({why}): {example}");
                continue;
            }
            ran += 1;
            failures.extend(run_example(example, dir.path()));
        }
    }
    eprintln!("{ran} of {all} examples ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        ran >= MIN_HELP_RUN,
        "only {ran} of {all} examples ran (at least {MIN_HELP_RUN} expected): more are skipped than before"
    );
}

#[test]
fn every_readme_example_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = readme_examples(root);
    assert!(all.len() >= 25, "found only {} examples", all.len());
    let dir = scratch(root);
    let mut failures = Vec::new();
    let mut ran = 0;
    for example in &all {
        if let Some(failure) = missing_shipped_file(example, dir.path()) {
            failures.push(failure);
            continue;
        }
        if let Some(why) = skip_reason(example, dir.path()) {
            eprintln!("skipped ({why}): {example}");
            continue;
        }
        ran += 1;
        failures.extend(run_example(example, dir.path()));
    }
    eprintln!("{ran} of {} README examples ran", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        ran >= MIN_README_RUN,
        "only {ran} of {} README examples ran (at least {MIN_README_RUN} expected): more are skipped than before",
        all.len()
    );
}
