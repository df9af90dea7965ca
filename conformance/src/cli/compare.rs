//! `tigerseye compare`: what differs between two runs, each difference with a
//! confidence interval and a significance flag corrected for the number of
//! rows compared. Two reports (`compare A B`), or the shortcut that plays the
//! same games under two option sets (`compare --game G --a k=v --b k=v`).

use std::path::PathBuf;

use tigerseye_conformance::compare::{self, CompareFiles, pair};
use tigerseye_conformance::invariants::CheckMode;
use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::report::{self, Summary};
use tigerseye_conformance::sim::{self, SimConfig};
use tigerseye_engine::GameId;

use super::flags;
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The first report: a summary.json, or a report folder holding one.
    #[arg(requires = "b", conflicts_with = "game")]
    a: Option<PathBuf>,
    /// The second report.
    b: Option<PathBuf>,
    /// The shortcut: play this game under two option sets (`--a`, `--b`)
    /// and compare the runs.
    #[arg(long, required_unless_present = "a", value_parser = flags::parse_game)]
    game: Option<GameId>,
    /// The shortcut's games per run, 1 or more.
    #[arg(long, default_value_t = 10_000, value_parser = flags::parse_games, requires = "game")]
    games: u64,
    /// The shortcut's master seed, the same for both runs (game i starts
    /// from the same seed in each).
    #[arg(long, default_value_t = 0, value_parser = flags::parse_seed, requires = "game")]
    seed: u64,
    /// A game option of the first run, `key=value` (repeatable; none: the
    /// defaults).
    #[arg(long = "a-option", visible_alias = "a", value_parser = flags::parse_option, requires = "game")]
    a_options: Vec<(String, String)>,
    /// A game option of the second run, `key=value` (repeatable).
    #[arg(long = "b-option", visible_alias = "b", value_parser = flags::parse_option, requires = "game")]
    b_options: Vec<(String, String)>,
    /// The shortcut's worker threads [default: all cores].
    #[arg(long, value_parser = flags::parse_threads, requires = "game")]
    threads: Option<usize>,
    /// The shortcut's playout policy, the same for both runs (as `sim
    /// --policy`): `random`, `greedy` or `mcts:N`.
    #[arg(long, default_value = "random", value_parser = flags::parse_policy, requires = "game")]
    policy: Policy,
    /// The shortcut's ply cap (as `sim --max-plies`).
    #[arg(long, default_value_t = sim::DEFAULT_MAX_PLIES, value_parser = flags::parse_max_plies, requires = "game")]
    max_plies: u32,
    /// The significance level, strictly between 0 and 1: a row is flagged when
    /// its p-value passes Holm's correction at this level.
    #[arg(long, default_value_t = compare::DEFAULT_LEVEL, value_parser = parse_level)]
    level: f64,
    /// Where the comparison's report folder goes.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// `--level`: a probability strictly between 0 and 1.
pub(crate) fn parse_level(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        _ => Err(format!(
            "expected a significance level between 0 and 1 (both excluded), such as `0.01`, found `{s}`"
        )),
    }
}

/// What is compared.
enum Input {
    /// Two reports read, with their paths.
    Reports(Box<[Summary; 2]>, [String; 2]),
    /// The shortcut's two runs, to play.
    Runs(Box<[SimConfig; 2]>, [String; 2]),
}

/// What to compare, at which level, and where the report goes (writable).
pub(crate) struct Config {
    input: Input,
    level: f64,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        report::ensure_writable(&self.reports)?;
        let input = match (self.a, self.b, self.game) {
            (Some(a), Some(b), None) => {
                let ra = compare::read_report(&a)?;
                let rb = compare::read_report(&b)?;
                Input::Reports(
                    Box::new([ra, rb]),
                    [a.display().to_string(), b.display().to_string()],
                )
            }
            (None, None, Some(game)) => {
                pair::check_options(game, &self.a_options)?;
                pair::check_options(game, &self.b_options)?;
                let mut base = SimConfig::new(game, self.games);
                base.master_seed = self.seed;
                base.threads = self.threads;
                base.max_plies = self.max_plies;
                base.mode = CheckMode::DEFAULT;
                base.progress = !self.quiet;
                base.policy = self.policy;
                let names = [
                    pair::source_name("A", game, &self.a_options),
                    pair::source_name("B", game, &self.b_options),
                ];
                Input::Runs(
                    Box::new(pair::configs(&base, &self.a_options, &self.b_options)),
                    names,
                )
            }
            _ => anyhow::bail!(
                "give two reports (`compare A B`) or a game (`compare --game G --a key=value --b key=value`)"
            ),
        };
        Ok(Config {
            input,
            level: self.level,
            reports: self.reports,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let (summaries, sources, played) = match config.input {
        Input::Reports(s, names) => (*s, names, false),
        Input::Runs(configs, names) => {
            output::stop_on_ctrl_c();
            let s = pair::run(&configs)?;
            (s, names, true)
        }
    };
    let [a, b] = &summaries;
    let c = compare::compare(a, b, sources, config.level)?;
    for line in c.lines() {
        println!("{line}");
    }
    let files = CompareFiles::of(&c, a, b, played)?;
    let dir = compare::write_folder(&config.reports, &files)?;
    println!("report: {}", dir.display());
    // A run of the shortcut that broke an invariant fails the command, as
    // `sim` would.
    Ok(!(played && (a.failed() || b.failed())))
}
