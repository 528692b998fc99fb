//! `--to lp`: the 0-1 ILP model ([`crate::ilp::PuzzleToIlp`]) in CPLEX LP format for CBC, HiGHS,
//! GLPK or Gurobi, read back from their solution files.

use super::{AnswerHints, Built, Check, Params, Route, answer_error};
use crate::error::{CertificateError, Result};
use crate::formats::lp;
use crate::ilp::PuzzleToIlp;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{Reduction, StepRecord};
use std::path::Path;
use std::sync::Arc;

pub struct LpRoute;

/// Peak memory of building this route's instance (docs/reliability.md, "Memory").
const FOOTPRINT: crate::memory::Footprint = crate::memory::Footprint {
    what: "the lp instance",
    per_candidate: 64,
    per_pair: 0,
};

impl Route for LpRoute {
    fn footprint(&self, _params: &Params) -> crate::memory::Footprint {
        FOOTPRINT
    }
    fn name(&self) -> &'static str {
        "lp"
    }
    fn about(&self) -> &'static str {
        "CPLEX LP 0-1 model for MIP solvers (CBC, HiGHS, GLPK, Gurobi)."
    }
    fn build(&self, puzzle: &Puzzle, _: &Params) -> Result<Arc<dyn Built>> {
        Ok(Arc::new(PuzzleToIlp::new(puzzle)))
    }
    fn params_from_steps(&self, steps: &[StepRecord]) -> std::result::Result<Params, String> {
        super::single_step(steps, "ilp", "an ILP")
    }
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("vars", "variables"),
            ("rows", "rows"),
            ("nonzeros", "nonzeros"),
        ]
    }
    fn stats_prefix(&self) -> &'static str {
        "ilp"
    }
    fn checks(&self) -> Vec<Check> {
        super::one_check("ilp")
    }
}

impl Built for PuzzleToIlp {
    fn kind(&self) -> &'static str {
        "lp"
    }
    fn steps(&self) -> Vec<StepRecord> {
        vec![StepRecord::new("ilp")]
    }
    fn fingerprint(&self) -> String {
        self.target().fingerprint()
    }
    contract_facts!();
    fn summary(&self) -> String {
        let ilp = self.target();
        format!(
            "{} binaries, {} rows, {} non-zeros",
            ilp.vars(),
            ilp.rows.len(),
            ilp.nonzeros()
        )
    }
    fn file_format(&self, _: &Params) -> Result<(&'static str, &'static str)> {
        Ok(("cplex-lp", "lp"))
    }
    fn write(&self, _: &str, title: &str, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        lp::write_lp(w, self, title)
    }
    fn answer_formats(&self) -> &'static [&'static str] {
        &["gurobi", "cbc", "highs", "glpk"]
    }
    /// A Gurobi SOL file: the objective line, then `name value` per variable.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>> {
        let point = self.witness(solution)?;
        let mut out = String::from("# Objective value = 0\n");
        for (i, &b) in point.iter().enumerate() {
            out.push_str(&format!("{} {}\n", self.var_name(i as u32), b as u8));
        }
        Ok(out.into_bytes())
    }
    fn decode(&self, answer: &Path, _: &AnswerHints) -> Result<Grid> {
        let names = lp::ModelNames::of(self);
        let (values, _format) = lp::read_solution(answer, &names)?;
        let point = crate::ilp::integral_point(&values).map_err(|(i, v)| {
            answer_error(
                answer,
                CertificateError::new(format!(
                    "{} = {v} is fractional: not a 0-1 solution",
                    self.var_name(i as u32)
                )),
            )
        })?;
        self.extract(&point).map_err(|e| {
            answer_error(
                answer,
                CertificateError::new(format!("not a solution of the exported model: {e}")),
            )
        })
    }
}
