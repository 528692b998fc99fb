//! The reduction contract: the one abstraction every construction in gridreduce implements.
//!
//! A reduction **step** is built from a source instance and owns its target instance. It can
//!
//! * give the target ([`Reduction::target`]) — the forward map;
//! * turn a source solution into a target certificate ([`Reduction::witness`]): a Sudoku solution
//!   into its Hamiltonian cycle, its satisfying assignment, its ILP point;
//! * turn a target certificate back into a source solution ([`Reduction::extract`]), failing with a
//!   [`CertificateError`] — never a panic — when the certificate is not valid for this instance;
//! * report its sizes as named numbers ([`Reduction::sizes`]) and the sizes its published formulas
//!   predict ([`Reduction::declared_sizes`]), which the round-trip harness checks against the built
//!   target.
//!
//! Steps compose with [`ReductionExt::then`] into a [`Chain`], which is itself a reduction: witnesses
//! are pushed forward step by step, certificates are lifted back step by step. A boxed reduction is a
//! reduction too, and [`Steps`] composes a first step with optional same-type steps chosen at run
//! time.
//!
//! This is the forward/backward certificate pair of Karp (PLDI 2022) and the
//! `target_instance`/`extract_solution` pair of problem-reductions, with two differences: `extract`
//! returns an error on a bad certificate instead of panicking, and every step declares its size
//! formulas so a test catches a construction that drifts from its documentation.

pub mod harness;
pub mod record;

use crate::error::CertificateError;
use crate::puzzle::{Grid, Puzzle};
pub use record::{Fingerprinter, StepRecord, fingerprint};
use std::sync::Arc;

/// Named sizes of an instance or a step, in a fixed order (`vertices`, `edges`, `clauses`, …).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizes(pub Vec<(&'static str, u64)>);

impl Sizes {
    pub fn new() -> Self {
        Sizes(Vec::new())
    }
    pub fn with(mut self, name: &'static str, value: u64) -> Self {
        self.0.push((name, value));
        self
    }
    pub fn get(&self, name: &str) -> Option<u64> {
        self.0.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }
    pub fn iter(&self) -> impl Iterator<Item = &(&'static str, u64)> {
        self.0.iter()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(n, v)| format!("{n}={v}")).collect();
        write!(f, "{}", parts.join(" "))
    }
}

/// A decision problem instance with checkable certificates.
pub trait Problem {
    /// What proves a yes-answer: a grid, a Hamiltonian cycle, an assignment, an ILP point.
    type Certificate: Clone + PartialEq + std::fmt::Debug;
    /// `Ok` iff the certificate proves this instance is a yes-instance.
    fn check(&self, certificate: &Self::Certificate) -> Result<(), CertificateError>;
    /// The instance's size measures.
    fn sizes(&self) -> Sizes;
}

/// The certificate type of a problem.
pub type Cert<P> = <P as Problem>::Certificate;

/// One reduction step, or a chain of them. See the module documentation.
pub trait Reduction {
    type Source: Problem;
    type Target: Problem;

    /// Short stable name, used in `.map` files, stats columns and messages (`haythorpe`, `undirect`).
    fn name(&self) -> &'static str;

    /// The built target instance.
    fn target(&self) -> &Self::Target;

    /// The target certificate that a source solution determines. Fails only when `solution` is not
    /// a solution of the source.
    fn witness(
        &self,
        solution: &Cert<Self::Source>,
    ) -> Result<Cert<Self::Target>, CertificateError>;

    /// The source solution a target certificate encodes; fails with a clear message when the
    /// certificate is not valid for this target (wrong size, not a cycle, unsatisfied clause, …).
    fn extract(
        &self,
        certificate: &Cert<Self::Target>,
    ) -> Result<Cert<Self::Source>, CertificateError>;

    /// Sizes of this step: by default the target's sizes; steps add their own counters
    /// (e.g. `removed_arcs`).
    fn sizes(&self) -> Sizes {
        self.target().sizes()
    }

    /// Sizes this step's formulas predict for this source (names as in [`Reduction::sizes`]); the
    /// round-trip harness asserts that each one equals the built size. Empty when there is no formula.
    fn declared_sizes(&self) -> Sizes {
        Sizes::new()
    }

    /// Name and sizes of every stage, first to last (a single step has one stage).
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        vec![(self.name(), self.sizes())]
    }

    /// Declared-versus-built mismatches of every stage (empty when all formulas hold).
    fn declared_mismatches(&self) -> Vec<String> {
        own_mismatches(self.name(), &self.sizes(), &self.declared_sizes())
    }
}

fn own_mismatches(name: &str, built: &Sizes, declared: &Sizes) -> Vec<String> {
    declared
        .iter()
        .filter_map(|&(key, want)| match built.get(key) {
            Some(got) if got == want => None,
            got => Some(format!("{name}: {key} is {got:?}, the formula says {want}")),
        })
        .collect()
}

/// Two steps run one after the other; itself a reduction from the first's source to the second's
/// target.
pub struct Chain<A, B> {
    pub first: A,
    pub second: B,
}

impl<A, B> Reduction for Chain<A, B>
where
    A: Reduction,
    B: Reduction<Source = A::Target>,
{
    type Source = A::Source;
    type Target = B::Target;

    fn name(&self) -> &'static str {
        self.second.name()
    }
    fn target(&self) -> &Self::Target {
        self.second.target()
    }
    fn witness(&self, solution: &Cert<A::Source>) -> Result<Cert<B::Target>, CertificateError> {
        self.second.witness(&self.first.witness(solution)?)
    }
    fn extract(&self, certificate: &Cert<B::Target>) -> Result<Cert<A::Source>, CertificateError> {
        self.first.extract(&self.second.extract(certificate)?)
    }
    fn sizes(&self) -> Sizes {
        self.second.sizes()
    }
    fn declared_sizes(&self) -> Sizes {
        self.second.declared_sizes()
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        let mut stages = self.first.stages();
        stages.extend(self.second.stages());
        stages
    }
    fn declared_mismatches(&self) -> Vec<String> {
        let mut out = self.first.declared_mismatches();
        out.extend(self.second.declared_mismatches());
        out
    }
}

/// Composition: `step.then(|target| Next::new(target, params))`.
pub trait ReductionExt: Reduction + Sized {
    fn then<B, E>(
        self,
        build: impl FnOnce(&Self::Target) -> Result<B, E>,
    ) -> Result<Chain<Self, B>, E>
    where
        B: Reduction<Source = Self::Target>,
    {
        let second = build(self.target())?;
        Ok(Chain {
            first: self,
            second,
        })
    }
}

impl<R: Reduction + Sized> ReductionExt for R {}

/// A step chosen at run time, shared (the chain that composes it and the code that reads its
/// step-specific results hold the same value).
pub type DynStep<S, T> = Arc<dyn Reduction<Source = S, Target = T> + Send + Sync>;

/// A first step followed by any number of steps that keep the target type, composed through the
/// contract: witnesses are pushed forward through every step, certificates lifted back through
/// every step in reverse, stages and declared-size checks concatenated. An optional step is one
/// that is in the list or not, so no code has to ask which steps are present.
pub struct Steps<S, T> {
    pub head: DynStep<S, T>,
    pub tail: Vec<DynStep<T, T>>,
}

impl<S: Problem, T: Problem> Steps<S, T> {
    /// The round trip after **every** step: the witness of `solution` pushed through the first
    /// `k` steps is a valid certificate of step `k`'s target, and lifted back through those `k`
    /// steps and by `back` (what comes before this list) it gives `solution`. `input` is the
    /// witness at the head's source.
    pub fn round_trip_each<X: PartialEq + std::fmt::Debug>(
        &self,
        input: &Cert<S>,
        back: &dyn Fn(&Cert<S>) -> Result<X, CertificateError>,
        solution: &X,
    ) -> Result<Cert<T>, String> {
        let fail = |name: &str, what: &str, e: CertificateError| format!("{name}: {what}: {e}");
        let mut w = self
            .head
            .witness(input)
            .map_err(|e| fail(self.head.name(), "witness failed", e))?;
        let mut done: Vec<&DynStep<T, T>> = Vec::new();
        let lift = |done: &[&DynStep<T, T>], w: &Cert<T>| -> Result<X, CertificateError> {
            let mut c = w.clone();
            for step in done.iter().rev() {
                c = step.extract(&c)?;
            }
            back(&self.head.extract(&c)?)
        };
        let check = |name: &str, target: &T, w: &Cert<T>, done: &[&DynStep<T, T>]| {
            target
                .check(w)
                .map_err(|e| fail(name, "witness invalid", e))?;
            match lift(done, w) {
                Ok(g) if &g == solution => Ok(()),
                Ok(g) => Err(format!("{name}: extract(witness(s)) != s: got {g:?}")),
                Err(e) => Err(fail(name, "extract failed", e)),
            }
        };
        check(self.head.name(), self.head.target(), &w, &done)?;
        for step in &self.tail {
            w = step
                .witness(&w)
                .map_err(|e| fail(step.name(), "witness failed", e))?;
            done.push(step);
            check(step.name(), step.target(), &w, &done)?;
        }
        Ok(w)
    }
}

impl<S: Problem, T: Problem> Reduction for Steps<S, T> {
    type Source = S;
    type Target = T;
    fn name(&self) -> &'static str {
        self.tail.last().map_or(self.head.name(), |s| s.name())
    }
    fn target(&self) -> &T {
        self.tail.last().map_or(self.head.target(), |s| s.target())
    }
    fn witness(&self, solution: &Cert<S>) -> Result<Cert<T>, CertificateError> {
        let mut w = self.head.witness(solution)?;
        for step in &self.tail {
            w = step.witness(&w)?;
        }
        Ok(w)
    }
    fn extract(&self, certificate: &Cert<T>) -> Result<Cert<S>, CertificateError> {
        let mut c = certificate.clone();
        for step in self.tail.iter().rev() {
            c = step.extract(&c)?;
        }
        self.head.extract(&c)
    }
    fn sizes(&self) -> Sizes {
        self.tail.last().map_or(self.head.sizes(), |s| s.sizes())
    }
    fn declared_sizes(&self) -> Sizes {
        self.tail
            .last()
            .map_or(self.head.declared_sizes(), |s| s.declared_sizes())
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        let mut out = self.head.stages();
        for step in &self.tail {
            out.extend(step.stages());
        }
        out
    }
    fn declared_mismatches(&self) -> Vec<String> {
        let mut out = self.head.declared_mismatches();
        for step in &self.tail {
            out.extend(step.declared_mismatches());
        }
        out
    }
}

impl<R: Reduction + ?Sized> Reduction for Arc<R> {
    type Source = R::Source;
    type Target = R::Target;
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn target(&self) -> &R::Target {
        (**self).target()
    }
    fn witness(&self, s: &Cert<R::Source>) -> Result<Cert<R::Target>, CertificateError> {
        (**self).witness(s)
    }
    fn extract(&self, t: &Cert<R::Target>) -> Result<Cert<R::Source>, CertificateError> {
        (**self).extract(t)
    }
    fn sizes(&self) -> Sizes {
        (**self).sizes()
    }
    fn declared_sizes(&self) -> Sizes {
        (**self).declared_sizes()
    }
    fn stages(&self) -> Vec<(&'static str, Sizes)> {
        (**self).stages()
    }
    fn declared_mismatches(&self) -> Vec<String> {
        (**self).declared_mismatches()
    }
}

/// The puzzles themselves are problems: a certificate is a filled grid that breaks no rule.
impl Problem for Puzzle {
    type Certificate = Grid;
    fn check(&self, grid: &Grid) -> Result<(), CertificateError> {
        let violations = self.verify(grid);
        match violations.first() {
            None => Ok(()),
            Some(v) => Err(CertificateError::new(format!(
                "grid is not a solution: {}{}",
                v.describe(self.cols()),
                if violations.len() > 1 {
                    format!(" (and {} more violations)", violations.len() - 1)
                } else {
                    String::new()
                }
            ))),
        }
    }
    fn sizes(&self) -> Sizes {
        Sizes::new()
            .with("cells", (self.rows() * self.cols()) as u64)
            .with("clues", self.clues() as u64)
    }
}
