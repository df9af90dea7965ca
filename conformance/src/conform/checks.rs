//! The three checks of one game against the engine, in the game's own types:
//! the corpus's scenarios, the perft tables and random games.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tigerseye_engine::core::save::{Record, restore};
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor, Turn};

use super::client::Engine;
use super::compare::{Verdict, compare, declared_at};
use super::protocol::{At, Declared, PerftUnit, Reply, Request};
use super::write::{Found, Start, scenario_file};
use super::{Config, Disagreement, GameResult};
use crate::check_results::{CountedUnder, PerftCount, PerftResult, ScenarioResult};
use crate::invariants::Violation;
use crate::scenario::{self, PERFT_FOLDER, Status};
use crate::shrink::{FROM_START_MAX, Oracle, ShrinkLimits, shrink};
use crate::sim::{build_options, game_seed, sample_chance};
use crate::{corpus, search};

/// How many first actions a perft mismatch's split names at most.
const DIVIDE_SHOWN: usize = 8;
/// Engine failures (crashes, hangs, garbage) after which random play stops.
const MAX_ENGINE_FAILURES: usize = 3;

/// Runs the checks of one game ([`GameVisitor`] over the registry).
pub(super) struct CheckGame<'a> {
    /// The game visited.
    pub(super) game: GameId,
    pub(super) config: &'a Config,
    pub(super) engine: &'a Arc<Mutex<Engine>>,
}

impl GameVisitor for CheckGame<'_> {
    type Output = GameResult;

    fn visit<G: Game>(self) -> GameResult {
        let mut result = GameResult::new(self.game);
        let declared: Vec<Declared> = self
            .engine
            .lock()
            .map(|e| e.hello().differences.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|d| d.game == G::NAME)
            .collect();
        let options = match build_options::<G>(&self.config.options) {
            Ok(o) => o,
            Err(e) => {
                result
                    .skipped
                    .push(format!("the options do not apply: {e}"));
                return result;
            }
        };
        let mut run = Run::<G> {
            game: self.game,
            config: self.config,
            engine: self.engine,
            declared,
            result,
            standard: G::new(&options),
            options,
        };
        if self.config.scenarios {
            run.scenarios();
        }
        if self.config.node_limit > 0 {
            run.perft();
        }
        if self.config.games_per_game > 0 {
            run.random_games();
        }
        run.result
    }
}

struct Run<'a, G: Game> {
    game: GameId,
    config: &'a Config,
    engine: &'a Arc<Mutex<Engine>>,
    declared: Vec<Declared>,
    result: GameResult,
    options: G::Options,
    standard: G,
}

/// The options that differ from their defaults, as the protocol sends them.
fn option_map<G: Game>(options: &G::Options) -> BTreeMap<String, String> {
    let default = G::Options::default();
    <G::Options as GameOptions>::SPECS
        .iter()
        .filter_map(|s| {
            let value = options.get(s.key)?;
            (default.get(s.key) != Some(value)).then(|| (s.key.to_owned(), value.to_owned()))
        })
        .collect()
}

/// The texts of a record's actions, each written in the state it is played in.
fn action_texts<G: Game>(record: &Record<G>) -> Vec<String> {
    let mut state = record.start().clone();
    record
        .actions()
        .iter()
        .map(|&a| {
            let text = state.action_text(a);
            state.apply_unchecked(a, &mut |_| {});
            text
        })
        .collect()
}

/// A game as the requests send it: the position where the repetition history
/// started again the last-but-one time, and the actions since. The engine
/// plays every action itself, the one that started the history again
/// included, and sees every position a repetition counts.
struct Sent<G: Game> {
    start: G,
    /// Where the record's current stretch starts (its start, as last seen).
    stretch_start: G,
    texts: Vec<String>,
    /// How many of `texts` come before the current stretch.
    stretch: usize,
}

impl<G: Game> Sent<G> {
    fn new(record: &Record<G>) -> Sent<G> {
        Sent {
            start: record.start().clone(),
            stretch_start: record.start().clone(),
            texts: action_texts(record),
            stretch: 0,
        }
    }

    /// `text` was just played into `record`.
    fn played(&mut self, text: String, record: &Record<G>) {
        self.texts.push(text);
        if record.actions().is_empty() {
            self.start = std::mem::replace(&mut self.stretch_start, record.start().clone());
            self.texts.drain(..self.stretch);
            self.stretch = self.texts.len();
        }
    }
}

impl<G: Game> Run<'_, G> {
    /// A request's place: the record's start (`None` when it is the
    /// standard start under `options`) and the actions since.
    fn at(&self, start: &G, actions: Vec<String>) -> At {
        At {
            id: 0,
            game: G::NAME.to_owned(),
            options: option_map::<G>(start.options()),
            position: (*start != self.standard || *start.options() != self.options)
                .then(|| start.export_string()),
            actions,
        }
    }

    fn ask(&self, request: Request, timeout: Duration) -> Result<Reply, super::client::Transport> {
        let mut engine = match self.engine.lock() {
            Ok(e) => e,
            Err(poisoned) => poisoned.into_inner(),
        };
        let id = engine.next_id();
        let request = match request {
            Request::State(at) => Request::State(At { id, ..at }),
            Request::Perft { at, depth, count } => Request::Perft {
                at: At { id, ..at },
                depth,
                count,
            },
            r @ (Request::Hello { .. } | Request::Quit) => r,
        };
        let reply = engine.ask(&request, timeout)?;
        match reply.id() {
            Some(r) if r != id => Err(super::client::Transport {
                what: format!("garbage: a reply to request {r} where {id} was asked"),
                stderr: Vec::new(),
            }),
            Some(_) | None => Ok(reply),
        }
    }

    /// Compares the engine's answer for `state` (reached by `at`).
    /// A state over by a declared rule is not asked about.
    fn check_state(&mut self, state: &G, at: At) -> Verdict {
        if let Some(rule) = declared_at(state, &self.declared) {
            *self.result.declared_met.entry(rule.clone()).or_default() += 1;
            return Verdict::Declared(rule);
        }
        let reply = self.ask(Request::State(at), self.config.timeout);
        self.result.compared += 1;
        compare(state, &reply, &self.declared)
    }

    fn scenarios(&mut self) {
        let config = self.config;
        let root = &config.corpus;
        let paths = match scenario::discover_in(vec![root.join(G::NAME)]) {
            Ok(p) => p,
            Err(e) => {
                self.result
                    .skipped
                    .push(format!("the scenarios of {}: {e}", G::NAME));
                return;
            }
        };
        for path in paths {
            self.scenario(root, &path);
        }
    }

    fn scenario(&mut self, root: &Path, path: &Path) {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let loaded = match scenario::load(path) {
            Ok(l) => l,
            Err(e) => {
                self.result
                    .skipped
                    .push(format!("{rel}: does not load: {e}"));
                return;
            }
        };
        let s = &loaded.scenario;
        let mut pairs = self.config.options.clone();
        pairs.retain(|(k, _)| !s.options.contains_key(k));
        pairs.extend(
            s.options
                .iter()
                .map(|(k, v)| (k.clone(), v.get_ref().clone())),
        );
        let options = match build_options::<G>(&pairs) {
            Ok(o) => o,
            Err(e) => {
                self.result.skipped.push(format!("{rel}: {e}"));
                return;
            }
        };
        let mut record = match &s.position {
            None => Record::new(G::new(&options)),
            Some(p) => match restore::<G>(p.get_ref(), &options) {
                Ok(r) => r,
                // A disputed scenario whose position tigerseye cannot set up
                // either (its reason says why): nothing to compare.
                Err(e) if s.status == Status::Disputed => {
                    self.result.disputed.push(format!("{rel}: {e}"));
                    return;
                }
                Err(e) => {
                    self.result.skipped.push(format!("{rel}: {e}"));
                    return;
                }
            },
        };
        let mut failures = Vec::new();
        let mut place = "at the start".to_owned();
        let mut steps = s.steps.iter();
        let mut sent = Sent::new(&record);
        loop {
            let at = self.at(&sent.start, sent.texts.clone());
            let state = record.state().clone();
            match self.check_state(&state, at) {
                Verdict::Agree => {}
                Verdict::Declared(_) => break,
                Verdict::Unsupported(m) => {
                    self.result
                        .skipped
                        .push(format!("{rel}: the engine does not support it: {m}"));
                    return;
                }
                Verdict::Differ(m) | Verdict::Failed(m) => {
                    failures.push(format!("{place}: {m}"));
                    break;
                }
            }
            // The next step that plays an action.
            let next = steps.by_ref().find_map(|step| {
                let step_ref = step.get_ref();
                let text = step_ref.play.as_ref().or(step_ref.chance.as_ref())?;
                Some((loaded.locate(step.span().start), text.get_ref().clone()))
            });
            let Some((line, text)) = next else { break };
            let played = record
                .state()
                .parse_action(&text)
                .map_err(|e| e.to_string())
                .and_then(|a| {
                    let written = record.state().action_text(a);
                    record.play(a).map(|()| written).map_err(|e| e.to_string())
                });
            let Ok(written) = played else {
                // tigerseye refuses it too (a disputed scenario): nothing more to compare.
                break;
            };
            sent.played(written, &record);
            place = format!("{line}: after `{text}`");
        }
        let verdict = if failures.is_empty() {
            crate::check_results::Verdict::Passed
        } else {
            crate::check_results::Verdict::Failed
        };
        for f in &failures {
            self.result.disagreements.push(Disagreement {
                place: rel.clone(),
                message: f.clone(),
                scenario_file: None,
                scenario: None,
            });
        }
        self.result.scenarios.push(ScenarioResult {
            path: rel,
            game: CountedUnder::Game(self.game),
            title: s.title.clone(),
            verdict,
            reason: None,
            failures,
        });
    }

    fn perft(&mut self) {
        let path = self
            .config
            .corpus
            .join(PERFT_FOLDER)
            .join(format!("{}.toml", G::NAME));
        if !path.exists() {
            self.result
                .skipped
                .push(format!("no perft table ({})", path.display()));
            return;
        }
        let file = match corpus::load_perft(&path) {
            Ok(f) => f,
            Err(e) => {
                self.result.skipped.push(format!("perft: {e}"));
                return;
            }
        };
        let shown = path
            .strip_prefix(&self.config.corpus)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (t, table) in file.tables.iter().enumerate() {
            let mut pairs = self.config.options.clone();
            pairs.retain(|(k, _)| !table.options.contains_key(k));
            pairs.extend(table.options.iter().map(|(k, v)| (k.clone(), v.clone())));
            let table_counts = self.config.options.is_empty();
            let Ok(options) = build_options::<G>(&pairs) else {
                self.result.skipped.push(format!(
                    "{shown}: table `{}`: its options do not apply",
                    table.name
                ));
                continue;
            };
            let record = match &table.position {
                None => Record::new(G::new(&options)),
                Some(p) => match restore::<G>(p, &options) {
                    Ok(r) => r,
                    Err(e) => {
                        self.result
                            .skipped
                            .push(format!("{shown}: table `{}`: {e}", table.name));
                        continue;
                    }
                },
            };
            for (count, rows) in [
                (PerftCount::Actions, &table.nodes),
                (PerftCount::Turns, &table.turns),
            ] {
                for (i, &listed) in rows.iter().enumerate() {
                    let depth = i as u32 + 1;
                    let mut row = PerftResult {
                        file: shown.clone(),
                        at: file.table_at.get(t).cloned().unwrap_or_default(),
                        name: table.name.clone(),
                        game: self.game,
                        depth,
                        count,
                        expected: listed,
                        computed: None,
                        divide: None,
                    };
                    if listed > self.config.node_limit {
                        self.result.perft.push(row);
                        continue;
                    }
                    if !table_counts {
                        row.expected = match count {
                            PerftCount::Turns => search::perft_turns(record.state(), depth),
                            PerftCount::Actions | PerftCount::TurnPositions => {
                                search::perft(record.state(), depth)
                            }
                        };
                    }
                    if !self.perft_row(&record, &mut row) {
                        self.result.perft.push(row);
                        break;
                    }
                    self.result.perft.push(row);
                }
            }
        }
    }

    /// A perft row that failed at `place`: among the perft failures and the
    /// disagreements.
    fn perft_failure(&mut self, place: String, message: String) {
        self.result
            .perft_failures
            .push(format!("{place}: {message}"));
        self.result.disagreements.push(Disagreement {
            place,
            message,
            scenario_file: None,
            scenario: None,
        });
    }

    /// One perft row asked of the engine; `false` when the table's deeper rows
    /// are not worth asking (the engine does not support it or failed).
    fn perft_row(&mut self, record: &Record<G>, row: &mut PerftResult) -> bool {
        let depth = row.depth;
        let at = self.at(record.start(), action_texts(record));
        let timeout = self.config.timeout * (1 + (row.expected / 10_000) as u32).min(1_000);
        let place = format!("{} `{}` depth {depth}", row.file, row.name);
        let count = match row.count {
            PerftCount::Turns => PerftUnit::Turns,
            PerftCount::Actions | PerftCount::TurnPositions => PerftUnit::Actions,
        };
        let nodes = match self.ask(Request::Perft { at, depth, count }, timeout) {
            Ok(Reply::Perft(p)) => p.nodes,
            Ok(Reply::Error(e)) if e.kind == super::protocol::ErrorKind::Unsupported => {
                self.result.skipped.push(format!(
                    "{place}: the engine does not support it: {}",
                    e.message
                ));
                return false;
            }
            failed @ (Err(_) | Ok(Reply::Error(_) | Reply::Hello(_) | Reply::State(_))) => {
                let message = match failed {
                    Err(e) => format!("the engine failed: {e}"),
                    Ok(Reply::Error(e)) => format!("the engine refused: {}", e.message),
                    Ok(r @ (Reply::Hello(_) | Reply::State(_) | Reply::Perft(_))) => {
                        format!("garbage: a `{}` reply to a perft request", r.kind())
                    }
                };
                row.divide = Some(message.clone());
                self.perft_failure(place, message);
                return false;
            }
        };
        if nodes == row.expected {
            row.computed = Some(nodes);
            return true;
        }
        if count == PerftUnit::Turns {
            // A turn row is not split: its first actions end no turn.
            row.computed = Some(nodes);
            let message = format!("tigerseye {}, the engine {nodes} (by turn)", row.expected);
            self.perft_failure(place, message);
            return false;
        }
        let budget = self.config.node_limit.saturating_mul(4);
        match declared_in_tree(record.state(), depth, &self.declared, budget) {
            Some(rule) => {
                *self.result.declared_met.entry(rule.clone()).or_default() += 1;
                self.result.perft_declared.push(format!(
                    "{place}: tigerseye {}, the engine {nodes}: declared difference `{rule}` (tigerseye's tree holds a game over by it)",
                    row.expected
                ));
                true
            }
            None => {
                row.computed = Some(nodes);
                let split = self.divide(record, depth);
                row.divide = Some(split.clone());
                let message = format!("tigerseye {}, the engine {nodes}; {split}", row.expected);
                self.perft_failure(place, message);
                true
            }
        }
    }

    /// Where a perft count parts: the root's answers, else each first
    /// action's count below it.
    fn divide(&mut self, record: &Record<G>, depth: u32) -> String {
        let texts = action_texts(record);
        let state = record.state().clone();
        let at = self.at(record.start(), texts.clone());
        if let Verdict::Differ(m) | Verdict::Failed(m) = self.check_state(&state, at) {
            return format!("at the root: {m}");
        }
        let mut legal = G::Actions::default();
        state.legal_actions(&mut legal);
        let mut parts = Vec::new();
        for &a in legal.iter() {
            let text = state.action_text(a);
            let mut child = state.clone();
            child.apply_unchecked(a, &mut |_| {});
            let ours = search::perft(&child, depth - 1);
            let mut actions = texts.clone();
            actions.push(text.clone());
            let at = self.at(record.start(), actions);
            let theirs = match self.ask(
                Request::Perft {
                    at,
                    depth: depth - 1,
                    count: PerftUnit::Actions,
                },
                self.config.timeout * 10,
            ) {
                Ok(Reply::Perft(p)) => p.nodes.to_string(),
                Ok(r @ (Reply::Hello(_) | Reply::State(_) | Reply::Error(_))) => {
                    format!("a `{}` reply", r.kind())
                }
                Err(e) => format!("a failure ({e})"),
            };
            if theirs != ours.to_string() {
                parts.push(format!("`{text}` tigerseye {ours}, the engine {theirs}"));
                if parts.len() == DIVIDE_SHOWN {
                    break;
                }
            }
        }
        if parts.is_empty() {
            "every first action's count agrees".to_owned()
        } else {
            format!("below {}", parts.join("; "))
        }
    }

    fn random_games(&mut self) {
        let started = Instant::now();
        let initial = self.standard.clone();
        let shard = self.config.shard;
        let step = usize::try_from(shard.n.max(1)).unwrap_or(usize::MAX);
        let indices = (shard.k..self.config.games_per_game).step_by(step);
        for (local, index) in indices.enumerate() {
            if crate::sim::interrupted() {
                self.result.random.interrupted = true;
                break;
            }
            if local > 0 && self.config.budget.is_some_and(|b| started.elapsed() >= b) {
                self.result.random.out_of_time = true;
                break;
            }
            let seed = game_seed(self.config.seed, index);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut record = Record::new(initial.clone());
            let mut sent = Sent::new(&record);
            let mut played: Vec<G::Action> = Vec::new();
            let mut legal = G::Actions::default();
            loop {
                let state = record.state().clone();
                let at = self.at(&sent.start, sent.texts.clone());
                match self.check_state(&state, at) {
                    Verdict::Agree => {}
                    Verdict::Declared(_) => {
                        self.result.random.declared += 1;
                        break;
                    }
                    Verdict::Unsupported(m) => {
                        self.result.skipped.push(format!(
                            "random games: the engine does not support them: {m}"
                        ));
                        self.result.random.stopped = Some(m);
                        return;
                    }
                    Verdict::Differ(m) => {
                        self.result.random.games += 1;
                        self.result.random.plies += played.len() as u64;
                        self.disagreement(index, &initial, &played, m);
                        self.result.random.seconds = started.elapsed().as_secs_f64();
                        return;
                    }
                    Verdict::Failed(m) => {
                        // Not shrunk: asked again, a restarted engine may
                        // well answer. The game is recorded and play goes on.
                        self.result.random.engine_failures.push(format!(
                            "random game {index} of master seed {}, after ply {}: {m} (an engine failure, not a rules disagreement: not shrunk)",
                            self.config.seed,
                            played.len()
                        ));
                        if self.result.random.engine_failures.len() >= MAX_ENGINE_FAILURES {
                            self.result.random.stopped =
                                Some(format!("{MAX_ENGINE_FAILURES} engine failures"));
                            self.result.random.games += 1;
                            self.result.random.plies += played.len() as u64;
                            self.result.random.seconds = started.elapsed().as_secs_f64();
                            return;
                        }
                        break;
                    }
                }
                state.legal_actions(&mut legal);
                let turn = state.turn();
                if let Turn::Over(_) = turn {
                    self.result.random.over += 1;
                    break;
                }
                if played.len() >= self.config.max_plies as usize {
                    self.result.random.cut += 1;
                    break;
                }
                let action = match turn {
                    Turn::Chance => sample_chance(&state, &legal, &mut rng),
                    Turn::Player(_) | Turn::Over(_) => legal[rng.random_range(0..legal.len())],
                };
                let text = state.action_text(action);
                record.apply_unchecked(action, &mut |_| {});
                played.push(action);
                sent.played(text, &record);
            }
            self.result.random.games += 1;
            self.result.random.plies += played.len() as u64;
            if self.config.progress && (local + 1) % 1000 == 0 {
                eprintln!(
                    "conform {}: {} random games, {} plies, {:.0} s",
                    G::NAME,
                    local + 1,
                    self.result.random.plies,
                    started.elapsed().as_secs_f64()
                );
            }
        }
        self.result.random.seconds = started.elapsed().as_secs_f64();
    }

    /// The first disagreement of random play, in game `index`: shrunk with the
    /// engine as the oracle (asked about each state's position alone), and
    /// written as a scenario pinning tigerseye's answer.
    fn disagreement(&mut self, index: u64, initial: &G, played: &[G::Action], message: String) {
        let seed = game_seed(self.config.seed, index);
        let engine = Arc::clone(self.engine);
        let declared = self.declared.clone();
        let timeout = self.config.timeout;
        let oracle: Oracle<G> = Arc::new(move |s: &G| {
            if declared_at(s, &declared).is_some() {
                return Ok(());
            }
            let mut engine = match engine.lock() {
                Ok(e) => e,
                Err(poisoned) => poisoned.into_inner(),
            };
            let id = engine.next_id();
            let request = Request::State(At {
                id,
                game: G::NAME.to_owned(),
                options: option_map::<G>(s.options()),
                position: Some(s.export_string()),
                actions: Vec::new(),
            });
            match compare(s, &engine.ask(&request, timeout), &declared) {
                Verdict::Differ(m) => Err(Violation {
                    check: "conform",
                    message: m,
                }),
                // A failure of the engine while shrinking is no evidence
                // about this state: only a disagreement keeps a candidate.
                Verdict::Agree
                | Verdict::Declared(_)
                | Verdict::Unsupported(_)
                | Verdict::Failed(_) => Ok(()),
            }
        });
        let limits = ShrinkLimits {
            deadline: Some(Instant::now() + Duration::from_secs_f64(self.config.shrink_seconds)),
            seed,
        };
        let shrunk = shrink(initial, played, Some(&oracle), limits);
        let origin = format!("random game {index} of master seed {}", self.config.seed);
        let (start, actions, shape) = match &shrunk {
            Some(s) => match &s.position {
                Some(p) if s.actions.len() > FROM_START_MAX && !p.save => (
                    Start::Position(p.text.clone()),
                    vec![p.action],
                    format!(
                        "shrunk from {} plies to the position before the last of {} and that action",
                        played.len(),
                        s.actions.len()
                    ),
                ),
                _ => (
                    Start::Standard,
                    s.actions.clone(),
                    format!("shrunk from {} plies to {}", played.len(), s.actions.len()),
                ),
            },
            None => (
                Start::Standard,
                played.to_vec(),
                format!(
                    "{} plies, not shrunk: asked about each position alone, the engine agreed (the disagreement needs the game's past, or did not repeat)",
                    played.len()
                ),
            ),
        };
        let after = shrunk
            .as_ref()
            .map_or_else(|| message.clone(), |s| s.violation.message.clone());
        let engine_name = self
            .engine
            .lock()
            .map(|e| e.hello().engine.clone())
            .unwrap_or_default();
        let found = Found {
            engine: &engine_name,
            origin: &origin,
            shape: &shape,
            message: &after,
        };
        let file = format!("{}-game-{index}.toml", G::NAME);
        let written = scenario_file::<G>(&self.options, &start, &actions, &found);
        let mut text = written.toml;
        if let Some(e) = written.does_not_pass {
            text = format!("# tigerseye does not pass this file as written: {e}\n{text}");
        }
        self.result.disagreements.push(Disagreement {
            place: format!("{origin}, after ply {}", played.len()),
            message: format!("{message} ({shape}; written as {file})"),
            scenario_file: Some(file),
            scenario: Some(text),
        });
    }
}

/// Whether tigerseye's tree from `state`, above `depth` plies, holds a game
/// over by a declared rule (its first such rule); `None` also when `budget`
/// states were walked without finding one.
fn declared_in_tree<G: Game>(
    state: &G,
    depth: u32,
    declared: &[Declared],
    budget: u64,
) -> Option<String> {
    fn walk<G: Game>(
        state: &G,
        depth: u32,
        declared: &[Declared],
        budget: &mut u64,
    ) -> Option<String> {
        if let Some(rule) = declared_at(state, declared) {
            return Some(rule);
        }
        if depth == 0 || *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut legal = G::Actions::default();
        state.legal_actions(&mut legal);
        for &a in legal.iter() {
            let mut child = state.clone();
            child.apply_unchecked(a, &mut |_| {});
            if let Some(rule) = walk(&child, depth - 1, declared, budget) {
                return Some(rule);
            }
        }
        None
    }
    if declared.is_empty() {
        return None;
    }
    let mut budget = budget;
    // A leaf over by a declared rule counts one for both: only states above
    // the leaves part the counts.
    walk(state, depth - 1, declared, &mut budget)
}
