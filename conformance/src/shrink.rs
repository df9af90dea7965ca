//! Shrinking a failing game to a short scenario.
//!
//! A failure is replayed with the cheap checks and the oracle on every state and
//! the full checks on the last; then it is reduced, each pass keeping only
//! candidates that still break the same check (for a panic, at the same place
//! in the code):
//!
//! 1. the shortest failing prefix: the actions up to the first state that
//!    breaks it (for a failure of the full checks, the full checks on every
//!    state find it);
//! 2. delta debugging, Zeller's `ddmin` over the actions (`ddmin`): chunks
//!    dropped, then single actions, then runs of two to four neighbours (a
//!    move and its reply), again until nothing more goes; a candidate whose
//!    actions stop being legal does not fail. A candidate is replayed from a
//!    cached state of the last failing game where it shares its prefix, with
//!    the full checks on its last state only;
//! 3. smaller chance outcomes: each forced die or coin is replaced by an earlier
//!    outcome in the listed order when the failure survives;
//! 4. when the failure does not need the game's past, the position before the
//!    last action and that action alone: the plain position, else its save
//!    (which carries the positions a repetition compares with).
//!
//! Every pass stops at a deadline ([`ShrinkLimits`]), keeping the smallest
//! failing game found so far. The result is written as a scenario file that
//! names the broken invariant and the replay command, ready to move into
//! `scenarios/` once the bug is fixed: from the start when it takes at most
//! [`FROM_START_MAX`] actions, else from the position when the failure needs
//! no more.

mod ddmin;
mod replay;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameOptions, Turn};

use crate::invariants::{Checker, Violation};
use crate::panics::catch_panic;
use replay::{Ended, Full, Scratch, Target, Tester};

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

/// When the shrinker stops, and what its full checks probe.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShrinkLimits {
    /// Stop at this instant with the smallest failing game found so far
    /// (the replay that finds the failure at all runs whatever the deadline).
    pub deadline: Option<Instant>,
    /// The failing game's seed: the full checks' probes of unlisted actions
    /// are drawn from it and the step's index, as the simulation draws them,
    /// so that a failure they found is found again.
    pub seed: u64,
}

/// A failure that does not need the game's past: the position before its last
/// action, and that action.
#[derive(Clone, Debug)]
pub struct FromPosition<G: Game> {
    /// The position ([`Game::export`]), or, when the failure needs the
    /// positions a repetition compares with, the save ([`Record::save`]).
    pub text: String,
    /// Whether [`text`](Self::text) is a save that carries a history.
    pub save: bool,
    /// The action that breaks the check from there.
    pub action: G::Action,
}

/// A failing game reduced as far as the passes go.
#[derive(Clone, Debug)]
pub struct Shrunk<G: Game> {
    /// The actions from the start that still break the invariant after the
    /// last of them.
    pub actions: Vec<G::Action>,
    /// The violation the shrunk game ends in.
    pub violation: Violation,
    /// How many actions the failing game had before shrinking.
    pub original_len: usize,
    /// The same failure from the position before its last action, when
    /// that position (or its save) and the action alone break it again.
    pub position: Option<FromPosition<G>>,
    /// Seconds spent shrinking.
    pub seconds: f64,
    /// False when the deadline stopped the shrinking before its end: the
    /// actions are the smallest failing game found by then.
    pub complete: bool,
    /// Candidates replayed.
    pub tests: u64,
}

/// A game that fails in at most this many actions from the start is written
/// from the start even when it fails from a position too: such a scenario
/// does not depend on the position's text. A longer one is written from the
/// position, when it fails from there.
pub const FROM_START_MAX: usize = 20;

/// Shrinks the failing game `actions` from `initial`. `None` when it does not
/// fail when replayed with the cheap checks and the oracle on every state and
/// the full checks on the last (a save-restore failure: the replay does not
/// save).
///
/// The passes: the failure is found again, and the full checks on every
/// earlier state look for an earlier state they find broken; delta debugging
/// (Zeller's `ddmin`) drops chunks, then single actions, then runs of neighbours
/// (a candidate whose actions stop being legal does not fail); each forced
/// die or coin is replaced by an earlier outcome in the listed order where
/// the failure survives; last, the position before the last action (plain,
/// else its save, which carries the repetition history) and that action are
/// replayed alone, and kept as [`Shrunk::position`] when they fail the same
/// way. Each pass stops at `limits.deadline`, keeping the best found.
pub fn shrink<G: Game>(
    initial: &G,
    actions: &[G::Action],
    oracle: Option<&Oracle<G>>,
    limits: ShrinkLimits,
) -> Option<Shrunk<G>> {
    let started = Instant::now();
    let mut scratch = Scratch::new(initial, oracle, None, limits.seed);
    let Ended::Broke {
        after,
        violation,
        in_full,
    } = scratch.replay(initial, 0, actions, Full::Last)
    else {
        return None;
    };
    scratch.deadline = limits.deadline;
    let target = Target::of(&violation, in_full);
    let mut best = actions[..after].to_vec();
    let mut violation = violation;
    // An earlier state the full checks find broken, if any.
    if target.full
        && after > 0
        && let Ended::Broke {
            after,
            violation: v,
            in_full: true,
        } = scratch.replay(initial, 0, &best[..after - 1], Full::Every)
        && target.matches(&v)
    {
        best.truncate(after);
        violation = v;
    }
    // The position before the failing action and that action, tried first
    // (one replay of one action), so that a deadline that stops the passes
    // below still leaves a one-step scenario when the failure needs no past.
    let mut position = from_position(initial, &best, &target, &mut scratch);
    let found = best.len();
    let mut tester = Tester::new(initial, scratch, target.clone(), &best);
    let minimised = ddmin::minimise(best, &mut |c: &[G::Action]| tester.test(c));
    let mut best = minimised.items;
    let mut complete = minimised.complete;
    let mut tests = minimised.tests;
    // Smaller chance outcomes.
    let mut i = 0;
    while complete && i < best.len() {
        let state = catch_panic(|| {
            let mut state = initial.clone();
            for &a in &best[..i] {
                state.apply_unchecked(a, &mut |_| {});
            }
            state
        });
        if let Ok(state) = state
            && state.turn() == Turn::Chance
        {
            let mut outcomes = G::Actions::default();
            state.legal_actions(&mut outcomes);
            if let Some(pos) = outcomes.iter().position(|&o| o == best[i]) {
                for &smaller in &outcomes[..pos] {
                    let mut candidate = best.clone();
                    candidate[i] = smaller;
                    tests += 1;
                    match tester.test(&candidate) {
                        ddmin::Verdict::Fails(k) => {
                            candidate.truncate(k);
                            best = candidate;
                            break;
                        }
                        ddmin::Verdict::Stop => complete = false,
                        ddmin::Verdict::Passes => continue,
                    }
                    break;
                }
            }
        }
        i += 1;
    }
    if let Some(v) = tester.violation.take() {
        violation = v;
    }
    // The same, before the last action of the shrunk game (the first one
    // stays when this one does not fail, or the deadline came first).
    if best.len() < found {
        if tester.scratch.out_of_time() {
            complete = false;
        } else if let Some(p) = from_position(initial, &best, &target, &mut tester.scratch) {
            position = Some(p);
        }
    }
    Some(Shrunk {
        actions: best,
        violation,
        original_len: actions.len(),
        position,
        seconds: started.elapsed().as_secs_f64(),
        complete,
        tests,
    })
}

/// The position before the last of `actions` and that action, when they
/// break `target` alone: the plain position first, then its save (the
/// position after the last irreversible action and the actions since, which
/// carries the repetition history).
fn from_position<G: Game>(
    initial: &G,
    actions: &[G::Action],
    target: &Target,
    scratch: &mut Scratch<'_, G>,
) -> Option<FromPosition<G>> {
    let (&last, before) = actions.split_last()?;
    let record = catch_panic(|| Record::replay(initial, before)).ok()?;
    let options = initial.options();
    let plain = catch_panic(|| record.state().export_string()).ok();
    let save = (!record.actions().is_empty())
        .then(|| catch_panic(|| record.save_string()).ok())
        .flatten();
    for (text, is_save) in [(plain, false), (save, true)] {
        let Some(text) = text else { continue };
        let Ok(Ok(start)) = catch_panic(|| restore::<G>(&text, options)) else {
            continue;
        };
        match scratch.replay(start.state(), before.len(), &[last], target.full()) {
            Ended::Broke {
                after: 1,
                violation,
                ..
            } if target.matches(&violation) => {
                return Some(FromPosition {
                    text,
                    save: is_save,
                    action: last,
                });
            }
            Ended::Broke { .. } | Ended::Illegal | Ended::Clean | Ended::OutOfTime => {}
        }
    }
    None
}

/// A shrunk failure written as a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShrunkScenario {
    /// Steps in the scenario.
    pub steps: usize,
    /// The invariant it breaks.
    pub check: String,
    /// The scenario file's text.
    pub toml: String,
    /// Actions of the failing game before shrinking (0 in reports written
    /// before it was recorded).
    #[serde(default)]
    pub original_steps: usize,
    /// Whether the scenario starts at the position before the failing action
    /// rather than at the standard start.
    #[serde(default)]
    pub from_position: bool,
    /// Seconds spent shrinking.
    #[serde(default)]
    pub seconds: f64,
    /// The deadline stopped the shrinking: the scenario is the smallest
    /// failing game found by then.
    #[serde(default)]
    pub stopped: bool,
}

/// `1 ply`, `2 plies`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

impl ShrunkScenario {
    /// One line for the reports: `shrunk from 1432 plies to 1 step (from
    /// the position before the failing action) in 2.4 s`, with `, stopped by
    /// the time budget` when it was.
    #[must_use]
    pub fn describe(&self) -> String {
        let steps = if self.steps == 1 {
            "1 step".to_owned()
        } else {
            format!("{} steps", self.steps)
        };
        format!(
            "shrunk from {} to {steps}{} in {:.1} s{}",
            plies(self.original_steps),
            if self.from_position {
                " (from the position before the failing action)"
            } else {
                ""
            },
            self.seconds,
            if self.stopped {
                ", stopped by the time budget"
            } else {
                ""
            }
        )
    }
}

/// `s` as a TOML string.
pub(crate) fn quoted(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// The `[options]` table of a scenario of `G` under `options`: the options
/// that differ from the defaults, or nothing when none does.
pub(crate) fn options_table<G: Game>(options: &G::Options) -> String {
    let default = G::Options::default();
    let mut t = String::new();
    for spec in <G::Options as GameOptions>::SPECS {
        if let Some(value) = options.get(spec.key)
            && default.get(spec.key) != Some(value)
        {
            if t.is_empty() {
                t.push_str("\n[options]\n");
            }
            t.push_str(&format!("{} = {}\n", spec.key, quoted(value)));
        }
    }
    t
}

/// The scenario file for `shrunk`, a game of `G` from the standard start under
/// `options`, found as game `index` of master seed `seed`: from the standard
/// start, or, when the game takes more than [`FROM_START_MAX`] actions from
/// there and fails from the position before its last action, from that
/// position.
#[must_use]
pub fn scenario_text<G: Game>(
    shrunk: &Shrunk<G>,
    options: &G::Options,
    seed: u64,
    index: u64,
    replay: &str,
) -> ShrunkScenario {
    scenario_text_from(shrunk, options, None, seed, index, replay)
}

/// [`scenario_text`] for a game that started at `start`, `(save, from)`: the
/// save of the position it started from (which carries its past) and where
/// that was found (a scenario file and step, a perft table), which the
/// scenario names; the standard start when `None`.
#[must_use]
pub fn scenario_text_from<G: Game>(
    shrunk: &Shrunk<G>,
    options: &G::Options,
    start: Option<(&str, &str)>,
    seed: u64,
    index: u64,
    replay: &str,
) -> ShrunkScenario {
    // The game's start, as a record that carries its past.
    let begin = || -> Option<Record<G>> {
        match start {
            None => Some(Record::new(G::new(options))),
            Some((save, _)) => catch_panic(|| restore::<G>(save, options)).ok()?.ok(),
        }
    };
    let from = shrunk
        .position
        .as_ref()
        .filter(|_| shrunk.actions.len() > FROM_START_MAX)
        .and_then(|p| {
            let record = catch_panic(|| restore::<G>(&p.text, options)).ok()?.ok()?;
            Some((p, record.into_state()))
        });
    let steps = if from.is_some() {
        1
    } else {
        shrunk.actions.len()
    };
    let from_position = from.is_some();
    let shape = match &from {
        Some((p, _)) => format!(
            "the {} before the failing action and that action ({} from the start)",
            if p.save { "save" } else { "position" },
            plies(shrunk.actions.len())
        ),
        None => plies(shrunk.actions.len()),
    };
    let mut t = String::new();
    let v = &shrunk.violation;
    t.push_str(&format!(
        "# Shrunk by tigerseye sim from game {index} of master seed {seed}: {} down to {shape}, in {:.1} s{}.\n",
        plies(shrunk.original_len),
        shrunk.seconds,
        if shrunk.complete {
            ""
        } else {
            " (stopped by the time budget: the smallest failing game found by then)"
        }
    ));
    t.push_str(&format!(
        "# Broken invariant after the last step: [{}] {}\n",
        v.check,
        v.message.replace('\n', " ")
    ));
    t.push_str(&format!("# Replay the original game: {replay}\n"));
    if let Some((_, origin)) = start {
        t.push_str(&format!(
            "# The game started from {}, not the standard start.\n",
            origin.replace('\n', " ")
        ));
    }
    if from.is_none() {
        // The save of the state before the last step: the position after the
        // last irreversible action and the actions since, which resumes the
        // game with the positions a repetition counts (`tigerseye show
        // --position`).
        let before_last = &shrunk.actions[..shrunk.actions.len().saturating_sub(1)];
        if let Ok(Some(save)) = catch_panic(|| {
            let mut record = begin()?;
            for &a in before_last {
                record.apply_unchecked(a, &mut |_| {});
            }
            Some(record.save_string())
        }) {
            t.push_str(&format!(
                "# Before the last step (its save): {}\n",
                save.replace('\n', " ")
            ));
        }
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
            "tigerseye sim, master seed {seed}, game {index}{}, shrunk from {} to {shape}",
            start.map_or_else(String::new, |(_, origin)| format!(" from {origin}")),
            plies(shrunk.original_len),
        ))
    ));
    t.push_str("tags = [\"regression\"]\n");
    match (&from, start) {
        (Some((p, _)), _) => t.push_str(&format!("position = {}\n", quoted(&p.text))),
        (None, Some((save, _))) => t.push_str(&format!("position = {}\n", quoted(save))),
        (None, None) => {}
    }
    t.push_str(&options_table::<G>(options));
    let (mut state, actions) = match from {
        Some((p, state)) => (state, vec![p.action]),
        None => (
            begin().map_or_else(|| G::new(options), Record::into_state),
            shrunk.actions.clone(),
        ),
    };
    if actions.is_empty() {
        // The check fails at the first state itself: one step with no action,
        // after which the runner checks that state.
        t.push_str("\n[[step]]\nnote = \"the check fails here, before any action\"\n");
    }
    for a in actions {
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
        steps,
        check: v.check.to_owned(),
        toml: t,
        original_steps: shrunk.original_len,
        from_position,
        seconds: shrunk.seconds,
        stopped: !shrunk.complete,
    }
}
