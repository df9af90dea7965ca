//! `conform`: another implementation of the games checked against tigerseye
//! through a line protocol (docs/conform.md).
//!
//! The engine is a child process speaking JSON lines ([`protocol`], started and
//! timed by [`client`]); tigerseye's own engine speaks it too ([`serve`]). For
//! each game the corpus's scenarios, the perft tables and random games are
//! compared state by state ([`compare`]); the first disagreement of random play
//! is shrunk by the harness's shrinker with the engine as its oracle and
//! written as a scenario ([`write`](mod@write)). Rules the engine declares it does not
//! end games by are listed, with how often they were met, never compared.

mod checks;
pub mod client;
pub mod compare;
pub mod protocol;
pub mod serve;
pub mod write;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tigerseye_engine::GameId;

use crate::check_results::{CheckSummary, CountedUnder, PerftResult, ScenarioResult, Verdict};
use crate::report::Summary;
pub use crate::sim::Shard;
pub use client::{Engine, EngineCommand, StartError, Transport};
pub use protocol::Declared;

/// The schema of `conform.json`.
pub const SCHEMA: &str = "tigerseye.conform/1";

/// What to check.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engine.
    pub engine: EngineCommand,
    /// The games; empty: every game the engine plays.
    pub games: Vec<GameId>,
    /// Game options for every check (a scenario's or table's own win).
    pub options: Vec<(String, String)>,
    /// The corpus folder.
    pub corpus: PathBuf,
    /// Whether to run the corpus's scenarios.
    pub scenarios: bool,
    /// Perft rows of at most this many leaves are asked; 0: none.
    pub node_limit: u64,
    /// Random games a game (all shards together).
    pub games_per_game: u64,
    /// The share of them this run plays: shard `k` of `n` plays the games
    /// whose index is `k` modulo `n` ([`Shard::WHOLE`]: every one).
    pub shard: Shard,
    /// No random game of a game starts after this long (the first always
    /// does).
    pub budget: Option<Duration>,
    /// Their master seed.
    pub seed: u64,
    /// A random game stops after this many plies.
    pub max_plies: u32,
    /// How long the engine has for one answer (a perft request once more per
    /// 10,000 leaves).
    pub timeout: Duration,
    /// How long the shrinker may take.
    pub shrink_seconds: f64,
    /// Print a line every 1,000 random games.
    pub progress: bool,
}

/// A disagreement found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Disagreement {
    /// Where: a scenario file, a perft row, a random game.
    pub place: String,
    /// What differs.
    pub message: String,
    /// The scenario file written for it, in the report's folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<String>,
    /// That file's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
}

/// The random games of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RandomGames {
    /// Games played (the one that disagreed included).
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Games that ended by a rule both sides compare.
    pub over: u64,
    /// Games that ended by a declared difference.
    pub declared: u64,
    /// Games stopped at the ply cap.
    pub cut: u64,
    /// Whether the time budget stopped the random games before their number.
    #[serde(default)]
    pub out_of_time: bool,
    /// Whether an interrupt (Ctrl-C or SIGTERM) stopped the random games
    /// before their number: the games played are reported, and the run fails.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// Why the random games stopped early, when the engine does not support them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The games in which the engine crashed, hung or answered garbage:
    /// where and what (each such game ends there; play goes on with the next).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_failures: Vec<String>,
    /// Seconds.
    pub seconds: f64,
}

/// One game's checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The game (its registry name in JSON).
    #[serde(with = "crate::sim::schema::game_name")]
    pub game: GameId,
    /// States compared.
    pub compared: u64,
    /// Each scenario of the corpus.
    pub scenarios: Vec<ScenarioResult>,
    /// Each perft row (`computed` is the engine's count; `None` when over
    /// the node limit or declared).
    pub perft: Vec<PerftResult>,
    /// Perft rows that differ by a declared difference.
    pub perft_declared: Vec<String>,
    /// Perft rows that differ otherwise, or that the engine failed.
    pub perft_failures: Vec<String>,
    /// Random games.
    pub random: RandomGames,
    /// Declared differences met, by rule: states not compared.
    pub declared_met: BTreeMap<String, u64>,
    /// What was not checked, and why (the engine does not support it, a file
    /// does not load).
    pub skipped: Vec<String>,
    /// Disputed scenarios whose start tigerseye cannot set up either, and why.
    #[serde(default)]
    pub disputed: Vec<String>,
    /// Every disagreement.
    pub disagreements: Vec<Disagreement>,
}

impl GameResult {
    /// No check made yet of `game`.
    #[must_use]
    pub fn new(game: GameId) -> Self {
        GameResult {
            game,
            compared: 0,
            scenarios: Vec::new(),
            perft: Vec::new(),
            perft_declared: Vec::new(),
            perft_failures: Vec::new(),
            random: RandomGames::default(),
            declared_met: BTreeMap::new(),
            skipped: Vec::new(),
            disputed: Vec::new(),
            disagreements: Vec::new(),
        }
    }
}

/// A whole run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConformRun {
    /// [`SCHEMA`].
    pub schema: String,
    /// The engine's name, from its hello.
    pub engine: String,
    /// The command that starts it.
    pub command: String,
    /// Its declared differences.
    pub differences: Vec<Declared>,
    /// Times the engine was started again after a failure.
    pub restarts: u64,
    /// Master seed of the random games.
    pub seed: u64,
    /// The shard of the random games played, when not all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Each game's checks.
    pub games: Vec<GameResult>,
}

impl ConformRun {
    /// Whether the run failed: whether its report ([`summary`]) has a
    /// failed test case (a disagreement, an engine failure, or random games
    /// an interrupt stopped before their number). The report is the one
    /// source, so the exit code and the report's status cannot differ.
    #[must_use]
    pub fn failed(&self) -> bool {
        summary(self).failed()
    }
}

/// Why a run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ConformError {
    /// The engine does not start or speak the protocol.
    #[error(transparent)]
    Start(#[from] StartError),
    /// It does not play a game asked for.
    #[error("the engine `{command}` does not play {game} (it plays: {plays})")]
    NotPlayed {
        /// The command.
        command: String,
        /// The game.
        game: String,
        /// What it plays.
        plays: String,
    },
}

/// Starts the engine and runs every check of every game.
///
/// # Errors
///
/// When the engine cannot be started, does not speak the protocol, or does
/// not play a game named in `config.games`.
pub fn run(config: &Config) -> Result<ConformRun, ConformError> {
    let engine = Engine::start(config.engine.clone(), config.timeout)?;
    let hello = engine.hello().clone();
    let command = config.engine.describe();
    let games: Vec<GameId> = if config.games.is_empty() {
        GameId::ALL
            .iter()
            .copied()
            .filter(|g| hello.games.iter().any(|n| n == g.name()))
            .collect()
    } else {
        for g in &config.games {
            if !hello.games.iter().any(|n| n == g.name()) {
                return Err(ConformError::NotPlayed {
                    command,
                    game: g.name().to_owned(),
                    plays: hello.games.join(", "),
                });
            }
        }
        config.games.clone()
    };
    let engine = Arc::new(Mutex::new(engine));
    let mut results = Vec::new();
    for g in games {
        results.push(g.visit(checks::CheckGame {
            game: g,
            config,
            engine: &engine,
        }));
    }
    let restarts = engine.lock().map_or(0, |e| e.restarts);
    Ok(ConformRun {
        schema: SCHEMA.to_owned(),
        engine: hello.engine,
        command,
        differences: hello.differences,
        restarts,
        seed: config.seed,
        shard: (config.shard != Shard::WHOLE).then_some(config.shard),
        games: results,
    })
}

/// The run as the usual report: each scenario a test case, each game's random
/// games and perft failures one more, each perft row a row; the notes name the
/// engine, its declared differences and how often each was met, and what was
/// skipped.
#[must_use]
pub fn summary(run: &ConformRun) -> Summary {
    let mut s = Summary::new("conform");
    let mut check = CheckSummary::default();
    s.notes.push(format!(
        "engine: {} (`{}`); {} restart(s) after a failure",
        run.engine, run.command, run.restarts
    ));
    // Only the differences of the games this run checked.
    for d in run
        .differences
        .iter()
        .filter(|d| run.games.iter().any(|g| g.game.name() == d.game))
    {
        let met: u64 = run
            .games
            .iter()
            .filter(|g| g.game.name() == d.game)
            .map(|g| g.declared_met.get(&d.rule).copied().unwrap_or(0))
            .sum();
        s.notes.push(format!(
            "declared difference: {} ends by `{}`{} in tigerseye, not in the engine: {}; met {}",
            d.game,
            d.rule,
            d.ruling
                .as_ref()
                .map_or_else(String::new, |r| format!(" (ruling {r})")),
            d.note,
            if met == 0 {
                "never".to_owned()
            } else {
                format!("{met} time(s), not compared")
            }
        ));
    }
    for g in &run.games {
        let counts = check.per_game.entry(g.game.name().to_owned()).or_default();
        for sc in &g.scenarios {
            counts.count(sc.verdict);
        }
        check.scenarios.extend(g.scenarios.iter().cloned());
        check.perft.extend(g.perft.iter().cloned());
        let r = &g.random;
        s.notes.push(format!(
            "{}: {} states compared; {} random games (master seed {}{}), {} plies in {:.1} s: {} over, {} ended by a declared difference, {} cut at the ply cap{}",
            g.game,
            g.compared,
            r.games,
            run.seed,
            run.shard.map_or_else(String::new, |s| format!(
                ", shard {}/{}: the games whose index is {} mod {}",
                s.k, s.n, s.k, s.n
            )),
            r.plies,
            r.seconds,
            r.over,
            r.declared,
            r.cut,
            if r.interrupted {
                "; interrupted (Ctrl-C or SIGTERM) before the run's end"
            } else if r.out_of_time {
                "; the time budget stopped them"
            } else {
                ""
            }
        ));
        for p in &g.perft_declared {
            s.notes.push(format!("{}: perft {p}", g.game));
        }
        for k in &g.skipped {
            s.notes.push(format!("{}: skipped: {k}", g.game));
        }
        for k in &g.disputed {
            s.notes.push(format!(
                "{}: not compared, a disputed scenario tigerseye cannot set up: {k}",
                g.game
            ));
        }
        let random_failures: Vec<String> = g
            .disagreements
            .iter()
            .filter(|d| d.scenario_file.is_some())
            .map(|d| format!("{}: {}", d.place, d.message))
            .chain(r.engine_failures.iter().cloned())
            .chain(r.interrupted.then(|| {
                format!(
                    "interrupted (Ctrl-C or SIGTERM) after {} random games: the rest were not played",
                    r.games
                )
            }))
            .collect();
        let mut extra = vec![(
            format!("random/{}", g.game),
            format!("{} random games", r.games),
            random_failures,
        )];
        if !g.perft_failures.is_empty() {
            extra.push((
                format!("perft/{}", g.game),
                "perft tables".to_owned(),
                g.perft_failures.clone(),
            ));
        }
        for (path, title, failures) in extra {
            let verdict = if failures.is_empty() {
                Verdict::Passed
            } else {
                Verdict::Failed
            };
            counts.count(verdict);
            check.scenarios.push(ScenarioResult {
                path,
                game: CountedUnder::Game(g.game),
                title,
                verdict,
                reason: None,
                failures,
            });
        }
    }
    s.check = Some(check);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(game: GameResult) -> ConformRun {
        ConformRun {
            schema: SCHEMA.to_owned(),
            engine: "test".to_owned(),
            command: "test".to_owned(),
            differences: Vec::new(),
            restarts: 0,
            seed: 1,
            shard: None,
            games: vec![game],
        }
    }

    fn clean() -> GameResult {
        let mut g = GameResult::new(GameId::DiamondQuest);
        g.random.games = 3;
        g.scenarios.push(ScenarioResult {
            path: "scenarios/diamond-quest/a.toml".to_owned(),
            game: CountedUnder::Game(GameId::DiamondQuest),
            title: "a".to_owned(),
            verdict: Verdict::Passed,
            reason: None,
            failures: Vec::new(),
        });
        g
    }

    fn disagreement(place: &str, file: Option<&str>) -> Disagreement {
        Disagreement {
            place: place.to_owned(),
            message: "legal sets differ".to_owned(),
            scenario_file: file.map(str::to_owned),
            scenario: file.map(|_| "game = \"diamond-quest\"\n".to_owned()),
        }
    }

    #[test]
    fn a_clean_run_passes() {
        assert!(!run_of(clean()).failed());
    }

    /// Each way a run can fail, alone, fails it.
    #[test]
    fn every_failure_kind_alone_fails_the_run_and_its_report() {
        let mut scenario = clean();
        scenario.scenarios[0].verdict = Verdict::Failed;
        scenario.scenarios[0]
            .failures
            .push("legal sets differ".to_owned());
        scenario
            .disagreements
            .push(disagreement("scenarios/diamond-quest/a.toml", None));

        let mut perft = clean();
        perft
            .perft_failures
            .push("start, depth 3: engine 8,903, tigerseye 8,902".to_owned());
        perft
            .disagreements
            .push(disagreement("start, depth 3", None));

        let mut random = clean();
        random.disagreements.push(disagreement(
            "game 2, after ply 9",
            Some("diamond-quest-game-2.toml"),
        ));

        let mut engine = clean();
        engine
            .random
            .engine_failures
            .push("game 1, ply 4: the engine timed out".to_owned());

        let mut interrupted = clean();
        interrupted.random.interrupted = true;

        for (kind, g) in [
            ("scenario", scenario),
            ("perft", perft),
            ("random", random),
            ("engine failure", engine),
            ("interrupt", interrupted),
        ] {
            assert!(run_of(g).failed(), "{kind}");
        }
    }

    #[test]
    fn a_game_result_is_written_under_its_registry_name() {
        let json = serde_json::to_value(clean()).unwrap();
        assert_eq!(json["game"], "diamond-quest");
        let back: GameResult = serde_json::from_value(json).unwrap();
        assert_eq!(back.game, GameId::DiamondQuest);
    }
}
