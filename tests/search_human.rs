//! The human-technique solver: all of Project Euler's 50 (norvig_easy50) without search, with
//! grades; norvig_top95 equal to the known solutions (search fallback where the techniques stall);
//! every step is sound (nothing it places or removes contradicts the known solution).

use gridreduce::puzzle::{Grid, Puzzle};
use gridreduce::reduce::harness::shipped_entries;
use gridreduce::search::human::{self, Report, Technique};

fn load(rel: &str) -> Vec<(String, Puzzle, Grid)> {
    shipped_entries(rel)
        .into_iter()
        .map(|e| (e.name, e.puzzle, e.solution.unwrap()))
        .collect()
}

/// No step places a wrong value or removes the right one.
fn steps_are_sound(name: &str, report: &Report, known: &Grid) {
    for step in &report.steps {
        for &(c, v) in &step.placed {
            assert_eq!(
                known.get(c),
                v,
                "{name}: {} placed a wrong value",
                step.reason
            );
        }
        for &(c, v) in &step.removed {
            assert_ne!(
                known.get(c),
                v,
                "{name}: {} removed the solution's value",
                step.reason
            );
        }
    }
}

#[test]
fn easy50_is_solved_by_techniques_alone() {
    let cases = load("sudoku/norvig_easy50.txt");
    assert_eq!(cases.len(), 50);
    let mut grades = std::collections::BTreeMap::new();
    for (name, puzzle, known) in &cases {
        let report = human::solve(puzzle).unwrap();
        assert!(
            !report.used_search,
            "{name} needed search: {:?}",
            report.tally()
        );
        assert_eq!(report.solution.as_ref(), Some(known), "{name}");
        steps_are_sound(name, &report, known);
        let grade = report.grade.expect("a grade");
        assert!(grade < Technique::Search);
        *grades.entry(grade).or_insert(0) += 1;
    }
    // The set is graded: singles alone do not solve all of them.
    assert!(grades.len() >= 2, "{grades:?}");
}

#[test]
fn top95_gives_the_known_solutions_with_search_where_needed() {
    let cases = load("sudoku/norvig_top95.txt");
    let mut searched = 0;
    for (name, puzzle, known) in &cases {
        let report = human::solve(puzzle).unwrap();
        assert_eq!(report.solution.as_ref(), Some(known), "{name}");
        steps_are_sound(name, &report, known);
        if report.used_search {
            searched += 1;
            assert_eq!(report.grade, Some(Technique::Search));
            assert_eq!(report.steps.last().unwrap().technique, Technique::Search);
        }
    }
    // top95 is a hard set: most need more than these techniques.
    assert!(searched > 50, "only {searched} needed search");
}

#[test]
fn other_sizes_and_layouts_work_too() {
    for rel in [
        "sudoku/sudoku4_vu_kr_100.txt",
        "sudoku/sudoku16_vu_kr_100.txt",
    ] {
        for (name, puzzle, known) in load(rel).iter().take(30) {
            let report = human::solve(puzzle).unwrap();
            assert_eq!(report.solution.as_ref(), Some(known), "{name}");
            steps_are_sound(name, &report, known);
        }
    }
    // Suguru: regions are exact groups, windows at-most-once groups.
    for (name, puzzle, known) in load("suguru/backtrack-180.txt").iter().take(40) {
        let report = human::solve(puzzle).unwrap();
        assert_eq!(report.solution.as_ref(), Some(known), "{name}");
        steps_are_sound(name, &report, known);
    }
}

#[test]
fn clashing_givens_are_reported_not_solved() {
    let mut line: Vec<u8> = vec![0; 81];
    line[0] = 5;
    line[8] = 5;
    let p: Puzzle = gridreduce::puzzle::Sudoku::new(
        gridreduce::puzzle::BlockLayout::default_for(9),
        Grid::from_cells(9, 9, line),
    )
    .unwrap()
    .into();
    let report = human::solve(&p).unwrap();
    assert!(report.solution.is_none());
    assert!(report.contradiction.unwrap().contains("both hold 5"));
}
