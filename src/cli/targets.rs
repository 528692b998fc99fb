//! `gridreduce targets`: every export target of the registry with its parameters, the values each
//! takes and what they mean, read from the routes' own declarations ([`crate::route::Param`]), so
//! the listing cannot drift from what `reduce --to`, `stats` and pipeline files accept.

use crate::error::Result;
use crate::route::{Kind, registry};
use std::process::ExitCode;

/// List the export targets (`reduce --to`, `to:` in a pipeline), their parameters and values.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each parameter is a flag of `reduce` and `stats` (--KEY), a key of a pipeline file (KEY:) and a keyword of the Python package. `gridreduce solvers` lists the external solvers that read each target.\n\nExamples:\n  gridreduce targets\n  gridreduce targets --json"
)]
pub struct Args {
    /// Print one JSON object per target (name, about, params with key, help, kind and choices).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    for route in registry() {
        if args.json {
            let params: Vec<serde_json::Value> = route
                .params()
                .iter()
                .map(|p| {
                    let (kind, choices, counts) = match p.kind {
                        Kind::Flag => ("flag", Vec::new(), None),
                        Kind::Choice(choices) => (
                            "choice",
                            choices
                                .iter()
                                .map(|c| serde_json::json!({"name": c.name, "help": c.help}))
                                .collect(),
                            None,
                        ),
                        Kind::Count(what) => ("count", Vec::new(), Some(what)),
                    };
                    let mut v = serde_json::json!({"key": p.key, "help": p.help, "kind": kind});
                    if !choices.is_empty() {
                        v["choices"] = choices.into();
                    }
                    if let Some(what) = counts {
                        v["counts"] = what.into();
                    }
                    v
                })
                .collect();
            println!(
                "{}",
                serde_json::json!({"name": route.name(), "about": route.about(), "params": params})
            );
            continue;
        }
        println!("{}: {}", route.name(), route.about());
        for p in route.params() {
            let form = match p.kind {
                Kind::Flag => format!("--{}", p.key),
                Kind::Choice(_) => format!("--{} NAME", p.key),
                Kind::Count(_) => format!("--{} N", p.key),
            };
            println!("  {form:<26} {}", p.help);
            if let Kind::Choice(choices) = p.kind {
                for c in choices {
                    println!("      {:<22} {}", c.name, c.help);
                }
            }
        }
        println!();
    }
    Ok(ExitCode::SUCCESS)
}
