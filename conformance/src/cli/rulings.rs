//! `tigerseye rulings`: the rulings index as markdown, printed or written into
//! the generated block of each game's page.

use std::path::PathBuf;

use anyhow::Context as _;
use tigerseye_conformance::compare::{self, impact};
use tigerseye_conformance::corpus::Only;
use tigerseye_conformance::policy::Policy;
use tigerseye_conformance::rulings_doc;
use tigerseye_conformance::sim::SimConfig;
use tigerseye_engine::GameId;
use tigerseye_engine::rulings::Ruling;

use super::flags::{self, Games};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// One game's rulings only, `clocks` for the clock rulings, or `all`
    /// (the default).
    #[arg(long, value_parser = flags::parse_game_clocks_or_all)]
    game: Option<Games>,
    /// Write them into the generated block of each game's page,
    /// `DIR/games/<game>.md` (the clocks': `DIR/clocks.md`), instead of
    /// printing them.
    #[arg(long, value_name = "DIR", num_args = 0..=1, default_missing_value = "docs")]
    write_docs: Option<PathBuf>,
    /// Each ruling's footprint instead: the games of `--game` (one game)
    /// played under the defaults and under every other reading of each of
    /// its options, each compared with the defaults (as `compare`), and one
    /// table of what changed significantly.
    #[arg(long, conflicts_with = "write_docs")]
    impact: bool,
    /// `--impact`'s games a run, 1 or more.
    #[arg(long, default_value_t = 10_000, value_parser = flags::parse_games, requires = "impact")]
    games: u64,
    /// `--impact`'s master seed, the same for every run.
    #[arg(long, default_value_t = 0, value_parser = flags::parse_seed, requires = "impact")]
    seed: u64,
    /// `--impact`'s significance level, strictly between 0 and 1.
    #[arg(long, default_value_t = compare::DEFAULT_LEVEL, value_parser = super::compare::parse_level, requires = "impact")]
    level: f64,
    /// `--impact`'s playout policy for every run (as `sim --policy`).
    #[arg(long, default_value = "random", value_parser = flags::parse_policy, requires = "impact")]
    policy: Policy,
    /// `--impact`'s worker threads [default: all cores].
    #[arg(long, value_parser = flags::parse_threads, requires = "impact")]
    threads: Option<usize>,
}

/// `rulings --impact`: the runs' shared settings and the level.
pub(crate) struct Impact {
    base: SimConfig,
    level: f64,
}

/// The pages to print or write, each with its rulings: every game's, then the
/// clocks'.
pub(crate) struct Config {
    pages: Vec<Page>,
    /// Whether the clocks' page comes after the games' (`all`), under a
    /// heading of its own when printed.
    all: bool,
    write_docs: Option<PathBuf>,
    /// Each ruling's footprint instead of the pages.
    impact: Option<Impact>,
}

/// A page of the docs (relative to the docs folder) and its rulings.
struct Page {
    path: String,
    rulings: &'static [Ruling],
    clocks: bool,
}

impl Args {
    pub(crate) fn resolve(self) -> anyhow::Result<Config> {
        let impact = if self.impact {
            let game = match self.game {
                Some(Games::Only(Only::Game(g))) => g,
                _ => anyhow::bail!("`--impact` measures one game's rulings: give `--game <game>`"),
            };
            let mut base = SimConfig::new(game, self.games);
            base.master_seed = self.seed;
            base.threads = self.threads;
            base.policy = self.policy;
            Some(Impact {
                base,
                level: self.level,
            })
        } else {
            None
        };
        let only = self.game.and_then(Games::only);
        let mut pages: Vec<Page> = GameId::ALL
            .iter()
            .filter(|&&g| only.is_none_or(|x| x == Only::Game(g)))
            .map(|&g| Page {
                path: format!("games/{}.md", g.name()),
                rulings: g.rulings(),
                clocks: false,
            })
            .collect();
        if only.is_none_or(|x| x == Only::Clocks) {
            pages.push(Page {
                path: "clocks.md".to_owned(),
                rulings: tigerseye_engine::core::clocks::RULINGS,
                clocks: true,
            });
        }
        Ok(Config {
            pages,
            all: only.is_none(),
            write_docs: self.write_docs,
            impact,
        })
    }
}

pub(crate) fn run(config: Config) -> anyhow::Result<bool> {
    if let Some(Impact { base, level }) = config.impact {
        let rows = impact::impact(&base, level, |row, _| {
            eprintln!(
                "{} = {}: {} of the rows changed",
                row.option,
                row.reading,
                row.changed.len()
            );
        })?;
        print!("{}", impact::markdown(base.game, base.games, level, &rows));
        return Ok(true);
    }
    match config.write_docs {
        None => {
            for page in &config.pages {
                if config.all && page.clocks {
                    println!("## The clocks (shared by every game that is timed)\n");
                }
                print!("{}", rulings_doc::markdown(page.rulings));
            }
        }
        Some(dir) => {
            for page in &config.pages {
                let path = dir.join(&page.path);
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let new = rulings_doc::with_block(&text, &rulings_doc::markdown(page.rulings))
                    .with_context(|| format!("{}", path.display()))?;
                if new != text {
                    std::fs::write(&path, new)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    println!("rewrote {}", path.display());
                }
            }
        }
    }
    Ok(true)
}
