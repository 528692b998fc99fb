//! External solvers run on exported instances: the profiles of the tools users have (which routes
//! each reads, its command line, where its answer goes, how to ask its version), a command template
//! for any other tool, the run of one solver in a private folder under a time limit
//! ([`process`]), and the verdict on its answer ([`verdict`]): decoded with the item's built
//! instance and the grid verified against the puzzle.
//!
//! So `gridreduce run` closes the loop without shell scripts: a pipeline's `solver:` key
//! (or `run --solver`) names a [`Profile`] or gives a command template, and every item's
//! `stats.csv` row says what the solver did ([`SolverStatus`]), how long it took and its peak memory.

pub mod locate;
pub mod process;
pub mod profiles;
pub mod verdict;

pub use locate::on_path;
pub use profiles::{Profile, profiles};

use crate::route::RouteOptions;
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

/// A solver ready to run: a name for `stats.csv`, the command words, where the answer goes, the
/// files it needs beside it, and how to read its exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solver {
    pub name: String,
    pub command: Vec<String>,
    pub answer: AnswerFrom,
    /// (name, text) written into its private folder before it runs ([`Profile::files`]).
    pub files: Vec<(String, String)>,
    /// See [`Profile::heuristic`].
    pub heuristic: bool,
    /// See [`Profile::no_solution_exit`].
    pub no_solution_exit: Option<i32>,
    /// The Python modules `{python}` must import ([`Profile::python_modules`]).
    pub python_modules: Vec<String>,
}

impl Solver {
    /// The solver `choice` says, checked against the reduction it will read: a profile for another
    /// route, or for another `format:` of it, is refused (a template is trusted to read what it is
    /// given).
    pub fn from_choice(choice: &SolverChoice, options: &RouteOptions) -> Result<Solver, String> {
        let route = options.route.name();
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
                if !p.formats.is_empty() {
                    let format = options.params.choice("format");
                    if !format.is_some_and(|f| p.formats.contains(&f)) {
                        return Err(format!(
                            "solver `{name}` reads `format: {}` exports, but this pipeline has {}",
                            p.formats.join("` or `format: "),
                            format.map_or("no `format:`".to_string(), |f| format!("`format: {f}`"))
                        ));
                    }
                }
                Ok(Solver::of(p))
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
                    files: Vec::new(),
                    heuristic: false,
                    no_solution_exit: None,
                    python_modules: Vec::new(),
                })
            }
        }
    }

    /// The solver a profile describes (its route not checked: [`Solver::from_choice`] does).
    pub fn of(p: &Profile) -> Solver {
        let owned = |words: &[&str]| words.iter().map(|s| s.to_string()).collect();
        Solver {
            name: p.name.to_string(),
            command: owned(p.command),
            answer: p.answer,
            files: p
                .files
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
            heuristic: p.heuristic,
            no_solution_exit: p.no_solution_exit,
            python_modules: owned(p.python_modules),
        }
    }

    /// Fills in `{python}` and `{scripts}` ([`locate`]) and checks that the program is there:
    /// `Err` says what is missing.
    pub fn locate(&mut self) -> Result<(), String> {
        let uses = |p: &str| self.command.iter().any(|w| w.contains(p));
        let python = if uses("{python}") {
            let modules: Vec<&str> = self.python_modules.iter().map(String::as_str).collect();
            Some(locate::python_with(&modules)?)
        } else {
            None
        };
        let scripts = locate::scripts_dir();
        for w in &mut self.command {
            if let Some(p) = &python {
                *w = w.replace("{python}", &p.to_string_lossy());
            }
            *w = w.replace("{scripts}", &scripts.to_string_lossy());
        }
        if locate::on_path(&self.command[0]).is_none() {
            return Err(format!("`{}` is not on PATH", self.command[0]));
        }
        if let Some(script) = self.command.get(1).filter(|_| python.is_some())
            && !Path::new(script).is_file()
        {
            return Err(format!(
                "the script `{script}` is missing (GRIDREDUCE_SCRIPTS names the folder of the shipped scripts)"
            ));
        }
        Ok(())
    }

    /// The command words with the placeholders filled in.
    pub fn argv(&self, input: &Path, output: &Path, dir: &Path) -> Vec<String> {
        self.command
            .iter()
            .map(|w| fill(w, input, output, dir))
            .collect()
    }

    /// Writes the solver's extra files ([`Profile::files`]) into its folder `dir`.
    /// The files [`Solver::write_files`] puts into the scratch folder `dir`.
    pub fn scratch_files(&self, dir: &Path) -> Vec<std::path::PathBuf> {
        self.files.iter().map(|(name, _)| dir.join(name)).collect()
    }

    pub fn write_files(&self, input: &Path, output: &Path, dir: &Path) -> std::io::Result<()> {
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), fill(text, input, output, dir))?;
        }
        Ok(())
    }
}

/// Opens a solver's answer for reading without following a symlink.
pub fn open_answer(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// `text` with `{input}`, `{output}` and `{dir}` filled in.
fn fill(text: &str, input: &Path, output: &Path, dir: &Path) -> String {
    text.replace("{input}", &input.to_string_lossy())
        .replace("{output}", &output.to_string_lossy())
        .replace("{dir}", &dir.to_string_lossy())
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
    /// A heuristic ended without a solution and without a proof that there is none (LKH's best
    /// tour is not a Hamiltonian cycle; the annealer's lowest energy is above the ground energy).
    NotFound,
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
            SolverStatus::NotFound => "not-found",
            SolverStatus::WrongAnswer => "wrong-answer",
        }
    }
    pub fn all() -> [SolverStatus; 7] {
        [
            SolverStatus::Solved,
            SolverStatus::NoSolutionClaimed,
            SolverStatus::Timeout,
            SolverStatus::Crashed,
            SolverStatus::BadOutput,
            SolverStatus::NotFound,
            SolverStatus::WrongAnswer,
        ]
    }
    pub fn from_name(name: &str) -> Option<SolverStatus> {
        SolverStatus::all().into_iter().find(|s| s.name() == name)
    }
}

/// The version a profile's tool reports: the first line with a digit of its version command's
/// output (stdout, then stderr), or `None` when it cannot say. `python` is the interpreter that
/// [`Solver::locate`] found for a PyPI tool.
pub fn version(profile: &Profile, python: Option<&Path>) -> Option<String> {
    let words: Vec<String> = profile
        .version
        .iter()
        .map(|w| match python {
            Some(p) => w.replace("{python}", &p.to_string_lossy()),
            None => w.to_string(),
        })
        .collect();
    let (program, args) = words.split_first()?;
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
            // The placeholders may be in the command or in a file it reads (LKH's parameters).
            let named = |placeholder: &str| {
                p.command.iter().any(|w| w.contains(placeholder))
                    || p.files.iter().any(|(_, text)| text.contains(placeholder))
            };
            assert!(named("{input}"), "{}", p.name);
            if p.answer == AnswerFrom::File {
                assert!(named("{output}"), "{}", p.name);
            }
            for (name, _) in p.files {
                assert!(
                    p.command
                        .iter()
                        .any(|w| w.contains(&format!("{{dir}}/{name}"))),
                    "{}: the command must name {name}",
                    p.name
                );
            }
        }
    }

    #[test]
    fn a_profile_for_another_route_and_a_template_without_input_are_refused() {
        let to = |route: &str| RouteOptions::to(route).unwrap();
        let e =
            Solver::from_choice(&SolverChoice::Profile("minisat".into()), &to("lp")).unwrap_err();
        assert!(e.contains("reads cnf exports"), "{e}");
        let e =
            Solver::from_choice(&SolverChoice::Profile("kissatt".into()), &to("cnf")).unwrap_err();
        assert!(e.contains("unknown solver `kissatt`"), "{e}");
        let e = Solver::from_choice(
            &SolverChoice::Command {
                command: "mysolver out".into(),
                answer: AnswerFrom::Stdout,
            },
            &to("cnf"),
        )
        .unwrap_err();
        assert!(e.contains("no `{input}`"), "{e}");
        let s = Solver::from_choice(
            &SolverChoice::Command {
                command: "mysolver -o {output} {input}".into(),
                answer: AnswerFrom::File,
            },
            &to("cnf"),
        )
        .unwrap();
        assert_eq!(
            s.argv(Path::new("/a/1.cnf"), Path::new("/d/ans"), Path::new("/d")),
            ["mysolver", "-o", "/d/ans", "/a/1.cnf"]
        );
    }

    #[test]
    fn a_graph_solver_needs_the_format_it_parses_and_lkh_gets_its_parameter_file() {
        let hcp = |format: &str| {
            RouteOptions::from_given("hcp", &[("format", format.to_string())])
                .unwrap_or_else(|_| panic!("format {format}"))
        };
        let lkh = SolverChoice::Profile("lkh".into());
        let e = Solver::from_choice(&lkh, &hcp("concorde")).unwrap_err();
        assert!(
            e.contains("reads `format: tsplib` exports, but this pipeline has `format: concorde`"),
            "{e}"
        );
        let e = Solver::from_choice(&lkh, &RouteOptions::to("hcp").unwrap()).unwrap_err();
        assert!(e.contains("no `format:`"), "{e}");
        let concorde = SolverChoice::Profile("concorde".into());
        assert!(Solver::from_choice(&concorde, &hcp("concorde")).is_ok());
        let s = Solver::from_choice(&lkh, &hcp("tsplib")).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let (input, output) = (Path::new("/runs/00001.hcp"), dir.path().join("answer"));
        s.write_files(input, &output, dir.path()).unwrap();
        let par = std::fs::read_to_string(dir.path().join("lkh.par")).unwrap();
        assert!(par.contains("PROBLEM_FILE = /runs/00001.hcp\n"), "{par}");
        assert!(
            par.contains(&format!("TOUR_FILE = {}\n", output.display())),
            "{par}"
        );
        assert!(par.contains("OPTIMUM = 0\n"), "{par}");
        assert_eq!(
            s.argv(input, &output, dir.path())[1],
            format!("{}/lkh.par", dir.path().display())
        );
    }
}
