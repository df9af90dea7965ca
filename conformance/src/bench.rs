//! `tigerseye bench`: random-play plies/s and games/s in sim's default checking
//! mode, and perft nodes/s with every leaf action applied, on one thread and on
//! all threads, over one or more rounds.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tigerseye_engine::{Game, GameId, GameVisitor};

use crate::invariants::CheckMode;
use crate::policy::Policy;
use crate::search::{perft, perft_parallel};
use crate::sim::{self, SimConfig, SimError};

/// Why a benchmark could not run, or measured nothing.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Seconds per measurement out of (0, 86400].
    #[error("seconds per measurement: more than 0 and at most 86400, not {0}")]
    Seconds(f64),
    /// No thread.
    #[error("threads: at least 1, not 0")]
    NoThreads,
    /// Rounds out of 1..=[`MAX_ROUNDS`].
    #[error("rounds: 1 to {MAX_ROUNDS}, not {0}")]
    Rounds(u32),
    /// A game the registry does not list.
    #[error("`{0}` is no registered game")]
    Unregistered(&'static str),
    /// The perft threads could not be made.
    #[error("cannot start {threads} perft threads: {message}; give fewer `--threads`")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The pool's error.
        message: String,
    },
    /// The random play could not run.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// An invariant broke during the random play.
    #[error("{game}: an invariant broke during the benchmark: {first:?}")]
    Broke {
        /// The game.
        game: GameId,
        /// The first failure recorded.
        first: Option<Box<sim::FailureRecord>>,
    },
    /// A round that finished no game (an interrupt stopped its first).
    #[error(
        "{game}: random play on {threads} thread{} finished no game in {seconds} s (it was interrupted)",
        if *.threads == 1 { "" } else { "s" }
    )]
    NoGame {
        /// The game.
        game: GameId,
        /// The threads of the round.
        threads: usize,
        /// The round's seconds.
        seconds: f64,
    },
}

/// One row of a benchmark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchRow {
    /// The game.
    #[serde(with = "crate::sim::schema::game_name")]
    pub game: GameId,
    /// `random-play` or `perft`; `greedy-play`, `mcts:N-play` for play under
    /// another policy.
    pub kind: String,
    /// Threads used.
    pub threads: usize,
    /// Random play: plies per second.
    pub plies_per_second: Option<f64>,
    /// Random play: games per second.
    pub games_per_second: Option<f64>,
    /// Perft: nodes per second, every leaf applied.
    pub nodes_per_second: Option<f64>,
    /// Perft depth measured.
    pub depth: Option<u32>,
    /// Work done: plies or nodes.
    pub work: u64,
    /// Seconds measured.
    pub seconds: f64,
    /// Every round's rate (plies/s or nodes/s, all threads together), in the
    /// order measured; the row is the median round (`bench --rounds`). Empty
    /// in reports written before rounds were recorded.
    #[serde(default)]
    pub rates: Vec<f64>,
    /// Play under a policy other than random: thread-seconds a decision
    /// ([`sim::SimStats::seconds_per_decision`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_decision: Option<f64>,
}

/// The most rounds `bench --rounds` takes.
pub const MAX_ROUNDS: u32 = 99;

/// Measures `game` for about `seconds` per row and round, and returns four rows:
/// random play and perft, one thread and `threads` threads (two rows when
/// `threads` is 1: the all-threads rows would measure one thread again).
///
/// Each of the `rounds` rounds measures every row once, in that order, so that
/// a change in the machine's load falls on all rows alike. A row is its
/// **median round** by rate (for an even count the lower of the two middle
/// ones: a round really measured, whose work and seconds agree with its rate),
/// with every round's rate, in the order measured, in [`BenchRow::rates`].
/// Every round plays the same games (master seed 1) and perft to the same
/// depth (found before the first round).
///
/// # Errors
///
/// When `seconds` is not in (0, 86400], `threads` is 0, `rounds` is not in
/// 1..=[`MAX_ROUNDS`], a simulation cannot run, or an invariant breaks during
/// the random play.
pub fn bench(
    game: GameId,
    seconds: f64,
    threads: usize,
    rounds: u32,
) -> Result<Vec<BenchRow>, BenchError> {
    bench_policy(game, seconds, threads, rounds, Policy::Random)
}

/// [`bench()`] with the games played under `policy`: under a policy other than
/// random only the play rows (perft does not depend on it), each with its
/// time a decision.
///
/// # Errors
///
/// As [`bench()`].
pub fn bench_policy(
    game: GameId,
    seconds: f64,
    threads: usize,
    rounds: u32,
    policy: Policy,
) -> Result<Vec<BenchRow>, BenchError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(BenchError::Seconds(seconds));
    }
    if threads == 0 {
        return Err(BenchError::NoThreads);
    }
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(BenchError::Rounds(rounds));
    }
    // One thread, then `threads` unless that is one thread again.
    let counts: &[usize] = if threads == 1 { &[1] } else { &[1, threads] };
    game.visit(Bench {
        seconds,
        threads,
        counts,
        rounds,
        policy,
    })
}

/// The measurement of one game, generic over it.
struct Bench<'a> {
    seconds: f64,
    threads: usize,
    counts: &'a [usize],
    rounds: u32,
    policy: Policy,
}

impl GameVisitor for Bench<'_> {
    type Output = Result<Vec<BenchRow>, BenchError>;

    fn visit<G: Game>(self) -> Result<Vec<BenchRow>, BenchError> {
        let game = GameId::of::<G>().ok_or(BenchError::Unregistered(G::NAME))?;
        let start = G::new(&Default::default());
        let perft = self.policy.is_random();
        let depth = if perft {
            perft_depth(&start, self.seconds)
        } else {
            0
        };
        // Only when a row measures more than one thread.
        let pool = if perft && self.counts.iter().any(|&threads| threads > 1) {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .build()
                    .map_err(|e| BenchError::Threads {
                        threads: self.threads,
                        message: e.to_string(),
                    })?,
            )
        } else {
            None
        };
        // Row `i`'s rounds: random play for each count, then perft for each.
        let rows = if perft { 2 } else { 1 } * self.counts.len();
        let mut measured: Vec<Vec<BenchRow>> = vec![Vec::new(); rows];
        for _ in 0..self.rounds {
            for (i, &t) in self.counts.iter().enumerate() {
                measured[i].push(random_play(game, t, self.seconds, self.policy)?);
            }
            for (i, &t) in self.counts.iter().enumerate().filter(|_| perft) {
                let pool = pool.as_ref().filter(|_| t > 1);
                measured[self.counts.len() + i].push(perft_row(
                    game,
                    &start,
                    depth,
                    t,
                    pool,
                    self.seconds,
                ));
            }
        }
        Ok(measured.into_iter().map(median_round).collect())
    }
}

/// The deepest perft depth whose single-thread run takes at most an eighth of
/// `seconds`, found by growing the depth (at most 40).
fn perft_depth<G: Game>(start: &G, seconds: f64) -> u32 {
    let mut depth = 1;
    loop {
        let t = Instant::now();
        let n = perft(start, depth);
        if t.elapsed().as_secs_f64() * 8.0 > seconds || n == 0 || depth >= 40 {
            return depth;
        }
        depth += 1;
    }
}

/// One round of play under `policy` on `threads` threads for about `seconds`.
fn random_play(
    game: GameId,
    threads: usize,
    seconds: f64,
    policy: Policy,
) -> Result<BenchRow, BenchError> {
    let mut config = SimConfig::new(game, sim::UNCOUNTED);
    config.policy = policy;
    config.threads = Some(threads);
    config.mode = CheckMode::DEFAULT;
    config.master_seed = 1;
    config.deadline = Some(Instant::now() + Duration::from_secs_f64(seconds));
    // At least one whole game, however short `seconds` is (or however busy
    // the machine): plies are counted for finished games.
    config.min_games = 1;
    let stats = sim::run(&config)?;
    if stats.failed_games > 0 {
        return Err(BenchError::Broke {
            game,
            first: stats.failures.first().cloned().map(Box::new),
        });
    }
    // Plies are counted for finished games: a round that finished none
    // measured nothing, and a rate of 0 would read as a measurement.
    if stats.plies == 0 {
        return Err(BenchError::NoGame {
            game,
            threads,
            seconds,
        });
    }
    let rate = stats.plies_per_second();
    Ok(BenchRow {
        game,
        kind: format!("{policy}-play"),
        threads,
        plies_per_second: Some(rate),
        games_per_second: Some(stats.games_per_second()),
        nodes_per_second: None,
        depth: None,
        work: stats.plies,
        seconds: stats.elapsed_seconds,
        rates: vec![rate],
        seconds_per_decision: stats.seconds_per_decision(),
    })
}

/// One round of perft from `start` to `depth`, repeated for about `seconds`, on
/// `pool`'s threads when given (one thread otherwise).
fn perft_row<G: Game>(
    game: GameId,
    start: &G,
    depth: u32,
    threads: usize,
    pool: Option<&rayon::ThreadPool>,
    seconds: f64,
) -> BenchRow {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let mut nodes = 0u64;
    let t = Instant::now();
    // At least one whole perft, however short `seconds` is.
    loop {
        nodes += match pool {
            Some(pool) => pool.install(|| perft_parallel(start, depth)),
            None => perft(start, depth),
        };
        if Instant::now() >= deadline {
            break;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let rate = nodes as f64 / secs;
    BenchRow {
        game,
        kind: "perft".into(),
        threads,
        plies_per_second: None,
        games_per_second: None,
        nodes_per_second: Some(rate),
        depth: Some(depth),
        work: nodes,
        seconds: secs,
        rates: vec![rate],
        seconds_per_decision: None,
    }
}

/// The median of one row's rounds by rate (the lower middle one for an even
/// count), carrying every round's rate in the order measured.
fn median_round(rounds: Vec<BenchRow>) -> BenchRow {
    let rates: Vec<f64> = rounds
        .iter()
        .flat_map(|r| r.rates.iter().copied())
        .collect();
    let mut order: Vec<usize> = (0..rounds.len()).collect();
    order.sort_by(|&a, &b| rates[a].total_cmp(&rates[b]));
    let mut row = rounds[order[(order.len() - 1) / 2]].clone();
    row.rates = rates;
    row
}

/// The spread of a row's rounds: (fastest - slowest) / median, in percent;
/// `None` for a single round (or a median of 0, which `bench` never reports).
#[must_use]
pub fn spread(row: &BenchRow) -> Option<f64> {
    let (Some(min), Some(max)) = (
        row.rates.iter().copied().reduce(f64::min),
        row.rates.iter().copied().reduce(f64::max),
    ) else {
        return None;
    };
    let median = row.plies_per_second.or(row.nodes_per_second)?;
    (row.rates.len() > 1 && median > 0.0).then(|| 100.0 * (max - min) / median)
}

/// [`spread`] as text: `4.1%`, or `-` for a single round.
#[must_use]
pub fn spread_text(row: &BenchRow) -> String {
    spread(row).map_or("-".into(), |v| format!("{v:.1}%"))
}

/// Prints `rows` as a table, with the per-thread rate, the rounds' spread and
/// the all-threads speed-up.
pub fn print(rows: &[BenchRow]) {
    println!(
        "{:<14} {:<12} {:>7} {:>14} {:>12} {:>14} {:>14} {:>6} {:>7}",
        "game", "kind", "threads", "plies/s", "games/s", "nodes/s", "per thread", "depth", "spread"
    );
    for r in rows {
        let rate = r.plies_per_second.or(r.nodes_per_second).unwrap_or(0.0);
        println!(
            "{:<14} {:<12} {:>7} {:>14} {:>12} {:>14} {:>14.0} {:>6} {:>7}",
            r.game,
            r.kind,
            r.threads,
            r.plies_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            r.games_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            r.nodes_per_second.map_or("-".into(), |v| format!("{v:.0}")),
            rate / r.threads as f64,
            r.depth.map_or("-".into(), |d| d.to_string()),
            spread_text(r),
        );
    }
    for r in rows {
        if let Some(s) = r.seconds_per_decision {
            println!(
                "{} {} on {} thread{}: {:.3} ms a decision (thread time, checks included)",
                r.game,
                r.kind,
                r.threads,
                if r.threads == 1 { "" } else { "s" },
                1000.0 * s
            );
        }
    }
    for pair in rows.chunks(2) {
        if let [one, all] = pair
            && all.threads > 1
        {
            let a = one.plies_per_second.or(one.nodes_per_second).unwrap_or(0.0);
            let b = all.plies_per_second.or(all.nodes_per_second).unwrap_or(0.0);
            println!(
                "{} {}: {} threads run {:.2}x one thread",
                one.game,
                one.kind,
                all.threads,
                b / a.max(1e-9)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_is_measured_once() {
        // `bench --threads 1` (and `bench` on a one-core machine) measured
        // and printed every row twice.
        let rows = bench(GameId::Duel, 0.02, 1, 1).unwrap();
        let shape: Vec<(&str, usize)> = rows.iter().map(|r| (r.kind.as_str(), r.threads)).collect();
        assert_eq!(shape, [("random-play", 1), ("perft", 1)]);
        let rows = bench(GameId::Duel, 0.02, 2, 1).unwrap();
        let shape: Vec<(&str, usize)> = rows.iter().map(|r| (r.kind.as_str(), r.threads)).collect();
        assert_eq!(
            shape,
            [
                ("random-play", 1),
                ("random-play", 2),
                ("perft", 1),
                ("perft", 2)
            ]
        );
    }

    #[test]
    fn each_row_is_its_median_round_with_every_rate() {
        let rows = bench(GameId::Duel, 0.02, 2, 3).unwrap();
        assert_eq!(rows.len(), 4);
        for r in &rows {
            assert_eq!(r.rates.len(), 3, "{r:?}");
            let rate = r.plies_per_second.or(r.nodes_per_second).unwrap();
            let mut sorted = r.rates.clone();
            sorted.sort_by(f64::total_cmp);
            assert_eq!(rate, sorted[1], "{r:?}");
            // The row is a round really measured: its rate is its work over its seconds.
            assert!(
                (rate - r.work as f64 / r.seconds).abs() <= 1e-6 * rate,
                "{r:?}"
            );
            assert!(spread(r).is_some_and(|s| s >= 0.0));
        }
        // The perft rows keep one depth over the rounds.
        assert!(rows[2].depth.is_some() && rows[2].depth == rows[3].depth);
    }

    #[test]
    fn median_of_an_even_count_is_the_lower_middle_round() {
        let row = |rate: f64| BenchRow {
            game: GameId::Duel,
            kind: "perft".into(),
            threads: 1,
            plies_per_second: None,
            games_per_second: None,
            nodes_per_second: Some(rate),
            depth: Some(3),
            work: rate as u64,
            seconds: 1.0,
            rates: vec![rate],
            seconds_per_decision: None,
        };
        let m = median_round(vec![row(40.0), row(10.0), row(30.0), row(20.0)]);
        assert_eq!(m.nodes_per_second, Some(20.0));
        assert_eq!(m.rates, [40.0, 10.0, 30.0, 20.0]);
        assert_eq!(spread_text(&m), "150.0%");
        assert_eq!(spread_text(&row(5.0)), "-");
    }

    #[test]
    fn rounds_out_of_range_are_refused() {
        for rounds in [0, MAX_ROUNDS + 1] {
            let e = bench(GameId::Duel, 0.02, 1, rounds).unwrap_err();
            assert!(e.to_string().contains("rounds: 1 to 99"), "{e}");
        }
    }

    #[test]
    fn a_round_too_short_for_one_game_still_plays_one_whole_game() {
        // `bench --seconds 1e-300` once printed 0 plies/s in every row; a
        // round now lasts until its first game ends, so its rate is real.
        let rows = bench(GameId::Dragon, 1e-300, 1, 1).unwrap();
        let play = &rows[0];
        assert!(play.work > 0, "{play:?}");
        assert!(play.plies_per_second.is_some_and(|r| r > 0.0), "{play:?}");
        assert!(play.games_per_second.is_some_and(|r| r > 0.0), "{play:?}");
    }
}
