//! gridreduce — a reduction research workbench: Sudoku (generalised) and Suguru puzzles reduced to
//! Hamiltonian cycle, CNF and ILP, with witnesses, decoding of solver output and size statistics.
//!
//! The heart is the reduction contract in [`reduce`]; puzzle models live in [`puzzle`] and know
//! nothing of targets; each target problem has its own module; files are read and written only in
//! [`formats`].

pub mod batch;
pub mod cleanup;
pub mod cli;
pub mod cover;
pub mod error;
pub mod explore;
pub mod external;
pub mod formats;
pub mod generate;
pub mod hcp;
pub mod ilp;
pub mod memory;
pub mod pipeline;
pub mod plot;
pub mod puzzle;
pub mod reduce;
pub mod route;
pub mod sat;
pub mod search;
pub mod solvers;
pub mod stats;
pub mod time_limit;

pub use error::{CertificateError, Error, InputError};
