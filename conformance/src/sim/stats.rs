//! What a run reports: its counts, outcomes, lengths and failures
//! ([`SimStats`]), as summary.json holds them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tigerseye_engine::GameId;

use super::Shard;
use super::figures::GameFigures;
use super::schema::{self, FinalScore, Winner};
use super::tally::histogram;
use crate::policy::Policy;
use crate::shrink::ShrunkScenario;

/// A game that broke an invariant or panicked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailureRecord {
    /// The game's index in the run.
    pub index: u64,
    /// Its seed ([`game_seed`](super::game_seed) of the master seed and the index).
    pub game_seed: u64,
    /// The ply at which it failed.
    pub ply: u32,
    /// The broken invariant's name, or `panic`.
    pub check: String,
    /// What was found.
    pub message: String,
    /// The actions played up to the failure, in notation.
    pub actions: Vec<String>,
    /// The command that replays it.
    pub replay: String,
    /// Where the position it started from was found (`duel/drawn-line.toml,
    /// after step 3`), when it did not start at the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The game shrunk to a scenario (for the first [`MAX_SHRUNK_FAILURES`](super::MAX_SHRUNK_FAILURES)).
    pub shrunk: Option<ShrunkScenario>,
}

/// Count of games that ended one way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeCount {
    /// The winner (`green`, `red`, the game's name for the side, or `draw`).
    pub winner: Winner,
    /// The deciding rule.
    pub rule: String,
    /// Games.
    pub count: u64,
}

/// Game lengths in plies, of finished games only (unfinished games are counted
/// in [`SimStats::unfinished`] and [`SimStats::unfinished_plies`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LengthStats {
    /// Mean plies per finished game.
    pub mean: f64,
    /// Longest game.
    pub max: u32,
    /// `[from, to, games]` buckets of plies, inclusive, covering every length seen
    /// (at most 24 buckets of equal power-of-two width).
    pub histogram: Vec<[u64; 3]>,
    /// Exact number of games of each length: what shard reports merge by.
    pub counts: BTreeMap<u32, u64>,
}

impl LengthStats {
    /// The statistics of exact `counts`.
    #[must_use]
    pub fn from_counts(counts: BTreeMap<u32, u64>) -> LengthStats {
        let games: u64 = counts.values().sum();
        let total: u64 = counts.iter().map(|(&l, &n)| u64::from(l) * n).sum();
        LengthStats {
            mean: if games == 0 {
                0.0
            } else {
                total as f64 / games as f64
            },
            max: counts.keys().next_back().copied().unwrap_or(0),
            histogram: histogram(&counts),
            counts,
        }
    }
}

/// The result of a simulation run (or one shard of it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimStats {
    /// The game (its name in `summary.json`).
    #[serde(with = "schema::game_name")]
    pub game: GameId,
    /// The options in force, every key with its value.
    pub options: BTreeMap<String, String>,
    /// The master seed.
    pub master_seed: u64,
    /// The shard played.
    pub shard: Shard,
    /// Games requested for the whole run (all shards together); 0 in reports
    /// written before it was recorded.
    #[serde(default)]
    pub games_requested: u64,
    /// The ply cap in force; 0 in reports written before it was recorded.
    #[serde(default)]
    pub max_plies: u32,
    /// How the players chose their actions; absent (random) in reports of
    /// random play, as in those written before it was recorded.
    #[serde(default, skip_serializing_if = "Policy::is_random")]
    pub policy: Policy,
    /// Games played (including failed and unfinished ones).
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// States whose legal list was compared with the game's reference model
    /// ([`crate::reference`]); 0 in reports written before it was recorded.
    #[serde(default)]
    pub reference_states: u64,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// Worker threads.
    pub threads: usize,
    /// Full checks ran on one step in this many.
    pub full_check_every: u32,
    /// Games by result.
    pub outcomes: Vec<OutcomeCount>,
    /// The players' decisions (actions but chance outcomes), in the runs of
    /// a policy other than random; `None` in random play's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decisions: Option<u64>,
    /// Games that reached the ply cap of a game with no rule-implied bound.
    pub unfinished: u64,
    /// Plies played in the unfinished games (the [`length`](Self::length)
    /// statistics count finished games only).
    #[serde(default)]
    pub unfinished_plies: u64,
    /// Game lengths.
    pub length: LengthStats,
    /// Rule events by tag, over all games (every declared tag, zero included).
    pub events: BTreeMap<String, u64>,
    /// Rule events by tag: the sum over games of the square of the event's
    /// count in one game (every declared tag, zero included), so that a
    /// comparison of two runs knows how much an event's rate a game varies
    /// from game to game. Empty in reports written before it was recorded.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub event_squares: BTreeMap<String, u64>,
    /// Finished games by their final score as the game prints it (`4-0 Chords`,
    /// `½-½ Game Points`): the Jewel Series' margins in Chords come from here.
    #[serde(default)]
    pub scores: BTreeMap<FinalScore, u64>,
    /// The game's own statistics ([`Game::Stats`](tigerseye_engine::Game::Stats)), by figure; absent for a
    /// game that keeps none.
    #[serde(default, skip_serializing_if = "GameFigures::is_empty")]
    pub game_stats: GameFigures,
    /// Games that broke an invariant or panicked.
    pub failed_games: u64,
    /// The first failures, at most [`MAX_RECORDED_FAILURES`](super::MAX_RECORDED_FAILURES).
    pub failures: Vec<FailureRecord>,
    /// The run stopped at its deadline before playing every game.
    pub stopped_early: bool,
    /// The run was interrupted ([`interrupt`](super::interrupt), Ctrl-C or SIGTERM) before playing every
    /// game; false in reports written before it was recorded.
    #[serde(default)]
    pub interrupted: bool,
}

impl SimStats {
    /// Games per second of wall-clock time.
    #[must_use]
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed_seconds.max(1e-9)
    }

    /// Plies per second of wall-clock time.
    #[must_use]
    pub fn plies_per_second(&self) -> f64 {
        self.plies as f64 / self.elapsed_seconds.max(1e-9)
    }

    /// The lines that describe the games' lengths, for the terminal and
    /// summary.md alike: the finished games' mean and longest, then, when some
    /// games did not finish, the unfinished ones and the mean over every game, so
    /// that a run whose games all reach the ply cap (`--max-plies 1`) does not
    /// read as games of no length.
    #[must_use]
    pub fn length_lines(&self) -> Vec<String> {
        let finished: u64 = self.length.counts.values().sum();
        let mut lines = vec![if finished == 0 {
            "length: no game finished".to_owned()
        } else {
            format!(
                "length of the {finished} finished games: mean {:.2} plies, max {}",
                self.length.mean, self.length.max
            )
        }];
        if self.unfinished > 0 {
            lines.push(format!(
                "unfinished (ply cap reached): {} games, {} plies (mean {:.2})",
                self.unfinished,
                self.unfinished_plies,
                self.unfinished_plies as f64 / self.unfinished as f64
            ));
        }
        if finished < self.games {
            lines.push(format!(
                "all {} games (finished, unfinished and failed): mean {:.2} plies",
                self.games,
                self.plies as f64 / self.games as f64
            ));
        }
        lines
    }

    /// The games this shard of the run was to play: its share of
    /// [`games_requested`](Self::games_requested) (the indices `k mod n`).
    #[must_use]
    pub fn games_expected(&self) -> u64 {
        let n = self.shard.n.max(1);
        self.games_requested / n + u64::from(self.shard.k < self.games_requested % n)
    }

    /// Why this simulation is short of games, as `(check, message)`: `no-games`
    /// when it played none (a time budget used up before it started), `short`
    /// when a deadline stopped a counted run (`--games N`) before its games were
    /// played. A short simulation fails its report: it is not the run asked for.
    /// `None` when it played what it was asked to, or, without a count, at least
    /// one game.
    #[must_use]
    pub fn shortfall(&self) -> Option<(&'static str, String)> {
        if self.interrupted {
            return Some((
                "interrupted",
                format!(
                    "{} games played: interrupted (Ctrl-C or SIGTERM) before the run's end",
                    self.games
                ),
            ));
        }
        if self.games == 0 {
            return Some((
                "no-games",
                "no game played: the time budget was used up before this sim started (give a longer `--budget`)".to_owned(),
            ));
        }
        let counted = self.games_requested > 0 && self.games_requested < UNCOUNTED;
        (self.stopped_early && counted).then(|| {
            (
                "short",
                format!(
                    "{} of {} games played: the time budget stopped the sim early (give a longer `--budget` or fewer `--games`)",
                    self.games,
                    self.games_expected()
                ),
            )
        })
    }

    /// The failure ids of this simulation (`sim:<game>:<check>`, the ids the
    /// quarantine and the JUnit report name), each once and sorted, with each
    /// one's message: one per invariant that broke (`N failed games`), and the
    /// [`shortfall`](Self::shortfall)'s.
    #[must_use]
    pub fn failure_ids(&self) -> Vec<(String, String)> {
        let mut checks: Vec<&str> = self.failures.iter().map(|f| f.check.as_str()).collect();
        checks.sort_unstable();
        checks.dedup();
        let mut ids: Vec<(String, String)> = checks
            .into_iter()
            .map(|c| {
                (
                    format!("sim:{}:{c}", self.game),
                    format!("{} failed games", self.failed_games),
                )
            })
            .collect();
        if let Some((check, message)) = self.shortfall() {
            ids.push((format!("sim:{}:{check}", self.game), message));
            ids.sort_unstable();
        }
        ids
    }

    /// The run's thread-seconds a player's decision (its wall-clock seconds
    /// times its threads, over its decisions: checks and chance outcomes
    /// included), for the runs of a policy other than random; `None` for
    /// random play or a run of no decision.
    #[must_use]
    pub fn seconds_per_decision(&self) -> Option<f64> {
        self.decisions
            .filter(|&d| d > 0)
            .map(|d| self.elapsed_seconds * self.threads.max(1) as f64 / d as f64)
    }

    /// The policy's line for the terminal and summary.md (`policy greedy:
    /// ...`), `None` under random play.
    #[must_use]
    pub fn policy_line(&self) -> Option<String> {
        if self.policy.is_random() {
            return None;
        }
        let decisions = self.decisions.unwrap_or(0);
        Some(match self.seconds_per_decision() {
            Some(s) => format!(
                "policy {}: {decisions} decisions, {:.3} ms a decision (thread time, checks included)",
                self.policy,
                1000.0 * s
            ),
            None => format!("policy {}: no decision", self.policy),
        })
    }

    /// Event tags that never fired.
    #[must_use]
    pub fn events_never_fired(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|&(_, &n)| n == 0)
            .map(|(k, _)| k.clone())
            .collect()
    }
}

/// The games a run "requests" when only its deadline ends it (the nightly job
/// without `--games`, bench): more than any deadline lets it play.
pub const UNCOUNTED: u64 = u64::MAX / 4;
