//! External solvers run on exported instances: the profiles of the tools users have (which routes
//! each reads, its command line, where its answer goes, how to ask its version), a command template
//! for any other tool, the run of one solver in a private folder under a time limit
//! ([`process`]), and the verdict on its answer ([`verdict`]): decoded with the item's built
//! instance and the grid verified against the puzzle.
//!
//! This closes the loop `gridreduce run` used to leave to shell scripts: a pipeline's `solver:` key
//! (or `run --solver`) names a [`Profile`] or gives a command template, and every item's
//! `stats.csv` row says what the solver did ([`SolverStatus`]), how long it took and its peak memory.

pub mod process;
pub mod verdict;

use std::path::Path;

/// Where a solver leaves its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerFrom {
    /// What it prints on standard output.
    Stdout,
    /// The file `{output}` of its command line.
    File,
}

impl AnswerFrom {
    pub fn name(self) -> &'static str {
        match self {
            AnswerFrom::Stdout => "stdout",
            AnswerFrom::File => "file",
        }
    }
    pub fn from_name(name: &str) -> Option<AnswerFrom> {
        match name {
            "stdout" => Some(AnswerFrom::Stdout),
            "file" => Some(AnswerFrom::File),
            _ => None,
        }
    }
}

/// A known solver: how `run` calls it and what it reads.
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// The `solver:` value (`minisat`).
    pub name: &'static str,
    /// The routes whose exports it reads (`cnf`).
    pub routes: &'static [&'static str],
    /// The command, one word per element, with `{input}`, `{output}`, `{dir}` placeholders.
    pub command: &'static [&'static str],
    pub answer: AnswerFrom,
    /// A command whose first line with a digit names the version (tools without a version flag
    /// are asked through `dpkg-query`, where the Debian package says it).
    pub version: &'static [&'static str],
}

/// Every profile, in the order `gridreduce solvers` lists them. All are Debian packages
/// (`scripts/install-solvers.sh`).
pub fn profiles() -> &'static [Profile] {
    &[
        Profile {
            name: "minisat",
            routes: &["cnf"],
            command: &["minisat", "-verb=0", "{input}", "{output}"],
            answer: AnswerFrom::File,
            version: &["dpkg-query", "-W", "-f=${Version}\\n", "minisat"],
        },
        Profile {
            name: "cadical",
            routes: &["cnf"],
            command: &["cadical", "-q", "{input}"],
            answer: AnswerFrom::Stdout,
            version: &["cadical", "--version"],
        },
        Profile {
            name: "glpsol",
            routes: &["lp"],
            command: &["glpsol", "--lp", "{input}", "-w", "{output}"],
            answer: AnswerFrom::File,
            version: &["glpsol", "--version"],
        },
        Profile {
            name: "cbc",
            routes: &["lp"],
            command: &["cbc", "{input}", "solve", "solu", "{output}"],
            answer: AnswerFrom::File,
            version: &["dpkg-query", "-W", "-f=${Version}\\n", "coinor-cbc"],
        },
        Profile {
            name: "minisat+",
            routes: &["opb"],
            command: &["minisat+", "{input}"],
            answer: AnswerFrom::Stdout,
            version: &["dpkg-query", "-W", "-f=${Version}\\n", "minisat+"],
        },
        Profile {
            name: "clasp",
            routes: &["opb"],
            command: &["clasp", "{input}"],
            answer: AnswerFrom::Stdout,
            version: &["clasp", "--version"],
        },
        Profile {
            name: "minizinc",
            routes: &["mzn"],
            command: &["minizinc", "--solver", "gecode", "{input}"],
            answer: AnswerFrom::Stdout,
            version: &["minizinc", "--version"],
        },
    ]
}

/// The profile called `name`.
pub fn profile(name: &str) -> Option<&'static Profile> {
    profiles().iter().find(|p| p.name == name)
}

/// The names of every profile, comma-separated.
pub fn profile_names() -> String {
    profiles()
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A pipeline's `solver:` as written: a profile name, or a command template with its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverChoice {
    Profile(String),
    Command { command: String, answer: AnswerFrom },
}

/// A solver ready to run: a name for `stats.csv`, the command words, where the answer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solver {
    pub name: String,
    pub command: Vec<String>,
    pub answer: AnswerFrom,
}

impl Solver {
    /// The solver `choice` says, checked against the route it will read: a profile for another
    /// route is refused (a template is trusted to read what it is given).
    pub fn from_choice(choice: &SolverChoice, route: &str) -> Result<Solver, String> {
        match choice {
            SolverChoice::Profile(name) => {
                let p = profile(name).ok_or_else(|| {
                    format!(
                        "unknown solver `{name}`, expected one of {} or a mapping {{command: \"…\", answer: stdout|file}}",
                        profile_names()
                    )
                })?;
                if !p.routes.contains(&route) {
                    return Err(format!(
                        "solver `{name}` reads {} exports, but this pipeline has `to: {route}`",
                        p.routes.join(", ")
                    ));
                }
                Ok(Solver {
                    name: p.name.to_string(),
                    command: p.command.iter().map(|s| s.to_string()).collect(),
                    answer: p.answer,
                })
            }
            SolverChoice::Command { command, answer } => {
                let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
                if words.is_empty() {
                    return Err("the solver `command` is empty".into());
                }
                if !words.iter().any(|w| w.contains("{input}")) {
                    return Err(format!(
                        "the solver command `{command}` has no `{{input}}` placeholder"
                    ));
                }
                if *answer == AnswerFrom::File && !words.iter().any(|w| w.contains("{output}")) {
                    return Err(format!(
                        "the solver command `{command}` has `answer: file` but no `{{output}}` placeholder"
                    ));
                }
                Ok(Solver {
                    name: words[0].clone(),
                    command: words,
                    answer: *answer,
                })
            }
        }
    }

    /// The command words with the placeholders filled in.
    pub fn argv(&self, input: &Path, output: &Path, dir: &Path) -> Vec<String> {
        self.command
            .iter()
            .map(|w| {
                w.replace("{input}", &input.to_string_lossy())
                    .replace("{output}", &output.to_string_lossy())
                    .replace("{dir}", &dir.to_string_lossy())
            })
            .collect()
    }
}

/// What became of one solver run on one item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolverStatus {
    /// Its answer decodes to a grid that solves the puzzle.
    Solved,
    /// It said the instance has no solution.
    NoSolutionClaimed,
    /// Killed at the time limit.
    Timeout,
    /// Killed by a signal, or an exit code no solver uses for an answer.
    Crashed,
    /// Its answer cannot be read.
    BadOutput,
    /// Its answer reads but is not a solution (not a model of the instance, or a grid that breaks a
    /// rule): a bug in the solver or in the reduction, reported loudly.
    WrongAnswer,
}

impl SolverStatus {
    pub fn name(self) -> &'static str {
        match self {
            SolverStatus::Solved => "solved",
            SolverStatus::NoSolutionClaimed => "no-solution-claimed",
            SolverStatus::Timeout => "timeout",
            SolverStatus::Crashed => "crashed",
            SolverStatus::BadOutput => "bad-output",
            SolverStatus::WrongAnswer => "wrong-answer",
        }
    }
    pub fn all() -> [SolverStatus; 6] {
        [
            SolverStatus::Solved,
            SolverStatus::NoSolutionClaimed,
            SolverStatus::Timeout,
            SolverStatus::Crashed,
            SolverStatus::BadOutput,
            SolverStatus::WrongAnswer,
        ]
    }
    pub fn from_name(name: &str) -> Option<SolverStatus> {
        SolverStatus::all().into_iter().find(|s| s.name() == name)
    }
}

/// Whether `program` is found on PATH (or is a path to a file), and where.
pub fn on_path(program: &str) -> Option<std::path::PathBuf> {
    if program.contains('/') {
        let p = Path::new(program);
        return p.is_file().then(|| p.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The version a profile's tool reports: the first line with a digit of its version command's
/// output (stdout, then stderr), or `None` when it cannot say.
pub fn version(profile: &Profile) -> Option<String> {
    let (program, args) = profile.version.split_first()?;
    on_path(program)?;
    let out = std::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines()
        .map(str::trim)
        .find(|l| l.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_reads_a_registered_route_and_takes_its_input() {
        for p in profiles() {
            for r in p.routes {
                assert!(crate::route::find(r).is_some(), "{}: {r}", p.name);
            }
            assert!(
                p.command.iter().any(|w| w.contains("{input}")),
                "{}",
                p.name
            );
            if p.answer == AnswerFrom::File {
                assert!(
                    p.command.iter().any(|w| w.contains("{output}")),
                    "{}",
                    p.name
                );
            }
        }
    }

    #[test]
    fn a_profile_for_another_route_and_a_template_without_input_are_refused() {
        let e = Solver::from_choice(&SolverChoice::Profile("minisat".into()), "lp").unwrap_err();
        assert!(e.contains("reads cnf exports"), "{e}");
        let e = Solver::from_choice(&SolverChoice::Profile("kissatt".into()), "cnf").unwrap_err();
        assert!(e.contains("unknown solver `kissatt`"), "{e}");
        let e = Solver::from_choice(
            &SolverChoice::Command {
                command: "mysolver out".into(),
                answer: AnswerFrom::Stdout,
            },
            "cnf",
        )
        .unwrap_err();
        assert!(e.contains("no `{input}`"), "{e}");
        let s = Solver::from_choice(
            &SolverChoice::Command {
                command: "mysolver -o {output} {input}".into(),
                answer: AnswerFrom::File,
            },
            "cnf",
        )
        .unwrap();
        assert_eq!(
            s.argv(Path::new("/a/1.cnf"), Path::new("/d/ans"), Path::new("/d")),
            ["mysolver", "-o", "/d/ans", "/a/1.cnf"]
        );
    }
}
