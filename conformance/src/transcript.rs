//! `tigerseye scenario FILE...`: scenario files run one at a time, game or clock
//! scenarios alike, each with its transcript: the text the corpus's snapshot
//! tests hold (`cargo test` compares it), printed for a contributor writing or
//! changing a scenario, wherever the file is.

use std::path::Path;

use tigerseye_engine::GameId;

use crate::check_results::CountedUnder;
use crate::clock_scenario::{self, ClockScenario};
use crate::report::ScenarioResult;
use crate::runner::{self, Runnable};
use crate::scenario::{self, Scenario};

/// Which format a scenario file is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game scenario (`scenarios/<game>/`, scenarios/README.md).
    Game,
    /// A clock scenario (`scenarios/clocks/`, "Clock scenarios").
    Clock,
}

/// The format of the file at `path` with text `text`: a clock scenario when it
/// lies in a folder named `clocks`, or when it sets `control` and no `game`
/// (the one key each format requires and the other does not have); a game
/// scenario otherwise, and when the text is not TOML (whose error the game
/// scenarios' reader then gives).
#[must_use]
pub fn kind_of(path: &Path, text: &str) -> Kind {
    let in_clocks = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|n| n == clock_scenario::FOLDER);
    let clock_keys = text
        .parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("control") && !t.contains_key("game"));
    if in_clocks || clock_keys {
        Kind::Clock
    } else {
        Kind::Game
    }
}

/// One file's run: its result as `check` records it, and its transcript (empty
/// when the file did not load).
#[derive(Clone, Debug)]
pub struct FileRun {
    /// The format it was read in.
    pub kind: Kind,
    /// The result; `path` is the file as given.
    pub result: ScenarioResult,
    /// The transcript.
    pub transcript: String,
}

impl FileRun {
    /// Whether the file failed: it did not load, an expectation did not hold,
    /// or a disputed scenario now holds.
    #[must_use]
    pub fn failed(&self) -> bool {
        self.result.verdict.is_failure()
    }
}

/// Runs the scenario file at `path` in its format ([`kind_of`]). The file is
/// read once; an unreadable file or one that is not UTF-8 is a load error, as
/// `check` reports it.
#[must_use]
pub fn run_file(path: &Path) -> FileRun {
    let text = scenario::read(path);
    let kind = text.as_ref().map_or(Kind::Game, |t| kind_of(path, t));
    let shown = path.display().to_string();
    let ran = text.and_then(|text| match kind {
        Kind::Game => run_as::<Scenario>(path, shown.clone(), &text),
        Kind::Clock => run_as::<ClockScenario>(path, shown.clone(), &text),
    });
    let (result, transcript) = ran.unwrap_or_else(|e| {
        let result =
            ScenarioResult::load_error(shown, CountedUnder::Unknown, String::new(), e.to_string());
        (result, String::new())
    });
    FileRun {
        kind,
        result,
        transcript,
    }
}

/// Parses `text`, read from `path`, as a scenario of kind `K` and runs it:
/// its result, the file shown as `shown`, and its transcript.
fn run_as<K: Runnable>(
    path: &Path,
    shown: String,
    text: &str,
) -> Result<(ScenarioResult, String), scenario::LoadError> {
    let loaded = scenario::parse_as::<K>(path, text)?;
    let mut run = K::run(&loaded);
    let transcript = std::mem::take(&mut run.transcript);
    Ok((runner::result_of(shown, &loaded, run), transcript))
}

/// `run` as the console shows it: a header with the file and its format, the
/// transcript (its first line the title), then the verdict and each failure. Control
/// characters other than the line breaks are escaped, as `check` escapes them.
#[must_use]
pub fn render(run: &FileRun) -> String {
    use std::fmt::Write as _;
    let r = &run.result;
    let mut out = String::new();
    let kind = match run.kind {
        Kind::Game => r.game.game().map_or("game", GameId::name),
        Kind::Clock => "clock",
    };
    // The transcript's first line is the title.
    let _ = writeln!(
        out,
        "== {} ({kind} scenario)",
        crate::corpus::printable(&r.path)
    );
    for line in run.transcript.lines() {
        let _ = writeln!(out, "{}", crate::corpus::printable(line));
    }
    let _ = writeln!(out, "-- {}", r.verdict);
    for f in &r.failures {
        let _ = writeln!(out, "  {}", crate::corpus::printable(f));
    }
    if r.verdict == runner::Verdict::DisputedButPassed {
        let _ = writeln!(
            out,
            "  the scenario is marked disputed but now holds: set `status = \"confirmed\"` or fix the engine"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, text: &str) -> std::path::PathBuf {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn the_format_is_told_by_the_folder_or_the_keys() {
        let game = "title = \"t\"\ngame = \"race\"\nsource = \"s\"\n";
        let clock = "title = \"t\"\nsource = \"s\"\ncontrol = \"dragon\"\n";
        assert_eq!(kind_of(Path::new("x/a.toml"), game), Kind::Game);
        assert_eq!(kind_of(Path::new("x/a.toml"), clock), Kind::Clock);
        assert_eq!(kind_of(Path::new("clocks/a.toml"), game), Kind::Clock);
        assert_eq!(kind_of(Path::new("x/a.toml"), "not [toml"), Kind::Game);
    }

    #[test]
    fn a_corpus_file_prints_the_transcript_its_snapshot_holds() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        for rel in [
            "race/double-set-back.toml",
            "clocks/dragon-rule-25-seven-hours.toml",
        ] {
            let path = root.join(rel);
            if !path.exists() {
                panic!("{rel} is not in the corpus: name another file");
            }
            let run = run_file(&path);
            assert_eq!(
                run.result.verdict,
                runner::Verdict::Passed,
                "{rel}: {:?}",
                run.result
            );
            assert!(!run.failed());
            let expected = match run.kind {
                Kind::Game => runner::run(&scenario::load(&path).unwrap()).transcript,
                Kind::Clock => {
                    clock_scenario::run(&clock_scenario::load(&path).unwrap()).transcript
                }
            };
            assert_eq!(run.transcript, expected);
            let shown = render(&run);
            assert!(
                shown.starts_with(&format!("== {}", path.display())),
                "{shown}"
            );
            assert!(shown.ends_with("-- passed\n"), "{shown}");
        }
    }

    #[test]
    fn a_failing_or_broken_file_is_a_failure_with_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let bad = write(
            dir.path(),
            "a/bad.toml",
            "title = \"t\"\ngame = \"race\"\nsource = \"s\"\n\n[[step]]\nturn = \"chance\"\n\n[[step]]\nturn = \"\\u001b[2J\"\n",
        );
        let run = run_file(&bad);
        assert!(run.failed(), "{:?}", run.result);
        let shown = render(&run);
        assert!(!shown.contains('\u{1b}'), "{shown}");
        let broken = write(dir.path(), "clocks/broken.toml", "title = \n");
        let run = run_file(&broken);
        assert_eq!(run.kind, Kind::Clock);
        assert_eq!(run.result.verdict, runner::Verdict::LoadError);
        assert!(
            run.result.failures[0].contains("broken.toml:1:"),
            "{:?}",
            run.result
        );
        let missing = run_file(&dir.path().join("none.toml"));
        assert_eq!(missing.result.verdict, runner::Verdict::LoadError);
    }

    #[test]
    fn a_panic_is_the_files_failure_at_its_step() {
        let dir = tempfile::tempdir().unwrap();
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n[[step]]\nnote = \"planted\"\n";
        let path = write(dir.path(), "duel/p.toml", text);
        let _planted = crate::planted::panic_on("planted");
        let run = run_file(&path);
        assert!(run.failed());
        assert!(
            run.result.failures[0].contains("p.toml:4:1: panic: "),
            "{:?}",
            run.result.failures
        );
        assert!(render(&run).contains("planted panic at `planted`"));
    }
}
