//! Every repository path the README and the pages of `docs/` name exists, so a file that moves or
//! goes cannot leave a pointer to nowhere behind.
//!
//! What counts as a named path, outside fenced code blocks:
//!
//! * a backticked span without whitespace that starts with one of [`PREFIXES`] (`src/`, `tests/`,
//!   …), checked from the repository root;
//! * a backticked sibling page, `foo.md`, checked from the page's own folder;
//! * the target of a Markdown link, `[text](target)`, checked from the page's own folder (web
//!   addresses are left out).
//!
//! A trailing `#anchor`, `::item` (`tests/hcp_solve.rs::name`, a test in that file) and `:line`
//! or `:line-line` is cut off before the check. Skipped, because they stand for many files or
//! for the reader's own (see [`is_placeholder`]): globs and alternatives (`tests/search_*.rs`,
//! `src/**`, `src/cli/{reduce,decode,stats}.rs`, `data/sudoku/sudoku16_*.txt`), spans with
//! `<`, `>`, `[`, `]`, `$`, `|` or `…`, and spans with a component that is an upper-case
//! placeholder (`N`, `K`, `NAME`, `FILE`, `DIR`, `OUT`). Paths in other repositories are listed
//! in [`ELSEWHERE`].

use std::path::Path;

/// Span prefixes that mark a path in this repository.
const PREFIXES: &[&str] = &[
    "src/",
    "tests/",
    "scripts/",
    "data/",
    "docs/",
    "benches/",
    "examples/",
    "python/",
    ".ci/",
];

/// (page, span) pairs that name a file of another repository, quoted as its source.
const ELSEWHERE: &[(&str, &str)] = &[
    // wizardap/HCP_SAT's folder of FHCP graphs.
    ("docs/hcp-solver.md", "src/data/fhcpcs/"),
];

/// Fewer checked paths than this means the scan broke (the pages name about 400 today).
const MIN_CHECKED: usize = 300;

/// Upper-case words that stand for a value the reader supplies.
const PLACEHOLDER_WORDS: &[&str] = &["N", "K", "M", "NAME", "FILE", "DIR", "OUT"];

/// Whether `span` stands for many files or for one the reader names, rather than one path.
fn is_placeholder(span: &str) -> bool {
    span.contains(['*', '<', '>', '{', '}', '[', ']', '$', '|', '…'])
        || span
            .split(['/', '.', '_', '-'])
            .any(|part| PLACEHOLDER_WORDS.contains(&part))
}

/// `span` without a trailing `#anchor`, `::item` or `:line` / `:line-line`.
fn strip_suffixes(span: &str) -> &str {
    let mut s = span.split('#').next().unwrap_or("");
    s = s.split("::").next().unwrap_or("");
    while let Some((head, tail)) = s.rsplit_once(':') {
        let is_line = !tail.is_empty()
            && tail.starts_with(|c: char| c.is_ascii_digit())
            && tail
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '–');
        if !is_line {
            break;
        }
        s = head;
    }
    s
}

/// A sibling page named alone: `foo.md`.
fn is_sibling_page(span: &str) -> bool {
    span.len() > 3
        && span.ends_with(".md")
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// The spans of one line: backticked (`false`) and link targets (`true`).
fn spans(line: &str) -> Vec<(&str, bool)> {
    let mut found: Vec<(&str, bool)> = line
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|s| (s, false))
        .collect();
    // A piece after an odd number of backticks is no span (it has no closing backtick).
    if !line.matches('`').count().is_multiple_of(2) {
        found.pop();
    }
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            found.push((&rest[..end], true));
        }
    }
    found
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    pages.extend(docs);

    let mut checked = 0;
    let mut skipped = Vec::new();
    let mut missing = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        let folder = root.join(page).parent().unwrap().to_path_buf();
        let mut fenced = false;
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                continue;
            }
            for (raw, link) in spans(line) {
                if raw.is_empty()
                    || raw.chars().any(char::is_whitespace)
                    || raw.contains("://")
                    || raw.starts_with("mailto:")
                {
                    continue;
                }
                let span = strip_suffixes(raw);
                let path = if link {
                    folder.join(span)
                } else if PREFIXES.iter().any(|p| span.starts_with(p)) {
                    root.join(span)
                } else if is_sibling_page(span) {
                    folder.join(span)
                } else {
                    continue;
                };
                if span.is_empty() || ELSEWHERE.contains(&(page.as_str(), span)) {
                    continue;
                }
                if is_placeholder(span) {
                    skipped.push(span.to_string());
                    continue;
                }
                checked += 1;
                if !path.exists() {
                    missing.push(format!("{page}:{}: `{raw}`", number + 1));
                }
            }
        }
    }
    skipped.sort();
    skipped.dedup();
    eprintln!(
        "{checked} paths checked; skipped as placeholders: {}",
        skipped.join(", ")
    );
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(
        checked >= MIN_CHECKED,
        "only {checked} paths found in the docs (at least {MIN_CHECKED} expected): the scan is broken"
    );
}

#[test]
fn suffixes_and_placeholders() {
    assert_eq!(strip_suffixes("src/hcp/solve.rs:82"), "src/hcp/solve.rs");
    assert_eq!(strip_suffixes("src/hcp/solve.rs:82-90"), "src/hcp/solve.rs");
    assert_eq!(
        strip_suffixes("tests/hcp_solve.rs::a_test"),
        "tests/hcp_solve.rs"
    );
    assert_eq!(strip_suffixes("routes.md#the-default"), "routes.md");
    assert_eq!(strip_suffixes("docs/cli.md"), "docs/cli.md");
    assert!(is_placeholder("tests/search_*.rs"));
    assert!(is_placeholder("src/cli/{reduce,decode}.rs"));
    assert!(is_placeholder("data/sudoku/N.txt"));
    assert!(!is_placeholder("data/suguru/BASELINES.md"));
    assert!(!is_placeholder("data/hcp/README.md"));
    assert!(is_sibling_page("routes.md"));
    assert!(!is_sibling_page("docs/routes.md"));
    assert_eq!(
        spans("see `src/lib.rs` and [the page](routes.md#x), `odd"),
        vec![("src/lib.rs", false), ("routes.md#x", true)]
    );
}
