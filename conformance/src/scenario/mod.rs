//! The scenario format: one documented rule example per TOML file.
//!
//! See `scenarios/README.md` for the format as a contributor writes it. Loading
//! validates the file's shape (unknown keys, missing `source`, a disputed status
//! without a reason) and reports `file:line:column: what was expected`; whether the
//! actions are legal is the runner's business.

mod load;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};
use toml::Spanned;

pub(crate) use load::key_at;
pub use load::{
    CLAUSES_FOLDER, CLOCKS_FOLDER, Format, Header, LoadError, Loaded, PERFT_FOLDER, SKELETON_TITLE,
    check_header, discover, discover_in, is_toml, load_as, locate, parse_as, read,
    skeleton_placeholder, toml_error, utf8,
};

/// A scenario file as written.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Scenario {
    /// One line saying what the scenario shows.
    pub title: String,
    /// The registered game's name, such as `duel`.
    pub game: Spanned<String>,
    /// The seed file and section the example or rule comes from.
    pub source: String,
    /// Ids of the rulings this scenario exercises.
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
    /// Rule-coverage tags (free text, such as `hold-the-key`).
    #[serde(default)]
    pub tags: Vec<String>,
    /// Game options as `key = "value"`.
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<String>>,
    /// A position in the game's export format; the standard start when absent.
    #[serde(default)]
    pub position: Option<Spanned<String>>,
    /// The steps, in order.
    #[serde(default, rename = "step")]
    pub steps: Vec<Spanned<Step>>,
}

/// Whether a scenario is expected to hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The example holds under the project's rulings: it must pass.
    #[default]
    Confirmed,
    /// The seed's own example cannot hold under the chosen ruling: it is run and
    /// expected to fail, and `reason` says why. One that starts passing fails the
    /// check, so the status is kept true.
    Disputed,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Confirmed => "confirmed",
            Status::Disputed => "disputed",
        })
    }
}

/// One step: an optional action, then expectations about the state it leads to.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Step {
    /// An action in the game's notation (a move, a choice, or a chance outcome).
    pub play: Option<Spanned<String>>,
    /// A chance outcome to force; the turn must be chance's.
    pub chance: Option<Spanned<String>>,
    /// A note printed in the transcript.
    pub note: Option<String>,
    /// The exact set of legal actions after the step.
    pub legal: Option<Vec<String>>,
    /// Actions that must be refused after the step, each an action's text or
    /// `{ action, reason }` naming why.
    pub illegal: Option<Vec<Refused>>,
    /// The exact list of events the step's action emits, in their printed form.
    pub events: Option<Vec<String>>,
    /// The position after the step, in the game's export format.
    pub position: Option<String>,
    /// The save after the step: the position after the last irreversible
    /// action, then each action since, each after `; `.
    pub save: Option<String>,
    /// Save the game after the step, restore the save and go on from the
    /// restored state, checking that nothing changed.
    pub save_restore: Option<bool>,
    /// Who acts after the step: a side's name, `chance` or `over`.
    pub turn: Option<String>,
    /// The outcome after the step.
    pub outcome: Option<OutcomeExpectation>,
    /// Who can force a win within a number of plies from the state after the step.
    pub forced: Option<Forced>,
    /// Actions after which the opponent can force a win within a number of plies.
    pub losing: Option<Losing>,
    /// The one action that does not lose within a number of plies.
    pub must_play: Option<MustPlay>,
}

/// An action that must be refused: its text alone, or with the reason.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Refused {
    /// `"C1-B2"`: refused, for whatever reason.
    Action(String),
    /// `{ action = "seer storm", reason = "three times already" }`.
    Because(RefusedBecause),
}

/// `{ action, reason }`: an action refused, and a part of the reason given.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedBecause {
    /// The action's text.
    pub action: String,
    /// A part of the refusal's text: the game's own reason where it gives one
    /// ([`Game::refusal`](tigerseye_engine::Game::refusal)), else the
    /// refusal's (`not a legal action in this position`, `the game is over`),
    /// or for a text that no longer reads here, what the notation expected.
    pub reason: String,
}

impl Refused {
    /// The action's text.
    #[must_use]
    pub fn action(&self) -> &str {
        match self {
            Refused::Action(a) => a,
            Refused::Because(b) => &b.action,
        }
    }

    /// The reason named, if any.
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Refused::Action(_) => None,
            Refused::Because(b) => Some(&b.reason),
        }
    }
}

/// An expected outcome; unnamed fields are not checked.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OutcomeExpectation {
    /// A side's name, or `none` for a draw.
    pub winner: String,
    /// The deciding rule, such as `hold-the-key`.
    pub rule: Option<String>,
    /// The score as printed, such as `1-0 Game Points`.
    pub score: Option<String>,
}

/// `forced = { winner = "red", within = 3 }`: with best play the named side (or
/// `none`: neither) forces a win within `within` plies.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Forced {
    /// A side's name or `none`.
    pub winner: String,
    /// Search depth in plies.
    pub within: u32,
}

/// `losing = { actions = [...], within = 4 }`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Losing {
    /// Actions of the side to act.
    pub actions: Vec<String>,
    /// Plies after the action within which the opponent forces a win.
    pub within: u32,
}

/// `must-play = { action = "A3-B3", within = 3 }`: every other action loses within
/// `within` plies after it, and this one does not.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MustPlay {
    /// The one saving action.
    pub action: String,
    /// Plies after each action.
    pub within: u32,
}

/// The deepest search `forced`, `losing` and `must-play` may ask for.
pub const MAX_WITHIN: u32 = 14;

/// A game scenario loaded from a file.
pub type LoadedScenario = Loaded<Scenario>;

impl Format for Scenario {
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

    /// A scenario with no step and no `position`, a search deeper than
    /// [`MAX_WITHIN`], an empty or repeated set of actions,
    /// `save-restore = false`, or a step with both `play` and `chance`.
    fn check(loaded: &LoadedScenario) -> Result<(), LoadError> {
        let s = &loaded.scenario;
        // With a `position`, a scenario with no steps still checks that it imports.
        if s.steps.is_empty() && s.position.is_none() {
            return Err(LoadError {
                at: loaded.path.display().to_string(),
                message: "no `[[step]]` and no `position`: the scenario checks nothing; add a step"
                    .into(),
            });
        }
        for step in &s.steps {
            let st = step.get_ref();
            // A key of this step's: its own line.
            let at = |key: &str| loaded.locate(key_at(&loaded.text, &step.span(), key));
            let depths = [
                ("forced", st.forced.as_ref().map(|f| f.within)),
                ("losing", st.losing.as_ref().map(|l| l.within)),
                ("must-play", st.must_play.as_ref().map(|m| m.within)),
            ];
            if let Some((key, _)) = depths
                .into_iter()
                .find(|(_, d)| d.is_some_and(|d| d > MAX_WITHIN))
            {
                return Err(LoadError {
                    at: at(key),
                    message: format!(
                        "`within` is at most {MAX_WITHIN} plies (the solver is exhaustive)"
                    ),
                });
            }
            if st.losing.as_ref().is_some_and(|l| l.actions.is_empty()) {
                return Err(LoadError {
                    at: at("losing"),
                    message: "`losing` with `actions = []` checks nothing: name the losing actions"
                        .into(),
                });
            }
            let illegal: Option<Vec<String>> = st
                .illegal
                .as_ref()
                .map(|l| l.iter().map(|r| r.action().to_owned()).collect());
            let sets = [
                ("legal", st.legal.as_deref()),
                ("illegal", illegal.as_deref()),
                ("losing", st.losing.as_ref().map(|l| l.actions.as_slice())),
            ];
            for (key, list) in sets {
                if let Some(twice) = list.and_then(repeated) {
                    return Err(LoadError {
                        at: at(key),
                        message: format!(
                            "`{key}` names `{twice}` twice: it is a set of actions, each named once"
                        ),
                    });
                }
            }
            if st.save_restore == Some(false) {
                return Err(LoadError {
                    at: at("save-restore"),
                    message: "`save-restore = false` checks nothing: write `save-restore = true` or leave it out".into(),
                });
            }
            if st.play.is_some() && st.chance.is_some() {
                return Err(LoadError {
                    at: loaded.locate(step.span().start),
                    message: "a step has either `play` or `chance`, not both".into(),
                });
            }
        }
        Ok(())
    }
}

/// Parses game scenario `text` read from `path` ([`parse_as`]).
///
/// # Errors
///
/// [`LoadError`] at the line of the first problem: TOML syntax, an unknown or
/// missing key, a value of the wrong type, a disputed status without a reason, an
/// empty `source`.
pub fn parse(path: &Path, text: &str) -> Result<LoadedScenario, LoadError> {
    parse_as(path, text)
}

/// Reads and parses the game scenario file at `path`.
///
/// # Errors
///
/// [`LoadError`] when the file cannot be read or [`parse`] fails.
pub fn load(path: &Path) -> Result<LoadedScenario, LoadError> {
    load_as(path)
}

/// The first text of `list` that an earlier one repeats.
fn repeated(list: &[String]) -> Option<&str> {
    list.iter()
        .enumerate()
        .find(|(i, t)| list[..*i].contains(t))
        .map(|(_, t)| t.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n\n[[step]]\nplya = \"C1-B1\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert!(err.at.starts_with("x.toml:6:"), "{err}");
        assert!(err.message.contains("unknown field `plya`"), "{err}");
        assert!(err.message.contains("play"), "{err}");
    }

    #[test]
    fn of_two_type_errors_the_first_in_the_file_is_reported() {
        // `title = 1` on line 1 and `source = 2` on line 3: the error named
        // line 3 (the keys were read in alphabetical order).
        let text = "title = 1\ngame = \"duel\"\nsource = 2\n\n[[step]]\nplay = \"C1-B1\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert!(err.at.starts_with("x.toml:1:"), "{err}");
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\ntags = 1\nrulings = 2\nposition = \"x\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert!(err.at.starts_with("x.toml:4:"), "{err}");
    }

    #[test]
    fn a_skeletons_placeholders_fail_until_filled_in() {
        // `tigerseye new-scenario`'s skeleton passed as printed, so a stub
        // counted as its ruling's scenario.
        let text = format!(
            "title = \"{SKELETON_TITLE}\"\ngame = \"duel\"\nsource = \"seed 002 (Jewel)\"\n\n[[step]]\nplay = \"C1-B1\"\n"
        );
        let err = parse(Path::new("x.toml"), &text).unwrap_err();
        assert_eq!(err.at, "x.toml:1:1", "{err}");
        assert!(err.message.contains("placeholder"), "{err}");
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"seed 002 (Jewel), <section>: \\\"<the seed's words>\\\"\"\n\n[[step]]\nplay = \"C1-B1\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert_eq!(err.at, "x.toml:3:1", "{err}");
        assert!(err.message.contains("`<section>`"), "{err}");
    }

    #[test]
    fn disputed_needs_a_reason() {
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\nstatus = \"disputed\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert!(err.message.contains("reason"), "{err}");
        // At the `status` line (it had no line at all), or an empty reason's.
        assert_eq!(err.at, "x.toml:4:1", "{err}");
        let empty = format!("{text}reason = \" \"\n");
        let err = parse(Path::new("x.toml"), &empty).unwrap_err();
        assert_eq!(err.at, "x.toml:5:1", "{err}");
    }

    #[test]
    fn a_scenario_without_steps_is_an_error() {
        // It passed, checking nothing.
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert_eq!(err.at, "x.toml", "{err}");
        assert!(err.message.contains("checks nothing"), "{err}");
    }

    #[test]
    fn losing_with_no_actions_is_an_error() {
        // It passed, checking nothing.
        let text = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n\n[[step]]\nlosing = { actions = [], within = 3 }\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        // The key's own line, not the `[[step]]` header's.
        assert!(err.at.starts_with("x.toml:6:"), "{err}");
        assert!(err.message.contains("checks nothing"), "{err}");
    }

    #[test]
    fn an_action_named_twice_in_a_set_is_an_error() {
        // `legal = ["C1-B1", "C1-B1"]` was read as the set {C1-B1}, so a
        // scenario meant to list two actions passed with one.
        for (key, value) in [
            ("legal", "[\"C1-C2\", \"C1-B1\", \"C1-C2\"]"),
            ("illegal", "[\"C1-B2\", \"C1-B2\"]"),
            ("losing", "{ actions = [\"C1-B1\", \"C1-B1\"], within = 2 }"),
        ] {
            let text = format!(
                "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n\n[[step]]\n{key} = {value}\n"
            );
            let err = parse(Path::new("x.toml"), &text).unwrap_err();
            assert!(err.at.starts_with("x.toml:6:"), "{err}");
            assert!(
                err.message.starts_with(&format!("`{key}` names `C1-")),
                "{err}"
            );
            assert!(err.message.contains("twice"), "{err}");
        }
        let once = "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n[[step]]\nlegal = [\"C1-C2\", \"C1-B1\"]\n";
        assert!(parse(Path::new("x.toml"), once).is_ok());
    }

    #[test]
    fn save_restore_false_is_an_error() {
        let text =
            "title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n[[step]]\nsave-restore = false\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert_eq!(err.at, "x.toml:5:1", "{err}");
        assert!(err.message.contains("checks nothing"), "{err}");
    }

    #[test]
    fn missing_source_is_an_error() {
        let text = "title = \"t\"\ngame = \"duel\"\n";
        let err = parse(Path::new("x.toml"), text).unwrap_err();
        assert!(err.message.contains("source"), "{err}");
    }
}
