//! What the contract records about a built instance, independent of any file format: the steps of
//! a chain with their parameters ([`StepRecord`], which a `.map` file stores and a route reads back
//! to rebuild the same instance) and a fingerprint of the instance's canonical content, which tells
//! an answer for this instance from an answer for another one.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One step of a reduction chain as recorded: its name (`layered`, `cnf`, …) and the parameters
/// that rebuild it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepRecord {
    pub step: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, serde_json::Value>,
}

impl StepRecord {
    /// A step without parameters.
    pub fn new(step: &str) -> StepRecord {
        StepRecord {
            step: step.to_string(),
            params: BTreeMap::new(),
        }
    }

    /// The step with `key` set to `value` (serialised as JSON).
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> StepRecord {
        self.params.insert(key.to_string(), value.into());
        self
    }
}

/// FNV-1a, 64 bit, as 16 hex digits: stable across platforms and versions, enough to tell instances
/// apart (it is a guard against mix-ups, not a cryptographic seal).
pub fn fingerprint(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Incremental form of [`fingerprint`], for hashing large instances without building one buffer.
#[derive(Clone, Copy, Debug)]
pub struct Fingerprinter(u64);

impl Default for Fingerprinter {
    fn default() -> Self {
        Fingerprinter(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprinter {
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    pub fn update_u32(&mut self, v: u32) {
        self.update(&v.to_le_bytes());
    }
    pub fn finish(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_are_stable_and_incremental() {
        assert_eq!(fingerprint(b""), "cbf29ce484222325");
        assert_eq!(fingerprint(b"a"), "af63dc4c8601ec8c");
        let mut f = Fingerprinter::default();
        f.update(b"a");
        assert_eq!(f.finish(), fingerprint(b"a"));
    }
}
