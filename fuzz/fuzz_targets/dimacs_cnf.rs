//! The DIMACS CNF reader on arbitrary bytes: never panics; a formula read has every literal within
//! its variables, and written back (`p cnf` line and clauses) it reads back equal.
#![no_main]

use gridreduce::formats::dimacs::{parse_cnf, write_formula};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(cnf) = parse_cnf(data, 1 << 16) else {
        return;
    };
    for clause in cnf.clauses() {
        assert!(clause.iter().all(|&l| l != 0 && l.unsigned_abs() <= cnf.vars()));
    }
    let mut out = Vec::new();
    write_formula(&mut out, &cnf).unwrap();
    let again = parse_cnf(&out[..], 1 << 16).expect("written formula reads back");
    assert_eq!(again, cnf);
});
