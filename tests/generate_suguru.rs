//! Generated Suguru: every puzzle is unique by the independent Algorithm X route, its stored
//! solution verifies, it respects --max-region and the hint cap, passes the pre-checks, and the same
//! seed gives the same file.

mod common;

use assert_cmd::Command;
use common::{gridreduce, ok};
use gridreduce::cover::{self, PuzzleToCover};
use gridreduce::formats::collection::{ReadOptions, read_collection};
use gridreduce::generate::suguru::{Config, generate};
use gridreduce::puzzle::{Puzzle, precheck::precheck};
use gridreduce::reduce::Reduction;

fn unique_by_cover(p: &Puzzle) -> bool {
    let r = PuzzleToCover::new(p);
    cover::solutions(r.target(), Some(2)).len() == 1
}

#[test]
fn generated_suguru_are_unique_by_algorithm_x_and_verify() {
    // Lines need more hints than 40%: every region of a line is a free permutation but for its ends.
    let cases = [
        (6, 6, 5, 1, None),
        (7, 5, 6, 2, None),
        (8, 8, 5, 3, None),
        (1, 12, 4, 4, Some(12)),
        (9, 1, 3, 5, Some(9)),
    ];
    for (rows, cols, max_region, seed, cap) in cases {
        let mut config = Config::new(rows, cols, seed);
        config.max_region = max_region;
        config.max_hints = cap;
        for i in 0..3 {
            let g = generate(&config, i).unwrap();
            let p = Puzzle::Suguru(g.puzzle.clone());
            assert!(
                p.verify(&g.solution).is_empty(),
                "{rows}x{cols}#{i}: solution invalid"
            );
            assert!(unique_by_cover(&p), "{rows}x{cols}#{i}: not unique");
            assert!(
                precheck(&p).is_empty(),
                "{rows}x{cols}#{i}: pre-check finding"
            );
            assert!(
                p.clues() <= config.hint_cap(),
                "{rows}x{cols}#{i}: too many hints"
            );
            assert!(
                g.puzzle
                    .region_sizes()
                    .iter()
                    .all(|&s| (1..=max_region).contains(&s))
            );
            // The givens are the solution's values.
            for c in 0..p.givens().len() {
                let v = p.givens().get(c);
                assert!(v == 0 || v == g.solution.get(c));
            }
        }
    }
}

#[test]
fn hint_cap_is_respected_or_refused() {
    let mut config = Config::new(6, 6, 9);
    config.max_hints = Some(8);
    let g = generate(&config, 0).unwrap();
    assert!(g.puzzle.clues() <= 8);
    // Four one-cell regions in a 2x2 always clash (Theorem 1): the generator must give up with an
    // error, not loop forever or panic.
    let mut tiny = Config::new(2, 2, 1);
    tiny.max_hints = Some(0);
    tiny.max_region = 1;
    assert!(generate(&tiny, 0).is_err());
}

fn run(args: &[&str]) -> Vec<u8> {
    let out = gridreduce(args);
    ok(&out);
    out.stdout
}

#[test]
fn same_seed_same_file_and_the_file_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    let args = |p: &std::path::Path| {
        vec![
            "generate".to_string(),
            "suguru".into(),
            "--size".into(),
            "6x7".into(),
            "--count".into(),
            "3".into(),
            "--seed".into(),
            "42".into(),
            "-o".into(),
            p.display().to_string(),
        ]
    };
    let a_args = args(&a);
    run(&a_args.iter().map(String::as_str).collect::<Vec<_>>());
    let b_args = args(&b);
    run(&b_args.iter().map(String::as_str).collect::<Vec<_>>());
    let (ta, tb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(ta, tb, "same seed, different files");
    let other = run(&[
        "generate", "suguru", "--size", "6x7", "--count", "3", "--seed", "43",
    ]);
    assert_ne!(other, ta, "another seed gave the same puzzles");
    let c = read_collection(&a, &ReadOptions::default()).unwrap();
    assert_eq!(c.entries.len(), 3);
    for e in c.entries {
        let e = e.unwrap();
        assert!(e.puzzle.verify(e.solution.as_ref().unwrap()).is_empty());
    }
    // `verify` accepts the file as is.
    run(&["verify", &a.display().to_string()]);
}

#[test]
fn bad_sizes_are_usage_errors() {
    for size in ["6", "0x5", "axb"] {
        let out = Command::cargo_bin("gridreduce")
            .unwrap()
            .args(["generate", "suguru", "--size", size])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{size}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
