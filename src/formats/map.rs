//! The `.map` file written beside every export: everything `decode` needs to turn a solver's answer
//! for that export back into a grid, and a fingerprint of the exported instance so that an answer for
//! another instance is refused with a clear message.
//!
//! JSON, one object:
//!
//! ```json
//! {
//!   "gridreduce": "0.1.0",
//!   "puzzle": { "kind": "sudoku", "name": "royle17#1", "layout": "3x3", "text": "......1..4......." },
//!   "chain": [ { "step": "haythorpe" }, { "step": "clues" }, { "step": "undirect" } ],
//!   "target": { "kind": "hcp", "file": "out.hcp", "format": "tsplib",
//!               "fingerprint": "9f2c…", "sizes": { "vertices": 14397, "edges": 22873 } }
//! }
//! ```
//!
//! `decode` rebuilds the chain from the puzzle and the steps (the constructions are deterministic),
//! checks that the rebuilt instance has the recorded fingerprint, and lifts the certificate back.

use crate::error::{Error, InputError};
pub use crate::reduce::record::{Fingerprinter, StepRecord, fingerprint};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Version of gridreduce that wrote the file.
    pub gridreduce: String,
    pub puzzle: PuzzleRecord,
    /// The steps of the reduction chain in order, with their parameters.
    pub chain: Vec<StepRecord>,
    pub target: TargetRecord,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRecord {
    /// `sudoku` or `suguru`.
    pub kind: String,
    pub name: String,
    /// Sudoku block layout: `PxQ` boxes or `jigsaw:` followed by the labels; absent for Suguru.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
    /// The puzzle in its file format (a Sudoku line, a Suguru block).
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetRecord {
    /// `hcp`, `directed-hcp`, `cnf`, `lp`, …
    pub kind: String,
    /// File name of the export (relative to the `.map` file's folder).
    pub file: String,
    /// The export's file format (`tsplib`, `concorde`, `arcs`, `dimacs`, `lp`, …).
    pub format: String,
    /// [`fingerprint`] of the exported instance's canonical content.
    pub fingerprint: String,
    #[serde(default)]
    pub sizes: BTreeMap<String, u64>,
}

/// The largest map file [`MapFile::read`] accepts: 16 MiB. A map holds one puzzle (a 64×64 jigsaw
/// Sudoku with its layout is about 40 KB), the steps and a few sizes; anything larger is not a map,
/// and reading it whole would let a stray multi-gigabyte file exhaust memory.
pub const MAX_MAP_BYTES: u64 = 16 << 20;

impl MapFile {
    /// Reads a map file, refusing one above [`MAX_MAP_BYTES`] without reading it into memory.
    pub fn read(path: &Path) -> Result<MapFile, Error> {
        use std::io::Read;
        let file = crate::formats::inputs::open(path)?;
        let mut bytes = Vec::new();
        file.take(MAX_MAP_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io(path, e))?;
        if bytes.len() as u64 > MAX_MAP_BYTES {
            return Err(Error::Input(
                InputError::new(format!(
                    "map file is larger than {MAX_MAP_BYTES} bytes (not a gridreduce map file)"
                ))
                .in_file(path),
            ));
        }
        MapFile::parse(path, &bytes)
    }

    /// Parses map-file bytes; `path` names the source in errors.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<MapFile, Error> {
        let bytes = bytes
            .strip_prefix(crate::formats::lines::BOM)
            .unwrap_or(bytes);
        let text = std::str::from_utf8(bytes).map_err(|_| {
            Error::Input(InputError::new("map file is not UTF-8 text").in_file(path))
        })?;
        if text.trim().is_empty() {
            return Err(Error::Input(
                InputError::new("map file is empty, expected a gridreduce map (JSON)")
                    .in_file(path),
            ));
        }
        serde_json::from_str(text).map_err(|e| {
            let message = format!(
                "not a gridreduce map file: {}",
                super::tokens::excerpt_of(&e.to_string(), 160)
            );
            Error::Input(super::json::positioned(&e, message).in_file(path))
        })
    }

    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let text = serde_json::to_string_pretty(self).expect("map files serialise");
        super::atomic::write_string_atomic(path, &(text + "\n"))
    }
}
