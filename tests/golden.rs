//! Golden outputs: every command of `tests/golden/commands.txt` (reduce, decode, stats and run over
//! every target and the shipped pipelines) is run in one scratch folder, in order, and its exit
//! code, stdout, stderr and the files it wrote (name, size, fingerprint; `.map` and `.csv` files in
//! full, with timing columns blanked) are compared with `tests/golden/transcript.txt`.
//!
//! The transcript was captured before the route registry replaced the hand-wired commands, so the
//! refactor provably kept what users see. A deliberate change of behaviour is re-recorded with
//! `GOLDEN_BLESS=1 cargo test --test golden` and reviewed in the diff.

use gridreduce::formats::map::fingerprint;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every regular file below `dir` with its bytes, by path relative to `dir`.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let t = e.file_type().unwrap();
            if t.is_symlink() {
                continue;
            }
            if t.is_dir() {
                stack.push(e.path());
            } else {
                let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
                out.insert(rel, std::fs::read(e.path()).unwrap());
            }
        }
    }
    out
}

/// A CSV with its `seconds` column blanked (the only column that changes from run to run).
fn without_seconds(text: &str) -> String {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return String::new();
    };
    let at = header.split(',').position(|c| c == "seconds");
    let mut out = format!("{header}\n");
    for line in lines {
        let mut cells: Vec<&str> = line.split(',').collect();
        if let Some(i) = at
            && i < cells.len()
        {
            cells[i] = "";
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

fn describe(path: &Path, bytes: &[u8]) -> String {
    let name = path.display();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "map" => format!("  {name}:\n{}", indent(&String::from_utf8_lossy(bytes))),
        "csv" => format!(
            "  {name}:\n{}",
            indent(&without_seconds(&String::from_utf8_lossy(bytes)))
        ),
        _ => format!("  {name}: {} bytes, {}\n", bytes.len(), fingerprint(bytes)),
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

fn transcript() -> String {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    for link in ["data", "reductions", "tests"] {
        std::os::unix::fs::symlink(Path::new(ROOT).join(link), dir.join(link)).unwrap();
    }
    let four: String =
        std::fs::read_to_string(Path::new(ROOT).join("data/sudoku/sudoku4_vu_kr_100.txt"))
            .unwrap()
            .lines()
            .take(3)
            .map(|l| format!("{l}\n"))
            .collect();
    std::fs::write(dir.join("four3.txt"), four).unwrap();
    let commands =
        std::fs::read_to_string(Path::new(ROOT).join("tests/golden/commands.txt")).unwrap();
    let mut out = String::new();
    let mut before = files(dir);
    for line in commands.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let args: Vec<&str> = line.split_whitespace().collect();
        let run = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
            .args(&args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        writeln!(out, "$ gridreduce {line}").unwrap();
        writeln!(out, "exit {:?}", run.status.code()).unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        if !stdout.is_empty() {
            write!(out, "stdout:\n{}", indent(&stdout)).unwrap();
        }
        if !stderr.is_empty() {
            write!(out, "stderr:\n{}", indent(&stderr)).unwrap();
        }
        let after = files(dir);
        for (path, bytes) in &after {
            if before.get(path) != Some(bytes) {
                out.push_str(&describe(path, bytes));
            }
        }
        for path in before.keys().filter(|p| !after.contains_key(*p)) {
            writeln!(out, "  removed {}", path.display()).unwrap();
        }
        before = after;
    }
    out
}

#[test]
fn commands_print_and_write_what_they_always_did() {
    let got = transcript();
    let path = Path::new(ROOT).join("tests/golden/transcript.txt");
    if std::env::var_os("GOLDEN_BLESS").is_some() {
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .expect("tests/golden/transcript.txt (GOLDEN_BLESS=1 records it)");
    if got != want {
        let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
        let first = g
            .iter()
            .zip(&w)
            .position(|(a, b)| a != b)
            .unwrap_or(g.len().min(w.len()));
        let from = first.saturating_sub(3);
        panic!(
            "golden transcript differs at line {}:\n--- want\n{}\n--- got\n{}",
            first + 1,
            w[from..(first + 6).min(w.len())].join("\n"),
            g[from..(first + 6).min(g.len())].join("\n")
        );
    }
}
