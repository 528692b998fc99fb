//! Every file gridreduce reads or writes, at the edge of the program.
//!
//! Readers never panic on any input: each problem becomes an [`InputError`](crate::error::InputError)
//! naming the file, the line (and column where it helps). Writers go through [`atomic::write_atomic`],
//! so an output file is either complete or absent.

pub mod arcs;
pub mod atomic;
pub mod col;
pub mod collection;
pub mod concorde;
pub mod dimacs;
pub mod dot;
pub mod graphs;
pub mod inputs;
pub mod json;
pub mod lines;
pub mod lp;
pub mod map;
pub mod pls;
pub mod spec;
pub mod sudoku_grid;
pub mod sudoku_text;
pub mod suguru_text;
pub mod tokens;
pub mod tour;
pub mod tsplib;
pub mod yaml;

pub use atomic::write_atomic;
pub use collection::{Collection, Entry, ReadOptions, read_collection};
