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
//! apart because they are one Rust struct: [`ReduceOptions`] derives both `clap::Args` (the flags of
//! `reduce`, which flattens it) and `serde::Deserialize` (the YAML keys, kebab-case like the flags).
//! Only `source` and `description` are YAML-only (`#[arg(skip)]`). A test lists clap's flags and
//! serde's keys and checks they are the same set.
//!
//! Errors are one line naming the file, the line and column, and the allowed keys or values:
//!
//! ```text
//! reductions/x.yaml:4:8: `stage`: unknown variant `contractd`, expected one of `directed`, `undirected`, `trimmed`, `contracted`, `reduced`
//! ```
//!
//! Besides what serde checks (unknown key, unknown value, wrong type, duplicate key, missing `to`),
//! [`ReduceOptions::conflict`] refuses keys that do not apply to the target (`encoding` with
//! `to: hcp`, `stage` with `to: cnf`, a graph `format` that does not fit the stage's
//! directedness), and [`Pipeline::parse`] asks for `source` and `description`.

use crate::cli::hcp_export::{HcpFormat, StageArg};
use crate::cli::reduce::Target;
use crate::error::InputError;
use crate::sat::Encoding;
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
}

impl SourceKind {
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Sudoku => "sudoku",
            SourceKind::Suguru => "suguru",
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn default_matrix_limit() -> u32 {
    crate::formats::tsplib::DEFAULT_MATRIX_LIMIT
}

fn is_default_matrix_limit(v: &u32) -> bool {
    *v == default_matrix_limit()
}

/// What to reduce to and how: the flags of `gridreduce reduce` and the keys of a pipeline file.
///
/// Each field is one `--flag` and one `key:` of the same (kebab-case) name. Add an option here and
/// both get it.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "kebab-case",
    deny_unknown_fields,
    expecting = "a pipeline: a mapping of keys (source, description, to, stage, …)"
)]
pub struct ReduceOptions {
    /// Pipeline files only: the puzzle kind the pipeline is for (sudoku or suguru).
    #[arg(skip)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceKind>,
    /// Pipeline files only: one line saying what the pipeline does.
    #[arg(skip)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Target format.
    #[arg(long, value_enum)]
    pub to: Target,
    /// CNF encoding (default: extended for Sudoku, compact for Suguru).
    #[arg(long, value_enum)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<Encoding>,
    /// Apply the givens at encoding time (CNF): drop satisfied clauses, false literals and fixed
    /// variables; prints the sizes before and after.
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub simplify: bool,
    /// Hamiltonian-cycle stage (--to hcp): directed, undirected, trimmed, contracted (default) or
    /// reduced (singles and forced edges, then contraction).
    #[arg(long, value_enum)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<StageArg>,
    /// The triplet trick on an undirected stage (--to hcp).
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub trim: bool,
    /// Keep the redundant clue arcs (--to hcp; givens are still enforced).
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub keep_clue_arcs: bool,
    /// Build from the canonical variant of the layered graph (--to hcp): exactly one Hamiltonian
    /// cycle per solution, so counting cycles counts solutions (docs/hcp-construction.md §11).
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub canonical: bool,
    /// Graph file format (--to hcp): tsplib (default, undirected), concorde, tsp, arcs (default,
    /// directed), atsp, dot.
    #[arg(long, value_enum)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<HcpFormat>,
    /// Largest vertex count for the explicit-matrix formats tsp and atsp.
    #[arg(long, default_value_t = crate::formats::tsplib::DEFAULT_MATRIX_LIMIT)]
    #[serde(
        default = "default_matrix_limit",
        skip_serializing_if = "is_default_matrix_limit"
    )]
    pub matrix_limit: u32,
    /// Also write OUT.tour (--to hcp): the Hamiltonian cycle of the puzzle's solution as an LKH
    /// TOUR file (the puzzle is solved in-process when no solution is known).
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub witness: bool,
    /// Also write OUT.labels (--to hcp): each vertex's 1-based id and readable label.
    #[arg(long)]
    #[serde(default, skip_serializing_if = "is_false")]
    pub labels: bool,
}

/// A key set to something that does not fit the rest: the key and why (`applies to hcp only`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub key: &'static str,
    pub reason: String,
}

impl ReduceOptions {
    /// Options for `target` with every other option at its default.
    pub fn to(target: Target) -> Self {
        ReduceOptions {
            source: None,
            description: None,
            to: target,
            encoding: None,
            simplify: false,
            stage: None,
            trim: false,
            keep_clue_arcs: false,
            canonical: false,
            format: None,
            matrix_limit: default_matrix_limit(),
            witness: false,
            labels: false,
        }
    }

    /// The first option set away from its default that does not apply to the target, or a graph
    /// format that does not fit the stage.
    pub fn conflict(&self) -> Option<Conflict> {
        let only = |key: &'static str, target: &str| {
            Some(Conflict {
                key,
                reason: format!("applies to {target} only"),
            })
        };
        if self.to != Target::Cnf {
            if self.encoding.is_some() {
                return only("encoding", "cnf");
            }
            if self.simplify {
                return only("simplify", "cnf");
            }
        }
        if self.to != Target::Hcp {
            let hcp_keys = [
                ("stage", self.stage.is_some()),
                ("trim", self.trim),
                ("keep-clue-arcs", self.keep_clue_arcs),
                ("canonical", self.canonical),
                ("format", self.format.is_some()),
                ("matrix-limit", self.matrix_limit != default_matrix_limit()),
                ("witness", self.witness),
                ("labels", self.labels),
            ];
            if let Some((key, _)) = hcp_keys.iter().find(|(_, set)| *set) {
                return only(key, "hcp");
            }
            return None;
        }
        let directed = self.hcp_options().stage == crate::hcp::Stage::Directed;
        let fits = match self.format {
            None | Some(HcpFormat::Dot) => true,
            Some(HcpFormat::Arcs | HcpFormat::Atsp) => directed,
            Some(HcpFormat::Tsplib | HcpFormat::Concorde | HcpFormat::Tsp) => !directed,
        };
        (!fits).then(|| Conflict {
            key: "format",
            reason: format!(
                "does not fit the {} stage (directed: arcs, atsp, dot; undirected: tsplib, concorde, tsp, dot)",
                if directed { "directed" } else { "undirected" }
            ),
        })
    }

    /// The Hamiltonian-cycle chain options of `stage`, `trim`, `keep-clue-arcs` and `canonical`.
    pub fn hcp_options(&self) -> crate::hcp::HcpOptions {
        crate::cli::hcp_export::options(self.stage, self.trim, self.keep_clue_arcs, self.canonical)
    }

    /// Whether reducing a puzzle needs one of its solutions (to write the witness tour).
    pub fn needs_solution(&self) -> bool {
        self.to == Target::Hcp && self.witness
    }
}

/// A checked pipeline file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    pub source: SourceKind,
    pub description: String,
    /// The reduction, exactly as `reduce`'s flags would give it (`source` and `description` are
    /// `None` here; they live above).
    pub options: ReduceOptions,
}

/// Where each top-level key of a YAML mapping is (1-based line and column), for errors on checks
/// serde does not make.
struct KeyPlaces(Vec<(String, usize, usize)>);

impl<'de> Deserialize<'de> for KeyPlaces {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = KeyPlaces;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeyPlaces, A::Error> {
                let mut places = Vec::new();
                while let Some(key) = map.next_key::<serde_saphyr::Spanned<String>>()? {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    let at = key.referenced;
                    places.push((key.value, at.line() as usize, at.column() as usize));
                }
                Ok(KeyPlaces(places))
            }
        }
        d.deserialize_map(Visitor)
    }
}

impl KeyPlaces {
    fn of(text: &str) -> KeyPlaces {
        serde_saphyr::from_str::<KeyPlaces>(text).unwrap_or(KeyPlaces(Vec::new()))
    }
    /// Line and column of `key` (1:1 when unknown, e.g. in flow style through an alias).
    fn place(&self, key: &str) -> (usize, usize) {
        self.0
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|&(_, l, c)| (l.max(1), c.max(1)))
            .unwrap_or((1, 1))
    }
    /// The key written on `line`, if exactly one is.
    fn on_line(&self, line: usize) -> Option<&str> {
        let mut on = self.0.iter().filter(|(_, l, _)| *l == line);
        match (on.next(), on.next()) {
            (Some((k, _, _)), None) => Some(k),
            _ => None,
        }
    }
}

/// The allowed values of a value enum, comma-separated (`sudoku, suguru`).
pub fn allowed<E: clap::ValueEnum>() -> String {
    E::value_variants()
        .iter()
        .filter_map(|v| v.to_possible_value())
        .map(|p| p.get_name().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Pipeline {
    /// Reads and checks a pipeline file.
    pub fn read(path: &Path) -> Result<Pipeline, crate::Error> {
        let file = std::fs::File::open(path).map_err(|e| crate::Error::io(path, e))?;
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
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let before = &bytes[..e.valid_up_to()];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            InputError::at_line(line, "not UTF-8 text").in_file(path)
        })?;
        if text.trim().is_empty() {
            return Err(InputError::new(format!(
                "empty pipeline; it needs at least `source` ({}), `description` and `to` ({})",
                allowed::<SourceKind>(),
                allowed::<Target>()
            ))
            .in_file(path));
        }
        let places = || KeyPlaces::of(text);
        let mut options: ReduceOptions =
            serde_saphyr::from_str(text).map_err(|e| yaml_error(path, text, &e))?;
        let at = |key: &str, message: String| {
            let (line, column) = places().place(key);
            InputError::at_line(line, message)
                .with_column(column)
                .in_file(path)
        };
        let source = options.source.take().ok_or_else(|| {
            InputError::at_line(
                1,
                format!(
                    "missing key `source` (the puzzle kind: {})",
                    allowed::<SourceKind>()
                ),
            )
            .in_file(path)
        })?;
        let description = options.description.take().ok_or_else(|| {
            InputError::at_line(
                1,
                "missing key `description` (one line saying what the pipeline does)",
            )
            .in_file(path)
        })?;
        if description.trim().is_empty() || description.contains('\n') {
            return Err(at(
                "description",
                "`description` must be one non-empty line".into(),
            ));
        }
        if let Some(c) = options.conflict() {
            return Err(at(
                c.key,
                if c.reason.starts_with("applies to") {
                    format!(
                        "`{}` {} (this pipeline has `to: {}`)",
                        c.key,
                        c.reason,
                        target_name(options.to)
                    )
                } else {
                    format!("`{}` {}", c.key, c.reason)
                },
            ));
        }
        Ok(Pipeline {
            source,
            description,
            options,
        })
    }

    /// The pipeline as YAML (the keys `parse` reads; defaults left out).
    pub fn to_yaml(&self) -> String {
        let mut full = self.options.clone();
        full.source = Some(self.source);
        full.description = Some(self.description.clone());
        serde_saphyr::to_string(&full).expect("pipelines serialise")
    }
}

/// `hcp`, `cnf` or `lp`.
pub fn target_name(t: Target) -> &'static str {
    match t {
        Target::Cnf => "cnf",
        Target::Lp => "lp",
        Target::Hcp => "hcp",
    }
}

/// What a key allows, for error messages.
fn allowed_for(key: &str) -> Option<String> {
    Some(match key {
        "source" => allowed::<SourceKind>(),
        "to" => allowed::<Target>(),
        "encoding" => allowed::<Encoding>(),
        "stage" => allowed::<StageArg>(),
        "format" => allowed::<HcpFormat>(),
        "simplify" | "trim" | "keep-clue-arcs" | "witness" | "labels" => "true, false".into(),
        "matrix-limit" => "a whole number of vertices".into(),
        "description" => "one line of text".into(),
        _ => return None,
    })
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
    let (mut line, mut column) = e
        .location()
        .map(|l| (l.line() as usize, l.column() as usize))
        .unwrap_or((0, 0));
    let raw = e.without_snippet().to_string();
    let first = raw.lines().next().unwrap_or("").trim();
    // The rendered message ends with " at line L, column C"; the location goes in front instead.
    let first = first.rfind(" at line ").map_or(first, |i| &first[..i]);
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
    } else if message.starts_with("expected mapping start") || message.contains("expected struct") {
        message = "a pipeline is a mapping of keys (source, description, to, …)".into();
    } else if !message.starts_with("unknown key") {
        key = KeyPlaces::of(text)
            .on_line(line)
            .map(str::to_string)
            .or_else(|| key_on_line(text, line).map(str::to_string));
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
        assert_eq!(p.options.stage, Some(StageArg::Contracted));
        assert!(p.options.keep_clue_arcs);
        assert_eq!(p.options.format, Some(HcpFormat::Tsplib));
        let yaml = p.to_yaml();
        assert_eq!(parse(&yaml).unwrap(), p, "{yaml}");
    }

    #[test]
    fn errors_name_line_column_and_allowed_values() {
        let e = parse("source: sudoku\ndescription: x\nto: hcp\nstage: contractd\n").unwrap_err();
        assert_eq!(
            e,
            format!(
                "p.yaml:4:8: `stage`: unknown value `contractd`, expected one of {}",
                allowed::<StageArg>()
            )
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
        let e = parse("description: x\nto: hcp\n").unwrap_err();
        assert_eq!(
            e,
            "p.yaml:1: missing key `source` (the puzzle kind: sudoku, suguru)"
        );
        for bad in [
            "",
            "- a\n- b\n",
            "source: [\n",
            "to: hcp\nto: cnf\n",
            "{",
            "*a",
            "\t",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.starts_with("p.yaml"), "{bad:?}: {e}");
            assert!(!e.contains('\n'), "{bad:?}: {e}");
        }
    }

    /// Records the field names a `Deserialize` impl asks for, without any input.
    struct FieldNames(Vec<&'static str>);

    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("stop")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<T: std::fmt::Display>(_: T) -> Self {
            Stop
        }
    }

    impl<'de> serde::Deserializer<'de> for &mut FieldNames {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0.extend_from_slice(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }

    /// `reduce`'s flags and a pipeline's keys are the same set (plus the YAML-only `source` and
    /// `description`), because they come from one struct; this catches a `#[arg(long = …)]` or
    /// `#[serde(rename = …)]` that would make them drift.
    #[test]
    fn every_reduce_flag_is_a_yaml_key_and_back() {
        use clap::Args;
        let mut names = FieldNames(Vec::new());
        let _ = ReduceOptions::deserialize(&mut names);
        let mut keys: Vec<String> = names.0.iter().map(|s| s.to_string()).collect();
        keys.sort();
        let command = ReduceOptions::augment_args(clap::Command::new("reduce"));
        let mut flags: Vec<String> = command
            .get_arguments()
            .filter_map(|a| a.get_long().map(str::to_string))
            .collect();
        flags.extend(["source".to_string(), "description".to_string()]);
        flags.sort();
        assert_eq!(keys, flags);
        assert!(keys.len() >= 12, "{keys:?}");
        // And `reduce` itself takes them all: its Args flatten this struct.
        let reduce = super::super::cli::reduce::Args::augment_args(clap::Command::new("reduce"));
        for flag in flags
            .iter()
            .filter(|f| *f != "source" && *f != "description")
        {
            assert!(
                reduce
                    .get_arguments()
                    .any(|a| a.get_long() == Some(flag.as_str())),
                "reduce lacks --{flag}"
            );
        }
    }

    /// Every value a clap value enum accepts is a YAML value of the same spelling, and back.
    #[test]
    fn enum_values_are_spelled_the_same() {
        fn check<E: clap::ValueEnum + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>() {
            for v in E::value_variants() {
                let name = v.to_possible_value().unwrap().get_name().to_string();
                let parsed: E = serde_saphyr::from_str(&name).unwrap();
                assert_eq!(&parsed, v, "{name}");
            }
        }
        check::<Target>();
        check::<Encoding>();
        check::<StageArg>();
        check::<HcpFormat>();
        check::<SourceKind>();
    }

    /// The shipped pipelines parse, and each says what its file name says.
    #[test]
    fn shipped_pipelines_parse() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("reductions");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            let p = Pipeline::read(&path).unwrap_or_else(|e| panic!("{e}"));
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(stem.starts_with(p.source.name()), "{stem}");
            let target = match p.options.to {
                Target::Hcp => "hcp",
                Target::Cnf => "cnf",
                Target::Lp => "ilp",
            };
            assert!(stem.contains(target), "{stem}");
            n += 1;
        }
        assert!(n >= 6);
    }
}
