//! The flags of every route's parameters, made from the registry: `reduce` takes `--to` and one
//! value per flag; `stats` takes comma-separated lists (one group of columns per value). A route
//! added to the registry gets its flags here with no edit.

use crate::error::{Error, Result};
use crate::route::{self, Kind, OptionsError, RouteOptions};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, Command};

/// Values given on the command line, by key, in registry order (one value each for `reduce`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given(pub Vec<(&'static str, Vec<String>)>);

/// The help of a flag: its route's text, or each route's text named when several declare it.
fn help(key: &str) -> String {
    let owners: Vec<(&str, &str)> = route::registry()
        .iter()
        .filter_map(|r| {
            r.params()
                .iter()
                .find(|p| p.key == key)
                .map(|p| (r.name(), p.help))
        })
        .collect();
    match owners.as_slice() {
        [(_, text)] => text.to_string(),
        _ => owners
            .iter()
            .map(|(name, text)| format!("[{name}] {text}"))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Adds a flag per parameter key of the registry (only `keys` when not empty); `lists` makes
/// choice flags take comma-separated lists.
pub fn add_param_flags(mut cmd: Command, lists: bool, keys: &[&str]) -> Command {
    for (param, _) in route::all_params() {
        if !keys.is_empty() && !keys.contains(&param.key) {
            continue;
        }
        let mut arg = Arg::new(param.key).long(param.key).help(help(param.key));
        arg = match param.kind {
            Kind::Flag => arg.action(ArgAction::SetTrue),
            Kind::Choice(_) => {
                let mut values: Vec<PossibleValue> = Vec::new();
                for r in route::registry() {
                    for p in r.params().iter().filter(|p| p.key == param.key) {
                        if let Kind::Choice(choices) = p.kind {
                            for c in choices {
                                if !values.iter().any(|v| v.get_name() == c.name) {
                                    values.push(
                                        PossibleValue::new(c.name)
                                            .help(c.help.trim_end_matches('.')),
                                    );
                                }
                            }
                        }
                    }
                }
                let arg = arg.value_parser(PossibleValuesParser::new(values));
                if lists {
                    arg.value_delimiter(',').action(ArgAction::Append)
                } else {
                    arg
                }
            }
            Kind::Count(_) => arg.value_parser(clap::value_parser!(u32)).value_name("N"),
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

/// The values the command line gave for the registry's keys (those the command defines).
pub fn given(m: &ArgMatches) -> Given {
    let mut out = Vec::new();
    for (param, _) in route::all_params() {
        let values: Vec<String> = match param.kind {
            Kind::Flag => match m.try_get_one::<bool>(param.key) {
                Ok(Some(true)) => vec!["true".into()],
                _ => Vec::new(),
            },
            Kind::Choice(_) => m
                .try_get_many::<String>(param.key)
                .ok()
                .flatten()
                .map(|v| v.cloned().collect())
                .unwrap_or_default(),
            Kind::Count(_) => m
                .try_get_one::<u32>(param.key)
                .ok()
                .flatten()
                .map(|n| vec![n.to_string()])
                .unwrap_or_default(),
        };
        if !values.is_empty() {
            out.push((param.key, values));
        }
    }
    Given(out)
}

/// `--to ROUTE` and the parameter flags of `reduce`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReduceFlags {
    pub to: String,
    pub given: Given,
}

impl clap::FromArgMatches for ReduceFlags {
    fn from_arg_matches(m: &ArgMatches) -> std::result::Result<Self, clap::Error> {
        Ok(ReduceFlags {
            to: m.get_one::<String>("to").cloned().unwrap_or_default(),
            given: given(m),
        })
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> std::result::Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for ReduceFlags {
    fn augment_args(cmd: Command) -> Command {
        let targets: Vec<PossibleValue> = route::registry()
            .iter()
            .map(|r| PossibleValue::new(r.name()).help(r.about().trim_end_matches('.')))
            .collect();
        let to = Arg::new("to")
            .long("to")
            .required(true)
            .value_name("TO")
            .value_parser(PossibleValuesParser::new(targets))
            .help("Target format");
        add_param_flags(cmd.arg(to), false, &[])
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl ReduceFlags {
    /// The checked options, or a usage error in the words of the command line.
    pub fn options(&self) -> Result<RouteOptions> {
        let given: Vec<(&str, String)> = self
            .given
            .0
            .iter()
            .flat_map(|(k, vs)| vs.iter().map(move |v| (*k, v.clone())))
            .collect();
        RouteOptions::from_given(&self.to, &given).map_err(|e| {
            Error::Usage(match e {
                OptionsError::UnknownRoute(r) => {
                    format!("--to {r}: unknown target ({})", route::names())
                }
                OptionsError::UnknownKey(k) => format!("--{k}: unknown flag"),
                OptionsError::BadValue { key, bad } => format!("--{key}: {}", bad.problem),
                OptionsError::Conflict(c) if c.foreign => {
                    format!("--{} {} (--to {})", c.key, c.reason, self.to)
                }
                OptionsError::Conflict(c) => format!("--{} {}", c.key, c.reason),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Args;

    /// `reduce` has exactly one flag per parameter key of the registry (plus `--to`), so a route's
    /// new parameter is a flag with no edit here.
    #[test]
    fn reduce_has_one_flag_per_registry_key() {
        let command = super::super::reduce::Args::augment_args(Command::new("reduce"));
        let mut flags: Vec<String> = command
            .get_arguments()
            .filter_map(|a| a.get_long().map(str::to_string))
            .filter(|f| !["index", "boxes", "regions", "output", "json"].contains(&f.as_str()))
            .collect();
        flags.sort();
        let mut keys: Vec<String> = route::all_params()
            .iter()
            .map(|(p, _)| p.key.to_string())
            .collect();
        keys.push("to".into());
        keys.sort();
        assert_eq!(flags, keys);
    }
}
