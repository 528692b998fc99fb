//! A CaDiCaL instance that writes a DRAT proof of everything it derives.
//!
//! The `cadical` crate compiles CaDiCaL's own C interface (`ccadical.cpp`, which has
//! `ccadical_trace_proof`) into the library it links, but its safe `Solver` does not expose proof
//! tracing. This module declares the few C functions it needs itself — the same symbols, from the
//! same static library, so no second copy of the solver is built — and wraps them in
//! [`TracingSolver`]. CaDiCaL requires tracing to start before the first clause; the type makes that
//! the only order: [`TracingSolver::new`] opens the proof file and starts tracing, clauses come after.
//!
//! The proof is CaDiCaL's default DRAT, in its binary form (a byte stream drat-trim detects by
//! itself; about a third of the text form's size). CaDiCaL is deterministic: the same clauses in
//! the same order give the same proof, byte for byte.

use crate::error::{Error, Result};
use crate::time_limit;
use std::ffi::{CString, c_char, c_int, c_void};
use std::path::Path;
use std::time::Instant;

// The `cadical` crate links these (CaDiCaL's `ccadical.cpp`); `use cadical as _` below keeps the
// crate, and with it the library, on the link line even where nothing else here names it.
use cadical as _;

unsafe extern "C" {
    fn ccadical_init() -> *mut c_void;
    fn ccadical_release(solver: *mut c_void);
    fn ccadical_add(solver: *mut c_void, lit: c_int);
    fn ccadical_solve(solver: *mut c_void) -> c_int;
    fn ccadical_val(solver: *mut c_void, lit: c_int) -> c_int;
    fn ccadical_set_option(solver: *mut c_void, name: *const c_char, value: c_int);
    fn ccadical_trace_proof(
        solver: *mut c_void,
        file: *mut libc::FILE,
        name: *const c_char,
    ) -> c_int;
    fn ccadical_close_proof(solver: *mut c_void);
    fn ccadical_set_terminate(
        solver: *mut c_void,
        state: *mut c_void,
        terminate: Option<extern "C" fn(state: *mut c_void) -> c_int>,
    );
}

/// CaDiCaL's terminate callback: stop once the deadline has passed.
extern "C" fn past_deadline(state: *mut c_void) -> c_int {
    // SAFETY: `state` is the `Box<Option<Instant>>` that the solver owns for its whole life.
    let deadline = unsafe { &*(state as *const Option<Instant>) };
    time_limit::passed(*deadline) as c_int
}

/// How a traced solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Traced {
    /// A model (`model[v - 1]`: the value of variable `v`); the proof file proves nothing then.
    Satisfiable(Vec<bool>),
    /// Unsatisfiable: the proof file now holds a DRAT refutation of the clauses added.
    Unsatisfiable,
}

/// A CaDiCaL instance tracing a DRAT proof into a file from its first clause on.
pub struct TracingSolver {
    ptr: *mut c_void,
    file: *mut libc::FILE,
    path: std::path::PathBuf,
    /// The terminate callback's state; boxed so its address stays put.
    deadline: Box<Option<Instant>>,
    vars: i32,
}

impl TracingSolver {
    /// A fresh solver writing its proof to `path` (created or truncated), `binary` DRAT or text.
    pub fn new(path: &Path, binary: bool, deadline: Option<Instant>) -> Result<Self> {
        let bytes = path
            .to_str()
            .and_then(|s| CString::new(s).ok())
            .ok_or_else(|| Error::Usage(format!("{}: not a usable file name", path.display())))?;
        // SAFETY: both strings are NUL-terminated and outlive the call.
        let file = unsafe { libc::fopen(bytes.as_ptr(), c"wb".as_ptr()) };
        if file.is_null() {
            return Err(Error::io(path, std::io::Error::last_os_error()));
        }
        // SAFETY: a fresh instance; options and tracing are set before any clause, as CaDiCaL
        // requires (it aborts otherwise); `file` stays open until `Drop` closes it after the
        // solver has closed its trace.
        let ptr = unsafe { ccadical_init() };
        unsafe {
            ccadical_set_option(ptr, c"binary".as_ptr(), binary as c_int);
            ccadical_trace_proof(ptr, file, bytes.as_ptr());
        }
        let mut solver = TracingSolver {
            ptr,
            file,
            path: path.to_path_buf(),
            deadline: Box::new(deadline),
            vars: 0,
        };
        let state = &mut *solver.deadline as *mut Option<Instant> as *mut c_void;
        // SAFETY: `state` points into the box the solver owns; the callback only reads it.
        unsafe { ccadical_set_terminate(solver.ptr, state, Some(past_deadline)) };
        Ok(solver)
    }

    /// Adds one clause (literals as in DIMACS, no terminating 0).
    pub fn add_clause(&mut self, clause: &[i32]) {
        for &lit in clause {
            debug_assert!(lit != 0 && lit != i32::MIN);
            self.vars = self.vars.max(lit.abs());
            // SAFETY: a live instance; a nonzero literal.
            unsafe { ccadical_add(self.ptr, lit) };
        }
        // SAFETY: 0 ends the clause.
        unsafe { ccadical_add(self.ptr, 0) };
    }

    /// Solves, then closes the proof (so the file is complete on disk): `Error::Timeout` when the
    /// deadline passed first.
    pub fn solve(mut self) -> Result<Traced> {
        // SAFETY: a live instance in a state where solve may be called.
        let status = unsafe { ccadical_solve(self.ptr) };
        let answer = match status {
            10 => Traced::Satisfiable(
                (1..=self.vars)
                    // SAFETY: after SAT, values of variables up to the largest one added.
                    .map(|v| unsafe { ccadical_val(self.ptr, v) } > 0)
                    .collect(),
            ),
            20 => Traced::Unsatisfiable,
            _ => return Err(time_limit::exceeded()),
        };
        self.finish()?;
        Ok(answer)
    }

    /// Closes the trace and the file, reporting a failed write (a full disk) as an error.
    fn finish(&mut self) -> Result<()> {
        if self.file.is_null() {
            return Ok(());
        }
        // SAFETY: the trace is open; closing it flushes CaDiCaL's buffer into `file`.
        unsafe { ccadical_close_proof(self.ptr) };
        // SAFETY: `file` came from fopen and is closed exactly once (nulled below).
        let failed = unsafe { libc::ferror(self.file) != 0 };
        let closed = unsafe { libc::fclose(self.file) };
        self.file = std::ptr::null_mut();
        if failed || closed != 0 {
            return Err(Error::io(
                &self.path,
                std::io::Error::other("the proof could not be written completely"),
            ));
        }
        Ok(())
    }
}

impl Drop for TracingSolver {
    fn drop(&mut self) {
        let _ = self.finish();
        // SAFETY: released once; nothing uses `ptr` afterwards.
        unsafe { ccadical_release(self.ptr) };
    }
}

/// What [`refute`] wrote.
#[derive(Clone, Copy, Debug)]
pub struct Refuted {
    pub seconds: f64,
    /// Bytes of the proof file.
    pub bytes: u64,
}

/// Has a fresh [`TracingSolver`] refute `cnf`, writing the binary DRAT proof to `path`: the one
/// traced solve of both kinds of certificate. A model means the search that built `cnf` missed
/// one: an internal error, `missed` saying which search (`the count`, `the cut loop`).
pub fn refute(
    cnf: &crate::sat::Cnf,
    path: &Path,
    deadline: Option<Instant>,
    missed: &str,
) -> Result<Refuted> {
    let started = Instant::now();
    let mut solver = TracingSolver::new(path, true, deadline)?;
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    match solver.solve()? {
        Traced::Unsatisfiable => Ok(Refuted {
            seconds: started.elapsed().as_secs_f64(),
            bytes: std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
        }),
        Traced::Satisfiable(_) => Err(Error::Construction(format!(
            "the proof solver found a model {missed} missed (a bug: please report it)"
        ))),
    }
}
