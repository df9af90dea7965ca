//! Runs a scenario against the engine: plays its steps, checks its expectations and
//! writes the transcript the corpus snapshots.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor, RuleEvent, Side, Turn};

pub use crate::check_results::Verdict;
use crate::check_results::{CountedUnder, ScenarioResult};
use crate::invariants::Checker;
use crate::scenario::{Format, Loaded, LoadedScenario, Refused, Scenario, Step, key_at};
use crate::search::{SOLVER_NODE_LIMIT, forced_winner_within};

/// The result of running one scenario.
#[derive(Clone, Debug)]
pub struct ScenarioRun {
    /// The game, when the file named a registered one.
    pub game: Option<GameId>,
    /// The verdict.
    pub verdict: Verdict,
    /// Each expectation that did not hold, as `file:line:column: message`.
    pub failures: Vec<String>,
    /// The transcript: boards, sorted legal actions, events, outcome.
    pub transcript: String,
    /// Rule events emitted, by tag.
    pub events: BTreeMap<&'static str, u64>,
}

/// A kind of scenario the runner runs, each in its format: the games'
/// ([`Scenario`]) and the clock scenarios
/// ([`ClockScenario`](crate::clock_scenario::ClockScenario)). Both are loaded
/// by [`crate::scenario::load_as`], and their runs are recorded alike
/// ([`result_of`]).
pub trait Runnable: Format {
    /// Runs `loaded`: its steps and their expectations, into a verdict, the
    /// failures and the transcript.
    fn run(loaded: &Loaded<Self>) -> ScenarioRun;

    /// Where the check counts `run`: under its game, under the clock
    /// scenarios, or as unknown when the file names no registered game.
    fn counted_under(run: &ScenarioRun) -> CountedUnder;
}

impl Runnable for Scenario {
    fn run(loaded: &LoadedScenario) -> ScenarioRun {
        run(loaded)
    }

    fn counted_under(run: &ScenarioRun) -> CountedUnder {
        CountedUnder::game_or_unknown(run.game)
    }
}

/// The row `check` records for `run`, the run of `loaded`, the file shown as
/// `path`.
#[must_use]
pub fn result_of<K: Runnable>(
    path: String,
    loaded: &Loaded<K>,
    run: ScenarioRun,
) -> ScenarioResult {
    let header = loaded.scenario.header();
    ScenarioResult {
        path,
        game: K::counted_under(&run),
        title: header.title.to_owned(),
        verdict: run.verdict,
        reason: header.reason.map(str::to_owned),
        failures: run.failures,
    }
}

/// Runs the game scenario `loaded`.
#[must_use]
pub fn run(loaded: &LoadedScenario) -> ScenarioRun {
    run_with_solver_limit(loaded, SOLVER_NODE_LIMIT)
}

/// [`run`], its solver visiting at most `solver_limit` positions a claim.
fn run_with_solver_limit(loaded: &LoadedScenario, solver_limit: u64) -> ScenarioRun {
    let s = &loaded.scenario;
    let game = match s.game.get_ref().parse::<GameId>() {
        Ok(g) => g,
        Err(e) => {
            return ScenarioRun {
                game: None,
                verdict: Verdict::Failed,
                failures: vec![format!("{}: {e}", loaded.locate(s.game.span().start))],
                transcript: String::new(),
                events: BTreeMap::new(),
            };
        }
    };
    struct Visit<'a>(&'a LoadedScenario, u64);
    impl GameVisitor for Visit<'_> {
        type Output = (Vec<String>, String, BTreeMap<&'static str, u64>);
        fn visit<G: Game>(self) -> Self::Output {
            let mut r = Runner::<G> {
                loaded: self.0,
                solver_limit: self.1,
                at: self.0.scenario.game.span().start,
                failures: Vec::new(),
                transcript: String::new(),
                events: BTreeMap::new(),
                seen: Vec::new(),
            };
            // A panic in the engine (or the runner) is this scenario's failure,
            // at the step that was running, and the corpus run goes on.
            if let Err(message) = crate::panics::catch_panic(|| r.run()) {
                r.fail(r.at, format!("panic: {message}"));
            }
            (r.failures, r.transcript, r.events)
        }
    }
    let (failures, transcript, events) = game.visit(Visit(loaded, solver_limit));
    let verdict = Verdict::of(s.status, failures.is_empty());
    ScenarioRun {
        game: Some(game),
        verdict,
        failures,
        transcript,
        events,
    }
}

struct Runner<'a, G: Game> {
    /// The most positions the solver visits for one claim.
    solver_limit: u64,
    loaded: &'a LoadedScenario,
    /// Where in the file the run is: the position, then each step's header
    /// (where a panic is reported).
    at: usize,
    failures: Vec<String>,
    transcript: String,
    events: BTreeMap<&'static str, u64>,
    /// The states the scenario has been in, the start first: a text that
    /// cannot be read now but could in one of them is an action that lapsed
    /// (an en passant capture a move later), refused, not a typo.
    seen: Vec<G>,
}

/// The legal actions of `state` in notation, sorted.
pub(crate) fn sorted_legal<G: Game>(state: &G) -> Vec<String> {
    let mut buf = G::Actions::default();
    state.legal_actions(&mut buf);
    let mut texts: Vec<String> = buf.iter().map(|&a| state.action_text(a)).collect();
    texts.sort();
    texts
}

fn turn_name<G: Game>(turn: Turn) -> String {
    match turn {
        Turn::Player(side) => G::side_name(side).to_owned(),
        Turn::Chance => "chance".to_owned(),
        Turn::Over(_) => "over".to_owned(),
    }
}

/// A side by the game's name for it (`forest`, `storm` in Dragon) or by its
/// colour (`green`, `red`), or `none`.
fn parse_winner<G: Game>(text: &str) -> Result<Option<Side>, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    if let Some(side) = Side::ALL
        .into_iter()
        .find(|&s| text.eq_ignore_ascii_case(G::side_name(s)))
    {
        return Ok(Some(side));
    }
    text.parse::<Side>().map(Some).map_err(|_| {
        format!(
            "expected `{}`, `{}` or `none`, found `{text}`",
            G::side_name(Side::Green),
            G::side_name(Side::Red)
        )
    })
}

/// Whether `text` names a turn: a side (by the game's name or its colour),
/// `chance` or `over`.
fn is_turn_name<G: Game>(text: &str) -> bool {
    ["chance", "over"]
        .iter()
        .any(|t| text.eq_ignore_ascii_case(t))
        || parse_winner::<G>(text).is_ok_and(|w| w.is_some())
}

impl<G: Game> Runner<'_, G> {
    fn fail(&mut self, at: usize, message: impl std::fmt::Display) {
        let loc = self.loaded.locate(at);
        self.failures.push(format!("{loc}: {message}"));
        let _ = writeln!(self.transcript, "!! {message}");
    }

    fn run(&mut self) {
        let s = &self.loaded.scenario;
        let mut options = G::Options::default();
        for (key, value) in &s.options {
            if let Err(e) = options.set(key, value.get_ref()) {
                self.fail(value.span().start, e);
                return;
            }
        }
        let t = &mut self.transcript;
        let _ = writeln!(t, "# {}", s.title);
        let _ = writeln!(t, "game: {} ({})", G::NAME, G::TITLE);
        let _ = writeln!(t, "source: {}", s.source);
        let _ = writeln!(t, "status: {}", s.status);
        if let Some(reason) = &s.reason {
            let _ = writeln!(t, "reason: {reason}");
        }
        if !s.rulings.is_empty() {
            let ids: Vec<&str> = s.rulings.iter().map(|r| r.get_ref().as_str()).collect();
            let _ = writeln!(t, "rulings: {}", ids.join(", "));
        }
        // Only the options that differ from the defaults (the default readings).
        let defaults = G::Options::default();
        let opts: Vec<String> = <G::Options as GameOptions>::SPECS
            .iter()
            .filter(|spec| options.get(spec.key) != defaults.get(spec.key))
            .map(|spec| format!("{}={}", spec.key, options.get(spec.key).unwrap_or("?")))
            .collect();
        let _ = writeln!(
            t,
            "options: {}",
            if opts.is_empty() {
                "defaults".to_owned()
            } else {
                opts.join(", ")
            }
        );
        let known: Vec<&str> = G::RULINGS.iter().map(|r| r.id).collect();
        for r in &s.rulings {
            if !tigerseye_engine::rulings::all()
                .iter()
                .any(|(_, k)| k.id == r.get_ref())
            {
                let msg = format!(
                    "unknown ruling `{}`: no game has it (a scenario may name any \
                     game's ruling; this game's are {}; `tigerseye rulings` lists them all)",
                    r.get_ref(),
                    known.join(", ")
                );
                self.fail(r.span().start, msg);
            }
        }
        // The header is written first, so a position that does not import (a
        // disputed example on a track without its squares) still shows its title,
        // source and reason.
        if let Some(p) = &s.position {
            self.at = p.span().start;
        }
        // A position, or a save (a position and the actions since).
        let mut record = match &s.position {
            None => Record::new(G::new(&options)),
            Some(p) => match restore::<G>(p.get_ref(), &options) {
                Ok(record) => record,
                Err(e) => {
                    self.fail(p.span().start, e);
                    return;
                }
            },
        };
        let _ = writeln!(
            self.transcript,
            "\nstart: {}",
            record.state().export_string()
        );
        if !record.actions().is_empty() {
            let _ = writeln!(self.transcript, "start save: {}", record.save_string());
        }
        self.describe(record.state());
        self.seen.push(record.state().clone());

        for (i, spanned) in s.steps.iter().enumerate() {
            let step = spanned.get_ref();
            let at = spanned.span().start;
            self.at = at;
            #[cfg(test)]
            crate::planted::hit(step.note.as_deref().unwrap_or_default());
            let _ = writeln!(self.transcript, "\n## step {}", i + 1);
            if let Some(note) = &step.note {
                let _ = writeln!(self.transcript, "note: {note}");
            }
            if !self.act(&mut record, step, &spanned.span()) {
                return;
            }
            if step.save_restore == Some(true) {
                let key = key_at(&self.loaded.text, &spanned.span(), "save-restore");
                self.save_restore(&mut record, key);
            }
            self.expect(&record, step, &spanned.span());
            self.check_invariants(record.state(), at);
            self.seen.push(record.state().clone());
        }
    }

    /// Saves the game, restores the save and goes on from the restored
    /// state, which must equal the saved one: the same position, hash,
    /// repetition history (as long, and the same save) and legal actions.
    fn save_restore(&mut self, record: &mut Record<G>, at: usize) {
        let text = record.save_string();
        let _ = writeln!(self.transcript, "saved and restored: {text}");
        let restored = match restore::<G>(&text, record.state().options()) {
            Ok(r) => r,
            Err(e) => {
                self.fail(at, format!("the save does not restore: {e}"));
                return;
            }
        };
        let (before, after) = (record.state(), restored.state());
        let mut changed = Vec::new();
        if before != after || before.export_string() != after.export_string() {
            changed.push("the position");
        }
        if before.hash() != after.hash() {
            changed.push("the hash");
        }
        if before.history_len() != after.history_len() || restored.save_string() != text {
            changed.push("the repetition history");
        }
        if sorted_legal(before) != sorted_legal(after) {
            changed.push("the legal actions");
        }
        if !changed.is_empty() {
            self.fail(
                at,
                format!("restoring the save `{text}` changed {}", changed.join(", ")),
            );
        }
        *record = restored;
    }

    /// Plays the step's action, if any. False when the scenario cannot go on.
    fn act(&mut self, record: &mut Record<G>, step: &Step, span: &std::ops::Range<usize>) -> bool {
        let state = record.state();
        let (text, is_chance) = match (&step.play, &step.chance) {
            (Some(p), _) => (p, false),
            (None, Some(c)) => (c, true),
            (None, None) => return true,
        };
        let text_at = text.span().start;
        let turn = state.turn();
        if is_chance && turn != Turn::Chance {
            self.fail(
                text_at,
                format!("`chance` given, but the turn is {}'s", turn_name::<G>(turn)),
            );
            return false;
        }
        let action = match state.parse_action(text.get_ref()) {
            Ok(a) => a,
            Err(e) => {
                self.fail(text_at, e);
                return false;
            }
        };
        let written = state.action_text(action);
        let actor = turn_name::<G>(turn);
        let mut emitted = Vec::new();
        if let Err(e) = record.apply(action, &mut |ev: G::Event| emitted.push(ev)) {
            let state = record.state();
            let legal = sorted_legal(state);
            self.fail(
                text_at,
                format!(
                    "`{}` refused: {e}{}; legal here: {}",
                    text.get_ref(),
                    state
                        .refusal(action)
                        .map_or_else(String::new, |why| format!(" ({why})")),
                    legal.join(" ")
                ),
            );
            return false;
        }
        let _ = writeln!(self.transcript, "{actor} plays {written}");
        let shown: Vec<String> = emitted.iter().map(ToString::to_string).collect();
        for ev in &emitted {
            *self.events.entry(ev.tag()).or_default() += 1;
        }
        if shown.is_empty() {
            let _ = writeln!(self.transcript, "events: -");
        } else {
            for e in &shown {
                let _ = writeln!(self.transcript, "event: {e}");
            }
        }
        if let Some(expected) = &step.events
            && *expected != shown
        {
            self.fail(
                key_at(&self.loaded.text, span, "events"),
                format!("events: expected {expected:?}, got {shown:?}"),
            );
        }
        self.describe(record.state());
        true
    }

    /// Every invariant the simulator checks, cheap and full, on the state after a
    /// step: a scenario is also a regression test of the engine's consistency.
    fn check_invariants(&mut self, state: &G, at: usize) {
        let mut legal = G::Actions::default();
        state.legal_actions(&mut legal);
        let mut checker = Checker::new(state);
        if let Err(v) = checker
            .cheap(state, &legal)
            .and_then(|_| checker.full(state, &legal, at as u64))
        {
            self.fail(at, format!("invariant broken: {v}"));
        }
    }

    fn describe(&mut self, state: &G) {
        let t = &mut self.transcript;
        let _ = write!(t, "{}", state.render_string());
        let legal = sorted_legal(state);
        if !legal.is_empty() {
            let _ = writeln!(t, "legal ({}): {}", legal.len(), legal.join(" "));
        }
    }

    /// Checks the step's expectations; each failure points at its key's line.
    fn expect(&mut self, record: &Record<G>, step: &Step, span: &std::ops::Range<usize>) {
        let state = record.state();
        let loaded: &LoadedScenario = self.loaded;
        let key = |k: &str| key_at(&loaded.text, span, k);
        let at = span.start;
        if step.play.is_none() && step.chance.is_none() && step.events.is_some() {
            self.fail(
                key("events"),
                "`events` needs a `play` or `chance` in the same step",
            );
        }
        if let Some(expected) = &step.legal {
            let got = sorted_legal(state);
            let mut want = expected.clone();
            want.sort();
            if want != got {
                let missing: Vec<&String> = want.iter().filter(|a| !got.contains(a)).collect();
                let extra: Vec<&String> = got.iter().filter(|a| !want.contains(a)).collect();
                self.fail(key("legal"), legal_difference(&missing, &extra));
            }
        }
        if let Some(illegal) = &step.illegal {
            for refused in illegal {
                self.check_refused(state, refused, key("illegal"));
            }
        }
        if let Some(expected) = &step.save {
            let got = record.save_string();
            if *expected != got {
                self.fail(
                    key("save"),
                    format!("save: expected `{expected}`, got `{got}`"),
                );
            }
        }
        if let Some(expected) = &step.position {
            let got = state.export_string();
            if *expected != got {
                self.fail(
                    key("position"),
                    format!("position: expected `{expected}`, got `{got}`"),
                );
            }
        }
        if let Some(expected) = &step.turn {
            let got = turn_name::<G>(state.turn());
            if !is_turn_name::<G>(expected) {
                self.fail(
                    key("turn"),
                    format!(
                        "turn: expected `{}`, `{}`, `chance` or `over`, found `{expected}`",
                        G::side_name(Side::Green),
                        G::side_name(Side::Red)
                    ),
                );
            } else if !expected.eq_ignore_ascii_case(&got)
                && parse_winner::<G>(expected).ok().flatten().map(G::side_name) != Some(&got)
            {
                self.fail(key("turn"), format!("turn: expected {expected}, got {got}"));
            }
        }
        if let Some(exp) = &step.outcome {
            let winner = parse_winner::<G>(&exp.winner);
            if let Err(e) = &winner {
                self.fail(key("outcome"), format!("outcome winner: {e}"));
            }
            match state.turn() {
                Turn::Over(outcome) => {
                    let shown = outcome.named([G::side_name(Side::Green), G::side_name(Side::Red)]);
                    match winner {
                        Err(_) => {}
                        Ok(w) if w != outcome.winner => {
                            self.fail(
                                key("outcome"),
                                format!("outcome: expected winner {}, got {shown}", exp.winner),
                            );
                        }
                        Ok(_) => {}
                    }
                    if let Some(rule) = &exp.rule
                        && rule != outcome.rule.name()
                    {
                        self.fail(
                            key("outcome"),
                            format!("outcome: expected rule {rule}, got {shown}"),
                        );
                    }
                    if let Some(score) = &exp.score
                        && *score != outcome.score.to_string()
                    {
                        self.fail(
                            key("outcome"),
                            format!("outcome: expected score {score}, got {shown}"),
                        );
                    }
                }
                turn @ (Turn::Player(_) | Turn::Chance) => self.fail(
                    key("outcome"),
                    format!(
                        "outcome expected, but the game goes on ({} to act)",
                        turn_name::<G>(turn)
                    ),
                ),
            }
        }
        if let Some(forced) = &step.forced {
            match parse_winner::<G>(&forced.winner) {
                Err(e) => self.fail(key("forced"), format!("forced winner: {e}")),
                Ok(want) => match forced_winner_within(state, forced.within, self.solver_limit) {
                    Err(e) => self.fail(key("forced"), format!("forced: {e}")),
                    Ok(got) => {
                        if got != want {
                            self.fail(
                                key("forced"),
                                format!(
                                    "forced within {} plies: expected {}, got {}",
                                    forced.within,
                                    forced.winner,
                                    got.map_or("none", |s| G::side_name(s))
                                ),
                            );
                        }
                        let _ = writeln!(
                            self.transcript,
                            "forced within {} plies: {}",
                            forced.within,
                            got.map_or("none", |s| G::side_name(s))
                        );
                    }
                },
            }
        }
        // Said once for the step, not once for each action it names or the
        // state lists (a chance outcome's or an ended game's).
        if (step.losing.is_some() || step.must_play.is_some())
            && !matches!(state.turn(), Turn::Player(_))
        {
            let now = match state.turn() {
                Turn::Over(_) => "the game is over".to_owned(),
                turn @ (Turn::Player(_) | Turn::Chance) => {
                    format!("the turn is {}'s", turn_name::<G>(turn))
                }
            };
            self.fail(
                at,
                format!("`losing` and `must-play` need a player to act, and {now}"),
            );
            return;
        }
        if let Some(losing) = &step.losing {
            for text in &losing.actions {
                self.check_losing(state, text, losing.within, true, key("losing"));
            }
        }
        if let Some(must) = &step.must_play {
            let mut buf = G::Actions::default();
            state.legal_actions(&mut buf);
            // The saving action is read and found first: when it is unreadable
            // or not legal, that is the one failure (not also every other
            // action's search).
            let saving = match state.parse_action(&must.action) {
                Err(e) => {
                    self.fail(
                        key("must-play"),
                        format!("must-play `{}` cannot be read: {e}", must.action),
                    );
                    return;
                }
                Ok(a) if !buf.contains(&a) => {
                    self.fail(
                        key("must-play"),
                        format!(
                            "must-play `{}` is not a legal action; legal here: {}",
                            must.action,
                            sorted_legal(state).join(" ")
                        ),
                    );
                    return;
                }
                Ok(a) => a,
            };
            for &a in buf.iter() {
                let text = state.action_text(a);
                self.check_losing(state, &text, must.within, a != saving, key("must-play"));
            }
        }
    }

    /// Checks that `refused` is refused in `state`, for its reason if it names
    /// one. A text that cannot be read here is refused when it could be read
    /// in an earlier state of the scenario (an action that lapsed, such as an
    /// en passant capture a move later); one that was never readable is a
    /// typo, and an error.
    fn check_refused(&mut self, state: &G, refused: &Refused, at: usize) {
        let text = refused.action();
        let why = match state.parse_action(text) {
            Err(e) => {
                if !self.seen.iter().any(|s| s.parse_action(text).is_ok()) {
                    self.fail(
                        at,
                        format!(
                            "illegal `{text}` cannot be read here nor in any earlier state of the scenario (a typo?): {e}"
                        ),
                    );
                    return;
                }
                e.to_string()
            }
            Ok(a) => {
                let mut probe = state.clone();
                match probe.play(a) {
                    Ok(()) => {
                        self.fail(
                            at,
                            format!("`{text}` was expected to be refused but is legal"),
                        );
                        return;
                    }
                    Err(e) => state.refusal(a).unwrap_or_else(|| e.to_string()),
                }
            }
        };
        if let Some(reason) = refused.reason() {
            let _ = writeln!(self.transcript, "refused {text}: {why}");
            if !why.contains(reason) {
                self.fail(
                    at,
                    format!("`{text}` is refused, but for another reason: expected `{reason}`, got `{why}`"),
                );
            }
        }
    }

    /// Checks that after `text` the opponent of the side to act can (or, with
    /// `loses` false, cannot) force a win within `within` plies.
    fn check_losing(&mut self, state: &G, text: &str, within: u32, loses: bool, at: usize) {
        let Turn::Player(mover) = state.turn() else {
            self.fail(at, "`losing` and `must-play` need a player to act");
            return;
        };
        let action = match state.parse_action(text) {
            Ok(a) => a,
            Err(e) => {
                self.fail(at, e);
                return;
            }
        };
        let mut child = state.clone();
        if let Err(e) = child.play(action) {
            self.fail(at, format!("`{text}`: {e}"));
            return;
        }
        let winner = match forced_winner_within(&child, within, self.solver_limit) {
            Ok(w) => w,
            Err(e) => {
                self.fail(at, format!("after `{text}`: {e}"));
                return;
            }
        };
        let lost = winner == Some(mover.opponent());
        let _ = writeln!(
            self.transcript,
            "after {text}: {} {} within {within} plies",
            G::side_name(mover.opponent()),
            if lost {
                "forces a win"
            } else {
                "cannot force a win"
            }
        );
        if lost != loses {
            self.fail(
                at,
                format!(
                    "after `{text}` {} was expected {} force a win within {within} plies",
                    G::side_name(mover.opponent()),
                    if loses { "to" } else { "not to" }
                ),
            );
        }
    }
}

/// What differs between the expected legal actions and the legal ones, each
/// side said only when it holds an action (an empty `[]` said nothing).
fn legal_difference(missing: &[&String], extra: &[&String]) -> String {
    let list = |actions: &[&String]| {
        actions
            .iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("expected but not legal: {}", list(missing)));
    }
    if !extra.is_empty() {
        parts.push(format!("legal but not expected: {}", list(extra)));
    }
    if parts.is_empty() {
        // The same actions, one of them listed twice in the expectation.
        parts.push("an action is listed twice".to_owned());
    }
    format!("legal actions differ: {}", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::scenario::parse;

    fn failures(body: &str) -> Vec<String> {
        let text = format!("title = \"t\"\ngame = \"duel\"\nsource = \"s\"\n{body}");
        run(&parse(Path::new("x.toml"), &text).unwrap()).failures
    }

    #[test]
    fn a_legal_list_missing_nothing_does_not_print_an_empty_list() {
        // "expected but not legal []" said nothing: each side is said only
        // when it holds an action.
        let f = failures("[[step]]\nlegal = [\"C1-B1\"]\n");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(!f[0].contains("[]"), "{f:?}");
        assert!(
            f[0].contains("legal actions differ: legal but not expected: `"),
            "{f:?}"
        );
        assert!(!f[0].contains("expected but not legal"), "{f:?}");
        let f = failures("[[step]]\nlegal = [\"C1-B1\", \"C1-C2\", \"C1-C3\", \"A1-A2\"]\n");
        assert!(f[0].contains("expected but not legal: `A1-A2`"), "{f:?}");
    }

    #[test]
    fn a_refusal_names_its_reason() {
        assert!(
            failures(
                "[[step]]\nillegal = [{ action = \"C1-B2\", reason = \"not a legal action\" }]\n"
            )
            .is_empty()
        );
        let f = failures(
            "[[step]]\nillegal = [{ action = \"C1-B2\", reason = \"the game is over\" }]\n",
        );
        assert_eq!(
            f,
            [
                "x.toml:5:1: `C1-B2` is refused, but for another reason: expected `the game is over`, got `not a legal action in this position`"
            ]
        );
        // A legal action named as refused still fails, reason or not.
        let f = failures("[[step]]\nillegal = [{ action = \"C1-B1\", reason = \"x\" }]\n");
        assert_eq!(
            f,
            ["x.toml:5:1: `C1-B1` was expected to be refused but is legal"]
        );
    }

    #[test]
    fn a_lapsed_action_is_refused_and_a_typo_is_an_error() {
        let text = |illegal: &str| {
            format!(
                "title = \"t\"\ngame = \"diamond-chess\"\nsource = \"s\"\nposition = \"3s3/2p4/7/3P3/7/7/3S3 green\"\n[[step]]\nplay = \"C6-C4\"\n[[step]]\nplay = \"D1-D2\"\n[[step]]\nplay = \"D7-D6\"\nillegal = [{illegal}]\n"
            )
        };
        let run_text = |t: String| run(&parse(Path::new("x.toml"), &t).unwrap()).failures;
        // Read after the double step; a move later nothing is captured on C5.
        assert!(run_text(text("\"D4xC5\"")).is_empty());
        assert!(
            run_text(text(
                "{ action = \"D4xC5\", reason = \"nothing is captured on C5\" }"
            ))
            .is_empty()
        );
        let f = run_text(text("\"D4xC9\""));
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].starts_with("x.toml:11:1: illegal `D4xC9` cannot be read here nor in any earlier state of the scenario (a typo?): "),
            "{f:?}"
        );
    }

    #[test]
    fn a_save_restore_step_goes_on_from_the_restored_game() {
        let steps = "[[step]]\nplay = \"C1-C2\"\n[[step]]\nplay = \"A3-B3\"\n[[step]]\nplay = \"C2-A2\"\n[[step]]\nplay = \"B3-B1\"\n[[step]]\nplay = \"A2-C2\"\n[[step]]\nplay = \"B1-B3\"\nsave-restore = true\nsave = \"G2/3/2R red; C1-C2; A3-B3; C2-A2; B3-B1; A2-C2; B1-B3\"\n[[step]]\nplay = \"C2-A2\"\n[[step]]\nplay = \"B3-B1\"\n[[step]]\nplay = \"A2-C2\"\n[[step]]\nplay = \"B1-B3\"\nturn = \"over\"\n";
        assert_eq!(failures(steps), Vec::<String>::new());
        let wrong = steps.replace(
            "save = \"G2/3/2R red; C1-C2;",
            "save = \"G2/3/2R red; C1-C3;",
        );
        let f = failures(&wrong);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].starts_with("x.toml:17:1: save: expected `G2/3/2R red; C1-C3;"),
            "{f:?}"
        );
    }

    #[test]
    fn a_winner_that_names_no_side_is_an_error_even_while_the_game_goes_on() {
        // `winner = "purple"` was reported only as "the game goes on".
        let f = failures("[[step]]\noutcome = { winner = \"purple\" }\n");
        assert!(
            f.iter().any(|m| m.contains(
                "x.toml:5:1: outcome winner: expected `green`, `red` or `none`, found `purple`"
            )),
            "{f:?}"
        );
    }

    #[test]
    fn losing_or_must_play_without_a_player_to_act_is_one_error() {
        // At Race's coin, `must-play` said "need a player to act" once for
        // each of the two outcomes listed.
        let text = "title = \"t\"\ngame = \"race\"\nsource = \"s\"\n[[step]]\nmust-play = { action = \"coin red\", within = 2 }\nlosing = { actions = [\"coin green\", \"coin red\"], within = 2 }\n";
        let f = run(&parse(Path::new("x.toml"), text).unwrap()).failures;
        assert_eq!(
            f,
            ["x.toml:4:1: `losing` and `must-play` need a player to act, and the turn is chance's"]
        );
    }

    #[test]
    fn a_must_play_that_is_not_legal_is_one_failure() {
        // An unreadable or illegal must-play also reported the search after
        // every legal action (each "does not lose"), burying the one mistake.
        let f = failures("[[step]]\nmust-play = { action = \"Z9-Z8\", within = 2 }\n");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].starts_with("x.toml:5:1: must-play `Z9-Z8` cannot be read: "),
            "{f:?}"
        );
        let f = failures("[[step]]\nmust-play = { action = \"C1-B2\", within = 2 }\n");
        assert_eq!(
            f,
            [
                "x.toml:5:1: must-play `C1-B2` is not a legal action; legal here: C1-A1 C1-B1 C1-C2 C1-C3"
            ]
        );
    }

    #[test]
    fn an_unknown_ruling_is_named_and_another_games_is_accepted() {
        // The error said "this game's are ...", as if only those were read,
        // while a scenario may name any game's ruling (DiamondQuest's name
        // DiamondQi's).
        let f = failures("rulings = [\"duel.no-such\"]\n[[step]]\nnote = \"n\"\n");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].starts_with("x.toml:4:12: unknown ruling `duel.no-such`: no game has it (a scenario may name any game's ruling; this game's are duel."),
            "{f:?}"
        );
        assert!(failures("rulings = [\"race.track-shape\"]\n[[step]]\nnote = \"n\"\n").is_empty());
    }

    #[test]
    fn a_turn_that_names_nothing_is_an_error() {
        // `turn = "blue"` read as a mismatch: "expected blue, got red".
        let f = failures("[[step]]\nturn = \"blue\"\n");
        assert_eq!(
            f,
            ["x.toml:5:1: turn: expected `green`, `red`, `chance` or `over`, found `blue`"]
        );
        assert!(failures("[[step]]\nturn = \"Red\"\n").is_empty());
    }

    #[test]
    fn a_game_names_its_sides_its_own_way() {
        // Dragon's sides are `forest` and `storm`: `forced = { winner = "storm" }`
        // was refused, as only `green` and `red` were read.
        let text = "title = \"t\"\ngame = \"dragon\"\nsource = \"s\"\n[[step]]\nturn = \"storm\"\nforced = { winner = \"storm\", within = 1 }\n";
        let f = run(&parse(Path::new("x.toml"), text).unwrap()).failures;
        assert_eq!(
            f,
            ["x.toml:6:1: forced within 1 plies: expected storm, got none"]
        );
    }

    #[test]
    fn a_claim_too_deep_to_solve_is_an_error_not_a_hang() {
        // `forced within 6` from Dragon's start (about 75 actions a position)
        // ran for hours: the solver had no limit.
        let started = std::time::Instant::now();
        let text = "title = \"t\"\ngame = \"dragon\"\nsource = \"s\"\n[[step]]\nforced = { winner = \"none\", within = 6 }\n[[step]]\nlosing = { actions = [\"A1^A13\"], within = 6 }\n";
        // A small limit keeps the test short; the corpus runs with SOLVER_NODE_LIMIT.
        let f = run_with_solver_limit(&parse(Path::new("x.toml"), text).unwrap(), 20_000).failures;
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(
            f[0].starts_with("x.toml:5:1: forced: the solver gave up after 20000 positions"),
            "{f:?}"
        );
        assert!(
            f[1].starts_with("x.toml:7:1: after `A1^A13`: the solver gave up"),
            "{f:?}"
        );
        assert!(f[0].ends_with("`within = 6` is too deep for this position; lower it"));
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
    }
}
