//! The round trip of every route of the registry (each of its checked variants) over every shipped
//! puzzle with a known solution: the witness of the solution is a valid certificate of the target
//! (after every step of a chain), extract(witness(s)) == s, and every declared size formula equals
//! the built size. A route added to the registry is run here with no edit.

use gridreduce::reduce::harness::{round_trip, shipped_cases};
use gridreduce::route::{Check, Route, registry};
use rayon::prelude::*;

/// Every (route, check) pair of the registry.
fn checks() -> Vec<(&'static dyn Route, Check)> {
    registry()
        .iter()
        .flat_map(|r| r.checks().into_iter().map(move |c| (*r, c)))
        .collect()
}

#[test]
fn every_registered_reduction_round_trips_on_shipped_data() {
    let cases = shipped_cases(|_| true);
    assert!(
        cases.len() > 900,
        "shipped data missing: only {} cases",
        cases.len()
    );
    let mut failures: Vec<String> = Vec::new();
    for (route, check) in checks() {
        let taken: Vec<_> = cases
            .iter()
            .filter(|c| (check.accepts)(&c.puzzle))
            .collect();
        assert!(!taken.is_empty(), "{} ran on no shipped puzzle", check.name);
        // On all cores: the cases are independent.
        failures.par_extend(taken.par_iter().filter_map(|case| {
            route
                .build(&case.puzzle, &check.params)
                .map_err(|e| e.to_string())
                .and_then(|b| b.round_trip(&case.solution))
                .err()
                .map(|e| format!("{} on {}: {e}", check.name, case.name))
        }));
    }
    // Exact cover, the smallest reduction (the reference solver's), is not an export route.
    for case in &cases {
        let r = gridreduce::cover::PuzzleToCover::new(&case.puzzle);
        if let Err(e) = round_trip(&r, &case.solution) {
            failures.push(format!("cover on {}: {e}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The round trip must also notice a wrong solution: the witness of a grid that breaks a rule is
/// refused, or the certificate does not check.
#[test]
fn a_corrupted_solution_does_not_round_trip() {
    let cases = shipped_cases(|p| p.rows() <= 9);
    for (route, check) in checks() {
        let case = cases.iter().find(|c| (check.accepts)(&c.puzzle)).unwrap();
        let mut bad = case.solution.clone();
        let (a, b) = (bad.get(0), bad.get(1));
        bad.set(0, b);
        bad.set(1, a);
        let built = route.build(&case.puzzle, &check.params).unwrap();
        assert!(
            built.round_trip(&bad).is_err(),
            "{} accepted a swapped solution of {}",
            check.name,
            case.name
        );
    }
}
