//! The round trip of every registered reduction over every shipped puzzle with a known solution:
//! the witness of the solution is a valid certificate of the target, extract(witness(s)) == s, and
//! every declared size formula equals the built size.

use gridreduce::reduce::harness::shipped_cases;
use gridreduce::reduce::registry::registry;

#[test]
fn every_registered_reduction_round_trips_on_shipped_data() {
    let cases = shipped_cases(|_| true);
    assert!(
        cases.len() > 900,
        "shipped data missing: only {} cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for reduction in registry() {
        let mut ran = 0;
        for case in &cases {
            if !(reduction.accepts)(&case.puzzle) {
                continue;
            }
            ran += 1;
            if let Err(e) = (reduction.round_trip)(&case.puzzle, &case.solution) {
                failures.push(format!("{} on {}: {e}", reduction.name, case.name));
            }
        }
        assert!(ran > 0, "{} ran on no shipped puzzle", reduction.name);
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
    for reduction in registry() {
        let case = cases
            .iter()
            .find(|c| (reduction.accepts)(&c.puzzle))
            .unwrap();
        let mut bad = case.solution.clone();
        let (a, b) = (bad.get(0), bad.get(1));
        bad.set(0, b);
        bad.set(1, a);
        assert!(
            (reduction.round_trip)(&case.puzzle, &bad).is_err(),
            "{} accepted a swapped solution of {}",
            reduction.name,
            case.name
        );
    }
}
