pub mod qubo;
pub mod xcc;
