//! A disagreement written as a scenario file: the actions that lead to it,
//! then tigerseye's answer there (legal actions, turn, position, outcome),
//! with the engine's in the comments. The file passes `tigerseye check` while
//! tigerseye keeps its answer, so that, once the engine or tigerseye is settled
//! as right, it moves into `scenarios/<game>/` as it is (or with the
//! expectations the settled answer gives).

use std::path::Path;

use tigerseye_engine::{Game, Turn};

use crate::panics::catch_panic;
use crate::runner;
use crate::scenario;
use crate::shrink::quoted;

/// Where the scenario starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The standard start.
    Standard,
    /// A position in the game's export format.
    Position(String),
}

/// What was found, for the file's header.
pub struct Found<'a> {
    /// The engine's name.
    pub engine: &'a str,
    /// Where: `random game 12 of master seed 1`.
    pub origin: &'a str,
    /// How far it was shrunk.
    pub shape: &'a str,
    /// What differs after the last step.
    pub message: &'a str,
}

/// The file, and whether tigerseye passes it.
pub struct Written {
    /// The scenario file's text.
    pub toml: String,
    /// Why tigerseye's own runner does not pass it (a bug of this writer).
    pub does_not_pass: Option<String>,
}

fn quoted_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", inner.join(", "))
}

/// The scenario of `actions` from `start` under `options`, ending in
/// tigerseye's answer.
#[must_use]
pub fn scenario_file<G: Game>(
    options: &G::Options,
    start: &Start,
    actions: &[G::Action],
    found: &Found<'_>,
) -> Written {
    let mut state = match start {
        Start::Standard => G::new(options),
        Start::Position(p) => match G::import(p, options) {
            Ok(s) => s,
            Err(e) => {
                return Written {
                    toml: String::new(),
                    does_not_pass: Some(e.to_string()),
                };
            }
        },
    };
    let mut t = String::new();
    let first_line = found.message.lines().next().unwrap_or("");
    t.push_str(&format!(
        "# Found by `tigerseye conform` against {}: {}, {}.\n",
        found.engine, found.origin, found.shape
    ));
    t.push_str(&format!(
        "# After the last step the engine differs: {}\n",
        found.message.replace('\n', " ")
    ));
    t.push_str(
        "# The expectations are tigerseye's answer there. Settle who is right, then move this\n",
    );
    t.push_str(&format!(
        "# file into scenarios/{}/ (with the settled answer) so the case stays checked.\n",
        G::NAME
    ));
    let short: String = first_line.chars().take(100).collect();
    t.push_str(&format!(
        "title = {}\n",
        quoted(&format!(
            "Where {} and tigerseye differ: {short}",
            found.engine
        ))
    ));
    t.push_str(&format!("game = {}\n", quoted(G::NAME)));
    t.push_str(&format!(
        "source = {}\n",
        quoted(&format!(
            "tigerseye conform against {}, {}, {}",
            found.engine, found.origin, found.shape
        ))
    ));
    t.push_str("tags = [\"conform\"]\n");
    if let Start::Position(p) = start {
        t.push_str(&format!("position = {}\n", quoted(p)));
    }
    t.push_str(&crate::shrink::options_table::<G>(options));
    for &a in actions {
        t.push_str(&format!(
            "\n[[step]]\nplay = {}\n",
            quoted(&state.action_text(a))
        ));
        state.apply_unchecked(a, &mut |_| {});
    }
    if actions.is_empty() {
        t.push_str("\n[[step]]\n");
    }
    let mut legal = G::Actions::default();
    state.legal_actions(&mut legal);
    let mut texts: Vec<String> = legal.iter().map(|&a| state.action_text(a)).collect();
    texts.sort();
    let turn = state.turn();
    t.push_str(&format!("legal = {}\n", quoted_list(&texts)));
    t.push_str(&format!(
        "turn = {}\n",
        quoted(super::serve::turn_name::<G>(turn))
    ));
    t.push_str(&format!("position = {}\n", quoted(&state.export_string())));
    if let Turn::Over(o) = turn {
        t.push_str(&format!(
            "outcome = {{ winner = {}, rule = {}, score = {} }}\n",
            quoted(o.winner.map_or("none", G::side_name)),
            quoted(o.rule.0),
            quoted(&o.score.to_string())
        ));
    }
    let does_not_pass = passes(&t, G::NAME).err();
    Written {
        toml: t,
        does_not_pass,
    }
}

/// Runs the written file with tigerseye's scenario runner.
fn passes(text: &str, game: &str) -> Result<(), String> {
    let path = Path::new("scenarios").join(game).join("conform.toml");
    let loaded = scenario::parse(&path, text).map_err(|e| e.to_string())?;
    let run = catch_panic(|| runner::run(&loaded))?;
    if run.verdict == runner::Verdict::Passed {
        Ok(())
    } else {
        Err(run.failures.join("; "))
    }
}
