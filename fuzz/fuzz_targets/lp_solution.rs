//! MIP solver solution files (CBC, HiGHS, Gurobi, GLPK) on arbitrary bytes, read against the model
//! of a blank 4×4 Sudoku (64 binaries, 64 rows): never panics; every value read is finite, and the
//! values written back in each of the four formats read back equal.
#![no_main]

use gridreduce::formats::lp::{ModelNames, SolFormat, parse_solution_text};
use gridreduce::ilp::PuzzleToIlp;
use gridreduce::puzzle::{Puzzle, Sudoku};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn model() -> &'static (PuzzleToIlp, ModelNames) {
    static MODEL: OnceLock<(PuzzleToIlp, ModelNames)> = OnceLock::new();
    MODEL.get_or_init(|| {
        let r = PuzzleToIlp::new(&Puzzle::from(Sudoku::blank(4)));
        let names = ModelNames::of(&r);
        (r, names)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (r, names) = model();
    let Ok((values, _)) = parse_solution_text(text, names) else {
        return;
    };
    assert_eq!(values.len(), names.vars.len());
    assert!(values.iter().all(|v| v.is_finite()));
    let n = values.len();
    let name = |i: usize| r.var_name(i as u32);
    // `{:?}` prints an f64 so that it parses back to the same value.
    let mut cbc = String::from("Optimal - objective value 0.00000000\n");
    let mut highs = format!(
        "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 0\n# Columns {n}\n"
    );
    let mut gurobi = String::from("# Objective value = 0\n");
    let mut glpk = format!("c written back\ns mip 64 {n} o 0\n");
    for (i, v) in values.iter().enumerate() {
        cbc.push_str(&format!("{i} {} {v:?} 0\n", name(i)));
        highs.push_str(&format!("{} {v:?}\n", name(i)));
        gurobi.push_str(&format!("{} {v:?}\n", name(i)));
        glpk.push_str(&format!("j {} {v:?}\n", i + 1));
    }
    highs.push_str("# Rows 0\n");
    glpk.push_str("e o f\n");
    for (written, format) in [
        (cbc, SolFormat::Cbc),
        (highs, SolFormat::Highs),
        (gurobi, SolFormat::Gurobi),
        (glpk, SolFormat::Glpk),
    ] {
        let (again, f) = parse_solution_text(&written, names)
            .unwrap_or_else(|e| panic!("written {format:?} solution does not read back: {e}\n{written}"));
        assert_eq!(f, format);
        assert_eq!(again, values, "{format:?} round trip changed the values");
    }
});
