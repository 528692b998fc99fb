//! serde_json errors as [`InputError`]s: the one place that turns serde_json's position into the
//! line and column of a `file:line:column: problem` message.

use crate::error::InputError;

/// `message` at the position of `e`: its line (at least 1) and its column, when serde_json gives
/// one (it counts columns from 1; 0 means "before the first character").
pub fn positioned(e: &serde_json::Error, message: impl Into<String>) -> InputError {
    let err = InputError::at_line(e.line().max(1), message);
    if e.column() > 0 {
        err.with_column(e.column())
    } else {
        err
    }
}

/// serde_json's message without the " at line L column C" it ends with, for a message whose
/// prefix already says where.
pub fn bare_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
