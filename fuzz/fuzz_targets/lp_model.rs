//! The LP model reader (the CPLEX LP subset gridreduce writes) on arbitrary bytes: never panics; a
//! model read has every row variable in range, and written back with `write_lp_model` it reads back
//! as the same model (same rows over the same variable names, same bounds; the numbering may differ
//! when the input named variables in another order than gridreduce writes them), and a second
//! round trip is exact.
#![no_main]

use gridreduce::formats::lp::{LpModel, parse_lp, write_lp_model};
use libfuzzer_sys::fuzz_target;

/// The model by names: rows (name, variable names, sense, rhs), then (variable, lower) sorted.
type Canonical = (Vec<(String, Vec<String>, String, u32)>, Vec<(String, bool)>);

fn canonical(m: &LpModel) -> Canonical {
    let rows = m
        .ilp
        .rows
        .iter()
        .zip(&m.row_names)
        .map(|(r, name)| {
            let vars = r.vars.iter().map(|&v| m.var_names[v as usize].clone()).collect();
            (name.clone(), vars, format!("{:?}", r.sense), r.rhs)
        })
        .collect();
    let mut vars: Vec<(String, bool)> =
        m.var_names.iter().cloned().zip(m.ilp.lower.iter().copied()).collect();
    vars.sort();
    (rows, vars)
}

fn write(m: &LpModel) -> Vec<u8> {
    let mut out = Vec::new();
    write_lp_model(
        &mut out,
        &m.ilp,
        &|i| m.var_names[i as usize].clone(),
        &|r| m.row_names[r].clone(),
        &["written back".to_string()],
    )
    .unwrap();
    out
}

fuzz_target!(|data: &[u8]| {
    let Ok(model) = parse_lp(data) else {
        return;
    };
    let vars = model.ilp.vars();
    assert_eq!(model.var_names.len(), vars);
    assert_eq!(model.row_names.len(), model.ilp.rows.len());
    assert!(model.ilp.rows.iter().all(|r| r.vars.iter().all(|&v| (v as usize) < vars)));
    let out = write(&model);
    let again = parse_lp(&out[..]).unwrap_or_else(|e| {
        panic!("written model does not read back: {e}\n{}", String::from_utf8_lossy(&out))
    });
    assert_eq!(canonical(&again), canonical(&model), "round trip changed the model");
    let out2 = write(&again);
    assert_eq!(parse_lp(&out2[..]).expect("rewritten model reads back"), again);
});
