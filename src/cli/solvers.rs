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
        "{:<10} {:<6} {:<28} version / command",
        "solver", "reads", "found"
    );
    for p in external::profiles() {
        let found = external::on_path(p.command[0]);
        let (place, version) = match &found {
            Some(path) => (
                path.display().to_string(),
                external::version(p).unwrap_or_else(|| "version unknown".into()),
            ),
            None => ("not found".to_string(), String::new()),
        };
        println!(
            "{:<10} {:<6} {:<28} {version}{}{}",
            p.name,
            p.routes.join(","),
            place,
            if version.is_empty() { "" } else { "; " },
            p.command.join(" ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
