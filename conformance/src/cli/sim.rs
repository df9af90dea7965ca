//! `tigerseye sim`: random games of one game or of every game, with every
//! invariant checked after every step, and their report.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context as _;
use tigerseye_conformance::corpus::Only;
use tigerseye_conformance::from_corpus;
use tigerseye_conformance::invariants::CheckMode;
use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::report::{self, Summary};
use tigerseye_conformance::sim::{self, Shard, SimConfig};
use tigerseye_engine::GameId;

use super::flags::{self, Games};
use super::output;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The game, or `all`.
    #[arg(
        long,
        required_unless_present = "series",
        conflicts_with = "series",
        value_parser = flags::parse_game_or_all
    )]
    game: Option<Games>,
    /// A whole linked series instead of one game: `jewel`, the Jewel Series
    /// (the same as `--game jewel-series`); reports who won, by how many
    /// Chords, how often Race decided and which Facet decided.
    #[arg(long)]
    series: Option<String>,
    /// Games to play (per game with `all`), 1 or more.
    #[arg(long, default_value_t = 100_000, value_parser = flags::parse_games)]
    games: u64,
    /// The master seed; game i plays from a seed derived from (seed, i).
    #[arg(long, default_value_t = 0, value_parser = flags::parse_seed)]
    seed: u64,
    /// Worker threads [default: all cores].
    #[arg(long, value_parser = flags::parse_threads)]
    threads: Option<usize>,
    /// Run the full checks on every step instead of a sample.
    #[arg(long, conflicts_with = "full_every")]
    paranoid: bool,
    /// Run the full checks on one step in N (1: every step, as --paranoid).
    #[arg(long, default_value_t = CheckMode::DEFAULT.full_every, value_parser = flags::parse_full_every)]
    full_every: u32,
    /// Save, restore and play on beside the game one game in N, once (0:
    /// none; --paranoid: every step of every game).
    #[arg(long, default_value_t = CheckMode::DEFAULT.save_every, conflicts_with = "paranoid")]
    save_every: u32,
    /// Compare the engine's legal list with the game's reference model on one
    /// state in N (0: never; --paranoid: every state), for the games that
    /// have one as an oracle; a difference fails the game (check
    /// `reference-model`).
    #[arg(long, default_value_t = sim::REFERENCE_EVERY)]
    reference_every: u32,
    /// Ply cap, 1 or more: a game still going after this many plies stops and
    /// counts as unfinished. It applies to every game; the default is above
    /// the bound of every game whose rules imply one (Duel 305, Race 519,
    /// Dragon 2000), so by default it stops only the others.
    #[arg(long, default_value_t = sim::DEFAULT_MAX_PLIES, value_parser = flags::parse_max_plies)]
    max_plies: u32,
    /// Play only shard K of N (`K/N`, K from 0): the games whose index is K mod N.
    #[arg(long, value_parser = flags::parse_shard)]
    shard: Option<Shard>,
    /// A game option, `key=value` (repeatable).
    #[arg(long = "option", value_parser = flags::parse_option)]
    options: Vec<(String, String)>,
    /// How the players choose: `random` (uniform), `greedy` (wins at once,
    /// else avoids a move the opponent wins after, else the capture worth
    /// most) or `mcts:N` (UCT, N playouts a decision).
    #[arg(long, default_value = "random", value_parser = flags::parse_policy)]
    policy: Policy,
    /// Start the games from the corpus's positions instead of the standard
    /// start: every scenario's start and the position after each of its
    /// steps, and every perft table's position, each under its file's
    /// options, in turn (game i from the i-th modulo their number). A game's
    /// replay line and shrunk scenario name the file and step it started from.
    #[arg(long, conflicts_with_all = ["options", "series"])]
    from_corpus: bool,
    /// The corpus folder of `--from-corpus` [default: ./scenarios, else the
    /// repository's].
    #[arg(long, requires = "from_corpus")]
    corpus: Option<PathBuf>,
    /// Where reports go.
    #[arg(long, default_value = "reports")]
    reports: PathBuf,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The sims to run, one a game in registry order, and where their report goes
/// (writable).
pub(crate) struct Config {
    sims: Vec<SimConfig>,
    reports: PathBuf,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let games = match (self.game, &self.series) {
            (Some(g), None) => g,
            (None, Some(s)) if s.eq_ignore_ascii_case("jewel") || s == "jewel-series" => {
                Games::Only(Only::Game(GameId::JewelSeries))
            }
            (None, Some(s)) => {
                anyhow::bail!("unknown series `{s}`; the one series is `jewel`, the Jewel Series")
            }
            (Some(_), Some(_)) | (None, None) => {
                anyhow::bail!("give `--game <game>` or `--series jewel`")
            }
        };
        let ids = games.ids();
        flags::ensure_options_fit(&ids, &self.options)?;
        flags::ensure_shard_has_games(self.shard, self.games)?;
        report::ensure_writable(&self.reports)?;
        let mode = if self.paranoid {
            CheckMode::PARANOID
        } else {
            CheckMode {
                full_every: self.full_every,
                save_every: self.save_every,
            }
        };
        let corpus_starts = if self.from_corpus {
            let root = flags::corpus_root(self.corpus.as_deref())?;
            from_corpus::collect(&root)
                .with_context(|| format!("reading the corpus at {}", root.display()))?
        } else {
            Vec::new()
        };
        let sims = ids
            .into_iter()
            .map(|id| {
                let mut config = SimConfig::new(id, self.games);
                config.options = self.options.clone();
                config.master_seed = self.seed;
                config.threads = self.threads;
                config.mode = mode;
                config.max_plies = self.max_plies;
                config.progress = !self.quiet;
                config.shard = self.shard.unwrap_or(Shard::WHOLE);
                config.reference_every = self.reference_every;
                config.policy = self.policy;
                if self.from_corpus {
                    config.starts = from_corpus::starts_of(&corpus_starts, id, false);
                }
                config
            })
            .collect();
        Ok(Config {
            sims,
            reports: self.reports,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    let started = Instant::now();
    let mut summary = Summary::new("sim");
    output::stop_on_ctrl_c();
    for (i, sim_config) in config.sims.iter().enumerate() {
        if sim::interrupted() {
            let left: Vec<GameId> = config.sims[i..].iter().map(|c| c.game).collect();
            summary.notes.push(sim::not_started_note(&left));
            break;
        }
        let stats = sim::run(sim_config)?;
        output::print_sim(&stats);
        summary.sims.push(stats);
    }
    let dir = output::finish(&mut summary, started, &config.reports)?;
    println!("report: {}", dir.display());
    Ok(!summary.failed())
}
