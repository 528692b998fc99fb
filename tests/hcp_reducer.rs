//! The `reduced` stage (`src/hcp/singles.rs`, `src/hcp/force.rs`): what it must decide by itself.
//!
//! * Every shipped puzzle that naked and hidden singles alone solve — by the verdict of the
//!   independent human-technique solver (`search::human`), not by a list — becomes a single cycle,
//!   and that cycle decodes to the solution.
//! * A puzzle whose givens contradict each other is reported not Hamiltonian; one whose singles run
//!   into a contradiction too.
//! * The reduced graph is never larger than the contracted one.
//!
//! Sizes for `docs/hcp-reducer.md`: `cargo run --release --example hcp_reports -- reduced_sizes`
//! (`HCP_REPORT_LIMIT=2000` for a sample of Royle's list).

use gridreduce::hcp::chain::{HcpOptions, Stage, build, stats};
use gridreduce::hcp::contract::Outcome;
use gridreduce::puzzle::{Grid, Puzzle, Sudoku};
use gridreduce::reduce::harness::shipped_cases;
use gridreduce::search::human::{self, Technique};
use rayon::prelude::*;

mod common;
use common::{assert_exit, gridreduce, reduce_to_hcp, shipped, solution_line, text};

fn reduced() -> HcpOptions {
    HcpOptions {
        stage: Stage::Reduced,
        trim: false,
        clues: true,
        share: true,
        canonical: false,
    }
}

/// The human solver's solution when it needs nothing beyond naked and hidden singles.
fn singles_solution(p: &Puzzle) -> Option<Grid> {
    let report = human::solve(p).ok()?;
    let only_singles =
        !report.used_search && report.grade.is_none_or(|g| g <= Technique::NakedSingle);
    report.solution.filter(|_| only_singles)
}

fn check_singles_puzzles(puzzles: &[(String, Puzzle)]) -> (usize, usize) {
    let results: Vec<(bool, Option<String>)> = puzzles
        .par_iter()
        .map(|(name, p)| {
            let Some(solution) = singles_solution(p) else {
                return (false, None);
            };
            let chain = build(p, &reduced()).unwrap();
            if chain.outcome() != Some(&Outcome::Solved) {
                return (
                    true,
                    Some(format!(
                        "{name}: singles solve it, but the reducer says {:?} ({} vertices)",
                        chain.outcome(),
                        chain.vertices()
                    )),
                );
            }
            let tour = chain.solved_tour().unwrap();
            match chain.extract(&tour) {
                Ok(g) if g == solution => (true, None),
                other => (
                    true,
                    Some(format!("{name}: the single cycle gives {other:?}")),
                ),
            }
        })
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|(_, f)| f.as_ref()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let solved = results.iter().filter(|(s, _)| *s).count();
    (solved, puzzles.len())
}

#[test]
fn norvig_easy50_puzzles_solved_by_singles_become_one_cycle() {
    let (solved, total) = check_singles_puzzles(&shipped("sudoku/norvig_easy50.txt"));
    eprintln!("norvig_easy50: {solved} of {total} solved by singles");
    // The test would prove nothing if no puzzle were singles-solvable.
    assert!(solved >= 10, "{solved}");
}

#[test]
fn shipped_puzzles_solved_by_singles_become_one_cycle() {
    let cases: Vec<(String, Puzzle)> = shipped_cases(|p| p.rows() <= 10 && p.rows() != 9)
        .into_iter()
        .map(|c| (c.name, c.puzzle))
        .collect();
    let (solved, total) = check_singles_puzzles(&cases);
    eprintln!("4x4 Sudoku and Suguru: {solved} of {total} solved by singles");
    assert!(solved >= 10, "{solved}");
}

#[test]
fn contradictions_are_not_hamiltonian() {
    // Two 1s in the first row of a 4x4.
    let mut g = Grid::empty(4, 4);
    g.set(0, 1);
    g.set(3, 1);
    let p = Puzzle::from(Sudoku::new(gridreduce::puzzle::BlockLayout::default_for(4), g).unwrap());
    let chain = build(&p, &reduced()).unwrap();
    assert!(matches!(chain.outcome(), Some(Outcome::NotHamiltonian(_))));
    // A clue that contradicts the unique solution of a shipped 4x4: the singles (or the forced
    // edges) must find that there is no solution.
    let case = &shipped_cases(|p| p.kind() == "sudoku" && p.rows() == 4)[0];
    let Puzzle::Sudoku(s) = &case.puzzle else {
        unreachable!()
    };
    let mut wrong = s.givens().clone();
    let c = (0..16).find(|&c| wrong.get(c) == 0).unwrap();
    wrong.set(c, case.solution.get(c) % 4 + 1);
    let p = Puzzle::from(Sudoku::new(s.layout().clone(), wrong).unwrap());
    let chain = build(&p, &reduced()).unwrap();
    assert!(
        matches!(chain.outcome(), Some(Outcome::NotHamiltonian(_))),
        "{:?}",
        chain.outcome()
    );
}

#[test]
fn reduced_is_never_larger_than_contracted() {
    for case in shipped_cases(|p| p.rows() <= 10).iter().step_by(3) {
        let s = stats(&case.puzzle, false).unwrap();
        let (rv, re) = (s.reduced_vertices.unwrap(), s.reduced_edges.unwrap());
        let (cv, ce) = (s.contracted_vertices.unwrap(), s.contracted_edges.unwrap());
        assert!(
            rv <= cv && re <= ce,
            "{}: {rv}/{re} vs {cv}/{ce}",
            case.name
        );
        // The stats row and chains built at the stages agree. (`stats` computes them without
        // building the graphs: `force::measure`, `contract::measure`.)
        let contracted = build(
            &case.puzzle,
            &HcpOptions {
                stage: Stage::Contracted,
                ..reduced()
            },
        )
        .unwrap()
        .stats();
        assert_eq!(contracted.contracted_vertices, Some(cv), "{}", case.name);
        assert_eq!(contracted.contracted_edges, Some(ce), "{}", case.name);
        assert_eq!(
            contracted.contracted_solved, s.contracted_solved,
            "{}",
            case.name
        );
        assert_eq!(
            contracted.contracted_infeasible, s.contracted_infeasible,
            "{}",
            case.name
        );
        let chain = build(&case.puzzle, &reduced()).unwrap();
        let built = chain.stats();
        assert_eq!(built.reduced_vertices, Some(rv), "{}", case.name);
        assert_eq!(chain.edges() as u64, re, "{}", case.name);
        assert_eq!(built.reduced_solved, s.reduced_solved, "{}", case.name);
        assert_eq!(
            built.reduced_infeasible, s.reduced_infeasible,
            "{}",
            case.name
        );
    }
}

/// `reduce --stage reduced --witness` then `decode`, on a puzzle the reducer does not solve (so
/// the exported graph has contracted vertices of many source vertices to lift).
#[test]
fn reduced_export_decodes_through_the_map_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("top95-1");
    let out = out.to_str().unwrap();
    reduce_to_hcp(
        "data/sudoku/norvig_top95.txt",
        1,
        &["--stage", "reduced", "--witness"],
        out,
    );
    let map = std::fs::read_to_string(format!("{out}.map")).unwrap();
    assert!(map.contains("force"), "{map}");
    let d = gridreduce(&["decode", &format!("{out}.map"), &format!("{out}.tour")]);
    assert_exit(&d, 0, "decode");
    let p = &shipped("sudoku/norvig_top95.txt")[0].1;
    let want = solution_line("data/sudoku/solutions/norvig_top95.solutions.txt", 1);
    assert_eq!(text(&d.stdout).trim(), want);
    // The graph is the reducer's: fewer vertices than the contracted stage.
    let header = std::fs::read_to_string(format!("{out}.hcp")).unwrap();
    let dim: u64 = header
        .lines()
        .find_map(|l| l.strip_prefix("DIMENSION"))
        .and_then(|l| l.trim_start_matches([' ', ':']).trim().parse().ok())
        .unwrap();
    let s = stats(p, false).unwrap();
    assert_eq!(Some(dim), s.reduced_vertices);
    assert!(dim < s.contracted_vertices.unwrap());
}
