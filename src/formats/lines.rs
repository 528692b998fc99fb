//! A line reader with bounded memory: a line longer than the limit becomes an error (and is skipped
//! without being held in memory), invalid UTF-8 becomes an error naming the line, CRLF is accepted,
//! and a leading UTF-8 byte order mark (which Windows editors add) is skipped, so that no reader
//! sees it as part of its first word.

use crate::error::InputError;
use std::io::{BufRead, Read};

/// The longest line any reader accepts (a 64×64 Sudoku line is about 12 KB).
pub const MAX_LINE: usize = 1 << 20;

/// The UTF-8 byte order mark, skipped at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Yields `(line number, text)` (1-based, without the line ending) or an error for that line.
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
    done: bool,
    /// The last line was over-long: skip its rest before reading the next one. Done lazily so
    /// that a reader which stops at the first error never reads on (`/dev/zero` has no end).
    skip_rest: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Self {
        Lines {
            reader,
            number: 0,
            buf: Vec::new(),
            done: false,
            skip_rest: false,
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = (usize, Result<String, InputError>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if std::mem::take(&mut self.skip_rest) {
            // Skip the rest of the over-long line through the reader's own buffer (memory stays
            // bounded however long the line; a read error ends it too).
            let _ = self.reader.skip_until(b'\n');
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
                    self.skip_rest = true;
                    return Some((
                        n,
                        Err(InputError::at_line(
                            n,
                            format!("line is longer than {MAX_LINE} bytes"),
                        )),
                    ));
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

    #[test]
    fn a_leading_byte_order_mark_is_skipped_only_at_the_start() {
        let lines: Vec<_> = Lines::new(&b"\xEF\xBB\xBFsize 1 1\n\xEF\xBB\xBFx"[..]).collect();
        assert_eq!(lines[0].1.as_deref().unwrap(), "size 1 1");
        assert_eq!(lines[1].1.as_deref().unwrap(), "\u{feff}x");
    }
}
