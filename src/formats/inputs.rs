//! The files this process has read, by identity, so that no output replaces one of them.
//!
//! `stats p.txt --csv p.txt`, `hcp solve g.hcp -o g.hcp` or `reduce p.cnf --to cnf -o p` (whose
//! export is `p.cnf`) would otherwise overwrite the input with exit code 0. Every reader opens its
//! file through [`open`], which records the file's device and inode; [`write_atomic`] refuses a
//! target that is one of them. Identity, not name: `./p.txt`, `p.txt`, a hard link and a symlink to
//! it are all caught, and a different file that happens to share a name elsewhere is not.
//!
//! [`write_atomic`]: super::atomic::write_atomic

use crate::error::Error;
use std::collections::HashSet;
use std::fs::File;
use std::path::Path;
use std::sync::Mutex;

/// (device, inode) of every file opened through [`open`] by this process.
static READ: Mutex<Option<HashSet<(u64, u64)>>> = Mutex::new(None);

/// Opens `path` for reading and records it as an input (see the module documentation); errors
/// name `path`.
pub fn open(path: &Path) -> Result<File, Error> {
    let file = File::open(path).map_err(|e| Error::io(path, e))?;
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && let Some(id) = identity(&meta)
    {
        record(id);
    }
    Ok(file)
}

/// Whether `path` names a file that this process opened as an input.
pub fn is_input(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    let Some(id) = identity(&meta) else {
        return false;
    };
    let read = READ.lock().unwrap_or_else(|p| p.into_inner());
    read.as_ref().is_some_and(|set| set.contains(&id))
}

/// The error of an output that would replace an input.
pub fn refusal(path: &Path) -> Error {
    Error::Usage(format!(
        "{}: this file is an input of the command; not overwritten (write the output elsewhere)",
        path.display()
    ))
}

fn record(id: (u64, u64)) {
    READ.lock()
        .unwrap_or_else(|p| p.into_inner())
        .get_or_insert_with(HashSet::new)
        .insert(id);
}

#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

/// No inode numbers: nothing is recorded, nothing refused.
#[cfg(not(unix))]
fn identity(_meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file read through `open` is an input under any name that reaches it (another spelling, a
    /// hard link); a file never opened is not.
    #[test]
    fn inputs_are_known_by_identity() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "y").unwrap();
        assert!(!is_input(&a));
        open(&a).unwrap();
        assert!(is_input(&a));
        assert!(is_input(&dir.path().join(".").join("a.txt")));
        let link = dir.path().join("link.txt");
        std::fs::hard_link(&a, &link).unwrap();
        assert!(is_input(&link));
        assert!(!is_input(&b));
    }
}
