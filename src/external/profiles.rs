//! The table of known solvers: what each reads, how it is called, where its answer goes and how it
//! says its version. A profile is data only; [`super::Solver`] turns one into a command to run.
//!
//! Three kinds of tool are here: Debian packages (`scripts/install-solvers.sh`), tools built from
//! source (kissat, the HiGHS and LKH binaries, Concorde: docs/solvers.md says how), and PyPI
//! packages run through a script shipped in `scripts/` with the project's Python (`{python}`,
//! `{scripts}`: [`super::locate`]), which `scripts/python-venv.sh` installs.

use super::AnswerFrom;

/// A known solver: how `run` calls it and what it reads.
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// The `solver:` value (`minisat`).
    pub name: &'static str,
    /// The routes whose exports it reads (`cnf`).
    pub routes: &'static [&'static str],
    /// The `format:` values of those routes it reads (empty: whatever the route writes). A pipeline
    /// must say one of them, so that a profile never meets a file it cannot parse.
    pub formats: &'static [&'static str],
    /// The command, one word per element, with `{input}`, `{output}`, `{dir}` placeholders, and
    /// `{python}` / `{scripts}` for the PyPI tools run through a shipped script.
    pub command: &'static [&'static str],
    pub answer: AnswerFrom,
    /// Files written into the solver's private folder before it starts, as (name, text) with the
    /// command's placeholders filled in: LKH's parameter file, which names the problem and the
    /// tour file. The command refers to them as `{dir}/NAME`.
    pub files: &'static [(&'static str, &'static str)],
    /// A heuristic (LKH, simulated annealing): it can end without a solution and without a proof
    /// that there is none. Its exit code 1 then still carries an answer, and an answer that its
    /// route's certificate check refuses is `not-found` rather than `wrong-answer` (a grid that
    /// decodes but breaks a rule is still a wrong answer).
    pub heuristic: bool,
    /// An exit code by which the tool says there is no solution, with nothing on its output to
    /// say so (`scripts/xcc-solve.py`: 1, "no cover" on stderr).
    pub no_solution_exit: Option<i32>,
    /// Python modules the script needs (`{python}` is the first interpreter that imports them).
    pub python_modules: &'static [&'static str],
    /// A command whose first line with a digit names the version (tools without a version flag
    /// are asked through `dpkg-query`, where the Debian package says it).
    pub version: &'static [&'static str],
}

/// The version command of a Debian package whose tool has no version flag that exits cleanly.
macro_rules! dpkg_version {
    ($package:literal) => {
        &["dpkg-query", "-W", "-f=${Version}\\n", $package]
    };
}

/// The version command of a PyPI package, asked of the interpreter that runs its script.
macro_rules! pypi_version {
    ($package:literal) => {
        &[
            "{python}",
            "-c",
            concat!(
                "import importlib.metadata as m; print('",
                $package,
                " ' + m.version('",
                $package,
                "'))"
            ),
        ]
    };
}

/// A profile with the common defaults: any format, no extra files, exact, not a Python tool.
const BASE: Profile = Profile {
    name: "",
    routes: &[],
    formats: &[],
    command: &[],
    answer: AnswerFrom::Stdout,
    files: &[],
    heuristic: false,
    no_solution_exit: None,
    python_modules: &[],
    version: &[],
};

/// LKH's parameter file: the TSPLIB HCP export, a tour of length 0 (every step an edge) is the
/// optimum to stop at, no subgradient ascent (useless when every edge costs 0), one run.
const LKH_PARAMETERS: &str = "PROBLEM_FILE = {input}\nTOUR_FILE = {output}\nOPTIMUM = 0\nSUBGRADIENT = NO\nRUNS = 1\nMAX_TRIALS = 1000\nTRACE_LEVEL = 0\n";

/// Every profile, in the order `gridreduce solvers` lists them.
pub fn profiles() -> &'static [Profile] {
    &[
        Profile {
            name: "minisat",
            routes: &["cnf"],
            command: &["minisat", "-verb=0", "{input}", "{output}"],
            answer: AnswerFrom::File,
            version: dpkg_version!("minisat"),
            ..BASE
        },
        Profile {
            name: "cadical",
            routes: &["cnf"],
            command: &["cadical", "-q", "{input}"],
            version: &["cadical", "--version"],
            ..BASE
        },
        Profile {
            name: "kissat",
            routes: &["cnf"],
            command: &["kissat", "-q", "{input}"],
            version: &["kissat", "--version"],
            ..BASE
        },
        Profile {
            name: "glpsol",
            routes: &["lp"],
            command: &["glpsol", "--lp", "{input}", "-w", "{output}"],
            answer: AnswerFrom::File,
            version: &["glpsol", "--version"],
            ..BASE
        },
        Profile {
            name: "cbc",
            routes: &["lp"],
            command: &["cbc", "{input}", "solve", "solu", "{output}"],
            answer: AnswerFrom::File,
            version: dpkg_version!("coinor-cbc"),
            ..BASE
        },
        Profile {
            name: "highs",
            routes: &["lp"],
            command: &[
                "highs",
                "--model_file",
                "{input}",
                "--solution_file",
                "{output}",
            ],
            answer: AnswerFrom::File,
            version: &["highs", "--version"],
            ..BASE
        },
        Profile {
            name: "highspy",
            routes: &["lp"],
            command: &[
                "{python}",
                "{scripts}/highs-solve.py",
                "{input}",
                "{output}",
            ],
            answer: AnswerFrom::File,
            python_modules: &["highspy"],
            version: pypi_version!("highspy"),
            ..BASE
        },
        Profile {
            name: "minisat+",
            routes: &["opb"],
            command: &["minisat+", "{input}"],
            version: dpkg_version!("minisat+"),
            ..BASE
        },
        Profile {
            name: "clasp",
            routes: &["opb"],
            command: &["clasp", "{input}"],
            version: &["clasp", "--version"],
            ..BASE
        },
        Profile {
            name: "minizinc",
            routes: &["mzn"],
            command: &["minizinc", "--solver", "gecode", "{input}"],
            version: &["minizinc", "--version"],
            ..BASE
        },
        Profile {
            name: "concorde",
            routes: &["hcp"],
            formats: &["concorde"],
            command: &["concorde", "-N", "10", "-o", "{output}", "{input}"],
            answer: AnswerFrom::File,
            // Concorde has no version flag; its usage text (exit 1) names none either.
            version: &[],
            ..BASE
        },
        Profile {
            name: "lkh",
            routes: &["hcp"],
            formats: &["tsplib"],
            command: &["LKH", "{dir}/lkh.par"],
            answer: AnswerFrom::File,
            files: &[("lkh.par", LKH_PARAMETERS)],
            heuristic: true,
            // LKH reads its parameter file's name from standard input without one; its banner
            // names the version.
            version: &[],
            ..BASE
        },
        Profile {
            name: "elkai",
            routes: &["hcp"],
            formats: &["tsplib"],
            command: &["{python}", "{scripts}/lkh-elkai.py", "{input}", "{output}"],
            answer: AnswerFrom::File,
            heuristic: true,
            python_modules: &["elkai"],
            version: pypi_version!("elkai"),
            ..BASE
        },
        Profile {
            name: "xcover",
            routes: &["xcc"],
            command: &["{python}", "{scripts}/xcc-solve.py", "{input}"],
            no_solution_exit: Some(1),
            python_modules: &["xcover"],
            version: pypi_version!("xcover"),
            ..BASE
        },
        Profile {
            name: "anneal",
            routes: &["qubo"],
            command: &[
                "{python}",
                "{scripts}/qubo-anneal.py",
                "{input}",
                "--seed",
                "1",
            ],
            heuristic: true,
            python_modules: &["dimod", "dwave.samplers"],
            version: pypi_version!("dwave-samplers"),
            ..BASE
        },
    ]
}
