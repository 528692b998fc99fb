//! The parameters of a route, written once: each [`Param`] a route declares is one `--key` flag of
//! `reduce` and `stats`, one `key:` of a pipeline file and one keyword argument of the Python
//! package, with one check of its value ([`Param::parse`]) and one rule for keys that belong to
//! another route (`RouteOptions::from_given`).
//!
//! Values arrive as text with a place (a command-line flag or a YAML line and column) and leave as
//! typed [`Params`] in the route's declaration order, so that what is written back (a run folder's
//! `pipeline.yaml`) lists the keys in the same order every time.

use std::fmt;

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `true` or `false`; on the command line the bare flag means `true`.
    Flag,
    /// One of these names (kebab-case, as typed), each with one line of help.
    Choice(&'static [Choice]),
    /// A whole number; the text says what it counts (`a whole number of vertices`).
    Count(&'static str),
}

/// One value of a [`Kind::Choice`] parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub name: &'static str,
    pub help: &'static str,
}

/// `Choice { name, help }`, shorter.
pub const fn choice(name: &'static str, help: &'static str) -> Choice {
    Choice { name, help }
}

/// The names of a choice list.
pub fn names(choices: &[Choice]) -> Vec<&'static str> {
    choices.iter().map(|c| c.name).collect()
}

/// One parameter of a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The flag without `--` and the YAML key (kebab-case).
    pub key: &'static str,
    /// One or two sentences for `--help` and docs/cli.md.
    pub help: &'static str,
    pub kind: Kind,
}

/// A checked value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Choice(&'static str),
    Count(u64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(b) => write!(f, "{b}"),
            Value::Choice(c) => f.write_str(c),
            Value::Count(n) => write!(f, "{n}"),
        }
    }
}

/// Why a value was refused, in the words of the pipeline format; the caller adds where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    pub problem: String,
    /// What the key allows (`true, false`), when the problem does not already list it.
    pub allowed: String,
}

impl Param {
    /// What the key allows, for messages and help.
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Flag => "true, false".into(),
            Kind::Choice(choices) => names(choices).join(", "),
            Kind::Count(what) => what.into(),
        }
    }

    /// Checks one value given as text.
    pub fn parse(&self, text: &str) -> Result<Value, BadValue> {
        let bad = |problem: String| BadValue {
            problem,
            allowed: self.allowed(),
        };
        match self.kind {
            Kind::Flag => match text {
                "true" => Ok(Value::Flag(true)),
                "false" => Ok(Value::Flag(false)),
                _ => Err(bad("invalid boolean".into())),
            },
            Kind::Choice(choices) => choices
                .iter()
                .find(|c| c.name == text)
                .map(|c| Value::Choice(c.name))
                .ok_or_else(|| BadValue {
                    problem: format!(
                        "unknown value `{}`, expected one of {}",
                        crate::formats::tokens::excerpt(text),
                        names(choices).join(", ")
                    ),
                    allowed: String::new(),
                }),
            Kind::Count(_) => text
                .parse::<u32>()
                .map(|n| Value::Count(n as u64))
                .map_err(|_| bad("not a whole number".into())),
        }
    }
}

/// The parameters given to one route, in the route's declaration order. A key that was not given
/// is absent; the route applies its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(Vec<(&'static str, Value)>);

impl Params {
    pub fn new() -> Params {
        Params(Vec::new())
    }

    /// Sets `key` (replacing an earlier value), keeping declaration order when `order` is the
    /// route's parameter list.
    pub fn set(&mut self, key: &'static str, value: Value, order: &[Param]) {
        self.0.retain(|(k, _)| *k != key);
        self.0.push((key, value));
        let rank = |k: &str| order.iter().position(|p| p.key == k).unwrap_or(usize::MAX);
        self.0.sort_by_key(|(k, _)| rank(k));
    }

    /// The params with `key` set.
    pub fn with(mut self, key: &'static str, value: Value, order: &[Param]) -> Params {
        self.set(key, value, order);
        self
    }

    pub fn get(&self, key: &str) -> Option<Value> {
        self.0.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }

    /// A flag's value; `false` when not given.
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.get(key), Some(Value::Flag(true)))
    }

    /// A choice's name, when given.
    pub fn choice(&self, key: &str) -> Option<&'static str> {
        match self.get(key) {
            Some(Value::Choice(c)) => Some(c),
            _ => None,
        }
    }

    /// A count, when given.
    pub fn count(&self, key: &str) -> Option<u64> {
        match self.get(key) {
            Some(Value::Count(n)) => Some(n),
            _ => None,
        }
    }

    /// Whether `key` was given at all (a flag given as `false` counts: it was written).
    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Keys set away from "not given": flags that are `true`, every choice and count.
    pub fn set_keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0
            .iter()
            .filter(|(_, v)| *v != Value::Flag(false))
            .map(|&(k, _)| k)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Value)> + '_ {
        self.0.iter().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A key set to something that does not fit: the key and why (`applies to hcp only`,
/// `does not fit the directed stage (…)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub key: &'static str,
    pub reason: String,
    /// True when the key belongs to other routes only (the message then names the chosen one).
    pub foreign: bool,
}

impl Conflict {
    /// A key that does not fit the other values (no route name to add).
    pub fn new(key: &'static str, reason: impl Into<String>) -> Conflict {
        Conflict {
            key,
            reason: reason.into(),
            foreign: false,
        }
    }
}
