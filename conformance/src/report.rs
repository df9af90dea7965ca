//! Run reports: `reports/<run>/summary.json` (versioned schema), `summary.md` and
//! `junit.xml` with the charts and shrunk failures, written into a hidden
//! folder that is renamed into place once every file is in it, so a killed run
//! never leaves half a report.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use crate::sim::SimStats;

mod failures;
mod markdown;
mod mutants;
mod policies;
mod trend;

pub use failures::{QuarantineReport, failure_ids};
pub use mutants::{MUTANTS_TITLE, mutants_markdown};
pub use policies::{PolicyEvents, policy_events};
pub use trend::{EventFrequency, Throughput, Trend};

/// The schema of `summary.json`; bumped on any incompatible change.
pub const SCHEMA: &str = "tigerseye.summary/1";

pub use crate::bench::BenchRow;
pub use crate::check_results::{
    CheckSummary, PerftCount, PerftResult, ScenarioResult, Verdict, VerdictCounts,
};

/// Everything a run reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// [`SCHEMA`].
    pub schema: String,
    /// The tool's version.
    pub tool_version: String,
    /// How the binary was built ([`crate::build::describe`]: profile, debug
    /// assertions, target-cpu, PGO); empty in reports written before it was
    /// recorded.
    #[serde(default)]
    pub build: String,
    /// The command that ran (`check`, `sim`, `bench`, `nightly`).
    pub command: String,
    /// The run's id: the report folder's name.
    pub run_id: String,
    /// Start time, RFC 3339 UTC.
    pub started: String,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// `clean`, or `failed` when an invariant broke or a check failed.
    pub status: RunStatus,
    /// The corpus check, if it ran.
    pub check: Option<CheckSummary>,
    /// Simulations, one per game (or series).
    pub sims: Vec<SimStats>,
    /// Benchmark rows.
    pub bench: Vec<BenchRow>,
    /// Notes (such as a budget that stopped the run early).
    pub notes: Vec<String>,
    /// The fuzz seed corpora replayed, one entry per target.
    #[serde(default)]
    pub fuzz: Vec<crate::fuzzing::CorpusReplay>,
    /// What the quarantine of known failures did, if one was applied.
    #[serde(default)]
    pub quarantine: Option<QuarantineReport>,
    /// The comparison with a previous run, if one was given.
    #[serde(default)]
    pub trend: Option<Trend>,
    /// Sampled frequencies of every game's equally likely chance outcomes
    /// (chi-square at the 0.1% level).
    #[serde(default)]
    pub chance: Vec<crate::chance::ChanceCheck>,
    /// The sims of a nightly run that did not start, and why; a failure of
    /// the run (`sim:all:<reason>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sims_not_started: Option<SimsNotStarted>,
    /// The mutants no test caught, from the `mutants.json` a nightly run was
    /// given (`nightly --mutants`); absent without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mutants: Option<crate::mutants::MutantsReport>,
}

/// Why the sims of a nightly run did not start; written in kebab case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotStartedReason {
    /// Ctrl-C or a termination signal.
    Interrupted,
    /// The budget was used up before them.
    NoGames,
    /// They could not start, such as worker threads that could not be made.
    Error,
}

impl NotStartedReason {
    /// The name in reports and failure ids.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            NotStartedReason::Interrupted => "interrupted",
            NotStartedReason::NoGames => "no-games",
            NotStartedReason::Error => "error",
        }
    }
}

/// The sims of a nightly run that did not start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimsNotStarted {
    /// Why.
    pub reason: NotStartedReason,
    /// The games whose sims did not start, in registry order, by name.
    #[serde(with = "crate::sim::schema::game_names")]
    pub games: Vec<tigerseye_engine::GameId>,
    /// What happened, in one line.
    pub message: String,
}

impl SimsNotStarted {
    /// The failure id: `sim:all:<reason>`.
    #[must_use]
    pub fn failure_id(&self) -> String {
        format!("sim:all:{}", self.reason.name())
    }
}

impl Summary {
    /// An empty summary for `command`, started now.
    #[must_use]
    pub fn new(command: &str) -> Summary {
        let started = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let stamp: String = started.chars().filter(|c| *c != '-' && *c != ':').collect();
        Summary {
            schema: SCHEMA.to_owned(),
            tool_version: env!("CARGO_PKG_VERSION").to_owned(),
            build: crate::build::describe(),
            command: command.to_owned(),
            run_id: format!("{command}-{stamp}"),
            started,
            elapsed_seconds: 0.0,
            status: RunStatus::Clean,
            check: None,
            sims: Vec::new(),
            bench: Vec::new(),
            notes: Vec::new(),
            fuzz: Vec::new(),
            quarantine: None,
            trend: None,
            chance: Vec::new(),
            sims_not_started: None,
            mutants: None,
        }
    }

    /// Whether anything failed.
    #[must_use]
    pub fn failed(&self) -> bool {
        !failure_ids(self).is_empty()
    }
}

/// How a run ended, as `status` in summary.json: `clean` or `failed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunStatus {
    /// No invariant broke and every check passed (or failed only where
    /// the quarantine tolerates it).
    Clean,
    /// An invariant broke or a check failed.
    Failed,
}

impl RunStatus {
    /// `Failed` when `failed`, else `Clean`.
    #[must_use]
    pub fn of(failed: bool) -> RunStatus {
        if failed {
            RunStatus::Failed
        } else {
            RunStatus::Clean
        }
    }

    /// Whether the run is clean.
    #[must_use]
    pub fn is_clean(self) -> bool {
        self == RunStatus::Clean
    }
}

impl std::fmt::Display for RunStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RunStatus::Clean => "clean",
            RunStatus::Failed => "failed",
        })
    }
}

/// Why a report could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file or folder step failed: what was being done, then the OS's error.
    #[error("{doing}")]
    Io {
        /// What was being done (`creating reports/x`).
        doing: String,
        /// The OS's error.
        #[source]
        source: std::io::Error,
    },
    /// A step failed with no more to say than the OS's error.
    #[error(transparent)]
    Os(#[from] std::io::Error),
    /// The reports folder is a file.
    #[error("cannot create the reports folder {}: it is a file, not a folder", .0.display())]
    NotAFolder(PathBuf),
    /// Every name tried for the report's folder was taken by other runs.
    #[error("moving the report into {}: every name tried was taken", .0.display())]
    NamesTaken(PathBuf),
    /// The summary did not serialise.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The JUnit XML did not serialise.
    #[error(transparent)]
    Junit(#[from] quick_junit::SerializeError),
    /// A chart could not be drawn.
    #[error(transparent)]
    Plot(#[from] crate::plot::PlotError),
}

/// An I/O result's error said with what was being done.
trait Doing<T> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, ReportError>;
}

impl<T> Doing<T> for std::io::Result<T> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, ReportError> {
        self.map_err(|source| ReportError::Io {
            doing: what(),
            source,
        })
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, then
/// a rename over `path`.
///
/// # Errors
///
/// When the folder is not writable.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).doing(|| format!("creating {}", dir.display()))?;
    // tempfile makes its files readable by their owner only (0600); a report is
    // made with the permissions any other file of the process gets (0666 less
    // the umask, which `open` applies), as its folder is.
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .doing(|| format!("creating a file in {}", dir.display()))?;
    #[cfg(test)]
    if crate::planted::write_fails(path) {
        return Err::<(), _>(std::io::Error::other("a planted failure"))
            .doing(|| format!("writing {}", path.display()));
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .doing(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Checks, before a run starts, that its report can be written under `root`:
/// creates the folder and a temporary file in it, so that a missing or read-only
/// reports folder stops the command at once rather than after the run.
///
/// # Errors
///
/// When the folder cannot be created or written.
pub fn ensure_writable(root: &Path) -> Result<(), ReportError> {
    // A file where the folder should be said only "File exists (os error 17)".
    if root.exists() && !root.is_dir() {
        return Err(ReportError::NotAFolder(root.to_owned()));
    }
    std::fs::create_dir_all(root)
        .doing(|| format!("cannot create the reports folder {}", root.display()))?;
    tempfile::NamedTempFile::new_in(root)
        .doing(|| format!("cannot write in the reports folder {}", root.display()))?;
    Ok(())
}

/// Writes `summary.json`, `summary.md` and `junit.xml` of `summary` (with the
/// charts and the shrunk failures) into `<root>/<run_id>/` and returns that
/// folder.
///
/// The folder appears whole: every file is written into a hidden sibling,
/// `<root>/.<run_id>.<process>-<nanoseconds>.partial`, which is renamed to `<run_id>` once
/// all are written. A run killed while writing leaves no `<run_id>` folder
/// (at most the hidden one), so a reader that finds `summary.json` finds every
/// other file of the run beside it. A write that fails removes the hidden
/// folder.
///
/// Another run's folder of the same name (two runs that finished in the same
/// second, each having found the name free) is never written over: the report
/// is written again under the next free name, `<run>-2`, `<run>-3`, ... (as
/// [`unique_run_id`] names them), which the returned folder and the report's
/// own `run_id` give.
///
/// # Errors
///
/// When the folder cannot be written.
pub fn write(root: &Path, summary: &Summary) -> Result<PathBuf, ReportError> {
    std::fs::create_dir_all(root).doing(|| format!("creating {}", root.display()))?;
    // The name before any `-<n>` that [`unique_run_id`] appended.
    let base = match summary.run_id.rsplit_once('-') {
        Some((b, n)) if b.ends_with('Z') && n.parse::<u32>().is_ok() => b,
        _ => summary.run_id.as_str(),
    };
    let mut n = 2;
    let mut renamed: Option<Summary> = None;
    // Each attempt finds the name taken only when another run took it since
    // the last look; a few hundred such races in a row do not happen.
    for _ in 0..1000 {
        let s = renamed.as_ref().unwrap_or(summary);
        if let Some(dir) = write_as(root, s)? {
            return Ok(dir);
        }
        let mut next = s.clone();
        while root.join(format!("{base}-{n}")).exists() {
            n += 1;
        }
        next.run_id = format!("{base}-{n}");
        renamed = Some(next);
    }
    Err(ReportError::NamesTaken(root.join(&summary.run_id)))
}

/// [`write`] under `summary.run_id`: `None` (and nothing left behind) when
/// another run's folder took that name first.
fn write_as(root: &Path, summary: &Summary) -> Result<Option<PathBuf>, ReportError> {
    let dir = root.join(&summary.run_id);
    // Made with the process's usual permissions (a temporary folder's would be
    // the owner's alone), and named for the process so that two runs never
    // share one.
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let staging = root.join(format!(
        ".{}.{}-{nanos}.partial",
        summary.run_id,
        std::process::id()
    ));
    std::fs::create_dir(&staging).doing(|| format!("creating {}", staging.display()))?;
    let written = write_files(&staging, summary)
        .and_then(|()| Ok(std::fs::File::open(&staging)?.sync_all()?))
        .and_then(|()| match std::fs::rename(&staging, &dir) {
            Ok(()) => Ok(true),
            // Another run's folder holds the name (a folder cannot be renamed
            // over one that is not empty).
            Err(_) if dir.read_dir().is_ok_and(|mut d| d.next().is_some()) => Ok(false),
            Err(e) => Err(e).doing(|| format!("moving the report into {}", dir.display())),
        });
    match written {
        Ok(true) => {}
        Ok(false) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Ok(None);
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
    }
    if let Ok(folder) = std::fs::File::open(root) {
        let _ = folder.sync_all();
    }
    Ok(Some(dir))
}

/// Writes every file of `summary`'s report into `dir`.
fn write_files(dir: &Path, summary: &Summary) -> Result<(), ReportError> {
    write_atomic(
        &dir.join("summary.json"),
        serde_json::to_string_pretty(summary)?.as_bytes(),
    )?;
    write_atomic(&dir.join("summary.md"), markdown(summary).as_bytes())?;
    write_atomic(&dir.join("junit.xml"), junit(summary)?.as_bytes())?;
    for sim in &summary.sims {
        let lengths: Vec<(String, u64)> = sim
            .length
            .histogram
            .iter()
            .map(|b| (format!("{}-{} plies", b[0], b[1]), b[2]))
            .collect();
        let svg = crate::plot::bar_chart(
            &format!("{}: game length ({} games)", sim.game, sim.games),
            &lengths,
        )?;
        write_atomic(
            &dir.join(format!("{}-length.svg", sim.game)),
            svg.as_bytes(),
        )?;
        let outcomes: Vec<(String, u64)> = sim
            .outcomes
            .iter()
            .map(|o| (format!("{} by {}", o.winner, o.rule), o.count))
            .chain((sim.unfinished > 0).then(|| ("unfinished".to_owned(), sim.unfinished)))
            .collect();
        let svg = crate::plot::bar_chart(
            &format!("{}: outcome by deciding rule", sim.game),
            &outcomes,
        )?;
        write_atomic(
            &dir.join(format!("{}-outcomes.svg", sim.game)),
            svg.as_bytes(),
        )?;
        for f in &sim.failures {
            if let Some(shrunk) = &f.shrunk {
                let path = dir
                    .join("failures")
                    .join(format!("{}-{}.toml", sim.game, f.index));
                write_atomic(&path, shrunk.toml.as_bytes())?;
            }
        }
    }
    Ok(())
}

/// A fresh run id for `command` under `root`: the summary's id, with `-2`, `-3`
/// ... appended when that folder exists.
pub fn unique_run_id(root: &Path, summary: &mut Summary) {
    let base = summary.run_id.clone();
    let mut n = 2;
    while root.join(&summary.run_id).exists() {
        summary.run_id = format!("{base}-{n}");
        n += 1;
    }
}

fn per_core(rate: f64, threads: usize) -> f64 {
    rate / threads.max(1) as f64
}

pub use markdown::markdown;

/// The JUnit XML report: one test suite for the corpus, one for perft tables,
/// one test case a simulation (a game's whole run), one a fuzz target and one a
/// chance table replayed by `nightly`, and one a quarantine entry that fails the
/// run. A case fails exactly when the run counts its failure: a failure the
/// quarantine tolerates is a skipped case saying so, and a simulation fails for
/// its failed games and for a shortfall (no game played, or fewer than asked).
///
/// # Errors
///
/// When the XML cannot be serialised.
pub fn junit(s: &Summary) -> Result<String, ReportError> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
    // The failure ids ([`failure_ids`]) the quarantine
    // tolerated: each tolerated entry reads `id: reason (expires ...)`.
    let tolerated: Vec<&str> = s
        .quarantine
        .iter()
        .flat_map(|q| q.tolerated.iter())
        .map(|t| t.split_once(": ").map_or(t.as_str(), |(id, _)| id))
        .collect();
    // A case's status from the ids of its failures (none: passed) and the
    // message to give when it failed.
    let status = |ids: &[&str], message: String| {
        if ids.is_empty() {
            TestCaseStatus::success()
        } else if ids.iter().all(|id| tolerated.contains(id)) {
            let mut st = TestCaseStatus::skipped();
            st.set_message(format!("quarantined ({}): {message}", ids.join(", ")));
            st
        } else {
            let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
            st.set_message(message);
            st
        }
    };
    // Every case names its suite as its class (`tigerseye.<suite>`) and keeps
    // a name that is the same from run to run (no counts in it: CI follows a
    // test across runs by its class and name); what a case counted goes to
    // its standard output, and its time is its own where the run measured it.
    let case = |class: &str, name: String, status: TestCaseStatus, time: Duration| {
        let mut case = TestCase::new(name, status);
        case.set_classname(format!("tigerseye.{class}"));
        case.set_time(time);
        case
    };
    let mut report = Report::new(format!("tigerseye {}", s.command));
    if let Some(check) = &s.check {
        let mut suite = TestSuite::new("scenarios");
        for r in &check.scenarios {
            let st = match r.verdict {
                Verdict::Passed => TestCaseStatus::success(),
                Verdict::Disputed => {
                    let mut st = TestCaseStatus::skipped();
                    st.set_message(format!("disputed: {}", r.reason.as_deref().unwrap_or("")));
                    st
                }
                Verdict::Failed | Verdict::DisputedButPassed | Verdict::LoadError => {
                    status(&[&format!("scenario:{}", r.path)], r.failures.join("\n"))
                }
            };
            suite.add_test_case(case("scenarios", r.path.clone(), st, Duration::ZERO));
        }
        for id in &check.rulings_without_scenario {
            let st = status(
                &[&format!("ruling:{id}")],
                format!("ruling {id} has no scenario"),
            );
            suite.add_test_case(case(
                "scenarios",
                format!("ruling {id}"),
                st,
                Duration::ZERO,
            ));
        }
        report.add_test_suite(suite);
        let mut perft = TestSuite::new("perft");
        for p in &check.perft {
            let st = match p.computed {
                None => TestCaseStatus::skipped(),
                Some(c) if c == p.expected => TestCaseStatus::success(),
                // Where the table is, as the console says it.
                Some(c) => status(
                    &[&p.id()],
                    format!(
                        "{}: `{}` {}: table {}, computed {c}{}",
                        if p.at.is_empty() { &p.file } else { &p.at },
                        p.name,
                        p.depth_label(),
                        p.expected,
                        p.divide
                            .as_ref()
                            .map_or_else(String::new, |d| format!("; {d}"))
                    ),
                ),
            };
            perft.add_test_case(case(
                "perft",
                format!("{} {} {}", p.game, p.name, p.depth_label()),
                st,
                Duration::ZERO,
            ));
        }
        report.add_test_suite(perft);
    }
    if !s.sims.is_empty() || s.sims_not_started.is_some() {
        let mut suite = TestSuite::new("simulation");
        if let Some(n) = &s.sims_not_started {
            suite.add_test_case(case(
                "simulation",
                "sims".to_owned(),
                status(&[&n.failure_id()], n.message.clone()),
                Duration::ZERO,
            ));
        }
        for sim in &s.sims {
            let ids = sim.failure_ids();
            let mut lines: Vec<String> = Vec::new();
            if sim.failed_games > 0 {
                lines.push(format!(
                    "{} of {} games failed",
                    sim.failed_games, sim.games
                ));
                lines.extend(
                    sim.failures
                        .iter()
                        .map(|f| format!("[{}] {} — {}", f.check, f.message, f.replay)),
                );
            }
            if let Some((_, message)) = sim.shortfall() {
                lines.push(message);
            }
            let ids: Vec<&str> = ids.iter().map(|(id, _)| id.as_str()).collect();
            let mut sim_case = case(
                "simulation",
                format!("sim {}", sim.game),
                status(&ids, lines.join("\n")),
                Duration::try_from_secs_f64(sim.elapsed_seconds).unwrap_or_default(),
            );
            sim_case.set_system_out(format!(
                "{} games, {} plies, {} failed",
                sim.games, sim.plies, sim.failed_games
            ));
            suite.add_test_case(sim_case);
        }
        report.add_test_suite(suite);
    }
    if !s.fuzz.is_empty() {
        let mut suite = TestSuite::new("fuzz seed corpora");
        for f in &s.fuzz {
            let id = format!("fuzz:{}", f.target);
            let ids: &[&str] = if f.failures.is_empty() { &[] } else { &[&id] };
            let mut fuzz_case = case(
                "fuzz",
                format!("fuzz {}", f.target),
                status(ids, f.failures.join("\n")),
                Duration::ZERO,
            );
            fuzz_case.set_system_out(format!("{} inputs", f.inputs));
            suite.add_test_case(fuzz_case);
        }
        report.add_test_suite(suite);
    }
    if !s.chance.is_empty() {
        let mut suite = TestSuite::new("chance frequencies");
        for c in &s.chance {
            for t in &c.tables {
                let id = format!("chance:{}:{}", c.game, t.outcomes);
                let ids: &[&str] = if t.ok { &[] } else { &[&id] };
                suite.add_test_case(case(
                    "chance",
                    format!("chance {} {}", c.game, t.outcomes),
                    status(
                        ids,
                        format!(
                            "chi-square {:.2} over the 0.1% point; counts {:?}",
                            t.statistic, t.counts
                        ),
                    ),
                    Duration::ZERO,
                ));
            }
        }
        report.add_test_suite(suite);
    }
    if let Some(q) = s.quarantine.as_ref().filter(|q| q.failed()) {
        let mut suite = TestSuite::new("quarantine");
        for (label, list) in [("expired", &q.expired), ("now passing", &q.now_passing)] {
            for entry in list {
                let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
                st.set_message(format!("{label}: {entry}"));
                suite.add_test_case(case(
                    "quarantine",
                    format!("quarantine {entry}"),
                    st,
                    Duration::ZERO,
                ));
            }
        }
        report.add_test_suite(suite);
    }
    Ok(report.to_string()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(root: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn sim_summary() -> Summary {
        let config = crate::sim::SimConfig::new(tigerseye_engine::GameId::Duel, 20);
        let mut summary = Summary::new("sim");
        summary.sims.push(crate::sim::run(&config).unwrap());
        summary
    }

    #[cfg(unix)]
    #[test]
    fn a_report_file_gets_the_permissions_of_any_other_file() {
        // Reports were made 0600 (tempfile's default) in folders of 0755.
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("summary.json");
        write_atomic(&report, b"{}").unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, b"{}").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&report), mode(&plain));
    }

    #[test]
    fn junit_fails_exactly_what_the_run_counts_as_failed() {
        // A nightly whose sims played no game (status failed) gave a JUnit of
        // no failures, and a failure the quarantine tolerated (status clean) a
        // JUnit failure; fuzz and chance failures were not in it.
        let failures = |s: &Summary| junit(s).unwrap().matches("<failure").count();
        let skipped = |s: &Summary| junit(s).unwrap().matches("<skipped").count();
        let mut summary = sim_summary();
        assert_eq!((failures(&summary), skipped(&summary)), (0, 0));
        // A counted sim stopped by the budget: `sim:duel:short`.
        summary.sims[0].games_requested = 40;
        summary.sims[0].stopped_early = true;
        assert!(summary.sims[0].shortfall().is_some());
        assert_eq!(failures(&summary), 1);
        assert!(
            junit(&summary)
                .unwrap()
                .contains("games played: the time budget")
        );
        summary.fuzz.push(crate::fuzzing::CorpusReplay {
            target: "duel_play".into(),
            inputs: 3,
            failures: vec!["x: panicked".into()],
        });
        assert_eq!(failures(&summary), 2);
        summary.quarantine = Some(crate::quarantine::QuarantineReport {
            tolerated: vec![
                "sim:duel:short: the budget (expires 2027-01-31)".into(),
                "fuzz:duel_play: a known crash (expires 2027-01-31)".into(),
            ],
            ..Default::default()
        });
        assert_eq!((failures(&summary), skipped(&summary)), (0, 2));
        assert!(
            junit(&summary)
                .unwrap()
                .contains("quarantined (sim:duel:short)")
        );
        // An expired entry fails the run, and the JUnit with it.
        summary.quarantine.as_mut().unwrap().expired = vec!["sim:duel:hash".into()];
        assert_eq!(failures(&summary), 1);
    }

    #[test]
    fn junit_names_stay_the_same_across_runs_and_carry_class_and_time() {
        // Sim cases were named `sim duel (20 games)`, a name that changed
        // every night; no case had a class or a time; a perft failure said
        // `expected 17, computed 16` without the table's place.
        let mut summary = sim_summary();
        summary.check = Some(CheckSummary {
            perft: vec![PerftResult {
                file: "scenarios/perft/duel.toml".into(),
                at: "scenarios/perft/duel.toml:7:1".into(),
                name: "start".into(),
                game: tigerseye_engine::GameId::Duel,
                depth: 3,
                count: PerftCount::Actions,
                expected: 17,
                computed: Some(16),
                divide: None,
            }],
            ..Default::default()
        });
        let xml = junit(&summary).unwrap();
        assert!(xml.contains(r#"name="sim duel""#), "{xml}");
        assert!(!xml.contains("games)"), "{xml}");
        assert!(xml.contains(r#"classname="tigerseye.simulation""#), "{xml}");
        assert!(xml.contains(r#"classname="tigerseye.perft""#), "{xml}");
        assert!(
            xml.contains("20 games, "),
            "the counts go to the case's output: {xml}"
        );
        assert!(
            xml.contains("scenarios/perft/duel.toml:7:1: `start` depth 3: table 17, computed 16"),
            "{xml}"
        );
        // Every case has a class and a time.
        for case in xml.split("<testcase ").skip(1) {
            let head = case.split('>').next().unwrap();
            assert!(head.contains(" time=\""), "{head}");
            assert!(head.contains(" classname=\"tigerseye."), "{head}");
        }
    }

    #[test]
    fn every_field_of_a_sim_report_is_in_the_schema() {
        // `build`, `games_requested` and `max_plies` were written but missing
        // from reports/README.md's schema.
        let readme = include_str!("../../reports/README.md");
        let schema = readme
            .split("```text")
            .nth(1)
            .and_then(|s| s.split("```").next())
            .expect("the schema block");
        let named = |key: &str| {
            schema.match_indices(key).any(|(at, _)| {
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(schema[..at].chars().next_back())
                    && !word(schema[at + key.len()..].chars().next())
            })
        };
        // Objects whose keys are data (games, options, event tags, scores), not fields.
        const MAPS: [&str; 6] = [
            "options",
            "events",
            "event_squares",
            "scores",
            "per_game",
            "counts",
        ];
        fn fields(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, x) in m {
                        out.push(k.clone());
                        if !MAPS.contains(&k.as_str()) {
                            fields(x, out);
                        }
                    }
                }
                serde_json::Value::Array(xs) => xs.iter().for_each(|x| fields(x, out)),
                serde_json::Value::Null
                | serde_json::Value::Bool(_)
                | serde_json::Value::Number(_)
                | serde_json::Value::String(_) => {}
            }
        }
        let mut keys = Vec::new();
        fields(&serde_json::to_value(sim_summary()).unwrap(), &mut keys);
        assert!(keys.len() > 20, "{keys:?}");
        let missing: Vec<&String> = keys.iter().filter(|k| !named(k)).collect();
        assert!(
            missing.is_empty(),
            "not in reports/README.md's schema: {missing:?}"
        );
    }

    #[test]
    fn a_report_folder_appears_whole_and_nothing_else_is_left() {
        let root = tempfile::tempdir().unwrap();
        let summary = sim_summary();
        let dir = write(root.path(), &summary).unwrap();
        assert_eq!(dir, root.path().join(&summary.run_id));
        assert_eq!(entries(root.path()), std::slice::from_ref(&summary.run_id));
        assert_eq!(
            entries(&dir),
            [
                "duel-length.svg",
                "duel-outcomes.svg",
                "junit.xml",
                "summary.json",
                "summary.md"
            ]
        );
        let json: Summary =
            serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(json, summary);
    }

    #[test]
    fn a_write_that_fails_midway_leaves_no_report_folder() {
        // summary.json, summary.md and junit.xml are written, then the chart
        // fails: before, the run folder stayed with three of its files; now
        // nothing is left.
        let root = tempfile::tempdir().unwrap();
        let summary = sim_summary();
        let _planted = crate::planted::fail_writing("duel-length.svg");
        assert!(write(root.path(), &summary).is_err());
        assert!(
            entries(root.path()).is_empty(),
            "{:?}",
            entries(root.path())
        );
    }

    #[test]
    fn a_report_is_not_written_over_another_runs_folder_nor_lost() {
        // Two runs finishing in the same second both found the name free; the
        // second's rename failed ("moving the report into ...: Directory not
        // empty") and its report was lost, the run ending in an error.
        let root = tempfile::tempdir().unwrap();
        let summary = sim_summary();
        let theirs = root.path().join(&summary.run_id);
        std::fs::create_dir(&theirs).unwrap();
        std::fs::write(theirs.join("summary.json"), "theirs").unwrap();
        // A third run, named `-2` when `-2` was free, finds it taken too.
        let mut third = summary.clone();
        third.run_id = format!("{}-2", summary.run_id);
        let ours = write(root.path(), &summary).unwrap();
        let next = format!("{}-2", summary.run_id);
        assert_eq!(ours, root.path().join(&next));
        assert_eq!(entries(root.path()), [summary.run_id.clone(), next.clone()]);
        assert_eq!(
            std::fs::read_to_string(theirs.join("summary.json")).unwrap(),
            "theirs"
        );
        let json: Summary =
            serde_json::from_str(&std::fs::read_to_string(ours.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(json.run_id, next);
        assert_eq!(json.sims, summary.sims);
        let last = write(root.path(), &third).unwrap();
        assert_eq!(last, root.path().join(format!("{}-3", summary.run_id)));
    }

    /// The sims not started keep their JSON form: the reason in kebab case
    /// and the games by name, read back as written.
    #[test]
    fn sims_not_started_read_back_as_written() {
        use tigerseye_engine::GameId;
        let n = SimsNotStarted {
            reason: NotStartedReason::NoGames,
            games: vec![GameId::Race, GameId::Dragon],
            message: "no time left".into(),
        };
        let json = serde_json::to_string(&n).unwrap();
        assert_eq!(
            json,
            r#"{"reason":"no-games","games":["race","dragon"],"message":"no time left"}"#
        );
        assert_eq!(serde_json::from_str::<SimsNotStarted>(&json).unwrap(), n);
        assert_eq!(n.failure_id(), "sim:all:no-games");
        let unknown = json.replace("dragon", "no-such-game");
        assert!(serde_json::from_str::<SimsNotStarted>(&unknown).is_err());
    }

    /// The status keeps its JSON form: `"clean"` and `"failed"`, read back as
    /// written and printed the same way; any other word is refused.
    #[test]
    fn the_status_reads_back_as_written() {
        for (status, word) in [(RunStatus::Clean, "clean"), (RunStatus::Failed, "failed")] {
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<RunStatus>(&json).unwrap(), status);
            assert_eq!(status.to_string(), word);
        }
        assert_eq!(RunStatus::of(true), RunStatus::Failed);
        assert!(RunStatus::of(false).is_clean());
        assert!(serde_json::from_str::<RunStatus>("\"broken\"").is_err());
    }
}
