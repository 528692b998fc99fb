//! Every example line of every `--help` and of the README (issue 19, group 6): each `gridreduce …`
//! line under `Examples:` in `gridreduce help-markdown` runs and exits 0 in a scratch folder of its
//! own holding links to the crate's `data/` and `reductions/`; the README's `gridreduce …` lines
//! (its ```sh blocks, `# comments` taken off) run one after the other in one scratch folder, as a
//! reader would type them (`plot royle17.csv` reads what `stats` wrote). An example is skipped,
//! with a visible message, when it needs a file no example makes (`out/stats.csv`, `my.txt`,
//! `r1.tour`: placeholders for the user's own files), an external tool, or a shell (`&&`, `|`,
//! `>`).

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gridreduce");

/// Options whose value is a file the command writes (so it need not exist beforehand).
const OUTPUT_OPTIONS: &[&str] = &["-o", "--out", "--output", "--csv", "--times", "--solutions"];

/// Commands that call an external solver (LKH, Concorde, …) and so run only where it is installed.
const EXTERNAL: &[&str] = &["hcp solve"];

fn examples() -> Vec<String> {
    let out = Command::new(BIN).arg("help-markdown").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = Vec::new();
    let mut in_examples = false;
    for line in text.lines() {
        let t = line.trim();
        if t == "Examples:" || t == "Example:" {
            in_examples = true;
        } else if in_examples && t.starts_with("gridreduce ") {
            lines.push(t.to_string());
        } else if in_examples && !line.starts_with("  ") {
            in_examples = false;
        }
    }
    lines
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

/// Why an example cannot run in `dir`, if it cannot.
fn skip_reason(example: &str, dir: &Path) -> Option<String> {
    if example.contains("&&")
        || example.contains('|')
        || example.contains('>')
        || example.contains(';')
    {
        return Some("needs a shell".into());
    }
    if let Some(tool) = EXTERNAL.iter().find(|t| example.contains(*t)) {
        return Some(format!("`{tool}` needs an external solver"));
    }
    let words: Vec<&str> = example.split_whitespace().collect();
    for (i, w) in words.iter().enumerate().skip(1) {
        let after_output = OUTPUT_OPTIONS.contains(&words[i - 1]);
        let path_like = !w.starts_with('-')
            && (w.contains('/')
                || w.rsplit_once('.')
                    .is_some_and(|(a, e)| !a.is_empty() && e.chars().all(char::is_alphabetic)));
        if path_like && !after_output && !dir.join(w).exists() {
            return Some(format!("needs the user's file {w}"));
        }
    }
    None
}

#[test]
#[ignore = "minutes in a debug build (generate sudoku --target-clues 18): cargo test --release --test help_examples -- --ignored --nocapture"]
fn every_help_example_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = examples();
    assert!(all.len() >= 20, "found only {} examples", all.len());
    let mut failures = Vec::new();
    let mut ran = 0;
    for example in &all {
        let dir = scratch(root);
        if let Some(why) = skip_reason(example, dir.path()) {
            eprintln!("skipped ({why}): {example}");
            continue;
        }
        ran += 1;
        failures.extend(run_example(example, dir.path()));
    }
    eprintln!("{ran} of {} examples ran", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "the README's run and stats examples take all 49,151 puzzles of royle17.txt (over 10 minutes in a debug build): cargo test --release --test help_examples -- --ignored --nocapture"]
fn every_readme_example_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = readme_examples(root);
    assert!(all.len() >= 25, "found only {} examples", all.len());
    let dir = scratch(root);
    let mut failures = Vec::new();
    let mut ran = 0;
    for example in &all {
        if let Some(why) = skip_reason(example, dir.path()) {
            eprintln!("skipped ({why}): {example}");
            continue;
        }
        ran += 1;
        failures.extend(run_example(example, dir.path()));
    }
    eprintln!("{ran} of {} README examples ran", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
