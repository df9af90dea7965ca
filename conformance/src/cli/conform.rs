//! `tigerseye conform`: another engine checked against tigerseye through the
//! engine protocol (docs/conform.md); and the hidden `tigerseye engine`,
//! tigerseye speaking that protocol on its standard input and output, which
//! `conform --engine self` starts.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tigerseye_conformance::conform::{self, EngineCommand, Shard};
use tigerseye_conformance::report::{self, Summary};

use super::flags::{self, Games};
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The engine: `self` (tigerseye's own, through the protocol), or a
    /// command line run by `sh -c`.
    #[arg(long)]
    engine: String,
    /// A game, or `all` (every game the engine plays).
    #[arg(long, value_parser = flags::parse_game_or_all, default_value = "all")]
    game: Games,
    /// Random games a game (0: none), all shards together.
    #[arg(long, default_value_t = 1_000)]
    games: u64,
    /// Play only shard K of N of the random games (`K/N`, K from 0): the
    /// games whose index is K mod N, as `sim --shard` splits a run.
    #[arg(long, value_parser = flags::parse_shard)]
    shard: Option<Shard>,
    /// Start no random game of a game after this long (`90s`, `15m`, `2h`);
    /// the first always starts.
    #[arg(long, value_parser = flags::parse_budget)]
    budget: Option<Duration>,
    /// Master seed of the random games.
    #[arg(long, default_value_t = 1, value_parser = flags::parse_seed)]
    seed: u64,
    /// A random game stops after this many plies.
    #[arg(long, default_value_t = 2_000, value_parser = flags::parse_max_plies)]
    max_plies: u32,
    /// Perft rows of at most this many leaves are asked of the engine (0: none).
    #[arg(long, default_value_t = 1_000_000)]
    node_limit: u64,
    /// Skip the corpus's scenarios.
    #[arg(long)]
    no_scenarios: bool,
    /// Seconds the engine has for one answer (a perft request once more per
    /// 10,000 leaves).
    #[arg(long, default_value_t = 10.0, value_parser = flags::parse_seconds)]
    timeout: f64,
    /// Seconds the shrinker may take on a disagreement.
    #[arg(long, default_value_t = 60.0, value_parser = flags::parse_seconds)]
    shrink_seconds: f64,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", value_parser = flags::parse_option)]
    options: Vec<(String, String)>,
    /// The corpus folder [default: ./scenarios, else the repository's].
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Where the report goes.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
}

/// A run whose engine command, corpus and reports folder are known.
pub(crate) struct Config {
    conform: conform::Config,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let corpus = flags::corpus_root(self.corpus.as_deref())?;
        if self.games > 0 {
            flags::ensure_shard_has_games(self.shard, self.games)?;
        }
        report::ensure_writable(&self.reports)?;
        let engine = if self.engine == "self" {
            EngineCommand::Program {
                program: std::env::current_exe()?,
                args: vec!["engine".to_owned()],
            }
        } else {
            anyhow::ensure!(
                !self.engine.trim().is_empty(),
                "--engine: expected `self` or a command line, found nothing"
            );
            EngineCommand::Shell(self.engine)
        };
        let games = match self.game {
            Games::All => Vec::new(),
            Games::Only(only) => Games::Only(only).ids(),
        };
        Ok(Config {
            conform: conform::Config {
                engine,
                games,
                options: self.options,
                corpus,
                scenarios: !self.no_scenarios,
                node_limit: self.node_limit,
                games_per_game: self.games,
                shard: self.shard.unwrap_or(Shard::WHOLE),
                budget: self.budget,
                seed: self.seed,
                max_plies: self.max_plies,
                timeout: Duration::from_secs_f64(self.timeout),
                shrink_seconds: self.shrink_seconds,
                progress: !self.quiet,
            },
            reports: self.reports,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let started = Instant::now();
    output::stop_on_ctrl_c();
    let run = conform::run(&config.conform)?;
    for g in &run.games {
        let failed = g.disagreements.len();
        println!(
            "{}: {} scenarios, {} perft rows asked, {} random games ({} plies), {} states compared: {}",
            g.game,
            g.scenarios.len(),
            g.perft.iter().filter(|p| p.computed.is_some()).count(),
            g.random.games,
            g.random.plies,
            g.compared,
            if failed == 0 {
                "no undeclared difference".to_owned()
            } else {
                format!("{failed} disagreement(s)")
            }
        );
        for (rule, n) in &g.declared_met {
            println!("  declared difference `{rule}` met {n} time(s), not compared");
        }
        for p in &g.perft_declared {
            println!("  perft {p}");
        }
        for k in &g.skipped {
            println!("  skipped: {k}");
        }
        for d in &g.disagreements {
            println!("  DISAGREEMENT {}: {}", d.place, d.message);
        }
    }
    let mut summary: Summary = conform::summary(&run);
    let dir = output::finish(&mut summary, started, &config.reports)?;
    let json = serde_json::to_vec_pretty(&run)?;
    report::write_atomic(&dir.join("conform.json"), &json)?;
    for g in &run.games {
        for d in &g.disagreements {
            if let (Some(file), Some(text)) = (&d.scenario_file, &d.scenario) {
                report::write_atomic(&dir.join(file), text.as_bytes())?;
                println!("  written: {}", dir.join(file).display());
            }
        }
    }
    // The report's status: `run.failed()` would build the same summary again.
    let ok = summary.status.is_clean();
    println!(
        "\nconform against {}: {} — report: {}",
        run.engine,
        if ok { "passed" } else { "FAILED" },
        dir.display()
    );
    Ok(ok)
}

/// `tigerseye engine` takes no arguments.
#[derive(clap::Args)]
pub(crate) struct EngineArgs {}

/// The engine to serve: nothing to configure.
pub(crate) struct EngineConfig;

impl EngineArgs {
    pub(crate) fn resolve(self) -> anyhow::Result<EngineConfig> {
        Ok(EngineConfig)
    }
}

/// Speaks the protocol on standard input and output until `quit`.
pub(crate) fn serve(_config: EngineConfig) -> anyhow::Result<bool> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    conform::serve::serve(stdin, stdout)?;
    Ok(true)
}
