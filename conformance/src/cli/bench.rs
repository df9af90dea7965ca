//! `tigerseye bench`: random-play plies/s and perft nodes/s, on one thread and
//! on all threads, and their report.

use std::path::PathBuf;
use std::time::Instant;

use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::report::{self, Summary};
use tigerseye_engine::GameId;

use super::flags::{self, Games};
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game, or `all`.
    #[arg(long, default_value = "all", value_parser = flags::parse_game_or_all)]
    game: Games,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 3.0, value_parser = flags::parse_seconds)]
    seconds: f64,
    /// Threads for the all-threads rows [default: all cores].
    #[arg(long, value_parser = flags::parse_threads)]
    threads: Option<usize>,
    /// Rounds, 1 to 99: every row is measured once a round and reported as its
    /// median round, with the rounds' spread.
    #[arg(long, default_value_t = 1, value_parser = flags::parse_rounds)]
    rounds: u32,
    /// The policy the games are played under (`random`, `greedy`,
    /// `mcts:N`); under another than random, only the play rows, each with
    /// its time a decision.
    #[arg(long, default_value = "random", value_parser = flags::parse_policy)]
    policy: Policy,
    /// Where reports go.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
}

/// The measurements to make, and where their report goes (writable).
pub(crate) struct Config {
    games: Vec<GameId>,
    seconds: f64,
    threads: usize,
    rounds: u32,
    policy: Policy,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads);
        report::ensure_writable(&self.reports)?;
        Ok(Config {
            games: self.game.ids(),
            seconds: self.seconds,
            threads,
            rounds: self.rounds,
            policy: self.policy,
            reports: self.reports,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let started = Instant::now();
    let mut summary = Summary::new("bench");
    for id in config.games {
        let rows = tigerseye_conformance::bench::bench_policy(
            id,
            config.seconds,
            config.threads,
            config.rounds,
            config.policy,
        )?;
        summary.bench.extend(rows);
    }
    tigerseye_conformance::bench::print(&summary.bench);
    println!("build: {}", summary.build);
    let dir = output::finish(&mut summary, started, &config.reports)?;
    println!("report: {}", dir.display());
    Ok(true)
}
