//! Routes: one file per target (the registry glue is added at merge time).

pub mod mzn;
pub mod opb;
