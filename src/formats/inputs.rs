//! The files this process has read, by identity, so that no output replaces one of them.
//!
//! `stats p.txt --csv p.txt`, `hcp solve g.hcp -o g.hcp` or `reduce p.cnf --to cnf -o p` (whose
//! export is `p.cnf`) would otherwise overwrite the input with exit code 0. Every reader opens its
//! file through [`open`], which (once the binary called [`protect`]) records the file's device,
//! inode and change time; [`write_atomic`] refuses a target that is one of them. Identity, not
//! name: `./p.txt`, `p.txt`, a hard link and a symlink to it are all caught, and a different file
//! that happens to share a name elsewhere is not.
//!
//! [`write_atomic`]: super::atomic::write_atomic

use crate::error::Error;
use std::collections::HashSet;
use std::fs::{File, Metadata};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// A file's identity: device, inode and change time (seconds, nanoseconds). The change time tells a
/// file apart from a later one that got the inode of a deleted input.
type Identity = (u64, u64, i64, i64);

/// A set of files read, by identity.
#[derive(Debug, Default)]
pub struct Inputs {
    read: Mutex<Option<HashSet<Identity>>>,
}

impl Inputs {
    pub const fn new() -> Self {
        Inputs {
            read: Mutex::new(None),
        }
    }

    /// Records the file `meta` describes (a regular file; anything else is not recorded).
    pub fn record(&self, meta: &Metadata) {
        if let Some(id) = identity(meta).filter(|_| meta.is_file()) {
            self.read
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert_with(HashSet::new)
                .insert(id);
        }
    }

    /// Whether `path` names a recorded file.
    pub fn contains(&self, path: &Path) -> bool {
        let Some(id) = std::fs::metadata(path).ok().as_ref().and_then(identity) else {
            return false;
        };
        let read = self.read.lock().unwrap_or_else(|p| p.into_inner());
        read.as_ref().is_some_and(|set| set.contains(&id))
    }
}

/// The inputs of this process, recorded once [`protect`] was called.
static PROCESS: Inputs = Inputs::new();

/// Whether [`open`] records and [`write_atomic`](super::atomic::write_atomic) refuses.
static PROTECTING: AtomicBool = AtomicBool::new(false);

/// Turns the protection on for the rest of the process: the binary does, first thing. A library
/// user (the Python package, a long-running program) is not refused anything: there a file read
/// long ago may have been replaced on purpose.
pub fn protect() {
    PROTECTING.store(true, Ordering::Relaxed);
}

/// Opens `path` for reading and, under [`protect`], records it as an input (see the module
/// documentation); errors name `path`.
pub fn open(path: &Path) -> Result<File, Error> {
    let file = File::open(path).map_err(|e| Error::io(path, e))?;
    if PROTECTING.load(Ordering::Relaxed)
        && let Ok(meta) = file.metadata()
    {
        PROCESS.record(&meta);
    }
    Ok(file)
}

/// Whether `path` names a file that this process opened as an input (always false without
/// [`protect`]).
pub fn is_input(path: &Path) -> bool {
    PROTECTING.load(Ordering::Relaxed) && PROCESS.contains(path)
}

/// The error of an output that would replace an input.
pub fn refusal(path: &Path) -> Error {
    Error::Usage(format!(
        "{}: this file is an input of the command; not overwritten (write the output elsewhere)",
        path.display()
    ))
}

#[cfg(unix)]
fn identity(meta: &Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino(), meta.ctime(), meta.ctime_nsec()))
}

/// No inode numbers: nothing is recorded, nothing refused.
#[cfg(not(unix))]
fn identity(_meta: &Metadata) -> Option<Identity> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recorded file is known under any name that reaches it (another spelling, a hard link); a
    /// file never recorded is not.
    #[test]
    fn inputs_are_known_by_identity() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "y").unwrap();
        let link = dir.path().join("link.txt");
        std::fs::hard_link(&a, &link).unwrap();
        let inputs = Inputs::new();
        assert!(!inputs.contains(&a));
        inputs.record(&std::fs::metadata(&a).unwrap());
        assert!(inputs.contains(&a));
        assert!(inputs.contains(&dir.path().join(".").join("a.txt")));
        assert!(inputs.contains(&link));
        assert!(!inputs.contains(&b));
    }
}
