//! `--to cnf`: DIMACS CNF for any SAT solver ([`crate::sat::PuzzleToCnf`], five encodings), read
//! back from SAT-competition `s`/`v` lines, MiniSat result files or a plain literal line.

use super::{
    AnswerHints, Built, Check, Choice, Kind, Param, Params, Route, Value, answer_error, choice,
};
use crate::error::{CertificateError, Result};
use crate::formats::dimacs;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{Reduction, StepRecord};
use crate::sat::{CnfOptions, Encoding, PuzzleToCnf};
use std::path::Path;
use std::sync::Arc;

pub struct CnfRoute;

const ENCODINGS: &[Choice] = &[
    choice(
        "minimal",
        "Cell at-least-one + pairwise at-most-one per group and value (Lynce & Ouaknine).",
    ),
    choice("efficient", "Minimal + cell at-most-one."),
    choice(
        "extended",
        "Efficient + at-least-one per exact group and value.",
    ),
    choice(
        "paper",
        "Suguru only: the SAT paper's encoding exactly as its authors' solver builds it.",
    ),
    choice(
        "compact",
        "Cell exactly-one + choice-group at-least-one + \"not both\" only for pairs of different choice groups, each unordered pair once.",
    ),
];

const PARAMS: &[Param] = &[
    Param {
        key: "encoding",
        help: "CNF encoding (default: extended for Sudoku, compact for Suguru).",
        kind: Kind::Choice(ENCODINGS),
    },
    Param {
        key: "simplify",
        help: "Apply the givens at encoding time (CNF): drop satisfied clauses, false literals and fixed variables; prints the sizes before and after.",
        kind: Kind::Flag,
    },
];

/// The encoding options of `params` for `puzzle`.
fn options(puzzle: &Puzzle, params: &Params) -> CnfOptions {
    CnfOptions {
        encoding: params
            .choice("encoding")
            .and_then(Encoding::from_name)
            .unwrap_or(Encoding::default_for(puzzle)),
        simplify: params.flag("simplify"),
    }
}

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the cnf instance",
    per_candidate: 0,
    per_pair: 12,
};

impl Route for CnfRoute {
    fn footprint(&self, _params: &Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "cnf"
    }
    fn about(&self) -> &'static str {
        "DIMACS CNF for SAT solvers (MiniSat, CaDiCaL, Kissat, …)."
    }
    fn params(&self) -> &'static [Param] {
        PARAMS
    }
    fn kind_conflict(&self, kind: &str, params: &Params) -> Option<super::Conflict> {
        (kind != "suguru" && params.choice("encoding") == Some("paper")).then(|| {
            super::Conflict::new(
                "encoding",
                "paper is the Suguru SAT paper's encoding; it takes Suguru only",
            )
        })
    }
    fn build(&self, puzzle: &Puzzle, params: &Params) -> Result<Arc<dyn Built>> {
        Ok(Arc::new(PuzzleToCnf::new(puzzle, options(puzzle, params))?))
    }
    fn params_from_steps(&self, steps: &[StepRecord]) -> std::result::Result<Params, String> {
        let step = steps
            .iter()
            .find(|s| s.step == "cnf")
            .ok_or("no 'cnf' step in the chain")?;
        let encoding = step
            .params
            .get("encoding")
            .and_then(|v| v.as_str())
            .and_then(|name| ENCODINGS.iter().find(|e| e.name == name))
            .ok_or("the 'cnf' step has no valid encoding")?
            .name;
        let simplify = step
            .params
            .get("simplify")
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        Ok(Params::new()
            .with("encoding", Value::Choice(encoding), PARAMS)
            .with("simplify", Value::Flag(simplify), PARAMS))
    }
    fn stats_params(&self) -> &'static [&'static str] {
        &["encoding", "simplify"]
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("vars", "variables"),
            ("clauses", "clauses"),
            ("literals", "literals"),
        ]
    }
    fn checks(&self) -> Vec<Check> {
        macro_rules! check {
            ($name:literal, $enc:ident, $simplify:literal) => {
                Check {
                    name: $name.into(),
                    params: Params::new()
                        .with("encoding", Value::Choice(Encoding::$enc.name()), PARAMS)
                        .with("simplify", Value::Flag($simplify), PARAMS),
                    accepts: |p| Encoding::$enc.accepts(p),
                }
            };
        }
        vec![
            check!("cnf-minimal", Minimal, false),
            check!("cnf-efficient", Efficient, false),
            check!("cnf-extended", Extended, false),
            check!("cnf-paper", Paper, false),
            check!("cnf-compact", Compact, false),
            check!("cnf-minimal-simplified", Minimal, true),
            check!("cnf-efficient-simplified", Efficient, true),
            check!("cnf-extended-simplified", Extended, true),
            check!("cnf-paper-simplified", Paper, true),
            check!("cnf-compact-simplified", Compact, true),
        ]
    }
}

/// The `.map` step of a CNF export.
pub fn cnf_step(options: CnfOptions) -> StepRecord {
    StepRecord::new("cnf")
        .with("encoding", options.encoding.name())
        .with("simplify", options.simplify)
}

impl Built for PuzzleToCnf {
    fn kind(&self) -> &'static str {
        "cnf"
    }
    fn steps(&self) -> Vec<StepRecord> {
        vec![cnf_step(self.options())]
    }
    fn fingerprint(&self) -> String {
        self.target().fingerprint()
    }
    contract_facts!();
    fn summary(&self) -> String {
        let cnf = self.target();
        let options = self.options();
        let mut summary = format!(
            "{} variables, {} clauses, {} literals ({} encoding",
            cnf.vars(),
            cnf.num_clauses(),
            cnf.num_literals(),
            options.encoding.name()
        );
        if options.simplify {
            let before = self.sizes_before();
            summary.push_str(&format!(
                "; simplified from {} variables, {} clauses, {} literals",
                before.get("full_variables").unwrap_or(0),
                before.get("full_clauses").unwrap_or(0),
                before.get("full_literals").unwrap_or(0)
            ));
        }
        summary.push(')');
        summary
    }
    fn file_format(&self, _: &Params) -> Result<(&'static str, &'static str)> {
        Ok(("dimacs", "cnf"))
    }
    fn write(&self, _: &str, title: &str, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        dimacs::write_cnf(w, self, title)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["sat-competition", "minisat", "literals"]
    }
    /// SAT-competition `s`/`v` lines.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>> {
        let w = self.witness(solution)?;
        let mut out = String::from("s SATISFIABLE\nv");
        for (i, &b) in w.iter().enumerate() {
            out.push_str(&format!(" {}{}", if b { "" } else { "-" }, i + 1));
        }
        out.push_str(" 0\n");
        Ok(out.into_bytes())
    }
    fn decode(&self, answer: &Path, _: &AnswerHints) -> Result<Grid> {
        let (assignment, _format) = dimacs::read_model(answer, self.target().vars())?;
        self.extract(&assignment).map_err(|e| {
            answer_error(
                answer,
                CertificateError::new(format!("not a model of the exported formula: {e}")),
            )
        })
    }
}
