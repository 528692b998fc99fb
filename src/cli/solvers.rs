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
pub struct Args {
    /// Print one JSON object per profile (name, reads, formats, found, path or why not, version,
    /// command).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if !args.json {
        println!(
            "{:<10} {:<6} {:<36} version; command",
            "solver", "reads", "found"
        );
    }
    for p in external::profiles() {
        let mut solver = external::Solver::of(p);
        // (program, version) where the profile's program is found, else why not.
        let found = solver.locate().map(|()| {
            let python =
                (!p.python_modules.is_empty()).then(|| std::path::Path::new(&solver.command[0]));
            (
                solver.command[0].clone(),
                external::version(p, python).unwrap_or_else(|| "version unknown".into()),
            )
        });
        if args.json {
            let (path, version, why_not) = match &found {
                Ok((path, version)) => (Some(path), Some(version), None),
                Err(why) => (None, None, Some(why)),
            };
            println!(
                "{}",
                serde_json::json!({"name": p.name, "reads": p.routes, "formats": p.formats,
                    "found": found.is_ok(), "path": path, "version": version,
                    "why_not": why_not, "command": p.command.join(" ")})
            );
            continue;
        }
        let reads = match p.formats {
            [] => p.routes.join(","),
            formats => format!("{} ({})", p.routes.join(","), formats.join(",")),
        };
        match found {
            Ok((place, version)) => println!(
                "{:<10} {:<6} {:<36} {version}; {}",
                p.name,
                reads,
                place,
                p.command.join(" ")
            ),
            Err(why) => println!("{:<10} {:<6} not found: {why}", p.name, reads),
        }
    }
    Ok(ExitCode::SUCCESS)
}
