//! `gridreduce solvers`: the external solver profiles (`solver:` in a pipeline, `run --solver`),
//! which are found on PATH here, and their versions.

use crate::error::Result;
use crate::external;
use std::process::ExitCode;

/// List the external solver profiles, found on PATH or not, with versions.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "A pipeline names one with `solver: NAME` (or gives `solver: {command: \"tool {input} {output}\", answer: file}`); `run --solver NAME` overrides it. See docs/solvers.md.\n\nExample:\n  gridreduce solvers"
)]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode> {
    println!(
        "{:<10} {:<6} {:<36} version; command",
        "solver", "reads", "found"
    );
    for p in external::profiles() {
        let mut solver = external::Solver::of(p);
        let (place, version) = match solver.locate() {
            Ok(()) => {
                let python = (!p.python_modules.is_empty())
                    .then(|| std::path::Path::new(&solver.command[0]));
                let version = external::version(p, python);
                (
                    solver.command[0].clone(),
                    version.unwrap_or_else(|| "version unknown".into()),
                )
            }
            Err(why) => (format!("not found: {why}"), String::new()),
        };
        let reads = match p.formats {
            [] => p.routes.join(","),
            formats => format!("{} ({})", p.routes.join(","), formats.join(",")),
        };
        if version.is_empty() {
            println!("{:<10} {:<6} {place}", p.name, reads);
        } else {
            println!(
                "{:<10} {:<6} {:<36} {version}; {}",
                p.name,
                reads,
                place,
                p.command.join(" ")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
