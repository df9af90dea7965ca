//! `tigerseye nightly` (and `tigerseye` with no command): the corpus, every
//! perft table, the fuzz seed corpora and sims of every game within a time
//! budget, with the quarantine, the trend against the previous run and the
//! mutants no test caught.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use tigerseye_conformance::nightly::{self, NightlyConfig};
use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::report::{self, Summary};
use tigerseye_conformance::sim::Shard;
use tigerseye_conformance::{corpus, mutants, quarantine};

use super::flags;
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Time budget, such as `60s`, `15m`, `2h` (`m` is minutes; `M`, months, is refused).
    #[arg(long, default_value = "60s", value_parser = flags::parse_budget)]
    budget: Duration,
    /// Play exactly this many games of each game (within the budget) instead of
    /// as many as the budget allows: sharded runs then merge to the unsharded run.
    /// 1 or more.
    #[arg(long, value_parser = flags::parse_games)]
    games: Option<u64>,
    /// Without `--games`: each sim plays at least this many games (of this
    /// shard), even past the budget, so that a run on a slow machine is still
    /// a real run. 0, the default, is no floor.
    #[arg(long, default_value_t = 0, conflicts_with = "games")]
    min_games: u64,
    /// The master seed of the sims.
    #[arg(long, default_value_t = 0, value_parser = flags::parse_seed)]
    seed: u64,
    /// Play only shard K of N of the sims (`K/N`, K from 0).
    #[arg(long, value_parser = flags::parse_shard)]
    shard: Option<Shard>,
    /// The previous run's summary.json, for the trend.
    #[arg(long)]
    previous: Option<PathBuf>,
    /// The quarantine of known failures [default: CORPUS/quarantine.toml].
    #[arg(long)]
    quarantine: Option<PathBuf>,
    /// Where reports go.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
    /// The corpus folder [default: ./scenarios, else the repository's].
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Every sim's games from the standard start only. By default every
    /// other game starts from one of the corpus's positions (`sim
    /// --from-corpus`).
    #[arg(long)]
    no_corpus_starts: bool,
    /// Compare the engine's legal list with the game's reference model on
    /// one state in N of every sim (0: never), as `sim --reference-every`.
    #[arg(long, default_value_t = tigerseye_conformance::sim::REFERENCE_EVERY)]
    reference_every: u32,
    /// The policies each game is played under, separated by commas (`random`,
    /// `greedy`, `mcts:N`): one sim a game and policy, sharing the game's
    /// time. The report lists, for each policy, the rule events it reaches
    /// that random play never did.
    #[arg(long, default_value = "random", value_delimiter = ',', value_parser = flags::parse_policy)]
    policy: Vec<Policy>,
    /// The mutants.json of `tigerseye mutants` (the weekly mutation run's):
    /// its table of the mutants no test caught goes into the report.
    #[arg(long, value_name = "FILE")]
    mutants: Option<PathBuf>,
}

/// A nightly run to make: its corpus found, its quarantine and previous run
/// read, and its reports folder writable.
pub(crate) struct Config {
    run: NightlyConfig,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        if let Some(games) = self.games {
            flags::ensure_shard_has_games(self.shard, games)?;
        }
        let root = flags::corpus_root(self.corpus.as_deref())?;
        let mut run = NightlyConfig::new(self.budget, root.clone());
        run.games = self.games;
        run.min_games = self.min_games;
        run.seed = self.seed;
        run.shard = self.shard.unwrap_or(Shard::WHOLE);
        run.from_corpus = !self.no_corpus_starts;
        run.reference_every = self.reference_every;
        run.policies = flags::distinct_policies(self.policy)?;
        run.verbose = true;
        let fuzz = root.join("../fuzz/corpus");
        if !fuzz.is_dir() {
            // Said, not silent: a corpus copied elsewhere has no fuzz corpora
            // beside it, and the run then checks less than the repository's.
            println!(
                "note: no fuzz seed corpora at {}: this run skips them (they are checked beside the repository's scenarios/)",
                fuzz.display()
            );
        }
        run.fuzz = fuzz.is_dir().then_some(fuzz);
        // The default quarantine may be absent (no known failures); a file named
        // with `--quarantine` must exist, so that a typo is not an empty quarantine.
        if let Some(q) = &self.quarantine {
            anyhow::ensure!(q.is_file(), "no quarantine file at {}", q.display());
        }
        run.quarantine = quarantine::load(
            &self
                .quarantine
                .unwrap_or_else(|| root.join(corpus::QUARANTINE_FILE)),
            Some(&root),
        )?;
        if let Some(p) = self.previous {
            run.previous = Some(previous_run(&p)?);
        }
        if let Some(p) = &self.mutants {
            run.mutants = Some(mutants::read_report(p)?);
        }
        report::ensure_writable(&self.reports)?;
        Ok(Config {
            run,
            reports: self.reports,
        })
    }
}

/// The summary `--previous` names, which must be a nightly run's (of `nightly`,
/// or `merge` of its shards).
fn previous_run(p: &std::path::Path) -> anyhow::Result<Summary> {
    let text = std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
    let previous: Summary = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a summary.json", p.display()))?;
    // A bench or check report has no sims to compare: its trend
    // would be empty, and read as "nothing changed".
    anyhow::ensure!(
        previous.command == "nightly" || previous.command == "merge",
        "{} is a `{}` report: `--previous` takes a nightly run's summary.json (of `nightly`, or `merge` of its shards)",
        p.display(),
        corpus::printable(&previous.command)
    );
    Ok(previous)
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let Config { run, reports } = config;
    output::stop_on_ctrl_c();
    let mut summary = nightly::run(&run, output::print_sim)?;
    report::unique_run_id(&reports, &mut summary);
    let dir = report::write(&reports, &summary)?;
    if let Some(q) = &summary.quarantine {
        for line in q.tolerated.iter().chain(&q.expired).chain(&q.now_passing) {
            println!("quarantine: {line}");
        }
    }
    let ok = summary.status.is_clean();
    if !ok {
        let (counting, _) = quarantine::apply(&run.quarantine, &summary, &quarantine::today());
        output::print_failures(&counting);
    }
    println!(
        "\nnightly: {} — report: {}",
        if ok { "clean" } else { "FAILED" },
        dir.display()
    );
    Ok(ok)
}
