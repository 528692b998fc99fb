//! Bad input for the SAT/ILP readers and commands: every line of `tests/bad/expected-sat.tsv`
//! (`file<TAB>arguments<TAB>expected stderr line`, `{}` in the arguments standing for the file) runs
//! the binary from the crate root and must exit with code 2 and print exactly that one line.

use assert_cmd::Command;
use std::path::Path;

#[test]
fn every_bad_file_gives_its_one_line_error_and_exit_code_2() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("tests/bad/expected-sat.tsv")).unwrap();
    let mut ran = 0;
    for (n, line) in manifest.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "manifest line {}: {line}", n + 1);
        let (file, args, expected) = (fields[0], fields[1], fields[2]);
        assert!(root.join(file).exists(), "{file} is missing");
        let args: Vec<String> = args
            .split_whitespace()
            .map(|a| a.replace("{}", file))
            .collect();
        let out = Command::cargo_bin("gridreduce")
            .unwrap()
            .current_dir(root)
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {stderr}");
        assert_eq!(stderr, format!("{expected}\n"), "{file}");
        ran += 1;
    }
    assert!(ran >= 20, "only {ran} cases");
}
