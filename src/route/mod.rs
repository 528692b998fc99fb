//! Routes: every target a puzzle can be reduced to, in one registry that every command loops over.
//!
//! A route is one [`Route`] value in [`registry`]: its name (`--to`, `to:`), the puzzles it takes,
//! its parameters ([`Param`]: the flags of `reduce` and `stats`, the keys of a pipeline file, the
//! keyword arguments of the Python package), and how to build its instance for a puzzle
//! ([`Route::build`]). The built instance ([`Built`]) knows its sizes and stages, the steps that
//! rebuild it (the `.map` record), its fingerprint, its file formats and writers, how to read a
//! solver's answer back into a certificate and lift that to a grid, and its own round trip.
//!
//! `reduce`, `decode`, `stats`, `run`, the pipelines, the `--help` texts, docs/cli.md and the
//! harnesses (round trip, agreement, certificate properties) all go through this list, so a new
//! target is one file here plus one line in [`registry`] (docs/adding-a-reduction.md).
//!
//! The library never sees the command line: the CLI turns flags into [`RouteOptions`] with
//! [`RouteOptions::from_given`], the pipeline reader does the same with YAML keys, and both get the
//! same checks and the same messages.

/// The [`Built`] methods that only restate the reduction contract, for a built value that is a
/// [`Reduction`](crate::reduce::Reduction) from a puzzle: sizes, stages, declared-size checks and
/// the round trip come from the contract as they are.
macro_rules! contract_facts {
    () => {
        fn sizes(&self) -> crate::reduce::Sizes {
            crate::reduce::Reduction::sizes(self)
        }
        fn stages(&self) -> Vec<(&'static str, crate::reduce::Sizes)> {
            crate::reduce::Reduction::stages(self)
        }
        fn declared_mismatches(&self) -> Vec<String> {
            crate::reduce::Reduction::declared_mismatches(self)
        }
        fn round_trip(
            &self,
            solution: &crate::puzzle::Grid,
        ) -> std::result::Result<crate::reduce::Sizes, String> {
            crate::reduce::harness::round_trip(self, solution)
        }
    };
}

/// The [`Built`] methods of a route whose chain is one step without parameters, named `$name`:
/// the `.map` kind and steps. [`single_step`] reads them back.
macro_rules! one_step {
    ($name:literal) => {
        fn kind(&self) -> &'static str {
            $name
        }
        fn steps(&self) -> Vec<crate::reduce::StepRecord> {
            vec![crate::reduce::StepRecord::new($name)]
        }
    };
}

mod cnf;
mod hcp;
mod lp;
pub mod mzn;
pub mod opb;
pub mod params;
pub mod qubo;
pub mod record;
pub mod xcc;

pub use params::{BadValue, Choice, Conflict, Kind, Param, Params, Value, choice};
pub use record::{puzzle_record, rebuild_puzzle};

use crate::error::{Error, Result};
use crate::formats::collection::{Entry, FileFormat};
use crate::formats::map::{MapFile, TargetRecord};
use crate::formats::write_atomic;
use crate::puzzle::{Grid, Puzzle};
use crate::reduce::{Sizes, StepRecord};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use hcp::graph_fingerprint;

/// Every route, in the order `--to` lists them and `stats` writes their columns.
pub fn registry() -> &'static [&'static dyn Route] {
    &[
        &hcp::HcpRoute,
        &cnf::CnfRoute,
        &lp::LpRoute,
        &mzn::MznRoute,
        &opb::OpbRoute,
        &xcc::XccRoute,
        &qubo::QuboRoute,
    ]
}

/// The route called `name`.
pub fn find(name: &str) -> Option<&'static dyn Route> {
    registry().iter().copied().find(|r| r.name() == name)
}

/// The route whose `.map` files record target kind `kind`.
pub fn for_map_kind(kind: &str) -> Option<&'static dyn Route> {
    registry().iter().copied().find(|r| r.decodes(kind))
}

/// The names of every route, comma-separated (`cnf, lp, hcp`).
pub fn names() -> String {
    registry()
        .iter()
        .map(|r| r.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every parameter key of every route, each once, in registry order: the flags of `reduce`.
pub fn all_params() -> Vec<(Param, Vec<&'static str>)> {
    let mut out: Vec<(Param, Vec<&'static str>)> = Vec::new();
    for route in registry() {
        for p in route.params() {
            match out.iter_mut().find(|(q, _)| q.key == p.key) {
                Some((_, routes)) => routes.push(route.name()),
                None => out.push((*p, vec![route.name()])),
            }
        }
    }
    out
}

/// A stats column: its name and its value for one puzzle.
pub type Column = (String, String);

/// Writes an export's instance file (or one of its extra files).
pub type WriteFn = Box<dyn Fn(&mut dyn Write) -> std::io::Result<()> + Send + Sync>;

/// A variant of a route that the round-trip and property harnesses run: a name (`cnf-minimal`),
/// the parameters, and which shipped puzzles it runs on in `cargo test` (larger ones run under
/// `--ignored`).
pub struct Check {
    pub name: String,
    pub params: Params,
    pub accepts: fn(&Puzzle) -> bool,
}

/// What a decoder may be told about an answer file beyond its content: a format name among the
/// route's [`Built::answer_formats`] (detected when `None`) and, for plain permutations, the
/// vertex numbering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnswerHints {
    pub format: Option<String>,
    pub base: Option<u32>,
}

/// One target.
pub trait Route: Sync {
    /// The title line written into the instance file's comment.
    fn title(&self, name: &str, puzzle: &Puzzle) -> String {
        title(name, puzzle)
    }
    /// `--to` value, `to:` value, the `.map` target kind (see [`Route::decodes`]).
    fn name(&self) -> &'static str;
    /// One line for `--help` (`DIMACS CNF for SAT solvers (MiniSat, CaDiCaL, Kissat, …)`).
    fn about(&self) -> &'static str;
    /// The route's parameters, in the order they are listed and written back (none by default).
    fn params(&self) -> &'static [Param] {
        &[]
    }
    /// Values that do not fit each other (beyond each value's own check).
    fn conflict(&self, _params: &Params) -> Option<Conflict> {
        None
    }
    /// Values that cannot fit any puzzle of kind `kind` (`sudoku`, `suguru`): a pipeline, which
    /// names its source kind, refuses them at load instead of failing on every puzzle.
    fn kind_conflict(&self, _kind: &str, _params: &Params) -> Option<Conflict> {
        None
    }
    /// Whether `.map` files whose target kind is `kind` are this route's.
    fn decodes(&self, kind: &str) -> bool {
        kind == self.name()
    }
    /// Whether building needs one of the puzzle's solutions (to write a witness file).
    fn needs_solution(&self, _params: &Params) -> bool {
        false
    }
    /// What building this route's instance takes in memory (bytes per candidate and per
    /// conflicting pair, measured on blank grids: docs/reliability.md). Every caller of
    /// [`Route::build`] and [`Route::stats_values`] in this crate checks it against the memory
    /// limit first ([`crate::memory::check`]), so a puzzle too large is one line, not an abort.
    fn footprint(&self, params: &Params) -> crate::memory::Footprint;
    /// Builds the instance for `puzzle`; `solution`, when given, is used for witness files.
    fn build(&self, puzzle: &Puzzle, params: &Params) -> Result<Arc<dyn Built>>;
    /// The parameters that rebuild the instance a `.map` chain records (the inverse of
    /// [`Built::steps`]; export-only parameters such as the file format are not needed).
    fn params_from_steps(&self, steps: &[StepRecord]) -> std::result::Result<Params, String>;
    /// The names of this route's `stats` columns; by default `<prefix>_<suffix>` of
    /// [`Route::stats_sizes`].
    fn stats_names(&self, _params: &Params) -> Vec<String> {
        self.stats_sizes()
            .iter()
            .map(|(suffix, _)| format!("{}_{suffix}", self.stats_prefix()))
            .collect()
    }
    /// The values of the `stats` columns for `puzzle`, in [`Route::stats_names`] order. The default
    /// builds the instance and reads [`Route::stats_sizes`] from its sizes.
    fn stats_values(&self, puzzle: &Puzzle, params: &Params) -> Result<Vec<String>> {
        let built = self.build(puzzle, params)?;
        let sizes = built.sizes();
        Ok(self
            .stats_sizes()
            .iter()
            .map(|(_, key)| sizes.get(key).map(|v| v.to_string()).unwrap_or_default())
            .collect())
    }
    /// For the default [`Route::stats_values`] and for `run`: (column suffix, size key), e.g.
    /// `("vars", "variables")` gives the column `cnf_vars`.
    fn stats_sizes(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The size columns of `run`'s stats.csv for a pipeline with these parameters: (column, key
    /// of the `.map` sizes). By default the `stats` columns that come from sizes.
    fn run_columns(&self, _params: &Params) -> Vec<(String, &'static str)> {
        self.stats_sizes()
            .iter()
            .map(|(suffix, key)| (format!("{}_{suffix}", self.stats_prefix()), *key))
            .collect()
    }
    /// The prefix of this route's stats columns (`cnf`, `ilp`).
    fn stats_prefix(&self) -> &'static str {
        self.name()
    }
    /// The parameter keys `stats` takes for this route (each may be given as a list: one group of
    /// columns per value).
    fn stats_params(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether `stats` without `--only` writes this route's columns.
    fn in_default_stats(&self) -> bool {
        true
    }
    /// The variants the round-trip and property harnesses run.
    fn checks(&self) -> Vec<Check>;
}

/// A built instance of a route for one puzzle.
pub trait Built: Send + Sync {
    /// The `.map` target kind (`cnf`, `hcp`, `directed-hcp`, …).
    fn kind(&self) -> &'static str;
    /// The chain as the `.map` file records it.
    fn steps(&self) -> Vec<StepRecord>;
    /// Fingerprint of the instance's canonical content.
    fn fingerprint(&self) -> String;
    /// The sizes the `.map` file records.
    fn sizes(&self) -> Sizes;
    /// Name and sizes of every stage, first to last.
    fn stages(&self) -> Vec<(&'static str, Sizes)>;
    /// Declared-versus-built size mismatches of every stage (empty when every formula holds).
    fn declared_mismatches(&self) -> Vec<String>;
    /// One line saying what was built, with sizes.
    fn summary(&self) -> String;
    /// The file format `params` ask for, checked against this instance: (format name, extension).
    fn file_format(&self, params: &Params) -> Result<(&'static str, &'static str)>;
    /// Writes the instance in `format` (a name [`Built::file_format`] returned).
    fn write(&self, format: &str, title: &str, w: &mut dyn Write) -> std::io::Result<()>;
    /// Further files `params` ask for beside the instance (extension, writer): the witness of
    /// `solution`, vertex labels.
    fn extras(
        self: Arc<Self>,
        _params: &Params,
        _name: &str,
        _solution: Option<&Grid>,
    ) -> Result<Vec<(&'static str, WriteFn)>> {
        Ok(Vec::new())
    }
    /// The answer formats [`Built::decode`] reads.
    fn answer_formats(&self) -> &'static [&'static str];
    /// The witness of `solution` as the answer file a solver would write, in the first of
    /// [`Built::answer_formats`]: what `decode` must turn back into `solution` (a property every
    /// route is tested for) and what `reduce --witness` writes.
    fn witness_answer(&self, solution: &Grid) -> Result<Vec<u8>>;
    /// Reads a solver's answer for this instance, checks it, and lifts it to a grid.
    fn decode(&self, answer: &Path, hints: &AnswerHints) -> Result<Grid>;
    /// The round trip of `solution` through every stage (see `reduce::harness::round_trip`).
    fn round_trip(&self, solution: &Grid) -> std::result::Result<Sizes, String>;
}

/// A route with its checked parameters: what `reduce` is told on its command line and what a
/// pipeline file says, in one value.
#[derive(Clone)]
pub struct RouteOptions {
    pub route: &'static dyn Route,
    pub params: Params,
}

impl PartialEq for RouteOptions {
    fn eq(&self, other: &Self) -> bool {
        self.route.name() == other.route.name() && self.params == other.params
    }
}

impl Eq for RouteOptions {}

impl std::fmt::Debug for RouteOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RouteOptions({}", self.route.name())?;
        for (k, v) in self.params.iter() {
            write!(f, " {k}={v}")?;
        }
        write!(f, ")")
    }
}

/// Why given options were refused: the key (to place the message) and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// `to` names no route.
    UnknownRoute(String),
    /// A key no route has.
    UnknownKey(String),
    /// A value its key does not take.
    BadValue { key: &'static str, bad: BadValue },
    /// A key that does not fit the route or the other values.
    Conflict(Conflict),
}

impl std::fmt::Display for OptionsError {
    /// The message without the CLI's flag syntax (`stats` and the Python package; `reduce` and
    /// the pipeline reader word it as `--key` and as a YAML place).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionsError::UnknownRoute(r) => write!(f, "unknown target `{r}` ({})", names()),
            OptionsError::UnknownKey(k) => write!(f, "unknown parameter `{k}`"),
            OptionsError::BadValue { key, bad } if bad.allowed.is_empty() => {
                write!(f, "`{key}`: {}", bad.problem)
            }
            OptionsError::BadValue { key, bad } => {
                write!(f, "`{key}`: {} (allowed: {})", bad.problem, bad.allowed)
            }
            OptionsError::Conflict(c) => write!(f, "`{}` {}", c.key, c.reason),
        }
    }
}

impl RouteOptions {
    /// The route called `to` with every parameter at its default.
    pub fn to(to: &str) -> Option<RouteOptions> {
        Some(RouteOptions {
            route: find(to)?,
            params: Params::new(),
        })
    }

    /// Checks given keys and values (as text, in the order given) for the route `to`: unknown keys
    /// and bad values first, in order, then keys of other routes, then the route's own conflicts.
    pub fn from_given(
        to: &str,
        given: &[(&str, String)],
    ) -> std::result::Result<RouteOptions, OptionsError> {
        let route = find(to).ok_or_else(|| OptionsError::UnknownRoute(to.to_string()))?;
        let all = all_params();
        let mut params = Params::new();
        let mut foreign: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
        for (key, text) in given {
            let Some((param, owners)) = all.iter().find(|(p, _)| p.key == *key) else {
                return Err(OptionsError::UnknownKey(key.to_string()));
            };
            // The chosen route's own declaration when it has the key, else the first owner's.
            let param = route
                .params()
                .iter()
                .find(|p| p.key == *key)
                .unwrap_or(param);
            let value = param.parse(text).map_err(|bad| OptionsError::BadValue {
                key: param.key,
                bad,
            })?;
            if route.params().iter().any(|p| p.key == param.key) {
                params.set(param.key, value, route.params());
            } else if value != Value::Flag(false) {
                foreign.push((param.key, owners.clone()));
            }
        }
        if let Some((key, owners)) = all
            .iter()
            .filter_map(|(p, _)| foreign.iter().find(|(k, _)| *k == p.key))
            .next()
        {
            return Err(OptionsError::Conflict(Conflict {
                key,
                reason: format!("applies to {} only", owners.join(", ")),
                foreign: true,
            }));
        }
        if let Some(c) = route.conflict(&params) {
            return Err(OptionsError::Conflict(c));
        }
        Ok(RouteOptions { route, params })
    }

    /// `key: value` pairs as written back (a run folder's `pipeline.yaml`): `to` first, then the
    /// given parameters in declaration order.
    pub fn pairs(&self) -> Vec<(&'static str, Value)> {
        let mut out = vec![("to", Value::Choice(self.route.name()))];
        out.extend(self.params.iter());
        out
    }

    /// Whether reducing a puzzle needs one of its solutions (to write a witness file).
    pub fn needs_solution(&self) -> bool {
        self.route.needs_solution(&self.params)
    }
}

/// [`Route::params_from_steps`] of a route whose chain is the one step `name` without parameters
/// (what [`one_step!`] records); `what` names the target in the message.
pub(crate) fn single_step(
    steps: &[StepRecord],
    name: &str,
    what: &str,
) -> std::result::Result<Params, String> {
    match steps {
        [s] if s.step == name && s.params.is_empty() => Ok(Params::new()),
        _ => Err(format!(
            "not {what} chain gridreduce writes (one '{name}' step)"
        )),
    }
}

/// [`Route::checks`] of a route without parameters: one check, named like the route, on every
/// shipped puzzle.
pub(crate) fn one_check(name: &str) -> Vec<Check> {
    vec![Check {
        name: name.into(),
        params: Params::new(),
        accepts: |_| true,
    }]
}

/// `name (sudoku 9x9, 17 clues)`.
pub fn title(name: &str, puzzle: &Puzzle) -> String {
    format!(
        "{name} ({} {}x{}, {} clues)",
        puzzle.kind(),
        puzzle.rows(),
        puzzle.cols(),
        puzzle.clues()
    )
}

/// An export ready to write: the instance writer and what the `.map` file records about it.
pub struct Export {
    pub kind: &'static str,
    pub extension: &'static str,
    pub format: &'static str,
    pub chain: Vec<StepRecord>,
    pub fingerprint: String,
    pub sizes: Sizes,
    /// One line for stdout: what was written, with sizes.
    pub summary: String,
    pub write: WriteFn,
    /// Further files beside the export (extension, writer): the witness tour, vertex labels.
    pub extras: Vec<(&'static str, WriteFn)>,
}

impl Export {
    /// The `.map` file of this export of `entry` (read in `format`), whose instance file is named
    /// `file` beside the `.map`: what `reduce` and `run` both write after the instance.
    pub fn map_file(&self, entry: &Entry, format: FileFormat, file: String) -> MapFile {
        MapFile {
            gridreduce: env!("CARGO_PKG_VERSION").to_string(),
            puzzle: puzzle_record(entry, format),
            chain: self.chain.clone(),
            target: TargetRecord {
                kind: self.kind.to_string(),
                file,
                format: self.format.to_string(),
                fingerprint: self.fingerprint.clone(),
                sizes: self
                    .sizes
                    .iter()
                    .map(|&(k, v)| (k.to_string(), v))
                    .collect(),
            },
        }
    }
}

/// `base` with `suffix` appended to its last component (`out` + `.cnf` → `out.cnf`).
pub fn with_suffix(base: &Path, suffix: &str) -> PathBuf {
    let mut s = base.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// Writes an export of `entry` (read in `format`) under the base name `base`: `base.<ext>`, each
/// extra file `base.<ext>` and `base.map`, each atomically; returns the instance and `.map` paths.
/// What `reduce` writes per puzzle and the Python package's `Reduction.write`, so the two write the
/// same files.
pub fn write_export(
    export: &Export,
    entry: &Entry,
    format: FileFormat,
    base: &Path,
) -> Result<(PathBuf, PathBuf)> {
    let file = with_suffix(base, &format!(".{}", export.extension));
    let map_path = with_suffix(base, ".map");
    write_atomic(&file, |w| (export.write)(w))?;
    for (extension, write) in &export.extras {
        write_atomic(&with_suffix(base, &format!(".{extension}")), |w| write(w))?;
    }
    let file_name = file
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    export.map_file(entry, format, file_name).write(&map_path)?;
    Ok((file, map_path))
}

/// A way to find one solution of a puzzle (for witness files), `None` when it has none.
pub type SolveFn<'a> = &'a (dyn Fn(&Puzzle) -> Result<Option<Grid>> + Sync);

/// The solver of witnesses without a time limit: the fast search.
pub fn first_solution(puzzle: &Puzzle) -> Result<Option<Grid>> {
    Ok(crate::search::solutions(puzzle, 1)?.into_iter().next())
}

/// Builds the export of one puzzle: the instance, its file format, its extra files. Errors are
/// about this puzzle (a batch reports it and goes on).
pub fn export(entry: &Entry, options: &RouteOptions, solve: SolveFn) -> Result<Export> {
    let (puzzle, name) = (&entry.puzzle, entry.name.as_str());
    let title = options.route.title(name, puzzle);
    let solution = if options.needs_solution() {
        match &entry.solution {
            Some(s) => Some(s.clone()),
            None => Some(solve(puzzle)?.ok_or_else(|| {
                Error::Unsolvable(format!("{name} has no solution, so no witness tour"))
            })?),
        }
    } else {
        None
    };
    crate::memory::check(puzzle, &options.route.footprint(&options.params))?;
    let built = options.route.build(puzzle, &options.params)?;
    let (format, extension) = built.file_format(&options.params)?;
    let extras = built
        .clone()
        .extras(&options.params, name, solution.as_ref())?;
    let b = built.clone();
    Ok(Export {
        kind: built.kind(),
        extension,
        format,
        chain: built.steps(),
        fingerprint: built.fingerprint(),
        sizes: built.sizes(),
        summary: built.summary(),
        write: Box::new(move |w| b.write(format, &title, w)),
        extras,
    })
}

/// The instance a `.map` file describes, rebuilt and checked against its fingerprint; errors name
/// the map file.
pub fn rebuild(map: &MapFile, map_path: &Path) -> Result<(Puzzle, Arc<dyn Built>)> {
    let bad = |m: String| Error::Input(crate::error::InputError::new(m).in_file(map_path));
    let puzzle = rebuild_puzzle(&map.puzzle, map_path)?;
    let route = for_map_kind(&map.target.kind).ok_or_else(|| {
        bad(format!(
            "this gridreduce cannot decode target kind '{}'",
            map.target.kind
        ))
    })?;
    let params = route.params_from_steps(&map.chain).map_err(bad)?;
    crate::memory::check(&puzzle, &route.footprint(&params)).map_err(|e| bad(e.to_string()))?;
    let built = route
        .build(&puzzle, &params)
        .map_err(|e| bad(e.to_string()))?;
    // Read strictly, for every route at once: the chain the parameters rebuild must be the one the
    // map records, step for step and value for value, so a step's parameter of the wrong type
    // (`"simplify": "yes"`), a duplicated or an extra step is refused instead of read as a default.
    let steps = built.steps();
    if steps != map.chain {
        let at = steps
            .iter()
            .zip(&map.chain)
            .position(|(a, b)| a != b)
            .unwrap_or(steps.len().min(map.chain.len()));
        let recorded = map.chain.get(at).map_or("nothing".to_string(), |s| {
            format!("{}", serde_json::json!(s))
        });
        let wanted = steps.get(at).map_or("nothing".to_string(), |s| {
            format!("{}", serde_json::json!(s))
        });
        return Err(bad(format!(
            "step {} of the chain is {recorded}, but gridreduce writes {wanted} there for these parameters (edited?)",
            at + 1
        )));
    }
    let rebuilt = built.fingerprint();
    if rebuilt != map.target.fingerprint {
        return Err(bad(format!(
            "the puzzle and steps rebuild an instance with fingerprint {rebuilt}, but the map records {} (edited, or written by another gridreduce version)",
            map.target.fingerprint
        )));
    }
    Ok((puzzle, built))
}

/// A certificate error from an answer file.
pub(crate) fn answer_error(file: &Path, error: crate::error::CertificateError) -> Error {
    Error::Certificate {
        file: Some(file.to_path_buf()),
        error,
    }
}
