//! Shared plumbing of the graph and tour readers and writers: a scanner that reads a file line by
//! line (header keywords) or token by token across lines (data sections), with bounded memory and
//! one-line errors naming line and column; the limits that keep a hostile file from allocating
//! gigabytes; and a fast integer writer for files of millions of lines.
//!
//! Every reader of TSPLIB, Concorde, linkern, arc-list and permutation files is built on
//! [`Scanner`], so they all tolerate the same quirks: CRLF, trailing spaces, padded columns, any
//! number of ids per line, and they all reject non-UTF-8 bytes and over-long lines the same way.

use super::lines::Lines;
use crate::error::InputError;
use std::io::{BufRead, Write};

/// Upper bounds a reader enforces before allocating anything proportional to a number it read.
///
/// A three-line file that claims `DIMENSION : 4000000000` must not make the reader allocate
/// 16 GB: every vertex count is checked against `max_vertices` first. Tours and edge lists only
/// grow with the file's own content, so they need no limit of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    pub max_vertices: u32,
}

/// 2^26 ≈ 67 million vertices: far above the largest graph gridreduce builds (blank N = 64 Sudoku,
/// about 4.8 million vertices undirected) and small enough that the vertex arrays stay under 1 GB.
pub const DEFAULT_MAX_VERTICES: u32 = 1 << 26;

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits {
            max_vertices: DEFAULT_MAX_VERTICES,
        }
    }
}

impl ReadLimits {
    /// Checks a vertex count read from a file (`what` names where it came from, e.g. `DIMENSION`).
    /// Also against the memory limit ([`crate::memory::check_vertices`]): the arrays of a
    /// declared vertex count are allocated before the file shows whether it holds any edges.
    pub fn check_vertices(&self, n: u64, what: &str) -> Result<u32, String> {
        if n > self.max_vertices as u64 {
            return Err(format!(
                "{what} {n} is above the limit of {} vertices",
                self.max_vertices
            ));
        }
        crate::memory::check_vertices(n, what)?;
        Ok(n as u32)
    }
}

/// What a token is: a whole number (fits in `i64`) or anything else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokKind {
    Int(i64),
    Word(String),
}

/// One whitespace-separated token with its position (1-based line and byte column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    pub kind: TokKind,
    pub line: usize,
    pub col: usize,
}

impl Tok {
    /// The token as the file wrote it (numbers are re-printed, which is the same text up to a
    /// leading `+` or zeros).
    pub fn text(&self) -> String {
        match &self.kind {
            TokKind::Int(v) => v.to_string(),
            TokKind::Word(w) => w.clone(),
        }
    }

    /// An error located at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::at_line(self.line, message).with_column(self.col)
    }

    /// The token as a vertex id in `base..base+n` (returned 0-based), or an error naming the range.
    pub fn vertex(&self, n: u32, base: u32, what: &str) -> Result<u32, InputError> {
        match self.kind {
            TokKind::Int(v) if v >= base as i64 && v < n as i64 + base as i64 => {
                Ok((v - base as i64) as u32)
            }
            TokKind::Int(v) => Err(self.error(format!(
                "vertex {v} is outside {base}..{} ({what})",
                n as i64 + base as i64 - 1
            ))),
            TokKind::Word(ref w) => Err(self.error(format!("'{w}' is not a vertex number"))),
        }
    }
}

fn classify(text: &str) -> TokKind {
    // Fast path for the common case: up to 18 plain digits cannot overflow an i64.
    let b = text.as_bytes();
    if !b.is_empty() && b.len() <= 18 && b.iter().all(u8::is_ascii_digit) {
        return TokKind::Int(b.iter().fold(0i64, |v, &d| v * 10 + (d - b'0') as i64));
    }
    match text.parse::<i64>() {
        Ok(v) => TokKind::Int(v),
        Err(_) => TokKind::Word(text.to_string()),
    }
}

/// Reads a text file either a whole line at a time ([`Scanner::next_line`]) or a token at a time
/// across lines ([`Scanner::next_token`]); the two modes can alternate, as TSPLIB files need
/// (keyword lines, then a section of numbers ended by `-1`, then keyword lines again).
pub struct Scanner<R> {
    lines: Lines<R>,
    text: String,
    line: usize,
    pos: usize,
    failed: bool,
    replay: bool,
    /// The current line is ASCII (checked once per line, for the byte-wise fast path).
    ascii: bool,
}

impl<R: BufRead> Scanner<R> {
    pub fn new(reader: R) -> Self {
        Scanner {
            lines: Lines::new(reader),
            text: String::new(),
            line: 0,
            pos: 0,
            failed: false,
            replay: false,
            ascii: true,
        }
    }

    /// Number of the current line (the last one read; 0 before any).
    pub fn line(&self) -> usize {
        self.line
    }

    fn advance(&mut self) -> Option<Result<(), InputError>> {
        if self.failed {
            return None;
        }
        let (n, text) = self.lines.next()?;
        self.line = n;
        match text {
            Ok(t) => {
                self.text = t;
                self.ascii = self.text.is_ascii();
                self.pos = 0;
                Some(Ok(()))
            }
            Err(e) => {
                self.failed = true;
                self.ascii = true;
                self.text.clear();
                self.pos = 0;
                Some(Err(e))
            }
        }
    }

    /// The next whole line (what is left of the current one is dropped). The line stays current
    /// with nothing left to tokenise; [`Scanner::resume_at`] hands part of it to token mode.
    pub fn next_line(&mut self) -> Option<Result<(usize, &str), InputError>> {
        if std::mem::take(&mut self.replay) {
            self.pos = self.text.len();
            return Some(Ok((self.line, self.text.as_str())));
        }
        match self.advance()? {
            Ok(()) => {
                self.pos = self.text.len();
                Some(Ok((self.line, self.text.as_str())))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// Lets token mode continue on the current line from byte `offset` (data that follows a
    /// section keyword on its own line).
    pub fn resume_at(&mut self, offset: usize) {
        self.pos = offset.min(self.text.len());
    }

    /// Hands the current line back whole: the next [`Scanner::next_line`] returns it again, or
    /// the next [`Scanner::next_token`] starts at its beginning (used after peeking at a file's
    /// first line to detect its format).
    pub fn unread_line(&mut self) {
        self.replay = true;
        self.pos = 0;
    }

    /// The next token, reading further lines as needed; `None` at the end of the file.
    pub fn next_token(&mut self) -> Option<Result<Tok, InputError>> {
        self.replay = false;
        loop {
            let rest = &self.text[self.pos..];
            // ASCII lines (nearly all) are scanned byte by byte; others char by char, so that
            // Unicode white space separates tokens everywhere alike.
            let ascii = self.ascii;
            let skip = if ascii {
                rest.bytes()
                    .position(|b| !(b.is_ascii_whitespace() || b == 0x0b))
                    .unwrap_or(rest.len())
            } else {
                rest.len() - rest.trim_start().len()
            };
            self.pos += skip;
            if self.pos < self.text.len() {
                let rest = &self.text[self.pos..];
                let len = if ascii {
                    rest.bytes()
                        .position(|b| b.is_ascii_whitespace() || b == 0x0b)
                        .unwrap_or(rest.len())
                } else {
                    rest.find(char::is_whitespace).unwrap_or(rest.len())
                };
                let start = self.pos;
                self.pos += len;
                let col = start + 1;
                return Some(Ok(Tok {
                    kind: classify(&self.text[start..start + len]),
                    line: self.line,
                    col,
                }));
            }
            if let Err(e) = self.advance()? {
                return Some(Err(e));
            }
        }
    }

    /// One `u v w` edge line of a Concorde edge file or a linkern tour: two 0-based node ids below
    /// `n` (described by `range` in errors) and a whole-number weight that is checked and dropped.
    /// Returns the two ends and the line of the second. `truncated` words the error when the file
    /// ends early; `weight` names the third column ("edge weight", "edge length").
    pub fn weighted_edge(
        &mut self,
        n: u32,
        range: &str,
        weight: &str,
        truncated: impl Fn() -> String,
    ) -> Result<([u32; 2], usize), InputError> {
        let mut ends = [0u32; 2];
        let mut line = 0;
        for i in 0..3 {
            let t = match self.next_token() {
                None => return Err(InputError::at_line(self.line(), truncated())),
                Some(t) => t?,
            };
            match ends.get_mut(i) {
                Some(end) => {
                    *end = t.vertex(n, 0, range)?;
                    line = t.line;
                }
                None => {
                    if let TokKind::Word(w) = &t.kind {
                        return Err(t.error(format!("'{w}' is not an {weight} (a whole number)")));
                    }
                }
            }
        }
        Ok((ends, line))
    }

    /// After token mode: what is left of the current line must be blank (a `-1` may carry
    /// trailing spaces, not more data).
    pub fn finish_line(&mut self, after: &str) -> Result<(), InputError> {
        let rest = &self.text[self.pos..];
        let trimmed = rest.trim_start();
        if trimmed.trim_end().is_empty() {
            self.pos = self.text.len();
            return Ok(());
        }
        let col = self.text.len() - trimmed.len() + 1;
        let word = trimmed.split_whitespace().next().unwrap_or("");
        Err(
            InputError::at_line(self.line, format!("unexpected '{word}' after {after}"))
                .with_column(col),
        )
    }
}

/// Splits a TSPLIB specification line into an upper-cased keyword and its value: `KEY : value`,
/// `KEY: value`, `KEY :value` or `KEY value`. Returns the keyword, the value (trimmed) and the byte
/// offset where the value starts (so a section keyword followed by data can hand it to token mode).
pub fn split_keyword(line: &str) -> (String, &str, usize) {
    let lead = line.len() - line.trim_start().len();
    let body = &line[lead..];
    let key_len = body
        .find(|c: char| c.is_whitespace() || c == ':')
        .unwrap_or(body.len());
    let key = body[..key_len].to_ascii_uppercase();
    let mut offset = lead + key_len;
    let rest = &line[offset..];
    let rest_trim = rest.trim_start();
    offset += rest.len() - rest_trim.len();
    if let Some(after) = rest_trim.strip_prefix(':') {
        offset += 1;
        let v = after.trim_start();
        offset += after.len() - v.len();
    }
    (key, line[offset..].trim_end(), offset)
}

/// A buffered writer of numbers and short text for files of millions of lines: it prints
/// integers with `itoa` into a 64 KB buffer and hands full buffers to the underlying `dyn Write`
/// (the graph files' writers, and the DIMACS writer, where `write!` per literal and a `dyn Write`
/// call per clause took three times as long: docs/performance.md).
pub struct FastWriter<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
}

const FAST_BUF: usize = 1 << 16;

impl<'a> FastWriter<'a> {
    pub fn new(out: &'a mut dyn Write) -> Self {
        FastWriter {
            out,
            buf: Vec::with_capacity(FAST_BUF + 64),
        }
    }

    fn maybe_flush(&mut self) -> std::io::Result<()> {
        if self.buf.len() >= FAST_BUF {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Any primitive integer, signed (a DIMACS literal) or not.
    pub fn num(&mut self, v: impl itoa::Integer) -> std::io::Result<()> {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        self.maybe_flush()
    }

    pub fn text(&mut self, s: &str) -> std::io::Result<()> {
        self.bytes(s.as_bytes())
    }

    pub fn bytes(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.buf.extend_from_slice(b);
        self.maybe_flush()
    }

    pub fn byte(&mut self, b: u8) -> std::io::Result<()> {
        self.buf.push(b);
        self.maybe_flush()
    }

    /// Writes what is buffered (call once at the end; dropping without it loses the tail).
    pub fn finish(mut self) -> std::io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

/// A header value made safe for one TSPLIB line: line breaks become spaces and the value is cut to
/// 200 bytes (Concorde reads specification lines into a 254-byte buffer).
pub fn header_value(value: &str) -> String {
    let mut v: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    v = v.trim().to_string();
    if v.len() > 200 {
        let mut cut = 200;
        while !v.is_char_boundary(cut) {
            cut -= 1;
        }
        v.truncate(cut);
    }
    v
}

/// A NAME value: [`header_value`] with white space and `:` replaced by `_`, because LKH keeps only
/// the first token of a NAME line.
pub fn name_value(name: &str) -> String {
    let v: String = header_value(name)
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == ':' {
                '_'
            } else {
                c
            }
        })
        .collect();
    if v.is_empty() {
        "unnamed".to_string()
    } else {
        v
    }
}

/// Where a list of pairs first repeats one: `(first, repeat)` indices in list order, the repeat
/// being the earliest one in the list. Pairs are compared as given (normalise undirected edges
/// first). Sorting indices keeps the extra memory at 4 bytes a pair.
pub fn first_repeat(pairs: &[(u32, u32)]) -> Option<(usize, usize)> {
    let key = |i: u32| {
        let (a, b) = pairs[i as usize];
        ((a as u64) << 32 | b as u64, i)
    };
    let mut order: Vec<u32> = (0..pairs.len() as u32).collect();
    order.sort_unstable_by_key(|&i| key(i));
    let mut best: Option<(usize, usize)> = None;
    for w in order.windows(2) {
        if pairs[w[0] as usize] == pairs[w[1] as usize]
            && best.is_none_or(|(_, r)| (w[1] as usize) < r)
        {
            best = Some((w[0] as usize, w[1] as usize));
        }
    }
    // The window with the smallest second index pairs a group's two earliest occurrences.
    best
}

/// At most 40 characters of `text` for a one-line message, with `…` when cut: a message quotes
/// what it found without letting a huge token through.
pub fn excerpt(text: &str) -> String {
    excerpt_of(text, 40)
}

/// At most `max` characters of `text`, with `…` when cut: for a library's message (serde's)
/// that may quote a whole value of the input.
pub fn excerpt_of(text: &str, max: usize) -> String {
    if text.chars().count() > max {
        format!("{}…", text.chars().take(max).collect::<String>())
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_cross_lines_and_know_their_place() {
        let mut s = Scanner::new(&b"KEY : v a\n  12   x\n\n -1  \nNEXT"[..]);
        let (n, line) = s.next_line().unwrap().unwrap();
        assert_eq!((n, line), (1, "KEY : v a"));
        let (k, v, off) = split_keyword("KEY : v a");
        assert_eq!((k.as_str(), v, off), ("KEY", "v a", 6));
        let t = s.next_token().unwrap().unwrap();
        assert_eq!((t.kind, t.line, t.col), (TokKind::Int(12), 2, 3));
        let t = s.next_token().unwrap().unwrap();
        assert_eq!((t.kind, t.line, t.col), (TokKind::Word("x".into()), 2, 8));
        let t = s.next_token().unwrap().unwrap();
        assert_eq!((t.kind, t.line), (TokKind::Int(-1), 4));
        s.finish_line("-1").unwrap();
        assert_eq!(s.next_line().unwrap().unwrap().1, "NEXT");
        assert!(s.next_token().is_none());
    }

    #[test]
    fn keyword_forms() {
        assert_eq!(split_keyword("dimension: 5").0, "DIMENSION");
        assert_eq!(split_keyword("DIMENSION :5").1, "5");
        assert_eq!(split_keyword("EDGE_DATA_SECTION").1, "");
        assert_eq!(split_keyword("FIXED_EDGES :").0, "FIXED_EDGES");
        assert_eq!(split_keyword("EDGE_DATA_SECTION 1 2").1, "1 2");
        assert_eq!(split_keyword("COMMENT : a : b ").1, "a : b");
    }

    #[test]
    fn fast_writer_formats_numbers() {
        let mut out = Vec::new();
        let mut w = FastWriter::new(&mut out);
        for v in [0u64, 7, 10, 4294967295, u64::MAX] {
            w.num(v).unwrap();
            w.byte(b' ').unwrap();
        }
        w.finish().unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "0 7 10 4294967295 18446744073709551615 "
        );
        assert_eq!(name_value("my graph: x"), "my_graph__x");
        assert_eq!(header_value("a\nb"), "a b");
    }

    #[test]
    fn repeats_are_found_in_list_order() {
        assert_eq!(first_repeat(&[(1, 2), (3, 4), (5, 6)]), None);
        assert_eq!(
            first_repeat(&[(9, 9), (1, 2), (3, 4), (1, 2), (9, 9)]),
            Some((1, 3))
        );
        assert_eq!(first_repeat(&[(1, 2), (1, 2), (1, 2)]), Some((0, 1)));
    }
}
