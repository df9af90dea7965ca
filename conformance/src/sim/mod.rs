//! Random simulation: many games of uniformly random legal actions, on all cores,
//! with the invariants checked after every step.
//!
//! Game `i` of a run with master seed `S` is played from its own seed
//! [`game_seed`]`(S, i)`, so any single game replays alone, on any thread or
//! shard. A panic inside one game is caught and recorded with its seed; the run
//! goes on.

//!
//! The parts (private modules, their items re-exported here): `player` plays
//! one game ([`Player`], [`sample_chance`]), `caught` turns a panic into a
//! failure ([`catch_panic`], [`play_caught`]), and `tally` counts a run's games
//! in batches over the worker pool and summarizes them; `resume` is the
//! save-restore check ([`resume::Resumed`]), `starts` where a run's games
//! start ([`Starts`]: the standard start, or positions from the corpus), and
//! `stats` what a run reports ([`SimStats`]).

mod caught;
mod figures;
mod oracles;
mod player;
pub mod resume;
pub mod schema;
mod starts;
mod stats;
mod tally;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tigerseye_engine::core::OptionError;
use tigerseye_engine::core::zobrist::splitmix64;
use tigerseye_engine::{Game, GameId, GameOptions, GameVisitor};

pub use crate::panics::catch_panic;
pub use crate::policy::sample_chance;
pub use caught::play_caught;
pub use figures::{FigureValue, GameFigures};
pub use oracles::REFERENCE_EVERY;
pub use player::{GameEnd, Player};
pub use schema::{FinalScore, Winner};
pub use starts::{Start, Starts, shell_quoted};
pub use stats::{FailureRecord, LengthStats, OutcomeCount, SimStats, UNCOUNTED};

use crate::invariants::CheckMode;
use crate::policy::Policy;
use crate::shrink::{Oracle, ShrinkLimits, scenario_text_from, shrink};
use starts::{Begin, begins};
use tally::{Acc, Cut, run_batch, summarize};

/// The seed of game `index` in a run with master seed `master`.
#[must_use]
pub fn game_seed(master: u64, index: u64) -> u64 {
    splitmix64(master ^ splitmix64(index))
}

/// One shard of a run split over machines: shard `k` of `n` plays the games whose
/// index is `k` modulo `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, `0..n`.
    pub k: u64,
    /// Number of shards, at least 1.
    pub n: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { k: 0, n: 1 };
}

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The game.
    pub game: GameId,
    /// Options as `(key, value)`.
    pub options: Vec<(String, String)>,
    /// Games in the whole run (all shards together).
    pub games: u64,
    /// The master seed.
    pub master_seed: u64,
    /// Worker threads; all cores when `None`.
    pub threads: Option<usize>,
    /// How thoroughly to check each step.
    pub mode: CheckMode,
    /// The ply cap for games whose rules imply no bound; a game reaching it is
    /// counted as unfinished, not failed.
    pub max_plies: u32,
    /// Draw a progress bar (on a terminal).
    pub progress: bool,
    /// Stop starting new games after this instant, once `min_games` are played.
    pub deadline: Option<Instant>,
    /// The floor of a run that its deadline ends: the first this many games of
    /// this shard are played whatever the deadline (an interrupt still stops
    /// them), so a run bound by its time budget is still a real run on a slow
    /// or busy machine.
    pub min_games: u64,
    /// The part of the run this process plays.
    pub shard: Shard,
    /// The worker threads' stack size in bytes; `SIM_STACK` (16 MiB) when
    /// `None`. A run's stack does
    /// not grow with a game's state: each worker's [`Player`] (for Dragon, four
    /// action buffers of 16 KiB and three states) lives on the heap.
    pub worker_stack: Option<usize>,
    /// Compare the engine's legal list with the game's reference model
    /// ([`crate::reference`]) on one state in this many (0: never; every state
    /// in [`CheckMode::PARANOID`]); a difference fails the game (check
    /// `reference-model`).
    pub reference_every: u32,
    /// The run's first this many games (by index, all shards together)
    /// compare every state with the reference model, whatever
    /// [`reference_every`](Self::reference_every) (but 0, no model): the
    /// slice in which a model too slow to sample
    /// ([`EVERY_STATE_ONLY`](crate::reference::EVERY_STATE_ONLY)) runs.
    /// 0 by default.
    pub reference_slice: u64,
    /// Where the games start: the standard start under
    /// [`options`](Self::options) unless positions are listed (each under
    /// its own options).
    pub starts: Starts,
    /// How the players choose their actions ([`Policy::Random`] by default).
    pub policy: Policy,
}

/// Set by [`interrupt`]: every simulation stops starting games.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks every simulation under way, and every one started later in this
/// process, to stop starting games, as its deadline would: the games under way
/// finish, and the run's report is written, marked interrupted (the
/// `tigerseye` command's Ctrl-C in `sim` and `nightly`).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Whether [`interrupt`] was called.
#[must_use]
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The report's note for the games whose sims an interrupt kept from starting.
#[must_use]
pub fn not_started_note(games: &[GameId]) -> String {
    let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
    format!(
        "interrupted (Ctrl-C or SIGTERM): no sim of {}",
        names.join(", ")
    )
}

impl SimConfig {
    /// Whether to stop before this shard's game `local` (counted from 0): the
    /// process was interrupted, or the deadline has passed and the floor
    /// (`min_games`) has been played.
    #[must_use]
    pub fn stop_before(&self, local: u64) -> bool {
        interrupted()
            || (local >= self.min_games && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// `games` games of `game` with default options, seed 0, all cores, default checks.
    #[must_use]
    pub fn new(game: GameId, games: u64) -> SimConfig {
        SimConfig {
            game,
            options: Vec::new(),
            games,
            master_seed: 0,
            threads: None,
            mode: CheckMode::DEFAULT,
            max_plies: DEFAULT_MAX_PLIES,
            progress: false,
            deadline: None,
            min_games: 0,
            shard: Shard::WHOLE,
            worker_stack: None,
            starts: Starts::default(),
            reference_every: REFERENCE_EVERY,
            reference_slice: 0,
            policy: Policy::Random,
        }
    }
}

/// The ply cap of `sim`, `replay` and `compare` when none is given.
pub const DEFAULT_MAX_PLIES: u32 = 100_000;

/// At most this many failures are kept in full; all are counted.
pub const MAX_RECORDED_FAILURES: usize = 100;
/// At most this many failures are shrunk to scenarios.
pub const MAX_SHRUNK_FAILURES: usize = 10;

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// An option given twice.
    #[error("option `{key}` given twice (`{key}={first}`, then `{key}={second}`): give it once")]
    OptionTwice {
        /// The option's key.
        key: String,
        /// Its first value.
        first: String,
        /// Its second value.
        second: String,
    },
    /// An option the game does not take.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A configuration of another game than the one played.
    #[error("the configuration is for {config}, not {game}")]
    WrongGame {
        /// The configuration's game.
        config: GameId,
        /// The game played.
        game: &'static str,
    },
    /// The worker threads could not be made (one message naming them: the
    /// pool's error and its source are the same OS error, printed twice by an
    /// error chain).
    #[error(
        "cannot start {threads} worker threads ({mib} MiB of stack each): {message}; give fewer `--threads`"
    )]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// Each one's stack, in MiB.
        mib: usize,
        /// The pool's error.
        message: String,
    },
    /// A start that is not a position of the game (`replay --position`, a
    /// corpus start).
    #[error("the start {from}: {message}")]
    Start {
        /// Where the start was found.
        from: String,
        /// What is wrong with it.
        message: String,
    },
    /// A shard outside its run.
    #[error("shard {k}/{n} is not one of 0..{n}")]
    Shard {
        /// The shard.
        k: u64,
        /// The shards of the run.
        n: u64,
    },
    /// The progress bar's template does not read.
    #[error(transparent)]
    Progress(#[from] indicatif::style::TemplateError),
}

/// Builds `G`'s options from `(key, value)` pairs.
///
/// # Errors
///
/// The first option the game does not take, or an option given twice.
pub fn build_options<G: Game>(pairs: &[(String, String)]) -> Result<G::Options, SimError> {
    let mut options = G::Options::default();
    for (i, (k, v)) in pairs.iter().enumerate() {
        if let Some((_, first)) = pairs[..i].iter().find(|(key, _)| key == k) {
            return Err(SimError::OptionTwice {
                key: k.clone(),
                first: first.clone(),
                second: v.clone(),
            });
        }
        options.set(k, v)?;
    }
    Ok(options)
}

/// Every option of `options` as `key -> value`.
#[must_use]
pub fn option_map<G: Game>(options: &G::Options) -> BTreeMap<String, String> {
    <G::Options as GameOptions>::SPECS
        .iter()
        .map(|s| {
            (
                s.key.to_owned(),
                options.get(s.key).unwrap_or("?").to_owned(),
            )
        })
        .collect()
}

/// The command that replays game `index` of a run: from the position it
/// started from, and naming where that was found, when it was not the
/// standard start; under the run's policy and ply cap when they are not the
/// defaults.
#[must_use]
pub fn replay_command(config: &SimConfig, index: u64) -> String {
    let mut cmd = format!(
        "tigerseye replay --game {} --seed {} --index {index}",
        config.game, config.master_seed
    );
    if !config.policy.is_random() {
        cmd.push_str(&format!(" --policy {}", config.policy));
    }
    if config.max_plies != DEFAULT_MAX_PLIES {
        cmd.push_str(&format!(" --max-plies {}", config.max_plies));
    }
    let start = config.starts.of(index);
    let options = start.map_or(&config.options, |s| &s.options);
    for (k, v) in options {
        cmd.push_str(&format!(" --option {k}={v}"));
    }
    if let Some(start) = start {
        cmd.push_str(&format!(
            " --position {} --from {}",
            shell_quoted(&start.save),
            shell_quoted(&start.from)
        ));
    }
    cmd
}

/// Runs the simulation `config` describes.
///
/// # Errors
///
/// When the options are not the game's or the thread pool cannot start.
pub fn run(config: &SimConfig) -> Result<SimStats, SimError> {
    struct Visit<'a>(&'a SimConfig);
    impl GameVisitor for Visit<'_> {
        type Output = Result<SimStats, SimError>;
        fn visit<G: Game>(self) -> Self::Output {
            run_game::<G>(self.0)
        }
    }
    config.game.visit(Visit(config))
}

fn run_game<G: Game>(config: &SimConfig) -> Result<SimStats, SimError> {
    #[cfg(test)]
    let oracle = crate::planted::sim_oracle::<G>(config.master_seed);
    #[cfg(not(test))]
    let oracle = None;
    run_with_oracle::<G>(config, oracle)
}

/// Runs the simulation `config` describes for game `G` (which must be
/// `config.game`), checking `oracle` on every state too. Failures are recorded,
/// and the first [`MAX_SHRUNK_FAILURES`] are shrunk to scenarios.
///
/// # Errors
///
/// When the options are not the game's or the thread pool cannot start.
pub fn run_with_oracle<G: Game>(
    config: &SimConfig,
    oracle: Option<Oracle<G>>,
) -> Result<SimStats, SimError> {
    if config.game.name() != G::NAME {
        return Err(SimError::WrongGame {
            config: config.game,
            game: G::NAME,
        });
    }
    let options = build_options::<G>(&config.options)?;
    let mut begins = begins::<G>(&options, &config.starts)?;
    let compared = oracles::attach(
        &mut begins,
        oracle.as_ref(),
        oracles::reference_every(config),
        config.reference_slice > 0,
    );
    let threads = config
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    let stack = config.worker_stack.unwrap_or(SIM_STACK);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack)
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            mib: stack >> 20,
            message: e.to_string(),
        })?;
    let shard = config.shard;
    if !(shard.n >= 1 && shard.k < shard.n) {
        return Err(SimError::Shard {
            k: shard.k,
            n: shard.n,
        });
    }
    let my_games = config.games / shard.n + u64::from(shard.k < config.games % shard.n);
    let bar = if config.progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let bar = ProgressBar::new(my_games);
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix} [{bar:40}] {human_pos}/{human_len} games {per_sec} eta {eta}",
            )?
            .progress_chars("=> "),
        );
        bar.set_prefix(config.game.name());
        Some(bar)
    } else {
        None
    };
    let started = Instant::now();
    let mut acc = Acc::new(G::RULES.len(), G::EVENTS.len());
    // Batches, so that a deadline stops the run between them; each batch is shared
    // out over the pool, one Player per rayon split.
    let mut next = 0u64;
    let mut batch = 4096u64;
    // Once a game has failed, no game of a run its deadline ends starts past
    // the midpoint of its time: the rest is kept for shrinking. (A counted
    // run plays its games; its shrinking has what they leave.)
    let cut = Cut::new(
        started,
        config.deadline.filter(|_| config.games >= UNCOUNTED),
    );
    while next < my_games {
        if config.stop_before(next) || (next >= config.min_games && cut.stop()) {
            acc.skipped += my_games - next;
            break;
        }
        let end = next.saturating_add(batch).min(my_games);
        let t = Instant::now();
        let part = pool.install(|| {
            run_batch::<G>(
                &begins,
                config,
                &cut,
                next,
                end,
                bar.as_ref(),
                begins[0].oracle.as_ref(),
            )
        });
        acc = acc.merge(part);
        next = end;
        if t.elapsed() < Duration::from_millis(250) && batch < 1 << 22 {
            batch *= 2;
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let elapsed = started.elapsed();
    pool.install(|| {
        shrink_failures(&begins, config, &mut acc.failures, threads);
    });
    let mut stats = summarize::<G>(config, &options, acc, elapsed, threads);
    stats.reference_states = compared.load(std::sync::atomic::Ordering::Relaxed);
    Ok(stats)
}

/// Shrinks the first [`MAX_SHRUNK_FAILURES`] of `failures` to scenarios,
/// `threads` at a time on the current pool, each within its share of the time
/// left before `config`'s deadline (and all of them by it).
fn shrink_failures<G: Game>(
    begins: &[Begin<G>],
    config: &SimConfig,
    failures: &mut [FailureRecord],
    threads: usize,
) {
    let count = failures.len().min(MAX_SHRUNK_FAILURES);
    if count == 0 {
        return;
    }
    let now = Instant::now();
    let share = (threads as f64 / count as f64).min(1.0);
    let slot = config
        .deadline
        .map(|d| d.saturating_duration_since(now).mul_f64(share));
    failures[..count].par_iter_mut().for_each(|failure| {
        let deadline = config.deadline.map(|d| {
            slot.and_then(|s| Instant::now().checked_add(s))
                .map_or(d, |own| own.min(d))
        });
        let picked = config.starts.pick(failure.index);
        let begin = &begins[picked.map_or(0, |k| k + 1)];
        let oracle = begin.full_oracle.as_ref();
        let mut player =
            Player::new(&begin.initial, config.mode, config.max_plies).with_policy(config.policy);
        player.start_at(begin);
        // Every state checked (`start_at` set the sampled oracle).
        let mut player = player.with_oracle(oracle.cloned());
        let _ = play_caught(&mut player, failure.game_seed);
        let limits = ShrinkLimits {
            deadline,
            seed: failure.game_seed,
        };
        if let Some(shrunk) = shrink(&begin.initial, &player.actions, oracle, limits) {
            let start = config.starts.of(failure.index);
            failure.shrunk = Some(scenario_text_from(
                &shrunk,
                &begin.options,
                start.map(|s| (s.save.as_str(), s.from.as_str())),
                config.master_seed,
                failure.index,
                &failure.replay,
            ));
        }
    });
}

/// The stack of each simulation thread. Rayon nests its splits of a batch a dozen
/// deep or more, and each level's frame keeps room for the split's `Player` (its
/// states and fixed-capacity action lists: 16 KiB a list for Dragon): with the
/// default 2 MiB the nightly's Dragon sims overflowed the stack now and then
/// (`the_budget_stops_uncounted_sims_cleanly`, about one run in three); 4 MiB was
/// enough in every trial. The `Player`s now live on the heap (a run needs less
/// than 256 KiB), so this is a margin, not the fix. The memory is reserved, and
/// touched only as used.
const SIM_STACK: usize = 16 << 20;

/// The line `replay` prints after the final board of a finished game of `game`:
/// `None` when the board already shows the result (duel's, ambush's, race's and
/// Dragon's boards end with it), so that the result is printed once.
#[must_use]
pub fn result_line(
    game: GameId,
    board: &str,
    outcome: &tigerseye_engine::Outcome,
) -> Option<String> {
    let text = outcome.named(game.side_names()).to_string();
    (!board.contains(&text)).then(|| format!("over: {text}"))
}

/// Replays game `index` of a run with every check on every step; returns the end,
/// the actions in notation, the final board and the save of the state reached
/// (which resumes the game there: `show --position`).
///
/// # Errors
///
/// When the options are not the game's.
pub fn replay(
    config: &SimConfig,
    index: u64,
) -> Result<(GameEnd, Vec<String>, String, String), SimError> {
    struct Visit<'a>(&'a SimConfig, u64);
    impl GameVisitor for Visit<'_> {
        type Output = Result<(GameEnd, Vec<String>, String, String), SimError>;
        fn visit<G: Game>(self) -> Self::Output {
            let options = build_options::<G>(&self.0.options)?;
            let mut begin: Begin<G> = match self.0.starts.of(self.1) {
                Some(start) => Begin::of(start)?,
                None => Begin::standard(&options),
            };
            // Every state against the reference model, unless the run had none.
            let every = self.0.reference_every.min(1);
            oracles::attach(std::slice::from_mut(&mut begin), None, every, false);
            let mut player = Player::new(&begin.initial, CheckMode::PARANOID, self.0.max_plies)
                .with_policy(self.0.policy);
            player.start_at(&begin);
            let end = play_caught(&mut player, game_seed(self.0.master_seed, self.1));
            let mut state = begin.initial.clone();
            let mut texts = Vec::new();
            for &a in &player.actions {
                texts.push(state.action_text(a));
                state.apply_unchecked(a, &mut |_| {});
            }
            let save = catch_panic(|| begin.record(&player.actions).save_string())
                .unwrap_or_else(|panic| format!("none (replaying the actions panics: {panic})"));
            Ok((end, texts, player.state().render_string(), save))
        }
    }
    config.game.visit(Visit(config, index))
}

#[cfg(test)]
mod tests {
    use super::tally::histogram;
    use super::*;

    /// The tryout saw duel's, ambush's and race's result printed twice (the
    /// board's line, then `over: `): for every game, the board and the result
    /// line together show the result exactly once.
    #[test]
    fn replay_shows_the_result_once_for_every_game() {
        for &game in GameId::ALL {
            let config = SimConfig::new(game, 1);
            let over = (0..20)
                .find_map(|index| match replay(&config, index).unwrap() {
                    (GameEnd::Over(o), _, board, _) => Some((o, board)),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{game}: no finished game in 20"));
            let (outcome, board) = over;
            let text = outcome.named(game.side_names()).to_string();
            let mut shown = board.clone();
            if let Some(line) = result_line(game, &board, &outcome) {
                shown.push_str(&line);
            }
            assert_eq!(shown.matches(&text).count(), 1, "{game}:\n{shown}");
        }
    }

    /// A replay line names the run's ply cap when it is not the default, so
    /// a game cut off at the cap replays to the same cut.
    #[test]
    fn the_replay_line_carries_a_ply_cap_that_is_not_the_default() {
        let mut config = SimConfig::new(GameId::Dragon, 1);
        config.master_seed = 9;
        assert!(!replay_command(&config, 0).contains("--max-plies"));
        config.max_plies = 30;
        assert_eq!(
            replay_command(&config, 0),
            "tigerseye replay --game dragon --seed 9 --index 0 --max-plies 30"
        );
        let (end, texts, _, _) = replay(&config, 0).unwrap();
        assert!(matches!(end, GameEnd::Unfinished), "{end:?}");
        assert_eq!(texts.len(), 30);
    }

    #[test]
    fn a_run_is_reproducible_and_thread_independent() {
        let mut config = SimConfig::new(GameId::Duel, 2000);
        config.master_seed = 42;
        config.threads = Some(1);
        let one = run(&config).unwrap();
        config.threads = Some(2);
        let two = run(&config).unwrap();
        assert_eq!(one.games, 2000);
        assert_eq!(one.failed_games, 0, "{:?}", one.failures);
        assert_eq!(
            (one.plies, &one.outcomes, &one.events, &one.length.histogram),
            (two.plies, &two.outcomes, &two.events, &two.length.histogram)
        );
    }

    /// A game's own statistics (The Game's author's table, the Field
    /// Manual's search maxima) are the same whatever the thread count, and
    /// the shards' merge to the whole run's; a game that keeps none writes
    /// no field.
    #[test]
    fn game_stats_do_not_depend_on_threads_or_shards() {
        for game in [GameId::TheGame, GameId::FieldManual] {
            let mut config = SimConfig::new(game, 24);
            config.master_seed = 5;
            config.max_plies = 300;
            config.threads = Some(1);
            let one = run(&config).unwrap();
            assert_eq!(one.failed_games, 0, "{:?}", one.failures);
            assert!(!one.game_stats.is_empty(), "{game}");
            config.threads = Some(3);
            let three = run(&config).unwrap();
            assert_eq!(one.game_stats, three.game_stats, "{game}");
            let parts: Vec<GameFigures> = (0..2)
                .map(|k| {
                    config.shard = Shard { k, n: 2 };
                    run(&config).unwrap().game_stats
                })
                .collect();
            assert_eq!(GameFigures::merged(&parts), one.game_stats, "{game}");
            assert!(!one.game_stats.tables(game).is_empty(), "{game}");
        }
        let the_game = SimStats::clone(&{
            let mut config = SimConfig::new(GameId::TheGame, 2);
            config.max_plies = 50;
            run(&config).unwrap()
        });
        let games = match the_game.game_stats.0.get("games") {
            Some(FigureValue::Count(n)) => *n,
            other => panic!("{other:?}"),
        };
        assert_eq!(games, 2);
        let duel = run(&SimConfig::new(GameId::Duel, 10)).unwrap();
        assert!(duel.game_stats.is_empty());
        let json = serde_json::to_string(&duel).unwrap();
        assert!(!json.contains("game_stats"), "{json}");
    }

    #[test]
    fn a_passed_deadline_stops_every_game_of_a_batch() {
        // Before the fix a split that found the deadline passed skipped one game
        // and played the next 63, so a batch ran on to 63/64 of its games.
        let mut config = SimConfig::new(GameId::Duel, 4096);
        config.deadline = Some(Instant::now());
        let begins = [Begin::standard(&Default::default())];
        let cut = Cut::new(Instant::now(), None);
        let acc = run_batch::<tigerseye_engine::jewel::duel::Duel>(
            &begins, &config, &cut, 0, 4096, None, None,
        );
        assert_eq!(acc.games, 0);
        assert_eq!(acc.skipped, 4096);
    }

    #[test]
    fn a_floor_of_games_is_played_past_the_deadline() {
        // A run bound by its budget played nothing once the deadline had
        // passed; its floor is played whatever the deadline, and no more.
        let mut config = SimConfig::new(GameId::Duel, UNCOUNTED);
        config.deadline = Some(Instant::now());
        config.min_games = 100;
        let stats = run(&config).unwrap();
        assert_eq!(stats.games, 100);
        assert!(stats.stopped_early);
        assert_eq!(stats.shortfall(), None);
    }

    #[test]
    fn shards_add_up_to_the_whole_run() {
        let mut config = SimConfig::new(GameId::Duel, 1001);
        config.master_seed = 9;
        let whole = run(&config).unwrap();
        let mut plies = 0;
        let mut games = 0;
        for k in 0..3 {
            config.shard = Shard { k, n: 3 };
            let part = run(&config).unwrap();
            plies += part.plies;
            games += part.games;
        }
        assert_eq!((games, plies), (whole.games, whole.plies));
    }

    #[test]
    fn dragon_runs_on_small_worker_stacks() {
        // A worker's stack does not grow with the batch's splitting: before the
        // players were boxed each level of rayon's recursion reserved 188 KB
        // for copies of Dragon's Player, and `bench --game dragon` overflowed
        // 2 MiB stacks (even one thread needed more than 512 KiB). Short games
        // (the cap counts them unfinished), so that many splits are played.
        let mut config = SimConfig::new(GameId::Dragon, 512);
        config.master_seed = 3;
        config.threads = Some(2);
        config.max_plies = 24;
        config.worker_stack = Some(512 * 1024);
        let stats = run(&config).unwrap();
        assert_eq!(stats.failed_games, 0, "{:?}", stats.failures);
        assert_eq!((stats.games, stats.plies), (512, 512 * 24));
    }

    #[test]
    fn games_cut_at_the_ply_cap_are_reported_as_unfinished_not_as_short() {
        // `--max-plies 1`: no game finishes; the summary read "mean 0.00 plies"
        // because only finished games were measured.
        let mut config = SimConfig::new(GameId::Duel, 50);
        config.max_plies = 1;
        let stats = run(&config).unwrap();
        assert_eq!((stats.games, stats.unfinished), (50, 50));
        assert_eq!((stats.plies, stats.unfinished_plies), (50, 50));
        assert!(stats.length.counts.is_empty());
        assert_eq!(
            stats.length_lines(),
            [
                "length: no game finished",
                "unfinished (ply cap reached): 50 games, 50 plies (mean 1.00)",
                "all 50 games (finished, unfinished and failed): mean 1.00 plies",
            ]
        );
        // A cap that cuts some games: the finished ones are measured apart,
        // and the plies of both add up to the run's.
        config.max_plies = 10;
        let stats = run(&config).unwrap();
        let finished: u64 = stats.length.counts.values().sum();
        let finished_plies: u64 = stats
            .length
            .counts
            .iter()
            .map(|(&l, &n)| u64::from(l) * n)
            .sum();
        assert!(finished > 0 && stats.unfinished > 0, "{stats:?}");
        assert_eq!(finished + stats.unfinished, 50);
        assert_eq!(stats.unfinished_plies, 10 * stats.unfinished);
        assert_eq!(finished_plies + stats.unfinished_plies, stats.plies);
        let lines = stats.length_lines();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with(&format!("length of the {finished} finished games: mean")));
        // Every game finishes: one line, as before.
        config.max_plies = 100_000;
        let stats = run(&config).unwrap();
        assert_eq!(stats.unfinished, 0);
        assert_eq!(stats.length_lines().len(), 1);
    }

    #[test]
    fn threads_that_cannot_start_are_one_error_naming_them() {
        // `--threads 100000` under a memory limit printed the OS error twice and
        // never said "threads". Four stacks of 64 TiB exceed any address space.
        let mut config = SimConfig::new(GameId::Duel, 4);
        config.threads = Some(4);
        config.worker_stack = Some(1 << 46);
        let e = format!("{:#}", run(&config).unwrap_err());
        assert!(
            e.starts_with("cannot start 4 worker threads (67108864 MiB of stack each): "),
            "{e}"
        );
        assert!(e.ends_with("; give fewer `--threads`"), "{e}");
        assert_eq!(e.matches("os error").count(), 1, "{e}");
    }

    #[test]
    fn histogram_covers_every_length() {
        let lengths = BTreeMap::from([(3, 5), (99, 1)]);
        let h = histogram(&lengths);
        assert!(h.len() <= 24);
        assert_eq!(h.iter().map(|b| b[2]).sum::<u64>(), 6);
        assert_eq!(h.last().unwrap()[1], 99);
    }
}
