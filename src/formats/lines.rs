//! A line reader with bounded memory: a line longer than the limit becomes an error (and is skipped
//! without being held in memory), invalid UTF-8 becomes an error naming the line, CRLF is accepted,
//! and a leading UTF-8 byte order mark (which Windows editors add) is skipped, so that no reader
//! sees it as part of its first word.

use crate::error::InputError;
use std::io::{BufRead, Read};

/// The longest line any reader accepts (a 64×64 Sudoku line is about 12 KB).
pub const MAX_LINE: usize = 1 << 20;

/// How much of an over-long line is skipped in search of its end before the reader gives up on the
/// file: a file with no line ending at all (`/dev/zero`) must end in an error, not be read forever.
pub const MAX_SKIP: u64 = 64 << 20;

/// The UTF-8 byte order mark, skipped at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Yields `(line number, text)` (1-based, without the line ending) or an error for that line.
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Self {
        Lines {
            reader,
            number: 0,
            buf: Vec::new(),
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = (usize, Result<String, InputError>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.buf.clear();
        let read = (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buf);
        self.number += 1;
        let n = self.number;
        match read {
            Err(e) => {
                self.done = true;
                Some((n, Err(InputError::at_line(n, format!("cannot read: {e}")))))
            }
            Ok(0) => {
                self.done = true;
                None
            }
            Ok(_) => {
                if self.buf.last() != Some(&b'\n') && self.buf.len() > MAX_LINE {
                    // Its rest is skipped through the reader's own buffer (memory stays bounded),
                    // at most MAX_SKIP bytes of it: a line whose end is not that near ends the
                    // file here (`/dev/zero` has no end).
                    let mut message = format!("line is longer than {MAX_LINE} bytes");
                    let skipped = (&mut self.reader).take(MAX_SKIP).skip_until(b'\n');
                    if !skipped.is_ok_and(|k| (k as u64) < MAX_SKIP) {
                        self.done = true;
                        message.push_str(&format!(
                            ", with no line end within {} MiB: the rest of the file is not read",
                            MAX_SKIP >> 20
                        ));
                    }
                    return Some((n, Err(InputError::at_line(n, message))));
                }
                if n == 1 && self.buf.starts_with(BOM) {
                    self.buf.drain(..BOM.len());
                }
                if self.buf.last() == Some(&b'\n') {
                    self.buf.pop();
                    if self.buf.last() == Some(&b'\r') {
                        self.buf.pop();
                    }
                }
                match std::str::from_utf8(&self.buf) {
                    Ok(s) => Some((n, Ok(s.to_string()))),
                    Err(e) => Some((
                        n,
                        Err(InputError::at_line(n, "not valid UTF-8 text")
                            .with_column(e.valid_up_to() + 1)),
                    )),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_and_bad_bytes_are_errors_not_panics() {
        let mut data = b"ok\r\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        data.extend(b"\nbad\xff\nlast");
        let lines: Vec<_> = Lines::new(&data[..]).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].1.as_deref().unwrap(), "ok");
        assert!(lines[1].1.as_ref().unwrap_err().message.contains("longer"));
        assert_eq!(lines[2].1.as_ref().unwrap_err().column, Some(4));
        assert_eq!(lines[3].1.as_deref().unwrap(), "last");
    }

    /// A line with no end (`/dev/zero`) is one error, and the reader ends.
    #[test]
    fn a_line_without_end_ends_the_file() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let lines: Vec<_> = Lines::new(zeros).collect();
        assert_eq!(lines.len(), 1);
        assert_eq!(
            lines[0].1.as_ref().unwrap_err().message,
            "line is longer than 1048576 bytes, with no line end within 64 MiB: the rest of the \
             file is not read"
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped_only_at_the_start() {
        let lines: Vec<_> = Lines::new(&b"\xEF\xBB\xBFsize 1 1\n\xEF\xBB\xBFx"[..]).collect();
        assert_eq!(lines[0].1.as_deref().unwrap(), "size 1 1");
        assert_eq!(lines[1].1.as_deref().unwrap(), "\u{feff}x");
    }
}
