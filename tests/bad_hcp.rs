//! The bad-input corpus of the Hamiltonian-cycle readers: every row of `tests/bad/expected-hcp.tsv`
//! (`file<TAB>gridreduce arguments<TAB>exact stderr line`) runs the `gridreduce` binary and must
//! fail with exit code 2, print nothing on stdout, and print exactly that one line on stderr.

use std::path::Path;

#[test]
fn every_bad_hcp_file_gives_its_one_line_error_and_exit_code_2() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("tests/bad/expected-hcp.tsv"))
        .expect("tests/bad/expected-hcp.tsv");
    let mut failures = Vec::new();
    let mut rows = 0;
    for (n, row) in manifest.lines().enumerate() {
        if row.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = row.split('\t').collect();
        assert_eq!(
            cols.len(),
            3,
            "manifest line {} has {} columns",
            n + 1,
            cols.len()
        );
        let (file, args, expected) = (cols[0], cols[1], cols[2]);
        assert!(
            root.join("tests/bad").join(file).is_file(),
            "manifest line {}: tests/bad/{file} is missing",
            n + 1
        );
        assert!(
            args.contains(&format!("tests/bad/{file}")),
            "manifest line {}: the arguments do not use {file}",
            n + 1
        );
        rows += 1;
        let out = assert_cmd::cargo::cargo_bin_cmd!("gridreduce")
            .current_dir(root)
            .args(args.split_whitespace())
            .output()
            .expect("run gridreduce");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        if code != Some(2) || stderr != format!("{expected}\n") || !out.stdout.is_empty() {
            failures.push(format!(
                "{file}: exit {code:?}\n  expected: {expected}\n  got:      {}\n  stdout:   {}",
                stderr.trim_end(),
                String::from_utf8_lossy(&out.stdout).trim_end()
            ));
        }
    }
    assert!(rows >= 50, "only {rows} rows in the manifest");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
