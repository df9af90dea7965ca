//! Clock scenarios: the seeds' clock rules and examples, one per TOML file under
//! `scenarios/clocks/`.
//!
//! The engine keeps no clocks inside a game (its games are timed by the caller,
//! `core::clocks`), so a clock scenario plays no game: it names a time control
//! (a preset, some fields changed), records moves of given lengths for a side,
//! and says what each clock then shows, whose flag fell, or what was refused.
//! `tigerseye check` runs them beside the games' scenarios and counts them under
//! `clocks`; every clock ruling (`clocks.*`) needs one, as every game ruling
//! does. The format is in `scenarios/README.md`.

mod expect;
mod run;
mod template;
mod values;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::check_results::CountedUnder;
use crate::runner::{Runnable, ScenarioRun};
use crate::scenario::{Format, Header, LoadError, Loaded, Status, load_as, parse_as};

pub use run::run;
pub use template::{clock_ruling_ids, template};
pub use values::MAX_TIME;

/// The folder under the corpus that holds the clock scenarios, and the name
/// their results are counted under.
pub const FOLDER: &str = crate::scenario::CLOCKS_FOLDER;

/// The most moves one step may record (the seeds' longest phase is Dragon's
/// 100-move cut-off).
pub const MAX_MOVES: u32 = 10_000;

/// A clock scenario file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockScenario {
    /// One line saying what the scenario shows.
    pub title: String,
    /// The seed file and section the rule or example comes from.
    pub source: String,
    /// Ids of the clock rulings (`clocks.*`) this scenario exercises.
    #[serde(default)]
    pub rulings: Vec<Spanned<String>>,
    /// Ids of the seed clauses this scenario tests (`scenarios/clauses/`).
    #[serde(default)]
    pub clauses: Vec<Spanned<String>>,
    /// `confirmed` (default) or `disputed`.
    #[serde(default)]
    pub status: Status,
    /// Why a disputed scenario cannot hold; required when disputed.
    #[serde(default)]
    pub reason: Option<String>,
    /// Free-text tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The time control's preset name (a game's `Game::CLOCKS`, collected by `registry::clock_presets`).
    pub control: Spanned<String>,
    /// Fields of the control changed from the preset, `key = "value"`
    /// (`TimeControl::set`).
    #[serde(default)]
    pub fields: BTreeMap<String, Spanned<String>>,
    /// The steps, in order.
    #[serde(default, rename = "step")]
    pub steps: Vec<Spanned<ClockStep>>,
}

/// One step: moves of one side, or the next hunt's clocks, or neither; then
/// expectations about the clocks.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockStep {
    /// A note printed in the transcript.
    pub note: Option<String>,
    /// Whose moves: `green` or `red`.
    pub side: Option<Spanned<String>>,
    /// How long each move took, such as `2m` or `65s`.
    pub think: Option<Spanned<String>>,
    /// How many such moves (1 when absent): the side's clock alone runs.
    pub moves: Option<Spanned<u32>>,
    /// The next hunt's clocks under this preset, each player's unused time
    /// carried over (Northern Light).
    pub next_hunt: Option<Spanned<String>>,
    /// The interval before the next hunt, charged to neither clock.
    pub interval: Option<Spanned<String>>,
    /// The time each named side has left after the step.
    pub left: Option<BTreeMap<String, Spanned<String>>>,
    /// The moves each named side has completed after the step.
    pub made: Option<BTreeMap<String, Spanned<u32>>>,
    /// `none`, or whose flag has fallen and during which of his moves:
    /// `green on move 101`.
    pub flag: Option<Spanned<String>>,
    /// The error the step ends with, as printed; a step with an error not named
    /// here fails.
    pub error: Option<Spanned<String>>,
}

/// A clock scenario loaded from a file.
pub type LoadedClockScenario = Loaded<ClockScenario>;

impl Format for ClockScenario {
    fn header(&self) -> Header<'_> {
        Header {
            title: &self.title,
            source: &self.source,
            status: self.status,
            reason: self.reason.as_deref(),
            rulings: &self.rulings,
            clauses: &self.clauses,
        }
    }

    /// No step, or a step that mixes its kinds (`think` without `side`,
    /// `interval` without `next-hunt`, moves with a next hunt, `moves`
    /// outside 1 to [`MAX_MOVES`]), or checks nothing.
    fn check(loaded: &LoadedClockScenario) -> Result<(), LoadError> {
        let s = &loaded.scenario;
        let whole = |message: &str| LoadError {
            at: loaded.path.display().to_string(),
            message: message.to_owned(),
        };
        if s.steps.is_empty() {
            return Err(whole(
                "no `[[step]]`: the scenario checks nothing; add a step",
            ));
        }
        for step in &s.steps {
            let st = step.get_ref();
            let refuse = |message: &str| LoadError {
                at: loaded.locate(step.span().start),
                message: message.to_owned(),
            };
            match (&st.side, &st.think) {
                (Some(_), None) => {
                    return Err(refuse(
                        "`side` without `think`: a step of moves says how long each move took",
                    ));
                }
                (None, Some(_)) => {
                    return Err(refuse(
                        "`think` without `side`: a step of moves says whose they are",
                    ));
                }
                _ => {}
            }
            let acts = st.side.is_some() || st.next_hunt.is_some();
            if !acts && !expects(st) {
                return Err(refuse(
                    "the step checks nothing: give it moves (`side`, `think`) or a `next-hunt`, or an expectation (`left`, `made`, `flag`, `error`)",
                ));
            }
            if st.moves.is_some() && st.think.is_none() {
                return Err(refuse("`moves` needs `side` and `think`"));
            }
            if let Some(m) = &st.moves
                && !(1..=MAX_MOVES).contains(m.get_ref())
            {
                return Err(LoadError {
                    at: loaded.locate(m.span().start),
                    message: format!("`moves` is from 1 to {MAX_MOVES}, found {}", m.get_ref()),
                });
            }
            if st.interval.is_some() && st.next_hunt.is_none() {
                return Err(refuse("`interval` is the pause before a `next-hunt`"));
            }
            if st.next_hunt.is_some() && st.side.is_some() {
                return Err(refuse(
                    "a step either records moves (`side`, `think`) or starts the `next-hunt`, not both",
                ));
            }
        }
        if !s.steps.iter().any(|st| expects(st.get_ref())) {
            return Err(whole(
                "no step expects anything (`left`, `made`, `flag` or `error`): the scenario checks nothing but the clocks' books",
            ));
        }
        Ok(())
    }
}

/// Parses clock scenario `text` read from `path`.
///
/// # Errors
///
/// [`LoadError`] at the line of the first problem: TOML syntax, an unknown or
/// missing key, an empty `source`, a disputed status without a reason, no step,
/// or a step that mixes its kinds (`think` without `side`, `interval` without
/// `next-hunt`, moves with a next hunt, `moves` outside 1 to [`MAX_MOVES`]).
pub fn parse(path: &Path, text: &str) -> Result<LoadedClockScenario, LoadError> {
    parse_as(path, text)
}

/// Whether a step expects something of the clocks.
fn expects(st: &ClockStep) -> bool {
    st.left.is_some() || st.made.is_some() || st.flag.is_some() || st.error.is_some()
}

/// Reads and parses the clock scenario at `path`.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or [`parse`] fails.
pub fn load(path: &Path) -> Result<LoadedClockScenario, LoadError> {
    load_as(path)
}

impl Runnable for ClockScenario {
    fn run(loaded: &LoadedClockScenario) -> ScenarioRun {
        run(loaded)
    }

    fn counted_under(_: &ScenarioRun) -> CountedUnder {
        CountedUnder::Clocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(text: &str) -> ScenarioRun {
        run(&parse(Path::new("c.toml"), text).unwrap_or_else(|e| panic!("{e}")))
    }

    const HEAD: &str = "title = \"t\"\nsource = \"s\"\ncontrol = \"duel-5\"\n";

    #[test]
    fn bad_files_name_the_line_and_what_was_expected() {
        let err = |text: &str| parse(Path::new("c.toml"), text).unwrap_err().to_string();
        assert_eq!(
            err(&format!("{HEAD}[[step]]\nside = \"red\"\n")),
            "c.toml:4:1: `side` without `think`: a step of moves says how long each move took"
        );
        // A step, or a whole scenario, that checks nothing is refused.
        assert!(
            err(&format!("{HEAD}[[step]]\nnote = \"n\"\n"))
                .starts_with("c.toml:4:1: the step checks nothing")
        );
        assert!(
            err(&format!("{HEAD}[[step]]\nside = \"red\"\nthink = \"1s\"\n"))
                .starts_with("c.toml: no step expects anything")
        );
        assert_eq!(
            err(HEAD),
            "c.toml: no `[[step]]`: the scenario checks nothing; add a step"
        );
        assert!(err(&format!("{HEAD}[[step]]\nthink = 5\n")).starts_with("c.toml:5:9: "));
        // The header is checked as a game scenario's is, at the key's line.
        assert_eq!(
            err(&format!(
                "{HEAD}status = \"disputed\"\n[[step]]\nflag = \"none\"\n"
            )),
            "c.toml:4:1: `status = \"disputed\"` needs a `reason` saying why the example cannot hold"
        );
        assert!(
            err("title = \"t\"\nsource = \" \"\ncontrol = \"duel-5\"\n[[step]]\nflag = \"none\"\n")
                .starts_with("c.toml:2:1: `source` is empty")
        );
        let bad_preset = run_text(
            "title = \"t\"\nsource = \"s\"\ncontrol = \"blitz\"\n[[step]]\nflag = \"none\"\n",
        );
        assert!(bad_preset.failures[0].starts_with("c.toml:3:11: unknown time control `blitz`"));
        let bad_field = run_text(&format!(
            "{HEAD}[fields]\nswing = \"1s\"\n[[step]]\nflag = \"none\"\n"
        ));
        assert!(
            bad_field.failures[0].starts_with("c.toml:5:9: a countdown control has no `swing`"),
            "{:?}",
            bad_field.failures
        );
        let bad_ruling = run_text(&format!(
            "rulings = [\"clocks.nope\"]\n{HEAD}[[step]]\nflag = \"none\"\n"
        ));
        assert!(bad_ruling.failures[0].starts_with("c.toml:1:12: unknown clock ruling"));
    }
}
