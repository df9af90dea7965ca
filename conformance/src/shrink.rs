//! Shrinking a failing game to a short scenario.
//!
//! A failure is replayed with every check on every step; then it is reduced in
//! three passes, each keeping only candidates that still break the same invariant:
//!
//! 1. the shortest failing prefix: the actions up to the first state that breaks it;
//! 2. dropping actions: chunks of halving size, then single actions (a candidate
//!    whose actions stop being legal is rejected);
//! 3. smaller chance outcomes: each forced die or coin is replaced by an earlier
//!    outcome in the listed order when the failure survives.
//!
//! The result is written as a scenario file that names the broken invariant and the
//! replay command, ready to move into `scenarios/` once the bug is fixed.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tigerseye_engine::{Game, GameOptions, Turn};

use crate::invariants::{Checker, Violation};
use crate::panics::catch_panic;

/// An extra check run on every state, beside the invariants: a differential
/// oracle (a test-only reference model) or any rule-level assertion.
pub type Oracle<G> = Arc<dyn Fn(&G) -> Result<(), Violation> + Send + Sync>;

/// Replays `actions` from `initial` with every check (and `oracle`) on every state;
/// returns how many actions were applied before the first broken state, and the
/// violation. `None` when nothing breaks or an action is not legal where it is
/// played (the candidate no longer describes a game).
pub fn first_failure<G: Game>(
    initial: &G,
    actions: &[G::Action],
    oracle: Option<&Oracle<G>>,
) -> Option<(usize, Violation)> {
    let result = catch_panic(|| {
        let mut state = initial.clone();
        let mut legal = G::Actions::default();
        let mut checker = Checker::new(initial);
        for i in 0..=actions.len() {
            state.legal_actions(&mut legal);
            let checked = checker
                .cheap(&state, &legal)
                .and_then(|_| checker.full(&state, &legal, i as u64))
                .and_then(|()| oracle.map_or(Ok(()), |o| o(&state)));
            if let Err(v) = checked {
                return Some((i, v));
            }
            let a = *actions.get(i)?;
            if !legal.contains(&a) {
                return None;
            }
            state.apply_unchecked(a, &mut |_| {});
        }
        None
    });
    match result {
        Ok(found) => found,
        Err(message) => Some((
            actions.len(),
            Violation {
                check: "panic",
                message,
            },
        )),
    }
}

/// A failing game reduced as far as the passes go.
#[derive(Clone, Debug)]
pub struct Shrunk<G: Game> {
    /// The actions that still break the invariant after the last of them.
    pub actions: Vec<G::Action>,
    /// The violation the shrunk game ends in.
    pub violation: Violation,
    /// How many actions the failing game had before shrinking.
    pub original_len: usize,
}

/// Shrinks the failing game `actions` from `initial`. `None` when it does not fail.
pub fn shrink<G: Game>(
    initial: &G,
    actions: &[G::Action],
    oracle: Option<&Oracle<G>>,
) -> Option<Shrunk<G>> {
    let (k, violation) = first_failure(initial, actions, oracle)?;
    let check = violation.check;
    let mut best: Vec<G::Action> = actions[..k].to_vec();
    let mut best_violation = violation;
    // Keeps `candidate` if it still fails the same way, cut to its failing prefix.
    let try_keep =
        |candidate: &[G::Action], best: &mut Vec<G::Action>, bv: &mut Violation| -> bool {
            match first_failure(initial, candidate, oracle) {
                Some((k, v)) if v.check == check => {
                    *best = candidate[..k].to_vec();
                    *bv = v;
                    true
                }
                _ => false,
            }
        };
    // Pass 2: drop chunks of actions, halving the chunk size.
    let mut chunk = best.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        while start < best.len() {
            let end = (start + chunk).min(best.len());
            let mut candidate = best[..start].to_vec();
            candidate.extend_from_slice(&best[end..]);
            if !try_keep(&candidate, &mut best, &mut best_violation) {
                start += chunk;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    // Pass 3: smaller chance outcomes.
    let mut i = 0;
    while i < best.len() {
        let mut state = initial.clone();
        for &a in &best[..i] {
            state.apply_unchecked(a, &mut |_| {});
        }
        if state.turn() == Turn::Chance {
            let mut outcomes = G::Actions::default();
            state.legal_actions(&mut outcomes);
            if let Some(pos) = outcomes.iter().position(|&o| o == best[i]) {
                for &smaller in &outcomes[..pos] {
                    let mut candidate = best.clone();
                    candidate[i] = smaller;
                    if try_keep(&candidate, &mut best, &mut best_violation) {
                        break;
                    }
                }
            }
        }
        i += 1;
    }
    Some(Shrunk {
        actions: best,
        violation: best_violation,
        original_len: actions.len(),
    })
}

/// A shrunk failure written as a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShrunkScenario {
    /// Steps in the scenario.
    pub steps: usize,
    /// The invariant it breaks.
    pub check: String,
    /// The scenario file's text.
    pub toml: String,
}

fn quoted(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// The scenario file for `shrunk`, a game of `G` from the standard start under
/// `options`, found as game `index` of master seed `seed`.
#[must_use]
pub fn scenario_text<G: Game>(
    shrunk: &Shrunk<G>,
    options: &G::Options,
    seed: u64,
    index: u64,
    replay: &str,
) -> ShrunkScenario {
    let mut t = String::new();
    let v = &shrunk.violation;
    t.push_str(&format!(
        "# Shrunk by tigerseye sim from game {index} of master seed {seed}: {} plies down to {}.\n",
        shrunk.original_len,
        shrunk.actions.len()
    ));
    t.push_str(&format!(
        "# Broken invariant after the last step: [{}] {}\n",
        v.check,
        v.message.replace('\n', " ")
    ));
    t.push_str(&format!("# Replay the original game: {replay}\n"));
    // The save of the state before the last step: the position after the
    // last irreversible action and the actions since, which resumes the game
    // with the positions a repetition counts (`tigerseye show --position`).
    let before_last = &shrunk.actions[..shrunk.actions.len().saturating_sub(1)];
    if let Ok(save) = crate::panics::catch_panic(|| {
        tigerseye_engine::core::save::Record::replay(&G::new(options), before_last).save_string()
    }) {
        t.push_str(&format!(
            "# Before the last step (its save): {}\n",
            save.replace('\n', " ")
        ));
    }
    t.push_str(
        "# This file fails `tigerseye check` while the bug lasts; once it is fixed, move it into\n",
    );
    t.push_str(&format!(
        "# scenarios/{}/ and it guards against the regression.\n",
        G::NAME
    ));
    t.push_str(&format!(
        "title = {}\n",
        quoted(&format!(
            "Regression: [{}] {}",
            v.check,
            v.message.lines().next().unwrap_or("")
        ))
    ));
    t.push_str(&format!("game = {}\n", quoted(G::NAME)));
    t.push_str(&format!(
        "source = {}\n",
        quoted(&format!(
            "tigerseye sim, master seed {seed}, game {index}, shrunk from {} to {} plies",
            shrunk.original_len,
            shrunk.actions.len()
        ))
    ));
    t.push_str("tags = [\"regression\"]\n");
    let specs = <G::Options as GameOptions>::SPECS;
    let default = G::Options::default();
    let changed: Vec<String> = specs
        .iter()
        .filter_map(|s| {
            let value = options.get(s.key)?;
            (default.get(s.key) != Some(value)).then(|| format!("{} = {}", s.key, quoted(value)))
        })
        .collect();
    if !changed.is_empty() {
        t.push_str("\n[options]\n");
        for line in changed {
            t.push_str(&line);
            t.push('\n');
        }
    }
    let mut state = G::new(options);
    for &a in &shrunk.actions {
        let key = if state.turn() == Turn::Chance {
            "chance"
        } else {
            "play"
        };
        t.push_str(&format!(
            "\n[[step]]\n{key} = {}\n",
            quoted(&state.action_text(a))
        ));
        state.apply_unchecked(a, &mut |_| {});
    }
    ShrunkScenario {
        steps: shrunk.actions.len(),
        check: v.check.to_owned(),
        toml: t,
    }
}
