//! What cargo-mutants found: the outcomes of its runs over the engine
//! (`mutants.out/outcomes.json`), merged over shards and over an `--iterate`
//! run and the run before it, counted per module (the mutated source file),
//! with every mutant no test caught. `tigerseye mutants` writes it
//! (`mutants.json`, `mutants.md`); `nightly --mutants` carries it into its
//! report.
//!
//! Only the fields used are read from cargo-mutants' files, and every other
//! one is ignored, so a newer cargo-mutants that adds fields still reads.

use std::collections::BTreeMap;
use std::ops::AddAssign;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The schema of `mutants.json`; bumped on any incompatible change.
pub const SCHEMA: &str = "tigerseye.mutants/1";

/// The file cargo-mutants writes its outcomes to, in its output folder.
pub const OUTCOMES: &str = "outcomes.json";

/// cargo-mutants' output folder, inside the folder given to its `--output`.
pub const OUT_DIR: &str = "mutants.out";

/// Where cargo-mutants moves the previous run's output folder when it starts
/// a new one in the same place.
pub const OLD_OUT_DIR: &str = "mutants.out.old";

/// The file an `--iterate` run writes into its output folder: the mutants
/// earlier runs caught (or could not build), which it skipped.
pub const PREVIOUSLY_CAUGHT: &str = "previously_caught.txt";

/// Why the outcomes could not be read.
#[derive(Debug, thiserror::Error)]
pub enum MutantsError {
    /// The folder holds no outcomes file where cargo-mutants puts one.
    #[error(
        "{}: no cargo-mutants outcomes: expected {} (the folder given to `cargo mutants --output`) or {} (its mutants.out folder)",
        .dir.display(), .dir.join(OUT_DIR).join(OUTCOMES).display(), .dir.join(OUTCOMES).display()
    )]
    Missing {
        /// The folder given.
        dir: PathBuf,
    },
    /// A file could not be read.
    #[error("cannot read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The OS's error.
        #[source]
        source: std::io::Error,
    },
    /// A file is not what it should be: its place and what was expected.
    #[error("{}{}: {message}", .path.display(), .at.map_or_else(String::new, |(l, c)| format!(":{l}:{c}")))]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based line and column of the error; none when it is the file as
        /// a whole.
        at: Option<(usize, usize)>,
        /// What was expected.
        message: String,
    },
}

impl MutantsError {
    fn json(path: &Path, what: &str, e: &serde_json::Error) -> MutantsError {
        // serde_json's message ends with its own ` at line L column C`: the
        // place is said once, in front.
        let text = e.to_string();
        let message = match text.rsplit_once(" at line ") {
            Some((m, _)) if e.line() > 0 => m.to_owned(),
            _ => text,
        };
        MutantsError::Malformed {
            path: path.to_owned(),
            at: (e.line() > 0).then(|| (e.line(), e.column())),
            message: format!("expected {what}: {message}"),
        }
    }
}

// cargo-mutants' `outcomes.json`, the fields used.

#[derive(Deserialize)]
struct LabOutcome {
    outcomes: Vec<ScenarioOutcome>,
    #[serde(default)]
    start_time: Option<String>,
    #[serde(default)]
    end_time: Option<String>,
    #[serde(default)]
    cargo_mutants_version: Option<String>,
}

#[derive(Deserialize)]
struct ScenarioOutcome {
    scenario: Scenario,
    /// `CaughtMutant`, `MissedMutant`, `Timeout`, `Unviable`, `Success` or
    /// `Failure`; read as text, so that a new kind is reported, not refused.
    summary: String,
}

#[derive(Deserialize)]
enum Scenario {
    Baseline,
    Mutant(Mutant),
}

#[derive(Deserialize)]
struct Mutant {
    /// `file:line:column: change`, cargo-mutants' name of the mutant (what
    /// `caught.txt` and `missed.txt` list).
    name: String,
    file: String,
    span: Span,
    #[serde(default)]
    function: Option<Function>,
}

#[derive(Deserialize)]
struct Span {
    start: LineColumn,
}

#[derive(Deserialize)]
struct LineColumn {
    line: u32,
    column: u32,
}

#[derive(Deserialize)]
struct Function {
    function_name: String,
}

/// What became of a mutant, from the worst finding to the best: when a mutant
/// is in several runs, its best outcome counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The mutated tree did not build.
    Unviable,
    /// Every test passed: no test caught it.
    Missed,
    /// The tests ran past their time limit.
    Timeout,
    /// A test failed.
    Caught,
}

impl Outcome {
    fn from_summary(s: &str) -> Option<Outcome> {
        match s {
            "CaughtMutant" => Some(Outcome::Caught),
            "MissedMutant" => Some(Outcome::Missed),
            "Timeout" => Some(Outcome::Timeout),
            "Unviable" => Some(Outcome::Unviable),
            _ => None,
        }
    }
}

/// The counts of one module, or of all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Mutants tested: the four below added up.
    pub tested: u64,
    /// Caught by a failing test.
    pub caught: u64,
    /// Every test passed.
    pub missed: u64,
    /// The tests ran past their time limit (most likely a loop the mutant made
    /// endless: caught, in effect).
    pub timeout: u64,
    /// The mutated tree did not build.
    pub unviable: u64,
}

impl Counts {
    fn add(&mut self, outcome: Outcome) {
        self.tested += 1;
        match outcome {
            Outcome::Caught => self.caught += 1,
            Outcome::Missed => self.missed += 1,
            Outcome::Timeout => self.timeout += 1,
            Outcome::Unviable => self.unviable += 1,
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.tested += o.tested;
        self.caught += o.caught;
        self.missed += o.missed;
        self.timeout += o.timeout;
        self.unviable += o.unviable;
    }
}

/// One module's row: the mutated source file and its counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleRow {
    /// The source file, from the workspace's root (`engine/src/jewel/duel.rs`).
    pub module: String,
    /// Its mutants' outcomes.
    #[serde(flatten)]
    pub counts: Counts,
}

/// A mutant no test caught.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MissedMutant {
    /// The source file, from the workspace's root.
    pub file: String,
    /// 1-based line of the code replaced.
    pub line: u32,
    /// 1-based column of the code replaced.
    pub column: u32,
    /// The change, as cargo-mutants words it (`replace Coord::file -> u8
    /// with 0`, `replace == with != in Board::get`).
    pub change: String,
    /// The function it is in, when cargo-mutants names one.
    #[serde(default)]
    pub function: Option<String>,
}

/// What `tigerseye mutants` reports: `mutants.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MutantsReport {
    /// [`SCHEMA`].
    pub schema: String,
    /// The version of tigerseye that wrote it.
    pub tool_version: String,
    /// The commit the mutants were made from, when given (`--commit`).
    #[serde(default)]
    pub commit: Option<String>,
    /// When the earliest run read started (RFC 3339, UTC, as cargo-mutants
    /// writes it), when known.
    #[serde(default)]
    pub started: Option<String>,
    /// When the latest run read ended, when every run read ended.
    #[serde(default)]
    pub finished: Option<String>,
    /// The versions of cargo-mutants that made the runs.
    #[serde(default)]
    pub cargo_mutants: Vec<String>,
    /// The outcomes files read, in the order read.
    pub runs: Vec<String>,
    /// One row per module that has mutants, in path order.
    pub modules: Vec<ModuleRow>,
    /// Every module's counts added up.
    pub total: Counts,
    /// Every mutant no test caught, by file, line and column.
    pub missed: Vec<MissedMutant>,
    /// What the reader should know: a run that did not finish, a baseline that
    /// failed, outcomes not counted.
    #[serde(default)]
    pub notes: Vec<String>,
}

impl MutantsReport {
    /// The missed mutants of each module, in the modules' order.
    #[must_use]
    pub fn missed_by_module(&self) -> Vec<(&str, Vec<&MissedMutant>)> {
        let mut by: BTreeMap<&str, Vec<&MissedMutant>> = BTreeMap::new();
        for m in &self.missed {
            by.entry(m.file.as_str()).or_default().push(m);
        }
        by.into_iter().collect()
    }

    /// Whether a run's baseline (the tree unmutated) failed its tests or
    /// timed out: then its mutants were not tested, and the counts miss them.
    #[must_use]
    pub fn baseline_failed(&self) -> bool {
        self.notes.iter().any(|n| n.contains(BASELINE_FAILED))
    }
}

/// The words of a note on a failed baseline.
const BASELINE_FAILED: &str = "the baseline (the tree unmutated) failed";

/// The outcomes files to read for the output folder `dir` (the folder given
/// to `cargo mutants --output`, holding `mutants.out/`, or a `mutants.out`
/// folder itself): its `outcomes.json`, and, when its run was an `--iterate`
/// run (it holds [`PREVIOUSLY_CAUGHT`]), the run it iterated on, which
/// cargo-mutants moved to `mutants.out.old` beside it. An `--iterate` run
/// that found nothing left to test writes no `outcomes.json`: the run before
/// it is then read alone. cargo-mutants keeps only the last two runs: mutants
/// caught two or more runs before are in neither file, and not counted.
///
/// # Errors
///
/// [`MutantsError::Missing`] when there is no outcomes file to read.
pub fn run_files(dir: &Path) -> Result<Vec<PathBuf>, MutantsError> {
    let out = if dir.join(OUT_DIR).is_dir() {
        dir.join(OUT_DIR)
    } else {
        dir.to_owned()
    };
    let mut files = Vec::new();
    let own = out.join(OUTCOMES);
    if own.is_file() {
        files.push(own);
    }
    if out.join(PREVIOUSLY_CAUGHT).is_file()
        && let Some(parent) = out.parent()
    {
        let old = parent.join(OLD_OUT_DIR).join(OUTCOMES);
        if old.is_file() {
            files.push(old);
        }
    }
    if files.is_empty() {
        return Err(MutantsError::Missing {
            dir: dir.to_owned(),
        });
    }
    Ok(files)
}

/// One outcomes file, read: the path it was read from and what it holds.
pub struct Run {
    path: PathBuf,
    lab: LabOutcome,
}

/// Reads one cargo-mutants `outcomes.json`.
///
/// # Errors
///
/// When it cannot be read, or is not an outcomes file (its line and column
/// said).
pub fn read_run(path: &Path) -> Result<Run, MutantsError> {
    let text = std::fs::read_to_string(path).map_err(|source| MutantsError::Read {
        path: path.to_owned(),
        source,
    })?;
    parse_run(path, &text)
}

/// One outcomes file's text, parsed; `path` names it in errors.
///
/// # Errors
///
/// When the text is not a cargo-mutants outcomes file.
pub fn parse_run(path: &Path, text: &str) -> Result<Run, MutantsError> {
    let lab = serde_json::from_str::<LabOutcome>(text)
        .map_err(|e| MutantsError::json(path, "a cargo-mutants outcomes.json", &e))?;
    Ok(Run {
        path: path.to_owned(),
        lab,
    })
}

/// The outcomes of several runs merged and counted. A mutant is known by
/// cargo-mutants' name of it (file, line, column and change); one that is in
/// several runs (an `--iterate` run and the run before it, or shards that
/// overlap) counts once, by its best outcome: caught, then timed out, then
/// missed, then unviable. `commit` is recorded as given.
#[must_use]
pub fn merge(runs: &[Run], commit: Option<String>) -> MutantsReport {
    struct Seen<'a> {
        outcome: Outcome,
        mutant: &'a Mutant,
    }
    let mut seen: BTreeMap<&str, Seen<'_>> = BTreeMap::new();
    let mut notes = Vec::new();
    let mut versions: Vec<String> = Vec::new();
    for run in runs {
        let name = run.path.display();
        if let Some(v) = &run.lab.cargo_mutants_version
            && !versions.contains(v)
        {
            versions.push(v.clone());
        }
        if run.lab.end_time.is_none() {
            notes.push(format!(
                "{name}: the run did not finish (no end time): its counts are partial"
            ));
        }
        // Outcomes of mutants that were built or checked but not tested
        // (`cargo mutants --check`), or of a kind this reader does not know.
        let mut other: BTreeMap<&str, u64> = BTreeMap::new();
        for o in &run.lab.outcomes {
            match &o.scenario {
                Scenario::Baseline => {
                    if o.summary != "Success" {
                        notes.push(format!(
                            "{name}: {BASELINE_FAILED} ({}): the run tested no mutant",
                            o.summary
                        ));
                    }
                }
                Scenario::Mutant(m) => match Outcome::from_summary(&o.summary) {
                    Some(outcome) => {
                        let e = seen
                            .entry(m.name.as_str())
                            .or_insert(Seen { outcome, mutant: m });
                        if outcome > e.outcome {
                            *e = Seen { outcome, mutant: m };
                        }
                    }
                    None => *other.entry(o.summary.as_str()).or_default() += 1,
                },
            }
        }
        for (kind, n) in other {
            notes.push(format!(
                "{name}: {n} mutant{} with the outcome `{}` (not tested; `cargo mutants --check`?) not counted",
                if n == 1 { "" } else { "s" },
                crate::text::printable(kind)
            ));
        }
    }
    let mut modules: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut missed = Vec::new();
    for (name, s) in &seen {
        modules
            .entry(s.mutant.file.as_str())
            .or_default()
            .add(s.outcome);
        if s.outcome == Outcome::Missed {
            missed.push(MissedMutant {
                file: s.mutant.file.clone(),
                line: s.mutant.span.start.line,
                column: s.mutant.span.start.column,
                change: change_of(name, &s.mutant.file, &s.mutant.span.start),
                function: s.mutant.function.as_ref().map(|f| f.function_name.clone()),
            });
        }
    }
    missed.sort();
    let mut total = Counts::default();
    let modules: Vec<ModuleRow> = modules
        .into_iter()
        .map(|(module, counts)| {
            total += counts;
            ModuleRow {
                module: module.to_owned(),
                counts,
            }
        })
        .collect();
    let started = runs.iter().filter_map(|r| r.lab.start_time.clone()).min();
    let finished = if runs.iter().all(|r| r.lab.end_time.is_some()) {
        runs.iter().filter_map(|r| r.lab.end_time.clone()).max()
    } else {
        None
    };
    MutantsReport {
        schema: SCHEMA.to_owned(),
        tool_version: env!("CARGO_PKG_VERSION").to_owned(),
        commit,
        started,
        finished,
        cargo_mutants: versions,
        runs: runs.iter().map(|r| r.path.display().to_string()).collect(),
        modules,
        total,
        missed,
        notes,
    }
}

/// The change a mutant's name describes: its name without the leading
/// `file:line:column: ` (the whole name when it does not start so).
fn change_of(name: &str, file: &str, at: &LineColumn) -> String {
    let place = format!("{file}:{}:{}: ", at.line, at.column);
    name.strip_prefix(&place).unwrap_or(name).to_owned()
}

/// Reads a `mutants.json` that `tigerseye mutants` wrote.
///
/// # Errors
///
/// When it cannot be read, is not JSON of that form (its line and column
/// said), or is of another schema.
pub fn read_report(path: &Path) -> Result<MutantsReport, MutantsError> {
    let text = std::fs::read_to_string(path).map_err(|source| MutantsError::Read {
        path: path.to_owned(),
        source,
    })?;
    // The schema first, so that another schema is said as such rather than
    // as the first field it lacks.
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| MutantsError::json(path, "the mutants.json of `tigerseye mutants`", &e))?;
    let schema = value.get("schema").and_then(serde_json::Value::as_str);
    if schema != Some(SCHEMA) {
        return Err(MutantsError::Malformed {
            path: path.to_owned(),
            at: None,
            message: format!(
                "expected the mutants.json of `tigerseye mutants`, schema `{SCHEMA}`, found {}",
                schema.map_or_else(
                    || "no schema".to_owned(),
                    |s| format!("schema `{}`", crate::text::printable(s))
                )
            ),
        });
    }
    serde_json::from_str(&text)
        .map_err(|e| MutantsError::json(path, "the mutants.json of `tigerseye mutants`", &e))
}
