//! SAT solver answers (SAT-competition `s`/`v` output, MiniSat result files, plain models) on
//! arbitrary bytes, for a formula whose variable count comes from the first input byte: never
//! panics; a model read has one value per variable, and written back in each of the three formats
//! it reads back equal.
#![no_main]

use gridreduce::formats::dimacs::{ModelFormat, parse_model_text};
use libfuzzer_sys::fuzz_target;

fn literals(model: &[bool]) -> Vec<String> {
    model
        .iter()
        .enumerate()
        .map(|(i, &b)| if b { format!("{}", i + 1) } else { format!("-{}", i + 1) })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let vars = first as u32 % 65;
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok((model, _)) = parse_model_text(text, vars) else {
        return;
    };
    assert_eq!(model.len(), vars as usize);
    let lits = literals(&model);
    // Competition output splits the model over `v` lines of up to 10 literals.
    let mut competition = String::from("c written back\ns SATISFIABLE\n");
    for chunk in lits.chunks(10) {
        competition.push_str(&format!("v {}\n", chunk.join(" ")));
    }
    competition.push_str("v 0\n");
    let minisat = format!("SAT\n{} 0\n", lits.join(" "));
    let plain = format!("{} 0\n", lits.join(" "));
    for (written, format) in [
        (competition, ModelFormat::Competition),
        (minisat, ModelFormat::MiniSat),
        (plain, ModelFormat::Plain),
    ] {
        if vars == 0 && format == ModelFormat::Plain {
            continue; // a bare "0" line is a plain model of nothing: fine, but not this writer's case
        }
        let (again, f) = parse_model_text(&written, vars)
            .unwrap_or_else(|e| panic!("written model does not read back: {e}\n{written}"));
        assert_eq!(f, format);
        assert_eq!(again, model);
    }
});
