//! `gridreduce help-markdown` (hidden): the CLI reference in Markdown, generated from the same clap
//! definitions that parse the arguments, so docs/cli.md cannot drift from the binary
//! (`tests/workbench_cli.rs` compares the two).

use clap::{Arg, ArgAction, Command, CommandFactory};
use std::fmt::Write;
use std::process::ExitCode;

/// Print the CLI reference (docs/cli.md) in Markdown.
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_: Args) -> crate::error::Result<ExitCode> {
    print!("{}", markdown(&mut super::Cli::command()));
    Ok(ExitCode::SUCCESS)
}

/// The whole reference: the top-level help, then one section per visible subcommand.
pub fn markdown(cli: &mut Command) -> String {
    cli.build();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# CLI reference\n\nGenerated from the argument definitions by `gridreduce help-markdown > docs/cli.md`\n(a test fails when this file and the binary disagree). `gridreduce COMMAND --help` prints the\nsame text.\n"
    );
    if let Some(about) = cli.get_about() {
        let _ = writeln!(out, "{about}\n");
    }
    let _ = writeln!(out, "| command | what it does |\n|---|---|");
    for sub in visible(cli) {
        let _ = writeln!(
            out,
            "| [`{0}`](#gridreduce-{0}) | {1} |",
            sub.get_name(),
            sub.get_about().map(|a| a.to_string()).unwrap_or_default()
        );
    }
    if let Some(after) = cli.get_after_help() {
        let _ = writeln!(out, "\n```text\n{}\n```", after.to_string().trim_end());
    }
    for sub in visible(cli) {
        section(&mut out, cli.get_name(), sub);
    }
    out
}

fn visible(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

fn section(out: &mut String, parent: &str, cmd: &Command) {
    let name = format!("{parent} {}", cmd.get_name());
    let _ = writeln!(out, "\n## {name}\n");
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        let _ = writeln!(out, "{about}\n");
    }
    let usage = cmd.clone().bin_name(&name).render_usage().to_string();
    let usage = usage.trim_start_matches("Usage: ").trim();
    let _ = writeln!(out, "```text\n{usage}\n```\n");
    let args: Vec<&Arg> = cmd
        .get_arguments()
        .filter(|a| {
            !a.is_hide_set() && !matches!(a.get_action(), ArgAction::Help | ArgAction::Version)
        })
        .collect();
    if !args.is_empty() {
        let _ = writeln!(out, "| argument | meaning |\n|---|---|");
        for a in args {
            let _ = writeln!(out, "| {} | {} |", spelling(a), meaning(a));
        }
    }
    if let Some(after) = cmd.get_after_long_help().or(cmd.get_after_help()) {
        let _ = writeln!(out, "\n```text\n{}\n```", after.to_string().trim_end());
    }
    for sub in visible(cmd) {
        section(out, &name, sub);
    }
}

/// `--flag <VALUE>`, `-o, --output <OUTPUT>` or `<PUZZLES>`.
fn spelling(a: &Arg) -> String {
    let value = a
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(|n| format!("<{n}>"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| format!("<{}>", a.get_id().as_str().to_uppercase()));
    let takes_value = a.get_num_args().is_some_and(|n| n.takes_values());
    let text = match (a.get_short(), a.get_long()) {
        (None, None) => value,
        (short, Some(long)) => {
            let mut s = short.map(|c| format!("-{c}, ")).unwrap_or_default();
            s.push_str(&format!("--{long}"));
            if takes_value {
                s.push(' ');
                s.push_str(&value);
            }
            s
        }
        (Some(c), None) => format!("-{c}"),
    };
    format!("`{text}`")
}

fn meaning(a: &Arg) -> String {
    let mut text = a
        .get_long_help()
        .or(a.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default()
        .replace('\n', " ");
    let values: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| match v.get_help() {
            Some(h) => format!("`{}`: {h}", v.get_name()),
            None => format!("`{}`", v.get_name()),
        })
        .collect();
    let is_bool = matches!(a.get_action(), ArgAction::SetTrue | ArgAction::SetFalse);
    // Help lines are sentences without a final full stop (clap's style); the notes follow them.
    if !text.is_empty() && !text.ends_with('.') {
        text.push('.');
    }
    if !values.is_empty() && !is_bool {
        text.push_str(&format!(" Values: {}.", values.join("; ")));
    }
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && !a.is_hide_default_value_set() && !is_bool {
        text.push_str(&format!(" Default: `{}`.", defaults.join(",")));
    }
    if a.is_required_set() {
        text.push_str(" Required.");
    }
    text.trim().replace('|', "\\|")
}
