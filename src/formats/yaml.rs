//! What the YAML readers (pipelines, puzzle descriptions) share about serde-saphyr's errors.

/// A serde-saphyr error as `(line, column, first line of the message)`: 0 where the error has no
/// location, and the message without its snippet and without the trailing " at line L, column C"
/// (the readers put the location in front, as every error of the project does).
pub fn error_parts(e: &serde_saphyr::Error) -> (usize, usize, String) {
    let (line, column) = e
        .location()
        .map(|l| (l.line() as usize, l.column() as usize))
        .unwrap_or((0, 0));
    let raw = e.without_snippet().to_string();
    let first = raw.lines().next().unwrap_or("").trim();
    let first = first.rfind(" at line ").map_or(first, |i| &first[..i]);
    (line, column, first.to_string())
}
