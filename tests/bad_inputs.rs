//! The bad-input corpus: every file in `tests/bad/` listed in an `expected-*.tsv` manifest must make
//! the given command fail with exit code 2, print exactly the expected line on stderr and nothing
//! on stdout, without a panic.
//!
//! Manifest rows: `file<TAB>command<TAB>expected stderr line`; `{}` in the command stands for
//! `tests/bad/<file>` (a command without `{}` runs as written). Lines starting with `#` are comments.

use std::path::Path;
use std::process::Command;

#[test]
fn every_bad_input_gives_its_one_line_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut manifests: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("expected-") && name.ends_with(".tsv")
        })
        .collect();
    manifests.sort();
    assert!(!manifests.is_empty());
    let mut failures = Vec::new();
    let mut rows = 0;
    for manifest in manifests {
        for line in std::fs::read_to_string(&manifest).unwrap().lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let parts: Vec<&str> = line.split('\t').collect();
            assert_eq!(parts.len(), 3, "{}: bad row: {line}", manifest.display());
            let (file, command, expected) = (parts[0], parts[1], parts[2]);
            // Files are named from tests/bad/, or from the crate root (tests/…, data/…).
            let path = if file.starts_with("tests/") || file.starts_with("data/") {
                file.to_string()
            } else {
                format!("tests/bad/{file}")
            };
            assert!(
                dir.join("../..").join(&path).exists(),
                "{path} listed but missing"
            );
            let args: Vec<String> = command
                .split_whitespace()
                .map(|a| a.replace("{}", &path))
                .collect();
            let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
                .args(&args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            rows += 1;
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.code() != Some(2)
                || stderr != format!("{expected}\n")
                || !out.stdout.is_empty()
            {
                failures.push(format!(
                    "{file} ({command}): exit {:?}, stderr:\n{stderr}expected:\n{expected}",
                    out.status.code()
                ));
            }
        }
    }
    assert!(rows >= 60, "only {rows} rows");
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// A line far beyond the reader's limit is refused without reading it into memory.
#[test]
fn a_huge_line_is_an_error_with_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.txt");
    let mut data = vec![b'.'; 3 << 20];
    data.push(b'\n');
    std::fs::write(&path, data).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridreduce"))
        .arg("info")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(":1: line is longer than 1048576 bytes"),
        "{stderr}"
    );
}
