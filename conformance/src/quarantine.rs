//! Known failures: `scenarios/quarantine.toml` lists failures a run should report
//! but not fail on, each with a reason and an expiry date. A quarantined failure
//! still runs and is reported; the run fails when an entry has expired while still
//! failing, or when its failure no longer happens (take it out of quarantine).
//!
//! ```toml
//! [[known]]
//! id = "sim:duel:hash"                 # see `failure ids` below
//! reason = "the hash misses the lone flag"
//! expires = "2027-01-31"               # YYYY-MM-DD, UTC (a bare TOML date too)
//! ```
//!
//! Failure ids: `scenario:<path under scenarios/>`, `perft:<game>:<table>:<depth>`,
//! `ruling:<id>` (a ruling without a scenario), `sim:<game>:<check>` (any game of a
//! simulation breaking that invariant), `sim:<game>:no-games` (a simulation that
//! played no game: the time budget was used up before it), `sim:<game>:short` (a
//! counted simulation, `--games N`, stopped by the time budget before playing its
//! games), `sim:<game>:interrupted` (a simulation stopped by Ctrl-C or SIGTERM),
//! `fuzz:<target>`, `chance:<game>:<outcomes>`
//! (sampled chance frequencies failing the chi-square test).

use std::path::{Path, PathBuf};

use serde::Deserialize;

pub use crate::report::{QuarantineReport, failure_ids};
use crate::report::{RunStatus, Summary};
use crate::scenario::LoadError;

/// The quarantine file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quarantine {
    /// The known failures.
    #[serde(default)]
    pub known: Vec<Known>,
}

/// One known failure.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// The failure id.
    pub id: String,
    /// Why it is tolerated, and where it is tracked.
    pub reason: String,
    /// The last day (UTC, `YYYY-MM-DD`) it is tolerated: a string, or a TOML
    /// date written bare (`expires = 2027-01-31`).
    #[serde(deserialize_with = "date_text")]
    pub expires: String,
}

/// `expires` as text, from a string or a TOML date (which read as "invalid
/// type: map, expected a string").
fn date_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    use serde::de::Error as _;
    use toml::Value;
    match Value::deserialize(d)? {
        Value::String(s) => Ok(s),
        Value::Datetime(date) => Ok(date.to_string()),
        other @ (Value::Integer(_)
        | Value::Float(_)
        | Value::Boolean(_)
        | Value::Array(_)
        | Value::Table(_)) => Err(D::Error::custom(format!(
            "expected a date such as `\"2027-01-31\"`, found {}",
            other.type_str()
        ))),
    }
}

/// The kinds of failure id, the part before the first `:` ([`failure_ids`]).
pub const ID_KINDS: [&str; 6] = ["scenario", "perft", "ruling", "sim", "fuzz", "chance"];

/// Why a quarantine file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum QuarantineError {
    /// The file exists but could not be read.
    #[error("reading {}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The OS's error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a valid quarantine: where, and what was expected.
    #[error(transparent)]
    Invalid(#[from] LoadError),
}

/// Reads the quarantine file; an absent file is an empty quarantine.
///
/// # Errors
///
/// When the file exists but is not a valid quarantine (`file:line:col: message`):
/// an id that is no failure id's shape or is listed twice, that names a game
/// or ruling that does not exist (or, given the `corpus` folder, a scenario
/// file that is not in it), or a date that is not `YYYY-MM-DD`.
pub fn load(path: &Path, corpus: Option<&Path>) -> Result<Quarantine, QuarantineError> {
    if !path.exists() {
        return Ok(Quarantine::default());
    }
    let bytes = std::fs::read(path).map_err(|source| QuarantineError::Read {
        path: path.to_owned(),
        source,
    })?;
    // Not UTF-8: the line and column of the first bad byte, as for a scenario.
    let text = crate::scenario::utf8(path, bytes)?;
    /// The file as read, each entry with where it starts, for the errors
    /// found after parsing.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        #[serde(default)]
        known: Vec<toml::Spanned<Known>>,
    }
    let file: File =
        toml::from_str(&text).map_err(|e| crate::scenario::toml_error(path, &text, &e))?;
    let mut seen = std::collections::BTreeSet::new();
    for entry in &file.known {
        let k = entry.get_ref();
        // An entry's key: its own line.
        let at = |key: &str| {
            let offset = crate::scenario::key_at(&text, &entry.span(), key);
            crate::scenario::locate(path, &text, offset)
        };
        let refused = |key: &str, message: String| LoadError {
            at: at(key),
            message,
        };
        let id = tigerseye_engine::core::quoted(&k.id);
        let kind = k.id.split_once(':').map(|(kind, _)| kind);
        if !kind.is_some_and(|kind| ID_KINDS.contains(&kind)) {
            return Err(refused(
                "id",
                format!(
                    "id `{id}`: expected a failure id `<kind>:...` with a kind of {} (the ids a failed run prints)",
                    ID_KINDS.join(", ")
                ),
            )
            .into());
        }
        if let Some(unknown) = unknown_name(&k.id, corpus) {
            return Err(refused("id", format!("id `{id}`: {unknown}")).into());
        }
        if !seen.insert(k.id.as_str()) {
            return Err(refused("id", format!("id `{id}` is listed twice: once at most")).into());
        }
        let ok = k.expires.len() == 10
            && humantime::parse_rfc3339(&format!("{}T00:00:00Z", k.expires)).is_ok();
        if !ok {
            return Err(refused(
                "expires",
                format!(
                    "`{id}` expires on `{}`: expected a date YYYY-MM-DD",
                    tigerseye_engine::core::quoted(&k.expires)
                ),
            )
            .into());
        }
    }
    Ok(Quarantine {
        known: file
            .known
            .into_iter()
            .map(toml::Spanned::into_inner)
            .collect(),
    })
}

/// What an id names that does not exist: a game (`sim:`, `perft:`, `chance:`;
/// `sim:all:` is the sims of a whole run), a ruling, or a scenario file not in
/// the `corpus` folder. `None` when all it names exists.
fn unknown_name(id: &str, corpus: Option<&Path>) -> Option<String> {
    use tigerseye_engine::GameId;
    let (kind, rest) = id.split_once(':')?;
    match kind {
        "sim" | "perft" | "chance" => {
            let game = rest.split(':').next().unwrap_or(rest);
            let known = (kind == "sim" && game == "all") || game.parse::<GameId>().is_ok();
            (!known).then(|| {
                let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
                format!(
                    "no game `{}`: the games are {}",
                    tigerseye_engine::core::quoted(game),
                    names.join(", ")
                )
            })
        }
        "ruling" => {
            let known = tigerseye_engine::rulings::all()
                .iter()
                .any(|(_, r)| r.id == rest)
                || tigerseye_engine::core::clocks::RULINGS
                    .iter()
                    .any(|r| r.id == rest);
            (!known).then(|| {
                format!(
                    "no ruling `{}` (`tigerseye rulings` lists them)",
                    tigerseye_engine::core::quoted(rest)
                )
            })
        }
        "scenario" => corpus
            .filter(|root| !root.join(rest).is_file())
            .map(|root| {
                format!(
                    "no scenario file `{}` in {}",
                    tigerseye_engine::core::quoted(rest),
                    root.display()
                )
            }),
        _ => None,
    }
}

/// Applies `quarantine` on `today` (`YYYY-MM-DD`) to the failures of `summary`:
/// returns the failures that still count, and the report.
#[must_use]
pub fn apply(
    quarantine: &Quarantine,
    summary: &Summary,
    today: &str,
) -> (Vec<(String, String)>, QuarantineReport) {
    let failures = failure_ids(summary);
    let mut report = QuarantineReport::default();
    let mut counting = Vec::new();
    for (id, message) in failures {
        match quarantine.known.iter().find(|k| k.id == id) {
            Some(k) if k.expires.as_str() >= today => report
                .tolerated
                .push(format!("{id}: {} (expires {})", k.reason, k.expires)),
            Some(k) => {
                report.expired.push(format!(
                    "{id}: quarantine expired on {}: {}",
                    k.expires, k.reason
                ));
                counting.push((id, message));
            }
            None => counting.push((id, message)),
        }
    }
    let ids = failure_ids(summary);
    for k in &quarantine.known {
        if !ids.iter().any(|(id, _)| *id == k.id) {
            report.now_passing.push(format!(
                "{}: no longer fails; remove it from the quarantine ({})",
                k.id, k.reason
            ));
        }
    }
    (counting, report)
}

/// Sets `summary`'s status: `failed` when a failure is not tolerated by
/// `quarantine`, or the quarantine itself fails (an entry expired or no longer
/// failing); with a quarantine, its report is kept in the summary.
pub fn finalize(summary: &mut Summary, quarantine: Option<&Quarantine>, today: &str) {
    let failed = match quarantine {
        Some(q) => {
            let (counting, report) = apply(q, summary, today);
            let failed = !counting.is_empty() || report.failed();
            summary.quarantine = Some(report);
            failed
        }
        None => summary.failed(),
    };
    summary.status = RunStatus::of(failed);
}

/// Today's date, UTC, `YYYY-MM-DD`.
#[must_use]
pub fn today() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()[..10].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CheckSummary, ScenarioResult, Verdict};

    fn summary_with_failure() -> Summary {
        let mut s = Summary::new("check");
        s.check = Some(CheckSummary {
            scenarios: vec![ScenarioResult {
                path: "duel/x.toml".into(),
                game: crate::check_results::CountedUnder::Game(tigerseye_engine::GameId::Duel),
                title: "x".into(),
                verdict: Verdict::Failed,
                reason: None,
                failures: vec!["x.toml:1:1: boom".into()],
            }],
            ..CheckSummary::default()
        });
        s
    }

    fn known(id: &str, expires: &str) -> Quarantine {
        Quarantine {
            known: vec![Known {
                id: id.into(),
                reason: "tracked".into(),
                expires: expires.into(),
            }],
        }
    }

    #[test]
    fn a_quarantined_failure_is_tolerated_until_it_expires() {
        let s = summary_with_failure();
        let (counting, report) = apply(
            &known("scenario:duel/x.toml", "2027-01-31"),
            &s,
            "2026-12-01",
        );
        assert!(counting.is_empty() && !report.failed() && report.tolerated.len() == 1);
        let (counting, report) = apply(
            &known("scenario:duel/x.toml", "2026-11-30"),
            &s,
            "2026-12-01",
        );
        assert_eq!(counting.len(), 1);
        assert!(report.failed() && report.expired.len() == 1);
    }

    #[test]
    fn an_entry_that_no_longer_fails_fails_the_run() {
        let s = Summary::new("check");
        let (counting, report) = apply(
            &known("scenario:duel/x.toml", "2027-01-31"),
            &s,
            "2026-12-01",
        );
        assert!(counting.is_empty());
        assert!(report.failed() && report.now_passing.len() == 1);
    }

    #[test]
    fn dates_are_checked_when_loading() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.toml");
        std::fs::write(
            &path,
            "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = \"soon\"\n",
        )
        .unwrap();
        let e = load(&path, None).unwrap_err().to_string();
        assert!(
            e.contains("q.toml:4:1: `sim:duel:hash` expires on `soon`: expected a date YYYY-MM-DD"),
            "{e}"
        );
        std::fs::write(
            &path,
            "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = \"2027-01-31\"\n",
        )
        .unwrap();
        assert_eq!(load(&path, None).unwrap().known.len(), 1);
    }

    #[test]
    fn ids_must_be_failure_ids_each_once() {
        // `id = "bogus"` was read and reported as "no longer fails", a
        // misleading answer to a typo; a duplicate was read silently.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.toml");
        let entry = |id: &str| {
            format!("[[known]]\nid = \"{id}\"\nreason = \"r\"\nexpires = \"2027-01-31\"\n")
        };
        for (text, says) in [
            (
                entry("bogus"),
                "q.toml:2:1: id `bogus`: expected a failure id",
            ),
            (entry(""), "q.toml:2:1: id ``: expected a failure id"),
            (entry("sims:duel:hash"), "with a kind of scenario, perft"),
            (
                format!("{}{}", entry("sim:duel:hash"), entry("sim:duel:hash")),
                "q.toml:6:1: id `sim:duel:hash` is listed twice",
            ),
        ] {
            std::fs::write(&path, &text).unwrap();
            let e = load(&path, None).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
        std::fs::write(&path, entry("chance:race:6")).unwrap();
        assert_eq!(load(&path, None).unwrap().known.len(), 1);
    }

    #[test]
    fn ids_naming_what_does_not_exist_are_refused() {
        // An entry for a game, ruling or scenario that does not exist loaded
        // without a word, and then could only ever read "no longer fails".
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("scenarios");
        std::fs::create_dir_all(corpus.join("duel")).unwrap();
        std::fs::write(corpus.join("duel/x.toml"), "").unwrap();
        let path = dir.path().join("q.toml");
        let entry = |id: &str| {
            format!("[[known]]\nid = \"{id}\"\nreason = \"r\"\nexpires = \"2027-01-31\"\n")
        };
        for (id, says) in [
            (
                "sim:chess:hash",
                "q.toml:2:1: id `sim:chess:hash`: no game `chess`: the games are duel, ",
            ),
            ("perft:chess:start:3", "no game `chess`"),
            ("chance:nothing:6", "no game `nothing`"),
            ("ruling:duel.nothing", "no ruling `duel.nothing`"),
            (
                "scenario:duel/none.toml",
                "no scenario file `duel/none.toml` in ",
            ),
        ] {
            std::fs::write(&path, entry(id)).unwrap();
            let e = load(&path, Some(&corpus)).unwrap_err().to_string();
            assert!(e.contains(says), "{id}: {e}");
        }
        for id in [
            "sim:all:interrupted",
            "sim:dragon:hash",
            "ruling:duel.key-win-timing",
            "ruling:clocks.time-lag",
            "scenario:duel/x.toml",
            "perft:race:start:3",
        ] {
            std::fs::write(&path, entry(id)).unwrap();
            assert_eq!(load(&path, Some(&corpus)).unwrap().known.len(), 1, "{id}");
        }
    }

    #[test]
    fn a_bare_toml_date_is_read_as_the_date() {
        // `expires = 2027-01-31` (a TOML date, not a string) was refused as
        // "invalid type: map, expected a string".
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.toml");
        std::fs::write(
            &path,
            "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = 2027-01-31\n",
        )
        .unwrap();
        assert_eq!(load(&path, None).unwrap().known[0].expires, "2027-01-31");
        std::fs::write(
            &path,
            "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = 2027-01-31T10:00:00\n",
        )
        .unwrap();
        assert!(
            load(&path, None)
                .unwrap_err()
                .to_string()
                .contains("expected a date YYYY-MM-DD")
        );
        std::fs::write(
            &path,
            "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = 5\n",
        )
        .unwrap();
        let e = load(&path, None).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}:4:11: expected a date such as", path.display())),
            "{e}"
        );
    }

    #[test]
    fn errors_name_the_line_of_a_bad_date_or_byte() {
        // A bad date named the file only; a byte that is not UTF-8 said
        // "stream did not contain valid UTF-8", with neither line nor byte.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("q.toml");
        let entry = "[[known]]\nid = \"sim:duel:hash\"\nreason = \"r\"\nexpires = \"2027-01-31\"\n";
        std::fs::write(
            &path,
            format!("{entry}\n[[known]]\nid = \"sim:duel:y\"\nreason = \"r\"\nexpires = \"2027-13-01\"\n"),
        )
        .unwrap();
        let e = load(&path, None).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "{}:9:1: `sim:duel:y` expires on `2027-13-01`",
                path.display()
            )),
            "{e}"
        );
        std::fs::write(
            &path,
            b"[[known]]\nid = \"sim:duel:hash\"\nreason = \"caf\xe9\"\n",
        )
        .unwrap();
        let e = load(&path, None).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}:3:14: byte 0xe9 is not UTF-8", path.display())),
            "{e}"
        );
    }
}
