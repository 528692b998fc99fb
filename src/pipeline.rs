//! Pipelines: a named reduction in a YAML file (`reductions/*.yaml`) that `gridreduce run` applies
//! to a whole collection.
//!
//! A pipeline says which puzzles it is for (`source`), what it is (`description`), and then exactly
//! what `gridreduce reduce` would be told on its command line, with the same names and values:
//!
//! ```yaml
//! source: sudoku
//! description: Haythorpe's reduction as in the paper (clue arcs removed, undirected, two rules)
//! to: hcp
//! stage: contracted
//! format: tsplib
//! ```
//!
//! is `gridreduce reduce PUZZLES --to hcp --stage contracted --format tsplib`. The two cannot drift
//! apart because both are read into one [`RouteOptions`] by [`RouteOptions::from_given`] from the
//! parameters the route declares in the registry (`crate::route`): a route's new parameter is a
//! flag and a key at once, checked by the same code.
//!
//! Errors are one line naming the file, the line and column, and the allowed keys or values:
//!
//! ```text
//! reductions/x.yaml:4:8: `stage`: unknown value `contractd`, expected one of directed, undirected, trimmed, contracted, reduced
//! ```
//!
//! Checked in this order: YAML syntax and duplicate keys; unknown keys and bad values, in the
//! order written; a missing `to`, `source` or `description`; keys that belong to another route
//! (`encoding` with `to: hcp`); values that do not fit each other (a graph `format` that does not
//! fit the stage's directedness).

use crate::error::InputError;
use crate::external::{AnswerFrom, SolverChoice};
use crate::route::{self, OptionsError, RouteOptions, Value};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Largest pipeline file read (a pipeline is a dozen lines; this bounds memory on junk input).
pub const MAX_PIPELINE_BYTES: usize = 1 << 20;

/// Which puzzles a pipeline is for.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    Sudoku,
    Suguru,
    Latin,
    SudokuX,
    Windoku,
    SudokuDisjoint,
    Custom,
}

impl SourceKind {
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Sudoku => "sudoku",
            SourceKind::Suguru => "suguru",
            SourceKind::Latin => "latin",
            SourceKind::SudokuX => "sudoku-x",
            SourceKind::Windoku => "windoku",
            SourceKind::SudokuDisjoint => "sudoku-disjoint",
            SourceKind::Custom => "custom",
        }
    }
    /// Every kind, in the order of messages.
    pub const ALL: [SourceKind; 7] = [
        SourceKind::Sudoku,
        SourceKind::Suguru,
        SourceKind::Latin,
        SourceKind::SudokuX,
        SourceKind::Windoku,
        SourceKind::SudokuDisjoint,
        SourceKind::Custom,
    ];
    /// The kind of a puzzle's [`Puzzle::kind`](crate::puzzle::Puzzle::kind) name.
    pub fn from_name(name: &str) -> Option<SourceKind> {
        SourceKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A checked pipeline file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    pub source: SourceKind,
    pub description: String,
    /// The reduction, exactly as `reduce`'s flags would give it.
    pub options: RouteOptions,
    /// The external solver `run` applies to every export (YAML only; `run --solver` overrides).
    pub solver: Option<SolverChoice>,
}

/// A YAML value as written: a scalar's text, or something that is not a single value.
#[derive(Clone, Debug)]
enum Raw {
    Text(String),
    NotScalar,
    /// A mapping of keys to values (only `solver` takes one).
    Map(Vec<(String, Raw)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Raw;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw::Text(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw::Text(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
                Ok(Raw::Text(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw::Text(v.to_string()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw::Text(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw::Text(String::new()))
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw::Text(String::new()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                while a.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Raw::NotScalar)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = a.next_entry::<String, Raw>()? {
                    entries.push(entry);
                }
                Ok(Raw::Map(entries))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// A key as written: name, place of the key, place and text of the value (1-based).
struct Written {
    key: String,
    at: (usize, usize),
    value: Raw,
    value_at: (usize, usize),
}

/// The top-level mapping of a pipeline file, key by key, in the order written.
struct Mapping(Vec<Written>);

impl<'de> Deserialize<'de> for Mapping {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Mapping;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Mapping, A::Error> {
                let mut out = Vec::new();
                while let Some(key) = map.next_key::<serde_saphyr::Spanned<String>>()? {
                    let value = map.next_value::<serde_saphyr::Spanned<Raw>>()?;
                    let place = |l: serde_saphyr::Location| {
                        ((l.line() as usize).max(1), (l.column() as usize).max(1))
                    };
                    out.push(Written {
                        key: key.value,
                        at: place(key.referenced),
                        value: value.value,
                        value_at: place(value.referenced),
                    });
                }
                Ok(Mapping(out))
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// The keys a pipeline may have: `source`, `description`, `to`, then every route parameter.
fn keys() -> Vec<&'static str> {
    let mut k = vec!["source", "description", "to", "solver"];
    k.extend(route::all_params().iter().map(|(p, _)| p.key));
    k
}

/// `` `key`: problem; allowed: … `` (a choice's problem already lists what it allows).
fn bad_value(key: &str, bad: &route::BadValue) -> String {
    if bad.allowed.is_empty() {
        format!("`{key}`: {}", bad.problem)
    } else {
        format!("`{key}`: {}; allowed: {}", bad.problem, bad.allowed)
    }
}

/// What a key allows, for error messages.
fn allowed_for(key: &str) -> Option<String> {
    Some(match key {
        "source" => SourceKind::ALL.map(SourceKind::name).join(", "),
        "to" => route::names(),
        "description" => "one line of text".into(),
        "solver" => format!(
            "{} or a mapping {{command: \"… {{input}} …\", answer: stdout|file}}",
            crate::external::profile_names()
        ),
        _ => route::all_params()
            .iter()
            .find(|(p, _)| p.key == key)?
            .0
            .allowed(),
    })
}

impl Pipeline {
    /// Reads and checks a pipeline file.
    pub fn read(path: &Path) -> Result<Pipeline, crate::Error> {
        let file = crate::formats::inputs::open(path)?;
        let mut bytes = Vec::new();
        use std::io::Read;
        file.take(MAX_PIPELINE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| crate::Error::io(path, e))?;
        Ok(Pipeline::parse(path, &bytes)?)
    }

    /// Parses and checks pipeline bytes; `path` names the file in errors.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Pipeline, InputError> {
        if bytes.len() > MAX_PIPELINE_BYTES {
            return Err(InputError::new(format!(
                "a pipeline file is at most {MAX_PIPELINE_BYTES} bytes"
            ))
            .in_file(path));
        }
        let bytes = bytes
            .strip_prefix(crate::formats::lines::BOM)
            .unwrap_or(bytes);
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let before = &bytes[..e.valid_up_to()];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            InputError::at_line(line, "not UTF-8 text").in_file(path)
        })?;
        if text.trim().is_empty() {
            return Err(InputError::new(format!(
                "empty pipeline; it needs at least `source` ({}), `description` and `to` ({})",
                SourceKind::ALL.map(SourceKind::name).join(", "),
                route::names()
            ))
            .in_file(path));
        }
        let mapping: Mapping =
            serde_saphyr::from_str(text).map_err(|e| yaml_error(path, text, &e))?;
        let at = |(line, column): (usize, usize), message: String| {
            InputError::at_line(line, message)
                .with_column(column)
                .in_file(path)
        };
        let all = keys();
        let (mut source, mut description, mut to, mut solver) = (None, None, None, None);
        let mut given: Vec<(&str, String)> = Vec::new();
        for w in &mapping.0 {
            let Some(&key) = all.iter().find(|k| **k == w.key) else {
                return Err(at(
                    w.at,
                    format!(
                        "unknown key `{}`, expected one of {}",
                        crate::formats::tokens::excerpt(&w.key),
                        all.join(", ")
                    ),
                ));
            };
            if key == "solver" {
                solver = Some(solver_choice(&w.value).map_err(|m| at(w.value_at, m))?);
                continue;
            }
            let text = match &w.value {
                Raw::Text(t) => t.clone(),
                Raw::NotScalar | Raw::Map(_) => {
                    let mut m = format!("`{key}`: expected a single value");
                    if let Some(a) = allowed_for(key) {
                        m.push_str(&format!("; allowed: {a}"));
                    }
                    return Err(at(w.value_at, m));
                }
            };
            let unknown = |names: &str| {
                at(
                    w.value_at,
                    format!(
                        "`{key}`: unknown value `{}`, expected one of {names}",
                        crate::formats::tokens::excerpt(&text)
                    ),
                )
            };
            match key {
                "source" => {
                    source = Some(SourceKind::from_name(&text).ok_or_else(|| {
                        unknown(&SourceKind::ALL.map(SourceKind::name).join(", "))
                    })?)
                }
                "description" => description = Some((text, w.at)),
                "to" => {
                    route::find(&text).ok_or_else(|| unknown(&route::names()))?;
                    to = Some(text);
                }
                // Checked by `from_given` below against the chosen route's declaration (a key such
                // as `format` means different things to different routes).
                _ => given.push((key, text)),
            }
        }
        let to = to.ok_or_else(|| {
            InputError::at_line(1, format!("missing key `to` (allowed: {})", route::names()))
                .in_file(path)
        })?;
        let source = source.ok_or_else(|| {
            InputError::at_line(
                1,
                format!(
                    "missing key `source` (the puzzle kind: {})",
                    SourceKind::ALL.map(SourceKind::name).join(", ")
                ),
            )
            .in_file(path)
        })?;
        let (description, description_at) = description.ok_or_else(|| {
            InputError::at_line(
                1,
                "missing key `description` (one line saying what the pipeline does)",
            )
            .in_file(path)
        })?;
        if description.trim().is_empty() || description.contains('\n') {
            return Err(at(
                description_at,
                "`description` must be one non-empty line".into(),
            ));
        }
        let written = |key: &str| mapping.0.iter().find(|w| w.key == key);
        let place = |key: &str| written(key).map_or((1, 1), |w| w.at);
        let value_place = |key: &str| written(key).map_or((1, 1), |w| w.value_at);
        let options = RouteOptions::from_given(&to, &given).map_err(|e| match e {
            OptionsError::Conflict(c) if c.foreign => at(
                place(c.key),
                format!("`{}` {} (this pipeline has `to: {to}`)", c.key, c.reason),
            ),
            OptionsError::Conflict(c) => at(place(c.key), format!("`{}` {}", c.key, c.reason)),
            OptionsError::BadValue { key, bad } => at(value_place(key), bad_value(key, &bad)),
            OptionsError::UnknownRoute(r) | OptionsError::UnknownKey(r) => {
                at(place("to"), format!("unknown `{r}`"))
            }
        })?;
        if let Some(c) = options.route.kind_conflict(source.name(), &options.params) {
            return Err(at(
                value_place(c.key),
                format!(
                    "`{}`: {} (this pipeline has `source: {}`)",
                    c.key,
                    c.reason,
                    source.name()
                ),
            ));
        }
        if let Some(choice) = &solver {
            crate::external::Solver::from_choice(choice, &options)
                .map_err(|m| at(value_place("solver"), format!("`solver`: {m}")))?;
        }
        Ok(Pipeline {
            source,
            description,
            options,
            solver,
        })
    }

    /// The pipeline as YAML (the keys `parse` reads; parameters not given left out).
    pub fn to_yaml(&self) -> String {
        let mut pairs = vec![
            ("source", YamlValue::Text(self.source.name().to_string())),
            ("description", YamlValue::Text(self.description.clone())),
        ];
        for (k, v) in self.options.pairs() {
            pairs.push((
                k,
                match v {
                    Value::Flag(b) => YamlValue::Bool(b),
                    Value::Choice(c) => YamlValue::Text(c.to_string()),
                    Value::Count(n) => YamlValue::Number(n),
                },
            ));
        }
        match &self.solver {
            Some(SolverChoice::Profile(name)) => {
                pairs.push(("solver", YamlValue::Text(name.clone())))
            }
            Some(SolverChoice::Command { command, answer }) => pairs.push((
                "solver",
                YamlValue::Map(
                    [
                        ("command".to_string(), command.clone()),
                        ("answer".to_string(), answer.name().to_string()),
                    ]
                    .into_iter()
                    .collect(),
                ),
            )),
            None => {}
        }
        serde_saphyr::to_string(&Ordered(pairs)).expect("pipelines serialise")
    }
}

/// A value written back to YAML.
#[derive(Serialize)]
#[serde(untagged)]
enum YamlValue {
    Text(String),
    Bool(bool),
    Number(u64),
    Map(std::collections::BTreeMap<String, String>),
}

/// A mapping serialised in the given order.
struct Ordered(Vec<(&'static str, YamlValue)>);

impl Serialize for Ordered {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// A `solver:` value: a profile name, or `{command: "…", answer: stdout|file}` (answer defaults
/// to stdout).
fn solver_choice(value: &Raw) -> Result<SolverChoice, String> {
    let expected = || {
        format!(
            "`solver`: expected {}",
            allowed_for("solver").unwrap_or_default()
        )
    };
    match value {
        Raw::Text(name) if !name.trim().is_empty() => {
            Ok(SolverChoice::Profile(name.trim().to_string()))
        }
        Raw::Map(entries) => {
            let (mut command, mut answer) = (None, AnswerFrom::Stdout);
            for (k, v) in entries {
                let Raw::Text(v) = v else {
                    return Err(format!("`solver`: `{k}` expects a single value"));
                };
                match k.as_str() {
                    "command" => command = Some(v.clone()),
                    "answer" => answer = AnswerFrom::from_name(v).ok_or_else(|| {
                        format!(
                            "`solver`: `answer`: unknown value `{}`, expected one of stdout, file",
                            crate::formats::tokens::excerpt(v)
                        )
                    })?,
                    other => {
                        return Err(format!(
                            "`solver`: unknown key `{}`, expected one of command, answer",
                            crate::formats::tokens::excerpt(other)
                        ));
                    }
                }
            }
            let command = command.ok_or_else(|| "`solver`: missing key `command`".to_string())?;
            Ok(SolverChoice::Command { command, answer })
        }
        _ => Err(expected()),
    }
}

/// The key written at the start of line `line` of `text` (`  key: value`), if any.
fn key_on_line(text: &str, line: usize) -> Option<&str> {
    let l = text.lines().nth(line.checked_sub(1)?)?.trim_start();
    let l = l.strip_prefix("- ").unwrap_or(l);
    let (key, _) = l.split_once(':')?;
    let key = key.trim().trim_matches(|c| c == '"' || c == '\'');
    (!key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    .then_some(key)
}

/// A serde-saphyr error as one line: `file:line:column: `key`: problem; allowed: …`, in the words
/// of the pipeline format (key, value) rather than serde's (field, variant).
fn yaml_error(path: &Path, text: &str, e: &serde_saphyr::Error) -> InputError {
    let (mut line, mut column, first) = crate::formats::yaml::error_parts(e);
    let mut message = first
        .replace("unknown field", "unknown key")
        .replace("unknown variant", "unknown value");
    let mut key = None;
    if let Some(rest) = message.strip_prefix("missing field `") {
        // Reported where the mapping ends; the whole file is what lacks the key.
        let name = rest.trim_end_matches('`').to_string();
        message = format!("missing key `{name}`");
        if let Some(a) = allowed_for(&name) {
            message.push_str(&format!(" (allowed: {a})"));
        }
        (line, column) = (1, 0);
    } else if let Some(rest) = message.strip_prefix("duplicate mapping key: ") {
        let name = rest.split(',').next().unwrap_or(rest).trim();
        message = format!("duplicate key `{name}`");
    } else if message.contains("from_str_multiple") || message.contains("multiple documents") {
        message =
            "a pipeline file holds one YAML document (a second starts here after `---`)".into();
    } else if message.starts_with("expected mapping start")
        || message.contains("expected struct")
        || message.contains("expected a mapping")
    {
        message = "a pipeline is a mapping of keys (source, description, to, …)".into();
    } else if !message.starts_with("unknown key") {
        key = key_on_line(text, line).map(str::to_string);
    }
    if let Some(k) = &key {
        if message.contains("externally tagged enum") || message.contains("invalid type") {
            message = "expected a single value".into();
        }
        message = format!("`{k}`: {message}");
        if !message.contains("expected one of")
            && let Some(a) = allowed_for(k)
        {
            message.push_str(&format!("; allowed: {a}"));
        }
    }
    let err = InputError::at_line(line.max(1), message).in_file(path);
    if column > 0 {
        err.with_column(column)
    } else {
        err
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Pipeline, String> {
        Pipeline::parse(Path::new("p.yaml"), text.as_bytes()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_pipeline_parses_and_writes_back() {
        let p = parse(
            "source: sudoku\ndescription: paper\nto: hcp\nstage: contracted\nkeep-clue-arcs: true\nformat: tsplib\n",
        )
        .unwrap();
        assert_eq!(p.source, SourceKind::Sudoku);
        assert_eq!(p.options.route.name(), "hcp");
        assert_eq!(p.options.params.choice("stage"), Some("contracted"));
        assert!(p.options.params.flag("keep-clue-arcs"));
        assert_eq!(p.options.params.choice("format"), Some("tsplib"));
        let yaml = p.to_yaml();
        assert_eq!(parse(&yaml).unwrap(), p, "{yaml}");
    }

    #[test]
    fn errors_name_line_column_and_allowed_values() {
        let e = parse("source: sudoku\ndescription: x\nto: hcp\nstage: contractd\n").unwrap_err();
        assert_eq!(
            e,
            "p.yaml:4:8: `stage`: unknown value `contractd`, expected one of directed, undirected, trimmed, contracted, reduced"
        );
        let e = parse("source: sudoku\ndescription: x\nto: hcp\nstag: contracted\n").unwrap_err();
        assert!(e.starts_with("p.yaml:4:1: unknown key `stag`"), "{e}");
        assert!(e.contains("keep-clue-arcs"), "{e}");
        let e = parse("source: sudoku\ndescription: x\nto: cnf\nstage: directed\n").unwrap_err();
        assert_eq!(
            e,
            "p.yaml:4:1: `stage` applies to hcp only (this pipeline has `to: cnf`)"
        );
        let e = parse("source: sudoku\ndescription: x\nto: hcp\nstage: directed\nformat: tsplib\n")
            .unwrap_err();
        assert!(
            e.starts_with("p.yaml:5:1: `format` does not fit the directed stage"),
            "{e}"
        );
        // A value no puzzle of the source kind takes is refused at load, not per puzzle.
        let e = parse("source: sudoku\ndescription: x\nto: cnf\nencoding: paper\n").unwrap_err();
        assert_eq!(
            e,
            "p.yaml:4:11: `encoding`: paper is the Suguru SAT paper's encoding; it takes Suguru only (this pipeline has `source: sudoku`)"
        );
        assert!(parse("source: suguru\ndescription: x\nto: cnf\nencoding: paper\n").is_ok());
        let e = parse("description: x\nto: hcp\n").unwrap_err();
        assert_eq!(
            e,
            "p.yaml:1: missing key `source` (the puzzle kind: sudoku, suguru, latin, sudoku-x, windoku, sudoku-disjoint, custom)"
        );
        for bad in [
            "",
            "- a\n- b\n",
            "source: [\n",
            "to: hcp\nto: cnf\n",
            "{",
            "*a",
            "\t",
            "source: sudoku\ndescription: x\nto: [hcp]\n",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.starts_with("p.yaml"), "{bad:?}: {e}");
            assert!(!e.contains('\n'), "{bad:?}: {e}");
        }
    }

    /// Every key of every route is a pipeline key, checked by the same code as the flags: a
    /// value each route's parameter accepts is accepted in YAML too.
    #[test]
    fn every_route_parameter_is_a_pipeline_key() {
        for r in route::registry() {
            for p in r.params() {
                let value = match p.kind {
                    route::Kind::Flag => "true".to_string(),
                    route::Kind::Choice(choices) => choices[0].name.to_string(),
                    route::Kind::Count(_) => "100000".to_string(),
                };
                let yaml = format!(
                    "source: sudoku\ndescription: x\nto: {}\n{}: {value}\n",
                    r.name(),
                    p.key
                );
                match parse(&yaml) {
                    Ok(pipeline) => assert!(pipeline.options.params.has(p.key), "{yaml}"),
                    // A value that conflicts with the route's defaults (a directed format on the
                    // default undirected stage) is still a known key.
                    Err(e) => assert!(e.contains("does not fit"), "{yaml}: {e}"),
                }
            }
        }
    }

    /// The shipped pipelines parse, and each is for the kind its file name says.
    #[test]
    fn shipped_pipelines_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("reductions");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            let p = Pipeline::read(&path).unwrap_or_else(|e| panic!("{e}"));
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(stem.starts_with(p.source.name()), "{stem}");
            let route = p.options.route;
            assert!(
                stem.contains(route.name()) || stem.contains(route.stats_prefix()),
                "{stem}"
            );
            n += 1;
        }
        assert!(n >= 6);
    }
}
