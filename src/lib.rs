//! gridreduce — a reduction research workbench: Sudoku (generalised) and Suguru puzzles reduced to
//! Hamiltonian cycle, CNF and ILP, with witnesses, decoding of solver output and size statistics.
//!
//! The heart is the reduction contract in [`reduce`]; puzzle models live in [`puzzle`] and know
//! nothing of targets; each target problem has its own module; files are read and written in
//! [`formats`], except a few answer and certificate files (docs/architecture.md, "Data flow").

// The standard streams' macros for the whole crate, shadowing `std`'s (see [`stdio`]): defined
// before every module so that each one uses them. `println!` and `print!` return a failed write
// with `?`, so they can only be used where an `Error` can be returned; `eprintln!` never fails.
macro_rules! println {
    () => {
        $crate::stdio::print(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::stdio::print(format_args!("{}\n", format_args!($($arg)*)))?
    };
}
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::stdio::print(format_args!($($arg)*))?
    };
}
macro_rules! eprintln {
    () => {
        $crate::stdio::eprint(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stdio::eprint(format_args!("{}\n", format_args!($($arg)*)))
    };
}
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
pub mod proof;
pub mod puzzle;
pub mod reduce;
pub mod route;
pub mod sat;
pub mod search;
pub mod solvers;
pub mod stats;
pub mod stdio;
pub mod time_limit;

pub use error::{CertificateError, Error, InputError};
